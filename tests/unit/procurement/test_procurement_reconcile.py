"""Part-list reconciliation on the seed catalogue, without a database.

Facts behind the quantities (copied from the project's known-right answers and the seed sources):
the MMA4Z00-NS is a finned twin-port OSFP (2 × 400G SR4, two MPO-12/APC ports) for Quantum-2 switch
cages (S03 / N03); the MMA4Z00-NS400 a flat-top single-port OSFP for the ConnectX-7 riding heat sink,
not for switches (S01, S02 / N01, N02); the QM9700 has 32 finned OSFP cages, 2 logical ports each (S05 /
N08); straight MFP7E10 for 400G, 1:2 splitter MFP7E20 for 200G (S02 / N02); 50 m over OM4 (S01).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pytest

from seed.catalogue import Catalogue
from service.domain.link import Severity
from service.procurement import ValidationReport
from tests.unit.procurement.conftest import intent

reconcile_module = importlib.import_module("service.procurement.reconcile")

Validate = Callable[..., ValidationReport]
QM9700, CX7 = "QM9700", "MCX75310AAS-NEAT"
P01_LINES = [("MMA4Z00-NS", 32), ("MFP7E10-N030", 64), ("MMA4Z00-NS400", 64)]
P01_INTENT = intent(QM9700, CX7, 64, 400, 30)


def _totals(report: ValidationReport) -> dict[str, tuple[int, int | None, int, int]]:
    return {t.part_number: (t.listed, t.needed, t.shortfall, t.surplus) for t in report.totals}


def _codes(report: ValidationReport) -> list[tuple[str, int | None, str | None]]:
    return [(f.code, f.line, f.part_number) for f in report.findings]


class TestP01TwinPortSwitchOpticsToConnectX7:
    """P01-ndr-switch-to-cx7-optics-buildable (shared/cases/procurement.yaml; facts S01–S03, S05):

    QM9700 ══[MMA4Z00-NS ×32, twin-port]══ MFP7E10-N030 ×64 ══[MMA4Z00-NS400 ×64]══ ConnectX-7 OSFP
    64 links at 400 Gb/s over 30 m: buildable, 0 errors.
    """

    def test_the_list_is_buildable_with_no_findings_at_all(self, validate: Validate) -> None:
        report = validate(P01_LINES, [P01_INTENT])
        assert report.summary.buildable is True
        assert report.summary.errors == 0
        assert report.findings == ()

    def test_each_twin_port_module_counts_for_two_links(self, validate: Validate) -> None:
        report = validate(P01_LINES, [P01_INTENT])
        assert _totals(report) == {
            "MMA4Z00-NS": (32, 32, 0, 0),
            "MFP7E10-N030": (64, 64, 0, 0),
            "MMA4Z00-NS400": (64, 64, 0, 0),
        }
        (served,) = report.intents
        assert served.served and not served.suggested and served.rate_gbps == 400
        assert [(c.role.value, c.part_number, c.links_per_piece, c.quantity) for c in served.chain] == [
            ("module_a", "MMA4Z00-NS", 2, 32),
            ("fiber", "MFP7E10-N030", 1, 64),
            ("module_b", "MMA4Z00-NS400", 1, 64),
        ]

    def test_without_the_intent_the_same_parts_still_pair_up(self, validate: Validate) -> None:
        report = validate(P01_LINES)
        assert report.findings == ()
        assert report.summary.buildable is True
        assert {t.needed for t in report.totals} == {None}

    def test_an_odd_link_count_still_needs_a_whole_twin_port_module(self, validate: Validate) -> None:
        """63 links: ⌈63 / 2⌉ = 32 twin-port modules, 63 fibers, 63 adapter modules."""
        report = validate(
            [("MMA4Z00-NS", 32), ("MFP7E10-N030", 63), ("MMA4Z00-NS400", 63)],
            [intent(QM9700, CX7, 63, 400, 30)],
        )
        assert report.findings == ()
        assert _totals(report)["MMA4Z00-NS"] == (32, 32, 0, 0)


class TestP02UnknownPartNumber:
    """P02-unknown-part-number (shared/cases/procurement.yaml): MMA4Z00-N5 ×4 is not a part number."""

    def test_one_error_on_line_1_with_the_closest_numbers(self, validate: Validate) -> None:
        report = validate([("MMA4Z00-N5", 4)])
        assert report.summary.buildable is False
        (finding,) = report.findings
        assert (finding.line, finding.code, finding.severity) == (1, "UNKNOWN_PART", Severity.ERROR)
        assert "MMA4Z00-NS" in finding.suggestions
        assert len(finding.suggestions) == 3
        assert finding.quantity == 4
        assert finding.fix == "check the number; did you mean MMA4Z00-NS?"


class TestQuantities:
    def test_shortfall_and_surplus_per_part_number(self, validate: Validate) -> None:
        """P01 with 30 switch modules (2 short), 60 fibers (4 short) and 70 adapter modules (6 surplus)."""
        report = validate([("MMA4Z00-NS", 30), ("MFP7E10-N030", 60), ("MMA4Z00-NS400", 70)], [P01_INTENT])
        assert _totals(report) == {
            "MMA4Z00-NS": (30, 32, 2, 0),
            "MFP7E10-N030": (60, 64, 4, 0),
            "MMA4Z00-NS400": (70, 64, 0, 6),
        }
        assert [(f.code, f.line, f.quantity) for f in report.findings] == [
            ("SHORTFALL", 1, 2),
            ("SHORTFALL", 2, 4),
            ("SURPLUS", 3, 6),
        ]
        assert report.findings[0].fix == "order 2 more × MMA4Z00-NS"
        assert report.summary.buildable is False

    def test_a_1_to_2_splitter_serves_two_200g_links_and_a_twin_port_module_four(self, validate: Validate) -> None:
        """64 NDR200 links over MFP7E20 splitters: 16 twin-port modules, 32 splitters, 64 adapter modules."""
        report = validate(
            [("MMA4Z00-NS", 16), ("MFP7E20-N010", 32), ("MMA4Z00-NS400", 64)],
            [intent(QM9700, CX7, 64, 200, 10)],
        )
        assert report.summary.errors == 0
        assert _totals(report) == {
            "MMA4Z00-NS": (16, 16, 0, 0),
            "MFP7E20-N010": (32, 32, 0, 0),
            "MMA4Z00-NS400": (64, 64, 0, 0),
        }
        assert [(c.part_number, c.links_per_piece) for c in report.intents[0].chain] == [
            ("MMA4Z00-NS", 4),
            ("MFP7E20-N010", 2),
            ("MMA4Z00-NS400", 1),
        ]

    def test_a_dac_splitter_serves_two_links_per_cable(self, validate: Validate) -> None:
        """MCP7Y00 (twin-port finned OSFP → 2 × flat OSFP, S07): 64 links at 2 m need 32 cables."""
        report = validate([("MCP7Y00-N002", 32)], [intent(QM9700, CX7, 64, 400, 2)])
        assert report.findings == ()
        assert _totals(report) == {"MCP7Y00-N002": (32, 32, 0, 0)}

    def test_the_same_module_at_both_ends_is_counted_at_both_ends(self, validate: Validate) -> None:
        """QM9700 ↔ QM9700, 8 links over 10 m: 4 twin-port modules per switch, 8 in all."""
        report = validate([("MMA4Z00-NS", 8), ("MFP7E10-N010", 8)], [intent(QM9700, QM9700, 8, 400, 10)])
        assert report.findings == ()
        assert _totals(report) == {"MMA4Z00-NS": (8, 8, 0, 0), "MFP7E10-N010": (8, 8, 0, 0)}

    def test_a_part_no_intent_uses_is_surplus(self, validate: Validate) -> None:
        report = validate([*P01_LINES, ("MFP7E10-N050", 5)], [P01_INTENT])
        assert _codes(report) == [("SURPLUS", 4, "MFP7E10-N050")]
        assert report.findings[0].message == "MFP7E10-N050: 5 listed, no intent uses it: 5 surplus"
        assert report.summary.buildable is True

    def test_the_shortest_listed_length_that_reaches_is_chosen_per_intent(self, validate: Validate) -> None:
        """Two intents, 30 m and 45 m: the 30 m one takes MFP7E10-N030, the 45 m one MFP7E10-N050, whose
        5 m of slack is said (CABLE_SLACK: 5 m or more; the catalogue holds MFP7E10 at 30 and 50 m only
        around 45 m)."""
        report = validate(
            [("MMA4Z00-NS", 16), ("MFP7E10-N030", 16), ("MFP7E10-N050", 16), ("MMA4Z00-NS400", 32)],
            [intent(QM9700, CX7, 16, 400, 30, 1), intent(QM9700, CX7, 16, 400, 45, 2)],
        )
        [slack] = report.findings
        assert (slack.severity, slack.code, slack.line, slack.part_number, slack.intents) == (
            Severity.INFO,
            "CABLE_SLACK",
            3,
            "MFP7E10-N050",
            (2,),
        )
        assert slack.message == (
            "MFP7E10-N050 is 50 m long; the run is 45 m: 5 m of slack to coil and store no tighter than the "
            "cable's minimum bend radius. The catalogue holds no shorter sourced length of MFP7E10 that covers the run"
        )
        assert [i.chain[1].part_number for i in report.intents] == ["MFP7E10-N030", "MFP7E10-N050"]


class TestBrokenRulesCarryCheckLinkCodes:
    def test_an_adapter_side_module_in_the_switch_is_refused_for_top_style_and_side(self, validate: Validate) -> None:
        """MMA4Z00-NS400 is flat-top and adapter-side; QM9700 cages take finned switch modules (S01, S05)."""
        report = validate([("MMA4Z00-NS400", 128), ("MFP7E10-N030", 64)], [P01_INTENT])
        codes = _codes(report)
        assert ("TOP_STYLE_MISMATCH", 1, "MMA4Z00-NS400") in codes
        assert ("WRONG_SIDE", 1, "MMA4Z00-NS400") in codes
        assert ("INTENT_UNSERVED", None, None) in codes
        unserved = next(f for f in report.findings if f.code == "INTENT_UNSERVED")
        assert unserved.intents == (1,)
        assert "TOP_STYLE_MISMATCH, WRONG_SIDE" in unserved.message
        assert report.intents[0].served is False

    def test_a_fiber_shorter_than_the_run_is_cable_too_short_with_the_length_to_order(self, validate: Validate) -> None:
        report = validate([("MMA4Z00-NS", 32), ("MFP7E10-N020", 64), ("MMA4Z00-NS400", 64)], [P01_INTENT])
        short = next(f for f in report.findings if f.code == "CABLE_TOO_SHORT")
        assert (short.line, short.part_number, short.severity) == (2, "MFP7E10-N020", Severity.ERROR)
        assert short.fix == "order MFP7E10-N030, the 30 m length of MFP7E10"
        assert report.summary.buildable is False


class TestWithoutIntents:
    def test_a_lone_adapter_side_module_has_no_partner(self, validate: Validate) -> None:
        """MMA4Z00-NS400 alone: no switch-side module, no fiber (single-port OSFP: not for switches, S02)."""
        report = validate([("MMA4Z00-NS400", 64)])
        assert _codes(report) == [("NO_PARTNER", 1, "MMA4Z00-NS400")]
        assert report.summary.buildable is False

    def test_mismatched_counts_of_an_obvious_pair(self, validate: Validate) -> None:
        """64 switch-side ports (32 twin-port modules), 60 fibers, 64 adapter modules: 4 fibers missing."""
        report = validate([("MMA4Z00-NS", 32), ("MFP7E10-N030", 60), ("MMA4Z00-NS400", 64)])
        (finding,) = report.findings
        assert (finding.code, finding.line, finding.severity, finding.quantity) == (
            "PAIR_COUNT_MISMATCH",
            1,
            Severity.WARNING,
            4,
        )
        assert (
            "64 switch-side ports and 64 adapter-side ports, but the fibers give 60 switch-side and 60 "
            "adapter-side ends" in finding.message
        )

    def test_single_mode_fiber_between_multimode_optics_breaks_fiber_mode(self, validate: Validate) -> None:
        """MFP7E30 is OS2 single-mode; NDR SR4 is 850 nm multimode (S04 / N05)."""
        report = validate([("MMA4Z00-NS", 32), ("MFP7E30-N030", 64), ("MMA4Z00-NS400", 64)])
        codes = {c for c, _, _ in _codes(report)}
        assert codes == {"NO_PARTNER", "FIBER_MODE_MISMATCH"}

    def test_ethernet_optics_without_a_catalogue_fiber_note_structured_cabling(self, validate: Validate) -> None:
        """FTLX8574D3BCL (Finisar 10GBASE-SR, duplex LC; E01) documents no fiber part: LC fiber is cabling."""
        report = validate([("FTLX8574D3BCL", 2)])
        assert _codes(report) == [("STRUCTURED_CABLING", 1, "FTLX8574D3BCL")]
        assert report.findings[0].severity is Severity.INFO
        assert report.summary.buildable is True


class TestLines:
    def test_aliases_and_repeated_lines_add_up_under_the_part_number(self, validate: Validate) -> None:
        """980-9I510-00NS00 is NVIDIA's ordering SKU of MMA4Z00-NS (N08)."""
        report = validate(
            [("MMA4Z00-NS", 16), ("980-9I510-00NS00", 16), ("mfp7e10-n030", 64), ("MMA4Z00-NS400", 64)],
            [P01_INTENT],
        )
        assert _totals(report)["MMA4Z00-NS"] == (32, 32, 0, 0)
        assert _codes(report) == [("DUPLICATE_PART", 1, "MMA4Z00-NS"), ("PART_ALIAS", 2, "MMA4Z00-NS")]
        assert {f.severity for f in report.findings} == {Severity.INFO}
        assert report.totals[0].lines == (1, 2)

    def test_end_of_life_is_a_warning_and_discontinued_an_error(self, validate: Validate, cat: Catalogue) -> None:
        status = {"MMA4Z00-NS": "eol", "MMA4Z00-NS400": "discontinued"}
        changed = Catalogue(
            **{
                **cat.__dict__,
                "parts": [
                    p.model_copy(update={"status": status[p.part_number]}) if p.part_number in status else p
                    for p in cat.parts
                ],
            }
        )
        report = validate(P01_LINES, [P01_INTENT], catalogue=changed)
        assert [(f.code, f.line, f.severity) for f in report.findings] == [
            ("PART_DISCONTINUED", 3, Severity.ERROR),
            ("PART_EOL", 1, Severity.WARNING),
        ]

    def test_a_part_resting_only_on_secondary_sources_is_flagged(self, validate: Validate, cat: Catalogue) -> None:
        """MMA4Z00-NS-FLT: its OPN comes from a secondary list (N27); made secondary-only here."""
        flt = next(p for p in cat.parts if p.part_number == "MMA4Z00-NS-FLT")
        secondary = next(s for s in cat.sources.values() if not s.primary).id
        changed = Catalogue(
            **{
                **cat.__dict__,
                "parts": [p.model_copy(update={"sources": [secondary]}) if p is flt else p for p in cat.parts],
            }
        )
        report = validate([("MMA4Z00-NS-FLT", 2)], catalogue=changed)
        flags = [f for f in report.findings if f.code == "SECONDARY_SOURCE_ONLY"]
        assert [(f.line, f.severity, f.source_ids) for f in flags] == [(1, Severity.WARNING, (secondary,))]

    def test_a_zero_quantity_is_a_warning(self, validate: Validate) -> None:
        report = validate([("MCP7Y00-N002", 0)])
        assert _codes(report) == [("ZERO_QUANTITY", 1, "MCP7Y00-N002")]


class TestLinkChecksAreCachedPerIntentShape:
    def test_fifty_identical_intents_cost_the_checks_of_one(
        self, validate: Validate, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        calls = []
        real = reconcile_module.check_link

        def counting(link, ctx):  # type: ignore[no-untyped-def]
            calls.append(link)
            return real(link, ctx)

        monkeypatch.setattr(reconcile_module, "check_link", counting)
        validate(P01_LINES, [P01_INTENT])
        one = len(calls)
        calls.clear()
        many = [intent(QM9700, CX7, 64, 400, 30, n) for n in range(1, 51)]
        report = validate([("MMA4Z00-NS", 1600), ("MFP7E10-N030", 3200), ("MMA4Z00-NS400", 3200)], many)
        assert report.findings == ()
        assert one >= 1
        assert len(calls) == one


class TestStructuredCabling:
    """10GBASE-SR reaches 300 m over OM3 and 400 m over OM4 (IEEE 802.3 cl. 52 via S24, S25)."""

    # The grade assumed is the one linkOptions ranks first for the modules: the most reach margin, then the
    # lower grade (README, ranking). At 300 m OM3 reaches with 0 m to spare and OM4 with 100 m: OM4.
    @pytest.mark.parametrize(("distance", "grade"), [(50, "OM4"), (300, "OM4"), (350, "OM4")])
    def test_the_grade_link_options_ranks_first_is_named(self, validate: Validate, distance: float, grade: str) -> None:
        report = validate([("FTLX8574D3BCL", 8)], [intent("SFP+", "SFP+", 4, 10, distance)])
        assert report.summary.errors == 0
        (note,) = report.findings
        assert (note.code, note.severity, note.quantity, note.intents) == (
            "STRUCTURED_CABLING",
            Severity.INFO,
            4,
            (1,),
        )
        assert note.message.startswith(f"4 × {grade} fiber, LC/UPC to LC/UPC, {distance} m run")
        assert _totals(report) == {"FTLX8574D3BCL": (8, 8, 0, 0)}

    def test_beyond_om4_reach_the_intent_is_unserved(self, validate: Validate) -> None:
        report = validate([("FTLX8574D3BCL", 8)], [intent("SFP+", "SFP+", 4, 10, 450)])
        codes = [f.code for f in report.findings]
        assert "INTENT_UNSERVED" in codes and "REACH_EXCEEDED" in codes


def test_modules_without_a_fiber_name_the_documented_families_with_their_lengths(validate: Validate) -> None:
    """NO_MEDIUM names MFP7E10 / MFP7E20 with the lengths the catalogue holds (3-50 m, 5-30 m): a bare
    family prefix is not an orderable part number."""
    report = validate([("MMA4Z00-NS", 1), ("MMA4Z00-NS400", 2)])
    assert [(f.code, f.line, f.fix) for f in report.findings] == [
        ("NO_MEDIUM", 1, "add MFP7E10 (3 to 50 m) or MFP7E20 (5 to 30 m) fibers of the run length"),
        ("NO_MEDIUM", 2, "add MFP7E10 (3 to 50 m) or MFP7E20 (5 to 30 m) fibers of the run length"),
    ]
