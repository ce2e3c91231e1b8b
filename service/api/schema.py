"""The GraphQL schema: the query types of every capability merged into one ``Query``, with query
limits and error masking.

Expected failures are union members (``NotFoundError``, ``ValidationError``,
``DatabaseUnavailableError``), never exceptions; anything unexpected is masked outside development.
To add a capability, write ``service/api/resolvers/<name>.py`` with a ``@strawberry.type`` class of
fields and add it to ``QUERY_TYPES``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

import strawberry
from graphql import DocumentNode, GraphQLError, GraphQLSchema, SelectionSetNode, validate
from graphql.validation import ASTValidationRule
from strawberry.extensions import (
    AddValidationRules,
    DisableIntrospection,
    MaskErrors,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    SchemaExtension,
    ValidationCache,
)
from strawberry.schema.validation_rules.maybe_null import MaybeNullValidationRule
from strawberry.schema.validation_rules.one_of import OneOfInputValidationRule
from strawberry.tools import merge_types

from service.api.execution import PlainSubtreeExecutionContext, install_input_plans
from service.api.resolvers.catalogue import CatalogueQueries
from service.api.resolvers.health import HealthQueries
from service.api.resolvers.links import LinkQueries
from service.api.resolvers.mutations import Mutation
from service.api.resolvers.planner import PlannerQueries
from service.api.resolvers.procurement import ProcurementQueries
from service.api.typed_errors import TypedErrorNotices
from service.config import Environment, Settings
from service.errors import FabricGraphError

_errors_log = logging.getLogger("strawberry.execution")

__all__ = ["QUERY_TYPES", "HideSuggestions", "NoSuggestionsExecutionContext", "build_schema"]

DOCUMENT_CACHE_SIZE = 256
"""Parsed and validated documents kept (least recently used dropped): the same query text is parsed
and validated once, whatever its variables (strawberry's ParserCache and ValidationCache)."""

QUERY_TYPES: tuple[type, ...] = (LinkQueries, CatalogueQueries, PlannerQueries, ProcurementQueries, HealthQueries)

Query = merge_types("Query", QUERY_TYPES)


def build_schema(settings: Settings, extensions: Sequence[Callable[[], object]] = ()) -> strawberry.Schema:
    """The schema (``Query`` and the catalogue-edit ``Mutation``) with query limits from ``settings``,
    error codes, no introspection in production and error masking outside development.

    Args:
        settings: limits and environment.
        extensions: extra extension factories that run outermost (the app's metrics).
    """
    # The depth and alias limits as validation rules built ONCE: strawberry's limiters make a new
    # rule class per instance, and a per-request instance would make every document's validation
    # look new to the validation cache.
    limits = [
        *(_selecting(r) for r in QueryDepthLimiter(max_depth=settings.max_query_depth).validation_rules),
        *MaxAliasesLimiter(max_alias_count=settings.max_aliases).validation_rules,
    ]
    extensions = [
        *extensions,
        ErrorCodes,
        TypedErrorNotices,
        lambda: AddValidationRules(limits),
        lambda: MaxTokensLimiter(max_token_count=settings.max_tokens),
        lambda: ParserCache(maxsize=DOCUMENT_CACHE_SIZE),
    ]
    hide = not settings.introspection_enabled
    if hide:
        extensions.append(DisableIntrospection)
        extensions.append(HideSuggestions)  # validates (cached) with hide_suggestions
    else:
        extensions.append(lambda: ValidationCache(maxsize=DOCUMENT_CACHE_SIZE))
    if settings.environment is not Environment.DEVELOPMENT:
        extensions.append(lambda: MaskErrors(should_mask_error=lambda err: not _is_safe(err)))
    built = _Schema(
        query=Query,
        mutation=Mutation,
        extensions=extensions,  # type: ignore[arg-type]
        execution_context_class=NoSuggestionsExecutionContext if hide else PlainSubtreeExecutionContext,
    )
    install_input_plans(built)
    return built


def _empty_selection(document: DocumentNode) -> bool:
    """True when ``document`` has a selection set that selects nothing (``{ catalogueStats { } }``)."""
    stack: list[Any] = list(document.definitions)
    while stack:
        node = stack.pop()
        selection_set = getattr(node, "selection_set", None)
        if isinstance(selection_set, SelectionSetNode):
            if not selection_set.selections:
                return True
            stack.extend(selection_set.selections)
    return False


def _selecting(rule: type[ASTValidationRule]) -> type[ASTValidationRule]:
    """strawberry's depth-limit rule, refusing a selection set that selects nothing as the GraphQL
    grammar does (``SelectionSet: { Selection+ }``). graphql-core parses ``{ catalogueStats { } }``
    and the rule's depth walk then fails on ``max()`` of nothing, which answered the unhelpful
    "max() arg is an empty sequence" and was logged as an unexpected error (new-user trial)."""

    class Selecting(rule):  # type: ignore[misc, valid-type]
        def __init__(self, context: Any) -> None:
            if _empty_selection(context.document):
                ASTValidationRule.__init__(self, context)
                context.report_error(GraphQLError("Syntax Error: a selection set { } must select at least one field."))
                return
            super().__init__(context)

    return Selecting


class _Schema(strawberry.Schema):
    """strawberry's schema with one change to ``process_errors`` (its documented logging hook): the
    caller's own mistakes (parse, validation, variable coercion, domain errors) are logged at INFO
    without a traceback; only unexpected failures are logged at ERROR with theirs."""

    def process_errors(self, errors: list[GraphQLError], execution_context: Any = None) -> None:
        for error in errors:
            if _is_expected(error):
                _errors_log.info("graphql error: %s", error.message, extra={"code": _code_of(error)})
            else:
                _errors_log.error("unexpected error: %s", error.message, exc_info=error.original_error)


def _innermost(err: GraphQLError) -> BaseException | None:
    original = err.original_error
    while isinstance(original, GraphQLError) and original.original_error is not None:
        original = original.original_error
    return original


def _is_expected(err: GraphQLError) -> bool:
    """A caller's mistake or a domain error (not a bug): no original error, a GraphQL error or a
    FabricGraphError."""
    original = _innermost(err)
    return original is None or isinstance(original, GraphQLError | FabricGraphError)


def _code_of(err: GraphQLError) -> str:
    original = _innermost(err)
    return original.code if isinstance(original, FabricGraphError) else "GRAPHQL_ERROR"


class HideSuggestions(SchemaExtension):
    """No schema names in errors where introspection is off (production).

    graphql-core words many errors with a hint built from the schema ("Cannot query field 'partz' on
    type 'Query'. Did you mean 'part' or 'parts'?"; likewise unknown arguments, types, input fields and
    enum values). With introspection refused, those hints would still map the schema name by name.
    graphql-core 3.3 can leave them out (``hide_suggestions``); strawberry does not pass the flag, so
    this extension runs validation itself with it (strawberry then skips its own run), and
    :class:`NoSuggestionsExecutionContext` sets it for execution (variable and argument coercion).
    """

    def on_validate(self) -> Iterator[None]:
        ctx = self.execution_context
        if ctx.validation_rules and ctx.pre_execution_errors is None and ctx.graphql_document is not None:
            rules = (*ctx.validation_rules, MaybeNullValidationRule, OneOfInputValidationRule)
            ctx.pre_execution_errors = _validate_hiding_suggestions(ctx.schema._schema, ctx.graphql_document, rules)
        yield


@lru_cache(maxsize=DOCUMENT_CACHE_SIZE)
def _validate_hiding_suggestions(
    schema: GraphQLSchema, document: DocumentNode, rules: tuple[type[ASTValidationRule], ...]
) -> list[GraphQLError]:
    """graphql-core's validation with ``hide_suggestions``, memoised per (schema, document, rules) as
    strawberry's ValidationCache memoises its own (the parser cache hands back the same document)."""
    return validate(schema, document, rules, hide_suggestions=True)


class NoSuggestionsExecutionContext(PlainSubtreeExecutionContext):
    """:class:`PlainSubtreeExecutionContext`, built with graphql-core's ``hide_suggestions`` on: coercion
    errors of variables and arguments ("Field 'rateGbp' is not defined by type 'LinkSpecInput'") name
    no other schema field."""

    @classmethod
    def build(cls, *args: Any, **kwargs: Any) -> Any:
        kwargs["hide_suggestions"] = True
        return super().build(*args, **kwargs)


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
