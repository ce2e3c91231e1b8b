"""FEC: the mode both ends must run (FEC_REQUIRED) and ends that share no FEC mode (FEC_MISMATCH).
Pure: no database.

    QSFP28 ── MCP1600-C002E30N (100G DAC, Clause 91 RS-FEC RS(528,514); FEC01, FEC02) ── QSFP28
"""

from __future__ import annotations

from service.rules.engine import check_fec
from tests.unit.rules.conftest import Kit


def test_a_100g_dac_link_reports_rs_528_514_at_both_ends(kit: Kit) -> None:
    link = kit.link(kit.bare("QSFP28"), kit.bare("QSFP28"), 2, cable="MCP1600-C002E30N")
    verdict = kit.check(link)
    assert verdict.valid is True
    [fec] = [f for f in verdict.findings if f.code == "FEC_REQUIRED"]
    assert fec.message == (
        "MCP1600-C002E30N needs FEC RS(528,514) (IEEE 802.3 Clause 91) at both ends; a port set to another FEC "
        "mode keeps the link down"
    )
    assert (fec.fix, fec.source_ids) == ("set FEC to RS(528,514) on both ports", ("FEC01", "FEC02"))


def test_a_port_that_lists_no_rs_fec_refuses_the_100g_dac_with_its_fix(kit: Kit) -> None:
    """HYPOTHETICAL PORT for the rule only: a QSFP28 cage whose source lists BASE-R and none as its
    FEC modes (no catalogue device carries FEC modes yet)."""
    bare = kit.bare("QSFP28")
    cage = bare.cage.model_copy(update={"fec_modes": ["BASE-R", "none"], "fec_sources": ["FEC01"]})
    legacy = bare.model_copy(update={"cage": cage, "label": "a legacy QSFP28 port"})
    link = kit.link(legacy, kit.bare("QSFP28"), 2, cable="MCP1600-C002E30N")
    verdict = kit.check(link)
    assert verdict.valid is False
    assert verdict.error_codes == ("FEC_MISMATCH",)
    [fec] = [f for f in verdict.findings if f.code.startswith("FEC_")]
    assert fec.message == (
        "MCP1600-C002E30N needs FEC RS(528,514) (IEEE 802.3 Clause 91); a legacy QSFP28 port runs BASE-R or none "
        "only: the two ends share no FEC mode, so the link does not come up"
    )
    assert fec.fix == "put the link on a port that runs RS(528,514), or use a medium whose FEC that port runs"


def test_100gbase_lr4_runs_without_fec(kit: Kit) -> None:
    """FEC01: FEC is not required on 100 Gb long-range optics."""
    pmd = kit.ctx.pmds["100GBASE-LR4"]
    assert pmd.fec is not None and pmd.fec.required == "none"


def test_a_pmd_without_a_sourced_fec_says_nothing(kit: Kit) -> None:
    link = kit.link(
        kit.bare("SFP+"),
        kit.bare("SFP+"),
        100,
        module_a="SFP-10G-SR",
        module_b="SFP-10G-SR",
        fibers=[kit.generic("OM3", "LC/UPC", 100)],
    )
    assert check_fec(link, kit.ctx, 10.0) == []
