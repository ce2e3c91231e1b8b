"""The shipped schema/plan.schema.json is the one the planner models generate (regenerate with
``python -m service.plan_schema``)."""

from __future__ import annotations

import json

from service.plan_schema import SCHEMA_PATH, plan_json_schema


def test_the_shipped_plan_schema_is_up_to_date() -> None:
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8")) == plan_json_schema()


def test_the_plan_schema_carries_its_version() -> None:
    schema = plan_json_schema()
    assert schema["version"] == "1.0.0"
    assert schema["properties"]["schema_version"] == {"const": "1.0.0"}
    assert schema["$id"] == "urn:fabricgraph:plan:1.0.0"
