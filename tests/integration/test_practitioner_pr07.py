"""PR07 (/work/shared/cases/practitioner.yaml): the planner's own bill of materials round-trips
through part-list validation as buildable, switches and adapters included.

    plan 64 × ConnectX-7 OSFP (MCX75310AAS-NEAT) on QM9700 ──► BOM + plan's links as intents
                                                              ──► validatePartList: buildable

Source of the answer: NVIDIA QM9700 and ConnectX-7 ordering information (both MQM9700-NS2F and
MCX75310AAS-NEAT are orderable part numbers, seed sources S05 and the ConnectX-7 user manual).
"""

from __future__ import annotations

import pytest

from service.planner import LinkTier
from service.planning import PlanningService, PlanRequest
from service.procurement.models import IntentEnd, LinkIntent, PartLine, PartList
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService, EndRequest

SWITCH = "MQM9700-NS2F"
ADAPTER = "MCX75310AAS-NEAT"


def _plan_and_list(service: CatalogueService, tiers: int | None) -> tuple[object, PartList]:
    result = PlanningService(service).plan_fat_tree(
        PlanRequest(switch="QM9700", endpoints=64, node_end=EndRequest(device=ADAPTER), tiers=tiers)
    )
    lines = [
        PartLine(line=i + 1, part_number=b.part_number, quantity=b.quantity) for i, b in enumerate(result.bom.lines)
    ]
    lines.append(PartLine(line=len(lines) + 1, part_number=ADAPTER, quantity=64))
    ends = {"node": IntentEnd(device=ADAPTER)}
    intents = [
        LinkIntent(
            number=i + 1,
            a=ends.get(r.a_end, IntentEnd(device=SWITCH)),
            b=IntentEnd(device=SWITCH),
            links=r.count,
            rate_gbps=r.speed_gbps,
            distance_m=r.distance_m,
        )
        for i, r in enumerate(result.plan.link_requirements)
    ]
    return result, PartList(source="graphql", lines=tuple(lines), intents=tuple(intents))


@pytest.fixture(scope="module")
def plan_and_list(service: CatalogueService) -> tuple[object, PartList]:
    """The two-tier plan (asked for with tiers=2): leaf and spine switches, two kinds of links."""
    return _plan_and_list(service, tiers=2)


def test_pr07_the_default_plan_is_one_switch_and_its_bom_validates_as_buildable(service: CatalogueService) -> None:
    """64 endpoints fit the 64 ports of one QM9700 (32 twin-port OSFP cages, S05), so the planner's
    default answer is one switch; its BOM plus 64 adapters, with its 64 links as the intent, is
    buildable with 0 errors, the switch and the adapters needed exactly."""
    result, part_list = _plan_and_list(service, tiers=None)
    assert result.bom.quantity(SWITCH) == 1  # type: ignore[attr-defined]
    assert [(i.links, i.rate_gbps) for i in part_list.intents] == [(64, 400.0)]
    report = ProcurementService(service).validate(part_list)
    assert (report.summary.buildable, report.summary.errors) == (True, 0)
    totals = {t.part_number: t for t in report.totals}
    assert (totals[SWITCH].listed, totals[SWITCH].needed, totals[SWITCH].shortfall) == (1, 1, 0)
    assert (totals[ADAPTER].listed, totals[ADAPTER].needed, totals[ADAPTER].shortfall) == (64, 64, 0)


def test_pr07_the_plans_bom_with_switches_and_adapters_validates_as_buildable(
    service: CatalogueService, plan_and_list: tuple[object, PartList]
) -> None:
    """PR07: 64 endpoints on QM9700 with MCX75310AAS-NEAT node ends: the BOM (switch lines
    included) plus 64 adapters, with the plan's links as intents, is buildable with 0 errors."""
    _, part_list = plan_and_list
    report = ProcurementService(service).validate(part_list)
    assert report.summary.buildable is True
    assert report.summary.errors == 0
    assert [f.code for f in report.findings if f.code == "UNKNOWN_PART"] == []
    totals = {t.part_number: t for t in report.totals}
    assert totals[SWITCH].known is True and totals[SWITCH].kind == "switch"
    assert totals[ADAPTER].known is True and totals[ADAPTER].kind == "adapter"
    # 64 node-leaf links end once on a QM9700, 64 leaf-spine links twice: 192 port ends at 64 ports
    # per switch (32 twin-port OSFP cages, S05) = 3 switches; one single-port adapter per endpoint.
    assert (totals[SWITCH].listed, totals[SWITCH].needed, totals[SWITCH].shortfall) == (3, 3, 0)
    assert (totals[ADAPTER].listed, totals[ADAPTER].needed, totals[ADAPTER].shortfall) == (64, 64, 0)
    assert all(t.shortfall == 0 for t in report.totals)
    assert [r.served for r in report.intents] == [True] * len(part_list.intents)


def test_pr07_the_plan_is_two_tiers_of_64_links_on_three_switches(plan_and_list: tuple[object, PartList]) -> None:
    """The two-tier answer for 64 NDR endpoints on QM9700 (64 ports: 32 OSFP cages × 2, S05): 2 leaves
    of 32 down / 32 up and 1 spine, 64 node-leaf and 64 leaf-spine links; the BOM orders those 3
    switches, and the list gets 64 adapters on top."""
    result, part_list = plan_and_list
    assert result.bom.quantity(SWITCH) == 3  # type: ignore[attr-defined]
    assert [(i.links, i.rate_gbps) for i in part_list.intents] == [(64, 400.0), (64, 400.0)]
    tiers = [r.tier for r in result.plan.link_requirements]  # type: ignore[attr-defined]
    assert tiers == [LinkTier.NODE_LEAF, LinkTier.LEAF_SPINE]
    assert [(ln.part_number, ln.quantity) for ln in part_list.lines][-1] == (ADAPTER, 64)


def test_a_device_named_by_alias_is_a_known_line_with_its_type(service: CatalogueService) -> None:
    """'qm9700' (an alias, lower case) on a list is MQM9700-NS2F, a switch: PART_ALIAS and DEVICE_LINE (the
    line is the device, not a cabling part), not UNKNOWN_PART."""
    report = ProcurementService(service).validate(
        PartList(source="graphql", lines=(PartLine(line=1, part_number="qm9700", quantity=2),))
    )
    assert report.summary.buildable is True
    assert report.codes() == [(1, "PART_ALIAS"), (1, "DEVICE_LINE")]
    assert report.findings[0].message == "qm9700 is MQM9700-NS2F: NVIDIA Quantum-2 QM9700"
    assert report.findings[1].message == (
        "MQM9700-NS2F is the NVIDIA Quantum-2 QM9700 switch (a device, not a cabling part); the link rules do not "
        "check it as one"
    )
    assert [(t.part_number, t.kind, t.listed, t.needed) for t in report.totals] == [("MQM9700-NS2F", "switch", 2, None)]


def test_too_few_switches_for_the_plans_links_is_a_shortfall(
    service: CatalogueService, plan_and_list: tuple[object, PartList]
) -> None:
    """The same list with 2 QM9700 instead of 3: the 192 link ends need 3 switches of 64 ports."""
    _, part_list = plan_and_list
    lines = tuple(ln.model_copy(update={"quantity": 2}) if ln.part_number == SWITCH else ln for ln in part_list.lines)
    report = ProcurementService(service).validate(part_list.model_copy(update={"lines": lines}))
    assert report.summary.buildable is False
    shortfalls = [f for f in report.findings if f.code == "SHORTFALL"]
    assert [(f.part_number, f.quantity, f.intents) for f in shortfalls] == [(SWITCH, 1, (1, 2))]
    assert shortfalls[0].message == (
        "MQM9700-NS2F: the intents need at least 3 (192 link ends on its osfp cages at 64 per unit), "
        "the list has 2: 1 short"
    )
