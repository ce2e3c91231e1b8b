"""Exports: BOM CSV, plan JSON, cabling CSV and the topology SVG (networkx layout, matplotlib SVG)."""

from __future__ import annotations

import csv
import io
import json
import sys
import xml.etree.ElementTree as ET

from service.planner import (
    CableChoice,
    FabricManagerReservation,
    LinkTier,
    ModuleChoice,
    Plan,
    PlanSpec,
    SwitchSpec,
    TierMedium,
    bom_to_csv,
    build_bom,
    cabling_to_csv,
    iter_cabling,
    plan_fat_tree,
    plan_to_json,
    topology_svg,
    write_cabling_csv,
)

QM9700 = SwitchSpec(model="NVIDIA Quantum-2 QM9700", radix=64, port_speed_gbps=400, cages=32, ports_per_cage=2)
TWIN = ModuleChoice(part_number="TWIN-SR8", ports_per_module=2)
SVG = "{http://www.w3.org/2000/svg}"


def _one_su() -> Plan:
    return plan_fat_tree(
        PlanSpec(
            nodes=31,
            nics_per_node=8,
            switch=QM9700,
            rail_optimized=True,
            nodes_per_su=32,
            fabric_manager=FabricManagerReservation(),
        )
    )


def _media() -> list[TierMedium]:
    return [
        TierMedium(tier=LinkTier.NODE_LEAF, b_module=TWIN, cable=CableChoice(part_number="MPO-3", length_m=3)),
        TierMedium(tier=LinkTier.MANAGER_LEAF, cable=CableChoice(part_number="MPO-3", length_m=3)),
        TierMedium(
            tier=LinkTier.LEAF_SPINE,
            a_module=TWIN,
            b_module=TWIN,
            cable=CableChoice(part_number="MPO-30", length_m=30),
        ),
    ]


def _svg_text(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return " ".join(element.text or "" for element in root.iter(f"{SVG}text"))


def test_bom_csv_has_a_header_and_one_row_per_line() -> None:
    plan = _one_su()
    rows = list(csv.DictReader(io.StringIO(bom_to_csv(build_bom(plan, _media())))))
    assert [(row["category"], row["part_number"], row["quantity"], row["length_m"]) for row in rows] == [
        ("switch", "NVIDIA Quantum-2 QM9700", "12", ""),
        ("transceiver", "TWIN-SR8", "384", ""),
        ("cable", "MPO-3", "252", "3"),
        ("cable", "MPO-30", "256", "30"),
    ]
    assert rows[2]["tiers"] == "node_leaf+manager_leaf"
    assert rows[2]["length_class"] == "in_rack"


def test_plan_json_round_trips_and_names_the_bisection_direction() -> None:
    plan = _one_su()
    text = plan_to_json(plan)
    data = json.loads(text)
    assert data["bisection_gbps_per_direction"] == 51200
    assert data["switches"] == {"leaf": 8, "spine": 4, "core": 0, "total": 12}
    assert data["links"]["leaf_down"] == 252
    assert Plan.model_validate_json(text) == plan


def test_cabling_csv_streams_one_row_per_link() -> None:
    plan = _one_su()
    buffer = io.StringIO()
    assert write_cabling_csv(iter_cabling(plan, _media()), buffer) == 508
    rows = list(csv.DictReader(io.StringIO(buffer.getvalue())))
    assert len(rows) == 508
    assert rows[0] == {
        "cable_id": "NL-000001",
        "leg": "1",
        "tier": "node_leaf",
        "a_device": "node-0001",
        "a_port": "port1",
        "b_device": "leaf-0001",
        "b_port": "1/1",
        "speed_gbps": "400",
        "length_m": "3",
        "part_number": "MPO-3",
    }
    assert cabling_to_csv(plan, _media()) == buffer.getvalue()


def test_a_small_fabric_svg_shows_every_switch_and_the_per_direction_bisection() -> None:
    text = _svg_text(topology_svg(_one_su()))
    for name in ("leaf-1", "leaf-8", "spine-4", "31 + 1 FM / 32 down"):
        assert name in text
    assert "bisection 51,200 Gb/s per direction" in text
    assert "8 link(s) per leaf-spine pair" in text


def test_a_three_tier_k4_svg_draws_pods_as_clusters() -> None:
    plan = plan_fat_tree(PlanSpec(endpoints=16, switch=SwitchSpec(model="k4", radix=4, port_speed_gbps=1), tiers=3))
    svg = topology_svg(plan)
    text = _svg_text(svg)
    assert all(f"pod {pod}" in text for pod in range(1, 5))
    assert all(f"core-{core}" in text for core in range(1, 5))
    ids = [g.get("id") or "" for g in ET.fromstring(svg).iter(f"{SVG}g")]
    edges = [i for i in ids if i.startswith("edge-")]
    assert len(edges) == 16 + 16  # one per leaf-spine pair and per spine-core pair
    # Al-Fares k=4: leaf 1 meets both spines of pod 1; spine 1 meets cores 1-2, spine 2 cores 3-4.
    assert {"edge-leaf0-spine0", "edge-leaf0-spine1", "edge-spine0-core0", "edge-spine1-core3"} <= set(edges)
    assert [i for i in ids if i.startswith("pod-")] == ["pod-1", "pod-2", "pod-3", "pod-4"]


def test_the_svg_is_drawn_without_graphviz_and_is_reproducible() -> None:
    """pip-only drawing (networkx + matplotlib): no ``dot`` binary, and equal plans, equal bytes."""
    plan = _one_su()
    first = topology_svg(plan)
    assert first == topology_svg(plan)
    assert "graphviz" not in sys.modules
    assert "matplotlib.pyplot" not in sys.modules  # no global pyplot state in a server process


def test_a_large_fabric_svg_is_drawn_per_tier() -> None:
    plan = plan_fat_tree(PlanSpec(endpoints=65536, switch=QM9700))
    text = _svg_text(topology_svg(plan))
    assert "2,048 leaves" in text
    assert "1,024 cores" in text
    assert "65,536 links @ 400 Gb/s" in text
