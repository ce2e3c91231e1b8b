"""NVIDIA (Mellanox) copper cable families touched on the nvc branch (issue 11), checked against the
documents they were read from (sources/nvc.yaml), not against the seed data:

- Mellanox's breakout-cable article (NC02) lists exactly "MC2609130-001 (1m), MC2609130-003 (3m),
  MC2609125-005 (5m)", passive copper "ETH 40GbE to 4x10GbE, QSFP to 4xSFP+", and says the 100GbE
  MCP7F00-A0xx hybrid "supports also 40GbE > 10GbE";
- NVIDIA's 100G-PAM4 LinkX guide (NC01) says "DACs 1:2 and 1:4 QSFP112 splitters have been
  discontinued", "LACCs 1:2 and 1:4 OSFP splitters have been discontinued", and offers LACC "in
  twin-port OSFP for 800G-to-800G switch-to-switch links at 3, 4, 5-meter lengths";
- a reseller catalogue (N62, secondary) lists the short OPNs MCP1600-C01A (1.5 m), -C002 (2.0 m) and
  -C02A (2.5 m) beside the NVIDIA test inventory's MCP1600-C list (N34, secondary).
"""

from __future__ import annotations

from collections import defaultdict

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import Cable, SourceKind


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="module")
def families(cat: Catalogue) -> dict[str, list[Cable]]:
    out: dict[str, list[Cable]] = defaultdict(list)
    for part in cat.parts:
        if isinstance(part, Cable) and part.family and part.vendor == "NVIDIA":
            out[part.family].append(part)
    return out


# family -> {OPN: length in metres}, the whole list the family's document gives
LISTED: dict[str, dict[str, float]] = {
    "MC2609130": {"MC2609130-001": 1, "MC2609130-003": 3},
    "MC2609125": {"MC2609125-005": 5},
    # N34 (NVIDIA ngts cable inventory) + N62 (reseller): every MCP1600-C OPN the two lists give
    "MCP1600-C": {
        "MCP1600-C00AE30N": 0.5,
        "MCP1600-C001E30N": 1,
        "MCP1600-C01AE30N": 1.5,
        "MCP1600-C002E30N": 2,
        "MCP1600-C02AE30L": 2.5,
        "MCP1600-C02AE26N": 2.5,
        "MCP1600-C003E30L": 3,
        "MCP1600-C003E26N": 3,
        "MCP1600-C005E26L": 5,
        "MCP1600-C00A": 0.5,
        "MCP1600-C001": 1,
        "MCP1600-C01A": 1.5,
        "MCP1600-C002": 2,
        "MCP1600-C02A": 2.5,
    },
    # NC01: LACC at 3, 4 and 5 m (ordering numbers from the LinkX-hub snapshot NF02)
    "MCA4J80": {"MCA4J80-N003": 3, "MCA4J80-N004": 4, "MCA4J80-N005": 5},
}


class TestTheListedLengths:
    @pytest.mark.parametrize("family", sorted(LISTED))
    def test_the_family_is_exactly_the_listed_part_numbers_and_lengths(
        self, families: dict[str, list[Cable]], family: str
    ) -> None:
        assert {p.part_number: p.length_m for p in families[family]} == LISTED[family]

    def test_the_new_part_numbers_are_loaded_once(self, cat: Catalogue) -> None:
        numbers = [p.part_number for p in cat.parts]
        new = ["MC2609130-001", "MC2609130-003", "MC2609125-005", "MCP1600-C01A", "MCP1600-C002", "MCP1600-C02A"]
        assert {pn: numbers.count(pn) for pn in new} == dict.fromkeys(new, 1)

    def test_the_mcp1600_c_short_opns_cite_the_reseller_list(self, families: dict[str, list[Cable]]) -> None:
        rows = {p.part_number: p.sources for p in families["MCP1600-C"]}
        assert all("N62" in rows[pn] for pn in ("MCP1600-C01A", "MCP1600-C002", "MCP1600-C02A"))


class TestTheFortyGigBreakouts:
    @pytest.mark.parametrize("family", ["MC2609130", "MC2609125"])
    def test_qsfp_plus_to_four_sfp_plus_at_10g(self, families: dict[str, list[Cable]], family: str) -> None:
        for p in families[family]:
            assert (p.cable_type, p.protocols, p.rates_gbps) == ("DAC", ["Ethernet"], [10.0])
            assert (p.end_a.form_factor, p.end_a.plugs, p.end_a.rate_gbps, p.end_a.lanes) == ("QSFP+", 1, 40.0, 4)
            assert (p.end_b.form_factor, p.end_b.plugs, p.end_b.rate_gbps, p.end_b.lanes) == ("SFP+", 4, 10.0, 1)
            assert p.status == "active"
            assert "NC02" in p.sources

    def test_mcp7f00_runs_25g_and_backwards_10g_per_leg(self, families: dict[str, list[Cable]]) -> None:
        for p in families["MCP7F00-A"]:
            assert p.rates_gbps == [25.0, 10.0]
            assert "NC02" in p.sources


class TestDiscontinuedSplitters:
    @pytest.mark.parametrize(
        ("family", "status"),
        [
            ("MCP7Y10", "discontinued"),  # "DACs 1:2 and 1:4 QSFP112 splitters have been discontinued"
            ("MCP7Y40", "discontinued"),
            ("MCA7J60", "discontinued"),  # "LACCs 1:2 and 1:4 OSFP splitters have been discontinued"
            ("MCA7J70", "discontinued"),
            ("MCA7J65", "eol"),  # QSFP112-ended LACC splits: not named by NC01; no longer for sale (NF02)
            ("MCA7J75", "eol"),
            ("MCP7Y00", "active"),  # the OSFP-ended DAC splitters are still offered (NC01)
            ("MCA4J80", "active"),
        ],
    )
    def test_status_follows_nvidias_guide(self, families: dict[str, list[Cable]], family: str, status: str) -> None:
        assert {p.status for p in families[family]} == {status}
        assert all("NC01" in p.sources for p in families[family] if family != "MCP7Y00")


class TestSources:
    def test_the_nvc_sources_are_vendor_documents_and_all_cited(self, cat: Catalogue) -> None:
        ids = {r["id"] for r in yaml.safe_load((DATA_DIR / "sources" / "nvc.yaml").read_text())}
        assert ids == {"NC01", "NC02"}
        assert {cat.sources[i].kind for i in ids} == {SourceKind.VENDOR}
        cited = {s for p in cat.parts for s in p.sources}
        assert ids <= cited
