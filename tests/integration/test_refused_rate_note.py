"""A refused link never says what it "runs at" (fresh-user trial: checkLink of NVIDIA's HDR AOC
MFS1S00-H010V from a QM9700 to a ConnectX-6 was valid: false with FORM_FACTOR_MISMATCH, and yet
RATE_NEGOTIATED said "the link runs at 200 Gb/s"): the note says the rate it would run once fixed."""

from __future__ import annotations

from service.domain.link import Severity
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest


def test_a_refused_link_says_the_rate_it_would_run_once_fixed(service: CatalogueService) -> None:
    check = service.check_link(
        LinkRequest(
            end_a=EndRequest(device="QM9700"),
            end_b=EndRequest(device="MCX653105A-HDAT"),
            distance_m=10,
            media=(FiberRequest(part_number="MFS1S00-H010V"),),
        ),
        alternatives=False,
    )
    assert not check.verdict.valid
    assert [(f.code, f.severity) for f in check.verdict.findings] == [
        ("FORM_FACTOR_MISMATCH", Severity.ERROR),
        ("RATE_NEGOTIATED", Severity.INFO),
    ]
    assert check.verdict.findings[1].message == (
        "once the errors are fixed, the link would run at 200 Gb/s, the highest rate every element supports "
        "(limited by MCX653105A-HDAT, MFS1S00-H010V); InfiniBand negotiates it"
    )


def test_a_valid_link_still_says_the_rate_it_runs(service: CatalogueService) -> None:
    """README: an EDR adapter with an EDR DAC in a QM8700 HDR port runs at 100 Gb/s."""
    check = service.check_link(
        LinkRequest(
            end_a=EndRequest(device="QM8700"),
            end_b=EndRequest(device="MCX555A-ECAT"),
            distance_m=2,
            media=(FiberRequest(part_number="MCP1600-E002"),),
        ),
        alternatives=False,
    )
    assert check.verdict.valid
    negotiated = [f.message for f in check.verdict.findings if f.code == "RATE_NEGOTIATED"]
    assert negotiated == [
        "the link runs at 100 Gb/s, the highest rate every element supports (limited by MCX555A-ECAT, "
        "MCP1600-E002); InfiniBand negotiates it"
    ]
