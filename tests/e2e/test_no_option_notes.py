"""When a link has no valid option, the note says why; it asks for explain: true only when the
request did not already ask for it (the trial found the advice given to a request that had)."""

from __future__ import annotations

from typing import Any

QUERY = """query($explain: Boolean!) { linkOptions(spec: {rateGbps: 10, distanceM: 100000,
  a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}}, explain: $explain)
  { ... on LinkOptions { options { rank } rejected { rank } notes } } }"""


def _answer(gql: Any, explain: bool) -> dict[str, Any]:
    body = gql(QUERY, {"explain": explain})
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["linkOptions"]
    return result


def test_without_explain_the_note_suggests_it(gql: Any) -> None:
    answer = _answer(gql, False)
    assert answer["options"] == [] and answer["rejected"] == []
    (note,) = answer["notes"]
    assert note.endswith("Ask again with explain: true for each candidate's findings and fixes.")


def test_with_explain_the_note_points_at_the_rejected_candidates_instead(gql: Any) -> None:
    answer = _answer(gql, True)
    assert answer["options"] == [] and answer["rejected"]
    (note,) = answer["notes"]
    assert note.startswith("No valid medium for 10 Gb/s over 100000 m")
    assert "Ask again" not in note
    assert note.endswith("Each rejected candidate below carries its findings and fixes.")
