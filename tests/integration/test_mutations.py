"""Catalogue edits over GraphQL: authorised, validated like the seed, all or nothing, audited, idempotent.

Edits change the catalogue, so this module runs on its OWN throwaway local Neo4j (seeded), never on
the session's shared database that other tests read exact values from.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from neo4j import Driver, GraphDatabase

from service.app import create_app
from service.auth import hash_key
from service.config import Environment, Settings, get_settings

ROOT = Path(__file__).resolve().parents[2]
KEY = "test-editor-key-7f3a9c"
HEADERS = {"Authorization": f"Bearer {KEY}"}

NEW_SOURCE = {
    "id": "T-EDIT-1",
    "url": "https://example.com/datasheets/fg-sr-10g.pdf",
    "title": "FG-SR-10G datasheet (test fixture)",
    "section": "Table 2",
    "kind": "VENDOR",
}
NEW_PART: dict[str, Any] = {
    "kind": "transceiver",
    "part_number": "FG-SR-10G",
    "vendor": "TestVendor",
    "description": "10GBASE-SR SFP+ (test fixture)",
    "protocols": ["Ethernet"],
    "form_factor": "SFP+",
    "rates_gbps": [10],
    "pmds": ["10GBASE-SR"],
    "connector": "LC/UPC",
}

PART_EDIT = """
mutation($row: JSON!, $source: SourceInput!, $editId: String) {
  upsertPart(row: $row, source: $source, editId: $editId) {
    __typename
    ... on PartEdited { edit { id by at operation target sourceId replayed }
                        part { partNumber formFactor pmds sources { id url kind } } }
    ... on ValidationError { code field message }
    ... on NotFoundError { code name suggestions }
    ... on Unauthorized { code message }
  }
}"""

REACH_EDIT = """
mutation($reach: ReachInput!, $source: SourceInput!) {
  upsertPmdReach(reach: $reach, source: $source) {
    __typename
    ... on ReachEdited { edit { by target sourceId } pmd { name reach { fiber maxM sources { id } } } }
    ... on ValidationError { code field message }
    ... on NotFoundError { code name suggestions }
    ... on Unauthorized { code }
  }
}"""

FIT_EDIT = """
mutation($fit: FitInput!, $source: SourceInput!) {
  upsertFormFactorFit(fit: $fit, source: $source) {
    __typename
    ... on FitEdited { edit { target } formFactor { name fitsIn } }
    ... on ValidationError { code field message }
    ... on NotFoundError { code name suggestions }
    ... on Unauthorized { code }
  }
}"""


@pytest.fixture(scope="module")
def scratch_driver() -> Iterator[Driver]:
    """A seeded Neo4j of this module's own (throwaway home, free loopback port)."""
    from seed.loader import seed_database
    from service.persistence.local_server import LocalNeo4j, ensure_jars, free_port

    home = Path(tempfile.mkdtemp(prefix="fabricgraph-edits-neo4j-"))
    server = LocalNeo4j(
        home=home, lib=ensure_jars(ROOT / "neo4j-server"), bolt_port=free_port(), heap="512m", pagecache="64m"
    )
    uri = server.start(timeout_s=180)
    try:
        with GraphDatabase.driver(uri, auth=None) as driver:
            seed_database(driver, "neo4j")
            yield driver
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="module")
def edit_settings(scratch_driver: Driver) -> Settings:
    return get_settings(neo4j_uri="bolt://unused", environment=Environment.TEST, api_keys={"editor": hash_key(KEY)})


@pytest.fixture(scope="module")
def api(scratch_driver: Driver, edit_settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(edit_settings, driver=scratch_driver)) as c:
        yield c


def post(api: TestClient, query: str, variables: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    response = api.post("/graphql", json={"query": query, "variables": variables}, headers=headers or {})
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body
    return body["data"]


def count(driver: Driver, cypher: str, **params: Any) -> int:
    records, _, _ = driver.execute_query(cypher, params, database_="neo4j")
    return int(records[0]["n"])


# --- authorisation -------------------------------------------------------------------------------


def test_a_mutation_without_credentials_is_unauthorized_and_writes_nothing(api: TestClient, scratch_driver: Driver):
    data = post(api, PART_EDIT, {"row": NEW_PART, "source": NEW_SOURCE})
    assert data["upsertPart"] == {
        "__typename": "Unauthorized",
        "code": "UNAUTHORIZED",
        "message": "a valid API key or bearer token is required",
    }
    assert count(scratch_driver, "MATCH (p:Part {partNumber: 'FG-SR-10G'}) RETURN count(p) AS n") == 0
    assert count(scratch_driver, "MATCH (s:Source {id: 'T-EDIT-1'}) RETURN count(s) AS n") == 0


@pytest.mark.parametrize(
    "headers",
    [
        {"Authorization": "Bearer wrong-key"},
        {"X-API-Key": "wrong-key"},
        {"Authorization": f"Basic {KEY}"},  # only the Bearer scheme carries a token
        {"Authorization": "Bearer "},
    ],
)
def test_a_wrong_or_malformed_credential_is_unauthorized(api: TestClient, headers: dict[str, str]):
    for query, variables in [
        (PART_EDIT, {"row": NEW_PART, "source": NEW_SOURCE}),
        (REACH_EDIT, {"reach": {"pmd": "10GBASE-SR", "fiber": "OM4", "maxM": 400}, "source": {"id": "S24"}}),
        (FIT_EDIT, {"fit": {"plug": "SFP", "cage": "SFP+"}, "source": {"id": "S24"}}),
    ]:
        data = post(api, query, variables, headers)
        assert next(iter(data.values()))["__typename"] == "Unauthorized"


def test_the_x_api_key_header_is_accepted_like_a_bearer_token(api: TestClient):
    data = post(
        api,
        REACH_EDIT,
        {"reach": {"pmd": "NO-SUCH-PMD", "fiber": "OM4", "maxM": 1}, "source": {"id": "S24"}},
        {"X-API-Key": KEY},
    )
    assert data["upsertPmdReach"]["__typename"] == "NotFoundError"


# --- a new part on a new source, audited -------------------------------------------------------


def test_adding_a_part_with_a_new_source_writes_part_source_and_audit_in_one_go(
    api: TestClient, scratch_driver: Driver
):
    data = post(api, PART_EDIT, {"row": NEW_PART, "source": NEW_SOURCE, "editId": "edit-new-part-1"}, HEADERS)
    result = data["upsertPart"]
    assert result["__typename"] == "PartEdited"
    assert result["edit"]["id"] == "edit-new-part-1"
    assert result["edit"]["by"] == "editor"
    assert result["edit"]["operation"] == "upsertPart"
    assert result["edit"]["target"] == "FG-SR-10G"
    assert result["edit"]["sourceId"] == "T-EDIT-1"
    assert result["edit"]["replayed"] is False
    assert result["edit"]["at"].endswith("+00:00")
    assert result["part"]["formFactor"] == "SFP+"
    assert result["part"]["sources"] == [{"id": "T-EDIT-1", "url": NEW_SOURCE["url"], "kind": "VENDOR"}]
    # The graph: the part implements the PMD, sits in SFP+, cites the source; the edit points at both.
    assert (
        count(
            scratch_driver,
            """
        MATCH (s:Source {id: 'T-EDIT-1'})<-[:CITES]-(p:Transceiver {partNumber: 'FG-SR-10G'})
              -[:IMPLEMENTS]->(:Pmd {name: '10GBASE-SR'})
        MATCH (p)-[:HAS_FORM_FACTOR]->(:FormFactor {name: 'SFP+'})
        MATCH (e:CatalogueEdit {id: 'edit-new-part-1', by: 'editor'})-[:EDITED]->(p)
        MATCH (e)-[:ON_SOURCE]->(s)
        RETURN count(*) AS n""",
        )
        == 1
    )
    # It is offered: the 10G SR option between two SFP+ cages now lists it among the alternatives.
    options = post(
        api,
        """{ linkOptions(spec: {rateGbps: 10, distanceM: 300, a: {formFactor: "SFP+"},
                                                b: {formFactor: "SFP+"}}) {
        ... on LinkOptions { options { pmd fiberType parts { partNumber alternatives } } } } }""",
        {},
    )
    om3 = [o for o in options["linkOptions"]["options"] if o["pmd"] == "10GBASE-SR" and o["fiberType"] == "OM3"]
    assert om3, "C04 (a): 10GBASE-SR over OM3 serves 300 m"
    named = {n for o in om3 for p in o["parts"] for n in [p["partNumber"], *p["alternatives"]] if n}
    assert "FG-SR-10G" in named


def test_retrying_an_edit_id_is_answered_from_the_record_and_writes_nothing_twice(
    api: TestClient, scratch_driver: Driver
):
    row = {**NEW_PART, "part_number": "FG-SR-10G-B"}
    first = post(api, PART_EDIT, {"row": row, "source": {"id": "S24"}, "editId": "retry-1"}, HEADERS)["upsertPart"]
    again = post(api, PART_EDIT, {"row": row, "source": {"id": "S24"}, "editId": "retry-1"}, HEADERS)["upsertPart"]
    assert first["edit"]["replayed"] is False
    assert again["edit"]["replayed"] is True
    assert again["edit"]["at"] == first["edit"]["at"]
    assert count(scratch_driver, "MATCH (e:CatalogueEdit {id: 'retry-1'}) RETURN count(e) AS n") == 1
    assert count(scratch_driver, "MATCH (p:Part {partNumber: 'FG-SR-10G-B'}) RETURN count(p) AS n") == 1
    other = post(
        api,
        PART_EDIT,
        {"row": {**row, "vendor": "Other"}, "source": {"id": "S24"}, "editId": "retry-1"},
        HEADERS,
    )["upsertPart"]
    assert other["__typename"] == "ValidationError"
    assert other["field"] == "editId"


def test_updating_a_part_replaces_its_facts_instead_of_adding_to_them(api: TestClient, scratch_driver: Driver):
    row = {**NEW_PART, "part_number": "FG-UPD-10G", "aliases": ["FG-UPD-OLD"]}
    assert (
        post(api, PART_EDIT, {"row": row, "source": {"id": "S24"}}, HEADERS)["upsertPart"]["__typename"] == "PartEdited"
    )
    changed = {
        **row,
        "pmds": ["10GBASE-LR"],
        "aliases": ["FG-UPD-NEW"],
        "description": "10GBASE-LR SFP+ (test)",
    }
    result = post(api, PART_EDIT, {"row": changed, "source": {"id": "S24"}}, HEADERS)["upsertPart"]
    assert result["__typename"] == "PartEdited"
    assert result["part"]["pmds"] == ["10GBASE-LR"]
    pmds, _, _ = scratch_driver.execute_query(
        "MATCH (:Part {partNumber: 'FG-UPD-10G'})-[:IMPLEMENTS]->(m:Pmd) RETURN collect(m.name) AS names",
        database_="neo4j",
    )
    assert pmds[0]["names"] == ["10GBASE-LR"]
    assert count(scratch_driver, "MATCH (a:Alias {key: 'part:fg-upd-old'}) RETURN count(a) AS n") == 0
    assert (
        count(
            scratch_driver,
            "MATCH (a:Alias {key: 'part:fg-upd-new'})-[:ALIAS_OF]->(:Part) RETURN count(a) AS n",
        )
        == 1
    )
    assert count(scratch_driver, "MATCH (e:CatalogueEdit {target: 'FG-UPD-10G'}) RETURN count(e) AS n") == 2


# --- validated exactly like the seed; all or nothing ---------------------------------------------


@pytest.mark.parametrize(
    ("change", "field", "fragment"),
    [
        ({"form_factor": "SFP-PLUS-X"}, "row.form_factor", "unknown form factor 'SFP-PLUS-X'"),
        ({"pmds": ["10GBASE-XX"]}, "row.pmds", "unknown PMD '10GBASE-XX'"),
        ({"connector": "LC/XPC"}, "row.connector", "unknown connector 'LC/XPC'"),
        ({"vendor": None}, "row.vendor", "Input should be a valid string"),
        ({"rates_gbps": []}, "row.rates_gbps", "at least 1 item"),
        ({"part_number": "FG SR"}, "row.part_number", "is not a part number"),
        # C01: 10GBASE-SR reaches 300 m over OM3; a part may not claim more than its PMD.
        (
            {"reach": [{"fiber": "OM3", "max_m": 400, "sources": ["S24"]}]},
            "row.reach",
            "400.0 m over OM3 exceeds its PMD's 300.0 m",
        ),
    ],
)
def test_an_invalid_part_names_the_field_and_writes_nothing(
    api: TestClient, scratch_driver: Driver, change: dict[str, Any], field: str, fragment: str
):
    row = {**NEW_PART, "part_number": "FG-BAD-10G", **change}
    source = {**NEW_SOURCE, "id": "T-EDIT-BAD"}
    before = count(scratch_driver, "MATCH (n) RETURN count(n) AS n")
    result = post(api, PART_EDIT, {"row": row, "source": source}, HEADERS)["upsertPart"]
    assert result["__typename"] == "ValidationError", result
    assert result["code"] == "VALIDATION_ERROR"
    assert result["field"] == field
    assert fragment in result["message"]
    assert count(scratch_driver, "MATCH (n) RETURN count(n) AS n") == before
    assert count(scratch_driver, "MATCH (s:Source {id: 'T-EDIT-BAD'}) RETURN count(s) AS n") == 0


def test_an_alias_that_another_part_already_claims_is_refused(api: TestClient):
    row = {**NEW_PART, "part_number": "FG-ALIAS-10G", "aliases": ["FTLX8574D3BCL"]}
    result = post(api, PART_EDIT, {"row": row, "source": {"id": "S24"}}, HEADERS)["upsertPart"]
    assert result["__typename"] == "ValidationError"
    assert result["field"] == "row.part_number"
    assert "'FTLX8574D3BCL' is claimed twice" in result["message"]


@pytest.mark.parametrize(
    ("source", "field"),
    [
        ({"id": "NO-SUCH-SOURCE"}, "source.id"),
        ({"id": "T-NEW-2", "url": "short", "title": "A title", "kind": "VENDOR"}, "source.url"),
        ({"id": "T-NEW-3", "title": "No URL", "kind": "VENDOR"}, "source.url"),
        (
            {"id": "S24", "url": "https://example.com/other", "title": "Other", "kind": "SECONDARY"},
            "source.id",
        ),
        ({"id": "bad id!"}, "source.id"),
    ],
)
def test_a_fact_needs_a_real_source(api: TestClient, source: dict[str, Any], field: str):
    result = post(api, PART_EDIT, {"row": {**NEW_PART, "part_number": "FG-SRC-10G"}, "source": source}, HEADERS)[
        "upsertPart"
    ]
    assert result["__typename"] == "ValidationError", result
    assert result["field"] == field


def test_a_row_that_is_not_an_object_or_holds_infinity_is_a_validation_error(api: TestClient):
    assert post(api, PART_EDIT, {"row": [1, 2], "source": {"id": "S24"}}, HEADERS)["upsertPart"]["field"] == "row"
    literal = """mutation { upsertPart(row: {kind: "transceiver", power_w: 1e999}, source: {id: "S24"}) {
                 ... on ValidationError { field } } }"""
    assert post(api, literal, {}, HEADERS)["upsertPart"] == {"field": "row.power_w"}


# --- compatibility facts -------------------------------------------------------------------------


def test_lowering_a_pmd_reach_below_a_documented_part_reach_is_refused(api: TestClient):
    """C01: 10GBASE-SR is specified to 300 m over OM3 (IEEE 802.3 cl. 52; Ethernet Alliance); parts that
    document 300 m over OM3 would contradict a 250 m PMD limit."""
    data = post(
        api,
        REACH_EDIT,
        {"reach": {"pmd": "10GBASE-SR", "fiber": "OM3", "maxM": 250}, "source": {"id": "S24"}},
        HEADERS,
    )
    result = data["upsertPmdReach"]
    assert result["__typename"] == "ValidationError"
    assert result["field"] == "reach.maxM"
    assert "300.0 m over OM3 exceeds its PMD's 250.0 m" in result["message"]


def test_a_pmd_reach_edit_cites_its_source_and_is_audited(api: TestClient):
    """C04 (b): 10GBASE-SR reaches 400 m over OM4 (Ethernet Alliance, 2012: '10GbE standardized to 400
    meters on OM4'). Re-stating it on that source replaces the reach's sources with the edit's."""
    source = {
        "id": "T-EA-2012",
        "url": "https://ethernetalliance.org/blog/2012/06/13/10gbe-standardized-to-400-meters-on-om4-fiber/",
        "title": "10GbE Standardized to 400 Meters on OM4 Fiber",
        "section": "blog post",
        "kind": "SECONDARY",
    }
    data = post(
        api,
        REACH_EDIT,
        {"reach": {"pmd": "10GBASE-SR", "fiber": "OM4", "maxM": 400}, "source": source},
        HEADERS,
    )
    result = data["upsertPmdReach"]
    assert result["__typename"] == "ReachEdited"
    assert result["edit"] == {"by": "editor", "target": "10GBASE-SR", "sourceId": "T-EA-2012"}
    om4 = next(r for r in result["pmd"]["reach"] if r["fiber"] == "OM4")
    assert om4 == {"fiber": "OM4", "maxM": 400.0, "sources": [{"id": "T-EA-2012"}]}
    om3 = next(r for r in result["pmd"]["reach"] if r["fiber"] == "OM3")
    assert om3["maxM"] == 300.0


ROW_EDIT = """
mutation($reach: ReachInput!, $source: SourceInput!) {
  upsertPmdReach(reach: $reach, source: $source) {
    __typename
    ... on ReachEdited { pmd { reach { fiber maxM minLossDb modeConditioning note sources { id } } } }
    ... on ValidationError { code field message }
  }
}"""

LINK_FINDINGS = """
query($link: LinkInput!) {
  checkLink(link: $link) { __typename ... on LinkVerdict { valid findings { code severity limit sources { id } } } }
}"""

ER4_RESTATED = {
    "id": "T-ER4-RESTATED",
    "url": "https://www.tiafotc.org/ieee-802-3-ethernet-standards-update/singlemode-standards-update/40gbase-er4/",
    "title": "TIA FOTC: 40GBASE-ER4 (test: reach re-stated)",
    "section": "clause 87 (802.3bm): OS2 40 km",
    "kind": "SECONDARY",
}


def _pmd_row(api: TestClient, pmd: str, fiber: str) -> dict[str, Any]:
    data = post(api, "{ pmds { name reach { fiber maxM minLossDb modeConditioning note sources { id } } } }", {})
    row = next(p for p in data["pmds"] if p["name"] == pmd)
    return next(r for r in row["reach"] if r["fiber"] == fiber)  # type: ignore[no-any-return]


def _loss_budget(driver: Driver, pmd: str, fiber: str) -> Any:
    doc = driver.execute_query("MATCH (p:Pmd {name: $name}) RETURN p.doc AS doc", {"name": pmd}, database_="neo4j")
    rows = json.loads(doc.records[0]["doc"])["reach"]
    return next(r for r in rows if r["fiber"] == fiber)["loss"]


def test_editing_er4_reach_keeps_its_9_db_minimum_loss_and_the_attenuator_warning(
    api: TestClient, scratch_driver: Driver
) -> None:
    """Fresh-user finding (data loss): re-stating 40GBASE-ER4's 40 km over OS2 dropped the row's
    minimum 9 dB channel insertion loss (IEEE 802.3bm clause 87, E17), and with it the
    ATTENUATOR_REQUIRED warning. The minimum is kept, and E17 (which states it) stays beside the
    edit's source::

        QSFP+ ── Q9G82A ══ 140 m OS2 ══ Q9G82A ── QSFP+     still warned: ATTENUATOR_REQUIRED (9 dB)
    """
    data = post(
        api,
        ROW_EDIT,
        {
            "reach": {"pmd": "40GBASE-ER4", "fiber": "OS2", "maxM": 40000, "note": "beyond 30 km engineered links"},
            "source": ER4_RESTATED,
        },
        HEADERS,
    )
    os2 = next(r for r in data["upsertPmdReach"]["pmd"]["reach"] if r["fiber"] == "OS2")
    assert os2 == {
        "fiber": "OS2",
        "maxM": 40000.0,
        "minLossDb": 9.0,
        "modeConditioning": False,
        "note": "beyond 30 km engineered links",
        "sources": [{"id": "T-ER4-RESTATED"}, {"id": "E17"}],
    }
    assert _pmd_row(api, "40GBASE-ER4", "OS2") == os2
    verdict = post(
        api,
        LINK_FINDINGS,
        {
            "link": {
                "a": {"formFactor": "QSFP+"},
                "b": {"formFactor": "QSFP+"},
                "distanceM": 140,
                "moduleA": "Q9G82A",
                "moduleB": "Q9G82A",
                "media": [{"fiberType": "OS2", "connector": "LC/UPC"}],
            }
        },
    )["checkLink"]
    assert verdict == {
        "__typename": "LinkVerdict",
        "valid": True,
        "findings": [
            {
                "code": "ATTENUATOR_REQUIRED",
                "severity": "WARNING",
                "limit": 9.0,
                "sources": [{"id": "T-ER4-RESTATED"}, {"id": "E17"}],
            }
        ],
    }


def test_editing_lrm_over_om1_keeps_the_mode_conditioning_cord_and_the_loss_budget(
    api: TestClient, scratch_driver: Driver
) -> None:
    """10GBASE-LRM over OM1 (IEEE 802.3aq clause 68: 220 m with an offset-launch mode-conditioning
    patch cord, S27 Table 18) re-stated at 220 m on S27 alone: the cord (MODE_CONDITIONING_CORD) and
    the channel budget (1.9 dB, its own sources PL01, PL08) survive the edit::

        SFP+ ── SFPP-10GE-LRM ══ 200 m OM1 ══ SFPP-10GE-LRM ── SFP+     MODE_CONDITIONING_CORD
    """
    budget = _loss_budget(scratch_driver, "10GBASE-LRM", "OM1")
    assert budget == {
        "channel_db": 1.9,
        "fiber_db_per_km": 0.8,
        "connection_db": 0.5,
        "allocation_db": None,
        "sources": ["PL01", "PL08"],
    }
    data = post(
        api,
        ROW_EDIT,
        {"reach": {"pmd": "10GBASE-LRM", "fiber": "OM1", "maxM": 220}, "source": {"id": "S27"}},
        HEADERS,
    )
    om1 = next(r for r in data["upsertPmdReach"]["pmd"]["reach"] if r["fiber"] == "OM1")
    assert om1 == {
        "fiber": "OM1",
        "maxM": 220.0,
        "minLossDb": None,
        "modeConditioning": True,
        "note": "",
        "sources": [{"id": "S27"}],
    }
    assert _loss_budget(scratch_driver, "10GBASE-LRM", "OM1") == budget
    verdict = post(
        api,
        LINK_FINDINGS,
        {
            "link": {
                "a": {"formFactor": "SFP+"},
                "b": {"formFactor": "SFP+"},
                "distanceM": 200,
                "moduleA": "SFPP-10GE-LRM",
                "moduleB": "SFPP-10GE-LRM",
                "media": [{"fiberType": "OM1", "connector": "LC/UPC"}],
            }
        },
    )["checkLink"]
    assert verdict["valid"] is True
    assert [(f["code"], f["severity"]) for f in verdict["findings"]] == [("MODE_CONDITIONING_CORD", "INFO")]


def test_a_reach_edit_can_set_the_minimum_loss_and_clear_mode_conditioning(api: TestClient) -> None:
    """minLossDb and modeConditioning given on the input replace the row's; the earlier sources go,
    since nothing of the earlier row is kept (test values on a test source, 40GBASE-ER4 over OS1a)."""
    source = {**ER4_RESTATED, "id": "T-ER4-OS1A", "section": "test: 10 dB minimum"}
    data = post(
        api,
        ROW_EDIT,
        {
            "reach": {"pmd": "40GBASE-ER4", "fiber": "OS1a", "maxM": 15000, "minLossDb": 10, "modeConditioning": False},
            "source": source,
        },
        HEADERS,
    )
    os1a = next(r for r in data["upsertPmdReach"]["pmd"]["reach"] if r["fiber"] == "OS1a")
    assert os1a == {
        "fiber": "OS1a",
        "maxM": 15000.0,
        "minLossDb": 10.0,
        "modeConditioning": False,
        "note": "",
        "sources": [{"id": "T-ER4-OS1A"}],
    }


@pytest.mark.parametrize(
    ("min_loss_db", "message"),
    [
        ("0", "reach.minLossDb: Input should be greater than 0"),
        ("-3", "reach.minLossDb: Input should be greater than 0"),
        ("1e400", "reach.minLossDb: must be a finite number"),  # GraphQL reads the literal 1e400 as +Infinity
    ],
)
def test_a_bad_minimum_loss_names_the_field(api: TestClient, min_loss_db: str, message: str) -> None:
    query = (
        'mutation { upsertPmdReach(reach: {pmd: "40GBASE-ER4", fiber: "OS2", maxM: 40000, minLossDb: '
        + min_loss_db
        + '}, source: {id: "E17"}) { __typename ... on ValidationError { code field message } } }'
    )
    assert post(api, query, {}, HEADERS)["upsertPmdReach"] == {
        "__typename": "ValidationError",
        "code": "VALIDATION_ERROR",
        "field": "reach.minLossDb",
        "message": message,
    }


@pytest.mark.parametrize(
    ("reach", "typename", "field"),
    [
        ({"pmd": "10GBASE-SRR", "fiber": "OM4", "maxM": 400}, "NotFoundError", None),
        ({"pmd": "10GBASE-SR", "fiber": "OM9", "maxM": 400}, "ValidationError", "reach.fiber"),
        ({"pmd": "10GBASE-SR", "fiber": "OS2", "maxM": 400}, "ValidationError", "reach.fiber"),
        ({"pmd": "10GBASE-SR", "fiber": "OM4", "maxM": -1}, "ValidationError", "reach.maxM"),
        ({"pmd": "10GBASE-SR", "fiber": "OM4", "maxM": 0}, "ValidationError", "reach.maxM"),
    ],
)
def test_a_bad_reach_edit_is_typed(api: TestClient, reach: dict[str, Any], typename: str, field: str | None):
    result = post(api, REACH_EDIT, {"reach": reach, "source": {"id": "S24"}}, HEADERS)["upsertPmdReach"]
    assert result["__typename"] == typename, result
    if field:
        assert result["field"] == field
    else:
        assert result["name"] == "10GBASE-SRR"
        assert "10GBASE-SR" in result["suggestions"]


def test_a_form_factor_fit_is_added_with_its_source(api: TestClient, scratch_driver: Driver):
    source = {
        "id": "T-SFF-8402",
        "url": "https://members.snia.org/document/dl/25894",
        "title": "SFF-8402 SFP+ 1X",
        "section": "backward compatibility",
        "kind": "STANDARD",
    }
    before = count(scratch_driver, "MATCH (:FormFactor {name: 'SFP'})-[r:FITS_IN]->() RETURN count(r) AS n")
    result = post(api, FIT_EDIT, {"fit": {"plug": "SFP", "cage": "QSFP28"}, "source": source}, HEADERS)[
        "upsertFormFactorFit"
    ]
    assert result["__typename"] == "FitEdited", result
    assert result["edit"]["target"] == "SFP"
    assert "QSFP28" in result["formFactor"]["fitsIn"]
    assert count(scratch_driver, "MATCH (:FormFactor {name: 'SFP'})-[r:FITS_IN]->() RETURN count(r) AS n") == before + 1
    assert (
        count(
            scratch_driver,
            """MATCH (:FormFactor {name: 'SFP'})-[r:FITS_IN]->(:FormFactor {name: 'QSFP28'})
                                    WHERE r.sources = ['T-SFF-8402'] RETURN count(r) AS n""",
        )
        == 1
    )


@pytest.mark.parametrize(
    ("fit", "typename", "field"),
    [
        ({"plug": "SFPP-X", "cage": "QSFP28"}, "NotFoundError", None),
        ({"plug": "SFP", "cage": "QSFP-XX"}, "ValidationError", "fit.cage"),
        ({"plug": "SFP", "cage": "SFP"}, "ValidationError", "fit.cage"),
    ],
)
def test_a_bad_fit_edit_is_typed(api: TestClient, fit: dict[str, Any], typename: str, field: str | None):
    result = post(api, FIT_EDIT, {"fit": fit, "source": {"id": "S24"}}, HEADERS)["upsertFormFactorFit"]
    assert result["__typename"] == typename, result
    if field:
        assert result["field"] == field


def test_a_device_edit_is_validated_and_written(api: TestClient, scratch_driver: Driver):
    query = """mutation($row: JSON!) { upsertDevice(row: $row, source: {id: "S24"}) {
        __typename ... on DeviceEdited { device { model logicalPorts } edit { target } }
        ... on ValidationError { field message } } }"""
    row = {
        "model": "FG-SW-48",
        "name": "Test 48-port switch",
        "vendor": "TestVendor",
        "device_type": "switch",
        "cages": [
            {
                "id": "sfpp",
                "form_factor": "SFP+",
                "count": 48,
                "speeds_gbps": [10],
                "protocols": ["Ethernet"],
                "sources": ["S24"],
            }
        ],
    }
    done = post(api, query, {"row": row}, HEADERS)["upsertDevice"]
    assert done == {
        "__typename": "DeviceEdited",
        "device": {"model": "FG-SW-48", "logicalPorts": 48},
        "edit": {"target": "FG-SW-48"},
    }
    bad = {**row, "cages": [{**row["cages"][0], "form_factor": "SFP-Z"}]}
    refused = post(api, query, {"row": bad}, HEADERS)["upsertDevice"]
    assert refused["__typename"] == "ValidationError"
    assert refused["field"] == "row.cages.form_factor"
    assert count(scratch_driver, "MATCH (:Device {model: 'FG-SW-48'})-[:HAS_CAGE]->(k) RETURN count(k) AS n") == 1


def test_an_edit_survives_re_seeding(api: TestClient, scratch_driver: Driver) -> None:
    """An authorised edit owns its fact: `serve` re-seeds on every start and `fabricgraph seed`
    re-loads the files, and neither may silently undo it. 25GBASE-SR over OM5 is not in the seed
    (IEEE 802.3by lists OM3 70 m and OM4 100 m); an editor adds 100 m on a cited source."""
    from seed.loader import seed_database

    source = {
        "id": "T-OM5-25G",
        "url": "https://www.tiafotc.org/ieee-802-3-ethernet-standards-update/multimode-standards-update/25gbase-sr/",
        "title": "25GBASE-SR (TIA FOTC summary of IEEE 802.3by)",
        "section": "test: OM5 treated as OM4 at 850 nm",
        "kind": "SECONDARY",
    }
    data = post(
        api, REACH_EDIT, {"reach": {"pmd": "25GBASE-SR", "fiber": "OM5", "maxM": 100}, "source": source}, HEADERS
    )
    assert data["upsertPmdReach"]["__typename"] == "ReachEdited"

    report = seed_database(scratch_driver, "neo4j")
    assert report.kept_edits >= 1

    reach = count(
        scratch_driver,
        "MATCH (:Pmd {name: '25GBASE-SR'})-[r:REACHES]->(:FiberType {name: 'OM5'}) RETURN r.maxM AS n",
    )
    assert reach == 100
    doc = scratch_driver.execute_query(
        "MATCH (p:Pmd {name: '25GBASE-SR'}) RETURN p.doc AS doc", database_="neo4j"
    ).records[0]["doc"]
    assert '"fiber":"OM5","max_m":100.0' in doc
