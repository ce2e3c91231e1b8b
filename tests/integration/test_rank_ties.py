"""Ranking: an option that needs an attenuator.

- ATTENUATOR_REQUIRED (40GBASE-ER4 on a run that may lose less than its 9 dB minimum, IEEE 802.3bm
  cl. 87, E17) means an extra part at each receiver, as MODE_CONDITIONING_CORD means a patch cord at
  each end: such an option ranks after the options that need no extra part.
"""

from __future__ import annotations

from service.domain.catalogue import Protocol
from service.domain.link import LinkOption
from service.use_cases import CatalogueService, EndRequest, _rank

QSFP = EndRequest(form_factor="QSFP+")
QSFP28 = EndRequest(form_factor="QSFP28")
ETHERNET = Protocol.ETHERNET


def _codes(o: LinkOption) -> set[str]:
    return {f.code for f in o.verdict.findings}


def test_an_option_needing_an_attenuator_ranks_after_one_that_needs_none(service: CatalogueService) -> None:
    result = service.link_options(end_a=QSFP, end_b=QSFP, rate_gbps=40, distance_m=140, protocol=ETHERNET)
    er4 = {o.fiber_type: o for o in result.options if o.pmd == "40GBASE-ER4"}
    assert {k: ("ATTENUATOR_REQUIRED" in _codes(o), o.margin_m) for k, o in er4.items()} == {
        "OS2": (True, 39860.0),
        "OS1a": (True, 14860.0),
    }
    # every verified option without an extra part ranks before the ER4 ones
    verified = [o for o in result.options if o.reach_basis != "unverified"]
    assert [(o.pmd, o.fiber_type) for o in verified][-2:] == [("40GBASE-ER4", "OS2"), ("40GBASE-ER4", "OS1a")]
    # the same OS1a option on a run measured at 9 dB or more (no warning) ranks before the OS2 one that
    # needs attenuators, though the OS2 one has 25 km more margin
    measured = er4["OS1a"].model_copy(
        update={
            "verdict": er4["OS1a"].verdict.model_copy(
                update={"findings": tuple(f for f in er4["OS1a"].verdict.findings if f.code != "ATTENUATOR_REQUIRED")}
            )
        }
    )
    ranked = _rank([er4["OS2"], measured], service.rule_context())
    assert [(o.rank, o.fiber_type, "ATTENUATOR_REQUIRED" in _codes(o)) for o in ranked] == [
        (1, "OS1a", False),
        (2, "OS2", True),
    ]
