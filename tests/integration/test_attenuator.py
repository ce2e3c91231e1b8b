"""ATTENUATOR_REQUIRED: a PMD whose clause sets a minimum channel insertion loss over a grade.

A practitioner found checkLink with HPE Q9G82A (40GBASE-ER4 QSFP+) over 140 m of OS2 valid with no
finding, and linkOptions offering 40GBASE-ER4 at 140 m with no note: IEEE 802.3bm clause 87 (E17)
sets a minimum 9 dB channel insertion loss, so on a short run the receiver is overloaded unless an
optical attenuator is fitted. The catalogue holds the fact on the reach rows (``min_loss_db: 9``,
OS2 and OS1a); it holds no single-mode attenuation figures, so the rule warns below half the row's
reach (OS2: 20 km) and asks for the link loss to be measured::

    QSFP+ ── Q9G82A ══ 140 m OS2 ══ Q9G82A ── QSFP+     valid, warning ATTENUATOR_REQUIRED (9 dB, E17)
    QSFP+ ── Q9G82A ══ 35 km OS2 ══ Q9G82A ── QSFP+     valid, no warning
"""

from __future__ import annotations

from neo4j import Driver

from service.config import Settings
from service.domain.link import Finding, Severity
from service.persistence.snapshot import SnapshotRepository
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

QSFP = EndRequest(form_factor="QSFP+")

ER4_140 = Finding(
    code="ATTENUATOR_REQUIRED",
    severity=Severity.WARNING,
    message=(
        "40GBASE-ER4 needs at least 9 dB of channel insertion loss (IEEE 802.3bm clause 87); a 140 m run "
        "of OS2, under half its 40000 m reach, may come to less: measure the link loss; below 9 dB, fit an "
        "optical attenuator at each receiver (measure the received power)"
    ),
    fix="fit an attenuator so the channel loss is at least 9 dB, or use 40GBASE-LR4 for runs this short",
    parts=("OS2 fiber (140 m)",),
    source_ids=("E17",),
    limit=9.0,
)


def _er4(distance: float, fiber: str = "OS2") -> LinkRequest:
    return LinkRequest(
        end_a=QSFP,
        end_b=QSFP,
        distance_m=distance,
        module_a="Q9G82A",
        module_b="Q9G82A",
        media=(FiberRequest(fiber_type=fiber, connector="LC/UPC"),),
    )


def test_the_er4_reach_rows_carry_the_minimum_loss(service: CatalogueService) -> None:
    er4 = service.rule_context().pmds["40GBASE-ER4"]
    assert [(r.fiber, r.max_m, r.min_loss_db, r.sources) for r in er4.reach] == [
        ("OS2", 40000.0, 9.0, ["E17"]),
        ("OS1a", 15000.0, 9.0, ["E17"]),
    ]
    # no source in the catalogue states a minimum loss for 10GBASE-ER: none is held
    assert {r.min_loss_db for r in service.rule_context().pmds["10GBASE-ER"].reach} == {None}


def test_er4_over_140_m_of_os2_warns_that_an_attenuator_is_needed(service: CatalogueService) -> None:
    verdict = service.check_link(_er4(140)).verdict
    assert verdict.valid is True
    assert verdict.findings == (ER4_140,)


def test_er4_over_a_long_run_needs_no_attenuator(service: CatalogueService) -> None:
    for distance in (20000.0, 35000.0):
        verdict = service.check_link(_er4(distance)).verdict
        assert verdict.valid is True
        assert "ATTENUATOR_REQUIRED" not in {f.code for f in verdict.findings}, distance
    # just under half the 40 km reach: still warned (the loss is not known to reach 9 dB)
    short = service.check_link(_er4(19999)).verdict
    assert [(f.code, f.limit, f.parts) for f in short.findings] == [
        ("ATTENUATOR_REQUIRED", 9.0, ("OS2 fiber (19999 m)",))
    ]


def test_er4_over_os1a_is_warned_below_half_its_15_km_reach(service: CatalogueService) -> None:
    assert [(f.code, f.limit) for f in service.check_link(_er4(7000, "OS1a")).verdict.findings] == [
        ("ATTENUATOR_REQUIRED", 9.0)
    ]
    assert "ATTENUATOR_REQUIRED" not in {f.code for f in service.check_link(_er4(7500, "OS1a")).verdict.findings}


def test_link_options_at_140_m_carry_the_warning_on_the_er4_option(service: CatalogueService) -> None:
    answer = service.link_options(end_a=QSFP, end_b=QSFP, rate_gbps=40, distance_m=140)
    er4 = {o.fiber_type: o for o in answer.options if o.pmd == "40GBASE-ER4"}
    assert sorted(er4) == ["OS1a", "OS2"]
    assert er4["OS2"].verdict.valid
    assert [f for f in er4["OS2"].verdict.findings if f.code == "ATTENUATOR_REQUIRED"] == [ER4_140]
    over_os1a = ER4_140.model_copy(
        update={
            "message": ER4_140.message.replace("OS2, under half its 40000 m", "OS1a, under half its 15000 m"),
            "parts": ("OS1a fiber (140 m)",),
        }
    )
    assert er4["OS1a"].verdict.valid
    assert [f for f in er4["OS1a"].verdict.findings if f.code == "ATTENUATOR_REQUIRED"] == [over_os1a]
    # no other option needs one
    assert all(
        "ATTENUATOR_REQUIRED" not in {f.code for f in o.verdict.findings}
        for o in answer.options
        if o.pmd != "40GBASE-ER4"
    )
    # the option's link, fed back to checkLink, gets the same verdict
    assert service.check_link(_er4(140)).verdict.findings == (ER4_140,)


def test_memoised_answers_equal_fresh_ones(seeded: Driver, settings: Settings, service: CatalogueService) -> None:
    """Asked twice on the snapshot (shape memo and answer cache), and on a fresh snapshot service."""
    repo = SnapshotRepository(seeded, settings.neo4j_database)
    repo.snapshot()
    memoised = CatalogueService(repo)
    for distance in (140.0, 35000.0, 140.0, 19999.0, 30.0):
        kwargs = {"end_a": QSFP, "end_b": QSFP, "rate_gbps": 40.0, "distance_m": distance}
        first = memoised.link_options(**kwargs)
        assert memoised.link_options(**kwargs) == first
        fresh = CatalogueService(SnapshotRepository(seeded, settings.neo4j_database)).link_options(**kwargs)
        assert first == fresh, distance
        assert memoised.check_link(_er4(distance)) == memoised.check_link(_er4(distance))
        assert memoised.check_link(_er4(distance)).verdict == service.check_link(_er4(distance)).verdict
