"""The FastAPI application: ``create_app(settings)`` is the composition root.

The lifespan owns the Neo4j driver. The driver connects lazily, so the service starts even when
Neo4j is down: ``/readyz`` then answers 503 and queries answer DATABASE_UNAVAILABLE until Neo4j is
back, when the driver's pool reconnects by itself (no restart).

Routes: ``/graphql`` (POST JSON only; GraphiQL from local assets in development only), ``/healthz``
(the process is up), ``/readyz`` (Neo4j answers), ``/metrics`` (Prometheus), and the web pages
(``/``, ``/links``, ``/check``, ``/parts-list``, ``/plan``, ``/catalogue``, ``/graphiql``, ``/static``;
see :mod:`service.web`).

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
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from cross_web import HTTPException as GraphQLHTTPException
from fastapi import Depends, FastAPI, HTTPException, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from neo4j import Driver
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.fastapi import GraphQLRouter

from service import auth
from service.api.context import Context
from service.api.schema import build_schema
from service.config import Settings
from service.errors import FabricGraphError
from service.observability import Metrics, MetricsExtension, RequestIdMiddleware, configure_logging
from service.persistence.driver import open_driver
from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService
from service.web import STATIC_DIR, build_router, graphiql_page

__all__ = ["READY_TIMEOUT_S", "RequestGuard", "StrictJSONRouter", "create_app", "strict_json"]

log = logging.getLogger("fabricgraph")

READY_TIMEOUT_S = 3.0
"""How long ``/readyz`` waits for Neo4j before it says not ready (seconds)."""


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

    Raises:
        cross_web.HTTPException: 400 for NaN/Infinity, invalid UTF-8 or a lone surrogate.
        json.JSONDecodeError: not JSON at all (strawberry answers 400).
    """
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
    """ASGI middleware: a body-size limit on ``/graphql`` (checked before any parsing) and a deadline.

    Args:
        app: the wrapped app.
        max_body_bytes: the largest request body accepted on ``/graphql``; larger → 413.
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
            replay = await self._read_limited(scope, receive)
            if replay is None:
                for message in _error_response(
                    413, "DOCUMENT_TOO_LARGE", f"request body exceeds {self.max_body_bytes} bytes"
                ):
                    await send(message)
                return
            receive = replay
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

    async def _read_limited(self, scope: Scope, receive: Receive) -> Receive | None:
        """The whole body, if within the limit, as a ``receive`` that replays it; None if over the limit."""
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

        return replay


def create_app(settings: Settings, driver: Driver | None = None) -> FastAPI:
    """Build the app.

    Args:
        settings: configuration; ``settings.neo4j_uri`` must be set unless ``driver`` is given.
        driver: an already open driver (tests); the app then does not close it.

    Raises:
        ConfigurationError: (at start-up) no Neo4j URI is configured and no driver given.
    """
    configure_logging(settings)
    metrics = Metrics(settings.metrics_max_operations)
    state: dict[str, CatalogueService] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        own = driver is None
        drv = driver if driver is not None else open_driver(settings)
        repo = Neo4jRepository(drv, settings.neo4j_database, settings.neo4j_transaction_timeout_s)
        state["service"] = CatalogueService(repo)
        log.info("started", extra={"environment": settings.environment.value})
        try:
            yield
        finally:
            state.clear()
            if own:
                drv.close()

    app = FastAPI(title="fabricgraph", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    schema = build_schema(settings, extensions=[lambda: MetricsExtension(metrics)])

    async def get_context(request: Request) -> Context:
        return Context.build(settings, state["service"], request)

    async def reader(request: Request) -> None:
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

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        """The process is up (says nothing about Neo4j)."""
        return {"status": "ok"}

    @app.get("/readyz")
    async def readyz() -> JSONResponse:
        """Ready (200) when Neo4j answers a read transaction within READY_TIMEOUT_S; else 503."""
        service = state.get("service")
        ok = False
        if service is not None:
            try:
                ok = await asyncio.wait_for(run_in_threadpool(service.repo.ping), READY_TIMEOUT_S)
            except (FabricGraphError, TimeoutError):
                ok = False
        return JSONResponse({"status": "ready" if ok else "not ready"}, status_code=200 if ok else 503)

    @app.get("/metrics")
    async def prometheus() -> Response:
        body, content_type = metrics.exposition()
        return Response(body, media_type=content_type)

    app.add_middleware(RequestGuard, max_body_bytes=settings.max_document_bytes, deadline_s=settings.request_deadline_s)
    app.add_middleware(RequestIdMiddleware, metrics=metrics)
    return app
