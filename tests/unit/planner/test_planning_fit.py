"""Which linkOptions options the planner can count for a tier (pure: parts built here as in the seed).

Parts copy the shipped NVIDIA NDR rows (seed/data/parts/nvidia_ndr.yaml): MMA4Z00-NS twin-port
finned switch module, MMA4Z00-NS400 single-port adapter module, MFP7E10 straight MPO-12/APC fiber,
MCP7Y00 1:2 DAC splitter (twin-port switch plug to two single-port adapter plugs). End A is the
tier's lower end (node), end B the upper (leaf).
"""

from __future__ import annotations

from service.domain.catalogue import (
    Cable,
    CableEnd,
    CableType,
    Cage,
    Device,
    DeviceType,
    FiberCable,
    Protocol,
    Side,
    Transceiver,
)
from service.domain.link import FiberRun, Link, LinkOption, MediumKind, ResolvedEnd, Verdict
from service.planner import LinkKind, LinkRequirement, LinkTier, PlacementClass, SwitchSpec
from service.planning import fit_option

QM9700 = SwitchSpec(model="MQM9700-NS2F", radix=64, port_speed_gbps=400, cages=32, ports_per_cage=2)
SWITCH_CAGE = Cage(
    id="osfp",
    form_factor="OSFP",
    count=32,
    logical_ports_per_cage=2,
    speeds_gbps=[400],
    protocols=[Protocol.INFINIBAND],
    sources=["N08"],
)
SWITCH_END = ResolvedEnd(
    label="MQM9700-NS2F",
    device=Device(
        model="MQM9700-NS2F",
        name="QM9700",
        vendor="NVIDIA",
        device_type=DeviceType.SWITCH,
        cages=[SWITCH_CAGE],
        sources=["N08"],
    ),
    cage=SWITCH_CAGE,
    role=Side.SWITCH,
)
NODE_END = ResolvedEnd(
    label="an OSFP cage",
    cage=Cage(
        id="bare",
        form_factor="OSFP",
        count=1,
        speeds_gbps=[800],
        protocols=[Protocol.INFINIBAND],
        sources=["x"],
    ),
)


def _module(part: str, ports: int, side: Side) -> Transceiver:
    return Transceiver(
        part_number=part,
        vendor="NVIDIA",
        description=part,
        protocols=[Protocol.INFINIBAND],
        form_factor="OSFP",
        ports=ports,
        rates_gbps=[400, 200],
        pmds=["NDR SR4"],
        connector="MPO-12/APC",
        side=side,
        sources=["N03"],
    )


TWIN = _module("MMA4Z00-NS", 2, Side.SWITCH)
SINGLE = _module("MMA4Z00-NS400", 1, Side.ADAPTER)
FIBER = FiberCable(
    part_number="MFP7E10-N003",
    vendor="NVIDIA",
    description="MPO-12/APC straight",
    fiber_type="OM4",
    protocols=[Protocol.INFINIBAND],
    connector_a="MPO-12/APC",
    connector_b="MPO-12/APC",
    length_m=3,
    sources=["N27"],
)
SPLITTER_DAC = Cable(
    part_number="MCP7Y00-N003",
    vendor="NVIDIA",
    description="1:2 DAC",
    protocols=[Protocol.INFINIBAND],
    cable_type=CableType.DAC,
    rates_gbps=[400],
    length_m=3,
    end_a=CableEnd(form_factor="OSFP", plugs=1, ports=2, rate_gbps=800, lanes=8, side=Side.SWITCH),
    end_b=CableEnd(form_factor="OSFP", plugs=2, ports=1, rate_gbps=400, lanes=4, side=Side.ADAPTER),
    sources=["N12"],
)


def _requirement(legs: int = 1, split: str | None = None, speed: float = 400) -> LinkRequirement:
    return LinkRequirement(
        tier=LinkTier.NODE_LEAF,
        kind=LinkKind.NODE_TO_SWITCH,
        count=2048,
        speed_gbps=speed,
        a_end="node",
        b_end="leaf",
        switch_port_speed_gbps=400,
        split_mode=split,
        legs_per_switch_port=legs,
        distance_m=3,
        placement=PlacementClass.IN_RACK,
    )


def _option(link: Link, medium: MediumKind) -> LinkOption:
    verdict = Verdict(valid=True, rate_gbps=400, protocol=Protocol.INFINIBAND, findings=())
    return LinkOption(rank=1, medium=medium, summary="test option", link=link, verdict=verdict, parts=())


def _optical(module_a: Transceiver, module_b: Transceiver) -> LinkOption:
    run = FiberRun(cable=FIBER, fiber_type="OM4", connector_a="MPO-12/APC", connector_b="MPO-12/APC", length_m=3)
    link = Link(end_a=NODE_END, end_b=SWITCH_END, distance_m=3, module_a=module_a, module_b=module_b, fibers=(run,))
    return _option(link, MediumKind.MULTIMODE_FIBER)


def _dac(end_at_a: str) -> LinkOption:
    link = Link(end_a=NODE_END, end_b=SWITCH_END, distance_m=3, cable=SPLITTER_DAC, cable_end_at_a=end_at_a)  # type: ignore[arg-type]
    return _option(link, MediumKind.PASSIVE_COPPER)


def test_a_twin_port_switch_module_fills_one_cage_and_the_node_module_keeps_its_ports() -> None:
    """NDR SR4 node ↔ leaf: MMA4Z00-NS400 (1 port) + MFP7E10 + MMA4Z00-NS (2 ports, one per cage)."""
    medium = fit_option(_optical(SINGLE, TWIN), _requirement(), QM9700)
    assert not isinstance(medium, str)
    assert medium.a_module is not None and medium.b_module is not None
    assert (medium.a_module.part_number, medium.a_module.ports_per_module) == ("MMA4Z00-NS400", 1)
    assert (medium.b_module.part_number, medium.b_module.ports_per_module) == ("MMA4Z00-NS", 2)
    assert (medium.cable.part_number, medium.cable.length_m, medium.cable.links_per_cable) == (
        "MFP7E10-N003",
        3,
        1,
    )


def test_a_single_port_module_in_a_twin_port_switch_cage_cannot_be_counted() -> None:
    why = fit_option(_optical(SINGLE, SINGLE), _requirement(), QM9700)
    assert why == "its switch-side MMA4Z00-NS400 serves 1 port(s) but a MQM9700-NS2F cage holds 2"


def test_the_1_to_2_dac_joined_at_the_leaf_serves_two_links_per_cable() -> None:
    """MCP7Y00: twin-port plug (2 ports) in the leaf cage, two single-port plugs at two nodes."""
    medium = fit_option(_dac(end_at_a="B"), _requirement(), QM9700)
    assert not isinstance(medium, str)
    assert (medium.a_module, medium.b_module) == (None, None)
    assert (medium.cable.part_number, medium.cable.links_per_cable) == ("MCP7Y00-N003", 2)


def test_a_splitter_whose_legs_sit_at_the_switch_cannot_be_counted() -> None:
    why = fit_option(_dac(end_at_a="A"), _requirement(), QM9700)
    assert why == "MCP7Y00-N003 splits at the switch end; splitters are counted joined at the leaf"


def test_a_split_tier_needs_legs_per_switch_port_not_a_straight_fiber_or_a_1_per_port_dac() -> None:
    """2xNDR200: each leaf port carries 2 links, which neither a straight MFP7E10 nor MCP7Y00 gives."""
    split = _requirement(legs=2, split="2xNDR200", speed=200)
    assert fit_option(_optical(SINGLE, TWIN), split, QM9700) == (
        "straight fiber carries one link per switch port; 2xNDR200 needs 2 (a splitter)"
    )
    assert fit_option(_dac(end_at_a="B"), split, QM9700) == (
        "MCP7Y00-N003 gives 1 link(s) per switch port; this tier needs 2 (2xNDR200)"
    )
