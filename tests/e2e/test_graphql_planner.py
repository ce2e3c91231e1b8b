"""planFatTree over HTTP: catalogue switches, media from linkOptions, typed errors, exports.

Counts are copied from /work/shared/cases/fattree.yaml (case id and source in each docstring); part
numbers are the seeded catalogue's linkOptions answers, matching the NVIDIA RA's parts (twin-port
OSFP transceivers at the switch, counted per cage; NDR multimode fiber per link).
"""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

PLAN = """
query Plan($spec: FatTreeSpecInput!) {
  planFatTree(spec: $spec) {
    __typename
    ... on FatTreePlan {
      switch { model radix cages portsPerCage portSpeedGbps splitModes }
      tiers pods
      switches { leaf spine core total }
      leafPortSplit { down up downLinks upLinks }
      links { nodeLeaf managerLeaf leafSpine spineCore leafDown total }
      linksPerLeafSpinePair linksPerSpineCorePair switchCagesUsed maxEndpoints
      ports { tier switches used free cagesUsed }
      bisectionGbpsPerDirection oversubscriptionLabel
      linkTiers {
        tier count speedGbps distanceM endA endB
        aModule { partNumber portsPerModule } bModule { partNumber portsPerModule }
        cable { partNumber lengthM linksPerCable }
        reason option { rank medium reachM marginM limitingSources { id url } }
        bom { partNumber quantity }
      }
      bom { category partNumber quantity lengthM tiers }
      warnings { code message }
    }
    ... on PlanRadixTooSmallError { code message radix minimumRadix }
    ... on PlanTooManyEndpointsError { code message endpoints limit tiers }
    ... on PlanUnsupportedSplitError { code message requested supported }
    ... on NotFoundError { code message name suggestions }
    ... on ValidationError { code message field }
  }
}
"""

Gql = Callable[..., dict[str, Any]]


def _plan(gql: Gql, spec: dict[str, Any], query: str = PLAN) -> dict[str, Any]:
    body = gql(query, {"spec": spec})
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["planFatTree"]  # type: ignore[index]
    return result


def _tier_bom(plan: dict[str, Any], tier: str) -> dict[str, int]:
    (entry,) = [t for t in plan["linkTiers"] if t["tier"] == tier]
    return {line["partNumber"]: line["quantity"] for line in entry["bom"]}


def _dgx(su_count: int, nodes: int) -> dict[str, Any]:
    return {
        "switch": "QM9700",
        "nodes": nodes,
        "nicsPerNode": 8,
        "tiers": 2,
        "railOptimized": True,
        "nodesPerSu": 32,
        "suCount": su_count,
        "fabricManager": {"nodeSlots": 1, "ports": 4, "end": {"device": "MCX75310AAS-NEAT"}},
        "layout": {"nodeLeaf": {"placement": "WITHIN_ROW"}},
        "nodeEnd": {"device": "DGX-H100", "formFactor": "OSFP"},
        "preferredParts": ["MMA4Z00-NS-FLT"],
    }


def test_ft_th_11_qm9700_2048_endpoints_is_64_leaf_32_spine_409600_per_direction(gql: Gql) -> None:
    """FT-TH-11-qm9700-ndr-2tier-max: k²/2 with k = 64 from the catalogue's QM9700 (32 OSFP cages x 2).

    Source: NVIDIA DGX H100 SuperPOD RA-11333-001 V11 Table 3 8-SU row (64 leaf, 32 spine, node-leaf
    2048, leaf-spine 2048); bisection per direction 2,048 x 400 / 2 = 409,600 Gb/s.
    """
    plan = _plan(gql, {"switch": "QM9700", "endpoints": 2048, "oversubscription": "1:1", "tiers": 2})
    assert plan["__typename"] == "FatTreePlan"
    assert plan["switch"] == {
        "model": "MQM9700-NS2F",
        "radix": 64,
        "cages": 32,
        "portsPerCage": 2,
        "portSpeedGbps": 400.0,
        "splitModes": ["2xNDR200: 2 × 200 Gb/s", "2xHDR100: 2 × 100 Gb/s"],
    }
    assert plan["leafPortSplit"] == {"down": 32, "up": 32, "downLinks": 32, "upLinks": 32}
    assert plan["switches"] == {"leaf": 64, "spine": 32, "core": 0, "total": 96}
    assert (plan["links"]["nodeLeaf"], plan["links"]["leafSpine"]) == (2048, 2048)
    assert plan["switchCagesUsed"] == 3072
    assert plan["maxEndpoints"] == 2048
    assert plan["bisectionGbpsPerDirection"] == 409600
    assert [(p["tier"], p["switches"], p["used"], p["free"]) for p in plan["ports"]] == [
        ("LEAF", 64, 4096, 0),
        ("SPINE", 32, 2048, 0),
    ]
    leaf_spine = plan["linkTiers"][1]
    assert (leaf_spine["tier"], leaf_spine["count"], leaf_spine["distanceM"]) == ("LEAF_SPINE", 2048, 30.0)
    assert leaf_spine["bModule"] == {"partNumber": "MMA4Z00-NS", "portsPerModule": 2}
    assert leaf_spine["option"]["limitingSources"], "the reach that limits the medium cites its source"
    assert {line["partNumber"]: line["quantity"] for line in plan["bom"]}["MQM9700-NS2F"] == 96


def test_ft_doc_08_dgx_h100_bom_lines_carry_real_part_numbers_from_link_options(gql: Gql) -> None:
    """FT-DOC-08-dgx-h100-4su-full-bom: 127 DGX H100, 4 SU + UFM.

    Source: RA-11333-001 V11 Appendix A Tables 7-8: 48 QM9700; 2,040 NDR 400G cables (1,016 + 1,024);
    1,536 switch twin-port OSFP transceivers (48 x 32 cages); 508 DGX OSFP transceivers (127 x 4);
    4 UFM transceivers (low confidence). Node-leaf: MMA4Z00-NS at the switch, the flat-top
    MMA4Z00-NS-FLT in the DGX, MFP7E10-N030 multimode fiber (30 m, within a row).
    """
    plan = _plan(gql, _dgx(su_count=4, nodes=127))
    assert plan["switches"] == {"leaf": 32, "spine": 16, "core": 0, "total": 48}
    assert (plan["links"]["leafDown"], plan["links"]["leafSpine"]) == (1020, 1024)
    assert plan["bisectionGbpsPerDirection"] == 204800
    node_leaf = plan["linkTiers"][0]
    assert node_leaf["bModule"] == {"partNumber": "MMA4Z00-NS", "portsPerModule": 2}
    assert node_leaf["aModule"] == {"partNumber": "MMA4Z00-NS-FLT", "portsPerModule": 2}
    assert node_leaf["cable"] == {"partNumber": "MFP7E10-N030", "lengthM": 30.0, "linksPerCable": 1}
    assert _tier_bom(plan, "NODE_LEAF") == {"MMA4Z00-NS": 512, "MMA4Z00-NS-FLT": 508, "MFP7E10-N030": 1016}
    assert _tier_bom(plan, "LEAF_SPINE") == {"MMA4Z00-NS": 1024, "MFP7E10-N030": 1024}
    assert _tier_bom(plan, "MANAGER_LEAF") == {"MMA4Z00-NS400": 4, "MFP7E10-N030": 4}
    bom = {(line["category"], line["partNumber"]): line["quantity"] for line in plan["bom"]}
    assert bom == {
        ("SWITCH", "MQM9700-NS2F"): 48,
        ("TRANSCEIVER", "MMA4Z00-NS"): 1536,
        ("TRANSCEIVER", "MMA4Z00-NS-FLT"): 508,
        ("TRANSCEIVER", "MMA4Z00-NS400"): 4,
        ("CABLE", "MFP7E10-N030"): 1016 + 4 + 1024,
    }


def test_ft_doc_05_exports_cabling_svg_json_and_bom_csv_when_asked(gql: Gql) -> None:
    """FT-DOC-05-dgx-h100-1su: 31 DGX + UFM, 8 leaf / 4 spine, 252 compute+UFM, 256 spine-leaf.

    Source: NVIDIA DGX SuperPOD H100 RA, Network Fabrics, Table 4. The cabling list has one row per
    link: 248 + 4 + 256 = 508.
    """
    query = """query Plan($spec: FatTreeSpecInput!) { planFatTree(spec: $spec) {
      ... on FatTreePlan { bomCsv planJson cablingCsv topologySvg } } }"""
    plan = _plan(gql, _dgx(su_count=1, nodes=31), query)
    rows = list(csv.DictReader(io.StringIO(plan["cablingCsv"])))
    assert len(rows) == 508
    assert [sum(1 for r in rows if r["tier"] == t) for t in ("node_leaf", "manager_leaf", "leaf_spine")] == [
        248,
        4,
        256,
    ]
    assert rows[0]["part_number"] == "MFP7E10-N030"
    document = json.loads(plan["planJson"])
    assert document["switch"]["model"] == "MQM9700-NS2F"
    assert document["plan"]["switches"] == {"leaf": 8, "spine": 4, "core": 0, "total": 12}
    assert document["plan"]["bisection_gbps_per_direction"] == 51200
    assert [m["tier"] for m in document["media"]] == ["node_leaf", "manager_leaf", "leaf_spine"]
    bom = list(csv.DictReader(io.StringIO(plan["bomCsv"])))
    assert (bom[0]["category"], bom[0]["part_number"], bom[0]["quantity"]) == ("switch", "MQM9700-NS2F", "12")
    svg = ET.fromstring(plan["topologySvg"])
    text = " ".join(t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text"))
    assert "bisection 51,200 Gb/s per direction" in text
    assert "8 link(s) per leaf-spine pair" in text


def test_a_bare_osfp_node_end_without_a_side_orders_the_default_node_modules(gql: Gql) -> None:
    """Practitioner trial: 512 NDR200 endpoints on QM9700 with ``nodeEnd {formFactor: OSFP}`` (no side).
    A node end is a NIC/HCA/DPU cage, so it is planned on the adapter side; the node tier orders what
    the default node end orders, NVIDIA's NDR200 set-up [N02]: 128 twin-port MMA4Z00-NS in the leaves,
    256 MFP7E20-N005 1:2 splitters, 512 single-port MMA4Z00-NS400 at the nodes (not finned twin-port
    switch modules, nor the twin-port flat-top MMA4Z00-NS-FLT: the cage's ports were not given).
    NODE_END_ASSUMED says the side was taken; RUN_LENGTH_ASSUMED names 3 m and 30 m."""
    base = {"switch": "QM9700", "endpoints": 512, "endpointSpeed": "NDR200"}
    bare = _plan(gql, base | {"nodeEnd": {"formFactor": "OSFP"}})
    default = _plan(gql, base)
    assert bare["linkTiers"][0]["endA"] == "an OSFP adapter-side cage"
    assert bare["linkTiers"][0]["aModule"] == {"partNumber": "MMA4Z00-NS400", "portsPerModule": 1}
    assert _tier_bom(bare, "NODE_LEAF") == {"MMA4Z00-NS": 128, "MMA4Z00-NS400": 512, "MFP7E20-N005": 256}
    assert bare["bom"] == default["bom"]
    assert [w["code"] for w in bare["warnings"]] == ["NODE_END_ASSUMED", "RUN_LENGTH_ASSUMED"]
    assert bare["warnings"][0]["message"].startswith(
        "the node end OSFP was given without a side: it was taken to be an adapter-side OSFP cage"
    )
    assert bare["warnings"][1]["message"].startswith(
        "no cable-run length was given, so the plan assumed node_leaf 3 m (in_rack), leaf_spine 30 m (within_row): "
    )
    # a side stated is kept: no NODE_END_ASSUMED
    switch_side = _plan(gql, base | {"nodeEnd": {"formFactor": "OSFP", "side": "SWITCH"}})
    assert switch_side["linkTiers"][0]["endA"] == "an OSFP switch-side cage"
    assert "NODE_END_ASSUMED" not in [w["code"] for w in switch_side["warnings"]]


def test_run_lengths_given_in_the_layout_are_not_assumed(gql: Gql) -> None:
    """inRackM states the node-leaf run (its placement's metres); leafSpine distanceM states 45 m: no
    RUN_LENGTH_ASSUMED. Only the in-rack metres given: leaf_spine's 30 m is still assumed."""
    base = {"switch": "QM9700", "endpoints": 2048, "tiers": 2, "nodeEnd": {"device": "MCX75310AAS-NEAT"}}
    stated = _plan(gql, base | {"layout": {"inRackM": 2, "leafSpine": {"distanceM": 45}}})
    assert [(t["tier"], t["distanceM"]) for t in stated["linkTiers"]] == [("NODE_LEAF", 2.0), ("LEAF_SPINE", 45.0)]
    assert "RUN_LENGTH_ASSUMED" not in [w["code"] for w in stated["warnings"]]
    partly = _plan(gql, base | {"layout": {"inRackM": 2}})
    [assumed] = [w for w in partly["warnings"] if w["code"] == "RUN_LENGTH_ASSUMED"]
    assert assumed["message"].startswith(
        "no cable-run length was given, so the plan assumed leaf_spine 30 m (within_row): "
    )


def test_radix_too_small_is_a_typed_error(gql: Gql) -> None:
    """Reserving 63 of QM9700's 64 ports leaves one fabric port: no room for a down- and an up-port."""
    error = _plan(gql, {"switch": "QM9700", "endpoints": 16, "reservedPortsPerLeaf": 63})
    assert error["__typename"] == "PlanRadixTooSmallError"
    assert (error["code"], error["radix"]) == ("RADIX_TOO_SMALL", 1)


def test_endpoints_beyond_three_tiers_are_typed_and_counts_pass_int32(gql: Gql) -> None:
    """QM9700 at 1:1 takes k³/4 = 65,536 endpoints in three tiers (k = 64, Al-Fares et al. 2008).
    3,000,000,000 endpoints (beyond GraphQL Int) go in and come back as a Long."""
    error = _plan(gql, {"switch": "QM9700", "endpoints": 3_000_000_000})
    assert error["__typename"] == "PlanTooManyEndpointsError"
    assert (error["code"], error["endpoints"], error["limit"], error["tiers"]) == (
        "TOO_MANY_ENDPOINTS",
        3_000_000_000,
        65536,
        3,
    )


def test_unknown_switch_model_comes_back_with_suggestions(gql: Gql) -> None:
    error = _plan(gql, {"switch": "QM9701", "endpoints": 100})
    assert error["__typename"] == "NotFoundError"
    assert (error["code"], error["name"]) == ("UNKNOWN_DEVICE", "QM9701")
    assert any("9700" in name for name in error["suggestions"])


def test_a_split_the_switch_does_not_support_is_typed(gql: Gql) -> None:
    """QM8700 lists only 2xHDR100 (one HDR port into two HDR100 links [N48])."""
    error = _plan(gql, {"switch": "QM8700", "endpoints": 100, "split": "2xNDR200"})
    assert error["__typename"] == "PlanUnsupportedSplitError"
    assert (error["code"], error["requested"], error["supported"]) == (
        "UNSUPPORTED_SPLIT",
        "2xNDR200",
        ["2xHDR100"],
    )


def test_an_inconsistent_spec_is_a_validation_error(gql: Gql) -> None:
    error = _plan(gql, {"switch": "QM9700", "endpoints": 100, "nodes": 30, "nicsPerNode": 8})
    assert error["__typename"] == "ValidationError"
    assert error["code"] == "INVALID_SPEC"
    assert "endpoints 100 ≠ nodes 30 x nics_per_node 8" in error["message"]


def test_a_long_beyond_2_to_the_53_is_refused_as_an_input_error(gql: Gql) -> None:
    """2^60 does not fit a JSON double exactly: the variable is refused before any planning. (Outside
    development the schema's MaskErrors hides the scalar's message; the unit tests check its text.)"""
    body = gql(PLAN, {"spec": {"switch": "QM9700", "endpoints": 2**60}})
    assert body.get("data") is None
    assert len(body["errors"]) == 1  # type: ignore[arg-type]
