"""Generic media lines in a part list: a fiber grade, connector and length instead of a part
number. The validator checks reach against that grade and never assumes another (before, such a
line was UNKNOWN_PART and the 10GBASE-SR pair was taken over OM3, so the 82 m OM2 limit never fired).

    SFP-10G-SR ══ 150 m of OM2 duplex LC (line 2) ══ SFP-10G-SR    10GBASE-SR reaches 82 m over OM2 (S25)
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from seed.catalogue import Catalogue
from service.procurement import ValidationReport
from service.procurement.models import LinkIntent, PartLine, PartList, medium_description
from service.procurement.reconcile import reconcile
from tests.unit.procurement.conftest import intent, view

SR_150 = intent("SFP+", "SFP+", 1, 10, 150)


def _validate(cat: Catalogue, lines: Sequence[PartLine], intents: Sequence[LinkIntent] = (SR_150,)) -> ValidationReport:
    pl = PartList(lines=tuple(lines), intents=tuple(intents), source="unit")
    return reconcile(pl, view(cat, pl))


def _fiber(line: int, grade: str, connector: str | None, length: float | None, qty: int = 1) -> PartLine:
    name = " ".join(x for x in (grade, connector or "", f"{length:g} m" if length is not None else "", "fiber") if x)
    return PartLine(
        line=line, row=line + 1, part_number=name, quantity=qty, fiber_type=grade, connector=connector, length_m=length
    )


SR = PartLine(line=1, row=2, part_number="SFP-10G-SR", quantity=2)


def test_om2_duplex_lc_150_m_for_a_150_m_sr_intent_is_not_buildable_on_the_fiber_line(cat: Catalogue) -> None:
    report = _validate(cat, [SR, _fiber(2, "OM2", "LC", 150)])
    assert report.summary.buildable is False
    errors = [(f.code, f.line, f.part_number) for f in report.findings if f.severity.value == "error"]
    assert errors == [("REACH_EXCEEDED", 2, "OM2 LC 150 m fiber"), ("INTENT_UNSERVED", None, None)]
    reach = next(f for f in report.findings if f.code == "REACH_EXCEEDED")
    assert reach.message.startswith("10GBASE-SR reaches 82 m over OM2")
    assert reach.source_ids == ("S25",)
    assert not [f for f in report.findings if f.line == 1 and f.severity.value == "error"]


def test_om3_duplex_lc_150_m_serves_the_same_intent(cat: Catalogue) -> None:
    report = _validate(cat, [SR, _fiber(2, "OM3", "LC/UPC", 150)])
    assert report.summary.buildable is True
    # SFP-10G-SR now also cites Cisco's own tables (CF01, CF02), so no SECONDARY_SOURCE_ONLY warning.
    assert [(f.code, f.line) for f in report.findings if f.severity.value != "info"] == []
    assert "STRUCTURED_CABLING" not in {f.code for f in report.findings}


def test_a_fiber_line_shorter_than_the_run_is_too_short_on_that_line(cat: Catalogue) -> None:
    report = _validate(cat, [SR, _fiber(2, "OM4", "LC/UPC", 100)])
    assert report.summary.buildable is False
    assert ("CABLE_TOO_SHORT", 2) in {(f.code, f.line) for f in report.findings}


def test_an_unknown_grade_is_an_error_on_its_line_and_nothing_is_assumed(cat: Catalogue) -> None:
    report = _validate(cat, [SR, _fiber(2, "OM7", "LC/UPC", 150)])
    assert report.summary.buildable is False
    assert [(f.code, f.line) for f in report.findings if f.code == "UNKNOWN_FIBER_TYPE"] == [("UNKNOWN_FIBER_TYPE", 2)]
    assert [(t.part_number, t.known, t.kind) for t in report.totals] == [
        ("SFP-10G-SR", True, "transceiver"),
        ("OM7 LC/UPC 150 m fiber", False, None),
    ]


def test_a_media_line_of_a_known_grade_is_known_though_not_a_catalogue_part(cat: Catalogue) -> None:
    """Its total says known (before: known False, so the CLI table said "unknown" and the CSV export
    UNKNOWN_PART for a line that raised no UNKNOWN_PART); its kind stays None: no catalogue part."""
    report = _validate(cat, [SR, _fiber(2, "OM3", "LC/UPC", 150)])
    assert [(t.part_number, t.known, t.kind, t.listed, t.needed) for t in report.totals] == [
        ("SFP-10G-SR", True, "transceiver", 2, 2),
        ("OM3 LC/UPC 150 m fiber", True, None, 1, 1),
    ]


def test_the_csv_columns_fiber_type_connector_length_m_make_a_generic_media_line() -> None:
    from service.procurement.reader import read_part_list

    data = b"part_number,quantity,fiber_type,connector,length_m\nSFP-10G-SR,2,,,\n,1,OM2,LC,150\n"
    pl = read_part_list(data, "p.csv")
    assert [
        (ln.line, ln.row, ln.part_number, ln.quantity, ln.fiber_type, ln.connector, ln.length_m) for ln in pl.lines
    ] == [
        (1, 2, "SFP-10G-SR", 2, None, None, None),
        (2, 3, "OM2 LC 150 m fiber", 1, "OM2", "LC", 150.0),
    ]


def test_a_negative_fiber_length_names_its_row_and_column() -> None:
    import pytest

    from service.procurement.errors import PartListError
    from service.procurement.reader import read_part_list

    with pytest.raises(PartListError) as caught:
        read_part_list(b"part_number,quantity,fiber_type,length_m\n,1,OM3,-5\n", "p.csv")
    assert (caught.value.row, caught.value.column) == (2, "length_m")


def test_a_typo_on_one_line_causes_no_findings_on_the_good_lines(cat: Catalogue) -> None:
    """Finding attribution: MMA4Z00-NS40 (line 3, a typo for MMA4Z00-NS400) is the wrong line; the
    switch-side MMA4Z00-NS (line 1) and MFP7E10-N030 (line 2) are right and get no finding (before,
    the closest chain put TOP_STYLE_MISMATCH, WRONG_SIDE, PORT_COUNT_MISMATCH and SURPLUS on them)."""
    lines = [
        PartLine(line=1, row=2, part_number="MMA4Z00-NS", quantity=32),
        PartLine(line=2, row=3, part_number="MFP7E10-N030", quantity=64),
        PartLine(line=3, row=4, part_number="MMA4Z00-NS40", quantity=64),
    ]
    report = _validate(cat, lines, [intent("QM9700", "MCX75310AAS-NEAT", 64, 400, 30)])
    assert report.summary.buildable is False
    assert [(f.code, f.line) for f in report.findings] == [("UNKNOWN_PART", 3), ("INTENT_UNSERVED", None)]
    unserved = report.findings[1]
    assert "line 3 (MMA4Z00-NS40) is not a known part number" in unserved.message


def test_device_lines_are_devices_and_the_media_line_is_counted(cat: Catalogue) -> None:
    """A fresh user's NDR list (tests/integration/test_partlist_devices.py on the graph): the QM9700 and
    ConnectX-7 ordering numbers are device lines (DEVICE_LINE; before, INTENT_UNSERVED called them "not a
    known part number"), the typo is the one unknown line, and with it fixed the OM4 MPO-12/APC 30 m media
    line is the chain's fiber, counted as needed (before, needed 0)."""

    def ndr(module: str) -> list[PartLine]:
        return [
            PartLine(line=1, row=2, part_number="MQM9700-NS2F", quantity=2),
            PartLine(line=2, row=3, part_number="MMA4Z00-NS", quantity=32),
            PartLine(line=3, row=4, part_number=module, quantity=64),
            PartLine(line=4, row=5, part_number="MCX75310AAS-NEAT", quantity=64),
            _fiber(5, "OM4", "MPO-12/APC", 30, qty=64),
        ]

    ndr_intent = [intent("QM9700", "MCX75310AAS-NEAT", 64, 400, 30)]
    report = _validate(cat, ndr("MMA4Z00-NS40"), ndr_intent)
    assert [(f.code, f.line) for f in report.findings] == [
        ("UNKNOWN_PART", 3),
        ("INTENT_UNSERVED", None),
        ("DEVICE_LINE", 1),
        ("DEVICE_LINE", 4),
    ]
    assert report.findings[1].message.endswith(
        "line 3 (MMA4Z00-NS40) is not a known part number, so the chain it belongs in cannot be checked"
    )
    report = _validate(cat, ndr("MMA4Z00-NS400"), ndr_intent)
    assert report.summary.buildable is True
    assert [(f.code, f.line) for f in report.findings] == [("DEVICE_LINE", 1), ("DEVICE_LINE", 4)]
    assert [(t.part_number, t.kind, t.listed, t.needed, t.shortfall, t.surplus) for t in report.totals] == [
        ("MQM9700-NS2F", "switch", 2, 1, 0, 0),
        ("MMA4Z00-NS", "transceiver", 32, 32, 0, 0),
        ("MMA4Z00-NS400", "transceiver", 64, 64, 0, 0),
        ("MCX75310AAS-NEAT", "adapter", 64, 64, 0, 0),
        ("OM4 MPO-12/APC 30 m fiber", None, 64, 64, 0, 0),
    ]


def test_the_csv_export_gives_an_unknown_grade_line_the_code_its_finding_carries(cat: Catalogue) -> None:
    """Fresh-user finding: the CSV's total row for an OM9 fiber line said UNKNOWN_PART, though the
    validator raised UNKNOWN_FIBER_TYPE on that line; an unknown part number keeps UNKNOWN_PART."""
    from service.procurement.export import report_csv

    typo = PartLine(line=3, row=4, part_number="SFP-10G-SX", quantity=1)
    report = _validate(cat, [SR, _fiber(2, "OM9", "LC/UPC", 150), typo])
    assert [(f.code, f.line) for f in report.findings if f.code.startswith("UNKNOWN_")] == [
        ("UNKNOWN_FIBER_TYPE", 2),
        ("UNKNOWN_PART", 3),
    ]
    totals = [row.split(",")[:6] for row in report_csv(report).splitlines() if row.startswith("total,")]
    assert totals == [
        ["total", "", "active", "1", "", "SFP-10G-SR"],
        ["total", "", "UNKNOWN_FIBER_TYPE", "2", "", "OM9 LC/UPC 150 m fiber"],
        ["total", "", "UNKNOWN_PART", "3", "", "SFP-10G-SX"],
    ]


@pytest.mark.parametrize(
    ("grade", "connector", "length", "known", "description"),
    [
        ("OM2", "LC/UPC", 150.0, True, "OM2 multimode fiber, duplex LC/UPC, 150 m (generic: no part number)"),
        ("OS2", "SC/APC", 2000.0, True, "OS2 single-mode fiber, duplex SC/APC, 2000 m (generic: no part number)"),
        ("OM4", "MPO-12/APC", 30.0, True, "OM4 multimode fiber, MPO-12/APC, 30 m (generic: no part number)"),
        (
            "OM3",
            None,
            None,
            True,
            "OM3 multimode fiber, connector not given, length: the intent's run (generic: no part number)",
        ),
        ("OM9", "LC/UPC", 150.0, False, "OM9 fiber (unknown grade), duplex LC/UPC, 150 m (generic: no part number)"),
    ],
)
def test_a_generic_media_line_is_described_from_its_facts(
    grade: str, connector: str | None, length: float | None, known: bool, description: str
) -> None:
    assert medium_description(grade, connector, length, known=known) == description


def test_the_report_total_of_a_generic_fiber_line_carries_its_description(cat: Catalogue) -> None:
    """Fresh-user finding: validatePartList answered description null for a generic fiber line."""
    report = _validate(cat, [SR, _fiber(2, "OM2", "LC/UPC", 150)])
    assert [(t.part_number, t.description) for t in report.totals] == [
        ("SFP-10G-SR", "Cisco 10GBASE-SR SFP+ module, 850 nm VCSEL, duplex LC, multimode fiber"),
        ("OM2 LC/UPC 150 m fiber", "OM2 multimode fiber, duplex LC/UPC, 150 m (generic: no part number)"),
    ]
