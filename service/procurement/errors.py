"""The typed error for a part list that cannot be read: nothing half-validated is ever reported.

::

    InputValidationError (service.errors, code VALIDATION_ERROR)
    └── PartListError                  code is one of PART_LIST_CODES, names file, row/line, column

GraphQL turns it into a ``ValidationError`` union member (``field`` names the input path, e.g.
``lines[3].quantity``); the CLI prints it and exits with status 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.errors import InputValidationError

__all__ = ["PART_LIST_CODES", "PartListError", "RowProblem"]


@dataclass(frozen=True)
class RowProblem:
    """One bad row of a part list: its physical row, part-line number, column and what is wrong."""

    row: int | None
    line: int | None
    column: str | None
    message: str

    def where(self) -> str:
        """``row 4 (line 3), column quantity``."""
        return ", ".join(_place(self.row, self.line, self.column))


def _place(row: int | None, line: int | None, column: str | None) -> list[str]:
    """The parts of a place in a file: ``["row 4 (line 3)", "column quantity"]`` (empty when unknown)."""
    parts = []
    if row is not None:
        parts.append(f"row {row}" + (f" (line {line})" if line is not None else ""))
    elif line is not None:
        parts.append(f"line {line}")
    if column is not None:
        parts.append(f"column {column}")
    return parts


PART_LIST_CODES: dict[str, str] = {
    "PART_LIST_EMPTY": "the file or sheet holds no part lines",
    "PART_LIST_BINARY": "the file is binary, not CSV text or an XLSX workbook",
    "PART_LIST_ENCODING": "the CSV text is not UTF-8 (or UTF-16 with a byte-order mark)",
    "PART_LIST_FORMAT": "not a readable CSV or XLSX file (or an unsupported type such as legacy .xls)",
    "PART_LIST_COLUMNS": "a required column is missing, misnamed or duplicated",
    "PART_LIST_VALUE": "a value is invalid (non-numeric, negative or fractional quantity, empty part number)",
    "PART_LIST_TOO_LARGE": "more lines (or bytes) than the configured maximum",
    "PART_LIST_UNKNOWN_END": "an intent end is neither a known device nor a known form factor",
}
"""Every code a :class:`PartListError` can carry, with its meaning."""


class PartListError(InputValidationError):
    """A part list (file or GraphQL input) that cannot be validated.

    Args:
        code: one of :data:`PART_LIST_CODES`.
        message: what is wrong, in plain words, with the value found.
        source: file name, or ``input`` for GraphQL.
        section: ``parts`` or ``intents``.
        line: 1-based part (or intent) line number, when the problem is in one line.
        row: physical row of the file or sheet.
        column: the column (header name) or input field.
        suggestions: expected names, or the closest known names.
        problems: every bad row when the reader found several (each with row, line, column and
            reason; the good rows around them were read); ``row``/``line``/``column`` name the first.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        source: str = "input",
        section: str = "parts",
        line: int | None = None,
        row: int | None = None,
        column: str | None = None,
        suggestions: Sequence[str] = (),
        problems: Sequence[RowProblem] = (),
    ) -> None:
        if code not in PART_LIST_CODES:
            raise ValueError(f"unknown part-list error code {code!r}")
        self.source = source
        self.section = section
        self.line = line
        self.row = row
        self.column = column
        self.suggestions = list(suggestions)
        self.reason = message  # what is wrong, without the where (``message`` starts with the where)
        self.problems = list(problems) or [RowProblem(row, line, column, message)]
        super().__init__(self._where(), message)
        self.code = code  # instance attribute: the class default is VALIDATION_ERROR

    def _where(self) -> str:
        if self.source in {"input", "graphql"}:
            path = "lines" if self.section == "parts" else "intents"
            if self.line is None:
                return path if self.column is None else f"{path}.{self.column}"
            return f"{path}[{self.line - 1}]" + (f".{self.column}" if self.column else "")
        head = self.source if self.section == "parts" else f"{self.source} ({self.section})"
        return ", ".join([head, *_place(self.row, self.line, self.column)])
