"""Cisco cable families and optics on the real seeded graph (issue 11).

    SFP+ ══ 3 m ══ SFP+        at 10 Gb/s  → Cisco SFP-H10GB-CU3M (passive twinax) among the options
    SFP28 ══ 3 m ══ SFP28      at 25 Gb/s  → Cisco SFP-H25G-CU3M
    QSFP28 ══ 3 m ══ 4 x SFP28 at 25 Gb/s  → Cisco QSFP-4SFP25G-CU3M splitter

"What else is the same optic" for three Cisco parts: the same PMD, form factor and module connector
from other vendors (and Cisco's own Enterprise-class "-S" twin).
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SFPP = EndRequest(form_factor="SFP+")
SFP28 = EndRequest(form_factor="SFP28")


def _dacs(options) -> list[str]:  # type: ignore[no-untyped-def]
    """Every cable offered: each option's cable and its alternatives (one option per cable class)."""
    return [n for o in options for p in o.parts if p.role == "cable" for n in (p.part_number, *p.alternatives)]


class TestCiscoCablesAnswerShortLinks:
    def test_sfp_plus_to_sfp_plus_at_10g_over_3_m_offers_ciscos_3_m_passive_dac(
        self, service: CatalogueService
    ) -> None:
        result = service.link_options(end_a=SFPP, end_b=SFPP, rate_gbps=10, distance_m=3)
        cables = _dacs(result.options)
        assert "SFP-H10GB-CU3M" in cables
        dac = next(o for o in result.options if any("SFP-H10GB-CU3M" in p.alternatives for p in o.parts))
        assert (dac.summary, dac.verdict.valid) == ("DAC 10305 (3 m)", True)  # the 3 m SFP+ DAC class

    def test_sfp28_to_sfp28_at_25g_over_3_m_offers_ciscos_25g_dac(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=SFP28, end_b=SFP28, rate_gbps=25, distance_m=3)
        assert "SFP-H25G-CU3M" in _dacs(result.options)


class TestEquivalentsOfCiscoOptics:
    @pytest.mark.parametrize(
        ("pn", "equivalents"),
        [
            # Cisco, Finisar, HPE, Intel (IT01-IT03), Juniper (SFPP-10GE-SR, HU04), NVIDIA
            (
                "SFP-10G-SR-S",
                [
                    "iSFP-10G-SR",
                    "MA-SFP-10GB-SR",
                    "SFP-10G-SR",
                    "SFP-10G-SR-I",
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
            (
                "QSFP-40G-LR4-S",
                [
                    "QSFP-40G-LR",
                    "QSFP-40G-LR4",
                    "40G-LR4-QSFP10KM",
                    "FN-TRAN-QSFP+LR",
                    "JH232A",
                    "E40GQSFPLR",
                    "MC2210511-LR4",
                ],
            ),  # ALE, Cisco's OTN-capable LR4, HPE, Intel (IT02), NVIDIA; not ALE's 2 km QSFP-40G-CLR
            (
                "QSFP-100G-LR4-S",
                [
                    "QSFP-100G-LR4",
                    "QSFP-100G-LR4-I",
                    "Q28-100G-LR4",
                    "100G-LR4-QSFP10KM",
                    "JL310A",
                    "MMA1L10-CR",
                ],
            ),  # ALE, Cisco, Dell (HU01), HPE, NVIDIA; not the 2 km LR4 Lite parts (CLR4, LR4-QSFP2KM)
        ],
    )
    def test_part_answers_what_else_is_the_same_optic(
        self, service: CatalogueService, pn: str, equivalents: list[str]
    ) -> None:
        assert service.repo.equivalents(pn) == equivalents


SFP = EndRequest(form_factor="SFP")


@pytest.fixture(scope="module")
def one_gig_over_50_m(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=SFP, end_b=SFP, rate_gbps=1, distance_m=50).options


class TestOneThousandBaseT:
    """SFP ── GLC-T(E) ══ 50 m Cat5e/Cat6 ══ GLC-T(E) ── SFP at 1 Gb/s, beside the fiber options."""

    # type: ignore[no-untyped-def]
    def test_a_glc_te_pair_over_twisted_pair_is_offered_at_1g_over_50_m(self, one_gig_over_50_m) -> None:
        tp = [o for o in one_gig_over_50_m if o.pmd == "1000BASE-T"]
        assert [(o.fiber_type, o.reach_m, o.medium.value) for o in tp] == [
            ("Cat5e", 100.0, "TP"),
            ("Cat6", 100.0, "TP"),
        ]
        for o in tp:
            assert o.verdict.valid
            # Extreme's 10065 (EX01) is first by part number; Cisco's GLC-T (UCS 6300 table, UC01) and GLC-TE
            # and Juniper's CTP-SFP-1GE-T (HU04) are the same 1000BASE-T SFP, among the alternatives
            modules = {p.role: (p.part_number, p.alternatives) for p in o.parts if p.role.startswith("module")}
            assert {role: number for role, (number, _) in modules.items()} == {
                "module_a": "10065",
                "module_b": "10065",
            }
            assert all(
                {"CTP-SFP-1GE-T", "GLC-T", "GLC-TE"} <= set(alternatives) for _, alternatives in modules.values()
            )

    def test_twisted_pair_ranks_after_multimode_and_before_single_mode(self, one_gig_over_50_m) -> None:  # type: ignore[no-untyped-def]
        """Between two SFP cages 1000BASE-SX over multimode is the usual answer; within 1000BASE-T's
        100 m a pair of copper SFPs and a patch cord comes next, before 1000BASE-LX optics over OS2."""
        assert [(o.rank, o.pmd, o.fiber_type, o.medium.value) for o in one_gig_over_50_m][:6] == [
            (1, "1000BASE-SX", "OM2", "MMF"),
            (2, "1000BASE-SX", "OM3", "MMF"),
            (3, "1000BASE-SX", "OM1", "MMF"),
            (4, "1000BASE-T", "Cat5e", "TP"),
            (5, "1000BASE-T", "Cat6", "TP"),
            (6, "1000BASE-LX", "OS2", "SMF"),
        ]

    def test_no_1000base_t_sfp_is_offered_over_fiber(self, one_gig_over_50_m) -> None:  # type: ignore[no-untyped-def]
        for o in one_gig_over_50_m:
            numbers = {n for p in o.parts for n in (p.part_number, *p.alternatives)}
            assert ("GLC-TE" in numbers) == (o.fiber_type in ("Cat5e", "Cat6"))
            assert ("GLC-T" in numbers) == (o.fiber_type in ("Cat5e", "Cat6"))
        assert {o.pmd for o in one_gig_over_50_m if o.fiber_type.startswith(("OM", "OS"))} >= {"1000BASE-SX"}

    def test_over_an_installed_multimode_plant_no_glc_te_is_offered(self, service: CatalogueService) -> None:
        from service.use_cases import PlantRequest

        options = service.link_options(
            end_a=SFP, end_b=SFP, rate_gbps=1, distance_m=50, plant=PlantRequest(fiber_type="OM2")
        ).options
        assert options and all(o.fiber_type == "OM2" for o in options)
        assert "GLC-TE" not in {p.part_number for o in options for p in o.parts}

    def test_glc_te_beyond_100_m_of_copper_exceeds_its_reach(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=1, distance_m=150).options
        assert "1000BASE-T" not in {o.pmd for o in options}

    def test_checking_glc_te_over_fiber_is_a_medium_mismatch(self, service: CatalogueService) -> None:
        from service.use_cases import FiberRequest, LinkRequest

        check = service.check_link(
            LinkRequest(
                end_a=SFP,
                end_b=SFP,
                distance_m=20,
                module_a="GLC-TE",
                module_b="GLC-TE",
                media=(FiberRequest(fiber_type="OM3", connector="LC/UPC"),),
            )
        )
        assert not check.verdict.valid
        codes = [f.code for f in check.verdict.findings if f.severity.value == "error"]
        assert "FIBER_MODE_MISMATCH" in codes
        mismatch = next(f for f in check.verdict.findings if f.code == "FIBER_MODE_MISMATCH")
        assert mismatch.message.startswith("1000BASE-T runs over twisted-pair copper (RJ-45)")

    def test_checking_glc_te_over_cat6_is_valid(self, service: CatalogueService) -> None:
        from service.use_cases import FiberRequest, LinkRequest

        check = service.check_link(
            LinkRequest(
                end_a=SFP,
                end_b=SFP,
                distance_m=80,
                module_a="GLC-TE",
                module_b="GLC-TE",
                media=(FiberRequest(fiber_type="Cat6", connector="RJ-45"),),
            )
        )
        assert check.verdict.valid, check.verdict.findings


QSFPDD = EndRequest(form_factor="QSFP-DD")


class TestCiscoFamiliesCompletedFromCiscoDocuments:
    """The cis branch's Cisco parts on the seeded graph: the half-metre SFP-H25G-CU lengths of Cisco's UCS
    VIC 15000 data sheet (CS01 Table 4) and the two 400G QSFP-DD multimode optics of Cisco's xrdocs PID table
    (CS02), which the UCS 6600 spec sheet names (CS03)."""

    def test_the_2_5_m_25g_dac_is_ciscos_passive_sfp28_cable_of_the_family(self, service: CatalogueService) -> None:
        from service.domain.catalogue import Cable

        part = service.repo.part("SFP-H25G-CU2.5M")
        assert isinstance(part, Cable)
        assert (
            part.vendor,
            part.family,
            part.cable_type.value,
            part.length_m,
            part.rates_gbps,
            (part.end_a.form_factor, part.end_a.plugs),
            (part.end_b.form_factor, part.end_b.plugs),
            part.sources,
            part.fec,
        ) == ("Cisco", "SFP-H25G-CU", "DAC", 2.5, [25.0], ("SFP28", 1), ("SFP28", 1), ["CS01"], None)

    def test_a_5_m_25g_dac_link_needs_rs_fec_at_both_ends_and_a_3_m_one_names_none(
        self, service: CatalogueService
    ) -> None:
        """CS01 Table 4: 'SFP-H25G-CU4M/5M' RS-FEC, minimum CL91; 'SFP-H25G-CU2.5M/3M' FC-FEC or a value
        above it (no one mode): the 5 m cable's link reports RS(528,514) at both ends, the 3 m one's none."""

        def fec(number: str, metres: float) -> list[tuple[str, str, tuple[str, ...]]]:
            req = LinkRequest(end_a=SFP28, end_b=SFP28, distance_m=metres, media=(FiberRequest(part_number=number),))
            verdict = service.check_link(req, alternatives=False).verdict
            assert verdict.valid and verdict.rate_gbps == 25.0
            return [(f.code, f.severity.value, f.source_ids) for f in verdict.findings if f.code.startswith("FEC")]

        assert fec("SFP-H25G-CU5M", 5) == [("FEC_REQUIRED", "info", ("CS01",))]
        assert fec("SFP-H25G-CU4M", 3.5) == [("FEC_REQUIRED", "info", ("CS01",))]
        assert fec("SFP-H25G-CU3M", 3) == []
        five = service.check_link(
            LinkRequest(end_a=SFP28, end_b=SFP28, distance_m=5, media=(FiberRequest(part_number="SFP-H25G-CU5M"),)),
            alternatives=False,
        ).verdict
        assert "RS(528,514)" in next(f.message for f in five.findings if f.code == "FEC_REQUIRED")

    def test_the_1_5_m_25g_dac_is_a_1_5_m_cisco_cable(self, service: CatalogueService) -> None:
        part = service.repo.part("SFP-H25G-CU1.5M")
        assert (part.vendor, part.family, getattr(part, "length_m", None)) == ("Cisco", "SFP-H25G-CU", 1.5)

    def test_sfp28_to_sfp28_at_25g_over_2_5_m_can_be_built_with_ciscos_2_5_m_dac(
        self, service: CatalogueService
    ) -> None:
        result = service.link_options(end_a=SFP28, end_b=SFP28, rate_gbps=25, distance_m=2.5)
        cables = {
            n for o in result.options for p in o.parts if p.role == "cable" for n in (p.part_number, *p.alternatives)
        }
        assert "SFP-H25G-CU2.5M" in cables

    @pytest.mark.parametrize(
        ("pn", "equivalents"),
        [
            # Arista's, Dell's (HU01) and HPE's 400GBASE-SR8 QSFP-DD modules with an MPO-16/APC receptacle
            ("QDD-400G-SR8-S", ["QDD-400G-SR8", "400G-Q56DD-SR8", "400G-SR8-QSFPDD100M", "R9B41A"]),
            # Arista's and Dell's 400GBASE-SR4.2 (400G BiDi) QSFP-DD modules, MPO-12/UPC
            ("QDD-400G-SR4.2-BD", ["QDD-400G-SRBD", "400G-Q56DD-SR4.2-ON"]),
        ],
    )
    def test_ciscos_400g_multimode_qsfp_dd_optics_have_their_other_vendor_twins(
        self, service: CatalogueService, pn: str, equivalents: list[str]
    ) -> None:
        assert service.repo.equivalents(pn) == equivalents
