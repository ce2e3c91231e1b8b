"""Many ``linkOptions`` questions in one call: each answered or failed on its own.

::

    [q1, q2, q1, q3 …]  ──►  distinct questions  ──►  CatalogueService.link_options, one by one
                                                         │  (an error is that question's answer)
    [a1, a2, a1, a3 …]  ◄──  answers in input order  ◄───┘

A planner placing 5,000 links asks ``linkOptionsBatch`` once instead of 5,000 times; equal questions
(same ends, rate, distance, protocol, explain) are answered once and the answer is repeated. The
fat-tree planning use case asks its tiers through this same function.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from service.domain.catalogue import Protocol
from service.errors import FabricGraphError, InputValidationError
from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest, LinkOptionsResult

__all__ = ["MAX_LINK_BATCH", "LinkAnswer", "LinkQuestion", "link_options_batch"]

MAX_LINK_BATCH = 1000
"""The most link specs one batch takes; a longer batch is refused whole (``VALIDATION_ERROR`` on
``specs``) before any is answered."""


@dataclass(frozen=True)
class LinkQuestion:
    """One ``linkOptions`` question.

    Attributes:
        end_a, end_b: The two ends (a device model with its cage group, or a bare form factor).
        rate_gbps: The rate each link must run at, Gb/s (> 0; per splitter leg).
        distance_m: Cable-run length, metres (> 0).
        protocol: InfiniBand or Ethernet, or ``None`` for either.
        explain: Also return the rejected candidates with their rule codes.
    """

    end_a: EndRequest
    end_b: EndRequest
    rate_gbps: float
    distance_m: float
    protocol: Protocol | None = None
    explain: bool = False


LinkAnswer = LinkOptionsResult | FabricGraphError
"""A question's answer: the ranked options, or the typed error that question alone raised."""


def link_options_batch(catalogue: CatalogueService, questions: Sequence[LinkQuestion]) -> list[LinkAnswer]:
    """Answer every question; a bad question yields its own error and never fails the others.

    Args:
        catalogue: The catalogue use cases (``link_options`` answers each distinct question).
        questions: At most :data:`MAX_LINK_BATCH` questions.

    Returns:
        One answer per question, in input order: a :class:`~service.use_cases.LinkOptionsResult`
        or the :class:`~service.errors.FabricGraphError` it raised (``UnknownDeviceError``,
        ``UnknownFormFactorError``, ``InputValidationError`` for a distance ≤ 0 m …).

    Raises:
        InputValidationError: More than :data:`MAX_LINK_BATCH` questions (field ``specs``).
    """
    if len(questions) > MAX_LINK_BATCH:
        raise InputValidationError(
            "specs", f"{len(questions):,} link specs in one batch; the limit is {MAX_LINK_BATCH:,} per request"
        )
    # One read cache for the whole batch: questions that differ only in distance share every
    # catalogue read (ends, rule context, candidate paths) and differ only in the rules applied.
    reads = CatalogueService(cast(Neo4jRepository, _BatchReads(catalogue.repo)))
    answered: dict[LinkQuestion, LinkAnswer] = {}
    answers: list[LinkAnswer] = []
    for question in questions:
        if question not in answered:
            answered[question] = _answer(reads, question)
        answers.append(answered[question])
    return answers


class _BatchReads:
    """The repository seen through a read cache that lives for one batch (one request).

    Every repository method a link question calls is a read (managed read transactions); equal
    calls within the batch return the first call's (frozen, read-only) result. Calls with
    unhashable arguments pass straight through.
    """

    def __init__(self, repo: Neo4jRepository) -> None:
        self._repo = repo
        self._memo: dict[Hashable, Any] = {}

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._repo, name)
        if not callable(attribute):
            return attribute

        def cached(*args: Any, **kwargs: Any) -> Any:
            try:
                key: Hashable = (name, _frozen(args), _frozen(tuple(sorted(kwargs.items()))))
                hash(key)
            except TypeError:
                return attribute(*args, **kwargs)
            if key not in self._memo:
                self._memo[key] = attribute(*args, **kwargs)
            return self._memo[key]

        return cached


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, set | frozenset):
        return frozenset(_frozen(item) for item in value)
    return value


def _answer(catalogue: CatalogueService, question: LinkQuestion) -> LinkAnswer:
    try:
        return catalogue.link_options(
            end_a=question.end_a,
            end_b=question.end_b,
            rate_gbps=question.rate_gbps,
            distance_m=question.distance_m,
            protocol=question.protocol,
            explain=question.explain,
        )
    except FabricGraphError as error:
        return error
