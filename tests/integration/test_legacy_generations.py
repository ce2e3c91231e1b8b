"""checkLink on the older InfiniBand generations (issue 11), on the real seeded graph.

    MHQH29B-XTR (ConnectX-2, QDR) ─ QSFP ─ MC2206130-002 (QDR DAC, 2 m) ─ QSFP ─ IS5022 (QDR switch)

Sources (sources/legacy.yaml, secondary): ConnectX-2 VPI rows (LG01, LG02), IS5022 8 x QSFP 40 Gb/s
(LG03) on an InfiniScale IV chip running SDR/DDR/QDR (LG04), MC2206130-002 (LG06) carrying DDR and
QDR (LG05). The FDR DAC MC2207128-003 runs QDR [Q01] (PR02 style).
"""

from __future__ import annotations

from service.domain.catalogue import Protocol
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkCheck, LinkRequest

CX2_QDR = EndRequest(device="MHQH29B-XTR")
CX2_DDR = EndRequest(device="MHRH29B-XTR")
IS5022 = EndRequest(device="IS5022")


def _check(service: CatalogueService, a: EndRequest, b: EndRequest, cable: str, rate: float | None = None) -> LinkCheck:
    return service.check_link(
        LinkRequest(
            end_a=a,
            end_b=b,
            distance_m=2,
            media=(FiberRequest(part_number=cable),),
            rate_gbps=rate,
            protocol=Protocol.INFINIBAND,
        ),
        alternatives=False,
    )


def test_1_a_qdr_adapter_and_the_qdr_dac_into_a_qdr_switch_link_at_40(service: CatalogueService) -> None:
    """1: MHQH29B-XTR ─ MC2206130-002 ─ IS5022: valid, InfiniBand QDR 40 Gb/s; the QDR DAC's facts rest
    on secondary sources only, so the answer says so (SECONDARY_SOURCE_ONLY, a warning)."""
    check = _check(service, CX2_QDR, IS5022, "MC2206130-002")
    assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.protocol) == (True, 40.0, Protocol.INFINIBAND)
    assert [(f.code, f.parts) for f in check.verdict.findings] == [("SECONDARY_SOURCE_ONLY", ("MC2206130-002",))]


def test_2_an_fdr_dac_on_the_qdr_link_runs_at_qdr(service: CatalogueService) -> None:
    """2: MHQH29B-XTR ─ MC2207128-003 (FDR DAC, 3 m) ─ IS5022 at 40 Gb/s: valid, the FDR cable runs QDR."""
    check = service.check_link(
        LinkRequest(
            end_a=CX2_QDR,
            end_b=IS5022,
            distance_m=3,
            media=(FiberRequest(part_number="MC2207128-003"),),
            rate_gbps=40,
            protocol=Protocol.INFINIBAND,
        ),
        alternatives=False,
    )
    assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.error_codes) == (True, 40.0, ())


def test_3_a_ddr_adapter_on_the_qdr_switch_links_at_ddr(service: CatalogueService) -> None:
    """3: MHRH29B-XTR (DDR) ─ MC2206130-002 ─ IS5022: valid at DDR 20 Gb/s, the highest common rate."""
    check = _check(service, CX2_DDR, IS5022, "MC2206130-002")
    assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 20.0)
    assert [f.code for f in check.verdict.findings] == ["SECONDARY_SOURCE_ONLY", "RATE_NEGOTIATED"]


def test_4_the_qdr_dac_cannot_carry_fdr(service: CatalogueService) -> None:
    """4: asking 56 Gb/s (FDR) of the QDR DAC between two QDR-only ends is a rate error, not a guess."""
    check = _check(service, CX2_QDR, IS5022, "MC2206130-002", rate=56)
    assert not check.verdict.valid
    assert "RATE_MISMATCH" in check.verdict.error_codes
