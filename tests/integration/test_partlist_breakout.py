"""A part list that forms a PMD breakout, on the real, seeded graph (a fresh user's trial)::

    QSFP-DD ─ QDD-400G-DR4-S ══ MTP-4LC-S1M ══< OS2 LC 300 m fiber ── QSFP-100G-DR-S ─ QSFP28  (× 4)
                                (OS2 MPO-12/APC → 4 × LC/UPC)

400GBASE-DR4 breaks out into 4 × 100GBASE-DR (B09, S40); the harness sits at the trunk module and the
listed OS2 LC fibers carry each leg to its QSFP-100G-DR-S. The validator builds that chain from the
listed parts (checked by the link rules as the harness with its grade of fiber in series: the path
linkOptions offers behind a trunk) instead of straight QSFP28 pairs over the LC fibers, which needed
eight DR modules (SHORTFALL 4) and left the DR4 SURPLUS. Without the harness the one error is the
missing harness, pinned to the DR4's line, named by the catalogue part linkOptions offers. The
catalogue holds no OS2 LC-LC patch cord, so the LC fibers are a generic media line here (the catalogue
cord form is covered in tests/unit/procurement/test_breakout_lists.py with a fixture cord).
"""

from __future__ import annotations

import re

import pytest

from service.domain.link import Severity
from service.procurement import ValidationReport
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService

HEAD = "part_number,quantity,fiber_type,connector,length_m\n"
FOUR = (b"from,to,links,rate_gbps,distance_m\nQSFP-DD,QSFP28,4,100,300\n", "i.csv")
EIGHT = (b"from,to,links,rate_gbps,distance_m\nQSFP-DD,QSFP28,8,100,300\n", "i.csv")
DR4, DR, SR4 = "QDD-400G-DR4-S", "QSFP-100G-DR-S", "QSFP-100G-SR4-S"
# Every source for QDD-400G-DR4-S is secondary (B07, B12): a warning on line 1 in every report below.
SECONDARY = (1, "SECONDARY_SOURCE_ONLY", DR4, None)
# tests/unit/procurement/test_fix_slots.py's test for an empty slot in a message or fix.
EMPTY_SLOT = re.compile(r"\{|\}|\(\s*\)|\[\s*\]|,\s*,|:\s*[;,.]|\s{2,}|\bNone\b| or $| and $|: $|, $")


@pytest.fixture(scope="module")
def procurement(service: CatalogueService) -> ProcurementService:
    return ProcurementService(service)


def _list(*rows: str) -> bytes:
    return (HEAD + "".join(f"{r}\n" for r in rows)).encode()


def _findings(report: ValidationReport) -> list[tuple[int | None, str, str | None, int | None]]:
    for f in report.findings:
        for text in (f.message, f.fix or ""):
            assert not EMPTY_SLOT.search(text), (f.code, text)
    return [(f.line, f.code, f.part_number, f.quantity) for f in report.findings]


def _totals(report: ValidationReport) -> list[tuple[str, int, int | None, int, int]]:
    return [(t.part_number, t.listed, t.needed, t.shortfall, t.surplus) for t in report.totals]


class TestWithTheIntent:
    @pytest.mark.parametrize(
        ("harness", "fiber"),
        [
            ("MTP-4LC-S1M", ",4,OS2,LC,300"),  # Juniper's 1 m harness (HU02), 300 m LC fibers
            ("MTP-4LC-S10M", ",4,OS2,LC/UPC,300"),  # its 10 m length; the polish named
            ("CBL-MPO12-4LC-SMF-5M", ",4,OS2,LC,"),  # Dell's 5 m harness (HU01); LC fibers of the run's length
        ],
    )
    def test_the_trial_list_with_a_catalogue_harness_is_buildable(
        self, procurement: ProcurementService, harness: str, fiber: str
    ) -> None:
        report = procurement.validate_bytes(_list(f"{DR4},1", f"{DR},4", fiber, f"{harness},1"), "l.csv", FOUR)
        assert (report.summary.buildable, report.summary.errors, report.summary.warnings) == (True, 0, 1)
        assert _findings(report) == [SECONDARY]
        medium = report.totals[2].part_number
        assert _totals(report) == [
            (DR4, 1, 1, 0, 0),
            (DR, 4, 4, 0, 0),
            (medium, 4, 4, 0, 0),  # a media line's pieces count against what the chain needs, like a part's
            (harness, 1, 1, 0, 0),
        ]
        (result,) = report.intents
        assert (result.served, result.rate_gbps) == (True, 100.0)
        assert result.summary == (
            f"{DR4} ×1 + {harness} ×1 + {medium} ×4 (listed fiber extending each harness leg) + {DR} ×4"
        )
        assert [(c.role.value, c.part_number, c.links_per_piece, c.quantity, c.listed) for c in result.chain] == [
            ("module_a", DR4, 4, 1, True),
            ("fiber", harness, 4, 1, True),
            ("fiber", medium, 1, 4, True),  # the listed fiber extending each leg: one per leg
            ("module_b", DR, 1, 4, True),
        ]

    def test_the_100g_side_written_first_is_served_alike(self, procurement: ProcurementService) -> None:
        intent = (b"from,to,links,rate_gbps,distance_m\nQSFP28,QSFP-DD,4,100,300\n", "i.csv")
        report = procurement.validate_bytes(
            _list(f"{DR4},1", f"{DR},4", ",4,OS2,LC,300", "MTP-4LC-S1M,1"), "l.csv", intent
        )
        assert (report.summary.buildable, _findings(report)) == (True, [SECONDARY])

    def test_without_the_harness_the_one_error_is_the_missing_harness_on_the_dr4_line(
        self, procurement: ProcurementService
    ) -> None:
        report = procurement.validate_bytes(_list(f"{DR4},1", f"{DR},4", ",4,OS2,LC,300"), "l.csv", FOUR)
        assert (report.summary.buildable, report.summary.errors) == (False, 1)
        # No SHORTFALL of DR modules, no SURPLUS DR4: the harness linkOptions names first is what is missing.
        assert _findings(report) == [(1, "SHORTFALL", "CBL-MPO12-4LC-SMF-5M", 1), SECONDARY]
        missing = report.findings[0]
        assert missing.message == (
            "CBL-MPO12-4LC-SMF-5M: the intents need 1, the list has 0: 1 short — the OS2 MPO-12/APC → 4 × "
            "LC/UPC harness that joins the MPO-12/APC port of QDD-400G-DR4-S (400GBASE-DR4 → 4 × 100GBASE-DR) "
            "to the listed OS2 LC 300 m fiber; it is not on the list"
        )
        assert missing.fix == "add a line: CBL-MPO12-4LC-SMF-5M, 1"
        assert _totals(report) == [
            (DR4, 1, 1, 0, 0),
            (DR, 4, 4, 0, 0),
            ("OS2 LC 300 m fiber", 4, 4, 0, 0),
            ("CBL-MPO12-4LC-SMF-5M", 0, 1, 1, 0),
        ]
        (result,) = report.intents
        assert [(c.part_number, c.quantity, c.listed) for c in result.chain] == [
            (DR4, 1, True),
            ("CBL-MPO12-4LC-SMF-5M", 1, False),
            ("OS2 LC 300 m fiber", 4, True),
            (DR, 4, True),
        ]

    def test_two_dr4_and_four_dr_for_eight_links_are_four_legs_short_on_the_dr_line(
        self, procurement: ProcurementService
    ) -> None:
        report = procurement.validate_bytes(
            _list(f"{DR4},2", f"{DR},4", ",8,OS2,LC,300", "MTP-4LC-S1M,2"), "l.csv", EIGHT
        )
        assert report.summary.buildable is False
        assert _findings(report) == [(2, "SHORTFALL", DR, 4), SECONDARY]
        assert report.findings[0].message == f"{DR}: the intents need 8, the list has 4: 4 short"
        assert _totals(report) == [
            (DR4, 2, 2, 0, 0),
            (DR, 4, 8, 4, 0),
            ("OS2 LC 300 m fiber", 8, 8, 0, 0),
            ("MTP-4LC-S1M", 2, 2, 0, 0),
        ]

    def test_sr4_modules_are_not_dr4_legs_pmd_mismatch_on_their_line(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(
            _list(f"{DR4},1", f"{SR4},4", ",4,OS2,LC,300", "MTP-4LC-S1M,1"), "l.csv", FOUR
        )
        assert report.summary.buildable is False
        assert _findings(report) == [
            (2, "PMD_MISMATCH", SR4, None),
            (2, "CONNECTOR_MISMATCH", SR4, None),
            (None, "INTENT_UNSERVED", None, None),
            # the catalogue option names Extreme's documented 100G-DR (EX01) for the legs; Cisco's
            # QSFP-100G-DR-S is among its alternatives, and the legs follow the listed DR4's vendor (Cisco)
            (None, "SHORTFALL", DR, 4),
            SECONDARY,
            (2, "SURPLUS", SR4, 4),
        ]
        assert report.findings[0].message == (
            "QSFP-100G-SR4-S runs 100GBASE-SR4 but QDD-400G-DR4-S runs 400GBASE-DR4: both ends must run the same PMD"
        )
        assert report.findings[2].fix == (
            # the catalogue option's harness, its legs extended by the listed LC fibers (not a trunk of
            # structured cabling that would leave the listed fibers unused)
            "use QDD-400G-DR4-S + MTP-4LC-S1M + OS2 LC 300 m fiber (listed fiber extending each harness leg) + "
            "QSFP-100G-DR-S: 1 × QDD-400G-DR4-S, 1 × MTP-4LC-S1M, 4 × OS2 LC 300 m fiber, 4 × QSFP-100G-DR-S in all"
        )

    def test_sr4_modules_without_fiber_lines_are_refused_for_the_pmd_too(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(_list(f"{DR4},1", f"{SR4},4"), "l.csv", FOUR)
        assert report.summary.buildable is False
        errors = [(f.line, f.code) for f in report.findings if f.severity is Severity.ERROR]
        assert errors[:2] == [(2, "PMD_MISMATCH"), (None, "INTENT_UNSERVED")]


class TestWithoutAnIntent:
    def test_the_dr4_and_four_dr_pair_as_a_breakout_over_the_listed_harness(
        self, procurement: ProcurementService
    ) -> None:
        report = procurement.validate_bytes(_list(f"{DR4},1", f"{DR},4", ",4,OS2,LC,300", "MTP-4LC-S1M,1"), "l.csv")
        assert (report.summary.buildable, _findings(report)) == (True, [SECONDARY])

    def test_without_a_harness_the_dr4_still_has_its_partners(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(_list(f"{DR4},1", f"{DR},4", ",4,OS2,LC,300"), "l.csv")
        assert report.summary.buildable is True
        assert _findings(report) == [SECONDARY, (1, "NO_MEDIUM", DR4, None)]
        assert report.findings[1].message == (
            "QDD-400G-DR4-S (400GBASE-DR4) breaks out into 4 × 100GBASE-DR legs on QSFP-100G-DR-S, but no OS2 "
            "MPO-12/APC → 4 × LC/UPC harness on the list joins its MPO-12/APC port to the listed OS2 LC 300 m fiber"
        )
        assert report.findings[1].fix == "add one OS2 MPO-12/APC → 4 × LC/UPC harness per QDD-400G-DR4-S port"

    def test_modules_alone_break_out_over_structured_cabling(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(_list(f"{DR4},1", f"{DR},4"), "l.csv")
        assert (report.summary.buildable, _findings(report)) == (
            True,
            [SECONDARY, (1, "STRUCTURED_CABLING", DR4, None)],
        )

    def test_two_dr4_and_four_dr_are_four_legs_short_on_the_dr_line(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(_list(f"{DR4},2", f"{DR},4", ",8,OS2,LC,300", "MTP-4LC-S1M,2"), "l.csv")
        assert _findings(report) == [SECONDARY, (2, "PAIR_COUNT_MISMATCH", DR, 4)]
        assert report.findings[1].message == (
            "QDD-400G-DR4-S ×2 break out into 8 legs, but the list has 4 leg module port(s) (QSFP-100G-DR-S ×4): "
            "4 legs short"
        )

    def test_a_dr4_with_sr4_modules_has_no_partner(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(_list(f"{DR4},1", f"{SR4},4"), "l.csv")
        assert report.summary.buildable is False
        assert [(f.line, f.code) for f in report.findings if f.severity is Severity.ERROR] == [(1, "NO_PARTNER")]
        assert report.findings[0].message == (
            "QDD-400G-DR4-S (any-side QSFP-DD, 400GBASE-DR4) has no partner on the list: no other transceiver "
            "runs 400GBASE-DR4 or 4 × 100GBASE-DR legs at the other end"
        )
