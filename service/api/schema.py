"""The GraphQL schema: queries, result unions, limits and error masking.

Expected failures are union members (``NotFoundError``, ``ValidationError``,
``DatabaseUnavailableError``), never exceptions; anything unexpected is masked outside development.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable
from typing import Annotated, TypeVar

import strawberry
from starlette.concurrency import run_in_threadpool
from strawberry.extensions import MaskErrors, MaxAliasesLimiter, MaxTokensLimiter, QueryDepthLimiter
from strawberry.types import Info

from service.api.inputs import LinkInput, LinkSpecInput, PartFilter
from service.api.types import (
    CatalogueStats,
    Connector,
    DatabaseUnavailableError,
    Device,
    FiberType,
    FormFactor,
    Generation,
    LinkOptions,
    LinkVerdict,
    NotFoundError,
    PageInfo,
    Part,
    PartConnection,
    PartEdge,
    Pmd,
    ValidationError,
)
from service.config import Environment, Settings
from service.errors import DatabaseUnavailable, FabricGraphError, InputValidationError
from service.errors import NotFoundError as DomainNotFound
from service.use_cases import LinkRequest

__all__ = ["build_schema"]

T = TypeVar("T")

LinkOptionsResult = Annotated[
    LinkOptions | NotFoundError | ValidationError | DatabaseUnavailableError,
    strawberry.union("LinkOptionsResult", description="The options, or a typed input error."),
]
CheckLinkResult = Annotated[
    LinkVerdict | NotFoundError | ValidationError | DatabaseUnavailableError,
    strawberry.union("CheckLinkResult", description="The verdict, or a typed input error."),
]
PartResult = Annotated[
    Part | NotFoundError | DatabaseUnavailableError,
    strawberry.union("PartResult", description="The part, or a not-found error with suggestions."),
]

ExpectedError = NotFoundError | ValidationError | DatabaseUnavailableError


def _as_error(exc: FabricGraphError) -> ExpectedError:
    if isinstance(exc, DomainNotFound):
        return NotFoundError(code=exc.code, message=exc.message, kind=exc.kind, name=exc.name,
                             suggestions=exc.suggestions)
    if isinstance(exc, InputValidationError):
        return ValidationError(code=exc.code, message=exc.message, field=exc.field)
    if isinstance(exc, DatabaseUnavailable):
        return DatabaseUnavailableError(code=exc.code, message=exc.message)
    raise exc


async def _call(fn: Callable[[], T]) -> T:
    """Run blocking repository work off the event loop."""
    return await run_in_threadpool(fn)


def _cursor(part_number: str) -> str:
    return base64.urlsafe_b64encode(f"part:{part_number}".encode()).decode()


def _decode_cursor(cursor: str) -> str:
    try:
        raw = base64.urlsafe_b64decode(cursor.encode()).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise InputValidationError("after", "not a cursor returned by this API") from None
    if not raw.startswith("part:"):
        raise InputValidationError("after", "not a cursor returned by this API")
    return raw[5:]


@strawberry.type
class Query:
    @strawberry.field(description=(
        "Every valid end-to-end medium for a link of rateGbps (Gb/s) over distanceM (metres) between two ends, "
        "ranked: passive copper, active copper, AOC, multimode, single-mode; then by margin. With explain: true, "
        "also the rejected candidates with their rule codes. Errors: NotFoundError (unknown device or form factor, "
        "with suggestions), ValidationError (negative distance, rate ≤ 0)."))
    async def link_options(self, info: Info, spec: LinkSpecInput, explain: bool = False) -> LinkOptionsResult:
        service = info.context.service
        try:
            result = await _call(lambda: service.link_options(
                end_a=spec.a.to_request(), end_b=spec.b.to_request(), rate_gbps=spec.rate_gbps,
                distance_m=spec.distance_m, protocol=spec.protocol, explain=explain))
        except FabricGraphError as exc:
            return _as_error(exc)
        return LinkOptions.of(result)

    @strawberry.field(description=(
        "Check a proposed chain (end, module, cable or fiber(s), module, end) against every rule: a verdict, the "
        "rate the link runs at, every broken rule with its code, message, fix and source, and the nearest valid "
        "alternatives. Errors: NotFoundError (unknown part number, with the three closest), ValidationError."))
    async def check_link(self, info: Info, link: LinkInput) -> CheckLinkResult:
        service = info.context.service
        req = LinkRequest(end_a=link.a.to_request(), end_b=link.b.to_request(), distance_m=link.distance_m,
                          module_a=link.module_a, module_b=link.module_b,
                          media=tuple(m.to_request() for m in link.media), rate_gbps=link.rate_gbps,
                          protocol=link.protocol)
        try:
            result = await _call(lambda: service.check_link(req))
        except FabricGraphError as exc:
            return _as_error(exc)
        return LinkVerdict.of(result)

    @strawberry.field(description="One part by part number or alias. Unknown → NotFoundError with suggestions.")
    async def part(self, info: Info, part_number: str) -> PartResult:
        try:
            p = await _call(lambda: info.context.service.repo.part(part_number))
        except (DomainNotFound, DatabaseUnavailable) as exc:
            return _as_error(exc)  # type: ignore[return-value]
        return Part.of(p)

    @strawberry.field(description="Parts in a stable order (part number), cursor-paged. `first` ≤ the configured "
                                  "maximum page size.")
    async def parts(self, info: Info, where: PartFilter | None = None, first: int = 50,
                    after: str | None = None) -> PartConnection:
        settings: Settings = info.context.settings
        if first < 1 or first > settings.max_page_size:
            raise InputValidationError("first", f"must be between 1 and {settings.max_page_size}")
        f = where or PartFilter()
        after_pn = _decode_cursor(after) if after else None
        items, total = await _call(lambda: info.context.service.repo.parts_page(
            kind=f.kind, vendor=f.vendor, family=f.family, protocol=f.protocol.value if f.protocol else None,
            after=after_pn, limit=first + 1))
        page = items[:first]
        edges = [PartEdge(cursor=_cursor(p.part_number or ""), node=Part.of(p)) for p in page]
        return PartConnection(total_count=total, edges=edges,
                              page_info=PageInfo(has_next_page=len(items) > first,
                                                 end_cursor=edges[-1].cursor if edges else None))

    @strawberry.field(description="Devices (switches, adapters, DPUs) with their cages.")
    async def devices(self, info: Info, device_type: str | None = None) -> list[Device]:
        return [Device.of(d) for d in await _call(lambda: info.context.service.repo.devices(device_type))]

    @strawberry.field(description="InfiniBand generations and Ethernet rate classes.")
    async def generations(self, info: Info) -> list[Generation]:
        return [Generation.of(g) for g in await _call(info.context.service.repo.generations)]

    @strawberry.field(description="PMDs with reach per fiber grade.")
    async def pmds(self, info: Info) -> list[Pmd]:
        return [Pmd.of(p) for p in await _call(info.context.service.repo.pmds)]

    @strawberry.field(description="Form factors and which cages accept them.")
    async def form_factors(self, info: Info) -> list[FormFactor]:
        return [FormFactor.of(f) for f in await _call(info.context.service.repo.form_factors)]

    @strawberry.field(description="Fiber grades.")
    async def fiber_types(self, info: Info) -> list[FiberType]:
        return [FiberType.of(f) for f in await _call(info.context.service.repo.fiber_types)]

    @strawberry.field(description="Fiber connectors with polish.")
    async def connectors(self, info: Info) -> list[Connector]:
        return [Connector.of(c) for c in await _call(info.context.service.repo.connectors)]

    @strawberry.field(description="Counts per kind and the share of fact rows backed by a primary source.")
    async def catalogue_stats(self, info: Info) -> CatalogueStats:
        stats = await _call(info.context.service.repo.stats)
        return CatalogueStats(generations=stats["generations"], pmds=stats["pmds"], parts=stats["parts"],
                              devices=stats["devices"], sources=stats["sources"],
                              parts_by_kind=json.dumps(stats["partsByKind"], sort_keys=True),
                              primary_share=stats["primaryShare"])


def build_schema(settings: Settings) -> strawberry.Schema:
    """The schema with query limits from ``settings`` and error masking outside development."""
    extensions: list[Callable[[], object]] = [
        lambda: QueryDepthLimiter(max_depth=settings.max_query_depth),
        lambda: MaxAliasesLimiter(max_alias_count=settings.max_aliases),
        lambda: MaxTokensLimiter(max_token_count=settings.max_tokens),
    ]
    if settings.environment is not Environment.DEVELOPMENT:
        extensions.append(lambda: MaskErrors(should_mask_error=lambda err: not _is_safe(err)))
    return strawberry.Schema(query=Query, extensions=extensions)  # type: ignore[arg-type]


def _is_safe(err: object) -> bool:
    original = getattr(err, "original_error", None)
    return original is None or isinstance(original, FabricGraphError)
