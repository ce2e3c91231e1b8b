"""Settings for fabricgraph, read from the environment (prefix ``FABRICGRAPH_``) or ``.env``.

Nothing here connects to anything or reads settings at import time: :func:`get_settings` builds a
:class:`Settings` when the app, the CLI or a test asks for one.

How the database is found (first that applies):

1. ``NEO4J_URI`` (with ``NEO4J_USER`` / ``NEO4J_PASSWORD``) from the environment.
2. A Docker engine that answers: ``docker compose up`` gives the same Neo4j 5.26 server (tests use
   testcontainers).
3. Otherwise a local Neo4j Community 5.26 server that the project starts itself from the Maven
   Central jars in ``neo4j-server/lib`` on the machine's Java 17 (see
   :mod:`service.persistence.local_server`).
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["PROJECT_ROOT", "Environment", "Settings", "get_settings"]

PROJECT_ROOT = Path(__file__).resolve().parent.parent


class Environment(StrEnum):
    """Deployment mode: development shows GraphiQL and unmasked errors; production hides both."""

    DEVELOPMENT = "development"
    TEST = "test"
    PRODUCTION = "production"


class Settings(BaseSettings):
    """All configuration of the service. Every field can be set as ``FABRICGRAPH_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="FABRICGRAPH_", env_file=".env", extra="ignore")

    environment: Environment = Environment.DEVELOPMENT

    # Database. NEO4J_URI / NEO4J_USER / NEO4J_PASSWORD are accepted without the prefix too.
    neo4j_uri: Annotated[str | None, Field(validation_alias=AliasChoices("FABRICGRAPH_NEO4J_URI", "NEO4J_URI"))] = None
    neo4j_user: Annotated[str, Field(validation_alias=AliasChoices("FABRICGRAPH_NEO4J_USER", "NEO4J_USER"))] = "neo4j"
    neo4j_password: Annotated[
        SecretStr | None,
        Field(validation_alias=AliasChoices("FABRICGRAPH_NEO4J_PASSWORD", "NEO4J_PASSWORD")),
    ] = None
    neo4j_database: str = "neo4j"
    neo4j_transaction_timeout_s: Annotated[float, Field(gt=0)] = 10.0
    # How fast a request learns that Neo4j is down (see service.persistence.driver.open_driver):
    # a refused connection is answered in about 1.2 s (one retry), an unreachable host in about 2 s.
    neo4j_connection_timeout_s: Annotated[float, Field(gt=0)] = 0.4
    neo4j_acquisition_timeout_s: Annotated[float, Field(gt=0)] = 1.0
    neo4j_retry_time_s: Annotated[float, Field(ge=0)] = 0.5
    # ``fabricgraph query`` on a server it may just have started: how long
    # it waits for Neo4j to answer a read before running the document, and how often it runs a
    # read-only document again when an answer is DATABASE_UNAVAILABLE (a cold, just-started JVM on a
    # loaded machine can miss the transaction timeout on its first heavy reads; the retry finds the
    # caches and query plans warm). Back-off doubles from cli_retry_backoff_s. The transaction
    # timeout itself stays neo4j_transaction_timeout_s, as for the server.
    cli_ready_timeout_s: Annotated[float, Field(ge=0)] = 60.0
    cli_retries: Annotated[int, Field(ge=0, le=10)] = 2
    cli_retry_backoff_s: Annotated[float, Field(ge=0)] = 2.0

    # The local server the project starts itself (used when no NEO4J_URI is given).
    local_neo4j_dir: Path = PROJECT_ROOT / "neo4j-server"
    local_neo4j_home: Path = PROJECT_ROOT / "neo4j-server" / "home"
    local_neo4j_bolt_port: Annotated[int, Field(ge=1024, le=65535)] = 7687
    local_neo4j_heap: str = "512m"
    local_neo4j_pagecache: str = "128m"
    local_neo4j_start_timeout_s: Annotated[float, Field(gt=0)] = 120.0
    java_home: Path | None = None

    # HTTP.
    host: str = "127.0.0.1"
    port: Annotated[int, Field(ge=1, le=65535)] = 8000

    # GraphQL limits (production hardening; see README "Production configuration").
    max_query_depth: Annotated[int, Field(ge=1)] = 12
    max_aliases: Annotated[int, Field(ge=1)] = 30
    max_tokens: Annotated[int, Field(ge=10)] = 2000
    # The largest /graphql body: it must hold the largest part list validatePartList takes (20,000
    # lines of up to 80 bytes and 1,000 intents of up to 250 bytes, in variables), so the limits agree.
    max_document_bytes: Annotated[int, Field(ge=100)] = 2_000_000
    max_page_size: Annotated[int, Field(ge=1)] = 200
    request_deadline_s: Annotated[float, Field(gt=0, description="per-request deadline, seconds")] = 15.0

    # Cost limits (see service.api.cost): work a request may ask for, estimated before it runs.
    max_export_links: Annotated[
        int, Field(ge=1, description="links a planFatTree cablingCsv may enumerate, anonymous caller")
    ] = 100_000
    max_export_links_authenticated: Annotated[
        int, Field(ge=1, description="the same for a caller with a valid API key (and the CLI)")
    ] = 2_000_000

    # Access (see service.auth). ``api_keys`` maps a principal name (recorded as "who" on every
    # catalogue edit) to the SHA-256 of its API key or bearer token, as ``sha256:<64 hex>``; the
    # keys themselves are never stored. Mutations always need one; reads only with
    # ``read_requires_auth``.
    api_keys: dict[str, str] = Field(default_factory=dict)
    read_requires_auth: bool = False

    # Observability: logs as one JSON object per line (or plain text for a terminal).
    log_format: Literal["json", "text"] = "json"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    metrics_max_operations: Annotated[int, Field(ge=1, description="distinct operation labels kept")] = 200

    @field_validator("api_keys")
    @classmethod
    def _keys_are_hashes(cls, value: dict[str, str]) -> dict[str, str]:
        """Only hashes at rest: every value must be ``sha256:<64 lower-case hex>``."""
        for name, digest in value.items():
            if not re.fullmatch(r"[A-Za-z0-9_.@-]{1,64}", name):
                raise ValueError(f"api_keys: principal name {name!r} must be 1-64 of A-Z a-z 0-9 _ . @ -")
            if not re.fullmatch(r"sha256:[0-9a-f]{64}", digest):
                raise ValueError(
                    f"api_keys[{name!r}]: store the key's hash ('sha256:<64 hex>', see "
                    "`python -m service.auth new`), never the key itself"
                )
        return value

    @model_validator(mode="after")
    def _production_needs_real_password(self) -> Settings:
        """Refuse a missing or placeholder database password for a remote Neo4j in production."""
        if self.environment is Environment.PRODUCTION and self.neo4j_uri:
            pw = self.neo4j_password.get_secret_value() if self.neo4j_password else ""
            if pw in {"", "changethis", "password", "neo4j"}:
                raise ValueError("production with NEO4J_URI needs a real NEO4J_PASSWORD")
        return self

    @model_validator(mode="after")
    def _protected_reads_need_a_key(self) -> Settings:
        """``read_requires_auth`` without any key would lock everybody out."""
        if self.read_requires_auth and not self.api_keys:
            raise ValueError("read_requires_auth needs at least one entry in api_keys")
        return self

    @property
    def graphiql_enabled(self) -> bool:
        """GraphiQL is served in development only."""
        return self.environment is Environment.DEVELOPMENT

    @property
    def introspection_enabled(self) -> bool:
        """Schema introspection is refused in production."""
        return self.environment is not Environment.PRODUCTION

    @property
    def uses_local_server(self) -> bool:
        """True when no ``NEO4J_URI`` is configured, so the project runs its own local server."""
        return not self.neo4j_uri


def get_settings(**overrides: object) -> Settings:
    """Build settings from the environment, with keyword overrides (used by tests and the CLI)."""
    return Settings(**overrides)  # type: ignore[arg-type]
