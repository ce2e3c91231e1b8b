"""FEC modes per port and rate (NVIDIA Spectrum ports, FE01) and the auto-negotiation notices
(AUTONEG_REQUIRED, AUTONEG_UNSUPPORTED, FE01). Pure: no database.

FE01, NVIDIA's Cumulus Linux user guide: "The Spectrum ASIC supports RS-FEC (for both 100G and 25G),
Base-R/FC-FEC (25G only), or no-FEC (for both 100G and 25G)"; the SN2xxx, SN3420, SN3700C and
SN4600C 25G/100G ports "only support NRZ encoding", so their RS-FEC is RS(528,514) (Clause 108 at
25G, Clause 91 at 100G)::

    SN2700 QSFP28 port   100 Gb/s: RS(528,514) or none     25 Gb/s leg: RS(528,514), BASE-R or none
"""

from __future__ import annotations

from service.domain.catalogue import Fec, fec_modes_at
from tests.unit.rules.conftest import Kit

DAC = "MCP1600-C002E30N"


def test_spectrum_ports_list_their_fec_modes_per_rate(kit: Kit) -> None:
    sn2700 = kit.device("SN2700").cage
    assert fec_modes_at(sn2700, 100) == (["RS(528,514)", "none"], ["FE01"])
    assert fec_modes_at(sn2700, 25) == (["RS(528,514)", "BASE-R", "none"], ["FE01"])
    assert fec_modes_at(sn2700, 40) == ([], [])  # no rate the source states: not checked
    assert fec_modes_at(kit.device("SN2410", "sfp28").cage, 25) == (["RS(528,514)", "BASE-R", "none"], ["FE01"])
    # PAM4-capable ports: the source gives no FEC modes at 200/400/800 Gb/s, so none are loaded.
    assert kit.device("SN5600").cage.fec_by_rate == []
    assert kit.device("SN4700").cage.fec_by_rate == []


def test_a_100g_dac_on_an_sn2700_port_names_what_the_port_runs(kit: Kit) -> None:
    link = kit.link(kit.device("SN2700"), kit.device("MCX455A-ECAT"), 2, cable=DAC)
    verdict = kit.check(link)
    assert verdict.valid is True
    [fec] = [f for f in verdict.findings if f.code.startswith("FEC_")]
    assert (fec.code, fec.message) == (
        "FEC_REQUIRED",
        f"{DAC} needs FEC RS(528,514) (IEEE 802.3 Clause 91) at both ends; a port set to another FEC mode keeps "
        "the link down (SN2700 runs RS(528,514) or none at 100 Gb/s)",
    )
    assert (fec.fix, fec.source_ids) == ("set FEC to RS(528,514) on both ports", ("FEC01", "FEC02", "FE01"))


def test_25gbase_sr_between_sn2410_sfp28_ports_names_their_25g_modes(kit: Kit) -> None:
    port = kit.device("SN2410", "sfp28")
    link = kit.link(
        port, port, 50, module_a="MMA2P00-AS", module_b="MMA2P00-AS", fibers=[kit.generic("OM4", "LC/UPC", 50)]
    )
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps) == (True, 25.0)
    [fec] = [f for f in verdict.findings if f.code.startswith("FEC_")]
    assert fec.message == (
        "25GBASE-SR needs FEC RS(528,514) (IEEE 802.3 Clause 108) at both ends; a port set to another FEC mode "
        "keeps the link down (SN2410 sfp28 runs RS(528,514), BASE-R or none at 25 Gb/s)"
    )


def test_a_medium_needing_a_mode_the_port_lacks_at_that_rate_is_refused(kit: Kit) -> None:
    """HYPOTHETICAL MEDIUM for the rule only: the 100G DAC's class copied with RS(544,514) as its FEC
    (no catalogue medium at 100 Gb/s needs a mode a Spectrum port lacks). The SN2700 port's modes at
    100 Gb/s are the catalogue's (FE01)."""
    link = kit.link(kit.device("SN2700"), kit.bare("QSFP28"), 2, cable=DAC)
    cable = link.cable
    assert cable is not None
    kp4 = cable.model_copy(update={"fec": Fec(required="RS(544,514)", clause="91", sources=["FEC01"])})
    verdict = kit.check(link.model_copy(update={"cable": kp4}))
    assert verdict.valid is False
    assert verdict.error_codes == ("FEC_MISMATCH",)
    [fec] = [f for f in verdict.findings if f.code.startswith("FEC_")]
    assert fec.message == (
        f"{DAC} needs FEC RS(544,514) (IEEE 802.3 Clause 91); SN2700 runs RS(528,514) or none only at 100 Gb/s: "
        "the two ends share no FEC mode, so the link does not come up"
    )
    assert fec.fix == "put the link on a port that runs RS(544,514), or use a medium whose FEC that port runs"
    assert fec.source_ids == ("FEC01", "FE01")


SPECTRUM4 = (
    "a Spectrum-4 switch connected to another Spectrum-4 switch with PAM4 modulation must have auto-negotiation enabled"
)
SN4700_400G = (
    "the switch does not support auto-negotiation on QSFP-DD 400G transceiver modules; the speed must be forced"
)


def test_spectrum_4_to_spectrum_4_over_pam4_lanes_needs_auto_negotiation(kit: Kit) -> None:
    """FE01: "When you connect an NVIDIA Spectrum-4 switch to another NVIDIA Spectrum-4 switch with PAM4
    modulation, you must enable auto-negotiation." A twin-port MCP4Y10 DAC runs 2 x 400 Gb/s, each on
    4 lanes of 100 Gb/s (PAM4)."""
    sn5600 = kit.device("SN5600")
    _, verdict = kit.best(kit.link(sn5600, sn5600, 2, cable="MCP4Y10-N002"))
    assert (verdict.valid, verdict.rate_gbps, verdict.lanes) == (True, 400.0, 4)
    [note] = [f for f in verdict.findings if f.code.startswith("AUTONEG")]
    assert (note.code, note.severity.value, note.message, note.fix, note.source_ids) == (
        "AUTONEG_REQUIRED",
        "info",
        f"SN5600 (both ends) at 400 Gb/s, 100 Gb/s per lane: {SPECTRUM4}",
        "enable auto-negotiation on both ports (nv set interface <port> link auto-negotiate on)",
        ("FE01",),
    )


def test_no_auto_negotiation_note_without_a_spectrum_4_peer_or_below_pam4_lanes(kit: Kit) -> None:
    sn5600 = kit.device("SN5600")
    to_a_bare_port = kit.link(sn5600, kit.bare("OSFP"), 2, cable="MCP4Y10-N002")
    _, verdict = kit.best(to_a_bare_port)
    assert [f.code for f in verdict.findings if f.code.startswith("AUTONEG")] == []
    # SN2700 to SN2700 (Spectrum): no note is sourced for it.
    sn2700 = kit.device("SN2700")
    _, verdict = kit.best(kit.link(sn2700, sn2700, 2, cable=DAC))
    assert [f.code for f in verdict.findings if f.code.startswith("AUTONEG")] == []


def test_sn4700_400g_transceiver_modules_need_a_forced_speed(kit: Kit) -> None:
    """FE01: "The SN4700 and SN4410 switch does not support auto-negotiation on QSFP-DD 400G transceiver
    modules. You need to force set the speed." A QSFP-DD DAC between the same ports gets no such note."""
    sn4700 = kit.device("SN4700")
    dr4 = kit.link(
        sn4700,
        kit.device("SN4410", "qsfp-dd-400"),
        100,
        module_a="MMS1V00-WM",
        module_b="MMS1V00-WM",
        fibers=[kit.generic("OS2", "MPO-12/APC", 100)],
    )
    _, verdict = kit.best(dr4)
    assert (verdict.valid, verdict.rate_gbps) == (True, 400.0)
    [note] = [f for f in verdict.findings if f.code.startswith("AUTONEG")]
    assert (note.code, note.message, note.fix, note.parts, note.source_ids) == (
        "AUTONEG_UNSUPPORTED",
        f"SN4700 and SN4410 qsfp-dd-400 at 400 Gb/s: {SN4700_400G}",
        "set the port speed to 400G with auto-negotiation off (nv set interface <port> link speed 400G; "
        "nv set interface <port> link auto-negotiate off), and the same at the other end",
        ("MMS1V00-WM",),
        ("FE01",),
    )
    _, verdict = kit.best(kit.link(sn4700, sn4700, 2, cable="QDD-400-CU2M"))
    assert verdict.valid is True
    assert [f.code for f in verdict.findings if f.code.startswith("AUTONEG")] == []
