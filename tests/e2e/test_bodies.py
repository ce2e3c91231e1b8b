"""Every body the transport accepts parses without a recursion failure: nesting is bounded before any
recursive parser runs (400 ``JSON_TOO_DEEP`` past :data:`~service.app.MAX_JSON_DEPTH`), and a
hypothesis fuzz over JSON bodies (valid, random, deep, truncated, binary) gets no 5xx."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.app import MAX_JSON_DEPTH, json_depth

TOO_DEEP = {
    "errors": [
        {
            "message": f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels",
            "extensions": {"code": "JSON_TOO_DEEP"},
        }
    ]
}


def post(client: TestClient, raw: bytes) -> Any:
    return client.post("/graphql", content=raw, headers={"content-type": "application/json"})


@pytest.mark.parametrize("key", ["variables", "extensions"])
def test_the_trials_deep_body_under_2_kb_is_a_400_with_a_code_not_a_500(client: TestClient, key: str):
    raw = b'{"query": "{ __typename }", "%s": {"x": ' % key.encode() + b"[" * 950 + b"]" * 950 + b"}}"
    assert len(raw) < 2048
    response = post(client, raw)
    assert response.status_code == 400
    assert response.json() == TOO_DEEP


def test_a_body_at_the_depth_limit_is_answered_and_one_level_deeper_is_refused(client: TestClient):
    def body(depth: int) -> bytes:
        # the body object is level 1, "variables" level 2, "x" holds depth - 2 nested lists
        inner = "[" * (depth - 2) + "]" * (depth - 2)
        return ('{"query": "{ __typename }", "variables": {"x": ' + inner + "}}").encode()

    assert json_depth(body(MAX_JSON_DEPTH)) == MAX_JSON_DEPTH
    at = post(client, body(MAX_JSON_DEPTH))
    assert at.status_code == 200
    assert at.json() == {"data": {"__typename": "Query"}}
    assert post(client, body(MAX_JSON_DEPTH + 1)).json() == TOO_DEEP


def test_brackets_inside_strings_do_not_count_towards_the_depth(client: TestClient):
    raw = json.dumps({"query": "{ __typename }", "variables": {"s": "[{" * 500 + '\\"[' * 100}}).encode()
    assert json_depth(raw) == 2
    assert post(client, raw).json() == {"data": {"__typename": "Query"}}


# --- the fuzz ------------------------------------------------------------------------------------

DOCUMENTS = [
    "{ __typename }",
    '{ part(partNumber: "SFP-10G-SR") { __typename } }',
    "query($p: String!) { part(partNumber: $p) { __typename } }",
    "{ parts(first: 3) { __typename } }",
    "mutation { __typename }",
]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=40,
)


@st.composite
def deep(draw: st.DrawFn) -> Any:
    """A value nested 1-3,000 levels, through lists, objects or both."""
    value: Any = draw(st.none() | st.integers() | st.text(max_size=4))
    for opener in draw(st.lists(st.sampled_from("[{"), min_size=1, max_size=3000)):
        value = [value] if opener == "[" else {"k": value}
    return value


def _dumps(value: Any) -> bytes:
    # json.dumps recurses too: build deep values' text without it where they are too deep for it
    try:
        return json.dumps(value).encode()
    except RecursionError:
        return b"null"


@st.composite
def bodies(draw: st.DrawFn) -> bytes:
    body: dict[str, Any] = {"query": draw(st.sampled_from(DOCUMENTS) | st.text(max_size=40))}
    for key in ("variables", "extensions", "operationName"):
        if draw(st.booleans()):
            body[key] = draw(JSON_VALUES | deep())
    raw = _dumps(body)
    how = draw(st.sampled_from(["whole", "truncated", "deep text", "binary"]))
    if how == "truncated":
        return raw[: draw(st.integers(0, len(raw)))]
    if how == "deep text":
        depth = draw(st.integers(1, 10_000))
        opener = draw(st.sampled_from([b"[", b'{"a":']))
        return b'{"query": "{ __typename }", "variables": {"x": ' + opener * depth + b"1"
    if how == "binary":
        return draw(st.binary(max_size=300))
    return raw


@settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
@given(raw=bodies())
def test_no_request_body_gets_a_server_error(client: TestClient, raw: bytes):
    response = post(client, raw)
    assert response.status_code < 500, (response.status_code, raw[:200], response.text[:500])
    assert "Traceback" not in response.text
    if json_depth(raw) > MAX_JSON_DEPTH:
        assert response.status_code == 400


@pytest.mark.parametrize("raw", [b"0", b'"query"', b"true", b"null", b"[1]", b'[{"query": "{ __typename }"}, 2]'])
def test_a_json_body_that_is_not_an_object_is_a_400_not_a_500(client: TestClient, raw: bytes):
    """Found by the fuzz above: a body of plain JSON ``0`` reached strawberry's ``data.get(...)``
    and answered 500 (AttributeError)."""
    response = post(client, raw)
    assert response.status_code == 400
    assert "the request body must be a JSON object" in response.text
