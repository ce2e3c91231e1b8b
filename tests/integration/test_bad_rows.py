"""One corrupt catalogue row never blanks an answer: rows are validated when read; the bad one is
left out, logged and counted (``catalogueHealth``, ``fabricgraph_catalogue_bad_rows_total``), and the
rest answers.

The trial's case: one 10G SFP+ transceiver with corrupt stored data made ``parts(first: 200)``, every
10G SFP+ ``linkOptions`` answer and ``validatePartList`` answer null. Here FTLX8574D3BCL (Finisar
10GBASE-SR SFP+) gets ``power_w: "hot"`` in its stored row for each test, and its row back after.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from neo4j import Driver

from service.app import create_app
from service.config import Settings
from service.persistence.repository import CatalogueDocs, EditPlan, EditRecord, Neo4jRepository

BAD = "FTLX8574D3BCL"


@pytest.fixture
def corrupt(seeded: Driver, settings: Settings) -> Iterator[TestClient]:
    """The app over the seeded catalogue with one part's stored row corrupted (restored afterwards)."""
    get = "MATCH (p:Part {partNumber: $n}) RETURN p.doc AS doc"
    put = "MATCH (p:Part {partNumber: $n}) SET p.doc = $doc"
    (record,) = seeded.execute_query(get, n=BAD, database_=settings.neo4j_database).records
    original = record["doc"]
    broken = {**json.loads(original), "power_w": "hot"}
    seeded.execute_query(put, n=BAD, doc=json.dumps(broken), database_=settings.neo4j_database)
    try:
        with TestClient(create_app(settings, driver=seeded)) as client:
            yield client
    finally:
        seeded.execute_query(put, n=BAD, doc=original, database_=settings.neo4j_database)


def gql(client: TestClient, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
    response = client.post("/graphql", json={"query": query, "variables": variables or {}})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    assert "errors" not in body, body
    return body["data"]


def test_a_page_of_parts_leaves_out_only_the_bad_row(corrupt: TestClient) -> None:
    data = gql(
        corrupt,
        '{ parts(first: 200, where: {vendor: "Finisar (Coherent)"}) '
        "{ ... on PartConnection { edges { node { partNumber } } } } }",
    )
    numbers = [e["node"]["partNumber"] for e in data["parts"]["edges"]]
    assert BAD not in numbers
    assert "FTLX1471D3BCL" in numbers  # the Finisar 10GBASE-LR SFP+ beside it still answers


def test_10g_sfp_link_options_still_answer_without_the_bad_part(corrupt: TestClient) -> None:
    data = gql(
        corrupt,
        """{ linkOptions(spec: {rateGbps: 10, distanceM: 300, a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}})
           { ... on LinkOptions { options { pmd fiberType parts { partNumber } } } } }""",
    )
    options = data["linkOptions"]["options"]
    assert [(o["pmd"], o["fiberType"]) for o in options][:1] == [("10GBASE-SR", "OM4")]
    assert all(BAD not in json.dumps(o) for o in options)
    assert any("SFP-10G-SR" in json.dumps(o) for o in options)


def test_a_part_list_naming_the_bad_part_is_still_reported(corrupt: TestClient) -> None:
    data = gql(
        corrupt,
        """query($input: PartListInput!) { validatePartList(input: $input) { __typename
             ... on PartListReport { summary { lines pieces } findings { code partNumber } } } }""",
        {"input": {"lines": [{"partNumber": BAD, "quantity": 2}, {"partNumber": "SFP-10G-SR", "quantity": 2}]}},
    )
    report = data["validatePartList"]
    assert report["summary"] == {"lines": 2, "pieces": 4}
    assert {"code": "UNKNOWN_PART", "partNumber": BAD} in report["findings"]


def test_catalogue_health_names_the_bad_row_and_the_metric_counts_it(corrupt: TestClient) -> None:
    data = gql(
        corrupt,
        "{ catalogueHealth { ... on CatalogueHealth { healthy bad: badRows { kind key error } "
        "rows { kind count } skipped { kind count } } } }",
    )
    health = data["catalogueHealth"]
    assert health["healthy"] is False
    assert health["bad"] == [
        {
            "kind": "part",
            "key": BAD,
            "error": "transceiver.power_w: Input should be a valid number, unable to parse string as a number",
        }
    ]
    scanned = {r["kind"]: r["count"] for r in health["rows"]}
    assert sorted(scanned) == [
        "connector",
        "device",
        "fiber_type",
        "form_factor",
        "generation",
        "part",
        "pmd",
        "source",
    ]
    assert scanned["part"] > 100
    (part_skips,) = [s["count"] for s in health["skipped"] if s["kind"] == "part"]
    assert part_skips >= 1
    metrics = corrupt.get("/metrics").text
    match = re.search(r'^fabricgraph_catalogue_bad_rows_total\{kind="part"\} (\d+)', metrics, re.M)
    assert match is not None, metrics
    assert int(float(match.group(1))) >= part_skips


def test_a_healthy_catalogue_reports_healthy(client: TestClient) -> None:
    data = gql(client, "{ catalogueHealth { ... on CatalogueHealth { healthy badRows { key } } } }")
    assert data["catalogueHealth"] == {"healthy": True, "badRows": []}


class Captured(Exception):  # noqa: N818 - a test signal carrying what the edit plan saw
    def __init__(self, docs: CatalogueDocs) -> None:
        super().__init__("captured")
        self.docs = docs


def test_an_edit_plans_over_the_catalogue_without_the_bad_row(
    corrupt: TestClient, seeded: Driver, settings: Settings
) -> None:
    """So the edit that replaces a corrupt row (upsertPart) is not blocked by it. The plan raises,
    so nothing is written."""
    repo = Neo4jRepository(seeded, settings.neo4j_database, settings.neo4j_transaction_timeout_s)

    def plan(docs: CatalogueDocs) -> EditPlan:
        raise Captured(docs)

    edit = EditRecord(
        id="bad-row-probe", by="test", at="2026-12-01T00:00:00Z", operation="upsertPart", target=BAD, source_id="E01"
    )
    with pytest.raises(Captured) as seen:
        repo.apply_edit(edit, "digest", "part", plan)
    numbers = [json.loads(d)["part_number"] for d in seen.value.docs.parts]
    assert BAD not in numbers
    assert "FTLX1471D3BCL" in numbers
    assert [(b.kind, b.key) for b in repo.health.rows()] == [("part", BAD)]
