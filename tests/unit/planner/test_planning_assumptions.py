"""What the planner assumed, said in the plan (practitioner trial): a bare node end given without a
side is an adapter cage (NODE_END_ASSUMED), and a tier whose cable-run length nobody stated is
planned at its placement class's default metres (RUN_LENGTH_ASSUMED names them per tier).

Pure: the plan comes from the pure sizing on a QM9700 by its numbers (64 x 400 Gb/s in 32 twin-port
OSFP cages, 2xNDR200); the defaults are the layout's 3 / 30 / 100 m (PlacementDistances).
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Side, TopStyle
from service.domain.link import LinkOption
from service.planner import (
    FabricManagerReservation,
    LinkTier,
    PlacementClass,
    PlacementDistances,
    PlanLayout,
    PlanSpec,
    WarningCode,
    plan_fat_tree,
)
from service.planning import (
    MediumPolicy,
    PlanRequest,
    TierMediumSelection,
    _adapter_side,
    _ends_assumed,
    _run_lengths_assumed,
    _select,
)
from service.use_cases import EndRequest
from tests.unit.planner.test_planner_sizing import QM9700
from tests.unit.planner.test_planning_fit import QM9700 as QM9700_CAGES
from tests.unit.planner.test_planning_fit import SINGLE, TWIN, _module, _optical, _requirement


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        (PlanLayout(), {LinkTier.NODE_LEAF: 3.0, LinkTier.LEAF_SPINE: 30.0, LinkTier.SPINE_CORE: 100.0}),
        # metres for the tier: stated
        (PlanLayout(node_leaf=5.0), {LinkTier.NODE_LEAF: None, LinkTier.LEAF_SPINE: 30.0, LinkTier.SPINE_CORE: 100.0}),
        # a class without its metres: the class's default, assumed
        (
            PlanLayout(node_leaf=PlacementClass.WITHIN_ROW),
            {LinkTier.NODE_LEAF: 30.0, LinkTier.LEAF_SPINE: 30.0, LinkTier.SPINE_CORE: 100.0},
        ),
        # the class's metres given (even at the default value): stated for every tier in that class
        (
            PlanLayout(distances=PlacementDistances(in_rack=2.0, within_row=30.0)),
            {LinkTier.NODE_LEAF: None, LinkTier.LEAF_SPINE: None, LinkTier.SPINE_CORE: 100.0},
        ),
        (
            PlanLayout(spine_core=PlacementClass.IN_RACK, distances=PlacementDistances(in_rack=2.0)),
            {LinkTier.NODE_LEAF: None, LinkTier.LEAF_SPINE: 30.0, LinkTier.SPINE_CORE: None},
        ),
    ],
)
def test_a_tiers_length_is_assumed_unless_its_metres_or_its_class_metres_were_given(
    layout: PlanLayout, expected: dict[LinkTier, float | None]
) -> None:
    assert {tier: layout.assumed_m(tier) for tier in expected} == expected
    assert layout.assumed_m(LinkTier.MANAGER_LEAF) == layout.assumed_m(LinkTier.NODE_LEAF)  # placed like node links


def test_a_layout_read_from_json_keeps_what_was_given() -> None:
    """``load_plan_spec`` / JSON input: only the keys present are stated."""
    layout = PlanLayout.model_validate({"leaf_spine": 45, "distances": {"in_rack": 2.5}})
    assert (layout.assumed_m(LinkTier.NODE_LEAF), layout.assumed_m(LinkTier.LEAF_SPINE)) == (None, None)
    assert layout.distance_m(LinkTier.NODE_LEAF) == 2.5
    assert layout.assumed_m(LinkTier.SPINE_CORE) == 100.0


def test_the_512_ndr200_plan_names_the_metres_it_assumed_per_tier() -> None:
    """512 NDR200 endpoints on QM9700, two tiers, no layout: node_leaf 3 m (in rack), leaf_spine 30 m
    (within a row); no spine_core tier, so no spine_core length."""
    spec = PlanSpec(endpoints=512, switch=QM9700, endpoint_speed_gbps=200)
    plan = plan_fat_tree(spec)
    assert [(r.tier, r.distance_m) for r in plan.link_requirements] == [
        (LinkTier.NODE_LEAF, 3.0),
        (LinkTier.LEAF_SPINE, 30.0),
    ]
    [warning] = _run_lengths_assumed(plan, spec.layout)
    assert warning.code is WarningCode.RUN_LENGTH_ASSUMED
    assert warning.message == (
        "no cable-run length was given, so the plan assumed node_leaf 3 m (in_rack), leaf_spine 30 m "
        "(within_row): each tier's medium and cable length were picked for that run; give the real lengths "
        "(GraphQL layout {nodeLeaf: {distanceM: 5}} or inRackM / withinRowM / betweenRowsM; CLI --node-leaf 5 "
        "--leaf-spine 50 --spine-core 150)"
    )


def test_three_tiers_with_the_manager_links_and_one_length_given() -> None:
    """5,120 endpoints need three tiers; a UFM link rides in the rack like the node links. With the
    node-leaf metres given, only leaf_spine (30 m) and spine_core (100 m) are assumed."""
    manager = FabricManagerReservation(node_slots=1, ports=1)
    layout = PlanLayout(node_leaf=4.0)
    plan = plan_fat_tree(PlanSpec(endpoints=5120, switch=QM9700, fabric_manager=manager, layout=layout))
    [warning] = _run_lengths_assumed(plan, layout)
    assert warning.message.startswith(
        "no cable-run length was given, so the plan assumed leaf_spine 30 m (within_row), spine_core 100 m "
        "(between_rows): "
    )
    no_layout = PlanLayout()
    plan = plan_fat_tree(PlanSpec(endpoints=5120, switch=QM9700, fabric_manager=manager))
    [warning] = _run_lengths_assumed(plan, no_layout)
    assert warning.message.startswith(
        "no cable-run length was given, so the plan assumed node_leaf 3 m (in_rack), manager_leaf 3 m (in_rack), "
        "leaf_spine 30 m (within_row), spine_core 100 m (between_rows): "
    )


def test_every_length_given_means_no_warning() -> None:
    layout = PlanLayout(
        node_leaf=2.0, leaf_spine=PlacementClass.WITHIN_ROW, distances=PlacementDistances(within_row=20)
    )
    plan = plan_fat_tree(PlanSpec(endpoints=512, switch=QM9700, endpoint_speed_gbps=200, layout=layout))
    assert [r.distance_m for r in plan.link_requirements] == [2.0, 20.0]
    assert _run_lengths_assumed(plan, layout) == ()


def test_a_bare_node_end_without_a_side_is_planned_on_the_adapter_side() -> None:
    """Node ends are NIC/HCA/DPU cages: side ADAPTER; top style and ports stay unset unless given.
    A side given (SWITCH) is kept, and a device end is left to its own cage."""
    assert _adapter_side(EndRequest(form_factor="OSFP")) == EndRequest(form_factor="OSFP", side=Side.ADAPTER)
    flat = EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT, ports=1)
    assert _adapter_side(flat) == EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT, ports=1, side=Side.ADAPTER)
    switch_side = EndRequest(form_factor="OSFP", side=Side.SWITCH)
    assert _adapter_side(switch_side) is switch_side
    adapter = EndRequest(device="MCX75310AAS-NEAT")
    assert _adapter_side(adapter) is adapter
    assert _adapter_side(None) is None


def test_node_end_assumed_says_the_side_was_taken_and_what_was_not_checked() -> None:
    plan = plan_fat_tree(PlanSpec(endpoints=512, switch=QM9700, endpoint_speed_gbps=200))
    bare = PlanRequest(switch="QM9700", endpoints=512, node_end=EndRequest(form_factor="OSFP"))
    [warning] = _ends_assumed("OSFP", plan, bare)
    assert warning.code is WarningCode.NODE_END_ASSUMED
    assert warning.message == (
        "the node end OSFP was given without a side: it was taken to be an adapter-side OSFP cage (node ends "
        "are NIC/HCA/DPU cages), so switch-side parts are not offered for it; its top style and port count "
        "were not given, so not checked; if it is a switch cage, give the side (GraphQL nodeEnd side: SWITCH, "
        "CLI --node-side switch)"
    )
    flat = PlanRequest(
        switch="QM9700", endpoints=512, node_end=EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT, ports=1)
    )
    [warning] = _ends_assumed("OSFP", plan, flat)
    assert "an adapter-side flat-top single-port OSFP cage (node ends are NIC/HCA/DPU cages)" in warning.message
    assert "not checked" not in warning.message
    given = PlanRequest(switch="QM9700", endpoints=512, node_end=EndRequest(form_factor="OSFP", side=Side.SWITCH))
    assert _ends_assumed("OSFP", plan, given) == []
    # no node end at all: the default one's warning, as before
    [default] = _ends_assumed("OSFP", plan, PlanRequest(switch="QM9700", endpoints=512))
    assert default.message.startswith(
        "no node adapter was given: the node end was assumed to be an adapter-side single-port OSFP cage"
    )


def test_a_bare_fabric_manager_end_without_a_side_is_said_too() -> None:
    manager = FabricManagerReservation(node_slots=1, ports=1)
    plan = plan_fat_tree(PlanSpec(endpoints=512, switch=QM9700, fabric_manager=manager))
    request = PlanRequest(
        switch="QM9700",
        endpoints=512,
        node_end=EndRequest(device="MCX75310AAS-NEAT"),
        manager_end=EndRequest(form_factor="OSFP", ports=1),
    )
    [warning] = _ends_assumed("OSFP", plan, request)
    assert warning.message == (
        "the fabric manager's end OSFP was given without a side: it was taken to be an adapter-side single-port "
        "OSFP cage (node ends are NIC/HCA/DPU cages), so switch-side parts are not offered for it; its top "
        "style was not given, so not checked; if it is a switch cage, give the side (GraphQL fabricManager.end "
        "side: SWITCH)"
    )


def test_a_node_cage_of_unknown_ports_takes_a_single_port_node_module_first() -> None:
    """A bare adapter-side OSFP cage whose ports were not given: linkOptions may rank the twin-port
    flat-top MMA4Z00-NS-FLT (DGX H100 cages) ahead of the single-port MMA4Z00-NS400 (ConnectX-7) by
    part number; one endpoint is one adapter port, so the single-port module is taken and the
    twin-port one passed over with the reason. With the ports given (or only twin-port modules
    fitting) the linkOptions order stands."""
    flat_twin = _module("MMA4Z00-NS-FLT", 2, Side.ADAPTER)
    twin_first = _optical(flat_twin, TWIN).model_copy(update={"rank": 1, "summary": "SR4 twin at node"})
    single = _optical(SINGLE, TWIN).model_copy(update={"rank": 2, "summary": "SR4 single at node"})

    def pick(options: list[LinkOption], unknown: bool = False) -> TierMediumSelection:
        ranked = MediumPolicy.RANKED
        return _select(
            _requirement(),
            options,
            QM9700_CAGES,
            ranked,
            set(),
            {},
            None,
            "an OSFP cage",
            "Q",
            node_ports_unknown=unknown,
        )

    unknown = pick([twin_first, single], unknown=True)
    assert unknown.option is single
    assert unknown.medium is not None and unknown.medium.a_module is not None
    assert unknown.medium.a_module.part_number == "MMA4Z00-NS400"
    assert [(s.rank, s.why) for s in unknown.skipped] == [
        (
            1,
            "its node-side MMA4Z00-NS-FLT is 2-port and the node cage's port count was not given: single-port "
            "node modules come first (give the node end's ports)",
        )
    ]
    assert "; passed over: rank 1 SR4 twin at node (its node-side MMA4Z00-NS-FLT is 2-port" in unknown.reason
    assert pick([twin_first, single]).option is twin_first  # ports given: linkOptions' order
    assert pick([twin_first], unknown=True).option is twin_first  # only twin-port node modules fit
