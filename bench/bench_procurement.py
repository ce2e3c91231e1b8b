"""Benchmark: validate a generated 10,000-line part list with 100 link intents.

The list is what a large NDR/HDR/Ethernet build orders: 100 intents drawn from eight kinds of link
(QM9700 → ConnectX-7 OSFP over MMA4Z00-NS + MFP7E10 + MMA4Z00-NS400 at 3–50 m or an MCP7Y00 splitter DAC,
QM9700 ↔ QM9700 over MCP4Y10 or DR4 optics, QM8700 → ConnectX-6 over HDR DAC/AOC, 10G/25G SR optics over
structured cabling, QM9700 → ConnectX-7 QSFP112 over an MCP7Y40 1:4 splitter), with exactly the pieces
they need spread over 10,000 lines, plus three faults (an unknown part number, a surplus, a shortfall).

Prints the median wall time (time.perf_counter) of: reading the CSV, reading the XLSX, validating
(catalogue reads + reconciliation), and the whole CSV path, as ms per 1,000 lines and the ratio of the
whole to the 1 s budget; plus the catalogue round trips per validation. Asserts nothing: benchmarks
print, tests assert.

Run: ``python bench/bench_procurement.py [--lines N] [--intents N] [--runs N]``. Uses ``NEO4J_URI`` when
set (seeded only if empty, never wiped); otherwise starts a throwaway local Neo4j 5.26 (~10 s).
"""

from __future__ import annotations

import argparse
import io
import math
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import openpyxl

from service.procurement import ProcurementSettings, read_part_list

# (from, to, rate Gb/s, distance m, {part: links served per piece}) per kind of link.
_NS, _NS400 = "MMA4Z00-NS", "MMA4Z00-NS400"
TEMPLATES: list[tuple[str, str, float, list[tuple[float, dict[str, float]]]]] = [
    (
        "QM9700",
        "MCX75310AAS-NEAT",
        400,
        [(d, {_NS: 2, f"MFP7E10-N{int(d):03d}": 1, _NS400: 1}) for d in (3, 5, 7, 10, 15, 20, 30, 50)],
    ),
    (
        "QM9700",
        "MCX75310AAS-NEAT",
        400,
        [
            (1, {"MCP7Y00-N001": 2}),
            (1.5, {"MCP7Y00-N01A": 2}),
            (2, {"MCP7Y00-N002": 2}),
            (3, {"MCP7Y00-N003": 2}),
        ],
    ),
    (
        "QM9700",
        "QM9700",
        400,
        [(0.5, {"MCP4Y10-N00A": 2}), (1, {"MCP4Y10-N001": 2}), (2, {"MCP4Y10-N002": 2})],
    ),
    (
        "QM9700",
        "QM9700",
        400,
        [(30, {"MMS4X00-NS": 1, "MFP7E30-N030": 1})],
    ),
    (
        "QM8700",
        "MCX653105A-HDAT",
        200,
        [
            (1, {"MCP1650-H001E30": 1}),
            (2, {"MCP1650-H002E26": 1}),
            (5, {"MFS1S00-H005V": 1}),
            (30, {"MFS1S00-H030V": 1}),
        ],
    ),
    ("SFP+", "SFP+", 10, [(100, {"SFP-10G-SR": 0.5}), (300, {"SFP-10G-SR": 0.5})]),
    ("SFP28", "SFP28", 25, [(70, {"SFP-25G-SR-S": 0.5})]),
    ("QM9700", "MCX755106AS-HEAT", 200, [(3, {"MCP7Y40-N003": 4})]),
]


def generate(
    lines: int = 10_000, intents: int = 100, seed: int = 7
) -> tuple[list[tuple[str, int]], list[list[object]]]:
    """(part lines, intent rows): the pieces the intents need, spread over ``lines`` lines, plus faults."""
    rng = random.Random(seed)
    need: dict[str, int] = defaultdict(int)
    rows: list[list[object]] = []
    for i in range(intents):
        a, b, rate, choices = TEMPLATES[i % len(TEMPLATES)]
        distance, served = rng.choice(choices)
        links = rng.choice((32, 64, 128, 256))
        rows.append([a, b, links, rate, distance])
        for pn, per in served.items():
            if per < 1:  # the same module at both ends: 1 / per pieces per link
                need[pn] += links * round(1 / per)
            else:
                need[pn] += math.ceil(links / per)
    need["MFP7E10-N030"] -= 5  # fault: a shortfall of 5
    need["MMA4Z00-NS400"] += 10  # fault: 10 surplus
    faults = [("MMA4Z00-N5", 4)]  # fault: an unknown part number
    budget = lines - len(faults)
    total = sum(need.values())
    share = {pn: max(1, min(q, round(budget * q / total))) for pn, q in need.items()}
    while sum(share.values()) > budget:
        big = max(share, key=lambda k: share[k])
        share[big] -= 1
    while sum(share.values()) < budget:
        room = [k for k in share if share[k] < need[k]]
        share[max(room, key=lambda k: need[k] - share[k])] += 1
    out: list[tuple[str, int]] = []
    for pn, n in share.items():
        base, extra = divmod(need[pn], n)
        out += [(pn, base + (1 if j < extra else 0)) for j in range(n)]
    rng.shuffle(out)
    out[len(out) // 2 : len(out) // 2] = faults
    return out, rows


def to_csv(part_lines: list[tuple[str, int]], intent_rows: list[list[object]]) -> tuple[bytes, bytes]:
    parts = "part_number,quantity\n" + "".join(f"{pn},{q}\n" for pn, q in part_lines)
    intents = "from,to,links,rate_gbps,distance_m\n" + "".join(",".join(map(str, r)) + "\n" for r in intent_rows)
    return parts.encode(), intents.encode()


def to_xlsx(part_lines: list[tuple[str, int]], intent_rows: list[list[object]]) -> bytes:
    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("parts")
    ws.append(["part_number", "quantity"])
    for pn, q in part_lines:
        ws.append([pn, q])
    wi = wb.create_sheet("intents")
    wi.append(["from", "to", "links", "rate_gbps", "distance_m"])
    for r in intent_rows:
        wi.append(r)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


@contextmanager
def catalogue() -> Iterator[object]:
    """A ProcurementService on NEO4J_URI (seeded if empty) or on a throwaway local server."""
    import os

    from seed.loader import seed_database
    from service.config import Environment, get_settings
    from service.persistence.driver import open_driver
    from service.persistence.repository import Neo4jRepository
    from service.procurement.use_case import ProcurementService
    from service.use_cases import CatalogueService

    server = home = None
    uri = os.environ.get("NEO4J_URI")
    if not uri:
        from service.persistence.local_server import LocalNeo4j, ensure_jars, free_port

        root = Path(__file__).resolve().parent.parent
        home = Path(tempfile.mkdtemp(prefix="fabricgraph-bench-neo4j-"))
        server = LocalNeo4j(
            home=home,
            lib=ensure_jars(root / "neo4j-server"),
            bolt_port=free_port(),
            heap="512m",
            pagecache="64m",
        )
        print("starting a throwaway local Neo4j 5.26 …", file=sys.stderr)
        uri = server.start(timeout_s=180)
    settings = get_settings(neo4j_uri=uri, environment=Environment.TEST)
    try:
        with open_driver(settings) as driver:
            records, _, _ = driver.execute_query(
                "MATCH (p:Part) RETURN count(p) AS n", database_=settings.neo4j_database
            )
            if records[0]["n"] == 0:
                seed_database(driver, settings.neo4j_database)
            repo = Neo4jRepository(driver, settings.neo4j_database)
            yield ProcurementService(CatalogueService(repo), ProcurementSettings())
    finally:
        if server is not None:
            server.stop()
            shutil.rmtree(home or "", ignore_errors=True)


def _median(fn, runs: int) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--intents", type=int, default=100)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    part_lines, intent_rows = generate(args.lines, args.intents)
    csv_parts, csv_intents = to_csv(part_lines, intent_rows)
    xlsx = to_xlsx(part_lines, intent_rows)
    limits = ProcurementSettings()
    n = len(part_lines)

    def read_csv():  # type: ignore[no-untyped-def]
        return read_part_list(csv_parts, "parts.csv", intents=(csv_intents, "intents.csv"), settings=limits)

    def read_xlsx():  # type: ignore[no-untyped-def]
        return read_part_list(xlsx, "parts.xlsx", settings=limits)

    t_csv, part_list = _median(read_csv, args.runs)
    t_xlsx, from_xlsx = _median(read_xlsx, args.runs)
    with catalogue() as service:
        service.validate(part_list)  # warm-up: driver connections, Neo4j query plans
        repo = service.catalogue.repo
        before = repo.round_trips
        service.validate(part_list)
        trips = repo.round_trips - before
        t_val, report = _median(lambda: service.validate(part_list), args.runs)
        t_whole, _ = _median(lambda: service.validate(read_csv()), args.runs)
        same = service.validate(from_xlsx).findings == report.findings
    s = report.summary
    per_k = 1000 / n
    print(f"list: {n:,} lines, {s.parts} part numbers, {s.pieces:,} pieces, {s.intents} intents, {s.links:,} links")
    print(
        f"report: buildable={s.buildable}, {s.errors} errors, {s.warnings} warnings, {s.infos} notes; "
        f"codes {sorted({f.code for f in report.findings})}; XLSX findings identical: {same}"
    )
    print(f"catalogue round trips per validation: {trips}")
    print(f"{'step':<28}{'total ms':>10}{'ms / 1,000 lines':>20}")
    for name, t in (
        ("read CSV", t_csv),
        ("read XLSX", t_xlsx),
        ("validate (DB + reconcile)", t_val),
        ("whole (read CSV + validate)", t_whole),
    ):
        print(f"{name:<28}{t * 1000:>10.1f}{t * 1000 * per_k:>20.2f}")
    print(f"whole / 1 s budget: {t_whole:.2f}   (XLSX path: {(t_xlsx + t_val):.2f})")


if __name__ == "__main__":
    main()
