"""A discontinued part in linkOptions, checkLink and planFatTree (fresh-user trial, real seeded graph).

NVIDIA's 100G-PAM4 LinkX guide says "LACCs 1:2 and 1:4 OSFP splitters have been discontinued – use
transceivers" [NC01]: the ACC splitters MCA7J60 (1:2, 2 x 400G OSFP) and MCA7J70 (1:4, 4 x 200G OSFP)
are ``status: discontinued`` (seed/data/parts/nvidia_fam_acc.yaml). Before, linkOptions ranked
MCA7J60-N004 first between a QM9700 and a ConnectX-7/OSFP at 4 m, and the 512-endpoint NDR200 plan put
128 x MCA7J70-N004 in its bill of materials, which ``fabricgraph validate`` then called NOT BUILDABLE
(PART_DISCONTINUED). Now the link rules say PART_DISCONTINUED (a warning: the link works with a cable
in hand), linkOptions ranks such an option after every option of orderable parts (step 2) and the
planner keeps it out of a BOM while a current option serves.
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Side
from service.domain.link import MediumKind, Severity
from service.planner import BomCategory, LinkTier, WarningCode
from service.planner.export import bom_to_csv
from service.planning import MediumPolicy, PlanningResult, PlanningService, PlanRequest
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

QM9700 = EndRequest(device="QM9700")
CX7_OSFP = EndRequest(device="MCX75310AAS-NEAT")
NC01_SOURCES = ("N50", "N13", "N21", "N11", "NF02", "NC01")  # the family's sources; NC01 states the status


def _ranked(options) -> list[tuple[int, MediumKind, str, list[str]]]:  # type: ignore[no-untyped-def]
    return [(o.rank, o.medium, o.summary, [f.code for f in o.verdict.findings]) for o in options]


class TestLinkOptions:
    def test_qm9700_to_connectx7_osfp_at_400g_4m_puts_the_discontinued_acc_last(
        self, service: CatalogueService
    ) -> None:
        """Step 2 of the ranking: MCA7J60-N004 (discontinued) after the two optics of current parts,
        though active copper otherwise ranks before fiber (step 4). The SR4 pair over 5 m of OM4
        (MFP7E10-N005, the shortest length that covers 4 m) is first: multimode before single-mode."""
        options = service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=400, distance_m=4).options
        assert _ranked(options) == [
            (
                1,
                MediumKind.MULTIMODE_FIBER,
                "NDR SR4: MMA4Z00-NS + MFP7E10-N005 + MMA4Z00-NS400, reach 50 m over OM4",
                [],
            ),
            (
                2,
                MediumKind.SINGLE_MODE_FIBER,
                "NDR DR4: MMS4X00-NS + MFP7E30-N030 + MMS4X00-NS400, reach 100 m over OS2",
                ["CABLE_SLACK"],  # the catalogue's one MFP7E30 length, 30 m: 26 m of slack (info)
            ),
            (3, MediumKind.ACTIVE_COPPER, "ACC MCA7J60-N004 (4 m)", ["PART_DISCONTINUED"]),
        ]
        acc = options[2].verdict
        assert acc.valid
        assert acc.findings[0].severity is Severity.WARNING
        assert acc.findings[0].source_ids == NC01_SOURCES

    def test_at_200g_the_1_to_4_acc_comes_after_every_optic(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=QM9700, end_b=CX7_OSFP, rate_gbps=200, distance_m=4).options
        assert [(o.rank, o.summary) for o in options] == [
            (1, "NDR SR4: MMA4Z00-NS + MFP7E10-N005 + MMA4Z00-NS400, reach 50 m over OM4"),
            (2, "NDR SR4: MMA4Z00-NS + MFP7E20-N005 + MMA4Z00-NS400, reach 50 m over OM4"),
            (3, "NDR DR4: MMS4X00-NS + MFP7E30-N030 + MMS4X00-NS400, reach 100 m over OS2"),
            (4, "ACC MCA7J70-N004 (4 m)"),
        ]
        assert [f.code for f in options[3].verdict.findings] == [
            "PART_DISCONTINUED",
            "RATE_NEGOTIATED",
            "CONFIG_PREREQUISITE",
        ]


class TestCheckLink:
    def test_the_discontinued_acc_is_valid_with_a_part_discontinued_warning(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=QM9700, end_b=CX7_OSFP, distance_m=4, media=(FiberRequest(part_number="MCA7J60-N004"),))
        )
        verdict = check.verdict
        assert (verdict.valid, verdict.rate_gbps) == (True, 400.0)
        assert [(f.code, f.severity, f.message, f.fix, f.parts, f.source_ids) for f in verdict.findings] == [
            (
                "PART_DISCONTINUED",
                Severity.WARNING,
                "MCA7J60-N004 is discontinued (NVIDIA): it cannot be ordered new; the link works with one "
                "already in hand",
                "to order new, ask NVIDIA for its successor or use an option from linkOptions that names only "
                "current parts (transceivers and fiber, or a current cable)",
                ("MCA7J60-N004",),
                NC01_SOURCES,
            )
        ]

    def test_an_eol_part_is_a_part_eol_warning(self, service: CatalogueService) -> None:
        """MCA7J65 (1:2 ACC to QSFP112) is ``eol``: no longer for sale on NVIDIA's LinkX hub [NF02]."""
        check = service.check_link(
            LinkRequest(
                end_a=QM9700,
                end_b=EndRequest(device="MCX755106AS-HEAT"),
                distance_m=4,
                media=(FiberRequest(part_number="MCA7J65-N004"),),
            )
        )
        eol = [f for f in check.verdict.findings if f.code == "PART_EOL"]
        assert [(f.severity, f.parts, f.message) for f in eol] == [
            (
                Severity.WARNING,
                ("MCA7J65-N004",),
                "MCA7J65-N004 is end-of-life (NVIDIA): a last-time buy, no long-term supply",
            )
        ]


@pytest.fixture(scope="module")
def planning(service: CatalogueService) -> PlanningService:
    return PlanningService(service)


@pytest.fixture(scope="module")
def ndr200_512(planning: PlanningService) -> PlanningResult:
    return planning.plan_fat_tree(PlanRequest(switch="QM9700", endpoints=512, endpoint_speed="NDR200"))


class TestPlanner:
    def test_the_512_ndr200_plan_uses_splitter_fiber_not_the_discontinued_acc(self, ndr200_512: PlanningResult) -> None:
        """Node tier: 2xNDR200 on the leaf ports, 512 links at 200 Gb/s over 3 m. No node adapter is
        given, so the node end is an adapter-side single-port OSFP cage (an endpoint is an adapter
        port; NODE_END_ASSUMED says so). NVIDIA's documented NDR200 set-up [N02]: a twin-port
        MMA4Z00-NS in the switch, an MFP7E20 1:2 splitter on each port, a single-port MMA4Z00-NS400
        (flat top, ConnectX-7 side) on each leg. linkOptions ranks it second (after the straight
        fiber, one link per switch port); the planner keeps its legs at the node end and its trunk on
        the split leaf port. MCA7J70-N004 (rank 4, discontinued) is not used. Before, the bare node
        cage took twin-port finned switch-side MMA4Z00-NS at the nodes (512 of them, 2 ports each for
        one leg)."""
        node, spine = ndr200_512.media
        assert node.option is not None and node.medium is not None
        assert (node.option.rank, node.option.summary) == (
            2,
            "NDR SR4: MMA4Z00-NS400 + MFP7E20-N005 + MMA4Z00-NS, reach 50 m over OM4",
        )
        assert node.option.link.fibers[0].legs_at == "A"
        assert (node.medium.cable.part_number, node.medium.cable.links_per_cable) == ("MFP7E20-N005", 2)
        assert spine.medium is not None and spine.medium.cable.part_number == "MFP7E10-N030"
        assert [w.code for w in ndr200_512.warnings] == [WarningCode.NODE_END_ASSUMED, WarningCode.RUN_LENGTH_ASSUMED]
        assert ndr200_512.warnings[0].message.startswith(
            "no node adapter was given: the node end was assumed to be an adapter-side single-port OSFP cage"
        )
        assert ndr200_512.warnings[1].message.startswith(
            "no cable-run length was given, so the plan assumed node_leaf 3 m (in_rack), leaf_spine 30 m (within_row)"
        )
        assert [(line.category, line.part_number, line.quantity, line.tiers) for line in ndr200_512.bom.lines] == [
            (BomCategory.SWITCH, "MQM9700-NS2F", 12, ("leaf", "spine")),
            (BomCategory.TRANSCEIVER, "MMA4Z00-NS", 384, ("node_leaf", "leaf_spine")),
            (BomCategory.TRANSCEIVER, "MMA4Z00-NS400", 512, ("node_leaf",)),
            (BomCategory.CABLE, "MFP7E10-N030", 256, ("leaf_spine",)),
            (BomCategory.CABLE, "MFP7E20-N005", 256, ("node_leaf",)),
        ]
        # 512 single-port node modules (one per endpoint) + 128 leaf modules (2 ports x 2 legs each);
        # 256 splitters (2 legs each); 256 x 2 twin-port modules at leaf-spine
        assert {line.part_number: line.quantity for line in ndr200_512.tier_lines(LinkTier.NODE_LEAF)} == {
            "MMA4Z00-NS": 128,
            "MMA4Z00-NS400": 512,
            "MFP7E20-N005": 256,
        }

    def test_a_bare_osfp_node_end_without_a_side_orders_the_same_node_modules(
        self, planning: PlanningService, ndr200_512: PlanningResult
    ) -> None:
        """Practitioner trial: ``nodeEnd {formFactor: OSFP}`` (no side) let the node tier take switch-side
        parts at the NIC cages. Node ends are NIC/HCA/DPU cages, so the side-less bare cage is taken as
        the adapter side (top style and ports left unchecked), and the plan orders what the default node
        end orders: 128 twin-port MMA4Z00-NS at the leaves, 256 MFP7E20-N005 1:2 splitters, 512
        single-port MMA4Z00-NS400 at the nodes (NVIDIA's NDR200 set-up [N02]); NODE_END_ASSUMED says the
        side was taken, RUN_LENGTH_ASSUMED the 3 m / 30 m."""
        bare = planning.plan_fat_tree(
            PlanRequest(
                switch="QM9700", endpoints=512, endpoint_speed="NDR200", node_end=EndRequest(form_factor="OSFP")
            )
        )
        node = bare.media[0]
        assert node.end_a == "an OSFP adapter-side cage"
        assert node.option is not None
        assert node.option.summary == "NDR SR4: MMA4Z00-NS400 + MFP7E20-N005 + MMA4Z00-NS, reach 50 m over OM4"
        # linkOptions ranks the twin-port flat-top MMA4Z00-NS-FLT (DGX cages) ahead by part number; the
        # cage's ports were not given, so the single-port node module comes first and the reason says so
        assert "its node-side MMA4Z00-NS-FLT is 2-port and the node cage's port count was not given" in node.reason
        assert {line.part_number: line.quantity for line in bare.tier_lines(LinkTier.NODE_LEAF)} == {
            "MMA4Z00-NS": 128,
            "MMA4Z00-NS400": 512,
            "MFP7E20-N005": 256,
        }
        assert [(line.part_number, line.quantity) for line in bare.bom.lines] == [
            (line.part_number, line.quantity) for line in ndr200_512.bom.lines
        ]
        assert [w.code for w in bare.warnings] == [WarningCode.NODE_END_ASSUMED, WarningCode.RUN_LENGTH_ASSUMED]
        assert bare.warnings[0].message == (
            "the node end OSFP was given without a side: it was taken to be an adapter-side OSFP cage (node ends "
            "are NIC/HCA/DPU cages), so switch-side parts are not offered for it; its top style and port count "
            "were not given, so not checked; if it is a switch cage, give the side (GraphQL nodeEnd side: SWITCH, "
            "CLI --node-side switch)"
        )

    def test_a_bare_node_end_given_as_switch_side_keeps_it(self, planning: PlanningService) -> None:
        """A side stated is kept: a switch-side OSFP node end gets no NODE_END_ASSUMED, and its node
        tier takes switch-side modules at both ends."""
        switch_side = planning.plan_fat_tree(
            PlanRequest(
                switch="QM9700",
                endpoints=512,
                endpoint_speed="NDR200",
                node_end=EndRequest(form_factor="OSFP", side=Side.SWITCH),
            )
        )
        assert switch_side.media[0].end_a == "an OSFP switch-side cage"
        assert WarningCode.NODE_END_ASSUMED not in [w.code for w in switch_side.warnings]
        assert "MMA4Z00-NS400" not in {line.part_number for line in switch_side.bom.lines}

    def test_the_plans_bom_validates_as_buildable(self, ndr200_512: PlanningResult, service: CatalogueService) -> None:
        """The round trip the trial broke: the plan's BOM CSV through the part-list validator, and the
        transceiver ports match the fiber ends: 768 switch-side ports = 256 splitter trunks + 256 x 2
        leaf-spine fiber ends, 512 adapter-side ports = 256 x 2 splitter legs; no PAIR_COUNT_MISMATCH
        (before: 1,792 transceiver ports against 1,280 fiber ends)."""
        report = ProcurementService(service).validate_bytes(bom_to_csv(ndr200_512.bom).encode(), "bom.csv")
        assert (report.summary.buildable, report.summary.errors) == (True, 0)
        codes = [f.code for f in report.findings]
        assert "PART_DISCONTINUED" not in codes
        assert "PAIR_COUNT_MISMATCH" not in codes
        assert codes == ["DEVICE_LINE"]

    def test_the_2048_ndr_default_plan_media(self, planning: PlanningService) -> None:
        """2,048 NDR endpoints on QM9700, no node adapter: node-leaf 3 m at 400 Gb/s takes the 1:2
        DAC MCP7Y00-N003 (twin-port finned OSFP at the leaf, two single-port flat OSFP legs at the
        adapters), leaf-spine 30 m NDR SR4 twin-port optics over MFP7E10-N030."""
        result = planning.plan_fat_tree(PlanRequest(switch="QM9700", endpoints=2048, endpoint_speed="NDR"))
        node, spine = result.media
        assert node.option is not None and node.medium is not None
        assert node.option.summary == "DAC MCP7Y00-N003 (3 m)"
        assert spine.option is not None and spine.option.summary.startswith(
            "NDR SR4: MMA4Z00-NS + MFP7E10-N030 + MMA4Z00-NS"
        )
        assert [w.code for w in result.warnings] == [WarningCode.NODE_END_ASSUMED, WarningCode.RUN_LENGTH_ASSUMED]
        assert {line.part_number: line.quantity for line in result.bom.lines} == {
            "MQM9700-NS2F": 96,
            "MCP7Y00-N003": 1024,
            "MMA4Z00-NS": 2048,
            "MFP7E10-N030": 2048,
        }

    def test_prefer_copper_does_not_bring_the_discontinued_acc_back(self, planning: PlanningService) -> None:
        result = planning.plan_fat_tree(
            PlanRequest(
                switch="QM9700", endpoints=512, endpoint_speed="NDR200", medium_policy=MediumPolicy.PREFER_COPPER
            )
        )
        node = result.media[0]
        assert node.medium is not None and node.medium.cable.part_number == "MFP7E20-N005"
        assert "rank 4 ACC MCA7J70-N004 (4 m) (names discontinued MCA7J70-N004)" in node.reason
        assert result.bom.quantity("MCA7J70-N004") == 0
