"""Request limits over HTTP: each limit accepts the request at it and rejects the one just past it;
production hides introspection, GraphiQL and internals; numbers and text are strict."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from neo4j import Driver, ManagedTransaction
from starlette.types import Receive, Scope, Send

from service.api.schema import build_schema
from service.app import RequestGuard, create_app
from service.config import Environment, Settings, get_settings
from service.errors import DatabaseUnavailable
from service.persistence.repository import Neo4jRepository


@pytest.fixture(scope="module")
def small(seeded: Driver, settings: Settings) -> Iterator[TestClient]:
    """The app with small limits, so each edge is cheap to reach."""
    tight = settings.model_copy(
        update={
            "max_query_depth": 3,
            "max_aliases": 3,
            "max_tokens": 80,
            "max_document_bytes": 400,
            "max_page_size": 5,
        }
    )
    with TestClient(create_app(tight, driver=seeded)) as c:
        yield c


@pytest.fixture(scope="module")
def production(seeded: Driver, settings: Settings) -> Iterator[TestClient]:
    prod = Settings(
        neo4j_uri=settings.neo4j_uri,
        neo4j_password="not-a-placeholder-5e1",
        environment=Environment.PRODUCTION,
    )
    with TestClient(create_app(prod, driver=seeded)) as c:
        yield c


def body_of(client: TestClient, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
    response = client.post("/graphql", json={"query": query, "variables": variables or {}})
    assert response.status_code == 200, response.text
    out: dict[str, Any] = response.json()
    return out


def messages(body: dict[str, Any]) -> list[str]:
    return [e["message"] for e in body.get("errors") or []]


# --- depth, aliases, tokens, document size, page size -------------------------------------------

# strawberry counts depth from 0 at the root field: linkOptions 0, options 1, parts 2, partNumber 3.
SPEC = 'spec: {rateGbps: 10, distanceM: 300, a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}}'
DEPTH_3 = (
    "{ linkOptions("
    + SPEC
    + """)
  { ... on LinkOptions { options { parts { partNumber } } } } }"""
)
DEPTH_4 = (
    "{ linkOptions("
    + SPEC
    + """)
  { ... on LinkOptions { options { findings { sources { id } } } } } }"""
)


def test_query_depth_at_the_limit_runs_and_one_deeper_is_refused(small: TestClient):
    at = body_of(small, DEPTH_3)
    assert "errors" not in at
    assert at["data"]["linkOptions"]["options"][0]["parts"]
    past = body_of(small, DEPTH_4)
    assert past["data"] is None
    assert messages(past) == ["'anonymous' exceeds maximum operation depth of 3"]


def test_aliases_at_the_limit_run_and_one_more_is_refused(small: TestClient):
    at = body_of(small, "{ a: __typename b: __typename c: __typename }")
    assert at == {"data": {"a": "Query", "b": "Query", "c": "Query"}}
    past = body_of(small, "{ a: __typename b: __typename c: __typename d: __typename }")
    assert messages(past) == ["4 aliases found. Allowed: 3"]


def test_tokens_at_the_limit_run_and_one_more_is_refused(small: TestClient):
    # "{" "generations" "{" id×n "}" "}" <EOF> is n + 5 tokens (graphql-core counts the end token).
    at = body_of(small, "{generations{" + " id" * 75 + "}}")
    assert "errors" not in at
    past = body_of(small, "{generations{" + " id" * 76 + "}}")
    assert past["data"] is None
    assert messages(past) == ["Syntax Error: Document contains more than 80 tokens. Parsing aborted."]


def test_a_body_at_the_byte_limit_is_parsed_and_one_byte_more_is_refused_unparsed(small: TestClient):
    def body(size: int) -> bytes:
        head, tail = b'{"query": "{ __typename }", "variables": {}, "pad": "', b'"}'
        return head + b"x" * (size - len(head) - len(tail)) + tail

    at = small.post("/graphql", content=body(400), headers={"content-type": "application/json"})
    assert at.status_code == 200
    assert at.json() == {"data": {"__typename": "Query"}}
    past = small.post("/graphql", content=body(401), headers={"content-type": "application/json"})
    assert past.status_code == 413
    assert past.json() == {
        "errors": [{"message": "request body exceeds 400 bytes", "extensions": {"code": "DOCUMENT_TOO_LARGE"}}]
    }
    # Not even valid JSON is looked at once the size is past the limit: still 413, not 400.
    junk = small.post("/graphql", content=b"\xff" * 401, headers={"content-type": "application/json"})
    assert junk.status_code == 413


def test_the_shipped_byte_limit_is_2000000(client: TestClient):
    pad = b"x" * (2_000_001 - len(b'{"query": "{ __typename }", "p": ""}'))
    response = client.post(
        "/graphql",
        content=b'{"query": "{ __typename }", "p": "' + pad + b'"}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413


def page_error(body: dict[str, Any]) -> str:
    """The page-size refusal, whether ``parts`` answers it as a union member or as a coded error."""
    if body.get("errors"):
        assert body["errors"][0]["extensions"] == {"code": "VALIDATION_ERROR"}
        return str(body["errors"][0]["message"])
    refused = body["data"]["parts"]
    assert refused["__typename"] == "ValidationError"
    return f"{refused['field']}: {refused['message'].removeprefix(refused['field'] + ': ')}"


PAGE = "{ parts(first: %d) { __typename ... on PartConnection { edges { node { partNumber } } } } }"
if "union PartsResult" in build_schema(get_settings()).as_str():  # parts answers a union: select its error
    PAGE = PAGE.replace("} } } } }", "} } } ... on ValidationError { field message } } }")


def test_page_size_at_the_maximum_is_served_and_one_more_is_a_validation_error(small: TestClient):
    at = body_of(small, PAGE % 5)
    assert len(at["data"]["parts"]["edges"]) == 5
    assert page_error(body_of(small, PAGE % 6)) == "first: must be between 1 and 5"


# --- deadline and transaction timeout -----------------------------------------------------------


def test_a_request_past_its_deadline_gets_504_and_one_within_it_is_answered():
    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        await asyncio.sleep(0.5 if scope["path"] == "/slow" else 0.0)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"done"})

    c = TestClient(RequestGuard(slow, max_body_bytes=100, deadline_s=0.2))
    assert c.get("/fast").text == "done"
    late = c.get("/slow")
    assert late.status_code == 504
    assert late.json() == {
        "errors": [{"message": "the request took longer than 0.2 s", "extensions": {"code": "DEADLINE_EXCEEDED"}}]
    }


def test_neo4j_cuts_a_transaction_at_its_timeout_and_the_error_is_typed(seeded: Driver):
    repo = Neo4jRepository(seeded, timeout_s=0.5)

    def heavy(tx: ManagedTransaction) -> int:
        return int(tx.run("UNWIND range(1, 1000000000) AS x RETURN sum(x) AS s").single(strict=True)["s"])

    start = time.monotonic()
    with pytest.raises(DatabaseUnavailable) as raised:
        repo._read(heavy)
    assert time.monotonic() - start < 10
    assert raised.value.code == "DATABASE_UNAVAILABLE"
    assert "0.5 s" in raised.value.message


# --- transport: no multipart, no GET, strict JSON, unicode ---------------------------------------


def test_multipart_uploads_are_refused(client: TestClient):
    response = client.post("/graphql", files={"operations": (None, '{"query": "{ __typename }"}'), "map": (None, "{}")})
    assert response.status_code == 400


def test_queries_over_get_are_refused(client: TestClient):
    response = client.get("/graphql", params={"query": "{ __typename }"})
    assert response.status_code == 400
    assert "__typename" not in response.text


@pytest.mark.parametrize(
    "raw",
    [
        b'{"query": "query($d: Float!) { __typename }", "variables": {"d": NaN}}',
        b'{"query": "query($d: Float!) { __typename }", "variables": {"d": Infinity}}',
        b'{"query": "query($d: Float!) { __typename }", "variables": {"d": -Infinity}}',
    ],
)
def test_nan_and_infinity_are_not_json_and_get_400(client: TestClient, raw: bytes):
    response = client.post("/graphql", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert "not a JSON number" in response.text


def test_a_float_literal_too_large_for_a_double_is_refused_not_taken_as_infinity(client: TestClient):
    body = body_of(
        client,
        """{ linkOptions(spec: {rateGbps: 1e999, distanceM: 1, a: {formFactor: "SFP+"},
                                  b: {formFactor: "SFP+"}})
                { __typename ... on ValidationError { field message } } }""",
    )
    assert body["data"] == {
        "linkOptions": {
            "__typename": "ValidationError",
            "field": "rateGbps",
            "message": "rateGbps: must be a finite number",
        }
    }
    assert [(e["path"], e["code"]) for e in body["extensions"]["typedErrors"]] == [
        (["linkOptions"], "VALIDATION_ERROR")
    ]


@pytest.mark.parametrize(
    "raw",
    [
        # A GraphQL unicode escape of a lone surrogate:
        b'{"query": "{ part(partNumber: \\"\\\\ud800\\") { __typename } }"}',
        # A JSON unicode escape of a lone surrogate in a variable:
        b'{"query": "query($p: String!) { part(partNumber: $p) { __typename } }", "variables": {"p": "\\ud800"}}',
        # A surrogate encoded as UTF-8 bytes (CESU-8): invalid UTF-8
        b'{"query": "{ part(partNumber: \\"\xed\xa0\x80\\") { __typename } }"}',
    ],
)
def test_lone_surrogates_are_refused_without_a_server_error(client: TestClient, raw: bytes):
    response = client.post("/graphql", content=raw, headers={"content-type": "application/json"})
    assert response.status_code in {200, 400}
    assert "Traceback" not in response.text
    if response.status_code == 200:
        assert response.json()["errors"][0]["message"].startswith("Syntax Error: Invalid Unicode escape")


def test_astral_unicode_round_trips_into_a_typed_not_found(client: TestClient):
    body = body_of(
        client, '{ part(partNumber: "QSFP-\U0001f600-\u00e9") { __typename ... on NotFoundError { name } } }'
    )
    assert body["data"] == {"part": {"__typename": "NotFoundError", "name": "QSFP-\U0001f600-\u00e9"}}
    (note,) = body["extensions"]["typedErrors"]
    assert (note["code"], note["message"].split(";")[0]) == (
        "UNKNOWN_PART",
        "unknown part number 'QSFP-\U0001f600-\u00e9'",
    )


def test_an_int_past_32_bits_is_a_graphql_error_not_a_crash(client: TestClient):
    body = body_of(client, "{ parts(first: 2147483648) { __typename } }")
    assert body["data"] is None
    assert messages(body) == ["Int cannot represent non 32-bit signed integer value: 2147483648"]


# --- production mode -----------------------------------------------------------------------------


def test_production_refuses_introspection(production: TestClient, client: TestClient):
    query = "{ __schema { queryType { name } } }"
    assert body_of(client, query) == {"data": {"__schema": {"queryType": {"name": "Query"}}}}
    refused = body_of(production, query)
    assert refused["data"] is None
    assert messages(refused)[0] == (
        "GraphQL introspection has been disabled, but the requested query contained the field '__schema'."
    )
    assert body_of(production, '{ __type(name: "Part") { name } }')["data"] is None


def test_production_serves_no_graphiql(production: TestClient, seeded: Driver, settings: Settings):
    assert production.get("/graphql", headers={"accept": "text/html"}).status_code in {404, 405}
    dev = settings.model_copy(update={"environment": Environment.DEVELOPMENT})
    with TestClient(create_app(dev, driver=seeded)) as c:
        page = c.get("/graphql", headers={"accept": "text/html"})
        assert page.status_code == 200
        assert "graphiql" in page.text.lower()


def test_production_masks_unexpected_errors_and_keeps_typed_ones(seeded: Driver, settings: Settings):
    """A misconfigured database name makes Neo4j answer DatabaseNotFound: not an expected error, so
    production shows "Unexpected error." and nothing of the driver's message."""
    wrong_db = Settings(
        neo4j_uri=settings.neo4j_uri,
        neo4j_password="not-a-placeholder-5e1",
        environment=Environment.PRODUCTION,
        neo4j_database="nosuchdb",
    )
    with TestClient(create_app(wrong_db, driver=seeded)) as c:
        response = c.post("/graphql", json={"query": '{ part(partNumber: "SFP-10G-SR") { __typename } }'})
        assert response.status_code == 200
        assert response.json() == {
            "data": None,
            "errors": [{"message": "Unexpected error.", "locations": [{"line": 1, "column": 3}], "path": ["part"]}],
        }
        assert page_error(c.post("/graphql", json={"query": PAGE % 0}).json()) == "first: must be between 1 and 200"
    dev = wrong_db.model_copy(update={"environment": Environment.DEVELOPMENT})
    with TestClient(create_app(dev, driver=seeded)) as c:
        shown = c.post("/graphql", json={"query": '{ part(partNumber: "SFP-10G-SR") { __typename } }'}).json()
        assert "nosuchdb" in shown["errors"][0]["message"]


@pytest.mark.parametrize(
    "query",
    ["{ catalogueStats { } }", '{ part(partNumber: "SFP-10G-SR") { ... on Part { } } }', "{ }"],
    ids=["field", "inline-fragment", "operation"],
)
def test_an_empty_selection_set_is_a_syntax_error_not_a_crash(client: TestClient, query: str):
    """New-user trial: ``{ catalogueStats { } }`` answered "max() arg is an empty sequence" (the
    depth limiter's walk) and was logged as an unexpected error. The grammar needs one selection."""
    response = client.post("/graphql", json={"query": query})
    assert response.status_code in {200, 400}
    body = response.json()
    assert "data" not in body or body["data"] is None
    assert len(body["errors"]) == 1
    assert body["errors"][0]["message"].startswith("Syntax Error")
    assert "max()" not in response.text and "Traceback" not in response.text
