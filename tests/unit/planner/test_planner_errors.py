"""Invalid specs fail with typed planner errors that carry stable codes and the limiting value."""

from __future__ import annotations

from typing import Any

import pytest

from service.planner import (
    BreakoutPolicy,
    CableChoice,
    FabricManagerReservation,
    InvalidSpecError,
    LinkTier,
    MissingMediumError,
    ModuleChoice,
    PlannerError,
    PlanSpec,
    RadixOddError,
    RadixTooSmallError,
    SplitMode,
    SwitchSpec,
    TierMedium,
    TooManyEndpointsError,
    UnsupportedSplitError,
    build_bom,
    load_plan_spec,
    parse_oversubscription,
    plan_fat_tree,
)

QM9700 = SwitchSpec(
    model="NVIDIA Quantum-2 QM9700",
    radix=64,
    port_speed_gbps=400,
    cages=32,
    ports_per_cage=2,
    split_modes=(SplitMode(name="2xNDR200", legs=2, leg_speed_gbps=200),),
)
EDR36 = SwitchSpec(model="36-port EDR", radix=36, port_speed_gbps=100)
FIBRE = CableChoice(part_number="FIBRE-30", length_m=30)


def test_every_error_has_its_stable_code_and_is_a_plain_exception_tree() -> None:
    codes = {
        InvalidSpecError: "INVALID_SPEC",
        RadixTooSmallError: "RADIX_TOO_SMALL",
        RadixOddError: "RADIX_ODD",
        TooManyEndpointsError: "TOO_MANY_ENDPOINTS",
        UnsupportedSplitError: "UNSUPPORTED_SPLIT",
        MissingMediumError: "MISSING_MEDIUM",
    }
    for error_type, code in codes.items():
        assert issubclass(error_type, PlannerError)
        assert error_type.code == code
    assert PlannerError.__bases__ == (Exception,)
    assert PlannerError.code == "PLANNER_ERROR"


@pytest.mark.parametrize("radix", [-4, 0, 2, 3])
def test_a_radix_below_4_is_too_small(radix: int) -> None:
    with pytest.raises(RadixTooSmallError, match=f"radix {radix}") as caught:
        SwitchSpec(model="tiny", radix=radix, port_speed_gbps=100)
    assert caught.value.code == "RADIX_TOO_SMALL"


def test_an_odd_radix_is_rejected() -> None:
    with pytest.raises(RadixOddError, match="odd radix 35"):
        SwitchSpec(model="odd", radix=35, port_speed_gbps=100)


def test_reserving_all_but_one_leaf_port_leaves_the_radix_too_small() -> None:
    with pytest.raises(RadixTooSmallError, match="1 fabric ports"):
        plan_fat_tree(PlanSpec(endpoints=10, switch=EDR36, reserved_ports_per_leaf=35))


def test_endpoints_beyond_three_tiers_name_the_limit() -> None:
    """k=36 three tiers: k^3/4 = 11,664 endpoints."""
    assert plan_fat_tree(PlanSpec(endpoints=11664, switch=EDR36)).tiers == 3
    with pytest.raises(TooManyEndpointsError, match="11664 endpoints") as caught:
        plan_fat_tree(PlanSpec(endpoints=11665, switch=EDR36))
    assert (caught.value.limit, caught.value.tiers, caught.value.code) == (11664, 3, "TOO_MANY_ENDPOINTS")


def test_endpoints_beyond_two_tiers_when_two_are_forced_name_the_two_tier_limit() -> None:
    with pytest.raises(TooManyEndpointsError, match="= 648 endpoints") as caught:
        plan_fat_tree(PlanSpec(endpoints=649, switch=EDR36, tiers=2))
    assert (caught.value.limit, caught.value.tiers) == (648, 2)


def test_a_qm9700_three_tier_fabric_stops_at_65536_ndr_endpoints() -> None:
    with pytest.raises(TooManyEndpointsError, match="65536 endpoints") as caught:
        plan_fat_tree(PlanSpec(endpoints=65537, switch=QM9700))
    assert caught.value.limit == 65536


def test_an_endpoint_speed_without_a_matching_split_is_unsupported() -> None:
    with pytest.raises(UnsupportedSplitError, match="no split giving 100 Gb/s legs") as caught:
        plan_fat_tree(PlanSpec(endpoints=100, switch=QM9700, endpoint_speed_gbps=100))
    assert caught.value.code == "UNSUPPORTED_SPLIT"
    with pytest.raises(UnsupportedSplitError, match="2xNDR200"):  # the message lists what exists
        plan_fat_tree(PlanSpec(endpoints=100, switch=QM9700, endpoint_speed_gbps=100))


def test_a_named_split_the_switch_does_not_list_is_unsupported() -> None:
    with pytest.raises(UnsupportedSplitError, match="does not support split '4xNDR200'"):
        plan_fat_tree(PlanSpec(endpoints=100, switch=QM9700, breakout=BreakoutPolicy(mode="4xNDR200")))
    with pytest.raises(UnsupportedSplitError):
        plan_fat_tree(PlanSpec(endpoints=100, switch=EDR36, endpoint_speed_gbps=50))


def test_three_tiers_must_split_leaf_spine_and_spine_core_together() -> None:
    policy = BreakoutPolicy(tiers=frozenset({LinkTier.NODE_LEAF, LinkTier.LEAF_SPINE}))
    with pytest.raises(UnsupportedSplitError, match="split together"):
        plan_fat_tree(PlanSpec(endpoints=9000, switch=QM9700, endpoint_speed_gbps=200, breakout=policy))


def test_an_endpoint_speed_that_differs_from_the_named_split_is_invalid() -> None:
    with pytest.raises(InvalidSpecError, match="does not match split"):
        plan_fat_tree(
            PlanSpec(
                endpoints=100,
                switch=QM9700,
                endpoint_speed_gbps=300,
                breakout=BreakoutPolicy(mode="2xNDR200"),
            )
        )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"endpoints": 0}, "endpoints must be"),
        ({"endpoints": -5}, "endpoints must be"),
        ({"endpoints": None, "nodes": 0}, "nodes must be"),
        ({"endpoints": None}, "give endpoints or nodes"),
        ({"nics_per_node": 0}, "nics_per_node"),
        ({"endpoints": 10, "nodes": 4, "nics_per_node": 2}, "endpoints 10"),
        ({"endpoints": 9, "nics_per_node": 2}, "not a multiple"),
        ({"endpoint_speed_gbps": -200}, "endpoint_speed_gbps must be positive"),
        ({"endpoint_speed_gbps": 800}, "exceeds the switch port speed"),
        ({"tiers": 0}, "tiers must be 1, 2, 3"),
        ({"tiers": 4}, "tiers must be 1, 2, 3"),
        ({"planes": 0}, "planes must be"),
        ({"nics_per_node": 8, "endpoints": 64, "planes": 3}, "not a multiple of planes"),
        ({"uplinks_per_pair": 0}, "uplinks_per_pair must be"),
        ({"su_count": 2}, "su_count needs nodes_per_su"),
        ({"nodes_per_su": 0}, "nodes_per_su"),
        ({"nodes_per_su": 32, "su_count": 0}, "su_count must be"),
        ({"reserved_ports_per_leaf": -1}, "reserved_ports_per_leaf"),
        ({"reserved_ports_per_leaf": 64}, "reserved_ports_per_leaf"),
        ({"fabric_manager": {"node_slots": 1, "ports": 2}}, "fabric manager ports 2 exceed"),
        ({"fabric_manager": {"node_slots": 0}}, "node_slots"),
        ({"oversubscription": "1:2"}, "below 1:1"),
        ({"oversubscription": "0:1"}, "zero side"),
        ({"oversubscription": "two to one"}, "not a ratio"),
        ({"oversubscription": -1}, "below 1:1"),
        ({"layout": {"leaf_spine": -3.0}}, "distance must be positive"),
        ({"layout": {"distances": {"in_rack": 0}}}, "in_rack must be positive"),
    ],
)
def test_out_of_range_or_inconsistent_spec_values_are_invalid(fields: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {"endpoints": 100, "switch": QM9700}
    data.update(fields)
    with pytest.raises(InvalidSpecError, match=message) as caught:
        PlanSpec.model_validate(data)
    assert caught.value.code == "INVALID_SPEC"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"port_speed_gbps": 0}, "port speed must be positive"),
        ({"ports_per_cage": 3, "radix": 36}, "ports_per_cage must be 1 or 2"),
        ({"cages": 30, "ports_per_cage": 2}, "30 cages x 2 ports"),
        ({"radix": 34, "ports_per_cage": 4}, "ports_per_cage must be 1 or 2"),
        ({"split_modes": [{"name": "4x200", "legs": 4, "leg_speed_gbps": 200}]}, "exceeds the 400 Gb/s port"),
        ({"split_modes": [{"name": "1x", "legs": 1, "leg_speed_gbps": 200}]}, "legs must be at least 2"),
    ],
)
def test_switch_specs_reject_impossible_values(fields: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {"model": "sw", "radix": 64, "port_speed_gbps": 400}
    data.update(fields)
    with pytest.raises(InvalidSpecError, match=message):
        SwitchSpec.model_validate(data)


def test_fewer_sus_than_the_node_slots_need_is_invalid() -> None:
    with pytest.raises(InvalidSpecError, match="need 2 scalable units"):
        plan_fat_tree(PlanSpec(nodes=40, nics_per_node=8, switch=QM9700, nodes_per_su=32, su_count=1))


def test_three_tiers_need_spine_halves_in_whole_cages() -> None:
    twin = SwitchSpec(model="twin-34", radix=34, port_speed_gbps=100, ports_per_cage=2)
    with pytest.raises(InvalidSpecError, match="whole cages"):
        plan_fat_tree(PlanSpec(endpoints=1000, switch=twin, tiers=3))


def test_load_plan_spec_turns_type_errors_into_invalid_spec() -> None:
    with pytest.raises(InvalidSpecError, match="endpoints"):
        load_plan_spec({"endpoints": "many", "switch": QM9700.model_dump()})
    with pytest.raises(InvalidSpecError, match="colour"):
        load_plan_spec({"endpoints": 10, "switch": QM9700.model_dump(), "colour": "blue"})
    with pytest.raises(RadixOddError):
        load_plan_spec({"endpoints": 10, "switch": {"model": "x", "radix": 9, "port_speed_gbps": 1}})
    assert load_plan_spec({"endpoints": 10, "switch": QM9700.model_dump()}).endpoint_count == 10


def test_parse_oversubscription_rejects_booleans() -> None:
    with pytest.raises(InvalidSpecError):
        parse_oversubscription(True)


def test_the_bom_needs_a_medium_for_every_tier_with_links() -> None:
    plan = plan_fat_tree(PlanSpec(endpoints=100, switch=QM9700))
    with pytest.raises(MissingMediumError, match="leaf_spine") as caught:
        build_bom(plan, [TierMedium(tier=LinkTier.NODE_LEAF, cable=FIBRE)])
    assert caught.value.code == "MISSING_MEDIUM"


@pytest.mark.parametrize(
    ("media", "message"),
    [
        (
            [
                TierMedium(tier=LinkTier.NODE_LEAF, cable=FIBRE),
                TierMedium(tier=LinkTier.NODE_LEAF, cable=FIBRE),
                TierMedium(tier=LinkTier.LEAF_SPINE, cable=FIBRE),
            ],
            "two media",
        ),
        (
            [
                TierMedium(tier=LinkTier.NODE_LEAF, cable=FIBRE),
                TierMedium(tier=LinkTier.LEAF_SPINE, cable=FIBRE),
                TierMedium(tier=LinkTier.SPINE_CORE, cable=FIBRE),
            ],
            "without links",
        ),
        (
            [
                TierMedium(tier=LinkTier.NODE_LEAF, cable=FIBRE),
                TierMedium(
                    tier=LinkTier.LEAF_SPINE,
                    a_module=ModuleChoice(part_number="SINGLE-400G", ports_per_module=1),
                    cable=FIBRE,
                ),
            ],
            "cage holds 2",
        ),
    ],
)
def test_the_bom_rejects_media_that_do_not_fit_the_plan(media: list[TierMedium], message: str) -> None:
    plan = plan_fat_tree(PlanSpec(endpoints=100, switch=QM9700))
    with pytest.raises(InvalidSpecError, match=message):
        build_bom(plan, media)


def test_fabric_manager_media_cannot_count_leaf_modules_twice() -> None:
    plan = plan_fat_tree(
        PlanSpec(nodes=31, nics_per_node=8, switch=QM9700, fabric_manager=FabricManagerReservation(ports=4))
    )
    media = [
        TierMedium(tier=LinkTier.NODE_LEAF, cable=FIBRE),
        TierMedium(
            tier=LinkTier.MANAGER_LEAF,
            b_module=ModuleChoice(part_number="TWIN", ports_per_module=2),
            cable=FIBRE,
        ),
        TierMedium(tier=LinkTier.LEAF_SPINE, cable=FIBRE),
    ]
    with pytest.raises(InvalidSpecError, match="give no b_module"):
        build_bom(plan, media)


@pytest.mark.parametrize(
    "build",
    [
        lambda: ModuleChoice(part_number=" ", ports_per_module=2),
        lambda: ModuleChoice(part_number="M", ports_per_module=0),
        lambda: CableChoice(part_number="C", length_m=0),
        lambda: CableChoice(part_number="C", length_m=3, links_per_cable=0),
        lambda: SplitMode(name="", legs=2, leg_speed_gbps=200),
        lambda: BreakoutPolicy(tiers=frozenset({LinkTier.MANAGER_LEAF})),
    ],
)
def test_media_and_policy_models_reject_empty_or_zero_values(build: Any) -> None:
    with pytest.raises(InvalidSpecError):
        build()
