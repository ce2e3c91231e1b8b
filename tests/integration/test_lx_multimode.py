"""1000BASE-LX over multimode fiber (IEEE 802.3 clause 38, Table 38-6: 550 m over 62.5 um and 50 um
MMF with an offset-launch mode-conditioning patch cord, seed/data/pmds.yaml ``also_media: [MMF]``).

A fresh user's trial found checkLink refusing GLC-LH-SMD over OM1 with FIBER_MODE_MISMATCH ("single-mode;
use OS2") and linkOptions over a 300 m OM1 plant answering "no valid medium": the fiber-mode rule read
each PMD's primary medium only, not ``also_media``. The same run over OS2 never needed a cord.
"""

from __future__ import annotations

import pytest

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest, PlantRequest

SFP = EndRequest(form_factor="SFP")


def _check(service: CatalogueService, fiber: str, metres: float):  # type: ignore[no-untyped-def]
    return service.check_link(
        LinkRequest(
            end_a=SFP,
            end_b=SFP,
            distance_m=metres,
            module_a="GLC-LH-SMD",
            module_b="GLC-LH-SMD",
            media=[FiberRequest(fiber_type=fiber, connector="LC/UPC")],
        )
    ).verdict


@pytest.mark.parametrize("fiber", ["OM1", "OM2", "OM3"])
def test_lx_runs_550_m_over_multimode_with_a_mode_conditioning_cord(service: CatalogueService, fiber: str) -> None:
    ok = _check(service, fiber, 300)
    assert ok.valid
    assert [f.code for f in ok.findings] == ["MODE_CONDITIONING_CORD"]
    assert "FIBER_MODE_MISMATCH" not in {f.code for f in ok.findings}
    too_far = _check(service, fiber, 600)
    assert not too_far.valid
    assert [(f.code, f.message) for f in too_far.findings if f.severity.value == "error"] == [
        ("REACH_EXCEEDED", f"1000BASE-LX reaches 550 m over {fiber}; the fiber path is 600 m")
    ]


def test_lx_over_os2_needs_no_cord(service: CatalogueService) -> None:
    verdict = _check(service, "OS2", 300)
    assert verdict.valid and verdict.findings == ()


def test_a_300_m_om1_plant_at_1_gbps_is_offered_lx(service: CatalogueService) -> None:
    """1000BASE-SX reaches 275 m over OM1 (62.5 um, 200 MHz km): at 300 m only LX with cords remains."""
    answer = service.link_options(
        end_a=SFP,
        end_b=SFP,
        rate_gbps=1,
        distance_m=300,
        plant=PlantRequest(fiber_type="OM1", connector="LC/UPC"),
    )
    assert [(o.pmd, o.fiber_type, o.reach_m) for o in answer.options] == [("1000BASE-LX", "OM1", 550.0)]
    assert [f.code for f in answer.options[0].verdict.findings] == ["MODE_CONDITIONING_CORD"]
