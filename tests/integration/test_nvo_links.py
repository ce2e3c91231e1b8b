"""linkOptions / checkLink over the NVIDIA optics added on the nvo branch (issue 11), on the real
seeded graph.

    SN2700 ══ 400 m ══ SN2700   at 100 Gb/s → the 100G-PSM4 option names NVIDIA's MMS1C10-CM at both
                                  ends (Cisco's QSFP-100G-PSM4-S as its alternative), MPO-12/APC over OS2,
                                  500 m reach, 100 m margin; the same PMD over OS1a follows, unverified
                                  (no source gives PSM4 an OS1a reach)
    MMS1C10-CM ══ 300 m OS2 ══ QSFP-100G-PSM4-S → valid at 100 Gb/s (same PMD, another vendor)
    MMS1C10-CM ══ 600 m OS2 ══ MMS1C10-CM       → REACH_EXCEEDED, limit 500 m
    MMS1C10-CM ══ 300 m OM4 ══ MMS1C10-CM       → a single-mode module on multimode fiber is refused

Sources: NVIDIA's connector table (N41: MMS1C10-CM "PSM4, QSFP, 500m", single-mode MPO/APC; SN2700
QSFP28 100G ports from NVIDIA's Cumulus guide NX01); Cisco's PSM4 from OX01/OX04.
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SN2700 = EndRequest(device="SN2700")


def _modules(option) -> list[tuple[str, str | None, list[str]]]:  # type: ignore[no-untyped-def]
    return [(p.role, p.part_number, list(p.alternatives)) for p in option.parts if p.role.startswith("module")]


class TestPsm4BetweenSpectrumSwitches:
    def test_the_psm4_option_names_nvidias_module(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SN2700, end_b=SN2700, rate_gbps=100, distance_m=400).options
        psm4s = [o for o in options if o.pmd == "100G-PSM4"]
        assert [(o.fiber_type, o.reach_basis) for o in psm4s] == [("OS2", "standard"), ("OS1a", "unverified")]
        psm4 = psm4s[0]
        assert (psm4.fiber_type, psm4.reach_m, psm4.margin_m) == ("OS2", 500.0, 100.0)
        assert _modules(psm4) == [
            ("module_a", "MMS1C10-CM", ["QSFP-100G-PSM4-S"]),
            ("module_b", "MMS1C10-CM", ["QSFP-100G-PSM4-S"]),
        ]
        assert psm4.verdict.valid

    def test_the_nvidia_psm4_links_to_a_cisco_psm4(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SN2700,
                end_b=SN2700,
                distance_m=300,
                module_a="MMS1C10-CM",
                module_b="QSFP-100G-PSM4-S",
                media=(FiberRequest(fiber_type="OS2", connector="MPO-12/APC"),),
            ),
            alternatives=False,
        )
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.error_codes) == (True, 100.0, ())

    def test_600_m_exceeds_the_500_m_reach(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SN2700,
                end_b=SN2700,
                distance_m=600,
                module_a="MMS1C10-CM",
                module_b="MMS1C10-CM",
                media=(FiberRequest(fiber_type="OS2", connector="MPO-12/APC"),),
            ),
            alternatives=False,
        )
        assert (check.verdict.valid, check.verdict.error_codes) == (False, ("REACH_EXCEEDED",))
        assert check.verdict.findings[0].limit == 500.0

    def test_multimode_fiber_is_refused(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SN2700,
                end_b=SN2700,
                distance_m=300,
                module_a="MMS1C10-CM",
                module_b="MMS1C10-CM",
                media=(FiberRequest(fiber_type="OM4", connector="MPO-12/APC"),),
            ),
            alternatives=False,
        )
        assert check.verdict.valid is False
        assert check.verdict.error_codes == ("FIBER_MODE_MISMATCH",)
