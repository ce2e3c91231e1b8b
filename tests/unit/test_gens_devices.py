"""BlueField-3 DPUs by orderable SKU, Spectrum SN2201 / SN4410 and Dell Z9100-ON (issue 11), checked
against the tables of their cited pages.

The expected values are written from the pages (read 2026-12-01), not from the seed data: the DOCA
installation guides' BlueField-3 SKU tables (GD01 DOCA 2.9.0, GD02 DOCA 2.5.3) and the BSP 4.2.2 SKU
table (N60) give port count, cage and maximum rate per SKU; the BlueField-3 firmware release notes
(B3F) give the lower Ethernet rates 1/10/25/50 and InfiniBand EDR/HDR100 (100), HDR/NDR200 (200), NDR
(400). Switch port counts from the Netris hardware table (X06) and NetBox (GD03, GD04), secondary.
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Device

BF3_200 = [1, 10, 25, 50, 100, 200]
BF3_400 = [1, 10, 25, 50, 100, 200, 400]
BF3_100 = [1, 10, 25, 50, 100]

# SKU -> (SKU family, cage count, speeds Gb/s, the table that names it)
BLUEFIELD3 = {
    "900-9D3B6-00CV-AA0": ("B3220", 2, BF3_200, "GD02"),
    "900-9D3B6-00SV-AA0": ("B3220", 2, BF3_200, "GD02"),
    "900-9D3B6-00CN-AB0": ("B3240", 2, BF3_400, "GD01"),
    "900-9D3B6-00SN-AB0": ("B3240", 2, BF3_400, "GD01"),
    "900-9D3B6-00CC-AA0": ("B3210", 2, BF3_100, "GD02"),
    "900-9D3B6-00SC-AA0": ("B3210", 2, BF3_100, "GD02"),
    "900-9D3B4-00PN-E": ("B3140L", 1, BF3_400, "N60"),
}

# model -> [(form factor, count, speeds Gb/s)], source ids, aliases that must resolve to it
SWITCHES = {
    "SN2201": ([("QSFP28", 4, [100])], {"X06", "GD03"}, ["mellanox-sn2201", "NVIDIA SN2201"]),
    "SN4410": ([("QSFP-DD", 24, [100]), ("QSFP-DD", 8, [400])], {"X06"}, ["NVIDIA SN4410"]),
    "Z9100-ON": ([("QSFP28", 32, [100])], {"GD04"}, ["dell-networking-z9100-on", "Dell Z9100-ON"]),
}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _device(cat: Catalogue, name: str) -> Device:
    found = [d for d in cat.devices if name.casefold() in {a.casefold() for a in [d.model, *d.aliases]}]
    assert len(found) == 1, f"{name!r} names {len(found)} devices"
    return found[0]


@pytest.mark.parametrize("sku", sorted(BLUEFIELD3))
def test_each_bluefield3_sku_has_its_qsfp112_ports_and_rates(cat: Catalogue, sku: str) -> None:
    family, count, speeds, table = BLUEFIELD3[sku]
    dpu = _device(cat, sku)
    assert (dpu.device_type.value, dpu.series) == ("dpu", "BlueField-3")
    assert family in dpu.name
    [cage] = dpu.cages
    assert (cage.form_factor, cage.count, cage.speeds_gbps) == ("QSFP112", count, speeds)
    assert {p.value for p in cage.protocols} == {"InfiniBand", "Ethernet"}
    assert table in dpu.sources and "B3F" in cage.sources
    assert cat.primary_backed(dpu.sources)  # NVIDIA's own tables


def test_the_bluefield3_sku_aliases_with_the_same_psid_name_the_same_board(cat: Catalogue) -> None:
    assert _device(cat, "900-9D3B6-00CV-AAH").model == "900-9D3B6-00CV-AA0"
    assert _device(cat, "900-9d3b6-00cv-a").model == "900-9D3B6-00CV-AA0"
    assert _device(cat, "900-9D3B6-00CC-A").model == "900-9D3B6-00CC-AA0"


@pytest.mark.parametrize("model", sorted(SWITCHES))
def test_the_named_switches_carry_the_ports_their_sources_list(cat: Catalogue, model: str) -> None:
    cages, sources, aliases = SWITCHES[model]
    switch = _device(cat, model)
    assert switch.device_type.value == "switch"
    assert [(c.form_factor, c.count, c.speeds_gbps) for c in switch.cages] == cages
    assert {p.value for c in switch.cages for p in c.protocols} == {"Ethernet"}
    assert set(switch.sources) == sources
    assert not cat.primary_backed(switch.sources)  # community tables only
    for alias in aliases:
        assert _device(cat, alias).model == model
