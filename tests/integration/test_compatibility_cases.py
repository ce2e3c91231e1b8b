"""The project's known-right compatibility answers (cases C03–C36 of kinds path, trick, validity,
fit and dac-limit), asked of checkLink and linkOptions on the real, seeded graph. Each test's
docstring names the case, the answer copied from it and the sources behind it.

Reach/generation/device cases (C01, C05, C08, C09, C25) are covered elsewhere.
"""

from __future__ import annotations

import pytest

from service.domain.link import MediumKind
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkCheck, LinkRequest

QM9700 = EndRequest(device="QM9700")
CX7_OSFP = EndRequest(device="MCX75310AAS-NEAT")
QFX_SFPP = EndRequest(device="QFX5110-48S", cage="sfpp")
QFX_SFP28 = EndRequest(device="QFX5140", cage="sfp28")
CX5 = EndRequest(device="MCX555A-ECAT")
SFP = EndRequest(form_factor="SFP+")


def part(number: str) -> FiberRequest:
    return FiberRequest(part_number=number)


def fiber(grade: str, connector: str | None = None, length_m: float | None = None) -> FiberRequest:
    return FiberRequest(fiber_type=grade, connector=connector, length_m=length_m)


def errors(check: LinkCheck) -> list[tuple[str, float | None, tuple[str, ...]]]:
    return [(f.code, f.limit, f.parts) for f in check.verdict.findings if f.severity.value == "error"]


@pytest.fixture(scope="module")
def c03(service: CatalogueService) -> LinkCheck:
    """C03's link: SFP-10G-SR ══ 300 m of OM2 LC/UPC ══ SFP-10G-SR."""
    return service.check_link(
        LinkRequest(
            end_a=SFP,
            end_b=SFP,
            distance_m=300,
            module_a="SFP-10G-SR",
            module_b="SFP-10G-SR",
            media=(fiber("OM2", "LC/UPC"),),
        )
    )


class TestC03SrOverOm2:
    """C03: a 300 m 10GBASE-SR link over OM2 is invalid: SR reaches 82 m on OM2; use OM3 (300 m), OM4
    (400 m) or 10GBASE-LR on single-mode (10 km). Sources: Trellix technical specifications (S25),
    IEEE 802.3 cl. 52 via Ethernet Alliance (S24)."""

    def test_invalid_for_reach_with_the_82_m_limit(self, c03: LinkCheck) -> None:
        check = c03
        assert check.verdict.valid is False
        assert errors(check) == [("REACH_EXCEEDED", 82.0, ("SFP-10G-SR",))]
        assert check.verdict.findings[0].source_ids == ("S25",)

    def test_the_fix_names_om3_om4_and_lr(self, c03: LinkCheck) -> None:
        check = c03
        fix = check.verdict.findings[0].fix or ""
        # the 10GBASE-LR example is Cisco's own SFP-10G-LR (the link's SFP-10G-SR is Cisco's), not Extreme's 10302
        assert (
            "OM3 (300 m)" in fix
            and "OM4 (400 m)" in fix
            and "10GBASE-LR (10000 m over OS2 instead of OM2, e.g. SFP-10G-LR)" in fix
        )

    def test_the_nearest_alternatives_keep_the_named_module(self, c03: LinkCheck) -> None:
        check = c03
        # in linkOptions' order: OM4 and OM5 tie on reach (400 m) and margin, and the lower grade ranks
        # first (OM5 buys nothing at 400 m); SFP-10G-SR is swapped back in
        assert [(o.fiber_type, o.reach_m) for o in check.alternatives] == [
            ("OM4", 400.0),
            ("OM5", 400.0),
            ("OM3", 300.0),
        ]
        assert {o.parts[0].part_number for o in check.alternatives} == {"SFP-10G-SR"}
        assert all(o.verdict.valid for o in check.alternatives)


class TestC04TenGigAt300m:
    """C04: SFP+ ══ 300 m ══ SFP+ at 10G: SR + OM3 (exactly the 300 m limit), SR + OM4 (400 m), LR +
    single-mode (10 km); not SR on OM1 (33 m) / OM2 (82 m). Sources: S24, S25, E02."""

    @pytest.mark.parametrize(
        ("grade", "module"), [("OM3", "SFP-10G-SR"), ("OM4", "FTLX8574D3BCL"), ("OS2", "FTLX1471D3BCL")]
    )
    def test_each_listed_medium_checks_valid_at_10g(self, service: CatalogueService, grade: str, module: str) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SFP,
                end_b=SFP,
                distance_m=300,
                module_a=module,
                module_b=module,
                media=(fiber(grade, "LC/UPC"),),
            )
        )
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.findings) == (True, 10.0, ())

    @pytest.mark.parametrize(("grade", "limit"), [("OM1", 33.0), ("OM2", 82.0)])
    def test_sr_over_om1_or_om2_checks_invalid(self, service: CatalogueService, grade: str, limit: float) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=SFP,
                end_b=SFP,
                distance_m=300,
                module_a="SFP-10G-SR",
                module_b="SFP-10G-SR",
                media=(fiber(grade, "LC/UPC"),),
            ),
            alternatives=False,
        )
        assert errors(check) == [("REACH_EXCEEDED", limit, ("SFP-10G-SR",))]

    def test_options_are_sr_on_om3_om4_om5_and_single_mode_only(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=300)
        media = {(o.pmd, o.fiber_type) for o in result.options}
        assert {("10GBASE-SR", "OM3"), ("10GBASE-SR", "OM4"), ("10GBASE-LR", "OS2")} <= media
        assert not {f for _, f in media} & {"OM1", "OM2"}
        assert all(o.medium in (MediumKind.MULTIMODE_FIBER, MediumKind.SINGLE_MODE_FIBER) for o in result.options)


class TestC12Quantum2ToConnectX7At30m:
    """C12: QM9700 to ConnectX-7 OSFP, 30 m, NDR 400G: (a) MMA4Z00-NS + MFP7E10 + MMA4Z00-NS400, 50 m;
    (b) MMS4X00-NS + MFP7E30 + MMS4X00-NS400, 100 m; no copper (passive splitters to 3 m). One switch
    cage serves two adapters. Sources: NVIDIA N01, N02, N03, N05, N08, N12."""

    @pytest.mark.parametrize(
        ("a", "medium", "b"),
        [("MMA4Z00-NS", "MFP7E10-N030", "MMA4Z00-NS400"), ("MMS4X00-NS", "MFP7E30-N030", "MMS4X00-NS400")],
    )
    def test_both_documented_chains_check_valid_at_400(
        self, service: CatalogueService, a: str, medium: str, b: str
    ) -> None:
        check = service.check_link(
            LinkRequest(end_a=QM9700, end_b=CX7_OSFP, distance_m=30, module_a=a, module_b=b, media=(part(medium),))
        )
        v = check.verdict
        assert (v.valid, v.rate_gbps, v.ports, v.legs, v.lanes, v.findings) == (True, 400.0, 1, 1, 4, ())

    def test_the_splitter_dac_stops_at_3_m(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=QM9700, end_b=CX7_OSFP, distance_m=30, media=(part("MCP7Y00-N003"),))
        )
        assert errors(check) == [("CABLE_LENGTH_LIMIT", 3.0, ("MCP7Y00-N003",))]
        assert [tuple(p.part_number for p in o.parts) for o in check.alternatives] == [
            ("MMA4Z00-NS", "MFP7E10-N030", "MMA4Z00-NS400"),
            ("MMS4X00-NS", "MFP7E30-N030", "MMS4X00-NS400"),
        ]


class TestC13SplitterDacAt2m:
    """C13: MCP7Y00-N002, a 2 m passive DAC splitter: twin-port finned OSFP at the switch, two flat
    400G OSFP ends for two ConnectX-7s; lengths 1, 1.5, 2, 2.5, 3 m. Source: NVIDIA MCP7Y00 (N11, N12)."""

    def test_valid_at_400_per_leg_and_it_serves_two_adapters(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=QM9700, end_b=CX7_OSFP, distance_m=2, media=(part("MCP7Y00-N002"),))
        )
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.legs) == (True, 400.0, 1)
        result = service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=400, distance_m=2)
        first = result.options[0]
        assert [(p.part_number, p.links_served) for p in first.parts] == [("MCP7Y00-N002", 2)]

    def test_named_from_the_adapter_end_it_is_turned_round(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=CX7_OSFP, end_b=QM9700, distance_m=2, media=(part("MCP7Y00-N002"),))
        )
        assert (check.verdict.valid, check.link.cable_end_at_a) == (True, "B")

    def test_the_family_lengths(self, service: CatalogueService) -> None:
        assert service.rule_context().family_lengths["MCP7Y00"] == (1.0, 1.5, 2.0, 2.5, 3.0)


def test_c15_a_single_port_flat_module_does_not_go_in_a_quantum2_cage(service: CatalogueService) -> None:
    """C15: MMA4Z00-NS400 in a QM9700: no. Single-port OSFP modules are not for switches; the switch
    takes the finned twin-port MMA4Z00-NS. Sources: NVIDIA N02, N08, N21."""
    check = service.check_link(
        LinkRequest(
            end_a=QM9700,
            end_b=CX7_OSFP,
            distance_m=30,
            module_a="MMA4Z00-NS400",
            module_b="MMA4Z00-NS400",
            media=(part("MFP7E10-N030"),),
        )
    )
    assert errors(check) == [
        ("TOP_STYLE_MISMATCH", None, ("MMA4Z00-NS400",)),
        ("WRONG_SIDE", None, ("MMA4Z00-NS400",)),
    ]
    assert check.alternatives[0].parts[0].part_number == "MMA4Z00-NS"


def test_c16_a_finned_twin_port_module_does_not_go_in_a_connectx7(service: CatalogueService) -> None:
    """C16: MMA4Z00-NS in a ConnectX-7 OSFP cage: no. Twin-port finned OSFPs are for Quantum-2 /
    Spectrum-4 air-cooled switches; ConnectX-7 has a riding heat sink and needs a flat single-port
    module (MMA4Z00-NS400 or MMS4X00-NS400). Sources: NVIDIA N01, N03, N21."""
    check = service.check_link(
        LinkRequest(
            end_a=QM9700,
            end_b=CX7_OSFP,
            distance_m=30,
            module_a="MMA4Z00-NS",
            module_b="MMA4Z00-NS",
            media=(part("MFP7E10-N030"),),
        )
    )
    assert errors(check) == [
        ("TOP_STYLE_MISMATCH", None, ("MMA4Z00-NS",)),
        ("WRONG_SIDE", None, ("MMA4Z00-NS",)),
        ("PORT_COUNT_MISMATCH", None, ("MMA4Z00-NS",)),
    ]
    assert {o.parts[-1].part_number for o in check.alternatives} == {"MMA4Z00-NS400", "MMS4X00-NS400"}


def test_c18_an_apc_module_on_a_upc_trunk(service: CatalogueService) -> None:
    """C18: MMA4Z00-NS400 (MPO-12/APC) on an aqua MPO-12/UPC trunk: no, APC never mates with UPC; use
    an APC-terminated fiber such as MFP7E10 end to end. Source: NVIDIA MMA4Z00-NS400 introduction (N01)."""
    check = service.check_link(
        LinkRequest(
            end_a=QM9700,
            end_b=CX7_OSFP,
            distance_m=20,
            module_a="MMA4Z00-NS",
            module_b="MMA4Z00-NS400",
            media=(fiber("OM4", "MPO-12/UPC"),),
        )
    )
    assert errors(check) == [
        ("POLISH_MISMATCH", None, ("MMA4Z00-NS",)),
        ("POLISH_MISMATCH", None, ("MMA4Z00-NS400",)),
    ]
    assert (
        check.verdict.findings[1].fix
        == "use an MPO-12/APC fiber end to end such as MFP7E10 (3 to 50 m) or MFP7E20 (5 to 30 m)"
    )
    assert check.alternatives[0].parts[1].part_number == "MFP7E10-N020"


def test_c19_single_mode_dr4_over_om4(service: CatalogueService) -> None:
    """C19: MMS4X00-NS400 (1310 nm DR4, single-mode) over an OM4 MPO-12/APC cable: no; a matching
    connector does not make the fiber right; NVIDIA specifies MFP7E30/MFP7E40. Source: N05."""
    check = service.check_link(
        LinkRequest(
            end_a=QM9700,
            end_b=CX7_OSFP,
            distance_m=20,
            module_a="MMS4X00-NS",
            module_b="MMS4X00-NS400",
            media=(part("MFP7E10-N020"),),
        )
    )
    assert errors(check) == [("FIBER_MODE_MISMATCH", None, ("MMS4X00-NS", "MMS4X00-NS400", "MFP7E10-N020"))]
    assert (
        check.verdict.findings[0].fix
        == "use single-mode fiber (OS2), e.g. MFP7E30-N030 (30 m) or MFP7E40 (no part number in the catalogue)"
    )
    assert [f.code for f in check.verdict.findings[1:]] == ["UNDOCUMENTED_PAIRING", "UNDOCUMENTED_PAIRING"]


class TestC20TenAgainstTwentyFive:
    """C20: 10GBASE-SR SFP+ against a single-rate 25GBASE-SR SFP28 over OM4: no (10.3125 vs 25.78125
    GBd); fix: matching optics, or a dual-rate SFP-10/25G-CSR-S with the 25G port set to 10G.
    Sources: TIA 25GBASE-SR (S29), Cisco 25G FAQ (S53)."""

    def test_single_rate_ends_fail_on_pmd(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=QFX_SFPP,
                end_b=QFX_SFP28,
                distance_m=100,
                module_a="SFP-10G-SR",
                module_b="SFP-25G-SR-S",
                media=(fiber("OM4", "LC/UPC"),),
            )
        )
        assert [code for code, _, _ in errors(check)] == ["PMD_MISMATCH", "RATE_MISMATCH"]
        module_b = check.alternatives[0].parts[-1]
        assert "SFP-10/25G-CSR-S" in (module_b.part_number, *module_b.alternatives)

    def test_a_dual_rate_module_at_the_25g_end_is_valid_at_10g(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=QFX_SFPP,
                end_b=QFX_SFP28,
                distance_m=100,
                module_a="SFP-10G-SR",
                module_b="SFP-10/25G-CSR-S",
                media=(fiber("OM4", "LC/UPC"),),
            )
        )
        assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 10.0)
        assert [(f.code, f.fix) for f in check.verdict.findings] == [
            ("RATE_NEGOTIATED", "set both ports to 10 Gb/s"),
            ("CONFIG_PREREQUISITE", "set the port speed to 10 Gb/s at both ends"),
        ]


def test_c21_a_qsfp28_cable_in_a_qsfp_dd_port(service: CatalogueService) -> None:
    """C21: a 100G QSFP28 plug works in a QSFP-DD port, at the plug's rate (QSFP-DD MSA, S45/S46)."""
    check = service.check_link(
        LinkRequest(
            end_a=EndRequest(form_factor="QSFP-DD"),
            end_b=EndRequest(form_factor="QSFP28"),
            distance_m=2,
            media=(part("MCP1600-C002E30N"),),
        )
    )
    # The only finding: the FEC both ends run over a 100G DAC (Clause 91 RS-FEC; FEC01, FEC02).
    codes = [f.code for f in check.verdict.findings]
    assert (check.verdict.valid, check.verdict.rate_gbps, codes) == (True, 100.0, ["FEC_REQUIRED"])


class TestC23SfpPlusInAQsfp28Port:
    """C23: a 10G SFP+ optic in a QSFP28 port needs a QSA (MAM1Q00A-QSA; QSA28 for SFP28); the port
    then runs one lane at 10G (25G with QSA28 + SFP28). Sources: NVIDIA SN5000 data interfaces (S49),
    QSA28 spec (E29), Juniper QFX5140 ports (S50)."""

    def test_without_an_adapter_it_does_not_fit_and_the_fix_names_the_qsa(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=CX5,
                end_b=QFX_SFPP,
                distance_m=100,
                module_a="SFP-10G-SR",
                module_b="SFP-10G-SR",
                media=(fiber("OM3", "LC/UPC"),),
            )
        )
        assert errors(check) == [("FORM_FACTOR_MISMATCH", None, ("SFP-10G-SR",))]
        assert "MAM1Q00A-QSA" in (check.verdict.findings[0].fix or "")
        assert check.alternatives[0].parts[0].role == "adapter_a"

    def test_through_a_qsa_it_runs_at_10g(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=CX5,
                end_b=QFX_SFPP,
                distance_m=100,
                adapter_a="MAM1Q00A-QSA",
                module_a="SFP-10G-SR",
                module_b="SFP-10G-SR",
                media=(fiber("OM3", "LC/UPC"),),
            )
        )
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.lanes) == (True, 10.0, 1)
        assert check.link.part_numbers() == ("MAM1Q00A-QSA", "SFP-10G-SR", "SFP-10G-SR")

    def test_through_a_qsa28_an_sfp28_runs_at_25g(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=CX5,
                end_b=QFX_SFP28,
                distance_m=100,
                adapter_a="MAM1Q00A-QSA28",
                module_a="SFP-25G-SR-S",
                module_b="SFP-25G-SR-S",
                media=(fiber("OM4", "LC/UPC"),),
            )
        )
        assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 25.0)

    def test_a_25g_only_sfp28_in_a_plain_qsa_is_refused_on_its_rate(self, service: CatalogueService) -> None:
        """The plain QSA's seat is SFP+ (10 Gb/s). An SFP28 module goes in mechanically (SFP28 has the
        SFP+ dimensions and pin-out: S53, OC01), so the expert's verdict is the rate, not the form
        factor: SFP-25G-SR-S runs 25 Gb/s only (RATE_MISMATCH); the fix names the QSA28s."""
        check = service.check_link(
            LinkRequest(
                end_a=CX5,
                end_b=QFX_SFP28,
                distance_m=100,
                adapter_a="MAM1Q00A-QSA",
                module_a="SFP-25G-SR-S",
                module_b="SFP-25G-SR-S",
                media=(fiber("OM4", "LC/UPC"),),
            ),
            alternatives=False,
        )
        assert errors(check) == [("RATE_MISMATCH", None, ("SFP-25G-SR-S",))]
        assert "MAM1Q00A-QSA28" in (check.verdict.findings[0].fix or "")

    def test_link_options_offer_the_qsa_route(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=CX5, end_b=QFX_SFPP, rate_gbps=10, distance_m=100)
        first = result.options[0]
        assert (first.parts[0].role, first.parts[0].part_number) == ("adapter_a", "MAM1Q00A-QSA")
        # Dell's QSA-Q28-S28 takes 'SFP+ or SFP28 modules in QSFP+ QSFP28 receptacles' (HU01); Cisco's QSA28
        # CVR-QSFP28-SFP25G seats the SFP+ optic in the QSFP28 port too (UC07: 'QSA or QSA28 adapters with
        # SFP+/SFP28 transceivers in 100G QSFP ports'); Extreme's 10506 (QSFP28 to SFP28) and QSFP-SFPP-ADPT
        # (QSFP+ to SFP+) carry an SFP+ transceiver on lane 1 (EX01 pp. 6, 9)
        assert set(first.parts[0].alternatives) == {
            "10506",
            "QSFP-SFPP-ADPT",
            "CVR-QSFP-SFP10G",
            "CVR-QSFP28-SFP25G",
            "MAM1Q00A-QSA28",
            "QSA-Q28-S28",
        }
        assert all(o.link.adapter_a is not None and o.link.adapter_b is None for o in result.options)


class TestC31PassiveCopperSwitchToSwitch:
    """C31: the longest NDR passive copper switch-to-switch hop is 2 m (MCP4Y10-N002; 0.5, 1, 1.5, 2 m);
    beyond it ACC (4–5 m) or optics (MMA4Z00-NS to MMA4Z00-NS with MFP7E10, 800G).
    Sources: NVIDIA MCP4Y10 (N09, N10), MCP7Y00 use cases (N13)."""

    def test_at_2_m_valid_two_ports_of_400(self, service: CatalogueService) -> None:
        check = service.check_link(LinkRequest(end_a=QM9700, end_b=QM9700, distance_m=2, media=(part("MCP4Y10-N002"),)))
        v = check.verdict
        assert (v.valid, v.rate_gbps, v.ports, v.aggregate_gbps) == (True, 400.0, 2, 800.0)

    def test_at_4_m_the_family_limit_and_the_fix(self, service: CatalogueService) -> None:
        check = service.check_link(LinkRequest(end_a=QM9700, end_b=QM9700, distance_m=4, media=(part("MCP4Y10-N002"),)))
        assert errors(check) == [("CABLE_LENGTH_LIMIT", 2.0, ("MCP4Y10-N002",))]
        assert check.verdict.findings[0].fix == "use active copper (ACC), an AOC or optics for 4 m"
        # the fix says ACC: the first alternative is the 4 m MCA4J80 ACC (3, 4 and 5 m since issue 11;
        # while only its 3 m OPN was loaded, the first alternative was an SR4 optic pair)
        assert tuple(p.part_number for p in check.alternatives[0].parts) == ("MCA4J80-N004",)

    def test_options_offer_the_dac_up_to_2_m_and_not_beyond(self, service: CatalogueService) -> None:
        at_2 = service.link_options(end_a=QM9700, end_b=QM9700, rate_gbps=400, distance_m=2)
        assert [o.summary for o in at_2.options if o.medium is MediumKind.PASSIVE_COPPER] == ["DAC MCP4Y10-N002 (2 m)"]
        beyond = service.link_options(end_a=QM9700, end_b=QM9700, rate_gbps=400, distance_m=2.5, explain=True)
        assert not [o for o in beyond.options if o.medium is MediumKind.PASSIVE_COPPER]
        dac = [o for o in beyond.rejected if o.link.cable is not None and o.link.cable.family == "MCP4Y10"]
        assert [(f.code, f.limit) for o in dac for f in o.verdict.findings] == [("CABLE_LENGTH_LIMIT", 2.0)]


class TestC35TwinPortSwitchToSwitchAt40m:
    """C35: two QM9700s, each with an MMA4Z00-NS, joined by two straight fibers of 40 m: valid 800G
    switch-to-switch (2 × 400G), within the 50 m limit. The catalogue has no 40 m MFP7E10 part, so the
    case is checked with generic OM4 MPO-12/APC fiber of 40 m, and with MFP7E10-N050 over a 40 m run
    (50 m of fiber, exactly the reach). Sources: NVIDIA connectivity scenarios (N02), N03."""

    def test_with_generic_om4_mpo12_apc_fiber(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=QM9700,
                end_b=QM9700,
                distance_m=40,
                module_a="MMA4Z00-NS",
                module_b="MMA4Z00-NS",
                media=(fiber("OM4", "MPO-12/APC"), fiber("OM4", "MPO-12/APC")),
            )
        )
        v = check.verdict
        assert (v.valid, v.rate_gbps, v.ports, v.aggregate_gbps, v.findings) == (True, 400.0, 2, 800.0, ())

    def test_with_two_50_m_mfp7e10_on_a_40_m_run(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=QM9700,
                end_b=QM9700,
                distance_m=40,
                module_a="MMA4Z00-NS",
                module_b="MMA4Z00-NS",
                media=(part("MFP7E10-N050"), part("MFP7E10-N050")),
            )
        )
        assert (check.verdict.valid, check.verdict.aggregate_gbps) == (True, 800.0)


def test_c36_straight_and_splitter_on_one_twin_port(service: CatalogueService) -> None:
    """C36: one MMA4Z00-NS with a straight MFP7E10 on one port and an MFP7E20 splitter on the other: not
    allowed; both fibers must be the same type. Sources: NVIDIA connectivity scenarios (N02), N20."""
    check = service.check_link(
        LinkRequest(
            end_a=QM9700,
            end_b=QM9700,
            distance_m=20,
            module_a="MMA4Z00-NS",
            module_b="MMA4Z00-NS",
            media=(part("MFP7E10-N020"), part("MFP7E20-N020")),
        )
    )
    assert errors(check) == [("TWIN_PORT_MIXED_FIBERS", None, ("MMA4Z00-NS", "MFP7E10-N020", "MFP7E20-N020"))]


@pytest.mark.parametrize(
    ("distance", "rate", "field", "message"),
    [
        (float("nan"), 400.0, "distanceM", "distanceM: must be a finite number"),
        (float("inf"), 400.0, "distanceM", "distanceM: must be a finite number"),
        (-1.0, 400.0, "distanceM", "distanceM: must not be negative, got -1"),
        (0.0, 400.0, "distanceM", "distanceM: the distance must be greater than 0 metres, got 0"),
        (30.0, 0.0, "rateGbps", "rateGbps: must be greater than 0, got 0"),
        (30.0, float("nan"), "rateGbps", "rateGbps: must be a finite number"),
    ],
)
def test_out_of_range_numbers_are_validation_errors(
    service: CatalogueService, distance: float, rate: float, field: str, message: str
) -> None:
    """Both entry points refuse a distance ≤ 0 or non-finite and a rate ≤ 0 or non-finite."""
    from service.errors import InputValidationError

    with pytest.raises(InputValidationError) as options:
        service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=rate, distance_m=distance)
    with pytest.raises(InputValidationError) as check:
        service.check_link(
            LinkRequest(
                end_a=QM9700,
                end_b=CX7_OSFP,
                distance_m=distance,
                rate_gbps=rate,
                media=(part("MCP7Y00-N002"),),
            )
        )
    assert (options.value.field, options.value.message) == (check.value.field, check.value.message) == (field, message)


@pytest.mark.parametrize("length", [0.0, -2.0])
def test_a_generic_fiber_or_plant_of_no_length_is_a_validation_error(service: CatalogueService, length: float) -> None:
    """A generic fiber or an installed plant 0 m long is no fiber: both are refused, as a 0 m run is
    (fresh-user trial: media lengthM 0 was accepted and checked as a 0 m fiber)."""
    from service.errors import InputValidationError
    from service.use_cases import PlantRequest

    sr = EndRequest(form_factor="SFP+")
    with pytest.raises(InputValidationError) as medium:
        service.check_link(
            LinkRequest(
                end_a=sr,
                end_b=sr,
                distance_m=30,
                module_a="FTLX8574D3BCL",
                module_b="FTLX8574D3BCL",
                media=(fiber("OM3", "LC/UPC", length),),
            )
        )
    with pytest.raises(InputValidationError) as plant:
        service.link_options(
            end_a=sr, end_b=sr, rate_gbps=10, distance_m=30, plant=PlantRequest(fiber_type="OM3", length_m=length)
        )
    word = f"must be greater than 0, got {length:g}"
    assert (medium.value.field, medium.value.message) == ("media[0].lengthM", f"media[0].lengthM: {word}")
    assert (plant.value.field, plant.value.message) == ("spec.plant.lengthM", f"spec.plant.lengthM: {word}")
