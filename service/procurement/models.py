"""Part lists, link intents and the validation report.

A part list is what procurement sends: numbered lines of (part number, quantity), and optionally the
link intents the parts are meant to build, e.g. "64 links from a QM9700 to ConnectX-7 OSFP adapters,
400 Gb/s, 30 m". The report says whether the list is buildable, what is short, surplus or wrong, and
what to order instead.

Numbering: ``line`` is the 1-based number of a part line (the first part below the header is line 1)
and ``row`` the physical row of the file or sheet it came from (the header is usually row 1); GraphQL
input has lines but no rows. Intents are numbered the same way in their own section. Units: distances
in metres, rates in Gb/s, quantities in pieces.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from service.domain.catalogue import Media, Protocol, grade_media
from service.domain.link import Severity
from service.rules import RuleCode

__all__ = [
    "LIST_CODES",
    "LIST_RULES",
    "ChainPart",
    "IntentEnd",
    "IntentResult",
    "LinkIntent",
    "ListFinding",
    "PartLine",
    "PartList",
    "PartTotal",
    "ReportSummary",
    "Role",
    "ValidationReport",
    "medium_description",
    "medium_name",
]

LIST_RULES: tuple[RuleCode, ...] = (
    # Each line on its own.
    RuleCode(
        "UNKNOWN_PART",
        Severity.ERROR,
        "A line's part number is neither a catalogue part nor a device (switch, adapter, DPU, system); "
        "with the three closest part numbers. The intents it would serve are reported unserved.",
    ),
    RuleCode(
        "PART_DISCONTINUED",
        Severity.ERROR,
        "A listed part is discontinued: it cannot be ordered new (ask for its successor or an alternative).",
    ),
    RuleCode("PART_EOL", Severity.WARNING, "A listed part is end-of-life: last-time buy, no long-term supply."),
    RuleCode(
        "SECONDARY_SOURCE_ONLY",
        Severity.WARNING,
        "Every source of a listed part is secondary (reseller, aggregator): its number and specification are "
        "not confirmed by the vendor or a standard.",
    ),
    RuleCode("ZERO_QUANTITY", Severity.WARNING, "A line has quantity 0."),
    RuleCode(
        "PART_ALIAS",
        Severity.INFO,
        "A line names a part by an alias (a vendor ordering code, another spelling); the finding names the "
        "catalogue part number it resolves to.",
    ),
    RuleCode(
        "DEVICE_LINE",
        Severity.INFO,
        "A line names a device (switch, adapter, DPU, system) by its model, ordering number or alias: it is "
        "that device, not a cabling part, so the link rules do not check it as one (the totals list it as a device "
        "line); with intents, its units are checked "
        "against the link ends the intents put on it (too few is a SHORTFALL).",
    ),
    RuleCode(
        "DUPLICATE_PART",
        Severity.INFO,
        "One part is on several lines; their quantities are added up.",
    ),
    # Quantities against link intents.
    RuleCode(
        "INTENT_UNSERVED",
        Severity.ERROR,
        "A link intent no chain of listed parts can build: no combination passes the link rules (the message "
        "names the closest chain and the rules it breaks; the fix what to order instead).",
    ),
    RuleCode(
        "SHORTFALL",
        Severity.ERROR,
        "The intents need more pieces of a part (or more device ports) than the list has; quantity says how "
        "many are short.",
    ),
    RuleCode(
        "SURPLUS",
        Severity.WARNING,
        "The list has more pieces of a part than the intents need (or a part no intent uses); quantity says "
        "how many are surplus.",
    ),
    # Without intents: can the listed parts work together at all?
    RuleCode(
        "NO_PARTNER",
        Severity.ERROR,
        "Without intents: a listed transceiver, fiber or adapter has nothing on the list to work with (no "
        "transceiver of a shared PMD at the other end, no transceiver a fiber plugs into, no module for an "
        "adapter's seat, no working chain).",
    ),
    RuleCode(
        "NO_MEDIUM",
        Severity.WARNING,
        "Without intents: two listed transceivers pair, but no fiber on the list connects them (its connector "
        "and documented fiber families are named).",
    ),
    RuleCode(
        "PAIR_COUNT_MISMATCH",
        Severity.WARNING,
        "Without intents: the listed modules' switch-side and adapter-side ports do not match the ends the "
        "listed fibers (straight or splitter) give.",
    ),
    # Fiber that is not a catalogue part (structured cabling), for modules that document no fiber family.
    RuleCode(
        "STRUCTURED_CABLING",
        Severity.INFO,
        "A fiber run (or harness) the intent needs comes from structured cabling: no catalogue part, not on the "
        "list; the finding states its grade, connectors, length and count.",
    ),
    # A generic media line naming a fiber grade the catalogue does not know.
    RuleCode(
        "UNKNOWN_FIBER_TYPE",
        Severity.ERROR,
        "A generic media line names a fiber grade the catalogue does not know (the known grades are listed).",
    ),
)
"""Codes the part-list validation adds to the link rules' codes, with their severity and meaning: the
one registry of them (``ruleCodes`` lists them with scope PART_LIST). A report may also carry any link
rule code (:data:`service.rules.RULES`), from the chains it checks with ``checkLink``'s rules. Public
and stable."""

LIST_CODES: dict[str, Severity] = {r.code: r.severity for r in LIST_RULES}
"""Each part-list code's severity (from :data:`LIST_RULES`)."""


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class PartLine(_Model):
    """One line of the list: a part number (or alias, any case) and how many pieces; or generic
    media (structured cabling, no part number): a fiber grade, its connector and length.

    A generic media line has ``fiber_type`` (OM1…OM5, OS1a, OS2), optionally ``connector``
    (``LC/UPC``; ``LC`` alone leaves the polish unchecked; none: taken to match the transceivers,
    with a CONNECTOR_ASSUMED warning) and ``length_m`` (metres; none: the intent's run), and
    ``part_number`` is the name the line is reported under (e.g. ``OM2 LC 150 m fiber``). The
    validator checks reach against that grade and never assumes another.
    """

    line: Annotated[int, Field(ge=1, description="1-based part line number")]
    row: Annotated[int, Field(ge=1)] | None = Field(default=None, description="row in the file or sheet")
    part_number: Annotated[str, Field(min_length=1)]
    quantity: Annotated[int, Field(ge=0, description="pieces")]
    fiber_type: str | None = Field(default=None, description="generic media: fiber grade, e.g. OM2")
    connector: str | None = Field(default=None, description="generic media: connector, e.g. LC/UPC")
    length_m: Annotated[float, Field(ge=0, description="generic media: length, metres")] | None = None

    @property
    def is_medium(self) -> bool:
        """True for a generic media line (a fiber grade instead of a catalogue part)."""
        return self.fiber_type is not None


def medium_name(fiber_type: str, connector: str | None, length_m: float | None) -> str:
    """The name a generic media line is reported under: ``OM2 LC 150 m fiber``."""
    words = [fiber_type, connector or "", f"{length_m:g} m" if length_m is not None else "", "fiber"]
    return " ".join(w for w in words if w)


_MEDIA_WORDS = {Media.MMF: "multimode fiber", Media.SMF: "single-mode fiber", Media.COPPER: "twisted-pair copper"}


def medium_description(fiber_type: str, connector: str | None, length_m: float | None, *, known: bool) -> str:
    """What a generic media line is, in the field's terms, from the facts the line holds.

    ``OM2``, ``LC/UPC``, 150 → ``OM2 multimode fiber, duplex LC/UPC, 150 m (generic: no part number)``.
    An LC or SC connector is a duplex pair; an MPO connector is named as given; no connector, or no
    length (the intent's run is used), says so. ``known`` False (a grade the catalogue does not
    know, UNKNOWN_FIBER_TYPE) names no medium for the grade.
    """
    grade = f"{fiber_type} {_MEDIA_WORDS[grade_media(fiber_type)]}" if known else f"{fiber_type} fiber (unknown grade)"
    if not connector:
        plug = "connector not given"
    elif connector.split("/")[0] in {"LC", "SC"}:
        plug = f"duplex {connector}" if "/" in connector else f"duplex {connector} (polish not given)"
    else:
        plug = connector
    length = f"{length_m:g} m" if length_m is not None else "length: the intent's run"
    return f"{grade}, {plug}, {length} (generic: no part number)"


class IntentEnd(_Model):
    """One end of a link intent.

    From a spreadsheet, ``name`` is a device model (or alias) or a bare form factor, decided against
    the catalogue; from GraphQL, ``device`` or ``form_factor`` says which. ``cage`` picks a device's
    cage group (e.g. ``osfp``) when it has several.
    """

    name: str | None = None
    device: str | None = None
    cage: str | None = None
    form_factor: str | None = None

    @model_validator(mode="after")
    def _something_named(self) -> IntentEnd:
        if not (self.name or self.device or self.form_factor):
            raise ValueError("an end needs a device model or a form factor")
        return self

    @property
    def text(self) -> str:
        """The end as the user wrote it, e.g. ``QM9700`` or ``QM9700/osfp``."""
        base = self.name or self.device or self.form_factor or "?"
        return f"{base}/{self.cage}" if self.cage else base


class LinkIntent(_Model):
    """``links`` links from end ``a`` to end ``b`` at ``rate_gbps`` (per link) over ``distance_m``."""

    number: Annotated[int, Field(ge=1, description="1-based intent number")]
    row: Annotated[int, Field(ge=1)] | None = None
    a: IntentEnd
    b: IntentEnd
    links: Annotated[int, Field(ge=1)]
    rate_gbps: Annotated[float, Field(gt=0, description="Gb/s per link (per splitter leg)")]
    distance_m: Annotated[float, Field(ge=0, description="cable-run length, metres")]
    protocol: Protocol | None = None

    @field_validator("rate_gbps", "distance_m")
    @classmethod
    def _finite(cls, value: float) -> float:
        if not math.isfinite(value):
            raise ValueError("must be a finite number")
        return value

    @property
    def label(self) -> str:
        """e.g. ``64 × QM9700 → MCX75310AAS-NEAT, 400 Gb/s, 30 m``."""
        proto = f" {self.protocol.value}" if self.protocol else ""
        return f"{self.links} × {self.a.text} → {self.b.text},{proto} {self.rate_gbps:g} Gb/s, {self.distance_m:g} m"


class PartList(_Model):
    """A whole list: part lines, link intents (may be empty), and where it came from."""

    lines: Annotated[tuple[PartLine, ...], Field(min_length=1)]
    intents: tuple[LinkIntent, ...] = ()
    source: str = Field(default="input", description="file name, or 'graphql'")
    intents_source: str | None = Field(
        default=None, description="the separate intents file's name; None when the intents come from `source`"
    )

    @property
    def intents_from(self) -> str:
        """Where the intents come from: the separate intents file, else the part list's own source."""
        return self.intents_source or self.source


class Role(StrEnum):
    """The part's place in a link chain (end A — module A — medium — module B — end B)."""

    MODULE_A = "module_a"
    CABLE = "cable"
    FIBER = "fiber"
    MODULE_B = "module_b"


class ListFinding(_Model):
    """One finding on the list: what is wrong (or worth knowing), where, and what to do.

    ``code`` is one of :data:`LIST_CODES` or a link-rule code from ``checkLink`` (same meaning);
    ``line`` is the part line it is about (None when the part is not on the list, or the finding
    concerns an intent only; a breakout harness missing from the list is pinned to the line of the
    trunk module it plugs into); ``intents`` the intent numbers it concerns; ``quantity`` the pieces
    short, surplus or unmatched; ``suggestions`` closest known part numbers for UNKNOWN_PART.
    """

    severity: Severity
    code: str
    message: str
    fix: str | None = None
    line: int | None = None
    row: int | None = None
    part_number: str | None = None
    intents: tuple[int, ...] = ()
    quantity: int | None = None
    suggestions: tuple[str, ...] = ()
    source_ids: tuple[str, ...] = ()


class PartTotal(_Model):
    """Per part number: pieces listed, pieces the intents need, shortfall and surplus.

    ``needed`` is None when the list has no intents. A generic media line (``OS2 LC/UPC 300 m
    fiber``) is ``known`` when the catalogue knows its fiber grade, with ``kind`` None (it is not a
    catalogue part) and a ``description`` built from its facts (:func:`medium_description`).
    Unknown part numbers appear as typed, with ``known`` False and ``needed`` None (not determined:
    no chain the rules can check uses a part the catalogue does not know; its line's UNKNOWN_PART
    says so), never 0.
    A device ordered as a line (switch, adapter, DPU) has its device type as
    ``kind`` and its name as ``description``; with intents, ``needed`` is the fewest units whose ports
    take the intents' link ends (a lower bound: more is never a surplus, fewer is a SHORTFALL).
    """

    part_number: str
    known: bool
    kind: str | None = None
    description: str | None = None
    status: str | None = None
    secondary_only: bool = False
    listed: int
    needed: int | None = None
    shortfall: int = 0
    surplus: int = 0
    lines: tuple[int, ...] = ()


class ChainPart(_Model):
    """A part in the chain serving an intent: how many links one piece serves, how many are needed."""

    role: Role
    part_number: str
    links_per_piece: int
    quantity: int
    listed: bool = Field(description="the part number is on the list")


class IntentResult(_Model):
    """How one intent is served.

    ``served`` means a chain of listed parts passes every link rule (quantities are checked
    separately, as SHORTFALL). When no listed chain is valid, ``chain`` is the catalogue option
    suggested instead (``suggested`` True), or empty when the catalogue has none either.
    """

    intent: int
    row: int | None = None
    label: str
    links: int
    served: bool
    suggested: bool = False
    summary: str = ""
    rate_gbps: float | None = Field(default=None, description="rate each link runs at, Gb/s")
    chain: tuple[ChainPart, ...] = ()


class ReportSummary(_Model):
    """The verdict on the whole list: buildable when no finding is an error."""

    buildable: bool
    errors: int
    warnings: int
    infos: int
    lines: int
    parts: int = Field(description="distinct part numbers")
    pieces: int = Field(description="Σ quantities")
    intents: int
    links: int = Field(description="Σ links over the intents")


class ValidationReport(_Model):
    """The answer: summary, every finding (errors first), totals per part, and each intent's chain."""

    source: str
    summary: ReportSummary
    findings: tuple[ListFinding, ...]
    totals: tuple[PartTotal, ...]
    intents: tuple[IntentResult, ...] = ()

    def codes(self) -> list[tuple[int | None, str]]:
        """(line, code) of every finding, in report order (handy in tests and scripts)."""
        return [(f.line, f.code) for f in self.findings]
