"""Intel-branded Ethernet optics and cables (IT01-IT05) on the real seeded graph (issue 11, catalogue
breadth).

    SFP+ ── E10GSFPSR ══ OM3 LC/UPC ══ FTLX8571D3BCV-IT ── SFP+    10GBASE-SR: 300 m yes, 400 m no
    QSFP28 ── SPTSLP2SLCDF ══ OS2 ══ SPTSLP2SLCDF ── QSFP28       100GBASE-DR, 500 m
    QSFP+ ══ XLDACBL3 ══ QSFP+                                    3 m passive DAC

Sources: FreeBSD ice(4) IT01 ("Intel 1G/10G SFP+ 10GBASE-SR E10GSFPSR"; "Intel 100G QSFP28 100GBASE-DR
SPTSLP2SLCDF"), ixl(4) IT02 and Linux ixgbe.rst IT03 ("DUAL RATE 1G/10G SFP+ SR (bailed)
FTLX8571D3BCV-IT"), Intel PAC datasheet IT04 ("Intel Ethernet QSFP+ 3-meter direct attach cable (DAC)
twinaxial cables XLDACBL3"), Intel SFP28 optics product brief IT05 ("10G/25GBASE-SR ... E25GSFP28SR").
Reach is the PMD's: 10GBASE-SR 300 m over OM3 (cl. 52), 100GBASE-DR 500 m.
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SFPP = EndRequest(form_factor="SFP+")
SFP28 = EndRequest(form_factor="SFP28")
QSFPP = EndRequest(form_factor="QSFP+")
QSFP28 = EndRequest(form_factor="QSFP28")


def _numbers(option) -> set[str]:  # type: ignore[no-untyped-def]
    out: set[str] = set()
    for p in option.parts:
        if p.part_number:
            out |= {p.part_number, *p.alternatives}
    return out


class TestEquivalents:
    def test_an_intel_10gbase_sr_sfp_plus_is_the_same_optic_as_the_other_vendors(
        self, service: CatalogueService
    ) -> None:
        # same form factor, PMD (10GBASE-SR), rate and LC/UPC; ordered by vendor then part number
        assert service.repo.equivalents("E10GSFPSR") == [
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
            "JL748A",
            "AFBR-703SDDZ-IN1",
            "AFBR-703SDZ-IN2",
            "E10GSFPSRG1P5",
            "E10GSFPSRG2P5",
            "E10GSFPSRX",
            "FTLX8571D3BCV-IT",
            "SFPP-10GE-SR",
            "S+85DLC03D",
            "MFM1T02A-SR",
        ]

    def test_the_intel_dual_rate_sfp28_sr_stands_with_the_other_dual_rate_ones(self, service: CatalogueService) -> None:
        dual = service.repo.equivalents("E25GSFP28SR")
        assert "SFP-10/25G-CSR-S" in dual
        # Extreme's dual-rate "Lite" reaches 70 m / 100 m (OM3 / OM4) at 10 Gb/s too (EX01), under a
        # third of 10GBASE-SR's 300 m / 400 m: a shorter reach class, not the same optic
        assert "25/10G-SR-SFP100M" not in dual
        assert "E25GSFP28SRX" not in dual
        single = service.repo.equivalents("E25GSFP28SRX")
        assert {"SFP-25G-SR-S", "25G-SR-SFP100M"} <= set(single)
        assert "E25GSFP28SR" not in single

    def test_intel_qsfp_optics_join_their_pmds_lists(self, service: CatalogueService) -> None:
        assert "SPTSLP2SLCDF" in service.repo.equivalents("QSFP-100G-DR-S")
        assert "E40GQSFPSR" in service.repo.equivalents("QSFP-40G-SR4")
        assert "SPTMBP1PMCDF" in service.repo.equivalents("E100GQSFPSR28SRX")
        assert "E100GQSFPSR28SRX" not in service.repo.equivalents("E40GQSFPSR")


class TestLinks:
    def _sr(self, service: CatalogueService, distance: float):  # type: ignore[no-untyped-def]
        return service.check_link(
            LinkRequest(
                end_a=SFPP,
                end_b=SFPP,
                distance_m=distance,
                module_a="E10GSFPSR",
                module_b="FTLX8571D3BCV-IT",
                media=(FiberRequest(fiber_type="OM3", connector="LC/UPC"),),
            )
        )

    def test_two_intel_sr_optics_over_300_m_of_om3_are_valid(self, service: CatalogueService) -> None:
        check = self._sr(service, 300)
        assert check.verdict.valid, check.verdict.findings

    def test_400_m_of_om3_exceeds_10gbase_sr(self, service: CatalogueService) -> None:
        far = self._sr(service, 400)
        assert not far.verdict.valid
        assert [f.code for f in far.verdict.findings if f.severity.value == "error"] == ["REACH_EXCEEDED"]

    def test_an_intel_100g_dr_pair_over_500_m_of_os2_is_valid(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=QSFP28,
                end_b=QSFP28,
                distance_m=500,
                module_a="SPTSLP2SLCDF",
                module_b="SPTSLP2SLCDF",
                media=(FiberRequest(fiber_type="OS2", connector="LC/UPC"),),
            )
        )
        assert check.verdict.valid, check.verdict.findings

    def test_an_sfp28_optic_does_not_fit_a_qsfp_plus_end(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=QSFPP,
                end_b=SFP28,
                distance_m=50,
                module_a="E25GSFP28SR",
                module_b="E25GSFP28SR",
                media=(FiberRequest(fiber_type="OM4", connector="LC/UPC"),),
            )
        )
        assert not check.verdict.valid
        assert "FORM_FACTOR_MISMATCH" in [f.code for f in check.verdict.findings if f.severity.value == "error"]

    def test_a_3_m_qsfp_plus_run_offers_the_3_m_xldacbl_and_not_the_1_m(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=QSFPP, end_b=QSFPP, rate_gbps=40, distance_m=3).options
        numbers = set().union(*(_numbers(o) for o in options))
        assert "XLDACBL3" in numbers
        assert "XLDACBL1" not in numbers
