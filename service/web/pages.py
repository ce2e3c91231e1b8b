"""The web pages: server-rendered Jinja2 templates, htmx for partial updates, on the same use cases
as GraphQL.

::

    browser ── GET/POST form ──► page handler ──► CatalogueService / ProcurementService /
       ▲                          (this module)     PlanningService  (the resolvers' use cases)
       └── full page, or only the result fragment when htmx asks (HX-Request) ◄──┘

Routes (all HTML unless noted):

    /                          start page: what each page does, catalogue counts
    /links                     link finder (linkOptions); ?explain=1 shows rejected candidates
    /check                     check a chain (checkLink)
    /parts-list                part list upload (validatePartList); POST validates the file
    /parts-list/report.{csv|json|xlsx}   POST: the report as a download
    /plan                      plan a fabric (planFatTree)
    /plan/export/{bom.csv|cabling.csv|plan.json|topology.svg}   the plan's exports (downloads)
    /catalogue                 search; /catalogue/parts/{number}, /catalogue/devices/{name}
    /graphiql                  GraphiQL from local assets (development only; else says where it is off);
                               GET /graphql from a browser shows the same page (see graphiql_page)

Errors are handled as GraphQL handles them: expected domain errors (unknown names with suggestions,
bad values naming the field, the database unavailable) are shown on the page with their code and a
4xx/503 status; anything unexpected is logged with the request id and the page shows only
"Unexpected error" and that id (status 500), whatever the environment.
"""

from __future__ import annotations

import csv
import io
import logging
from collections.abc import Awaitable, Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from openpyxl import Workbook  # type: ignore[import-untyped]
from starlette.concurrency import run_in_threadpool
from starlette.templating import Jinja2Templates

from service.config import Settings
from service.domain.catalogue import Source
from service.domain.link import Finding, LinkOption
from service.errors import DatabaseUnavailable, FabricGraphError, InputValidationError, NotFoundError
from service.persistence.repository import suggest
from service.planner import PlacementClass, PlanLayout, PlannerError
from service.planning import PlanningResult, PlanningService, PlanRequest
from service.procurement.export import report_csv, report_json
from service.procurement.models import ValidationReport
from service.procurement.use_case import ProcurementService
from service.rules import RULES
from service.use_cases import CatalogueService, EndRequest
from service.web import forms
from service.web.upload import Part, read_multipart

__all__ = ["STATIC_DIR", "TEMPLATES_DIR", "build_router", "graphiql_page"]

log = logging.getLogger("fabricgraph.web")

PACKAGE_DIR = Path(__file__).resolve().parent
TEMPLATES_DIR = PACKAGE_DIR / "templates"
STATIC_DIR = PACKAGE_DIR / "static"

_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_EXPORTS = {
    "bom.csv": ("text/csv; charset=utf-8", True),
    "cabling.csv": ("text/csv; charset=utf-8", True),
    "plan.json": ("application/json", True),
    "topology.svg": ("image/svg+xml", False),
}


def _status(exc: Exception) -> int:
    if isinstance(exc, DatabaseUnavailable):
        return 503
    if isinstance(exc, NotFoundError):
        return 404
    return 422


def _fmt(value: float | int | None, unit: str = "") -> str:
    """A number as a user reads it: ``2,048``, ``409,600``, ``2.5``; ``—`` for None."""
    if value is None:
        return "—"
    text = f"{int(value):,}" if isinstance(value, int) or float(value).is_integer() else f"{value:,.6g}"
    return f"{text} {unit}".rstrip()


def _source_ids(findings: Iterable[Finding]) -> list[str]:
    return [i for f in findings for i in f.source_ids]


def _option_source_ids(options: Iterable[LinkOption]) -> list[str]:
    out: list[str] = []
    for o in options:
        out += o.limiting_source_ids
        out += _source_ids(o.verdict.findings)
    return out


def _xlsx(report: ValidationReport) -> bytes:
    """The report as an XLSX workbook: one sheet ``report`` with the CSV export's columns and rows
    (so the two downloads agree cell for cell; whole numbers stay numbers)."""
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("report")
    for row in csv.reader(io.StringIO(report_csv(report))):
        sheet.append([int(c) if c.isdigit() else c for c in row])
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def build_router(settings: Settings, get_service: Callable[[], CatalogueService]) -> APIRouter:
    """The pages' routes.

    Args:
        settings: the app's settings (environment for GraphiQL and error detail, page-size limit).
        get_service: returns the running app's :class:`CatalogueService` (built by the lifespan).

    Returns:
        A router to include in the app (with the same read-access dependency as ``/graphql``).
    """
    templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
    templates.env.filters["fmt"] = _fmt
    templates.env.globals["graphiql_enabled"] = settings.graphiql_enabled
    router = APIRouter()

    def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
        """Render ``name`` (a full page), or only its ``result`` block for an htmx request."""
        context = {"request": request, **context}
        if request.headers.get("hx-request") == "true" and context.get("partial"):
            return templates.TemplateResponse(request, context["partial"], context, status_code=status)
        return templates.TemplateResponse(request, name, context, status_code=status)

    async def guarded(
        request: Request, name: str, context: dict[str, Any], work: Callable[[], Awaitable[dict[str, Any]]]
    ) -> HTMLResponse:
        """Run ``work`` and render its result into ``name``; expected errors render on the page."""
        try:
            context.update(await work())
            return page(request, name, context)
        except (FabricGraphError, PlannerError) as exc:
            context["error"] = exc
            return page(request, name, context, status=_status(exc))
        except Exception:
            log.exception("web page failed", extra={"path": request.url.path})
            context["unexpected"] = True
            return page(request, name, context, status=500)

    def service() -> CatalogueService:
        return get_service()

    def names(kind: str) -> list[str]:
        return service().repo.names(kind)

    def form_factor_test() -> Callable[[str], bool]:
        known = {n.casefold() for n in names("form_factor")}
        return lambda name: name.casefold() in known

    def sources(ids: Iterable[str]) -> dict[str, Source]:
        wanted = list(dict.fromkeys(ids))
        return {s.id: s for s in service().repo.sources(wanted)} if wanted else {}

    def end_names() -> list[str]:
        return sorted(set(names("device")) | set(names("form_factor")), key=str.casefold)

    # --- start page --------------------------------------------------------------------------------

    @router.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index(request: Request) -> HTMLResponse:
        async def work() -> dict[str, Any]:
            return {"stats": await run_in_threadpool(service().repo.stats)}

        return await guarded(request, "index.html", {"title": None}, work)  # the home page's title is the name alone

    # --- link finder -------------------------------------------------------------------------------

    @router.get("/links", response_class=HTMLResponse, include_in_schema=False)
    async def links(request: Request) -> HTMLResponse:
        form = dict(request.query_params)
        context: dict[str, Any] = {"title": "Link finder", "form": form, "partial": "links_result.html"}

        async def work() -> dict[str, Any]:
            out: dict[str, Any] = {"end_names": await run_in_threadpool(end_names), "grades": forms.FIBER_GRADES}
            if "rate" not in form:
                return out

            def ask() -> dict[str, Any]:
                is_ff = form_factor_test()
                end_a = forms.end_request(form, "a", is_ff)
                end_b = forms.end_request(form, "b", is_ff)
                result = service().link_options(
                    end_a=end_a,
                    end_b=end_b,
                    rate_gbps=forms.number(form, "rate", "Rate") or 0.0,
                    distance_m=forms.number(form, "distance", "Distance") or 0.0,
                    protocol=forms.protocol(form),
                    explain=bool(form.get("explain")),
                    plant=forms.plant_request(form),
                )
                ids = _option_source_ids(result.options) + _option_source_ids(result.rejected)
                return {"result": result, "sources": sources(ids)}

            out.update(await run_in_threadpool(ask))
            return out

        return await guarded(request, "links.html", context, work)

    # --- check a chain -----------------------------------------------------------------------------

    @router.get("/check", response_class=HTMLResponse, include_in_schema=False)
    async def check(request: Request) -> HTMLResponse:
        form = dict(request.query_params)
        context: dict[str, Any] = {"title": "Check a chain", "form": form, "partial": "check_result.html"}

        async def work() -> dict[str, Any]:
            def lists() -> dict[str, Any]:
                return {"end_names": end_names(), "part_names": sorted(names("part"), key=str.casefold)}

            out = await run_in_threadpool(lists)
            if "distance" not in form:
                return out

            def ask() -> dict[str, Any]:
                checked = service().check_link(forms.link_request(form, form_factor_test()))
                ids = _source_ids(checked.verdict.findings) + _option_source_ids(checked.alternatives)
                return {"check": checked, "sources": sources(ids)}

            out.update(await run_in_threadpool(ask))
            return out

        return await guarded(request, "check.html", context, work)

    # --- part list ---------------------------------------------------------------------------------

    def procurement() -> ProcurementService:
        return ProcurementService(service())

    async def report_of(request: Request) -> tuple[ValidationReport, str]:
        """Validate the uploaded part list (and intents file); returns the report and file name."""
        uses = procurement()
        fields = await read_multipart(request, uses.settings.max_bytes)
        parts: Part | None = fields.get("parts")
        if parts is None or not parts.filename or not parts.data:
            raise InputValidationError("parts", "choose a part list file (.csv or .xlsx)")
        intents = fields.get("intents")
        extra = (intents.data, intents.filename or "intents.csv") if intents and intents.data else None
        report = await run_in_threadpool(lambda: uses.validate_bytes(parts.data, parts.filename or "", extra))
        return report, parts.filename or "parts"

    @router.get("/parts-list", response_class=HTMLResponse, include_in_schema=False)
    async def parts_list(request: Request) -> HTMLResponse:
        async def work() -> dict[str, Any]:
            return {"max_bytes": procurement().settings.max_bytes}

        return await guarded(request, "parts_list.html", {"title": "Part list"}, work)

    @router.post("/parts-list", response_class=HTMLResponse, include_in_schema=False)
    async def parts_list_validate(request: Request) -> HTMLResponse:
        context: dict[str, Any] = {"title": "Part list", "partial": "parts_list_result.html"}

        async def work() -> dict[str, Any]:
            report, filename = await report_of(request)
            ids = [i for f in report.findings for i in f.source_ids]
            found = await run_in_threadpool(lambda: sources(ids))
            return {
                "report": report,
                "filename": filename,
                "sources": found,
                "max_bytes": procurement().settings.max_bytes,
            }

        return await guarded(request, "parts_list.html", context, work)

    @router.post("/parts-list/report.{fmt}", include_in_schema=False, response_model=None)
    async def parts_list_report(request: Request, fmt: str) -> Response:
        if fmt not in {"csv", "json", "xlsx"}:
            return HTMLResponse("Unknown report format: use csv, json or xlsx.", status_code=404)
        try:
            report, filename = await report_of(request)
        except FabricGraphError as exc:
            context = {"title": "Part list", "max_bytes": procurement().settings.max_bytes}
            return await guarded(request, "parts_list.html", context, _raise(exc))
        stem = Path(filename).stem or "parts"
        disposition = {"Content-Disposition": f'attachment; filename="{stem}-report.{fmt}"'}
        if fmt == "csv":
            return Response(report_csv(report), media_type="text/csv; charset=utf-8", headers=disposition)
        if fmt == "json":
            return Response(report_json(report) + "\n", media_type="application/json", headers=disposition)
        return Response(_xlsx(report), media_type=_XLSX, headers=disposition)

    # --- plan a fabric -----------------------------------------------------------------------------

    def plan_request(form: dict[str, str]) -> PlanRequest:
        switch = forms.text(form, "switch")
        if switch is None:
            raise InputValidationError("switch", "a switch model is required, e.g. QM9700")
        tiers_text = forms.text(form, "tiers")
        tiers = None if tiers_text in (None, "auto") else forms.whole(form, "tiers", "Tiers")
        node = forms.text(form, "node_end")
        node_end = None
        if node is not None:
            node_end = EndRequest(form_factor=node) if form_factor_test()(node) else EndRequest(device=node)
        placements: dict[str, PlacementClass] = {}
        for tier in ("node_leaf", "leaf_spine", "spine_core"):
            chosen = forms.text(form, tier)
            if chosen is not None:
                try:
                    placements[tier] = PlacementClass(chosen)
                except ValueError:
                    raise InputValidationError(tier, "placement must be in_rack, within_row or between_rows") from None
        return PlanRequest(
            switch=switch,
            endpoints=forms.whole(form, "endpoints", "Endpoints", required=False),
            nodes=forms.whole(form, "nodes", "Nodes", required=False),
            nics_per_node=forms.whole(form, "nics_per_node", "NICs per node", required=False) or 1,
            endpoint_speed=forms.text(form, "endpoint_speed"),
            oversubscription=forms.text(form, "oversubscription") or "1:1",
            tiers=tiers,
            rail_optimized=bool(form.get("rail_optimized")),
            node_end=node_end,
            layout=PlanLayout(**placements),
        )

    def plan_of(form: dict[str, str]) -> PlanningResult:
        return PlanningService(service()).plan_fat_tree(plan_request(form))

    @router.get("/plan", response_class=HTMLResponse, include_in_schema=False)
    async def plan(request: Request) -> HTMLResponse:
        form = dict(request.query_params)
        context: dict[str, Any] = {"title": "Plan a fabric", "form": form, "partial": "plan_result.html"}

        async def work() -> dict[str, Any]:
            def ask() -> dict[str, Any]:
                out: dict[str, Any] = {
                    "switch_names": sorted(names("device"), key=str.casefold),
                    "query": str(request.url.query),
                }
                if "switch" in form:
                    out["plan"] = plan_of(form)
                return out

            return await run_in_threadpool(ask)

        return await guarded(request, "plan.html", context, work)

    @router.get("/plan/export/{name}", include_in_schema=False, response_model=None)
    async def plan_export(request: Request, name: str) -> Response:
        if name not in _EXPORTS:
            return HTMLResponse("Unknown export: bom.csv, cabling.csv, plan.json or topology.svg.", status_code=404)
        form = dict(request.query_params)
        try:
            result = await run_in_threadpool(lambda: plan_of(form))
        except (FabricGraphError, PlannerError) as exc:
            return await guarded(request, "plan.html", {"title": "Plan a fabric", "form": form}, _raise(exc))
        media_type, attachment = _EXPORTS[name]
        render = {
            "bom.csv": result.bom_csv,
            "cabling.csv": result.cabling_csv,
            "plan.json": result.to_json,
            "topology.svg": result.topology_svg,
        }[name]
        body = await run_in_threadpool(render)
        # An SVG opened on its own is a document: it may not run scripts or load anything.
        headers = (
            {"Content-Disposition": f'attachment; filename="fabric-{name}"'}
            if attachment
            else {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"}
        )
        return Response(body, media_type=media_type, headers=headers)

    # --- catalogue ---------------------------------------------------------------------------------

    @router.get("/catalogue", response_class=HTMLResponse, include_in_schema=False)
    async def catalogue(request: Request) -> HTMLResponse:
        form = dict(request.query_params)
        context: dict[str, Any] = {"title": "Catalogue", "form": form, "partial": "catalogue_result.html"}

        async def work() -> dict[str, Any]:
            query = forms.text(form, "q")

            def ask() -> dict[str, Any]:
                out: dict[str, Any] = {"rules": RULES}
                if query is None:
                    out["devices"] = service().repo.devices(None)
                    return out
                n = settings.max_page_size
                out["hits"] = {
                    "parts": suggest(query, names("part"), n=n),
                    "devices": suggest(query, names("device"), n=n),
                    "form_factors": suggest(query, names("form_factor"), n=n),
                }
                return out

            return await run_in_threadpool(ask)

        return await guarded(request, "catalogue.html", context, work)

    @router.get("/catalogue/parts/{number:path}", response_class=HTMLResponse, include_in_schema=False)
    async def part_page(request: Request, number: str) -> HTMLResponse:
        async def work() -> dict[str, Any]:
            def ask() -> dict[str, Any]:
                part = service().repo.part(number)
                ids = list(part.sources)
                for reach in getattr(part, "reach", []):
                    ids += reach.sources
                family: list[Any] = []
                if part.family:
                    family, _ = service().repo.parts_page(
                        kind=None, vendor=None, family=part.family, protocol=None, after=None, limit=50
                    )
                return {"part": part, "sources": sources(ids), "family_parts": family}

            return await run_in_threadpool(ask)

        return await guarded(request, "part.html", {"title": number}, work)

    @router.get("/catalogue/devices/{name:path}", response_class=HTMLResponse, include_in_schema=False)
    async def device_page(request: Request, name: str) -> HTMLResponse:
        async def work() -> dict[str, Any]:
            def ask() -> dict[str, Any]:
                device = service().repo.device(name)
                ids = list(device.sources) + [i for c in device.cages for i in c.sources]
                return {"device": device, "sources": sources(ids)}

            return await run_in_threadpool(ask)

        return await guarded(request, "device.html", {"title": name}, work)

    # --- GraphiQL ----------------------------------------------------------------------------------

    @router.get("/graphiql", response_class=HTMLResponse, include_in_schema=False)
    async def graphiql(request: Request) -> HTMLResponse:
        if settings.graphiql_enabled:
            return graphiql_page(request)
        return page(request, "graphiql_off.html", {"title": "GraphiQL", "environment": settings.environment.value}, 404)

    return router


@cache
def _graphiql_templates() -> Jinja2Templates:
    return Jinja2Templates(directory=str(TEMPLATES_DIR))


def graphiql_page(request: Request) -> HTMLResponse:
    """GraphiQL loading only the package's vendored assets (React, ReactDOM, GraphiQL; no CDN),
    talking to ``/graphql`` on the page's own origin. Served at ``/graphiql`` and, through the
    app's GraphQL router, on ``GET /graphql`` from a browser (development only)."""
    return _graphiql_templates().TemplateResponse(request, "graphiql.html", {"title": "GraphiQL"})


def _raise(exc: Exception) -> Callable[[], Awaitable[dict[str, Any]]]:
    async def work() -> dict[str, Any]:
        raise exc

    return work
