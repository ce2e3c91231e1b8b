"""The benchmarks' databases: a throwaway local Neo4j seeded by one source tree's own loader and data.

A version is measured on rows its own seed wrote: an older revision's models may reject rows the
current seed has since gained ("Extra inputs are not permitted"), skip those devices and answer
fewer questions. So with ``--baseline REV`` and no ``NEO4J_URI``, the baseline gets its own server
(another free loopback port), seeded by REV's ``seed.loader`` over REV's ``seed/data`` in a child
process (``PYTHONPATH`` and working directory: REV's tree). With ``NEO4J_URI`` set, the baseline
reads ``--baseline-uri`` / ``BASELINE_NEO4J_URI`` if given, else the same database (with a warning).

Each server lives in a temporary home, is stopped and its home removed when the ``with`` block
ends (also on an error or Ctrl-C), and prints which database each version reads.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in a child process with PYTHONPATH=<tree>, cwd=<tree>: that tree's loader and seed files.
# ``seed_database(driver, database)`` has been the signature since the first loader (277ca21); a
# later one keeps the database positional and adds keyword-only options, an older one without the
# database parameter gets the driver alone.
SEED_CHILD = r"""
import inspect, sys
from pathlib import Path
from neo4j import GraphDatabase
import seed.loader
from seed.loader import seed_database
tree, uri = Path(sys.argv[1]).resolve(), sys.argv[2]
loader = Path(seed.loader.__file__).resolve()
if tree not in loader.parents:
    sys.exit(f"imported {loader}, not the loader of {tree}")
with GraphDatabase.driver(uri, auth=None) as driver:
    if "database" in inspect.signature(seed_database).parameters:
        report = seed_database(driver, "neo4j")
    else:
        report = seed_database(driver)
print(getattr(report, "nodes", "?"))
"""


def seed_from(tree: Path, uri: str) -> str:
    """Seed the database at ``uri`` with ``tree``'s own loader and seed data (a child process).

    Returns:
        the number of nodes the loader reported.

    A load the server's transaction timeout ended is tried again (three attempts in all).

    Raises:
        SystemExit: the loader failed (its last lines of output are in the message).
    """
    env = {**os.environ, "PYTHONPATH": str(tree)}
    for attempt in range(3):
        done = subprocess.run(
            [sys.executable, "-c", SEED_CHILD, str(tree), uri], cwd=tree, env=env, capture_output=True, text=True
        )
        # the server's 60 s transaction timeout (local_server.py) can end the one write transaction on a
        # busy machine; it wrote nothing, so the next attempt starts clean
        if done.returncode == 0 or "TransactionTimedOut" not in done.stderr or attempt == 2:
            break
        print(f"  seeding from {tree} timed out (a busy machine); trying again", file=sys.stderr)
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-5:])
        raise SystemExit(f"seeding from {tree} failed:\n{tail}")
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "?"


@contextmanager
def seeded_neo4j(tree: Path, label: str) -> Iterator[str]:
    """A throwaway local Neo4j on a free loopback port, seeded from ``tree``; yields its Bolt URI.

    ``label`` names the version in progress messages. The server is stopped and its home removed
    when the block ends, however it ends.
    """
    from service.persistence.local_server import LocalNeo4j, ensure_jars, free_port

    home = Path(tempfile.mkdtemp(prefix="fabricgraph-bench-neo4j-"))
    try:
        server = LocalNeo4j(
            home=home, lib=ensure_jars(ROOT / "neo4j-server"), bolt_port=free_port(), heap="1g", pagecache="256m"
        )
        print(f"starting a throwaway local Neo4j for {label} …", file=sys.stderr)
        try:
            uri = server.start(timeout_s=180)
            nodes = seed_from(tree, uri)
            print(f"  {label}: {uri} seeded from {tree} ({nodes} nodes)", file=sys.stderr)
            yield uri
        finally:
            server.stop()
    finally:
        shutil.rmtree(home, ignore_errors=True)


@contextmanager
def neo4j_uri() -> Iterator[str]:
    """This tree's database: NEO4J_URI if set, else a throwaway local Neo4j seeded from this tree."""
    if os.environ.get("NEO4J_URI"):
        print(f"this tree: NEO4J_URI ({os.environ['NEO4J_URI']})")
        yield os.environ["NEO4J_URI"]
        return
    with seeded_neo4j(ROOT, "this tree") as uri:
        print("this tree: its own Neo4j seeded from this tree's seed")
        yield uri


@contextmanager
def baseline_neo4j_uri(rev: str, tree: Path, baseline_uri: str | None = None) -> Iterator[str]:
    """The database revision ``rev`` (checked out at ``tree``) is measured on; yields its Bolt URI.

    ``baseline_uri`` (``--baseline-uri``), else ``BASELINE_NEO4J_URI``, if given; else, with
    ``NEO4J_URI`` set, that same database (seeded by whatever seeded it: a warning on stderr); else
    a throwaway local Neo4j seeded by ``rev``'s own loader and seed data, started here and stopped
    when the block ends.
    """
    explicit = baseline_uri or os.environ.get("BASELINE_NEO4J_URI")
    if explicit:
        print(f"baseline {rev}: the Neo4j at {explicit} (--baseline-uri / BASELINE_NEO4J_URI)")
        yield explicit
        return
    shared = os.environ.get("NEO4J_URI")
    if shared:
        print(
            f"warning: baseline {rev} reads NEO4J_URI, seeded from this tree's seed: its models may reject "
            "rows the seed gained since and answer fewer questions; give it its own database with "
            "--baseline-uri URI (or BASELINE_NEO4J_URI), seeded from its own tree",
            file=sys.stderr,
        )
        print(f"baseline {rev}: NEO4J_URI ({shared}), shared with this tree")
        yield shared
        return
    with seeded_neo4j(tree, f"baseline {rev}") as uri:
        print(f"baseline {rev}: its own Neo4j seeded from {rev}'s seed")
        yield uri
