"""A query text is parsed and validated once, whatever its variables (issue 14: the GraphQL layer's
per-request cost), and the cached validation still refuses what it refused before: the depth and
alias limits, and (production) errors without schema hints."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from strawberry.extensions.validation_cache import _get_validate_cache

from service.api.context import Context
from service.api.schema import DOCUMENT_CACHE_SIZE, _validate_hiding_suggestions, build_schema
from service.config import Environment, get_settings

DEEP = "{ " + 'part(partNumber: "X") { ... on Part { compatibleWith { ' * 7 + "partNumber" + " } } }" * 7 + " }"
ALIASES = "{ " + " ".join(f"a{i}: __typename" for i in range(31)) + " }"
MISSPELT = "query($n: String!) { part(partNumbr: $n) { __typename } }"


class NoService:
    repo: Any = None


def _run(
    environment: Environment, document: str, variables: dict[str, Any] | None = None, schema: Any = None
) -> list[str]:
    settings = get_settings(environment=environment)
    context = Context.build(settings, NoService())  # type: ignore[arg-type]
    schema = schema or build_schema(settings)
    result = asyncio.run(schema.execute(document, variable_values=variables, context_value=context))
    return [e.message for e in result.errors or []]


@pytest.mark.parametrize("environment", [Environment.DEVELOPMENT, Environment.PRODUCTION])
def test_the_limits_refuse_again_from_the_cache(environment: Environment) -> None:
    for _ in range(3):  # new schema and extensions each time: the cache is shared, the verdict kept
        depth = _run(environment, DEEP)
        assert any("exceeds maximum operation depth of 12" in m for m in depth), depth
        aliases = _run(environment, ALIASES)
        assert aliases == ["31 aliases found. Allowed: 30"], aliases


def test_production_validation_is_memoised_per_document_without_hints() -> None:
    schema = build_schema(get_settings(environment=Environment.PRODUCTION))
    before = _validate_hiding_suggestions.cache_info()
    first = _run(Environment.PRODUCTION, MISSPELT, {"n": "A"}, schema)
    second = _run(Environment.PRODUCTION, MISSPELT, {"n": "B"}, schema)
    after = _validate_hiding_suggestions.cache_info()
    assert first == second
    assert first[0] == "Unknown argument 'partNumbr' on field 'Query.part'."
    assert not any("Did you mean" in m for m in first), first
    assert after.hits >= before.hits + 1
    assert after.maxsize == DOCUMENT_CACHE_SIZE


def test_development_validation_is_memoised_per_document() -> None:
    schema = build_schema(get_settings(environment=Environment.DEVELOPMENT))
    cache = _get_validate_cache(DOCUMENT_CACHE_SIZE)
    _run(Environment.DEVELOPMENT, MISSPELT, {"n": "A"}, schema)
    before = cache.cache_info()
    messages = _run(Environment.DEVELOPMENT, MISSPELT, {"n": "B"}, schema)
    assert cache.cache_info().hits == before.hits + 1
    assert any("Did you mean 'partNumber'?" in m for m in messages), messages
