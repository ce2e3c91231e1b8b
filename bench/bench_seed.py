"""Benchmark: how long the seed takes as the catalogue grows (issue 11 goal: full seed ≤ 10 s and no-op
re-seed ≤ 3 s).

Prints the catalogue size (parts, devices, PMDs, sources), then the median wall time
(time.perf_counter) of: validating the seed files (no database), a full seed into an empty database
(schema + every MERGE in one transaction), and a no-op re-seed (same rows again), each with its ratio
to the goal. Asserts nothing: benchmarks print, tests assert.

Run: ``python bench/bench_seed.py [--runs N] [--scale K]`` (``--scale 6`` times a catalogue of about
1,000 part numbers: the shipped parts and five renamed copies of each, in memory only). The
database is WIPED between runs, so it never uses
``NEO4J_URI``: it starts a throwaway local Neo4j 5.26 on a free loopback port (~10 s).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seed.catalogue import load_catalogue
from seed.loader import seed_database

GOAL_FULL_S = 10.0
GOAL_NOOP_S = 3.0


def _median(fn: Callable[[], object], runs: int, before: Callable[[], object] | None = None) -> float:
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--scale",
        type=int,
        default=1,
        help="load K copies of every part (renamed -B1…) to time a catalogue K times the size (in memory only)",
    )
    args = parser.parse_args()

    from neo4j import GraphDatabase

    from service.persistence import cypher
    from service.persistence.local_server import LocalNeo4j, ensure_jars, free_port

    cat = load_catalogue()
    validate_s = _median(load_catalogue, args.runs)
    shipped = list(cat.parts)
    for k in range(1, args.scale):
        cat.parts += [
            p.model_copy(update={"part_number": f"{p.part_number}-B{k}", "aliases": [f"{a}-B{k}" for a in p.aliases]})
            for p in shipped
        ]
    print(
        f"catalogue: {len(cat.parts)} parts, {len(cat.devices)} devices, {len(cat.pmds)} PMDs, "
        f"{len(cat.sources)} sources"
    )
    print(f"validate seed files (no database): {validate_s:6.2f} s")

    root = Path(__file__).resolve().parent.parent
    home = Path(tempfile.mkdtemp(prefix="fabricgraph-bench-seed-"))
    server = LocalNeo4j(home=home, lib=ensure_jars(root / "neo4j-server"), bolt_port=free_port(), heap="512m")
    uri = server.start(timeout_s=180)
    try:
        with GraphDatabase.driver(uri, auth=None, notifications_min_severity="OFF") as driver:

            def wipe() -> None:
                with driver.session(database="neo4j") as session:
                    session.run(cypher.WIPE_QUERY).consume()

            full_s = _median(lambda: seed_database(driver, "neo4j", catalogue=cat), args.runs, before=wipe)
            noop_s = _median(lambda: seed_database(driver, "neo4j", catalogue=cat), args.runs)
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)
    for label, took, goal in (
        ("full seed (empty database):", full_s, GOAL_FULL_S),
        ("no-op re-seed (same rows):", noop_s, GOAL_NOOP_S),
    ):
        print(f"{label:34} {took:6.2f} s   ratio to the {goal:.0f} s goal {took / goal:.2f}")


if __name__ == "__main__":
    main()
