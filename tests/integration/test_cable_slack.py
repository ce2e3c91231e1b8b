"""CABLE_SLACK (info): a named fixed-length cable or fiber cord 5 m or more longer than the run.

A practitioner's trial: ``linkOptions`` between a Quantum-2 switch (MQM9700-NS2F) and a ConnectX-7
(MCX75310AAS-NEAT) at 400 Gb/s over 10 m offered "NDR DR4: MMS4X00-NS + MFP7E30-N030 +
MMS4X00-NS400" without saying that MFP7E30-N030 is a 30 m cord (the only MFP7E30 length the
catalogue holds: NVIDIA OPN text quoted in N28; N05 names the family): 20 m of slack to coil.
:func:`~service.use_cases._rank` already picks the shortest covering length, so a large slack in an
option means the catalogue holds none shorter, and the answer says so.

The threshold (:data:`service.rules.engine.SLACK_NOTICE_M`, 5 m or more) is the widest step between
adjacent lengths in the dense part of the catalogue's families (MFP7E10 3, 5, 7, 10, 15, 20 m): a
3 m DAC on a 2.2 m run is ordinary rounding up and is not said; 5 m exactly (a 50 m MFP7E10-N050 on
a 45 m run, 30 → 50 m being a gap in the family) is.
"""

from __future__ import annotations

from service.domain.link import Severity, Verdict
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

QM9700 = EndRequest(device="MQM9700-NS2F")
CX7 = EndRequest(device="MCX75310AAS-NEAT")
BEND = "of slack to coil and store no tighter than the cable's minimum bend radius"
MFP7E10_SOURCES = ("N02", "N18", "N19", "N28", "N27", "N11")


def _slack(verdict: Verdict) -> list[tuple[str, str, str | None, float | None, tuple[str, ...]]]:
    return [(f.severity.value, f.message, f.fix, f.limit, f.parts) for f in verdict.findings if f.code == "CABLE_SLACK"]


def _sr4(service: CatalogueService, distance: float, cord: FiberRequest) -> Verdict:
    return service.check_link(
        LinkRequest(
            end_a=QM9700,
            end_b=CX7,
            distance_m=distance,
            module_a="MMA4Z00-NS",
            module_b="MMA4Z00-NS400",
            media=(cord,),
        ),
        alternatives=False,
    ).verdict


def test_the_30_m_dr4_cord_on_a_10_m_run_says_its_20_m_of_slack(service: CatalogueService) -> None:
    answer = service.link_options(end_a=QM9700, end_b=CX7, rate_gbps=400, distance_m=10)
    by_summary = {o.summary: o for o in answer.options}
    dr4 = by_summary["NDR DR4: MMS4X00-NS + MFP7E30-N030 + MMS4X00-NS400, reach 100 m over OS2"]
    assert dr4.verdict.valid and dr4.rank == 2  # the finding neither invalidates nor re-ranks it
    [slack] = dr4.verdict.findings
    assert (slack.code, slack.severity, slack.limit, slack.parts, slack.source_ids) == (
        "CABLE_SLACK",
        Severity.INFO,
        30.0,
        ("MFP7E30-N030",),
        ("N05", "N18", "N19", "N28"),
    )
    assert slack.message == (
        f"MFP7E30-N030 is 30 m long; the run is 10 m: 20 m {BEND}. The catalogue holds no shorter sourced "
        "length of MFP7E30 that covers the run"
    )
    assert slack.fix == (
        "order the length of MFP7E30 the run needs (at least 10 m) and check its part number with the vendor, "
        "or keep MFP7E30-N030 and coil its 20 m of slack"
    )
    # the SR4 option ahead of it names the 10 m MFP7E10 cord: no slack, nothing said
    sr4 = answer.options[0]
    assert sr4.summary == "NDR SR4: MMA4Z00-NS + MFP7E10-N010 + MMA4Z00-NS400, reach 50 m over OM4"
    assert sr4.verdict.findings == ()
    # checkLink of the option's chain says the same
    again = service.check_link(
        LinkRequest(
            end_a=QM9700,
            end_b=CX7,
            distance_m=10,
            module_a="MMS4X00-NS",
            module_b="MMS4X00-NS400",
            media=(FiberRequest(part_number="MFP7E30-N030"),),
        ),
        alternatives=False,
    ).verdict
    assert again.valid and again.findings == dr4.verdict.findings


def test_a_3_m_dac_on_a_2_2_m_run_is_not_slack(service: CatalogueService) -> None:
    """0.8 m over the run: ordinary rounding up to an orderable length (MCP7Y00: 1, 1.5, 2, 2.5, 3 m)."""
    verdict = service.check_link(
        LinkRequest(end_a=QM9700, end_b=CX7, distance_m=2.2, media=(FiberRequest(part_number="MCP7Y00-N003"),)),
        alternatives=False,
    ).verdict
    assert verdict.valid and _slack(verdict) == []


def test_at_2_2_m_switch_to_switch_only_the_30_m_dr4_cord_carries_slack(service: CatalogueService) -> None:
    """800 Gb/s between two QM9700s over 2.2 m: the 3 m ACC and the 3 m MFP7E10 cord (0.8 m over) say
    nothing; the DR4 option's MFP7E30-N030 leaves 27.8 m."""
    answer = service.link_options(end_a=QM9700, end_b=QM9700, rate_gbps=800, distance_m=2.2)
    top = answer.options[0]
    assert (top.summary, [f.code for f in top.verdict.findings]) == ("ACC MCA4J80-N003 (3 m)", ["RATE_AGGREGATED"])
    slacked = {f.parts for o in answer.options for f in o.verdict.findings if f.code == "CABLE_SLACK"}
    assert slacked == {("MFP7E30-N030",)}
    dr4 = next(o for o in answer.options if "MFP7E30-N030" in o.summary)
    assert [f.message for f in dr4.verdict.findings if f.code == "CABLE_SLACK"] == [
        f"MFP7E30-N030 is 30 m long; the run is 2.2 m: 27.8 m {BEND}. The catalogue holds no shorter sourced "
        "length of MFP7E30 that covers the run"
    ]


def test_the_threshold_edge_a_50_m_cord_on_45_m_says_5_m_and_on_45_5_m_nothing(service: CatalogueService) -> None:
    """5 m or more is said: MFP7E10-N050 on 45 m leaves 5 m (MFP7E10 goes 30 → 50 m in the catalogue,
    so it holds none shorter that covers 45 m); on 45.5 m it leaves 4.5 m, not said."""
    cord = FiberRequest(part_number="MFP7E10-N050")
    at_45 = _sr4(service, 45, cord)
    assert at_45.valid
    [slack] = at_45.findings
    assert (slack.code, slack.severity, slack.limit, slack.parts, slack.source_ids) == (
        "CABLE_SLACK",
        Severity.INFO,
        50.0,
        ("MFP7E10-N050",),
        MFP7E10_SOURCES,
    )
    assert slack.message == (
        f"MFP7E10-N050 is 50 m long; the run is 45 m: 5 m {BEND}. The catalogue holds no shorter sourced "
        "length of MFP7E10 that covers the run"
    )
    assert slack.fix == (
        "order the length of MFP7E10 the run needs (at least 45 m) and check its part number with the vendor, "
        "or keep MFP7E10-N050 and coil its 5 m of slack"
    )
    at_45_5 = _sr4(service, 45.5, cord)
    assert at_45_5.valid and at_45_5.findings == ()


def test_a_cord_named_longer_than_needed_is_pointed_at_the_shorter_length_held(service: CatalogueService) -> None:
    """MFP7E10-N050 on a 20 m run: 30 m of slack, and the catalogue holds MFP7E10-N020."""
    verdict = _sr4(service, 20, FiberRequest(part_number="MFP7E10-N050"))
    assert verdict.valid
    assert _slack(verdict) == [
        (
            "info",
            f"MFP7E10-N050 is 50 m long; the run is 20 m: 30 m {BEND}. The catalogue holds MFP7E10-N020 (20 m), "
            "a shorter length of MFP7E10 that covers the run",
            "order MFP7E10-N020, the 20 m length of MFP7E10",
            50.0,
            ("MFP7E10-N050",),
        )
    ]


def test_generic_fiber_is_never_slack(service: CatalogueService) -> None:
    """Structured cabling named by grade is no fixed-length part: 40 m of OM4 on a 10 m run says nothing."""
    verdict = _sr4(service, 10, FiberRequest(fiber_type="OM4", connector="MPO-12/APC", length_m=40))
    assert verdict.valid and _slack(verdict) == []
