"""Fan-out chains: one trunk, several media, one far end per leg (service.rules.fanout).

The issue's case, NVIDIA's NDR200 breakout (N02: each port of a twin-port MMA4Z00-NS takes an
MFP7E20 1:2 splitter, each leg an MMA4Z00-NS400 at 200 Gb/s on 2 lanes; QM9700 split mode
2xNDR200, N16)::

    QM9700 ─ MMA4Z00-NS ═╦═ MFP7E20 ═╦═ MMA4Z00-NS400 ─ ConnectX-7   (leg 0)
                         ║           ╚═ MMA4Z00-NS400 ─ ConnectX-7   (leg 1)
                         ╚═ MFP7E20 ═╦═ MMA4Z00-NS400 ─ ConnectX-7   (leg 2)
                                     ╚═ MMA4Z00-NS400 ─ ConnectX-7   (leg 3)
"""

from __future__ import annotations

from service.domain.link import FanOutLeg
from service.rules import check_fan_out
from tests.unit.rules.conftest import Kit

CX7 = "MCX75310AAS-NEAT"


def _legs(kit: Kit, n: int, module: str | None = "MMA4Z00-NS400", device: str = CX7) -> list[FanOutLeg]:
    return [FanOutLeg(end=kit.device(device), module=kit.module(module) if module else None) for _ in range(n)]


def test_one_twin_port_module_two_splitters_four_adapters_is_valid_four_legs_at_200(kit: Kit) -> None:
    trunk = kit.link(
        kit.device("QM9700"),
        kit.device(CX7),
        20,
        module_a="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E20-N020"), kit.fiber("MFP7E20-N020")],
    )
    verdict, legs = check_fan_out(trunk, _legs(kit, 4), kit.ctx)
    assert (verdict.valid, verdict.rate_gbps, verdict.ports, verdict.legs, verdict.lanes) == (True, 200.0, 4, 2, 2)
    assert verdict.aggregate_gbps == 800.0
    assert [(leg.index, leg.medium, leg.verdict.valid, leg.verdict.rate_gbps) for leg in legs] == [
        (0, "MFP7E20-N020", True, 200.0),
        (1, "MFP7E20-N020", True, 200.0),
        (2, "MFP7E20-N020", True, 200.0),
        (3, "MFP7E20-N020", True, 200.0),
    ]
    assert [f.code for f in verdict.findings if f.severity.value == "error"] == []
    # the QM9700 port must be split 2xNDR200: said once for the chain, not once per leg
    assert [f.code for f in verdict.findings].count("CONFIG_PREREQUISITE") == 1


def test_two_straight_fibers_on_a_twin_port_module_reach_two_adapters_at_400(kit: Kit) -> None:
    """MMA4Z00-NS ═ 2 × MFP7E10 ═ 2 × MMA4Z00-NS400: each port a straight 400G link (N02)."""
    trunk = kit.link(
        kit.device("QM9700"),
        kit.device(CX7),
        20,
        module_a="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E10-N020"), kit.fiber("MFP7E10-N020")],
    )
    verdict, legs = check_fan_out(trunk, _legs(kit, 2), kit.ctx)
    assert (verdict.valid, verdict.rate_gbps, verdict.ports, verdict.legs) == (True, 400.0, 2, 1)
    assert [leg.verdict.rate_gbps for leg in legs] == [400.0, 400.0]


def test_three_far_ends_on_four_splitter_legs_is_a_structure_error(kit: Kit) -> None:
    trunk = kit.link(
        kit.device("QM9700"),
        kit.device(CX7),
        20,
        module_a="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E20-N020"), kit.fiber("MFP7E20-N020")],
    )
    verdict, legs = check_fan_out(trunk, _legs(kit, 3), kit.ctx)
    assert verdict.valid is False
    assert verdict.error_codes == ("LINK_STRUCTURE",)
    assert verdict.findings[0].message == (
        "the media carry 4 leg(s) (2 leg(s), 2 leg(s)) but 3 far end(s) are named: name one far end per "
        "splitter leg, in order"
    )
    assert len(legs) == 3


def test_a_splitter_and_a_straight_fiber_on_one_twin_port_module_are_mixed(kit: Kit) -> None:
    """C36 as a fan-out: MFP7E10 on one port, MFP7E20 on the other (N02, N20)."""
    trunk = kit.link(
        kit.device("QM9700"),
        kit.device(CX7),
        20,
        module_a="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E10-N020"), kit.fiber("MFP7E20-N020")],
    )
    verdict, _ = check_fan_out(trunk, _legs(kit, 3), kit.ctx)
    assert verdict.error_codes == ("TWIN_PORT_MIXED_FIBERS",)


def test_one_bad_leg_is_named_in_the_chain_finding(kit: Kit) -> None:
    """Leg 1 ends in a finned switch-side MMA4Z00-NS in the ConnectX-7: only that leg fails."""
    trunk = kit.link(
        kit.device("QM9700"),
        kit.device(CX7),
        20,
        module_a="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E20-N020")],
    )
    legs = [
        FanOutLeg(end=kit.device(CX7), module=kit.module("MMA4Z00-NS400")),
        FanOutLeg(end=kit.device(CX7), module=kit.module("MMA4Z00-NS")),
    ]
    verdict, checks = check_fan_out(trunk, legs, kit.ctx)
    assert [c.verdict.valid for c in checks] == [True, False]
    assert verdict.valid is False
    errors = [f for f in verdict.findings if f.severity.value == "error"]
    assert errors and all(f.message.startswith("leg 1 (MCX75310AAS-NEAT): ") for f in errors)


def test_a_1_to_4_splitter_cable_fans_out_to_four_qsfp112_adapters(kit: Kit) -> None:
    """MCA7J75 ACC: twin-port 800G OSFP to 4 × 200G QSFP112 (N50, N27) into four ConnectX-7 QSFP112."""
    trunk = kit.link(kit.device("QM9700"), kit.device("MCX755106AS-HEAT"), 3, cable="MCA7J75-N005")
    verdict, checks = check_fan_out(trunk, _legs(kit, 4, module=None, device="MCX755106AS-HEAT"), kit.ctx)
    assert [(c.verdict.valid, c.verdict.rate_gbps) for c in checks] == [(True, 200.0)] * 4
    assert (verdict.valid, verdict.rate_gbps, verdict.ports, verdict.legs) == (True, 200.0, 4, 4)
