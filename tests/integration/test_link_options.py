"""linkOptions on the real, seeded graph: the two headline questions and the shared cases that the
first catalogue slice covers (copied from the project's known-right answers; sources in each
docstring)."""

from __future__ import annotations

import pytest

from service.domain.link import MediumKind
from service.errors import InputValidationError, UnknownDeviceError, UnknownFormFactorError
from service.use_cases import CatalogueService, EndRequest

SFP = EndRequest(form_factor="SFP+")
QM9700 = EndRequest(device="QM9700")
CX7_OSFP = EndRequest(device="MCX75310AAS-NEAT")


@pytest.fixture(scope="module")
def result(service: CatalogueService):  # type: ignore[no-untyped-def]
    """SFP+ to SFP+, 10G Ethernet, 300 m, with rejected candidates."""
    return service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=300, explain=True)


@pytest.fixture(scope="module")
def at_30m(service: CatalogueService):  # type: ignore[no-untyped-def]
    """QM9700 to ConnectX-7 OSFP, NDR 400G, 30 m, with rejected candidates."""
    return service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=400, distance_m=30, explain=True)


def _media(result) -> set[tuple[str | None, str | None]]:  # type: ignore[no-untyped-def]
    return {(o.pmd, o.fiber_type) for o in result.options}


class TestTenGigOver300m:
    """C04: SFP+ ══ 300 m ══ SFP+ at 10G Ethernet.

    Valid: 10GBASE-SR over OM3 (300 m, no margin) and OM4 (400 m), 10GBASE-LR over single-mode
    (10 km). Not valid: SR over OM1 (33 m) / OM2 (82 m), LRM (220 m), any DAC or AOC.
    Sources: IEEE 802.3 cl. 52 via Ethernet Alliance (S24), Trellix reach table (S25).
    """

    def test_sr_over_om3_is_offered_at_exactly_its_300_m_limit(self, result) -> None:  # type: ignore[no-untyped-def]
        om3 = [o for o in result.options if (o.pmd, o.fiber_type) == ("10GBASE-SR", "OM3")]
        assert len(om3) == 1
        assert om3[0].reach_m == 300.0
        assert om3[0].margin_m == 0.0
        assert om3[0].connector == "LC/UPC"

    def test_sr_over_om4_reaches_400_m(self, result) -> None:  # type: ignore[no-untyped-def]
        om4 = [o for o in result.options if (o.pmd, o.fiber_type) == ("10GBASE-SR", "OM4")]
        assert [(o.reach_m, o.margin_m) for o in om4] == [(400.0, 100.0)]

    def test_lr_over_os2_reaches_10_km(self, result) -> None:  # type: ignore[no-untyped-def]
        os2 = [o for o in result.options if (o.pmd, o.fiber_type) == ("10GBASE-LR", "OS2")]
        assert [(o.reach_m, o.margin_m) for o in os2] == [(10000.0, 9700.0)]
        assert os2[0].medium is MediumKind.SINGLE_MODE_FIBER

    def test_nothing_over_om1_or_om2_and_no_lrm_dac_or_aoc(self, result) -> None:  # type: ignore[no-untyped-def]
        fibers = {o.fiber_type for o in result.options}
        assert "OM1" not in fibers and "OM2" not in fibers
        assert "10GBASE-LRM" not in {o.pmd for o in result.options}
        assert not {o.medium for o in result.options} & {MediumKind.PASSIVE_COPPER, MediumKind.ACTIVE_OPTICAL}

    def test_every_option_is_sr_on_om3_or_better_or_single_mode(self, result) -> None:  # type: ignore[no-untyped-def]
        assert _media(result) <= {
            ("10GBASE-SR", "OM3"),
            ("10GBASE-SR", "OM4"),
            ("10GBASE-SR", "OM5"),
            ("10GBASE-LR", "OS2"),
            ("10GBASE-LR", "OS1a"),
            ("10GBASE-ER", "OS2"),
            ("10GBASE-ER", "OS1a"),
        }

    def test_over_os1a_er_reaches_9_km_and_lr_stays_unverified_last(self, result) -> None:  # type: ignore[no-untyped-def]
        """40 km and 10 km are OS2 figures (OS1a cable may lose 1.0 dB/km). 10GBASE-ER over OS1a is
        derived from clause 52's loss budget: (11 dB channel insertion loss - 2 dB connection
        allocation) / 1.0 dB/km = 9 km (SM01-SM03, secondary copies of the clause), after ER over
        OS2 (more margin). No source gives 10GBASE-LR's channel insertion loss, so LR over OS1a is
        not refused but warned REACH_UNVERIFIED, after every verified option."""
        tail = [(o.pmd, o.fiber_type, o.reach_m, o.margin_m, o.reach_basis) for o in result.options[-3:]]
        assert tail == [
            ("10GBASE-ER", "OS2", 40000.0, 39700.0, "standard"),
            ("10GBASE-ER", "OS1a", 9000.0, 8700.0, "standard_secondary"),
            ("10GBASE-LR", "OS1a", None, None, "unverified"),
        ]
        assert set(result.options[-2].limiting_source_ids) == {"SM01", "SM02", "SM03"}
        assert "REACH_UNVERIFIED" not in {f.code for f in result.options[-2].verdict.findings}
        assert [f.code for f in result.options[-1].verdict.findings] == ["REACH_UNVERIFIED"]
        assert all("REACH_UNVERIFIED" not in {f.code for f in o.verdict.findings} for o in result.options[:-1])

    def test_om1_and_om2_are_rejected_for_reach_with_the_ieee_limits(self, result) -> None:  # type: ignore[no-untyped-def]
        """OM1/OM2: the IEEE 10GBASE-SR limits. OM3/OM4: only Extreme's dual-rate SFP28
        25/10G-SR-SFP100M, which fits an SFP+ cage at 10 Gb/s (S53, OC01) but whose own reach is
        70 m OM3 / 100 m OM4 at 10G too (EX01 p. 10): rejected at 300 m for its own reach (the finding
        names it; the rejected pair may hold a native SFP+ module at the other end)."""
        limits = {
            (o.fiber_type, f.limit, "25/10G-SR-SFP100M" in f.parts or None)
            for o in result.rejected
            for f in o.verdict.findings
            if f.code == "REACH_EXCEEDED" and o.pmd == "10GBASE-SR"
        }
        assert limits == {
            ("OM1", 33.0, None),
            ("OM2", 82.0, None),
            ("OM3", 70.0, True),
            ("OM4", 100.0, True),
        }

    def test_multimode_first_then_the_smallest_sufficient_pmd_then_more_margin(self, result) -> None:  # type: ignore[no-untyped-def]
        """SR over OM4 (margin 100 m) before OM3 (0 m); then single-mode LR (10 km) before ER (40 km)."""
        order = [(o.pmd, o.fiber_type) for o in result.options]
        assert order.index(("10GBASE-SR", "OM4")) < order.index(("10GBASE-SR", "OM3"))
        assert order.index(("10GBASE-SR", "OM3")) < order.index(("10GBASE-LR", "OS2"))
        assert order.index(("10GBASE-LR", "OS2")) < order.index(("10GBASE-ER", "OS2"))
        assert [o.rank for o in result.options] == list(range(1, len(result.options) + 1))

    def test_the_limiting_fact_cites_its_source(self, result) -> None:  # type: ignore[no-untyped-def]
        om3 = next(o for o in result.options if o.fiber_type == "OM3")
        assert "S25" in om3.limiting_source_ids

    def test_each_reach_says_what_it_rests_on(self, result) -> None:  # type: ignore[no-untyped-def]
        """10GBASE-SR/LR/ER rows are IEEE cl. 52 backed by vendor datasheets (standard); SR over OM5
        and ER over OS1a rest only on secondary copies (standard_secondary); LR over OS1a has no
        row (unverified)."""
        basis = {(o.pmd, o.fiber_type): o.reach_basis for o in result.options}
        assert basis == {
            ("10GBASE-SR", "OM4"): "standard",
            ("10GBASE-SR", "OM5"): "standard_secondary",
            ("10GBASE-SR", "OM3"): "standard",
            ("10GBASE-LR", "OS2"): "standard",
            ("10GBASE-ER", "OS2"): "standard",
            ("10GBASE-ER", "OS1a"): "standard_secondary",
            ("10GBASE-LR", "OS1a"): "unverified",
        }


class TestQuantum2ToConnectX7:
    """C12: QM9700 (twin-port finned OSFP cage) ══ 30 m ══ ConnectX-7 single-port OSFP at NDR 400G.

    (a) MMA4Z00-NS + MFP7E10 straight MPO-12/APC OM4 + MMA4Z00-NS400, 50 m; (b) MMS4X00-NS +
    MFP7E30 + MMS4X00-NS400, 100 m. No copper at 30 m (passive DAC splitters end at 3 m).
    Sources: NVIDIA MMA4Z00-NS400 connectivity scenarios (S02), MMS4X00-NS400 overview (S04).
    """

    def test_nvidia_reach_is_sourced(self, at_30m) -> None:  # type: ignore[no-untyped-def]
        """NDR SR4 50 m over OM4 and the -NS DR4 modules' 100 m are NVIDIA datasheet figures."""
        assert [o.reach_basis for o in at_30m.options] == ["sourced", "sourced"]

    def test_multimode_and_single_mode_flavours_exactly(self, at_30m) -> None:  # type: ignore[no-untyped-def]
        chains = [tuple(p.part_number for p in o.parts) for o in at_30m.options]
        assert chains == [
            ("MMA4Z00-NS", "MFP7E10-N030", "MMA4Z00-NS400"),
            ("MMS4X00-NS", "MFP7E30-N030", "MMS4X00-NS400"),
        ]
        assert [(o.reach_m, o.margin_m, o.connector) for o in at_30m.options] == [
            (50.0, 20.0, "MPO-12/APC"),
            (100.0, 70.0, "MPO-12/APC"),
        ]

    def test_one_twin_port_switch_transceiver_serves_two_adapters(self, at_30m) -> None:  # type: ignore[no-untyped-def]
        module_a = at_30m.options[0].parts[0]
        assert (module_a.role, module_a.part_number, module_a.links_served) == ("module_a", "MMA4Z00-NS", 2)

    def test_never_a_single_port_module_on_the_switch_or_finned_in_the_adapter(self, at_30m) -> None:  # type: ignore[no-untyped-def]
        for o in at_30m.options:
            assert o.link.module_a is not None and o.link.module_b is not None
            assert o.link.module_a.ports == 2 and o.link.module_a.top_style.value == "finned"
            assert o.link.module_b.ports == 1 and o.link.module_b.top_style.value == "flat"

    def test_no_qsfp112_part_reaches_the_osfp_adapter(self, at_30m) -> None:  # type: ignore[no-untyped-def]
        for o in [*at_30m.options, *at_30m.rejected]:
            if o.link.module_b is not None:
                assert o.link.module_b.form_factor == "OSFP"
            if o.link.cable is not None:
                assert "QSFP112" not in (o.link.cable.end_a.form_factor, o.link.cable.end_b.form_factor)

    def test_no_copper_at_30_m_and_the_splitter_dac_is_rejected_for_length(self, at_30m) -> None:  # type: ignore[no-untyped-def]
        assert all(o.link.cable is None for o in at_30m.options)
        mcp7y00 = [o for o in at_30m.rejected if o.link.cable is not None and o.link.cable.family == "MCP7Y00"]
        assert [(f.code, f.limit) for o in mcp7y00 for f in o.verdict.findings] == [("CABLE_LENGTH_LIMIT", 3.0)]

    def test_swapped_modules_are_rejected_for_top_style_and_side(self, at_30m) -> None:  # type: ignore[no-untyped-def]
        swapped = next(
            o
            for o in at_30m.rejected
            if o.link.module_a is not None
            and o.link.module_a.part_number == "MMA4Z00-NS400"
            and o.link.module_b is not None
            and o.link.module_b.part_number == "MMA4Z00-NS"
        )
        codes = set(swapped.verdict.error_codes)
        assert {"TOP_STYLE_MISMATCH", "WRONG_SIDE", "PORT_COUNT_MISMATCH"} <= codes

    def test_at_2_m_the_passive_splitter_dac_comes_first(self, service: CatalogueService) -> None:
        """C13: MCP7Y00-N002, twin-port finned OSFP → 2 × flat 400G OSFP, 2 m."""
        result = service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=400, distance_m=2)
        first = result.options[0]
        assert first.medium is MediumKind.PASSIVE_COPPER
        assert [(p.part_number, p.links_served) for p in first.parts] == [("MCP7Y00-N002", 2)]
        # the 1:2 ACC splitter is made in 4 and 5 m only (N13): its 4 m length also serves a 2 m run, after the DAC
        cables = [(o.medium, o.link.cable.part_number) for o in result.options if o.link.cable]
        assert cables == [(MediumKind.PASSIVE_COPPER, "MCP7Y00-N002"), (MediumKind.ACTIVE_COPPER, "MCA7J60-N004")]


class TestBadInput:
    def test_negative_distance_is_a_validation_error(self, service: CatalogueService) -> None:
        with pytest.raises(InputValidationError) as exc:
            service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=-1)
        assert exc.value.field == "distanceM"

    def test_unknown_device_suggests_close_models(self, service: CatalogueService) -> None:
        with pytest.raises(UnknownDeviceError) as exc:
            service.link_options(end_a=EndRequest(device="QM9770"), end_b=SFP, rate_gbps=400, distance_m=1)
        assert "QM9700" in exc.value.suggestions

    def test_unknown_form_factor_suggests_close_names(self, service: CatalogueService) -> None:
        with pytest.raises(UnknownFormFactorError) as exc:
            service.link_options(end_a=EndRequest(form_factor="QSFP29"), end_b=SFP, rate_gbps=10, distance_m=1)
        assert "QSFP28" in exc.value.suggestions

    def test_form_factor_aliases_resolve(self, service: CatalogueService) -> None:
        a = service.resolve_end(EndRequest(form_factor="10gbase-x-sfpp"), "a")
        b = service.resolve_end(EndRequest(form_factor="sfp-plus"), "b")
        assert a.cage.form_factor == b.cage.form_factor == "SFP+"


def test_the_same_part_can_sit_at_both_ends(service: CatalogueService) -> None:
    """SFP-10G-SR ══ OM3 ══ SFP-10G-SR: a part paired with itself is a candidate (a Cypher pattern that
    reuses one relationship would silently drop it)."""
    result = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=100)
    om3 = next(o for o in result.options if (o.pmd, o.fiber_type) == ("10GBASE-SR", "OM3"))
    module_a, module_b = om3.link.module_a, om3.link.module_b
    assert module_a is not None and module_b is not None
    assert module_a.vendor == module_b.vendor
    assert {"SFP-10G-SR", "FTLX8574D3BCL"} <= set(om3.parts[0].alternatives) | {om3.parts[0].part_number}


def test_switch_to_switch_dr4_over_structured_cabling_beyond_the_documented_cords(service: CatalogueService) -> None:
    """QM9700 ══ 200 m ══ QM9700 at NDR: MMS4X00-NM (twin-port DR4, 500 m) at both ends over OS2
    MPO-12/APC structured cabling (NVIDIA cabling requirements: MPO SM APC OS2, straight to 500 m),
    ranked before the 2 km FR4 modules; the documented MFP7E30 cords end at 50 m."""
    result = service.link_options(end_a=QM9700, end_b=QM9700, rate_gbps=400, distance_m=200)
    first = result.options[0]
    assert (first.pmd, first.fiber_type, first.connector) == ("NDR DR4", "OS2", "MPO-12/APC")
    assert [p.part_number for p in first.parts] == ["MMS4X00-NM", None, "MMS4X00-NM"]
    assert "NDR FR4" in {o.pmd for o in result.options[1:]}


def test_part_numbers_are_case_insensitive_even_when_one_part_is_named_twice(service: CatalogueService) -> None:
    """Users type `sfp-10g-sr` as often as `SFP-10G-SR`; both spellings in one link resolve."""
    from service.use_cases import FiberRequest, LinkRequest

    check = service.check_link(
        LinkRequest(
            end_a=SFP,
            end_b=SFP,
            distance_m=10,
            module_a="sfp-10g-sr",
            module_b="SFP-10G-SR",
            media=(FiberRequest(fiber_type="OM3", connector="LC/UPC"),),
        )
    )
    assert check.verdict.valid
    assert check.link.part_numbers() == ("SFP-10G-SR", "SFP-10G-SR")


def test_device_suggestions_put_names_containing_the_typed_text_first(service: CatalogueService) -> None:
    with pytest.raises(UnknownDeviceError) as exc:
        service.resolve_end(EndRequest(device="ConnectX-6"), "a")
    assert exc.value.suggestions and all("ConnectX-6" in s for s in exc.value.suggestions)


def test_an_empty_answer_says_why(service: CatalogueService) -> None:
    """An SFP28 cage ══ 30 m ══ QM9700 at 400 Gb/s: nothing in the catalogue fits both, so no option,
    and a note says the catalogue holds no candidate (not that none could exist); QM9700 ══ 600 m ══
    ConnectX-7 at 400G: every candidate is rejected, and the note names the rules."""
    none = service.link_options(end_a=EndRequest(form_factor="SFP28"), end_b=QM9700, rate_gbps=400, distance_m=30)
    assert none.options == ()
    assert none.notes and none.notes[0].startswith("No part in the catalogue fits both ends at 400 Gb/s over 30 m")
    far = service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=400, distance_m=600)
    assert far.options == ()
    assert far.notes[0].startswith("No valid medium for 400 Gb/s over 600 m") and "REACH_EXCEEDED" in far.notes[0]
