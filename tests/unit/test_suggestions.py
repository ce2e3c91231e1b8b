"""With introspection off (production), no error names a schema element the caller did not type:
graphql-core's "Did you mean …?" hints are left out for every kind of misspelling, in validation and
in variable coercion. Development keeps them (the same documents, so the test can fail)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from service.api.context import Context
from service.api.schema import build_schema
from service.config import Environment, get_settings

SPEC = '{rateGbps: 10, distanceM: 300, a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}}'

# (kind, document, variables, a schema name the development hint gives away)
MISSPELLINGS: list[tuple[str, str, dict[str, Any] | None, str]] = [
    ("root field", "{ partz { id } }", None, "'parts'"),
    ("nested field", '{ part(partNumber: "X") { ... on Part { partNumbr } } }', None, "'partNumber'"),
    ("mutation field", 'mutation { upsertPrt(row: {}, source: {id: "S1"}) { __typename } }', None, "'upsertPart'"),
    ("type condition", '{ part(partNumber: "X") { ... on Prt { partNumber } } }', None, "'Part'"),
    ("variable type", "query($s: LinkSpecInpt!) { linkOptions(spec: $s) { __typename } }", None, "'LinkSpecInput'"),
    ("argument", '{ part(partNumbr: "X") { __typename } }', None, "'partNumber'"),
    (
        "input field",
        "{ linkOptions(spec: " + SPEC.replace("}}", "}, protocl: ETHERNET}") + ") { __typename } }",
        None,
        "'protocol'",
    ),
    (
        "enum value",
        '{ planFatTree(spec: {switch: "QM9700", endpoints: 8, mediumPolicy: RANKD}) { __typename } }',
        None,
        "'RANKED'",
    ),
    (
        "input field in variables",
        "query($s: LinkSpecInput!) { linkOptions(spec: $s) { __typename } }",
        {"s": {"rateGbps": 10, "distanceM": 3, "a": {"formFactor": "SFP+"}, "b": {"formFactor": "SFP+"}, "protocl": 1}},
        "'protocol'",
    ),
    (
        "enum value in variables",
        "query($s: FatTreeSpecInput!) { planFatTree(spec: $s) { __typename } }",
        {"s": {"switch": "QM9700", "endpoints": 8, "mediumPolicy": "RANKD"}},
        "'RANKED'",
    ),
]


class NoService:
    """Every document here fails before a resolver runs; a resolver reaching this is a test failure."""

    repo: Any = None


def _messages(environment: Environment, document: str, variables: dict[str, Any] | None) -> list[str]:
    settings = get_settings(environment=environment)
    context = Context.build(settings, NoService())  # type: ignore[arg-type]
    result = asyncio.run(build_schema(settings).execute(document, variable_values=variables, context_value=context))
    assert result.data is None
    return [e.message for e in result.errors or []]


@pytest.mark.parametrize(("kind", "document", "variables", "hint"), MISSPELLINGS, ids=[m[0] for m in MISSPELLINGS])
def test_production_errors_name_no_schema_element_for_any_misspelling(
    kind: str, document: str, variables: dict[str, Any] | None, hint: str
) -> None:
    shown = _messages(Environment.DEVELOPMENT, document, variables)
    assert any("Did you mean" in m and hint in m for m in shown), shown
    hidden = _messages(Environment.PRODUCTION, document, variables)
    assert hidden, kind
    assert not any("Did you mean" in m or hint in m for m in hidden), hidden


def test_the_root_field_misspelling_from_the_trial_reads_without_a_hint() -> None:
    assert _messages(Environment.PRODUCTION, "{ partz { id } }", None) == [
        "Cannot query field 'partz' on type 'Query'."
    ]


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_callers_mistake_is_logged_at_info_and_a_bug_at_error() -> None:
    logger = logging.getLogger("strawberry.execution")
    seen = Records()
    logger.addHandler(seen)
    level = logger.level
    try:
        logger.setLevel(logging.DEBUG)
        _messages(Environment.PRODUCTION, "{ partz { id } }", None)
        settings = get_settings(environment=Environment.PRODUCTION)
        context = Context.build(settings, Exploding())  # type: ignore[arg-type]
        asyncio.run(build_schema(settings).execute('{ part(partNumber: "X") { __typename } }', context_value=context))
    finally:
        logger.removeHandler(seen)
        logger.setLevel(level)
    levels = [(r.levelname, r.getMessage()) for r in seen.records]
    assert levels == [
        ("INFO", "graphql error: Cannot query field 'partz' on type 'Query'."),
        ("ERROR", "unexpected error: boom"),
    ]


class Exploding:
    """A service whose part lookup fails the way a bug would."""

    @property
    def repo(self) -> Any:
        raise RuntimeError("boom")

    def part(self, *_: object) -> object:
        raise RuntimeError("boom")
