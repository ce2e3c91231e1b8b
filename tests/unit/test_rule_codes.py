"""ruleCodes lists every code a finding or a part-list error can carry (new-user trial: it listed the
31 link codes but none of validatePartList's: SHORTFALL, SURPLUS, NO_PARTNER, …), each once, with its
meaning and the questions that emit it, from the registries where the codes are defined."""

from __future__ import annotations

import ast
from pathlib import Path

from service.domain.link import Severity
from service.procurement import LIST_CODES, LIST_RULES, PART_LIST_CODES
from service.rule_codes import CodeScope, public_codes
from service.rules import RULES

PROCUREMENT = Path(__file__).resolve().parents[2] / "service" / "procurement"


def _emitted_by_procurement() -> dict[str, set[str]]:
    """Every code literal the procurement package passes to a finding (``self.add("CODE", …)``) or
    to a PartListError (``PartListError("CODE", …)``), read from its source: {kind: {codes}}."""
    found: dict[str, set[str]] = {"finding": set(), "error": set()}
    for path in sorted(PROCUREMENT.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name == "add":
                found["finding"].add(first.value)
            elif name == "PartListError":
                found["error"].add(first.value)
    return found


def test_every_code_the_procurement_package_emits_is_listed_with_its_scope() -> None:
    emitted = _emitted_by_procurement()
    listed = {c.code: c for c in public_codes()}
    # The scan must find the codes, or it proves nothing.
    assert {"SHORTFALL", "SURPLUS", "NO_PARTNER", "UNKNOWN_PART", "STRUCTURED_CABLING"} <= emitted["finding"]
    assert {"PART_LIST_EMPTY", "PART_LIST_VALUE", "PART_LIST_UNKNOWN_END"} <= emitted["error"]
    for code in emitted["finding"]:
        assert CodeScope.PART_LIST in listed[code].scopes, code
    for code in emitted["error"]:
        assert listed[code].scopes == (CodeScope.PART_LIST_INPUT,), code


def test_the_procurement_registries_hold_every_code_it_emits() -> None:
    """One registry each: a finding code not in LIST_RULES (nor a link rule's) would be refused at run
    time by the report builder; an error code not in PART_LIST_CODES by PartListError."""
    emitted = _emitted_by_procurement()
    assert emitted["finding"] <= set(LIST_CODES) | {r.code for r in RULES}
    assert emitted["error"] <= set(PART_LIST_CODES)


def test_codes_are_listed_once_link_rules_first_then_part_list_findings_then_input_errors() -> None:
    codes = public_codes()
    names = [c.code for c in codes]
    assert len(names) == len(set(names))
    link = [r.code for r in RULES]
    only_list = [r.code for r in LIST_RULES if r.code not in link]
    assert names == [*link, *only_list, *PART_LIST_CODES]
    # 31 before FEC_SETTING, RATE_UNVERIFIED; 33 before ATTENUATOR_REQUIRED; then SECONDARY_SOURCE_ONLY,
    # PART_DISCONTINUED and PART_EOL became link rules too (checkLink and linkOptions say them, as a
    # part list does) and TOP_STYLE_UNVERIFIED was added; then CABLE_SLACK, then BREAKOUT_UNVERIFIED,
    # then HOST_LANES_UNVERIFIED
    assert len(link) == 41
    assert only_list == [
        "ZERO_QUANTITY",
        "PART_ALIAS",
        "DEVICE_LINE",
        "DUPLICATE_PART",
        "INTENT_UNSERVED",
        "SHORTFALL",
        "SURPLUS",
        "NO_PARTNER",
        "NO_MEDIUM",
        "PAIR_COUNT_MISMATCH",
        "STRUCTURED_CABLING",
        "UNKNOWN_FIBER_TYPE",
    ]


def test_each_code_has_its_registry_severity_meaning_and_scopes() -> None:
    by_code = {c.code: c for c in public_codes()}
    assert by_code["RATE_MISMATCH"].scopes == (CodeScope.LINK, CodeScope.PART_LIST)
    assert (by_code["SHORTFALL"].severity, by_code["SHORTFALL"].scopes) == (Severity.ERROR, (CodeScope.PART_LIST,))
    assert by_code["SURPLUS"].severity is Severity.WARNING
    assert by_code["STRUCTURED_CABLING"].severity is Severity.INFO
    assert "short" in by_code["SHORTFALL"].description
    # UNKNOWN_PART is a link rule and a part-list code: one entry, both meanings.
    unknown = by_code["UNKNOWN_PART"]
    assert unknown.scopes == (CodeScope.LINK, CodeScope.PART_LIST)
    assert "three closest part numbers" in unknown.description
    assert "In a part list: A line's part number is neither a catalogue part nor a device" in unknown.description
    # PART_DISCONTINUED and PART_EOL are link warnings (checkLink, linkOptions) and part-list codes too:
    # one entry each, the link meaning first (a part-list line makes PART_DISCONTINUED an error).
    gone = by_code["PART_DISCONTINUED"]
    assert (gone.severity, gone.scopes) == (Severity.WARNING, (CodeScope.LINK, CodeScope.PART_LIST))
    assert "it cannot be ordered new. The link still works" in gone.description
    assert gone.description.endswith(
        "In a part list: A listed part is discontinued: it cannot be ordered new (ask for its successor or an "
        "alternative)."
    )
    assert by_code["PART_EOL"].scopes == (CodeScope.LINK, CodeScope.PART_LIST)
    assert by_code["PART_LIST_EMPTY"].description == (
        "The part list cannot be read: the file or sheet holds no part lines (validatePartList answers a "
        "ValidationError with this code; nothing is validated)."
    )
    # SECONDARY_SOURCE_ONLY: a link rule (a named part only secondary sources back) and a part-list line's
    # warning: one entry, the same severity, both meanings.
    secondary = by_code["SECONDARY_SOURCE_ONLY"]
    assert (secondary.severity, secondary.scopes) == (Severity.WARNING, (CodeScope.LINK, CodeScope.PART_LIST))
    assert secondary.description.startswith("Every source of a part the link names is secondary")
    assert "In a part list: Every source of a listed part is secondary" in secondary.description
    assert all(c.description for c in by_code.values())
    assert {r.code: r.severity for r in LIST_RULES} == LIST_CODES
