"""linkOptions / checkLink over the NVIDIA copper added on the nvc branch (issue 11), on the real
seeded graph.

    QFX5100-24Q (QSFP+, split 4x10G) ══ 1 m ══< 4 × QFX5110-48S SFP+ at 10 Gb/s → MC2609130-001
    QFX5100-24Q ══ 3 m ══< 4 × SFP+   → MC2609130-003 beside HPE 721064-B21 and Cisco QSFP-4SFP10G-CU3M
    QFX5100-24Q ══ 4 m ══< 4 × SFP+   → only the 5 m lengths: MC2609125-005, QSFP-4SFP10G-CU5M
    checkLink: MC2609130-003 fanned out to four SFP+ ports is valid at 4 × 10 Gb/s; over 4 m it is
    CABLE_LENGTH_LIMIT (the family stops at 3 m)

Sources: Mellanox's breakout-cable article (NC02: MC2609130-001 1 m, -003 3 m, MC2609125-005 5 m,
"ETH 40GbE to 4x10GbE, QSFP to 4xSFP+"); the QFX5100-24Q's QSFP+ ports channelize to 4 x 10G (B13).
"""

from __future__ import annotations

import pytest

from service.domain.link import MediumKind
from service.use_cases import CatalogueService, EndRequest, FanOutLegRequest, FiberRequest, LinkRequest

QFX5100 = EndRequest(device="QFX5100-24Q")
QFX5110_SFPP = EndRequest(device="QFX5110-48S", cage="sfpp")


def _options(service: CatalogueService, distance_m: float) -> list[tuple[str, tuple[str, ...]]]:
    """The valid passive copper options at 10 Gb/s that rest on no unverified rate (through a QSA in the
    QFX5100's QSFP+ cage, 10 Gb/s is not stated: RATE_UNVERIFIED), each with its cable's alternatives."""
    options = service.link_options(end_a=QFX5100, end_b=QFX5110_SFPP, rate_gbps=10, distance_m=distance_m).options
    return [
        (o.summary, o.parts[0].alternatives)
        for o in options
        if o.medium is MediumKind.PASSIVE_COPPER
        and o.verdict.valid
        and "RATE_UNVERIFIED" not in {f.code for f in o.verdict.findings}
    ]


def _fan_out(distance_m: float) -> LinkRequest:
    return LinkRequest(
        end_a=QFX5100,
        end_b=EndRequest(),
        distance_m=distance_m,
        media=(FiberRequest(part_number="MC2609130-003"),),
        fan_out=tuple(FanOutLegRequest(end=QFX5110_SFPP) for _ in range(4)),
    )


class TestFortyGigBreakoutDacs:
    def test_a_1_m_breakout_is_offered_the_1_m_cables_first(self, service: CatalogueService) -> None:
        """Each family's shortest length that covers the run, one option per cable class: the 1 m
        QSFP+ to 4 x SFP+ passive splitters of Extreme (40G-DACP-QSFP4SFP1M, EX01 p. 8: 1, 2, 3, 5 m),
        Dell (HU01), NVIDIA (MC2609130-001), Cisco and ALE (FG01) are one option (the Juniper ends have
        no Juniper cable to prefer: the first part number); HPE's and MC2609125's only lengths (3 m,
        5 m) after it."""
        assert _options(service, 1) == [
            (
                "DAC 40G-DACP-QSFP4SFP1M (1 m)",
                ("49Y7886", "DAC-QSFP-4SFP-10G-1M", "MC2609130-001", "QSFP-4SFP10G-CU1M", "QSFP-4X10G-C1M"),
            ),
            ("DAC 721064-B21 (3 m)", ()),
            ("DAC MC2609125-005 (5 m)", ()),
        ]

    def test_a_3_m_breakout_is_offered_the_3_m_cables_then_the_5_m(self, service: CatalogueService) -> None:
        assert _options(service, 3) == [
            (
                "DAC 40G-DACP-QSFP4SFP3M (3 m)",  # Extreme (EX01); HPE, Dell, NVIDIA, Cisco, ALE alike
                (
                    "49Y7887",
                    "721064-B21",
                    "DAC-QSFP-4SFP-10G-3M",
                    "MC2609130-003",
                    "QSFP-4SFP10G-CU3M",
                    "QSFP-4X10G-C3M",
                ),
            ),
            ("DAC MC2609125-005 (5 m)", ()),
        ]

    def test_past_3_m_only_the_5_m_breakout_dacs_answer(self, service: CatalogueService) -> None:
        assert _options(service, 4) == [
            (
                "DAC 40G-DACP-QSFP4SFP5M (5 m)",  # Extreme (EX01); Dell, NVIDIA, Cisco, ALE alike
                ("49Y7888", "DAC-QSFP-4SFP-10G-5M", "MC2609125-005", "QSFP-4SFP10G-CU5M", "QSFP-4X10G-C5M"),
            ),
        ]


class TestCheckingTheBreakout:
    def test_mc2609130_003_fanned_out_to_four_sfp_plus_ports_is_valid(self, service: CatalogueService) -> None:
        check = service.check_link(_fan_out(3))
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.ports, check.verdict.aggregate_gbps) == (
            True,
            10.0,
            4,
            40.0,
        )
        assert check.part_numbers() == ("MC2609130-003",)
        split = next(f for f in check.verdict.findings if f.code == "CONFIG_PREREQUISITE")
        assert split.message == (
            "QFX5100-24Q: the port must be put in split mode 4x10G before MC2609130-003 links "
            "(4 legs × 10 Gb/s); an unsplit port does not bring the legs up"
        )

    @pytest.mark.parametrize("distance_m", [4, 5])
    def test_the_3_m_cable_over_a_longer_run_is_refused(self, service: CatalogueService, distance_m: float) -> None:
        check = service.check_link(_fan_out(distance_m), alternatives=False)
        assert (check.verdict.valid, check.verdict.error_codes) == (False, ("CABLE_LENGTH_LIMIT",))
        limit = next(f for f in check.verdict.findings if f.code == "CABLE_LENGTH_LIMIT")
        assert (limit.message, limit.limit) == (f"the MC2609130 family goes up to 3 m; the run is {distance_m} m", 3.0)
