"""A part number pasted from a PDF or spreadsheet with an en dash, em dash or non-breaking hyphen is
the part it names: resolved by part, device, checkLink and validatePartList (fresh-user finding:
``MMA4Z00–NS400`` was UNKNOWN_PART, with two NO_PARTNER errors on other lines)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

DOCUMENT = """
query($input: PartListInput!) {
  part(partNumber: "mma4z00\u2013ns400") { __typename ... on Part { partNumber } }
  device(name: "MQM9700\u2011NS2F") { __typename ... on Device { model } }
  checkLink(link: {a: {device: "QM9700"}, b: {device: "MCX75310AAS\u2013NEAT"}, distanceM: 30,
                   moduleA: "MMA4Z00\u2013NS", media: [{partNumber: "MFP7E10\u2013N030"}],
                   moduleB: "MMA4Z00\u2212NS400"}) {
    __typename ... on LinkVerdict { valid rateGbps }
  }
  validatePartList(input: $input) {
    ... on PartListReport { summary { buildable errors } findings { code line severity } }
  }
}
"""
PART_LIST = {
    "lines": [
        {"partNumber": "MMA4Z00-NS", "quantity": 32},
        {"partNumber": "MFP7E10\u2013N030", "quantity": 64},
        {"partNumber": "MMA4Z00\u2014NS400", "quantity": 64},
    ],
    "intents": [
        {"a": {"device": "QM9700"}, "b": {"device": "MCX75310AAS-NEAT"}, "links": 64, "rateGbps": 400, "distanceM": 30}
    ],
}


def test_dashes_pasted_into_part_numbers_name_the_part(gql: Gql) -> None:
    body = gql(DOCUMENT, {"input": PART_LIST})
    assert "errors" not in body, body
    data = body["data"]
    assert data["part"] == {"__typename": "Part", "partNumber": "MMA4Z00-NS400"}
    assert data["device"] == {"__typename": "Device", "model": "MQM9700-NS2F"}
    assert data["checkLink"] == {"__typename": "LinkVerdict", "valid": True, "rateGbps": 400.0}
    report = data["validatePartList"]
    assert report["summary"] == {"buildable": True, "errors": 0}
    # each pasted number is named on its own line as the part it is (an info, not an error)
    assert report["findings"] == [
        {"code": "PART_ALIAS", "line": 2, "severity": "INFO"},
        {"code": "PART_ALIAS", "line": 3, "severity": "INFO"},
    ]
