"""Catalogue browsing: part, parts (cursor paged), devices, generations, PMDs, form factors,
fiber types, connectors and catalogue statistics. Every node exposes its sources.

Names resolve through aliases: ``part(partNumber:)`` takes an OPN or a vendor ordering code
(``980-9I924-00N002`` → MCP7Y00-N002), ``device(name:)`` a model, OPN or marketing name, and
``formFactor(name:)`` any spelling or NetBox slug (``SFPP``, ``sfp-plus``, ``10gbase-x-sfpp`` → SFP+).
"""

from __future__ import annotations

import base64
import binascii
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
    KindCount,
    NotFoundError,
    PageInfo,
    Part,
    PartConnection,
    PartEdge,
    Pmd,
    ValidationError,
)
from service.config import Settings
from service.errors import DatabaseUnavailable, InputValidationError
from service.errors import NotFoundError as DomainNotFound

__all__ = [
    "CURSOR_PREFIX",
    "CatalogueQueries",
    "DeviceResult",
    "FormFactorResult",
    "PartResult",
    "PartsResult",
    "decode_cursor",
    "encode_cursor",
]

CURSOR_PREFIX = "part:"

PartResult = Annotated[
    Part | NotFoundError | DatabaseUnavailableError,
    strawberry.union("PartResult", description="The part, or a not-found error with suggestions."),
]
PartsResult = Annotated[
    PartConnection | ValidationError | DatabaseUnavailableError,
    strawberry.union(
        "PartsResult",
        description="A page of parts, or a ValidationError for `first` out of range "
        "or a cursor this API did not issue.",
    ),
]
DeviceResult = Annotated[
    Device | NotFoundError | DatabaseUnavailableError,
    strawberry.union("DeviceResult", description="The device, or a not-found error with suggestions."),
]
FormFactorResult = Annotated[
    FormFactor | NotFoundError | DatabaseUnavailableError,
    strawberry.union("FormFactorResult", description="The form factor, or a not-found error with suggestions."),
]


def encode_cursor(part_number: str) -> str:
    """The opaque cursor of the edge for ``part_number`` (URL-safe base64 of ``part:<number>``)."""
    return base64.urlsafe_b64encode(f"{CURSOR_PREFIX}{part_number}".encode()).decode()


def decode_cursor(cursor: str) -> str:
    """The part number inside a cursor from :func:`encode_cursor`.

    Raises:
        InputValidationError: (field ``after``) the text is not a cursor this API issued.
    """
    try:
        raw = base64.urlsafe_b64decode(cursor.encode("ascii")).decode("utf-8")
    except (binascii.Error, UnicodeError, ValueError):
        raise InputValidationError("after", "not a cursor returned by this API") from None
    if (
        not raw.startswith(CURSOR_PREFIX)
        or len(raw) == len(CURSOR_PREFIX)
        or encode_cursor(raw[len(CURSOR_PREFIX) :]) != cursor
    ):
        raise InputValidationError("after", "not a cursor returned by this API")
    return raw[len(CURSOR_PREFIX) :]


def _kind_counts(counts: dict[str, int]) -> list[KindCount]:
    return [KindCount(kind=k, count=v) for k, v in sorted(counts.items())]


@strawberry.type
class CatalogueQueries:
    @strawberry.field(
        description="One part by part number or alias (e.g. NVIDIA's 980-9I… ordering number). "
        "Unknown → NotFoundError (code UNKNOWN_PART) with the closest distinct part numbers; a device's "
        'model (a switch or adapter, e.g. 4XC7B03668) → NotFoundError with foundAs "device", foundName '
        "its model and a message pointing to device(name:)."
    )
    async def part(self, info: Info, part_number: str) -> PartResult:
        try:
            p = await call(lambda: info.context.service.repo.part(part_number))
        except (DomainNotFound, DatabaseUnavailable) as exc:
            return as_error(exc, info)  # type: ignore[return-value]
        return Part.of(p)

    @strawberry.field(
        description="Parts in a stable order (ascending part number), cursor-paged: pass the "
        "previous page's pageInfo.endCursor as `after`. 1 ≤ `first` ≤ the configured "
        "maximum page size; otherwise, or for a foreign cursor, a ValidationError."
    )
    async def parts(
        self, info: Info, where: PartFilter | None = None, first: int = 50, after: str | None = None
    ) -> PartsResult:
        settings: Settings = info.context.settings
        try:
            if first < 1 or first > settings.max_page_size:
                raise InputValidationError("first", f"must be between 1 and {settings.max_page_size}")
            f = where or PartFilter()
            after_pn = decode_cursor(after) if after else None
            items, total = await call(
                lambda: info.context.service.repo.parts_page(
                    kind=f.kind,
                    vendor=f.vendor,
                    family=f.family,
                    protocol=f.protocol.value if f.protocol else None,
                    after=after_pn,
                    limit=first + 1,
                )
            )
        except (InputValidationError, DatabaseUnavailable) as exc:
            return as_error(exc, info)  # type: ignore[return-value]
        page = items[:first]
        edges = [PartEdge(cursor=encode_cursor(p.part_number or ""), node=Part.of(p)) for p in page]
        return PartConnection(
            total_count=total,
            edges=edges,
            page_info=PageInfo(has_next_page=len(items) > first, end_cursor=edges[-1].cursor if edges else None),
        )

    @strawberry.field(
        description="One device by model, OPN, name or alias. Unknown → NotFoundError (code UNKNOWN_DEVICE) "
        'with the closest distinct device models; a part number → NotFoundError with foundAs "part", '
        "foundName the part number and a message pointing to part(partNumber:)."
    )
    async def device(self, info: Info, name: str) -> DeviceResult:
        try:
            d = await call(lambda: info.context.service.repo.device(name))
        except (DomainNotFound, DatabaseUnavailable) as exc:
            return as_error(exc, info)  # type: ignore[return-value]
        return Device.of(d)

    @strawberry.field(description="Devices (switches, adapters, DPUs) with their cages, by model.")
    async def devices(self, info: Info, device_type: str | None = None) -> list[Device]:
        return [Device.of(d) for d in await call(lambda: info.context.service.repo.devices(device_type))]

    @strawberry.field(description="InfiniBand generations and Ethernet rate classes.")
    async def generations(self, info: Info) -> list[Generation]:
        return [Generation.of(g) for g in await call(info.context.service.repo.generations)]

    @strawberry.field(description="PMDs with reach per fiber grade.")
    async def pmds(self, info: Info) -> list[Pmd]:
        return [Pmd.of(p) for p in await call(info.context.service.repo.pmds)]

    @strawberry.field(
        description="One form factor by name or any alias, e.g. SFPP, sfp-plus or the NetBox slug "
        "10gbase-x-sfpp. Unknown → NotFoundError."
    )
    async def form_factor(self, info: Info, name: str) -> FormFactorResult:
        try:
            f = await call(lambda: info.context.service.repo.form_factor(name))
        except (DomainNotFound, DatabaseUnavailable) as exc:
            return as_error(exc, info)  # type: ignore[return-value]
        return FormFactor.of(f)

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
        s = await call(info.context.service.repo.stats)
        return CatalogueStats(
            generations=s["generations"],
            pmds=s["pmds"],
            parts=s["parts"],
            devices=s["devices"],
            sources=s["sources"],
            form_factors=s["formFactors"],
            fiber_types=s["fiberTypes"],
            connectors=s["connectors"],
            aliases=s["aliases"],
            generations_by_family=_kind_counts(s["generationsByFamily"]),
            pmds_by_family=_kind_counts(s["pmdsByFamily"]),
            parts_by_kind=_kind_counts(s["partsByKind"]),
            devices_by_type=_kind_counts(s["devicesByType"]),
            sources_by_kind=_kind_counts(s["sourcesByKind"]),
            facts=s["facts"],
            primary_facts=s["primaryFacts"],
            primary_share=s["primaryShare"],
        )
