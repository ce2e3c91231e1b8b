"""NVIDIA adapter cards loaded as devices (issue 11), checked against NVIDIA's own user manuals.

Each OPN in devices/nvidia_adapters_more.yaml must carry exactly the cage form factor, cage count,
data rates and protocols that the product table of its cited page states. The expected values
below are written from those pages (read 2026-12-01), not from the seed data. InfiniBand rates
are in Gb/s as the catalogue writes them: SDR 10, DDR 20, QDR 40, FDR 56, EDR 100, HDR100 100,
HDR 200.
"""

from __future__ import annotations

import re

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Device, SourceKind

ETH_200 = [10, 25, 40, 50, 100, 200]
ETH_100 = [10, 25, 40, 50, 100]
IB_HDR = [10, 20, 40, 56, 100, 200]  # SDR/DDR/QDR/FDR/EDR/HDR100/HDR
IB_HDR100 = [10, 20, 40, 56, 100]  # SDR/DDR/QDR/FDR/EDR/HDR100
IB_EDR = [10, 20, 40, 56, 100]  # SDR/DDR/QDR/FDR/EDR

# source id -> (page URL, {OPN: (series, form factor, cage count, Ethernet Gb/s, InfiniBand Gb/s)})
PAGES: dict[str, tuple[str, dict[str, tuple[str, str, int, list[int], list[int]]]]] = {
    "NV01": (
        "https://docs.nvidia.com/networking/display/ConnectX6EN/Introduction",
        {"MCX613106A-VDAT": ("ConnectX-6", "QSFP56", 2, ETH_200, [])},
    ),
    "NV02": (
        "https://docs.nvidia.com/networking/display/ConnectX6DxOCP2/Introduction",
        {
            "MCX623405AN-CDAN": ("ConnectX-6 Dx", "QSFP56", 1, ETH_100, []),
            "MCX623405AC-CDAN": ("ConnectX-6 Dx", "QSFP56", 1, ETH_100, []),
            "MCX623405AN-VDAN": ("ConnectX-6 Dx", "QSFP56", 1, ETH_200, []),
            "MCX623405AC-VDAN": ("ConnectX-6 Dx", "QSFP56", 1, ETH_200, []),
        },
    ),
    "NV03": (
        "https://docs.nvidia.com/networking/display/ConnectX6VPIOCP3/Introduction",
        {
            "MCX653435A-HDAI": ("ConnectX-6", "QSFP56", 1, ETH_200, IB_HDR),
            "MCX653435A-HDAE": ("ConnectX-6", "QSFP56", 1, ETH_200, IB_HDR),
            "MCX653436A-HDAI": ("ConnectX-6", "QSFP56", 2, ETH_200, IB_HDR),
            "MCX653436A-HDAB": ("ConnectX-6", "QSFP56", 2, ETH_200, IB_HDR),
            "MCX653435A-EDAI": ("ConnectX-6", "QSFP56", 1, ETH_100, IB_HDR100),
        },
    ),
    "NV04": (
        "https://docs.nvidia.com/networking/display/ConnectX5VPIOCP2/Introduction",
        {
            "MCX545A-ECAN": ("ConnectX-5", "QSFP28", 1, ETH_100, IB_EDR),
            "MCX545B-ECAN": ("ConnectX-5", "QSFP28", 1, ETH_100, IB_EDR),
            "MCX545M-ECAN": ("ConnectX-5", "QSFP28", 1, ETH_100, IB_EDR),
            "MCX546A-EDAN": ("ConnectX-5", "QSFP28", 2, ETH_100, IB_EDR),
        },
    ),
    "NV06": (
        "https://docs.nvidia.com/networking/display/ConnectX4EN/Introduction",
        {
            "MCX413A-GCAT": ("ConnectX-4", "QSFP28", 1, [1, 10, 25, 40, 50], []),
            "MCX414A-GCAT": ("ConnectX-4", "QSFP28", 2, [1, 10, 25, 40, 50], []),
            "MCX415A-GCAT": ("ConnectX-4", "QSFP28", 1, [1, 10, 25, 40, 50], []),
            "MCX416A-GCAT": ("ConnectX-4", "QSFP28", 2, [1, 10, 25, 40, 50], []),
            "MCX413A-BCAT": ("ConnectX-4", "QSFP28", 1, [1, 10, 25, 40, 56], []),
            "MCX414A-BCAT": ("ConnectX-4", "QSFP28", 2, [1, 10, 25, 40, 56], []),
            "MCX415A-BCAT": ("ConnectX-4", "QSFP28", 1, [1, 10, 25, 40, 56], []),
            "MCX416A-BCAT": ("ConnectX-4", "QSFP28", 2, [1, 10, 25, 40, 56], []),
            "MCX415A-CCAT": ("ConnectX-4", "QSFP28", 1, [1, 10, 25, 40, 50, 100], []),
            "MCX416A-CCAT": ("ConnectX-4", "QSFP28", 2, [1, 10, 25, 40, 50, 100], []),
        },
    ),
    # "2x QSFP" on the Introduction page; the Interfaces page (NV08) says the connectors are QSFP28
    "NV07": (
        "https://docs.nvidia.com/networking/display/CX5VPISD/Introduction",
        {
            "MCX556M-ECAT-S25": ("ConnectX-5", "QSFP28", 2, ETH_100, IB_EDR),
            "MCX556M-ECAT-S35A": ("ConnectX-5", "QSFP28", 2, ETH_100, IB_EDR),
        },
    ),
    "NV05": (
        "https://docs.nvidia.com/networking/display/connectx5enocp2/introduction",
        {
            "MCX546A-BCAN": ("ConnectX-5 Ex", "QSFP28", 2, [10, 25, 40], []),
            "MCX546A-CDAN": ("ConnectX-5 Ex", "QSFP28", 2, ETH_100, []),
            # the rate row spans columns; SFP28 (one 25G lane) cannot carry 40/50/100 GbE
            "MCX542A-ACAN": ("ConnectX-5", "SFP28", 2, [10, 25], []),
            "MCX542B-ACAN": ("ConnectX-5", "SFP28", 2, [10, 25], []),
            "MCX542B-ACUN": ("ConnectX-5", "SFP28", 2, [10, 25], []),
            "MCX545B-GCUN": ("ConnectX-5", "QSFP28", 1, [10, 25, 40, 50], []),
            "MCX545A-CCAN": ("ConnectX-5", "QSFP28", 1, ETH_100, []),
            "MCX545A-CCUN": ("ConnectX-5", "QSFP28", 1, ETH_100, []),
            "MCX545B-CCUN": ("ConnectX-5", "QSFP28", 1, ETH_100, []),
        },
    ),
}

# a page whose OPN table needs a second page of the same manual for the cage type
EXTRA_SOURCES: dict[str, list[str]] = {"NV07": ["NV08"]}

CASES = [(sid, opn, row) for sid, (_url, rows) in PAGES.items() for opn, row in rows.items()]


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


def _device(catalogue: Catalogue, model: str) -> Device:
    [device] = [d for d in catalogue.devices if d.model == model]
    return device


@pytest.mark.parametrize(("source_id", "opn", "row"), CASES, ids=[c[1] for c in CASES])
def test_adapter_equals_its_manual_page(
    catalogue: Catalogue, source_id: str, opn: str, row: tuple[str, str, int, list[int], list[int]]
) -> None:
    series, form_factor, count, eth, ib = row
    device = _device(catalogue, opn)
    assert (device.vendor, device.device_type.value, device.series) == ("NVIDIA", "adapter", series)
    [cage] = device.cages
    assert (cage.form_factor, cage.count, cage.logical_ports_per_cage) == (form_factor, count, 1)
    assert cage.speeds_gbps == sorted({float(r) for r in [*eth, *ib]})
    expected_protocols = {"Ethernet"} | ({"InfiniBand"} if ib else set())
    assert {p.value for p in cage.protocols} == expected_protocols
    cited = [source_id, *EXTRA_SOURCES.get(source_id, [])]
    # an InfiniBand cage also cites the MLNX_OFED uplink-speed table for its family (O01)
    assert cage.sources == ([*cited, "O01"] if ib else cited)
    assert device.sources == cited
    assert any(re.search(rf"\[[^\]]*\b{source_id}\b[^\]]*\]", note) for note in device.notes)


@pytest.mark.parametrize("source_id", sorted(PAGES))
def test_each_page_is_nvidias_own_manual(catalogue: Catalogue, source_id: str) -> None:
    source = catalogue.sources[source_id]
    assert source.kind is SourceKind.VENDOR
    assert source.url == PAGES[source_id][0]
    for opn in PAGES[source_id][1]:
        assert opn in source.section, f"{opn} is not named in {source_id}'s section"


def test_every_device_of_the_file_is_checked(catalogue: Catalogue) -> None:
    """No OPN in the file escapes the page check, and every one is a separate orderable model."""
    loaded = {d.model for d in catalogue.devices if d.sources[0].startswith("NV")}
    assert loaded == {opn for _sid, opn, _row in CASES}
    assert len(loaded) == 35
