"""Data tests for the cable families the "breadth" helper added for issue 11 (parts/breadth_*.yaml).
No database.

Every expected value is written out from the source document: Dell's spec sheet "Dell networking
transceivers and cables" (HU01, pp. 11-12), whose cable table gives each model as "<MODEL>-xM" with
its "Available Lengths (m)", its connection ("Q28DD to Q28DD", "QSFP28-DD to 2 × QSFP28",
"OSFP112 to OSFP112") and medium (copper / optical).
"""

from __future__ import annotations

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import Cable, Protocol


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


# family -> (cable type, "end A form factor @ rate x lanes", "end B form factor x plugs @ leg rate",
#            [(part number, metres)]) as HU01 prints them
DELL_FAMILIES: dict[str, tuple[str, str, str, list[tuple[str, float]]]] = {
    "DAC-Q28DD-200G": (
        "DAC",
        "QSFP-DD@200x8",
        "QSFP-DD x1 @200",
        [("DAC-Q28DD-200G-0.5M", 0.5), ("DAC-Q28DD-200G-1M", 1), ("DAC-Q28DD-200G-2M", 2), ("DAC-Q28DD-200G-3M", 3)],
    ),
    "AOC-Q28DD-200G": (
        "AOC",
        "QSFP-DD@200x8",
        "QSFP-DD x1 @200",
        [("AOC-Q28DD-200G-5M", 5), ("AOC-Q28DD-200G-10M", 10), ("AOC-Q28DD-200G-20M", 20)],
    ),
    "DAC-Q28DD-2Q28-100G": (
        "DAC",
        "QSFP-DD@200x8",
        "QSFP28 x2 @100",
        [("DAC-Q28DD-2Q28-100G-2M", 2), ("DAC-Q28DD-2Q28-100G-3M", 3)],
    ),
    "AOC-Q28DD-2Q28-100G": (
        "AOC",
        "QSFP-DD@200x8",
        "QSFP28 x2 @100",
        [("AOC-Q28DD-2Q28-100G-5M", 5), ("AOC-Q28DD-2Q28-100G-15M", 15)],
    ),
    "DAC-Q28DD-8S28-25G": (
        "DAC",
        "QSFP-DD@200x8",
        "SFP28 x8 @25",
        [("DAC-Q28DD-8S28-25G-2M", 2), ("DAC-Q28DD-8S28-25G-3M", 3)],
    ),
    "AOC-Q28DD-8S28-25G": ("AOC", "QSFP-DD@200x8", "SFP28 x8 @25", [("AOC-Q28DD-8S28-25G-10M", 10)]),
    "DAC-O112-800G": (
        "DAC",
        "OSFP@800x8",
        "OSFP x1 @800",
        [("DAC-O112-800G-1M", 1), ("DAC-O112-800G-2M", 2), ("DAC-O112-800G-3M", 3), ("DAC-O112-800G-4M", 4)],
    ),
}


def _rows(name: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = yaml.safe_load((DATA_DIR / "parts" / name).read_text(encoding="utf-8"))
    return rows


def _family(cat: Catalogue, family: str) -> list[Cable]:
    return [p for p in cat.parts if isinstance(p, Cable) and p.family == family]


class TestDellQsfp28DdAndOsfp112Families:
    def test_the_file_holds_exactly_these_families(self) -> None:
        assert [r["family"] for r in _rows("breadth_dell.yaml")] == list(DELL_FAMILIES)

    @pytest.mark.parametrize("family", list(DELL_FAMILIES))
    def test_each_family_has_every_length_hu01_lists_and_nothing_else(self, cat: Catalogue, family: str) -> None:
        cable_type, a, b, lengths = DELL_FAMILIES[family]
        loaded = _family(cat, family)
        assert sorted((p.length_m or 0, p.part_number) for p in loaded) == sorted((m, pn) for pn, m in lengths)
        for p in loaded:
            assert (p.vendor, p.cable_type.value, p.protocols, p.sources) == (
                "Dell",
                cable_type,
                [Protocol.ETHERNET],
                ["HU01"],
            )
            assert f"{p.end_a.form_factor}@{p.end_a.rate_gbps:g}x{p.end_a.lanes}" == a
            assert p.end_a.plugs == 1
            assert f"{p.end_b.form_factor} x{p.end_b.plugs} @{p.end_b.rate_gbps:g}" == b
            assert p.rates_gbps == [p.end_b.rate_gbps]

    @pytest.mark.parametrize("family", list(DELL_FAMILIES))
    def test_the_legs_share_the_trunks_lanes_and_rate(self, cat: Catalogue, family: str) -> None:
        for p in _family(cat, family):
            assert p.end_b.plugs * p.end_b.rate_gbps == p.end_a.rate_gbps
            assert p.end_b.plugs * p.end_b.lanes == p.end_a.lanes

    def test_power_per_end_as_the_sheet_states_it(self, cat: Catalogue) -> None:
        """HU01 gives the QSFP28-DD end's maximum: '<4.0' W for the 200G AOC, 5.0 W for the
        breakout AOCs; the DACs have none."""
        power = {f: {p.power_w for p in _family(cat, f)} for f in DELL_FAMILIES}
        assert power == {
            "DAC-Q28DD-200G": {None},
            "AOC-Q28DD-200G": {4.0},
            "DAC-Q28DD-2Q28-100G": {None},
            "AOC-Q28DD-2Q28-100G": {5.0},
            "DAC-Q28DD-8S28-25G": {None},
            "AOC-Q28DD-8S28-25G": {5.0},
            "DAC-O112-800G": {None},
        }
