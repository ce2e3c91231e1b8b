"""OEM equivalents and link answers with the HPE / Aruba families (issue 11), on the real seeded graph.

`part.equivalents` lists the transceivers of the same form factor, ports, side and rates that
implement exactly the same PMDs with the same module connector (cypher.EQUIVALENT_TRANSCEIVERS_QUERY),
ordered by vendor then part number. Sources: HPE cabling guide HF01 (Aruba SKUs), the Cisco, NVIDIA,
Finisar, Arista and Juniper rows already in the catalogue.
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest


class TestEquivalentsAcrossVendors:
    @pytest.mark.parametrize(
        ("pn", "equivalents"),
        [
            # 10GBASE-SR SFP+: ALE (industrial iSFP-10G-SR) <-> Cisco <-> Extreme (EX01) <-> Finisar <-> HPE
            # (J9150A, Rev D J9150D, TAA JL748A) <-> Intel (IT01-IT03) <-> Juniper (SFPP-10GE-SR, HU04) <-> NVIDIA
            (
                "J9150D",
                [
                    "iSFP-10G-SR",
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
            (
                "JL748A",
                [
                    "iSFP-10G-SR",
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
            # 10GBASE-LR SFP+: ALE <-> Cisco (x5, incl. the Meraki MA-SFP-10GB-LR of UC14) <-> Extreme <-> Finisar
            # <-> HPE <-> Intel (IT01-IT03) <-> Juniper (SFPP-10GE-LR, HU04)
            (
                "J9151E",
                [
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
                ],
            ),
            # 1000BASE-SX / -LX SFP: ALE (commercial and industrial) <-> Cisco <-> Dell (HU01) <-> Extreme (EX01)
            # <-> HPE <-> Juniper (HU04)
            (
                "GLC-SX-MMD",
                [
                    "SFP-GIG-SX",
                    "iSFP-GIG-SX",
                    "GLC-SX-MM",
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
            (
                "J4859D",
                [
                    "SFP-GIG-LX",
                    "iSFP-GIG-LX",
                    "GLC-LH-SM",
                    "GLC-LH-SMD",
                    "SFP-1G-LX",
                    "10052H",
                    "10060H",
                    "FN-TRAN-LX",
                    "JL746A",
                    "CTP-SFP-1GE-LX",
                    "QFX-SFP-1GE-LX",
                    "RX-10KM-SFP",
                    "SFP-1GE-LX",
                    "S-31DLC20D",
                ],
            ),
            # 40G BiDi QSFP+: Cisco <-> Extreme (10329, EX01) <-> HPE
            ("QSFP-40G-SR-BD", ["10329", "FG-TRAN-QSFP+SR-BIDI", "JL308A"]),
            # 100GBASE-LR4 QSFP28: ALE <-> Cisco <-> Dell <-> Extreme <-> HPE <-> NVIDIA; the 2 km LR4 Lite
            # parts (ALE's CLR4, Extreme's LR4-2) are a shorter reach class, not the same optic
            (
                "JL310A",
                [
                    "QSFP-100G-LR4",
                    "QSFP-100G-LR4-I",
                    "QSFP-100G-LR4-S",
                    "Q28-100G-LR4",
                    "100G-LR4-QSFP10KM",
                    "MMA1L10-CR",
                ],
            ),
            (
                "MMA1L10-CR",
                [
                    "QSFP-100G-LR4",
                    "QSFP-100G-LR4-I",
                    "QSFP-100G-LR4-S",
                    "Q28-100G-LR4",
                    "100G-LR4-QSFP10KM",
                    "JL310A",
                ],
            ),
            # 100GBASE-SR4 QSFP28: ALE <-> Cisco <-> Dell (SR4, SR4-G2) <-> Extreme <-> HPE <-> Intel <-> Juniper
            # <-> NVIDIA
            (
                "JL309A",
                [
                    "QSFP-100G-SR4",
                    "QSFP-100G-SR4-S",
                    "Q28-100G-SR4",
                    "Q28-100G-SR4-G2",
                    "100G-SR4-QSFP100M",
                    "10401",
                    "FN-TRAN-QSFP28-SR",
                    "E100GQSFPSR28SRX",
                    "SPTMBP1PMCDF",
                    "QSFP-100GBASE-SR4",
                    "MMA1B00-C100D",
                ],
            ),
            # 400GBASE-DR4 QSFP-DD: Arista <-> Cisco <-> Extreme <-> Juniper <-> NVIDIA (no HPE DR4 in HF01)
            ("QSFP56-DD-400GBASE-DR4", ["QDD-400G-DR4", "QDD-400G-DR4-S", "400G-DR4-QSFPDD500M", "MMS1V00-WM"]),
            # 400GBASE-SR8 QSFP-DD, MPO-16/APC: Arista <-> Cisco (QDD-400G-SR8-S, CS02) <-> Dell <-> Extreme <-> HPE
            ("R9B41A", ["QDD-400G-SR8", "QDD-400G-SR8-S", "400G-Q56DD-SR8", "400G-SR8-QSFPDD100M"]),
            ("QDD-400G-SR8", ["QDD-400G-SR8-S", "400G-Q56DD-SR8", "400G-SR8-QSFPDD100M", "R9B41A"]),
        ],
    )
    def test_part_answers_what_else_is_the_same_optic(
        self, service: CatalogueService, pn: str, equivalents: list[str]
    ) -> None:
        assert service.repo.equivalents(pn) == equivalents

    def test_a_cable_has_no_equivalents_list(self, service: CatalogueService) -> None:
        assert service.repo.equivalents("JL307A") == []


def _options(service: CatalogueService, ff: str, rate: float, distance: float):  # type: ignore[no-untyped-def]
    end = EndRequest(form_factor=ff)
    return service.link_options(end_a=end, end_b=end, rate_gbps=rate, distance_m=distance).options


def _numbers(option) -> set[str]:  # type: ignore[no-untyped-def]
    out: set[str] = set()
    for p in option.parts:
        if p.part_number:
            out |= {p.part_number, *p.alternatives}
    return out


class TestLinkOptionsNameTheNewParts:
    def test_400g_qsfp_dd_at_500_m_names_the_arista_and_juniper_dr4(self, service: CatalogueService) -> None:
        first = _options(service, "QSFP-DD", 400, 500)[0]
        assert (first.pmd, first.fiber_type) == ("400GBASE-DR4", "OS2")
        assert {"QDD-400G-DR4", "QSFP56-DD-400GBASE-DR4", "QDD-400G-DR4-S"} <= _numbers(first)

    def test_400g_qsfp_dd_at_50_m_offers_the_aruba_sr8_and_aoc(self, service: CatalogueService) -> None:
        options = _options(service, "QSFP-DD", 400, 50)
        numbers = set().union(*(_numbers(o) for o in options))
        assert {"R9B41A", "QDD-400G-SR8", "R9B44A"} <= numbers
        assert "R9B46A" not in numbers  # the 30 m AOC is too short for 50 m

    def test_25g_sfp28_at_3_m_offers_the_aruba_dac(self, service: CatalogueService) -> None:
        numbers = set().union(*(_numbers(o) for o in _options(service, "SFP28", 25, 3)))
        assert {"JL488A", "R0M44A"} <= numbers
        assert "JL487A" not in numbers  # 0.65 m
