"""Fit rules on catalogue rows: form factor (with backward compatibility and adapters), top style,
intended side and port count. Pure: no database."""

from __future__ import annotations

from tests.unit.rules.conftest import Kit


def _errors(kit: Kit, link) -> list[tuple[str, tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    return [(f.code, f.parts) for f in kit.check(link).findings if f.severity.value == "error"]


def test_a_qsfp28_dac_fits_a_qsfp_dd_cage_and_runs_at_its_own_rate(kit: Kit) -> None:
    """C21: QSFP-DD ══ MCP1600-C (QSFP28, 100GbE) ══ QSFP28. QSFP-DD hosts take QSFP+/QSFP28 modules
    and cables (QSFP-DD MSA, sources S45/S46); the port runs at the plug's 100 Gb/s."""
    link = kit.link(kit.bare("QSFP-DD"), kit.bare("QSFP28"), 2, cable="MCP1600-C002E30N")
    verdict = kit.check(link)
    # The only finding: the FEC both ends run over a 100G DAC (Clause 91 RS-FEC; FEC01, FEC02).
    assert (verdict.valid, verdict.rate_gbps, [f.code for f in verdict.findings]) == (True, 100.0, ["FEC_REQUIRED"])


def test_a_qsfp28_module_fits_a_qsfp_dd_cage(kit: Kit) -> None:
    """C21: the fit rule alone, for a QSFP28 transceiver (MMA1B00-E100) in a QSFP-DD cage."""
    link = kit.link(
        kit.bare("QSFP-DD"),
        kit.bare("QSFP28"),
        10,
        module_a="MMA1B00-E100",
        module_b="MMA1B00-E100",
        fibers=[kit.generic("OM4", "MPO-12/UPC", 10)],
    )
    codes = {f.code for f in kit.check(link).findings}
    assert not codes & {"FORM_FACTOR_MISMATCH", "TOP_STYLE_MISMATCH", "WRONG_SIDE", "PORT_COUNT_MISMATCH"}


def test_an_sfp_plus_module_fits_an_sfp28_cage(kit: Kit) -> None:
    """SFP28 takes SFP+ (same dimensions; source S53)."""
    link = kit.link(
        kit.device("QFX5140", "sfp28"),
        kit.bare("SFP+"),
        100,
        module_a="SFP-10G-SR",
        module_b="SFP-10G-SR",
        fibers=[kit.generic("OM3", "LC/UPC", 100)],
    )
    verdict = kit.check(link)
    assert (verdict.valid, verdict.rate_gbps) == (True, 10.0)


def test_osfp_never_fits_a_qsfp112_cage_so_bluefield_3_takes_qsfp112_only(kit: Kit) -> None:
    """MMA4Z00-NS400 (OSFP) in a BlueField-3 B3240: FORM_FACTOR_MISMATCH naming the QSFP-family parts
    the cage takes (NVIDIA MMA4Z00-NS400 connectivity scenarios: "BF-3 QSFP112 only", N02/N17)."""
    link = kit.link(
        kit.device("QM9700"),
        kit.device("B3240"),
        30,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS400",
        fibers=[kit.fiber("MFP7E10-N030")],
    )
    finding = next(f for f in kit.check(link).findings if f.code == "FORM_FACTOR_MISMATCH")
    assert finding.parts == ("MMA4Z00-NS400",)
    assert finding.message == "MMA4Z00-NS400 is OSFP; the QSFP112 cage of B3240 does not take OSFP"
    assert finding.fix == "use a QSFP+, QSFP112, QSFP28 or QSFP56 part in B3240"
    ok = kit.link(
        kit.device("QM9700"),
        kit.device("B3240"),
        30,
        module_a="MMA4Z00-NS",
        module_b="MMA1Z00-NS400",
        fibers=[kit.fiber("MFP7E10-N030")],
    )
    assert kit.check(ok).valid


def test_an_sfp_plus_optic_in_a_qsfp28_port_needs_a_qsa_and_the_fix_names_it(kit: Kit) -> None:
    """C23: SFP-10G-SR straight into the QSFP28 cage of a ConnectX-5 does not fit; the fix names the
    QSA adapters that would (NVIDIA QSA28 spec E29, Cisco CVR-QSFP-SFP10G E27, Dell QSA-Q28-S28 HU01:
    'Adaptor to use SFP+ or SFP28 modules in QSFP+ QSFP28 receptacles'; Extreme's 10506 and
    QSFP-SFPP-ADPT, EX01: 'allows an SFP28/SFP+ transceiver to be inserted')."""
    link = kit.link(
        kit.device("MCX555A-ECAT"),
        kit.device("QFX5110-48S", "sfpp"),
        100,
        module_a="SFP-10G-SR",
        module_b="SFP-10G-SR",
        fibers=[kit.generic("OM3", "LC/UPC", 100)],
    )
    finding = next(f for f in kit.check(link).findings if f.code == "FORM_FACTOR_MISMATCH")
    assert finding.fix == (
        "use a QSFP+ or QSFP28 part in MCX555A-ECAT, or put SFP-10G-SR in a 10506, CVR-QSFP-SFP10G, "
        "CVR-QSFP28-SFP25G, MAM1Q00A-QSA, MAM1Q00A-QSA28, QSA-Q28-S28 or QSFP-SFPP-ADPT adapter"
    )
    with_qsa = kit.link(
        kit.device("MCX555A-ECAT"),
        kit.device("QFX5110-48S", "sfpp"),
        100,
        adapter_a="MAM1Q00A-QSA",
        module_a="SFP-10G-SR",
        module_b="SFP-10G-SR",
        fibers=[kit.generic("OM3", "LC/UPC", 100)],
    )
    verdict = kit.check(with_qsa)
    assert (verdict.valid, verdict.rate_gbps, verdict.error_codes) == (True, 10.0, ())


def test_a_25g_only_sfp28_optic_in_the_sfp_plus_seat_of_a_qsa_is_refused_on_its_rate(kit: Kit) -> None:
    """A QSA offers an SFP+ seat (accepts SFP+, 10 Gb/s). An SFP28 module goes in mechanically (SFP28
    has the SFP+ mechanics, S53, OC01), so the verdict is no longer FORM_FACTOR_MISMATCH: the 25G-only
    SFP-25G-SR-S runs no rate the QSA runs (RATE_MISMATCH), and the fix still names the QSA28s."""
    link = kit.link(
        kit.device("MCX555A-ECAT"),
        kit.device("QFX5140", "sfp28"),
        50,
        adapter_a="MAM1Q00A-QSA",
        module_a="SFP-25G-SR-S",
        module_b="SFP-25G-SR-S",
        fibers=[kit.generic("OM4", "LC/UPC", 50)],
    )
    assert _errors(kit, link) == [("RATE_MISMATCH", ("SFP-25G-SR-S",))]
    rate = next(f for f in kit.check(link).findings if f.code == "RATE_MISMATCH")
    assert rate.message == (
        "SFP-25G-SR-S fits the SFP+ seat of MAM1Q00A-QSA mechanically (SFP28 has the SFP+ mechanics), but runs "
        "25 Gb/s only; MAM1Q00A-QSA runs up to 10 Gb/s"
    )
    assert rate.fix == (
        "use an SFP+ part, or a multi-rate SFP28 part that also runs 10 Gb/s, or the 10506, CVR-QSFP28-SFP25G, "
        "MAM1Q00A-QSA28 or QSA-Q28-S28 adapter for an SFP28 part"
    )


def test_an_adapter_must_fit_the_cage_it_is_put_in(kit: Kit) -> None:
    """A QSA is a QSFP+ plug: it does not go into an SFP+ cage."""
    link = kit.link(
        kit.device("QFX5110-48S", "sfpp"),
        kit.bare("SFP+"),
        50,
        adapter_a="MAM1Q00A-QSA",
        module_a="SFP-10G-SR",
        module_b="SFP-10G-SR",
        fibers=[kit.generic("OM3", "LC/UPC", 50)],
    )
    assert _errors(kit, link) == [("FORM_FACTOR_MISMATCH", ("MAM1Q00A-QSA",))]


def test_finned_twin_port_in_a_connectx7_breaks_three_fit_rules(kit: Kit) -> None:
    """C16: MMA4Z00-NS (finned, twin-port, switch-side) in a ConnectX-7 OSFP cage (flat, riding heat
    sink, one port): TOP_STYLE_MISMATCH, WRONG_SIDE, PORT_COUNT_MISMATCH (NVIDIA N01, N03, N21)."""
    link = kit.link(
        kit.device("QM9700"),
        kit.device("MCX75310AAS-NEAT"),
        30,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E10-N030")],
    )
    verdict = kit.check(link)
    assert [(f.code, f.parts) for f in verdict.findings] == [
        ("TOP_STYLE_MISMATCH", ("MMA4Z00-NS",)),
        ("WRONG_SIDE", ("MMA4Z00-NS",)),
        ("PORT_COUNT_MISMATCH", ("MMA4Z00-NS",)),
    ]
    side = verdict.findings[1]
    assert side.message == "MMA4Z00-NS is made for the switch side, but MCX75310AAS-NEAT is on the adapter side"
    assert side.fix == "use an adapter-side part in MCX75310AAS-NEAT"


def test_a_bare_end_has_no_side_top_or_port_count(kit: Kit) -> None:
    """A bare form factor is an anonymous cage: only the form-factor fit applies."""
    link = kit.link(
        kit.bare("OSFP"),
        kit.bare("OSFP"),
        30,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS400",
        fibers=[kit.fiber("MFP7E10-N030")],
    )
    assert kit.check(link).valid


def test_a_qsfp112_optic_in_a_400g_qsfp_dd_cage_is_warned_that_its_100g_lanes_need_a_qsfp_dd800_host(kit: Kit) -> None:
    """Trial finding: a QSFP112 module (4 x 100G electrical lanes) fits a QSFP-DD cage, but its lanes
    need a QSFP-DD800-class host (E05). The Nexus 9364D-GX2A's QSFP-DD ports list 400 Gb/s at most
    (OEM12): 8 x 50G lanes, so the fit is warned (HOST_LANES_UNVERIFIED), not confidently accepted;
    the QFX5241-64QD's 800 Gb/s QSFP-DD ports (J01) have 100G lanes and raise nothing."""
    optic = {"module_a": "QSFP-400G-DR4-2", "module_b": "QSFP-400G-DR4-2"}
    fiber = [kit.generic("OS2", "MPO-12/APC", 100)]
    link = kit.link(kit.device("N9K-C9364D-GX2A"), kit.bare("QSFP112"), 100, fibers=fiber, **optic)
    verdict = kit.check(link)
    found = [f for f in verdict.findings if f.code == "HOST_LANES_UNVERIFIED"]
    assert [(f.severity.value, f.parts, f.source_ids) for f in found] == [
        ("warning", ("QSFP-400G-DR4-2",), ("E05", "OEM12"))
    ]
    assert found[0].message == (
        "QSFP-400G-DR4-2 is a QSFP112 plug: a QSFP-DD cage runs it only on a host whose electrical lanes "
        "run 100 Gb/s; the QSFP-DD cage of N9K-C9364D-GX2A qsfp-dd lists 400 Gb/s at most over 8 lanes (50 Gb/s each)"
    )
    assert found[0].fix == (
        "confirm that the QSFP-DD cage of N9K-C9364D-GX2A qsfp-dd runs 100 Gb/s host lanes, or use a QSFP-DD part "
        "in N9K-C9364D-GX2A qsfp-dd"
    )
    assert verdict.valid
    dd800 = kit.link(kit.device("QFX5241-64QD"), kit.bare("QSFP112"), 100, fibers=fiber, **optic)
    assert "HOST_LANES_UNVERIFIED" not in {f.code for f in kit.check(dd800).findings}
    bare = kit.link(kit.bare("QSFP-DD"), kit.bare("QSFP112"), 100, fibers=fiber, **optic)
    assert [f.message for f in kit.check(bare).findings if f.code == "HOST_LANES_UNVERIFIED"] == [
        "QSFP-400G-DR4-2 is a QSFP112 plug: a QSFP-DD cage runs it only on a host whose electrical lanes "
        "run 100 Gb/s; the catalogue does not know the host lanes of a QSFP-DD cage"
    ]


def test_a_bare_cages_top_style_is_the_users_word_so_only_the_plugs_documents_are_cited(kit: Kit) -> None:
    """A bare OSFP cage the user says is flat-top holding the finned MMA4Z00-NS: TOP_STYLE_MISMATCH cites
    the documents that state the module's top style, not the OSFP form factor's sources (they say nothing
    of this cage's top)."""
    from service.domain.catalogue import TopStyle

    link = kit.link(
        kit.bare("OSFP", top_style=TopStyle.FLAT),
        kit.bare("OSFP"),
        3,
        module_a="MMA4Z00-NS",
        module_b="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E10-N003")],
    )
    module = kit.module("MMA4Z00-NS")
    [top] = [f for f in kit.check(link).findings if f.code == "TOP_STYLE_MISMATCH"]
    assert top.source_ids == tuple(module.top_style_sources or module.sources)
    assert not set(top.source_ids) & set(kit.bare("OSFP").cage.sources) - set(module.sources)
