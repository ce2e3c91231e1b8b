"""Fat-tree planning over the catalogue: the switch comes from the catalogue (or is given by its
numbers), each tier's medium from ``linkOptions`` (the ``linkOptionsBatch`` path); the pure planner
(``service.planner``) does the sizing and the BOM roll-up. ``compare_fabrics`` plans the same request
on several switches side by side.

::

    PlanRequest (switch model or generic switch, endpoints or nodes x NICs, speeds, ratio, tiers,
      │          planes, uplinks per pair, SUs, layout, …)
      ├─ repo.device(switch) ─► Device + Cage ─► switch_spec()     radix = cages x ports per cage,
      │  or generic_switch_spec(GenericSwitch)  ─► SwitchSpec      port speed, split modes (the one
      │                                                             catalogue → planner mapping)
      ├─ plan_fat_tree(PlanSpec) ─► Plan                           closed-form counts and one
      │                                                             LinkRequirement per link tier
      ├─ all tiers in one link_options_batch(                       rate = the tier's link speed,
      │        lower end, upper end, rate, distance)                distance = the tier's layout
      │     ─► ranked options ─► medium policy, fit checks ─► TierMedium + the reason
      │     (skipped, with MEDIA_SKIPPED, for a generic switch without a form factor)
      │
      └─ build_bom(plan, media) ─► Bom                              switches, transceivers per
                                                                    cage, cables per length

Decisions (documented here because callers see their effects):

- Ends. Switch ends are the switch model's cage group. A node end is the adapter model the request
  names (e.g. ``MCX75310AAS-NEAT``) or a bare form factor; without one it is a bare single-port
  cage of the switch's form factor on the adapter side (an endpoint is an adapter port; top style
  unknown), and a ``NODE_END_ASSUMED`` warning says so and how to name the adapter. Without the
  side and port count ``linkOptions`` would offer twin-port switch-side modules at the nodes.
  A bare node (or fabric-manager) end given without a side is taken as the adapter side too (node
  ends are NIC/HCA/DPU cages); its top style and ports stay as given (unknown: not checked), and a
  ``NODE_END_ASSUMED`` warning says so. A side given (even ``switch``) is kept. With the cage's
  ports unknown, an option with a single-port node module comes before one with a twin-port module
  (an endpoint is one adapter port; ``linkOptions`` may rank the DGX cages' twin-port flat-top
  ``MMA4Z00-NS-FLT`` first by part number), and the reason names the one passed over.
  Fabric-manager links use ``manager_end`` (default: the node end).
- Lengths. A tier whose cable-run length the request does not state (no metres for the tier, none
  for its placement class) is planned at its class's default metres (in rack 3 m, within a row
  30 m, between rows 100 m), and a ``RUN_LENGTH_ASSUMED`` warning names the metres per tier.
- No valid medium for a tier is not an error: the plan still comes back, that tier's module and
  cable lines are missing from the BOM, and a ``NO_VALID_MEDIUM`` warning says which tier and why
  (the sizing is right whatever the medium; the buyer needs to see the gap, not lose the plan).
- An option fits a tier only if the planner can count it: a switch-side transceiver serves exactly
  one cage (its ports = the switch's ports per cage); a splitter cable is joined at the leaf on
  node tiers; each switch port carries the tier's legs (1, or the split's legs). ``linkOptions``
  offers straight fibers only, so a split tier needs a splitter cable.
- Logical port speed: the cage's highest listed speed that, times the logical ports per cage, fits
  the form factor's maximum rate (a twin-port OSFP cage of 800 Gb/s carries 2 x 400 Gb/s ports);
  a request may pin another listed speed. Split modes are read from their names (``2xNDR200``:
  2 legs of NDR200 = 200 Gb/s from the catalogue's generations; ``4x200G``: 4 x 200 Gb/s); a mode
  wider than one port but as wide as the cage is taken per cage and divided among its ports.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from service.domain.catalogue import (
    Cage,
    Device,
    DeviceType,
    FormFactor,
    Generation,
    Protocol,
    Side,
    Transceiver,
    logical_ports_at,
)
from service.domain.link import LinkOption, MediumKind
from service.errors import FabricGraphError, InputValidationError
from service.link_batch import LinkQuestion, link_options_batch
from service.planner import (
    Bom,
    BomCategory,
    BomLine,
    BreakoutPolicy,
    CableChoice,
    FabricManagerReservation,
    LinkKind,
    LinkRequirement,
    LinkTier,
    ModuleChoice,
    Plan,
    PlanLayout,
    PlannerError,
    PlanSpec,
    PlanWarning,
    SplitMode,
    SwitchSpec,
    TierMedium,
    WarningCode,
    bom_to_csv,
    build_bom,
    cabling_to_csv,
    plan_fat_tree,
    topology_svg,
)
from service.planner.handoff import netbox_csvs, topology_file
from service.pmd_level import is_generic
from service.rules import RuleContext, check_link, orientations
from service.use_cases import CatalogueService, EndRequest, discontinued_part_numbers

__all__ = [
    "MAX_GENERIC_RADIX",
    "MIN_GENERIC_RADIX",
    "PLAN_JSON_SCHEMA_VERSION",
    "FabricComparison",
    "FabricSummary",
    "GenericSwitch",
    "MediumPolicy",
    "PlanRequest",
    "PlanningResult",
    "PlanningService",
    "SkippedOption",
    "SwitchChoice",
    "TierMediumSelection",
    "fit_option",
    "generic_switch_spec",
    "rate_gbps",
    "switch_spec",
]

MIN_GENERIC_RADIX = 4
"""The smallest generic radix (the k = 4 fat tree of Al-Fares et al.)."""

MAX_GENERIC_RADIX = 4096
"""The largest generic radix accepted (today's largest switches have a few hundred logical ports);
it bounds the planner's per-port work for any request."""

PLAN_JSON_SCHEMA_VERSION = "1.0.0"
"""Version of the ``planJson`` document (``schema/plan.schema.json``): major changes break readers."""

_COPPER = frozenset({MediumKind.PASSIVE_COPPER, MediumKind.ACTIVE_COPPER})
_RATE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:G|Gb/s|Gbps)?\s*$", re.IGNORECASE)
_SPLIT = re.compile(r"^\s*(\d+)\s*x\s*(.+?)\s*$", re.IGNORECASE)


class MediumPolicy(StrEnum):
    """How a tier's medium is picked from the ranked ``linkOptions`` answer.

    ``ranked`` takes the best-ranked option that fits (``linkOptions`` ranks passive copper, active
    copper, AOC, multimode, single-mode, then by reach margin); ``prefer_copper`` tries DAC/ACC
    options first, ``prefer_optics`` AOC and fiber options first; each falls back to the others.
    """

    RANKED = "ranked"
    PREFER_COPPER = "prefer_copper"
    PREFER_OPTICS = "prefer_optics"


@dataclass(frozen=True)
class PlanRequest:
    """A planning question, as the GraphQL input and the CLI give it.

    Attributes:
        switch: Switch model, OPN or alias in the catalogue (e.g. ``"QM9700"``); or give
            ``generic_switch`` instead (exactly one of the two).
        switch_cage: Cage group of the switch, when it has several.
        port_speed_gbps: Logical port speed to plan at (Gb/s); ``None`` = the fastest the cage
            runs per logical port.
        generic_switch: A switch by its numbers (radix, port speed, splits, form factor) with no
            catalogue entry.
        endpoints: Compute endpoint links; or give ``nodes`` (x ``nics_per_node``).
        nodes: Compute nodes.
        nics_per_node: Fabric NICs per node (rails when rail-optimised).
        endpoint_speed: Endpoint link speed as a rate name from the catalogue (``"NDR200"``,
            ``"HDR100"``, ``"NDR"``) or Gb/s text (``"200G"``); slower than a port means a split.
        endpoint_speed_gbps: The same in Gb/s (give one of the two).
        split: Split mode name on the switch (e.g. ``"2xNDR200"``); ``None`` = picked from the
            endpoint speed.
        split_tiers: Link tiers whose switch ports are split (default: node-leaf only).
        oversubscription: Leaf down:up bandwidth, ``"r:1"`` or a number ≥ 1.
        tiers: 1 (one switch), 2, 3 or ``None`` (the fewest that fit).
        planes: Independent identical fabrics, each node's NICs split evenly across them.
        uplinks_per_pair: Links per leaf-spine pair (an uplink bundle); ``None`` = the planner's
            choice.
        rail_optimized: NIC i of every node goes to leaves of rail i.
        nodes_per_su: Node slots per scalable unit (leaves built for whole SUs).
        su_count: Scalable units to build (default: the fewest that hold every slot).
        reserved_ports_per_leaf: Leaf ports kept out of the fabric.
        fabric_manager: Node slots and links reserved for the fabric manager (UFM), or ``None``.
        layout: Placement or metres per tier (defaults: in rack 3 m, within a row 30 m, between
            rows 100 m); a tier whose metres are not stated gets a ``RUN_LENGTH_ASSUMED`` warning.
        node_end: The endpoints' adapter model or a bare form factor; ``None`` = a bare
            single-port adapter-side cage of the switch's form factor (with a ``NODE_END_ASSUMED``
            warning). A bare form factor without a side is taken as the adapter side (with a
            ``NODE_END_ASSUMED`` warning); its top style and ports stay as given.
        manager_end: The fabric manager's adapter or form factor (a bare one without a side: the
            adapter side, as ``node_end``); ``None`` = ``node_end``.
        medium_policy: How each tier's medium is picked from ``linkOptions``.
        preferred_parts: Part numbers to use where an option offers them (as its part or as an
            interchangeable alternative), e.g. ``MMA4Z00-NS-FLT`` for flat-top DGX cages.
        protocol: InfiniBand or Ethernet; ``None`` = the switch cage's protocol when it has one.
    """

    switch: str | None = None
    switch_cage: str | None = None
    port_speed_gbps: float | None = None
    generic_switch: GenericSwitch | None = None
    endpoints: int | None = None
    nodes: int | None = None
    nics_per_node: int = 1
    endpoint_speed: str | None = None
    endpoint_speed_gbps: float | None = None
    split: str | None = None
    split_tiers: frozenset[LinkTier] | None = None
    oversubscription: str | float = "1:1"
    tiers: int | None = None
    planes: int = 1
    uplinks_per_pair: int | None = None
    rail_optimized: bool = False
    nodes_per_su: int | None = None
    su_count: int | None = None
    reserved_ports_per_leaf: int = 0
    fabric_manager: FabricManagerReservation | None = None
    layout: PlanLayout = field(default_factory=PlanLayout)
    node_end: EndRequest | None = None
    manager_end: EndRequest | None = None
    medium_policy: MediumPolicy = MediumPolicy.RANKED
    preferred_parts: tuple[str, ...] = ()
    protocol: Protocol | None = None


@dataclass(frozen=True)
class GenericSwitch:
    """A switch given by its numbers instead of a catalogue model ("radix 64 at 400 Gb/s").

    Attributes:
        radix: Logical ports (even, ≥ 4).
        port_speed_gbps: Speed of one logical port, Gb/s.
        split_modes: Breakouts per logical port as ``"<legs>x<rate>"`` with a rate name from the
            catalogue's generations or Gb/s text: ``"2xNDR200"``, ``"4x100G"``.
        form_factor: The cage form factor (``"OSFP"``, ``"QSFP28"`` …); with it each tier's medium
            comes from ``linkOptions`` between bare cages of this form factor; without it the
            media step is skipped (and a ``MEDIA_SKIPPED`` warning says so).
        ports_per_cage: Logical ports per cage, 1 or 2 (a twin-port OSFP cage holds 2).
        model: A name for the BOM and exports; default ``generic <radix>-port <speed>G``.
    """

    radix: int
    port_speed_gbps: float
    split_modes: tuple[str, ...] = ()
    form_factor: str | None = None
    ports_per_cage: int = 1
    model: str | None = None


@dataclass(frozen=True)
class SwitchChoice:
    """The switch a plan uses and how it was read: a catalogue device, or a generic switch.

    Attributes:
        device: The catalogue device; ``None`` for a generic switch.
        cage: Its cage group the fabric uses; ``None`` for a generic switch.
        spec: The planner's view: radix, port speed (Gb/s), cages, ports per cage, split modes.
        notes: How the port speed and split modes were derived (and what was left out).
        generic_form_factor: A generic switch's form factor, if given.
    """

    device: Device | None
    cage: Cage | None
    spec: SwitchSpec
    notes: tuple[str, ...] = ()
    generic_form_factor: str | None = None

    @property
    def generic(self) -> bool:
        """Whether the switch was given by its numbers rather than a catalogue model."""
        return self.device is None

    @property
    def model(self) -> str:
        """Catalogue model (OPN) or the generic switch's name."""
        return self.device.model if self.device is not None else self.spec.model

    @property
    def name(self) -> str:
        """Catalogue name, or a description of the generic switch."""
        if self.device is not None:
            return self.device.name
        return f"generic {self.spec.radix}-port {self.spec.port_speed_gbps:g} Gb/s switch"

    @property
    def cage_id(self) -> str | None:
        """The cage group id used (``None`` for a generic switch)."""
        return self.cage.id if self.cage is not None else None

    @property
    def form_factor(self) -> str | None:
        """The cage form factor; ``None`` for a generic switch given without one."""
        return self.cage.form_factor if self.cage is not None else self.generic_form_factor


@dataclass(frozen=True)
class SkippedOption:
    """A valid ``linkOptions`` option the planner passed over, and why.

    Attributes:
        rank: Its rank in the ``linkOptions`` answer.
        summary: Its one-line summary.
        why: Why it was not used (does not fit the count model, or the policy preferred another).
    """

    rank: int
    summary: str
    why: str


@dataclass(frozen=True)
class TierMediumSelection:
    """The medium chosen for one link tier, with the question asked and the reason.

    Attributes:
        requirement: The tier's links: count, speed (Gb/s), distance (m), split.
        end_a: How the lower end was resolved (e.g. ``"a OSFP cage"``, ``"MCX75310AAS-NEAT"``).
        end_b: How the upper end was resolved (e.g. ``"MQM9700-NS2F"``).
        option: The ``linkOptions`` option used, or ``None`` when no valid option fits.
        medium: The planner's medium (modules per end, cable and its length), or ``None``.
        options_offered: Valid options ``linkOptions`` returned for the question.
        skipped: Better-ranked options passed over, with the reason.
        reason: Why this medium (summary, reach, margin, rank, policy), or why there is none.
    """

    requirement: LinkRequirement
    end_a: str
    end_b: str
    option: LinkOption | None
    medium: TierMedium | None
    options_offered: int
    skipped: tuple[SkippedOption, ...]
    reason: str


@dataclass(frozen=True)
class PlanningResult:
    """A plan on a catalogue switch with its media and BOM.

    Attributes:
        switch: The switch and how it was read from the catalogue.
        plan: The sized fabric (see :class:`~service.planner.Plan`).
        media: One selection per link tier with links, in tier order.
        bom: Switches, transceivers (per cage / per node), cables per part and length; tiers with
            no valid medium contribute no module or cable lines.
        warnings: The plan's warnings followed by the media warnings.
    """

    switch: SwitchChoice
    plan: Plan
    media: tuple[TierMediumSelection, ...]
    bom: Bom
    warnings: tuple[PlanWarning, ...]

    def tier_media(self) -> list[TierMedium]:
        """The chosen media (tiers without one left out)."""
        return [selection.medium for selection in self.media if selection.medium is not None]

    def tier_lines(self, tier: LinkTier) -> tuple[BomLine, ...]:
        """The transceiver and cable lines one tier contributes to the BOM (empty without a medium).

        Example: FT-DOC-08's 2,040 NDR cables are node_leaf's 1,016 plus leaf_spine's 1,024.
        """
        media = [s.medium for s in self.media if s.requirement.tier is tier and s.medium is not None]
        if not media:
            return ()
        lines = build_bom(self.plan, media, missing_ok=True).lines
        return tuple(line for line in lines if line.category is not BomCategory.SWITCH)

    def bom_csv(self) -> str:
        """The BOM as CSV (columns: category, part_number, description, quantity, length_m, …)."""
        return bom_to_csv(self.bom)

    def cabling_csv(self) -> str:
        """The cabling list as CSV, one row per link (O(links): enumerate only when asked)."""
        return cabling_to_csv(self.plan, self.tier_media(), missing_ok=True)

    def topology_svg(self) -> str:
        """The topology drawing as an SVG document."""
        return topology_svg(self.plan)

    def cable_types(self) -> dict[LinkTier, str]:
        """NetBox cable type slug per tier with a medium: DAC → ``dac-passive``, ACC → ``dac-active``,
        AOC → ``aoc``, fiber → ``mmf-om<n>`` / ``smf-os<n>`` by the option's grade (``mmf``/``smf``
        when the grade has no NetBox slug)."""
        slugs: dict[LinkTier, str] = {}
        for selection in self.media:
            option = selection.option
            if option is None:
                continue
            grade = (option.fiber_type or "").casefold()
            fiber = {"om1", "om2", "om3", "om4", "om5", "os1", "os2"}
            if option.medium is MediumKind.PASSIVE_COPPER:
                slug = "dac-passive"
            elif option.medium is MediumKind.ACTIVE_COPPER:
                slug = "dac-active"
            elif option.medium is MediumKind.ACTIVE_OPTICAL:
                slug = "aoc"
            elif option.medium is MediumKind.MULTIMODE_FIBER:
                slug = f"mmf-{grade}" if grade in fiber else "mmf"
            else:
                slug = f"smf-{grade[:3]}" if grade[:3] in fiber else "smf"
            slugs[selection.requirement.tier] = slug
        return slugs

    def protocol(self) -> str | None:
        """The fabric's protocol name when the switch cage has exactly one (``InfiniBand``, ``Ethernet``)."""
        cage = self.switch.cage
        if cage is None or len(cage.protocols) != 1:
            return None
        return str(cage.protocols[0].value)

    def netbox_csvs(self, *, site: str = "fabric") -> dict[str, str]:
        """NetBox bulk-import CSVs: ``devices.csv``, ``interfaces.csv``, ``cables.csv`` (O(links)).

        Interface types are NetBox slugs from the switch's protocol, port speed and form factor;
        cable types from each tier's medium (see :meth:`cable_types`); the manufacturer is the
        catalogue vendor (``Generic`` for a generic switch).
        """
        device = self.switch.device
        return netbox_csvs(
            self.plan,
            self.tier_media(),
            cable_types=self.cable_types(),
            protocol=self.protocol(),
            form_factor=self.switch.form_factor,
            manufacturer=device.vendor if device is not None else "Generic",
            site=site,
        )

    def topology_file(self) -> str:
        """The plan as an ibnetdiscover-style topology file (switches, ports, peer GUIDs and names)."""
        return topology_file(self.plan)

    def to_json(self, *, indent: int | None = 2) -> str:
        """The whole answer as JSON: switch, plan, media with reasons, BOM, warnings.

        Units as in the models: Gb/s, metres; ``plan.bisection_gbps_per_direction`` is per
        direction. ``plan`` reads back with ``Plan.model_validate``.
        """
        document = {
            "schema_version": PLAN_JSON_SCHEMA_VERSION,
            "switch": {
                "model": self.switch.model,
                "name": self.switch.name,
                "generic": self.switch.generic,
                "cage": self.switch.cage_id,
                "form_factor": self.switch.form_factor,
                "radix": self.switch.spec.radix,
                "port_speed_gbps": self.switch.spec.port_speed_gbps,
                "notes": list(self.switch.notes),
            },
            "plan": self.plan.model_dump(mode="json"),
            "media": [
                {
                    "tier": selection.requirement.tier.value,
                    "end_a": selection.end_a,
                    "end_b": selection.end_b,
                    "medium": selection.medium.model_dump(mode="json") if selection.medium else None,
                    "option_rank": selection.option.rank if selection.option else None,
                    "option_summary": selection.option.summary if selection.option else None,
                    "reach_m": selection.option.reach_m if selection.option else None,
                    "margin_m": selection.option.margin_m if selection.option else None,
                    "reason": selection.reason,
                }
                for selection in self.media
            ],
            "bom": self.bom.model_dump(mode="json"),
            "warnings": [warning.model_dump(mode="json") for warning in self.warnings],
        }
        return json.dumps(document, indent=indent)


@dataclass(frozen=True)
class FabricSummary:
    """One fabric of a comparison, side by side with the others.

    Attributes:
        switch: The catalogue model (OPN) planned on.
        tiers: Switch tiers.
        switches: Switches in all tiers.
        links: Links in all tiers.
        optics: Transceivers in the BOM (switch side per cage, node side per node).
        cables: Cables and fibers in the BOM (a splitter counts once).
        optics_power_w: Sum of transceiver quantity x typical power (W) over the transceivers whose
            power the catalogue holds with a source; ``None`` when it holds none.
        power_unverified: Transceiver part numbers without a sourced power figure (their watts are
            not in ``optics_power_w``). Switch power is not in the catalogue, so it is never summed.
        tiers_without_medium: Link tiers for which linkOptions offered no fitting medium.
    """

    switch: str
    tiers: int
    switches: int
    links: int
    optics: int
    cables: int
    optics_power_w: float | None
    power_unverified: tuple[str, ...]
    tiers_without_medium: tuple[str, ...]


@dataclass(frozen=True)
class FabricComparison:
    """The same endpoints planned on several switches; each switch planned or refused on its own.

    Attributes:
        rows: Per switch asked, in order: its name as given, and the planning result with its
            summary, or the typed error that switch alone raised.
    """

    rows: tuple[tuple[str, tuple[PlanningResult, FabricSummary] | FabricGraphError | PlannerError], ...]


# ---------------------------------------------------------------------------------------------
# Reading the switch from the catalogue (pure)
# ---------------------------------------------------------------------------------------------


def rate_gbps(text: str, generations: Sequence[Generation]) -> float | None:
    """Read a rate name or Gb/s text: ``"NDR200"`` → 200, ``"HDR"`` → 200, ``"400G"`` → 400.

    Args:
        text: An InfiniBand generation or narrow-mode name (as the catalogue's generations list
            them), or a number of Gb/s with an optional ``G`` / ``Gb/s``.
        generations: The catalogue's generations (their narrow modes give NDR200, HDR100 …).

    Returns:
        The rate in Gb/s, or ``None`` when the text names no known rate.
    """
    match = _RATE.match(text)
    if match is not None:
        return float(match.group(1))
    wanted = text.strip().casefold()
    for generation in generations:
        if generation.name.casefold() == wanted:
            return generation.data_rate_gbps
        for mode in generation.narrow_modes:
            if mode.name.casefold() == wanted:
                return mode.data_rate_gbps
    return None


def _port_speed(
    cage: Cage, form_factor: FormFactor | None, pinned: float | None, model: str, endpoint: float | None = None
) -> float:
    """The speed to plan the cage's ports at: the pinned one; else the endpoint speed when the cage
    has a sourced port mode at exactly that speed (SN5600: 128 x 400 Gb/s for 400 Gb/s endpoints,
    64 x 800 Gb/s for 800 Gb/s ones); else the fastest that fits the form factor."""
    cap = form_factor.max_rate_gbps if form_factor is not None else None
    if pinned is None and endpoint is not None and any(m.rate_gbps == endpoint for m in cage.port_modes):
        return endpoint
    if pinned is not None:
        if pinned not in cage.speeds_gbps:
            raise InputValidationError(
                "spec.portSpeedGbps",
                f"{model} {cage.id} cages run at {', '.join(f'{s:g}' for s in cage.speeds_gbps)} Gb/s, not {pinned:g}",
            )
        return pinned
    fitting = [s for s in cage.speeds_gbps if cap is None or s * logical_ports_at(cage, s) <= cap]
    return max(fitting or cage.speeds_gbps)


def _split_modes(
    cage: Cage, port_speed: float, generations: Sequence[Generation]
) -> tuple[tuple[SplitMode, ...], tuple[str, ...]]:
    modes: list[SplitMode] = []
    notes: list[str] = []
    per_cage = cage.logical_ports_per_cage
    for name in cage.split_modes:
        match = _SPLIT.match(name)
        leg = rate_gbps(match.group(2), generations) if match else None
        if match is None or leg is None:
            notes.append(f"split {name!r} left out: its leg rate is not a known rate")
            continue
        legs = int(match.group(1))
        if legs * leg <= port_speed and legs >= 2:
            modes.append(SplitMode(name=name, legs=legs, leg_speed_gbps=leg))
        elif per_cage > 1 and legs % per_cage == 0 and legs * leg <= port_speed * per_cage:
            per_port = legs // per_cage
            if per_port >= 2:
                modes.append(SplitMode(name=name, legs=per_port, leg_speed_gbps=leg))
                notes.append(f"split {name!r} is per cage: {per_port} x {leg:g} Gb/s on each of its {per_cage} ports")
            else:
                notes.append(f"split {name!r} is the cage's {per_cage} logical ports, not a port split")
        else:
            notes.append(f"split {name!r} left out: {legs} x {leg:g} Gb/s exceeds a {port_speed:g} Gb/s port")
    return tuple(modes), tuple(notes)


def switch_spec(
    device: Device,
    cage: Cage,
    *,
    form_factor: FormFactor | None,
    generations: Sequence[Generation],
    port_speed_gbps: float | None = None,
    endpoint_speed_gbps: float | None = None,
) -> SwitchChoice:
    """Read a catalogue switch as the planner's :class:`~service.planner.SwitchSpec`.

    Args:
        device: A catalogue device of type switch.
        cage: The cage group the fabric uses.
        form_factor: The cage's form factor (its ``max_rate_gbps`` caps a cage's bandwidth).
        generations: The catalogue's generations, to read split-mode leg rates.
        port_speed_gbps: A listed speed to plan at instead of the fastest per logical port.

    Returns:
        The switch, its spec (model = the catalogue model, e.g. ``MQM9700-NS2F``; radix =
        cages x logical ports per cage) and notes on how speeds and splits were read.

    Raises:
        InputValidationError: Not a switch, more than 2 logical ports per cage, or a pinned
            speed the cage does not list.
        RadixTooSmallError / RadixOddError: The cage group cannot make a fat tree.

    Example:
        QM9700 (32 OSFP cages x 2 logical ports, 40…400 Gb/s, ``2xNDR200``) → radix 64 at
        400 Gb/s with split 2xNDR200 = 2 x 200 Gb/s.
    """
    if device.device_type is not DeviceType.SWITCH:
        raise InputValidationError(
            "spec.switch", f"{device.model} is not a switch (device type {device.device_type.value})"
        )
    speed = _port_speed(cage, form_factor, port_speed_gbps, device.model, endpoint_speed_gbps)
    # Logical ports per cage at the planned speed (SN5600: 1 at 800 Gb/s, 2 at 400 Gb/s).
    per_cage = logical_ports_at(cage, speed)
    if per_cage > 2:
        raise InputValidationError(
            "spec.switch",
            f"{device.model} {cage.id} cages hold {per_cage} logical ports at {speed:g} Gb/s; the "
            "planner counts transceivers for 1 or 2 per cage",
        )
    at_speed = cage.model_copy(update={"logical_ports_per_cage": per_cage})
    modes, notes = _split_modes(at_speed, speed, generations)
    if port_speed_gbps is None and speed != max(cage.speeds_gbps):
        notes = (
            f"port speed {speed:g} Gb/s: {per_cage} logical ports share a "
            f"{form_factor.max_rate_gbps if form_factor else 0:g} Gb/s {cage.form_factor} cage "
            f"({max(cage.speeds_gbps):g} Gb/s is the whole cage as one port)",
            *notes,
        )
    spec = SwitchSpec(
        model=device.model,
        radix=cage.count * per_cage,
        port_speed_gbps=speed,
        cages=cage.count,
        ports_per_cage=per_cage,
        split_modes=modes,
    )
    return SwitchChoice(device=device, cage=cage, spec=spec, notes=notes)


def generic_switch_spec(generic: GenericSwitch, *, generations: Sequence[Generation]) -> SwitchChoice:
    """Read a generic switch (no catalogue entry) as the planner's :class:`~service.planner.SwitchSpec`.

    Args:
        generic: Radix, port speed (Gb/s), split modes, form factor, ports per cage.
        generations: The catalogue's generations, to read split-mode leg rates (``2xNDR200``).

    Returns:
        The switch choice (no device, no cage), named ``generic <radix>-port <speed>G`` unless a
        model name was given.

    Raises:
        InputValidationError: A split mode that is not ``<legs>x<rate>``, has an unknown rate, or is
            wider than a port.
        RadixTooSmallError / RadixOddError: The radix cannot make a fat tree.
    """
    modes: list[SplitMode] = []
    for name in generic.split_modes:
        match = _SPLIT.match(name)
        leg = rate_gbps(match.group(2), generations) if match else None
        if match is None or leg is None or int(match.group(1)) < 2:
            raise InputValidationError(
                "spec.genericSwitch.splitModes",
                f"{name!r} is not '<legs>x<rate>' with 2 or more legs and a known rate (e.g. 2xNDR200, 4x100G)",
            )
        legs = int(match.group(1))
        if legs * leg > generic.port_speed_gbps:
            raise InputValidationError(
                "spec.genericSwitch.splitModes",
                f"{name!r}: {legs} x {leg:g} Gb/s exceeds a {generic.port_speed_gbps:g} Gb/s port",
            )
        modes.append(SplitMode(name=name, legs=legs, leg_speed_gbps=leg))
    if not MIN_GENERIC_RADIX <= generic.radix <= MAX_GENERIC_RADIX:
        raise InputValidationError(
            "spec.genericSwitch.radix",
            f"radix {generic.radix}: a generic switch has {MIN_GENERIC_RADIX} to {MAX_GENERIC_RADIX:,} logical ports",
        )
    if generic.port_speed_gbps <= 0:
        raise InputValidationError("spec.genericSwitch.portSpeedGbps", "must be > 0 Gb/s")
    if generic.ports_per_cage not in (1, 2):
        raise InputValidationError("spec.genericSwitch.portsPerCage", "must be 1 or 2")
    model = generic.model or f"generic {generic.radix}-port {generic.port_speed_gbps:g}G"
    spec = SwitchSpec(
        model=model,
        radix=generic.radix,
        port_speed_gbps=generic.port_speed_gbps,
        ports_per_cage=generic.ports_per_cage,
        split_modes=tuple(modes),
    )
    notes = ("generic switch: no catalogue entry, so no sourced facts (power, cages) beyond the numbers given",)
    return SwitchChoice(device=None, cage=None, spec=spec, notes=notes, generic_form_factor=generic.form_factor or None)


# ---------------------------------------------------------------------------------------------
# Turning a linkOptions option into a TierMedium (pure)
# ---------------------------------------------------------------------------------------------


def _order(options: Sequence[LinkOption], policy: MediumPolicy) -> list[LinkOption]:
    if policy is MediumPolicy.PREFER_COPPER:
        return sorted(options, key=lambda o: (o.medium not in _COPPER, o.rank))
    if policy is MediumPolicy.PREFER_OPTICS:
        return sorted(options, key=lambda o: (o.medium in _COPPER, o.rank))
    return sorted(options, key=lambda o: o.rank)


def _module(module: Transceiver | None) -> ModuleChoice | None:
    if module is None or not module.part_number:
        return None
    return ModuleChoice(part_number=module.part_number, ports_per_module=module.ports, description=module.description)


def fit_option(option: LinkOption, requirement: LinkRequirement, switch: SwitchSpec) -> TierMedium | str:
    """Turn a ``linkOptions`` option into the planner's :class:`~service.planner.TierMedium`.

    End A of the option is the tier's lower end (node, fabric manager, leaf, spine), end B the
    upper (leaf, spine, core).

    Args:
        option: A valid option from ``CatalogueService.link_options``.
        requirement: The tier's links (speed, distance, legs per switch port, split).
        switch: The fabric's switch (ports per cage).

    Returns:
        The medium (modules with their ports from the catalogue, the cable with its length and
        links per cable), or a sentence saying why the planner cannot count this option:
        a switch-side module that does not fill exactly one cage, a splitter joined at the node,
        a cable or fiber giving a different number of links per switch port than the tier's split.
    """
    link = option.link
    node_tier = requirement.kind is LinkKind.NODE_TO_SWITCH
    legs = requirement.legs_per_switch_port
    adapters = [a for a in (getattr(link, "adapter_a", None), getattr(link, "adapter_b", None)) if a is not None]
    if adapters:
        return f"it needs the cage adapter {adapters[0].part_number}; the planner's BOM does not count cage adapters"
    if is_generic(link.module_a) or is_generic(link.module_b):
        return f"it names no orderable transceiver (PMD level: any MSA-compliant {option.pmd} module)"
    switch_modules = [link.module_b] if node_tier else [link.module_a, link.module_b]
    for module in switch_modules:
        if module is not None and module.ports != switch.ports_per_cage:
            return (
                f"its switch-side {module.part_number} serves {module.ports} port(s) but a {switch.model} "
                f"cage holds {switch.ports_per_cage}"
            )
    if link.cable is not None:
        cable = link.cable
        at_a, at_b = (cable.end_a, cable.end_b) if link.cable_end_at_a == "A" else (cable.end_b, cable.end_a)
        ports_a, ports_b = at_a.plugs * at_a.ports, at_b.plugs * at_b.ports
        links = max(ports_a, ports_b)
        if node_tier and at_b.plugs > at_a.plugs:
            return f"{cable.part_number} splits at the switch end; splitters are counted joined at the leaf"
        legs_b, legs_a = links // ports_b, links // ports_a
        if legs_b != legs or (not node_tier and legs_a != legs):
            return f"{cable.part_number} gives {legs_b} link(s) per switch port; this tier needs {legs}" + (
                f" ({requirement.split_mode})" if requirement.split_mode else ""
            )
        if not cable.part_number:
            return "the cable has no part number"
        choice = CableChoice(
            part_number=cable.part_number,
            length_m=cable.length_m or requirement.distance_m,
            links_per_cable=links,
            description=cable.description,
        )
    elif len(link.fibers) == 1:
        run = link.fibers[0]
        # A splitter fiber's legs sit at one end, its trunk on the split port at the other.
        legs_at = getattr(run, "legs_at", "B")
        if run.legs > 1 and (not node_tier or legs_at != "A"):
            name = run.cable.part_number if run.cable is not None else run.fiber_type
            return (
                f"{name} is a splitter with its legs at the switch end; splitter fibers are counted on node "
                "tiers only, trunk on the split leaf port"
            )
        if run.legs != legs:
            return (
                f"straight fiber carries one link per switch port; {requirement.split_mode} needs {legs} (a splitter)"
                if run.legs == 1
                else f"the splitter gives {run.legs} links per switch port; this tier needs {legs}"
            )
        if run.cable is not None and run.cable.part_number:
            choice = CableChoice(
                part_number=run.cable.part_number,
                length_m=run.cable.length_m or run.length_m,
                links_per_cable=run.legs,
                description=run.cable.description,
            )
        else:
            choice = CableChoice(
                part_number=f"{run.fiber_type} fiber {run.connector_a}",
                length_m=run.length_m,
                description=(
                    f"{run.fiber_type} fiber, {run.connector_a} to {run.connector_b}, {run.length_m:g} m "
                    "(structured cabling; no catalogue part)"
                ),
            )
    else:
        return "the option has no single cable or fiber per link"
    return TierMedium(
        tier=requirement.tier,
        a_module=_module(link.module_a),
        b_module=None if requirement.tier is LinkTier.MANAGER_LEAF else _module(link.module_b),
        cable=choice,
        reason=option.summary,
    )


# ---------------------------------------------------------------------------------------------
# The use case
# ---------------------------------------------------------------------------------------------


@dataclass
class _Ends:
    node: EndRequest
    manager: EndRequest
    switch: EndRequest
    protocol: Protocol | None


class PlanningService:
    """Plan fat trees on catalogue switches with media from ``linkOptions``.

    Args:
        catalogue: The catalogue use cases (its repository reads devices, generations and parts;
            its ``link_options`` answers each tier's medium question).
    """

    def __init__(self, catalogue: CatalogueService) -> None:
        self.catalogue = catalogue
        self.repo = catalogue.repo

    def switch(
        self,
        name: str,
        cage: str | None = None,
        port_speed_gbps: float | None = None,
        endpoint_speed_gbps: float | None = None,
    ) -> SwitchChoice:
        """Read a catalogue switch as a :class:`~service.planner.SwitchSpec` (ports at
        ``port_speed_gbps``, or at ``endpoint_speed_gbps`` where the cage has a port mode at it).

        Raises:
            UnknownDeviceError: No such model (with the closest names).
            InputValidationError: Not a switch; several cage groups and none chosen; a pinned
                speed the cage does not list.
        """
        end = self.catalogue.resolve_end(EndRequest(device=name, cage=cage), "spec.switch")
        assert end.device is not None
        form_factor = self.repo.form_factor(end.cage.form_factor)
        return switch_spec(
            end.device,
            end.cage,
            form_factor=form_factor,
            generations=self.repo.generations(),
            port_speed_gbps=port_speed_gbps,
            endpoint_speed_gbps=endpoint_speed_gbps,
        )

    def plan_fat_tree(self, request: PlanRequest) -> PlanningResult:
        """Plan a fat tree on a catalogue switch and pick every tier's medium from ``linkOptions``.

        Args:
            request: The question (see :class:`PlanRequest`).

        Returns:
            Switch, plan, media with reasons, BOM and warnings.

        Raises:
            UnknownDeviceError / UnknownFormFactorError: The switch, node end or manager end is
                not in the catalogue (with suggestions).
            InputValidationError: Malformed request values (an unknown rate name, a pinned port
                speed the cage lacks, an end that is not a switch).
            PlannerError subclasses: RadixTooSmallError, RadixOddError, TooManyEndpointsError,
                UnsupportedSplitError, InvalidSpecError (see ``service.planner.errors``).
        """
        # Step 1: the speeds and the switch.
        endpoint_speed = request.endpoint_speed_gbps
        if request.endpoint_speed is not None:
            if endpoint_speed is not None:
                raise InputValidationError("spec.endpointSpeed", "give endpointSpeed or endpointSpeedGbps, not both")
            endpoint_speed = rate_gbps(request.endpoint_speed, self.repo.generations())
            if endpoint_speed is None:
                raise InputValidationError(
                    "spec.endpointSpeed",
                    f"{request.endpoint_speed!r} is not a rate name (e.g. NDR200, HDR100, NDR) or Gb/s (e.g. 200G)",
                )
        switch = self._switch_of(request, endpoint_speed)
        # Step 2: size the fabric (pure).
        breakout = BreakoutPolicy(
            mode=request.split,
            **({"tiers": request.split_tiers} if request.split_tiers is not None else {}),
        )
        spec = PlanSpec(
            endpoints=request.endpoints,
            nodes=request.nodes,
            nics_per_node=request.nics_per_node,
            switch=switch.spec,
            endpoint_speed_gbps=endpoint_speed,
            breakout=breakout,
            oversubscription=request.oversubscription,  # parsed by the model
            tiers=request.tiers,
            planes=request.planes,
            uplinks_per_pair=request.uplinks_per_pair,
            rail_optimized=request.rail_optimized,
            nodes_per_su=request.nodes_per_su,
            su_count=request.su_count,
            reserved_ports_per_leaf=request.reserved_ports_per_leaf,
            fabric_manager=request.fabric_manager,
            layout=request.layout,
        )
        plan = plan_fat_tree(spec)
        # Step 3: one linkOptions question per tier (one batch), then the medium that fits.
        assumed: tuple[PlanWarning, ...] = _run_lengths_assumed(plan, request.layout)
        if switch.form_factor is None:
            media: tuple[TierMediumSelection, ...] = ()
            media_warnings: tuple[PlanWarning, ...] = (
                PlanWarning(
                    code=WarningCode.MEDIA_SKIPPED,
                    message=(
                        f"{switch.model} has no form factor: no linkOptions question was asked, so the plan "
                        "has no media and the BOM lists switches only (give genericSwitch.formFactor for media)"
                    ),
                ),
            )
        else:
            ends = self._ends(request, switch)
            media, media_warnings = self._media(plan, switch, ends, request)
            assumed = (*_ends_assumed(switch.form_factor, plan, request), *assumed)
        # Step 4: the BOM from the media found (tiers without one are left out, with a warning).
        bom = build_bom(plan, [s.medium for s in media if s.medium is not None], missing_ok=True)
        return PlanningResult(
            switch=switch,
            plan=plan,
            media=media,
            bom=bom,
            warnings=(*plan.warnings, *assumed, *media_warnings),
        )

    def compare_fabrics(self, request: PlanRequest, switches: Sequence[str]) -> FabricComparison:
        """Plan the same request on several catalogue switches (e.g. QM9700 vs SN5600), side by side.

        Args:
            request: The fabric (endpoints, ratio, tiers, layout …); its ``switch`` is replaced by each
                of ``switches`` in turn (a ``generic_switch`` is ignored).
            switches: Catalogue models, OPNs or aliases; 1 to 8.

        Returns:
            One row per switch: the plan and its summary (switches, links, optics, cables, optics
            power where the catalogue sources it), or that switch's own typed error (unknown model,
            too many endpoints for it, a ratio its radix cannot build …).

        Raises:
            InputValidationError: No switch, or more than 8.
        """
        if not 1 <= len(switches) <= 8:
            raise InputValidationError("switches", f"compare 1 to 8 switches, not {len(switches)}")
        rows: list[tuple[str, tuple[PlanningResult, FabricSummary] | FabricGraphError | PlannerError]] = []
        for name in switches:
            try:
                result = self.plan_fat_tree(replace(request, switch=name, generic_switch=None))
            except (FabricGraphError, PlannerError) as error:
                rows.append((name, error))
                continue
            rows.append((name, (result, self._summary(result))))
        return FabricComparison(rows=tuple(rows))

    def _summary(self, result: PlanningResult) -> FabricSummary:
        optics = [line for line in result.bom.lines if line.category is BomCategory.TRANSCEIVER]
        cables = [line for line in result.bom.lines if line.category is BomCategory.CABLE]
        parts = self.repo.parts([line.part_number for line in optics]) if optics else {}
        power = 0.0
        known = False
        unverified: list[str] = []
        for line in optics:
            watts = getattr(parts.get(line.part_number), "power_w", None)
            if watts is None:
                unverified.append(line.part_number)
                continue
            power += line.quantity * watts
            known = True
        plan = result.plan
        return FabricSummary(
            switch=result.switch.model,
            tiers=plan.tiers,
            switches=plan.switches.total,
            links=plan.links.total,
            optics=sum(line.quantity for line in optics),
            cables=sum(line.quantity for line in cables),
            optics_power_w=round(power, 3) if known else None,
            power_unverified=tuple(unverified),
            tiers_without_medium=tuple(s.requirement.tier.value for s in result.media if s.medium is None),
        )

    def _switch_of(self, request: PlanRequest, endpoint_speed: float | None) -> SwitchChoice:
        """The catalogue switch or the generic one (exactly one must be given)."""
        if (request.switch is None) == (request.generic_switch is None):
            raise InputValidationError("spec.switch", "give a catalogue switch or a genericSwitch (exactly one)")
        if request.generic_switch is not None:
            return generic_switch_spec(request.generic_switch, generations=self.repo.generations())
        assert request.switch is not None
        return self.switch(request.switch, request.switch_cage, request.port_speed_gbps, endpoint_speed)

    def _ends(self, request: PlanRequest, switch: SwitchChoice) -> _Ends:
        assert switch.form_factor is not None
        # An endpoint of a fat tree is an adapter port: without a named adapter, a single-port cage of
        # the switch's form factor on the adapter side (top style unknown, so not checked).
        # A bare end given without a side is an adapter cage too (its top style and ports as given).
        node = _adapter_side(request.node_end) or EndRequest(form_factor=switch.form_factor, side=Side.ADAPTER, ports=1)
        manager = _adapter_side(request.manager_end) or node
        if switch.device is None or switch.cage is None:  # generic: a bare cage of its form factor
            return _Ends(
                node=node,
                manager=manager,
                switch=EndRequest(form_factor=switch.form_factor),
                protocol=request.protocol,
            )
        protocols = switch.cage.protocols
        protocol = request.protocol or (protocols[0] if len(protocols) == 1 else None)
        return _Ends(
            node=node,
            manager=manager,
            switch=EndRequest(device=switch.device.model, cage=switch.cage.id),
            protocol=protocol,
        )

    def _media(
        self, plan: Plan, switch: SwitchChoice, ends: _Ends, request: PlanRequest
    ) -> tuple[tuple[TierMediumSelection, ...], tuple[PlanWarning, ...]]:
        # Every tier's question in one batch (the linkOptionsBatch path; equal questions asked once).
        lowers = {LinkTier.NODE_LEAF: ends.node, LinkTier.MANAGER_LEAF: ends.manager}
        questions = [
            LinkQuestion(
                end_a=lowers.get(requirement.tier, ends.switch),
                end_b=ends.switch,
                rate_gbps=requirement.speed_gbps,
                distance_m=requirement.distance_m,
                protocol=ends.protocol,
            )
            for requirement in plan.link_requirements
        ]
        answers = link_options_batch(self.catalogue, questions)
        preferred = {p.strip().casefold() for p in request.preferred_parts if p.strip()}
        used_preferred: set[str] = set()
        selections: list[TierMediumSelection] = []
        warnings: list[PlanWarning] = []
        alternatives = self._alternative_modules(request.preferred_parts)
        node_switch_module: str | None = None
        for requirement, answer in zip(plan.link_requirements, answers, strict=True):
            if isinstance(answer, FabricGraphError):
                raise answer  # an unknown end or a bad number: the whole plan is refused, as before
            end_a, end_b, options = answer.spec.end_a.label, answer.spec.end_b.label, answer.options
            if requirement.kind is LinkKind.NODE_TO_SWITCH:
                options = _legs_at_node(options, self.catalogue.rule_context())
            want_switch_module = node_switch_module if requirement.tier is LinkTier.MANAGER_LEAF else None
            lower = lowers.get(requirement.tier)
            selection = _select(
                requirement,
                options,
                switch.spec,
                request.medium_policy,
                preferred,
                alternatives,
                want_switch_module,
                end_a,
                end_b,
                node_ports_unknown=lower is not None and not lower.device and lower.ports is None,
            )
            if selection.medium is not None:
                used_preferred |= _parts_of(selection.medium) & preferred
            if requirement.tier is LinkTier.NODE_LEAF and selection.option is not None:
                module_b = selection.option.link.module_b
                node_switch_module = module_b.part_number if module_b is not None else ""
            selections.append(selection)
            warnings.extend(_selection_warnings(selection, want_switch_module))
        unused = sorted(p for p in request.preferred_parts if p.strip().casefold() not in used_preferred)
        if unused:
            warnings.append(
                PlanWarning(
                    code=WarningCode.PREFERRED_PART_UNUSED,
                    message=(
                        f"preferred part(s) {', '.join(unused)} are in no fitting linkOptions option of "
                        "any tier (neither as the option's part nor as an alternative)"
                    ),
                )
            )
        return tuple(selections), tuple(warnings)

    def _alternative_modules(self, numbers: Sequence[str]) -> dict[str, Transceiver]:
        """Preferred transceivers by folded part number (unknown numbers are simply unused)."""
        if not numbers:
            return {}
        found = self.repo.parts(list(numbers))
        return {
            (part.part_number or name).casefold(): part for name, part in found.items() if isinstance(part, Transceiver)
        }


def _bare_without_side(end: EndRequest | None) -> bool:
    """Whether a requested end is a bare form factor (no device) that states no side."""
    return end is not None and not end.device and end.side is None


def _adapter_side(end: EndRequest | None) -> EndRequest | None:
    """A node or fabric-manager end as planned: a bare form factor without a side on the adapter
    side (node ends are NIC/HCA/DPU cages; its top style and ports stay as given); any other end
    as it is."""
    if end is None or not _bare_without_side(end):
        return end
    return replace(end, side=Side.ADAPTER)


def _ends_assumed(form_factor: str, plan: Plan, request: PlanRequest) -> list[PlanWarning]:
    """The ``NODE_END_ASSUMED`` warnings: the default node end, and each bare node or fabric-manager
    end given without a side (taken as the adapter side)."""
    warnings = [_node_end_assumed(form_factor, plan, request)] if request.node_end is None else []
    manager_links = any(r.tier is LinkTier.MANAGER_LEAF for r in plan.link_requirements)
    named = [("node end", "nodeEnd", "--node-side", request.node_end)]
    if manager_links:
        named.append(("fabric manager's end", "fabricManager.end", "", request.manager_end))
    for whose, field_name, option, end in named:
        if not _bare_without_side(end):
            continue
        assert end is not None and end.form_factor is not None
        words = [
            f"{end.top_style.value}-top" if end.top_style is not None else "",
            {1: "single-port", 2: "twin-port"}.get(end.ports or 0, ""),
            end.form_factor,
        ]
        unstated = [name for name, value in (("top style", end.top_style), ("port count", end.ports)) if value is None]
        unchecked = (
            f"; its {' and '.join(unstated)} {'was' if len(unstated) == 1 else 'were'} not given, so not checked"
            if unstated
            else ""
        )
        how = f"GraphQL {field_name} side: SWITCH" + (f", CLI {option} switch" if option else "")
        warnings.append(
            PlanWarning(
                code=WarningCode.NODE_END_ASSUMED,
                message=(
                    f"the {whose} {end.form_factor} was given without a side: it was taken to be an adapter-side "
                    f"{' '.join(w for w in words if w)} cage (node ends are NIC/HCA/DPU cages), so switch-side "
                    f"parts are not offered for it{unchecked}; if it is a switch cage, give the side ({how})"
                ),
            )
        )
    return warnings


def _run_lengths_assumed(plan: Plan, layout: PlanLayout) -> tuple[PlanWarning, ...]:
    """The ``RUN_LENGTH_ASSUMED`` warning: the metres the plan assumed for each tier with links whose
    cable-run length the request did not state (none when every tier's length is stated)."""
    assumed: dict[LinkTier, tuple[float, str]] = {}
    for requirement in plan.link_requirements:
        metres = layout.assumed_m(requirement.tier)
        if metres is not None and requirement.count > 0:
            assumed[requirement.tier] = (metres, str(layout.placement(requirement.tier)))
    if not assumed:
        return ()
    each = ", ".join(f"{tier.value} {metres:g} m ({placement})" for tier, (metres, placement) in assumed.items())
    return (
        PlanWarning(
            code=WarningCode.RUN_LENGTH_ASSUMED,
            message=(
                f"no cable-run length was given, so the plan assumed {each}: each tier's medium and cable "
                "length were picked for that run; give the real lengths (GraphQL layout "
                "{nodeLeaf: {distanceM: 5}} or inRackM / withinRowM / betweenRowsM; CLI --node-leaf 5 "
                "--leaf-spine 50 --spine-core 150)"
            ),
        ),
    )


def _node_end_assumed(form_factor: str, plan: Plan, request: PlanRequest) -> PlanWarning:
    """The ``NODE_END_ASSUMED`` warning: no node adapter was given, so the node end (and the fabric
    manager's, when it has links and no end of its own) was taken to be a bare single-port
    adapter-side cage of the switch's form factor."""
    manager = request.manager_end is None and any(r.tier is LinkTier.MANAGER_LEAF for r in plan.link_requirements)
    whose = "node end (and the fabric manager's)" if manager else "node end"
    return PlanWarning(
        code=WarningCode.NODE_END_ASSUMED,
        message=(
            f"no node adapter was given: the {whose} was assumed to be an adapter-side single-port "
            f"{form_factor} cage (top style unknown, not checked); give the adapter for its own cages "
            '(GraphQL nodeEnd {device: "MCX75310AAS-NEAT"}, CLI --node-adapter MCX75310AAS-NEAT; '
            "or nodeEnd formFactor / --node-form-factor)"
        ),
    )


def _legs_at_node(options: Sequence[LinkOption], ctx: RuleContext) -> tuple[LinkOption, ...]:
    """Each option over a splitter fiber placed with its legs at the switch end (end B, the way
    :func:`~service.rules.orientations` tries first) turned round, legs at the node end (A) and trunk
    on the split leaf port, when the rules find it valid that way too: the planner counts splitters
    on node tiers that way only (MMA4Z00-NS400 + MFP7E20 + MMA4Z00-NS for 2xNDR200), so an option
    linkOptions placed the other way round is not lost. Others are kept as they are."""
    out = []
    for option in options:
        link = option.link
        if link.cable is None and len(link.fibers) == 1 and link.fibers[0].legs > 1 and link.fibers[0].legs_at == "B":
            flipped = next((o for o in orientations(link) if o.fibers[0].legs_at == "A"), None)
            verdict = check_link(flipped, ctx) if flipped is not None else None
            if flipped is not None and verdict is not None and verdict.valid:
                option = option.model_copy(update={"link": flipped, "verdict": verdict})
        out.append(option)
    return tuple(out)


def _parts_of(medium: TierMedium) -> set[str]:
    names = {medium.cable.part_number.casefold()}
    for module in (medium.a_module, medium.b_module):
        if module is not None:
            names.add(module.part_number.casefold())
    return names


def _with_preferred(
    option: LinkOption,
    medium: TierMedium,
    preferred: set[str],
    alternatives: dict[str, Transceiver],
    switch: SwitchSpec,
) -> tuple[TierMedium, list[str]]:
    """Swap in preferred interchangeable modules the option lists as alternatives."""
    swaps: list[str] = []
    updates: dict[str, ModuleChoice] = {}
    for part in option.parts:
        if part.role not in ("module_a", "module_b") or part.part_number is None:
            continue
        if part.part_number.casefold() in preferred:
            continue
        for alternative in part.alternatives:
            module = alternatives.get(alternative.casefold())
            if alternative.casefold() not in preferred or module is None:
                continue
            is_switch_end = part.role == "module_b" or medium.tier in (
                LinkTier.LEAF_SPINE,
                LinkTier.SPINE_CORE,
            )
            if is_switch_end and module.ports != switch.ports_per_cage:
                continue
            if part.role == "module_b" and medium.tier is LinkTier.MANAGER_LEAF:
                continue
            field_name = "a_module" if part.role == "module_a" else "b_module"
            updates[field_name] = ModuleChoice(
                part_number=module.part_number or alternative,
                ports_per_module=module.ports,
                description=module.description,
            )
            swaps.append(f"{module.part_number} in place of {part.part_number} (preferred, interchangeable)")
            break
    return (medium.model_copy(update=updates) if updates else medium), swaps


def _select(
    requirement: LinkRequirement,
    options: Sequence[LinkOption],
    switch: SwitchSpec,
    policy: MediumPolicy,
    preferred: set[str],
    alternatives: dict[str, Transceiver],
    want_switch_module: str | None,
    end_a: str,
    end_b: str,
    *,
    node_ports_unknown: bool = False,
) -> TierMediumSelection:
    """The medium for one tier: the first option (in policy order) the planner can count, options of
    current parts before those naming a discontinued part, then a preferred part or the compute
    links' switch-side module. ``node_ports_unknown``: the node end is a bare cage whose port count
    was not given, so an option with a single-port node-side module comes before one with a
    twin-port module (one adapter port per endpoint, as the default node end; a twin-port plug in a
    single-port NIC cage would be refused); the twin-port one is passed over, with the reason."""
    question = (
        f"{requirement.count:,} {requirement.tier.value} link(s) at {requirement.speed_gbps:g} Gb/s over "
        f"{requirement.distance_m:g} m between {end_a} and {end_b}"
    )
    # Step 1: every option the planner can count, in policy order.
    fitting: list[tuple[LinkOption, TierMedium]] = []
    unfit: list[SkippedOption] = []
    for option in _order(options, policy):
        fit = fit_option(option, requirement, switch)
        if isinstance(fit, str):
            unfit.append(SkippedOption(rank=option.rank, summary=option.summary, why=fit))
        else:
            fitting.append((option, fit))
    # A discontinued part cannot be ordered new: whatever the policy, an option naming one comes after
    # every fitting option of current parts (linkOptions already ranks it so; a policy may not undo it).
    in_policy_order = {id(o): i for i, (o, _) in enumerate(fitting)}

    def multi_port_node_module(medium: TierMedium) -> bool:
        return node_ports_unknown and medium.a_module is not None and medium.a_module.ports_per_module > 1

    if not any(not multi_port_node_module(m) for _, m in fitting):
        node_ports_unknown = False  # only twin-port node modules fit: no preference among them
    fitting.sort(key=lambda pair: (bool(_discontinued(pair[0])), multi_port_node_module(pair[1])))
    if not fitting:
        why = "; ".join(f"rank {s.rank} {s.summary}: {s.why}" for s in unfit)
        reason = (
            f"linkOptions offers no valid medium for {question}"
            if not options
            else f"none of the {len(options)} linkOptions option(s) for {question} fits: {why}"
        )
        return TierMediumSelection(
            requirement=requirement,
            end_a=end_a,
            end_b=end_b,
            option=None,
            medium=None,
            options_offered=len(options),
            skipped=tuple(unfit),
            reason=reason,
        )
    # Step 2: the first that holds a preferred part (as its part or an alternative), the manager
    # tier's that shares the compute links' switch module, else the first.
    chosen_index = 0
    notes: list[str] = []
    # neither step picks an option naming a discontinued part while one of current parts fits
    current = not _discontinued(fitting[0][0])
    if want_switch_module is not None:
        for index, (option, _) in enumerate(fitting):
            if current and _discontinued(option):
                break
            module_b = option.link.module_b
            if (module_b.part_number if module_b is not None else "") == want_switch_module:
                chosen_index = index
                break
    if preferred:
        for index, (option, _) in enumerate(fitting):
            if current and _discontinued(option):
                break
            names = {p.part_number.casefold() for p in option.parts if p.part_number}
            names |= {a.casefold() for p in option.parts for a in p.alternatives}
            if names & preferred:
                chosen_index = index
                notes.append("holds a preferred part")
                break
    option, medium = fitting[chosen_index]
    medium, swaps = _with_preferred(option, medium, preferred, alternatives, switch)
    skipped = list(unfit) + [
        SkippedOption(
            rank=o.rank,
            summary=o.summary,
            why=f"rank {option.rank} holds a preferred part or the compute links' switch-side module",
        )
        for o, _ in fitting[:chosen_index]
    ]
    # an option of a discontinued part that the policy put ahead of the chosen one (PREFER_COPPER's ACC)
    dropped = [
        SkippedOption(rank=o.rank, summary=o.summary, why=f"names discontinued {', '.join(gone)}")
        for o, _ in fitting[chosen_index + 1 :]
        if current and in_policy_order[id(o)] < in_policy_order[id(option)] and (gone := _discontinued(o))
    ]
    skipped += dropped
    # an option with a twin-port node-side module ranked ahead of the chosen one (node ports unknown)
    demoted = [
        SkippedOption(
            rank=o.rank,
            summary=o.summary,
            why=(
                f"its node-side {m.a_module.part_number} is {m.a_module.ports_per_module}-port and the node cage's "
                "port count was not given: single-port node modules come first (give the node end's ports)"
            ),
        )
        for o, m in fitting[chosen_index + 1 :]
        if m.a_module is not None
        and multi_port_node_module(m)
        and in_policy_order[id(o)] < in_policy_order[id(option)]
        and not (current and _discontinued(o))
    ]
    skipped += demoted
    policy_note = "" if policy is MediumPolicy.RANKED else f", policy {policy.value}"
    reach = (
        f"; reach {option.reach_m:g} m, margin {option.margin_m:g} m"
        if option.reach_m is not None and option.margin_m is not None
        else ""
    )
    reason = f"{option.summary} — linkOptions rank {option.rank} of {len(options)}{policy_note} for {question}{reach}"
    if swaps:
        reason += "; " + "; ".join(swaps)
    passed = [s for s in skipped if s.rank < option.rank or s in dropped or s in demoted]
    if passed:
        reason += "; passed over: " + "; ".join(f"rank {s.rank} {s.summary} ({s.why})" for s in passed)
    medium = medium.model_copy(update={"reason": reason})
    return TierMediumSelection(
        requirement=requirement,
        end_a=end_a,
        end_b=end_b,
        option=option,
        medium=medium,
        options_offered=len(options),
        skipped=tuple(sorted(skipped, key=lambda s: s.rank)),
        reason=reason,
    )


def _discontinued(option: LinkOption) -> list[str]:
    """The part numbers of the option's parts whose catalogue status is ``discontinued``, in link
    order (:func:`~service.use_cases.discontinued_part_numbers`)."""
    return discontinued_part_numbers(option.link)


def _selection_warnings(selection: TierMediumSelection, want_switch_module: str | None) -> list[PlanWarning]:
    tier = selection.requirement.tier.value
    if selection.medium is None or selection.option is None:
        return [
            PlanWarning(
                code=WarningCode.NO_VALID_MEDIUM,
                message=(f"{tier}: {selection.reason}; its transceiver and cable lines are missing from the BOM"),
            )
        ]
    warnings = []
    link = selection.option.link
    gone = _discontinued(selection.option)
    if gone:
        warnings.append(
            PlanWarning(
                code=WarningCode.PART_DISCONTINUED,
                message=(
                    f"{tier}: {', '.join(gone)} {'is' if len(gone) == 1 else 'are'} discontinued (cannot be ordered "
                    "new; PART_DISCONTINUED) and no fitting linkOptions option of current parts serves this tier; "
                    "ask the vendor for a successor or change the tier's distance, speed or policy"
                ),
            )
        )
    if link.fibers and link.fibers[0].cable is None:
        run = link.fibers[0]
        warnings.append(
            PlanWarning(
                code=WarningCode.GENERIC_FIBER,
                message=(
                    f"{tier}: {run.fiber_type} fiber {run.connector_a} at {run.length_m:g} m is structured "
                    "cabling with no catalogue part; its BOM line names the grade, not an orderable part"
                ),
            )
        )
    if want_switch_module is not None:
        module_b = link.module_b.part_number if link.module_b is not None else ""
        if module_b != want_switch_module:
            warnings.append(
                PlanWarning(
                    code=WarningCode.MANAGER_MEDIUM_DIFFERS,
                    message=(
                        f"{tier}: the fabric-manager links use {module_b or 'no module'} at the leaf while "
                        f"the compute links use {want_switch_module or 'no module'}; the BOM counts the "
                        "leaf cages of manager links with node_leaf"
                    ),
                )
            )
    return warnings
