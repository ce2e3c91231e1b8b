"""Load benchmark: linkOptions over HTTP at 32 concurrent clients, against the same Cypher run bare.

::

    Neo4j (NEO4J_URI, or a throwaway local server on a free loopback port, seeded)
      ▲                                   ▲
      │ uvicorn child process             │ bare: the same read transactions, same Cypher and
      │ on 127.0.0.1:<free port>          │ parameters, through the driver in this process
      │                                   │
    32 client threads POST the QM9700 ↔ ConnectX-7 30 m NDR question (examples/qm9700-cx7-30m.graphql)

Prints throughput (requests/s) and p50/p99 latency (ms) for both, and the ratio of the HTTP p50 to
the bare-driver p50: what the service (GraphQL parsing, validation, the rule set, ranking, JSON)
costs on top of the database work. Bounded: at most ``--requests`` requests or ``--seconds`` s per
phase. Loopback only. Benchmarks print; they assert nothing.

With ``--baseline REV`` (a git revision, e.g. ``HEAD~5``) it also serves that revision's code from a
temporary git worktree on the same database and prints the HTTP p50 ratio current / previous version.

Run: ``python bench/bench_load.py [--clients 32] [--requests 2000] [--seconds 60] [--baseline REV]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
from neo4j import Driver, GraphDatabase, ManagedTransaction

ROOT = Path(__file__).resolve().parent.parent
QUERY = (ROOT / "examples" / "qm9700-cx7-30m.graphql").read_text()
VARIABLES = {"distance": 30}


@contextmanager
def neo4j_uri() -> Iterator[str]:
    """NEO4J_URI if set, else a throwaway local Neo4j on a free loopback port (seeded)."""
    if os.environ.get("NEO4J_URI"):
        yield os.environ["NEO4J_URI"]
        return
    from seed.loader import seed_database
    from service.persistence.local_server import LocalNeo4j, ensure_jars, free_port

    home = Path(tempfile.mkdtemp(prefix="fabricgraph-bench-neo4j-"))
    server = LocalNeo4j(
        home=home, lib=ensure_jars(ROOT / "neo4j-server"), bolt_port=free_port(), heap="1g", pagecache="256m"
    )
    print("starting a throwaway local Neo4j …", file=sys.stderr)
    uri = server.start(timeout_s=180)
    try:
        with GraphDatabase.driver(uri, auth=None) as drv:
            seed_database(drv, "neo4j")
        yield uri
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


def serve(uri: str, port: int) -> None:  # pragma: no cover - runs in the child process
    """The child: uvicorn on 127.0.0.1:port with the production app (warnings-only logs)."""
    import uvicorn

    from service.app import create_app
    from service.config import Environment, get_settings

    settings = get_settings(neo4j_uri=uri, environment=Environment.TEST, log_level="WARNING")
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning", access_log=False)


# The previous version's server: its own code (a git worktree), the same database. Older revisions
# may not know every setting, so only the URI and the environment are passed.
BASELINE_SERVE = """
import sys, uvicorn
from service.app import create_app
from service.config import Environment, get_settings
settings = get_settings(neo4j_uri=sys.argv[1], environment=Environment.TEST)
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", access_log=False)
"""


@contextmanager
def baseline_server(rev: str, uri: str) -> Iterator[str]:
    """Serve git revision ``rev`` from a temporary worktree on 127.0.0.1; yields its base URL."""
    from service.persistence.local_server import free_port

    root = Path(__file__).resolve().parent.parent
    tree = Path(tempfile.mkdtemp(prefix="fabricgraph-baseline-"))
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), rev], cwd=root, check=True, capture_output=True)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(tree), "FABRICGRAPH_LOG_LEVEL": "WARNING"}
    child = subprocess.Popen([sys.executable, "-c", BASELINE_SERVE, uri, str(port)], cwd=tree, env=env)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_ready(base)
        yield base
    finally:
        child.terminate()
        child.wait(timeout=30)
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=root, check=False, capture_output=True)
        shutil.rmtree(tree, ignore_errors=True)


def wait_ready(base: str) -> None:
    """Wait (≤ 60 s) until ``base``/readyz answers 200."""
    for _ in range(120):
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"the service at {base} did not become ready")


def http_caller(base: str) -> Callable[[], None]:
    """A thread-safe call of the linkOptions question against ``base`` (one client per thread)."""
    local = threading.local()

    def call() -> None:
        if not hasattr(local, "client"):
            local.client = httpx.Client(base_url=base, timeout=30)
        r = local.client.post("/graphql", json={"query": QUERY, "variables": VARIABLES})
        r.raise_for_status()
        assert '"LinkOptions"' in r.text

    return call


def recorded_transactions(driver: Driver) -> list[list[tuple[str, dict[str, Any]]]]:
    """The read transactions (Cypher text and parameters) one linkOptions request runs, recorded by
    executing the same GraphQL document in process over a recording repository."""
    from service.api.context import Context
    from service.api.schema import build_schema
    from service.config import Environment, get_settings
    from service.persistence.repository import Neo4jRepository
    from service.use_cases import CatalogueService

    txs: list[list[tuple[str, dict[str, Any]]]] = []

    class Recorder:
        def __init__(self, tx: ManagedTransaction, log: list[tuple[str, dict[str, Any]]]) -> None:
            self._tx, self._log = tx, log

        def run(self, query: Any, parameters: dict[str, Any] | None = None, **kw: Any) -> Any:
            self._log.append((str(query), {**(parameters or {}), **kw}))
            return self._tx.run(query, parameters, **kw)

    class RecordingRepository(Neo4jRepository):
        def _read(self, work: Callable[[ManagedTransaction], Any]) -> Any:
            log: list[tuple[str, dict[str, Any]]] = []
            txs.append(log)
            return super()._read(lambda tx: work(Recorder(tx, log)))  # type: ignore[arg-type]

    settings = get_settings(neo4j_uri="bolt://unused", environment=Environment.TEST)
    service = CatalogueService(RecordingRepository(driver))
    result = asyncio.run(
        build_schema(settings).execute(QUERY, variable_values=VARIABLES, context_value=Context.build(settings, service))
    )
    assert not result.errors and result.data and result.data["linkOptions"]["__typename"] == "LinkOptions", result
    return [t for t in txs if t]


def hammer(call: Callable[[], None], clients: int, requests: int, seconds: float) -> tuple[list[float], float]:
    """Run ``call`` from ``clients`` threads until ``requests`` calls or ``seconds`` elapse.

    Returns:
        per-call latencies (s) and the wall time (s).
    """
    latencies: list[float] = []
    lock = threading.Lock()
    issued = 0
    deadline = time.monotonic() + seconds

    def worker() -> None:
        nonlocal issued
        while True:
            with lock:
                if issued >= requests or time.monotonic() > deadline:
                    return
                issued += 1
            start = time.perf_counter()
            call()
            elapsed = time.perf_counter() - start
            with lock:
                latencies.append(elapsed)

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, time.perf_counter() - start


def report(name: str, latencies: list[float], wall: float) -> float:
    ordered = sorted(latencies)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    print(
        f"{name:<28} {len(ordered):>6} req  {len(ordered) / wall:>8.1f} req/s  "
        f"p50 {p50 * 1000:>7.1f} ms  p99 {p99 * 1000:>7.1f} ms"
    )
    return p50


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=2000, help="per phase")
    parser.add_argument("--seconds", type=float, default=60.0, help="per phase")
    parser.add_argument("--baseline", metavar="REV", help="also measure this git revision (previous version)")
    parser.add_argument("--serve", nargs=2, metavar=("URI", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return

    from service.persistence.local_server import free_port

    with neo4j_uri() as uri:
        port = free_port()
        child = subprocess.Popen([sys.executable, __file__, "--serve", uri, str(port)])
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(base)
            with GraphDatabase.driver(
                uri, auth=None, max_connection_pool_size=args.clients + 4, notifications_min_severity="OFF"
            ) as driver:
                txs = recorded_transactions(driver)
                statements = sum(len(t) for t in txs)
                print(
                    f"linkOptions QM9700 ↔ MCX75310AAS-NEAT, 400 Gb/s, 30 m: {len(txs)} read transactions, "
                    f"{statements} Cypher statements per request; {args.clients} concurrent clients, "
                    f"≤ {args.requests} requests or {args.seconds:g} s per phase"
                )
                http_call = http_caller(base)

                def bare_call() -> None:
                    with driver.session(database="neo4j") as session:
                        for tx_statements in txs:
                            session.execute_read(lambda tx, st=tx_statements: [list(tx.run(q, p)) for q, p in st])

                for warm in (http_call, bare_call):  # connections, query plans, JIT
                    hammer(warm, args.clients, args.clients * 4, 30)
                http_p50 = report(
                    "HTTP /graphql linkOptions", *hammer(http_call, args.clients, args.requests, args.seconds)
                )
                bare_p50 = report(
                    "bare driver, same Cypher", *hammer(bare_call, args.clients, args.requests, args.seconds)
                )
                print(f"p50 ratio HTTP / bare driver: {http_p50 / bare_p50:.2f}")
                if args.baseline:
                    with baseline_server(args.baseline, uri) as old_base:
                        old_call = http_caller(old_base)
                        hammer(old_call, args.clients, args.clients * 4, 30)
                        old_p50 = report(
                            f"HTTP linkOptions at {args.baseline}",
                            *hammer(old_call, args.clients, args.requests, args.seconds),
                        )
                    print(f"p50 ratio this version / {args.baseline}: {http_p50 / old_p50:.2f}")
        finally:
            child.terminate()
            child.wait(timeout=30)


if __name__ == "__main__":
    main()
