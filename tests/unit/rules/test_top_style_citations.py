"""TOP_STYLE_MISMATCH cites the documents that state each top style, for cable ends too (no database).

MCX75310AAS-NEAT (ConnectX-7 OSFP, flat cage: N26, N21) ══ MCP4Y10-N002 (both ends finned: N10)
900-9X81E-00EX-ST0 (ConnectX-8 C8180 OSFP, flat cage: N37) ══ OSFP-800G-AOC-3M (OSFP-IHS: EX03)
"""

from __future__ import annotations

from tests.unit.rules.conftest import Kit


def _mismatches(kit: Kit, device: str, cable: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    link = kit.link(kit.device(device), kit.device(device), 1, cable=cable)
    return [(f.parts, tuple(f.source_ids)) for f in kit.check(link).findings if f.code == "TOP_STYLE_MISMATCH"]


def test_a_finned_dac_end_in_a_connectx7_cites_n10_not_every_source_of_the_cable(kit: Kit) -> None:
    found = _mismatches(kit, "MCX75310AAS-NEAT", "MCP4Y10-N002")
    assert found
    assert {sources for _, sources in found} == {("N26", "N21", "N10")}


def test_a_juniper_osfp_aoc_in_a_connectx8_cites_the_ihs_and_rhs_documents(kit: Kit) -> None:
    found = _mismatches(kit, "900-9X81E-00EX-ST0", "OSFP-800G-AOC-3M")
    assert found
    assert {sources for _, sources in found} == {("N37", "EX03")}
