"""The seed loader refuses bad rows before touching any database, naming file, row and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from seed.catalogue import DATA_DIR, load_catalogue
from service.errors import SeedValidationError


@pytest.fixture()
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(path: Path, index: int, **changes: object) -> None:
    rows = yaml.safe_load(path.read_text())
    rows[index].update(changes)
    path.write_text(yaml.safe_dump(rows, sort_keys=False))


def test_the_shipped_catalogue_validates() -> None:
    cat = load_catalogue()
    assert len(cat.parts) >= 150 and len(cat.devices) >= 25


def test_a_row_without_sources_names_file_row_and_field(data_copy: Path) -> None:
    _edit(data_copy / "fiber_types.yaml", 0, sources=[])
    with pytest.raises(SeedValidationError, match=r"fiber_types\.yaml row 1 \(OM1\): field sources"):
        load_catalogue(data_copy)


def test_an_unknown_source_id_is_refused(data_copy: Path) -> None:
    _edit(data_copy / "fiber_types.yaml", 0, sources=["NOPE"])
    with pytest.raises(SeedValidationError, match="unknown source id 'NOPE'"):
        load_catalogue(data_copy)


def test_a_duplicate_part_number_is_refused(data_copy: Path) -> None:
    path = data_copy / "parts" / "ethernet_optics.yaml"
    rows = yaml.safe_load(path.read_text())
    rows.append(dict(rows[0]))
    path.write_text(yaml.safe_dump(rows, sort_keys=False))
    with pytest.raises(SeedValidationError, match="claimed twice"):
        load_catalogue(data_copy)


def test_a_part_reach_beyond_its_pmd_is_refused(data_copy: Path) -> None:
    path = data_copy / "parts" / "nvidia_ndr.yaml"
    rows = yaml.safe_load(path.read_text())
    i = next(i for i, r in enumerate(rows) if r.get("part_number") == "MMA4Z00-NS")
    rows[i]["reach"] = [{"fiber": "OM4", "max_m": 70, "sources": rows[i]["sources"]}]
    path.write_text(yaml.safe_dump(rows, sort_keys=False))
    with pytest.raises(SeedValidationError, match=r"70\.0 m over OM4 exceeds its PMD's 50\.0 m"):
        load_catalogue(data_copy)


def test_a_cable_longer_than_its_family_limit_is_refused(data_copy: Path) -> None:
    path = data_copy / "parts" / "nvidia_ndr.yaml"
    rows = yaml.safe_load(path.read_text())
    i = next(i for i, r in enumerate(rows) if r.get("family") == "MCP7Y00")
    rows[i]["max_length_m"] = 2.5
    path.write_text(yaml.safe_dump(rows, sort_keys=False))
    with pytest.raises(
        SeedValidationError, match=r"MCP7Y00-N003: field length_m: 3.0 m exceeds the family limit 2.5 m"
    ):
        load_catalogue(data_copy)


def test_a_non_numeric_reach_names_the_field(data_copy: Path) -> None:
    path = data_copy / "pmds.yaml"
    rows = yaml.safe_load(path.read_text())
    i = next(i for i, r in enumerate(rows) if r["name"] == "10GBASE-SR")
    rows[i]["reach"][0]["max_m"] = "far"
    path.write_text(yaml.safe_dump(rows, sort_keys=False))
    with pytest.raises(SeedValidationError, match=r"pmds\.yaml row \d+ \(10GBASE-SR\): field reach\.0\.max_m"):
        load_catalogue(data_copy)


def _rows(path: Path) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = yaml.safe_load(path.read_text())
    return rows


def _write(path: Path, rows: list[dict[str, object]]) -> None:
    path.write_text(yaml.safe_dump(rows, sort_keys=False))


def test_a_pmd_resting_only_on_secondary_sources_must_be_flagged(data_copy: Path) -> None:
    path = data_copy / "pmds.yaml"
    rows = _rows(path)
    i = next(i for i, r in enumerate(rows) if r["name"] == "400GBASE-DR4")
    rows[i]["secondary_only"] = False
    _write(path, rows)
    with pytest.raises(SeedValidationError, match=r"400GBASE-DR4\): field secondary_only: every source .* secondary"):
        load_catalogue(data_copy)


def test_a_secondary_flag_with_only_primary_facts_is_refused(data_copy: Path) -> None:
    path = data_copy / "pmds.yaml"
    rows = _rows(path)
    i = next(i for i, r in enumerate(rows) if r["name"] == "25GBASE-SR")
    rows[i]["secondary_only"] = True
    _write(path, rows)
    with pytest.raises(SeedValidationError, match=r"25GBASE-SR\): field secondary_only: true, but"):
        load_catalogue(data_copy)


def test_an_ordering_number_alias_may_not_repeat_another_part_number(data_copy: Path) -> None:
    path = data_copy / "parts" / "nvidia_ndr.yaml"
    rows = _rows(path)
    i = next(i for i, r in enumerate(rows) if r.get("family") == "MCP7Y00")
    variants = rows[i]["variants"]
    assert isinstance(variants, list)
    variants[0]["aliases"] = ["MCP4Y10-N002"]
    _write(path, rows)
    with pytest.raises(SeedValidationError, match="'MCP4Y10-N002' is claimed twice"):
        load_catalogue(data_copy)


def test_a_length_variant_with_an_unknown_source_is_refused(data_copy: Path) -> None:
    path = data_copy / "parts" / "nvidia_ndr.yaml"
    rows = _rows(path)
    i = next(i for i, r in enumerate(rows) if r.get("family") == "MFP7E10")
    variants = rows[i]["variants"]
    assert isinstance(variants, list)
    variants[0]["sources"] = ["NOPE"]
    _write(path, rows)
    with pytest.raises(SeedValidationError, match=r"MFP7E10-N003: field sources: unknown source id 'NOPE'"):
        load_catalogue(data_copy)


def test_a_cage_without_sources_names_the_device_and_field(data_copy: Path) -> None:
    path = data_copy / "devices" / "nvidia.yaml"
    rows = _rows(path)
    cages = rows[0]["cages"]
    assert isinstance(cages, list)
    cages[0]["sources"] = []
    _write(path, rows)
    with pytest.raises(SeedValidationError, match=r"nvidia\.yaml row 1 \(MQM9700-NS2F\): field cages\.0\.sources"):
        load_catalogue(data_copy)


def test_a_fit_citing_an_unknown_source_is_refused(data_copy: Path) -> None:
    path = data_copy / "form_factors.yaml"
    rows = _rows(path)
    i = next(i for i, r in enumerate(rows) if r["name"] == "QSFP28")
    fits = rows[i]["fits_in"]
    assert isinstance(fits, list)
    fits[0]["sources"] = ["NOPE"]
    _write(path, rows)
    with pytest.raises(SeedValidationError, match=r"\(QSFP28\): field fits_in\.sources: unknown source id 'NOPE'"):
        load_catalogue(data_copy)


def test_a_part_reach_citing_an_unknown_source_is_refused(data_copy: Path) -> None:
    path = data_copy / "parts" / "ethernet_optics.yaml"
    rows = _rows(path)
    i = next(i for i, r in enumerate(rows) if r.get("part_number") == "SFP-10G-SR")
    reach = rows[i]["reach"]
    assert isinstance(reach, list)
    reach[0]["sources"] = ["NOPE"]
    _write(path, rows)
    with pytest.raises(SeedValidationError, match=r"\(SFP-10G-SR\): field reach\.sources: unknown source id 'NOPE'"):
        load_catalogue(data_copy)


def test_a_device_alias_claimed_by_two_devices_is_refused(data_copy: Path) -> None:
    path = data_copy / "devices" / "nvidia.yaml"
    rows = _rows(path)
    i = next(i for i, r in enumerate(rows) if r["model"] == "MQM9790-NS2F")
    rows[i]["aliases"] = ["QM9700"]
    _write(path, rows)
    with pytest.raises(SeedValidationError, match="'QM9700' is claimed twice"):
        load_catalogue(data_copy)
