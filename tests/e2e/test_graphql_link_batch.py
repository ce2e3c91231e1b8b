"""linkOptionsBatch over HTTP: many link specs in one request, each answered or failed on its own.

The expected options are the seeded catalogue's answers for a QM9700 (twin-port OSFP cages) to a
ConnectX-7 OSFP adapter (MCX75310AAS-NEAT) at NDR 400 Gb/s, as the README's linkOptions example
shows: at 30 m the NDR SR4 pair over OM4 (50 m reach, NVIDIA MMA4Z00-NS data) ranks first.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from neo4j import Driver

from service.config import Settings
from service.link_batch import MAX_LINK_BATCH

BATCH = """
query Batch($specs: [LinkSpecInput!]!) {
  linkOptionsBatch(specs: $specs) {
    __typename
    ... on LinkOptionsBatch {
      count answered failed limit
      items {
        index
        result {
          __typename
          ... on LinkOptions { options { rank pmd fiberType reachM marginM } }
          ... on NotFoundError { code name suggestions }
          ... on ValidationError { code field message }
        }
      }
    }
    ... on ValidationError { code field message }
  }
}
"""


@pytest.fixture(scope="module")
def big_client(seeded: Driver, settings: Settings) -> Iterator[TestClient]:
    """The app with the shipped body limit (2,000,000 bytes), which takes a 1,000-spec batch (about
    90 KB of variables; README, linkOptionsBatch)."""
    from service.app import create_app

    with TestClient(create_app(settings, driver=seeded)) as c:
        yield c


def _spec(distance_m: float, device_b: str = "MCX75310AAS-NEAT") -> dict[str, Any]:
    return {"rateGbps": 400, "distanceM": distance_m, "a": {"device": "QM9700"}, "b": {"device": device_b}}


def _batch(client: TestClient, specs: list[dict[str, Any]]) -> dict[str, Any]:
    body = json.dumps({"query": BATCH, "variables": {"specs": specs}})
    response = client.post("/graphql", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text[:500]
    decoded = response.json()
    assert "errors" not in decoded, decoded
    result: dict[str, Any] = decoded["data"]["linkOptionsBatch"]
    return result


def test_a_batch_of_1000_specs_with_one_invalid_gives_999_answers_and_one_typed_error(
    big_client: TestClient,
) -> None:
    """1,000 specs at 1 … 100 m (ten rounds of 100 distances); spec 500 names an unknown adapter."""
    specs = [_spec(1 + (i % 100)) for i in range(1000)]
    specs[500] = _spec(30, device_b="MCX75310AAS-NEXT")
    batch = _batch(big_client, specs)
    assert batch["__typename"] == "LinkOptionsBatch"
    assert (batch["count"], batch["answered"], batch["failed"], batch["limit"]) == (1000, 999, 1, 1000)
    assert [item["index"] for item in batch["items"]] == list(range(1000))
    bad = batch["items"][500]["result"]
    assert bad["__typename"] == "NotFoundError"
    assert bad["name"] == "MCX75310AAS-NEXT"
    assert "MCX75310AAS-NEAT" in bad["suggestions"]
    at_30 = batch["items"][29]["result"]  # 1 + 29 = 30 m
    assert at_30["__typename"] == "LinkOptions"
    first = at_30["options"][0]
    assert (first["pmd"], first["fiberType"], first["reachM"], first["marginM"]) == ("NDR SR4", "OM4", 50.0, 20.0)
    # Every valid answer is the same as the single linkOptions question would give: at 30 m always.
    same_distance = [batch["items"][i]["result"] for i in range(29, 1000, 100) if i != 529]
    assert all(answer == at_30 for answer in same_distance)


def test_a_batch_past_the_limit_is_refused_whole_with_a_typed_error(big_client: TestClient) -> None:
    batch = _batch(big_client, [_spec(3)] * (MAX_LINK_BATCH + 1))
    assert batch["__typename"] == "ValidationError"
    assert batch["field"] == "specs"
    assert "limit is 1,000" in batch["message"]


def test_a_negative_distance_fails_only_its_own_spec(big_client: TestClient) -> None:
    batch = _batch(big_client, [_spec(3), _spec(-1), _spec(3)])
    assert (batch["answered"], batch["failed"]) == (2, 1)
    error = batch["items"][1]["result"]
    assert (error["__typename"], error["code"], error["field"]) == ("ValidationError", "VALIDATION_ERROR", "distanceM")


def test_a_zero_distance_fails_only_its_own_spec(big_client: TestClient) -> None:
    """A 0 m run is no link: the spec gets a typed ValidationError; its neighbours are answered."""
    batch = _batch(big_client, [_spec(3), _spec(0), _spec(3)])
    assert (batch["answered"], batch["failed"]) == (2, 1)
    assert batch["items"][1]["result"] == {
        "__typename": "ValidationError",
        "code": "VALIDATION_ERROR",
        "field": "distanceM",
        "message": "distanceM: the distance must be greater than 0 metres, got 0",
    }
