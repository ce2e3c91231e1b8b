"""Issue 12 over HTTP: checkLink takes a fan-out chain (one trunk, several far ends) and answers
per leg. The issue's Done-when: one twin-port MMA4Z00-NS in a QM9700 → two MFP7E20 1:2 splitters →
four MMA4Z00-NS400 in four ConnectX-7 is valid, four legs at 200 Gb/s (NVIDIA N02, split mode
2xNDR200 N16)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

CHECK = """
query Check($link: LinkInput!) {
  checkLink(link: $link) {
    __typename
    ... on LinkVerdict {
      valid rateGbps ports legs lanes aggregateGbps partNumbers
      findings { code severity }
      fanOut { index end medium valid rateGbps lanes partNumbers findings { code } }
    }
    ... on ValidationError { code message field }
    ... on NotFoundError { code name }
  }
}
"""

CX7 = {"device": "MCX75310AAS-NEAT"}


def _fan_out(n: int, module: str = "MMA4Z00-NS400") -> list[dict[str, Any]]:
    return [{"end": CX7, "module": module} for _ in range(n)]


def test_one_twin_port_module_two_splitters_four_adapters_is_four_legs_at_200(gql: Gql) -> None:
    link = {
        "a": {"device": "QM9700"},
        "distanceM": 20,
        "moduleA": "MMA4Z00-NS",
        "media": [{"partNumber": "MFP7E20-N020"}, {"partNumber": "MFP7E20-N020"}],
        "fanOut": _fan_out(4),
    }
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert answer["__typename"] == "LinkVerdict"
    assert (answer["valid"], answer["rateGbps"], answer["ports"], answer["legs"], answer["lanes"]) == (
        True,
        200.0,
        4,
        2,
        2,
    )
    assert answer["aggregateGbps"] == 800.0
    assert answer["partNumbers"] == [
        "MMA4Z00-NS",
        "MFP7E20-N020",
        "MFP7E20-N020",
        "MMA4Z00-NS400",
        "MMA4Z00-NS400",
        "MMA4Z00-NS400",
        "MMA4Z00-NS400",
    ]
    assert [(leg["index"], leg["medium"], leg["valid"], leg["rateGbps"], leg["lanes"]) for leg in answer["fanOut"]] == [
        (i, "MFP7E20-N020", True, 200.0, 2) for i in range(4)
    ]
    assert answer["fanOut"][0]["partNumbers"] == ["MMA4Z00-NS", "MFP7E20-N020", "MMA4Z00-NS400"]
    assert [f["severity"] for f in answer["findings"]].count("ERROR") == 0


def test_an_invalid_leg_and_the_invalid_fan_out_run_at_no_rate(gql: Gql) -> None:
    """The four-leg fan-out with a finned twin-port MMA4Z00-NS in the last adapter: that leg is
    invalid and runs at no rate (rateGbps null), nor does the chain; the other legs run at 200."""
    fan_out = [*_fan_out(3), {"end": CX7, "module": "MMA4Z00-NS"}]
    link = {
        "a": {"device": "QM9700"},
        "distanceM": 20,
        "moduleA": "MMA4Z00-NS",
        "media": [{"partNumber": "MFP7E20-N020"}, {"partNumber": "MFP7E20-N020"}],
        "fanOut": fan_out,
    }
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert (answer["valid"], answer["rateGbps"], answer["aggregateGbps"]) == (False, None, None)
    assert [(leg["index"], leg["valid"], leg["rateGbps"]) for leg in answer["fanOut"]] == [
        (0, True, 200.0),
        (1, True, 200.0),
        (2, True, 200.0),
        (3, False, None),
    ]


def test_a_two_ended_link_has_no_fan_out_legs(gql: Gql) -> None:
    link = {
        "a": {"device": "QM9700"},
        "b": CX7,
        "distanceM": 20,
        "moduleA": "MMA4Z00-NS",
        "moduleB": "MMA4Z00-NS400",
        "media": [{"partNumber": "MFP7E20-N020"}],
    }
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert (answer["valid"], answer["rateGbps"], answer["legs"], answer["fanOut"]) == (True, 200.0, 2, [])


def test_neither_b_nor_fan_out_is_a_typed_error(gql: Gql) -> None:
    link = {"a": {"device": "QM9700"}, "distanceM": 20, "moduleA": "MMA4Z00-NS"}
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert answer == {
        "__typename": "ValidationError",
        "code": "VALIDATION_ERROR",
        "message": "b: give end b, or the far ends in fanOut",
        "field": "b",
    }


def test_b_and_fan_out_together_is_a_typed_error(gql: Gql) -> None:
    link = {
        "a": {"device": "QM9700"},
        "b": CX7,
        "distanceM": 20,
        "moduleA": "MMA4Z00-NS",
        "media": [{"partNumber": "MFP7E20-N020"}],
        "fanOut": _fan_out(2),
    }
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert (answer["__typename"], answer["field"]) == ("ValidationError", "b")


def test_an_unknown_far_end_module_is_not_found(gql: Gql) -> None:
    link = {
        "a": {"device": "QM9700"},
        "distanceM": 20,
        "moduleA": "MMA4Z00-NS",
        "media": [{"partNumber": "MFP7E20-N020"}],
        "fanOut": _fan_out(2, module="MMA4Z00-NS40"),
    }
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert answer == {"__typename": "NotFoundError", "code": "UNKNOWN_PART", "name": "MMA4Z00-NS40"}


def test_the_readme_example_answers_as_the_readme_says(gql: Gql) -> None:
    """examples/fan-out-ndr200.graphql, quoted in the README's breakout section."""
    from pathlib import Path

    query = (Path(__file__).resolve().parents[2] / "examples" / "fan-out-ndr200.graphql").read_text()
    answer = gql(query)["data"]["checkLink"]
    assert (answer["valid"], answer["rateGbps"], answer["ports"], answer["legs"], answer["aggregateGbps"]) == (
        True,
        200.0,
        4,
        2,
        800.0,
    )
    assert [(f["code"], f["severity"]) for f in answer["findings"]] == [
        ("RATE_NEGOTIATED", "INFO"),
        ("CONFIG_PREREQUISITE", "INFO"),
    ]
    assert answer["findings"][1]["fix"] == (
        "configure the MQM9700-NS2F port as split 2xNDR200 (a switch port setting; the port then counts as 2 ports)"
    )
    assert [(leg["end"], leg["medium"], leg["rateGbps"], leg["lanes"]) for leg in answer["fanOut"]] == [
        ("MCX75310AAS-NEAT", "MFP7E20-N020", 200.0, 2)
    ] * 4
