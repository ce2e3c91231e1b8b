"""NVIDIA Spectrum switches answer to their ordering numbers (practitioner trial: the part-list line
"MSN2700-CS2F,2", the number on every quote, was UNKNOWN_PART), and every ordering number loaded is
one a cited source states.

The expected values are written from the pages read 2026-12-03 (seed/data/sources/ord.yaml), not from
the seed data: NVIDIA's ONIE manual's onie-syseeprom example (OR01: product MSN2700, part number
MSN2700-CS2F) and Cumulus Linux 4.4's decode-syseeprom example (OR02: product MSN3700C, part number
MSN3700-CSBFO); SONiC's Mellanox fan code (OR03: MSN2700-CS2F forward, MSN2700-CS2R reverse airflow)
and NetBox device types (OR04 MSN2700-CS2F, OR05 MSN2100-CB2F, OR06 MSN2410-BB2FC), secondary.
"""

from __future__ import annotations

import re

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Device, SourceKind

# ordering number (or EEPROM product name) -> (model, the sources that state it)
ORDERING_NUMBERS = {
    "MSN2700": ("SN2700", ["OR01"]),
    "MSN2700-CS2F": ("SN2700", ["OR01", "OR03", "OR04"]),
    "MSN2700-CS2R": ("SN2700", ["OR03"]),
    "MSN3700C": ("SN3700C", ["OR02"]),
    "MSN3700-CSBFO": ("SN3700C", ["OR02"]),
    "MSN2100-CB2F": ("SN2100", ["OR05"]),
    "MSN2410-BB2FC": ("SN2410", ["OR06"]),
}
KINDS = {
    "OR01": SourceKind.VENDOR,
    "OR02": SourceKind.VENDOR,
    "OR03": SourceKind.SECONDARY,
    "OR04": SourceKind.SECONDARY,
    "OR05": SourceKind.SECONDARY,
    "OR06": SourceKind.SECONDARY,
}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _named(cat: Catalogue, name: str) -> list[Device]:
    return [d for d in cat.devices if name.casefold() in {a.casefold() for a in [d.model, *d.aliases]}]


@pytest.mark.parametrize("number", sorted(ORDERING_NUMBERS))
def test_the_ordering_number_names_one_switch_and_its_sources_state_it(cat: Catalogue, number: str) -> None:
    model, sources = ORDERING_NUMBERS[number]
    assert [d.model for d in _named(cat, number)] == [model]
    [switch] = _named(cat, number)
    assert (switch.vendor, switch.device_type.value) == ("NVIDIA", "switch")
    for sid in sources:
        assert sid in switch.sources
        assert re.search(rf"\b{re.escape(number)}\b", cat.sources[sid].section), (sid, number)
    # a note of the switch names the number and cites the sources
    cited = [n for n in switch.notes if re.search(rf"\b{re.escape(number)}\b", n)]
    assert cited, number
    assert set(sources) <= {s for n in cited for s in re.findall(r"OR\d\d", n)}


def test_the_ordering_number_sources_are_nvidias_own_pages_or_marked_secondary(cat: Catalogue) -> None:
    assert {sid: cat.sources[sid].kind for sid in KINDS} == KINDS
    assert cat.sources["OR01"].url == "https://docs.nvidia.com/networking/display/onieum/ONIE+Commands"
    # the pinned community pages name the commit read
    for sid in ("OR03", "OR04", "OR05", "OR06"):
        assert re.search(r"/blob/[0-9a-f]{40}/", cat.sources[sid].url), sid


def test_every_nvidia_switch_ordering_number_alias_is_stated_by_a_cited_source(cat: Catalogue) -> None:
    """No source, no alias: an MSN… alias of a Spectrum switch appears in a section of one of its sources."""
    found: dict[str, str] = {}
    for d in cat.devices:
        if d.vendor != "NVIDIA" or not (d.series or "").startswith("Spectrum"):
            continue
        for alias in d.aliases:
            if re.fullmatch(r"MSN\d{4}[A-Z]?(-[A-Z0-9]+)?", alias):
                sections = " ".join(cat.sources[s].section for s in d.sources)
                assert re.search(rf"\b{re.escape(alias)}\b", sections), (d.model, alias)
                found[alias] = d.model
    assert found == {n: model for n, (model, _) in ORDERING_NUMBERS.items()}


def test_the_sn3700c_number_is_not_the_sn3700(cat: Catalogue) -> None:
    """MSN3700-CSBFO begins with MSN3700 but the EEPROM's product name is MSN3700C (OR02): the 100GbE
    SN3700C with 32 x QSFP28, not the 200GbE SN3700."""
    [switch] = _named(cat, "MSN3700-CSBFO")
    assert [(c.form_factor, c.count, c.speeds_gbps) for c in switch.cages] == [("QSFP28", 32, [100])]
