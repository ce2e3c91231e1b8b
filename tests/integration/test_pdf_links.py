"""linkOptions / checkLink over the Cisco parts read whole from Cisco's data sheets on the pdf branch
(issue 11), on the real seeded graph.

    SN4700 (QSFP-DD) ══ 3 m ══ SN4700 at 400 Gb/s → Cisco QDD-400-CU3M and QDD-400-AOC3M among the options
    SN2700 (QSFP28) ══ 1.5 m ══ SN2700 at 100 Gb/s → Cisco QSFP-100G-CU1.5M (c78-736282 Table 7)
    SFP56 ══ 4 m ══ SFP56 at 50 Gb/s → only Cisco's SFP-50G-CU4M reaches (ALE and Aruba stop at 3 m);
        RS(544,514) clause 134 FEC at both ends
    QFX5100-24Q ══ 2 m ══< 4 × QFX5110-48S SFP+ at 10 Gb/s → Cisco QSFP-4SFP10G-CU2M
    SN2700 ── QSFP-100G-CWDM4-S ══ 1.5 km OS2 ══ MMA1L30-CM ── SN2700 → valid (100G-CWDM4, 2 km)

Sources: PD01 (Cisco 10GBASE SFP+ and QSFP-100G data sheets), PD02 (VIC 15000 cable matrix),
PD03 (UCS 6600 fabric-interconnect spec sheet); sources/pdf.yaml.
"""

from __future__ import annotations

from service.domain.link import MediumKind
from service.use_cases import CatalogueService, EndRequest, FanOutLegRequest, FiberRequest, LinkRequest

SN4700 = EndRequest(device="SN4700")
SN2700 = EndRequest(device="SN2700")
SFP56 = EndRequest(form_factor="SFP56")
QFX5100 = EndRequest(device="QFX5100-24Q")
QFX5110_SFPP = EndRequest(device="QFX5110-48S", cage="sfpp")


def _cables(options) -> list[str]:  # type: ignore[no-untyped-def]
    """Every cable offered: each valid option's cable and its alternatives (one option per cable class)."""
    return [
        n
        for o in options
        if o.verdict.valid
        for p in o.parts
        if p.role == "cable"
        for n in (p.part_number, *p.alternatives)
    ]


def _codes(findings: object, severity: str) -> list[str]:
    return [f.code for f in findings if f.severity.value == severity]  # type: ignore[attr-defined]


class TestLinkOptions:
    def test_400g_qsfp_dd_over_3_m_offers_ciscos_3_m_copper_and_aoc(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SN4700, end_b=SN4700, rate_gbps=400, distance_m=3).options
        cables = _cables(options)
        assert "QDD-400-CU3M" in cables
        assert "QDD-400-AOC3M" in cables
        # the 1 m and 2 m lengths do not span 3 m
        assert not {"QDD-400-CU1M", "QDD-400-CU2M", "QDD-400-AOC1M", "QDD-400-AOC2M"} & set(cables)

    def test_100g_over_1_5_m_offers_ciscos_1_5_m_dac(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SN2700, end_b=SN2700, rate_gbps=100, distance_m=1.5).options
        copper = [o for o in options if o.medium is MediumKind.PASSIVE_COPPER and o.verdict.valid]
        cables = [p.part_number for o in copper for p in o.parts if p.role == "cable"]
        cisco = [pn for pn in cables if pn.startswith("QSFP-100G-CU")]
        assert cisco == ["QSFP-100G-CU1.5M"]

    def test_50g_sfp56_over_4_m_is_ciscos_4_m_dac_alone(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFP56, end_b=SFP56, rate_gbps=50, distance_m=4).options
        dacs = [o for o in options if o.medium is MediumKind.PASSIVE_COPPER]
        assert [[p.part_number for p in o.parts] for o in dacs] == [["SFP-50G-CU4M"]]
        [dac] = dacs
        assert dac.verdict.valid
        assert [(f.code, f.severity.value) for f in dac.verdict.findings] == [("FEC_REQUIRED", "info")]

    def test_40g_breakout_over_2_m_offers_ciscos_2_m_splitter(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=QFX5100, end_b=QFX5110_SFPP, rate_gbps=10, distance_m=2).options
        assert "QSFP-4SFP10G-CU2M" in _cables(options)


class TestCheckLink:
    def test_qsfp_dd_aoc_between_two_sn4700_is_valid(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=SN4700, end_b=SN4700, distance_m=3, media=(FiberRequest(part_number="QDD-400-AOC3M"),))
        )
        assert _codes(check.verdict.findings, "error") == []

    def test_the_2_m_splitter_fanned_out_to_four_sfp_plus_ports_is_valid(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=QFX5100,
                end_b=EndRequest(),
                distance_m=2,
                media=(FiberRequest(part_number="QSFP-4SFP10G-CU2M"),),
                fan_out=tuple(FanOutLegRequest(end=QFX5110_SFPP) for _ in range(4)),
            )
        )
        assert check.verdict.valid, check.verdict.findings

    def test_cwdm4_cisco_against_nvidia_over_1_5_km_is_valid(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SN2700,
                end_b=SN2700,
                distance_m=1500,
                module_a="QSFP-100G-CWDM4-S",
                module_b="MMA1L30-CM",
                media=(FiberRequest(fiber_type="OS2", connector="LC"),),
            )
        )
        assert check.verdict.valid, check.verdict.findings

    def test_cwdm4_over_3_km_exceeds_the_2_km_reach(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SN2700,
                end_b=SN2700,
                distance_m=3000,
                module_a="QSFP-100G-CWDM4-S",
                module_b="QSFP-100G-SM-SR",
                media=(FiberRequest(fiber_type="OS2", connector="LC"),),
            )
        )
        assert _codes(check.verdict.findings, "error") == ["REACH_EXCEEDED"]

    def test_the_50g_cisco_dac_needs_rs544(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=SFP56, end_b=SFP56, distance_m=2.5, media=(FiberRequest(part_number="SFP-50G-CU2.5M"),))
        )
        assert check.verdict.valid
        [fec] = check.verdict.findings
        assert (fec.code, fec.severity.value) == ("FEC_REQUIRED", "info")
        assert "SFP-50G-CU2.5M needs FEC RS(544,514) (IEEE 802.3 Clause 134) at both ends" in fec.message


class TestEquivalents:
    def test_ciscos_extended_and_industrial_10g_sr_are_the_same_optic_as_sr_s(self, service: CatalogueService) -> None:
        assert {"SFP-10G-SR-X", "SFP-10G-SR-I"} <= set(service.repo.equivalents("SFP-10G-SR-S"))

    def test_ciscos_cwdm4_modules_are_nvidias_cwdm4(self, service: CatalogueService) -> None:
        assert {"QSFP-100G-SM-SR", "MMA1L30-CM"} <= set(service.repo.equivalents("QSFP-100G-CWDM4-S"))
