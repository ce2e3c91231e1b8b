"""service.api.execution: plain subtrees and planned inputs give graphql-core's own answers.

Each query runs twice over the same types: through strawberry's stock execution (a schema built
without the plans) and through :class:`PlainSubtreeExecutionContext` with
:func:`install_input_plans`; data and errors (message and path) must be equal. The types are
built fresh per schema because ``install_input_plans`` sets a hook on the class's definition.
"""

import asyncio
from enum import Enum
from typing import Annotated, Any

import pytest
import strawberry

from service.api.execution import PlainSubtreeExecutionContext, install_input_plans, plain_reader


def _schema(fast: bool, calls: list[int] | None = None) -> strawberry.Schema:
    calls = [] if calls is None else calls

    def read_sources(source: Any, context: Any) -> list[str] | None:
        # what the resolver below gives, without it; None (the resolver must run) for rank 2
        return None if source.rank == 2 else [f"S{source.rank}{context['suffix']}"]

    @strawberry.enum
    class Grade(Enum):
        OM3 = "OM3"
        OM4 = "OM4"

    @strawberry.type
    class Part:
        part_number: str
        quantity: int
        alternatives: list[str]

    @strawberry.type
    class Option:
        rank: int
        reach_m: float | None
        grade: Grade
        valid: bool
        parts: list[Part]
        broken: str  # holds None in one fixture: "Cannot return null for non-nullable field"
        count: int  # holds a str in one fixture: Int cannot represent it

        @strawberry.field
        def doubled(self) -> int:
            return self.rank * 2

        @strawberry.field
        @plain_reader(read_sources)
        def sources(self, info: strawberry.Info) -> list[str]:
            calls.append(self.rank)
            return [f"S{self.rank}{info.context['suffix']}"]

    @strawberry.type
    class Oops:
        code: str

    @strawberry.type
    class Answer:
        name: str
        options: list[Option] | None  # nullable: a null in an option propagates to here
        maybe: Option | None
        result: Annotated[Option | Oops, strawberry.union("Result")]

    @strawberry.input
    class EndIn:
        device: str | None = None
        ports: int | None = None
        grade: Grade | None = None

    @strawberry.input
    class SpecIn:
        rate: float
        a: EndIn
        b: EndIn | None = None
        ends: list[EndIn] = strawberry.field(default_factory=list)
        tags: list[str] | None = None
        grade: Grade = Grade.OM4

    one_part = Part(part_number="P-shared", quantity=1, alternatives=[])  # in two options

    def option(rank: int, broken: Any = "x", count: Any = 1, reach: Any = 100.5) -> Option:
        parts = [Part(part_number=f"P{rank}", quantity=2, alternatives=["A", "B"])]
        if rank >= 5:
            parts.append(one_part)
        return Option(
            rank=rank,
            reach_m=None if rank == 2 else reach,
            grade=Grade.OM3,
            valid=True,
            parts=parts,
            broken=broken,
            count=count,
        )

    shared = option(1)

    @strawberry.type
    class Query:
        @strawberry.field
        def answers(self, bad: int = 0) -> list[Answer]:
            opts = [shared, option(2), shared]
            if bad == 1:
                opts.append(option(3, broken=None))
            if bad == 2:
                opts.append(option(4, count="many"))
            if bad == 3:  # values the built-in scalars coerce, or refuse, other than as they are
                opts += [option(5, count=True, reach=7), option(6, count=2.0, reach=True)]
            if bad == 4:
                opts.append(option(7, count=2**40))  # beyond a 32-bit Int
            if bad == 5:
                opts.append(option(8, reach=float("inf")))  # not a finite Float
            return [
                Answer(name="a", options=opts, maybe=None, result=shared),
                Answer(name="b", options=[shared], maybe=shared, result=Oops(code="E")),
            ]

        @strawberry.field
        def echo(self, specs: list[SpecIn]) -> list[str]:
            return [repr(s) for s in specs]

    schema = strawberry.Schema(query=Query, execution_context_class=PlainSubtreeExecutionContext if fast else None)
    if fast:
        assert install_input_plans(schema) == 2
        assert install_input_plans(schema) == 0
    return schema


QUERIES = [
    "{ answers { name options { rank reachM grade valid parts { partNumber quantity alternatives } } } }",
    "{ answers { __typename name options { __typename r: rank rank doubled parts { partNumber } } } }",
    "{ answers { maybe { rank grade } result { __typename ... on Option { rank } ... on Oops { code } } } }",
    "query($x: Boolean!) { answers { options { rank reachM @include(if: $x) ...F } } } fragment F on Option { valid }",
    "{ answers(bad: 1) { name options { rank broken } } }",
    "{ answers(bad: 2) { name options { rank count } } }",
    "{ answers(bad: 1) { options { rank } } }",
    "{ answers(bad: 3) { options { rank count reachM grade parts { partNumber quantity } } } }",
    "{ answers(bad: 4) { name options { rank count } } }",
    "{ answers(bad: 5) { name options { rank reachM } } }",
    "{ answers { name options { rank sources parts { partNumber } } maybe { sources } } }",
    "{ answers(bad: 1) { options { rank broken sources } } }",
]

INPUTS = [
    {"specs": [{"rate": 400, "a": {"device": "QM9700", "ports": 2, "grade": "OM3"}}]},
    {
        "specs": [
            {"rate": 10.5, "a": {}, "b": {"device": None}, "ends": [{"ports": 1}, {"grade": "OM4"}], "tags": ["x"]}
        ]
    },
    {"specs": [{"rate": 1, "a": {"device": "d"}, "b": None, "tags": None, "grade": "OM3"}] * 3},
]


def _run(schema: strawberry.Schema, query: str, variables: dict[str, Any] | None = None) -> tuple[Any, Any]:
    result = asyncio.run(schema.execute(query, variable_values=variables, context_value={"suffix": "!"}))
    errors = sorted((e.message, tuple(e.path or ())) for e in result.errors or [])
    return result.data, errors


@pytest.mark.parametrize("query", QUERIES)
def test_results_equal_graphql_cores(query: str) -> None:
    variables = {"x": True} if "$x" in query else None
    assert _run(_schema(fast=True), query, variables) == _run(_schema(fast=False), query, variables)


def test_errors_keep_their_path_and_message() -> None:
    data, errors = _run(_schema(fast=True), QUERIES[4])
    assert errors == [
        ("Cannot return null for non-nullable field Option.broken.", ("answers", 0, "options", 3, "broken"))
    ]
    assert data is not None and data["answers"][0]["options"] is None  # null propagates to the nullable list's parent
    assert data["answers"][1] == {"name": "b", "options": [{"rank": 1, "broken": "x"}]}


def test_a_shared_object_completes_to_equal_values() -> None:
    data, errors = _run(_schema(fast=True), QUERIES[0])
    assert not errors
    options = data["answers"][0]["options"]
    assert [o["rank"] for o in options] == [1, 2, 1]
    assert (
        options[0]
        == options[2]
        == {
            "rank": 1,
            "reachM": 100.5,
            "grade": "OM3",
            "valid": True,
            "parts": [{"partNumber": "P1", "quantity": 2, "alternatives": ["A", "B"]}],
        }
    )
    assert options[1]["reachM"] is None


@pytest.mark.parametrize("variables", INPUTS)
def test_planned_inputs_build_what_strawberry_builds(variables: dict[str, Any]) -> None:
    query = "query($specs: [SpecIn!]!) { echo(specs: $specs) }"
    fast, stock = _run(_schema(fast=True), query, variables), _run(_schema(fast=False), query, variables)
    assert fast == stock
    assert not fast[1]
    assert "SpecIn(rate=" in fast[0]["echo"][0]


def test_leaf_values_and_shared_parts_as_graphql_core_gives_them() -> None:
    data, errors = _run(_schema(fast=True), QUERIES[7])
    assert not errors
    five, six = data["answers"][0]["options"][3:]
    assert (five["count"], five["reachM"], six["count"], six["reachM"]) == (1, 7.0, 2, 1.0)
    assert five["parts"][1] == six["parts"][1] == {"partNumber": "P-shared", "quantity": 1}
    for query, message in (
        (QUERIES[8], "Int cannot represent non 32-bit signed integer value: 1099511627776"),
        (QUERIES[9], "Float cannot represent non numeric value: inf"),
    ):
        data, errors = _run(_schema(fast=True), query)
        assert [m for m, _ in errors] == [message]


def test_a_plain_reader_field_is_read_without_its_resolver_and_falls_back_when_it_cannot() -> None:
    calls: list[int] = []
    data, errors = _run(_schema(fast=True, calls=calls), QUERIES[10])
    assert not errors
    assert [o["sources"] for o in data["answers"][0]["options"]] == [["S1!"], ["S2!"], ["S1!"]]
    assert data["answers"][1]["maybe"] == {"sources": ["S1!"]}
    assert calls == [2]  # only the option whose plain read answers None ran its resolver
    stock: list[int] = []
    _run(_schema(fast=False, calls=stock), QUERIES[10])
    assert sorted(stock) == [1, 1, 1, 1, 2]  # graphql-core runs it for every option it completes (4 of rank 1)
