"""BOM roll-up: switches, modules counted per cage, cables per part and length, in closed form.

The media hook: for every link tier the plan needs (``plan.link_requirements``) the caller passes
one :class:`TierMedium` — typically built from ``linkOptions`` for that requirement's speed,
distance and ends::

    end A ── [a_module] ── cable ── [b_module] ── end B
    node          ── node_leaf ──          leaf      (fabric manager ── manager_leaf ── leaf)
    leaf          ── leaf_spine ──         spine
    spine         ── spine_core ──         core

Counting rules (DGX H100 RA Table 8: 1,536 switch twin-port transceivers = 48 switches x 32
cages, 508 DGX transceivers = 127 x 4, 2,040 NDR cables = 1,016 + 1,024):

- Switch-end modules: one per cage with a used port of that tier, so a module's
  ``ports_per_module`` must equal the switch's ``ports_per_cage``.
- Node-end modules: per node, ceil(links on the node / ports_per_module) (8 NICs in 4
  twin-port cages on a DGX H100 → 4).
- Fabric-manager links land on the leaf cages of the reserved node slot, which the ``node_leaf``
  switch-end count already covers; their medium has no ``b_module``.
- Cables: per switch at the joined end of the tier, ceil(links there / links_per_cable) —
  one per link unless the cable is a splitter.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from service.planner.errors import InvalidSpecError, MissingMediumError
from service.planner.models import (
    Bom,
    BomCategory,
    BomLine,
    LinkTier,
    ModuleChoice,
    PlacementClass,
    Plan,
    SwitchTier,
    TierMedium,
)

__all__ = ["build_bom", "media_by_tier"]


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def media_by_tier(plan: Plan, media: Iterable[TierMedium], *, missing_ok: bool = False) -> dict[LinkTier, TierMedium]:
    """Check a set of tier media against a plan and index it by tier.

    Args:
        plan: The plan the media are for.
        media: One medium per link tier the plan has links in.
        missing_ok: Accept tiers with links but no medium (their BOM lines are left out).

    Returns:
        The media keyed by tier.

    Raises:
        MissingMediumError: A tier with links has no medium (unless ``missing_ok``).
        InvalidSpecError: A tier is given twice or has no links; a switch-end module does not fill
            exactly one cage; the ``manager_leaf`` medium has a ``b_module``.
    """
    indexed: dict[LinkTier, TierMedium] = {}
    for medium in media:
        if medium.tier in indexed:
            raise InvalidSpecError(f"two media for tier {medium.tier.value}")
        indexed[medium.tier] = medium
    needed = {requirement.tier for requirement in plan.link_requirements}
    missing = [tier.value for tier in LinkTier if tier in needed and tier not in indexed]
    if missing and not missing_ok:
        raise MissingMediumError(f"no medium for tier(s) {', '.join(missing)}")
    extra = [tier.value for tier in indexed if tier not in needed]
    if extra:
        raise InvalidSpecError(f"medium given for tier(s) without links in this plan: {', '.join(extra)}")
    manager = indexed.get(LinkTier.MANAGER_LEAF)
    if manager is not None and manager.b_module is not None:
        raise InvalidSpecError(
            "manager_leaf links use the leaf cages of the reserved node slot (counted with node_leaf); give no b_module"
        )
    per_cage = plan.spec.switch.ports_per_cage
    switch_ends = [
        (LinkTier.NODE_LEAF, "b_module"),
        (LinkTier.LEAF_SPINE, "a_module"),
        (LinkTier.LEAF_SPINE, "b_module"),
        (LinkTier.SPINE_CORE, "a_module"),
        (LinkTier.SPINE_CORE, "b_module"),
    ]
    for tier, end in switch_ends:
        chosen = indexed.get(tier)
        module: ModuleChoice | None = getattr(chosen, end) if chosen is not None else None
        if module is not None and module.ports_per_module != per_cage:
            raise InvalidSpecError(
                f"{tier.value} {end} {module.part_number} serves {module.ports_per_module} port(s) but "
                f"a {plan.spec.switch.model} cage holds {per_cage}; switch-side modules fill one cage"
            )
    return indexed


@dataclass
class _Line:
    description: str
    quantity: int = 0
    tiers: set[str] = field(default_factory=set)
    classes: set[str] = field(default_factory=set)


def build_bom(plan: Plan, media: Iterable[TierMedium], *, missing_ok: bool = False) -> Bom:
    """Roll up a plan's bill of materials for the chosen media.

    Args:
        plan: A plan from :func:`~service.planner.sizing.plan_fat_tree`.
        media: One :class:`TierMedium` per link tier with links (see the module docstring).
        missing_ok: Leave out the module and cable lines of tiers that have no medium instead of
            failing (the planning use case does this when ``linkOptions`` offers no valid medium
            for a tier, and says so in a warning). Switch lines are always complete.

    Returns:
        Switch lines, then module lines (by part), then cable lines (by part and length in m);
        equal parts across tiers are summed into one line.

    Raises:
        MissingMediumError: A tier with links has no medium (unless ``missing_ok``).
        InvalidSpecError: See :func:`media_by_tier`.
    """
    if plan.plane_plan is not None:
        return _planes_bom(plan, plan.plane_plan, list(media), missing_ok=missing_ok)
    indexed = media_by_tier(plan, media, missing_ok=missing_ok)
    geometry = plan.geometry
    split = plan.leaf_port_split
    nics = plan.spec.nics_per_node
    node_legs = geometry.node_leaf_legs
    inter_legs = geometry.inter_switch_legs

    modules: dict[str, _Line] = {}
    cables: dict[tuple[str, float], _Line] = {}

    def add_module(module: ModuleChoice | None, tier: LinkTier, quantity: int) -> None:
        if module is None or quantity == 0:
            return
        line = modules.setdefault(module.part_number, _Line(module.description))
        line.quantity += quantity
        line.tiers.add(tier.value)

    # Step 1: modules and cables per tier, from the load groups (a handful of rows each).
    for tier, medium in indexed.items():
        a_count = b_count = cable_count = 0
        links_per_cable = medium.cable.links_per_cable
        if tier is LinkTier.NODE_LEAF:
            a_count = plan.nodes * _ceil_div(nics, _ppm(medium.a_module))
            for leaf in geometry.leaf_loads:
                down_ports = _ceil_div(leaf.endpoint_links + leaf.manager_links, node_legs)
                b_count += leaf.count * _ceil_div(down_ports, _ppm(medium.b_module))
                cable_count += leaf.count * _ceil_div(leaf.endpoint_links, links_per_cable)
        elif tier is LinkTier.MANAGER_LEAF:
            ports = plan.links.manager_leaf
            a_count = sum(
                _ceil_div(min(nics, ports - slot * nics), _ppm(medium.a_module))
                for slot in range(_ceil_div(ports, nics))
            )
            cable_count = sum(
                leaf.count * _ceil_div(leaf.manager_links, links_per_cable) for leaf in geometry.leaf_loads
            )
        elif tier is LinkTier.LEAF_SPINE:
            leaves = plan.switches.leaf
            a_count = leaves * _ceil_div(split.up, _ppm(medium.a_module))
            cable_count = leaves * _ceil_div(split.up_links, links_per_cable)
            for spine in geometry.spine_loads:
                down_ports = _ceil_div(spine.down_links, inter_legs)
                b_count += spine.count * _ceil_div(down_ports, _ppm(medium.b_module))
        else:
            for spine in geometry.spine_loads:
                up_ports = _ceil_div(spine.up_links, inter_legs)
                a_count += spine.count * _ceil_div(up_ports, _ppm(medium.a_module))
                cable_count += spine.count * _ceil_div(spine.up_links, links_per_cable)
            for core in geometry.core_loads:
                down_ports = _ceil_div(core.down_links, inter_legs)
                b_count += core.count * _ceil_div(down_ports, _ppm(medium.b_module))
        add_module(medium.a_module, tier, a_count)
        add_module(medium.b_module, tier, b_count)
        if cable_count:
            cable = medium.cable
            line = cables.setdefault((cable.part_number, cable.length_m), _Line(cable.description))
            line.quantity += cable_count
            line.tiers.add(tier.value)
            placement = plan.spec.layout.placement(tier)
            line.classes.add(placement.value if isinstance(placement, PlacementClass) else "explicit")

    # Step 2: roll up, switches first.
    switch_tiers = tuple(tier.value for tier in SwitchTier if plan.port_usage(tier).switches)
    lines = [
        BomLine(
            category=BomCategory.SWITCH,
            part_number=plan.spec.switch.model,
            description=(
                f"{plan.spec.switch.radix}-port {plan.spec.switch.port_speed_gbps:g} Gb/s switch "
                f"({plan.switches.leaf} leaf, {plan.switches.spine} spine, {plan.switches.core} core)"
            ),
            quantity=plan.switches.total,
            tiers=switch_tiers,
        )
    ]
    lines.extend(
        BomLine(
            category=BomCategory.TRANSCEIVER,
            part_number=part,
            description=line.description,
            quantity=line.quantity,
            tiers=_ordered(line.tiers),
        )
        for part, line in sorted(modules.items())
    )
    lines.extend(
        BomLine(
            category=BomCategory.CABLE,
            part_number=part,
            description=line.description,
            quantity=line.quantity,
            length_m=length,
            length_class="+".join(sorted(line.classes)),
            tiers=_ordered(line.tiers),
        )
        for (part, length), line in sorted(cables.items())
    )
    return Bom(lines=tuple(lines))


def _ppm(module: ModuleChoice | None) -> int:
    return module.ports_per_module if module is not None else 1


def _ordered(tiers: set[str]) -> tuple[str, ...]:
    return tuple(tier.value for tier in LinkTier if tier.value in tiers)


def _planes_bom(plan: Plan, plane: Plan, media: list[TierMedium], *, missing_ok: bool) -> Bom:
    """One plane's BOM times the planes, except node-side modules: a node's NICs on several planes
    may share a multi-port module, so those are counted per node over all its NICs."""
    n = plan.planes
    per_plane = build_bom(plane, media, missing_ok=missing_ok)
    quantities = {(line.part_number, line.length_m): line.quantity * n for line in per_plane.lines}
    for medium in media:
        module = medium.a_module
        if module is None or medium.tier not in (LinkTier.NODE_LEAF, LinkTier.MANAGER_LEAF):
            continue
        if medium.tier is LinkTier.NODE_LEAF:
            plane_count = plane.nodes * _ceil_div(plane.spec.nics_per_node, module.ports_per_module)
            total = plan.nodes * _ceil_div(plan.spec.nics_per_node, module.ports_per_module)
            quantities[(module.part_number, None)] += total - plane_count * n
    lines = []
    for line in per_plane.lines:
        update: dict[str, object] = {"quantity": quantities[(line.part_number, line.length_m)]}
        if line.category is BomCategory.SWITCH:
            update["description"] = line.description.replace(
                "(",
                f"({n} planes: {plan.switches.leaf} leaf, {plan.switches.spine} spine, "
                f"{plan.switches.core} core; per plane ",
                1,
            )
        lines.append(line.model_copy(update=update))
    return Bom(lines=tuple(lines))
