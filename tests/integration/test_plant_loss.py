"""Issue 12, the installed plant: 10GBASE-LRM over OM1, and channel insertion-loss budgets counted
against a plant's length and patch panels, asked of the use cases on the real, seeded graph.

Budget arithmetic the expected values rest on (seed/data/pmds.yaml, sources PL01, PL06-PL08)::

    10GBASE-SR over OM3: budget 2.6 dB; 250 m × 3.0 dB/km = 0.75 dB; 0.5 dB per mated connection
        2 panels: 0.75 + 1.00 = 1.75 dB  (valid)      4 panels: 0.75 + 2.00 = 2.75 dB  (refused)
    10GBASE-LRM over OM1: budget 1.9 dB; 200 m × 0.8 dB/km = 0.16 dB
        3 panels: 1.66 dB (valid)                        4 panels: 2.16 dB (refused)
    10GBASE-SR over OM3 at 280 m: 280 m × 3.0 dB/km = 0.84 dB
        3 panels: 2.34 dB (valid)                        4 panels: 2.84 dB (refused)
"""

from __future__ import annotations

import pytest

from service.errors import InputValidationError
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest, PlantRequest

SFP = EndRequest(form_factor="SFP+")


def _errors(option_or_verdict: object) -> list[tuple[str, float | None]]:
    verdict = getattr(option_or_verdict, "verdict", option_or_verdict)
    return [(f.code, f.limit) for f in verdict.findings if f.severity.value == "error"]


def _explained_over_lc_plant(service: CatalogueService, grade: str, distance_m: float):  # type: ignore[no-untyped-def]
    """linkOptions at 10 Gb/s between bare SFP+ ports over an installed LC/UPC plant of ``grade``,
    with the rejected candidates."""
    return service.link_options(
        end_a=SFP,
        end_b=SFP,
        rate_gbps=10,
        distance_m=distance_m,
        explain=True,
        plant=PlantRequest(fiber_type=grade, connector="LC/UPC"),
    )


class TestLrmOverOm1:
    """ "10G between two SFP+ ports over our 200 m of OM1": only 10GBASE-LRM reaches."""

    def test_200_m_of_om1_offers_10gbase_lrm_and_nothing_that_needs_om3(self, service: CatalogueService) -> None:
        result = _explained_over_lc_plant(service, "OM1", 200)
        assert [(o.rank, o.pmd, o.fiber_type, o.reach_m, o.margin_m) for o in result.options] == [
            (1, "10GBASE-LRM", "OM1", 220.0, 20.0)
        ]
        option = result.options[0]
        assert option.link.module_a is not None and option.link.module_b is not None
        # Four 10GBASE-LRM SFP+ optics of equal standing (no own reach rows): Extreme's 10303 (EX01) is named
        # first by part number; Aruba J9152D (HPE cabling guide HF01), Cisco SFP-10G-LRM and Juniper
        # SFPP-10GE-LRM (HU04) are its alternatives.
        assert (option.link.module_a.part_number, option.link.module_b.part_number) == ("10303", "10303")
        assert {p.role: p.alternatives for p in option.parts if p.role in ("module_a", "module_b")} == {
            "module_a": ("J9152D", "SFP-10G-LRM", "SFPP-10GE-LRM"),
            "module_b": ("J9152D", "SFP-10G-LRM", "SFPP-10GE-LRM"),
        }
        assert {o.fiber_type for o in (*result.options, *result.rejected)} == {"OM1"}
        assert {o.pmd for o in result.rejected} == {"10GBASE-SR"}
        assert all(_errors(o) == [("REACH_EXCEEDED", 33.0)] for o in result.rejected)

    def test_over_an_installed_om1_plant_the_fixes_name_only_what_reaches_over_om1(
        self, service: CatalogueService
    ) -> None:
        """The plant fixes the grade: 10GBASE-SR's rejection names 10GBASE-LRM at its OM1 reach, not
        "OM3/OM4 fiber" nor SR's 400 m over OM4 nor LR over OS2 (a fresh user's trial)."""
        result = _explained_over_lc_plant(service, "OM1", 200)
        fixes = {f.fix for o in result.rejected for f in o.verdict.findings if f.code == "REACH_EXCEEDED"}
        assert fixes == {"use transceivers of a longer-reach PMD: 10GBASE-LRM (220 m over OM1, e.g. 10303)"}

    def test_over_an_installed_om3_plant_the_lrm_rejection_names_sr_over_om3(self, service: CatalogueService) -> None:
        result = _explained_over_lc_plant(service, "OM3", 250)
        assert [(o.pmd, o.reach_m) for o in result.options] == [("10GBASE-SR", 300.0)]
        assert [
            (o.pmd, [(f.code, f.fix) for f in o.verdict.findings if f.severity.value == "error"])
            for o in result.rejected
        ] == [
            (
                "10GBASE-LRM",
                [("REACH_EXCEEDED", "use transceivers of a longer-reach PMD: 10GBASE-SR (300 m over OM3, e.g. 10301)")],
            ),
            (
                "10GBASE-SR",
                # Extreme's dual-rate SFP28 25/10G-SR-SFP100M fits the SFP+ cage at 10 Gb/s but its own reach
                # is 70 m over OM3 (EX01): the fix names the SFP+ modules of the same PMD that reach 300 m
                [("REACH_EXCEEDED", "use transceivers that reach further: 10GBASE-SR (300 m over OM3, e.g. 10301)")],
            ),
        ]

    def test_the_lrm_option_is_valid_when_fed_back_to_check_link(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=200, plant=PlantRequest(fiber_type="OM1", connector="LC/UPC")
        )
        check = service.check_link(LinkRequest.of(result.options[0].link), alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 10.0)

    def test_lrm_is_not_offered_over_om4_its_clause_lists_no_om4_row(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=200, plant=PlantRequest(fiber_type="OM4", connector="LC/UPC")
        )
        assert [(o.pmd, o.reach_m) for o in result.options] == [("10GBASE-SR", 400.0)]

    def test_the_lrm_pmd_is_clause_68_with_every_grade_of_its_table(self, service: CatalogueService) -> None:
        pmd = service.rule_context().pmds["10GBASE-LRM"]
        assert (pmd.standard, pmd.clause, pmd.wavelength_nm) == ("IEEE 802.3aq", "68", "1310")
        assert [(r.fiber, r.max_m) for r in pmd.reach] == [("OM1", 220.0), ("OM2", 220.0), ("OM3", 220.0)]
        assert [r.loss.channel_db if r.loss else None for r in pmd.reach] == [1.9, 1.9, 1.9]


class TestInsertionLossBudget:
    """Patch panels count against the PMD's channel insertion-loss budget."""

    def _sr_over_om3(self, service: CatalogueService, panels: int) -> object:
        return service.link_options(
            end_a=SFP,
            end_b=SFP,
            rate_gbps=10,
            distance_m=250,
            explain=True,
            plant=PlantRequest(fiber_type="OM3", connector="LC/UPC", patch_panels=panels),
        )

    def test_two_panels_at_250_m_of_om3_keep_10gbase_sr_within_its_2_6_db(self, service: CatalogueService) -> None:
        result = self._sr_over_om3(service, 2)
        assert {(o.pmd, o.fiber_type, o.reach_m, o.margin_m) for o in result.options} == {
            ("10GBASE-SR", "OM3", 300.0, 50.0)
        }
        assert result.notes[-1] == (
            "2 patch panel(s) counted as 2 mated connection(s) in the channel, within the channel "
            "insertion-loss budget of 10GBASE-SR over OM3."
        )

    def test_four_panels_at_250_m_of_om3_exceed_it(self, service: CatalogueService) -> None:
        result = self._sr_over_om3(service, 4)
        assert result.options == ()
        sr = [o for o in result.rejected if o.pmd == "10GBASE-SR"]
        # the SFP+ pair on the loss budget; Extreme's dual-rate SFP28 (70 m over OM3 at 10 Gb/s, EX01) on its own
        # reach as well
        assert [_errors(o) for o in sr] == [
            [("INSERTION_LOSS_EXCEEDED", 2.6)],
            [("REACH_EXCEEDED", 70.0), ("INSERTION_LOSS_EXCEEDED", 2.6)],
        ]
        finding = next(f for f in sr[0].verdict.findings if f.code == "INSERTION_LOSS_EXCEEDED")
        assert finding.message == (
            "OM3 fiber (250 m): 250 m of OM3 (0.75 dB at 3 dB/km) and 4 mated connection(s) (2.00 dB at "
            "0.5 dB each) come to 2.75 dB; 10GBASE-SR allows 2.6 dB channel insertion loss over OM3, "
            "1.5 dB of it for connections"
        )
        assert finding.fix == (
            "cross at most 3 patch panel(s) at this length, shorten the run, or measure the channel: a "
            "measured insertion loss within 2.6 dB passes"
        )
        assert set(finding.source_ids) >= {"PL06", "PL07", "PL08"}

    def test_three_panels_are_the_most_at_250_m(self, service: CatalogueService) -> None:
        assert [o.pmd for o in self._sr_over_om3(service, 3).options] == ["10GBASE-SR"]

    def test_lrm_over_om1_takes_three_panels_at_200_m_but_not_four(self, service: CatalogueService) -> None:
        def options(panels: int) -> list[str | None]:
            result = service.link_options(
                end_a=SFP,
                end_b=SFP,
                rate_gbps=10,
                distance_m=200,
                plant=PlantRequest(fiber_type="OM1", connector="LC/UPC", patch_panels=panels),
            )
            return [o.pmd for o in result.options]

        assert (options(3), options(4)) == (["10GBASE-LRM"], [])

    def test_check_link_counts_patch_panels_on_generic_fiber(self, service: CatalogueService) -> None:
        def check(panels: int) -> list[tuple[str, float | None]]:
            req = LinkRequest(
                end_a=SFP,
                end_b=SFP,
                distance_m=250,
                module_a="SFP-10G-SR",
                module_b="SFP-10G-SR",
                media=(FiberRequest(fiber_type="OM3", connector="LC/UPC", patch_panels=panels),),
            )
            return _errors(service.check_link(req, alternatives=False).verdict)

        assert (check(2), check(4)) == ([], [("INSERTION_LOSS_EXCEEDED", 2.6)])

    def test_a_pmd_without_a_budget_is_not_checked_and_the_note_says_so(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=SFP,
            end_b=SFP,
            rate_gbps=10,
            distance_m=2000,
            plant=PlantRequest(fiber_type="OS2", connector="LC/UPC", patch_panels=6),
        )
        assert {o.pmd for o in result.options} >= {"10GBASE-LR"}
        assert "the catalogue holds no insertion-loss budget for" in result.notes[-1]
        assert "10GBASE-LR" in result.notes[-1]
        assert result.notes[-1].endswith("check the channel against the PMD's budget.")

    def test_negative_patch_panels_on_generic_fiber_are_a_typed_error(self, service: CatalogueService) -> None:
        req = LinkRequest(
            end_a=SFP,
            end_b=SFP,
            distance_m=10,
            module_a="SFP-10G-SR",
            module_b="SFP-10G-SR",
            media=(FiberRequest(fiber_type="OM3", patch_panels=-1),),
        )
        with pytest.raises(InputValidationError, match="must not be negative"):
            service.check_link(req, alternatives=False)


def _error_fixes(result: object) -> list[tuple[str | None, list[tuple[str, str | None]]]]:
    return [
        (o.pmd, [(f.code, f.fix) for f in o.verdict.findings if f.severity.value == "error"])
        for o in result.rejected  # type: ignore[attr-defined]
    ]


class TestReachFixOverTheInstalledPlant:
    """A reach fix over an installed plant offers another PMD only as the plant would carry it: counted
    against that PMD's channel insertion-loss budget over the plant's grade, at the plant's length and
    patch panels (the INSERTION_LOSS_EXCEEDED arithmetic)."""

    def _over_om3(self, service: CatalogueService, length_m: float, panels: int) -> object:
        return service.link_options(
            end_a=SFP,
            end_b=SFP,
            rate_gbps=10,
            distance_m=length_m,
            explain=True,
            plant=PlantRequest(fiber_type="OM3", length_m=length_m, patch_panels=panels),
        )

    def test_280_m_and_4_panels_the_lrm_fix_names_sr_only_with_the_panels_its_budget_allows(
        self, service: CatalogueService
    ) -> None:
        """10GBASE-SR reaches 280 m of OM3 but 4 panels take it to 2.84 dB, over its 2.6 dB: the LRM
        rejection no longer offers it bare (that fix would itself be refused on this plant)."""
        result = self._over_om3(service, 280, 4)
        assert result.options == ()  # type: ignore[attr-defined]
        assert _error_fixes(result) == [
            (
                "10GBASE-SR",
                [
                    (
                        "INSERTION_LOSS_EXCEEDED",
                        "cross at most 3 patch panel(s) at this length, shorten the run, or measure the channel: "
                        "a measured insertion loss within 2.6 dB passes",
                    )
                ],
            ),
            (
                "10GBASE-LRM",
                [
                    (
                        "REACH_EXCEEDED",
                        "use transceivers of a longer-reach PMD: 10GBASE-SR (300 m over OM3, e.g. 10301) crossing "
                        "at most 3 patch panel(s): its 2.6 dB channel insertion-loss budget allows no more at "
                        "280 m (with 4 the channel comes to 2.84 dB), unless the measured insertion loss is "
                        "within 2.6 dB",
                    )
                ],
            ),
            (
                "10GBASE-SR",
                [
                    (
                        "REACH_EXCEEDED",
                        "use transceivers that reach further: 10GBASE-SR (300 m over OM3, e.g. 10301) crossing at "
                        "most 3 patch panel(s): its 2.6 dB channel insertion-loss budget allows no more at 280 m "
                        "(with 4 the channel comes to 2.84 dB), unless the measured insertion loss is within 2.6 dB",
                    ),
                    (
                        "INSERTION_LOSS_EXCEEDED",
                        "cross at most 3 patch panel(s) at this length, shorten the run, or measure the channel: "
                        "a measured insertion loss within 2.6 dB passes",
                    ),
                ],
            ),
        ]

    def test_280_m_and_3_panels_sr_fits_and_the_lrm_fix_names_it_plainly(self, service: CatalogueService) -> None:
        result = self._over_om3(service, 280, 3)
        assert [(o.pmd, o.reach_m) for o in result.options] == [("10GBASE-SR", 300.0)]  # type: ignore[attr-defined]
        assert _error_fixes(result) == [
            (
                "10GBASE-LRM",
                [("REACH_EXCEEDED", "use transceivers of a longer-reach PMD: 10GBASE-SR (300 m over OM3, e.g. 10301)")],
            ),
            (
                "10GBASE-SR",
                # Extreme's dual-rate SFP28 25/10G-SR-SFP100M fits the SFP+ cage at 10 Gb/s but its own reach
                # is 70 m over OM3 (EX01): the fix names the SFP+ modules of the same PMD that reach 300 m
                [("REACH_EXCEEDED", "use transceivers that reach further: 10GBASE-SR (300 m over OM3, e.g. 10301)")],
            ),
        ]

    @pytest.mark.parametrize("panels", [0, 1])
    def test_250_m_and_few_panels_the_lrm_fix_still_names_sr(self, service: CatalogueService, panels: int) -> None:
        result = self._over_om3(service, 250, panels)
        assert [(o.pmd, o.reach_m) for o in result.options] == [("10GBASE-SR", 300.0)]  # type: ignore[attr-defined]
        assert _error_fixes(result) == [
            (
                "10GBASE-LRM",
                [("REACH_EXCEEDED", "use transceivers of a longer-reach PMD: 10GBASE-SR (300 m over OM3, e.g. 10301)")],
            ),
            (
                "10GBASE-SR",
                # Extreme's dual-rate SFP28 25/10G-SR-SFP100M fits the SFP+ cage at 10 Gb/s but its own reach
                # is 70 m over OM3 (EX01): the fix names the SFP+ modules of the same PMD that reach 300 m
                [("REACH_EXCEEDED", "use transceivers that reach further: 10GBASE-SR (300 m over OM3, e.g. 10301)")],
            ),
        ]

    def test_over_om1_the_sr_fix_names_lrm_with_the_panels_its_1_9_db_allow(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=SFP,
            end_b=SFP,
            rate_gbps=10,
            distance_m=200,
            explain=True,
            plant=PlantRequest(fiber_type="OM1", connector="LC/UPC", patch_panels=4),
        )
        assert result.options == ()
        assert dict(_error_fixes(result))["10GBASE-SR"] == [
            (
                "REACH_EXCEEDED",
                "use transceivers of a longer-reach PMD: 10GBASE-LRM (220 m over OM1, e.g. 10303) crossing at most "
                "3 patch panel(s): its 1.9 dB channel insertion-loss budget allows no more at 200 m (with 4 the "
                "channel comes to 2.16 dB), unless the measured insertion loss is within 1.9 dB",
            )
        ]

    def test_the_fix_does_not_depend_on_the_plants_asked_before(self, service: CatalogueService) -> None:
        """The offers are memoised per link shape; the plant's length and panels pick among them per
        run, so one plant's fix is never another's (asked in both orders on the shared context)."""

        def lrm_fix(length_m: float, panels: int) -> list[tuple[str, str | None]]:
            return dict(_error_fixes(self._over_om3(service, length_m, panels)))["10GBASE-LRM"]

        plain = [("REACH_EXCEEDED", "use transceivers of a longer-reach PMD: 10GBASE-SR (300 m over OM3, e.g. 10301)")]
        first = [lrm_fix(260, 1), lrm_fix(260, 5), lrm_fix(290, 1), lrm_fix(290, 4)]
        again = [lrm_fix(290, 4), lrm_fix(290, 1), lrm_fix(260, 5), lrm_fix(260, 1)][::-1]
        assert first == again
        assert (first[0], first[2]) == (plain, plain)
        assert [fix for ((_, fix),) in (first[1], first[3])] == [
            "use transceivers of a longer-reach PMD: 10GBASE-SR (300 m over OM3, e.g. 10301) crossing at most 3 "
            "patch panel(s): its 2.6 dB channel insertion-loss budget allows no more at 260 m (with 5 the channel "
            "comes to 3.28 dB), unless the measured insertion loss is within 2.6 dB",
            "use transceivers of a longer-reach PMD: 10GBASE-SR (300 m over OM3, e.g. 10301) crossing at most 3 "
            "patch panel(s): its 2.6 dB channel insertion-loss budget allows no more at 290 m (with 4 the channel "
            "comes to 2.87 dB), unless the measured insertion loss is within 2.6 dB",
        ]


class TestReachFixOverGenericFiberCountsTheOffersBudget:
    """checkLink over generic fiber (structured cabling, not an installed plant) with patch panels: a
    reach fix counts each offer against its own channel insertion-loss budget over the grade it
    offers, as INSERTION_LOSS_EXCEEDED would count the link it proposes (fresh-user finding: "use
    OM4 (400 m)" on 350 m across 4 panels is 3.05 dB against 10GBASE-SR's 2.9 dB over OM4)."""

    @staticmethod
    def _fixes(service: CatalogueService, module: str, length_m: float, panels: int) -> list[tuple[str, str | None]]:
        req = LinkRequest(
            end_a=SFP,
            end_b=SFP,
            distance_m=length_m,
            module_a=module,
            module_b=module,
            media=(FiberRequest(fiber_type="OM3", connector="LC/UPC", patch_panels=panels),),
        )
        verdict = service.check_link(req, alternatives=False).verdict
        return [(f.code, f.fix) for f in verdict.findings if f.severity.value == "error"]

    def test_sr_on_350_m_of_om3_across_4_panels_om4_only_with_3(self, service: CatalogueService) -> None:
        assert self._fixes(service, "SFP-10G-SR", 350, 4) == [
            (
                "REACH_EXCEEDED",
                "use OM5 (400 m) fiber for 10GBASE-SR; or transceivers of a longer-reach PMD: 10GBASE-LR (10000 m "
                "over OS2 instead of OM3, e.g. SFP-10G-LR) or 10GBASE-ER (40000 m over OS2 instead of OM3, e.g. "
                "SFP-10G-ER); or OM4 (400 m) fiber "
                "for 10GBASE-SR crossing at most 3 patch panel(s): its 2.9 dB channel insertion-loss budget allows no "
                "more at 350 m (with 4 the channel comes to 3.05 dB), unless the measured insertion loss is within "
                "2.9 dB",
            )
        ]

    def test_sr_on_350_m_of_om3_across_2_panels_om4_plainly(self, service: CatalogueService) -> None:
        assert self._fixes(service, "SFP-10G-SR", 350, 2) == [
            (
                "REACH_EXCEEDED",
                "use OM4 (400 m) or OM5 (400 m) fiber for 10GBASE-SR; or transceivers of a longer-reach PMD: "
                "10GBASE-LR (10000 m over OS2 instead of OM3, e.g. SFP-10G-LR) or 10GBASE-ER (40000 m over OS2 instead "
                "of OM3, e.g. SFP-10G-ER)",
            )
        ]

    def test_lrm_on_380_m_across_4_panels_names_sr_over_om4_only_with_3(self, service: CatalogueService) -> None:
        assert self._fixes(service, "SFP-10G-LRM", 380, 4) == [
            (
                "REACH_EXCEEDED",
                "use transceivers of a longer-reach PMD: 10GBASE-LR (10000 m over OS2 instead of OM3, e.g. SFP-10G-LR) "
                "or "
                "10GBASE-ER (40000 m over OS2 instead of OM3, e.g. SFP-10G-ER); or transceivers of a longer-reach PMD: "
                "10GBASE-SR "
                "(400 m over OM4 instead of OM3, e.g. SFP-10G-SR) crossing at most 3 patch panel(s): its 2.9 dB "
                "channel "
                "insertion-loss budget allows no more at 380 m (with 4 the channel comes to 3.14 dB), unless the "
                "measured insertion loss is within 2.9 dB",
            )
        ]

    def test_lrm_on_380_m_without_panels_and_the_order_asked(self, service: CatalogueService) -> None:
        plain = [
            (
                "REACH_EXCEEDED",
                "use transceivers of a longer-reach PMD: 10GBASE-SR (400 m over OM4 instead of OM3, e.g. SFP-10G-SR), "
                "10GBASE-LR "
                "(10000 m over OS2 instead of OM3, e.g. SFP-10G-LR) or 10GBASE-ER (40000 m over OS2 instead of OM3, "
                "e.g. SFP-10G-ER)",
            )
        ]
        # the offers are memoised per link shape; the run's panels pick among them per question
        first = [self._fixes(service, "SFP-10G-LRM", 380, n) for n in (0, 4, 0)]
        assert first[0] == first[2] == plain
        assert first[1] != plain
