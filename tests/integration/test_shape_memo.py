"""linkOptions' per-shape memo changes speed, never answers (issue 14).

On a snapshot, ``CatalogueService.link_options`` (no plant, no explain) builds a question's
candidates once per shape (ends, rate, protocol) and length class (which catalogue part lengths
cover the run), reduces each orientation's checks to the run lengths at which it fails
(``rules.Placement`` / ``errors_at``) and rebuilds only each group's chosen link at the asked
distance. The property test asks one snapshot many distances of a few end pairs, the exact
breakpoints among them (every catalogue cable and fiber length, every PMD and module reach limit,
and the floats just either side), and holds each answer equal to the answer computed from scratch
over Cypher (no snapshot, no memo). The strategies draw from fixed, sorted lists, so every example
makes the same draws (no FlakyStrategyDefinition).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from neo4j import Driver

from service.catalogue_edits import CatalogueEditor, SourceRef
from service.config import Settings
from service.domain.catalogue import Cable, FiberCable, Transceiver
from service.persistence import cypher
from service.persistence.repository import Neo4jRepository
from service.persistence.snapshot import SnapshotRepository
from service.use_cases import CatalogueService, EndRequest, LinkOptionsResult, PlantRequest, _Reused
from tests.integration.questions import answer_of

pytestmark = pytest.mark.db

SFP, QSFP28, OSFP = EndRequest(form_factor="SFP+"), EndRequest(form_factor="QSFP28"), EndRequest(form_factor="OSFP")
QM9700, CX7 = EndRequest(device="QM9700"), EndRequest(device="MCX75310AAS-NEAT")

PAIRS: list[tuple[EndRequest, EndRequest, float]] = [
    (SFP, SFP, 10.0),
    (QSFP28, QSFP28, 100.0),
    (QM9700, CX7, 400.0),
    (OSFP, OSFP, 800.0),
    (EndRequest(form_factor="QSFP-DD"), QSFP28, 100.0),  # breakouts and twin-port candidates
]


@pytest.fixture(scope="module")
def snapshot_repo(seeded: Driver, settings: Settings) -> SnapshotRepository:
    repo = SnapshotRepository(seeded, settings.neo4j_database)
    repo.snapshot()
    return repo


@pytest.fixture(scope="module")
def memoised(snapshot_repo: SnapshotRepository) -> CatalogueService:
    return CatalogueService(snapshot_repo)


@pytest.fixture(scope="module")
def uncached(seeded: Driver, settings: Settings) -> CatalogueService:
    return CatalogueService(Neo4jRepository(seeded, settings.neo4j_database, settings.neo4j_transaction_timeout_s))


@pytest.fixture(scope="module")
def breakpoints(snapshot_repo: SnapshotRepository) -> list[float]:
    """Every distance (0.5–2,000 m) at which an answer may change, and the floats either side:
    catalogue cable and fiber lengths, PMD reach maxima and minima per grade, module reach limits."""
    snap = snapshot_repo.snapshot()
    points: set[float] = set()
    for part in snap.part_docs.values():
        if isinstance(part, Cable | FiberCable):
            points |= {x for x in (part.length_m, part.max_length_m) if x is not None}
        if isinstance(part, Transceiver):
            points |= {x for r in part.reach for x in (r.max_m, r.min_m) if x is not None}
    for pmd in snap.pmds():
        points |= {x for r in pmd.reach for x in (r.max_m, r.min_m) if x is not None}
    around = {y for x in points for y in (math.nextafter(x, 0.0), float(x), math.nextafter(x, math.inf))}
    return sorted(x for x in around if 0.5 <= x <= 2000.0)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_memoised_answers_equal_the_uncached_ones_at_any_distance(
    memoised: CatalogueService,
    uncached: CatalogueService,
    breakpoints: list[float],
    data: st.DataObject,
) -> None:
    end_a, end_b, rate = data.draw(st.sampled_from(PAIRS), label="ends and rate")
    distances = data.draw(
        st.lists(
            st.one_of(st.sampled_from(breakpoints), st.floats(0.5, 2000.0, allow_nan=False, allow_infinity=False)),
            min_size=1,
            max_size=4,
        ),
        label="runs (m)",
    )
    for distance in distances:  # several distances of one shape: the memo's reuse across distances
        kwargs = {"end_a": end_a, "end_b": end_b, "rate_gbps": rate, "distance_m": distance}
        memo = answer_of(lambda: memoised.link_options(**kwargs))  # noqa: B023
        assert memo == answer_of(lambda: uncached.link_options(**kwargs)), kwargs  # noqa: B023


@pytest.mark.parametrize("distance", [1.0, 3.0, 29.5, 30.0, 300.0, 300.5])  # 300.5: none over OM3
def test_a_plant_question_is_answered_as_before(
    memoised: CatalogueService, uncached: CatalogueService, distance: float
) -> None:
    """A bare SFP+ port over installed OM3 with two patch panels: not the per-shape path, the same answer."""
    plant = PlantRequest(fiber_type="OM3", connector="LC/UPC", length_m=None, patch_panels=2)
    kwargs = {"end_a": SFP, "end_b": SFP, "rate_gbps": 10.0, "distance_m": distance, "plant": plant}
    answer = memoised.link_options(**kwargs)
    assert answer == uncached.link_options(**kwargs)


def test_a_new_snapshot_starts_with_no_shapes(memoised: CatalogueService, snapshot_repo: SnapshotRepository) -> None:
    memoised.link_options(end_a=SFP, end_b=SFP, rate_gbps=10.0, distance_m=30.0)
    old = snapshot_repo.snapshot()
    assert len(old.shapes) > 0
    fresh = snapshot_repo.refresh()
    assert fresh is not old and len(fresh.shapes) == 0
    memoised.link_options(end_a=SFP, end_b=SFP, rate_gbps=10.0, distance_m=31.0)
    # the resolved SFP+ end, the shape's compared lengths, one length class and the links its classes
    # share, on the new snapshot
    assert len(fresh.shapes) == 4


def test_the_length_classes_of_a_shape_share_its_links_over_generic_fiber(
    snapshot_repo: SnapshotRepository, uncached: CatalogueService
) -> None:
    """SFP+ to SFP+ at 10 Gb/s: 1 m and 5 m are two length classes (the 1 m and 5 m lengths of the SFP+
    DAC families), and the second builds none of the module pairs over generic fiber again."""
    service = CatalogueService(snapshot_repo)
    snap = snapshot_repo.refresh()
    key = repr((repr(("link shape", SFP, SFP, 10.0, None)), "reused links"))  # as _options_by_shape keys it
    kwargs = {"end_a": SFP, "end_b": SFP, "rate_gbps": 10.0}
    service.link_options(distance_m=1.0, **kwargs)
    reused = snap.shapes.kept(key)
    assert isinstance(reused, _Reused)
    links = dict(reused.links)
    assert len(links) > 100  # dozens of 10GBASE-SR/LR/ER/LRM module pairs, each over every grade it reaches
    assert all(link.cable is None and link.fibers[0].cable is None for _, link in links.values())
    assert reused.parts.keys() == reused.ids == {id(link) for _, link in links.values()}
    five = service.link_options(distance_m=5.0, **kwargs)
    assert len(snap.shapes) == 5  # the resolved end, the compared lengths, two length classes, the shared links
    assert snap.shapes.kept(key) is reused and reused.links == links  # not one link built again
    assert five == uncached.link_options(distance_m=5.0, **kwargs)


NUMBER = "FG-SHAPE-MEMO-SR-001"
ROW = {
    "kind": "transceiver",
    "part_number": NUMBER,
    "vendor": "ShapeMemoTestVendor",
    "description": "10GBASE-SR SFP+ (shape memo fixture)",
    "protocols": ["Ethernet"],
    "form_factor": "SFP+",
    "rates_gbps": [10],
    "pmds": ["10GBASE-SR"],
    "connector": "LC/UPC",
    "sources": ["S24"],
}


@pytest.fixture
def edited(seeded: Driver, settings: Settings) -> Iterator[SnapshotRepository]:
    """A repository of its own, given an edit that adds one 10GBASE-SR SFP+ module; the part, its
    alias and edit record are removed again afterwards and the version bumped."""
    repo = SnapshotRepository(seeded, settings.neo4j_database)
    repo.snapshot()
    try:
        yield repo
    finally:
        seeded.execute_query(
            "MATCH (p:Part {partNumber: $n}) OPTIONAL MATCH (a:Alias)-[:ALIAS_OF]->(p) "
            "OPTIONAL MATCH (e:CatalogueEdit)-[:EDITED]->(p) DETACH DELETE p, a, e",
            n=NUMBER,
            database_=settings.neo4j_database,
        )
        seeded.execute_query(cypher.BUMP_CATALOGUE_VERSION_QUERY, database_=settings.neo4j_database)


def _named(result: LinkOptionsResult) -> set[str]:
    return {x for o in result.options for p in o.parts for x in (p.part_number, *p.alternatives) if x}


def test_an_edit_is_answered_from_a_new_memo(edited: SnapshotRepository, uncached: CatalogueService) -> None:
    """After an edit the next answer names the new module (a 10GBASE-SR alternative over OM3 at
    30 m), as the answer computed from scratch does: the old snapshot's shapes are not read."""
    service = CatalogueService(edited)
    kwargs = {"end_a": SFP, "end_b": SFP, "rate_gbps": 10.0}
    before = service.link_options(distance_m=30.0, **kwargs)
    assert NUMBER not in _named(before)
    old = edited.snapshot()
    CatalogueEditor(edited).upsert_part(ROW, SourceRef(id="S24"), by="test")
    assert edited.snapshot() is not old  # read-your-writes: reloaded at once
    for distance in (30.0, 31.0):
        after = service.link_options(distance_m=distance, **kwargs)
        assert NUMBER in _named(after)
        assert after == uncached.link_options(distance_m=distance, **kwargs)
