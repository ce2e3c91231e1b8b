"""Run a real Neo4j 5.26 LTS Community server locally, without Docker.

The jars come from Maven Central through the resolver-only ``neo4j-server/pom.xml``; the server is
``org.neo4j.server.CommunityEntryPoint`` launched on the machine's Java 17, bound to 127.0.0.1
only, with authentication off (loopback only), a small page cache and usage reports off.

Life cycle::

    ensure_jars(dir)  ──►  LocalNeo4j(home, port).start()  ──►  bolt://127.0.0.1:PORT
                                 │  writes home/conf/neo4j.conf, home/run/neo4j.pid
                                 │  ready = process alive + "Started." in the log + RETURN 1 over Bolt
                                 └─ stop(): SIGTERM, wait, then SIGKILL

``serve`` keeps its home (and so its database) across restarts; tests use a throwaway home and one
server per test session. A server started by one process can be found and stopped by another
through the pid file (``fabricgraph db start|stop|status``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from service.errors import LocalServerError

__all__ = ["LocalNeo4j", "ServerStatus", "ensure_jars", "find_java", "free_port"]

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


def ensure_jars(server_dir: Path) -> Path:
    """Make sure the Neo4j server jars are in ``server_dir/lib``, fetching them with Maven if not.

    Args:
        server_dir: the folder holding ``pom.xml`` (``neo4j-server/`` in the repository).

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
    proc = subprocess.run(
        [mvn, "-B", "-q", "dependency:copy-dependencies"],
        cwd=server_dir,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0 or not any(lib.glob(SERVER_JAR_GLOB)):
        raise LocalServerError(f"fetching the Neo4j jars failed:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
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
    return True


@dataclass(frozen=True)
class ServerStatus:
    """What ``fabricgraph db status`` prints: whether the server runs, its pid, Bolt URI and home."""

    running: bool
    pid: int | None
    uri: str
    home: Path


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
        self.home = home
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
    def pid_file(self) -> Path:
        return self.home / "run" / "neo4j.pid"

    @property
    def log_file(self) -> Path:
        return self.home / "logs" / "console.log"

    def _read_pid(self) -> int | None:
        try:
            pid = int(self.pid_file.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None
        return pid if _pid_alive(pid) else None

    def _read_port(self) -> int | None:
        try:
            return int(self.pid_file.read_text().split()[1])
        except (OSError, ValueError, IndexError):
            return None

    def status(self) -> ServerStatus:
        """Whether a server started from this home runs (found through its pid file)."""
        pid = self._read_pid()
        port = self._read_port() if pid else None
        if port:
            self.bolt_port = port
        return ServerStatus(running=pid is not None, pid=pid, uri=self.uri, home=self.home)

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

    def start(self, timeout_s: float = 120.0) -> str:
        """Start the server (or reuse the one already running from this home) and wait until ready.

        Ready means: the process is alive, ``Started.`` is in its log, and ``RETURN 1`` answers over
        Bolt.

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
                f"port {self.bolt_port} on 127.0.0.1 is taken by another process; "
                "set FABRICGRAPH_LOCAL_NEO4J_BOLT_PORT or NEO4J_URI"
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
        self.pid_file.write_text(f"{self._proc.pid} {self.bolt_port}\n")
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

    def stop(self, timeout_s: float = 30.0) -> bool:
        """Stop the server: SIGTERM, wait up to ``timeout_s`` seconds, then SIGKILL.

        Returns:
            True if a running server was stopped, False if none was running.
        """
        pid = self._proc.pid if self._proc is not None else self._read_pid()
        if pid is None or not _pid_alive(pid):
            self.pid_file.unlink(missing_ok=True)
            return False
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and _pid_alive(pid):
            if self._proc is not None and self._proc.poll() is not None:
                break
            time.sleep(0.2)
        if _pid_alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            if self._proc is not None:
                self._proc.wait(timeout=10)
        elif self._proc is not None:
            self._proc.wait(timeout=10)
        self._proc = None
        self.pid_file.unlink(missing_ok=True)
        return True
