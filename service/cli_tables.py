"""Rich tables the CLI prints: a part number is never split across lines.

Rich wraps a cell at spaces and, when a column is narrower than a word, folds the word itself, so on a
narrow terminal ``MMA4Z00-NS400`` came out as ``MMA4Z00-N`` / ``S400``. A column of part numbers is
``no_wrap``: rich narrows the wrappable columns (messages, fixes, descriptions) first and folds a
part number only as the last resort, when nothing else is left to narrow. A chain of part numbers
(``MMA4Z00-NS ×32 + MFP7E10-N030 ×64 + MMA4Z00-NS400 ×64``) is broken into lines before each ``+``
and after each comma, never inside a part number::

    MMA4Z00-NS ×32
    + MFP7E10-N030 ×64
    + MMA4Z00-NS400 ×64
"""

from __future__ import annotations

import re
from typing import Any

from rich.table import Table
from rich.text import Text

__all__ = ["add_part_number_column", "chain_cell"]

_BREAK = re.compile(r" (?=\+ )|(?<=,) ")


def add_part_number_column(table: Table, header: str, **options: Any) -> None:
    """Add a column of part numbers (or device models, generic media names, chains from
    :func:`chain_cell`): each line kept whole; folded only when the table cannot fit otherwise."""
    table.add_column(header, no_wrap=True, overflow="fold", **options)


def chain_cell(text: str) -> Text:
    """A chain of part numbers as lines: a break before each `` + `` and after each comma (the text
    is data, never rich markup)."""
    return Text(_BREAK.sub("\n", text))
