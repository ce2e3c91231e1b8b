"""Catalogue browsing over HTTP/GraphQL: cursor paging returns every part exactly once in a stable
order (with and without filters), out-of-range `first` and foreign cursors are typed errors,
catalogueStats equals the validated seed, names resolve through aliases, and answers that rest on
secondary-only facts say so."""

from __future__ import annotations

import base64
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from seed.catalogue import Catalogue, load_catalogue
from seed.loader import catalogue_rows

Gql = Callable[..., dict[str, Any]]

PAGE = """
query ($first: Int!, $after: String, $where: PartFilter) {
  parts(first: $first, after: $after, where: $where) {
    __typename
    ... on PartConnection { totalCount edges { cursor node { partNumber } } pageInfo { hasNextPage endCursor } }
    ... on ValidationError { code field message }
  }
}
"""


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _data(body: dict[str, Any]) -> dict[str, Any]:
    assert "errors" not in body, body.get("errors")
    data: dict[str, Any] = body["data"]
    return data


def _walk(gql: Gql, first: int, where: dict[str, Any] | None = None) -> tuple[list[str], set[int], int]:
    """Every part number over all pages, the totals reported, and the number of pages."""
    seen: list[str] = []
    totals: set[int] = set()
    after = None
    pages = 0
    while True:
        conn = _data(gql(PAGE, {"first": first, "after": after, "where": where}))["parts"]
        assert conn["__typename"] == "PartConnection"
        pages += 1
        totals.add(conn["totalCount"])
        seen += [e["node"]["partNumber"] for e in conn["edges"]]
        assert [e["cursor"] for e in conn["edges"]][-1:] == ([conn["pageInfo"]["endCursor"]] if conn["edges"] else [])
        if not conn["pageInfo"]["hasNextPage"]:
            return seen, totals, pages
        after = conn["pageInfo"]["endCursor"]


class TestPaging:
    def test_small_pages_return_every_part_exactly_once_in_part_number_order(self, gql: Gql, cat: Catalogue) -> None:
        seen, totals, pages = _walk(gql, 11)
        expected = sorted(p.part_number or "" for p in cat.parts)
        assert seen == expected
        assert len(set(seen)) == len(seen) == len(cat.parts)
        assert totals == {len(cat.parts)}
        assert pages == -(-len(cat.parts) // 11)

    def test_paging_twice_gives_the_same_order(self, gql: Gql) -> None:
        assert _walk(gql, 25)[0] == _walk(gql, 25)[0]

    @pytest.mark.parametrize(
        ("where", "keep"),
        [
            ({"kind": "fiber_cable"}, lambda p: p.kind.value == "fiber_cable"),
            (
                {"kind": "cable", "protocol": "INFINIBAND"},
                lambda p: p.kind.value == "cable" and "InfiniBand" in [x.value for x in p.protocols],
            ),
            ({"vendor": "Cisco"}, lambda p: p.vendor == "Cisco"),
            ({"family": "MCP2M00-A"}, lambda p: p.family == "MCP2M00-A"),
        ],
    )
    def test_filtered_pages_return_exactly_the_matching_parts(
        self, gql: Gql, cat: Catalogue, where: dict[str, Any], keep: Any
    ) -> None:
        seen, totals, _ = _walk(gql, 4, where)
        expected = sorted(p.part_number or "" for p in cat.parts if keep(p))
        assert expected and seen == expected
        assert totals == {len(expected)}

    @pytest.mark.parametrize("first", [0, -1, 201])
    def test_first_outside_1_to_max_page_size_is_a_validation_error(self, gql: Gql, first: int) -> None:
        """settings.max_page_size defaults to 200."""
        res = _data(gql(PAGE, {"first": first}))["parts"]
        assert res["__typename"] == "ValidationError"
        assert (res["code"], res["field"]) == ("VALIDATION_ERROR", "first")
        assert "200" in res["message"]

    def test_the_maximum_page_size_itself_is_allowed(self, gql: Gql, cat: Catalogue) -> None:
        res = _data(gql(PAGE, {"first": 200}))["parts"]
        assert res["__typename"] == "PartConnection"
        assert len(res["edges"]) == min(200, len(cat.parts))

    @pytest.mark.parametrize(
        "cursor",
        [
            "not a cursor!",
            base64.urlsafe_b64encode(b"device:QM9700").decode(),
            base64.urlsafe_b64encode(b"part:").decode(),
            base64.urlsafe_b64encode(b"\xff\xfe").decode(),
        ],
    )
    def test_a_cursor_this_api_did_not_issue_is_a_validation_error(self, gql: Gql, cursor: str) -> None:
        res = _data(gql(PAGE, {"first": 5, "after": cursor}))["parts"]
        assert res["__typename"] == "ValidationError"
        assert res["field"] == "after"


class TestStats:
    QUERY = """{ catalogueStats { generations pmds parts devices sources formFactors fiberTypes connectors aliases
        generationsByFamily { kind count } pmdsByFamily { kind count } partsByKind { kind count }
        devicesByType { kind count } sourcesByKind { kind count } facts primaryFacts primaryShare } }"""

    def test_counts_per_kind_equal_the_validated_seed(self, gql: Gql, cat: Catalogue) -> None:
        s = _data(gql(self.QUERY))["catalogueStats"]

        def pairs(counter: Counter[str]) -> list[dict[str, Any]]:
            return [{"kind": k, "count": v} for k, v in sorted(counter.items())]

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
        assert s["generationsByFamily"] == pairs(Counter(g.family.value for g in cat.generations))
        assert s["pmdsByFamily"] == pairs(Counter(p.family.value for p in cat.pmds))
        assert s["partsByKind"] == pairs(Counter(p.kind.value for p in cat.parts))
        assert s["devicesByType"] == pairs(Counter(d.device_type.value for d in cat.devices))
        assert s["sourcesByKind"] == pairs(Counter(x.kind.value for x in cat.sources.values()))

    def test_done_when_minimums_hold_in_the_served_catalogue(self, gql: Gql) -> None:
        """Issue 3: ≥ 9 InfiniBand generations, ≥ 30 Ethernet PMDs, ≥ 150 parts, ≥ 25 device models."""
        s = _data(gql(self.QUERY))["catalogueStats"]
        gens = {x["kind"]: x["count"] for x in s["generationsByFamily"]}
        pmds = {x["kind"]: x["count"] for x in s["pmdsByFamily"]}
        assert gens["InfiniBand"] >= 9 and pmds["Ethernet"] >= 30
        assert s["parts"] >= 150 and s["devices"] >= 25

    def test_primary_share_is_primary_fact_rows_over_all_fact_rows(self, gql: Gql, cat: Catalogue) -> None:
        s = _data(gql(self.QUERY))["catalogueStats"]
        rows = cat.fact_rows()
        primary = sum(1 for _, ids in rows if cat.primary_backed(ids))
        assert (s["facts"], s["primaryFacts"]) == (len(rows), primary)
        assert s["primaryShare"] == pytest.approx(primary / len(rows))


class TestNodesAndNames:
    def test_a_vendor_ordering_number_resolves_to_its_part_with_sources(self, gql: Gql) -> None:
        """NVIDIA MCP7Y00 ordering information: legacy PN MCP7Y00-N002 = 980-9I924-00N002, 2 m (N11)."""
        part = _data(
            gql("""{ part(partNumber: "980-9I924-00N002") { __typename ... on Part {
            partNumber aliases lengthM cableType secondaryOnly sources { id kind primary url } } } }""")
        )["part"]
        assert (part["__typename"], part["partNumber"], part["lengthM"], part["cableType"]) == (
            "Part",
            "MCP7Y00-N002",
            2.0,
            "DAC",
        )
        assert part["aliases"] == ["980-9I924-00N002"]
        assert "N11" in {s["id"] for s in part["sources"]}
        assert part["secondaryOnly"] is False

    def test_a_part_resting_only_on_secondary_sources_is_flagged(self, gql: Gql) -> None:
        part = _data(
            gql("""{ part(partNumber: "MCP1700-B002") { ... on Part {
            secondaryOnly sources { kind primary } } } }""")
        )["part"]
        assert part["secondaryOnly"] is True
        assert {s["kind"] for s in part["sources"]} == {"SECONDARY"}

    def test_an_unknown_part_is_a_not_found_error_with_suggestions(self, gql: Gql) -> None:
        res = _data(
            gql("""{ part(partNumber: "MCP7Y00-N004") { __typename
            ... on NotFoundError { code suggestions } } }""")
        )["part"]
        assert res["__typename"] == "NotFoundError" and res["code"] == "UNKNOWN_PART"
        assert any(s.startswith("MCP7Y00-") for s in res["suggestions"])

    @pytest.mark.parametrize("typed", ["SFP+", "SFPP", "sfp-plus", "10gbase-x-sfpp"])
    def test_form_factor_spellings_name_sfp_plus(self, gql: Gql, typed: str) -> None:
        ff = _data(
            gql(
                "query ($n: String!) { formFactor(name: $n) { ... on FormFactor { name aliases "
                "fits { cage secondaryOnly sources { id } } } } }",
                {"n": typed},
            )
        )["formFactor"]
        assert ff["name"] == "SFP+"
        assert {"SFPP", "10gbase-x-sfpp"} <= set(ff["aliases"])
        assert [(f["cage"], f["secondaryOnly"]) for f in ff["fits"]] == [("SFP28", False)]

    def test_c09_the_qm9700_by_its_short_name(self, gql: Gql) -> None:
        """C09: 64 NDR ports in 32 OSFP cages, 2 logical ports per cage (QM97x0 manual; Linux commit 9045512ca6cd)."""
        dev = _data(
            gql("""{ device(name: "QM9700") { ... on Device { model logicalPorts secondaryOnly
            cages { formFactor count logicalPortsPerCage sources { id } } } } }""")
        )["device"]
        assert (dev["model"], dev["logicalPorts"], dev["secondaryOnly"]) == ("MQM9700-NS2F", 64, False)
        assert [(c["formFactor"], c["count"], c["logicalPortsPerCage"]) for c in dev["cages"]] == [("OSFP", 32, 2)]

    def test_every_browsing_list_exposes_sources(self, gql: Gql, cat: Catalogue) -> None:
        data = _data(
            gql("""{ generations { name sources { id } secondaryOnly }
            pmds { name secondaryOnly sources { id } reach { fiber sources { id } secondaryOnly } }
            formFactors { name sources { id } } fiberTypes { name sources { id } } connectors { id sources { id } }
            devices { model sources { id } cages { sources { id } } } }""")
        )
        for kind in ("generations", "pmds", "formFactors", "fiberTypes", "connectors", "devices"):
            assert data[kind] and all(row["sources"] for row in data[kind]), kind
        assert len(data["devices"]) == len(cat.devices)
        sr = next(p for p in data["pmds"] if p["name"] == "10GBASE-SR")
        flags = {r["fiber"]: r["secondaryOnly"] for r in sr["reach"]}
        assert flags == {"OM1": False, "OM2": False, "OM3": False, "OM4": False, "OM5": True}
        assert {g["name"]: g["secondaryOnly"] for g in data["generations"]}["SDR"] is True


class TestSecondaryAnswersSaySo:
    QUERY = """query ($d: Float!) { linkOptions(spec: {rateGbps: 10, distanceM: $d, protocol: ETHERNET,
        a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}}) {
        __typename ... on LinkOptions { options { pmd fiberType reachM secondary limitingSources { id kind } } } } }"""

    def test_an_option_limited_by_a_secondary_only_reach_is_marked_secondary(self, gql: Gql) -> None:
        """10GBASE-SR over OM5 (400 m) rests on one secondary source (BICSI ICT Today); OM4 (400 m) and
        OM3 (300 m) on IEEE-derived vendor tables (Ethernet Alliance, Trellix, Finisar)."""
        res = _data(gql(self.QUERY, {"d": 250}))["linkOptions"]
        assert res["__typename"] == "LinkOptions"
        by_fiber = {(o["pmd"], o["fiberType"]): o for o in res["options"]}
        om5, om4, om3 = (by_fiber[("10GBASE-SR", f)] for f in ("OM5", "OM4", "OM3"))
        assert om5["secondary"] is True and {s["kind"] for s in om5["limitingSources"]} == {"SECONDARY"}
        assert om4["secondary"] is False and om3["secondary"] is False
        assert om3["reachM"] == 300.0
