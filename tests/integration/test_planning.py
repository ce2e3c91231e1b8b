"""Planning on catalogue switches with media from linkOptions (real Neo4j, seeded catalogue).

Fabric counts are copied from /work/shared/cases/fattree.yaml (case id and source in each test);
part numbers are what the seeded catalogue's linkOptions answers for each tier, checked against the
NVIDIA documents the case cites (DGX H100 SuperPOD RA-11333-001: twin-port OSFP transceivers at the
switch, counted per cage; NDR 400G multimode fiber per link).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from service.errors import UnknownDeviceError
from service.planner import (
    BomCategory,
    FabricManagerReservation,
    LinkTier,
    PlacementClass,
    PlanLayout,
    TooManyEndpointsError,
    UnsupportedSplitError,
    WarningCode,
)
from service.planning import MediumPolicy, PlanningResult, PlanningService, PlanRequest
from service.use_cases import CatalogueService, EndRequest


@pytest.fixture(scope="module")
def planning(service: CatalogueService) -> PlanningService:
    return PlanningService(service)


def _tier(result: PlanningResult, tier: LinkTier) -> dict[str, int]:
    return {line.part_number: line.quantity for line in result.tier_lines(tier)}


def _dgx_h100(su_count: int, nodes: int) -> PlanRequest:
    """A DGX H100 SuperPOD compute fabric: 8 NDR NICs per DGX in 4 twin-port flat-top OSFP cages,
    rail-optimised, 32-node SUs with one slot kept for UFM (4 links), DGX-to-leaf within a row."""
    return PlanRequest(
        switch="QM9700",
        nodes=nodes,
        nics_per_node=8,
        tiers=2,
        rail_optimized=True,
        nodes_per_su=32,
        su_count=su_count,
        fabric_manager=FabricManagerReservation(node_slots=1, ports=4),
        layout=PlanLayout(node_leaf=PlacementClass.WITHIN_ROW),
        node_end=EndRequest(device="DGX-H100", cage="osfp"),
        manager_end=EndRequest(device="MCX75310AAS-NEAT"),
        preferred_parts=("MMA4Z00-NS-FLT",),
    )


def test_ft_th_11_qm9700_from_the_catalogue_is_64_leaves_and_32_spines(planning: PlanningService) -> None:
    """FT-TH-11-qm9700-ndr-2tier-max: 2,048 NDR endpoints on QM9700, k²/2 with k = 64.

    Source: k^2/2 with k=64; identical to NVIDIA DGX H100 SuperPOD RA-11333-001 V11 Table 3 8-SU row
    (64 leaf, 32 spine, node-leaf 2048, leaf-spine 2048). The switch is read from the catalogue:
    MQM9700-NS2F, 32 OSFP cages x 2 logical ports at 400 Gb/s (QM97X0 manual [N08, N32]).
    """
    result = planning.plan_fat_tree(PlanRequest(switch="QM9700", endpoints=2048, oversubscription="1:1", tiers=2))
    spec = result.switch.spec
    assert (spec.model, spec.radix, spec.cages, spec.ports_per_cage, spec.port_speed_gbps) == (
        "MQM9700-NS2F",
        64,
        32,
        2,
        400,
    )
    plan = result.plan
    assert (plan.leaf_port_split.down, plan.leaf_port_split.up) == (32, 32)
    assert (plan.switches.leaf, plan.switches.spine, plan.switches.core, plan.switches.total) == (
        64,
        32,
        0,
        96,
    )
    assert (plan.links.node_leaf, plan.links.leaf_spine) == (2048, 2048)
    assert plan.switch_cages_used == 3072  # switch_side_twin_port_cages_used
    assert plan.max_endpoints == 2048
    assert plan.bisection_gbps_per_direction == 409600
    assert result.bom.quantity("MQM9700-NS2F") == 96
    # Leaf-spine within a row (30 m): NDR SR4 twin-port modules, one per cage at both ends:
    # 64 leaves x 16 up-cages + 32 spines x 32 cages = 2,048; one MPO-12/APC fiber per link.
    assert _tier(result, LinkTier.LEAF_SPINE) == {"MMA4Z00-NS": 2048, "MFP7E10-N030": 2048}
    leaf_spine = result.media[1]
    assert leaf_spine.option is not None and leaf_spine.option.rank == 1
    assert "reach 50 m, margin 20 m" in leaf_spine.reason


def test_ft_doc_08_dgx_h100_4su_bom_has_the_ra_part_counts(planning: PlanningService) -> None:
    """FT-DOC-08-dgx-h100-4su-full-bom: 127 DGX H100, 4 SU, compute-fabric BOM with real part numbers.

    Source: H100 RA Table 4; RA-11333-001 V11 Appendix A Table 7 (48 x QM9700) and Table 8: 2,040 NDR
    400G cables (1,016 DGX-leaf + 1,024 leaf-spine), 1,536 switch twin-port OSFP transceivers
    (48 x 32 cages), 508 DGX OSFP transceivers (127 x 4 twin-port cages), 4 UFM transceivers (low
    confidence). The node end is the DGX H100's OSFP cages (twin-port, flat top), so linkOptions puts
    the flat-top MMA4Z00-NS-FLT at the DGX (RA: flat-top twin-port OSFP in DGX H100 cages [N21]).
    Not reproduced: the RA's "2 NDR 200G UFM cables"; the planner orders one cable per UFM link (4).
    """
    result = planning.plan_fat_tree(_dgx_h100(su_count=4, nodes=127))
    plan = result.plan
    assert (plan.switches.leaf, plan.switches.spine, plan.switches.total) == (32, 16, 48)
    assert plan.links.leaf_down == 1020  # compute_plus_ufm
    assert plan.links.leaf_spine == 1024  # spine_leaf
    assert plan.bisection_gbps_per_direction == 204800
    node_leaf = _tier(result, LinkTier.NODE_LEAF)
    leaf_spine = _tier(result, LinkTier.LEAF_SPINE)
    assert node_leaf == {"MMA4Z00-NS": 512, "MMA4Z00-NS-FLT": 508, "MFP7E10-N030": 1016}
    assert leaf_spine == {"MMA4Z00-NS": 1024, "MFP7E10-N030": 1024}
    assert _tier(result, LinkTier.MANAGER_LEAF) == {"MMA4Z00-NS400": 4, "MFP7E10-N030": 4}
    assert node_leaf["MFP7E10-N030"] + leaf_spine["MFP7E10-N030"] == 2040  # ndr_400g_cables
    assert result.bom.quantity("MMA4Z00-NS") == 1536  # switch_osfp_twin_port_transceivers
    assert result.bom.quantity("MMA4Z00-NS-FLT") == 508  # dgx_osfp_transceivers
    assert result.bom.quantity("MMA4Z00-NS400") == 4  # ufm_transceivers
    assert result.bom.quantity("MQM9700-NS2F") == 48
    assert result.bom.total(BomCategory.TRANSCEIVER) == 1536 + 508 + 4
    # the DGX H100 is the node end (its twin-port flat-top OSFP cages): linkOptions names the flat-top
    # MMA4Z00-NS-FLT itself at rank 1 (before, with a bare node cage, it came in place of MMA4Z00-NS)
    assert result.media[0].reason.startswith(
        "NDR SR4: MMA4Z00-NS-FLT + MFP7E10-N030 + MMA4Z00-NS, reach 50 m over OM4 — linkOptions rank 1 of 4 for "
        "1,016 node_leaf link(s) at 400 Gb/s over 30 m between DGX-H100 osfp and MQM9700-NS2F"
    )
    # DGX-to-leaf within a row, leaf-spine by default: 30 m each, assumed and said so
    assert [w.code for w in result.warnings] == [WarningCode.DESIGN_NOT_FULL, WarningCode.RUN_LENGTH_ASSUMED]
    assert result.warnings[1].message.startswith(
        "no cable-run length was given, so the plan assumed node_leaf 30 m (within_row), manager_leaf 30 m "
        "(within_row), leaf_spine 30 m (within_row): "
    )


def test_ft_doc_05_dgx_h100_one_su_reserves_a_slot_for_ufm(planning: PlanningService) -> None:
    """FT-DOC-05-dgx-h100-1su: 31 DGX + UFM in one 32-node SU.

    Source: NVIDIA DGX SuperPOD H100 RA, Network Fabrics, Table 4 (8 leaf, 4 spine, 252
    compute+UFM links, 256 spine-leaf cables for the full SU).
    """
    plan = planning.plan_fat_tree(_dgx_h100(su_count=1, nodes=31)).plan
    assert (plan.switches.leaf, plan.switches.spine, plan.switches.total) == (8, 4, 12)
    assert plan.links.leaf_down == 252
    assert plan.links.leaf_spine == 256
    assert plan.links_per_leaf_spine_pair == 8
    assert plan.bisection_gbps_per_direction == 51200


def test_ft_doc_09_sixteen_su_needs_three_tiers_and_single_mode_between_rows(
    planning: PlanningService,
) -> None:
    """FT-DOC-09-dgx-h100-b200-16su-3tier: 512 nodes x 8 NICs = 4,096 endpoints, three tiers.

    Source: DGX B200 SuperPOD RA, larger component counts; H100 RA-11333-001 V11 Table 3
    (128 leaf, 128 spine, 64 core, 4,096 links per tier). Spine-core runs between rows (100 m):
    beyond multimode reach (50 m over OM4 [N03]), so linkOptions answers single-mode optics.
    """
    result = planning.plan_fat_tree(
        PlanRequest(
            switch="QM9700",
            nodes=512,
            nics_per_node=8,
            tiers=3,
            rail_optimized=True,
            nodes_per_su=32,
            su_count=16,
        )
    )
    plan = result.plan
    assert (plan.switches.leaf, plan.switches.spine, plan.switches.core, plan.switches.total) == (
        128,
        128,
        64,
        320,
    )
    assert (plan.links.node_leaf, plan.links.leaf_spine, plan.links.spine_core) == (4096, 4096, 4096)
    assert plan.bisection_gbps_per_direction == 819200
    spine_core = result.media[2]
    assert spine_core.requirement.distance_m == 100
    assert spine_core.option is not None and spine_core.option.medium.value == "SMF"
    # Twin-port modules per cage: 128 spines x 16 up-cages + 64 cores x 32 cages.
    modules = [line for line in result.tier_lines(LinkTier.SPINE_CORE) if line.category is BomCategory.TRANSCEIVER]
    assert sum(line.quantity for line in modules) == 128 * 16 + 64 * 32


def test_hdr100_endpoints_use_the_qm8700_2xhdr100_split(planning: PlanningService) -> None:
    """QM8700: 40 QSFP56 HDR ports, 2xHDR100 splits one port into two 100 Gb/s links [N36, N48];
    so a leaf at 1:1 has 20 down-ports = 40 HDR100 links and 20 uplinks (derived, not quoted):
    800 endpoints → 20 leaves, 10 spines (20 uplinks / 10 = 2 per pair). The node tier asks
    linkOptions for 100 Gb/s legs, two per leaf port; only a 1:2 splitter (e.g. MFS1S50-H, HDR →
    2 x HDR100 AOC [N48]) fits. Where linkOptions offers none, the tier says so instead."""
    result = planning.plan_fat_tree(PlanRequest(switch="QM8700", endpoints=800, endpoint_speed="HDR100"))
    plan = result.plan
    assert (plan.geometry.node_leaf_split, plan.geometry.node_leaf_legs, plan.endpoint_speed_gbps) == (
        "2xHDR100",
        2,
        100,
    )
    assert (plan.leaf_port_split.down, plan.leaf_port_split.up, plan.leaf_port_split.down_links) == (
        20,
        20,
        40,
    )
    assert (plan.switches.leaf, plan.switches.spine) == (20, 10)
    node = result.media[0]
    assert (node.requirement.speed_gbps, node.requirement.legs_per_switch_port) == (100, 2)
    assert node.end_b == "MQM8700-HS2F"
    if node.medium is not None:
        assert node.medium.cable.links_per_cable == 2  # a 1:2 splitter, one per leaf port
        assert sum(_tier(result, LinkTier.NODE_LEAF).values()) == 400
    else:
        assert WarningCode.NO_VALID_MEDIUM in [w.code for w in result.warnings]
        assert result.tier_lines(LinkTier.NODE_LEAF) == ()


def test_a_tier_without_a_valid_medium_keeps_the_plan_and_says_so(planning: PlanningService) -> None:
    """400 Gb/s to an SFP+ cage: linkOptions has nothing; the plan stands, the node-leaf lines are
    missing from the BOM and a NO_VALID_MEDIUM warning names the tier."""
    result = planning.plan_fat_tree(
        PlanRequest(switch="QM9700", endpoints=64, tiers=2, node_end=EndRequest(form_factor="SFP+"))
    )
    assert (result.plan.switches.leaf, result.plan.switches.spine) == (2, 1)
    node = result.media[0]
    assert (node.medium, node.option, node.options_offered) == (None, None, 0)
    assert result.tier_lines(LinkTier.NODE_LEAF) == ()
    codes = [w.code for w in result.warnings]
    assert WarningCode.NO_VALID_MEDIUM in codes
    assert any(w.message.startswith("node_leaf: linkOptions offers no valid medium") for w in result.warnings)
    assert result.bom.quantity("MQM9700-NS2F") == 3


def test_prefer_optics_skips_the_in_rack_dac(planning: PlanningService) -> None:
    """In a rack (3 m) linkOptions ranks passive copper first; PREFER_OPTICS takes the first fiber option."""
    ranked = planning.plan_fat_tree(PlanRequest(switch="QM9700", endpoints=2048, tiers=2))
    optics = planning.plan_fat_tree(
        PlanRequest(switch="QM9700", endpoints=2048, tiers=2, medium_policy=MediumPolicy.PREFER_OPTICS)
    )
    assert ranked.media[0].option is not None and ranked.media[0].option.medium.value == "DAC"
    chosen = optics.media[0].option
    assert chosen is not None and chosen.medium.value in ("AOC", "MMF", "SMF")
    assert "policy prefer_optics" in optics.media[0].reason


def test_unknown_switch_model_names_the_closest(planning: PlanningService) -> None:
    with pytest.raises(UnknownDeviceError) as caught:
        planning.plan_fat_tree(PlanRequest(switch="QM9701", endpoints=100))
    assert caught.value.code == "UNKNOWN_DEVICE"
    assert any("9700" in name for name in caught.value.suggestions)


def test_endpoints_beyond_three_tiers_of_qm9700_and_an_unlisted_split_are_typed(
    planning: PlanningService,
) -> None:
    """QM9700 three tiers at 1:1: k³/4 = 65,536 endpoints (Al-Fares et al. 2008, k = 64)."""
    with pytest.raises(TooManyEndpointsError) as too_many:
        planning.plan_fat_tree(PlanRequest(switch="QM9700", endpoints=65537))
    assert (too_many.value.limit, too_many.value.tiers, too_many.value.endpoints) == (65536, 3, 65537)
    with pytest.raises(UnsupportedSplitError) as split:
        planning.plan_fat_tree(PlanRequest(switch="QM8700", endpoints=100, endpoint_speed="50G"))
    assert split.value.supported == ("2xHDR100",)


def test_the_cli_plans_and_exits_non_zero_on_a_typed_error(neo4j_uri: str, seeded: object, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``fabricgraph plan``: FT-TH-11 as JSON with the exports written; 65,537 endpoints exit 1."""
    from service.cli import app

    runner = CliRunner()
    env = {"NEO4J_URI": neo4j_uri}
    svg, bom = tmp_path / "fabric.svg", tmp_path / "bom.csv"
    done = runner.invoke(
        app,
        [
            "plan",
            "--switch",
            "QM9700",
            "--endpoints",
            "2048",
            "--tiers",
            "2",
            "--format",
            "json",
            "--svg",
            str(svg),
            "--bom-csv",
            str(bom),
        ],
        env=env,
    )
    assert done.exit_code == 0, done.output
    answer = json.loads(done.stdout)
    assert answer["plan"]["switches"]["leaf"] == 64
    assert answer["plan"]["bisection_gbps_per_direction"] == 409600
    assert "bisection 409,600 Gb/s per direction" in svg.read_text()
    assert bom.read_text().splitlines()[1].startswith("switch,MQM9700-NS2F,")
    failed = runner.invoke(app, ["plan", "--switch", "QM9700", "--endpoints", "65537"], env=env)
    assert failed.exit_code == 1
    assert "TOO_MANY_ENDPOINTS" in failed.output


def test_the_cli_node_cage_options_reach_the_plan(neo4j_uri: str, seeded: object) -> None:
    """``--node-form-factor OSFP --node-top-style flat --node-ports 1 --node-side adapter``: the node end
    is the cage described (a ConnectX-7-like OSFP cage), so no NODE_END_ASSUMED; 512 NDR200 endpoints
    take NVIDIA's NDR200 set-up at the nodes (flat-top single-port MMA4Z00-NS400 on MFP7E20 splitter
    legs); ``--node-leaf 4`` states the node-leaf run, so only leaf_spine's 30 m is assumed."""
    from service.cli import app

    done = CliRunner().invoke(
        app,
        [
            *("plan", "--switch", "QM9700", "--endpoints", "512", "--endpoint-speed", "NDR200", "--format", "json"),
            *("--node-form-factor", "OSFP", "--node-top-style", "flat", "--node-ports", "1", "--node-side", "adapter"),
            *("--node-leaf", "4"),
        ],
        env={"NEO4J_URI": neo4j_uri},
    )
    assert done.exit_code == 0, done.output
    answer = json.loads(done.stdout)
    node = answer["media"][0]
    assert node["end_a"] == "a flat-top single-port OSFP adapter-side cage"
    assert node["option_summary"] == "NDR SR4: MMA4Z00-NS400 + MFP7E20-N005 + MMA4Z00-NS, reach 50 m over OM4"
    assert {line["part_number"]: line["quantity"] for line in answer["bom"]["lines"]} == {
        "MQM9700-NS2F": 12,
        "MMA4Z00-NS": 384,
        "MMA4Z00-NS400": 512,
        "MFP7E10-N030": 256,
        "MFP7E20-N005": 256,
    }
    assert [w["code"] for w in answer["warnings"]] == ["RUN_LENGTH_ASSUMED"]
    assert answer["warnings"][0]["message"].startswith(
        "no cable-run length was given, so the plan assumed leaf_spine 30 m (within_row): "
    )


def test_the_cli_plans_a_generic_switch_and_writes_the_hand_off_files(  # type: ignore[no-untyped-def]
    neo4j_uri: str, seeded: object, tmp_path
) -> None:
    """``fabricgraph plan --radix 36 --port-speed 100``: FT-TH-06 (648 = 36 leaves + 18 spines, k²/2 for
    k = 36), with the NetBox CSVs and the topology file written and read back to the counts."""
    from service.cli import app

    runner = CliRunner()
    netbox, topology = tmp_path / "netbox", tmp_path / "fabric.topo"
    done = runner.invoke(
        app,
        [
            *("plan", "--radix", "36", "--port-speed", "100", "--endpoints", "648", "--format", "json"),
            *("--netbox-dir", str(netbox), "--topology", str(topology)),
        ],
        env={"NEO4J_URI": neo4j_uri},
    )
    assert done.exit_code == 0, done.output
    answer = json.loads(done.stdout)
    assert answer["switch"]["generic"] is True
    assert answer["plan"]["switches"] == {"leaf": 36, "spine": 18, "core": 0, "total": 54}
    assert answer["plan"]["links"]["leaf_spine"] == 648
    devices = (netbox / "devices.csv").read_text().splitlines()[1:]
    assert sum(line.split(",")[1] in ("leaf", "spine") for line in devices) == 54
    assert len((netbox / "cables.csv").read_text().splitlines()) - 1 == 1296
    text = topology.read_text()
    assert text.count("\nSwitch\t36 ") == 54 and text.count("\nCa\t1 ") == 648


def test_the_cli_compares_the_same_fabric_on_two_switches(neo4j_uri: str, seeded: object) -> None:
    """``--switch`` twice: QM9700 (64 x 400G) 96 switches, SN5600 (128 x 400GbE) 48, as compareFabrics."""
    from service.cli import app

    done = CliRunner().invoke(
        app,
        [
            *("plan", "--switch", "QM9700", "--switch", "SN5600", "--endpoints", "2048"),
            *("--endpoint-speed", "400G", "--format", "json"),
        ],
        env={"NEO4J_URI": neo4j_uri},
    )
    assert done.exit_code == 0, done.output
    rows = json.loads(done.stdout)["comparison"]
    assert [(row["switch"], row["summary"]["switches"]) for row in rows] == [("QM9700", 96), ("SN5600", 48)]
    table = CliRunner().invoke(
        app,
        ["plan", "--switch", "QM9700", "--switch", "SN5600", "--endpoints", "2048"],
        env={"NEO4J_URI": neo4j_uri, "COLUMNS": "200"},  # a wide terminal: no column cut to "MQM9700-…"
    )
    assert table.exit_code == 0, table.output
    assert "MQM9700-NS2F" in table.output and "SN5600" in table.output


def test_the_cli_plan_tables_keep_each_part_number_whole_on_a_narrow_terminal(neo4j_uri: str, seeded: object) -> None:
    """Fresh-user finding: on a narrow terminal the tables split part numbers across lines. At 80
    columns every bill-of-materials part number, and each part of the chosen media, is on one line."""
    from service.cli import app

    args = ["plan", "--switch", "QM9700", "--endpoints", "2048", "--tiers", "2"]
    answer = json.loads(CliRunner().invoke(app, [*args, "--format", "json"], env={"NEO4J_URI": neo4j_uri}).stdout)
    parts = [line["part_number"] for line in answer["bom"]["lines"]]
    assert "MQM9700-NS2F" in parts and "MMA4Z00-NS" in parts
    table = CliRunner().invoke(app, args, env={"NEO4J_URI": neo4j_uri, "COLUMNS": "80"})
    assert table.exit_code == 0, table.output
    printed = table.output.splitlines()
    for part in parts:
        assert any(part in line for line in printed), (part, table.output)
