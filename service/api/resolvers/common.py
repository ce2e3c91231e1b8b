"""Shared resolver helpers: expected errors become union members, blocking work runs off the loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from strawberry.types import Info

from service.api.types import DatabaseUnavailableError, NotFoundError, ValidationError
from service.errors import DatabaseUnavailable, FabricGraphError, InputValidationError
from service.errors import NotFoundError as DomainNotFound

__all__ = ["ExpectedError", "as_error", "call", "note_typed_error"]

T = TypeVar("T")
ExpectedError = NotFoundError | ValidationError | DatabaseUnavailableError


def as_error(exc: FabricGraphError, info: Info | None = None, at: tuple[str | int, ...] = ()) -> ExpectedError:
    """The union member for an expected domain error; anything else is re-raised (and masked).

    Given the resolver's ``info``, the error is also noted in the request's context (response path
    ``info.path`` + ``at``), so the response's ``extensions.typedErrors`` names it even when the
    client selected no field of the error member (its data then reads ``{}``).
    """
    error: ExpectedError
    if isinstance(exc, DomainNotFound):
        error = _not_found(exc)
    elif isinstance(exc, InputValidationError):
        error = ValidationError(code=exc.code, message=exc.message, field=exc.field)
    elif isinstance(exc, DatabaseUnavailable):
        error = DatabaseUnavailableError(code=exc.code, message=exc.message)
    else:
        raise exc
    if info is not None:
        note_typed_error(info, error, at)
    return error


def _not_found(exc: DomainNotFound) -> NotFoundError:
    return NotFoundError(
        code=exc.code,
        message=exc.message,
        kind=exc.kind,
        name=exc.name,
        suggestions=exc.suggestions,
        found_as=exc.found_as,
        found_name=exc.found_name,
        others=[_not_found(o) for o in exc.others],
    )


def note_typed_error(info: Info, error: Any, at: tuple[str | int, ...] = ()) -> None:
    """Note a typed error member (anything with ``code`` and ``message``) for ``extensions.typedErrors``."""
    notes = getattr(info.context, "typed_errors", None)
    if notes is not None:
        notes.append(
            {
                "path": [*info.path.as_list(), *at],
                "type": getattr(getattr(type(error), "__strawberry_definition__", None), "name", type(error).__name__),
                "code": str(error.code),
                "message": str(error.message),
            }
        )


async def call(fn: Callable[[], T]) -> T:
    """Run blocking repository work off the event loop."""
    return await run_in_threadpool(fn)
