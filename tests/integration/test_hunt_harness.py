"""Issue 12 breakouts through vendor-sourced SINGLE-MODE catalogue harnesses on the real, seeded graph.

    QSFP-DD (400G) ─ 400GBASE-DR4 ══ MTP-4LC-S3M (OS2 MPO-12/APC → 4 × LC/UPC) ══< 100GBASE-DR ─ QSFP28 (100G)

Juniper sells the MTP-4LC-S family, "12-ribbon breakout cable, MTP to 4xLC pairs, SMF" in 1, 3, 5 and
10 m, as its "12-Fiber Ribbon Breakout Cables with MPO-12/APC-to-LC Duplex Connectors" for breaking a
400G port out to four 100G optics (HU02 Table 5); Dell sells CBL-MPO12-4LC-SMF-5M, "MPO-12 to 4 × LC,
SMF, 5 m" (HU01 p. 10), and breaks its EDR4 out "over single-mode fiber to feed four 100GbE QSFP28 FR
modules" (HU01 p. 2). 400GBASE-DR4 → 4 × 100GBASE-DR (B09, S40); 100GBASE-DR reaches 500 m over OS2.
Dell's CBL-MTP12-4LC-OM4 (3/5/7/15 m, OM4) adds a multimode harness for SR4 → 4 × 25GBASE-SR.
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

QSFP_DD = EndRequest(form_factor="QSFP-DD")
QSFP28 = EndRequest(form_factor="QSFP28")
SFP28 = EndRequest(form_factor="SFP28")


def _breakouts(result):  # type: ignore[no-untyped-def]
    return [o for o in result.options if o.link.fibers and o.link.fibers[0].legs > 1]


def _rows(result):  # type: ignore[no-untyped-def]
    return [
        (
            o.pmd,
            o.fiber_type,
            o.link.fibers[0].cable.part_number if o.link.fibers[0].cable else None,
            o.link.fibers[0].length_m,
            o.margin_m,
            o.verdict.valid,
            o.verdict.legs,
        )
        for o in _breakouts(result)
    ]


@pytest.fixture(scope="module")
def three_m(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=QSFP_DD, end_b=QSFP28, rate_gbps=100, distance_m=3)


class TestDr4ToFour100gDrThroughACatalogueHarness:
    def test_at_3_m_both_vendors_harnesses_are_offered_shortest_covering_length_each(self, three_m) -> None:  # type: ignore[no-untyped-def]
        assert _rows(three_m) == [
            ("100GBASE-DR", "OS2", "MTP-4LC-S3M", 3.0, 497.0, True, 4),
            ("100GBASE-DR", "OS2", "CBL-MPO12-4LC-SMF-5M", 5.0, 495.0, True, 4),
            ("100GBASE-FR1", "OS2", "MTP-4LC-S3M", 3.0, 1997.0, True, 4),
            ("100GBASE-FR1", "OS1a", None, 3.0, 997.0, True, 4),
            ("100GBASE-FR1", "OS2", "CBL-MPO12-4LC-SMF-5M", 5.0, 1995.0, True, 4),
            ("100GBASE-LR1", "OS2", "MTP-4LC-S3M", 3.0, 9997.0, True, 4),
            ("100GBASE-LR1", "OS2", "CBL-MPO12-4LC-SMF-5M", 5.0, 9995.0, True, 4),
        ]

    def test_the_dr4_option_names_modules_harness_and_equivalents(self, three_m) -> None:  # type: ignore[no-untyped-def]
        option = _breakouts(three_m)[0]
        # Extreme's DR4 (EX01) is named before Cisco's QDD-400G-DR4-S, which rests on compatible-module
        # datasheets only (B07, B12, secondary), and Extreme's 100G-DR with it (one vendor at both ends)
        assert option.summary == (
            "100GBASE-DR: 400G-DR4-QSFPDD500M + MTP-4LC-S3M + 100G-DR-QSFP500M, reach 500 m over OS2"
        )
        assert [(p.role, p.part_number, p.links_served, p.alternatives) for p in option.parts] == [
            (
                "module_a",
                "400G-DR4-QSFPDD500M",
                4,
                ("MMS1V00-WM", "QDD-400G-DR4", "QDD-400G-DR4-S", "QSFP-400G-DR4-2", "QSFP56-DD-400GBASE-DR4"),
            ),
            ("fiber", "MTP-4LC-S3M", 4, ()),
            # Intel's SPTSLP2SLCDF (IT01) and Fortinet's FN-TRAN-QSFP28-DR (BRD01) are 100GBASE-DR QSFP28s too
            (
                "module_b",
                "100G-DR-QSFP500M",
                1,
                ("FN-TRAN-QSFP28-DR", "MMS1V70-CM", "QSFP-100G-DR", "QSFP-100G-DR-S", "SPTSLP2SLCDF"),
            ),
        ]

    def test_the_edr4_fr_breakout_offers_dells_modules_as_equivalents(self, three_m) -> None:  # type: ignore[no-untyped-def]
        fr = next(o for o in _breakouts(three_m) if o.pmd == "100GBASE-FR1" and o.fiber_type == "OS2")
        alternatives = {p.role: p.alternatives for p in fr.parts}
        # and Extreme's DR4+ (400G-DR4X-QSFPDD2KM, EX01 p. 3: 'compatible with 100G-FR (2km)')
        assert alternatives["module_a"] == ("400G-DR4X-QSFPDD2KM", "400G-Q56DD-EDR4", "QDD-400G-XDR4")
        assert alternatives["module_b"] == ("100G-FR-QSFP2KM", "Q28-100G-FR", "QSFP-100G-FR", "R9B63A")

    def test_at_8_m_only_the_10_m_juniper_harness_covers_the_run(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=QSFP_DD, end_b=QSFP28, rate_gbps=100, distance_m=8)
        dr = [r for r in _rows(result) if r[0] == "100GBASE-DR"]
        assert dr == [("100GBASE-DR", "OS2", "MTP-4LC-S10M", 10.0, 490.0, True, 4)]

    def test_at_300_m_no_catalogue_harness_is_that_long_so_each_sits_behind_a_trunk(
        self, service: CatalogueService
    ) -> None:
        # each family's shortest length behind a trunk of structured cabling, then the generic harness
        # (tests/integration/test_trunk_harness.py)
        result = service.link_options(end_a=QSFP_DD, end_b=QSFP28, rate_gbps=100, distance_m=300)
        dr = [o for o in _breakouts(result) if o.pmd == "100GBASE-DR"]
        assert [
            (
                o.link.fibers[0].cable.part_number if o.link.fibers[0].cable else None,
                o.link.fibers[0].trunk_m,
                o.margin_m,
            )
            for o in dr
        ] == [("CBL-MPO12-4LC-SMF-5M", 295.0, 200.0), ("MTP-4LC-S1M", 299.0, 200.0), (None, 0.0, 200.0)]

    def test_the_offered_option_checks_valid_leg_by_leg(self, service: CatalogueService, three_m) -> None:  # type: ignore[no-untyped-def]
        check = service.check_link(LinkRequest.of(_breakouts(three_m)[0].link), alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs) == (True, 100.0, 4)
        assert [f.code for f in check.verdict.findings if f.severity.value == "error"] == []

    def test_the_dell_harness_by_part_number_with_dells_edr4_and_fr(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=QSFP28,
            distance_m=5,
            module_a="400G-Q56DD-EDR4",
            module_b="Q28-100G-FR",
            media=(FiberRequest(part_number="CBL-MPO12-4LC-SMF-5M"),),
        )
        check = service.check_link(req, alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs) == (True, 100.0, 4)

    def test_a_run_longer_than_the_juniper_harness_is_refused(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=QSFP28,
            distance_m=12,
            module_a="QDD-400G-DR4",
            module_b="QSFP-100G-DR",
            media=(FiberRequest(part_number="MTP-4LC-S10M"),),
        )
        check = service.check_link(req, alternatives=False)
        assert check.verdict.valid is False
        assert [f.code for f in check.verdict.findings if f.severity.value == "error"] == ["CABLE_LENGTH_LIMIT"]

    def test_a_multimode_sr4_module_does_not_take_the_single_mode_harness(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP28,
            end_b=SFP28,
            distance_m=3,
            module_a="Q28-100G-SR4",
            module_b="SFP28-25G-SR",
            media=(FiberRequest(part_number="MTP-4LC-S3M"),),
        )
        check = service.check_link(req, alternatives=False)
        assert check.verdict.valid is False


class TestSr4ToFour25gSrThroughDellsOm4Harness:
    def test_at_4_m_the_om4_harness_leads_on_reach(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=QSFP28, end_b=SFP28, rate_gbps=25, distance_m=4)
        assert [(o.summary, o.margin_m) for o in _breakouts(result)] == [
            # Extreme's 100G-SR4-QSFP100M / 25/10G-SR-SFP100M pair (EX01: 100 m OM4, 70 m OM3, like Cisco's
            # QSFP-100G-SR4-S / SFP-10/25G-CSR-S pair, which led before it and is among its alternatives) names
            # the longest-reaching option on each harness, first by part number; then Cisco's 30 m SFP-25G-SL
            # (UC05/UC08); ALE's QSFP-100G-SR4 / SFP-25G-SR pair is among the SFP-25G-SL options' alternatives
            ("25GBASE-SR: 100G-SR4-QSFP100M + CBL-MTP12-4LC-OM4-5M + 25/10G-SR-SFP100M, reach 100 m over OM4", 95.0),
            ("25GBASE-SR: 100G-SR4-QSFP100M + FN-CABLE-QSFP-4XSFP-5 + 25/10G-SR-SFP100M, reach 70 m over OM3", 65.0),
            # SFP-25G-SL reaches 30 m over both grades: at an equal reach and margin the lower grade first
            ("25GBASE-SR: QSFP-100G-SR4-S + FN-CABLE-QSFP-4XSFP-5 + SFP-25G-SL, reach 30 m over OM3", 25.0),
            ("25GBASE-SR: QSFP-100G-SR4-S + CBL-MTP12-4LC-OM4-5M + SFP-25G-SL, reach 30 m over OM4", 25.0),
        ]

    def test_at_10_m_the_15_m_om4_length_covers_and_om3_goes_behind_a_trunk_or_structured_cabling(
        self, service: CatalogueService
    ) -> None:
        # Fortinet's OM3 harness (1 m or 5 m) cannot span 10 m: its 1 m length sits behind a 9 m trunk,
        # beside the generic harness
        result = service.link_options(end_a=QSFP28, end_b=SFP28, rate_gbps=25, distance_m=10)
        assert sorted(
            (
                o.fiber_type,
                o.link.fibers[0].cable.part_number if o.link.fibers[0].cable else "",
                o.link.fibers[0].trunk_m,
            )
            for o in _breakouts(result)
        ) == [
            ("OM3", "", 0.0),
            ("OM3", "", 0.0),
            ("OM3", "FN-CABLE-QSFP-4XSFP", 9.0),
            ("OM3", "FN-CABLE-QSFP-4XSFP", 9.0),
            ("OM4", "CBL-MTP12-4LC-OM4-15M", 0.0),
            ("OM4", "CBL-MTP12-4LC-OM4-15M", 0.0),
        ]
