"""Multimode grades the older clause tables never named, over HTTP (`linkOptions`).

    SFP ══ 80 m ══ SFP          at 1 Gb/s    → 1000BASE-SX over OM3 (was "reach unverified"): the
                                               smallest sufficient module, Extreme's 10051H, 550 m by its
                                               own data sheet (EX01); OM4/OM5 still unverified
    SFP ══ 700 m ══ SFP         at 1 Gb/s    → 1000BASE-SX over OM3 at the PMD's 800 m, the TIA
                                               supportable distance (CommScope's copy of the TIA table,
                                               MM01: secondary, so the option says so)
    QSFP28 ══ 50 m ══ QSFP28    at 100 Gb/s  → 100G-SR1.2 over OM3 70 m and OM5 150 m (Juniper HU03 p. 19,
                                               Dell HU01 p. 5); 100G-SRBD over OM5 still unverified

1000BASE-SX is IEEE 802.3z (clause 38): its table names 62.5 um 160/200 MHz.km and 50 um 400/500 MHz.km
fiber (OM1, OM2); OM3 (laser-optimized 50 um, 2000 MHz.km) came later, and the TIA application table
gives 1000BASE-SX 800 m over it (4.5 dB channel). A vendor's own lower figure caps its part (Extreme
10051H and Dell SFP-1G-SX: 550 m over OM3). No retrieved table gives OM4 or OM5 a 1000BASE-SX figure,
so those grades stay unverified rather than copied from OM3.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Gql = Callable[..., dict[str, Any]]

OPTIONS = """
query Options($spec: LinkSpecInput!) {
  linkOptions(spec: $spec) {
    __typename
    ... on LinkOptions {
      options {
        pmd fiberType reachM marginM reachBasis secondary valid
        limitingSources { id kind }
        parts { role partNumber alternatives }
      }
    }
  }
}
"""


def _options(gql: Gql, ff: str, rate: float, distance: float) -> list[dict[str, Any]]:
    spec = {"a": {"formFactor": ff}, "b": {"formFactor": ff}, "rateGbps": rate, "distanceM": distance}
    answer = gql(OPTIONS, {"spec": spec})["data"]["linkOptions"]
    assert answer["__typename"] == "LinkOptions"
    return list(answer["options"])


@pytest.fixture(scope="module")
def sfp_1g_80m(gql: Gql) -> list[dict[str, Any]]:
    return _options(gql, "SFP", 1, 80)


@pytest.fixture(scope="module")
def sfp_1g_700m(gql: Gql) -> list[dict[str, Any]]:
    return _options(gql, "SFP", 1, 700)


@pytest.fixture(scope="module")
def qsfp28_100g_50m(gql: Gql) -> list[dict[str, Any]]:
    return _options(gql, "QSFP28", 100, 50)


def _by(options: list[dict[str, Any]], pmd: str) -> dict[str, tuple[Any, ...]]:
    return {
        o["fiberType"]: (o["reachM"], o["marginM"], o["reachBasis"], o["secondary"], o["valid"])
        for o in options
        if o["pmd"] == pmd
    }


def test_1g_sx_at_80_m_is_offered_over_om3_with_the_smallest_sufficient_module(
    sfp_1g_80m: list[dict[str, Any]],
) -> None:
    assert _by(sfp_1g_80m, "1000BASE-SX") == {
        "OM1": (275.0, 195.0, "standard", False, True),
        "OM2": (550.0, 470.0, "standard", False, True),
        # Extreme's 10051H: '550m over OM3' (EX01), the shortest sufficient reach of the SX optics
        "OM3": (550.0, 470.0, "sourced", False, True),
        "OM4": (None, None, "unverified", False, True),
        "OM5": (None, None, "unverified", False, True),
    }
    [om3] = [o for o in sfp_1g_80m if o["pmd"] == "1000BASE-SX" and o["fiberType"] == "OM3"]
    assert om3["limitingSources"] == [{"id": "EX01", "kind": "VENDOR"}]
    modules = {p["role"]: (p["partNumber"], p["alternatives"]) for p in om3["parts"] if p["role"] == "MODULE_A"}
    assert modules["MODULE_A"][0] == "10051H"
    assert {"GLC-SX-MMD", "SFP-1G-SX", "J4858D"} <= set(modules["MODULE_A"][1])


def test_1g_sx_at_700_m_reaches_800_m_over_om3_from_the_tia_table(sfp_1g_700m: list[dict[str, Any]]) -> None:
    """Past Extreme's and Dell's 550 m the option names the SX optics that state no lower figure, at
    the PMD's 800 m: a secondary copy of the TIA table (MM01), so the option is flagged secondary."""
    sx = _by(sfp_1g_700m, "1000BASE-SX")
    assert sx == {
        # the 800 m row rests only on MM01, a secondary copy: reachBasis standard_secondary
        "OM3": (800.0, 100.0, "standard_secondary", True, True),
        "OM4": (None, None, "unverified", False, True),
        "OM5": (None, None, "unverified", False, True),
    }
    [om3] = [o for o in sfp_1g_700m if o["pmd"] == "1000BASE-SX" and o["fiberType"] == "OM3"]
    assert om3["limitingSources"] == [{"id": "MM01", "kind": "SECONDARY"}]
    numbers = {n for p in om3["parts"] if p["partNumber"] for n in [p["partNumber"], *p["alternatives"]]}
    assert "GLC-SX-MMD" in numbers
    assert not numbers & {"10051H", "SFP-1G-SX"}  # 550 m over OM3 by their own data sheets


def test_1g_lx_over_multimode_keeps_its_550_m_and_om4_om5_stay_unverified(sfp_1g_80m: list[dict[str, Any]]) -> None:
    lx = _by(sfp_1g_80m, "1000BASE-LX")
    assert {f: r[:3] for f, r in lx.items() if f.startswith("OM")} == {
        "OM1": (550.0, 470.0, "standard"),
        "OM2": (550.0, 470.0, "standard"),
        "OM3": (550.0, 470.0, "standard"),
        "OM4": (None, None, "unverified"),
        "OM5": (None, None, "unverified"),
    }


def test_100g_sr12_at_50_m_reaches_70_m_om3_100_m_om4_150_m_om5(qsfp28_100g_50m: list[dict[str, Any]]) -> None:
    sr12 = _by(qsfp28_100g_50m, "100G-SR1.2")
    # "standard": the PMD is the 400G BiDi MSA lane (its standard names an MSA), not one vendor's
    assert {f: r[:3] for f, r in sr12.items() if f in ("OM3", "OM4", "OM5")} == {
        "OM3": (70.0, 20.0, "standard"),
        "OM4": (100.0, 50.0, "standard"),
        "OM5": (150.0, 100.0, "standard"),
    }
    # no source names OM1/OM2 for the SR1.2 lane: unverified, never refused
    assert {f: r[2] for f, r in sr12.items() if f in ("OM1", "OM2")} == {"OM1": "unverified", "OM2": "unverified"}


def test_100g_srbd_over_om5_stays_unverified(qsfp28_100g_50m: list[dict[str, Any]]) -> None:
    """Only Dell's Cisco-compatible Q28-100G-BIDI states OM5 (150 m, HU01): one part's figure, not the
    PMD's; no Cisco document read gives the 40/100G BiDi an OM5 reach."""
    srbd = _by(qsfp28_100g_50m, "100G-SRBD")
    assert {f: r[:3] for f, r in srbd.items() if f in ("OM3", "OM4", "OM5")} == {
        "OM3": (70.0, 20.0, "sourced"),
        "OM4": (100.0, 50.0, "sourced"),
        "OM5": (None, None, "unverified"),
    }
