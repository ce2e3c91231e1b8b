"""Catalogue-breadth round of issue 11 on the real seeded graph: the Aruba 1000BASE-T SFPs J8177D and
JL747A (parts/opt_hpe.yaml, HPE's cabling guide OO01) as the same optic as Cisco's GLC-TE.

    SFP ── GLC-TE ══ 50 m Cat5e ══ GLC-TE ── SFP   at 1 Gb/s
        → the module names Cisco's GLC-TE and now lists Aruba's J8177D / JL747A as what else fits
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SFP = EndRequest(form_factor="SFP")
_EXTREME_1G_T = ["10065", "10070H", "MGBIC-02"]
_JUNIPER_1G_T = ["CTP-SFP-1GE-T", "QFX-SFP-1GE-T", "RX-GET-SFP", "SFP-1GE-T"]  # QFX-SFP-1GE-T: JNP03


class TestEquivalents:
    @pytest.mark.parametrize(
        ("pn", "equivalents"),
        [
            # same form factor, PMD (1000BASE-T) and RJ-45; ordered by vendor then part number (Cisco's GLC-T
            # and SFP-GE-T from the UCS FI tables, UC01 / UC03; Juniper's CTP-SFP-1GE-T, RX-GET-SFP and
            # SFP-1GE-T from its Optic Modules matrix, HU04; Extreme's 10065, 10070H and MGBIC-02, EX01 p. 14)
            (
                "GLC-TE",
                [
                    "SFP-1G-T",
                    "SFP-GIG-T",
                    "iSFP-GIG-T",
                    "GLC-T",
                    "SFP-GE-T",
                    *_EXTREME_1G_T,
                    "FN-TRAN-GC",  # Fortinet (BRD01, LK01)
                    "J8177D",
                    "JL747A",
                    *_JUNIPER_1G_T,
                    "S-RJ01",  # MikroTik (BRD02)
                ],
            ),
            (
                "J8177D",
                [
                    "SFP-1G-T",
                    "SFP-GIG-T",
                    "iSFP-GIG-T",
                    "GLC-T",
                    "GLC-TE",
                    "SFP-GE-T",
                    *_EXTREME_1G_T,
                    "FN-TRAN-GC",  # Fortinet (BRD01, LK01)
                    "JL747A",
                    *_JUNIPER_1G_T,
                    "S-RJ01",  # MikroTik (BRD02)
                ],
            ),
            (
                "JL747A",
                [
                    "SFP-1G-T",
                    "SFP-GIG-T",
                    "iSFP-GIG-T",
                    "GLC-T",
                    "GLC-TE",
                    "SFP-GE-T",
                    *_EXTREME_1G_T,
                    "FN-TRAN-GC",  # Fortinet (BRD01, LK01)
                    "J8177D",
                    *_JUNIPER_1G_T,
                    "S-RJ01",  # MikroTik (BRD02)
                ],
            ),
        ],
    )
    def test_part_answers_what_else_is_the_same_optic(
        self, service: CatalogueService, pn: str, equivalents: list[str]
    ) -> None:
        assert service.repo.equivalents(pn) == equivalents

    def test_no_fiber_sfp_is_an_equivalent_of_the_copper_one(self, service: CatalogueService) -> None:
        assert "J4858D" not in service.repo.equivalents("J8177D")  # 1000BASE-SX, LC


class TestOneGigOverTwistedPair:
    def test_the_1000base_t_option_offers_the_aruba_sfps_beside_glc_te(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=1, distance_m=50).options
        tp = [o for o in options if o.pmd == "1000BASE-T"]
        assert [o.fiber_type for o in tp] == ["Cat5e", "Cat6"]
        for o in tp:
            modules = [p for p in o.parts if p.role.startswith("module")]
            # Extreme's 10065 (EX01) names the pair: the same 1000BASE-T SFP as GLC-TE, first by part number;
            # Juniper's CTP-SFP-1GE-T (HU04) joins the Aruba and Cisco SFPs among the alternatives
            assert [p.part_number for p in modules] == ["10065", "10065"]
            for p in modules:
                assert {"CTP-SFP-1GE-T", "GLC-TE", "J8177D", "JL747A"} <= set(p.alternatives)

    def test_checking_two_aruba_sfps_over_80_m_of_cat6_is_valid(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SFP,
                end_b=SFP,
                distance_m=80,
                module_a="J8177D",
                module_b="JL747A",
                media=(FiberRequest(fiber_type="Cat6", connector="RJ-45"),),
            )
        )
        assert check.verdict.valid, check.verdict.findings

    def test_two_rj45_sfps_with_no_medium_are_told_to_add_a_twisted_pair_cable(self, service: CatalogueService) -> None:
        """A 1000BASE-T pair given no medium: LINK_STRUCTURE names the twisted-pair cable the link
        needs (Cat5e or Cat6, RJ-45), not a fiber."""
        check = service.check_link(
            LinkRequest(end_a=SFP, end_b=SFP, distance_m=50, module_a="GLC-TE", module_b="GLC-TE"),
            alternatives=False,
        )
        assert [(f.code, f.message) for f in check.verdict.findings] == [
            (
                "LINK_STRUCTURE",
                "an RJ-45 transceiver link needs a twisted-pair cable between the transceivers "
                "(a medium with fiberType Cat5e or Cat6 and connector RJ-45)",
            )
        ]

    def test_an_aruba_sfp_against_glc_te_over_150_m_exceeds_the_reach(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SFP,
                end_b=SFP,
                distance_m=150,
                module_a="J8177D",
                module_b="GLC-TE",
                media=(FiberRequest(fiber_type="Cat5e", connector="RJ-45"),),
            )
        )
        assert not check.verdict.valid
        errors = [f.code for f in check.verdict.findings if f.severity.value == "error"]
        assert errors == ["REACH_EXCEEDED"]  # 1000BASE-T: 100 m over Category 5e
