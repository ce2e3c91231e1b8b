"""An unknown reach over a fiber grade is bounded by the held reach over a better grade of the same
mode: OS1a (1.0 dB/km) carries a PMD no further than OS2 (0.4 dB/km), OM1 no further than OM2.

    SFP+ ─ SFP-10G-LR ─ N m of OS1a ─ SFP-10G-LR ─ SFP+      10GBASE-LR: 10 km over OS2 (cl. 52), OS1a not held
"""

from __future__ import annotations

from tests.unit.rules.conftest import Kit


def _lr_over_os1a(kit: Kit, metres: float):  # type: ignore[no-untyped-def]
    er = "SFP-10G-LR"
    return kit.check(
        kit.link(
            kit.bare("SFP+"),
            kit.bare("SFP+"),
            metres,
            module_a=er,
            module_b=er,
            fibers=[kit.generic("OS1a", kit.module(er).connector, metres)],
        )
    )


def test_within_the_os2_reach_an_unknown_os1a_reach_is_unverified_not_rejected(kit: Kit) -> None:
    verdict = _lr_over_os1a(kit, 3_000)
    assert verdict.valid is True
    assert [f.code for f in verdict.findings if f.code.startswith("REACH")] == ["REACH_UNVERIFIED"]


def test_beyond_the_os2_reach_os1a_cannot_carry_it_either(kit: Kit) -> None:
    verdict = _lr_over_os1a(kit, 30_000)
    assert verdict.valid is False
    [exceeded] = [f for f in verdict.findings if f.code == "REACH_EXCEEDED"]
    assert exceeded.limit == 10_000
    assert exceeded.message == (
        "the catalogue holds no reach for 10GBASE-LR over OS1a, but OS1a carries it no further than OS2, "
        "over which 10GBASE-LR reaches 10000 m; the fiber path is 30000 m"
    )
    assert "REACH_UNVERIFIED" not in [f.code for f in verdict.findings]
