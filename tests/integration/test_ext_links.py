"""Extreme Networks optics and cables (EX01) and Juniper's 800G AOCs (EX03) on the real seeded graph
(issue 11, catalogue breadth).

    SFP+ ── 10301 ══ 300 m OM3 LC/UPC ══ 10G-SR-SFP300M-ET ── SFP+   10GBASE-SR, Extreme's own pair
    QSFP28 ── 100G-LR4-QSFP2KM ══ OS2 ══ 100G-LR4-QSFP10KM ── QSFP28   LR4 at 2 km, not at 5 km

Sources: Extreme data sheet EX01 p. 12 ("10GBASE-SR ... 10301, 10G-SR-SFP300M-ET, 10G-SR-SFP300M-IT";
"up to 300m (OM3) or 400m (OM4)"), p. 4-5 ("100GBASE-LR4-2 ... 100G-LR4-QSFP2KM ... up to 2km"),
p. 12 10G-DACP numbers with the lengths of EX02 Table 79 (10305: 3 m); Juniper 800G guide EX03 Table 10.
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SFPP = EndRequest(form_factor="SFP+")
QSFP28 = EndRequest(form_factor="QSFP28")


def _numbers(option) -> set[str]:  # type: ignore[no-untyped-def]
    out: set[str] = set()
    for p in option.parts:
        if p.part_number:
            out |= {p.part_number, *p.alternatives}
    return out


class TestEquivalents:
    def test_an_extreme_10gbase_sr_sfp_plus_is_the_same_optic_as_the_other_vendors(
        self, service: CatalogueService
    ) -> None:
        # same form factor, PMD (10GBASE-SR), rates and LC/UPC; ordered by vendor then part number
        assert service.repo.equivalents("10301") == [
            "iSFP-10G-SR",
            "MA-SFP-10GB-SR",
            "SFP-10G-SR",
            "SFP-10G-SR-I",
            "SFP-10G-SR-S",
            "SFP-10G-SR-X",
            "407-BBOU",
            "407-BBVJ",
            "407-BCBN",
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
        ]

    def test_the_dual_rate_25_10g_sr_is_nobodys_single_rate_equivalent(self, service: CatalogueService) -> None:
        assert "25/10G-SR-SFP100M" not in service.repo.equivalents("25G-SR-SFP100M")
        assert "10502" in service.repo.equivalents("25G-SR-SFP100M")


class TestLinks:
    def test_two_extreme_sr_optics_over_300_m_of_om3_are_valid(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SFPP,
                end_b=SFPP,
                distance_m=300,
                module_a="10301",
                module_b="10G-SR-SFP300M-ET",
                media=(FiberRequest(fiber_type="OM3", connector="LC/UPC"),),
            )
        )
        assert check.verdict.valid, check.verdict.findings

    def test_the_2_km_lr4_caps_the_link_at_its_own_reach(self, service: CatalogueService) -> None:
        def check(distance: float):  # type: ignore[no-untyped-def]
            return service.check_link(
                LinkRequest(
                    end_a=QSFP28,
                    end_b=QSFP28,
                    distance_m=distance,
                    module_a="100G-LR4-QSFP2KM",
                    module_b="100G-LR4-QSFP10KM",
                    media=(FiberRequest(fiber_type="OS2", connector="LC/UPC"),),
                )
            )

        assert check(2000).verdict.valid
        far = check(5000)
        assert not far.verdict.valid
        assert [f.code for f in far.verdict.findings if f.severity.value == "error"] == ["REACH_EXCEEDED"]

    def test_a_3_m_sfp_plus_run_offers_extremes_3_m_dac_and_not_its_1_m_one(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFPP, end_b=SFPP, rate_gbps=10, distance_m=3).options
        numbers = set().union(*(_numbers(o) for o in options))
        assert {"10305", "10G-DACA-SFP3M"} <= numbers
        assert not {"10304", "10G-DACP-SFPZ5M", "10G-DACP-SFP1M-IT"} & numbers

    def test_the_qsfp28_to_sfp28_adapter_carries_an_extreme_25g_optic(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=QSFP28,
                end_b=EndRequest(form_factor="SFP28"),
                distance_m=50,
                adapter_a="10506",
                module_a="25G-SR-SFP100M",
                module_b="10502",
                media=(FiberRequest(fiber_type="OM4", connector="LC/UPC"),),
            )
        )
        assert check.verdict.valid, check.verdict.findings


class TestJuniper800gAoc:
    def test_an_800g_qsfp_dd_run_of_20_m_offers_the_20_m_aoc(self, service: CatalogueService) -> None:
        qdd = EndRequest(form_factor="QSFP-DD")
        options = service.link_options(end_a=qdd, end_b=qdd, rate_gbps=800, distance_m=20).options
        numbers = set().union(*(_numbers(o) for o in options))
        assert "QDD-800G-AOC-20M" in numbers
        assert not {"QDD-800G-AOC-15M", "QDD-800G-AOC-30M"} & numbers
