"""Links, their verdicts and findings.

A link, as DESIGN.md draws it::

    end A ── [module A] ── medium ── [module B] ── end B
    (cage)   transceiver   DAC/ACC/AOC cable,      transceiver   (cage)
                           or fiber(s) between two transceivers

An end is a device's cage group or a bare form factor (an anonymous cage of that form factor).
Distances are cable-run lengths in metres; rates are Gb/s per link (per leg of a splitter).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from service.domain.catalogue import (
    Cable,
    Cage,
    Device,
    FiberCable,
    Protocol,
    Side,
    Source,
    Transceiver,
)

__all__ = [
    "Finding",
    "FiberRun",
    "Link",
    "LinkOption",
    "LinkSpec",
    "MediumKind",
    "OptionPart",
    "ResolvedEnd",
    "Severity",
    "Verdict",
]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class MediumKind(StrEnum):
    """How the link is carried, in the order options are ranked."""

    PASSIVE_COPPER = "DAC"
    ACTIVE_COPPER = "ACC"
    ACTIVE_OPTICAL = "AOC"
    MULTIMODE_FIBER = "MMF"
    SINGLE_MODE_FIBER = "SMF"


class ResolvedEnd(_Model):
    """One end of a link: a device's cage group, or a bare form factor (``device`` is None)."""

    label: str
    device: Device | None = None
    cage: Cage
    role: Side = Side.ANY

    @property
    def bare(self) -> bool:
        return self.device is None


class FiberRun(_Model):
    """One fiber path between two transceiver ports: a catalogue fiber cable, or generic fiber.

    Generic fiber (structured cabling) has ``cable`` None and names its grade and connector.
    ``length_m`` is the cable's length; for generic fiber it equals the run.
    """

    cable: FiberCable | None = None
    fiber_type: str
    connector_a: str
    connector_b: str
    legs: int = 1
    length_m: float


class Link(_Model):
    """A proposed chain of parts between two ends, the thing every rule looks at."""

    end_a: ResolvedEnd
    end_b: ResolvedEnd
    distance_m: Annotated[float, Field(ge=0)]
    rate_gbps: float | None = None
    protocol: Protocol | None = None
    module_a: Transceiver | None = None
    module_b: Transceiver | None = None
    cable: Cable | None = None
    cable_end_at_a: Literal["A", "B"] = "A"
    fibers: tuple[FiberRun, ...] = ()

    def part_numbers(self) -> tuple[str, ...]:
        """Every catalogue part in the chain, from end A to end B."""
        out: list[str] = []
        if self.module_a and self.module_a.part_number:
            out.append(self.module_a.part_number)
        if self.cable and self.cable.part_number:
            out.append(self.cable.part_number)
        out += [f.cable.part_number for f in self.fibers if f.cable and f.cable.part_number]
        if self.module_b and self.module_b.part_number:
            out.append(self.module_b.part_number)
        return tuple(out)


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

    ``rate_gbps`` is what each link (each port, each splitter leg) runs at; ``ports`` how many such
    links run in parallel over this chain (2 for two fibers between twin-port transceivers), so
    ``aggregate_gbps`` = ``rate_gbps`` × ``ports``.
    """

    valid: bool
    rate_gbps: float | None
    protocol: Protocol | None
    findings: tuple[Finding, ...]
    ports: int = 1
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

    role: Literal["module_a", "cable", "fiber", "module_b"]
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
