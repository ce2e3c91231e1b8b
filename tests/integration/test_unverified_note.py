"""An answer whose every option rests on an unverified reach says so in its notes (new-user trial:
EDR SR4 over OM1-OM5 at 300 m was offered with nothing saying that no verified option exists)."""

from __future__ import annotations

from service.domain.catalogue import Protocol
from service.use_cases import CatalogueService, EndRequest

QSFP28 = EndRequest(form_factor="QSFP28")
NOTE = (
    "No option has a verified reach for 300 m: every option below rests on a reach the catalogue does "
    "not hold for its PMD over that fiber grade (REACH_UNVERIFIED); confirm it in the module's "
    "datasheet before ordering."
)


def test_edr_at_300_m_offers_only_unverified_sr4_and_says_so(service: CatalogueService) -> None:
    result = service.link_options(
        end_a=QSFP28, end_b=QSFP28, rate_gbps=100, distance_m=300, protocol=Protocol.INFINIBAND
    )
    assert result.options
    assert {o.reach_basis for o in result.options} == {"unverified"}
    assert {o.pmd for o in result.options} == {"EDR SR4"}
    assert result.notes == (NOTE,)


def test_an_answer_with_a_verified_option_has_no_such_note(service: CatalogueService) -> None:
    result = service.link_options(end_a=QSFP28, end_b=QSFP28, rate_gbps=100, distance_m=300, protocol=Protocol.ETHERNET)
    assert any(o.reach_basis in ("sourced", "standard") for o in result.options)
    assert not any(n.startswith("No option has a verified reach") for n in result.notes)
