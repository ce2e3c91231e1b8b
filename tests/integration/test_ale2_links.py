"""Alcatel-Lucent Enterprise (ALE) OmniSwitch switches of devices/ale2.yaml on the real seeded graph
(issue 11, helper ale2): `linkOptions` and `checkLink` between two ALE models, answered from their
cages as ALE's data sheets state them.

Facts the answers rest on: OS6900-X48C6 "6 40/100G QSFP28 ports. All QSFP28 ports operate as single
40/100GE port and 2 ports support splitter mode to 4x10GE or 4x25GE"; OS6900-V48C8 "8 40/100G QSFP28
ports ... single 40/100GE port or Quad-10/25GE" (AM01); OS6860N-P24Z / -P48Z "2x 100G QSFP28 Virtual
Chassis link ports", with QSFP-4X25G-C supported on the P24Z and N/S on the P48Z (AM02, AM12);
OS2360 "2 SFP(+) as 1G uplinks or 10G stacking ports" (AM11). ALE's QSFP-100G-SR4 is 100GBASE-SR4,
"Typical reach of 70 m on OM3 and 100 m on OM4" (FG01 p. 1-43, AM01 p. 13), the IEEE table's 70 m
OM3 / 100 m OM4 and OM5 (cl. 95); QSFP-4X25G-C3M is ALE's 3 m QSFP28 to 4 x SFP28 splitter (FG01).
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest


def _options(service: CatalogueService, a: EndRequest, b: EndRequest, rate: float, metres: float):  # type: ignore[no-untyped-def]
    return service.link_options(end_a=a, end_b=b, rate_gbps=rate, distance_m=metres).options


def _numbers(option) -> set[str]:  # type: ignore[no-untyped-def]
    out: set[str] = set()
    for p in option.parts:
        if p.part_number:
            out |= {p.part_number, *p.alternatives}
    return out


def _codes(findings: object, severity: str) -> list[str]:
    return [f.code for f in findings if f.severity.value == severity]  # type: ignore[attr-defined]


def _clean(options):  # type: ignore[no-untyped-def]
    return [o for o in options if o.verdict.valid and not _codes(o.verdict.findings, "warning")]


X48C6_Q = EndRequest(device="OS6900-X48C6", cage="qsfp28")
P24Z_Q = EndRequest(device="OS6860N-P24Z", cage="qsfp28")


class TestOs6900ToOs6860nAt100G:
    def test_at_80_m_ale_sr4_runs_over_om4_or_om5_not_om3(self, service: CatalogueService) -> None:
        sr4 = [o for o in _clean(_options(service, X48C6_Q, P24Z_Q, 100, 80)) if o.pmd == "100GBASE-SR4"]
        # OM3 reaches 70 m, short of 80 m; OM4 and OM5 reach 100 m
        assert sorted((o.fiber_type, o.reach_m) for o in sr4) == [("OM4", 100.0), ("OM5", 100.0)]
        assert all("QSFP-100G-SR4" in _numbers(o) for o in sr4)
        assert all(o.connector == "MPO-12/UPC" for o in sr4)

    def test_at_60_m_om3_joins(self, service: CatalogueService) -> None:
        sr4 = [o for o in _clean(_options(service, X48C6_Q, P24Z_Q, 100, 60)) if o.pmd == "100GBASE-SR4"]
        assert sorted(o.fiber_type for o in sr4) == ["OM3", "OM4", "OM5"]

    def test_at_300_m_no_multimode_option_is_clean_and_ale_singlemode_optics_lead(
        self, service: CatalogueService
    ) -> None:
        clean = _clean(_options(service, X48C6_Q, P24Z_Q, 100, 300))
        assert {o.medium.value for o in clean} == {"SMF"}
        assert not [o for o in clean if o.pmd == "100GBASE-SR4"]
        by_pmd = {o.pmd: _numbers(o) for o in clean if o.fiber_type == "OS2"}
        # ALE's 2 km CLR4 and 10 km LR4 implement 100GBASE-LR4; QSFP-100G-CWDM4 100G-CWDM4 (FG01)
        assert {"QSFP-100G-CLR4", "QSFP-100G-LR4"} <= by_pmd["100GBASE-LR4"]
        assert "QSFP-100G-CWDM4" in by_pmd["100G-CWDM4"]

    def test_marketing_name_and_netbox_slug_name_the_same_ports(self, service: CatalogueService) -> None:
        by_model = _options(service, X48C6_Q, P24Z_Q, 40, 2)
        by_alias = _options(
            service,
            EndRequest(device="OmniSwitch 6900-X48C6", cage="qsfp28"),
            EndRequest(device="alcatel-lucent-os6860n-p24z", cage="qsfp28"),
            40,
            2,
        )
        assert [o.summary for o in by_alias] == [o.summary for o in by_model]
        # 40 Gb/s is a speed of both QSFP28 cages: ALE's own 3 m QSFP+ DAC covers 2 m
        assert "QSFP-40G-C3M" in set().union(*(_numbers(o) for o in by_model))


class TestBreakouts:
    def test_6900_v48c8_qsfp28_splits_to_its_own_sfp28_with_ales_4x25g_dac(self, service: CatalogueService) -> None:
        options = _options(
            service,
            EndRequest(device="OS6900-V48C8", cage="qsfp28"),
            EndRequest(device="OS6900-V48C8", cage="sfp28"),
            25,
            3,
        )
        [dac] = [o for o in options if "QSFP-4X25G-C3M" in _numbers(o)]
        assert dac.verdict.valid
        assert "CONFIG_PREREQUISITE" in _codes(dac.verdict.findings, "info")  # put the port in split mode 4x25G

    def test_6860n_p24z_splits_but_p48z_does_not(self, service: CatalogueService) -> None:
        p24z = _options(service, P24Z_Q, EndRequest(device="OS6860N-P24Z", cage="sfp28"), 25, 3)
        assert "QSFP-4X25G-C3M" in set().union(*(_numbers(o) for o in p24z))
        p48z = _options(
            service,
            EndRequest(device="OS6860N-P48Z", cage="qsfp28"),
            EndRequest(device="OS6860N-P48Z", cage="sfp28"),
            25,
            3,
        )
        # No splitter on a P48Z QSFP28 port; what is offered runs 25 Gb/s in a cage whose source (AM02)
        # names 40/100 Gb/s only (through a QSA28 adapter, or PMD-level): 25 Gb/s not stated, RATE_UNVERIFIED
        assert "QSFP-4X25G-C3M" not in set().union(set(), *(_numbers(o) for o in p48z))
        assert p48z
        assert all("RATE_UNVERIFIED" in _codes(o.verdict.findings, "warning") for o in p48z)
        assert _clean(p48z) == []

    def test_no_25g_pmd_level_module_in_qsfp_plus_form(self, service: CatalogueService) -> None:
        """At 25 Gb/s a QSFP28 port takes a 25G optic only through a QSA28 adapter (10506): no option
        names "any 25GBASE-SR QSFP+" (a QSFP+ is 4 x 10 Gb/s; no module runs 25 Gb/s in it)."""
        p48z = _options(
            service,
            EndRequest(device="OS6860N-P48Z", cage="qsfp28"),
            EndRequest(device="OS6860N-P48Z", cage="sfp28"),
            25,
            50,
        )
        assert [o.summary for o in p48z if "QSFP+" in o.summary] == []
        assert all("(through 10506, a QSFP28-to-SFP28 adapter at end A)" in o.summary for o in p48z)
        # 25GBASE-SR over OM4/OM3, 25GBASE-LR over OS2/OS1a: one option each, the dual-rate 10/25G
        # optics among the 25G-only ones' alternatives (both run 25GBASE-SR here), not options of their own
        assert [(o.pmd, o.fiber_type) for o in p48z] == [
            ("25GBASE-SR", "OM4"),
            ("25GBASE-SR", "OM3"),
            ("25GBASE-LR", "OS2"),
            # OM5: clause 112's table names OM3/OM4 only, but OM5 carries 850 nm as OM4 does: unverified, offered
            ("25GBASE-SR", "OM5"),
            ("25GBASE-LR", "OS1a"),
        ]
        assert {"25/10G-SR-SFP100M", "SFP-10/25G-CSR-S"} <= set(_numbers(p48z[0]))

    def test_the_ale_splitter_on_a_p48z_qsfp28_port_is_breakout_unsupported(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=EndRequest(device="OS6860N-P48Z", cage="qsfp28"),
                end_b=EndRequest(device="OS6860N-P48Z", cage="sfp28"),
                distance_m=3,
                media=(FiberRequest(part_number="QSFP-4X25G-C3M"),),
            ),
            alternatives=False,
        )
        assert not check.verdict.valid
        assert _codes(check.verdict.findings, "error") == ["BREAKOUT_UNSUPPORTED"]

    def test_only_the_two_splitting_qsfp28_of_the_x48c6_take_a_4x10g_splitter(self, service: CatalogueService) -> None:
        sfpp = EndRequest(device="OS6900-X48C6", cage="sfpp")
        unsplit = _options(service, X48C6_Q, sfpp, 10, 3)
        # No 4x10G splitter on the other QSFP28 ports; 10 Gb/s through a QSA adapter there is not stated
        # by their source (40/100 Gb/s): offered RATE_UNVERIFIED, never clean
        assert "QSFP-4X10G-C3M" not in set().union(set(), *(_numbers(o) for o in unsplit))
        assert all("RATE_UNVERIFIED" in _codes(o.verdict.findings, "warning") for o in unsplit)
        assert _clean(unsplit) == []
        split = _options(service, EndRequest(device="OS6900-X48C6", cage="qsfp28-split"), sfpp, 10, 3)
        assert "QSFP-4X10G-C3M" in set().union(*(_numbers(o) for o in split))


class TestOs2360StackingPorts:
    def test_the_1g_uplink_or_10g_stacking_sfp_plus_has_no_10g_ethernet_option(self, service: CatalogueService) -> None:
        vfl = EndRequest(device="OS2360-P24X", cage="sfpp-vfl")
        uplink = EndRequest(device="OS2360-P24X", cage="sfpp")
        assert _options(service, vfl, uplink, 10, 2) == ()
        at_1g = _options(service, vfl, uplink, 1, 200)
        assert {o.pmd for o in _clean(at_1g)} >= {"1000BASE-SX", "1000BASE-LX"}
        assert "SFP-GIG-SX" in set().union(*(_numbers(o) for o in at_1g))

    def test_the_2360_10g_uplinks_take_ales_os2x60_dac(self, service: CatalogueService) -> None:
        # AM11: "OS2x60-CBL-3M 1/10G direct attached uplink/stacking copper cable (3 m, SFP+)"
        options = _options(
            service, EndRequest(device="OS2360-P24X", cage="sfpp"), EndRequest(device="OS6560-X10", cage="sfpp"), 10, 2
        )
        numbers = set().union(*(_numbers(o) for o in options))
        assert {"OS2x60-CBL-3M", "SFP-10G-C3M"} <= numbers
        assert "OS2x60-CBL-1M" not in numbers  # 1 m is short of 2 m
