"""Every OSFP top style (finned / flat) names the documents that state it (no database).

A TOP_STYLE_MISMATCH cites the sources of the cage's and the plug's top style. Each OSFP transceiver,
OSFP cable end and OSFP cage with a top style carries ``top_style_sources`` (documents whose
section states finned / IHS or flat / RHS for that part or class of part), or is listed below as an
exception with the reason no document in the seed states its style.

NVIDIA's IHS (integrated heat sink) is the finned top, RHS (riding heat sink) the flat top (N37);
Juniper's OSFP800 is OSFP-IHS by default (EX03).
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Transceiver

# Cables whose OSFP end has a top style but no document in the seed states it.
CABLE_EXCEPTIONS = {
    # MFA7U10-H-FLT (flat-top-head twin of the finned MFA7U10-H AOC splitter): the flat head rests on
    # a row of the LinkX-hub snapshot (NF02) whose stored section does not quote it, and N21 names
    # 800G flat-top twin-ports, not this 400G one.
    "980-9I41Y-00H003",
    "980-9I110-00H005",
    "980-9I112-00H010",
    "980-9I114-00H015",
    "980-9I116-00H020",
    "980-9I118-00H030",
}
# Device OSFP cages whose top style no document in the seed states.
CAGE_EXCEPTIONS = {
    # DGX H200: flat like the DGX H100's ConnectX-7 cages, but its sources (XS03, N25) name no top
    # style and N21/N10 name the DGX H100 only.
    "DGX-H200",
}
# Transceivers: none is an exception (every OSFP module's style is stated by N01, N08, N21, N37 or
# the LinkX-hub snapshot rows NX02 / XS01 / N28 for its variant).
TRANSCEIVER_EXCEPTIONS: set[str] = set()

STYLE_WORDS = {"finned": ("finned", "IHS", "integrated heat sink"), "flat": ("flat", "RHS")}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _osfp(form_factor: str) -> bool:
    return form_factor.startswith("OSFP")


def test_every_osfp_transceiver_with_a_top_style_cites_its_source(cat: Catalogue) -> None:
    missing = sorted(
        p.part_number or ""
        for p in cat.parts
        if isinstance(p, Transceiver) and _osfp(p.form_factor) and p.top_style and not p.top_style_sources
    )
    assert missing == sorted(TRANSCEIVER_EXCEPTIONS)


def test_every_osfp_cable_end_with_a_top_style_cites_its_source(cat: Catalogue) -> None:
    missing = sorted(
        {
            p.part_number or ""
            for p in cat.parts
            if isinstance(p, Cable)
            for end in (p.end_a, p.end_b)
            if _osfp(end.form_factor) and end.top_style and not end.top_style_sources
        }
    )
    assert missing == sorted(CABLE_EXCEPTIONS)


def test_every_osfp_cage_with_a_top_style_cites_its_source(cat: Catalogue) -> None:
    missing = sorted(
        d.model
        for d in cat.devices
        for c in d.cages
        if _osfp(c.form_factor) and c.top_style and not c.top_style_sources
    )
    assert missing == sorted(CAGE_EXCEPTIONS)


def _stated(cat: Catalogue) -> list[tuple[str, str, list[str]]]:
    out: list[tuple[str, str, list[str]]] = []
    for p in cat.parts:
        if isinstance(p, Transceiver) and p.top_style and p.top_style_sources:
            out.append((p.part_number or "", p.top_style.value, p.top_style_sources))
        if isinstance(p, Cable):
            for end in (p.end_a, p.end_b):
                if end.top_style and end.top_style_sources:
                    out.append((p.part_number or "", end.top_style.value, end.top_style_sources))
    for d in cat.devices:
        for c in d.cages:
            if c.top_style and c.top_style_sources:
                out.append((d.model, c.top_style.value, c.top_style_sources))
    return out


def test_a_top_style_source_names_the_style_and_one_of_them_is_primary_or_a_vendor_row(cat: Catalogue) -> None:
    """At least one cited section says the style (finned / IHS, flat / RHS), and every list holds a
    vendor document (N01, N10-N14, N21, N33, N37, N39, EX03 …): a secondary snapshot row (NX02,
    XS01, NF05, N28) names the variant, the vendor document says what IHS / RHS means."""
    bad = []
    for name, style, ids in _stated(cat):
        sections = [cat.sources[i].section for i in ids]
        if not any(w in s for s in sections for w in STYLE_WORDS[style]):
            bad.append((name, style, ids, "no section names the style"))
        if not any(cat.sources[i].primary for i in ids):
            bad.append((name, style, ids, "no primary source"))
    assert bad == []


def test_the_new_top_style_sources_exactly(cat: Catalogue) -> None:
    """The expert's check list for the OSFP parts beyond the NDR set (test_answer_fidelity.py)."""
    got = {(name, style): ids for name, style, ids in _stated(cat)}
    assert got[("MMS8X00-NS800", "flat")] == ["N28", "N37"]
    assert got[("980-9IAU0-00XM01", "finned")] == ["NX02", "N37"]
    assert got[("980-9IAU0-00XM00", "flat")] == ["NX02", "N37"]
    assert got[("MMS4X00-NS-FLT", "flat")] == ["N21", "N37"]
    assert got[("OSFP-800G-AOC-10M", "finned")] == ["EX03"]
    assert got[("MCP7Y00-N001", "finned")] == ["N12"] and got[("MCP7Y00-N001", "flat")] == ["N12"]
    assert got[("980-9IAO5-00X001", "flat")] == ["XS01", "N37"]
    assert got[("SN5600", "finned")] == ["N21"]
    assert got[("Q3400-RA", "finned")] == ["N37"]
    assert got[("900-9X81E-00EX-ST0", "flat")] == ["N37"]
    assert got[("DGX-H100", "flat")] == ["N21", "N10"]
