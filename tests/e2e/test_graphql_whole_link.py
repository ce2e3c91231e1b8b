"""Issue 12 over HTTP: a bare end's top style, linkOptions over the installed plant, and a generic
media line in validatePartList (typed inputs, exact answers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

CHECK = """
query Check($link: LinkInput!) {
  checkLink(link: $link) {
    __typename
    ... on LinkVerdict { valid findings { code severity parts } }
    ... on ValidationError { code message field }
  }
}
"""

OPTIONS = """
query Options($spec: LinkSpecInput!) {
  linkOptions(spec: $spec, explain: true) {
    __typename
    ... on LinkOptions { options { pmd fiberType } rejected { pmd fiberType } notes }
    ... on ValidationError { code message field }
  }
}
"""

VALIDATE = """
query Validate($input: PartListInput!) {
  validatePartList(input: $input) {
    __typename
    ... on PartListReport { summary { buildable } findings { code line partNumber } }
  }
}
"""


def test_a_flat_top_bare_osfp_end_takes_the_flat_top_twin_port_module(gql: Gql) -> None:
    """The refusal of the finned MMA4Z00-NS (TOP_STYLE_MISMATCH) is asserted on the use case in
    tests/integration/test_whole_link.py (over HTTP its nearest-alternatives search is slow)."""
    link = {
        "a": {"formFactor": "OSFP", "topStyle": "FLAT", "ports": 2},
        "b": {"device": "QM9700"},
        "distanceM": 10,
        "moduleA": "MMA4Z00-NS-FLT",
        "moduleB": "MMA4Z00-NS",
        "media": [{"partNumber": "MFP7E10-N010"}, {"partNumber": "MFP7E10-N010"}],
    }
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert answer["valid"] is True
    assert [f["code"] for f in answer["findings"] if f["severity"] == "ERROR"] == []


def test_a_device_end_with_a_top_style_is_a_typed_validation_error(gql: Gql) -> None:
    link = {"a": {"device": "QM9700", "topStyle": "FLAT"}, "b": {"device": "QM9700"}, "distanceM": 1}
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert (answer["__typename"], answer["field"]) == ("ValidationError", "a.topStyle")


def test_10g_over_a_200_m_om1_plant_offers_lrm_and_nothing_that_needs_om3(gql: Gql) -> None:
    spec = {
        "rateGbps": 10,
        "distanceM": 200,
        "a": {"formFactor": "SFP+"},
        "b": {"formFactor": "SFP+"},
        "plant": {"fiberType": "OM1", "connector": "LC/UPC"},
    }
    answer = gql(OPTIONS, {"spec": spec})["data"]["linkOptions"]
    assert answer["options"] == [{"pmd": "10GBASE-LRM", "fiberType": "OM1"}]
    assert {(r["pmd"], r["fiberType"]) for r in answer["rejected"]} == {("10GBASE-SR", "OM1")}


def test_four_patch_panels_at_250_m_of_om3_exceed_the_10gbase_sr_budget(gql: Gql) -> None:
    def ask(panels: int) -> dict[str, Any]:
        spec = {
            "rateGbps": 10,
            "distanceM": 250,
            "a": {"formFactor": "SFP+"},
            "b": {"formFactor": "SFP+"},
            "plant": {"fiberType": "OM3", "connector": "LC/UPC", "patchPanels": panels},
        }
        answer: dict[str, Any] = gql(OPTIONS, {"spec": spec})["data"]["linkOptions"]
        return answer

    assert ask(2)["options"] == [{"pmd": "10GBASE-SR", "fiberType": "OM3"}]
    four = ask(4)
    assert four["options"] == []
    assert four["notes"][0].startswith("No valid medium for 10 Gb/s over 250 m between")
    assert "INSERTION_LOSS_EXCEEDED" in four["notes"][0]


def test_om2_duplex_lc_150_m_with_sr_for_150_m_is_not_buildable_on_the_fiber_line(gql: Gql) -> None:
    payload = {
        "lines": [
            {"partNumber": "SFP-10G-SR", "quantity": 2},
            {"quantity": 1, "fiberType": "OM2", "connector": "LC", "lengthM": 150},
        ],
        "intents": [
            {"a": {"formFactor": "SFP+"}, "b": {"formFactor": "SFP+"}, "links": 1, "rateGbps": 10, "distanceM": 150}
        ],
    }
    answer = gql(VALIDATE, {"input": payload})["data"]["validatePartList"]
    assert answer["summary"]["buildable"] is False
    assert {"code": "REACH_EXCEEDED", "line": 2, "partNumber": "OM2 LC 150 m fiber"} in answer["findings"]
