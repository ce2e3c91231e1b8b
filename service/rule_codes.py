"""Every public code a finding or a typed error of the compatibility and part-list questions carries,
with its severity, meaning and the questions that emit it (``ruleCodes``).

Assembled from the registries where the codes are defined, never retyped: the link rules
(:data:`service.rules.RULES`, findings of ``checkLink`` and ``linkOptions``, which ``validatePartList``
passes on for the chains it checks), the part-list findings (:data:`service.procurement.LIST_RULES`)
and the codes of a part list that cannot be read (:data:`service.procurement.PART_LIST_CODES`, the
``ValidationError.code`` of ``validatePartList``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.domain.link import Severity
from service.procurement import LIST_RULES, PART_LIST_CODES
from service.rules import RULES

__all__ = ["CodeScope", "PublicCode", "public_codes"]


class CodeScope(StrEnum):
    """Which questions emit a code."""

    LINK = "link"
    """A finding of checkLink and linkOptions (the link rules)."""
    PART_LIST = "part_list"
    """A finding of validatePartList's report."""
    PART_LIST_INPUT = "part_list_input"
    """The ValidationError code of validatePartList for a part list that cannot be read."""


@dataclass(frozen=True)
class PublicCode:
    """One public code: ``code`` (stable), the severity of its findings, its meaning, who emits it."""

    code: str
    severity: Severity
    description: str
    scopes: tuple[CodeScope, ...]


def public_codes() -> list[PublicCode]:
    """Every public code, once each: the link rules in :data:`~service.rules.RULES` order (errors
    first), then the part-list findings, then the part-list input errors.

    A link rule code can appear in a part-list report too (its chains are checked by the same rules),
    so its scopes are LINK and PART_LIST. A code defined in both registries (UNKNOWN_PART) is listed
    once, with both meanings.
    """
    out: dict[str, PublicCode] = {
        r.code: PublicCode(r.code, r.severity, r.description, (CodeScope.LINK, CodeScope.PART_LIST)) for r in RULES
    }
    for r in LIST_RULES:
        known = out.get(r.code)
        if known is None:
            out[r.code] = PublicCode(r.code, r.severity, r.description, (CodeScope.PART_LIST,))
        elif r.description != known.description:
            out[r.code] = PublicCode(
                r.code, known.severity, f"{known.description} In a part list: {r.description}", known.scopes
            )
    for code, meaning in PART_LIST_CODES.items():
        out.setdefault(
            code,
            PublicCode(
                code,
                Severity.ERROR,
                f"The part list cannot be read: {meaning} (validatePartList answers a ValidationError with this "
                "code; nothing is validated).",
                (CodeScope.PART_LIST_INPUT,),
            ),
        )
    return list(out.values())
