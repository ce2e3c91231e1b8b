"""Use cases: what the GraphQL resolvers and the CLI call. They orchestrate the repository (all
Cypher) and the rules (pure); they never touch the driver.

Link options, step by step::

    ends ──resolve──► cages ──Cypher path search──► structural candidates
                                                      (cables whose ends fit both cages;
                                                       transceiver pairs sharing a PMD × fiber grades)
         candidates ──check_link (the one rule set)──► valid options + rejected candidates
         valid ──group by medium, rank──► options (copper before optics, then by margin)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from service.domain.catalogue import (
    Cable,
    Cage,
    CableType,
    Device,
    FiberCable,
    Protocol,
    Side,
    Transceiver,
)
from service.domain.link import (
    FiberRun,
    Link,
    LinkOption,
    LinkSpec,
    MediumKind,
    OptionPart,
    ResolvedEnd,
    Verdict,
)
from service.errors import InputValidationError, UnknownPartError
from service.persistence.repository import AnyPart, Neo4jRepository, suggest
from service.rules import RuleContext, check_link

__all__ = [
    "CatalogueService",
    "EndRequest",
    "FiberRequest",
    "LinkCheck",
    "LinkOptionsResult",
    "LinkRequest",
]

MEDIUM_ORDER = list(MediumKind)


@dataclass(frozen=True)
class EndRequest:
    """One end as a user names it: a device model (optionally one of its cage groups) or a bare
    form factor such as ``"SFP+"``."""

    device: str | None = None
    cage: str | None = None
    form_factor: str | None = None


@dataclass(frozen=True)
class FiberRequest:
    """A medium in a proposed link: a catalogue part number, or generic fiber of a grade."""

    part_number: str | None = None
    fiber_type: str | None = None
    connector: str | None = None
    length_m: float | None = None


@dataclass(frozen=True)
class LinkRequest:
    """A proposed chain: end A, module A, medium part(s), module B, end B, run length (m)."""

    end_a: EndRequest
    end_b: EndRequest
    distance_m: float
    module_a: str | None = None
    module_b: str | None = None
    media: tuple[FiberRequest, ...] = ()
    rate_gbps: float | None = None
    protocol: Protocol | None = None


@dataclass(frozen=True)
class LinkOptionsResult:
    """Valid options, ranked, and (with explain) the rejected candidates with their findings."""

    spec: LinkSpec
    options: tuple[LinkOption, ...]
    rejected: tuple[LinkOption, ...] = ()


@dataclass(frozen=True)
class LinkCheck:
    """A verdict on a proposed link, with the nearest valid alternatives when it is invalid."""

    link: Link
    verdict: Verdict
    alternatives: tuple[LinkOption, ...] = field(default_factory=tuple)


def _check_number(name: str, value: float | None, *, positive: bool = False) -> None:
    if value is None:
        return
    if not math.isfinite(value):
        raise InputValidationError(name, "must be a finite number")
    if positive and value <= 0:
        raise InputValidationError(name, f"must be greater than 0, got {value:g}")
    if value < 0:
        raise InputValidationError(name, f"must not be negative, got {value:g}")


def _medium_kind(link: Link) -> MediumKind:
    if link.cable is not None:
        return {CableType.DAC: MediumKind.PASSIVE_COPPER, CableType.ACC: MediumKind.ACTIVE_COPPER,
                CableType.AOC: MediumKind.ACTIVE_OPTICAL}[link.cable.cable_type]
    smf = any(f.fiber_type.startswith("OS") for f in link.fibers)
    return MediumKind.SINGLE_MODE_FIBER if smf else MediumKind.MULTIMODE_FIBER


class CatalogueService:
    """The service's use cases over one repository.

    Args:
        repo: the catalogue repository (Neo4j in production and tests).
    """

    def __init__(self, repo: Neo4jRepository) -> None:
        self.repo = repo

    # --- ends -----------------------------------------------------------------------------------

    def resolve_end(self, end: EndRequest, which: str) -> ResolvedEnd:
        """Resolve a device model (+ cage group) or a bare form factor into a :class:`ResolvedEnd`.

        Raises:
            InputValidationError: neither or both of device and form factor given, or the device
                has several cage groups and none was chosen.
            UnknownDeviceError / UnknownFormFactorError: with suggestions.
        """
        if bool(end.device) == bool(end.form_factor) and not (end.device and end.form_factor):
            raise InputValidationError(which, "give a device model or a bare form factor")
        if end.device:
            device = self.repo.device(end.device)
            cage = self._pick_cage(device, end, which)
            role = Side.SWITCH if device.device_type.value == "switch" else Side.ADAPTER
            label = device.model if len(device.cages) == 1 else f"{device.model} {cage.id}"
            return ResolvedEnd(label=label, device=device, cage=cage, role=role)
        assert end.form_factor is not None
        ff = self.repo.form_factor(end.form_factor)
        cage = Cage(id="bare", form_factor=ff.name, count=1, speeds_gbps=[ff.max_rate_gbps or 1.0],
                    protocols=list(Protocol), sources=list(ff.sources))
        return ResolvedEnd(label=f"a {ff.name} cage", device=None, cage=cage, role=Side.ANY)

    def _pick_cage(self, device: Device, end: EndRequest, which: str) -> Cage:
        cages = device.cages
        if end.cage:
            chosen = [c for c in cages if c.id == end.cage.strip().lower()]
            if not chosen:
                raise InputValidationError(f"{which}.cage", f"{device.model} has cages {', '.join(c.id for c in cages)}")
            return chosen[0]
        if end.form_factor:
            ff = self.repo.form_factor(end.form_factor)
            chosen = [c for c in cages if c.form_factor == ff.name]
            if not chosen:
                raise InputValidationError(f"{which}.formFactor", f"{device.model} has no {ff.name} cage")
            return chosen[0]
        if len(cages) > 1:
            raise InputValidationError(
                f"{which}.cage", f"{device.model} has several cage groups ({', '.join(c.id for c in cages)}): pick one")
        return cages[0]

    # --- link options ---------------------------------------------------------------------------

    def link_options(
        self,
        *,
        end_a: EndRequest,
        end_b: EndRequest,
        rate_gbps: float,
        distance_m: float,
        protocol: Protocol | None = None,
        explain: bool = False,
    ) -> LinkOptionsResult:
        """Every valid end-to-end medium for a link, ranked; with ``explain`` also the rejected ones.

        Args:
            end_a, end_b: the two ends.
            rate_gbps: the rate each link must run at (Gb/s; per splitter leg).
            distance_m: cable-run length in metres (≥ 0).
            protocol: InfiniBand or Ethernet, or None for either.
            explain: also return rejected candidates with their findings.

        Returns:
            Options ranked passive copper, active copper, AOC, multimode, single-mode; within a
            medium by margin (reach − distance) descending, then part numbers.

        Raises:
            InputValidationError: negative or non-finite distance, non-positive rate.
            UnknownDeviceError / UnknownFormFactorError: with suggestions.
        """
        _check_number("distanceM", distance_m)
        _check_number("rateGbps", rate_gbps, positive=True)
        spec = LinkSpec(rate_gbps=rate_gbps, distance_m=distance_m, protocol=protocol,
                        end_a=self.resolve_end(end_a, "a"), end_b=self.resolve_end(end_b, "b"))
        ctx = self.repo.rule_context()
        candidates = self._cable_links(spec) + self._optical_links(spec)
        valid: list[tuple[Link, Verdict]] = []
        rejected: list[tuple[Link, Verdict]] = []
        for link in candidates:
            verdict = check_link(link, ctx)
            (valid if verdict.valid else rejected).append((link, verdict))
        options = _rank(_group(valid, ctx))
        rejected_options = _rank([_option(link, verdict, ctx) for link, verdict in _one_way(rejected)]) if explain else []
        return LinkOptionsResult(spec=spec, options=tuple(options), rejected=tuple(rejected_options))

    def _cable_links(self, spec: LinkSpec) -> list[Link]:
        cands = self.repo.cable_candidates(spec.end_a.cage.form_factor, spec.end_b.cage.form_factor,
                                           spec.rate_gbps, spec.protocol.value if spec.protocol else None)
        by_family: dict[tuple[str, str], list[Cable]] = {}
        for c in cands:
            by_family.setdefault((c.cable.family or c.cable.part_number or "", c.end_at_a), []).append(c.cable)
        links = []
        for (_, end_at_a), cables in sorted(by_family.items()):
            cables.sort(key=lambda c: c.length_m or 0.0)
            fitting = [c for c in cables if (c.length_m or 0.0) >= spec.distance_m]
            cable = fitting[0] if fitting else cables[-1]
            links.append(Link(end_a=spec.end_a, end_b=spec.end_b, distance_m=spec.distance_m,
                              rate_gbps=spec.rate_gbps, protocol=spec.protocol, cable=cable,
                              cable_end_at_a="A" if end_at_a == "A" else "B"))
        return links

    def _optical_links(self, spec: LinkSpec) -> list[Link]:
        cands = self.repo.optical_candidates(spec.end_a.cage.form_factor, spec.end_b.cage.form_factor,
                                             spec.rate_gbps, spec.protocol.value if spec.protocol else None)
        links = []
        seen: set[tuple[str | None, str | None, str, str | None]] = set()
        for c in cands:
            documented = bool(c.module_a.fiber_cables or c.module_b.fiber_cables)
            straight = [x for x in c.cables if x.legs == 1]
            if documented:
                if not straight:
                    continue  # the vendor documents no cable of this grade for these modules
                by_family: dict[str, list[FiberCable]] = {}
                for x in straight:
                    by_family.setdefault(x.family or x.part_number or "", []).append(x)
                for cables in by_family.values():
                    fitting = [x for x in cables if (x.length_m or 0.0) >= spec.distance_m]
                    cable = fitting[0] if fitting else cables[-1]
                    run = FiberRun(cable=cable, fiber_type=cable.fiber_type, connector_a=cable.connector_a,
                                   connector_b=cable.connector_b, legs=1, length_m=cable.length_m or 0.0)
                    links.append(self._optical(spec, c.module_a, c.module_b, run, seen))
            else:
                run = FiberRun(cable=None, fiber_type=c.fiber, connector_a=c.module_a.connector,
                               connector_b=c.module_b.connector, legs=1, length_m=spec.distance_m)
                links.append(self._optical(spec, c.module_a, c.module_b, run, seen))
        return [x for x in links if x is not None]

    @staticmethod
    def _optical(spec: LinkSpec, a: Transceiver, b: Transceiver, run: FiberRun,
                 seen: set[tuple[str | None, str | None, str, str | None]]) -> Link | None:
        key = (a.part_number, b.part_number, run.fiber_type, run.cable.part_number if run.cable else None)
        if key in seen:
            return None
        seen.add(key)
        return Link(end_a=spec.end_a, end_b=spec.end_b, distance_m=spec.distance_m, rate_gbps=spec.rate_gbps,
                    protocol=spec.protocol, module_a=a, module_b=b, fibers=(run,))

    # --- check a proposed link ------------------------------------------------------------------

    def check_link(self, req: LinkRequest, *, alternatives: bool = True) -> LinkCheck:
        """Check a proposed chain with every rule; when invalid, add the nearest valid options.

        Raises:
            UnknownPartError: a part number is not in the catalogue (with the closest ones).
            InputValidationError: negative distance, malformed medium, unknown fiber grade.
        """
        _check_number("distanceM", req.distance_m)
        _check_number("rateGbps", req.rate_gbps, positive=True)
        end_a, end_b = self.resolve_end(req.end_a, "a"), self.resolve_end(req.end_b, "b")
        numbers = [n for n in (req.module_a, req.module_b, *(m.part_number for m in req.media)) if n]
        found = self.repo.parts(numbers)
        missing = [n for n in numbers if n not in found]
        if missing:
            raise UnknownPartError(missing[0], suggest(missing[0], self.repo.names("part")))
        module_a = self._module(found, req.module_a, "moduleA")
        module_b = self._module(found, req.module_b, "moduleB")
        cable: Cable | None = None
        fibers: list[FiberRun] = []
        for i, medium in enumerate(req.media):
            _check_number(f"media[{i}].lengthM", medium.length_m)
            if medium.part_number:
                part = found[medium.part_number]
                if isinstance(part, Cable):
                    cable = part
                elif isinstance(part, FiberCable):
                    fibers.append(FiberRun(cable=part, fiber_type=part.fiber_type, connector_a=part.connector_a,
                                           connector_b=part.connector_b, legs=part.legs,
                                           length_m=part.length_m or 0.0))
                else:
                    raise InputValidationError(f"media[{i}]", f"{medium.part_number} is a {part.kind.value}, "
                                               "not a cable or fiber")
            elif medium.fiber_type:
                conn_a = medium.connector or (module_a.connector if module_a else "LC/UPC")
                conn_b = medium.connector or (module_b.connector if module_b else "LC/UPC")
                if not any(f.name == medium.fiber_type for f in self.repo.fiber_types()):
                    raise InputValidationError(f"media[{i}].fiberType", f"unknown fiber grade {medium.fiber_type!r}")
                fibers.append(FiberRun(fiber_type=medium.fiber_type, connector_a=conn_a, connector_b=conn_b,
                                       length_m=medium.length_m if medium.length_m is not None else req.distance_m))
            else:
                raise InputValidationError(f"media[{i}]", "give a partNumber or a fiberType")
        ctx = self.repo.rule_context()
        base = Link(end_a=end_a, end_b=end_b, distance_m=req.distance_m, rate_gbps=req.rate_gbps,
                    protocol=req.protocol, module_a=module_a, module_b=module_b, cable=cable, fibers=tuple(fibers))
        link, verdict = base, check_link(base, ctx)
        if cable is not None:  # a cable may be given either way round: keep the orientation that fits
            flipped = base.model_copy(update={"cable_end_at_a": "B"})
            other = check_link(flipped, ctx)
            if len(other.error_codes) < len(verdict.error_codes):
                link, verdict = flipped, other
        alts: tuple[LinkOption, ...] = ()
        if alternatives and not verdict.valid:
            alts = self._nearest(link, verdict, req)
        return LinkCheck(link=link, verdict=verdict, alternatives=alts)

    @staticmethod
    def _module(found: dict[str, AnyPart], number: str | None, field_name: str) -> Transceiver | None:
        if number is None:
            return None
        part = found[number]
        if not isinstance(part, Transceiver):
            raise InputValidationError(field_name, f"{number} is a {part.kind.value}, not a transceiver")
        return part

    def _nearest(self, link: Link, verdict: Verdict, req: LinkRequest) -> tuple[LinkOption, ...]:
        rate = req.rate_gbps or verdict.rate_gbps
        if rate is None:
            rates = [r for m in (link.module_a, link.module_b) if m for r in m.rates_gbps]
            rates += list(link.cable.rates_gbps) if link.cable else []
            rate = max(rates) if rates else None
        if rate is None:
            return ()
        result = self.link_options(end_a=req.end_a, end_b=req.end_b, rate_gbps=rate, distance_m=req.distance_m,
                                   protocol=req.protocol)
        mine = set(link.part_numbers())
        scored = sorted(result.options, key=lambda o: (-len(mine & set(o.link.part_numbers())), o.rank))
        return tuple(scored[:3])


# --- grouping and ranking -------------------------------------------------------------------------

def _reach(link: Link, ctx: RuleContext) -> tuple[float | None, tuple[str, ...], str | None]:
    """(reach in metres, its source ids, PMD name) of a link's medium."""
    if link.cable is not None:
        return link.cable.length_m, tuple(link.cable.sources), None
    if link.module_a is None or link.module_b is None or not link.fibers:
        return None, (), None
    shared = [ctx.pmds[n] for n in link.module_a.pmds if n in link.module_b.pmds and n in ctx.pmds]
    fiber = link.fibers[0].fiber_type
    best: tuple[float, tuple[str, ...], str] | None = None
    for pmd in shared:
        for r in pmd.reach:
            if r.fiber == fiber and (best is None or r.max_m > best[0]):
                best = (r.max_m, tuple(r.sources), pmd.name)
    if best is None:
        return None, (), shared[0].name if shared else None
    reach, srcs, name = best
    for m in (link.module_a, link.module_b):
        for r in m.reach:
            if r.fiber == fiber and r.max_m < reach:
                reach, srcs = r.max_m, tuple(r.sources)
    return reach, srcs, name


def _option(link: Link, verdict: Verdict, ctx: RuleContext, alts_a: Sequence[str] = (),
            alts_b: Sequence[str] = ()) -> LinkOption:
    reach, srcs, pmd = _reach(link, ctx)
    kind = _medium_kind(link)
    parts: list[OptionPart] = []
    if link.module_a is not None:
        parts.append(OptionPart(role="module_a", part_number=link.module_a.part_number,
                                description=link.module_a.description, links_served=link.module_a.ports,
                                alternatives=tuple(a for a in alts_a if a != link.module_a.part_number)))
    if link.cable is not None:
        far = link.cable.end_b if link.cable_end_at_a == "A" else link.cable.end_a
        near = link.cable.end_a if link.cable_end_at_a == "A" else link.cable.end_b
        served = max(far.plugs // max(near.ports, 1), 1) * near.ports if far.plugs > 1 else near.ports
        parts.append(OptionPart(role="cable", part_number=link.cable.part_number, description=link.cable.description,
                                links_served=served))
    for run in link.fibers:
        if run.cable is not None:
            parts.append(OptionPart(role="fiber", part_number=run.cable.part_number,
                                    description=run.cable.description))
        else:
            parts.append(OptionPart(role="fiber", part_number=None,
                                    description=f"{run.fiber_type} fiber, {run.connector_a} to {run.connector_b}, "
                                                f"{run.length_m:g} m (structured cabling; no catalogue part)"))
    if link.module_b is not None:
        parts.append(OptionPart(role="module_b", part_number=link.module_b.part_number,
                                description=link.module_b.description, links_served=1,
                                alternatives=tuple(b for b in alts_b if b != link.module_b.part_number)))
    margin = None if reach is None else reach - link.distance_m
    fiber = link.fibers[0].fiber_type if link.fibers else None
    connector = link.fibers[0].connector_a if link.fibers else None
    if link.cable is not None:
        summary = f"{link.cable.cable_type.value} {link.cable.part_number} ({link.cable.length_m:g} m)"
    else:
        medium = (link.fibers[0].cable.part_number if link.fibers and link.fibers[0].cable
                  else f"{fiber} {connector}")
        summary = (f"{pmd or '?'}: {link.module_a.part_number if link.module_a else '?'} + {medium} + "
                   f"{link.module_b.part_number if link.module_b else '?'}"
                   + (f", reach {reach:g} m over {fiber}" if reach is not None else ""))
    return LinkOption(rank=0, medium=kind, summary=summary, link=link, verdict=verdict, parts=tuple(parts), pmd=pmd,
                      fiber_type=fiber, connector=connector, reach_m=reach, margin_m=margin,
                      limiting_source_ids=srcs)


def _one_way(rejected: list[tuple[Link, Verdict]]) -> list[tuple[Link, Verdict]]:
    """Keep one orientation of each rejected cable: the one with fewer errors (the other is noise)."""
    best: dict[str | None, tuple[Link, Verdict]] = {}
    out = []
    for link, verdict in rejected:
        if link.cable is None:
            out.append((link, verdict))
            continue
        key = link.cable.part_number
        if key not in best or len(verdict.error_codes) < len(best[key][1].error_codes):
            best[key] = (link, verdict)
    return out + list(best.values())


def _group(valid: list[tuple[Link, Verdict]], ctx: RuleContext) -> list[LinkOption]:
    """One option per medium (cable family, or PMD × fiber × fiber part); interchangeable modules
    become alternatives of the preferred one (same vendor as the device first, then part number)."""
    groups: dict[tuple[object, ...], list[tuple[Link, Verdict]]] = {}
    for link, verdict in valid:
        if link.cable is not None:
            key: tuple[object, ...] = ("cable", link.cable.part_number, link.cable_end_at_a)
        else:
            run = link.fibers[0]
            shared = tuple(n for n in (link.module_a.pmds if link.module_a else []) if
                           link.module_b and n in link.module_b.pmds)
            key = ("optical", shared, run.fiber_type, run.cable.part_number if run.cable else None)
        groups.setdefault(key, []).append((link, verdict))
    out = []
    for members in groups.values():
        def pref(item: tuple[Link, Verdict]) -> tuple[object, ...]:
            link = item[0]
            va = link.end_a.device.vendor if link.end_a.device else None
            vb = link.end_b.device.vendor if link.end_b.device else None
            same_vendor = (link.module_a is not None and link.module_b is not None
                           and link.module_a.vendor == link.module_b.vendor)
            fiber = link.fibers[0].fiber_type if link.fibers else None
            # The smallest sufficient part: a module whose own reach is just enough is the
            # cheaper, lower-power choice (MMS4X00-NS, 100 m, before MMS4X00-NM, 500 m).
            own_reach = sum(min((r.max_m for r in m.reach if r.fiber == fiber), default=math.inf)
                            for m in (link.module_a, link.module_b) if m is not None)
            return (
                -(link.module_a is not None and link.module_a.vendor == va),
                -(link.module_b is not None and link.module_b.vendor == vb),
                -same_vendor,
                own_reach,
                link.part_numbers(),
            )

        members.sort(key=pref)
        link, verdict = members[0]
        alts_a = sorted({m.module_a.part_number for m, _ in members if m.module_a and m.module_a.part_number})
        alts_b = sorted({m.module_b.part_number for m, _ in members if m.module_b and m.module_b.part_number})
        out.append(_option(link, verdict, ctx, alts_a, alts_b))
    return out


def _rank(options: list[LinkOption]) -> list[LinkOption]:
    def key(o: LinkOption) -> tuple[object, ...]:
        return (MEDIUM_ORDER.index(o.medium), -(o.margin_m if o.margin_m is not None else -math.inf), o.summary)

    ranked = sorted(options, key=key)
    return [o.model_copy(update={"rank": i + 1}) for i, o in enumerate(ranked)]
