"""Ranking: an option that needs an attenuator, and PMDs of equal reach and fiber count.

- ATTENUATOR_REQUIRED (40GBASE-ER4 on a run that may lose less than its 9 dB minimum, IEEE 802.3bm
  cl. 87, E17) means an extra part at each receiver, as MODE_CONDITIONING_CORD means a patch cord at
  each end: such an option ranks after the options that need no extra part.
- At an equal reach, margin and fiber count the PMD with fewer optical lanes comes first (one
  wavelength before a WDM set: the cheaper, lower-power optic), not the one whose name sorts first::

    QSFP28 100G 5,000 m:  100GBASE-LR1 (1 x 100G PAM4) before 100GBASE-LR4 (4 LAN-WDM lanes), both 10 km
    QSFP28 100G 2,000 m:  100GBASE-FR1 (1 lane) before 100G-CWDM4 (4 CWDM lanes), both 2 km

- 100GBASE-SR4's table is its clause's whole table (cl. 95: OM3 70 m, OM4 100 m; OM5 from a secondary
  source, ``reach_complete``): OM1 and OM2 are not offered (not as unverified options either).
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


def _verified(distance: float, service: CatalogueService) -> list[tuple[int, str | None, str | None, float | None]]:
    result = service.link_options(end_a=QSFP28, end_b=QSFP28, rate_gbps=100, distance_m=distance, protocol=ETHERNET)
    return [(o.rank, o.pmd, o.fiber_type, o.reach_m) for o in result.options if o.reach_basis != "unverified"]


def test_lr1_before_lr4_at_an_equal_reach(service: CatalogueService) -> None:
    assert _verified(5000, service) == [
        (1, "100GBASE-LR1", "OS2", 10000.0),
        (2, "100GBASE-LR4", "OS2", 10000.0),
    ]


def test_fr1_before_cwdm4_at_an_equal_reach(service: CatalogueService) -> None:
    assert _verified(2000, service) == [
        (1, "100GBASE-FR1", "OS2", 2000.0),
        (2, "100G-CWDM4", "OS2", 2000.0),
        (3, "100GBASE-LR1", "OS2", 10000.0),  # LR1's 8 km margin before the 2 km LR4 part's none
        (4, "100GBASE-LR4", "OS2", 2000.0),  # 100G-LR4-QSFP2KM, its own 2 km reach
    ]


def test_100gbase_sr4_is_not_offered_over_om1_or_om2(service: CatalogueService) -> None:
    result = service.link_options(end_a=QSFP28, end_b=QSFP28, rate_gbps=100, distance_m=50, protocol=ETHERNET)
    sr4 = [(o.fiber_type, o.reach_basis) for o in result.options if o.pmd == "100GBASE-SR4"]
    # OM5 100 m rests on a secondary copy only: standard_secondary
    assert sr4 == [("OM4", "standard"), ("OM5", "standard_secondary"), ("OM3", "standard")]
