"""Issue 12 over HTTP: a PMD breakout offered through a catalogue harness part (Fortinet's
FN-CABLE-QSFP-4XSFP, OM3 MPO-12/UPC → 4 × LC/UPC [LK01, LK02]) and checked back by part number."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

OPTIONS = """
query Options($spec: LinkSpecInput!) {
  linkOptions(spec: $spec) {
    __typename
    ... on LinkOptions {
      options { summary valid reachM marginM parts { role partNumber linksServed } }
    }
  }
}
"""

CHECK = """
query Check($link: LinkInput!) {
  checkLink(link: $link) {
    __typename
    ... on LinkVerdict { valid rateGbps legs findings { code severity } }
  }
}
"""

HARNESS_OPTION = "10GBASE-SR: QSFP-40G-SR4 + FN-CABLE-QSFP-4XSFP-5 + SFP-10G-SR, reach 100 m over OM3"


def test_link_options_name_the_harness_part_of_a_40g_to_4_x_10g_breakout(gql: Gql) -> None:
    spec = {"a": {"formFactor": "QSFP+"}, "b": {"formFactor": "SFP+"}, "rateGbps": 10, "distanceM": 4}
    options = gql(OPTIONS, {"spec": spec})["data"]["linkOptions"]["options"]
    (option,) = [o for o in options if o["summary"] == HARNESS_OPTION]
    assert (option["valid"], option["reachM"], option["marginM"]) == (True, 100.0, 95.0)
    assert [(p["role"], p["partNumber"], p["linksServed"]) for p in option["parts"]] == [
        ("MODULE_A", "QSFP-40G-SR4", 4),
        ("FIBER", "FN-CABLE-QSFP-4XSFP-5", 4),
        ("MODULE_B", "SFP-10G-SR", 1),
    ]


def test_check_link_takes_the_harness_by_part_number(gql: Gql) -> None:
    link = {
        "a": {"formFactor": "QSFP+"},
        "b": {"formFactor": "SFP+"},
        "distanceM": 5,
        "moduleA": "QSFP-40G-SR4",
        "moduleB": "SFP-10G-SR",
        "media": [{"partNumber": "FN-CABLE-QSFP-4XSFP-5"}],
    }
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert (answer["__typename"], answer["valid"], answer["rateGbps"], answer["legs"]) == ("LinkVerdict", True, 10.0, 4)
    assert [f["code"] for f in answer["findings"] if f["severity"] == "ERROR"] == []


PART = """
query Part($pn: String!) {
  part(partNumber: $pn) {
    __typename
    ... on Part { kind fiberType legs lengthM connector connectorA connectorB }
  }
}
"""


def test_the_harness_part_names_both_connectors(gql: Gql) -> None:
    """A harness has two connector kinds: the MPO trunk and the LC duplex legs (LK01)."""
    part = gql(PART, {"pn": "FN-CABLE-QSFP-4XSFP-5"})["data"]["part"]
    assert part == {
        "__typename": "Part",
        "kind": "fiber_cable",
        "fiberType": "OM3",
        "legs": 4,
        "lengthM": 5.0,
        "connector": None,
        "connectorA": "MPO-12/UPC",
        "connectorB": "LC/UPC",
    }
