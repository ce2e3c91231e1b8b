"""Issue 12 breakouts on the real, seeded graph: linkOptions offers a PMD breakout when the two ends'
rates differ by a sourced factor, and checkLink takes the harness and the fan-out.

    QSFP-DD (400G) ─ 400GBASE-DR4 ══ OS2 MPO-12/APC → 4 × LC/UPC harness ══< 100GBASE-DR ─ QSFP28 (100G)

400GBASE-DR4 → 4 × 100GBASE-DR per Arista's breakout guidance (B09) and S40; 100GBASE-DR reaches
500 m over OS2 (S40), so 300 m is within reach with 200 m margin.
"""

from __future__ import annotations

import pytest

from service.errors import InputValidationError
from service.use_cases import CatalogueService, EndRequest, FanOutLegRequest, FiberRequest, LinkRequest

QSFP_DD = EndRequest(form_factor="QSFP-DD")
QSFP28 = EndRequest(form_factor="QSFP28")
HARNESS = FiberRequest(fiber_type="OS2", connector="MPO-12/APC", connector_b="LC/UPC", legs=4, length_m=300)


@pytest.fixture(scope="module")
def dr4(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=QSFP_DD, end_b=QSFP28, rate_gbps=100, distance_m=300)


@pytest.fixture(scope="module")
def sr8(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=QSFP_DD, end_b=EndRequest(form_factor="QSFP56"), rate_gbps=200, distance_m=80)


def _breakouts(result):  # type: ignore[no-untyped-def]
    return [o for o in result.options if o.link.fibers and o.link.fibers[0].legs > 1]


class TestLinkOptionsBreakout:
    def test_the_dr4_to_four_100g_dr_breakout_is_offered_and_valid(self, dr4) -> None:  # type: ignore[no-untyped-def]
        options = _breakouts(dr4)
        # per PMD over OS2: Dell's 5 m and Juniper's 1 m harness behind a trunk (no catalogue harness is
        # 300 m long; tests/integration/test_trunk_harness.py), then the generic harness; no OS1a harness
        assert [
            (
                o.pmd,
                o.fiber_type,
                o.link.fibers[0].cable.part_number if o.link.fibers[0].cable else None,
                o.reach_m,
                o.margin_m,
                o.verdict.valid,
                o.verdict.legs,
            )
            for o in options
        ] == [
            ("100GBASE-DR", "OS2", "CBL-MPO12-4LC-SMF-5M", 500.0, 200.0, True, 4),
            ("100GBASE-DR", "OS2", "MTP-4LC-S1M", 500.0, 200.0, True, 4),
            ("100GBASE-DR", "OS2", None, 500.0, 200.0, True, 4),
            ("100GBASE-FR1", "OS2", "CBL-MPO12-4LC-SMF-5M", 2000.0, 1700.0, True, 4),
            ("100GBASE-FR1", "OS2", "MTP-4LC-S1M", 2000.0, 1700.0, True, 4),
            ("100GBASE-FR1", "OS2", None, 2000.0, 1700.0, True, 4),
            ("100GBASE-FR1", "OS1a", None, 1000.0, 700.0, True, 4),
            ("100GBASE-LR1", "OS2", "CBL-MPO12-4LC-SMF-5M", 10000.0, 9700.0, True, 4),
            ("100GBASE-LR1", "OS2", "MTP-4LC-S1M", 10000.0, 9700.0, True, 4),
            ("100GBASE-LR1", "OS2", None, 10000.0, 9700.0, True, 4),
        ]
        option = options[2]  # the generic harness of structured cabling
        assert [(p.role, p.part_number, p.links_served) for p in option.parts] == [
            ("module_a", "400G-DR4-QSFPDD500M", 4),
            ("fiber", None, 4),
            ("module_b", "100G-DR-QSFP500M", 1),
        ]
        assert option.summary == (
            "100GBASE-DR: 400G-DR4-QSFPDD500M + OS2 MPO-12/APC → 4 × LC/UPC harness + 100G-DR-QSFP500M, "
            "reach 500 m over OS2"
        )
        assert option.parts[1].description == (
            "OS2 MPO-12/APC → 4 × LC/UPC harness, 300 m (structured cabling; no sourced catalogue harness of "
            "this grade, connectors and polish covers the run: order one)"
        )
        alternatives = {p.role: p.alternatives for p in option.parts}
        # Extreme's pair (EX01) is named: Cisco's QDD-400G-DR4-S rests on compatible-module datasheets
        # only (B07, B12, secondary), so Extreme's documented DR4 is named first (between bare cages no
        # device vendor is preferred), and with it Extreme's 100G-DR (one vendor at both ends). NVIDIA's
        # MMS1V00-WM / MMS1V70-CM are this breakout's pair in NVIDIA's Cumulus guide (NX01)
        assert alternatives["module_a"] == (
            "MMS1V00-WM",
            "QDD-400G-DR4",
            "QDD-400G-DR4-S",
            "QSFP-400G-DR4-2",
            "QSFP56-DD-400GBASE-DR4",
        )
        # and Intel's SPTSLP2SLCDF (IT01)
        # and Fortinet's FN-TRAN-QSFP28-DR ('100GBase-DR', BRD01 p. 13), an alternative: Extreme's pair stays named
        assert alternatives["module_b"] == (
            "FN-TRAN-QSFP28-DR",
            "MMS1V70-CM",
            "QSFP-100G-DR",
            "QSFP-100G-DR-S",
            "SPTSLP2SLCDF",
        )

    def test_the_offered_breakout_checks_valid_leg_by_leg(self, service: CatalogueService, dr4) -> None:  # type: ignore[no-untyped-def]
        option = _breakouts(dr4)[2]
        check = service.check_link(LinkRequest.of(option.link), alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs) == (True, 100.0, 4)

    def test_no_breakout_between_two_qsfp28_ends(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=QSFP28, end_b=QSFP28, rate_gbps=100, distance_m=300)
        assert _breakouts(result) == []

    def test_xdr4_to_four_100g_fr_at_1500_m(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=QSFP_DD, end_b=QSFP28, rate_gbps=100, distance_m=1500)
        assert [
            (
                o.link.module_a.part_number,  # type: ignore[union-attr]
                o.pmd,
                o.fiber_type,
                o.link.fibers[0].cable.part_number if o.link.fibers[0].cable else None,
                o.link.fibers[0].trunk_m,
            )
            for o in _breakouts(result)
        ] == [
            ("QDD-4X100G-FR-S", "100GBASE-FR1", "OS2", "CBL-MPO12-4LC-SMF-5M", 1495.0),
            ("QDD-4X100G-FR-S", "100GBASE-FR1", "OS2", "MTP-4LC-S1M", 1499.0),
            ("QDD-4X100G-FR-S", "100GBASE-FR1", "OS2", None, 0.0),
            ("QDD-4X100G-LR-S", "100GBASE-LR1", "OS2", "CBL-MPO12-4LC-SMF-5M", 1495.0),
            ("QDD-4X100G-LR-S", "100GBASE-LR1", "OS2", "MTP-4LC-S1M", 1499.0),
            ("QDD-4X100G-LR-S", "100GBASE-LR1", "OS2", None, 0.0),
        ]


class TestSr8Breakout:
    """400GBASE-SR8 → 2 × 200GBASE-SR4 (K02, secondary): both clause 138 PMDs of 50 Gb/s PAM4
    lanes, SR8 on 16 fibers (MPO-16/APC as the catalogue's SR8 modules), each SR4 on 8 (MPO-12/UPC
    at NVIDIA's QSFP56 MMA1T00-VS). 200GBASE-SR4 reaches 100 m over OM4 (E15, S41; OM3 unconfirmed),
    so 80 m leaves 20 m margin and OM3 is not offered."""

    def test_a_400g_qsfp_dd_to_200g_qsfp56_is_offered_as_sr8_to_two_sr4(self, sr8) -> None:  # type: ignore[no-untyped-def]
        options = _breakouts(sr8)
        assert [(o.pmd, o.fiber_type, o.reach_m, o.margin_m, o.verdict.valid, o.verdict.legs) for o in options] == [
            ("200GBASE-SR4", "OM4", 100.0, 20.0, True, 2),
        ]
        option = options[0]
        assert [(p.role, p.part_number, p.links_served) for p in option.parts] == [
            # Cisco's own pair leads: both ends one vendor (as Dell's 400G-Q56DD-SR8 + Q56-200G-SR4, HU01), and
            # both Cisco modules state their own 100 m over OM4 (QDD-400G-SR8-S, CS02; QSFP-200G-SR4-S, PD02),
            # the smallest sufficient reach, where Dell's rows state none
            ("module_a", "QDD-400G-SR8-S", 2),
            ("fiber", None, 2),
            ("module_b", "QSFP-200G-SR4-S", 1),
        ]
        assert option.summary == (
            "200GBASE-SR4: QDD-400G-SR8-S + OM4 MPO-16/APC → 2 × MPO-12/UPC harness + QSFP-200G-SR4-S, "
            "reach 100 m over OM4"
        )
        assert {p.role: p.alternatives for p in option.parts}["module_b"] == (
            "MMA1T00-VS",
            "Q56-200G-SR4",
            "QSFP-200G-SR4",
        )

    def test_the_offered_sr8_breakout_checks_valid_per_leg(self, service: CatalogueService, sr8) -> None:  # type: ignore[no-untyped-def]
        check = service.check_link(LinkRequest.of(_breakouts(sr8)[0].link), alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs) == (True, 200.0, 2)

    def test_beyond_100_m_the_sr8_breakout_is_refused_on_reach(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=EndRequest(form_factor="QSFP56"),
            distance_m=120,
            module_a="QDD-400G-SR8",
            module_b="MMA1T00-VS",
            media=(
                FiberRequest(fiber_type="OM4", connector="MPO-16/APC", connector_b="MPO-12/UPC", legs=2, length_m=120),
            ),
        )
        check = service.check_link(req, alternatives=False)
        assert check.verdict.valid is False
        assert [f.code for f in check.verdict.findings if f.severity.value == "error"] == ["REACH_EXCEEDED"]

    def test_an_osfp_sr8_breaks_out_alike(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=EndRequest(form_factor="OSFP"), end_b=EndRequest(form_factor="QSFP56"), rate_gbps=200, distance_m=80
        )
        assert [(o.link.module_a.part_number, o.pmd, o.fiber_type) for o in _breakouts(result)] == [  # type: ignore[union-attr]
            ("OSFP-400G-SR8", "200GBASE-SR4", "OM4"),
        ]


class TestCheckLinkBreakout:
    def test_one_dr4_two_legs_of_a_harness_as_a_two_ended_link(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=QSFP28,
            distance_m=300,
            module_a="QDD-400G-DR4",
            module_b="QSFP-100G-DR",
            media=(HARNESS,),
        )
        check = service.check_link(req, alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs, check.verdict.lanes) == (
            True,
            100.0,
            4,
            1,
        )

    def test_the_dr4_fan_out_to_four_qsfp28_ports(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=EndRequest(),
            distance_m=300,
            module_a="QDD-400G-DR4",
            media=(HARNESS,),
            fan_out=tuple(FanOutLegRequest(end=QSFP28, module="QSFP-100G-DR") for _ in range(4)),
        )
        check = service.check_link(req)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.ports, check.verdict.aggregate_gbps) == (
            True,
            100.0,
            4,
            400.0,
        )
        assert check.part_numbers() == ("QDD-400G-DR4", *(["QSFP-100G-DR"] * 4))

    def test_a_harness_of_nine_legs_is_refused(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=QSFP28,
            distance_m=300,
            module_a="QDD-400G-DR4",
            module_b="QSFP-100G-DR",
            media=(FiberRequest(fiber_type="OS2", legs=9),),
        )
        with pytest.raises(InputValidationError, match="must be 1 to 8"):
            service.check_link(req)


def test_the_ndr200_fan_out_of_the_issue(service: CatalogueService) -> None:
    """Done-when: one twin-port MMA4Z00-NS → two MFP7E20 → four MMA4Z00-NS400 is valid, 4 × 200 Gb/s."""
    req = LinkRequest(
        end_a=EndRequest(device="QM9700"),
        end_b=EndRequest(),
        distance_m=20,
        module_a="MMA4Z00-NS",
        media=(FiberRequest(part_number="MFP7E20-N020"), FiberRequest(part_number="MFP7E20-N020")),
        fan_out=tuple(
            FanOutLegRequest(end=EndRequest(device="MCX75310AAS-NEAT"), module="MMA4Z00-NS400") for _ in range(4)
        ),
    )
    check = service.check_link(req)
    assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.ports, check.verdict.legs) == (
        True,
        200.0,
        4,
        2,
    )
    assert [leg.verdict.rate_gbps for leg in check.legs] == [200.0] * 4
