"""Fixed Ethernet switches of NVIDIA (Spectrum SN2000-SN5000), Dell and Edgecore
(devices/switches_breadth.yaml) on the real seeded graph: each resolves by model, alias and NetBox-style
slug with the cages its source lists, and linkOptions between two of them offers the optics the
catalogue holds for that cage and speed.

Sources: Netris supported-switch table (X06, secondary: cage types and counts), NVIDIA's mlxsw driver
wiki (X07: SN2000/SN3000/SN4600C ports), NVIDIA SN5000 manual (S49: SN5400 64 x 400GbE).
"""

from __future__ import annotations

import pytest

from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest


@pytest.mark.parametrize(
    ("name", "model", "vendor", "cages"),
    [
        ("SN2700", "SN2700", "NVIDIA", [("QSFP28", 32, [100.0])]),
        ("mellanox-sn2700", "SN2700", "NVIDIA", [("QSFP28", 32, [100.0])]),
        ("SN2410", "SN2410", "NVIDIA", [("SFP28", 48, [25.0]), ("QSFP28", 8, [100.0])]),
        ("SN3700", "SN3700", "NVIDIA", [("QSFP56", 32, [200.0])]),
        ("SN4600", "SN4600", "NVIDIA", [("QSFP56", 64, [200.0])]),
        ("nvidia sn4700", "SN4700", "NVIDIA", [("QSFP-DD", 32, [400.0])]),
        ("SN5400", "SN5400", "NVIDIA", [("QSFP-DD", 64, [400.0]), ("SFP28", 2, [25.0])]),
        ("Z9332F", "Z9332F-ON", "Dell", [("QSFP-DD", 32, [400.0])]),
        ("dell-z9864f-on", "Z9864F-ON", "Dell", [("OSFP", 64, [800.0])]),
        ("DCS510", "AS9716-32D", "Edgecore", [("QSFP-DD", 32, [400.0])]),
    ],
)
def test_switch_resolves_with_its_cages(
    repo: Neo4jRepository, name: str, model: str, vendor: str, cages: list[tuple[str, int, list[float]]]
) -> None:
    device = repo.device(name)
    assert (device.model, device.vendor, device.device_type.value) == (model, vendor, "switch")
    assert [(c.form_factor, c.count, c.speeds_gbps) for c in device.cages] == cages


def test_two_400g_switches_of_different_vendors_at_500_m_get_400gbase_dr4(service: CatalogueService) -> None:
    """Dell Z9332F-ON ↔ Edgecore AS9716-32D, 400 Gb/s over 500 m: 400GBASE-DR4 first at exactly its
    500 m reach, with the Cisco, Arista, Juniper and NVIDIA QSFP-DD DR4 optics as the choices."""
    result = service.link_options(
        end_a=EndRequest(device="Z9332F-ON"), end_b=EndRequest(device="AS9716-32D"), rate_gbps=400, distance_m=500
    )
    first = result.options[0]
    assert (first.pmd, first.fiber_type, first.reach_m, first.margin_m) == ("400GBASE-DR4", "OS2", 500.0, 0.0)
    modules: set[str] = set()
    for p in first.parts:
        if p.role in ("module_a", "module_b") and p.part_number:
            modules |= {p.part_number, *p.alternatives}
    # and Juniper's QSFP112 DR4, which a QSFP-DD cage takes (QSFP-DD MSA backward compatibility)
    assert modules == {
        "QDD-400G-DR4",
        "QDD-400G-DR4-S",
        "QSFP56-DD-400GBASE-DR4",
        "QSFP-400G-DR4-2",
        "MMS1V00-WM",
        "400G-DR4-QSFPDD500M",  # Extreme (EX01 p. 3)
    }


def test_a_100g_switch_refuses_a_400g_link(service: CatalogueService) -> None:
    """SN2700's QSFP28 cages run 100 Gb/s (X06, X07): no 400 Gb/s option to a 400G switch."""
    result = service.link_options(
        end_a=EndRequest(device="SN2700"), end_b=EndRequest(device="SN4700"), rate_gbps=400, distance_m=3
    )
    assert result.options == ()
