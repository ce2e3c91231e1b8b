"""The ConnectX-4 Lx EN PCIe cards (devices/nvidia_adapters_cx.yaml, CXE sources) on the real seeded graph:
they resolve by OPN in any case and by marketing name with their cages, get links at the rates their
manual states (and none at a rate it does not), and a part list naming one is a device line."""

from __future__ import annotations

import pytest

from service.persistence.repository import Neo4jRepository
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService, EndRequest


@pytest.mark.parametrize(
    ("name", "model", "form_factor", "count", "speeds"),
    [
        ("MCX4121A-ACAT", "MCX4121A-ACAT", "SFP28", 2, [1.0, 10.0, 25.0]),
        ("mcx4121a-acat", "MCX4121A-ACAT", "SFP28", 2, [1.0, 10.0, 25.0]),
        ("ConnectX-4 Lx EN 25GbE dual-port", "MCX4121A-ACAT", "SFP28", 2, [1.0, 10.0, 25.0]),
        ("MCX4111A-ACAT", "MCX4111A-ACAT", "SFP28", 1, [1.0, 10.0, 25.0]),
        ("MCX4121A-XCAT", "MCX4121A-XCAT", "SFP28", 2, [1.0, 10.0]),
        ("mcx4121a-acht", "MCX4121A-ACHT", "SFP28", 2, [1.0, 10.0, 25.0]),
        ("MCX4131A-GCAT", "MCX4131A-GCAT", "QSFP28", 1, [1.0, 10.0, 25.0, 40.0, 50.0]),
        ("MCX4131A-BCAT", "MCX4131A-BCAT", "QSFP28", 1, [1.0, 10.0, 25.0, 40.0]),
    ],
)
def test_connectx4_lx_resolves_with_its_cage(
    repo: Neo4jRepository, name: str, model: str, form_factor: str, count: int, speeds: list[float]
) -> None:
    device = repo.device(name)
    assert (device.model, device.device_type.value, device.vendor, device.series) == (
        model,
        "adapter",
        "NVIDIA",
        "ConnectX-4 Lx",
    )
    [cage] = device.cages
    assert (cage.form_factor, cage.count, cage.speeds_gbps) == (form_factor, count, speeds)
    assert [p.value for p in cage.protocols] == ["Ethernet"]


def test_25g_card_to_a_spectrum_sfp28_port_at_3_m_runs_25_gbe(service: CatalogueService) -> None:
    """MCX4121A-ACAT (2 x SFP28, 1/10/25 GbE [CXE01]) to an SN2010 SFP28 port: every option at 25 GbE,
    the NVIDIA 3 m SFP28 DAC among them."""
    result = service.link_options(
        end_a=EndRequest(device="SN2010", cage="sfp28"),
        end_b=EndRequest(device="MCX4121A-ACAT"),
        rate_gbps=25,
        distance_m=3,
    )
    assert result.options, result.notes
    assert all(o.verdict.rate_gbps == 25.0 for o in result.options)
    cables = {p.part_number for o in result.options for p in o.parts if p.role == "cable"}
    assert "MCP2M00-A003" in cables or "MCP2M00-A003E30L" in cables or "MCP2M00-A003E26N" in cables, cables


def test_10g_card_gets_no_25g_link(service: CatalogueService) -> None:
    """MCX4121A-XCAT runs 1/10 GbE only [CXE01]: no option at 25 GbE."""
    result = service.link_options(
        end_a=EndRequest(device="SN2010", cage="sfp28"),
        end_b=EndRequest(device="MCX4121A-XCAT"),
        rate_gbps=25,
        distance_m=3,
    )
    assert result.options == ()


def test_50g_card_links_to_a_connectx4_50g_card_at_50_gbe(service: CatalogueService) -> None:
    """MCX4131A-GCAT (1 x QSFP28, up to 50 GbE [CXE01]) and MCX416A-GCAT (ConnectX-4, 50 GbE [NV06])."""
    result = service.link_options(
        end_a=EndRequest(device="MCX4131A-GCAT"), end_b=EndRequest(device="MCX416A-GCAT"), rate_gbps=50, distance_m=2
    )
    assert result.options, result.notes
    assert all(o.verdict.rate_gbps == 50.0 for o in result.options)


def test_a_part_list_line_of_mcx4121a_acat_is_a_device_line(service: CatalogueService) -> None:
    """A list with 8 x MCX4121A-ACAT and 16 x MCP2M00-A003: the adapter line is known (a device), never
    UNKNOWN_PART."""
    data = b"part_number,quantity\nMCX4121A-ACAT,8\nMCP2M00-A003,16\n"
    report = ProcurementService(service).validate_bytes(data, "l.csv")
    assert "UNKNOWN_PART" not in {f.code for f in report.findings}
    [line] = [f for f in report.findings if f.code == "DEVICE_LINE"]
    assert (line.severity.value, line.line, line.part_number, line.quantity) == ("info", 1, "MCX4121A-ACAT", 8)
    assert line.message == (
        "MCX4121A-ACAT is the NVIDIA ConnectX-4 Lx EN MCX4121A-ACAT, 2 x SFP28, 25GbE adapter (a device, not a "
        "cabling part); the link rules do not check it as one"
    )
    totals = {t.part_number: (t.known, t.kind, t.listed) for t in report.totals}
    assert totals["MCX4121A-ACAT"] == (True, "adapter", 8)
