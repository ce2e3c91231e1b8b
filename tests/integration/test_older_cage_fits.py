"""A newer module in an older cage: SFP28 in an SFP+ cage, QSFP28 in a QSFP+ cage.

A practitioner trial found a confident wrong "invalid": Cisco's dual-rate 40/100G BiDi
QSFP-40/100-SRBD at both ends of 50 m of OM4 in bare QSFP+ cages was refused with
FORM_FACTOR_MISMATCH, as were dual-rate 10/25G SFP28 optics (Cisco SFP-10/25G-CSR-S, Intel
E25GSFP28SR) in SFP+ ports. Engineers do exactly this:

- SFP28 has the mechanical dimensions of SFP+ (Cisco's 25G transceiver FAQ, S53); "25G transceivers
  can be plugged into SFP+ sockets ... same electrical and mechanical pin-out, however the host needs
  the software support" (Cisco blog, OC01); SFF-8402 keeps the SFP+ form factor and pinout (OC02,
  secondary); a dual-rate SFP28 programmed for 10G runs in SFP+ ports (Flexoptix, OC03, secondary).
- QSFP28 has the QSFP+ mechanics, connector and cage; a QSFP+ port runs it only at a rate both
  support (OC04, S47, secondary); the 40/100G BiDi is a QSFP28 module that runs as a 40G BiDi
  (100 m OM3 / 150 m OM4; E20, OC05).

The fit is mechanical: the port must run a rate the module runs. So the dual-rate modules are valid
at 10 / 40 Gb/s (RATE_NEGOTIATED, CONFIG_PREREQUISITE: set both ports to that speed), and a 25G-only
SFP28 (SFP-25G-SR-S) in an SFP+ cage is refused on its rate (RATE_MISMATCH), never on its form
factor. An engineer still buys the cage's own form factor for an SFP+ / QSFP+ port: linkOptions
keep their native lead parts.
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkCheck, LinkRequest

SFPP = EndRequest(form_factor="SFP+")
QSFPP = EndRequest(form_factor="QSFP+")
OM4_LC = FiberRequest(fiber_type="OM4", connector="LC/UPC")


def _codes(check: LinkCheck) -> list[tuple[str, str]]:
    return [(f.code, f.severity.value) for f in check.verdict.findings]


def _pair(service: CatalogueService, end: EndRequest, module: str, distance_m: float) -> LinkCheck:
    return service.check_link(
        LinkRequest(end_a=end, end_b=end, distance_m=distance_m, module_a=module, module_b=module, media=(OM4_LC,))
    )


def test_the_40_100g_bidi_pair_in_qsfp_plus_cages_runs_40g_over_50m_of_om4(service: CatalogueService) -> None:
    """The trial's link: QSFP-40/100-SRBD ══ 50 m OM4 LC/UPC ══ QSFP-40/100-SRBD in bare QSFP+ cages.
    Valid at 40 Gb/s (its 40G BiDi mode reaches 150 m over OM4, E20); no FORM_FACTOR_MISMATCH; the
    QSFP+ cage limits the rate (RATE_NEGOTIATED, citing the QSFP28-in-QSFP+ fit) and both ports must
    be set to 40 Gb/s (CONFIG_PREREQUISITE)."""
    check = _pair(service, QSFPP, "QSFP-40/100-SRBD", 50)
    assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 40.0)
    assert _codes(check) == [("RATE_NEGOTIATED", "info"), ("CONFIG_PREREQUISITE", "info")]
    negotiated = check.verdict.findings[0]
    assert negotiated.message == (
        "the link runs at 40 Gb/s, the highest rate every element supports (limited by a QSFP+ cage); "
        "Ethernet ports do not negotiate an optic's rate"
    )
    assert {"OC04", "OC05"} <= set(negotiated.source_ids)
    assert check.verdict.findings[1].fix == "set the port speed to 40 Gb/s at both ends"


@pytest.mark.parametrize("module", ["SFP-10/25G-CSR-S", "E25GSFP28SR"])
def test_a_dual_rate_10_25g_sfp28_pair_in_sfp_plus_cages_runs_10g(service: CatalogueService, module: str) -> None:
    """Cisco SFP-10/25G-CSR-S (S53) and Intel E25GSFP28SR (IT05: '10G/25GBASE-SR') in bare SFP+
    cages over 50 m of OM4: valid at 10 Gb/s (10GBASE-SR), the SFP+ cage limiting the rate; the fit
    cites S53 and Cisco's 'SFP28 in SFP+ sockets' (OC01)."""
    check = _pair(service, SFPP, module, 50)
    assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 10.0)
    assert _codes(check) == [("RATE_NEGOTIATED", "info"), ("CONFIG_PREREQUISITE", "info")]
    assert check.verdict.findings[0].message == (
        "the link runs at 10 Gb/s, the highest rate every element supports (limited by an SFP+ cage); "
        "Ethernet ports do not negotiate an optic's rate"
    )
    assert {"S53", "OC01"} <= set(check.verdict.findings[0].source_ids)


def test_a_25g_only_sfp28_in_sfp_plus_cages_is_refused_on_its_rate_not_its_form_factor(
    service: CatalogueService,
) -> None:
    """SFP-25G-SR-S (25GBASE-SR only) in bare SFP+ cages: it goes in (SFP28 has SFP+'s mechanics),
    but no rate is common: RATE_MISMATCH only, saying so in an engineer's words."""
    check = _pair(service, SFPP, "SFP-25G-SR-S", 50)
    errors = [f for f in check.verdict.findings if f.severity.value == "error"]
    assert (check.verdict.valid, [f.code for f in errors]) == (False, ["RATE_MISMATCH"])
    assert errors[0].message == (
        "SFP-25G-SR-S fits an SFP+ cage mechanically (SFP28 has the SFP+ mechanics), but runs 25 Gb/s "
        "only; an SFP+ port runs up to 10 Gb/s"
    )
    assert errors[0].fix == "use an SFP+ part, or a multi-rate SFP28 part that also runs 10 Gb/s"
    assert errors[0].parts == ("SFP-25G-SR-S",)


def test_a_100g_only_qsfp28_in_qsfp_plus_cages_is_refused_on_its_rate(service: CatalogueService) -> None:
    """QSFP-100G-SR1.2 (100G only) in bare QSFP+ cages: the QSFP+ port runs up to 40 Gb/s."""
    check = _pair(service, QSFPP, "QSFP-100G-SR1.2", 50)
    errors = [f for f in check.verdict.findings if f.severity.value == "error"]
    assert (check.verdict.valid, [f.code for f in errors]) == (False, ["RATE_MISMATCH"])
    assert errors[0].message == (
        "QSFP-100G-SR1.2 fits a QSFP+ cage mechanically (QSFP28 has the QSFP+ mechanics), but runs "
        "100 Gb/s only; a QSFP+ port runs up to 40 Gb/s"
    )


def _lead(service: CatalogueService, end: EndRequest, rate: float, distance: float) -> list[tuple[str, str | None]]:
    options = service.link_options(end_a=end, end_b=end, rate_gbps=rate, distance_m=distance).options
    return [(o.pmd or "", o.parts[0].part_number) for o in options[:3]]


def test_link_options_between_sfp_plus_cages_keep_their_sfp_plus_lead_parts(service: CatalogueService) -> None:
    """SFP+ ↔ SFP+ at 10 Gb/s over 300 m: the same first options as before the SFP28 fit, each led by
    an SFP+ module (an engineer buys an SFP+ 10GBASE-SR for an SFP+ port). The dual-rate SFP28
    optics are valid alternatives there (they run 10GBASE-SR at 10 Gb/s)."""
    result = service.link_options(end_a=SFPP, end_b=SFPP, rate_gbps=10, distance_m=300)
    assert _lead(service, SFPP, 10, 300) == [
        ("10GBASE-SR", "FTLX8574D3BCL"),
        ("10GBASE-SR", "10301"),
        ("10GBASE-SR", "SFP-10G-SR"),
    ]
    first = result.options[0]
    assert {"SFP-10/25G-CSR-S", "E25GSFP28SR"} <= set(first.parts[0].alternatives)
    leads = [o.parts[0].part_number for o in result.options]
    assert not {"SFP-10/25G-CSR-S", "E25GSFP28SR", "SFP-10/25G-LR-S"} & set(leads)


def test_link_options_between_qsfp_plus_cages_keep_their_qsfp_plus_lead_parts(service: CatalogueService) -> None:
    """QSFP+ ↔ QSFP+ at 40 Gb/s over 100 m: the 40G BiDi option is led by the QSFP+ QSFP-40G-SR-BD,
    the dual-rate QSFP28 QSFP-40/100-SRBD its alternative; then 40GBASE-SR4 over OM4 (as before)."""
    result = service.link_options(end_a=QSFPP, end_b=QSFPP, rate_gbps=40, distance_m=100)
    assert _lead(service, QSFPP, 40, 100) == [
        ("40G-SR-BD", "QSFP-40G-SR-BD"),
        ("40GBASE-SR4", "IAC-QSFP-FOT"),
        ("40GBASE-SR4", "40G-SR4-QSFP150M"),
    ]
    assert result.options[0].parts[0].alternatives == ("10329", "FG-TRAN-QSFP+SR-BIDI", "JL308A", "QSFP-40/100-SRBD")
    assert "QSFP-40/100-SRBD" not in [o.parts[0].part_number for o in result.options]
