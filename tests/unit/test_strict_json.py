"""The request-body decoder's fast path (orjson) gives exactly what the checked slow path (Python's
``json`` plus hand-made checks) gives, or refuses what it refuses; and the nesting depth measured on
a parsed value equals the depth the text scan counts."""

from __future__ import annotations

import json
from typing import Any

import pytest
from cross_web import HTTPException
from hypothesis import given, settings
from hypothesis import strategies as st

from service.app import MAX_JSON_DEPTH, _scan_depth, _strict_json_slowly, json_depth, strict_json

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
VALUES = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=40,
)


def exact(value: Any) -> Any:
    """The value with each scalar's type beside it, so 1 and 1.0 (or True and 1) differ."""
    if isinstance(value, dict):
        return {k: exact(v) for k, v in value.items()}
    if isinstance(value, list):
        return [exact(v) for v in value]
    return (type(value).__name__, repr(value))


def outcome(decode: Any, raw: bytes | str) -> Any:
    try:
        return ("value", exact(decode(raw)))
    except HTTPException as exc:
        return ("refused", exc.status_code)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return ("not JSON",)


@settings(max_examples=400, deadline=None, database=None)
@given(body=st.dictionaries(st.text(max_size=6), VALUES, max_size=4))
def test_a_json_object_decodes_to_the_same_value_on_both_paths(body: dict[str, Any]):
    raw = json.dumps(body).encode()
    assert outcome(strict_json, raw) == outcome(_strict_json_slowly, raw)
    assert outcome(strict_json, raw.decode()) == outcome(_strict_json_slowly, raw.decode())


@settings(max_examples=400, deadline=None, database=None)
@given(raw=st.binary(max_size=60) | st.text(max_size=60).map(str.encode))
def test_any_bytes_get_the_same_answer_on_both_paths(raw: bytes):
    # what the slow path does with a text that is not an object or list of objects is refuse it (400)
    slow = outcome(_strict_json_slowly, raw)
    if slow[0] == "value":
        value = json.loads(raw)
        items = value if isinstance(value, list) else [value]
        if not all(isinstance(item, dict) for item in items):
            slow = ("refused", 400)
    assert outcome(strict_json, raw) == slow


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        # an integer past 64 bits stays an exact int (orjson alone would read 1.2345678901234568e+22)
        (b'{"x": 12345678901234567890123}', {"x": 12345678901234567890123}),
        (b'{"x": -9223372036854775809}', {"x": -9223372036854775809}),
        (b'{"x": 9223372036854775807}', {"x": 9223372036854775807}),
    ],
)
def test_integers_keep_their_exact_value(raw: bytes, value: dict[str, int]):
    decoded = strict_json(raw)
    assert decoded == value
    assert type(decoded["x"]) is int  # type: ignore[index]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"x": NaN}', "NaN is not a JSON number; send finite numbers only"),
        (b'{"x": -Infinity}', "-Infinity is not a JSON number; send finite numbers only"),
        (b'{"x": "\\ud800"}', "text contains a lone UTF-16 surrogate; send valid Unicode"),
        (b'{"x": "\xff"}', "the request body is not valid UTF-8"),
        (b'{"x": ' + b"[" * 40 + b"]" * 40 + b"}", f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels"),
        (b'{"x": ' + b"[" * 2000 + b"]" * 2000 + b"}", f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels"),
        (b"[1]", 'the request body must be a JSON object {"query": …}'),
    ],
)
def test_each_refusal_keeps_its_own_message(raw: bytes, message: str):
    with pytest.raises(HTTPException) as refused:
        strict_json(raw)
    assert refused.value.status_code == 400
    assert refused.value.reason == message


@settings(max_examples=300, deadline=None, database=None)
@given(value=VALUES, depth=st.integers(0, 1500), opener=st.sampled_from("[{"))
def test_the_depth_of_a_parsed_value_is_the_depth_the_scan_counts(value: Any, depth: int, opener: str):
    text = json.dumps(value)
    for _ in range(depth):
        text = f"[{text}]" if opener == "[" else f'{{"k": {text}}}'
    raw = text.encode()
    assert json_depth(raw) == _scan_depth(raw)
    # past the limit both stop counting once the depth passes it
    assert (json_depth(raw, stop_above=MAX_JSON_DEPTH) > MAX_JSON_DEPTH) == (_scan_depth(raw) > MAX_JSON_DEPTH)
