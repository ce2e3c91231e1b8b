"""PMD breakouts: a trunk module whose PMD allows N × leg PMD, a 1:N harness, leg modules of the
leg PMD (seed/data/breakouts.yaml: 400GBASE-DR4 → 4 × 100GBASE-DR per Arista's guidance B09 and
S40; 400G-XDR4 → 4 × 100GBASE-FR1 and 400G-PLR4 → 4 × 100GBASE-LR1 per B08/B09)::

    QSFP-DD ─ QDD-400G-DR4 ══ OS2 MPO-12/APC → 4 × LC/UPC harness ══< QSFP-100G-DR ─ QSFP28  (× 4)
"""

from __future__ import annotations

from service.domain.link import FanOutLeg, FiberRun
from service.rules import breakout_leg_pmds, check_fan_out
from tests.unit.rules.conftest import Kit


def _harness(legs: int = 4, length_m: float = 300, fiber: str = "OS2") -> FiberRun:
    return FiberRun(fiber_type=fiber, connector_a="MPO-12/APC", connector_b="LC/UPC", legs=legs, length_m=length_m)


def test_the_catalogue_lists_the_sourced_breakout_modes(kit: Kit) -> None:
    modes = {
        name: [(b.legs, b.pmd, tuple(b.sources)) for b in pmd.breakouts]
        for name, pmd in kit.ctx.pmds.items()
        if pmd.breakouts
    }
    assert modes == {
        "400GBASE-DR4": [(4, "100GBASE-DR", ("B09", "S40"))],
        "400G-XDR4": [(4, "100GBASE-FR1", ("B08", "B09"))],
        "400G-PLR4": [(4, "100GBASE-LR1", ("B08", "B09"))],
        "800GBASE-DR8": [(8, "100GBASE-DR", ("K01",)), (2, "400GBASE-DR4", ("K01",))],
        "400GBASE-SR8": [(2, "200GBASE-SR4", ("K02",))],
        "40GBASE-SR4": [(4, "10GBASE-SR", ("LK01", "LK02"))],
        "100GBASE-SR4": [(4, "25GBASE-SR", ("LK01", "LK02"))],
    }


def test_one_leg_of_a_dr4_breakout_runs_100gbase_dr_at_100_on_one_lane(kit: Kit) -> None:
    link = kit.link(
        kit.bare("QSFP-DD"),
        kit.bare("QSFP28"),
        300,
        module_a="QDD-400G-DR4",
        module_b="QSFP-100G-DR",
        fibers=[_harness()],
    )
    assert breakout_leg_pmds(link, kit.ctx) == ["100GBASE-DR"]
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.legs, verdict.lanes) == (True, 100.0, 4, 1)
    assert verdict.error_codes == ()


def test_the_dr4_breakout_is_refused_beyond_the_500_m_of_100gbase_dr(kit: Kit) -> None:
    link = kit.link(
        kit.bare("QSFP-DD"),
        kit.bare("QSFP28"),
        600,
        module_a="QDD-400G-DR4",
        module_b="QSFP-100G-DR",
        fibers=[_harness(length_m=600)],
    )
    verdict = kit.check(link)
    assert verdict.error_codes == ("REACH_EXCEEDED",)
    assert next(f.limit for f in verdict.findings if f.code == "REACH_EXCEEDED") == 500.0


def test_a_four_leg_harness_to_100g_fr_modules_is_not_a_dr4_breakout(kit: Kit) -> None:
    """400GBASE-DR4 breaks out to 100GBASE-DR only; QSFP-100G-FR (100GBASE-FR1) needs 400G-XDR4."""
    link = kit.link(
        kit.bare("QSFP-DD"),
        kit.bare("QSFP28"),
        300,
        module_a="QDD-400G-DR4",
        module_b="QSFP-100G-FR",
        fibers=[_harness()],
    )
    assert breakout_leg_pmds(link, kit.ctx) == []
    assert "PMD_MISMATCH" in kit.check(link).error_codes


def test_an_xdr4_breaks_out_to_four_100g_fr_at_1500_m(kit: Kit) -> None:
    link = kit.link(
        kit.bare("QSFP-DD"),
        kit.bare("QSFP28"),
        1500,
        module_a="QDD-400G-XDR4",
        module_b="QSFP-100G-FR",
        fibers=[_harness(length_m=1500)],
    )
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.legs) == (True, 100.0, 4)


def test_a_two_leg_harness_does_not_break_a_dr4_out(kit: Kit) -> None:
    link = kit.link(
        kit.bare("QSFP-DD"),
        kit.bare("QSFP28"),
        300,
        module_a="QDD-400G-DR4",
        module_b="QSFP-100G-DR",
        fibers=[_harness(legs=2)],
    )
    assert "PMD_MISMATCH" in kit.check(link).error_codes


def test_the_whole_dr4_fan_out_is_four_legs_at_100(kit: Kit) -> None:
    trunk = kit.link(kit.bare("QSFP-DD"), kit.bare("QSFP28"), 300, module_a="QDD-400G-DR4", fibers=[_harness()])
    legs = [FanOutLeg(end=kit.bare("QSFP28"), module=kit.module("QSFP-100G-DR")) for _ in range(4)]
    verdict, checks = check_fan_out(trunk, legs, kit.ctx)
    assert (verdict.valid, verdict.rate_gbps, verdict.ports, verdict.legs, verdict.aggregate_gbps) == (
        True,
        100.0,
        4,
        4,
        400.0,
    )
    assert [c.verdict.valid for c in checks] == [True] * 4


def _mm_harness(length_m: float, fiber: str = "OM4") -> FiberRun:
    return FiberRun(fiber_type=fiber, connector_a="MPO-12/UPC", connector_b="LC/UPC", legs=4, length_m=length_m)


def test_a_40gbase_sr4_breakout_reaches_no_further_than_its_trunk_pmd(kit: Kit) -> None:
    """40GBASE-SR4 → 4 × 10GBASE-SR (LK01, LK02): the legs run 10GBASE-SR (400 m over OM4), but
    the trunk module's optics are 40GBASE-SR4's (150 m over OM4), so 150 m is valid and 200 m is not."""
    ends = (kit.bare("QSFP+"), kit.bare("SFP+"))
    at_150 = kit.link(*ends, 150, module_a="QSFP-40G-SR4", module_b="SFP-10G-SR", fibers=[_mm_harness(150)])
    assert breakout_leg_pmds(at_150, kit.ctx) == ["10GBASE-SR"]
    assert kit.check(at_150).valid is True
    at_200 = kit.link(*ends, 200, module_a="QSFP-40G-SR4", module_b="SFP-10G-SR", fibers=[_mm_harness(200)])
    verdict = kit.check(at_200)
    assert verdict.valid is False
    assert verdict.error_codes == ("REACH_EXCEEDED",)
    assert next(f.limit for f in verdict.findings if f.code == "REACH_EXCEEDED") == 150.0
