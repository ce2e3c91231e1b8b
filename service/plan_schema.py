"""The JSON Schema of ``planJson`` (``fabricgraph plan --format json``), shipped as
``schema/plan.schema.json`` and checked by a test against the generated one and against output.

The plan, BOM and tier media parts are generated from the pydantic models the planner uses
(``Plan``, ``Bom``, ``TierMedium``), so the schema cannot drift from the code; the envelope
(``schema_version``, ``switch``, ``media``, ``warnings``) is written out here. ``schema_version``
follows semantic versioning: a reader written for 1.x reads every 1.y document.

Regenerate after changing a planner model: ``python -m service.plan_schema``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic.json_schema import models_json_schema

from service.planner import Bom, Plan, PlanWarning, TierMedium
from service.planning import PLAN_JSON_SCHEMA_VERSION

__all__ = ["SCHEMA_PATH", "main", "plan_json_schema"]

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schema" / "plan.schema.json"

_NUMBER_OR_NULL: dict[str, Any] = {"type": ["number", "null"]}


def plan_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the ``planJson`` document, version :data:`PLAN_JSON_SCHEMA_VERSION`."""
    _, definitions = models_json_schema(
        [
            (Plan, "serialization"),
            (Bom, "serialization"),
            (TierMedium, "serialization"),
            (PlanWarning, "serialization"),
        ],
        ref_template="#/$defs/{model}",
    )
    medium = {
        "type": "object",
        "description": "One link tier's medium, chosen from linkOptions, with the reason.",
        "properties": {
            "tier": {"type": "string", "enum": ["node_leaf", "manager_leaf", "leaf_spine", "spine_core"]},
            "end_a": {"type": "string", "description": "How linkOptions resolved the lower end."},
            "end_b": {"type": "string", "description": "How linkOptions resolved the upper end."},
            "medium": {"anyOf": [{"$ref": "#/$defs/TierMedium"}, {"type": "null"}]},
            "option_rank": {"type": ["integer", "null"]},
            "option_summary": {"type": ["string", "null"]},
            "reach_m": _NUMBER_OR_NULL | {"description": "Reach of the medium, metres."},
            "margin_m": _NUMBER_OR_NULL | {"description": "Reach minus distance, metres."},
            "reason": {"type": "string"},
        },
        "required": [
            "tier",
            "end_a",
            "end_b",
            "medium",
            "option_rank",
            "option_summary",
            "reach_m",
            "margin_m",
            "reason",
        ],
        "additionalProperties": False,
    }
    switch = {
        "type": "object",
        "description": "The switch: a catalogue model, or a generic one given by its numbers.",
        "properties": {
            "model": {"type": "string"},
            "name": {"type": "string"},
            "generic": {"type": "boolean"},
            "cage": {"type": ["string", "null"], "description": "Cage group id; null for a generic switch."},
            "form_factor": {"type": ["string", "null"]},
            "radix": {"type": "integer", "description": "Logical ports."},
            "port_speed_gbps": {"type": "number", "description": "Logical port speed, Gb/s."},
            "notes": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["model", "name", "generic", "cage", "form_factor", "radix", "port_speed_gbps", "notes"],
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:fabricgraph:plan:{PLAN_JSON_SCHEMA_VERSION}",
        "title": "fabricgraph fat-tree plan (planJson)",
        "description": (
            "A planned fat tree: the switch, the closed-form plan (counts are totals over all planes; "
            "bisection in Gb/s per direction), each tier's medium from linkOptions with the reason, the "
            "bill of materials and the warnings. Units: Gb/s and metres."
        ),
        "version": PLAN_JSON_SCHEMA_VERSION,
        "type": "object",
        "properties": {
            "schema_version": {"const": PLAN_JSON_SCHEMA_VERSION},
            "switch": switch,
            "plan": {"$ref": "#/$defs/Plan"},
            "media": {"type": "array", "items": medium},
            "bom": {"$ref": "#/$defs/Bom"},
            "warnings": {"type": "array", "items": {"$ref": "#/$defs/PlanWarning"}},
        },
        "required": ["schema_version", "switch", "plan", "media", "bom", "warnings"],
        "additionalProperties": False,
        "$defs": definitions["$defs"],
    }


def main() -> None:
    """Write ``schema/plan.schema.json``."""
    SCHEMA_PATH.write_text(json.dumps(plan_json_schema(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")


if __name__ == "__main__":
    main()
