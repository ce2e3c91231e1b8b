"""Benchmark: N linkOptions questions one by one against the same N as one linkOptionsBatch.

The questions are the QM9700 ↔ ConnectX-7 (MCX75310AAS-NEAT) NDR 400 Gb/s link at distances 1 … 100 m
(N / 100 rounds), the shape of a planner placing links between the same kinds of end. One by one,
every question reads the catalogue again; the batch answers equal questions once and shares the
catalogue reads of questions that differ only in distance. Prints both wall times (median of
``--runs``) and the ratio one-by-one / batch. Against ``NEO4J_URI`` if set (seeded if empty), else a
throwaway local Neo4j on a free loopback port (not timed). Benchmarks print; they assert nothing.

Run: ``python bench/bench_link_batch.py [--questions 1000] [--runs 3]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _neo4j import neo4j_uri  # the same throwaway-server helper as the load benchmark
from neo4j import GraphDatabase

from service.link_batch import LinkQuestion, link_options_batch
from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=1000, help="questions per run (≤ 1,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per way (median printed)")
    args = parser.parse_args()
    questions = [
        LinkQuestion(
            end_a=EndRequest(device="QM9700"),
            end_b=EndRequest(device="MCX75310AAS-NEAT"),
            rate_gbps=400,
            distance_m=float(1 + i % 100),
        )
        for i in range(args.questions)
    ]
    distinct = list(dict.fromkeys(questions))
    with neo4j_uri() as uri, GraphDatabase.driver(uri, auth=None) as driver:
        service = CatalogueService(Neo4jRepository(driver, "neo4j"))
        service.link_options(end_a=questions[0].end_a, end_b=questions[0].end_b, rate_gbps=400, distance_m=1)  # warm

        def one_by_one() -> None:
            for q in distinct:  # even one by one, equal questions are asked once: the fair baseline
                service.link_options(end_a=q.end_a, end_b=q.end_b, rate_gbps=q.rate_gbps, distance_m=q.distance_m)

        timings: dict[str, list[float]] = {"one by one": [], "batch": []}
        for _ in range(args.runs):
            for name, run in (("one by one", one_by_one), ("batch", lambda: link_options_batch(service, questions))):
                start = time.perf_counter()
                run()
                timings[name].append(time.perf_counter() - start)
    single, batch = (statistics.median(timings[name]) for name in ("one by one", "batch"))
    print(f"{args.questions} questions ({len(distinct)} distinct), median of {args.runs} runs")
    print(f"one by one (distinct only): {single:8.3f} s")
    print(f"linkOptionsBatch          : {batch:8.3f} s")
    print(f"ratio one-by-one / batch  : {single / batch:8.2f}")


if __name__ == "__main__":
    main()
