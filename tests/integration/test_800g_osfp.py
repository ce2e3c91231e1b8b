"""800 Gb/s between two 800G OSFP cages (issue 11, Done-when): a twin-port OSFP module pair whose
two 400 Gb/s ports each carry one link over their own fiber (2xSR4, 2xDR4, 2xFR4), answered by
``linkOptions`` and ``checkLink`` as RATE_AGGREGATED (info), on the real seeded graph.

Sources: NVIDIA MMA4Z00-NS (2xSR4, 50 m over the MFP7E10 straight MPO-12/APC OM4 fiber),
MMS4X00-NS (2xDR4, 100 m), MMS4X50-NM (2xFR4, 2 km) product specifications; "Switch-to-switch at
800Gb/s ... using a single transceiver in each switch" (NVIDIA MMS4X50-NM application overview);
NVIDIA SN5000 data interfaces (SN5600 OSFP cage: 1 x 800 / 2 x 400 GbE).

    [OSFP] == MMA4Z00-NS ==(MFP7E10-N050)==(MFP7E10-N050)== MMA4Z00-NS == [OSFP]   2 x 400 = 800 Gb/s
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Protocol
from service.domain.link import Severity
from service.pmd_level import is_generic
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

OSFP = EndRequest(form_factor="OSFP")
OPTIONS = [
    (
        "400G-SR4: MMA4Z00-NS + MFP7E10-N050 + MMA4Z00-NS, reach 50 m over OM4",
        [
            ("module_a", "MMA4Z00-NS"),
            ("fiber", "MFP7E10-N050"),
            ("fiber", "MFP7E10-N050"),
            ("module_b", "MMA4Z00-NS"),
        ],
        0.0,
    ),
    (
        "400G-DR4: MMS4X00-NS + OS2 MPO-12/APC + MMS4X00-NS, reach 100 m over OS2",
        [("module_a", "MMS4X00-NS"), ("fiber", None), ("fiber", None), ("module_b", "MMS4X00-NS")],
        50.0,
    ),
    (
        "400GBASE-FR4: MMS4X50-NM + OS2 LC/UPC + MMS4X50-NM, reach 2000 m over OS2",
        [("module_a", "MMS4X50-NM"), ("fiber", None), ("fiber", None), ("module_b", "MMS4X50-NM")],
        1950.0,
    ),
]
# An Ethernet answer names the Ethernet PMDs of NVIDIA's dual-protocol optics (400GbE SR4/DR4, N01/N20;
# the CWDM4 2xFR4 engines link to 400G FR4 QSFP-DD modules, N23: IEEE 400GBASE-FR4). 400GBASE-FR4's
# reach table holds no OS1a figure, so OS1a is offered after every verified option (the PMD-level ones
# included: DESIGN ranks unverified options after verified ones), REACH_UNVERIFIED.
UNVERIFIED = [
    (
        "400GBASE-FR4: MMS4X50-NM + OS1a LC/UPC + MMS4X50-NM",
        [("module_a", "MMS4X50-NM"), ("fiber", None), ("fiber", None), ("module_b", "MMS4X50-NM")],
        None,
    ),
]
# After every option that names its parts, the PMD-level answers (service.pmd_level): IEEE
# 800GBASE-SR8 (reach rows OM4 100 m / OM3 60 m, secondary source S44) and 800GBASE-DR8, with no
# orderable OSFP part loaded.
GENERIC = [
    (
        "800GBASE-SR8: any 800GBASE-SR8 OSFP + OM4 MPO-16/UPC + any 800GBASE-SR8 OSFP, reach 100 m over OM4",
        [("module_a", None), ("fiber", None), ("module_b", None)],
        50.0,
    ),
    (
        "800GBASE-SR8: any 800GBASE-SR8 OSFP + OM3 MPO-16/UPC + any 800GBASE-SR8 OSFP, reach 60 m over OM3",
        [("module_a", None), ("fiber", None), ("module_b", None)],
        10.0,
    ),
    # 800GBASE-DR8: MPO-16/APC (S34, FD01), 500 m over OS2 and 250 m over OS1a (informative, S34).
    (
        "800GBASE-DR8: any 800GBASE-DR8 OSFP + OS2 MPO-16/APC + any 800GBASE-DR8 OSFP, reach 500 m over OS2",
        [("module_a", None), ("fiber", None), ("module_b", None)],
        450.0,
    ),
    (
        "800GBASE-DR8: any 800GBASE-DR8 OSFP + OS1a MPO-16/APC + any 800GBASE-DR8 OSFP, reach 250 m over OS1a",
        [("module_a", None), ("fiber", None), ("module_b", None)],
        200.0,
    ),
]


class TestLinkOptions800GOsfp:
    @pytest.mark.parametrize(
        ("end_a", "end_b", "protocol"),
        [(OSFP, OSFP, Protocol.ETHERNET), (EndRequest(device="SN5600"), EndRequest(device="SN5600"), None)],
    )
    def test_at_50_m_the_2xsr4_2xdr4_and_2xfr4_twin_port_pairs_over_two_fibers(
        self, service: CatalogueService, end_a: EndRequest, end_b: EndRequest, protocol: Protocol | None
    ) -> None:
        result = service.link_options(end_a=end_a, end_b=end_b, rate_gbps=800, distance_m=50, protocol=protocol)
        answer = [(o.summary, [(p.role, p.part_number) for p in o.parts], o.margin_m) for o in result.options]
        assert answer == OPTIONS + GENERIC + UNVERIFIED
        assert [is_generic(o.link.module_a) for o in result.options] == [False] * 3 + [True] * 4 + [False]
        # Two SN5600s (Spectrum-4) over 100 Gb/s PAM4 lanes must also auto-negotiate (FE01).
        notes = ["AUTONEG_REQUIRED"] if end_a.device == "SN5600" else []
        for option in result.options[: len(OPTIONS)]:
            info, *rest = option.verdict.findings
            assert (info.code, info.severity, info.limit) == ("RATE_AGGREGATED", Severity.INFO, 400.0)
            assert [f.code for f in rest] == notes
            # One module at each end serves the one 800 Gb/s link; two fibers, one per port.
            assert [p.links_served for p in option.parts if p.role.startswith("module")] == [1, 1]

    def test_every_option_checks_valid_as_the_same_chain(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=OSFP, end_b=OSFP, rate_gbps=800, distance_m=50, protocol=Protocol.ETHERNET)
        for option in result.options:
            if is_generic(option.link.module_a):
                continue  # a PMD-level option names no part to paste into checkLink
            check = service.check_link(LinkRequest.of(option.link), alternatives=False)
            assert check.verdict.valid, option.summary
            assert sorted(f.code for f in check.verdict.findings) == sorted(f.code for f in option.verdict.findings)
            assert "RATE_AGGREGATED" in [f.code for f in check.verdict.findings]

    def test_the_xdr_twin_port_pair_runs_800_per_port_and_is_no_aggregate(self, service: CatalogueService) -> None:
        """Between two bare OSFP cages with no protocol named, the XDR module pair (800 Gb/s per
        port, InfiniBand) is also an answer, over one fiber and with no aggregate finding. With no
        port count, a twin-port module is no alternative to a single-port one (it serves two links per
        cage, not one), so each kind and the mixed pair (a twin-port switch cage to a single-port NIC
        cage) are options of their own, the mixed pair once: both ends were asked alike."""
        result = service.link_options(end_a=OSFP, end_b=OSFP, rate_gbps=800, distance_m=50)
        xdr = [o for o in result.options if o.pmd == "XDR DR4"]
        assert [(o.summary, [f.code for f in o.verdict.findings]) for o in xdr] == [
            ("XDR DR4: 980-9IAH1-00XM00 + OS2 MPO-12/APC + 980-9IAH1-00XM00, reach 500 m over OS2", []),
            ("XDR DR4: 980-9IAH1-00XM00 + OS2 MPO-12/APC + MMS4A20, reach 500 m over OS2", []),
            ("XDR DR4: MMS4A20 + OS2 MPO-12/APC + MMS4A20, reach 500 m over OS2", []),
        ]
        assert [[p.links_served for p in o.parts if p.role.startswith("module")] for o in xdr] == [
            [2, 2],
            [2, 1],
            [1, 1],
        ]


class TestCheckLink800GOsfp:
    def test_one_fiber_carries_one_400g_port_so_800_is_a_rate_mismatch(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=OSFP,
                end_b=OSFP,
                distance_m=50,
                module_a="MMA4Z00-NS",
                module_b="MMA4Z00-NS",
                media=(FiberRequest(part_number="MFP7E10-N050"),),
                rate_gbps=800,
            ),
            alternatives=False,
        )
        assert not check.verdict.valid
        [mismatch] = [f for f in check.verdict.findings if f.severity == Severity.ERROR]
        assert (mismatch.code, mismatch.limit) == ("RATE_MISMATCH", 400.0)

    def test_two_fibers_carry_800_as_two_400g_links(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=OSFP,
                end_b=OSFP,
                distance_m=50,
                module_a="MMA4Z00-NS",
                module_b="MMA4Z00-NS",
                media=(FiberRequest(part_number="MFP7E10-N050"), FiberRequest(part_number="MFP7E10-N050")),
                rate_gbps=800,
            ),
            alternatives=False,
        )
        assert check.verdict.valid
        [info] = check.verdict.findings
        assert info.code == "RATE_AGGREGATED"
        assert info.message.startswith("800 Gb/s runs as 2 x 400 Gb/s, one link per port of MMA4Z00-NS")


class TestTwinPortDacAt800:
    """New-user trial: 800 Gb/s between two SN5600s at 2 m answered optics only, though NVIDIA's
    MCP4Y10 twin-port 2 x 400 Gb/s OSFP DAC ("switch-to-switch", both ends finned, up to 2 m; N09)
    is the standard medium: a twin-port to twin-port cable carries 800 as 2 x 400 Gb/s, as a
    twin-port transceiver pair does (RATE_AGGREGATED). It is offered between twin-port cages only."""

    def test_at_2_m_the_twin_port_dac_comes_first(self, service: CatalogueService) -> None:
        sn5600 = EndRequest(device="SN5600")
        result = service.link_options(end_a=sn5600, end_b=sn5600, rate_gbps=800, distance_m=2)
        first = result.options[0]
        assert [(p.role, p.part_number) for p in first.parts] == [("cable", "MCP4Y10-N002")]
        assert (first.verdict.rate_gbps, first.verdict.ports, first.verdict.aggregate_gbps) == (400.0, 2, 800.0)
        assert "RATE_AGGREGATED" in [f.code for f in first.verdict.findings]

    def test_beyond_2_m_the_dac_is_not_offered(self, service: CatalogueService) -> None:
        sn5600 = EndRequest(device="SN5600")
        result = service.link_options(end_a=sn5600, end_b=sn5600, rate_gbps=800, distance_m=3)
        assert not any(p.part_number and p.part_number.startswith("MCP4Y10") for o in result.options for p in o.parts)

    def test_not_between_single_port_800g_cages(self, service: CatalogueService) -> None:
        # Q3400 to ConnectX-8: single-port 800 Gb/s (XDR) cages; a 2 x 400 cable is no candidate at all.
        result = service.link_options(
            end_a=EndRequest(device="Q3400-RA"),
            end_b=EndRequest(device="C8180"),
            rate_gbps=800,
            distance_m=2,
            explain=True,
        )
        named = {p.part_number for o in (*result.options, *result.rejected) for p in o.parts}
        assert not any(n and n.startswith("MCP4Y10") for n in named)
