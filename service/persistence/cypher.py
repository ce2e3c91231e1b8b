"""Every Cypher statement fabricgraph runs. Values are always ``$parameters``; labels and
relationship types are literals here, never built from user input.

Graph (see DESIGN.md)::

    (Part:Transceiver)-[:HAS_FORM_FACTOR]->(FormFactor)-[:FITS_IN]->(FormFactor)
    (Part:Transceiver)-[:IMPLEMENTS]->(Pmd)-[:REACHES {maxM}]->(FiberType)
    (Pmd)-[:RUNS_AT]->(Generation)
    (Part:Transceiver)-[:HAS_CONNECTOR {count}]->(Connector)
    (Part:Cable)-[:END {end, plugs, ports, rateGbps, topStyle, side}]->(FormFactor)
    (Part:FiberCable)-[:OF_TYPE]->(FiberType); -[:TERMINATED_BY {end, count}]->(Connector)
    (Part:Adapter)-[:HAS_FORM_FACTOR]->(FormFactor); -[:ACCEPTS]->(FormFactor)
    (Device)-[:HAS_CAGE {count}]->(Cage)-[:OF_FORM_FACTOR]->(FormFactor)
    (Alias {key})-[:ALIAS_OF]->(Part | Device | FormFactor)
    (any fact node)-[:CITES]->(Source); relationships carry their source ids in ``sources``

Each catalogue node also keeps its validated seed row as JSON in ``doc``, so the repository returns
exactly the domain model that was loaded.
"""

from __future__ import annotations

from typing import Final, LiteralString

__all__ = [
    "BUMP_CATALOGUE_VERSION_QUERY",
    "CABLE_CANDIDATES_QUERY",
    "CATALOGUE_DOCS_QUERY",
    "CATALOGUE_VERSION_QUERY",
    "COUNTS_QUERY",
    "DETACH_DEVICE_QUERY",
    "DETACH_PART_QUERY",
    "DEVICES_BY_ALIAS_QUERY",
    "DEVICE_BY_ALIAS_QUERY",
    "EDITED_TARGETS_QUERY",
    "EDITS_QUERY",
    "EDIT_BY_ID_QUERY",
    "EQUIVALENT_TRANSCEIVERS_QUERY",
    "FIBER_CABLES_QUERY",
    "FORM_FACTOR_BY_ALIAS_QUERY",
    "MERGE_QUERIES",
    "NAMES_OF_KIND_QUERY",
    "OPTICAL_CANDIDATES_QUERY",
    "PARTS_BY_NUMBER_QUERY",
    "PING_QUERY",
    "PMDS_BY_NAME_QUERY",
    "RECORD_EDIT_QUERIES",
    "SEED_LOCK_QUERY",
    "SET_SEED_DIGEST_QUERY",
    "SNAPSHOT_GRAPH_QUERY",
    "SOURCES_BY_ID_QUERY",
    "WIPE_QUERY",
]

PING_QUERY: Final[LiteralString] = "RETURN 1 AS ok"

WIPE_QUERY: Final[LiteralString] = "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS"

# ---------------------------------------------------------------------------------------------
# Seed: batched, idempotent MERGE. Each statement takes $rows (a list of maps).
# ---------------------------------------------------------------------------------------------

MERGE_SOURCES_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MERGE (s:Source {id: row.id})
SET s.url = row.url, s.title = row.title, s.section = row.section, s.kind = row.kind,
    s.read = row.read, s.doc = row.doc
"""

MERGE_GENERATIONS_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MERGE (g:Generation {id: row.id})
SET g.family = row.family, g.name = row.name, g.order = row.order, g.dataRateGbps = row.dataRateGbps,
    g.doc = row.doc
WITH g, row
CALL (g, row) {
  UNWIND row.sources AS sid
  MATCH (s:Source {id: sid})
  MERGE (g)-[:CITES]->(s)
}
"""

MERGE_FIBER_TYPES_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MERGE (f:FiberType {name: row.name})
SET f.mode = row.mode, f.coreUm = row.coreUm, f.doc = row.doc
WITH f, row
CALL (f, row) {
  UNWIND row.sources AS sid
  MATCH (s:Source {id: sid})
  MERGE (f)-[:CITES]->(s)
}
"""

MERGE_CONNECTORS_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MERGE (c:Connector {id: row.id})
SET c.type = row.type, c.polish = row.polish, c.fibers = row.fibers, c.doc = row.doc
WITH c, row
CALL (c, row) {
  UNWIND row.sources AS sid
  MATCH (s:Source {id: sid})
  MERGE (c)-[:CITES]->(s)
}
"""

MERGE_FORM_FACTORS_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MERGE (f:FormFactor {name: row.name})
SET f.lanes = row.lanes, f.msa = row.msa, f.doc = row.doc
WITH f, row
CALL (f, row) {
  UNWIND row.sources AS sid
  MATCH (s:Source {id: sid})
  MERGE (f)-[:CITES]->(s)
}
"""

MERGE_FITS_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MATCH (plug:FormFactor {name: row.plug}), (cage:FormFactor {name: row.cage})
MERGE (plug)-[r:FITS_IN]->(cage)
SET r.note = row.note, r.sources = row.sources
"""

MERGE_PMDS_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MERGE (p:Pmd {name: row.name})
SET p.family = row.family, p.rateGbps = row.rateGbps, p.media = row.media, p.mediaAll = row.mediaAll,
    p.reachComplete = row.reachComplete, p.doc = row.doc
WITH p, row
CALL (p, row) {
  UNWIND row.sources AS sid
  MATCH (s:Source {id: sid})
  MERGE (p)-[:CITES]->(s)
}
CALL (p, row) {
  UNWIND row.reach AS r
  MATCH (f:FiberType {name: r.fiber})
  MERGE (p)-[x:REACHES]->(f)
  SET x.maxM = r.maxM, x.sources = r.sources
}
CALL (p, row) {
  OPTIONAL MATCH (g:Generation {id: row.generation})
  FOREACH (_ IN CASE WHEN g IS NULL THEN [] ELSE [1] END | MERGE (p)-[:RUNS_AT]->(g))
}
"""

MERGE_PARTS_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MERGE (p:Part {partNumber: row.partNumber})
SET p.kind = row.kind, p.family = row.family, p.vendor = row.vendor, p.ratesGbps = row.ratesGbps,
    p.lengthM = row.lengthM, p.cableType = row.cableType, p.side = row.side, p.topStyle = row.topStyle,
    p.ports = row.ports, p.protocols = row.protocols, p.fiberCables = row.fiberCables, p.doc = row.doc
FOREACH (_ IN CASE WHEN row.kind = 'transceiver' THEN [1] ELSE [] END | SET p:Transceiver)
FOREACH (_ IN CASE WHEN row.kind = 'cable' THEN [1] ELSE [] END | SET p:Cable)
FOREACH (_ IN CASE WHEN row.kind = 'fiber_cable' THEN [1] ELSE [] END | SET p:FiberCable)
FOREACH (_ IN CASE WHEN row.kind = 'adapter' THEN [1] ELSE [] END | SET p:Adapter)
WITH p, row
CALL (p, row) {
  UNWIND row.sources AS sid
  MATCH (s:Source {id: sid})
  MERGE (p)-[:CITES]->(s)
}
CALL (p, row) {
  UNWIND row.formFactors AS ffname
  MATCH (f:FormFactor {name: ffname})
  MERGE (p)-[:HAS_FORM_FACTOR]->(f)
}
CALL (p, row) {
  UNWIND row.pmds AS pname
  MATCH (m:Pmd {name: pname})
  MERGE (p)-[:IMPLEMENTS]->(m)
}
CALL (p, row) {
  UNWIND row.connectors AS c
  MATCH (k:Connector {id: c.id})
  MERGE (p)-[r:HAS_CONNECTOR {end: c.end}]->(k)
  SET r.count = c.count
}
CALL (p, row) {
  UNWIND row.ends AS e
  MATCH (f:FormFactor {name: e.formFactor})
  MERGE (p)-[r:END {end: e.end}]->(f)
  SET r.plugs = e.plugs, r.ports = e.ports, r.rateGbps = e.rateGbps, r.topStyle = e.topStyle,
      r.side = e.side
}
CALL (p, row) {
  UNWIND row.fiberTypes AS ft
  MATCH (f:FiberType {name: ft})
  MERGE (p)-[:OF_TYPE]->(f)
}
CALL (p, row) {
  UNWIND row.accepts AS a
  MATCH (f:FormFactor {name: a})
  MERGE (p)-[:ACCEPTS]->(f)
}
CALL (p, row) {
  UNWIND row.reach AS r
  MATCH (f:FiberType {name: r.fiber})
  MERGE (p)-[x:REACHES]->(f)
  SET x.maxM = r.maxM, x.sources = r.sources
}
"""

MERGE_DEVICES_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
MERGE (d:Device {model: row.model})
SET d.name = row.name, d.vendor = row.vendor, d.deviceType = row.deviceType, d.doc = row.doc
WITH d, row
CALL (d, row) {
  UNWIND row.sources AS sid
  MATCH (s:Source {id: sid})
  MERGE (d)-[:CITES]->(s)
}
CALL (d, row) {
  UNWIND row.cages AS c
  MERGE (k:Cage {id: c.id})
  SET k.formFactor = c.formFactor, k.count = c.count, k.topStyle = c.topStyle,
      k.logicalPortsPerCage = c.logicalPortsPerCage, k.speedsGbps = c.speedsGbps,
      k.splitModes = c.splitModes, k.sources = c.sources
  MERGE (d)-[h:HAS_CAGE]->(k)
  SET h.count = c.count
  WITH k, c
  MATCH (f:FormFactor {name: c.formFactor})
  MERGE (k)-[:OF_FORM_FACTOR]->(f)
}
"""

MERGE_ALIASES_QUERY: Final[LiteralString] = """
UNWIND $rows AS row
CALL (row) {
  OPTIONAL MATCH (p:Part {partNumber: row.target}) WHERE row.kind = 'part'
  OPTIONAL MATCH (d:Device {model: row.target}) WHERE row.kind = 'device'
  OPTIONAL MATCH (f:FormFactor {name: row.target}) WHERE row.kind = 'form_factor'
  WITH coalesce(p, d, f) AS target, row
  WHERE target IS NOT NULL
  MERGE (a:Alias {key: row.key})
  SET a.kind = row.kind, a.name = row.name, a.target = row.target
  MERGE (a)-[:ALIAS_OF]->(target)
}
"""

MERGE_QUERIES: Final[dict[str, LiteralString]] = {
    "sources": MERGE_SOURCES_QUERY,
    "generations": MERGE_GENERATIONS_QUERY,
    "fiber_types": MERGE_FIBER_TYPES_QUERY,
    "connectors": MERGE_CONNECTORS_QUERY,
    "form_factors": MERGE_FORM_FACTORS_QUERY,
    "fits": MERGE_FITS_QUERY,
    "pmds": MERGE_PMDS_QUERY,
    "parts": MERGE_PARTS_QUERY,
    "devices": MERGE_DEVICES_QUERY,
    "aliases": MERGE_ALIASES_QUERY,
}

EDITED_TARGETS_QUERY: Final[LiteralString] = """
MATCH (:CatalogueEdit)-[:EDITED]->(t)
RETURN DISTINCT
  CASE WHEN t:Part THEN 'part' WHEN t:Device THEN 'device' WHEN t:Pmd THEN 'pmd'
       WHEN t:FormFactor THEN 'form_factor' END AS kind,
  coalesce(t.partNumber, t.model, t.name) AS key
"""

COUNTS_QUERY: Final[LiteralString] = """
CALL () { MATCH (n) RETURN count(n) AS nodes }
CALL () { MATCH ()-[r]->() RETURN count(r) AS relationships }
RETURN nodes, relationships
"""

# ---------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------

DEVICE_BY_ALIAS_QUERY: Final[LiteralString] = """
MATCH (:Alias {key: $key})-[:ALIAS_OF]->(d:Device)
RETURN d.doc AS doc
"""

FORM_FACTOR_BY_ALIAS_QUERY: Final[LiteralString] = """
MATCH (:Alias {key: $key})-[:ALIAS_OF]->(f:FormFactor)
RETURN f.doc AS doc
"""

NAMES_OF_KIND_QUERY: Final[LiteralString] = """
MATCH (a:Alias {kind: $kind})
RETURN a.name AS name, a.target AS target
ORDER BY name
"""

PARTS_BY_NUMBER_QUERY: Final[LiteralString] = """
UNWIND $keys AS key
MATCH (:Alias {key: key})-[:ALIAS_OF]->(p:Part)
RETURN key, p.doc AS doc
"""

DEVICES_BY_ALIAS_QUERY: Final[LiteralString] = """
UNWIND $keys AS key
MATCH (:Alias {key: key})-[:ALIAS_OF]->(d:Device)
RETURN key, d.doc AS doc
"""

# The same optic from another vendor (OEM equivalents): a transceiver of the same form factor, top
# style, ports, side and rates, implementing the same PMDs (or more) with the same module connector
# and the same reach class: the same own reach rows where a part's own reach is under half its PMD's
# over that grade (Cisco's 30 m SFP-25G-SL is no stand-in for a 100 m 25GBASE-SR module, nor a 2 km
# LR4 Lite for a 10 km 100GBASE-LR4). A vendor's more cautious figure (550 m for 1000BASE-SX over
# OM3, whose row says 800 m) or an own row over a grade its PMDs hold no reach for says what one
# vendor documents, not a different optic, so it is not compared.
EQUIVALENT_TRANSCEIVERS_QUERY: Final[LiteralString] = """
MATCH (p:Transceiver {partNumber: $partNumber})-[:HAS_FORM_FACTOR]->(f:FormFactor)
MATCH (q:Transceiver)-[:HAS_FORM_FACTOR]->(f)
WHERE q <> p AND q.ports = p.ports AND q.side = p.side AND q.ratesGbps = p.ratesGbps
  AND coalesce(q.topStyle, '') = coalesce(p.topStyle, '')
WITH p, q,
     COLLECT { MATCH (p)-[:IMPLEMENTS]->(m:Pmd) RETURN m.name ORDER BY m.name } AS pmdsP,
     COLLECT { MATCH (q)-[:IMPLEMENTS]->(m:Pmd) RETURN m.name ORDER BY m.name } AS pmdsQ,
     COLLECT { MATCH (p)-[:HAS_CONNECTOR {end: 'module'}]->(k:Connector) RETURN k.id ORDER BY k.id } AS connP,
     COLLECT { MATCH (q)-[:HAS_CONNECTOR {end: 'module'}]->(k:Connector) RETURN k.id ORDER BY k.id } AS connQ,
     COLLECT { MATCH (p)-[r:REACHES]->(g:FiberType)
               WHERE EXISTS { MATCH (p)-[:IMPLEMENTS]->(:Pmd)-[c:REACHES]->(g) WHERE c.maxM > 2 * r.maxM }
               RETURN [g.name, r.maxM] ORDER BY g.name } AS shortP,
     COLLECT { MATCH (q)-[r:REACHES]->(g:FiberType)
               WHERE EXISTS { MATCH (q)-[:IMPLEMENTS]->(:Pmd)-[c:REACHES]->(g) WHERE c.maxM > 2 * r.maxM }
               RETURN [g.name, r.maxM] ORDER BY g.name } AS shortQ
// q does all p does: the same PMDs, or more (the dual-protocol NDR/400GbE module stands in for
// its Ethernet-only -T twin, not the reverse), at the same reach class.
WHERE size(pmdsP) > 0 AND all(x IN pmdsP WHERE x IN pmdsQ) AND connP = connQ AND shortP = shortQ
RETURN q.partNumber AS partNumber
ORDER BY q.vendor, q.partNumber
"""

PMDS_BY_NAME_QUERY: Final[LiteralString] = """
MATCH (p:Pmd) WHERE p.name IN $names
RETURN p.doc AS doc
"""

SOURCES_BY_ID_QUERY: Final[LiteralString] = """
MATCH (s:Source) WHERE s.id IN $ids
RETURN s.doc AS doc
"""

# The compatibility search. Both statements walk the graph from the two cages' form factors: a
# plug of form factor X fits a cage of form factor Y when X = Y or (X)-[:FITS_IN]->(Y). They return
# structural candidates only; the rule set (service.rules) decides which are valid and why not.

OPTICAL_CANDIDATES_QUERY: Final[LiteralString] = """
MATCH (cageA:FormFactor {name: $ffA}), (cageB:FormFactor {name: $ffB})
MATCH (ta:Transceiver)-[:HAS_FORM_FACTOR]->(:FormFactor)-[:FITS_IN*0..1]->(cageA)
MATCH (ta)-[:IMPLEMENTS]->(pmd:Pmd)
// A separate MATCH, so the same part may sit at both ends (one pattern would forbid reusing the
// IMPLEMENTS relationship).
MATCH (tb:Transceiver)-[:IMPLEMENTS]->(pmd)
MATCH (tb)-[:HAS_FORM_FACTOR]->(:FormFactor)-[:FITS_IN*0..1]->(cageB)
WHERE ($protocol IS NULL OR $protocol IN ta.protocols AND $protocol IN tb.protocols)
  AND $rate IN ta.ratesGbps AND $rate IN tb.ratesGbps
// Every fiber grade of the PMD's media: a grade with a REACHES row has a sourced or standard reach;
// a grade without one is offered only when the PMD's reach table is not complete (reach unknown,
// answered REACH_UNVERIFIED by the rules, never rejected for it).
MATCH (ft:FiberType) WHERE ft.mode IN coalesce(pmd.mediaAll, [pmd.media])
OPTIONAL MATCH (pmd)-[reach:REACHES]->(ft)
WITH DISTINCT ta, tb, pmd, ft, reach
WHERE reach IS NOT NULL OR NOT coalesce(pmd.reachComplete, false)
CALL (ta, tb, ft) {
  OPTIONAL MATCH (fc:FiberCable)-[:OF_TYPE]->(ft)
  WHERE fc.family IN ta.fiberCables AND fc.family IN tb.fiberCables
  RETURN collect(fc.doc) AS cables
}
RETURN ta.doc AS moduleA, tb.doc AS moduleB, pmd.doc AS pmdDoc, ft.name AS fiber, reach.maxM AS pmdReachM,
       cables
ORDER BY ta.partNumber, tb.partNumber, pmd.name, ft.name
"""

CABLE_CANDIDATES_QUERY: Final[LiteralString] = """
MATCH (cageA:FormFactor {name: $ffA}), (cageB:FormFactor {name: $ffB})
MATCH (c:Cable)-[ea:END]->(:FormFactor)-[:FITS_IN*0..1]->(cageA)
MATCH (c)-[eb:END]->(:FormFactor)-[:FITS_IN*0..1]->(cageB)
WHERE ea.end <> eb.end
  AND ($protocol IS NULL OR $protocol IN c.protocols)
  AND $rate IN c.ratesGbps
WITH DISTINCT c, ea.end AS endAtA
RETURN c.doc AS cable, endAtA
ORDER BY c.family, c.lengthM, endAtA
"""

FIBER_CABLES_QUERY: Final[LiteralString] = """
MATCH (fc:FiberCable)
WHERE fc.family IN $families
RETURN fc.doc AS doc
ORDER BY fc.family, fc.lengthM
"""

DEVICES_QUERY: Final[LiteralString] = """
MATCH (d:Device)
WHERE $deviceType IS NULL OR d.deviceType = $deviceType
RETURN d.doc AS doc
ORDER BY d.model
"""

ALL_DOCS_QUERY: Final[dict[str, LiteralString]] = {
    "Generation": "MATCH (n:Generation) RETURN n.doc AS doc ORDER BY n.order, n.id",
    "Pmd": "MATCH (n:Pmd) RETURN n.doc AS doc ORDER BY n.family, n.rateGbps, n.name",
    "FormFactor": "MATCH (n:FormFactor) RETURN n.doc AS doc ORDER BY n.lanes, n.name",
    "FiberType": "MATCH (n:FiberType) RETURN n.doc AS doc ORDER BY n.name",
    "Connector": "MATCH (n:Connector) RETURN n.doc AS doc ORDER BY n.id",
}

PARTS_PAGE_QUERY: Final[LiteralString] = """
MATCH (p:Part)
WHERE ($kind IS NULL OR p.kind = $kind)
  AND ($vendor IS NULL OR toLower(p.vendor) = toLower($vendor))
  AND ($family IS NULL OR p.family = $family)
  AND ($protocol IS NULL OR $protocol IN p.protocols)
  AND ($after IS NULL OR p.partNumber > $after)
RETURN p.doc AS doc
ORDER BY p.partNumber
LIMIT $limit
"""

PARTS_COUNT_QUERY: Final[LiteralString] = """
MATCH (p:Part)
WHERE ($kind IS NULL OR p.kind = $kind)
  AND ($vendor IS NULL OR toLower(p.vendor) = toLower($vendor))
  AND ($family IS NULL OR p.family = $family)
  AND ($protocol IS NULL OR $protocol IN p.protocols)
RETURN count(p) AS n
"""

STATS_QUERY: Final[LiteralString] = """
CALL () { MATCH (n:Generation) RETURN count(n) AS generations }
CALL () { MATCH (n:Pmd) RETURN count(n) AS pmds }
CALL () { MATCH (n:Part) RETURN count(n) AS parts }
CALL () { MATCH (n:Device) RETURN count(n) AS devices }
CALL () { MATCH (n:Source) RETURN count(n) AS sources }
CALL () { MATCH (n:FormFactor) RETURN count(n) AS formFactors }
CALL () { MATCH (n:FiberType) RETURN count(n) AS fiberTypes }
CALL () { MATCH (n:Connector) RETURN count(n) AS connectors }
CALL () { MATCH (n:Alias) RETURN count(n) AS aliases }
CALL () {
  MATCH (n:Generation) WITH n.family AS kind, count(*) AS c ORDER BY kind
  RETURN collect({kind: kind, count: c}) AS generationsByFamily
}
CALL () {
  MATCH (n:Pmd) WITH n.family AS kind, count(*) AS c ORDER BY kind
  RETURN collect({kind: kind, count: c}) AS pmdsByFamily
}
CALL () {
  MATCH (n:Part) WITH n.kind AS kind, count(*) AS c ORDER BY kind
  RETURN collect({kind: kind, count: c}) AS byKind
}
CALL () {
  MATCH (n:Device) WITH n.deviceType AS kind, count(*) AS c ORDER BY kind
  RETURN collect({kind: kind, count: c}) AS devicesByType
}
CALL () {
  MATCH (n:Source) WITH n.kind AS kind, count(*) AS c ORDER BY kind
  RETURN collect({kind: kind, count: c}) AS sourcesByKind
}
CALL () {
  MATCH (n) WHERE (n:Generation OR n:Pmd OR n:Part OR n:Device OR n:FormFactor OR n:FiberType OR n:Connector)
  OPTIONAL MATCH (n)-[:CITES]->(s:Source) WHERE s.kind IN ['standard', 'vendor']
  WITH n, count(s) AS primary
  RETURN count(n) AS facts, sum(CASE WHEN primary > 0 THEN 1 ELSE 0 END) AS primaryFacts
}
RETURN generations, pmds, parts, devices, sources, formFactors, fiberTypes, connectors, aliases,
       generationsByFamily, pmdsByFamily, byKind, devicesByType, sourcesByKind, facts, primaryFacts
"""

# ---------------------------------------------------------------------------------------------
# Writes: catalogue edits (service.catalogue_edits). Each edit runs in ONE managed write
# transaction: look the edit id up, read the catalogue, detach the facts the edit replaces, re-MERGE
# with the seed's own statements (MERGE_QUERIES), then record the edit. A retried transaction finds
# its CatalogueEdit already there and writes nothing again.
#
#     (e:CatalogueEdit {id, digest, by, at, operation, target})-[:EDITED]->(Part|Device|FormFactor|Pmd)
#     (e)-[:ON_SOURCE]->(Source)
# ---------------------------------------------------------------------------------------------

EDIT_BY_ID_QUERY: Final[LiteralString] = """
MATCH (e:CatalogueEdit {id: $id})
RETURN e.id AS id, e.digest AS digest, e.by AS by, e.at AS at, e.operation AS operation, e.target AS target,
       e.sourceId AS sourceId
"""

CATALOGUE_DOCS_QUERY: Final[LiteralString] = """
CALL () { MATCH (n:Source) RETURN collect(n.doc) AS sources }
CALL () { MATCH (n:Generation) RETURN collect(n.doc) AS generations }
CALL () { MATCH (n:FiberType) RETURN collect(n.doc) AS fiberTypes }
CALL () { MATCH (n:Connector) RETURN collect(n.doc) AS connectors }
CALL () { MATCH (n:FormFactor) RETURN collect(n.doc) AS formFactors }
CALL () { MATCH (n:Pmd) RETURN collect(n.doc) AS pmds }
CALL () { MATCH (n:Part) RETURN collect(n.doc) AS parts }
CALL () { MATCH (n:Device) RETURN collect(n.doc) AS devices }
RETURN sources, generations, fiberTypes, connectors, formFactors, pmds, parts, devices
"""

# The relationships MERGE_PARTS_QUERY writes, and the part's aliases and kind labels: removed before
# an updated row is merged, so a changed form factor, PMD or source does not linger.
DETACH_PART_QUERY: Final[LiteralString] = """
MATCH (p:Part {partNumber: $partNumber})
OPTIONAL MATCH (p)-[r:CITES|HAS_FORM_FACTOR|IMPLEMENTS|HAS_CONNECTOR|END|OF_TYPE|ACCEPTS|REACHES]->()
DELETE r
WITH DISTINCT p
REMOVE p:Transceiver:Cable:FiberCable:Adapter
WITH p
OPTIONAL MATCH (a:Alias)-[:ALIAS_OF]->(p)
DETACH DELETE a
"""

DETACH_DEVICE_QUERY: Final[LiteralString] = """
MATCH (d:Device {model: $model})
OPTIONAL MATCH (d)-[r:CITES]->()
DELETE r
WITH DISTINCT d
OPTIONAL MATCH (d)-[:HAS_CAGE]->(k:Cage)
DETACH DELETE k
WITH DISTINCT d
OPTIONAL MATCH (a:Alias)-[:ALIAS_OF]->(d)
DETACH DELETE a
"""

_RECORD_EDIT: Final[LiteralString] = """
MERGE (e:CatalogueEdit {id: $id})
ON CREATE SET e.digest = $digest, e.by = $by, e.at = $at, e.operation = $operation, e.target = $target,
              e.sourceId = $sourceId
WITH e
MATCH (s:Source {id: $sourceId})
MERGE (e)-[:ON_SOURCE]->(s)
WITH e
"""

RECORD_EDIT_QUERIES: Final[dict[str, LiteralString]] = {
    "part": _RECORD_EDIT + "MATCH (t:Part {partNumber: $target}) MERGE (e)-[:EDITED]->(t)",
    "device": _RECORD_EDIT + "MATCH (t:Device {model: $target}) MERGE (e)-[:EDITED]->(t)",
    "form_factor": _RECORD_EDIT + "MATCH (t:FormFactor {name: $target}) MERGE (e)-[:EDITED]->(t)",
    "pmd": _RECORD_EDIT + "MATCH (t:Pmd {name: $target}) MERGE (e)-[:EDITED]->(t)",
}
"""Record an edit and link it to its source and its target; one statement per target label."""

EDITS_QUERY: Final[LiteralString] = """
MATCH (e:CatalogueEdit)
WHERE $target IS NULL OR e.target = $target
RETURN e.id AS id, e.digest AS digest, e.by AS by, e.at AS at, e.operation AS operation, e.target AS target,
       e.sourceId AS sourceId
ORDER BY e.at DESC, e.id
LIMIT $limit
"""

# Cage adapters for the compatibility search: an adapter whose plug fits a cage (directly or through
# one FITS_IN) offers the seat it ACCEPTS; linkOptions then searches plugs for that seat.
ADAPTER_SEATS_QUERY: Final[LiteralString] = """
UNWIND $cages AS cageName
MATCH (cage:FormFactor {name: cageName})
MATCH (a:Adapter)-[:HAS_FORM_FACTOR]->(:FormFactor)-[:FITS_IN*0..1]->(cage)
MATCH (a)-[:ACCEPTS]->(seat:FormFactor)
WHERE $protocol IS NULL OR $protocol IN a.protocols
RETURN DISTINCT cageName AS cage, a.doc AS adapter, seat.name AS seat, a.partNumber AS partNumber
ORDER BY cage, partNumber
"""

LINK_RULE_CONTEXT_QUERY: Final[LiteralString] = """
CALL () { MATCH (f:FormFactor) RETURN collect(f.doc) AS formFactors }
CALL () { MATCH (p:Pmd) RETURN collect(p.doc) AS pmds }
CALL () {
  MATCH (c:Part) WHERE c.lengthM IS NOT NULL AND c.family IS NOT NULL
  WITH c.family AS family, c.lengthM AS length, c.partNumber AS partNumber, c.cableType AS cableType
    ORDER BY length, partNumber
  RETURN collect({family: family, lengths: length, partNumber: partNumber, cableType: cableType}) AS lengthRows
}
CALL () { MATCH (a:Adapter) WITH a ORDER BY a.partNumber RETURN collect(a.doc) AS adapters }
CALL () { MATCH (t:FiberType) RETURN collect(t.name) AS fiberTypes }
CALL () {
  MATCH (x:Transceiver)-[:HAS_FORM_FACTOR]->(ff:FormFactor)
  OPTIONAL MATCH (x)-[:IMPLEMENTS]->(p:Pmd)
  WITH x, ff, collect(p.name) AS pmdNames ORDER BY x.partNumber
  RETURN collect({partNumber: x.partNumber, formFactor: ff.name, pmds: pmdNames, doc: x.doc}) AS transceivers
}
CALL () { MATCH (s:Source) WHERE s.kind = 'secondary' RETURN collect(s.id) AS secondarySources }
RETURN formFactors, pmds, lengthRows, adapters, fiberTypes, transceivers, secondarySources
"""

# ---------------------------------------------------------------------------------------------
# The catalogue version and the in-memory snapshot (service.persistence.snapshot).
#
#     (:CatalogueVersion {id: 'catalogue', version, token, at, seedDigest, seedLock})
#
# Every seed load and every catalogue edit bumps it in the SAME write transaction as its facts, so a
# reader that sees a new token knows the catalogue changed. The token is a fresh UUID on every bump:
# a wiped and re-seeded database restarts the counter, never the token.
# ---------------------------------------------------------------------------------------------

BUMP_CATALOGUE_VERSION_QUERY: Final[LiteralString] = """
MERGE (v:CatalogueVersion {id: 'catalogue'})
SET v.version = coalesce(v.version, 0) + 1, v.token = randomUUID(), v.at = datetime()
RETURN v.version AS version, v.token AS token
"""

SEED_LOCK_QUERY: Final[LiteralString] = """
MERGE (v:CatalogueVersion {id: 'catalogue'})
SET v.seedLock = randomUUID()
RETURN v.seedDigest AS digest
"""
"""Taken first in a seed's write transaction: a concurrent seed (another ``serve`` worker) waits for
this one to commit and then reads its digest. Changes neither version nor token."""

SET_SEED_DIGEST_QUERY: Final[LiteralString] = """
MATCH (v:CatalogueVersion {id: 'catalogue'})
SET v.seedDigest = $digest
"""

CATALOGUE_VERSION_QUERY: Final[LiteralString] = """
OPTIONAL MATCH (v:CatalogueVersion {id: 'catalogue'})
RETURN v.version AS version, v.token AS token
"""

# The graph's structure as the compatibility search walks it (node keys and the properties its
# WHERE clauses test), read in the snapshot's transaction. The documents (doc) come through the
# repository's own read methods in the same transaction.
SNAPSHOT_GRAPH_QUERY: Final[LiteralString] = """
CALL () { MATCH (f:FormFactor) RETURN collect(f.name) AS formFactors }
CALL () { MATCH (p:FormFactor)-[:FITS_IN]->(c:FormFactor) RETURN collect([p.name, c.name]) AS fits }
CALL () {
  MATCH (p:Part)
  RETURN collect({partNumber: p.partNumber, kind: p.kind, vendor: p.vendor, transceiver: p:Transceiver, cable: p:Cable,
                  fiberCable: p:FiberCable, adapter: p:Adapter, protocols: p.protocols,
                  ratesGbps: p.ratesGbps, family: p.family, lengthM: p.lengthM,
                  fiberCables: p.fiberCables}) AS parts
}
CALL () { MATCH (p:Part)-[:HAS_FORM_FACTOR]->(f:FormFactor) RETURN collect([p.partNumber, f.name]) AS hasFormFactor }
CALL () { MATCH (p:Part)-[:IMPLEMENTS]->(m:Pmd) RETURN collect([p.partNumber, m.name]) AS implements }
CALL () { MATCH (m:Pmd)-[r:REACHES]->(f:FiberType) RETURN collect([m.name, f.name, r.maxM]) AS reaches }
CALL () { MATCH (p:Part)-[:OF_TYPE]->(f:FiberType) RETURN collect([p.partNumber, f.name]) AS ofType }
CALL () { MATCH (p:Part)-[e:END]->(f:FormFactor) RETURN collect([p.partNumber, e.end, f.name]) AS ends }
CALL () { MATCH (p:Part)-[:ACCEPTS]->(f:FormFactor) RETURN collect([p.partNumber, f.name]) AS accepts }
CALL () {
  MATCH (a:Alias)
  OPTIONAL MATCH (a)-[:ALIAS_OF]->(t)
  RETURN collect({key: a.key, kind: a.kind, name: a.name,
                  label: CASE WHEN t:Part THEN 'part' WHEN t:Device THEN 'device'
                              WHEN t:FormFactor THEN 'form_factor' END,
                  target: coalesce(t.partNumber, t.model, t.name)}) AS aliases
}
CALL () { MATCH (d:Device) RETURN collect([d.model, d.deviceType]) AS devices }
CALL () { MATCH (s:Source) RETURN collect(s.id) AS sources }
RETURN formFactors, fits, parts, hasFormFactor, implements, reaches, ofType, ends, accepts, aliases, devices,
       sources
"""
