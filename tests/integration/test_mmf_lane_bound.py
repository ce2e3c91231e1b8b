"""An unknown multimode reach is bounded, so a kilometre run over multimode fiber is never a valid
"unverified" option (fresh-user trial: 100G QSFP28 at 3 km offered NVIDIA's EDR SR4 and a 100G BiDi over
OM5; 40G at 5 km offered 40G SR-BD over OM5), while a run within the bound stays REACH_UNVERIFIED,
never a guessed "invalid" (service.rules.engine._reach_bound).

Modal bandwidth (ISO/IEC 11801 / TIA-568, seed/data/fiber_types.yaml: OM3 2000, OM4 4700 MHz·km at
850 nm) caps how far multimode fiber carries a lane, lower for a faster lane.
"""

from __future__ import annotations

from service.domain.link import MediumKind
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest


def _check(service: CatalogueService, ff: str, module: str, grade: str, connector: str, distance: float):  # type: ignore[no-untyped-def]
    end = EndRequest(form_factor=ff)
    return service.check_link(
        LinkRequest(
            end_a=end,
            end_b=end,
            distance_m=distance,
            module_a=module,
            module_b=module,
            media=(FiberRequest(fiber_type=grade, connector=connector),),
        ),
        alternatives=False,
    )


def _reach_findings(check) -> list[tuple[str, float | None, str, tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    return [(f.code, f.limit, f.message, f.source_ids) for f in check.verdict.findings if "REACH" in f.code]


def test_nvidia_edr_sr4_with_no_held_reach_is_bounded_by_every_25g_lane_multimode_pmd(
    service: CatalogueService,
) -> None:
    within = _check(service, "QSFP28", "MMA1B00-E100", "OM4", "MPO-12/UPC", 150)
    assert within.verdict.valid
    assert [f[0] for f in _reach_findings(within)] == ["REACH_UNVERIFIED"]
    beyond = _check(service, "QSFP28", "MMA1B00-E100", "OM4", "MPO-12/UPC", 400)
    assert not beyond.verdict.valid
    assert _reach_findings(beyond) == [
        (
            "REACH_EXCEEDED",
            300.0,
            "the catalogue holds no reach for EDR SR4 over OM4, but no multimode PMD or transceiver the "
            "catalogue holds at 25 Gb/s per lane or faster reaches further than 150 m over OM4 or a better "
            "grade (the longest: 100G-SR1.2 over OM5), and modal bandwidth caps a faster lane sooner: at most "
            "twice that, 300 m; the fiber path is 400 m",
            ("HU03", "HU01"),
        )
    ]


def test_a_wideband_bidi_over_om5_is_bounded_by_twice_the_longest_held_figure(service: CatalogueService) -> None:
    """40G SR-BD (850/910 nm): 100 m over OM3 and 150 m over OM4 (B03, B04), no OM5 row. OM5 serves a
    BiDi's 910 nm channel better than its 850 nm bandwidth says, so no grade ratio bounds it; the
    longest held figure at 20 Gb/s per lane or faster over OM5 is 150 m: 200 m stays unverified, 5 km
    is beyond twice that."""
    within = _check(service, "QSFP+", "QSFP-40G-SR-BD", "OM5", "LC/UPC", 200)
    assert within.verdict.valid
    assert [f[0] for f in _reach_findings(within)] == ["REACH_UNVERIFIED"]
    beyond = _check(service, "QSFP+", "QSFP-40G-SR-BD", "OM5", "LC/UPC", 5000)
    assert _reach_findings(beyond) == [
        (
            "REACH_EXCEEDED",
            300.0,
            "the catalogue holds no reach for 40G-SR-BD over OM5, but no multimode PMD or transceiver the "
            "catalogue holds at 20 Gb/s per lane or faster reaches further than 150 m over OM5 or a better "
            "grade (the longest: 100G-SR1.2 over OM5), and modal bandwidth caps a faster lane sooner: at most "
            "twice that, 300 m; the fiber path is 5000 m",
            ("HU03", "HU01"),
        )
    ]


def test_1000base_sx_over_om4_stays_unverified_at_1_km_and_is_exceeded_at_3_km(service: CatalogueService) -> None:
    """1000BASE-SX holds 800 m over OM3 (MM01) and nothing over OM4: vendors quote about 1 km over OM4,
    so 1 km must stay REACH_UNVERIFIED (never a guessed "invalid"); 3 km is beyond 800 x 2.35."""
    within = _check(service, "SFP", "GLC-SX-MMD", "OM4", "LC/UPC", 1000)
    assert within.verdict.valid
    assert [f[0] for f in _reach_findings(within)] == ["REACH_UNVERIFIED"]
    beyond = _check(service, "SFP", "GLC-SX-MMD", "OM4", "LC/UPC", 3000)
    assert not beyond.verdict.valid
    assert [(f[0], f[1]) for f in _reach_findings(beyond)] == [("REACH_EXCEEDED", 1880.0)]


def test_link_options_offer_no_multimode_medium_at_kilometres(service: CatalogueService) -> None:
    def multimode(ff: str, rate: float, distance: float) -> list[str]:
        end = EndRequest(form_factor=ff)
        result = service.link_options(end_a=end, end_b=end, rate_gbps=rate, distance_m=distance)
        return [o.summary for o in result.options if o.medium is MediumKind.MULTIMODE_FIBER]

    assert multimode("QSFP28", 100, 3000) == []
    assert multimode("QSFP+", 40, 5000) == []
    assert multimode("SFP", 1, 3000) == []
    # within the bounds, the unverified options stay (ranked after verified ones): 1000BASE-SX over
    # OM4/OM5 at 1 km (at most 800 m x 2.35 from its OM3 row); 1000BASE-LX (1310 nm, 550 m over OM1-OM3,
    # no OM4 row) is not scaled by 850 nm bandwidths, and 1 km is beyond twice the longest held
    # multimode figure over OM4 or better (10GBASE-SR, 400 m)
    assert multimode("SFP", 1, 1000) == [
        "1000BASE-SX: 10051H + OM4 LC/UPC + 10051H",
        "1000BASE-SX: 10051H + OM5 LC/UPC + 10051H",
    ]
