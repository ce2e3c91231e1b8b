"""Four answers that said more than the sources do, pinned as the rules now give them. Pure: no database.

1. FEC: 100GBASE-LR4 needs no FEC (FEC01: "not required on 100 Gb long-range optics"), so its link
   carries no FEC_REQUIRED notice; where a port is sourced to run an FEC mode as well as none (an
   SN2700 port at 100 Gb/s, FE01), FEC_SETTING says to set FEC off at both ends::

       SN2700 ── QSFP-100G-LR4-S ══ 1000 m OS2 ══ QSFP-100G-LR4-S ── SN2700    FEC_SETTING (info)
       QSFP28 ── QSFP-100G-LR4-S ══ 1000 m OS2 ══ QSFP-100G-LR4-S ── QSFP28    no FEC notice

2. Rates: a NetBox interface type (10gbase-x-sfpp) names a cage's nominal rate only, so a 1 Gb/s SFP
   in the NE1032's SFP+ cage (LV02) is RATE_UNVERIFIED, not RATE_MISMATCH; a cage whose source
   states its rates completely (``rates_complete``) still refuses it::

       NE1032 ── SFP-GIG-SX ══ 100 m OM2 ══ SFP-GIG-SX ── NE1032    valid, RATE_UNVERIFIED at 1 Gb/s

3. Reach: a multimode PMD over a grade no source lists for it (EDR SR4 over OM1) says so in words.
"""

from __future__ import annotations

from service.domain.catalogue import Pmd
from service.rules.engine import RULES, check_fec
from tests.unit.rules.conftest import Kit

LR4 = "QSFP-100G-LR4-S"
FEC_NOT_REQUIRED = {"100GBASE-LR4"}


def _lr4(kit: Kit, a: str | None, b: str | None):  # type: ignore[no-untyped-def]
    end_a = kit.device(a) if a else kit.bare("QSFP28")
    end_b = kit.device(b) if b else kit.bare("QSFP28")
    return kit.link(end_a, end_b, 1000, module_a=LR4, module_b=LR4, fibers=[kit.generic("OS2", "LC/UPC", 1000)])


def test_only_100gbase_lr4_is_sourced_to_need_no_fec(kit: Kit) -> None:
    """Every PMD and cable class with an FEC row: the ones whose row says no FEC is required."""
    none = {p.name for p in kit.ctx.pmds.values() if p.fec is not None and p.fec.required == "none"}
    cables = {
        c.part_number
        for c in kit.catalogue.parts
        if getattr(c, "fec", None) is not None and c.fec.required == "none"  # type: ignore[union-attr]
    }
    assert (none, cables) == (FEC_NOT_REQUIRED, set())


def test_lr4_between_bare_cages_carries_no_fec_notice(kit: Kit) -> None:
    verdict = kit.check(_lr4(kit, None, None))
    assert verdict.valid is True
    assert [f.code for f in verdict.findings if f.code.startswith("FEC_")] == []


def test_lr4_between_sn2700_ports_says_set_fec_off_at_both_ends_never_fec_required(kit: Kit) -> None:
    verdict = kit.check(_lr4(kit, "SN2700", "SN2700"))
    assert verdict.valid is True
    [fec] = [f for f in verdict.findings if f.code.startswith("FEC_")]
    assert (fec.code, fec.severity.value, fec.message, fec.fix, fec.parts, fec.source_ids) == (
        "FEC_SETTING",
        "info",
        "no FEC: 100GBASE-LR4 runs without FEC, so set FEC off at both ends (SN2700 runs RS(528,514) or none at "
        "100 Gb/s; a port set to an FEC mode against one set off keeps the link down)",
        "set FEC to none (off) on both ports",
        (LR4,),
        ("FEC01", "FE01"),
    )


def test_lr4_between_ports_that_share_no_fec_mode_does_not_come_up(kit: Kit) -> None:
    """HYPOTHETICAL PORTS for the rule only: one runs RS(528,514) only, the other none only."""
    link = _lr4(kit, None, None)
    rs_only = link.end_a.cage.model_copy(update={"fec_modes": ["RS(528,514)"], "fec_sources": ["FE01"]})
    off_only = link.end_b.cage.model_copy(update={"fec_modes": ["none"], "fec_sources": ["FE01"]})
    link = link.model_copy(
        update={
            "end_a": link.end_a.model_copy(update={"cage": rs_only, "label": "port A"}),
            "end_b": link.end_b.model_copy(update={"cage": off_only, "label": "port B"}),
        }
    )
    [fec] = check_fec(link, kit.ctx, 100.0)
    assert (fec.code, fec.message) == (
        "FEC_MISMATCH",
        "100GBASE-LR4 needs no FEC, but port A runs RS(528,514) only; port B runs none only: the two ends share "
        "no FEC mode, so the link does not come up",
    )


def test_fec_required_and_fec_setting_are_distinct_public_codes() -> None:
    by_code = {r.code: r for r in RULES}
    assert by_code["FEC_SETTING"].severity.value == "info"
    assert "Never raised for a PMD that needs no FEC" in by_code["FEC_REQUIRED"].description


def _sx(kit: Kit, cage_update: dict[str, object] | None = None):  # type: ignore[no-untyped-def]
    end = kit.device("NE1032")
    if cage_update:
        end = end.model_copy(update={"cage": end.cage.model_copy(update=cage_update)})
    fibers = [kit.generic("OM2", "LC/UPC", 100)]
    return kit.link(end, end, 100, module_a="SFP-GIG-SX", module_b="SFP-GIG-SX", fibers=fibers)


def test_a_1g_sfp_in_a_netbox_sfp_plus_cage_is_unverified_not_refused(kit: Kit) -> None:
    cage = kit.device("NE1032").cage
    assert (cage.form_factor, cage.speeds_gbps, cage.rates_complete, cage.sources) == ("SFP+", [10.0], False, ["LV02"])
    verdict = kit.check(_sx(kit))
    assert (verdict.valid, verdict.rate_gbps, verdict.error_codes) == (True, 1.0, ())
    [rate] = [f for f in verdict.findings if f.code == "RATE_UNVERIFIED"]
    assert (rate.severity.value, rate.message, rate.fix, rate.limit, rate.parts, rate.source_ids) == (
        "warning",
        "NE1032: the source lists 10 Gb/s for this cage; 1 Gb/s not stated: the link is not rejected for it, but "
        "the port's rate is unverified",
        "confirm in the device's documentation that the port runs 1 Gb/s",
        1.0,
        ("NE1032",),
        ("LV02",),
    )


def test_a_cage_whose_rates_are_stated_completely_still_refuses_the_lower_rate(kit: Kit) -> None:
    verdict = kit.check(_sx(kit, {"rates_complete": True}))
    assert verdict.valid is False
    assert verdict.error_codes == ("RATE_MISMATCH",)


def test_a_rate_above_the_cages_top_rate_is_still_refused(kit: Kit) -> None:
    """The nominal rate is the cage's ceiling: a 25 Gb/s-only module in a 10 Gb/s SFP+ cage is no
    lower rate left unstated (HYPOTHETICAL CAGE: the NE1032's, taken as SFP28 for the rule only)."""
    end = kit.device("NE1032")
    end = end.model_copy(update={"cage": end.cage.model_copy(update={"form_factor": "SFP28"})})
    link = kit.link(
        end, end, 50, module_a="SFP-25G-SR-S", module_b="SFP-25G-SR-S", fibers=[kit.generic("OM4", "LC/UPC", 50)]
    )
    verdict = kit.check(link)
    assert "RATE_MISMATCH" in verdict.error_codes
    assert "RATE_UNVERIFIED" not in {f.code for f in verdict.findings}


def test_an_sr4_over_om1_says_no_source_lists_om1_for_the_pmd(kit: Kit) -> None:
    pmd: Pmd = kit.ctx.pmds["EDR SR4"]
    assert (pmd.reach, pmd.reach_complete) == ([], False)
    link = kit.link(
        kit.bare("QSFP28"),
        kit.bare("QSFP28"),
        30,
        module_a="MMA1B00-E100",
        module_b="MMA1B00-E100",
        fibers=[kit.generic("OM1", "MPO-12/UPC", 30)],
    )
    verdict = kit.check(link)
    assert verdict.valid is True
    [reach] = [f for f in verdict.findings if f.code == "REACH_UNVERIFIED"]
    assert reach.message == (
        "the catalogue holds no reach for EDR SR4 over OM1: no source lists OM1 for this PMD (no datasheet or "
        "standard row); the fiber path is 30 m: the link is not rejected for it, but its reach is unverified"
    )


def test_only_the_cisco_fi_groups_whose_sheets_set_1g_ports_apart_state_their_rates_completely(kit: Kit) -> None:
    """UC03 (6400: "4 1/10/25-Gbps" ports beside "10/25-Gbps" ones), UC04/UC05 (6536: 1G only on ports
    9 and 10): every other cage's rates are the rates its source names (RATE_UNVERIFIED below them)."""
    complete = sorted(f"{d.model}/{c.id}" for d in kit.catalogue.devices for c in d.cages if c.rates_complete)
    assert complete == [
        "UCS-FI-64108/sfp28",
        "UCS-FI-64108/sfp28-1g",
        "UCS-FI-64108/sfp28-unified",
        "UCS-FI-6454/sfp28",
        "UCS-FI-6454/sfp28-1g",
        "UCS-FI-6454/sfp28-unified",
        "UCS-FI-6536/qsfp28",
        "UCS-FI-6536/qsfp28-1g",
        "UCS-FI-6536/qsfp28-unified",
    ]


def test_a_1g_sfp_on_a_10_25g_port_of_the_6454_is_refused_as_its_sheet_states(kit: Kit) -> None:
    fi = kit.device("UCS-FI-6454", "sfp28")
    link = kit.link(
        fi, fi, 100, module_a="SFP-GIG-SX", module_b="SFP-GIG-SX", fibers=[kit.generic("OM2", "LC/UPC", 100)]
    )
    assert kit.check(link).error_codes == ("RATE_MISMATCH",)
    one_g = kit.device("UCS-FI-6454", "sfp28-1g")
    link = kit.link(
        one_g, one_g, 100, module_a="SFP-GIG-SX", module_b="SFP-GIG-SX", fibers=[kit.generic("OM2", "LC/UPC", 100)]
    )
    verdict = kit.check(link)
    assert (verdict.valid, "RATE_UNVERIFIED" in {f.code for f in verdict.findings}) == (True, False)
