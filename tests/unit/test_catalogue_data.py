"""The shipped catalogue, checked as data (no database): every fact cites an existing source, the
Done-when minimums of issue 3 hold, reach never beats a PMD, lengths stay within their family's
documented limit, names are unique and resolve, and secondary-only facts are flagged.

A failure here names the row, so a bad seed edit fails the build before any Neo4j is started.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, FiberCable, Protocol, Transceiver


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _cited(cat: Catalogue) -> Iterator[tuple[str, list[str]]]:
    """Every fact that carries its own sources, as (where, source ids)."""
    for g in cat.generations:
        yield f"generation {g.id}", g.sources
        for m in g.narrow_modes:
            yield f"generation {g.id} narrow mode {m.name}", m.sources
    for f in cat.fiber_types:
        yield f"fiber type {f.name}", f.sources
    for c in cat.connectors:
        yield f"connector {c.id}", c.sources
    for ff in cat.form_factors:
        yield f"form factor {ff.name}", ff.sources
        for fit in ff.fits_in:
            yield f"fit {ff.name} in {fit.cage}", fit.sources
    for p in cat.pmds:
        yield f"PMD {p.name}", p.sources
        for r in p.reach:
            yield f"PMD {p.name} reach over {r.fiber}", r.sources
    for part in cat.parts:
        yield f"part {part.part_number}", part.sources
        for r in getattr(part, "reach", []):
            yield f"part {part.part_number} reach over {r.fiber}", r.sources
    for d in cat.devices:
        yield f"device {d.model}", d.sources
        for cage in d.cages:
            yield f"device {d.model} cage {cage.id}", cage.sources


class TestEveryFactIsSourced:
    def test_every_row_reach_fit_and_cage_cites_at_least_one_existing_source(self, cat: Catalogue) -> None:
        unsourced = [where for where, ids in _cited(cat) if not ids]
        dangling = [(where, i) for where, ids in _cited(cat) for i in ids if i not in cat.sources]
        assert unsourced == []
        assert dangling == []

    def test_the_walk_covers_every_kind_of_fact(self, cat: Catalogue) -> None:
        kinds = {where.split(" ")[0] for where, _ in _cited(cat)}
        assert kinds == {"generation", "fiber", "connector", "form", "fit", "PMD", "part", "device"}
        assert sum(1 for where, _ in _cited(cat) if " cage " in where) == sum(len(d.cages) for d in cat.devices)

    def test_every_source_has_a_url_title_and_kind(self, cat: Catalogue) -> None:
        for s in cat.sources.values():
            assert s.url.startswith(("http://", "https://")), s.id
            assert s.title and s.kind.value in {"standard", "vendor", "secondary"}


class TestDoneWhenMinimums:
    """Issue 3, Done when: ≥ 9 InfiniBand generations, ≥ 30 Ethernet PMDs, ≥ 150 orderable part
    numbers (length variants count), ≥ 25 device models."""

    def test_nine_infiniband_generations_sdr_to_xdr(self, cat: Catalogue) -> None:
        ib = [g.name for g in sorted(cat.generations, key=lambda g: g.order) if g.family is Protocol.INFINIBAND]
        assert ib == ["SDR", "DDR", "QDR", "FDR10", "FDR", "EDR", "HDR", "NDR", "XDR"]

    def test_at_least_thirty_ethernet_pmds_including_the_issue_list(self, cat: Catalogue) -> None:
        eth = {p.name for p in cat.pmds if p.family is Protocol.ETHERNET}
        assert len(eth) >= 30
        assert {
            "1000BASE-SX",
            "1000BASE-LX",
            "10GBASE-SR",
            "10GBASE-LR",
            "10GBASE-ER",
            "10GBASE-LRM",
            "25GBASE-SR",
            "25GBASE-LR",
            "40GBASE-SR4",
            "40GBASE-LR4",
            "100GBASE-SR4",
            "100GBASE-SR10",
            "100GBASE-LR4",
            "100G-CWDM4",
            "100GBASE-DR",
            "100GBASE-FR1",
            "200GBASE-SR4",
            "200GBASE-DR4",
            "200GBASE-FR4",
            "400GBASE-SR8",
            "400GBASE-SR4.2",
            "400GBASE-DR4",
            "400GBASE-FR4",
            "800GBASE-SR8",
            "800GBASE-DR8",
        } <= eth

    def test_at_least_150_orderable_part_numbers(self, cat: Catalogue) -> None:
        assert len({p.part_number for p in cat.parts}) == len(cat.parts) >= 150

    def test_at_least_25_device_models(self, cat: Catalogue) -> None:
        assert len({d.model for d in cat.devices}) == len(cat.devices) >= 25

    def test_part_numbers_other_engineers_depend_on_are_still_there(self, cat: Catalogue) -> None:
        numbers = {p.part_number for p in cat.parts}
        assert {
            "MMA4Z00-NS",
            "MMA4Z00-NS400",
            "MMS4X00-NS",
            "MMS4X00-NS400",
            "MFP7E10-N030",
            "MFP7E30-N030",
            "MCP7Y00-N002",
            "MCP4Y10-N002",
            "SFP-10G-SR",
            "FTLX8574D3BCL",
            "FTLX1471D3BCL",
            "SFP-10G-LR",
            "SFP-10G-ER",
        } <= numbers
        assert {"MQM9700-NS2F", "MCX75310AAS-NEAT"} <= {d.model for d in cat.devices}
        assert {"NDR SR4", "NDR DR4"} <= {p.name for p in cat.pmds}


class TestConsistency:
    def test_no_two_rows_claim_the_same_part_number_or_alias(self, cat: Catalogue) -> None:
        names = [n.casefold() for p in cat.parts for n in [p.part_number or "", *p.aliases]]
        assert len(names) == len(set(names))

    def test_no_part_reach_beats_its_pmds_reach(self, cat: Catalogue) -> None:
        pmd = {p.name: p for p in cat.pmds}
        for part in cat.parts:
            if isinstance(part, Transceiver):
                for r in part.reach:
                    limit = max(x.max_m for n in part.pmds for x in pmd[n].reach if x.fiber == r.fiber)
                    assert r.max_m <= limit, (part.part_number, r.fiber)

    def test_no_cable_is_longer_than_its_familys_documented_limit(self, cat: Catalogue) -> None:
        checked = 0
        for part in cat.parts:
            if isinstance(part, Cable | FiberCable) and part.max_length_m is not None:
                assert part.length_m is not None and part.length_m <= part.max_length_m, part.part_number
                checked += 1
        assert checked >= 40

    def test_pmds_resting_only_on_secondary_sources_are_flagged(self, cat: Catalogue) -> None:
        """Pmd.secondary_only is set exactly where a secondary-only fact sits (the PMD or a reach)."""
        for p in cat.pmds:
            weak = cat.secondary_only(p.sources) or any(cat.secondary_only(r.sources) for r in p.reach)
            if cat.secondary_only(p.sources):
                assert p.secondary_only, p.name
            if p.secondary_only:
                assert weak, p.name
        assert {p.name for p in cat.pmds if p.secondary_only} >= {"XDR DR4", "800GBASE-SR8", "400GBASE-DR4"}

    def test_secondary_only_parts_say_so_in_their_notes(self, cat: Catalogue) -> None:
        """A part whose every source is secondary tells the reader why (the API flags it too)."""
        weak = [p for p in cat.parts if cat.secondary_only(p.sources)]
        assert weak, "the flag would be untested"
        for p in weak:
            assert any("secondary" in n for n in p.notes), p.part_number

    def test_length_variant_ordering_numbers_are_aliases_of_their_length(self, cat: Catalogue) -> None:
        """MCP7Y00 ordering table: legacy PN MCP7Y00-N002 = ordering PN 980-9I924-00N002 (N11)."""
        by_number = {p.part_number: p for p in cat.parts}
        assert by_number["MCP7Y00-N002"].aliases == ["980-9I924-00N002"]
        assert by_number["MCP7Y00-N002-FLT"].aliases == ["980-9I925-00N002"]
        assert by_number["MCP7Y00-N003"].aliases == ["980-9I92N-00N003"]


class TestNamesUsersType:
    @pytest.mark.parametrize(
        ("alias", "form_factor"),
        [
            ("SFPP", "SFP+"),
            ("SFP-plus", "SFP+"),
            ("10gbase-x-sfpp", "SFP+"),
            ("25gbase-x-sfp28", "SFP28"),
            ("40gbase-x-qsfpp", "QSFP+"),
            ("100gbase-x-qsfp28", "QSFP28"),
            ("400gbase-x-qsfpdd", "QSFP-DD"),
            ("400gbase-x-osfp", "OSFP"),
            ("QSFP-DD800", "QSFP-DD"),
        ],
    )
    def test_netbox_slugs_and_spellings_name_one_form_factor(
        self, cat: Catalogue, alias: str, form_factor: str
    ) -> None:
        owners = [f.name for f in cat.form_factors if alias.casefold() in {a.casefold() for a in f.aliases}]
        assert owners == [form_factor]
