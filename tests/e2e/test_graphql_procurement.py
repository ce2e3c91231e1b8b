"""validatePartList over HTTP: the shared procurement cases, and typed input errors (never a 500).

Values are copied from /work/shared/cases/procurement.yaml (case id and source in each docstring).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

VALIDATE = """
query Validate($input: PartListInput!) {
  validatePartList(input: $input) {
    __typename
    ... on PartListReport {
      summary { buildable errors warnings infos lines parts pieces intents links }
      findings { severity code line partNumber intents quantity message fix suggestions sources { id kind } }
      totals { partNumber known description listed needed shortfall surplus lines }
      intents {
        intent served suggested summary rateGbps
        chain { role partNumber linksPerPiece quantity listed }
      }
    }
    ... on ValidationError { code message field }
    ... on NotFoundError { code message name suggestions }
  }
}
"""

Gql = Callable[..., dict[str, Any]]
P01_LINES = [
    {"partNumber": "MMA4Z00-NS", "quantity": 32},
    {"partNumber": "MFP7E10-N030", "quantity": 64},
    {"partNumber": "MMA4Z00-NS400", "quantity": 64},
]
P01_INTENT = {
    "a": {"device": "QM9700"},
    "b": {"device": "MCX75310AAS-NEAT"},
    "links": 64,
    "rateGbps": 400,
    "distanceM": 30,
}


def _validate(gql: Gql, lines: list[dict[str, Any]], intents: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    body = gql(VALIDATE, {"input": {"lines": lines, "intents": intents or []}})
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["validatePartList"]
    return result


def test_p01_twin_port_switch_optics_to_connectx7_is_buildable(gql: Gql) -> None:
    """P01-ndr-switch-to-cx7-optics-buildable (S01–S03, S05): 64 × QM9700 port → ConnectX-7 OSFP at 30 m over
    MMA4Z00-NS ×32, MFP7E10-N030 ×64, MMA4Z00-NS400 ×64 → buildable, 0 errors."""
    r = _validate(gql, P01_LINES, [P01_INTENT])
    assert r["__typename"] == "PartListReport"
    assert r["summary"] == {
        "buildable": True,
        "errors": 0,
        "warnings": 0,
        "infos": 0,
        "lines": 3,
        "parts": 3,
        "pieces": 160,
        "intents": 1,
        "links": 64,
    }
    assert r["findings"] == []
    assert [(t["partNumber"], t["listed"], t["needed"], t["shortfall"], t["surplus"]) for t in r["totals"]] == [
        ("MMA4Z00-NS", 32, 32, 0, 0),
        ("MFP7E10-N030", 64, 64, 0, 0),
        ("MMA4Z00-NS400", 64, 64, 0, 0),
    ]
    (served,) = r["intents"]
    assert served["served"] is True and served["rateGbps"] == 400
    assert [(c["role"], c["partNumber"], c["linksPerPiece"], c["quantity"]) for c in served["chain"]] == [
        ("MODULE_A", "MMA4Z00-NS", 2, 32),
        ("FIBER", "MFP7E10-N030", 1, 64),
        ("MODULE_B", "MMA4Z00-NS400", 1, 64),
    ]


def test_p02_unknown_part_number(gql: Gql) -> None:
    """P02-unknown-part-number: MMA4Z00-N5 ×4 → not buildable, line 1 UNKNOWN_PART, suggestions include
    MMA4Z00-NS."""
    r = _validate(gql, [{"partNumber": "MMA4Z00-N5", "quantity": 4}])
    assert r["summary"]["buildable"] is False
    (finding,) = r["findings"]
    assert (finding["line"], finding["code"], finding["severity"]) == (1, "UNKNOWN_PART", "ERROR")
    assert "MMA4Z00-NS" in finding["suggestions"]


def test_a_broken_rule_carries_its_check_link_code_and_sources(gql: Gql) -> None:
    """MMA4Z00-NS400 (flat-top, adapter side; S01) listed for the QM9700's finned cages (S05)."""
    r = _validate(
        gql,
        [{"partNumber": "MMA4Z00-NS400", "quantity": 128}, {"partNumber": "MFP7E10-N030", "quantity": 64}],
        [P01_INTENT],
    )
    top = next(f for f in r["findings"] if f["code"] == "TOP_STYLE_MISMATCH")
    assert (top["line"], top["partNumber"], top["intents"], top["severity"]) == (
        1,
        "MMA4Z00-NS400",
        [1],
        "ERROR",
    )
    assert top["sources"], "the finding cites the facts behind it"
    shortfall = next(f for f in r["findings"] if f["code"] == "SHORTFALL")
    assert (shortfall["partNumber"], shortfall["quantity"]) == ("MMA4Z00-NS", 32)


@pytest.mark.parametrize(
    ("lines", "code", "field"),
    [
        ([{"partNumber": "MMA4Z00-NS", "quantity": -1}], "PART_LIST_VALUE", "lines[0].quantity"),
        ([{"partNumber": "  ", "quantity": 1}], "PART_LIST_VALUE", "lines[0].partNumber"),
        ([], "PART_LIST_EMPTY", "lines"),
    ],
)
def test_bad_lines_are_a_validation_error_naming_the_line(
    gql: Gql, lines: list[dict[str, Any]], code: str, field: str
) -> None:
    r = _validate(gql, lines)
    assert (r["__typename"], r["code"], r["field"]) == ("ValidationError", code, field)


def test_an_intent_end_without_device_or_form_factor(gql: Gql) -> None:
    r = _validate(gql, P01_LINES, [{**P01_INTENT, "b": {"cage": "osfp"}}])
    assert (r["__typename"], r["code"], r["field"]) == ("ValidationError", "PART_LIST_VALUE", "intents[0].b")


def test_an_unknown_intent_device_is_not_found_with_suggestions(gql: Gql) -> None:
    r = _validate(gql, P01_LINES, [{**P01_INTENT, "a": {"device": "QM970"}}])
    assert (r["__typename"], r["code"]) == ("NotFoundError", "UNKNOWN_DEVICE")
    assert "QM9700" in r["suggestions"]


def test_more_lines_than_the_configured_maximum(gql: Gql, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FABRICGRAPH_PROCUREMENT_MAX_LINES", "10")
    r = _validate(gql, [{"partNumber": "MMA4Z00-NS", "quantity": 1}] * 11)
    assert (r["__typename"], r["code"]) == ("ValidationError", "PART_LIST_TOO_LARGE")


def test_a_breakout_list_of_one_dr4_a_harness_four_lc_fibers_and_four_dr_is_buildable(gql: Gql) -> None:
    """A fresh user's trial: QDD-400G-DR4-S ×1, QSFP-100G-DR-S ×4, four OS2 LC fibers of 300 m (a generic media
    line) and Juniper's MTP-4LC-S1M harness (MPO-12/APC → 4 × LC, HU02) for QSFP-DD → QSFP28, 4 links,
    100 Gb/s, 300 m: the 400GBASE-DR4 → 4 × 100GBASE-DR breakout (B09, S40) uses exactly the listed parts,
    not straight QSFP28 pairs (which were 4 DR modules short, the DR4 surplus)."""
    lines = [
        {"partNumber": "QDD-400G-DR4-S", "quantity": 1},
        {"partNumber": "QSFP-100G-DR-S", "quantity": 4},
        {"fiberType": "OS2", "connector": "LC", "lengthM": 300, "quantity": 4},
        {"partNumber": "MTP-4LC-S1M", "quantity": 1},
    ]
    intent = {
        "a": {"formFactor": "QSFP-DD"},
        "b": {"formFactor": "QSFP28"},
        "links": 4,
        "rateGbps": 100,
        "distanceM": 300,
    }
    r = _validate(gql, lines, [intent])
    assert r["__typename"] == "PartListReport"
    assert (r["summary"]["buildable"], r["summary"]["errors"]) == (True, 0)
    # The one warning: every source for QDD-400G-DR4-S is secondary (B07, B12).
    assert [(f["line"], f["code"]) for f in r["findings"]] == [(1, "SECONDARY_SOURCE_ONLY")]
    assert [(t["partNumber"], t["listed"], t["needed"], t["shortfall"], t["surplus"]) for t in r["totals"]] == [
        ("QDD-400G-DR4-S", 1, 1, 0, 0),
        ("QSFP-100G-DR-S", 4, 4, 0, 0),
        ("OS2 LC 300 m fiber", 4, 4, 0, 0),  # the listed fibers the legs use are counted as needed
        ("MTP-4LC-S1M", 1, 1, 0, 0),
    ]
    (served,) = r["intents"]
    assert (served["served"], served["rateGbps"]) == (True, 100)
    assert served["summary"] == (
        "QDD-400G-DR4-S ×1 + MTP-4LC-S1M ×1 + OS2 LC 300 m fiber ×4 (listed fiber extending each harness leg) "
        "+ QSFP-100G-DR-S ×4"
    )
    assert [(c["role"], c["partNumber"], c["linksPerPiece"], c["quantity"]) for c in served["chain"]] == [
        ("MODULE_A", "QDD-400G-DR4-S", 4, 1),
        ("FIBER", "MTP-4LC-S1M", 4, 1),
        ("FIBER", "OS2 LC 300 m fiber", 1, 4),
        ("MODULE_B", "QSFP-100G-DR-S", 1, 4),
    ]


def test_a_list_with_the_devices_a_media_line_and_a_typo_names_only_the_typo(gql: Gql) -> None:
    """A fresh user's NDR list over GraphQL (tests/integration/test_partlist_devices.py has the details):
    the QM9700 and ConnectX-7 lines are devices (DEVICE_LINE, never UNKNOWN_PART), the OM4 MPO-12/APC
    30 m media line serves the fibers (needed 64, no MFP7E10-N030 shortfall), and MMA4Z00-NS40 (a typo
    for MMA4Z00-NS400) is the one unknown line, its 64 modules the one shortfall."""
    lines = [
        {"partNumber": "MQM9700-NS2F", "quantity": 2},
        {"partNumber": "MMA4Z00-NS", "quantity": 32},
        {"partNumber": "MMA4Z00-NS40", "quantity": 64},
        {"partNumber": "MCX75310AAS-NEAT", "quantity": 64},
        {"fiberType": "OM4", "connector": "MPO-12/APC", "lengthM": 30, "quantity": 64},
    ]
    intent = {**P01_INTENT, "b": {"device": "ConnectX-7 OSFP"}}
    r = _validate(gql, lines, [intent])
    assert r["__typename"] == "PartListReport"
    assert [(f["line"], f["code"], f["partNumber"], f["quantity"]) for f in r["findings"]] == [
        (3, "UNKNOWN_PART", "MMA4Z00-NS40", 64),
        (3, "SHORTFALL", "MMA4Z00-NS400", 64),
        (None, "INTENT_UNSERVED", None, None),
        (1, "DEVICE_LINE", "MQM9700-NS2F", 2),
        (4, "DEVICE_LINE", "MCX75310AAS-NEAT", 64),
    ]
    assert r["findings"][0]["suggestions"][0] == "MMA4Z00-NS400"
    assert "line 3 (MMA4Z00-NS40) is not a known part number" in r["findings"][2]["message"]
    assert [(t["partNumber"], t["listed"], t["needed"], t["shortfall"]) for t in r["totals"]] == [
        ("MQM9700-NS2F", 2, 1, 0),
        ("MMA4Z00-NS", 32, 32, 0),
        ("MMA4Z00-NS40", 64, None, 0),  # unknown: what the intents need of it is not determined (null), not 0
        ("MCX75310AAS-NEAT", 64, 64, 0),
        ("OM4 MPO-12/APC 30 m fiber", 64, 64, 0),
        ("MMA4Z00-NS400", 0, 64, 64),
    ]
    fixed = [{**ln, "partNumber": "MMA4Z00-NS400"} if ln.get("partNumber") == "MMA4Z00-NS40" else ln for ln in lines]
    r = _validate(gql, fixed, [intent])
    assert (r["summary"]["buildable"], r["summary"]["errors"], r["summary"]["infos"]) == (True, 0, 2)
    assert r["intents"][0]["summary"] == "MMA4Z00-NS ×32 + OM4 MPO-12/APC 30 m fiber ×64 + MMA4Z00-NS400 ×64"


def test_a_generic_fiber_line_is_described_from_its_facts(gql: Gql) -> None:
    """Fresh-user finding: a generic fiber line (grade, connector, length; no part number) answered
    description null. It is described in the field's terms; an unknown grade names no medium; an
    unknown part number stays null (nothing is known of it)."""
    lines = [
        {"fiberType": "OM2", "connector": "LC/UPC", "lengthM": 150, "quantity": 2},
        {"fiberType": "OS2", "connector": "MPO-12/APC", "lengthM": 30, "quantity": 1},
        {"fiberType": "OM4", "connector": "LC", "quantity": 1},
        {"fiberType": "OM9", "connector": "LC/UPC", "lengthM": 150, "quantity": 1},
        {"partNumber": "SFP-10G-SX", "quantity": 1},
    ]
    r = _validate(gql, lines)
    assert [(t["partNumber"], t["known"], t["description"]) for t in r["totals"]] == [
        ("OM2 LC/UPC 150 m fiber", True, "OM2 multimode fiber, duplex LC/UPC, 150 m (generic: no part number)"),
        ("OS2 MPO-12/APC 30 m fiber", True, "OS2 single-mode fiber, MPO-12/APC, 30 m (generic: no part number)"),
        (
            "OM4 LC fiber",
            True,
            "OM4 multimode fiber, duplex LC (polish not given), length: the intent's run (generic: no part number)",
        ),
        ("OM9 LC/UPC 150 m fiber", False, "OM9 fiber (unknown grade), duplex LC/UPC, 150 m (generic: no part number)"),
        ("SFP-10G-SX", False, None),
    ]
