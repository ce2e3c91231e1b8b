"""checkLink: a device end with several cage groups takes the one the chain's part at that end fits.

An Alcatel-Lucent OmniSwitch OS6860N-P48Z has two groups of fiber cages, 4 SFP28 (1/10/25 Gb/s) and 2
QSFP28 (40/100 Gb/s). A chain that names a QSFP28 transceiver at its end says which group it means;
asking for the group as well was a needless refusal ("has several cage groups: pick one"). Where the
part fits both groups, or none, or no part is named at that end, the question still has to say.
"""

from __future__ import annotations

import pytest

from service.errors import InputValidationError
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SWITCH = EndRequest(device="OS6860N-P48Z")


def test_a_qsfp28_transceiver_means_the_qsfp28_cages(service: CatalogueService) -> None:
    check = service.check_link(
        LinkRequest(
            end_a=SWITCH,
            module_a="QSFP-100G-SR4-S",
            media=(FiberRequest(fiber_type="OM4", connector="MPO-12/UPC"),),
            module_b="QSFP-100G-SR4-S",
            end_b=EndRequest(form_factor="QSFP28"),
            distance_m=50,
            rate_gbps=100,
        )
    )
    assert check.link.end_a.label == "OS6860N-P48Z qsfp28"
    assert check.link.end_a.cage.form_factor == "QSFP28"
    assert check.verdict.valid
    assert check.verdict.rate_gbps == 100


def test_an_sfp28_dac_means_the_sfp28_cages(service: CatalogueService) -> None:
    check = service.check_link(
        LinkRequest(
            end_a=SWITCH,
            media=(FiberRequest(part_number="SFP-H25G-CU3M"),),
            end_b=EndRequest(form_factor="SFP28"),
            distance_m=2,
        )
    )
    assert check.link.end_a.label == "OS6860N-P48Z sfp28"
    assert check.verdict.valid
    assert check.verdict.rate_gbps == 25


def test_the_same_answer_as_naming_the_group(service: CatalogueService) -> None:
    def ask(end: EndRequest) -> LinkRequest:
        return LinkRequest(
            end_a=end,
            module_a="SFP-25G-SR-S",
            media=(FiberRequest(fiber_type="OM3", connector="LC/UPC"),),
            module_b="SFP-25G-SR-S",
            end_b=EndRequest(form_factor="SFP28"),
            distance_m=120,
            rate_gbps=25,
        )

    implied = service.check_link(ask(SWITCH))
    named = service.check_link(ask(EndRequest(device="OS6860N-P48Z", cage="sfp28")))
    assert implied == named
    assert not implied.verdict.valid  # 25GBASE-SR reaches 70 m over OM3
    assert "REACH_EXCEEDED" in implied.verdict.error_codes


def test_no_part_at_the_end_still_asks_for_the_group(service: CatalogueService) -> None:
    with pytest.raises(InputValidationError) as raised:
        service.check_link(
            LinkRequest(
                end_a=EndRequest(form_factor="SFP28"),
                module_a="SFP-25G-SR-S",
                media=(FiberRequest(fiber_type="OM4", connector="LC/UPC"),),
                end_b=SWITCH,
                distance_m=10,
            )
        )
    assert raised.value.field == "b.cage"
    assert "OS6860N-P48Z has several cage groups (sfp28, qsfp28): pick one" in str(raised.value)
