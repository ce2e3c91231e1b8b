"""Schema fuzzing: hypothesis-graphql generates documents from the exported SDL (schema/schema.graphql)
and POSTs them to the app. At least 1,000 documents (queries, mutations, and schema-violating
documents) must get no server error (5xx), no unexpected (masked) error for a valid document, and no
stack trace, file path, Cypher text or driver message in any response.

Mutations are sent without credentials (the auth path) and, for the row-based mutations, with a
valid key on the shared database: a random JSON row cannot pass the seed's validation, so nothing
is written, but the validation path is fuzzed too.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator

import graphql
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_graphql import Mode, from_schema, mutations, nodes, queries
from neo4j import Driver

from service.api.sdl import SDL_PATH
from service.app import create_app
from service.auth import hash_key
from service.config import Settings

KEY = "fuzz-editor-key-0b5e"
LEAKS = (
    "Traceback",
    'File "',
    "/work/",
    "site-packages",
    "Neo.ClientError",
    "Neo.TransientError",
    "Neo.DatabaseError",
    "neo4j.exceptions",
    "ManagedTransaction",
    "MATCH (",
    "UNWIND $",
    "MERGE (",
    "RETURN ",
    "CALL (",
    "pydantic",
    "strawberry",
)
BUILTIN = {"String", "Int", "Float", "Boolean", "ID"}
FUZZ = settings(
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

SDL = SDL_PATH.read_text()
SCHEMA = graphql.build_schema(SDL)
MUTATION_FIELDS = sorted(SCHEMA.mutation_type.fields) if SCHEMA.mutation_type else []


def _json_nodes() -> st.SearchStrategy[graphql.ValueNode]:
    """GraphQL literals for the JSON scalar: seed-like keys and random ones, nested a few levels."""
    names = st.sampled_from(
        [
            "kind",
            "part_number",
            "vendor",
            "description",
            "protocols",
            "form_factor",
            "rates_gbps",
            "pmds",
            "connector",
            "sources",
            "model",
            "cages",
            "device_type",
        ]
    ) | st.from_regex(r"[_A-Za-z][_0-9A-Za-z]{0,8}", fullmatch=True)
    leaves: st.SearchStrategy[graphql.ValueNode] = st.one_of(
        st.integers(-(2**31), 2**31 - 1).map(nodes.Int),
        st.floats(allow_nan=False, allow_infinity=False).map(nodes.Float),
        st.text(max_size=20).map(nodes.String),
        st.booleans().map(nodes.Boolean),
        st.just(graphql.NullValueNode()),
    )

    def extend(children: st.SearchStrategy[graphql.ValueNode]) -> st.SearchStrategy[graphql.ValueNode]:
        fields = st.lists(st.tuples(names, children), max_size=5, unique_by=lambda kv: kv[0]).map(
            lambda kvs: nodes.Object([graphql.ObjectFieldNode(name=graphql.NameNode(value=k), value=v) for k, v in kvs])
        )
        return st.lists(children, max_size=4).map(nodes.List) | fields

    return st.recursive(leaves, extend, max_leaves=12)


def _custom_scalars() -> dict[str, st.SearchStrategy[graphql.ValueNode]]:
    """A strategy for every custom scalar in the exported SDL (JSON rows; 64-bit-safe integers)."""
    out: dict[str, st.SearchStrategy[graphql.ValueNode]] = {}
    for name, type_ in SCHEMA.type_map.items():
        if isinstance(type_, graphql.GraphQLScalarType) and name not in BUILTIN:
            out[name] = (
                _json_nodes()
                if name == "JSON"
                else (st.integers(-(2**63), 2**63 - 1).map(nodes.Int) | st.text(max_size=12).map(nodes.String))
            )
    return out


SCALARS = _custom_scalars()


@pytest.fixture(scope="module")
def editor_client(seeded: Driver, settings: Settings) -> Iterator[TestClient]:
    with TestClient(
        create_app(settings.model_copy(update={"api_keys": {"fuzzer": hash_key(KEY)}}), driver=seeded)
    ) as c:
        yield c


class Sender:
    """POST documents and check every answer; counts what was sent."""

    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self.seconds: Counter[str] = Counter()

    def __call__(
        self,
        client: TestClient,
        kind: str,
        document: str,
        *,
        valid: bool,
        headers: dict[str, str] | None = None,
    ) -> None:
        start = time.perf_counter()
        response = client.post("/graphql", json={"query": document}, headers=headers or {})
        self.seconds[kind] += time.perf_counter() - start
        self.sent[kind] += 1
        text = response.text
        assert response.status_code < 500, (response.status_code, document, text)
        for leak in LEAKS:
            assert leak not in text or leak in document, (leak, document, text)
        if valid and response.status_code == 200:
            errors = response.json().get("errors") or []
            unexpected = [e for e in errors if e.get("message") == "Unexpected error."]
            assert not unexpected, (document, text)


def test_at_least_1000_generated_documents_get_no_server_error_and_leak_nothing(
    client: TestClient, editor_client: TestClient
):
    send = Sender()

    @settings(FUZZ, max_examples=450)
    @given(queries(SDL, custom_scalars=SCALARS))
    def valid_queries(document: str) -> None:
        send(client, "query", document, valid=True)

    @settings(FUZZ, max_examples=200)
    @given(mutations(SDL, custom_scalars=SCALARS))
    def mutations_without_credentials(document: str) -> None:
        send(client, "mutation", document, valid=True)

    @settings(FUZZ, max_examples=200)
    @given(
        mutations(
            SDL,
            fields=[f for f in MUTATION_FIELDS if f in {"upsertPart", "upsertDevice"}],
            custom_scalars=SCALARS,
        )
    )
    def row_mutations_with_a_key(document: str) -> None:
        send(
            editor_client,
            "authorised mutation",
            document,
            valid=True,
            headers={"Authorization": f"Bearer {KEY}"},
        )

    @settings(FUZZ, max_examples=250)
    @given(from_schema(SDL, custom_scalars=SCALARS, mode=Mode.NEGATIVE))
    def invalid_documents(document: str) -> None:
        send(client, "invalid", document, valid=False)

    valid_queries()
    mutations_without_credentials()
    row_mutations_with_a_key()
    invalid_documents()
    print({k: (n, round(send.seconds[k], 1)) for k, n in send.sent.items()})
    assert sum(send.sent.values()) >= 1000, send.sent
    assert send.sent["query"] >= 300 and send.sent["mutation"] >= 100 and send.sent["invalid"] >= 100, send.sent
