"""How a typed name (part number, device model, form factor, alias) is matched against the
catalogue's names: surrounding blanks ignored, letter case ignored, and every Unicode dash or minus
read as the ASCII hyphen-minus part numbers use (a part number pasted from a PDF or a spreadsheet
often carries an en dash: ``MMA4Z00–NS400`` is ``MMA4Z00-NS400``)."""

from __future__ import annotations

__all__ = ["DASHES", "name_key"]

DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
"""Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign, small em
dash, small hyphen-minus, fullwidth hyphen-minus."""

_TO_HYPHEN = str.maketrans(dict.fromkeys(DASHES, "-"))


def name_key(name: str) -> str:
    """The key a typed name is looked up by: stripped, dashes as ``-``, case-folded.

    >>> name_key("  mma4z00\u2013ns400 ")
    'mma4z00-ns400'
    """
    return name.strip().translate(_TO_HYPHEN).casefold()
