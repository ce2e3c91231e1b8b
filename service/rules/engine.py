"""Run every compatibility rule over a link and compute the rate it runs at.

Rule families (each a function below, each code stable and public):

- fit:       FORM_FACTOR_MISMATCH, TOP_STYLE_MISMATCH, WRONG_SIDE, PORT_COUNT_MISMATCH
- signal:    PMD_MISMATCH, RATE_MISMATCH, PROTOCOL_MISMATCH (+ info RATE_NEGOTIATED)
- media:     FIBER_MODE_MISMATCH, REACH_EXCEEDED, CONNECTOR_MISMATCH, POLISH_MISMATCH,
             CABLE_TOO_SHORT, CABLE_LENGTH_LIMIT (+ warning UNDOCUMENTED_PAIRING)
- breakout:  BREAKOUT_UNSUPPORTED, TWIN_PORT_MIXED_FIBERS
- structure: LINK_STRUCTURE (a chain that is not end–module–medium–module–end or end–cable–end)

UNKNOWN_PART is raised before rules run, when a part number cannot be resolved.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from service.domain.catalogue import (
    Cable,
    CableEnd,
    FiberCable,
    Media,
    Pmd,
    Protocol,
    Side,
    TopStyle,
    Transceiver,
)
from service.domain.link import Finding, Link, ResolvedEnd, Severity, Verdict
from service.rules.context import RuleContext, parse_split_mode

__all__ = ["RULE_CODES", "check_link"]

RULE_CODES: tuple[str, ...] = (
    "UNKNOWN_PART",
    "LINK_STRUCTURE",
    "FORM_FACTOR_MISMATCH",
    "TOP_STYLE_MISMATCH",
    "WRONG_SIDE",
    "PORT_COUNT_MISMATCH",
    "PMD_MISMATCH",
    "RATE_MISMATCH",
    "PROTOCOL_MISMATCH",
    "FIBER_MODE_MISMATCH",
    "REACH_EXCEEDED",
    "CABLE_TOO_SHORT",
    "CABLE_LENGTH_LIMIT",
    "CONNECTOR_MISMATCH",
    "POLISH_MISMATCH",
    "BREAKOUT_UNSUPPORTED",
    "TWIN_PORT_MIXED_FIBERS",
)
"""Every error code a verdict can carry (info/warning codes: RATE_NEGOTIATED, UNDOCUMENTED_PAIRING)."""


def _err(code: str, message: str, fix: str | None, parts: Iterable[str | None], sources: Iterable[str],
         limit: float | None = None) -> Finding:
    return Finding(code=code, severity=Severity.ERROR, message=message, fix=fix,
                   parts=tuple(p for p in parts if p), source_ids=tuple(dict.fromkeys(sources)), limit=limit)


def _fmt_m(value: float) -> str:
    return f"{value:g} m"


def _fmt_rates(rates: Iterable[float]) -> str:
    return "/".join(f"{r:g}" for r in sorted(set(rates))) + " Gb/s"


@dataclass(frozen=True)
class _Plug:
    """Something that goes into a cage: a transceiver, or one end of a direct-attach cable."""

    name: str
    form_factor: str
    top_style: TopStyle | None
    side: Side
    sources: tuple[str, ...]
    ports: int = 1


def _plugs(link: Link) -> list[tuple[_Plug, ResolvedEnd]]:
    out: list[tuple[_Plug, ResolvedEnd]] = []
    if link.cable is not None:
        near, far = _cable_ends(link.cable, link.cable_end_at_a)
        pn = link.cable.part_number or "cable"
        out.append((_Plug(f"{pn} end {link.cable_end_at_a}", near.form_factor, near.top_style, near.side,
                          tuple(link.cable.sources), near.ports), link.end_a))
        other = "B" if link.cable_end_at_a == "A" else "A"
        out.append((_Plug(f"{pn} end {other}", far.form_factor, far.top_style, far.side,
                          tuple(link.cable.sources), far.ports), link.end_b))
    for module, end in ((link.module_a, link.end_a), (link.module_b, link.end_b)):
        if module is not None:
            out.append((_Plug(module.part_number or "module", module.form_factor, module.top_style,
                              module.side, tuple(module.sources), module.ports), end))
    return out


def _cable_ends(cable: Cable, end_at_a: str) -> tuple[CableEnd, CableEnd]:
    return (cable.end_a, cable.end_b) if end_at_a == "A" else (cable.end_b, cable.end_a)


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
            problems.append("an optical link needs a fiber between the transceivers")
        ports = min((m.ports for m in (link.module_a, link.module_b) if m is not None), default=1)
        if len(link.fibers) > max(ports, 1) or len(link.fibers) > 2:
            problems.append(f"{len(link.fibers)} fibers given, but the transceivers have {ports} port(s)")
    if not problems:
        return []
    return [_err("LINK_STRUCTURE", "; ".join(problems),
                 "describe the link as end A, [module A], cable or fiber(s), [module B], end B",
                 link.part_numbers(), [])]


# --- fit ------------------------------------------------------------------------------------------

def check_fit(link: Link, ctx: RuleContext) -> list[Finding]:
    """FORM_FACTOR_MISMATCH, TOP_STYLE_MISMATCH and WRONG_SIDE for every plug against its cage."""
    out: list[Finding] = []
    for plug, end in _plugs(link):
        cage = end.cage
        fit = ctx.fit_sources(plug.form_factor, cage.form_factor)
        if fit is None:
            takes = sorted(
                {cage.form_factor} | {f.name for f in ctx.form_factors.values()
                                      if any(x.cage == cage.form_factor for x in f.fits_in)}
            )
            out.append(_err(
                "FORM_FACTOR_MISMATCH",
                f"{plug.name} is {plug.form_factor}; the {cage.form_factor} cage of {end.label} "
                f"does not take {plug.form_factor}",
                f"use a {' or '.join(takes)} part in {end.label}",
                [plug.name], [*cage.sources, *plug.sources]))
            continue
        if cage.top_style is not None and plug.top_style is not None and plug.top_style != cage.top_style:
            why = ("its riding heat sink needs a flat-top module" if cage.top_style is TopStyle.FLAT
                   else "air-cooled switch cages need finned modules")
            out.append(_err(
                "TOP_STYLE_MISMATCH",
                f"{plug.name} is {plug.top_style.value}-top; the {cage.form_factor} cage of {end.label} "
                f"takes {cage.top_style.value}-top only ({why})",
                f"use the {cage.top_style.value}-top variant in {end.label}",
                [plug.name], [*cage.sources, *plug.sources]))
        if not end.bare and plug.ports > cage.logical_ports_per_cage:
            out.append(_err(
                "PORT_COUNT_MISMATCH",
                f"{plug.name} is a twin-port plug ({plug.ports} ports); the {cage.form_factor} cage of "
                f"{end.label} has {cage.logical_ports_per_cage} port",
                f"use a single-port part in {end.label}",
                [plug.name], [*cage.sources, *plug.sources]))
        if end.role is not Side.ANY and plug.side is not Side.ANY and plug.side is not end.role:
            out.append(_err(
                "WRONG_SIDE",
                f"{plug.name} is made for the {plug.side.value} side, but {end.label} is a {end.role.value}",
                f"use a {end.role.value}-side part in {end.label}",
                [plug.name], plug.sources))
    return out


# --- signal: protocol, PMD, rate ----------------------------------------------------------------

def _shared_pmds(link: Link, ctx: RuleContext) -> list[Pmd]:
    if link.module_a is None or link.module_b is None:
        return []
    names = [n for n in link.module_a.pmds if n in link.module_b.pmds]
    return [ctx.pmds[n] for n in names if n in ctx.pmds]


def _protocols(link: Link) -> tuple[set[Protocol], list[Finding]]:
    holders: list[tuple[str, set[Protocol], tuple[str, ...]]] = []
    for end in (link.end_a, link.end_b):
        if not end.bare:
            holders.append((end.label, set(end.cage.protocols), tuple(end.cage.sources)))
    for part in (link.module_a, link.module_b, link.cable):
        if part is not None:
            holders.append((part.part_number or "part", set(part.protocols), tuple(part.sources)))
    common = set(Protocol)
    for _, protos, _ in holders:
        common &= protos
    findings: list[Finding] = []
    wanted = link.protocol
    if wanted is not None and wanted not in common:
        lacking = [(n, s) for n, p, s in holders if wanted not in p]
        findings.append(_err(
            "PROTOCOL_MISMATCH",
            f"{', '.join(n for n, _ in lacking)} do(es) not support {wanted.value}",
            f"use {wanted.value} parts throughout, or run the link as "
            f"{' or '.join(sorted(p.value for p in common)) or 'another protocol'}",
            [n for n, _ in lacking], [x for _, s in lacking for x in s]))
    elif not common:
        findings.append(_err(
            "PROTOCOL_MISMATCH",
            "no protocol is supported by every part: "
            + "; ".join(f"{n}: {'/'.join(sorted(p.value for p in protos))}" for n, protos, _ in holders),
            "use InfiniBand-capable or Ethernet-capable parts at both ends",
            [n for n, _, _ in holders], [x for _, _, s in holders for x in s]))
    if wanted is not None:
        common = {wanted} & common
    return common, findings


def check_signal(link: Link, ctx: RuleContext) -> tuple[list[Finding], float | None, Protocol | None, int]:
    """PROTOCOL_MISMATCH, PMD_MISMATCH and RATE_MISMATCH; returns the rate each link runs at.

    InfiniBand ends of different generations are not an error: the link runs at the highest rate
    every element supports (an info finding RATE_NEGOTIATED says which). Ethernet ends must share a
    PMD, and the link runs at that PMD's rate.
    """
    findings: list[Finding] = []
    protocols, proto_findings = _protocols(link)
    findings += proto_findings
    protocol = next(iter(protocols)) if len(protocols) == 1 else None

    shared = _shared_pmds(link, ctx)
    if link.module_a is not None and link.module_b is not None and not shared:
        findings.append(_err(
            "PMD_MISMATCH",
            f"{link.module_a.part_number} runs {'/'.join(link.module_a.pmds)} but "
            f"{link.module_b.part_number} runs {'/'.join(link.module_b.pmds)}: both ends must run the same PMD",
            "use matching transceivers at both ends (same PMD), or a dual-rate module that implements both",
            [link.module_a.part_number, link.module_b.part_number],
            [*link.module_a.sources, *link.module_b.sources]))

    # Rate: intersect what every element supports; splitter legs divide the near port's rate.
    constraints: list[tuple[str, set[float], tuple[str, ...]]] = []
    for end in (link.end_a, link.end_b):
        if not end.bare:
            constraints.append((end.label, set(end.cage.speeds_gbps), tuple(end.cage.sources)))
    legs = max((f.legs for f in link.fibers), default=1)
    if link.module_a is not None:
        rates_a = set(link.module_a.rates_gbps)
        if legs > 1:  # each splitter leg carries 1/legs of the port's lanes
            rates_a = {r / legs for r in rates_a}
        constraints.append((link.module_a.part_number or "module A", rates_a, tuple(link.module_a.sources)))
    if link.module_b is not None:
        constraints.append((link.module_b.part_number or "module B", set(link.module_b.rates_gbps),
                            tuple(link.module_b.sources)))
    if link.cable is not None:
        constraints.append((link.cable.part_number or "cable", set(link.cable.rates_gbps),
                            tuple(link.cable.sources)))
    if shared and (protocol is Protocol.ETHERNET or all(p.family is Protocol.ETHERNET for p in shared)):
        constraints.append(("PMD " + "/".join(p.name for p in shared), {p.rate_gbps for p in shared},
                            tuple(s for p in shared for s in p.sources)))
    common: set[float] | None = None
    for _, rates, _ in constraints:
        common = set(rates) if common is None else common & rates
    rate: float | None = None
    if common is not None and not common:
        findings.append(_err(
            "RATE_MISMATCH",
            "no rate is common to every element: "
            + "; ".join(f"{n}: {_fmt_rates(r)}" for n, r, _ in constraints),
            "use parts of one generation/rate at both ends",
            [n for n, _, _ in constraints], [x for _, _, s in constraints for x in s]))
    elif common:
        best = max(common)
        if link.rate_gbps is not None and link.rate_gbps not in common:
            limiting = [(n, r, s) for n, r, s in constraints if link.rate_gbps not in r]
            findings.append(_err(
                "RATE_MISMATCH",
                f"the link cannot run at {link.rate_gbps:g} Gb/s: "
                + "; ".join(f"{n} supports {_fmt_rates(r)}" for n, r, _ in limiting)
                + f"; it would run at {best:g} Gb/s",
                f"use parts that support {link.rate_gbps:g} Gb/s, or plan for {best:g} Gb/s",
                [n for n, _, _ in limiting], [x for _, _, s in limiting for x in s], limit=best))
            rate = best
        else:
            rate = link.rate_gbps if link.rate_gbps is not None else best
            tops = [max(r) for _, r, _ in constraints]
            if tops and rate < max(tops):
                slowest = [n for n, r, _ in constraints if max(r) == min(tops)]
                findings.append(Finding(
                    code="RATE_NEGOTIATED", severity=Severity.INFO,
                    message=f"the link runs at {rate:g} Gb/s, the highest rate common to every element "
                            f"(limited by {', '.join(slowest)})",
                    parts=tuple(slowest)))
    ports = 1
    if (link.module_a is not None and link.module_b is not None and len(link.fibers) == 2
            and link.module_a.ports == 2 and link.module_b.ports == 2):
        ports = 2
    return findings, rate, protocol, ports


# --- media ----------------------------------------------------------------------------------------

def _length_finding(part: Cable | FiberCable, distance: float, ctx: RuleContext) -> Finding | None:
    length = part.length_m or 0.0
    if length >= distance:
        return None
    family = part.family or part.part_number or "cable"
    lengths = ctx.family_lengths.get(family, (length,))
    longer = [x for x in lengths if x >= distance]
    if longer:
        return _err(
            "CABLE_TOO_SHORT",
            f"{part.part_number} is {_fmt_m(length)} long; the run is {_fmt_m(distance)}",
            f"order the {_fmt_m(longer[0])} length of {family}",
            [part.part_number], part.sources, limit=length)
    longest = max(lengths)
    beyond = ("use active copper or optics" if isinstance(part, Cable) and part.cable_type.value == "DAC"
              else "use optics with a longer reach")
    return _err(
        "CABLE_LENGTH_LIMIT",
        f"{family} is sold up to {_fmt_m(longest)}; the run is {_fmt_m(distance)}",
        f"{beyond} for {_fmt_m(distance)}", [part.part_number], part.sources, limit=longest)


def _reach_limit(pmds: list[Pmd], modules: list[Transceiver], fiber: str) -> tuple[float | None, tuple[str, ...]]:
    """Effective reach (m) over ``fiber``: the best shared PMD's, capped by each module's own limit."""
    best: float | None = None
    sources: tuple[str, ...] = ()
    for pmd in pmds:
        for r in pmd.reach:
            if r.fiber == fiber and (best is None or r.max_m > best):
                best, sources = r.max_m, tuple(r.sources)
    if best is None:
        return None, sources
    for m in modules:
        for r in m.reach:
            if r.fiber == fiber and r.max_m < best:
                best, sources = r.max_m, tuple(r.sources)
    return best, sources


def check_media(link: Link, ctx: RuleContext) -> list[Finding]:
    """Fiber mode, reach, connectors, polish and cable lengths."""
    out: list[Finding] = []
    if link.cable is not None:
        f = _length_finding(link.cable, link.distance_m, ctx)
        if f:
            out.append(f)
        return out
    modules = [m for m in (link.module_a, link.module_b) if m is not None]
    pmds = _shared_pmds(link, ctx)
    for run in link.fibers:
        smf = run.fiber_type.startswith("OS")
        pmd_media = {p.media for p in pmds}
        names = [m.part_number or "" for m in modules]
        if pmds and Media.SMF in pmd_media and not smf and Media.MMF not in pmd_media:
            out.append(_err("FIBER_MODE_MISMATCH",
                            f"{'/'.join(p.name for p in pmds)} is single-mode; {run.fiber_type} is multimode fiber",
                            "use single-mode fiber (OS2) between these transceivers",
                            [*names, run.cable.part_number if run.cable else None],
                            [s for p in pmds for s in p.sources]))
            continue
        if pmds and Media.MMF in pmd_media and smf and Media.SMF not in pmd_media:
            out.append(_err("FIBER_MODE_MISMATCH",
                            f"{'/'.join(p.name for p in pmds)} is multimode; {run.fiber_type} is single-mode fiber",
                            "use OM3/OM4 multimode fiber, or single-mode transceivers",
                            [*names, run.cable.part_number if run.cable else None],
                            [s for p in pmds for s in p.sources]))
            continue
        if pmds:
            reach, srcs = _reach_limit(pmds, modules, run.fiber_type)
            if reach is None or link.distance_m > reach:
                better = sorted({r.fiber for p in pmds for r in p.reach if r.max_m >= link.distance_m})
                pmd_names = "/".join(p.name for p in pmds)
                what = (f"{pmd_names} is not specified over {run.fiber_type}" if reach is None
                        else f"{pmd_names} reaches {_fmt_m(reach)} over {run.fiber_type}")
                out.append(_err(
                    "REACH_EXCEEDED", f"{what}; the run is {_fmt_m(link.distance_m)}",
                    (f"use {' or '.join(better)} fiber" if better
                     else "use a PMD with a longer reach (e.g. a single-mode one)"),
                    names, srcs or [s for p in pmds for s in p.sources], limit=reach or 0.0))
        for module, conn in ((link.module_a, run.connector_a), (link.module_b, run.connector_b)):
            if module is None:
                continue
            m_type, _, m_pol = module.connector.partition("/")
            f_type, _, f_pol = conn.partition("/")
            fiber_name = run.cable.part_number if run.cable else f"{run.fiber_type} fiber"
            if m_type != f_type:
                out.append(_err("CONNECTOR_MISMATCH",
                                f"{module.part_number} has {module.connector}; {fiber_name} ends in {conn}",
                                f"use a fiber terminated {module.connector}", [module.part_number, fiber_name],
                                module.sources))
            elif m_pol != f_pol:
                out.append(_err("POLISH_MISMATCH",
                                f"{module.part_number} has {module.connector}; {fiber_name} ends in {conn}: "
                                f"{m_pol} must never be mated with {f_pol}",
                                f"use a {module.connector} fiber end to end", [module.part_number, fiber_name],
                                module.sources))
        if run.cable is not None:
            f = _length_finding(run.cable, link.distance_m, ctx)
            if f:
                out.append(f)
            for module in modules:
                if module.fiber_cables and run.cable.family not in module.fiber_cables:
                    out.append(Finding(
                        code="UNDOCUMENTED_PAIRING", severity=Severity.WARNING,
                        message=f"{module.vendor} documents {', '.join(module.fiber_cables)} for "
                                f"{module.part_number}, not {run.cable.family}",
                        fix=f"prefer {module.fiber_cables[0]}", parts=(module.part_number or "",),
                        source_ids=tuple(module.sources)))
    return out


# --- breakout -----------------------------------------------------------------------------------

def _split_supported(end: ResolvedEnd, legs: int, leg_rate: float) -> bool:
    if end.bare:
        return True
    for mode in end.cage.split_modes:
        parsed = parse_split_mode(mode)
        if parsed and parsed[0] == legs and abs(parsed[1] - leg_rate) < 1e-6:
            return True
    return False


def check_breakout(link: Link) -> list[Finding]:
    """BREAKOUT_UNSUPPORTED and TWIN_PORT_MIXED_FIBERS."""
    out: list[Finding] = []
    if link.cable is not None:
        near, far = _cable_ends(link.cable, link.cable_end_at_a)
        for trunk, legs_end, end in ((near, far, link.end_a), (far, near, link.end_b)):
            legs_per_port = legs_end.plugs // max(trunk.ports, 1)
            if trunk.plugs == 1 and legs_per_port > 1 and not _split_supported(end, legs_per_port,
                                                                                legs_end.rate_gbps):
                modes = ", ".join(end.cage.split_modes) or "none"
                out.append(_err(
                    "BREAKOUT_UNSUPPORTED",
                    f"{link.cable.part_number} splits each port of {end.label} into {legs_per_port} × "
                    f"{legs_end.rate_gbps:g} Gb/s; that port's split modes: {modes}",
                    "use a straight cable, or a port that supports this split",
                    [link.cable.part_number], [*link.cable.sources, *end.cage.sources]))
    for run in link.fibers:
        if run.legs > 1 and link.module_a is not None:
            rate = max(link.module_a.rates_gbps) / run.legs
            if not _split_supported(link.end_a, run.legs, rate):
                modes = ", ".join(link.end_a.cage.split_modes) or "none"
                out.append(_err(
                    "BREAKOUT_UNSUPPORTED",
                    f"{run.cable.part_number if run.cable else 'the splitter'} splits each port of "
                    f"{link.end_a.label} into {run.legs} × {rate:g} Gb/s; that port's split modes: {modes}",
                    "use a straight fiber, or a port that supports this split",
                    [run.cable.part_number if run.cable else None],
                    [*(run.cable.sources if run.cable else []), *link.end_a.cage.sources]))
    if len(link.fibers) == 2:
        a, b = link.fibers
        kinds = {(r.legs, r.fiber_type, r.cable.family if r.cable else None) for r in (a, b)}
        if len(kinds) > 1:
            twin = next((m for m in (link.module_a, link.module_b) if m and m.ports == 2), None)
            names = [r.cable.part_number if r.cable else f"{r.fiber_type} fiber" for r in (a, b)]
            out.append(_err(
                "TWIN_PORT_MIXED_FIBERS",
                f"the two ports of {twin.part_number if twin else 'the twin-port transceiver'} carry "
                f"different fibers ({' and '.join(n or '' for n in names)}): both must be the same type, "
                "both straight or both splitter",
                "use two fibers of the same family on one twin-port transceiver",
                [twin.part_number if twin else None, *names], twin.sources if twin else []))
    return out


def check_link(link: Link, ctx: RuleContext) -> Verdict:
    """Run every rule over ``link`` and return the verdict with every finding.

    Args:
        link: the chain to check (ends resolved, parts loaded).
        ctx: catalogue facts the rules consult (form-factor fits, PMDs, family lengths).

    Returns:
        A verdict: ``valid`` when no finding is an error; ``rate_gbps`` the rate each link runs at
        (None when no common rate exists); findings sorted errors first, in rule order.
    """
    structure = check_structure(link)
    findings = list(structure)
    findings += check_fit(link, ctx)
    signal, rate, protocol, ports = check_signal(link, ctx)
    findings += signal
    if not structure:
        findings += check_media(link, ctx)
        findings += check_breakout(link)
    order = {code: i for i, code in enumerate(RULE_CODES)}
    sev = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    findings.sort(key=lambda f: (sev[f.severity], order.get(f.code, 99)))
    valid = not any(f.severity is Severity.ERROR for f in findings)
    return Verdict(valid=valid, rate_gbps=rate, protocol=protocol, findings=tuple(findings), ports=ports)
