"""Data tests for the Alcatel-Lucent Enterprise (ALE) OmniSwitch optics and cables (issue 11, helper ale):
parts/ale_optics.yaml and parts/ale_cables.yaml. No database.

Every expected value is written out from ALE's "OmniSwitch AOS Release 8 Transceivers Guide 8.10R3"
(FG01), e.g. "SFP-GIG-SX ... Connections Supported 1000BASE-SX ... 850 nm ... ~550 m on 50/125um",
"SFP-25G-CLR ... 25GBASE-LR ... Transmission Distance 2 km", "QSFP-40G-SR ... MPO-12 ... 40GBASE-SR4 ...
OM3 - ~100 m, OM4 - ~150 m", "SFP-10G-C ... Cable Length 60cm, 1m, 3m, 7m", "QSFP-100G-C ... Cable
Length 1m, 3m, 5m, 40cm", and the OmniSwitch 6870 datasheet (AL01) for "QSFP-200G-C50CM / -C1M / -C3M".
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Transceiver

ALE = "Alcatel-Lucent Enterprise"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _part(cat: Catalogue, pn: str) -> Transceiver | Cable:
    [p] = [p for p in cat.parts if p.part_number == pn]
    assert isinstance(p, Transceiver | Cable)
    return p


class TestCounts:
    def test_ale_part_numbers(self, cat: Catalogue) -> None:
        ale = [p for p in cat.parts if p.vendor == ALE]
        optics = sorted(p.part_number or "" for p in ale if isinstance(p, Transceiver))
        cables = [p for p in ale if isinstance(p, Cable)]
        # 25 optics from parts/ale_optics.yaml + SFP-50G-SR/-FR/-LR (parts/e50_sfp56.yaml)
        assert len(optics) == 28
        # 28 cable part numbers from parts/ale_cables.yaml + the three SFP-50G-C lengths + the three
        # OS2x60-CBL lengths of the OmniSwitch 2260/2360 data sheets (parts/ale2_cables.yaml)
        assert len(cables) == 34
        assert len(ale) == 62

    def test_every_ale_fact_cites_the_guide_or_an_omniswitch_datasheet(self, cat: Catalogue) -> None:
        ale = [p for p in cat.parts if p.vendor == ALE]
        # FG01 the transceivers guide, AL01 the 6870 datasheet, AM03 / AM10 / AM11 the 6360 / 2260 /
        # 2360 datasheets, AM12 the guide's compatibility matrices (OS6360-CBL / OS6465T-CBL aliases)
        allowed = {"FG01", "AL01", "FG02", "FG05", "AM03", "AM10", "AM11", "AM12"}
        assert all(set(p.sources) <= allowed for p in ale)
        assert all("FG01" in p.sources for p in ale if p.family != "OS2x60-CBL")
        assert all(set(p.sources) == {"AM10", "AM11"} for p in ale if p.family == "OS2x60-CBL")

    def test_al01_is_the_6870_datasheet_pinned_to_a_commit(self, cat: Catalogue) -> None:
        src = cat.sources["AL01"]
        assert src.kind.value == "vendor"
        assert src.url == (
            "https://github.com/Samuelyip74/ale-nbd-docs/blob/aa402705bfcfff935ba8e555a2a74324c075075f/"
            "docs/_static/OmniSwitch_6870_Datasheet.pdf"
        )

    @pytest.mark.parametrize("pn", ["SFP-10G-SR", "SFP-10G-LR", "SFP-10G-ER", "SFP-10G-LRM", "QSFP-40G-SR-BD"])
    def test_a_part_number_cisco_owns_is_not_claimed_for_ale(self, cat: Catalogue, pn: str) -> None:
        # ALE sells modules under these numbers too (FG01 pp. 1-22/1-23, 1-34), but part numbers are
        # unique in the catalogue: the existing Cisco row keeps the number and no ALE row is added.
        [p] = [p for p in cat.parts if p.part_number == pn]
        assert p.vendor == "Cisco"


class TestOptics:
    @pytest.mark.parametrize(
        ("pn", "form_factor", "rates", "pmds", "connector", "reach"),
        [
            ("SFP-GIG-SX", "SFP", [1], ["1000BASE-SX"], "LC/UPC", {"OM2": 550}),
            ("SFP-GIG-LX", "SFP", [1], ["1000BASE-LX"], "LC/UPC", {}),
            ("iSFP-GIG-SX", "SFP", [1], ["1000BASE-SX"], "LC/UPC", {}),
            ("iSFP-GIG-LX", "SFP", [1], ["1000BASE-LX"], "LC/UPC", {}),
            ("SFP-GIG-T", "SFP", [1], ["1000BASE-T"], "RJ-45", {}),
            ("SFP-1G-T", "SFP", [1], ["1000BASE-T"], "RJ-45", {}),
            ("iSFP-GIG-T", "SFP", [1], ["1000BASE-T"], "RJ-45", {}),
            ("iSFP-10G-SR", "SFP+", [10], ["10GBASE-SR"], "LC/UPC", {}),
            ("iSFP-10G-LR", "SFP+", [10], ["10GBASE-LR"], "LC/UPC", {"OS2": 10000}),
            ("iSFP-10G-ER", "SFP+", [10], ["10GBASE-ER"], "LC/UPC", {"OS2": 40000}),
            ("SFP-25G-SR", "SFP28", [25], ["25GBASE-SR"], "LC/UPC", {"OM3": 70, "OM4": 100}),
            ("SFP-25G-ESR", "SFP28", [25], ["25GBASE-SR"], "LC/UPC", {}),
            ("SFP-25G-LR", "SFP28", [25], ["25GBASE-LR"], "LC/UPC", {"OS2": 10000}),
            ("SFP-25G-CLR", "SFP28", [25], ["25GBASE-LR"], "LC/UPC", {"OS2": 2000}),
            ("QSFP-40G-SR", "QSFP+", [40], ["40GBASE-SR4"], "MPO-12/UPC", {"OM3": 100, "OM4": 150}),
            ("QSFP-40G-LR", "QSFP+", [40], ["40GBASE-LR4"], "LC/UPC", {"OS2": 10000}),
            ("QSFP-40G-ER", "QSFP+", [40], ["40GBASE-ER4"], "LC/UPC", {"OS2": 40000}),
            ("QSFP-40G-CLR", "QSFP+", [40], ["40GBASE-LR4"], "LC/UPC", {"OS2": 2000}),
            ("QSFP-4X10G-SR", "QSFP+", [40], ["40GBASE-SR4"], "MPO-12/UPC", {}),
            ("QSFP-100G-SR4", "QSFP28", [100], ["100GBASE-SR4"], "MPO-12/UPC", {"OM3": 70, "OM4": 100}),
            ("QSFP-100G-LR4", "QSFP28", [100], ["100GBASE-LR4"], "LC/UPC", {"OS2": 10000}),
            ("QSFP-100G-CLR4", "QSFP28", [100], ["100GBASE-LR4"], "LC/UPC", {"OS2": 2000}),
            ("QSFP-100G-CWDM4", "QSFP28", [100], ["100G-CWDM4"], "LC/UPC", {"OS2": 2000}),
            ("QSFP-200G-SR4", "QSFP56", [200], ["200GBASE-SR4"], "MPO-12/UPC", {"OM4": 100}),
            ("QSFP-200G-FR4", "QSFP56", [200], ["200GBASE-FR4"], "LC/UPC", {"OS2": 2000}),
        ],
    )
    def test_optic(
        self,
        cat: Catalogue,
        pn: str,
        form_factor: str,
        rates: list[int],
        pmds: list[str],
        connector: str,
        reach: dict[str, int],
    ) -> None:
        p = _part(cat, pn)
        assert isinstance(p, Transceiver)
        assert (p.vendor, p.form_factor, p.rates_gbps, p.pmds, p.connector) == (
            ALE,
            form_factor,
            rates,
            pmds,
            connector,
        )
        assert {r.fiber: r.max_m for r in p.reach} == reach
        assert all(r.sources == ["FG01"] for r in p.reach)

    @pytest.mark.parametrize(
        ("pn", "power_w"),
        [
            ("SFP-25G-SR", 1.2),
            ("SFP-25G-CLR", 1.5),
            ("QSFP-40G-SR", 1.5),
            ("QSFP-100G-LR4", 3.5),
            ("QSFP-200G-FR4", 6.0),
        ],
    )
    def test_power(self, cat: Catalogue, pn: str, power_w: float) -> None:
        assert _part(cat, pn).power_w == power_w  # type: ignore[union-attr]

    def test_a_reach_beyond_the_ieee_table_is_a_note_not_a_reach(self, cat: Catalogue) -> None:
        # "SFP-25G-ESR ... OM4 - 300 m" (FG01 p. 1-31); 25GBASE-SR reaches 100 m over OM4
        esr = _part(cat, "SFP-25G-ESR")
        assert isinstance(esr, Transceiver) and esr.reach == []
        assert any("300 m over OM4" in n for n in esr.notes)
        lx = _part(cat, "SFP-GIG-LX")
        assert isinstance(lx, Transceiver) and lx.reach == []
        assert any("10 km" in n for n in lx.notes)


class TestCables:
    @pytest.mark.parametrize(
        ("family", "cable_type", "ends", "lengths"),
        [
            (
                "SFP-10G-C",
                "DAC",
                ("SFP+", 1, "SFP+", 1),
                {"SFP-10G-C60CM": 0.6, "SFP-10G-C1M": 1, "SFP-10G-C3M": 3, "SFP-10G-C7M": 7},
            ),
            ("SFP-25G-C", "DAC", ("SFP28", 1, "SFP28", 1), {"SFP-25G-C1M": 1, "SFP-25G-C3M": 3, "SFP-25G-C5M": 5}),
            ("SFP-25G-A", "AOC", ("SFP28", 1, "SFP28", 1), {"SFP-25G-A20M": 20}),
            (
                "QSFP-40G-C",
                "DAC",
                ("QSFP+", 1, "QSFP+", 1),
                {"QSFP-40G-C40CM": 0.4, "QSFP-40G-C1M": 1, "QSFP-40G-C3M": 3, "QSFP-40G-C7M": 7},
            ),
            (
                "QSFP-4X10G-C",
                "DAC",
                ("QSFP+", 1, "SFP+", 4),
                {"QSFP-4X10G-C1M": 1, "QSFP-4X10G-C3M": 3, "QSFP-4X10G-C5M": 5},
            ),
            ("QSFP-40G-AOC", "AOC", ("QSFP+", 1, "QSFP+", 1), {"QSFP-40G-AOC20M": 20}),
            (
                "QSFP-100G-C",
                "DAC",
                ("QSFP28", 1, "QSFP28", 1),
                {"QSFP-100G-C40CM": 0.4, "QSFP-100G-C1M": 1, "QSFP-100G-C3M": 3, "QSFP-100G-C5M": 5},
            ),
            (
                "QSFP-4X25G-C",
                "DAC",
                ("QSFP28", 1, "SFP28", 4),
                {"QSFP-4X25G-C1M": 1, "QSFP-4X25G-C3M": 3, "QSFP-4X25G-C5M": 5},
            ),
            ("QSFP-100G-A", "AOC", ("QSFP28", 1, "QSFP28", 1), {"QSFP-100G-A20M": 20}),
            (
                "QSFP-200G-C",
                "DAC",
                ("QSFP56", 1, "QSFP56", 1),
                {"QSFP-200G-C50CM": 0.5, "QSFP-200G-C1M": 1, "QSFP-200G-C3M": 3},
            ),
            ("QSFP-200G-A", "AOC", ("QSFP56", 1, "QSFP56", 1), {"QSFP-200G-A20M": 20}),
        ],
    )
    def test_family_has_every_length_the_guide_lists(
        self,
        cat: Catalogue,
        family: str,
        cable_type: str,
        ends: tuple[str, int, str, int],
        lengths: dict[str, float],
    ) -> None:
        rows = [p for p in cat.parts if isinstance(p, Cable) and p.vendor == ALE and p.family == family]
        assert {p.part_number: p.length_m for p in rows} == lengths
        for p in rows:
            assert p.cable_type.value == cable_type
            assert (p.end_a.form_factor, p.end_a.plugs, p.end_b.form_factor, p.end_b.plugs) == ends

    def test_industrial_10g_dac_numbers_are_aliases(self, cat: Catalogue) -> None:
        # FG01 p. 1-54: "The iSFP-10G-C1M/C3M/C7M and the SFP-10G-C1M/C3M/C7M are the same part";
        # the guide's 6360 / 6465T matrices (AM12 pp. 2-62/2-63): "SFP-10G-C60CM (OS6360-CBL-60CM)",
        # "SFP-10G-C1M (OS6465T-CBL-1M)" ...; the 6360 datasheet (AM03) prints OS6360-CBL-C1M / -C3M
        aliases = {p.part_number: p.aliases for p in cat.parts if p.vendor == ALE and p.family == "SFP-10G-C"}
        assert aliases == {
            "SFP-10G-C60CM": ["OS6360-CBL-60CM", "OS6465T-CBL-60"],
            "SFP-10G-C1M": ["iSFP-10G-C1M", "OS6360-CBL-1M", "OS6360-CBL-C1M", "OS6465T-CBL-1M"],
            "SFP-10G-C3M": ["iSFP-10G-C3M", "OS6360-CBL-3M", "OS6360-CBL-C3M", "OS6465T-CBL-3M"],
            "SFP-10G-C7M": ["iSFP-10G-C7M"],
        }

    def test_breakout_splitters_run_each_leg_at_the_lane_rate(self, cat: Catalogue) -> None:
        c = _part(cat, "QSFP-4X25G-C3M")
        assert isinstance(c, Cable)
        assert (c.rates_gbps, c.end_a.rate_gbps, c.end_a.lanes, c.end_b.rate_gbps, c.end_b.lanes) == (
            [25],
            100,
            4,
            25,
            1,
        )


class TestVendorBreadth:
    @pytest.mark.parametrize(
        ("pmd", "form_factor"),
        [
            ("1000BASE-SX", "SFP"),
            ("1000BASE-T", "SFP"),
            ("10GBASE-LR", "SFP+"),
            ("25GBASE-SR", "SFP28"),
            ("40GBASE-SR4", "QSFP+"),
            ("100GBASE-LR4", "QSFP28"),
            ("100G-CWDM4", "QSFP28"),
        ],
    )
    def test_ale_is_one_of_at_least_two_vendors_per_common_pmd(
        self, cat: Catalogue, pmd: str, form_factor: str
    ) -> None:
        vendors = {
            p.vendor for p in cat.parts if isinstance(p, Transceiver) and pmd in p.pmds and p.form_factor == form_factor
        }
        assert ALE in vendors and len(vendors) >= 2


class TestOmniSwitch6870:
    @pytest.mark.parametrize(
        ("model", "cages"),
        [
            # AL01 Table 1: "4 x 1/10/25G SFP28, 2 x 40/100G QSFP28"
            ("OS6870-24", [("SFP28", 4, [1, 10, 25]), ("QSFP28", 2, [40, 100])]),
            ("OS6870-48", [("SFP28", 4, [1, 10, 25]), ("QSFP28", 2, [40, 100])]),
            # AL01 Table 2: "6 x 1/10/25G SFP28, 2 x 40/100G QSFP28"
            ("OS6870-P24Z", [("SFP28", 6, [1, 10, 25]), ("QSFP28", 2, [40, 100])]),
            ("OS6870-P48Z", [("SFP28", 6, [1, 10, 25]), ("QSFP28", 2, [40, 100])]),
            # premium: "Modular, 2 x 40/100/200G QSFP56" / "2 x 100/200G QSFP56"
            ("OS6870-P48M", [("QSFP56", 2, [40, 100, 200])]),
            ("OS6870-P24M", [("QSFP56", 2, [100, 200])]),
            ("OS6870-V12", [("SFP28", 12, [1, 10, 25]), ("QSFP56", 2, [100, 200])]),
        ],
    )
    def test_cages_as_the_datasheet_lists_them(
        self, cat: Catalogue, model: str, cages: list[tuple[str, int, list[int]]]
    ) -> None:
        [d] = [d for d in cat.devices if d.model == model]
        assert (d.vendor, d.series, d.sources) == (ALE, "OmniSwitch 6870", ["AL01"])
        assert [(c.form_factor, c.count, c.speeds_gbps) for c in d.cages] == cages

    def test_seven_6870_models(self, cat: Catalogue) -> None:
        # the other OmniSwitch families are in devices/ale2.yaml (tests/unit/test_ale2_devices.py)
        assert len([d for d in cat.devices if d.vendor == ALE and d.series == "OmniSwitch 6870"]) == 7
