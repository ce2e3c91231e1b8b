"""Neo4j faults: the service starts without its database, answers typed DATABASE_UNAVAILABLE errors
until it has a catalogue snapshot, keeps answering reads from the last good snapshot while Neo4j is
down (edits get typed errors; /readyz says the database is down and the snapshot stale), recovers by
itself when Neo4j is back, and loses no acknowledged edit.

Runs its OWN local Neo4j (throwaway home, free loopback port) and stops and restarts it; the
session's shared server is never touched. The app owns its driver (created in the lifespan).

::

    app up, Neo4j down ──► /healthz 200, /readyz 503, queries DATABASE_UNAVAILABLE
    Neo4j started, seeded ──► /readyz 200, answers
    edits + queries in a loop ──► Neo4j stopped mid-loop ──► edits: typed errors; reads: answered
                                                             from the snapshot; /readyz 503, stale
                              ──► Neo4j restarted ──► edits again; every acknowledged edit present
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from neo4j import GraphDatabase

from seed.loader import seed_database
from service.app import create_app
from service.auth import hash_key
from service.config import Environment, get_settings
from service.persistence.local_server import LocalNeo4j, ensure_jars, free_port

ROOT = Path(__file__).resolve().parents[2]
KEY = "fault-test-editor-key-31c9"
HEADERS = {"Authorization": f"Bearer {KEY}"}

PART = (
    '{ part(partNumber: "SFP-10G-SR") { __typename ... on Part { partNumber } '
    "... on DatabaseUnavailableError { code } } }"
)
DEVICES = "{ devices { model } }"
EDIT = """mutation($row: JSON!, $id: String!) { upsertPart(row: $row, source: {id: "S24"}, editId: $id) {
  __typename ... on PartEdited { edit { id replayed } } ... on DatabaseUnavailableError { code message }
  ... on ValidationError { field message } } }"""


def row(i: int) -> dict[str, Any]:
    return {
        "kind": "transceiver",
        "part_number": f"FG-FAULT-{i:03d}",
        "vendor": "TestVendor",
        "description": "10GBASE-SR SFP+ (fault-test fixture)",
        "protocols": ["Ethernet"],
        "form_factor": "SFP+",
        "rates_gbps": [10],
        "pmds": ["10GBASE-SR"],
        "connector": "LC/UPC",
    }


@pytest.fixture(scope="module")
def server() -> Iterator[LocalNeo4j]:
    home = Path(tempfile.mkdtemp(prefix="fabricgraph-fault-neo4j-"))
    srv = LocalNeo4j(
        home=home, lib=ensure_jars(ROOT / "neo4j-server"), bolt_port=free_port(), heap="512m", pagecache="64m"
    )
    try:
        yield srv
    finally:
        srv.stop()
        shutil.rmtree(home, ignore_errors=True)


def wait_for(check: Callable[[], bool], timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.5)
    raise AssertionError(f"not within {timeout_s} s: {what}")


def post(
    client: TestClient,
    query: str,
    variables: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> dict[str, Any]:
    response = client.post("/graphql", json={"query": query, "variables": variables or {}}, headers=headers or {})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    assert "Traceback" not in response.text and "neo4j" not in response.text.casefold()
    return body


def test_neo4j_down_at_start_then_stopped_and_restarted_under_load(server: LocalNeo4j):
    settings = get_settings(
        neo4j_uri=server.uri,
        environment=Environment.TEST,
        neo4j_transaction_timeout_s=5.0,
        api_keys={"editor": hash_key(KEY)},
    )
    with TestClient(create_app(settings)) as client:
        # Step 1: Neo4j has never run. The service is up but not ready; every answer is typed.
        assert client.get("/healthz").json() == {"status": "ok"}
        ready = client.get("/readyz")
        assert (ready.status_code, ready.json()["status"], ready.json()["database"]) == (503, "not ready", "down")
        assert ready.json()["snapshot"]["loaded"] is False
        assert post(client, PART)["data"]["part"] == {
            "__typename": "DatabaseUnavailableError",
            "code": "DATABASE_UNAVAILABLE",
        }
        listing = post(client, DEVICES)
        assert listing["data"] is None
        assert [e["extensions"]["code"] for e in listing["errors"]] == ["DATABASE_UNAVAILABLE"]
        refused = post(client, EDIT, {"row": row(0), "id": "fault-000"}, HEADERS)["data"]["upsertPart"]
        assert refused["__typename"] == "DatabaseUnavailableError"

        # Step 2: Neo4j comes up and is seeded; the same app, never restarted, answers.
        server.start(timeout_s=180)
        with GraphDatabase.driver(server.uri, auth=None) as drv:
            seed_database(drv, "neo4j")
        wait_for(lambda: client.get("/readyz").status_code == 200, 60, "/readyz 200 after Neo4j started")
        assert post(client, PART)["data"]["part"] == {"__typename": "Part", "partNumber": "SFP-10G-SR"}

        # Step 3: edits and reads in a loop while Neo4j is stopped and restarted.
        outcomes: list[tuple[int, str]] = []
        reads: list[str] = []
        stop = threading.Event()
        problems: list[str] = []

        def work() -> None:
            i = 1
            while not stop.is_set():
                try:
                    result = post(client, EDIT, {"row": row(i), "id": f"fault-{i:03d}"}, HEADERS)
                    outcomes.append((i, result["data"]["upsertPart"]["__typename"]))
                    reads.append(post(client, PART)["data"]["part"]["__typename"])
                except AssertionError as exc:  # collected, so the main thread reports it
                    problems.append(str(exc))
                i += 1

        worker = threading.Thread(target=work, daemon=True)
        worker.start()
        wait_for(lambda: sum(1 for _, t in outcomes if t == "PartEdited") >= 3, 60, "3 acknowledged edits")
        wait_for(lambda: client.get("/readyz").json()["snapshot"]["loaded"], 60, "a catalogue snapshot loaded")
        assert server.stop() is True
        stopped_at = len(outcomes)
        wait_for(
            lambda: "DatabaseUnavailableError" in {t for _, t in outcomes[stopped_at:]}, 90, "edits refused while down"
        )
        # Reads are still answered, from the last good snapshot; /readyz says what is going on.
        reads_down = len(reads)
        wait_for(lambda: client.get("/readyz").json()["snapshot"]["stale"] is True, 90, "/readyz: snapshot stale")
        ready = client.get("/readyz")
        assert (ready.status_code, ready.json()["database"], ready.json()["snapshot"]["loaded"]) == (503, "down", True)
        assert post(client, PART)["data"]["part"] == {"__typename": "Part", "partNumber": "SFP-10G-SR"}
        assert set(reads[reads_down:]) <= {"Part"}  # the worker mostly waits on refused edits
        down_at = len(outcomes)
        server.start(timeout_s=180)
        wait_for(lambda: client.get("/readyz").status_code == 200, 60, "/readyz 200 after the restart")
        wait_for(lambda: any(t == "PartEdited" for _, t in outcomes[down_at:]), 60, "edits acknowledged again")
        stop.set()
        worker.join(timeout=60)

        assert problems == []
        assert {t for _, t in outcomes} <= {"PartEdited", "DatabaseUnavailableError"}
        assert "DatabaseUnavailableError" in {t for _, t in outcomes}
        assert set(reads) == {"Part"}  # once loaded, the snapshot answered every read, Neo4j up or down

        # Every acknowledged edit survived the restart.
        acknowledged = [i for i, t in outcomes if t == "PartEdited"]
        for i in acknowledged:
            found = post(client, f'{{ part(partNumber: "FG-FAULT-{i:03d}") {{ __typename }} }}')
            assert found["data"]["part"] == {"__typename": "Part"}, i
        # An edit whose answer was lost can be retried with its id: applied once, never twice.
        for i, t in outcomes:
            if t == "DatabaseUnavailableError":
                again = post(client, EDIT, {"row": row(i), "id": f"fault-{i:03d}"}, HEADERS)["data"]["upsertPart"]
                assert again["__typename"] == "PartEdited"
        with GraphDatabase.driver(server.uri, auth=None) as drv:
            records, _, _ = drv.execute_query(
                "MATCH (e:CatalogueEdit) WHERE e.id STARTS WITH 'fault-' "
                "RETURN count(e) AS edits, count(DISTINCT e.id) AS ids"
            )
        assert records[0]["edits"] == records[0]["ids"] == len({i for i, _ in outcomes})
