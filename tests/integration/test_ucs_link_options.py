"""Cisco UCS devices on the real seeded graph (issue 11, ucs branch).

    UCS-FI-6536 [QSFP28] ══ 3 m ══ [QSFP56] VIC 15235 (UCSC-P-V5D200G)    at 100 Gb/s
        → direct-attach cables first: Cisco's 3 m QSFP-100G-CU3M DAC and QSFP-100G-AOC3M AOC, then optics;
          the VIC takes only Cisco cables and transceivers (UC15), so other vendors' cables are VENDOR_LOCKED
    UCS-FI-6536 [QSFP28] ══ 100 m ══ [QSFP56] VIC 15235                   at 100 Gb/s
        → no cable reaches; OM4 optics at exactly their 100 m reach: Cisco's QSFP-40/100-SRBD BiDi
          ('100m OM4 MMF', UC05 Table 15, UC15 Table 5) and 100GBASE-SR4 (QSFP-100G-SR4-S, 'MPO, 100m
          over OM4 MMF'), then the QSFP-100G-SR1.2 BiDi (150 m over OM5, 100 m over OM4: HU03, HU01,
          OX01; its longer nominal reach ranks it after the 100 m PMDs), then single-mode;
          100GBASE-SR4 on OM3 (70 m) is out.

Both cages run 100 Gb/s: the FI 6536's 36 QSFP28 ports 40/100 Gb/s (UC04), the VIC 15235's two QSFP56
ports 40/100/200 Gb/s (UC15); a QSFP28 module or cable fits the QSFP56 cage.
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

FI = EndRequest(device="UCS-FI-6536", cage="qsfp28")
VIC = EndRequest(device="UCSC-P-V5D200G", cage="qsfp56")


@pytest.fixture(scope="module")
def at_3_m(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=FI, end_b=VIC, rate_gbps=100, distance_m=3)


@pytest.fixture(scope="module")
def at_100_m(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=FI, end_b=VIC, rate_gbps=100, distance_m=100)


def _cable(o) -> str | None:  # type: ignore[no-untyped-def]
    return next((p.part_number for p in o.parts if p.role == "cable"), None)


def _modules(o) -> tuple[str | None, str | None]:  # type: ignore[no-untyped-def]
    parts = {p.role: p.part_number for p in o.parts}
    return parts.get("module_a"), parts.get("module_b")


class TestFi6536ToVic15235At100gOver3m:
    # type: ignore[no-untyped-def]
    def test_the_3_m_dacs_lead_then_the_aocs(self, at_3_m) -> None:
        cables = [
            (o.medium.value if hasattr(o.medium, "value") else o.medium, _cable(o), o.reach_m)
            for o in at_3_m.options[:2]
        ]
        # the VIC takes only Cisco cables and transceivers (UC15, VENDOR_LOCKED): Cisco's own 3 m DAC and AOC
        # of FI 6536 Table 15 (UC05) and VIC Table 6 (UC15); HPE's, NVIDIA's, Dell's and ALE's are refused
        assert cables == [("DAC", "QSFP-100G-CU3M", 3.0), ("AOC", "QSFP-100G-AOC3M", 3.0)]
        assert all(o.verdict.valid for o in at_3_m.options[:2])
        assert not [o for o in at_3_m.options if _cable(o) not in (None, "QSFP-100G-CU3M", "QSFP-100G-AOC3M")]

    # type: ignore[no-untyped-def]
    def test_ciscos_own_100g_cables_of_both_sheets_are_offered(self, at_3_m) -> None:
        offered = {_cable(o) for o in at_3_m.options}
        # QSFP-100G-CU3M and QSFP-100G-AOC3M: FI 6536 Table 15 (UC05) and VIC Table 6 (UC15)
        assert {"QSFP-100G-CU3M", "QSFP-100G-AOC3M"} <= offered
        # a 1 m or 2 m cable cannot span 3 m
        assert not offered & {"QSFP-100G-CU1M", "QSFP-100G-CU2M", "QSFP-100G-AOC1M", "QSFP-100G-AOC2M"}

    # type: ignore[no-untyped-def]
    def test_optics_follow_the_cables_with_the_bidi_and_sr4_on_om4_first(self, at_3_m) -> None:
        first_optic = next(i for i, o in enumerate(at_3_m.options) if _cable(o) is None)
        assert first_optic == 2
        rows = [(o.pmd, o.fiber_type, o.reach_m, _modules(o)) for o in at_3_m.options[2:6]]
        # the 100 m PMDs first (the smallest sufficient optic); the SR1.2 BiDi, which reaches 150 m
        # over OM5 (HU03, HU01), ranks after them
        assert rows == [
            ("100G-SRBD", "OM4", 100.0, ("QSFP-40/100-SRBD", "QSFP-40/100-SRBD")),
            ("100GBASE-SR4", "OM4", 100.0, ("QSFP-100G-SR4-S", "QSFP-100G-SR4-S")),
            ("100GBASE-SR4", "OM5", 100.0, ("QSFP-100G-SR4-S", "QSFP-100G-SR4-S")),
            ("100G-SRBD", "OM3", 70.0, ("QSFP-40/100-SRBD", "QSFP-40/100-SRBD")),
        ]
        sr12 = [(o.fiber_type, o.reach_m, _modules(o)) for o in at_3_m.options if o.pmd == "100G-SR1.2"]
        assert sr12[:3] == [
            ("OM5", 150.0, ("QSFP-100G-SR1.2", "QSFP-100G-SR1.2")),
            ("OM4", 100.0, ("QSFP-100G-SR1.2", "QSFP-100G-SR1.2")),
            ("OM3", 70.0, ("QSFP-100G-SR1.2", "QSFP-100G-SR1.2")),
        ]
        # Dell's Q28-100G-BIDI (HU01: 100G only, 'compatible with' Cisco's 100G BiDi) runs 100G-SRBD as
        # Cisco's dual-rate 40/100G SRBD does at 100 Gb/s: its alternative in the FI, never in the locked VIC
        srbd = at_3_m.options[2]
        assert [(p.role, p.alternatives) for p in srbd.parts if p.role.startswith("module")] == [
            ("module_a", ("Q28-100G-BIDI",)),
            ("module_b", ()),
        ]


class TestFi6536ToVic15235At100gOver100m:
    # type: ignore[no-untyped-def]
    def test_no_cable_reaches_100_m(self, at_100_m) -> None:
        assert all(_cable(o) is None for o in at_100_m.options)

    # type: ignore[no-untyped-def]
    def test_om4_optics_at_exactly_their_reach_lead(self, at_100_m) -> None:
        rows = [(o.pmd, o.fiber_type, o.reach_m, o.margin_m, _modules(o)) for o in at_100_m.options[:6]]
        assert rows == [
            ("100G-SRBD", "OM4", 100.0, 0.0, ("QSFP-40/100-SRBD", "QSFP-40/100-SRBD")),  # Dell's BiDi: FI alt.
            ("100GBASE-SR4", "OM4", 100.0, 0.0, ("QSFP-100G-SR4-S", "QSFP-100G-SR4-S")),
            ("100GBASE-SR4", "OM5", 100.0, 0.0, ("QSFP-100G-SR4-S", "QSFP-100G-SR4-S")),
            # the SR1.2 BiDi: 150 m over OM5 (HU03, HU01), 100 m over OM4 (OX01); OM3's 70 m is short
            ("100G-SR1.2", "OM5", 150.0, 50.0, ("QSFP-100G-SR1.2", "QSFP-100G-SR1.2")),
            ("100G-SR1.2", "OM4", 100.0, 0.0, ("QSFP-100G-SR1.2", "QSFP-100G-SR1.2")),
            ("100GBASE-DR", "OS2", 500.0, 400.0, ("QSFP-100G-DR-S", "QSFP-100G-DR-S")),
        ]
        sr4 = at_100_m.options[1]
        alts = next(p.alternatives for p in sr4.parts if p.role == "module_a")
        # HPE, NVIDIA, ALE, Juniper and Dell's two 100GBASE-SR4 QSFP28 models (HU01), Extreme's two (EX01),
        # Intel's two (IT01), Fortinet's FN-TRAN-QSFP28-SR (BRD01 p. 13)
        assert sorted(alts) == [
            "100G-SR4-QSFP100M",
            "10401",
            "E100GQSFPSR28SRX",
            "FN-TRAN-QSFP28-SR",
            "JL309A",
            "MMA1B00-C100D",
            "Q28-100G-SR4",
            "Q28-100G-SR4-G2",
            "QSFP-100G-SR4",
            "QSFP-100GBASE-SR4",
            "SPTMBP1PMCDF",
        ]

    # type: ignore[no-untyped-def]
    def test_sr4_over_om3_stops_at_70_m_and_is_not_offered(self, at_100_m) -> None:
        assert not any(o.pmd == "100GBASE-SR4" and o.fiber_type == "OM3" for o in at_100_m.options)


class TestTheVicTakesOnlyCiscoParts:
    """Cisco UCS VIC 15000 data sheet (UC15): 'Third-party cables and transceivers are not supported on
    Cisco UCS C-series VICs. If a third-party cable or transceiver is installed between a UCS C-series
    VIC and a fabric interconnect or top of rack switch ..., the link will not come up'."""

    def _check(self, service: CatalogueService, dac: str):  # type: ignore[no-untyped-def]
        return service.check_link(
            LinkRequest(end_a=FI, end_b=VIC, distance_m=3, media=(FiberRequest(part_number=dac),)),
            alternatives=False,
        )

    def test_a_dell_dac_into_the_vic_is_refused(self, service: CatalogueService) -> None:
        check = self._check(service, "DAC-QSFP-100G-3M")
        assert (check.verdict.valid, check.verdict.error_codes) == (False, ("VENDOR_LOCKED",))
        lock = next(f for f in check.verdict.findings if f.code == "VENDOR_LOCKED")
        assert lock.parts == ("DAC-QSFP-100G-3M",)
        assert lock.source_ids == ("UC15",)
        assert lock.message.startswith(
            "UCSC-P-V5D200G takes only Cisco cables and transceivers; DAC-QSFP-100G-3M (Dell) is another "
            "vendor's part, so the link does not come up: Third-party cables"
        )
        assert lock.fix == "use the Cisco equivalent of DAC-QSFP-100G-3M (Dell) in UCSC-P-V5D200G"

    def test_ciscos_own_dac_links(self, service: CatalogueService) -> None:
        check = self._check(service, "QSFP-100G-CU3M")
        assert (check.verdict.valid, check.verdict.error_codes) == (True, ())

    def test_the_lock_is_on_the_vic_only(self, service: CatalogueService) -> None:
        """An FI to an NVIDIA ConnectX adapter with the same Dell DAC: no lock applies."""
        check = service.check_link(
            LinkRequest(
                end_a=FI,
                end_b=EndRequest(device="MCX416A-CCAT"),
                distance_m=3,
                media=(FiberRequest(part_number="DAC-QSFP-100G-3M"),),
            ),
            alternatives=False,
        )
        assert "VENDOR_LOCKED" not in check.verdict.error_codes
