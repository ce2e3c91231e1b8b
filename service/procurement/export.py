"""The validation report as JSON or as one flat CSV table.

The CSV has one row per record and a ``section`` column — ``summary`` (one row), ``finding``,
``total`` (one per part number) and ``intent`` — so a spreadsheet can filter it. A total's ``code`` is
the part's status, or for a line the catalogue does not know, the code its line's finding carries
(``UNKNOWN_PART`` for a part number, ``UNKNOWN_FIBER_TYPE`` for a generic fiber line of an unknown
grade). Text cells that
a spreadsheet would run as a formula (starting with ``=``, ``+``, ``-``, ``@``) are prefixed with
``'``: part numbers are user input and are echoed back.
"""

from __future__ import annotations

import csv
import io

from service.procurement.models import ValidationReport

__all__ = ["CSV_COLUMNS", "report_csv", "report_json"]

CSV_COLUMNS = (
    "section",
    "severity",
    "code",
    "line",
    "row",
    "part_number",
    "intents",
    "quantity",
    "listed",
    "needed",
    "shortfall",
    "surplus",
    "message",
    "fix",
    "suggestions",
)


def report_json(report: ValidationReport, indent: int | None = 2) -> str:
    """The report as JSON (field names as in the pydantic models, snake_case)."""
    return report.model_dump_json(indent=indent)


# The line findings that say the catalogue does not know a line (reconcile step 1).
_UNKNOWN_LINE_CODES = frozenset({"UNKNOWN_PART", "UNKNOWN_FIBER_TYPE"})


def _safe(text: str | None) -> str:
    if not text:
        return ""
    return "'" + text if text[0] in "=+-@\t\r" else text


def report_csv(report: ValidationReport) -> str:
    """The report as CSV text with the header :data:`CSV_COLUMNS`."""
    buf = io.StringIO()
    out = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    out.writeheader()
    s = report.summary
    out.writerow(
        {
            "section": "summary",
            "code": "BUILDABLE" if s.buildable else "NOT_BUILDABLE",
            "quantity": s.pieces,
            "message": f"{s.errors} errors, {s.warnings} warnings, {s.infos} notes; {s.lines} lines, "
            f"{s.parts} part numbers, {s.pieces} pieces; {s.intents} intents, {s.links} links",
        }
    )
    for f in report.findings:
        out.writerow(
            {
                "section": "finding",
                "severity": f.severity.value,
                "code": f.code,
                "line": f.line or "",
                "row": f.row or "",
                "part_number": _safe(f.part_number),
                "intents": " ".join(map(str, f.intents)),
                "quantity": "" if f.quantity is None else f.quantity,
                "message": _safe(f.message),
                "fix": _safe(f.fix),
                "suggestions": " ".join(f.suggestions),
            }
        )
    unknown = {f.part_number: f.code for f in report.findings if f.code in _UNKNOWN_LINE_CODES}
    for t in report.totals:
        out.writerow(
            {
                "section": "total",
                "code": (t.status or "") if t.known else unknown.get(t.part_number, "UNKNOWN_PART"),
                "line": t.lines[0] if t.lines else "",
                "part_number": _safe(t.part_number),
                "listed": t.listed,
                "needed": "" if t.needed is None else t.needed,
                "shortfall": t.shortfall,
                "surplus": t.surplus,
                "message": _safe(t.description),
            }
        )
    for i in report.intents:
        out.writerow(
            {
                "section": "intent",
                "code": "SERVED" if i.served else ("SUGGESTED" if i.suggested else "UNSERVED"),
                "line": i.intent,
                "row": i.row or "",
                "quantity": i.links,
                "message": _safe(i.label),
                "fix": _safe(i.summary),
            }
        )
    return buf.getvalue()
