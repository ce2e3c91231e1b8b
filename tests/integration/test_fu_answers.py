"""Defects a fresh user's trial found in answers, on the real, seeded graph.

1. checkLink with a part only a secondary source backs (Arista's A-O800-O800-3M 800G OSFP AOC, from a
   web shop's catalogue export, LB03) answered ``valid: true`` and said nothing of its source: it now
   carries the warning SECONDARY_SOURCE_ONLY naming the part, as a part list's line does; the link
   stays valid, and a linkOptions option naming the part carries it too.
"""

from __future__ import annotations

from service.domain.link import Severity
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

OSFP = EndRequest(form_factor="OSFP")
SN5600 = EndRequest(device="SN5600")
A_O800 = "A-O800-O800-3M"  # Arista 800G OSFP AOC, 3 m; every source secondary (LB03, a web shop's export)

SECONDARY_A_O800 = (
    "SECONDARY_SOURCE_ONLY",
    Severity.WARNING,
    f"every source for {A_O800} is secondary (LB03): its facts in this link (part number, form factor, rate, "
    "length or reach) rest on a secondary source, not confirmed by the vendor or a standard",
    "confirm the part number and specification with the vendor's datasheet before ordering",
    (A_O800,),
    ("LB03",),
)


def _cable(a: EndRequest, b: EndRequest, distance: float, number: str) -> LinkRequest:
    return LinkRequest(end_a=a, end_b=b, distance_m=distance, media=(FiberRequest(part_number=number),))


# --- 1. SECONDARY_SOURCE_ONLY on links -------------------------------------------------------------


def test_check_link_with_a_secondary_only_cable_is_valid_with_the_warning(service: CatalogueService) -> None:
    verdict = service.check_link(_cable(OSFP, OSFP, 2, A_O800), alternatives=False).verdict
    assert (verdict.valid, verdict.rate_gbps) == (True, 800.0)
    assert [(f.code, f.severity, f.message, f.fix, f.parts, f.source_ids) for f in verdict.findings] == [
        SECONDARY_A_O800
    ]


def test_a_documented_cable_in_the_same_link_has_no_such_warning(service: CatalogueService) -> None:
    """NVIDIA's MCP4Y10-N002 800G OSFP DAC rests on NVIDIA's own spec page (N09)."""
    verdict = service.check_link(_cable(OSFP, OSFP, 2, "MCP4Y10-N002"), alternatives=False).verdict
    assert verdict.valid
    assert "SECONDARY_SOURCE_ONLY" not in {f.code for f in verdict.findings}


def test_link_options_flag_only_the_option_that_names_the_secondary_part(service: CatalogueService) -> None:
    """Between two SN5600s at 3 m, 800 Gb/s: Arista's web-shop AOC is offered (rank 7, after the
    documented DAC, ACC, AOC and optics), and it alone carries the warning."""
    result = service.link_options(end_a=SN5600, end_b=SN5600, rate_gbps=800, distance_m=3)
    flagged = [
        (o.rank, o.summary, [(f.code, f.severity, f.message, f.fix, f.parts, f.source_ids) for f in o.verdict.findings])
        for o in result.options
        if "SECONDARY_SOURCE_ONLY" in {f.code for f in o.verdict.findings}
    ]
    assert [(rank, summary) for rank, summary, _ in flagged] == [(7, f"AOC {A_O800} (3 m)")]
    assert flagged[0][2][0] == SECONDARY_A_O800
    assert [f.code for f in result.options[6].verdict.findings] == ["SECONDARY_SOURCE_ONLY", "AUTONEG_REQUIRED"]
    assert result.options[6].verdict.valid
