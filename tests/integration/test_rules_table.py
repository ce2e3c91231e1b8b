"""Every rule code, table-driven: for each, a link that passes it and a link that breaks it, with the
exact finding expected (code, severity, limiting value, parts named), checked through checkLink on the
real, seeded graph. A code added to the rule set without a row here fails
:func:`test_every_rule_code_has_a_row`.

Facts behind the rows (source ids as in seed/data/sources*.yaml): NVIDIA NDR parts and scenarios
N01–N05, N08, N16, N20, N21; MCP4Y10 N09; MCP7Y60/MCP7Y70 N39/N33; MFS1S50 N40/N48; QM87xx N36;
ConnectX/BlueField N38/N51; IEEE 10GBASE-SR reach via Trellix S25; Cisco 25G FAQ S53; HDR SR4
N45/N41 (no reach given); MCP7H50-H N62.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from service.errors import UnknownPartError
from service.rules import RULES, RuleContext, best_orientation
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

QM9700 = EndRequest(device="QM9700")
QM8700 = EndRequest(device="QM8700")
CX7 = EndRequest(device="MCX75310AAS-NEAT")
B3240 = EndRequest(device="B3240")
SN5600 = EndRequest(device="SN5600")
SN4700 = EndRequest(device="SN4700")
SFP = EndRequest(form_factor="SFP+")
QSFP28 = EndRequest(form_factor="QSFP28")
QSFP = EndRequest(form_factor="QSFP+")
OSFP = EndRequest(form_factor="OSFP")
QSFP112 = EndRequest(form_factor="QSFP112")
QSFPDD = EndRequest(form_factor="QSFP-DD")
SN2700 = EndRequest(device="SN2700")
NE1032 = EndRequest(device="NE1032")
CX6_HDR = EndRequest(device="MCX653105A-HDAT")
CX6_HDR100 = EndRequest(device="MCX653105A-ECAT")
FI6536 = EndRequest(device="UCS-FI-6536", cage="qsfp28")
VIC15235 = EndRequest(device="UCSC-P-V5D200G")


def _p(number: str) -> FiberRequest:
    return FiberRequest(part_number=number)


def _f(grade: str, connector: str | None) -> FiberRequest:
    return FiberRequest(fiber_type=grade, connector=connector)


def _optical(a: EndRequest, b: EndRequest, d: float, ma: str, mb: str, *media: FiberRequest) -> LinkRequest:
    return LinkRequest(end_a=a, end_b=b, distance_m=d, module_a=ma, module_b=mb, media=tuple(media))


def _cable(a: EndRequest, b: EndRequest, d: float, number: str) -> LinkRequest:
    return LinkRequest(end_a=a, end_b=b, distance_m=d, media=(_p(number),))


C12 = _optical(QM9700, CX7, 30, "MMA4Z00-NS", "MMA4Z00-NS400", _p("MFP7E10-N030"))


@dataclass(frozen=True)
class Row:
    """``passes`` does not raise ``code``; ``breaks`` does, with exactly ``finding`` first among them."""

    code: str
    passes: LinkRequest
    breaks: LinkRequest
    severity: str
    limit: float | None
    parts: tuple[str, ...]


ROWS: tuple[Row, ...] = (
    Row(
        "LINK_STRUCTURE",
        C12,
        _optical(QM9700, CX7, 30, "MMA4Z00-NS", "MMA4Z00-NS400"),
        "error",
        None,
        ("MMA4Z00-NS", "MMA4Z00-NS400"),
    ),
    Row(
        "FORM_FACTOR_MISMATCH",  # BlueField-3 takes QSFP112, not OSFP (N02, N17)
        _optical(QM9700, B3240, 30, "MMA4Z00-NS", "MMA1Z00-NS400", _p("MFP7E10-N030")),
        _optical(QM9700, B3240, 30, "MMA4Z00-NS", "MMA4Z00-NS400", _p("MFP7E10-N030")),
        "error",
        None,
        ("MMA4Z00-NS400",),
    ),
    Row(
        "TOP_STYLE_MISMATCH",  # the flat -FLT twin-port is for liquid-cooled switches (N21, N37)
        C12,
        _optical(QM9700, CX7, 30, "MMA4Z00-NS-FLT", "MMA4Z00-NS400", _p("MFP7E10-N030")),
        "error",
        None,
        ("MMA4Z00-NS-FLT",),
    ),
    Row(
        "WRONG_SIDE",  # QSFP112 modules are not for switches (N17)
        _optical(SN5600, B3240, 30, "MMA4Z00-NS", "MMA1Z00-NS400", _p("MFP7E10-N030")),
        _optical(
            SN5600,
            EndRequest(device="QFX5140", cage="qsfp112"),
            30,
            "MMA4Z00-NS",
            "MMA1Z00-NS400",
            _p("MFP7E10-N030"),
        ),
        "error",
        None,
        ("MMA1Z00-NS400",),
    ),
    Row(
        "PORT_COUNT_MISMATCH",  # a twin-port OSFP in a one-port ConnectX-7 cage
        C12,
        _optical(QM9700, CX7, 30, "MMA4Z00-NS", "MMA4Z00-NS-FLT", _p("MFP7E10-N030")),
        "error",
        None,
        ("MMA4Z00-NS-FLT",),
    ),
    Row(
        "PMD_MISMATCH",  # C20
        _optical(
            EndRequest(device="QFX5110-48S", cage="sfpp"),
            EndRequest(device="QFX5140", cage="sfp28"),
            100,
            "SFP-10G-SR",
            "SFP-10/25G-CSR-S",
            _f("OM4", "LC/UPC"),
        ),
        _optical(
            EndRequest(device="QFX5110-48S", cage="sfpp"),
            EndRequest(device="QFX5140", cage="sfp28"),
            100,
            "SFP-10G-SR",
            "SFP-25G-SR-S",
            _f("OM4", "LC/UPC"),
        ),
        "error",
        None,
        ("SFP-10G-SR", "SFP-25G-SR-S"),
    ),
    Row(
        "RATE_MISMATCH",  # an HDR DAC to an HDR100-only port; the HDR → 2 × HDR100 splitter is the way
        _cable(QM8700, EndRequest(device="MCX653105A-ECAT"), 30, "MFS1S50-H030V"),
        _cable(QM8700, EndRequest(device="MCX653105A-ECAT"), 2, "MCP1650-H002E26"),
        "error",
        None,
        ("MQM8700-HS2F", "MCX653105A-ECAT", "MCP1650-H002E26"),
    ),
    Row(
        "PROTOCOL_MISMATCH",  # a 200GbE-only DAC on an InfiniBand-only switch
        _cable(QM8700, EndRequest(device="MCX653105A-HDAT"), 2, "MCP1650-H002E26"),
        _cable(QM8700, EndRequest(device="MCX653105A-HDAT"), 2, "MCP1650-V002E26"),
        "error",
        None,
        ("MQM8700-HS2F", "MCX653105A-HDAT", "MCP1650-V002E26"),
    ),
    Row(
        "FIBER_MODE_MISMATCH",  # C19
        _optical(QM9700, CX7, 20, "MMS4X00-NS", "MMS4X00-NS400", _f("OS2", "MPO-12/APC")),
        _optical(QM9700, CX7, 20, "MMS4X00-NS", "MMS4X00-NS400", _f("OM4", "MPO-12/APC")),
        "error",
        None,
        ("MMS4X00-NS", "MMS4X00-NS400"),
    ),
    Row(
        "REACH_EXCEEDED",  # C03
        _optical(SFP, SFP, 300, "SFP-10G-SR", "SFP-10G-SR", _f("OM3", "LC/UPC")),
        _optical(SFP, SFP, 300, "SFP-10G-SR", "SFP-10G-SR", _f("OM2", "LC/UPC")),
        "error",
        82.0,
        ("SFP-10G-SR",),
    ),
    Row(
        "CABLE_TOO_SHORT",  # a 30 m MFP7E10 on a 40 m run; the 50 m one exists
        _optical(QM9700, CX7, 40, "MMA4Z00-NS", "MMA4Z00-NS400", _p("MFP7E10-N050")),
        _optical(QM9700, CX7, 40, "MMA4Z00-NS", "MMA4Z00-NS400", _p("MFP7E10-N030")),
        "error",
        30.0,
        ("MFP7E10-N030",),
    ),
    Row(
        "CABLE_LENGTH_LIMIT",  # C31
        _cable(QM9700, QM9700, 2, "MCP4Y10-N002"),
        _cable(QM9700, QM9700, 4, "MCP4Y10-N002"),
        "error",
        2.0,
        ("MCP4Y10-N002",),
    ),
    Row(
        "CONNECTOR_MISMATCH",  # duplex-LC FR4 twin-port (N23) on an MPO-12 cable
        _optical(QM9700, QM9700, 30, "MMS4X50-NM", "MMS4X50-NM", _f("OS2", "LC/UPC")),
        _optical(QM9700, QM9700, 30, "MMS4X50-NM", "MMS4X50-NM", _p("MFP7E30-N030")),
        "error",
        None,
        ("MMS4X50-NM", "MFP7E30-N030"),
    ),
    Row(
        "POLISH_MISMATCH",  # C18
        _optical(QM9700, CX7, 20, "MMA4Z00-NS", "MMA4Z00-NS400", _f("OM4", "MPO-12/APC")),
        _optical(QM9700, CX7, 20, "MMA4Z00-NS", "MMA4Z00-NS400", _f("OM4", "MPO-12/UPC")),
        "error",
        None,
        ("MMA4Z00-NS",),
    ),
    Row(
        "BREAKOUT_UNSUPPORTED",  # NDR → 4 × HDR100 from a 2xHDR100 switch port vs. a split in an adapter
        _cable(QM9700, EndRequest(device="MBF2H516A-EEEOT"), 2, "MCP7Y70-H002"),
        _cable(EndRequest(device="MCX653105A-HDAT"), EndRequest(device="MCX623106AN-CDAT"), 3, "MFS1S50-V003E"),
        "error",
        None,
        ("MFS1S50-V003E",),
    ),
    Row(
        "BREAKOUT_UNVERIFIED",  # no retrieved source lists the SN2700's QSFP28 breakouts: warned, not refused
        C12,
        _cable(SN2700, EndRequest(device="MCX4121A-ACAT"), 2, "MCP7F00-A02AR"),
        "warning",
        None,
        ("MCP7F00-A02AR",),
    ),
    Row(
        "HOST_LANES_UNVERIFIED",  # a QSFP112 module (4 x 100G lanes) in a QSFP-DD cage whose host is not known (E05)
        _optical(QSFP112, QSFP112, 3, "MMA1Z00-NS400", "MMA1Z00-NS400", _p("MFP7E10-N003")),
        _optical(QSFP112, QSFPDD, 3, "MMA1Z00-NS400", "MMA1Z00-NS400", _p("MFP7E10-N003")),
        "warning",
        None,
        ("MMA1Z00-NS400",),
    ),
    Row(
        "TWIN_PORT_MIXED_FIBERS",  # C36
        _optical(QM9700, QM9700, 20, "MMA4Z00-NS", "MMA4Z00-NS", _p("MFP7E10-N020"), _p("MFP7E10-N020")),
        _optical(QM9700, QM9700, 20, "MMA4Z00-NS", "MMA4Z00-NS", _p("MFP7E10-N020"), _p("MFP7E20-N020")),
        "error",
        None,
        ("MMA4Z00-NS", "MFP7E10-N020", "MFP7E20-N020"),
    ),
    Row(
        "UNDOCUMENTED_PAIRING",  # NVIDIA documents MFP7E30/E40 for MMS4X00 (N05)
        C12,
        _optical(QM9700, CX7, 20, "MMS4X00-NS", "MMS4X00-NS400", _p("MFP7E10-N020")),
        "warning",
        None,
        ("MMS4X00-NS",),
    ),
    Row(
        "CONNECTOR_ASSUMED",
        _optical(QM9700, CX7, 20, "MMA4Z00-NS", "MMA4Z00-NS400", _f("OM4", "MPO-12/APC")),
        _optical(QM9700, CX7, 20, "MMA4Z00-NS", "MMA4Z00-NS400", _f("OM4", None)),
        "warning",
        None,
        (),
    ),
    Row(
        "RATE_NEGOTIATED",  # NDR switch to HDR switch through the documented MCP7Y60 (N39)
        C12,
        _cable(QM9700, QM8700, 2, "MCP7Y60-H002"),
        "info",
        200.0,
        ("MQM8700-HS2F", "MCP7Y60-H002"),
    ),
    Row(
        "RATE_AGGREGATED",  # 800 Gb/s between SN5600 cages as 2 x 400 Gb/s over two MFP7E10 fibers
        C12,
        LinkRequest(
            end_a=SN5600,
            end_b=SN5600,
            distance_m=30,
            module_a="MMA4Z00-NS",
            module_b="MMA4Z00-NS",
            media=(_p("MFP7E10-N030"), _p("MFP7E10-N030")),
            rate_gbps=800,
        ),
        "info",
        400.0,
        ("MMA4Z00-NS",),
    ),
    Row(
        "REACH_UNVERIFIED",  # no retrieved NVIDIA source gives HDR SR4's reach (N45, N41): warned, not refused
        C12,
        _optical(QM8700, CX6_HDR, 10, "MMA1T00-HS", "MMA1T00-HS", _f("OM4", "MPO-12/UPC")),
        "warning",
        None,
        ("MMA1T00-HS",),
    ),
    Row(
        "CONFIG_PREREQUISITE",  # the QM8700 port must be split 2xHDR100 for the MCP7H50 splitter (N36, N48)
        C12,
        _cable(QM8700, CX6_HDR100, 2, "MCP7H50-H002R26"),
        "info",
        None,
        ("MCP7H50-H002R26",),
    ),
    Row(
        "FEC_REQUIRED",  # a 100G DAC runs Clause 91 RS-FEC RS(528,514) at both ends (FEC01, FEC02)
        C12,
        _cable(EndRequest(form_factor="QSFP28"), EndRequest(form_factor="QSFP28"), 2, "MCP1600-C002E30N"),
        "info",
        None,
        ("MCP1600-C002E30N",),
    ),
    Row(
        "FEC_SETTING",  # 100GBASE-LR4 needs no FEC (FEC01); an SN2700 port runs RS(528,514) or none at 100 Gb/s (FE01)
        _optical(QSFP28, QSFP28, 1000, "QSFP-100G-LR4-S", "QSFP-100G-LR4-S", _f("OS2", "LC/UPC")),
        _optical(SN2700, SN2700, 1000, "QSFP-100G-LR4-S", "QSFP-100G-LR4-S", _f("OS2", "LC/UPC")),
        "info",
        None,
        ("QSFP-100G-LR4-S",),
    ),
    Row(
        "RATE_UNVERIFIED",  # NetBox's 10gbase-x-sfpp names the NE1032's nominal 10 Gb/s only (LV02): 1 Gb/s unstated
        _optical(NE1032, NE1032, 100, "SFP-10G-SR", "SFP-10G-SR", _f("OM3", "LC/UPC")),
        _optical(NE1032, NE1032, 100, "SFP-GIG-SX", "SFP-GIG-SX", _f("OM2", "LC/UPC")),
        "warning",
        1.0,
        ("NE1032",),
    ),
    Row(
        "AUTONEG_REQUIRED",  # Spectrum-4 to Spectrum-4 over PAM4 lanes: auto-negotiation on (FE01)
        C12,
        _cable(SN5600, SN5600, 2, "MCP4Y10-N002"),
        "info",
        None,
        ("MCP4Y10-N002",),
    ),
    Row(
        "AUTONEG_UNSUPPORTED",  # SN4700 QSFP-DD with 400G transceiver modules: force the speed (FE01)
        _cable(SN4700, SN4700, 2, "QDD-400-CU2M"),
        _optical(SN4700, SN4700, 100, "MMS1V00-WM", "MMS1V00-WM", _f("OS2", "MPO-12/APC")),
        "info",
        None,
        ("MMS1V00-WM",),
    ),
    Row(
        "INSERTION_LOSS_EXCEEDED",  # 10GBASE-SR over 250 m of OM3: 2.6 dB budget; 4 panels come to 2.75 dB (PL06-PL08)
        _optical(SFP, SFP, 250, "SFP-10G-SR", "SFP-10G-SR", FiberRequest(fiber_type="OM3", patch_panels=2)),
        _optical(SFP, SFP, 250, "SFP-10G-SR", "SFP-10G-SR", FiberRequest(fiber_type="OM3", patch_panels=4)),
        "error",
        2.6,
        ("OM3 fiber (250 m)",),
    ),
    Row(
        "VENDOR_LOCKED",  # a Cisco UCS VIC takes only Cisco cables and transceivers (UC15)
        _cable(FI6536, VIC15235, 3, "QSFP-100G-CU3M"),
        _cable(FI6536, VIC15235, 3, "JL307A"),
        "error",
        None,
        ("JL307A",),
    ),
    Row(
        "ATTENUATOR_REQUIRED",  # 40GBASE-ER4 needs >= 9 dB channel loss (E17): 140 m of OS2, under half its 40 km reach
        _optical(QSFP, QSFP, 35000, "Q9G82A", "Q9G82A", _f("OS2", "LC/UPC")),
        _optical(QSFP, QSFP, 140, "Q9G82A", "Q9G82A", _f("OS2", "LC/UPC")),
        "warning",
        9.0,
        ("OS2 fiber (140 m)",),
    ),
    Row(
        "TOP_STYLE_UNVERIFIED",  # SN5600 cages take finned plugs (N21); NVIDIA's DAC is finned (N10), Dell's unstated
        _cable(SN5600, SN5600, 2, "MCP4Y10-N002"),
        _cable(SN5600, SN5600, 2, "DAC-O112-800G-2M"),
        "warning",
        None,
        ("DAC-O112-800G-2M end A",),
    ),
    Row(
        "SECONDARY_SOURCE_ONLY",  # Arista's 800G OSFP AOC rests on a web shop's export only (LB03); NVIDIA's DAC on N09
        _cable(OSFP, OSFP, 2, "MCP4Y10-N002"),
        _cable(OSFP, OSFP, 2, "A-O800-O800-3M"),
        "warning",
        None,
        ("A-O800-O800-3M",),
    ),
    Row(
        "PART_DISCONTINUED",  # NVIDIA: "LACCs 1:2 and 1:4 OSFP splitters have been discontinued" (NC01)
        _cable(QM9700, CX7, 2, "MCP7Y00-N002"),
        _cable(QM9700, CX7, 4, "MCA7J60-N004"),
        "warning",
        None,
        ("MCA7J60-N004",),
    ),
    Row(
        "PART_EOL",  # MCA7J65: no longer for sale on NVIDIA's LinkX hub (NF02), eol
        C12,
        _cable(QM9700, B3240, 4, "MCA7J65-N004"),
        "warning",
        None,
        ("MCA7J65-N004",),
    ),
    Row(
        "MODE_CONDITIONING_CORD",  # 10GBASE-LRM over 200 m: OM3 needs no cord (PL04), OM1 needs one each end (S27)
        _optical(SFP, SFP, 200, "SFP-10G-LRM", "SFP-10G-LRM", _f("OM3", "LC/UPC")),
        _optical(SFP, SFP, 200, "SFP-10G-LRM", "SFP-10G-LRM", _f("OM1", "LC/UPC")),
        "info",
        None,
        ("SFP-10G-LRM",),
    ),
    Row(
        "CABLE_SLACK",  # MFP7E30 is held at 30 m only (N05): 20 m of slack on a 10 m run; 30 m of MFP7E10 on 30 m: none
        C12,
        _optical(QM9700, CX7, 10, "MMS4X00-NS", "MMS4X00-NS400", _p("MFP7E30-N030")),
        "info",
        30.0,
        ("MFP7E30-N030",),
    ),
)

# FEC_MISMATCH: the catalogue ports that list FEC modes (Spectrum 25G/100G ports, FE01) run every
# mode a catalogue medium needs at their rates; the rule is tested on a stated port and on an SN2700
# port with a hypothetical medium in tests/unit/rules/test_fec.py and test_fec_ports.py.
SPECIAL = {"UNKNOWN_PART", "RUN_TOO_SHORT", "FEC_MISMATCH"}


def test_every_rule_code_has_a_row() -> None:
    assert {r.code for r in ROWS} | SPECIAL == {r.code for r in RULES}
    assert len({r.code for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[r.code for r in ROWS])
def test_the_passing_link_does_not_raise_the_code(service: CatalogueService, row: Row) -> None:
    verdict = service.check_link(row.passes, alternatives=False).verdict
    assert row.code not in {f.code for f in verdict.findings}
    assert verdict.valid, [f.message for f in verdict.findings]


@pytest.mark.parametrize("row", ROWS, ids=[r.code for r in ROWS])
def test_the_breaking_link_raises_exactly_the_expected_finding(service: CatalogueService, row: Row) -> None:
    verdict = service.check_link(row.breaks, alternatives=False).verdict
    finding = next(f for f in verdict.findings if f.code == row.code)
    assert (finding.severity.value, finding.limit, finding.parts) == (row.severity, row.limit, row.parts)
    assert finding.message and (finding.fix or row.severity == "info")
    assert verdict.valid is (row.severity != "error" and not verdict.error_codes)


def test_unknown_part_fails_before_the_rules_with_the_closest_part_numbers(service: CatalogueService) -> None:
    """UNKNOWN_PART: "MMA4Z00-N5" is not a part number; the closest are suggested."""
    assert service.check_link(C12, alternatives=False).verdict.valid
    with pytest.raises(UnknownPartError) as exc:
        service.check_link(_optical(QM9700, CX7, 30, "MMA4Z00-N5", "MMA4Z00-NS400", _p("MFP7E10-N030")))
    assert (exc.value.code, exc.value.name) == ("UNKNOWN_PART", "MMA4Z00-N5")
    assert exc.value.suggestions[0] == "MMA4Z00-NS"


def test_run_too_short_below_a_stated_minimum(service: CatalogueService) -> None:
    """RUN_TOO_SHORT: the Trellix table (S25) gives 10G-SR a 2 m minimum (the seed carries it on OM1–OM3);
    the check runs on a copy of the 10GBASE-SR row with that minimum, independent of later seed edits."""
    ctx = service.rule_context()
    sr = ctx.pmds["10GBASE-SR"]
    with_min = sr.model_copy(
        update={"reach": [r.model_copy(update={"min_m": 2.0}) if r.fiber == "OM3" else r for r in sr.reach]}
    )
    patched = RuleContext(
        form_factors=ctx.form_factors,
        pmds={**ctx.pmds, "10GBASE-SR": with_min},
        family_lengths=ctx.family_lengths,
        family_parts=ctx.family_parts,
        adapters=ctx.adapters,
    )

    def check(distance: float) -> tuple[bool, list[tuple[str, str, float | None, tuple[str, ...]]]]:
        link = service.check_link(
            _optical(SFP, SFP, distance, "FTLX8574D3BCL", "FTLX8574D3BCL", _f("OM3", "LC/UPC")),
            alternatives=False,
        ).link
        verdict = best_orientation(link, patched)[1]
        return verdict.valid, [(f.code, f.severity.value, f.limit, f.parts) for f in verdict.findings]

    assert check(3) == (True, [])
    assert check(1) == (False, [("RUN_TOO_SHORT", "error", 2.0, ("FTLX8574D3BCL",))])
