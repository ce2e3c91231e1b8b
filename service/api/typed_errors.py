"""Which fields of a GraphQL result resolved to a typed error (a union's error member).

The API answers expected failures as union members (``ValidationError``, ``NotFoundError``,
``DatabaseUnavailableError``, ``Unauthorized``, the ``Plan…Error`` types), not as entries of the
response's ``errors`` list. A client that selected only the success member sees ``{}`` for such a
field; :class:`TypedErrorRecorder` notes every one while the document executes, so the command line
(``fabricgraph query``) can print them as data and exit non-zero.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from graphql import GraphQLResolveInfo, GraphQLSchema, GraphQLUnionType
from strawberry.extensions import SchemaExtension

__all__ = ["TypedError", "TypedErrorNotices", "TypedErrorRecorder", "error_type_names"]


@dataclass(frozen=True)
class TypedError:
    """One field that resolved to an error member: its response path, type name, code and message."""

    path: tuple[str | int, ...]
    type_name: str
    code: str
    message: str

    def as_json(self) -> dict[str, object]:
        """``{"path": [...], "type": ..., "code": ..., "message": ...}``."""
        return {"path": list(self.path), "type": self.type_name, "code": self.code, "message": self.message}


def error_type_names(schema: GraphQLSchema) -> frozenset[str]:
    """The union members that are errors: every member type with both a ``code`` and a ``message``
    field (the success members have neither)."""
    return frozenset(
        member.name
        for t in schema.type_map.values()
        if isinstance(t, GraphQLUnionType)
        for member in t.types
        if "code" in member.fields and "message" in member.fields
    )


class TypedErrorRecorder(SchemaExtension):
    """A schema extension that records every field resolving to a typed error, in ``found``.

    Use one instance per execution (``build_schema(settings, extensions=[lambda: recorder])``).
    """

    def __init__(self) -> None:
        self.found: list[TypedError] = []
        self._names: frozenset[str] | None = None

    def resolve(
        self, _next: Callable[..., Any], root: Any, info: GraphQLResolveInfo[Any], *args: Any, **kwargs: Any
    ) -> Any:
        value = _next(root, info, *args, **kwargs)
        if inspect.isawaitable(value):

            async def later() -> Any:
                done = await value
                self._note(done, info)
                return done

            return later()
        self._note(value, info)
        return value

    def _note(self, value: Any, info: GraphQLResolveInfo[Any]) -> None:
        if self._names is None:
            self._names = error_type_names(info.schema)
        items = value if isinstance(value, list | tuple) else [value]
        path = tuple(info.path.as_list())
        for i, item in enumerate(items):
            definition = getattr(type(item), "__strawberry_definition__", None)
            name = getattr(definition, "name", None)
            if name in self._names:
                where = (*path, i) if items is value else path
                self.found.append(TypedError(where, str(name), str(item.code), str(item.message)))


class TypedErrorNotices(SchemaExtension):
    """Adds ``extensions.typedErrors`` to a response in which a field resolved to a typed error.

    Each entry is ``{"path": [...], "type": "NotFoundError", "code": ..., "message": ...}``, the
    response path of the field (``["checkLink"]``, ``["linkOptionsBatch", "items", 3, "result"]``).
    A client that selected only the success member (``... on LinkOptions { … }``) otherwise reads
    ``{}`` for the field with no hint why (new-user trial). The resolvers note the errors in the
    request context as they build them (:func:`service.api.resolvers.common.as_error`), so this costs
    nothing per field; nothing is added when no field failed.
    """

    def get_results(self) -> dict[str, Any]:
        notes = getattr(self.execution_context.context, "typed_errors", None)
        return {"typedErrors": list(notes)} if notes else {}
