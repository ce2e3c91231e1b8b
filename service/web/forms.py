"""Reading the pages' form fields into the use cases' requests.

Every field arrives as text. Bad text becomes an :class:`~service.errors.InputValidationError`
naming the field (the page shows it beside the form), never a 500. Ranges (a negative distance, a
rate of 0) are left to the use cases, which check them for GraphQL too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TypeVar

from service.domain.catalogue import Protocol, Side, TopStyle
from service.errors import InputValidationError
from service.use_cases import EndRequest, FiberRequest, LinkRequest, PlantRequest

__all__ = [
    "FIBER_GRADES",
    "MAX_TEXT",
    "end_request",
    "link_request",
    "number",
    "plant_request",
    "protocol",
    "text",
    "whole",
]

MAX_TEXT = 200
"""The longest text a field takes (characters); part numbers and models are far shorter."""

FIBER_GRADES = ("OM1", "OM2", "OM3", "OM4", "OM5", "OS1a", "OS2")
"""Fiber grades a medium field may name instead of a part number (generic structured cabling)."""

Form = Mapping[str, str]


def text(form: Form, name: str) -> str | None:
    """The stripped text of a field, None when empty.

    Raises:
        InputValidationError: longer than :data:`MAX_TEXT` characters.
    """
    value = (form.get(name) or "").strip()
    if len(value) > MAX_TEXT:
        raise InputValidationError(name, f"at most {MAX_TEXT} characters, got {len(value)}")
    return value or None


def number(form: Form, name: str, label: str, *, required: bool = True) -> float | None:
    """A decimal number (``30``, ``2.5``); None when empty and not required.

    Raises:
        InputValidationError: empty but required, not a number, or not finite.
    """
    raw = text(form, name)
    if raw is None:
        if required:
            raise InputValidationError(name, f"{label} is required")
        return None
    try:
        value = float(raw.replace(",", ""))
    except ValueError:
        raise InputValidationError(name, f"{label} must be a number, got {raw!r}") from None
    if not math.isfinite(value):
        raise InputValidationError(name, f"{label} must be a finite number, got {raw!r}")
    return value


def whole(form: Form, name: str, label: str, *, required: bool = True) -> int | None:
    """A whole number (``2048`` or ``2,048``); None when empty and not required.

    Raises:
        InputValidationError: empty but required, or not a whole number.
    """
    raw = text(form, name)
    if raw is None:
        if required:
            raise InputValidationError(name, f"{label} is required")
        return None
    digits = raw.replace(",", "").replace("_", "")
    if not digits.lstrip("-").isdigit() or len(digits) > 16:
        raise InputValidationError(name, f"{label} must be a whole number, got {raw!r}")
    return int(digits)


def protocol(form: Form, name: str = "protocol") -> Protocol | None:
    """``InfiniBand`` or ``Ethernet`` (any case); None for either.

    Raises:
        InputValidationError: another value.
    """
    raw = text(form, name)
    if raw is None or raw.casefold() == "any":
        return None
    for p in Protocol:
        if p.value.casefold() == raw.casefold():
            return p
    raise InputValidationError(name, f"protocol must be InfiniBand or Ethernet, got {raw!r}")


_T = TypeVar("_T")


def _choice(form: Form, name: str, label: str, allowed: Mapping[str, _T]) -> _T | None:
    """The value of select field ``name`` among ``allowed`` (keys as the form sends them, matched
    without case); None when empty.

    Raises:
        InputValidationError: another value.
    """
    raw = text(form, name)
    if raw is None:
        return None
    found = {k.casefold(): v for k, v in allowed.items()}.get(raw.casefold())
    if found is None:
        raise InputValidationError(name, f"{label} must be one of {', '.join(allowed)} or empty, got {raw!r}")
    return found


_TOP_STYLES = {"finned": TopStyle.FINNED, "flat": TopStyle.FLAT}
_PORTS = {"1": 1, "2": 2}
_SIDES = {"switch": Side.SWITCH, "adapter": Side.ADAPTER}


def end_request(form: Form, which: str, is_form_factor: Callable[[str], bool]) -> EndRequest:
    """One end from field ``which`` (a device model, OPN, alias, or a form factor such as ``SFP+``)
    and ``<which>_cage`` (a cage group id, optional). A bare form factor may say what is known of its
    cage: ``<which>_top`` (``finned`` / ``flat``), ``<which>_ports`` (``1`` single-port, ``2``
    twin-port) and ``<which>_side`` (``switch`` / ``adapter``), each optional (empty: not checked),
    as GraphQL's ``EndInput`` takes them; on a device's end they are refused, as over GraphQL (the
    device's cage states its own).

    Args:
        form: the fields.
        which: ``a`` or ``b``.
        is_form_factor: True when a name is a catalogue form factor (or one of its aliases).

    Raises:
        InputValidationError: the end is empty, or a bare-port detail is not one of its values.
    """
    name = text(form, which)
    if name is None:
        raise InputValidationError(which, f"end {which.upper()} is required: a device model or a form factor")
    top = _choice(form, f"{which}_top", f"Top style of {which.upper()}", _TOP_STYLES)
    ports = _choice(form, f"{which}_ports", f"Ports per cage of {which.upper()}", _PORTS)
    side = _choice(form, f"{which}_side", f"Side of {which.upper()}", _SIDES)
    if is_form_factor(name):
        return EndRequest(form_factor=name, top_style=top, ports=ports, side=side)
    # a device's end with a detail stated is refused by the use case (its cage states its own)
    return EndRequest(device=name, cage=text(form, f"{which}_cage"), top_style=top, ports=ports, side=side)


def link_request(form: Form, is_form_factor: Callable[[str], bool]) -> LinkRequest:
    """A proposed chain from the check page's fields.

    Fields: ``a``, ``b`` (ends), ``distance`` (m), ``rate`` (Gb/s, optional), ``protocol``,
    ``module_a``, ``module_b``, ``adapter_a``, ``adapter_b`` (part numbers, optional), ``medium``
    (a cable or fiber part number, or a fiber grade such as ``OM4`` for structured cabling) with
    ``medium_length`` (m) and ``connector`` (e.g. ``MPO-12/APC``) for a fiber grade.

    Raises:
        InputValidationError: a missing end or distance, or text where a number belongs.
    """
    media: list[FiberRequest] = []
    medium = text(form, "medium")
    if medium is not None:
        grade = next((g for g in FIBER_GRADES if g.casefold() == medium.casefold()), None)
        if grade is not None:
            media.append(
                FiberRequest(
                    fiber_type=grade,
                    length_m=number(form, "medium_length", "Fiber length", required=False),
                    connector=text(form, "connector"),
                )
            )
        else:
            media.append(FiberRequest(part_number=medium))
    return LinkRequest(
        end_a=end_request(form, "a", is_form_factor),
        end_b=end_request(form, "b", is_form_factor),
        distance_m=number(form, "distance", "Distance") or 0.0,
        module_a=text(form, "module_a"),
        module_b=text(form, "module_b"),
        media=tuple(media),
        rate_gbps=number(form, "rate", "Rate", required=False),
        protocol=protocol(form),
        adapter_a=text(form, "adapter_a"),
        adapter_b=text(form, "adapter_b"),
    )


def plant_request(form: Form) -> PlantRequest | None:
    """The installed fiber the link finder's plant fields describe: ``plant_fiber`` (OM1…OS2),
    ``plant_connector`` (``LC/UPC``; empty: taken to match the transceivers), ``plant_length`` (metres;
    empty: the run) and ``patch_panels`` (a whole number, empty: 0). None when no grade is chosen.

    Raises:
        InputValidationError: a grade not in :data:`FIBER_GRADES`, a length that is not a number, a
            panel count that is not a whole number (ranges are checked by the use case).
    """
    grade = text(form, "plant_fiber")
    if grade is None:
        return None
    known = {g.casefold(): g for g in FIBER_GRADES}
    if grade.casefold() not in known:
        raise InputValidationError(
            "plant_fiber", f"fiber grade must be one of {', '.join(FIBER_GRADES)}, got {grade!r}"
        )
    return PlantRequest(
        fiber_type=known[grade.casefold()],
        connector=text(form, "plant_connector"),
        length_m=number(form, "plant_length", "Installed fiber length", required=False),
        patch_panels=whole(form, "patch_panels", "Patch panels", required=False) or 0,
    )
