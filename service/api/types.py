"""GraphQL output types. Each wraps a domain model (``_m``) and exposes its fields with units in
the names (metres ``M``, Gb/s ``Gbps``, watts ``W``); ``sources`` resolve from the in-memory catalogue
snapshot at once (a plain value, no task for the event loop), or, while no snapshot is loaded,
through the request's DataLoader, so a page of parts costs one source query, not one per part."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from enum import Enum
from typing import Any, TypeVar, cast

import strawberry
from strawberry.types import Info

from service import rule_codes as rc
from service.api.execution import plain_reader
from service.domain import catalogue as dc
from service.domain import link as dl
from service.use_cases import LinkCheck, LinkOptionsResult

__all__ = [
    "Cage",
    "CatalogueStats",
    "Connector",
    "DatabaseUnavailableError",
    "Device",
    "FiberType",
    "Finding",
    "Fit",
    "FormFactor",
    "Generation",
    "KindCount",
    "LegVerdict",
    "LinkOption",
    "LinkOptions",
    "LinkVerdict",
    "NotFoundError",
    "OptionPart",
    "PageInfo",
    "Part",
    "PartConnection",
    "PartEdge",
    "Pmd",
    "PortMode",
    "Reach",
    "RuleCode",
    "Source",
    "ValidationError",
]

Protocol = strawberry.enum(dc.Protocol, name="Protocol", description="InfiniBand or Ethernet.")
SourceKind = strawberry.enum(
    dc.SourceKind,
    name="SourceKind",
    description="standard and vendor sources are primary; secondary are flagged.",
)
Severity = strawberry.enum(dl.Severity, name="Severity", description="error makes a link invalid.")


@strawberry.enum(
    description="How a link is carried, in ranking order: copper before optics; TP (twisted-pair copper "
    "cabling, Category 5e/6, between two BASE-T modules) last."
)
class Medium(Enum):
    DAC = "DAC"
    ACC = "ACC"
    AOC = "AOC"
    MMF = "MMF"
    SMF = "SMF"
    TP = "TP"


@strawberry.enum(description="The role of a part in a link, from end A to end B.")
class PartRole(Enum):
    ADAPTER_A = "adapter_a"
    MODULE_A = "module_a"
    CABLE = "cable"
    FIBER = "fiber"
    MODULE_B = "module_b"
    ADAPTER_B = "adapter_b"


_T = TypeVar("_T")
_R = TypeVar("_R")
_F = TypeVar("_F", bound=Callable[..., Any])


def _sources_now(context: Any, ids: Sequence[str]) -> list[Source] | None:
    """The API sources of ``ids`` (each once, in order; unknown ids left out) from the in-memory
    snapshot, or None while no snapshot is loaded (they must be read from Neo4j)."""
    found = context.service.repo.sources_in_memory(ids)
    return None if found is None else [Source.of(s) for s in found]


def _secondary_now(context: Any, ids: Sequence[str]) -> bool | None:
    """:func:`_secondary_only` from the in-memory snapshot; None while none is loaded."""
    found = _sources_now(context, ids)
    return None if found is None else _is_secondary_only(found)


def _none_primary_now(context: Any, ids: Sequence[str]) -> bool | None:
    """:func:`_none_primary` from the in-memory snapshot; None while none is loaded."""
    found = _sources_now(context, ids)
    return None if found is None else _has_no_primary(found)


def _is_secondary_only(found: list[Source]) -> bool:
    return bool(found) and not any(s.primary for s in found)


def _has_no_primary(found: list[Source]) -> bool:
    return not any(s.primary for s in found)


def _sources(info: Info, ids: Sequence[str]) -> list[Source] | Awaitable[list[Source]]:
    """The API sources of ``ids`` (each once, in order; unknown ids left out).

    From the in-memory snapshot, a list at once; while none is loaded, an awaitable through the
    request's DataLoader (one Cypher read for every source the response names). graphql-core
    awaits a resolver's awaitable result, so a resolver may return either.
    """
    now = _sources_now(info.context, ids)
    return now if now is not None else _load_sources(info, ids)


async def _load_sources(info: Info, ids: Sequence[str]) -> list[Source]:
    loaded = await info.context.sources.load_many(list(dict.fromkeys(ids)))
    return [Source.of(s) for s in loaded if s is not None]


async def _awaited(value: Awaitable[_T], fn: Callable[[_T], _R]) -> _R:
    return fn(await value)


def _secondary_only(info: Info, ids: Sequence[str]) -> bool | Awaitable[bool]:
    """True when the fact cites sources and none of them is primary (standard or vendor)."""
    now = _secondary_now(info.context, ids)
    return now if now is not None else _awaited(_load_sources(info, ids), _is_secondary_only)


def _none_primary(info: Info, ids: Sequence[str]) -> bool | Awaitable[bool]:
    """True when no source of ``ids`` is primary (also when there is none)."""
    now = _none_primary_now(info.context, ids)
    return now if now is not None else _awaited(_load_sources(info, ids), _has_no_primary)


def _in_memory(now: Callable[[Any, Sequence[str]], object | None], attr: str) -> Callable[[_F], _F]:
    """Mark a sources resolver with what it answers without I/O (``now(context, ids)``, None when it
    cannot), so a plain completion plan can read it (:func:`service.api.execution.plain_reader`)."""
    return plain_reader(lambda source, context: now(context, getattr(source, attr)))


@strawberry.type(description="A document a fact comes from (standard clause, datasheet, vendor or secondary page).")
class Source:
    id: str
    url: str
    title: str
    section: str
    kind: SourceKind  # type: ignore[valid-type]
    primary: bool = strawberry.field(description="True for a standard or the vendor's own document.")
    read: str | None = strawberry.field(description="Date the source was read (ISO 8601).")

    @classmethod
    def of(cls, s: dc.Source) -> Source:
        return cls(
            id=s.id,
            url=s.url,
            title=s.title,
            section=s.section,
            kind=s.kind,
            primary=s.primary,
            read=s.read.isoformat() if s.read else None,
        )


@strawberry.type(description="One rule's result on a link.")
class Finding:
    code: str = strawberry.field(description="Stable rule code, e.g. REACH_EXCEEDED.")
    severity: Severity  # type: ignore[valid-type]
    message: str = strawberry.field(description="Names the parts and the limiting value.")
    fix: str | None = strawberry.field(description="The nearest valid change.")
    parts: list[str]
    limit: float | None = strawberry.field(description="The limiting value (metres or Gb/s), if any.")
    _source_ids: strawberry.Private[tuple[str, ...]]

    @strawberry.field(description="Sources of the fact behind this finding.", graphql_type=list[Source])
    @_in_memory(_sources_now, "_source_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._source_ids)

    @classmethod
    def of(cls, f: dl.Finding) -> Finding:
        return cls(
            code=f.code,
            severity=f.severity,
            message=f.message,
            fix=f.fix,
            parts=list(f.parts),
            limit=f.limit,
            _source_ids=f.source_ids,
        )


@strawberry.type(description="A part in a link option.")
class OptionPart:
    role: PartRole
    part_number: str | None = strawberry.field(description="Orderable number; null for generic structured cabling.")
    description: str
    quantity: int = strawberry.field(description="How many per link.")
    links_served: int = strawberry.field(
        description="How many links one part serves (2 for a twin-port OSFP transceiver or a 1:2 splitter)."
    )
    alternatives: list[str] = strawberry.field(description="Interchangeable part numbers for the same role.")

    @classmethod
    def of(cls, p: dl.OptionPart) -> OptionPart:
        return cls(
            role=PartRole(p.role),
            part_number=p.part_number,
            description=p.description,
            quantity=p.quantity,
            links_served=p.links_served,
            alternatives=list(p.alternatives),
        )


Converted = dict[int, tuple[object, object]]
"""A per-request memo of converted domain objects: id(domain object) -> (the domain object, kept
alive so its id stays unique, and its API object). Options of one answer, and the answers of a
batch at other distances, share most of their parts (the same domain objects): each is converted
once, and the response completes the shared API object once (service.api.execution)."""


def _part_of(p: dl.OptionPart, memo: Converted | None) -> OptionPart:
    if memo is None:
        return OptionPart.of(p)
    hit = memo.get(id(p))
    if hit is None:
        hit = memo[id(p)] = (p, OptionPart.of(p))
    return cast(OptionPart, hit[1])


@strawberry.type(description="One complete medium for a link (or, in `rejected`, a candidate that fails).")
class LinkOption:
    rank: int = strawberry.field(
        description="1-based place in the list it is in, in the order shown: linkOptions' options (its "
        "ranking) or rejected candidates, or checkLink's alternatives (1..n there too, not their rank "
        "among linkOptions' answers)."
    )
    medium: Medium
    summary: str
    pmd: str | None = strawberry.field(description="The PMD both transceivers run, e.g. 10GBASE-SR.")
    fiber_type: str | None = strawberry.field(description="Fiber grade, e.g. OM4, OS2.")
    connector: str | None = strawberry.field(description="Connector and polish, e.g. MPO-12/APC.")
    reach_m: float | None = strawberry.field(description="Maximum reach of this medium in metres.")
    margin_m: float | None = strawberry.field(
        description="reach − the fiber path's length, in metres (the run, or the cable when it is longer)."
    )
    reach_basis: str | None = strawberry.field(
        description="What the reach rests on: sourced (a vendor document for the part or its vendor-defined "
        "PMD), standard (the PMD's IEEE clause or MSA row, backed by a standard or vendor document), "
        "standard_secondary (the clause's figure known only from secondary copies of it, e.g. a "
        "university knowledge base or an IEEE task-force e-mail quoting the table: `secondary` is then "
        "true; confirm it before buying), unverified (the catalogue holds none; the option carries "
        "REACH_UNVERIFIED and ranks after verified ones); null for a direct-attach cable."
    )
    rate_gbps: float | None = strawberry.field(
        description="Rate each link runs at, Gb/s; null for a rejected candidate (an invalid link runs at no rate)."
    )
    valid: bool
    parts: list[OptionPart]
    findings: list[Finding] = strawberry.field(description="Every finding (errors for rejected candidates).")
    pmd_level: bool = strawberry.field(
        description="True when the option names no orderable transceiver: the catalogue holds the PMD "
        "(e.g. 400GBASE-FR4) but no part of that form factor, so the modules are 'any MSA-compliant' "
        "ones with partNumber null (as structured-cabling fiber is). Such options rank after every "
        "option that names its parts."
    )
    _limiting: strawberry.Private[tuple[str, ...]]

    @strawberry.field(
        description="Sources of the fact that limits this option (reach or cable length).", graphql_type=list[Source]
    )
    @_in_memory(_sources_now, "_limiting")
    def limiting_sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._limiting)

    @strawberry.field(
        description="True when the fact that limits this option (reach or cable length) rests only "
        "on secondary sources: confirm it with the vendor before buying. False when a "
        "standard or vendor document backs it, or when the option names no limiting fact. A part the "
        "option names that only secondary sources back is a SECONDARY_SOURCE_ONLY warning in `findings`.",
        graphql_type=bool,
    )
    @_in_memory(_secondary_now, "_limiting")
    def secondary(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._limiting)

    @classmethod
    def of(cls, o: dl.LinkOption, memo: Converted | None = None) -> LinkOption:
        """The API object of a domain option; with ``memo`` (one request's), equal domain parts
        (by identity) share one API part."""
        return cls(
            rank=o.rank,
            medium=Medium(o.medium.value),
            summary=o.summary,
            pmd=o.pmd,
            fiber_type=o.fiber_type,
            connector=o.connector,
            reach_m=o.reach_m,
            margin_m=o.margin_m,
            reach_basis=o.reach_basis,
            rate_gbps=o.verdict.rate_gbps if o.verdict.valid else None,
            valid=o.verdict.valid,
            parts=[_part_of(p, memo) for p in o.parts],
            findings=[Finding.of(f) for f in o.verdict.findings],
            pmd_level=any(p.role in ("module_a", "module_b") and p.part_number is None for p in o.parts),
            _limiting=o.limiting_source_ids,
        )


@strawberry.type(description="The answer to linkOptions: every valid medium, ranked.")
class LinkOptions:
    rate_gbps: float
    distance_m: float
    protocol: Protocol | None  # type: ignore[valid-type]
    end_a: str = strawberry.field(description="How end A was resolved, e.g. 'MQM9700-NS2F'.")
    end_b: str
    options: list[LinkOption]
    rejected: list[LinkOption] = strawberry.field(description="Rejected candidates (only with explain: true).")
    notes: list[str] = strawberry.field(
        description="When there is no option: why (the rules that rejected the candidates, or no candidate at all)."
    )

    @classmethod
    def of(cls, r: LinkOptionsResult, memo: Converted | None = None) -> LinkOptions:
        """The API object of a domain answer (``memo``: see :data:`Converted`; a fresh one if None)."""
        memo = {} if memo is None else memo
        return cls(
            rate_gbps=r.spec.rate_gbps,
            distance_m=r.spec.distance_m,
            protocol=r.spec.protocol,
            end_a=r.spec.end_a.label,
            end_b=r.spec.end_b.label,
            options=[LinkOption.of(o, memo) for o in r.options],
            rejected=[LinkOption.of(o, memo) for o in r.rejected],
            notes=list(r.notes),
        )


@strawberry.type(description="One leg of a fan-out chain, checked as its own link (trunk end A to this far end).")
class LegVerdict:
    index: int = strawberry.field(description="0-based position of the far end in fanOut.")
    end: str = strawberry.field(description="The far end, e.g. MCX75310AAS-NEAT.")
    medium: str = strawberry.field(description="The splitter, fiber or cable that carries this leg.")
    valid: bool
    rate_gbps: float | None = strawberry.field(
        description="Rate this leg runs at (Gb/s); null when the leg is invalid: an invalid leg runs at no "
        "rate (its findings say what is wrong, RATE_MISMATCH when no rate is common to every end and part)."
    )
    lanes: int | None = strawberry.field(description="Lanes this leg uses (2 for NDR200); null if unknown.")
    part_numbers: list[str] = strawberry.field(description="The leg's parts as placed, from end A to its far end.")
    findings: list[Finding] = strawberry.field(description="Every finding on this leg, errors first.")

    @classmethod
    def of(cls, leg: dl.LegCheck) -> LegVerdict:
        v = leg.verdict
        return cls(
            index=leg.index,
            end=leg.link.end_b.label,
            medium=leg.medium,
            valid=v.valid,
            rate_gbps=v.rate_gbps if v.valid else None,
            lanes=v.lanes,
            part_numbers=list(leg.link.part_numbers()),
            findings=[Finding.of(f) for f in v.findings],
        )


@strawberry.type(description="The verdict on a proposed link.")
class LinkVerdict:
    valid: bool
    rate_gbps: float | None = strawberry.field(
        description="Rate each link runs at (Gb/s); null when the link is invalid: an invalid link runs at "
        "no rate (its findings say what is wrong, RATE_MISMATCH when no rate is common to every end and "
        "part)."
    )
    ports: int = strawberry.field(
        description="Links running in parallel over this chain (2 for twin-port to twin-port)."
    )
    aggregate_gbps: float | None = strawberry.field(description="rateGbps × ports; null when rateGbps is.")
    legs: int = strawberry.field(
        description="Links one split port fans out into: 1 straight, 2 for NDR → 2 × NDR200 or HDR → 2 × HDR100."
    )
    lanes: int | None = strawberry.field(description="Lanes each link uses (4 for NDR, 2 for NDR200); null if unknown.")
    protocol: Protocol | None  # type: ignore[valid-type]
    part_numbers: list[str] = strawberry.field(
        description="The parts as placed, from end A to end B (a cable or splitter may be turned round)."
    )
    findings: list[Finding] = strawberry.field(description="Every broken rule, errors first.")
    alternatives: list[LinkOption] = strawberry.field(
        description="Nearest valid options when invalid, at most three: those that keep the most of the parts "
        "named first. Their rank numbers them 1..n in the order shown (not their rank among linkOptions' "
        "answers)."
    )
    fan_out: list[LegVerdict] = strawberry.field(
        description="A fan-out chain's legs, each checked as its own link, in the order the far ends were named; "
        "empty for a two-ended link. For a fan-out, ports is the number of legs, legs the most legs one "
        "trunk port fans out into, rateGbps the slowest leg's rate and aggregateGbps their sum."
    )

    @classmethod
    def of(cls, c: LinkCheck) -> LinkVerdict:
        v = c.verdict
        return cls(
            valid=v.valid,
            # The domain verdict keeps the rate the rules checked (the nearest alternatives use it);
            # an invalid link runs at none, so the answer says none.
            rate_gbps=v.rate_gbps if v.valid else None,
            ports=v.ports,
            aggregate_gbps=v.aggregate_gbps if v.valid else None,
            legs=v.legs,
            lanes=v.lanes,
            protocol=v.protocol,
            part_numbers=list(c.part_numbers()),
            findings=[Finding.of(f) for f in v.findings],
            alternatives=[LinkOption.of(o) for o in c.alternatives],
            fan_out=[LegVerdict.of(leg) for leg in c.legs],
        )


CodeScope = strawberry.enum(
    rc.CodeScope,
    name="CodeScope",
    description="Which questions emit a code: LINK (checkLink and linkOptions findings), PART_LIST "
    "(validatePartList report findings), PART_LIST_INPUT (validatePartList's ValidationError code for a "
    "part list that cannot be read).",
)


@strawberry.type(description="A public code: what it means, the severity of its findings and which questions emit it.")
class RuleCode:
    code: str
    severity: Severity  # type: ignore[valid-type]
    description: str
    scopes: list[CodeScope] = strawberry.field(  # type: ignore[valid-type]
        description="The questions that emit it. A link rule's code is LINK and PART_LIST (validatePartList "
        "checks its chains with the same rules)."
    )


@strawberry.type(description="A name not in the catalogue, with the closest known names.")
class NotFoundError:
    code: str = strawberry.field(description="UNKNOWN_PART, UNKNOWN_DEVICE or UNKNOWN_FORM_FACTOR.")
    message: str
    kind: str
    name: str
    suggestions: list[str] = strawberry.field(
        description="The closest known names, best first (at most three), each a distinct thing under the "
        "catalogue's own name (a device's model, a part's number), never one thing under several aliases; "
        "empty when foundAs is set."
    )
    found_as: str | None = strawberry.field(
        default=None,
        description='What the name is in the catalogue instead: "device" for a device model, OPN or alias asked '
        'as part(partNumber:) (ask device(name:)), "part" for a part number asked as device(name:) (ask '
        "part(partNumber:)); null when the catalogue holds the name under no other kind. The code is unchanged "
        "(UNKNOWN_PART, UNKNOWN_DEVICE).",
    )
    found_name: str | None = strawberry.field(
        default=None, description="With foundAs: the catalogue's own name of it (the device's model, the part number)."
    )
    others: list[NotFoundError] = strawberry.field(
        default_factory=list,
        description=(
            "The other names of the same request the catalogue does not hold (checkLink: every end and part "
            "number), each with its own suggestions; empty when this was the only one."
        ),
    )


@strawberry.type(description="An input value out of range, e.g. a negative distance.")
class ValidationError:
    code: str
    message: str
    field: str


@strawberry.type(description="The catalogue database cannot be reached right now; retry later.")
class DatabaseUnavailableError:
    code: str
    message: str


# --- catalogue browsing -----------------------------------------------------------------------


@strawberry.type(description="Reach of a PMD or part over one fiber grade.")
class Reach:
    fiber: str
    max_m: float = strawberry.field(description="Maximum reach, metres.")
    min_m: float | None = strawberry.field(description="Shortest supported run, metres.")
    min_loss_db: float | None = strawberry.field(
        description="Minimum channel insertion loss the PMD's clause sets over this grade, dB (40GBASE-ER4: 9): "
        "a shorter, lower-loss channel needs an optical attenuator (ATTENUATOR_REQUIRED).",
    )
    mode_conditioning: bool = strawberry.field(
        description="True when the PMD's clause needs an offset-launch mode-conditioning patch cord at each "
        "transceiver over this grade (10GBASE-LRM over OM1/OM2): MODE_CONDITIONING_CORD.",
    )
    note: str
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(description="True when this reach rests only on secondary sources.", graphql_type=bool)
    @_in_memory(_secondary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._ids)

    @classmethod
    def of(cls, r: dc.Reach) -> Reach:
        return cls(
            fiber=r.fiber,
            max_m=r.max_m,
            min_m=r.min_m,
            min_loss_db=r.min_loss_db,
            mode_conditioning=r.mode_conditioning,
            note=r.note,
            _ids=r.sources,
        )


@strawberry.type(description="An InfiniBand generation or Ethernet rate class.")
class Generation:
    id: str
    family: Protocol  # type: ignore[valid-type]
    name: str
    lanes: int
    lane_rate_gbps: float | None = strawberry.field(description="Signalling bit rate per lane, Gb/s.")
    lane_data_gbps: float | None
    signalling_gbd: float | None
    data_rate_gbps: float = strawberry.field(description="Nominal data rate of the standard width, Gb/s.")
    effective_data_gbps: float | None
    line_code: str | None
    modulation: str | None
    order: int
    narrow_modes: list[str] = strawberry.field(description="Narrower widths, e.g. HDR100 = 2 lanes, 100 Gb/s.")
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(description="True when every source of this generation is secondary.", graphql_type=bool)
    @_in_memory(_secondary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._ids)

    @classmethod
    def of(cls, g: dc.Generation) -> Generation:
        return cls(
            id=g.id,
            family=g.family,
            name=g.name,
            lanes=g.lanes,
            lane_rate_gbps=g.lane_rate_gbps,
            lane_data_gbps=g.lane_data_gbps,
            signalling_gbd=g.signalling_gbd,
            data_rate_gbps=g.data_rate_gbps,
            effective_data_gbps=g.effective_data_gbps,
            line_code=g.line_code,
            modulation=g.modulation,
            order=g.order,
            narrow_modes=[f"{m.name} ({m.lanes} lanes, {m.data_rate_gbps:g} Gb/s)" for m in g.narrow_modes],
            _ids=g.sources,
        )


@strawberry.type(description="A physical-medium-dependent interface, e.g. 10GBASE-SR (IEEE 802.3 cl. 52).")
class Pmd:
    name: str
    family: Protocol  # type: ignore[valid-type]
    rate_gbps: float
    standard: str
    clause: str | None
    wavelength_nm: str
    lanes: int
    fibers: int
    media: str
    also_media: list[str] = strawberry.field(
        description="Further media the clause gives a reach over (1000BASE-LX: MMF besides SMF)."
    )
    connector: str | None
    secondary_only: bool = strawberry.field(description="True when every fact rests on secondary sources.")
    reach: list[Reach]
    reach_complete: bool = strawberry.field(
        description=(
            "True when `reach` is the whole operating-range table of the clause or datasheet (a fiber grade "
            "not listed is not supported); false when a grade without a row is unknown (REACH_UNVERIFIED)."
        )
    )
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @classmethod
    def of(cls, p: dc.Pmd) -> Pmd:
        return cls(
            name=p.name,
            family=p.family,
            rate_gbps=p.rate_gbps,
            standard=p.standard,
            clause=p.clause,
            wavelength_nm=p.wavelength_nm,
            lanes=p.lanes,
            fibers=p.fibers,
            media=p.media.value,
            also_media=[m.value for m in p.also_media],
            connector=p.connector,
            secondary_only=p.secondary_only,
            reach=[Reach.of(r) for r in p.reach],
            reach_complete=p.reach_complete,
            _ids=p.sources,
        )


@strawberry.type(description="A cage of another form factor that accepts this plug, with the fact's sources.")
class Fit:
    cage: str = strawberry.field(description="Form factor of the accepting cage, e.g. QSFP-DD.")
    note: str
    host_lane_gbps: float | None = strawberry.field(
        description="Rate (Gb/s) each electrical lane of the host must run for the plug to work in this "
        "cage (QSFP112 in QSFP-DD: 100, a QSFP-DD800-class host); null when any host of the cage runs it. "
        "A cage not known to have such lanes gets the warning HOST_LANES_UNVERIFIED."
    )
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(description="True when this fit rests only on secondary sources.", graphql_type=bool)
    @_in_memory(_secondary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._ids)


@strawberry.type(description="An MSA form factor and the other cages that accept it.")
class FormFactor:
    name: str
    lanes: int
    msa: str
    max_rate_gbps: float | None
    aliases: list[str] = strawberry.field(description="Names users type for it, incl. NetBox slugs (10gbase-x-sfpp).")
    fits_in: list[str] = strawberry.field(description="Other cages that take this plug (backward compatibility).")
    fits: list[Fit] = strawberry.field(description="The same fits with their notes and sources.")
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(description="True when every source of this form factor is secondary.", graphql_type=bool)
    @_in_memory(_secondary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._ids)

    @classmethod
    def of(cls, f: dc.FormFactor) -> FormFactor:
        return cls(
            name=f.name,
            lanes=f.lanes,
            msa=f.msa,
            max_rate_gbps=f.max_rate_gbps,
            aliases=f.aliases,
            fits_in=[x.cage for x in f.fits_in],
            fits=[Fit(cage=x.cage, note=x.note, host_lane_gbps=x.host_lane_gbps, _ids=x.sources) for x in f.fits_in],
            _ids=f.sources,
        )


@strawberry.type(
    description="A cabling grade: OM1–OM5 multimode and OS1a/OS2 single-mode fiber, Cat5e/Cat6 twisted-pair copper."
)
class FiberType:
    name: str
    mode: str = strawberry.field(description="MMF, SMF or copper.")
    core_um: float | None = strawberry.field(description="Core diameter, µm; null for twisted-pair copper.")
    bandwidth: str
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(description="True when every source of this fiber grade is secondary.", graphql_type=bool)
    @_in_memory(_secondary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._ids)

    @classmethod
    def of(cls, f: dc.FiberType) -> FiberType:
        return cls(name=f.name, mode=f.mode, core_um=f.core_um, bandwidth=f.bandwidth, _ids=f.sources)


@strawberry.type(description="A fiber connector with its polish (MPO-12/APC...), or the RJ-45 jack of a BASE-T module.")
class Connector:
    id: str
    type: str
    polish: str | None = strawberry.field(description="UPC or APC; null for RJ-45 (no polish).")
    fibers: int
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(description="True when every source of this connector is secondary.", graphql_type=bool)
    @_in_memory(_secondary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._ids)

    @classmethod
    def of(cls, c: dc.Connector) -> Connector:
        return cls(id=c.id, type=c.type, polish=c.polish.value if c.polish else None, fibers=c.fibers, _ids=c.sources)


@strawberry.type(
    description="One end of a direct-attach cable (DAC, ACC, AOC): the cage its plugs go into. A splitter's "
    "ends differ: MCP7Y00-N002 is one twin-port OSFP plug at end A and 2 OSFP plugs at end B; a QSFP28 to "
    "4 x SFP28 breakout is QSFP28 at end A and 4 SFP28 plugs at end B."
)
class CablePlugEnd:
    form_factor: str = strawberry.field(description="The form factor of the plug(s) at this end, e.g. OSFP, SFP28.")
    top_style: str | None = strawberry.field(description="finned or flat (OSFP plugs); null when not stated.")
    plugs: int = strawberry.field(description="Plugs at this end (1, or the legs of a splitter).")
    ports: int = strawberry.field(description="Logical ports per plug (2 for a twin-port OSFP plug).")
    rate_gbps: float = strawberry.field(description="Gb/s per plug.")

    @classmethod
    def of(cls, e: dc.CableEnd) -> CablePlugEnd:
        return cls(
            form_factor=e.form_factor,
            top_style=e.top_style.value if e.top_style else None,
            plugs=e.plugs,
            ports=e.ports,
            rate_gbps=e.rate_gbps,
        )


@strawberry.type(description="An orderable part: transceiver, direct-attach cable, fiber cable or adapter.")
class Part:
    part_number: str
    kind: str = strawberry.field(description="transceiver, cable, fiber_cable or adapter.")
    family: str | None
    vendor: str
    description: str
    protocols: list[Protocol]  # type: ignore[valid-type]
    status: str
    aliases: list[str]
    notes: list[str]
    form_factor: str | None = strawberry.field(
        description="Transceivers and adapters: the plug's form factor. Direct-attach cables (DAC, ACC, AOC): "
        "the form factor both ends share (A-O800-O800-3M: OSFP), null when the ends differ (a QSFP28 to "
        "4 x SFP28 breakout; see `cableEnds`). Null for fiber cables (see `connectorA` / `connectorB`)."
    )
    top_style: str | None = strawberry.field(description="finned or flat (OSFP).")
    ports: int | None = strawberry.field(description="1, or 2 for a twin-port OSFP transceiver.")
    rates_gbps: list[float] = strawberry.field(description="Per-port (per-leg) rates, Gb/s.")
    pmds: list[str]
    connector: str | None
    side: str | None = strawberry.field(description="switch, adapter or any.")
    power_w: float | None = strawberry.field(description="Maximum power, watts.")
    cable_type: str | None = strawberry.field(description="DAC, ACC or AOC.")
    length_m: float | None = strawberry.field(description="Cable length, metres.")
    fiber_type: str | None
    legs: int | None = strawberry.field(description="Fiber legs at the far end (2 for a 1:2 splitter).")
    connector_a: str | None = strawberry.field(
        default=None,
        description=(
            "Fiber cables: the connector and polish of the first end (a harness's trunk, e.g. MPO-12/UPC); "
            "null for other parts (a transceiver's is `connector`)."
        ),
    )
    connector_b: str | None = strawberry.field(
        default=None,
        description="Fiber cables: the connector and polish of the far end, or of each leg (e.g. LC/UPC).",
    )
    cable_ends: list[CablePlugEnd] = strawberry.field(
        default_factory=list,
        description="Direct-attach cables: end A then end B, each with the form factor, top style, plugs, "
        "logical ports and rate per plug of that end (a splitter's or breakout's two ends differ). Empty for "
        "other parts.",
    )
    _m: strawberry.Private[object]
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(
        description="True when every source of this part is secondary; checkLink and linkOptions then "
        "name it in a SECONDARY_SOURCE_ONLY warning (validatePartList on its line).",
        graphql_type=bool,
    )
    @_in_memory(_none_primary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _none_primary(info, self._ids)

    @strawberry.field(
        description=(
            "The same optic under other part numbers (OEM equivalents, e.g. Cisco, Arista, Juniper): "
            "transceivers of the same form factor, top style, ports, side and rates implementing every PMD "
            "this one implements (the same, or more: a dual-protocol NDR/400GbE module for its Ethernet-only "
            "twin) with the same connector and reach class (the same own reach wherever a part's own reach "
            "is under half its PMD's over a grade: a 30 m 25GBASE-SR SL module is no equivalent of a 100 m "
            "one, nor a 2 km LR4 Lite of a 10 km 100GBASE-LR4). Empty for cables, fibers and adapters."
        )
    )
    async def equivalents(self, info: Info) -> list[str]:
        if self.kind != dc.PartKind.TRANSCEIVER.value:
            return []
        from service.api.resolvers.common import call  # the resolvers import this module

        number = self.part_number
        return await call(lambda: info.context.service.repo.equivalents(number))

    @classmethod
    def of(cls, p: dc.Transceiver | dc.Cable | dc.FiberCable | dc.Adapter) -> Part:
        t = p if isinstance(p, dc.Transceiver) else None
        c = p if isinstance(p, dc.Cable) else None
        f = p if isinstance(p, dc.FiberCable) else None
        a = p if isinstance(p, dc.Adapter) else None
        return cls(
            part_number=p.part_number or "",
            kind=p.kind.value,
            family=p.family,
            vendor=p.vendor,
            description=p.description,
            protocols=list(p.protocols),
            status=p.status,
            aliases=p.aliases,
            notes=p.notes,
            form_factor=t.form_factor if t else (a.form_factor if a else _shared_form_factor(c)),
            top_style=t.top_style.value if t and t.top_style else None,
            ports=t.ports if t else None,
            rates_gbps=list(t.rates_gbps if t else c.rates_gbps if c else []),
            pmds=list(t.pmds) if t else [],
            connector=t.connector if t else None,
            side=t.side.value if t else (a.side.value if a else None),
            power_w=t.power_w if t else (c.power_w if c else None),
            cable_type=c.cable_type.value if c else None,
            length_m=c.length_m if c else (f.length_m if f else None),
            fiber_type=f.fiber_type if f else None,
            legs=f.legs if f else None,
            connector_a=f.connector_a if f else None,
            connector_b=f.connector_b if f else None,
            cable_ends=[CablePlugEnd.of(c.end_a), CablePlugEnd.of(c.end_b)] if c else [],
            _m=p,
            _ids=p.sources,
        )


def _shared_form_factor(cable: dc.Cable | None) -> str | None:
    """The form factor both ends of a direct-attach cable share; None for a cable whose ends differ
    (a breakout) and for a part that is not a cable."""
    if cable is None or cable.end_a.form_factor != cable.end_b.form_factor:
        return None
    return cable.end_a.form_factor


@strawberry.type(description="Logical ports one cage gives at one rate (SN5600 OSFP: 1 at 800 Gb/s, 2 at 400).")
class PortMode:
    rate_gbps: float = strawberry.field(description="Gb/s per logical port.")
    ports_per_cage: int


@strawberry.type(
    description="FEC modes a port runs at one rate, as its source states them (SN2700 QSFP28: RS(528,514) or "
    "none at 100 Gb/s; RS(528,514), BASE-R or none at 25 Gb/s)."
)
class FecModes:
    rate_gbps: float | None = strawberry.field(description="Gb/s; null: the modes hold at any rate not listed.")
    modes: list[str] = strawberry.field(description="RS(528,514), RS(544,514), BASE-R or none.")
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)


@strawberry.type(description="A group of identical cages on a device.")
class Cage:
    id: str
    form_factor: str
    count: int
    logical_ports_per_cage: int
    top_style: str | None = strawberry.field(description="What the cage needs of a module's top: finned or flat.")
    speeds_gbps: list[float]
    split_modes: list[str] = strawberry.field(
        description="The breakouts the port supports where a source lists them (2xNDR200 on a Quantum-2 "
        "port, 4x25G): a split not listed is refused (BREAKOUT_UNSUPPORTED); empty: see splitsStated."
    )
    splits_stated: bool = strawberry.field(
        description="True when a source states the port takes no breakout (or splitModes lists those it "
        "takes), so a split it does not list is refused (BREAKOUT_UNSUPPORTED); false with no splitModes "
        "(most Ethernet switch ports: no retrieved source lists their breakouts): a split there is "
        "BREAKOUT_UNVERIFIED, a warning, never a refusal."
    )
    port_modes: list[PortMode] = strawberry.field(
        description="Logical ports per cage at the rates the source states them for; other rates have "
        "logicalPortsPerCage."
    )
    protocols: list[Protocol]  # type: ignore[valid-type]
    fec_modes: list[FecModes] = strawberry.field(
        description="FEC modes the port runs, per rate where the source states them per rate; empty: not "
        "known, so no link is refused for its FEC (FEC_MISMATCH is checked against these)."
    )
    rates_complete: bool = strawberry.field(
        description="True when a source states the port's rates completely, so a rate below the top of "
        "speedsGbps that it does not list is refused (RATE_MISMATCH); false (most cages: a NetBox interface "
        "type or a datasheet names the rates it names): such a rate is not stated (RATE_UNVERIFIED, a warning)."
    )
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(description="True when every source of this cage group is secondary.", graphql_type=bool)
    @_in_memory(_secondary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._ids)


@strawberry.type(description="A switch, adapter (HCA/NIC) or DPU model.")
class Device:
    model: str
    name: str
    vendor: str
    device_type: str
    series: str | None
    aliases: list[str]
    cages: list[Cage]
    notes: list[str]
    logical_ports: int = strawberry.field(description="Σ cages × logical ports per cage.")
    _ids: strawberry.Private[list[str]]

    @strawberry.field(graphql_type=list[Source])
    @_in_memory(_sources_now, "_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._ids)

    @strawberry.field(description="True when every source of this device is secondary.", graphql_type=bool)
    @_in_memory(_secondary_now, "_ids")
    def secondary_only(self, info: Info) -> bool | Awaitable[bool]:
        return _secondary_only(info, self._ids)

    @classmethod
    def of(cls, d: dc.Device) -> Device:
        return cls(
            model=d.model,
            name=d.name,
            vendor=d.vendor,
            device_type=d.device_type.value,
            series=d.series,
            aliases=d.aliases,
            notes=d.notes,
            cages=[
                Cage(
                    id=c.id,
                    form_factor=c.form_factor,
                    count=c.count,
                    logical_ports_per_cage=c.logical_ports_per_cage,
                    top_style=c.top_style.value if c.top_style else None,
                    speeds_gbps=c.speeds_gbps,
                    split_modes=c.split_modes,
                    splits_stated=c.splits_stated or bool(c.split_modes),
                    port_modes=[PortMode(rate_gbps=m.rate_gbps, ports_per_cage=m.ports_per_cage) for m in c.port_modes],
                    protocols=list(c.protocols),
                    rates_complete=c.rates_complete,
                    fec_modes=[
                        *(
                            FecModes(rate_gbps=at.rate_gbps, modes=list(at.modes), _ids=list(at.sources))
                            for at in c.fec_by_rate
                        ),
                        *(
                            [FecModes(rate_gbps=None, modes=list(c.fec_modes), _ids=list(c.fec_sources))]
                            if c.fec_modes
                            else []
                        ),
                    ],
                    _ids=c.sources,
                )
                for c in d.cages
            ],
            logical_ports=sum(c.count * c.logical_ports_per_cage for c in d.cages),
            _ids=d.sources,
        )


@strawberry.type(description="An edge of the parts connection.")
class PartEdge:
    cursor: str
    node: Part


@strawberry.type(description="Paging state (cursor paging, stable order by part number).")
class PageInfo:
    has_next_page: bool
    end_cursor: str | None


@strawberry.type(description="A page of parts with the total count matching the filter.")
class PartConnection:
    total_count: int
    edges: list[PartEdge]
    page_info: PageInfo


@strawberry.type(description="How many catalogue nodes have one value of a kind, e.g. kind 'cable', count 77.")
class KindCount:
    kind: str
    count: int


@strawberry.type(description="Counts per kind and the share of facts backed by a primary source.")
class CatalogueStats:
    generations: int
    pmds: int
    parts: int = strawberry.field(description="Orderable part numbers (each length of a cable family counts).")
    devices: int
    sources: int
    form_factors: int
    fiber_types: int
    connectors: int
    aliases: int = strawberry.field(
        description="Names users may type (part numbers, ordering codes, model names, "
        "form-factor spellings and NetBox slugs), each an Alias node."
    )
    generations_by_family: list[KindCount] = strawberry.field(description="InfiniBand / Ethernet.")
    pmds_by_family: list[KindCount] = strawberry.field(description="InfiniBand / Ethernet.")
    parts_by_kind: list[KindCount] = strawberry.field(description="transceiver, cable, fiber_cable, adapter.")
    devices_by_type: list[KindCount] = strawberry.field(description="switch, adapter, dpu.")
    sources_by_kind: list[KindCount] = strawberry.field(description="standard, vendor, secondary.")
    facts: int = strawberry.field(
        description="Top-level fact rows: generations, PMDs, parts, devices, form factors, fiber types and connectors."
    )
    primary_facts: int = strawberry.field(description="Fact rows citing at least one standard or vendor source.")
    primary_share: float = strawberry.field(description="primaryFacts / facts (0–1).")
