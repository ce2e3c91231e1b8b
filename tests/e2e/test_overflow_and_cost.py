"""Counts that sum inputs never overflow their type, and work is estimated before it runs: the
cabling list of a plan is refused over the caller's limit (larger with an API key) and stops when
the request's deadline passes."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from neo4j import Driver

from service.api import cost
from service.app import create_app
from service.auth import hash_key
from service.config import Settings
from service.planning import PlanningService, PlanRequest

KEY = "cost-test-key-7f3a"

VALIDATE = """query($input: PartListInput!) { validatePartList(input: $input) { __typename
  ... on PartListReport { summary { lines parts pieces } totals { partNumber listed } }
  ... on ValidationError { code field message } } }"""

PLAN = """query($spec: FatTreeSpecInput!) { planFatTree(spec: $spec) { __typename
  ... on FatTreePlan { links { total } cablingCsv }
  ... on PlanTooManyEndpointsError { endpoints limit }
  ... on ValidationError { code field message } } }"""

SPEC_2048 = {"switch": "QM9700", "endpoints": 2048, "tiers": 2}  # 2,048 node-leaf + 2,048 leaf-spine links


def test_quantities_summing_past_2_31_are_counted_exactly(gql: Any) -> None:
    """The trial: quantities 2147483647 and 1 made summary.pieces overflow Int and blanked the answer."""
    body = gql(
        VALIDATE,
        {
            "input": {
                "lines": [
                    {"partNumber": "MMA4Z00-NS", "quantity": 2147483647},
                    {"partNumber": "MMA4Z00-NS", "quantity": 1},
                ]
            }
        },
    )
    assert "errors" not in body, body
    report = body["data"]["validatePartList"]
    assert report["summary"] == {"lines": 2, "parts": 1, "pieces": 2147483648}
    assert report["totals"] == [{"partNumber": "MMA4Z00-NS", "listed": 2147483648}]


def test_nodes_times_nics_past_2_53_is_a_validation_error_not_a_null_count(gql: Any) -> None:
    """The trial: 2^52 nodes × 2 NICs answered its error with endpoints: null."""
    body = gql(PLAN, {"spec": {"switch": "QM9700", "nodes": 2**52, "nicsPerNode": 2}})
    assert "errors" not in body, body
    assert body["data"]["planFatTree"] == {
        "__typename": "ValidationError",
        "code": "VALIDATION_ERROR",
        "field": "spec.nodes",
        "message": "spec.nodes: nodes × nicsPerNode = 9007199254740992 exceeds 2^53 − 1 endpoints",
    }
    within = gql(PLAN, {"spec": {"switch": "QM9700", "nodes": 2**51, "nicsPerNode": 2}})
    assert within["data"]["planFatTree"]["__typename"] == "PlanTooManyEndpointsError"
    assert within["data"]["planFatTree"]["endpoints"] == 2**52


@pytest.fixture(scope="module")
def limited(seeded: Driver, settings: Settings) -> Iterator[TestClient]:
    """Cabling lists of 4,095 links anonymous, 4,096 with a key: the 2,048-endpoint plan sits between."""
    tight = settings.model_copy(
        update={
            "max_export_links": 4095,
            "max_export_links_authenticated": 4096,
            "api_keys": {"planner": hash_key(KEY)},
        }
    )
    with TestClient(create_app(tight, driver=seeded)) as c:
        yield c


def _post(client: TestClient, spec: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    response = client.post("/graphql", json={"query": PLAN, "variables": {"spec": spec}}, headers=headers or {})
    assert response.status_code == 200, response.text
    return response.json()


def test_a_cabling_list_over_the_anonymous_limit_is_refused_before_it_is_enumerated(limited: TestClient) -> None:
    body = _post(limited, SPEC_2048)
    assert body["data"] == {
        "planFatTree": {
            "__typename": "ValidationError",
            "code": "COST_LIMIT_EXCEEDED",
            "field": "cablingCsv",
            "message": "cablingCsv: the cabling list of this plan is 4,096 links (about 0.3 MB); the limit is "
            "4,095 links per request without an API key; leave out cablingCsv, plan fewer endpoints, or use "
            "`fabricgraph plan --cabling-csv FILE`",
        }
    }
    assert [(e["path"], e["code"]) for e in body["extensions"]["typedErrors"]] == [
        (["planFatTree"], "COST_LIMIT_EXCEEDED")
    ]
    # The same plan without the cabling list is served to the same caller.
    plain = limited.post(
        "/graphql",
        json={
            "query": "query($s: FatTreeSpecInput!) { planFatTree(spec: $s) "
            "{ ... on FatTreePlan { links { total } } } }",
            "variables": {"s": SPEC_2048},
        },
    ).json()
    assert plain == {"data": {"planFatTree": {"links": {"total": 4096}}}}


def test_an_authenticated_caller_gets_the_larger_limit(limited: TestClient) -> None:
    body = _post(limited, SPEC_2048, {"Authorization": f"Bearer {KEY}"})
    plan = body["data"]["planFatTree"]
    assert plan["links"] == {"total": 4096}
    assert len(plan["cablingCsv"].splitlines()) == 1 + 4096


def test_cabling_enumeration_stops_once_the_deadline_has_passed(service: Any) -> None:
    result = PlanningService(service).plan_fat_tree(PlanRequest(switch="QM9700", endpoints=2048, tiers=2))
    assert len(cost.cabling_csv(result, time.monotonic() + 60).splitlines()) == 1 + 4096
    with pytest.raises(cost.DeadlineExceededError) as raised:
        cost.cabling_csv(result, time.monotonic() - 1)
    assert raised.value.code == "DEADLINE_EXCEEDED"
