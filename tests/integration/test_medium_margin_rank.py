"""Rank step 8 compares the margin the option's parts can give, not only the part named (fresh-user
trial: between two QSFP+ cages at 150 m, 40GBASE-LR4 over OS1a, 4 km, ranked before 40GBASE-LR4 over
OS2 because the OS2 option names the smallest sufficient module, ALE's 2 km QSFP-40G-CLR, whose own
reach is 2 km; its alternatives include 10 km modules, and OS2 is the better fiber)."""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest

QSFP = EndRequest(form_factor="QSFP+")


def test_40gbase_lr4_over_os2_ranks_before_it_over_os1a(service: CatalogueService) -> None:
    result = service.link_options(end_a=QSFP, end_b=QSFP, rate_gbps=40, distance_m=150)
    lr4 = [o for o in result.options if o.pmd == "40GBASE-LR4"]
    assert [(o.fiber_type, o.reach_m, o.parts[0].part_number) for o in lr4] == [
        ("OS2", 2000.0, "QSFP-40G-CLR"),
        ("OS1a", 4000.0, "40G-LR4-QSFP10KM"),
    ]
    # the OS2 option names the 2 km module and offers the 10 km ones as alternatives
    assert "40G-LR4-QSFP10KM" in lr4[0].parts[0].alternatives
    assert lr4[0].rank < lr4[1].rank
