"""Exports of a plan: BOM as CSV, the plan as JSON, the cabling list as CSV, a topology SVG.

The SVG is laid out and drawn by Graphviz (``dot``) through the ``graphviz`` Python package
(PyPI ``graphviz``; the ``dot`` binary from Debian's ``graphviz`` package). It is imported only
inside :func:`topology_svg`, so the rest of the planner needs nothing but pydantic.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any, TextIO

from service.planner.cabling import iter_cabling
from service.planner.models import Bom, CableRow, Plan, TierMedium
from service.planner.sizing import leaf_down_links

__all__ = [
    "BOM_CSV_COLUMNS",
    "CABLING_CSV_COLUMNS",
    "bom_to_csv",
    "cabling_to_csv",
    "plan_to_json",
    "topology_svg",
    "write_cabling_csv",
]

BOM_CSV_COLUMNS = (
    "category",
    "part_number",
    "description",
    "quantity",
    "length_m",
    "length_class",
    "tiers",
)
"""Columns of :func:`bom_to_csv`; ``length_m`` is in metres, empty for switches and modules."""

CABLING_CSV_COLUMNS = (
    "cable_id",
    "leg",
    "tier",
    "a_device",
    "a_port",
    "b_device",
    "b_port",
    "speed_gbps",
    "length_m",
    "part_number",
)
"""Columns of the cabling CSV: one row per link; speed in Gb/s, length in metres."""

DETAIL_MAX_SWITCHES = 64
"""Above this many switches (or 1,024 switch pairs) the SVG draws one box per tier instead."""

_DETAIL_MAX_PAIRS = 1024
_FILL = {"leaf": "#d9ecf7", "spine": "#fde8c8", "core": "#e4d9f3", "nodes": "#eeeeee"}


def bom_to_csv(bom: Bom) -> str:
    """Render a BOM as CSV text (header row, then one row per line; tiers joined by ``+``).

    Args:
        bom: From :func:`~service.planner.bom.build_bom`.

    Returns:
        CSV text with the columns of :data:`BOM_CSV_COLUMNS`, ``\\r\\n`` line ends.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(BOM_CSV_COLUMNS)
    for line in bom.lines:
        writer.writerow(
            (
                line.category.value,
                line.part_number,
                line.description,
                line.quantity,
                "" if line.length_m is None else f"{line.length_m:g}",
                line.length_class or "",
                "+".join(line.tiers),
            )
        )
    return buffer.getvalue()


def plan_to_json(plan: Plan, *, indent: int | None = 2) -> str:
    """Serialise a plan (with its spec, geometry and warnings) as JSON.

    Args:
        plan: The plan.
        indent: JSON indentation, ``None`` for compact output.

    Returns:
        JSON text; ``Plan.model_validate_json`` reads it back to an equal plan.
    """
    return plan.model_dump_json(indent=indent)


def write_cabling_csv(rows: Iterable[CableRow], stream: TextIO) -> int:
    """Stream cabling rows to a text stream as CSV.

    Args:
        rows: From :func:`~service.planner.cabling.iter_cabling` (consumed lazily).
        stream: Writable text stream (open files with ``newline=""``).

    Returns:
        Rows written (excluding the header).
    """
    writer = csv.writer(stream)
    writer.writerow(CABLING_CSV_COLUMNS)
    count = 0
    for row in rows:
        writer.writerow(
            (
                row.cable_id,
                row.leg,
                row.tier.value,
                row.a_device,
                row.a_port,
                row.b_device,
                row.b_port,
                f"{row.speed_gbps:g}",
                f"{row.length_m:g}",
                row.part_number or "",
            )
        )
        count += 1
    return count


def cabling_to_csv(plan: Plan, media: Iterable[TierMedium] | None = None) -> str:
    """Enumerate a plan's cabling list and render it as CSV text (O(links); ask only when needed).

    Args:
        plan: The plan.
        media: Optional media per tier, for cable part numbers and splitter grouping.

    Returns:
        CSV text with the columns of :data:`CABLING_CSV_COLUMNS`.
    """
    buffer = io.StringIO()
    write_cabling_csv(iter_cabling(plan, media), buffer)
    return buffer.getvalue()


def _title(plan: Plan) -> str:
    pairs = f"{plan.links_per_leaf_spine_pair} link(s) per leaf-spine pair"
    if plan.tiers == 3:
        pairs += f", {plan.links_per_spine_core_pair} per spine-core pair"
    return (
        f"{plan.spec.switch.model}: {plan.tiers}-tier fat tree, "
        f"{plan.switches.leaf} leaf / {plan.switches.spine} spine / {plan.switches.core} core; "
        f"{plan.endpoints:,} endpoints at {plan.endpoint_speed_gbps:g} Gb/s, "
        f"{plan.oversubscription_label}\n{pairs}; bisection "
        f"{plan.bisection_gbps_per_direction:,.0f} Gb/s per direction"
    )


def _pairs(plan: Plan) -> int:
    leaf_spine = plan.switches.leaf * (plan.leaf_port_split.up_links // plan.links_per_leaf_spine_pair)
    spine_core = plan.switches.spine * plan.geometry.cores_per_group
    return leaf_spine + spine_core


def topology_svg(plan: Plan, *, detail_max_switches: int = DETAIL_MAX_SWITCHES) -> str:
    """Draw the plan's topology as SVG with Graphviz ``dot``.

    Small fabrics are drawn switch by switch (pods as clusters, one edge per switch pair, the
    links per pair in the title); larger ones as one box per tier with the link totals.

    Args:
        plan: The plan.
        detail_max_switches: Largest switch count drawn switch by switch.

    Returns:
        The SVG document as text.

    Raises:
        graphviz.ExecutableNotFound: The ``dot`` binary is not installed.
    """
    import graphviz  # type: ignore[import-untyped]  # no type hints shipped; see module docstring

    graph = graphviz.Graph(name="fabric", engine="dot", format="svg")
    graph.attr(
        rankdir="BT",
        newrank="true",
        splines="line",
        fontname="Helvetica",
        labelloc="t",
        label=_title(plan),
    )
    graph.attr("node", fontname="Helvetica", fontsize="10", shape="box", style="rounded,filled")
    graph.attr("edge", color="#5b6770", fontname="Helvetica", fontsize="10")
    if plan.switches.total <= detail_max_switches and _pairs(plan) <= _DETAIL_MAX_PAIRS:
        _draw_switches(graph, plan)
    else:
        _draw_tiers(graph, plan)
    svg: str = graph.pipe(format="svg", encoding="utf-8")
    return svg


def _draw_switches(graph: Any, plan: Plan) -> None:
    """One node per switch, pods as clusters; one edge per switch pair."""
    geometry = plan.geometry
    split = plan.leaf_port_split
    per_pair = plan.links_per_leaf_spine_pair
    pods = plan.pods if plan.tiers == 3 else 1
    # Step 1: switches, grouped by pod (3 tiers) so dot keeps each pod together.
    for pod in range(pods):
        leaves = range(
            pod * geometry.leaves_per_pod, min(plan.switches.leaf, (pod + 1) * geometry.leaves_per_pod)
        )
        spines = range(pod * geometry.spines_per_pod, (pod + 1) * geometry.spines_per_pod)
        with graph.subgraph(name=f"cluster_pod{pod + 1}" if plan.tiers == 3 else "fabric") as sub:
            if plan.tiers == 3:
                sub.attr(label=f"pod {pod + 1}", style="dashed", color="#999999")
            for leaf in leaves:
                used, manager = leaf_down_links(plan, leaf)
                extra = f" + {manager} FM" if manager else ""
                sub.node(
                    f"leaf{leaf}",
                    f"leaf-{leaf + 1}\n{used}{extra} / {split.down_links} down",
                    fillcolor=_FILL["leaf"],
                )
            for spine in spines:
                sub.node(f"spine{spine}", f"spine-{spine + 1}", fillcolor=_FILL["spine"])
    # Step 2: one rank per tier, kept in index order by invisible edges.
    for tier, count in (
        ("leaf", plan.switches.leaf),
        ("spine", plan.switches.spine),
        ("core", plan.switches.core),
    ):
        if not count:
            continue
        with graph.subgraph(name=f"rank_{tier}") as rank:
            rank.attr(rank="same")
            for index in range(count):
                if tier == "core":
                    rank.node(f"core{index}", f"core-{index + 1}", fillcolor=_FILL["core"])
                else:
                    rank.node(f"{tier}{index}")
            for index in range(count - 1):
                rank.edge(f"{tier}{index}", f"{tier}{index + 1}", style="invis")
    # Step 3: one edge per switch pair; the links per pair are in the title.
    for leaf in range(plan.switches.leaf):
        pod = leaf // geometry.leaves_per_pod
        for bundle in range(split.up_links // per_pair):
            graph.edge(f"leaf{leaf}", f"spine{pod * geometry.spines_per_pod + bundle}")
    for spine in range(plan.switches.spine if plan.tiers == 3 else 0):
        position = spine % geometry.spines_per_pod
        for member in range(geometry.cores_per_group):
            graph.edge(f"spine{spine}", f"core{position * geometry.cores_per_group + member}")


def _draw_tiers(graph: Any, plan: Plan) -> None:
    """One box per tier with counts; edges carry the link totals."""
    split = plan.leaf_port_split
    speed = plan.geometry.inter_switch_speed_gbps
    nodes_label = f"{plan.endpoints:,} endpoints\n{plan.endpoint_speed_gbps:g} Gb/s"
    if plan.links.manager_leaf:
        nodes_label += f"\n+ {plan.links.manager_leaf} fabric-manager links"
    graph.node("nodes", nodes_label, fillcolor=_FILL["nodes"])
    graph.node(
        "leaf",
        f"{plan.switches.leaf:,} leaves\n{split.down} down / {split.up} up ports",
        fillcolor=_FILL["leaf"],
    )
    spine_label = f"{plan.switches.spine:,} spines"
    if plan.tiers == 3:
        spine_label += f"\n{plan.pods} pods x {plan.geometry.spines_per_pod}"
    graph.node("spine", spine_label, fillcolor=_FILL["spine"])
    graph.edge("nodes", "leaf", label=f"{plan.links.leaf_down:,} links @ {plan.endpoint_speed_gbps:g} Gb/s")
    graph.edge(
        "leaf",
        "spine",
        label=(
            f"{plan.links.leaf_spine:,} links @ {speed:g} Gb/s\n"
            f"{plan.links_per_leaf_spine_pair} per leaf-spine pair"
        ),
    )
    if plan.tiers == 3:
        graph.node(
            "core",
            f"{plan.switches.core:,} cores\n{plan.geometry.spines_per_pod} groups x "
            f"{plan.geometry.cores_per_group}",
            fillcolor=_FILL["core"],
        )
        graph.edge(
            "spine",
            "core",
            label=(
                f"{plan.links.spine_core:,} links @ {speed:g} Gb/s\n"
                f"{plan.links_per_spine_core_pair} per spine-core pair"
            ),
        )
