"""Data tests for helper brd's issue-11 work (catalogue breadth from the vendors' own documents):
the sources in sources/brd.yaml and the parts in parts/brd_*.yaml. No database.

Every expected value is written out from the vendor document itself:
- BRD01, Fortinet's "FortiDDoS Data Sheet" (FDDoS-DAT-R48-20260113), pp. 12-13 "Order / Compatibility
  Information": "FN-CABLE-SFP+1 10 GE SFP+ passive direct attach cable, 1m ..." (and +3, +5);
  "SP-CABLE-FS-SFP+1 ... 1 m" (and 3, 5); "SP-CABLE-ADASFP+ 10 GE SFP+ active direct attach cable,
  10 m/32.8 ft"; "FN-CABLE-QSFP+1 40 GE QSFP+ passive direct attach cable, 1m" (and 3, 5);
  "SP-CABLE-FS-QSFP+1" (and 3, 5); "FN-CABLE-QSFP28-1 100 GE QSFP28 Passive Direct Attach Cable, 1 m"
  (and 2, 3, 5); the modules with their "Fiber Mode/Wavelength" (FN-TRAN-SX "MM 850", FN-TRAN-LX
  "SM 1310", FN-TRAN-SFP+ER "10 GE base-ER ... 1550nm Single Mode, 40km", FN-TRAN-QSFP28-DR
  "100GBase-DR ... SM 1310 500M", FN-TRAN-QSFP28-CWDM4 "LC connectors, 2KM ... SM CWDM ~1310", ...).
- LK01, Fortinet's "Ordering Guide: FortiNDR": FN-TRAN-SFP28-SR "25 GE / 10 GE SFP28 transceiver module,
  short range 100m, LC connector, MMF, 850nm"; FN-TRAN-SFP28-LR "long range 10km, LC connector, SMF,
  1310nm"; FN-CABLE-SFP28-1 / -3 / -5 "25 GE SFP28 passive direct attach cable, 1m / 3m / 5m".
- BRD02, MikroTik's manual page "Peripherals": "MikroTik | S-85DLC05D | 1,25G | Dual LC, MM | 850nm";
  "S-31DLC20D | 1,25G | Dual LC, SM | 1310nm"; "S-RJ01 | 1000/100/10 | RJ45, Cat5/Cat6"; "S+85DLC03D |
  300m | 10G | Dual LC, MM | 850nm"; "S+31DLC10D | 10km | 10G | Dual LC, SM | 1310nm"; "S+DA0001 | 1m |
  10G | Twinax Copper"; "S+DA0003 | 3m | 10G | Twinax Copper".
"""

from __future__ import annotations

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import Cable, Protocol, SourceKind, Transceiver

BRD01_URL = "https://www.fortinet.com/content/dam/fortinet/assets/data-sheets/fortiddos.pdf"
BRD02_URL = "https://manual.mikrotik.com/docs/hardware/peripherals"

# family -> (vendor, cable type, form factor, rate Gb/s, lanes, source, the exact (part number, length m) rows).
CABLE_FAMILIES: dict[str, tuple[str, str, str, int, int, str, list[tuple[str, float]]]] = {
    "FN-CABLE-SFP+": (
        "Fortinet",
        "DAC",
        "SFP+",
        10,
        1,
        "BRD01",
        [("FN-CABLE-SFP+1", 1.0), ("FN-CABLE-SFP+3", 3.0), ("FN-CABLE-SFP+5", 5.0)],
    ),
    "SP-CABLE-FS-SFP+": (
        "Fortinet",
        "DAC",
        "SFP+",
        10,
        1,
        "BRD01",
        [("SP-CABLE-FS-SFP+1", 1.0), ("SP-CABLE-FS-SFP+3", 3.0), ("SP-CABLE-FS-SFP+5", 5.0)],
    ),
    "SP-CABLE-ADASFP+": ("Fortinet", "ACC", "SFP+", 10, 1, "BRD01", [("SP-CABLE-ADASFP+", 10.0)]),
    "FN-CABLE-SFP28": (
        "Fortinet",
        "DAC",
        "SFP28",
        25,
        1,
        "LK01",
        [("FN-CABLE-SFP28-1", 1.0), ("FN-CABLE-SFP28-3", 3.0), ("FN-CABLE-SFP28-5", 5.0)],
    ),
    "FN-CABLE-QSFP+": (
        "Fortinet",
        "DAC",
        "QSFP+",
        40,
        4,
        "BRD01",
        [("FN-CABLE-QSFP+1", 1.0), ("FN-CABLE-QSFP+3", 3.0), ("FN-CABLE-QSFP+5", 5.0)],
    ),
    "SP-CABLE-FS-QSFP+": (
        "Fortinet",
        "DAC",
        "QSFP+",
        40,
        4,
        "BRD01",
        [("SP-CABLE-FS-QSFP+1", 1.0), ("SP-CABLE-FS-QSFP+3", 3.0), ("SP-CABLE-FS-QSFP+5", 5.0)],
    ),
    "FN-CABLE-QSFP28": (
        "Fortinet",
        "DAC",
        "QSFP28",
        100,
        4,
        "BRD01",
        [
            ("FN-CABLE-QSFP28-1", 1.0),
            ("FN-CABLE-QSFP28-2", 2.0),
            ("FN-CABLE-QSFP28-3", 3.0),
            ("FN-CABLE-QSFP28-5", 5.0),
        ],
    ),
    "MikroTik-S+DA": ("MikroTik", "DAC", "SFP+", 10, 1, "BRD02", [("S+DA0001", 1.0), ("S+DA0003", 3.0)]),
}

# part number -> (vendor, form factor, rate Gb/s, PMD, connector, sources).
MODULES: dict[str, tuple[str, str, int, str, str, list[str]]] = {
    "FN-TRAN-GC": ("Fortinet", "SFP", 1, "1000BASE-T", "RJ-45", ["BRD01", "LK01"]),
    "FN-TRAN-SX": ("Fortinet", "SFP", 1, "1000BASE-SX", "LC/UPC", ["BRD01"]),
    "FR-TRAN-SX": ("Fortinet", "SFP", 1, "1000BASE-SX", "LC/UPC", ["BRD01"]),
    "FN-TRAN-LX": ("Fortinet", "SFP", 1, "1000BASE-LX", "LC/UPC", ["BRD01"]),
    "FN-TRAN-SFP+SR": ("Fortinet", "SFP+", 10, "10GBASE-SR", "LC/UPC", ["BRD01", "LK01"]),
    "FN-TRAN-SFP+LR": ("Fortinet", "SFP+", 10, "10GBASE-LR", "LC/UPC", ["BRD01", "LK01"]),
    "FN-TRAN-SFP+ER": ("Fortinet", "SFP+", 10, "10GBASE-ER", "LC/UPC", ["BRD01"]),
    "FN-TRAN-SFP28-SR": ("Fortinet", "SFP28", 25, "25GBASE-SR", "LC/UPC", ["LK01"]),
    "FN-TRAN-SFP28-LR": ("Fortinet", "SFP28", 25, "25GBASE-LR", "LC/UPC", ["LK01"]),
    "FG-TRAN-QSFP+SR-BIDI": ("Fortinet", "QSFP+", 40, "40G-SR-BD", "LC/UPC", ["BRD01"]),
    "FN-TRAN-QSFP+SR": ("Fortinet", "QSFP+", 40, "40GBASE-SR4", "MPO-12/UPC", ["BRD01"]),
    "FN-TRAN-QSFP+LR": ("Fortinet", "QSFP+", 40, "40GBASE-LR4", "LC/UPC", ["BRD01"]),
    "FN-TRAN-QSFP28-SR": ("Fortinet", "QSFP28", 100, "100GBASE-SR4", "MPO-12/UPC", ["BRD01"]),
    "FN-TRAN-QSFP28-DR": ("Fortinet", "QSFP28", 100, "100GBASE-DR", "LC/UPC", ["BRD01"]),
    "FN-TRAN-QSFP28-CWDM4": ("Fortinet", "QSFP28", 100, "100G-CWDM4", "LC/UPC", ["BRD01"]),
    "S-85DLC05D": ("MikroTik", "SFP", 1, "1000BASE-SX", "LC/UPC", ["BRD02"]),
    "S-31DLC20D": ("MikroTik", "SFP", 1, "1000BASE-LX", "LC/UPC", ["BRD02"]),
    "S-RJ01": ("MikroTik", "SFP", 1, "1000BASE-T", "RJ-45", ["BRD02"]),
    "S+85DLC03D": ("MikroTik", "SFP+", 10, "10GBASE-SR", "LC/UPC", ["BRD02"]),
    "S+31DLC10D": ("MikroTik", "SFP+", 10, "10GBASE-LR", "LC/UPC", ["BRD02"]),
}

# SKUs the documents print that are not loaded (no catalogue PMD, or a row that does not say which PMD).
NOT_LOADED = {
    "FR-TRAN-ZX",
    "FN-TRAN-SFP+ZR",
    "FN-TRAN-SFP+BD27",
    "FN-TRAN-SFP+BD33",
    "FN-TRAN-SFP+GC",
    "FN-TRAN-QSFP+ER",
    "FN-TRAN-QSFP28-BIDI-I",
    "FN-TRAN-QSFP28-LR",
    "FN-TRAN-QSFP28-ER",
    "S-35LC20D",
    "S-53LC20D",
    "S+23LC10D",
    "S+32LC10D",
    "S+RJ10",
}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> list[Cable]:
    rows = [p for p in cat.parts if isinstance(p, Cable) and p.family == family]
    return sorted(rows, key=lambda p: p.length_m or 0.0)


def _module(cat: Catalogue, part_number: str) -> Transceiver:
    [p] = [p for p in cat.parts if isinstance(p, Transceiver) and p.part_number == part_number]
    return p


class TestSources:
    def test_the_file_holds_only_brd_ids(self) -> None:
        rows = yaml.safe_load((DATA_DIR / "sources" / "brd.yaml").read_text(encoding="utf-8"))
        assert [r["id"] for r in rows] == ["BRD01", "BRD02"]

    def test_brd01_is_fortinets_own_fortiddos_data_sheet(self, cat: Catalogue) -> None:
        s = cat.sources["BRD01"]
        assert (s.kind, str(s.url)) == (SourceKind.VENDOR, BRD01_URL)
        assert "FDDoS-DAT-R48-20260113" in s.title
        for quoted in ("FN-CABLE-QSFP28-1/-2/-3/-5", "'SM 1310 500M'", "SP-CABLE-ADASFP+", "'SM CWDM ~1310'"):
            assert quoted in s.section

    def test_lk01_quotes_the_fortindr_rows_loaded_from_it(self, cat: Catalogue) -> None:
        s = cat.sources["LK01"]
        assert s.kind == SourceKind.VENDOR
        for quoted in ("FN-TRAN-SFP28-SR '25 GE / 10 GE SFP28 transceiver module, short range 100m", "1m / 3m / 5m"):
            assert quoted in s.section

    def test_brd02_is_mikrotiks_own_peripherals_page(self, cat: Catalogue) -> None:
        s = cat.sources["BRD02"]
        assert (s.kind, str(s.url)) == (SourceKind.VENDOR, BRD02_URL)
        for quoted in ("S+85DLC03D 300m 10G 'Dual LC, MM' 850nm", "S+DA0003 3m 10G 'Twinax Copper'"):
            assert quoted in s.section


class TestCableFamilies:
    @pytest.mark.parametrize("family", sorted(CABLE_FAMILIES))
    def test_each_family_has_exactly_the_lengths_its_source_prints(self, cat: Catalogue, family: str) -> None:
        rows = CABLE_FAMILIES[family][-1]
        assert [(p.part_number, p.length_m) for p in _family(cat, family)] == rows

    @pytest.mark.parametrize("family", sorted(CABLE_FAMILIES))
    def test_each_variant_is_the_vendors_straight_cable_of_its_class(self, cat: Catalogue, family: str) -> None:
        vendor, kind, ff, rate, lanes, source, _ = CABLE_FAMILIES[family]
        for p in _family(cat, family):
            assert (p.vendor, p.protocols, p.sources) == (vendor, [Protocol.ETHERNET], [source])
            assert (p.cable_type.value, p.rates_gbps) == (kind, [rate])
            for end in (p.end_a, p.end_b):
                assert (end.form_factor, end.plugs, end.rate_gbps, end.lanes) == (ff, 1, rate, lanes)


class TestModules:
    @pytest.mark.parametrize("part_number", sorted(MODULES))
    def test_each_module_runs_the_pmd_its_row_states(self, cat: Catalogue, part_number: str) -> None:
        vendor, ff, rate, pmd, connector, sources = MODULES[part_number]
        p = _module(cat, part_number)
        assert (p.vendor, p.form_factor, p.rates_gbps, p.pmds) == (vendor, ff, [rate], [pmd])
        assert (p.connector, p.sources, p.protocols) == (connector, sources, [Protocol.ETHERNET])

    @pytest.mark.parametrize("part_number", sorted(MODULES))
    def test_no_part_reach_is_loaded_reach_follows_the_pmd(self, cat: Catalogue, part_number: str) -> None:
        assert _module(cat, part_number).reach == []

    def test_the_rows_without_a_catalogue_pmd_are_not_loaded(self, cat: Catalogue) -> None:
        assert not NOT_LOADED & {p.part_number for p in cat.parts}


class TestTotals:
    def test_brd_adds_42_primary_part_numbers(self, cat: Catalogue) -> None:
        ours = {n for *_, rows in CABLE_FAMILIES.values() for n, _ in rows} | set(MODULES)
        assert len(ours) == 42
        loaded = {p.part_number for p in cat.parts if p.vendor in ("Fortinet", "MikroTik") and p.part_number}
        assert ours <= loaded
        assert all(
            cat.sources[s].kind == SourceKind.VENDOR for p in cat.parts if p.part_number in ours for s in p.sources
        )

    def test_the_catalogue_clears_1000_orderable_part_numbers(self, cat: Catalogue) -> None:
        assert len({p.part_number for p in cat.parts if p.part_number}) == 1025
