"""Run a real Neo4j 5.26 LTS Community server locally, without Docker.

The jars come from Maven Central through the resolver-only ``neo4j-server/pom.xml``; the server is
``org.neo4j.server.CommunityEntryPoint`` launched on the machine's Java 17, bound to 127.0.0.1
only, with authentication off (loopback only), a small page cache and usage reports off.

Life cycle::

    ensure_jars(dir)  ──►  LocalNeo4j(home, port).start()  ──►  bolt://127.0.0.1:PORT
                                 │  writes home/conf/neo4j.conf and the state file
                                 │  home/run/fabricgraph-neo4j.json {pid, bolt_port, home, owner,
                                 │  owner_pid, kept, started_at}
                                 │  ready = process alive + "Started." in the log + RETURN 1 over Bolt
                                 └─ stop(): SIGTERM, wait, then SIGKILL; the state file is removed

``serve`` keeps its home (and so its database) across restarts; tests use a throwaway home and one
server per test session. A server started by one process is found and stopped by another through
the state file (``fabricgraph db start|stop|status``, ``query``, ``seed``, ``validate``, ``plan``): every
command reads its Bolt port from there, so a port given to ``serve`` through
``FABRICGRAPH_LOCAL_NEO4J_BOLT_PORT`` is not lost in a shell without it. A state file counts only
while its pid is alive, not a zombie, and a JVM started with this ``--home-dir`` (the owner check):
after a crash or a reused pid it is stale, removed, and the next start works at once. A command never
talks to a server it did not start: a port that answers without a valid state file is refused
("taken by another process"); only ``NEO4J_URI`` points elsewhere.

Who stops a server: the state file names the process that started it (``owner_pid``) and whether it
was meant to outlive that process (``kept``: ``db start``, ``seed``). A server that is not kept and
whose owner has exited (``serve`` killed with SIGKILL, a crashed terminal) is an orphan: the next
command that uses it adopts it (:meth:`LocalNeo4j.adopt` makes it the owner) and, like a server it
started itself, stops it when it exits. A kept server, or one whose owner still runs, is reused and
left running.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from service.errors import LocalServerError

__all__ = ["STATE_FILE_NAME", "LocalNeo4j", "ServerStatus", "ensure_jars", "find_java", "free_port"]

STATE_FILE_NAME = "fabricgraph-neo4j.json"
"""The local server's state file, in ``home/run/``: pid, Bolt port, home, owner, start time."""

Progress = Callable[[str], None]
"""A callback that shows one line of progress to the user."""

_DOWNLOADED = re.compile(r"Downloaded from \S+: \S+ \(([\d.,]+) (B|kB|KB|MB|GB)")
_UNITS = {"B": 1e-6, "kB": 1e-3, "KB": 1e-3, "MB": 1.0, "GB": 1e3}
JARS_MB = 128
"""About how much the Neo4j 5.26 server and its dependencies weigh (MB), for progress messages."""

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
SERVER_JAR_GLOB = "neo4j-server-5.26.*.jar"

# The JVM flags the Neo4j 5.26 distribution ships in its neo4j.conf (server.jvm.additional) that
# matter outside the packaged launcher: netty and the page cache need these modules opened.
JVM_FLAGS = (
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
)


def ensure_jars(server_dir: Path, progress: Progress | None = None) -> Path:
    """Make sure the Neo4j server jars are in ``server_dir/lib``, fetching them with Maven if not.

    Args:
        server_dir: the folder holding ``pom.xml`` (``neo4j-server/`` in the repository).
        progress: called with a line of progress (artifacts and MB downloaded so far, at most every
            2 s) while Maven fetches; the first fetch is about 123 MB.

    Returns:
        The ``lib`` folder with the jars.

    Raises:
        LocalServerError: Maven is missing or the download failed (its output is in the message).
    """
    lib = server_dir / "lib"
    if lib.is_dir() and any(lib.glob(SERVER_JAR_GLOB)):
        return lib
    mvn = shutil.which("mvn")
    if mvn is None:
        raise LocalServerError("Maven (mvn) is needed to fetch the Neo4j jars; install it or set NEO4J_URI")
    if progress is not None:
        progress(
            f"fetching the Neo4j 5.26 server jars with Maven (its local cache, else Maven Central; about {JARS_MB} MB, "
            "first use only) …"
        )
    # Without -q Maven names every artifact it downloads ("Downloaded from central: URL (12 kB at …)");
    # those lines become the progress; the rest is kept for the error message.
    tail: list[str] = []
    artifacts, megabytes, shown = 0, 0.0, time.monotonic()
    with subprocess.Popen(
        [mvn, "-B", "dependency:copy-dependencies"],
        cwd=server_dir,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            tail = [*tail[-40:], line]
            match = _DOWNLOADED.search(line)
            if match:
                artifacts += 1
                megabytes += float(match.group(1).replace(",", "")) * _UNITS[match.group(2)]
                if progress is not None and time.monotonic() - shown >= 2.0:
                    shown = time.monotonic()
                    progress(f"  {artifacts} files, {megabytes:.0f} MB of about {JARS_MB} MB …")
    if proc.returncode != 0 or not any(lib.glob(SERVER_JAR_GLOB)):
        raise LocalServerError("fetching the Neo4j jars failed:\n" + "".join(tail)[-3000:])
    if progress is not None:
        jars = list(lib.glob("*.jar"))
        size = sum(j.stat().st_size for j in jars) / 1e6
        where = f"downloaded {artifacts} files ({megabytes:.0f} MB)" if artifacts else "from the local Maven cache"
        progress(f"{len(jars)} jars ({size:.0f} MB) in {lib}, {where}")
    return lib


def find_java(java_home: Path | None = None) -> str:
    """Return the path of a ``java`` 17 or 21 executable (Neo4j 5.26 runs on either).

    Looks at ``java_home``, then ``$JAVA_HOME``, then ``PATH``, then ``/usr/lib/jvm/*``.

    Raises:
        LocalServerError: no suitable Java was found.
    """
    candidates: list[Path] = []
    for home in (java_home, os.environ.get("JAVA_HOME")):
        if home:
            candidates.append(Path(home) / "bin" / "java")
    on_path = shutil.which("java")
    if on_path:
        candidates.append(Path(on_path))
    candidates.extend(sorted(Path("/usr/lib/jvm").glob("*/bin/java")))
    for java in candidates:
        if java.is_file() and _java_major(java) in (17, 21):
            return str(java)
    raise LocalServerError("no Java 17 or 21 found for the local Neo4j server; set FABRICGRAPH_JAVA_HOME")


def _java_major(java: Path) -> int | None:
    try:
        out = subprocess.run([str(java), "-version"], capture_output=True, text=True, timeout=30).stderr
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.search(r'version "(\d+)', out)
    return int(match.group(1)) if match else None


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _pid_alive(pid: int) -> bool:
    """Whether ``pid`` runs: exists and is not a zombie (a crashed JVM whose parent has not reaped it
    still answers ``kill(pid, 0)``)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child still answers kill(0); reap it if it is ours.
    with contextlib.suppress(ChildProcessError):
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            return False
    try:  # Linux: the state letter after "(comm)" in /proc/PID/stat; Z = zombie, X = dead
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc (not Linux): kill(0) is all we know
    return stat.rsplit(")", 1)[-1].split()[0] not in {"Z", "X"}


def _runs_home(pid: int, home: Path) -> bool:
    """Whether ``pid`` is a JVM started with ``--home-dir=home`` (True where /proc is missing)."""
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except FileNotFoundError:
        return False
    except OSError:
        return True
    return f"--home-dir={home}".encode() in args


@dataclass(frozen=True)
class ServerStatus:
    """What ``fabricgraph db status`` prints: whether the server runs, its pid, Bolt URI, home, who
    started it and when (from the state file)."""

    running: bool
    pid: int | None
    uri: str
    home: Path
    owner: str | None = None
    started_at: str | None = None
    owner_pid: int | None = None
    kept: bool = True

    @property
    def orphaned(self) -> bool:
        """Running, not kept on purpose, and the process that started (or adopted) it has exited.

        A state file of an earlier version (no ``owner_pid`` or ``kept``) never counts as an orphan.
        """
        return (
            self.running
            and not self.kept
            and self.owner_pid is not None
            and self.owner_pid != os.getpid()
            and not _pid_alive(self.owner_pid)
        )


class LocalNeo4j:
    """One local Neo4j Community server: its home folder, Bolt port and process.

    Args:
        home: the server's home (conf/, data/, logs/, run/); kept across restarts.
        lib: the folder with the jars (see :func:`ensure_jars`).
        bolt_port: the Bolt port on 127.0.0.1.
        heap: JVM heap, e.g. ``"512m"``.
        pagecache: page cache size, e.g. ``"128m"``.
        java: path of the java executable (default: :func:`find_java`).
    """

    def __init__(
        self,
        home: Path,
        lib: Path,
        bolt_port: int = 7687,
        heap: str = "512m",
        pagecache: str = "128m",
        java: str | None = None,
    ) -> None:
        self.home = Path(home).resolve()  # the owner check compares it with the JVM's --home-dir
        self.lib = lib
        self.bolt_port = bolt_port
        self.heap = heap
        self.pagecache = pagecache
        self._java = java
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def uri(self) -> str:
        """The Bolt URI, ``bolt://127.0.0.1:PORT``."""
        return f"bolt://127.0.0.1:{self.bolt_port}"

    @property
    def state_file(self) -> Path:
        """``home/run/fabricgraph-neo4j.json``: pid, Bolt port, home, owner, start time."""
        return self.home / "run" / STATE_FILE_NAME

    @property
    def pid_file(self) -> Path:
        """The pid file of earlier versions (``pid port``); read once, then replaced by the state file."""
        return self.home / "run" / "neo4j.pid"

    @property
    def log_file(self) -> Path:
        return self.home / "logs" / "console.log"

    def _read_state(self) -> dict[str, object] | None:
        """The state of the server running from this home, or None (a stale file is removed).

        Valid while its pid is alive, not a zombie, and runs this home (see :func:`_runs_home`).
        """
        state: dict[str, object] | None = None
        try:
            loaded = json.loads(self.state_file.read_text())
            if isinstance(loaded, dict):
                state = loaded
        except (OSError, ValueError):
            try:  # an earlier version's pid file: "pid port"
                pid_text, port_text = self.pid_file.read_text().split()[:2]
                state = {"pid": int(pid_text), "bolt_port": int(port_text), "owner": None}
            except (OSError, ValueError):
                state = None
        if state is None:
            return None
        pid, port = state.get("pid"), state.get("bolt_port")
        if isinstance(pid, int) and isinstance(port, int) and _pid_alive(pid) and _runs_home(pid, self.home):
            return state
        self._clear_state()
        return None

    def _write_state(self, pid: int, *, keep: bool = False, started_at: str | None = None) -> None:
        state = {
            "pid": pid,
            "bolt_port": self.bolt_port,
            "home": str(self.home),
            "owner": f"{getpass.getuser()} (uid {os.getuid()}), pid {os.getpid()}",
            "owner_pid": os.getpid(),
            "kept": keep,
            "started_at": started_at or datetime.now(UTC).isoformat(timespec="seconds"),
        }
        tmp = self.state_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=2) + "\n")
        tmp.replace(self.state_file)
        self.pid_file.unlink(missing_ok=True)

    def _clear_state(self) -> None:
        self.state_file.unlink(missing_ok=True)
        self.pid_file.unlink(missing_ok=True)

    def status(self) -> ServerStatus:
        """Whether a server started from this home runs (found through its state file); its Bolt
        port comes from there, whatever port this object was built with."""
        state = self._read_state()
        if state is None:
            return ServerStatus(running=False, pid=None, uri=self.uri, home=self.home)
        port, pid = state["bolt_port"], state["pid"]
        assert isinstance(port, int) and isinstance(pid, int)
        self.bolt_port = port
        owner, started = state.get("owner"), state.get("started_at")
        owner_pid, kept = state.get("owner_pid"), state.get("kept")
        return ServerStatus(
            running=True,
            pid=pid,
            uri=self.uri,
            home=self.home,
            owner=owner if isinstance(owner, str) else None,
            started_at=started if isinstance(started, str) else None,
            owner_pid=owner_pid if isinstance(owner_pid, int) and not isinstance(owner_pid, bool) else None,
            kept=kept if isinstance(kept, bool) else True,  # an earlier version's file: leave it running
        )

    def adopt(self, *, keep: bool = False) -> ServerStatus:
        """Make this process the owner of the running server (an orphan, see :attr:`ServerStatus.orphaned`).

        Args:
            keep: whether the server should outlive this process (``db start``); otherwise this
                process is expected to stop it when it exits.

        Returns:
            The status after adoption.

        Raises:
            LocalServerError: no server runs from this home.
        """
        st = self.status()
        if not st.running or st.pid is None:
            raise LocalServerError(f"no local Neo4j runs from {self.home}; nothing to adopt")
        self._write_state(st.pid, keep=keep, started_at=st.started_at)
        return self.status()

    def _write_conf(self) -> None:
        conf = self.home / "conf"
        for sub in ("conf", "data", "logs", "run", "plugins", "import"):
            (self.home / sub).mkdir(parents=True, exist_ok=True)
        (conf / "neo4j.conf").write_text(
            "\n".join(
                [
                    "# Written by fabricgraph (service.persistence.local_server); loopback only.",
                    "server.default_listen_address=127.0.0.1",
                    "server.default_advertised_address=127.0.0.1",
                    f"server.bolt.listen_address=127.0.0.1:{self.bolt_port}",
                    "server.http.enabled=false",
                    "server.https.enabled=false",
                    "dbms.security.auth_enabled=false",
                    f"server.memory.pagecache.size={self.pagecache}",
                    "dbms.usage_report.enabled=false",
                    "db.transaction.timeout=60s",
                    f"server.directories.data={self.home / 'data'}",
                    f"server.directories.logs={self.home / 'logs'}",
                    f"server.directories.run={self.home / 'run'}",
                    f"server.directories.plugins={self.home / 'plugins'}",
                    f"server.directories.import={self.home / 'import'}",
                    "",
                ]
            )
        )

    def start(self, timeout_s: float = 120.0, *, keep: bool = False) -> str:
        """Start the server (or reuse the one already running from this home) and wait until ready.

        Ready means: the process is alive, ``Started.`` is in its log, and ``RETURN 1`` answers over
        Bolt. ``keep`` marks a server this call starts as meant to outlive this process (``db start``,
        ``seed``): it is never taken for an orphan.

        Returns:
            The Bolt URI.

        Raises:
            LocalServerError: the port is taken by something else, the JVM exited, or the server was
                not ready within ``timeout_s`` seconds (the log's tail is in the message).
        """
        existing = self.status()
        if existing.running:
            self._wait_ready(timeout_s, existing.pid)
            return self.uri
        if _port_open(self.bolt_port):
            raise LocalServerError(
                f"port {self.bolt_port} on 127.0.0.1 is taken by a process this project did not start "
                f"from {self.home}; it will not be used. Set FABRICGRAPH_LOCAL_NEO4J_BOLT_PORT to a free "
                "port, or NEO4J_URI to use that server on purpose"
            )
        self._write_conf()
        java = self._java or find_java()
        cmd = [
            java,
            f"-Xms{self.heap}",
            f"-Xmx{self.heap}",
            *JVM_FLAGS,
            "-cp",
            f"{self.lib}/*",
            ENTRY_POINT,
            f"--home-dir={self.home}",
            f"--config-dir={self.home / 'conf'}",
            "--console-mode",
        ]
        log = self.log_file.open("ab")
        self._proc = subprocess.Popen(
            cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True
        )
        log.close()
        self._write_state(self._proc.pid, keep=keep)
        try:
            self._wait_ready(timeout_s, self._proc.pid)
        except LocalServerError:
            self.stop()
            raise
        return self.uri

    def _wait_ready(self, timeout_s: float, pid: int | None) -> None:
        from neo4j import GraphDatabase
        from neo4j.exceptions import Neo4jError, ServiceUnavailable

        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if pid is None or not _pid_alive(pid):
                raise LocalServerError(f"the Neo4j JVM exited during start-up:\n{self._log_tail()}")
            if _port_open(self.bolt_port) and "Started." in self._log_text():
                try:
                    with GraphDatabase.driver(self.uri, auth=None) as driver:
                        driver.execute_query("RETURN 1")
                    return
                except (ServiceUnavailable, Neo4jError, OSError):
                    pass
            time.sleep(0.5)
        raise LocalServerError(f"Neo4j was not ready within {timeout_s:.0f} s:\n{self._log_tail()}")

    def _log_text(self) -> str:
        try:
            return self.log_file.read_text(errors="replace")
        except OSError:
            return ""

    def _log_tail(self, lines: int = 30) -> str:
        return "\n".join(self._log_text().splitlines()[-lines:])

    def stop(self, timeout_s: float = 30.0, progress: Progress | None = None) -> bool:
        """Stop the server: SIGTERM, wait up to ``timeout_s`` seconds, then SIGKILL.

        Args:
            timeout_s: how long Neo4j may take to shut down cleanly (it usually takes 5-15 s).
            progress: called with a line when stopping starts, every 3 s while it waits, and at the end.

        Returns:
            True if a running server was stopped, False if none was running.
        """
        pid = self._proc.pid if self._proc is not None else self.status().pid  # status(): the port too
        if pid is None or not _pid_alive(pid):
            self._clear_state()
            return False
        say = progress or (lambda _: None)
        started = time.monotonic()
        say(f"stopping the local Neo4j (pid {pid}, {self.uri}); a clean shutdown takes 5-15 s …")
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        deadline = started + timeout_s
        shown = started
        while time.monotonic() < deadline and _pid_alive(pid):
            if self._proc is not None and self._proc.poll() is not None:
                break
            if time.monotonic() - shown >= 3.0:
                shown = time.monotonic()
                say(f"  still stopping ({shown - started:.0f} s) …")
            time.sleep(0.2)
        if _pid_alive(pid):
            say(f"  Neo4j did not stop within {timeout_s:g} s; killing it")
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            if self._proc is not None:
                self._proc.wait(timeout=10)
        elif self._proc is not None:
            self._proc.wait(timeout=10)
        self._proc = None
        self._clear_state()
        say(f"stopped the local Neo4j in {time.monotonic() - started:.1f} s")
        return True
