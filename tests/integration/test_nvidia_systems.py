"""DGX systems as fabric endpoints and the EDR / FDR InfiniBand switches (devices/nvidia_systems.yaml)
on the real seeded graph, found by model and by alias.

Sources: NVIDIA DGX BasePOD reference architecture (XS03: DGX H100 / H200 / B200, four OSFP ports
serving eight single-port ConnectX-7, up to 400 Gb/s); NVIDIA LinkX pages (N10, N21, N25: flat-top
twin-port OSFP for DGX H100 / H200); NetBox device-type library (XS04 to XS06, secondary: SB7800 /
SB7890 36 x EDR QSFP28, SX6036 36 x FDR 56 Gb/s QSFP+).
"""

from __future__ import annotations

import pytest

from service.persistence.repository import Neo4jRepository


@pytest.mark.parametrize(
    ("name", "model", "top"),
    [
        ("DGX H100", "DGX-H100", "flat"),
        ("nvidia dgx h200", "DGX-H200", "flat"),
        ("DGX-B200", "DGX-B200", None),
    ],
)
def test_a_dgx_is_an_endpoint_with_four_twin_port_osfp_cages_at_400(
    repo: Neo4jRepository, name: str, model: str, top: str | None
) -> None:
    dgx = repo.device(name)
    assert dgx.model == model
    assert dgx.device_type.value == "adapter"
    cages = {c.id: c for c in dgx.cages}
    osfp = cages["osfp"]
    assert (osfp.form_factor, osfp.count, osfp.logical_ports_per_cage, osfp.speeds_gbps) == ("OSFP", 4, 2, [400.0])
    assert osfp.count * osfp.logical_ports_per_cage == 8  # eight single-port ConnectX-7
    assert (osfp.top_style.value if osfp.top_style else None) == top
    assert (cages["qsfp112"].form_factor, cages["qsfp112"].count) == ("QSFP112", 4)
    assert "XS03" in osfp.sources


@pytest.mark.parametrize(
    ("name", "model", "form_factor", "speed"),
    [
        ("SB7800", "SB7800", "QSFP28", 100.0),
        ("MSB7800", "SB7800", "QSFP28", 100.0),
        ("mellanox-sb7890", "SB7890", "QSFP28", 100.0),
        ("Mellanox SX6036", "SX6036", "QSFP+", 56.0),
    ],
)
def test_the_edr_and_fdr_switches_have_36_infiniband_ports(
    repo: Neo4jRepository, name: str, model: str, form_factor: str, speed: float
) -> None:
    switch = repo.device(name)
    assert switch.model == model
    assert switch.device_type.value == "switch"
    [cage] = switch.cages
    assert (cage.form_factor, cage.count, cage.speeds_gbps) == (form_factor, 36, [speed])
    assert {p.value for p in cage.protocols} == {"InfiniBand"}
