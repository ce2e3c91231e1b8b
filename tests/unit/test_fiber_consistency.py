"""Every single-mode PMD's fiber grades read the same way (no database).

fiber_types.yaml: OS2 cable loses at most 0.4 dB/km (0.5 indoor-outdoor), OS1a 1.0 dB/km. An IEEE
clause's reach "over SMF" assumes cabled fiber of 0.4-0.5 dB/km: it is an OS2 figure. OS1a gets a
row only where a source gives OS1a its own figure (the informative OS1a column of the TIA FOTC
tables: 250 m for 800GBASE-DR8, 1 km for 100GBASE-FR1 …), never copied from "10 km on single-mode
fiber". Where no source names OS1a the grade is left unknown (reach_complete false: answered
REACH_UNVERIFIED, never rejected), except for a vendor PMD whose vendor requires OS2 (NVIDIA's
structured-cabling requirements, N18/N19).
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Media, Pmd


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _single_mode(cat: Catalogue) -> list[Pmd]:
    return sorted((p for p in cat.pmds if p.media is Media.SMF), key=lambda p: p.name)


def _standard(p: Pmd) -> bool:
    return p.standard.startswith("IEEE") or "MSA" in p.standard


def test_the_grades_the_check_relies_on_are_defined(cat: Catalogue) -> None:
    grades = {f.name: f for f in cat.fiber_types}
    assert (grades["OS1a"].mode, grades["OS2"].mode) == ("SMF", "SMF")
    assert "1.0 dB/km" in grades["OS1a"].bandwidth and "0.4 dB/km" in grades["OS2"].bandwidth


def test_every_single_mode_pmd_has_an_os2_reach(cat: Catalogue) -> None:
    assert [p.name for p in _single_mode(cat) if not any(r.fiber == "OS2" for r in p.reach)] == []


def test_an_os1a_row_is_an_informative_figure_of_its_own_never_longer_than_os2(cat: Catalogue) -> None:
    bad = []
    for p in _single_mode(cat):
        os2 = next(r.max_m for r in p.reach if r.fiber == "OS2")
        for r in (r for r in p.reach if r.fiber == "OS1a"):
            if r.max_m > os2 or not r.informative or not r.sources:
                bad.append((p.name, r.max_m, os2, r.note))
    assert bad == []


def test_the_informative_rows_are_the_os1a_ones(cat: Catalogue) -> None:
    """Reach.informative (linkOptions ranks an option over such a grade after one over the clause's
    own fiber, rank step 8) marks exactly the TIA FOTC OS1a figures; no OS2 or multimode row."""
    assert sorted((p.name, r.fiber, r.max_m) for p in cat.pmds for r in p.reach if r.informative) == [
        ("100GBASE-FR1", "OS1a", 1000.0),
        ("10GBASE-ER", "OS1a", 9000.0),
        ("400GBASE-LR8", "OS1a", 4000.0),
        ("40GBASE-ER4", "OS1a", 15000.0),
        ("40GBASE-LR4", "OS1a", 4000.0),
        ("800GBASE-DR8", "OS1a", 250.0),
    ]


def test_a_standard_pmd_without_an_os1a_figure_leaves_os1a_unverified(cat: Catalogue) -> None:
    """A complete reach table rejects the grades it omits: an IEEE/MSA single-mode PMD may only be
    complete when it lists OS1a; a vendor PMD complete without OS1a is one whose vendor requires OS2."""
    rejecting = [
        p.name
        for p in _single_mode(cat)
        if p.reach_complete and not any(r.fiber == "OS1a" for r in p.reach) and _standard(p)
    ]
    assert rejecting == []


def test_the_os1a_grades_the_catalogue_holds(cat: Catalogue) -> None:
    """The expert's check list: which single-mode PMDs have a sourced OS1a figure, which reject OS1a
    (vendor requires OS2), which leave it unverified."""
    held = {p.name: r.max_m for p in _single_mode(cat) for r in p.reach if r.fiber == "OS1a"}
    assert held == {
        "10GBASE-ER": 9000.0,
        "40GBASE-ER4": 15000.0,
        "40GBASE-LR4": 4000.0,
        "100GBASE-FR1": 1000.0,
        "400GBASE-LR8": 4000.0,
        "800GBASE-DR8": 250.0,
    }
    os2_only = sorted(p.name for p in _single_mode(cat) if p.reach_complete and p.name not in held)
    assert os2_only == ["400G-DR4", "NDR DR4", "NDR FR4", "XDR DR4"]


def test_an_os1a_loss_budget_counts_os1a_attenuation_and_bounds_the_row(cat: Catalogue) -> None:
    """An OS1a row's loss budget counts OS1a cable at 1.0 dB/km (fiber_types.yaml, SM03), and its
    reach never exceeds what the budget leaves the fiber: (channel - allocation) / 1.0 dB/km."""
    bad = []
    rows = [(p, r) for p in _single_mode(cat) for r in p.reach if r.fiber == "OS1a" and r.loss is not None]
    for p, r in rows:
        loss = r.loss
        assert loss is not None
        fiber_m = (loss.channel_db - (loss.allocation_db or 0.0)) / loss.fiber_db_per_km * 1000
        if loss.fiber_db_per_km != 1.0 or loss.allocation_db is None or r.max_m > fiber_m + 1e-6 or not loss.sources:
            bad.append((p.name, r.max_m, fiber_m))
    assert bad == []
    assert sorted(p.name for p, _ in rows) == ["100GBASE-FR1", "10GBASE-ER", "400GBASE-LR8", "40GBASE-LR4"]


def test_a_derived_os1a_row_states_its_derivation_and_its_secondary_standing(cat: Catalogue) -> None:
    """10GBASE-ER over OS1a: (11 dB - 2 dB) / 1.0 dB/km = 9 km, from IEEE 802.3 reflector copies of
    clause 52 (secondary) and OS1a's 1550 nm attenuation; the note says so."""
    er = next(p for p in cat.pmds if p.name == "10GBASE-ER")
    row = next(r for r in er.reach if r.fiber == "OS1a")
    assert row.max_m == 9000
    assert "(11 - 2) / 1.0 = 9 km" in row.note and "secondary" in row.note
    assert all(not cat.sources[s].primary for s in row.sources)
    assert all(cat.sources[s].url.startswith(("https://ieee802.org/", "http://vti.net.au/")) for s in row.sources)
