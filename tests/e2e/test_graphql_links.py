"""checkLink, linkOptions and ruleCodes over HTTP/GraphQL: verdicts and options with exact values from
the project's known-right cases, and input errors as typed union members (NotFoundError with
suggestions, ValidationError naming the field), never exceptions."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.rules import RULES

Gql = Callable[..., dict[str, Any]]

VERDICT = """
fragment V on LinkVerdict {
  valid rateGbps ports aggregateGbps legs lanes protocol partNumbers
  findings { code severity message fix parts limit sources { id } }
  alternatives { rank summary parts { role partNumber alternatives } }
}
"""

CHECK = (
    VERDICT
    + """
query ($link: LinkInput!) {
  checkLink(link: $link) {
    __typename
    ... on LinkVerdict { ...V }
    ... on NotFoundError { code kind name suggestions }
    ... on ValidationError { code field message }
  }
}
"""
)

OPTIONS = """
query ($spec: LinkSpecInput!, $explain: Boolean!) {
  linkOptions(spec: $spec, explain: $explain) {
    __typename
    ... on LinkOptions {
      endA endB
      options {
        rank medium pmd fiberType reachM marginM rateGbps valid parts { role partNumber linksServed }
      }
      rejected { summary valid rateGbps findings { code limit } parts { partNumber } }
    }
    ... on NotFoundError { code suggestions }
    ... on ValidationError { code field message }
  }
}
"""

QM9700 = {"device": "QM9700"}
CX7 = {"device": "MCX75310AAS-NEAT"}


def _data(body: dict[str, Any]) -> dict[str, Any]:
    assert "errors" not in body, body.get("errors")
    data: dict[str, Any] = body["data"]
    return data


def _check(gql: Gql, **link: Any) -> dict[str, Any]:
    result: dict[str, Any] = _data(gql(CHECK, {"link": link}))["checkLink"]
    return result


def test_c15_single_port_module_in_a_switch_is_invalid_with_reasons_fixes_and_sources(gql: Gql) -> None:
    """C15: MMA4Z00-NS400 in a QM9700 → TOP_STYLE_MISMATCH and WRONG_SIDE (NVIDIA N02, N08, N21); the
    nearest valid option puts the twin-port MMA4Z00-NS in the switch."""
    v = _check(
        gql,
        a=QM9700,
        b=CX7,
        distanceM=30,
        moduleA="MMA4Z00-NS400",
        moduleB="MMA4Z00-NS400",
        media=[{"partNumber": "MFP7E10-N030"}],
    )
    # An invalid link runs at no rate: rateGbps and aggregateGbps are null (were 400 and 800).
    assert (v["__typename"], v["valid"], v["rateGbps"], v["aggregateGbps"], v["protocol"]) == (
        "LinkVerdict",
        False,
        None,
        None,
        "INFINIBAND",
    )
    assert [(f["code"], f["severity"], f["parts"], f["limit"]) for f in v["findings"]] == [
        ("TOP_STYLE_MISMATCH", "ERROR", ["MMA4Z00-NS400"], None),
        ("WRONG_SIDE", "ERROR", ["MMA4Z00-NS400"], None),
    ]
    assert v["findings"][1]["message"] == (
        "MMA4Z00-NS400 is made for the adapter side, but MQM9700-NS2F is on the switch side"
    )
    assert v["findings"][1]["fix"] == "use a switch-side part in MQM9700-NS2F"
    assert {s["id"] for s in v["findings"][1]["sources"]} == {"N01", "N02", "N08", "N28"}
    assert [(p["role"], p["partNumber"]) for p in v["alternatives"][0]["parts"]] == [
        ("MODULE_A", "MMA4Z00-NS"),
        ("FIBER", "MFP7E10-N030"),
        ("MODULE_B", "MMA4Z00-NS400"),
    ]


def test_alternatives_are_numbered_in_the_order_shown(gql: Gql) -> None:
    """An SFP+ DAC between bare QSFP28 cages: the nearest valid options keep the named DAC first
    (through a QSA at each end; linkOptions ranks it 6th), and are numbered 1, 2, 3 as shown."""
    v = _check(
        gql,
        a={"formFactor": "QSFP28"},
        b={"formFactor": "QSFP28"},
        distanceM=2,
        media=[{"partNumber": "SFP-H10GB-CU2M"}],
    )
    assert (v["valid"], [f["code"] for f in v["findings"]]) == (False, ["FORM_FACTOR_MISMATCH"] * 2)
    assert [(o["rank"], o["summary"]) for o in v["alternatives"]] == [
        (
            1,
            "DAC SFP-H10GB-CU2M (2 m) (through 10506, a QSFP28-to-SFP28 adapter at end A and 10506, a "
            "QSFP28-to-SFP28 adapter at end B)",
        ),
        (2, "DAC 40G-DACP-QSFP4SFP2M (2 m) (through 10506, a QSFP28-to-SFP28 adapter at end A)"),
        (3, "DAC 40G-DACP-QSFP4SFP2M (2 m) (through 10506, a QSFP28-to-SFP28 adapter at end B)"),
    ]


def test_c35_two_fibers_between_twin_ports_run_800g(gql: Gql) -> None:
    """C35: two MMA4Z00-NS joined by two 40 m OM4 MPO-12/APC fibers: valid, 2 × 400 = 800 Gb/s."""
    fiber = {"fiberType": "OM4", "connector": "MPO-12/APC"}
    v = _check(
        gql,
        a=QM9700,
        b=QM9700,
        distanceM=40,
        moduleA="MMA4Z00-NS",
        moduleB="MMA4Z00-NS",
        media=[fiber, fiber],
    )
    assert {k: v[k] for k in ("valid", "rateGbps", "ports", "aggregateGbps", "legs", "lanes", "findings")} == {
        "valid": True,
        "rateGbps": 400.0,
        "ports": 2,
        "aggregateGbps": 800.0,
        "legs": 1,
        "lanes": 4,
        "findings": [],
    }


def test_c23_an_sfp_plus_optic_through_a_qsa(gql: Gql) -> None:
    """C23: SFP-10G-SR in a ConnectX-5 QSFP28 port through MAM1Q00A-QSA runs one lane at 10G."""
    v = _check(
        gql,
        a={"device": "MCX555A-ECAT"},
        b={"device": "QFX5110-48S", "cage": "sfpp"},
        distanceM=100,
        adapterA="MAM1Q00A-QSA",
        moduleA="SFP-10G-SR",
        moduleB="SFP-10G-SR",
        media=[{"fiberType": "OM3", "connector": "LC/UPC"}],
    )
    assert (v["valid"], v["rateGbps"], v["lanes"], v["protocol"]) == (True, 10.0, 1, "ETHERNET")
    assert v["partNumbers"] == ["MAM1Q00A-QSA", "SFP-10G-SR", "SFP-10G-SR"]
    assert [f["code"] for f in v["findings"]] == ["RATE_NEGOTIATED"]


def test_a_splitter_leg_says_legs_lanes_and_rate(gql: Gql) -> None:
    """NDR → 2 × NDR200: MMA4Z00-NS + MFP7E20 splitter + MMA4Z00-NS400, named from the adapter end."""
    v = _check(
        gql,
        a=CX7,
        b=QM9700,
        distanceM=20,
        moduleA="MMA4Z00-NS400",
        moduleB="MMA4Z00-NS",
        media=[{"partNumber": "MFP7E20-N020"}],
    )
    assert (v["valid"], v["rateGbps"], v["legs"], v["lanes"]) == (True, 200.0, 2, 2)


def test_an_unknown_part_number_is_a_not_found_error_with_suggestions(gql: Gql) -> None:
    v = _check(
        gql,
        a=QM9700,
        b=CX7,
        distanceM=30,
        moduleA="MMA4Z00-N5",
        moduleB="MMA4Z00-NS400",
        media=[{"partNumber": "MFP7E10-N030"}],
    )
    assert (v["__typename"], v["code"], v["name"]) == ("NotFoundError", "UNKNOWN_PART", "MMA4Z00-N5")
    assert v["suggestions"] == ["MMA4Z00-NS", "MMA4Z00-NS-T", "MMA4Z00-NS400"]  # the three closest numbers


def test_a_negative_distance_is_a_validation_error(gql: Gql) -> None:
    v = _check(gql, a=QM9700, b=CX7, distanceM=-1, media=[{"partNumber": "MCP7Y00-N002"}])
    assert (v["__typename"], v["code"], v["field"]) == ("ValidationError", "VALIDATION_ERROR", "distanceM")
    assert v["message"] == "distanceM: must not be negative, got -1"


@pytest.mark.parametrize("distance", [0, 0.0, -0.0])
def test_a_zero_distance_is_a_validation_error_for_check_link_and_link_options(gql: Gql, distance: float) -> None:
    """A 0 m run is no link: both entry points refuse it, naming the field, as they refuse -1 m."""
    v = _check(gql, a=QM9700, b=CX7, distanceM=distance, media=[{"partNumber": "MCP7Y00-N002"}])
    refused = {
        "code": "VALIDATION_ERROR",
        "field": "distanceM",
        "message": "distanceM: the distance must be greater than 0 metres, got 0",
    }
    assert v == {"__typename": "ValidationError", **refused}
    spec = {"a": QM9700, "b": CX7, "rateGbps": 400, "distanceM": distance}
    options = _data(gql(OPTIONS, {"spec": spec, "explain": False}))["linkOptions"]
    assert options == {"__typename": "ValidationError", **refused}


def test_an_infinite_distance_literal_is_a_validation_error(gql: Gql) -> None:
    """GraphQL parses the literal 1e400 as +Infinity; the use case refuses it as a typed error."""
    body = gql("""{ checkLink(link: {a: {device: "QM9700"}, b: {device: "QM9700"}, distanceM: 1e400,
                     media: [{partNumber: "MCP4Y10-N002"}]}) {
                    __typename ... on ValidationError { field message } } }""")
    assert _data(body)["checkLink"] == {
        "__typename": "ValidationError",
        "field": "distanceM",
        "message": "distanceM: must be a finite number",
    }


def test_a_medium_with_both_a_part_and_a_grade_is_a_validation_error(gql: Gql) -> None:
    v = _check(
        gql,
        a=QM9700,
        b=CX7,
        distanceM=30,
        moduleA="MMA4Z00-NS",
        moduleB="MMA4Z00-NS400",
        media=[{"partNumber": "MFP7E10-N030", "fiberType": "OM4"}],
    )
    assert (v["__typename"], v["field"]) == ("ValidationError", "media[0]")


def test_nan_never_reaches_the_resolver(client: TestClient) -> None:
    """NaN is not JSON (nor a GraphQL Float): the app refuses the request with HTTP 400 before any
    resolver runs; called in process, the use case refuses it as a ValidationError."""
    payload = json.dumps(
        {
            "query": OPTIONS,
            "variables": {
                "spec": {"a": QM9700, "b": CX7, "rateGbps": 400, "distanceM": float("nan")},
                "explain": False,
            },
        }
    )
    response = client.post("/graphql", content=payload, headers={"content-type": "application/json"})
    assert (response.status_code, response.text) == (
        400,
        "NaN is not a JSON number; send finite numbers only",
    )


def test_a_rate_of_zero_is_a_validation_error(gql: Gql) -> None:
    body = gql(OPTIONS, {"spec": {"a": QM9700, "b": CX7, "rateGbps": 0, "distanceM": 30}, "explain": False})
    assert _data(body)["linkOptions"] == {
        "__typename": "ValidationError",
        "code": "VALIDATION_ERROR",
        "field": "rateGbps",
        "message": "rateGbps: must be greater than 0, got 0",
    }


def test_a_rate_no_generation_runs_is_a_validation_error(gql: Gql) -> None:
    """7 Gb/s is no Ethernet or InfiniBand data rate: a typed error naming the rates the catalogue holds
    (Ethernet 1-800 Gb/s, InfiniBand SDR 10 to XDR 800, FDR 56, DDR 20), not "no part fits"."""
    body = gql(OPTIONS, {"spec": {"a": QM9700, "b": CX7, "rateGbps": 7, "distanceM": 30}, "explain": False})
    assert _data(body)["linkOptions"] == {
        "__typename": "ValidationError",
        "code": "VALIDATION_ERROR",
        "field": "rateGbps",
        "message": "rateGbps: 7 Gb/s is not a data rate of any generation, PMD, transceiver or device port the "
        "catalogue holds; known rates: 0.1, 1, 10, 20, 25, 40, 50, 56, 100, 200, 400, 800 Gb/s",
    }
    v = _check(gql, a=QM9700, b=CX7, distanceM=3, rateGbps=7, media=[{"partNumber": "MCP7Y00-N002"}])
    assert (v["__typename"], v["code"], v["field"]) == ("ValidationError", "VALIDATION_ERROR", "rateGbps")


def test_an_unknown_device_is_a_not_found_error(gql: Gql) -> None:
    body = gql(
        OPTIONS,
        {"spec": {"a": {"device": "QM9770"}, "b": CX7, "rateGbps": 400, "distanceM": 30}, "explain": False},
    )
    result = _data(body)["linkOptions"]
    assert (result["__typename"], result["code"]) == ("NotFoundError", "UNKNOWN_DEVICE")
    assert "QM9700" in result["suggestions"]


def test_c12_options_with_explain_return_rejected_candidates_and_their_codes(gql: Gql) -> None:
    """C12: QM9700 → ConnectX-7 at 30 m, NDR 400G: MMA4Z00-NS + MFP7E10 + MMA4Z00-NS400 (50 m) and
    MMS4X00-NS + MFP7E30 + MMS4X00-NS400 (100 m); the MCP7Y00 splitter DAC is rejected at its 3 m
    limit; swapped modules are rejected for top style, side and port count."""
    body = gql(OPTIONS, {"spec": {"a": QM9700, "b": CX7, "rateGbps": 400, "distanceM": 30}, "explain": True})
    result = _data(body)["linkOptions"]
    assert (result["endA"], result["endB"]) == ("MQM9700-NS2F", "MCX75310AAS-NEAT")
    assert [
        (o["rank"], o["medium"], o["pmd"], o["fiberType"], o["reachM"], o["marginM"], o["rateGbps"])
        for o in result["options"]
    ] == [(1, "MMF", "NDR SR4", "OM4", 50.0, 20.0, 400.0), (2, "SMF", "NDR DR4", "OS2", 100.0, 70.0, 400.0)]
    assert [[(p["role"], p["partNumber"], p["linksServed"]) for p in o["parts"]] for o in result["options"]] == [
        [("MODULE_A", "MMA4Z00-NS", 2), ("FIBER", "MFP7E10-N030", 1), ("MODULE_B", "MMA4Z00-NS400", 1)],
        [("MODULE_A", "MMS4X00-NS", 2), ("FIBER", "MFP7E30-N030", 1), ("MODULE_B", "MMS4X00-NS400", 1)],
    ]
    rejected = {
        tuple(p["partNumber"] for p in r["parts"]): [(f["code"], f["limit"]) for f in r["findings"]]
        for r in result["rejected"]
    }
    assert rejected[("MCP7Y00-N003",)] == [("CABLE_LENGTH_LIMIT", 3.0)]
    assert rejected[("MMA4Z00-NS400", "MFP7E10-N030", "MMA4Z00-NS")] == [
        ("TOP_STYLE_MISMATCH", None),
        ("TOP_STYLE_MISMATCH", None),
        ("WRONG_SIDE", None),
        ("WRONG_SIDE", None),
        ("PORT_COUNT_MISMATCH", None),
    ]
    assert not any(r["valid"] for r in result["rejected"])
    assert {r["rateGbps"] for r in result["rejected"]} == {None}  # a rejected candidate runs at no rate


def test_rule_codes_lists_every_public_code(gql: Gql) -> None:
    codes = _data(gql("{ ruleCodes { code severity description scopes } }"))["ruleCodes"]
    # The link rules first, in RULES order; validatePartList's codes follow (test_graphql_answer_fixes).
    link = [(c["code"], c["severity"]) for c in codes if "LINK" in c["scopes"]]
    assert link == [(r.code, r.severity.name) for r in RULES]
    assert [(c["code"], c["severity"]) for c in codes[: len(RULES)]] == link
    assert ("RUN_TOO_SHORT", "ERROR") in [(c["code"], c["severity"]) for c in codes]


def test_rule_codes_list_the_knowledge_fidelity_codes_with_their_meaning(gql: Gql) -> None:
    """Issue 10: an unknown reach is a warning, a needed setting an info, each described."""
    codes = {c["code"]: c for c in _data(gql("{ ruleCodes { code severity description } }"))["ruleCodes"]}
    assert codes["REACH_UNVERIFIED"]["severity"] == "WARNING"
    assert "not rejected" in codes["REACH_UNVERIFIED"]["description"]
    assert codes["CONFIG_PREREQUISITE"]["severity"] == "INFO"
    assert "split mode" in codes["CONFIG_PREREQUISITE"]["description"]
    assert "never this error" in codes["REACH_EXCEEDED"]["description"]


def test_check_link_over_graphql_warns_an_unverified_reach_and_stays_valid(gql: Gql) -> None:
    """PR04 over HTTP: HDR SR4 between a QM8700 and a ConnectX-6 over 10 m of OM4."""
    query = """
    query($link: LinkInput!) { checkLink(link: $link) { __typename
      ... on LinkVerdict { valid rateGbps findings { code severity limit } } } }
    """
    link = {
        "a": {"device": "QM8700"},
        "b": {"device": "MCX653105A-HDAT"},
        "distanceM": 10,
        "moduleA": "MMA1T00-HS",
        "moduleB": "MMA1T00-HS",
        "media": [{"fiberType": "OM4", "connector": "MPO-12/UPC"}],
    }
    verdict = _data(gql(query, {"link": link}))["checkLink"]
    assert (verdict["valid"], verdict["rateGbps"]) == (True, 200.0)
    assert verdict["findings"] == [{"code": "REACH_UNVERIFIED", "severity": "WARNING", "limit": None}]


def test_a_harness_behind_a_trunk_over_graphql(gql: Gql) -> None:
    """400GBASE-DR4 → 4 × 100GBASE-DR on a 250 m run: Juniper's 3 m MTP-4LC-S3M harness behind 247 m of
    OS2 MPO-12/APC trunk (trunkM) is valid, four legs at 100 Gb/s; without the trunk the 10 m family
    cannot span the run; a trunk in front of generic fiber is refused with the field named."""
    link = {
        "a": {"formFactor": "QSFP-DD"},
        "b": {"formFactor": "QSFP28"},
        "distanceM": 250,
        "moduleA": "QDD-400G-DR4",
        "moduleB": "QSFP-100G-DR",
    }
    v = _check(gql, **link, media=[{"partNumber": "MTP-4LC-S3M", "trunkM": 247}])
    assert (v["__typename"], v["valid"], v["rateGbps"], v["legs"]) == ("LinkVerdict", True, 100.0, 4)
    alone = _check(gql, **link, media=[{"partNumber": "MTP-4LC-S3M"}])
    assert [f["code"] for f in alone["findings"] if f["severity"] == "ERROR"] == ["CABLE_LENGTH_LIMIT"]
    bad = _check(gql, **link, media=[{"fiberType": "OS2", "legs": 4, "trunkM": 100}])
    assert (bad["__typename"], bad["field"]) == ("ValidationError", "media[0].trunkM")
