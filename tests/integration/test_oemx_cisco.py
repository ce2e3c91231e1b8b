"""Cisco optics and QSFP-DD copper from Cisco's own documents (issue 11, OEM breadth), on the real
seeded graph. Sources (sources/oem_x.yaml): OX01 Cisco UCS Fabric Interconnect 9108 100G spec sheet
(SFP-25G-LR-S '25G SFP28 LR, single-mode fiber, 10km reach'; QSFP-100G-SR1.2 '100G SR1.2 BiDi, duplex
LC connector, 100m reach on MMF'), OX02 Cisco's IOS XR NCS-5700 400G optics table (QDD-400G-FR4-S
400GBASE-FR4 duplex LC 2 km, QDD-400G-LR8-S 400GBASE-LR8 duplex LC 10 km, QDD-400-CUxM passive copper
1/2 m), OX03 Cisco's 100G SR1.2 BiDi At a Glance.

    N9K-C9332D-GX2B [QSFP-DD] ══ 2 km ══ [QSFP-DD] DCS-7060DX5-64S   at 400 Gb/s
        → 400GBASE-FR4 now names Cisco's QDD-400G-FR4-S (before: only "any MSA-compliant" FR4 module)
"""

from __future__ import annotations

import pytest

from service.pmd_level import is_generic
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest


class TestEquivalents:
    @pytest.mark.parametrize(
        ("pn", "equivalents"),
        [
            # 25GBASE-LR SFP28, single-rate: Cisco (OX01) <-> HPE/Aruba (HF01). The dual-rate
            # SFP-10/25G-LR-S also runs 10GBASE-LR, so it is not the same optic as either; ALE's 2 km
            # SFP-25G-CLR is a shorter reach class.
            (
                "JL486A",
                [
                    "SFP-25G-LR",
                    "SFP-25G-LR-S",
                    "SFP28-25G-LR",
                    "25G-LR-SFP10KM",
                    "FN-TRAN-SFP28-LR",
                    "E25GSFP28LRX",
                ],
            ),
            (
                "SFP-25G-LR-S",
                [
                    "SFP-25G-LR",
                    "SFP28-25G-LR",
                    "25G-LR-SFP10KM",
                    "FN-TRAN-SFP28-LR",
                    "JL486A",
                    "E25GSFP28LRX",
                ],
            ),
            # the only 100G SR1.2 BiDi and the only 400GBASE-FR4 / -LR8 QSFP-DD modules loaded
            ("QSFP-100G-SR1.2", ["Q28-100G-SR1.2", "QSFP-100G-SR1P2"]),  # Dell (HU01) and Juniper (HU03) SR1.2
            # the dual-rate 40/100G BiDi is the only QSFP28 with both modes; it is not the SR1.2 (OX03)
            ("QSFP-40/100-SRBD", []),
            # 100G PSM4 QSFP28: Cisco (OX01/OX04) <-> NVIDIA MMS1C10-CM (N41, nvo branch): same PMD,
            # form factor, MPO-12/APC and 500 m over OS2
            ("QSFP-100G-PSM4-S", ["MMS1C10-CM"]),
            ("QDD-400G-FR4-S", ["400G-Q56DD-FR4", "400G-FR4-QSFPDD2KM"]),  # Dell (HU01)
            ("QDD-400G-LR8-S", []),
        ],
    )
    def test_part_answers_what_else_is_the_same_optic(
        self, service: CatalogueService, pn: str, equivalents: list[str]
    ) -> None:
        assert service.repo.equivalents(pn) == equivalents


@pytest.fixture(scope="module")
def nexus_to_arista_400g_2km(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(
        end_a=EndRequest(device="N9K-C9332D-GX2B", cage="qsfp-dd"),
        end_b=EndRequest(device="DCS-7060DX5-64S", cage="qsfp-dd"),
        rate_gbps=400,
        distance_m=2000,
    ).options


class TestNexusToArista400gOver2km:
    def test_fr4_names_ciscos_module_at_both_ends(self, nexus_to_arista_400g_2km) -> None:  # type: ignore[no-untyped-def]
        fr4 = [o for o in nexus_to_arista_400g_2km if o.pmd == "400GBASE-FR4" and o.fiber_type == "OS2"]
        assert len(fr4) == 1 and not is_generic(fr4[0].link.module_a)
        modules = {p.role: p.part_number for p in fr4[0].parts if p.role.startswith("module")}
        assert modules == {"module_a": "QDD-400G-FR4-S", "module_b": "QDD-400G-FR4-S"}
        assert (fr4[0].fiber_type, fr4[0].reach_m, fr4[0].margin_m) == ("OS2", 2000.0, 0.0)
        assert fr4[0].verdict.valid

    def test_lr8_names_ciscos_module(self, nexus_to_arista_400g_2km) -> None:  # type: ignore[no-untyped-def]
        lr8 = [o for o in nexus_to_arista_400g_2km if o.pmd == "400GBASE-LR8" and o.fiber_type == "OS2"]
        assert len(lr8) == 1 and not is_generic(lr8[0].link.module_a)
        modules = {p.role: p.part_number for p in lr8[0].parts if p.role.startswith("module")}
        assert modules == {"module_a": "QDD-400G-LR8-S", "module_b": "QDD-400G-LR8-S"}


def _numbers(option) -> set[str]:  # type: ignore[no-untyped-def]
    out: set[str] = set()
    for p in option.parts:
        if p.part_number:
            out |= {p.part_number, *p.alternatives}
    return out


def _options(service: CatalogueService, ff: str, rate: float, distance: float):  # type: ignore[no-untyped-def]
    end = EndRequest(form_factor=ff)
    return service.link_options(end_a=end, end_b=end, rate_gbps=rate, distance_m=distance).options


class TestLinkOptionsNameTheNewParts:
    def test_100g_qsfp28_at_100_m_offers_the_sr12_bidi_over_om5_and_om4(self, service: CatalogueService) -> None:
        """OM4 100 m is the reach Cisco states (OX01); Juniper (HU03 p. 19) and Dell (HU01 p. 5) add
        OM3 70 m and OM5 150 m. At 100 m the BiDi is offered over OM5 (50 m margin) and OM4 (exactly
        its reach), after the 100 m duplex BiDi and SR4 (the smallest sufficient optic first). OM3's
        70 m is short of the run, and so are OM1 and OM2, which no source lists: an unknown grade
        reaches no further than a better one's held reach (OM3, 70 m)."""
        options = _options(service, "QSFP28", 100, 100)
        sr12 = [o for o in options if o.pmd == "100G-SR1.2"]
        assert [(o.fiber_type, o.reach_m, o.margin_m) for o in sr12] == [
            ("OM5", 150.0, 50.0),
            ("OM4", 100.0, 0.0),
        ]
        assert _numbers(sr12[1]) == {"Q28-100G-SR1.2", "QSFP-100G-SR1.2", "QSFP-100G-SR1P2"}
        assert (options[0].pmd, options[0].fiber_type, options[0].reach_m) == ("100G-SRBD", "OM4", 100.0)

    def test_400g_qsfp_dd_at_2_m_offers_ciscos_dac(self, service: CatalogueService) -> None:
        numbers = set().union(*(_numbers(o) for o in _options(service, "QSFP-DD", 400, 2)))
        assert "QDD-400-CU2M" in numbers
        assert "QDD-400-CU1M" not in numbers  # 1 m is too short for 2 m


QSFP28 = EndRequest(form_factor="QSFP28")


def _bidi_check(service: CatalogueService, module_b: str):  # type: ignore[no-untyped-def]
    return service.check_link(
        LinkRequest(
            end_a=QSFP28,
            end_b=QSFP28,
            distance_m=50,
            module_a="QSFP-100G-SR1.2",
            module_b=module_b,
            media=(FiberRequest(fiber_type="OM4", connector="LC/UPC"),),
            rate_gbps=100,
        )
    )


class TestTheTwo100gBidisDoNotInteroperate:
    """OX03: 'The Cisco QSFP-100G-SR1.2 BiDi will not interoperate with the Cisco QSFP-40/100-SRBD.'"""

    def test_sr12_against_the_dual_rate_bidi_is_a_pmd_mismatch(self, service: CatalogueService) -> None:
        check = _bidi_check(service, "QSFP-40/100-SRBD")
        assert not check.verdict.valid
        assert "PMD_MISMATCH" in [f.code for f in check.verdict.findings if f.severity.value == "error"]

    def test_sr12_against_sr12_over_50_m_of_om4_is_valid(self, service: CatalogueService) -> None:
        assert _bidi_check(service, "QSFP-100G-SR1.2").verdict.valid
