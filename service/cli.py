"""The ``fabricgraph`` command line (typer).

Commands::

    fabricgraph serve                 start (or reuse) the local Neo4j, apply schema, seed, serve HTTP
    fabricgraph seed                  validate the seed files and load them (idempotent)
    fabricgraph db start|stop|status  manage the local Neo4j server
    fabricgraph query FILE.graphql [--variables JSON]   run a GraphQL document, print JSON

Without ``NEO4J_URI`` every command uses the local Neo4j server the project runs itself
(``neo4j-server/home``; jars fetched from Maven Central on first use).
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from service.cli_plan import register as register_plan
from service.cli_validate import register as register_validate
from service.config import Settings, get_settings
from service.errors import FabricGraphError

__all__ = ["app"]

app = typer.Typer(
    help="fabricgraph: which interconnect parts work together.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
db_app = typer.Typer(help="Manage the local Neo4j server.", no_args_is_help=True)
app.add_typer(db_app, name="db")
err = Console(stderr=True)


def _fail(exc: Exception) -> typer.Exit:
    err.print(f"[red]error:[/red] {exc}")
    return typer.Exit(code=1)


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


@contextmanager
def _database(settings: Settings, *, keep: bool) -> Iterator[str]:
    """Yield a Bolt URI: NEO4J_URI, or the local server (started if needed; stopped after unless
    ``keep`` or it was already running)."""
    if settings.neo4j_uri:
        yield settings.neo4j_uri
        return
    from service.persistence.driver import local_server_for
    from service.persistence.local_server import LocalNeo4j

    server = local_server_for(settings)
    assert isinstance(server, LocalNeo4j)
    was_running = server.status().running
    if was_running:
        err.print(f"reusing the local Neo4j 5.26 server already running from {settings.local_neo4j_home}")
    else:
        err.print(f"starting the local Neo4j 5.26 server in {settings.local_neo4j_home} …")
    uri = server.start(settings.local_neo4j_start_timeout_s)
    try:
        yield uri
    finally:
        if not keep and not was_running:
            server.stop()


def _seed_if_empty(settings: Settings, uri: str, force: bool = False) -> None:
    from seed.loader import seed_database
    from service.persistence.driver import open_driver

    with open_driver(settings, uri) as driver:
        if not force:
            records, _, _ = driver.execute_query(
                "MATCH (p:Part) RETURN count(p) AS n", database_=settings.neo4j_database
            )
            if records[0]["n"] > 0:
                return
        report = seed_database(driver, settings.neo4j_database)
        kept = f"; {report.kept_edits} edited facts kept as edited" if report.kept_edits else ""
        err.print(f"seeded: {report.nodes} nodes, {report.relationships} relationships{kept}")


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(help="HTTP port (default 8000).")] = None,
    workers: Annotated[
        int | None,
        typer.Option(min=1, help="Worker processes, each with its own catalogue snapshot (default: one per core)."),
    ] = None,
) -> None:
    """Start (or reuse) the local Neo4j, apply the schema, seed, and serve GraphQL on http://HOST:PORT/graphql."""
    import os

    import uvicorn

    from service.app import create_app

    settings = get_settings()
    h, p = host or settings.host, port or settings.port
    if not _port_free(h, p):
        raise _fail(
            ValueError(f"{h}:{p} is already in use (another fabricgraph serve?); use --port or FABRICGRAPH_PORT")
        )
    try:
        with _database(settings, keep=False) as uri:
            _seed_if_empty(settings, uri, force=True)
            live = settings.model_copy(update={"neo4j_uri": uri})
            n = workers or os.cpu_count() or 1
            err.print(f"fabricgraph ready: http://{h}:{p}/graphql ({n} worker{'s' if n > 1 else ''})")
            # uvicorn re-raises SIGTERM after its graceful shutdown; turn it into SystemExit so the
            # local Neo4j this command started is stopped too (the `finally` of _database).
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
            if n == 1:
                uvicorn.run(create_app(live), host=h, port=p, log_level="info")
            else:
                # Worker processes import the app factory and read their settings from the
                # environment, so the database this command resolved is handed over there.
                os.environ["NEO4J_URI"] = uri
                uvicorn.run(
                    "service.app:app_from_environment", factory=True, workers=n, host=h, port=p, log_level="info"
                )
    except FabricGraphError as exc:
        raise _fail(exc) from None


@app.command()
def seed() -> None:
    """Validate the seed files and load them into Neo4j (idempotent; all or nothing)."""
    settings = get_settings()
    try:
        with _database(settings, keep=True) as uri:
            _seed_if_empty(settings, uri, force=True)
    except FabricGraphError as exc:
        raise _fail(exc) from None


@app.command()
def query(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="A .graphql document.")],
    variables: Annotated[str | None, typer.Option(help="Variables as a JSON object.")] = None,
) -> None:
    """Run a GraphQL document against the catalogue and print the JSON result."""
    from service.api.context import Context
    from service.api.schema import build_schema
    from service.persistence.driver import open_driver
    from service.persistence.repository import Neo4jRepository
    from service.use_cases import CatalogueService

    try:
        var: dict[str, Any] | None = json.loads(variables) if variables else None
    except json.JSONDecodeError as exc:
        raise _fail(ValueError(f"--variables is not JSON: {exc}")) from None
    if var is not None and not isinstance(var, dict):
        raise _fail(ValueError("--variables must be a JSON object"))
    settings = get_settings()
    try:
        with _database(settings, keep=False) as uri:
            _seed_if_empty(settings, uri)
            with open_driver(settings, uri) as driver:
                service = CatalogueService(Neo4jRepository(driver, settings.neo4j_database))
                schema = build_schema(settings)
                result = asyncio.run(
                    schema.execute(
                        file.read_text(), variable_values=var, context_value=Context.build(settings, service)
                    )
                )
    except FabricGraphError as exc:
        raise _fail(exc) from None
    out: dict[str, Any] = {"data": result.data}
    if result.errors:
        out["errors"] = [{"message": e.message, "path": e.path} for e in result.errors]
    sys.stdout.write(json.dumps(out, indent=2) + "\n")
    if result.errors:
        raise typer.Exit(code=1)


@db_app.command("start")
def db_start() -> None:
    """Start the local Neo4j server (or report the one already running)."""
    from service.persistence.driver import local_server_for
    from service.persistence.local_server import LocalNeo4j

    settings = get_settings()
    try:
        server = local_server_for(settings)
        assert isinstance(server, LocalNeo4j)
        uri = server.start(settings.local_neo4j_start_timeout_s)
    except FabricGraphError as exc:
        raise _fail(exc) from None
    typer.echo(f"running: {uri} (home {settings.local_neo4j_home})")


@db_app.command("stop")
def db_stop() -> None:
    """Stop the local Neo4j server (SIGTERM, then SIGKILL after 30 s)."""
    from service.persistence.driver import local_server_for
    from service.persistence.local_server import LocalNeo4j

    server = local_server_for(get_settings())
    assert isinstance(server, LocalNeo4j)
    typer.echo("stopped" if server.stop() else "not running")


@db_app.command("status")
def db_status() -> None:
    """Say whether the local Neo4j server runs, with its pid and Bolt URI."""
    from service.persistence.driver import local_server_for
    from service.persistence.local_server import LocalNeo4j

    server = local_server_for(get_settings())
    assert isinstance(server, LocalNeo4j)
    st = server.status()
    typer.echo(f"running: pid {st.pid}, {st.uri}" if st.running else "not running")
    if not st.running:
        raise typer.Exit(code=3)


# --- capability commands: one register(app) per module ---------------------------------------------
register_validate(app)
register_plan(app)


if __name__ == "__main__":  # pragma: no cover
    app()
