"""NVIDIA's Ethernet-only "-T" 100G-PAM4 OSFP transceivers (parts/nvidia_ethernet_t.yaml) on the real
seeded graph: the issue names MMA4Z00-NS-T; they are the same optics as the NDR/400GbE parts in their
400GbE mode (PMDs 400G-SR4 / 400G-DR4), so each lists its dual-protocol twin as an equivalent, and a
Spectrum-4 SN5600 link at 400GbE over 50 m of OM4 offers them.

Sources: NVIDIA MMA4Z00-NS-T overview (N04: 400GbE per port, two MPO-12/APC, Spectrum-4 air-cooled
only, 15 W); MMS4X00-NS-T overview (N07: 17 W); MMA4Z00-NS400(-T) introduction (N01: 50 m OM4, flat
top); LinkX 100G-PAM4 guide (N20: 2xSR4 50 m, 2xDR4 100 m / 500 m).
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Transceiver
from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest


@pytest.mark.parametrize(
    ("pn", "ports", "top", "side", "pmds", "reach", "watts"),
    [
        ("MMA4Z00-NS-T", 2, "finned", "switch", ["400G-SR4"], ("OM4", 50.0), 15.0),
        ("MMS4X00-NS-T", 2, "finned", "switch", ["400G-DR4"], ("OS2", 100.0), 17.0),
        ("MMA4Z00-NS400-T", 1, "flat", "adapter", ["400G-SR4"], ("OM4", 50.0), 9.0),
    ],
)
def test_the_ethernet_only_part_and_its_shape(
    repo: Neo4jRepository,
    pn: str,
    ports: int,
    top: str,
    side: str,
    pmds: list[str],
    reach: tuple[str, float],
    watts: float,
) -> None:
    part = repo.part(pn.lower())
    assert isinstance(part, Transceiver)
    assert part.part_number == pn
    assert [p.value for p in part.protocols] == ["Ethernet"]
    assert (part.form_factor, part.ports, part.side.value, part.pmds) == ("OSFP", ports, side, pmds)
    assert part.top_style is not None and part.top_style.value == top
    assert part.rates_gbps == [400.0, 200.0]
    assert part.connector == "MPO-12/APC"
    assert [(r.fiber, r.max_m) for r in part.reach] == [reach]
    assert part.power_w == watts


@pytest.mark.parametrize(
    ("pn", "twin"),
    [("MMA4Z00-NS-T", "MMA4Z00-NS"), ("MMS4X00-NS-T", "MMS4X00-NS"), ("MMA4Z00-NS400-T", "MMA4Z00-NS400")],
)
def test_the_ib_capable_part_is_an_equivalent(repo: Neo4jRepository, pn: str, twin: str) -> None:
    """The dual-protocol twin does all the -T part does (its Ethernet PMD, 400G-SR4/DR4), so it stands
    in for it; the Ethernet-only -T part cannot stand in for the twin on an InfiniBand switch."""
    assert twin in repo.equivalents(pn)
    assert pn not in repo.equivalents(twin)


def test_sn5600_to_sn5600_at_400gbe_over_50_m_offers_the_t_twin_port(service: CatalogueService) -> None:
    """Two Spectrum-4 twin-port cages at 400GbE, 50 m: 2xSR4 over OM4 runs at exactly its 50 m reach;
    MMA4Z00-NS-T is one of the module choices (with the IB-capable MMA4Z00-NS)."""
    result = service.link_options(
        end_a=EndRequest(device="SN5600"), end_b=EndRequest(device="SN5600"), rate_gbps=400, distance_m=50
    )
    sr4 = [o for o in result.options if o.fiber_type == "OM4"]
    assert sr4, [o.summary for o in result.options]
    modules: set[str] = set()
    for p in sr4[0].parts:
        if p.role in ("module_a", "module_b") and p.part_number:
            modules |= {p.part_number, *p.alternatives}
    assert {"MMA4Z00-NS-T", "MMA4Z00-NS"} <= modules
    assert (sr4[0].reach_m, sr4[0].margin_m) == (50.0, 0.0)
