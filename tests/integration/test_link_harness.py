"""Issue 12 breakouts through a CATALOGUE harness on the real, seeded graph.

    QSFP+ (40G) ─ 40GBASE-SR4 ══ FN-CABLE-QSFP-4XSFP (OM3 MPO-12/UPC → 4 × LC/UPC) ══< 10GBASE-SR ─ SFP+ (10G)
    QSFP28 (100G) ─ 100GBASE-SR4 ══ the same harness ══< 25GBASE-SR ─ SFP28 (25G)

Fortinet sells the FN-CABLE-QSFP-4XSFP family (1 m and 5 m, OM3 MMF, "40G/100G QSFP+/QSFP28 to
SFP+/SFP28 parallel breakout MPO to 4xLC", LK01) and splits a 40G/100G QSFP port into four 10G/25G
interfaces with it (LK02). linkOptions names the harness part; checkLink takes it.
"""

from __future__ import annotations

import pytest

from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

QSFP_PLUS = EndRequest(form_factor="QSFP+")
SFP_PLUS = EndRequest(form_factor="SFP+")
QSFP28 = EndRequest(form_factor="QSFP28")
SFP28 = EndRequest(form_factor="SFP28")


def _breakouts(result):  # type: ignore[no-untyped-def]
    return [o for o in result.options if o.link.fibers and o.link.fibers[0].legs > 1]


def _catalogue_harness(result):  # type: ignore[no-untyped-def]
    return [o for o in _breakouts(result) if o.link.fibers[0].cable is not None]


@pytest.fixture(scope="module")
def ten_g(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=QSFP_PLUS, end_b=SFP_PLUS, rate_gbps=10, distance_m=4)


@pytest.fixture(scope="module")
def twenty_five_g(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=QSFP28, end_b=SFP28, rate_gbps=25, distance_m=4)


class TestFortySr4ToFourTenGSr:
    def test_link_options_name_the_catalogue_harness(self, ten_g) -> None:  # type: ignore[no-untyped-def]
        options = _catalogue_harness(ten_g)
        assert [(o.summary, o.verdict.valid, o.verdict.legs, o.reach_m, o.margin_m) for o in options] == [
            # Dell's OM4 MPO-12 -> 4 x LC harness (CBL-MTP12-4LC-OM4, 3/5/7/15 m, HU01): 40GBASE-SR4 runs
            # 150 m over OM4, so its 5 m length leads on reach; Extreme's 40G-SR4-QSFP150M and 10301 (EX01:
            # 150 m over OM4, 'allowing for break-out to 10GBASE-SR transceivers') name it, first by part
            # number among the 40GBASE-SR4 QSFP+ and 10GBASE-SR SFP+ optics
            (
                "10GBASE-SR: 40G-SR4-QSFP150M + CBL-MTP12-4LC-OM4-5M + 10301, reach 150 m over OM4",
                True,
                4,
                150.0,
                145.0,
            ),
            (
                "10GBASE-SR: QSFP-40G-SR4 + FN-CABLE-QSFP-4XSFP-5 + SFP-10G-SR, reach 100 m over OM3",
                True,
                4,
                100.0,
                95.0,
            ),
        ]
        om4 = {p.role: set(p.alternatives) for p in options[0].parts}
        assert "JH231A" in om4["module_a"] and "J9150A" in om4["module_b"]  # Aruba's pair, which led before EX01
        option = options[1]
        assert [(p.role, p.part_number, p.links_served) for p in option.parts] == [
            ("module_a", "QSFP-40G-SR4", 4),
            ("fiber", "FN-CABLE-QSFP-4XSFP-5", 4),
            ("module_b", "SFP-10G-SR", 1),
        ]
        assert option.fiber_type == "OM3"
        assert option.link.fibers[0].length_m == 5.0  # the margin is counted over the harness's 5 m

    def test_the_1_m_harness_is_below_the_2_m_minimum_of_10gbase_sr_over_om3(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_PLUS,
            end_b=SFP_PLUS,
            distance_m=1,
            module_a="QSFP-40G-SR4",
            module_b="SFP-10G-SR",
            media=(FiberRequest(part_number="FN-CABLE-QSFP-4XSFP"),),
        )
        check = service.check_link(req, alternatives=False)
        assert check.verdict.valid is False
        assert [f.code for f in check.verdict.findings if f.severity.value == "error"] == ["RUN_TOO_SHORT"]
        result = service.link_options(end_a=QSFP_PLUS, end_b=SFP_PLUS, rate_gbps=10, distance_m=1)
        # no Fortinet length is offered at 1 m; Dell's 3 m OM4 harness (above the 2 m minimum) is
        assert [o.link.fibers[0].cable.part_number for o in _catalogue_harness(result)] == ["CBL-MTP12-4LC-OM4-3M"]

    def test_no_breakout_over_om1_or_om2_behind_a_40gbase_sr4_trunk(self, ten_g) -> None:  # type: ignore[no-untyped-def]
        """10GBASE-SR runs over OM1 (33 m) and OM2 (82 m), but 40GBASE-SR4's complete reach table has
        OM3, OM4 and OM5 only, so no breakout is offered over OM1 or OM2."""
        assert sorted({o.fiber_type for o in _breakouts(ten_g)}) == ["OM3", "OM4", "OM5"]

    def test_the_breakout_reach_is_capped_by_the_40gbase_sr4_trunk(self, ten_g) -> None:  # type: ignore[no-untyped-def]
        """10GBASE-SR reaches 300 m over OM3 and 400 m over OM4, but the trunk module's optics are
        40GBASE-SR4 (100 m over OM3, 150 m over OM4, clause 86): the breakout reaches no further."""
        assert sorted({(o.fiber_type, o.reach_m) for o in _breakouts(ten_g)}) == [
            ("OM3", 100.0),
            ("OM4", 150.0),
            ("OM5", 150.0),
        ]

    def test_where_the_harness_covers_the_run_no_generic_om3_harness_is_offered(self, ten_g) -> None:  # type: ignore[no-untyped-def]
        om3 = [o for o in _breakouts(ten_g) if o.fiber_type == "OM3"]
        assert {o.link.fibers[0].cable.part_number for o in om3 if o.link.fibers[0].cable} == {"FN-CABLE-QSFP-4XSFP-5"}
        assert [o for o in om3 if o.link.fibers[0].cable is None] == []

    def test_beyond_the_longest_harness_the_harness_sits_behind_a_trunk_or_structured_cabling(
        self, service: CatalogueService
    ) -> None:
        """At 50 m no FN-CABLE-QSFP-4XSFP length (1 m, 5 m) covers the run: the OM3 breakout is the 1 m
        harness behind a 49 m trunk, or a generic harness whose description says no catalogue harness
        covers the run (Dell's OM4 CBL-MTP12-4LC-OM4, 3–15 m, likewise behind a 47 m trunk)."""
        result = service.link_options(end_a=QSFP_PLUS, end_b=SFP_PLUS, rate_gbps=10, distance_m=50)
        assert [
            (o.fiber_type, o.link.fibers[0].cable.part_number, o.link.fibers[0].trunk_m)
            for o in _catalogue_harness(result)
        ] == [
            ("OM4", "CBL-MTP12-4LC-OM4-3M", 47.0),
            ("OM3", "FN-CABLE-QSFP-4XSFP", 49.0),
        ]
        om3 = [o for o in _breakouts(result) if o.fiber_type == "OM3"]
        assert [(o.summary, o.margin_m) for o in om3] == [
            ("10GBASE-SR: QSFP-40G-SR4 + 49 m trunk + FN-CABLE-QSFP-4XSFP + SFP-10G-SR, reach 100 m over OM3", 50.0),
            (
                "10GBASE-SR: QSFP-40G-SR4 + OM3 MPO-12/UPC → 4 × LC/UPC harness + SFP-10G-SR, reach 100 m over OM3",
                50.0,
            ),
        ]
        assert om3[1].parts[1].description == (
            "OM3 MPO-12/UPC → 4 × LC/UPC harness, 50 m (structured cabling; no sourced catalogue harness of "
            "this grade, connectors and polish covers the run: order one)"
        )

    def test_the_offered_option_checks_valid_leg_by_leg(self, service: CatalogueService, ten_g) -> None:  # type: ignore[no-untyped-def]
        check = service.check_link(LinkRequest.of(_catalogue_harness(ten_g)[0].link), alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs, check.verdict.lanes) == (
            True,
            10.0,
            4,
            1,
        )
        assert [f.code for f in check.verdict.findings if f.severity.value == "error"] == []

    def test_the_harness_named_by_part_number_in_check_link(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_PLUS,
            end_b=SFP_PLUS,
            distance_m=5,
            module_a="QSFP-40G-SR4",
            module_b="SFP-10G-SR",
            media=(FiberRequest(part_number="FN-CABLE-QSFP-4XSFP-5"),),
        )
        check = service.check_link(req, alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs) == (True, 10.0, 4)

    def test_a_run_longer_than_the_harness_is_refused(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_PLUS,
            end_b=SFP_PLUS,
            distance_m=8,
            module_a="QSFP-40G-SR4",
            module_b="SFP-10G-SR",
            media=(FiberRequest(part_number="FN-CABLE-QSFP-4XSFP-5"),),
        )
        check = service.check_link(req, alternatives=False)
        assert check.verdict.valid is False
        assert [f.code for f in check.verdict.findings if f.severity.value == "error"] == ["CABLE_LENGTH_LIMIT"]


class TestHundredSr4ToFourTwentyFiveGSr:
    def test_link_options_name_the_harness_with_the_fec_both_legs_need(self, twenty_five_g) -> None:  # type: ignore[no-untyped-def]
        options = _catalogue_harness(twenty_five_g)
        assert [(o.summary, o.verdict.valid, o.verdict.legs, o.reach_m) for o in options] == [
            # Dell's OM4 harness (HU01) first: 25GBASE-SR / 100GBASE-SR4 reach 100 m over OM4, 70 m over OM3.
            # On each harness Extreme's 100G-SR4-QSFP100M with its dual-rate 25/10G-SR-SFP100M (EX01: 100 m
            # OM4 / 70 m OM3, the SR4 'compatible with 25GBASE-SR using MPO to 4xLC fiber patch cords'), first
            # by part number, then Cisco's QSFP-100G-SR4-S with SFP-25G-SL (25GBASE-SR, 30 m; UC05, UC08), a
            # 4 x 25G breakout Cisco qualifies (UC08 Table 8: 'QSFP-100G-SR4-S ... 4x25G optical breakout via
            # MPO12-x4LC external MMF cable to SFP-25G-SR-S/SFP-25G-SL/SFP-10/25G-CSR-S'); Cisco's
            # QSFP-100G-SR4-S / SFP-10/25G-CSR-S pair, which led before EX01, is among the first options'
            # alternatives, ALE's QSFP-100G-SR4 / SFP-25G-SR pair (FG01) among the SFP-25G-SL options'
            (
                "25GBASE-SR: 100G-SR4-QSFP100M + CBL-MTP12-4LC-OM4-5M + 25/10G-SR-SFP100M, reach 100 m over OM4",
                True,
                4,
                100.0,
            ),
            (
                "25GBASE-SR: 100G-SR4-QSFP100M + FN-CABLE-QSFP-4XSFP-5 + 25/10G-SR-SFP100M, reach 70 m over OM3",
                True,
                4,
                70.0,
            ),
            # SFP-25G-SL reaches 30 m over both grades: at an equal reach and margin the lower grade first
            ("25GBASE-SR: QSFP-100G-SR4-S + FN-CABLE-QSFP-4XSFP-5 + SFP-25G-SL, reach 30 m over OM3", True, 4, 30.0),
            ("25GBASE-SR: QSFP-100G-SR4-S + CBL-MTP12-4LC-OM4-5M + SFP-25G-SL, reach 30 m over OM4", True, 4, 30.0),
        ]
        for o in options[:2]:
            csr = {p.role: set(p.alternatives) for p in o.parts}
            # Intel's dual-rate E25GSFP28SR (IT05 '10G/25GBASE-SR') is the CSR's equivalent
            assert "QSFP-100G-SR4-S" in csr["module_a"] and csr["module_b"] == {"E25GSFP28SR", "SFP-10/25G-CSR-S"}
        sl = {p.role: set(p.alternatives) for p in options[3].parts}
        assert "QSFP-100G-SR4" in sl["module_a"] and "SFP-25G-SR" in sl["module_b"]
        assert [[(f.code, f.severity.value) for f in o.verdict.findings] for o in options] == [
            [("FEC_REQUIRED", "info")],
            [("FEC_REQUIRED", "info")],
            [("FEC_REQUIRED", "info")],
            [("FEC_REQUIRED", "info")],
        ]

    def test_the_shortest_covering_length_is_chosen(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=QSFP28, end_b=SFP28, rate_gbps=25, distance_m=1)
        assert [o.link.fibers[0].cable.part_number for o in _catalogue_harness(result)] == [
            "FN-CABLE-QSFP-4XSFP",
            "FN-CABLE-QSFP-4XSFP",
            "CBL-MTP12-4LC-OM4-3M",
            "CBL-MTP12-4LC-OM4-3M",
        ]

    def test_the_cisco_option_checks_valid_at_25g_per_leg(self, service: CatalogueService, twenty_five_g) -> None:  # type: ignore[no-untyped-def]
        option = _catalogue_harness(twenty_five_g)[3]
        check = service.check_link(LinkRequest.of(option.link), alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs) == (True, 25.0, 4)


class TestHarnessPartList:
    """validatePartList builds the same breakout from listed parts: the harness line is used."""

    INTENT = (b"from,to,links,rate_gbps,distance_m\nQSFP+,SFP+,4,10,5\n", "i.csv")

    @staticmethod
    def _csv(rows: list[tuple[str, int]]) -> bytes:
        return ("part_number,quantity\n" + "".join(f"{pn},{q}\n" for pn, q in rows)).encode()

    def test_one_sr4_the_harness_and_four_sr_for_four_10g_links_is_buildable(self, service: CatalogueService) -> None:
        rows = [("QSFP-40G-SR4", 1), ("FN-CABLE-QSFP-4XSFP-5", 1), ("SFP-10G-SR", 4)]
        report = ProcurementService(service).validate_bytes(self._csv(rows), "l.csv", self.INTENT)
        assert (report.summary.buildable, report.summary.errors) == (True, 0)
        assert [(t.part_number, t.listed, t.needed) for t in report.totals] == [
            ("QSFP-40G-SR4", 1, 1),
            ("FN-CABLE-QSFP-4XSFP-5", 1, 1),
            ("SFP-10G-SR", 4, 4),
        ]
        assert [r.summary for r in report.intents] == ["QSFP-40G-SR4 ×1 + FN-CABLE-QSFP-4XSFP-5 ×1 + SFP-10G-SR ×4"]
        assert report.findings == ()

    def test_without_the_harness_the_structured_cabling_is_a_grade_40gbase_sr4_runs_over(
        self, service: CatalogueService
    ) -> None:
        """Not OM1 or OM2, which 40GBASE-SR4's complete reach table omits (10GBASE-SR alone runs them)."""
        rows = [("QSFP-40G-SR4", 1), ("SFP-10G-SR", 4)]
        report = ProcurementService(service).validate_bytes(self._csv(rows), "l.csv", self.INTENT)
        assert report.summary.buildable is True
        assert [r.summary for r in report.intents] == [
            "QSFP-40G-SR4 ×1 + OM3 MPO-12/UPC → 4 × LC/UPC harness (structured cabling, not a catalogue part) "
            "+ SFP-10G-SR ×4"
        ]
