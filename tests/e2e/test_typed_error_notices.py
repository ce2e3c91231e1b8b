"""``extensions.typedErrors``: a field that resolved to a typed error is named in the response even
when the client selected only the success member (new-user trial: ``checkLink`` with only
``... on LinkVerdict { valid }`` and a mistyped part number answered ``{"checkLink": {}}`` and nothing
else)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

LINK = {
    "a": {"device": "QM9700"},
    "b": {"device": "MCX75310AAS-NEAT"},
    "distanceM": 30,
    "moduleA": "MMA4Z00-N5",
    "moduleB": "MMA4Z00-NS400",
    "media": [{"partNumber": "MFP7E10-N030"}],
}


def test_an_error_member_not_selected_is_still_named_in_extensions(gql: Gql) -> None:
    body = gql("query ($l: LinkInput!) { checkLink(link: $l) { ... on LinkVerdict { valid } } }", {"l": LINK})
    assert body["data"] == {"checkLink": {}}
    assert body["extensions"]["typedErrors"] == [
        {
            "path": ["checkLink"],
            "type": "NotFoundError",
            "code": "UNKNOWN_PART",
            "message": "unknown part number 'MMA4Z00-N5'; did you mean MMA4Z00-NS, MMA4Z00-NS-T, MMA4Z00-NS400?",
        }
    ]


def test_aliases_and_batch_items_carry_their_own_paths(gql: Gql) -> None:
    doc = """
    query ($l: LinkInput!) {
      bad: part(partNumber: "QM9701") { ... on Part { partNumber } }
      good: part(partNumber: "MMA4Z00-NS") { ... on Part { partNumber } }
      again: checkLink(link: $l) { ... on NotFoundError { code } }
      batch: linkOptionsBatch(specs: [
        {rateGbps: 10, distanceM: 3, a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}},
        {rateGbps: 10, distanceM: -3, a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}}
      ]) { ... on LinkOptionsBatch { failed } }
    }
    """
    body = gql(doc, {"l": LINK})
    assert body["data"]["good"] == {"partNumber": "MMA4Z00-NS"}
    assert body["data"]["again"] == {"code": "UNKNOWN_PART"}  # selected: shown in data, and noted too
    assert body["data"]["batch"] == {"failed": 1}
    notes = {tuple(n["path"]): (n["type"], n["code"]) for n in body["extensions"]["typedErrors"]}
    assert notes == {
        ("bad",): ("NotFoundError", "UNKNOWN_PART"),
        ("again",): ("NotFoundError", "UNKNOWN_PART"),
        ("batch", "items", 1, "result"): ("ValidationError", "VALIDATION_ERROR"),
    }


def test_no_failed_field_means_no_typed_errors_entry(gql: Gql) -> None:
    body = gql('{ part(partNumber: "MMA4Z00-NS") { ... on Part { partNumber } } }')
    assert "typedErrors" not in body.get("extensions", {})


def test_every_unknown_name_of_a_chain_is_in_one_answer(gql: Gql) -> None:
    """Two typos and an unknown switch: one NotFoundError names the first, ``others`` the rest, each
    with its own suggestions (the trial had to fix and resubmit once per typo)."""
    link = {**LINK, "a": {"device": "QM9701"}, "media": [{"partNumber": "MFP7E10-N03"}]}
    doc = """query ($l: LinkInput!) { checkLink(link: $l) {
      ... on NotFoundError { code name message suggestions others { code kind name suggestions others { name } } }
    } }"""
    v = gql(doc, {"l": link})["data"]["checkLink"]
    # Distinct switches: MQM9700 (an alias of QM9700) is no longer suggested beside QM9700.
    assert (v["code"], v["name"], v["suggestions"]) == ("UNKNOWN_DEVICE", "QM9701", ["QM9700", "QM9790", "QM8700"])
    assert v["message"] == (
        "unknown device model 'QM9701'; did you mean QM9700, QM9790, QM8700?; "
        "also unknown: part number 'MMA4Z00-N5', part number 'MFP7E10-N03'"
    )
    assert [(o["code"], o["kind"], o["name"], o["others"]) for o in v["others"]] == [
        ("UNKNOWN_PART", "part number", "MMA4Z00-N5", []),
        ("UNKNOWN_PART", "part number", "MFP7E10-N03", []),
    ]
    assert v["others"][0]["suggestions"] == ["MMA4Z00-NS", "MMA4Z00-NS-T", "MMA4Z00-NS400"]
    assert v["others"][1]["suggestions"][0] == "MFP7E10-N030"
