"""NVIDIA ConnectX Ethernet adapter families loaded whole (devices/nvidia_adapters_cx.yaml, CXE sources),
checked against NVIDIA's own user manuals.

Each OPN must carry exactly the cage form factor, cage count and Ethernet rates (every rate the product
table lists for the port, the older ones included) that its cited page states. The expected values below
are written from those pages (read 2026-12-03), not from the seed data. A family is complete or absent:
every OPN of a cited table is loaded, and nothing else rests on these sources.
"""

from __future__ import annotations

import re

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Device, SourceKind

CX4LX_10 = [1, 10]
CX4LX_25 = [1, 10, 25]

# source id -> (page URL, {OPN: (series, form factor, cage count, Ethernet Gb/s)})
PAGES: dict[str, tuple[str, dict[str, tuple[str, str, int, list[int]]]]] = {
    "CXE01": (
        "https://docs.nvidia.com/networking/display/CX4LxEN/Introduction",
        {
            # ConnectX-4 Lx 10Gb/s Ethernet Adapter Cards
            "MCX4111A-XCAT": ("ConnectX-4 Lx", "SFP28", 1, CX4LX_10),
            "MCX4121A-XCAT": ("ConnectX-4 Lx", "SFP28", 2, CX4LX_10),
            "MCX4121A-XCHT": ("ConnectX-4 Lx", "SFP28", 2, CX4LX_10),
            # ConnectX-4 Lx 25Gb/s Ethernet Adapter Cards
            "MCX4111A-ACAT": ("ConnectX-4 Lx", "SFP28", 1, CX4LX_25),
            "MCX4111A-ACUT": ("ConnectX-4 Lx", "SFP28", 1, CX4LX_25),
            "MCX4121A-ACAT": ("ConnectX-4 Lx", "SFP28", 2, CX4LX_25),
            "MCX4121A-ACUT": ("ConnectX-4 Lx", "SFP28", 2, CX4LX_25),
            "MCX4121A-ACST": ("ConnectX-4 Lx", "SFP28", 2, CX4LX_25),
            "MCX4121A-ACHT": ("ConnectX-4 Lx", "SFP28", 2, CX4LX_25),
            # ConnectX-4 Lx 40/50 Gb/s Ethernet Adapter Cards (connector: CXE02 vendor, CXE03 secondary)
            "MCX4131A-BCAT": ("ConnectX-4 Lx", "QSFP28", 1, [1, 10, 25, 40]),
            "MCX4131A-GCAT": ("ConnectX-4 Lx", "QSFP28", 1, [1, 10, 25, 40, 50]),
        },
    ),
    # the OCP 3.0 overview table lists 10Gb/s and 10/25 Gb/s, no 1GbE
    "CXE04": (
        "https://docs.nvidia.com/networking/display/cx4lxenocp3/introduction",
        {
            "MCX4621A-XCAB": ("ConnectX-4 Lx", "SFP28", 2, [10]),
            "MCX4621A-ACAB": ("ConnectX-4 Lx", "SFP28", 2, [10, 25]),
        },
    ),
}

# OPNs whose connector row the stored copy of the cited table lacks: the family's Interfaces page (vendor)
# and the product brief's ordering table as reproduced by a secondary source
EXTRA_SOURCES: dict[str, list[str]] = {"MCX4131A-BCAT": ["CXE02", "CXE03"], "MCX4131A-GCAT": ["CXE02", "CXE03"]}

# the marketing names users type, on the base OPN of each table column group only
ALIASES: dict[str, list[str]] = {
    "MCX4111A-XCAT": ["ConnectX-4 Lx EN 10GbE single-port"],
    "MCX4121A-XCAT": ["ConnectX-4 Lx EN 10GbE dual-port"],
    "MCX4111A-ACAT": ["ConnectX-4 Lx EN 25GbE single-port"],
    "MCX4121A-ACAT": ["ConnectX-4 Lx EN 25GbE dual-port", "ConnectX-4 Lx 25GbE dual-port"],
    "MCX4131A-BCAT": ["ConnectX-4 Lx EN 40GbE single-port"],
    "MCX4131A-GCAT": ["ConnectX-4 Lx EN 50GbE single-port"],
    "MCX4621A-XCAB": ["ConnectX-4 Lx EN OCP 3.0 10GbE dual-port"],
    "MCX4621A-ACAB": ["ConnectX-4 Lx EN OCP 3.0 25GbE dual-port"],
}

CASES = [(sid, opn, row) for sid, (_url, rows) in PAGES.items() for opn, row in rows.items()]


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


def _device(catalogue: Catalogue, model: str) -> Device:
    [device] = [d for d in catalogue.devices if d.model == model]
    return device


@pytest.mark.parametrize(("source_id", "opn", "row"), CASES, ids=[c[1] for c in CASES])
def test_adapter_equals_its_manual_page(
    catalogue: Catalogue, source_id: str, opn: str, row: tuple[str, str, int, list[int]]
) -> None:
    series, form_factor, count, eth = row
    device = _device(catalogue, opn)
    assert (device.vendor, device.device_type.value, device.series) == ("NVIDIA", "adapter", series)
    [cage] = device.cages
    assert (cage.form_factor, cage.count, cage.logical_ports_per_cage) == (form_factor, count, 1)
    assert cage.speeds_gbps == [float(r) for r in eth]
    assert [p.value for p in cage.protocols] == ["Ethernet"]  # EN cards: no InfiniBand
    cited = [source_id, *EXTRA_SOURCES.get(opn, [])]
    assert cage.sources == cited
    assert device.sources == cited
    assert device.aliases == ALIASES.get(opn, [])
    assert any(re.search(rf"\[[^\]]*\b{source_id}\b[^\]]*\]", note) for note in device.notes)


def test_the_common_25g_card_runs_1_10_and_25_gbe_on_two_sfp28_ports(catalogue: Catalogue) -> None:
    """MCX4121A-ACAT, the dual-port 25GbE ConnectX-4 Lx in countless servers: 2 x SFP28 at 25/10/1 GbE."""
    [cage] = _device(catalogue, "MCX4121A-ACAT").cages
    assert (cage.form_factor, cage.count, cage.speeds_gbps) == ("SFP28", 2, [1.0, 10.0, 25.0])


@pytest.mark.parametrize("source_id", sorted(PAGES))
def test_each_page_is_nvidias_own_manual(catalogue: Catalogue, source_id: str) -> None:
    source = catalogue.sources[source_id]
    assert source.kind is SourceKind.VENDOR
    assert source.url == PAGES[source_id][0]
    for opn in PAGES[source_id][1]:
        assert opn in source.section, f"{opn} is not named in {source_id}'s section"


def test_the_connector_sources_are_marked_for_what_they_are(catalogue: Catalogue) -> None:
    """The Interfaces page is NVIDIA's (vendor); the blog reproducing the product brief is secondary."""
    assert catalogue.sources["CXE02"].kind is SourceKind.VENDOR
    assert catalogue.sources["CXE02"].url == "https://docs.nvidia.com/networking/display/CX4LxEN/Interfaces"
    assert catalogue.sources["CXE03"].kind is SourceKind.SECONDARY
    for opn in ("MCX4131A-BCAT", "MCX4131A-GCAT"):
        assert opn in catalogue.sources["CXE03"].section


def test_every_device_of_the_file_is_checked(catalogue: Catalogue) -> None:
    """No OPN resting on a CXE source escapes the page check, and every one is a separate orderable model."""
    loaded = {d.model for d in catalogue.devices if any(s.startswith("CXE") for s in d.sources)}
    assert loaded == {opn for _sid, opn, _row in CASES}
    assert len(loaded) == 13
