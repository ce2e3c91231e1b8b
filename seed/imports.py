"""Read a company's own catalogue rows (``fabricgraph import FILE…``) and validate them with the
seed's own rules, against the shipped catalogue, before anything is written.

    import files ──► rows ──► the shipped catalogue + the rows ──► check_references (the seed's rules)
                                                                         │ any problem: nothing written
                                                                         ▼
                                                      one write transaction (seed.loader.seed_database)

Three kinds of file:

* **Catalogue YAML**: a mapping with any of ``sources``, ``pmds``, ``parts`` and ``devices``, each a
  list of rows exactly as in ``seed/data`` (a cable family may carry ``variants``).
* **Parts CSV**: one transceiver per row. Columns: ``part_number, vendor, description, protocols,
  form_factor, rates_gbps, pmds, connector`` (required) and ``side, aliases, status, notes, sources,
  source_url, source_title, source_kind`` (optional). List cells are separated by ``;``. A row cites
  existing source ids in ``sources``, or names its own document in ``source_url`` / ``source_title``
  (``source_kind`` vendor, standard or secondary; default vendor), which becomes a source with id
  ``import-<part_number>``.
* **NetBox device-type YAML** (``manufacturer``, ``model`` and ``interfaces``, as in the
  netbox-community devicetype-library): one device; interfaces are grouped by their ``type`` slug
  into cages, the slug naming the form factor (``400gbase-x-osfp`` → OSFP, an alias in
  ``form_factors.yaml``) and the speed (400 Gb/s). The file itself is the device's source (kind
  secondary, unless ``--source-url`` names the vendor document); the slug and the part number become
  aliases, so ``mellanox-mqm8790-hs2f`` resolves.

Imported rows may not redefine anything the shipped catalogue (or another imported file) already
names: a company list adds parts, it does not silently change NVIDIA's. Every problem raises
:class:`~service.errors.SeedValidationError` naming the file, the row and the field; nothing is
written then (all or nothing).
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, TypeAdapter, ValidationError

from seed.catalogue import Catalogue, check_references, load_catalogue
from seed.catalogue import _expand as expand_family  # the seed's own family expansion
from service.domain.catalogue import Device, DeviceType, Part, Pmd, Protocol, Source
from service.errors import SeedValidationError

__all__ = ["ImportResult", "merge_imports", "read_import_file"]

_PART: TypeAdapter[Any] = TypeAdapter(Part)
_CSV_REQUIRED = ("part_number", "vendor", "description", "protocols", "form_factor", "rates_gbps", "pmds", "connector")
_CSV_LISTS = {"protocols", "rates_gbps", "pmds", "aliases", "notes", "sources"}
_NETBOX_SPEED = re.compile(r"^(\d+(?:\.\d+)?)(g|m)base-")


@dataclass
class ImportResult:
    """The rows read from the import files (before they are merged)."""

    sources: list[Source] = field(default_factory=list)
    pmds: list[Pmd] = field(default_factory=list)
    parts: list[Any] = field(default_factory=list)
    devices: list[Device] = field(default_factory=list)
    netbox_rows: list[dict[str, Any]] = field(default_factory=list)
    """NetBox device rows whose cage form factors are still type slugs (resolved when merged)."""
    where: dict[int, str] = field(default_factory=dict)
    """``id(row) → "file row n (name)"`` for messages."""

    def counts(self) -> dict[str, int]:
        """Rows per kind, e.g. ``{"sources": 1, "pmds": 0, "parts": 3, "devices": 0}``."""
        return {
            "sources": len(self.sources),
            "pmds": len(self.pmds),
            "parts": len(self.parts),
            "devices": len(self.devices),
        }


def _fmt(exc: ValidationError) -> str:
    return "; ".join(f"field {'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors())


def _model(model: type[BaseModel], row: dict[str, Any], where: str) -> Any:
    try:
        return model.model_validate(row)
    except ValidationError as exc:
        raise SeedValidationError(f"{where}: {_fmt(exc)}") from None


def _label(path: Path, index: int, row: dict[str, Any]) -> str:
    key = row.get("part_number") or row.get("model") or row.get("id") or row.get("name") or row.get("family")
    return f"{path.name} row {index + 1}" + (f" ({key})" if key else "")


def read_import_file(
    path: Path, out: ImportResult, *, source_url: str | None = None, device_type: str = "switch"
) -> None:
    """Read one import file into ``out`` (each row validated with its model).

    Args:
        path: a ``.yaml``/``.yml`` (catalogue rows or a NetBox device type) or ``.csv`` (parts) file.
        out: where the rows go.
        source_url: for a NetBox file, the vendor document to cite instead of the file itself.
        device_type: for a NetBox file, ``switch``, ``adapter`` or ``dpu``.

    Raises:
        SeedValidationError: the file cannot be read, or a row is invalid (file, row and field named).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SeedValidationError(f"{path.name}: cannot be read: {exc}") from None
    if path.suffix.lower() == ".csv":
        _read_csv(path, text, out)
        return
    if path.suffix.lower() not in {".yaml", ".yml"}:
        raise SeedValidationError(f"{path.name}: not a .yaml, .yml or .csv file")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise SeedValidationError(f"{path.name}: not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise SeedValidationError(
            f"{path.name}: must be a mapping (sources/pmds/parts/devices, or a NetBox device type)"
        )
    if {"manufacturer", "model"} <= set(data):
        _read_netbox(path, data, out, source_url=source_url, device_type=device_type)
        return
    unknown = set(data) - {"sources", "pmds", "parts", "devices"}
    if unknown:
        raise SeedValidationError(f"{path.name}: unknown section(s) {', '.join(sorted(unknown))}")
    for section, model in (("sources", Source), ("pmds", Pmd), ("devices", Device)):
        rows = data.get(section) or []
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise SeedValidationError(f"{path.name}: {section} must be a list of mappings")
        for i, row in enumerate(rows):
            where = f"{_label(path, i, row)} [{section}]"
            item = _model(model, row, where)
            out.where[id(item)] = where
            getattr(out, section).append(item)
    rows = data.get("parts") or []
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise SeedValidationError(f"{path.name}: parts must be a list of mappings")
    for i, row in enumerate(rows):
        where = f"{_label(path, i, row)} [parts]"
        try:
            part = _PART.validate_python(row)
        except ValidationError as exc:
            raise SeedValidationError(f"{where}: {_fmt(exc)}") from None
        for w, p in expand_family(where, part):
            out.where[id(p)] = w
            out.parts.append(p)


def _split(value: str) -> list[str]:
    return [x.strip() for x in value.split(";") if x.strip()]


def _read_csv(path: Path, text: str, out: ImportResult) -> None:
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip() for h in (reader.fieldnames or [])]
    missing = [c for c in _CSV_REQUIRED if c not in header]
    if missing:
        raise SeedValidationError(f"{path.name}: missing column(s) {', '.join(missing)}")
    for i, raw in enumerate(reader):
        row = {k.strip(): (v or "").strip() for k, v in raw.items() if k is not None}
        where = f"{path.name} row {i + 2}" + (f" ({row['part_number']})" if row.get("part_number") else "")
        part: dict[str, Any] = {"kind": "transceiver"}
        for key, value in row.items():
            if key.startswith("source_") or not value:
                continue
            part[key] = _split(value) if key in _CSV_LISTS else value
        if row.get("source_url") or row.get("source_title"):
            src = _model(
                Source,
                {
                    "id": "import-" + re.sub(r"[^A-Za-z0-9_.-]+", "-", row.get("part_number", "")),
                    "url": row.get("source_url", ""),
                    "title": row.get("source_title", ""),
                    "kind": row.get("source_kind") or "vendor",
                },
                f"{where}: source",
            )
            out.where[id(src)] = where
            out.sources.append(src)
            part["sources"] = [*part.get("sources", []), src.id]
        try:
            item = _PART.validate_python(part)
        except ValidationError as exc:
            raise SeedValidationError(f"{where}: {_fmt(exc)}") from None
        out.where[id(item)] = where
        out.parts.append(item)


def _read_netbox(
    path: Path, data: dict[str, Any], out: ImportResult, *, source_url: str | None, device_type: str
) -> None:
    """A NetBox device type → one Device; interfaces grouped by type slug into cages."""
    manufacturer, model = str(data["manufacturer"]).strip(), str(data["model"]).strip()
    slug = str(data.get("slug") or "").strip()
    number = str(data.get("part_number") or "").strip()
    where = f"{path.name} ({manufacturer} {model})"
    if device_type not in {t.value for t in DeviceType}:
        raise SeedValidationError(f"{where}: device type {device_type!r} is not switch, adapter or dpu")
    source_id = "netbox-" + re.sub(r"[^A-Za-z0-9_.-]+", "-", slug or f"{manufacturer}-{model}").strip("-")
    src = _model(
        Source,
        {
            "id": source_id,
            "url": source_url or path.resolve().as_uri(),
            "title": f"NetBox device type {manufacturer} {model}" + (" (vendor document)" if source_url else ""),
            "section": "interfaces (type slugs)",
            "kind": "vendor" if source_url else "secondary",
        },
        where,
    )
    out.where[id(src)] = where
    out.sources.append(src)
    groups: dict[str, int] = defaultdict(int)
    for i, iface in enumerate(data.get("interfaces") or []):
        if not isinstance(iface, dict) or not iface.get("type"):
            raise SeedValidationError(f"{where}: interfaces[{i}] has no type")
        if iface.get("mgmt_only"):
            continue
        groups[str(iface["type"]).strip()] += 1
    cages = []
    for type_slug, count in groups.items():
        speed = _NETBOX_SPEED.match(type_slug)
        if speed is None or not (type_slug.split("-")[-1] and "base-x-" in type_slug):
            continue  # copper RJ-45 ports, virtual interfaces and the like are not cages
        gbps = float(speed.group(1)) / (1000 if speed.group(2) == "m" else 1)
        cages.append(
            {
                "id": re.sub(r"[^a-z0-9_-]+", "-", type_slug.split("base-x-", 1)[1].lower()),
                "form_factor": type_slug,  # resolved against form-factor aliases in merge_imports
                "count": count,
                "speeds_gbps": [gbps],
                "protocols": [Protocol.ETHERNET.value],
                "sources": [src.id],
            }
        )
    if not cages:
        raise SeedValidationError(f"{where}: no interface with a pluggable cage type (e.g. 400gbase-x-osfp)")
    row = {
        "model": number or model,
        "name": f"{manufacturer} {model}",
        "vendor": manufacturer,
        "device_type": device_type,
        "aliases": [a for a in dict.fromkeys([model, slug]) if a and a != (number or model)],
        "cages": cages,
        "notes": [f"Imported from the NetBox device type {path.name}: cages from interface type slugs."],
        "sources": [src.id],
    }
    out.where[id(row)] = where
    out.netbox_rows.append(row)  # validated once its form factors are resolved


def _resolve_netbox_cages(cat: Catalogue, result: ImportResult) -> None:
    """Turn NetBox type slugs into form-factor names through the catalogue's aliases."""
    by_alias = {a.casefold(): ff.name for ff in cat.form_factors for a in [ff.name, *ff.aliases]}
    for raw in result.netbox_rows:
        where = result.where.get(id(raw), "?")
        for cage in raw["cages"]:
            name = by_alias.get(str(cage["form_factor"]).casefold())
            if name is None:
                raise SeedValidationError(
                    f"{where}: field interfaces.type: {cage['form_factor']!r} names no form factor the catalogue knows"
                )
            cage["form_factor"] = name
        device = _model(Device, raw, where)
        result.where[id(device)] = where
        result.devices.append(device)
    result.netbox_rows = []


def merge_imports(
    paths: Sequence[Path],
    base: Catalogue | None = None,
    *,
    source_url: str | None = None,
    device_type: str = "switch",
) -> tuple[Catalogue, ImportResult]:
    """Read every file, add its rows to the shipped catalogue and check the whole with the seed's rules.

    Args:
        paths: the import files (YAML, CSV or NetBox device-type YAML).
        base: the catalogue to add to (the shipped seed when omitted).
        source_url / device_type: see :func:`read_import_file` (NetBox files).

    Returns:
        The merged catalogue (ready for :func:`seed.loader.seed_database`) and what was imported.

    Raises:
        SeedValidationError: any row of any file is invalid, redefines a catalogue name, or breaks a
            cross reference; the message names the file, row and field.
    """
    cat = base if base is not None else load_catalogue()
    result = ImportResult()
    for path in paths:
        read_import_file(path, result, source_url=source_url, device_type=device_type)
    _resolve_netbox_cages(cat, result)
    _refuse_redefinitions(cat, result)
    merged = Catalogue(
        sources={**cat.sources, **{s.id: s for s in result.sources}},
        generations=list(cat.generations),
        fiber_types=list(cat.fiber_types),
        connectors=list(cat.connectors),
        form_factors=list(cat.form_factors),
        pmds=[*cat.pmds, *result.pmds],
        parts=[*cat.parts, *result.parts],
        devices=[*cat.devices, *result.devices],
    )
    check_references(merged, result.where)
    return merged, result


def _refuse_redefinitions(cat: Catalogue, result: ImportResult) -> None:
    def names(items: Iterable[Any], *attrs: str) -> set[str]:
        out: set[str] = set()
        for item in items:
            for attr in attrs:
                value = getattr(item, attr, None)
                out |= {v.casefold() for v in (value if isinstance(value, list) else [value]) if v}
        return out

    taken = {
        "source": {s.casefold() for s in cat.sources},
        "pmd": names(cat.pmds, "name"),
        "part": names(cat.parts, "part_number", "aliases"),
        "device": names(cat.devices, "model", "aliases"),
    }
    checks: list[tuple[str, Iterable[Any], tuple[str, ...]]] = [
        ("source", result.sources, ("id",)),
        ("pmd", result.pmds, ("name",)),
        ("part", result.parts, ("part_number", "aliases")),
        ("device", result.devices, ("model", "aliases")),
    ]
    for kind, items, attrs in checks:
        for item in items:
            for name in names([item], *attrs):
                if name in taken[kind]:
                    where = result.where.get(id(item), "?")
                    raise SeedValidationError(
                        f"{where}: field {attrs[0]}: {name!r} is already a {kind} in the catalogue; an import adds "
                        "rows, it does not change shipped ones (use the catalogue edit mutations for that)"
                    )
                taken[kind].add(name)
