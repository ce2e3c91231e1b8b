"""planFatTree hand-off exports over HTTP: planJson against the shipped JSON Schema, NetBox bulk-import
CSVs and the ibnetdiscover-style topology file, each read back to the plan's switch and link counts.

The fabric is FT-DOC-05-dgx-h100-1su (NVIDIA DGX SuperPOD H100 RA, Network Fabrics, Table 4): 31 DGX
H100 + UFM, 8 leaf / 4 spine QM9700, 252 compute+UFM links and 256 leaf-spine links (508 in all).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema

Gql = Callable[..., dict[str, Any]]

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "schema" / "plan.schema.json").read_text())

EXPORTS = """
query Plan($spec: FatTreeSpecInput!) {
  planFatTree(spec: $spec) {
    __typename
    ... on FatTreePlan {
      switches { leaf spine core total }
      links { total }
      planJson netboxDevicesCsv netboxInterfacesCsv netboxCablesCsv topologyFile
    }
  }
}
"""

DGX_1SU = {
    "switch": "QM9700",
    "nodes": 31,
    "nicsPerNode": 8,
    "tiers": 2,
    "railOptimized": True,
    "nodesPerSu": 32,
    "suCount": 1,
    "fabricManager": {"nodeSlots": 1, "ports": 4, "end": {"device": "MCX75310AAS-NEAT"}},
    "layout": {"nodeLeaf": {"placement": "WITHIN_ROW"}},
    "preferredParts": ["MMA4Z00-NS-FLT"],
}


def _exports(gql: Gql, spec: dict[str, Any]) -> dict[str, Any]:
    body = gql(EXPORTS, {"spec": spec})
    assert "errors" not in body, body
    plan: dict[str, Any] = body["data"]["planFatTree"]
    assert plan["__typename"] == "FatTreePlan", plan
    return plan


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_plan_json_validates_against_the_shipped_versioned_schema(gql: Gql) -> None:
    for spec in (
        DGX_1SU,
        {"genericSwitch": {"radix": 64, "portSpeedGbps": 400}, "nodes": 1024, "nicsPerNode": 8, "planes": 8},
        {"genericSwitch": {"radix": 36, "portSpeedGbps": 100, "formFactor": "QSFP28"}, "endpoints": 20},
    ):
        document = json.loads(_exports(gql, spec)["planJson"])
        jsonschema.validate(document, SCHEMA, cls=jsonschema.Draft202012Validator)
        assert document["schema_version"] == SCHEMA["version"] == "1.0.0"


def test_a_plan_json_that_breaks_the_schema_is_caught() -> None:
    """The schema is not a rubber stamp: a missing section or a wrong type fails validation."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    assert not validator.is_valid({"schema_version": "1.0.0"})
    assert not validator.is_valid({"schema_version": "2.0.0", "switch": {}, "plan": {}, "media": [], "bom": {}})


def test_netbox_csvs_read_back_to_the_plans_switches_and_links(gql: Gql) -> None:
    plan = _exports(gql, DGX_1SU)
    devices = _rows(plan["netboxDevicesCsv"])
    roles = Counter(row["role"] for row in devices)
    assert roles == {"leaf": 8, "spine": 4, "compute-node": 31, "fabric-manager": 1}
    switch_rows = [row for row in devices if row["role"] in ("leaf", "spine")]
    assert {(row["manufacturer"], row["device_type"], row["status"]) for row in switch_rows} == {
        ("NVIDIA", "MQM9700-NS2F", "planned")
    }
    cables = _rows(plan["netboxCablesCsv"])
    assert len(cables) == plan["links"]["total"] == 508
    assert Counter(row["type"] for row in cables) == {"mmf-om4": 508}  # MFP7E10-N030, OM4 multimode
    assert {(row["side_a_type"], row["side_b_type"], row["length_unit"]) for row in cables} == {
        ("dcim.interface", "dcim.interface", "m")
    }
    interfaces = _rows(plan["netboxInterfacesCsv"])
    assert len(interfaces) == 2 * 508  # every link ends on two distinct interfaces
    assert {(row["type"], row["speed"]) for row in interfaces} == {("infiniband-ndr", "400000000")}
    ends = {(row["device"], row["name"]) for row in interfaces}
    for cable in cables:
        assert (cable["side_a_device"], cable["side_a_name"]) in ends
        assert (cable["side_b_device"], cable["side_b_name"]) in ends


_SWITCH = re.compile(r'^Switch\t(\d+) "S-([0-9a-f]{16})"\t\t# "([^"]+)"')
_SWITCH_PORT = re.compile(r'^\[(\d+)\]\t"([SH])-([0-9a-f]{16})"\[(\d+)\]')
_CA = re.compile(r'^Ca\t1 "H-([0-9a-f]{16})"\t\t# "([^"]+)"')


def test_the_topology_file_reads_back_to_the_plans_switches_and_links(gql: Gql) -> None:
    plan = _exports(gql, DGX_1SU)
    switches: dict[str, str] = {}
    cas: dict[str, str] = {}
    switch_links: set[frozenset[tuple[str, int]]] = set()
    ca_links = 0
    current = ""
    for line in plan["topologyFile"].splitlines():
        if match := _SWITCH.match(line):
            assert match.group(1) == "64"  # 32 twin-port cages = 64 NDR ports
            current = match.group(2)
            switches[current] = match.group(3)
        elif match := _CA.match(line):
            cas[match.group(1)] = match.group(2)
        elif match := _SWITCH_PORT.match(line):
            port, kind, peer, peer_port = int(match.group(1)), match.group(2), match.group(3), int(match.group(4))
            assert line.endswith("4xNDR")
            if kind == "S":
                switch_links.add(frozenset({(current, port), (peer, peer_port)}))
            else:
                ca_links += 1
    assert Counter(name.split("-")[0] for name in switches.values()) == {"leaf": 8, "spine": 4}
    assert len(switches) == plan["switches"]["total"]
    assert len(cas) == 31 * 8 + 4  # one HCA per DGX NIC, plus the UFM's 4 ports
    assert len(switch_links) == 256 and ca_links == 252
    assert len(switch_links) + ca_links == plan["links"]["total"]
    assert "node-0001 HCA-1" in cas.values()
