"""Every ``Int`` an answer carries is listed here with the bound that keeps it within 2^31 − 1.

A count that sums inputs or multiplies sizes is a ``Long`` (exact to 2^53 − 1) instead. A new ``Int``
output fails this test until it is listed with its bound, or made a ``Long``.
"""

from __future__ import annotations

import graphql

from service.api.schema import build_schema
from service.config import get_settings

CATALOGUE = "a catalogue row count or field, validated by the seed rules (service.domain.catalogue)"
PER_SWITCH = "per switch: at most the radix (cages ≤ 1,024 × logical ports per cage ≤ 8)"
PART_LIST = "a count of part lines (≤ FABRICGRAPH_PROCUREMENT_MAX_LINES) or intents (≤ …_MAX_INTENTS)"

INT_OUTPUTS: dict[str, str] = {
    "CablePlugEnd.plugs": "Field(le=8)",
    "CablePlugEnd.ports": "Field(le=2)",
    "Cage.count": "Field(le=1024)",
    "Cage.logicalPortsPerCage": "Field(le=8)",
    "CatalogueStats.generations": CATALOGUE,
    "CatalogueStats.pmds": CATALOGUE,
    "CatalogueStats.parts": CATALOGUE,
    "CatalogueStats.devices": CATALOGUE,
    "CatalogueStats.sources": CATALOGUE,
    "CatalogueStats.formFactors": CATALOGUE,
    "CatalogueStats.fiberTypes": CATALOGUE,
    "CatalogueStats.connectors": CATALOGUE,
    "CatalogueStats.aliases": CATALOGUE,
    "CatalogueStats.facts": CATALOGUE,
    "CatalogueStats.primaryFacts": CATALOGUE,
    "Connector.fibers": "Field(le=32)",
    "Device.logicalPorts": "Σ cages ≤ 1,024 × ports per cage ≤ 8 per cage group",
    "FatTreePlan.tiers": "1, 2 or 3",
    "FatTreePlan.pods": "≤ radix (k pods in a k-ary three-tier tree)",
    "FatTreePlan.linksPerLeafSpinePair": PER_SWITCH,
    "FatTreePlan.linksPerSpineCorePair": PER_SWITCH,
    "FormFactor.lanes": "Field(le=16)",
    "Generation.lanes": "Field(le=16)",
    "Generation.order": CATALOGUE,
    "KindCount.count": CATALOGUE + "; catalogueHealth.skipped is capped at 2^31 − 1",
    "BadCatalogueRow.count": "capped at 2^31 − 1 by the resolver (min)",
    "LinkOption.rank": "options of one link: at most the catalogue's candidates",
    "LinkVerdict.ports": "1 or 2 (twin-port); for a fan-out the legs, at most MAX_FAN_OUT_LEGS (64)",
    "LegVerdict.index": "position in fanOut: below MAX_FAN_OUT_LEGS (64)",
    "LegVerdict.lanes": "Field(le=16)",
    "LinkVerdict.legs": "Field(le=8)",
    "LinkVerdict.lanes": "Field(le=16)",
    "OptionPart.quantity": "parts per link: 1 or 2",
    "OptionPart.linksServed": "Field(le=8)",
    "Part.ports": "Field(le=2)",
    "Part.legs": "Field(le=8)",
    "PartConnection.totalCount": CATALOGUE,
    "PartListChainPart.linksPerPiece": "Field(le=8)",
    "PartListFinding.line": PART_LIST,
    "PartListFinding.intents": PART_LIST,
    "PartListIntent.intent": PART_LIST,
    "PartListIntent.links": "echoes the intent's Int input",
    "PartListSummary.errors": "findings: a few per line and per intent (≤ 20,000 lines, ≤ 1,000 intents)",
    "PartListSummary.warnings": "findings: a few per line and per intent (≤ 20,000 lines, ≤ 1,000 intents)",
    "PartListSummary.infos": "findings: a few per line and per intent (≤ 20,000 lines, ≤ 1,000 intents)",
    "PartListSummary.lines": PART_LIST,
    "PartListSummary.parts": PART_LIST,
    "PartListSummary.intents": PART_LIST,
    "PartListTotal.lines": PART_LIST,
    "PlanCable.linksPerCable": "Field(le=8)",
    "PlanLeafPortSplit.down": PER_SWITCH,
    "PlanLeafPortSplit.up": PER_SWITCH,
    "PlanLeafPortSplit.reserved": PER_SWITCH,
    "PlanLeafPortSplit.downLinks": PER_SWITCH + " × split legs ≤ 8",
    "PlanLeafPortSplit.upLinks": PER_SWITCH,
    "PlanModule.portsPerModule": "Field(le=2)",
    "PlanRadixTooSmallError.radix": PER_SWITCH,
    "PlanRadixTooSmallError.minimumRadix": PER_SWITCH,
    "PlanSkippedOption.rank": "options of one link: at most the catalogue's candidates",
    "PlanSwitch.radix": PER_SWITCH,
    "PlanSwitch.cages": "Field(le=1024)",
    "PlanSwitch.portsPerCage": "Field(le=8)",
    "PlanTier.legsPerSwitchPort": "Field(le=8)",
    "PlanTier.optionsOffered": "options of one link: at most the catalogue's candidates",
    "PlanTooManyEndpointsError.tiers": "2 or 3",
    "Pmd.lanes": "Field(le=16)",
    "FabricSummaryRow.tiers": "1, 2 or 3",
    "FatTreePlan.planes": "echoes the spec's Int input (planes ≥ 1)",
    "LinkOptionsBatch.answered": "≤ the batch limit (1,000 specs)",
    "LinkOptionsBatch.count": "≤ the batch limit (1,000 specs)",
    "LinkOptionsBatch.failed": "≤ the batch limit (1,000 specs)",
    "LinkOptionsBatch.limit": "the batch limit, 1,000",
    "LinkOptionsBatchItem.index": "< the batch limit (1,000 specs)",
    "PortMode.portsPerCage": "Field(le=16)",
    "Pmd.fibers": "Field(le=32)",
}

MUST_BE_LONG = {
    # sums of Int inputs: 2147483647 + 1 overflowed summary.pieces in the reliability trial
    "PartListSummary.pieces",
    "PartListSummary.links",
    "PartListTotal.listed",
    "PartListTotal.needed",
    "PartListTotal.shortfall",
    "PartListTotal.surplus",
    "PartListFinding.quantity",
    "PartListChainPart.quantity",
    # products of sizes
    "FatTreePlan.endpoints",
    "FatTreePlan.nodes",
    "FatTreePlan.maxEndpoints",
    "PlanLinkCounts.total",
    "PlanSwitchCounts.total",
    "PlanTooManyEndpointsError.endpoints",
    "PlanTooManyEndpointsError.limit",
}


def _outputs(scalar: str) -> set[str]:
    schema = build_schema(get_settings())._schema
    found = set()
    for name, type_ in schema.type_map.items():
        if name.startswith("__") or not isinstance(type_, graphql.GraphQLObjectType | graphql.GraphQLInterfaceType):
            continue
        for field_name, field in type_.fields.items():
            if graphql.get_named_type(field.type).name == scalar:
                found.add(f"{name}.{field_name}")
    return found


def test_every_int_output_is_listed_with_the_bound_that_keeps_it() -> None:
    ints = _outputs("Int")
    assert sorted(ints - set(INT_OUTPUTS)) == [], "an Int output without a bound: make it a Long or list its bound"
    assert sorted(set(INT_OUTPUTS) - ints) == [], "listed but no longer an Int output"


def test_every_sum_of_inputs_and_product_of_sizes_is_a_long() -> None:
    assert sorted(MUST_BE_LONG - _outputs("Long")) == []
