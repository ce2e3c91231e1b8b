"""Cisco families and optics read whole from Cisco's own data sheets (issue 11, pdf branch).

The search corpora hold a vendor web page only from its beginning, so the ordering tables at the end of
Cisco's transceiver data sheets were unreadable there. Full-text copies of those cisco.com pages sit in
a public repository (rob-moss/ucs-datasheets-firmware, pinned to commit c0463d9); read from it:

- PD01 Cisco 10GBASE SFP+ Modules data sheet (c78-455693) Table 9 "Ordering information" and Cisco
  QSFP-100G data sheet (c78-736282) Table 7 "Ordering information";
- PD02 Cisco UCS VIC 15000 Series data sheet, Table 6 "Cisco UCS VIC cable support matrix";
- PD03 Cisco UCS 6600 Series Fabric Interconnect spec sheet, Tables 6 and 7.

The expected lists are written from those tables, not from the seed. A family's own ordering table
(PD01) must be matched length for length by the union of that family's rows in the catalogue.
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, CableType, SourceKind, Transceiver

COMMIT = "c0463d985e2a880e4232d9aa1c198dec93e5c533"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> dict[str, float]:
    return {
        p.part_number: p.length_m
        for p in cat.parts
        if isinstance(p, Cable) and p.family == family and p.vendor == "Cisco" and p.length_m is not None
    }


class TestSources:
    def test_pd_sources_are_ciscos_documents_pinned_to_the_copy_read(self, cat: Catalogue) -> None:
        for sid in ("PD01", "PD02", "PD03", "PD04"):
            src = cat.sources[sid]
            assert src.kind == SourceKind.VENDOR
            assert f"github.com/rob-moss/ucs-datasheets-firmware/blob/{COMMIT}/ucs-docs/" in src.url

    def test_pd01_names_both_cisco_data_sheets(self, cat: Catalogue) -> None:
        assert "c78-455693" in cat.sources["PD01"].title
        assert "c78-736282" in cat.sources["PD01"].title


class TestWholeFamiliesAsCiscosOrderingTablesList:
    """A family's orderable lengths equal its own Cisco ordering table, every length of it."""

    def test_sfp_h10gb_cu_is_c78_455693_table_9(self, cat: Catalogue) -> None:
        # "10GBASE-CU SFP+ Cable 1 Meter, passive" ... 1.5, 2, 2.5, 3, 4, 5 Meter
        assert _family(cat, "SFP-H10GB-CU") == {
            "SFP-H10GB-CU1M": 1.0,
            "SFP-H10GB-CU1-5M": 1.5,
            "SFP-H10GB-CU2M": 2.0,
            "SFP-H10GB-CU2-5M": 2.5,
            "SFP-H10GB-CU3M": 3.0,
            "SFP-H10GB-CU4M": 4.0,
            "SFP-H10GB-CU5M": 5.0,
        }

    def test_sfp_10g_aoc_and_acu_are_c78_455693_table_9(self, cat: Catalogue) -> None:
        assert _family(cat, "SFP-10G-AOC") == {f"SFP-10G-AOC{n}M": float(n) for n in (1, 2, 3, 5, 7, 10)}
        assert _family(cat, "SFP-H10GB-ACU") == {"SFP-H10GB-ACU7M": 7.0, "SFP-H10GB-ACU10M": 10.0}

    def test_qsfp_100g_cu_is_c78_736282_table_7(self, cat: Catalogue) -> None:
        # "Cisco 100GBASE-CR4 QSFP Passive Copper Cable, 1-meter" ... 1.5, 2, 2.5, 3, 5-meter
        assert _family(cat, "QSFP-100G-CU") == {
            "QSFP-100G-CU1M": 1.0,
            "QSFP-100G-CU1.5M": 1.5,
            "QSFP-100G-CU2M": 2.0,
            "QSFP-100G-CU2.5M": 2.5,
            "QSFP-100G-CU3M": 3.0,
            "QSFP-100G-CU5M": 5.0,
        }

    def test_qsfp_4sfp25g_cu_is_c78_736282_table_7_with_ciscos_q_prefix_half_metres(self, cat: Catalogue) -> None:
        # "Cisco 100G QSFP to 4xSFP25G Passive Copper Splitter Cable, 1.5-meter | Q-4SFP25G-CU1.5M"
        assert _family(cat, "QSFP-4SFP25G-CU") == {
            "QSFP-4SFP25G-CU1M": 1.0,
            "Q-4SFP25G-CU1.5M": 1.5,
            "QSFP-4SFP25G-CU2M": 2.0,
            "Q-4SFP25G-CU2.5M": 2.5,
            "QSFP-4SFP25G-CU3M": 3.0,
            "QSFP-4SFP25G-CU5M": 5.0,
        }

    def test_qsfp_100g_aoc_is_c78_736282_table_7(self, cat: Catalogue) -> None:
        lengths = (1, 2, 3, 5, 7, 10, 15, 20, 25, 30)
        assert _family(cat, "QSFP-100G-AOC") == {f"QSFP-100G-AOC{n}M": float(n) for n in lengths}


class TestFamiliesFromSupportMatrices:
    def test_sfp_50g_cu_is_the_vic_15000_matrix(self, cat: Catalogue) -> None:
        # PD02 Table 6: "25/50GBASE-CR1 SFP56 Copper Cable 1-meter, LSZH" ... 1.5, 2, 2.5, 3, 4, 5-meter
        assert _family(cat, "SFP-50G-CU") == {
            "SFP-50G-CU1M": 1.0,
            "SFP-50G-CU1.5M": 1.5,
            "SFP-50G-CU2M": 2.0,
            "SFP-50G-CU2.5M": 2.5,
            "SFP-50G-CU3M": 3.0,
            "SFP-50G-CU4M": 4.0,
            "SFP-50G-CU5M": 5.0,
        }

    def test_sfp_50g_cu_is_one_sfp56_lane_at_50_with_the_clause_134_fec(self, cat: Catalogue) -> None:
        cables = [p for p in cat.parts if isinstance(p, Cable) and p.family == "SFP-50G-CU"]
        assert {(p.cable_type, tuple(p.rates_gbps), p.end_a.form_factor, p.end_b.form_factor) for p in cables} == {
            (CableType.DAC, (50.0,), "SFP56", "SFP56")
        }
        assert {(p.end_a.lanes, p.end_b.lanes) for p in cables} == {(1, 1)}
        assert {(p.fec.required, p.fec.clause) for p in cables if p.fec} == {("RS(544,514)", "134")}
        assert all(p.fec for p in cables)

    def test_qdd_400_aoc_and_cu_are_the_fi_6652_table(self, cat: Catalogue) -> None:
        # PD03 Table 7: "400G QSFP-DD Active Optical Cable, 1M/2M/3M", "400G Passive Cable, 1m/2m/3m"
        assert _family(cat, "QDD-400-AOC") == {"QDD-400-AOC1M": 1.0, "QDD-400-AOC2M": 2.0, "QDD-400-AOC3M": 3.0}
        assert _family(cat, "QDD-400-CU") == {"QDD-400-CU1M": 1.0, "QDD-400-CU2M": 2.0, "QDD-400-CU3M": 3.0}
        aoc = [p for p in cat.parts if isinstance(p, Cable) and p.family == "QDD-400-AOC"]
        assert {(p.cable_type, p.end_a.form_factor, p.end_a.lanes, p.end_b.form_factor) for p in aoc} == {
            (CableType.AOC, "QSFP-DD", 8, "QSFP-DD")
        }

    def test_qsfp_h40g_aoc_is_the_fi_6664_table(self, cat: Catalogue) -> None:
        # PD03 Table 6: "40GBASE Active Optical Cable" 1, 2, 3, 5, 7, 10, 15, 20, 25, 30 m
        lengths = (1, 2, 3, 5, 7, 10, 15, 20, 25, 30)
        assert _family(cat, "QSFP-H40G-AOC") == {f"QSFP-H40G-AOC{n}M": float(n) for n in lengths}

    def test_40g_breakouts_hold_the_2_m_lengths(self, cat: Catalogue) -> None:
        # PD03 Table 7: QSFP-4SFP10G-CU 1, 2, 3, 5 m; PD02 Table 6: QSFP-4X10G-AOC 1, 2, 3, 5, 7, 10 m
        assert _family(cat, "QSFP-4SFP10G-CU") == {f"QSFP-4SFP10G-CU{n}M": float(n) for n in (1, 2, 3, 5)}
        assert _family(cat, "QSFP-4X10G-AOC") == {f"QSFP-4X10G-AOC{n}M": float(n) for n in (1, 2, 3, 5, 7, 10)}

    @pytest.mark.parametrize(
        ("pn", "sources"),
        [
            ("SFP-H10GB-CU4M", ["PD01"]),
            ("QSFP-100G-CU2.5M", ["PD01"]),
            ("Q-4SFP25G-CU1.5M", ["PD01"]),
            ("SFP-50G-CU4M", ["PD02"]),
            ("SFP-50G-CU5M", ["PD02", "PD03"]),
            ("QSFP-4X10G-AOC2M", ["PD02", "PD03"]),
            ("QDD-400-AOC3M", ["PD03"]),
            ("QDD-400-CU3M", ["PD03"]),
        ],
    )
    def test_each_new_length_cites_only_the_table_that_lists_it(
        self, cat: Catalogue, pn: str, sources: list[str]
    ) -> None:
        part = next(p for p in cat.parts if p.part_number == pn)
        assert sorted(part.sources) == sources


class TestOptics:
    @pytest.mark.parametrize(
        ("pn", "form_factor", "pmds", "os2_m", "power_w"),
        [
            # c78-455693 Table 9 / Table 3
            ("SFP-10G-SR-X", "SFP+", ["10GBASE-SR"], None, None),
            ("SFP-10G-SR-I", "SFP+", ["10GBASE-SR"], None, None),
            ("SFP-10G-LR-X", "SFP+", ["10GBASE-LR"], 10000.0, None),
            ("SFP-10G-LR10-I", "SFP+", ["10GBASE-LR"], 10000.0, None),
            ("SFP-10G-ER-I", "SFP+", ["10GBASE-ER"], 40000.0, None),
            # c78-736282 Table 7 / Table 3
            ("QSFP-100G-CWDM4-S", "QSFP28", ["100G-CWDM4"], 2000.0, 3.5),
            ("QSFP-100G-SM-SR", "QSFP28", ["100G-CWDM4"], 2000.0, 3.5),
            ("QSFP-100G-LR-S", "QSFP28", ["100GBASE-LR1"], 10000.0, 4.0),
            ("QSFP-100G-LR4-I", "QSFP28", ["100GBASE-LR4"], 10000.0, 4.0),
        ],
    )
    def test_optic_is_the_pmd_cisco_names(
        self, cat: Catalogue, pn: str, form_factor: str, pmds: list[str], os2_m: float | None, power_w: float | None
    ) -> None:
        part = next(p for p in cat.parts if p.part_number == pn)
        assert isinstance(part, Transceiver) and part.vendor == "Cisco"
        assert (part.form_factor, part.pmds, part.connector, part.power_w) == (form_factor, pmds, "LC/UPC", power_w)
        assert {r.fiber: r.max_m for r in part.reach if r.fiber == "OS2"} == ({"OS2": os2_m} if os2_m else {})
        assert part.sources == ["PD01"]

    @pytest.mark.parametrize(
        ("pn", "form_factor", "rates", "pmds", "connector", "reach", "sources"),
        [
            # PD03 Table 6: "10/25GBASE-LR-I SFP28 iTemp Module"
            ("SFP-10/25G-LR-I", "SFP28", [10, 25], ["10GBASE-LR", "25GBASE-LR"], "LC/UPC", {}, ["PD03", "PD01"]),
            # PD02 Table 5: "25/50GBASE-SR SFP56 Module for MMF"
            ("SFP-50G-SR-S", "SFP56", [50], ["50GBASE-SR"], "LC/UPC", {}, ["PD02", "PD03"]),
            # PD02 Table 5: "200G QSFP56 Transceiver, MPO-12, 100m OM4 MMF, 200GBASE-SR4 compliant"
            ("QSFP-200G-SR4-S", "QSFP56", [200], ["200GBASE-SR4"], "MPO-12/UPC", {"OM4": 100.0}, ["PD02"]),
            # PD03 Table 7: "QSFP-DD, 4x 100G-FR breakout, MPO-12 SMF, 2km" / "4x 100G-LR breakout ... 10km"
            ("QDD-4X100G-FR-S", "QSFP-DD", [400], ["400G-XDR4"], "MPO-12/APC", {"OS2": 2000.0}, ["PD03"]),
            ("QDD-4X100G-LR-S", "QSFP-DD", [400], ["400G-PLR4"], "MPO-12/APC", {"OS2": 10000.0}, ["PD03"]),
        ],
    )
    def test_optic_from_the_ucs_tables(
        self,
        cat: Catalogue,
        pn: str,
        form_factor: str,
        rates: list[float],
        pmds: list[str],
        connector: str,
        reach: dict[str, float],
        sources: list[str],
    ) -> None:
        part = next(p for p in cat.parts if p.part_number == pn)
        assert isinstance(part, Transceiver) and part.vendor == "Cisco"
        assert (part.form_factor, part.rates_gbps, part.pmds, part.connector) == (
            form_factor,
            [float(r) for r in rates],
            pmds,
            connector,
        )
        assert {r.fiber: r.max_m for r in part.reach} == reach
        assert part.sources == sources

    @pytest.mark.parametrize(("pn", "pmd"), [("GLC-SX-MM", "1000BASE-SX"), ("GLC-LH-SM", "1000BASE-LX")])
    def test_1g_sfp_of_the_ucs_6324_table(self, cat: Catalogue, pn: str, pmd: str) -> None:
        # PD04 Table 3: "GE SFP, LC connector SX transceiver (MMF)" / "... LX/LH transceiver (SMF)"
        part = next(p for p in cat.parts if p.part_number == pn)
        assert isinstance(part, Transceiver) and part.vendor == "Cisco"
        assert (part.form_factor, part.rates_gbps, part.pmds, part.connector, part.sources) == (
            "SFP",
            [1.0],
            [pmd],
            "LC/UPC",
            ["PD04"],
        )

    def test_optics_without_a_catalogue_pmd_are_not_loaded(self, cat: Catalogue) -> None:
        # ZR, BX, SR1, ER-Lite, ER4-Lite, 4WDM-40, BiDi-20 km, ZR4, SL4: no PMD row, so no part row
        numbers = {p.part_number for p in cat.parts}
        for pn in (
            "SFP-10G-ZR-S",
            "SFP-10G-BXD-I",
            "QSFP-100G-SR-S",
            "QSFP-100G-ERL-S",
            "QSFP-100G-ER4L-S",
            "QSFP-100G-4W40-I",
            "QSFP-100G-B20U4-I",
            "QSFP-100G-ZR4-S",
            "QSFP-100G-SL4",
            "QDD-400G-LR4-S",  # 400G-LR4-10, 10 km: the catalogue's LR4 PMD is IEEE 400GBASE-LR4-6
            "SFP-10G-T-X",  # 10GBASE-T: no PMD row
        ):
            assert pn not in numbers
