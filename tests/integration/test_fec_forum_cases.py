"""Issue 12's two "link won't come up" threads, asked of checkLink on catalogue parts: a 100G DAC
between a ConnectX-4 (MCX455A-ECAT / MCX456A-ECAT) and a switch's QSFP28 port. Both threads were
fixed by running Clause 91 RS-FEC, RS(528,514), at both ends; the answer names that setting.

The first thread's switch is taken as a bare QSFP28 switch-side end; the SONiC thread's switch is
taken as the Spectrum SN2700 (a SONiC platform). The SN2700's QSFP28 ports list their FEC modes per
rate (FE01, NVIDIA's Cumulus Linux user guide: the Spectrum ASIC runs RS-FEC or no FEC at 100G,
Base-R/FC-FEC at 25G only), so its answer also names what that port runs at 100 Gb/s: RS(528,514) or
none. It runs the mode the DAC needs, so FEC_MISMATCH is not raised. The ConnectX-4 ports list no FEC
modes (no retrieved NVIDIA document lists them per rate): not known, so never refused for it.
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Side
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

DAC = "MCP1600-C002E30N"
RS_FEC = (
    f"{DAC} needs FEC RS(528,514) (IEEE 802.3 Clause 91) at both ends; a port set to another FEC mode "
    "keeps the link down"
)


@pytest.mark.parametrize(
    "switch",
    [EndRequest(form_factor="QSFP28", side=Side.SWITCH), EndRequest(device="SN2700")],
    ids=["bare-qsfp28-switch-port", "SN2700"],
)
@pytest.mark.parametrize("card", ["MCX455A-ECAT", "MCX456A-ECAT"])
def test_a_100g_dac_from_a_connectx_4_names_rs_fec_at_both_ends(
    service: CatalogueService, switch: EndRequest, card: str
) -> None:
    req = LinkRequest(
        end_a=switch,
        end_b=EndRequest(device=card),
        distance_m=2,
        media=(FiberRequest(part_number=DAC),),
        rate_gbps=100,
    )
    verdict = service.check_link(req, alternatives=False).verdict
    assert (verdict.valid, verdict.rate_gbps) == (True, 100.0)
    fec = [f for f in verdict.findings if f.code.startswith("FEC_")]
    spectrum = switch.device == "SN2700"
    message = RS_FEC + (" (SN2700 runs RS(528,514) or none at 100 Gb/s)" if spectrum else "")
    assert [(f.code, f.severity.value, f.message, f.fix) for f in fec] == [
        ("FEC_REQUIRED", "info", message, "set FEC to RS(528,514) on both ports")
    ]
    assert set(fec[0].source_ids) == ({"FEC01", "FEC02", "FE01"} if spectrum else {"FEC01", "FEC02"})
