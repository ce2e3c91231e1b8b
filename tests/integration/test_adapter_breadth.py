"""The ConnectX-4 VPI EDR adapters issue 11 names (devices/nvidia_adapters_kcores.yaml, source N38,
secondary) on the real seeded graph: they resolve by OPN and NVIDIA SKU with their QSFP28 cages and
speeds, and an EDR ConnectX-4 gets a 100 Gb/s link to a ConnectX-5."""

from __future__ import annotations

import pytest

from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest


@pytest.mark.parametrize(
    ("name", "model", "count"),
    [
        ("MCX455A-ECAT", "MCX455A-ECAT", 1),
        ("mcx456a-ecat", "MCX456A-ECAT", 2),
        ("900-9X4AC-0016-ST0", "MCX455A-ECAT", 1),
    ],
)
def test_connectx4_edr_cards(repo: Neo4jRepository, name: str, model: str, count: int) -> None:
    """ConnectX-4 VPI, QSFP28, Ethernet 1/10/25/40/50/100 GbE and IB SDR…EDR (N38)."""
    cx4 = repo.device(name)
    assert (cx4.model, cx4.series, cx4.device_type.value) == (model, "ConnectX-4", "adapter")
    [cage] = cx4.cages
    assert (cage.form_factor, cage.count) == ("QSFP28", count)
    assert cage.speeds_gbps == [1.0, 10.0, 20.0, 25.0, 40.0, 50.0, 56.0, 100.0]
    assert {p.value for p in cage.protocols} == {"InfiniBand", "Ethernet"}
    assert cage.sources == ["N38"]


def test_connectx4_to_connectx5_at_edr_over_2_m(service: CatalogueService) -> None:
    result = service.link_options(
        end_a=EndRequest(device="MCX455A-ECAT"), end_b=EndRequest(device="MCX555A-ECAT"), rate_gbps=100, distance_m=2
    )
    assert result.options, result.notes
    assert all(o.verdict.rate_gbps == 100.0 for o in result.options)
