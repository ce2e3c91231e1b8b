"""catalogueHealth: which stored catalogue rows no longer validate, and how often answers skipped them.

A bad row is left out of every answer (the rest answers); this query names it so an operator can
fix it (re-seed, or an ``upsertPart`` / ``upsertDevice`` edit). See :mod:`service.persistence.health`.
"""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from service.api.resolvers.common import as_error, call
from service.api.types import DatabaseUnavailableError, KindCount
from service.errors import DatabaseUnavailable

__all__ = ["BadCatalogueRow", "CatalogueHealth", "HealthQueries"]


@strawberry.type(description="A stored catalogue row that failed validation when read; answers leave it out.")
class BadCatalogueRow:
    kind: str = strawberry.field(
        description="part, device, pmd, form_factor, generation, fiber_type, connector, source."
    )
    key: str = strawberry.field(description="Its part number, model, name or id ('?' when the row is not JSON).")
    error: str = strawberry.field(description="The first validation error: field path and message.")
    count: int = strawberry.field(description="Reads that skipped it since the service started (capped at 2^31 − 1).")
    last_seen: str = strawberry.field(description="When it was last skipped, ISO 8601 UTC.")


@strawberry.type(description="The catalogue's health: every stored row validated now, and the bad ones.")
class CatalogueHealth:
    healthy: bool = strawberry.field(description="True when no row failed validation.")
    rows: list[KindCount] = strawberry.field(description="Rows read by this check, per kind.")
    bad_rows: list[BadCatalogueRow] = strawberry.field(
        description="Rows that failed validation (this check's and earlier reads'), by kind and key; at most 100."
    )
    skipped: list[KindCount] = strawberry.field(
        description="Reads per kind that skipped a bad row since the service started (also the metric "
        "fabricgraph_catalogue_bad_rows_total)."
    )


CatalogueHealthResult = Annotated[
    CatalogueHealth | DatabaseUnavailableError,
    strawberry.union("CatalogueHealthResult", description="The health report, or the database is unavailable."),
]

_INT_MAX = 2**31 - 1


@strawberry.type
class HealthQueries:
    @strawberry.field(
        description=(
            "Validate every stored catalogue row now and list the ones that fail (answers skip them, "
            "so one corrupt row never blanks a whole answer). One read of the whole catalogue."
        )
    )
    async def catalogue_health(self, info: Info) -> CatalogueHealthResult:
        repo = info.context.service.repo
        try:
            scanned, bad, skipped = await call(repo.catalogue_health)
        except DatabaseUnavailable as exc:
            return as_error(exc, info)  # type: ignore[return-value]
        return CatalogueHealth(
            healthy=not bad,
            rows=[KindCount(kind=k, count=n) for k, n in scanned.items()],
            bad_rows=[
                BadCatalogueRow(
                    kind=b.kind, key=b.key, error=b.error, count=min(b.count, _INT_MAX), last_seen=b.last_seen
                )
                for b in bad
            ],
            skipped=[KindCount(kind=k, count=min(n, _INT_MAX)) for k, n in skipped.items()],
        )
