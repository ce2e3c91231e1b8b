"""Schema and seed are idempotent on the real database, and a failed load writes nothing."""

from __future__ import annotations

import pytest
from neo4j import Driver

from seed.catalogue import load_catalogue
from seed.loader import seed_database
from service.config import Settings
from service.persistence import cypher
from service.persistence.driver import apply_schema, schema_statements


def _counts(driver: Driver, db: str) -> tuple[int, int]:
    rec = driver.execute_query(cypher.COUNTS_QUERY, database_=db).records[0]
    return rec["nodes"], rec["relationships"]


def test_every_schema_statement_is_named_and_idempotent() -> None:
    for stmt in schema_statements():
        assert "IF NOT EXISTS" in stmt
        assert stmt.split()[2] not in {"IF", "FOR"}, f"unnamed: {stmt}"


def test_seeding_twice_changes_no_count(seeded: Driver, settings: Settings) -> None:
    before = _counts(seeded, settings.neo4j_database)
    apply_schema(seeded, settings.neo4j_database)
    report = seed_database(seeded, settings.neo4j_database)
    assert (report.nodes, report.relationships) == before


def _version(driver: Driver, db: str) -> tuple[int, str]:
    rec = driver.execute_query(cypher.CATALOGUE_VERSION_QUERY, database_=db).records[0]
    return rec["version"], rec["token"]


def test_seeding_the_same_rows_again_writes_nothing_and_keeps_the_version(seeded: Driver, settings: Settings) -> None:
    """A second ``serve`` worker (or a restart) seeding the catalogue the database already holds
    leaves the version alone, so no reader reloads its snapshot; ``force`` rewrites and bumps it."""
    db = settings.neo4j_database
    seed_database(seeded, db)  # whatever an earlier test did, the database now holds these rows
    before = _version(seeded, db)
    again = seed_database(seeded, db)
    assert (again.unchanged, _version(seeded, db)) == (True, before)
    assert (again.nodes, again.relationships) == _counts(seeded, db)
    forced = seed_database(seeded, db, force=True)
    after = _version(seeded, db)
    assert (forced.unchanged, after[0]) == (False, before[0] + 1)
    assert after[1] != before[1]


def test_a_changed_catalogue_is_written_even_when_a_seed_ran_before(seeded: Driver, settings: Settings) -> None:
    db = settings.neo4j_database
    seed_database(seeded, db)
    cat = load_catalogue()
    cat.devices.append(cat.devices[0].model_copy(update={"model": "FABRICGRAPH-TEST-DIGEST"}))
    try:
        report = seed_database(seeded, db, catalogue=cat)
        assert report.unchanged is False
        found = seeded.execute_query(
            "MATCH (d:Device {model: 'FABRICGRAPH-TEST-DIGEST'}) RETURN count(d) AS n", database_=db
        ).records[0]["n"]
        assert found == 1
    finally:
        seeded.execute_query(
            "MATCH (d:Device {model: 'FABRICGRAPH-TEST-DIGEST'}) "
            "OPTIONAL MATCH (a:Alias)-[:ALIAS_OF]->(d) DETACH DELETE d, a",
            database_=db,
        )
        seed_database(seeded, db, force=True)  # back to the shipped rows and their digest


def test_a_load_that_fails_midway_writes_nothing(seeded: Driver, settings: Settings) -> None:
    """All-or-nothing: a catalogue whose last statement fails leaves the graph as it was."""
    before = _counts(seeded, settings.neo4j_database)
    cat = load_catalogue()
    bad = cat.devices[0].model_copy(update={"model": "FABRICGRAPH-TEST-ROLLBACK"})
    cat.devices.append(bad)
    cat.devices.append(bad.model_copy(update={"model": None}))  # type: ignore[arg-type]
    with pytest.raises(Exception):  # noqa: B017 - any driver error: the point is the rollback
        seed_database(seeded, settings.neo4j_database, catalogue=cat)
    assert _counts(seeded, settings.neo4j_database) == before
    rows = seeded.execute_query(
        "MATCH (d:Device {model: 'FABRICGRAPH-TEST-ROLLBACK'}) RETURN d", database_=settings.neo4j_database
    ).records
    assert rows == []
