"""Use cases: what the GraphQL resolvers and the CLI call. They orchestrate the repository (all
Cypher) and the rules (pure); they never touch the driver.

Link options, step by step::

    ends ──resolve──► cages ──Cypher path search──► structural candidates
                                                      (cables whose ends fit both cages;
                                                       transceiver pairs sharing a PMD × fiber grades)
         candidates ──check_link (the one rule set)──► valid options + rejected candidates
         valid ──group by medium, rank──► options (copper before optics, shortest sufficient part, then margin)
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar, cast

from service.domain.catalogue import (
    Adapter,
    Cable,
    CableEnd,
    CableType,
    Cage,
    Device,
    FiberCable,
    PartKind,
    Pmd,
    Protocol,
    Side,
    TopStyle,
    Transceiver,
    logical_ports_at,
)
from service.domain.link import (
    FanOutLeg,
    FiberRun,
    LegCheck,
    Link,
    LinkOption,
    LinkSpec,
    MediumKind,
    OptionPart,
    ResolvedEnd,
    Verdict,
    medium_of_grades,
    with_article,
)
from service.errors import InputValidationError, NotFoundError
from service.persistence.repository import AnyPart, Neo4jRepository, OpticalCandidate
from service.persistence.snapshot import CatalogueSnapshot
from service.pmd_level import pmd_level_links
from service.rules import (
    Geometry,
    Placement,
    RuleContext,
    best_orientation,
    breakout_grades,
    built,
    check_fan_out,
    end_key,
    errors_at,
    geometry,
    optical_reach,
    orientations,
    placement,
    pmds_of_protocol,
    reach_basis,
    shape_key,
    valid_orientation,
)

__all__ = [
    "CatalogueService",
    "EndRequest",
    "FanOutLegRequest",
    "FiberRequest",
    "LinkCheck",
    "LinkOptionsResult",
    "LinkRequest",
    "PlantRequest",
    "discontinued_part_numbers",
]

MEDIUM_ORDER = list(MediumKind)
MAX_FAN_OUT_LEGS = 64
"""The most far ends one fan-out chain names (an 800G DR8 port into 8 legs on each of 8 media)."""
MAX_HARNESS_LEGS = 8
"""The most legs a generic fiber harness has (800GBASE-DR8 → 8 × 100GBASE-DR)."""


@dataclass(frozen=True)
class EndRequest:
    """One end as a user names it: a device model (optionally one of its cage groups) or a bare
    form factor such as ``"SFP+"``. A bare end may say what the user knows of its cage: top style
    (finned / flat), logical ports per cage (1 single, 2 twin) and side (switch / adapter)."""

    device: str | None = None
    cage: str | None = None
    form_factor: str | None = None
    top_style: TopStyle | None = None
    ports: int | None = None
    side: Side | None = None


@dataclass(frozen=True)
class FiberRequest:
    """A medium in a proposed link: a catalogue part number (DAC/ACC/AOC or fiber cable), or generic
    fiber of a grade (structured cabling) with its connector (``connector_b`` at end B when it
    differs) and length in metres (default: the run). Generic fiber with ``legs`` > 1 is a harness
    (a 1:N fan-out such as MPO-12/APC → 4 × LC/UPC): ``connector`` at its trunk, ``connector_b``
    on each leg. Generic fiber may say how many patch panels it crosses (each one mated
    connection, counted against the PMD's channel insertion-loss budget).

    A catalogue fiber cable may sit behind a trunk: ``trunk_m`` metres of generic structured cabling
    of its grade and trunk connector between the trunk end's transceiver and the cable (a 1 m
    MPO-12/APC → 4 × LC/UPC harness at the far rack behind a 299 m OS2 MPO-12/APC trunk); the trunk
    adds one mated connection, and ``patch_panels`` then counts the panels the trunk crosses."""

    part_number: str | None = None
    fiber_type: str | None = None
    connector: str | None = None
    length_m: float | None = None
    connector_b: str | None = None
    legs: int = 1
    patch_panels: int = 0
    trunk_m: float | None = None


@dataclass(frozen=True)
class PlantRequest:
    """The installed fiber plant a link must run over: its grade (OM1…OM5, OS1a, OS2), its
    connector (``"LC/UPC"``, ``"MPO-12/APC"``; None: taken to match the transceivers, with a
    CONNECTOR_ASSUMED warning), its length in metres (None: the run) and how many patch panels
    the path crosses (each one mated connection: a patch cord meeting the installed fiber at the
    panel's adapter; counted against the PMD's channel insertion-loss budget)."""

    fiber_type: str
    connector: str | None = None
    length_m: float | None = None
    patch_panels: int = 0


@dataclass(frozen=True)
class FanOutLegRequest:
    """One far end of a fan-out chain as a user names it: the end, and the transceiver and cage
    adapter part numbers in it (none for a splitter cable's leg)."""

    end: EndRequest
    module: str | None = None
    adapter: str | None = None


@dataclass(frozen=True)
class LinkRequest:
    """A proposed chain: end A, [adapter A], module A, medium part(s), module B, [adapter B], end B,
    run length (m), and optionally the rate (Gb/s) and protocol it must run at.

    A fan-out chain names its far ends in ``fan_out`` instead (one per splitter leg, in order; see
    :mod:`service.rules.fanout`); ``end_b``, ``module_b`` and ``adapter_b`` are then unused.
    """

    end_a: EndRequest
    end_b: EndRequest
    distance_m: float
    module_a: str | None = None
    module_b: str | None = None
    media: tuple[FiberRequest, ...] = ()
    rate_gbps: float | None = None
    protocol: Protocol | None = None
    adapter_a: str | None = None
    adapter_b: str | None = None
    fan_out: tuple[FanOutLegRequest, ...] = ()

    @classmethod
    def of(cls, link: Link) -> LinkRequest:
        """The request that names ``link``'s chain part by part (what a user would paste into
        checkLink), e.g. to check an option linkOptions returned."""

        def end(e: ResolvedEnd) -> EndRequest:
            if e.device is None:
                return EndRequest(
                    form_factor=e.cage.form_factor,
                    top_style=e.cage.top_style,
                    ports=e.cage.logical_ports_per_cage if e.ports_declared else None,
                    side=None if e.role is Side.ANY else e.role,
                )
            return EndRequest(device=e.device.model, cage=e.cage.id)

        media: list[FiberRequest] = []
        if link.cable is not None:
            media.append(FiberRequest(part_number=link.cable.part_number))
        for run in link.fibers:
            if run.cable is not None and run.trunk_m > 0:
                media.append(
                    FiberRequest(
                        part_number=run.cable.part_number, trunk_m=run.trunk_m, patch_panels=run.connections - 1
                    )
                )
            elif run.cable is not None:
                media.append(FiberRequest(part_number=run.cable.part_number))
            else:
                # A harness is named trunk first (``connector`` at its trunk, ``connector_b`` on each
                # leg), whichever end its legs are at; a straight fiber end A first.
                first, second = (
                    (run.connector_b, run.connector_a)
                    if run.legs > 1 and run.legs_at == "A"
                    else (run.connector_a, run.connector_b)
                )
                media.append(
                    FiberRequest(
                        fiber_type=run.fiber_type,
                        length_m=run.length_m,
                        connector=None if run.connector_assumed else first,
                        connector_b=None if run.connector_assumed or second == first else second,
                        legs=run.legs,
                        patch_panels=run.connections,
                    )
                )
        return cls(
            end_a=end(link.end_a),
            end_b=end(link.end_b),
            distance_m=link.distance_m,
            module_a=link.module_a.part_number if link.module_a else None,
            module_b=link.module_b.part_number if link.module_b else None,
            adapter_a=link.adapter_a.part_number if link.adapter_a else None,
            adapter_b=link.adapter_b.part_number if link.adapter_b else None,
            media=tuple(media),
            rate_gbps=link.rate_gbps,
            protocol=link.protocol,
        )


@dataclass(frozen=True)
class LinkOptionsResult:
    """Valid options, ranked, and (with explain) the rejected candidates with their findings."""

    spec: LinkSpec
    options: tuple[LinkOption, ...]
    rejected: tuple[LinkOption, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class LinkCheck:
    """A verdict on a proposed link, with the nearest valid alternatives when it is invalid.

    For a fan-out chain, ``link`` is the trunk (end A, its parts and every medium), ``legs`` each
    leg's own link and verdict, and ``verdict`` the whole chain's.
    """

    link: Link
    verdict: Verdict
    alternatives: tuple[LinkOption, ...] = field(default_factory=tuple)
    legs: tuple[LegCheck, ...] = ()

    def part_numbers(self) -> tuple[str, ...]:
        """Every catalogue part in the chain as placed: the trunk's, then each leg's far-end parts."""
        out = list(self.link.part_numbers())
        for leg in self.legs:
            out += [p.part_number for p in (leg.link.module_b, leg.link.adapter_b) if p is not None and p.part_number]
        return tuple(out)


def _check_number(name: str, value: float | None, *, positive: bool = False) -> None:
    if value is None:
        return
    if not math.isfinite(value):
        raise InputValidationError(name, "must be a finite number")
    if positive and value <= 0:
        raise InputValidationError(name, f"must be greater than 0, got {value:g}")
    if value < 0:
        raise InputValidationError(name, f"must not be negative, got {value:g}")


def _check_distance(name: str, value: float | None) -> None:
    """A link's run length: finite and > 0 metres (a 0 m run is no link; negative is refused first).

    Raises:
        InputValidationError: ``field`` is ``name``.
    """
    _check_number(name, value)
    if value is not None and value <= 0:
        raise InputValidationError(name, f"the distance must be greater than 0 metres, got {value + 0.0:g}")


def _medium_kind(link: Link) -> MediumKind:
    if link.cable is not None:
        return {
            CableType.DAC: MediumKind.PASSIVE_COPPER,
            CableType.ACC: MediumKind.ACTIVE_COPPER,
            CableType.AOC: MediumKind.ACTIVE_OPTICAL,
        }[link.cable.cable_type]
    return medium_of_grades([f.fiber_type for f in link.fibers])


class CatalogueService:
    """The service's use cases over one repository.

    Optical candidates are searched per class of interchangeable transceivers
    (:meth:`~service.rules.RuleContext.module_classes`): only each class's representative (its lowest
    part number) is paired, checked and grouped, and the class is expanded into the option's
    alternatives (:func:`_alternatives`) and the counts of part combinations (:func:`_combinations`).
    A class's members give a link the same rule codes, medium and preference but for their part
    numbers, so the answers are those of pairing every member (``tests/integration/test_module_classes.py``
    holds the two equal), and the candidates grow with the classes, not with the square of the
    equivalent modules. Cage adapters are paired the same way, per class of interchangeable adapters
    for the question's ends (:meth:`~service.rules.RuleContext.adapter_classes`: between two bare
    QSFP28 ends one QSA and one QSA28 per end instead of the seven adapters of five vendors, 4
    adapter pairs per module pair instead of 49).

    Args:
        repo: the catalogue repository (Neo4j in production and tests).
        pair_classes: pair class representatives (the default); False pairs every module (the
            equivalence test's reference answer, not for production).
    """

    def __init__(self, repo: Neo4jRepository, *, pair_classes: bool = True) -> None:
        self.repo = repo
        self.pair_classes = pair_classes

    def _classes(self, ctx: RuleContext, spec: LinkSpec) -> Mapping[str, tuple[str, ...]]:
        """Transceiver and cage adapter classes (part number → its class) to expand for a question
        between ``spec``'s ends, or none when every module and adapter is paired."""
        if not self.pair_classes:
            return {}
        vendors = _end_vendors(spec)
        # one dict per vendor set (a ChainMap's Python lookups cost a batch of answers ~2 %)
        return ctx.remember(
            ("classes", vendors), None, lambda: {**ctx.adapter_classes(vendors), **ctx.module_classes()}
        )

    def _representatives(self, ctx: RuleContext | None = None) -> frozenset[str] | None:
        """The transceivers the candidate search pairs (None: every one), of ``ctx`` or read now."""
        if not self.pair_classes:
            return None
        return (ctx if ctx is not None else self.rule_context()).representatives()

    def _pinned(self, snap: CatalogueSnapshot) -> CatalogueService:
        """This service with every read pinned to ``snap``."""
        if isinstance(self.repo, CatalogueSnapshot):
            return self
        return CatalogueService(cast(Neo4jRepository, snap), pair_classes=self.pair_classes)

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
        if end.ports is not None and end.ports not in (1, 2):
            raise InputValidationError(f"{which}.ports", f"must be 1 (single-port) or 2 (twin-port), got {end.ports}")
        if end.device:
            stated = [n for n, v in (("topStyle", end.top_style), ("ports", end.ports), ("side", end.side)) if v]
            if stated:
                raise InputValidationError(
                    f"{which}.{stated[0]}",
                    "a device's cage states its own top style, ports and side: give these for a bare form factor only",
                )
            device = self.repo.device(end.device)
            cage = self._pick_cage(device, end, which)
            role = Side.SWITCH if device.device_type.value == "switch" else Side.ADAPTER
            label = device.model if len(device.cages) == 1 else f"{device.model} {cage.id}"
            return ResolvedEnd(label=label, device=device, cage=cage, role=role)
        assert end.form_factor is not None
        ff = self.repo.form_factor(end.form_factor)
        if end.top_style is not None and ff.name not in _TOP_STYLE_FORM_FACTORS:
            raise InputValidationError(
                f"{which}.topStyle",
                f"a top style (finned or flat) is an OSFP cage's; {ff.name} has none: leave topStyle empty",
            )
        cage = Cage(
            id="bare",
            form_factor=ff.name,
            count=1,
            logical_ports_per_cage=end.ports or 1,
            top_style=end.top_style,
            speeds_gbps=[ff.max_rate_gbps or 1.0],
            protocols=list(Protocol),
            sources=list(ff.sources),
        )
        words = [
            f"{end.top_style.value}-top" if end.top_style else "",
            {1: "single-port", 2: "twin-port"}.get(end.ports or 0, ""),
            ff.name,
            f"{end.side.value}-side" if end.side and end.side is not Side.ANY else "",
            "cage",
        ]
        label = " ".join(w for w in words if w)
        return ResolvedEnd(
            label=with_article(label),
            device=None,
            cage=cage,
            role=end.side or Side.ANY,
            ports_declared=end.ports is not None,
        )

    def _resolved(self, end: EndRequest, which: str) -> ResolvedEnd:
        """:meth:`resolve_end`, kept on the snapshot per end request (its answer does not depend on
        ``which``, which only names the field of an error; errors are not kept): the questions of a
        batch share one resolved end, and so its memoised rule keys."""
        snap = self._snapshot()
        if snap is None:
            return self.resolve_end(end, which)
        return snap.shapes.get(repr(("resolved end", end)), lambda: self.resolve_end(end, which))

    def _pick_cage(self, device: Device, end: EndRequest, which: str) -> Cage:
        cages = device.cages
        if end.cage:
            chosen = [c for c in cages if c.id == end.cage.strip().lower()]
            if not chosen:
                raise InputValidationError(
                    f"{which}.cage", f"{device.model} has cages {', '.join(c.id for c in cages)}"
                )
            return chosen[0]
        if end.form_factor:
            ff = self.repo.form_factor(end.form_factor)
            chosen = [c for c in cages if c.form_factor == ff.name]
            if not chosen:
                raise InputValidationError(f"{which}.formFactor", f"{device.model} has no {ff.name} cage")
            return chosen[0]
        if len(cages) > 1:
            raise InputValidationError(
                f"{which}.cage",
                f"{device.model} has several cage groups ({', '.join(c.id for c in cages)}): pick one",
            )
        return cages[0]

    # --- link options ---------------------------------------------------------------------------

    def rule_context(self) -> RuleContext:
        """The catalogue facts the rules consult (with the cage adapters), read once per request."""
        return self.repo.link_rule_context()

    def known_rates(self, ctx: RuleContext | None = None) -> tuple[float, ...]:
        """Every data rate (Gb/s, ascending) the catalogue holds: each generation's nominal rate and
        narrow modes (HDR100, NDR200), each PMD's rate, each transceiver's per-port rates and each
        device cage's speeds (an ALE OS6465 SFP cage's 0.1 Gb/s, 100BASE-FX)."""
        ctx = ctx or self.rule_context()

        def compute() -> tuple[float, ...]:
            generations = self.repo.generations()
            rates = {g.data_rate_gbps for g in generations}
            rates |= {n.data_rate_gbps for g in generations for n in g.narrow_modes}
            rates |= {p.rate_gbps for p in ctx.pmds.values()}
            rates |= {r for m in ctx.modules.values() for r in m.rates_gbps}
            rates |= {r for d in self.repo.devices() for c in d.cages for r in c.speeds_gbps}
            return tuple(sorted(rates))

        return ctx.remember(("known rates",), (), compute)

    def _check_rate(self, rate_gbps: float, ctx: RuleContext) -> None:
        """Raises InputValidationError (``rateGbps``) for a rate no generation, PMD, transceiver or
        device port in the catalogue runs (7 Gb/s), naming the rates it holds (:meth:`known_rates`):
        an answer of "no part fits" would read as a catalogue gap."""
        known = self.known_rates(ctx)
        if rate_gbps not in known:
            raise InputValidationError(
                "rateGbps",
                f"{rate_gbps:g} Gb/s is not a data rate of any generation, PMD, transceiver or device port the "
                f"catalogue holds; known rates: {', '.join(f'{r:g}' for r in known)} Gb/s",
            )

    def _snapshot(self) -> CatalogueSnapshot | None:
        """The catalogue snapshot this service answers from (None: plain Cypher, nothing memoised)."""
        if isinstance(self.repo, CatalogueSnapshot):
            return self.repo
        current = getattr(self.repo, "current", None)
        snap = current() if callable(current) else None
        return snap if isinstance(snap, CatalogueSnapshot) else None

    def link_options(
        self,
        *,
        end_a: EndRequest,
        end_b: EndRequest,
        rate_gbps: float,
        distance_m: float,
        protocol: Protocol | None = None,
        explain: bool = False,
        plant: PlantRequest | None = None,
    ) -> LinkOptionsResult:
        """:meth:`_link_options`, memoised per catalogue snapshot (see its documentation).

        On a snapshot the question is answered once per catalogue version: the answer is computed
        against that one snapshot (every read pinned to it) and kept in its bounded
        :class:`~service.persistence.snapshot.AnswerCache` under every argument; an error is not
        kept. Without a snapshot (plain Cypher, or before the first load) nothing is memoised.
        """
        snap = self._snapshot()
        if snap is None:
            return self._link_options(
                end_a=end_a,
                end_b=end_b,
                rate_gbps=rate_gbps,
                distance_m=distance_m,
                protocol=protocol,
                explain=explain,
                plant=plant,
            )
        pinned = self._pinned(snap)
        key = _link_options_key(end_a, end_b, rate_gbps, distance_m, protocol, explain, plant)
        return snap.answers.get(
            key,
            lambda: pinned._link_options(
                end_a=end_a,
                end_b=end_b,
                rate_gbps=rate_gbps,
                distance_m=distance_m,
                protocol=protocol,
                explain=explain,
                plant=plant,
            ),
            lambda result: 1 + len(result.options) + len(result.rejected),
        )

    def kept_link_options(
        self,
        *,
        end_a: EndRequest,
        end_b: EndRequest,
        rate_gbps: float,
        distance_m: float,
        protocol: Protocol | None = None,
        explain: bool = False,
        plant: PlantRequest | None = None,
    ) -> LinkOptionsResult | None:
        """The answer :meth:`link_options` keeps for these arguments on the current snapshot, or
        None (nothing computed, no I/O: a resolver answers a kept question without a thread hop and
        asks :meth:`link_options` otherwise)."""
        snap = self._snapshot()
        if snap is None:
            return None
        found = snap.answers.kept(_link_options_key(end_a, end_b, rate_gbps, distance_m, protocol, explain, plant))
        return found if isinstance(found, LinkOptionsResult) else None

    def kept_check_link(self, req: LinkRequest, *, alternatives: bool = True) -> LinkCheck | None:
        """The answer :meth:`check_link` keeps for ``req`` on the current snapshot, or None (see
        :meth:`kept_link_options`)."""
        snap = self._snapshot()
        if snap is None:
            return None
        found = snap.answers.kept(repr(("check_link", req, alternatives)))
        return found if isinstance(found, LinkCheck) else None

    def _link_options(
        self,
        *,
        end_a: EndRequest,
        end_b: EndRequest,
        rate_gbps: float,
        distance_m: float,
        protocol: Protocol | None = None,
        explain: bool = False,
        plant: PlantRequest | None = None,
    ) -> LinkOptionsResult:
        """Every valid end-to-end medium for a link, ranked; with ``explain`` also the rejected ones.

        Step 1: resolve the ends; find the seats each cage offers (its own, and those of cage
        adapters such as a QSA that fit it and carry the rate). Step 2: for each pair of seats, the
        Cypher path search returns structural candidates (cables whose ends fit; transceiver pairs
        sharing a PMD, per fiber grade, with the fiber cables their vendor documents, straight and
        splitter). Step 3: every candidate goes through the one rule set, placed the way round
        that breaks the fewest rules (:func:`~service.rules.best_orientation`, as checkLink does).
        Step 4: valid candidates are grouped by medium (interchangeable parts become
        alternatives) and ranked.

        Args:
            end_a, end_b: the two ends.
            rate_gbps: the rate each link must run at (Gb/s; per splitter leg).
            distance_m: cable-run length in metres (> 0).
            protocol: InfiniBand or Ethernet, or None for either.
            explain: also return rejected candidates with their findings.
            plant: the installed fiber the link must run over. Options are then transceiver pairs
                over that grade only (no DAC/ACC/AOC, no other grade), the fiber taken as the
                plant's connector and length; a PMD that reaches over the grade but has no
                catalogue module for these cages is named in the notes.

        Returns:
            Options ranked as :func:`_rank` says (verified reach first; passive copper, active
            copper, AOC, multimode, single-mode; 850 nm before 1310 nm multimode PMDs; the shortest
            sufficient PMD reach, then the shortest sufficient part length, then margin). Rejected candidates are
            grouped the same way and by their error codes (parts that fail the same way become
            alternatives). Each option's link, fed back to :meth:`check_link`, gets the same
            valid verdict; each rejected one gets the same error codes.

        Raises:
            InputValidationError: a distance not > 0 or non-finite, non-positive or non-finite rate;
                an unknown plant fiber grade or connector, a negative plant length or panel count.
            UnknownDeviceError / UnknownFormFactorError: with suggestions.
        """
        _check_distance("distanceM", distance_m)
        _check_number("rateGbps", rate_gbps, positive=True)
        ctx = self.rule_context()
        self._check_rate(rate_gbps, ctx)
        if plant is not None:
            self._check_plant(plant, ctx)
        spec = LinkSpec(
            rate_gbps=rate_gbps,
            distance_m=distance_m,
            protocol=protocol,
            end_a=self._resolved(end_a, "a"),
            end_b=self._resolved(end_b, "b"),
        )
        classes = self._classes(ctx, spec)
        valid: list[tuple[Link, Verdict]] = []
        rejected: list[tuple[Link, Verdict]] = []
        unplaced: list[Link] = []  # rejected, placed only when their findings are asked for
        snap = self._snapshot()
        shaped = (
            self._options_by_shape(snap, spec, ctx, (end_a, end_b, rate_gbps, protocol))
            if snap is not None and plant is None and not explain and type(distance_m) is float
            else None
        )
        if shaped is not None:
            options = shaped
        else:
            for link in self._candidates(spec, plant, ctx):
                if explain:
                    placed, verdict = best_orientation(link, ctx)
                    (valid if verdict.valid else rejected).append((placed, verdict))
                elif (found := valid_orientation(link, ctx)) is not None:
                    valid.append(found)
                else:
                    unplaced.append(link)
            options = _rank(_group(valid, ctx, classes), ctx)
        if plant is None:  # then the standard PMDs no catalogue part implements (service.pmd_level)
            options = _after(options, _rank(_group(_valid(pmd_level_links(spec, ctx), ctx), ctx), ctx))
        if not options:  # the rejected candidates explain why there is none
            rejected += [best_orientation(link, ctx) for link in unplaced]
        rejected_groups = _group(rejected, ctx, classes) if explain or not options else []
        rejected_options = _rank(rejected_groups, ctx) if explain else []
        notes = _why_none(spec, rejected, rejected_groups, explain, classes) if not options else ()
        if options and all(o.reach_basis == "unverified" for o in options):
            notes = (
                f"No option has a verified reach for {spec.distance_m:g} m: every option below rests on a "
                "reach the catalogue does not hold for its PMD over that fiber grade (REACH_UNVERIFIED); "
                "confirm it in the module's datasheet before ordering.",
            )
        if plant is not None:
            notes = (*notes, *_plant_notes(spec, plant, ctx, valid))
        notes = (*notes, *_port_count_notes(spec, options, ctx))
        return LinkOptionsResult(
            spec=spec,
            options=tuple(options),
            rejected=tuple(rejected_options),
            notes=notes,
        )

    def _options_by_shape(
        self,
        snap: CatalogueSnapshot,
        spec: LinkSpec,
        ctx: RuleContext,
        shape: tuple[EndRequest, EndRequest, float, Protocol | None],
    ) -> list[LinkOption] | None:
        """The ranked options of the catalogue's candidates (:func:`_rank` of :func:`_group` of the
        valid ones, as :meth:`_link_options` computes them), with the work that does not depend on
        the distance done once per question shape and length class and memoised on the snapshot.

        A question's candidates depend on its distance only through which length of each cable or
        fiber family covers the run (``length >= distance``) and through the distance itself (the
        link's run, a generic fiber's length). The shape's first question notes every part length
        the candidate search compares with the run (:func:`_compared`; the families searched do not
        depend on the run); two runs with as many of those lengths below them are of one *length
        class* and meet every comparison alike, so their candidates are the same links but for
        those values. They are built once per (shape, class), with every orientation's
        :class:`~service.rules.Placement`, and grouped by medium in preference order
        (:meth:`_shape_groups`, kept in :attr:`CatalogueSnapshot.shapes`). Per distance,
        :func:`~service.rules.errors_at` picks each candidate's first valid orientation (as
        :func:`~service.rules.valid_orientation` does) without making findings; only each group's
        chosen link is rebuilt at the distance (:func:`_at`), checked in full and made an option,
        with the alternatives its group's valid members give. The length classes of a shape share
        its links over generic fiber (:class:`_Reused`: they read no part length), so a further
        class builds and places only its cables and cords.

        Args:
            snap: the snapshot the answer is computed on (the memo lives and dies with it).
            spec: the question (no plant; ``distance_m`` a float, in metres).
            ctx: the snapshot's rule context.
            shape: the question's arguments but the distance (end A, end B, rate in Gb/s, protocol).

        Returns:
            The ranked options, or None when no candidate is valid (the caller's full path then
            explains why) or the full check of a chosen link disagrees (never expected; the full
            path then answers).
        """
        distance = spec.distance_m
        base = repr(("link shape", *shape))

        def weigh(kept: _ShapeClass) -> int:
            return sum(len(g.members) for g in kept.groups)

        def groups() -> _ShapeClass:
            """The length class's groups, built with the shape's :class:`_Reused` links (kept with
            the shape's classes, weighed by its links)."""
            key = repr((base, "reused links"))
            reused = snap.shapes.kept(key)
            if not isinstance(reused, _Reused) or reused.ctx is not ctx:
                reused = _Reused(ctx)
            token = _REUSED.set(reused)
            try:
                found = _ShapeClass(self._shape_groups(spec, ctx))
            finally:
                _REUSED.reset(token)
            snap.shapes.put(key, reused, 1 + len(reused.links))
            return found

        lengths = snap.shapes.kept(base)
        if lengths is None:  # the shape's first question: its candidates, and the lengths they compare
            token = _COMPARED.set(set())
            try:
                shape_class = groups()
                lengths = tuple(sorted(_COMPARED.get() or ()))
            finally:
                _COMPARED.reset(token)
            snap.shapes.get(base, lambda: lengths, len)
            snap.shapes.get(repr((base, bisect.bisect_left(lengths, distance))), lambda: shape_class, weigh)
        else:
            key = repr((base, bisect.bisect_left(lengths, distance)))
            shape_class = snap.shapes.get(key, groups, weigh)
        found = shape_class.found_at(distance)
        if not found:
            return None
        out = []
        for _, group, valid, subset in found:
            (member, first) = valid[0]
            placed = valid_orientation(_at(member.link, spec), ctx)
            if placed is None or _orientation(placed[0]) != _orientation(first.link):
                return None
            alternatives = group.alternatives.get(subset)
            if alternatives is None:
                alternatives = group.alternatives[subset] = _alternatives(
                    [m.roles for m, _ in valid], self._classes(ctx, spec)
                )
            out.append(_option(placed[0], placed[1], ctx, alternatives))
        return _rank(out, ctx)

    def _shape_groups(self, spec: LinkSpec, ctx: RuleContext) -> tuple[_Group, ...]:
        """The candidates of ``spec`` (no plant) grouped as :func:`_group` groups valid links (by
        medium), each group's members in preference order (ties: :meth:`_candidates` order).

        A member keeps its orientations in :func:`~service.rules.orientations` order but those that
        fail at every distance (never the first valid one); a candidate left with none is left out.
        Its medium, preference and parts per role read neither the distance nor the orientation
        (they name parts, grades and adapters, not where each end sits); a shape where they differ
        between a candidate's orientations is not grouped here (empty: the caller's full path).
        """
        ends = (end_key(spec.end_a, ctx), end_key(spec.end_b, ctx))
        by_medium: dict[tuple[object, ...], list[tuple[tuple[object, ...], _Member]]] = {}
        for index, link in enumerate(self._candidates(spec, ctx=ctx)):
            parts = _member_parts(link, ctx, ends)
            if parts is None:
                continue
            if parts is _UNGROUPED:
                return ()
            kept, medium, pref, roles = parts
            by_medium.setdefault(medium, []).append((pref, _Member(index, link, kept, roles)))
        return tuple(_Group(tuple(m for _, m in sorted(members, key=lambda x: x[0]))) for members in by_medium.values())

    @staticmethod
    def _check_plant(plant: PlantRequest, ctx: RuleContext) -> None:
        if plant.fiber_type not in ctx.fiber_types:
            raise InputValidationError(
                "spec.plant.fiberType",
                f"unknown fiber grade {plant.fiber_type!r}; known: {', '.join(sorted(ctx.fiber_types))}",
            )
        _check_number("spec.plant.lengthM", plant.length_m, positive=True)
        if plant.patch_panels < 0:
            raise InputValidationError("spec.plant.patchPanels", f"must not be negative, got {plant.patch_panels}")
        if plant.connector is not None:
            kind, _, polish = plant.connector.partition("/")
            if kind not in PLANT_CONNECTORS or polish not in ("UPC", "APC"):
                raise InputValidationError(
                    "spec.plant.connector",
                    f"give a connector with its polish, e.g. LC/UPC or MPO-12/APC; got {plant.connector!r}",
                )

    def _seats(self, spec: LinkSpec) -> tuple[dict[str, list[Adapter | None]], dict[str, list[Adapter | None]]]:
        """Per end: seat form factor → the adapters that offer it (None = the cage itself)."""
        ff_a, ff_b = spec.end_a.cage.form_factor, spec.end_b.cage.form_factor
        seats_a: dict[str, list[Adapter | None]] = {ff_a: [None]}
        seats_b: dict[str, list[Adapter | None]] = {ff_b: [None]}
        for row in self.repo.adapter_seats([ff_a, ff_b], spec.protocol.value if spec.protocol else None):
            if row.adapter.max_rate_gbps < spec.rate_gbps:
                continue  # a QSA carries one lane: it cannot carry this rate
            for ff, seats in ((ff_a, seats_a), (ff_b, seats_b)):
                if row.cage == ff:
                    seats.setdefault(row.seat, []).append(row.adapter)
        return seats_a, seats_b

    def _candidates(
        self, spec: LinkSpec, plant: PlantRequest | None = None, ctx: RuleContext | None = None
    ) -> list[Link]:
        """The structural candidates of ``spec`` (or over ``plant``), each transceiver and cage
        adapter a class representative when classes are paired (every generator below offers a link
        for each member of a class alike, so each candidate stands for its classes' combinations)."""
        seats_a, seats_b = self._seats(spec)
        reps = self._representatives(ctx)
        if self.pair_classes:  # one adapter per class of interchangeable adapters (see _classes)
            adapter_classes = (ctx if ctx is not None else self.rule_context()).adapter_classes(_end_vendors(spec))
            for seats in (seats_a, seats_b):
                for seat, adapters in seats.items():
                    seats[seat] = [
                        a
                        for a in adapters
                        if a is None
                        or a.part_number is None
                        or adapter_classes.get(a.part_number, (a.part_number,))[0] == a.part_number
                    ]
        out: list[Link] = []
        seen: set[tuple[str, ...]] = set()
        for ff_a, adapters_a in seats_a.items():
            for ff_b, adapters_b in seats_b.items():
                if plant is not None:
                    found = self._plant_links(spec, ff_a, ff_b, plant, reps)
                else:
                    found = (
                        self._cable_links(spec, ff_a, ff_b)
                        + self._optical_links(spec, ff_a, ff_b, reps=reps)
                        + self._breakout_links(spec, ff_a, ff_b, reps)
                        + self._twin_port_links(spec, ff_a, ff_b, reps)
                    )
                for link in found:
                    for ad_a in adapters_a:
                        for ad_b in adapters_b:
                            placed = (
                                link
                                if ad_a is link.adapter_a and ad_b is link.adapter_b
                                else link.model_copy(update={"adapter_a": ad_a, "adapter_b": ad_b})
                            )
                            key = (*placed.part_numbers(), *(f.fiber_type for f in placed.fibers))
                            if key not in seen:
                                seen.add(key)
                                out.append(placed)
        return out

    def _cable_links(self, spec: LinkSpec, ff_a: str, ff_b: str) -> list[Link]:
        """One candidate per cable family: the shortest length that covers the run (else the longest).

        A twin-port to twin-port cable (both ends two ports, e.g. NVIDIA's MCP4Y10 2 x 400 Gb/s OSFP
        DAC) is a candidate for twice its per-port rate too: 800 Gb/s between two twin-port OSFP cages
        runs over it as 2 x 400 Gb/s, as over a twin-port transceiver pair (RATE_AGGREGATED).
        """
        protocol = spec.protocol.value if spec.protocol else None
        cands = list(self.repo.cable_candidates(ff_a, ff_b, spec.rate_gbps, protocol))
        if all(_twin_capable(end) for end in (spec.end_a, spec.end_b)):
            cands += [
                c
                for c in self.repo.cable_candidates(ff_a, ff_b, spec.rate_gbps / 2, protocol)
                if c.cable.end_a.ports == 2 and c.cable.end_b.ports == 2 and c not in cands
            ]
        by_family: dict[str, list[Cable]] = {}
        end_at: dict[str, Literal["A", "B"]] = {}
        for c in cands:
            family = c.cable.family or c.cable.part_number or ""
            members = by_family.setdefault(family, [])
            if c.cable not in members:
                members.append(c.cable)
            end_at.setdefault(family, "A" if c.end_at_a == "A" else "B")
        links = []
        for family, cables in sorted(by_family.items()):
            cables.sort(key=lambda c: (c.length_m or 0.0, c.part_number or ""))
            cable = _covering(cables, spec.distance_m)
            links.append(
                Link(
                    end_a=spec.end_a,
                    end_b=spec.end_b,
                    distance_m=spec.distance_m,
                    rate_gbps=spec.rate_gbps,
                    protocol=spec.protocol,
                    cable=cable,
                    cable_end_at_a=end_at[family],
                )
            )
        return links

    def _optical_links(
        self,
        spec: LinkSpec,
        ff_a: str,
        ff_b: str,
        cands: Sequence[OpticalCandidate] | None = None,
        reps: frozenset[str] | None = None,
    ) -> list[Link]:
        """Transceiver pairs (of ``reps`` only, when given) with each documented fiber family
        (straight and splitter), or generic fiber of each grade their PMD reaches over when the
        vendor documents no fiber family."""
        if cands is None:
            cands = self.repo.optical_candidates(
                ff_a, ff_b, spec.rate_gbps, spec.protocol.value if spec.protocol else None, reps
            )
        links = []
        seen: set[tuple[str | None, str | None, str, str | None]] = set()
        # A catalogue cord's run is the same for every module pair (its own length), and a generic
        # run the same for every pair of one grade and connectors: built once per question.
        cord_runs: dict[int, FiberRun] = {}
        generic_runs: dict[tuple[str, str | None, str | None], FiberRun] = {}
        reused = _REUSED.get()

        def generic(fiber: str, connector_a: str | None, connector_b: str | None) -> FiberRun:
            key = (fiber, connector_a, connector_b)
            run = generic_runs.get(key)
            if run is None:
                run = generic_runs[key] = FiberRun.model_validate(
                    {
                        "fiber_type": fiber,
                        "connector_a": connector_a,
                        "connector_b": connector_b,
                        "length_m": spec.distance_m,
                    }
                )
            return run

        def cord(cable: FiberCable) -> FiberRun:
            run = cord_runs.get(id(cable))
            if run is None:
                run = cord_runs[id(cable)] = FiberRun.of_cable(cable)
            return run

        for c in cands:
            runs: list[FiberRun] = []
            if c.module_a.fiber_cables or c.module_b.fiber_cables:
                by_family: dict[str, list[FiberCable]] = {}
                for x in c.cables:
                    by_family.setdefault(x.family or x.part_number or "", []).append(x)
                straight = [x for x in c.cables if x.legs == 1]
                _compared(straight)
                if straight and not any((x.length_m or 0.0) >= spec.distance_m for x in straight):
                    # No documented cord is long enough: NVIDIA's structured-cabling requirements
                    # allow patch cords and trunks of the same grade and connector (MPO SM APC
                    # OS2 to 500 m, MPO MM APC OM4 to 50 m), so offer that fiber path too.
                    runs.append(generic(c.fiber, c.module_a.connector, c.module_b.connector))
                for cables in by_family.values():
                    runs.append(cord(_covering(cables, spec.distance_m)))
            else:
                runs.append(generic(c.fiber, c.module_a.connector, c.module_b.connector))
            for run in runs:
                key = (
                    c.module_a.part_number,
                    c.module_b.part_number,
                    run.fiber_type,
                    run.cable.part_number if run.cable else None,
                )
                if key in seen:
                    continue
                seen.add(key)
                links.append(
                    reused.link(spec, c, run)
                    if reused is not None and run.cable is None
                    else _optical_link(spec, c, run)
                )
        return links

    def _breakout_links(self, spec: LinkSpec, ff_a: str, ff_b: str, reps: frozenset[str] | None = None) -> list[Link]:
        """PMD breakouts between ends whose rates differ by a sourced breakout factor: a trunk
        module whose PMD breaks out into N × leg PMD at the asked rate, a 1:N harness of a grade the
        leg PMD reaches over (and the trunk PMD, where its reach table is complete) from the trunk
        connector to N leg connectors (each catalogue harness family that matches, and a generic
        harness of structured cabling unless a catalogue length covers the run), and a leg module
        of the leg PMD::

            QSFP-DD (400G) ─ QDD-400G-DR4 ══ OS2 MPO-12/APC → 4 × LC/UPC harness ══< QSFP-100G-DR ─ QSFP28 (100G)

        Offered only when the two ends' rates differ by the breakout's factor: the trunk end's top
        rate reaches the trunk PMD's (N × the asked rate) and the leg end's top rate is below it (an
        end that runs the trunk PMD's rate straight needs no breakout). One candidate per module
        pair (of ``reps`` only, when given) and grade; the rules check each.
        """
        ctx = self.rule_context()
        seats = {"A": (spec.end_a, ff_a), "B": (spec.end_b, ff_b)}
        wanted: list[tuple[Literal["A", "B"], str, str, int]] = []  # (trunk side, trunk PMD, leg PMD, legs)
        for trunk_side, far_side in (("A", "B"), ("B", "A")):
            trunk_end, leg_end = seats[trunk_side][0], seats[far_side][0]
            top_trunk, top_leg = _top_rate(trunk_end, ctx), _top_rate(leg_end, ctx)
            if top_trunk is None or top_leg is None:
                continue
            for pmd in ctx.pmds.values():
                if spec.protocol is not None and pmd.family is not spec.protocol:
                    continue
                for mode in pmd.breakouts:
                    leg = ctx.pmds.get(mode.pmd)
                    if leg is None or abs(leg.rate_gbps - spec.rate_gbps) > 1e-9:
                        continue
                    if top_trunk < pmd.rate_gbps - 1e-9 or top_leg >= pmd.rate_gbps - 1e-9:
                        continue  # the trunk cage cannot run the trunk PMD, or the leg end runs it straight
                    wanted.append((trunk_side, pmd.name, leg.name, mode.legs))  # type: ignore[arg-type]
        links: list[Link] = []
        harnesses = self._harnesses() if wanted else []
        for trunk_side, trunk_pmd, leg_pmd, legs in wanted:
            leg_side: Literal["A", "B"] = "B" if trunk_side == "A" else "A"
            trunk_numbers = ctx.modules_for([trunk_pmd], [seats[trunk_side][1]])
            leg_numbers = ctx.modules_for([leg_pmd], [seats[leg_side][1]])
            if reps is not None:
                trunk_numbers = [n for n in trunk_numbers if n in reps]
                leg_numbers = [n for n in leg_numbers if n in reps]
            found = self.repo.parts([*trunk_numbers, *leg_numbers])
            grades = breakout_grades(ctx.pmds[trunk_pmd], ctx.pmds[leg_pmd])
            for t in trunk_numbers:
                for lg in leg_numbers:
                    trunk_module, leg_module = found.get(t), found.get(lg)
                    if not isinstance(trunk_module, Transceiver) or not isinstance(leg_module, Transceiver):
                        continue
                    for grade in grades:
                        modules = {trunk_side: trunk_module, leg_side: leg_module}
                        for run in _harness_runs(
                            harnesses, grade, trunk_module.connector, leg_module.connector, legs, leg_side, spec
                        ):
                            links.append(
                                Link(
                                    end_a=spec.end_a,
                                    end_b=spec.end_b,
                                    distance_m=spec.distance_m,
                                    rate_gbps=spec.rate_gbps,
                                    protocol=spec.protocol,
                                    module_a=modules["A"],
                                    module_b=modules["B"],
                                    fibers=(run,),
                                )
                            )
        return links

    def _harnesses(self) -> list[FiberCable]:
        """The catalogue's fiber harnesses (fiber cables with more than one leg), part-number order."""
        parts, _ = self.repo.parts_page(
            kind=PartKind.FIBER_CABLE.value, vendor=None, family=None, protocol=None, after=None, limit=10_000
        )
        return [p for p in parts if isinstance(p, FiberCable) and p.legs > 1]

    def _twin_port_links(self, spec: LinkSpec, ff_a: str, ff_b: str, reps: frozenset[str] | None = None) -> list[Link]:
        """Twin-port transceiver pairs whose two ports together carry the rate asked for, each port at
        its full per-port rate over its own fiber (800 Gb/s as 2 x 400 Gb/s: NVIDIA MMA4Z00-NS
        2xSR4, MMS4X00-NM 2xDR4). A pair that would need its ports below their full rate is left
        out (that is a slower module, not an aggregate), and so is a splitter fiber (a split port
        carries less than its full rate). The rules accept the link as RATE_AGGREGATED."""
        per_port = spec.rate_gbps / 2
        for end in (spec.end_a, spec.end_b):
            if (not end.bare or end.ports_declared) and logical_ports_at(end.cage, per_port) < 2:
                return []  # a one-port cage takes no twin-port plug (PORT_COUNT_MISMATCH)
        cands = self.repo.optical_candidates(ff_a, ff_b, per_port, spec.protocol.value if spec.protocol else None, reps)
        links = []
        for link in self._optical_links(spec.model_copy(update={"rate_gbps": per_port}), ff_a, ff_b, cands):
            a, b = link.module_a, link.module_b
            if a is None or b is None or a.ports != 2 or b.ports != 2 or any(f.legs > 1 for f in link.fibers):
                continue
            if per_port < max(a.rates_gbps) - 1e-9 or per_port < max(b.rates_gbps) - 1e-9:
                continue
            links.append(link.model_copy(update={"rate_gbps": spec.rate_gbps, "fibers": link.fibers * 2}))
        return links

    def _plant_links(
        self, spec: LinkSpec, ff_a: str, ff_b: str, plant: PlantRequest, reps: frozenset[str] | None = None
    ) -> list[Link]:
        """Transceiver pairs (of ``reps`` only, when given) sharing a PMD that has a reach row for
        the plant's grade, each over the plant itself: generic fiber of that grade, connector and length."""
        cands = self.repo.optical_candidates(
            ff_a, ff_b, spec.rate_gbps, spec.protocol.value if spec.protocol else None, reps
        )
        links = []
        seen: set[tuple[str | None, str | None]] = set()
        for c in cands:
            if c.fiber != plant.fiber_type:
                continue
            key = (c.module_a.part_number, c.module_b.part_number)
            if key in seen:
                continue
            seen.add(key)
            run = FiberRun(
                fiber_type=plant.fiber_type,
                connector_a=plant.connector or c.module_a.connector,
                connector_b=plant.connector or c.module_b.connector,
                connector_assumed=plant.connector is None,
                length_m=plant.length_m if plant.length_m is not None else spec.distance_m,
                connections=plant.patch_panels,
                installed=True,
            )
            links.append(_optical_link(spec, c, run))
        return links

    # --- check a proposed link ------------------------------------------------------------------

    def check_link(self, req: LinkRequest, *, alternatives: bool = True) -> LinkCheck:
        """:meth:`_check_link`, memoised per catalogue snapshot like :meth:`link_options` (see
        :meth:`_check_link` for arguments, answer and errors)."""
        snap = self._snapshot()
        if snap is None:
            return self._check_link(req, alternatives=alternatives)
        pinned = self._pinned(snap)
        key = repr(("check_link", req, alternatives))
        return snap.answers.get(
            key, lambda: pinned._check_link(req, alternatives=alternatives), lambda check: 1 + len(check.alternatives)
        )

    def _check_link(self, req: LinkRequest, *, alternatives: bool = True) -> LinkCheck:
        """Check a proposed chain with every rule; when invalid, add the nearest valid options.

        The chain is placed the way round that breaks the fewest rules (a cable's ends, a fiber
        splitter's legs), so a splitter may be named from either end.

        Args:
            req: the chain as the user names it (part numbers, generic fiber, ends, run in metres).
            alternatives: look up the nearest valid options when the link is invalid.

        Returns:
            The placed link, its verdict (every broken rule, the rate it runs at) and, when
            invalid, up to three valid options that keep most of the parts named.

        Raises:
            UnknownPartError: a part number is not in the catalogue (with the three closest).
            UnknownDeviceError / UnknownFormFactorError: an end is not in the catalogue.
            InputValidationError: a distance not > 0 or non-finite, a negative or non-finite length,
                non-positive rate,
                a part in the wrong place (a fiber named as a module), two cables, a medium with
                both or neither of part number and fiber grade, an unknown fiber grade.
        """
        _check_distance("distanceM", req.distance_m)
        _check_number("rateGbps", req.rate_gbps, positive=True)
        if req.rate_gbps is not None:
            self._check_rate(req.rate_gbps, self.rule_context())
        if req.fan_out:
            return self._check_fan_out(req)
        numbers = [
            n
            for n in (
                req.adapter_a,
                req.module_a,
                req.module_b,
                req.adapter_b,
                *(m.part_number for m in req.media),
            )
            if n
        ]
        at_a = [n for n in (req.adapter_a, req.module_a) if n] or [
            m.part_number for m in req.media[:1] if m.part_number
        ]
        at_b = [n for n in (req.adapter_b, req.module_b) if n] or [
            m.part_number for m in req.media[-1:] if m.part_number
        ]
        (end_a, end_b), found, (asked_a, asked_b) = self._resolve_named(
            [(req.end_a, "a", at_a), (req.end_b, "b", at_b)], numbers
        )
        req = replace(req, end_a=asked_a, end_b=asked_b)  # cage groups implied: the alternatives' too
        module_a = self._module(found, req.module_a, "moduleA")
        module_b = self._module(found, req.module_b, "moduleB")
        adapter_a = self._adapter(found, req.adapter_a, "adapterA")
        adapter_b = self._adapter(found, req.adapter_b, "adapterB")
        ctx = self.rule_context()
        cable, fibers = self._media(req, found, ctx, module_a, module_b)
        base = Link(
            end_a=end_a,
            end_b=end_b,
            distance_m=req.distance_m,
            rate_gbps=req.rate_gbps,
            protocol=req.protocol,
            adapter_a=adapter_a,
            module_a=module_a,
            module_b=module_b,
            adapter_b=adapter_b,
            cable=cable,
            fibers=tuple(fibers),
        )
        link, verdict = best_orientation(base, ctx)
        alts: tuple[LinkOption, ...] = ()
        if alternatives and not verdict.valid:
            alts = self._nearest(link, verdict, req)
        return LinkCheck(link=link, verdict=verdict, alternatives=alts)

    def _resolve_named(
        self, ends: list[tuple[EndRequest, str, list[str]]], numbers: list[str]
    ) -> tuple[list[ResolvedEnd], dict[str, AnyPart], list[EndRequest]]:
        """The ends and the catalogue parts a chain names (parts by the number as typed), and the
        ends as asked with the cage groups implied (:meth:`_implied_cage`).

        Every unknown name is found before anything is refused, so two typos are one answer. Each
        end comes with the part numbers the chain plugs into it (its adapter or module, else the
        cable or cord at that end): a device with several cage groups and no cage or form factor
        given takes the one group those parts fit (:meth:`_implied_cage`).

        Raises:
            UnknownDeviceError / UnknownFormFactorError / UnknownPartError: the first name the
                catalogue does not hold (with the closest ones), carrying every other unknown name
                of the chain in ``others``.
            InputValidationError: an end named wrongly (see :meth:`resolve_end`).
        """
        unknown: list[NotFoundError] = []
        resolved: list[ResolvedEnd] = []
        found = self.repo.parts(numbers)
        asked = [self._implied_cage(end, [found[n] for n in plugged if n in found]) for end, _, plugged in ends]
        for end, (_, which, _) in zip(asked, ends, strict=True):
            try:
                resolved.append(self.resolve_end(end, which))
            except NotFoundError as exc:
                unknown.append(exc)
        for number in dict.fromkeys(n for n in numbers if n not in found):
            unknown.append(self.repo.unknown_part(number))
        if unknown:
            raise unknown[0].with_others(unknown[1:])
        return resolved, found, asked

    def _implied_cage(self, end: EndRequest, plugged: Sequence[AnyPart]) -> EndRequest:
        """``end``, with the cage group of its device that ``plugged`` (the parts the chain puts in
        that end, first first) fit when the device has several groups and the question named none
        (neither ``cage`` nor ``formFactor``) and exactly one group takes the first part: a
        QSFP28 transceiver named at an OS6860N-P48Z end means its QSFP28 cages, not its SFP28
        ones. Otherwise ``end`` unchanged (:meth:`resolve_end` then says which groups there are)."""
        if not end.device or end.cage or end.form_factor or not plugged:
            return end
        try:
            device = self.repo.device(end.device)
        except NotFoundError:
            return end
        if len(device.cages) < 2:
            return end
        part = plugged[0]
        if isinstance(part, Cable):
            plugs = [part.end_a.form_factor, part.end_b.form_factor]
        elif isinstance(part, Transceiver | Adapter):
            plugs = [part.form_factor]
        else:
            return end  # a fiber cord plugs into a transceiver, not a cage
        ctx = self.rule_context()
        fitting = [c for c in device.cages if any(ctx.fits(plug, c.form_factor) for plug in plugs)]
        if len(fitting) > 1:
            # an SFP28 module fits an SFP+ cage too (at 10 Gb/s): it means the SFP28 group, not the SFP+ one
            fitting = [
                c
                for c in fitting
                if any(ctx.fits(p, c.form_factor) and not ctx.in_older_cage(p, c.form_factor) for p in plugs)
            ]
        return replace(end, cage=fitting[0].id) if len(fitting) == 1 else end

    def _check_fan_out(self, req: LinkRequest) -> LinkCheck:
        """Check a fan-out chain (``req.fan_out`` names the far ends) leg by leg with
        :func:`~service.rules.check_fan_out`. No alternatives are looked up for a fan-out.

        Raises:
            InputValidationError: ``b``, ``moduleB`` or ``adapterB`` given besides the far ends, more
                than 64 far ends, or anything :meth:`check_link` refuses.
            UnknownPartError / UnknownDeviceError / UnknownFormFactorError: as :meth:`check_link`.
        """
        if req.module_b or req.adapter_b or req.end_b.device or req.end_b.form_factor:
            raise InputValidationError("b", "with fanOut, name each far end (end, module, adapter) in its leg")
        if len(req.fan_out) > MAX_FAN_OUT_LEGS:
            raise InputValidationError("fanOut", f"at most {MAX_FAN_OUT_LEGS} far ends, got {len(req.fan_out)}")
        numbers = [
            n
            for n in (
                req.adapter_a,
                req.module_a,
                *(m.part_number for m in req.media),
                *(x for leg in req.fan_out for x in (leg.module, leg.adapter)),
            )
            if n
        ]
        at_a = [n for n in (req.adapter_a, req.module_a) if n] or [
            m.part_number for m in req.media[:1] if m.part_number
        ]
        named = [
            (req.end_a, "a", at_a),
            *(
                (leg.end, f"fanOut[{i}].end", [n for n in (leg.adapter, leg.module) if n])
                for i, leg in enumerate(req.fan_out)
            ),
        ]
        (end_a, *far_ends), found, _ = self._resolve_named(named, numbers)
        module_a = self._module(found, req.module_a, "moduleA")
        legs = [
            FanOutLeg(
                end=far,
                module=self._module(found, leg.module, f"fanOut[{i}].module"),
                adapter=self._adapter(found, leg.adapter, f"fanOut[{i}].adapter"),
            )
            for i, (far, leg) in enumerate(zip(far_ends, req.fan_out, strict=True))
        ]
        ctx = self.rule_context()
        cable, fibers = self._media(req, found, ctx, module_a, legs[0].module)
        trunk = Link(
            end_a=end_a,
            end_b=legs[0].end,
            distance_m=req.distance_m,
            rate_gbps=req.rate_gbps,
            protocol=req.protocol,
            adapter_a=self._adapter(found, req.adapter_a, "adapterA"),
            module_a=module_a,
            cable=cable,
            fibers=tuple(fibers),
        )
        verdict, checks = check_fan_out(trunk, legs, ctx)
        return LinkCheck(link=trunk, verdict=verdict, legs=checks)

    @staticmethod
    def _media(
        req: LinkRequest,
        found: Mapping[str, AnyPart],
        ctx: RuleContext,
        module_a: Transceiver | None,
        module_b: Transceiver | None,
    ) -> tuple[Cable | None, list[FiberRun]]:
        """The request's media as placed parts: at most one direct-attach cable, and fiber runs
        (catalogue fiber cables, or generic fiber whose connectors default to the modules')."""
        cable: Cable | None = None
        fibers: list[FiberRun] = []
        for i, medium in enumerate(req.media):
            _check_number(f"media[{i}].lengthM", medium.length_m, positive=True)
            _check_number(f"media[{i}].trunkM", medium.trunk_m)
            if medium.part_number and medium.fiber_type:
                raise InputValidationError(f"media[{i}]", "give a partNumber or a fiberType, not both")
            if medium.patch_panels < 0:
                raise InputValidationError(
                    f"media[{i}].patchPanels", f"must not be negative, got {medium.patch_panels}"
                )
            if medium.trunk_m is not None and not (
                medium.part_number and isinstance(found.get(medium.part_number), FiberCable)
            ):
                raise InputValidationError(
                    f"media[{i}].trunkM",
                    "a trunk goes in front of a catalogue fiber cable (a harness or cord part number); "
                    "for generic fiber give its lengthM",
                )
            if medium.part_number:
                part = found[medium.part_number]
                if isinstance(part, Cable):
                    if cable is not None:
                        raise InputValidationError(f"media[{i}]", "a link has at most one direct-attach cable")
                    cable = part
                elif isinstance(part, FiberCable) and medium.trunk_m:
                    fibers.append(_behind_trunk(FiberRun.of_cable(part), medium.trunk_m, medium.patch_panels))
                elif isinstance(part, FiberCable):
                    fibers.append(FiberRun.of_cable(part))
                else:
                    raise InputValidationError(
                        f"media[{i}]", f"{medium.part_number} is a {part.kind.value}, not a cable or fiber"
                    )
            elif medium.fiber_type:
                if medium.fiber_type not in ctx.fiber_types:
                    raise InputValidationError(
                        f"media[{i}].fiberType",
                        f"unknown fiber grade {medium.fiber_type!r}; known: {', '.join(sorted(ctx.fiber_types))}",
                    )
                if not 1 <= medium.legs <= MAX_HARNESS_LEGS:
                    raise InputValidationError(
                        f"media[{i}].legs", f"must be 1 to {MAX_HARNESS_LEGS} (a 1:N harness), got {medium.legs}"
                    )
                assumed = medium.connector is None and medium.connector_b is None
                conn_a = medium.connector or (module_a.connector if module_a else None) or medium.connector_b
                conn_b = medium.connector_b or medium.connector or (module_b.connector if module_b else None)
                fibers.append(
                    FiberRun(
                        fiber_type=medium.fiber_type,
                        connector_a=conn_a or "LC/UPC",
                        connector_b=conn_b or conn_a or "LC/UPC",
                        connector_assumed=assumed,
                        legs=medium.legs,
                        length_m=medium.length_m if medium.length_m is not None else req.distance_m,
                        connections=medium.patch_panels,
                    )
                )
            else:
                raise InputValidationError(f"media[{i}]", "give a partNumber or a fiberType")
        return cable, fibers

    @staticmethod
    def _module(found: Mapping[str, AnyPart], number: str | None, field_name: str) -> Transceiver | None:
        if number is None:
            return None
        part = found[number]
        if not isinstance(part, Transceiver):
            raise InputValidationError(field_name, f"{number} is a {part.kind.value}, not a transceiver")
        return part

    @staticmethod
    def _adapter(found: Mapping[str, AnyPart], number: str | None, field_name: str) -> Adapter | None:
        if number is None:
            return None
        part = found[number]
        if not isinstance(part, Adapter):
            raise InputValidationError(field_name, f"{number} is a {part.kind.value}, not a cage adapter")
        return part

    def _nearest(self, link: Link, verdict: Verdict, req: LinkRequest) -> tuple[LinkOption, ...]:
        """Up to three valid options between the same ends over the same run, those that keep the
        most of the parts named first (then in linkOptions' order), ranked 1..n in that order (not
        their rank among linkOptions' answers, which would read 6, 1, 2). Without a rate asked for,
        the rates the named parts and ends support are tried from the highest down until one has
        options, then the two highest rates both ends' cages run."""
        if req.rate_gbps is not None:
            rates = [req.rate_gbps]
        else:
            pool = {r for m in (link.module_a, link.module_b) if m for r in m.rates_gbps}
            pool |= set(link.cable.rates_gbps) if link.cable else set()
            if not pool:
                pool = {r for e in (link.end_a, link.end_b) if not e.bare for r in e.cage.speeds_gbps}
            if verdict.rate_gbps is not None:
                pool.add(verdict.rate_gbps)
            rates = sorted(pool, reverse=True)[:4]
            # Then the top rates both ends' cages run: a part of a faster generation (an HDR QSFP56
            # DAC in an EDR QSFP28 cage) gets the media that fit at the cages' own rate.
            cages = [set(e.cage.speeds_gbps) for e in (link.end_a, link.end_b) if e.cage.speeds_gbps]
            both = set.intersection(*cages) if cages else set()
            rates += [r for r in sorted(both, reverse=True) if r not in rates][:2]
        mine = set(link.part_numbers())
        for rate in rates:
            result = self.link_options(
                end_a=req.end_a,
                end_b=req.end_b,
                rate_gbps=rate,
                distance_m=req.distance_m,
                protocol=req.protocol,
            )
            if result.options:
                scored = sorted(result.options, key=lambda o: (-len(mine & _named(o)), o.rank))
                return tuple(
                    self._keep_named(o, mine).model_copy(update={"rank": i}) for i, o in enumerate(scored[:3], 1)
                )
        return ()

    def _keep_named(self, option: LinkOption, mine: set[str]) -> LinkOption:
        """``option`` with the user's own parts swapped in where they are among its alternatives
        (each swap re-checked by the rules and kept only while the link stays valid)."""
        swaps = {
            p.role: next(a for a in p.alternatives if a in mine)
            for p in option.parts
            if p.part_number not in mine
            and any(a in mine for a in p.alternatives)
            and p.role in ("adapter_a", "module_a", "cable", "module_b", "adapter_b")
        }
        if not swaps:
            return option
        found = self.repo.parts(list(swaps.values()))
        ctx = self.rule_context()
        link, verdict = option.link, option.verdict
        for role, number in swaps.items():
            part = found.get(number)
            if part is None:
                continue
            trial, trial_verdict = best_orientation(link.model_copy(update={role: part}), ctx)
            if trial_verdict.valid:
                link, verdict = trial, trial_verdict
        if link is option.link:
            return option
        alternatives: dict[Role, list[str]] = {
            p.role: sorted({*(x for x in (p.part_number, *p.alternatives) if x)}) for p in option.parts
        }
        return _option(link, verdict, ctx, alternatives).model_copy(update={"rank": option.rank})


# --- grouping and ranking -------------------------------------------------------------------------


def _link_options_key(
    end_a: EndRequest,
    end_b: EndRequest,
    rate_gbps: float,
    distance_m: float,
    protocol: Protocol | None,
    explain: bool,
    plant: PlantRequest | None,
) -> str:
    """The answer-cache key of a linkOptions question: every argument spelled exactly (``repr``)."""
    return repr(("link_options", end_a, end_b, rate_gbps, distance_m, protocol, explain, plant))


def _top_rate(end: ResolvedEnd, ctx: RuleContext) -> float | None:
    """The highest rate an end's cage runs (Gb/s): a device cage's top listed speed, a bare form
    factor's MSA maximum; None when unknown."""
    if end.device is not None:
        return max(end.cage.speeds_gbps)
    ff = ctx.form_factors.get(end.cage.form_factor)
    return ff.max_rate_gbps if ff is not None else None


Role = Literal["adapter_a", "module_a", "cable", "fiber", "module_b", "adapter_b"]
ROLES: tuple[Role, ...] = ("adapter_a", "module_a", "cable", "fiber", "module_b", "adapter_b")


_LINK_FIELDS_SET = frozenset(
    ("end_a", "end_b", "distance_m", "rate_gbps", "protocol", "module_a", "module_b", "fibers")
)


_TWIN_CAGES = {
    TopStyle.FLAT: "twin-port flat-top cages, e.g. the OSFP ports of DGX/HGX-style systems and liquid-cooled switches",
    TopStyle.FINNED: "twin-port finned cages of air-cooled switches (Quantum-2, Spectrum-4)",
}
_SINGLE_CAGES = {
    TopStyle.FLAT: "single-port adapter cages with a riding heat sink, e.g. ConnectX-7",
    TopStyle.FINNED: "single-port finned cages",
}


def _port_count_notes(spec: LinkSpec, options: Sequence[LinkOption], ctx: RuleContext) -> tuple[str, ...]:
    """A note per bare end given without a port count whose options offer a twin-port module: both
    single- and twin-port modules fit such a cage in principle, so the note says which is which and
    which cage each suits (twin-port flat-top OSFP: DGX/HGX-style systems, NVIDIA N21/N37/N10;
    single-port flat-top OSFP: adapter cages such as ConnectX-7, N01/N02)."""
    notes = []
    for which, end, role in (("A", spec.end_a, "module_a"), ("B", spec.end_b, "module_b")):
        if not end.bare or end.ports_declared:
            continue
        kinds = [_port_kinds(p, ctx) for o in options for p in o.parts if p.role == role]
        twins = list(dict.fromkeys(n for twin, _ in kinds for n in twin))
        if not twins:
            continue
        singles = list(dict.fromkeys(n for _, single in kinds for n in single))
        style = end.cage.top_style
        twin_where = _TWIN_CAGES.get(style, "twin-port cages") if style else "twin-port cages"
        single_where = _SINGLE_CAGES.get(style, "single-port cages") if style else "single-port cages"
        if singles:
            text = (
                f"End {which} ({end.label}) was given without a port count, so both kinds of module are offered "
                f"for it: twin-port {_join(twins)} (two links per cage) suits {twin_where}; single-port "
                f"{_join(singles)} (one link per cage) suits {single_where}"
            )
        else:
            text = (
                f"End {which} ({end.label}) was given without a port count: the modules offered for it are "
                f"twin-port {_join(twins)} (two links per cage), which suit {twin_where}; a single-port cage "
                "needs a single-port module"
            )
        notes.append(text + ". Give ports (1 or 2) to narrow the answer to one kind.")
    return tuple(notes)


def _port_kinds(part: OptionPart, ctx: RuleContext) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The catalogue modules an option part names (its part number and alternatives, in order, each
    once) that are twin-port, and those that are single-port; memoised per part (the parts of a
    length class's options are shared by its answers)."""

    def kinds() -> tuple[tuple[str, ...], tuple[str, ...]]:
        found = [ctx.modules[n] for n in dict.fromkeys((part.part_number, *part.alternatives)) if n in ctx.modules]
        return (
            tuple(m.part_number or "" for m in found if m.ports == 2),
            tuple(m.part_number or "" for m in found if m.ports == 1),
        )

    return ctx.remember(("port kinds", id(part)), part, kinds)


def _join(numbers: Sequence[str], limit: int = 4) -> str:
    """Up to ``limit`` part numbers, "a, b or c" (and "…" when more)."""
    shown = list(numbers[:limit])
    more = ", …" if len(numbers) > limit else ""
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1] + more


def _end_vendors(spec: LinkSpec) -> frozenset[str]:
    """The vendors an adapter's own vendor is compared with for a question between ``spec``'s ends:
    each device end's vendor (linkOptions prefers its parts) and the vendor a vendor-locked device
    takes (VENDOR_LOCKED); none between bare ends (see :meth:`RuleContext.adapter_classes`)."""
    vendors: set[str] = set()
    for end in (spec.end_a, spec.end_b):
        if end.device is not None:
            vendors.add(end.device.vendor)
            if end.device.vendor_lock is not None:
                vendors.add(end.device.vendor_lock.vendor)
    return frozenset(vendors)


def _twin_capable(end: ResolvedEnd) -> bool:
    """A cage that gives two logical ports (a twin-port OSFP switch cage), or a bare end whose ports
    were not stated: where a twin-port to twin-port cable can carry twice its per-port rate."""
    return end.cage.logical_ports_per_cage == 2 or (end.bare and not end.ports_declared)


def _optical_link(spec: LinkSpec, c: OpticalCandidate, run: FiberRun) -> Link:
    """The link of ``spec`` through the candidate's transceiver pair over one fiber run."""
    if type(spec.distance_m) is float and (spec.rate_gbps is None or type(spec.rate_gbps) is float):
        # Every value is already of the type validation gives (the hot loop of a cold answer builds
        # one link per module pair and cord): the same model without validating it again.
        return built(
            Link,
            {
                "end_a": spec.end_a,
                "end_b": spec.end_b,
                "distance_m": spec.distance_m,
                "rate_gbps": spec.rate_gbps,
                "protocol": spec.protocol,
                "adapter_a": None,
                "module_a": c.module_a,
                "cable": None,
                "cable_end_at_a": "A",
                "fibers": (run,),
                "module_b": c.module_b,
                "adapter_b": None,
            },
            _LINK_FIELDS_SET,
        )
    return Link(
        end_a=spec.end_a,
        end_b=spec.end_b,
        distance_m=spec.distance_m,
        rate_gbps=spec.rate_gbps,
        protocol=spec.protocol,
        module_a=c.module_a,
        module_b=c.module_b,
        fibers=(run,),
    )


def _roles(link: Link) -> dict[Role, str | None]:
    fiber = link.fibers[0] if link.fibers else None
    return {
        "adapter_a": link.adapter_a.part_number if link.adapter_a else None,
        "module_a": link.module_a.part_number if link.module_a else None,
        "cable": link.cable.part_number if link.cable else None,
        "fiber": (fiber.cable.part_number if fiber.cable else f"{fiber.fiber_type} fiber") if fiber else None,
        "module_b": link.module_b.part_number if link.module_b else None,
        "adapter_b": link.adapter_b.part_number if link.adapter_b else None,
    }


def _module_name(module: Transceiver | None) -> str:
    """A module's part number; for a PMD-level option's generic module, what it stands for."""
    if module is None:
        return "?"
    return module.part_number or f"any {'/'.join(module.pmds)} {module.form_factor}"


def _named(option: LinkOption) -> set[str]:
    """Every part number an option names, its alternatives included."""
    return {x for p in option.parts for x in (p.part_number, *p.alternatives) if x}


def _option(
    link: Link, verdict: Verdict, ctx: RuleContext, alternatives: Mapping[Role, list[str]] | None = None
) -> LinkOption:
    # Distance-free (reach per grade, geometry, what the reach rests on): once per link shape.
    shape = shape_key(link, ctx)
    (reach, srcs, pmd), geo, basis = ctx.remember(
        ("option facts", shape),
        (link,),
        lambda: (optical_reach(link, ctx), geometry(link, ctx), reach_basis(link, ctx)),
    )
    if link.cable is not None:
        reach, srcs = link.cable.length_m, tuple(link.cable.sources)
    # A twin-port pair carrying one aggregate link (800 Gb/s as 2 x 400) serves that one link.
    per_module = geo.ports if any(f.code == "RATE_AGGREGATED" for f in verdict.findings) else 1
    frame = ctx.remember(
        ("option frame", shape, id(alternatives), per_module),
        (link, alternatives),
        lambda: _option_frame(link, alternatives or {}, geo, pmd, reach, per_module),
    )
    parts = tuple(
        part
        if isinstance(part, OptionPart)
        else _generic_part(_generic_description(link.fibers[part]), link.fibers[part].legs)
        if part >= 0
        else _generic_part(_trunk_description(link.fibers[-1 - part]))
        for part in frame.parts
    )
    margin = None if reach is None else reach - max([link.distance_m, *(f.length_m for f in link.fibers)])
    summary = frame.summary
    if summary is None:  # a trunk in front of the first run's cord: its length is the run's rest
        run = link.fibers[0]
        medium = (
            f"{run.trunk_m:g} m trunk + {run.cable.part_number if run.cable else f'{frame.fiber} {frame.connector}'}"
        )
        summary = frame.summary_of(medium)
    return _link_option(
        {
            "rank": 0,
            "medium": frame.medium,
            "summary": summary,
            "link": link,
            "verdict": verdict,
            "parts": parts,
            "pmd": pmd if link.cable is None else None,
            "fiber_type": frame.fiber,
            "connector": frame.connector,
            "reach_m": reach,
            "margin_m": margin,
            "limiting_source_ids": srcs,
            "reach_basis": basis,
        }
    )


_OPTION_FIELDS = frozenset(LinkOption.model_fields)
_GENERIC_PART_SET = frozenset(("role", "part_number", "description", "links_served"))
_TRUNK_PART_SET = frozenset(("role", "part_number", "description"))
_FLOAT_OR_NONE = (float, type(None))


def _link_option(values: dict[str, object]) -> LinkOption:
    """``LinkOption(**values)`` (every field, in declaration order), built without validating again
    (:func:`~service.rules.built`) when each value is already of the type validation gives: an
    int reach or margin (validated to a float) or a list of sources (to a tuple) is validated."""
    if (
        type(values["reach_m"]) in _FLOAT_OR_NONE
        and type(values["margin_m"]) in _FLOAT_OR_NONE
        and type(values["limiting_source_ids"]) is tuple
        and type(values["parts"]) is tuple
        and type(values["rank"]) is int
    ):
        return built(LinkOption, values, _OPTION_FIELDS)
    return LinkOption.model_validate(values)


def _generic_part(description: str, links_served: int | None = None) -> OptionPart:
    """``OptionPart(role="fiber", part_number=None, description=…[, links_served=…])``: generic
    structured cabling, built without validating again (the values are of their types)."""
    return built(
        OptionPart,
        {
            "role": "fiber",
            "part_number": None,
            "description": description,
            "quantity": 1,
            "links_served": 1 if links_served is None else links_served,
            "alternatives": (),
        },
        _TRUNK_PART_SET if links_served is None else _GENERIC_PART_SET,
    )


@dataclass(frozen=True)
class _OptionFrame:
    """What :func:`_option` makes of a link's shape and alternatives, whatever the run: the parts (a
    generic run's part as the run's index, a trunk's as ``-1 - index``: their descriptions carry the
    run's length), the medium, fiber and connector, and the summary (None when it names a trunk's
    length: ``summary_of`` then makes it with the medium words)."""

    parts: tuple[OptionPart | int, ...]
    medium: MediumKind
    fiber: str | None
    connector: str | None
    summary: str | None
    head: str
    tail: str

    def summary_of(self, medium: str) -> str:
        return f"{self.head}{medium}{self.tail}"


def _option_frame(
    link: Link,
    alts: Mapping[Role, list[str]],
    geo: Geometry,
    pmd: str | None,
    reach: float | None,
    per_module: int,
) -> _OptionFrame:
    """:class:`_OptionFrame` of ``link`` (read: its parts, ends' adapters, runs' grades,
    connectors, legs, cords and whether a trunk is in front; never the run's length)."""
    roles = _roles(link)

    def part(role: Role, number: str | None, description: str, served: int = 1) -> OptionPart:
        return OptionPart(
            role=role,
            part_number=number,
            description=description,
            links_served=served,
            alternatives=tuple(a for a in alts.get(role, []) if a != roles[role]),
        )

    parts: list[OptionPart | int] = []
    if link.adapter_a is not None:
        parts.append(part("adapter_a", link.adapter_a.part_number, link.adapter_a.description))
    if link.module_a is not None:
        served = link.module_a.ports // per_module * (geo.legs if geo.trunk == "A" else 1)
        parts.append(part("module_a", link.module_a.part_number, link.module_a.description, served))
    if link.cable is not None:
        at_a = link.cable.end_a if link.cable_end_at_a == "A" else link.cable.end_b
        at_b = link.cable.end_b if link.cable_end_at_a == "A" else link.cable.end_a
        trunk, legs_end = (at_b, at_a) if at_a.plugs > at_b.plugs else (at_a, at_b)
        served = max(legs_end.plugs // max(trunk.ports, 1), 1) * trunk.ports if legs_end.plugs > 1 else trunk.ports
        parts.append(part("cable", link.cable.part_number, link.cable.description, served))
    for index, run in enumerate(link.fibers):
        if run.cable is not None:
            cord: list[OptionPart | int] = [part("fiber", run.cable.part_number, run.cable.description, run.legs)]
            if run.trunk_m > 0:  # the trunk of structured cabling sits at the cable's trunk end
                cord = [-1 - index, *cord] if run.legs_at == "B" else [*cord, -1 - index]
            parts += cord
        else:
            parts.append(index)
    if link.module_b is not None:
        served = link.module_b.ports // per_module * (geo.legs if geo.trunk == "B" else 1)
        parts.append(part("module_b", link.module_b.part_number, link.module_b.description, served))
    if link.adapter_b is not None:
        parts.append(part("adapter_b", link.adapter_b.part_number, link.adapter_b.description))
    fiber = link.fibers[0].fiber_type if link.fibers else None
    connector = link.fibers[0].connector_a if link.fibers else None
    # "10506, a QSFP28-to-SFP28 adapter at end A": a bare part number does not say what the part is
    via = " and ".join(
        f"{a.part_number}, a {a.form_factor}-to-{a.accepts} adapter at end {end}"
        for a, end in ((link.adapter_a, "A"), (link.adapter_b, "B"))
        if a is not None
    )
    through = f" (through {via})" if via else ""
    head, tail, summary = "", "", None
    if link.cable is not None:
        summary = f"{link.cable.cable_type.value} {link.cable.part_number} ({link.cable.length_m:g} m)" + through
    else:
        medium = link.fibers[0].cable.part_number if link.fibers and link.fibers[0].cable else f"{fiber} {connector}"
        head = f"{pmd or '?'}: {_module_name(link.module_a)} + "
        tail = f" + {_module_name(link.module_b)}" + (f", reach {reach:g} m over {fiber}" if reach is not None else "")
        tail += through
        if link.fibers and link.fibers[0].cable is None and link.fibers[0].legs > 1:
            summary = head + _harness_words(link.fibers[0]) + tail
        elif not (link.fibers and link.fibers[0].trunk_m > 0):
            summary = head + str(medium) + tail
    return _OptionFrame(tuple(parts), _medium_kind(link), fiber, connector, summary, head, tail)


_Length = TypeVar("_Length", Cable, FiberCable)


_COMPARED: ContextVar[set[float] | None] = ContextVar("fabricgraph_compared_lengths", default=None)
"""While ``CatalogueService._options_by_shape`` builds a question shape's candidates: every part
length (m) the candidate search compares with the run (:func:`_compared`), else None."""


@dataclass
class _Reused:
    """A question shape's links over generic fiber, shared by its length classes.

    Such a link reads no part length, so every length class of the shape builds it alike but for
    its distance and run length, which ``_shape_groups``' members never read (an option's link is
    rebuilt at its own distance, :func:`_at`): each class takes the same object from ``links``
    (transceiver candidate by identity, rate in Gb/s, grade, connectors -> the candidate, kept alive
    so its id stays unique, and the link), and finds its :func:`_member_parts` in ``parts`` (by the
    link's identity; worked out under ``ctx``, the snapshot's rule context) instead of keying it
    again."""

    ctx: RuleContext
    links: dict[tuple[object, ...], tuple[OpticalCandidate, Link]] = field(default_factory=dict)
    ids: set[int] = field(default_factory=set)
    """The ids of the links in ``links`` (which keeps them alive)."""
    parts: dict[int, _MemberParts | None] = field(default_factory=dict)

    def link(self, spec: LinkSpec, c: OpticalCandidate, run: FiberRun) -> Link:
        """The shape's link through ``c``'s transceiver pair over the generic ``run``."""
        key = (id(c), spec.rate_gbps, run.fiber_type, run.connector_a, run.connector_b)
        hit = self.links.get(key)
        if hit is None:
            made = (c, _optical_link(spec, c, run))
            hit = self.links.setdefault(key, made)  # one winner when two threads build the same link
            if hit is made:
                self.ids.add(id(made[1]))
        return hit[1]


_NOT_WORKED_OUT = object()

_REUSED: ContextVar[_Reused | None] = ContextVar("fabricgraph_reused_links", default=None)
"""While ``CatalogueService._options_by_shape`` builds a length class of a question shape: the
shape's :class:`_Reused` links, else None."""


def _compared(parts: Sequence[_Length]) -> None:
    """Note the lengths of ``parts`` (None as 0.0) as compared with the run (see :data:`_COMPARED`)."""
    seen = _COMPARED.get()
    if seen is not None:
        seen.update(p.length_m or 0.0 for p in parts)


def _covering(family: Sequence[_Length], distance_m: float) -> _Length:
    """The part of a family (in length order) that a run of ``distance_m`` metres is offered over:
    the shortest length that covers the run, else the longest (the rules then say it is too short)."""
    _compared(family)
    return next((p for p in family if (p.length_m or 0.0) >= distance_m), family[-1])


def _harness_runs(
    harnesses: Sequence[FiberCable],
    grade: str,
    trunk_connector: str,
    leg_connector: str,
    legs: int,
    leg_side: Literal["A", "B"],
    spec: LinkSpec,
) -> list[FiberRun]:
    """The fiber runs a PMD breakout is offered over at one grade: each catalogue harness family of
    that grade, trunk and leg connector and leg count (its shortest length that covers the run,
    else its longest), and a generic harness of structured cabling unless a catalogue length
    covers the run. When no family has a length that covers the run, each family is offered at its
    shortest length behind a trunk of structured cabling that makes up the rest
    (:func:`_behind_trunk`)::

        300 m: QDD-400G-DR4 ── 299 m OS2 MPO-12/APC trunk ──╫── 1 m MPO-12/APC → 4 × LC/UPC harness ══< QSFP-100G-DR
    """
    families: dict[str, list[FiberCable]] = {}
    for h in harnesses:
        if (h.fiber_type, h.connector_a, h.connector_b, h.legs) == (grade, trunk_connector, leg_connector, legs):
            families.setdefault(h.family or h.part_number or "", []).append(h)
    ends = {"B": (trunk_connector, leg_connector), "A": (leg_connector, trunk_connector)}[leg_side]
    runs: list[FiberRun] = []
    covering = []
    for _family, members in sorted(families.items()):
        members.sort(key=lambda h: (h.length_m or 0.0, h.part_number or ""))
        covering.append((members, _covering(members, spec.distance_m)))
    covered = any((cable.length_m or 0.0) >= spec.distance_m for _, cable in covering)
    for members, cable in covering:
        chosen = cable if covered else members[0]
        run = FiberRun(
            cable=chosen,
            fiber_type=grade,
            connector_a=ends[0],
            connector_b=ends[1],
            legs=legs,
            legs_at=leg_side,
            length_m=chosen.length_m or 0.0,
        )
        runs.append(run if covered else _behind_trunk(run, spec.distance_m - run.length_m, 0))
    if not covered:
        runs.append(
            FiberRun(
                fiber_type=grade,
                connector_a=ends[0],
                connector_b=ends[1],
                legs=legs,
                legs_at=leg_side,
                length_m=spec.distance_m,
            )
        )
    return runs


def _behind_trunk(run: FiberRun, trunk_m: float, patch_panels: int) -> FiberRun:
    """``run`` (a catalogue fiber cable as placed) behind ``trunk_m`` metres of structured cabling
    of its grade and trunk connector: the path is the cable's own length + the trunk, and the trunk
    adds one mated connection (where it meets the cable) to the ``patch_panels`` it crosses."""
    own = run.cable.length_m if run.cable is not None and run.cable.length_m else 0.0
    return run.model_copy(update={"trunk_m": trunk_m, "length_m": own + trunk_m, "connections": 1 + patch_panels})


def _trunk_description(run: FiberRun) -> str:
    """An option part's description of the trunk in front of a catalogue harness or cord."""
    trunk = run.connector_a if run.legs_at == "B" else run.connector_b
    return (
        f"{run.fiber_type} {trunk} trunk, {run.trunk_m:g} m (structured cabling from the trunk end's "
        f"transceiver to {run.cable.part_number if run.cable else 'the cable'}: one more mated connection)"
    )


def _harness_words(run: FiberRun) -> str:
    """``"OS2 MPO-12/APC → 4 × LC/UPC harness"`` for a generic 1:N harness (trunk connector first)."""
    trunk, leg = (run.connector_a, run.connector_b) if run.legs_at == "B" else (run.connector_b, run.connector_a)
    return f"{run.fiber_type} {trunk} → {run.legs} × {leg} harness"


def _generic_description(run: FiberRun) -> str:
    """An option part's description of generic fiber (no catalogue part)."""
    if run.legs > 1:
        return (
            f"{_harness_words(run)}, {run.length_m:g} m (structured cabling; no sourced catalogue harness of "
            "this grade, connectors and polish covers the run: order one)"
        )
    return (
        f"{run.fiber_type} fiber, {run.connector_a} to {run.connector_b}, "
        f"{run.length_m:g} m (structured cabling; no catalogue part)"
    )


def _group_keys(link: Link, ctx: RuleContext, same_ends: bool = False) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """A link's medium (:func:`_group`'s key without the verdict's error codes: a cable's class,
    :func:`_cable_class`, so the same 3 m SFP+ DAC of eight vendors is one option) and its
    preference within its group (current parts first, then parts of each cage's own form factor
    before newer-generation ones that only fit it, :func:`_older_cage_parts`; modules, then the
    cable, of the device's vendor at each end first, the smallest sufficient reach, then part
    numbers): neither reads the run's distance, so
    :func:`_group` memoises both per link shape. With ``same_ends`` (the two ends asked alike), a
    twin-port module at A and a single-port one at B is the same medium as the reverse: one option,
    not its mirror image."""
    adapters = (link.adapter_a is not None, link.adapter_b is not None)
    if link.cable is not None:
        medium: tuple[object, ...] = ("cable", _cable_class(link.cable), *adapters)
    else:
        run = link.fibers[0]
        ma, mb = link.module_a, link.module_b
        ports = [ma.ports if ma else None, mb.ports if mb else None]
        both = [n for n in (ma.pmds if ma else []) if mb and n in mb.pmds]
        seats = (
            link.adapter_a.accepts if link.adapter_a is not None else link.end_a.cage.form_factor,
            link.adapter_b.accepts if link.adapter_b is not None else link.end_b.cage.form_factor,
        )
        # a breakout names each end's PMDs; a dual-rate module in an older cage (a 10/25G SFP28 in an
        # SFP+ cage) runs only its PMD at the leg rate there, so it is the same medium as the cage's
        # own 10GBASE-SR module, not a separate option
        every = [
            n
            for m, seat in zip((ma, mb), seats, strict=True)
            if m is not None
            for n in m.pmds
            if not ctx.in_older_cage(m.form_factor, seat) or (n in ctx.pmds and ctx.pmds[n].rate_gbps == link.rate_gbps)
        ]
        shared = tuple(pmds_of_protocol(both, link, ctx))
        # a dual-rate pair (10/25G SR) at 25 Gb/s runs 25GBASE-SR as a 25G-only pair does: one medium,
        # not two options that differ only in the other rate the modules could also run
        at_rate = tuple(n for n in shared if n in ctx.pmds and ctx.pmds[n].rate_gbps == link.rate_gbps)
        shared = at_rate or shared or (*every, "breakout")
        medium = (
            "optical",
            shared,
            run.fiber_type,
            run.cable.part_number if run.cable else None,
            run.legs,
            run.trunk_m > 0,
            *adapters,
            # a twin-port module (two links per cage) is no alternative to a single-port one: swapping
            # them changes the links each serves, and so the bill of materials
            *(sorted(ports, key=str) if same_ends else ports),
        )
    va = link.end_a.device.vendor if link.end_a.device else None
    vb = link.end_b.device.vendor if link.end_b.device else None
    same_vendor = (
        link.module_a is not None and link.module_b is not None and link.module_a.vendor == link.module_b.vendor
    )
    fiber = link.fibers[0].fiber_type if link.fibers else None
    # The smallest sufficient part: a module whose own reach is just enough is the
    # cheaper, lower-power choice (MMS4X00-NS, 100 m, before MMS4X00-NM, 500 m).
    own_reach = sum(
        min((r.max_m for r in m.reach if r.fiber == fiber), default=math.inf)
        for m in (link.module_a, link.module_b)
        if m is not None
    )
    pref = (
        # a part that can be ordered new leads its option: a discontinued one only when no current
        # alternative of the same medium serves
        _discontinued_parts(link),
        # a part of the cage's own form factor before a newer-generation one that only fits it (an
        # SFP+ SFP-10G-SR, not the dual-rate SFP28 SFP-10/25G-CSR-S, leads in an SFP+ cage at 10G)
        _older_cage_parts(link, ctx),
        -(link.module_a is not None and link.module_a.vendor == va),
        -(link.module_b is not None and link.module_b.vendor == vb),
        # a cable of the vendor of the device at end A, then at end B, as a module is preferred
        -(link.cable is not None and link.cable.vendor == va),
        -(link.cable is not None and link.cable.vendor == vb),
        -same_vendor,
        -(link.adapter_a is not None and link.adapter_a.vendor == va),
        -(link.adapter_b is not None and link.adapter_b.vendor == vb),
        # a part a vendor or standard document backs before one known only from secondary sources
        # (a web shop's export): the answer names what can be bought with confidence
        _secondary_parts(link, ctx),
        own_reach,
        link.part_numbers(),
    )
    return medium, pref


def discontinued_part_numbers(link: Link) -> list[str]:
    """The part numbers of the link's named parts whose catalogue ``status`` is ``discontinued`` (they
    cannot be ordered new: PART_DISCONTINUED), each once, in link order (:meth:`Link.named_parts`)."""
    return list(dict.fromkeys(str(p.part_number) for p in link.named_parts() if p.status == "discontinued"))


def _device_vendors(link: Link) -> set[str]:
    """The vendors of the devices at the link's ends (empty for bare cages or form factors)."""
    return {e.device.vendor for e in (link.end_a, link.end_b) if e.device is not None}


def _device_vendor_parts(link: Link) -> int:
    """How many of the link's orderable parts the vendor of a device at either end makes (0 for bare
    cages or form factors)."""
    vendors = _device_vendors(link)
    return sum(1 for p in link.named_parts() if p.vendor in vendors)


def _older_cage_parts(link: Link, ctx: RuleContext) -> int:
    """How many of the link's plugs (modules, cable ends) sit in a cage of an older generation than
    their own form factor: a dual-rate 10/25G SFP28 in an SFP+ cage, a 40/100G QSFP28 in a QSFP+
    cage (the form factor's top rate above the cage's; a fit, S53/OC04, run at the older rate).
    Such a plug works there, but an engineer buys the cage's own form factor (an SFP+ 10GBASE-SR
    for an SFP+ port); an SFP+ in an SFP28 cage or a QSFP+ in a QSFP28 cage is not counted (the
    newer cage is made to take the older plug)."""
    seats = [
        link.adapter_a.accepts if link.adapter_a is not None else link.end_a.cage.form_factor,
        link.adapter_b.accepts if link.adapter_b is not None else link.end_b.cage.form_factor,
    ]
    if link.cable is not None:
        ends = (link.cable.end_a, link.cable.end_b)
        plugs = [e.form_factor for e in (ends if link.cable_end_at_a == "A" else ends[::-1])]
    else:
        plugs = [m.form_factor if m is not None else "" for m in (link.module_a, link.module_b)]
    return sum(1 for plug, seat in zip(plugs, seats, strict=True) if plug and ctx.in_older_cage(plug, seat))


def _discontinued_parts(link: Link) -> int:
    """How many of the link's named parts are discontinued (catalogue ``status``): they cannot be
    ordered new (PART_DISCONTINUED)."""
    return len(discontinued_part_numbers(link))


def _secondary_parts(link: Link, ctx: RuleContext, *, foreign_only: bool = False) -> int:
    """How many of the link's named parts (modules, cable, adapters, fiber parts) rest only on
    secondary sources (every source id of the part is of kind ``secondary``); with ``foreign_only``,
    only those a vendor other than the ends' device vendors makes (every such part for bare cages).

    Only orderable parts count: a PMD-level module (``part_number`` None, "any MSA-compliant
    1000BASE-SX SFP") carries its PMD's sources, and a standard quoted from a secondary copy does
    not make an unnamed module a web-shop part."""
    own = _device_vendors(link) if foreign_only else set()
    return sum(
        1
        for p in link.named_parts()
        if p.sources and all(s in ctx.secondary_sources for s in p.sources) and p.vendor not in own
    )


def _cable_class(cable: Cable) -> tuple[object, ...]:
    """What makes two direct-attach cables interchangeable in a link (one option, the others its
    alternatives, as transceivers of one PMD are): the type (DAC, ACC, AOC), each end's form factor,
    top style, plugs, logical ports, lanes and rate per plug (the pair of ends in either order: a
    cable's end A is not a side), the link rates and protocols it runs, the FEC its class needs,
    and its length (a cable of another length is another option, ranked by length)."""

    def end(e: CableEnd) -> tuple[object, ...]:
        return (e.form_factor, e.top_style or "", e.plugs, e.ports, e.lanes, e.rate_gbps)

    return (
        cable.cable_type,
        tuple(sorted((end(cable.end_a), end(cable.end_b)), key=repr)),
        tuple(sorted(cable.rates_gbps)),
        tuple(sorted(cable.protocols)),
        repr(cable.fec),
        cable.length_m,
    )


def _group(
    checked: list[tuple[Link, Verdict]],
    ctx: RuleContext,
    classes: Mapping[str, tuple[str, ...]] | None = None,
) -> list[LinkOption]:
    """One option per medium (a cable class, :func:`_cable_class`, or PMD × fiber grade × fiber
    part, with or without adapters) and per set of error codes (none for valid links). The preferred
    member (modules, then the cable, of the vendor of the device at each end first, the smallest
    sufficient reach, then part numbers) is the option; parts that can
    replace one of its parts, the others kept, become that role's alternatives (with the same
    verdict codes; each module standing for its class in ``classes``, see :func:`_alternatives`)."""
    groups: dict[tuple[object, ...], list[tuple[Link, Verdict, tuple[object, ...]]]] = {}
    ends: dict[tuple[int, int], tuple[tuple[object, ...], tuple[object, ...]]] = {}
    for link, verdict in checked:
        pair = (id(link.end_a), id(link.end_b))
        both_ends = ends.get(pair)
        if both_ends is None:
            both_ends = ends[pair] = (end_key(link.end_a, ctx), end_key(link.end_b, ctx))
        medium, pref = _option_keys(link, ctx, both_ends)
        groups.setdefault((*medium, verdict.error_codes), []).append((link, verdict, pref))
    out = []
    for members in groups.values():
        members.sort(key=lambda m: m[2])
        link, verdict, _ = members[0]
        out.append(_option(link, verdict, ctx, _alternatives([_roles(m[0]) for m in members], classes)))
    return out


def _option_keys(
    link: Link, ctx: RuleContext, ends: tuple[tuple[object, ...], tuple[object, ...]]
) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """:func:`_group_keys`, memoised per context under what it reads (parts by identity; ``ends``
    the :func:`~service.rules.end_key` of the link's two ends): the same for a link of this shape
    at any distance (the memo entry keeps the link, so its parts, alive)."""
    shape = (
        "option keys",
        ends,
        link.rate_gbps,  # the medium keeps the PMDs the link runs at its rate
        link.protocol,
        id(link.adapter_a),
        id(link.module_a),
        id(link.cable),
        tuple((id(r.cable), r.fiber_type, r.legs, r.trunk_m > 0) for r in link.fibers),
        id(link.module_b),
        id(link.adapter_b),
    )
    return ctx.remember(shape, (link,), lambda: _group_keys(link, ctx, _alike(link.end_a, link.end_b)))


def _alike(a: ResolvedEnd, b: ResolvedEnd) -> bool:
    """True when the two ends were asked alike (the same device model and cage group, or the same
    bare cage), compared by value: a snapshot resolves both into one device object, a read over
    Cypher into one per end, and the two must group a link's mirror images alike."""
    if a is b:
        return True
    if (a.label, a.role, a.ports_declared) != (b.label, b.role, b.ports_declared) or a.cage != b.cage:
        return False
    if a.device is None or b.device is None:
        return a.device is b.device
    return a.device.model == b.device.model


_CLASS_ROLES: frozenset[Role] = frozenset(("adapter_a", "module_a", "module_b", "adapter_b"))


def _alternatives(
    members: Sequence[Mapping[Role, str | None]], classes: Mapping[str, tuple[str, ...]] | None = None
) -> dict[Role, list[str]]:
    """Per role, the part numbers that can replace the first member's (the chosen one) in that role,
    the other roles the same: a member (its :func:`_roles`) is an alternative for a role when it
    differs from the chosen one in that role at most (one pass over the members, not one per
    role). Sorted per role.

    With ``classes``, each member's transceivers (and cage adapters) are class representatives and
    the member stands for every combination of its classes' modules (and adapters)
    (:meth:`RuleContext.module_classes`, all in the group alike): a combination differs from the
    chosen member (representatives) in one role when the member's classes differ from the chosen
    one's in that role only and the combination holds the chosen modules elsewhere, or when the
    classes are the chosen ones and the combination swaps one module for a member of its class. So
    the class of the differing role, or every role's class for the chosen member's own classes, is
    added: what pairing every module would give."""
    chosen = members[0]
    swaps: dict[Role, set[str | None]] = {role: set() for role in ROLES}

    def add(role: Role, number: str | None) -> None:
        found = classes.get(number) if classes and number is not None and role in _CLASS_ROLES else None
        if found is None:
            swaps[role].add(number)
        else:
            swaps[role].update(found)

    for r in members:
        differs = [role for role in ROLES if r[role] != chosen[role]]
        if not differs:
            for role in ROLES:
                add(role, r[role])
        elif len(differs) == 1:
            add(differs[0], r[differs[0]])
    return {role: sorted(x for x in swaps[role] if x) for role in ROLES}


def _combinations(links: Sequence[tuple[Link, Verdict]], classes: Mapping[str, tuple[str, ...]] | None) -> int:
    """How many part combinations ``links`` stand for: each link one per combination of its
    transceivers' and cage adapters' classes (one per link without ``classes``)."""
    if not classes:
        return len(links)
    total = 0
    for link, _ in links:
        n = 1
        for part in (link.adapter_a, link.module_a, link.module_b, link.adapter_b):
            if part is not None and part.part_number is not None:
                n *= len(classes.get(part.part_number, (part.part_number,)))
        total += n
    return total


@dataclass(frozen=True)
class _Member:
    """A candidate of a question shape in one length class (see ``CatalogueService._shape_groups``).

    Attributes:
        index: its place in :meth:`CatalogueService._candidates` order.
        link: the candidate as built at the class's first distance (rebuilt per distance by :func:`_at`).
        placements: its orientations that are not invalid at every distance, in order.
        roles: its part per role (:func:`_roles`).
    """

    index: int
    link: Link
    placements: tuple[Placement, ...]
    roles: dict[Role, str | None]

    simple: bool = field(init=False)
    """One orientation, invalid at a distance ``d`` exactly when ``d < below`` or ``d > above``
    (:func:`~service.rules.errors_at` without its insertion-loss and up-to terms): tested inline."""
    below: float = field(init=False)
    above: float = field(init=False)

    def __post_init__(self) -> None:
        p = self.placements[0]
        simple = len(self.placements) == 1 and not p.always and not p.losses and p.up_to == -math.inf
        object.__setattr__(self, "simple", simple)
        object.__setattr__(self, "below", p.below)
        object.__setattr__(self, "above", p.above)


_MemberParts = tuple[tuple[Placement, ...], tuple[object, ...], tuple[object, ...], dict[Role, str | None]]
"""A candidate's kept placements, medium, preference and part per role (:func:`_member_parts`)."""

_UNGROUPED: _MemberParts = ((), (), (), {})
"""What :func:`_member_parts` answers for a candidate whose orientations differ in medium,
preference or parts per role (its shape is then not grouped by ``_shape_groups``)."""


def _member_parts(
    link: Link, ctx: RuleContext, ends: tuple[tuple[object, ...], tuple[object, ...]]
) -> _MemberParts | None:
    """A candidate's orientations that are not invalid at every distance (their
    :func:`~service.rules.placement`), its medium and preference (:func:`_option_keys`) and its part
    per role (:func:`_roles`); None when every orientation is invalid at every distance;
    :data:`_UNGROUPED` when its orientations disagree on medium, preference or parts.

    Memoised per context under the link's shape (:func:`~service.rules.shape_key`: every part by
    identity, the ends, rate, protocol and each run's grade, connectors, legs and cable, but not the
    distance or the fibers' lengths), which is all that any of the three reads: the length classes
    of one question shape build the same candidate (a module pair over a generic run, a cable of
    one length) once each, and share this. The parts per role (a dict) are shared too: read only.
    """

    def compute() -> _MemberParts | None:
        kept = tuple(p for p in (placement(o, ctx) for o in orientations(link)) if not p.always)
        if not kept:
            return None
        keys = {_option_keys(p.link, ctx, ends) for p in kept}
        roles = [_roles(p.link) for p in kept]
        if len(keys) > 1 or any(r != roles[0] for r in roles):
            return _UNGROUPED
        ((medium, pref),) = keys
        return kept, medium, pref, roles[0]

    reused = _REUSED.get()
    if reused is not None and reused.ctx is ctx:
        found = reused.parts.get(id(link), _NOT_WORKED_OUT)
        if found is not _NOT_WORKED_OUT:
            return cast(_MemberParts | None, found)
    parts = ctx.remember(("member parts", ends, shape_key(link, ctx)), (link,), compute)
    if reused is not None and reused.ctx is ctx and id(link) in reused.ids:
        reused.parts[id(link)] = parts
    return parts


@dataclass(frozen=True)
class _Group:
    """The candidates of one medium in a length class, in preference order, and the alternatives of
    each set of valid members met so far (by their indexes; distance-free, so kept with the group)."""

    members: tuple[_Member, ...]
    alternatives: dict[tuple[int, ...], dict[Role, list[str]]] = field(default_factory=dict, compare=False)


_Found = tuple[tuple[int, "_Group", tuple[tuple["_Member", Placement], ...], tuple[int, ...]], ...]
"""Per group with a valid member: the first valid member's index, the group, its valid members each
with its first valid placement, and their indexes (:meth:`_ShapeClass.found_at`)."""


@dataclass(frozen=True)
class _ShapeClass:
    """A question shape's candidates in one length class (``CatalogueService._shape_groups``), and
    which of them are valid at a run, kept per *validity class* of runs.

    Whether a member is valid at a run ``d`` (:func:`~service.rules.errors_at` of its placements,
    first valid orientation first) changes only where ``d`` crosses one of its placements' fixed
    values: ``above``, ``below``, ``up_to`` and each insertion-loss row's reach and the run at
    which its loss meets the channel budget. Two runs that lie strictly between the same two
    consecutive values (or on the same value) get the same answer from every member, so
    :meth:`found_at` works it out once per such class. A run within a relative 1e-6 of a loss
    threshold (computed here, so perhaps an ulp off :func:`errors_at`'s own comparison) is worked
    out afresh, never taken from the cache.
    """

    groups: tuple[_Group, ...]
    _points: list[float] = field(default_factory=list, init=False, compare=False)
    _near: list[float] = field(default_factory=list, init=False, compare=False)
    _found: dict[tuple[int, bool], _Found] = field(default_factory=dict, init=False, compare=False)

    def __post_init__(self) -> None:
        points: set[float] = set()
        for group in self.groups:
            for member in group.members:
                for p in member.placements:
                    points.update(v for v in (p.above, p.below, p.up_to) if math.isfinite(v))
                    for max_m, per_km, per_connection, connections, channel in p.losses:
                        points.add(max_m)
                        if per_km > 0:
                            threshold = (channel - connections * per_connection) * 1000 / per_km
                            points.add(threshold)
                            self._near.append(threshold)
        self._points.extend(sorted(points))
        self._near.sort()

    def found_at(self, distance: float) -> _Found:
        """Each group's valid members at a run of ``distance`` metres with each one's first valid
        placement, in preference order, the groups in the order of their first valid candidate (the
        order ``_group`` meets them in); groups with none left out."""
        near = bisect.bisect_left(self._near, distance)
        if any(abs(distance - t) <= 1e-6 * max(1.0, abs(t)) for t in self._near[max(0, near - 1) : near + 1]):
            return self._scan(distance)
        i = bisect.bisect_left(self._points, distance)
        key = (i, i < len(self._points) and self._points[i] == distance)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = self._scan(distance)
        return found

    def _scan(self, distance: float) -> _Found:
        found: list[tuple[int, _Group, tuple[tuple[_Member, Placement], ...], tuple[int, ...]]] = []
        for group in self.groups:
            valid = []
            for member in group.members:
                if member.simple:  # one orientation, failing outside [below, above] only
                    if member.below <= distance <= member.above:
                        valid.append((member, member.placements[0]))
                    continue
                first = next((p for p in member.placements if not errors_at(p, distance)), None)
                if first is not None:
                    valid.append((member, first))
            if valid:
                indexes = tuple(m.index for m, _ in valid)
                found.append((min(indexes), group, tuple(valid), indexes))
        found.sort(key=lambda f: f[0])
        return tuple(found)


def _at(link: Link, spec: LinkSpec) -> Link:
    """``link`` (a candidate of ``spec``'s shape and length class, built at another distance) as
    :meth:`CatalogueService._candidates` builds it for ``spec``: ``spec``'s distance, and every run
    without a catalogue cable (generic fiber, as long as the run) ``spec.distance_m`` long, and every
    trunk in front of a catalogue harness as long as the rest of the run. Its ends
    stay those it was built with: resolved from the same end requests on the same snapshot, they
    equal ``spec``'s (and their memoised rule keys are reused)."""
    d = spec.distance_m

    def run_at(r: FiberRun) -> FiberRun:
        if r.cable is None:
            return _copied(r, {"length_m": d})
        if r.trunk_m > 0:
            return _copied(r, {"length_m": d, "trunk_m": d - (r.cable.length_m or 0.0)})
        return r

    update: dict[str, object] = {"distance_m": d}
    if link.fibers:
        update["fibers"] = tuple(run_at(r) for r in link.fibers)
    return _copied(link, update)


_Copied = TypeVar("_Copied", Link, FiberRun, LinkOption)


def _copied(model: _Copied, update: dict[str, object]) -> _Copied:
    """``model.model_copy(update=update)`` (a shallow copy with ``update``'s fields replaced and
    marked as set; no validation) for values already of the fields' types, built directly
    (:func:`~service.rules.built`): these models hold neither extra fields nor private attributes."""
    return built(type(model), {**model.__dict__, **update}, frozenset(model.model_fields_set | update.keys()))


def _orientation(link: Link) -> tuple[object, ...]:
    """How a link's parts are placed (cable end at A, each run's legs end and connectors) and its parts."""
    return (
        link.cable_end_at_a,
        tuple((r.legs_at, r.connector_a, r.connector_b) for r in link.fibers),
        link.part_numbers(),
    )


PLANT_CONNECTORS = ("LC", "SC", "MPO-12", "MPO-16", "MPO-24")


def _plant_notes(
    spec: LinkSpec, plant: PlantRequest, ctx: RuleContext, valid: list[tuple[Link, Verdict]]
) -> tuple[str, ...]:
    """What the plant answer rests on: PMDs that reach over the plant's grade at this rate but
    have no catalogue module for these cages, and how the patch panels were counted (against the
    PMD's channel insertion-loss budget where the catalogue holds one; unverified where not)."""
    length = plant.length_m if plant.length_m is not None else spec.distance_m
    offered = {p for link, _ in valid for m in (link.module_a, link.module_b) if m is not None for p in m.pmds}
    seats = [spec.end_a.cage.form_factor, spec.end_b.cage.form_factor]
    notes = []
    for pmd in sorted(ctx.pmds.values(), key=lambda p: p.name):
        if pmd.name in offered or abs(pmd.rate_gbps - spec.rate_gbps) > 1e-9:
            continue
        if spec.protocol is not None and pmd.family is not spec.protocol:
            continue
        row = next((r for r in pmd.reach if r.fiber == plant.fiber_type and r.max_m >= length), None)
        if row is None or ctx.modules_for([pmd.name], seats):
            continue
        note = f" ({row.note})" if row.note else ""
        notes.append(
            f"{pmd.name} reaches {row.max_m:g} m over {plant.fiber_type}{note} [{', '.join(row.sources)}], "
            f"but the catalogue holds no {pmd.name} module for {_or_words(seats)} cages: ask the vendor for one."
        )
    if plant.patch_panels:
        considered = sorted(
            {
                p.name
                for link, _ in valid
                for m in (link.module_a, link.module_b)
                if m is not None
                for p in (ctx.pmds.get(n) for n in m.pmds)
                if p is not None and abs(p.rate_gbps - spec.rate_gbps) < 1e-9
            }
        )
        budgeted = [n for n in considered if any(r.fiber == plant.fiber_type and r.loss for r in ctx.pmds[n].reach)]
        unbudgeted = [n for n in considered if n not in budgeted]
        text = f"{plant.patch_panels} patch panel(s) counted as {plant.patch_panels} mated connection(s) in the channel"
        if budgeted:
            text += f", within the channel insertion-loss budget of {', '.join(budgeted)} over {plant.fiber_type}"
        if unbudgeted:
            text += (
                f"; the catalogue holds no insertion-loss budget for {', '.join(unbudgeted)} over "
                f"{plant.fiber_type}, so their connection loss is unverified: check the channel against the "
                "PMD's budget"
            )
        notes.append(text + ".")
    return tuple(notes)


def _or_words(items: list[str]) -> str:
    unique = list(dict.fromkeys(items))
    return unique[0] if len(unique) == 1 else " and ".join(unique)


def _why_none(
    spec: LinkSpec,
    rejected: list[tuple[Link, Verdict]],
    groups: list[LinkOption],
    explain: bool = False,
    classes: Mapping[str, tuple[str, ...]] | None = None,
) -> tuple[str, ...]:
    """Say why a link has no valid option: which rules rejected how many candidates, or that the
    catalogue holds no candidate at all (a gap in the catalogue is not proof of incompatibility).

    The count is of rejected candidates as ``explain`` lists them (``groups``: one per medium and
    set of error codes, interchangeable parts grouped as alternatives), so the note and the list
    agree; where grouping merged part combinations, the note says how many combinations that was.
    """
    what = f"{spec.rate_gbps:g} Gb/s over {spec.distance_m:g} m between {spec.end_a.label} and {spec.end_b.label}"
    if not rejected:
        return (
            f"No part in the catalogue fits both ends at {what}: no cable with an end for each cage and no "
            "transceiver pair sharing a PMD at this rate. The catalogue may lack the part; this is not "
            "proof that no compatible part exists.",
        )
    counts: dict[str, int] = {}
    for group in groups:
        for code in dict.fromkeys(group.verdict.error_codes):
            counts[code] = counts.get(code, 0) + 1
    ranked = ", ".join(f"{code} ({n})" for code, n in sorted(counts.items(), key=lambda x: (-x[1], x[0])))
    combinations = _combinations(rejected, classes)
    combos = (
        f" ({combinations} part combinations, interchangeable parts grouped as alternatives)"
        if combinations != len(groups)
        else ""
    )
    return (
        f"No valid medium for {what}: {len(groups)} candidate(s) rejected{combos} by {ranked}. "
        + (
            "Each rejected candidate below carries its findings and fixes."
            if explain
            else "Ask again with explain: true for each candidate's findings and fixes."
        ),
    )


def _valid(links: list[Link], ctx: RuleContext) -> list[tuple[Link, Verdict]]:
    """The valid ones among ``links``, each placed the way round that breaks the fewest rules."""
    return [found for link in links if (found := valid_orientation(link, ctx)) is not None]


def _after(first: list[LinkOption], then: list[LinkOption]) -> list[LinkOption]:
    """``first`` then ``then``, ranked 1… in that order (PMD-level options after named parts), except
    that every verified option of either comes before every unverified one (REACH_UNVERIFIED,
    RATE_UNVERIFIED: DESIGN.md ranks such options after verified ones)."""

    def unverified(o: LinkOption) -> bool:
        return any(f.code in _UNVERIFIED for f in o.verdict.findings)

    ordered = [
        *(o for o in first if not unverified(o)),
        *(o for o in then if not unverified(o)),
        *(o for o in first if unverified(o)),
        *(o for o in then if unverified(o)),
    ]
    if not then and all(o is f and o.rank == i for i, (o, f) in enumerate(zip(ordered, first, strict=True), start=1)):
        return ordered  # ``first`` as it is (ranked by :func:`_rank`: verified ones first, ranks 1…)
    return [o.model_copy(update={"rank": i + 1}) for i, o in enumerate(ordered)]


def _rank(options: list[LinkOption], ctx: RuleContext) -> list[LinkOption]:
    """Rank options the way a network engineer picks a medium.

    1. Options whose reach, rate, breakout or host lanes the catalogue does not hold (REACH_UNVERIFIED,
       RATE_UNVERIFIED, BREAKOUT_UNVERIFIED, HOST_LANES_UNVERIFIED) come
       after every verified one, those with an unverified reach last; among these, a multimode PMD
       over OM1 or OM2 that no source lists for it (an 850 nm SR4 over legacy 62.5 um / 500 MHz.km
       plant, which IEEE 100GBASE-SR4, cl. 95, does not list at all) comes after its better-grade
       unverified options.
    2. An option naming a discontinued part (catalogue status ``discontinued``, PART_DISCONTINUED: it
       cannot be ordered new) after every option naming only orderable parts: NVIDIA's ACC splitter
       MCA7J60-N004 ("LACCs 1:2 and 1:4 OSFP splitters have been discontinued – use transceivers")
       is no first answer between a QM9700 and a ConnectX-7/OSFP at 4 m, where transceivers serve.
       Within an option a discontinued part never leads while a current alternative serves. Then an
       option naming a part known only from secondary sources (every source of the part is of
       kind ``secondary``, e.g. a web shop's catalogue export) and made by a vendor other than the
       ends' device vendors (any vendor, for bare cages) after the options whose parts a vendor or
       standard document backs: an Arista AOC from a web shop's list is no first answer between two
       SN5600s, where NVIDIA's documented transceivers serve. A device vendor's own part is not
       moved (NVIDIA's MCP7H50 splitter between NVIDIA ends, known from a reseller's table).
    3. An option that needs an extra part after the options that need none: a mode-conditioning
       patch cord at each end (MODE_CONDITIONING_CORD: 1000BASE-LX over OM1-OM3, cl. 38; 10GBASE-LRM
       over OM1/OM2, cl. 68; it exists for legacy plant, so where SX over OM2 or LX over OS2 also
       serves, those come first), or an optical attenuator at each receiver (ATTENUATOR_REQUIRED:
       40GBASE-ER4 on a run that may lose less than its 9 dB minimum, cl. 87; 40GBASE-LR4 serves such
       a run without one).
    4. Medium class: passive copper, active copper, AOC, multimode, twisted pair, single-mode (copper
       cables before optics where copper reaches; a 1000BASE-T SFP pair over Cat5e after 1000BASE-SX
       over multimode, the usual answer between two SFP cages, but before 1000BASE-LX over OS2: within
       100 m copper SFPs and a patch cord cost less than single-mode optics). Within a class, an
       option whose plugs are of each cage's own form factor before one seating a newer-generation
       plug in an older cage (:func:`_older_cage_parts`: a 25G SFP28 DAC run at 10 Gb/s between SFP+
       cages after the SFP+ DACs; it still ranks before the optics where copper reaches).
    5. Over multimode fiber, short-wavelength (850 nm VCSEL) PMDs before long-wavelength ones (a
       first wavelength above 1000 nm: 10GBASE-LRM, 1000BASE-LX over MMF): the 1310 nm multimode
       PMDs exist for legacy OM1/OM2 plant and cost more; over OM3 the 850 nm PMD (10GBASE-SR) is
       the standard answer.
    6. The PMD with the shortest nominal reach that still covers the run (the smallest sufficient
       optic is the cheaper, lower-power one: 10GBASE-LR before -ER, DR4 before FR4).
    7. The shortest part length that covers the run: a cable (DAC/ACC/AOC) or a fiber cord longer
       than the run is slack to coil (waste, bend-radius trouble), not margin: at 2 m a 3 m AOC ranks
       before a 30 m one. Structured cabling (no part) counts as the run's own length.
    8. An option over a grade for which the PMD's standard gives only an informative reach after
       one over a grade the clause specifies, then the most reach margin (OM4 before OM3 for the
       same PMD). IEEE 802.3 specifies single-mode cabled fiber of 0.4-0.5 dB/km (OS2); the OS1a
       figures (1.0 dB/km) are the TIA FOTC tables' informative column (pmds.yaml). The margin is the
       named part's, the smallest sufficient one, so it understates the clause's fiber: at 1500 m
       40GBASE-LR4 over OS2 (10 km, cl. 87; ALE's 2 km QSFP-40G-CLR named, 10 km modules among its
       alternatives, margin 500 m) ranks before it over OS1a (4 km informative, margin 2500 m) -- a
       network engineer lays OS2 for LR4. No multimode row is informative, so multimode options
       keep the margin order (a 70 m 25GBASE-SR harness over OM3 before a 30 m SFP-25G-SL one over
       OM4).
    9. The PMD with fewer fibers per link: at an equal reach a duplex optic before a parallel one
       (100GBASE-DR's two fibers before 100G PSM4's eight: one LC pair instead of an MPO trunk).
    10. At an equal reach, margin and fiber count, the PMD with fewer optical lanes: one wavelength
       before a WDM set (100GBASE-LR1 before 100GBASE-LR4 at 10 km, 100GBASE-FR1 before 100G-CWDM4
       at 2 km: one laser and receiver instead of four, the cheaper, lower-power optic), not the
       order of their names.
    11. At an equal reach and margin, the lower fiber grade: OM4 before OM5 (10GBASE-SR reaches 400 m
       over both; OM5 is the dearer fiber and buys nothing there).
    12. Between options still equal, the one whose parts the vendor of an end's device makes (NVIDIA's
       MCP4Y10 DAC between two SN5600s before another vendor's 2 m OSFP DAC), then the one naming
       fewer parts known only from secondary sources (a web shop's catalogue export), then the
       summary (stable order). Neither overrides an engineering step above: a part a secondary source
       alone backs is still offered, flagged ``secondaryOnly``.
    """

    def fibers(o: LinkOption) -> int:
        pmd = ctx.pmds.get(o.pmd or "")
        return pmd.fibers if pmd is not None else 0

    def lanes(o: LinkOption) -> int:
        pmd = ctx.pmds.get(o.pmd or "")
        return pmd.lanes if pmd is not None else 0

    def nominal_reach(o: LinkOption) -> float:
        pmd = ctx.pmds.get(o.pmd or "")
        return max((r.max_m for r in pmd.reach), default=0.0) if pmd is not None else 0.0

    def informative_grade(o: LinkOption) -> bool:
        pmd = ctx.pmds.get(o.pmd or "")
        grades = {f.fiber_type for f in o.link.fibers}
        return pmd is not None and any(r.informative for r in pmd.reach if r.fiber in grades)

    def part_length(o: LinkOption) -> float:
        link = o.link
        if link.cable is not None:
            return link.cable.length_m or 0.0
        return max((f.length_m for f in link.fibers), default=0.0)

    def key(o: LinkOption) -> tuple[object, ...]:
        codes = {f.code for f in o.verdict.findings}
        unverified = not _UNVERIFIED.isdisjoint(codes)
        return (
            unverified,
            "REACH_UNVERIFIED" in codes,
            unverified and _legacy_grade_unlisted(o),
            _discontinued_parts(o.link) > 0,
            _secondary_parts(o.link, ctx, foreign_only=True) > 0,
            not _EXTRA_PART.isdisjoint(codes),
            MEDIUM_ORDER.index(o.medium),
            _older_cage_parts(o.link, ctx) > 0,
            o.medium is MediumKind.MULTIMODE_FIBER and _long_wave(ctx.pmds.get(o.pmd or "")),
            nominal_reach(o),
            part_length(o),
            informative_grade(o),
            -(o.margin_m if o.margin_m is not None else -math.inf),
            fibers(o),
            lanes(o),
            tuple(sorted(f.fiber_type for f in o.link.fibers)),
            -_device_vendor_parts(o.link),
            _secondary_parts(o.link, ctx),
            o.summary,
        )

    ranked = sorted(options, key=key)
    return [_copied(o, {"rank": i + 1}) for i, o in enumerate(ranked)]


_TOP_STYLE_FORM_FACTORS = frozenset({"OSFP"})
"""The form factors whose cages and plugs come finned or flat-top (:class:`TopStyle`): OSFP only."""
_UNVERIFIED = frozenset({"REACH_UNVERIFIED", "RATE_UNVERIFIED", "BREAKOUT_UNVERIFIED", "HOST_LANES_UNVERIFIED"})
"""Warnings that the catalogue does not hold a fact the option rests on: it ranks after verified ones."""
_EXTRA_PART = frozenset({"MODE_CONDITIONING_CORD", "ATTENUATOR_REQUIRED"})
"""Warnings that the link needs a part the option does not list: a mode-conditioning patch cord at
each end, an optical attenuator at each receiver (:func:`_rank` step 3)."""
_LEGACY_GRADES = frozenset({"OM1", "OM2"})


def _legacy_grade_unlisted(o: LinkOption) -> bool:
    """True for an option over OM1 or OM2 whose PMD no source lists over that grade (REACH_UNVERIFIED
    over it): no source supports it, so it ranks after the unverified options over better grades."""
    return any(f.fiber_type in _LEGACY_GRADES for f in o.link.fibers) and any(
        f.code == "REACH_UNVERIFIED" for f in o.verdict.findings
    )


def _long_wave(pmd: Pmd | None) -> bool:
    """True for a PMD whose (first) wavelength is above 1000 nm (1310 nm LRM/LX, not 850 nm SR);
    False when the wavelength is not a number (\"not stated in the source\")."""
    if pmd is None:
        return False
    first = re.match(r"\s*(\d+(?:\.\d+)?)", pmd.wavelength_nm)
    return first is not None and float(first.group(1)) > 1000
