"""Alcatel-Lucent Enterprise (ALE) optics and cables on the real seeded graph (issue 11, helper ale).

`part.equivalents` lists the transceivers of the same form factor, ports, side and rates that implement
the same PMDs with the same module connector, ordered by vendor then part number; ALE ("Alcatel-Lucent
Enterprise") sorts first. Sources: ALE's transceivers guide FG01 (e.g. "iSFP-10G-LR ... 10GBASE-LR ...
SMF ... 1310 nm ... ~10 km", "QSFP-100G-CLR4 ... 100GBASE-LR4 Lite ... 2 km", "SFP-10G-C ... Cable
Length 60cm, 1m, 3m, 7m"), and the Cisco, Finisar, HPE, Juniper and NVIDIA rows already in the catalogue.
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest


def _options(service: CatalogueService, ff: str, rate: float, distance: float):  # type: ignore[no-untyped-def]
    end = EndRequest(form_factor=ff)
    return service.link_options(end_a=end, end_b=end, rate_gbps=rate, distance_m=distance).options


def _numbers(option) -> set[str]:  # type: ignore[no-untyped-def]
    out: set[str] = set()
    for p in option.parts:
        if p.part_number:
            out |= {p.part_number, *p.alternatives}
    return out


def _codes(findings: object, severity: str) -> list[str]:
    return [f.code for f in findings if f.severity.value == severity]  # type: ignore[attr-defined]


class TestEquivalents:
    @pytest.mark.parametrize(
        ("pn", "equivalents"),
        [
            # 10GBASE-LR SFP+, duplex LC: Cisco (x5, PD01 the -X / -LR10-I, UC14 the Meraki MA-SFP-10GB-LR), Finisar,
            # HPE (J9151E, TAA JL749A), Intel (IT01-IT03), Juniper (SFPP-10GE-LR, HU04)
            (
                "iSFP-10G-LR",
                [
                    "MA-SFP-10GB-LR",
                    "SFP-10G-LR",
                    "SFP-10G-LR-S",
                    "SFP-10G-LR-X",
                    "SFP-10G-LR10-I",
                    "407-BBOP",
                    "10302",
                    "10G-LR-SFP10KM-ET",
                    "10G-LR-SFP10KM-IT",
                    "FTLX1471D3BCL",
                    "FN-TRAN-SFP+LR",
                    "455886-B21",
                    "J9151E",
                    "JL749A",
                    "AFCT-701SDDZ-IN1",
                    "AFCT-701SDZ-IN2",
                    "E10GSFPLR",
                    "FTLX1471D3BCV-IT",
                    "QFX-SFP-10GE-LR",
                    "SFPP-10GE-LR",
                    "S+31DLC10D",
                ],
            ),
            # 10GBASE-SR SFP+
            (
                "iSFP-10G-SR",
                [
                    "MA-SFP-10GB-SR",
                    "SFP-10G-SR",
                    "SFP-10G-SR-I",
                    "SFP-10G-SR-S",
                    "SFP-10G-SR-X",
                    "407-BBOU",
                    "407-BBVJ",
                    "407-BCBN",
                    "10301",
                    "10G-SR-SFP300M-ET",
                    "10G-SR-SFP300M-IT",
                    "FTLX8574D3BCL",
                    "FN-TRAN-SFP+SR",
                    "455883-B21",
                    "J9150A",
                    "J9150D",
                    "JL748A",
                    "AFBR-703SDDZ-IN1",
                    "AFBR-703SDZ-IN2",
                    "E10GSFPSR",
                    "E10GSFPSRG1P5",
                    "E10GSFPSRG2P5",
                    "E10GSFPSRX",
                    "FTLX8571D3BCV-IT",
                    "SFPP-10GE-SR",
                    "S+85DLC03D",
                    "MFM1T02A-SR",
                ],
            ),
            # 1000BASE-SX SFP: the industrial twin, Cisco, Dell (HU01), HPE, Juniper (HU04)
            (
                "SFP-GIG-SX",
                [
                    "iSFP-GIG-SX",
                    "GLC-SX-MM",
                    "GLC-SX-MMD",
                    "SFP-1G-SX",
                    "10051H",
                    "FN-TRAN-SX",
                    "FR-TRAN-SX",
                    "J4858D",
                    "JL745A",
                    "CTP-SFP-1GE-SX",
                    "RX-550M-SFP",
                    "SFP-1GE-SX",
                    "S-85DLC05D",
                ],
            ),
            # 1000BASE-T SFP, RJ-45: ALE's twins, Cisco (GLC-T, GLC-TE, SFP-GE-T; UC01/UC03), HPE, Juniper (HU04)
            (
                "SFP-1G-T",
                [
                    "SFP-GIG-T",
                    "iSFP-GIG-T",
                    "GLC-T",
                    "GLC-TE",
                    "SFP-GE-T",
                    "10065",
                    "10070H",
                    "MGBIC-02",
                    "FN-TRAN-GC",
                    "J8177D",
                    "JL747A",
                    "CTP-SFP-1GE-T",
                    "QFX-SFP-1GE-T",
                    "RX-GET-SFP",
                    "SFP-1GE-T",
                    "S-RJ01",
                ],
            ),
            # 25GBASE-LR SFP28: the 2 km CLR implements the same PMD, but at less than half its 10 km
            # reach: a shorter reach class, not the same optic
            (
                "SFP-25G-LR",
                [
                    "SFP-25G-LR-S",
                    "SFP28-25G-LR",
                    "25G-LR-SFP10KM",
                    "FN-TRAN-SFP28-LR",
                    "JL486A",
                    "E25GSFP28LRX",
                ],
            ),
            # 100GBASE-LR4 QSFP28: Cisco, Dell (HU01), HPE, NVIDIA (not the 2 km LR4 Lite parts)
            (
                "QSFP-100G-LR4",
                [
                    "QSFP-100G-LR4-I",
                    "QSFP-100G-LR4-S",
                    "Q28-100G-LR4",
                    "100G-LR4-QSFP10KM",
                    "JL310A",
                    "MMA1L10-CR",
                ],
            ),
            # 100G-CWDM4 QSFP28: Cisco (PD01: CWDM4-S and the CWDM4-Lite SM-SR), Dell (HU01), HPE, NVIDIA
            (
                "QSFP-100G-CWDM4",
                [
                    "QSFP-100G-CWDM4-S",
                    "QSFP-100G-SM-SR",
                    "Q28-100G-CWDM4",
                    "FN-TRAN-QSFP28-CWDM4",
                    "R0Z30A",
                    "SPTSBP3CLCCO",
                    "MMA1L30-CM",
                ],
            ),
        ],
    )
    def test_ale_optic_lists_the_other_vendors_optics(
        self, service: CatalogueService, pn: str, equivalents: list[str]
    ) -> None:
        assert service.repo.equivalents(pn) == equivalents

    def test_another_vendors_optic_lists_the_ale_ones_first(self, service: CatalogueService) -> None:
        assert service.repo.equivalents("J9151E") == [
            "iSFP-10G-LR",
            "MA-SFP-10GB-LR",
            "SFP-10G-LR",
            "SFP-10G-LR-S",
            "SFP-10G-LR-X",
            "SFP-10G-LR10-I",
            "407-BBOP",
            "10302",
            "10G-LR-SFP10KM-ET",
            "10G-LR-SFP10KM-IT",
            "FTLX1471D3BCL",
            "FN-TRAN-SFP+LR",
            "455886-B21",
            "JL749A",
            "AFCT-701SDDZ-IN1",
            "AFCT-701SDZ-IN2",
            "E10GSFPLR",
            "FTLX1471D3BCV-IT",
            "QFX-SFP-10GE-LR",
            "SFPP-10GE-LR",
            "S+31DLC10D",
        ]

    def test_an_ale_cable_has_no_equivalents_list(self, service: CatalogueService) -> None:
        assert service.repo.equivalents("SFP-10G-C3M") == []


class TestLinkOptionsNameAleParts:
    def test_10g_sfp_plus_at_3_m_offers_the_ale_dac(self, service: CatalogueService) -> None:
        numbers = set().union(*(_numbers(o) for o in _options(service, "SFP+", 10, 3)))
        assert "SFP-10G-C3M" in numbers
        assert "SFP-10G-C1M" not in numbers  # 1 m is too short for 3 m

    def test_10g_sfp_plus_at_5_m_offers_the_7_m_ale_dac(self, service: CatalogueService) -> None:
        numbers = set().union(*(_numbers(o) for o in _options(service, "SFP+", 10, 5)))
        assert "SFP-10G-C7M" in numbers
        assert "SFP-10G-C3M" not in numbers

    def test_40g_qsfp_plus_at_15_m_offers_the_ale_aoc(self, service: CatalogueService) -> None:
        numbers = set().union(*(_numbers(o) for o in _options(service, "QSFP+", 40, 15)))
        assert "QSFP-40G-AOC20M" in numbers
        assert "QSFP-40G-C7M" not in numbers

    def test_200g_qsfp56_at_1_m_offers_the_ale_dac(self, service: CatalogueService) -> None:
        numbers = set().union(*(_numbers(o) for o in _options(service, "QSFP56", 200, 1)))
        assert "QSFP-200G-C1M" in numbers
        assert "QSFP-200G-C50CM" not in numbers


def _check(service: CatalogueService, ff: str, a: str, b: str, fiber: str, metres: float):  # type: ignore[no-untyped-def]
    end = EndRequest(form_factor=ff)
    return service.check_link(
        LinkRequest(
            end_a=end,
            end_b=end,
            distance_m=metres,
            module_a=a,
            module_b=b,
            media=(FiberRequest(fiber_type=fiber, connector="LC"),),
        )
    )


class TestCheckLink:
    def test_ale_lr4_against_hpe_lr4_over_8_km_is_valid(self, service: CatalogueService) -> None:
        check = _check(service, "QSFP28", "QSFP-100G-LR4", "JL310A", "OS2", 8000)
        assert check.verdict.valid, check.verdict.findings
        assert _codes(check.verdict.findings, "error") == []

    def test_the_2_km_clr4_against_an_lr4_over_8_km_exceeds_its_reach(self, service: CatalogueService) -> None:
        # "QSFP-100G-CLR4 ... Transmission Distance 2 km" (FG01 p. 1-44)
        check = _check(service, "QSFP28", "QSFP-100G-CLR4", "JL310A", "OS2", 8000)
        assert not check.verdict.valid
        assert _codes(check.verdict.findings, "error") == ["REACH_EXCEEDED"]

    def test_the_clr4_against_an_lr4_over_1500_m_is_valid(self, service: CatalogueService) -> None:
        check = _check(service, "QSFP28", "QSFP-100G-CLR4", "QSFP-100G-LR4-S", "OS2", 1500)
        assert check.verdict.valid, check.verdict.findings

    def test_ale_1000base_lx_against_cisco_is_valid_at_5_km(self, service: CatalogueService) -> None:
        check = _check(service, "SFP", "SFP-GIG-LX", "GLC-LH-SMD", "OS2", 5000)
        assert check.verdict.valid, check.verdict.findings

    def test_ale_25g_lr_against_the_clr_pmd_match_but_lr_against_sr_does_not(self, service: CatalogueService) -> None:
        ok = _check(service, "SFP28", "SFP-25G-LR", "SFP-25G-CLR", "OS2", 1000)
        assert ok.verdict.valid, ok.verdict.findings
        bad = _check(service, "SFP28", "SFP-25G-LR", "SFP-25G-SR", "OS2", 1000)
        assert not bad.verdict.valid


class TestOmniSwitchDevices:
    def test_6870_qsfp28_uplinks_at_2_m_name_the_ale_100g_dac(self, service: CatalogueService) -> None:
        # OS6870-24 and OS6870-P48Z: "2 x 40/100G QSFP28" (AL01); QSFP-100G-C3M is 3 m (FG01 p. 1-45)
        options = service.link_options(
            end_a=EndRequest(device="OS6870-24", cage="qsfp28"),
            end_b=EndRequest(device="OS6870-P48Z", cage="qsfp28"),
            rate_gbps=100,
            distance_m=2,
        ).options
        numbers = set().union(*(_numbers(o) for o in options))
        assert "QSFP-100G-C3M" in numbers

    def test_6870_v12_sfp28_at_300_m_is_an_lr_link(self, service: CatalogueService) -> None:
        options = service.link_options(
            end_a=EndRequest(device="OS6870-V12", cage="sfp28"),
            end_b=EndRequest(device="OS6870-V12", cage="sfp28"),
            rate_gbps=25,
            distance_m=300,
        ).options
        clean = [o for o in options if not _codes(o.verdict.findings, "warning") and o.verdict.valid]
        assert {o.pmd for o in clean} == {"25GBASE-LR"}
        assert any({"SFP-25G-LR", "SFP-25G-CLR"} & _numbers(o) for o in clean)
