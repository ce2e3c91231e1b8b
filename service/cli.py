"""The ``fabricgraph`` command line (typer).

Commands::

    fabricgraph serve                 start (or reuse) the local Neo4j, apply schema, seed, serve HTTP
    fabricgraph seed                  validate the seed files and load them (idempotent)
    fabricgraph db start|stop|status  manage the local Neo4j server
    fabricgraph query FILE.graphql [--variables JSON]   run a GraphQL document, print JSON
    fabricgraph import FILE…          add your own catalogue rows (YAML/CSV/NetBox), all or nothing

Without ``NEO4J_URI`` every command uses the local Neo4j server the project runs itself
(``neo4j-server/home``; jars fetched from Maven Central on first use).
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from service.cli_import import register as register_import
from service.cli_plan import register as register_plan
from service.cli_validate import register as register_validate
from service.config import Settings, get_settings
from service.errors import DatabaseUnavailable, FabricGraphError
from service.runtime import tune_gc

if TYPE_CHECKING:
    from strawberry.types import ExecutionResult

__all__ = ["app"]

app = typer.Typer(
    help="fabricgraph: which interconnect parts work together.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
db_app = typer.Typer(help="Manage the local Neo4j server.", no_args_is_help=True)
app.add_typer(db_app, name="db")
err = Console(stderr=True, soft_wrap=True)  # soft wrap: never break a path or URL mid-way


@app.callback()
def _quiet_driver_logs() -> None:
    """fabricgraph: which interconnect parts work together."""
    # The neo4j driver logs each retry of a transaction it cannot run ("Transaction failed and will
    # be retried in 1.08s (Couldn't connect …)"); with no logging configured those lines reach the
    # terminal through Python's last-resort handler, before the one-line error the command prints.
    # A NullHandler stops only that; `serve` configures logging, so its logs still carry them.
    logging.getLogger("neo4j").addHandler(logging.NullHandler())
    tune_gc()  # a command that answers questions is a serving process too (see service.runtime)


EXIT_GRAPHQL_ERROR = 1
"""``query``: the response has GraphQL errors (also bad options and an unreachable catalogue)."""
EXIT_TYPED_ERROR = 2
"""``query``: a field answered with a typed error member (ValidationError, NotFoundError, …)."""


def _fail(exc: Exception) -> typer.Exit:
    err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
    return typer.Exit(code=1)


def _say(line: str) -> None:
    """One line of progress on stderr (no markup: paths and URLs print as they are)."""
    err.print(line, markup=False, highlight=False)


def _local(settings: Settings) -> Any:
    """The local Neo4j server of this clone (jars fetched with progress on first use)."""
    from service.persistence.driver import local_server_for

    return local_server_for(settings, _say)


def _port_free(host: str, port: int) -> bool:
    """Whether ``serve`` can bind ``host:port``, checked the way uvicorn binds: with ``SO_REUSEADDR``,
    so a port whose last connections linger in TIME_WAIT after a stop counts as free."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def _answers_health(url: str) -> bool:
    """Whether ``url`` (the service's ``/healthz``) answers 200 now."""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except (OSError, urllib.error.URLError):
        return False


def announce_when_serving(
    url: str,
    message: str,
    *,
    probe: Callable[[str], bool] = _answers_health,
    say: Callable[[str], None] = lambda text: err.print(text),
    sleep: Callable[[float], None] = time.sleep,
    every_s: float = 0.2,
    stop: Callable[[], bool] = lambda: False,
) -> bool:
    """Print ``message`` once ``url`` (the ``/healthz`` route) answers 200: the server accepts and
    answers connections then, not merely has been asked to start. Polls every ``every_s`` seconds
    until it answers or ``stop()`` is true.

    Returns:
        True when the message was printed.
    """
    while not stop():
        if probe(url):
            say(message)
            return True
        sleep(every_s)
    return False


def _probe_host(host: str) -> str:
    """The address to reach a server bound to ``host`` from this machine (a wildcard bind: loopback)."""
    return {"0.0.0.0": "127.0.0.1", "::": "[::1]", "": "127.0.0.1"}.get(host, f"[{host}]" if ":" in host else host)


@contextmanager
def _database(settings: Settings, *, keep: bool) -> Iterator[str]:
    """Yield a Bolt URI: NEO4J_URI, or the local server of this clone.

    A server this command starts, or an orphan it adopts (left running by a command that has exited
    without stopping it, e.g. a ``serve`` killed with SIGKILL), is stopped when the command ends,
    unless ``keep``, or unless ``db start`` has kept it meanwhile (then it outlives this command). A
    server another running command owns, or one kept on purpose (``db start``,
    ``seed``), is reused and left running. The command says which on stderr.
    """
    if settings.neo4j_uri:
        yield settings.neo4j_uri
        return
    server = _local(settings)
    st = server.status()
    ours = not st.running or st.orphaned  # this command stops the server when it ends (unless keep)
    after = "leaves it running when it ends" if keep else "stops it when it ends"
    if st.running and ours:
        _say(
            f"reusing the local Neo4j 5.26 server of this clone: {st.uri}, pid {st.pid}, home {st.home}; "
            f"it was left running by {st.owner}, which has exited, so this command adopts it and {after}"
        )
        server.adopt(keep=keep)
    elif st.running:
        by = "kept running by `fabricgraph db start` or `seed`" if st.kept else f"owned by {st.owner}"
        _say(
            f"reusing the local Neo4j 5.26 server of this clone: {st.uri}, pid {st.pid}, home {st.home} "
            f"({by}); it stays running after this command"
        )
    else:
        _say(f"starting the local Neo4j 5.26 server on {server.uri}, home {server.home} (30-90 s) …")
    try:
        uri = server.start(settings.local_neo4j_start_timeout_s, keep=keep)
    except KeyboardInterrupt:  # Ctrl-C while Neo4j starts: do not leave the JVM running
        if ours:
            server.stop(progress=_say)
        raise
    try:
        yield uri
    finally:
        if not keep and ours:
            if server.status().kept:  # `db start` kept it while this command ran: it is no longer ours
                _say(
                    "leaving the local Neo4j running: `fabricgraph db start` keeps it (`fabricgraph db stop` stops it)"
                )
            else:
                server.stop(progress=_say)


def _seed_if_empty(settings: Settings, uri: str, force: bool = False, rewrite: bool = False) -> None:
    """Load the seed files into the database at ``uri`` (only when it holds no part, unless ``force``;
    ``rewrite``: write every row even when the database already holds them).

    Raises:
        DatabaseUnavailable: Neo4j does not answer at ``uri``.
    """
    from neo4j.exceptions import DriverError, Neo4jError

    from seed.loader import seed_database
    from service.persistence.driver import open_driver
    from service.persistence.repository import Neo4jRepository

    with open_driver(settings, uri) as driver:
        try:
            repo = Neo4jRepository(driver, settings.neo4j_database, settings.neo4j_transaction_timeout_s)
            if not force and repo.part_count() > 0:
                return
            report = seed_database(driver, settings.neo4j_database, force=rewrite)
        except (DriverError, Neo4jError, DatabaseUnavailable) as exc:
            cause = exc.__cause__ if isinstance(exc, DatabaseUnavailable) and exc.__cause__ is not None else exc
            raise DatabaseUnavailable(
                f"Neo4j at {uri} does not answer ({type(cause).__name__}); is it running?"
            ) from None
        kept = f"; {report.kept_edits} edited facts kept as edited" if report.kept_edits else ""
        done = "already seeded with these files (nothing written)" if report.unchanged else "seeded"
        _say(f"{done}: {report.nodes} nodes, {report.relationships} relationships{kept}")


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(help="HTTP port (default 8000).")] = None,
    workers: Annotated[
        int | None,
        typer.Option(min=1, help="Worker processes, each with its own catalogue snapshot (default: one per core)."),
    ] = None,
) -> None:
    """Start (or reuse) the local Neo4j, apply the schema, seed, and serve GraphQL on http://HOST:PORT/graphql.

    With NEO4J_URI set and that Neo4j not answering yet, the service still starts (``/healthz`` 200,
    ``/readyz`` 503) and seeds as soon as Neo4j answers. With several workers, this process seeds once
    before they start; only when Neo4j does not answer yet does each worker seed when it does.
    """
    import os

    import uvicorn

    from service.app import SEED_AT_START_ENV, create_app, seed_once
    from service.http_protocol import NoDelayH11Protocol

    settings = get_settings()
    h, p = host or settings.host, port or settings.port
    if not _port_free(h, p):
        raise _fail(
            ValueError(f"{h}:{p} is already in use (another fabricgraph serve?); use --port or FABRICGRAPH_PORT")
        )
    try:
        with _database(settings, keep=False) as uri:
            live = settings.model_copy(update={"neo4j_uri": uri})
            n = workers or os.cpu_count() or 1
            err.print(
                f"fabricgraph starting http://{h}:{p}/graphql (Neo4j {uri}; {n} worker{'s' if n > 1 else ''}; "
                "seeding at start-up) …"
            )
            # The "serving" line only once the server answers /healthz (uvicorn accepting and the app
            # routing), from a daemon thread: uvicorn.run blocks this one until shutdown.
            threading.Thread(
                target=announce_when_serving,
                args=(f"http://{_probe_host(h)}:{p}/healthz", f"fabricgraph serving http://{h}:{p}/graphql"),
                name="fabricgraph-ready",
                daemon=True,
            ).start()
            # uvicorn re-raises SIGTERM after its graceful shutdown; turn it into SystemExit so the
            # local Neo4j this command started is stopped too (the `finally` of _database).
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
            if n == 1:
                uvicorn.run(
                    create_app(live, seed=True),
                    host=h,
                    port=p,
                    http=NoDelayH11Protocol,
                    log_level="info",
                    access_log=False,
                )
            else:
                # Worker processes import the app factory and read their settings from the
                # environment, so the database this command resolved is handed over there. One seed
                # here, not one per worker; if Neo4j is not up yet, each worker seeds when it is.
                os.environ["NEO4J_URI"] = uri
                if not seed_once(live):
                    os.environ[SEED_AT_START_ENV] = "1"
                uvicorn.run(
                    "service.app:app_from_environment",
                    factory=True,
                    workers=n,
                    host=h,
                    port=p,
                    http=NoDelayH11Protocol,
                    log_level="info",
                    access_log=False,
                )
    except FabricGraphError as exc:
        raise _fail(exc) from None


@app.command()
def seed(
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Rewrite every seed fact even when the database already holds these files' rows "
            "(restores facts changed behind the service's back; authorised edits stay as edited).",
        ),
    ] = False,
) -> None:
    """Validate the seed files and load them into Neo4j (idempotent; all or nothing). Writes nothing
    when the database already holds exactly these rows, unless --force."""
    settings = get_settings()
    try:
        with _database(settings, keep=True) as uri:
            _seed_if_empty(settings, uri, force=True, rewrite=force)
    except FabricGraphError as exc:
        raise _fail(exc) from None


def _wait_until_answering(repo: Any, uri: str, timeout_s: float, sleep: Callable[[float], None] = time.sleep) -> None:
    """Wait (at most ``timeout_s``) until Neo4j answers a read transaction at ``uri``: the command
    line's readiness check (the server's is ``/readyz``). A just-started server that accepts Bolt
    connections may still refuse or time out reads for a while; one progress line says so.

    Raises:
        DatabaseUnavailable: it did not answer within ``timeout_s``.
    """
    deadline = time.monotonic() + timeout_s
    told = False
    pause = 0.5
    while True:
        try:
            repo.ping()
            return
        except DatabaseUnavailable as exc:
            left = deadline - time.monotonic()
            if left <= 0:
                raise DatabaseUnavailable(
                    f"Neo4j at {uri} did not answer a read within {timeout_s:g} s "
                    f"(FABRICGRAPH_CLI_READY_TIMEOUT_S): {exc.message}"
                ) from None
            if not told:
                _say(f"waiting for Neo4j at {uri} to answer reads (up to {timeout_s:g} s) …")
                told = True
            sleep(min(pause, left))
            pause = min(pause * 2, 5.0)


def _has_mutation(document: str) -> bool:
    """Whether ``document`` defines a mutation (never run twice: an edit is not retried blindly).
    A document that does not parse has none (its syntax error is answered as usual)."""
    from graphql import GraphQLError, OperationDefinitionNode, OperationType, parse

    try:
        doc = parse(document)
    except GraphQLError:
        return False
    return any(
        isinstance(d, OperationDefinitionNode) and d.operation is OperationType.MUTATION for d in doc.definitions
    )


def _unavailable(result: ExecutionResult, recorder: Any) -> str | None:
    """The first DATABASE_UNAVAILABLE in an answer (a typed error member, or a field error whose
    cause is :class:`DatabaseUnavailable`), as "path: message"; None when there is none."""
    for e in recorder.found:
        if e.code == DatabaseUnavailable.code:
            return f"{'.'.join(map(str, e.path))}: {e.message}"
    for error in result.errors or ():
        if isinstance(error.original_error, DatabaseUnavailable):
            return f"{'.'.join(map(str, error.path or ()))}: {error.original_error.message}"
    return None


_R = TypeVar("_R", bound=tuple[Any, Any])


def _with_retries(
    run: Callable[[], _R], retries: int, backoff_s: float, sleep: Callable[[float], None] = time.sleep
) -> _R:
    """``run()``, run again (at most ``retries`` times, after ``backoff_s``, doubling) while its
    answer holds a DATABASE_UNAVAILABLE (see :func:`_unavailable`); the last answer is returned as
    it is. Each retry says why on stderr."""
    answer = run()
    for attempt in range(1, retries + 1):
        why = _unavailable(*answer)
        if why is None:
            break
        pause = backoff_s * 2 ** (attempt - 1)
        _say(f"the catalogue database did not answer ({why}); retrying in {pause:g} s ({attempt} of {retries})")
        sleep(pause)
        answer = run()
    return answer


@app.command()
def query(
    file: Annotated[Path, typer.Argument(help="A .graphql document.")],
    variables: Annotated[str | None, typer.Option(help="Variables as a JSON object.")] = None,
) -> None:
    """Run a GraphQL document against the catalogue and print the JSON result.

    A field that resolves to a typed error (ValidationError, NotFoundError, Plan…Error, …) is listed
    in the result's ``extensions.typedErrors`` (path, type, code, message) and one line each on stderr,
    even where the document selected only the success member.

    A just-started local server is given time: the command waits (FABRICGRAPH_CLI_READY_TIMEOUT_S,
    60 s) until Neo4j answers a read, and runs a read-only document again (FABRICGRAPH_CLI_RETRIES,
    2; back-off FABRICGRAPH_CLI_RETRY_BACKOFF_S, 2 s, doubling) when an answer is
    DATABASE_UNAVAILABLE, saying so on stderr. A mutation is never run twice.

    Exit status: 0 answered; 1 the response has GraphQL errors (syntax, validation, unknown field),
    a FILE that cannot be read, bad --variables, or the catalogue cannot be reached; 2 a field answered
    with a typed error (and, by click's convention, a command line it cannot parse).
    """
    from service.api.context import Context
    from service.api.schema import build_schema
    from service.api.typed_errors import TypedErrorRecorder
    from service.persistence.driver import open_driver
    from service.persistence.repository import Neo4jRepository
    from service.use_cases import CatalogueService

    try:
        document = file.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise _fail(ValueError(f"cannot read {file}: {reason}")) from None
    try:
        var: dict[str, Any] | None = json.loads(variables) if variables else None
    except json.JSONDecodeError as exc:
        raise _fail(ValueError(f"--variables is not JSON: {exc}")) from None
    if var is not None and not isinstance(var, dict):
        raise _fail(ValueError("--variables must be a JSON object"))
    settings = get_settings()
    # The errors of the result are printed once, in the JSON on stdout; strawberry's own error log
    # would print them a second time on stderr (Python's last-resort handler).
    logging.getLogger("strawberry").addHandler(logging.NullHandler())
    try:
        with _database(settings, keep=False) as uri:
            _seed_if_empty(settings, uri)
            with open_driver(settings, uri) as driver:
                # The configured transaction timeout, as the server uses it (it was the 10 s default).
                repo = Neo4jRepository(driver, settings.neo4j_database, settings.neo4j_transaction_timeout_s)
                _wait_until_answering(repo, uri, settings.cli_ready_timeout_s)
                service = CatalogueService(repo)

                def run() -> tuple[ExecutionResult, TypedErrorRecorder]:
                    recorder = TypedErrorRecorder()
                    schema = build_schema(settings, extensions=[lambda: recorder])
                    context = Context.build(settings, service)
                    done = asyncio.run(schema.execute(document, variable_values=var, context_value=context))
                    return done, recorder

                retries = 0 if _has_mutation(document) else settings.cli_retries
                result, recorder = _with_retries(run, retries, settings.cli_retry_backoff_s)
    except FabricGraphError as exc:
        raise _fail(exc) from None
    out: dict[str, Any] = {"data": result.data}
    if result.errors:
        out["errors"] = [{"message": e.message, "path": e.path} for e in result.errors]
    if recorder.found:
        out["extensions"] = {"typedErrors": [e.as_json() for e in recorder.found]}
    sys.stdout.write(json.dumps(out, indent=2) + "\n")
    if result.errors:
        raise typer.Exit(code=EXIT_GRAPHQL_ERROR)
    if recorder.found:
        for e in recorder.found:
            where = ".".join(map(str, e.path))
            err.print(f"{where}: {e.type_name} {e.code}: {e.message}", markup=False, highlight=False)
        raise typer.Exit(code=EXIT_TYPED_ERROR)


@db_app.command("start")
def db_start() -> None:
    """Start the local Neo4j server of this clone (or report the one already running).

    Its Bolt port is FABRICGRAPH_LOCAL_NEO4J_BOLT_PORT (7687); every later command reads it from the
    server's state file (neo4j-server/home/run/fabricgraph-neo4j.json).
    """
    settings = get_settings()
    try:
        server = _local(settings)
        st = server.status()
        if not st.running:
            _say(f"starting the local Neo4j 5.26 server on {server.uri}, home {server.home} (30-90 s) …")
        elif st.orphaned:  # left by a command that exited without stopping it: keep it from now on
            _say(f"adopting the local Neo4j left running by {st.owner}, which has exited; it stays running")
            server.adopt(keep=True)
        elif not st.kept:  # a live command (`serve`) owns it: keep it, so its exit no longer stops it
            _say(
                f"the local Neo4j is running, started by {st.owner}; it is now kept: it stays running when "
                "that command ends (`fabricgraph db stop` stops it)"
            )
            server.adopt(keep=True)
        uri = server.start(settings.local_neo4j_start_timeout_s, keep=True)
    except FabricGraphError as exc:
        raise _fail(exc) from None
    typer.echo(f"running: {uri} (home {server.home})")


@db_app.command("stop")
def db_stop() -> None:
    """Stop the local Neo4j server of this clone (SIGTERM, then SIGKILL after 30 s), with progress."""
    try:
        server = _local(get_settings())
    except FabricGraphError as exc:
        raise _fail(exc) from None
    typer.echo("stopped" if server.stop(progress=_say) else "not running")


@db_app.command("status")
def db_status() -> None:
    """Say whether the local Neo4j server of this clone runs: pid, Bolt URI, home, who started it.

    Exit status 3 when it does not run.
    """
    try:
        server = _local(get_settings())
    except FabricGraphError as exc:
        raise _fail(exc) from None
    st = server.status()
    if st.running:
        typer.echo(f"running: pid {st.pid}, {st.uri}, home {st.home}, started {st.started_at} by {st.owner}")
    else:
        typer.echo(f"not running (home {st.home})")
        raise typer.Exit(code=3)


# --- capability commands: one register(app) per module ---------------------------------------------
register_validate(app)
register_plan(app)
register_import(app)


if __name__ == "__main__":  # pragma: no cover
    app()
