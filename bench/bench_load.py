"""Load benchmark: the service over HTTP at 32 concurrent clients, every headline row in ONE run,
printed as ratios to the trivial query of the same run (so a busy machine skews all rows alike).

::

    Neo4j (NEO4J_URI, or a throwaway local server on a free loopback port, seeded)
      ▲                                          ▲
      │ uvicorn (--workers N, default one per    │ bare: the read transactions one linkOptions
      │ core) on 127.0.0.1:<free port>, each     │ request ran before the snapshot (same Cypher,
      │ worker with its own catalogue snapshot   │ same parameters), through the driver here
      │                                          │
    32 client threads: {__typename}, linkOptions (QM9700 → ConnectX-7 30 m; SFP+ 10G 300 m), checkLink

Rows: throughput (req/s) and p50/p99 (ms) at ``--clients``; single-client p50 of both linkOptions
questions and checkLink; one linkOptionsBatch of 1,000 specs over HTTP; in process on the same
snapshot classes: 1,000 linkOptions specs (the work of a batch) cold (a new snapshot, nothing
memoised) and memoised, planFatTree for 65,536 endpoints with media, a 10,000-line part list; RSS per worker;
with ``--baseline REV`` the previous version served from a git worktree (linkOptions under load, the
batch, and the ratios); and the RSS of one worker holding a synthetic catalogue ``--scale`` times
today's (parts and devices cloned under new numbers; added for the measurement and removed again).
Goals (issue 14) are printed beside the figures. Benchmarks print; they assert nothing. Loopback only.

Each version reads rows its own seed wrote (bench/_neo4j.py): without ``NEO4J_URI`` the baseline gets
its own throwaway Neo4j on another free loopback port, started for its rows, seeded by REV's loader
from REV's seed data, and removed afterwards (an older revision's models may reject rows the current
seed has gained and skip those devices). With ``NEO4J_URI`` set, ``--baseline-uri URI`` (or
``BASELINE_NEO4J_URI``) names the baseline's database; without it the baseline reads the same one and
a warning says so. The output names the database each version read; a baseline that still fails some
questions gets one line (how many, the first error) instead of a figure, and no ratio.

Run: ``python bench/bench_load.py [--clients 32] [--requests 2000] [--seconds 30] [--workers N]
[--baseline REV] [--baseline-uri URI] [--scale 10]``
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
from _neo4j import baseline_neo4j_uri, neo4j_uri
from neo4j import Driver, GraphDatabase, ManagedTransaction

ROOT = Path(__file__).resolve().parent.parent
QUERY = (ROOT / "examples" / "qm9700-cx7-30m.graphql").read_text()
VARIABLES = {"distance": 30}
SFP_QUERY = (ROOT / "examples" / "sfp-10g-300m.graphql").read_text()
CHECK_QUERY = (ROOT / "examples" / "check-ns400-in-switch.graphql").read_text()
TRIVIAL = "{ __typename }"


def serve(uri: str, port: int, workers: int) -> None:  # pragma: no cover - runs in the child process
    """The child: uvicorn on 127.0.0.1:port with the production app factory, ``workers`` processes."""
    import uvicorn

    from service.http_protocol import NoDelayH11Protocol

    os.environ.update({"NEO4J_URI": uri, "FABRICGRAPH_ENVIRONMENT": "test", "FABRICGRAPH_LOG_LEVEL": "WARNING"})
    uvicorn.run(
        "service.app:app_from_environment",
        factory=True,
        workers=workers,
        host="127.0.0.1",
        port=port,
        http=NoDelayH11Protocol,
        log_level="warning",
        access_log=False,
    )


# The previous version's server: its own code (a git worktree) on its own database (bench/_neo4j.py).
# Older revisions may not know every setting, so only the URI and the environment are passed.
BASELINE_SERVE = """
import sys, uvicorn
from service.app import create_app
from service.config import Environment, get_settings
settings = get_settings(neo4j_uri=sys.argv[1], environment=Environment.TEST)
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", access_log=False)
"""


@contextmanager
def baseline_tree(rev: str) -> Iterator[Path]:
    """Git revision ``rev`` checked out in a temporary worktree (removed afterwards); yields its path."""
    tree = Path(tempfile.mkdtemp(prefix="fabricgraph-baseline-"))
    try:
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), rev], cwd=ROOT, check=True, capture_output=True
        )
        yield tree
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False, capture_output=True)
        shutil.rmtree(tree, ignore_errors=True)


@contextmanager
def baseline_server(tree: Path, uri: str) -> Iterator[str]:
    """Serve the code at ``tree`` (a previous revision) on 127.0.0.1 against ``uri``; yields its base URL."""
    from service.persistence.local_server import free_port

    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(tree), "FABRICGRAPH_LOG_LEVEL": "WARNING"}
    child = subprocess.Popen([sys.executable, "-c", BASELINE_SERVE, uri, str(port)], cwd=tree, env=env)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_ready(base)
        wait_loaded(base, 4)
        yield base
    finally:
        child.terminate()
        child.wait(timeout=30)


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


def wait_loaded(base: str, probes: int) -> None:
    """Wait (≤ 300 s) until ``probes`` /readyz answers in a row say the catalogue snapshot is loaded:
    every worker loads its first snapshot in the background (a version without ``snapshot`` in its
    /readyz body counts as loaded)."""
    for _ in range(600):
        bodies = [httpx.get(f"{base}/readyz", timeout=5).json() for _ in range(probes)]
        if all(b.get("snapshot", {"loaded": True}).get("loaded") for b in bodies):
            return
        time.sleep(0.5)


def http_caller(
    base: str, query: str = QUERY, variables: dict[str, Any] | None = None, timeout_s: float = 60
) -> Callable[[], None]:
    """A thread-safe POST of ``query`` to ``base`` (one HTTP client per thread, ``timeout_s`` seconds a
    request); a GraphQL error aborts."""
    local = threading.local()
    body = {"query": query, "variables": VARIABLES if query is QUERY and variables is None else variables or {}}

    def call() -> None:
        if not hasattr(local, "client"):
            local.client = httpx.Client(base_url=base, timeout=timeout_s)
        r = local.client.post("/graphql", json=body)
        r.raise_for_status()
        assert '"errors"' not in r.text, r.text[:300]

    return call


BATCH_QUERY = """
query Batch($specs: [LinkSpecInput!]!) {
  linkOptionsBatch(specs: $specs) {
    __typename
    ... on LinkOptionsBatch {
      count answered failed
      items { index result { __typename ... on LinkOptions { endA endB options { rank medium pmd fiberType
        reachM marginM parts { role partNumber linksServed } } }
        ... on NotFoundError { message } ... on ValidationError { message } } }
    }
    ... on ValidationError { message }
  }
}
"""


def batch_specs() -> list[dict[str, Any]]:
    """The 1,000 linkOptions specs of the batch rows: QM9700 → ConnectX-7 at 400 Gb/s over 1–100 m and
    SFP+ → SFP+ at 10 Gb/s over 1–500 m, alternating (600 distinct questions)."""
    qm = {"rateGbps": 400, "protocol": "INFINIBAND", "a": {"device": "QM9700"}, "b": {"device": "MCX75310AAS-NEAT"}}
    sfp = {"rateGbps": 10, "a": {"formFactor": "SFP+"}, "b": {"formFactor": "SFP+"}}
    return [
        {**qm, "distanceM": float(1 + i % 100)} if i % 2 else {**sfp, "distanceM": float(1 + i % 500)}
        for i in range(1000)
    ]


def batch_row(base: str, label: str = "linkOptionsBatch 1,000 specs over HTTP") -> tuple[float, float] | None:
    """One linkOptionsBatch request of 1,000 specs over HTTP: the first (answers not yet memoised in
    the worker that takes it) and the median of five more. Returns both (s), or None (and says so in
    one line) when the service did not answer every spec."""
    body = {"query": BATCH_QUERY, "variables": {"specs": batch_specs()}}
    times: list[float] = []
    size = 0.0
    with httpx.Client(base_url=base, timeout=300) as client:
        for _ in range(6):
            start = time.perf_counter()
            r = client.post("/graphql", json=body)
            times.append(time.perf_counter() - start)
            if r.status_code != 200:  # e.g. 504: the request deadline passed (a cold batch on a busy machine)
                print(f"{label:<38} HTTP {r.status_code} after {times[-1]:.1f} s")
                continue
            failure = batch_failure(r.json())
            if failure:
                print(f"{label:<38} not measured: {failure}")
                return None
            size = len(r.content) / 1e6
    then = statistics.median(times[1:])
    print(
        f"{label:<38} first {times[0] * 1000:>8.1f} ms   "
        f"then p50 {then * 1000:>7.1f} ms ({size:.1f} MB)   goal ≤ 1,000 ms"
    )
    return times[0], then


def batch_failure(answer: dict[str, Any]) -> str | None:
    """None when a linkOptionsBatch ``answer`` holds all 1,000 answers, else how many specs failed
    and the first error, in one line."""
    if answer.get("errors"):
        return f"GraphQL error: {answer['errors'][0].get('message', answer['errors'][0])}"[:300]
    batch = (answer.get("data") or {}).get("linkOptionsBatch") or {}
    if batch.get("__typename") != "LinkOptionsBatch":
        return f"{batch.get('__typename')}: {batch.get('message', '')}"[:300]
    if batch["answered"] == 1000:
        return None
    first = next((i for i in batch["items"] if i["result"]["__typename"] != "LinkOptions"), None)
    error = (
        f"spec {first['index']}: {first['result']['__typename']}: {first['result'].get('message', '')}"
        if first
        else "?"
    )
    return f"{batch['failed']} of {batch['count']:,} specs failed (first: {error})"[:300]


def probe(base: str, query: str = QUERY, variables: dict[str, Any] | None = None) -> str | None:
    """Ask ``query`` once (up to three times while the answer is HTTP 504): None when it answered, else
    its first error (HTTP, a GraphQL error, or a typed error such as NotFoundError in place of the
    answer) in one line."""
    body = {"query": query, "variables": VARIABLES if query is QUERY and variables is None else variables or {}}
    for _ in range(3):  # a deadline passed (504) on a cold, busy service: ask again, it is warmer now
        r = httpx.post(f"{base}/graphql", json=body, timeout=120)
        if r.status_code != 504:
            break
    if r.status_code != 200:
        return f"HTTP {r.status_code}: {r.text[:200]}"
    answer = r.json()
    if answer.get("errors"):
        return f"GraphQL error: {answer['errors'][0].get('message', answer['errors'][0])}"[:300]
    for field, value in (answer.get("data") or {}).items():
        kind = value.get("__typename", "") if isinstance(value, dict) else ""
        if kind.endswith("Error"):
            return f"{field}: {kind}: {value.get('message', '')}"[:300]
    return None


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
    service = CatalogueService(RecordingRepository(driver, timeout_s=120))  # recording, not timing: a busy machine
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


def report(name: str, latencies: list[float], wall: float, trivial_rps: float | None = None) -> tuple[float, float]:
    """Print one row; returns (req/s, p50 in s)."""
    ordered = sorted(latencies)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    rps = len(ordered) / wall
    ratio = f"  {rps / trivial_rps:>6.1%} of trivial" if trivial_rps else ""
    figures = f"{rps:>8.1f} req/s  p50 {p50 * 1000:>7.1f} ms  p99 {p99 * 1000:>7.1f} ms"
    print(f"{name:<38} {len(ordered):>6} req  {figures}{ratio}")
    return rps, p50


def single_p50(call: Callable[[], None], n: int = 200) -> float:
    """The median latency (s) of ``n`` calls one after another (one client)."""
    times = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def worker_rss_mb(server_pid: int) -> list[float]:
    """RSS (MB) of each uvicorn worker under ``server_pid`` (the server itself when it has none)."""

    def rss(pid: int) -> float:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    workers = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == server_pid and b"resource_tracker" not in cmdline:
            workers.append(rss(int(stat.parent.name)))
    return sorted(workers) or [rss(server_pid)]


@contextmanager
def server(uri: str, workers: int) -> Iterator[tuple[str, int]]:
    """This version served by uvicorn with ``workers`` processes; yields (base URL, server pid)."""
    from service.persistence.local_server import free_port

    port = free_port()
    child = subprocess.Popen([sys.executable, __file__, "--serve", uri, str(port), str(workers)])
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base)
        wait_loaded(base, workers * 4)
        yield base, child.pid
    finally:
        child.terminate()
        child.wait(timeout=60)


def in_process_rows(uri: str) -> None:
    """1,000 linkOptions specs, planFatTree 65,536 endpoints and a 10,000-line part list, in process
    on a SnapshotRepository (what a worker runs for the batch query, planFatTree and validatePartList)."""
    from bench_procurement import generate, to_csv

    from service.config import Environment, get_settings
    from service.persistence.driver import open_driver
    from service.persistence.snapshot import SnapshotRepository
    from service.planning import PlanningService, PlanRequest
    from service.procurement import ProcurementSettings, read_part_list
    from service.procurement.use_case import ProcurementService
    from service.runtime import tune_gc
    from service.use_cases import CatalogueService, EndRequest

    tune_gc()  # what each uvicorn worker sets (create_app)
    settings = get_settings(neo4j_uri=uri, environment=Environment.TEST)
    with open_driver(settings, uri) as driver:
        repo = SnapshotRepository(driver, settings.neo4j_database)
        repo.snapshot()
        service = CatalogueService(repo)
        qm, cx7, sfp = (
            EndRequest(device="QM9700"),
            EndRequest(device="MCX75310AAS-NEAT"),
            EndRequest(form_factor="SFP+"),
        )
        specs = [
            (qm, cx7, 400.0, float(1 + i % 100)) if i % 2 else (sfp, sfp, 10.0, float(1 + i % 500)) for i in range(1000)
        ]

        def batch() -> None:
            for a, b, rate, distance in specs:
                service.link_options(end_a=a, end_b=b, rate_gbps=rate, distance_m=distance)

        def question() -> None:
            service.link_options(end_a=qm, end_b=cx7, rate_gbps=400.0, distance_m=30.0)

        repo.refresh()  # a new snapshot: nothing memoised
        t_cold = _timed(batch)
        t_batch = statistics.median(_timed(batch) for _ in range(3))
        print(f"{'1,000 linkOptions specs, cold':<38} {t_cold * 1000:>8.1f} ms   (new snapshot: all computed)")
        print(f"{'1,000 linkOptions specs, memoised':<38} {t_batch * 1000:>8.1f} ms   goal ≤ 1,000 ms")
        repo.refresh()
        t_first = _timed(question)
        t_again = statistics.median(_timed(question) for _ in range(200))
        print(
            f"{'one linkOptions QM9700 → CX7 30 m':<38} {t_first * 1000:>8.2f} ms cold, "
            f"{t_again * 1000:.3f} ms memoised (in process, no HTTP/GraphQL)"
        )

        planning = PlanningService(service)
        request = PlanRequest(switch="QM9700", endpoints=65_536)
        planning.plan_fat_tree(request)
        t_plan = statistics.median(_timed(lambda: planning.plan_fat_tree(request)) for _ in range(7))
        print(f"{'planFatTree 65,536 endpoints + media':<38} {t_plan * 1000:>8.1f} ms   goal ≤ 20 ms (was 71 ms)")

        parts, intents = generate(10_000, 100)
        csv_parts, csv_intents = to_csv(parts, intents)
        limits = ProcurementSettings()
        procurement = ProcurementService(service, limits)

        def whole() -> None:
            part_list = read_part_list(csv_parts, "parts.csv", intents=(csv_intents, "intents.csv"), settings=limits)
            procurement.validate(part_list)

        whole()
        t_list = statistics.median(_timed(whole) for _ in range(3))
        print(f"{'10,000-line part list (read + check)':<38} {t_list * 1000:>8.1f} ms   goal ≤ 200 ms")


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


SYNTHETIC_CLEANUP = """
MATCH (n) WHERE (n:Part AND n.partNumber CONTAINS '-SYN') OR (n:Device AND n.model CONTAINS '-SYN')
   OR (n:Cage AND n.id CONTAINS '-syn')
OPTIONAL MATCH (a:Alias)-[:ALIAS_OF]->(n)
DETACH DELETE n, a
"""


def synthetic_catalogue(scale: int) -> Any:
    """Today's catalogue and ``scale - 1`` clones of every part and device (new numbers, no aliases)."""
    from seed.catalogue import load_catalogue

    cat = load_catalogue()
    parts, devices = list(cat.parts), list(cat.devices)
    for k in range(1, scale):
        for p in cat.parts:
            variants = [
                v.model_copy(update={"part_number": f"{v.part_number}-SYN{k}", "aliases": []})
                for v in getattr(p, "variants", [])
            ]
            update: dict[str, Any] = {"aliases": [], "variants": variants} if variants else {"aliases": []}
            if p.part_number:
                update["part_number"] = f"{p.part_number}-SYN{k}"
            parts.append(p.model_copy(update=update))
        for d in cat.devices:
            cages = [c.model_copy(update={"id": f"{c.id}-syn{k}"}) for c in d.cages]
            devices.append(
                d.model_copy(
                    update={"model": f"{d.model}-SYN{k}", "name": f"{d.name} SYN{k}", "aliases": [], "cages": cages}
                )
            )
    cat.parts, cat.devices = parts, devices
    return cat


def scaled_rss(uri: str, scale: int) -> None:
    """One worker's RSS with a catalogue ``scale`` times today's (seeded, measured, removed again)."""
    from neo4j.exceptions import ClientError

    from seed.loader import seed_database
    from service.persistence import cypher

    with GraphDatabase.driver(uri, auth=None, notifications_min_severity="OFF") as driver:
        catalogue = synthetic_catalogue(scale)
        for attempt in range(2):  # one write transaction: the server's 60 s timeout can end it on a busy machine
            try:
                report = seed_database(driver, "neo4j", catalogue=catalogue)
                break
            except ClientError as e:
                if "TransactionTimedOut" not in (e.code or "") or attempt == 1:
                    raise
                print(f"seeding the catalogue ×{scale} timed out (a busy machine); trying again", file=sys.stderr)
        try:
            # a question nobody asked before pairs every fitting module of both ends, and the clones make
            # ten times as many per end: allow it more than the production deadline (15 s)
            os.environ["FABRICGRAPH_REQUEST_DEADLINE_S"] = "600"
            firsts: list[str] = []
            with server(uri, 1) as (base, pid):
                for name, call in (
                    ("linkOptions 30 m", http_caller(base, timeout_s=600)),
                    ("linkOptions SFP+ 300 m", http_caller(base, SFP_QUERY, timeout_s=600)),
                    ("checkLink", http_caller(base, CHECK_QUERY, timeout_s=600)),
                ):
                    start = time.perf_counter()
                    call()
                    firsts.append(f"{name} {time.perf_counter() - start:.1f} s")
                    for _ in range(19):
                        call()
                stats = httpx.post(f"{base}/graphql", json={"query": "{ catalogueStats { parts devices } }"}).json()
                rss = worker_rss_mb(pid)
            counts = stats["data"]["catalogueStats"]
            print(
                f"RSS, one worker, catalogue ×{scale} ({report.nodes:,} nodes; {counts['parts']:,} parts, "
                f"{counts['devices']:,} devices): {rss[0]:.0f} MB   goal ≤ 300 MB"
            )
            print(f"  first (cold) answer of each question at ×{scale}: {'; '.join(firsts)}")
        finally:
            os.environ.pop("FABRICGRAPH_REQUEST_DEADLINE_S", None)
            driver.execute_query(SYNTHETIC_CLEANUP, database_="neo4j")
            driver.execute_query(cypher.BUMP_CATALOGUE_VERSION_QUERY, database_="neo4j")


def baseline_rows(
    args: argparse.Namespace, trivial_rps: float | None, link_p50: float, batch: tuple[float, float] | None
) -> None:
    """The ``--baseline`` rows: revision ``args.baseline`` served from a git worktree on its own
    database (bench/_neo4j.py), linkOptions under load and the batch, and the ratios to this version."""
    rev = args.baseline
    with (
        baseline_tree(rev) as tree,
        baseline_neo4j_uri(rev, tree, args.baseline_uri) as old_uri,
        baseline_server(tree, old_uri) as old_base,
    ):
        old: tuple[float, float] | None = None
        failure = probe(old_base)
        if failure:
            print(f"{'linkOptions at ' + rev:<38} not measured: {failure}")
        else:
            old_call = http_caller(old_base)
            hammer(old_call, args.clients, args.clients * 4, 30)
            old = report(
                f"linkOptions at {rev}", *hammer(old_call, args.clients, args.requests, args.seconds), trivial_rps
            )
        old_batch = batch_row(old_base, f"linkOptionsBatch at {rev}")
    if old:
        print(f"p50 ratio this version / {rev}: {link_p50 / old[1]:.3f}")
    if batch and old_batch:
        print(
            f"linkOptionsBatch ratio this version / {rev}: first {batch[0] / old_batch[0]:.3f}, "
            f"then p50 {batch[1] / old_batch[1]:.3f}"
        )
    else:
        print(f"linkOptionsBatch ratio this version / {rev}: none (a batch was not answered in full)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=2000, help="per phase")
    parser.add_argument("--seconds", type=float, default=30.0, help="per phase")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="uvicorn workers (default: cores)")
    parser.add_argument("--baseline", metavar="REV", help="also measure this git revision (previous version)")
    parser.add_argument(
        "--baseline-uri",
        metavar="URI",
        default=os.environ.get("BASELINE_NEO4J_URI"),
        help="the baseline's database (default: BASELINE_NEO4J_URI, else its own throwaway Neo4j seeded from REV; "
        "with NEO4J_URI set and neither given, the same database)",
    )
    parser.add_argument("--scale", type=int, default=10, help="synthetic catalogue size for the RSS row (0: skip)")
    parser.add_argument("--serve", nargs=3, metavar=("URI", "PORT", "WORKERS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]), int(args.serve[2]))
        return

    with neo4j_uri() as uri:
        with (
            server(uri, args.workers) as (base, pid),
            GraphDatabase.driver(
                uri, auth=None, max_connection_pool_size=args.clients + 4, notifications_min_severity="OFF"
            ) as driver,
        ):
            txs = recorded_transactions(driver)
            statements = sum(len(t) for t in txs)
            print(
                f"{os.cpu_count()} cores, {args.workers} uvicorn worker(s), {args.clients} concurrent clients, "
                f"≤ {args.requests} requests or {args.seconds:g} s per row"
            )
            rows = {
                "{__typename} (the stack's limit)": http_caller(base, TRIVIAL),
                "linkOptions QM9700 → CX7, 30 m": http_caller(base),
                "linkOptions SFP+ 10G, 300 m": http_caller(base, SFP_QUERY),
                "checkLink NS400 in a QM9700": http_caller(base, CHECK_QUERY),
            }

            def bare_call() -> None:
                with driver.session(database="neo4j") as session:
                    for tx_statements in txs:
                        session.execute_read(lambda tx, st=tx_statements: [list(tx.run(q, p)) for q, p in st])

            for warm in [*rows.values(), bare_call]:  # connections, query plans, JIT, snapshot caches
                hammer(warm, args.clients, args.clients * 4, 30)
            trivial_rps = None
            results = {}
            for name, call in rows.items():
                results[name] = report(name, *hammer(call, args.clients, args.requests, args.seconds), trivial_rps)
                trivial_rps = trivial_rps or results[name][0]
            bare = report(
                f"bare driver: the {statements} Cypher statements",
                *hammer(bare_call, args.clients, args.requests, args.seconds),
                trivial_rps,
            )
            print("goal: linkOptions and checkLink ≥ 40 % of the trivial query's throughput (was 4.5 %)")
            link_p50 = results["linkOptions QM9700 → CX7, 30 m"][1]
            print(f"p50 ratio linkOptions / bare driver (the Cypher one request used to run): {link_p50 / bare[1]:.2f}")
            print("single client, p50 (goal ≤ 5 ms for the questions):")
            for name in rows:
                print(f"  {name:<36} {single_p50(rows[name]) * 1000:>7.2f} ms")
            batch = batch_row(base)
            rss = worker_rss_mb(pid)
            print(f"RSS per worker, today's catalogue: {', '.join(f'{r:.0f} MB' for r in rss)}")
        in_process_rows(uri)
        if args.baseline:
            baseline_rows(args, trivial_rps, link_p50, batch)
        if args.scale > 1:
            scaled_rss(uri, args.scale)


if __name__ == "__main__":
    main()
