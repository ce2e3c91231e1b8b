"""The local Neo4j's state file (pid, Bolt port, home, owner): every command reads the port from it,
a stale one (crash, zombie, reused pid) is ignored and removed so a restart works at once, a port
that answers without a valid state file is never used, and port checks use SO_REUSEADDR.

A stand-in process whose command line carries ``--home-dir=HOME`` plays the JVM: no Neo4j starts.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from service.cli import _database, _port_free, app
from service.config import Settings
from service.errors import LocalServerError
from service.persistence.local_server import STATE_FILE_NAME, LocalNeo4j, _pid_alive, free_port

LIB = Path("/nonexistent-lib")


def stand_in(home: Path) -> subprocess.Popen[bytes]:
    """A process that looks like the JVM of ``home`` (its command line has --home-dir=HOME)."""
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)", f"--home-dir={home.resolve()}"])


@pytest.fixture
def running(tmp_path: Path) -> Iterator[tuple[Path, subprocess.Popen[bytes]]]:
    home = tmp_path / "home"
    (home / "run").mkdir(parents=True)
    proc = stand_in(home)
    LocalNeo4j(home, LIB, bolt_port=7788)._write_state(proc.pid)
    try:
        yield home, proc
    finally:
        proc.kill()
        proc.wait()


def test_the_state_file_holds_pid_port_home_and_owner(running: tuple[Path, subprocess.Popen[bytes]]) -> None:
    home, proc = running
    state = json.loads((home / "run" / STATE_FILE_NAME).read_text())
    assert (state["pid"], state["bolt_port"], state["home"]) == (proc.pid, 7788, str(home.resolve()))
    assert f"pid {os.getpid()}" in state["owner"]


def test_a_command_without_the_port_setting_reads_the_servers_port(
    running: tuple[Path, subprocess.Popen[bytes]],
) -> None:
    """The trial: serve on 7788, then `db status` in a shell without the setting reported 7687."""
    home, proc = running
    st = LocalNeo4j(home, LIB, bolt_port=7687).status()
    assert (st.running, st.pid, st.uri) == (True, proc.pid, "bolt://127.0.0.1:7788")
    result = CliRunner().invoke(app, ["db", "status"], env={"FABRICGRAPH_LOCAL_NEO4J_HOME": str(home)})
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"running: pid {proc.pid}, bolt://127.0.0.1:7788, home {home.resolve()}")


def test_after_a_crash_the_state_is_stale_and_removed(running: tuple[Path, subprocess.Popen[bytes]]) -> None:
    home, proc = running
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    server = LocalNeo4j(home, LIB, bolt_port=7687)
    assert server.status().running is False
    assert not (home / "run" / STATE_FILE_NAME).exists()
    assert server.uri == "bolt://127.0.0.1:7687"  # a new start uses the configured port


def test_a_reused_pid_running_something_else_is_not_our_server(tmp_path: Path) -> None:
    home, other = tmp_path / "home", tmp_path / "other-clone-home"
    (home / "run").mkdir(parents=True)
    proc = stand_in(other)  # alive, but the JVM of another home
    try:
        LocalNeo4j(home, LIB, bolt_port=7788)._write_state(proc.pid)
        assert LocalNeo4j(home, LIB).status().running is False
        assert not (home / "run" / STATE_FILE_NAME).exists()
    finally:
        proc.kill()
        proc.wait()


def test_a_zombie_is_not_alive() -> None:
    """A crashed JVM that its parent has not reaped yet still answers kill(pid, 0)."""
    parent = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import os, sys, time\npid = os.fork()\nif pid == 0: os._exit(0)\nprint(pid, flush=True)\ntime.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert parent.stdout is not None
        zombie = int(parent.stdout.readline())
        time.sleep(0.3)  # let the child exit
        os.kill(zombie, 0)  # still there, as a zombie
        assert _pid_alive(zombie) is False
    finally:
        parent.kill()
        parent.wait()
        if parent.stdout is not None:
            parent.stdout.close()


def test_a_port_that_answers_without_our_state_is_never_used(tmp_path: Path) -> None:
    with socket.socket() as other_neo4j:
        other_neo4j.bind(("127.0.0.1", 0))
        other_neo4j.listen()
        port = other_neo4j.getsockname()[1]
        server = LocalNeo4j(tmp_path / "home", LIB, bolt_port=port, java="/bin/false")
        with pytest.raises(LocalServerError) as raised:
            server.start(timeout_s=5)
    assert f"port {port} on 127.0.0.1 is taken by a process this project did not start" in raised.value.message


def test_the_serve_port_check_accepts_a_port_in_time_wait() -> None:
    """After a stop, the server side of a closed connection lingers in TIME_WAIT for about 60 s;
    uvicorn binds with SO_REUSEADDR, so the check must too."""
    port = free_port()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen()
    client = socket.create_connection(("127.0.0.1", port))
    conn, _ = listener.accept()
    conn.close()  # the server closes first: its end goes to TIME_WAIT
    time.sleep(0.1)
    client.close()
    listener.close()
    with socket.socket() as plain, pytest.raises(OSError):
        plain.bind(("127.0.0.1", port))  # what the old check did: "already in use"
    assert _port_free("127.0.0.1", port) is True


def test_stop_names_the_port_from_the_state_file(running: tuple[Path, subprocess.Popen[bytes]]) -> None:
    home, proc = running
    lines: list[str] = []
    assert LocalNeo4j(home, LIB, bolt_port=7687).stop(timeout_s=5, progress=lines.append) is True
    assert lines[0] == (
        f"stopping the local Neo4j (pid {proc.pid}, bolt://127.0.0.1:7788); a clean shutdown takes 5-15 s …"
    )
    assert lines[-1].startswith("stopped the local Neo4j in ")
    assert not (home / "run" / STATE_FILE_NAME).exists()


# --- who stops a reused server: serve after a crash adopts the orphan; a kept one stays ------------


def _settings(home: Path) -> Settings:
    return Settings(_env_file=None, neo4j_uri=None, local_neo4j_home=home)  # type: ignore[call-arg]


def _dead_pid() -> int:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    return gone.pid


def _set_owner(home: Path, owner_pid: int, kept: bool) -> None:
    path = home / "run" / STATE_FILE_NAME
    state = json.loads(path.read_text())
    path.write_text(json.dumps({**state, "owner_pid": owner_pid, "kept": kept, "owner": f"me, pid {owner_pid}"}))


@pytest.fixture
def no_bolt(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stand-in has no Bolt port: readiness of a running server is taken as given."""
    monkeypatch.setattr(LocalNeo4j, "_wait_ready", lambda self, timeout_s, pid: None)


def test_an_orphan_left_by_a_killed_serve_is_adopted_and_stopped_on_exit(
    running: tuple[Path, subprocess.Popen[bytes]], no_bolt: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """The trial: `serve` killed with SIGKILL left its Neo4j running; the next `serve` reused it and
    left it running on exit. Now it says it adopts it, and stops it when it ends."""
    home, proc = running
    _set_owner(home, _dead_pid(), kept=False)
    assert LocalNeo4j(home, LIB).status().orphaned is True
    with _database(_settings(home), keep=False) as uri:
        assert uri == "bolt://127.0.0.1:7788"
        state = json.loads((home / "run" / STATE_FILE_NAME).read_text())
        assert (state["owner_pid"], state["kept"]) == (os.getpid(), False)  # adopted: a third command leaves it
    proc.wait(timeout=10)
    assert not _pid_alive(proc.pid)
    assert not (home / "run" / STATE_FILE_NAME).exists()
    said = capsys.readouterr().err
    assert "which has exited, so this command adopts it and stops it when it ends" in said
    assert "stopped the local Neo4j in " in said


def test_a_server_kept_by_db_start_is_reused_and_left_running(
    running: tuple[Path, subprocess.Popen[bytes]], no_bolt: None, capsys: pytest.CaptureFixture[str]
) -> None:
    home, proc = running
    _set_owner(home, _dead_pid(), kept=True)  # `db start` has exited: that is what keeping means
    assert LocalNeo4j(home, LIB).status().orphaned is False
    with _database(_settings(home), keep=False):
        pass
    assert _pid_alive(proc.pid)
    assert "kept running by `fabricgraph db start` or `seed`); it stays running after this command" in (
        capsys.readouterr().err
    )


def test_a_server_another_running_command_owns_is_left_to_it(
    running: tuple[Path, subprocess.Popen[bytes]], no_bolt: None
) -> None:
    home, proc = running
    owner = stand_in(home / "elsewhere")  # a live `serve` in another shell
    try:
        _set_owner(home, owner.pid, kept=False)
        assert LocalNeo4j(home, LIB).status().orphaned is False
        with _database(_settings(home), keep=False):
            pass
        assert _pid_alive(proc.pid)
    finally:
        owner.kill()
        owner.wait()


def test_a_state_file_of_an_earlier_version_is_never_an_orphan(running: tuple[Path, subprocess.Popen[bytes]]) -> None:
    home, _ = running
    path = home / "run" / STATE_FILE_NAME
    state = json.loads(path.read_text())
    del state["owner_pid"], state["kept"]
    path.write_text(json.dumps(state))
    st = LocalNeo4j(home, LIB).status()
    assert (st.running, st.kept, st.owner_pid, st.orphaned) == (True, True, None, False)


def test_db_start_against_a_live_serve_keeps_the_server_past_serves_exit(
    running: tuple[Path, subprocess.Popen[bytes]], no_bolt: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """The trial: `serve` started the local Neo4j; `db start` in another shell reported it running but
    did not mark it kept, so stopping `serve` tore down the database `db start` had promised. Now
    `db start` marks it kept, and `serve` leaves it running when it ends."""
    home, proc = running
    _set_owner(home, _dead_pid(), kept=False)
    with _database(_settings(home), keep=False):  # `serve`: the server is its own (here: adopted)
        state = json.loads((home / "run" / STATE_FILE_NAME).read_text())
        assert state["kept"] is False
        result = CliRunner().invoke(app, ["db", "start"], env={"FABRICGRAPH_LOCAL_NEO4J_HOME": str(home)})
        assert result.exit_code == 0, result.output
        assert "it is now kept: it stays running when that command ends" in result.output
        assert json.loads((home / "run" / STATE_FILE_NAME).read_text())["kept"] is True
    assert _pid_alive(proc.pid)  # `serve` ended; the kept server runs on
    assert (home / "run" / STATE_FILE_NAME).exists()
    assert "leaving the local Neo4j running: `fabricgraph db start` keeps it" in capsys.readouterr().err
    assert LocalNeo4j(home, LIB).stop(timeout_s=5) is True  # `db stop` still stops it
    assert not _pid_alive(proc.pid)
