"""Shared resolver helpers: expected errors become union members, blocking work runs off the loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from starlette.concurrency import run_in_threadpool

from service.api.types import DatabaseUnavailableError, NotFoundError, ValidationError
from service.errors import DatabaseUnavailable, FabricGraphError, InputValidationError
from service.errors import NotFoundError as DomainNotFound

__all__ = ["ExpectedError", "as_error", "call"]

T = TypeVar("T")
ExpectedError = NotFoundError | ValidationError | DatabaseUnavailableError


def as_error(exc: FabricGraphError) -> ExpectedError:
    """The union member for an expected domain error; anything else is re-raised (and masked)."""
    if isinstance(exc, DomainNotFound):
        return NotFoundError(
            code=exc.code, message=exc.message, kind=exc.kind, name=exc.name, suggestions=exc.suggestions
        )
    if isinstance(exc, InputValidationError):
        return ValidationError(code=exc.code, message=exc.message, field=exc.field)
    if isinstance(exc, DatabaseUnavailable):
        return DatabaseUnavailableError(code=exc.code, message=exc.message)
    raise exc


async def call(fn: Callable[[], T]) -> T:
    """Run blocking repository work off the event loop."""
    return await run_in_threadpool(fn)
