"""``fabricgraph serve`` with a Neo4j that is not up yet: it starts, answers ``/healthz`` 200 and
``/readyz`` 503 at once, refuses ``/graphql`` with 503 CATALOGUE_NOT_LOADED (never an empty
catalogue), and seeds and serves as soon as a Neo4j appears on that port, with no restart. A
request that needs a database that is down is answered with a typed error, never a traceback.

"A Neo4j appears" is a loopback TCP forwarder opened on the closed port, in front of the session's
real Neo4j.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from urllib.parse import urlparse

import httpx
import pytest
from fastapi.testclient import TestClient

from service.app import LOADING_WAIT_S, create_app
from service.config import Environment, get_settings
from service.persistence.local_server import free_port


def _pipe(src: socket.socket, dst: socket.socket) -> None:
    try:
        while data := src.recv(65536):
            dst.sendall(data)
    except OSError:
        pass
    finally:
        for s in (src, dst):
            with suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)


@contextmanager
def forwarder(port: int, target_uri: str) -> Iterator[None]:
    """Listen on 127.0.0.1:port and forward every connection to the Neo4j at ``target_uri``."""
    target = urlparse(target_uri)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(16)
    stop = threading.Event()
    opened: list[socket.socket] = []  # closed when the forwarder stops (one driver pool per worker)

    def accept() -> None:
        while not stop.is_set():
            try:
                client, _ = listener.accept()
            except OSError:
                return
            if stop.is_set():  # accepted while stopping: never piped, closed here (no unclosed socket)
                client.close()
                return
            try:
                upstream = socket.create_connection((target.hostname or "127.0.0.1", target.port or 7687))
            except OSError:
                client.close()
                continue
            opened.extend((client, upstream))
            threading.Thread(target=_pipe, args=(client, upstream), daemon=True).start()
            threading.Thread(target=_pipe, args=(upstream, client), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        listener.close()
        thread.join(timeout=5)  # the acceptor adds no socket after this, so every one is closed below
        for s in opened:
            with suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()


def _wait(check, timeout_s: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if check():
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    return False


QUERY = {"query": '{ part(partNumber: "MMA4Z00-NS") { __typename ... on Part { partNumber } } }'}


def test_serve_starts_without_neo4j_and_seeds_and_serves_once_it_appears(neo4j_uri: str, seeded: object) -> None:
    bolt, http = free_port(), free_port()
    env = {
        **os.environ,
        "NEO4J_URI": f"bolt://127.0.0.1:{bolt}",
        "FABRICGRAPH_PORT": str(http),
        "FABRICGRAPH_ENVIRONMENT": "test",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{http}"
    try:
        started = time.monotonic()
        assert _wait(lambda: httpx.get(f"{base}/healthz", timeout=1).status_code == 200, 60), "no /healthz"
        ready = httpx.get(f"{base}/readyz", timeout=5)
        assert ready.status_code == 503
        refused = httpx.post(f"{base}/graphql", json=QUERY, timeout=5)
        assert refused.status_code == 503
        assert refused.json()["errors"][0]["extensions"] == {"code": "CATALOGUE_NOT_LOADED"}
        assert proc.poll() is None
        print(f"healthz 200 and readyz 503 after {time.monotonic() - started:.1f} s")

        with forwarder(bolt, neo4j_uri):
            # `serve` runs one worker per core, each ready once it has seeded: wait until every
            # worker answers (several requests in a row, which the kernel spreads over them).
            def all_ready() -> bool:
                return all(httpx.get(f"{base}/readyz", timeout=5).status_code == 200 for _ in range(8))

            assert _wait(all_ready, 120), "never ready"
            # The kernel may have handed all 8 probes to one worker while another is still seeding:
            # a query that reaches that one waits for it (LOADING_WAIT_S), never a 503. Ask once per
            # request on fresh connections so both workers are likely to be asked.
            for _ in range(6):
                answer = httpx.post(f"{base}/graphql", json=QUERY, timeout=LOADING_WAIT_S + 10)
                assert answer.status_code == 200, answer.text
                assert answer.json() == {"data": {"part": {"__typename": "Part", "partNumber": "MMA4Z00-NS"}}}
    finally:
        proc.terminate()
        _, stderr = proc.communicate(timeout=30)
    assert "Traceback" not in stderr, stderr[-3000:]
    # "starting" before uvicorn runs; "serving" only once /healthz answered (service.cli.announce_when_serving)
    starting = stderr.index(f"fabricgraph starting http://127.0.0.1:{http}/graphql")
    assert stderr.index(f"fabricgraph serving http://127.0.0.1:{http}/graphql") > starting


def test_a_request_while_neo4j_is_down_is_a_typed_error_and_readyz_says_not_ready() -> None:
    closed = free_port()
    settings = get_settings(neo4j_uri=f"bolt://127.0.0.1:{closed}", environment=Environment.TEST)
    with TestClient(create_app(settings)) as client:
        body = client.post(
            "/graphql",
            json={
                "query": QUERY["query"].replace("... on Part", "... on DatabaseUnavailableError { code } ... on Part")
            },
        ).json()
        assert body["data"] == {"part": {"__typename": "DatabaseUnavailableError", "code": "DATABASE_UNAVAILABLE"}}
        assert [(e["path"], e["type"], e["code"]) for e in body["extensions"]["typedErrors"]] == [
            (["part"], "DatabaseUnavailableError", "DATABASE_UNAVAILABLE")
        ]
        assert client.get("/readyz").status_code == 503


def test_a_request_to_a_worker_still_seeding_waits_for_it_instead_of_503(
    settings: object, seeded: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neo4j answers, the worker is seeding: a query waits for the seed and is answered (200), where
    before Neo4j answered the same query was refused at once with 503 CATALOGUE_NOT_LOADED."""
    import service.app as app_module

    up, entered, release = threading.Event(), threading.Event(), threading.Event()
    real_answers, real_seed = app_module._answers, app_module._try_seed

    def answers(driver):  # type: ignore[no-untyped-def]
        return up.is_set() and real_answers(driver)

    def try_seed(driver, database):  # type: ignore[no-untyped-def]
        if not up.is_set():
            return False
        entered.set()
        release.wait(30)
        return real_seed(driver, database)

    monkeypatch.setattr(app_module, "_answers", answers)
    monkeypatch.setattr(app_module, "_try_seed", try_seed)
    monkeypatch.setattr(app_module, "SEED_RETRY_S", 0.1)
    monkeypatch.setattr(app_module, "LOADING_WAIT_S", 120.0)  # the mechanism, not this machine's speed
    patient = settings.model_copy(update={"request_deadline_s": 300.0})  # type: ignore[attr-defined]
    with TestClient(create_app(patient, seed=True)) as client:
        refused = client.post("/graphql", json=QUERY)
        assert (refused.status_code, refused.json()["errors"][0]["extensions"]) == (
            503,
            {"code": "CATALOGUE_NOT_LOADED"},
        )
        up.set()
        assert entered.wait(10), "the worker never began seeding"
        answers_seen: list[httpx.Response] = []
        asking = threading.Thread(target=lambda: answers_seen.append(client.post("/graphql", json=QUERY)))
        asking.start()
        asking.join(1.0)
        assert asking.is_alive() and answers_seen == []  # waiting for the seed, not refused
        release.set()
        asking.join(140)
        assert [r.status_code for r in answers_seen] == [200]
        assert answers_seen[0].json() == {"data": {"part": {"__typename": "Part", "partNumber": "MMA4Z00-NS"}}}
