"""Outside development, clients see the messages of their own mistakes (bad variables, validation)
and of domain errors, but never the text of an unexpected failure inside a resolver."""

from __future__ import annotations

import asyncio
from typing import Any

from service.api.context import Context
from service.api.schema import build_schema
from service.config import Environment, get_settings

QUERY = """query($d: Float!) { linkOptions(spec: {rateGbps: 10, distanceM: $d,
  a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}}) { __typename } }"""


class ExplodingService:
    """A stand-in for CatalogueService whose link search fails the way a bug would."""

    repo: Any = None

    def link_options(self, **_: object) -> object:
        raise RuntimeError("secret internals: MATCH (n) /srv/app/service/use_cases.py")


def _run(variables: dict[str, object]) -> list[str]:
    settings = get_settings(environment=Environment.PRODUCTION)
    context = Context.build(settings, ExplodingService())  # type: ignore[arg-type]
    result = asyncio.run(build_schema(settings).execute(QUERY, variable_values=variables, context_value=context))
    return [e.message for e in result.errors or []]


def test_a_bad_variable_keeps_its_explanation_in_production() -> None:
    assert _run({"d": "abc"}) == ["Variable '$d' has invalid value: Float cannot represent non numeric value: 'abc'"]


def test_an_unexpected_resolver_failure_is_masked_in_production() -> None:
    messages = _run({"d": 10.0})
    assert messages == ["Unexpected error."]
