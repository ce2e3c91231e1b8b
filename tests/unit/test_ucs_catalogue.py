"""Cisco UCS fabric interconnects, IOMs, IFMs and VIC adapters, and the parts of their transceiver
tables (issue 11, ucs branch; sources/ucs.yaml UC01-UC16).

Every expected value below is written from Cisco's data and spec sheets (read in the full-text copies of
rob-moss/ucs-datasheets-firmware at commit c0463d9), not from the seed:

- UCS 6332: 32 x 40G QSFP+, breakout on ports 1-12 and 15-26, 10G through a QSA (UC01, UC12);
- UCS 6332-16UP: 16 unified 1/10G SFP+ and 24 x 40G QSFP+, breakout on ports 17-34 (UC01);
- UCS 6324: 4 unified 1/10G SFP+ and 1 x 40G QSFP+ scalability port (UC02);
- UCS 6454 / 64108: 16 unified 10/25G, 28 / 72 10/25G, 4 / 8 1/10/25G SFP28, 6 / 12 40/100G QSFP28 (UC03);
- UCS 6536: 36 x 40/100G QSFP28, unified ports 33-36, 1G on ports 9-10, breakout and QSA/QSA28 on all
  (UC04, UC05);
- UCS 6652: 32 + 16 unified 10/25/50G SFP, 4 x 40/100/400G QSFP-DD (UC06); UCS 6664: 48 x 40/100G QSFP,
  16 unified 10/25/50G SFP, no breakout (UC06, UC07);
- FI 9108 100G: 6 + 2 QSFP28 ports carrying 1/10/25/40/100G, 1G on ports 7-8 (UC08);
- IFM 9108 100G: 8 x 100G QSFP28 (UC09); IFM 9108 25G: 8 x 25G SFP28 (UC10); IOM 2408: 8 x 25G SFP28
  (UC13); IOM 2304: 4 x 40G QSFP+ (UC12); IOM 2208XP / 2204XP: 8 / 4 x 10G SFP+ (UC11);
- VIC 1455/1457/1467: 4 x 10/25G SFP28; VIC 1495/1497/1477: 2 x 40/100G QSFP28 (UC14);
- VIC 15425/15427/15428: 4 x 10/25/50G SFP56; VIC 15235/15237/15238: 2 x 40/100/200G QSFP56 (UC15).
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Adapter, Cable, CableType, Device, DeviceType, SourceKind, Transceiver

COMMIT = "c0463d985e2a880e4232d9aa1c198dec93e5c533"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _device(cat: Catalogue, model: str) -> Device:
    return next(d for d in cat.devices if d.model == model)


def _cages(cat: Catalogue, model: str) -> dict[str, tuple[str, int, list[float], list[str]]]:
    return {c.id: (c.form_factor, c.count, list(c.speeds_gbps), list(c.split_modes)) for c in _device(cat, model).cages}


def _part(cat: Catalogue, pn: str):  # type: ignore[no-untyped-def]
    return next(p for p in cat.parts if p.part_number == pn)


class TestSources:
    def test_uc_sources_are_ciscos_pages_read_in_the_pinned_copy(self, cat: Catalogue) -> None:
        ids = [f"UC{i:02d}" for i in range(1, 17)]
        for sid in ids:
            src = cat.sources[sid]
            assert src.kind == SourceKind.VENDOR
            assert src.url.startswith("https://www.cisco.com/")
            assert "rob-moss/ucs-datasheets-firmware" in src.title and COMMIT in src.title


class TestFabricInterconnects:
    def test_6332_has_24_breakout_and_8_plain_40g_qsfp_ports(self, cat: Catalogue) -> None:
        assert _cages(cat, "UCS-FI-6332") == {
            "qsfp": ("QSFP+", 24, [10, 40], ["4x10G"]),
            "qsfp-nobreakout": ("QSFP+", 8, [10, 40], []),
        }

    def test_6332_16up_has_16_unified_sfp_plus_and_24_qsfp_plus(self, cat: Catalogue) -> None:
        assert _cages(cat, "UCS-FI-6332-16UP") == {
            "sfpp-unified": ("SFP+", 16, [1, 10], []),
            "qsfp": ("QSFP+", 18, [10, 40], ["4x10G"]),
            "qsfp-nobreakout": ("QSFP+", 6, [10, 40], []),
        }

    def test_6324_has_4_sfp_plus_and_one_scalability_qsfp(self, cat: Catalogue) -> None:
        assert _cages(cat, "UCS-FI-6324") == {
            "sfpp-unified": ("SFP+", 4, [1, 10], []),
            "qsfp": ("QSFP+", 1, [40], ["4x10G"]),
        }

    @pytest.mark.parametrize(
        ("model", "unified", "plain", "one_gig", "uplinks"),
        [("UCS-FI-6454", 16, 28, 4, 6), ("UCS-FI-64108", 16, 72, 8, 12)],
    )
    def test_6400_port_groups(
        self, cat: Catalogue, model: str, unified: int, plain: int, one_gig: int, uplinks: int
    ) -> None:
        assert _cages(cat, model) == {
            "sfp28-unified": ("SFP28", unified, [10, 25], []),
            "sfp28": ("SFP28", plain, [10, 25], []),
            "sfp28-1g": ("SFP28", one_gig, [1, 10, 25], []),
            "qsfp28": ("QSFP28", uplinks, [40, 100], ["4x10G", "4x25G"]),
        }
        assert sum(c.count for c in _device(cat, model).cages) == (54 if model == "UCS-FI-6454" else 108)

    def test_6536_is_36_qsfp28_ports_with_1g_on_two(self, cat: Catalogue) -> None:
        assert _cages(cat, "UCS-FI-6536") == {
            "qsfp28": ("QSFP28", 30, [10, 25, 40, 100], ["4x10G", "4x25G"]),
            "qsfp28-1g": ("QSFP28", 2, [1, 10, 25, 40, 100], ["4x10G", "4x25G"]),
            "qsfp28-unified": ("QSFP28", 4, [10, 25, 40, 100], ["4x10G", "4x25G"]),
        }

    def test_6652_has_48_sfp56_and_4_qsfp_dd_uplinks(self, cat: Catalogue) -> None:
        assert _cages(cat, "UCS-FI-6652") == {
            "sfp56": ("SFP56", 32, [10, 25, 50], []),
            "sfp56-unified": ("SFP56", 16, [10, 25, 50], []),
            "qsfp-dd": ("QSFP-DD", 4, [40, 100, 400], ["4x10G", "4x25G", "4x100G"]),
        }

    def test_6664_qsfp_ports_take_no_breakout(self, cat: Catalogue) -> None:
        assert _cages(cat, "UCS-FI-6664") == {
            "qsfp28": ("QSFP28", 48, [10, 25, 40, 100], []),
            "sfp56-unified": ("SFP56", 16, [10, 25, 50], []),
        }

    def test_x_series_direct_fi_9108_has_8_qsfp28_ports_two_of_them_1g(self, cat: Catalogue) -> None:
        assert _cages(cat, "UCSX-S9108-100G") == {
            "qsfp28": ("QSFP28", 6, [10, 25, 40, 100], ["4x10G", "4x25G"]),
            "qsfp28-1g": ("QSFP28", 2, [1, 10, 25, 40, 100], ["4x10G", "4x25G"]),
        }

    def test_fabric_interconnects_are_switches_that_say_fc_is_not_modelled(self, cat: Catalogue) -> None:
        for model in ("UCS-FI-6332-16UP", "UCS-FI-6454", "UCS-FI-6536", "UCS-FI-6664", "UCSX-S9108-100G"):
            d = _device(cat, model)
            assert d.device_type is DeviceType.SWITCH
            assert any("Fibre Channel" in n and "not modelled" in n for n in d.notes)


class TestFabricExtendersAndIfms:
    @pytest.mark.parametrize(
        ("model", "cages"),
        [
            ("UCSX-I-9108-100G", {"qsfp28": ("QSFP28", 8, [100], [])}),
            ("UCSX-I-9108-25G", {"sfp28": ("SFP28", 8, [25], [])}),
            ("UCS-IOM-2408", {"sfp28": ("SFP28", 8, [25], [])}),
            ("UCS-IOM-2304", {"qsfp": ("QSFP+", 4, [40], [])}),
            ("UCS-IOM-2304V2", {"qsfp": ("QSFP+", 4, [40], [])}),
            ("UCS-IOM-2208", {"sfpp": ("SFP+", 8, [10], [])}),
            ("UCS-IOM-2204", {"sfpp": ("SFP+", 4, [10], [])}),
        ],
    )
    def test_network_facing_cages(self, cat: Catalogue, model: str, cages: dict[str, object]) -> None:
        assert _cages(cat, model) == cages

    def test_ordering_pid_aliases(self, cat: Catalogue) -> None:
        assert "UCSX-I-9108-25G-D" in _device(cat, "UCSX-I-9108-25G").aliases
        assert "UCSX-I9108-100G-D" in _device(cat, "UCSX-I-9108-100G").aliases


class TestVics:
    @pytest.mark.parametrize(
        ("model", "vic", "cage"),
        [
            ("UCSC-PCIE-C25Q-04", "1455", ("sfp28", "SFP28", 4, [10, 25])),
            ("UCSC-MLOM-C25Q-04", "1457", ("sfp28", "SFP28", 4, [10, 25])),
            ("UCSC-M-V25-04", "1467", ("sfp28", "SFP28", 4, [10, 25])),
            ("UCSC-PCIE-C100-04", "1495", ("qsfp28", "QSFP28", 2, [40, 100])),
            ("UCSC-MLOM-C100-04", "1497", ("qsfp28", "QSFP28", 2, [40, 100])),
            ("UCSC-M-V100-04", "1477", ("qsfp28", "QSFP28", 2, [40, 100])),
            ("UCSC-M-V5Q50G", "15428", ("sfp56", "SFP56", 4, [10, 25, 50])),
            ("UCSC-M-V5Q50GV2", "15427", ("sfp56", "SFP56", 4, [10, 25, 50])),
            ("UCSC-P-V5Q50G", "15425", ("sfp56", "SFP56", 4, [10, 25, 50])),
            ("UCSC-M-V5D200G", "15238", ("qsfp56", "QSFP56", 2, [40, 100, 200])),
            ("UCSC-M-V5D200GV2", "15237", ("qsfp56", "QSFP56", 2, [40, 100, 200])),
            ("UCSC-P-V5D200G", "15235", ("qsfp56", "QSFP56", 2, [40, 100, 200])),
        ],
    )
    def test_rack_vic_cages(self, cat: Catalogue, model: str, vic: str, cage: tuple[object, ...]) -> None:
        d = _device(cat, model)
        assert d.device_type is DeviceType.ADAPTER
        assert f"VIC {vic}" in d.aliases
        cid, ff, count, speeds = cage
        assert _cages(cat, model) == {cid: (ff, count, speeds, [])}

    def test_dash_d_pids_order_the_same_vic(self, cat: Catalogue) -> None:
        assert "UCSC-P-V5D200G-D" in _device(cat, "UCSC-P-V5D200G").aliases
        assert "UCSC-M-V5Q50GV2D" in _device(cat, "UCSC-M-V5Q50GV2").aliases

    def test_blade_and_x_series_vics_are_not_devices(self, cat: Catalogue) -> None:
        names = {n for d in cat.devices for n in (d.model, *d.aliases)}
        for blade in (
            "UCSB-MLOM-40G-04",
            "UCSX-ML-V5D200G",
            "UCSX-ML-V5Q50G",
            "UCSB-ML-V5Q10G",
            "VIC 1440",
            "VIC 15231",
        ):
            assert blade not in names


class TestParts:
    def test_sfp_25g_sl_is_a_25gbase_sr_module_for_30_m(self, cat: Catalogue) -> None:
        p = _part(cat, "SFP-25G-SL")
        assert isinstance(p, Transceiver)
        assert (p.form_factor, p.pmds, p.rates_gbps) == ("SFP28", ["25GBASE-SR"], [25])
        assert {(r.fiber, r.max_m) for r in p.reach} == {("OM3", 30), ("OM4", 30)}

    @pytest.mark.parametrize(
        ("pn", "ff", "pmd"),
        [
            ("SFP-25G-CSR-S", "SFP28", "25GBASE-SR"),
            ("QSFP-40G-ER4", "QSFP+", "40GBASE-ER4"),
            ("GLC-T", "SFP", "1000BASE-T"),
            ("SFP-GE-T", "SFP", "1000BASE-T"),
            ("MA-SFP-10GB-SR", "SFP+", "10GBASE-SR"),
            ("MA-SFP-10GB-LR", "SFP+", "10GBASE-LR"),
        ],
    )
    def test_optic_runs_the_pmd_its_sheet_names(self, cat: Catalogue, pn: str, ff: str, pmd: str) -> None:
        p = _part(cat, pn)
        assert isinstance(p, Transceiver)
        assert (p.form_factor, p.pmds) == (ff, [pmd])

    def test_csr_and_er4_carry_no_reach_beyond_or_against_their_pmd(self, cat: Catalogue) -> None:
        assert _part(cat, "SFP-25G-CSR-S").reach == []
        assert _part(cat, "QSFP-40G-ER4").reach == []
        assert _part(cat, "SFP-GE-T").status == "eol"

    def test_meraki_dac_family_has_the_two_lengths_the_vic_table_lists(self, cat: Catalogue) -> None:
        fam = {p.part_number: p.length_m for p in cat.parts if isinstance(p, Cable) and p.family == "MA-CBL-TA"}
        assert fam == {"MA-CBL-TA-1M": 1, "MA-CBL-TA-3M": 3}
        assert all(_part(cat, pn).cable_type is CableType.DAC for pn in fam)

    def test_qsa28_puts_one_sfp28_in_a_qsfp28_port_at_up_to_25g(self, cat: Catalogue) -> None:
        p = _part(cat, "CVR-QSFP28-SFP25G")
        assert isinstance(p, Adapter)
        assert (p.form_factor, p.accepts, p.max_rate_gbps) == ("QSFP28", "SFP28", 25)

    @pytest.mark.parametrize("pn", ["SFP-10G-ER", "SFP-10G-ER-S", "SFP-10G-ER-I"])
    def test_er_optics_note_the_5_db_attenuator_under_20_km(self, cat: Catalogue, pn: str) -> None:
        notes = " ".join(_part(cat, pn).notes)
        assert "5 dB" in notes and ("< 20km" in notes or "under 20 km" in notes)

    @pytest.mark.parametrize(
        "pn", ["QSFP-100G-SL4", "SFP-50G-SL", "WSP-Q40GLR4L", "QSFP-40G-CSR-S", "QSFP-4SFP10G-CU10M", "FET-10G"]
    )
    def test_pids_without_a_pmd_or_with_a_doubtful_row_are_not_loaded(self, cat: Catalogue, pn: str) -> None:
        assert all(p.part_number != pn for p in cat.parts)
