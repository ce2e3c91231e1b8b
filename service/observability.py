"""Observability: a request id on every request and log line, JSON logs, Prometheus metrics.

::

    request ──► RequestIdMiddleware ──► (app) ──► response + X-Request-ID
                 │ honours a well-formed X-Request-ID (1-64 of A-Z a-z 0-9 . _ : -), else a uuid4
                 │ sets REQUEST_ID (a ContextVar) so every log line of the request carries it
                 └─ one access log line: method, path, status, duration_ms, request_id

    GraphQL operation ──► MetricsExtension ──► fabricgraph_graphql_requests_total{operation,type}
                                               fabricgraph_graphql_errors_total{operation,type}
                                               fabricgraph_graphql_seconds{operation,type}

Operation names come from clients, so at most ``max_operations`` distinct names become labels; the
rest count as ``other`` (unbounded label values would exhaust Prometheus' memory).
"""

from __future__ import annotations

import logging
import re
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector
from pythonjsonlogger.json import JsonFormatter
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.extensions import SchemaExtension

from service.config import Settings

__all__ = [
    "REQUEST_ID",
    "REQUEST_ID_HEADER",
    "BadRowsCollector",
    "Metrics",
    "MetricsExtension",
    "RequestIdMiddleware",
    "configure_logging",
    "request_id_of",
]

REQUEST_ID_HEADER = "x-request-id"
REQUEST_ID: ContextVar[str] = ContextVar("fabricgraph_request_id", default="-")
_ID_RE = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_NAME_RE = re.compile(r"[_A-Za-z][_0-9A-Za-z]{0,63}")
_LOGGERS = ("fabricgraph", "strawberry")
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

log = logging.getLogger("fabricgraph.http")


def request_id_of(header: str | None) -> str:
    """The request id to use: ``header`` when it is 1-64 safe characters, else a new uuid4 (hex)."""
    if header and _ID_RE.fullmatch(header):
        return header
    return uuid.uuid4().hex


class _RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


def configure_logging(settings: Settings) -> None:
    """Send the ``fabricgraph`` and ``strawberry`` loggers to stderr, one JSON object per line
    (``time``, ``level``, ``logger``, ``message``, ``request_id`` and any ``extra`` fields).

    Idempotent: calling it again (a second app in one process) replaces, never duplicates, the handler.
    """
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(_RequestIdFilter())
    if settings.log_format == "json":
        handler.setFormatter(
            JsonFormatter(
                "{asctime}{levelname}{name}{message}{request_id}",
                style="{",
                datefmt="%Y-%m-%dT%H:%M:%S%z",
                rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            )
        )
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"))
    handler.set_name("fabricgraph")
    for name in _LOGGERS:
        logger = logging.getLogger(name)
        for old in [h for h in logger.handlers if h.get_name() == "fabricgraph"]:
            logger.removeHandler(old)
        logger.addHandler(handler)
        logger.setLevel(settings.log_level)
        logger.propagate = False


class Metrics:
    """The app's own Prometheus registry: HTTP requests and GraphQL operations.

    Args:
        max_operations: distinct GraphQL operation names kept as label values; later ones are ``other``.
    """

    def __init__(self, max_operations: int = 200) -> None:
        self.registry = CollectorRegistry()
        self.http_requests = Counter(
            "fabricgraph_http_requests_total",
            "HTTP requests by path and status",
            ["path", "status"],
            registry=self.registry,
        )
        self.http_seconds = Histogram(
            "fabricgraph_http_request_seconds",
            "HTTP request latency (s)",
            ["path"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.operations = Counter(
            "fabricgraph_graphql_requests_total",
            "GraphQL operations by name and type",
            ["operation", "type"],
            registry=self.registry,
        )
        self.operation_errors = Counter(
            "fabricgraph_graphql_errors_total",
            "GraphQL operations answered with at least one error",
            ["operation", "type"],
            registry=self.registry,
        )
        self.operation_seconds = Histogram(
            "fabricgraph_graphql_seconds",
            "GraphQL operation latency (s)",
            ["operation", "type"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self._max = max_operations
        self._names: set[str] = set()

    def operation_label(self, name: str | None) -> str:
        """The label for an operation name: the name, ``anonymous``, or ``other`` past the cap."""
        if not name:
            return "anonymous"
        if not _NAME_RE.fullmatch(name):
            return "other"
        if name not in self._names:
            if len(self._names) >= self._max:
                return "other"
            self._names.add(name)
        return name

    def exposition(self) -> tuple[bytes, str]:
        """The text exposition format and its content type, for ``/metrics``."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST


class BadRowsCollector(Collector):
    """``fabricgraph_catalogue_bad_rows_total{kind}``: reads that skipped a catalogue row failing
    validation (see :mod:`service.persistence.health`), read at scrape time.

    Args:
        skipped: returns the counts per kind (empty before the repository exists).
    """

    def __init__(self, skipped: Callable[[], dict[str, int]]) -> None:
        self._skipped = skipped

    def collect(self) -> Iterator[CounterMetricFamily]:
        family = CounterMetricFamily(
            "fabricgraph_catalogue_bad_rows",
            "Catalogue rows skipped because they failed validation when read, by kind",
            labels=["kind"],
        )
        for kind, count in sorted(self._skipped().items()):
            family.add_metric([kind], count)
        yield family


class MetricsExtension(SchemaExtension):
    """Counts, errors and latency per GraphQL operation (name and type: query / mutation).

    Build one per request: ``lambda: MetricsExtension(metrics)``.
    """

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def on_operation(self) -> Iterator[None]:
        start = time.perf_counter()
        yield
        ctx = self.execution_context
        try:
            kind = ctx.operation_type.value
        except Exception:
            kind = "invalid"
        label = self.metrics.operation_label(ctx.operation_name)
        self.metrics.operations.labels(label, kind).inc()
        self.metrics.operation_seconds.labels(label, kind).observe(time.perf_counter() - start)
        result = ctx.result
        errors = getattr(result, "errors", None) or ctx.pre_execution_errors
        if errors:
            self.metrics.operation_errors.labels(label, kind).inc()


class RequestIdMiddleware:
    """ASGI middleware: request id in, request id out, one JSON access log line per request.

    A missing or malformed ``X-Request-ID`` is replaced (in the request too, so handlers see the same
    id) by a fresh uuid4.
    """

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: list[tuple[bytes, bytes]] = list(scope.get("headers") or [])
        given = next((v for k, v in headers if k == REQUEST_ID_HEADER.encode()), None)
        rid = request_id_of(given.decode("latin-1") if given is not None else None)
        headers = [(k, v) for k, v in headers if k != REQUEST_ID_HEADER.encode()]
        headers.append((REQUEST_ID_HEADER.encode(), rid.encode()))
        scope = {**scope, "headers": headers}
        token = REQUEST_ID.set(rid)
        start = time.perf_counter()
        status = 500
        path = scope.get("path", "")
        label = path if path in {"/graphql", "/healthz", "/readyz", "/metrics"} else "other"

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                out = [(k, v) for k, v in message.get("headers", []) if k.lower() != REQUEST_ID_HEADER.encode()]
                out.append((REQUEST_ID_HEADER.encode(), rid.encode()))
                message = {**message, "headers": out}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - start
            self.metrics.http_requests.labels(label, str(status)).inc()
            self.metrics.http_seconds.labels(label).observe(elapsed)
            extra: dict[str, Any] = {
                "method": scope.get("method"),
                "path": label,
                "status": status,
                "duration_ms": round(elapsed * 1000, 2),
            }
            log.info("request", extra=extra)
            REQUEST_ID.reset(token)
