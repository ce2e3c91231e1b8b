"""Cisco cable families and optics, checked against the Cisco tables that list them (issue 11).

A family is loaded whole: the part numbers the catalogue expands from a Cisco family row must equal,
part number for part number and length for length, the union of the Cisco tables that list that
family. The expected lists below are written from those tables (read 2026-12-01), not from the seed:

- CF01 Cisco UCS 6400 Series Fabric Interconnects data sheet, Table 3 (transceivers and cables);
- CF02 Cisco UCS 6536 Fabric Interconnect spec sheet, Tables 14 and 15;
- CF03 Cisco UCS 2408 Fabric Extender data sheet, Table 4 (25G cables);
- PD01 Cisco's own 10GBASE SFP+ (c78-455693, Table 9) and QSFP-100G (c78-736282, Table 7) data sheets;
- PD02 Cisco UCS VIC 15000 Series data sheet, Table 6 (cable support matrix);
- PD03 Cisco UCS 6600 Series Fabric Interconnect spec sheet, Tables 6 and 7;
- CS01 Cisco UCS VIC 15000 Series data sheet, Table 4 (FEC guidelines per SFP-H25G-CU length);
- CS02 Cisco xrdocs NCS-5700 400G optics PID table; CS03 the UCS 6600 spec sheet's QSFP-DD caveats.

Each length also names the table(s) it is in, and every loaded variant must cite exactly those.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, CableType, SourceKind, Transceiver

# family -> (cable type, per-leg rate Gb/s, (end A form factor, plugs), (end B form factor, plugs),
#            {part number: (length in metres, the Cisco tables that list it)})
FAMILIES: dict[str, tuple[str, float, tuple[str, int], tuple[str, int], dict[str, tuple[float, set[str]]]]] = {
    # CF01: "10GBASE SFP+ cable 1-meter, passive" ... 1.5, 2, 2.5, 3, 5 m; PD01 Table 9 adds 4 m
    "SFP-H10GB-CU": (
        "DAC",
        10,
        ("SFP+", 1),
        ("SFP+", 1),
        {
            "SFP-H10GB-CU1M": (1, {"CF01"}),
            "SFP-H10GB-CU1-5M": (1.5, {"CF01"}),
            "SFP-H10GB-CU2M": (2, {"CF01"}),
            "SFP-H10GB-CU2-5M": (2.5, {"CF01"}),
            "SFP-H10GB-CU3M": (3, {"CF01"}),
            "SFP-H10GB-CU4M": (4, {"PD01"}),
            "SFP-H10GB-CU5M": (5, {"CF01"}),
        },
    ),
    # CF01: "10GBASE SFP+ cable 7-meter, active", 10-meter
    "SFP-H10GB-ACU": (
        "ACC",
        10,
        ("SFP+", 1),
        ("SFP+", 1),
        {"SFP-H10GB-ACU7M": (7, {"CF01"}), "SFP-H10GB-ACU10M": (10, {"CF01"})},
    ),
    # CF01: "10GBASE active optical SFP+ cable, 1M" ... 10M
    "SFP-10G-AOC": (
        "AOC",
        10,
        ("SFP+", 1),
        ("SFP+", 1),
        {f"SFP-10G-AOC{n}M": (n, {"CF01"}) for n in (1, 2, 3, 5, 7, 10)},
    ),
    # CF01: 1, 2, 3, 4, 5 m; CF03: 1, 2, 3, 5 m; CS01 Table 4 (VIC 15000 FEC guidelines) names
    # "SFP-H25G-CU1M/1.5M/2M", "SFP-H25G-CU2.5M/3M" and "SFP-H25G-CU4M/5M": adds 1.5 and 2.5 m
    "SFP-H25G-CU": (
        "DAC",
        25,
        ("SFP28", 1),
        ("SFP28", 1),
        {
            "SFP-H25G-CU1M": (1, {"CF01", "CF03"}),
            "SFP-H25G-CU1.5M": (1.5, {"CS01"}),
            "SFP-H25G-CU2M": (2, {"CF01", "CF03"}),
            "SFP-H25G-CU2.5M": (2.5, {"CS01"}),
            "SFP-H25G-CU3M": (3, {"CF01", "CF03"}),
            "SFP-H25G-CU4M": (4, {"CF01"}),
            "SFP-H25G-CU5M": (5, {"CF01", "CF03"}),
        },
    ),
    # CF01 and CF03: 1, 2, 3, 4, 5, 7, 10 m
    "SFP-25G-AOC": (
        "AOC",
        25,
        ("SFP28", 1),
        ("SFP28", 1),
        {f"SFP-25G-AOC{n}M": (n, {"CF01", "CF03"}) for n in (1, 2, 3, 4, 5, 7, 10)},
    ),
    # CF01: 1, 3, 5 m; CF02: 1, 2, 3, 5 m
    "QSFP-H40G-CU": (
        "DAC",
        40,
        ("QSFP+", 1),
        ("QSFP+", 1),
        {
            "QSFP-H40G-CU1M": (1, {"CF01", "CF02"}),
            "QSFP-H40G-CU2M": (2, {"CF02"}),
            "QSFP-H40G-CU3M": (3, {"CF01", "CF02"}),
            "QSFP-H40G-CU5M": (5, {"CF01", "CF02"}),
        },
    ),
    # CF01: 7, 10 m; CF02: 10 m
    "QSFP-H40G-ACU": (
        "ACC",
        40,
        ("QSFP+", 1),
        ("QSFP+", 1),
        {"QSFP-H40G-ACU7M": (7, {"CF01"}), "QSFP-H40G-ACU10M": (10, {"CF01", "CF02"})},
    ),
    # CF01: 1, 2, 3, 5, 10, 15 m; CF02: 1, 2, 3, 5, 7, 10, 15, 25 m; PD03 Table 6: 1-30 m (adds 20, 30)
    "QSFP-H40G-AOC": (
        "AOC",
        40,
        ("QSFP+", 1),
        ("QSFP+", 1),
        {
            "QSFP-H40G-AOC1M": (1, {"CF01", "CF02"}),
            "QSFP-H40G-AOC2M": (2, {"CF01", "CF02"}),
            "QSFP-H40G-AOC3M": (3, {"CF01", "CF02"}),
            "QSFP-H40G-AOC5M": (5, {"CF01", "CF02"}),
            "QSFP-H40G-AOC7M": (7, {"CF02"}),
            "QSFP-H40G-AOC10M": (10, {"CF01", "CF02"}),
            "QSFP-H40G-AOC15M": (15, {"CF01", "CF02"}),
            "QSFP-H40G-AOC20M": (20, {"PD03"}),
            "QSFP-H40G-AOC25M": (25, {"CF02"}),
            "QSFP-H40G-AOC30M": (30, {"PD03"}),
        },
    ),
    # CF01 and CF02: "QSFP to 4xSFP10G passive copper splitter cable" 1, 3, 5 m; PD03 Table 7 adds 2 m
    "QSFP-4SFP10G-CU": (
        "DAC",
        10,
        ("QSFP+", 1),
        ("SFP+", 4),
        {f"QSFP-4SFP10G-CU{n}M": (n, {"CF01", "CF02"}) for n in (1, 3, 5)} | {"QSFP-4SFP10G-CU2M": (2, {"PD03"})},
    ),
    # CF01: "QSFP to 4xSFP10G active copper splitter cable" 7, 10 m
    "QSFP-4X10G-AC": (
        "ACC",
        10,
        ("QSFP+", 1),
        ("SFP+", 4),
        {"QSFP-4X10G-AC7M": (7, {"CF01"}), "QSFP-4X10G-AC10M": (10, {"CF01"})},
    ),
    # CF01 and CF02: "40GBASE active optical QSFP to 4SFP breakout cable" 1, 3, 5, 7, 10 m
    "QSFP-4X10G-AOC": (
        "AOC",
        10,
        ("QSFP+", 1),
        ("SFP+", 4),
        {f"QSFP-4X10G-AOC{n}M": (n, {"CF01", "CF02"}) for n in (1, 3, 5, 7, 10)}
        | {"QSFP-4X10G-AOC2M": (2, {"PD02", "PD03"})},
    ),
    # CF01: 1, 2, 3 m; CF02: 1, 2, 3, 5 m; PD01 c78-736282 Table 7: 1, 1.5, 2, 2.5, 3, 5 m
    "QSFP-100G-CU": (
        "DAC",
        100,
        ("QSFP28", 1),
        ("QSFP28", 1),
        {
            "QSFP-100G-CU1M": (1, {"CF01", "CF02"}),
            "QSFP-100G-CU1.5M": (1.5, {"PD01"}),
            "QSFP-100G-CU2M": (2, {"CF01", "CF02"}),
            "QSFP-100G-CU2.5M": (2.5, {"PD01"}),
            "QSFP-100G-CU3M": (3, {"CF01", "CF02"}),
            "QSFP-100G-CU5M": (5, {"CF02"}),
        },
    ),
    # OX02 (Cisco's IOS XR NCS-5700 400G optics table): "QDD-400-CUxM ... Passive Copper Cable 1/2 m";
    # PD03 Table 7: "400G Passive Cable, 1m / 2m / 3m"
    "QDD-400-CU": (
        "DAC",
        400,
        ("QSFP-DD", 1),
        ("QSFP-DD", 1),
        {"QDD-400-CU1M": (1, {"OX02"}), "QDD-400-CU2M": (2, {"OX02"}), "QDD-400-CU3M": (3, {"PD03"})},
    ),
    # PD03 Table 7: "400G QSFP-DD Active Optical Cable, 1M / 2M / 3M"
    "QDD-400-AOC": (
        "AOC",
        400,
        ("QSFP-DD", 1),
        ("QSFP-DD", 1),
        {f"QDD-400-AOC{n}M": (n, {"PD03"}) for n in (1, 2, 3)},
    ),
    # PD02 Table 6: "25/50GBASE-CR1 SFP56 Copper Cable" 1, 1.5, 2, 2.5, 3, 4, 5 m; PD03 Table 7: 3 and 5 m
    "SFP-50G-CU": (
        "DAC",
        50,
        ("SFP56", 1),
        ("SFP56", 1),
        {
            "SFP-50G-CU1M": (1, {"PD02"}),
            "SFP-50G-CU1.5M": (1.5, {"PD02"}),
            "SFP-50G-CU2M": (2, {"PD02"}),
            "SFP-50G-CU2.5M": (2.5, {"PD02"}),
            "SFP-50G-CU3M": (3, {"PD02", "PD03"}),
            "SFP-50G-CU4M": (4, {"PD02"}),
            "SFP-50G-CU5M": (5, {"PD02", "PD03"}),
        },
    ),
    # CF01 and CF02: 1, 2, 3, 5, 7, 10, 15, 20, 25, 30 m
    "QSFP-100G-AOC": (
        "AOC",
        100,
        ("QSFP28", 1),
        ("QSFP28", 1),
        {f"QSFP-100G-AOC{n}M": (n, {"CF01", "CF02"}) for n in (1, 2, 3, 5, 7, 10, 15, 20, 25, 30)},
    ),
    # CF01, CF02 and CF03: "100GBASE QSFP to 4xSFP25G passive copper splitter cable" 1, 2, 3, 5 m;
    # PD01 c78-736282 Table 7 adds 1.5 and 2.5 m, ordered as Q-4SFP25G-CU1.5M / -CU2.5M
    "QSFP-4SFP25G-CU": (
        "DAC",
        25,
        ("QSFP28", 1),
        ("SFP28", 4),
        {f"QSFP-4SFP25G-CU{n}M": (n, {"CF01", "CF02", "CF03"}) for n in (1, 2, 3, 5)}
        | {"Q-4SFP25G-CU1.5M": (1.5, {"PD01"}), "Q-4SFP25G-CU2.5M": (2.5, {"PD01"})},
    ),
    # UC14 Table 6 (Cisco Meraki PIDs, VIC 1455/1457/1467 from IMC 4.1(3)): "10GBASE-CU SFP+ direct-attached
    # copper cable, 1M" and "3M"
    "MA-CBL-TA": ("DAC", 10, ("SFP+", 1), ("SFP+", 1), {"MA-CBL-TA-1M": (1, {"UC14"}), "MA-CBL-TA-3M": (3, {"UC14"})}),
}

# part number -> (form factor, PMDs, connector) as Cisco's description in CF01 / CF02 names them
OPTICS: dict[str, tuple[str, list[str], str]] = {
    "SFP-10G-SR-S": ("SFP+", ["10GBASE-SR"], "LC/UPC"),
    "SFP-10G-LR-S": ("SFP+", ["10GBASE-LR"], "LC/UPC"),
    "SFP-10G-ER-S": ("SFP+", ["10GBASE-ER"], "LC/UPC"),
    "SFP-10/25G-LR-S": ("SFP28", ["10GBASE-LR", "25GBASE-LR"], "LC/UPC"),
    "QSFP-40G-SR4-S": ("QSFP+", ["40GBASE-SR4"], "MPO-12/UPC"),
    "QSFP-40G-LR4": ("QSFP+", ["40GBASE-LR4"], "LC/UPC"),
    "QSFP-40G-LR4-S": ("QSFP+", ["40GBASE-LR4"], "LC/UPC"),
    "QSFP-100G-LR4-S": ("QSFP28", ["100GBASE-LR4"], "LC/UPC"),
    "QSFP-100G-FR-S": ("QSFP28", ["100GBASE-FR1"], "LC/UPC"),
    "GLC-TE": ("SFP", ["1000BASE-T"], "RJ-45"),
    "QSFP-40G-CSR4": ("QSFP+", ["40GBASE-SR4"], "MPO-12/UPC"),
    # CS02: "400G QSFP-DD Transceiver, 400GBASE-SR8, MPO-16" / "400GBASE-SR4.2, MPO-12" (polish not stated)
    "QDD-400G-SR8-S": ("QSFP-DD", ["400GBASE-SR8"], "MPO-16/APC"),
    "QDD-400G-SR4.2-BD": ("QSFP-DD", ["400GBASE-SR4.2"], "MPO-12/UPC"),
}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="module")
def families(cat: Catalogue) -> dict[str, list[Cable]]:
    out: dict[str, list[Cable]] = defaultdict(list)
    for part in cat.parts:
        if isinstance(part, Cable) and part.family and part.vendor == "Cisco":
            out[part.family].append(part)
    return out


class TestCiscoCableFamilies:
    def test_every_cisco_cable_family_is_checked_here(self, families: dict[str, list[Cable]]) -> None:
        assert sorted(families) == sorted(FAMILIES)

    @pytest.mark.parametrize("family", sorted(FAMILIES))
    def test_loaded_part_numbers_and_lengths_equal_the_cisco_tables(
        self, family: str, families: dict[str, list[Cable]]
    ) -> None:
        table = FAMILIES[family][4]
        assert {p.part_number: p.length_m for p in families[family]} == {pn: float(m) for pn, (m, _) in table.items()}

    @pytest.mark.parametrize("family", sorted(FAMILIES))
    def test_each_length_cites_exactly_the_cisco_tables_that_list_it(
        self, family: str, cat: Catalogue, families: dict[str, list[Cable]]
    ) -> None:
        table = FAMILIES[family][4]
        cited = {
            p.part_number: {s for s in p.sources if s.startswith(("CF", "CS", "OX", "PD", "UC"))}
            for p in families[family]
        }
        assert cited == {pn: srcs for pn, (_, srcs) in table.items()}
        assert {cat.sources[s].kind for p in families[family] for s in p.sources} == {SourceKind.VENDOR}

    @pytest.mark.parametrize("family", sorted(FAMILIES))
    def test_type_rate_and_ends_are_the_familys(self, family: str, families: dict[str, list[Cable]]) -> None:
        ctype, rate, (ff_a, plugs_a), (ff_b, plugs_b), _ = FAMILIES[family]
        shapes = {
            (p.cable_type, tuple(p.rates_gbps), p.end_a.form_factor, p.end_a.plugs, p.end_b.form_factor, p.end_b.plugs)
            for p in families[family]
        }
        assert shapes == {(CableType(ctype), (float(rate),), ff_a, plugs_a, ff_b, plugs_b)}

    def test_a_splitter_leg_times_its_legs_is_the_trunk_rate(self, families: dict[str, list[Cable]]) -> None:
        for family in ("QSFP-4SFP10G-CU", "QSFP-4X10G-AC", "QSFP-4X10G-AOC", "QSFP-4SFP25G-CU"):
            for p in families[family]:
                assert p.end_b.plugs * p.end_b.rate_gbps == p.end_a.rate_gbps

    def test_ciscos_per_length_minimum_fec_for_sfp_h25g_cu_is_required_only_where_nothing_is_above_it(
        self, families: dict[str, list[Cable]]
    ) -> None:
        # CS01 Table 4: none to 2 m, FC-FEC (CL74) at 2.5-3 m, RS-FEC (CL91) at 4-5 m, each "at least ... or a
        # value above it" -- a minimum. Only RS-FEC, the highest 25 Gb/s mode, is the one mode both ends must
        # run that Cable.fec means: loaded for 4 and 5 m, nothing for 1-3 m.
        fec = {
            p.length_m: (p.fec.required, p.fec.clause, p.fec.sources) if p.fec else None
            for p in families["SFP-H25G-CU"]
        }
        assert fec == {
            1: None,
            1.5: None,
            2: None,
            2.5: None,
            3: None,
            4: ("RS(528,514)", "108", ["CS01"]),
            5: ("RS(528,514)", "108", ["CS01"]),
        }
        half_metres = [p for p in families["SFP-H25G-CU"] if p.length_m in (1.5, 2.5)]
        assert len(half_metres) == 2 and all(any("FC-FEC (Clause 74)" in n for n in p.notes) for p in half_metres)

    def test_the_dotted_half_metre_spelling_users_type_names_the_dashed_cisco_part(self, cat: Catalogue) -> None:
        by_alias = {a: p.part_number for p in cat.parts for a in p.aliases if p.vendor == "Cisco"}
        assert by_alias == {"SFP-H10GB-CU1.5M": "SFP-H10GB-CU1-5M", "SFP-H10GB-CU2.5M": "SFP-H10GB-CU2-5M"}


class TestCiscoOptics:
    @pytest.mark.parametrize("part_number", sorted(OPTICS))
    def test_form_factor_pmds_and_connector_are_those_cisco_names(self, part_number: str, cat: Catalogue) -> None:
        part = next(p for p in cat.parts if p.part_number == part_number)
        assert isinstance(part, Transceiver) and part.vendor == "Cisco"
        assert (part.form_factor, part.pmds, part.connector) == OPTICS[part_number]
        assert cat.primary_backed(part.sources)

    @pytest.mark.parametrize(
        ("part_number", "reach"),
        [
            ("SFP-10G-LR-S", {"OS2": 10000.0}),
            ("SFP-10G-ER-S", {"OS2": 40000.0}),
            ("QSFP-40G-LR4", {"OS2": 10000.0}),
            ("QSFP-40G-LR4-S", {"OS2": 10000.0}),
            ("QSFP-100G-LR4-S", {"OS2": 10000.0}),
            ("QSFP-100G-FR-S", {"OS2": 2000.0}),
            ("SFP-10G-SR-S", {}),  # Cisco's row states no reach: the 10GBASE-SR PMD's applies
            ("QDD-400G-SR8-S", {"OM4": 100.0}),  # CS02: "MMF, OM4 | 100 m"
            ("QDD-400G-SR4.2-BD", {"OM4": 100.0}),  # CS02 (as QDD-400G-SR4-BD): "MMF, OM4 | 100 m"
        ],
    )
    def test_part_reach_is_what_ciscos_description_states(
        self, part_number: str, reach: dict[str, float], cat: Catalogue
    ) -> None:
        part = next(p for p in cat.parts if p.part_number == part_number)
        assert isinstance(part, Transceiver)
        assert {r.fiber: r.max_m for r in part.reach} == reach

    def test_1000base_t_reaches_100_m_over_both_twisted_pair_grades(self, cat: Catalogue) -> None:
        row = next(p for p in cat.pmds if p.name == "1000BASE-T")
        assert (row.media.value, row.connector, row.fibers) == ("copper", "RJ-45", 0)
        assert {r.fiber: r.max_m for r in row.reach} == {"Cat5e": 100.0, "Cat6": 100.0}

    @pytest.mark.parametrize("part_number", ["SFP-10G-SR", "QSFP-40G-SR4", "QSFP-100G-SR4-S", "QSFP-100G-DR-S"])
    def test_cisco_parts_once_resting_on_secondary_sources_now_cite_ciscos_table(
        self, part_number: str, cat: Catalogue
    ) -> None:
        part = next(p for p in cat.parts if p.part_number == part_number)
        assert cat.primary_backed(part.sources) and {"CF01", "CF02"} & set(part.sources)
