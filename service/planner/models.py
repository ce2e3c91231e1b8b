"""Frozen pydantic models of the fat-tree planner: the spec going in, the plan and BOM coming out.

Vocabulary used throughout (and in every docstring below)::

                core  ─┐            tier "spine_core" (switch-to-switch)
                spine ─┤            tier "leaf_spine" (switch-to-switch)
                leaf  ─┘            tier "node_leaf"  (node-to-switch), "manager_leaf"
      nodes (NICs) + fabric manager

- A *port* is a logical switch port (``SwitchSpec.radix`` counts them). A *cage* holds
  ``ports_per_cage`` ports (a twin-port OSFP cage holds 2). A *link* is one point-to-point
  connection at one speed; a split (breakout) port carries ``legs`` links.
- Speeds are in Gb/s, distances and cable lengths in metres.
- Oversubscription is a *bandwidth* ratio down:up at the leaf (1.0 = non-blocking); spines and
  cores are always non-blocking.

Sources for the conventions: Al-Fares et al., SIGCOMM 2008 (k-ary fat tree); NVIDIA DGX SuperPOD
H100 RA-11333-001 (scalable units, fabric-manager reservation, per-cage transceivers).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    computed_field,
    field_validator,
    model_validator,
)

from service.planner.errors import (
    InvalidSpecError,
    RadixOddError,
    RadixTooSmallError,
)

__all__ = [
    "MIN_RADIX",
    "Bom",
    "BomCategory",
    "BomLine",
    "BreakoutPolicy",
    "CableChoice",
    "CableRow",
    "FabricGeometry",
    "FabricLimits",
    "FabricManagerReservation",
    "LeafLoad",
    "LeafPortSplit",
    "LinkCounts",
    "LinkKind",
    "LinkRequirement",
    "LinkTier",
    "ModuleChoice",
    "Placement",
    "PlacementClass",
    "PlacementDistances",
    "Plan",
    "PlanLayout",
    "PlanSpec",
    "PlanWarning",
    "PortUsage",
    "SplitMode",
    "SwitchCounts",
    "SwitchLoad",
    "SwitchSpec",
    "SwitchTier",
    "TierMedium",
    "WarningCode",
    "load_plan_spec",
    "parse_oversubscription",
]

MIN_RADIX = 4
"""Smallest logical radix accepted: the k=4 fat tree of Al-Fares et al. is the smallest non-trivial one."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")
# Outputs ignore unknown keys so JSON with computed fields (``total``, ``leaf_down``) reads back.
_OUTPUT = ConfigDict(frozen=True)


class LinkTier(StrEnum):
    """A layer of links, named by the two ends it joins (lower end first)."""

    NODE_LEAF = "node_leaf"
    MANAGER_LEAF = "manager_leaf"
    LEAF_SPINE = "leaf_spine"
    SPINE_CORE = "spine_core"


class SwitchTier(StrEnum):
    """A layer of switches."""

    LEAF = "leaf"
    SPINE = "spine"
    CORE = "core"


class LinkKind(StrEnum):
    """What a link joins; the media component picks different parts for each."""

    NODE_TO_SWITCH = "node_to_switch"
    SWITCH_TO_SWITCH = "switch_to_switch"


class PlacementClass(StrEnum):
    """Where the two ends of a tier's links sit; mapped to metres by :class:`PlacementDistances`."""

    IN_RACK = "in_rack"
    WITHIN_ROW = "within_row"
    BETWEEN_ROWS = "between_rows"


class WarningCode(StrEnum):
    """Stable codes of :class:`PlanWarning`."""

    DESIGN_NOT_FULL = "DESIGN_NOT_FULL"
    SPINES_ROUNDED_FOR_EVEN_UPLINKS = "SPINES_ROUNDED_FOR_EVEN_UPLINKS"
    CORES_ROUNDED_FOR_EVEN_UPLINKS = "CORES_ROUNDED_FOR_EVEN_UPLINKS"
    GROWTH_HEADROOM = "GROWTH_HEADROOM"
    POD_NOT_FULL = "POD_NOT_FULL"
    SINGLE_LEAF = "SINGLE_LEAF"
    SINGLE_POD = "SINGLE_POD"
    ENDPOINT_SLOWER_THAN_PORT = "ENDPOINT_SLOWER_THAN_PORT"
    SINGLE_SWITCH = "SINGLE_SWITCH"
    PLANES = "PLANES"
    MEDIA_SKIPPED = "MEDIA_SKIPPED"
    # Media choice (raised by the planning use case, which picks each tier's medium from
    # ``linkOptions``; the pure sizing never emits these):
    NO_VALID_MEDIUM = "NO_VALID_MEDIUM"
    PREFERRED_PART_UNUSED = "PREFERRED_PART_UNUSED"
    MANAGER_MEDIUM_DIFFERS = "MANAGER_MEDIUM_DIFFERS"
    GENERIC_FIBER = "GENERIC_FIBER"
    PART_DISCONTINUED = "PART_DISCONTINUED"
    NODE_END_ASSUMED = "NODE_END_ASSUMED"
    RUN_LENGTH_ASSUMED = "RUN_LENGTH_ASSUMED"


_RATIO = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?::\s*(\d+(?:\.\d+)?)\s*)?$")


def parse_oversubscription(value: str | float | int) -> float:
    """Parse a leaf oversubscription (downlink : uplink bandwidth) into a ratio ``r``.

    Args:
        value: ``"2:1"``, ``"4:3"``, ``"33:7"``, ``"1.5"`` or a number; 1 means non-blocking.

    Returns:
        The ratio r = down / up (dimensionless), at least 1.0.

    Raises:
        InvalidSpecError: The text is not a ratio, a side is zero, or r < 1 (more uplink than
            downlink bandwidth is not a fat-tree leaf).

    Example:
        >>> parse_oversubscription("2:1")
        2.0
    """
    if isinstance(value, bool):
        raise InvalidSpecError(f"oversubscription must be a ratio such as '2:1', not {value!r}")
    if isinstance(value, int | float):
        ratio = float(value)
    else:
        match = _RATIO.match(value)
        if match is None:
            raise InvalidSpecError(f"oversubscription {value!r} is not a ratio such as '2:1' or '1.5'")
        down = float(match.group(1))
        up = float(match.group(2)) if match.group(2) is not None else 1.0
        if down <= 0 or up <= 0:
            raise InvalidSpecError(f"oversubscription {value!r} has a zero side")
        ratio = down / up
    if not ratio >= 1.0:  # also rejects NaN
        raise InvalidSpecError(
            f"oversubscription {value!r} is below 1:1; leaves with more uplink than downlink "
            "bandwidth are not supported"
        )
    return ratio


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise InvalidSpecError(message)


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------


class SplitMode(BaseModel):
    """A breakout a switch port supports, per *logical* port.

    Example: ``{"name": "2xNDR200", "legs": 2, "leg_speed_gbps": 200}`` turns one 400 Gb/s NDR
    port into two 200 Gb/s links, so a 64-port QM9700 offers 128 NDR200 down-links.

    Attributes:
        name: Mode name as the switch documents it.
        legs: Links one split port carries (≥ 2).
        leg_speed_gbps: Speed of each leg in Gb/s; legs x leg speed must not exceed the port speed.
    """

    model_config = _FROZEN

    name: str
    legs: int
    leg_speed_gbps: float

    @model_validator(mode="after")
    def _check(self) -> Self:
        _require(bool(self.name.strip()), "split mode name must not be empty")
        _require(self.legs >= 2, f"split mode {self.name!r}: legs must be at least 2, got {self.legs}")
        _require(self.leg_speed_gbps > 0, f"split mode {self.name!r}: leg speed must be positive")
        return self


class SwitchSpec(BaseModel):
    """One switch model; every switch in the fabric is this model (equal-radix fat tree).

    Attributes:
        model: Model name, e.g. ``"NVIDIA Quantum-2 QM9700"``.
        radix: Logical ports k (a QM9700 has 64 in 32 twin-port cages). Even, at least 4.
        port_speed_gbps: Speed of one logical port in Gb/s (400 for NDR).
        cages: Physical cages (OSFP/QSFP); ``None`` means radix / ports_per_cage.
        ports_per_cage: Logical ports per cage, 1 or 2 (twin-port OSFP = 2). Switch-side
            transceivers are counted per cage.
        split_modes: Breakouts the ports support.

    Raises:
        RadixTooSmallError: radix < 4.
        RadixOddError: odd radix.
        InvalidSpecError: any other value out of range or inconsistent.
    """

    model_config = _FROZEN

    model: str
    radix: int
    port_speed_gbps: float
    cages: int | None = None
    ports_per_cage: int = 1
    split_modes: tuple[SplitMode, ...] = ()

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.radix < MIN_RADIX:
            raise RadixTooSmallError(
                f"switch {self.model!r} has radix {self.radix}; a fat tree needs at least {MIN_RADIX} logical ports",
                radix=self.radix,
                minimum=MIN_RADIX,
            )
        if self.radix % 2:
            raise RadixOddError(
                f"switch {self.model!r} has an odd radix {self.radix}; spines need half their ports down and half up"
            )
        _require(self.port_speed_gbps > 0, f"switch {self.model!r}: port speed must be positive")
        _require(
            self.ports_per_cage in (1, 2),
            f"switch {self.model!r}: ports_per_cage must be 1 or 2, got {self.ports_per_cage}",
        )
        _require(
            self.radix % self.ports_per_cage == 0,
            f"switch {self.model!r}: radix {self.radix} is not a multiple of ports_per_cage {self.ports_per_cage}",
        )
        if self.cages is not None:
            _require(
                self.cages * self.ports_per_cage == self.radix,
                f"switch {self.model!r}: {self.cages} cages x {self.ports_per_cage} ports ≠ radix {self.radix}",
            )
        names = [mode.name for mode in self.split_modes]
        _require(len(names) == len(set(names)), f"switch {self.model!r}: duplicate split mode names")
        for mode in self.split_modes:
            _require(
                mode.legs * mode.leg_speed_gbps <= self.port_speed_gbps,
                f"switch {self.model!r}: split {mode.name!r} ({mode.legs} x {mode.leg_speed_gbps:g} "
                f"Gb/s) exceeds the {self.port_speed_gbps:g} Gb/s port",
            )
        return self

    @property
    def cage_count(self) -> int:
        """Physical cages per switch (radix / ports_per_cage)."""
        return self.radix // self.ports_per_cage


class BreakoutPolicy(BaseModel):
    """Which link tiers use split switch ports, and which split.

    Attributes:
        mode: Split mode name on the switch; ``None`` picks the mode whose leg speed equals the
            endpoint speed when endpoints are slower than a port, and no split otherwise.
        tiers: Link tiers whose switch ports are split. Default: only node-leaf (the leaf's
            down-ports). Splitting ``leaf_spine`` splits both of its ends (leaf up-ports and spine
            down-ports); in three tiers ``leaf_spine`` and ``spine_core`` must be split together.
            The fabric-manager links follow ``node_leaf``.
    """

    model_config = _FROZEN

    mode: str | None = None
    tiers: frozenset[LinkTier] = frozenset({LinkTier.NODE_LEAF})

    @model_validator(mode="after")
    def _check(self) -> Self:
        _require(
            LinkTier.MANAGER_LEAF not in self.tiers,
            "breakout tiers: manager_leaf follows node_leaf and cannot be named on its own",
        )
        return self


class FabricManagerReservation(BaseModel):
    """Node slots given to the fabric manager (e.g. NVIDIA UFM) instead of compute nodes.

    The DGX H100 SuperPOD removes one DGX from a 32-node SU so the UFM can connect: the reserved
    slot still counts toward the scalable units, its leaf ports carry ``ports`` manager links
    (4 in the RA, so Compute+UFM links = GPUs + 4 at every SU count: 31 nodes in 1 SU, 127 in 4).
    Manager port i uses NIC position i % nics_per_node of reserved slot i // nics_per_node, so in a
    rail-optimised fabric the 4 UFM links land on the leaves of rails 1-4.

    Attributes:
        node_slots: Node slots reserved in the whole fabric (the RA's counts fit 1, not 1 per SU).
        ports: Manager links to leaves; at most node_slots x nics_per_node.
    """

    model_config = _FROZEN

    node_slots: int = 1
    ports: int = 4

    @model_validator(mode="after")
    def _check(self) -> Self:
        _require(self.node_slots >= 1, f"fabric manager node_slots must be ≥ 1, got {self.node_slots}")
        _require(self.ports >= 1, f"fabric manager ports must be ≥ 1, got {self.ports}")
        return self


class PlacementDistances(BaseModel):
    """Cable-run length in metres for each placement class. Configurable defaults: 3 / 30 / 100 m.

    The defaults sit at the NDR length classes: passive DAC reaches 3 m, multimode SR optics
    50 m, single-mode DR optics 100 m (NVIDIA MCP7Y00 / MMA4Z00-NS / MMS4X00-NS data).

    Attributes:
        in_rack: Both ends in one rack (m).
        within_row: Ends in different racks of one row (m).
        between_rows: Ends in different rows (m).
    """

    model_config = _FROZEN

    in_rack: float = 3.0
    within_row: float = 30.0
    between_rows: float = 100.0

    @model_validator(mode="after")
    def _check(self) -> Self:
        for name in ("in_rack", "within_row", "between_rows"):
            _require(getattr(self, name) > 0, f"placement distance {name} must be positive (m)")
        return self

    def metres(self, placement: PlacementClass) -> float:
        """Return the distance in metres for a placement class."""
        return float(getattr(self, placement.value))


Placement = PlacementClass | float
"""A tier's placement: a :class:`PlacementClass` or an explicit distance in metres."""


class PlanLayout(BaseModel):
    """Physical layout used to give every link tier a cable length.

    Attributes:
        node_leaf: Placement of node-leaf (and fabric-manager-leaf) links; default ``in_rack``.
        leaf_spine: Placement of leaf-spine links; default ``within_row``.
        spine_core: Placement of spine-core links; default ``between_rows``.
        distances: Metres per placement class (defaults 3 / 30 / 100 m).

    A tier's cable-run length counts as *stated* when its placement is metres, or when the metres
    of its placement class were given in ``distances`` (pydantic's ``model_fields_set``: a field
    given, even at its default value, is stated); otherwise it is the default metres of its
    class, and :meth:`assumed_m` says so (the planning use case reports it as
    ``RUN_LENGTH_ASSUMED``).
    """

    model_config = _FROZEN

    node_leaf: Placement = PlacementClass.IN_RACK
    leaf_spine: Placement = PlacementClass.WITHIN_ROW
    spine_core: Placement = PlacementClass.BETWEEN_ROWS
    distances: PlacementDistances = PlacementDistances()

    @model_validator(mode="after")
    def _check(self) -> Self:
        for name in ("node_leaf", "leaf_spine", "spine_core"):
            value = getattr(self, name)
            if not isinstance(value, PlacementClass):
                _require(value > 0, f"layout {name}: distance must be positive (m), got {value}")
        return self

    def placement(self, tier: LinkTier) -> Placement:
        """Return the placement of a link tier (manager links sit like node links)."""
        if tier in (LinkTier.NODE_LEAF, LinkTier.MANAGER_LEAF):
            return self.node_leaf
        if tier is LinkTier.LEAF_SPINE:
            return self.leaf_spine
        return self.spine_core

    def distance_m(self, tier: LinkTier) -> float:
        """Return the cable-run length of a link tier in metres."""
        value = self.placement(tier)
        if isinstance(value, PlacementClass):
            return self.distances.metres(value)
        return float(value)

    def assumed_m(self, tier: LinkTier) -> float | None:
        """The tier's cable-run length in metres when nobody stated it, else ``None``.

        Stated: the tier's placement is metres, or its placement class's metres were given in
        ``distances``. Example: ``PlanLayout()`` assumes 3 m for node_leaf (in_rack) and 30 m for
        leaf_spine (within_row); ``PlanLayout(node_leaf=5.0)`` states node_leaf's 5 m;
        ``PlanLayout(distances=PlacementDistances(in_rack=2))`` states node_leaf's 2 m.
        """
        value = self.placement(tier)
        if not isinstance(value, PlacementClass) or value.value in self.distances.model_fields_set:
            return None
        return self.distances.metres(value)


class PlanSpec(BaseModel):
    """What to plan: endpoints, the switch, and the design choices.

    Give either ``endpoints`` or ``nodes`` (x ``nics_per_node``); with both they must agree.

    Attributes:
        endpoints: Compute endpoint links (NIC ports) to attach; excludes fabric-manager ports.
        nodes: Compute nodes; endpoints = nodes x nics_per_node.
        nics_per_node: Fabric NICs per node = rails when ``rail_optimized``.
        switch: The switch every tier uses.
        endpoint_speed_gbps: Endpoint link speed in Gb/s; ``None`` = the switch port speed.
            Slower endpoints use the switch split whose leg speed matches (NDR200 on NDR ports).
        breakout: Split policy (which tiers use split ports).
        oversubscription: Leaf down:up bandwidth ratio r ≥ 1. Validated data may give text such
            as ``"2:1"`` (see :func:`load_plan_spec`); typed callers pass a float or
            ``parse_oversubscription("2:1")``.
        tiers: 1 (one switch, no spine tier), 2, 3, or ``None`` for the fewest that fit: one
            switch when every endpoint and fabric-manager link fits its ports (not with rails
            across several leaves or scalable units), else two tiers, else three.
        planes: Independent identical fabrics (one per rail group, as in large rail-optimised
            designs); each node's NICs are split evenly across them, so ``nics_per_node`` must be
            a multiple of ``planes``. Counts in the plan are totals over all planes.
        uplinks_per_pair: Parallel links between each leaf and each spine it connects to (an
            uplink bundle); ``None`` = the planner's choice (the fewest spines that divide the
            uplinks evenly). Must divide the leaf's uplinks.
        rail_optimized: NIC i of every node goes to a leaf of rail i; leaves never mix rails.
        nodes_per_su: Node slots per scalable unit; leaves are built for whole SUs.
        su_count: Scalable units to build; ``None`` = the fewest whole SUs holding every node
            slot (compute nodes plus fabric-manager slots).
        reserved_ports_per_leaf: Leaf ports kept out of the fabric (e.g. management, storage).
        fabric_manager: Node slots and ports given to the fabric manager (UFM), or ``None``.
        layout: Placement / distances used for cable lengths.
    """

    model_config = _FROZEN

    endpoints: int | None = None
    nodes: int | None = None
    nics_per_node: int = 1
    switch: SwitchSpec
    endpoint_speed_gbps: float | None = None
    breakout: BreakoutPolicy = BreakoutPolicy()
    oversubscription: float = 1.0
    tiers: int | None = None
    planes: int = 1
    uplinks_per_pair: int | None = None
    rail_optimized: bool = False
    nodes_per_su: int | None = None
    su_count: int | None = None
    reserved_ports_per_leaf: int = 0
    fabric_manager: FabricManagerReservation | None = None
    layout: PlanLayout = PlanLayout()

    @field_validator("oversubscription", mode="before")
    @classmethod
    def _parse_ratio(cls, value: Any) -> float:
        if isinstance(value, str | int | float):
            return parse_oversubscription(value)
        raise InvalidSpecError(f"oversubscription must be a ratio such as '2:1', not {value!r}")

    @model_validator(mode="after")
    def _check(self) -> Self:
        _require(
            self.endpoints is not None or self.nodes is not None,
            "give endpoints or nodes (x nics_per_node)",
        )
        _require(self.nics_per_node >= 1, f"nics_per_node must be ≥ 1, got {self.nics_per_node}")
        if self.endpoints is not None:
            _require(self.endpoints >= 1, f"endpoints must be ≥ 1, got {self.endpoints}")
        if self.nodes is not None:
            _require(self.nodes >= 1, f"nodes must be ≥ 1, got {self.nodes}")
            if self.endpoints is not None:
                _require(
                    self.endpoints == self.nodes * self.nics_per_node,
                    f"endpoints {self.endpoints} ≠ nodes {self.nodes} x nics_per_node {self.nics_per_node}",
                )
        elif self.endpoints is not None:
            _require(
                self.endpoints % self.nics_per_node == 0,
                f"endpoints {self.endpoints} is not a multiple of nics_per_node {self.nics_per_node}",
            )
        if self.endpoint_speed_gbps is not None:
            _require(self.endpoint_speed_gbps > 0, "endpoint_speed_gbps must be positive")
            _require(
                self.endpoint_speed_gbps <= self.switch.port_speed_gbps,
                f"endpoint speed {self.endpoint_speed_gbps:g} Gb/s exceeds the switch port speed "
                f"{self.switch.port_speed_gbps:g} Gb/s",
            )
        _require(self.tiers in (None, 1, 2, 3), f"tiers must be 1, 2, 3 or None (auto), got {self.tiers}")
        _require(self.planes >= 1, f"planes must be ≥ 1, got {self.planes}")
        _require(
            self.nics_per_node % self.planes == 0,
            f"planes split each node's NICs evenly: nics_per_node {self.nics_per_node} is not a multiple of "
            f"planes {self.planes} (give nodes and nics_per_node, e.g. 1,024 nodes x 8 NICs on 8 planes)",
        )
        if self.uplinks_per_pair is not None:
            _require(self.uplinks_per_pair >= 1, f"uplinks_per_pair must be ≥ 1, got {self.uplinks_per_pair}")
        if self.nodes_per_su is not None:
            _require(self.nodes_per_su >= 1, f"nodes_per_su must be ≥ 1, got {self.nodes_per_su}")
        if self.su_count is not None:
            _require(self.nodes_per_su is not None, "su_count needs nodes_per_su")
            _require(self.su_count >= 1, f"su_count must be ≥ 1, got {self.su_count}")
        _require(
            0 <= self.reserved_ports_per_leaf < self.switch.radix,
            f"reserved_ports_per_leaf must be in 0..{self.switch.radix - 1}, got {self.reserved_ports_per_leaf}",
        )
        if self.fabric_manager is not None:
            capacity = self.fabric_manager.node_slots * self.nics_per_node
            _require(
                self.fabric_manager.ports <= capacity,
                f"fabric manager ports {self.fabric_manager.ports} exceed its {capacity} node-slot "
                f"positions ({self.fabric_manager.node_slots} slots x {self.nics_per_node} NICs)",
            )
        return self

    @property
    def node_count(self) -> int:
        """Compute nodes (endpoints / nics_per_node when only endpoints were given)."""
        if self.nodes is not None:
            return self.nodes
        assert self.endpoints is not None  # the validator guarantees one of the two
        return self.endpoints // self.nics_per_node

    @property
    def endpoint_count(self) -> int:
        """Compute endpoint links (nodes x nics_per_node)."""
        return self.node_count * self.nics_per_node


def load_plan_spec(data: Mapping[str, Any]) -> PlanSpec:
    """Build a :class:`PlanSpec` from plain data, turning every failure into a typed planner error.

    Domain checks already raise typed errors; this also converts pydantic's type errors (a
    string where a number belongs, an unknown field) into :class:`InvalidSpecError`.

    Args:
        data: The spec as a mapping (e.g. parsed JSON or a GraphQL input converted to a dict).

    Returns:
        The validated spec.

    Raises:
        InvalidSpecError: Wrong types, unknown fields or out-of-range values.
        RadixTooSmallError: Switch radix below 4.
        RadixOddError: Odd switch radix.
    """
    try:
        return PlanSpec.model_validate(data)
    except ValidationError as error:
        details = "; ".join(
            f"{'.'.join(str(part) for part in item['loc']) or 'spec'}: {item['msg']}" for item in error.errors()
        )
        raise InvalidSpecError(f"invalid plan spec: {details}") from error


class ModuleChoice(BaseModel):
    """A pluggable module (transceiver) at one end of a tier's links.

    Attributes:
        part_number: Orderable part number.
        ports_per_module: Logical ports one module serves: a twin-port OSFP serves 2. At a
            switch end it must equal the switch's ports_per_cage (one module per cage).
        description: Free text for the BOM line.
    """

    model_config = _FROZEN

    part_number: str
    ports_per_module: int = 1
    description: str = ""

    @model_validator(mode="after")
    def _check(self) -> Self:
        _require(bool(self.part_number.strip()), "module part_number must not be empty")
        _require(self.ports_per_module >= 1, "module ports_per_module must be ≥ 1")
        return self


class CableChoice(BaseModel):
    """The cable or fiber of a tier's links, at one length.

    Attributes:
        part_number: Orderable part number (for that length).
        length_m: Cable length in metres.
        links_per_cable: Links one cable carries: 1, or the legs of a splitter (1:2 → 2). A
            splitter's joined end sits at the tier's upper switch for node tiers (the leaf) and at
            the lower switch for switch-to-switch tiers, and its legs share that switch.
        description: Free text for the BOM line.
    """

    model_config = _FROZEN

    part_number: str
    length_m: float
    links_per_cable: int = 1
    description: str = ""

    @model_validator(mode="after")
    def _check(self) -> Self:
        _require(bool(self.part_number.strip()), "cable part_number must not be empty")
        _require(self.length_m > 0, f"cable {self.part_number}: length must be positive (m)")
        _require(self.links_per_cable >= 1, f"cable {self.part_number}: links_per_cable must be ≥ 1")
        return self


class TierMedium(BaseModel):
    """The medium chosen for one link tier (from ``linkOptions``): modules at each end and a cable.

    End A is the lower end (node, fabric manager, leaf, spine), end B the upper (leaf, spine,
    core). A direct-attach cable has no modules (both ``None``).

    Attributes:
        tier: The link tier this medium serves.
        a_module: Module at end A, or ``None`` (DAC/ACC end, or a built-in port).
        b_module: Module at end B, or ``None``. Must be ``None`` for ``manager_leaf``: the manager
            links use cages of the reserved node slot on the leaf, counted with ``node_leaf``.
        cable: Cable or fiber, with its length.
        reason: Why this medium was chosen (from ``linkOptions``), carried to the BOM.
    """

    model_config = _FROZEN

    tier: LinkTier
    a_module: ModuleChoice | None = None
    b_module: ModuleChoice | None = None
    cable: CableChoice
    reason: str = ""


# ---------------------------------------------------------------------------------------------
# Outputs
# ---------------------------------------------------------------------------------------------


class SwitchCounts(BaseModel):
    """Switches per tier.

    Attributes:
        leaf: Leaf (edge) switches.
        spine: Spine (aggregation) switches.
        core: Core switches; 0 in two tiers.
    """

    model_config = _OUTPUT

    leaf: int
    spine: int
    core: int

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        """All switches."""
        return self.leaf + self.spine + self.core


class LeafPortSplit(BaseModel):
    """How each leaf's logical ports are divided.

    Attributes:
        down: Logical ports facing nodes (split ports count once).
        up: Logical ports facing spines.
        reserved: Ports kept out of the fabric (``reserved_ports_per_leaf``).
        down_links: Endpoint links one leaf can take (down x legs when split), D.
        up_links: Uplinks per leaf (up x legs when split), U.
    """

    model_config = _OUTPUT

    down: int
    up: int
    reserved: int
    down_links: int
    up_links: int


class LinkCounts(BaseModel):
    """Links (cable runs at one link each) per tier.

    Attributes:
        node_leaf: Compute NIC links, always equal to the plan's endpoints.
        manager_leaf: Fabric-manager links (UFM).
        leaf_spine: Every leaf uplink is cabled, also for partly filled leaves (full-SU build).
        spine_core: Every spine uplink is cabled (whole pods); 0 in two tiers.
    """

    model_config = _OUTPUT

    node_leaf: int
    manager_leaf: int
    leaf_spine: int
    spine_core: int

    @computed_field  # type: ignore[prop-decorator]
    @property
    def leaf_down(self) -> int:
        """Leaf down-links in use: compute + fabric manager ("Compute+UFM" in NVIDIA's tables)."""
        return self.node_leaf + self.manager_leaf

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        """All links."""
        return self.node_leaf + self.manager_leaf + self.leaf_spine + self.spine_core


class PortUsage(BaseModel):
    """Logical ports and cages of one switch tier.

    Attributes:
        tier: The switch tier.
        switches: Switches in the tier.
        available: switches x radix.
        used: Ports carrying at least one link (a split port counts once).
        reserved: Ports kept out of the fabric.
        free: available - used - reserved.
        cages_used: Cages holding at least one used port (switch-side modules are counted per
            cage); down- and up-ports never share a cage.
    """

    model_config = _OUTPUT

    tier: SwitchTier
    switches: int
    available: int
    used: int
    reserved: int
    free: int
    cages_used: int


class LinkRequirement(BaseModel):
    """What one link tier needs from a medium; the media component turns it into parts.

    Attributes:
        tier: The link tier.
        kind: Node-to-switch or switch-to-switch.
        count: Links in the tier.
        speed_gbps: Link speed in Gb/s (the leg speed on split ports).
        a_end: Role at the lower end (``node``, ``fabric_manager``, ``leaf``, ``spine``).
        b_end: Role at the upper end (``leaf``, ``spine``, ``core``).
        switch_port_speed_gbps: Speed of the switch port(s) the links land on (Gb/s).
        split_mode: Split mode name used on the switch ports of this tier, or ``None``.
        legs_per_switch_port: Links per switch port (1, or the split's legs).
        distance_m: Cable-run length in metres.
        placement: Placement class the distance came from, ``None`` for an explicit distance.
    """

    model_config = _OUTPUT

    tier: LinkTier
    kind: LinkKind
    count: int
    speed_gbps: float
    a_end: str
    b_end: str
    switch_port_speed_gbps: float
    split_mode: str | None
    legs_per_switch_port: int
    distance_m: float
    placement: PlacementClass | None


class FabricLimits(BaseModel):
    """The most endpoint links this switch, split and oversubscription can take per tier count.

    Per plane: with ``planes`` > 1 every plane has these limits.

    Attributes:
        one_tier_max_endpoints: One switch: its fabric ports x split legs (no spine tier).
        two_tier_max_endpoints: k·legs_up leaves x D endpoints (k²/2 at 1:1 without splits).
        three_tier_max_endpoints: pods x leaves per pod x D (k³/4 at 1:1 without splits).
    """

    model_config = _OUTPUT

    one_tier_max_endpoints: int = 0
    two_tier_max_endpoints: int
    three_tier_max_endpoints: int


class LeafLoad(BaseModel):
    """A group of leaves with the same down-link load.

    Attributes:
        count: Leaves in the group.
        endpoint_links: Compute links on each leaf.
        manager_links: Fabric-manager links on each leaf.
    """

    model_config = _OUTPUT

    count: int
    endpoint_links: int
    manager_links: int


class SwitchLoad(BaseModel):
    """A group of spine or core switches with the same load.

    Attributes:
        count: Switches in the group.
        down_links: Links to the tier below on each switch.
        up_links: Links to the tier above on each switch (0 at the top tier).
    """

    model_config = _OUTPUT

    count: int
    down_links: int
    up_links: int


class FabricGeometry(BaseModel):
    """The closed-form shape the counts, the BOM and the cabling list are derived from.

    Leaves are numbered SU by SU; inside an SU rail by rail (``rail_groups`` = NICs per node when
    rail-optimised, else 1), and inside a rail by lane: lane j takes the SU's units
    [j·D, (j+1)·D) where a unit is a node slot (rail-optimised) or an endpoint position. Nodes
    fill node slots in order; the fabric-manager slots follow the last node. In three tiers pod p
    holds leaves [p·leaves_per_pod, (p+1)·leaves_per_pod) and spines [p·spines_per_pod, …); spine
    q of every pod connects to core group q. With several planes this is one plane's geometry (every
    plane is the same); with one tier it is a single leaf holding every down-link.

    Attributes:
        su_count: Scalable units built (1 when no SU size is given).
        node_slots_per_su: Node slots per SU (all slots when no SU size is given).
        rail_groups: Rails that get their own leaves (1 unless rail-optimised).
        units_per_su: Leaf positions each rail group needs per SU.
        lanes_per_rail: Leaves per rail group per SU.
        leaves_per_su: rail_groups x lanes_per_rail.
        node_leaf_legs: Links per leaf down-port (split legs, or 1).
        node_leaf_split: Split mode name on leaf down-ports, or ``None``.
        inter_switch_legs: Links per switch port on leaf-spine / spine-core (split legs, or 1).
        inter_switch_split: Split mode name on switch-to-switch ports, or ``None``.
        node_leaf_speed_gbps: Endpoint link speed (Gb/s).
        inter_switch_speed_gbps: Switch-to-switch link speed (Gb/s).
        leaves_per_pod: Leaf slots per pod (three tiers; all leaves in two tiers).
        spines_per_pod: Spines per pod (three tiers; all spines in two tiers).
        cores_per_group: Cores each spine position connects to (three tiers), else 0.
        leaf_loads: Leaf groups by down-link load.
        spine_loads: Spine groups by load.
        core_loads: Core groups by load (empty in two tiers).
    """

    model_config = _OUTPUT

    su_count: int
    node_slots_per_su: int
    rail_groups: int
    units_per_su: int
    lanes_per_rail: int
    leaves_per_su: int
    node_leaf_legs: int
    node_leaf_split: str | None
    inter_switch_legs: int
    inter_switch_split: str | None
    node_leaf_speed_gbps: float
    inter_switch_speed_gbps: float
    leaves_per_pod: int
    spines_per_pod: int
    cores_per_group: int
    leaf_loads: tuple[LeafLoad, ...]
    spine_loads: tuple[SwitchLoad, ...]
    core_loads: tuple[SwitchLoad, ...]


class PlanWarning(BaseModel):
    """Something a planner should look at; not an error.

    Attributes:
        code: Stable code.
        message: Explanation with the numbers involved.
    """

    model_config = _OUTPUT

    code: WarningCode
    message: str


class Plan(BaseModel):
    """A sized fat tree. Every count is closed-form; nothing is enumerated per link.

    Conventions:

    - Whole scalable units: leaves come from SU geometry and every leaf uplink is cabled even
      where node slots are empty or reserved (DGX H100 RA: "design to support the full SU,
      including leaf switches and leaf-spine cables"), so 1 SU of 31 DGX + UFM has 256 leaf-spine
      links for 252 used down-links.
    - Spines (two tiers): the smallest count S ≥ ceil(L·U / (k·legs)) that divides U, so every leaf
      has U/S links to every spine (H100 3 SU → 16 spines, not 12).
    - Three tiers: pods of ``leaves_per_pod`` leaf slots with U spines (one link per leaf-spine
      pair), spines non-blocking (half the ports up); spines built for whole pods; each spine
      position's cores: the smallest divisor of its uplinks that gives the cores enough ports.
      Full fabric: k³/4 endpoints, 5k²/4 switches; N endpoints: N/(k/2) leaves, N/(k/2) spines,
      N/k cores.

    Attributes:
        spec: The spec this plan answers.
        tiers: Switch tiers used: 1 (a single switch, counted as one leaf), 2 or 3.
        planes: Independent identical fabrics; every count below is the total over all planes.
        plane_plan: With ``planes`` > 1, the plan of one plane (its geometry, cabling and BOM are
            the per-plane ones, multiplied); ``None`` for a single plane.
        pods: Pods (three tiers); 1 in two tiers, where the whole fabric is one pod.
        switches: Switches per tier.
        leaf_port_split: Leaf ports down/up/reserved and links down/up.
        links: Links per tier.
        links_per_leaf_spine_pair: Links between a leaf and each spine it connects to.
        links_per_spine_core_pair: Links between a spine and each core it connects to (0 in two
            tiers).
        ports: Ports and cages per switch tier.
        switch_cages_used: Cages with a used port over all switches = switch-side modules when
            every module fills one cage.
        nodes: Compute nodes.
        endpoints: Compute endpoint links (= ``links.node_leaf``).
        endpoint_speed_gbps: Endpoint link speed (Gb/s).
        max_endpoints: Endpoint links these leaves can take: leaves x D (leaf down-link capacity,
            fabric-manager links included).
        max_endpoints_adding_leaves: Endpoint links this spine (and core) layer can serve when
            only leaves are added.
        limits: Largest two- and three-tier fabrics of this switch and policy.
        bisection_gbps_per_direction: Bisection bandwidth in Gb/s, per direction: half the
            bandwidth of the narrowest switch-to-switch layer as built (every cabled leaf uplink,
            and spine uplink in three tiers), so N·s/2 for a full non-blocking fabric and N·s/(2r)
            at r:1. A "bidirectional" figure would be twice this.
        oversubscription_achieved: Leaf down:up bandwidth of the port split, r (1.0 = non-blocking).
        oversubscription_label: The same as a reduced ratio, e.g. ``"2:1"``, ``"33:7"``.
        link_requirements: Per tier: count, speed, distance, kind — for ``linkOptions``.
        geometry: The closed-form shape behind the counts.
        warnings: Design not full, rounding for even uplinks, growth headroom, …
    """

    model_config = _OUTPUT

    spec: PlanSpec
    tiers: int
    planes: int = 1
    plane_plan: Plan | None = None
    pods: int
    switches: SwitchCounts
    leaf_port_split: LeafPortSplit
    links: LinkCounts
    links_per_leaf_spine_pair: int
    links_per_spine_core_pair: int
    ports: tuple[PortUsage, ...]
    switch_cages_used: int
    nodes: int
    endpoints: int
    endpoint_speed_gbps: float
    max_endpoints: int
    max_endpoints_adding_leaves: int
    limits: FabricLimits
    bisection_gbps_per_direction: float = Field(
        description="Bisection bandwidth in Gb/s per direction (not bidirectional)."
    )
    oversubscription_achieved: float
    oversubscription_label: str
    link_requirements: tuple[LinkRequirement, ...]
    geometry: FabricGeometry
    warnings: tuple[PlanWarning, ...]

    def port_usage(self, tier: SwitchTier) -> PortUsage:
        """Return the port usage of one switch tier (zeros for a tier the plan lacks)."""
        for usage in self.ports:
            if usage.tier is tier:
                return usage
        return PortUsage(tier=tier, switches=0, available=0, used=0, reserved=0, free=0, cages_used=0)

    def requirement(self, tier: LinkTier) -> LinkRequirement | None:
        """Return the link requirement of a tier, or ``None`` when the plan has no such links."""
        for requirement in self.link_requirements:
            if requirement.tier is tier:
                return requirement
        return None


class BomCategory(StrEnum):
    """Kinds of BOM line."""

    SWITCH = "switch"
    TRANSCEIVER = "transceiver"
    CABLE = "cable"


class BomLine(BaseModel):
    """One rolled-up BOM line.

    Attributes:
        category: Switch, transceiver or cable.
        part_number: Orderable part (the switch model for switches).
        description: Free text.
        quantity: Units to order (transceivers per cage/module, cables per cable).
        length_m: Cable length in metres; ``None`` for switches and modules.
        length_class: Placement class of the cable's tier(s), or ``"explicit"``; ``None`` for
            switches and modules.
        tiers: Switch tiers (switch lines) or link tiers (module and cable lines) it serves.
    """

    model_config = _OUTPUT

    category: BomCategory
    part_number: str
    description: str
    quantity: int
    length_m: float | None = None
    length_class: str | None = None
    tiers: tuple[str, ...]


class Bom(BaseModel):
    """A bill of materials: switches, then transceivers, then cables (by part and length).

    Attributes:
        lines: The rolled-up lines.
    """

    model_config = _OUTPUT

    lines: tuple[BomLine, ...]

    def quantity(self, part_number: str, *, length_m: float | None = None) -> int:
        """Total quantity of a part, optionally only at one length (m)."""
        return sum(
            line.quantity
            for line in self.lines
            if line.part_number == part_number and (length_m is None or line.length_m == length_m)
        )

    def total(self, category: BomCategory) -> int:
        """Total quantity of one category."""
        return sum(line.quantity for line in self.lines if line.category is category)


class CableRow(BaseModel):
    """One row of the cabling list: one link, both ends named.

    A splitter cable has one row per leg; its legs share ``cable_id``.

    Attributes:
        cable_id: Cable label, e.g. ``"LS-000001"``.
        leg: Leg of a splitter (1-based), 1 for a plain cable.
        tier: Link tier.
        a_device: Lower-end device (``node-0001``, ``fm-1``, ``leaf-0001``, ``spine-0001``).
        a_port: Port at end A: ``port3`` on a node, ``cage/port[/leg]`` on a switch (1-based).
        b_device: Upper-end device (``leaf-…``, ``spine-…``, ``core-…``).
        b_port: Port at end B.
        speed_gbps: Link speed (Gb/s).
        length_m: Cable length (m).
        part_number: Cable part, or ``None`` when no medium was given.
    """

    model_config = _OUTPUT

    cable_id: str
    leg: int
    tier: LinkTier
    a_device: str
    a_port: str
    b_device: str
    b_port: str
    speed_gbps: float
    length_m: float
    part_number: str | None
