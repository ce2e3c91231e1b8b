"""CLI messages: progress while the jars are fetched (a stand-in ``mvn`` on PATH), no hard wrapping
of long paths on stderr."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from service import cli
from service.persistence.local_server import ensure_jars

FAKE_MVN = """#!/bin/sh
for i in 1 2 3; do
  echo "[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/x/a$i.jar (40 MB at 20 MB/s)"
  sleep 1.1
done
mkdir -p lib && touch lib/neo4j-server-5.26.30.jar
"""


def test_fetching_the_jars_reports_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir, server_dir = tmp_path / "bin", tmp_path / "neo4j-server"
    bin_dir.mkdir()
    server_dir.mkdir()
    (bin_dir / "mvn").write_text(FAKE_MVN)
    (bin_dir / "mvn").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    lines: list[str] = []
    assert ensure_jars(server_dir, lines.append) == server_dir / "lib"
    assert lines[0] == (
        "fetching the Neo4j 5.26 server jars with Maven (its local cache, else Maven Central; about 128 MB, "
        "first use only) …"
    )
    assert "  2 files, 80 MB of about 128 MB …" in lines or "  3 files, 120 MB of about 128 MB …" in lines
    assert lines[-1] == f"1 jars (0 MB) in {server_dir / 'lib'}, downloaded 3 files (120 MB)"
    lines.clear()
    ensure_jars(server_dir, lines.append)  # already there: nothing to say
    assert lines == []


def test_jars_copied_from_the_local_maven_cache_are_not_reported_as_zero_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new-user trial read "fetched 0 files (0 MB)" as a failed download: Maven had copied every
    jar from ~/.m2 and downloaded nothing. The message now counts the jars in lib/ and says where
    they came from."""
    bin_dir, server_dir = tmp_path / "bin", tmp_path / "neo4j-server"
    bin_dir.mkdir()
    server_dir.mkdir()
    (bin_dir / "mvn").write_text("#!/bin/sh\nmkdir -p lib\ntouch lib/neo4j-server-5.26.30.jar lib/neo4j-5.26.30.jar\n")
    (bin_dir / "mvn").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    lines: list[str] = []
    ensure_jars(server_dir, lines.append)
    assert lines[-1] == f"2 jars (0 MB) in {server_dir / 'lib'}, from the local Maven cache"


def test_a_long_path_is_printed_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = "/work/" + "/".join(["a-rather-long-directory-name"] * 8) + "/neo4j-server/home"
    cli._say(f"starting the local Neo4j 5.26 server on bolt://127.0.0.1:7687, home {path} (30-90 s) …")
    assert capsys.readouterr().err == (
        f"starting the local Neo4j 5.26 server on bolt://127.0.0.1:7687, home {path} (30-90 s) …\n"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["plan", "--switch", "QM9700", "--endpoints", "64"],
        ["query", "QUERY_FILE"],
    ],
    ids=["plan", "query"],
)
def test_a_database_that_does_not_answer_is_one_line_without_driver_retry_logs(args: list[str], tmp_path: Path) -> None:
    """The trial: `plan` against a Neo4j that is down printed the driver's own "Transaction failed
    and will be retried in 1.08s (Couldn't connect …)" log lines before the one-line error. A real
    process (not CliRunner: pytest's log capture would hide the stray lines)."""
    import subprocess
    import sys

    from service.persistence.local_server import free_port

    doc = tmp_path / "q.graphql"
    doc.write_text("{ __typename }")
    closed = f"bolt://127.0.0.1:{free_port()}"
    argv = [str(doc) if a == "QUERY_FILE" else a for a in args]
    done = subprocess.run(
        [sys.executable, "-c", "from service.cli import app; app()", *argv],
        env={**os.environ, "NEO4J_URI": closed},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr == f"error: Neo4j at {closed} does not answer (ServiceUnavailable); is it running?\n"


@pytest.mark.parametrize(
    ("option", "value"),
    [("--endpoints", "-5"), ("--endpoints", "0"), ("--planes", "0"), ("--reserved-ports", "-1"), ("--nodes", "0")],
)
def test_plan_refuses_a_count_out_of_range_before_starting_any_database(option: str, value: str) -> None:
    """The trial: `plan --endpoints -5` started (or waited for) Neo4j before the planner said
    "endpoints must be ≥ 1". The option's range is checked first: exit 2, no database touched (the
    closed port would make it exit 1)."""
    from typer.testing import CliRunner

    from service.persistence.local_server import free_port

    result = CliRunner().invoke(
        cli.app,
        ["plan", "--switch", "QM9700", "--endpoints", "64", option, value],
        env={"NEO4J_URI": f"bolt://127.0.0.1:{free_port()}"},
    )
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.output
