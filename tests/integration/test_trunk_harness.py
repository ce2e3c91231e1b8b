"""Issue 12: a breakout longer than any catalogue harness, offered as it is installed — a trunk of
structured cabling in front of a catalogue harness at the far rack — on the real, seeded graph::

    QSFP-DD (400G) ─ QDD-400G-DR4-S ── 295 m OS2 MPO-12/APC trunk ──╫── CBL-MPO12-4LC-SMF-5M ══< QSFP-100G-DR-S ─ QSFP28

Juniper's MTP-4LC-S harness (MPO-12/APC → 4 × LC, SMF) comes in 1, 3, 5 and 10 m (HU02 Table 5), Dell's
CBL-MPO12-4LC-SMF in 5 m (HU01 p. 10); 400GBASE-DR4 breaks out into 4 × 100GBASE-DR (B09, S40), which
reaches 500 m over OS2. At 300 m no harness length covers the run, so each family is offered at its
shortest length behind a trunk that makes up the rest (one more mated connection), beside the generic
harness of structured cabling.
"""

from __future__ import annotations

import pytest

from service.errors import InputValidationError
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

QSFP_DD = EndRequest(form_factor="QSFP-DD")
QSFP28 = EndRequest(form_factor="QSFP28")


def _dr(result):  # type: ignore[no-untyped-def]
    return [o for o in result.options if o.pmd == "100GBASE-DR" and o.link.fibers and o.link.fibers[0].legs > 1]


@pytest.fixture(scope="module")
def at_300(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=QSFP_DD, end_b=QSFP28, rate_gbps=100, distance_m=300)


class TestDr4ToFourDrAt300m:
    def test_each_harness_family_is_offered_behind_a_trunk_then_the_generic_harness(self, at_300) -> None:  # type: ignore[no-untyped-def]
        rows = [
            (
                o.link.fibers[0].cable.part_number if o.link.fibers[0].cable else None,
                o.link.fibers[0].trunk_m,
                o.link.fibers[0].length_m,
                o.link.fibers[0].connections,
                o.margin_m,
                o.verdict.valid,
                o.verdict.legs,
            )
            for o in _dr(at_300)
        ]
        assert rows == [
            ("CBL-MPO12-4LC-SMF-5M", 295.0, 300.0, 1, 200.0, True, 4),
            ("MTP-4LC-S1M", 299.0, 300.0, 1, 200.0, True, 4),
            (None, 0.0, 300.0, 0, 200.0, True, 4),
        ]

    def test_the_option_lists_the_trunk_before_the_harness_it_feeds(self, at_300) -> None:  # type: ignore[no-untyped-def]
        option = _dr(at_300)[1]
        assert option.summary == (
            "100GBASE-DR: 400G-DR4-QSFPDD500M + 299 m trunk + MTP-4LC-S1M + 100G-DR-QSFP500M, reach 500 m over OS2"
        )
        assert [(p.role, p.part_number, p.links_served) for p in option.parts] == [
            # Extreme's documented pair (EX01) before Cisco's QDD-400G-DR4-S (secondary datasheets only)
            ("module_a", "400G-DR4-QSFPDD500M", 4),
            ("fiber", None, 1),
            ("fiber", "MTP-4LC-S1M", 4),
            ("module_b", "100G-DR-QSFP500M", 1),
        ]
        assert option.parts[1].description == (
            "OS2 MPO-12/APC trunk, 299 m (structured cabling from the trunk end's transceiver to MTP-4LC-S1M: "
            "one more mated connection)"
        )

    def test_the_chain_fed_back_to_check_link_is_valid_leg_by_leg(self, service: CatalogueService, at_300) -> None:  # type: ignore[no-untyped-def]
        req = LinkRequest.of(_dr(at_300)[1].link)
        assert req.media == (FiberRequest(part_number="MTP-4LC-S1M", trunk_m=299.0),)
        check = service.check_link(req, alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs) == (True, 100.0, 4)
        assert [f.code for f in check.verdict.findings if f.severity.value == "error"] == []

    def test_at_8_m_the_10_m_harness_covers_the_run_and_no_trunk_is_offered(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=QSFP_DD, end_b=QSFP28, rate_gbps=100, distance_m=8)
        assert [(o.link.fibers[0].cable.part_number, o.link.fibers[0].trunk_m) for o in _dr(result)] == [
            ("MTP-4LC-S10M", 0.0)
        ]

    def test_beyond_500_m_the_chain_exceeds_the_dr_reach(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=QSFP_DD, end_b=QSFP28, rate_gbps=100, distance_m=600, explain=True)
        assert _dr(result) == []
        rejected = [
            o
            for o in result.rejected
            if o.pmd == "100GBASE-DR" and o.link.fibers[0].cable is not None and o.link.fibers[0].trunk_m > 0
        ]
        assert [
            (
                o.link.fibers[0].cable.part_number,
                [(f.code, f.limit) for f in o.verdict.findings if f.severity.value == "error"],
            )
            for o in rejected
        ] == [
            ("CBL-MPO12-4LC-SMF-5M", [("REACH_EXCEEDED", 500.0)]),
            ("MTP-4LC-S1M", [("REACH_EXCEEDED", 500.0)]),
        ]


class TestCheckingAChainByHand:
    def _check(self, service: CatalogueService, distance: float, **medium):  # type: ignore[no-untyped-def]
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=QSFP28,
            distance_m=distance,
            module_a="QDD-400G-DR4",
            module_b="QSFP-100G-DR",
            media=(FiberRequest(part_number="MTP-4LC-S3M", **medium),),
        )
        return service.check_link(req, alternatives=False).verdict

    def test_a_3_m_harness_behind_a_247_m_trunk_spans_a_250_m_run(self, service: CatalogueService) -> None:
        verdict = self._check(service, 250, trunk_m=247)
        assert (verdict.valid, verdict.legs, [f.code for f in verdict.findings if f.severity.value == "error"]) == (
            True,
            4,
            [],
        )

    def test_a_trunk_too_short_for_the_run_says_how_long_it_must_be(self, service: CatalogueService) -> None:
        verdict = self._check(service, 250, trunk_m=200)
        errors = [f for f in verdict.findings if f.severity.value == "error"]
        assert [(f.code, f.limit, f.parts) for f in errors] == [("CABLE_TOO_SHORT", 203.0, ("MTP-4LC-S3M",))]
        assert errors[0].message == "MTP-4LC-S3M behind 200 m of trunk is 203 m long; the run is 250 m"
        assert errors[0].fix == "use a trunk at least 247 m long"

    def test_fr1_legs_behind_a_dr4_trunk_name_the_leg_and_trunk_optics_that_break_out(
        self, service: CatalogueService
    ) -> None:
        """400GBASE-DR4 breaks out to 4 x 100GBASE-DR only (B09, S40), 400G-XDR4 to 4 x 100GBASE-FR1
        (B08): the fix names DR leg optics for Cisco's DR4 (Cisco's own first) and the XDR4 trunk
        optics for the FR1 legs, not 'use transceivers of one PMD at both ends'."""
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=QSFP28,
            distance_m=300,
            module_a="QDD-400G-DR4-S",
            module_b="QSFP-100G-FR-S",
            media=(FiberRequest(part_number="MTP-4LC-S1M", trunk_m=299),),
        )
        errors = [
            f for f in service.check_link(req, alternatives=False).verdict.findings if f.severity.value == "error"
        ]
        assert [(f.code, f.parts) for f in errors] == [("PMD_MISMATCH", ("QDD-400G-DR4-S", "QSFP-100G-FR-S"))]
        assert errors[0].fix == (
            "400GBASE-DR4 breaks out to 4 × 100GBASE-DR: use 100GBASE-DR transceivers at the legs (QSFP-100G-DR-S, "
            "100G-DR-QSFP500M or FN-TRAN-QSFP28-DR); or for 100GBASE-FR1 legs, a 400G-XDR4 transceiver at the trunk "
            "(QDD-4X100G-FR-S, 400G-DR4X-QSFPDD2KM or 400G-Q56DD-EDR4), which breaks out to 4 × 100GBASE-FR1"
        )

    def test_without_the_trunk_the_harness_alone_is_too_short(self, service: CatalogueService) -> None:
        verdict = self._check(service, 250)
        assert [f.code for f in verdict.findings if f.severity.value == "error"] == ["CABLE_LENGTH_LIMIT"]

    def test_a_trunk_in_front_of_generic_fiber_is_a_validation_error(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=QSFP_DD,
            end_b=QSFP28,
            distance_m=250,
            module_a="QDD-400G-DR4",
            module_b="QSFP-100G-DR",
            media=(FiberRequest(fiber_type="OS2", legs=4, trunk_m=100),),
        )
        with pytest.raises(InputValidationError) as err:
            service.check_link(req, alternatives=False)
        assert err.value.field == "media[0].trunkM"

    def test_a_negative_trunk_is_a_validation_error(self, service: CatalogueService) -> None:
        with pytest.raises(InputValidationError) as err:
            self._check(service, 250, trunk_m=-5)
        assert (err.value.field, str(err.value)) == ("media[0].trunkM", "media[0].trunkM: must not be negative, got -5")
