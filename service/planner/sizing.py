"""Closed-form fat-tree sizing: from a :class:`PlanSpec` to a :class:`Plan`, with no per-link loop.

Two tiers (folded Clos, radix k, leaf split d down / u up ports, L leaves)::

        spine 1 … spine S          S = smallest divisor of U ≥ ceil(L·U / (k·legs))
          │ \\   / │                every leaf has U/S links to every spine
        leaf 1 … leaf L            D = d·legs endpoint links, U = u·legs uplinks per leaf
        ││││     ││││
        endpoints (D per leaf)

Three tiers (pods; h = k/2 · legs spine down-links = spine up-links)::

        core group 1 … core group U        each group: c cores, c = smallest divisor of h
           │              │                            with c·k·legs ≥ pods·h
        pod 1: U spines x h leaves  …  pod P           spine q of every pod → core group q
        (one link per leaf-spine pair)

At 1:1 without splits this is the k-ary fat tree of Al-Fares et al. (SIGCOMM 2008): k pods,
k³/4 hosts, k²/2 leaves, k²/2 spines, k²/4 cores (5k²/4 switches); for N endpoints N/(k/2)
leaves and spines and N/k cores. At r:1 the leaf split becomes d = k·r/(r+1), u = k/(r+1) in
bandwidth (rounded so the achieved ratio never exceeds r).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from service.planner.errors import (
    InvalidSpecError,
    OversubscriptionNotBuildableError,
    RadixTooSmallError,
    TooManyEndpointsError,
    UnsupportedSplitError,
)
from service.planner.models import (
    BreakoutPolicy,
    FabricGeometry,
    FabricLimits,
    LeafLoad,
    LeafPortSplit,
    LinkCounts,
    LinkKind,
    LinkRequirement,
    LinkTier,
    PlacementClass,
    Plan,
    PlanSpec,
    PlanWarning,
    PortUsage,
    SplitMode,
    SwitchCounts,
    SwitchLoad,
    SwitchSpec,
    SwitchTier,
    WarningCode,
)

__all__ = [
    "buildable_ratios",
    "exact_ratio",
    "leaf_down_links",
    "leaf_for_node_port",
    "leaf_port_split",
    "plan_fat_tree",
    "smallest_divisor_at_least",
]


def smallest_divisor_at_least(n: int, lower: int) -> int:
    """Return the smallest divisor of ``n`` that is ≥ ``lower``.

    Used for spine counts (divisors of a leaf's uplinks) and core groups (divisors of a spine's
    uplinks) so every pair carries the same number of links.

    Args:
        n: A positive integer (links per switch).
        lower: The minimum acceptable divisor (switches needed for ports); ≤ n.

    Returns:
        The divisor, between max(lower, 1) and n.

    Raises:
        ValueError: ``n`` < 1 or ``lower`` > ``n``.

    Example:
        >>> smallest_divisor_at_least(32, 12)
        16
    """
    if n < 1 or lower > n:
        raise ValueError(f"no divisor of {n} is ≥ {lower}")
    best = n
    for small in range(1, math.isqrt(n) + 1):
        if n % small == 0:
            for divisor in (small, n // small):
                if lower <= divisor < best:
                    best = divisor
    return best


def exact_ratio(ratio: float) -> Fraction:
    """The ratio as an exact fraction: ``parse_oversubscription`` gives a float, and the fraction
    closest to it with a denominator of at most 10,000 is the one the caller wrote ("4.714" →
    2357/500, "33:7" → 33/7)."""
    return Fraction(ratio).limit_denominator(10_000)


def _ratio_text(ratio: Fraction) -> str:
    return f"{ratio.numerator}:{ratio.denominator}"


def buildable_ratios(
    radix: int, *, down_port_gbps: float, up_port_gbps: float, ports_per_cage: int = 1
) -> list[Fraction]:
    """Every leaf oversubscription (down:up bandwidth, ≥ 1) a split of ``radix`` ports can give.

    Args:
        radix: Logical ports available for the fabric.
        down_port_gbps: Bandwidth of one down-port (Gb/s).
        up_port_gbps: Bandwidth of one up-port (Gb/s).
        ports_per_cage: Up-ports come in whole cages.

    Returns:
        The distinct ratios d·down / (u·up) with d ≥ 1, u ≥ 1 (a multiple of ports_per_cage),
        d + u ≤ radix, sorted ascending. O(radix²).
    """
    down_bw = Fraction(down_port_gbps)
    up_bw = Fraction(up_port_gbps)
    ratios = {
        Fraction(down) * down_bw / (Fraction(up) * up_bw)
        for up in range(ports_per_cage, radix, ports_per_cage)
        for down in range(1, radix - up + 1)
    }
    return sorted(r for r in ratios if r >= 1)


def _nearest_ratios(
    radix: int, r: Fraction, down_bw: Fraction, up_bw: Fraction, ports_per_cage: int
) -> tuple[Fraction | None, Fraction | None]:
    """The buildable ratios (≥ 1) closest to r below and above it, in O(radix): for each up-port
    count u only the down-port counts on either side of r·u·up/down (or the ends of 1 … radix − u)
    can be nearest."""
    below: Fraction | None = None
    above: Fraction | None = None
    for up in range(ports_per_cage, radix, ports_per_cage):
        exact = r * up * up_bw / down_bw
        near = {math.ceil(exact) - 1, math.floor(exact), math.ceil(exact), math.floor(exact) + 1}
        for down in near | {1, radix - up}:  # the ends matter when r·u·up/down falls outside 1 … radix − u
            if not 1 <= down <= radix - up:
                continue
            ratio = Fraction(down) * down_bw / (Fraction(up) * up_bw)
            if 1 <= ratio < r and (below is None or ratio > below):
                below = ratio
            elif ratio > r and (above is None or ratio < above):
                above = ratio
    return below, above


def leaf_port_split(
    radix: int,
    ratio: float,
    *,
    down_port_gbps: float,
    up_port_gbps: float,
    ports_per_cage: int = 1,
) -> tuple[int, int]:
    """Divide a leaf's ports into down- and up-ports for exactly a bandwidth oversubscription.

    Args:
        radix: Logical ports available for the fabric (radix minus reserved ports).
        ratio: Oversubscription r = down / up bandwidth, ≥ 1 (read exactly, see :func:`exact_ratio`).
        down_port_gbps: Bandwidth of one down-port (legs x leg speed when split), Gb/s.
        up_port_gbps: Bandwidth of one up-port, Gb/s.
        ports_per_cage: Logical ports per cage; up-ports are whole cages so a twin-port module
            never serves a down- and an up-link.

    Returns:
        ``(down, up)`` ports with down·down_bw = r·up·up_bw exactly, using as many ports as that
        allows (the rest stay free). Equal port speeds and one port per cage: d = k·r/(r+1),
        u = k/(r+1) when those are whole.

    Raises:
        OversubscriptionNotBuildableError: No split gives exactly r; the error names the nearest
            ratios below and above that this radix can build.
        RadixTooSmallError: Fewer than two ports, so no down- and up-port at all.

    Example:
        >>> leaf_port_split(36, 2.0, down_port_gbps=100, up_port_gbps=100)
        (24, 12)
    """
    if radix < 1 + ports_per_cage:
        raise RadixTooSmallError(
            f"{radix} fabric ports leave no room for one down-port and one up-port cage", radix=radix
        )
    r = exact_ratio(ratio)
    down_bw = Fraction(down_port_gbps)
    up_bw = Fraction(up_port_gbps)
    best: tuple[int, int] | None = None
    for up in range(ports_per_cage, radix, ports_per_cage):
        down = r * up * up_bw / down_bw
        if down.denominator == 1 and down >= 1 and int(down) + up <= radix:
            best = (int(down), up)
    if best is not None:
        return best
    below, above = _nearest_ratios(radix, r, down_bw, up_bw, ports_per_cage)
    nearest = tuple(_ratio_text(q) for q in (below, above) if q is not None)
    raise OversubscriptionNotBuildableError(
        f"no split of {radix} leaf ports ({down_port_gbps:g} Gb/s down, {up_port_gbps:g} Gb/s up) gives "
        f"exactly {_ratio_text(r)} ({float(r):g}:1); nearest buildable: "
        + (", ".join(f"{label} ({float(Fraction(label.replace(':', '/'))):.5g}:1)" for label in nearest) or "none"),
        requested=_ratio_text(r),
        nearest=nearest,
    )


@dataclass(frozen=True, slots=True)
class _Splits:
    mode: SplitMode | None
    node_legs: int
    node_split: str | None
    node_speed: float
    inter_legs: int
    inter_split: str | None
    inter_speed: float
    endpoint_slower: bool


def _find_split(switch: SwitchSpec, policy: BreakoutPolicy, endpoint_speed: float) -> SplitMode | None:
    listed = ", ".join(f"{m.name} ({m.legs}x{m.leg_speed_gbps:g})" for m in switch.split_modes) or "none"
    if policy.mode is not None:
        for mode in switch.split_modes:
            if mode.name == policy.mode:
                return mode
        raise UnsupportedSplitError(
            f"switch {switch.model!r} does not support split {policy.mode!r}; it lists: {listed}",
            requested=policy.mode,
            supported=tuple(mode.name for mode in switch.split_modes),
        )
    if endpoint_speed < switch.port_speed_gbps and LinkTier.NODE_LEAF in policy.tiers:
        for mode in switch.split_modes:
            if mode.leg_speed_gbps == endpoint_speed:
                return mode
        raise UnsupportedSplitError(
            f"switch {switch.model!r} has no split giving {endpoint_speed:g} Gb/s legs from its "
            f"{switch.port_speed_gbps:g} Gb/s ports; it lists: {listed}",
            requested=f"{endpoint_speed:g} Gb/s legs",
            supported=tuple(mode.name for mode in switch.split_modes),
        )
    return None


def _resolve_splits(spec: PlanSpec) -> _Splits:
    switch = spec.switch
    policy = spec.breakout
    port = switch.port_speed_gbps
    endpoint_speed = spec.endpoint_speed_gbps if spec.endpoint_speed_gbps is not None else port
    mode = _find_split(switch, policy, endpoint_speed)
    node_legs, node_split, node_speed = 1, None, endpoint_speed
    if mode is not None and LinkTier.NODE_LEAF in policy.tiers:
        if spec.endpoint_speed_gbps is not None and spec.endpoint_speed_gbps != mode.leg_speed_gbps:
            raise InvalidSpecError(
                f"endpoint speed {spec.endpoint_speed_gbps:g} Gb/s does not match split "
                f"{mode.name!r} legs of {mode.leg_speed_gbps:g} Gb/s"
            )
        node_legs, node_split, node_speed = mode.legs, mode.name, mode.leg_speed_gbps
    inter_legs, inter_split, inter_speed = 1, None, port
    if mode is not None and LinkTier.LEAF_SPINE in policy.tiers:
        inter_legs, inter_split, inter_speed = mode.legs, mode.name, mode.leg_speed_gbps
    return _Splits(
        mode=mode,
        node_legs=node_legs,
        node_split=node_split,
        node_speed=node_speed,
        inter_legs=inter_legs,
        inter_split=inter_split,
        inter_speed=inter_speed,
        endpoint_slower=node_split is None and node_speed < port,
    )


@dataclass(frozen=True, slots=True)
class _Grid:
    """Leaf numbering over scalable units, rail groups and lanes (see :class:`FabricGeometry`)."""

    nodes: int
    nics: int
    rail_optimized: bool
    slots_per_su: int
    units_per_su: int
    lanes: int
    leaves_per_su: int
    down_links: int

    def locate(self, slot: int, nic: int) -> tuple[int, int]:
        su, local = divmod(slot, self.slots_per_su)
        if self.rail_optimized:
            rail, unit = nic, local
        else:
            rail, unit = 0, local * self.nics + nic
        lane, position = divmod(unit, self.down_links)
        return su * self.leaves_per_su + rail * self.lanes + lane, position

    def occupied_units(self, su: int) -> int:
        nodes_in_su = min(max(self.nodes - su * self.slots_per_su, 0), self.slots_per_su)
        return nodes_in_su if self.rail_optimized else nodes_in_su * self.nics

    def occupancy(self, leaf: int) -> int:
        su, rest = divmod(leaf, self.leaves_per_su)
        lane = rest % self.lanes
        capacity = min(self.down_links, self.units_per_su - lane * self.down_links)
        return min(max(self.occupied_units(su) - lane * self.down_links, 0), capacity)

    def lane_loads(self, occupied: int) -> Counter[int]:
        """Count lanes (leaves of one rail group in one SU) by compute links, for ``occupied`` units."""
        loads: Counter[int] = Counter()
        if occupied >= self.units_per_su:
            loads[self.down_links] += self.lanes - 1
            loads[self.units_per_su - (self.lanes - 1) * self.down_links] += 1
            return loads
        full, rest = divmod(occupied, self.down_links)
        loads[self.down_links] += full
        if rest:
            loads[rest] += 1
        loads[0] += self.lanes - full - (1 if rest else 0)
        return loads


def _grid(spec: PlanSpec, down_links: int) -> tuple[_Grid, int]:
    nodes = spec.node_count
    nics = spec.nics_per_node
    reserved_slots = spec.fabric_manager.node_slots if spec.fabric_manager else 0
    slots = nodes + reserved_slots
    if spec.nodes_per_su is None:
        slots_per_su, su_count = slots, 1
    else:
        slots_per_su = spec.nodes_per_su
        needed = math.ceil(slots / slots_per_su)
        su_count = spec.su_count if spec.su_count is not None else needed
        if su_count < needed:
            raise InvalidSpecError(
                f"{slots} node slots ({nodes} nodes + {reserved_slots} fabric-manager) need "
                f"{needed} scalable units of {slots_per_su}; su_count is {su_count}"
            )
    units_per_su = slots_per_su if spec.rail_optimized else slots_per_su * nics
    lanes = math.ceil(units_per_su / down_links)
    rail_groups = nics if spec.rail_optimized else 1
    grid = _Grid(
        nodes=nodes,
        nics=nics,
        rail_optimized=spec.rail_optimized,
        slots_per_su=slots_per_su,
        units_per_su=units_per_su,
        lanes=lanes,
        leaves_per_su=rail_groups * lanes,
        down_links=down_links,
    )
    return grid, su_count


def _leaf_loads(spec: PlanSpec, grid: _Grid, su_count: int) -> tuple[LeafLoad, ...]:
    # Step 1: SUs fall into three classes (full, the one partly filled, empty); every rail group
    # of an SU has the same lane loads, so the counts multiply out without visiting leaves.
    rail_groups = grid.leaves_per_su // grid.lanes
    full_sus = min(grid.nodes // grid.slots_per_su, su_count)
    rest_nodes = grid.nodes - full_sus * grid.slots_per_su
    classes = [(full_sus, grid.occupied_units(0))] if full_sus else []
    if rest_nodes:
        classes.append((1, grid.occupied_units(full_sus)))
    empty = su_count - full_sus - (1 if rest_nodes else 0)
    if empty:
        classes.append((empty, 0))
    loads: Counter[tuple[int, int]] = Counter()
    for su_in_class, occupied in classes:
        for links, lanes in grid.lane_loads(occupied).items():
            loads[(links, 0)] += lanes * rail_groups * su_in_class
    # Step 2: the fabric-manager ports move a handful of leaves to their own groups.
    manager = spec.fabric_manager
    if manager is not None:
        per_leaf: Counter[int] = Counter()
        for port in range(manager.ports):
            slot, nic = divmod(port, grid.nics)
            leaf, _ = grid.locate(grid.nodes + slot, nic)
            per_leaf[leaf] += 1
        for leaf, ports in per_leaf.items():
            compute = grid.occupancy(leaf)
            loads[(compute, 0)] -= 1
            loads[(compute, ports)] += 1
    return tuple(
        LeafLoad(count=count, endpoint_links=links, manager_links=manager_links)
        for (links, manager_links), count in sorted(loads.items(), reverse=True)
        if count
    )


def _plan_grid(plan: Plan) -> _Grid:
    geometry = plan.geometry
    return _Grid(
        nodes=plan.nodes,
        nics=plan.spec.nics_per_node,
        rail_optimized=plan.spec.rail_optimized,
        slots_per_su=geometry.node_slots_per_su,
        units_per_su=geometry.units_per_su,
        lanes=geometry.lanes_per_rail,
        leaves_per_su=geometry.leaves_per_su,
        down_links=plan.leaf_port_split.down_links,
    )


def leaf_for_node_port(plan: Plan, slot: int, nic: int) -> tuple[int, int]:
    """Return where a node NIC (or fabric-manager port) lands on the leaves.

    Args:
        plan: A plan from :func:`plan_fat_tree`.
        slot: Node slot, 0-based; compute nodes first, then the fabric-manager slots.
        nic: NIC position in the node, 0-based (the rail when rail-optimised).

    Returns:
        ``(leaf, down_link)``: 0-based leaf index and 0-based down-link position on that leaf
        (port = down_link // legs, leg = down_link % legs).
    """
    return _plan_grid(plan).locate(slot, nic)


def leaf_down_links(plan: Plan, leaf: int) -> tuple[int, int]:
    """Return the down-links in use on one leaf: ``(compute links, fabric-manager links)``.

    Args:
        plan: A plan from :func:`plan_fat_tree`.
        leaf: 0-based leaf index.

    Returns:
        Compute and fabric-manager links on that leaf (O(fabric-manager ports)).
    """
    grid = _plan_grid(plan)
    nics = plan.spec.nics_per_node
    manager = sum(
        1 for port in range(plan.links.manager_leaf) if grid.locate(plan.nodes + port // nics, port % nics)[0] == leaf
    )
    return grid.occupancy(leaf), manager


def _ports(links: int, legs: int) -> int:
    return -(-links // legs)


def _usage(
    tier: SwitchTier,
    switch: SwitchSpec,
    groups: list[tuple[int, int, int]],
    reserved_per_switch: int = 0,
) -> PortUsage:
    """Port usage from (switches, down-ports, up-ports) groups; down and up never share a cage."""
    per_cage = switch.ports_per_cage
    switches = sum(count for count, _, _ in groups)
    used = sum(count * (down + up) for count, down, up in groups)
    cages = sum(count * (_ports(down, per_cage) + _ports(up, per_cage)) for count, down, up in groups)
    available = switches * switch.radix
    reserved = switches * reserved_per_switch
    return PortUsage(
        tier=tier,
        switches=switches,
        available=available,
        used=used,
        reserved=reserved,
        free=available - used - reserved,
        cages_used=cages,
    )


def _ratio_label(ratio: Fraction) -> str:
    return f"{ratio.numerator}:{ratio.denominator}"


@dataclass(frozen=True, slots=True)
class _Upper:
    """Spine and core layers above the leaves."""

    pods: int
    spines: int
    cores: int
    per_pair: int
    core_pair: int
    leaves_per_pod: int
    spines_per_pod: int
    cores_per_group: int
    spine_loads: tuple[SwitchLoad, ...]
    core_loads: tuple[SwitchLoad, ...]
    spine_core: int
    leaves_addable: int
    warnings: tuple[PlanWarning, ...]


def _two_tier(leaves: int, uplinks: int, switch_links: int, bundle: int | None = None) -> _Upper:
    """Spines: the smallest divisor of U with ports for every uplink (L·U ≤ S·k·legs); with a
    bundle of b links per pair, S = U / b."""
    min_spines = math.ceil(leaves * uplinks / switch_links)
    if bundle is not None:
        spines = uplinks // bundle
        if leaves * bundle > switch_links:
            raise InvalidSpecError(
                f"{leaves} leaves x {bundle} links per leaf-spine pair need {leaves * bundle} spine ports; a "
                f"spine has {switch_links} (fewer links per pair, or three tiers)"
            )
    else:
        spines = smallest_divisor_at_least(uplinks, min_spines)
    per_pair = uplinks // spines
    warnings = []
    if spines > min_spines and bundle is None:
        warnings.append(
            PlanWarning(
                code=WarningCode.SPINES_ROUNDED_FOR_EVEN_UPLINKS,
                message=(
                    f"{spines} spines instead of the minimum {min_spines}, so each leaf has "
                    f"{per_pair} links to every spine ({uplinks} uplinks per leaf)"
                ),
            )
        )
    if leaves == 1:
        warnings.append(
            PlanWarning(
                code=WarningCode.SINGLE_LEAF,
                message="one leaf holds every endpoint; the spine tier is not needed for reach",
            )
        )
    return _Upper(
        pods=1,
        spines=spines,
        cores=0,
        per_pair=per_pair,
        core_pair=0,
        leaves_per_pod=leaves,
        spines_per_pod=spines,
        cores_per_group=0,
        spine_loads=(SwitchLoad(count=spines, down_links=leaves * per_pair, up_links=0),),
        core_loads=(),
        spine_core=0,
        leaves_addable=switch_links // per_pair,
        warnings=tuple(warnings),
    )


def _three_tier(leaves: int, uplinks: int, switch_links: int, half: int, bundle: int = 1) -> _Upper:
    """Pods of h/b leaves and U/b spines (b links per leaf-spine pair, 1 by default); core groups
    sized like spines."""
    leaves_per_pod = half // bundle
    spines_per_pod = uplinks // bundle
    pods = math.ceil(leaves / leaves_per_pod)
    spines = pods * spines_per_pod
    min_cores = math.ceil(pods * half / switch_links)
    cores_per_group = smallest_divisor_at_least(half, min_cores)
    core_pair = half // cores_per_group
    cores = spines_per_pod * cores_per_group
    last_pod = leaves - (pods - 1) * leaves_per_pod
    warnings = []
    if cores_per_group > min_cores:
        warnings.append(
            PlanWarning(
                code=WarningCode.CORES_ROUNDED_FOR_EVEN_UPLINKS,
                message=(
                    f"{cores_per_group} cores per spine position instead of the minimum {min_cores}, "
                    f"so each spine has {core_pair} links to every core of its group"
                ),
            )
        )
    if last_pod < leaves_per_pod:
        warnings.append(
            PlanWarning(
                code=WarningCode.POD_NOT_FULL,
                message=(
                    f"pod {pods} has {last_pod} of {leaves_per_pod} leaves; its spines and core links are built "
                    "for the whole pod"
                ),
            )
        )
    if pods == 1:
        warnings.append(
            PlanWarning(
                code=WarningCode.SINGLE_POD,
                message="one pod: the core tier carries no inter-pod traffic; two tiers would do",
            )
        )
    by_down: Counter[int] = Counter({leaves_per_pod * bundle: spines_per_pod * (pods - 1)})
    by_down[last_pod * bundle] += spines_per_pod
    return _Upper(
        pods=pods,
        spines=spines,
        cores=cores,
        per_pair=bundle,
        core_pair=core_pair,
        leaves_per_pod=leaves_per_pod,
        spines_per_pod=spines_per_pod,
        cores_per_group=cores_per_group,
        spine_loads=tuple(
            SwitchLoad(count=count, down_links=down, up_links=half)
            for down, count in sorted(by_down.items(), reverse=True)
            if count
        ),
        core_loads=(SwitchLoad(count=cores, down_links=pods * core_pair, up_links=0),),
        spine_core=spines * half,
        leaves_addable=pods * leaves_per_pod,
        warnings=tuple(warnings),
    )


def _link_requirements(spec: PlanSpec, links: LinkCounts, splits: _Splits) -> tuple[LinkRequirement, ...]:
    """One requirement per link tier with links, for the media component (``linkOptions``)."""
    node = (LinkKind.NODE_TO_SWITCH, splits.node_speed, splits.node_legs, splits.node_split)
    inter = (LinkKind.SWITCH_TO_SWITCH, splits.inter_speed, splits.inter_legs, splits.inter_split)
    tiers = [
        (LinkTier.NODE_LEAF, links.node_leaf, ("node", "leaf"), node),
        (LinkTier.MANAGER_LEAF, links.manager_leaf, ("fabric_manager", "leaf"), node),
        (LinkTier.LEAF_SPINE, links.leaf_spine, ("leaf", "spine"), inter),
        (LinkTier.SPINE_CORE, links.spine_core, ("spine", "core"), inter),
    ]
    requirements = []
    for tier, count, (a_end, b_end), (kind, speed, legs, split) in tiers:
        if not count:
            continue
        placement = spec.layout.placement(tier)
        requirements.append(
            LinkRequirement(
                tier=tier,
                kind=kind,
                count=count,
                speed_gbps=speed,
                a_end=a_end,
                b_end=b_end,
                switch_port_speed_gbps=spec.switch.port_speed_gbps,
                split_mode=split,
                legs_per_switch_port=legs,
                distance_m=spec.layout.distance_m(tier),
                placement=placement if isinstance(placement, PlacementClass) else None,
            )
        )
    return tuple(requirements)


def plan_fat_tree(spec: PlanSpec) -> Plan:
    """Size a fat tree for a spec, in closed form.

    Args:
        spec: Endpoints or nodes x NICs, the switch, oversubscription, tiers, split policy,
            scalable units, reservations and layout.

    Returns:
        The plan: switches, pods, links per tier and per pair, ports and cages, bisection
        (Gb/s per direction), limits, link requirements for the media, warnings.

    Raises:
        TooManyEndpointsError: More endpoints than the allowed tiers can take (the limit is in
            the message and in ``limit``).
        UnsupportedSplitError: The needed split is not listed for the switch, or a three-tier
            policy splits leaf-spine and spine-core differently.
        RadixTooSmallError: The ports left after reservation cannot be split down and up.
        InvalidSpecError: Inconsistent values (e.g. fewer scalable units than node slots need).

    Example:
        >>> from service.planner.models import SwitchSpec
        >>> switch = SwitchSpec(model="36-port EDR", radix=36, port_speed_gbps=100)
        >>> plan = plan_fat_tree(PlanSpec(endpoints=648, switch=switch, tiers=2))
        >>> (plan.switches.leaf, plan.switches.spine, plan.bisection_gbps_per_direction)
        (36, 18, 32400.0)
    """
    if spec.planes > 1:
        return _planes(spec)
    switch = spec.switch
    k = switch.radix
    warnings: list[PlanWarning] = []

    # Step 1: splits and link speeds.
    splits = _resolve_splits(spec)
    if splits.endpoint_slower:
        warnings.append(
            PlanWarning(
                code=WarningCode.ENDPOINT_SLOWER_THAN_PORT,
                message=(
                    f"endpoints run at {splits.node_speed:g} Gb/s on unsplit {switch.port_speed_gbps:g} Gb/s leaf ports"
                ),
            )
        )

    # Step 2: the leaf's down/up split (bandwidth ratio), in ports and in links.
    fabric_ports = k - spec.reserved_ports_per_leaf
    down_ports, up_ports = leaf_port_split(
        fabric_ports,
        spec.oversubscription,
        down_port_gbps=splits.node_legs * splits.node_speed,
        up_port_gbps=splits.inter_legs * splits.inter_speed,
        ports_per_cage=switch.ports_per_cage,
    )
    down_links = down_ports * splits.node_legs  # D
    uplinks = up_ports * splits.inter_legs  # U
    achieved = (
        Fraction(down_ports * splits.node_legs)
        * Fraction(splits.node_speed)
        / (Fraction(up_ports * splits.inter_legs) * Fraction(splits.inter_speed))
    )

    # Step 3: leaves from scalable-unit geometry (whole SUs, rails never mixed).
    grid, su_count = _grid(spec, down_links)
    leaves = su_count * grid.leaves_per_su

    # Step 4: tiers. A switch carries k·legs inter-switch links: two tiers take at most k·legs
    # leaves (S ≤ U spines), three tiers k·legs pods of h leaves.
    switch_links = k * splits.inter_legs
    half = (k // 2) * splits.inter_legs  # h: spine down-links = up-links in three tiers
    bundle = spec.uplinks_per_pair
    if bundle is not None and uplinks % bundle:
        raise InvalidSpecError(f"{bundle} links per leaf-spine pair do not divide the leaf's {uplinks} uplinks evenly")
    manager_links = spec.fabric_manager.ports if spec.fabric_manager else 0
    one_switch_links = fabric_ports * splits.node_legs
    limits = FabricLimits(
        one_tier_max_endpoints=one_switch_links,
        two_tier_max_endpoints=(switch_links // (bundle or 1)) * down_links,
        three_tier_max_endpoints=switch_links * (half // (bundle or 1)) * down_links,
    )
    max_leaves = {1: 1, 2: switch_links // (bundle or 1), 3: switch_links * (half // (bundle or 1))}
    # One switch serves the fabric when every link fits its ports and nothing asks for several
    # leaves (rails on their own leaves, whole scalable units).
    single_allowed = not (spec.rail_optimized and spec.nics_per_node > 1) and spec.nodes_per_su is None
    fits_one = spec.endpoint_count + manager_links <= one_switch_links
    if spec.tiers is not None:
        tiers = spec.tiers
    elif single_allowed and fits_one and bundle is None:
        tiers = 1
    else:
        tiers = 2 if leaves <= max_leaves[2] else 3
    if tiers == 1:
        if not single_allowed:
            raise InvalidSpecError(
                "one tier is one switch: it cannot keep rails on their own leaves or build whole scalable units"
            )
        if not fits_one:
            raise TooManyEndpointsError(
                f"{spec.endpoint_count + manager_links} endpoint and fabric-manager links do not fit one "
                f"{switch.model!r} ({one_switch_links} links on {fabric_ports} ports)",
                limit=one_switch_links,
                tiers=1,
                endpoints=spec.endpoint_count,
            )
        return _single_switch(spec, splits, fabric_ports, limits, warnings)
    if leaves > max_leaves[tiers]:
        limit = limits.two_tier_max_endpoints if tiers == 2 else limits.three_tier_max_endpoints
        raise TooManyEndpointsError(
            f"{spec.endpoint_count} endpoints need {leaves} leaves of {down_links} down-links; "
            f"{tiers} tiers of {switch.model!r} (radix {k}, {_ratio_label(achieved)}) take at most "
            f"{max_leaves[tiers]} leaves = {limit} endpoints",
            limit=limit,
            tiers=tiers,
            endpoints=spec.endpoint_count,
        )
    if tiers == 3 and bundle is not None and half % bundle:
        raise InvalidSpecError(
            f"{bundle} links per leaf-spine pair do not divide a three-tier spine's {half} down-links evenly"
        )
    if tiers == 3 and (k // 2) % switch.ports_per_cage:
        raise InvalidSpecError(
            f"three tiers need spines with k/2 = {k // 2} ports each way in whole cages of {switch.ports_per_cage}"
        )
    policy_tiers = spec.breakout.tiers
    if (
        tiers == 3
        and splits.mode is not None
        and (LinkTier.LEAF_SPINE in policy_tiers) != (LinkTier.SPINE_CORE in policy_tiers)
    ):
        raise UnsupportedSplitError(
            "in three tiers leaf_spine and spine_core must be split together (spines are "
            "non-blocking: as many up-links as down-links)"
        )

    # Step 5: spines (and cores), per pair link counts.
    upper = (
        _two_tier(leaves, uplinks, switch_links, bundle)
        if tiers == 2
        else _three_tier(leaves, uplinks, switch_links, half, bundle or 1)
    )
    warnings.extend(upper.warnings)

    # Step 6: leaf loads, ports and cages per tier.
    leaf_loads = _leaf_loads(spec, grid, su_count)
    leaf_usage = _usage(
        SwitchTier.LEAF,
        switch,
        [
            (
                load.count,
                _ports(load.endpoint_links + load.manager_links, splits.node_legs),
                up_ports,
            )
            for load in leaf_loads
        ],
        spec.reserved_ports_per_leaf,
    )
    spine_usage = _usage(
        SwitchTier.SPINE,
        switch,
        [
            (
                load.count,
                _ports(load.down_links, splits.inter_legs),
                _ports(load.up_links, splits.inter_legs),
            )
            for load in upper.spine_loads
        ],
    )
    usages = [leaf_usage, spine_usage]
    if upper.core_loads:
        usages.append(
            _usage(
                SwitchTier.CORE,
                switch,
                [(load.count, _ports(load.down_links, splits.inter_legs), 0) for load in upper.core_loads],
            )
        )

    # Step 7: links, bisection, capacity.
    links = LinkCounts(
        node_leaf=spec.endpoint_count,
        manager_leaf=manager_links,
        leaf_spine=leaves * uplinks,
        spine_core=upper.spine_core,
    )
    narrowest = links.leaf_spine if tiers == 2 else min(links.leaf_spine, links.spine_core)
    bisection = narrowest * splits.inter_speed / 2
    max_endpoints = leaves * down_links
    max_adding_leaves = upper.leaves_addable * down_links
    unused = max_endpoints - links.leaf_down
    if unused:
        warnings.append(
            PlanWarning(
                code=WarningCode.DESIGN_NOT_FULL,
                message=(f"{unused} of {max_endpoints} leaf down-links are unused ({links.leaf_down} in use)"),
            )
        )
    if max_adding_leaves > max_endpoints:
        warnings.append(
            PlanWarning(
                code=WarningCode.GROWTH_HEADROOM,
                message=(
                    f"the {'spines' if tiers == 2 else 'pods, spines and cores'} can serve "
                    f"{upper.leaves_addable - leaves} more leaves ({max_adding_leaves - max_endpoints} more "
                    "endpoints) without new spines or re-cabling"
                ),
            )
        )

    geometry = FabricGeometry(
        su_count=su_count,
        node_slots_per_su=grid.slots_per_su,
        rail_groups=grid.leaves_per_su // grid.lanes,
        units_per_su=grid.units_per_su,
        lanes_per_rail=grid.lanes,
        leaves_per_su=grid.leaves_per_su,
        node_leaf_legs=splits.node_legs,
        node_leaf_split=splits.node_split,
        inter_switch_legs=splits.inter_legs,
        inter_switch_split=splits.inter_split,
        node_leaf_speed_gbps=splits.node_speed,
        inter_switch_speed_gbps=splits.inter_speed,
        leaves_per_pod=upper.leaves_per_pod,
        spines_per_pod=upper.spines_per_pod,
        cores_per_group=upper.cores_per_group,
        leaf_loads=leaf_loads,
        spine_loads=upper.spine_loads,
        core_loads=upper.core_loads,
    )
    return Plan(
        spec=spec,
        tiers=tiers,
        pods=upper.pods,
        switches=SwitchCounts(leaf=leaves, spine=upper.spines, core=upper.cores),
        leaf_port_split=LeafPortSplit(
            down=down_ports,
            up=up_ports,
            reserved=spec.reserved_ports_per_leaf,
            down_links=down_links,
            up_links=uplinks,
        ),
        links=links,
        links_per_leaf_spine_pair=upper.per_pair,
        links_per_spine_core_pair=upper.core_pair,
        ports=tuple(usages),
        switch_cages_used=sum(usage.cages_used for usage in usages),
        nodes=spec.node_count,
        endpoints=spec.endpoint_count,
        endpoint_speed_gbps=splits.node_speed,
        max_endpoints=max_endpoints,
        max_endpoints_adding_leaves=max_adding_leaves,
        limits=limits,
        bisection_gbps_per_direction=bisection,
        oversubscription_achieved=float(achieved),
        oversubscription_label=_ratio_label(achieved),
        link_requirements=_link_requirements(spec, links, splits),
        geometry=geometry,
        warnings=tuple(warnings),
    )


def _single_switch(
    spec: PlanSpec, splits: _Splits, fabric_ports: int, limits: FabricLimits, warnings: list[PlanWarning]
) -> Plan:
    """One switch (counted as one leaf) holds every endpoint: no spine tier, no uplinks.

    A single switch is non-blocking, so its bisection is half the bandwidth of the links in use
    (per direction) and the oversubscription is 1:1 whatever was asked.
    """
    switch = spec.switch
    manager_links = spec.fabric_manager.ports if spec.fabric_manager else 0
    in_use = spec.endpoint_count + manager_links
    down_links = fabric_ports * splits.node_legs
    ports_used = _ports(in_use, splits.node_legs)
    warnings.append(
        PlanWarning(
            code=WarningCode.SINGLE_SWITCH,
            message=(
                f"{in_use} endpoint links fit one {switch.radix}-port switch ({down_links} links): no spine "
                "tier, non-blocking"
                + (
                    f"; the {spec.oversubscription:g}:1 oversubscription asked for does not apply"
                    if spec.oversubscription != 1
                    else ""
                )
            ),
        )
    )
    if in_use < down_links:
        warnings.append(
            PlanWarning(
                code=WarningCode.DESIGN_NOT_FULL,
                message=f"{down_links - in_use} of {down_links} switch down-links are unused ({in_use} in use)",
            )
        )
    slots = spec.node_count + (spec.fabric_manager.node_slots if spec.fabric_manager else 0)
    links = LinkCounts(node_leaf=spec.endpoint_count, manager_leaf=manager_links, leaf_spine=0, spine_core=0)
    usage = _usage(SwitchTier.LEAF, switch, [(1, ports_used, 0)], spec.reserved_ports_per_leaf)
    geometry = FabricGeometry(
        su_count=1,
        node_slots_per_su=slots,
        rail_groups=1,
        units_per_su=slots * spec.nics_per_node,
        lanes_per_rail=1,
        leaves_per_su=1,
        node_leaf_legs=splits.node_legs,
        node_leaf_split=splits.node_split,
        inter_switch_legs=splits.inter_legs,
        inter_switch_split=splits.inter_split,
        node_leaf_speed_gbps=splits.node_speed,
        inter_switch_speed_gbps=splits.inter_speed,
        leaves_per_pod=1,
        spines_per_pod=0,
        cores_per_group=0,
        leaf_loads=(LeafLoad(count=1, endpoint_links=spec.endpoint_count, manager_links=manager_links),),
        spine_loads=(),
        core_loads=(),
    )
    return Plan(
        spec=spec,
        tiers=1,
        pods=1,
        switches=SwitchCounts(leaf=1, spine=0, core=0),
        leaf_port_split=LeafPortSplit(
            down=fabric_ports, up=0, reserved=spec.reserved_ports_per_leaf, down_links=down_links, up_links=0
        ),
        links=links,
        links_per_leaf_spine_pair=0,
        links_per_spine_core_pair=0,
        ports=(usage,),
        switch_cages_used=usage.cages_used,
        nodes=spec.node_count,
        endpoints=spec.endpoint_count,
        endpoint_speed_gbps=splits.node_speed,
        max_endpoints=down_links,
        max_endpoints_adding_leaves=down_links,
        limits=limits,
        bisection_gbps_per_direction=in_use * splits.node_speed / 2,
        oversubscription_achieved=1.0,
        oversubscription_label="1:1",
        link_requirements=_link_requirements(spec, links, splits),
        geometry=geometry,
        warnings=tuple(warnings),
    )


def _planes(spec: PlanSpec) -> Plan:
    """``planes`` independent identical fabrics: one plane gets every node with nics/planes NICs;
    the totals are the plane's counts times the planes (limits stay per plane)."""
    n = spec.planes
    plane_spec = PlanSpec.model_validate(
        spec.model_dump()
        | {"planes": 1, "nodes": spec.node_count, "endpoints": None, "nics_per_node": spec.nics_per_node // n}
    )
    plane = plan_fat_tree(plane_spec)
    counts = plane.switches
    links = plane.links
    return Plan(
        spec=spec,
        tiers=plane.tiers,
        planes=n,
        plane_plan=plane,
        pods=plane.pods * n,
        switches=SwitchCounts(leaf=counts.leaf * n, spine=counts.spine * n, core=counts.core * n),
        leaf_port_split=plane.leaf_port_split,
        links=LinkCounts(
            node_leaf=links.node_leaf * n,
            manager_leaf=links.manager_leaf * n,
            leaf_spine=links.leaf_spine * n,
            spine_core=links.spine_core * n,
        ),
        links_per_leaf_spine_pair=plane.links_per_leaf_spine_pair,
        links_per_spine_core_pair=plane.links_per_spine_core_pair,
        ports=tuple(
            usage.model_copy(
                update={
                    name: getattr(usage, name) * n
                    for name in ("switches", "available", "used", "reserved", "free", "cages_used")
                }
            )
            for usage in plane.ports
        ),
        switch_cages_used=plane.switch_cages_used * n,
        nodes=spec.node_count,
        endpoints=spec.endpoint_count,
        endpoint_speed_gbps=plane.endpoint_speed_gbps,
        max_endpoints=plane.max_endpoints * n,
        max_endpoints_adding_leaves=plane.max_endpoints_adding_leaves * n,
        limits=plane.limits,
        bisection_gbps_per_direction=plane.bisection_gbps_per_direction * n,
        oversubscription_achieved=plane.oversubscription_achieved,
        oversubscription_label=plane.oversubscription_label,
        link_requirements=tuple(r.model_copy(update={"count": r.count * n}) for r in plane.link_requirements),
        geometry=plane.geometry,
        warnings=(
            PlanWarning(
                code=WarningCode.PLANES,
                message=(
                    f"{n} independent identical planes of {counts.total} switches each; every node's "
                    f"{spec.nics_per_node} NICs split {plane_spec.nics_per_node} per plane (NIC i on plane "
                    f"i // {plane_spec.nics_per_node} + 1); geometry and limits are per plane"
                ),
            ),
            *plane.warnings,
        ),
    )
