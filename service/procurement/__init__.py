"""Procurement: validate a part list (GraphQL input, CSV or XLSX) against the catalogue and its link
intents — is it buildable, what is short, surplus or wrong, and what to order instead.

Modules:
    models     part lists, link intents, findings and the report (pydantic, frozen)
    reader     CSV / XLSX / GraphQL records → PartList; the file format is documented there
    reconcile  the pure reconciliation (every compatibility verdict from service.rules.check_link)
    use_case   ProcurementService: batched catalogue reads, then reconcile
    export     the report as JSON or CSV
    errors     PartListError, the typed error for a list that cannot be read
    settings   input limits (FABRICGRAPH_PROCUREMENT_MAX_LINES, …)
"""

from service.procurement.errors import PART_LIST_CODES, PartListError
from service.procurement.models import (
    LIST_CODES,
    LIST_RULES,
    ChainPart,
    IntentEnd,
    IntentResult,
    LinkIntent,
    ListFinding,
    PartLine,
    PartList,
    PartTotal,
    ReportSummary,
    Role,
    ValidationReport,
)
from service.procurement.reader import (
    IntentRecord,
    part_list_from_records,
    read_part_list,
    read_part_list_file,
)
from service.procurement.reconcile import CatalogueView, reconcile
from service.procurement.settings import ProcurementSettings

__all__ = [
    "LIST_CODES",
    "LIST_RULES",
    "PART_LIST_CODES",
    "CatalogueView",
    "ChainPart",
    "IntentEnd",
    "IntentRecord",
    "IntentResult",
    "LinkIntent",
    "ListFinding",
    "PartLine",
    "PartList",
    "PartListError",
    "PartTotal",
    "ProcurementSettings",
    "ReportSummary",
    "Role",
    "ValidationReport",
    "part_list_from_records",
    "read_part_list",
    "read_part_list_file",
    "reconcile",
]
