"""40GBASE-LR4 between two QSFP+ cages: over OS2, the clause's own fiber, before over OS1a.

IEEE 802.3 cl. 87 gives 40GBASE-LR4 10 km over single-mode cabled fiber of 0.4 dB/km (OS2); the
4 km over OS1a is the TIA FOTC table's informative figure (E16; pmds.yaml: "informative only").
Practitioner trial: at 1500 m the OS1a option (Extreme's 10 km 40G-LR4-QSFP10KM, reach 4000 m,
margin 2500 m) ranked before the OS2 one, whose named part is the smallest sufficient module
(ALE's 2 km "lite" QSFP-40G-CLR, margin 500 m) with the 10 km modules among its alternatives. A
network engineer lays OS2 for LR4: rank step 8 puts an option over a grade the PMD's standard
lists only informatively after one over the clause's fiber, before the margin decides. A last
session's fix (margin of the best alternative, reverted in e544ebd) moved multimode options too;
this one touches only PMDs with an informative row (every one of them OS1a).
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest

QSFP = EndRequest(form_factor="QSFP+")

LR4_10KM = (
    "40G-LR4-QSFP10KM",
    "E40GQSFPLR",
    "FN-TRAN-QSFP+LR",
    "JH232A",
    "MC2210511-LR4",
    "QSFP-40G-LR",
    "QSFP-40G-LR4",
    "QSFP-40G-LR4-S",
)


def _rows(service: CatalogueService, distance_m: float) -> list[tuple[object, ...]]:
    result = service.link_options(end_a=QSFP, end_b=QSFP, rate_gbps=40, distance_m=distance_m)
    return [(o.rank, o.pmd, o.fiber_type, o.parts[0].part_number, o.reach_m, o.margin_m) for o in result.options]


def test_at_1500_m_lr4_over_os2_leads_though_its_lite_module_leaves_less_margin(service: CatalogueService) -> None:
    assert _rows(service, 1500) == [
        (1, "40GBASE-LR4", "OS2", "QSFP-40G-CLR", 2000.0, 500.0),  # ALE's 2 km LR4 "lite", smallest sufficient
        (2, "40GBASE-LR4", "OS1a", "40G-LR4-QSFP10KM", 4000.0, 2500.0),  # OS1a's informative 4 km (E16)
        # 40GBASE-ER4 comes after (longer nominal reach, step 6; ATTENUATOR_REQUIRED on a 1.5 km run, step 3)
        (3, "40GBASE-ER4", "OS2", "Q9G82A", 40000.0, 38500.0),
        (4, "40GBASE-ER4", "OS1a", "10335", 15000.0, 13500.0),
    ]
    result = service.link_options(end_a=QSFP, end_b=QSFP, rate_gbps=40, distance_m=1500)
    os2 = result.options[0]
    # the 10 km modules are the OS2 option's alternatives at both ends: the fiber carries 10 km
    assert [(p.role, p.alternatives) for p in os2.parts if p.role.startswith("module")] == [
        ("module_a", LR4_10KM),
        ("module_b", LR4_10KM),
    ]
    assert (os2.reach_basis, os2.verdict.valid, os2.verdict.findings) == ("sourced", True, ())


def test_at_150_m_lr4_over_os2_also_before_os1a(service: CatalogueService) -> None:
    lr4 = [r for r in _rows(service, 150) if r[1] == "40GBASE-LR4"]
    # multimode first (step 4): 40G-SR-BD and 40GBASE-SR4 over OM4/OM5 take ranks 1-3
    assert lr4 == [
        (4, "40GBASE-LR4", "OS2", "QSFP-40G-CLR", 2000.0, 1850.0),
        (5, "40GBASE-LR4", "OS1a", "40G-LR4-QSFP10KM", 4000.0, 3850.0),
    ]


def test_at_4_km_lr4_over_os2_led_already_with_a_10_km_module(service: CatalogueService) -> None:
    # beyond the 2 km part the smallest sufficient OS2 module is a 10 km one (margin 6000 m); OS1a's
    # informative 4 km is just met (margin 0)
    assert _rows(service, 4000) == [
        (1, "40GBASE-LR4", "OS2", "QSFP-40G-LR", 10000.0, 6000.0),
        (2, "40GBASE-LR4", "OS1a", "40G-LR4-QSFP10KM", 4000.0, 0.0),
        (3, "40GBASE-ER4", "OS2", "Q9G82A", 40000.0, 36000.0),
        (4, "40GBASE-ER4", "OS1a", "10335", 15000.0, 11000.0),
    ]
