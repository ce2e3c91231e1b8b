"""``sources`` / ``limitingSources`` / ``secondary`` fields resolve at once from the in-memory catalogue
snapshot and, while no snapshot is loaded, through the request's DataLoader over Cypher: both give
the same answer, field for field."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from neo4j import Driver

from service.api.context import Context
from service.api.schema import build_schema
from service.config import Settings
from service.persistence.repository import Neo4jRepository
from service.persistence.snapshot import SnapshotRepository
from service.use_cases import CatalogueService

DOCUMENT = """
query Sources($list: PartListInput!) {
  part(partNumber: "MMA4Z00-NS400") {
    ... on Part { sources { id url kind primary } secondaryOnly }
  }
  linkOptions(spec: {rateGbps: 10, distanceM: 300, protocol: ETHERNET,
                     a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}}) {
    ... on LinkOptions { options { medium limitingSources { id } secondary } }
  }
  checkLink(link: {a: {device: "QM9700"}, b: {device: "MCX75310AAS-NEAT"}, distanceM: 30,
                   moduleA: "MMA4Z00-NS400", media: [{partNumber: "MFP7E10-N030"}], moduleB: "MMA4Z00-NS400"}) {
    ... on LinkVerdict { valid findings { code sources { id } } }
  }
  validatePartList(input: $list) {
    ... on PartListReport { findings { code line sources { id kind } } }
  }
}
"""
# 30 m cords for a 60 m intent: REACH_EXCEEDED and CABLE_LENGTH_LIMIT, each citing its sources
PART_LIST = {
    "lines": [
        {"partNumber": "MMA4Z00-NS", "quantity": 32},
        {"partNumber": "MFP7E10-N030", "quantity": 64},
        {"partNumber": "MMA4Z00-NS400", "quantity": 64},
    ],
    "intents": [
        {"a": {"device": "QM9700"}, "b": {"device": "MCX75310AAS-NEAT"}, "links": 64, "rateGbps": 400, "distanceM": 60}
    ],
}


def _answer(settings: Settings, service: CatalogueService) -> Any:
    schema = build_schema(settings)
    result = asyncio.run(
        schema.execute(DOCUMENT, variable_values={"list": PART_LIST}, context_value=Context.build(settings, service))
    )
    assert not result.errors, result.errors
    return result.data


@pytest.fixture(scope="module")
def snapshot_repo(seeded: Driver, settings: Settings) -> SnapshotRepository:
    snap = SnapshotRepository(seeded, settings.neo4j_database)
    snap.snapshot()
    return snap


def test_in_memory_sources_are_offered_only_by_a_loaded_snapshot(
    repo: Neo4jRepository, snapshot_repo: SnapshotRepository, seeded: Driver, settings: Settings
) -> None:
    assert repo.sources_in_memory(["AL01"]) is None
    assert SnapshotRepository(seeded, settings.neo4j_database).sources_in_memory(["AL01"]) is None
    found = snapshot_repo.sources_in_memory(["AL01", "no such source", "AL01"])
    assert found is not None
    assert [s.id for s in found] == ["AL01"]
    assert found == repo.sources(["AL01"])


def test_both_paths_give_the_same_sources(
    repo: Neo4jRepository, snapshot_repo: SnapshotRepository, settings: Settings
) -> None:
    over_cypher = _answer(settings, CatalogueService(repo))
    in_memory = _answer(settings, CatalogueService(snapshot_repo))
    assert in_memory == over_cypher
    # the document reaches every kind of sources field, each with sources to show
    assert over_cypher["part"]["sources"]
    options = over_cypher["linkOptions"]["options"]
    assert len(options) > 5
    assert sum(bool(o["limitingSources"]) for o in options) >= 5
    assert any(f["sources"] for f in over_cypher["checkLink"]["findings"])
    assert any(f["sources"] for f in over_cypher["validatePartList"]["findings"])
