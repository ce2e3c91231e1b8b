"""The ConnectX-4 Lx EN cards (devices/nvidia_adapters_cx.yaml, CXE01) over HTTP/GraphQL: the dual-port
25GbE MCX4121A-ACAT, unknown before (checkLink answered UNKNOWN_DEVICE), resolves with its two SFP28
cages at 1/10/25 GbE and links to a Spectrum SFP28 port over a catalogue 25G SFP28 DAC."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

DEVICE = """
query($name: String!) {
  device(name: $name) {
    __typename
    ... on Device { model series deviceType cages { id formFactor count speedsGbps protocols sources { id kind } } }
    ... on NotFoundError { code }
  }
}
"""

CHECK = """
query Check($link: LinkInput!) {
  checkLink(link: $link) {
    __typename
    ... on LinkVerdict { valid rateGbps partNumbers findings { code severity } }
    ... on NotFoundError { code kind name }
  }
}
"""

SN2010_SFP28 = {"device": "SN2010", "cage": "sfp28"}
CX4LX = {"device": "MCX4121A-ACAT"}
DAC_3M = [{"partNumber": "MCP2M00-A003"}]  # NVIDIA passive DAC, SFP28 to SFP28, 25GbE, 3 m


def test_the_dual_port_25g_connectx4_lx_is_a_known_device(gql: Gql) -> None:
    device = gql(DEVICE, {"name": "mcx4121a-acat"})["data"]["device"]
    assert device == {
        "__typename": "Device",
        "model": "MCX4121A-ACAT",
        "series": "ConnectX-4 Lx",
        "deviceType": "adapter",
        "cages": [
            {
                "id": "sfp28",
                "formFactor": "SFP28",
                "count": 2,
                "speedsGbps": [1.0, 10.0, 25.0],
                "protocols": ["ETHERNET"],
                "sources": [{"id": "CXE01", "kind": "VENDOR"}],
            }
        ],
    }


def test_its_marketing_name_resolves_to_it(gql: Gql) -> None:
    device = gql(DEVICE, {"name": "connectx-4 lx en 25gbe dual-port"})["data"]["device"]
    assert (device["__typename"], device["model"]) == ("Device", "MCX4121A-ACAT")


def test_spectrum_sfp28_port_to_mcx4121a_acat_over_a_3_m_25g_dac_is_valid_at_25(gql: Gql) -> None:
    v = gql(CHECK, {"link": {"a": SN2010_SFP28, "b": CX4LX, "distanceM": 3, "media": DAC_3M}})["data"]["checkLink"]
    assert v["__typename"] == "LinkVerdict", v
    assert (v["valid"], v["rateGbps"]) == (True, 25.0), v["findings"]
    assert v["partNumbers"] == ["MCP2M00-A003"]
    assert not [f for f in v["findings"] if f["severity"] == "ERROR"]


def test_the_same_link_asked_at_40_gbe_is_refused(gql: Gql) -> None:
    """The card's SFP28 ports run 1/10/25 GbE [CXE01]: no 40 GbE over them."""
    link = {"a": SN2010_SFP28, "b": CX4LX, "distanceM": 3, "media": DAC_3M, "rateGbps": 40}
    v = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert v["__typename"] == "LinkVerdict", v
    assert v["valid"] is False
