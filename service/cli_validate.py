"""``fabricgraph validate FILE``: validate a procurement part list (CSV or XLSX).

Exit status: 0 buildable (warnings allowed), 1 not buildable (at least one error finding), 2 the file
cannot be read or holds invalid values (nothing is validated then), 3 the catalogue cannot be reached.
The file format is documented in :mod:`service.procurement.reader`.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from service.cli_tables import add_part_number_column, chain_cell
from service.errors import FabricGraphError
from service.procurement.errors import PartListError
from service.procurement.export import report_csv, report_json
from service.procurement.models import PartList, ValidationReport
from service.procurement.reader import read_part_list_file
from service.procurement.settings import ProcurementSettings

__all__ = ["ReportFormat", "register", "render_table", "validate"]

EXIT_NOT_BUILDABLE = 1
EXIT_BAD_FILE = 2
EXIT_UNAVAILABLE = 3
_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


class ReportFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"


def render_table(report: ValidationReport, console: Console) -> None:
    """Print the report as rich tables: the verdict, findings, totals per part, intents."""
    s = report.summary
    verdict = Text("BUILDABLE", style="bold green") if s.buildable else Text("NOT BUILDABLE", style="bold red")
    console.print(
        Text.assemble(
            verdict,
            f"  {report.source}: {s.errors} errors, {s.warnings} warnings, {s.infos} notes · "
            f"{s.lines} lines, {s.parts} part numbers, {s.pieces} pieces · {s.intents} intents, "
            f"{s.links} links",
        )
    )
    if report.findings:
        table = Table(title="Findings", show_lines=False, expand=False)
        for col in ("", "line", "code", "part", "message", "fix"):
            if col in ("part", "code"):
                # a rule code (PAIR_COUNT_MISMATCH) is one word, like a part number: never split
                add_part_number_column(table, col)
            else:
                table.add_column(col, overflow="fold")
        for f in report.findings:
            where = (
                str(f.line) if f.line is not None else ("intent " + ",".join(map(str, f.intents)) if f.intents else "")
            )
            table.add_row(
                Text(f.severity.value, style=_STYLE[f.severity.value]),
                where,
                f.code,
                Text(f.part_number or ""),
                Text(f.message),  # Text: data is never read as rich markup ("[adapter]" stays)
                Text(f.fix or ""),
            )
        console.print(table)
    totals = Table(title="Totals per part number")
    add_part_number_column(totals, "part")
    for col in ("listed", "needed", "short", "surplus", "status", "description"):
        totals.add_column(
            col,
            justify="right" if col in {"listed", "needed", "short", "surplus"} else "left",
            overflow="fold",
        )
    for t in report.totals:
        totals.add_row(
            t.part_number,
            str(t.listed),
            "" if t.needed is None else str(t.needed),
            Text(str(t.shortfall), style="red") if t.shortfall else "0",
            Text(str(t.surplus), style="yellow") if t.surplus else "0",
            (t.status or "") if t.known else Text("unknown", style="red"),
            Text(t.description or ""),
        )
    console.print(totals)
    if report.intents:
        intents = Table(title="Intents")
        for col in ("#", "intent", "served", "chain", "Gb/s"):
            if col == "chain":
                add_part_number_column(intents, col)
            else:
                intents.add_column(col, overflow="fold")
        for i in report.intents:
            state = (
                Text("yes", style="green")
                if i.served
                else Text("no: order instead", style="red")
                if i.suggested
                else Text("no", style="red")
            )
            intents.add_row(
                str(i.intent),
                Text(i.label),
                state,
                chain_cell(i.summary),
                "" if i.rate_gbps is None else f"{i.rate_gbps:g}",
            )
        console.print(intents)


def validate(
    file: Annotated[
        Path,
        typer.Argument(
            help="Part list: .csv (UTF-8) or .xlsx (sheet 'parts', optional sheet 'intents').", dir_okay=False
        ),
    ],
    intents: Annotated[
        Path | None,
        typer.Option("--intents", "-i", dir_okay=False, help="Link intents as a separate CSV/XLSX file."),
    ] = None,
    fmt: Annotated[ReportFormat, typer.Option("--format", "-f", help="Report format.")] = ReportFormat.TABLE,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the report here, not stdout.")] = None,
    max_lines: Annotated[
        int | None,
        typer.Option(min=1, help="Refuse lists above this many lines (default FABRICGRAPH_PROCUREMENT_MAX_LINES)."),
    ] = None,
) -> None:
    """Validate a procurement part list: is it buildable, what is short, surplus or wrong, what to order.

    Parts: columns part_number, quantity.

    Intents: columns from, to, links, rate_gbps, distance_m (optional from_cage, to_cage, protocol), on an
    'intents' sheet or in --intents.

    Exit status: 0 buildable, 1 not buildable, 2 unreadable or invalid file, 3 catalogue unavailable.
    """
    err = Console(stderr=True, soft_wrap=True)
    limits = ProcurementSettings()
    if max_lines is not None:
        limits = limits.model_copy(update={"max_lines": max_lines})
    try:
        part_list = read_part_list_file(file, intents, limits)
        report = _run(part_list, limits)
    except PartListError as exc:
        _print_error(err, exc)
        if fmt is ReportFormat.JSON:  # a machine reader gets the error as JSON on stdout too
            sys.stdout.write(json.dumps({"error": _error_json(exc)}, indent=2) + "\n")
        raise typer.Exit(EXIT_BAD_FILE) from None
    except FabricGraphError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(EXIT_UNAVAILABLE) from None
    if fmt is ReportFormat.TABLE:
        if output is not None:
            with output.open("w", encoding="utf-8") as fh:
                render_table(report, Console(file=fh, width=160, no_color=True))
        else:
            render_table(report, Console())
    else:
        text = report_json(report) + "\n" if fmt is ReportFormat.JSON else report_csv(report)
        if output is not None:
            output.write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    if not report.summary.buildable:
        raise typer.Exit(EXIT_NOT_BUILDABLE)


def _error_json(exc: PartListError) -> dict[str, object]:
    """The bad-file error as a JSON object: code, message, where (section, line, row, column)."""
    return {
        "code": exc.code,
        "message": exc.message,
        "source": exc.source,
        "section": exc.section,
        "line": exc.line,
        "row": exc.row,
        "column": exc.column,
        "suggestions": list(exc.suggestions),
        "problems": [{"row": p.row, "line": p.line, "column": p.column, "message": p.message} for p in exc.problems],
    }


def _print_error(console: Console, exc: PartListError) -> None:
    if len(exc.problems) > 1:  # every bad row on its own line
        console.print(Text.assemble(Text(f"error {exc.code}: ", style="red"), f"{len(exc.problems)} bad rows"))
        for p in exc.problems:
            console.print(Text(f"  {exc.source}, {p.where()}: {p.message}"), highlight=False)
        return
    console.print(Text.assemble(Text(f"error {exc.code}: ", style="red"), exc.message), highlight=False)
    if exc.suggestions:
        console.print(Text(f"expected: {', '.join(exc.suggestions)}"), highlight=False)


def _run(part_list: PartList, limits: ProcurementSettings) -> ValidationReport:
    from service.cli import _database, _seed_if_empty  # lazy: service.cli imports this module
    from service.config import get_settings
    from service.persistence.driver import open_driver
    from service.persistence.repository import Neo4jRepository
    from service.procurement.use_case import ProcurementService
    from service.use_cases import CatalogueService

    settings = get_settings()
    with _database(settings, keep=False) as uri:
        _seed_if_empty(settings, uri)
        with open_driver(settings, uri) as driver:
            repo = Neo4jRepository(driver, settings.neo4j_database, settings.neo4j_transaction_timeout_s)
            return ProcurementService(CatalogueService(repo), limits).validate(part_list)


def register(app: typer.Typer) -> None:
    """Add ``validate`` to the ``fabricgraph`` command line."""
    app.command("validate")(validate)
