"""Benchmark: the cold path in process, this tree against a previous revision, side by side.

Rows (each on the same database, in a child process per tree and round, alternating the trees so a
busy machine skews both alike): 1,000 ``linkOptions`` specs on a NEW snapshot (nothing memoised:
every answer computed; the specs of ``bench_load.py``'s batch rows, QM9700 → ConnectX-7 at
400 Gb/s over 1–100 m and SFP+ → SFP+ at 10 Gb/s over 1–500 m, alternating), and a 10,000-line part
list with 100 intents (read the CSV and validate, on a warm snapshot; ``bench_procurement.py``'s
generator). Prints the median wall and process-CPU time of ``--runs`` rounds per tree and the ratio
before / after; process CPU is less moved by other load than wall time. This tree reads
``NEO4J_URI`` if set, else a throwaway local Neo4j on a free loopback port seeded from this tree;
the baseline reads its own throwaway Neo4j seeded by REV's own loader and seed data (an older
revision's models may reject rows the current seed has gained), or ``--baseline-uri`` /
``BASELINE_NEO4J_URI``, or, with ``NEO4J_URI`` set and neither given, the same database (a warning
says so); see bench/_neo4j.py. Specs a tree fails are counted and named in one line (its cold row
then answers fewer questions and gets no ratio). Benchmarks print; they assert nothing.

Run: ``python bench/bench_cold.py [--baseline REV] [--baseline-uri URI] [--runs 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _neo4j import baseline_neo4j_uri, neo4j_uri  # the same throwaway servers as the load benchmark

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
tree, uri = sys.argv[1], sys.argv[2]
sys.path[:0] = [tree, tree + "/bench"]
from bench_procurement import generate, to_csv
from service.config import Environment, get_settings
from service.persistence.driver import open_driver
from service.persistence.snapshot import SnapshotRepository
from service.procurement import ProcurementSettings, read_part_list
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService, EndRequest

try:  # what a serving process sets (service.runtime; a tree before it has none: the defaults)
    from service.runtime import tune_gc
    tune_gc()
except ImportError:
    pass
settings = get_settings(neo4j_uri=uri, environment=Environment.TEST)
out = {}
with open_driver(settings, uri) as driver:
    repo = SnapshotRepository(driver, settings.neo4j_database)
    repo.snapshot()
    service = CatalogueService(repo)
    qm, cx7, sfp = EndRequest(device="QM9700"), EndRequest(device="MCX75310AAS-NEAT"), EndRequest(form_factor="SFP+")
    specs = [
        (qm, cx7, 400.0, float(1 + i % 100)) if i % 2 else (sfp, sfp, 10.0, float(1 + i % 500)) for i in range(1000)
    ]
    repo.refresh()  # a new snapshot: nothing memoised
    failed, first = 0, None
    wall, cpu = time.perf_counter(), time.process_time()
    for i, (a, b, rate, distance) in enumerate(specs):
        try:
            service.link_options(end_a=a, end_b=b, rate_gbps=rate, distance_m=distance)
        except Exception as e:  # e.g. NotFoundError: this tree's snapshot lacks a device
            failed, first = failed + 1, first or f"spec {i}: {type(e).__name__}: {e}"
    out["cold"] = (time.perf_counter() - wall, time.process_time() - cpu)
    out["failed"] = (failed, first)
    parts, intents = generate(10_000, 100)
    csv_parts, csv_intents = to_csv(parts, intents)
    limits = ProcurementSettings()
    procurement = ProcurementService(service, limits)

    def whole():
        part_list = read_part_list(csv_parts, "parts.csv", intents=(csv_intents, "intents.csv"), settings=limits)
        procurement.validate(part_list)

    try:
        whole()  # warm: the snapshot's names and parts
        wall, cpu = time.perf_counter(), time.process_time()
        whole()
        out["list"] = (time.perf_counter() - wall, time.process_time() - cpu)
    except Exception as e:  # e.g. UnknownDeviceError: an intent names a device this tree's snapshot lacks
        out["list_error"] = (f"{type(e).__name__}: {e}", None)
print(json.dumps(out))
"""


def measure(tree: Path, uri: str) -> dict[str, tuple[Any, Any]]:
    """One round in a fresh child process for ``tree``: {row: (wall s, CPU s)}, ``failed``: (specs
    that failed, the first error), and ``list_error``: (the error, None) when the part list failed."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tree), uri], check=True, capture_output=True, text=True, cwd=tree
    )
    return {k: (v[0], v[1]) for k, v in json.loads(done.stdout.strip().splitlines()[-1]).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="REV", help="the previous revision to measure beside this tree")
    parser.add_argument(
        "--baseline-uri",
        metavar="URI",
        default=os.environ.get("BASELINE_NEO4J_URI"),
        help="the baseline's database (default: BASELINE_NEO4J_URI, else its own throwaway Neo4j seeded from REV; "
        "with NEO4J_URI set and neither given, the same database)",
    )
    parser.add_argument("--runs", type=int, default=3, help="rounds per tree (median printed)")
    args = parser.parse_args()
    trees: dict[str, Path] = {"this tree": ROOT}
    tmp = Path(tempfile.mkdtemp(prefix="fabricgraph-bench-cold-"))
    try:
        if args.baseline:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.baseline], check=True, capture_output=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
            trees[args.baseline] = tmp
        rounds: dict[str, list[dict[str, tuple[Any, Any]]]] = {name: [] for name in trees}
        broken: dict[str, str] = {}  # a tree whose child exited with an error: its last line
        with ExitStack() as stack:
            uris = {"this tree": stack.enter_context(neo4j_uri())}
            if args.baseline:
                uris[args.baseline] = stack.enter_context(baseline_neo4j_uri(args.baseline, tmp, args.baseline_uri))
            for _ in range(args.runs):
                for name, tree in trees.items():
                    if name in broken:
                        continue
                    try:
                        rounds[name].append(measure(tree, uris[name]))
                    except subprocess.CalledProcessError as e:
                        lines = (e.stderr or "").strip().splitlines()
                        broken[name] = lines[-1] if lines else f"exit status {e.returncode}"
                        print(f"{name}: its child process failed, not measured: {broken[name]}")
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"{os.cpu_count()} cores, load average {load} (1, 5, 15 min) at the end, {args.runs} rounds per tree")
        measured = [name for name in trees if rounds[name]]
        for name in measured:
            failed, first = rounds[name][0]["failed"]
            if failed:
                print(f"{name}: {failed} of 1,000 linkOptions specs failed (first: {first}); no ratio for its cold row")
        labels = {"cold": "1,000 linkOptions specs, cold", "list": "10,000-line part list (read + check)"}
        goals = {"cold": "goal ≤ 1,000 ms", "list": "goal ≤ 200 ms"}
        medians = {
            name: {
                row: tuple(statistics.median(r[row][i] for r in rounds[name]) for i in (0, 1))
                for row in labels
                if all(row in r for r in rounds[name])
            }
            for name in measured
        }
        for row, label in labels.items():
            for name in measured:
                if row not in medians[name]:
                    error = next((r[row + "_error"][0] for r in rounds[name] if row + "_error" in r), "?")
                    print(f"{label:<38} {name:<10} not measured: {error}")
                    continue
                wall, cpu = medians[name][row]
                print(f"{label:<38} {name:<10} wall {wall * 1000:>8.1f} ms   CPU {cpu * 1000:>8.1f} ms   {goals[row]}")
            failures = row == "cold" and any(rounds[name][0]["failed"][0] for name in measured)
            if args.baseline and all(row in medians.get(name, {}) for name in trees) and not failures:
                (old_wall, old_cpu), (new_wall, new_cpu) = medians[args.baseline][row], medians["this tree"][row]
                print(f"{'':<38} before / after: wall {old_wall / new_wall:.2f}, CPU {old_cpu / new_cpu:.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
