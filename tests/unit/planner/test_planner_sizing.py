"""Sizing against formulas and published designs beyond the case file.

Sources are the ones collected in the fat-tree reference notes: Al-Fares et al. (SIGCOMM 2008),
NVIDIA DGX SuperPOD RAs (H100 RA-11333-001 V11, B200, B300 busbar, B300-XDR), JLab's cluster
page, off-grid-engineering.com, Compute Canada Narval, ByteDance MegaScale (NSDI'24).
"""

from __future__ import annotations

import pytest

from service.planner import (
    BreakoutPolicy,
    FabricManagerReservation,
    LinkKind,
    LinkTier,
    PlacementClass,
    PlacementDistances,
    PlanLayout,
    PlanSpec,
    SplitMode,
    SwitchSpec,
    SwitchTier,
    WarningCode,
    leaf_port_split,
    parse_oversubscription,
    plan_fat_tree,
    smallest_divisor_at_least,
)

NDR200 = SplitMode(name="2xNDR200", legs=2, leg_speed_gbps=200)
QM9700 = SwitchSpec(
    model="NVIDIA Quantum-2 QM9700",
    radix=64,
    port_speed_gbps=400,
    cages=32,
    ports_per_cage=2,
    split_modes=(NDR200,),
)
EDR36 = SwitchSpec(model="36-port EDR", radix=36, port_speed_gbps=100)


def _codes(spec: PlanSpec) -> set[WarningCode]:
    return {warning.code for warning in plan_fat_tree(spec).warnings}


# --- k-ary fat tree -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "hosts", "leaf", "spine", "core"),
    [
        (4, 16, 8, 8, 4),
        (8, 128, 32, 32, 16),  # course notes' worked example: 128 hosts, 16 core, 80 switches
        (24, 3456, 288, 288, 144),
        (36, 11664, 648, 648, 324),
        (64, 65536, 2048, 2048, 1024),
    ],
)
def test_a_full_k_ary_fat_tree_has_k_cubed_over_4_hosts_on_5k_squared_over_4_switches(
    k: int, hosts: int, leaf: int, spine: int, core: int
) -> None:
    """k pods, k^2/2 edge, k^2/2 aggregation, k^2/4 core (Al-Fares et al. Table in Sec. 3)."""
    plan = plan_fat_tree(PlanSpec(endpoints=hosts, switch=SwitchSpec(model="k", radix=k, port_speed_gbps=1)))
    assert plan.tiers == 3
    assert plan.pods == k
    assert (plan.switches.leaf, plan.switches.spine, plan.switches.core) == (leaf, spine, core)
    assert plan.switches.total == 5 * k * k // 4
    assert plan.limits.three_tier_max_endpoints == k**3 // 4
    assert plan.links_per_spine_core_pair == 1
    assert plan.bisection_gbps_per_direction == hosts / 2


def test_three_tiers_for_n_endpoints_use_n_over_half_k_leaves_and_spines_and_n_over_k_cores() -> None:
    """H100 RA Table 3 rows 32 SU and 64 SU: 8,192 -> 256/256/128, 16,384 -> 512/512/256."""
    for nodes, leaf, spine, core in [(1024, 256, 256, 128), (2048, 512, 512, 256)]:
        plan = plan_fat_tree(
            PlanSpec(nodes=nodes, nics_per_node=8, switch=QM9700, rail_optimized=True, nodes_per_su=32)
        )
        assert (plan.switches.leaf, plan.switches.spine, plan.switches.core) == (leaf, spine, core)
        assert plan.links.leaf_spine == plan.links.spine_core == nodes * 8


def test_three_tiers_round_cores_per_spine_position_to_a_divisor_of_its_uplinks() -> None:
    """5 full pods of k=64: min cores per group ceil(5*32/64)=3 does not divide 32, so 4.

    spine q of each pod --8 links--> each of the 4 cores of group q;  128 cores, 40 ports used
    """
    plan = plan_fat_tree(PlanSpec(endpoints=5 * 32 * 32, switch=QM9700, tiers=3))
    assert plan.pods == 5
    assert (plan.switches.leaf, plan.switches.spine, plan.switches.core) == (160, 160, 128)
    assert plan.links_per_spine_core_pair == 8
    assert plan.geometry.core_loads[0].down_links == 40
    assert WarningCode.CORES_ROUNDED_FOR_EVEN_UPLINKS in _codes(PlanSpec(endpoints=5120, switch=QM9700))


def test_three_tiers_build_spines_and_core_links_for_whole_pods() -> None:
    """3,000 endpoints on k=64: 94 leaves in 3 pods (32+32+30), 96 spines, all 3,072 spine uplinks."""
    plan = plan_fat_tree(PlanSpec(endpoints=3000, switch=QM9700, tiers=3))
    assert (plan.pods, plan.switches.leaf, plan.switches.spine, plan.switches.core) == (3, 94, 96, 64)
    assert plan.links.leaf_spine == 94 * 32
    assert plan.links.spine_core == 96 * 32
    assert plan.bisection_gbps_per_direction == 94 * 32 * 400 / 2
    assert WarningCode.POD_NOT_FULL in {w.code for w in plan.warnings}


def test_three_tiers_with_leaf_oversubscription_keep_spines_and_core_non_blocking() -> None:
    """k=64 at 3:1: d=48, u=16; leaf uplinks U=2,048 -> spines U/(k/2)=64, core U/k=32.

    Bisection N*s/(2r) = 6,144 x 400 / 6 = 409,600 Gb/s per direction.
    """
    plan = plan_fat_tree(PlanSpec(endpoints=6144, switch=QM9700, oversubscription=parse_oversubscription("3:1")))
    assert plan.tiers == 3
    assert (plan.leaf_port_split.down, plan.leaf_port_split.up) == (48, 16)
    assert (plan.switches.leaf, plan.switches.spine, plan.switches.core) == (128, 64, 32)
    assert plan.bisection_gbps_per_direction == 409600
    assert plan.limits.two_tier_max_endpoints == 3072


# --- two tiers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("nodes", "su", "leaf", "spine", "compute_plus_ufm", "spine_leaf"),
    [
        (31, 1, 8, 4, 252, 256),
        (63, 2, 16, 8, 508, 512),
        (95, 3, 24, 16, 764, 768),
        (127, 4, 32, 16, 1020, 1024),
    ],
)
def test_dgx_h100_ra_table_4_compute_fabric_counts(
    nodes: int, su: int, leaf: int, spine: int, compute_plus_ufm: int, spine_leaf: int
) -> None:
    """H100 RA Table 4: one DGX slot for UFM in the whole fabric, Compute+UFM = GPUs + 4."""
    plan = plan_fat_tree(
        PlanSpec(
            nodes=nodes,
            nics_per_node=8,
            switch=QM9700,
            rail_optimized=True,
            nodes_per_su=32,
            fabric_manager=FabricManagerReservation(),
        )
    )
    assert plan.geometry.su_count == su
    assert (plan.tiers, plan.switches.leaf, plan.switches.spine) == (2, leaf, spine)
    assert plan.links.leaf_down == compute_plus_ufm
    assert plan.links.leaf_spine == spine_leaf


def test_three_su_h100_rounds_spines_from_12_to_16_so_uplinks_divide_evenly() -> None:
    """Pitfall 1: 24 leaves x 32 uplinks need ceil(768/64)=12 spines; 12 does not divide 32 -> 16."""
    spec = PlanSpec(nodes=96, nics_per_node=8, switch=QM9700, rail_optimized=True, nodes_per_su=32)
    plan = plan_fat_tree(spec)
    assert plan.switches.spine == 16
    assert plan.links_per_leaf_spine_pair == 2
    assert plan.max_endpoints_adding_leaves == 32 * 32  # the 16 spines take the 4-SU build
    assert {WarningCode.SPINES_ROUNDED_FOR_EVEN_UPLINKS, WarningCode.GROWTH_HEADROOM} <= _codes(spec)


@pytest.mark.parametrize(("su", "leaf", "spine"), [(1, 8, 4), (2, 16, 8), (4, 32, 18), (8, 64, 36), (18, 144, 72)])
def test_dgx_b300_xdr_spines_are_divisors_of_72_uplinks(su: int, leaf: int, spine: int) -> None:
    """B300-XDR RA Table 3 (72 nodes/SU, 144-port switches inferred): 4 SU -> 18, 8 SU -> 36 spines."""
    switch = SwitchSpec(model="144-port XDR (inferred)", radix=144, port_speed_gbps=800)
    plan = plan_fat_tree(PlanSpec(nodes=72 * su, nics_per_node=8, switch=switch, rail_optimized=True, nodes_per_su=72))
    assert (plan.tiers, plan.switches.leaf, plan.switches.spine) == (2, leaf, spine)
    assert plan.links.node_leaf == plan.links.leaf_spine == 576 * su


def test_dgx_b300_busbar_su_of_64_nodes_needs_two_leaves_per_rail() -> None:
    """B300 busbar RA Table 3: 64 nodes/SU on 32-down leaves -> 16 leaves, 8 spines per SU.

    At 8 SU (512 nodes, 4,096 GPUs) the RA stays at two tiers, which with 64-port switches only
    works as per-rail planes; this single-plane planner returns a core tier there, as the
    reference notes predict (a documented source/planner disagreement, not an error).
    """
    for su, leaf, spine in [(1, 16, 8), (2, 32, 16), (4, 64, 32)]:
        plan = plan_fat_tree(
            PlanSpec(nodes=64 * su, nics_per_node=8, switch=QM9700, rail_optimized=True, nodes_per_su=64)
        )
        assert (plan.tiers, plan.switches.leaf, plan.switches.spine) == (2, leaf, spine)
    eight = plan_fat_tree(PlanSpec(nodes=512, nics_per_node=8, switch=QM9700, rail_optimized=True, nodes_per_su=64))
    assert (eight.tiers, eight.switches.leaf, eight.switches.spine, eight.switches.core) == (3, 128, 128, 64)


def test_small_36_port_designs_from_published_examples() -> None:
    """off-grid-engineering.com: 72 nodes = 4 leaf + 2 spine; 108 nodes = 6 leaf + 3 spine with
    18 uplinks in 3 groups of six. JLab "12s": 276 nodes, 16 leaves, 9 spines, uplinks in pairs."""
    seventy_two = plan_fat_tree(PlanSpec(endpoints=72, switch=EDR36))
    assert (seventy_two.switches.leaf, seventy_two.switches.spine) == (4, 2)
    hundred_eight = plan_fat_tree(PlanSpec(endpoints=108, switch=EDR36))
    assert (hundred_eight.switches.leaf, hundred_eight.switches.spine) == (6, 3)
    assert hundred_eight.links_per_leaf_spine_pair == 6
    jlab = plan_fat_tree(PlanSpec(endpoints=276, switch=EDR36))
    assert (jlab.switches.leaf, jlab.switches.spine, jlab.links_per_leaf_spine_pair) == (16, 9, 2)


@pytest.mark.parametrize(
    ("k", "ratio", "endpoints", "down", "up", "spines", "links"),
    [
        (48, "2:1", 1536, 32, 16, 16, 2304),  # AJMKing fattree-calculator defaults
        (36, "3:1", 972, 27, 9, 9, 1296),
    ],
)
def test_two_tier_oversubscribed_maximum_is_k_squared_r_over_r_plus_1(
    k: int, ratio: str, endpoints: int, down: int, up: int, spines: int, links: int
) -> None:
    """d = k*r/(r+1), u = k/(r+1), N_max = k*d with k leaves."""
    switch = SwitchSpec(model="k", radix=k, port_speed_gbps=100)
    plan = plan_fat_tree(
        PlanSpec(endpoints=endpoints, switch=switch, oversubscription=parse_oversubscription(ratio), tiers=2)
    )
    assert (plan.leaf_port_split.down, plan.leaf_port_split.up) == (down, up)
    assert (plan.switches.leaf, plan.switches.spine) == (k, spines)
    assert plan.links.total == links
    assert plan.limits.two_tier_max_endpoints == endpoints


def test_auto_tiers_switch_to_three_just_above_k_squared_over_2() -> None:
    """Pitfall 8: the single-plane two-tier maximum at NDR k=64 is 2,048."""
    assert plan_fat_tree(PlanSpec(endpoints=2048, switch=QM9700)).tiers == 2
    assert plan_fat_tree(PlanSpec(endpoints=2049, switch=QM9700)).tiers == 3


def test_a_partly_filled_leaf_still_cables_every_uplink() -> None:
    """1,000 endpoints on QM9700: 32 leaves (31 full + 8 on the last), 16 spines, 1,024 uplinks."""
    plan = plan_fat_tree(PlanSpec(endpoints=1000, switch=QM9700))
    assert (plan.switches.leaf, plan.switches.spine) == (32, 16)
    assert plan.links.leaf_spine == 1024
    assert [(load.count, load.endpoint_links) for load in plan.geometry.leaf_loads] == [(31, 32), (1, 8)]
    leaf = plan.port_usage(SwitchTier.LEAF)
    assert (leaf.used, leaf.free, leaf.cages_used) == (1000 + 1024, 24, 31 * 32 + 4 + 16)
    assert WarningCode.DESIGN_NOT_FULL in {w.code for w in plan.warnings}


def test_rail_optimised_leaves_never_mix_rails() -> None:
    """40 nodes x 8 rails on 32-down leaves, no SU size: 2 leaves per rail, 16 leaves."""
    plan = plan_fat_tree(PlanSpec(nodes=40, nics_per_node=8, switch=QM9700, rail_optimized=True))
    assert plan.switches.leaf == 16
    assert [(load.count, load.endpoint_links) for load in plan.geometry.leaf_loads] == [(8, 32), (8, 8)]
    mixed = plan_fat_tree(PlanSpec(nodes=40, nics_per_node=8, switch=QM9700))
    assert mixed.switches.leaf == 10  # 320 NIC links / 32


def test_whole_sus_are_built_even_when_more_are_asked_for() -> None:
    """su_count above need: leaves for every SU, spine-leaf cables for every leaf."""
    plan = plan_fat_tree(
        PlanSpec(nodes=32, nics_per_node=8, switch=QM9700, rail_optimized=True, nodes_per_su=32, su_count=2)
    )
    assert (plan.switches.leaf, plan.switches.spine) == (16, 8)
    assert plan.links.leaf_spine == 512
    assert plan.max_endpoints == 512


def test_reserved_leaf_ports_are_taken_out_before_the_split() -> None:
    """36-port leaves with 2 ports reserved: 17 down / 17 up, 36 leaves hold 612, 17 spines."""
    plan = plan_fat_tree(PlanSpec(endpoints=612, switch=EDR36, reserved_ports_per_leaf=2, tiers=2))
    assert (plan.leaf_port_split.down, plan.leaf_port_split.up, plan.leaf_port_split.reserved) == (17, 17, 2)
    assert (plan.switches.leaf, plan.switches.spine) == (36, 17)
    leaf = plan.port_usage(SwitchTier.LEAF)
    assert (leaf.available, leaf.used, leaf.reserved, leaf.free) == (1296, 1224, 72, 0)


# --- breakout and oversubscription as bandwidth -------------------------------------------------


def test_splitting_only_leaf_downlinks_gives_64_ndr200_endpoints_per_leaf_at_1_to_1() -> None:
    """Pitfall 6: NDR -> 2xNDR200 on leaf down-ports: 64 x 200G down vs 32 x 400G up = 1:1,
    N_max 4,096 with 64 leaves + 32 spines (also MegaScale's ToR split)."""
    plan = plan_fat_tree(PlanSpec(endpoints=4096, switch=QM9700, endpoint_speed_gbps=200))
    split = plan.leaf_port_split
    assert (split.down, split.up, split.down_links, split.up_links) == (32, 32, 64, 32)
    assert (plan.tiers, plan.switches.leaf, plan.switches.spine) == (2, 64, 32)
    assert plan.oversubscription_label == "1:1"
    assert plan.limits.two_tier_max_endpoints == 4096
    node_leaf = plan.requirement(LinkTier.NODE_LEAF)
    assert node_leaf is not None
    assert (node_leaf.speed_gbps, node_leaf.legs_per_switch_port, node_leaf.split_mode) == (
        200,
        2,
        "2xNDR200",
    )


def test_splitting_every_port_doubles_the_radix_and_the_inter_switch_cables() -> None:
    """Pitfall 6: k=128 at 200G: N_max 8,192 with 128 leaves + 64 spines."""
    spec = PlanSpec(
        endpoints=8192,
        switch=QM9700,
        endpoint_speed_gbps=200,
        breakout=BreakoutPolicy(tiers=frozenset({LinkTier.NODE_LEAF, LinkTier.LEAF_SPINE})),
    )
    plan = plan_fat_tree(spec)
    assert (plan.tiers, plan.switches.leaf, plan.switches.spine) == (2, 128, 64)
    assert plan.links.leaf_spine == 8192
    assert plan.bisection_gbps_per_direction == 8192 * 200 / 2
    assert plan.port_usage(SwitchTier.SPINE).used == 64 * 64  # split ports count once


def test_narval_blocking_is_a_bandwidth_ratio_of_33_to_7() -> None:
    """Compute Canada Narval: 40-port HDR leaf, 33 ports split into 66 HDR100 nodes, 7 HDR up."""
    hdr = SwitchSpec(
        model="QM8700",
        radix=40,
        port_speed_gbps=200,
        split_modes=(SplitMode(name="2xHDR100", legs=2, leg_speed_gbps=100),),
    )
    plan = plan_fat_tree(
        PlanSpec(
            endpoints=66,
            switch=hdr,
            endpoint_speed_gbps=100,
            oversubscription=parse_oversubscription("33:7"),
            tiers=2,
        )
    )
    split = plan.leaf_port_split
    assert (split.down, split.up, split.down_links, split.up_links) == (33, 7, 66, 7)
    assert plan.oversubscription_label == "33:7"


def test_twin_port_cages_keep_down_and_up_ports_in_whole_cages_and_the_ratio_exact() -> None:
    """QM9700 at 5:1: u=11 would split a twin-port cage and 12 up / 52 down is 4.33:1, not 5:1;
    the exact split is 10 up / 50 down (whole cages), 4 ports left free."""
    plan = plan_fat_tree(PlanSpec(endpoints=100, switch=QM9700, oversubscription=5, tiers=2))
    assert (plan.leaf_port_split.down, plan.leaf_port_split.up) == (50, 10)
    assert plan.oversubscription_label == "5:1"
    assert plan.oversubscription_achieved == 5


def test_slow_endpoints_without_a_split_run_on_whole_ports_with_a_warning() -> None:
    """200G endpoints on unsplit 400G ports: 1:1 by bandwidth is d x 200 = u x 400, u in whole
    twin-port cages: 40 down (8,000 Gb/s) against 20 up (8,000 Gb/s), 4 ports free."""
    plan = plan_fat_tree(
        PlanSpec(
            endpoints=80, switch=QM9700, endpoint_speed_gbps=200, breakout=BreakoutPolicy(tiers=frozenset()), tiers=2
        )
    )
    assert (plan.leaf_port_split.down, plan.leaf_port_split.up) == (40, 20)
    assert plan.oversubscription_label == "1:1"
    assert plan.endpoint_speed_gbps == 200
    assert WarningCode.ENDPOINT_SLOWER_THAN_PORT in {w.code for w in plan.warnings}


# --- layout, requirements, helpers ----------------------------------------------------------


def test_link_requirements_carry_count_speed_kind_and_default_distances() -> None:
    """Defaults: in_rack 3 m, within_row 30 m, between_rows 100 m."""
    plan = plan_fat_tree(PlanSpec(endpoints=4096, switch=QM9700))
    rows = [(r.tier, r.kind, r.count, r.speed_gbps, r.distance_m, r.placement) for r in plan.link_requirements]
    assert rows == [
        (LinkTier.NODE_LEAF, LinkKind.NODE_TO_SWITCH, 4096, 400, 3.0, PlacementClass.IN_RACK),
        (LinkTier.LEAF_SPINE, LinkKind.SWITCH_TO_SWITCH, 4096, 400, 30.0, PlacementClass.WITHIN_ROW),
        (LinkTier.SPINE_CORE, LinkKind.SWITCH_TO_SWITCH, 4096, 400, 100.0, PlacementClass.BETWEEN_ROWS),
    ]


def test_layout_takes_explicit_metres_or_reconfigured_class_distances() -> None:
    layout = PlanLayout(
        node_leaf=12.5,
        leaf_spine=PlacementClass.BETWEEN_ROWS,
        distances=PlacementDistances(between_rows=150),
    )
    plan = plan_fat_tree(PlanSpec(endpoints=100, switch=QM9700, layout=layout))
    node_leaf = plan.requirement(LinkTier.NODE_LEAF)
    leaf_spine = plan.requirement(LinkTier.LEAF_SPINE)
    assert node_leaf is not None and leaf_spine is not None
    assert (node_leaf.distance_m, node_leaf.placement) == (12.5, None)
    assert (leaf_spine.distance_m, leaf_spine.placement) == (150, PlacementClass.BETWEEN_ROWS)
    assert plan.requirement(LinkTier.SPINE_CORE) is None


def test_single_leaf_and_single_pod_are_flagged() -> None:
    assert WarningCode.SINGLE_LEAF in _codes(PlanSpec(endpoints=10, switch=EDR36, tiers=2))
    assert WarningCode.SINGLE_POD in _codes(PlanSpec(endpoints=100, switch=EDR36, tiers=3))


@pytest.mark.parametrize(
    ("text", "ratio"),
    [("1:1", 1.0), ("2:1", 2.0), (" 3 : 1 ", 3.0), ("4:3", 4 / 3), ("1.5", 1.5), (2, 2.0), (2.5, 2.5)],
)
def test_oversubscription_parser_reads_ratios(text: str | float, ratio: float) -> None:
    assert parse_oversubscription(text) == pytest.approx(ratio)


def test_smallest_divisor_and_leaf_split_helpers() -> None:
    assert smallest_divisor_at_least(32, 12) == 16
    assert smallest_divisor_at_least(72, 16) == 18
    assert smallest_divisor_at_least(18, 8) == 9
    assert smallest_divisor_at_least(7, 0) == 1
    assert leaf_port_split(36, 2.0, down_port_gbps=100, up_port_gbps=100) == (24, 12)
    assert leaf_port_split(64, 1.0, down_port_gbps=400, up_port_gbps=400, ports_per_cage=2) == (32, 32)
