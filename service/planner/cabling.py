"""The cabling list: one row per link with both ends named. Enumerated lazily, only when asked.

Port layout on every switch (0-based logical port p → name ``cage/port`` 1-based, ``/leg`` added
on split ports; just ``p+1`` when a cage holds one port)::

    leaf :  [0, down)             down-ports, node slots in order (down-link i → port i // legs)
            [down, k - up)        reserved ports
            [k - up, k)           up-ports; uplink j → port k - up + j // legs
    spine:  two tiers: all ports down; leaf i's bundle to this spine takes down-links
            [i·m, (i+1)·m), m = links per leaf-spine pair
            three tiers: [0, k/2) down (pod leaf i → down-link i), [k/2, k) up
    core :  pod p's bundle from a spine takes down-links [p·n, (p+1)·n), n = links per pair

Leaf j's uplinks run in bundles: 2 tiers, uplink j → spine j // m; 3 tiers, uplink j → spine j of
its pod. Spine q of each pod sends uplink t to core q·c + t // n of its core group.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from service.planner.bom import media_by_tier
from service.planner.models import CableRow, LinkTier, Plan, TierMedium
from service.planner.sizing import leaf_for_node_port

__all__ = ["iter_cabling"]

_PREFIX = {
    LinkTier.NODE_LEAF: "NL",
    LinkTier.MANAGER_LEAF: "FM",
    LinkTier.LEAF_SPINE: "LS",
    LinkTier.SPINE_CORE: "SC",
}


def _width(count: int) -> int:
    return max(4, len(str(count)))


class _Namer:
    def __init__(self, plan: Plan) -> None:
        switch = plan.spec.switch
        self.per_cage = switch.ports_per_cage
        self.leaf_w = _width(plan.switches.leaf)
        self.spine_w = _width(plan.switches.spine)
        self.core_w = _width(plan.switches.core)
        self.node_w = _width(plan.nodes)

    def port(self, port: int, leg: int, legs: int) -> str:
        if self.per_cage > 1:
            cage, position = divmod(port, self.per_cage)
            name = f"{cage + 1}/{position + 1}"
        else:
            name = str(port + 1)
        return f"{name}/{leg + 1}" if legs > 1 else name

    def leaf(self, index: int) -> str:
        return f"leaf-{index + 1:0{self.leaf_w}d}"

    def spine(self, index: int) -> str:
        return f"spine-{index + 1:0{self.spine_w}d}"

    def core(self, index: int) -> str:
        return f"core-{index + 1:0{self.core_w}d}"

    def node(self, index: int) -> str:
        return f"node-{index + 1:0{self.node_w}d}"


class _Cables:
    """Hands out cable ids; a splitter's legs share an id while they stay on one switch."""

    def __init__(self, tier: LinkTier, links_per_cable: int) -> None:
        self.prefix = _PREFIX[tier]
        self.links_per_cable = links_per_cable
        self.count = 0
        self.leg = links_per_cable
        self.owner = -1

    def next(self, owner: int) -> tuple[str, int]:
        if self.leg >= self.links_per_cable or owner != self.owner:
            self.count += 1
            self.leg = 0
            self.owner = owner
        self.leg += 1
        return f"{self.prefix}-{self.count:06d}", self.leg


def iter_cabling(
    plan: Plan, media: Iterable[TierMedium] | None = None, *, missing_ok: bool = False
) -> Iterator[CableRow]:
    """Yield the cabling list of a plan, one row per link (a splitter: one row per leg).

    This walks every link, so it is O(links); the plan and BOM never call it.

    Args:
        plan: A plan from :func:`~service.planner.sizing.plan_fat_tree`.
        media: Optional media per tier (as for the BOM); gives each row its cable part and
            groups splitter legs into one cable id.
        missing_ok: Accept media that leave out tiers with links (their rows get no part).

    Yields:
        Rows in tier order (node-leaf, manager-leaf, leaf-spine, spine-core), leaf by leaf. With
        several planes, plane by plane: switches are named ``p2-leaf-0001``, cable ids
        ``P2-LS-000001``, and node NIC j of plane p is ``port{p·(nics/planes) + j + 1}``.

    Raises:
        MissingMediumError: Media were given but miss a tier with links.
        InvalidSpecError: See :func:`~service.planner.bom.media_by_tier`.
    """
    if plan.plane_plan is not None:
        yield from _plane_rows(plan, plan.plane_plan, media, missing_ok=missing_ok)
        return
    indexed = media_by_tier(plan, media, missing_ok=missing_ok) if media is not None else {}
    names = _Namer(plan)
    yield from _node_rows(plan, names, indexed)
    if plan.tiers == 1:
        return
    yield from _leaf_spine_rows(plan, names, indexed)
    if plan.tiers == 3:
        yield from _spine_core_rows(plan, names, indexed)


def _row_factory(
    plan: Plan, tier: LinkTier, indexed: dict[LinkTier, TierMedium]
) -> tuple[_Cables, float, float, str | None]:
    requirement = plan.requirement(tier)
    assert requirement is not None
    medium = indexed.get(tier)
    per_cable = medium.cable.links_per_cable if medium is not None else 1
    part = medium.cable.part_number if medium is not None else None
    return _Cables(tier, per_cable), requirement.speed_gbps, requirement.distance_m, part


def _node_rows(plan: Plan, names: _Namer, indexed: dict[LinkTier, TierMedium]) -> Iterator[CableRow]:
    geometry = plan.geometry
    nics = plan.spec.nics_per_node
    down_links = plan.leaf_port_split.down_links
    legs = geometry.node_leaf_legs
    # Step 1: compute links, leaf by leaf; a down-link position maps back to (node slot, NIC).
    cables, speed, length, part = _row_factory(plan, LinkTier.NODE_LEAF, indexed)
    for leaf in range(plan.switches.leaf):
        su, rest = divmod(leaf, geometry.leaves_per_su)
        rail, lane = divmod(rest, geometry.lanes_per_rail)
        for position in range(down_links):
            unit = lane * down_links + position
            if unit >= geometry.units_per_su:
                break
            local, nic = (unit, rail) if plan.spec.rail_optimized else divmod(unit, nics)
            slot = su * geometry.node_slots_per_su + local
            if slot >= plan.nodes:
                break  # slots fill in order: the rest of this leaf is empty or reserved
            cable_id, leg = cables.next(leaf)
            yield CableRow(
                cable_id=cable_id,
                leg=leg,
                tier=LinkTier.NODE_LEAF,
                a_device=names.node(slot),
                a_port=f"port{nic + 1}",
                b_device=names.leaf(leaf),
                b_port=names.port(position // legs, position % legs, legs),
                speed_gbps=speed,
                length_m=length,
                part_number=part,
            )
    # Step 2: fabric-manager links, placed like the NICs of the slots after the last node.
    if not plan.links.manager_leaf:
        return
    cables, speed, length, part = _row_factory(plan, LinkTier.MANAGER_LEAF, indexed)
    ports = []
    for port in range(plan.links.manager_leaf):
        slot, nic = divmod(port, nics)
        leaf, position = leaf_for_node_port(plan, plan.nodes + slot, nic)
        ports.append((leaf, position, slot, nic))
    for leaf, position, slot, nic in sorted(ports):
        cable_id, leg = cables.next(leaf)
        yield CableRow(
            cable_id=cable_id,
            leg=leg,
            tier=LinkTier.MANAGER_LEAF,
            a_device=f"fm-{slot + 1}",
            a_port=f"port{nic + 1}",
            b_device=names.leaf(leaf),
            b_port=names.port(position // legs, position % legs, legs),
            speed_gbps=speed,
            length_m=length,
            part_number=part,
        )


def _leaf_spine_rows(plan: Plan, names: _Namer, indexed: dict[LinkTier, TierMedium]) -> Iterator[CableRow]:
    k = plan.spec.switch.radix
    split = plan.leaf_port_split
    legs = plan.geometry.inter_switch_legs
    per_pair = plan.links_per_leaf_spine_pair
    leaves_per_pod = plan.geometry.leaves_per_pod
    spines_per_pod = plan.geometry.spines_per_pod
    cables, speed, length, part = _row_factory(plan, LinkTier.LEAF_SPINE, indexed)
    up_start = k - split.up
    for leaf in range(plan.switches.leaf):
        pod, local = divmod(leaf, leaves_per_pod)
        for uplink in range(split.up_links):
            bundle, offset = divmod(uplink, per_pair)
            spine = pod * spines_per_pod + bundle
            spine_link = local * per_pair + offset
            cable_id, leg = cables.next(leaf)
            yield CableRow(
                cable_id=cable_id,
                leg=leg,
                tier=LinkTier.LEAF_SPINE,
                a_device=names.leaf(leaf),
                a_port=names.port(up_start + uplink // legs, uplink % legs, legs),
                b_device=names.spine(spine),
                b_port=names.port(spine_link // legs, spine_link % legs, legs),
                speed_gbps=speed,
                length_m=length,
                part_number=part,
            )


def _spine_core_rows(plan: Plan, names: _Namer, indexed: dict[LinkTier, TierMedium]) -> Iterator[CableRow]:
    k = plan.spec.switch.radix
    legs = plan.geometry.inter_switch_legs
    spines_per_pod = plan.geometry.spines_per_pod
    cores_per_group = plan.geometry.cores_per_group
    per_pair = plan.links_per_spine_core_pair
    uplinks = (k // 2) * legs
    cables, speed, length, part = _row_factory(plan, LinkTier.SPINE_CORE, indexed)
    for spine in range(plan.switches.spine):
        pod, position = divmod(spine, spines_per_pod)
        for uplink in range(uplinks):
            member, offset = divmod(uplink, per_pair)
            core = position * cores_per_group + member
            core_link = pod * per_pair + offset
            cable_id, leg = cables.next(spine)
            yield CableRow(
                cable_id=cable_id,
                leg=leg,
                tier=LinkTier.SPINE_CORE,
                a_device=names.spine(spine),
                a_port=names.port(k // 2 + uplink // legs, uplink % legs, legs),
                b_device=names.core(core),
                b_port=names.port(core_link // legs, core_link % legs, legs),
                speed_gbps=speed,
                length_m=length,
                part_number=part,
            )


def _plane_rows(plan: Plan, plane: Plan, media: Iterable[TierMedium] | None, *, missing_ok: bool) -> Iterator[CableRow]:
    """Every plane's rows: the one-plane list with switch names and node ports moved per plane."""
    nics = plane.spec.nics_per_node
    width = len(str(plan.planes))
    media_list = list(media) if media is not None else None
    switch_prefixes = ("leaf-", "spine-", "core-")
    for index in range(plan.planes):
        tag = f"p{index + 1:0{width}d}"

        offset = index * nics

        def moved(device: str, port: str, tag: str = tag, offset: int = offset) -> tuple[str, str]:
            if device.startswith(switch_prefixes):
                return f"{tag}-{device}", port
            number = int(port.removeprefix("port"))  # a node or fabric-manager NIC
            return device, f"port{offset + number}"

        for row in iter_cabling(plane, media_list, missing_ok=missing_ok):
            a_device, a_port = moved(row.a_device, row.a_port)
            b_device, b_port = moved(row.b_device, row.b_port)
            yield row.model_copy(
                update={
                    "cable_id": f"{tag.upper()}-{row.cable_id}",
                    "a_device": a_device,
                    "a_port": a_port,
                    "b_device": b_device,
                    "b_port": b_port,
                }
            )
