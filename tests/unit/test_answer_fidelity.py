"""Data tests for the words the catalogue answers with (a fresh practitioner's findings on reasons,
fix texts and sources). No database.

Every expected value is the source's own words:
- NVIDIA MMA4Z00-NS400(-T) "Connectivity Scenarios" (N02): "400Gb/s mode: Using 4-channels straight
  50-meter crossover fiber cables (MFP7E10)"; "200Gb/s mode: Using 2-channels and 1:2 splitter 50-meter
  crossover fiber cables (MFP7E20)"; "Both fibers ... must be the same type – straight or splitter".
- NVIDIA MMS4X00-NS400 "Overview" (N05): "400Gb/s mode: Using 4-channels and straight 100-meter crossover
  fiber cables (MFP7E30)".
NVIDIA's "straight" is the opposite of "splitter" (one MPO to one MPO); "crossover" is the fiber's
polarity. So a description says both, each for what it is, never "straight (crossover)".
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import FiberCable, Transceiver


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> list[FiberCable]:
    return [p for p in cat.parts if isinstance(p, FiberCable) and p.family == family]


@pytest.mark.parametrize(
    ("family", "description"),
    [
        (
            "MFP7E10",
            'Passive multimode fiber, straight (not a splitter) with crossover polarity (NVIDIA "4-channels '
            'straight 50-meter crossover fiber cables"), MPO-12/APC to MPO-12/APC, for NDR/400G SR4 links',
        ),
        (
            "MFP7E20",
            'Passive multimode fiber 1:2 splitter with crossover polarity (NVIDIA "1:2 splitter 50-meter '
            'crossover fiber cables"), MPO-12/APC to 2 x MPO-12/APC, 2 channels per leg, makes 200G links',
        ),
        (
            "MFP7E30",
            'Passive single-mode fiber, straight (not a splitter) with crossover polarity (NVIDIA "4-channels '
            'and straight 100-meter crossover fiber cables"), MPO-12/APC to MPO-12/APC, for NDR/400G DR4 links',
        ),
    ],
)
def test_nvidia_mpo_fiber_descriptions_say_straight_or_splitter_and_crossover_polarity_apart(
    cat: Catalogue, family: str, description: str
) -> None:
    rows = _family(cat, family)
    assert rows and {p.description for p in rows} == {description}
    assert {p.polarity for p in rows} == {
        {
            "MFP7E10": "crossover (NVIDIA straight/crossover MPO cable; Type-B per TIA-568 for structured cabling)",
            "MFP7E20": "crossover (NVIDIA splitter)",
            "MFP7E30": "crossover (NVIDIA straight/crossover MPO cable)",
        }[family]
    }


def test_no_part_description_calls_a_fiber_straight_and_crossover_in_one_breath(cat: Catalogue) -> None:
    assert [p.part_number for p in cat.parts if "straight (crossover)" in p.description] == []


def test_the_sources_quote_nvidias_straight_and_crossover_words(cat: Catalogue) -> None:
    sources = cat.sources
    assert '"Using 4-channels straight 50-meter crossover fiber cables (MFP7E10)"' in sources["N02"].section
    assert '"Using 4-channels and straight 100-meter crossover fiber cables (MFP7E30)"' in sources["N05"].section


# --- top style: the documents that state it ------------------------------------------------------------

TOP_STYLE_SOURCES = {
    # part: (top style, the sources that state it)
    "MMA4Z00-NS": ("finned", ["N08", "N21"]),
    "MMA4Z00-NS400": ("flat", ["N01"]),
    "MMS4X00-NS": ("finned", ["N08", "N21"]),
    "MMS4X00-NS400": ("flat", ["N08", "N21"]),
    "MMS4X00-NM": ("finned", ["N21"]),
    "MMS4X50-NM": ("finned", ["N21"]),
}
CAGE_TOP_STYLE_SOURCES = {
    "MQM9700-NS2F": ("finned", ["N26", "N21"]),
    "MQM9790-NS2F": ("finned", ["N26", "N21"]),
    "MCX75310AAS-NEAT": ("flat", ["N26", "N21"]),
    "MCX75510AAS-NEAT": ("flat", ["N26", "N21"]),
}


def test_nvidia_osfp_modules_cite_the_documents_that_state_their_top_style(cat: Catalogue) -> None:
    got = {
        p.part_number: (p.top_style.value if p.top_style else None, p.top_style_sources)
        for p in cat.parts
        if isinstance(p, Transceiver) and p.top_style_sources
    }
    # The XDR, -T, -FLT and HGX variants cite theirs too (tests/unit/test_top_style_sources.py).
    assert {k: got[k] for k in TOP_STYLE_SOURCES} == TOP_STYLE_SOURCES


def test_nvidia_osfp_cages_cite_the_documents_that_state_their_top_style(cat: Catalogue) -> None:
    got = {
        d.model: (c.top_style.value if c.top_style else None, c.top_style_sources)
        for d in cat.devices
        for c in d.cages
        if c.top_style_sources
    }
    # SN5600, DGX H100, ConnectX-8 and Q3400 cages cite theirs too (tests/unit/test_top_style_sources.py).
    assert {k: got[k] for k in CAGE_TOP_STYLE_SOURCES} == CAGE_TOP_STYLE_SOURCES


def test_every_top_style_source_is_primary_and_its_section_names_the_style(cat: Catalogue) -> None:
    """N01 "flat top on the ConnectX-7 riding heat sink"; N08 "switch side finned MMA4Z00-NS /
    MMS4X00-NS, RHS -NS400"; N21 "Twin-port OSFP finned-top ... 400G flat-top single-port for ConnectX-7";
    N26 "twin-port 2x400G finned OSFP cages; ConnectX-7 ... single-port flat-top OSFP ... cages"."""
    for style, ids in [*TOP_STYLE_SOURCES.values(), *CAGE_TOP_STYLE_SOURCES.values()]:
        for sid in ids:
            source = cat.sources[sid]
            assert source.kind.value == "vendor", sid
            words = ("finned",) if style == "finned" else ("flat", "RHS")
            assert any(w in source.section for w in words), (sid, style)
