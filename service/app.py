"""The FastAPI application: ``create_app(settings)`` is the composition root.

The lifespan owns the Neo4j driver. The driver connects lazily, so the service starts even when
Neo4j is down: ``/readyz`` then answers 503 and queries answer DATABASE_UNAVAILABLE until Neo4j is
back, when the driver's pool reconnects by itself (no restart). With ``seed=True`` (``fabricgraph
serve``) the lifespan loads the seed files first; if Neo4j does not answer yet, the app serves at
once and a background task seeds as soon as it does (every :data:`SEED_RETRY_S` seconds); until then
``/readyz`` is 503 and ``/graphql`` answers 503 ``CATALOGUE_NOT_LOADED``, never an empty catalogue.
Once Neo4j answers, a request that reaches a worker still seeding waits for it (at most
:data:`LOADING_WAIT_S`) rather than being refused while another worker already answers.

Routes: ``/graphql`` (POST JSON only; GraphiQL from local assets in development only), ``/healthz``
(the process is up), ``/readyz`` (Neo4j answers and the first catalogue snapshot is loaded; with
the snapshot's version, age and health), ``/metrics`` (Prometheus), and the web pages (``/``,
``/links``, ``/check``, ``/parts-list``, ``/plan``, ``/catalogue``, ``/graphiql``, ``/static``; see
:mod:`service.web`).

Reads answer from an in-memory catalogue snapshot (:class:`SnapshotRepository`): loaded in the
background at start (``/readyz`` is 503 until it is; reads meanwhile run Cypher), checked against
the catalogue version at most every 0.5 s, reloaded after the app's own edits. While Neo4j is away
the last good snapshot keeps answering reads; ``/readyz`` says the database is down and the snapshot
stale.

What a request passes through, outermost first::

    RequestIdMiddleware   X-Request-ID honoured or made, echoed; JSON access log; HTTP metrics
    RequestGuard          body > max_document_bytes → 413 before anything parses it;
                          past request_deadline_s → 504 DEADLINE_EXCEEDED
    /graphql router       strict JSON (NaN, Infinity, invalid UTF-8, lone surrogates → 400);
                          read_requires_auth → 401 without a valid key; no multipart, no GET
    schema extensions     metrics per operation, depth / alias / token limits, no introspection in
                          production, unexpected errors masked outside development
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import orjson
from cross_web import HTTPException as GraphQLHTTPException
from fastapi import Depends, FastAPI, HTTPException, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from neo4j import Driver
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.fastapi import GraphQLRouter

from service import auth
from service.api.context import Context
from service.api.schema import build_schema
from service.config import Settings, get_settings
from service.errors import FabricGraphError
from service.observability import BadRowsCollector, Metrics, MetricsExtension, RequestIdMiddleware, configure_logging
from service.persistence.driver import open_driver
from service.persistence.snapshot import SnapshotRepository
from service.runtime import tune_gc
from service.use_cases import CatalogueService
from service.web import STATIC_DIR, build_router, graphiql_page

__all__ = [
    "MAX_JSON_DEPTH",
    "READY_TIMEOUT_S",
    "SEED_AT_START_ENV",
    "RequestGuard",
    "StrictJSONRouter",
    "app_from_environment",
    "create_app",
    "json_depth",
    "seed_once",
    "strict_json",
]

log = logging.getLogger("fabricgraph")

READY_TIMEOUT_S = 3.0
"""How long ``/readyz`` waits for Neo4j before it says not ready (seconds)."""

SEED_RETRY_S = 2.0
"""How often the app tries to seed a Neo4j that did not answer at start-up (seconds)."""

LOADING_WAIT_S = 10.0
"""How long a request waits for its worker to finish seeding and loading once Neo4j has answered
(seconds; at most 80 % of the request deadline), rather than being refused with 503
``CATALOGUE_NOT_LOADED``. ``serve`` runs several
workers, each seeding on its own: a request the kernel hands to a worker that is still loading
(while another already answers ``/readyz`` 200) is answered when that worker is ready."""


class _CatalogueNotLoaded(Exception):  # noqa: N818 - internal signal, answered as 503
    """``/graphql`` was asked before the seed files could be loaded (Neo4j not reached yet)."""


def _answers(driver: Driver) -> bool:
    """True when Neo4j answers a connection now (about a second when it does not)."""
    from neo4j.exceptions import DriverError, Neo4jError

    try:
        driver.verify_connectivity()
    except (DriverError, Neo4jError, OSError):
        return False
    return True


def _try_seed(driver: Driver, database: str) -> bool:
    """Apply the schema and load the seed files; False when Neo4j cannot be reached.

    Raises:
        SeedValidationError: a seed file is invalid (a start-up failure, not a wait).
    """
    from neo4j.exceptions import DriverError, Neo4jError

    from seed.loader import seed_database

    try:
        driver.verify_connectivity()  # fails in about a second; loading the seed files takes longer
        report = seed_database(driver, database)
    except (DriverError, Neo4jError, OSError) as exc:
        log.info("Neo4j not reachable for seeding yet", extra={"reason": type(exc).__name__})
        return False
    log.info(
        "seeded",
        extra={"nodes": report.nodes, "relationships": report.relationships, "kept_edits": report.kept_edits},
    )
    return True


MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects a ``/graphql`` body may have (the body object counts 1).

The deepest input the schema takes is a catalogue-edit row (a JSON object of lists of objects), 5
levels inside ``variables``; 32 leaves room and stays far below Python's recursion limit (1,000),
which the JSON decoder and every recursive walk of the value would otherwise hit with a 2 KB body."""

_JSON_SPECIAL = re.compile(rb'[\\"\[\]{}]')


def json_depth(body: bytes, stop_above: int | None = None) -> int:
    """The deepest nesting of ``[``/``{`` in a JSON text, not counting brackets inside strings.

    With ``stop_above``, the count may end as soon as the depth passes it (and returns that depth).

    A body that orjson parses (a parser in Rust that refuses nesting past 1,024 levels, so it never
    exhausts a stack) is measured on the parsed value without recursion, in a few milliseconds for a
    100 KB batch. Any other text is scanned by :func:`_scan_depth`. Safe on a hostile body: no
    recursive parser in Python sees it first. For a text that is not JSON the figure is an upper bound
    of what a parser would recurse into.
    """
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        return _scan_depth(body, stop_above)
    return _value_depth(value, stop_above)


def _value_depth(value: object, stop_above: int | None = None) -> int:
    """The nesting depth of a parsed JSON value (a scalar 0, ``[]`` 1, ``{"a": [1]}`` 2), walked
    level by level without recursion; stops early past ``stop_above``."""
    level: list[Any] = [value] if type(value) is dict or type(value) is list else []
    depth = 0
    while level:
        depth += 1
        if stop_above is not None and depth > stop_above:
            break
        below: list[Any] = []
        add = below.append
        for node in level:
            for child in node.values() if type(node) is dict else node:
                if type(child) is dict or type(child) is list:
                    add(child)
        level = below
    return depth


def _scan_depth(body: bytes, stop_above: int | None = None) -> int:
    """:func:`json_depth` by one linear pass over the text's special characters (found by a regular
    expression in C), with no recursion; works on any bytes."""
    depth = deepest = 0
    in_string = False
    skip_to = -1
    for match in _JSON_SPECIAL.finditer(body):
        at = match.start()
        if at < skip_to:
            continue
        char = body[at]
        if in_string:
            if char == 0x5C:  # backslash: the next character is escaped
                skip_to = at + 2
            elif char == 0x22:
                in_string = False
        elif char == 0x22:
            in_string = True
        elif char in b"[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_above is not None and depth > stop_above:
                    break
        elif char in b"]}":
            depth -= 1
    return deepest


def _reject_constant(name: str) -> Any:
    raise GraphQLHTTPException(400, f"{name} is not a JSON number; send finite numbers only")


def _check_text(value: object) -> None:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise GraphQLHTTPException(400, "text contains a lone UTF-16 surrogate; send valid Unicode") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_text(k)
            _check_text(v)
    elif isinstance(value, list):
        for v in value:
            _check_text(v)


def strict_json(data: str | bytes) -> object:
    """Decode a request body as strict JSON.

    Python's ``json`` accepts ``NaN``, ``Infinity`` and ``-Infinity`` and decodes ``"\\ud800"`` to a
    lone surrogate; none of these is valid JSON text for this API.

    orjson decodes first: it refuses all of these itself and is ~3 times faster, so a text it takes
    needs no further check but the nesting depth. It reads an integer beyond 64 bits as a float,
    so a text with a run of 19 or more digits is decoded by ``json`` instead (as is every text orjson
    refuses), which keeps the integer exact and gives each refusal its own message.

    Raises:
        cross_web.HTTPException: 400 for NaN/Infinity, invalid UTF-8, a lone surrogate, nesting
            deeper than :data:`MAX_JSON_DEPTH`, or a body that is not a JSON object (or a list of
            objects).
        json.JSONDecodeError: not JSON at all (strawberry answers 400).
    """
    value: object
    try:
        if _has_long_digit_run(data):
            raise orjson.JSONDecodeError("an integer may exceed 64 bits", "", 0)
        value = orjson.loads(data)
    except orjson.JSONDecodeError:
        value = _strict_json_slowly(data)
    else:
        if _value_depth(value, stop_above=MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
            raise GraphQLHTTPException(400, f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels")
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(item, dict) for item in items):
        # strawberry reads the body with .get(); a bare 0, "x", true or null was a 500.
        raise GraphQLHTTPException(400, 'the request body must be a JSON object {"query": …}')
    return value


_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)
_LONG_RUN = b"0" * 19


def _has_long_digit_run(data: str | bytes) -> bool:
    """True when the text holds a run of 19 or more digits: an integer literal that may not fit 64
    bits (orjson would read it as a float). Two passes in C over the bytes (~0.2 ms for 100 KB)."""
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    return _LONG_RUN in raw.translate(_DIGITS_AS_ZERO)


def _strict_json_slowly(data: str | bytes) -> object:
    """:func:`strict_json` by Python's ``json``, with the checks orjson makes done by hand (each with
    its own message)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if _scan_depth(raw, stop_above=MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise GraphQLHTTPException(400, f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        value = json.loads(data, parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise GraphQLHTTPException(400, "the request body is not valid UTF-8") from None
    _check_text(value)
    return value


class StrictJSONRouter(GraphQLRouter[Context, None]):
    """strawberry's FastAPI router with :func:`strict_json` as its JSON decoder and GraphiQL served
    from local assets (:func:`service.web.graphiql_page`)."""

    def decode_json(self, data: str | bytes) -> object:
        return strict_json(data)

    def encode_json(self, data: object) -> bytes:
        """The response body as compact UTF-8 JSON by orjson (a 1,000-spec linkOptionsBatch answer,
        ~1.5 MB, in ~3 ms instead of ~45 ms with the standard library; the same JSON value)."""
        return orjson.dumps(data)

    async def render_graphql_ide(self, request: Request) -> HTMLResponse:
        """GraphiQL from the package's own assets (service.web), not strawberry's CDN page."""
        return graphiql_page(request)


def _error_response(status: int, code: str, message: str) -> tuple[Message, Message]:
    body = json.dumps({"errors": [{"message": message, "extensions": {"code": code}}]}).encode()
    start: Message = {
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
    }
    return start, {"type": "http.response.body", "body": body}


class RequestGuard:
    """ASGI middleware: a body-size limit and a nesting-depth limit on ``/graphql`` (both checked
    before any parsing) and a deadline.

    Args:
        app: the wrapped app.
        max_body_bytes: the largest request body accepted on ``/graphql``; larger → 413.
            A body nesting arrays/objects deeper than :data:`MAX_JSON_DEPTH` → 400 ``JSON_TOO_DEEP``.
        deadline_s: the longest a request may take; longer → 504 ``DEADLINE_EXCEEDED`` (if no
            response has started yet).
    """

    def __init__(self, app: ASGIApp, max_body_bytes: int, deadline_s: float) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.deadline_s = deadline_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope.get("path", "").rstrip("/") == "/graphql":
            read = await self._read_limited(scope, receive)
            if read is None:
                for message in _error_response(
                    413, "DOCUMENT_TOO_LARGE", f"request body exceeds {self.max_body_bytes} bytes"
                ):
                    await send(message)
                return
            replay, body = read
            receive = replay
            if json_depth(body, stop_above=MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
                for message in _error_response(
                    400, "JSON_TOO_DEEP", f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels"
                ):
                    await send(message)
                return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            async with asyncio.timeout(self.deadline_s):
                await self.app(scope, receive, watch)
        except TimeoutError:
            log.warning("deadline exceeded", extra={"deadline_s": self.deadline_s})
            if not started:
                for message in _error_response(
                    504, "DEADLINE_EXCEEDED", f"the request took longer than {self.deadline_s:g} s"
                ):
                    await send(message)

    async def _read_limited(self, scope: Scope, receive: Receive) -> tuple[Receive, bytes] | None:
        """The whole body, if within the limit, as a ``receive`` that replays it (and the bytes);
        None if over the limit."""
        for key, value in scope.get("headers") or []:
            if key == b"content-length":
                try:
                    if int(value) > self.max_body_bytes:
                        return None
                except ValueError:
                    return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replay, body


class SnapshotCollector(Collector):
    """``/metrics`` for the catalogue snapshot: version, age (s), stale (0/1), failed reloads."""

    def __init__(self, state: dict[str, CatalogueService]) -> None:
        self._state = state

    def collect(self) -> Iterator[Metric]:
        service = self._state.get("service")
        repo = service.repo if service is not None else None
        if not isinstance(repo, SnapshotRepository):
            return
        st = repo.state()
        yield GaugeMetricFamily(
            "fabricgraph_catalogue_snapshot_version", "catalogue version of the snapshot served", value=st.version
        )
        yield GaugeMetricFamily(
            "fabricgraph_catalogue_snapshot_age_seconds", "seconds since the snapshot was loaded", value=st.age_s
        )
        yield GaugeMetricFamily(
            "fabricgraph_catalogue_snapshot_stale",
            "1 when the last snapshot reload or version check failed (the last good snapshot is served)",
            value=1.0 if st.stale else 0.0,
        )
        yield CounterMetricFamily(
            "fabricgraph_catalogue_snapshot_reload_failures",
            "failed snapshot loads and version checks",
            value=st.reload_failures,
        )


def create_app(settings: Settings, driver: Driver | None = None, *, seed: bool = False) -> FastAPI:
    """Build the app.

    Args:
        settings: configuration; ``settings.neo4j_uri`` must be set unless ``driver`` is given.
        driver: an already open driver (tests); the app then does not close it.
        seed: load the seed files at start-up (idempotent), or as soon as Neo4j answers.

    Raises:
        ConfigurationError: (at start-up) no Neo4j URI is configured and no driver given.
    """
    configure_logging(settings)
    tune_gc()
    metrics = Metrics(settings.metrics_max_operations)
    state: dict[str, CatalogueService] = {}
    loaded = asyncio.Event()
    loading = asyncio.Event()  # Neo4j answered and this worker is seeding and loading right now

    def skipped_rows() -> dict[str, int]:
        service = state.get("service")
        return dict(service.repo.health.skipped) if service is not None else {}

    metrics.registry.register(BadRowsCollector(skipped_rows))

    async def seed_when_up(drv: Driver, repo: SnapshotRepository) -> None:
        while True:
            if await run_in_threadpool(_answers, drv):
                loading.set()
                if await run_in_threadpool(_try_seed, drv, settings.neo4j_database):
                    break
                loading.clear()
            await asyncio.sleep(SEED_RETRY_S)
        with contextlib.suppress(FabricGraphError):  # else the version check picks the seed up
            await run_in_threadpool(repo.refresh)  # answer from the seeded catalogue at once
        loaded.set()
        loading.clear()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        own = driver is None
        drv = driver if driver is not None else open_driver(settings)
        repo = SnapshotRepository(drv, settings.neo4j_database, settings.neo4j_transaction_timeout_s)
        state["service"] = CatalogueService(repo)
        seeding: asyncio.Task[None] | None = None
        if not seed or await run_in_threadpool(_try_seed, drv, settings.neo4j_database):
            loaded.set()
        else:
            log.warning(
                "Neo4j does not answer yet; serving, and seeding as soon as it does",
                extra={"retry_s": SEED_RETRY_S},
            )
            seeding = asyncio.create_task(seed_when_up(drv, repo))
        repo.current()  # starts loading the first snapshot in the background; reads use Cypher meanwhile
        log.info("started", extra={"environment": settings.environment.value})
        try:
            yield
        finally:
            if seeding is not None:
                seeding.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await seeding
            state.clear()
            await run_in_threadpool(repo.close)  # a snapshot load cut off by drv.close() leaks its session
            if own:
                drv.close()

    app = FastAPI(title="fabricgraph", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    schema = build_schema(settings, extensions=[lambda: MetricsExtension(metrics)])
    metrics.registry.register(SnapshotCollector(state))

    async def get_context(request: Request) -> Context:
        return Context.build(settings, state["service"], request)

    async def reader(request: Request) -> None:
        if not loaded.is_set() and loading.is_set():
            with contextlib.suppress(TimeoutError):
                # inside the request deadline, so a worker still loading answers 503, never 504
                await asyncio.wait_for(loaded.wait(), min(LOADING_WAIT_S, 0.8 * settings.request_deadline_s))
        if not loaded.is_set():
            raise _CatalogueNotLoaded()
        if settings.read_requires_auth and auth.authenticate(settings, request.headers) is None:
            raise HTTPException(
                401, "a valid API key or bearer token is required", headers={"WWW-Authenticate": "Bearer"}
            )

    # The web pages (service.web), with the same read-access rule as /graphql.
    app.include_router(build_router(settings, lambda: state["service"]), dependencies=[Depends(reader)])
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="web-static")
    graphql = StrictJSONRouter(
        schema,
        context_getter=get_context,
        graphql_ide="graphiql" if settings.graphiql_enabled else None,
        multipart_uploads_enabled=False,
        allow_queries_via_get=False,
    )
    app.include_router(graphql, prefix="/graphql", dependencies=[Depends(reader)])

    @app.exception_handler(_CatalogueNotLoaded)
    async def not_loaded(request: Request, exc: _CatalogueNotLoaded) -> JSONResponse:
        message = "the catalogue is not loaded yet: Neo4j has not answered since start-up; retry shortly"
        return JSONResponse(
            {"errors": [{"message": message, "extensions": {"code": "CATALOGUE_NOT_LOADED"}}]},
            status_code=503,
            headers={"Retry-After": f"{SEED_RETRY_S:g}"},
        )

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        """The process is up (says nothing about Neo4j)."""
        return {"status": "ok"}

    @app.get("/readyz")
    async def readyz() -> JSONResponse:
        """Ready (200) when Neo4j answers a read transaction within READY_TIMEOUT_S and the first
        catalogue snapshot is loaded; else 503, so a load balancer sends a worker no traffic while
        it is still loading (requests that reach it then are answered over Cypher, correct but slow).

        The body says why (``database``: ``up`` / ``down``) and describes the catalogue snapshot reads
        answer from: ``snapshot.loaded``, ``version``, ``ageS`` (seconds), ``stale`` (the last
        reload or version check failed, so it may be behind Neo4j), ``reloadFailures`` and
        ``lastLoadS`` (seconds the last load took). Once loaded, Neo4j going down makes it 503
        (``database: down``, the snapshot ``stale``) while reads keep being answered from the snapshot.
        While no snapshot is loaded, each call starts a load unless one is running (a first load that
        failed is retried even when no request reaches the worker).
        """
        service = state.get("service")
        up = ready = False
        body: dict[str, Any] = {}
        if service is not None and loaded.is_set():
            try:
                up = await asyncio.wait_for(run_in_threadpool(service.repo.ping), READY_TIMEOUT_S)
            except (FabricGraphError, TimeoutError):
                up = False
            ready = up
            if isinstance(service.repo, SnapshotRepository):
                st = service.repo.state()
                if not st.loaded:
                    service.repo.current()  # never waits: starts the load in the background
                ready = up and st.loaded
                body["snapshot"] = {
                    "loaded": st.loaded,
                    "version": st.version,
                    "ageS": round(st.age_s, 3),
                    "stale": st.stale,
                    "reloadFailures": st.reload_failures,
                    "lastLoadS": round(st.last_load_s, 3),
                }
        return JSONResponse(
            {"status": "ready" if ready else "not ready", "database": "up" if up else "down", **body},
            status_code=200 if ready else 503,
        )

    @app.get("/metrics")
    async def prometheus() -> Response:
        body, content_type = metrics.exposition()
        return Response(body, media_type=content_type)

    app.add_middleware(RequestGuard, max_body_bytes=settings.max_document_bytes, deadline_s=settings.request_deadline_s)
    app.add_middleware(RequestIdMiddleware, metrics=metrics)
    return app


SEED_AT_START_ENV = "FABRICGRAPH_SEED_AT_START"
"""Set to ``1`` by ``fabricgraph serve --workers N`` when its own seed found no Neo4j: each worker
then seeds as soon as Neo4j answers (the loads are idempotent; a concurrent one is retried)."""


def seed_once(settings: Settings) -> bool:
    """Apply the schema and load the seed files through a short-lived driver; False when Neo4j
    cannot be reached (``fabricgraph serve --workers N`` seeds once before the workers start).

    Raises:
        SeedValidationError: a seed file is invalid.
    """
    driver = open_driver(settings)
    try:
        return _try_seed(driver, settings.neo4j_database)
    finally:
        driver.close()


def app_from_environment() -> FastAPI:
    """``create_app`` with settings from the environment: the factory each uvicorn worker process
    imports under ``fabricgraph serve --workers N`` (each worker then holds its own snapshot)."""
    return create_app(get_settings(), seed=os.environ.get(SEED_AT_START_ENV) == "1")
