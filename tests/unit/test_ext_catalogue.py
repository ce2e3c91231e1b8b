"""Data tests for the rows of the "ext" helper (issue 11, catalogue breadth):
parts/ext_extreme_optics.yaml, parts/ext_extreme_cables.yaml and parts/ext_juniper_800g.yaml. No database.

Every expected value is written out from the vendor documents themselves:
- Extreme Networks data sheet "Extreme Networks Optical Transceivers and Cables" (EX01), e.g. p. 12
  "10GBASE-SR 10G SR SFP+, LC, 400m over OM4, Multimode Fiber 10301 10G-SR-SFP300M-ET
  10G-SR-SFP300M-IT"; p. 3 "400G-DACP 400G PASSIVE DAC QSFPDD CABLES (1M, 2M, 2.5M, 3M)
  400G-DACP-QSFPDD1M 400G-DACP-QSFPDD2M 400G-DACP-QSFPDD2Z5M 400G-DACP-QSFPDD3M"; p. 8 "40G-DACP
  Breakout 40G QSFP+ to 4xSFP+ Passive DAC Copper cables (1m, 2m, 3m, 5m)";
- Extreme's X440-G2 hardware installation guide (EX02) Table 79: "10304 10GBASE-CR SFP+ pre-terminated
  twin-ax copper cable, 1 meter" ... "10307 ... 10 meters";
- Juniper "800G Optical Transceivers and Cables Guide" (EX03) Table 10 "AOC Cables": OSFP-800G-AOC-1M ...
  -30M and QDD-800G-AOC-1M ... -30M.
"""

from __future__ import annotations

from collections import Counter

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Adapter, Cable, Transceiver

EXTREME = "Extreme Networks"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> list[tuple[str, float]]:
    rows = [p for p in cat.parts if isinstance(p, Cable) and p.family == family]
    return [(p.part_number or "", p.length_m or 0.0) for p in rows]


def _one(cat: Catalogue, pn: str):  # type: ignore[no-untyped-def]
    [p] = [p for p in cat.parts if p.part_number == pn]
    return p


class TestSources:
    def test_the_documents_are_vendor_copies_pinned_to_a_commit(self, cat: Catalogue) -> None:
        for sid, path in (
            ("EX01", "extreme-optical-transceivers-cables-current.pdf"),
            ("EX03", "juniper-800g-optics-guide.pdf"),
        ):
            src = cat.sources[sid]
            assert src.kind.value == "vendor"
            assert src.url == (
                "https://github.com/aiman1034/hexcat/blob/e3ff847a9fddfe8f7afb260319d0df8ef1246536"
                "/datasheets/cache/" + path
            )
        assert cat.sources["EX02"].kind.value == "vendor"

    def test_every_extreme_row_cites_the_data_sheet(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if p.vendor == EXTREME]
        assert rows and all("EX01" in p.sources for p in rows)
        # the hardware guide is cited only for the four numeric 10G DAC lengths
        assert sorted(p.part_number or "" for p in rows if "EX02" in p.sources) == ["10304", "10305", "10306", "10307"]


class TestCounts:
    def test_extreme_part_numbers(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if p.vendor == EXTREME]
        # 36 optics; 16 cable families with 4+3+4+3+1+4+4+3+3+4+1+4+5+2+3+2 = 50 lengths; 2 adapters
        assert dict(Counter(type(p).__name__ for p in rows)) == {"Transceiver": 36, "Cable": 50, "Adapter": 2}

    def test_juniper_800g_aocs(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if "EX03" in p.sources]
        assert len(rows) == 16 and all(p.vendor == "Juniper" for p in rows)

    def test_no_part_number_names_two_parts(self, cat: Catalogue) -> None:
        numbers = [p.part_number for p in cat.parts]
        assert len(numbers) == len(set(numbers))


class TestExtremeCables:
    @pytest.mark.parametrize(
        ("family", "rows"),
        [
            (
                "400G-DACP-QSFPDD",
                [
                    ("400G-DACP-QSFPDD1M", 1),
                    ("400G-DACP-QSFPDD2M", 2),
                    ("400G-DACP-QSFPDD2Z5M", 2.5),
                    ("400G-DACP-QSFPDD3M", 3),
                ],
            ),
            ("400G-AOC-QSFPDD", [("400G-AOC-QSFPDD5M", 5), ("400G-AOC-QSFPDD10M", 10), ("400G-AOC-QSFPDD20M", 20)]),
            (
                "100G-DACP-QSFP",
                [("100G-DACP-QSFPZ5M", 0.5), ("100G-DACP-QSFP1M", 1), ("100G-DACP-QSFP3M", 3), ("100G-DACP-QSFP5M", 5)],
            ),
            (
                "100G-DACP-QSFP4SFP",
                [("100G-DACP-QSFP4SFP1M", 1), ("100G-DACP-QSFP4SFP3M", 3), ("100G-DACP-QSFP4SFP5M", 5)],
            ),
            ("100G-AOC-QSFP", [("100G-AOC-QSFP10M-TA", 10)]),
            (
                "40G-DACP-QSFP",
                [("40G-DACP-QSFPZ5M", 0.5), ("40G-DACP-QSFP1M", 1), ("40G-DACP-QSFP3M", 3), ("40G-DACP-QSFP5M", 5)],
            ),
            (
                "40G-DACP-QSFP4SFP",
                [
                    ("40G-DACP-QSFP4SFP1M", 1),
                    ("40G-DACP-QSFP4SFP2M", 2),
                    ("40G-DACP-QSFP4SFP3M", 3),
                    ("40G-DACP-QSFP4SFP5M", 5),
                ],
            ),
            ("40G-DACA-QSFP", [("40G-DACA-QSFP1M", 1), ("40G-DACA-QSFP3M", 3), ("40G-DACA-QSFP5M", 5)]),
            ("40G-DACA-QSFP4SFP", [("40G-DACA-QSFP4SFP1M", 1), ("40G-DACA-QSFP4SFP3M", 3), ("40G-DACA-QSFP4SFP5M", 5)]),
            (
                "40G-AOC-QSFP",
                [("40G-AOC-QSFP3M", 3), ("40G-AOC-QSFP5M", 5), ("40G-AOC-QSFP10M", 10), ("40G-AOC-QSFP20M", 20)],
            ),
            ("40G-AOC-QSFP4SFP", [("40G-AOC-QSFP4SFP10M", 10)]),
            (
                "25G-DACP-SFP",
                [("25G-DACP-SFPZ5M", 0.5), ("25G-DACP-SFP1M", 1), ("25G-DACP-SFP3M", 3), ("25G-DACP-SFP5M", 5)],
            ),
            (
                "10G-DACP-SFP",
                [("10G-DACP-SFPZ5M", 0.5), ("10304", 1), ("10305", 3), ("10306", 5), ("10307", 10)],
            ),
            ("10G-DACP-SFP-IT", [("10G-DACP-SFPZ5M-IT", 0.5), ("10G-DACP-SFP1M-IT", 1)]),
            ("10G-DACA-SFP", [("10G-DACA-SFP1M", 1), ("10G-DACA-SFP3M", 3), ("10G-DACA-SFP5M", 5)]),
            ("10G-AOC-SFP", [("10G-AOC-SFP7M", 7), ("10G-AOC-SFP10M", 10)]),
        ],
    )
    def test_every_listed_number_and_length(self, cat: Catalogue, family: str, rows: list[tuple[str, float]]) -> None:
        assert _family(cat, family) == [(pn, float(m)) for pn, m in rows]
        assert all(_one(cat, pn).vendor == EXTREME for pn, _ in rows)

    def test_cable_classes_and_ends(self, cat: Catalogue) -> None:
        def shape(pn: str) -> tuple[object, ...]:
            c = _one(cat, pn)
            assert isinstance(c, Cable)
            return (
                c.cable_type.value,
                c.rates_gbps,
                (c.end_a.form_factor, c.end_a.plugs, c.end_a.rate_gbps, c.end_a.lanes),
                (c.end_b.form_factor, c.end_b.plugs, c.end_b.rate_gbps, c.end_b.lanes),
            )

        assert shape("400G-DACP-QSFPDD2Z5M") == ("DAC", [400.0], ("QSFP-DD", 1, 400.0, 8), ("QSFP-DD", 1, 400.0, 8))
        assert shape("100G-DACP-QSFP4SFP3M") == ("DAC", [25.0], ("QSFP28", 1, 100.0, 4), ("SFP28", 4, 25.0, 1))
        assert shape("40G-DACA-QSFP4SFP5M") == ("ACC", [10.0], ("QSFP+", 1, 40.0, 4), ("SFP+", 4, 10.0, 1))
        assert shape("40G-AOC-QSFP4SFP10M") == ("AOC", [10.0], ("QSFP+", 1, 40.0, 4), ("SFP+", 4, 10.0, 1))
        assert shape("10G-DACA-SFP3M") == ("ACC", [10.0], ("SFP+", 1, 10.0, 1), ("SFP+", 1, 10.0, 1))
        assert shape("10307") == ("DAC", [10.0], ("SFP+", 1, 10.0, 1), ("SFP+", 1, 10.0, 1))

    def test_numbers_whose_length_the_sheet_does_not_give_are_left_out(self, cat: Catalogue) -> None:
        numbers = {p.part_number for p in cat.parts}
        assert not numbers & {"10434", "10437", "10522"}

    def test_the_two_qsfp_port_adapters(self, cat: Catalogue) -> None:
        a = _one(cat, "10506")
        assert isinstance(a, Adapter)
        assert (a.form_factor, a.accepts, a.max_rate_gbps) == ("QSFP28", "SFP28", 25.0)
        b = _one(cat, "QSFP-SFPP-ADPT")
        assert isinstance(b, Adapter)
        assert (b.form_factor, b.accepts, b.max_rate_gbps) == ("QSFP+", "SFP+", 10.0)


class TestExtremeOptics:
    @pytest.mark.parametrize(
        ("pn", "form_factor", "pmds", "connector"),
        [
            ("10065", "SFP", ["1000BASE-T"], "RJ-45"),
            ("10070H", "SFP", ["1000BASE-T"], "RJ-45"),
            ("MGBIC-02", "SFP", ["1000BASE-T"], "RJ-45"),
            ("10051H", "SFP", ["1000BASE-SX"], "LC/UPC"),
            ("10060H", "SFP", ["1000BASE-LX"], "LC/UPC"),
            ("10052H", "SFP", ["1000BASE-LX"], "LC/UPC"),
            ("10301", "SFP+", ["10GBASE-SR"], "LC/UPC"),
            ("10G-SR-SFP300M-ET", "SFP+", ["10GBASE-SR"], "LC/UPC"),
            ("10G-SR-SFP300M-IT", "SFP+", ["10GBASE-SR"], "LC/UPC"),
            ("10303", "SFP+", ["10GBASE-LRM"], "LC/UPC"),
            ("10302", "SFP+", ["10GBASE-LR"], "LC/UPC"),
            ("10G-LR-SFP10KM-ET", "SFP+", ["10GBASE-LR"], "LC/UPC"),
            ("10G-LR-SFP10KM-IT", "SFP+", ["10GBASE-LR"], "LC/UPC"),
            ("10G-ER-SFP40KM-ET", "SFP+", ["10GBASE-ER"], "LC/UPC"),
            ("10309", "SFP+", ["10GBASE-ER"], "LC/UPC"),
            ("10G-ER-SFP40KM-IT", "SFP+", ["10GBASE-ER"], "LC/UPC"),
            ("25G-SR-SFP100M", "SFP28", ["25GBASE-SR"], "LC/UPC"),
            ("25/10G-SR-SFP100M", "SFP28", ["10GBASE-SR", "25GBASE-SR"], "LC/UPC"),
            ("10502", "SFP28", ["25GBASE-SR"], "LC/UPC"),
            ("25G-LR-SFP10KM", "SFP28", ["25GBASE-LR"], "LC/UPC"),
            ("40G-SR4-QSFP150M", "QSFP+", ["40GBASE-SR4"], "MPO-12/UPC"),
            ("10329", "QSFP+", ["40G-SR-BD"], "LC/UPC"),
            ("40G-LR4-QSFP10KM", "QSFP+", ["40GBASE-LR4"], "LC/UPC"),
            ("10335", "QSFP+", ["40GBASE-ER4"], "LC/UPC"),
            ("100G-SR4-QSFP100M", "QSFP28", ["100GBASE-SR4"], "MPO-12/UPC"),
            ("10401", "QSFP28", ["100GBASE-SR4"], "MPO-12/UPC"),
            ("100G-DR-QSFP500M", "QSFP28", ["100GBASE-DR"], "LC/UPC"),
            ("100G-FR-QSFP2KM", "QSFP28", ["100GBASE-FR1"], "LC/UPC"),
            ("100G-LR-QSFP10KM", "QSFP28", ["100GBASE-LR1"], "LC/UPC"),
            ("100G-LR4-QSFP10KM", "QSFP28", ["100GBASE-LR4"], "LC/UPC"),
            ("100G-LR4-QSFP2KM", "QSFP28", ["100GBASE-LR4"], "LC/UPC"),
            ("400G-SR8-QSFPDD100M", "QSFP-DD", ["400GBASE-SR8"], "MPO-16/APC"),
            ("400G-DR4-QSFPDD500M", "QSFP-DD", ["400GBASE-DR4"], "MPO-12/APC"),
            ("400G-DR4X-QSFPDD2KM", "QSFP-DD", ["400G-XDR4"], "MPO-12/APC"),
            ("400G-FR4-QSFPDD2KM", "QSFP-DD", ["400GBASE-FR4"], "LC/UPC"),
            ("400G-LR4P-QSFPDD10KM", "QSFP-DD", ["400G-PLR4"], "MPO-12/APC"),
        ],
    )
    def test_optic(self, cat: Catalogue, pn: str, form_factor: str, pmds: list[str], connector: str) -> None:
        p = _one(cat, pn)
        assert isinstance(p, Transceiver)
        assert (p.vendor, p.form_factor, p.pmds, p.connector) == (EXTREME, form_factor, pmds, connector)

    def test_parts_with_their_own_reach(self, cat: Catalogue) -> None:
        lr4_2km = _one(cat, "100G-LR4-QSFP2KM")
        assert [(r.fiber, r.max_m) for r in lr4_2km.reach] == [("OS2", 2000.0)]
        dual = _one(cat, "25/10G-SR-SFP100M")
        assert dual.rates_gbps == [10.0, 25.0]
        assert [(r.fiber, r.max_m) for r in dual.reach] == [("OM3", 70.0), ("OM4", 100.0)]

    def test_the_40g_bidi_is_end_of_sale(self, cat: Catalogue) -> None:
        assert _one(cat, "10329").status == "eol"

    def test_left_out_rows_are_absent(self, cat: Catalogue) -> None:
        """PMD not in the catalogue (ZR, ER4 Lite, 4WDM, SWDM4, ESR4, BiDi LX, 10GBASE-T, 400G LR4-10),
        an ambiguous multimode BiDi, a misprinted number, SFP56-DD/SFP-DD parts and multi-packs."""
        numbers = {p.part_number for p in cat.parts}
        left_out = {
            "10310",
            "10G-ZR-SFP80KM-IT",
            "100G-ER4LT-QSFP40KM",
            "100G-4WDM-QSFP10KM",
            "100G-SWDM4-QSFP100M",
            "100G-ESR4-QSFP300M",
            "40G-ESR4-QSFP400M-NT",
            "10GB-BX10-D",
            "10338",
            "400G-LR4-QSFPDD10KM",
            "100G-SR4BD-QSFP100M",
            "100G-CWDM2-QSFP2KM",
            "100G-DR-SFPDD500M",
            "20G-DACP-SFPDD1M",
            "10071H",
            "10G-SR-SFP300M-ET8PK",
        }
        assert not numbers & left_out


class TestJuniper800G:
    @pytest.mark.parametrize("prefix", ["OSFP-800G-AOC", "QDD-800G-AOC"])
    def test_every_length_of_table_10(self, cat: Catalogue, prefix: str) -> None:
        lengths = [1, 3, 5, 7, 10, 15, 20, 30]
        assert _family(cat, prefix) == [(f"{prefix}-{m}M", float(m)) for m in lengths]

    def test_ends(self, cat: Catalogue) -> None:
        osfp = _one(cat, "OSFP-800G-AOC-30M")
        assert isinstance(osfp, Cable)
        assert (osfp.cable_type.value, osfp.rates_gbps) == ("AOC", [800.0])
        assert (osfp.end_a.form_factor, osfp.end_a.top_style, osfp.end_a.rate_gbps, osfp.end_a.lanes) == (
            "OSFP",
            "finned",
            800.0,
            8,
        )
        qdd = _one(cat, "QDD-800G-AOC-1M")
        assert (qdd.end_b.form_factor, qdd.end_b.plugs, qdd.end_b.rate_gbps, qdd.end_b.lanes) == (
            "QSFP-DD",
            1,
            800.0,
            8,
        )
