"""Health, readiness, Prometheus metrics per GraphQL operation, and JSON logs carrying the request id."""

from __future__ import annotations

import json
import re
import threading
import time

import pytest
from fastapi.testclient import TestClient
from neo4j import Driver

from service.app import create_app
from service.config import Settings
from service.observability import Metrics
from service.persistence.snapshot import CatalogueSnapshot


def sample(metrics_text: str, name: str, **labels: str) -> float | None:
    """The value of one Prometheus sample, or None if absent."""
    prefix = name + "{" + ",".join(f'{k}="{v}"' for k, v in labels.items()) + "} "
    found = [line for line in metrics_text.splitlines() if line.startswith(prefix)]
    return float(found[0][len(prefix) :]) if found else None


def test_healthz_and_readyz_on_a_live_database(client: TestClient):
    assert (client.get("/healthz").status_code, client.get("/healthz").json()) == (200, {"status": "ok"})
    deadline = time.monotonic() + 60  # the snapshot loads in the background after start
    while not client.get("/readyz").json()["snapshot"]["loaded"] and time.monotonic() < deadline:
        client.post("/graphql", json={"query": '{ part(partNumber: "SFP-10G-SR") { __typename } }'})
        time.sleep(0.1)
    ready = client.get("/readyz")
    body = ready.json()
    assert (ready.status_code, body["status"], body["database"]) == (200, "ready", "up")
    assert body["snapshot"]["loaded"] is True and body["snapshot"]["stale"] is False
    assert body["snapshot"]["version"] >= 1
    # The same in /metrics: the snapshot's version, and nothing stale or failed.
    lines = dict(
        line.rsplit(" ", 1)
        for line in client.get("/metrics").text.splitlines()
        if line.startswith("fabricgraph_catalogue")
    )
    assert float(lines["fabricgraph_catalogue_snapshot_version"]) >= 1
    assert float(lines["fabricgraph_catalogue_snapshot_stale"]) == 0.0
    assert float(lines["fabricgraph_catalogue_snapshot_reload_failures_total"]) == 0.0


def test_readyz_is_not_ready_until_the_first_snapshot_is_loaded(
    seeded: Driver, settings: Settings, monkeypatch: pytest.MonkeyPatch
):
    """Neo4j up, the first snapshot still loading: 503 (a load balancer sends this worker nothing
    yet), though a request that does reach it is answered (over Cypher); 200 once it is loaded."""
    release = threading.Event()
    load = CatalogueSnapshot.load

    def held_load(repo):  # type: ignore[no-untyped-def]
        release.wait(120)  # the load waits until the test has seen /readyz while loading
        return load(repo)

    monkeypatch.setattr(CatalogueSnapshot, "load", held_load)
    try:
        with TestClient(create_app(settings, driver=seeded)) as fresh:
            loading = fresh.get("/readyz")
            assert (loading.status_code, loading.json()) == (
                503,
                {
                    "status": "not ready",
                    "database": "up",
                    "snapshot": {
                        "loaded": False,
                        "version": 0,
                        "ageS": 0.0,
                        "stale": False,
                        "reloadFailures": 0,
                        "lastLoadS": 0.0,
                    },
                },
            )
            answer = fresh.post("/graphql", json={"query": '{ part(partNumber: "SFP-10G-SR") { __typename } }'})
            assert answer.json() == {"data": {"part": {"__typename": "Part"}}}
            release.set()
            deadline = time.monotonic() + 60
            while fresh.get("/readyz").status_code != 200 and time.monotonic() < deadline:
                time.sleep(0.1)
            ready = fresh.get("/readyz").json()
            assert (ready["status"], ready["database"], ready["snapshot"]["loaded"]) == ("ready", "up", True)
            assert ready["snapshot"]["version"] >= 1 and ready["snapshot"]["stale"] is False
    finally:
        release.set()


def test_a_well_formed_request_id_is_echoed_and_a_bad_one_replaced(client: TestClient):
    given = client.post("/graphql", json={"query": "{ __typename }"}, headers={"X-Request-ID": "ticket-4711.a"})
    assert given.headers["x-request-id"] == "ticket-4711.a"
    bad = client.get("/healthz", headers={"X-Request-ID": "no spaces or <html> please"})
    assert re.fullmatch(r"[0-9a-f]{32}", bad.headers["x-request-id"])
    none = client.get("/healthz")
    assert re.fullmatch(r"[0-9a-f]{32}", none.headers["x-request-id"])
    assert none.headers["x-request-id"] != bad.headers["x-request-id"]


def test_metrics_count_requests_errors_and_latency_per_operation(client: TestClient):
    ok = 'query ObsPartLookup { part(partNumber: "SFP-10G-SR") { __typename } }'
    for _ in range(2):
        assert client.post("/graphql", json={"query": ok}).status_code == 200
    failing = "query ObsBadField { noSuchField }"
    assert client.post("/graphql", json={"query": failing}).status_code == 200
    text = client.get("/metrics").text
    assert sample(text, "fabricgraph_graphql_requests_total", operation="ObsPartLookup", type="query") == 2.0
    assert sample(text, "fabricgraph_graphql_errors_total", operation="ObsPartLookup", type="query") is None
    assert sample(text, "fabricgraph_graphql_seconds_count", operation="ObsPartLookup", type="query") == 2.0
    assert sample(text, "fabricgraph_graphql_requests_total", operation="ObsBadField", type="query") == 1.0
    assert sample(text, "fabricgraph_graphql_errors_total", operation="ObsBadField", type="query") == 1.0
    assert (sample(text, "fabricgraph_http_requests_total", path="/graphql", status="200") or 0) >= 3
    assert "# TYPE fabricgraph_graphql_seconds histogram" in text


def test_operation_labels_are_capped_so_clients_cannot_explode_the_metrics():
    m = Metrics(max_operations=2)
    assert [m.operation_label(n) for n in ["A", "B", "C", "A", None, "bad name!"]] == [
        "A",
        "B",
        "other",
        "A",
        "anonymous",
        "other",
    ]


def test_logs_are_json_lines_carrying_the_request_id(
    seeded: Driver, settings: Settings, capsys: pytest.CaptureFixture[str]
):
    with TestClient(create_app(settings, driver=seeded)) as c:
        c.post("/graphql", json={"query": "{ __typename }"}, headers={"X-Request-ID": "log-check-1"})
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines() if line.startswith("{")]
    access = [x for x in lines if x.get("request_id") == "log-check-1"]
    assert len(access) == 1
    entry = access[0]
    assert entry["logger"] == "fabricgraph.http"
    assert entry["message"] == "request"
    assert (entry["method"], entry["path"], entry["status"]) == ("POST", "/graphql", 200)
    assert entry["duration_ms"] >= 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}", entry["time"])
