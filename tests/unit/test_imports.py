"""``fabricgraph import``: a company's own rows are validated with the seed's rules against the shipped
catalogue, all or nothing; NetBox device types become devices with cages (no database needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from seed.catalogue import Catalogue, load_catalogue
from seed.imports import merge_imports
from service.domain.catalogue import Transceiver
from service.errors import SeedValidationError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "imports"


@pytest.fixture(scope="module")
def shipped() -> Catalogue:
    return load_catalogue()


class TestPartsCsv:
    def test_two_transceivers_one_with_its_own_source_one_citing_a_catalogue_source(self, shipped: Catalogue) -> None:
        merged, result = merge_imports([FIXTURES / "approved_optics.csv"], base=shipped)
        assert result.counts() == {"sources": 1, "pmds": 0, "parts": 2, "devices": 0}
        sx, dr = result.parts
        assert isinstance(sx, Transceiver) and isinstance(dr, Transceiver)
        assert (sx.part_number, sx.form_factor, sx.rates_gbps, sx.pmds) == (
            "ACME-SFP-1G-SX",
            "SFP",
            [1.0],
            ["1000BASE-SX"],
        )
        assert sx.aliases == ["acme-sx", "ACME 1G SX"]
        assert sx.sources == ["import-ACME-SFP-1G-SX"]
        assert merged.sources["import-ACME-SFP-1G-SX"].url == "https://acme.example/datasheets/sfp-1g-sx.pdf"
        assert dr.sources == ["B06"]
        assert len(merged.parts) == len(shipped.parts) + 2

    def test_an_unknown_pmd_names_the_file_row_and_field(self, shipped: Catalogue) -> None:
        with pytest.raises(SeedValidationError) as exc:
            merge_imports([FIXTURES / "bad_pmd.csv"], base=shipped)
        assert str(exc.value) == "bad_pmd.csv row 2 (ACME-SFP-1G-ZZ): field pmds: unknown PMD '1000BASE-ZZ'"

    def test_a_shipped_part_number_cannot_be_redefined(self, shipped: Catalogue) -> None:
        with pytest.raises(SeedValidationError, match=r"redefines.csv row 2 \(GLC-SX-MMD\): field part_number: "):
            merge_imports([FIXTURES / "redefines.csv"], base=shipped)

    def test_one_bad_file_fails_the_whole_import(self, shipped: Catalogue) -> None:
        """All or nothing: a valid file listed first is not imported when a later one is invalid."""
        with pytest.raises(SeedValidationError, match=r"bad_pmd\.csv row 2"):
            merge_imports([FIXTURES / "approved_optics.csv", FIXTURES / "bad_pmd.csv"], base=shipped)


class TestCatalogueYaml:
    def test_sources_and_parts_sections_like_the_seed_files(self, shipped: Catalogue) -> None:
        merged, result = merge_imports([FIXTURES / "acme-catalogue.yaml"], base=shipped)
        assert [s.id for s in result.sources] == ["ACME-DS-1"]
        assert [p.part_number for p in result.parts] == ["ACME-QDD-400G-DR4"]
        assert "ACME-DS-1" in merged.sources


class TestNetBoxDeviceType:
    def test_interfaces_grouped_by_type_slug_become_cages(self, shipped: Catalogue) -> None:
        """3 × 400gbase-x-osfp → an OSFP cage group of 3 at 400 Gb/s; 2 × 100gbase-x-qsfp28 → QSFP28 ×2;
        the management RJ-45 port is not a cage."""
        _, result = merge_imports([FIXTURES / "acme-networks-an-9032.yaml"], base=shipped)
        (device,) = result.devices
        assert (device.model, device.name, device.vendor, device.device_type.value) == (
            "AN-9032-R",
            "Acme Networks AN-9032",
            "Acme Networks",
            "switch",
        )
        assert device.aliases == ["AN-9032", "acme-networks-an-9032"]
        assert [(c.id, c.form_factor, c.count, c.speeds_gbps) for c in device.cages] == [
            ("osfp", "OSFP", 3, [400.0]),
            ("qsfp28", "QSFP28", 2, [100.0]),
        ]
        (source,) = result.sources
        assert (source.id, source.kind.value) == ("netbox-acme-networks-an-9032", "secondary")

    def test_a_vendor_document_can_be_cited_instead_of_the_file(self, shipped: Catalogue) -> None:
        url = "https://acme.example/an-9032-manual.pdf"
        _, result = merge_imports([FIXTURES / "acme-networks-an-9032.yaml"], base=shipped, source_url=url)
        assert (result.sources[0].url, result.sources[0].kind.value) == (url, "vendor")

    def test_a_type_slug_naming_no_known_form_factor_is_refused(self, shipped: Catalogue) -> None:
        with pytest.raises(SeedValidationError, match="'1600gbase-x-osfp-xd' names no form factor"):
            merge_imports([FIXTURES / "netbox_unknown_type.yaml"], base=shipped)


class TestCommand:
    def test_check_validates_and_writes_nothing(self) -> None:
        from service.cli import app

        result = CliRunner().invoke(app, ["import", "--check", str(FIXTURES / "approved_optics.csv")])
        assert result.exit_code == 0, result.output
        assert "valid: 1 sources, 2 parts (nothing written: --check)" in result.stdout

    def test_a_bad_file_exits_2(self) -> None:
        from service.cli import app

        result = CliRunner().invoke(app, ["import", "--check", str(FIXTURES / "bad_pmd.csv")])
        assert result.exit_code == 2
