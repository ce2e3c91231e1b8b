"""Pairing one representative per class of interchangeable transceivers changes speed, never answers
(issue 14).

``CatalogueService`` pairs only each class's representative (``RuleContext.module_classes``) and
expands the classes into alternatives and combination counts; ``pair_classes=False`` pairs every
module, as before. Every question below is asked of both, each on a snapshot of its own (so neither
reads the other's memoised answers), and the answers must be equal: options, their order, chosen
parts, alternatives, verdicts, notes (rejected combination counts), rejected options with explain,
plant answers, and the answers built on linkOptions (checkLink's nearest options,
linkOptionsBatch, validatePartList, planFatTree). The questions: every pair of transceiver form
factors (bare ends) at every rate a module of each runs, at several runs, with and without a
protocol; device ends; a sample over plain Cypher reads.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from neo4j import Driver

from service.config import Settings
from service.domain.catalogue import Protocol, Side, TopStyle
from service.link_batch import LinkQuestion, link_options_batch
from service.persistence.repository import Neo4jRepository
from service.persistence.snapshot import SnapshotRepository
from service.planning import PlanningService, PlanRequest
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest, PlantRequest
from tests.integration.questions import answer_of

pytestmark = pytest.mark.db

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "procurement"
Question = dict[str, object]


@pytest.fixture(scope="module")
def by_class(seeded: Driver, settings: Settings) -> CatalogueService:
    repo = SnapshotRepository(seeded, settings.neo4j_database)
    repo.snapshot()
    return CatalogueService(repo)


@pytest.fixture(scope="module")
def every_pair(seeded: Driver, settings: Settings) -> CatalogueService:
    repo = SnapshotRepository(seeded, settings.neo4j_database)
    repo.snapshot()
    return CatalogueService(repo, pair_classes=False)


@pytest.fixture(scope="module")
def bare_questions(by_class: CatalogueService) -> list[Question]:
    """Every unordered pair of transceiver form factors at every rate modules of both run."""
    ctx = by_class.rule_context()
    rates: dict[str, set[float]] = {}
    for module in ctx.modules.values():
        for cage in ctx.form_factors:
            if ctx.fits(module.form_factor, cage):
                rates.setdefault(cage, set()).update(module.rates_gbps)
    cages = sorted(rates)
    out: list[Question] = []
    for i, ff_a in enumerate(cages):
        for ff_b in cages[i:]:
            for rate in sorted(rates[ff_a] & rates[ff_b]):
                out.append(
                    {"end_a": EndRequest(form_factor=ff_a), "end_b": EndRequest(form_factor=ff_b), "rate_gbps": rate}
                )
    return out


def _same(first: Callable[[], object], second: Callable[[], object]) -> bool:
    return answer_of(first) == answer_of(second)


def test_classes_hold_interchangeable_modules(by_class: CatalogueService) -> None:
    """The catalogue has classes of more than one module (else this file tests nothing), and every
    member of a class maps to that same class."""
    classes = by_class.rule_context().module_classes()
    assert any(len(members) > 1 for members in classes.values())
    for number, members in classes.items():
        assert number in members and list(members) == sorted(members)
        assert all(classes[m] is members for m in members)


@pytest.mark.parametrize("distance", [3.0, 300.0])
def test_bare_ends_every_form_factor_pair_and_rate(
    by_class: CatalogueService, every_pair: CatalogueService, bare_questions: list[Question], distance: float
) -> None:
    differ = []
    for q in bare_questions:
        for protocol in (None, Protocol.ETHERNET, Protocol.INFINIBAND):
            kwargs = {**q, "distance_m": distance, "protocol": protocol}
            if not _same(lambda: by_class.link_options(**kwargs), lambda: every_pair.link_options(**kwargs)):  # noqa: B023
                differ.append(kwargs)
    assert not differ, differ[:5]


def test_explain_plant_and_integer_runs(
    by_class: CatalogueService, every_pair: CatalogueService, bare_questions: list[Question]
) -> None:
    """The full path (explain: rejected options and their counts; a plant; an int distance, not the
    per-shape memo), including questions with no valid option (the rejected-combinations note)."""
    differ = []
    for q in bare_questions:
        for extra in (
            {"distance_m": 300.0, "explain": True},
            {"distance_m": 5000.0},  # beyond most reaches: no option, the why-none note counts combinations
            {"distance_m": 100},
            {"distance_m": 150.0, "plant": PlantRequest(fiber_type="OM3", patch_panels=1)},
            {"distance_m": 2000.0, "plant": PlantRequest(fiber_type="OS2", connector="LC/UPC")},
        ):
            kwargs = {**q, **extra}
            if not _same(lambda: by_class.link_options(**kwargs), lambda: every_pair.link_options(**kwargs)):  # noqa: B023
                differ.append(kwargs)
    assert not differ, differ[:5]


DEVICE_ENDS = [
    (EndRequest(device="QM9700"), EndRequest(device="MCX75310AAS-NEAT"), [400.0, 200.0]),
    (EndRequest(device="QM9700"), EndRequest(device="QM9700"), [400.0]),
    (EndRequest(device="MCX75310AAS-NEAT"), EndRequest(form_factor="OSFP"), [400.0]),
    (
        EndRequest(form_factor="SFP+", side=Side.SWITCH),
        EndRequest(form_factor="SFP+", ports=1),
        [10.0],
    ),
    (
        EndRequest(form_factor="OSFP", side=Side.SWITCH),
        EndRequest(form_factor="OSFP", top_style=TopStyle.FINNED),
        [400.0],
    ),
    (EndRequest(form_factor="QSFP28", ports=1), EndRequest(form_factor="QSFP-DD"), [100.0]),
]


@pytest.mark.parametrize("index", range(len(DEVICE_ENDS)))
def test_device_and_described_ends(by_class: CatalogueService, every_pair: CatalogueService, index: int) -> None:
    end_a, end_b, rates = DEVICE_ENDS[index]
    for rate in rates:
        for distance in (1.0, 30.0, 100.0, 500.0, 2000.0):
            for explain in (False, True):
                kwargs = {"end_a": end_a, "end_b": end_b, "rate_gbps": rate, "distance_m": distance, "explain": explain}
                assert _same(lambda: by_class.link_options(**kwargs), lambda: every_pair.link_options(**kwargs)), kwargs  # noqa: B023


def test_the_sfp_300_m_question_names_every_equivalent(by_class: CatalogueService) -> None:
    """The issue's question: its 10GBASE-SR option still names every equivalent SFP+ module."""
    result = by_class.link_options(
        end_a=EndRequest(form_factor="SFP+"), end_b=EndRequest(form_factor="SFP+"), rate_gbps=10.0, distance_m=300.0
    )
    sr = next(o for o in result.options if o.pmd == "10GBASE-SR")
    module_a = next(p for p in sr.parts if p.role == "module_a")
    assert len(module_a.alternatives) + 1 >= 20


CHECKS = [
    LinkRequest(  # 10GBASE-SR over 500 m of OM3: too far; nearest options keep the named modules
        end_a=EndRequest(form_factor="SFP+"),
        end_b=EndRequest(form_factor="SFP+"),
        distance_m=500.0,
        module_a="SFP-10G-SR",
        module_b="SFP-10G-SR",
        media=(FiberRequest(fiber_type="OM3"),),
    ),
    LinkRequest(  # an InfiniBand module at a switch over too much fiber
        end_a=EndRequest(device="QM9700"),
        end_b=EndRequest(device="MCX75310AAS-NEAT"),
        distance_m=200.0,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS400",
        media=(FiberRequest(part_number="MFP7E10-N030"),),
    ),
    LinkRequest(  # no rate given: the rates of the named parts are tried
        end_a=EndRequest(form_factor="QSFP28"),
        end_b=EndRequest(form_factor="QSFP28"),
        distance_m=3000.0,
        module_a="QSFP-100G-SR4-S",
        module_b="QSFP-100G-SR4-S",
        media=(FiberRequest(fiber_type="OM4", connector="MPO-12/UPC"),),
    ),
]


@pytest.mark.parametrize("index", range(len(CHECKS)))
def test_check_link_nearest_options(by_class: CatalogueService, every_pair: CatalogueService, index: int) -> None:
    req = CHECKS[index]
    assert _same(lambda: by_class.check_link(req), lambda: every_pair.check_link(req))


def test_link_options_batch(by_class: CatalogueService, every_pair: CatalogueService) -> None:
    sfp, q28 = EndRequest(form_factor="SFP+"), EndRequest(form_factor="QSFP28")
    questions = [
        LinkQuestion(end_a=a, end_b=b, rate_gbps=r, distance_m=d, explain=e)
        for a, b, r in ((sfp, sfp, 10.0), (q28, q28, 100.0), (sfp, EndRequest(form_factor="SFP28"), 25.0))
        for d in (3.0, 70.0, 300.0, 10_000.0)
        for e in (False, True)
    ]
    assert link_options_batch(by_class, questions) == link_options_batch(every_pair, questions)


def test_validate_part_list(by_class: CatalogueService, every_pair: CatalogueService) -> None:
    parts = (FIXTURES / "p01_parts.csv").read_bytes()
    intents = (FIXTURES / "p01_intents.csv").read_bytes()
    wrong = b"part_number,quantity\nMMA4Z00-NS400,128\nMFP7E10-N020,64\n"

    def report(service: CatalogueService, listed: bytes) -> object:
        return answer_of(lambda: ProcurementService(service).validate_bytes(listed, "l.csv", (intents, "i.csv")))

    for listed in (parts, wrong):
        assert report(by_class, listed) == report(every_pair, listed)


def test_plan_fat_tree(by_class: CatalogueService, every_pair: CatalogueService) -> None:
    request = PlanRequest(switch="QM9700", endpoints=2048, oversubscription="1:1", tiers=2)
    assert answer_of(lambda: PlanningService(by_class).plan_fat_tree(request)) == answer_of(
        lambda: PlanningService(every_pair).plan_fat_tree(request)
    )


def test_cypher_reads(seeded: Driver, settings: Settings) -> None:
    """Without a snapshot (plain Cypher: the full candidate list, filtered to representatives)."""
    repo = Neo4jRepository(seeded, settings.neo4j_database, settings.neo4j_transaction_timeout_s)
    mine, theirs = CatalogueService(repo), CatalogueService(repo, pair_classes=False)
    sfp = EndRequest(form_factor="SFP+")
    for kwargs in (
        {"end_a": sfp, "end_b": sfp, "rate_gbps": 10.0, "distance_m": 300.0},
        {"end_a": sfp, "end_b": sfp, "rate_gbps": 10.0, "distance_m": 30.0, "explain": True},
        {
            "end_a": EndRequest(form_factor="QSFP28"),
            "end_b": EndRequest(form_factor="QSFP28"),
            "rate_gbps": 100.0,
            "distance_m": 9000.0,
        },
    ):
        assert _same(lambda: mine.link_options(**kwargs), lambda: theirs.link_options(**kwargs)), kwargs  # noqa: B023
