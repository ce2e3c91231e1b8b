"""Benchmark: plan + BOM time from 1,000 to 65,536 endpoints on a QM9700-like 64-port NDR switch.

Prints the median wall time per plan (time.perf_counter over several runs) and the ratio to the
1,000-endpoint plan. Counts are closed-form, so the time should barely grow; the cabling list is
not enumerated. Asserts nothing about time: benchmarks print, tests assert.

With ``--catalogue`` it also times the catalogue-backed path that ``planFatTree`` runs (switch read
from Neo4j, one ``linkOptions`` question per tier, BOM): against ``NEO4J_URI`` if set (seeded if
empty), else a throwaway local Neo4j started for the run (~10-20 s to start, not timed).

Run: ``python bench/bench_planner.py [--runs N] [--catalogue]``
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.planner import (
    CableChoice,
    LinkTier,
    ModuleChoice,
    Plan,
    PlanSpec,
    SwitchSpec,
    TierMedium,
    build_bom,
    plan_fat_tree,
)

SIZES = (1_000, 2_048, 4_096, 16_384, 65_536)
SWITCH = SwitchSpec(model="QM9700-like 64-port NDR", radix=64, port_speed_gbps=400, cages=32, ports_per_cage=2)
TWIN = ModuleChoice(part_number="TWIN-2x400G", ports_per_module=2)
MEDIA = {
    LinkTier.NODE_LEAF: TierMedium(
        tier=LinkTier.NODE_LEAF,
        a_module=ModuleChoice(part_number="HCA-400G", ports_per_module=1),
        b_module=TWIN,
        cable=CableChoice(part_number="MMF-3M", length_m=3),
    ),
    LinkTier.LEAF_SPINE: TierMedium(
        tier=LinkTier.LEAF_SPINE,
        a_module=TWIN,
        b_module=TWIN,
        cable=CableChoice(part_number="MMF-30M", length_m=30),
    ),
    LinkTier.SPINE_CORE: TierMedium(
        tier=LinkTier.SPINE_CORE,
        a_module=TWIN,
        b_module=TWIN,
        cable=CableChoice(part_number="SMF-100M", length_m=100),
    ),
}


def plan_with_bom(endpoints: int) -> Plan:
    """Plan one fabric (auto tiers) and roll up its BOM; returns the plan."""
    plan = plan_fat_tree(PlanSpec(endpoints=endpoints, switch=SWITCH))
    build_bom(plan, [MEDIA[requirement.tier] for requirement in plan.link_requirements])
    return plan


def median_seconds(endpoints: int, runs: int) -> float:
    """Median wall time of ``runs`` plan+BOM calls, in seconds, after one warm-up call."""
    plan_with_bom(endpoints)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        plan_with_bom(endpoints)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def median_of(call: Callable[[], object], runs: int) -> float:
    """Median wall time of ``runs`` calls in seconds, after one warm-up call."""
    call()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


@contextmanager
def catalogue_uri() -> Iterator[str]:
    """NEO4J_URI, or a throwaway local Neo4j (stopped and removed afterwards)."""
    if os.environ.get("NEO4J_URI"):
        yield os.environ["NEO4J_URI"]
        return
    from service.persistence.local_server import LocalNeo4j, ensure_jars, free_port

    root = Path(__file__).resolve().parent.parent
    home = Path(tempfile.mkdtemp(prefix="fabricgraph-bench-neo4j-"))
    server = LocalNeo4j(
        home=home, lib=ensure_jars(root / "neo4j-server"), bolt_port=free_port(), heap="512m", pagecache="64m"
    )
    try:
        yield server.start(timeout_s=180)
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


def bench_catalogue(runs: int, pure_65536: float) -> None:
    """Time PlanningService.plan_fat_tree (the planFatTree use case) on the seeded catalogue."""
    from seed.loader import seed_database
    from service.config import Environment, get_settings
    from service.persistence.driver import open_driver
    from service.persistence.repository import Neo4jRepository
    from service.planning import PlanningService, PlanRequest
    from service.use_cases import CatalogueService

    with catalogue_uri() as uri:
        settings = get_settings(neo4j_uri=uri, environment=Environment.TEST)
        with open_driver(settings, uri) as driver:
            records, _, _ = driver.execute_query(
                "MATCH (p:Part) RETURN count(p) AS n", database_=settings.neo4j_database
            )
            if records[0]["n"] == 0:
                seed_database(driver, settings.neo4j_database)
            planning = PlanningService(CatalogueService(Neo4jRepository(driver, settings.neo4j_database)))
            print(
                f"\ncatalogue-backed planFatTree use case (QM9700 from Neo4j, media from linkOptions), "
                f"median of {runs} runs"
            )
            print(f"{'endpoints':>10} {'tiers':>5} {'ms/plan':>9} {'x pure':>8}")
            for endpoints in (1_000, 65_536):
                request = PlanRequest(switch="QM9700", endpoints=endpoints)
                tiers = planning.plan_fat_tree(request).plan.tiers
                seconds = median_of(lambda request=request: planning.plan_fat_tree(request), runs)
                print(f"{endpoints:>10,} {tiers:>5} {seconds * 1000:>9.1f} {seconds / pure_65536:>8.0f}")
            print("(the time is the linkOptions questions in Neo4j, one per tier; sizing stays closed-form)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs per size (median reported)")
    parser.add_argument(
        "--catalogue",
        action="store_true",
        help="also time the catalogue-backed path (needs a Neo4j; see the module docstring)",
    )
    args = parser.parse_args()
    print(f"plan + BOM, {SWITCH.model}, median of {args.runs} runs")
    print(f"{'endpoints':>10} {'tiers':>5} {'switches':>8} {'links':>8} {'ms/plan':>9} {'x 1,000':>8}")
    baseline = None
    for endpoints in SIZES:
        plan = plan_with_bom(endpoints)
        seconds = median_seconds(endpoints, args.runs)
        baseline = baseline or seconds
        print(
            f"{endpoints:>10,} {plan.tiers:>5} {plan.switches.total:>8,} {plan.links.total:>8,} "
            f"{seconds * 1000:>9.3f} {seconds / baseline:>8.2f}"
        )
    budget = 0.100
    print(
        f"65,536 endpoints, three tiers, plan + BOM: {seconds * 1000:.3f} ms "
        f"({'within' if seconds <= budget else 'OVER'} the {budget * 1000:.0f} ms budget)"
    )
    if args.catalogue:
        bench_catalogue(max(3, args.runs // 4), seconds)


if __name__ == "__main__":
    main()
