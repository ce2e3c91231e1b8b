"""BOM roll-up: modules per cage, node modules per node cage, cables per part and length."""

from __future__ import annotations

from service.planner import (
    BomCategory,
    CableChoice,
    LinkTier,
    ModuleChoice,
    PlacementClass,
    Plan,
    PlanLayout,
    PlanSpec,
    SplitMode,
    SwitchSpec,
    TierMedium,
    build_bom,
    iter_cabling,
    plan_fat_tree,
)

QM9700 = SwitchSpec(
    model="NVIDIA Quantum-2 QM9700",
    radix=64,
    port_speed_gbps=400,
    cages=32,
    ports_per_cage=2,
    split_modes=(SplitMode(name="2xNDR200", legs=2, leg_speed_gbps=200),),
)
TWIN = ModuleChoice(part_number="TWIN-2x400G-SR8", ports_per_module=2, description="twin-port OSFP")


def _optics(plan: Plan, *, node_module: ModuleChoice | None = None) -> list[TierMedium]:
    media = [
        TierMedium(
            tier=LinkTier.NODE_LEAF,
            a_module=node_module,
            b_module=TWIN,
            cable=CableChoice(part_number="MPO-3M", length_m=3),
        ),
        TierMedium(
            tier=LinkTier.LEAF_SPINE,
            a_module=TWIN,
            b_module=TWIN,
            cable=CableChoice(part_number="MPO-30M", length_m=30),
        ),
    ]
    if plan.tiers == 3:
        media.append(
            TierMedium(
                tier=LinkTier.SPINE_CORE,
                a_module=TWIN,
                b_module=TWIN,
                cable=CableChoice(part_number="SMF-100M", length_m=100),
            )
        )
    return media


def test_switch_modules_equal_the_cages_used_in_a_65536_endpoint_fabric() -> None:
    """5,120 QM9700 x 32 cages, every cage populated; 65,536 cables per tier by length class."""
    plan = plan_fat_tree(PlanSpec(endpoints=65536, switch=QM9700))
    bom = build_bom(plan, _optics(plan))
    assert bom.quantity("NVIDIA Quantum-2 QM9700") == 5120
    assert bom.quantity("TWIN-2x400G-SR8") == plan.switch_cages_used == 5120 * 32
    assert [(line.part_number, line.length_m, line.quantity) for line in bom.lines if line.category == "cable"] == [
        ("MPO-30M", 30, 65536),
        ("MPO-3M", 3, 65536),
        ("SMF-100M", 100, 65536),
    ]
    assert [line.length_class for line in bom.lines if line.category is BomCategory.CABLE] == [
        "within_row",
        "in_rack",
        "between_rows",
    ]


def test_a_part_used_by_several_tiers_is_one_line_listing_them() -> None:
    plan = plan_fat_tree(PlanSpec(endpoints=2048, switch=QM9700))
    bom = build_bom(plan, _optics(plan))
    (twin,) = [line for line in bom.lines if line.part_number == "TWIN-2x400G-SR8"]
    assert twin.tiers == ("node_leaf", "leaf_spine")
    assert twin.quantity == 3072
    assert bom.lines[0].category is BomCategory.SWITCH
    assert bom.lines[0].tiers == ("leaf", "spine")


def test_partly_filled_leaf_cages_count_once_per_cage() -> None:
    """1,000 endpoints: 31 full leaves (16 down cages) + one with 8 endpoints (4 cages)."""
    plan = plan_fat_tree(PlanSpec(endpoints=1000, switch=QM9700))
    bom = build_bom(plan, _optics(plan))
    leaf_down = 31 * 16 + 4
    leaf_up = 32 * 16
    spine_down = 16 * 32
    assert bom.quantity("TWIN-2x400G-SR8") == leaf_down + leaf_up + spine_down == plan.switch_cages_used


def test_node_side_modules_are_counted_per_node_cage() -> None:
    """DGX H100: 8 NICs behind 4 twin-port cages -> 4 modules per node (H100 RA Table 8: 127 x 4)."""
    plan = plan_fat_tree(PlanSpec(nodes=64, nics_per_node=8, switch=QM9700, rail_optimized=True))
    bom = build_bom(plan, _optics(plan, node_module=ModuleChoice(part_number="DGX-TWIN", ports_per_module=2)))
    assert bom.quantity("DGX-TWIN") == 256


def test_a_splitter_dac_is_one_cable_per_two_links_and_needs_no_modules() -> None:
    """NDR200 endpoints on a 1:2 splitter DAC (twin-port 800G -> 2 x 400G ends, the MCP7Y00 class):
    4,096 links on 64 leaves -> 2,048 cables; leaf-spine optics unchanged."""
    plan = plan_fat_tree(
        PlanSpec(endpoints=4096, switch=QM9700, endpoint_speed_gbps=200, layout=PlanLayout(node_leaf=2.0))
    )
    media = [
        TierMedium(
            tier=LinkTier.NODE_LEAF,
            cable=CableChoice(part_number="SPLITTER-DAC-2M", length_m=2, links_per_cable=2),
        ),
        TierMedium(
            tier=LinkTier.LEAF_SPINE,
            a_module=TWIN,
            b_module=TWIN,
            cable=CableChoice(part_number="MPO-30M", length_m=30),
        ),
    ]
    bom = build_bom(plan, media)
    assert bom.quantity("SPLITTER-DAC-2M") == 2048
    assert bom.quantity("TWIN-2x400G-SR8") == 64 * 16 + 32 * 32
    cable_ids = {row.cable_id for row in iter_cabling(plan, media) if row.tier is LinkTier.NODE_LEAF}
    assert len(cable_ids) == 2048


def test_twin_port_modules_on_split_leaf_ports_serve_four_ndr200_links() -> None:
    """A twin-port cage split 2 x 2 feeds 4 x 200G HCAs (MMS4X00-NS400 use case)."""
    plan = plan_fat_tree(PlanSpec(endpoints=4096, switch=QM9700, endpoint_speed_gbps=200))
    bom = build_bom(plan, _optics(plan))
    assert bom.quantity("TWIN-2x400G-SR8") == 64 * 16 + 64 * 16 + 32 * 32
    assert bom.quantity("MPO-3M") == 4096


def test_cable_lines_are_split_by_length() -> None:
    plan = plan_fat_tree(
        PlanSpec(
            endpoints=512,
            switch=QM9700,
            layout=PlanLayout(node_leaf=PlacementClass.WITHIN_ROW, leaf_spine=30.0),
        )
    )
    fibre = CableChoice(part_number="MPO", length_m=30)
    same = build_bom(
        plan,
        [
            TierMedium(tier=LinkTier.NODE_LEAF, a_module=None, b_module=TWIN, cable=fibre),
            TierMedium(tier=LinkTier.LEAF_SPINE, a_module=TWIN, b_module=TWIN, cable=fibre),
        ],
    )
    (line,) = [line for line in same.lines if line.category is BomCategory.CABLE]
    assert (line.quantity, line.length_class, line.tiers) == (
        1024,
        "explicit+within_row",
        ("node_leaf", "leaf_spine"),
    )
    other = build_bom(
        plan,
        [
            TierMedium(tier=LinkTier.NODE_LEAF, b_module=TWIN, cable=fibre),
            TierMedium(
                tier=LinkTier.LEAF_SPINE,
                a_module=TWIN,
                b_module=TWIN,
                cable=CableChoice(part_number="MPO", length_m=50),
            ),
        ],
    )
    assert [(line.length_m, line.quantity) for line in other.lines if line.category is BomCategory.CABLE] == [
        (30, 512),
        (50, 512),
    ]
