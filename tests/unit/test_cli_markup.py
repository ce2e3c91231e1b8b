"""Catalogue and finding text printed by the CLI is data, never rich markup: a fix that says
``end A, [adapter], module A`` keeps its ``[adapter]`` (the new-user trial saw it dropped)."""

from __future__ import annotations

import io

from rich.console import Console

from service.cli_validate import render_table
from service.procurement.models import ListFinding, ReportSummary, ValidationReport


def test_a_finding_with_square_brackets_is_printed_as_written() -> None:
    fix = "describe the link as end A, [adapter], module A, fiber(s), module B, [adapter], end B"
    report = ValidationReport(
        source="parts.csv",
        summary=ReportSummary(
            buildable=False, errors=1, warnings=0, infos=0, lines=1, parts=1, pieces=1, intents=0, links=0
        ),
        findings=(ListFinding(severity="error", code="LINK_STRUCTURE", message="[bold]not markup[/bold]", fix=fix),),
        totals=(),
    )
    buffer = io.StringIO()
    render_table(report, Console(file=buffer, width=400, no_color=True))
    printed = buffer.getvalue()
    assert fix in printed
    assert "[bold]not markup[/bold]" in printed
