"""50 Gigabit Ethernet on the real seeded graph (issue 11, helper e50): SFP56 ↔ SFP56 at 50 Gb/s.

    SFP56 ── R0M48A / SFP-50G-SR ══ 80 m OM4 ══ R0M48A / SFP-50G-SR ── SFP56   50GBASE-SR, valid
    SFP56 ── R0M48A ══ 80 m OM3 ══ SFP-50G-SR ── SFP56   OM3 reach not in a retrieved source: unverified
    SFP56 ── R0M47A (Aruba 50G DAC, 3 m) ── SFP56        valid, FEC RS(544,514) (clause 134) at both ends

50GBASE-SR reaches 100 m over OM4 (ALE FG01 "100m on OM4 MMF", IEEE 802.3cm clause 138 E15);
50GBASE-FR 2 km and 50GBASE-LR 10 km over OS2 (FG01). Every 50GBASE-R link runs the clause 134
RS(544,514) FEC (FG02, FG05).
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SFP56 = EndRequest(form_factor="SFP56")
FEC_TEXT = "needs FEC RS(544,514) (IEEE 802.3 Clause 134) at both ends"


def _codes(findings: object, severity: str) -> list[str]:
    return [f.code for f in findings if f.severity.value == severity]  # type: ignore[attr-defined]


def _check(service: CatalogueService, a: str, b: str, fiber: str, metres: float):  # type: ignore[no-untyped-def]
    return service.check_link(
        LinkRequest(
            end_a=SFP56,
            end_b=SFP56,
            distance_m=metres,
            module_a=a,
            module_b=b,
            media=(FiberRequest(fiber_type=fiber, connector="LC"),),
        )
    )


class TestLinkOptions:
    def test_at_80_m_the_verified_options_are_sr_over_om4_and_fr_lr_over_os2(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFP56, end_b=SFP56, rate_gbps=50, distance_m=80).options
        clean = [(o.pmd, o.fiber_type) for o in options if not _codes(o.verdict.findings, "warning")]
        assert clean == [("50GBASE-SR", "OM4"), ("50GBASE-FR", "OS2"), ("50GBASE-LR", "OS2")]
        [sr] = [o for o in options if (o.pmd, o.fiber_type) == ("50GBASE-SR", "OM4")]
        modules = [p for p in sr.parts if p.role.startswith("module")]
        assert [p.part_number for p in modules] == ["R0M48A", "R0M48A"]
        assert [list(p.alternatives) for p in modules] == [
            ["SFP-50G-SR", "SFP-50G-SR-S"],
            ["SFP-50G-SR", "SFP-50G-SR-S"],
        ]
        assert [(f.code, f.severity.value) for f in sr.verdict.findings] == [("FEC_REQUIRED", "info")]

    def test_om3_is_offered_only_as_unverified(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFP56, end_b=SFP56, rate_gbps=50, distance_m=80).options
        [om3] = [o for o in options if (o.pmd, o.fiber_type) == ("50GBASE-SR", "OM3")]
        assert _codes(om3.verdict.findings, "warning") == ["REACH_UNVERIFIED"]

    def test_at_3_m_the_dacs_come_first(self, service: CatalogueService) -> None:
        """Aruba's R0M47A and Cisco's SFP-50G-C3M and SFP-50G-CU3M are one cable class (3 m SFP56 DAC):
        one option, the others its alternatives."""
        options = service.link_options(end_a=SFP56, end_b=SFP56, rate_gbps=50, distance_m=3).options
        cables = [[(p.part_number, list(p.alternatives)) for p in o.parts] for o in options[:1]]
        assert cables == [[("R0M47A", ["SFP-50G-C3M", "SFP-50G-CU3M"])]]
        assert [(f.code, f.severity.value) for f in options[0].verdict.findings] == [("FEC_REQUIRED", "info")]

    def test_at_150_m_sr_over_om4_is_no_option(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFP56, end_b=SFP56, rate_gbps=50, distance_m=150).options
        clean = [(o.pmd, o.fiber_type) for o in options if not _codes(o.verdict.findings, "warning")]
        assert clean == [("50GBASE-FR", "OS2"), ("50GBASE-LR", "OS2")]
        assert ("50GBASE-SR", "OM4") not in [(o.pmd, o.fiber_type) for o in options]


class TestCheckLink:
    def test_aruba_against_ale_sr_over_80_m_om4_is_valid(self, service: CatalogueService) -> None:
        check = _check(service, "R0M48A", "SFP-50G-SR", "OM4", 80)
        assert check.verdict.valid, check.verdict.findings
        [fec] = check.verdict.findings
        assert fec.code == "FEC_REQUIRED" and "50GBASE-SR " + FEC_TEXT in fec.message

    def test_sr_over_120_m_om4_exceeds_the_reach(self, service: CatalogueService) -> None:
        check = _check(service, "R0M48A", "SFP-50G-SR", "OM4", 120)
        assert not check.verdict.valid
        assert _codes(check.verdict.findings, "error") == ["REACH_EXCEEDED"]

    def test_sr_over_80_m_om3_is_not_refused_but_unverified(self, service: CatalogueService) -> None:
        check = _check(service, "R0M48A", "SFP-50G-SR", "OM3", 80)
        assert check.verdict.valid
        assert _codes(check.verdict.findings, "warning") == ["REACH_UNVERIFIED"]

    @pytest.mark.parametrize(("pn", "ok_m", "too_far_m"), [("SFP-50G-FR", 2000, 2500), ("SFP-50G-LR", 10000, 12000)])
    def test_single_mode_reach(self, service: CatalogueService, pn: str, ok_m: float, too_far_m: float) -> None:
        assert _check(service, pn, pn, "OS2", ok_m).verdict.valid
        far = _check(service, pn, pn, "OS2", too_far_m)
        assert _codes(far.verdict.findings, "error") == ["REACH_EXCEEDED"]

    def test_fr_against_lr_is_a_pmd_mismatch(self, service: CatalogueService) -> None:
        check = _check(service, "SFP-50G-FR", "SFP-50G-LR", "OS2", 1500)
        assert _codes(check.verdict.findings, "error") == ["PMD_MISMATCH"]

    def test_the_aruba_50g_dac_needs_rs544(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=SFP56, end_b=SFP56, distance_m=3, media=(FiberRequest(part_number="R0M47A"),))
        )
        assert check.verdict.valid
        [fec] = check.verdict.findings
        assert (fec.code, fec.severity.value) == ("FEC_REQUIRED", "info")
        assert "R0M47A " + FEC_TEXT in fec.message

    def test_the_short_aruba_dac_does_not_span_2_m(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=SFP56, end_b=SFP56, distance_m=2, media=(FiberRequest(part_number="R0M46A"),))
        )
        assert _codes(check.verdict.findings, "error") == ["CABLE_TOO_SHORT"]


class TestEquivalents:
    @pytest.mark.parametrize(
        ("pn", "equivalents"), [("R0M48A", ["SFP-50G-SR", "SFP-50G-SR-S"]), ("SFP-50G-SR", ["SFP-50G-SR-S", "R0M48A"])]
    )
    def test_aruba_and_ale_sr_are_the_same_optic(
        self, service: CatalogueService, pn: str, equivalents: list[str]
    ) -> None:
        assert service.repo.equivalents(pn) == equivalents
