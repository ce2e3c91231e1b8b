"""Print what the catalogue covers as a Markdown table (the README's coverage table):
orderable part numbers per vendor and class, and devices per vendor and type.

Run: ``python -m seed.coverage`` (reads and validates ``seed/data``; no database).
"""

from __future__ import annotations

from collections import Counter

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Transceiver

__all__ = ["coverage_markdown"]

_PART_CLASSES = ("transceiver", "DAC", "ACC", "AOC", "fiber_cable", "adapter")
_DEVICE_TYPES = ("switch", "adapter", "dpu")
_HEADINGS = ("transceivers", "DAC", "ACC", "AOC", "fiber cables", "cage adapters", "switches", "NICs/HCAs", "DPUs")


def _part_class(part: object) -> str:
    if isinstance(part, Cable):
        return part.cable_type.value
    if isinstance(part, Transceiver):
        return "transceiver"
    return str(getattr(getattr(part, "kind", None), "value", "?"))


def coverage_markdown(cat: Catalogue) -> str:
    """The coverage table: one row per vendor, part counts per class, device counts per type."""
    parts = Counter((p.vendor, _part_class(p)) for p in cat.parts)
    devices = Counter((d.vendor, d.device_type.value) for d in cat.devices)
    vendors = sorted({v for v, _ in parts} | {v for v, _ in devices})
    head = ["vendor", *_HEADINGS]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for v in vendors:
        cells = [str(parts[(v, c)] or "") for c in _PART_CLASSES] + [str(devices[(v, t)] or "") for t in _DEVICE_TYPES]
        lines.append("| " + " | ".join([v, *cells]) + " |")
    total = [str(sum(parts[(v, c)] for v in vendors)) for c in _PART_CLASSES]
    total += [str(sum(devices[(v, t)] for v in vendors)) for t in _DEVICE_TYPES]
    lines.append("| **all** | " + " | ".join(total) + " |")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    catalogue = load_catalogue()
    print(coverage_markdown(catalogue))
    print(
        f"\n{len(catalogue.parts)} orderable part numbers, {len(catalogue.devices)} devices, "
        f"{len(catalogue.pmds)} PMDs, {len(catalogue.sources)} sources"
    )
