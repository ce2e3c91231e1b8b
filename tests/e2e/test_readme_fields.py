"""The README's table of root fields and arguments is runnable as written: every call in it parses,
uses real argument names and answers its success type (never a GraphQL error or a typed error)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
FIELD_CALL = re.compile(r"`([a-zA-Z]+\(.*?\))`")


def _table_calls() -> list[str]:
    text = README.read_text(encoding="utf-8")
    table = text.split("| question | field and arguments |", 1)[1].split("\n\n", 1)[0]
    return [call for call in FIELD_CALL.findall(table) if "…" not in call]


def test_the_table_names_every_headline_field() -> None:
    names = {call.split("(", 1)[0] for call in _table_calls()}
    assert names == {
        "linkOptions",
        "linkOptionsBatch",
        "checkLink",
        "part",
        "device",
        "parts",
        "validatePartList",
        "planFatTree",
        "compareFabrics",
    }


@pytest.mark.parametrize("call", _table_calls())
def test_a_readme_call_answers_its_success_type(gql: Callable[..., dict[str, Any]], call: str) -> None:
    name = call.split("(", 1)[0]
    body = gql(f"{{ {call} {{ __typename }} }}")
    assert "errors" not in body, body
    assert not body["data"][name]["__typename"].endswith("Error"), body


REPORT = """
  ... on PartListReport {
    summary { buildable errors warnings infos lines parts pieces intents links }
    findings { severity code line partNumber }
    totals { partNumber known kind listed needed lines }
  }
"""


def test_the_readme_part_list_is_buildable_with_its_harness_and_every_line_known(
    gql: Callable[..., dict[str, Any]],
) -> None:
    """The table's validatePartList call, as written: a DR4 broken out over its MPO-12 → 4 × LC harness
    to four DR modules on listed OS2 fiber. BUILDABLE; the DR4's secondary sources are the one warning
    (no NO_MEDIUM: the harness is listed); the generic fiber line is known (a catalogue grade)."""
    (call,) = [c for c in _table_calls() if c.startswith("validatePartList(")]
    body = gql(f"{{ {call} {{ __typename {REPORT} }} }}")
    assert "errors" not in body, body
    report = body["data"]["validatePartList"]
    assert report["summary"] == {
        "buildable": True,
        "errors": 0,
        "warnings": 1,
        "infos": 0,
        "lines": 4,
        "parts": 4,
        "pieces": 10,
        "intents": 0,
        "links": 0,
    }
    assert report["findings"] == [
        {"severity": "WARNING", "code": "SECONDARY_SOURCE_ONLY", "line": 1, "partNumber": "QDD-400G-DR4-S"}
    ]
    assert [
        (t["partNumber"], t["known"], t["kind"], t["listed"], t["needed"], t["lines"]) for t in report["totals"]
    ] == [
        ("QDD-400G-DR4-S", True, "transceiver", 1, None, [1]),
        ("QSFP-100G-DR-S", True, "transceiver", 4, None, [2]),
        ("OS2 LC/UPC 300 m fiber", True, None, 4, None, [3]),
        ("MTP-4LC-S1M", True, "fiber_cable", 1, None, [4]),
    ]
