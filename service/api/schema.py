"""The GraphQL schema: the query types of every capability merged into one ``Query``, with query
limits and error masking.

Expected failures are union members (``NotFoundError``, ``ValidationError``,
``DatabaseUnavailableError``), never exceptions; anything unexpected is masked outside development.
To add a capability, write ``service/api/resolvers/<name>.py`` with a ``@strawberry.type`` class of
fields and add it to ``QUERY_TYPES``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import strawberry
from graphql import GraphQLError
from strawberry.extensions import (
    DisableIntrospection,
    MaskErrors,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    QueryDepthLimiter,
    SchemaExtension,
)
from strawberry.tools import merge_types

from service.api.resolvers.catalogue import CatalogueQueries
from service.api.resolvers.links import LinkQueries
from service.api.resolvers.mutations import Mutation
from service.api.resolvers.planner import PlannerQueries
from service.api.resolvers.procurement import ProcurementQueries
from service.config import Environment, Settings
from service.errors import FabricGraphError

__all__ = ["QUERY_TYPES", "build_schema"]

QUERY_TYPES: tuple[type, ...] = (LinkQueries, CatalogueQueries, PlannerQueries, ProcurementQueries)

Query = merge_types("Query", QUERY_TYPES)


def build_schema(settings: Settings, extensions: Sequence[Callable[[], object]] = ()) -> strawberry.Schema:
    """The schema (``Query`` and the catalogue-edit ``Mutation``) with query limits from ``settings``,
    error codes, no introspection in production and error masking outside development.

    Args:
        settings: limits and environment.
        extensions: extra extension factories that run outermost (the app's metrics).
    """
    extensions = [
        *extensions,
        ErrorCodes,
        lambda: QueryDepthLimiter(max_depth=settings.max_query_depth),
        lambda: MaxAliasesLimiter(max_alias_count=settings.max_aliases),
        lambda: MaxTokensLimiter(max_token_count=settings.max_tokens),
    ]
    if not settings.introspection_enabled:
        extensions.append(DisableIntrospection)
    if settings.environment is not Environment.DEVELOPMENT:
        extensions.append(lambda: MaskErrors(should_mask_error=lambda err: not _is_safe(err)))
    return strawberry.Schema(query=Query, mutation=Mutation, extensions=extensions)  # type: ignore[arg-type]


class ErrorCodes(SchemaExtension):
    """Put the stable code of a domain error into the GraphQL error's ``extensions.code``, so a field
    that is not a union (a list, say) still tells DATABASE_UNAVAILABLE from anything else."""

    def on_operation(self) -> Iterator[None]:
        yield
        for err in getattr(self.execution_context.result, "errors", None) or []:
            original = getattr(err, "original_error", None)
            if isinstance(original, FabricGraphError):
                err.extensions = {**(err.extensions or {}), "code": original.code}


def _is_safe(err: object) -> bool:
    """Whether an error's message may reach a client outside development.

    Safe: GraphQL's own parse/validation errors, our domain errors, and errors raised while coercing
    request variables (no ``path``: no resolver ran, e.g. a ``Long`` out of range). Anything raised
    inside a resolver that is not a domain error is masked.
    """
    original = getattr(err, "original_error", None)
    while isinstance(original, GraphQLError) and original.original_error is not None:
        original = original.original_error
    if original is None or isinstance(original, GraphQLError | FabricGraphError):
        return True
    return getattr(err, "path", None) is None and isinstance(original, ValueError | TypeError)
