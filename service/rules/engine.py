"""Run every compatibility rule over a link and compute the rate it runs at.

The chain every rule looks at (see :class:`~service.domain.link.Link`)::

    end A ─ [adapter A] ─ module A ─ fiber(s) ─ module B ─ [adapter B] ─ end B
    end A ─ [adapter A] ─ cable (DAC / ACC / AOC, maybe a splitter) ─ [adapter B] ─ end B

A splitter (a splitter cable, or a 1:N fiber splitter between transceivers) has a trunk end, whose
port is split, and a legs end; the link checked is the trunk port and ONE leg::

    trunk cage ══ port split into N legs × leg rate ══<  one leg ── leg cage

Rule families, one function each; every code is public and stable (see :data:`RULES`):

- structure: LINK_STRUCTURE
- fit:       FORM_FACTOR_MISMATCH, TOP_STYLE_MISMATCH, TOP_STYLE_UNVERIFIED, WRONG_SIDE, PORT_COUNT_MISMATCH,
             HOST_LANES_UNVERIFIED
- signal:    PROTOCOL_MISMATCH, PMD_MISMATCH, RATE_MISMATCH (+ warning RATE_UNVERIFIED, info RATE_NEGOTIATED,
             RATE_AGGREGATED)
- media:     FIBER_MODE_MISMATCH, REACH_EXCEEDED, RUN_TOO_SHORT, CABLE_TOO_SHORT, CABLE_LENGTH_LIMIT,
             CONNECTOR_MISMATCH, POLISH_MISMATCH (+ warnings UNDOCUMENTED_PAIRING, CONNECTOR_ASSUMED,
             infos MODE_CONDITIONING_CORD, CABLE_SLACK)
- breakout:  BREAKOUT_UNSUPPORTED (+ warning BREAKOUT_UNVERIFIED), TWIN_PORT_MIXED_FIBERS
- FEC:       FEC_MISMATCH (+ info FEC_REQUIRED, FEC_SETTING)
- auto-negotiation: info AUTONEG_REQUIRED, AUTONEG_UNSUPPORTED
- vendor lock: error VENDOR_LOCKED
- loss:      INSERTION_LOSS_EXCEEDED (+ warning ATTENUATOR_REQUIRED)
- sources:   warning SECONDARY_SOURCE_ONLY (a named part only secondary sources back)
- status:    warnings PART_DISCONTINUED, PART_EOL (a part that cannot be ordered new / last-time buy)

UNKNOWN_PART is raised before the rules run, when a part number cannot be resolved.

Every fact a rule uses comes from the link's parts and the :class:`RuleContext` (catalogue rows with
their sources); the rules add no facts of their own.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar, cast

from pydantic import BaseModel

from service.domain.catalogue import (
    Adapter,
    AutonegNote,
    Cable,
    CableEnd,
    CableType,
    Fec,
    FecMode,
    FiberCable,
    LossBudget,
    Media,
    Pmd,
    Protocol,
    Reach,
    Side,
    TopStyle,
    Transceiver,
    fec_modes_at,
    grade_media,
)
from service.domain.link import FiberRun, Finding, Link, ResolvedEnd, Severity, Verdict, with_article
from service.rules.context import RuleContext, parse_split_mode

__all__ = [
    "NOTICE_CODES",
    "RULES",
    "RULE_CODES",
    "Geometry",
    "Placement",
    "RuleCode",
    "best_orientation",
    "breakout_grades",
    "breakout_leg_pmds",
    "check_autoneg",
    "check_fec",
    "check_link",
    "check_slack",
    "check_sources",
    "check_status",
    "check_vendor_lock",
    "end_key",
    "errors_at",
    "family_span",
    "geometry",
    "optical_reach",
    "orientations",
    "placement",
    "pmds_of_protocol",
    "reach_basis",
    "shape_key",
    "valid_orientation",
]


@dataclass(frozen=True)
class RuleCode:
    """A public rule code: ``code`` (stable), ``severity`` of its findings, what it means."""

    code: str
    severity: Severity
    description: str


RULES: tuple[RuleCode, ...] = (
    RuleCode(
        "UNKNOWN_PART",
        Severity.ERROR,
        "A part number is not in the catalogue; raised before the rules run, with the three closest part numbers.",
    ),
    RuleCode(
        "LINK_STRUCTURE",
        Severity.ERROR,
        "The chain is not end–cable–end or end–module–fiber(s)–module–end (e.g. a transceiver "
        "missing, a cable together with transceivers, more fibers than ports).",
    ),
    RuleCode(
        "FORM_FACTOR_MISMATCH",
        Severity.ERROR,
        "A plug (transceiver, cable end or adapter) does not fit the cage it is put in, not even "
        "through a backward-compatible fit (QSFP28 in QSFP-DD) or through the adapter named.",
    ),
    RuleCode(
        "TOP_STYLE_MISMATCH",
        Severity.ERROR,
        "A finned-top OSFP in a flat-top (riding heat sink) cage, or a flat-top one in a finned "
        "air-cooled switch cage.",
    ),
    RuleCode(
        "TOP_STYLE_UNVERIFIED",
        Severity.WARNING,
        "An OSFP plug whose top style (finned or flat) no catalogue source states, in a cage that "
        "takes one top style only (a ConnectX-7/OSFP riding-heat-sink cage, an air-cooled Quantum-2 "
        "switch cage): the link is not rejected for it; confirm the plug's top style with its vendor.",
    ),
    RuleCode(
        "WRONG_SIDE",
        Severity.ERROR,
        "A switch-side part (e.g. a twin-port finned OSFP) in an adapter, or an adapter-side part "
        "(single-port OSFP or QSFP112 module) in a switch.",
    ),
    RuleCode("PORT_COUNT_MISMATCH", Severity.ERROR, "A twin-port plug in a cage that has one logical port."),
    RuleCode(
        "HOST_LANES_UNVERIFIED",
        Severity.WARNING,
        "A plug fits the cage through a backward-compatible fit that needs faster host lanes than the "
        "cage is known to have: a QSFP112 module (4 x 100G electrical lanes) in a bare QSFP-DD cage, or "
        "in a device's QSFP-DD cage that lists 400 Gb/s at most (8 x 50G lanes); its 100G lanes need a "
        "QSFP-DD800-class host. The link is not rejected for it; confirm the host's lanes. linkOptions "
        "ranks such options after verified ones.",
    ),
    RuleCode(
        "PMD_MISMATCH",
        Severity.ERROR,
        "The two transceivers share no PMD (e.g. 10GBASE-SR against single-rate 25GBASE-SR, or "
        "HDR optics against NDR optics).",
    ),
    RuleCode(
        "RATE_MISMATCH",
        Severity.ERROR,
        "No rate is common to every element, or the rate asked for is not one of them; the "
        "limit is the rate the link would run at. A device cage refuses a lower rate it does not "
        "list only where a source states its rates completely (``rates_complete``); otherwise that "
        "rate is RATE_UNVERIFIED.",
    ),
    RuleCode(
        "PROTOCOL_MISMATCH",
        Severity.ERROR,
        "An InfiniBand-only part or cage meets an Ethernet-only one, or a part does not support "
        "the protocol asked for.",
    ),
    RuleCode(
        "FIBER_MODE_MISMATCH",
        Severity.ERROR,
        "A single-mode PMD on multimode fiber, a multimode PMD on single-mode fiber, or a twisted-pair "
        "(BASE-T, RJ-45) PMD on fiber and the reverse.",
    ),
    RuleCode(
        "REACH_EXCEEDED",
        Severity.ERROR,
        "The fiber path is longer than the PMD's reach over that fiber grade (capped by a "
        "module's own reach), or the PMD's complete reach table lists no reach over that grade "
        "(not supported); the limit is that reach in metres. A reach the catalogue does not hold "
        "is never this error: it is REACH_UNVERIFIED.",
    ),
    RuleCode(
        "RUN_TOO_SHORT",
        Severity.ERROR,
        "The fiber path is shorter than the minimum the PMD or module is specified for; the "
        "limit is that minimum in metres.",
    ),
    RuleCode(
        "CABLE_TOO_SHORT",
        Severity.ERROR,
        "The cable or fiber is shorter than the run, while a long-enough length of its family "
        "exists; the limit is the part's length in metres.",
    ),
    RuleCode(
        "CABLE_LENGTH_LIMIT",
        Severity.ERROR,
        "The run is longer than the cable family is made for (e.g. passive NDR DAC 2 m "
        "switch-to-switch); the limit is the family's longest length in metres.",
    ),
    RuleCode(
        "CONNECTOR_MISMATCH",
        Severity.ERROR,
        "The fiber's connector type (LC, MPO-12, MPO-16…) differs from the transceiver's.",
    ),
    RuleCode("POLISH_MISMATCH", Severity.ERROR, "An APC connector mated with a UPC one (never allowed)."),
    RuleCode(
        "BREAKOUT_UNSUPPORTED",
        Severity.ERROR,
        "A splitter divides a port into N legs at a rate per leg that the port's split modes do "
        "not list (e.g. a split on an adapter port).",
    ),
    RuleCode(
        "BREAKOUT_UNVERIFIED",
        Severity.WARNING,
        "A splitter divides a switch port whose breakout modes no retrieved source states (no split "
        "modes listed, and no source saying it takes none): the link is not rejected for it; confirm "
        "the split in the switch's documentation. linkOptions ranks such options after verified ones.",
    ),
    RuleCode(
        "TWIN_PORT_MIXED_FIBERS",
        Severity.ERROR,
        "The two ports of a twin-port transceiver carry different fibers (straight and splitter, "
        "or different types); both must be the same.",
    ),
    RuleCode(
        "INSERTION_LOSS_EXCEEDED",
        Severity.ERROR,
        "The installed fiber's estimated insertion loss (its length at the fiber attenuation counted, "
        "plus its mated connections, one per patch panel) exceeds the PMD's channel insertion-loss "
        "budget over that grade (10GBASE-SR over OM3: 2.6 dB). Checked only where the catalogue "
        "holds the budget; the limit is the budget in dB.",
    ),
    RuleCode(
        "FEC_MISMATCH",
        Severity.ERROR,
        "The medium needs an FEC mode (e.g. RS(528,514) for 100GBASE-SR4 and 100G DACs) that an end's "
        "port does not list among the FEC modes it can run; the link does not come up. Checked only "
        "where a source lists the port's FEC modes.",
    ),
    RuleCode(
        "VENDOR_LOCKED",
        Severity.ERROR,
        "A device whose vendor document says its ports take only the vendor's own cables and transceivers "
        "holds another vendor's part: the link does not come up (Cisco UCS C-series VICs, UC15).",
    ),
    RuleCode(
        "UNDOCUMENTED_PAIRING",
        Severity.WARNING,
        "The module's vendor documents other fiber cable families for it than the one used.",
    ),
    RuleCode(
        "CONNECTOR_ASSUMED",
        Severity.WARNING,
        "Generic fiber was given without a connector; it was taken to match the transceivers, "
        "so the installed cabling's connector and polish must be checked.",
    ),
    RuleCode(
        "REACH_UNVERIFIED",
        Severity.WARNING,
        "The catalogue holds no reach for the PMD (or module) over this fiber grade: neither a "
        "datasheet nor a standard row. The link is not rejected for it (unless the run is longer than "
        "a bound on it: the held reach over a better grade of the same mode, or over multimode fiber the "
        "more lenient of the modal-bandwidth-scaled worse-grade reach and twice the longest reach held at "
        "its lane rate: REACH_EXCEEDED); confirm the reach in the module's datasheet. linkOptions ranks "
        "such options after verified ones.",
    ),
    RuleCode(
        "RATE_UNVERIFIED",
        Severity.WARNING,
        "The link runs at a rate below the top rate a device cage's source lists, and the source "
        "neither lists that rate nor says the port does not run it (a NetBox interface type names the "
        "cage's nominal rate only; many SFP+ ports run 1 Gb/s, some do not): the link is not rejected "
        "for it; confirm the port's rates in the device's documentation. linkOptions ranks such options "
        "after verified ones.",
    ),
    RuleCode(
        "PART_DISCONTINUED",
        Severity.WARNING,
        "A part of the link is discontinued (its catalogue status, with the sources that state it): it "
        "cannot be ordered new. The link still works with parts in hand, so it stays valid; the fix names "
        "what to use instead. linkOptions ranks such options after those naming only orderable parts, and "
        "planFatTree keeps them out of a bill of materials when a current option serves. In a part list "
        "it is an error on the part's line (the list cannot be bought as written).",
    ),
    RuleCode(
        "PART_EOL",
        Severity.WARNING,
        "A part of the link is end-of-life (its catalogue status, with the sources that state it): a "
        "last-time buy with no long-term supply; the link stays valid.",
    ),
    RuleCode(
        "ATTENUATOR_REQUIRED",
        Severity.WARNING,
        "The PMD's clause sets a minimum channel insertion loss over the grade (40GBASE-ER4: 9 dB, "
        "IEEE 802.3bm clause 87) and a generic fiber run is too short to be sure of reaching it: an "
        "optical attenuator at each receiver keeps it from overloading. The catalogue holds no "
        "attenuation figures for the grade, so the warning is given below half the PMD's reach over it "
        "and the link loss must be measured; the limit is the minimum loss in dB.",
    ),
    RuleCode(
        "SECONDARY_SOURCE_ONLY",
        Severity.WARNING,
        "Every source of a part the link names is secondary (a reseller or web shop's catalogue export, "
        "e.g. Arista's A-O800-O800-3M AOC): its part number and specification are not confirmed by the "
        "vendor or a standard, so the link's facts about it rest on that secondary source. One finding "
        "per such part; the link stays valid (confirm the part with the vendor's datasheet before ordering).",
    ),
    RuleCode(
        "RATE_NEGOTIATED",
        Severity.INFO,
        "The link runs below the fastest element's rate: the highest rate common to every "
        "element (InfiniBand negotiates it; Ethernet ports must be set to it).",
    ),
    RuleCode(
        "RATE_AGGREGATED",
        Severity.INFO,
        "The rate asked for is the sum of the parallel ports of a twin-port pair (800 Gb/s as "
        "2 x 400 Gb/s over two fibers): each port runs its own link at the per-port rate.",
    ),
    RuleCode(
        "CONFIG_PREREQUISITE",
        Severity.INFO,
        "The link is valid once a setting is made on a device: a switch port put in the split mode "
        "a splitter needs (e.g. 2xHDR100), or an Ethernet port speed set for a multi-rate module "
        "run below its top rate; the finding names the setting.",
    ),
    RuleCode(
        "MODE_CONDITIONING_CORD",
        Severity.INFO,
        "The PMD's clause runs over this multimode grade only with an offset-launch mode-conditioning "
        "patch cord at each transceiver (10GBASE-LRM over OM1/OM2, clause 68; 1000BASE-LX over "
        "multimode, clause 38): order two, of the fiber's core size.",
    ),
    RuleCode(
        "CABLE_SLACK",
        Severity.INFO,
        "A named fixed-length cable or fiber cord (a DAC, ACC or AOC, or a catalogue fiber cord) is 5 m or "
        "more longer than the run (e.g. a 30 m MFP7E30-N030 for a 10 m run: 20 m of slack): the slack must "
        "be coiled and stored no tighter than the cable's minimum bend radius. The finding names the shortest "
        "length of the part's family that covers the run, or says the catalogue holds no shorter sourced "
        "length (order the length the run needs and check its part number with the vendor); the limit is "
        "the part's length in metres. Below 5 m (a 3 m DAC on a 2.2 m run) slack is ordinary rounding up to "
        "an orderable length and is not said. It changes neither validity nor ranking.",
    ),
    RuleCode(
        "FEC_REQUIRED",
        Severity.INFO,
        "The FEC both ends must run (IEEE 802.3 clause or vendor document): e.g. RS(528,514) Clause 91 "
        "RS-FEC for 100GBASE-SR4 or a 100G DAC; ports set to different FEC modes keep the link down. "
        "Where a source lists the FEC modes a port runs at the link's rate, the note names them. "
        "Never raised for a PMD that needs no FEC (100GBASE-LR4): see FEC_SETTING.",
    ),
    RuleCode(
        "FEC_SETTING",
        Severity.INFO,
        "The PMD needs no FEC (e.g. 100GBASE-LR4: FEC not required on 100 Gb long-range optics), but a "
        "port of the link is sourced to run an FEC mode at this rate as well as none: both ends must be "
        "set alike, so set FEC off at both ends (a port set to an FEC mode against one set off keeps the "
        "link down). Not raised where no port's FEC modes are known.",
    ),
    RuleCode(
        "AUTONEG_REQUIRED",
        Severity.INFO,
        "A vendor document says the port's auto-negotiation must be on for this link (NVIDIA Cumulus "
        "Linux: a Spectrum-4 switch linked to another Spectrum-4 switch with PAM4 modulation); the "
        "finding names the setting.",
    ),
    RuleCode(
        "AUTONEG_UNSUPPORTED",
        Severity.INFO,
        "A vendor document says the port does not auto-negotiate on this link, so its speed must be "
        "forced (NVIDIA Cumulus Linux: SN4700 and SN4410 QSFP-DD ports with 400G transceiver modules).",
    ),
)
"""Every code a verdict can carry, errors first, in the order findings are sorted."""

RULE_CODES: tuple[str, ...] = tuple(r.code for r in RULES if r.severity is Severity.ERROR)
"""Every error code (a finding with one of these makes a link invalid)."""

NOTICE_CODES: tuple[str, ...] = tuple(r.code for r in RULES if r.severity is not Severity.ERROR)
"""Warning and info codes: they explain a valid link, never invalidate it."""

_ORDER = {r.code: i for i, r in enumerate(RULES)}
_SEVERITY = {code: next(r.severity for r in RULES if r.code == code) for code in _ORDER}
"""Each code's severity (the first rule listing the code)."""
_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
Side_ = Literal["A", "B"]
_SIDES: tuple[Side_, Side_] = ("A", "B")


def _finding(
    code: str,
    message: str,
    fix: str | None,
    parts: Iterable[str | None],
    sources: Iterable[str],
    limit: float | None = None,
) -> Finding:
    severity = _SEVERITY[code]
    named = tuple(dict.fromkeys(p for p in parts if p))
    source_ids = tuple(dict.fromkeys(sources))
    if (
        (limit is None or type(limit) is float)
        and all(type(p) is str for p in named)
        and all(type(x) is str for x in source_ids)
    ):
        # Already of the types validation would give (findings are made in the hot loop of a cold
        # answer): the same model, without validating it again.
        return _built(
            Finding,
            {
                "code": code,
                "severity": severity,
                "message": message,
                "fix": fix,
                "parts": named,
                "source_ids": source_ids,
                "limit": limit,
            },
            _FINDING_SET,
        )
    return Finding(
        code=code, severity=severity, message=message, fix=fix, parts=named, source_ids=source_ids, limit=limit
    )


_M = TypeVar("_M", bound=BaseModel)
_FINDING_SET = frozenset(Finding.model_fields)
_VERDICT_SET = frozenset(Verdict.model_fields) - {"sources"}
_new = object.__new__
_set = object.__setattr__


def _built(cls: type[_M], values: dict[str, object], fields_set: frozenset[str]) -> _M:
    """``cls(**values)`` for values already of the types validation gives, every field in ``values``
    in declaration order and ``fields_set`` the names passed, without validating again (neither
    ``cls(...)`` nor ``model_construct``, whose per-call walk over the fields is slower than
    validation). tests/unit/rules/test_built_models.py checks it equals the validated model."""
    made = _new(cls)
    _set(made, "__dict__", values)
    _set(made, "__pydantic_fields_set__", set(fields_set))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


built = _built  # public: the use cases build their candidate links the same way


def _m(value: float) -> str:
    return f"{value:g} m"


def _rates(rates: Iterable[float]) -> str:
    return "/".join(f"{r:g}" for r in sorted(set(rates))) + " Gb/s"


def _or(items: Sequence[str]) -> str:
    items = list(dict.fromkeys(items))
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


_a = with_article  # "an SFP+ part", "a QSFP28 part", "an adapter-side part"


def family_span(family: str, ctx: RuleContext) -> str:
    """A cable family as a fix names it: something that can be ordered. The one part number of a
    one-length family ("MFP7E30-N030 (30 m)"); else the family with the lengths the catalogue holds
    ("MFP7E10 (3 to 50 m)"), never the bare prefix ("MCP1600-C" orders nothing). A family a vendor
    documents but the catalogue holds no part number of says so ("MFP7E40 (no part number in the
    catalogue)")."""
    rows = ctx.family_parts.get(family, ())
    if not rows:
        return f"{family} (no part number in the catalogue)"
    if len(rows) == 1:
        return f"{rows[0][1]} ({_m(rows[0][0])})"
    lo, hi = rows[0][0], rows[-1][0]
    return f"{family} ({_m(lo)})" if lo == hi else f"{family} ({lo:g} to {_m(hi)})"


def _families(families: Sequence[str], ctx: RuleContext) -> str:
    """:func:`_or` of :func:`family_span` of each family."""
    return _or([family_span(f, ctx) for f in families])


def _the_cage(end: ResolvedEnd) -> str:
    """ "the OSFP cage of the QM9700" for a device's end; a bare end's own label ("an SFP+ cage"), not
    "the SFP+ cage of an SFP+ cage"."""
    return f"the {end.cage.form_factor} cage of {end.label}" if end.device is not None else end.label


def _pn(part: Transceiver | Cable | FiberCable | Adapter | None, default: str) -> str:
    return part.part_number if part is not None and part.part_number else default


def _other(side: Side_) -> Side_:
    return "B" if side == "A" else "A"


def _end(link: Link, side: Side_) -> ResolvedEnd:
    return link.end_a if side == "A" else link.end_b


def _module(link: Link, side: Side_) -> Transceiver | None:
    return link.module_a if side == "A" else link.module_b


def _adapter(link: Link, side: Side_) -> Adapter | None:
    return link.adapter_a if side == "A" else link.adapter_b


def _cable_ends(cable: Cable, end_at_a: str) -> tuple[CableEnd, CableEnd]:
    """(the cable end at link end A, the cable end at link end B)."""
    return (cable.end_a, cable.end_b) if end_at_a == "A" else (cable.end_b, cable.end_a)


def _seats(link: Link) -> list[str]:
    """The form factor each end offers a module: the adapter's seat where one sits in the cage."""
    out = []
    for side in _SIDES:
        adapter = _adapter(link, side)
        out.append(adapter.accepts if adapter is not None else _end(link, side).cage.form_factor)
    return out


def _shared_pmds(link: Link, ctx: RuleContext) -> list[Pmd]:
    """The PMDs both transceivers run on this link: those both implement, else (a breakout) the
    leg PMD of a breakout mode of the trunk module's PMD (see :func:`breakout_leg_pmds`)."""
    if link.module_a is None or link.module_b is None:
        return []
    names = [n for n in link.module_a.pmds if n in link.module_b.pmds] or breakout_leg_pmds(link, ctx)
    pmds = [ctx.pmds[n] for n in names if n in ctx.pmds]
    return _of_protocol(pmds, link)


def pmds_of_protocol(names: Sequence[str], link: Link, ctx: RuleContext) -> list[str]:
    """Of the PMD names a transceiver pair shares, those of the protocol ``link`` runs (see
    :func:`_of_protocol`); names the catalogue does not hold are kept as they are."""
    known = [ctx.pmds[n] for n in names if n in ctx.pmds]
    kept = {p.name for p in _of_protocol(known, link)}
    return [n for n in names if n in kept or n not in ctx.pmds]


def _of_protocol(pmds: list[Pmd], link: Link) -> list[Pmd]:
    """Of the PMDs a dual-protocol pair shares, those of the protocol the link runs.

    NVIDIA's 100G-PAM4 optics run NDR InfiniBand or 400GbE by the switch they sit in (N03): the
    parts list both PMDs (``NDR SR4`` and ``400G-SR4``). A link whose protocol is settled (asked for,
    or the only one every end and part runs) runs that protocol's PMD, so an Ethernet answer names
    the Ethernet PMD and an InfiniBand one the IBTA-rate one; with both protocols open, all of them
    (listed order: the parts name the InfiniBand PMD first). Unchanged when none is of that protocol.
    """
    if len({p.family for p in pmds}) < 2:
        return pmds
    protocols = _common_protocols(link)
    if len(protocols) != 1:
        return pmds
    (protocol,) = protocols
    return [p for p in pmds if p.family is protocol] or pmds


def breakout_leg_pmds(link: Link, ctx: RuleContext) -> list[str]:
    """The leg PMDs a PMD breakout gives this link, or [] when it is not a PMD breakout.

    A breakout: a fiber splitter or harness of N legs whose trunk module runs a PMD with a sourced
    breakout mode N × leg PMD, and whose leg module implements that leg PMD (and shares no PMD with
    the trunk module)::

        QDD-400G-DR4 (400GBASE-DR4) ══ MPO-12/APC → 4 × LC/UPC harness ══< QSFP-100G-DR (100GBASE-DR)
    """
    found = _split_modules(link)
    if found is None:
        return []
    split, trunk, leg = found
    if set(trunk.pmds) & set(leg.pmds):
        return []
    out = [
        b.pmd
        for name in trunk.pmds
        if name in ctx.pmds
        for b in ctx.pmds[name].breakouts
        if b.legs == split.legs and b.pmd in leg.pmds
    ]
    return list(dict.fromkeys(out))


def _split_modules(link: Link) -> tuple[FiberRun, Transceiver, Transceiver] | None:
    """The link's first split run (a harness or splitter of legs) with the transceiver at its trunk
    end and the one at its legs; None without a split run or a module at either end."""
    split = next((r for r in link.fibers if r.legs > 1), None)
    if split is None:
        return None
    trunk, leg = _module(link, _other(split.legs_at)), _module(link, split.legs_at)
    return None if trunk is None or leg is None else (split, trunk, leg)


def breakout_grades(trunk: Pmd, leg: Pmd) -> list[str]:
    """The fiber grades a breakout of ``trunk`` into ``leg`` legs runs over: those the leg PMD
    reaches over, less any the trunk PMD's complete reach table omits (its optics do not support
    them: 40GBASE-SR4 has no OM1/OM2 row, though its 10GBASE-SR legs do). In the leg's order."""
    held = {r.fiber for r in trunk.reach}
    return [r.fiber for r in leg.reach if not trunk.reach_complete or r.fiber in held]


def _reach_modules(link: Link, ctx: RuleContext) -> list[Transceiver]:
    """The link's modules, whose own reach caps the link's. A PMD breakout's trunk module also
    carries the reach of the trunk PMD it breaks out: its optics are rated for no more than that
    PMD's reach (a 40GBASE-SR4 module run as 4 x 10GBASE-SR reaches 150 m over OM4, not the
    400 m of 10GBASE-SR)."""
    modules = [m for m in (link.module_a, link.module_b) if m is not None]
    legs = breakout_leg_pmds(link, ctx)
    if not legs:
        return modules
    split = next(r for r in link.fibers if r.legs > 1)
    trunk = _module(link, _other(split.legs_at))
    if trunk is None:
        return modules
    rows = [
        r
        for name in trunk.pmds
        if name in ctx.pmds and any(b.pmd in legs for b in ctx.pmds[name].breakouts)
        for r in ctx.pmds[name].reach
    ]
    capped = trunk.model_copy(update={"reach": [*trunk.reach, *rows]})
    return [capped if m is trunk else m for m in modules]


def _active_pmds(shared: list[Pmd], rate: float | None) -> list[Pmd]:
    """The shared PMDs the link runs: those of its rate (a dual-rate pair at 25G runs 25GBASE-SR),
    else all of them (InfiniBand PMDs also run narrower modes, e.g. NDR SR4 at NDR200)."""
    at_rate = [p for p in shared if rate is not None and abs(p.rate_gbps - rate) < 1e-9]
    return at_rate or shared


# --- geometry: splits, parallel ports, lanes -------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    """How a link's ports map onto its parts.

    Attributes:
        trunk: the end whose port is split by a splitter ("A" or "B"), None for a straight link.
        legs: links one split port fans out into (1 when straight).
        ports: links running in parallel over this chain (2 for twin-port to twin-port).
        lanes: lanes each link uses, None when unknown.
    """

    trunk: Side_ | None = None
    legs: int = 1
    ports: int = 1
    lanes: int | None = None


def geometry(link: Link, ctx: RuleContext) -> Geometry:
    """The split, parallel ports and lanes of ``link`` (see :class:`Geometry`)."""
    if link.cable is not None:
        at_a, at_b = _cable_ends(link.cable, link.cable_end_at_a)
        trunk: Side_ | None = None
        legs = 1
        by_side = {"A": (at_a, at_b), "B": (at_b, at_a)}
        for side in _SIDES:
            this, other = by_side[side]
            if this.plugs == 1 and other.plugs > 1:
                per_port = max(other.plugs // max(this.ports, 1), 1)
                if per_port > 1:
                    trunk, legs = side, per_port
        ports = min(at_a.ports, at_b.ports) if at_a.plugs == 1 and at_b.plugs == 1 else 1
        lanes = min(
            max(by_side[side][0].lanes // max(by_side[side][0].ports, 1) // (legs if trunk == side else 1), 1)
            for side in _SIDES
        )
        return Geometry(trunk=trunk, legs=legs, ports=ports, lanes=lanes)
    split = next((r for r in link.fibers if r.legs > 1), None)
    legs = split.legs if split is not None else 1
    trunk = None if split is None else _other(split.legs_at)
    ports = 1
    if (
        link.module_a is not None
        and link.module_b is not None
        and len(link.fibers) == 2
        and link.module_a.ports == 2
        and link.module_b.ports == 2
    ):
        ports = 2
    shared = _shared_pmds(link, ctx)
    per_leg = 1 if breakout_leg_pmds(link, ctx) else legs  # a breakout's shared PMD is the leg's own
    fiber_lanes = max(min(p.lanes for p in shared) // per_leg, 1) if shared else None
    return Geometry(trunk=trunk, legs=legs, ports=ports, lanes=fiber_lanes)


# --- structure ------------------------------------------------------------------------------------


def check_structure(link: Link) -> list[Finding]:
    """LINK_STRUCTURE: the chain must be end–cable–end or end–module–fiber(s)–module–end."""
    problems: list[str] = []
    if link.cable is not None and (link.module_a or link.module_b or link.fibers):
        problems.append("a direct-attach cable plugs straight into both cages: remove the transceivers and fibers")
    if link.cable is None:
        if link.module_a is None or link.module_b is None:
            problems.append("an optical link needs a transceiver at each end")
        if not link.fibers:
            if any(m is not None and m.connector == "RJ-45" for m in (link.module_a, link.module_b)):
                problems.append(
                    "an RJ-45 transceiver link needs a twisted-pair cable between the transceivers "
                    "(a medium with fiberType Cat5e or Cat6 and connector RJ-45)"
                )
            else:
                problems.append("an optical link needs a fiber between the transceivers")
        ports = min((m.ports for m in (link.module_a, link.module_b) if m is not None), default=1)
        if len(link.fibers) > max(ports, 1) or len(link.fibers) > 2:
            problems.append(
                f"{len(link.fibers)} fibers given, but the transceivers have {ports} port(s) "
                "in common: one fiber per port"
            )
    if not problems:
        return []
    return [
        _finding(
            "LINK_STRUCTURE",
            "; ".join(problems),
            "describe the link as end A, [adapter], module A, fiber(s), module B, [adapter], end B; "
            "or end A, cable, end B",
            link.part_numbers(),
            [],
        )
    ]


# --- fit ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Plug:
    """Something that goes into a cage: a transceiver, or one end of a direct-attach cable."""

    name: str
    form_factor: str
    top_style: TopStyle | None
    side: Side
    ports: int
    sources: tuple[str, ...]
    rates_gbps: tuple[float, ...] = ()  # what the part runs, for a fix that notes the cage's top rate
    top_style_sources: tuple[str, ...] = ()
    """The sources that state the plug's top style (empty: cite ``sources``)."""


def _plug(link: Link, side: Side_) -> _Plug | None:
    if link.cable is not None:
        at_a, at_b = _cable_ends(link.cable, link.cable_end_at_a)
        end = at_a if side == "A" else at_b
        label = link.cable_end_at_a if side == "A" else ("B" if link.cable_end_at_a == "A" else "A")
        return _Plug(
            f"{_pn(link.cable, 'the cable')} end {label}",
            end.form_factor,
            end.top_style,
            end.side,
            end.ports,
            tuple(link.cable.sources),
            tuple(link.cable.rates_gbps),
            tuple(end.top_style_sources),
        )
    module = _module(link, side)
    if module is None:
        return None
    return _Plug(
        _pn(module, "the module"),
        module.form_factor,
        module.top_style,
        module.side,
        module.ports,
        tuple(module.sources),
        tuple(module.rates_gbps),
        tuple(module.top_style_sources),
    )


def _takes(cage_ff: str, ctx: RuleContext) -> list[str]:
    return sorted({cage_ff} | {f.name for f in ctx.form_factors.values() if ctx.fits(f.name, cage_ff)})


def _cage_top_sources(end: ResolvedEnd) -> list[str]:
    """The documents that state a cage's top style: none for a bare cage (the user said it; its form
    factor's sources say nothing of one cage's top), else the cage's top-style sources or its own."""
    return [] if end.bare else list(end.cage.top_style_sources or end.cage.sources)


def _fit_one(plug: _Plug, end: ResolvedEnd, adapter: Adapter | None, ctx: RuleContext) -> list[Finding]:
    """The fit rules for one plug (and the adapter it sits in, if any) at one end."""
    out: list[Finding] = []
    cage = end.cage
    if adapter is not None:
        name = _pn(adapter, "the adapter")
        if not ctx.fits(adapter.form_factor, cage.form_factor):
            out.append(
                _finding(
                    "FORM_FACTOR_MISMATCH",
                    f"{name} is {_a(adapter.form_factor + ' plug')}; {_the_cage(end)} does "
                    f"not take {adapter.form_factor}",
                    f"use an adapter that fits {_a(cage.form_factor + ' cage')}, or none",
                    [name],
                    [*cage.sources, *adapter.sources],
                )
            )
        if end.role is not Side.ANY and adapter.side is not Side.ANY and adapter.side is not end.role:
            out.append(
                _finding(
                    "WRONG_SIDE",
                    f"{name} is made for the {adapter.side.value} side, but {end.label} is on the "
                    f"{end.role.value} side",
                    f"use {_a(end.role.value + '-side adapter')} in {end.label}",
                    [name],
                    adapter.sources,
                )
            )
        seat, seat_label = adapter.accepts, f"the {adapter.accepts} seat of {name} in {end.label}"
        if not ctx.fits(plug.form_factor, seat):
            others = [_pn(a, "") for a in ctx.adapters_for(plug.form_factor, cage.form_factor)]
            fix = f"use {_a(_or(_takes(seat, ctx)) + ' part')} in {name}"
            if others:
                fix += f", or the {_or(others)} adapter for {_a(plug.form_factor + ' part')}"
            out.append(
                _finding(
                    "FORM_FACTOR_MISMATCH",
                    f"{plug.name} is {plug.form_factor}; {seat_label} does not take {plug.form_factor}",
                    fix,
                    [plug.name, name],
                    [*plug.sources, *adapter.sources],
                )
            )
        elif plug.ports > 1:
            out.append(
                _finding(
                    "PORT_COUNT_MISMATCH",
                    f"{plug.name} is a twin-port plug ({plug.ports} ports); {seat_label} has 1 port",
                    f"use a single-port part in {name}",
                    [plug.name, name],
                    [*plug.sources, *adapter.sources],
                )
            )
        return out
    fit = ctx.fit_sources(plug.form_factor, cage.form_factor)
    if fit is None:
        fix = f"use {_a(_or(_takes(cage.form_factor, ctx)) + ' part')} in {end.label}"
        top = max(cage.speeds_gbps, default=None)
        if top is not None and plug.rates_gbps and min(plug.rates_gbps) > top + 1e-9:
            # A faster generation's plug (an HDR QSFP56 DAC in an EDR QSFP28 cage): say what rate fits.
            fix += f" (its cage runs up to {top:g} Gb/s; {plug.name} runs {_rates(plug.rates_gbps)})"
        adapters = [_pn(a, "") for a in ctx.adapters_for(plug.form_factor, cage.form_factor)]
        if adapters:
            fix += f", or put {plug.name} in {_a(_or(adapters) + ' adapter')}"
        out.append(
            _finding(
                "FORM_FACTOR_MISMATCH",
                f"{plug.name} is {plug.form_factor}; {_the_cage(end)} does not take {plug.form_factor}",
                fix,
                [plug.name],
                [*cage.sources, *plug.sources],
            )
        )
        return out
    out += _host_lanes(plug, end, ctx)
    if cage.top_style is not None and plug.top_style is not None and plug.top_style != cage.top_style:
        why = (
            "its riding heat sink needs a flat-top module"
            if cage.top_style is TopStyle.FLAT
            else "air-cooled switch cages need finned modules"
        )
        out.append(
            _finding(
                "TOP_STYLE_MISMATCH",
                f"{plug.name} is {plug.top_style.value}-top; {_the_cage(end)} "
                f"takes {cage.top_style.value}-top only ({why})",
                f"use the {cage.top_style.value}-top variant in {end.label}",
                [plug.name],
                # Only the documents that state each top style: not every source of the cage (its
                # split modes, rates) or of the part (its lengths, OPN lists), nor the form-factor fit;
                # a bare cage's top style is the user's word, which no document states.
                [*_cage_top_sources(end), *(plug.top_style_sources or plug.sources)],
            )
        )
    elif cage.top_style is not None and plug.top_style is None:
        # The cage takes one top style and no source states the plug's: never a confident "fits"
        # (a finned plug cannot enter a riding-heat-sink cage; a flat-top one in an air-cooled
        # switch cage runs hot). The link is not rejected for it.
        out.append(
            _finding(
                "TOP_STYLE_UNVERIFIED",
                f"no source in the catalogue states whether {plug.name} is finned or flat-top; "
                f"{_the_cage(end)} takes {cage.top_style.value}-top only",
                f"confirm with the part's vendor that {plug.name} is {cage.top_style.value}-top, "
                f"or use a part documented {cage.top_style.value}-top in {end.label}",
                [plug.name],
                [*_cage_top_sources(end), *plug.sources],
            )
        )
    if end.role is not Side.ANY and plug.side is not Side.ANY and plug.side is not end.role:
        out.append(
            _finding(
                "WRONG_SIDE",
                f"{plug.name} is made for the {plug.side.value} side, but {end.label} is on the {end.role.value} side",
                f"use {_a(end.role.value + '-side part')} in {end.label}",
                [plug.name],
                plug.sources,
            )
        )
    if (not end.bare or end.ports_declared) and plug.ports > cage.logical_ports_per_cage:
        out.append(
            _finding(
                "PORT_COUNT_MISMATCH",
                f"{plug.name} is a twin-port plug ({plug.ports} ports); {_the_cage(end)} "
                f"has {cage.logical_ports_per_cage} port",
                f"use a single-port part in {end.label}",
                [plug.name],
                [*cage.sources, *plug.sources],
            )
        )
    return out


def _host_lanes(plug: _Plug, end: ResolvedEnd, ctx: RuleContext) -> list[Finding]:
    """HOST_LANES_UNVERIFIED: the plug fits the cage through a fit that needs a host whose electrical
    lanes run a given rate (a QSFP112 plug, 4 x 100G lanes, in a QSFP-DD cage: a QSFP-DD800-class
    host), and the cage is not known to have such lanes: a bare cage (the catalogue does not know its
    host), or a device cage whose top listed rate over its lanes is slower (a 400 Gb/s QSFP-DD cage,
    8 x 50G). No source says such a host refuses the plug, so the link is not rejected for it."""
    fit = ctx.fit(plug.form_factor, end.cage.form_factor)
    if fit is None or fit.host_lane_gbps is None:
        return []
    cage, need = end.cage, fit.host_lane_gbps
    cage_ff = ctx.form_factors.get(cage.form_factor)
    top = max(cage.speeds_gbps, default=None)
    needs = (
        f"{plug.name} is {_a(plug.form_factor)} plug: {_a(cage.form_factor + ' cage')} runs it only on a "
        f"host whose electrical lanes run {need:g} Gb/s"
    )
    if end.bare or top is None or cage_ff is None or not cage_ff.lanes:
        message = f"{needs}; the catalogue does not know the host lanes of {_the_cage(end)}"
    else:
        lane = top / cage_ff.lanes
        if lane >= need - 1e-9:
            return []
        message = (
            f"{needs}; {_the_cage(end)} lists {top:g} Gb/s at most over {cage_ff.lanes} lanes ({lane:g} Gb/s each)"
        )
    return [
        _finding(
            "HOST_LANES_UNVERIFIED",
            message,
            f"confirm that {_the_cage(end)} runs {need:g} Gb/s host lanes, or use "
            f"{_a(cage.form_factor + ' part')} in {end.label}",
            [plug.name],
            [*fit.sources, *([] if end.bare else cage.sources)],
        )
    ]


def check_fit(link: Link, ctx: RuleContext) -> list[Finding]:
    """FORM_FACTOR_MISMATCH, TOP_STYLE_MISMATCH, WRONG_SIDE and PORT_COUNT_MISMATCH, at both ends
    (and the warning TOP_STYLE_UNVERIFIED where a cage takes one top style and no source states the plug's,
    HOST_LANES_UNVERIFIED where a fit needs host lanes the cage is not known to have).

    A plug fits a cage of its own form factor or one its form factor ``fits_in`` (backward
    compatibility, e.g. QSFP28 in QSFP-DD, SFP+ in SFP28). With an adapter the adapter must fit the
    cage and the plug must fit the adapter's ``accepts`` seat.
    """
    out: list[Finding] = []
    for side in _SIDES:
        end, adapter, plug = _end(link, side), _adapter(link, side), _plug(link, side)
        if plug is not None:
            out += _fit_one(plug, end, adapter, ctx)
        elif adapter is not None and not ctx.fits(adapter.form_factor, end.cage.form_factor):
            out.append(
                _finding(
                    "FORM_FACTOR_MISMATCH",
                    f"{_pn(adapter, 'the adapter')} is {_a(adapter.form_factor + ' plug')}; "
                    f"{_the_cage(end)} does not take it",
                    None,
                    [adapter.part_number],
                    adapter.sources,
                )
            )
    return _distinct(out) if len(out) > 1 else out


# --- signal: protocol, PMD, rate ----------------------------------------------------------------


def _common_protocols(link: Link) -> set[Protocol]:
    """The protocols every end and part of ``link`` runs, narrowed to the one asked for: the set
    :func:`_protocols` returns, without building its findings (this runs once per PMD lookup)."""
    common = set(Protocol)
    for end in (link.end_a, link.end_b):
        if not end.bare:
            common &= set(end.cage.protocols)
    for part in (link.adapter_a, link.module_a, link.cable, link.module_b, link.adapter_b):
        if part is not None:
            common &= set(part.protocols)
    return common & {link.protocol} if link.protocol is not None else common


def _protocols(link: Link) -> tuple[set[Protocol], list[Finding]]:
    holders: list[tuple[str, set[Protocol], tuple[str, ...]]] = []
    for end in (link.end_a, link.end_b):
        if not end.bare:
            holders.append((end.label, set(end.cage.protocols), tuple(end.cage.sources)))
    for part in (link.adapter_a, link.module_a, link.cable, link.module_b, link.adapter_b):
        if part is not None:
            holders.append((part.part_number or "part", set(part.protocols), tuple(part.sources)))
    common = set(Protocol)
    for _, protos, _ in holders:
        common &= protos
    findings: list[Finding] = []
    wanted = link.protocol
    if wanted is not None and wanted not in common:
        lacking = [(n, p, s) for n, p, s in holders if wanted not in p]
        findings.append(
            _finding(
                "PROTOCOL_MISMATCH",
                f"{wanted.value} was asked for, but "
                + "; ".join(f"{n} is {'/'.join(sorted(x.value for x in p))} only" for n, p, _ in lacking),
                f"use {wanted.value}-capable parts throughout"
                + (f", or run the link as {_or(sorted(p.value for p in common))}" if common else ""),
                [n for n, _, _ in lacking],
                [x for _, _, s in lacking for x in s],
            )
        )
    elif not common:
        findings.append(
            _finding(
                "PROTOCOL_MISMATCH",
                "no protocol is supported by every element: "
                + "; ".join(f"{n}: {'/'.join(sorted(p.value for p in protos))}" for n, protos, _ in holders),
                "use InfiniBand-capable parts throughout, or Ethernet-capable parts throughout",
                [n for n, _, _ in holders],
                [x for _, _, s in holders for x in s],
            )
        )
    if wanted is not None:
        common &= {wanted}
    return common, findings


def _breakout_pmd_fix(link: Link, ctx: RuleContext) -> str | None:
    """The fix of a PMD_MISMATCH across a harness or splitter of N legs: the leg PMDs the trunk
    module's PMD breaks out to (with the catalogue's modules for the leg seat), and the trunk PMDs
    that break out to the leg module's PMD (with modules for the trunk seat). None when the link has
    no split run, or no sourced breakout mode names either side::

        400GBASE-DR4 breaks out to 4 x 100GBASE-DR: use 100GBASE-DR transceivers at the legs
        (QSFP-100G-DR-S, …), or a trunk transceiver that breaks out to 4 x 100GBASE-FR1 (400G-XDR4: …)
    """
    found = _split_modules(link)
    if found is None:
        return None
    split, trunk, leg = found
    trunk_side, leg_side = _other(split.legs_at), split.legs_at
    seats = dict(zip(_SIDES, _seats(link), strict=True))

    def named(numbers: list[str], vendor: str | None) -> str:
        """The first three, the other end's vendor first (Cisco's QSFP-100G-DR-S for Cisco's DR4)."""
        mods = ctx.modules
        first = sorted(numbers, key=lambda n: (n not in mods or mods[n].vendor != vendor, n))[:3]
        return f" ({_or(first)})" if first else ""

    offers = []
    for name in trunk.pmds:
        pmd = ctx.pmds.get(name)
        for b in pmd.breakouts if pmd is not None else []:
            if b.legs == split.legs:
                modules = ctx.modules_for([b.pmd], [seats[leg_side]])
                offers.append(
                    f"{name} breaks out to {b.legs} × {b.pmd}: use {b.pmd} transceivers at the legs"
                    + named(modules, trunk.vendor)
                )
    trunks = [
        (p.name, b.pmd) for p in ctx.pmds.values() for b in p.breakouts if b.legs == split.legs and b.pmd in leg.pmds
    ]
    for trunk_pmd, leg_pmd in trunks:
        modules = ctx.modules_for([trunk_pmd], [seats[trunk_side]])
        if modules:
            offers.append(
                f"for {leg_pmd} legs, a {trunk_pmd} transceiver at the trunk{named(modules, leg.vendor)}, which "
                f"breaks out to {split.legs} × {leg_pmd}"
            )
    return "; or ".join(offers) if offers else None


def _pmd_mismatch(link: Link, ctx: RuleContext) -> Finding | None:
    a, b = link.module_a, link.module_b
    if a is None or b is None or _shared_pmds(link, ctx):
        return None
    # Each module's PMDs in the protocol the link runs (a dual-protocol NDR/400GbE module runs NDR SR4
    # facing an InfiniBand-only HDR module).
    names_a, names_b = pmds_of_protocol(a.pmds, link, ctx), pmds_of_protocol(b.pmds, link, ctx)
    pa, pb = "/".join(names_a), "/".join(names_b)
    pmds = [ctx.pmds[n] for n in (*names_a, *names_b) if n in ctx.pmds]
    gens_a = {ctx.pmds[n].generation for n in names_a if n in ctx.pmds}
    gens_b = {ctx.pmds[n].generation for n in names_b if n in ctx.pmds}
    breakout_fix = _breakout_pmd_fix(link, ctx)
    if breakout_fix is not None:
        fix = breakout_fix
    elif pmds and all(p.family is Protocol.INFINIBAND for p in pmds) and gens_a.isdisjoint(gens_b):
        fix = (
            f"optics of different InfiniBand generations ({pa} and {pb}) do not link directly: use optics "
            "of one generation at both ends, or a cable documented for linking these two generations"
        )
    else:
        fix = f"use transceivers of one PMD at both ends ({_or([*names_a, *names_b])})"
        # A module implementing both only where the catalogue holds one for both cages (there is no
        # 100GBASE-LR4 + 100G-CWDM4 module, so none is offered for that pair).
        both = sorted(
            {
                number
                for pm_a in names_a
                for pm_b in names_b
                for seat in _seats(link)
                for number in ctx.modules_for([pm_a, pm_b], [seat])
            }
        )
        if both:
            fix += (
                f", or a dual-rate module that implements both {pa} and {pb} ({_or(both)}), its port set to "
                "the rate of the other end"
            )
    return _finding(
        "PMD_MISMATCH",
        f"{_pn(a, 'module A')} runs {pa} but {_pn(b, 'module B')} runs {pb}: both ends must run the same PMD",
        fix,
        [a.part_number, b.part_number],
        # The two PMDs' defining sources: what the reason rests on (two PMDs that differ), not every
        # document that lists either module (compatibility matrices, inventories, adapter notes).
        [s for p in pmds for s in p.sources],
    )


@dataclass(frozen=True)
class _Rates:
    """What one element allows: a set of rates (Gb/s), or only a ceiling (an adapter)."""

    name: str
    rates: frozenset[float] | None
    sources: tuple[str, ...]
    cap: float | None = None
    unstated_below: float | None = None
    """A device cage whose source does not state its rates completely: a rate below this one (its top
    listed rate) that ``rates`` does not list is allowed, but unverified (RATE_UNVERIFIED)."""
    older_cage: str | None = None
    """The form factor of a bare cage that caps a plug of another form factor (``cap`` is its top rate)."""

    def allows(self, rate: float) -> bool:
        if self.rates is not None and rate not in self.rates and not self.unstated(rate):
            return False
        return self.cap is None or rate <= self.cap + 1e-9

    def unstated(self, rate: float) -> bool:
        """True for a rate this element neither lists nor is stated not to run (below its top rate)."""
        return (
            self.unstated_below is not None
            and self.rates is not None
            and rate not in self.rates
            and rate < self.unstated_below - 1e-9
        )

    def top(self, universe: set[float]) -> float:
        pool = self.rates if self.rates is not None else frozenset(r for r in universe if self.allows(r))
        return max(pool, default=0.0)

    def describe(self) -> str:
        return _rates(self.rates) if self.rates is not None else f"up to {self.cap:g} Gb/s"


def _rate_constraints(
    link: Link, geo: Geometry, shared: list[Pmd], protocol: Protocol | None, ctx: RuleContext
) -> list[_Rates]:
    """What each element allows, as seen on one link (one splitter leg).

    A bare form factor states no speeds, so it does not limit the rate of a plug of its own form
    factor. A plug of another form factor is limited by the cage form factor's top rate
    (``FormFactor.max_rate_gbps``), whether it fits it (a dual-rate 40/100G QSFP28 in a bare QSFP+
    cage runs 40 Gb/s at most: the fit is mechanical, S53/OC04) or not (FORM_FACTOR_MISMATCH: a
    QSFP28 DAC between two bare SFP+ cages must not claim the plug's 100 Gb/s, which no SFP+ cage
    runs). The cap's sources are the form factor's and, for a fit, the fit's.
    """
    out: list[_Rates] = []
    split = geo.trunk is not None and geo.legs > 1
    for side in _SIDES:
        end, adapter = _end(link, side), _adapter(link, side)
        if not end.bare:
            speeds = frozenset(end.cage.speeds_gbps)
            name = end.label
            if split and geo.trunk == side:  # each leg carries 1/legs of the port's lanes
                speeds = frozenset(s / geo.legs for s in speeds)
                name = f"{end.label} (port split {geo.legs} ways)"
            below = None if end.cage.rates_complete else max(speeds, default=None)
            out.append(_Rates(name, speeds, tuple(end.cage.sources), unstated_below=below))
        elif adapter is None:
            plug = _plug(link, side)
            ff = ctx.form_factors.get(end.cage.form_factor)
            if (
                plug is not None
                and ff is not None
                and ff.max_rate_gbps is not None
                and plug.form_factor != end.cage.form_factor
            ):
                cap = ff.max_rate_gbps / geo.legs if split and geo.trunk == side else ff.max_rate_gbps
                fit = ctx.fit_sources(plug.form_factor, end.cage.form_factor) or ()
                out.append(_Rates(end.label, None, (*ff.sources, *fit), cap=cap, older_cage=ff.name))
        if adapter is not None:
            out.append(_Rates(_pn(adapter, "adapter"), None, tuple(adapter.sources), cap=adapter.max_rate_gbps))
    for side in _SIDES:
        module = _module(link, side)
        if module is None:
            continue
        rates = frozenset(module.rates_gbps)
        name = _pn(module, f"module {side}")
        if split and link.cable is None and geo.trunk == side:
            rates = frozenset({max(rates) / geo.legs})
            name = f"{name} (port split {geo.legs} ways)"
        out.append(_Rates(name, rates, tuple(module.sources)))
    if link.cable is not None:
        out.append(_Rates(_pn(link.cable, "cable"), frozenset(link.cable.rates_gbps), tuple(link.cable.sources)))
    if shared and (protocol is Protocol.ETHERNET or all(p.family is Protocol.ETHERNET for p in shared)):
        out.append(
            _Rates(
                "PMD " + "/".join(p.name for p in shared),
                frozenset(p.rate_gbps for p in shared),
                tuple(s for p in shared for s in p.sources),
            )
        )
    return out


def _aggregate_per_port(asked: float | None, geo: Geometry, common: set[float]) -> float | None:
    """The per-port rate when ``asked`` is the aggregate of the parallel ports of a twin-port pair.

    A twin-port OSFP pair over two straight fibers (or a twin-port to twin-port cable) carries
    ``geo.ports`` links side by side; 800 Gb/s between two 800G OSFP cages is built that way
    (2 x 400 Gb/s: 2xSR4, 2xDR4, 2xFR4). None when ``asked`` is itself a per-link rate, or when the
    chain has one port, or when no element runs ``asked / geo.ports``.
    """
    if asked is None or geo.ports < 2 or asked in common:
        return None
    per_port = asked / geo.ports
    return per_port if per_port in common else None


def _aggregate_finding(link: Link, geo: Geometry, asked: float, per_port: float) -> Finding:
    """RATE_AGGREGATED (info): the rate asked is carried as ``geo.ports`` parallel links."""
    twins = [m for m in (link.module_a, link.module_b, link.cable) if m is not None]
    names = list(dict.fromkeys(_pn(m, "part") for m in twins))
    return _finding(
        "RATE_AGGREGATED",
        f"{asked:g} Gb/s runs as {geo.ports} x {per_port:g} Gb/s, one link per port of {_or(names)}; "
        "each port needs its own fiber (or cable leg) and both cages must be set to that port mode",
        f"order {geo.ports} fibers of the same family per twin-port pair and set both ports to "
        f"{geo.ports} x {per_port:g} Gb/s",
        names,
        [x for m in twins for x in m.sources],
        limit=per_port,
    )


def _older_cage_rate_mismatch(link: Link, ctx: RuleContext) -> Finding | None:
    """RATE_MISMATCH for a plug that fits an older-generation cage mechanically but runs no rate the
    cage runs.

    A 25G-only SFP28 (SFP-25G-SR-S) in an SFP+ cage or a QSA's SFP+ seat, a 100G-only QSFP28 in a
    QSFP+ cage: the module goes in (SFP28 has SFP+'s dimensions, S53, OC01), but the port runs up to
    10 (40) Gb/s and the module runs 25 (100) Gb/s only. None when no end is such a case (the generic
    message then applies).
    """

    def top(name: str) -> float:
        ff = ctx.form_factors.get(name)
        return ff.max_rate_gbps if ff is not None and ff.max_rate_gbps is not None else 0.0

    lines: list[str] = []
    names: list[str] = []
    sources: list[str] = []
    adapters: list[str] = []
    seats: list[str] = []
    plugs: list[str] = []
    tops: list[str] = []
    for side in _SIDES:
        end, plug, adapter = _end(link, side), _plug(link, side), _adapter(link, side)
        if plug is None or not plug.rates_gbps:
            continue
        if adapter is not None:
            seat, where = adapter.accepts, f"the {adapter.accepts} seat of {_pn(adapter, 'the adapter')}"
            cap = adapter.max_rate_gbps if adapter.max_rate_gbps is not None else top(seat)
            offered, runs = None, f"{_pn(adapter, 'the adapter')} runs up to {cap:g} Gb/s"
            held: tuple[str, ...] = tuple(adapter.sources)
        elif end.bare:
            seat, where, cap = end.cage.form_factor, _a(end.cage.form_factor + " cage"), top(end.cage.form_factor)
            offered, runs, held = None, f"{_a(seat + ' port')} runs up to {cap:g} Gb/s", ()
        else:
            seat, where, cap = end.cage.form_factor, _the_cage(end), max(end.cage.speeds_gbps, default=0.0)
            offered = frozenset(end.cage.speeds_gbps)
            runs, held = f"the port runs {_rates(end.cage.speeds_gbps)}", tuple(end.cage.sources)
        fit = ctx.fit_sources(plug.form_factor, seat)
        if fit is None or plug.form_factor == seat or top(plug.form_factor) <= top(seat) or cap <= 0:
            continue
        if any((r in offered) if offered is not None else r <= cap + 1e-9 for r in plug.rates_gbps):
            continue
        line = (
            f"{plug.name} fits {where} mechanically ({plug.form_factor} has the {seat} mechanics), "
            f"but runs {_rates(plug.rates_gbps)} only; {runs}"
        )
        if line not in lines:
            lines.append(line)
            names.append(plug.name)
            seats.append(seat)
            plugs.append(plug.form_factor)
            if adapter is not None:  # the adapter for the module's own form factor (a QSA28 for an SFP28)
                adapters += [
                    _pn(a, "")
                    for a in ctx.adapters_for(plug.form_factor, end.cage.form_factor)
                    if a.part_number != adapter.part_number
                ]
            tops.append(f"{cap:g} Gb/s")
            ff = ctx.form_factors.get(seat)
            sources += [*fit, *(ff.sources if ff is not None else ()), *held, *plug.sources]
    if not lines:
        return None
    fix = f"use {_a(_or(seats) + ' part')}, or a multi-rate {_or(plugs)} part that also runs {_or(tops)}"
    if adapters:
        fix += f", or the {_or(adapters)} adapter for {_a(_or(plugs) + ' part')}"
    return _finding(
        "RATE_MISMATCH",
        "; ".join(lines),
        fix,
        names,
        sources,
    )


def check_signal(link: Link, ctx: RuleContext, geo: Geometry) -> tuple[list[Finding], float | None, Protocol | None]:
    """PROTOCOL_MISMATCH, PMD_MISMATCH and RATE_MISMATCH; returns (findings, rate, protocol).

    The rate is the highest one every element allows, per link (per splitter leg: a split port
    offers its speeds divided by the legs). InfiniBand ends of different generations are not an
    error: the link runs at the highest common rate and an info finding RATE_NEGOTIATED says which
    element limits it. Ethernet ends must share a PMD, and the link runs at that PMD's rate.
    """
    findings: list[Finding] = []
    protocols, proto_findings = _protocols(link)
    findings += proto_findings
    protocol = next(iter(protocols)) if len(protocols) == 1 else None
    pmd = _pmd_mismatch(link, ctx)
    if pmd is not None:
        findings.append(pmd)

    constraints = _rate_constraints(link, geo, _shared_pmds(link, ctx), protocol, ctx)
    sets = [c.rates for c in constraints if c.rates is not None]
    if not sets:
        return findings, None, protocol
    universe: set[float] = set().union(*sets)
    common = {r for r in universe if all(c.allows(r) for c in constraints)}
    if not common:
        older = _older_cage_rate_mismatch(link, ctx)
        if older is not None:
            findings.append(older)
            return findings, None, protocol
        findings.append(
            _finding(
                "RATE_MISMATCH",
                "no rate is common to every element: " + "; ".join(f"{c.name}: {c.describe()}" for c in constraints),
                "use parts of one generation/rate at both ends, or a part documented to link these rates",
                [c.name for c in constraints],
                [x for c in constraints for x in c.sources],
            )
        )
        return findings, None, protocol
    best = max(common)
    asked = link.rate_gbps
    per_port = _aggregate_per_port(asked, geo, common)
    if per_port is not None and asked is not None:
        findings.append(_aggregate_finding(link, geo, asked, per_port))
        asked = per_port
    if asked is not None and asked not in common:
        limiting = [c for c in constraints if not c.allows(asked)]
        findings.append(
            _finding(
                "RATE_MISMATCH",
                f"the link cannot run at {asked:g} Gb/s: "
                + "; ".join(f"{c.name} supports {c.describe()}" for c in limiting)
                + f"; it would run at {best:g} Gb/s",
                f"use parts that support {asked:g} Gb/s, or plan for {best:g} Gb/s",
                [c.name for c in limiting],
                [x for c in limiting for x in c.sources],
                limit=best,
            )
        )
        return findings, best, protocol
    rate = asked if asked is not None else best
    for c in {c.name: c for c in constraints if c.unstated(rate)}.values():  # one per cage, not per end
        findings.append(
            _finding(
                "RATE_UNVERIFIED",
                f"{c.name}: the source lists {c.describe()} for this cage; {rate:g} Gb/s not stated: the "
                "link is not rejected for it, but the port's rate is unverified",
                f"confirm in the device's documentation that the port runs {rate:g} Gb/s",
                [c.name],
                c.sources,
                limit=rate,
            )
        )
    fastest = max(c.top(universe) for c in constraints)
    if per_port is None and rate == best and rate < fastest:
        slowest = [c for c in constraints if abs(c.top(universe) - rate) < 1e-9]
        names = ", ".join(dict.fromkeys(c.name for c in slowest))
        if protocol is Protocol.ETHERNET:
            how, fix = "Ethernet ports do not negotiate an optic's rate", f"set both ports to {rate:g} Gb/s"
        elif protocol is Protocol.INFINIBAND:
            how, fix = "InfiniBand negotiates it", None
        else:
            how, fix = "InfiniBand negotiates it; Ethernet ports must be set to it", None
        findings.append(
            _finding(
                "RATE_NEGOTIATED",
                f"the link runs at {rate:g} Gb/s, the highest rate every element supports (limited by {names}); {how}",
                fix,
                [c.name for c in slowest],
                [x for c in slowest for x in c.sources],
                limit=rate,
            )
        )
    multi = [
        m
        for m in (link.module_a, link.module_b)
        if m is not None and len(set(m.rates_gbps)) > 1 and rate < max(m.rates_gbps) - 1e-9
    ]
    if protocol is Protocol.ETHERNET and multi:
        multi_names = [_pn(m, "module") for m in multi]
        findings.append(
            _finding(
                "CONFIG_PREREQUISITE",
                f"{_or(multi_names)} runs {_rates(r for m in multi for r in m.rates_gbps)}; at {rate:g} Gb/s both "
                "Ethernet ports must be set to that speed (a multi-rate module does not pick it by itself)",
                f"set the port speed to {rate:g} Gb/s at both ends",
                multi_names,
                [x for m in multi for x in m.sources],
                limit=rate,
            )
        )
    return findings, rate, protocol


# --- media ----------------------------------------------------------------------------------------


def _length_finding(part: Cable | FiberCable, distance: float, ctx: RuleContext) -> Finding | None:
    """CABLE_TOO_SHORT / CABLE_LENGTH_LIMIT for a catalogue cable or fiber on a run of ``distance`` m."""
    length = part.length_m or 0.0
    if length >= distance:
        return None
    pn = _pn(part, "the cable")
    family = part.family or pn
    lengths = ctx.family_lengths.get(family, (length,))
    longer = [x for x in lengths if x >= distance]
    if longer:
        # Name the part numbers of that length (two at 3 m for MCP1600-C: 30 and 26 AWG), not the
        # family prefix, which cannot be ordered.
        numbers = [n for x, n in ctx.family_parts.get(family, ()) if x == longer[0]]
        return _finding(
            "CABLE_TOO_SHORT",
            f"{pn} is {_m(length)} long; the run is {_m(distance)}",
            f"order {_or(numbers)}, the {_m(longer[0])} length of {family}"
            if numbers
            else f"order the {_m(longer[0])} length of {family}",
            [pn],
            part.sources,
            limit=length,
        )
    documented = part.max_length_m
    if documented is not None and documented >= distance:
        return _finding(
            "CABLE_TOO_SHORT",
            f"{pn} is {_m(length)} long; the run is {_m(distance)}. {family} is documented up to "
            f"{_m(documented)}, but the catalogue holds no part number longer than {_m(max(lengths))}",
            f"ask the vendor for the part number of a {family} of at least {_m(distance)} (the catalogue holds "
            f"{family_span(family, ctx)}), or use another medium",
            [pn],
            part.sources,
            limit=length,
        )
    longest = documented if documented is not None else max(lengths)
    if isinstance(part, Cable):
        beyond = _beyond(part.cable_type, distance, ctx)
    else:
        beyond = "transceivers with a longer reach and their fiber, or structured cabling"
    return _finding(
        "CABLE_LENGTH_LIMIT",
        f"the {family} family goes up to {_m(longest)}; the run is {_m(distance)}",
        f"use {beyond} for {_m(distance)}",
        [pn],
        part.sources,
        limit=longest,
    )


SLACK_NOTICE_M = 5.0
"""The slack (metres of a named cable or cord beyond the run) from which CABLE_SLACK speaks: 5 m or more.

A policy of this service, not a catalogue fact, set at the widest step between adjacent lengths in
the dense part of the catalogue's families: DACs go 0.5 to 5 m by at most 2 m (MCP1600-C 3 → 5 m),
fiber cords and AOCs up to 20 m by at most 5 m (MFP7E10 3, 5, 7, 10, 15, 20 m). Rounding a run up
to the next orderable length there leaves less than 5 m (a 3 m DAC on a 2.2 m run: 0.8 m), which a
rack's cable managers take up, and is not said. A slack of 5 m or more only comes of a gap in a
family (MFP7E10 20 → 30 → 50 m), a family the catalogue holds one long length of (a 30 m
MFP7E30-N030 on a 10 m run: 20 m) or a part named longer than needed: a coil to plan, dress and
store no tighter than the cable's minimum bend radius. Exactly 5 m (a 50 m MFP7E10-N050 on a 45 m
run) is said."""


def _slack_finding(part: Cable | FiberCable, distance: float, ctx: RuleContext) -> Finding | None:
    """CABLE_SLACK (info) for a named catalogue cable or fiber cord ``part`` of a fixed length on a run
    of ``distance`` m: it is :data:`SLACK_NOTICE_M` or more longer than the run. The message gives the
    part, its length, the run and the slack, says the slack must be coiled and stored no tighter than
    the cable's minimum bend radius, and names the shortest length of the part's family the catalogue
    holds that covers the run, or says it holds none shorter than the part (then the length the run
    needs must be ordered from the vendor and its part number checked). None for a shorter slack.
    """
    length = part.length_m
    if length is None or length - distance < SLACK_NOTICE_M - 1e-9:
        return None
    slack = length - distance
    pn = _pn(part, "the cable")
    family = part.family or pn
    shorter = [(x, n) for x, n in ctx.family_parts.get(family, ()) if distance <= x < length]
    coil = (
        f"{pn} is {_m(length)} long; the run is {_m(distance)}: {_m(round(slack, 2))} of slack to coil and store "
        "no tighter than the cable's minimum bend radius"
    )
    if shorter:
        best = shorter[0][0]
        numbers = [n for x, n in shorter if x == best]
        return _finding(
            "CABLE_SLACK",
            f"{coil}. The catalogue holds {_or(numbers)} ({_m(best)}), a shorter length of {family} that covers "
            "the run",
            f"order {_or(numbers)}, the {_m(best)} length of {family}",
            [pn],
            part.sources,
            limit=length,
        )
    of_family = f"of {family}" if part.family else f"of {pn}"
    return _finding(
        "CABLE_SLACK",
        f"{coil}. The catalogue holds no shorter sourced length {of_family} that covers the run",
        f"order the length {of_family} the run needs (at least {_m(distance)}) and check its part number with "
        f"the vendor, or keep {pn} and coil its {_m(round(slack, 2))} of slack",
        [pn],
        part.sources,
        limit=length,
    )


def check_slack(link: Link, ctx: RuleContext) -> list[Finding]:
    """CABLE_SLACK (info): each named fixed-length part of the link (the direct-attach cable, each
    catalogue fiber cord not behind a trunk) that is :data:`SLACK_NOTICE_M` or more longer than the
    run (:func:`_slack_finding`), once per part number. Generic fiber (structured cabling, cut to the
    run) and a cord behind a trunk (the trunk makes up the rest of the run) are never named. It changes
    neither the verdict nor an option's rank (:func:`~service.use_cases._rank` already prefers the
    shortest covering length: a large slack there means the catalogue holds none shorter)."""
    parts: list[Cable | FiberCable] = []
    if link.cable is not None:
        parts.append(link.cable)
    parts += [run.cable for run in link.fibers if run.cable is not None and run.trunk_m <= 0]
    out: list[Finding] = []
    seen: set[int] = set()
    for part in parts:
        if id(part) in seen:
            continue
        seen.add(id(part))
        f = _slack_finding(part, link.distance_m, ctx)
        if f is not None:
            out.append(f)
    return out


_LONGER_MEDIA: dict[CableType, tuple[tuple[CableType, str], ...]] = {
    CableType.DAC: ((CableType.ACC, "active copper (ACC)"), (CableType.AOC, "an AOC")),
    CableType.ACC: ((CableType.AOC, "an AOC"),),
    CableType.AOC: (),
}


def _beyond(kind: CableType, distance: float, ctx: RuleContext) -> str:
    """The media a run of ``distance`` m needs past a ``kind`` cable family's longest length: each
    longer-reaching direct-attach type of which the catalogue holds a cable at least that long
    (:attr:`RuleContext.longest_cable_m`), then optics ("active copper (ACC), an AOC or optics" at 4 m;
    "optics" alone at 300 m, where no catalogue ACC or AOC is that long)."""
    named = [label for longer, label in _LONGER_MEDIA[kind] if ctx.longest_cable_m.get(longer.value, 0.0) >= distance]
    if kind is CableType.AOC or not named:
        return "transceivers and fiber" if kind is CableType.AOC else "optics (transceivers and fiber)"
    return f"{', '.join(named[:-1])}, {named[-1]} or optics" if len(named) > 1 else f"{named[0]} or optics"


@dataclass(frozen=True)
class _Reach:
    max_m: float | None
    max_sources: tuple[str, ...]
    max_by: str
    min_m: float | None = None
    min_sources: tuple[str, ...] = ()
    min_by: str = ""


def _reach(pmds: Sequence[Pmd], modules: Sequence[Transceiver], fiber: str) -> _Reach:
    """Reach over ``fiber``: the best of the PMDs', capped by each module's own (shorter) reach;
    the minimum run is the largest minimum any of them states."""
    best: _Reach = _Reach(None, (), "")
    min_m: float | None = None
    min_sources: tuple[str, ...] = ()
    min_by = ""
    for pmd in pmds:
        for r in pmd.reach:
            if r.fiber != fiber:
                continue
            if best.max_m is None or r.max_m > best.max_m:
                best = _Reach(r.max_m, tuple(r.sources), pmd.name)
            if r.min_m is not None and (min_m is None or r.min_m > min_m):
                min_m, min_sources, min_by = r.min_m, tuple(r.sources), pmd.name
    for module in modules:
        for r in module.reach:
            if r.fiber != fiber:
                continue
            if best.max_m is not None and r.max_m < best.max_m:
                best = _Reach(r.max_m, tuple(r.sources), _pn(module, "module"))
            if r.min_m is not None and (min_m is None or r.min_m > min_m):
                min_m, min_sources, min_by = r.min_m, tuple(r.sources), _pn(module, "module")
    return _Reach(best.max_m, best.max_sources, best.max_by, min_m, min_sources, min_by)


# Fiber grades of one mode from worst to best: a PMD reaches no further over a grade than over a
# better one (ISO/IEC 11801 / TIA-568: OM1 < OM2 < OM3 < OM4 <= OM5 in modal bandwidth; OS1a 1.0 dB/km
# attenuation against OS2's 0.4 dB/km). So a held reach over a better grade bounds an unknown one.
_GRADE_ORDER: tuple[tuple[str, ...], ...] = (("OM1", "OM2", "OM3", "OM4", "OM5"), ("OS1a", "OS2"))


# Modal bandwidth at 850 nm in MHz·km (seed/data/fiber_types.yaml, ISO/IEC 11801 / TIA-568: OFL for
# OM1/OM2, EMB for OM3-OM5; sources E09, S25, S30). tests/unit/test_reach_bound.py keeps the two equal.
MODAL_BANDWIDTH_MHZ_KM: dict[str, float] = {"OM1": 200.0, "OM2": 500.0, "OM3": 2000.0, "OM4": 4700.0, "OM5": 4700.0}


def _reach_bound(
    pmds: Sequence[Pmd], modules: Sequence[Transceiver], fiber: str, ctx: RuleContext
) -> tuple[_Reach, str] | None:
    """An upper bound on the unknown reach of ``pmds`` over ``fiber``, and why, or None.

    1. The shortest reach held over a better grade of the same mode (:func:`_better_grade_bound`):
       a PMD reaches no further over a grade than over a better one. Over OM5, for an 850 nm PMD,
       its reach over OM4: the two grades have the same effective modal bandwidth at 850 nm.
    2. Else, over multimode fiber only, the larger (the more lenient) of two bounds on a
       dispersion-limited reach, so a run longer than both is REACH_EXCEEDED, not a valid "unverified"
       option at 3 km (fresh-user trial: NVIDIA's EDR SR4 and a 100G BiDi over OM5 at 3 km):
       - for a single-wavelength 850 nm PMD, its own held reach over a worse grade, scaled by the
         ratio of the grades' modal bandwidths at 850 nm, the tightest such figure (1000BASE-SX:
         800 m over OM3 → at most 1,880 m over OM4; reach grows no faster than bandwidth);
       - twice the longest reach the catalogue holds for any multimode PMD or transceiver whose lanes
         run at least as fast, over this grade or a better one (:func:`_lane_bound`): modal bandwidth
         caps a faster lane sooner, and nothing at 25 Gb/s per lane reaches beyond a few hundred metres
         (twice: a module the catalogue lacks may beat every held figure).
    """
    better = _better_grade_bound(pmds, modules, fiber)
    if better is not None:
        limit, grade = better
        why = f"{fiber} carries it no further than {grade}, over which {limit.max_by} reaches {_m(limit.max_m or 0.0)}"
        return limit, why
    order = _GRADE_ORDER[0]
    if fiber not in order or not pmds:
        return None
    single_850 = all(p.wavelength_nm.strip() == "850" for p in pmds)
    if single_850 and fiber == "OM5" and (same := _reach(pmds, modules, "OM4")).max_m is not None:
        # OM5 carries 850 nm light as OM4 does (the same 4700 MHz·km effective modal bandwidth): an
        # 850 nm PMD reaches over it what it reaches over OM4, no further
        return same, (
            f"OM5's effective modal bandwidth at 850 nm is OM4's (4700 MHz·km), over which {same.max_by} reaches "
            f"{_m(same.max_m or 0.0)}"
        )
    scaled_bounds: list[tuple[_Reach, str]] = []  # each an upper bound: the tightest holds
    # Only for one 850 nm wavelength: the bandwidths are the grades' at 850 nm, and a wideband PMD
    # (BiDi 850/910 nm, SWDM) gains more from OM5 than its 850 nm figure says.
    for worse in order[: order.index(fiber)] if single_850 else ():
        held = _reach(pmds, modules, worse)
        if held.max_m is not None:
            ratio = MODAL_BANDWIDTH_MHZ_KM[fiber] / MODAL_BANDWIDTH_MHZ_KM[worse]
            scaled = _Reach(held.max_m * ratio, held.max_sources, held.max_by)
            scaled_bounds.append(
                (
                    scaled,
                    f"{held.max_by} reaches {_m(held.max_m)} over {worse}, and {fiber}'s modal bandwidth "
                    f"({MODAL_BANDWIDTH_MHZ_KM[fiber]:g} MHz·km at 850 nm) is {ratio:.3g} times {worse}'s, so "
                    f"at most {_m(scaled.max_m or 0.0)}",
                )
            )
    found = [min(scaled_bounds, key=lambda item: item[0].max_m or 0.0)] if scaled_bounds else []
    lane = min(p.rate_gbps / p.lanes for p in pmds)
    widest = _lane_bound(lane, fiber, ctx)
    if widest is not None:
        held, grade = widest
        # twice the longest held figure: a module the catalogue lacks (an extended-reach SR4) may beat
        # every held one, so only a run no multimode PMD of that lane rate comes near is refused
        limit = _Reach(2 * (held.max_m or 0.0), held.max_sources, held.max_by)
        found.append(
            (
                limit,
                f"no multimode PMD or transceiver the catalogue holds at {lane:g} Gb/s per lane or faster "
                f"reaches further than {_m(held.max_m or 0.0)} over {fiber} or a better grade (the longest: "
                f"{held.max_by} over {grade}), and modal bandwidth caps a faster lane sooner: at most twice "
                f"that, {_m(limit.max_m or 0.0)}",
            )
        )
    return max(found, key=lambda item: item[0].max_m or 0.0) if found else None


def _better_grade_bound(pmds: Sequence[Pmd], modules: Sequence[Transceiver], fiber: str) -> tuple[_Reach, str] | None:
    """The shortest held reach over a better grade of the same mode, and that grade: an upper bound on
    the unknown reach over ``fiber`` (None when no better grade has a held reach)."""
    for order in _GRADE_ORDER:
        if fiber in order:
            held = [
                (r, g) for g in order[order.index(fiber) + 1 :] if (r := _reach(pmds, modules, g)).max_m is not None
            ]
            return min(held, key=lambda item: item[0].max_m or 0.0) if held else None
    return None


def _lane_bound(lane: float, fiber: str, ctx: RuleContext) -> tuple[_Reach, str] | None:
    """The longest reach the catalogue holds for any multimode PMD or transceiver whose lanes run at
    ``lane`` Gb/s or faster, over ``fiber`` or a better grade, and that grade (None when nothing is
    held). Memoised per context."""
    order = _GRADE_ORDER[0]
    grades = order[order.index(fiber) :]
    return ctx.remember(("mmf-lane-bound", lane, fiber), (), lambda: _lane_bound_of(lane, grades, ctx))


def _lane_bound_of(lane: float, grades: Sequence[str], ctx: RuleContext) -> tuple[_Reach, str] | None:
    best: tuple[_Reach, str] | None = None

    def consider(reach: Reach, by: str) -> None:
        nonlocal best
        if reach.fiber in grades and reach.max_m is not None and (best is None or reach.max_m > (best[0].max_m or 0.0)):
            best = (_Reach(reach.max_m, tuple(reach.sources), by), reach.fiber)

    for pmd in sorted(ctx.pmds.values(), key=lambda p: p.name):
        if pmd.rate_gbps / pmd.lanes >= lane - 1e-9:
            for r in pmd.reach:
                consider(r, pmd.name)
    for number in sorted(ctx.modules):
        module = ctx.modules[number]
        own = [ctx.pmds[n] for n in module.pmds if n in ctx.pmds]
        if own and min(p.rate_gbps / p.lanes for p in own) >= lane - 1e-9:
            for r in module.reach:
                consider(r, number)
    return best


def _mode_conditioning(pmds: Sequence[Pmd], fiber: str) -> list[tuple[Pmd, Reach]]:
    """The (PMD, reach row) pairs over ``fiber`` whose clause needs mode-conditioning patch cords."""
    return [(p, r) for p in pmds for r in p.reach if r.fiber == fiber and r.mode_conditioning]


def optical_reach(link: Link, ctx: RuleContext) -> tuple[float | None, tuple[str, ...], str | None]:
    """(reach in metres, its source ids, PMD name) of an optical link over its first fiber."""
    if link.module_a is None or link.module_b is None or not link.fibers:
        return None, (), None
    shared = _active_pmds(_shared_pmds(link, ctx), link.rate_gbps)
    reach = _reach(shared, _reach_modules(link, ctx), link.fibers[0].fiber_type)
    name = next((p.name for p in shared if p.name == reach.max_by), shared[0].name if shared else None)
    return reach.max_m, reach.max_sources, name


def _fitting_modules(link: Link, ctx: RuleContext, side: Side_, pmd: str) -> list[Transceiver | str]:
    """Catalogue transceivers implementing ``pmd`` that fit end ``side`` of ``link``, by part number.

    A module fits when its form factor goes into the end's cage (or the adapter's seat there) and,
    where the catalogue holds the module (``ctx.modules``), the fit rules find nothing against it at
    that end: top style, side (switch / adapter) and ports per cage. A part number the context holds
    only by form factor is returned as the bare string.
    """
    end, adapter = _end(link, side), _adapter(link, side)
    seat = adapter.accepts if adapter is not None else end.cage.form_factor
    out: list[Transceiver | str] = []
    for number in ctx.modules_for([pmd], [seat]):
        module = ctx.modules.get(number)
        if module is None:
            out.append(number)
            continue
        plug = _Plug(number, module.form_factor, module.top_style, module.side, module.ports, ())
        if not [f for f in _fit_one(plug, end, adapter, ctx) if number in f.parts]:
            out.append(module)
    return out


def _longest_reach_pair(
    link: Link, ctx: RuleContext, pmd: Pmd, only: str | None = None, prefer: str | None = None
) -> tuple[float, str, str] | None:
    """The pair of modules fitting the two ends that gives ``pmd`` its longest reach, for a reach fix
    (None without one): (reach in metres, the offer's text, the fiber grade it reaches that over).

    The reach is the PMD's over its best grade (over ``only`` alone, when given: an installed
    plant's; on a tie, over ``prefer``, the grade of the user's own fiber: 10GBASE-LRM's 220 m over
    OM2 for an OM2 run, not the same 220 m over OM1), capped by the two modules' own reach (a
    switch-side MMS4X00-NM reaches 500 m over OS2, but facing a single-port adapter-side DR4 module
    only 100 m). Modules are named per end where the ends need different ones: "e.g. MMS4X00-NS in
    MQM9700-NS2F and MMS4X00-NS400 in MCX75310AAS-NEAT"; one name where one module fits both.

    A module of the vendor of the link's own module at that end (else at the other end) is named
    when one fits: a Cisco SFP-10G-SR's fix names Cisco's SFP-10G-LR, not Extreme's 10302; where
    that vendor has none, the end is "any MSA-compliant 10GBASE-LR SFP+" at the PMD's own reach.

    The choice does not depend on the path: pairs are ranked by reach first, so the best pair that
    reaches ``path`` is the longest-reaching pair whenever that one reaches it, and none otherwise.
    Nor does it depend on the link's fiber: it reads the ends, the adapters in them, the link's
    modules' vendors and part numbers and the PMD, so it is memoised per context under those (a
    reach fix on each of a question's hundreds of rejected candidates otherwise pairs every fitting
    module of every PMD again: O(modules²) each).
    """
    key = (
        "longest reach pair",
        _end_key(link.end_a, ctx),
        _end_key(link.end_b, ctx),
        link.end_a.label,
        link.end_b.label,
        id(link.adapter_a),
        id(link.adapter_b),
        _own_modules(link),
        pmd.name,
        only,
        prefer,
    )
    refs = (link.end_a, link.end_b, link.adapter_a, link.adapter_b)
    return ctx.remember(key, refs, lambda: _longest_reach_pair_of(link, ctx, pmd, only, prefer))


def _own_modules(link: Link) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    """(vendor, part number) of the link's module at each end (None where there is none): what a
    reach fix's choice of modules to name reads of the link's own modules."""
    a, b = link.module_a, link.module_b
    return (
        (a.vendor, a.part_number or "") if a is not None else None,
        (b.vendor, b.part_number or "") if b is not None else None,
    )


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _longest_reach_pair_of(
    link: Link, ctx: RuleContext, pmd: Pmd, only: str | None = None, prefer: str | None = None
) -> tuple[float, str, str] | None:
    """:func:`_longest_reach_pair` computed: the best pair of modules fitting the two ends (over the
    grade ``only`` alone, when given: an installed plant's).

    Each end's candidates are the fitting modules of the vendor of the link's module at that end
    (else at the other end); where that vendor has none, the end is any MSA-compliant module of the
    PMD (no cap of its own: the PMD's reach). Without a module of the link's own, every fitting
    module is a candidate.

    An offer over another grade than ``prefer`` (without ``only``) says it replaces that fiber:
    "100G-SR1.2 (150 m over OM5 instead of OM4, e.g. QSFP-100G-SR1.2)".

    Best: the longest reach, then the grade ``prefer`` (the user's fiber), then one module for both
    ends, then the grade listed first, then names: at each end the module whose part number shares
    the longest prefix with the link's own module there (Cisco's SFP-10G-LR for an SFP-10G-SR, not
    its Meraki MA-SFP-10GB-LR), then the first by name. A pair's reach over a grade is the PMD's
    best row over it capped by each module's own shortest row there (:func:`_reach` of the PMD and
    the two modules), so each end's modules are read once per grade, not once per pair.
    """
    own = _own_modules(link)
    ends: list[tuple[list[Transceiver | str], str | None]] = []
    sides: tuple[tuple[Side_, tuple[str, str] | None, tuple[str, str] | None], ...] = (
        ("A", own[0], own[1]),
        ("B", own[1], own[0]),
    )
    for side, mine, theirs in sides:
        fitting = _fitting_modules(link, ctx, side, pmd.name)
        if not fitting:
            return None
        ref = mine or theirs
        if ref is not None:
            vendor = ref[0]
            fitting = [m for m in fitting if not isinstance(m, str) and m.vendor == vendor]
        ends.append((fitting, ref[1] if ref is not None else None))
    (at_a, own_a), (at_b, own_b) = ends

    def pick(names: set[str], mine: str | None) -> str:
        return min(names, key=lambda n: (-_common_prefix(n, mine or ""), n))

    best: tuple[float, int, int, int, str, str] | None = None
    for i, row in enumerate(pmd.reach):
        fiber = row.fiber
        if only is not None and fiber != only:
            continue
        ceiling = _reach([pmd], (), fiber).max_m
        if ceiling is None:
            continue
        capped_a = [(min(ceiling, _own_cap(m, fiber)), _name(m)) for m in at_a] or [(ceiling, "")]
        capped_b = [(min(ceiling, _own_cap(m, fiber)), _name(m)) for m in at_b] or [(ceiling, "")]
        limit = min(max(c for c, _ in capped_a), max(c for c, _ in capped_b))
        names_a = {n for c, n in capped_a if c >= limit}
        names_b = {n for c, n in capped_b if c >= limit}
        both = names_a & names_b
        grade = 0 if fiber == prefer else 1
        key = (
            (-limit, grade, 0, i, pick(both, own_a), pick(both, own_b))
            if both
            else (-limit, grade, 1, i, pick(names_a, own_a), pick(names_b, own_b))
        )
        if best is None or key < best:
            best = key
    if best is None:
        return None
    neg_limit, _, two, i, na, nb = best
    limit, fiber = -neg_limit, pmd.reach[i].fiber
    seats = _seats(link)

    def any_msa(seat: str) -> str:
        return f"any MSA-compliant {pmd.name} {seat}"

    if not na and not nb and seats[0] == seats[1]:
        example = any_msa(seats[0])
    elif not two and na:
        example = f"e.g. {na}"
    else:
        at_end_a = f"e.g. {na}" if na else any_msa(seats[0])
        at_end_b = nb or any_msa(seats[1])
        example = f"{at_end_a} in {link.end_a.label} and {at_end_b} in {link.end_b.label}"
    # an offer over another grade than the user's own fiber needs that fiber too: say so, so that a
    # part list orders it (100G-SR1.2 reaches 150 m over OM5 only, not over the OM4 listed)
    where = f"over {fiber}" if only is not None or prefer in (None, fiber) else f"over {fiber} instead of {prefer}"
    return limit, f"{pmd.name} ({_m(limit)} {where}, {example})", fiber


def _own_cap(module: Transceiver | str, fiber: str) -> float:
    """A module's own shortest reach over ``fiber`` (inf where it states none, or for a part number
    the context holds by form factor only): what it caps a PMD's reach at in :func:`_reach`."""
    if isinstance(module, str):
        return math.inf
    return min((r.max_m for r in module.reach if r.fiber == fiber), default=math.inf)


def _name(module: Transceiver | str) -> str:
    return module if isinstance(module, str) else module.part_number or ""


@dataclass(frozen=True)
class _ReachOffers:
    """What a reach fix may offer on one link shape, each with the reach it has (metres): the fix
    for a path keeps those that reach it (see :func:`_reach_fix`)."""

    active: tuple[str, ...]
    grades: tuple[tuple[str, float, LossBudget | None], ...]
    """(fiber grade, reach of the active PMDs with these modules, the channel insertion-loss budget
    :func:`_check_loss` would count a run of that grade against), grades in name order."""
    slower: tuple[tuple[float, str, LossBudget | None], ...]
    """(reach, text, budget) of the link at another shared PMD's (lower) rate, per fiber run."""
    longer: tuple[tuple[float, str, LossBudget | None, str], ...]
    """(reach, text, budget, PMD name) of other PMDs' longest-reaching module pairs, and of their
    pairs over the user's own fiber grade where that reach is shorter, sorted by reach and text.

    ``budget`` is the offered PMD's channel insertion-loss budget over the grade it is offered at
    (the plant's over an installed plant; None without one): the fix for a run of generic fiber
    checks the run's length and mated connections against it (:func:`_make_fix_text`), as
    :func:`_check_loss` would check the link that offer makes."""
    further: tuple[tuple[float, str, LossBudget | None, str], ...] = ()
    """(reach, text, budget, PMD name) of the active PMDs' longest-reaching module pairs over the run's
    grade where they reach further than the link's own modules (whose own reach caps the link)."""
    texts: dict[tuple[float, float | None, int | None], str] = field(default_factory=dict, compare=False, repr=False)
    """Fix texts already made, per path and, over an installed plant, the run's length and
    connections (see :func:`_fix_text`)."""


def _reach_offers(
    link: Link,
    ctx: RuleContext,
    active: list[Pmd],
    shared: list[Pmd],
    modules: list[Transceiver],
    rate: float | None,
) -> _ReachOffers:
    """Every offer a reach fix of this link shape can make, whatever the path (see
    :func:`_reach_fix`). PMDs are told apart by name: a context holds one PMD per name."""
    # Over an installed plant the grade is fixed: no other grade is offered, and another PMD only at
    # its reach over this grade (10GBASE-SR's 300 m over an OM3 plant, not its 400 m over OM4).
    plant = next((run.fiber_type for run in link.fibers if run.installed), None)
    grades = []
    for fiber in sorted({r.fiber for p in active for r in p.reach}):
        if plant is not None:
            continue
        limit = _reach(active, modules, fiber).max_m
        if limit is not None:
            budget = next((b for p in active if (b := _budget(p, fiber)) is not None), None)
            grades.append((fiber, limit, budget))
    active_names = {p.name for p in active}
    slower: list[tuple[float, str, LossBudget | None]] = []
    for pmd in shared:
        if pmd.name in active_names:
            continue
        for fiber in [run.fiber_type for run in link.fibers]:
            limit = _reach([pmd], modules, fiber).max_m
            if limit is not None:
                slower.append(
                    (
                        limit,
                        f"the link at {pmd.rate_gbps:g} Gb/s ({pmd.name} reaches {_m(limit)} over {fiber})",
                        _budget(pmd, fiber),
                    )
                )
    family = active[0].family if active else None
    target = rate if rate is not None else (active[0].rate_gbps if active else None)
    shared_names = {p.name for p in shared}
    # The user's own fiber: another PMD is quoted at its reach over that grade when it has one (a
    # 10GBASE-LRM offer for an OM2 run says "220 m over OM2"), and at its best grade's too where
    # that reaches further (the fix then names the first of the two that reaches the path).
    own = plant if plant is not None else (link.fibers[0].fiber_type if link.fibers else None)
    longer: list[tuple[float, str, LossBudget | None, str]] = []
    for pmd in ctx.pmds.values():
        if pmd.name in shared_names or pmd.family is not family or target is None or abs(pmd.rate_gbps - target) > 1e-9:
            continue
        # Only a PMD a catalogue transceiver implements for each end (no 100GBASE-SR10 for QSFP28
        # cages: no such module exists), named per end and at the reach that pair of modules has.
        offer = _longest_reach_pair(link, ctx, pmd, plant, own)
        if offer is None:
            continue
        limit, text, fiber = offer
        longer.append((limit, text, _budget(pmd, fiber), pmd.name))
        if plant is None and own is not None and fiber != own:
            kept = _longest_reach_pair(link, ctx, pmd, own)
            if kept is not None and kept[0] < limit:
                longer.append((kept[0], kept[1], _budget(pmd, own), pmd.name))
    longer.sort(key=lambda o: (o[0], o[1]))
    # The same PMD with modules that reach further, where the link's own modules cap its reach below
    # the PMD's (a dual-rate 10/25G SFP28 reaching 70 m over OM3 at 10 Gb/s, where SFP+ 10GBASE-SR
    # modules reach 300 m)
    further: list[tuple[float, str, LossBudget | None, str]] = []
    for pmd in active:
        if own is None:
            break
        held = _reach(active, modules, own).max_m
        offer = _longest_reach_pair(link, ctx, pmd, own, own)
        if held is not None and offer is not None and offer[0] > held:
            further.append((offer[0], offer[1], _budget(pmd, offer[2]), pmd.name))
    return _ReachOffers(
        tuple(p.name for p in active), tuple(grades), tuple(slower), tuple(longer), tuple(sorted(further))
    )


def _budget(pmd: Pmd, fiber: str) -> LossBudget | None:
    """``pmd``'s channel insertion-loss budget over ``fiber`` (None without one): the row
    :func:`_check_loss` would count a plant of that grade against."""
    return next((r.loss for r in pmd.reach if r.fiber == fiber and r.loss is not None), None)


def _reach_fix(
    link: Link,
    ctx: RuleContext,
    active: list[Pmd],
    shared: list[Pmd],
    modules: list[Transceiver],
    path: float,
    rate: float | None,
    run: FiberRun,
) -> str:
    """Name what reaches ``path`` metres of ``run``: other fiber grades, a lower shared rate, other PMDs.

    The offers of a link shape do not depend on the path, so they are memoised per context under
    the link's ends, adapters and fiber grades, the PMDs and modules and the rate (see
    :func:`_reach_offers`); the path only picks those that reach it, and over an installed plant
    the run's length and connections those whose insertion-loss budget they fit (:func:`_fix_text`).
    """
    return _fix_text(_offers(link, ctx, active, shared, modules, rate), path, run)


def _offers(
    link: Link,
    ctx: RuleContext,
    active: list[Pmd],
    shared: list[Pmd],
    modules: list[Transceiver],
    rate: float | None,
) -> _ReachOffers:
    """:func:`_reach_offers`, memoised per context (see :func:`_reach_fix`)."""
    key = (
        "reach_offers",
        _end_key(link.end_a, ctx),
        _end_key(link.end_b, ctx),
        id(link.adapter_a),
        id(link.adapter_b),
        tuple((run.fiber_type, run.installed) for run in link.fibers),
        tuple(p.name for p in active),
        tuple(p.name for p in shared),
        tuple(id(m) for m in modules),
        rate,
    )
    refs = (link.end_a, link.end_b, link.adapter_a, link.adapter_b, tuple(modules))
    return ctx.remember(key, refs, lambda: _reach_offers(link, ctx, active, shared, modules, rate))


def _fix_text(offers: _ReachOffers, path: float, run: FiberRun) -> str:
    """The reach fix for ``path`` metres of ``run``: the offers that reach it and fit their
    insertion-loss budget on it (kept in ``offers`` per path and the run's length and connections:
    the only other things the text reads)."""
    key = (path, run.length_m, run.connections)
    text = offers.texts.get(key)
    if text is None:
        text = offers.texts[key] = _make_fix_text(offers, path, run)
    return text


def _make_fix_text(offers: _ReachOffers, path: float, run: FiberRun) -> str:
    """The fix text of :func:`_fix_text`.

    Each offer that reaches the path (another grade, a lower rate, another PMD) is counted against
    its channel insertion-loss budget over the grade it is offered at as :func:`_check_loss` counts
    a link (the run's length at the fiber attenuation and its mated connections): one that passes
    is named as it is; one that passes with fewer patch panels is named with how many the budget
    allows at this length; one whose budget the fiber alone exceeds does not help and is left out.
    (10GBASE-LRM refused on 380 m of OM3 across 4 patch panels: 10GBASE-SR's 400 m over OM4
    reaches, but 1.14 + 2.00 dB exceeds its 2.9 dB.)
    """
    options: list[str] = []
    limited: list[str] = []  # offers that fit their budget only across fewer patch panels

    def reaching(entries: Iterable[tuple[float, str, str, LossBudget | None]], prefix: str = "") -> list[str]:
        """The short texts of the entries (reach, text, short text, budget) that reach the path and
        fit their budget on the run; those that fit only with fewer panels go to ``limited``."""
        plain = []
        for limit, text, short, budget in entries:
            if limit >= path:
                fit = _plant_fit(text, budget, run)
                if fit is None:
                    plain.append(short)
                elif fit:
                    limited.append(prefix + fit)
        return plain

    active = _or(list(offers.active)) if offers.active else ""
    better = reaching(
        (limit, f"{fiber} ({_m(limit)}) fiber for {active}", f"{fiber} ({_m(limit)})", budget)
        for fiber, limit, budget in offers.grades
    )
    if better:
        options.append(f"{_or(better)} fiber for {active}")
    options += reaching((limit, text, text, budget) for limit, text, budget in offers.slower)
    further = "transceivers that reach further: "
    same = reaching(((limit, text, text, budget) for limit, text, budget, _ in offers.further), further)
    if same:
        options.append(further + _or(same))
    longer = "transceivers of a longer-reach PMD: "
    # One offer per PMD: the first that reaches (over the user's own grade before a better one).
    first: dict[str, tuple[float, str, str, LossBudget | None]] = {}
    for limit, text, budget, pmd in offers.longer:
        if limit >= path and pmd not in first:
            first[pmd] = (limit, text, text, budget)
    others = reaching(sorted(first.values(), key=lambda o: (o[0], o[1])), longer)
    if others:
        options.append(longer + _or(others))
    options += limited
    return ("use " + "; or ".join(options)) if options else "shorten the run, or use another medium"


def _plant_fit(text: str, budget: LossBudget | None, run: FiberRun) -> str | None:
    """An offer (``text``) for ``run``, counted against the offer's channel insertion-loss budget
    over the grade it is offered at as :func:`_check_loss` counts every run (its length at the fiber
    attenuation, its mated connections): None when it fits (or there is no budget to count
    against), the offer with the patch panels its budget allows at the run's length when fewer would
    fit, "" when the fiber alone exceeds it.
    """
    if budget is None:
        return None
    fiber_db = run.length_m / 1000 * budget.fiber_db_per_km
    total = fiber_db + run.connections * budget.connection_db
    if total <= budget.channel_db + 1e-9:
        return None
    if fiber_db > budget.channel_db + 1e-9:
        return ""
    room = max(0, math.floor((budget.channel_db - fiber_db) / budget.connection_db + 1e-9))
    panels = f"at most {room} patch panel(s)" if room else "no patch panel"
    return (
        f"{text} crossing {panels}: its {budget.channel_db:g} dB channel insertion-loss budget allows no more "
        f"at {run.length_m:g} m (with {run.connections} the channel comes to {total:.2f} dB), unless the "
        f"measured insertion loss is within {budget.channel_db:g} dB"
    )


@dataclass
class _RunPlan:
    """What :func:`check_media` finds on one fiber run whatever the run's length (see :class:`_MediaPlan`)."""

    fiber_part: str | None
    reach: _Reach | None
    """The reach over the run's grade; None when no active PMD or the fiber's mode is wrong (no reach check)."""
    bound: tuple[_Reach, str] | None
    """An upper bound on an unknown reach over the run's grade and why it holds (the REACH_EXCEEDED
    message's reason): :func:`_reach_bound`."""
    cord: Finding | None
    undocumented: tuple[Finding, ...]
    loss: tuple[Pmd, Reach] | None
    """The first active PMD with a loss budget over the run's grade, and that reach row."""
    quiet: bool
    """True when the run draws no fiber-mode, connector or connector-assumed finding (see ``named``)."""
    named: dict[str, tuple[tuple[Finding, ...], tuple[Finding, ...]]] = field(default_factory=dict)
    """Per run name (a generic fiber's name carries its length): (fiber-mode findings, connector
    and connector-assumed findings), both independent of the run's length but quoting its name."""
    complete: bool = False
    """True when every active PMD's reach table is complete (:attr:`Pmd.reach_complete`) for the run's
    grade: a grade it omits is not supported (REACH_EXCEEDED), except OM5 under a table that predates
    it (:func:`_predates_om5`), whose reach is unknown instead (REACH_UNVERIFIED)."""
    floor: tuple[str, str, Reach, tuple[tuple[str, float, float | None], ...]] | None = None
    """Generic fiber only: the first active PMD with a minimum channel insertion loss over the run's
    grade, else the first named module whose vendor states one (its name, the clause or data sheet
    that says so), that reach row, and the PMDs a fix may offer instead (name, reach, shortest run over the
    grade: same family, rate and medium, no minimum loss over the grade, implemented by a catalogue
    transceiver of each end's form factor)."""


@dataclass
class _MediaPlan:
    """The distance-free half of :func:`check_media` for one link shape and rate, memoised per
    context: the shared and active PMDs, per run the reach, the better-grade bound, the findings
    that never read a length; the reach fix's offers once first needed."""

    modules: list[Transceiver]
    names: list[str]
    shared: list[Pmd]
    active: list[Pmd]
    pmd_names: str
    runs: tuple[_RunPlan, ...]
    offers: dict[tuple[int, int], tuple[Adapter | None, Adapter | None, _ReachOffers]] = field(default_factory=dict)
    """The reach fix's offers once first needed, per pair of adapters (by identity; kept with
    them, so no other adapter can take their ids while the plan lives)."""


def _media_plan(link: Link, ctx: RuleContext, rate: float | None) -> _MediaPlan:
    modules = _reach_modules(link, ctx)
    names = [_pn(m, "module") for m in modules]
    shared = _shared_pmds(link, ctx)
    active = _active_pmds(shared, rate)
    pmd_names = "/".join(p.name for p in active)
    media = {m for p in active for m in p.all_media}  # 1000BASE-LX also runs over MMF (cl. 38)
    runs = []
    for run in link.fibers:
        fiber_part = run.cable.part_number if run.cable else run.listed_as
        reach: _Reach | None = None
        bound = None
        cord: Finding | None = None
        if active and _mode_mismatch(active, media, run.fiber_type) is None:
            reach = _reach(active, modules, run.fiber_type)
            if reach.max_m is None:
                bound = _reach_bound(active, modules, run.fiber_type, ctx)
            pairs = _mode_conditioning(active, run.fiber_type)
            if pairs:
                core = "62.5 um" if run.fiber_type == "OM1" else "50 um"
                cord = _finding(
                    "MODE_CONDITIONING_CORD",
                    f"{_or(list(dict.fromkeys(p.name for p, _ in pairs)))} over {run.fiber_type} needs an "
                    "offset-launch mode-conditioning patch cord at each transceiver",
                    f"order 2 {core} mode-conditioning patch cords ({run.fiber_type}), one at each transceiver "
                    f"({_or(list(dict.fromkeys(names)))})",
                    [*names, fiber_part],
                    [x for _, r in pairs for x in r.sources],
                )
        undocumented = []
        if run.cable is not None:
            for module in modules:
                if module.fiber_cables and run.cable.family not in module.fiber_cables:
                    undocumented.append(
                        _finding(
                            "UNDOCUMENTED_PAIRING",
                            f"{module.vendor} documents {', '.join(module.fiber_cables)} for "
                            f"{module.part_number}, "
                            f"not {run.cable.family}",
                            f"prefer {_families(module.fiber_cables, ctx)}",
                            [module.part_number],
                            module.sources,
                        )
                    )
        loss = None
        for pmd in active:
            row = next((r for r in pmd.reach if r.fiber == run.fiber_type and r.loss is not None), None)
            if row is not None:
                loss = (pmd, row)
                break
        quiet = (
            not (active and _mode_mismatch(active, media, run.fiber_type) is not None)
            and not run.connector_assumed
            and not any(
                _connector_kind(m, c) for m, c in ((link.module_a, run.connector_a), (link.module_b, run.connector_b))
            )
        )
        floor = None
        if run.cable is None:
            for pmd in active:
                low = next((r for r in pmd.reach if r.fiber == run.fiber_type and r.min_loss_db is not None), None)
                if low is not None:
                    clause = f"{pmd.standard} clause {pmd.clause}" if pmd.clause else pmd.standard
                    floor = (pmd.name, clause, low, _short_alternatives(link, ctx, pmd, run.fiber_type))
                    break
            for module in modules if floor is None and active else ():
                # a vendor's own floor (Cisco's 10GBASE-ER SFP+: a 5 dB attenuator under 20 km, UC16)
                low = next((r for r in module.reach if r.fiber == run.fiber_type and r.min_loss_db is not None), None)
                if low is not None:
                    basis = f"{module.vendor} data sheet"
                    instead = _short_alternatives(link, ctx, active[0], run.fiber_type)
                    floor = (_pn(module, "module"), basis, low, instead)
                    break
        complete = all(p.reach_complete for p in active) and not _predates_om5(active, run.fiber_type)
        runs.append(
            _RunPlan(fiber_part, reach, bound, cord, tuple(undocumented), loss, quiet, complete=complete, floor=floor)
        )
    return _MediaPlan(modules, names, shared, active, pmd_names, tuple(runs))


def _predates_om5(pmds: Sequence[Pmd], fiber: str) -> bool:
    """True for an OM5 run under 850 nm PMDs whose complete reach tables list OM4 but not OM5: OM5
    (TIA-492AAAE, 2016) has OM4's 4700 MHz·km effective modal bandwidth at 850 nm (fiber_types.yaml:
    S30, E11), and a clause table written before or as it was standardised (802.3by cl. 112,
    25GBASE-SR: OM3 70 m, OM4 100 m) does not exclude it by not naming it. Such a run's reach is
    unknown (REACH_UNVERIFIED, bounded by OM4's reach through the modal-bandwidth bound), never "not
    specified"."""
    return (
        fiber == "OM5"
        and bool(pmds)
        and all(p.wavelength_nm.strip() == "850" for p in pmds)
        and all(any(r.fiber == "OM4" for r in p.reach) and not any(r.fiber == "OM5" for r in p.reach) for p in pmds)
    )


def _short_alternatives(
    link: Link, ctx: RuleContext, pmd: Pmd, fiber: str
) -> tuple[tuple[str, float, float | None], ...]:
    """PMDs a short run of ``fiber`` could use instead of ``pmd`` (which needs a minimum channel
    insertion loss over it): same family, rate and medium, a reach row over ``fiber`` without a
    minimum loss, and a catalogue transceiver for each end's seat (:func:`_seats`) implementing it;
    as (name, reach, shortest run), by name."""
    seats = _seats(link)
    out = []
    for other in sorted(ctx.pmds.values(), key=lambda p: p.name):
        if other.name == pmd.name or (other.family, other.rate_gbps, other.media) != (
            pmd.family,
            pmd.rate_gbps,
            pmd.media,
        ):
            continue
        row = next((r for r in other.reach if r.fiber == fiber), None)
        if row is None or row.min_loss_db is not None:
            continue
        if all(ctx.modules_for([other.name], [seat]) for seat in seats):
            out.append((other.name, row.max_m, row.min_m))
    return tuple(out)


def _mode_mismatch(active: list[Pmd], media: set[Media], fiber_type: str) -> int | None:
    """Which FIBER_MODE_MISMATCH the active PMDs meet on a run of ``fiber_type`` (1 optical PMD on
    copper, 2 copper PMD on fiber, 3 multimode PMD on single-mode fiber, 4 single-mode PMD on
    multimode fiber), or None."""
    run_medium = grade_media(fiber_type)
    if run_medium is Media.COPPER and Media.COPPER not in media:
        return 1
    if run_medium is not Media.COPPER and Media.COPPER in media and not media & {Media.SMF, Media.MMF}:
        return 2
    if run_medium is Media.SMF and Media.SMF not in media:
        return 3
    if run_medium is Media.MMF and Media.MMF not in media:
        return 4
    return None


def _connector_kind(module: Transceiver | None, conn: str) -> str | None:
    """ "type" when the fiber's connector type differs from the module's, "polish" when the polish
    does (a connector named without its polish: polish not checked), else None."""
    if module is None:
        return None
    m_type, _, m_pol = module.connector.partition("/")
    f_type, _, f_pol = conn.partition("/")
    if m_type != f_type:
        return "type"
    if f_pol and m_pol != f_pol:
        return "polish"
    return None


_QUIET: tuple[tuple[Finding, ...], tuple[Finding, ...]] = ((), ())


def _named_findings(
    link: Link, plan: _MediaPlan, rp: _RunPlan, run: FiberRun, ctx: RuleContext
) -> tuple[tuple[Finding, ...], tuple[Finding, ...]]:
    """The length-free findings of ``run`` that quote its name (see :attr:`_RunPlan.named`), memoised in the plan."""
    if rp.quiet:
        return _QUIET
    name = run.name
    hit = rp.named.get(name)
    if hit is not None:
        return hit
    active, names, modules, pmd_names, fiber_part = plan.active, plan.names, plan.modules, plan.pmd_names, rp.fiber_part
    mode: list[Finding] = []
    kind = _mode_mismatch(active, {m for p in active for m in p.all_media}, run.fiber_type) if active else None
    if kind is not None:
        sources = [s for p in active for s in p.sources]
        if kind == 1:
            message = f"{pmd_names} is optical; {name} is {run.fiber_type} twisted-pair copper cabling"
            fix = "use fiber of a grade the transceivers reach over, or BASE-T (RJ-45) modules on copper"
        elif kind == 2:
            message = f"{pmd_names} runs over twisted-pair copper (RJ-45); {name} is {run.fiber_type} fiber"
            fix = "use Category 5e or 6 twisted-pair cabling, or optical modules on fiber"
        elif kind == 3:
            message = f"{pmd_names} is multimode; {name} is {run.fiber_type} single-mode fiber"
            fix = "use OM3/OM4 multimode fiber, or single-mode transceivers"
        else:
            documented = sorted({f for m in modules for f in m.fiber_cables})
            message = (
                f"{pmd_names} is single-mode; {name} is {run.fiber_type} multimode fiber (a matching "
                "connector does not make the fiber type right)"
            )
            fix = "use single-mode fiber (OS2)" + (f", e.g. {_families(documented, ctx)}" if documented else "")
        mode.append(_finding("FIBER_MODE_MISMATCH", message, fix, [*names, fiber_part], sources))
    tail: list[Finding] = []
    for side in _SIDES:
        conn = run.connector_a if side == "A" else run.connector_b
        module = _module(link, side)
        if module is None or run.connector_assumed:
            continue
        m_type, _, m_pol = module.connector.partition("/")
        f_type, _, f_pol = conn.partition("/")
        pn = _pn(module, "module")
        if m_type != f_type:
            tail.append(
                _finding(
                    "CONNECTOR_MISMATCH",
                    f"{pn} has {module.connector}; {name} ends in {conn} at end {side}",
                    f"use a fiber terminated {module.connector} at end {side}",
                    [pn, fiber_part],
                    module.sources,
                )
            )
        elif f_pol and m_pol != f_pol:  # a connector named without its polish: polish not checked
            families = f" such as {_families(module.fiber_cables, ctx)}" if module.fiber_cables else ""
            tail.append(
                _finding(
                    "POLISH_MISMATCH",
                    f"{pn} has {module.connector}; {name} ends in {conn} at end {side}: {m_pol} "
                    "must never "
                    f"be mated with {f_pol}",
                    f"use {_a(module.connector)} fiber end to end{families}",
                    [pn, fiber_part],
                    module.sources,
                )
            )
    if run.connector_assumed:
        tail.append(
            _finding(
                "CONNECTOR_ASSUMED",
                f"no connector was given for {name}; taken as {run.connector_a} at end A and "
                f"{run.connector_b} at end B to match the transceivers",
                "check the installed cabling's connectors and polish (APC never mates with UPC)",
                [],
                [],
            )
        )
    found = (tuple(mode), tuple(tail))
    rp.named[name] = found
    return found


def _plan_for(link: Link, ctx: RuleContext, rate: float | None, shape: tuple[object, ...] | None = None) -> _MediaPlan:
    """:func:`_media_plan`, memoised per context under the link's shape (:func:`_shape_key`) and ``rate``."""
    key = ("media", _plan_shape(link, shape if shape is not None else _shape_key(link, ctx)), rate)
    return ctx.remember(key, (link,), lambda: _media_plan(link, ctx, rate))


def _plan_shape(link: Link, shape: tuple[object, ...]) -> tuple[object, ...]:
    """The part of the link's shape :func:`_media_plan` reads: the shape, each adapter by the
    protocols it runs instead of by identity (the plan reads an adapter only there: which of a
    dual-protocol pair's PMDs the link runs). So the pairs of one question through the QSA adapters
    of several vendors share their plans; the reach fix's offers, which read the adapters too, are
    kept per adapter (:func:`_plan_reach_fix`)."""
    a, b = link.adapter_a, link.adapter_b
    return (
        *shape[:4],
        tuple(a.protocols) if a is not None else None,
        *shape[5:10],
        tuple(b.protocols) if b is not None else None,
        *shape[11:],
    )


def _plan_reach_fix(
    link: Link, ctx: RuleContext, plan: _MediaPlan, path: float, rate: float | None, run: FiberRun
) -> str:
    """:func:`_reach_fix` with the offers kept in the plan once looked up."""
    adapters = (id(link.adapter_a), id(link.adapter_b))
    kept = plan.offers.get(adapters)
    if kept is None:
        offers = _offers(link, ctx, plan.active, plan.shared, plan.modules, rate)
        plan.offers[adapters] = (link.adapter_a, link.adapter_b, offers)
    else:
        offers = kept[2]
    return _fix_text(offers, path, run)


def check_media(link: Link, ctx: RuleContext, rate: float | None) -> list[Finding]:
    """Fiber mode, reach (max and min), connectors and polish, and cable/fiber lengths.

    The fiber path is the longer of the run and the fiber's own length (a 50 m cord on a 40 m run
    still carries the light 50 m), and reach is checked against it. What does not depend on the
    run's length (PMDs, reach per grade, fiber mode, connectors, pairings) is worked out once per
    link shape and rate (:func:`_media_plan`, memoised per context).
    """
    if link.cable is not None:
        f = _length_finding(link.cable, link.distance_m, ctx)
        return [f] if f else []
    return _check_media(link, ctx, rate, _plan_for(link, ctx, rate))


def _check_media(
    link: Link, ctx: RuleContext, rate: float | None, plan: _MediaPlan, fixes: bool = True
) -> list[Finding]:
    out: list[Finding] = []
    active, names = plan.active, plan.names
    distance = link.distance_m
    for run, rp in zip(link.fibers, plan.runs, strict=True):
        path = max(distance, run.length_m)
        if run.cable is not None and run.trunk_m > 0:
            if run.length_m < distance:  # the cable behind a trunk: the two together must span the run
                out.append(
                    _finding(
                        "CABLE_TOO_SHORT",
                        f"{run.name} behind {_m(run.trunk_m)} of trunk is {_m(run.length_m)} long; the run is "
                        f"{_m(distance)}",
                        f"use a trunk at least {_m(distance - (run.length_m - run.trunk_m))} long",
                        [run.name],
                        [],
                        limit=run.length_m,
                    )
                )
        elif run.cable is not None:
            f = _length_finding(run.cable, distance, ctx)
            if f:
                out.append(f)
        elif run.length_m < distance:
            out.append(
                _finding(
                    "CABLE_TOO_SHORT",
                    f"{run.name} is {_m(run.length_m)} long; the run is {_m(distance)}",
                    f"use a fiber at least {_m(distance)} long",
                    [],
                    [],
                    limit=run.length_m,
                )
            )
        mode, tail = _named_findings(link, plan, rp, run, ctx)
        out += mode
        reach = rp.reach
        if reach is not None:
            fiber_part = rp.fiber_part
            bound = rp.bound
            if reach.max_m is None and not rp.complete and bound is not None and path > (bound[0].max_m or 0.0):
                limit, why = bound
                out.append(
                    _finding(
                        "REACH_EXCEEDED",
                        f"the catalogue holds no reach for {plan.pmd_names} over {run.fiber_type}, but "
                        f"{why}; {_along(path, distance, run)}",
                        _plan_reach_fix(link, ctx, plan, path, rate, run) if fixes else None,
                        [*names, fiber_part],
                        limit.max_sources or [s for p in active for s in p.sources],
                        limit=limit.max_m,
                    )
                )
            elif reach.max_m is None and not rp.complete:
                out.append(
                    _finding(
                        "REACH_UNVERIFIED",
                        f"the catalogue holds no reach for {plan.pmd_names} over {run.fiber_type}: no source lists "
                        f"{run.fiber_type} for this PMD (no datasheet or standard row); {_along(path, distance, run)}: "
                        "the link is not rejected for it, but its reach is unverified",
                        f"confirm the reach of {_or(names)} over {run.fiber_type} in the module datasheet",
                        [*names, fiber_part],
                        [s for p in active for s in p.sources],
                    )
                )
            elif reach.max_m is None or path > reach.max_m:
                what = (
                    f"{plan.pmd_names} is not specified over {run.fiber_type}: its reach table lists "
                    + _or(sorted({r.fiber for p in active for r in p.reach}) or ["no fiber grade"])
                    + " only"
                    if reach.max_m is None
                    else f"{reach.max_by} reaches {_m(reach.max_m)} over {run.fiber_type}"
                )
                out.append(
                    _finding(
                        "REACH_EXCEEDED",
                        f"{what}; {_along(path, distance, run)}",
                        _plan_reach_fix(link, ctx, plan, path, rate, run) if fixes else None,
                        [*names, fiber_part],
                        reach.max_sources or [s for p in active for s in p.sources],
                        limit=reach.max_m,
                    )
                )
            if reach.max_m is not None and path <= reach.max_m and rp.cord is not None:
                out.append(rp.cord)
            if reach.min_m is not None and path < reach.min_m:
                out.append(
                    _finding(
                        "RUN_TOO_SHORT",
                        f"{reach.min_by} needs at least {_m(reach.min_m)} of {run.fiber_type}; "
                        f"{_along(path, distance, run)}",
                        f"use a fiber path of at least {_m(reach.min_m)}",
                        [*names, fiber_part],
                        reach.min_sources,
                        limit=reach.min_m,
                    )
                )
        out += tail
        out += rp.undocumented
    return _distinct(out) if len(link.fibers) > 1 else out


def _distinct(findings: list[Finding]) -> list[Finding]:
    """``findings`` without the repeats of an equal finding (code, message, fix, parts, sources and
    limit all equal), first kept: the same fact said again by a rule that runs once per end or per
    fiber run, where both ends hold the same part in the same cage, or the two parallel fibers of a
    twin-port pair are the same run. Findings that differ in anything (another end's cage, another
    run's name) are all kept."""
    seen: set[tuple[object, ...]] = set()
    out: list[Finding] = []
    for f in findings:
        key = (f.code, f.message, f.fix, f.parts, f.source_ids, f.limit)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _along(path: float, distance: float, run: FiberRun) -> str:
    return f"the fiber path is {_m(path)}" + (f" ({run.name} on a {_m(distance)} run)" if path > distance else "")


# --- breakout -----------------------------------------------------------------------------------


def _split_supported(end: ResolvedEnd, legs: int, leg_rate: float) -> bool:
    """True when ``end``'s port lists a split into ``legs`` × ``leg_rate``: per logical port
    ("2xNDR200" on a Quantum-2 port) or per cage ("4x200G" on a Spectrum-4 twin-port cage)."""
    if end.bare:
        return True
    per_cage = legs * end.cage.logical_ports_per_cage
    for mode in end.cage.split_modes:
        parsed = parse_split_mode(mode)
        if parsed and parsed[0] in (legs, per_cage) and abs(parsed[1] - leg_rate) < 1e-6:
            return True
    return False


def _splits_unstated(end: ResolvedEnd) -> bool:
    """True when ``end`` is a switch port whose breakouts no source states: no split modes listed and
    no source saying it takes none (:attr:`~service.domain.catalogue.Cage.splits_stated`). An
    adapter's or DPU's port is never split (a breakout divides a switch port), so it is False there."""
    return (
        end.device is not None
        and end.device.side is Side.SWITCH
        and not end.cage.split_modes
        and not end.cage.splits_stated
    )


def _split_mode(end: ResolvedEnd, legs: int, leg_rate: float) -> str | None:
    """The name of the split mode of ``end``'s port that gives ``legs`` × ``leg_rate`` (None if none)."""
    if end.bare:
        return None
    per_cage = legs * end.cage.logical_ports_per_cage
    for mode in end.cage.split_modes:
        parsed = parse_split_mode(mode)
        if parsed and parsed[0] in (legs, per_cage) and abs(parsed[1] - leg_rate) < 1e-6:
            return mode
    return None


def _twin_port_mixed(link: Link) -> list[Finding]:
    if len(link.fibers) != 2:
        return []
    twin = next((m for m in (link.module_a, link.module_b) if m is not None and m.ports == 2), None)
    if twin is None:
        return []

    def kind(run: FiberRun) -> tuple[object, ...]:
        return (run.legs, run.fiber_type, run.cable.family if run.cable else None)

    a, b = link.fibers
    if kind(a) == kind(b):
        return []
    return [
        _finding(
            "TWIN_PORT_MIXED_FIBERS",
            f"the two ports of {twin.part_number} carry different fibers ({a.name} and {b.name}): both must "
            "be "
            "the same type, both straight or both splitter",
            "use two fibers of the same family on one twin-port transceiver",
            [
                twin.part_number,
                a.cable.part_number if a.cable else None,
                b.cable.part_number if b.cable else None,
            ],
            twin.sources,
        )
    ]


def check_breakout(link: Link, geo: Geometry) -> list[Finding]:
    """BREAKOUT_UNSUPPORTED (the split port must list the split), BREAKOUT_UNVERIFIED (a switch port
    whose breakouts no source states) and TWIN_PORT_MIXED_FIBERS."""
    out: list[Finding] = []
    if geo.trunk is not None and geo.legs > 1:
        end = _end(link, geo.trunk)
        leg_rate: float | None = None
        splitter: str | None = None
        sources: list[str] = []
        if link.cable is not None:
            at_a, at_b = _cable_ends(link.cable, link.cable_end_at_a)
            leg_rate = (at_b if geo.trunk == "A" else at_a).rate_gbps
            splitter, sources = link.cable.part_number, list(link.cable.sources)
        else:
            module = _module(link, geo.trunk)
            run = next(r for r in link.fibers if r.legs > 1)
            splitter = run.name
            sources = list(run.cable.sources) if run.cable else []
            if module is not None:
                leg_rate = max(module.rates_gbps) / geo.legs
        mode = _split_mode(end, geo.legs, leg_rate) if leg_rate is not None else None
        if mode is not None and end.device is not None and end.device.side is Side.SWITCH:
            out.append(
                _finding(
                    "CONFIG_PREREQUISITE",
                    f"{end.label}: the port must be put in split mode {mode} before {splitter} links "
                    f"({geo.legs} legs × {leg_rate:g} Gb/s); an unsplit port does not bring the legs up",
                    f"configure the {end.label} port as split {mode} (a switch port setting; the port then "
                    f"counts as {geo.legs} ports)",
                    [splitter],
                    [*end.cage.sources, *sources],
                )
            )
        unsupported = leg_rate is not None and not _split_supported(end, geo.legs, leg_rate)
        if unsupported and _splits_unstated(end):
            out.append(
                _finding(
                    "BREAKOUT_UNVERIFIED",
                    f"{splitter} splits a port of {end.label} into {geo.legs} × {leg_rate:g} Gb/s; the catalogue's "
                    "sources list no breakout modes for that port, neither this split nor none: the link is not "
                    "rejected for it, but the split is unverified",
                    f"confirm in the {end.label} documentation that the port splits into {geo.legs} × "
                    f"{leg_rate:g} Gb/s (a switch port setting), or use a straight cable or fiber",
                    [splitter],
                    [*sources, *end.cage.sources],
                )
            )
        elif unsupported:
            modes = ", ".join(end.cage.split_modes) or "none"
            out.append(
                _finding(
                    "BREAKOUT_UNSUPPORTED",
                    f"{splitter} splits a port of {end.label} into {geo.legs} × {leg_rate:g} Gb/s; that "
                    "port's "
                    f"split modes: {modes}",
                    "use a straight cable or fiber, or put the split end in a port that supports this split",
                    [splitter],
                    [*sources, *end.cage.sources],
                )
            )
    out += _twin_port_mixed(link)
    return out


# --- FEC -------------------------------------------------------------------------------------------


def check_fec(link: Link, ctx: RuleContext, rate: float | None) -> list[Finding]:
    """FEC_REQUIRED (info: the mode both ends must run) and FEC_MISMATCH (an end's port, where a
    source lists its FEC modes, cannot run the mode the medium needs).

    The mode comes from the shared PMD the link runs (optical) or the cable's class (DAC/ACC/AOC);
    where neither states one, nothing is said. A port's modes are those it runs at the link's rate
    (:func:`~service.domain.catalogue.fec_modes_at`): an SN2700 QSFP28 port runs RS(528,514) or none
    at 100 Gb/s. A port that lists the mode is named in the FEC_REQUIRED note with what it runs.
    """
    fec = None
    owner = ""
    if link.cable is not None:
        fec, owner = link.cable.fec, _pn(link.cable, "the cable")
    else:
        for pmd in _active_pmds(_shared_pmds(link, ctx), rate):
            if pmd.fec is not None:
                fec, owner = pmd.fec, pmd.name
                break
    if fec is None:
        return []
    clause = f" (IEEE 802.3 Clause {fec.clause})" if fec.clause else ""
    parts = link.part_numbers()
    ports = [_port_fec(end, rate) for end in (link.end_a, link.end_b)]
    lacking = [p for p in ports if p[1] and fec.required not in p[1]] if fec.required != "none" else []
    if lacking:
        return [
            _finding(
                "FEC_MISMATCH",
                f"{owner} needs FEC {fec.required}{clause}; "
                + "; ".join(f"{label} runs {_or(modes)} only{where}" for label, modes, _, where in lacking)
                + ": the two ends share no FEC mode, so the link does not come up",
                f"put the link on a port that runs {fec.required}, or use a medium whose FEC that port runs",
                parts,
                [*fec.sources, *(s for p in lacking for s in p[2])],
            )
        ]
    if fec.required == "none":
        return _no_fec(owner, fec, parts, ports)
    what = f"{owner} needs FEC {fec.required}{clause} at both ends; a port set to another FEC mode keeps the link down"
    fix = f"set FEC to {fec.required} on both ports"
    listing = list(dict.fromkeys((label, tuple(modes), where) for label, modes, _, where in ports if modes))
    if listing:
        what += " (" + "; ".join(f"{label} runs {_or(list(modes))}{where}" for label, modes, where in listing) + ")"
    return [_finding("FEC_REQUIRED", what, fix, parts, [*fec.sources, *(s for p in ports if p[1] for s in p[2])])]


def _no_fec(
    owner: str, fec: Fec, parts: Sequence[str | None], ports: list[tuple[str, list[FecMode], list[str], str]]
) -> list[Finding]:
    """The link's PMD needs no FEC (``required: none``, e.g. 100GBASE-LR4, FEC01: "not required on
    100 Gb long-range optics"): never FEC_REQUIRED (a notice of that name would say FEC is needed).

    Where both ports list their FEC modes and share none, the link does not come up (FEC01: "same
    option at both end-points or the link does not come up"): FEC_MISMATCH. Where a port is sourced
    to run an FEC mode besides none at the link's rate, the setting can differ between the ends:
    FEC_SETTING (info). Where no port's modes are known, nothing is said.
    """
    known = [p for p in ports if p[1]]
    port_sources = [s for p in known for s in p[2]]
    if len(known) == 2 and not set(known[0][1]) & set(known[1][1]):
        return [
            _finding(
                "FEC_MISMATCH",
                f"{owner} needs no FEC, but "
                + "; ".join(f"{label} runs {_or(modes)} only{where}" for label, modes, _, where in known)
                + ": the two ends share no FEC mode, so the link does not come up",
                "put the link on ports that share an FEC mode (off at both ends for this PMD)",
                parts,
                [*fec.sources, *port_sources],
            )
        ]
    settable = [p for p in known if any(m != "none" for m in p[1])]
    if not settable:
        return []
    listing = "; ".join(dict.fromkeys(f"{label} runs {_or(list(modes))}{where}" for label, modes, _, where in known))
    return [
        _finding(
            "FEC_SETTING",
            f"no FEC: {owner} runs without FEC, so set FEC off at both ends ({listing}; a port set to an "
            "FEC mode against one set off keeps the link down)",
            "set FEC to none (off) on both ports",
            parts,
            [*fec.sources, *port_sources],
        )
    ]


def _port_fec(end: ResolvedEnd, rate: float | None) -> tuple[str, list[FecMode], list[str], str]:
    """(label, the FEC modes the end's port runs at ``rate``, their sources, " at N Gb/s" where the
    source states the modes for that rate, else "")."""
    modes, sources = fec_modes_at(end.cage, rate)
    per_rate = rate is not None and any(abs(at.rate_gbps - rate) < 1e-9 for at in end.cage.fec_by_rate)
    return end.label, modes, sources, f" at {rate:g} Gb/s" if per_rate and rate is not None else ""


# --- auto-negotiation -----------------------------------------------------------------------------

_PAM4_LANE_GBPS = 50.0
"""Lane data rate from which an Ethernet lane runs PAM4: 50 Gb/s per lane is PAM4, 25 Gb/s NRZ (the
Cumulus Linux user guide's SN4700 lane settings: 50G on 2 lanes NRZ or 1 lane PAM4, 100G on 4 lanes
NRZ or 2 lanes PAM4; FE01)."""


def check_autoneg(link: Link, rate: float | None, lanes: int | None) -> list[Finding]:
    """AUTONEG_REQUIRED / AUTONEG_UNSUPPORTED (info): a port whose vendor document says its
    auto-negotiation must be on (Spectrum-4 to Spectrum-4 over PAM4 lanes), or that it does not
    auto-negotiate on this link (SN4700 / SN4410 QSFP-DD ports with a 400G transceiver module: force
    the speed). Each :class:`~service.domain.catalogue.AutonegNote` of an end's cage whose conditions
    all hold gives one finding; a note both ends carry is said once, for both.
    """
    if rate is None or not (link.end_a.cage.autoneg or link.end_b.cage.autoneg):
        return []
    per_lane = rate / lanes if lanes else None
    hits: dict[tuple[str, str, str], list[str]] = {}
    notes: dict[tuple[str, str, str], AutonegNote] = {}
    for side in _SIDES:
        end, other = _end(link, side), _end(link, _other(side))
        for note in end.cage.autoneg:
            if note.rates_gbps and not any(abs(r - rate) < 1e-9 for r in note.rates_gbps):
                continue
            if note.pam4 and (per_lane is None or per_lane < _PAM4_LANE_GBPS - 1e-9):
                continue
            if note.peer_series is not None and (other.device is None or other.device.series != note.peer_series):
                continue
            if note.modules_only and _module(link, side) is None:
                continue
            key: tuple[str, str, str] = (note.setting, note.says, note.fix)
            hits.setdefault(key, []).append(end.label)
            notes[key] = note
    out = []
    for key, labels in hits.items():
        note = notes[key]
        names = list(dict.fromkeys(labels))
        who = " and ".join(names) + (" (both ends)" if len(labels) == 2 and len(names) == 1 else "")
        lane = f", {per_lane:g} Gb/s per lane" if note.pam4 and per_lane is not None else ""
        out.append(
            _finding(
                "AUTONEG_REQUIRED" if note.setting == "on" else "AUTONEG_UNSUPPORTED",
                f"{who} at {rate:g} Gb/s{lane}: {note.says}",
                note.fix,
                link.part_numbers(),
                note.sources,
            )
        )
    return out


def check_vendor_lock(link: Link) -> list[Finding]:
    """VENDOR_LOCKED (error): an end whose device takes only its vendor's own cables and transceivers
    (:class:`~service.domain.catalogue.VendorLock`, e.g. Cisco UCS C-series VICs) holds another
    vendor's part in its port: the cable plugged into it, a cage adapter, or the transceiver module.
    One finding per end, naming the parts; a bare end or an unlocked device is never checked.
    """
    out = []
    for side in _SIDES:
        end = _end(link, side)
        lock = end.device.vendor_lock if end.device is not None else None
        if lock is None:
            continue
        seated = [p for p in (link.cable, _adapter(link, side), _module(link, side)) if p is not None]
        foreign = [p for p in seated if p.vendor != lock.vendor]
        if not foreign:
            continue
        names = ", ".join(f"{p.part_number or p.family or p.description} ({p.vendor})" for p in foreign)
        out.append(
            _finding(
                "VENDOR_LOCKED",
                f"{end.label} takes only {lock.vendor} cables and transceivers; {names} is another vendor's part, "
                f"so the link does not come up: {lock.says}",
                f"use the {lock.vendor} equivalent of {names} in {end.label}",
                [p.part_number for p in foreign],
                lock.sources,
            )
        )
    return out


# --- part status --------------------------------------------------------------------------------

_STATUS_CODES = {"discontinued": "PART_DISCONTINUED", "eol": "PART_EOL"}


def check_status(link: Link) -> list[Finding]:
    """PART_DISCONTINUED / PART_EOL (warnings): a named part of the link (cable, module, cage adapter,
    fiber cord) whose catalogue ``status`` is ``discontinued`` or ``eol``, one finding per part,
    citing the part's sources (where its status is stated). The link is not invalid for it: the part
    works if it is at hand; it cannot be ordered new (discontinued) or only as a last-time buy (eol).
    """
    parts: list[Cable | Adapter | Transceiver | FiberCable | None] = [
        link.cable,
        link.adapter_a,
        link.module_a,
        link.module_b,
        link.adapter_b,
        *(run.cable for run in link.fibers),
    ]
    out = []
    seen: set[str] = set()
    for part in parts:
        if part is None or part.status == "active":
            continue
        name = part.part_number or part.family or part.description
        if name in seen:
            continue
        seen.add(name)
        instead = "transceivers and fiber, or a current cable" if isinstance(part, Cable) else "a current part"
        if part.status == "discontinued":
            out.append(
                _finding(
                    "PART_DISCONTINUED",
                    f"{name} is discontinued ({part.vendor}): it cannot be ordered new; the link works with one "
                    "already in hand",
                    f"to order new, ask {part.vendor} for its successor or use an option from linkOptions that "
                    f"names only current parts ({instead})",
                    [part.part_number],
                    part.sources,
                )
            )
        else:
            out.append(
                _finding(
                    "PART_EOL",
                    f"{name} is end-of-life ({part.vendor}): a last-time buy, no long-term supply",
                    f"confirm availability with {part.vendor}, or plan another option from linkOptions ({instead})",
                    [part.part_number],
                    part.sources,
                )
            )
    return out


# --- channel insertion loss ----------------------------------------------------------------------


def check_insertion_loss(link: Link, ctx: RuleContext, rate: float | None) -> list[Finding]:
    """INSERTION_LOSS_EXCEEDED: a fiber run whose estimated loss exceeds the channel insertion-loss
    budget of the PMD the link runs over that run's grade.

    The estimate is ``length_m / 1000 × fiber_db_per_km + connections × connection_db`` (dB), with
    the figures and the budget from the PMD's reach row (:class:`~service.domain.catalogue.LossBudget`);
    a PMD without a budget over the grade is not checked (no fact, no finding), nor is a run beyond
    the PMD's reach over the grade (REACH_EXCEEDED already refuses it)::

        module A ─[conn]─ panel ─── installed fiber, L m ─── panel ─[conn]─ module B
                          └ 1 mated connection           1 mated connection ┘
    """
    return _check_loss(link, _plan_for(link, ctx, rate))


def _check_loss(link: Link, plan: _MediaPlan) -> list[Finding]:
    out: list[Finding] = []
    for run, rp in zip(link.fibers, plan.runs, strict=True):
        if rp.loss is None:
            continue
        pmd, row = rp.loss
        budget = row.loss
        if budget is None or run.length_m > row.max_m:
            continue  # beyond the reach: REACH_EXCEEDED says so, a loss figure would add nothing
        fiber_db = run.length_m / 1000 * budget.fiber_db_per_km
        total = fiber_db + run.connections * budget.connection_db
        if total <= budget.channel_db + 1e-9:
            continue
        room = max(0, math.floor((budget.channel_db - fiber_db) / budget.connection_db + 1e-9))
        allocation = f", {budget.allocation_db:g} dB of it for connections" if budget.allocation_db is not None else ""
        out.append(
            _finding(
                "INSERTION_LOSS_EXCEEDED",
                f"{run.name}: {run.length_m:g} m of {run.fiber_type} ({fiber_db:.2f} dB at "
                f"{budget.fiber_db_per_km:g} dB/km) and {run.connections} mated connection(s) "
                f"({run.connections * budget.connection_db:.2f} dB at {budget.connection_db:g} dB each) "
                f"come to {total:.2f} dB; {pmd.name} allows {budget.channel_db:g} dB channel insertion "
                f"loss over {run.fiber_type}{allocation}",
                f"cross at most {room} patch panel(s) at this length, shorten the run, or measure the "
                f"channel: a measured insertion loss within {budget.channel_db:g} dB passes",
                [run.name],
                [*budget.sources, *row.sources],
                limit=budget.channel_db,
            )
        )
    for run, rp in zip(link.fibers, plan.runs, strict=True):
        if rp.floor is not None:
            out += _attenuator(run, *rp.floor)
    return _distinct(out) if len(out) > 1 else out


def _attenuator(
    run: FiberRun, who: str, basis: str, row: Reach, alternatives: tuple[tuple[str, float, float | None], ...]
) -> list[Finding]:
    """ATTENUATOR_REQUIRED: a generic run of a grade over which a PMD's clause or a module's vendor
    (``who``, with the ``basis`` quoted: "IEEE 802.3ba clause 87", "Cisco data sheet: ...") sets a
    minimum channel insertion loss (``row.min_loss_db``), and short enough not to be sure of reaching it.

    The catalogue holds no attenuation figures for the grades this applies to (single-mode: no
    loss budget, dB/km or dB per connection on the row), so the rule adds none: it warns below half
    the row's reach and asks for the link loss to be measured. A run beyond the reach is left to
    REACH_EXCEEDED."""
    floor = row.min_loss_db
    if floor is None or run.length_m >= row.max_m / 2:
        return []
    instead = [
        name
        for name, max_m, min_m in alternatives
        if run.length_m <= max_m and (min_m is None or run.length_m >= min_m)
    ]
    other = f", or use {_or(instead)} for runs this short" if instead else ""
    return [
        _finding(
            "ATTENUATOR_REQUIRED",
            f"{who} needs at least {floor:g} dB of channel insertion loss ({basis}); a "
            f"{_m(run.length_m)} run of {run.fiber_type}, under half its {_m(row.max_m)} reach, may come to "
            f"less: measure the link loss; below {floor:g} dB, fit an optical attenuator at each receiver "
            "(measure the received power)",
            f"fit an attenuator so the channel loss is at least {floor:g} dB{other}",
            [run.name],
            row.sources,
            limit=floor,
        )
    ]


# --- sources --------------------------------------------------------------------------------------


def check_sources(link: Link, ctx: RuleContext) -> list[Finding]:
    """SECONDARY_SOURCE_ONLY (warning): a part the link names (module, cable, cage adapter, catalogue
    fiber cord) whose every source is of kind ``secondary`` (``ctx.secondary_sources``; a web shop's
    catalogue export, e.g. Arista's A-O800-O800-3M). One finding per part number, in chain order; a
    PMD-level module (no part number) is never named. The part-list question reports the same code
    per listed line (:mod:`service.procurement.reconcile`).
    """
    if not ctx.secondary_sources:
        return []
    out: list[Finding] = []
    seen: set[str] = set()
    for part in link.named_parts():
        if part.part_number is None or part.part_number in seen or not part.sources:
            continue
        if not all(s in ctx.secondary_sources for s in part.sources):
            continue
        seen.add(part.part_number)
        out.append(
            _finding(
                "SECONDARY_SOURCE_ONLY",
                f"every source for {part.part_number} is secondary ({', '.join(part.sources)}): its facts in this "
                "link (part number, form factor, rate, length or reach) rest on a secondary source, not confirmed "
                "by the vendor or a standard",
                "confirm the part number and specification with the vendor's datasheet before ordering",
                [part.part_number],
                part.sources,
            )
        )
    return out


# --- the whole check ------------------------------------------------------------------------------


def check_link(link: Link, ctx: RuleContext, *, fixes: bool = True) -> Verdict:
    """Run every rule over ``link`` and return the verdict with every finding.

    The rules that do not look at the run's length (structure, fit, signal, breakout, FEC, auto-negotiation) are
    memoised per context under the link's shape (:func:`_checks_free_of_distance`); media (reach,
    lengths) and insertion loss run every time.

    Args:
        link: the chain to check (ends resolved, parts loaded), placed as given.
        ctx: catalogue facts the rules consult (form-factor fits, PMDs, family lengths, adapters).
        fixes: False leaves out the fix of a REACH_EXCEEDED finding (None), the one fix whose text
            is costly to make; a verdict without that finding (every valid one) is the same.

    Returns:
        A verdict: ``valid`` when no finding is an error; ``rate_gbps`` the rate each link runs at
        (None when no common rate exists); ``ports``, ``legs`` and ``lanes`` from the link's
        geometry; findings errors first, then warnings and infos, each in :data:`RULES` order.
    """
    shape = _shape_key(link, ctx)
    return _check_link(link, ctx, fixes, shape, _checks_free_of_distance(link, ctx, shape))


def _check_link(link: Link, ctx: RuleContext, fixes: bool, shape: tuple[object, ...], free: _Free) -> Verdict:
    """:func:`check_link` given the link's shape and its distance-free checks."""
    findings = list(free.findings)
    rate = free.rate
    if not free.structure:
        # Media and loss codes are their own (no other family emits them), so adding them after
        # breakout and FEC sorts exactly as in the order the families are listed.
        if link.cable is not None:
            findings += check_media(link, ctx, rate)
        if link.fibers:
            plan = _plan_for(link, ctx, rate, shape)
            if link.cable is None:
                findings += _check_media(link, ctx, rate, plan, fixes)
            findings += _check_loss(link, plan)
        findings += check_slack(link, ctx)
    findings += check_sources(link, ctx)
    findings += check_status(link)  # per part (not memoised with the shape: a family's lengths share one)
    if len(findings) > 1:
        findings.sort(key=lambda f: (_SEVERITY_ORDER[f.severity], _ORDER.get(f.code, len(_ORDER))))
    valid = not any(f.severity is Severity.ERROR for f in findings)
    if not valid:
        findings = [_conditional(f) for f in findings]
    geo = free.geo
    if (
        (rate is None or type(rate) is float)
        and (free.protocol is None or type(free.protocol) is Protocol)
        and type(geo.ports) is int
        and type(geo.legs) is int
        and (geo.lanes is None or type(geo.lanes) is int)
        and all(type(f) is Finding for f in findings)
    ):
        # Of the types validation would give (a verdict per candidate, per orientation, in the hot
        # loop of a cold answer): the same model without validating it again.
        return _built(
            Verdict,
            {
                "valid": valid,
                "rate_gbps": rate,
                "protocol": free.protocol,
                "findings": tuple(findings),
                "ports": geo.ports,
                "legs": geo.legs,
                "lanes": geo.lanes,
                "sources": (),
            },
            _VERDICT_SET,
        )
    return Verdict(
        valid=valid,
        rate_gbps=rate,
        protocol=free.protocol,
        findings=tuple(findings),
        ports=geo.ports,
        legs=geo.legs,
        lanes=geo.lanes,
    )


def _conditional(f: Finding) -> Finding:
    """A RATE_NEGOTIATED finding of a link that errors refuse, said as what the link would run once
    they are fixed (fresh-user trial: an HDR AOC in a QM9700's OSFP cage was refused with
    FORM_FACTOR_MISMATCH yet "the link runs at 200 Gb/s"); every other finding as it is."""
    if f.code != "RATE_NEGOTIATED" or not f.message.startswith("the link runs at "):
        return f
    rest = f.message.removeprefix("the link runs at ")
    return f.model_copy(update={"message": f"once the errors are fixed, the link would run at {rest}"})


@dataclass(frozen=True)
class _Free:
    """The distance-free part of a verdict (see :func:`_checks_free_of_distance`)."""

    findings: tuple[Finding, ...]
    structure: bool
    geo: Geometry
    rate: float | None
    protocol: Protocol | None
    names: tuple[str, ...] | None
    """When a finding above quotes a length-bearing name of a generic fiber run ("OM4 fiber
    (30 m)"): the names of all the link's generic runs, in order; the answer then holds for runs of
    exactly these names only. None when no finding quotes one."""


def _run_free_of_distance(link: Link, ctx: RuleContext) -> _Free:
    """Structure, fit, signal, breakout, FEC and auto-negotiation: the checks that never read the run's length.

    Their only view of a length is a generic fiber's name ("OM4 fiber (30 m)"), quoted in a few
    messages; ``names`` says when one is quoted, so a memoised answer is then reused only for runs
    of the same names.
    """
    structure = check_structure(link)
    findings = [*structure, *check_fit(link, ctx)]
    geo = geometry(link, ctx)
    signal, rate, protocol = check_signal(link, ctx, geo)
    findings += signal
    if structure:
        findings += _twin_port_mixed(link)
    else:
        findings += check_breakout(link, geo)
        if rate is not None or not any(f.code == "RATE_MISMATCH" for f in signal):
            # no rate common to the chain: the link does not run, so no FEC mode to set either
            findings += check_fec(link, ctx, rate)
        findings += check_autoneg(link, rate, geo.lanes)
        findings += check_vendor_lock(link)
    names = _free_names(link)
    quoted = any(name in f.message or name in (f.fix or "") or name in f.parts for name in names for f in findings)
    return _Free(tuple(findings), bool(structure), geo, rate, protocol, names if quoted else None)


def _free_names(link: Link) -> tuple[str, ...]:
    """The names the link's distance-free shape (:func:`_free_shape`) leaves out, in order: its
    cable's part number and each fiber run's name but a part-list line's (which the shape keeps): a
    generic fiber's carries its length ("OM4 fiber (30 m)"), a catalogue cord's is its part number
    (the lengths of one family share their answer)."""
    cable = (link.cable.part_number or "",) if link.cable is not None else ()
    return (*cable, *(run.name for run in link.fibers if not run.listed_as))


def _shape_key(link: Link, ctx: RuleContext) -> tuple[object, ...]:
    """The link's shape: everything but the run's distance and the fibers' lengths (parts by
    identity; ends by :func:`_end_key`). A memo entry under it keeps the link alive (``refs``).
    The last link keyed under ``ctx`` is answered from ``ctx.last_shape``."""
    last = ctx.last_shape[0]
    if last[0] is link:
        return last[1]
    key = _shape_key_of(link, ctx)
    ctx.last_shape[0] = (link, key)
    return key


def _shape_key_of(link: Link, ctx: RuleContext) -> tuple[object, ...]:
    runs = tuple(
        (
            id(r.cable),
            r.fiber_type,
            r.connector_a,
            r.connector_b,
            r.legs,
            r.legs_at,
            r.connector_assumed,
            r.connections,
            r.listed_as,
            r.trunk_m > 0,
            r.installed,
        )
        for r in link.fibers
    )
    return (
        _end_key(link.end_a, ctx),
        _end_key(link.end_b, ctx),
        link.rate_gbps,
        link.protocol,
        id(link.adapter_a),
        id(link.module_a),
        id(link.cable),
        link.cable_end_at_a,
        runs,
        id(link.module_b),
        id(link.adapter_b),
    )


def _checks_free_of_distance(link: Link, ctx: RuleContext, shape: tuple[object, ...] | None = None) -> _Free:
    """:func:`_run_free_of_distance`, memoised per context under the link's shape
    (:func:`_shape_key`). An answer that quotes a generic fiber's name is kept per name as well."""
    free = _free_of_shape(link, ctx, shape)
    if free.names is not None:
        names = _free_names(link)
        if names != free.names:
            key = ("free", _free_shape(link, shape if shape is not None else _shape_key(link, ctx), ctx))
            free = ctx.remember((key, names), (link,), lambda: _run_free_of_distance(link, ctx))
    return free


def _free_of_shape(link: Link, ctx: RuleContext, shape: tuple[object, ...] | None = None) -> _Free:
    """:func:`_run_free_of_distance` memoised under the link's distance-free shape
    (:func:`_free_shape`) alone: worked out for the first link of that shape, so a finding's text may
    quote that link's names (``names``) rather than this one's; its codes, severities, structure,
    geometry, rate and protocol hold for every link of the shape."""
    key = ("free", _free_shape(link, shape if shape is not None else _shape_key(link, ctx), ctx))
    return ctx.remember(key, (link,), lambda: _run_free_of_distance(link, ctx))


_ONE_GENERIC_RUN = ("one straight generic run",)


def _free_shape(link: Link, shape: tuple[object, ...], ctx: RuleContext, *, gist: bool = False) -> tuple[object, ...]:
    """The part of the link's shape the distance-free checks read: the shape itself, but

    - for a link over one straight run of generic fiber (no catalogue cable, no part-list name) the
      run is left out. Those checks read a run's leg count, its catalogue cable and name and how
      many runs there are, never its grade, connectors or connections (the grade only where two
      runs share a twin-port module): the pairs of a question over OM3, OM4 and OS2 share one answer;
    - a catalogue cable (DAC, ACC, AOC) or fiber cord is named by its class (:func:`_length_class`:
      every field but its part number, length, aliases, description, notes and status), not by
      identity: none of those checks reads a part's length (only the media checks do), so the
      lengths of one family (MCP4Y10-N001 … -N002, MFP7E10-N003 … -N050) share one answer.

    A finding that quotes a left-out name (a cable's or cord's part number, a generic run's "OM4
    fiber (30 m)") is kept per name (:func:`_checks_free_of_distance`). With ``gist``, a part's
    sources are left out too (lengths of one family may cite different documents): a shape for
    what no finding's text or citation shows, its codes and severities (:func:`_placement`)."""
    if len(link.fibers) == 1 and link.cable is None:
        run = link.fibers[0]
        if run.legs == 1 and run.cable is None and not run.listed_as:
            return (*shape[:8], _ONE_GENERIC_RUN, *shape[9:])
    if link.cable is None and not any(r.cable is not None for r in link.fibers):
        return shape
    runs = tuple(
        (_length_class(r.cable, ctx, gist), *row[1:]) if r.cable is not None else row
        for r, row in zip(link.fibers, cast(tuple[tuple[object, ...], ...], shape[8]), strict=True)
    )
    cable = _length_class(link.cable, ctx, gist) if link.cable is not None else shape[6]
    return (*shape[:6], cable, shape[7], runs, *shape[9:])


_LENGTH_BLIND_FIELDS = frozenset(("part_number", "aliases", "description", "notes", "status", "length_m"))
"""The :class:`~service.domain.catalogue.Cable` and :class:`~service.domain.catalogue.FiberCable`
fields the distance-free checks never read but to quote a part number (which
:func:`_checks_free_of_distance` keys per name when quoted)."""


def _length_class(part: Cable | FiberCable, ctx: RuleContext, gist: bool = False) -> str:
    """A catalogue cable's or fiber cord's class for the distance-free checks: its kind and fields
    but :data:`_LENGTH_BLIND_FIELDS` (and with ``gist`` its sources; JSON), memoised per context by
    identity."""
    key = ("length class", gist, id(part))
    hit = ctx.memo.get(key)
    if hit is not None:
        return cast(str, hit[1])
    blind = {*_LENGTH_BLIND_FIELDS, "sources"} if gist else set(_LENGTH_BLIND_FIELDS)
    return ctx.remember(key, part, lambda: f"{type(part).__name__} " + part.model_dump_json(exclude=blind))


def _end_key(end: ResolvedEnd, ctx: RuleContext) -> tuple[object, ...]:
    """A hashable key equal for equal ends: label, side, declared ports, the device by identity and
    its cage by identity (a bare end's cage, built per question, by value). Memoised per end."""
    hit = ctx.memo.get(("end", id(end)))
    if hit is not None:  # the memo's hit, looked up without a call per link shape
        return cast(tuple[object, ...], hit[1])
    return ctx.remember(
        ("end", id(end)),
        end,
        lambda: (
            end.label,
            end.role,
            end.ports_declared,
            id(end.device),
            id(end.cage) if end.device is not None else repr(end.cage),
        ),
    )


def shape_key(link: Link, ctx: RuleContext) -> tuple[object, ...]:
    """The link's shape (:func:`_shape_key`: everything but the run's distance and the fibers'
    lengths, parts by identity), for a caller that memoises per context what it works out from a
    link's shape; the memo entry must keep the link alive (``ctx.remember(key, (link,), ...)``)."""
    return _shape_key(link, ctx)


def end_key(end: ResolvedEnd, ctx: RuleContext) -> tuple[object, ...]:
    """A hashable key equal for equal ends (label, side, declared ports, device and cage), for a
    caller that memoises per context what it works out from a link's ends and parts."""
    return _end_key(end, ctx)


def _flip(run: FiberRun) -> FiberRun:
    return run.model_copy(
        update={
            "legs_at": _other(run.legs_at),
            "connector_a": run.connector_b,
            "connector_b": run.connector_a,
        }
    )


def orientations(link: Link) -> list[Link]:
    """Every way round the link's parts may be placed, in a fixed order: a cable with its end A at
    link end A, then at end B; fiber splitters with their legs at end B, then at end A."""
    if link.cable is None and all(r.legs == 1 for r in link.fibers):
        return [link]  # one way round (what the general path below gives: the link itself)
    cables: tuple[Literal["A", "B"], ...] = ("A", "B") if link.cable is not None else (link.cable_end_at_a,)
    canonical = tuple(_flip(r) if r.legs > 1 and r.legs_at == "A" else r for r in link.fibers)
    fibers = [canonical]
    if any(r.legs > 1 for r in canonical):
        fibers.append(tuple(_flip(r) if r.legs > 1 else r for r in canonical))
    return [
        link
        if c == link.cable_end_at_a
        and len(f) == len(link.fibers)
        and all(x is y for x, y in zip(f, link.fibers, strict=True))
        else link.model_copy(update={"cable_end_at_a": c, "fibers": f})
        for c in cables
        for f in fibers
    ]  # the link itself where nothing changes (models are immutable: an equal copy is not needed)


def best_orientation(link: Link, ctx: RuleContext) -> tuple[Link, Verdict]:
    """Check every orientation of ``link`` and keep the one with the fewest errors (ties: the first
    in :func:`orientations` order). Both checkLink and linkOptions place parts this way, so they
    agree on every chain."""
    checked = [(candidate, check_link(candidate, ctx)) for candidate in orientations(link)]
    index = min(range(len(checked)), key=lambda i: (len(checked[i][1].error_codes), i))
    return checked[index]


def valid_orientation(link: Link, ctx: RuleContext) -> tuple[Link, Verdict] | None:
    """What :func:`best_orientation` gives when ``link`` is valid some way round (the first valid
    orientation: no errors is the fewest), else None. Orientations are checked without their reach
    fix texts (``check_link(fixes=False)``), which a valid verdict never holds: a question that
    needs only the valid links (``linkOptions`` without ``explain``, when an option exists) makes
    no fix text for the rejected ones."""
    for candidate in orientations(link):
        shape = _shape_key(candidate, ctx)
        free = _checks_free_of_distance(candidate, ctx, shape)
        if any(f.severity is Severity.ERROR for f in free.findings):
            continue  # an error that does not read the distance: invalid this way round at any distance
        verdict = _check_link(candidate, ctx, False, shape, free)
        if verdict.valid:
            return candidate, verdict
    return None


def reach_basis(
    link: Link, ctx: RuleContext
) -> Literal["sourced", "standard", "standard_secondary", "unverified"] | None:
    """What an optical link's reach over its first fiber rests on.

    Returns:
        ``"unverified"`` when the catalogue holds no reach for the shared PMD(s) and modules over the
        fiber grade; ``"sourced"`` when a module's own (datasheet) reach or a vendor-defined PMD's
        limits it; ``"standard"`` when an IEEE clause or MSA row limits it and a standard or vendor
        document backs that row; ``"standard_secondary"`` when that row's sources are all secondary
        copies of the clause (``ctx.secondary_sources``: the option's ``secondary`` flag is then set
        too); None for a cable or an incomplete chain.
    """
    if link.cable is not None or link.module_a is None or link.module_b is None or not link.fibers:
        return None
    shared = _active_pmds(_shared_pmds(link, ctx), link.rate_gbps)
    reach = _reach(shared, _reach_modules(link, ctx), link.fibers[0].fiber_type)
    if reach.max_m is None:
        return "unverified"
    pmd = next((p for p in shared if p.name == reach.max_by), None)
    if pmd is None:
        return "sourced"
    if not (pmd.standard.startswith("IEEE") or "MSA" in pmd.standard):
        return "sourced"
    secondary = bool(reach.max_sources) and all(s in ctx.secondary_sources for s in reach.max_sources)
    return "standard_secondary" if secondary else "standard"


# --- one orientation at any distance (linkOptions' distance-free memo) -----------------------------


@dataclass(frozen=True)
class Placement:
    """One orientation of a candidate link, with what :func:`check_link` would find on it reduced to
    the run distances at which it holds an error: :func:`errors_at` then answers for any distance
    with a few comparisons, without making a finding.

    The distance-bearing values of a candidate link as ``linkOptions`` builds it outside an
    installed plant are ``Link.distance_m`` and the length of each run without a catalogue cable
    (generic fiber is as long as the run) or with one behind a trunk (the trunk makes up the rest of
    the run); both are the ``distance`` of :func:`errors_at` (metres).
    Every other check reads no distance, and each of the media checks that do compares the run
    ``d`` (or the fiber path ``max(d, L)`` of a cord ``L`` metres long) with a fixed value, so the
    link has an error at ``d`` exactly when ``always``, or ``d > above``, or ``d < below``, or
    ``d <= up_to``, or an insertion loss of a generic run exceeds its budget at ``d`` (``losses``)::

        _length_finding       length < d               → d > length
        REACH_EXCEEDED        max(d, L) > reach        → d > reach, or always when L > reach
        RUN_TOO_SHORT         max(d, L) < minimum      → d < minimum when L < minimum
        INSERTION_LOSS        of a cord: its own length, fixed → always or never

    Attributes:
        link: the orientation as placed (at whatever distance it was built; its distance is not read).
        free_error: a distance-free check (structure, fit, signal, breakout, FEC, auto-negotiation,
            fiber mode, connector, polish) has an error: invalid at every distance.
        always: an error at every distance (``free_error``, or a media check of fixed lengths).
        above: the run may be at most this long (m; ``inf`` when nothing caps it).
        below: the run must be at least this long (m; ``-inf`` when nothing requires it).
        up_to: an error for a run up to this long (m; ``-inf`` when none: a rule whose error holds
            within a reach, none today).
        losses: per generic run with an insertion-loss budget over its grade: (the reach row's
            maximum in m, dB per km, dB per connection, mated connections, channel budget in dB).
    """

    link: Link
    free_error: bool
    always: bool
    above: float
    below: float
    up_to: float
    losses: tuple[tuple[float, float, float, int, float], ...]


def placement(link: Link, ctx: RuleContext) -> Placement:
    """The :class:`Placement` of ``link`` placed as given, memoised per context under its shape."""
    shape = _shape_key(link, ctx)
    return ctx.remember(("placement", shape), (link,), lambda: _placement(link, ctx, shape))


def _placement(link: Link, ctx: RuleContext, shape: tuple[object, ...]) -> Placement:
    """The conditions of :func:`_check_link` (and of :func:`_check_media`, :func:`_length_finding`
    and :func:`_check_loss` under it) in the terms of :class:`Placement`, branch for branch."""
    # Severities, structure and rate only: the same for every name and source the gist of the shape
    # leaves out (both are only ever quoted), so its answer serves whichever link it was first
    # worked out for.
    gist = ("free gist", _free_shape(link, shape, ctx, gist=True))
    free = ctx.remember(gist, (link,), lambda: _free_of_shape(link, ctx, shape))
    free_error = any(f.severity is Severity.ERROR for f in free.findings)
    if free_error:  # invalid at every distance: what the media checks would add is never read
        return Placement(link, True, True, math.inf, -math.inf, -math.inf, ())
    always = False
    above, below, up_to = math.inf, -math.inf, -math.inf
    losses: list[tuple[float, float, float, int, float]] = []
    if not free.structure:
        if link.cable is not None:  # check_media of a cable: _length_finding
            above = min(above, link.cable.length_m or 0.0)
        if link.fibers:
            plan = _plan_for(link, ctx, free.rate, shape)
            if link.cable is None:  # _check_media
                for run, rp in zip(link.fibers, plan.runs, strict=True):
                    # A catalogue cord is its own length L; a generic run is the run (path = d), and
                    # so is a cord behind a trunk (linkOptions makes the trunk the rest of the run).
                    trunked = run.cable is not None and run.trunk_m > 0
                    cord = run.length_m if run.cable is not None and not trunked else None
                    if run.cable is not None and not trunked:
                        above = min(above, run.cable.length_m or 0.0)  # _length_finding
                    named = _named_findings(link, plan, rp, run, ctx)
                    always = always or any(f.severity is Severity.ERROR for group in named for f in group)
                    always = always or any(f.severity is Severity.ERROR for f in rp.undocumented)
                    reach = rp.reach
                    if reach is None:
                        continue
                    limits: list[float] = []  # REACH_EXCEEDED when the path max(d, L) is longer
                    if reach.max_m is None and not rp.complete:
                        if rp.bound is not None:  # else REACH_UNVERIFIED, a warning
                            limits.append(rp.bound[0].max_m or 0.0)
                    elif reach.max_m is None:
                        always = True  # not specified over the grade
                    else:
                        limits.append(reach.max_m)
                        cord_error = rp.cord is not None and rp.cord.severity is Severity.ERROR
                        if cord_error and (cord is None or cord <= reach.max_m):
                            up_to = max(up_to, reach.max_m)  # path <= reach ⟺ d <= reach
                    for limit in limits:
                        always = always or (cord is not None and cord > limit)
                        above = min(above, limit)
                    if reach.min_m is not None and (cord is None or cord < reach.min_m):
                        below = max(below, reach.min_m)  # RUN_TOO_SHORT: max(d, L) < min
            for run, rp in zip(link.fibers, plan.runs, strict=True):  # _check_loss
                if rp.loss is None:
                    continue
                budget, row = rp.loss[1].loss, rp.loss[1]
                if budget is None:
                    continue
                if run.cable is None or run.trunk_m > 0:
                    losses.append(
                        (row.max_m, budget.fiber_db_per_km, budget.connection_db, run.connections, budget.channel_db)
                    )
                elif not run.length_m > row.max_m:
                    fiber_db = run.length_m / 1000 * budget.fiber_db_per_km
                    always = always or fiber_db + run.connections * budget.connection_db > budget.channel_db + 1e-9
    return Placement(link, False, always, above, below, up_to, tuple(losses))


def errors_at(p: Placement, distance: float) -> bool:
    """True when :func:`check_link` of ``p.link`` on a run of ``distance`` metres (its generic runs
    that long too) holds an error finding (see :class:`Placement`).

    tests/integration/test_shape_memo.py holds it equal to ``check_link(...).valid`` through
    ``linkOptions`` (memoised answers against answers computed from scratch).
    """
    if p.always or distance > p.above or distance < p.below or distance <= p.up_to:
        return True
    for max_m, per_km, per_connection, connections, channel in p.losses:
        if distance > max_m:
            continue  # beyond the reach: REACH_EXCEEDED says so, no loss finding
        fiber_db = distance / 1000 * per_km
        if fiber_db + connections * per_connection > channel + 1e-9:
            return True  # INSERTION_LOSS_EXCEEDED
    return False
