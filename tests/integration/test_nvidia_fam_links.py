"""linkOptions over the NVIDIA LinkX families added for issue 11, on the real seeded graph.

    SFP+ ══ 3 m ══ SFP+            at 10 Gb/s  → MC3309130-003 (3 m) and MC3309124-005 (5 m) DACs,
                                                 copper before every optic
    SFP+ ══ 8 m ══ SFP+            at 10 Gb/s  → no passive DAC (the longest loaded 10G SFP+ DAC is 7 m)
    QM9700 ══ 4 m ══ ConnectX-7/OSFP at 200 Gb/s → ACC splitter MCA7J70-N004 (1:4, 4 x 200G OSFP)
    QM9700 ══ 4 m ══ ConnectX-7/OSFP at 400 Gb/s → ACC splitter MCA7J60-N004 (1:2, 2 x 400G OSFP)

Sources: the 10G SFP+ DAC lengths are a secondary table (NF01: MC3309130-00A 0.5 m, -003 3 m;
MC3309124-005 5 m, -007 7 m); ACC splitters at 4 and 5 m (NVIDIA N13), their ends (N50).
"""

from __future__ import annotations

import pytest

from service.domain.link import MediumKind
from service.use_cases import CatalogueService, EndRequest

SFP_PLUS = EndRequest(form_factor="SFP+")
QM9700 = EndRequest(device="QM9700")
CX7_OSFP = EndRequest(device="MCX75310AAS-NEAT")


def _copper(options) -> list[str]:  # type: ignore[no-untyped-def]
    return [o.summary for o in options if o.medium in (MediumKind.PASSIVE_COPPER, MediumKind.ACTIVE_COPPER)]


@pytest.fixture(scope="module")
def sfp_plus_10g_3m(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=SFP_PLUS, end_b=SFP_PLUS, rate_gbps=10, distance_m=3).options


class TestTenGigSfpPlusDac:
    def test_a_3_m_sfp_plus_link_is_offered_the_3_m_and_5_m_dacs(self, sfp_plus_10g_3m) -> None:  # type: ignore[no-untyped-def]
        """Per family its shortest length that covers 3 m (the 0.5 m MC3309130 is too short), and one
        option per cable class: the 3 m passive SFP+ DACs of NVIDIA (MC3309130-003), HPE (J9283D), Cisco
        (SFP-H10GB-CU3M), ALE (SFP-10G-C3M, FG01; the OmniSwitch 2260/2360 OS2x60-CBL-3M, AM10/AM11), Dell
        (DAC-SFP-10G-3M, HU01), Cisco Meraki (MA-CBL-TA-3M, UC14) and Extreme (10305, EX02 Table 79) are one
        option, 10305 first by part number (bare ends: no vendor to prefer), the rest its alternatives;
        NVIDIA's 5 m MC3309124-005 is another length, Extreme's active 10G-DACA-SFP3M (EX01) and Cisco's
        7 m active SFP-H10GB-ACU7M (the shortest of its family) another type."""
        assert [(o.summary, o.parts[0].alternatives) for o in sfp_plus_10g_3m if o.link.cable is not None][:4] == [
            (
                "DAC 10305 (3 m)",
                (
                    "487655-B21",  # HPE BLc (JNP01, secondary)
                    "90Y9430",
                    "DAC-SFP-10G-3M",
                    "FN-CABLE-SFP+3",  # Fortinet (BRD01 p. 12)
                    "J9283D",
                    "MA-CBL-TA-3M",
                    "MC3309130-003",
                    "OS2x60-CBL-3M",
                    "S+DA0003",  # MikroTik (BRD02)
                    "SFP-10G-C3M",
                    "SFP-H10GB-CU3M",
                    "SP-CABLE-FS-SFP+3",  # Fortinet (BRD01 p. 12)
                ),
            ),
            ("DAC MC3309124-005 (5 m)", ()),
            ("ACC 10G-DACA-SFP3M (3 m)", ("00VX114",)),
            ("ACC SFP-H10GB-ACU7M (7 m)", ()),
        ]

    def test_the_dacs_rank_before_every_optic(self, sfp_plus_10g_3m) -> None:  # type: ignore[no-untyped-def]
        media = [o.medium for o in sfp_plus_10g_3m]
        # the 3 m DAC class (seven vendors, one option), then NVIDIA's 5 m
        assert media[:2] == [MediumKind.PASSIVE_COPPER] * 2
        assert MediumKind.PASSIVE_COPPER not in media[2:]
        assert media[2:4] == [MediumKind.ACTIVE_COPPER] * 2  # Extreme's 3 m, Cisco's 7 m
        assert len(media) > 4  # the 10GBASE-SR / -LRM / -LR optics are still offered after them

    def test_the_dac_option_names_the_cable_and_no_modules(self, sfp_plus_10g_3m) -> None:  # type: ignore[no-untyped-def]
        dac = next(o for o in sfp_plus_10g_3m if o.summary == "DAC 10305 (3 m)")
        assert [(p.role, p.part_number) for p in dac.parts] == [("cable", "10305")]
        assert "MC3309130-003" in dac.parts[0].alternatives
        assert dac.verdict.valid

    def test_no_dac_past_the_longest_loaded_length(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFP_PLUS, end_b=SFP_PLUS, rate_gbps=10, distance_m=8).options
        # Extreme's 10 m passive 10307 (EX02 Table 79: 1, 3, 5, 10 m) and Cisco's 10 m active copper
        assert _copper(options) == ["DAC 10307 (10 m)", "ACC SFP-H10GB-ACU10M (10 m)"]
        assert options  # optics still answer


class TestAccSplitters:
    def test_quantum2_to_connectx7_osfp_at_200g_4m_offers_the_1_to_4_acc(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=200, distance_m=4).options
        assert "ACC MCA7J70-N004 (4 m)" in _copper(options)
        assert not [s for s in _copper(options) if "MCA7J60" in s or "QSFP112" in s]

    def test_quantum2_to_connectx7_osfp_at_400g_4m_offers_the_1_to_2_acc(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=400, distance_m=4).options
        assert "ACC MCA7J60-N004 (4 m)" in _copper(options)
        assert not [s for s in _copper(options) if "MCA7J70" in s or "MCA7J65" in s or "MCA7J75" in s]
