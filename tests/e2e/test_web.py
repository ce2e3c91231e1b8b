"""The web pages over HTTP (in process, no browser): errors, limits, access and uploads.

The browser tests (tests/browser/) do each page's main task in Chromium; these check what a browser
test cannot see cheaply: status codes, the typed errors, the upload cap, that uploads never touch
the disk, and that the pages obey the same access and GraphiQL settings as /graphql.
"""

from __future__ import annotations

import csv
import io
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from neo4j import Driver

from service.app import create_app
from service.config import Environment, Settings, get_settings

pytestmark = pytest.mark.db

ROOT = Path(__file__).resolve().parents[2]
P01_PARTS = ROOT / "examples" / "procurement" / "p01_parts.csv"
P01_INTENTS = ROOT / "examples" / "procurement" / "p01_intents.csv"


def test_link_finder_answers_the_headline_question_in_html(client: TestClient):
    page = client.get("/links", params={"a": "QM9700", "b": "MCX75310AAS-NEAT", "rate": "400", "distance": "30"})
    assert page.status_code == 200
    assert "2 options: MQM9700-NS2F → MCX75310AAS-NEAT, 400 Gb/s over 30 m" in page.text
    assert page.text.index("NDR SR4") < page.text.index("NDR DR4")


def test_an_htmx_request_gets_only_the_result_fragment(client: TestClient):
    params = {"a": "SFP+", "b": "SFP+", "rate": "10", "distance": "300", "protocol": "Ethernet"}
    fragment = client.get("/links", params=params, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert "<html" not in fragment.text and "<form" not in fragment.text
    assert "7 options: an SFP+ cage → an SFP+ cage, 10 Gb/s over 300 m (Ethernet)" in fragment.text


def test_the_check_page_says_a_valid_chain_runs_at_its_rate_and_an_invalid_one_at_none(client: TestClient):
    """C15 on the page: MMA4Z00-NS400 in a QM9700 cage is "Not valid" with no "runs at" (before: "Not
    valid · runs at 400 Gb/s"); the same chain with MMA4Z00-NS in the switch runs at 400 Gb/s."""
    chain = {"a": "QM9700", "b": "MCX75310AAS-NEAT", "distance": "30", "medium": "MFP7E10-N030"}
    fragment = {"HX-Request": "true"}
    bad = client.get(
        "/check", params={**chain, "module_a": "MMA4Z00-NS400", "module_b": "MMA4Z00-NS400"}, headers=fragment
    )
    assert bad.status_code == 200
    assert re.search(r'<h2 id="verdict" class="bad">Not valid</h2>', bad.text)
    good = client.get(
        "/check", params={**chain, "module_a": "MMA4Z00-NS", "module_b": "MMA4Z00-NS400"}, headers=fragment
    )
    assert re.search(r'<h2 id="verdict" class="ok">Valid · runs at 400 Gb/s</h2>', good.text), good.text


def test_a_bare_flat_top_osfp_end_on_the_check_page_refuses_a_finned_twin_port_module(client: TestClient):
    """Issue 12 on the page: End A "OSFP" with top style flat and 1 port per cage (a DGX H100 / ConnectX-7
    style cage) holding the finned twin-port MMA4Z00-NS: TOP_STYLE_MISMATCH and PORT_COUNT_MISMATCH; the
    same chain with the details left empty is valid (nothing stated, nothing checked)."""
    chain = {
        "a": "OSFP",
        "b": "OSFP",
        "distance": "3",
        "module_a": "MMA4Z00-NS",
        "module_b": "MMA4Z00-NS",
        "medium": "MFP7E10-N003",
    }
    fragment = {"HX-Request": "true"}
    bad = client.get("/check", params={**chain, "a_top": "flat", "a_ports": "1"}, headers=fragment)
    assert bad.status_code == 200
    assert re.search(r'<h2 id="verdict" class="bad">Not valid</h2>', bad.text)
    assert (
        "MMA4Z00-NS is finned-top; a flat-top single-port OSFP cage takes flat-top only (its riding heat sink "
        "needs a flat-top module)" in bad.text
    )
    assert "TOP_STYLE_MISMATCH" in bad.text and "PORT_COUNT_MISMATCH" in bad.text
    good = client.get("/check", params={**chain, "a_top": "", "a_ports": ""}, headers=fragment)
    assert re.search(r'<h2 id="verdict" class="ok">Valid · runs at 400 Gb/s</h2>', good.text), good.text
    typo = client.get("/links", params={"a": "OSFP", "b": "OSFP", "rate": "400", "distance": "3", "b_top": "round"})
    assert typo.status_code == 422
    assert "Top style of B must be one of finned, flat or empty, got &#39;round&#39;" in typo.text
    # a detail stated for a device's end is refused, as over GraphQL, not silently dropped
    device = client.get("/links", params={"a": "QM9700", "b": "OSFP", "rate": "400", "distance": "3", "a_top": "flat"})
    assert device.status_code == 422
    assert "a device&#39;s cage states its own top style, ports and side" in device.text
    # a top style on a form factor that has none (SFP+) is refused, not answered TOP_STYLE_UNVERIFIED
    sfp = client.get("/links", params={"a": "SFP+", "b": "SFP+", "rate": "10", "distance": "3", "a_top": "flat"})
    assert sfp.status_code == 422
    assert "a top style (finned or flat) is an OSFP cage&#39;s; SFP+ has none" in sfp.text


def test_text_where_a_number_belongs_is_a_typed_error_naming_the_field(client: TestClient):
    page = client.get("/links", params={"a": "QM9700", "b": "MCX75310AAS-NEAT", "rate": "fast", "distance": "30"})
    assert page.status_code == 422
    assert "VALIDATION_ERROR" in page.text and "Rate must be a number, got &#39;fast&#39;" in page.text


def test_a_negative_distance_is_refused_by_the_use_case_as_over_graphql(client: TestClient):
    page = client.get("/links", params={"a": "SFP+", "b": "SFP+", "rate": "10", "distance": "-5"})
    assert page.status_code == 422
    assert "must not be negative, got -5" in page.text


def test_an_unknown_device_answers_404_with_the_closest_names(client: TestClient):
    page = client.get("/links", params={"a": "QM970", "b": "SFP+", "rate": "400", "distance": "3"})
    assert page.status_code == 404
    assert "UNKNOWN_DEVICE" in page.text and "Did you mean" in page.text and "QM9700" in page.text


def test_an_unknown_part_page_is_404_with_suggestions(client: TestClient):
    page = client.get("/catalogue/parts/MMA4Z00-N5")
    assert page.status_code == 404
    assert "UNKNOWN_PART" in page.text and "MMA4Z00-NS" in page.text


def test_a_part_page_shows_facts_with_their_sources(client: TestClient):
    page = client.get("/catalogue/parts/MMA4Z00-NS")
    assert page.status_code == 200
    assert "NDR SR4" in page.text and "MPO-12/APC" in page.text and "twin-port" in page.text
    assert 'class="src" href="https://' in page.text


def test_the_part_list_upload_is_read_in_memory_never_on_disk(client: TestClient, monkeypatch: pytest.MonkeyPatch):
    def no_disk(*args: object, **kwargs: object) -> None:
        raise AssertionError("an upload touched a temporary file")

    import starlette.formparsers

    monkeypatch.setattr(starlette.formparsers, "SpooledTemporaryFile", no_disk)
    for name in ("SpooledTemporaryFile", "TemporaryFile", "NamedTemporaryFile", "mkstemp"):
        monkeypatch.setattr(tempfile, name, no_disk)
    files = {
        "parts": ("p01_parts.csv", P01_PARTS.read_bytes(), "text/csv"),
        "intents": ("p01_intents.csv", P01_INTENTS.read_bytes(), "text/csv"),
    }
    page = client.post("/parts-list", files=files)
    assert page.status_code == 200, page.text
    assert "Buildable" in page.text
    assert "3 lines, 3 part numbers, 160 pieces · 1 intents, 64 links" in page.text


def test_the_part_list_report_downloads_as_csv_json_and_xlsx(client: TestClient):
    files = {
        "parts": ("p01_parts.csv", P01_PARTS.read_bytes(), "text/csv"),
        "intents": ("p01_intents.csv", P01_INTENTS.read_bytes(), "text/csv"),
    }
    csv_ = client.post("/parts-list/report.csv", files=files)
    assert csv_.status_code == 200
    assert csv_.headers["content-disposition"] == 'attachment; filename="p01_parts-report.csv"'
    assert csv_.text.splitlines()[1].startswith("summary,,BUILDABLE,")
    json_ = client.post("/parts-list/report.json", files=files)
    assert json_.json()["summary"]["buildable"] is True
    xlsx = client.post("/parts-list/report.xlsx", files=files)
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"  # a zip container


def test_a_part_list_uploaded_as_xlsx_with_an_intents_sheet(client: TestClient):
    """P01 as one workbook (sheets ``parts`` and ``intents``) gives the same verdict as the CSVs."""
    from openpyxl import Workbook  # type: ignore[import-untyped]

    book = Workbook()
    parts = book.active
    parts.title = "parts"
    for row in csv.reader(io.StringIO(P01_PARTS.read_text(encoding="utf-8"))):
        parts.append([int(c) if c.isdigit() else c for c in row])
    intents = book.create_sheet("intents")
    for row in csv.reader(io.StringIO(P01_INTENTS.read_text(encoding="utf-8"))):
        intents.append([int(c) if c.isdigit() else c for c in row])
    data = io.BytesIO()
    book.save(data)
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    page = client.post("/parts-list", files={"parts": ("p01.xlsx", data.getvalue(), xlsx)})
    assert page.status_code == 200, page.text
    assert "p01.xlsx: 0 errors, 0 warnings, 0 notes · 3 lines, 3 part numbers, 160 pieces · 1 intents, 64 links" in (
        page.text
    )


def test_an_upload_over_the_cap_is_refused_before_parsing(client: TestClient, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("FABRICGRAPH_PROCUREMENT_MAX_BYTES", "1000")
    big = b"part_number,quantity\n" + b"MMA4Z00-NS,1\n" * 10_000
    page = client.post("/parts-list", files={"parts": ("big.csv", big, "text/csv")})
    assert page.status_code == 422
    assert "UPLOAD_TOO_LARGE" in page.text and "exceeds 1,000 bytes" in page.text


def test_a_form_post_that_is_not_multipart_is_a_typed_error(client: TestClient):
    page = client.post("/parts-list", data={"parts": "x"})
    assert page.status_code == 422 and "BAD_UPLOAD" in page.text


def test_a_plan_exports_its_bom_and_topology(client: TestClient):
    q = {"switch": "QM9700", "endpoints": "2048", "tiers": "2", "node_end": "MCX75310AAS-NEAT"}
    bom = client.get("/plan/export/bom.csv", params=q)
    assert bom.status_code == 200 and bom.headers["content-disposition"] == 'attachment; filename="fabric-bom.csv"'
    assert "MQM9700-NS2F" in bom.text
    svg = client.get("/plan/export/topology.svg", params=q)
    assert svg.headers["content-type"].startswith("image/svg+xml") and "<svg" in svg.text
    assert svg.headers["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'"


def test_a_plan_the_switch_cannot_build_is_a_typed_error_on_the_page(client: TestClient):
    page = client.get("/plan", params={"switch": "QM9700", "endpoints": "100000", "tiers": "2"})
    assert page.status_code == 422
    assert "TOO_MANY_ENDPOINTS" in page.text


@pytest.fixture()
def production(seeded: Driver, settings: Settings) -> Iterator[TestClient]:
    prod = settings.model_copy(update={"environment": Environment.PRODUCTION})
    with TestClient(create_app(prod, driver=seeded)) as c:
        yield c


def test_graphiql_is_off_outside_development_and_the_page_says_where(production: TestClient):
    page = production.get("/graphiql", headers={"accept": "text/html"})
    assert page.status_code == 404
    assert "GraphiQL is disabled here" in page.text and "<code>production</code>" in page.text


def test_graphiql_in_development_loads_only_local_assets(seeded: Driver, settings: Settings):
    dev = settings.model_copy(update={"environment": Environment.DEVELOPMENT})
    with TestClient(create_app(dev, driver=seeded)) as c:
        for path in ("/graphql", "/graphiql"):
            page = c.get(path, headers={"accept": "text/html"})
            assert page.status_code == 200
            assert "/static/vendor/graphiql/graphiql.min.js" in page.text
            assert "https://" not in page.text and "unpkg" not in page.text and "jsdelivr" not in page.text
        assert c.get("/static/vendor/graphiql/graphiql.min.js").status_code == 200


def test_pages_need_a_key_when_reads_do(seeded: Driver, settings: Settings):
    import hashlib

    key = "web-test-key"
    locked = get_settings(
        neo4j_uri=settings.neo4j_uri,
        environment=Environment.TEST,
        api_keys={"alice": "sha256:" + hashlib.sha256(key.encode()).hexdigest()},
        read_requires_auth=True,
    )
    with TestClient(create_app(locked, driver=seeded)) as c:
        assert c.get("/links").status_code == 401
        assert c.get("/links", headers={"Authorization": f"Bearer {key}"}).status_code == 200


def test_each_page_title_names_the_page_once_and_the_service_once(client: TestClient):
    assert "<title>fabricgraph</title>" in client.get("/").text
    assert "<title>Link finder · fabricgraph</title>" in client.get("/links").text
    assert "<title>Part list · fabricgraph</title>" in client.get("/parts-list").text
