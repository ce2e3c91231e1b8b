"""ALE OmniSwitch switches (devices/ale2.yaml, issue 11 helper ale2) over HTTP: `device` finds a model by
the names users type (ALE's marketing name, the NetBox slug) with its cages as ALE's data sheet states
them, and `linkOptions` between two ALE models names ALE's own 100GBASE-SR4 optic only over the
fiber grades that reach the run.

OS6900-X48C6: "48 1/10G SFP+ ports and 6 40/100G QSFP28 ports ... 2 ports support splitter mode to
4x10GE or 4x25GE" (AM01). QSFP-100G-SR4: "70 m on OM3 and 100 m on OM4" (FG01 p. 1-43, AM01 p. 13).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Gql = Callable[..., dict[str, Any]]

DEVICE = """query($name: String!) { device(name: $name) {
  __typename
  ... on Device { model vendor cages { id formFactor count speedsGbps splitModes sources { id kind } } } } }"""

OPTIONS = """
query Options($spec: LinkSpecInput!) {
  linkOptions(spec: $spec) {
    __typename
    ... on LinkOptions { options { summary valid pmd fiberType reachM parts { role partNumber alternatives } } }
  }
}
"""


@pytest.mark.parametrize("name", ["OS6900-X48C6", "OmniSwitch 6900-X48C6", "alcatel-lucent-os6900-x48c6", "os6900x48"])
def test_the_6900_x48c6_by_any_name_has_its_datasheet_cages(gql: Gql, name: str) -> None:
    device = gql(DEVICE, {"name": name})["data"]["device"]
    assert (device["__typename"], device["model"], device["vendor"]) == (
        "Device",
        "OS6900-X48C6",
        "Alcatel-Lucent Enterprise",
    )
    assert [(c["id"], c["formFactor"], c["count"], c["speedsGbps"], c["splitModes"]) for c in device["cages"]] == [
        ("sfpp", "SFP+", 48, [1.0, 10.0], []),
        ("qsfp28", "QSFP28", 4, [40.0, 100.0], []),
        ("qsfp28-split", "QSFP28", 2, [40.0, 100.0], ["4x10G", "4x25G"]),
    ]
    assert {s["id"] for c in device["cages"] for s in c["sources"]} == {"AM01"}
    assert {s["kind"] for c in device["cages"] for s in c["sources"]} == {"VENDOR"}


def test_6900_to_6860n_at_100g_80_m_offers_ales_sr4_over_om4_and_om5_only(gql: Gql) -> None:
    spec = {
        "a": {"device": "OS6900-X48C6", "cage": "qsfp28"},
        "b": {"device": "OmniSwitch 6860N-P24Z", "cage": "qsfp28"},
        "rateGbps": 100,
        "distanceM": 80,
    }
    options = gql(OPTIONS, {"spec": spec})["data"]["linkOptions"]["options"]
    sr4 = [o for o in options if o["pmd"] == "100GBASE-SR4"]
    assert sorted((o["fiberType"], o["reachM"], o["valid"]) for o in sr4) == [
        ("OM4", 100.0, True),
        ("OM5", 100.0, True),
    ]
    for o in sr4:
        numbers = {n for p in o["parts"] if p["partNumber"] for n in [p["partNumber"], *p["alternatives"]]}
        assert "QSFP-100G-SR4" in numbers
