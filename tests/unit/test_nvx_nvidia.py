"""NVIDIA (Mellanox) optics and copper added for issue 11 on the nvx branch, checked against the
documents that state them (written out here from those documents, read 2026-12-01, not from the seed):

- NVIDIA's Cumulus Linux 5.12 guide, "DR1 and DR4 Modules" (NX01, vendor): "100GBASE-DR1 modules,
  such as NVIDIA MMS1V70-CM"; "400GBASE-DR4 modules, such as NVIDIA MMS1V00-WM"; the DR4 sits in an
  SN4700 (32x QSFP-DD 400GbE) and breaks out to four DR1s in SN2700s (32x QSFP28 100G);
- a dated snapshot of NVIDIA's LinkX hub (NX02, secondary): ordering numbers, ports, connector, form
  factor, reach and fabrics per transceiver, and the one flat-top MCA4J80 length;
- NVIDIA's product pages for the optics each new variant shares (N05, N06, N17, N20, N22, N37).

The catalogue's length code test (test_nvidia_families.py) does not see these: their part numbers are
transceiver OPNs or 980- ordering numbers.
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, SourceKind, Transceiver


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _part(cat: Catalogue, pn: str) -> Transceiver | Cable:
    found = [p for p in cat.parts if p.part_number == pn]
    assert len(found) == 1, pn
    part = found[0]
    assert isinstance(part, Transceiver | Cable)
    return part


# part -> (form factor, top, ports, rates, PMDs, connector, side, protocols, ordering number, reach)
Row = tuple[str, str | None, int, list[float], list[str], str, str, list[str], str | None, tuple[str, float] | None]
NEW_TRANSCEIVERS: dict[str, Row] = {
    # NX01: 100GBASE-DR1 in SN2700 QSFP28 ports; NX02: QSFP28, LC duplex, 500 m, ETH, 980-9I042-00C000
    "MMS1V70-CM": ("QSFP28", None, 1, [100], ["100GBASE-DR"], "LC/UPC", "any", ["Ethernet"], "980-9I042-00C000", None),
    # NX01: 400GBASE-DR4 in SN4700 QSFP-DD ports; NX02: QSFP-DD, MPO-12/APC, 500 m, ETH
    "MMS1V00-WM": (
        "QSFP-DD",
        None,
        1,
        [400],
        ["400GBASE-DR4"],
        "MPO-12/APC",
        "any",
        ["Ethernet"],
        "980-9I16Y-00W000",
        ("OS2", 500),
    ),
    # N17 (the -T page): QSFP112 SR4, MFP7E10 400G / MFP7E20 200G, 50 m; NX02: ETH only
    "MMA1Z00-NS400-T": (
        "QSFP112",
        None,
        1,
        [400, 200],
        ["400G-SR4"],
        "MPO-12/APC",
        "adapter",
        ["Ethernet"],
        "980-9I693-F4NS00",
        ("OM4", 50),
    ),
    # NX02: QSFP112 SM DR4, "up to 100 m" ordering description, IB/ETH
    "MMS1X00-NS400": (
        "QSFP112",
        None,
        1,
        [400, 200],
        ["NDR DR4", "400G-DR4"],
        "MPO-12/APC",
        "adapter",
        ["InfiniBand", "Ethernet"],
        "980-9I068-00NM00",
        ("OS2", 100),
    ),
    # NX02: flat-top MMS4X00-NS, 2 x 400G, 100 m, IB/ETH
    "MMS4X00-NS-FLT": (
        "OSFP",
        "flat",
        2,
        [400, 200],
        ["NDR DR4", "400G-DR4"],
        "MPO-12/APC",
        "any",
        ["InfiniBand", "Ethernet"],
        "980-9I30I-00NM00",
        ("OS2", 100),
    ),
    # NX02: finned, 2 x 400G, 500 m, ETH only; optics of MMS4X00-NM (N22)
    "MMS4X00-NM-T": (
        "OSFP",
        "finned",
        2,
        [400],
        ["400G-DR4"],
        "MPO-12/APC",
        "switch",
        ["Ethernet"],
        "980-9I30G-F4NM00",
        ("OS2", 500),
    ),
    # NX02: flat-top, 2 x 400G, 500 m, IB/ETH/NVL
    "MMS4X00-NM-HGX": (
        "OSFP",
        "flat",
        2,
        [400],
        ["NDR DR4", "400G-DR4"],
        "MPO-12/APC",
        "any",
        ["InfiniBand", "Ethernet"],
        "980-9I302-00NM00",
        ("OS2", 500),
    ),
    # NX02: RHS, 1 x 800G, 500 m, IB
    "MMS4A20": (
        "OSFP",
        "flat",
        1,
        [800],
        ["XDR DR4"],
        "MPO-12/APC",
        "adapter",
        ["InfiniBand"],
        "980-9IAT0-00XM00",
        ("OS2", 500),
    ),
    # NX02: MMS4C10 RHS/FRO Gen2 (XDR) and IHS/FRO Gen2 (XDR), 2 x 800G, 500 m, IB; loaded by ordering number
    "980-9IAU0-00XM00": (
        "OSFP",
        "flat",
        2,
        [800],
        ["XDR DR4"],
        "MPO-12/APC",
        "any",
        ["InfiniBand"],
        None,
        ("OS2", 500),
    ),
    "980-9IAU0-00XM01": (
        "OSFP",
        "finned",
        2,
        [800],
        ["XDR DR4"],
        "MPO-12/APC",
        "switch",
        ["InfiniBand"],
        None,
        ("OS2", 500),
    ),
}

# existing NVIDIA optics -> the ordering number NX02 gives them (loaded as an alias)
ORDERING_NUMBERS = {
    "MMA1Z00-NS400": "980-9I693-00NS00",
    "MMA4Z00-NS400-T": "980-9I51S-F4NS00",
    "MMA1B00-C100D": "980-9I149-00CS00",
    "MMS4X00-NM": "980-9I30G-00NM00",
    "MMS4X00-NM-FLT": "980-9I301-00NM00",
    "MMS4X50-NM": "980-9I30L-00N000",
    "MMA4Z00-NS-T": "980-9I510-F4NS00",
    "MMS4X00-NS-T": "980-9I30H-F4NM00",
}


class TestNewTransceivers:
    @pytest.mark.parametrize("pn", sorted(NEW_TRANSCEIVERS))
    def test_shape_pmds_and_ordering_number_are_as_the_sources_state(self, cat: Catalogue, pn: str) -> None:
        ff, top, ports, rates, pmds, connector, side, protocols, ordering, reach = NEW_TRANSCEIVERS[pn]
        part = _part(cat, pn)
        assert isinstance(part, Transceiver)
        assert part.vendor == "NVIDIA"
        assert (part.form_factor, part.top_style.value if part.top_style else None, part.ports) == (ff, top, ports)
        assert (part.rates_gbps, part.pmds, part.connector, part.side.value) == (
            [float(r) for r in rates],
            pmds,
            connector,
            side,
        )
        assert [p.value for p in part.protocols] == protocols
        assert part.aliases == ([ordering] if ordering else [])
        assert [(r.fiber, r.max_m) for r in part.reach][:1] == ([(reach[0], float(reach[1]))] if reach else [])

    @pytest.mark.parametrize("pn", sorted(NEW_TRANSCEIVERS))
    def test_every_new_transceiver_cites_the_hub_snapshot_and_says_it_is_secondary(
        self, cat: Catalogue, pn: str
    ) -> None:
        part = _part(cat, pn)
        assert "NX02" in part.sources
        assert "secondary" in " ".join(part.notes)

    def test_the_dr_optics_rest_on_nvidias_cumulus_guide(self, cat: Catalogue) -> None:
        src = cat.sources["NX01"]
        assert src.kind is SourceKind.VENDOR
        assert "Switch-Port-Attributes" in src.url
        assert {pn: "NX01" in _part(cat, pn).sources for pn in ("MMS1V70-CM", "MMS1V00-WM")} == {
            "MMS1V70-CM": True,
            "MMS1V00-WM": True,
        }
        assert cat.sources["NX02"].kind is SourceKind.SECONDARY

    def test_each_new_transceiver_also_rests_on_an_nvidia_document(self, cat: Catalogue) -> None:
        alone = sorted(pn for pn in NEW_TRANSCEIVERS if cat.secondary_only(_part(cat, pn).sources))
        assert alone == []


class TestOrderingNumbersOfLoadedOptics:
    @pytest.mark.parametrize("pn", sorted(ORDERING_NUMBERS))
    def test_the_loaded_optic_carries_its_ordering_number(self, cat: Catalogue, pn: str) -> None:
        part = _part(cat, pn)
        assert part.aliases == [ORDERING_NUMBERS[pn]]
        assert "NX02" in part.sources


class TestHdrAocOrderingNumbers:
    def test_the_snapshot_numbered_lengths_carry_their_ordering_numbers(self, cat: Catalogue) -> None:
        """NX02 lists eight MFS1S00-HxxxV ordering numbers; seven match loaded lengths (the 100 m one,
        980-9I44H-00H100, is beyond the loaded 3-80 m table and is not loaded)."""
        rows = {p.part_number: p for p in cat.parts if isinstance(p, Cable) and p.family == "MFS1S00-H"}
        numbered = {pn: p.aliases for pn, p in rows.items() if p.aliases}
        assert numbered == {
            "MFS1S00-H003V": ["980-9I457-00H003"],
            "MFS1S00-H005V": ["980-9I45D-00H005"],
            "MFS1S00-H010V": ["980-9I45J-00H010"],
            "MFS1S00-H015V": ["980-9I45O-00H015"],
            "MFS1S00-H020V": ["980-9I45T-00H020"],
            "MFS1S00-H030V": ["980-9I440-00H030"],
            "MFS1S00-H050V": ["980-9I447-00H050"],
        }
        for pn, aliases in numbered.items():
            assert aliases[0][-3:] == pn[-4:-1]  # ...-00H003 is MFS1S00-H003V
        names = {n for p in cat.parts for n in [p.part_number, *p.aliases]}
        assert "980-9I44H-00H100" not in names


class TestFlatTopCopper:
    def test_the_flat_top_mca4j80_is_the_one_length_the_snapshot_lists(self, cat: Catalogue) -> None:
        rows = [p for p in cat.parts if isinstance(p, Cable) and p.family == "MCA4J80-FLT"]
        assert {p.part_number: p.length_m for p in rows} == {"980-9I600-00N003": 3.0}
        for p in rows:
            assert (p.end_a.top_style, p.end_b.top_style) == ("flat", "flat")
            assert (p.end_a.ports, p.end_a.rate_gbps, p.cable_type.value) == (2, 800, "ACC")
            assert "NX02" in p.sources

    def test_the_mcp4y10_flat_top_numbers_are_not_loaded(self, cat: Catalogue) -> None:
        """NVIDIA's overview (N10) gives -FLT a flat DGX end and a finned switch end; the snapshot says
        flat to flat: with the ends in doubt, none of the three ordering numbers is a part or alias."""
        names = {n for p in cat.parts for n in [p.part_number, *p.aliases]}
        assert names & {"980-9IA0L-00N00A", "980-9IA0G-00N001", "980-9IA0J-00N002"} == set()
        assert "980-9I601-00N003" not in names  # the snapshot's flat-to-finned MCA4J80, not loaded
