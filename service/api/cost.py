"""Cost limits: a request's work is estimated before it runs and refused over a documented limit.

::

    planFatTree(spec) ──► check_plan_size(spec)          nodes × nicsPerNode past 2^53 − 1 → VALIDATION_ERROR
                      ──► plan (closed-form, cheap)
                      ──► check_exports(info, plan.links.total)      cablingCsv selected and plan.links.total over
                      │                                  the caller's limit → COST_LIMIT_EXCEEDED
                      └─► cablingCsv ──► cabling_csv(result, deadline)   stops with DEADLINE_EXCEEDED
                                                                         once the request's deadline passes

The cabling list is the one answer whose size grows with the fabric (one CSV row, about
:data:`CABLING_ROW_BYTES` bytes, per link): 524,288 endpoints are 1.5 million links, 125 MB. Its
limit is ``FABRICGRAPH_MAX_EXPORT_LINKS`` links for anonymous callers and
``FABRICGRAPH_MAX_EXPORT_LINKS_AUTHENTICATED`` for callers with a valid API key (and the CLI, which
has no request). The limit is checked against the plan's exact link count, which the closed-form
sizing gives before anything is enumerated.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterable, Iterator
from typing import Any, Protocol, TypeVar

from service import auth
from service.config import Settings
from service.errors import FabricGraphError, InputValidationError
from service.planner import iter_cabling, write_cabling_csv

__all__ = [
    "CABLING_ROW_BYTES",
    "MAX_SAFE_INTEGER",
    "CostLimitError",
    "DeadlineExceededError",
    "cabling_csv",
    "check_exports",
    "check_plan_size",
    "export_limit",
    "selects",
]

MAX_SAFE_INTEGER = 2**53 - 1
"""The largest count a ``Long`` carries (exact in every JSON client)."""

CABLING_ROW_BYTES = 85
"""Average bytes of one cabling-list CSV row (measured: 1,572,864 links → 125 MB is 80 B a row)."""

_CHECK_EVERY = 4096
"""Rows enumerated between two looks at the clock."""

T = TypeVar("T")


class CostLimitError(InputValidationError):
    """The work asked for is over the caller's limit (code ``COST_LIMIT_EXCEEDED``)."""

    code = "COST_LIMIT_EXCEEDED"


class DeadlineExceededError(FabricGraphError):
    """The request's deadline passed while its work ran; the work stopped (``DEADLINE_EXCEEDED``)."""

    code = "DEADLINE_EXCEEDED"


class _Spec(Protocol):
    endpoints: int | None
    nodes: int | None
    nics_per_node: int


def check_plan_size(spec: _Spec) -> None:
    """Refuse a planFatTree spec whose endpoint count cannot be represented as a ``Long``.

    Raises:
        InputValidationError: ``nodes × nicsPerNode`` (or ``endpoints``) exceeds 2^53 − 1, so no
            answer, not even the too-many-endpoints error, could carry it.
    """
    if spec.nodes is not None and spec.nodes * spec.nics_per_node > MAX_SAFE_INTEGER:
        raise InputValidationError(
            "spec.nodes",
            f"nodes × nicsPerNode = {spec.nodes * spec.nics_per_node} exceeds 2^53 − 1 endpoints",
        )


def export_limit(settings: Settings, headers: Any | None) -> int:
    """Links the caller may have enumerated: the authenticated limit for a valid API key or when
    there is no HTTP request (the CLI), else the anonymous one."""
    if headers is None or auth.authenticate(settings, headers) is not None:
        return settings.max_export_links_authenticated
    return settings.max_export_links


def selects(info: Any, name: str) -> bool:
    """Whether the operation selects a field called ``name`` (GraphQL name) anywhere under this field,
    through fragments too."""

    def walk(selections: Iterable[Any]) -> bool:
        for sel in selections:
            if getattr(sel, "name", None) == name:
                return True
            if walk(getattr(sel, "selections", None) or ()):
                return True
        return False

    return walk(info.selected_fields)


def check_exports(info: Any, links: int) -> None:
    """Refuse ``cablingCsv`` when the plan's ``links`` (all tiers) exceed the caller's limit.

    Raises:
        CostLimitError: with the links, the estimated size in bytes and the limit.
    """
    if not selects(info, "cablingCsv"):
        return
    request = getattr(info.context, "request", None)
    limit = export_limit(info.context.settings, request.headers if request is not None else None)
    if links > limit:
        raise CostLimitError(
            "cablingCsv",
            f"the cabling list of this plan is {links:,} links (about {links * CABLING_ROW_BYTES / 1e6:,.1f} MB); "
            f"the limit is {limit:,} links per request"
            + ("" if limit == info.context.settings.max_export_links_authenticated else " without an API key")
            + "; leave out cablingCsv, plan fewer endpoints, or use `fabricgraph plan --cabling-csv FILE`",
        )


def _until(deadline: float, rows: Iterable[T]) -> Iterator[T]:
    for n, row in enumerate(rows):
        if n % _CHECK_EVERY == 0 and time.monotonic() > deadline:
            raise DeadlineExceededError("the request's deadline passed while the cabling list was enumerated")
        yield row


def cabling_csv(result: Any, deadline: float) -> str:
    """A planning result's cabling list as CSV, enumerated until ``deadline`` (monotonic seconds).

    Raises:
        DeadlineExceededError: the deadline passed; the enumeration stopped (no thread keeps working
            for a request that already got its 504).
    """
    buffer = io.StringIO()
    write_cabling_csv(_until(deadline, iter_cabling(result.plan, result.tier_media(), missing_ok=True)), buffer)
    return buffer.getvalue()
