"""Fan-out chains: one trunk, several media, one far end per leg, each leg checked as a link.

The chain, as a user names it (e.g. NVIDIA's NDR200 breakout: a twin-port MMA4Z00-NS in a
QM9700, an MFP7E20 1:2 splitter on each of its two ports, four MMA4Z00-NS400 in four
ConnectX-7 adapters)::

    end A ─ [adapter A] ─ module A ═╦═ medium 1 ═╦═ leg 0 ── module ── far end 0
                                    ║            ╚═ leg 1 ── module ── far end 1
                                    ╚═ medium 2 ═╦═ leg 2 ── module ── far end 2
                                                 ╚═ leg 3 ── module ── far end 3

    end A ─ [adapter A] ═ splitter cable ═╦═ leg 0 ── far end 0     (a DAC/AOC splitter: no modules)
                                          ╚═ leg 1 ── far end 1

Step 1: the media are given slots, in order: a fiber splitter of N legs (or a splitter cable with
N plugs at its legs end) carries the next N far ends, a straight fiber the next one.
Step 2: the trunk is checked as a whole: the far ends named must fill the slots exactly, a
transceiver takes one medium per port, and a twin-port transceiver's two ports must carry the same
kind of fiber (TWIN_PORT_MIXED_FIBERS).
Step 3: each leg is a two-ended :class:`~service.domain.link.Link` (end A, the trunk parts, the
medium that carries the leg with its trunk at end A, the leg's module and end) and goes through
:func:`~service.rules.engine.check_link`, the one rule set.
Step 4: the chain's verdict: valid when the trunk and every leg are; the rate is the slowest
leg's; ``ports`` the legs that run in parallel; ``legs`` the most legs one port fans out into.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.domain.catalogue import Cable
from service.domain.link import FanOutLeg, FiberRun, Finding, LegCheck, Link, Severity, Verdict
from service.rules.context import RuleContext
from service.rules.engine import (
    _ORDER,
    _SEVERITY_ORDER,
    _finding,
    _twin_port_mixed,
    check_link,
    orientations,
)

__all__ = ["check_fan_out", "fan_out_slots"]


def _cable_legs(cable: Cable) -> tuple[int, str]:
    """(far ends one splitter cable reaches, the cable end that is its trunk: "A" or "B")."""
    if cable.end_a.plugs > cable.end_b.plugs:
        return cable.end_a.plugs, "B"
    return cable.end_b.plugs, "A"


def fan_out_slots(trunk: Link) -> list[int]:
    """How many far ends each medium of ``trunk`` carries, in order (a 1:2 splitter: 2, a straight
    fiber: 1, a 1:4 splitter cable: 4)."""
    if trunk.cable is not None:
        return [_cable_legs(trunk.cable)[0]]
    return [run.legs for run in trunk.fibers]


def _placed_run(run: FiberRun) -> FiberRun:
    """``run`` with a splitter's trunk at link end A and its legs at end B."""
    if run.legs > 1 and run.legs_at == "A":
        return run.model_copy(update={"legs_at": "B", "connector_a": run.connector_b, "connector_b": run.connector_a})
    return run


def _leg_link(trunk: Link, leg: FanOutLeg, run: FiberRun | None) -> Link:
    """Leg ``leg`` as a two-ended link: the trunk's end A parts, one medium, the leg's parts."""
    update: dict[str, object] = {
        "end_b": leg.end,
        "module_b": leg.module,
        "adapter_b": leg.adapter,
        "fibers": () if run is None else (_placed_run(run),),
    }
    if trunk.cable is not None:
        update["cable_end_at_a"] = _cable_legs(trunk.cable)[1]
    return trunk.model_copy(update=update)


def _structure(trunk: Link, legs: Sequence[FanOutLeg], slots: list[int]) -> list[Finding]:
    out: list[Finding] = []
    named = list(trunk.part_numbers())
    problems: list[str] = []
    if not slots:
        problems.append("a fan-out needs a splitter cable, or fiber(s) from the trunk transceiver")
    elif sum(slots) != len(legs):
        media = ", ".join(f"{n} leg(s)" for n in slots)
        problems.append(
            f"the media carry {sum(slots)} leg(s) ({media}) but {len(legs)} far end(s) are named: "
            "name one far end per splitter leg, in order"
        )
    if trunk.cable is not None and trunk.fibers:
        problems.append("a splitter cable plugs straight into the cages: remove the fibers")
    if trunk.cable is None and trunk.module_a is not None and len(trunk.fibers) > trunk.module_a.ports:
        problems.append(
            f"{len(trunk.fibers)} fibers given, but {trunk.module_a.part_number} has {trunk.module_a.ports} "
            "port(s): one fiber per port"
        )
    if problems:
        out.append(
            _finding(
                "LINK_STRUCTURE",
                "; ".join(problems),
                "describe a fan-out as end A, [adapter], [module A], one medium per trunk port, and one far "
                "end (end, [module], [adapter]) per leg",
                named,
                [],
            )
        )
    out += _twin_port_mixed(trunk)
    return out


def _leg_label(check: LegCheck) -> str:
    return f"leg {check.index} ({check.link.end_b.label})"


def check_fan_out(trunk: Link, legs: Sequence[FanOutLeg], ctx: RuleContext) -> tuple[Verdict, tuple[LegCheck, ...]]:
    """Check a fan-out chain leg by leg (see the module docstring for the steps).

    Args:
        trunk: end A, [adapter A], [module A] and every medium (one splitter cable, or one fiber per
            trunk port); its end B and far-end parts are ignored.
        legs: the far ends, in leg order (medium 1's legs first).
        ctx: catalogue facts the rules consult.

    Returns:
        (the chain's verdict, each leg's check). The chain's findings are the trunk's own and every
        leg's, each once; a finding that not every leg has names its leg ("leg 2 (…): …").
        ``rate_gbps`` is the slowest leg's rate (Gb/s; None when a leg has none), ``ports`` the
        number of legs, ``legs`` the most legs one medium fans out into, ``lanes`` the fewest lanes
        a leg uses.
    """
    slots = fan_out_slots(trunk)
    trunk_findings = _structure(trunk, legs, slots)
    carriers: list[FiberRun | None] = []
    names: list[str] = []
    if trunk.cable is not None:
        carriers = [None] * len(legs)
        names = [trunk.cable.part_number or "the cable"] * len(legs)
    else:
        for run, n in zip(trunk.fibers, slots, strict=True):
            carriers += [run] * n
            names += [run.name] * n
    checks: list[LegCheck] = []
    for index, leg in enumerate(legs[: len(carriers)]):
        link = _leg_link(trunk, leg, carriers[index])
        if trunk.cable is not None and trunk.cable.end_a.plugs == trunk.cable.end_b.plugs:
            candidates = [(c, check_link(c, ctx)) for c in orientations(link)]
            link, verdict = min(candidates, key=lambda cv: len(cv[1].error_codes))
        else:
            verdict = check_link(link, ctx)
        checks.append(LegCheck(index=index, medium=names[index], link=link, verdict=verdict))

    findings: dict[tuple[str, str], Finding] = {(f.code, f.message): f for f in trunk_findings}
    for check in checks:
        for f in check.verdict.findings:
            if (f.code, f.message) in findings:
                continue
            everywhere = len(checks) == len(legs) and all(f in c.verdict.findings for c in checks)
            shown = f if everywhere else f.model_copy(update={"message": f"{_leg_label(check)}: {f.message}"})
            findings.setdefault((shown.code, shown.message), shown)
    ordered = sorted(findings.values(), key=lambda f: (_SEVERITY_ORDER[f.severity], _ORDER.get(f.code, len(_ORDER))))
    rates = [c.verdict.rate_gbps for c in checks]
    lanes = [c.verdict.lanes for c in checks if c.verdict.lanes is not None]
    protocols = {c.verdict.protocol for c in checks}
    verdict = Verdict(
        valid=not any(f.severity is Severity.ERROR for f in ordered),
        rate_gbps=None if not rates or any(r is None for r in rates) else min(r for r in rates if r is not None),
        protocol=next(iter(protocols)) if len(protocols) == 1 else None,
        findings=tuple(ordered),
        ports=max(len(checks), 1),
        legs=max(slots, default=1),
        lanes=min(lanes) if lanes else None,
    )
    return verdict, tuple(checks)
