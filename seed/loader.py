"""Load the validated catalogue into Neo4j: schema first, then batched idempotent MERGEs.

Everything is written in ONE managed write transaction, so a load either lands whole or not at
all; loading twice changes nothing (MERGE on unique keys, SET of the same values). A load records the
digest of the rows it wrote on the catalogue version node; a later load of the same rows writes
nothing and leaves the catalogue version alone (``LoadReport.unchanged``), unless forced: so every
``serve`` worker and restart seeds in the time it takes to validate the files, and one worker's
seed never makes the others reload their snapshots.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from neo4j import Driver, ManagedTransaction

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Adapter, Cable, FiberCable, Transceiver
from service.persistence import cypher
from service.persistence.driver import apply_schema

__all__ = ["LoadReport", "catalogue_rows", "netbox_slugs", "seed_database"]

BATCH = 500


@dataclass(frozen=True)
class LoadReport:
    """What a load wrote: rows per kind, and node and relationship totals afterwards."""

    rows: dict[str, int]
    nodes: int
    relationships: int
    kept_edits: int = 0
    """Seed rows left out because an authorised catalogue edit now owns that fact."""
    unchanged: bool = False
    """True when the database already held exactly these rows (same digest): nothing was written."""


def _alias_rows(kind: str, target: str, names: Iterable[str]) -> list[dict[str, Any]]:
    return [
        {"key": f"{kind}:{name.casefold()}", "kind": kind, "name": name, "target": target}
        for name in dict.fromkeys([target, *names])
    ]


def netbox_slugs(vendor: str, names: Iterable[str]) -> list[str]:
    """NetBox-style device-type slugs users type for a device: ``<manufacturer>-<name>``, lower case,
    for every name without spaces, e.g. NVIDIA ``QM8790`` → ``nvidia-qm8790`` and ``mellanox-qm8790``
    (NetBox's device-type library files NVIDIA switches and adapters under Mellanox too)."""
    makers = [vendor] + (["Mellanox"] if vendor.casefold() == "nvidia" else [])
    out = []
    for name in names:
        if " " in name.strip():
            continue
        for maker in makers:
            out.append(re.sub(r"[^a-z0-9]+", "-", f"{maker}-{name}".casefold()).strip("-"))
    return list(dict.fromkeys(out))


def catalogue_rows(cat: Catalogue) -> dict[str, list[dict[str, Any]]]:
    """Turn the catalogue into the parameter rows of each MERGE statement (see cypher.py)."""
    rows: dict[str, list[dict[str, Any]]] = {k: [] for k in cypher.MERGE_QUERIES}
    for s in cat.sources.values():
        rows["sources"].append(
            {
                "id": s.id,
                "url": s.url,
                "title": s.title,
                "section": s.section,
                "kind": s.kind.value,
                "read": s.read.isoformat() if s.read else None,
                "doc": s.model_dump_json(),
            }
        )
    for g in cat.generations:
        rows["generations"].append(
            {
                "id": g.id,
                "family": g.family.value,
                "name": g.name,
                "order": g.order,
                "dataRateGbps": g.data_rate_gbps,
                "sources": g.sources,
                "doc": g.model_dump_json(),
            }
        )
    for f in cat.fiber_types:
        rows["fiber_types"].append(
            {
                "name": f.name,
                "mode": f.mode,
                "coreUm": f.core_um,
                "sources": f.sources,
                "doc": f.model_dump_json(),
            }
        )
    for c in cat.connectors:
        rows["connectors"].append(
            {
                "id": c.id,
                "type": c.type,
                "polish": c.polish.value if c.polish else None,
                "fibers": c.fibers,
                "sources": c.sources,
                "doc": c.model_dump_json(),
            }
        )
    for ff in cat.form_factors:
        rows["form_factors"].append(
            {
                "name": ff.name,
                "lanes": ff.lanes,
                "msa": ff.msa,
                "sources": ff.sources,
                "doc": ff.model_dump_json(),
            }
        )
        rows["aliases"] += _alias_rows("form_factor", ff.name, ff.aliases)
        for fit in ff.fits_in:
            rows["fits"].append({"plug": ff.name, "cage": fit.cage, "note": fit.note, "sources": fit.sources})
    for p in cat.pmds:
        rows["pmds"].append(
            {
                "name": p.name,
                "family": p.family.value,
                "rateGbps": p.rate_gbps,
                "media": p.media.value,
                "mediaAll": [m.value for m in p.all_media],
                "reachComplete": p.reach_complete,
                "generation": p.generation,
                "sources": p.sources,
                "doc": p.model_dump_json(),
                "reach": [{"fiber": r.fiber, "maxM": r.max_m, "sources": r.sources} for r in p.reach],
            }
        )
    for part in cat.parts:
        assert part.part_number is not None
        row: dict[str, Any] = {
            "partNumber": part.part_number,
            "kind": part.kind.value,
            "family": part.family,
            "vendor": part.vendor,
            "protocols": [x.value for x in part.protocols],
            "sources": part.sources,
            "doc": part.model_dump_json(),
            "ratesGbps": None,
            "lengthM": None,
            "cableType": None,
            "side": None,
            "topStyle": None,
            "ports": None,
            "fiberCables": [],
            "formFactors": [],
            "pmds": [],
            "connectors": [],
            "ends": [],
            "fiberTypes": [],
            "accepts": [],
            "reach": [],
        }
        if isinstance(part, Transceiver):
            row.update(
                ratesGbps=part.rates_gbps,
                side=part.side.value,
                ports=part.ports,
                fiberCables=part.fiber_cables,
                topStyle=part.top_style.value if part.top_style else None,
                formFactors=[part.form_factor],
                pmds=part.pmds,
                connectors=[{"id": part.connector, "end": "module", "count": part.ports}],
                reach=[{"fiber": r.fiber, "maxM": r.max_m, "sources": r.sources} for r in part.reach],
            )
        elif isinstance(part, Cable):
            row.update(
                ratesGbps=part.rates_gbps,
                lengthM=part.length_m,
                cableType=part.cable_type.value,
                ends=[
                    {
                        "end": name,
                        "formFactor": e.form_factor,
                        "plugs": e.plugs,
                        "ports": e.ports,
                        "rateGbps": e.rate_gbps,
                        "topStyle": e.top_style.value if e.top_style else None,
                        "side": e.side.value,
                    }
                    for name, e in (("A", part.end_a), ("B", part.end_b))
                ],
            )
        elif isinstance(part, FiberCable):
            row.update(
                lengthM=part.length_m,
                fiberTypes=[part.fiber_type],
                connectors=[
                    {"id": part.connector_a, "end": "A", "count": 1},
                    {"id": part.connector_b, "end": "B", "count": part.legs},
                ],
            )
        elif isinstance(part, Adapter):
            row.update(side=part.side.value, formFactors=[part.form_factor], accepts=[part.accepts])
        rows["parts"].append(row)
        rows["aliases"] += _alias_rows("part", part.part_number, part.aliases)
    for d in cat.devices:
        rows["devices"].append(
            {
                "model": d.model,
                "name": d.name,
                "vendor": d.vendor,
                "deviceType": d.device_type.value,
                "sources": d.sources,
                "doc": d.model_dump_json(),
                "cages": [
                    {
                        "id": f"{d.model}/{c.id}",
                        "formFactor": c.form_factor,
                        "count": c.count,
                        "topStyle": c.top_style.value if c.top_style else None,
                        "logicalPortsPerCage": c.logical_ports_per_cage,
                        "speedsGbps": c.speeds_gbps,
                        "splitModes": c.split_modes,
                        "sources": c.sources,
                    }
                    for c in d.cages
                ],
            }
        )
        names = [d.model, *d.aliases]
        rows["aliases"] += _alias_rows("device", d.model, [d.name, *d.aliases, *netbox_slugs(d.vendor, names)])
    return rows


# Which row key names the edited target, per MERGE statement (see catalogue_edits / EDITED).
_EDIT_KEYS = {
    "parts": ("part", "partNumber"),
    "devices": ("device", "model"),
    "pmds": ("pmd", "name"),
    "form_factors": ("form_factor", "name"),
    "fits": ("form_factor", "plug"),
}


def _without_edited(
    tx: ManagedTransaction, rows: dict[str, list[dict[str, Any]]]
) -> tuple[dict[str, list[dict[str, Any]]], int]:
    """Drop the seed rows of facts an authorised edit has changed: the edit, not the seed file, now
    owns them, so re-seeding (every ``serve`` start, ``fabricgraph seed``) never undoes an edit."""
    edited = {(r["kind"], r["key"]) for r in tx.run(cypher.EDITED_TARGETS_QUERY)}
    out = dict(rows)  # a copy: a retried transaction starts again from the full rows
    dropped = 0
    for table, (kind, field) in _EDIT_KEYS.items():
        out[table] = [row for row in rows[table] if (kind, row[field]) not in edited]
        dropped += len(rows[table]) - len(out[table])
    return out, dropped


def rows_digest(rows: dict[str, list[dict[str, Any]]]) -> str:
    """SHA-256 (hex) of the catalogue rows, independent of dict order."""
    text = json.dumps(rows, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _write_all(
    tx: ManagedTransaction, rows: dict[str, list[dict[str, Any]]], digest: str, force: bool
) -> tuple[int, bool]:
    held = tx.run(cypher.SEED_LOCK_QUERY).single(strict=True)["digest"]
    rows, dropped = _without_edited(tx, rows)
    if held == digest and not force:
        return dropped, False
    for kind, query in cypher.MERGE_QUERIES.items():
        batch = rows[kind]
        for i in range(0, len(batch), BATCH):
            tx.run(query, rows=batch[i : i + BATCH]).consume()
    # In the same transaction: readers' snapshots see a new catalogue version (service.persistence.snapshot).
    tx.run(cypher.BUMP_CATALOGUE_VERSION_QUERY).consume()
    tx.run(cypher.SET_SEED_DIGEST_QUERY, digest=digest).consume()
    return dropped, True


def _counts(tx: ManagedTransaction) -> tuple[int, int]:
    rec = tx.run(cypher.COUNTS_QUERY).single(strict=True)
    return int(rec["nodes"]), int(rec["relationships"])


def seed_database(
    driver: Driver, database: str = "neo4j", catalogue: Catalogue | None = None, *, force: bool = False
) -> LoadReport:
    """Validate the seed files (unless ``catalogue`` is given), apply the schema, write everything.

    When the database's last load wrote exactly these rows (same digest), nothing is written and the
    catalogue version is not bumped (``unchanged``), unless ``force``: a forced load rewrites every
    seed fact (restoring any changed behind the service's back; authorised edits stay as edited).

    Raises:
        SeedValidationError: a seed row is invalid; nothing was written.
    """
    cat = catalogue if catalogue is not None else load_catalogue()
    rows = catalogue_rows(cat)
    digest = rows_digest(rows)
    apply_schema(driver, database)
    with driver.session(database=database) as session:
        kept, wrote = session.execute_write(_write_all, rows, digest, force)
        nodes, rels = session.execute_read(_counts)
    return LoadReport(
        rows={k: len(v) for k, v in rows.items()},
        nodes=nodes,
        relationships=rels,
        kept_edits=kept,
        unchanged=not wrote,
    )
