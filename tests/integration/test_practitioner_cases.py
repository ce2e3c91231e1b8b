"""Practitioner cases PR01–PR06 and PR08 (/work/shared/cases/practitioner.yaml), asked of checkLink,
linkOptions, the PMD catalogue and the planner on the real, seeded graph.

Each was answered confidently wrong before issue 10 (a working link called invalid); every answer
here comes from sourced catalogue rows and the rules, never from a special case. Each test's
docstring names the case, the right answer and its sources. PR07 (devices as orderable parts) is
another issue's.
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Protocol
from service.domain.link import MediumKind, Severity
from service.planner import LinkTier
from service.planning import PlanningService, PlanRequest
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkCheck, LinkRequest

QM8700 = EndRequest(device="QM8700")
CX5_EDR = EndRequest(device="MCX555A-ECAT")
CX6_HDR100 = EndRequest(device="MCX653105A-ECAT")
CX6_HDR = EndRequest(device="MCX653105A-HDAT")
QDR_QSFP = EndRequest(form_factor="QSFP+")


def codes(check: LinkCheck) -> list[tuple[str, str]]:
    return [(f.code, f.severity.value) for f in check.verdict.findings]


def test_pr01_edr_adapter_and_edr_dac_into_an_hdr_quantum_port_links_at_edr(service: CatalogueService) -> None:
    """PR01: MCX555A-ECAT + MCP1600-E002 (EDR DAC, 2 m) into a QM8700 HDR port, InfiniBand: valid, the
    link comes up at EDR 100 Gb/s, the switch port running the older rate (RATE_NEGOTIATED).

    Sources: QM87xx ports auto-negotiate down (SuperPOD widths and rates [S21]; Quantum firmware
    notes [Q01]); NVIDIA forum: links come up at the highest common rate [S22]."""
    check = service.check_link(
        LinkRequest(
            end_a=QM8700,
            end_b=CX5_EDR,
            distance_m=2,
            media=(FiberRequest(part_number="MCP1600-E002"),),
            protocol=Protocol.INFINIBAND,
        )
    )
    assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.protocol) == (
        True,
        100.0,
        Protocol.INFINIBAND,
    )
    [negotiated] = check.verdict.findings
    assert (negotiated.code, negotiated.limit) == ("RATE_NEGOTIATED", 100.0)
    assert negotiated.message.startswith("the link runs at 100 Gb/s, the highest rate every element supports")


def test_pr01_link_options_at_100g_between_qm8700_and_an_edr_adapter_offer_the_edr_dac(
    service: CatalogueService,
) -> None:
    """PR01 (linkOptions): 100 Gb/s over 2 m, QM8700 to ConnectX-5 EDR: the EDR DAC MCP1600-E002 is
    offered (before, nothing was: the QM8700 port was loaded as 200 Gb/s only)."""
    result = service.link_options(
        end_a=QM8700, end_b=CX5_EDR, rate_gbps=100, distance_m=2, protocol=Protocol.INFINIBAND
    )
    first = result.options[0]
    assert (first.rank, first.medium, first.verdict.valid) == (1, MediumKind.PASSIVE_COPPER, True)
    assert first.parts[0].part_number == "MCP1600-E002"
    assert [f.code for f in first.verdict.findings] == ["RATE_NEGOTIATED"]


def test_pr02_an_fdr_dac_runs_qdr_between_an_edr_adapter_and_a_qdr_port(service: CatalogueService) -> None:
    """PR02: MC2207128-003 (FDR 56 Gb/s QSFP DAC) between MCX555A-ECAT and a QDR (40 Gb/s) QSFP port,
    InfiniBand: valid at 40 Gb/s. FDR cables run QDR; NVIDIA's Quantum notes say QDR needs FDR cables
    [Q01]."""
    check = service.check_link(
        LinkRequest(
            end_a=CX5_EDR,
            end_b=QDR_QSFP,
            distance_m=3,
            media=(FiberRequest(part_number="MC2207128-003"),),
            rate_gbps=40,
            protocol=Protocol.INFINIBAND,
        )
    )
    assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.error_codes) == (True, 40.0, ())


def test_pr02_the_fdr_dac_carries_the_qdr_rate_with_its_source(service: CatalogueService) -> None:
    """PR02: the FDR cable lists 40 and 56 Gb/s, the 40 backed by the Quantum firmware notes [Q01]."""
    part = service.repo.part("MC2207128-003")
    assert part.rates_gbps == [40, 56]  # type: ignore[union-attr]
    assert "Q01" in part.sources


@pytest.fixture(scope="module")
def pr03(service: CatalogueService) -> LinkCheck:
    return service.check_link(
        LinkRequest(
            end_a=QM8700,
            end_b=CX6_HDR100,
            distance_m=2,
            media=(FiberRequest(part_number="MCP7H50-H002R26"),),
            protocol=Protocol.INFINIBAND,
        )
    )


def test_pr03_an_hdr_splitter_dac_serves_two_hdr100_adapters_from_one_qm8700_port(pr03: LinkCheck) -> None:
    """PR03: two ConnectX-6 HDR100 (MCX653105A-ECAT) off one QM8700 port through MCP7H50-H002R26,
    InfiniBand: valid, each leg HDR100 100 Gb/s, 2 legs per switch port (before: PROTOCOL_MISMATCH,
    "MCP7H50-H002R26 Ethernet"). The "-H" is the HDR InfiniBand variant (part-number convention,
    secondary [N34, N33, N39])."""
    verdict = pr03.verdict
    assert (verdict.valid, verdict.rate_gbps, verdict.protocol, verdict.legs) == (
        True,
        100.0,
        Protocol.INFINIBAND,
        2,
    )
    assert verdict.error_codes == ()


def test_pr03_the_answer_states_the_split_mode_setting(pr03: LinkCheck) -> None:
    """PR03: the switch port must be put in split mode first (works once split mode is enabled, xCAT
    issue 6549): a CONFIG_PREREQUISITE info finding naming 2xHDR100, with the QM8700 cage's sources."""
    setting = next(f for f in pr03.verdict.findings if f.code == "CONFIG_PREREQUISITE")
    assert setting.severity is Severity.INFO
    assert setting.message == (
        "MQM8700-HS2F: the port must be put in split mode 2xHDR100 before MCP7H50-H002R26 links "
        "(2 legs × 100 Gb/s); an unsplit port does not bring the legs up"
    )
    assert setting.fix == (
        "configure the MQM8700-HS2F port as split 2xHDR100 (a switch port setting; the port then counts as 2 ports)"
    )
    assert setting.parts == ("MCP7H50-H002R26",)
    assert "N48" in setting.source_ids


def test_pr03_the_splitter_protocols_carry_a_secondary_naming_source(service: CatalogueService) -> None:
    """PR03: MCP7H50-H lists InfiniBand and Ethernet; its protocol facts cite their own sources."""
    part = service.repo.part("MCP7H50-H002R26")
    assert [p.value for p in part.protocols] == ["InfiniBand", "Ethernet"]
    assert part.protocol_sources == ["N62", "N33", "N39"]


def _sr4(distance_m: float) -> LinkRequest:
    return LinkRequest(
        end_a=QM8700,
        end_b=CX6_HDR,
        distance_m=distance_m,
        module_a="MMA1T00-HS",
        module_b="MMA1T00-HS",
        media=(FiberRequest(fiber_type="OM4", connector="MPO-12/UPC"),),
        protocol=Protocol.INFINIBAND,
    )


def test_pr04_hdr_sr4_over_10_m_of_om4_is_valid_with_its_reach_unverified(service: CatalogueService) -> None:
    """PR04: QM8700 ══ MMA1T00-HS ══ 10 m OM4 MPO-12 ══ MMA1T00-HS ══ ConnectX-6 HDR: valid at 200 Gb/s.
    The catalogue holds no reach for HDR SR4 (NVIDIA's MMA1T00-HS spec pages retrieved give no
    reach), so the answer warns REACH_UNVERIFIED and never says REACH_EXCEEDED."""
    check = service.check_link(_sr4(10))
    assert (check.verdict.valid, check.verdict.rate_gbps) == (True, 200.0)
    assert codes(check) == [("REACH_UNVERIFIED", "warning")]
    [warning] = check.verdict.findings
    assert warning.message == (
        "the catalogue holds no reach for HDR SR4 over OM4: no source lists OM4 for this PMD (no datasheet or "
        "standard row); the fiber path is 10 m: the link is not rejected for it, but its reach is unverified"
    )
    assert warning.fix == "confirm the reach of MMA1T00-HS over OM4 in the module datasheet"
    assert warning.limit is None


def test_pr04_link_options_at_40_m_offer_the_hdr_sr4_pair_over_om4_after_verified_options(
    service: CatalogueService,
) -> None:
    """PR04 (linkOptions 200 Gb/s, 40 m, QM8700 → ConnectX-6 HDR): the HDR SR4 pair over OM4 is
    offered, with REACH_UNVERIFIED, ranked after every verified option; no option is rejected for a
    reach the catalogue does not hold; every AOC offered is at least 40 m long."""
    result = service.link_options(
        end_a=QM8700, end_b=CX6_HDR, rate_gbps=200, distance_m=40, protocol=Protocol.INFINIBAND, explain=True
    )
    sr4 = [o for o in result.options if o.pmd == "HDR SR4" and o.fiber_type == "OM4"]
    assert len(sr4) == 1
    assert [p.part_number for p in sr4[0].parts if p.role in ("module_a", "module_b")] == [
        "MMA1T00-HS",
        "MMA1T00-HS",
    ]
    assert sr4[0].verdict.valid is True
    assert [f.code for f in sr4[0].verdict.findings] == ["REACH_UNVERIFIED"]
    assert (sr4[0].reach_m, sr4[0].reach_basis) == (None, "unverified")
    unverified = [any(f.code == "REACH_UNVERIFIED" for f in o.verdict.findings) for o in result.options]
    assert unverified == sorted(unverified)  # verified first, then unverified
    for option in result.options:
        if option.medium is MediumKind.ACTIVE_OPTICAL:
            assert option.link.cable is not None and (option.link.cable.length_m or 0) >= 40
    for rejected in result.rejected:
        if "REACH_EXCEEDED" in rejected.verdict.error_codes:
            assert rejected.reach_m is not None


def test_pr05_1000base_lx_reaches_5_km_single_mode_and_550_m_multimode(service: CatalogueService) -> None:
    """PR05: 1000BASE-LX (IEEE 802.3 clause 38, Table 38-6): 2 m to 5 km over single-mode, 2 m to
    550 m over 62.5 µm and 50 µm multimode (OM1/OM2/OM3) with an offset-launch mode-conditioning
    patch cord. Medium: SMF and MMF. Sources: HP ProCurve manual table A-3 [E22]; IEEE 802.3z table
    (secondary) [E23]."""
    [lx] = [p for p in service.repo.pmds() if p.name == "1000BASE-LX"]
    assert (lx.clause, [m.value for m in lx.all_media]) == ("38", ["SMF", "MMF"])
    assert sorted((r.fiber, r.max_m, r.min_m) for r in lx.reach) == [
        ("OM1", 550.0, 2.0),
        ("OM2", 550.0, 2.0),
        ("OM3", 550.0, 2.0),
        ("OS2", 5000.0, 2.0),
    ]  # no OS1a row: the sources name 10 um single-mode fiber, not the grade (OS1a stays unverified)
    assert all("mode-conditioning" in r.note for r in lx.reach if r.fiber.startswith("OM"))
    # MM01 (TIA supportable distances, CommScope's copy, secondary) also states 550 m over OM3
    assert {s for r in lx.reach if r.fiber.startswith("OM") for s in r.sources} == {"E22", "E23", "MM01"}


def test_pr06_sn5600_at_800g_is_64_ports_so_512_endpoints_need_16_leaves_and_8_spines(
    service: CatalogueService,
) -> None:
    """PR06: rail-optimised two-tier fabric of SN5600 at 800 Gb/s, 64 nodes × 8 NICs (512 endpoints),
    one scalable unit, non-blocking: the SN5600 has 64 ports at 800 Gb/s (128 at 400, 256 at 200)
    [S49], so 16 leaves (32 down, 32 up) and 8 spines; 512 node–leaf and 512 leaf–spine links."""
    planning = PlanningService(service)
    result = planning.plan_fat_tree(
        PlanRequest(
            switch="SN5600",
            port_speed_gbps=800,
            nodes=64,
            nics_per_node=8,
            tiers=2,
            rail_optimized=True,
            nodes_per_su=64,
            su_count=1,
            oversubscription="1:1",
        )
    )
    spec = result.switch.spec
    assert (spec.radix, spec.port_speed_gbps, spec.cages, spec.ports_per_cage) == (64, 800, 64, 1)
    plan = result.plan
    assert (plan.leaf_port_split.down, plan.leaf_port_split.up) == (32, 32)
    assert (plan.switches.leaf, plan.switches.spine) == (16, 8)
    assert (plan.links.node_leaf, plan.links.leaf_spine) == (512, 512)


def test_pr06_sn5600_at_400g_is_128_ports(service: CatalogueService) -> None:
    """PR06: the same cages give 128 logical ports at 400 Gb/s (2 per cage) [S49]."""
    choice = PlanningService(service).switch("SN5600", port_speed_gbps=400)
    assert (choice.spec.radix, choice.spec.ports_per_cage) == (128, 2)


def test_pr08_the_sr4_reach_fix_does_not_offer_sr10_for_qsfp28(service: CatalogueService) -> None:
    """PR08: 100GBASE-SR4 over 150 m of OM3 between QSFP28 cages: REACH_EXCEEDED (70 m over OM3,
    IEEE 802.3 cl. 95); the fix offers OM4 and longer-reach PMDs a catalogue QSFP28 module implements,
    never 100GBASE-SR10 (CXP/CFP only, cl. 86: no QSFP28 part)."""
    result = service.link_options(
        end_a=EndRequest(form_factor="QSFP28"),
        end_b=EndRequest(form_factor="QSFP28"),
        rate_gbps=100,
        distance_m=150,
        protocol=Protocol.ETHERNET,
        explain=True,
    )
    fixes = [
        f.fix or ""
        for o in result.rejected
        if o.pmd == "100GBASE-SR4"
        for f in o.verdict.findings
        if f.code == "REACH_EXCEEDED"
    ]
    assert fixes
    assert all("SR10" not in fix for fix in fixes)
    assert any("100GBASE-LR4" in fix for fix in fixes)


def test_a_three_tier_qm8700_plan_cables_every_spine_core_link(service: CatalogueService) -> None:
    """Issue 10: a 3-tier QM8700 plan used to drop its spine–core links from the bill of materials
    (HDR SR4 had no reach, so every optical option was REACH_EXCEEDED). The spine–core tier now has a
    medium (an unverified-reach option ranks after verified ones, but is offered), and its modules
    count every link."""
    result = PlanningService(service).plan_fat_tree(PlanRequest(switch="QM8700", endpoints=1200, tiers=3))
    spine_core = next(s for s in result.media if s.requirement.tier is LinkTier.SPINE_CORE)
    assert spine_core.medium is not None, spine_core.reason
    assert spine_core.requirement.count == result.plan.links.spine_core > 0
    lines = result.tier_lines(LinkTier.SPINE_CORE)
    assert sum(line.quantity for line in lines if line.part_number == "MMA1T00-HS") == 2 * spine_core.requirement.count
