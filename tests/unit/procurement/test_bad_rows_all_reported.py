"""The part-list reader reports every bad row, not just the first (new-user trial: a list with three
typos came back three times, one row at a time). Each bad row is named with its physical row, part
line, column and reason; the good rows around them are still read (and counted in the message)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from service.cli import app
from service.procurement.errors import PartListError, RowProblem
from service.procurement.reader import read_part_list

CSV = (
    b"part_number,quantity\n"  # row 1
    b"MMA4Z00-NS,32\n"  # row 2, good
    b"MFP7E10-N030,sixty\n"  # row 3, bad quantity
    b"MMA4Z00-NS400,64\n"  # row 4, good
    b",4\n"  # row 5, empty part number
    b"SFP-10G-SR,2.5\n"  # row 6, fractional quantity
    b"SFP-10G-LR,2\n"  # row 7, good
)


def test_three_bad_rows_among_good_ones_are_all_reported_with_row_column_and_reason() -> None:
    with pytest.raises(PartListError) as caught:
        read_part_list(CSV, "parts.csv")
    exc = caught.value
    assert exc.code == "PART_LIST_VALUE"
    assert exc.problems == [
        RowProblem(3, 2, "quantity", "quantity 'sixty' is not a whole number (part MFP7E10-N030)"),
        RowProblem(5, 4, "part_number", "the part number is empty (quantity '4')"),
        RowProblem(6, 5, "quantity", "quantity '2.5' is not a whole number (part SFP-10G-SR)"),
    ]
    assert (exc.row, exc.line, exc.column) == (3, 2, "quantity")  # the first bad row
    assert exc.reason.startswith("3 bad rows (3 good row(s) read; fix these and submit again): row 3 (line 2), column")


def test_one_bad_row_keeps_its_own_error() -> None:
    data = b"part_number,quantity\nMMA4Z00-NS,32\nMFP7E10-N030,-1\n"
    with pytest.raises(PartListError) as caught:
        read_part_list(data, "parts.csv")
    exc = caught.value
    assert (exc.row, exc.line, exc.column) == (3, 2, "quantity")
    assert exc.reason == "quantity -1 is negative (part MFP7E10-N030)"
    assert exc.problems == [RowProblem(3, 2, "quantity", exc.reason)]


def test_the_cli_prints_and_returns_every_bad_row(tmp_path: Path) -> None:
    path = tmp_path / "parts.csv"
    path.write_bytes(CSV)
    result = CliRunner().invoke(app, ["validate", str(path), "--format", "json"])
    assert result.exit_code == 2
    body = json.loads(result.stdout)
    assert [(p["row"], p["column"]) for p in body["error"]["problems"]] == [
        (3, "quantity"),
        (5, "part_number"),
        (6, "quantity"),
    ]
    assert "parts.csv, row 5 (line 4), column part_number: the part number is empty" in result.stderr
