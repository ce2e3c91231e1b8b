"""Benchmark: plan + BOM time from 1,000 to 65,536 endpoints on a QM9700-like 64-port NDR switch.

Prints the median wall time per plan (time.perf_counter over several runs) and the ratio to the
1,000-endpoint plan. Counts are closed-form, so the time should barely grow; the cabling list is
not enumerated. Asserts nothing about time: benchmarks print, tests assert.

Run: ``python bench/bench_planner.py [--runs N]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
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
SWITCH = SwitchSpec(
    model="QM9700-like 64-port NDR", radix=64, port_speed_gbps=400, cages=32, ports_per_cage=2
)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs per size (median reported)")
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


if __name__ == "__main__":
    main()
