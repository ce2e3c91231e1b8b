"""Fix texts name only things that exist (practitioner case PR08).

A property over every rule that emits a fix: for any chain built from catalogue rows (devices or bare
cages, transceiver pairs over generic fiber, direct-attach cables, at any distance), every fix names
only part numbers, families, PMDs, adapters, devices, form factors and connectors the catalogue
holds, and every PMD a fix proposes is implemented by a catalogue transceiver that fits one of the
link's cages (no 100GBASE-SR10 for QSFP28 cages, no "module that implements both" 100GBASE-LR4 and
100G-CWDM4).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Transceiver
from service.domain.link import Link, ResolvedEnd
from service.rules import RuleContext, best_orientation

from .conftest import Kit

# Things that look like a product or standard name: a hyphenated token with a digit and a capital
# (MMA1T00-HS, 100GBASE-SR10, MPO-12/APC, QSFP-DD, 2xHDR100 has no hyphen and is a split mode).
NAME = re.compile(
    r"(?<![\w/.+-])([A-Za-z0-9+./]*[A-Z][A-Za-z0-9+./]*-[A-Za-z0-9+./-]*\d[A-Za-z0-9+./-]*|"
    r"[A-Za-z0-9+./]*\d[A-Za-z0-9+./]*-[A-Za-z0-9+./-]*[A-Z][A-Za-z0-9+./-]*)"
)


def vocabulary(catalogue: Catalogue) -> set[str]:
    words: set[str] = set()
    for part in catalogue.parts:
        words.update(x for x in (part.part_number, part.family, *part.aliases) if x)
    words.update(p.name for p in catalogue.pmds)
    words.update(f.name for f in catalogue.form_factors)
    words.update(c.id for c in catalogue.connectors)
    words.update(c.type for c in catalogue.connectors)
    for device in catalogue.devices:
        words.update([device.model, *device.aliases])
    return words


def _pmds_named(text: str, ctx: RuleContext) -> list[str]:
    return [n for n in ctx.pmds if re.search(rf"(?<![\w.-]){re.escape(n)}(?![\w.-]|\.\d)", text)]


def _seats(link: Link) -> list[str]:
    out = []
    for end, adapter in ((link.end_a, link.adapter_a), (link.end_b, link.adapter_b)):
        out.append(adapter.accepts if adapter is not None else end.cage.form_factor)
    return out


def assert_fixes_name_only_what_exists(link: Link, kit: Kit, words: set[str]) -> None:
    placed, verdict = best_orientation(link, kit.ctx)
    own = {n for m in (placed.module_a, placed.module_b) if m is not None for n in m.pmds}
    for finding in verdict.findings:
        if not finding.fix:
            continue
        for token in NAME.findall(finding.fix):
            token = token.rstrip(".,;:)")
            # A dual-PMD module's PMDs are written joined ("10GBASE-SR/25GBASE-SR"); MPO-12/APC is one word.
            names = [token] if token in words or token.rstrip("s") in words else token.split("/")
            for name in names:
                assert name in words or name.rstrip("s") in words, f"{finding.code} fix names {token!r}: {finding.fix}"
        for pmd in _pmds_named(finding.fix, kit.ctx):
            if pmd in own:
                continue
            assert any(kit.ctx.modules_for([pmd], [seat]) for seat in _seats(placed)), (
                f"{finding.code} fix offers {pmd}, which no catalogue transceiver implements for "
                f"{'/'.join(_seats(placed))}: {finding.fix}"
            )


@pytest.fixture(scope="module")
def words(catalogue: Catalogue) -> set[str]:
    return vocabulary(catalogue)


def _ends(kit: Kit) -> list[ResolvedEnd]:
    out = [kit.bare(f.name) for f in kit.catalogue.form_factors if f.max_rate_gbps]
    for device in kit.catalogue.devices:
        out.extend(kit.device(device.model, cage.id) for cage in device.cages)
    return out


# The draws are fixed lists read once from the shipped catalogue, so every example replays the same.
_CATALOGUE = load_catalogue()
_BUILDER = Kit(catalogue=_CATALOGUE, ctx=RuleContext())
ENDS = _ends(_BUILDER)
MODULES = sorted(p.part_number for p in _CATALOGUE.parts if isinstance(p, Transceiver) and p.part_number)
CABLES = sorted(p.part_number for p in _CATALOGUE.parts if isinstance(p, Cable) and p.part_number)
GRADES = sorted(f.name for f in _CATALOGUE.fiber_types)
CONNECTORS = {p.part_number: p.connector for p in _CATALOGUE.parts if isinstance(p, Transceiver) and p.part_number}


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    a=st.sampled_from(ENDS),
    b=st.sampled_from(ENDS),
    module_a=st.sampled_from(MODULES),
    module_b=st.sampled_from(MODULES),
    grade=st.sampled_from(GRADES),
    distance=st.sampled_from([1.0, 10.0, 40.0, 150.0, 350.0, 600.0, 3000.0, 15000.0]),
)
def test_optical_fix_texts_name_only_catalogue_things(
    kit: Kit,
    words: set[str],
    a: ResolvedEnd,
    b: ResolvedEnd,
    module_a: str,
    module_b: str,
    grade: str,
    distance: float,
) -> None:
    link = kit.link(
        a,
        b,
        distance,
        module_a=module_a,
        module_b=module_b,
        fibers=[kit.generic(grade, CONNECTORS[module_a], distance, CONNECTORS[module_b])],
    )
    assert_fixes_name_only_what_exists(link, kit, words)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    a=st.sampled_from(ENDS),
    b=st.sampled_from(ENDS),
    cable=st.sampled_from(CABLES),
    distance=st.sampled_from([0.5, 2.0, 5.0, 40.0, 120.0]),
)
def test_cable_fix_texts_name_only_catalogue_things(
    kit: Kit, words: set[str], a: ResolvedEnd, b: ResolvedEnd, cable: str, distance: float
) -> None:
    assert_fixes_name_only_what_exists(kit.link(a, b, distance, cable=cable), kit, words)


def test_the_sr4_reach_fix_offers_no_sr10_in_qsfp28(kit: Kit, words: set[str]) -> None:
    """PR08: 100GBASE-SR4 over 150 m of OM3 between QSFP28 cages exceeds 70 m (IEEE 802.3 cl. 95);
    100GBASE-SR10 reaches 150 m on OM4 but exists only in CXP/CFP (cl. 86): not offered. Cisco's 100G
    PSM4 QSFP28 (500 m over SMF, OX01/OX04) is a longer-reach QSFP28 PMD like DR; 100G-SRBD (100 m
    over OM4 at most) is not longer-reach; 100G-SR1.2 is (150 m over OM5, HU01/HU03)."""
    srs = [
        p.part_number
        for p in kit.catalogue.parts
        if isinstance(p, Transceiver) and p.form_factor == "QSFP28" and p.pmds == ["100GBASE-SR4"]
    ]
    assert srs
    link = kit.link(
        kit.bare("QSFP28"),
        kit.bare("QSFP28"),
        150,
        module_a=srs[0],
        module_b=srs[0],
        fibers=[kit.generic("OM3", kit.module(srs[0]).connector, 150)],
    )
    reach = next(f for f in kit.check(link).findings if f.code == "REACH_EXCEEDED")
    assert reach.limit == 70.0
    # The first SR4 QSFP28 by part number is Alcatel-Lucent Enterprise's QSFP-100G-SR4: each PMD's example
    # is that vendor's own module where it lists one (QSFP-100G-CWDM4; QSFP-100G-LR4, before QSFP-100G-CLR4
    # by the longer prefix shared with QSFP-100G-SR4); for PSM4, DR, FR1 and LR1, which it does not list,
    # any MSA-compliant module at the PMD's reach, never another vendor's part.
    assert reach.fix == (
        # 100G-SR1.2 reaches 150 m over OM5 (HU01, HU03): a longer reach, on OM5 fiber
        "use transceivers of a longer-reach PMD: 100G-SR1.2 (150 m over OM5 instead of OM3, any MSA-compliant "
        "100G-SR1.2 QSFP28), "
        "100G-PSM4 (500 m over OS2 instead of OM3, any MSA-compliant 100G-PSM4 QSFP28), "
        "100GBASE-DR (500 m over OS2 instead of OM3, any MSA-compliant 100GBASE-DR QSFP28), "
        "100G-CWDM4 (2000 m over OS2 instead of OM3, e.g. QSFP-100G-CWDM4), "
        "100GBASE-FR1 (2000 m over OS2 instead of OM3, any MSA-compliant 100GBASE-FR1 QSFP28), "
        "100GBASE-LR1 (10000 m over OS2 instead of OM3, any MSA-compliant 100GBASE-LR1 QSFP28) or 100GBASE-LR4 (10000 "
        "m over OS2 instead of OM3, "
        "e.g. QSFP-100G-LR4)"
    )
    assert_fixes_name_only_what_exists(link, kit, words)


def test_the_lr4_against_cwdm4_fix_offers_no_module_that_implements_both(kit: Kit, words: set[str]) -> None:
    """PR08: a 100GBASE-LR4 module facing a 100G-CWDM4 module: PMD_MISMATCH; no catalogue module
    implements both (CWDM4 MSA; IEEE 802.3 cl. 88), so the fix names none."""
    qsfp28 = [p for p in kit.catalogue.parts if isinstance(p, Transceiver) and p.form_factor == "QSFP28"]
    lr4 = next(p.part_number for p in qsfp28 if p.pmds == ["100GBASE-LR4"])
    cwdm4 = next(p.part_number for p in qsfp28 if p.pmds == ["100G-CWDM4"])
    assert lr4 and cwdm4
    link = kit.link(
        kit.bare("QSFP28"),
        kit.bare("QSFP28"),
        500,
        module_a=lr4,
        module_b=cwdm4,
        fibers=[kit.generic("OS2", "LC/UPC", 500)],
    )
    pmd = next(f for f in kit.check(link).findings if f.code == "PMD_MISMATCH")
    assert pmd.fix == "use transceivers of one PMD at both ends (100GBASE-LR4 or 100G-CWDM4)"
    assert_fixes_name_only_what_exists(link, kit, words)


def _ndr_sr4_switch_to_cx7(kit: Kit, distance_m: float) -> Link:
    """QM9700 [MMA4Z00-NS] ══ OM4 ══ [MMA4Z00-NS400] ConnectX-7 OSFP (NDR SR4: 50 m over OM4, N01)."""
    return kit.link(
        kit.device("QM9700"),
        kit.device("MCX75310AAS-NEAT"),
        distance_m,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS400",
        fibers=[kit.generic("OM4", "MPO-12/APC", distance_m)],
    )


def test_the_reach_fix_names_a_module_that_fits_each_end(kit: Kit, words: set[str]) -> None:
    """The trial: the fix named MMS4X00-NM (twin-port, finned, switch side) as the example for the
    ConnectX-7 end too, and NDR DR4 at its 500 m switch-to-switch reach. The adapter end takes only
    the flat-top single-port MMS4X00-NS400, which reaches 100 m (N05, N22)."""
    reach = next(f for f in kit.check(_ndr_sr4_switch_to_cx7(kit, 80)).findings if f.code == "REACH_EXCEEDED")
    assert reach.fix == (
        "use transceivers of a longer-reach PMD: NDR DR4 (100 m over OS2 instead of OM4, e.g. MMS4X00-NM in "
        "MQM9700-NS2F "
        "and MMS4X00-NS400 in MCX75310AAS-NEAT)"
    )
    assert_fixes_name_only_what_exists(_ndr_sr4_switch_to_cx7(kit, 80), kit, words)


def test_no_longer_reach_pmd_is_offered_when_no_module_pair_reaches(kit: Kit) -> None:
    """At 200 m no catalogue optic pair reaches from a QM9700 to a ConnectX-7 OSFP: NDR DR4 stops at
    the adapter module's 100 m, and no adapter-side NDR FR4 module exists."""
    reach = next(f for f in kit.check(_ndr_sr4_switch_to_cx7(kit, 200)).findings if f.code == "REACH_EXCEEDED")
    assert reach.fix == "shorten the run, or use another medium"


def test_switch_to_switch_still_offers_the_twin_port_long_reach_optics(kit: Kit) -> None:
    link = kit.link(
        kit.device("QM9700"),
        kit.device("QM9700"),
        200,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS",
        fibers=[kit.generic("OM4", "MPO-12/APC", 200)],
    )
    reach = next(f for f in kit.check(link).findings if f.code == "REACH_EXCEEDED")
    assert reach.fix == (
        "use transceivers of a longer-reach PMD: NDR DR4 (500 m over OS2 instead of OM4, e.g. MMS4X00-NM) or NDR FR4 "
        "(2000 m over OS2 instead of OM4, e.g. MMS4X50-NM)"
    )


def test_an_hdr_dac_in_an_edr_qsfp28_cage_notes_the_rate_the_cage_runs(kit: Kit, words: set[str]) -> None:
    """The trial: MCP1650-H001E30 (HDR QSFP56 DAC, 200 Gb/s) between two ConnectX-4 MCX455A-ECAT
    QSFP28 cages was refused with no word on what fits; the fix now says the cage runs up to
    100 Gb/s (EDR / 100GbE) and the DAC 200 Gb/s."""
    link = kit.link(kit.device("MCX455A-ECAT"), kit.device("MCX455A-ECAT"), 1, cable="MCP1650-H001E30")
    fits = [f for f in kit.check(link).findings if f.code == "FORM_FACTOR_MISMATCH"]
    assert [f.fix for f in fits] == [
        "use a QSFP+ or QSFP28 part in MCX455A-ECAT (its cage runs up to 100 Gb/s; MCP1650-H001E30 end A "
        "runs 200 Gb/s)",
        "use a QSFP+ or QSFP28 part in MCX455A-ECAT (its cage runs up to 100 Gb/s; MCP1650-H001E30 end B "
        "runs 200 Gb/s)",
    ]
    assert_fixes_name_only_what_exists(link, kit, words)
