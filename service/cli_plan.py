"""``fabricgraph plan``: plan a fat tree on a catalogue switch from the command line.

Same use case as GraphQL ``planFatTree`` (``service.planning``), in process. Prints a summary,
the media per tier with the reason, the BOM and the warnings (or the whole answer as JSON), and
writes the exports asked for::

    fabricgraph plan --switch QM9700 --endpoints 2048 --tiers 2
    fabricgraph plan --radix 36 --port-speed 100 --endpoints 648            # a generic switch
    fabricgraph plan --switch QM9700 --switch SN5600 --endpoints 2048       # side by side
    fabricgraph plan --switch QM9700 --nodes 127 --nics-per-node 8 --rail-optimized \\
        --nodes-per-su 32 --su-count 4 --fabric-manager-ports 4 --node-leaf within_row \\
        --prefer-part MMA4Z00-NS-FLT --bom-csv bom.csv --cabling-csv cables.csv --svg fabric.svg

Exit codes: 0 done; 1 an invalid spec (typed planner error, its code printed), an unknown switch or
end (with suggestions), or the database unavailable; 2 an option out of its range (a count below 1,
a negative port count), refused before any database is started.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from service.cli_tables import add_part_number_column, chain_cell
from service.domain.catalogue import Side, TopStyle
from service.errors import FabricGraphError
from service.planner import (
    FabricManagerReservation,
    LinkTier,
    Placement,
    PlacementClass,
    PlanLayout,
    PlannerError,
)
from service.planning import FabricComparison, GenericSwitch, MediumPolicy, PlanningResult, PlanRequest
from service.use_cases import EndRequest

__all__ = ["NodeSide", "node_end_request", "parse_placement", "parse_tiers", "register"]

_out = Console()
_err = Console(stderr=True, soft_wrap=True)


class NodeSide(StrEnum):
    """``--node-side``: which device a bare node cage belongs to (default: adapter)."""

    ADAPTER = "adapter"
    SWITCH = "switch"


class OutputFormat(StrEnum):
    """What ``plan`` prints on stdout."""

    TEXT = "text"
    JSON = "json"


def parse_placement(value: str | None, option: str) -> Placement | None:
    """Read ``in_rack`` / ``within_row`` / ``between_rows`` or a distance in metres.

    Raises:
        typer.BadParameter: Neither a placement class nor a positive number of metres.
    """
    if value is None:
        return None
    text = value.strip().lower().replace("-", "_")
    try:
        return PlacementClass(text)
    except ValueError:
        pass
    try:
        metres = float(text.removesuffix("m").strip())
    except ValueError:
        raise typer.BadParameter(
            f"{value!r}: give in_rack, within_row, between_rows or metres (e.g. 12.5)", param_hint=option
        ) from None
    return metres


def parse_tiers(value: str) -> int | None:
    """Read ``1``, ``2``, ``3`` or ``auto``.

    Raises:
        typer.BadParameter: Anything else.
    """
    text = value.strip().lower()
    if text == "auto":
        return None
    if text in ("1", "2", "3"):
        return int(text)
    raise typer.BadParameter(f"{value!r}: give 1, 2, 3 or auto", param_hint="--tiers")


def _print_comparison(comparison: FabricComparison) -> None:
    table = Table(title="The same fabric on each switch")
    add_part_number_column(table, "switch")
    for column in ("tiers", "switches", "links", "optics", "cables", "optics W", "note"):
        table.add_column(column, justify="left" if column == "note" else "right")
    for name, row in comparison.rows:
        if not isinstance(row, tuple):
            table.add_row(name, "", "", "", "", "", "", f"[red]{row.code}[/red]: {escape(row.message)}")
            continue
        _, summary = row
        notes = []
        if summary.power_unverified:
            notes.append(f"power unverified: {', '.join(summary.power_unverified)}")
        if summary.tiers_without_medium:
            notes.append(f"no medium: {', '.join(summary.tiers_without_medium)}")
        table.add_row(
            summary.switch,
            str(summary.tiers),
            f"{summary.switches:,}",
            f"{summary.links:,}",
            f"{summary.optics:,}",
            f"{summary.cables:,}",
            "" if summary.optics_power_w is None else f"{summary.optics_power_w:,.0f}",
            "; ".join(notes),
        )
    _out.print(table)


def _comparison_json(comparison: FabricComparison) -> str:
    rows = []
    for name, row in comparison.rows:
        if isinstance(row, tuple):
            result, summary = row
            rows.append({"switch": name, "summary": asdict(summary), "plan": json.loads(result.to_json())})
        else:
            rows.append({"switch": name, "error": {"code": row.code, "message": row.message}})
    return json.dumps({"comparison": rows}, indent=2)


def node_end_request(
    adapter: str | None,
    form_factor: str | None,
    top_style: TopStyle | None = None,
    ports: int | None = None,
    side: NodeSide | None = None,
) -> EndRequest | None:
    """The node end of ``fabricgraph plan``: ``--node-adapter`` or a bare ``--node-form-factor`` with
    what the user knows of its cage (``--node-top-style``, ``--node-ports``, ``--node-side``), the same
    fields as GraphQL's ``EndInput`` (topStyle, ports, side). A bare end without ``--node-side`` is
    planned on the adapter side (NODE_END_ASSUMED); ``None`` when neither adapter nor form factor is given.

    Raises:
        typer.BadParameter: A cage option without ``--node-form-factor``, or with ``--node-adapter``
            (an adapter's cage states its own top style, ports and side).
    """
    stated = [
        name
        for name, value in (("--node-top-style", top_style), ("--node-ports", ports), ("--node-side", side))
        if value is not None
    ]
    if stated and adapter is not None:
        raise typer.BadParameter(
            "an adapter's cage states its own top style, ports and side: give these with --node-form-factor "
            "instead of --node-adapter",
            param_hint=stated[0],
        )
    if stated and form_factor is None:
        raise typer.BadParameter("describes a bare node cage: give --node-form-factor too", param_hint=stated[0])
    if adapter is None and form_factor is None:
        return None
    return EndRequest(
        device=adapter,
        form_factor=form_factor,
        top_style=top_style,
        ports=ports,
        side=Side(side.value) if side is not None else None,
    )


def _end(adapter: str | None, form_factor: str | None) -> EndRequest | None:
    if adapter is None and form_factor is None:
        return None
    return EndRequest(device=adapter, form_factor=form_factor)


def _print(result: PlanningResult) -> None:
    plan = result.plan
    spec = result.switch.spec
    _out.print(
        f"[bold]{result.switch.model}[/bold] ({result.switch.name}): radix {spec.radix} x "
        f"{spec.port_speed_gbps:g} Gb/s in {spec.cage_count} {result.switch.form_factor or 'generic'} cages"
    )
    _out.print(
        f"{plan.tiers}-tier fat tree, {plan.pods} pod(s): {plan.switches.leaf:,} leaf / "
        f"{plan.switches.spine:,} "
        f"spine / {plan.switches.core:,} core = {plan.switches.total:,} switches; leaf ports "
        f"{plan.leaf_port_split.down} down / {plan.leaf_port_split.up} up"
    )
    _out.print(
        f"{plan.endpoints:,} endpoints at {plan.endpoint_speed_gbps:g} Gb/s (max {plan.max_endpoints:,}); "
        f"links: node-leaf {plan.links.node_leaf:,}, manager-leaf {plan.links.manager_leaf:,}, leaf-spine "
        f"{plan.links.leaf_spine:,} ({plan.links_per_leaf_spine_pair} per pair), spine-core "
        f"{plan.links.spine_core:,}"
    )
    _out.print(
        f"bisection {plan.bisection_gbps_per_direction:,.0f} Gb/s per direction; oversubscription "
        f"{plan.oversubscription_label}"
    )
    ports = Table(title="Ports per switch tier")
    for column in ("tier", "switches", "available", "used", "reserved", "free", "cages used"):
        ports.add_column(column, justify="right" if column != "tier" else "left")
    for usage in plan.ports:
        ports.add_row(
            usage.tier.value,
            f"{usage.switches:,}",
            f"{usage.available:,}",
            f"{usage.used:,}",
            f"{usage.reserved:,}",
            f"{usage.free:,}",
            f"{usage.cages_used:,}",
        )
    _out.print(ports)
    media = Table(title="Medium per link tier (from linkOptions)")
    for column in ("tier", "links", "Gb/s", "m", "medium", "why"):
        if column == "medium":
            add_part_number_column(media, column)
        else:
            media.add_column(column)
    for selection in result.media:
        r = selection.requirement
        chosen = chain_cell(selection.option.summary) if selection.option is not None else Text("none", style="red")
        media.add_row(r.tier.value, f"{r.count:,}", f"{r.speed_gbps:g}", f"{r.distance_m:g}", chosen, selection.reason)
    _out.print(media)
    bom = Table(title="Bill of materials")
    for column in ("category", "part number", "quantity", "length m", "tiers", "description"):
        if column == "part number":
            add_part_number_column(bom, column)
        else:
            bom.add_column(column, justify="right" if column in ("quantity", "length m") else "left")
    for line in result.bom.lines:
        bom.add_row(
            line.category.value,
            line.part_number,
            f"{line.quantity:,}",
            "" if line.length_m is None else f"{line.length_m:g}",
            "+".join(line.tiers),
            line.description,
        )
    _out.print(bom)
    for warning in result.warnings:
        _out.print(f"[yellow]warning[/yellow] {warning.code.value}: {escape(warning.message)}")


def register(app: typer.Typer) -> None:
    """Add the ``plan`` command to the ``fabricgraph`` app."""

    @app.command("plan")
    def plan(
        switch: Annotated[
            list[str] | None,
            typer.Option(help="Switch model, OPN or alias, e.g. QM9700; repeat to compare the same fabric on several."),
        ] = None,
        radix: Annotated[
            int | None, typer.Option(help="A generic switch instead: its logical ports (with --port-speed).")
        ] = None,
        split_mode: Annotated[
            list[str] | None, typer.Option(help="Generic switch split mode (repeat), e.g. 2xNDR200, 4x100G.")
        ] = None,
        form_factor: Annotated[
            str | None, typer.Option(help="Generic switch cage form factor (e.g. OSFP); without it no media.")
        ] = None,
        ports_per_cage: Annotated[
            int, typer.Option(min=1, max=2, help="Generic switch logical ports per cage (1 or 2).")
        ] = 1,
        planes: Annotated[int, typer.Option(min=1, help="Independent identical planes (NICs split across them).")] = 1,
        uplinks_per_pair: Annotated[
            int | None, typer.Option(min=1, help="Links per leaf-spine pair (a bundle).")
        ] = None,
        endpoints: Annotated[int | None, typer.Option(min=1, help="Compute endpoint links (or --nodes).")] = None,
        nodes: Annotated[int | None, typer.Option(min=1, help="Compute nodes (x --nics-per-node).")] = None,
        nics_per_node: Annotated[int, typer.Option(min=1, help="Fabric NICs per node (rails).")] = 1,
        switch_cage: Annotated[str | None, typer.Option(help="Cage group id when the switch has several.")] = None,
        port_speed: Annotated[
            float | None, typer.Option(help="Logical port speed to plan at, Gb/s (required with --radix).")
        ] = None,
        endpoint_speed: Annotated[
            str | None,
            typer.Option(help="Endpoint speed: NDR200, HDR100, NDR, 200G …; slower than a port means a split."),
        ] = None,
        split: Annotated[str | None, typer.Option(help="Split mode, e.g. 2xNDR200.")] = None,
        split_tier: Annotated[
            list[str] | None,
            typer.Option(help="Tier whose ports are split (repeat): node_leaf, leaf_spine, spine_core."),
        ] = None,
        oversubscription: Annotated[str, typer.Option(help="Leaf down:up bandwidth, e.g. 1:1, 2:1.")] = "1:1",
        tiers: Annotated[str, typer.Option(help="1 (one switch), 2, 3 or auto.")] = "auto",
        rail_optimized: Annotated[bool, typer.Option(help="NIC i of every node goes to rail i.")] = False,
        nodes_per_su: Annotated[int | None, typer.Option(min=1, help="Node slots per scalable unit.")] = None,
        su_count: Annotated[int | None, typer.Option(min=1, help="Scalable units to build.")] = None,
        reserved_ports: Annotated[int, typer.Option(min=0, help="Leaf ports kept out of the fabric.")] = 0,
        fabric_manager_ports: Annotated[int, typer.Option(min=0, help="Fabric-manager (UFM) links; 0 = none.")] = 0,
        fabric_manager_slots: Annotated[int, typer.Option(min=1, help="Node slots kept for the fabric manager.")] = 1,
        node_leaf: Annotated[
            str | None,
            typer.Option(
                help=(
                    "in_rack, within_row, between_rows or metres; a class or no value plans at the class's "
                    "metres (in_rack 3, within_row 30, between_rows 100) with a RUN_LENGTH_ASSUMED warning."
                )
            ),
        ] = None,
        leaf_spine: Annotated[
            str | None, typer.Option(help="in_rack, within_row, between_rows or metres (default within_row: 30 m).")
        ] = None,
        spine_core: Annotated[
            str | None,
            typer.Option(help="in_rack, within_row, between_rows or metres (default between_rows: 100 m)."),
        ] = None,
        node_adapter: Annotated[
            str | None,
            typer.Option(
                help=(
                    "Endpoint adapter model, e.g. MCX75310AAS-NEAT; default a single-port adapter-side cage of "
                    "the switch's form factor (NODE_END_ASSUMED warning)."
                )
            ),
        ] = None,
        node_form_factor: Annotated[
            str | None,
            typer.Option(
                help=(
                    "Endpoint cage form factor, e.g. OSFP: a bare NIC cage (adapter side unless --node-side "
                    "switch; NODE_END_ASSUMED warning without --node-side)."
                )
            ),
        ] = None,
        node_top_style: Annotated[
            TopStyle | None,
            typer.Option(
                case_sensitive=False,
                help="With --node-form-factor: the cage's top style, flat (riding heat sink) or finned.",
            ),
        ] = None,
        node_ports: Annotated[
            int | None,
            typer.Option(min=1, max=2, help="With --node-form-factor: logical ports per cage, 1 or 2 (twin-port)."),
        ] = None,
        node_side: Annotated[
            NodeSide | None,
            typer.Option(
                case_sensitive=False,
                help="With --node-form-factor: adapter (the default: a NIC/HCA/DPU cage) or switch.",
            ),
        ] = None,
        manager_adapter: Annotated[str | None, typer.Option(help="Fabric manager's adapter model.")] = None,
        manager_form_factor: Annotated[str | None, typer.Option(help="Fabric manager's cage form factor.")] = None,
        medium_policy: Annotated[MediumPolicy, typer.Option(help="How each tier's medium is picked.")] = (
            MediumPolicy.RANKED
        ),
        prefer_part: Annotated[
            list[str] | None,
            typer.Option(help="Part to use where an option offers it (repeat), e.g. MMA4Z00-NS-FLT."),
        ] = None,
        output: Annotated[OutputFormat, typer.Option("--format", help="stdout: text tables or JSON.")] = (
            OutputFormat.TEXT
        ),
        bom_csv: Annotated[Path | None, typer.Option(help="Write the BOM as CSV here.")] = None,
        cabling_csv: Annotated[Path | None, typer.Option(help="Write the cabling list (one row per link).")] = None,
        svg: Annotated[Path | None, typer.Option(help="Write the topology SVG here.")] = None,
        netbox_dir: Annotated[
            Path | None,
            typer.Option(help="Write NetBox bulk-import CSVs here: devices.csv, interfaces.csv, cables.csv."),
        ] = None,
        topology: Annotated[Path | None, typer.Option(help="Write an ibnetdiscover-style topology file here.")] = None,
    ) -> None:
        """Plan a fat-tree fabric on a catalogue or generic switch: switches, links, media per tier, BOM.

        Several --switch options compare the same fabric on each switch, side by side."""
        from service.cli import _database, _fail, _seed_if_empty
        from service.config import get_settings
        from service.persistence.driver import open_driver
        from service.persistence.repository import Neo4jRepository
        from service.planning import PlanningService
        from service.use_cases import CatalogueService

        node_end = node_end_request(node_adapter, node_form_factor, node_top_style, node_ports, node_side)
        try:
            tiers_wanted = parse_tiers(tiers)
            split_tiers = frozenset(LinkTier(t.strip().lower()) for t in split_tier) if split_tier else None
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--split-tier") from None
        placements = {
            name: placement
            for name, placement in (
                ("node_leaf", parse_placement(node_leaf, "--node-leaf")),
                ("leaf_spine", parse_placement(leaf_spine, "--leaf-spine")),
                ("spine_core", parse_placement(spine_core, "--spine-core")),
            )
            if placement is not None
        }
        settings = get_settings()
        switches = list(switch or [])
        if (radix is None) == (not switches):
            raise typer.BadParameter(
                "give --switch (a catalogue model) or --radix with --port-speed", param_hint="--switch"
            )
        if len(switches) > 1 and any(p is not None for p in (bom_csv, cabling_csv, svg, netbox_dir, topology)):
            raise typer.BadParameter("exports are for one switch; compare without them", param_hint="--switch")
        generic = None
        if radix is not None:
            if port_speed is None:
                raise typer.BadParameter("a generic switch needs --port-speed (Gb/s)", param_hint="--radix")
            generic = GenericSwitch(
                radix=radix,
                port_speed_gbps=port_speed,
                split_modes=tuple(split_mode or ()),
                form_factor=form_factor,
                ports_per_cage=ports_per_cage,
            )
        try:
            request = PlanRequest(
                switch=switches[0] if switches else None,
                generic_switch=generic,
                switch_cage=switch_cage,
                port_speed_gbps=port_speed if generic is None else None,
                endpoints=endpoints,
                nodes=nodes,
                nics_per_node=nics_per_node,
                endpoint_speed=endpoint_speed,
                split=split,
                split_tiers=split_tiers,
                oversubscription=oversubscription,
                tiers=tiers_wanted,
                planes=planes,
                uplinks_per_pair=uplinks_per_pair,
                rail_optimized=rail_optimized,
                nodes_per_su=nodes_per_su,
                su_count=su_count,
                reserved_ports_per_leaf=reserved_ports,
                fabric_manager=(
                    FabricManagerReservation(node_slots=fabric_manager_slots, ports=fabric_manager_ports)
                    if fabric_manager_ports
                    else None
                ),
                layout=PlanLayout(**placements),
                node_end=node_end,
                manager_end=_end(manager_adapter, manager_form_factor),
                medium_policy=medium_policy,
                preferred_parts=tuple(prefer_part or ()),
            )
            with _database(settings, keep=False) as uri:
                _seed_if_empty(settings, uri)
                with open_driver(settings, uri) as driver:
                    service = CatalogueService(
                        Neo4jRepository(driver, settings.neo4j_database, settings.neo4j_transaction_timeout_s)
                    )
                    if len(switches) > 1:
                        comparison = PlanningService(service).compare_fabrics(request, switches)
                        if output is OutputFormat.JSON:
                            sys.stdout.write(_comparison_json(comparison) + "\n")
                        else:
                            _print_comparison(comparison)
                        return
                    result = PlanningService(service).plan_fat_tree(request)
                    # Exports run while the driver is open; they need no database, but keep one scope.
                    if bom_csv is not None:
                        bom_csv.write_text(result.bom_csv(), encoding="utf-8")
                    if cabling_csv is not None:
                        cabling_csv.write_text(result.cabling_csv(), encoding="utf-8")
                    if svg is not None:
                        svg.write_text(result.topology_svg(), encoding="utf-8")
                    if netbox_dir is not None:
                        netbox_dir.mkdir(parents=True, exist_ok=True)
                        for name, text in result.netbox_csvs().items():
                            (netbox_dir / name).write_text(text, encoding="utf-8")
                    if topology is not None:
                        topology.write_text(result.topology_file(), encoding="utf-8")
        except PlannerError as exc:
            _err.print(f"[red]error[/red] {exc.code}: {escape(exc.message)}")
            raise typer.Exit(code=1) from None
        except FabricGraphError as exc:
            raise _fail(exc) from None
        if output is OutputFormat.JSON:
            sys.stdout.write(result.to_json() + "\n")
        else:
            _print(result)
