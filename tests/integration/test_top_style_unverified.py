"""TOP_STYLE_UNVERIFIED: an OSFP plug whose top style no catalogue source states, in a cage that takes
one top style only, is never a silent "fits" (fresh-user finding: Dell's DAC-O112-800G-2M between two
finned SN5600 cages, Arista's OSFP-400G-DR4 in a flat-top riding-heat-sink cage, said nothing).

Sources: the SN5600's OSFP cages are finned (N21, NVIDIA LinkX overview, Connectors and Cages); a
flat-top bare end is the user's statement; Dell's OSFP112 DAC spec sheet (HU01) and Arista's optics
list state no top style.
The link is not rejected for it (a warning): the top style is unknown, not wrong.
"""

from __future__ import annotations

from service.domain.catalogue import TopStyle
from service.domain.link import Severity
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SN5600 = EndRequest(device="SN5600")
FLAT = EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT, ports=1)


def test_a_dac_of_unknown_top_style_between_finned_switch_cages_is_valid_with_a_warning_per_end(
    service: CatalogueService,
) -> None:
    check = service.check_link(
        LinkRequest(
            end_a=SN5600,
            end_b=SN5600,
            distance_m=2,
            media=(FiberRequest(part_number="DAC-O112-800G-2M"),),
        ),
        alternatives=False,
    )
    assert check.verdict.valid
    top = [f for f in check.verdict.findings if f.code.startswith("TOP_STYLE")]
    assert [(f.code, f.severity, f.parts) for f in top] == [
        ("TOP_STYLE_UNVERIFIED", Severity.WARNING, ("DAC-O112-800G-2M end A",)),
        ("TOP_STYLE_UNVERIFIED", Severity.WARNING, ("DAC-O112-800G-2M end B",)),
    ]
    assert top[0].message == (
        "no source in the catalogue states whether DAC-O112-800G-2M end A is finned or flat-top; "
        "the OSFP cage of SN5600 takes finned-top only"
    )
    assert top[0].fix == (
        "confirm with the part's vendor that DAC-O112-800G-2M end A is finned-top, "
        "or use a part documented finned-top in SN5600"
    )
    # the document that states the cage's top style, then the part's own sources
    assert top[0].source_ids == ("N21", "HU01")


def test_nvidias_documented_finned_dac_gets_no_top_style_finding(service: CatalogueService) -> None:
    check = service.check_link(
        LinkRequest(
            end_a=SN5600,
            end_b=SN5600,
            distance_m=2,
            media=(FiberRequest(part_number="MCP4Y10-N002"),),
        ),
        alternatives=False,
    )
    assert check.verdict.valid
    assert [f.code for f in check.verdict.findings if f.code.startswith("TOP_STYLE")] == []


def test_a_module_of_unknown_top_style_in_a_flat_top_cage_is_flagged_and_a_flat_one_is_not(
    service: CatalogueService,
) -> None:
    def top_codes(module: str) -> list[tuple[str, tuple[str, ...]]]:
        check = service.check_link(
            LinkRequest(
                end_a=FLAT,
                end_b=FLAT,
                distance_m=30,
                module_a=module,
                module_b="MMS4X00-NS400",
                media=(FiberRequest(fiber_type="OS2", connector="MPO-12/APC"),),
            ),
            alternatives=False,
        )
        return [(f.code, f.parts) for f in check.verdict.findings if f.code.startswith("TOP_STYLE")]

    assert top_codes("OSFP-400G-DR4") == [("TOP_STYLE_UNVERIFIED", ("OSFP-400G-DR4",))]
    assert top_codes("MMS4X00-NS400") == []


def test_a_bare_end_without_a_top_style_checks_nothing(service: CatalogueService) -> None:
    check = service.check_link(
        LinkRequest(
            end_a=EndRequest(form_factor="OSFP"),
            end_b=EndRequest(form_factor="OSFP"),
            distance_m=2,
            media=(FiberRequest(part_number="DAC-O112-800G-2M"),),
        ),
        alternatives=False,
    )
    assert [f.code for f in check.verdict.findings if f.code.startswith("TOP_STYLE")] == []


def test_link_options_flags_the_option_and_keeps_its_rank(service: CatalogueService) -> None:
    """Between two SN5600s at 2 m, NVIDIA's MCP4Y10-N002 (finned, N10) stays first and carries no top
    style finding; Dell's DAC-O112-800G-2M stays second, now with a warning per end."""
    result = service.link_options(end_a=SN5600, end_b=SN5600, rate_gbps=800, distance_m=2)
    first, second = result.options[:2]
    assert [p.part_number for p in first.parts] == ["MCP4Y10-N002"]
    assert [f.code for f in first.verdict.findings if f.code.startswith("TOP_STYLE")] == []
    assert [p.part_number for p in second.parts] == ["DAC-O112-800G-2M"]
    assert [f.code for f in second.verdict.findings if f.code.startswith("TOP_STYLE")] == [
        "TOP_STYLE_UNVERIFIED",
        "TOP_STYLE_UNVERIFIED",
    ]
