"""planFatTree: a fat-tree fabric on a catalogue switch, with each tier's medium from linkOptions.

The resolver is thin: it turns the input into a :class:`~service.planning.PlanRequest`, runs the
planning use case off the event loop and wraps the result. Exports (``bomCsv``, ``planJson``,
``cablingCsv``, ``topologySvg``) are computed only when selected; ``cablingCsv`` enumerates every
link (O(links)), so ask for it only when you need it.

Counts that grow with the fabric (endpoints, links, switches, ports, BOM quantities, limits) use
the ``Long`` scalar: a JSON number, exact and range-checked up to 2⁵³ − 1, because GraphQL's ``Int``
stops at 2³¹ − 1. Per-switch figures (radix, ports per leaf, links per pair) stay ``Int``.
Bandwidths are ``Float`` in Gb/s; ``bisectionGbpsPerDirection`` is per direction.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, NewType

import strawberry
from strawberry.types import Info

from service.api import cost
from service.api.inputs import EndInput
from service.api.resolvers.common import ExpectedError, as_error, call, note_typed_error
from service.api.types import DatabaseUnavailableError, LinkOption, NotFoundError, ValidationError
from service.errors import FabricGraphError, InputValidationError
from service.planner import (
    BomCategory,
    BomLine,
    FabricManagerReservation,
    LinkTier,
    ModuleChoice,
    OversubscriptionNotBuildableError,
    Placement,
    PlacementClass,
    PlacementDistances,
    PlanLayout,
    PlannerError,
    PlanWarning,
    RadixTooSmallError,
    SwitchTier,
    TooManyEndpointsError,
    UnsupportedSplitError,
    WarningCode,
)
from service.planning import (
    GenericSwitch,
    MediumPolicy,
    PlanningResult,
    PlanningService,
    PlanRequest,
    TierMediumSelection,
)

__all__ = [
    "FatTreePlan",
    "FatTreeSpecInput",
    "Long",
    "PlanFatTreeResult",
    "PlannerQueries",
    "parse_long",
    "serialize_long",
]

MAX_SAFE_INTEGER = 2**53 - 1
"""Largest integer a JSON number carries exactly in every client (IEEE 754 double)."""


def serialize_long(value: int) -> int:
    """Serialise a ``Long``: the int itself, refused beyond ±(2⁵³ − 1) (raises ValueError)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"Long cannot represent a non-integer value: {value!r}")
    if abs(value) > MAX_SAFE_INTEGER:
        raise ValueError(f"Long cannot represent {value}: beyond ±(2^53 - 1)")
    return value


def parse_long(value: object) -> int:
    """Parse a ``Long`` input: an int, an integral float or a decimal string within ±(2⁵³ − 1).

    Raises:
        InputValidationError: Booleans, fractions, other text, or values out of range. It is a
            domain error, so the GraphQL error keeps its message outside development.
    """
    parsed = value
    if isinstance(parsed, float) and parsed.is_integer():
        parsed = int(parsed)
    if isinstance(parsed, str) and parsed.strip().lstrip("-").isdigit():
        parsed = int(parsed.strip())
    if isinstance(parsed, bool) or not isinstance(parsed, int):
        raise InputValidationError("Long", f"Long cannot represent a non-integer value: {value!r}")
    if abs(parsed) > MAX_SAFE_INTEGER:
        raise InputValidationError("Long", f"Long cannot represent {parsed}: beyond ±(2^53 - 1)")
    return parsed


# strawberry 0.341 deprecates binding a scalar to a Python type here in favour of
# ``StrawberryConfig(scalar_map=...)`` on the schema, which lives in the shared build_schema; the
# binding below is the documented legacy form and behaves the same. Move it to scalar_map when
# build_schema takes a config.
if TYPE_CHECKING:  # type checkers see a plain int
    Long = int
else:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        Long = strawberry.scalar(
            NewType("Long", int),
            name="Long",
            description=(
                "A 64-bit-safe integer count, serialised as a JSON number and checked to lie within "
                "±(2^53 − 1) (exact in every JSON client); GraphQL's Int stops at 2^31 − 1. Inputs also "
                "accept a decimal string."
            ),
            serialize=serialize_long,
            parse_value=parse_long,
        )


# strawberry.enum registers the planner's own enums (it returns the same class), so annotations below
# use the domain enums and GraphQL sees these names and descriptions.
PlanLinkTier = strawberry.enum(
    LinkTier,
    name="PlanLinkTier",
    description=(
        "A layer of links, lower end first: NODE_LEAF, MANAGER_LEAF (fabric manager to leaf), LEAF_SPINE, SPINE_CORE."
    ),
)
PlanSwitchTier = strawberry.enum(SwitchTier, name="PlanSwitchTier", description="A layer of switches.")
PlanPlacement = strawberry.enum(
    PlacementClass,
    name="PlanPlacement",
    description=(
        "Where a tier's two ends sit; mapped to metres by the layout (defaults: IN_RACK 3 m, "
        "WITHIN_ROW 30 m, "
        "BETWEEN_ROWS 100 m)."
    ),
)
PlanMediumPolicy = strawberry.enum(
    MediumPolicy,
    name="PlanMediumPolicy",
    description=(
        "How each tier's medium is picked from linkOptions: RANKED takes the best-ranked option that fits; "
        "PREFER_COPPER tries DAC/ACC first, PREFER_OPTICS AOC and fiber first; both fall back to the rest."
    ),
)
PlanBomCategory = strawberry.enum(BomCategory, name="PlanBomCategory", description="Kinds of BOM line.")
PlanWarningCode = strawberry.enum(
    WarningCode,
    name="PlanWarningCode",
    description=(
        "Stable warning codes: design not full, rounding for even uplinks, growth headroom, pod not full, "
        "single leaf/pod, endpoint slower than port, single switch, planes, media skipped (generic switch "
        "without a form factor), no valid medium, preferred part unused, manager medium differs, generic fiber, "
        "part discontinued (the tier's medium names a part that cannot be ordered new: no current option fits), "
        "node end assumed (no node adapter given: an adapter-side single-port cage of the switch's form factor; "
        "or a bare node or fabric-manager end given without a side: taken as the adapter side), run length "
        "assumed (a tier's cable-run length was not given: the metres assumed per tier)."
    ),
)


# --- inputs -----------------------------------------------------------------------------------------


@strawberry.input(one_of=True, description="A tier's placement: a class, or an explicit cable-run length.")
class PlanPlacementInput:
    placement: PlacementClass | None = strawberry.UNSET
    distance_m: float | None = strawberry.field(default=strawberry.UNSET, description="Metres, > 0.")

    def to_placement(self) -> Placement:
        if self.distance_m is not None and self.distance_m is not strawberry.UNSET:
            return float(self.distance_m)
        assert isinstance(self.placement, PlacementClass)
        return self.placement


@strawberry.input(
    description=(
        "Physical layout: placement (or metres) per tier, and metres per placement class. A tier whose metres "
        "are given neither as its distanceM nor as its placement class's metres is planned at the class's "
        "default (3 / 30 / 100 m), and the RUN_LENGTH_ASSUMED warning names the metres assumed per tier."
    )
)
class PlanLayoutInput:
    node_leaf: PlanPlacementInput | None = strawberry.field(
        default=None, description="Node-leaf and fabric-manager links; default IN_RACK."
    )
    leaf_spine: PlanPlacementInput | None = strawberry.field(default=None, description="Default WITHIN_ROW.")
    spine_core: PlanPlacementInput | None = strawberry.field(default=None, description="Default BETWEEN_ROWS.")
    in_rack_m: float | None = strawberry.field(
        default=None,
        description=(
            "Metres for IN_RACK; null: 3 (passive DAC reach), assumed, with a RUN_LENGTH_ASSUMED warning "
            "for the tiers placed IN_RACK."
        ),
    )
    within_row_m: float | None = strawberry.field(
        default=None, description="Metres for WITHIN_ROW; null: 30, assumed (RUN_LENGTH_ASSUMED)."
    )
    between_rows_m: float | None = strawberry.field(
        default=None, description="Metres for BETWEEN_ROWS; null: 100, assumed (RUN_LENGTH_ASSUMED)."
    )

    def to_layout(self) -> PlanLayout:
        placements: dict[str, Placement] = {}
        for name in ("node_leaf", "leaf_spine", "spine_core"):
            given: PlanPlacementInput | None = getattr(self, name)
            if given is not None:
                placements[name] = given.to_placement()
        # only the metres given are set, so the plan can tell a stated length from an assumed one
        metres = {"in_rack": self.in_rack_m, "within_row": self.within_row_m, "between_rows": self.between_rows_m}
        distances = PlacementDistances(**{name: m for name, m in metres.items() if m is not None})
        return PlanLayout(distances=distances, **placements)


@strawberry.input(description="Node slots and links kept for the fabric manager (e.g. NVIDIA UFM).")
class PlanFabricManagerInput:
    node_slots: int = strawberry.field(default=1, description="Node slots reserved in the whole fabric.")
    ports: int = strawberry.field(default=4, description="Fabric-manager links to leaves.")
    end: EndInput | None = strawberry.field(
        default=None,
        description=(
            "The manager's adapter model or form factor (a bare form factor without a side: the adapter side, "
            "with a NODE_END_ASSUMED warning); default the node end."
        ),
    )


@strawberry.input(
    description=(
        "A switch given by its numbers, with no catalogue entry (e.g. radix 64 at 400 Gb/s, or the 36-port "
        "switches of textbook fat trees)."
    )
)
class GenericSwitchInput:
    radix: int = strawberry.field(description="Logical ports; even, at least 4.")
    port_speed_gbps: float = strawberry.field(description="Speed of one logical port, Gb/s.")
    split_modes: list[str] = strawberry.field(
        default_factory=list,
        description="Breakouts per logical port as '<legs>x<rate>': 2xNDR200, 2xHDR100, 4x100G.",
    )
    form_factor: str | None = strawberry.field(
        default=None,
        description=(
            "Cage form factor (OSFP, QSFP28 …). Given: each tier's medium comes from linkOptions between bare "
            "cages of it. Omitted: the media step is skipped (warning MEDIA_SKIPPED) and the BOM lists switches only."
        ),
    )
    ports_per_cage: int = strawberry.field(
        default=1, description="Logical ports per cage, 1 or 2 (twin-port OSFP: 2); switch modules count per cage."
    )
    model: str | None = strawberry.field(
        default=None, description="Name for the BOM and exports; default 'generic <radix>-port <speed>G'."
    )

    def to_generic(self) -> GenericSwitch:
        return GenericSwitch(
            radix=self.radix,
            port_speed_gbps=self.port_speed_gbps,
            split_modes=tuple(self.split_modes),
            form_factor=self.form_factor,
            ports_per_cage=self.ports_per_cage,
            model=self.model,
        )


@strawberry.input(
    description=(
        "What fabric to plan. Give endpoints, or nodes × nicsPerNode. The switch comes from the catalogue "
        "(radix, port speed, cages, split modes) or is given as genericSwitch; each tier's medium from linkOptions."
    )
)
class FatTreeSpecInput:
    switch: str | None = strawberry.field(
        default=None,
        description="Switch model, OPN or alias, e.g. QM9700, MQM8700-HS2F. Give this or genericSwitch.",
    )
    generic_switch: GenericSwitchInput | None = strawberry.field(
        default=None, description="A switch by its numbers instead of a catalogue model."
    )
    switch_cage: str | None = strawberry.field(default=None, description="Cage group id when it has several.")
    port_speed_gbps: float | None = strawberry.field(
        default=None,
        description="Logical port speed to plan at (Gb/s); default the fastest per logical port.",
    )
    endpoints: Long | None = strawberry.field(
        default=None, description="Compute endpoint links (NIC ports), excluding fabric-manager links."
    )
    nodes: Long | None = strawberry.field(default=None, description="Compute nodes.")
    nics_per_node: int = strawberry.field(default=1, description="Fabric NICs per node (= rails when rail-optimised).")
    endpoint_speed: str | None = strawberry.field(
        default=None,
        description=(
            "Endpoint speed as a rate name (NDR200, HDR100, NDR) or Gb/s text (200G); slower than "
            "a switch port "
            "means a split (NDR200 on NDR ports: 2xNDR200)."
        ),
    )
    endpoint_speed_gbps: float | None = strawberry.field(default=None, description="The same in Gb/s.")
    split: str | None = strawberry.field(
        default=None,
        description="Split mode on the switch, e.g. 2xNDR200; default picked from the endpoint speed.",
    )
    split_tiers: list[LinkTier] | None = strawberry.field(
        default=None, description="Tiers whose switch ports are split; default [NODE_LEAF]."
    )
    oversubscription: str = strawberry.field(
        default="1:1",
        description=(
            "Leaf down:up bandwidth, e.g. '1:1', '2:1', '4:3', '33:7'; honoured exactly, or refused with "
            "PlanOversubscriptionError naming the nearest ratios the radix can build (never rounded)."
        ),
    )
    tiers: int | None = strawberry.field(
        default=None,
        description=(
            "1 (one switch, no spine tier), 2, 3, or null for the fewest that fit (one switch when every link "
            "fits its ports and no rails or scalable units ask for several leaves)."
        ),
    )
    planes: int = strawberry.field(
        default=1,
        description=(
            "Independent identical fabrics (one per rail group); each node's NICs split evenly across them, so "
            "nicsPerNode must be a multiple of planes. Counts are totals over all planes."
        ),
    )
    uplinks_per_pair: int | None = strawberry.field(
        default=None,
        description="Parallel links per leaf–spine pair (an uplink bundle); must divide the leaf's uplinks.",
    )
    rail_optimized: bool = strawberry.field(default=False, description="NIC i of every node goes to rail i's leaves.")
    nodes_per_su: int | None = strawberry.field(default=None, description="Node slots per scalable unit.")
    su_count: int | None = strawberry.field(default=None, description="Scalable units to build; default the fewest.")
    reserved_ports_per_leaf: int = strawberry.field(default=0, description="Leaf ports kept out of the fabric.")
    fabric_manager: PlanFabricManagerInput | None = strawberry.field(default=None)
    layout: PlanLayoutInput | None = strawberry.field(default=None)
    node_end: EndInput | None = strawberry.field(
        default=None,
        description=(
            "The endpoints' adapter model (e.g. MCX75310AAS-NEAT) or a bare form factor; default a bare "
            "single-port adapter-side cage of the switch's form factor (top style unknown), with a "
            "NODE_END_ASSUMED warning. A bare form factor without a side is taken as the ADAPTER side (node "
            "ends are NIC/HCA/DPU cages: no switch-side part such as a finned twin-port switch module is "
            "offered for it), with a NODE_END_ASSUMED warning; its topStyle and ports stay as given (null: not "
            "checked). Give side SWITCH to plan it as a switch cage."
        ),
    )
    medium_policy: MediumPolicy = strawberry.field(
        default=MediumPolicy.RANKED, description="How each tier's medium is picked from linkOptions."
    )
    preferred_parts: list[str] = strawberry.field(
        default_factory=list,
        description=(
            "Parts to use where a fitting option offers them, as its part or an interchangeable alternative "
            "(e.g. MMA4Z00-NS-FLT for flat-top DGX H100 cages)."
        ),
    )

    def to_request(self) -> PlanRequest:
        manager = self.fabric_manager
        return PlanRequest(
            switch=self.switch,
            switch_cage=self.switch_cage,
            port_speed_gbps=self.port_speed_gbps,
            generic_switch=self.generic_switch.to_generic() if self.generic_switch is not None else None,
            endpoints=self.endpoints,
            nodes=self.nodes,
            nics_per_node=self.nics_per_node,
            endpoint_speed=self.endpoint_speed,
            endpoint_speed_gbps=self.endpoint_speed_gbps,
            split=self.split,
            split_tiers=frozenset(self.split_tiers) if self.split_tiers is not None else None,
            oversubscription=self.oversubscription,
            tiers=self.tiers,
            planes=self.planes,
            uplinks_per_pair=self.uplinks_per_pair,
            rail_optimized=self.rail_optimized,
            nodes_per_su=self.nodes_per_su,
            su_count=self.su_count,
            reserved_ports_per_leaf=self.reserved_ports_per_leaf,
            fabric_manager=(
                FabricManagerReservation(node_slots=manager.node_slots, ports=manager.ports)
                if manager is not None
                else None
            ),
            layout=self.layout.to_layout() if self.layout is not None else PlanLayout(),
            node_end=self.node_end.to_request() if self.node_end is not None else None,
            manager_end=(manager.end.to_request() if manager is not None and manager.end is not None else None),
            medium_policy=MediumPolicy(self.medium_policy),
            preferred_parts=tuple(self.preferred_parts),
        )


# --- outputs ------------------------------------------------------------------------------------------


@strawberry.type(description="The switch the plan uses (catalogue or generic), as the planner reads it.")
class PlanSwitch:
    model: str = strawberry.field(description="Catalogue model (OPN), e.g. MQM9700-NS2F, or the generic name.")
    name: str
    generic: bool = strawberry.field(description="True when the switch was given by its numbers (genericSwitch).")
    cage: str | None = strawberry.field(description="Cage group id used, e.g. osfp; null for a generic switch.")
    form_factor: str | None = strawberry.field(description="Cage form factor; null for a generic switch without one.")
    radix: int = strawberry.field(description="Logical ports = cages × logical ports per cage.")
    cages: int
    ports_per_cage: int
    port_speed_gbps: float = strawberry.field(description="Logical port speed planned at, Gb/s.")
    split_modes: list[str] = strawberry.field(description="Usable splits as 'name: legs × Gb/s per port'.")
    notes: list[str] = strawberry.field(description="How the port speed and splits were read from the catalogue.")


@strawberry.type(description="Switches per tier.")
class PlanSwitchCounts:
    leaf: Long
    spine: Long
    core: Long
    total: Long


@strawberry.type(description="How each leaf's logical ports are divided (split ports count once).")
class PlanLeafPortSplit:
    down: int
    up: int
    reserved: int
    down_links: int = strawberry.field(description="Endpoint links one leaf takes (down × split legs).")
    up_links: int = strawberry.field(description="Uplinks per leaf.")


@strawberry.type(description="Links per tier (one link = one cable run at one speed).")
class PlanLinkCounts:
    node_leaf: Long
    manager_leaf: Long
    leaf_spine: Long = strawberry.field(description="Every leaf uplink is cabled (full-SU build).")
    spine_core: Long
    leaf_down: Long = strawberry.field(description="Compute + fabric-manager links on leaves.")
    total: Long


@strawberry.type(description="Logical ports and cages of one switch tier.")
class PlanPortUsage:
    tier: SwitchTier
    switches: Long
    available: Long
    used: Long
    reserved: Long
    free: Long
    cages_used: Long = strawberry.field(description="Cages with a used port (switch-side modules are per cage).")


@strawberry.type(
    description="The most endpoint links this switch, split and ratio can take in 1, 2 or 3 tiers (per plane)."
)
class PlanLimits:
    one_tier_max_endpoints: Long = strawberry.field(description="One switch: its fabric ports × split legs.")
    two_tier_max_endpoints: Long
    three_tier_max_endpoints: Long


@strawberry.type(description="A transceiver at one end of a tier's links.")
class PlanModule:
    part_number: str
    ports_per_module: int = strawberry.field(description="Links one module serves (2 for twin-port OSFP).")
    description: str


@strawberry.type(description="The cable or fiber of a tier's links.")
class PlanCable:
    part_number: str = strawberry.field(description="Orderable part; for generic structured fiber, its grade.")
    length_m: float = strawberry.field(description="Cable length, metres.")
    links_per_cable: int = strawberry.field(description="1, or a splitter's legs.")
    description: str


@strawberry.type(description="One BOM line.")
class PlanBomLine:
    category: BomCategory
    part_number: str
    description: str
    quantity: Long = strawberry.field(description="Transceivers per cage / per node, cables per cable.")
    length_m: float | None = strawberry.field(description="Cable length, metres; null for switches and modules.")
    length_class: str | None = strawberry.field(description="in_rack, within_row, between_rows or explicit.")
    tiers: list[str]

    @classmethod
    def of(cls, line: BomLine) -> PlanBomLine:
        return cls(
            category=line.category,
            part_number=line.part_number,
            description=line.description,
            quantity=line.quantity,
            length_m=line.length_m,
            length_class=line.length_class,
            tiers=list(line.tiers),
        )


@strawberry.type(description="A valid linkOptions option the planner passed over, and why.")
class PlanSkippedOption:
    rank: int
    summary: str
    why: str


@strawberry.type(description="One link tier: its links, the linkOptions question, the medium chosen and why.")
class PlanTier:
    tier: LinkTier
    count: Long = strawberry.field(description="Links in the tier.")
    speed_gbps: float = strawberry.field(description="Link speed (split leg speed on split ports), Gb/s.")
    a_end: str = strawberry.field(description="Lower end role: node, fabric_manager, leaf or spine.")
    b_end: str = strawberry.field(description="Upper end role: leaf, spine or core.")
    distance_m: float = strawberry.field(description="Cable-run length asked of linkOptions, metres.")
    placement: PlacementClass | None = strawberry.field(
        description="The placement class the distance came from; null for an explicit distance."
    )
    split_mode: str | None
    legs_per_switch_port: int
    end_a: str = strawberry.field(description="How linkOptions resolved the lower end, e.g. 'a OSFP cage'.")
    end_b: str = strawberry.field(description="How linkOptions resolved the upper end, e.g. 'MQM9700-NS2F'.")
    options_offered: int = strawberry.field(description="Valid options linkOptions returned.")
    a_module: PlanModule | None
    b_module: PlanModule | None = strawberry.field(
        description="Switch-side module at the upper end; null on MANAGER_LEAF (counted with NODE_LEAF)."
    )
    cable: PlanCable | None = strawberry.field(description="Null when no valid medium fits (see warnings).")
    reason: str = strawberry.field(description="Why this medium: summary, linkOptions rank, reach and margin.")
    option: LinkOption | None = strawberry.field(description="The linkOptions option used, with its sources.")
    skipped: list[PlanSkippedOption]
    bom: list[PlanBomLine] = strawberry.field(description="The transceiver and cable lines this tier adds.")

    @classmethod
    def of(cls, selection: TierMediumSelection, result: PlanningResult) -> PlanTier:
        r = selection.requirement
        medium = selection.medium

        def module(m: ModuleChoice | None) -> PlanModule | None:
            if m is None:
                return None
            return PlanModule(part_number=m.part_number, ports_per_module=m.ports_per_module, description=m.description)

        cable = medium.cable if medium is not None else None
        return cls(
            tier=r.tier,
            count=r.count,
            speed_gbps=r.speed_gbps,
            a_end=r.a_end,
            b_end=r.b_end,
            distance_m=r.distance_m,
            placement=r.placement,
            split_mode=r.split_mode,
            legs_per_switch_port=r.legs_per_switch_port,
            end_a=selection.end_a,
            end_b=selection.end_b,
            options_offered=selection.options_offered,
            a_module=module(medium.a_module if medium else None),
            b_module=module(medium.b_module if medium else None),
            cable=(
                PlanCable(
                    part_number=cable.part_number,
                    length_m=cable.length_m,
                    links_per_cable=cable.links_per_cable,
                    description=cable.description,
                )
                if cable is not None
                else None
            ),
            reason=selection.reason,
            option=LinkOption.of(selection.option) if selection.option is not None else None,
            skipped=[PlanSkippedOption(rank=s.rank, summary=s.summary, why=s.why) for s in selection.skipped],
            bom=[PlanBomLine.of(line) for line in result.tier_lines(r.tier)],
        )


@strawberry.type(description="Something to look at in a plan; not an error.")
class PlanWarningItem:
    code: WarningCode
    message: str

    @classmethod
    def of(cls, warning: PlanWarning) -> PlanWarningItem:
        return cls(code=warning.code, message=warning.message)


@strawberry.type(
    description=(
        "A sized fat tree on a catalogue switch: switches, links, ports, bandwidth, media per tier with the "
        "reason, the bill of materials and exports."
    )
)
class FatTreePlan:
    switch: PlanSwitch
    tiers: int = strawberry.field(description="Switch tiers used: 1 (a single switch, counted as a leaf), 2 or 3.")
    planes: int = strawberry.field(description="Independent identical planes; every count is the total over them.")
    pods: int = strawberry.field(description="Pods (three tiers, over all planes); 1 per plane in one or two tiers.")
    switches: PlanSwitchCounts
    leaf_port_split: PlanLeafPortSplit
    links: PlanLinkCounts
    links_per_leaf_spine_pair: int
    links_per_spine_core_pair: int = strawberry.field(description="0 in two tiers.")
    ports: list[PlanPortUsage] = strawberry.field(description="Ports used and free per switch tier.")
    switch_cages_used: Long
    nodes: Long
    endpoints: Long
    endpoint_speed_gbps: float
    max_endpoints: Long = strawberry.field(
        description="Endpoint links these leaves can take (fabric-manager links included)."
    )
    max_endpoints_adding_leaves: Long = strawberry.field(
        description="Endpoint links the spines (and cores) can serve when only leaves are added."
    )
    limits: PlanLimits
    bisection_gbps_per_direction: float = strawberry.field(
        description=(
            "Bisection bandwidth in Gb/s, PER DIRECTION (a bidirectional figure would be twice "
            "this): half the "
            "bandwidth of the narrowest switch-to-switch layer as built."
        )
    )
    oversubscription_achieved: float = strawberry.field(description="Leaf down:up bandwidth r (1.0 = non-blocking).")
    oversubscription_label: str = strawberry.field(description="The same as a reduced ratio, e.g. '2:1'.")
    link_tiers: list[PlanTier] = strawberry.field(description="Per link tier: links, medium chosen and why.")
    bom: list[PlanBomLine] = strawberry.field(
        description=(
            "Bill of materials: switches, then transceivers (switch side per cage, node side per node), then "
            "cables per part and length. Tiers with no valid medium have no lines (see warnings)."
        )
    )
    warnings: list[PlanWarningItem]
    _result: strawberry.Private[PlanningResult]

    @strawberry.field(
        description="The BOM as CSV: category, part_number, description, quantity, length_m, length_class, tiers."
    )
    async def bom_csv(self) -> str:
        return self._result.bom_csv()

    @strawberry.field(
        description="The whole answer as JSON: switch, plan (with spec and geometry), media with "
        "reasons, BOM, warnings."
    )
    async def plan_json(self) -> str:
        return self._result.to_json()

    @strawberry.field(
        description="The cabling list as CSV, one row per link (both ends, length, part). "
        "Enumerated only when asked for: O(links)."
    )
    async def cabling_csv(self, info: Info) -> str:
        result, deadline = self._result, info.context.deadline
        return await call(lambda: cost.cabling_csv(result, deadline))

    @strawberry.field(
        description="The topology as an SVG document (switch by switch for small fabrics, "
        "one box per tier for large ones)."
    )
    async def topology_svg(self) -> str:
        result = self._result
        return await call(result.topology_svg)

    @strawberry.field(
        description=(
            "NetBox bulk-import CSV of the devices (name, role, manufacturer, device_type, site, status "
            "'planned'): every switch, node and fabric-manager host. O(links)."
        )
    )
    async def netbox_devices_csv(self) -> str:
        result = self._result
        return (await call(result.netbox_csvs))["devices.csv"]

    @strawberry.field(
        description=(
            "NetBox bulk-import CSV of the used interfaces (device, name, type, speed in Kbps); types are "
            "NetBox slugs such as infiniband-ndr or 400gbase-x-osfp. O(links)."
        )
    )
    async def netbox_interfaces_csv(self) -> str:
        result = self._result
        return (await call(result.netbox_csvs))["interfaces.csv"]

    @strawberry.field(
        description=(
            "NetBox bulk-import CSV of the cables (side A/B device and interface, type such as dac-passive or "
            "mmf-om4, status 'planned', label = cable id, length in m). O(links)."
        )
    )
    async def netbox_cables_csv(self) -> str:
        result = self._result
        return (await call(result.netbox_csvs))["cables.csv"]

    @strawberry.field(
        description=(
            "The plan as an ibnetdiscover-style topology file: one Switch block per switch with its ports and "
            "peers (GUID, port, name), one Ca block per node NIC; GUIDs and LIDs are synthetic. O(links)."
        )
    )
    async def topology_file(self) -> str:
        result = self._result
        return await call(result.topology_file)

    @classmethod
    def of(cls, result: PlanningResult) -> FatTreePlan:
        plan = result.plan
        choice = result.switch
        spec = choice.spec
        split = plan.leaf_port_split
        links = plan.links
        return cls(
            switch=PlanSwitch(
                model=choice.model,
                name=choice.name,
                generic=choice.generic,
                cage=choice.cage_id,
                form_factor=choice.form_factor,
                radix=spec.radix,
                cages=spec.cage_count,
                ports_per_cage=spec.ports_per_cage,
                port_speed_gbps=spec.port_speed_gbps,
                split_modes=[f"{m.name}: {m.legs} × {m.leg_speed_gbps:g} Gb/s" for m in spec.split_modes],
                notes=list(choice.notes),
            ),
            tiers=plan.tiers,
            planes=plan.planes,
            pods=plan.pods,
            switches=PlanSwitchCounts(
                leaf=plan.switches.leaf,
                spine=plan.switches.spine,
                core=plan.switches.core,
                total=plan.switches.total,
            ),
            leaf_port_split=PlanLeafPortSplit(
                down=split.down,
                up=split.up,
                reserved=split.reserved,
                down_links=split.down_links,
                up_links=split.up_links,
            ),
            links=PlanLinkCounts(
                node_leaf=links.node_leaf,
                manager_leaf=links.manager_leaf,
                leaf_spine=links.leaf_spine,
                spine_core=links.spine_core,
                leaf_down=links.leaf_down,
                total=links.total,
            ),
            links_per_leaf_spine_pair=plan.links_per_leaf_spine_pair,
            links_per_spine_core_pair=plan.links_per_spine_core_pair,
            ports=[
                PlanPortUsage(
                    tier=u.tier,
                    switches=u.switches,
                    available=u.available,
                    used=u.used,
                    reserved=u.reserved,
                    free=u.free,
                    cages_used=u.cages_used,
                )
                for u in plan.ports
            ],
            switch_cages_used=plan.switch_cages_used,
            nodes=plan.nodes,
            endpoints=plan.endpoints,
            endpoint_speed_gbps=plan.endpoint_speed_gbps,
            max_endpoints=plan.max_endpoints,
            max_endpoints_adding_leaves=plan.max_endpoints_adding_leaves,
            limits=PlanLimits(
                one_tier_max_endpoints=plan.limits.one_tier_max_endpoints,
                two_tier_max_endpoints=plan.limits.two_tier_max_endpoints,
                three_tier_max_endpoints=plan.limits.three_tier_max_endpoints,
            ),
            bisection_gbps_per_direction=plan.bisection_gbps_per_direction,
            oversubscription_achieved=plan.oversubscription_achieved,
            oversubscription_label=plan.oversubscription_label,
            link_tiers=[PlanTier.of(s, result) for s in result.media],
            bom=[PlanBomLine.of(line) for line in result.bom.lines],
            warnings=[PlanWarningItem.of(w) for w in result.warnings],
            _result=result,
        )


# --- typed errors ---------------------------------------------------------------------------------------


@strawberry.type(
    description="The switch has too few logical ports for a fat tree (or for the split and reservations asked for)."
)
class PlanRadixTooSmallError:
    code: str
    message: str
    radix: int | None = strawberry.field(description="Logical ports available (after reserved ports).")
    minimum_radix: int | None = strawberry.field(description="The fewest logical ports a fat tree needs.")


@strawberry.type(description="More endpoints than the allowed tiers (three at most) of this switch can take.")
class PlanTooManyEndpointsError:
    code: str
    message: str
    endpoints: Long | None = strawberry.field(description="Endpoint links asked for.")
    limit: Long = strawberry.field(
        description="The most endpoint links this switch, split and ratio take in `tiers` tiers."
    )
    tiers: int


@strawberry.type(description="The spec needs a port split (breakout) the switch does not support.")
class PlanUnsupportedSplitError:
    code: str
    message: str
    requested: str | None = strawberry.field(description="The split asked for, e.g. '4xNDR100' or '100 Gb/s legs'.")
    supported: list[str] = strawberry.field(description="Split modes the switch lists, e.g. 2xNDR200.")


@strawberry.type(
    description=(
        "No split of the leaf's ports gives exactly the oversubscription asked for; the ratio is never rounded. "
        "nearest lists the buildable ratios closest to it (below, then above)."
    )
)
class PlanOversubscriptionError:
    code: str
    message: str
    requested: str = strawberry.field(description="The ratio asked for, reduced, e.g. '2357:500' for 4.714:1.")
    nearest: list[str] = strawberry.field(description="Nearest buildable down:up ratios, e.g. ['14:3', '33:7'].")


PlanFatTreeResult = Annotated[
    FatTreePlan
    | PlanOversubscriptionError
    | PlanRadixTooSmallError
    | PlanTooManyEndpointsError
    | PlanUnsupportedSplitError
    | NotFoundError
    | ValidationError
    | DatabaseUnavailableError,
    strawberry.union(
        "PlanFatTreeResult",
        description=(
            "The plan, or a typed error: an oversubscription no port split gives exactly, radix too small, "
            "too many endpoints for three tiers of "
            "this switch, an "
            "unsupported split, an unknown switch or end (NotFoundError with suggestions), an invalid spec "
            "(ValidationError with code INVALID_SPEC, RADIX_ODD or VALIDATION_ERROR)."
        ),
    ),
]


def _planner_error(exc: PlannerError) -> PlanFatTreeResult:
    if isinstance(exc, RadixTooSmallError):
        return PlanRadixTooSmallError(code=exc.code, message=exc.message, radix=exc.radix, minimum_radix=exc.minimum)
    if isinstance(exc, TooManyEndpointsError):
        return PlanTooManyEndpointsError(
            code=exc.code, message=exc.message, endpoints=exc.endpoints, limit=exc.limit, tiers=exc.tiers
        )
    if isinstance(exc, OversubscriptionNotBuildableError):
        return PlanOversubscriptionError(
            code=exc.code, message=exc.message, requested=exc.requested, nearest=list(exc.nearest)
        )
    if isinstance(exc, UnsupportedSplitError):
        return PlanUnsupportedSplitError(
            code=exc.code, message=exc.message, requested=exc.requested, supported=list(exc.supported)
        )
    # InvalidSpecError, RadixOddError (and MissingMediumError, which the use case never lets out).
    return ValidationError(code=exc.code, message=exc.message, field="spec")


@strawberry.type(description="One fabric of a comparison in a few figures (see the plan for the detail).")
class FabricSummaryRow:
    switch: str = strawberry.field(description="Catalogue model (OPN) planned on.")
    tiers: int
    switches: Long = strawberry.field(description="Switches in all tiers.")
    links: Long = strawberry.field(description="Links in all tiers.")
    optics: Long = strawberry.field(description="Transceivers in the BOM (switch side per cage, node side per node).")
    cables: Long = strawberry.field(description="Cables and fibers in the BOM.")
    optics_power_w: float | None = strawberry.field(
        description=(
            "Watts: transceiver quantity × typical power, over the transceivers whose power the catalogue holds "
            "with a source; null when it holds none. Switch power is not in the catalogue and never summed."
        )
    )
    power_unverified: list[str] = strawberry.field(
        description="Transceivers without a sourced power figure (unverified, left out of opticsPowerW)."
    )
    tiers_without_medium: list[str] = strawberry.field(
        description="Link tiers with no fitting linkOptions medium (their parts are missing from the BOM)."
    )


@strawberry.type(description="One switch of a comparison: its plan and summary, or its own typed error.")
class FabricComparisonRow:
    switch: str = strawberry.field(description="The switch as asked for.")
    summary: FabricSummaryRow | None = strawberry.field(description="Null when this switch could not be planned.")
    result: PlanFatTreeResult = strawberry.field(description="The plan, or this switch's typed error.")


@strawberry.type(description="The same endpoints planned on several switches, side by side.")
class FabricComparison:
    rows: list[FabricComparisonRow]


CompareFabricsResult = Annotated[
    FabricComparison | ValidationError | DatabaseUnavailableError,
    strawberry.union(
        "CompareFabricsResult",
        description="The comparison, or ValidationError when the spec or the switch list is malformed.",
    ),
]


def _comparison_row(name: str, row: object) -> FabricComparisonRow:
    if isinstance(row, PlannerError):
        return FabricComparisonRow(switch=name, summary=None, result=_planner_error(row))
    if isinstance(row, FabricGraphError):
        return FabricComparisonRow(switch=name, summary=None, result=as_error(row))
    assert isinstance(row, tuple)
    result, summary = row
    return FabricComparisonRow(
        switch=name,
        summary=FabricSummaryRow(
            switch=summary.switch,
            tiers=summary.tiers,
            switches=summary.switches,
            links=summary.links,
            optics=summary.optics,
            cables=summary.cables,
            optics_power_w=summary.optics_power_w,
            power_unverified=list(summary.power_unverified),
            tiers_without_medium=list(summary.tiers_without_medium),
        ),
        result=FatTreePlan.of(result),
    )


@strawberry.type
class PlannerQueries:
    @strawberry.field(
        description=(
            "Plan the same fabric (spec: endpoints, ratio, tiers, layout …) on several catalogue switches "
            "(e.g. QM9700 vs SN5600, InfiniBand vs Ethernet) side by side: per switch the summary (switches, "
            "links, optics, cables, optics power where sourced) and the full plan, or that switch's own typed "
            "error. spec.switch and spec.genericSwitch are ignored; 1 to 8 switches."
        )
    )
    async def compare_fabrics(self, info: Info, spec: FatTreeSpecInput, switches: list[str]) -> CompareFabricsResult:
        planning = PlanningService(info.context.service)
        try:
            request = replace(spec.to_request(), switch=None, generic_switch=None)
            comparison = await call(lambda: planning.compare_fabrics(request, switches))
        except PlannerError as exc:  # the shared spec itself is malformed (a layout, a reservation)
            invalid = ValidationError(code=exc.code, message=exc.message, field="spec")
            note_typed_error(info, invalid)
            return invalid
        except FabricGraphError as exc:
            error = as_error(exc, info)
            assert not isinstance(error, NotFoundError)
            return error
        return FabricComparison(rows=[_comparison_row(name, row) for name, row in comparison.rows])

    @strawberry.field(
        description=(
            "Plan a fat-tree fabric on a catalogue switch: switches per tier and pods, links per "
            "tier and per "
            "leaf–spine pair, ports used and free, the most endpoints, bisection bandwidth per "
            "direction, the "
            "oversubscription achieved, each tier's medium from linkOptions (and why), the BOM "
            "with part numbers "
            "and quantities, warnings, and exports (bomCsv, planJson, cablingCsv, topologySvg). "
            "Errors are union "
            "members, never exceptions."
        )
    )
    async def plan_fat_tree(self, info: Info, spec: FatTreeSpecInput) -> PlanFatTreeResult:
        planning = PlanningService(info.context.service)
        try:
            cost.check_plan_size(spec)
            request = spec.to_request()
            result = await call(lambda: planning.plan_fat_tree(request))
            cost.check_exports(info, result.plan.links.total)
        except PlannerError as exc:
            planned = _planner_error(exc)
            note_typed_error(info, planned)
            return planned
        except FabricGraphError as exc:
            error: ExpectedError = as_error(exc, info)
            return error
        return FatTreePlan.of(result)
