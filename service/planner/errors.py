"""Typed errors of the fat-tree planner. Each class has a stable ``code`` that is safe to show.

::

    PlannerError                 base of every planner error (code PLANNER_ERROR)
    ├── InvalidSpecError         a value is missing, out of range or inconsistent (INVALID_SPEC)
    ├── RadixTooSmallError       the switch has too few ports for a fat tree or for the
    │                            requested split (RADIX_TOO_SMALL)
    ├── RadixOddError            an odd logical radix cannot be halved into down/up ports
    │                            (RADIX_ODD)
    ├── TooManyEndpointsError    more endpoints than the allowed tiers of this switch can take;
    │                            carries ``limit`` and ``tiers`` (TOO_MANY_ENDPOINTS)
    ├── UnsupportedSplitError    a breakout the switch does not list (UNSUPPORTED_SPLIT)
    ├── OversubscriptionNotBuildableError  no leaf port split gives exactly the ratio asked for;
    │                            carries the nearest ratios the radix can build
    │                            (OVERSUBSCRIPTION_NOT_BUILDABLE)
    └── MissingMediumError       the BOM builder was given no medium for a tier that has links
                                 (MISSING_MEDIUM)

``PlannerError`` subclasses :class:`Exception` directly for now so the planner imports nothing from
the rest of the service; its shape (a class-level ``code`` and a ``message`` attribute) matches the
project's root error so it can be re-parented under it without touching callers.
"""

from __future__ import annotations

__all__ = [
    "InvalidSpecError",
    "MissingMediumError",
    "OversubscriptionNotBuildableError",
    "PlannerError",
    "RadixOddError",
    "RadixTooSmallError",
    "TooManyEndpointsError",
    "UnsupportedSplitError",
]


class PlannerError(Exception):
    """Base of every deliberate planner error.

    Attributes:
        code: Stable machine-readable code, one per subclass.
        message: Human-readable explanation naming the limiting value.
    """

    code: str = "PLANNER_ERROR"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidSpecError(PlannerError):
    """A spec value is missing, zero, negative, malformed or inconsistent with another value."""

    code = "INVALID_SPEC"


class RadixTooSmallError(PlannerError):
    """The switch radix (logical ports) leaves no room for at least one down- and one up-port.

    Attributes:
        radix: The logical ports that were available (after reserved ports), or ``None``.
        minimum: The fewest logical ports that would do, or ``None``.
    """

    code = "RADIX_TOO_SMALL"

    def __init__(self, message: str, *, radix: int | None = None, minimum: int | None = None) -> None:
        super().__init__(message)
        self.radix = radix
        self.minimum = minimum


class RadixOddError(PlannerError):
    """The logical radix is odd; fat-tree spines need exactly half their ports down, half up."""

    code = "RADIX_ODD"


class TooManyEndpointsError(PlannerError):
    """The endpoints exceed what the allowed number of tiers of this switch can take.

    Attributes:
        limit: The largest endpoint count the allowed tiers can take with this switch, split
            and oversubscription (endpoint links).
        tiers: The tier count the limit applies to (2 or 3).
        endpoints: The endpoint links asked for, or ``None``.
    """

    code = "TOO_MANY_ENDPOINTS"

    def __init__(self, message: str, *, limit: int, tiers: int, endpoints: int | None = None) -> None:
        super().__init__(message)
        self.limit = limit
        self.tiers = tiers
        self.endpoints = endpoints


class UnsupportedSplitError(PlannerError):
    """The spec needs a port breakout (split) that the switch does not list.

    Attributes:
        requested: The split asked for (a mode name, or e.g. ``"200 Gb/s legs"``), or ``None``.
        supported: The split modes the switch lists, e.g. ``("2xNDR200", "2xHDR100")``.
    """

    code = "UNSUPPORTED_SPLIT"

    def __init__(self, message: str, *, requested: str | None = None, supported: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.requested = requested
        self.supported = supported


class MissingMediumError(PlannerError):
    """The BOM builder has no medium for a link tier that the plan needs."""

    code = "MISSING_MEDIUM"


class OversubscriptionNotBuildableError(PlannerError):
    """No split of the leaf's ports into down- and up-ports gives exactly the ratio asked for.

    The planner never rounds a ratio silently: "4.714:1" on 40 HDR ports split into HDR100 legs is
    refused, naming 33:7 (≈ 4.714:1, Compute Canada Narval) and 14:3 as the nearest it can build.

    Attributes:
        requested: The ratio asked for, reduced, e.g. ``"2357:500"``.
        nearest: The buildable ratios closest to it, below then above (one or two labels such as
            ``"14:3"``, ``"33:7"``); each is exact down:up leaf bandwidth.
    """

    code = "OVERSUBSCRIPTION_NOT_BUILDABLE"

    def __init__(self, message: str, *, requested: str, nearest: tuple[str, ...]) -> None:
        super().__init__(message)
        self.requested = requested
        self.nearest = nearest
