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
