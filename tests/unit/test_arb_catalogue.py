"""Data tests for helper arb's issue-11 work (catalogue breadth, non-NVIDIA cable families): the
sources in sources/arb.yaml and the parts in parts/arb_*.yaml. No database.

Every expected value is written out from the vendor document itself:
- ARB01, Dell's "Dell EMC Networking Optics Spec Sheet" (March 2017, Version 1.2), p. 4
  "Straight DAC/AOC options": "QSF28 DAC 100GbE  DAC-Q28-100G-1M / -2M / -3M / -5M  1M to 5M ...
  QSFP28 ... Copper 1-1"; "QSFP28 AOC 100G  AOC-Q28-100G-7M / -10M / -30M / -50M  7M to 50M ...
  QSFP28 ... Fiber ... ≤1.5W"; p. 4 "Breakout cables": "QSFP28 DAC 100GbE Breakout 4x25SFP28
  DAC-Q28-4SFP28-25G-1M / -2M / -3M  1M to 3M  QSFP28 to SFP28  Copper 1-4".
"""

from __future__ import annotations

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import Cable, Protocol, SourceKind

ARB01_URL = (
    "https://github.com/aiman1034/hexcat/blob/43e233ad03d2e727a6ad59f7a26909f42695c0ae/"
    "datasheets/cache/dell-networking-optics-datasheet.pdf"
)

# family -> the exact (part number, length in m) rows ARB01 p. 4 prints.
ARB01_FAMILIES: dict[str, list[tuple[str, float]]] = {
    "DAC-Q28-100G": [
        ("DAC-Q28-100G-1M", 1.0),
        ("DAC-Q28-100G-2M", 2.0),
        ("DAC-Q28-100G-3M", 3.0),
        ("DAC-Q28-100G-5M", 5.0),
    ],
    "AOC-Q28-100G": [
        ("AOC-Q28-100G-7M", 7.0),
        ("AOC-Q28-100G-10M", 10.0),
        ("AOC-Q28-100G-30M", 30.0),
        ("AOC-Q28-100G-50M", 50.0),
    ],
    "DAC-Q28-4SFP28-25G": [
        ("DAC-Q28-4SFP28-25G-1M", 1.0),
        ("DAC-Q28-4SFP28-25G-2M", 2.0),
        ("DAC-Q28-4SFP28-25G-3M", 3.0),
    ],
}


# HU01 family -> the exact lengths (m) ARB01 p. 4 prints for its model names, and the lengths only ARB01
# prints (HU01, the current sheet, lists the rest).
ARB01_LENGTHS_OF_HU01_FAMILIES: dict[str, tuple[list[float], list[float]]] = {
    "AOC-SFP-10G": ([2, 3, 5, 10, 15, 20], [20]),
    "DAC-QSFP-40G": ([0.5, 1, 2, 3, 5, 7], [2, 7]),
    "AOC-QSFP-40G": ([7, 10, 50], [7, 50]),
    "DAC-QSFP-4SFP-10G": ([0.5, 1, 3, 5, 7], [0.5, 7]),
}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> list[Cable]:
    rows = [p for p in cat.parts if isinstance(p, Cable) and p.family == family]
    return sorted(rows, key=lambda p: p.length_m or 0.0)


class TestSources:
    def test_the_file_holds_only_arb_ids(self) -> None:
        rows = yaml.safe_load((DATA_DIR / "sources" / "arb.yaml").read_text(encoding="utf-8"))
        assert [r["id"] for r in rows] == ["ARB01"]

    def test_arb01_is_dells_own_sheet_pinned_to_the_commit_read(self, cat: Catalogue) -> None:
        arb01 = cat.sources["ARB01"]
        assert arb01.kind == SourceKind.VENDOR
        assert str(arb01.url) == ARB01_URL
        assert "March 2017, Version 1.2" in arb01.title
        for quoted in ("DAC-Q28-100G-2M", "AOC-Q28-100G-50M", "DAC-Q28-4SFP28-25G-3M", "'QSFP28 to SFP28'"):
            assert quoted in arb01.section


class TestDellQ28Families:
    @pytest.mark.parametrize("family", sorted(ARB01_FAMILIES))
    def test_each_family_has_exactly_the_models_arb01_prints(self, cat: Catalogue, family: str) -> None:
        assert [(p.part_number, p.length_m) for p in _family(cat, family)] == ARB01_FAMILIES[family]

    @pytest.mark.parametrize("family", sorted(ARB01_FAMILIES))
    def test_every_variant_is_dells_ethernet_cable_sourced_to_arb01(self, cat: Catalogue, family: str) -> None:
        for p in _family(cat, family):
            assert (p.vendor, p.protocols, p.sources) == ("Dell", [Protocol.ETHERNET], ["ARB01"])

    def test_the_100g_dac_is_a_passive_qsfp28_pair_of_four_25g_lanes(self, cat: Catalogue) -> None:
        for p in _family(cat, "DAC-Q28-100G"):
            assert (p.cable_type.value, p.rates_gbps) == ("DAC", [100])
            for end in (p.end_a, p.end_b):
                assert (end.form_factor, end.plugs, end.rate_gbps, end.lanes) == ("QSFP28", 1, 100, 4)

    def test_the_100g_aoc_is_a_qsfp28_pair_drawing_at_most_1_5_w(self, cat: Catalogue) -> None:
        for p in _family(cat, "AOC-Q28-100G"):
            assert (p.cable_type.value, p.rates_gbps, p.power_w) == ("AOC", [100], 1.5)
            for end in (p.end_a, p.end_b):
                assert (end.form_factor, end.plugs, end.rate_gbps, end.lanes) == ("QSFP28", 1, 100, 4)

    def test_the_breakout_splits_one_qsfp28_into_four_25g_sfp28_legs(self, cat: Catalogue) -> None:
        for p in _family(cat, "DAC-Q28-4SFP28-25G"):
            assert (p.cable_type.value, p.rates_gbps) == ("DAC", [25])
            assert (p.end_a.form_factor, p.end_a.plugs, p.end_a.rate_gbps, p.end_a.lanes) == ("QSFP28", 1, 100, 4)
            assert (p.end_b.form_factor, p.end_b.plugs, p.end_b.rate_gbps, p.end_b.lanes) == ("SFP28", 4, 25, 1)

    def test_the_rows_arb01_leaves_unclear_are_not_loaded(self, cat: Catalogue) -> None:
        numbers = {p.part_number for p in cat.parts}
        assert (
            not {
                "DAC-Q28-4SFP28-50G-1M",
                "DAC-QSFP-4RJ45-1G-1M",
                "DAC-QSFP-4SFP-10G-10M",
            }
            & numbers
        )


class TestLengthsOfHu01Families:
    @pytest.mark.parametrize("family", sorted(ARB01_LENGTHS_OF_HU01_FAMILIES))
    def test_every_length_arb01_prints_is_a_variant_of_the_family(self, cat: Catalogue, family: str) -> None:
        printed, _ = ARB01_LENGTHS_OF_HU01_FAMILIES[family]
        loaded = {p.length_m: p.part_number for p in _family(cat, family)}
        for m in printed:
            assert loaded[float(m)] == f"{family}-{m:g}M"

    @pytest.mark.parametrize("family", sorted(ARB01_LENGTHS_OF_HU01_FAMILIES))
    def test_exactly_the_lengths_only_arb01_prints_cite_it(self, cat: Catalogue, family: str) -> None:
        _, only_arb01 = ARB01_LENGTHS_OF_HU01_FAMILIES[family]
        cited = [p.length_m for p in _family(cat, family) if "ARB01" in p.sources]
        assert cited == [float(m) for m in only_arb01]
        for p in _family(cat, family):
            assert p.vendor == "Dell"
            assert p.sources == (["HU01", "ARB01"] if p.length_m in cited else ["HU01"])

    def test_the_longer_40g_aoc_is_a_qsfp_plus_pair_of_1_5_w(self, cat: Catalogue) -> None:
        [p] = [p for p in _family(cat, "AOC-QSFP-40G") if p.length_m == 50.0]
        assert (p.part_number, p.cable_type.value, p.rates_gbps, p.power_w) == ("AOC-QSFP-40G-50M", "AOC", [40], 1.5)
        assert (p.end_a.form_factor, p.end_a.lanes, p.end_b.form_factor, p.end_b.lanes) == ("QSFP+", 4, "QSFP+", 4)

    def test_the_7m_breakout_splits_40g_into_four_10g_sfp_plus_legs(self, cat: Catalogue) -> None:
        [p] = [p for p in _family(cat, "DAC-QSFP-4SFP-10G") if p.length_m == 7.0]
        assert (p.part_number, p.cable_type.value, p.rates_gbps) == ("DAC-QSFP-4SFP-10G-7M", "DAC", [10])
        assert (p.end_b.form_factor, p.end_b.plugs, p.end_b.rate_gbps) == ("SFP+", 4, 10)
