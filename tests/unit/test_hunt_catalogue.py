"""Data tests for the Dell and Juniper rows of the "hunt" helper (issues 11 and 12):
parts/hunt_dell_optics.yaml, parts/hunt_dell_cables.yaml and parts/hunt_juniper.yaml. No database.

Every expected value is written out from the vendor documents themselves:
- Dell "Dell networking transceivers and cables" spec sheet (HU01), e.g. p. 10 "CBL-MPO12-4LC-SMF-5M
  5 MPO-12 to 4 × LC SMF", "CBL-MTP12-4LC-OM4-xM 3, 5, 7, 15 MPO-12 to 4 × LC MMF OM4",
  "DAC-SFP-10G-xM 0.5, 1, 2, 3, 5, 7 SFP+ to SFP+ copper"; p. 8 "400G- Q56DD-EDR4 ... MPO-12 1310 SMF
  2 km ... Compatible with Q28-100G-FR for 1×4 breakout";
- Juniper "400G Optical Transceivers and Cables Guide" (HU02) Table 5: "MTP-4LC-S1M 12-ribbon breakout
  cable MTP to 4xLC pairs SMF 1m" ... "MTP12-FF-S10M 12-ribbon patch cable MTP 12 fiber SMF 10 m", and
  "12-Fiber Ribbon Breakout Cables with MPO-12/APC-to-LC Duplex Connectors";
- Juniper "100G Optical Transceivers and Cables Guide" (HU03): "QSFP-100G-SR1P2—70 m (OM3), 100 m (OM4),
  150 m (OM5)";
- Juniper "Optic Modules" data sheet (HU04) Table 1: "SFPP-10GE-LRM SFP+ 10GbE pluggable transceiver, MMF,
  1310 nm for 220 m transmission ... SFP+ 10GBASE-LRM", "SFP-1GE-SX ... SFP 1000BASE-SX".
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Adapter, Cable, FiberCable, Transceiver


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> list[tuple[str, float]]:
    rows = [p for p in cat.parts if isinstance(p, Cable | FiberCable) and p.family == family]
    return sorted(((p.part_number or "", p.length_m or 0.0) for p in rows), key=lambda r: r[1])


def _one(cat: Catalogue, pn: str):  # type: ignore[no-untyped-def]
    [p] = [p for p in cat.parts if p.part_number == pn]
    return p


class TestSources:
    def test_the_three_documents_are_vendor_copies_pinned_to_a_commit(self, cat: Catalogue) -> None:
        for sid, path in (
            ("HU01", "dell-networking-optics-CURRENT.pdf"),
            ("HU02", "juniper-400g-optics-guide.pdf"),
            ("HU03", "juniper-100g-optics-guide.pdf"),
            ("HU04", "juniper-optic-modules.pdf"),
        ):
            src = cat.sources[sid]
            assert src.kind.value == "vendor"
            assert src.url.startswith("https://github.com/aiman1034/hexcat/blob/")
            assert src.url.endswith("/datasheets/cache/" + path)
            commit = src.url.split("/blob/")[1].split("/")[0]
            assert len(commit) == 40

    def test_every_dell_and_juniper_row_here_cites_its_document(self, cat: Catalogue) -> None:
        # Dell's 2017 sheet (ARB01, parts/arb_dell_cables.yaml) backs the older DAC-Q28 / AOC-Q28 models.
        # Dell's 407- order numbers of parts/jnp_hpe_dell.yaml rest on Microsoft's page (JNP02).
        dell = [p for p in cat.parts if p.vendor == "Dell" and not {"ARB01", "JNP02"} & set(p.sources)]
        assert dell and all(p.sources == ["HU01"] for p in dell)
        hunt_juniper = [p for p in cat.parts if {"HU02", "HU03"} & set(p.sources)]
        assert sorted(p.part_number or "" for p in hunt_juniper) == [
            "MTP-4LC-S10M",
            "MTP-4LC-S1M",
            "MTP-4LC-S3M",
            "MTP-4LC-S5M",
            "MTP12-FF-S10M",
            "MTP12-FF-S1M",
            "MTP12-FF-S3M",
            "MTP12-FF-S5M",
            "QSFP-100G-SR1P2",
        ]


class TestCounts:
    def test_dell_part_numbers(self, cat: Catalogue) -> None:
        # HU01's rows only; ARB01's 2017 DAC-Q28 / AOC-Q28 families are counted in test_arb_catalogue.
        # and the 407- order numbers of parts/jnp_hpe_dell.yaml (JNP02) in test_jnp_catalogue.
        dell = [p for p in cat.parts if p.vendor == "Dell" and not {"ARB01", "JNP02"} & set(p.sources)]
        kinds: dict[str, int] = defaultdict(int)
        for p in dell:
            kinds[type(p).__name__] += 1
        # 18 optics, the QSA28 adapter, 6 fiber families (1 + 4 + 5 + 2 + 2 + 6 = 20 lengths),
        # 18 DAC/AOC/AEC families (6+5+5+4+4+2+3+2+5+4+3+1+3+3+2+3+3+1 = 59 lengths) and the 7
        # QSFP28-DD / OSFP112 families of parts/breadth_dell.yaml (4+3+2+2+2+1+4 = 18 lengths)
        assert dict(kinds) == {"Transceiver": 18, "Adapter": 1, "FiberCable": 20, "Cable": 59 + 18}
        assert len(dell) == 98 + 18

    def test_no_part_number_names_two_parts(self, cat: Catalogue) -> None:
        numbers = [p.part_number for p in cat.parts]
        assert len(numbers) == len(set(numbers))


class TestHarnesses:
    def test_dell_single_mode_mpo12_to_4_lc_breakout(self, cat: Catalogue) -> None:
        assert _family(cat, "CBL-MPO12-4LC-SMF") == [("CBL-MPO12-4LC-SMF-5M", 5.0)]
        h = _one(cat, "CBL-MPO12-4LC-SMF-5M")
        assert isinstance(h, FiberCable)
        assert (h.fiber_type, h.connector_a, h.connector_b, h.legs, h.channels) == (
            "OS2",
            "MPO-12/APC",
            "LC/UPC",
            4,
            1,
        )

    def test_dell_om4_mpo12_to_4_lc_breakout_every_length(self, cat: Catalogue) -> None:
        assert _family(cat, "CBL-MTP12-4LC-OM4") == [
            ("CBL-MTP12-4LC-OM4-3M", 3.0),
            ("CBL-MTP12-4LC-OM4-5M", 5.0),
            ("CBL-MTP12-4LC-OM4-7M", 7.0),
            ("CBL-MTP12-4LC-OM4-15M", 15.0),
        ]
        h = _one(cat, "CBL-MTP12-4LC-OM4-15M")
        assert (h.fiber_type, h.connector_a, h.connector_b, h.legs) == ("OM4", "MPO-12/UPC", "LC/UPC", 4)

    def test_juniper_mtp_to_4_lc_single_mode_breakout_every_length(self, cat: Catalogue) -> None:
        assert _family(cat, "MTP-4LC-S") == [
            ("MTP-4LC-S1M", 1.0),
            ("MTP-4LC-S3M", 3.0),
            ("MTP-4LC-S5M", 5.0),
            ("MTP-4LC-S10M", 10.0),
        ]
        for pn, _ in _family(cat, "MTP-4LC-S"):
            h = _one(cat, pn)
            assert (h.vendor, h.fiber_type, h.connector_a, h.connector_b, h.legs) == (
                "Juniper",
                "OS2",
                "MPO-12/APC",
                "LC/UPC",
                4,
            )

    def test_juniper_mtp12_patch_cables(self, cat: Catalogue) -> None:
        assert _family(cat, "MTP12-FF-S") == [
            ("MTP12-FF-S1M", 1.0),
            ("MTP12-FF-S3M", 3.0),
            ("MTP12-FF-S5M", 5.0),
            ("MTP12-FF-S10M", 10.0),
        ]
        p = _one(cat, "MTP12-FF-S10M")
        assert (p.fiber_type, p.connector_a, p.connector_b, p.legs) == ("OS2", "MPO-12/APC", "MPO-12/APC", 1)

    def test_other_dell_fiber_families(self, cat: Catalogue) -> None:
        assert [pn for pn, _ in _family(cat, "CBL-LC-OM4")] == [
            "CBL-LC-OM4-1M",
            "CBL-LC-OM4-2M",
            "CBL-LC-OM4-3M",
            "CBL-LC-OM4-5M",
            "CBL-LC-OM4-10M",
            "CBL-LC-OM4-30M",
        ]
        assert [m for _, m in _family(cat, "CBL-MTP12-OM4")] == [1.0, 3.0, 5.0, 10.0, 25.0]
        assert [m for _, m in _family(cat, "CBL-MPO12-APC-OM4")] == [3.0, 5.0]
        assert [m for _, m in _family(cat, "CBL-MPO12-APC-SMF")] == [3.0, 5.0]
        assert _one(cat, "CBL-MPO12-APC-SMF-3M").fiber_type == "OS2"
        assert _one(cat, "CBL-MPO12-APC-OM4-3M").connector_a == "MPO-12/APC"


class TestDellCables:
    @pytest.mark.parametrize(
        ("family", "lengths"),
        [
            ("DAC-SFP-10G", [0.5, 1, 2, 3, 5, 7]),
            ("AOC-SFP-10G", [2, 3, 5, 10, 15]),
            ("DAC-SFP-25G", [1, 2, 2.5, 3, 5]),
            ("AOC-SFP-25G", [2, 7, 10, 20]),
            ("DAC-QSFP-40G", [0.5, 1, 3, 5]),
            ("AOC-QSFP-40G", [3, 10]),
            ("DAC-QSFP-4SFP-10G", [1, 3, 5]),
            ("AOC-QSFP-4SFP-10G", [10, 30]),
            ("DAC-QSFP-100G", [0.5, 1, 2, 3, 5]),
            ("AOC-QSFP-100G", [3, 7, 10, 30]),
            ("DAC-QSFP-4SFP28-25G", [2, 3, 5]),
            ("AOC-QSFP-4SFP28-25G", [10]),
            ("DAC-Q56DD-400G", [0.5, 1, 2]),
            ("AOC-Q56DD-400G", [10, 15, 30]),
            ("AEC-Q56DD-400G", [3, 5]),
            ("DAC-Q56DD-2Q56-SFF-200G", [1, 2, 3]),
            ("DAC-Q56DD-4Q56-SFF-100G", [1, 2, 3]),
            ("DAC-Q56DD-8xSFP56", [2.5]),
        ],
    )
    def test_every_listed_length_is_loaded(self, cat: Catalogue, family: str, lengths: list[float]) -> None:
        # HU01's lengths; the lengths only Dell's 2017 sheet prints (ARB01) are checked in test_arb_catalogue.
        rows = [(pn, m) for pn, m in _family(cat, family) if "ARB01" not in _one(cat, pn).sources]
        assert [m for _, m in rows] == [float(x) for x in lengths]
        assert [pn for pn, _ in rows] == [f"{family}-{x:g}M" for x in lengths]

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

        assert shape("DAC-SFP-10G-0.5M") == ("DAC", [10.0], ("SFP+", 1, 10.0, 1), ("SFP+", 1, 10.0, 1))
        assert shape("DAC-QSFP-4SFP28-25G-5M") == ("DAC", [25.0], ("QSFP28", 1, 100.0, 4), ("SFP28", 4, 25.0, 1))
        assert shape("AEC-Q56DD-400G-5M") == ("ACC", [400.0], ("QSFP-DD", 1, 400.0, 8), ("QSFP-DD", 1, 400.0, 8))
        assert shape("DAC-Q56DD-4Q56-SFF-100G-3M") == (
            "DAC",
            [100.0],
            ("QSFP-DD", 1, 400.0, 8),
            ("QSFP56", 4, 100.0, 2),
        )
        assert shape("DAC-Q56DD-8xSFP56-2.5M") == ("DAC", [50.0], ("QSFP-DD", 1, 400.0, 8), ("SFP56", 8, 50.0, 1))

    def test_no_gearbox_cable_is_loaded(self, cat: Catalogue) -> None:
        """The 400G QSFP56-DD to 4 x 100G QSFP28 AOC/AEC run a gearbox (8 x 50G PAM4 to 4 x 25G NRZ
        per leg), which the cable model cannot state: they are left out."""
        assert [p for p in cat.parts if (p.part_number or "").startswith(("AOC-Q56DD-4Q28", "AEC-Q56DD-4Q28"))] == []


class TestOptics:
    @pytest.mark.parametrize(
        ("pn", "form_factor", "pmd", "connector"),
        [
            ("SFP-1G-SX", "SFP", "1000BASE-SX", "LC/UPC"),
            ("SFP-1G-LX", "SFP", "1000BASE-LX", "LC/UPC"),
            ("SFP28-25G-SR", "SFP28", "25GBASE-SR", "LC/UPC"),
            ("SFP28-25G-LR", "SFP28", "25GBASE-LR", "LC/UPC"),
            ("Q28-100G-SR4", "QSFP28", "100GBASE-SR4", "MPO-12/UPC"),
            ("Q28-100G-SR4-G2", "QSFP28", "100GBASE-SR4", "MPO-12/UPC"),
            ("Q28-100G-FR", "QSFP28", "100GBASE-FR1", "LC/UPC"),
            ("Q28-100G-LR1", "QSFP28", "100GBASE-LR1", "LC/UPC"),
            ("Q28-100G-LR4", "QSFP28", "100GBASE-LR4", "LC/UPC"),
            ("Q28-100G-CWDM4", "QSFP28", "100G-CWDM4", "LC/UPC"),
            ("Q28-100G-SR1.2", "QSFP28", "100G-SR1.2", "LC/UPC"),
            ("Q28-100G-BIDI", "QSFP28", "100G-SRBD", "LC/UPC"),
            ("Q56-200G-SR4", "QSFP56", "200GBASE-SR4", "MPO-12/UPC"),
            ("400G-Q56DD-SR8", "QSFP-DD", "400GBASE-SR8", "MPO-16/APC"),
            ("400G-Q56DD-SR4.2-ON", "QSFP-DD", "400GBASE-SR4.2", "MPO-12/UPC"),
            ("400G-Q56DD-FR4", "QSFP-DD", "400GBASE-FR4", "LC/UPC"),
            ("400G-Q56DD-EDR4", "QSFP-DD", "400G-XDR4", "MPO-12/APC"),
            ("400G-Q56-DD-LDR4", "QSFP-DD", "400G-PLR4", "MPO-12/APC"),
            ("QSFP-100G-SR1P2", "QSFP28", "100G-SR1.2", "LC/UPC"),
            ("SFP-1GE-SX", "SFP", "1000BASE-SX", "LC/UPC"),
            ("SFP-1GE-LX", "SFP", "1000BASE-LX", "LC/UPC"),
            ("SFP-1GE-T", "SFP", "1000BASE-T", "RJ-45"),
            ("CTP-SFP-1GE-SX", "SFP", "1000BASE-SX", "LC/UPC"),
            ("CTP-SFP-1GE-LX", "SFP", "1000BASE-LX", "LC/UPC"),
            ("CTP-SFP-1GE-T", "SFP", "1000BASE-T", "RJ-45"),
            ("RX-550M-SFP", "SFP", "1000BASE-SX", "LC/UPC"),
            ("RX-10KM-SFP", "SFP", "1000BASE-LX", "LC/UPC"),
            ("RX-GET-SFP", "SFP", "1000BASE-T", "RJ-45"),
            ("SFPP-10GE-SR", "SFP+", "10GBASE-SR", "LC/UPC"),
            ("SFPP-10GE-LR", "SFP+", "10GBASE-LR", "LC/UPC"),
            ("SFPP-10GE-ER", "SFP+", "10GBASE-ER", "LC/UPC"),
            ("SFPP-10GE-LRM", "SFP+", "10GBASE-LRM", "LC/UPC"),
        ],
    )
    def test_optic(self, cat: Catalogue, pn: str, form_factor: str, pmd: str, connector: str) -> None:
        p = _one(cat, pn)
        assert isinstance(p, Transceiver)
        assert (p.form_factor, p.pmds, p.connector) == (form_factor, [pmd], connector)

    def test_the_juniper_optic_modules_sheet_rows(self, cat: Catalogue) -> None:
        rows = sorted(p.part_number or "" for p in cat.parts if p.sources == ["HU04"])
        assert rows == [
            "CTP-SFP-1GE-LX",
            "CTP-SFP-1GE-SX",
            "CTP-SFP-1GE-T",
            "RX-10KM-SFP",
            "RX-550M-SFP",
            "RX-GET-SFP",
            "SFP-1GE-LX",
            "SFP-1GE-SX",
            "SFP-1GE-T",
            "SFPP-10GE-ER",
            "SFPP-10GE-LR",
            "SFPP-10GE-LRM",
            "SFPP-10GE-SR",
        ]
        assert all(_one(cat, pn).vendor == "Juniper" for pn in rows)

    def test_dell_model_spellings_of_the_spec_tables_resolve_as_aliases(self, cat: Catalogue) -> None:
        assert "400G-Q56-DD-SR4.2-ON" in _one(cat, "400G-Q56DD-SR4.2-ON").aliases
        assert "400G-Q56DD-LDR4" in _one(cat, "400G-Q56-DD-LDR4").aliases

    def test_model_names_of_other_vendors_part_numbers_stay_theirs(self, cat: Catalogue) -> None:
        """Dell's SFP-10G-SR / QSFP-40G-SR4 and Juniper's QSFP-100G-DR are spelled like Cisco's and
        Arista's part numbers: the catalogue keeps one part per number."""
        assert _one(cat, "SFP-10G-SR").vendor == "Cisco"
        assert _one(cat, "QSFP-40G-SR4").vendor == "Cisco"
        assert _one(cat, "QSFP-100G-DR").vendor == "Arista"

    def test_the_dell_qsa28(self, cat: Catalogue) -> None:
        a = _one(cat, "QSA-Q28-S28")
        assert isinstance(a, Adapter)
        assert (a.form_factor, a.accepts, a.max_rate_gbps) == ("QSFP28", "SFP28", 25.0)
