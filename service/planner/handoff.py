"""Hand-off exports: NetBox bulk-import CSVs and an ibnetdiscover-style topology file.

Both are built from the cabling list (:func:`~service.planner.cabling.iter_cabling`), so they are
O(links) and name the same devices and ports as the cabling CSV::

    plan ─► iter_cabling ─► rows ─┬─► devices.csv, interfaces.csv, cables.csv   (NetBox import)
                                  └─► topology file (Switch / Ca blocks)        (IB bring-up tools)

NetBox (4.x) bulk import: ``devices.csv`` (``name,role,manufacturer,device_type,site,status``),
``interfaces.csv`` (``device,name,type,speed``; speed in Kbps as NetBox stores it) and
``cables.csv`` (``side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,side_b_name,type,
status,label,length,length_unit``). Interface and cable types are NetBox's own slugs
(``dcim.choices.InterfaceTypeChoices`` / ``CableTypeChoices``, netbox-community/netbox
``netbox/dcim/choices.py``): ``infiniband-ndr``, ``400gbase-x-osfp``, ``dac-passive``, ``mmf-om4`` …;
the roles, device types, manufacturer and site must exist in NetBox (or be created) first.

Topology file: the text ``ibnetdiscover`` prints (rdma-core ``ibnetdiscover(8)``, "Topology file"
format), so a running fabric's ``ibnetdiscover`` output can be compared with the plan: one
``Switch <ports> "S-<guid>" # "<name>" …`` block per switch listing ``[port] "S-|H-<peer guid>"[peer
port] # "<peer name>" lid <lid> <width><speed>``, and one ``Ca 1 "H-<guid>" # "<node> HCA-<n>"``
block per node NIC. A plan has no hardware yet, so GUIDs and LIDs are synthetic and stable (switches
numbered from GUID 0x5000000000000001, HCAs from 0x4000000000000001); compare by names and ports.
Switch port numbers are 1-based logical ports (``cage/port`` → (cage − 1) · ports per cage + port);
on a switch with split ports every logical port counts ``legs`` numbers and leg l of port p is
(p − 1) · legs + l.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from service.planner.cabling import iter_cabling
from service.planner.models import LinkTier, Plan, TierMedium

__all__ = [
    "NETBOX_CABLE_COLUMNS",
    "NETBOX_DEVICE_COLUMNS",
    "NETBOX_INTERFACE_COLUMNS",
    "ib_speed_name",
    "netbox_csvs",
    "netbox_interface_type",
    "topology_file",
]

NETBOX_DEVICE_COLUMNS = ("name", "role", "manufacturer", "device_type", "site", "status")
NETBOX_INTERFACE_COLUMNS = ("device", "name", "type", "speed", "description")
NETBOX_CABLE_COLUMNS = (
    "side_a_device",
    "side_a_type",
    "side_a_name",
    "side_b_device",
    "side_b_type",
    "side_b_name",
    "type",
    "status",
    "label",
    "length",
    "length_unit",
)

# InfiniBand 4x port speeds (Gb/s) and their generation (IBTA; NetBox slug infiniband-<name>).
_IB_GENERATIONS = {10: "sdr", 20: "ddr", 40: "qdr", 56: "fdr", 100: "edr", 200: "hdr", 400: "ndr", 800: "xdr"}
# Ethernet interface slugs by (form factor, port speed in Gb/s), NetBox InterfaceTypeChoices.
_ETHERNET_TYPES = {
    ("SFP+", 10): "10gbase-x-sfpp",
    ("SFP28", 25): "25gbase-x-sfp28",
    ("QSFP+", 40): "40gbase-x-qsfpp",
    ("QSFP28", 100): "100gbase-x-qsfp28",
    ("QSFP56", 200): "200gbase-x-qsfp56",
    ("QSFP112", 400): "400gbase-x-qsfp112",
    ("QSFP-DD", 400): "400gbase-x-qsfpdd",
    ("OSFP", 400): "400gbase-x-osfp",
    ("QSFP-DD", 800): "800gbase-x-qsfpdd",
    ("OSFP", 800): "800gbase-x-osfp",
}
_SWITCH_PREFIXES = ("leaf-", "spine-", "core-")


def ib_speed_name(port_speed_gbps: float) -> str | None:
    """The InfiniBand generation of a 4x port speed: 400 → ``"NDR"``, 200 → ``"HDR"``; else ``None``."""
    name = _IB_GENERATIONS.get(int(port_speed_gbps)) if float(port_speed_gbps).is_integer() else None
    return name.upper() if name else None


def netbox_interface_type(port_speed_gbps: float, *, protocol: str | None, form_factor: str | None) -> str:
    """NetBox's interface type slug for a switch or NIC port.

    Args:
        port_speed_gbps: The physical port's speed (Gb/s); a split leg keeps its port's type.
        protocol: ``"InfiniBand"`` or ``"Ethernet"`` (case-insensitive), or ``None``.
        form_factor: The cage form factor, for Ethernet (``"OSFP"``, ``"QSFP28"`` …).

    Returns:
        ``infiniband-<generation>`` for InfiniBand, ``<rate>gbase-x-<cage>`` for Ethernet, ``other``
        when neither is known.
    """
    if protocol is not None and protocol.casefold() == "infiniband":
        name = ib_speed_name(port_speed_gbps)
        return f"infiniband-{name.lower()}" if name else "other"
    if protocol is not None and protocol.casefold() == "ethernet" and form_factor is not None:
        return _ETHERNET_TYPES.get((form_factor, int(port_speed_gbps)), "other")
    return "other"


@dataclass(frozen=True)
class _Names:
    """How the exports name things, read from the plan."""

    per_cage: int
    legs: int
    nics: int

    def switch_port(self, port: str) -> int:
        """1-based IB port number of a cabling-list switch port name (``3/2``, ``3/2/1``, ``5``)."""
        parts = [int(part) for part in port.split("/")]
        if self.per_cage > 1:
            cage, position, *leg = parts
            logical = (cage - 1) * self.per_cage + position
        else:
            logical, *leg = parts
        return (logical - 1) * self.legs + (leg[0] if leg else 1)


def _names(plan: Plan) -> _Names:
    geometry = (plan.plane_plan or plan).geometry
    return _Names(
        per_cage=plan.spec.switch.ports_per_cage,
        legs=max(geometry.node_leaf_legs, geometry.inter_switch_legs),
        nics=plan.spec.nics_per_node,
    )


def netbox_csvs(
    plan: Plan,
    media: Iterable[TierMedium] | None = None,
    *,
    cable_types: Mapping[LinkTier, str] | None = None,
    protocol: str | None = None,
    form_factor: str | None = None,
    manufacturer: str = "Generic",
    site: str = "fabric",
) -> dict[str, str]:
    """NetBox bulk-import CSVs of the plan: devices, interfaces and cables (status ``planned``).

    Args:
        plan: The plan.
        media: The tier media (cable part numbers in the interface descriptions), if chosen.
        cable_types: NetBox cable type slug per tier (``dac-passive``, ``dac-active``, ``aoc``,
            ``mmf-om4``, ``smf-os2`` …); a tier without one gets an empty type.
        protocol: ``"InfiniBand"`` or ``"Ethernet"``, for the interface type slugs.
        form_factor: The switch cage form factor, for Ethernet interface slugs.
        manufacturer: NetBox manufacturer of the switches (the nodes' is ``Generic``).
        site: NetBox site every device is placed in.

    Returns:
        ``{"devices.csv": …, "interfaces.csv": …, "cables.csv": …}``: one device row per switch,
        node and fabric-manager host; one interface row per used port (per split leg); one cable
        row per link (a splitter's legs share a label).
    """
    media_list = list(media) if media is not None else None
    switch = plan.spec.switch
    switch_type = netbox_interface_type(switch.port_speed_gbps, protocol=protocol, form_factor=form_factor)
    devices: dict[str, tuple[str, str, str]] = {}
    interfaces: dict[tuple[str, str], tuple[str, int, str]] = {}
    cables = io.StringIO()
    cable_writer = csv.writer(cables, lineterminator="\n")
    cable_writer.writerow(NETBOX_CABLE_COLUMNS)
    for row in iter_cabling(plan, media_list, missing_ok=True):
        for device, port in ((row.a_device, row.a_port), (row.b_device, row.b_port)):
            is_switch = device.split("-", 1)[-1].startswith(_SWITCH_PREFIXES) or device.startswith(_SWITCH_PREFIXES)
            if is_switch:
                role = next(prefix for prefix in _SWITCH_PREFIXES if prefix in device).rstrip("-")
                devices.setdefault(device, (role, manufacturer, switch.model))
            else:
                role = "fabric-manager" if device.startswith("fm-") else "compute-node"
                devices.setdefault(device, (role, "Generic", role))
            kbps = round(row.speed_gbps * 1_000_000)
            interfaces.setdefault((device, port), (switch_type, kbps, row.part_number or ""))
        cable_writer.writerow(
            (
                row.a_device,
                "dcim.interface",
                row.a_port,
                row.b_device,
                "dcim.interface",
                row.b_port,
                (cable_types or {}).get(row.tier, ""),
                "planned",
                row.cable_id,
                f"{row.length_m:g}",
                "m",
            )
        )
    device_csv = io.StringIO()
    writer = csv.writer(device_csv, lineterminator="\n")
    writer.writerow(NETBOX_DEVICE_COLUMNS)
    for name, (role, maker, device_type) in devices.items():
        writer.writerow((name, role, maker, device_type, site, "planned"))
    interface_csv = io.StringIO()
    writer = csv.writer(interface_csv, lineterminator="\n")
    writer.writerow(NETBOX_INTERFACE_COLUMNS)
    for (device, port), (kind, kbps, part) in interfaces.items():
        writer.writerow((device, port, kind, kbps, f"cable {part}" if part else ""))
    return {
        "devices.csv": device_csv.getvalue(),
        "interfaces.csv": interface_csv.getvalue(),
        "cables.csv": cables.getvalue(),
    }


def _guid(base: int, index: int) -> str:
    return f"{base + index + 1:016x}"


def topology_file(plan: Plan, *, title: str | None = None) -> str:
    """The plan as an ibnetdiscover-style topology file (see the module docstring for the format).

    Args:
        plan: The plan.
        title: A comment line at the top (default: the switch model and counts).

    Returns:
        The text: a header comment, then one block per switch (in cabling order), then one ``Ca``
        block per node NIC and fabric-manager port. Every link appears once from each end.
    """
    names = _names(plan)
    links: dict[str, list[tuple[int, str, int]]] = defaultdict(list)  # device → (port, peer, peer port)
    hca_ports: dict[str, tuple[str, int]] = {}  # "node-0001 HCA-3" → (switch, switch port)
    speeds: dict[tuple[str, int], float] = {}
    for row in iter_cabling(plan):
        b_port = names.switch_port(row.b_port)
        if row.a_device.startswith(("node-", "fm-")):
            hca = f"{row.a_device} HCA-{row.a_port.removeprefix('port')}"
            hca_ports[hca] = (row.b_device, b_port)
            links[row.b_device].append((b_port, hca, 1))
            speeds[(row.b_device, b_port)] = row.speed_gbps
        else:
            a_port = names.switch_port(row.a_port)
            links[row.a_device].append((a_port, row.b_device, b_port))
            links[row.b_device].append((b_port, row.a_device, a_port))
            speeds[(row.a_device, a_port)] = speeds[(row.b_device, b_port)] = row.speed_gbps
    switches = list(links)
    switch_guid = {name: _guid(0x5000000000000000, i) for i, name in enumerate(switches)}
    hca_guid = {name: _guid(0x4000000000000000, i) for i, name in enumerate(hca_ports)}
    lid = {name: i + 1 for i, name in enumerate([*switches, *hca_ports])}
    port_speed = plan.spec.switch.port_speed_gbps
    ib = ib_speed_name(port_speed)

    def rate(speed: float) -> str:
        width = max(1, round(4 * speed / port_speed))
        return f"{width}x{ib}" if ib else f"{speed:g}G"

    nports = plan.spec.switch.radix * names.legs
    out = [
        "#",
        f"# Topology file: planned by fabricgraph ({title or _summary(plan)})",
        "# GUIDs and LIDs are synthetic (a plan has no hardware yet); compare by names and ports",
        "#",
        "",
    ]
    for name in switches:
        guid = switch_guid[name]
        out += [
            "vendid=0x0",
            "devid=0x0",
            f"sysimgguid=0x{guid.lstrip('0')}",
            f"switchguid=0x{guid.lstrip('0')}({guid.lstrip('0')})",
            f'Switch\t{nports} "S-{guid}"\t\t# "{name}" enhanced port 0 lid {lid[name]} lmc 0',
        ]
        for port, peer, peer_port in sorted(links[name]):
            speed = rate(speeds[(name, port)])
            if peer in hca_guid:
                guid_peer = hca_guid[peer]
                out.append(
                    f'[{port}]\t"H-{guid_peer}"[1]({guid_peer.lstrip("0")}) \t\t# "{peer}" lid {lid[peer]} {speed}'
                )
            else:
                out.append(f'[{port}]\t"S-{switch_guid[peer]}"[{peer_port}]\t\t# "{peer}" lid {lid[peer]} {speed}')
        out.append("")
    for hca, (switch, port) in hca_ports.items():
        guid = hca_guid[hca]
        out += [
            "vendid=0x0",
            "devid=0x0",
            f"sysimgguid=0x{guid.lstrip('0')}",
            f"caguid=0x{guid.lstrip('0')}",
            f'Ca\t1 "H-{guid}"\t\t# "{hca}"',
            f'[1]({guid.lstrip("0")}) \t"S-{switch_guid[switch]}"[{port}]\t\t# lid {lid[hca]} lmc 0 "{switch}" '
            f"lid {lid[switch]} {rate(speeds[(switch, port)])}",
            "",
        ]
    return "\n".join(out)


def _summary(plan: Plan) -> str:
    planes = f", {plan.planes} planes" if plan.planes > 1 else ""
    return f"{plan.spec.switch.model}: {plan.switches.total} switches, {plan.links.total} links{planes}"
