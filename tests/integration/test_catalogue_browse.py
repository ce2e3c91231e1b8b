"""Browsing the seeded catalogue through the repository: counts equal the validated seed, keyset
paging returns every part exactly once in part-number order, and every name a user may type (OPN,
vendor ordering code, model, form-factor spelling, NetBox slug) resolves to the one node it names."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from neo4j import Driver

from seed.catalogue import Catalogue, load_catalogue
from seed.loader import catalogue_rows
from service.config import Settings
from service.errors import UnknownDeviceError, UnknownFormFactorError, UnknownPartError
from service.persistence.repository import Neo4jRepository


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _walk(repo: Neo4jRepository, page: int, **where: Any) -> tuple[list[str], set[int]]:
    """All part numbers, page by page, and every total the pages reported."""
    filt = {"kind": None, "vendor": None, "family": None, "protocol": None, **where}
    seen: list[str] = []
    totals: set[int] = set()
    after: str | None = None
    while True:
        items, total = repo.parts_page(after=after, limit=page, **filt)
        totals.add(total)
        seen += [p.part_number or "" for p in items]
        if len(items) < page:
            return seen, totals
        after = items[-1].part_number


class TestCounts:
    def test_stats_equal_the_validated_seed(self, repo: Neo4jRepository, cat: Catalogue) -> None:
        s = repo.stats()
        assert (s["generations"], s["pmds"], s["parts"], s["devices"], s["sources"]) == (
            len(cat.generations),
            len(cat.pmds),
            len(cat.parts),
            len(cat.devices),
            len(cat.sources),
        )
        assert (s["formFactors"], s["fiberTypes"], s["connectors"]) == (
            len(cat.form_factors),
            len(cat.fiber_types),
            len(cat.connectors),
        )
        assert s["aliases"] == len({r["key"] for r in catalogue_rows(cat)["aliases"]})
        assert s["partsByKind"] == dict(Counter(p.kind.value for p in cat.parts))
        assert s["devicesByType"] == dict(Counter(d.device_type.value for d in cat.devices))
        assert s["sourcesByKind"] == dict(Counter(x.kind.value for x in cat.sources.values()))
        assert s["generationsByFamily"] == {"Ethernet": 9, "InfiniBand": 9}  # 1G, 10G, 25G, 40G, 50G … 800G

    def test_primary_share_counts_fact_rows_citing_a_standard_or_vendor_document(
        self, repo: Neo4jRepository, cat: Catalogue
    ) -> None:
        rows = cat.fact_rows()
        primary = sum(1 for _, ids in rows if cat.primary_backed(ids))
        s = repo.stats()
        assert (s["facts"], s["primaryFacts"]) == (len(rows), primary)
        assert s["primaryShare"] == pytest.approx(primary / len(rows))
        assert 0.8 < s["primaryShare"] < 1.0  # some rows rest on secondary sources only, and say so

    def test_devices_by_type_match_the_seed(self, repo: Neo4jRepository, cat: Catalogue) -> None:
        assert [d.model for d in repo.devices("dpu")] == sorted(
            d.model for d in cat.devices if d.device_type.value == "dpu"
        )
        assert len(repo.devices()) == len(cat.devices) >= 25

    def test_browsing_lists_return_every_row_of_their_kind(self, repo: Neo4jRepository, cat: Catalogue) -> None:
        assert [g.name for g in repo.generations() if g.family.value == "InfiniBand"] == [
            "SDR",
            "DDR",
            "QDR",
            "FDR10",
            "FDR",
            "EDR",
            "HDR",
            "NDR",
            "XDR",
        ]
        assert {p.name for p in repo.pmds()} == {p.name for p in cat.pmds}
        assert {f.name for f in repo.form_factors()} == {f.name for f in cat.form_factors}
        assert [f.name for f in repo.fiber_types()] == [
            "Cat5e",  # twisted-pair copper grades (1000BASE-T) sort first by name
            "Cat6",
            "OM1",
            "OM2",
            "OM3",
            "OM4",
            "OM5",
            "OS1a",
            "OS2",
        ]
        assert {c.id for c in repo.connectors()} == {c.id for c in cat.connectors}


class TestPaging:
    @pytest.mark.parametrize("page", [1, 7, 50, 1000])
    def test_every_part_exactly_once_in_part_number_order(
        self, repo: Neo4jRepository, cat: Catalogue, page: int
    ) -> None:
        seen, totals = _walk(repo, page)
        assert seen == sorted(p.part_number or "" for p in cat.parts)
        assert totals == {len(cat.parts)}

    @pytest.mark.parametrize(
        ("where", "expect"),
        [
            ({"kind": "cable"}, lambda p: p.kind.value == "cable"),
            ({"protocol": "InfiniBand"}, lambda p: "InfiniBand" in [x.value for x in p.protocols]),
            ({"vendor": "nvidia"}, lambda p: p.vendor == "NVIDIA"),
            ({"family": "MCP7Y00"}, lambda p: p.family == "MCP7Y00"),
        ],
    )
    def test_filtered_paging_returns_exactly_the_matching_parts(
        self, repo: Neo4jRepository, cat: Catalogue, where: dict[str, str], expect: Any
    ) -> None:
        seen, totals = _walk(repo, 9, **where)
        wanted = sorted(p.part_number or "" for p in cat.parts if expect(p))
        assert wanted and seen == wanted
        assert totals == {len(wanted)}

    def test_the_mcp7y00_family_pages_its_five_lengths(self, repo: Neo4jRepository) -> None:
        """C13: MCP7Y00 lengths 1, 1.5, 2, 2.5 and 3 m (NVIDIA MCP7Y00 ordering information)."""
        items, total = repo.parts_page(kind=None, vendor=None, family="MCP7Y00", protocol=None, after=None, limit=10)
        assert total == 5
        assert [(p.part_number, getattr(p, "length_m", None)) for p in items] == [
            ("MCP7Y00-N001", 1.0),
            ("MCP7Y00-N002", 2.0),
            ("MCP7Y00-N003", 3.0),
            ("MCP7Y00-N01A", 1.5),
            ("MCP7Y00-N02A", 2.5),
        ]


class TestNamesUsersType:
    @pytest.mark.parametrize(
        ("typed", "name"),
        [
            ("SFP+", "SFP+"),
            ("SFPP", "SFP+"),
            ("sfp-plus", "SFP+"),
            ("sfp plus", "SFP+"),
            ("10gbase-x-sfpp", "SFP+"),
            ("400gbase-x-osfp", "OSFP"),
            ("qsfp-dd800", "QSFP-DD"),
            ("100gbase-x-qsfp28", "QSFP28"),
        ],
    )
    def test_form_factor_spellings_and_netbox_slugs(self, repo: Neo4jRepository, typed: str, name: str) -> None:
        assert repo.form_factor(typed).name == name

    @pytest.mark.parametrize(
        ("typed", "number"),
        [
            ("980-9I924-00N002", "MCP7Y00-N002"),  # NVIDIA ordering PN (N11)
            ("mcp7y00-n002", "MCP7Y00-N002"),
            ("980-9I510-00NS00", "MMA4Z00-NS"),  # QM97xx manual transceiver table (N08)
            ("MCP7Y00-N002", "MCP7Y00-N002"),
        ],
    )
    def test_part_numbers_and_vendor_ordering_codes(self, repo: Neo4jRepository, typed: str, number: str) -> None:
        assert repo.part(typed).part_number == number

    @pytest.mark.parametrize(
        ("typed", "model"),
        [
            ("QM9700", "MQM9700-NS2F"),
            ("Quantum-2 QM9700", "MQM9700-NS2F"),
            ("900-9D3B4-00CC-E", "B3210L"),
            ("ConnectX-7 OSFP", "MCX75310AAS-NEAT"),
        ],
    )
    def test_device_models_and_names(self, repo: Neo4jRepository, typed: str, model: str) -> None:
        assert repo.device(typed).model == model

    def test_every_alias_of_a_part_points_at_one_node(self, seeded: Driver, settings: Settings) -> None:
        rec = seeded.execute_query(
            "MATCH (a:Alias)-[:ALIAS_OF]->(n:Part) WHERE a.key IN $keys "
            "RETURN count(DISTINCT a) AS aliases, collect(DISTINCT n.partNumber) AS parts",
            keys=["part:mcp7y00-n002", "part:980-9i924-00n002"],
            database_=settings.neo4j_database,
        ).records[0]
        assert (rec["aliases"], rec["parts"]) == (2, ["MCP7Y00-N002"])

    def test_every_alias_node_has_exactly_one_target(self, seeded: Driver, settings: Settings) -> None:
        rec = seeded.execute_query(
            "MATCH (a:Alias) OPTIONAL MATCH (a)-[r:ALIAS_OF]->() WITH a, count(r) AS n "
            "RETURN count(a) AS aliases, sum(CASE WHEN n = 1 THEN 1 ELSE 0 END) AS single",
            database_=settings.neo4j_database,
        ).records[0]
        assert rec["aliases"] == rec["single"] > 0

    def test_unknown_names_raise_with_suggestions(self, repo: Neo4jRepository) -> None:
        with pytest.raises(UnknownPartError) as part:
            repo.part("MCP7Y00-N004")
        assert "MCP7Y00-N001" in part.value.suggestions or "MCP7Y00-N003" in part.value.suggestions
        with pytest.raises(UnknownFormFactorError):
            repo.form_factor("QSFP-XL")
        with pytest.raises(UnknownDeviceError):
            repo.device("QM9999")
