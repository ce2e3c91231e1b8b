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
    assert len(cat.parts) >= 100 and len(cat.devices) >= 20


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
    with pytest.raises(SeedValidationError, match="70.0 m over OM4 exceeds its PMD's 50.0 m"):
        load_catalogue(data_copy)


def test_a_cable_longer_than_its_family_limit_is_refused(data_copy: Path) -> None:
    path = data_copy / "parts" / "nvidia_ndr.yaml"
    rows = yaml.safe_load(path.read_text())
    i = next(i for i, r in enumerate(rows) if r.get("family") == "MCP7Y00")
    rows[i]["max_length_m"] = 2.5
    path.write_text(yaml.safe_dump(rows, sort_keys=False))
    with pytest.raises(SeedValidationError, match=r"MCP7Y00-N003: field length_m: 3.0 m exceeds the family limit 2.5 m"):
        load_catalogue(data_copy)


def test_a_non_numeric_reach_names_the_field(data_copy: Path) -> None:
    path = data_copy / "pmds.yaml"
    rows = yaml.safe_load(path.read_text())
    i = next(i for i, r in enumerate(rows) if r["name"] == "10GBASE-SR")
    rows[i]["reach"][0]["max_m"] = "far"
    path.write_text(yaml.safe_dump(rows, sort_keys=False))
    with pytest.raises(SeedValidationError, match=r"pmds\.yaml row \d+ \(10GBASE-SR\): field reach\.0\.max_m"):
        load_catalogue(data_copy)
