"""Catalogue edits: add or update a part, a device, a form-factor fit or a PMD's reach, each on a source.

An edit is validated exactly like the seed, written all or nothing, and recorded with who, when and
on which source::

    input ──pydantic model of the seed row (service.domain.catalogue)──► a typed row, or
          │                                                           ValidationError naming the field
          ▼  one managed write transaction (Neo4jRepository.apply_edit)
    edit id already recorded? ──yes──► the recorded edit (replayed; nothing written again)
          │ no
    the catalogue as it stands ──+ the edited row──► seed.catalogue.check_references (the seed's
          │                                        cross-reference rules: sources, form factors,
          │                                        PMDs, fiber types, connectors, unique part numbers
          │                                        and aliases, part reach within its PMD's …)
          ▼
    detach the replaced facts ──► MERGE with the seed's statements ──► (:CatalogueEdit)-[:EDITED]->(…)

The edit's source is either an existing source id, or a new source (id, URL, title, section, kind)
created in the same transaction. Every edited fact cites it: a part's or device's ``sources``, a
fit's ``sources``, a reach's ``sources``. No source, no fact.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError

from seed.catalogue import Catalogue, check_references
from seed.loader import catalogue_rows
from service.domain.catalogue import (
    Cable,
    Connector,
    Device,
    FiberCable,
    FiberType,
    Fit,
    FormFactor,
    Generation,
    Part,
    PartKind,
    Pmd,
    Reach,
    Source,
)
from service.errors import InputValidationError, NotFoundError, SeedValidationError, UnknownFormFactorError
from service.persistence.repository import (
    AnyPart,
    CatalogueDocs,
    EditPlan,
    EditRecord,
    Neo4jRepository,
    suggest,
)

__all__ = ["EDIT_ID_PATTERN", "CatalogueEditor", "Edited", "SourceRef"]

T = TypeVar("T")
EDIT_ID_PATTERN = r"[A-Za-z0-9._:-]{1,64}"
_PART: TypeAdapter[AnyPart] = TypeAdapter(Part)
_SEED_MESSAGE = re.compile(r"^(?P<where>.*?): field (?P<field>[\w.]+): (?P<what>.*)$", re.DOTALL)
_EDIT = "edit"
_KINDS = frozenset(k.value for k in PartKind)


@dataclass(frozen=True)
class SourceRef:
    """The source an edit cites: an existing id alone, or a new source with its details.

    Attributes:
        id: source id (``[A-Za-z0-9_.-]+``).
        url, title, section, kind, read: for a new source (``kind``: standard, vendor or secondary;
            ``read``: ISO date). Giving any of them asks for a new source with this id.
    """

    id: str
    url: str | None = None
    title: str | None = None
    section: str | None = None
    kind: str | None = None
    read: str | None = None

    @property
    def is_new(self) -> bool:
        return any(v is not None for v in (self.url, self.title, self.section, self.kind, self.read))


@dataclass(frozen=True)
class Edited(Generic[T]):
    """An applied (or replayed) edit: its audit record and the catalogue object as it now stands."""

    record: EditRecord
    value: T


def _pydantic_error(prefix: str, exc: PydanticValidationError) -> InputValidationError:
    def path(loc: tuple[int | str, ...]) -> str:
        # A part row is a tagged union: pydantic puts the tag ("transceiver") first; the row has no such key.
        names = [str(x) for x in loc]
        if names and names[0] in _KINDS:
            names = names[1:]
        return ".".join([prefix, *names])

    first, *more = exc.errors()
    also = "".join(f"; also {path(e['loc'])}: {e['msg']}" for e in more[:4])
    return InputValidationError(path(first["loc"]), f"{first['msg']}{also}")


def _check_finite(value: object, path: str) -> None:
    """Refuse NaN and ±Infinity anywhere in an input (a GraphQL Float literal such as 1e999 is ∞)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise InputValidationError(path, "must be a finite number")
    if isinstance(value, Mapping):
        for k, v in value.items():
            _check_finite(v, f"{path}.{k}")
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            _check_finite(v, f"{path}.{i}")


def _digest(operation: str, payload: object, source: SourceRef) -> str:
    text = json.dumps(
        {"operation": operation, "payload": payload, "source": asdict(source)}, sort_keys=True, default=str
    )
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class CatalogueEditor:
    """Catalogue edits over the repository (see the module docstring for the flow).

    Args:
        repo: the repository (its :meth:`~Neo4jRepository.apply_edit` runs the write transaction).
        clock: returns the current UTC time (tests may fix it).
    """

    def __init__(
        self, repo: Neo4jRepository, clock: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)
    ) -> None:
        self.repo = repo
        self.clock = clock

    # --- public operations ------------------------------------------------------------------------

    def upsert_part(self, row: object, source: SourceRef, *, by: str, edit_id: str | None = None) -> Edited[AnyPart]:
        """Add a part, or replace the part with the same part number, from a seed-style row.

        Args:
            row: one ``seed/data/parts/*.yaml`` row as a JSON object (``kind``: transceiver, cable,
                fiber_cable or adapter; one orderable part, so ``part_number`` and no ``variants``).
                The edit's source is added to its ``sources``.
            source: the source the edit cites.
            by: the principal making the edit.
            edit_id: idempotency key; a retry with the same id and content is answered, not re-applied.

        Raises:
            InputValidationError: ``field`` names the offending input (``row.form_factor``,
                ``source.url``, ``editId`` …).
            DatabaseUnavailable: Neo4j cannot be reached.
        """
        data = self._row(row, source)
        try:
            part = _PART.validate_python(data)
        except PydanticValidationError as exc:
            raise _pydantic_error("row", exc) from None
        if isinstance(part, Cable | FiberCable) and part.variants:
            raise InputValidationError("row.variants", "edit one orderable part (one length) at a time")
        if not part.part_number:
            raise InputValidationError("row.part_number", "required")
        if isinstance(part, Cable | FiberCable) and part.length_m is None:
            raise InputValidationError("row.length_m", "a cable needs its length (metres)")
        number = part.part_number

        def apply(cat: Catalogue) -> EditPlan:
            existed = any(p.part_number == number for p in cat.parts)
            cat.parts = [p for p in cat.parts if p.part_number != number] + [part]
            return EditPlan(rows=catalogue_rows(Catalogue(parts=[part])), detach_part=number if existed else None)

        record = self._apply(
            "upsertPart",
            "part",
            number,
            part.model_dump(mode="json"),
            source,
            by,
            edit_id,
            apply,
            field_prefix="row",
            default_field="row",
        )
        return Edited(record, part)

    def upsert_device(self, row: object, source: SourceRef, *, by: str, edit_id: str | None = None) -> Edited[Device]:
        """Add a device (switch, adapter, DPU) or replace the one with the same model, from a seed-style
        row (``seed/data/devices/*.yaml``) as a JSON object; the edit's source is added to its ``sources``.

        Raises:
            InputValidationError: ``field`` names the offending input (``row.cages.0.form_factor`` …).
            DatabaseUnavailable: Neo4j cannot be reached.
        """
        data = self._row(row, source)
        try:
            device = Device.model_validate(data)
        except PydanticValidationError as exc:
            raise _pydantic_error("row", exc) from None

        def apply(cat: Catalogue) -> EditPlan:
            existed = any(d.model == device.model for d in cat.devices)
            cat.devices = [d for d in cat.devices if d.model != device.model] + [device]
            return EditPlan(
                rows=catalogue_rows(Catalogue(devices=[device])),
                detach_device=device.model if existed else None,
            )

        record = self._apply(
            "upsertDevice",
            "device",
            device.model,
            device.model_dump(mode="json"),
            source,
            by,
            edit_id,
            apply,
            field_prefix="row",
            default_field="row",
        )
        return Edited(record, device)

    def upsert_fit(
        self, plug: str, cage: str, note: str, source: SourceRef, *, by: str, edit_id: str | None = None
    ) -> Edited[FormFactor]:
        """Record that a ``cage`` cage accepts a ``plug`` plug (a ``FITS_IN`` fact), citing ``source``.

        An existing fit keeps its sources and gains this one; its note becomes ``note`` if given.

        Raises:
            NotFoundError: no form factor ``plug`` (with suggestions).
            InputValidationError: ``fit.cage`` unknown or equal to the plug; ``source.*``; ``editId``.
            DatabaseUnavailable: Neo4j cannot be reached.
        """
        _check_finite(note, "fit.note")
        self._edit_id(edit_id)
        holder: dict[str, FormFactor] = {}

        def apply(cat: Catalogue) -> EditPlan:
            ff = self._form_factor(cat, plug)
            if cage.strip().casefold() in {ff.name.casefold(), *(a.casefold() for a in ff.aliases)}:
                raise InputValidationError("fit.cage", "a form factor always fits its own cage")
            old = next((f for f in ff.fits_in if f.cage == cage), None)
            sources = list(dict.fromkeys([source.id, *(old.sources if old else [])]))
            try:
                fit = Fit(cage=cage, note=note or (old.note if old else ""), sources=sources)
                updated = FormFactor.model_validate(
                    {
                        **ff.model_dump(),
                        "fits_in": [
                            *(f.model_dump() for f in ff.fits_in if f.cage != cage),
                            fit.model_dump(),
                        ],
                    }
                )
            except PydanticValidationError as exc:
                raise _pydantic_error("fit", exc) from None
            cat.form_factors = [f for f in cat.form_factors if f.name != ff.name] + [updated]
            holder["ff"] = updated
            return EditPlan(rows=catalogue_rows(Catalogue(form_factors=[updated])))

        record = self._apply(
            "upsertFormFactorFit",
            "form_factor",
            plug,
            {"plug": plug, "cage": cage, "note": note},
            source,
            by,
            edit_id,
            apply,
            field_prefix="fit",
            default_field="fit",
            renames={"fits_in.cage": "fit.cage", "fits_in.sources": "source.id"},
            target_of=lambda: holder["ff"].name,
        )
        return Edited(record, holder.get("ff") or self._reread_form_factor(record.target))

    def upsert_pmd_reach(
        self,
        pmd: str,
        fiber: str,
        max_m: float,
        source: SourceRef,
        *,
        by: str,
        min_m: float | None = None,
        note: str = "",
        min_loss_db: float | None = None,
        mode_conditioning: bool | None = None,
        edit_id: str | None = None,
    ) -> Edited[Pmd]:
        """Set a PMD's maximum reach (metres) over one fiber grade, citing ``source``.

        The edit restates the row's ``max_m``, ``min_m`` and ``note`` on ``source``; the rest of an
        existing row is kept, never silently dropped:

        - ``loss`` (the channel insertion-loss budget) is kept as it is, with its own sources.
        - ``min_loss_db`` (dB, > 0, e.g. 40GBASE-ER4's 9 dB) and ``mode_conditioning`` (e.g.
          10GBASE-LRM over OM1/OM2) are kept unless given. Both rest on the row's sources, so when
          an earlier value is kept, the earlier sources stay beside ``source`` (``source`` first);
          when nothing is kept from the earlier row, ``source`` replaces its sources, since they
          supported the earlier reach.

        Example: 40GBASE-ER4 over OS2 (40000 m, min_loss_db 9, sources [E17]) edited to 40000 m on
        source T1 → 40000 m, min_loss_db 9, sources [T1, E17].

        Args:
            pmd: PMD name, e.g. ``10GBASE-SR``.
            fiber: fiber grade, e.g. ``OM4``.
            max_m: maximum reach, metres (> 0, finite).
            source: the source the edit cites.
            by: the principal making the edit.
            min_m: shortest supported run, metres (>= 0).
            note: the row's note.
            min_loss_db: the clause's minimum channel insertion loss over this grade, dB (> 0,
                finite); ``None`` keeps the row's.
            mode_conditioning: whether a mode-conditioning patch cord is needed over this grade;
                ``None`` keeps the row's.
            edit_id: idempotency key.

        Raises:
            NotFoundError: no PMD named ``pmd`` (with suggestions).
            InputValidationError: ``reach.fiber`` unknown or of the wrong mode for the PMD's media,
                ``reach.maxM`` not > 0 or below a part's own documented reach, ``reach.minLossDb`` not
                > 0 or not finite, ``source.*``, ``editId``.
            DatabaseUnavailable: Neo4j cannot be reached.
        """
        _check_finite(max_m, "reach.maxM")
        _check_finite(min_m, "reach.minM")
        _check_finite(min_loss_db, "reach.minLossDb")
        self._edit_id(edit_id)
        holder: dict[str, Pmd] = {}

        def apply(cat: Catalogue) -> EditPlan:
            current = next((p for p in cat.pmds if p.name == pmd), None)
            if current is None:
                raise NotFoundError("PMD", pmd, suggest(pmd, [p.name for p in cat.pmds]))
            old = next((r for r in current.reach if r.fiber == fiber), None)
            keep_min_loss = min_loss_db is None and old is not None and old.min_loss_db is not None
            keep_mode = mode_conditioning is None and old is not None and old.mode_conditioning
            kept_sources = old.sources if old is not None and (keep_min_loss or keep_mode) else []
            try:
                reach = Reach(
                    fiber=fiber,
                    max_m=max_m,
                    min_m=min_m,
                    note=note,
                    loss=old.loss if old is not None else None,
                    min_loss_db=min_loss_db if min_loss_db is not None else (old.min_loss_db if old else None),
                    mode_conditioning=(
                        mode_conditioning if mode_conditioning is not None else bool(old and old.mode_conditioning)
                    ),
                    sources=list(dict.fromkeys([source.id, *kept_sources])),
                )
                updated = Pmd.model_validate(
                    {
                        **current.model_dump(),
                        "reach": [
                            *(r.model_dump() for r in current.reach if r.fiber != fiber),
                            reach.model_dump(),
                        ],
                    }
                )
            except PydanticValidationError as exc:
                err = _pydantic_error("reach", exc)
                field = {
                    "reach.max_m": "reach.maxM",
                    "reach.min_m": "reach.minM",
                    "reach.min_loss_db": "reach.minLossDb",
                }.get(err.field, "reach.fiber")
                raise InputValidationError(field, err.message.removeprefix(f"{err.field}: ")) from None
            cat.pmds = [p for p in cat.pmds if p.name != pmd] + [updated]
            holder["pmd"] = updated
            return EditPlan(rows=catalogue_rows(Catalogue(pmds=[updated])))

        record = self._apply(
            "upsertPmdReach",
            "pmd",
            pmd,
            {
                "pmd": pmd,
                "fiber": fiber,
                "maxM": max_m,
                "minM": min_m,
                "note": note,
                "minLossDb": min_loss_db,
                "modeConditioning": mode_conditioning,
            },
            source,
            by,
            edit_id,
            apply,
            field_prefix="reach",
            default_field="reach.maxM",
            renames={"reach.fiber": "reach.fiber", "reach.sources": "source.id"},
        )
        return Edited(record, holder.get("pmd") or self._reread_pmd(record.target))

    # --- shared steps -----------------------------------------------------------------------------

    @staticmethod
    def _edit_id(edit_id: str | None) -> str:
        if edit_id is None:
            return uuid.uuid4().hex
        if not re.fullmatch(EDIT_ID_PATTERN, edit_id):
            raise InputValidationError("editId", "must be 1-64 of A-Z a-z 0-9 . _ : -")
        return edit_id

    @staticmethod
    def _row(row: object, source: SourceRef) -> dict[str, Any]:
        if not isinstance(row, Mapping):
            raise InputValidationError("row", "must be a JSON object (one seed-file row)")
        _check_finite(row, "row")
        data = dict(row)
        given = data.get("sources")
        sources = list(given) if isinstance(given, list) else []
        if not all(isinstance(s, str) for s in sources):
            raise InputValidationError("row.sources", "must be a list of source ids (strings)")
        data["sources"] = list(dict.fromkeys([*sources, source.id]))
        return data

    @staticmethod
    def _new_source(source: SourceRef) -> Source | None:
        if not source.is_new:
            return None
        try:
            return Source.model_validate({k: v for k, v in asdict(source).items() if v is not None})
        except PydanticValidationError as exc:
            raise _pydantic_error("source", exc) from None

    @staticmethod
    def _form_factor(cat: Catalogue, name: str) -> FormFactor:
        key = name.strip().casefold()
        for ff in cat.form_factors:
            if key in {ff.name.casefold(), *(a.casefold() for a in ff.aliases)}:
                return ff
        names = [n for ff in cat.form_factors for n in (ff.name, *ff.aliases)]
        raise UnknownFormFactorError(name, suggest(name, names))

    def _reread_form_factor(self, name: str) -> FormFactor:
        return self.repo.form_factor(name)

    def _reread_pmd(self, name: str) -> Pmd:
        found = [p for p in self.repo.pmds() if p.name == name]
        if not found:
            raise NotFoundError("PMD", name)
        return found[0]

    def _apply(
        self,
        operation: str,
        kind: str,
        target: str,
        payload: object,
        source: SourceRef,
        by: str,
        edit_id: str | None,
        change: Callable[[Catalogue], EditPlan],
        *,
        field_prefix: str,
        default_field: str,
        renames: Mapping[str, str] | None = None,
        target_of: Callable[[], str] | None = None,
    ) -> EditRecord:
        """Validate the source, then run ``change`` on the catalogue inside the write transaction,
        check every cross reference the seed checks, and write."""
        if not re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", source.id):
            raise InputValidationError("source.id", "must be 1-64 of A-Z a-z 0-9 _ . -")
        new_source = self._new_source(source)
        eid = self._edit_id(edit_id)
        at = self.clock().astimezone(dt.UTC).isoformat(timespec="milliseconds")

        def plan(docs: CatalogueDocs) -> EditPlan:
            cat = _catalogue(docs)
            if new_source is not None:
                known = cat.sources.get(new_source.id)
                if known is not None and known != new_source:
                    raise InputValidationError(
                        "source.id",
                        f"source {new_source.id!r} exists with other details; cite it by id alone",
                    )
                cat.sources[new_source.id] = new_source
            elif source.id not in cat.sources:
                raise InputValidationError(
                    "source.id", f"unknown source id {source.id!r}; give url, title and kind to add it"
                )
            todo = change(cat)
            where_of = {id(p): f"part {p.part_number}" for p in cat.parts}
            where_of |= {id(d): f"device {d.model}" for d in cat.devices}
            where_of |= {id(x): f"PMD {x.name}" for x in cat.pmds}
            where_of |= {id(x): f"form factor {x.name}" for x in cat.form_factors}
            lists: dict[str, list[Any]] = {
                "part": cat.parts,
                "device": cat.devices,
                "form_factor": cat.form_factors,
                "pmd": cat.pmds,
            }
            edited = lists[kind]
            where_of[id(edited[-1])] = _EDIT
            try:
                check_references(cat, where_of)
            except SeedValidationError as exc:
                raise _seed_error(exc, field_prefix, default_field, renames or {}) from None
            rows = dict(todo.rows)
            if new_source is not None and source.id not in _catalogue_source_ids(docs):
                rows["sources"] = catalogue_rows(Catalogue(sources={new_source.id: new_source}))["sources"]
            return EditPlan(
                rows=rows,
                detach_part=todo.detach_part,
                detach_device=todo.detach_device,
                target=target_of() if target_of is not None else None,
            )

        record = EditRecord(id=eid, by=by, at=at, operation=operation, target=target, source_id=source.id)
        return self.repo.apply_edit(record, _digest(operation, payload, source), kind, plan)


def _catalogue_source_ids(docs: CatalogueDocs) -> set[str]:
    return {Source.model_validate_json(d).id for d in docs.sources}


def _catalogue(docs: CatalogueDocs) -> Catalogue:
    """The catalogue as stored (each node's validated row), for the seed's cross-reference checks."""
    return Catalogue(
        sources={s.id: s for s in (Source.model_validate_json(d) for d in docs.sources)},
        generations=[Generation.model_validate_json(d) for d in docs.generations],
        fiber_types=[FiberType.model_validate_json(d) for d in docs.fiber_types],
        connectors=[Connector.model_validate_json(d) for d in docs.connectors],
        form_factors=[FormFactor.model_validate_json(d) for d in docs.form_factors],
        pmds=[Pmd.model_validate_json(d) for d in docs.pmds],
        parts=[_PART.validate_json(d) for d in docs.parts],
        devices=[Device.model_validate_json(d) for d in docs.devices],
    )


def _seed_error(
    exc: SeedValidationError, prefix: str, default: str, renames: Mapping[str, str]
) -> InputValidationError:
    """A seed check's message (``"<where>: field <name>: <what>"``) as a ValidationError on the input."""
    match = _SEED_MESSAGE.match(exc.message)
    if match is None:
        return InputValidationError(default, exc.message)
    where, field, what = match.group("where", "field", "what")
    if where != _EDIT:
        return InputValidationError(default, f"{where}: {field}: {what}")
    return InputValidationError(renames.get(field, f"{prefix}.{field}"), what)
