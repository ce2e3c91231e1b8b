"""Read a part list from CSV or XLSX (or from GraphQL records) into a :class:`PartList`.

The file format
===============

Parts (required): a header row, then one part per row.

==============  ========  ==================================================================
column          required  accepted header spellings (case, spaces and punctuation ignored)
==============  ========  ==================================================================
part_number     yes       part_number, part number, part, part_no, pn, p/n, opn
quantity        yes       quantity, qty, count, pieces — a whole number ≥ 0
description     no        description, note, notes, comment (ignored by validation)
fiber_type      no        fiber_type, fiber, fiber_grade, grade — a generic media line (structured
                          cabling, no part number): OM1…OM5, OS1a, OS2
connector       no        connector, conn — generic media: LC/UPC, MPO-12/APC (LC alone: polish
                          not checked; empty: taken to match the transceivers, with a warning)
length_m        no        length_m, length, fiber_length_m — generic media: metres (empty: the run)
==============  ========  ==================================================================

A generic media line may leave part_number empty; it is reported as e.g. ``OM2 LC 150 m fiber``::

    part_number,quantity,fiber_type,connector,length_m
    SFP-10G-SR,2,,,
    ,1,OM2,LC,150

Link intents (optional): in an XLSX workbook a sheet named ``intents`` (the parts are then on the
sheet named ``parts``, or the first other sheet); for CSV a second file (``fabricgraph validate
parts.csv --intents intents.csv``).

==============  ========  ==================================================================
column          required  meaning
==============  ========  ==================================================================
from            yes       device model or alias (``QM9700``) or a bare form factor (``OSFP``)
to              yes       the same for the other end
links           yes       number of links, a whole number ≥ 1
rate_gbps       yes       rate per link (per splitter leg), Gb/s; ``rate``, ``rate (Gb/s)``
distance_m      yes       cable-run length, metres; ``distance``, ``distance (m)``, ``length_m``
from_cage       no        cage group of the ``from`` device when it has several (e.g. ``osfp``)
to_cage         no        the same for ``to``
protocol        no        InfiniBand (IB) or Ethernet (ETH)
==============  ========  ==================================================================

Example (``parts.csv``)::

    part_number,quantity
    MMA4Z00-NS,32
    MFP7E10-N030,64
    MMA4Z00-NS400,64

and ``intents.csv``::

    from,to,links,rate_gbps,distance_m
    QM9700,MCX75310AAS-NEAT,64,400,30

CSV text is UTF-8 (a byte-order mark is fine) or UTF-16 with a byte-order mark; the delimiter is
``,``, ``;`` or a tab, whichever the header uses. Blank rows are skipped (rows keep their physical
numbers). Anything else — a missing or misnamed column, a non-numeric, fractional or negative
quantity, an empty or binary file, a legacy ``.xls``, more lines than the configured maximum — is a
:class:`~service.procurement.errors.PartListError` naming the row, line and column. Bad part values do
not stop the reader: it reads on to the end, and the error lists every bad row (``problems``: row,
line, column, reason) and how many good rows it read around them.
"""

from __future__ import annotations

import csv
import difflib
import io
import math
import re
import warnings
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from service.domain.catalogue import Protocol
from service.procurement.errors import PartListError, RowProblem
from service.procurement.models import IntentEnd, LinkIntent, PartLine, PartList, medium_name
from service.procurement.settings import ProcurementSettings

__all__ = [
    "INTENT_COLUMNS",
    "PART_COLUMNS",
    "IntentRecord",
    "part_list_from_records",
    "read_part_list",
    "read_part_list_file",
]

PART_COLUMNS: dict[str, tuple[str, ...]] = {
    "part_number": ("part_number", "part", "part_no", "partno", "pn", "p_n", "opn"),
    "quantity": ("quantity", "qty", "count", "pieces", "pcs"),
}
_PART_OPTIONAL: dict[str, tuple[str, ...]] = {
    "description": ("description", "note", "notes", "comment", "comments"),
    "fiber_type": ("fiber_type", "fiber", "fiber_grade", "grade", "fibre_type"),
    "connector": ("connector", "conn"),
    "length_m": ("length_m", "length", "fiber_length_m", "length_metres"),
}
INTENT_COLUMNS: dict[str, tuple[str, ...]] = {
    "from": ("from", "a", "end_a", "from_device"),
    "to": ("to", "b", "end_b", "to_device"),
    "links": ("links", "link_count", "number_of_links"),
    "rate_gbps": ("rate_gbps", "rate", "rate_gb_s", "gbps", "speed_gbps"),
    "distance_m": ("distance_m", "distance", "length_m", "run_m", "reach_m"),
}
_INTENT_OPTIONAL: dict[str, tuple[str, ...]] = {
    "from_cage": ("from_cage", "a_cage", "cage_a"),
    "to_cage": ("to_cage", "b_cage", "cage_b"),
    "protocol": ("protocol",),
}

_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # legacy .xls (BIFF in an OLE2 container)
_XLSX_SUFFIXES = {".xlsx", ".xlsm"}
_PROTOCOLS = {
    "infiniband": Protocol.INFINIBAND,
    "ib": Protocol.INFINIBAND,
    "ethernet": Protocol.ETHERNET,
    "eth": Protocol.ETHERNET,
}

Cell = object
Row = tuple[int, tuple[Cell, ...]]  # (physical row, cell values)


@dataclass(frozen=True)
class IntentRecord:
    """An intent as GraphQL gives it (ends already split into device / cage / form factor)."""

    a: IntentEnd
    b: IntentEnd
    links: int
    rate_gbps: float
    distance_m: float
    protocol: Protocol | None = None


# --- public entry points --------------------------------------------------------------------------


def read_part_list_file(
    path: Path, intents_path: Path | None = None, settings: ProcurementSettings | None = None
) -> PartList:
    """Read ``path`` (CSV or XLSX) and, optionally, a separate intents file.

    Raises:
        PartListError: unreadable, too large or invalid content (names row, line and column).
    """
    limits = settings or ProcurementSettings()
    data = _read_bytes(path, limits)
    intents = (_read_bytes(intents_path, limits), intents_path.name) if intents_path is not None else None
    return read_part_list(data, path.name, intents=intents, settings=limits)


def read_part_list(
    data: bytes,
    filename: str,
    *,
    intents: tuple[bytes, str] | None = None,
    settings: ProcurementSettings | None = None,
) -> PartList:
    """Parse a part list from the bytes of a CSV or XLSX file.

    Args:
        data: the file's bytes.
        filename: its name (the suffix picks the reader; content sniffing catches a mislabelled
            workbook); used in error messages.
        intents: optional (bytes, file name) of a separate intents file (CSV or XLSX).
        settings: limits (maximum lines, intents, bytes).

    Returns:
        The part list: every non-blank part row, and the intents (from the workbook's ``intents``
        sheet or the separate file).

    Raises:
        PartListError: see :data:`~service.procurement.errors.PART_LIST_CODES`.
    """
    limits = settings or ProcurementSettings()
    if len(data) > limits.max_bytes:
        raise PartListError(
            "PART_LIST_TOO_LARGE",
            f"the file is {len(data):,} bytes; the limit is {limits.max_bytes:,} (FABRICGRAPH_PROCUREMENT_MAX_BYTES)",
            source=filename,
        )
    if _is_workbook(data, filename):
        parts_rows, intent_rows = _workbook_tables(data, filename, want_intents=intents is None)
    else:
        parts_rows, intent_rows = _csv_rows(data, filename), None
    lines = _parse_parts(parts_rows, filename, limits)
    parsed_intents: tuple[LinkIntent, ...] = ()
    intents_source: str | None = None
    if intents is not None:
        idata, iname = intents
        if _is_workbook(idata, iname):
            sheet_rows, _ = _workbook_tables(idata, iname, want_intents=False, sheet="intents")
        else:
            sheet_rows = _csv_rows(idata, iname)
        parsed_intents = _parse_intents(sheet_rows, iname, limits)
        intents_source = iname
    elif intent_rows is not None:
        parsed_intents = _parse_intents(intent_rows, filename, limits, allow_empty=True)
    return PartList(lines=lines, intents=parsed_intents, source=filename, intents_source=intents_source)


def part_list_from_records(
    lines: Sequence[tuple[str, int] | tuple[str, int, str | None, str | None, float | None]],
    intents: Sequence[IntentRecord] = (),
    settings: ProcurementSettings | None = None,
    source: str = "graphql",
) -> PartList:
    """Build a part list from structured input (GraphQL), with the same checks as a file.

    Each line is (part number, quantity), or (part number or "", quantity, fiber grade, connector,
    length in metres) for a generic media line.

    Raises:
        PartListError: ``field`` is the input path, e.g. ``lines[3].quantity``.
    """
    limits = settings or ProcurementSettings()
    if not lines:
        raise PartListError("PART_LIST_EMPTY", "the list has no lines", source=source)
    if len(lines) > limits.max_lines:
        raise PartListError(
            "PART_LIST_TOO_LARGE", f"{len(lines):,} lines; the limit is {limits.max_lines:,}", source=source
        )
    if len(intents) > limits.max_intents:
        raise PartListError(
            "PART_LIST_TOO_LARGE",
            f"{len(intents):,} intents; the limit is {limits.max_intents:,}",
            source=source,
            section="intents",
        )
    out: list[PartLine] = []
    for i, record in enumerate(lines, start=1):
        number, qty = record[0], record[1]
        pn = number.strip()
        if len(record) == 5 and record[2]:
            grade, connector, length = str(record[2]).strip(), record[3], record[4]
            if length is not None and (not math.isfinite(float(length)) or float(length) < 0):
                raise PartListError(
                    "PART_LIST_VALUE",
                    f"line {i}: the fiber length must be a number ≥ 0 m, got {float(length):g}",
                    source=source,
                    line=i,
                    column="lengthM",
                )
            if qty < 0:
                raise PartListError(
                    "PART_LIST_VALUE", f"line {i}: quantity {qty} is negative", source=source, line=i, column="quantity"
                )
            conn = str(connector).strip() if connector else None
            size = float(length) if length is not None else None
            out.append(
                PartLine(
                    line=i,
                    part_number=pn or medium_name(grade, conn, size),
                    quantity=qty,
                    fiber_type=grade,
                    connector=conn,
                    length_m=size,
                )
            )
            continue
        if not pn:
            raise PartListError(
                "PART_LIST_VALUE",
                f"line {i}: the part number is empty",
                source=source,
                line=i,
                column="partNumber",
            )
        if qty < 0:
            raise PartListError(
                "PART_LIST_VALUE",
                f"line {i}: quantity {qty} is negative",
                source=source,
                line=i,
                column="quantity",
            )
        out.append(PartLine(line=i, part_number=pn, quantity=qty))
    parsed: list[LinkIntent] = []
    for i, rec in enumerate(intents, start=1):

        def bad(column: str, message: str, i: int = i) -> PartListError:
            return PartListError(
                "PART_LIST_VALUE",
                f"intent {i}: {message}",
                source=source,
                section="intents",
                line=i,
                column=column,
            )

        if rec.links < 1:
            raise bad("links", f"links must be at least 1, got {rec.links}")
        if not math.isfinite(rec.rate_gbps) or rec.rate_gbps <= 0:
            raise bad("rateGbps", f"the rate must be a number > 0 Gb/s, got {rec.rate_gbps:g}")
        if not math.isfinite(rec.distance_m) or rec.distance_m <= 0:
            raise bad("distanceM", f"the distance must be a number greater than 0 metres, got {rec.distance_m + 0.0:g}")
        parsed.append(
            LinkIntent(
                number=i,
                a=rec.a,
                b=rec.b,
                links=rec.links,
                rate_gbps=rec.rate_gbps,
                distance_m=rec.distance_m,
                protocol=rec.protocol,
            )
        )
    return PartList(lines=tuple(out), intents=tuple(parsed), source=source)


# --- bytes, text, workbooks ----------------------------------------------------------------------


def _read_bytes(path: Path, limits: ProcurementSettings) -> bytes:
    try:
        size = path.stat().st_size
        if size > limits.max_bytes:
            raise PartListError(
                "PART_LIST_TOO_LARGE",
                f"the file is {size:,} bytes; the limit is {limits.max_bytes:,} (FABRICGRAPH_PROCUREMENT_MAX_BYTES)",
                source=path.name,
            )
        return path.read_bytes()
    except IsADirectoryError:
        raise PartListError("PART_LIST_FORMAT", "is a directory, not a CSV or XLSX file", source=path.name) from None
    except OSError as exc:
        raise PartListError("PART_LIST_FORMAT", f"cannot be read: {exc.strerror or exc}", source=path.name) from None


def _is_workbook(data: bytes, filename: str) -> bool:
    if data.startswith(_OLE_MAGIC) or filename.lower().endswith(".xls"):
        raise PartListError(
            "PART_LIST_FORMAT",
            "legacy Excel 97-2003 (.xls) workbooks are not read; save it as .xlsx (Excel Workbook) or as CSV UTF-8",
            source=filename,
        )
    return data.startswith(_ZIP_MAGIC) or Path(filename).suffix.lower() in _XLSX_SUFFIXES


def _decode(data: bytes, filename: str) -> str:
    if not data.strip(b" \t\r\n\x00\xef\xbb\xbf"):
        raise PartListError(
            "PART_LIST_EMPTY",
            "the file is empty; expected a header row part_number,quantity and one row per part",
            source=filename,
            suggestions=list(PART_COLUMNS),
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise PartListError("PART_LIST_ENCODING", f"invalid UTF-16 at byte {exc.start}", source=filename) from None
    nul = data.find(b"\x00", 0, 65536)
    if nul >= 0:
        raise PartListError(
            "PART_LIST_BINARY",
            f"this is a binary file (a NUL byte at offset {nul}), not CSV text; give a CSV (UTF-8) or an XLSX workbook",
            source=filename,
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        row = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise PartListError(
            "PART_LIST_ENCODING",
            f"byte 0x{data[exc.start]:02X} at character {col} is not UTF-8; save the file as 'CSV UTF-8'",
            source=filename,
            row=row,
        ) from None


def _csv_rows(data: bytes, filename: str) -> Iterator[Row]:
    text = _decode(data, filename)
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    delimiter = max((",", ";", "\t"), key=lambda d: (first.count(d), d == ","))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    return _guard_csv(reader, filename)


def _guard_csv(reader: Iterable[list[str]], filename: str) -> Iterator[Row]:
    it = iter(reader)
    while True:
        try:
            cells = next(it)
        except StopIteration:
            return
        except csv.Error as exc:
            line_num = getattr(reader, "line_num", None)
            raise PartListError(
                "PART_LIST_FORMAT", f"not valid CSV: {exc}", source=filename, row=line_num or None
            ) from None
        yield getattr(reader, "line_num", 0), tuple(cells)


def _workbook_tables(
    data: bytes, filename: str, *, want_intents: bool, sheet: str = "parts"
) -> tuple[Iterator[Row], Iterator[Row] | None]:
    """Rows of the ``sheet`` sheet (else the first sheet not named ``intents``, or the first one) and,
    when ``want_intents``, of the ``intents`` sheet if there is one."""
    import openpyxl  # type: ignore[import-untyped]
    from openpyxl.utils.exceptions import InvalidFileException  # type: ignore[import-untyped]

    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise PartListError(
            "PART_LIST_BINARY",
            "this is not an XLSX workbook (not a valid zip container); give an .xlsx file or CSV text",
            source=filename,
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about styles and extensions it skips
            wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise PartListError(
            "PART_LIST_FORMAT", f"not a readable XLSX workbook ({exc.__class__.__name__})", source=filename
        ) from None
    names = {n.casefold(): n for n in wb.sheetnames}
    chosen = names.get(sheet) or next((n for n in wb.sheetnames if n.casefold() != "intents"), None)
    if chosen is None:
        chosen = wb.sheetnames[0]
    intents_name = names.get("intents") if want_intents and chosen.casefold() != "intents" else None

    def rows(name: str) -> Iterator[Row]:
        try:
            for i, values in enumerate(wb[name].iter_rows(values_only=True), start=1):
                yield i, tuple(values)
        except (zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
            raise PartListError(
                "PART_LIST_FORMAT",
                f"sheet {name!r} cannot be read ({exc.__class__.__name__})",
                source=filename,
            ) from None

    return rows(chosen), (rows(intents_name) if intents_name else None)


# --- tables → lines and intents ------------------------------------------------------------------


def _norm(header: object) -> str:
    return re.sub(r"[^0-9a-z]+", "_", str(header).casefold()).strip("_")


def _text(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _header(
    rows: Iterator[Row],
    filename: str,
    section: str,
    required: dict[str, tuple[str, ...]],
    optional: dict[str, tuple[str, ...]],
) -> tuple[int, dict[str, int]] | None:
    """(header row, column index per canonical name); None when the table has no non-blank row."""
    for row_no, cells in rows:
        texts = [_text(c) for c in cells]
        if not any(texts):
            continue
        found: dict[str, int] = {}
        unmapped: list[str] = []
        aliases = {a: name for name, spellings in {**required, **optional}.items() for a in spellings}
        for idx, text in enumerate(texts):
            if not text:
                continue
            name = aliases.get(_norm(text))
            if name is None:
                unmapped.append(text)
            elif name in found:
                raise PartListError(
                    "PART_LIST_COLUMNS",
                    f"columns {texts[found[name]]!r} and {text!r} both give {name}; keep one",
                    source=filename,
                    section=section,
                    row=row_no,
                    column=text,
                    suggestions=[name],
                )
            else:
                found[name] = idx
        missing = [name for name in required if name not in found]
        if missing:
            raise _missing_columns(missing, texts, unmapped, required, filename, section, row_no)
        return row_no, found
    return None


def _missing_columns(
    missing: list[str],
    texts: list[str],
    unmapped: list[str],
    required: dict[str, tuple[str, ...]],
    filename: str,
    section: str,
    row_no: int,
) -> PartListError:
    present = ", ".join(t for t in texts if t) or "nothing"
    expected = ",".join(required)
    hints: list[str] = []
    renames: list[str] = []
    for name in missing:
        close = _close(name, required[name], unmapped)
        if close:
            hints.append(f"rename {close[0]!r} to {name!r}")
            renames.append(close[0])
    if len(missing) == len(required) and not renames:
        message = f"no {section} header row: the first non-blank row must be {expected} (found: {present})"
    else:
        message = f"missing column(s) {', '.join(missing)}; the header has {present}; expected {expected}" + (
            "; " + "; ".join(hints) if hints else ""
        )
    return PartListError(
        "PART_LIST_COLUMNS",
        message,
        source=filename,
        section=section,
        row=row_no,
        column=renames[0] if renames else missing[0],
        suggestions=missing,
    )


def _close(name: str, spellings: tuple[str, ...], candidates: list[str]) -> list[str]:
    by_norm = {_norm(c): c for c in candidates}
    best: list[tuple[float, str]] = []
    for norm, original in by_norm.items():
        score = max(difflib.SequenceMatcher(None, norm, s).ratio() for s in (name, *spellings))
        if score >= 0.8:
            best.append((score, original))
    return [c for _, c in sorted(best, key=lambda x: -x[0])]


def _cell(cells: tuple[Cell, ...], idx: int | None) -> Cell:
    return cells[idx] if idx is not None and idx < len(cells) else None


MAX_WHOLE = 2**31 - 1
"""The largest quantity (or link count) a cell may hold: the bound of the GraphQL ``Int`` the same
list takes through ``validatePartList``, so a file and the API accept the same lists (a 23-digit
quantity is a typo, not an order)."""


def _whole(value: Cell, what: str) -> int:
    """A whole number in 0..:data:`MAX_WHOLE` from a cell (int, integral float, or text such as
    "32" / "32.0")."""
    if isinstance(value, bool) or value is None:
        raise ValueError(f"{what} is empty" if value is None else f"{what} {value!r} is not a whole number")
    if isinstance(value, int):
        number = value
    elif isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise ValueError(f"{what} {value:g} is not a whole number")
        number = int(value)
    else:
        text = _text(value)
        if not text:
            raise ValueError(f"{what} is empty")
        match = re.fullmatch(r"([+-]?)(\d+)(?:\.0*)?", text)
        if not match:
            raise ValueError(f"{what} {text!r} is not a whole number")
        number = int(match.group(2)) * (-1 if match.group(1) == "-" else 1)
    if number < 0:
        raise ValueError(f"{what} {number} is negative")
    if number > MAX_WHOLE:
        raise ValueError(f"{what} {number:,} is above the largest accepted, {MAX_WHOLE:,}")
    return number


def _real(value: Cell, what: str) -> float:
    if isinstance(value, bool) or value is None:
        raise ValueError(f"{what} is empty" if value is None else f"{what} {value!r} is not a number")
    if isinstance(value, int | float):
        number = float(value)
    else:
        text = _text(value)
        if not text:
            raise ValueError(f"{what} is empty")
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"{what} {text!r} is not a number") from None
    if not math.isfinite(number):
        raise ValueError(f"{what} {value!r} is not a finite number")
    return number


def _parse_parts(rows: Iterator[Row], filename: str, limits: ProcurementSettings) -> tuple[PartLine, ...]:
    header = _header(rows, filename, "parts", PART_COLUMNS, _PART_OPTIONAL)
    if header is None:
        raise PartListError(
            "PART_LIST_EMPTY",
            "no rows: expected a header row part_number,quantity and one row per part",
            source=filename,
            suggestions=list(PART_COLUMNS),
        )
    _, cols = header
    pi, qi = cols["part_number"], cols["quantity"]
    fi, ci, li = cols.get("fiber_type"), cols.get("connector"), cols.get("length_m")
    out: list[PartLine] = []
    bad: list[PartListError] = []  # every bad row; reading goes on past each, so all are reported
    for row_no, cells in rows:
        pn_cell, qty_cell = _cell(cells, pi), _cell(cells, qi)
        pn = pn_cell.strip() if type(pn_cell) is str else _text(pn_cell)
        grade = _text(_cell(cells, fi)) if fi is not None else ""
        if grade:
            line = len(out) + len(bad) + 1
            if line > limits.max_lines:
                raise _too_many(limits, filename, row_no, line)
            try:
                out.append(_medium_line(cells, row_no, line, pn, grade, qi, ci, li, filename))
            except PartListError as exc:
                bad.append(exc)
            continue
        if not bad and type(qty_cell) is str and qty_cell.isdigit() and len(qty_cell) < 10 and pn:  # fast path
            line = len(out) + 1
            if line > limits.max_lines:
                raise _too_many(limits, filename, row_no, line)
            # Values checked here, so the model is built without re-validating 10,000 times.
            out.append(_part_line(line, row_no, pn, int(qty_cell)))
            continue
        qty_text = _text(qty_cell)
        if not pn and not qty_text:
            continue  # a blank (or description-only) row
        line = len(out) + len(bad) + 1
        if line > limits.max_lines:
            raise _too_many(limits, filename, row_no, line)
        if not pn:
            bad.append(
                PartListError(
                    "PART_LIST_VALUE",
                    f"the part number is empty (quantity {qty_text!r})",
                    source=filename,
                    row=row_no,
                    line=line,
                    column="part_number",
                )
            )
            continue
        try:
            qty = _whole(qty_cell, "quantity")
        except ValueError as exc:
            bad.append(
                PartListError(
                    "PART_LIST_VALUE",
                    f"{exc} (part {pn})",
                    source=filename,
                    row=row_no,
                    line=line,
                    column="quantity",
                )
            )
            continue
        out.append(PartLine(line=line, row=row_no, part_number=pn, quantity=qty))
    if bad:
        raise _bad_rows(bad, len(out), filename)
    if not out:
        raise PartListError(
            "PART_LIST_EMPTY",
            "the header is there but no part rows follow it",
            source=filename,
            row=header[0],
        )
    return tuple(out)


_PART_LINE_SET = frozenset({"line", "row", "part_number", "quantity"})
_new_part_line = PartLine.__new__
_set_attribute = object.__setattr__


def _part_line(line: int, row: int, part_number: str, quantity: int) -> PartLine:
    """``PartLine.model_construct(line=…, row=…, part_number=…, quantity=…)`` without its per-call
    field walk (defaults looked up one by one: 4.5 µs a line, 45 ms of a 10,000-line list; this is
    1 µs). The caller has checked the values (a positive line and row, a non-empty stripped part
    number, a whole quantity ≥ 0). tests/unit/procurement/test_procurement_reader.py checks it equals
    ``model_construct`` (fields, fields set, dump, hash)."""
    made = _new_part_line(PartLine)
    _set_attribute(
        made,
        "__dict__",
        {
            "line": line,
            "row": row,
            "part_number": part_number,
            "quantity": quantity,
            "fiber_type": None,
            "connector": None,
            "length_m": None,
        },
    )
    _set_attribute(made, "__pydantic_fields_set__", set(_PART_LINE_SET))
    _set_attribute(made, "__pydantic_extra__", None)
    _set_attribute(made, "__pydantic_private__", None)
    return made


def _medium_line(
    cells: tuple[Cell, ...],
    row_no: int,
    line: int,
    pn: str,
    grade: str,
    qi: int,
    ci: int | None,
    li: int | None,
    filename: str,
) -> PartLine:
    """A generic media line: fiber grade, connector and length (metres) instead of a part number."""
    connector = _text(_cell(cells, ci)) if ci is not None else ""
    length_text = _text(_cell(cells, li)) if li is not None else ""
    try:
        qty = _whole(_cell(cells, qi), "quantity")
        length = _real(_cell(cells, li), "length_m") if length_text else None
        if length is not None and length < 0:
            raise ValueError(f"length_m {length:g} is negative")
    except ValueError as exc:
        column = "length_m" if str(exc).startswith("length_m") else "quantity"
        raise PartListError(
            "PART_LIST_VALUE", f"{exc} ({grade} fiber)", source=filename, row=row_no, line=line, column=column
        ) from None
    return PartLine(
        line=line,
        row=row_no,
        part_number=pn or medium_name(grade, connector or None, length),
        quantity=qty,
        fiber_type=grade,
        connector=connector or None,
        length_m=length,
    )


def _bad_rows(bad: list[PartListError], good: int, filename: str) -> PartListError:
    """One error for every bad part row: the first one's own error when it is the only one, else a
    PART_LIST_VALUE whose message and ``problems`` name each bad row (row, line, column, reason) and
    say how many good rows were read around them."""
    if len(bad) == 1:
        return bad[0]
    first = bad[0]
    problems = [RowProblem(e.row, e.line, e.column, e.reason) for e in bad]
    listed = "; ".join(f"{p.where()}: {p.message}" for p in problems)
    return PartListError(
        "PART_LIST_VALUE",
        f"{len(bad)} bad rows ({good} good row(s) read; fix these and submit again): {listed}",
        source=filename,
        row=first.row,
        line=first.line,
        column=first.column,
        problems=problems,
    )


def _too_many(limits: ProcurementSettings, filename: str, row_no: int, line: int) -> PartListError:
    return PartListError(
        "PART_LIST_TOO_LARGE",
        f"more than {limits.max_lines:,} part lines; split the list or raise FABRICGRAPH_PROCUREMENT_MAX_LINES",
        source=filename,
        row=row_no,
        line=line,
    )


def _parse_intents(
    rows: Iterator[Row], filename: str, limits: ProcurementSettings, allow_empty: bool = False
) -> tuple[LinkIntent, ...]:
    header = _header(rows, filename, "intents", INTENT_COLUMNS, _INTENT_OPTIONAL)
    if header is None:
        if allow_empty:
            return ()
        raise PartListError(
            "PART_LIST_EMPTY",
            "the intents file is empty; expected the header " + ",".join(INTENT_COLUMNS),
            source=filename,
            section="intents",
        )
    _, cols = header
    out: list[LinkIntent] = []
    for row_no, cells in rows:
        values = {name: _cell(cells, idx) for name, idx in cols.items()}
        if not any(_text(v) for v in values.values()):
            continue
        number = len(out) + 1
        if number > limits.max_intents:
            raise PartListError(
                "PART_LIST_TOO_LARGE",
                f"more than {limits.max_intents:,} intents (FABRICGRAPH_PROCUREMENT_MAX_INTENTS)",
                source=filename,
                section="intents",
                row=row_no,
                line=number,
            )

        def bad(column: str, message: str, row_no: int = row_no, number: int = number) -> PartListError:
            return PartListError(
                "PART_LIST_VALUE",
                message,
                source=filename,
                section="intents",
                row=row_no,
                line=number,
                column=column,
            )

        ends: list[IntentEnd] = []
        for side in ("from", "to"):
            name = _text(values[side])
            if not name:
                raise bad(
                    side,
                    f"the '{side}' end is empty: give a device model (e.g. QM9700) or a form factor (e.g. OSFP)",
                )
            cage = _text(values.get(f"{side}_cage")) or None
            ends.append(IntentEnd(name=name, cage=cage))
        try:
            links = _whole(values["links"], "links")
        except ValueError as exc:
            raise bad("links", str(exc)) from None
        if links < 1:
            raise bad("links", "links must be at least 1")
        try:
            rate = _real(values["rate_gbps"], "rate_gbps")
        except ValueError as exc:
            raise bad("rate_gbps", str(exc)) from None
        if rate <= 0:
            raise bad("rate_gbps", f"rate_gbps must be > 0, got {rate:g}")
        try:
            distance = _real(values["distance_m"], "distance_m")
        except ValueError as exc:
            raise bad("distance_m", str(exc)) from None
        if distance <= 0:
            raise bad("distance_m", f"distance_m must be greater than 0 metres, got {distance + 0.0:g}")
        proto_text = _text(values.get("protocol"))
        protocol = None
        if proto_text:
            protocol = _PROTOCOLS.get(proto_text.casefold())
            if protocol is None:
                raise bad("protocol", f"protocol {proto_text!r} is not InfiniBand or Ethernet")
        out.append(
            LinkIntent(
                number=number,
                row=row_no,
                a=ends[0],
                b=ends[1],
                links=links,
                rate_gbps=rate,
                distance_m=distance,
                protocol=protocol,
            )
        )
    if not out and not allow_empty:
        raise PartListError(
            "PART_LIST_EMPTY",
            "the intents file has a header but no intents",
            source=filename,
            section="intents",
            row=header[0],
        )
    return tuple(out)
