"""Answers a fresh user's README trial found wrong, over HTTP/GraphQL (the app's snapshot reads):

1. ``part(partNumber:)`` of a device's model said only "unknown part" with look-alike part numbers;
   it now says the name is a device and which query answers it (and ``device(name:)`` of a part
   number the reverse), keeping the error code.
2. ``ruleCodes`` listed the link rules only; it lists validatePartList's codes too, with scopes.
3. Unknown-name suggestions repeated one device under its aliases; they are distinct devices.
4. ``checkLink`` of a 100G QSFP28 DAC between two SFP+ cages claimed 100 Gb/s; no rate is common.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.rules import RULES

Gql = Callable[..., dict[str, Any]]

NOT_FOUND = "... on NotFoundError { code kind name message suggestions foundAs foundName }"


def _data(body: dict[str, Any]) -> dict[str, Any]:
    assert "errors" not in body, body.get("errors")
    data: dict[str, Any] = body["data"]
    return data


# --- 1. a device asked as a part, a part asked as a device ---------------------------------------------


def test_a_device_model_asked_as_a_part_points_to_the_device_query(gql: Gql) -> None:
    body = gql(f'{{ part(partNumber: "4XC7B03668") {{ __typename {NOT_FOUND} }} }}')
    assert _data(body)["part"] == {
        "__typename": "NotFoundError",
        "code": "UNKNOWN_PART",
        "kind": "part number",
        "name": "4XC7B03668",
        "message": "4XC7B03668 is a device (Lenovo ThinkSystem NVIDIA ConnectX-8 8240 400Gbs IB/400GbE QSFP112 "
        '2-Port PCIe Gen6 x16 Adapter), not a part number: ask device(name: "4XC7B03668")',
        "suggestions": [],
        "foundAs": "device",
        "foundName": "4XC7B03668",
    }
    assert body["extensions"]["typedErrors"][0]["code"] == "UNKNOWN_PART"


def test_a_device_alias_asked_as_a_part_names_the_device_model(gql: Gql) -> None:
    found = _data(gql(f'{{ part(partNumber: "lenovo-ne1032") {{ {NOT_FOUND} }} }}'))["part"]
    assert (found["code"], found["foundAs"], found["foundName"]) == ("UNKNOWN_PART", "device", "NE1032")
    assert found["message"] == (
        "lenovo-ne1032 is a device (Lenovo ThinkSystem NE1032 RackSwitch), not a part number: "
        'ask device(name: "NE1032")'
    )


def test_a_part_number_asked_as_a_device_points_to_the_part_query(gql: Gql) -> None:
    assert _data(gql(f'{{ device(name: "MCP1600-C001") {{ {NOT_FOUND} }} }}'))["device"] == {
        "code": "UNKNOWN_DEVICE",
        "kind": "device model",
        "name": "MCP1600-C001",
        "message": "MCP1600-C001 is a part (Passive DAC, QSFP28 to QSFP28, 100GbE (4 x 25G NRZ)), not a device "
        'model: ask part(partNumber: "MCP1600-C001")',
        "suggestions": [],
        "foundAs": "part",
        "foundName": "MCP1600-C001",
    }


def test_a_device_model_as_a_module_of_check_link_says_what_it_is(gql: Gql) -> None:
    query = f"""{{ checkLink(link: {{a: {{formFactor: "QSFP112"}}, b: {{formFactor: "QSFP112"}}, distanceM: 1,
      moduleA: "4XC7B03668", moduleB: "4XC7B03668"}}) {{ {NOT_FOUND} }} }}"""
    found = _data(gql(query))["checkLink"]
    assert (found["code"], found["foundAs"], found["suggestions"]) == ("UNKNOWN_PART", "device", [])


def test_a_name_the_catalogue_holds_under_no_kind_has_no_found_as(gql: Gql) -> None:
    found = _data(gql(f'{{ part(partNumber: "MCP1600-C0O1") {{ {NOT_FOUND} }} }}'))["part"]
    assert (found["foundAs"], found["foundName"]) == (None, None)
    assert found["suggestions"] == ["MCP1600-C001", "MCP1600-C01A", "MCP1600-C002"]


# --- 3. suggestions are distinct things ------------------------------------------------------------------


def test_a_misspelt_switch_suggests_distinct_devices_not_its_aliases(gql: Gql) -> None:
    found = _data(gql(f'{{ device(name: "NE1033") {{ {NOT_FOUND} }} }}'))["device"]
    assert found["suggestions"] == ["NE1032", "SN2010", "SN2100"]
    assert found["message"] == "unknown device model 'NE1033'; did you mean NE1032, SN2010, SN2100?"
    aliased = _data(gql(f'{{ device(name: "Lenovo NE1033") {{ {NOT_FOUND} }} }}'))["device"]
    # Each distinct device under its name that matched best (the Lenovo spelling typed at).
    assert aliased["suggestions"] == ["Lenovo NE1032", "lenovo-4xc7a97033", "lenovo-g8052"]
    known_twice = _data(gql(f'{{ device(name: "QM9770") {{ {NOT_FOUND} }} }}'))["device"]
    assert known_twice["suggestions"] == ["QM9700", "QM9790", "QM8700"]  # not QM9700 and its OPN MQM9700-NS2F


def test_a_misspelt_vendor_ordering_code_suggests_distinct_parts(gql: Gql) -> None:
    # 980-9I924-00N002 is NVIDIA's ordering number of MCP7Y00-N002: three different cables, each once.
    found = _data(gql(f'{{ part(partNumber: "980-9I924-00N00") {{ {NOT_FOUND} }} }}'))["part"]
    assert found["suggestions"] == ["980-9I924-00N002", "980-9I925-00N002", "980-9I92N-00N003"]
    numbers = {
        _data(gql(f'{{ part(partNumber: "{s}") {{ ... on Part {{ partNumber }} }} }}'))["part"]["partNumber"]
        for s in found["suggestions"]
    }
    assert len(numbers) == 3


# --- 2. ruleCodes lists the part-list codes with their scopes ---------------------------------------------


def test_rule_codes_list_the_part_list_codes_with_scopes(gql: Gql) -> None:
    codes = _data(gql("{ ruleCodes { code severity description scopes } }"))["ruleCodes"]
    by_code = {c["code"]: c for c in codes}
    # link codes (with FEC_SETTING and RATE_UNVERIFIED), part-list findings, input errors
    assert len(codes) == len(by_code) == 41 + 12 + 8
    assert [c["code"] for c in codes if "LINK" in c["scopes"]] == [r.code for r in RULES]
    assert by_code["SHORTFALL"]["scopes"] == ["PART_LIST"]
    assert by_code["SHORTFALL"]["severity"] == "ERROR"
    assert by_code["SURPLUS"]["severity"] == "WARNING"
    assert by_code["NO_PARTNER"]["scopes"] == ["PART_LIST"]
    assert by_code["REACH_EXCEEDED"]["scopes"] == ["LINK", "PART_LIST"]
    assert by_code["UNKNOWN_PART"]["scopes"] == ["LINK", "PART_LIST"]
    assert by_code["PART_LIST_COLUMNS"] == {
        "code": "PART_LIST_COLUMNS",
        "severity": "ERROR",
        "description": "The part list cannot be read: a required column is missing, misnamed or duplicated "
        "(validatePartList answers a ValidationError with this code; nothing is validated).",
        "scopes": ["PART_LIST_INPUT"],
    }


# --- 4. no common rate, no rate ------------------------------------------------------------------------------


CHECK = """
query ($link: LinkInput!) {
  checkLink(link: $link) { ... on LinkVerdict { valid rateGbps findings { code severity message parts } } }
}
"""


def test_a_100g_dac_between_two_sfp_plus_cages_claims_no_rate(gql: Gql) -> None:
    link = {
        "a": {"formFactor": "SFP+"},
        "b": {"formFactor": "SFP+"},
        "distanceM": 1,
        "media": [{"partNumber": "MCP1600-C001"}],
    }
    verdict = _data(gql(CHECK, {"link": link}))["checkLink"]
    assert (verdict["valid"], verdict["rateGbps"]) == (False, None)
    assert [(f["code"], f["severity"]) for f in verdict["findings"]] == [
        ("FORM_FACTOR_MISMATCH", "ERROR"),
        ("FORM_FACTOR_MISMATCH", "ERROR"),
        ("RATE_MISMATCH", "ERROR"),
        # no FEC_REQUIRED: a link with no common rate does not run, so there is no FEC mode to set
    ]
    assert verdict["findings"][2]["message"] == (
        "no rate is common to every element: an SFP+ cage: up to 10 Gb/s; an SFP+ cage: up to 10 Gb/s; "
        "MCP1600-C001: 100 Gb/s"
    )
    assert verdict["findings"][2]["parts"] == ["an SFP+ cage", "MCP1600-C001"]


def test_the_same_dac_between_two_sfp_plus_switches_claims_no_rate_either(gql: Gql) -> None:
    link = {
        "a": {"device": "NE1032"},
        "b": {"device": "NE1032"},
        "distanceM": 1,
        "media": [{"partNumber": "MCP1600-C001"}],
    }
    verdict = _data(gql(CHECK, {"link": link}))["checkLink"]
    assert (verdict["valid"], verdict["rateGbps"]) == (False, None)
    assert "RATE_MISMATCH" in [f["code"] for f in verdict["findings"]]


def test_a_plug_that_fits_a_bare_form_factor_still_runs_its_own_rate(gql: Gql) -> None:
    """A bare form factor states no speeds: only a plug that does not fit it is capped by its top rate."""
    link = {
        "a": {"formFactor": "SFP+"},
        "b": {"formFactor": "SFP+"},
        "distanceM": 1,
        "media": [{"partNumber": "SFP-H10GB-CU1M"}],
    }
    verdict = _data(gql(CHECK, {"link": link}))["checkLink"]
    assert (verdict["valid"], verdict["rateGbps"], verdict["findings"]) == (True, 10.0, [])
