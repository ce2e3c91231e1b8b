"""compareFabrics over HTTP: the same endpoints on an InfiniBand QM9700 and an Ethernet SN5600.

Switch geometry from the catalogue: QM9700 = 32 twin-port OSFP cages = 64 NDR 400G ports (QM97X0
user manual, Interfaces); SN5600 = 64 twin-port OSFP cages, 128 ports at 400GbE (NVIDIA SN5600
datasheet, S49). 2,048 endpoints at 400 Gb/s, non-blocking:

- QM9700, k = 64: 64 leaves of 32 down / 32 up, 32 spines (k²/2 = 2,048), 96 switches.
- SN5600, k = 128: 32 leaves of 64 down / 64 up, 16 spines (ceil(32·64/128) = 16 divides 64).

Half the switches on Ethernet for the same optics: the comparison the seed article asks for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

COMPARE = """
query Compare($spec: FatTreeSpecInput!, $switches: [String!]!) {
  compareFabrics(spec: $spec, switches: $switches) {
    __typename
    ... on FabricComparison {
      rows {
        switch
        summary { switch tiers switches links optics cables opticsPowerW powerUnverified tiersWithoutMedium }
        result {
          __typename
          ... on FatTreePlan { switches { leaf spine core total } links { nodeLeaf leafSpine total } }
          ... on NotFoundError { code name suggestions }
          ... on PlanTooManyEndpointsError { code limit tiers }
        }
      }
    }
    ... on ValidationError { code field message }
  }
}
"""


def _compare(gql: Gql, spec: dict[str, Any], switches: list[str]) -> dict[str, Any]:
    body = gql(COMPARE, {"spec": spec, "switches": switches})
    assert "errors" not in body, body
    result: dict[str, Any] = body["data"]["compareFabrics"]
    return result


def test_the_same_2048_endpoints_on_infiniband_and_on_ethernet_side_by_side(gql: Gql) -> None:
    comparison = _compare(gql, {"endpoints": 2048, "endpointSpeedGbps": 400}, ["QM9700", "SN5600", "QM9701"])
    qm9700, sn5600, unknown = comparison["rows"]
    assert qm9700["result"]["switches"] == {"leaf": 64, "spine": 32, "core": 0, "total": 96}
    assert sn5600["result"]["switches"] == {"leaf": 32, "spine": 16, "core": 0, "total": 48}
    assert (qm9700["summary"]["switch"], sn5600["summary"]["switch"]) == ("MQM9700-NS2F", "SN5600")
    assert (qm9700["summary"]["links"], sn5600["summary"]["links"]) == (4096, 4096)
    # Both fabrics take 2,048 twin-port MMA4Z00-NS at the switches (leaf uplink cages + spine cages:
    # 64 x 16 + 32 x 32 on QM9700, 32 x 32 + 16 x 64 on SN5600), 15 W each (NVIDIA MMA4Z00-NS data),
    # 1,024 twin-port splitter DACs in the racks and 2,048 multimode fibers between them.
    for row in (qm9700, sn5600):
        summary = row["summary"]
        assert (summary["optics"], summary["cables"], summary["opticsPowerW"]) == (2048, 3072, 30720.0)
        assert (summary["powerUnverified"], summary["tiersWithoutMedium"]) == ([], [])
    assert unknown["summary"] is None
    assert unknown["result"]["__typename"] == "NotFoundError"
    assert "QM9700" in " ".join(unknown["result"]["suggestions"])


def test_too_many_switches_to_compare_is_a_typed_error(gql: Gql) -> None:
    error = _compare(gql, {"endpoints": 64}, ["QM9700"] * 9)
    assert (error["__typename"], error["field"]) == ("ValidationError", "switches")


def test_a_malformed_shared_spec_is_a_typed_error_not_a_server_error(gql: Gql) -> None:
    """Found by the fuzz test: a fabric-manager reservation of 0 ports fails the whole comparison."""
    error = _compare(gql, {"endpoints": 64, "fabricManager": {"nodeSlots": 1, "ports": 0}}, ["QM9700"])
    assert (error["__typename"], error["code"], error["field"]) == ("ValidationError", "INVALID_SPEC", "spec")
    assert "fabric manager ports must be ≥ 1" in error["message"]
