"""The GraphQL layer's per-field work on large requests: plain result subtrees completed in one
pass, and input objects built from a plan made once per type.

**Results.**
graphql-core completes a result field by field: per field it builds a resolve-info object, runs the
resolver through strawberry's wrapper, checks nullability and recurses, some ten Python calls for
every ``rank``, ``partNumber`` or ``reachM`` in the response. A 1,000-spec ``linkOptionsBatch``
answer holds ~170,000 fields; measured with cProfile, their completion was ~60 % of the request
and the rule work under 1 %.

:class:`PlainSubtreeExecutionContext` (strawberry's execution context, a documented
``strawberry.Schema(execution_context_class=…)`` extension point) completes an object value whose
whole selection is *plain* with a plan built once per request and selection: every selected field
is a strawberry field without a resolver (it reads an attribute), or a sync resolver marked with
:func:`plain_reader` (the ``sources`` fields: read from the in-memory snapshot with the request's
context), without arguments, deferral or field middleware, of a scalar, enum, list or plain object
type (``__typename`` included). A marked field whose value needs I/O (no snapshot loaded yet) gives
its object back to graphql-core, which runs the resolver. A plan
reads the attributes and coerces the leaves exactly as graphql-core would; anything else (unions,
interfaces, resolvers, ``is_type_of`` checks) keeps graphql-core's own path. When a plan meets a
value it does not expect (a null in a non-null field, a value a scalar refuses, an exception), it
gives the object back to graphql-core, which re-reads it and reports the error with its path as
always: reading a plain field has no side effects, so the answer, errors included, is the one
graphql-core gives (``tests/unit/test_plain_completion.py`` compares the two).

**Inputs.** strawberry builds an input object (``LinkSpecInput``, ``EndInput``, a part-list line)
by resolving every field's type annotation again for every value: 1,000 batch specs cost ~33,000
such conversions, about a quarter of the request. :func:`install_input_plans` sets each input
type's ``from_input`` (strawberry's documented hook for building an input value) to a builder that
resolves the field types once per type and passes scalars and enums through as strawberry does,
converting only nested inputs and lists through strawberry itself (``InputContext.convert``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING
from functools import partial
from math import isfinite
from operator import attrgetter
from typing import Any, TypeVar

from graphql import (
    GRAPHQL_MAX_INT,
    GRAPHQL_MIN_INT,
    GraphQLField,
    GraphQLLeafType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    Undefined,
    is_enum_type,
    is_leaf_type,
    is_list_type,
    is_non_null_type,
    is_object_type,
    specified_scalar_types,
)
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.schema.schema_converter import GraphQLCoreConverter
from strawberry.types.arguments import InputContext
from strawberry.types.base import StrawberryList, StrawberryMaybe, StrawberryOptional, StrawberryType
from strawberry.types.enum import StrawberryEnumDefinition
from strawberry.types.field import StrawberryField

__all__ = ["PlainSubtreeExecutionContext", "install_input_plans", "plain_reader"]

_F = TypeVar("_F", bound=Callable[..., Any])

Complete = Callable[[Any], Any]
"""Completes one value of a field's type into its response value; raises :class:`_FallbackError` (or
any exception) when graphql-core must complete it instead."""


class _FallbackError(Exception):
    """A plan met a value graphql-core must complete (and perhaps report as an error)."""


_NOT_PLANNED = object()

_PLAIN_READER = "__fabricgraph_plain_reader__"


def plain_reader(read: Callable[[Any, Any], Any]) -> Callable[[_F], _F]:
    """Decorate a sync resolver ``(self, info)`` with what it answers without I/O: ``read(source,
    context)`` (the request's context) returns the field's value, or None when the resolver itself
    must run (graphql-core then completes the object). A plan (:class:`PlainSubtreeExecutionContext`)
    reads such a field like a basic one. ``read`` must give what the resolver gives, and have no
    side effects."""

    def mark(resolver: _F) -> _F:
        setattr(resolver, _PLAIN_READER, read)
        return resolver

    return mark


class PlainSubtreeExecutionContext(StrawberryGraphQLCoreExecutionContext):
    """strawberry's execution context, completing plain object subtrees with per-request plans.

    The plans are kept per execution (one request): keyed by the object type and the identity of
    the field-node list graphql-core passes (its own memo of collected sub-fields keeps those lists
    alive for the execution), so a list of 1,000 answers of one selection shares one plan.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plans: dict[tuple[GraphQLObjectType, int], tuple[Complete | None, Any]] = {}
        self._completed: dict[tuple[int, int], tuple[dict[str, Any], Any]] = {}

    def complete_object_value(
        self,
        return_type: GraphQLObjectType,
        field_details_list: Any,
        info: Any,
        path: Any,
        result: Any,
        position_context: Any,
    ) -> Any:
        """graphql-core's ``complete_object_value``, by a plan where the selection is plain."""
        plan = self._object_plan(return_type, field_details_list)
        if plan is not None:
            # one object under one selection completes to one value: a list that holds the same
            # object twice (equal specs of a batch) completes it once
            done = self._completed.get((id(plan), id(result)))
            if done is not None:
                return done[0]
            try:
                value = plan(result)
            except Exception:  # graphql-core re-reads the object and reports the error
                pass
            else:
                self._completed[(id(plan), id(result))] = (value, result)  # keeps ``result`` alive
                return value
        return super().complete_object_value(return_type, field_details_list, info, path, result, position_context)

    def _object_plan(self, return_type: GraphQLObjectType, field_details_list: Any) -> Complete | None:
        """The plan completing ``return_type`` under this selection, or None when it is not plain."""
        key = (return_type, id(field_details_list))
        kept = self._plans.get(key)
        if kept is not None:
            return kept[0]
        self._plans[key] = (None, field_details_list)  # a cycle in the selection is not plain
        plan = self._build_object_plan(return_type, field_details_list)
        self._plans[key] = (plan, field_details_list)  # keeps the list alive: its id stays unique
        return plan

    def _build_object_plan(self, return_type: GraphQLObjectType, field_details_list: Any) -> Complete | None:
        if return_type.is_type_of is not None:
            return None
        manager = self.middleware_manager
        if manager is not None and manager.middlewares:
            return None
        grouped, new_defer_usages, _ = self.collect_subfields(return_type, field_details_list)
        if new_defer_usages:
            return None
        steps: list[tuple[str, Callable[[Any], Any], Complete]] = []
        for response_key, details in grouped.items():
            if any(d.defer_usage is not None or d.fragment_variable_values for d in details):
                return None
            node = details[0].node
            name = node.name.value
            if name == "__typename":
                steps.append((response_key, _typename(return_type.name), _identity))
                continue
            field_def = return_type.fields.get(name)
            if field_def is None or field_def.args or node.arguments:
                return None
            reader = self._plain_resolver(field_def)
            if reader is None:
                resolve = field_def.resolve
                if resolve is None or not getattr(resolve, "_is_default", False):
                    return None
                reader = self._reader(field_def, resolve)
            complete = self._value_plan(field_def.type, details)
            if complete is None:
                return None
            steps.append((response_key, reader, complete))
        frozen = tuple(steps)

        def complete_object(source: Any) -> dict[str, Any]:
            if source is None or source is Undefined or isinstance(source, Exception):
                raise _FallbackError
            return {key: complete(read(source)) for key, read, complete in frozen}

        return complete_object

    def _plain_resolver(self, field_def: GraphQLField) -> Callable[[Any], Any] | None:
        """The reader of a sync resolver field marked with :func:`plain_reader` (no field
        extensions), with this request's context; None for any other field."""
        definition = field_def.extensions.get(GraphQLCoreConverter.DEFINITION_BACKREF)
        if not isinstance(definition, StrawberryField) or definition.base_resolver is None or definition.extensions:
            return None
        resolver = definition.base_resolver
        read = getattr(resolver.wrapped_func, _PLAIN_READER, None)
        if read is None or resolver.is_async:
            return None
        context = self.context_value

        def plain(source: Any) -> Any:
            value = read(source, context)
            if value is None:
                raise _FallbackError  # the resolver must run: graphql-core completes the object
            return value

        return plain

    def _reader(self, field_def: GraphQLField, resolve: Callable[..., Any]) -> Callable[[Any], Any]:
        """Reads the field's value from its source object: the attribute itself (``attrgetter``) for
        a basic strawberry field (no resolver, no field extensions) when the schema's default
        resolver is ``getattr``, as strawberry's own basic-field resolver does; else that resolver."""
        definition = field_def.extensions.get(GraphQLCoreConverter.DEFINITION_BACKREF)
        strawberry_schema = getattr(self.schema, "_strawberry_schema", None)
        if (
            isinstance(definition, StrawberryField)
            and definition.base_resolver is None
            and not definition.extensions
            and definition.python_name
            and strawberry_schema is not None
            and strawberry_schema.config.default_resolver is getattr
        ):
            return attrgetter(definition.python_name)
        return partial(_resolved, resolve)

    def _value_plan(self, type_: GraphQLOutputType, details: Sequence[Any]) -> Complete | None:
        """A :data:`Complete` for values of ``type_`` selected by ``details``, or None (not plain)."""
        if is_non_null_type(type_):
            assert isinstance(type_, GraphQLNonNull)
            inner = self._value_plan(type_.of_type, details)
            if inner is None:
                return None

            def non_null(value: Any) -> Any:
                completed = inner(value)
                if completed is None:
                    raise _FallbackError  # graphql-core raises "Cannot return null for non-nullable field"
                return completed

            return non_null
        if is_list_type(type_):
            assert isinstance(type_, GraphQLList)
            item = self._value_plan(type_.of_type, details)
            if item is None:
                return None

            def listed(value: Any) -> Any:
                if value is None or value is Undefined:
                    return None
                if isinstance(value, str | bytes | dict | Exception) or not hasattr(value, "__iter__"):
                    raise _FallbackError
                return [item(v) for v in value]

            return listed
        if is_leaf_type(type_):
            leaf: GraphQLLeafType = type_
            coerce = leaf.coerce_output_value
            exact = _EXACT.get(leaf.name) if specified_scalar_types.get(leaf.name) is leaf else None
            kept: dict[tuple[type, Any], Any] | None = {} if is_enum_type(leaf) else None

            def leaf_value(value: Any) -> Any:
                if value is None or value is Undefined:
                    return None
                kind = type(value)
                if (
                    kind is exact
                    and (kind is not int or GRAPHQL_MIN_INT <= value <= GRAPHQL_MAX_INT)
                    and (kind is not float or isfinite(value))
                ):
                    return value  # what the scalar's own coercion returns for this value
                if kept is not None:
                    key = (kind, value)
                    hit = kept.get(key)
                    if hit is not None:
                        return hit
                if isinstance(value, Exception):
                    raise _FallbackError
                coerced = coerce(value)
                if coerced is None or coerced is Undefined:
                    raise _FallbackError
                if kept is not None:
                    kept[key] = coerced  # an enum's members are few: one coercion each per request
                return coerced

            return leaf_value
        if is_object_type(type_):
            assert isinstance(type_, GraphQLObjectType)
            sub = self._object_plan(type_, details)
            if sub is None:
                return None

            completed = self._completed
            key = id(sub)

            def obj(value: Any) -> Any:
                if value is None or value is Undefined:
                    return None
                # an object met twice under one selection (a part shared by the options of a
                # batch's answers) completes once; the entry keeps ``value`` alive
                done = completed.get((key, id(value)))
                if done is not None:
                    return done[0]
                got = sub(value)
                completed[(key, id(value))] = (got, value)
                return got

            return obj
        return None  # unions and interfaces: graphql-core resolves the runtime type


def _identity(value: Any) -> Any:
    return value


def _resolved(resolve: Callable[..., Any], source: Any) -> Any:
    return resolve(source, None)


_EXACT: dict[str, type] = {"String": str, "Int": int, "Float": float, "Boolean": bool}
"""The built-in scalars whose coercion returns a value of exactly this Python type unchanged (an
Int within 32 bits, a finite Float): graphql-core's ``serialize_string``/``_int``/``_float``/``_boolean``."""


def _typename(name: str) -> Callable[[Any], str]:
    """The reader of ``__typename`` on an object type named ``name``."""

    def read(_source: Any) -> str:
        return name

    return read


# --- inputs ----------------------------------------------------------------------------------------

_PASS_THROUGH = (str, int, float, bool)
"""Scalars strawberry hands to the input class as graphql-core coerced them (enums likewise)."""


def install_input_plans(schema: Any) -> int:
    """Give every input type of ``schema`` (a ``strawberry.Schema``) without its own ``from_input``
    the planned builder :func:`_from_input`. Returns how many types it set (idempotent: a second
    call sets none)."""
    done = 0
    for concrete in schema.schema_converter.type_map.values():
        definition = concrete.definition
        if getattr(definition, "is_input", False) and definition.from_input is None:
            definition.from_input = _from_input
            done += 1
    return done


_Plan = tuple[dict[str, None], tuple[tuple[str, str, "StrawberryType | type", bool], ...]]
_INPUT_PLANS: dict[type, _Plan] = {}


def _input_plan(cls: type, context: InputContext) -> _Plan:
    """Per input class: the implicit ``None`` of its fields without a default (as strawberry sets
    them) and per field its GraphQL name, Python name, resolved type and whether values pass
    through unconverted."""
    plan = _INPUT_PLANS.get(cls)
    if plan is None:
        definition = cls.__strawberry_definition__  # type: ignore[attr-defined]
        fields: list[StrawberryField] = list(definition.fields)
        nones = {f.python_name: None for f in fields if f.default_value is MISSING and f.default_factory is MISSING}
        steps = []
        for f in fields:
            type_ = f.resolve_type(type_definition=definition)
            steps.append((context.config.name_converter.from_field(f), f.python_name, type_, _passes(type_)))
        plan = _INPUT_PLANS[cls] = (nones, tuple(steps))
    return plan


def _passes(type_: Any) -> bool:
    """True for a type whose input values strawberry passes through unchanged: a built-in scalar
    or an enum (graphql-core has already coerced both), optional or not."""
    while isinstance(type_, StrawberryOptional):
        if isinstance(type_, StrawberryMaybe):
            return False  # strawberry wraps a Maybe's value in Some()
        type_ = type_.of_type
    if isinstance(type_, StrawberryList):
        return False
    return type_ in _PASS_THROUGH or isinstance(type_, StrawberryEnumDefinition) or _is_enum(type_)


def _is_enum(type_: Any) -> bool:
    return getattr(type_, "__strawberry_definition__", None).__class__ is StrawberryEnumDefinition


def _from_input(cls: type, value: Mapping[str, Any], context: InputContext) -> Any:
    """Build ``cls`` from its GraphQL input value as strawberry's own conversion does (same
    implicit ``None`` defaults, same conversion of nested inputs and lists), with the field types
    resolved once per class."""
    nones, steps = _input_plan(cls, context)
    kwargs: dict[str, Any] = dict(nones)
    for graphql_name, python_name, type_, passes in steps:
        if graphql_name in value:
            v = value[graphql_name]
            kwargs[python_name] = v if passes or v is None else context.convert(v, type_, graphql_name)
    return cls(**kwargs)
