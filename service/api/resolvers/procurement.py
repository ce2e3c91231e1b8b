"""validatePartList: is a procurement part list buildable, what is short, surplus or wrong, and what to
order instead."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Annotated

import strawberry
from strawberry.types import Info

from service.api.inputs import EndInput
from service.api.resolvers.common import as_error, call
from service.api.resolvers.planner import Long
from service.api.types import (
    DatabaseUnavailableError,
    NotFoundError,
    PartRole,
    Protocol,
    Severity,
    Source,
    ValidationError,
    _in_memory,
    _sources,
    _sources_now,
)
from service.errors import FabricGraphError
from service.procurement import models as pm
from service.procurement.errors import PartListError
from service.procurement.models import IntentEnd
from service.procurement.reader import IntentRecord, part_list_from_records
from service.procurement.use_case import ProcurementService

__all__ = [
    "LinkIntentInput",
    "PartLineInput",
    "PartListInput",
    "PartListReport",
    "ProcurementQueries",
    "ValidatePartListResult",
]


@strawberry.input(description="One line of a part list.")
class PartLineInput:
    part_number: str = strawberry.field(
        default="",
        description="Part number (OPN) or alias, any case, e.g. MMA4Z00-NS. May be empty for a generic media "
        "line (fiberType given); the line is then reported as e.g. 'OM2 LC 150 m fiber'.",
    )
    quantity: int = strawberry.field(description="Pieces, ≥ 0.")
    fiber_type: str | None = strawberry.field(
        default=None,
        description="Generic media (structured cabling, no part number): fiber grade OM1…OM5, OS1a or OS2. "
        "Reach is checked against this grade; no other is assumed.",
    )
    connector: str | None = strawberry.field(
        default=None, description="Generic media: connector, e.g. LC/UPC (LC alone: polish not checked)."
    )
    length_m: float | None = strawberry.field(
        default=None, description="Generic media: length, metres, ≥ 0 (null: the intent's run)."
    )


@strawberry.input(description="Links the list is meant to build: `links` × end a → end b at rateGbps over distanceM.")
class LinkIntentInput:
    a: EndInput
    b: EndInput
    links: int = strawberry.field(description="Number of links, ≥ 1 (each splitter leg is one link).")
    rate_gbps: float = strawberry.field(description="Rate per link, Gb/s. > 0.")
    distance_m: float = strawberry.field(description="Cable-run length, metres, > 0.")
    protocol: Protocol | None = strawberry.field(default=None)  # type: ignore[valid-type]


@strawberry.input(description="A part list: lines, and optionally the link intents it is for.")
class PartListInput:
    lines: list[PartLineInput]
    intents: list[LinkIntentInput] = strawberry.field(default_factory=list)


def _records(intents: list[LinkIntentInput]) -> list[IntentRecord]:
    out = []
    for n, i in enumerate(intents, start=1):
        ends = []
        for side, e in (("a", i.a), ("b", i.b)):
            if not ((e.device or "").strip() or (e.form_factor or "").strip()):  # blank text names nothing
                raise PartListError(
                    "PART_LIST_VALUE",
                    f"intent {n}: end {side} needs a device or a formFactor",
                    source="graphql",
                    section="intents",
                    line=n,
                    column=side,
                )
            ends.append(IntentEnd(device=e.device, cage=e.cage, form_factor=e.form_factor))
        out.append(
            IntentRecord(
                a=ends[0],
                b=ends[1],
                links=i.links,
                rate_gbps=i.rate_gbps,
                distance_m=i.distance_m,
                protocol=i.protocol,
            )
        )
    return out


@strawberry.type(description="One finding on a part list: severity, where, code, what, and the fix.")
class PartListFinding:
    severity: Severity  # type: ignore[valid-type]
    code: str = strawberry.field(description="A part-list code (UNKNOWN_PART, SHORTFALL, …) or a checkLink rule code.")
    message: str
    fix: str | None = strawberry.field(description="The suggested fix.")
    line: int | None = strawberry.field(
        description="1-based part line it is about; null for an intent or an unlisted part."
    )
    part_number: str | None
    intents: list[int] = strawberry.field(description="1-based numbers of the intents it concerns.")
    quantity: Long | None = strawberry.field(
        description="Pieces short, surplus or unmatched (a Long: sums of Int quantities can pass 2^31 − 1)."
    )
    suggestions: list[str] = strawberry.field(description="Closest known part numbers (UNKNOWN_PART).")
    _source_ids: strawberry.Private[tuple[str, ...]]

    @strawberry.field(description="Sources of the fact behind this finding.", graphql_type=list[Source])
    @_in_memory(_sources_now, "_source_ids")
    def sources(self, info: Info) -> list[Source] | Awaitable[list[Source]]:
        return _sources(info, self._source_ids)

    @classmethod
    def of(cls, f: pm.ListFinding) -> PartListFinding:
        return cls(
            severity=f.severity,
            code=f.code,
            message=f.message,
            fix=f.fix,
            line=f.line,
            part_number=f.part_number,
            intents=list(f.intents),
            quantity=f.quantity,
            suggestions=list(f.suggestions),
            _source_ids=f.source_ids,
        )


@strawberry.type(description="Per part number: pieces listed, needed by the intents, short and surplus.")
class PartListTotal:
    part_number: str = strawberry.field(
        description="The catalogue part number, a device's model, an unknown number as typed, or a generic "
        "media line's label (e.g. 'OS2 LC/UPC 300 m fiber')."
    )
    known: bool = strawberry.field(
        description="The catalogue knows it: a part, a device, or a generic media line of a known fiber grade. "
        "False for an unknown part number (UNKNOWN_PART) or fiber grade (UNKNOWN_FIBER_TYPE)."
    )
    kind: str | None = strawberry.field(
        description=(
            "Part kind (transceiver, cable, fiber_cable, adapter) or, for a device ordered as a line, its "
            "device type (switch, adapter, dpu); null for an unknown number and for a generic media line "
            "(not a catalogue part)."
        )
    )
    description: str | None = strawberry.field(
        description="The part's or device's catalogue description; for a generic media line, one built from "
        "its facts, e.g. 'OM2 multimode fiber, duplex LC/UPC, 150 m (generic: no part number)'; null for an "
        "unknown part number."
    )
    status: str | None
    secondary_only: bool = strawberry.field(description="Every source of the part is secondary.")
    listed: Long = strawberry.field(description="Σ quantities of this part's lines (a Long: a sum of Ints).")
    needed: Long | None = strawberry.field(
        description="Pieces the intents need; null when the list has no intents, and for a part number "
        "the catalogue does not know (UNKNOWN_PART: not determined, not 0)."
    )
    shortfall: Long = strawberry.field(description="needed − listed when positive, else 0.")
    surplus: Long = strawberry.field(description="listed − needed when positive, else 0.")
    lines: list[int]

    @classmethod
    def of(cls, t: pm.PartTotal) -> PartListTotal:
        return cls(
            part_number=t.part_number,
            known=t.known,
            kind=t.kind,
            description=t.description,
            status=t.status,
            secondary_only=t.secondary_only,
            listed=t.listed,
            needed=t.needed,
            shortfall=t.shortfall,
            surplus=t.surplus,
            lines=list(t.lines),
        )


@strawberry.type(description="A part in the chain serving an intent.")
class PartListChainPart:
    role: PartRole
    part_number: str
    links_per_piece: int = strawberry.field(description="Links one piece serves (2 for a twin-port OSFP module).")
    quantity: Long = strawberry.field(description="Pieces the intent needs (links × pieces per link: a Long).")
    listed: bool


@strawberry.type(
    description="How one intent is served: by a valid chain of listed parts, or (suggested) by the "
    "catalogue option to order instead."
)
class PartListIntent:
    intent: int
    label: str
    links: int
    served: bool
    suggested: bool
    summary: str
    rate_gbps: float | None = strawberry.field(description="Rate each link runs at, Gb/s.")
    chain: list[PartListChainPart]

    @classmethod
    def of(cls, r: pm.IntentResult) -> PartListIntent:
        return cls(
            intent=r.intent,
            label=r.label,
            links=r.links,
            served=r.served,
            suggested=r.suggested,
            summary=r.summary,
            rate_gbps=r.rate_gbps,
            chain=[
                PartListChainPart(
                    role=PartRole(c.role.value),
                    part_number=c.part_number,
                    links_per_piece=c.links_per_piece,
                    quantity=c.quantity,
                    listed=c.listed,
                )
                for c in r.chain
            ],
        )


@strawberry.type(description="The verdict on the whole list.")
class PartListSummary:
    buildable: bool = strawberry.field(description="True when no finding is an error.")
    errors: int
    warnings: int
    infos: int
    lines: int
    parts: int = strawberry.field(description="Distinct part numbers.")
    pieces: Long = strawberry.field(description="Σ quantities (a Long: 20,000 lines of up to 2^31 − 1 each).")
    intents: int
    links: Long = strawberry.field(description="Σ links over the intents (a Long: a sum of Ints).")


@strawberry.type(description="The validation report of a part list.")
class PartListReport:
    summary: PartListSummary
    findings: list[PartListFinding] = strawberry.field(description="Errors first, then warnings and notes; by line.")
    totals: list[PartListTotal]
    intents: list[PartListIntent]

    @classmethod
    def of(cls, r: pm.ValidationReport) -> PartListReport:
        s = r.summary
        return cls(
            summary=PartListSummary(
                buildable=s.buildable,
                errors=s.errors,
                warnings=s.warnings,
                infos=s.infos,
                lines=s.lines,
                parts=s.parts,
                pieces=s.pieces,
                intents=s.intents,
                links=s.links,
            ),
            findings=[PartListFinding.of(f) for f in r.findings],
            totals=[PartListTotal.of(t) for t in r.totals],
            intents=[PartListIntent.of(i) for i in r.intents],
        )


ValidatePartListResult = Annotated[
    PartListReport | ValidationError | NotFoundError | DatabaseUnavailableError,
    strawberry.union("ValidatePartListResult", description="The report, or a typed input error."),
]


@strawberry.type
class ProcurementQueries:
    @strawberry.field(
        description=(
            "Validate a procurement part list: every line (unknown part numbers with the three closest, "
            "EOL, secondary-only sources), and with intents the quantities (twin-port modules per cage, "
            "splitters per leg) and every link rule (same codes as checkLink), with shortfall, surplus and "
            "what to order instead. "
            "Errors: ValidationError (empty list, negative quantity, too many lines; field names the line), "
            "NotFoundError (unknown intent device or form factor)."
        )
    )
    async def validate_part_list(self, info: Info, input: PartListInput) -> ValidatePartListResult:
        procurement = ProcurementService(info.context.service)
        try:
            part_list = part_list_from_records(
                [(ln.part_number, ln.quantity, ln.fiber_type, ln.connector, ln.length_m) for ln in input.lines],
                _records(input.intents),
                procurement.settings,
            )
            report = await call(lambda: procurement.validate(part_list))
        except FabricGraphError as exc:
            return as_error(exc, info)
        return PartListReport.of(report)
