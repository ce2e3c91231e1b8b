"""The GraphQL schema: the query types of every capability merged into one ``Query``, with query
limits and error masking.

Expected failures are union members (``NotFoundError``, ``ValidationError``,
``DatabaseUnavailableError``), never exceptions; anything unexpected is masked outside development.
To add a capability, write ``service/api/resolvers/<name>.py`` with a ``@strawberry.type`` class of
fields and add it to ``QUERY_TYPES``.
"""

from __future__ import annotations

from collections.abc import Callable

import strawberry
from strawberry.extensions import MaskErrors, MaxAliasesLimiter, MaxTokensLimiter, QueryDepthLimiter
from strawberry.tools import merge_types

from service.api.resolvers.catalogue import CatalogueQueries
from service.api.resolvers.links import LinkQueries
from service.config import Environment, Settings
from service.errors import FabricGraphError

__all__ = ["QUERY_TYPES", "build_schema"]

QUERY_TYPES: tuple[type, ...] = (LinkQueries, CatalogueQueries)

Query = merge_types("Query", QUERY_TYPES)


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
