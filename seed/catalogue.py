"""Read and validate the seed data files into one :class:`Catalogue`, touching no database.

Layout of ``seed/data``::

    Each kind may be one file ``<kind>.yaml`` and/or a folder ``<kind>/*.yaml``.
    sources.yaml         Source rows (id, url, title, section, kind, read)
    generations.yaml     Generation rows
    fiber_types.yaml     FiberType rows
    connectors.yaml      Connector rows
    form_factors.yaml    FormFactor rows (with fits_in)
    pmds.yaml            Pmd rows (with reach per fiber type)
    breakouts.yaml       breakout modes of PMDs (pmd, legs, leg_pmd), attached to the PMD rows
    parts/*.yaml         Part rows (kind: transceiver | cable | fiber_cable | adapter); a cable row
                         with ``variants`` stands for one part per orderable length
    devices/*.yaml       Device rows (with cages)

Every row is validated with its pydantic model, then every cross reference (source ids, form
factors, PMDs, fiber types, connectors, unique part numbers and aliases, part reach within its PMD's,
lengths within the family's documented limit) is checked. The first problem found raises
:class:`~service.errors.SeedValidationError` naming the file, the row and the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from service.domain.catalogue import (
    Adapter,
    Breakout,
    Cable,
    Connector,
    Device,
    FiberCable,
    FiberType,
    FormFactor,
    Generation,
    Part,
    Pmd,
    Source,
    Transceiver,
)
from service.errors import SeedValidationError

__all__ = ["DATA_DIR", "Catalogue", "check_references", "load_catalogue"]

DATA_DIR = Path(__file__).resolve().parent / "data"
M = TypeVar("M", bound=BaseModel)
_PART = TypeAdapter(Part)


@dataclass
class Catalogue:
    """Every validated row, with cable families expanded into one part per length."""

    sources: dict[str, Source] = field(default_factory=dict)
    generations: list[Generation] = field(default_factory=list)
    fiber_types: list[FiberType] = field(default_factory=list)
    connectors: list[Connector] = field(default_factory=list)
    form_factors: list[FormFactor] = field(default_factory=list)
    pmds: list[Pmd] = field(default_factory=list)
    parts: list[Transceiver | Cable | FiberCable | Adapter] = field(default_factory=list)
    devices: list[Device] = field(default_factory=list)
    origin: dict[str, str] = field(default_factory=dict)
    """Where each part number was defined: ``file:row``."""

    def primary_backed(self, source_ids: Iterable[str]) -> bool:
        """True when at least one of ``source_ids`` is a standard or the vendor's own document."""
        return any(self.sources[i].primary for i in source_ids if i in self.sources)

    def secondary_only(self, source_ids: Iterable[str]) -> bool:
        """True when a fact rests only on secondary sources (it is then flagged to users)."""
        return not self.primary_backed(source_ids)

    def fact_rows(self) -> list[tuple[str, list[str]]]:
        """Every top-level fact row as ``(kind, source ids)``: generations, fiber types, connectors,
        form factors, PMDs, parts (one per part number) and devices, the rows ``catalogueStats``
        counts when it reports the share backed by a primary source."""
        rows: list[tuple[str, list[str]]] = []
        rows += [("generation", g.sources) for g in self.generations]
        rows += [("fiber_type", f.sources) for f in self.fiber_types]
        rows += [("connector", c.sources) for c in self.connectors]
        rows += [("form_factor", f.sources) for f in self.form_factors]
        rows += [("pmd", p.sources) for p in self.pmds]
        rows += [("part", p.sources) for p in self.parts]
        rows += [("device", d.sources) for d in self.devices]
        return rows


def _read_rows(path: Path) -> list[dict[str, Any]]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise SeedValidationError(f"{path.name}: not valid YAML: {exc}") from exc
    if data is None:
        return []
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise SeedValidationError(f"{path.name}: must be a list of mappings")
    return data


def _where(path: Path, index: int, row: dict[str, Any]) -> str:
    key = row.get("part_number") or row.get("model") or row.get("id") or row.get("name") or row.get("family")
    name = f"{path.parent.name}/{path.name}" if path.parent.name != "data" else path.name
    return name + (f" row {index + 1} ({key})" if key else f" row {index + 1}")


def _validate(path: Path, rows: Iterable[dict[str, Any]], model: type[M]) -> Iterator[tuple[str, M]]:
    for i, row in enumerate(rows):
        where = _where(path, i, row)
        try:
            yield where, model.model_validate(row)
        except ValidationError as exc:
            raise SeedValidationError(f"{where}: {_fmt(exc)}") from None


def _fmt(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"])
        parts.append(f"field {loc}: {err['msg']}")
    return "; ".join(parts)


def _expand(where: str, part: Transceiver | Cable | FiberCable | Adapter) -> list[tuple[str, Any]]:
    """Expand a cable family with ``variants`` into one part per orderable length."""
    if isinstance(part, Cable | FiberCable) and part.variants:
        if part.part_number or part.length_m:
            raise SeedValidationError(f"{where}: field variants: a family row has no part_number/length_m")
        if not part.family:
            raise SeedValidationError(f"{where}: field family: required with variants")
        out = []
        for v in part.variants:
            data = part.model_dump(exclude={"variants"})
            data.update(part_number=v.part_number, length_m=v.length_m)
            data["aliases"] = list(dict.fromkeys([*part.aliases, *v.aliases]))
            data["sources"] = list(dict.fromkeys([*part.sources, *v.sources]))
            out.append((f"{where} variant {v.part_number}", type(part).model_validate(data)))
        return out
    if not part.part_number:
        raise SeedValidationError(f"{where}: field part_number: required")
    if isinstance(part, Cable | FiberCable) and part.length_m is None:
        raise SeedValidationError(f"{where}: field length_m: a cable needs its length")
    return [(where, part)]


def _files(data_dir: Path, kind: str, required: bool = False) -> list[Path]:
    """``<kind>.yaml`` and every ``<kind>/*.yaml``, in a stable order."""
    found = [p for p in [data_dir / f"{kind}.yaml"] if p.is_file()]
    found += sorted((data_dir / kind).glob("*.yaml"))
    if required and not found:
        raise SeedValidationError(f"no {kind}.yaml (or {kind}/*.yaml) in {data_dir}")
    return found


def load_catalogue(data_dir: Path = DATA_DIR) -> Catalogue:
    """Validate every seed file under ``data_dir`` and return the catalogue.

    Raises:
        SeedValidationError: a row or a cross reference is invalid (names file, row and field).
    """
    cat = Catalogue()
    where_of: dict[int, str] = {}

    def keep(items: Iterator[tuple[str, M]]) -> list[M]:
        out = []
        for where, item in items:
            where_of[id(item)] = where
            out.append(item)
        return out

    for path in _files(data_dir, "sources", required=True):
        for where, src in _validate(path, _read_rows(path), Source):
            if src.id in cat.sources:
                raise SeedValidationError(f"{where}: field id: duplicate source id {src.id}")
            cat.sources[src.id] = src
    for path in _files(data_dir, "generations", required=True):
        cat.generations += keep(_validate(path, _read_rows(path), Generation))
    for path in _files(data_dir, "fiber_types", required=True):
        cat.fiber_types += keep(_validate(path, _read_rows(path), FiberType))
    for path in _files(data_dir, "connectors", required=True):
        cat.connectors += keep(_validate(path, _read_rows(path), Connector))
    for path in _files(data_dir, "form_factors", required=True):
        cat.form_factors += keep(_validate(path, _read_rows(path), FormFactor))
    for path in _files(data_dir, "pmds", required=True):
        cat.pmds += keep(_validate(path, _read_rows(path), Pmd))
    cat.pmds = _with_breakouts(cat.pmds, data_dir, where_of)
    for path in _files(data_dir, "parts"):
        for i, row in enumerate(_read_rows(path)):
            where = _where(path, i, row)
            try:
                part = _PART.validate_python(row)
            except ValidationError as exc:
                raise SeedValidationError(f"{where}: {_fmt(exc)}") from None
            for w, p in _expand(where, part):
                where_of[id(p)] = w
                cat.parts.append(p)
    for path in _files(data_dir, "devices"):
        cat.devices += keep(_validate(path, _read_rows(path), Device))
    _check_references(cat, where_of)
    return cat


class BreakoutRow(BaseModel):
    """A row of ``breakouts.yaml``: one port of ``pmd`` runs as ``legs`` × ``leg_pmd``."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    pmd: str
    legs: int
    leg_pmd: str
    sources: list[str]


def _with_breakouts(pmds: list[Pmd], data_dir: Path, where_of: dict[int, str]) -> list[Pmd]:
    """``pmds`` with the breakout modes of ``breakouts.yaml`` attached to the PMD each names.

    Raises:
        SeedValidationError: a row names no known PMD, or is not a valid :class:`Breakout`.
    """
    by_name = {p.name: p for p in pmds}
    for path in _files(data_dir, "breakouts"):
        for where, row in _validate(path, _read_rows(path), BreakoutRow):
            pmd = by_name.get(row.pmd)
            if pmd is None:
                raise SeedValidationError(f"{where}: field pmd: unknown PMD {row.pmd!r}")
            try:
                mode = Breakout(legs=row.legs, pmd=row.leg_pmd, sources=row.sources)
            except ValidationError as exc:
                raise SeedValidationError(f"{where}: {_fmt(exc)}") from None
            updated = pmd.model_copy(update={"breakouts": [*pmd.breakouts, mode]})
            where_of[id(updated)] = where_of.get(id(pmd), where)
            by_name[row.pmd] = updated
    return [by_name[p.name] for p in pmds]


def check_references(cat: Catalogue, where_of: dict[int, str]) -> None:
    """Run every cross-reference check of :func:`load_catalogue` on a catalogue built elsewhere
    (a catalogue edit validates the edited catalogue with exactly the seed's rules).

    Args:
        cat: the catalogue to check.
        where_of: ``id(row) → label`` naming rows in messages ("?" for rows not in it).

    Raises:
        SeedValidationError: the first problem, as ``"<label>: field <name>: <what>"``.
    """
    _check_references(cat, where_of)


def _check_references(cat: Catalogue, where_of: dict[int, str]) -> None:
    def fail(item: object, msg: str) -> None:
        raise SeedValidationError(f"{where_of.get(id(item), '?')}: {msg}")

    def check_sources(item: object, ids: Iterable[str], fld: str = "sources") -> None:
        for sid in ids:
            if sid not in cat.sources:
                fail(item, f"field {fld}: unknown source id {sid!r}")

    ff_names = {f.name for f in cat.form_factors}
    fiber_names = {f.name for f in cat.fiber_types}
    fiber_mode = {f.name: f.mode for f in cat.fiber_types}
    conn_ids = {c.id for c in cat.connectors}
    pmd_by_name = {p.name: p for p in cat.pmds}
    gen_ids = {g.id for g in cat.generations}

    for g in cat.generations:
        check_sources(g, g.sources)
        for m in g.narrow_modes:
            check_sources(g, m.sources, "narrow_modes.sources")
    for ft in cat.fiber_types:
        check_sources(ft, ft.sources)
    for c in cat.connectors:
        check_sources(c, c.sources)
    seen_alias: dict[str, str] = {}
    for ff in cat.form_factors:
        check_sources(ff, ff.sources)
        for fit in ff.fits_in:
            check_sources(ff, fit.sources, "fits_in.sources")
            if fit.cage not in ff_names:
                fail(ff, f"field fits_in.cage: unknown form factor {fit.cage!r}")
        for alias in [ff.name, *ff.aliases]:
            key = alias.casefold()
            if key in seen_alias and seen_alias[key] != ff.name:
                fail(ff, f"field aliases: {alias!r} already names form factor {seen_alias[key]}")
            seen_alias[key] = ff.name
    for p in cat.pmds:
        check_sources(p, p.sources)
        if p.generation and p.generation not in gen_ids:
            fail(p, f"field generation: unknown generation {p.generation!r}")
        for r in p.reach:
            check_sources(p, r.sources, "reach.sources")
            if r.loss is not None:
                check_sources(p, r.loss.sources, "reach.loss.sources")
            if r.fiber not in fiber_names:
                fail(p, f"field reach.fiber: unknown fiber type {r.fiber!r}")
        for b in p.breakouts:
            check_sources(p, b.sources, "breakouts.sources")
            leg = pmd_by_name.get(b.pmd)
            if leg is None:
                fail(p, f"field breakouts.pmd: unknown PMD {b.pmd!r}")
            elif abs(leg.rate_gbps * b.legs - p.rate_gbps) > 1e-9 or leg.media not in p.all_media:
                fail(
                    p,
                    f"field breakouts: {b.legs} x {b.pmd} ({b.legs} x {leg.rate_gbps:g} Gb/s {leg.media.value}) "
                    f"is not a split of {p.rate_gbps:g} Gb/s {p.media.value}",
                )
        # Facts with only secondary sources are flagged: a PMD resting wholly on secondary sources
        # must say so, and a flag with no secondary-only fact behind it is wrong.
        weak = [f"reach over {r.fiber}" for r in p.reach if not cat.primary_backed(r.sources)]
        if not cat.primary_backed(p.sources) and not p.secondary_only:
            fail(p, "field secondary_only: every source of this PMD is secondary, so it must be true")
        if p.secondary_only and cat.primary_backed(p.sources) and not weak:
            fail(
                p,
                "field secondary_only: true, but the PMD and each of its reach entries cite a primary source",
            )

    numbers: dict[str, object] = {}
    for part in cat.parts:
        check_sources(part, part.sources)
        check_sources(part, part.protocol_sources, "protocol_sources")
        if isinstance(part, Transceiver):
            check_sources(part, part.top_style_sources, "top_style_sources")
        if isinstance(part, Cable):
            for end in (part.end_a, part.end_b):
                check_sources(part, end.top_style_sources, "end.top_style_sources")
        assert part.part_number is not None
        for name in [part.part_number, *part.aliases]:
            key = name.casefold()
            if key in numbers:
                fail(
                    part,
                    f"field part_number: {name!r} is claimed twice (also {where_of.get(id(numbers[key]))})",
                )
            numbers[key] = part
        if isinstance(part, Transceiver):
            if part.form_factor not in ff_names:
                fail(part, f"field form_factor: unknown form factor {part.form_factor!r}")
            if part.connector not in conn_ids:
                fail(part, f"field connector: unknown connector {part.connector!r}")
            for name in part.pmds:
                if name not in pmd_by_name:
                    fail(part, f"field pmds: unknown PMD {name!r}")
            for r in part.reach:
                check_sources(part, r.sources, "reach.sources")
                limits = [x.max_m for n in part.pmds for x in pmd_by_name[n].reach if x.fiber == r.fiber]
                if not limits:
                    fail(part, f"field reach: no PMD of this part is specified over {r.fiber}")
                if r.max_m > max(limits):
                    fail(part, f"field reach: {r.max_m} m over {r.fiber} exceeds its PMD's {max(limits)} m")
        elif isinstance(part, Cable):
            for end in (part.end_a, part.end_b):
                if end.form_factor not in ff_names:
                    fail(part, f"field end.form_factor: unknown form factor {end.form_factor!r}")
        elif isinstance(part, FiberCable):
            if part.fiber_type not in fiber_names:
                fail(part, f"field fiber_type: unknown fiber type {part.fiber_type!r}")
            for conn in (part.connector_a, part.connector_b):
                if conn not in conn_ids:
                    fail(part, f"field connector: unknown connector {conn!r}")
        elif isinstance(part, Adapter):
            for f in (part.form_factor, part.accepts):
                if f not in ff_names:
                    fail(part, f"field form_factor: unknown form factor {f!r}")
        if (
            isinstance(part, Cable | FiberCable)
            and part.max_length_m
            and part.length_m
            and part.length_m > part.max_length_m
        ):
            fail(part, f"field length_m: {part.length_m} m exceeds the family limit {part.max_length_m} m")
    del fiber_mode
    models: set[str] = set()
    for d in cat.devices:
        check_sources(d, d.sources)
        for name in [d.model, *d.aliases]:
            if name.casefold() in models:
                fail(d, f"field model: {name!r} is claimed twice")
            models.add(name.casefold())
        for cage in d.cages:
            check_sources(d, cage.sources, "cages.sources")
            for mode in cage.port_modes:
                check_sources(d, mode.sources, "cages.port_modes.sources")
            check_sources(d, cage.fec_sources, "cages.fec_sources")
            check_sources(d, cage.top_style_sources, "cages.top_style_sources")
            if cage.fec_modes and not cage.fec_sources:
                fail(d, "field cages.fec_sources: FEC modes listed without a source")
            for at in cage.fec_by_rate:
                check_sources(d, at.sources, "cages.fec_by_rate.sources")
            if len({at.rate_gbps for at in cage.fec_by_rate}) != len(cage.fec_by_rate):
                fail(d, "field cages.fec_by_rate: a rate is listed twice")
            for note in cage.autoneg:
                check_sources(d, note.sources, "cages.autoneg.sources")
            if cage.form_factor not in ff_names:
                fail(d, f"field cages.form_factor: unknown form factor {cage.form_factor!r}")
