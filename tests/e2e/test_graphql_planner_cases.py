"""Every known-right fat-tree case through GraphQL ``planFatTree`` on a generic switch, and the
other issue-13 inputs (one-switch fabrics, exact ratios, planes, uplink bundles, media on generic
switches).

The cases and their sources are in ``tests/fixtures/fattree_cases.yaml`` (copied from the shared
case file; each entry cites its source). A case's switch is given by its numbers (radix, port
speed, ports per cage), so the textbook 4-, 36- and 48-port trees plan like the QM9700 ones. The
case file's ``compute_bom`` and ``other_fabrics`` need catalogue parts and fabrics outside the compute
fabric; the catalogue run of FT-DOC-08 in ``test_graphql_planner.py`` checks the compute BOM.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

CASES = yaml.safe_load((Path(__file__).parent.parent / "fixtures" / "fattree_cases.yaml").read_text())

PLAN = """
query Plan($spec: FatTreeSpecInput!) {
  planFatTree(spec: $spec) {
    __typename
    ... on FatTreePlan {
      switch { model generic cage formFactor radix portSpeedGbps portsPerCage }
      tiers planes pods
      switches { leaf spine core total }
      leafPortSplit { down up downLinks upLinks }
      links { nodeLeaf managerLeaf leafSpine spineCore leafDown total }
      linksPerLeafSpinePair switchCagesUsed maxEndpoints
      limits { oneTierMaxEndpoints twoTierMaxEndpoints threeTierMaxEndpoints }
      bisectionGbpsPerDirection oversubscriptionLabel
      linkTiers { tier count speedGbps distanceM endA endB reason
                  aModule { partNumber portsPerModule } bModule { partNumber portsPerModule }
                  cable { partNumber lengthM linksPerCable } }
      bom { category partNumber quantity }
      warnings { code message }
    }
    ... on PlanOversubscriptionError { code message requested nearest }
    ... on PlanTooManyEndpointsError { code message endpoints limit tiers }
    ... on ValidationError { code message field }
  }
}
"""

Gql = Callable[..., dict[str, Any]]


def _plan(gql: Gql, spec: dict[str, Any]) -> dict[str, Any]:
    body = gql(PLAN, {"spec": spec})
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["planFatTree"]
    return result


def _generic(switch: dict[str, Any]) -> dict[str, Any]:
    generic = {"radix": switch["radix"], "portSpeedGbps": switch["port_speed_gbps"], "model": switch["model"]}
    if "ports_per_cage" in switch:
        generic["portsPerCage"] = switch["ports_per_cage"]
    return generic


def _spec(case: dict[str, Any]) -> dict[str, Any]:
    """The case's inputs as a FatTreeSpecInput with a generic switch."""
    inputs = case["inputs"]
    spec: dict[str, Any] = {
        "genericSwitch": _generic(inputs["switch"]),
        "oversubscription": inputs["oversubscription"],
        "tiers": inputs["tiers"],
    }
    if "nodes" in inputs:
        spec |= {"nodes": inputs["nodes"], "nicsPerNode": inputs["nics_per_node"]}
    else:
        spec["endpoints"] = inputs["endpoints"]
    options = inputs.get("options", {})
    if options.get("rail_optimized"):
        spec |= {"railOptimized": True, "nodesPerSu": options["nodes_per_su"], "suCount": options["su_count"]}
    if options.get("reserve_one_node_per_su_for_ufm"):
        # The RA's counts fit one reserved slot in the whole fabric with 4 UFM links (Compute+UFM =
        # GPUs + 4 at every SU count), the planner's FabricManagerReservation convention.
        spec["fabricManager"] = {"nodeSlots": 1, "ports": options["ufm_ports"]}
    return spec


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_every_shared_fat_tree_case_plans_on_a_generic_switch(gql: Gql, case: dict[str, Any]) -> None:
    expected = case["expected"]
    plan = _plan(gql, _spec(case))
    assert plan["__typename"] == "FatTreePlan", plan
    assert plan["switch"]["generic"] is True
    assert plan["switches"] == {key: expected["switches"][key] for key in ("leaf", "spine", "core", "total")}
    assert plan["tiers"] == case["inputs"]["tiers"]
    links = expected["links"]
    names = {
        "node_leaf": "nodeLeaf",
        "leaf_spine": "leafSpine",
        "spine_leaf": "leafSpine",
        "spine_core": "spineCore",
        "compute_plus_ufm": "leafDown",
        "total": "total",
    }
    assert {names[key]: plan["links"][names[key]] for key in links} == {
        names[key]: value for key, value in links.items()
    }
    assert plan["bisectionGbpsPerDirection"] == expected["bisection_gbps"]
    if "pods" in expected:
        assert plan["pods"] == expected["pods"]
    if "leaf_port_split" in expected:
        split = expected["leaf_port_split"]
        assert (plan["leafPortSplit"]["down"], plan["leafPortSplit"]["up"]) == (split["down"], split["up"])
    if "links_per_leaf_spine_pair" in expected:
        assert plan["linksPerLeafSpinePair"] == expected["links_per_leaf_spine_pair"]
    if "max_endpoints" in expected:
        assert plan["maxEndpoints"] == expected["max_endpoints"]
    if "switch_side_twin_port_cages_used" in expected:
        assert plan["switchCagesUsed"] == expected["switch_side_twin_port_cages_used"]
    # No form factor given: no medium question, said so, and a BOM of switches only.
    assert plan["linkTiers"] == []
    assert "MEDIA_SKIPPED" in {warning["code"] for warning in plan["warnings"]}
    assert plan["bom"] == [
        {
            "category": "SWITCH",
            "partNumber": case["inputs"]["switch"]["model"],
            "quantity": expected["switches"]["total"],
        }
    ]


def test_648_endpoints_on_a_generic_36_port_switch_is_36_leaves_18_spines_648_uplinks(gql: Gql) -> None:
    """Issue 13 acceptance, the classic 648 = k²/2 for k = 36 (JLab 36-port rule, 18 down / 18 up)."""
    plan = _plan(gql, {"genericSwitch": {"radix": 36, "portSpeedGbps": 100}, "endpoints": 648})
    assert (plan["tiers"], plan["switches"]["leaf"], plan["switches"]["spine"]) == (2, 36, 18)
    assert plan["links"]["leafSpine"] == 648
    assert plan["switch"]["model"] == "generic 36-port 100G"
    assert plan["limits"] == {"oneTierMaxEndpoints": 36, "twoTierMaxEndpoints": 648, "threeTierMaxEndpoints": 11664}


def test_three_endpoints_take_one_switch_not_a_leaf_and_a_spine(gql: Gql) -> None:
    plan = _plan(gql, {"genericSwitch": {"radix": 64, "portSpeedGbps": 400}, "endpoints": 3})
    assert (plan["tiers"], plan["switches"]["total"], plan["links"]["leafSpine"]) == (1, 1, 0)
    assert plan["links"] == {
        "nodeLeaf": 3,
        "managerLeaf": 0,
        "leafSpine": 0,
        "spineCore": 0,
        "leafDown": 3,
        "total": 3,
    }
    assert plan["bisectionGbpsPerDirection"] == 3 * 400 / 2
    assert "SINGLE_SWITCH" in {warning["code"] for warning in plan["warnings"]}


def test_one_tier_refuses_more_endpoints_than_one_switch_has_ports(gql: Gql) -> None:
    error = _plan(gql, {"genericSwitch": {"radix": 36, "portSpeedGbps": 100}, "endpoints": 37, "tiers": 1})
    assert (error["__typename"], error["code"], error["limit"], error["tiers"]) == (
        "PlanTooManyEndpointsError",
        "TOO_MANY_ENDPOINTS",
        36,
        1,
    )


def _narval(ratio: str) -> dict[str, Any]:
    """Compute Canada Narval: 40-port HDR leaves, HDR100 nodes on 2xHDR100 split ports."""
    return {
        "genericSwitch": {"radix": 40, "portSpeedGbps": 200, "splitModes": ["2xHDR100"]},
        "endpoints": 66,
        "endpointSpeed": "HDR100",
        "oversubscription": ratio,
        "tiers": 2,
    }


def test_an_exact_ratio_is_honoured_33_to_7_on_narval_leaves(gql: Gql) -> None:
    """Narval: 33 HDR ports split into 66 HDR100 nodes, 7 HDR uplinks: 6,600 : 1,400 = 33:7."""
    plan = _plan(gql, _narval("33:7"))
    assert plan["leafPortSplit"] == {"down": 33, "up": 7, "downLinks": 66, "upLinks": 7}
    assert plan["oversubscriptionLabel"] == "33:7"


def test_a_ratio_no_split_gives_is_refused_with_the_nearest_buildable_ones(gql: Gql) -> None:
    """4.714:1 is not 33:7 (4.7142857…): refused, never planned as 4:1, naming 14:3 and 33:7."""
    error = _plan(gql, _narval("4.714:1"))
    assert error["__typename"] == "PlanOversubscriptionError"
    assert (error["code"], error["requested"], error["nearest"]) == (
        "OVERSUBSCRIPTION_NOT_BUILDABLE",
        "2357:500",
        ["14:3", "33:7"],
    )


def test_planes_split_each_node_across_independent_fabrics_b300_16_su(gql: Gql) -> None:
    """DGX B300 SuperPOD (busbar) Table 3, 16 SU: 1,024 nodes x 8 GPUs, 256 leaf, 128 spine, 8,192
    node-leaf and 8,192 leaf-spine links, which only a single 64-port tier of 2 fits as 8 per-rail
    planes (fattree-references.md §3.3): per plane 32 leaves, 16 spines, 2 links per pair."""
    spec = {
        "genericSwitch": {"radix": 64, "portSpeedGbps": 400, "portsPerCage": 2},
        "nodes": 1024,
        "nicsPerNode": 8,
        "planes": 8,
        "railOptimized": True,
        "nodesPerSu": 64,
    }
    plan = _plan(gql, spec)
    assert (plan["tiers"], plan["planes"]) == (2, 8)
    assert plan["switches"] == {"leaf": 256, "spine": 128, "core": 0, "total": 384}
    assert (plan["links"]["nodeLeaf"], plan["links"]["leafSpine"]) == (8192, 8192)
    assert plan["linksPerLeafSpinePair"] == 2
    assert plan["bisectionGbpsPerDirection"] == 8192 * 400 / 2
    single = _plan(gql, spec | {"planes": 1})
    assert single["tiers"] == 3  # one plane needs a core tier (8,192 > k²/2 = 2,048)


def test_uplink_bundles_set_the_links_per_leaf_spine_pair(gql: Gql) -> None:
    """512 NDR endpoints on 64-port leaves (16 leaves of 32 down / 32 up): the planner's choice is 8
    spines with 4 links per pair (the 512-GPU example); asking for bundles of 2 gives 16 spines."""
    base = {"genericSwitch": {"radix": 64, "portSpeedGbps": 400}, "endpoints": 512}
    chosen = _plan(gql, base)
    assert (chosen["switches"]["leaf"], chosen["switches"]["spine"], chosen["linksPerLeafSpinePair"]) == (16, 8, 4)
    bundled = _plan(gql, base | {"uplinksPerPair": 2})
    assert (bundled["switches"]["leaf"], bundled["switches"]["spine"], bundled["linksPerLeafSpinePair"]) == (16, 16, 2)
    assert bundled["links"]["leafSpine"] == 512
    error = _plan(gql, base | {"uplinksPerPair": 5})
    assert (error["__typename"], error["code"]) == ("ValidationError", "INVALID_SPEC")
    assert "do not divide the leaf's 32 uplinks" in error["message"]


def test_a_catalogue_switch_and_a_generic_one_cannot_both_be_given(gql: Gql) -> None:
    error = _plan(gql, {"switch": "QM9700", "genericSwitch": {"radix": 64, "portSpeedGbps": 400}, "endpoints": 8})
    assert (error["__typename"], error["field"]) == ("ValidationError", "spec.switch")


def test_a_generic_switch_with_a_form_factor_gets_its_media_from_link_options(gql: Gql) -> None:
    """A 32-port 100 Gb/s QSFP28 switch, 512 endpoints: 32 leaves of 16 down / 16 up, 16 spines; in a
    rack (3 m) linkOptions between bare QSFP28 cages ranks the 3 m passive DAC first (Extreme's
    100G-DACP-QSFP3M, EX01, ahead of Dell's DAC-QSFP-100G-3M, Aruba's JL307A and NVIDIA's 3 m DAC by part
    number), within a row (30 m)
    the 30 m AOC (Dell's AOC-Q28-100G-30M, ARB01, ahead of Dell's AOC-QSFP-100G-30M (HU01), NVIDIA's
    MFA1A00-E030 and Aruba's R0Z29A by part number)."""
    spec = {"genericSwitch": {"radix": 32, "portSpeedGbps": 100, "formFactor": "QSFP28"}, "endpoints": 512}
    plan = _plan(gql, spec)
    assert plan["switch"]["formFactor"] == "QSFP28"
    assert (plan["switches"]["leaf"], plan["switches"]["spine"]) == (32, 16)
    node_leaf, leaf_spine = plan["linkTiers"]
    # no node adapter given: the node end is an adapter-side single-port cage (NODE_END_ASSUMED)
    assert (node_leaf["endA"], node_leaf["endB"]) == ("a single-port QSFP28 adapter-side cage", "a QSFP28 cage")
    assert node_leaf["cable"] == {"partNumber": "100G-DACP-QSFP3M", "lengthM": 3.0, "linksPerCable": 1}
    assert leaf_spine["cable"] == {"partNumber": "AOC-Q28-100G-30M", "lengthM": 30.0, "linksPerCable": 1}
    assert "linkOptions rank 1" in node_leaf["reason"]
    assert {(line["category"], line["partNumber"]): line["quantity"] for line in plan["bom"]} == {
        ("SWITCH", "generic 32-port 100G"): 48,
        ("CABLE", "100G-DACP-QSFP3M"): 512,
        ("CABLE", "AOC-Q28-100G-30M"): 512,
    }
    assert "MEDIA_SKIPPED" not in {warning["code"] for warning in plan["warnings"]}
    assert "NODE_END_ASSUMED" in {warning["code"] for warning in plan["warnings"]}
