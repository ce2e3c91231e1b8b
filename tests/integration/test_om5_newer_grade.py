"""OM5 under a reach table that predates it (practitioner trial: 25GBASE-SR refused over an OM5 plant).

IEEE 802.3by clause 112 lists 25GBASE-SR over OM3 (70 m) and OM4 (100 m) only (S29): it was written
as OM5 (TIA-492AAAE, 2016) was being standardised. OM5 has OM4's 4700 MHz·km effective modal
bandwidth at 850 nm (fiber_types.yaml, S30/E11), so the table's silence does not exclude it: the
catalogue holds no OM5 figure, so an OM5 run is REACH_UNVERIFIED (a warning, never "not specified"),
bounded through the modal-bandwidth scaling by OM4's 100 m (ratio 1). OM1/OM2, which the same complete
table omits and which carry far less bandwidth, stay refused.
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest, PlantRequest

SFP28 = EndRequest(form_factor="SFP28")


def _sr_pair(grade: str, distance: float) -> LinkRequest:
    return LinkRequest(
        end_a=SFP28,
        end_b=SFP28,
        distance_m=distance,
        module_a="SFP-25G-SR-S",
        module_b="SFP-25G-SR-S",
        media=(FiberRequest(fiber_type=grade, connector="LC/UPC"),),
    )


def _codes(check, severity: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.code for f in check.verdict.findings if f.severity.value == severity]


def test_25gbase_sr_over_80_m_of_om5_is_unverified_not_refused(service: CatalogueService) -> None:
    check = service.check_link(_sr_pair("OM5", 80), alternatives=False)
    assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 25.0)
    assert _codes(check, "error") == []
    assert "REACH_UNVERIFIED" in _codes(check, "warning")


def test_beyond_om4s_100_m_the_om5_run_is_refused_on_the_bandwidth_bound(service: CatalogueService) -> None:
    check = service.check_link(_sr_pair("OM5", 150), alternatives=False)
    assert check.verdict.valid is False
    [exceeded] = [f for f in check.verdict.findings if f.code == "REACH_EXCEEDED"]
    assert exceeded.limit == 100.0
    assert exceeded.message == (
        "the catalogue holds no reach for 25GBASE-SR over OM5, but OM5's effective modal bandwidth at 850 nm is "
        "OM4's (4700 MHz·km), over which 25GBASE-SR reaches 100 m; the fiber path is 150 m"
    )


def test_om2_which_the_complete_table_omits_stays_refused(service: CatalogueService) -> None:
    check = service.check_link(_sr_pair("OM2", 30), alternatives=False)
    assert check.verdict.valid is False
    assert _codes(check, "error") == ["REACH_EXCEEDED"]


def test_an_om5_plant_at_25g_is_offered_25gbase_sr(service: CatalogueService) -> None:
    result = service.link_options(
        end_a=SFP28,
        end_b=SFP28,
        rate_gbps=25,
        distance_m=80,
        plant=PlantRequest(fiber_type="OM5", connector="LC/UPC"),
    )
    sr = [o for o in result.options if o.pmd == "25GBASE-SR"]
    assert [(o.fiber_type, o.verdict.valid) for o in sr] == [("OM5", True)]
    assert "REACH_UNVERIFIED" in {f.code for f in sr[0].verdict.findings}
