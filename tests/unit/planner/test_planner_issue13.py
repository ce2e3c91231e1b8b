"""Issue 13 in the pure planner: exact ratios or a refusal naming the nearest, one-switch fabrics,
planes (with their cabling and BOM) and uplink bundles in two and three tiers.

Reference values: the k-ary fat tree of Al-Fares et al. (SIGCOMM 2008) and the two-tier split
d = k·r/(r+1), u = k/(r+1) (fattree-references.md §1.2); every other number is derived in the test's
docstring.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.errors import InputValidationError
from service.planner import (
    CableChoice,
    FabricManagerReservation,
    LinkTier,
    ModuleChoice,
    OversubscriptionNotBuildableError,
    PlanSpec,
    SwitchSpec,
    TierMedium,
    TooManyEndpointsError,
    WarningCode,
    build_bom,
    buildable_ratios,
    iter_cabling,
    leaf_port_split,
    plan_fat_tree,
)
from service.planner.handoff import ib_speed_name, netbox_interface_type
from service.planner.sizing import _nearest_ratios
from service.planning import GenericSwitch, generic_switch_spec

K8 = SwitchSpec(model="k8", radix=8, port_speed_gbps=1)
QM9700 = SwitchSpec(model="QM9700", radix=64, port_speed_gbps=400, ports_per_cage=2)


@pytest.mark.parametrize(
    ("radix", "ratio", "per_cage", "split"),
    [
        (36, 1.0, 1, (18, 18)),
        (36, 2.0, 1, (24, 12)),  # JLab: 24 nodes, 12 up-links
        (36, 3.0, 1, (27, 9)),
        (36, 4 / 3, 1, (20, 15)),  # 35 of 36 ports: 36 ports cannot split 4:3
        (64, 5.0, 2, (50, 10)),  # whole twin-port cages up; 4 ports free
        (63, 1.0, 1, (31, 31)),  # an odd port count leaves one port free
    ],
)
def test_the_leaf_split_gives_exactly_the_ratio(
    radix: int, ratio: float, per_cage: int, split: tuple[int, int]
) -> None:
    assert leaf_port_split(radix, ratio, down_port_gbps=100, up_port_gbps=100, ports_per_cage=per_cage) == split


def test_a_ratio_no_split_gives_is_refused_with_the_nearest_below_and_above() -> None:
    """4 ports: the buildable ratios are 1:1 (2/2 or 1/1), 2:1, 3:1; 3:2 lies between 1:1 and 2:1."""
    with pytest.raises(OversubscriptionNotBuildableError) as refused:
        leaf_port_split(4, 1.5, down_port_gbps=100, up_port_gbps=100)
    assert (refused.value.code, refused.value.requested, refused.value.nearest) == (
        "OVERSUBSCRIPTION_NOT_BUILDABLE",
        "3:2",
        ("1:1", "2:1"),
    )
    assert [f"{r.numerator}:{r.denominator}" for r in buildable_ratios(4, down_port_gbps=1, up_port_gbps=1)] == [
        "1:1",
        "2:1",
        "3:1",
    ]


def test_endpoints_that_fit_one_switch_get_one_switch_with_the_fabric_manager() -> None:
    """30 endpoints + 2 UFM links (2 reserved single-NIC slots) on a 36-port switch: one switch, 32
    ports used, no uplinks."""
    plan = plan_fat_tree(
        PlanSpec(
            endpoints=30,
            switch=SwitchSpec(model="k36", radix=36, port_speed_gbps=100),
            fabric_manager=FabricManagerReservation(node_slots=2, ports=2),
        )
    )
    assert (plan.tiers, plan.switches.total, plan.links.leaf_spine) == (1, 1, 0)
    assert (plan.links.node_leaf, plan.links.manager_leaf) == (30, 2)
    leaf = plan.ports[0]
    assert (leaf.used, leaf.free) == (32, 4)
    rows = list(iter_cabling(plan))
    assert Counter(row.tier for row in rows) == {LinkTier.NODE_LEAF: 30, LinkTier.MANAGER_LEAF: 2}
    assert {row.b_device for row in rows} == {"leaf-0001"}
    assert WarningCode.SINGLE_SWITCH in {w.code for w in plan.warnings}


def test_rails_on_their_own_leaves_are_never_folded_into_one_switch() -> None:
    plan = plan_fat_tree(PlanSpec(nodes=4, nics_per_node=8, switch=QM9700, rail_optimized=True))
    assert (plan.tiers, plan.switches.leaf) == (2, 8)  # one leaf per rail
    with pytest.raises(TooManyEndpointsError):
        plan_fat_tree(PlanSpec(endpoints=65, switch=QM9700, tiers=1))


def test_planes_cable_every_node_nic_to_its_own_plane_and_use_every_port_once() -> None:
    """8 nodes x 2 NICs on 2 planes of 8-port switches: each plane is one switch of 8 links."""
    plan = plan_fat_tree(PlanSpec(nodes=8, nics_per_node=2, switch=K8, planes=2))
    assert (plan.planes, plan.tiers, plan.switches.total, plan.links.total) == (2, 1, 2, 16)
    rows = list(iter_cabling(plan))
    assert len(rows) == 16
    assert Counter(row.b_device for row in rows) == {"p1-leaf-0001": 8, "p2-leaf-0001": 8}
    node1 = sorted((row.a_port, row.b_device) for row in rows if row.a_device == "node-0001")
    assert node1 == [("port1", "p1-leaf-0001"), ("port2", "p2-leaf-0001")]
    ends = Counter((row.a_device, row.a_port) for row in rows) + Counter((row.b_device, row.b_port) for row in rows)
    assert max(ends.values()) == 1


def test_planes_count_a_twin_port_node_module_per_node_not_per_plane() -> None:
    """4 DGX-like nodes, 8 NICs in 4 twin-port cages, 8 planes: 16 node modules (4 x 4), not 32;
    switch-side modules are per plane: each plane's one switch uses 2 cages (4 links)."""
    plan = plan_fat_tree(PlanSpec(nodes=4, nics_per_node=8, switch=QM9700, planes=8))
    assert (plan.switches.total, plan.links.node_leaf) == (8, 32)
    media = [
        TierMedium(
            tier=LinkTier.NODE_LEAF,
            a_module=ModuleChoice(part_number="NODE-TWIN", ports_per_module=2),
            b_module=ModuleChoice(part_number="SWITCH-TWIN", ports_per_module=2),
            cable=CableChoice(part_number="FIBER", length_m=30),
        )
    ]
    bom = build_bom(plan, media)
    assert (bom.quantity("NODE-TWIN"), bom.quantity("SWITCH-TWIN"), bom.quantity("FIBER")) == (16, 16, 32)
    assert bom.quantity("QM9700") == 8


def test_uplink_bundles_in_three_tiers_halve_the_pods_leaves_and_spines() -> None:
    """k = 8, 64 endpoints, 3 tiers, 2 links per leaf-spine pair: pods of 4/2 = 2 leaves and 2 spines,
    8 pods; 16 leaves, 16 spines, each spine position's group of 4 cores (32 uplinks / 8 ports), 8
    cores; 64 links per tier; the cabling uses every port once with 2 links per leaf-spine pair."""
    plan = plan_fat_tree(PlanSpec(endpoints=64, switch=K8, tiers=3, uplinks_per_pair=2))
    assert (plan.pods, plan.switches.leaf, plan.switches.spine, plan.switches.core) == (8, 16, 16, 8)
    assert (plan.links.leaf_spine, plan.links.spine_core) == (64, 64)
    assert (plan.links_per_leaf_spine_pair, plan.links_per_spine_core_pair) == (2, 1)
    rows = list(iter_cabling(plan))
    ends = Counter((row.a_device, row.a_port) for row in rows) + Counter((row.b_device, row.b_port) for row in rows)
    assert max(ends.values()) == 1
    pairs = Counter((row.a_device, row.b_device) for row in rows if row.tier is LinkTier.LEAF_SPINE)
    assert set(pairs.values()) == {2}


def test_netbox_and_topology_names_follow_the_port_speed_and_protocol() -> None:
    """NetBox slugs (netbox/dcim/choices.py): InfiniBand by generation, Ethernet by rate and cage."""
    assert netbox_interface_type(400, protocol="InfiniBand", form_factor="OSFP") == "infiniband-ndr"
    assert netbox_interface_type(200, protocol="infiniband", form_factor="QSFP56") == "infiniband-hdr"
    assert netbox_interface_type(400, protocol="Ethernet", form_factor="OSFP") == "400gbase-x-osfp"
    assert netbox_interface_type(100, protocol="Ethernet", form_factor="QSFP28") == "100gbase-x-qsfp28"
    assert netbox_interface_type(100, protocol=None, form_factor=None) == "other"
    assert (ib_speed_name(400), ib_speed_name(800), ib_speed_name(1)) == ("NDR", "XDR", None)


@settings(max_examples=300, deadline=None)
@given(
    radix=st.integers(3, 48),
    per_cage=st.sampled_from([1, 2]),
    down=st.sampled_from([100, 200, 400]),
    up=st.sampled_from([100, 200, 400]),
    ratio=st.fractions(min_value=1, max_value=80, max_denominator=20),
)
def test_the_nearest_ratios_named_in_a_refusal_are_the_nearest_of_all_buildable_ones(
    radix: int, per_cage: int, down: int, up: int, ratio: Fraction
) -> None:
    """The refusal's O(radix) search agrees with the O(radix²) list of every buildable ratio."""
    every = buildable_ratios(radix, down_port_gbps=down, up_port_gbps=up, ports_per_cage=per_cage)
    below = [q for q in every if q < ratio]
    above = [q for q in every if q > ratio]
    expected = (below[-1] if below else None, above[0] if above else None)
    assert _nearest_ratios(radix, ratio, Fraction(down), Fraction(up), per_cage) == expected


def test_a_generic_switch_radix_is_bounded_and_its_splits_read() -> None:
    with pytest.raises(InputValidationError, match="4 to 4,096 logical ports"):
        generic_switch_spec(GenericSwitch(radix=100_000, port_speed_gbps=400), generations=())
    with pytest.raises(InputValidationError, match="not '<legs>x<rate>'"):
        generic_switch_spec(GenericSwitch(radix=64, port_speed_gbps=400, split_modes=("two ways",)), generations=())
    choice = generic_switch_spec(GenericSwitch(radix=64, port_speed_gbps=400, split_modes=("4x100G",)), generations=())
    assert (choice.model, choice.generic, choice.form_factor) == ("generic 64-port 400G", True, None)
    (mode,) = choice.spec.split_modes
    assert (mode.legs, mode.leg_speed_gbps) == (4, 100)
