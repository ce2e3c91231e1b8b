"""Four answers that were wrong or misleading, pinned on the seeded graph (knowledge fidelity).

1. A bare flat-top OSFP end without a port count: single- and twin-port flat-top modules both fit such
   a cage in principle, so both are offered and a note says which suits which (twin-port flat-top:
   DGX/HGX-style systems, NVIDIA N21/N37/N10; single-port: adapter cages such as ConnectX-7, N01/N02)::

       flat-top OSFP (ports?) ── MMA4Z00-NS-FLT | MMA4Z00-NS400 ══ MFP7E10 ══ … ── flat-top OSFP (ports?)

2. 100GBASE-LR4 needs no FEC (FEC01): no FEC_REQUIRED notice; FEC_SETTING where a port can run FEC.
3. EDR SR4 (MMA1B00-E100) has no sourced reach: over OM1/OM2, which no source lists for it, it ranks
   after its other unverified grades, and the warning says no source lists the grade.
4. A NetBox 10gbase-x-sfpp cage (NE1032, LV02) names its nominal 10 Gb/s only: 1 Gb/s SFPs in it are
   RATE_UNVERIFIED, not refused.
"""

from __future__ import annotations

from service.domain.catalogue import Protocol, TopStyle
from service.domain.link import MediumKind
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

FLAT = EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT)
FINNED = EndRequest(form_factor="OSFP", top_style=TopStyle.FINNED)
FLAT_SINGLE = EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT, ports=1)
QSFP28 = EndRequest(form_factor="QSFP28")
SN2700 = EndRequest(device="SN2700")
NE1032 = EndRequest(device="NE1032")

FLAT_NOTE = (
    "End {end} (a flat-top OSFP cage) was given without a port count, so both kinds of module are offered "
    "for it: twin-port MMA4Z00-NS-FLT, MMS4X00-NM-FLT, MMS4X00-NS-FLT or MMS4X00-NM-HGX (two links per cage) "
    "suits twin-port flat-top cages, e.g. the OSFP ports of DGX/HGX-style systems and liquid-cooled switches; "
    "single-port {singles}, … (one link per cage) suits single-port adapter cages with a riding heat sink, "
    "e.g. ConnectX-7. Give ports (1 or 2) to narrow the answer to one kind."
)


def _modules(option) -> dict[str, tuple[str | None, tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    return {p.role: (p.part_number, p.alternatives) for p in option.parts if p.role.startswith("module")}


class TestBareFlatTopOsfpWithoutPortCount:
    def test_both_the_twin_and_the_single_port_flat_top_module_are_offered(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=FLAT, end_b=FLAT, rate_gbps=400, distance_m=30)
        first = result.options[0]
        assert first.summary == "400G-SR4: MMA4Z00-NS-FLT + MFP7E10-N030 + MMA4Z00-NS400-T, reach 50 m over OM4"
        # a twin-port module is never an alternative to a single-port one (the links each serves, and so
        # the bill of materials, would change): the single-port flat-top modules lead options of their own
        assert _modules(first) == {
            "module_a": ("MMA4Z00-NS-FLT", ()),
            "module_b": ("MMA4Z00-NS400-T", ()),
        }
        # (Arista's 400G OSFP AOCs and DACs, LB03, are options too, after the documented ones: no modules)
        singles = [o for o in result.options if _modules(o).get("module_a", (None,))[0] == "MMA4Z00-NS400"]
        assert singles and _modules(singles[0])["module_a"] == ("MMA4Z00-NS400", ("MMA4Z00-NS400-T",))
        ctx = service.rule_context()
        for option in result.options:
            for part in option.parts:
                if part.role.startswith("module") and part.part_number and part.alternatives:
                    ports = {ctx.modules[n].ports for n in (part.part_number, *part.alternatives)}
                    assert len(ports) == 1, (option.summary, part.part_number, part.alternatives)

    def test_a_note_says_the_port_count_was_not_given_and_which_module_suits_which_cage(
        self, service: CatalogueService
    ) -> None:
        result = service.link_options(end_a=FLAT, end_b=FLAT, rate_gbps=400, distance_m=30)
        assert result.notes == (
            FLAT_NOTE.format(end="A", singles="MMA4Z00-NS400, MMA4Z00-NS400-T, OSFP-400G-SR8 or OSFP-400G-DR4"),
            FLAT_NOTE.format(end="B", singles="MMA4Z00-NS400-T, MMA4Z00-NS400, OSFP-400G-SR8 or OSFP-400G-DR4"),
        )

    def test_with_one_port_stated_the_single_port_module_and_no_note(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=FLAT_SINGLE, end_b=FLAT_SINGLE, rate_gbps=400, distance_m=30)
        assert _modules(result.options[0]) == {
            "module_a": ("MMA4Z00-NS400", ("MMA4Z00-NS400-T",)),
            "module_b": ("MMA4Z00-NS400-T", ()),
        }
        assert result.notes == ()

    def test_a_finned_bare_end_without_ports_gets_the_same_note_for_switch_cages(
        self, service: CatalogueService
    ) -> None:
        result = service.link_options(end_a=FINNED, end_b=FLAT_SINGLE, rate_gbps=400, distance_m=30)
        assert result.notes == (
            "End A (a finned-top OSFP cage) was given without a port count, so both kinds of module are offered "
            "for it: twin-port MMA4Z00-NS, MMA4Z00-NS-T, MMS4X00-NS-T or MMS4X00-NM-T, … (two links per cage) suits "
            "twin-port finned cages of air-cooled switches (Quantum-2, Spectrum-4); single-port OSFP-400G-SR8, "
            "OSFP-400G-DR4, OSFP-400G-2FR4 or OSFP-400G-XDR4, … (one link per cage) suits single-port finned "
            "cages. Give ports (1 or 2) to narrow the answer to one kind.",
        )

    def test_a_finned_module_in_a_flat_top_end_is_still_a_top_style_mismatch(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=FLAT,
                end_b=FLAT,
                distance_m=30,
                module_a="MMA4Z00-NS",
                module_b="MMA4Z00-NS400",
                media=(FiberRequest(part_number="MFP7E10-N030"),),
            ),
            alternatives=False,
        )
        assert check.verdict.error_codes == ("TOP_STYLE_MISMATCH",)


class TestNoFecPmds:
    def _lr4(self, service: CatalogueService, end: EndRequest):  # type: ignore[no-untyped-def]
        return service.check_link(
            LinkRequest(
                end_a=end,
                end_b=end,
                distance_m=1000,
                module_a="QSFP-100G-LR4-S",
                module_b="QSFP-100G-LR4-S",
                media=(FiberRequest(fiber_type="OS2", connector="LC/UPC"),),
            ),
            alternatives=False,
        )

    def test_lr4_carries_no_fec_required_notice(self, service: CatalogueService) -> None:
        check = self._lr4(service, QSFP28)
        assert (check.verdict.valid, [f.code for f in check.verdict.findings]) == (True, [])

    def test_lr4_on_sn2700_ports_says_set_fec_off_at_both_ends(self, service: CatalogueService) -> None:
        check = self._lr4(service, SN2700)
        assert [(f.code, f.severity.value, f.message, f.source_ids) for f in check.verdict.findings] == [
            (
                "FEC_SETTING",
                "info",
                "no FEC: 100GBASE-LR4 runs without FEC, so set FEC off at both ends (SN2700 runs RS(528,514) or "
                "none at 100 Gb/s; a port set to an FEC mode against one set off keeps the link down)",
                ("FEC01", "FE01"),
            )
        ]

    def test_no_option_anywhere_says_fec_required_for_a_pmd_that_needs_none(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=SN2700, end_b=SN2700, rate_gbps=100, distance_m=1000)
        lr4 = [o for o in result.options if o.pmd == "100GBASE-LR4"]
        assert lr4
        for o in lr4:
            assert [f.code for f in o.verdict.findings if f.code.startswith("FEC_")] == ["FEC_SETTING"]


class TestSr4OverLegacyMultimode:
    def test_edr_sr4_over_om1_and_om2_ranks_after_its_other_unverified_grades(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=QSFP28, end_b=QSFP28, rate_gbps=100, distance_m=30, protocol=Protocol.INFINIBAND
        )
        assert [(o.rank, o.medium, o.pmd, o.fiber_type, o.reach_basis) for o in result.options] == [
            (1, MediumKind.ACTIVE_OPTICAL, None, None, None),
            (2, MediumKind.MULTIMODE_FIBER, "EDR SR4", "OM3", "unverified"),
            (3, MediumKind.MULTIMODE_FIBER, "EDR SR4", "OM4", "unverified"),
            (4, MediumKind.MULTIMODE_FIBER, "EDR SR4", "OM5", "unverified"),
            (5, MediumKind.MULTIMODE_FIBER, "EDR SR4", "OM1", "unverified"),
            (6, MediumKind.MULTIMODE_FIBER, "EDR SR4", "OM2", "unverified"),
        ]
        om1 = result.options[4]
        assert om1.summary == "EDR SR4: MMA1B00-E100 + OM1 MPO-12/UPC + MMA1B00-E100"
        [warning] = [f for f in om1.verdict.findings if f.code == "REACH_UNVERIFIED"]
        assert warning.message == (
            "the catalogue holds no reach for EDR SR4 over OM1: no source lists OM1 for this PMD (no datasheet or "
            "standard row); the fiber path is 30 m: the link is not rejected for it, but its reach is unverified"
        )

    def test_10gbase_sr_and_lrm_over_om1_stay_sourced(self, service: CatalogueService) -> None:
        sfp = EndRequest(form_factor="SFP+")
        result = service.link_options(end_a=sfp, end_b=sfp, rate_gbps=10, distance_m=30)
        om1 = {(o.pmd, o.reach_m, o.reach_basis) for o in result.options if o.fiber_type == "OM1"}
        assert om1 == {("10GBASE-SR", 33.0, "standard"), ("10GBASE-LRM", 220.0, "standard")}


class TestLowerRateInANetboxSfpPlusCage:
    def test_a_1000base_sx_sfp_in_ne1032_sfp_plus_cages_is_unverified_not_invalid(
        self, service: CatalogueService
    ) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=NE1032,
                end_b=NE1032,
                distance_m=100,
                module_a="SFP-GIG-SX",
                module_b="SFP-GIG-SX",
                media=(FiberRequest(fiber_type="OM2", connector="LC/UPC"),),
            ),
            alternatives=False,
        )
        assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 1.0)
        assert [(f.code, f.severity.value, f.message) for f in check.verdict.findings][:1] == [
            (
                "RATE_UNVERIFIED",
                "warning",
                "NE1032: the source lists 10 Gb/s for this cage; 1 Gb/s not stated: the link is not rejected for it, "
                "but the port's rate is unverified",
            )
        ]

    def test_link_options_at_1g_offer_sx_lx_and_t_all_marked_unverified(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=NE1032, end_b=NE1032, rate_gbps=1, distance_m=100)
        rows = [(o.pmd, o.fiber_type, o.reach_m) for o in result.options]
        assert rows == [
            ("1000BASE-SX", "OM2", 550.0),
            # OM3: the TIA table's 800 m (MM01); the smallest sufficient optic, Extreme's 10051H, 550 m (EX01)
            ("1000BASE-SX", "OM3", 550.0),
            ("1000BASE-SX", "OM1", 275.0),
            # twisted pair after multimode, before single-mode: 100 m of Category 5e/6 is 1000BASE-T's reach
            ("1000BASE-T", "Cat5e", 100.0),
            ("1000BASE-T", "Cat6", 100.0),
            ("1000BASE-LX", "OS2", 5000.0),
            # LX over multimode needs a mode-conditioning cord at each end (cl. 38): after those
            ("1000BASE-LX", "OM1", 550.0),
            ("1000BASE-LX", "OM2", 550.0),
            ("1000BASE-LX", "OM3", 550.0),
            ("1000BASE-SX", "OM4", None),
            ("1000BASE-SX", "OM5", None),
            ("1000BASE-LX", "OM4", None),
            ("1000BASE-LX", "OM5", None),
            ("1000BASE-LX", "OS1a", None),
        ]
        assert all("RATE_UNVERIFIED" in {f.code for f in o.verdict.findings} for o in result.options)
        assert all(o.verdict.valid for o in result.options)
