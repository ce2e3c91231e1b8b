"""Open the Neo4j driver for the configured database, and apply the schema.

Where the database is (first that applies): ``NEO4J_URI``; otherwise the local server the project
runs itself (:mod:`service.persistence.local_server`). Docker users point ``NEO4J_URI`` at the
compose service. Driver errors are wrapped in :class:`~service.errors.DatabaseUnavailable`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from neo4j import Driver, GraphDatabase

from service.config import PROJECT_ROOT, Settings
from service.errors import ConfigurationError

__all__ = ["SCHEMA_DIR", "apply_schema", "local_server_for", "open_driver", "schema_statements"]

SCHEMA_DIR = PROJECT_ROOT / "schema"


def local_server_for(settings: Settings, progress: Callable[[str], None] | None = None) -> object:
    """Return the :class:`LocalNeo4j` that ``settings`` describe (jars fetched if missing, with
    ``progress`` lines while they download). Its Bolt port is the running server's, from its state
    file, once :meth:`~LocalNeo4j.status` or :meth:`~LocalNeo4j.start` has looked."""
    from service.persistence.local_server import LocalNeo4j, ensure_jars, find_java

    lib = ensure_jars(settings.local_neo4j_dir, progress)
    return LocalNeo4j(
        home=settings.local_neo4j_home,
        lib=lib,
        bolt_port=settings.local_neo4j_bolt_port,
        heap=settings.local_neo4j_heap,
        pagecache=settings.local_neo4j_pagecache,
        java=find_java(settings.java_home),
    )


def open_driver(settings: Settings, uri: str | None = None) -> Driver:
    """Open (lazily; nothing is sent yet) a driver for ``uri`` or the configured ``NEO4J_URI``.

    The timeouts make a request fail fast while Neo4j is down (all from ``settings``, seconds):
    ``connection_timeout`` (``neo4j_connection_timeout_s``, 0.4: a TCP connect on a LAN or loopback
    takes milliseconds), ``connection_acquisition_timeout`` (``neo4j_acquisition_timeout_s``, 1.0:
    waiting for a pooled connection, creating one included) and ``max_transaction_retry_time``
    (``neo4j_retry_time_s``, 0.5: the driver's first retry comes after about 1 s, so a managed
    transaction is tried twice). A refused connection is answered in about 1.2 s, an unreachable
    host in at most 0.4 + 1.2 + 0.4 = 2 s. Raise them for a remote database on a slow network.

    Raises:
        ConfigurationError: no URI is known.
    """
    target = uri or settings.neo4j_uri
    if not target:
        raise ConfigurationError("no Neo4j URI: set NEO4J_URI or start the local server first")
    auth = None
    if settings.neo4j_password is not None:
        auth = (settings.neo4j_user, settings.neo4j_password.get_secret_value())
    return GraphDatabase.driver(
        target,
        auth=auth,
        connection_acquisition_timeout=max(settings.neo4j_acquisition_timeout_s, settings.neo4j_connection_timeout_s),
        connection_timeout=settings.neo4j_connection_timeout_s,
        max_transaction_retry_time=settings.neo4j_retry_time_s,
        notifications_min_severity="OFF",
    )


def schema_statements(schema_dir: Path = SCHEMA_DIR) -> list[str]:
    """The statements of ``constraints.cypher`` then ``indexes.cypher``, comments removed."""
    out: list[str] = []
    for name in ("constraints.cypher", "indexes.cypher"):
        text = "\n".join(
            line for line in (schema_dir / name).read_text().splitlines() if not line.lstrip().startswith("//")
        )
        out += [stmt.strip() for stmt in text.split(";") if stmt.strip()]
    return out


def apply_schema(driver: Driver, database: str) -> int:
    """Apply every constraint and index (each ``IF NOT EXISTS``); returns how many were run."""
    statements = schema_statements()
    with driver.session(database=database) as session:
        for stmt in statements:
            session.run(stmt).consume()  # schema statements are static text from schema/*.cypher
    return len(statements)
