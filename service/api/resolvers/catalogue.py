"""Catalogue browsing: part, parts (cursor paged), devices, generations, PMDs, form factors,
fiber types, connectors and catalogue statistics. Every node exposes its sources."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Annotated

import strawberry
from strawberry.types import Info

from service.api.inputs import PartFilter
from service.api.resolvers.common import as_error, call
from service.api.types import (
    CatalogueStats,
    Connector,
    DatabaseUnavailableError,
    Device,
    FiberType,
    FormFactor,
    Generation,
    NotFoundError,
    PageInfo,
    Part,
    PartConnection,
    PartEdge,
    Pmd,
)
from service.config import Settings
from service.errors import DatabaseUnavailable, InputValidationError
from service.errors import NotFoundError as DomainNotFound

__all__ = ["CatalogueQueries", "PartResult"]

PartResult = Annotated[
    Part | NotFoundError | DatabaseUnavailableError,
    strawberry.union("PartResult", description="The part, or a not-found error with suggestions."),
]


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
class CatalogueQueries:
    @strawberry.field(description="One part by part number or alias. Unknown → NotFoundError with suggestions.")
    async def part(self, info: Info, part_number: str) -> PartResult:
        try:
            p = await call(lambda: info.context.service.repo.part(part_number))
        except (DomainNotFound, DatabaseUnavailable) as exc:
            return as_error(exc)  # type: ignore[return-value]
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
        items, total = await call(lambda: info.context.service.repo.parts_page(
            kind=f.kind, vendor=f.vendor, family=f.family, protocol=f.protocol.value if f.protocol else None,
            after=after_pn, limit=first + 1))
        page = items[:first]
        edges = [PartEdge(cursor=_cursor(p.part_number or ""), node=Part.of(p)) for p in page]
        return PartConnection(total_count=total, edges=edges,
                              page_info=PageInfo(has_next_page=len(items) > first,
                                                 end_cursor=edges[-1].cursor if edges else None))

    @strawberry.field(description="Devices (switches, adapters, DPUs) with their cages.")
    async def devices(self, info: Info, device_type: str | None = None) -> list[Device]:
        return [Device.of(d) for d in await call(lambda: info.context.service.repo.devices(device_type))]

    @strawberry.field(description="InfiniBand generations and Ethernet rate classes.")
    async def generations(self, info: Info) -> list[Generation]:
        return [Generation.of(g) for g in await call(info.context.service.repo.generations)]

    @strawberry.field(description="PMDs with reach per fiber grade.")
    async def pmds(self, info: Info) -> list[Pmd]:
        return [Pmd.of(p) for p in await call(info.context.service.repo.pmds)]

    @strawberry.field(description="Form factors and which cages accept them.")
    async def form_factors(self, info: Info) -> list[FormFactor]:
        return [FormFactor.of(f) for f in await call(info.context.service.repo.form_factors)]

    @strawberry.field(description="Fiber grades.")
    async def fiber_types(self, info: Info) -> list[FiberType]:
        return [FiberType.of(f) for f in await call(info.context.service.repo.fiber_types)]

    @strawberry.field(description="Fiber connectors with polish.")
    async def connectors(self, info: Info) -> list[Connector]:
        return [Connector.of(c) for c in await call(info.context.service.repo.connectors)]

    @strawberry.field(description="Counts per kind and the share of fact rows backed by a primary source.")
    async def catalogue_stats(self, info: Info) -> CatalogueStats:
        stats = await call(info.context.service.repo.stats)
        return CatalogueStats(generations=stats["generations"], pmds=stats["pmds"], parts=stats["parts"],
                              devices=stats["devices"], sources=stats["sources"],
                              parts_by_kind=json.dumps(stats["partsByKind"], sort_keys=True),
                              primary_share=stats["primaryShare"])
