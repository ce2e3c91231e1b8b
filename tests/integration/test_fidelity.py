"""Wrong or weak answers a new-user trial found on main, each pinned with the values an engineer checks.

Ranking, protocol-aware PMD names, 800GBASE-DR8's connector, rejected-candidate counts (see each
class's docstring for the source of the expected answer).
"""

from __future__ import annotations

from service.domain.link import MediumKind
from service.use_cases import CatalogueService, EndRequest

SFP = EndRequest(form_factor="SFP+")
QM8700 = EndRequest(device="QM8700")
CX6 = EndRequest(device="MCX653105A-ECAT")


class TestRanking:
    """The order an engineer picks in: copper where it reaches, then the shortest part that covers
    the run, then optics by the PMD that suits the medium."""

    def test_at_10g_over_100_m_sr_ranks_above_lrm(self, service: CatalogueService) -> None:
        """10GBASE-SR (850 nm, IEEE 802.3 cl. 52: 300 m OM3, 400 m OM4) is the standard answer for
        100 m of laser-optimised multimode; 10GBASE-LRM (1310 nm, cl. 68, 220 m) is for legacy
        OM1/OM2 plant and costs more: every SR option ranks before every LRM one."""
        result = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=100)
        mmf = [
            (o.pmd, o.fiber_type, o.reach_m, o.margin_m)
            for o in result.options
            if o.medium is MediumKind.MULTIMODE_FIBER
        ]
        assert mmf == [
            ("10GBASE-SR", "OM4", 400.0, 300.0),
            ("10GBASE-SR", "OM5", 400.0, 300.0),
            ("10GBASE-SR", "OM3", 300.0, 200.0),
            ("10GBASE-LRM", "OM1", 220.0, 120.0),
            ("10GBASE-LRM", "OM2", 220.0, 120.0),
            ("10GBASE-LRM", "OM3", 220.0, 120.0),
        ]
        assert [o.rank for o in result.options][:6] == [1, 2, 3, 4, 5, 6]

    def test_at_2_m_a_30_m_aoc_ranks_after_the_3_m_one(self, service: CatalogueService) -> None:
        """QM8700 to ConnectX-6 at 100 Gb/s over 2 m: the 2 m DACs first, then the 3 m AOC; the
        30 m MFS1S50-H030V (28 m of slack to coil) comes after it, not above it by "margin"."""
        result = service.link_options(end_a=QM8700, end_b=CX6, rate_gbps=100, distance_m=2)
        copper_and_aoc = [
            (o.rank, o.medium, o.link.cable.part_number if o.link.cable else None, o.reach_m)
            for o in result.options
            if o.link.cable is not None
        ]
        assert copper_and_aoc == [
            (1, MediumKind.PASSIVE_COPPER, "MCP1600-E002", 2.0),
            (2, MediumKind.PASSIVE_COPPER, "MCP7H50-H002R26", 2.0),
            (3, MediumKind.ACTIVE_OPTICAL, "MFA1A00-E003", 3.0),
            (4, MediumKind.ACTIVE_OPTICAL, "MFS1S50-H030V", 30.0),
        ]
