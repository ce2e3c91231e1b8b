"""The limits agree with each other and with the README: the /graphql body cap holds the largest part
list validatePartList takes, and that list, sent over HTTP, gets a report (not a 413); one line more
gets the typed too-large error."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from service.config import PROJECT_ROOT, get_settings
from service.procurement.settings import ProcurementSettings

QUERY = """query($input: PartListInput!) { validatePartList(input: $input) { __typename
  ... on PartListReport { summary { lines parts pieces errors } }
  ... on ValidationError { code field message } } }"""

PARTS = ["MMA4Z00-NS", "MFP7E10-N030", "MMA4Z00-NS400", "SFP-10G-SR", "FTLX8574D3BCL", "MCP7Y00-N003"]


def _body(lines: list[dict[str, Any]], intents: list[dict[str, Any]] | None = None) -> bytes:
    return json.dumps({"query": QUERY, "variables": {"input": {"lines": lines, "intents": intents or []}}}).encode()


def test_the_body_cap_holds_the_largest_part_list_even_at_its_widest() -> None:
    """20,000 lines with 32-character part numbers and the largest Int quantity, plus 1,000 intents
    between two 32-character device names, fit under FABRICGRAPH_MAX_DOCUMENT_BYTES."""
    limits, settings = ProcurementSettings(), get_settings()
    assert (limits.max_lines, limits.max_intents, settings.max_document_bytes) == (20_000, 1_000, 2_000_000)
    widest_line = {"partNumber": "X" * 32, "quantity": 2**31 - 1}
    widest_intent = {
        "a": {"device": "D" * 32, "cage": "osfp"},
        "b": {"device": "D" * 32, "cage": "osfp"},
        "links": 2**31 - 1,
        "rateGbps": 400.0,
        "distanceM": 1000.5,
        "protocol": "INFINIBAND",
    }
    body = _body([widest_line] * limits.max_lines, [widest_intent] * limits.max_intents)
    assert len(body) <= settings.max_document_bytes, len(body)


def test_the_documented_maximum_part_list_is_answered_and_one_line_more_is_refused(client: TestClient) -> None:
    lines = [{"partNumber": PARTS[i % len(PARTS)], "quantity": 1 + i % 64} for i in range(20_000)]
    response = client.post("/graphql", content=_body(lines), headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text[:500]
    report = response.json()["data"]["validatePartList"]
    assert report["__typename"] == "PartListReport"
    assert report["summary"]["lines"] == 20_000
    assert report["summary"]["parts"] == len(PARTS)
    assert report["summary"]["pieces"] == sum(1 + i % 64 for i in range(20_000))

    over = client.post(
        "/graphql", content=_body([*lines, lines[0]]), headers={"content-type": "application/json"}
    ).json()
    assert over["data"]["validatePartList"]["__typename"] == "ValidationError"
    assert "20,001 lines; the limit is 20,000" in over["data"]["validatePartList"]["message"]


def test_the_readme_states_the_part_list_limit_and_the_body_cap() -> None:
    readme = (PROJECT_ROOT / "README.md").read_text()
    assert "| `FABRICGRAPH_MAX_DOCUMENT_BYTES` | `2000000` |" in readme
    assert "| `FABRICGRAPH_PROCUREMENT_MAX_LINES` | `20000` |" in readme
