"""Catalogue edits as GraphQL mutations: add or update a part, a device, a form-factor fit or a PMD's
reach, each citing a source. Every mutation needs an API key or bearer token (see service.auth).

Each answers a union: the edited object with its audit record, or ``Unauthorized``,
``ValidationError`` (naming the field), ``NotFoundError`` or ``DatabaseUnavailableError``.
"""

from __future__ import annotations

from typing import Annotated, Any

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from service import auth
from service.api.resolvers.common import as_error, call, note_typed_error
from service.api.types import (
    DatabaseUnavailableError,
    Device,
    FormFactor,
    NotFoundError,
    Part,
    Pmd,
    SourceKind,
    ValidationError,
)
from service.catalogue_edits import CatalogueEditor, SourceRef
from service.errors import AuthenticationError, FabricGraphError
from service.persistence.repository import EditRecord

__all__ = [
    "CatalogueEdit",
    "DeviceEditResult",
    "FitEditResult",
    "Mutation",
    "PartEditResult",
    "ReachEditResult",
    "SourceInput",
    "Unauthorized",
]


@strawberry.input(
    description="The source an edit cites: an existing source id alone, or a new source (id, url, "
    "title, kind, optional section and read date) created with the edit."
)
class SourceInput:
    id: str = strawberry.field(description="Source id, e.g. S12 (letters, digits, _ . -).")
    url: str | None = None
    title: str | None = None
    section: str | None = strawberry.field(default=None, description="Clause, table or page, e.g. 'cl. 52.5'.")
    kind: SourceKind | None = None  # type: ignore[valid-type]
    read: str | None = strawberry.field(default=None, description="Date read, ISO 8601 (YYYY-MM-DD).")

    def to_ref(self) -> SourceRef:
        return SourceRef(
            id=self.id,
            url=self.url,
            title=self.title,
            section=self.section,
            kind=self.kind.value if self.kind is not None else None,
            read=self.read,
        )


@strawberry.input(description="A cage of form factor `cage` accepts a plug of form factor `plug`.")
class FitInput:
    plug: str = strawberry.field(description="Form factor (or alias) of the module or cable plug, e.g. QSFP28.")
    cage: str = strawberry.field(description="Form factor of the cage that accepts it, e.g. QSFP56.")
    note: str = ""


@strawberry.input(
    description="A PMD's maximum reach over one fiber grade. The edit restates maxM, minM and note on its "
    "source; the rest of an existing row is kept: its channel insertion-loss budget (with its own sources) "
    "always, minLossDb and modeConditioning unless given. When an earlier minLossDb or modeConditioning is "
    "kept, the row keeps the earlier sources that supported it beside the edit's source; otherwise the "
    "edit's source replaces them."
)
class ReachInput:
    pmd: str = strawberry.field(description="PMD name, e.g. 10GBASE-SR.")
    fiber: str = strawberry.field(description="Fiber grade, e.g. OM4.")
    max_m: float = strawberry.field(description="Maximum reach, metres (> 0, finite).")
    min_m: float | None = strawberry.field(default=None, description="Shortest supported run, metres.")
    note: str = ""
    min_loss_db: float | None = strawberry.field(
        default=None,
        description="The clause's minimum channel insertion loss over this grade, dB (> 0, finite; "
        "40GBASE-ER4: 9). Omitted: the row's own is kept.",
    )
    mode_conditioning: bool | None = strawberry.field(
        default=None,
        description="True when the clause needs an offset-launch mode-conditioning patch cord at each "
        "transceiver over this grade (10GBASE-LRM over OM1/OM2). Omitted: the row's own is kept.",
    )


@strawberry.type(description="No valid API key or bearer token was presented.")
class Unauthorized:
    code: str
    message: str


@strawberry.type(description="The audit record of a catalogue edit: who, when, what and on which source.")
class CatalogueEdit:
    id: str = strawberry.field(description="Edit id; resend it to retry safely (an applied edit is not re-applied).")
    by: str = strawberry.field(description="The principal whose key made the edit.")
    at: str = strawberry.field(description="When, ISO 8601 UTC.")
    operation: str
    target: str = strawberry.field(description="Part number, device model, form factor or PMD name.")
    source_id: str
    replayed: bool = strawberry.field(description="True when this edit id had already been applied.")

    @classmethod
    def of(cls, r: EditRecord) -> CatalogueEdit:
        return cls(
            id=r.id,
            by=r.by,
            at=r.at,
            operation=r.operation,
            target=r.target,
            source_id=r.source_id,
            replayed=r.replayed,
        )


@strawberry.type(description="A part added or updated.")
class PartEdited:
    edit: CatalogueEdit
    part: Part


@strawberry.type(description="A device added or updated.")
class DeviceEdited:
    edit: CatalogueEdit
    device: Device


@strawberry.type(description="A form-factor fit added or updated; the plug's form factor as it now stands.")
class FitEdited:
    edit: CatalogueEdit
    form_factor: FormFactor


@strawberry.type(description="A PMD reach added or updated; the PMD as it now stands.")
class ReachEdited:
    edit: CatalogueEdit
    pmd: Pmd


_ERRORS = "Unauthorized | ValidationError | NotFoundError | DatabaseUnavailableError"
PartEditResult = Annotated[
    PartEdited | Unauthorized | ValidationError | NotFoundError | DatabaseUnavailableError,
    strawberry.union("PartEditResult", description=f"The edited part, or {_ERRORS}."),
]
DeviceEditResult = Annotated[
    DeviceEdited | Unauthorized | ValidationError | NotFoundError | DatabaseUnavailableError,
    strawberry.union("DeviceEditResult", description=f"The edited device, or {_ERRORS}."),
]
FitEditResult = Annotated[
    FitEdited | Unauthorized | ValidationError | NotFoundError | DatabaseUnavailableError,
    strawberry.union("FitEditResult", description=f"The edited fit, or {_ERRORS}."),
]
ReachEditResult = Annotated[
    ReachEdited | Unauthorized | ValidationError | NotFoundError | DatabaseUnavailableError,
    strawberry.union("ReachEditResult", description=f"The edited reach, or {_ERRORS}."),
]

_ROW = (
    "One seed-file row as a JSON object, exactly as in seed/data/{where}/*.yaml; validated like the seed. "
    "The edit's source is added to its sources."
)
_EDIT_ID = "Idempotency key (1-64 of A-Z a-z 0-9 . _ : -); a retry with the same id is answered, not re-applied."


def _editor(info: Info) -> tuple[CatalogueEditor, str]:
    """The use case and the caller's principal name.

    Raises:
        AuthenticationError: no valid key.
    """
    request = getattr(info.context, "request", None)
    principal = auth.require(info.context.settings, request.headers if request is not None else None)
    return CatalogueEditor(info.context.service.repo), principal.name


def _failed(exc: FabricGraphError, info: Info) -> Any:
    if isinstance(exc, AuthenticationError):
        denied = Unauthorized(code=exc.code, message=exc.message)
        note_typed_error(info, denied)
        return denied
    return as_error(exc, info)


@strawberry.type
class Mutation:
    @strawberry.mutation(
        description="Add a part, or replace the part with the same part number. " + _ROW.format(where="parts")
    )
    async def upsert_part(
        self,
        info: Info,
        row: JSON,
        source: SourceInput,
        edit_id: Annotated[str | None, strawberry.argument(description=_EDIT_ID)] = None,
    ) -> PartEditResult:
        try:
            editor, by = _editor(info)
            done = await call(lambda: editor.upsert_part(row, source.to_ref(), by=by, edit_id=edit_id))
        except FabricGraphError as exc:
            return _failed(exc, info)  # type: ignore[no-any-return]
        return PartEdited(edit=CatalogueEdit.of(done.record), part=Part.of(done.value))

    @strawberry.mutation(
        description="Add a device, or replace the device with the same model. " + _ROW.format(where="devices")
    )
    async def upsert_device(
        self,
        info: Info,
        row: JSON,
        source: SourceInput,
        edit_id: Annotated[str | None, strawberry.argument(description=_EDIT_ID)] = None,
    ) -> DeviceEditResult:
        try:
            editor, by = _editor(info)
            done = await call(lambda: editor.upsert_device(row, source.to_ref(), by=by, edit_id=edit_id))
        except FabricGraphError as exc:
            return _failed(exc, info)  # type: ignore[no-any-return]
        return DeviceEdited(edit=CatalogueEdit.of(done.record), device=Device.of(done.value))

    @strawberry.mutation(
        description="Record that a cage accepts a plug of another form factor (backward "
        "compatibility), citing the source."
    )
    async def upsert_form_factor_fit(
        self,
        info: Info,
        fit: FitInput,
        source: SourceInput,
        edit_id: Annotated[str | None, strawberry.argument(description=_EDIT_ID)] = None,
    ) -> FitEditResult:
        try:
            editor, by = _editor(info)
            done = await call(
                lambda: editor.upsert_fit(fit.plug, fit.cage, fit.note, source.to_ref(), by=by, edit_id=edit_id)
            )
        except FabricGraphError as exc:
            return _failed(exc, info)  # type: ignore[no-any-return]
        return FitEdited(edit=CatalogueEdit.of(done.record), form_factor=FormFactor.of(done.value))

    @strawberry.mutation(
        description="Set a PMD's maximum reach (metres) over one fiber grade, citing the source. The row's "
        "loss budget is kept; its minLossDb and modeConditioning are kept unless given, with the earlier "
        "sources that support them (see ReachInput)."
    )
    async def upsert_pmd_reach(
        self,
        info: Info,
        reach: ReachInput,
        source: SourceInput,
        edit_id: Annotated[str | None, strawberry.argument(description=_EDIT_ID)] = None,
    ) -> ReachEditResult:
        try:
            editor, by = _editor(info)
            done = await call(
                lambda: editor.upsert_pmd_reach(
                    reach.pmd,
                    reach.fiber,
                    reach.max_m,
                    source.to_ref(),
                    by=by,
                    min_m=reach.min_m,
                    note=reach.note,
                    min_loss_db=reach.min_loss_db,
                    mode_conditioning=reach.mode_conditioning,
                    edit_id=edit_id,
                )
            )
        except FabricGraphError as exc:
            return _failed(exc, info)  # type: ignore[no-any-return]
        return ReachEdited(edit=CatalogueEdit.of(done.record), pmd=Pmd.of(done.value))
