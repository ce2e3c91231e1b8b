"""Links, their verdicts and findings.

A link, as DESIGN.md draws it::

    end A ── [module A] ── medium ── [module B] ── end B
    (cage)   transceiver   DAC/ACC/AOC cable,      transceiver   (cage)
                           or fiber(s) between two transceivers

An end is a device's cage group or a bare form factor (an anonymous cage of that form factor).
Distances are cable-run lengths in metres; rates are Gb/s per link (per leg of a splitter).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from service.domain.catalogue import (
    Adapter,
    Cable,
    Cage,
    Device,
    FiberCable,
    Media,
    Protocol,
    Side,
    Source,
    Transceiver,
    grade_media,
)

__all__ = [
    "FanOutLeg",
    "FiberRun",
    "Finding",
    "LegCheck",
    "Link",
    "LinkOption",
    "LinkSpec",
    "MediumKind",
    "OptionPart",
    "ResolvedEnd",
    "Severity",
    "Verdict",
    "medium_of_grades",
    "with_article",
]


def with_article(phrase: str) -> str:
    """``phrase`` with its indefinite article as a network engineer reads it aloud: "an SFP+ cage"
    ("ess-eff-pee"), "an OSFP cage", "an LC connector", "a QSFP28 cage", "a flat-top OSFP cage"."""
    first = phrase[:1]
    vowel_sound = first in "aeioAEIO" or (first in "FHLMNRSX" and phrase[1:2].isupper()) or phrase[:2] == "LC"
    return f"{'an' if vowel_sound else 'a'} {phrase}"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class MediumKind(StrEnum):
    """How the link is carried, in the order options are ranked: copper cables, then optical cables,
    then multimode fiber; twisted pair (1000BASE-T SFPs over Category 5e/6, 100 m, cl. 40) after
    multimode -- between two SFP cages fiber is the usual answer, a copper SFP the choice where the
    far end is an RJ-45 port -- but before single-mode fiber: at 1 Gb/s over 80 m a pair of copper
    SFPs and a patch cord is cheaper than 1000BASE-LX optics (5 km) over OS2."""

    PASSIVE_COPPER = "DAC"
    ACTIVE_COPPER = "ACC"
    ACTIVE_OPTICAL = "AOC"
    MULTIMODE_FIBER = "MMF"
    TWISTED_PAIR = "TP"
    SINGLE_MODE_FIBER = "SMF"


def medium_of_grades(grades: Sequence[str]) -> MediumKind:
    """How a transceiver link over cabling of ``grades`` is carried: single-mode fiber when any run is
    OS1a/OS2, twisted pair when any is Cat5e/Cat6, else multimode fiber."""
    media = {grade_media(g) for g in grades}
    if Media.SMF in media:
        return MediumKind.SINGLE_MODE_FIBER
    if Media.COPPER in media:
        return MediumKind.TWISTED_PAIR
    return MediumKind.MULTIMODE_FIBER


class ResolvedEnd(_Model):
    """One end of a link: a device's cage group, or a bare form factor (``device`` is None).

    A bare end may carry what the user knows of the cage: its top style (``cage.top_style``: a
    flat-top OSFP cage under a riding heat sink), its logical ports (``cage.logical_ports_per_cage``
    with ``ports_declared``) and its side (``role``: switch or adapter). The rules use them as they
    use a device's cage facts; what is not stated is not checked.
    """

    label: str
    device: Device | None = None
    cage: Cage
    role: Side = Side.ANY
    ports_declared: bool = Field(
        default=False,
        description=(
            "a bare end whose logical ports per cage the user stated (``cage.logical_ports_per_cage``); "
            "only then is a twin-port plug refused there (PORT_COUNT_MISMATCH)"
        ),
    )

    @property
    def bare(self) -> bool:
        return self.device is None


class FiberRun(_Model):
    """One fiber path between two transceiver ports: a catalogue fiber cable, or generic fiber.

    Generic fiber (structured cabling) has ``cable`` None and names its grade and connector.
    ``length_m`` is the fiber's length in metres (a catalogue cable's own length; for generic fiber
    the length given, else the run). ``connector_a``/``connector_b`` are the connectors *as placed*:
    at link end A and at link end B. A splitter (``legs`` > 1) has its legs at ``legs_at`` and its
    single trunk connector at the other end::

        legs_at="B":   [module A] ══trunk══<  leg → [module B]     (the port at A is split)
        legs_at="A":   [module A] ← leg  >══trunk══ [module B]     (the port at B is split)

    ``connector_assumed`` is True when the user named no connector for generic fiber and the
    connectors were taken to match the transceivers (a warning says so).

    A catalogue harness too short for the run sits behind a trunk of structured cabling
    (``trunk_m`` > 0), the way a long breakout is installed::

        [module A] ── trunk_m of OS2 MPO-12/APC ──╫── harness ══<  legs → [module B]
    """

    cable: FiberCable | None = None
    fiber_type: str
    connector_a: str
    connector_b: str
    legs: int = 1
    legs_at: Literal["A", "B"] = "B"
    length_m: float
    connector_assumed: bool = False
    connections: int = Field(
        default=0,
        ge=0,
        description="mated connections inside the run (one per patch panel it crosses), besides the "
        "transceivers' own; counted against the PMD's channel insertion-loss budget",
    )
    listed_as: str | None = Field(
        default=None,
        description="generic fiber named by a part-list line: that line's name, so findings about "
        "the fiber are pinned to it",
    )
    installed: bool = Field(
        default=False,
        description="the run is the installed plant a linkOptions question named: its grade is fixed, so "
        "a reach fix names no other grade, only what reaches over this one",
    )
    trunk_m: float = Field(
        default=0.0,
        ge=0,
        description="a catalogue fiber cable behind a trunk: metres of generic structured cabling of the "
        "cable's grade, with the cable's trunk connector at both its ends, in series between the trunk "
        "end's transceiver and the cable's trunk (unsplit) end, e.g. 295 m of OS2 MPO-12/APC trunk "
        "before a 5 m MPO-12/APC → 4 × LC/UPC harness. ``length_m`` is then the whole path (the "
        "cable's own length + the trunk) and ``connections`` counts the trunk-to-cable mated "
        "connection. 0: the cable runs alone",
    )

    @classmethod
    def of_cable(cls, cable: FiberCable) -> FiberRun:
        """The run of a catalogue fiber cable as the vendor makes it: its grade, its two connectors
        (end A of the cable at link end A), its legs (at end B) and its own length in metres."""
        return cls(
            cable=cable,
            fiber_type=cable.fiber_type,
            connector_a=cable.connector_a,
            connector_b=cable.connector_b,
            legs=cable.legs,
            length_m=cable.length_m or 0.0,
        )

    @property
    def name(self) -> str:
        """The catalogue part number, the part-list line's name, or a description of the generic fiber."""
        if self.cable is not None and self.cable.part_number:
            return self.cable.part_number
        if self.listed_as:
            return self.listed_as
        return f"{self.fiber_type} fiber ({self.length_m:g} m)"


class Link(_Model):
    """A proposed chain of parts between two ends, the thing every rule looks at::

        end A ─ [adapter A] ─ module A ─ fiber(s) ─ module B ─ [adapter B] ─ end B
        end A ─ [adapter A] ─ cable (end ``cable_end_at_a`` at A) ─ [adapter B] ─ end B

    An adapter (e.g. a QSA) sits in the end's cage and offers a cage of its ``accepts`` form factor
    to the module or cable plug. ``distance_m`` is the cable run in metres; ``rate_gbps`` the rate
    asked for (Gb/s per link, per splitter leg), None to let the link negotiate.
    """

    end_a: ResolvedEnd
    end_b: ResolvedEnd
    distance_m: Annotated[float, Field(ge=0)]
    rate_gbps: float | None = None
    protocol: Protocol | None = None
    adapter_a: Adapter | None = None
    module_a: Transceiver | None = None
    cable: Cable | None = None
    cable_end_at_a: Literal["A", "B"] = "A"
    fibers: tuple[FiberRun, ...] = ()
    module_b: Transceiver | None = None
    adapter_b: Adapter | None = None

    def named_parts(self) -> tuple[Transceiver | Cable | Adapter | FiberCable, ...]:
        """The chain's orderable parts in link order, A to B: cage adapter, module, direct-attach
        cable, fiber cords, module and cage adapter, each with a part number (a PMD-level module,
        "any MSA-compliant 1000BASE-SX SFP", names none). A part used twice appears twice."""
        chain: list[Transceiver | Cable | Adapter | FiberCable | None] = [self.adapter_a, self.module_a, self.cable]
        chain += [f.cable for f in self.fibers]
        chain += [self.module_b, self.adapter_b]
        return tuple(p for p in chain if p is not None and p.part_number)

    def part_numbers(self) -> tuple[str, ...]:
        """Every catalogue part number in the chain, from end A to end B (:meth:`named_parts`)."""
        return tuple(str(p.part_number) for p in self.named_parts())


class Finding(_Model):
    """One rule's result: a stable code, severity, a message naming the parts and the limiting value,
    a fix, and the ids of the sources behind the fact."""

    code: str
    severity: Severity
    message: str
    fix: str | None = None
    parts: tuple[str, ...] = ()
    source_ids: tuple[str, ...] = ()
    limit: float | None = None


class Verdict(_Model):
    """The outcome of checking a link: valid when no finding is an error.

    ``rate_gbps`` is what each link (each port, each splitter leg) runs at (on an invalid link, the
    rate the rules checked it at: the API answers null there, as an invalid link runs at none);
    ``ports`` how many such links run in parallel over this chain (2 for two fibers between twin-port
    transceivers, or a twin-port to twin-port DAC), so ``aggregate_gbps`` = ``rate_gbps`` × ``ports``. ``legs`` is how
    many links one split port fans out into (1 for a straight link, 2 for NDR → 2 × NDR200 or
    HDR → 2 × HDR100) and ``lanes`` the electrical/optical lanes each link uses (None if unknown).
    """

    valid: bool
    rate_gbps: float | None
    protocol: Protocol | None
    findings: tuple[Finding, ...]
    ports: int = 1
    legs: int = 1
    lanes: int | None = None
    sources: tuple[Source, ...] = ()

    @property
    def aggregate_gbps(self) -> float | None:
        return None if self.rate_gbps is None else self.rate_gbps * self.ports

    @property
    def error_codes(self) -> tuple[str, ...]:
        return tuple(f.code for f in self.findings if f.severity is Severity.ERROR)


class LinkSpec(_Model):
    """A link-options question: rate (Gb/s), distance (m), optional protocol, two ends."""

    rate_gbps: Annotated[float, Field(gt=0)]
    distance_m: Annotated[float, Field(ge=0)]
    protocol: Protocol | None = None
    end_a: ResolvedEnd
    end_b: ResolvedEnd


class OptionPart(_Model):
    """A part in an option: its role, how many per link, and how many links one part serves."""

    role: Literal["adapter_a", "module_a", "cable", "fiber", "module_b", "adapter_b"]
    part_number: str | None
    description: str
    quantity: int = 1
    links_served: int = 1
    alternatives: tuple[str, ...] = ()


class LinkOption(_Model):
    """One complete, valid medium for a link, or (with explain) a rejected candidate."""

    rank: int
    medium: MediumKind
    summary: str
    link: Link
    verdict: Verdict
    parts: tuple[OptionPart, ...]
    pmd: str | None = None
    fiber_type: str | None = None
    connector: str | None = None
    reach_m: float | None = None
    margin_m: float | None = None
    limiting_source_ids: tuple[str, ...] = ()
    reach_basis: Literal["sourced", "standard", "standard_secondary", "unverified"] | None = Field(
        default=None,
        description=(
            "what the optical reach rests on: a vendor document for the part or its vendor-defined PMD "
            "(sourced), the PMD's IEEE clause or MSA row backed by a standard or vendor document "
            "(standard), the clause's figure known only from secondary copies of it "
            "(standard_secondary), or nothing the catalogue holds (unverified); None for a "
            "direct-attach cable (its length is the part's own)"
        ),
    )


class FanOutLeg(_Model):
    """One far end of a fan-out chain: the leg's end, and the module (and cage adapter) in it.

    A fan-out chain has one trunk (end A, [adapter A], [module A]) and media that split it; each
    splitter leg (or each straight fiber on a twin-port module) reaches one far end::

        end A ─ module A ═╦═ splitter 1 ═╦═ leg 1 ── module ── far end 1
                          ║              ╚═ leg 2 ── module ── far end 2
                          ╚═ splitter 2 ═╦═ leg 3 ── module ── far end 3
                                         ╚═ leg 4 ── module ── far end 4
    """

    end: ResolvedEnd
    module: Transceiver | None = None
    adapter: Adapter | None = None


class LegCheck(_Model):
    """The verdict on one leg of a fan-out chain: ``index`` (0-based, in the order the far ends
    were named), ``medium`` (the part or fiber that carries the leg), the leg as a two-ended
    :class:`Link` (trunk end A to this far end) and its :class:`Verdict`."""

    index: int
    medium: str
    link: Link
    verdict: Verdict
