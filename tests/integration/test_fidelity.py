"""Wrong or weak answers a new-user trial found on main, each pinned with the values an engineer checks.

Ranking, protocol-aware PMD names, 800GBASE-DR8's connector, rejected-candidate counts (see each
class's docstring for the source of the expected answer).
"""

from __future__ import annotations

import re

from service.domain.catalogue import Protocol
from service.domain.link import MediumKind
from service.use_cases import CatalogueService, EndRequest

SFP = EndRequest(form_factor="SFP+")
QM8700 = EndRequest(device="QM8700")
CX6 = EndRequest(device="MCX653105A-ECAT")


class TestRanking:
    """The order an engineer picks in: copper where it reaches, then the shortest part that covers
    the run, then optics by the PMD that suits the medium."""

    def test_at_10g_over_100_m_sr_ranks_above_lrm(self, service: CatalogueService) -> None:
        """10GBASE-SR (850 nm, IEEE 802.3 cl. 52: 300 m OM3, 400 m OM4) is the standard answer for
        100 m of laser-optimised multimode; 10GBASE-LRM (1310 nm, cl. 68, 220 m) is for legacy
        OM1/OM2 plant and costs more: every SR option ranks before every LRM one."""
        result = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=100)
        mmf = [
            (o.pmd, o.fiber_type, o.reach_m, o.margin_m)
            for o in result.options
            if o.medium is MediumKind.MULTIMODE_FIBER
        ]
        # OM4 and OM5 tie on reach (400 m) and margin: the lower grade first (OM5 buys nothing here)
        assert mmf == [
            ("10GBASE-SR", "OM4", 400.0, 300.0),
            ("10GBASE-SR", "OM5", 400.0, 300.0),
            ("10GBASE-SR", "OM3", 300.0, 200.0),
            # LRM over OM1/OM2 needs a mode-conditioning patch cord at each end (cl. 68): after OM3
            ("10GBASE-LRM", "OM3", 220.0, 120.0),
            ("10GBASE-LRM", "OM1", 220.0, 120.0),
            ("10GBASE-LRM", "OM2", 220.0, 120.0),
        ]
        assert [o.rank for o in result.options][:6] == [1, 2, 3, 4, 5, 6]

    def test_at_2_m_a_30_m_aoc_ranks_after_the_3_m_one(self, service: CatalogueService) -> None:
        """QM8700 to ConnectX-6 at 100 Gb/s over 2 m: the 2 m DACs first, then the 3 m AOC; the
        30 m MFS1S50-H030V (28 m of slack to coil) comes after it, not above it by "margin"."""
        result = service.link_options(end_a=QM8700, end_b=CX6, rate_gbps=100, distance_m=2)
        copper_and_aoc = [
            (o.rank, o.medium, o.link.cable.part_number if o.link.cable else None, o.reach_m)
            for o in result.options
            if o.link.cable is not None
        ]
        assert copper_and_aoc == [
            (1, MediumKind.PASSIVE_COPPER, "MCP1600-E002", 2.0),
            (2, MediumKind.PASSIVE_COPPER, "MCP7H50-H002R26", 2.0),
            (3, MediumKind.ACTIVE_OPTICAL, "MFA1A00-E003", 3.0),
            (4, MediumKind.ACTIVE_OPTICAL, "MFS1S50-H030V", 30.0),
        ]


SN5600 = EndRequest(device="SN5600")
QM9700 = EndRequest(device="QM9700")
CX7_OSFP = EndRequest(device="MCX75310AAS-NEAT")


class TestProtocolAwarePmdNames:
    """NVIDIA's 100G-PAM4 optics run NDR InfiniBand or 400GbE by the switch they sit in (N03): an
    Ethernet answer names the Ethernet PMD (NVIDIA's 400GbE SR4/DR4; IEEE 400GBASE-FR4 for the CWDM4
    2xFR4 engines, which link to 400G FR4 QSFP-DD modules, N23), an InfiniBand answer the NDR one."""

    def test_800g_ethernet_between_two_sn5600_names_ethernet_pmds_only(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=SN5600, end_b=SN5600, rate_gbps=800, distance_m=30, protocol=Protocol.ETHERNET
        )
        # Juniper's 800G OSFP AOC (EX03 Table 10: one 800G port of eight 100G lanes, integrated-heat-sink
        # OSFP) in its 30 m length comes first: an AOC ranks before optics where it covers the run. The
        # one unverified option (FR4 over OS1a, no sourced reach) ranks after every verified one, the
        # PMD-level 800GBASE options included (DESIGN: unverified options after verified ones)
        assert [(o.pmd, o.fiber_type, o.reach_m) for o in result.options] == [
            (None, None, 30.0),
            ("400G-SR4", "OM4", 50.0),
            ("400G-DR4", "OS2", 100.0),
            ("400GBASE-FR4", "OS2", 2000.0),
            (None, None, 30.0),
            ("800GBASE-SR8", "OM4", 100.0),
            ("800GBASE-SR8", "OM3", 60.0),
            ("800GBASE-DR8", "OS2", 500.0),
            ("800GBASE-DR8", "OS1a", 250.0),
            ("400GBASE-FR4", "OS1a", None),
        ]
        aoc = result.options[0]
        assert aoc.link.cable is not None and aoc.link.cable.part_number == "OSFP-800G-AOC-30M"
        # Arista's 30 m 800G OSFP AOC rests on a web shop's export only (LB03, secondary) and is not the
        # device vendor's part: it ranks after the options whose parts documents back (rank step 2)
        web_shop = result.options[4]
        assert web_shop.link.cable is not None and web_shop.link.cable.part_number == "A-O800-O800-30M"
        first = result.options[1]
        assert [(p.part_number, p.alternatives) for p in first.parts if p.role.startswith("module")] == [
            ("MMA4Z00-NS", ("MMA4Z00-NS-T",)),
            ("MMA4Z00-NS", ("MMA4Z00-NS-T",)),
        ]
        assert "RATE_AGGREGATED" in [f.code for f in first.verdict.findings]

    def test_400g_ethernet_names_no_infiniband_pmd(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=SN5600, end_b=SN5600, rate_gbps=400, distance_m=30, protocol=Protocol.ETHERNET
        )
        names = {o.pmd for o in result.options}
        assert not {n for n in names if n and n.split()[0] in {"NDR", "HDR", "EDR", "XDR"}}
        assert {"400G-SR4", "400G-DR4", "400GBASE-FR4"} <= names

    def test_ndr_infiniband_answer_keeps_the_ndr_pmd_names(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=400, distance_m=30)
        assert [(o.pmd, o.fiber_type, o.reach_m, o.margin_m) for o in result.options] == [
            ("NDR SR4", "OM4", 50.0, 20.0),
            ("NDR DR4", "OS2", 100.0, 70.0),
        ]


OSFP = EndRequest(form_factor="OSFP")


class TestDr8Offered:
    """800GBASE-DR8 (IEEE 802.3df): 16 single-mode fibers on one MPO connector (S34), MPO-16/APC
    (FD01); 500 m over OS2, 250 m over OS1a (informative, S34). With no OSFP DR8 part in the
    catalogue it is offered PMD-level (any MSA-compliant module), where it fits."""

    def test_at_200_m_between_two_osfp_cages_dr8_is_offered_over_os2_and_os1a(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=OSFP, end_b=OSFP, rate_gbps=800, distance_m=200, protocol=Protocol.ETHERNET)
        dr8 = [(o.fiber_type, o.connector, o.reach_m, o.margin_m) for o in result.options if o.pmd == "800GBASE-DR8"]
        assert dr8 == [("OS2", "MPO-16/APC", 500.0, 300.0), ("OS1a", "MPO-16/APC", 250.0, 50.0)]

    def test_at_300_m_only_os2_reaches(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=OSFP, end_b=OSFP, rate_gbps=800, distance_m=300, protocol=Protocol.ETHERNET)
        dr8 = [(o.fiber_type, o.reach_m, o.margin_m) for o in result.options if o.pmd == "800GBASE-DR8"]
        assert dr8 == [("OS2", 500.0, 200.0)]


class TestRejectedCount:
    """The "no valid medium" note counts the rejected candidates explain lists (interchangeable parts
    grouped), and says how many part combinations that grouping merged."""

    def test_the_note_count_equals_the_explained_list(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=100000, explain=True)
        assert result.options == ()
        [note] = result.notes
        match = re.search(r": (\d+) candidate\(s\) rejected(?: \((\d+) part combinations[^)]*\))? by (.*)\. ", note)
        assert match is not None, note
        assert int(match.group(1)) == len(result.rejected)
        # 10G over 100 km between SFP+ cages: 1030 part combinations (modules x fibers: Cisco incl. the
        # Meraki MA-SFP-10GB-SR/-LR (UC14), ALE, Finisar, HPE, Juniper (HU04) and NVIDIA SFP+ optics; and the
        # NVIDIA, Cisco, Cisco Meraki, HPE, ALE and Dell SFP+ DAC/ACC/AOC families), 23 media (PMD x grade x
        # fiber part, one per cable family) after grouping interchangeable parts: 12 optical media exceed
        # their reach, the 11 cable families are shorter than the run (ALE's SFP-10G-C and OS2x60-CBL DACs,
        # Dell's DAC-SFP-10G and AOC-SFP-10G (HU01), Meraki's MA-CBL-TA (UC14) among them). 876 with the
        # ALE and Dell/Juniper data; the Meraki optics add 5 grades x (12^2 - 11^2) SR and 2 x (10^2 - 9^2)
        # LR module pairs, and one DAC family: 876 + 115 + 38 + 1. Extreme's SFP+ optics (EX01 p. 12: three
        # 10GBASE-SR, three -LR, three -ER, one -LRM) and its four SFP+ cable families (10G-DACP-SFP,
        # 10G-DACP-SFP-IT, 10G-DACA-SFP, 10G-AOC-SFP) make it 1688 and 27: SR 5 x (15^2 - 12^2) = 405,
        # LR 2 x (13^2 - 10^2) = 138, ER 2 x (9^2 - 6^2) = 90, LRM 3 x (4^2 - 3^2) = 21, cables + 4.
        # Intel's seven 10GBASE-SR and four 10GBASE-LR SFP+ optics (IT01-IT03) make it 3223: SR
        # 5 x (22^2 - 15^2) = 1295, LR 2 x (17^2 - 13^2) = 240; the media stay 27 (same PMDs and grades).
        # Since cables of one class (type, ends, rates, protocols, FEC class, length) are one medium, the
        # 15 cable families shorter than the run group into 9 classes: 21 media.
        # Lenovo's three SFP+ cable families (LB01/LB02, secondary) make it 3226, in the same 9 classes.
        # Fortinet's FN-TRAN-SFP+SR/-LR/-ER and three SFP+ cable families (BRD01) and MikroTik's S+85DLC03D,
        # S+31DLC10D and S+DA family (BRD02) make it 3872: SR 5 x (24^2 - 22^2) = 460, LR 2 x (19^2 - 17^2)
        # = 144, ER 2 x (10^2 - 9^2) = 38, cables + 4, in the same 21 media (the classes already existed).
        # HPE's BLc 455883-B21 / 455886-B21 and Dell's 407-BBOU, 407-BCBN, 407-BBVJ (SR) and 407-BBOP (LR)
        # and the BLc SFP+ copper cable family (JNP01/JNP02) make it 5073: SR 5 x (28^2 - 24^2) = 1040,
        # LR 2 x (21^2 - 19^2) = 160, cables + 1, in the same 21 media. Juniper's QFX-SFP-10GE-LR (JNP03)
        # makes it 5159: LR 2 x (22^2 - 21^2) = 86.
        # The dual-rate SFP28 optics fit SFP+ cages at 10 Gb/s (S53, OC01): 10GBASE-SR SFP-10/25G-CSR-S,
        # 25/10G-SR-SFP100M and E25GSFP28SR, 10GBASE-LR SFP-10/25G-LR-S and -LR-I make it 4797: SR
        # 5 x (27^2 - 24^2) = 765, LR 2 x (21^2 - 19^2) = 160, in the same 21 media.
        # Both together: SR 5 x (31^2 - 24^2) = 1925, LR 2 x (24^2 - 19^2) = 430, cables + 1 over 3872: 6228.
        assert (len(result.rejected), match.group(2)) == (21, "6228")
        per_code = dict(re.findall(r"([A-Z_]+) \((\d+)\)", match.group(3)))
        assert per_code == {"REACH_EXCEEDED": "12", "CABLE_LENGTH_LIMIT": "9"}
        for code, n in per_code.items():
            assert int(n) == sum(code in o.verdict.error_codes for o in result.rejected), code
