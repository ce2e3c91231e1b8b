"""Hypothesis helpers shared by the property tests that compare two ways of answering one question
(memoised vs uncached answers, warm vs memo-less rule context)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from hypothesis import strategies as st

from service.domain.catalogue import Protocol, Side, TopStyle
from service.errors import FabricGraphError
from service.use_cases import EndRequest

_T = TypeVar("_T")

Ends = list[tuple[EndRequest, list[float], list[Protocol]]]


def draw_end(data: st.DataObject, ends: Ends, label: str) -> tuple[EndRequest, list[float], list[Protocol]]:
    """One catalogue end with its speeds (Gb/s) and protocols; a bare end may state what the user knows
    of its cage (top style, ports, side)."""
    end, speeds, protocols = data.draw(st.sampled_from(ends), label=label)
    # Drawn for every end (used only by bare ones) so each example makes the same draws: a shrink
    # replaying one example's choices against another's shape is what hypothesis reports as
    # FlakyStrategyDefinition, hiding the failure it was shrinking.
    top_style = data.draw(st.sampled_from([None, *TopStyle]), label=f"{label} top style")
    ports = data.draw(st.sampled_from([None, 1, 2]), label=f"{label} ports")
    side = data.draw(st.sampled_from([None, *Side]), label=f"{label} side")
    if end.form_factor:
        # a top style is an OSFP cage's only (another form factor's is a ValidationError)
        top_style = top_style if end.form_factor == "OSFP" else None
        end = EndRequest(form_factor=end.form_factor, top_style=top_style, ports=ports, side=side)
    return end, speeds, protocols


def pick(data: st.DataObject, items: Sequence[_T], label: str) -> _T:
    """One of ``items``, drawn with ONE choice of a fixed range whatever their number (not
    ``sampled_from``, which makes no choice at all for a single item): every example then makes the
    same number of choices, so hypothesis never sees one run of a choice prefix draw more than
    another (FlakyStrategyDefinition, seen on a CI run when the ends drawn left one rate)."""
    return items[data.draw(st.integers(0, 255), label=label) % len(items)]


def answer_of(call: Callable[[], object]) -> object:
    """The call's answer, or its typed error as (type, message), so two answers compare either way."""
    try:
        return call()
    except FabricGraphError as error:
        return (type(error), str(error))
