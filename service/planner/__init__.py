"""Pure fat-tree planning: closed-form sizing, BOM roll-up, cabling list and exports.

Imports nothing but the standard library and pydantic (``export.topology_svg`` imports
``networkx`` and ``matplotlib`` when called; both install with pip, no system binary). Typical use::

    spec = PlanSpec(nodes=127, nics_per_node=8, switch=qm9700, rail_optimized=True, nodes_per_su=32)
    plan = plan_fat_tree(spec)                      # counts, bisection, link requirements
    bom = build_bom(plan, media)                    # one TierMedium per plan.link_requirements tier
    rows = iter_cabling(plan, media)                # only when a cabling list is wanted
    csvs = netbox_csvs(plan, media)                 # NetBox bulk import (devices, interfaces, cables)
    text = topology_file(plan)                      # ibnetdiscover-style topology file

A switch is any :class:`SwitchSpec` (radix, port speed, splits): catalogue or generic. One tier is a
single switch; ``planes`` builds independent identical fabrics; ``uplinks_per_pair`` sets the bundle.
"""

from service.planner.bom import build_bom, media_by_tier
from service.planner.cabling import iter_cabling
from service.planner.errors import (
    InvalidSpecError,
    MissingMediumError,
    OversubscriptionNotBuildableError,
    PlannerError,
    RadixOddError,
    RadixTooSmallError,
    TooManyEndpointsError,
    UnsupportedSplitError,
)
from service.planner.export import (
    bom_to_csv,
    cabling_to_csv,
    plan_to_json,
    topology_svg,
    write_cabling_csv,
)
from service.planner.handoff import netbox_csvs, topology_file
from service.planner.models import (
    MIN_RADIX,
    Bom,
    BomCategory,
    BomLine,
    BreakoutPolicy,
    CableChoice,
    CableRow,
    FabricGeometry,
    FabricLimits,
    FabricManagerReservation,
    LeafLoad,
    LeafPortSplit,
    LinkCounts,
    LinkKind,
    LinkRequirement,
    LinkTier,
    ModuleChoice,
    Placement,
    PlacementClass,
    PlacementDistances,
    Plan,
    PlanLayout,
    PlanSpec,
    PlanWarning,
    PortUsage,
    SplitMode,
    SwitchCounts,
    SwitchLoad,
    SwitchSpec,
    SwitchTier,
    TierMedium,
    WarningCode,
    load_plan_spec,
    parse_oversubscription,
)
from service.planner.sizing import (
    buildable_ratios,
    exact_ratio,
    leaf_down_links,
    leaf_for_node_port,
    leaf_port_split,
    plan_fat_tree,
    smallest_divisor_at_least,
)

__all__ = [
    "MIN_RADIX",
    "Bom",
    "BomCategory",
    "BomLine",
    "BreakoutPolicy",
    "CableChoice",
    "CableRow",
    "FabricGeometry",
    "FabricLimits",
    "FabricManagerReservation",
    "InvalidSpecError",
    "LeafLoad",
    "LeafPortSplit",
    "LinkCounts",
    "LinkKind",
    "LinkRequirement",
    "LinkTier",
    "MissingMediumError",
    "ModuleChoice",
    "OversubscriptionNotBuildableError",
    "Placement",
    "PlacementClass",
    "PlacementDistances",
    "Plan",
    "PlanLayout",
    "PlanSpec",
    "PlanWarning",
    "PlannerError",
    "PortUsage",
    "RadixOddError",
    "RadixTooSmallError",
    "SplitMode",
    "SwitchCounts",
    "SwitchLoad",
    "SwitchSpec",
    "SwitchTier",
    "TierMedium",
    "TooManyEndpointsError",
    "UnsupportedSplitError",
    "WarningCode",
    "bom_to_csv",
    "build_bom",
    "buildable_ratios",
    "cabling_to_csv",
    "exact_ratio",
    "iter_cabling",
    "leaf_down_links",
    "leaf_for_node_port",
    "leaf_port_split",
    "load_plan_spec",
    "media_by_tier",
    "netbox_csvs",
    "parse_oversubscription",
    "plan_fat_tree",
    "plan_to_json",
    "smallest_divisor_at_least",
    "topology_file",
    "topology_svg",
    "write_cabling_csv",
]
