"""CLI tables keep each part number on one line, however narrow the terminal (the fresh-user trial
saw ``MMA4Z00-NS400`` printed as ``MMA4Z00-N`` / ``S400`` in ``fabricgraph validate``'s tables)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.table import Table

from service.cli_tables import add_part_number_column, chain_cell
from service.cli_validate import render_table
from service.procurement.models import IntentResult, ListFinding, PartTotal, ReportSummary, ValidationReport

CHAIN = "MMA4Z00-NS ×32 + MFP7E10-N030 ×64 + MMA4Z00-NS400 ×64"
REPORT = ValidationReport(
    source="parts.csv",
    summary=ReportSummary(
        buildable=False, errors=1, warnings=0, infos=0, lines=2, parts=2, pieces=96, intents=1, links=64
    ),
    findings=(
        ListFinding(
            severity="error",
            code="PAIR_COUNT_MISMATCH",
            line=3,
            part_number="MMA4Z00-NS400",
            message="MMA4Z00-NS400: 0 listed, the intents need 64: 64 short",
            fix="add 64 × MMA4Z00-NS400",
        ),
    ),
    totals=(
        PartTotal(part_number="MMA4Z00-NS400", known=True, listed=0, needed=64, shortfall=64),
        PartTotal(
            part_number="OM4 MPO-12/APC 30 m fiber",
            known=True,
            description="OM4 multimode fiber, MPO-12/APC, 30 m (generic: no part number)",
            listed=64,
            needed=64,
        ),
    ),
    intents=(
        IntentResult(
            intent=1, label="64 × QM9700 → MCX75310AAS-NEAT, 400 Gb/s, 30 m", links=64, served=False, summary=CHAIN
        ),
    ),
)


def _printed(width: int) -> list[str]:
    buffer = io.StringIO()
    render_table(REPORT, Console(file=buffer, width=width, no_color=True))
    return buffer.getvalue().splitlines()


@pytest.mark.parametrize("width", [60, 80, 100])
def test_validate_tables_never_split_a_part_number_on_a_narrow_terminal(width: int) -> None:
    lines = _printed(width)
    # the findings' and totals' part columns: each part number whole on one line
    assert sum("MMA4Z00-NS400" in line for line in lines) >= 2
    # the rule code is one word too (the trial saw "PAIR_COUNT_MI" / "SMATCH" at 80 columns)
    assert any("PAIR_COUNT_MISMATCH" in line for line in lines), "\n".join(lines)
    assert any("OM4 MPO-12/APC 30 m fiber" in line for line in lines)
    # the intent's chain wraps between parts, never inside one
    for part in ("MMA4Z00-NS", "MFP7E10-N030", "MMA4Z00-NS400"):
        assert any(part in line for line in lines), (part, "\n".join(lines))
    assert not any(line.rstrip(" │").endswith(("MMA4Z00-N", "MFP7E10-")) for line in lines), "\n".join(lines)


def test_a_part_number_column_stays_whole_and_a_chain_breaks_between_parts() -> None:
    table = Table(title="t")
    add_part_number_column(table, "part")
    add_part_number_column(table, "chain")
    table.add_column("note")
    table.add_row(
        "MMA4Z00-NS400",
        chain_cell("400GBASE-DR4: MMS1V00-WM + OS2 MPO-12/APC + MMS1V00-WM, reach 500 m over OS2"),
        "a long free-text note that may wrap anywhere it likes",
    )
    buffer = io.StringIO()
    Console(file=buffer, width=60, no_color=True).print(table)
    rows = [re.split("[│┃]", line)[1:-1] for line in buffer.getvalue().splitlines() if re.search("[│┃]", line)]
    cells = [[c.strip() for c in row] for row in rows]
    assert [row[0] for row in cells if row[0]] == ["part", "MMA4Z00-NS400"]
    assert [row[1] for row in cells if row[1]] == [
        "chain",
        "400GBASE-DR4: MMS1V00-WM",
        "+ OS2 MPO-12/APC",
        "+ MMS1V00-WM,",
        "reach 500 m over OS2",
    ]
