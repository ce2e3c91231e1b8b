"""linkOptions / checkLink over the NVIDIA optics added on the nvx branch (issue 11), on the real
seeded graph.

    SN4700 ══ 300 m ══ SN4700     at 400 Gb/s → 400GBASE-DR4 MMS1V00-WM pair over OS2 (500 m, 200 m margin)
    SN2700 ══ 400 m ══ SN2700     at 100 Gb/s → 100GBASE-DR MMS1V70-CM pair over OS2 (500 m, 100 m margin)
    MMS1V70-CM ══ 600 m OS2 ══ MMS1V70-CM     → REACH_EXCEEDED, limit 500 m
    MMS1V00-WM ══ 300 m OS2 ══ QDD-400G-DR4-S → valid at 400 Gb/s (same PMD, another vendor)
    Q3400-RA ══ 300 m ══ ConnectX-8 C8180 at 800 Gb/s → XDR DR4, finned twin-port IHS + RHS MMS4A20

Sources: NVIDIA's Cumulus Linux guide (NX01: MMS1V70-CM is 100GBASE-DR1, MMS1V00-WM 400GBASE-DR4, in
SN2700 QSFP28 and SN4700 QSFP-DD ports); IEEE 802.3 100GBASE-DR / 400GBASE-DR4 reach 500 m over SMF;
LinkX-hub snapshot (NX02, secondary: ordering numbers, MMS4A20 RHS 800G XDR 500 m, MMS4C10 Gen2).
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Transceiver
from service.domain.link import MediumKind
from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SN4700 = EndRequest(device="SN4700")
SN2700 = EndRequest(device="SN2700")


def _modules(option) -> list[tuple[str, str | None, list[str]]]:  # type: ignore[no-untyped-def]
    return [(p.role, p.part_number, list(p.alternatives)) for p in option.parts if p.role.startswith("module")]


class TestSpectrumDrOptics:
    def test_sn4700_pair_at_400g_over_300_m_offers_the_nvidia_dr4_first(self, service: CatalogueService) -> None:
        """The first option is 400GBASE-DR4 on two MMS1V00-WM, with the other vendors' QSFP-DD DR4s and
        the HPE QSFP112 DR4 (which fits a QSFP-DD cage) as alternatives."""
        options = service.link_options(end_a=SN4700, end_b=SN4700, rate_gbps=400, distance_m=300).options
        first = options[0]
        assert first.summary == "400GBASE-DR4: MMS1V00-WM + OS2 MPO-12/APC + MMS1V00-WM, reach 500 m over OS2"
        assert (first.medium, first.fiber_type, first.reach_m, first.margin_m) == (
            MediumKind.SINGLE_MODE_FIBER,
            "OS2",
            500.0,
            200.0,
        )
        # Extreme's 400G-DR4-QSFPDD500M (EX01 p. 3) is one more
        others = ["400G-DR4-QSFPDD500M", "QDD-400G-DR4", "QDD-400G-DR4-S", "QSFP-400G-DR4-2", "QSFP56-DD-400GBASE-DR4"]
        assert _modules(first) == [("module_a", "MMS1V00-WM", others), ("module_b", "MMS1V00-WM", others)]

    def test_sn2700_pair_at_100g_over_400_m_offers_the_nvidia_dr1_first(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SN2700, end_b=SN2700, rate_gbps=100, distance_m=400).options
        first = options[0]
        assert first.summary == "100GBASE-DR: MMS1V70-CM + OS2 LC/UPC + MMS1V70-CM, reach 500 m over OS2"
        assert (first.reach_m, first.margin_m) == (500.0, 100.0)
        others = ["100G-DR-QSFP500M", "FN-TRAN-QSFP28-DR", "QSFP-100G-DR", "QSFP-100G-DR-S", "SPTSLP2SLCDF"]
        assert _modules(first) == [("module_a", "MMS1V70-CM", others), ("module_b", "MMS1V70-CM", others)]

    def test_the_dr1_pair_over_600_m_exceeds_its_500_m_reach(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SN2700,
                end_b=SN2700,
                distance_m=600,
                module_a="MMS1V70-CM",
                module_b="MMS1V70-CM",
                media=(FiberRequest(fiber_type="OS2", connector="LC/UPC"),),
            ),
            alternatives=False,
        )
        assert (check.verdict.valid, check.verdict.error_codes) == (False, ("REACH_EXCEEDED",))
        reach = check.verdict.findings[0]
        assert reach.limit == 500.0
        # each example is NVIDIA's own QSFP28 module (the link's MMS1V70-CM is NVIDIA's): MMA1L30-CM for
        # CWDM4 and MMA1L10-CR for LR4; NVIDIA lists no FR1 or LR1 QSFP28, so those are any MSA-compliant
        # module at the PMD's reach, not another vendor's part
        assert reach.fix == (
            "use transceivers of a longer-reach PMD: 100G-CWDM4 (2000 m over OS2, e.g. MMA1L30-CM), "
            "100GBASE-FR1 (2000 m over OS2, any MSA-compliant 100GBASE-FR1 QSFP28), 100GBASE-LR1 (10000 m over "
            "OS2, any MSA-compliant 100GBASE-LR1 QSFP28) or 100GBASE-LR4 (10000 m over OS2, e.g. MMA1L10-CR)"
        )

    def test_the_nvidia_dr4_links_to_a_cisco_dr4(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SN4700,
                end_b=SN4700,
                distance_m=300,
                module_a="MMS1V00-WM",
                module_b="QDD-400G-DR4-S",
                media=(FiberRequest(fiber_type="OS2", connector="MPO-12/APC"),),
            ),
            alternatives=False,
        )
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.error_codes) == (True, 400.0, ())
        # FE01: "The SN4700 and SN4410 switch does not support auto-negotiation on QSFP-DD 400G
        # transceiver modules. You need to force set the speed." Every source for Cisco's QDD-400G-DR4-S is
        # secondary (B07, B12): the link names it in SECONDARY_SOURCE_ONLY (a warning; still valid).
        assert [(f.code, f.parts) for f in check.verdict.findings] == [
            ("SECONDARY_SOURCE_ONLY", ("QDD-400G-DR4-S",)),
            ("AUTONEG_UNSUPPORTED", ("MMS1V00-WM", "QDD-400G-DR4-S")),
        ]


class TestXdrModules:
    def test_q3400_to_connectx8_at_800g_over_300_m(self, service: CatalogueService) -> None:
        """One option: XDR DR4 over OS2, the finned twin-port IHS module at the switch (the Gen2
        980-9IAU0-00XM01 as its alternative) and a flat-top single-port module in the ConnectX-8 cage
        (MMS4A20, with MMS8X00-NS800 as its alternative)."""
        options = service.link_options(
            end_a=EndRequest(device="Q3400-RA"), end_b=EndRequest(device="C8180"), rate_gbps=800, distance_m=300
        ).options
        assert [o.summary for o in options] == [
            "XDR DR4: 980-9IAH1-00XM00 + OS2 MPO-12/APC + MMS4A20, reach 500 m over OS2"
        ]
        assert _modules(options[0]) == [
            ("module_a", "980-9IAH1-00XM00", ["980-9IAU0-00XM01"]),
            ("module_b", "MMS4A20", ["MMS8X00-NS800"]),
        ]
        assert (options[0].reach_m, options[0].margin_m) == (500.0, 200.0)


class TestNames:
    @pytest.mark.parametrize(
        ("name", "pn"),
        [
            ("980-9i042-00c000", "MMS1V70-CM"),
            ("980-9I16Y-00W000", "MMS1V00-WM"),
            ("980-9iat0-00xm00", "MMS4A20"),
            ("980-9I30G-00NM00", "MMS4X00-NM"),
        ],
    )
    def test_an_ordering_number_resolves_to_its_part(self, repo: Neo4jRepository, name: str, pn: str) -> None:
        part = repo.part(name)
        assert isinstance(part, Transceiver)
        assert part.part_number == pn

    def test_the_xdr_single_port_modules_are_equivalents(self, repo: Neo4jRepository) -> None:
        assert repo.equivalents("MMS4A20") == ["MMS8X00-NS800"]
        assert repo.equivalents("980-9IAU0-00XM01") == ["980-9IAH1-00XM00"]
        # Arista's, Cisco's, Extreme's 100G-DR-QSFP500M (EX01), Fortinet's FN-TRAN-QSFP28-DR (BRD01), then
        # Intel's SPTSLP2SLCDF (IT01): vendor, then part number
        assert repo.equivalents("MMS1V70-CM") == [
            "QSFP-100G-DR",
            "QSFP-100G-DR-S",
            "100G-DR-QSFP500M",
            "FN-TRAN-QSFP28-DR",
            "SPTSLP2SLCDF",
        ]
