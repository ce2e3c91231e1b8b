"""Every multimode PMD's fiber grades, as an expert checks them (no database).

The IEEE clause tables of the older PMDs predate OM3-OM5: 1000BASE-SX (802.3z) names fibers by core
and modal bandwidth only (62.5 um 160/200 MHz.km, 50 um 400/500 MHz.km: OM1 and OM2). A grade such a
table does not name is left unknown (reach_complete false: REACH_UNVERIFIED, never rejected) until a
source states a figure for it:

- 1000BASE-SX over OM3: 800 m, the TIA supportable distance over 850 nm laser-optimized 50 um fiber
  (CommScope's reproduction of the TIA table, MM01, secondary: the row note says so). No retrieved
  table gives OM4 or OM5 (MM01 has no such column): both stay unknown.
- 1000BASE-LX over OM3: 550 m (clause 38's 50 um 500 MHz.km row; the TIA table agrees, MM01).
- 100G-SR1.2 (the 400G BiDi breakout lane): OM3 70 m, OM4 100 m, OM5 150 m from Juniper's
  QSFP-100G-SR1P2 (HU03 p. 19) and Dell's Q28-100G-SR1.2 (HU01 p. 5); OM4 also Cisco's (OX01).
- A vendor's part-level figure caps its part only: Extreme's 10051H "550m over OM3" (EX01) and Dell's
  SFP-1G-SX "MMF OM3 550 m" (HU01) sit on those parts; Cisco's "up to 1 km over laser-optimized 50 um"
  (B01) is beyond the TIA figure and is not loaded.
"""

from __future__ import annotations

import itertools

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Media, Pmd, Transceiver

MULTIMODE = ("OM1", "OM2", "OM3", "OM4", "OM5")


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _pmd(cat: Catalogue, name: str) -> Pmd:
    return next(p for p in cat.pmds if p.name == name)


def _grades(p: Pmd) -> dict[str, float]:
    return {r.fiber: r.max_m for r in p.reach if r.fiber in MULTIMODE}


def test_the_multimode_grades_every_pmd_holds(cat: Catalogue) -> None:
    """The expert's check list: each multimode PMD's sourced reach per grade (m) and whether its table
    is complete (a grade it omits is then unsupported) or leaves the omitted grades unverified."""
    held = {
        p.name: (_grades(p), p.reach_complete)
        for p in sorted(cat.pmds, key=lambda p: (p.rate_gbps, p.name))
        if Media.MMF in p.all_media
    }
    assert held == {
        "1000BASE-LX": ({"OM1": 550, "OM2": 550, "OM3": 550}, False),
        "1000BASE-SX": ({"OM1": 275, "OM2": 550, "OM3": 800}, False),
        "10GBASE-LRM": ({"OM1": 220, "OM2": 220, "OM3": 220}, True),
        "10GBASE-SR": ({"OM1": 33, "OM2": 82, "OM3": 300, "OM4": 400, "OM5": 400}, True),
        "25GBASE-SR": ({"OM3": 70, "OM4": 100}, True),
        "40G-SR-BD": ({"OM3": 100, "OM4": 150}, False),
        "40GBASE-SR4": ({"OM3": 100, "OM4": 150, "OM5": 150}, True),
        "50GBASE-SR": ({"OM4": 100}, False),
        "100G-SR1.2": ({"OM3": 70, "OM4": 100, "OM5": 150}, False),
        "100G-SRBD": ({"OM3": 70, "OM4": 100}, False),
        "100GBASE-SR10": ({"OM3": 100, "OM4": 150}, True),
        "100GBASE-SR4": ({"OM3": 70, "OM4": 100, "OM5": 100}, True),
        "EDR SR4": ({}, False),
        "200GBASE-SR4": ({"OM4": 100}, False),
        "HDR SR4": ({}, False),
        "400G-SR4": ({"OM3": 30, "OM4": 50}, True),
        "400GBASE-SR4.2": ({"OM3": 70, "OM4": 100, "OM5": 150}, True),
        "400GBASE-SR8": ({"OM3": 70, "OM4": 100}, True),
        "NDR SR4": ({"OM3": 30, "OM4": 50}, True),
        "800GBASE-SR8": ({"OM3": 60, "OM4": 100}, False),
    }


def test_a_better_grade_never_reaches_less(cat: Catalogue) -> None:
    """OM1 < OM2 < OM3 < OM4 <= OM5 in modal bandwidth (fiber_types.yaml): a PMD's reach never falls
    from one grade to a better one."""
    falls = []
    for p in (p for p in cat.pmds if Media.MMF in p.all_media):
        g = _grades(p)
        held = [(f, g[f]) for f in MULTIMODE if f in g]
        falls += [(p.name, a, b) for (a, ma), (b, mb) in itertools.pairwise(held) if mb < ma]
    assert falls == []


def test_the_1000base_sx_om3_row_rests_on_the_tia_table_and_says_it_is_a_secondary_copy(cat: Catalogue) -> None:
    [om3] = [r for r in _pmd(cat, "1000BASE-SX").reach if r.fiber == "OM3"]
    assert (om3.max_m, om3.sources) == (800, ["MM01"])
    assert cat.sources["MM01"].kind.value == "secondary"
    assert "secondary" in om3.note and "TIA" in om3.note
    assert "800 m (2625 ft)" in cat.sources["MM01"].section
    assert "laser-optimized" in cat.sources["MM01"].section


def test_lx_over_om3_needs_a_mode_conditioning_cord_and_cites_the_tia_table(cat: Catalogue) -> None:
    [om3] = [r for r in _pmd(cat, "1000BASE-LX").reach if r.fiber == "OM3"]
    assert (om3.max_m, om3.mode_conditioning) == (550, True)
    assert {"E22", "E23", "MM01"} <= set(om3.sources)


def test_the_100g_sr12_grades_cite_two_vendors_data_sheets(cat: Catalogue) -> None:
    rows = {r.fiber: (r.max_m, set(r.sources)) for r in _pmd(cat, "100G-SR1.2").reach}
    assert rows == {
        "OM3": (70, {"HU03", "HU01"}),
        "OM4": (100, {"OX01", "HU03", "HU01"}),
        "OM5": (150, {"HU03", "HU01"}),
    }
    assert all(cat.sources[s].kind.value == "vendor" for _, srcs in rows.values() for s in srcs)
    assert _pmd(cat, "100G-SR1.2").wavelength_nm == "850/910"


@pytest.mark.parametrize(
    ("part", "reach", "source"),
    [("10051H", {"OM3": 550}, "EX01"), ("SFP-1G-SX", {"OM3": 550}, "HU01"), ("GLC-SX-MMD", {"OM2": 550}, "B01")],
)
def test_a_vendors_own_1000base_sx_figure_sits_on_its_part(
    cat: Catalogue, part: str, reach: dict[str, float], source: str
) -> None:
    """Extreme and Dell state 550 m over OM3, below the PMD's 800 m: each caps its own part. Cisco's
    1 km over laser-optimized fiber is beyond the PMD's figure and is not loaded (a note says so)."""
    [t] = [p for p in cat.parts if isinstance(p, Transceiver) and p.part_number == part]
    assert {r.fiber: r.max_m for r in t.reach} == reach
    assert all(source in r.sources for r in t.reach)
    if part == "GLC-SX-MMD":
        assert any("1 km" in n and "not loaded" in n for n in t.notes)
