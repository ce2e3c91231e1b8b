"""Issue 12, item 2 over HTTP: a device's cages say which FEC modes their ports run, per rate
(NVIDIA Spectrum ports, FE01), and checkLink carries the auto-negotiation notes (FE01)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

DEVICE = """
query($name: String!) {
  device(name: $name) { ... on Device { cages { id fecModes { rateGbps modes sources { id kind } } } } }
}
"""

CHECK = """
query Check($link: LinkInput!) {
  checkLink(link: $link) {
    ... on LinkVerdict { valid rateGbps findings { code severity message fix sources { id } } }
  }
}
"""


def test_an_sn2410_lists_its_fec_modes_per_cage_and_rate(gql: Gql) -> None:
    cages = gql(DEVICE, {"name": "SN2410"})["data"]["device"]["cages"]
    assert cages == [
        {
            "id": "sfp28",
            "fecModes": [
                {
                    "rateGbps": 25.0,
                    "modes": ["RS(528,514)", "BASE-R", "none"],
                    "sources": [{"id": "FE01", "kind": "VENDOR"}],
                }
            ],
        },
        {
            "id": "qsfp28",
            "fecModes": [
                {"rateGbps": 100.0, "modes": ["RS(528,514)", "none"], "sources": [{"id": "FE01", "kind": "VENDOR"}]},
                {
                    "rateGbps": 25.0,
                    "modes": ["RS(528,514)", "BASE-R", "none"],
                    "sources": [{"id": "FE01", "kind": "VENDOR"}],
                },
            ],
        },
    ]


def test_a_port_without_a_sourced_fec_list_has_none(gql: Gql) -> None:
    cages = gql(DEVICE, {"name": "MCX455A-ECAT"})["data"]["device"]["cages"]
    assert cages == [{"id": "qsfp28", "fecModes": []}]


def test_two_sn5600s_over_a_twin_port_dac_must_auto_negotiate(gql: Gql) -> None:
    link = {
        "a": {"device": "SN5600"},
        "b": {"device": "SN5600"},
        "distanceM": 2,
        "media": [{"partNumber": "MCP4Y10-N002"}],
    }
    answer = gql(CHECK, {"link": link})["data"]["checkLink"]
    assert (answer["valid"], answer["rateGbps"]) == (True, 400.0)
    notes = [f for f in answer["findings"] if f["code"].startswith("AUTONEG")]
    assert notes == [
        {
            "code": "AUTONEG_REQUIRED",
            "severity": "INFO",
            "message": "SN5600 (both ends) at 400 Gb/s, 100 Gb/s per lane: a Spectrum-4 switch connected to another "
            "Spectrum-4 switch with PAM4 modulation must have auto-negotiation enabled",
            "fix": "enable auto-negotiation on both ports (nv set interface <port> link auto-negotiate on)",
            "sources": [{"id": "FE01"}],
        }
    ]
