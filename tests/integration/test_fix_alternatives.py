"""checkLink on the real catalogue: the fixes and alternatives of two trial defects.

- An HDR QSFP56 DAC between two EDR QSFP28 cages (ConnectX-4 MCX455A-ECAT) was refused with no
  alternative: the nearest valid options are now looked up at the cages' own top rate (100 Gb/s).
- A reach fix for a QM9700 ↔ ConnectX-7 OSFP link named the switch-side MMS4X00-NM for the adapter.
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest


def test_an_hdr_dac_in_edr_cages_gets_the_edr_dacs_as_alternatives(service: CatalogueService) -> None:
    check = service.check_link(
        LinkRequest(
            end_a=EndRequest(device="MCX455A-ECAT"),
            end_b=EndRequest(device="MCX455A-ECAT"),
            distance_m=1,
            media=(FiberRequest(part_number="MCP1650-H001E30"),),
        )
    )
    assert check.verdict.valid is False
    assert {f.code for f in check.verdict.findings} >= {"FORM_FACTOR_MISMATCH", "RATE_MISMATCH"}
    assert check.alternatives, "the nearest valid options at the cages' 100 Gb/s"
    first = check.alternatives[0]
    assert first.medium.value == "DAC"
    cable = next(p for p in first.parts if p.part_number)
    found = service.repo.parts([cable.part_number or ""])
    part = next(iter(found.values()))
    assert part.rates_gbps == [100.0]  # type: ignore[union-attr]
    # the nearest is a 100 Gb/s QSFP28 1 m DAC: of the equal ones, the cards' own vendor's (NVIDIA's
    # MCP1600-C001, the rank's device-vendor tie-break) ahead of Extreme's 100G-DACP-QSFP1M (EX01) and
    # Dell's DAC-QSFP-100G-1M (HU01), which came first by part number before
    assert cable.part_number == "MCP1600-C001"
    dacs = [
        p.part_number or "" for a in check.alternatives if a.medium.value == "DAC" for p in a.parts if p.part_number
    ]
    assert any(n.startswith("MCP1600-") for n in dacs)


def test_the_reach_fix_for_a_connectx7_end_names_an_adapter_side_module(service: CatalogueService) -> None:
    check = service.check_link(
        LinkRequest(
            end_a=EndRequest(device="QM9700"),
            end_b=EndRequest(device="MCX75310AAS-NEAT"),
            distance_m=80,
            module_a="MMA4Z00-NS",
            module_b="MMA4Z00-NS400",
            media=(FiberRequest(fiber_type="OM4", connector="MPO-12/APC"),),
        ),
        alternatives=False,
    )
    reach = next(f for f in check.verdict.findings if f.code == "REACH_EXCEEDED")
    assert reach.fix == (
        "use transceivers of a longer-reach PMD: NDR DR4 (100 m over OS2 instead of OM4, e.g. MMS4X00-NM in "
        "MQM9700-NS2F "
        "and MMS4X00-NS400 in MCX75310AAS-NEAT)"
    )
