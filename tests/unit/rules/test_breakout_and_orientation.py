"""Breakout rules (legs, lanes and rate per leg; split modes; twin-port fibers) and the placement of
cables and splitters either way round. Pure: no database."""

from __future__ import annotations

from service.rules import orientations, valid_orientation
from tests.unit.rules.conftest import Kit


def test_ndr_to_four_ndr200_through_a_1_to_4_dac(kit: Kit) -> None:
    """QM9700 twin-port cage ══ MCP7Y40 (4 × 200G QSFP112) ══ BlueField-3 B3220: each NDR port splits
    into 2 × NDR200 (2 lanes each), the port mode "2xNDR200" (N15, N16)."""
    link = kit.link(kit.device("QM9700"), kit.device("B3220"), 3, cable="MCP7Y40-N003")
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.legs, verdict.lanes) == (True, 200.0, 2, 2)


def test_a_split_listed_per_cage_counts_too(kit: Kit) -> None:
    """Spectrum-4 SN5600 lists "4x200G" per 800G twin-port cage (S49); MCP7Y40 makes 2 legs per port,
    4 per cage, at 200G: supported."""
    link = kit.link(kit.device("SN5600"), kit.device("B3220"), 3, cable="MCP7Y40-N003")
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.protocol.value if verdict.protocol else None) == (
        True,
        200.0,
        "Ethernet",
    )


def test_an_adapter_port_does_not_split(kit: Kit) -> None:
    """MFS1S50-V (200GbE → 2 × 100GbE) with its trunk in a ConnectX-6 (no split modes):
    BREAKOUT_UNSUPPORTED naming the cable and the port's modes."""
    link = kit.link(kit.device("MCX653105A-HDAT"), kit.device("MCX623106AN-CDAT"), 3, cable="MFS1S50-V003E")
    [split] = kit.check(link).findings
    assert (split.code, split.parts) == ("BREAKOUT_UNSUPPORTED", ("MFS1S50-V003E",))
    assert split.message == (
        "MFS1S50-V003E splits a port of MCX653105A-HDAT into 2 × 100 Gb/s; that port's split modes: none"
    )


def test_a_fiber_splitter_named_from_the_adapter_end_is_turned_round(kit: Kit) -> None:
    """ConnectX-7 + MMA4Z00-NS400 ══ MFP7E20 ══ MMA4Z00-NS + QM9700: as named, the trunk would split the
    adapter's port (BREAKOUT_UNSUPPORTED); placed with the legs at the adapter it is valid at NDR200."""
    link = kit.link(
        kit.device("MCX75310AAS-NEAT"),
        kit.device("QM9700"),
        20,
        module_a="MMA4Z00-NS400",
        module_b="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E20-N020")],
    )
    as_named = kit.check(link)
    assert "BREAKOUT_UNSUPPORTED" in as_named.error_codes
    placed, verdict = kit.best(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.legs) == (True, 200.0, 2)
    assert (placed.fibers[0].legs_at, placed.fibers[0].connector_a) == ("A", "MPO-12/APC")


def test_a_splitter_dac_named_backwards_is_turned_round(kit: Kit) -> None:
    """C13: MCP7Y00 named with its flat 400G ends at the switch: turned round, valid; as named, the
    twin-port finned end sits in the ConnectX-7 and the flat end in the QM9700."""
    link = kit.link(kit.device("QM9700"), kit.device("MCX75310AAS-NEAT"), 2, cable="MCP7Y00-N002", cable_end_at_a="B")
    assert {"TOP_STYLE_MISMATCH", "WRONG_SIDE", "PORT_COUNT_MISMATCH"} <= set(kit.check(link).error_codes)
    placed, verdict = kit.best(link)
    assert (placed.cable_end_at_a, verdict.valid, verdict.rate_gbps, verdict.legs) == ("A", True, 400.0, 1)


def test_orientations_come_in_a_fixed_order(kit: Kit) -> None:
    """Cable end A at end A first; splitter legs at end B first; the order does not depend on how the
    link was named, so checkLink and linkOptions settle ties the same way."""
    dac = kit.link(kit.device("QM9700"), kit.device("QM9700"), 2, cable="MCP4Y10-N002", cable_end_at_a="B")
    assert [o.cable_end_at_a for o in orientations(dac)] == ["A", "B"]
    split = kit.link(
        kit.device("QM9700"),
        kit.device("MCX75310AAS-NEAT"),
        20,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS400",
        fibers=[kit.fiber("MFP7E20-N020")],
    )
    flipped = orientations(split)[1]
    assert [o.fibers[0].legs_at for o in orientations(flipped)] == ["B", "A"]


def test_a_straight_optical_link_has_one_orientation_itself(kit: Kit) -> None:
    """Neither cable nor splitter: one way round, the link itself (no copy)."""
    link = kit.link(
        kit.device("QM9700"),
        kit.device("QM9700"),
        40,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS",
        fibers=[kit.generic("OM4", "MPO-12/APC", 40)],
    )
    [only] = orientations(link)
    assert only is link
    assert valid_orientation(link, kit.ctx) == kit.best(link)


def test_valid_orientation_skips_a_link_with_a_distance_free_error(kit: Kit) -> None:
    """Mixed fibers on a twin port (TWIN_PORT_MIXED_FIBERS, an error no distance changes): no valid
    orientation, as best_orientation's verdict says."""
    link = kit.link(
        kit.device("QM9700"),
        kit.device("QM9700"),
        20,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E10-N020"), kit.fiber("MFP7E20-N020")],
    )
    assert valid_orientation(link, kit.ctx) is None
    assert not kit.best(link)[1].valid


def test_both_fibers_on_a_twin_port_must_be_the_same_type(kit: Kit) -> None:
    """C36: MMA4Z00-NS with a straight MFP7E10 on one port and an MFP7E20 splitter on the other:
    TWIN_PORT_MIXED_FIBERS (NVIDIA N02, N20)."""
    link = kit.link(
        kit.device("QM9700"),
        kit.device("QM9700"),
        20,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E10-N020"), kit.fiber("MFP7E20-N020")],
    )
    [mixed] = [f for f in kit.best(link)[1].findings if f.severity.value == "error"]
    assert (mixed.code, mixed.parts) == (
        "TWIN_PORT_MIXED_FIBERS",
        ("MMA4Z00-NS", "MFP7E10-N020", "MFP7E20-N020"),
    )


def test_two_straight_fibers_between_twin_ports_run_two_links(kit: Kit) -> None:
    """C35: two MMA4Z00-NS joined by two 40 m OM4 MPO-12/APC fibers: 2 ports × 400 = 800 Gb/s."""
    fiber = kit.generic("OM4", "MPO-12/APC", 40)
    link = kit.link(
        kit.device("QM9700"),
        kit.device("QM9700"),
        40,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS",
        fibers=[fiber, fiber],
    )
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps, verdict.ports, verdict.aggregate_gbps) == (
        True,
        400.0,
        2,
        800.0,
    )


def test_more_fibers_than_ports_is_a_structure_error(kit: Kit) -> None:
    link = kit.link(
        kit.device("QM9700"),
        kit.device("MCX75310AAS-NEAT"),
        20,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS400",
        fibers=[kit.fiber("MFP7E10-N020"), kit.fiber("MFP7E10-N020")],
    )
    assert kit.check(link).error_codes == ("LINK_STRUCTURE",)
