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
