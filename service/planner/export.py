"""Exports of a plan: BOM as CSV, the plan as JSON, the cabling list as CSV, a topology SVG.

The SVG is pip-only: the switch graph and its layered layout come from ``networkx``
(``multipartite_layout``), the drawing from ``matplotlib``'s SVG canvas (no display, no ``dot``
binary, no pyplot state). Both are imported only inside :func:`topology_svg`, so the rest of the
planner needs nothing but pydantic.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import TYPE_CHECKING, TextIO

from service.planner.cabling import iter_cabling
from service.planner.models import Bom, CableRow, Plan, TierMedium
from service.planner.sizing import leaf_down_links

if TYPE_CHECKING:  # drawing libraries are imported lazily, inside topology_svg
    import networkx as nx  # type: ignore[import-untyped]  # networkx ships no type hints
    from matplotlib.axes import Axes

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
_LAYER = {"nodes": 0, "leaf": 1, "spine": 2, "core": 3}
_EDGE_COLOUR = "#5b6770"
_SVG_RC = {
    "svg.fonttype": "none",  # keep labels as <text>, so the SVG is searchable and small
    "svg.hashsalt": "fabricgraph-topology",  # stable element ids: equal plans give equal SVG
    "font.family": "DejaVu Sans",  # ships with matplotlib
    "font.size": 8.0,
}


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


def cabling_to_csv(plan: Plan, media: Iterable[TierMedium] | None = None, *, missing_ok: bool = False) -> str:
    """Enumerate a plan's cabling list and render it as CSV text (O(links); ask only when needed).

    Args:
        plan: The plan.
        media: Optional media per tier, for cable part numbers and splitter grouping.
        missing_ok: Accept media that leave out tiers with links (their rows get no part).

    Returns:
        CSV text with the columns of :data:`CABLING_CSV_COLUMNS`.
    """
    buffer = io.StringIO()
    write_cabling_csv(iter_cabling(plan, media, missing_ok=missing_ok), buffer)
    return buffer.getvalue()


def _title(plan: Plan) -> str:
    pairs = f"{plan.links_per_leaf_spine_pair} link(s) per leaf-spine pair"
    if plan.tiers == 3:
        pairs += f", {plan.links_per_spine_core_pair} per spine-core pair"
    planes = f" x {plan.planes} planes (one drawn)" if plan.planes > 1 else ""
    return (
        f"{plan.spec.switch.model}: {plan.tiers}-tier fat tree{planes}, "
        f"{plan.switches.leaf} leaf / {plan.switches.spine} spine / {plan.switches.core} core; "
        f"{plan.endpoints:,} endpoints at {plan.endpoint_speed_gbps:g} Gb/s, "
        f"{plan.oversubscription_label}\n{pairs}; bisection "
        f"{plan.bisection_gbps_per_direction:,.0f} Gb/s per direction"
    )


def _pairs(plan: Plan) -> int:
    if plan.tiers == 1:
        return 0
    leaf_spine = plan.switches.leaf * (plan.leaf_port_split.up_links // plan.links_per_leaf_spine_pair)
    spine_core = plan.switches.spine * plan.geometry.cores_per_group
    return leaf_spine + spine_core


def topology_svg(plan: Plan, *, detail_max_switches: int = DETAIL_MAX_SWITCHES) -> str:
    """Draw the plan's topology as an SVG document (networkx layout, matplotlib SVG canvas).

    Small fabrics are drawn switch by switch: one row per tier (leaves at the bottom), pods as
    dashed frames, one line per switch pair (``<g id="edge-…">``; the links per pair are in the
    title). Larger ones are drawn as one box per tier with the link totals on the lines. Labels
    are SVG ``<text>`` elements; equal plans give byte-identical SVG.

    Args:
        plan: The plan.
        detail_max_switches: Largest switch count drawn switch by switch (and at most 1,024
            switch pairs).

    Returns:
        The SVG document as text.
    """
    import matplotlib as mpl
    import networkx as nx
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    title = _title(plan)
    if plan.plane_plan is not None:  # draw one plane; the title gives the totals
        plan = plan.plane_plan
    detailed = plan.switches.total <= detail_max_switches and _pairs(plan) <= _DETAIL_MAX_PAIRS
    graph = _switch_graph(plan) if detailed else _tier_graph(plan)
    # Step 1: lay the graph out in rows, one per layer (nodes, leaf, spine, core), bottom up.
    rows: dict[int, list[str]] = {}
    for node, data in graph.nodes(data=True):  # insertion order: switch index, pod by pod
        rows.setdefault(data["layer"], []).append(node)
    positions = {
        node: (float(x), float(y))
        for node, (x, y) in nx.multipartite_layout(graph, subset_key=rows, align="horizontal").items()
    }
    # multipartite_layout spaces every row alike and centres it; rescale to figure inches.
    widest = max(len(row) for row in rows.values())
    layers = sorted(rows)
    width_in = max(8.0, 1.25 * widest) if detailed else 8.0
    height_in = 1.2 + 1.3 * len(layers)
    xs = sorted({x for x, _ in positions.values()})
    ys = sorted({y for _, y in positions.values()})
    x_span = (xs[-1] - xs[0]) or 1.0
    y_span = (ys[-1] - ys[0]) or 1.0
    x_scale = (width_in - 1.25) / x_span if widest > 1 else 1.0
    y_scale = (height_in - 1.6) / y_span if len(layers) > 1 else 1.0
    placed = {node: (x * x_scale, y * y_scale) for node, (x, y) in positions.items()}
    # Step 2: draw lines, then boxes over them, on a figure that never touches pyplot.
    with mpl.rc_context(_SVG_RC):  # type: ignore[arg-type]  # keys are rcParams names
        figure = Figure(figsize=(width_in, height_in))
        FigureCanvasSVG(figure)
        axes = figure.add_axes((0.0, 0.0, 1.0, 1.0 - 0.9 / height_in))
        axes.set_axis_off()
        _draw(axes, graph, placed, detailed)
        xs_placed = [x for x, _ in placed.values()]
        ys_placed = [y for _, y in placed.values()]
        axes.set_xlim(min(xs_placed) - 0.75, max(xs_placed) + 0.75)
        axes.set_ylim(min(ys_placed) - 0.5, max(ys_placed) + 0.5)
        figure.suptitle(title, fontsize=9, y=1.0 - 0.12 / height_in, va="top")
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def _switch_graph(plan: Plan) -> nx.Graph:
    """One node per switch (pods kept together in each row); one edge per switch pair."""
    import networkx as nx

    graph = nx.Graph()
    geometry = plan.geometry
    split = plan.leaf_port_split
    per_pair = plan.links_per_leaf_spine_pair
    three = plan.tiers == 3
    # Step 1: switches, pod by pod, so every row keeps a pod's switches side by side.
    for leaf in range(plan.switches.leaf):
        used, manager = leaf_down_links(plan, leaf)
        extra = f" + {manager} FM" if manager else ""
        graph.add_node(
            f"leaf{leaf}",
            layer=_LAYER["leaf"],
            kind="leaf",
            pod=leaf // geometry.leaves_per_pod if three else 0,
            label=f"leaf-{leaf + 1}\n{used}{extra} / {split.down_links} down",
        )
    for spine in range(plan.switches.spine):
        graph.add_node(
            f"spine{spine}",
            layer=_LAYER["spine"],
            kind="spine",
            pod=spine // geometry.spines_per_pod if three else 0,
            label=f"spine-{spine + 1}",
        )
    for core in range(plan.switches.core):
        graph.add_node(f"core{core}", layer=_LAYER["core"], kind="core", pod=None, label=f"core-{core + 1}")
    # Step 2: one edge per switch pair, carrying its link count.
    for leaf in range(plan.switches.leaf if per_pair else 0):
        pod = leaf // geometry.leaves_per_pod
        for bundle in range(split.up_links // per_pair):
            graph.add_edge(f"leaf{leaf}", f"spine{pod * geometry.spines_per_pod + bundle}", links=per_pair)
    for spine in range(plan.switches.spine if three else 0):
        position = spine % geometry.spines_per_pod
        for member in range(geometry.cores_per_group):
            graph.add_edge(
                f"spine{spine}",
                f"core{position * geometry.cores_per_group + member}",
                links=plan.links_per_spine_core_pair,
            )
    return graph


def _tier_graph(plan: Plan) -> nx.Graph:
    """One node per tier with its counts; edges carry the link totals."""
    import networkx as nx

    graph = nx.Graph()
    split = plan.leaf_port_split
    speed = plan.geometry.inter_switch_speed_gbps
    nodes_label = f"{plan.endpoints:,} endpoints\n{plan.endpoint_speed_gbps:g} Gb/s"
    if plan.links.manager_leaf:
        nodes_label += f"\n+ {plan.links.manager_leaf} fabric-manager links"
    graph.add_node("nodes", layer=_LAYER["nodes"], kind="nodes", pod=None, label=nodes_label)
    graph.add_node(
        "leaf",
        layer=_LAYER["leaf"],
        kind="leaf",
        pod=None,
        label=f"{plan.switches.leaf:,} leaves\n{split.down} down / {split.up} up ports",
    )
    spine_label = f"{plan.switches.spine:,} spines"
    if plan.tiers == 3:
        spine_label += f"\n{plan.pods} pods x {plan.geometry.spines_per_pod}"
    graph.add_node("spine", layer=_LAYER["spine"], kind="spine", pod=None, label=spine_label)
    graph.add_edge("nodes", "leaf", label=f"{plan.links.leaf_down:,} links @ {plan.endpoint_speed_gbps:g} Gb/s")
    graph.add_edge(
        "leaf",
        "spine",
        label=(
            f"{plan.links.leaf_spine:,} links @ {speed:g} Gb/s\n{plan.links_per_leaf_spine_pair} per leaf-spine pair"
        ),
    )
    if plan.tiers == 3:
        graph.add_node(
            "core",
            layer=_LAYER["core"],
            kind="core",
            pod=None,
            label=(
                f"{plan.switches.core:,} cores\n{plan.geometry.spines_per_pod} groups x {plan.geometry.cores_per_group}"
            ),
        )
        graph.add_edge(
            "spine",
            "core",
            label=(
                f"{plan.links.spine_core:,} links @ {speed:g} Gb/s\n"
                f"{plan.links_per_spine_core_pair} per spine-core pair"
            ),
        )
    return graph


def _draw(axes: Axes, graph: nx.Graph, placed: dict[str, tuple[float, float]], detailed: bool) -> None:
    """Lines first (one artist per switch pair, ``gid`` edge-A-B), then boxes, then pod frames."""
    from matplotlib.patches import FancyBboxPatch

    # Step 1: edges.
    for a, b, data in graph.edges(data=True):
        (xa, ya), (xb, yb) = placed[a], placed[b]
        axes.plot([xa, xb], [ya, yb], color=_EDGE_COLOUR, linewidth=0.6, zorder=1, gid=f"edge-{a}-{b}")
        if "label" in data:
            axes.text(
                (xa + xb) / 2 + 0.08,
                (ya + yb) / 2,
                data["label"],
                ha="left",
                va="center",
                fontsize=8,
                color="#333333",
                zorder=2,
            )
    # Step 2: switch (or tier) boxes with their labels.
    for node, data in graph.nodes(data=True):
        x, y = placed[node]
        axes.text(
            x,
            y,
            data["label"],
            ha="center",
            va="center",
            fontsize=7 if detailed else 9,
            zorder=3,
            gid=f"node-{node}",
            bbox={
                "boxstyle": "round,pad=0.35",
                "facecolor": _FILL[data["kind"]],
                "edgecolor": _EDGE_COLOUR,
                "linewidth": 0.6,
            },
        )
    # Step 3: pods (three tiers) as dashed frames round their leaves and spines.
    pods: dict[int, list[tuple[float, float]]] = {}
    for node, data in graph.nodes(data=True):
        if data["pod"] is not None and data["kind"] in ("leaf", "spine"):
            pods.setdefault(data["pod"], []).append(placed[node])
    if len(pods) > 1:
        for pod, points in sorted(pods.items()):
            left = min(x for x, _ in points) - 0.55
            right = max(x for x, _ in points) + 0.55
            bottom = min(y for _, y in points) - 0.38
            top = max(y for _, y in points) + 0.38
            axes.add_patch(
                FancyBboxPatch(
                    (left, bottom),
                    right - left,
                    top - bottom,
                    boxstyle="round,pad=0.02",
                    fill=False,
                    linestyle="--",
                    edgecolor="#999999",
                    linewidth=0.6,
                    zorder=0,
                    gid=f"pod-{pod + 1}",
                )
            )
            axes.text(
                left + 0.05,
                top - 0.05,
                f"pod {pod + 1}",
                ha="left",
                va="top",
                fontsize=7,
                color="#666666",
                zorder=0,
            )
