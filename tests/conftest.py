"""Shared fixtures: one real Neo4j 5.26 per test session, seeded once.

Where the database comes from, first that applies:

1. ``NEO4J_URI`` (with ``NEO4J_USER``/``NEO4J_PASSWORD``): used as is. The tests WIPE and re-seed that
   database, so point it at a disposable one.
2. A Docker engine that answers: a ``neo4j:5.26-community`` container through testcontainers.
3. Otherwise the local Neo4j Community server the project runs itself from the Maven Central jars
   (``neo4j-server/lib``), in a throwaway home on a free loopback port.

No test skips for want of a database: if none can be had, the session fails loudly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from neo4j import Driver

from service.config import Environment, Settings, get_settings

ROOT = Path(__file__).resolve().parent.parent
TEST_PATIENCE_S = 120.0
"""Transaction timeout and request deadline (seconds) of the test settings (see ``settings``)."""


def _docker_answers() -> bool:
    if shutil.which("docker") is None:
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.fixture(scope="session")
def neo4j_uri() -> Iterator[str]:
    """A Bolt URI of a real Neo4j 5.26 for this test session."""
    if os.environ.get("NEO4J_URI"):
        yield os.environ["NEO4J_URI"]
        return
    if _docker_answers():  # pragma: no cover - no Docker engine on the project's machines
        from testcontainers.neo4j import Neo4jContainer

        with Neo4jContainer("neo4j:5.26-community") as container:
            os.environ.setdefault("NEO4J_PASSWORD", container.password)
            yield container.get_connection_url()
        return
    from service.persistence.local_server import LocalNeo4j, ensure_jars, free_port

    home = Path(tempfile.mkdtemp(prefix="fabricgraph-test-neo4j-"))
    server = LocalNeo4j(
        home=home, lib=ensure_jars(ROOT / "neo4j-server"), bolt_port=free_port(), heap="512m", pagecache="64m"
    )
    uri = server.start(timeout_s=180)
    try:
        yield uri
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def settings(neo4j_uri: str) -> Settings:
    """Test settings. Answers, not speed, are under test: a loaded two-core CI machine may take
    longer than the production 10 s transaction timeout and 15 s request deadline, so both are
    TEST_PATIENCE_S here; the tests of the limits themselves set tight ones explicitly."""
    return get_settings(
        neo4j_uri=neo4j_uri,
        environment=Environment.TEST,
        neo4j_transaction_timeout_s=TEST_PATIENCE_S,
        request_deadline_s=TEST_PATIENCE_S,
    )


@pytest.fixture(scope="session")
def driver(settings: Settings) -> Iterator[Driver]:
    from service.persistence.driver import open_driver

    drv = open_driver(settings)
    drv.verify_connectivity()
    yield drv
    drv.close()


@pytest.fixture(scope="session")
def seeded(driver: Driver, settings: Settings) -> Driver:
    """The database wiped and seeded with the catalogue, once per session."""
    from seed.loader import seed_database
    from service.persistence import cypher

    # CALL … IN TRANSACTIONS needs an auto-commit transaction (session.run), not a managed one.
    with driver.session(database=settings.neo4j_database) as session:
        session.run(cypher.WIPE_QUERY).consume()
    seed_database(driver, settings.neo4j_database)
    return driver


@pytest.fixture(scope="session")
def repo(seeded: Driver, settings: Settings):  # type: ignore[no-untyped-def]
    from service.persistence.repository import Neo4jRepository

    return Neo4jRepository(seeded, settings.neo4j_database, settings.neo4j_transaction_timeout_s)


@pytest.fixture(scope="session")
def service(repo, seeded: Driver, settings: Settings):  # type: ignore[no-untyped-def]
    """The use cases over Cypher reads; with ``FABRICGRAPH_TEST_READS=snapshot``, over the in-memory
    catalogue snapshot the app uses (so the integration tests can be run on both read paths)."""
    from service.persistence.snapshot import SnapshotRepository
    from service.use_cases import CatalogueService

    if os.environ.get("FABRICGRAPH_TEST_READS") == "snapshot":
        snap = SnapshotRepository(seeded, settings.neo4j_database)
        snap.snapshot()
        return CatalogueService(snap)
    return CatalogueService(repo)


@pytest.fixture(scope="session")
def client(seeded: Driver, settings: Settings):  # type: ignore[no-untyped-def]
    """The FastAPI app over HTTP (in process), on the seeded database."""
    from fastapi.testclient import TestClient

    from service.app import create_app

    with TestClient(create_app(settings, driver=seeded)) as c:
        yield c


@pytest.fixture(scope="session")
def gql(client):  # type: ignore[no-untyped-def]
    """POST a GraphQL document; returns the decoded JSON body (asserts HTTP 200)."""

    def run(query: str, variables: dict[str, object] | None = None) -> dict[str, object]:
        response = client.post("/graphql", json={"query": query, "variables": variables or {}})
        assert response.status_code == 200, response.text
        body: dict[str, object] = response.json()
        return body

    return run
