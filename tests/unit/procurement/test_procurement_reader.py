"""Reading part lists from CSV and XLSX: the documented columns, and a typed error naming the row,
line and column for every bad file (nothing half-read is returned)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.domain.catalogue import Protocol
from service.procurement import (
    IntentEnd,
    IntentRecord,
    PartListError,
    ProcurementSettings,
    part_list_from_records,
    read_part_list,
    read_part_list_file,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "procurement"
P01 = b"part_number,quantity\nMMA4Z00-NS,32\nMFP7E10-N030,64\nMMA4Z00-NS400,64\n"
INTENTS = b"from,to,links,rate_gbps,distance_m\nQM9700,MCX75310AAS-NEAT,64,400,30\n"


def xlsx(parts: list[list[object]], intents: list[list[object]] | None = None, parts_title: str = "parts") -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = parts_title
    for row in parts:
        ws.append(row)
    if intents is not None:
        wi = wb.create_sheet("intents")
        for row in intents:
            wi.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def error(data: bytes, name: str = "parts.csv", **kw: object) -> PartListError:
    with pytest.raises(PartListError) as info:
        read_part_list(data, name, **kw)  # type: ignore[arg-type]
    return info.value


class TestGoodFiles:
    def test_the_p01_csv_and_its_intents_file(self) -> None:
        pl = read_part_list(P01, "p01.csv", intents=(INTENTS, "intents.csv"))
        assert [(ln.line, ln.row, ln.part_number, ln.quantity) for ln in pl.lines] == [
            (1, 2, "MMA4Z00-NS", 32),
            (2, 3, "MFP7E10-N030", 64),
            (3, 4, "MMA4Z00-NS400", 64),
        ]
        (i,) = pl.intents
        assert (i.number, i.row, i.a.name, i.b.name, i.links, i.rate_gbps, i.distance_m) == (
            1,
            2,
            "QM9700",
            "MCX75310AAS-NEAT",
            64,
            400.0,
            30.0,
        )
        assert pl.source == "p01.csv"

    def test_the_committed_fixtures_read(self) -> None:
        pl = read_part_list_file(FIXTURES / "p01_parts.csv", FIXTURES / "p01_intents.csv")
        assert [(ln.part_number, ln.quantity) for ln in pl.lines] == [
            ("MMA4Z00-NS", 32),
            ("MFP7E10-N030", 64),
            ("MMA4Z00-NS400", 64),
        ]
        assert pl.intents[0].label == "64 × QM9700 → MCX75310AAS-NEAT, 400 Gb/s, 30 m"

    def test_header_spellings_bom_semicolons_blank_rows_and_a_description_column(self) -> None:
        data = "\ufeffPart Number;Qty;Description\n\nMMA4Z00-NS; 32 ;switch side\n;;\nMFP7E10-N030;64.0;\n"
        pl = read_part_list(data.encode(), "p.csv")
        assert [(ln.line, ln.row, ln.part_number, ln.quantity) for ln in pl.lines] == [
            (1, 3, "MMA4Z00-NS", 32),
            (2, 5, "MFP7E10-N030", 64),
        ]

    def test_utf16_with_a_byte_order_mark(self) -> None:
        pl = read_part_list(P01.decode().encode("utf-16"), "p.csv")
        assert len(pl.lines) == 3

    def test_an_xlsx_with_parts_and_intents_sheets_reads_like_the_csv_pair(self) -> None:
        book = xlsx(
            [["part_number", "quantity"], ["MMA4Z00-NS", 32], ["MFP7E10-N030", 64], ["MMA4Z00-NS400", 64]],
            [["from", "to", "links", "rate_gbps", "distance_m"], ["QM9700", "MCX75310AAS-NEAT", 64, 400, 30]],
        )
        from_xlsx = read_part_list(book, "p01.xlsx")
        from_csv = read_part_list(P01, "p01.csv", intents=(INTENTS, "intents.csv"))
        assert (from_xlsx.lines, from_xlsx.intents) == (from_csv.lines, from_csv.intents)

    def test_a_workbook_is_recognised_by_content_whatever_its_name(self) -> None:
        book = xlsx([["part_number", "quantity"], ["MMA4Z00-NS", 1]], parts_title="Sheet1")
        assert read_part_list(book, "export.csv").lines[0].part_number == "MMA4Z00-NS"

    def test_intent_columns_with_cages_and_protocol(self) -> None:
        data = b"from,from_cage,to,links,rate (Gb/s),distance (m),protocol\nQFX5140,osfp,OSFP,8,400,5,eth\n"
        (i,) = read_part_list(P01, "p.csv", intents=(data, "i.csv")).intents
        assert (i.a, i.b, i.protocol) == (
            IntentEnd(name="QFX5140", cage="osfp"),
            IntentEnd(name="OSFP"),
            Protocol.ETHERNET,
        )


class TestBadFiles:
    def test_a_misnamed_column_gets_the_expected_name(self) -> None:
        err = error(b"part_numbr,quantity\nMMA4Z00-NS,1\n")
        assert (err.code, err.row, err.column, err.suggestions) == (
            "PART_LIST_COLUMNS",
            1,
            "part_numbr",
            ["part_number"],
        )
        assert "rename 'part_numbr' to 'part_number'" in err.message

    def test_a_missing_column(self) -> None:
        err = error(b"part_number,price\nMMA4Z00-NS,1\n")
        assert (err.code, err.column, err.suggestions) == ("PART_LIST_COLUMNS", "quantity", ["quantity"])
        assert "missing column(s) quantity; the header has part_number, price" in err.message

    def test_no_header_row(self) -> None:
        err = error(b"MMA4Z00-NS,32\n")
        assert err.code == "PART_LIST_COLUMNS"
        assert "the first non-blank row must be part_number,quantity (found: MMA4Z00-NS, 32)" in err.message

    def test_a_column_given_twice(self) -> None:
        err = error(b"part_number,qty,quantity\nMMA4Z00-NS,1,1\n")
        assert (err.code, err.column) == ("PART_LIST_COLUMNS", "quantity")

    @pytest.mark.parametrize(
        ("cell", "message"),
        [
            ("abc", "quantity 'abc' is not a whole number (part MMA4Z00-NS400)"),
            ("-4", "quantity -4 is negative (part MMA4Z00-NS400)"),
            ("2.5", "quantity '2.5' is not a whole number (part MMA4Z00-NS400)"),
            ("", "quantity is empty (part MMA4Z00-NS400)"),
        ],
    )
    def test_a_bad_quantity_names_row_line_and_column(self, cell: str, message: str) -> None:
        data = f"part_number,quantity\nMMA4Z00-NS,32\n\nMMA4Z00-NS400,{cell}\n".encode()
        err = error(data)
        assert (err.code, err.row, err.line, err.column) == ("PART_LIST_VALUE", 4, 2, "quantity")
        assert err.message == f"parts.csv, row 4 (line 2), column quantity: {message}"

    def test_an_empty_part_number(self) -> None:
        err = error(b"part_number,quantity\n,5\n")
        assert (err.code, err.row, err.line, err.column) == ("PART_LIST_VALUE", 2, 1, "part_number")

    @pytest.mark.parametrize("data", [b"", b"  \n\r\n", b"\xef\xbb\xbf"])
    def test_an_empty_file(self, data: bytes) -> None:
        assert error(data).code == "PART_LIST_EMPTY"

    def test_a_header_without_lines(self) -> None:
        err = error(b"part_number,quantity\n\n")
        assert (err.code, err.row) == ("PART_LIST_EMPTY", 1)

    def test_a_binary_file(self) -> None:
        png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
        assert error(png, "parts.csv").code == "PART_LIST_BINARY"

    def test_a_zip_that_is_not_a_workbook(self) -> None:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            z.writestr("hello.txt", "hi")
        assert error(buf.getvalue(), "parts.xlsx").code == "PART_LIST_FORMAT"

    def test_a_truncated_workbook_is_binary_not_a_crash(self) -> None:
        book = xlsx([["part_number", "quantity"], ["MMA4Z00-NS", 1]])
        assert error(book[:200], "parts.xlsx").code in {"PART_LIST_BINARY", "PART_LIST_FORMAT"}

    def test_a_legacy_xls_workbook(self) -> None:
        ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512
        err = error(ole, "parts.xls")
        assert err.code == "PART_LIST_FORMAT"
        assert ".xlsx" in err.message

    def test_latin1_text_is_refused_naming_the_row(self) -> None:
        data = "part_number,quantity\nMMA4Z00-NS,32\nCâble,4\n".encode("latin-1")
        err = error(data)
        assert (err.code, err.row) == ("PART_LIST_ENCODING", 3)
        assert "byte 0xE2 at character 2 is not UTF-8" in err.message

    def test_a_100000_line_csv_is_refused_above_the_configured_maximum(self) -> None:
        data = b"part_number,quantity\n" + b"MMA4Z00-NS,1\n" * 100_000
        err = error(data)
        assert (err.code, err.line, err.row) == ("PART_LIST_TOO_LARGE", 20_001, 20_002)
        assert "more than 20,000 part lines" in err.message

    def test_a_100000_line_sheet_is_refused_too(self) -> None:
        wb = openpyxl.Workbook(write_only=True)
        ws = wb.create_sheet("parts")
        ws.append(["part_number", "quantity"])
        for _ in range(100_000):
            ws.append(["MMA4Z00-NS", 1])
        buf = io.BytesIO()
        wb.save(buf)
        err = error(buf.getvalue(), "big.xlsx")
        assert (err.code, err.line, err.row) == ("PART_LIST_TOO_LARGE", 20_001, 20_002)

    def test_the_byte_limit(self) -> None:
        big = b"part_number,quantity\n" + b"X,1\n" * 400
        assert error(big, settings=ProcurementSettings(max_bytes=1_000)).code == "PART_LIST_TOO_LARGE"

    @pytest.mark.parametrize(
        ("row", "column", "message"),
        [
            ("QM9700,MCX75310AAS-NEAT,0,400,30", "links", "links must be at least 1"),
            ("QM9700,MCX75310AAS-NEAT,64,fast,30", "rate_gbps", "rate_gbps 'fast' is not a number"),
            ("QM9700,MCX75310AAS-NEAT,64,400,-3", "distance_m", "distance_m must be greater than 0 metres, got -3"),
            ("QM9700,MCX75310AAS-NEAT,64,400,0", "distance_m", "distance_m must be greater than 0 metres, got 0"),
            (",MCX75310AAS-NEAT,64,400,30", "from", "the 'from' end is empty"),
        ],
    )
    def test_bad_intents_name_the_intents_file_row_and_column(self, row: str, column: str, message: str) -> None:
        data = f"from,to,links,rate_gbps,distance_m\n{row}\n".encode()
        err = error(P01, intents=(data, "intents.csv"))
        assert (err.code, err.section, err.row, err.line, err.column) == (
            "PART_LIST_VALUE",
            "intents",
            2,
            1,
            column,
        )
        assert err.message.startswith(f"intents.csv (intents), row 2 (line 1), column {column}: {message}")

    def test_an_unknown_protocol(self) -> None:
        data = b"from,to,links,rate_gbps,distance_m,protocol\nQM9700,QM9700,1,400,1,FibreChannel\n"
        assert error(P01, intents=(data, "i.csv")).column == "protocol"


class TestGraphqlRecords:
    def test_a_negative_quantity_names_the_input_path(self) -> None:
        with pytest.raises(PartListError) as info:
            part_list_from_records([("MMA4Z00-NS", 32), ("MMA4Z00-NS400", -1)])
        assert (info.value.code, info.value.field) == ("PART_LIST_VALUE", "lines[1].quantity")

    def test_an_empty_list(self) -> None:
        with pytest.raises(PartListError) as info:
            part_list_from_records([])
        assert info.value.code == "PART_LIST_EMPTY"

    def test_more_lines_than_allowed(self) -> None:
        with pytest.raises(PartListError) as info:
            part_list_from_records([("X", 1)] * 11, settings=ProcurementSettings(max_lines=10))
        assert info.value.code == "PART_LIST_TOO_LARGE"

    @pytest.mark.parametrize("distance", [-1.0, 0.0])
    def test_an_intent_with_a_distance_not_above_0_m(self, distance: float) -> None:
        rec = IntentRecord(
            a=IntentEnd(device="QM9700"), b=IntentEnd(device="QM9700"), links=1, rate_gbps=400, distance_m=distance
        )
        with pytest.raises(PartListError) as info:
            part_list_from_records([("X", 1)], [rec])
        assert (info.value.code, info.value.field) == ("PART_LIST_VALUE", "intents[0].distanceM")
        assert f"the distance must be a number greater than 0 metres, got {distance:g}" in info.value.message


part_numbers = st.text(alphabet="ABCDEFGHJKMNPQRSTVWXYZ0123456789-", min_size=1, max_size=16).filter(
    lambda s: s.strip("-") == s
)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(part_numbers, st.integers(min_value=0, max_value=10_000)), min_size=1, max_size=20))
def test_csv_and_xlsx_read_the_same_lines(rows: list[tuple[str, int]]) -> None:
    """Whatever the list, the CSV and the XLSX spelling of it give the same part lines."""
    csv_text = "part_number,quantity\n" + "".join(f"{pn},{q}\n" for pn, q in rows)
    from_csv = read_part_list(csv_text.encode(), "l.csv")
    from_xlsx = read_part_list(xlsx([["part_number", "quantity"], *[[pn, q] for pn, q in rows]]), "l.csv")
    assert from_csv.lines == from_xlsx.lines
    assert [(ln.part_number, ln.quantity) for ln in from_csv.lines] == rows


@pytest.mark.parametrize("quantity", ["99999999999999999999999", "2147483648"])
def test_a_quantity_above_the_graphql_int_bound_is_a_typed_error(quantity: str) -> None:
    """The trial: a 23-digit quantity (a paste into the wrong column) was accepted from a file, while
    validatePartList takes at most 2^31 − 1 through its Int input; a file now has the same bound."""
    with pytest.raises(PartListError) as info:
        read_part_list(f"part_number,quantity\nMMA4Z00-NS,{quantity}\n".encode(), "big.csv")
    err = info.value
    assert (err.code, err.row, err.line, err.column) == ("PART_LIST_VALUE", 2, 1, "quantity")
    assert err.message == (
        f"big.csv, row 2 (line 1), column quantity: quantity {int(quantity):,} is above the largest accepted, "
        "2,147,483,647 (part MMA4Z00-NS)"
    )


def test_the_largest_accepted_quantity_is_read() -> None:
    (line,) = read_part_list(b"part_number,quantity\nMMA4Z00-NS,2147483647\n", "max.csv").lines
    assert line.quantity == 2_147_483_647


def test_an_intent_with_more_links_than_the_bound_is_a_typed_error() -> None:
    intents = b"from,to,links,rate_gbps,distance_m\nQM9700,MCX75310AAS-NEAT,3000000000,400,30\n"
    with pytest.raises(PartListError) as info:
        read_part_list(P01, "p.csv", intents=(intents, "i.csv"))
    assert (info.value.code, info.value.source, info.value.column) == ("PART_LIST_VALUE", "i.csv", "links")


def test_fast_part_line_equals_model_construct() -> None:
    """The reader's fast PartLine (the common row: part number and whole quantity) is the model
    ``model_construct`` builds: same fields, same fields set, same dump, hash and repr; and frozen."""
    from pydantic import ValidationError

    from service.procurement.models import PartLine
    from service.procurement.reader import _part_line

    fast = _part_line(7, 9, "MMA4Z00-NS", 12)
    slow = PartLine.model_construct(line=7, row=9, part_number="MMA4Z00-NS", quantity=12)
    assert fast == slow
    assert fast.model_fields_set == slow.model_fields_set == {"line", "row", "part_number", "quantity"}
    assert fast.model_dump() == slow.model_dump()
    assert fast.model_dump(exclude_unset=True) == {"line": 7, "row": 9, "part_number": "MMA4Z00-NS", "quantity": 12}
    assert hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert not fast.is_medium and fast.fiber_type is None and fast.length_m is None
    assert fast.model_copy(update={"quantity": 3}).quantity == 3 and fast.quantity == 12
    assert PartLine.model_validate(fast.model_dump()) == fast
    with pytest.raises(ValidationError):
        fast.quantity = 1  # type: ignore[misc]
    assert fast.quantity == 12
