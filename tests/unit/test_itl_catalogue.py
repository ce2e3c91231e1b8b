"""Data tests for the rows of the "itl" helper (issue 11, catalogue breadth): parts/itl_intel.yaml,
Intel-branded Ethernet optics and cables. No database.

Every expected value is written out from Intel's own documents (sources/itl.yaml):
- FreeBSD ice(4) (IT01), HARDWARE: "Intel 100G QSFP28 100GBASE-SR4 E100GQSFPSR28SRX" ... "Intel 100G
  QSFP28 100GBASE-DR SPTSLP2SLCDF"; "Intel 10G/25G SFP28 25GBASE-SR E25GSFP28SR"; "Intel 1G/10G SFP+
  10GBASE-SR E10GSFPSR" ... "Intel 1G/10G SFP+ 10GBASE-LR E10GSFPLR";
- FreeBSD ixl(4) (IT02): "Intel 4x10G/40G QSFP+ 40GBASE-SR4 E40GQSFPSR", "... 40GBASE-LR4 E40GQSFPLR",
  "Intel 1G/10G SFP+ SR FTLX8571D3BCV-IT" ...;
- Linux ixgbe.rst (IT03) 82599 table: "DUAL RATE 1G/10G SFP+ SR (bailed)" FTLX8571D3BCV-IT,
  AFBR-703SDZ-IN2, AFBR-703SDDZ-IN1; "... LR (bailed)" FTLX1471D3BCV-IT, AFCT-701SDZ-IN2, AFCT-701SDDZ-IN1;
- Intel PAC datasheet (IT04) Table 1: "Intel Ethernet QSFP+ 1-meter direct attach cable (DAC) twinaxial
  cables XLDACBL1", "... 3-meter ... XLDACBL3";
- Intel Ethernet SFP28 Optics product brief (IT05): "SFP28 - short range 10G/25GBASE-SR (Commercial)
  E25GSFP28SR", "25GBASE-SR (Extended Temp) E25GSFP28SRX", "SFP28 - long range 25GBASE-LR (Extended Temp)
  E25GSFP28LRX".
"""

from __future__ import annotations

from collections import Counter

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Transceiver

INTEL = "Intel"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _one(cat: Catalogue, pn: str):  # type: ignore[no-untyped-def]
    [p] = [p for p in cat.parts if p.part_number == pn]
    return p


class TestSources:
    def test_the_driver_documents_are_pinned_to_the_commit_read(self, cat: Catalogue) -> None:
        assert cat.sources["IT01"].url == (
            "https://github.com/freebsd/freebsd-src/blob/05dfa522512c9240a93427701d4722af29ced8b4/share/man/man4/ice.4"
        )
        assert cat.sources["IT02"].url == (
            "https://github.com/freebsd/freebsd-src/blob/2891e04e1ce9b092b601e5d3f0126d14f4b9e76e/share/man/man4/ixl.4"
        )
        assert cat.sources["IT03"].url == (
            "https://github.com/torvalds/linux/blob/2555693dd85c7a726eed570736bf6e1c4c7116ed"
            "/Documentation/networking/device_drivers/ethernet/intel/ixgbe.rst"
        )
        assert cat.sources["IT04"].url.startswith("https://www.intel.com/content/www/us/en/docs/programmable/683214/")

    def test_every_source_is_intels_own(self, cat: Catalogue) -> None:
        assert {cat.sources[f"IT0{i}"].kind.value for i in range(1, 6)} == {"vendor"}

    def test_every_intel_row_cites_only_it_sources(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if p.vendor == INTEL]
        assert rows and all(s.startswith("IT") for p in rows for s in p.sources)


class TestCounts:
    def test_intel_part_numbers(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if p.vendor == INTEL]
        # 20 optics; one DAC family of 2 lengths
        assert dict(Counter(type(p).__name__ for p in rows)) == {"Transceiver": 20, "Cable": 2}

    def test_optics_per_form_factor(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if p.vendor == INTEL and isinstance(p, Transceiver)]
        assert dict(Counter(p.form_factor for p in rows)) == {"SFP+": 11, "SFP28": 3, "QSFP+": 2, "QSFP28": 4}

    def test_left_out_numbers_are_not_loaded(self, cat: Catalogue) -> None:
        numbers = {p.part_number for p in cat.parts}
        assert not {"E10GQSFPSR", "X4DACBL1", "X4DACBL3", "XLDACBL5"} & numbers


class TestOptics:
    @pytest.mark.parametrize(
        ("pn", "ff", "rates", "pmds", "connector"),
        [
            ("E10GSFPSR", "SFP+", [10], ["10GBASE-SR"], "LC/UPC"),
            ("E10GSFPSRG1P5", "SFP+", [10], ["10GBASE-SR"], "LC/UPC"),
            ("E10GSFPSRG2P5", "SFP+", [10], ["10GBASE-SR"], "LC/UPC"),
            ("E10GSFPSRX", "SFP+", [10], ["10GBASE-SR"], "LC/UPC"),
            ("E10GSFPLR", "SFP+", [10], ["10GBASE-LR"], "LC/UPC"),
            ("FTLX8571D3BCV-IT", "SFP+", [10], ["10GBASE-SR"], "LC/UPC"),
            ("AFBR-703SDZ-IN2", "SFP+", [10], ["10GBASE-SR"], "LC/UPC"),
            ("AFBR-703SDDZ-IN1", "SFP+", [10], ["10GBASE-SR"], "LC/UPC"),
            ("FTLX1471D3BCV-IT", "SFP+", [10], ["10GBASE-LR"], "LC/UPC"),
            ("AFCT-701SDZ-IN2", "SFP+", [10], ["10GBASE-LR"], "LC/UPC"),
            ("AFCT-701SDDZ-IN1", "SFP+", [10], ["10GBASE-LR"], "LC/UPC"),
            ("E25GSFP28SR", "SFP28", [10, 25], ["10GBASE-SR", "25GBASE-SR"], "LC/UPC"),
            ("E25GSFP28SRX", "SFP28", [25], ["25GBASE-SR"], "LC/UPC"),
            ("E25GSFP28LRX", "SFP28", [25], ["25GBASE-LR"], "LC/UPC"),
            ("E40GQSFPSR", "QSFP+", [40], ["40GBASE-SR4"], "MPO-12/UPC"),
            ("E40GQSFPLR", "QSFP+", [40], ["40GBASE-LR4"], "LC/UPC"),
            ("E100GQSFPSR28SRX", "QSFP28", [100], ["100GBASE-SR4"], "MPO-12/UPC"),
            ("SPTMBP1PMCDF", "QSFP28", [100], ["100GBASE-SR4"], "MPO-12/UPC"),
            ("SPTSBP3CLCCO", "QSFP28", [100], ["100G-CWDM4"], "LC/UPC"),
            ("SPTSLP2SLCDF", "QSFP28", [100], ["100GBASE-DR"], "LC/UPC"),
        ],
    )
    def test_form_factor_pmd_rates_and_connector(
        self, cat: Catalogue, pn: str, ff: str, rates: list[float], pmds: list[str], connector: str
    ) -> None:
        p = _one(cat, pn)
        assert isinstance(p, Transceiver)
        assert (p.vendor, p.form_factor, p.rates_gbps, p.pmds, p.connector) == (INTEL, ff, rates, pmds, connector)

    def test_no_intel_document_gives_a_reach_so_the_pmds_apply(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if p.vendor == INTEL and isinstance(p, Transceiver)]
        assert all(p.reach == [] for p in rows)
        # the PMD reach an Intel SR optic inherits: 10GBASE-SR 300 m on OM3, 400 m on OM4 (cl. 52)
        sr = next(p for p in cat.pmds if p.name == "10GBASE-SR")
        assert {r.fiber: r.max_m for r in sr.reach}["OM3"] == 300

    def test_sources_per_optic(self, cat: Catalogue) -> None:
        assert _one(cat, "E10GSFPSR").sources == ["IT01", "IT02"]
        assert _one(cat, "E10GSFPSRG1P5").sources == ["IT01"]
        assert _one(cat, "FTLX8571D3BCV-IT").sources == ["IT03", "IT02"]
        assert _one(cat, "AFCT-701SDDZ-IN1").sources == ["IT03"]
        assert _one(cat, "E25GSFP28SR").sources == ["IT05", "IT01", "IT02"]
        assert _one(cat, "E40GQSFPSR").sources == ["IT02", "IT04"]
        assert _one(cat, "SPTSLP2SLCDF").sources == ["IT01"]


class TestCables:
    def test_the_xldacbl_family_has_every_length_its_source_lists(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if isinstance(p, Cable) and p.family == "XLDACBL"]
        assert sorted((p.part_number, p.length_m) for p in rows) == [("XLDACBL1", 1.0), ("XLDACBL3", 3.0)]

    def test_xldacbl_is_a_qsfp_plus_passive_dac_at_40g(self, cat: Catalogue) -> None:
        p = _one(cat, "XLDACBL3")
        assert isinstance(p, Cable)
        assert p.cable_type.value == "DAC"
        assert p.rates_gbps == [40]
        assert (p.end_a.form_factor, p.end_a.lanes, p.end_b.form_factor, p.end_b.plugs) == ("QSFP+", 4, "QSFP+", 1)
        assert p.sources == ["IT04"]
