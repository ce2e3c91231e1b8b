"""The FastAPI application: ``create_app(settings)`` is the composition root.

The lifespan owns the Neo4j driver (opened lazily, so the service starts even when Neo4j is down;
``/readyz`` then says not ready and queries answer DATABASE_UNAVAILABLE until it is back).

Routes: ``/graphql`` (GraphiQL only in development), ``/healthz`` (process alive), ``/readyz``
(Neo4j answers), ``/metrics`` (Prometheus).
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from neo4j import Driver
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from starlette.concurrency import run_in_threadpool
from strawberry.fastapi import GraphQLRouter

from service.api.context import Context
from service.api.schema import build_schema
from service.config import Environment, Settings
from service.errors import FabricGraphError
from service.persistence.driver import open_driver
from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService

__all__ = ["create_app"]

log = logging.getLogger("fabricgraph")


def create_app(settings: Settings, driver: Driver | None = None) -> FastAPI:
    """Build the app.

    Args:
        settings: configuration; ``settings.neo4j_uri`` must be set unless ``driver`` is given.
        driver: an already open driver (tests); the app then does not close it.
    """
    registry = CollectorRegistry()
    requests_total = Counter("fabricgraph_requests_total", "HTTP requests", ["path", "status"], registry=registry)
    latency = Histogram("fabricgraph_request_seconds", "HTTP request latency (s)", ["path"], registry=registry)
    state: dict[str, object] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        own = driver is None
        drv = driver if driver is not None else open_driver(settings)
        repo = Neo4jRepository(drv, settings.neo4j_database, settings.neo4j_transaction_timeout_s)
        state["service"] = CatalogueService(repo)
        try:
            yield
        finally:
            if own:
                drv.close()

    app = FastAPI(title="fabricgraph", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    schema = build_schema(settings)

    async def get_context(request: Request) -> Context:
        service = state["service"]
        assert isinstance(service, CatalogueService)
        return Context.build(settings, service, request)

    graphql = GraphQLRouter(
        schema,
        context_getter=get_context,
        graphql_ide="graphiql" if settings.environment is Environment.DEVELOPMENT else None,
        multipart_uploads_enabled=False,
        allow_queries_via_get=False,
    )
    app.include_router(graphql, prefix="/graphql")

    @app.middleware("http")
    async def measure(request: Request, call_next):  # type: ignore[no-untyped-def]
        path = request.url.path if request.url.path in {"/graphql", "/healthz", "/readyz", "/metrics"} else "other"
        start = time.perf_counter()
        try:
            response: Response = await call_next(request)
        except Exception:
            requests_total.labels(path, "500").inc()
            log.exception("unhandled error")
            return JSONResponse({"errors": [{"message": "internal error"}]}, status_code=500)
        latency.labels(path).observe(time.perf_counter() - start)
        requests_total.labels(path, str(response.status_code)).inc()
        return response

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        """The process is up (says nothing about Neo4j)."""
        return {"status": "ok"}

    @app.get("/readyz")
    async def readyz() -> JSONResponse:
        """Ready when Neo4j answers a read transaction."""
        service = state.get("service")
        try:
            ok = isinstance(service, CatalogueService) and await run_in_threadpool(service.repo.ping)
        except FabricGraphError:
            ok = False
        return JSONResponse({"status": "ready" if ok else "not ready"}, status_code=200 if ok else 503)

    @app.get("/metrics")
    async def metrics() -> Response:
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)

    return app
