"""10GBASE-ER on a short run (practitioner trial: a 100 m pair of Cisco SFP-10G-ER came back valid with
no word of an attenuator).

Cisco's 10GBASE SFP+ data sheet (UC16, PD01 Table 3 note 4) says of SFP-10G-ER-S, SFP-10G-ER and
SFP-10G-ER-I: "Requires 5 dB 1550nm fixed loss attenuator for < 20km". The catalogue holds it as the
modules' minimum channel insertion loss over OS2 (5 dB), so ATTENUATOR_REQUIRED warns on a generic
run under half their 40 km reach, as it does for 40GBASE-ER4's 9 dB (IEEE 802.3 clause 87).
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SFP = EndRequest(form_factor="SFP+")


def _er_pair(module: str, distance: float) -> LinkRequest:
    return LinkRequest(
        end_a=SFP,
        end_b=SFP,
        distance_m=distance,
        module_a=module,
        module_b=module,
        media=(FiberRequest(fiber_type="OS2", connector="LC/UPC"),),
    )


@pytest.mark.parametrize("module", ["SFP-10G-ER", "SFP-10G-ER-S", "SFP-10G-ER-I"])
def test_a_100_m_er_pair_needs_an_attenuator(service: CatalogueService, module: str) -> None:
    check = service.check_link(_er_pair(module, 100), alternatives=False)
    assert check.verdict.valid is True  # a warning: measure the loss, fit the attenuator
    [warning] = [f for f in check.verdict.findings if f.code == "ATTENUATOR_REQUIRED"]
    assert warning.severity.value == "warning"
    assert warning.limit == 5.0
    assert warning.message == (
        f"{module} needs at least 5 dB of channel insertion loss (Cisco data sheet); a 100 m run of OS2, under "
        "half its 40000 m reach, may come to less: measure the link loss; below 5 dB, fit an optical attenuator "
        "at each receiver (measure the received power)"
    )
    assert warning.fix == (
        "fit an attenuator so the channel loss is at least 5 dB, or use 10GBASE-LR for runs this short"
    )


def test_at_25_km_no_attenuator_is_asked_for(service: CatalogueService) -> None:
    check = service.check_link(_er_pair("SFP-10G-ER", 25000), alternatives=False)
    assert check.verdict.valid is True
    assert "ATTENUATOR_REQUIRED" not in {f.code for f in check.verdict.findings}
