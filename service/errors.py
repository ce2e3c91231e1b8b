"""The exception tree of fabricgraph. Every error the service raises on purpose is one of these.

::

    FabricGraphError                 root; has a stable ``code``
    ├── ConfigurationError           settings that cannot work
    ├── DatabaseUnavailable          Neo4j cannot be reached (code DATABASE_UNAVAILABLE)
    ├── LocalServerError             the local Neo4j server could not be fetched, started or stopped
    ├── SeedValidationError          a seed row is invalid: names file, row and field
    ├── NotFoundError                a named thing is not in the catalogue; carries suggestions
    │   ├── UnknownPartError         code UNKNOWN_PART
    │   ├── UnknownDeviceError       code UNKNOWN_DEVICE
    │   └── UnknownFormFactorError   code UNKNOWN_FORM_FACTOR
    ├── InputValidationError         a request value is out of range (code VALIDATION_ERROR)
    └── AuthenticationError          no valid API key or bearer token (code UNAUTHORIZED)

GraphQL resolvers turn these into typed union results; anything else is unexpected and is masked
outside development.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

__all__ = [
    "AuthenticationError",
    "ConfigurationError",
    "DatabaseUnavailable",
    "FabricGraphError",
    "InputValidationError",
    "LocalServerError",
    "NotFoundError",
    "SeedValidationError",
    "UnknownDeviceError",
    "UnknownFormFactorError",
    "UnknownPartError",
]


class FabricGraphError(Exception):
    """Root of every deliberate error; ``code`` is stable and safe to show to clients."""

    code = "FABRICGRAPH_ERROR"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ConfigurationError(FabricGraphError):
    code = "CONFIGURATION_ERROR"


class DatabaseUnavailable(FabricGraphError):  # noqa: N818 - public name since the first release
    code = "DATABASE_UNAVAILABLE"


class LocalServerError(FabricGraphError):
    code = "LOCAL_SERVER_ERROR"


class SeedValidationError(FabricGraphError):
    """A seed data row failed validation; the message names the file, the row and the field."""

    code = "SEED_VALIDATION_ERROR"


class NotFoundError(FabricGraphError):
    """A name that is not in the catalogue.

    Args:
        kind: what was looked up ("part", "device", "form factor").
        name: the name as given.
        suggestions: the closest known names, best first (at most three).
    """

    code = "NOT_FOUND"

    def __init__(self, kind: str, name: str, suggestions: Sequence[str] = ()) -> None:
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"unknown {kind} {name!r}{hint}")
        self.kind = kind
        self.name = name
        self.suggestions = list(suggestions)
        self.others: list[NotFoundError] = []
        self.found_as: str | None = None
        """What the name is in the catalogue instead ("device" for a device model asked as a part
        number, "part" the other way round); None when the catalogue holds it under no other kind."""
        self.found_name: str | None = None
        """The catalogue's own name of that other thing (the device's model, the part's number)."""

    def found_elsewhere(self, found_as: str, found_name: str, description: str, ask: str) -> Self:
        """This error saying the name IS in the catalogue, as a ``found_as`` (the code stays the same).

        ``description`` says what it is (a device's name, a part's description) and ``ask`` the
        query that answers it, e.g. ``device(name: "4XC7B03668")``; the message then reads
        "4XC7B03668 is a device (…), not a part number: ask device(name: "4XC7B03668")".
        """
        self.found_as = found_as
        self.found_name = found_name
        what = f" ({description})" if description else ""
        self.message = f"{self.name} is a {found_as}{what}, not a {self.kind}: ask {ask}"
        self.args = (self.message,)
        return self

    def with_others(self, others: Sequence[NotFoundError]) -> NotFoundError:
        """This error naming ``others`` too: the other names of the same request the catalogue does
        not hold, so one answer lists every typo (the message appends them, "also unknown: …")."""
        if others:
            self.others = list(others)
            also = ", ".join(f"{o.kind} {o.name!r}" for o in others)
            self.message = f"{self.message}; also unknown: {also}"
            self.args = (self.message,)
        return self


class UnknownPartError(NotFoundError):
    code = "UNKNOWN_PART"

    def __init__(self, name: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__("part number", name, suggestions)


class UnknownDeviceError(NotFoundError):
    code = "UNKNOWN_DEVICE"

    def __init__(self, name: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__("device model", name, suggestions)


class UnknownFormFactorError(NotFoundError):
    code = "UNKNOWN_FORM_FACTOR"

    def __init__(self, name: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__("form factor", name, suggestions)


class InputValidationError(FabricGraphError):
    """A request value out of range, e.g. a negative distance; ``field`` names the input path."""

    code = "VALIDATION_ERROR"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class AuthenticationError(FabricGraphError):
    """The request carries no API key or bearer token, or one that matches no configured hash.

    The message never says which: a caller learns only that it is not authorised.
    """

    code = "UNAUTHORIZED"

    def __init__(self, message: str = "a valid API key or bearer token is required") -> None:
        super().__init__(message)
