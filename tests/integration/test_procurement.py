"""Part-list validation on the real, seeded Neo4j: the shared procurement cases, CSV and XLSX giving
the same findings, what to order instead (from linkOptions), batched catalogue reads, and the
``fabricgraph validate`` command."""

from __future__ import annotations

import io
import json
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from service.domain.link import Severity
from service.procurement import PartListError, ValidationReport
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "procurement"
P01_PARTS = (FIXTURES / "p01_parts.csv").read_bytes()
P01_INTENTS = (FIXTURES / "p01_intents.csv").read_bytes()


@pytest.fixture(scope="module")
def procurement(service: CatalogueService) -> ProcurementService:
    return ProcurementService(service)


def _csv(rows: list[tuple[str, int]]) -> bytes:
    return ("part_number,quantity\n" + "".join(f"{pn},{q}\n" for pn, q in rows)).encode()


def _xlsx(parts: bytes, intents: bytes | None) -> bytes:
    wb = openpyxl.Workbook()
    sheet = wb.active
    assert sheet is not None
    sheet.title = "parts"
    tables = [(sheet, parts)] + ([(wb.create_sheet("intents"), intents)] if intents else [])
    for ws, text in tables:
        for i, line in enumerate(text.decode().splitlines()):
            cells = line.split(",")
            ws.append(cells if i == 0 else [float(c) if c.replace(".", "").isdigit() else c for c in cells])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


class TestSharedCases:
    def test_p01_twin_port_switch_optics_to_connectx7_is_buildable(self, procurement: ProcurementService) -> None:
        """P01-ndr-switch-to-cx7-optics-buildable (shared/cases/procurement.yaml; S01–S03, S05):
        64 × QM9700 port → ConnectX-7 OSFP at 30 m; MMA4Z00-NS ×32, MFP7E10-N030 ×64,
        MMA4Z00-NS400 ×64 → buildable, 0 errors."""
        report = procurement.validate_bytes(P01_PARTS, "p01_parts.csv", (P01_INTENTS, "p01_intents.csv"))
        assert report.summary.buildable is True
        assert report.summary.errors == 0
        assert report.findings == ()
        assert [(t.part_number, t.listed, t.needed) for t in report.totals] == [
            ("MMA4Z00-NS", 32, 32),
            ("MFP7E10-N030", 64, 64),
            ("MMA4Z00-NS400", 64, 64),
        ]
        assert report.intents[0].summary == "MMA4Z00-NS ×32 + MFP7E10-N030 ×64 + MMA4Z00-NS400 ×64"

    def test_p02_unknown_part_number(self, procurement: ProcurementService) -> None:
        """P02-unknown-part-number (shared/cases/procurement.yaml): MMA4Z00-N5 ×4 → not buildable; line 1
        UNKNOWN_PART with suggestions including MMA4Z00-NS."""
        report = procurement.validate_file(FIXTURES / "p02_parts.csv")
        assert report.summary.buildable is False
        assert [(f.line, f.code) for f in report.findings] == [(1, "UNKNOWN_PART")]
        assert "MMA4Z00-NS" in report.findings[0].suggestions


class TestCsvAndXlsxGiveTheSameFindings:
    @pytest.mark.parametrize(
        ("parts", "intents"),
        [
            (P01_PARTS, P01_INTENTS),
            (
                _csv([("MMA4Z00-NS", 30), ("MFP7E10-N020", 64), ("MMA4Z00-NS400", 70), ("MMA4Z00-N5", 4)]),
                P01_INTENTS,
            ),
            (_csv([("MMA4Z00-NS400", 64), ("980-9I510-00NS00", 3), ("MFP7E30-N030", 2)]), None),
        ],
        ids=["p01", "shortfall-and-unknown", "no-intents"],
    )
    def test_same_report(self, procurement: ProcurementService, parts: bytes, intents: bytes | None) -> None:
        from_csv = procurement.validate_bytes(parts, "list.csv", (intents, "intents.csv") if intents else None)
        from_xlsx = procurement.validate_bytes(_xlsx(parts, intents), "list.xlsx")
        assert from_csv.findings == from_xlsx.findings
        assert from_csv.totals == from_xlsx.totals
        assert from_csv.summary == from_xlsx.summary


class TestWhatToOrderInstead:
    def test_adapter_modules_in_the_switch_and_a_short_fiber(self, procurement: ProcurementService) -> None:
        """128 × MMA4Z00-NS400 (flat-top, adapter side) and 64 × MFP7E10-N020 for P01's 30 m: the catalogue's
        option is MMA4Z00-NS + MFP7E10-N030 + MMA4Z00-NS400 — order 32 MMA4Z00-NS and 64 MFP7E10-N030."""
        report = procurement.validate_bytes(
            _csv([("MMA4Z00-NS400", 128), ("MFP7E10-N020", 64)]), "l.csv", (P01_INTENTS, "i.csv")
        )
        errors = [(f.code, f.line, f.part_number, f.quantity) for f in report.findings if f.severity is Severity.ERROR]
        assert errors == [
            ("TOP_STYLE_MISMATCH", 1, "MMA4Z00-NS400", None),
            ("WRONG_SIDE", 1, "MMA4Z00-NS400", None),
            ("CABLE_TOO_SHORT", 2, "MFP7E10-N020", None),
            ("INTENT_UNSERVED", None, None, None),
            ("SHORTFALL", None, "MFP7E10-N030", 64),
            ("SHORTFALL", None, "MMA4Z00-NS", 32),
        ]
        surplus = {(f.part_number, f.quantity) for f in report.findings if f.code == "SURPLUS"}
        assert surplus == {("MMA4Z00-NS400", 64), ("MFP7E10-N020", 64)}
        (result,) = report.intents
        assert (result.served, result.suggested) == (False, True)
        assert [(c.part_number, c.quantity, c.listed) for c in result.chain] == [
            ("MMA4Z00-NS", 32, False),
            ("MFP7E10-N030", 64, False),
            ("MMA4Z00-NS400", 64, True),
        ]

    def test_an_intent_end_that_is_neither_device_nor_form_factor(self, procurement: ProcurementService) -> None:
        intents = b"from,to,links,rate_gbps,distance_m\nQM970,MCX75310AAS-NEAT,64,400,30\n"
        with pytest.raises(PartListError) as info:
            procurement.validate_bytes(P01_PARTS, "p.csv", (intents, "i.csv"))
        err = info.value
        assert (err.code, err.section, err.row, err.column) == ("PART_LIST_UNKNOWN_END", "intents", 2, "from")
        assert "QM9700" in err.suggestions
        # the error names the intents file it comes from, never the parts file
        assert err.source == "i.csv"
        assert str(err).startswith("i.csv (intents), row 2 (line 1), column from: 'QM970' is neither")


class TestCatalogueReadsAreBatched:
    """One query for all part numbers, whatever the number of lines (never one per line)."""

    def _trips(self, procurement: ProcurementService, lines: int) -> tuple[int, ValidationReport]:
        rows = [("MMA4Z00-NS", 1), ("MFP7E10-N030", 2), ("MMA4Z00-NS400", 2), ("MMA4Z00-N5", 1)] * (lines // 4)
        intents = b"from,to,links,rate_gbps,distance_m\n" + b"QM9700,MCX75310AAS-NEAT,2,400,30\n" * 10
        repo = procurement.catalogue.repo
        before = repo.round_trips
        report = procurement.validate_bytes(_csv(rows), "l.csv", (intents, "i.csv"))
        return repo.round_trips - before, report

    def test_round_trips_do_not_grow_with_lines(self, procurement: ProcurementService) -> None:
        small, _ = self._trips(procurement, 40)
        large, report = self._trips(procurement, 2_000)
        assert report.summary.lines == 2_000
        # parts, devices among the unknown numbers (devices are orderable lines), part and device
        # names (for the unknown one's suggestions: a device number cut short suggests the device),
        # sources, rule context, device names (both ends are devices, so no form-factor names), and
        # one device lookup per distinct end (2).
        assert small == large == 9


class TestCommandLine:
    @pytest.fixture
    def cli(self, neo4j_uri: str, seeded: object, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
        monkeypatch.setenv("NEO4J_URI", neo4j_uri)
        return CliRunner()

    def _run(self, cli: CliRunner, *args: str) -> tuple[int, str]:
        from service.cli import app

        result = cli.invoke(app, ["validate", *args])
        return result.exit_code, result.stdout

    def test_p01_is_buildable_exit_0_with_a_json_report(self, cli: CliRunner) -> None:
        code, out = self._run(
            cli,
            str(FIXTURES / "p01_parts.csv"),
            "--intents",
            str(FIXTURES / "p01_intents.csv"),
            "--format",
            "json",
        )
        assert code == 0
        body = json.loads(out)
        assert body["summary"]["buildable"] is True
        assert body["findings"] == []

    def test_p02_is_not_buildable_exit_1_with_a_csv_report(self, cli: CliRunner) -> None:
        code, out = self._run(cli, str(FIXTURES / "p02_parts.csv"), "-f", "csv")
        assert code == 1
        lines = out.splitlines()
        assert lines[0].startswith("section,severity,code,line,row,part_number")
        assert lines[1].startswith("summary,,NOT_BUILDABLE")
        assert lines[2].startswith("finding,error,UNKNOWN_PART,1,2,MMA4Z00-N5")

    def test_the_table_names_the_verdict(self, cli: CliRunner) -> None:
        code, out = self._run(cli, str(FIXTURES / "p02_parts.csv"))
        assert code == 1
        assert "NOT BUILDABLE" in out and "UNKNOWN_PART" in out

    def test_an_intents_file_error_names_the_intents_file(self, cli: CliRunner, tmp_path: Path) -> None:
        intents = tmp_path / "my_intents.csv"
        intents.write_text("from,to,links,rate_gbps,distance_m\nQM970,MCX75310AAS-NEAT,64,400,30\n")
        code, out = self._run(cli, str(FIXTURES / "p01_parts.csv"), "--intents", str(intents), "-f", "json")
        assert code == 2
        error = json.loads(out)["error"]
        assert (error["code"], error["source"], error["section"], error["row"], error["column"]) == (
            "PART_LIST_UNKNOWN_END",
            "my_intents.csv",
            "intents",
            2,
            "from",
        )

    def test_a_bad_file_exits_2_and_reports_nothing(self, cli: CliRunner, tmp_path: Path) -> None:
        bad = tmp_path / "bad.csv"
        bad.write_text("part_number,quantity\nMMA4Z00-NS,lots\n")
        code, out = self._run(cli, str(bad), "-f", "json")
        assert code == 2
        body = json.loads(out)  # the error as JSON for a machine reader, and no half-validated report
        assert list(body) == ["error"]
        assert (body["error"]["code"], body["error"]["column"], body["error"]["row"]) == (
            "PART_LIST_VALUE",
            "quantity",
            2,
        )


class TestBreakoutLists:
    """Issue 12: a part list for a PMD breakout (seed/data/breakouts.yaml). One QDD-400G-DR4-S serves
    four 100 Gb/s links to QSFP28 ports through a 1:4 harness (400GBASE-DR4 → 4 × 100GBASE-DR, B09/S40),
    one QSFP-100G-DR-S per leg; the catalogue holds no sourced harness part, so the harness is
    structured cabling named in an info, as linkOptions offers it."""

    DR4_INTENT = (b"from,to,links,rate_gbps,distance_m\nQSFP-DD,QSFP28,4,100,300\n", "i.csv")

    def test_one_dr4_and_four_100g_dr_for_four_links_is_buildable(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(
            _csv([("QDD-400G-DR4-S", 1), ("QSFP-100G-DR-S", 4)]), "l.csv", self.DR4_INTENT
        )
        assert (report.summary.buildable, report.summary.errors) == (True, 0)
        assert [(t.part_number, t.listed, t.needed) for t in report.totals] == [
            ("QDD-400G-DR4-S", 1, 1),
            ("QSFP-100G-DR-S", 4, 4),
        ]
        (result,) = report.intents
        assert (result.served, result.summary) == (
            True,
            "QDD-400G-DR4-S ×1 + OS2 MPO-12/APC → 4 × LC/UPC harness (structured cabling, not a catalogue "
            "part) + QSFP-100G-DR-S ×4",
        )
        cabling = [(f.quantity, f.message) for f in report.findings if f.code == "STRUCTURED_CABLING"]
        assert cabling == [
            (
                1,
                "1 × OS2 MPO-12/APC → 4 × LC/UPC harness, 300 m run, from structured cabling: no catalogue "
                "part, not on the list",
            )
        ]

    def test_the_intent_written_from_the_100g_side_is_buildable_alike(self, procurement: ProcurementService) -> None:
        intents = (b"from,to,links,rate_gbps,distance_m\nQSFP28,QSFP-DD,4,100,300\n", "i.csv")
        report = procurement.validate_bytes(_csv([("QDD-400G-DR4-S", 1), ("QSFP-100G-DR-S", 4)]), "l.csv", intents)
        assert (report.summary.buildable, report.summary.errors) == (True, 0)
        assert [(t.part_number, t.needed) for t in report.totals] == [("QDD-400G-DR4-S", 1), ("QSFP-100G-DR-S", 4)]

    def test_eight_links_need_two_dr4_modules(self, procurement: ProcurementService) -> None:
        intents = (b"from,to,links,rate_gbps,distance_m\nQSFP-DD,QSFP28,8,100,300\n", "i.csv")
        report = procurement.validate_bytes(_csv([("QDD-400G-DR4-S", 1), ("QSFP-100G-DR-S", 8)]), "l.csv", intents)
        assert report.summary.buildable is False
        assert [(f.code, f.part_number, f.quantity) for f in report.findings if f.severity is Severity.ERROR] == [
            ("SHORTFALL", "QDD-400G-DR4-S", 1)
        ]

    def test_one_sr8_and_two_200g_sr4_for_two_links_is_buildable(self, procurement: ProcurementService) -> None:
        """400GBASE-SR8 → 2 × 200GBASE-SR4 (K02): QDD-400G-SR8 ×1 and MMA1T00-VS ×2 over 80 m of OM4."""
        intents = (b"from,to,links,rate_gbps,distance_m\nQSFP-DD,QSFP56,2,200,80\n", "i.csv")
        report = procurement.validate_bytes(_csv([("QDD-400G-SR8", 1), ("MMA1T00-VS", 2)]), "l.csv", intents)
        assert (report.summary.buildable, report.summary.errors) == (True, 0)
        assert [(t.part_number, t.listed, t.needed) for t in report.totals] == [
            ("QDD-400G-SR8", 1, 1),
            ("MMA1T00-VS", 2, 2),
        ]
        (result,) = report.intents
        assert "OM4 MPO-16/APC → 2 × MPO-12/UPC harness" in result.summary
