"""RuleContext.modules_for is memoised per context: the memoised answer equals a fresh context's
(nothing memoised) for any PMDs and cages, asked in any order and repeatedly."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rules import RuleContext


def _fresh(ctx: RuleContext) -> RuleContext:
    """A copy of ``ctx`` with an empty memo (the same facts)."""
    return dataclasses.replace(ctx)


def test_modules_for_known_answer(ctx: RuleContext) -> None:
    # 10GBASE-SR SFP+ modules of the seed catalogue; the memo returns what a fresh context returns,
    # and a new list each time (callers may mutate it).
    first = ctx.modules_for(["10GBASE-SR"], ["SFP+"])
    again = ctx.modules_for(["10GBASE-SR"], ["SFP+"])
    # (by part number: Extreme's numeric 10301 and its 10G-SR-SFP300M-ET / -IT, EX01, sort first, then
    # Dell's 407-BBOU / 407-BBVJ order numbers, JNP02)
    assert first[:5] == ["10301", "10G-SR-SFP300M-ET", "10G-SR-SFP300M-IT", "407-BBOU", "407-BBVJ"]
    assert first == again == _fresh(ctx).modules_for(["10GBASE-SR"], ["SFP+"])
    assert first is not again
    first.append("MUTATED")
    assert "MUTATED" not in ctx.modules_for(["10GBASE-SR"], ["SFP+"])


def test_memo_not_part_of_equality(ctx: RuleContext) -> None:
    fresh = _fresh(ctx)
    ctx.modules_for(["10GBASE-SR"], ["SFP+"])
    assert fresh == ctx


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_modules_for_memoised_equals_uncached(ctx: RuleContext, data: st.DataObject) -> None:
    pmd_names = sorted(ctx.pmds)
    cage_names = sorted(ctx.form_factors)
    pmds = data.draw(st.lists(st.sampled_from([*pmd_names, "NO-SUCH-PMD"]), max_size=3))
    cages = data.draw(st.lists(st.sampled_from([*cage_names, "NO-SUCH-CAGE"]), max_size=3))
    memoised = [ctx.modules_for(pmds, cages) for _ in range(2)] + [ctx.modules_for(reversed(pmds), iter(cages))]
    uncached = _fresh(ctx).modules_for(pmds, cages)
    assert memoised == [uncached] * 3
