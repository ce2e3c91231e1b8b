"""The rule engine's memo per context changes speed, never answers (issue 14, the cold path).

``check_link`` keeps, per :class:`RuleContext` (one per catalogue snapshot), the checks that do not
read the run's length under the link's shape, and a reach fix's offers under the link's ends,
PMDs and modules; media and loss run every time. The property tests ask random questions of the
shipped catalogue, each at several distances, on ONE warm snapshot context (the memo filled by
every earlier example and distance) and compare with a context whose memo keeps nothing: every
option, rejected candidate (explain: every finding and fix text), note and error must be equal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from neo4j import Driver

from service.config import Settings
from service.domain.catalogue import Protocol
from service.errors import FabricGraphError
from service.persistence.repository import Neo4jRepository
from service.persistence.snapshot import CatalogueSnapshot, SnapshotRepository
from service.rules import RuleContext, best_orientation, check_link
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest, PlantRequest
from tests.integration.questions import answer_of, draw_end, pick

_T = TypeVar("_T")


@dataclasses.dataclass(frozen=True)
class _NoMemo(RuleContext):
    """The same facts, but the engine's memo keeps nothing: every check computed afresh."""

    def remember(self, key: object, refs: object, compute: Callable[[], _T]) -> _T:
        return compute()


def _no_memo(ctx: RuleContext) -> _NoMemo:
    return _NoMemo(**{f.name: getattr(ctx, f.name) for f in dataclasses.fields(RuleContext) if f.init})


class _Uncached(CatalogueService):
    """Answers from the same snapshot, with a rule context whose memo keeps nothing."""

    def rule_context(self) -> RuleContext:
        return _no_memo(super().rule_context())


@pytest.fixture(scope="module")
def snap(seeded: Driver, settings: Settings) -> CatalogueSnapshot:
    return SnapshotRepository(seeded, settings.neo4j_database).snapshot()


@pytest.fixture(scope="module")
def warm(snap: CatalogueSnapshot) -> CatalogueService:
    return CatalogueService(cast(Neo4jRepository, snap))


@pytest.fixture(scope="module")
def cold(snap: CatalogueSnapshot) -> CatalogueService:
    return _Uncached(cast(Neo4jRepository, snap))


@pytest.fixture(scope="module")
def ends(snap: CatalogueSnapshot) -> list[tuple[EndRequest, list[float], list[Protocol]]]:
    out = [
        (EndRequest(device=d.model, cage=c.id), sorted(c.speeds_gbps), sorted(c.protocols))
        for d in snap.devices()
        for c in d.cages
    ]
    out += [(EndRequest(form_factor=f.name), [f.max_rate_gbps or 1.0], sorted(Protocol)) for f in snap.form_factors()]
    return out


_DISTANCE = st.one_of(
    st.sampled_from([0.0, 1.0, 3.0, 30.0, 50.0, 100.0, 150.0, 300.0, 500.0, 2000.0]),
    st.floats(0, 2000, allow_nan=False, allow_infinity=False),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_link_options_on_a_warm_rule_memo_equal_the_unmemoised_answer(
    warm: CatalogueService,
    cold: CatalogueService,
    ends: list[tuple[EndRequest, list[float], list[Protocol]]],
    data: st.DataObject,
) -> None:
    end_a, speeds_a, protos_a = draw_end(data, ends, "end A")
    end_b, speeds_b, protos_b = draw_end(data, ends, "end B")
    question = {
        "end_a": end_a,
        "end_b": end_b,
        "rate_gbps": pick(data, sorted({*speeds_a, *speeds_b}), "rate (Gb/s)"),
        "protocol": pick(data, [None, *sorted(set(protos_a) & set(protos_b))], "protocol"),
        "explain": True,  # every rejected candidate with its findings and fix texts
        "plant": data.draw(
            st.one_of(
                st.none(),
                st.builds(
                    PlantRequest,
                    fiber_type=st.sampled_from(["OM3", "OM4", "OS2"]),
                    connector=st.sampled_from([None, "LC/UPC", "MPO-12/APC"]),
                    length_m=st.one_of(st.none(), st.floats(0, 2000, allow_nan=False)),
                    patch_panels=st.integers(0, 2),
                ),
            ),
            label="plant",
        ),
    }
    for distance in data.draw(st.lists(_DISTANCE, min_size=1, max_size=3), label="runs (m)"):
        memoised = answer_of(lambda: warm._link_options(distance_m=distance, **question))  # noqa: B023
        assert memoised == answer_of(lambda: cold._link_options(distance_m=distance, **question))  # noqa: B023


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_check_link_on_a_warm_rule_memo_equals_the_unmemoised_verdict(
    warm: CatalogueService,
    snap: CatalogueSnapshot,
    ends: list[tuple[EndRequest, list[float], list[Protocol]]],
    data: st.DataObject,
) -> None:
    """Every candidate of a question, each way round, re-checked at other runs (a generic fiber's
    length follows the run): the warm context's verdict equals a memo-free context's."""
    end_a, speeds_a, _ = draw_end(data, ends, "end A")
    end_b, speeds_b, _ = draw_end(data, ends, "end B")
    rate = pick(data, sorted({*speeds_a, *speeds_b}), "rate (Gb/s)")
    try:
        spec_links = warm._link_options(end_a=end_a, end_b=end_b, rate_gbps=rate, distance_m=1.0, explain=True)
    except FabricGraphError:
        return
    ctx = snap.rule_context
    links = [o.link for o in (*spec_links.options, *spec_links.rejected)]
    for distance in data.draw(st.lists(_DISTANCE, min_size=1, max_size=3), label="runs (m)"):
        for link in links:
            moved = link.model_copy(
                update={
                    "distance_m": distance,
                    "fibers": tuple(
                        r if r.cable is not None else r.model_copy(update={"length_m": distance}) for r in link.fibers
                    ),
                }
            )
            assert check_link(moved, ctx) == check_link(moved, _no_memo(ctx))
            assert best_orientation(moved, ctx) == best_orientation(moved, _no_memo(ctx))


def test_a_known_reach_fix_is_the_same_memoised(warm: CatalogueService, cold: CatalogueService) -> None:
    """QM9700 → ConnectX-7 at 400 Gb/s, asked at 30 m, then 150 m, then 30 m again on one memo: at
    150 m the 400GBASE-SR4.2 pair over OM4 (100 m) is refused with a fix naming OM5 (150 m) first;
    every answer equals the memo-free one."""
    qm, cx7 = EndRequest(device="QM9700"), EndRequest(device="MCX75310AAS-NEAT")
    answers = {}
    for distance in (30.0, 150.0, 30.0):
        memoised = warm._link_options(end_a=qm, end_b=cx7, rate_gbps=400.0, distance_m=distance, explain=True)
        assert memoised == cold._link_options(end_a=qm, end_b=cx7, rate_gbps=400.0, distance_m=distance, explain=True)
        answers[distance] = memoised
    fixes = {
        (f.message, (f.fix or "").split(";")[0])
        for o in answers[150.0].rejected
        for f in o.verdict.findings
        if f.code == "REACH_EXCEEDED"
    }
    assert (
        "400GBASE-SR4.2 reaches 100 m over OM4; the fiber path is 150 m",
        "use OM5 (150 m) fiber for 400GBASE-SR4.2",
    ) in fixes
    assert (
        "MMS4X00-NS reaches 100 m over OS2; the fiber path is 150 m",
        "shorten the run, or use another medium",
    ) in fixes


def test_a_check_link_request_answers_alike(warm: CatalogueService, cold: CatalogueService) -> None:
    """10GBASE-SR over 400 m of OM3 (300 m in IEEE 802.3 Table 52-12) is refused; over 200 m it
    passes, asked after the refusal filled the memo; both verdicts equal the memo-free ones."""
    for distance, valid in ((400.0, False), (200.0, True)):
        req = LinkRequest(
            end_a=EndRequest(form_factor="SFP+"),
            end_b=EndRequest(form_factor="SFP+"),
            distance_m=distance,
            module_a="SFP-10G-SR",
            module_b="SFP-10G-SR",
            media=(FiberRequest(fiber_type="OM3"),),
        )
        memoised = warm._check_link(req)
        assert memoised == cold._check_link(req)
        assert memoised.verdict.valid is valid
