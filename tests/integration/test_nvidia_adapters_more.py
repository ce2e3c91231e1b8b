"""NVIDIA adapter cards from their user manuals (devices/nvidia_adapters_more.yaml, NV-sources) on
the real seeded graph: they resolve by OPN in any case and by marketing name, carry their cages,
and get links at the rates their pages state (and none at a rate they do not)."""

from __future__ import annotations

import pytest

from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest


@pytest.mark.parametrize(
    ("name", "model", "form_factor", "count", "top_rate"),
    [
        ("MCX653436A-HDAI", "MCX653436A-HDAI", "QSFP56", 2, 200.0),
        ("mcx653435a-edai", "MCX653435A-EDAI", "QSFP56", 1, 100.0),
        ("ConnectX-6 Dx OCP 2.0 200GbE single-port", "MCX623405AN-VDAN", "QSFP56", 1, 200.0),
        ("mcx546a-bcan", "MCX546A-BCAN", "QSFP28", 2, 40.0),
        ("MCX546A-EDAN", "MCX546A-EDAN", "QSFP28", 2, 100.0),
        ("mcx416a-bcat", "MCX416A-BCAT", "QSFP28", 2, 56.0),
        ("MCX556M-ECAT-S35A", "MCX556M-ECAT-S35A", "QSFP28", 2, 100.0),
    ],
)
def test_adapter_resolves_with_its_cage(
    repo: Neo4jRepository, name: str, model: str, form_factor: str, count: int, top_rate: float
) -> None:
    device = repo.device(name)
    assert (device.model, device.device_type.value, device.vendor) == (model, "adapter", "NVIDIA")
    [cage] = device.cages
    assert (cage.form_factor, cage.count, max(cage.speeds_gbps)) == (form_factor, count, top_rate)


def test_ocp3_hdr_card_to_quantum_hdr_switch_at_2_m(service: CatalogueService) -> None:
    """HDR 200 Gb/s between a ConnectX-6 OCP 3.0 card and a QM8700 over 2 m: every option runs HDR."""
    result = service.link_options(
        end_a=EndRequest(device="MCX653436A-HDAI"), end_b=EndRequest(device="MQM8700-HS2F"), rate_gbps=200, distance_m=2
    )
    assert result.options, result.notes
    assert all(o.verdict.rate_gbps == 200.0 for o in result.options)


def test_hdr100_ocp3_card_gets_no_200g_link(service: CatalogueService) -> None:
    """MCX653435A-EDAI tops out at HDR100 / 100GbE [NV03]: no option at 200 Gb/s."""
    result = service.link_options(
        end_a=EndRequest(device="MCX653435A-EDAI"), end_b=EndRequest(device="MQM8700-HS2F"), rate_gbps=200, distance_m=2
    )
    assert result.options == ()


def test_40g_connectx5_ex_card_links_at_40_gbe(service: CatalogueService) -> None:
    """MCX546A-BCAN runs 10/25/40 GbE [NV05]: a 40 GbE link to a ConnectX-5 Ex 100GbE card at 3 m."""
    result = service.link_options(
        end_a=EndRequest(device="MCX546A-BCAN"), end_b=EndRequest(device="MCX546A-CDAN"), rate_gbps=40, distance_m=3
    )
    assert result.options, result.notes
    assert all(o.verdict.rate_gbps == 40.0 for o in result.options)


def test_25g_ocp2_card_links_to_a_spectrum_sfp28_port(service: CatalogueService) -> None:
    """MCX542A-ACAN: dual-port SFP28 at 10/25 GbE [NV05]; SN2010 SFP28 cages run 25 GbE: a 25 GbE link at 3 m."""
    result = service.link_options(
        end_a=EndRequest(device="MCX542A-ACAN"),
        end_b=EndRequest(device="SN2010", cage="sfp28"),
        rate_gbps=25,
        distance_m=3,
    )
    assert result.options, result.notes
    assert all(o.verdict.rate_gbps == 25.0 for o in result.options)
