"""What ``linkOptions`` answers with the XDR switch-to-switch copper of the nvf branch (issue 11).

NVIDIA's MCA4K50 (NF05, NF06: secondary snapshot of NVIDIA's LinkX hub) is an IHS-to-IHS twin-port
1.6T OSFP active copper cable, 1 to 3 m, InfiniBand XDR; NVIDIA's XDR list (N37): finned (IHS) parts
only in the air-cooled Q3400 / Q3200, no passive DAC or AOC at 200G-PAM4.

    Q3400-RA [OSFP, finned, 2 x 800] == 980-9IAM3-00X02A (2.5 m ACC) == [OSFP, finned, 2 x 800] Q3400-RA
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest, LinkOptionsResult


def _verified(result: LinkOptionsResult) -> list:  # type: ignore[type-arg]
    """The options with no unverified rate: 400 Gb/s (NDR parts) in the Q3400's XDR cages is not stated
    by its source, so those options follow as RATE_UNVERIFIED."""
    return [o for o in result.options if "RATE_UNVERIFIED" not in {f.code for f in o.verdict.findings}]


def _options(service: CatalogueService, distance_m: float) -> LinkOptionsResult:
    return service.link_options(
        end_a=EndRequest(device="Q3400-RA"),
        end_b=EndRequest(device="Q3400-RA"),
        rate_gbps=800,
        distance_m=distance_m,
    )


class TestQ3400ToQ3400:
    def test_at_2_3_m_the_shortest_sufficient_mca4k50_length_first_then_the_xdr_dr4_pair(
        self, service: CatalogueService
    ) -> None:
        result = _options(service, 2.3)
        assert [[(p.role, p.part_number) for p in o.parts] for o in _verified(result)] == [
            [("cable", "980-9IAM3-00X02A")],
            [("module_a", "980-9IAH1-00XM00"), ("fiber", None), ("module_b", "980-9IAH1-00XM00")],
        ]
        assert result.options[0].summary == "ACC 980-9IAM3-00X02A (2.5 m)"

    def test_at_1_m_the_1_m_length(self, service: CatalogueService) -> None:
        result = _options(service, 1.0)
        assert result.options[0].summary == "ACC 980-9IAM5-00X001 (1 m)"

    def test_beyond_3_m_no_copper_only_the_xdr_dr4_pair(self, service: CatalogueService) -> None:
        result = _options(service, 10.0)
        assert [[(p.role, p.part_number) for p in o.parts] for o in _verified(result)] == [
            [("module_a", "980-9IAH1-00XM00"), ("fiber", None), ("module_b", "980-9IAH1-00XM00")],
        ]
