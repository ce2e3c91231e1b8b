"""Protocol, PMD and rate rules on catalogue rows: InfiniBand negotiates the highest common rate,
Ethernet ends must share a PMD, splitters divide a port. Pure: no database."""

from __future__ import annotations

from service.domain.catalogue import Protocol
from tests.unit.rules.conftest import Kit


def test_ndr_switch_to_hdr_switch_through_the_documented_splitter_runs_at_hdr(kit: Kit) -> None:
    """QM9700 (NDR) ══ MCP7Y60-H002 ══ QM8700 (HDR): the twin-port OSFP end carries two 200G HDR ports;
    the link runs at 200 Gb/s and says so (NVIDIA MCP7Y60 spec N39, QM87xx N36). Mixed InfiniBand
    generations are an info, not an error."""
    link = kit.link(kit.device("QM9700"), kit.device("QM8700"), 2, cable="MCP7Y60-H002")
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.protocol, verdict.legs, verdict.lanes) == (
        True,
        200.0,
        Protocol.INFINIBAND,
        1,
        4,
    )
    [info] = verdict.findings
    assert (info.code, info.severity.value, info.limit) == ("RATE_NEGOTIATED", "info", 200.0)
    assert info.parts == ("MQM8700-HS2F", "MCP7Y60-H002")
    assert info.message == (
        "the link runs at 200 Gb/s, the highest rate every element supports (limited by "
        "MQM8700-HS2F, MCP7Y60-H002); InfiniBand negotiates it"
    )


def test_hdr_port_to_an_ndr_capable_adapter_runs_at_hdr(kit: Kit) -> None:
    """QM8700 (HDR, QSFP56) ══ MCP1650-H DAC ══ ConnectX-7 QSFP112 (up to 400G): the QSFP56 plug fits
    the QSFP112 cage (QSFP-DD MSA rev 6.0, E05) and the link runs at HDR 200 Gb/s."""
    link = kit.link(kit.device("QM8700"), kit.device("MCX715105AS-WEAT"), 2, cable="MCP1650-H002E26")
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps) == (True, 200.0)
    assert [f.code for f in verdict.findings] == ["RATE_NEGOTIATED"]


def test_hdr_optics_never_link_to_ndr_optics(kit: Kit) -> None:
    """MMA1T00-HS (HDR SR4) against MMA4Z00-NS400 (NDR SR4): PMD_MISMATCH whose fix says the
    generations do not link directly (NVIDIA N25, in the MMA1T00-HS notes)."""
    link = kit.link(
        kit.bare("QSFP56"),
        kit.bare("OSFP"),
        20,
        module_a="MMA1T00-HS",
        module_b="MMA4Z00-NS400",
        fibers=[kit.generic("OM4", "MPO-12/APC", 20)],
    )
    pmd = next(f for f in kit.check(link).findings if f.code == "PMD_MISMATCH")
    assert pmd.message == ("MMA1T00-HS runs HDR SR4 but MMA4Z00-NS400 runs NDR SR4: both ends must run the same PMD")
    assert pmd.fix == (
        "optics of different InfiniBand generations (HDR SR4 and NDR SR4) do not link directly: "
        "use optics of one generation at both ends, or a cable documented for linking these two "
        "generations"
    )


def test_single_rate_10g_and_25g_ethernet_optics_do_not_link(kit: Kit) -> None:
    """C20: SFP-10G-SR (10GBASE-SR) against SFP-25G-SR-S (25GBASE-SR, single rate): PMD_MISMATCH and
    no common rate (IEEE cl. 52 vs cl. 112; Cisco 25G FAQ S53)."""
    link = kit.link(
        kit.device("QFX5110-48S", "sfpp"),
        kit.device("QFX5140", "sfp28"),
        100,
        module_a="SFP-10G-SR",
        module_b="SFP-25G-SR-S",
        fibers=[kit.generic("OM4", "LC/UPC", 100)],
    )
    verdict = kit.check(link)
    assert verdict.error_codes == ("PMD_MISMATCH", "RATE_MISMATCH")
    assert verdict.rate_gbps is None
    assert verdict.findings[0].fix == (
        "use transceivers of one PMD at both ends (10GBASE-SR or 25GBASE-SR), or a dual-rate module that "
        "implements both 10GBASE-SR and 25GBASE-SR (25/10G-SR-SFP100M, E25GSFP28SR or SFP-10/25G-CSR-S), its port "
        "set to the rate of the other end"
    )


def test_a_dual_rate_module_at_the_25g_end_links_at_10g_and_says_to_set_the_port(kit: Kit) -> None:
    """C20 fix: SFP-10/25G-CSR-S (10GBASE-SR and 25GBASE-SR) at the SFP28 end: valid at 10 Gb/s,
    with the port set to 10G (Cisco S53)."""
    link = kit.link(
        kit.device("QFX5110-48S", "sfpp"),
        kit.device("QFX5140", "sfp28"),
        100,
        module_a="SFP-10G-SR",
        module_b="SFP-10/25G-CSR-S",
        fibers=[kit.generic("OM4", "LC/UPC", 100)],
    )
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.protocol) == (True, 10.0, Protocol.ETHERNET)
    info, setting = verdict.findings
    assert (info.code, info.fix) == ("RATE_NEGOTIATED", "set both ports to 10 Gb/s")
    assert (setting.code, setting.severity.value, setting.limit, setting.parts) == (
        "CONFIG_PREREQUISITE",
        "info",
        10.0,
        ("SFP-10/25G-CSR-S",),
    )
    assert setting.fix == "set the port speed to 10 Gb/s at both ends"


def test_a_qsa_caps_the_rate_at_one_lane(kit: Kit) -> None:
    """A QSA carries one lane (10GbE, E29/E30): a 100G-capable ConnectX-5 port runs at 10 Gb/s."""
    link = kit.link(
        kit.device("MCX555A-ECAT"),
        kit.bare("SFP+"),
        100,
        adapter_a="MAM1Q00A-QSA",
        module_a="SFP-10G-SR",
        module_b="SFP-10G-SR",
        fibers=[kit.generic("OM3", "LC/UPC", 100)],
        rate_gbps=25,
    )
    verdict = kit.check(link)
    rate = next(f for f in verdict.findings if f.code == "RATE_MISMATCH")
    assert rate.limit == 10.0
    assert "MAM1Q00A-QSA supports up to 10 Gb/s" in rate.message


def test_an_ethernet_only_adapter_in_an_infiniband_port_is_a_protocol_mismatch(kit: Kit) -> None:
    """The QSA28 is Ethernet-only (E29); the QM8700 HDR switch is InfiniBand-only (N36)."""
    link = kit.link(
        kit.device("QM8700"),
        kit.bare("SFP28"),
        50,
        adapter_a="MAM1Q00A-QSA28",
        module_a="SFP-25G-SR-S",
        module_b="SFP-25G-SR-S",
        fibers=[kit.generic("OM4", "LC/UPC", 50)],
    )
    proto = next(f for f in kit.check(link).findings if f.code == "PROTOCOL_MISMATCH")
    assert proto.parts == ("MQM8700-HS2F", "MAM1Q00A-QSA28", "SFP-25G-SR-S")


def test_a_protocol_asked_for_that_a_part_lacks(kit: Kit) -> None:
    """MCP1650-H is an InfiniBand HDR DAC: asked to run Ethernet, it is the part named."""
    link = kit.link(
        kit.device("MCX653105A-HDAT"),
        kit.device("MCX653106A-HDAT"),
        2,
        cable="MCP1650-H002E26",
        protocol=Protocol.ETHERNET,
    )
    proto = next(f for f in kit.check(link).findings if f.code == "PROTOCOL_MISMATCH")
    assert proto.parts == ("MCP1650-H002E26",)
    assert proto.message == "Ethernet was asked for, but MCP1650-H002E26 is InfiniBand only"


def test_an_hdr_port_split_into_two_hdr100_legs_runs_each_leg_at_100(kit: Kit) -> None:
    """QM8700 (HDR 200G, split mode 2xHDR100) ══ MFS1S50-H splitter AOC ══ ConnectX-6 HDR100: each leg
    runs 100 Gb/s on 2 lanes (NVIDIA N48, N33). The split port offers its 200G divided by 2."""
    link = kit.link(kit.device("QM8700"), kit.device("MCX653105A-ECAT"), 30, cable="MFS1S50-H030V")
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.legs, verdict.lanes) == (True, 100.0, 2, 2)


def test_an_ndr_port_split_by_a_fiber_splitter_runs_ndr200_per_leg(kit: Kit) -> None:
    """QM9700 + MMA4Z00-NS ══ MFP7E20 1:2 splitter ══ MMA4Z00-NS400 + ConnectX-7: NDR → 2 × NDR200,
    200 Gb/s on 2 lanes per leg (NVIDIA N02, split mode 2xNDR200 N16)."""
    link = kit.link(
        kit.device("QM9700"),
        kit.device("MCX75310AAS-NEAT"),
        20,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS400",
        fibers=[kit.fiber("MFP7E20-N020")],
    )
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.legs, verdict.lanes) == (True, 200.0, 2, 2)
