"""The cabling list: one row per link, every switch port used once, bundles as the plan counts them."""

from __future__ import annotations

import itertools
import types
from collections import Counter

from service.planner import (
    CableRow,
    FabricManagerReservation,
    LinkTier,
    Plan,
    PlanSpec,
    SplitMode,
    SwitchSpec,
    iter_cabling,
    leaf_for_node_port,
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


def _h100_one_su() -> Plan:
    return plan_fat_tree(
        PlanSpec(
            nodes=31,
            nics_per_node=8,
            switch=QM9700,
            rail_optimized=True,
            nodes_per_su=32,
            fabric_manager=FabricManagerReservation(node_slots=1, ports=4),
        )
    )


def _assert_ports_used_once(rows: list[CableRow]) -> None:
    ends = Counter((row.a_device, row.a_port) for row in rows) + Counter((row.b_device, row.b_port) for row in rows)
    assert max(ends.values()) == 1


def test_h100_one_su_cabling_matches_the_counts() -> None:
    """FT-DOC-05 geometry, drawn out:

    node-01 … node-31 (+ UFM in slot 32)   port r -> leaf of rail r, down-link = slot
    leaf-1 … leaf-8  --8 links--> each of spine-1 … spine-4
    """
    plan = _h100_one_su()
    rows = list(iter_cabling(plan))
    by_tier = Counter(row.tier for row in rows)
    assert by_tier == {LinkTier.NODE_LEAF: 248, LinkTier.MANAGER_LEAF: 4, LinkTier.LEAF_SPINE: 256}
    _assert_ports_used_once(rows)
    first = rows[0]
    assert (first.a_device, first.a_port, first.b_device, first.b_port) == (
        "node-0001",
        "port1",
        "leaf-0001",
        "1/1",
    )
    rail_three = [row for row in rows if row.a_device == "node-0031" and row.a_port == "port3"]
    assert [(row.b_device, row.b_port) for row in rail_three] == [("leaf-0003", "16/1")]
    managers = [
        (row.a_device, row.a_port, row.b_device, row.b_port) for row in rows if row.tier is LinkTier.MANAGER_LEAF
    ]
    assert managers == [
        ("fm-1", "port1", "leaf-0001", "16/2"),
        ("fm-1", "port2", "leaf-0002", "16/2"),
        ("fm-1", "port3", "leaf-0003", "16/2"),
        ("fm-1", "port4", "leaf-0004", "16/2"),
    ]
    pairs = Counter((row.a_device, row.b_device) for row in rows if row.tier is LinkTier.LEAF_SPINE)
    assert len(pairs) == 32 and set(pairs.values()) == {8}
    leaf_one_up = [row for row in rows if row.tier is LinkTier.LEAF_SPINE and row.a_device == "leaf-0001"]
    assert (leaf_one_up[0].a_port, leaf_one_up[0].b_device, leaf_one_up[0].b_port) == (
        "17/1",
        "spine-0001",
        "1/1",
    )
    assert (leaf_one_up[-1].a_port, leaf_one_up[-1].b_device, leaf_one_up[-1].b_port) == (
        "32/2",
        "spine-0004",
        "4/2",
    )


def test_rows_land_where_leaf_for_node_port_says() -> None:
    plan = _h100_one_su()
    leaf, position = leaf_for_node_port(plan, slot=30, nic=7)
    assert (leaf, position) == (7, 30)
    (row,) = [r for r in iter_cabling(plan) if r.a_device == "node-0031" and r.a_port == "port8"]
    assert (row.b_device, row.b_port) == ("leaf-0008", "16/1")


def test_a_k4_fat_tree_wires_every_core_to_every_pod_once() -> None:
    """Al-Fares k=4: each core has one port to each pod; 48 links in all."""
    plan = plan_fat_tree(PlanSpec(endpoints=16, switch=SwitchSpec(model="k4", radix=4, port_speed_gbps=1), tiers=3))
    rows = list(iter_cabling(plan))
    assert len(rows) == plan.links.total == 48
    _assert_ports_used_once(rows)
    spine_pod = {f"spine-{index + 1:04d}": index // 2 for index in range(8)}
    core_pods = Counter((row.b_device, spine_pod[row.a_device]) for row in rows if row.tier is LinkTier.SPINE_CORE)
    assert len(core_pods) == 16 and set(core_pods.values()) == {1}
    leaf_pods = Counter(
        (int(row.a_device[5:]) - 1) // 2 == spine_pod[row.b_device] for row in rows if row.tier is LinkTier.LEAF_SPINE
    )
    assert leaf_pods == {True: 16}  # leaves only reach the spines of their own pod


def test_split_ports_are_named_cage_port_leg() -> None:
    plan = plan_fat_tree(PlanSpec(endpoints=8, switch=QM9700, endpoint_speed_gbps=200))
    rows = [row for row in iter_cabling(plan) if row.tier is LinkTier.NODE_LEAF]
    assert [row.b_port for row in rows[:4]] == ["1/1/1", "1/1/2", "1/2/1", "1/2/2"]
    assert {row.speed_gbps for row in rows} == {200}


def test_a_two_tier_plan_with_uneven_spine_rounding_uses_every_port_once() -> None:
    """H100 3 SU: 24 leaves, 16 spines, 2 links per pair; each spine has 48 of 64 ports used."""
    plan = plan_fat_tree(PlanSpec(nodes=96, nics_per_node=8, switch=QM9700, rail_optimized=True, nodes_per_su=32))
    rows = list(iter_cabling(plan))
    assert len(rows) == plan.links.total
    _assert_ports_used_once(rows)
    per_spine = Counter(row.b_device for row in rows if row.tier is LinkTier.LEAF_SPINE)
    assert set(per_spine.values()) == {48}


def test_the_cabling_list_is_lazy_for_large_fabrics() -> None:
    plan = plan_fat_tree(PlanSpec(endpoints=65536, switch=QM9700))
    rows = iter_cabling(plan)
    assert isinstance(rows, types.GeneratorType)
    head = list(itertools.islice(rows, 3))
    assert [row.cable_id for row in head] == ["NL-000001", "NL-000002", "NL-000003"]
