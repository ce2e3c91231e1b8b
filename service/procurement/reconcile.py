"""Reconcile a part list: each line on its own, then the quantities against the link intents (or,
without intents, the parts against each other). Pure: catalogue facts come in a :class:`CatalogueView`,
every compatibility verdict comes from :func:`service.rules.check_link` — the rule set behind
``checkLink`` and ``linkOptions`` — so the codes are the same.

An intent and the chain that serves it::

    end A ══ [module A] ══ fiber ══ [module B] ══ end B        (optical)
    end A ══════════ direct-attach cable ═══════════ end B     (DAC / ACC / AOC, maybe a splitter)

    twin-port module A (2 ports) ─┬─ fiber ── module B         32 twin-port transceivers at a
                                  └─ fiber ── module B         QM9700 feed 64 links: 64 fibers,
                                                               64 far-end modules
    module A ── 1:2 splitter ─┬─ module B                      a splitter serves 2 links; a twin-
                              └─ module B                      port module with splitters serves 4

Quantities for N links over one chain: module A ⌈N / (ports × legs)⌉, fiber ⌈N / legs⌉,
module B ⌈N / ports⌉, cable ⌈N / links per cable⌉ (max over its ends of plugs × ports per plug).

Step 1: every line: known part (else UNKNOWN_PART with the three closest numbers), alias, duplicate,
        zero quantity, status (EOL / discontinued), facts resting only on secondary sources. A line
        naming a device (switch, adapter, DPU, system; model, ordering number or alias) is known
        too (DEVICE_LINE says it is the device, not a cabling part): devices are orderable lines,
        listed in the totals with their type, never unknown and never chain parts.
Step 2: with intents: the valid chains of listed parts per intent (checked once per distinct
        intent shape and parts, then cached), straight pairs and PMD breakouts alike (a trunk module,
        N leg modules, the harness and any listed fiber extending its legs); the most constrained
        intent picks first, each the chain that leaves the least shortfall; an intent no listed chain
        serves gets INTENT_UNSERVED, the broken rules of the closest listed chain (a breakout the list
        plans, when it holds a trunk module for the intent's rate), and the catalogue option
        (``linkOptions``) that reuses most listed parts (and listed generic media lines in place of its
        fiber) as the thing to order. Then SHORTFALL / SURPLUS per part number and per generic media
        line: a media line's pieces count against the chains' fiber needs like a part's.
Step 3: without intents: every transceiver and fiber needs a partner on the list that passes the
        link rules, straight or as a PMD breakout (NO_PARTNER, NO_MEDIUM), and the ports of each
        group of compatible parts must match its fibers, a breakout's leg modules its trunks' legs
        (PAIR_COUNT_MISMATCH).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from service.domain.catalogue import (
    Adapter,
    Breakout,
    Cable,
    Cage,
    Device,
    DeviceType,
    FiberCable,
    Media,
    Protocol,
    Side,
    Transceiver,
    grade_media,
)
from service.domain.link import (
    FiberRun,
    Link,
    LinkOption,
    MediumKind,
    ResolvedEnd,
    Severity,
    Verdict,
    medium_of_grades,
    with_article,
)
from service.domain.names import name_key
from service.procurement.models import (
    LIST_CODES,
    ChainPart,
    IntentResult,
    LinkIntent,
    ListFinding,
    PartLine,
    PartList,
    PartTotal,
    ReportSummary,
    Role,
    ValidationReport,
    medium_description,
)
from service.rules import (
    RULE_CODES,
    RULES,
    RuleContext,
    breakout_grades,
    check_link,
    family_span,
    optical_reach,
)

__all__ = ["CataloguePart", "CatalogueView", "reconcile"]

CataloguePart = Transceiver | Cable | FiberCable | Adapter

_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
_CODE_ORDER: dict[str, int] = {}
for _code in (*LIST_CODES, *RULE_CODES):  # a code in both registries (UNKNOWN_PART) keeps its part-list place
    _CODE_ORDER.setdefault(_code, len(_CODE_ORDER))
_LINK_CODES = frozenset(r.code for r in RULES)
_LINE_STATUS_CODES = frozenset({"PART_DISCONTINUED", "PART_EOL"})
"""Link findings a listed part's line reports itself (:meth:`_Reconciler._line_findings`): not passed on per chain."""
_MEDIUM_ORDER = {m: i for i, m in enumerate(MediumKind)}


# Findings about the fiber itself: with a generic media line in the chain, pinned to that line.
_FIBER_CODES = frozenset(
    {
        "FIBER_MODE_MISMATCH",
        "REACH_EXCEEDED",
        "RUN_TOO_SHORT",
        "CABLE_TOO_SHORT",
        "CONNECTOR_MISMATCH",
        "POLISH_MISMATCH",
        "REACH_UNVERIFIED",
        "CONNECTOR_ASSUMED",
    }
)


def _no_options(intent: LinkIntent) -> Sequence[LinkOption]:
    return ()


@dataclass(frozen=True)
class CatalogueView:
    """The catalogue facts one validation needs, fetched in a few batched round trips.

    Attributes:
        parts: known parts by the name as typed, case-folded (part number or alias).
        secondary_only: canonical part number → True when every source of the part is secondary.
        suggestions: case-folded unknown name → the closest known part numbers (at most three).
        ctx: form factors, PMDs and orderable lengths, for the rules.
        ends: intent number → its two resolved ends.
        options: intent → valid catalogue options (``linkOptions``), asked only for intents that no
            listed chain serves.
        devices: known devices (switches, adapters, DPUs, systems) by the name as typed, case-folded,
            for lines that no part number answers: a device is an orderable line too.
    """

    parts: Mapping[str, CataloguePart]
    secondary_only: Mapping[str, bool]
    suggestions: Mapping[str, Sequence[str]]
    ctx: RuleContext
    ends: Mapping[int, tuple[ResolvedEnd, ResolvedEnd]] = field(default_factory=dict)
    options: Callable[[LinkIntent], Sequence[LinkOption]] = _no_options
    devices: Mapping[str, Device] = field(default_factory=dict)

    def part(self, name: str) -> CataloguePart | None:
        return self.parts.get(name_key(name))

    def device(self, name: str) -> Device | None:
        return self.devices.get(name_key(name))


# --- chains -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Piece:
    """One kind of piece a chain is made of: a catalogue part (``name`` its part number), or a listed
    generic media line (``name`` the line's name) whose pieces count against that line like a part's."""

    role: Role
    name: str
    links_per_piece: int
    note: str = ""  # said after the piece in the chain's description

    @classmethod
    def of(cls, role: Role, part: CataloguePart, links_per_piece: int) -> _Piece:
        return cls(role, _pn(part), links_per_piece)


@dataclass(frozen=True)
class _LegFiber:
    """Listed fiber that extends each leg of a breakout harness to its leg module: a catalogue
    single-leg cord, or a generic media line (``listed_as`` its line's name)::

        [trunk module] ══ harness ══< legs ── listed leg fiber ── [leg module]   (× N)
    """

    cable: FiberCable | None
    fiber_type: str
    connector: str
    length_m: float
    listed_as: str | None = None

    @property
    def name(self) -> str:
        return _pn(self.cable) if self.cable is not None else self.listed_as or self.fiber_type


@dataclass(frozen=True)
class _Chain:
    """A checked link and the pieces it is made of.

    ``leg_fiber``: the listed fiber extending the legs of the link's harness (the link checked holds
    the harness with that fiber's length in series, see :meth:`_Reconciler._extended`)."""

    link: Link
    verdict: Verdict
    leg_fiber: _LegFiber | None = None

    @cached_property
    def pieces(self) -> tuple[_Piece, ...]:
        link = self.link
        if link.cable is not None:
            c = link.cable
            per = max(c.end_a.plugs * c.end_a.ports, c.end_b.plugs * c.end_b.ports, 1)
            return (_Piece.of(Role.CABLE, c, per),)
        legs = max((f.legs for f in link.fibers), default=1)
        out: list[_Piece] = []
        if link.module_a is not None:
            out.append(_Piece.of(Role.MODULE_A, link.module_a, link.module_a.ports * legs))
        for f in link.fibers:
            if f.cable is not None:
                out.append(_Piece.of(Role.FIBER, f.cable, f.legs))
            elif f.listed_as is not None:  # a listed generic media line: its pieces are counted too
                out.append(_Piece(Role.FIBER, f.listed_as, f.legs))
        ext = self.leg_fiber
        if ext is not None and ext.cable is not None:
            out.append(_Piece.of(Role.FIBER, ext.cable, 1))
        elif ext is not None:
            out.append(_Piece(Role.FIBER, ext.name, 1, note=" (listed fiber extending each harness leg)"))
        if link.module_b is not None:
            out.append(_Piece.of(Role.MODULE_B, link.module_b, link.module_b.ports))
        return tuple(out)

    def needs(self, links: int) -> dict[str, int]:
        """Pieces per part number (or listed media line) for ``links`` links (a part at both ends adds
        up)."""
        out: dict[str, int] = defaultdict(int)
        for p in self.pieces:
            out[p.name] += math.ceil(links / p.links_per_piece)
        return dict(out)

    @property
    def generic(self) -> int:
        """Fiber runs that are structured cabling rather than a catalogue part."""
        return sum(f.cable is None for f in self.link.fibers)

    @property
    def slack_m(self) -> float:
        length = (
            self.link.cable.length_m
            if self.link.cable
            else min((f.length_m for f in self.link.fibers), default=self.link.distance_m)
        )
        return (length or 0.0) - self.link.distance_m

    @property
    def medium(self) -> MediumKind:
        if self.link.cable is not None:
            return {
                "DAC": MediumKind.PASSIVE_COPPER,
                "ACC": MediumKind.ACTIVE_COPPER,
                "AOC": MediumKind.ACTIVE_OPTICAL,
            }[self.link.cable.cable_type.value]
        return medium_of_grades([f.fiber_type for f in self.link.fibers])

    def describe(self, links: int | None = None) -> str:
        parts = []
        for p in self.pieces:
            qty = f" ×{math.ceil(links / p.links_per_piece)}" if links else ""
            parts.append(f"{p.name}{qty}{p.note}")
        generic = [f for f in self.link.fibers if f.cable is None and f.listed_as is None]
        if generic:
            f = generic[0]
            trunk_end, leg_end = (f.connector_b, f.connector_a) if f.legs_at == "A" else (f.connector_a, f.connector_b)
            what = (
                f"{f.fiber_type} {trunk_end} → {f.legs} × {leg_end} harness"
                if f.legs > 1
                else f"{f.fiber_type} {f.connector_a} fiber"
            )
            parts.insert(1 if self.link.module_a else 0, f"{what} (structured cabling, not a catalogue part)")
        return " + ".join(parts) if parts else "nothing"


def _pn(part: CataloguePart) -> str:
    return part.part_number or part.family or "?"


def _run(f: FiberCable) -> FiberRun:
    return FiberRun.of_cable(f)


def _shares_pmd(x: Transceiver, y: Transceiver) -> bool:
    return bool(set(x.pmds) & set(y.pmds))


def _carries(t: Transceiver, rate: float) -> bool:
    """True when ``t`` runs ``rate`` Gb/s per port, or k × ``rate`` (a port split into k legs)."""
    return any(r >= rate - 1e-9 and abs(r / rate - round(r / rate)) < 1e-9 for r in t.rates_gbps)


def _plugs_into(t: Transceiver, f: FiberCable) -> bool:
    return t.connector in (f.connector_a, f.connector_b)


def _end_key(end: ResolvedEnd) -> tuple[str, str, str, str]:
    return end.label, end.cage.id, end.cage.form_factor, end.role.value


def _bare(form_factor: str, ctx: RuleContext) -> ResolvedEnd | None:
    """An anonymous cage of ``form_factor`` (no device constraints), as linkOptions builds one."""
    ff = ctx.form_factors.get(form_factor)
    if ff is None:
        return None
    cage = Cage(
        id="bare",
        form_factor=ff.name,
        count=1,
        speeds_gbps=[ff.max_rate_gbps or 1.0],
        protocols=list(Protocol),
        sources=list(ff.sources),
    )
    return ResolvedEnd(label=with_article(f"{ff.name} cage"), device=None, cage=cage, role=Side.ANY)


# --- the reconciler -----------------------------------------------------------------------------


@dataclass
class _Group:
    """All lines of one part number (or one unknown name)."""

    key: str
    part: CataloguePart | None
    lines: list[tuple[int, int | None, str, int]] = field(default_factory=list)  # line, row, typed, qty
    listed: int = 0  # Σ quantities
    device: Device | None = None  # a switch, adapter, DPU or system ordered as a line
    medium: PartLine | None = None  # a generic media line (fiber grade, connector, length)

    def add(self, line: int, row: int | None, typed: str, quantity: int) -> None:
        self.lines.append((line, row, typed, quantity))
        self.listed += quantity

    @property
    def display(self) -> str:
        if self.part is not None:
            return _pn(self.part)
        return self.device.model if self.device is not None else self.lines[0][2]

    @property
    def first(self) -> tuple[int, int | None]:
        return self.lines[0][0], self.lines[0][1]

    @property
    def counted(self) -> bool:
        """A catalogue part or a generic media line: its pieces count against what the chains need
        (a device's units are checked against the link ends instead; an unknown name is not counted)."""
        return self.part is not None or self.medium is not None

    @property
    def unknown(self) -> bool:
        """Neither a catalogue part, a device nor a generic media line."""
        return self.part is None and self.device is None and self.medium is None


class _Reconciler:
    def __init__(self, part_list: PartList, view: CatalogueView) -> None:
        self.pl = part_list
        self.view = view
        self.ctx = view.ctx
        self.findings: list[ListFinding] = []
        self.groups: dict[str, _Group] = {}
        self._verdicts: dict[tuple[object, ...], Verdict] = {}
        self._chains: dict[tuple[object, ...], list[_Chain]] = {}
        self._by_kind: dict[type[CataloguePart], list[CataloguePart]] = {}
        self._numbers: set[str] | None = None
        self._blocked = False  # an intent is unserved because a line is not a known part
        self._leg_fibers: dict[tuple[object, ...], _LegFiber] = {}  # candidate key → its listed leg fiber
        self._missing: dict[str, tuple[str, str]] = {}  # unlisted harness → (its trunk module, why it is needed)

    # --- helpers ------------------------------------------------------------------------------------

    def add(
        self,
        code: str,
        message: str,
        *,
        severity: Severity | None = None,
        fix: str | None = None,
        pn: str | None = None,
        intents: Iterable[int] = (),
        quantity: int | None = None,
        suggestions: Sequence[str] = (),
        source_ids: Sequence[str] = (),
        at: tuple[int | None, int | None] | None = None,
    ) -> None:
        if code not in LIST_CODES and code not in _LINK_CODES:
            # Every code a report carries is listed by ruleCodes: LIST_RULES, or a link rule's.
            raise ValueError(f"{code} is neither a part-list code (LIST_RULES) nor a link rule code (RULES)")
        line, row = at if at is not None else self.where(pn)
        self.findings.append(
            ListFinding(
                severity=severity or LIST_CODES[code],
                code=code,
                message=message,
                fix=fix,
                line=line,
                row=row,
                part_number=pn,
                intents=tuple(sorted(set(intents))),
                quantity=quantity,
                suggestions=tuple(suggestions),
                source_ids=tuple(dict.fromkeys(source_ids)),
            )
        )

    def where(self, pn: str | None) -> tuple[int | None, int | None]:
        group = self.groups.get(pn) if pn else None
        return group.first if group is not None else (None, None)

    def check(self, key: tuple[object, ...], link: Link) -> Verdict:
        verdict = self._verdicts.get(key)
        if verdict is None:
            verdict = check_link(link, self.ctx)
            self._verdicts[key] = verdict
        return verdict

    def _listed(self, kind: type[CataloguePart]) -> list[CataloguePart]:
        """Known parts of ``kind`` with a quantity above zero, in list order (computed once per kind)."""
        if kind not in self._by_kind:
            self._by_kind[kind] = [g.part for g in self.groups.values() if isinstance(g.part, kind) and g.listed > 0]
        return self._by_kind[kind]

    @cached_property
    def media_names(self) -> frozenset[str]:
        """Names of the generic media lines of a known grade with a quantity above zero (see :meth:`_media`)."""
        return frozenset(r.listed_as or "" for r in self._media())

    @property
    def listed_numbers(self) -> set[str]:
        if self._numbers is None:
            self._numbers = {g.display for g in self.groups.values() if g.counted and g.listed > 0}
        return self._numbers

    # --- step 1: every line ---------------------------------------------------------------------------

    def lines(self) -> None:
        groups = self.groups
        by_typed: dict[str, _Group] = {}  # a part line's group by the name as typed (10,000 lines, few names)
        for ln in self.pl.lines:
            typed = ln.part_number
            if ln.is_medium:
                group = groups.get(typed)
                if group is None:
                    group = groups[typed] = _Group(key=typed, part=None, medium=ln)
                group.add(ln.line, ln.row, typed, ln.quantity)
                continue
            group = by_typed.get(typed)
            if group is None:
                part = self.view.part(typed)
                device = self.view.device(typed) if part is None else None
                named = device.model if device is not None else typed.casefold()
                key = _pn(part) if part is not None else named
                group = groups.get(key)
                if group is None:
                    group = groups[key] = _Group(key=key, part=part, device=device)
                by_typed[typed] = group
            group.add(ln.line, ln.row, typed, ln.quantity)
        for group in self.groups.values():
            if group.medium is not None:
                self._medium_findings(group)
            else:
                self._line_findings(group)

    def _medium_findings(self, g: _Group) -> None:
        """A generic media line: a fiber grade the catalogue knows (it is never replaced by another)."""
        assert g.medium is not None
        grade = g.medium.fiber_type or ""
        if grade not in self.ctx.fiber_types:
            known = ", ".join(sorted(self.ctx.fiber_types))
            self.add(
                "UNKNOWN_FIBER_TYPE",
                f"{g.display}: {grade!r} is not a fiber grade the catalogue knows ({known})",
                fix=f"name the installed fiber's grade: one of {known}",
                pn=g.key,
                at=g.first,
                quantity=g.listed,
            )

    def _known_grade(self, g: _Group) -> bool:
        """``g`` is a generic media line of a fiber grade the catalogue knows (else UNKNOWN_FIBER_TYPE)."""
        return g.medium is not None and (g.medium.fiber_type or "") in self.ctx.fiber_types

    def _medium_description(self, g: _Group) -> str | None:
        """A generic media line's description from its facts (grade, connector, length); else None."""
        m = g.medium
        if m is None or m.fiber_type is None:
            return None
        return medium_description(m.fiber_type, m.connector, m.length_m, known=self._known_grade(g))

    def _media(self) -> list[FiberRun]:
        """Generic media lines with a known grade and a quantity above zero, as fiber runs of unknown
        length where the line gives none (the intent's run is used)."""
        out = []
        for g in self.groups.values():
            m = g.medium
            if m is None or g.listed == 0 or m.fiber_type not in self.ctx.fiber_types:
                continue
            out.append(
                FiberRun(
                    fiber_type=m.fiber_type or "",
                    connector_a=m.connector or "",
                    connector_b=m.connector or "",
                    connector_assumed=m.connector is None,
                    length_m=m.length_m if m.length_m is not None else -1.0,
                    listed_as=g.key,
                )
            )
        return out

    def _line_findings(self, g: _Group) -> None:
        first = g.first
        others = [n for n, *_ in g.lines[1:]]
        also = f" (also on line{'s' if len(others) > 1 else ''} {_few(others)})" if others else ""
        if g.part is None and g.device is not None:
            self._device_findings(g, others=others)
            return
        if g.part is None:
            typed = g.lines[0][2]
            close = list(self.view.suggestions.get(typed.casefold(), ()))[:3]
            hint = f"; the closest known part numbers are {', '.join(close)}" if close else ""
            self.add(
                "UNKNOWN_PART",
                f"{typed} is not a known part number{hint}{also}",
                fix=(
                    f"check the number; did you mean {close[0]}?"
                    if close
                    else "check the number against the vendor's ordering table"
                ),
                pn=typed,
                suggestions=close,
                at=first,
                quantity=g.listed,
            )
            return
        part, pn = g.part, g.display
        self._line_basics(g, part.description, others=others)
        if part.status == "discontinued":
            self.add(
                "PART_DISCONTINUED",
                f"{pn} is discontinued: it cannot be ordered new",
                fix="ask the vendor for its successor, or pick an alternative from linkOptions",
                pn=pn,
                at=first,
                source_ids=part.sources,
            )
        elif part.status == "eol":
            self.add(
                "PART_EOL",
                f"{pn} is end-of-life: last-time buy, no long-term supply",
                fix="confirm availability, or plan the successor part",
                pn=pn,
                at=first,
                source_ids=part.sources,
            )
        if self.view.secondary_only.get(pn, False):
            self.add(
                "SECONDARY_SOURCE_ONLY",
                f"every source for {pn} is secondary ({', '.join(part.sources)}): its part number and "
                "specification are not confirmed by the vendor or a standard",
                fix="confirm the part number and specification with the vendor's datasheet before ordering",
                pn=pn,
                at=first,
                source_ids=part.sources,
            )

    def _device_findings(self, g: _Group, *, others: list[int]) -> None:
        """A device line (switch, adapter, DPU, system): known, so no UNKNOWN_PART; its aliases,
        duplicates and zero quantities are reported like a part's. Devices are not link parts: the
        link rules concern the media; the count is checked against the intents' link ends in
        :meth:`device_quantities`. DEVICE_LINE says what the line is: the device, not a cabling part."""
        device = g.device
        assert device is not None
        self._line_basics(g, device.name, others=others)
        kind = "DPU" if device.device_type is DeviceType.DPU else device.device_type.value
        what = device.name if kind.casefold() in device.name.casefold().split() else f"{device.name} {kind}"
        self.add(
            "DEVICE_LINE",
            f"{g.display} is the {what} (a device, not a cabling part); the link rules do not check it as one",
            pn=g.display,
            at=g.first,
            quantity=g.listed,
            source_ids=device.sources,
        )

    def _line_basics(self, g: _Group, description: str, *, others: list[int]) -> None:
        """PART_ALIAS per spelling, DUPLICATE_PART and ZERO_QUANTITY: the same for a part and a device."""
        pn = g.display
        seen_alias: set[str] = set()
        for line, row, typed, _ in g.lines:
            if typed.casefold() != pn.casefold() and typed.casefold() not in seen_alias:
                seen_alias.add(typed.casefold())
                self.add("PART_ALIAS", f"{typed} is {pn}: {description}", pn=pn, at=(line, row))
        if others:
            self.add(
                "DUPLICATE_PART",
                f"{pn} is on {len(g.lines)} lines ({_few([n for n, *_ in g.lines])}); "
                f"their quantities add up to {g.listed}",
                pn=pn,
                at=g.first,
                quantity=g.listed,
            )
        for line, row, _, qty in g.lines:
            if qty == 0:
                self.add(
                    "ZERO_QUANTITY",
                    f"{pn} has quantity 0",
                    fix="remove the line or enter the quantity",
                    pn=pn,
                    at=(line, row),
                )

    # --- step 2: intents ------------------------------------------------------------------------------

    def _shape(self, intent: LinkIntent) -> tuple[object, ...]:
        a, b = self.view.ends[intent.number]
        return (
            _end_key(a),
            _end_key(b),
            intent.rate_gbps,
            intent.distance_m,
            intent.protocol.value if intent.protocol else None,
        )

    def _link(
        self,
        intent: LinkIntent,
        a: ResolvedEnd,
        b: ResolvedEnd,
        *,
        module_a: Transceiver | None = None,
        module_b: Transceiver | None = None,
        cable: Cable | None = None,
        cable_end_at_a: Literal["A", "B"] = "A",
        fibers: tuple[FiberRun, ...] = (),
    ) -> Link:
        return Link(
            end_a=a,
            end_b=b,
            distance_m=intent.distance_m,
            rate_gbps=intent.rate_gbps,
            protocol=intent.protocol,
            module_a=module_a,
            module_b=module_b,
            cable=cable,
            cable_end_at_a=cable_end_at_a,
            fibers=fibers,
        )

    def _candidates(self, intent: LinkIntent, *, explain: bool) -> list[tuple[tuple[object, ...], Link]]:
        """(cache key, link) of chains to check. Without ``explain``: only combinations that could pass
        (every pruning test is one the rules apply too, so nothing valid is skipped). With it: a
        bounded set of near misses, to say what is wrong."""
        a, b = self.view.ends[intent.number]
        shape = self._shape(intent)
        d = intent.distance_m
        out: list[tuple[tuple[object, ...], Link]] = []
        rate, proto = intent.rate_gbps, intent.protocol

        def speaks(p: Transceiver | Cable | FiberCable) -> bool:
            return proto is None or proto in p.protocols

        def fits_ff(ff: str, end: ResolvedEnd) -> bool:
            return self.ctx.fit_sources(ff, end.cage.form_factor) is not None

        for c in self._listed(Cable):
            assert isinstance(c, Cable)
            if not explain and ((c.length_m or 0.0) < d or rate not in c.rates_gbps or not speaks(c)):
                continue
            for end_at in ("A", "B"):
                near, far = (c.end_a, c.end_b) if end_at == "A" else (c.end_b, c.end_a)
                if not explain and not (fits_ff(near.form_factor, a) and fits_ff(far.form_factor, b)):
                    continue
                out.append(
                    (
                        (shape, "cable", _pn(c), end_at),
                        self._link(intent, a, b, cable=c, cable_end_at_a=end_at),
                    )
                )
        modules = [t for t in self._listed(Transceiver) if isinstance(t, Transceiver)]
        fibers = [f for f in self._listed(FiberCable) if isinstance(f, FiberCable)]

        def fits(t: Transceiver, end: ResolvedEnd) -> bool:
            return fits_ff(t.form_factor, end)

        at_a = [t for t in modules if fits(t, a)]
        at_b = [t for t in modules if fits(t, b)]
        if explain:
            at_a, at_b = at_a or modules, at_b or modules
        else:  # a module runs the link rate, or a whole multiple of it on a splitter's trunk
            at_a = [t for t in at_a if speaks(t) and _carries(t, rate)]
            at_b = [t for t in at_b if speaks(t) and _carries(t, rate)]
        pairs = [(x, y) for x in at_a for y in at_b if _shares_pmd(x, y)]
        if explain:
            pairs = (pairs or [(x, y) for x in at_a for y in at_b])[:40]
        media = self._media()
        for x, y in pairs:
            for run in media:
                # A generic media line: the grade, connector and length the list names, never another.
                kind = run.connector_a.partition("/")[0]
                if (
                    not explain
                    and kind
                    and not (x.connector.startswith(kind + "/") and y.connector.startswith(kind + "/"))
                ):
                    continue
                placed = run.model_copy(
                    update={
                        "connector_a": run.connector_a or x.connector,
                        "connector_b": run.connector_b or y.connector,
                        "length_m": run.length_m if run.length_m >= 0 else d,
                    }
                )
                out.append(
                    (
                        (shape, _pn(x), f"medium {run.listed_as}", _pn(y), "AB"),
                        self._link(intent, a, b, module_a=x, module_b=y, fibers=(placed,)),
                    )
                )
            if explain:
                usable = sorted(
                    fibers,
                    key=lambda f: (
                        not (_plugs_into(x, f) and _plugs_into(y, f)),
                        (f.length_m or 0.0) < d,
                        abs((f.length_m or 0.0) - d),
                        _pn(f),
                    ),
                )[:4]
            else:
                usable = [f for f in fibers if (f.length_m or 0.0) >= d and _plugs_into(x, f) and _plugs_into(y, f)]
            if not (x.fiber_cables or y.fiber_cables) and not media:
                # Neither module documents a fiber family: like linkOptions, generic fiber of each grade the
                # shared PMD reaches over (structured cabling, not a catalogue part) is a candidate too, in
                # linkOptions' order (_by_margin): of the valid ones the first is the grade assumed.
                generic: list[tuple[tuple[object, ...], Link]] = []
                for grade in self._grades(x, y):
                    run = FiberRun(fiber_type=grade, connector_a=x.connector, connector_b=y.connector, length_m=d)
                    generic.append(
                        (
                            (shape, _pn(x), f"generic {grade}", _pn(y), "AB"),
                            self._link(intent, a, b, module_a=x, module_b=y, fibers=(run,)),
                        )
                    )
                out += self._by_margin(generic)
            elif explain and not usable:
                out.append(((shape, _pn(x), None, _pn(y), "AB"), self._link(intent, a, b, module_a=x, module_b=y)))
            for f in usable:
                # A splitter's trunk port runs legs × the link rate; it may sit at either end.
                if explain or f.legs == 1 or rate * f.legs in x.rates_gbps:
                    out.append(
                        (
                            (shape, _pn(x), _pn(f), _pn(y), "AB"),
                            self._link(intent, a, b, module_a=x, module_b=y, fibers=(_run(f),)),
                        )
                    )
                if f.legs > 1 and (explain or rate * f.legs in y.rates_gbps):
                    out.append(
                        (
                            (shape, _pn(x), _pn(f), _pn(y), "BA"),
                            self._link(intent, b, a, module_a=y, module_b=x, fibers=(_run(f),)),
                        )
                    )
        if not explain:
            out += self._breakout_candidates(intent, a, b, at_a, at_b, fibers, media)
        return out

    def _breakout_candidates(
        self,
        intent: LinkIntent,
        a: ResolvedEnd,
        b: ResolvedEnd,
        at_a: list[Transceiver],
        at_b: list[Transceiver],
        fibers: list[FiberCable],
        media: list[FiberRun],
    ) -> list[tuple[tuple[object, ...], Link]]:
        """PMD breakouts among the listed modules (seed/data/breakouts.yaml): a trunk module whose
        PMD breaks out into N × a leg PMD the far module runs at the intent's rate, the trunk port at
        N × that rate, over

        - a listed N-leg harness that plugs into both and covers the run;
        - a listed harness shorter than the run whose legs listed fiber extends to the leg modules (a
          catalogue cord or a media line of the leg connector and the harness's grade, together at
          least the run);
        - with such leg fiber listed but no harness: the catalogue harness linkOptions names first,
          not on the list (a SHORTFALL pinned to the trunk module's line);
        - when the list names no such harness (of any length), no media line and no leg fiber, a
          generic harness of each grade the leg PMD reaches over (structured cabling, as linkOptions
          offers it)::

            QSFP-DD ─ QDD-400G-DR4-S ══ OS2 MPO-12/APC → 4 × LC/UPC harness ══< QSFP-100G-DR-S ─ QSFP28  (× 4)
            QSFP-DD ─ QDD-400G-DR4-S ══ MTP-4LC-S1M ══< OS2 LC 300 m fiber ── QSFP-100G-DR-S ─ QSFP28  (× 4)

        The trunk module is always placed at link end A (the chain's ends swap when it sits at the
        intent's end B), as for a listed splitter, so one trunk serves N links."""
        rate, d, shape = intent.rate_gbps, intent.distance_m, self._shape(intent)
        out: list[tuple[tuple[object, ...], Link]] = []
        seats = ((at_a, at_b, a, b, "AB"), (at_b, at_a, b, a, "BA"))
        for trunks, legs_side, near, far, order in seats:
            for t in trunks:
                for leg in legs_side:
                    for mode in self._modes(t, leg, rate):
                        shaped = [
                            f
                            for f in fibers
                            if f.legs == mode.legs and (f.connector_a, f.connector_b) == (t.connector, leg.connector)
                        ]
                        runs = [_run(f) for f in shaped if (f.length_m or 0.0) >= d]
                        extensions = self._leg_extensions(leg.connector, fibers, media, d)
                        for h in shaped if extensions else ():
                            for ext in extensions:
                                run = self._extended(h, ext, d)
                                if run is not None:
                                    key = (shape, _pn(t), _pn(h), ext.name, _pn(leg), order)
                                    self._leg_fibers[key] = ext
                                    out.append(
                                        (key, self._link(intent, near, far, module_a=t, module_b=leg, fibers=(run,)))
                                    )
                        if extensions and not shaped:
                            # The list names the legs' fiber but no harness to join it to the trunk port:
                            # the catalogue harness linkOptions names, not on the list (a SHORTFALL).
                            for ext in extensions:
                                harness = self._catalogue_harness(intent, t, leg, mode, ext)
                                run = self._extended(harness, ext, d) if harness is not None else None
                                if harness is None or run is None:
                                    continue
                                key = (shape, _pn(t), _pn(harness), ext.name, _pn(leg), order)
                                self._leg_fibers[key] = ext
                                self._missing.setdefault(
                                    _pn(harness),
                                    (
                                        _pn(t),
                                        f"the {harness.fiber_type} {harness.connector_a} → {harness.legs} × "
                                        f"{harness.connector_b} harness that joins the {t.connector} port of "
                                        f"{_pn(t)} ({'/'.join(t.pmds)} → {mode.legs} × {mode.pmd}) to the listed "
                                        f"{ext.name}; it is not on the list",
                                    ),
                                )
                                out.append(
                                    (key, self._link(intent, near, far, module_a=t, module_b=leg, fibers=(run,)))
                                )
                        if not shaped and not media and not extensions:
                            # a listed harness of the wrong length is no licence; listed leg fibers are the
                            # media the list names (a harness for them is asked above)
                            trunk_pmd = next(
                                p for n in t.pmds if (p := self.ctx.pmds.get(n)) is not None and mode in p.breakouts
                            )
                            runs = [
                                FiberRun(
                                    fiber_type=grade,
                                    connector_a=t.connector,
                                    connector_b=leg.connector,
                                    legs=mode.legs,
                                    length_m=d,
                                )
                                for grade in breakout_grades(trunk_pmd, self.ctx.pmds[mode.pmd])
                            ]
                        for run in runs:
                            name = _pn(run.cable) if run.cable is not None else f"generic {run.fiber_type} harness"
                            out.append(
                                (
                                    (shape, _pn(t), name, _pn(leg), order),
                                    self._link(intent, near, far, module_a=t, module_b=leg, fibers=(run,)),
                                )
                            )
        return out

    def _leg_extensions(
        self, connector: str, fibers: list[FiberCable], media: list[FiberRun], distance: float
    ) -> list[_LegFiber]:
        """Listed single fibers with ``connector`` (a leg module's) at both ends: a catalogue cord, or a
        media line naming that connector or its type only (e.g. ``LC``). Each may extend a harness leg
        to the leg module. A media line without a length runs the whole intent's run."""
        kind = connector.partition("/")[0]
        out = [
            _LegFiber(f, f.fiber_type, connector, f.length_m or 0.0)
            for f in fibers
            if f.legs == 1 and f.connector_a == f.connector_b == connector
        ]
        out += [
            _LegFiber(None, run.fiber_type, connector, run.length_m if run.length_m >= 0 else distance, run.listed_as)
            for run in media
            if run.connector_a in (connector, kind)
        ]
        return out

    @staticmethod
    def _extended(harness: FiberCable, ext: _LegFiber, distance: float) -> FiberRun | None:
        """The harness with the listed leg fiber in series, as the rules check it; None when the two
        do not join (another grade or leg connector) or together fall short of the run.

        The rules take a catalogue harness with fiber of its own grade in series (``trunk_m`` metres,
        one more mated connection: the way linkOptions offers a harness behind a trunk). A listed leg
        fiber after the harness is the same path for every rule: the same grade, the same connectors
        at the two modules (the harness's trunk end at the trunk module, the leg fiber's connector,
        which is the harness leg's, at the leg module), the same length and mated connections. Only
        a harness that does not cover the run alone is extended (one that does is used alone)."""
        own = harness.length_m or 0.0
        if (
            ext.fiber_type != harness.fiber_type
            or ext.connector != harness.connector_b
            or own >= distance
            or own + ext.length_m < distance
        ):
            return None
        run = FiberRun.of_cable(harness)
        return run.model_copy(update={"trunk_m": ext.length_m, "length_m": own + ext.length_m, "connections": 1})

    def _catalogue_harness(
        self, intent: LinkIntent, trunk: Transceiver, leg: Transceiver, mode: Breakout, ext: _LegFiber
    ) -> FiberCable | None:
        """The catalogue harness linkOptions names first for this breakout (its trunk and leg
        connectors, leg count and the leg fiber's grade), at the length it offers; None if none."""
        for option in self.view.options(intent):
            for run in option.link.fibers:
                h = run.cable
                if (
                    h is not None
                    and h.legs == mode.legs
                    and (h.connector_a, h.connector_b) == (trunk.connector, leg.connector)
                    and h.fiber_type == ext.fiber_type
                ):
                    return h
        return None

    def _modes(self, trunk: Transceiver, leg: Transceiver, rate: float) -> list[Breakout]:
        """The breakout modes of ``trunk``'s PMDs whose leg PMD ``leg`` runs at ``rate`` Gb/s, with
        ``trunk`` running legs × ``rate`` (400GBASE-DR4 at 400 → 4 × 100GBASE-DR at 100)."""
        out = []
        for name in trunk.pmds:
            pmd = self.ctx.pmds.get(name)
            for mode in pmd.breakouts if pmd else ():
                leg_pmd = self.ctx.pmds.get(mode.pmd)
                if (
                    leg_pmd is not None
                    and mode.pmd in leg.pmds
                    and abs(leg_pmd.rate_gbps - rate) < 1e-9
                    and any(abs(r - rate * mode.legs) < 1e-9 for r in trunk.rates_gbps)
                    and any(abs(r - rate) < 1e-9 for r in leg.rates_gbps)
                ):
                    out.append(mode)
        return out

    def _by_margin(self, generic: list[tuple[tuple[object, ...], Link]]) -> list[tuple[tuple[object, ...], Link]]:
        """Candidates over structured cabling of each grade, ordered as ``linkOptions`` ranks the same
        modules over those grades: the most reach margin over the run first, then the lower grade (10GBASE-SR
        on 50 m: OM4 400 m, OM5 400 m, OM3 300 m, OM2 82 m), a grade whose reach the catalogue does not
        hold last. A valid chain's fiber grade is then the one linkOptions names first, and the part list
        says it assumed it (STRUCTURED_CABLING)."""

        def key(candidate: tuple[tuple[object, ...], Link]) -> tuple[bool, float, str]:
            link = candidate[1]
            reach = optical_reach(link, self.ctx)[0]
            grade = link.fibers[0].fiber_type
            return (reach is None, -(reach or 0.0), grade)

        return sorted(generic, key=key)

    def _grades(self, x: Transceiver, y: Transceiver) -> list[str]:
        """Fiber grades a PMD both modules run reaches over, e.g. OM3, OM4, OM5 for 10GBASE-SR."""
        shared = [self.ctx.pmds[n] for n in x.pmds if n in y.pmds and n in self.ctx.pmds]
        return sorted({r.fiber for p in shared for r in p.reach})

    def valid_chains(self, intent: LinkIntent) -> list[_Chain]:
        shape = self._shape(intent)
        if shape not in self._chains:
            chains = []
            for key, link in self._candidates(intent, explain=False):
                verdict = self.check(key, link)
                if verdict.valid:
                    chains.append(_Chain(link, verdict, self._leg_fibers.get(key)))
            self._chains[shape] = _one_orientation(chains)
        return self._chains[shape]

    def _breakout_near_misses(self, intent: LinkIntent) -> list[tuple[tuple[object, ...], Link]]:
        """Breakouts the list seems to plan but the rules refuse: a listed module at one end whose PMD
        breaks out into legs of the intent's rate (it runs legs × that rate), and a listed module at
        the other end that runs the intent's rate but shares no PMD with it — e.g. QDD-400G-DR4-S with
        QSFP-100G-SR4-S legs. Each is checked over the leg count's harness (a listed one, else
        structured cabling of the breakout's first grade) with the legs at link end A, so what the
        rules find wrong with the leg module is pinned to the leg module's line."""
        a, b = self.view.ends[intent.number]
        rate, d, shape = intent.rate_gbps, intent.distance_m, self._shape(intent)
        modules = [t for t in self._listed(Transceiver) if isinstance(t, Transceiver)]
        fibers = [f for f in self._listed(FiberCable) if isinstance(f, FiberCable)]
        media = self._media()
        out: list[tuple[tuple[object, ...], Link]] = []
        for near, far in ((a, b), (b, a)):
            for t in modules:
                if self.ctx.fit_sources(t.form_factor, near.cage.form_factor) is None:
                    continue
                for name in t.pmds:
                    pmd = self.ctx.pmds.get(name)
                    if pmd is None:
                        continue
                    for mode in pmd.breakouts:
                        leg_pmd = self.ctx.pmds.get(mode.pmd)
                        if leg_pmd is None or abs(leg_pmd.rate_gbps - rate) > 1e-9:
                            continue
                        if not any(abs(r - rate * mode.legs) < 1e-9 for r in t.rates_gbps):
                            continue
                        for y in modules:
                            if (
                                y is t
                                or _shares_pmd(t, y)
                                or mode.pmd in y.pmds
                                or not _carries(y, rate)
                                or self.ctx.fit_sources(y.form_factor, far.cage.form_factor) is None
                            ):
                                continue
                            harness = next(
                                (f for f in fibers if f.legs == mode.legs and f.connector_a == t.connector), None
                            )
                            grades = breakout_grades(pmd, leg_pmd)
                            extended = (
                                next(
                                    (
                                        r
                                        for ext in self._leg_extensions(harness.connector_b, fibers, media, d)
                                        if (r := self._extended(harness, ext, d)) is not None
                                    ),
                                    None,
                                )
                                if harness is not None
                                else None
                            )
                            if harness is not None:
                                run = (extended or _run(harness)).model_copy(
                                    update={
                                        "legs_at": "A",
                                        "connector_a": harness.connector_b,
                                        "connector_b": harness.connector_a,
                                    }
                                )
                            elif grades:
                                run = FiberRun(
                                    fiber_type=grades[0],
                                    connector_a=y.connector,
                                    connector_b=t.connector,
                                    legs=mode.legs,
                                    legs_at="A",
                                    length_m=d,
                                )
                            else:
                                continue
                            key = (shape, "near miss", _pn(y), run.name, _pn(t))
                            out.append((key, self._link(intent, far, near, module_a=y, module_b=t, fibers=(run,))))
        return out

    def closest_chain(self, intent: LinkIntent) -> _Chain | None:
        best: tuple[tuple[object, ...], _Chain] | None = None
        misses = self._breakout_near_misses(intent)
        # A listed module that breaks out into the intent's rate is the plan the list shows: what is wrong
        # with it is said before any straight pairing of the other modules.
        for key, link in misses or self._candidates(intent, explain=True):
            verdict = self.check(key, link)
            score = (
                len(verdict.error_codes),
                _warnings(verdict),
                link.part_numbers(),
            )
            if best is None or score < best[0]:
                best = (score, _Chain(link, verdict))
        return best[1] if best else None

    def intents(self) -> tuple[list[IntentResult], dict[str, dict[int, int]]]:
        """Choose a chain per intent; returns the intent results and pieces needed per part per intent."""
        needed: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        remaining = {g.display: g.listed for g in self.groups.values() if g.counted}
        served = {i.number: self.valid_chains(i) for i in self.pl.intents}
        results: dict[int, IntentResult] = {}
        for intent in sorted(self.pl.intents, key=lambda i: (len(served[i.number]), i.number)):
            chains = served[intent.number]
            chain: _Chain | None
            if chains:
                chain = min(chains, key=lambda c: self._preference(c, intent.links, remaining))
                results[intent.number] = self._result(intent, chain, served=True)
                self._chain_notes(intent, chain)
            else:
                suggested = self._unserved(intent)
                results[intent.number] = (
                    self._result(intent, suggested, served=False)
                    if suggested
                    else IntentResult(
                        intent=intent.number,
                        row=intent.row,
                        label=intent.label,
                        links=intent.links,
                        served=False,
                    )
                )
                chain = suggested
            if chain is not None:
                for pn, qty in chain.needs(intent.links).items():
                    needed[pn][intent.number] += qty
                    remaining[pn] = remaining.get(pn, 0) - qty
        return [results[i.number] for i in self.pl.intents], needed

    def _preference(self, chain: _Chain, links: int, remaining: Mapping[str, int]) -> tuple[object, ...]:
        short = sum(max(0, q - max(remaining.get(pn, 0), 0)) for pn, q in chain.needs(links).items())
        warnings = _warnings(chain.verdict)
        return (
            short,
            warnings,
            chain.generic,
            _MEDIUM_ORDER[chain.medium],
            chain.slack_m,
            chain.link.part_numbers(),
            tuple(f.fiber_type for f in chain.link.fibers),
        )

    def _result(self, intent: LinkIntent, chain: _Chain, *, served: bool) -> IntentResult:
        listed = self.listed_numbers
        pieces = tuple(
            ChainPart(
                role=p.role,
                part_number=p.name,
                links_per_piece=p.links_per_piece,
                quantity=math.ceil(intent.links / p.links_per_piece),
                listed=p.name in listed,
            )
            for p in chain.pieces
        )
        return IntentResult(
            intent=intent.number,
            row=intent.row,
            label=intent.label,
            links=intent.links,
            served=served,
            suggested=not served,
            summary=chain.describe(intent.links),
            rate_gbps=chain.verdict.rate_gbps,
            chain=pieces,
        )

    def _rule_findings(self, intent: LinkIntent, chain: _Chain, *, keep_info: bool) -> None:
        verdict = chain.verdict
        listed_fiber = next((r.listed_as for r in chain.link.fibers if r.listed_as), None)
        for f in verdict.findings:
            if f.severity is Severity.INFO and not keep_info:
                continue
            if f.code in _LINE_CODES:
                continue  # reported per listed line, not per chain again
            if f.code in _LINE_STATUS_CODES and all(p in self.groups for p in f.parts):
                continue  # the part's own line already says it (PART_DISCONTINUED / PART_EOL, once per part)
            pn = next((p.split(" ")[0] for p in f.parts if p.split(" ")[0] in self.groups), None)
            if listed_fiber is not None and f.code in _FIBER_CODES:
                pn = listed_fiber  # the generic media line is what is wrong, not the modules
            self.add(
                f.code,
                f.message,
                severity=f.severity,
                fix=f.fix,
                pn=pn,
                intents=[intent.number],
                source_ids=f.source_ids,
            )

    def _chain_notes(self, intent: LinkIntent, chain: _Chain) -> None:
        """Warnings and notes of a valid chain (RATE_NEGOTIATED, UNDOCUMENTED_PAIRING: same codes as
        checkLink), and the structured-cabling fiber it needs that no list line provides."""
        self._rule_findings(intent, chain, keep_info=True)
        for run in chain.link.fibers:
            if run.cable is None and run.listed_as is None and run.legs > 1:
                harnesses = math.ceil(intent.links / run.legs)
                self.add(
                    "STRUCTURED_CABLING",
                    f"{harnesses} × {run.fiber_type} {run.connector_a} → {run.legs} × {run.connector_b} "
                    f"harness, {intent.distance_m:g} m run, from structured cabling: no catalogue part, not "
                    "on the list",
                    fix=f"order {harnesses} {run.fiber_type} {run.connector_a} → {run.legs} × {run.connector_b} "
                    "harness(es) of the run length, or confirm the structured cabling is in place",
                    intents=[intent.number],
                    quantity=harnesses,
                    at=(None, None),
                )
            elif run.cable is None and run.listed_as is None:
                self.add(
                    "STRUCTURED_CABLING",
                    f"{intent.links} × {run.fiber_type} fiber, {run.connector_a} to {run.connector_b}, "
                    f"{intent.distance_m:g} m run, from structured cabling: no catalogue part, not on the "
                    f"list; no line names the fiber, so {run.fiber_type} is assumed, the grade linkOptions "
                    "ranks first for these modules (most reach margin, then the lower grade)",
                    fix=f"confirm the {run.fiber_type} structured cabling is ordered or in place, or list the "
                    "installed fiber (grade, connector, length) to have it checked instead",
                    intents=[intent.number],
                    quantity=intent.links,
                    at=(None, None),
                )

    def _unserved(self, intent: LinkIntent) -> _Chain | None:
        """Explain an intent no listed chain serves; return the catalogue chain suggested instead."""
        a, b = self.view.ends[intent.number]
        closest = self.closest_chain(intent)
        suggestion = self._suggest(intent)
        # Device lines (a switch or adapter ordered on the list) are known: they are not chain parts.
        unknown = [g for g in self.groups.values() if g.unknown and g.listed > 0]
        if unknown:
            # A line that is not a known part is the thing that is wrong: the closest chain of the
            # other lines would pin its breakage on good lines, so it is not reported.
            self._blocked = True
            named = ", ".join(f"line {g.first[0]} ({g.lines[0][2]})" for g in unknown)
            why = (
                f"{named} is not a known part number, so the chain it belongs in cannot be checked"
                if len(unknown) == 1
                else f"{named} are not known part numbers, so the chains they belong in cannot be checked"
            )
        elif closest is not None:
            codes = ", ".join(dict.fromkeys(closest.verdict.error_codes))
            why = f"the closest, {closest.describe()}, breaks {codes}"
            self._rule_findings(intent, closest, keep_info=False)
        else:
            why = f"nothing on the list plugs into {a.label} or {b.label}"
        if suggestion is not None:
            order = ", ".join(f"{q} × {pn}" for pn, q in suggestion.needs(intent.links).items())
            fix = f"use {suggestion.describe()}: {order} in all"
        else:
            fix = (
                "the catalogue has no medium for these ends at this rate and distance; change the ends, "
                "rate or distance"
            )
        self.add(
            "INTENT_UNSERVED",
            f"intent {intent.number} ({intent.label}): no chain of listed parts passes the link rules; {why}",
            fix=fix,
            intents=[intent.number],
            at=(None, None),
        )
        return suggestion

    def _suggest(self, intent: LinkIntent) -> _Chain | None:
        """The valid catalogue option reusing most listed parts (listed alternatives substituted), a
        verified one before any whose reach, rate, breakout, host lanes or top style is unverified."""
        listed = {g.display: g.part for g in self.groups.values() if g.part is not None and g.listed > 0}
        media = self._media()
        best: tuple[tuple[object, ...], _Chain] | None = None
        for option in self.view.options(intent):
            link = option.link
            subs: dict[str, object] = {}
            for role, module in (("module_a", link.module_a), ("module_b", link.module_b)):
                if module is None or _pn(module) in listed:
                    continue
                alt = next(
                    (
                        p
                        for p in next((op.alternatives for op in option.parts if op.role == role), ())
                        if isinstance(listed.get(p), Transceiver)
                    ),
                    None,
                )
                if alt is not None:
                    subs[role] = listed[alt]
            subs.update(self._mate_vendor(option, subs, listed))
            chain = _Chain(link, option.verdict)
            if subs:  # a listed interchangeable module, kept only if the rules still pass
                swapped = link.model_copy(update=subs)
                verdict = check_link(swapped, self.ctx)
                if verdict.valid:
                    chain = _Chain(swapped, verdict)
            chain = self._over_listed_media(intent, chain, media)
            overlap = sum(p.name in self.listed_numbers for p in chain.pieces)
            # a chain resting on a fact the catalogue does not hold (an unverified reach, rate,
            # breakout, host lanes or top style) of a part the list does not name is never suggested
            # over a verified one, however many listed lines it reuses (an EDR SR4 of unknown reach
            # over the listed 150 m of OM4); the list's own parts keep their place (the user chose them)
            unverified = any(
                f.code.endswith("_UNVERIFIED") and bool(set(f.parts) - self.listed_numbers)
                for f in chain.verdict.findings
            )
            score = (unverified, -overlap, option.rank)
            if best is None or score < best[0]:
                best = (score, chain)
        return best[1] if best else None

    def _mate_vendor(
        self, option: LinkOption, subs: Mapping[str, object], listed: Mapping[str, CataloguePart]
    ) -> dict[str, Transceiver]:
        """The module to suggest at an end the list leaves open, when the other end's module is listed:
        of the option's module there and its alternatives (interchangeable, same PMD and cage), the
        first the listed module's vendor makes (a listed Cisco QDD-400G-DR4-S broken out to 100GBASE-DR
        legs: Cisco's QSFP-100G-DR-S, not the option's Extreme 100G-DR-QSFP500M). None of that vendor's:
        the option's own choice stands. Kept only if the rules still pass (:meth:`_suggest`)."""
        link = option.link
        out: dict[str, Transceiver] = {}
        for role, other in (("module_a", "module_b"), ("module_b", "module_a")):
            module = subs.get(role, getattr(link, role))
            mate = subs.get(other, getattr(link, other))
            if not isinstance(module, Transceiver) or not isinstance(mate, Transceiver):
                continue
            if _pn(module) in listed or _pn(mate) not in listed or module.vendor == mate.vendor:
                continue
            names = next((op.alternatives for op in option.parts if op.role == role), ())
            same = next(
                (m for m in (self.ctx.modules.get(n) for n in names) if m is not None and m.vendor == mate.vendor),
                None,
            )
            if same is not None:
                out[role] = same
        return out

    def _over_listed_media(self, intent: LinkIntent, chain: _Chain, media: Sequence[FiberRun]) -> _Chain:
        """``chain`` (a catalogue option) over the listed generic media lines the rules pass in place of
        its fiber: the listed fiber serves the option's fiber need, so it is not ordered again.

        - a single fiber is replaced by a media line (the grade, connector and length the list names,
          e.g. "OM4, MPO-12/APC, 30 m" for MFP7E10-N030);
        - a catalogue harness behind a trunk of structured cabling gets a media line of its leg
          connector and grade extending its legs instead (as a listed chain is built, see
          :meth:`_extended`).

        ``chain`` itself when no media line fits."""
        link = chain.link
        if link.cable is not None or len(link.fibers) != 1 or link.module_a is None or link.module_b is None:
            return chain
        (fiber,) = link.fibers
        x, y = link.module_a, link.module_b
        ends = (_end_key(link.end_a), _end_key(link.end_b), link.rate_gbps, link.distance_m, link.protocol)
        if fiber.legs > 1:
            harness = fiber.cable
            if harness is None or fiber.legs_at != "B":
                return chain
            for ext in self._leg_extensions(y.connector, [], list(media), intent.distance_m):
                extended = self._extended(harness, ext, intent.distance_m)
                if extended is None:
                    continue
                swapped = link.model_copy(update={"fibers": (extended,)})
                verdict = self.check(("suggested over", _pn(x), _pn(harness), ext.name, _pn(y), ends), swapped)
                if verdict.valid:
                    return _Chain(swapped, verdict, ext)
            return chain
        for run in media:
            kind = run.connector_a.partition("/")[0]
            if kind and not (x.connector.startswith(kind + "/") and y.connector.startswith(kind + "/")):
                continue
            placed = run.model_copy(
                update={
                    "connector_a": run.connector_a or x.connector,
                    "connector_b": run.connector_b or y.connector,
                    "length_m": run.length_m if run.length_m >= 0 else intent.distance_m,
                }
            )
            swapped = link.model_copy(update={"fibers": (placed,)})
            verdict = self.check(("suggested over", _pn(x), run.listed_as, _pn(y), ends), swapped)
            if verdict.valid:
                return _Chain(swapped, verdict)
        return chain

    def device_quantities(self) -> dict[str, tuple[int, str]]:
        """The fewest units of each listed device the intents' link ends need, and why.

        Each link takes one port at each device end; a port carries ``k`` links when the intent's rate
        is a k-th of the cage's top speed and the cage lists split modes (an NDR port as 2 × NDR200),
        else one. A device needs ⌈port ends / ports⌉ for its busiest cage group (every unit has all
        groups). Only devices on the list are checked: a list need not order the switches. A listed
        count below the minimum is a SHORTFALL; more is fine (spares, unused ports).

        Returns:
            model → (minimum units, explanation), for listed devices that intents end on.
        """
        listed = {g.device.model: g for g in self.groups.values() if g.device is not None}
        ends: dict[tuple[str, str], int] = defaultdict(int)
        capacity: dict[tuple[str, str], int] = {}
        users: dict[str, set[int]] = defaultdict(set)
        for intent in self.pl.intents:
            for end in self.view.ends.get(intent.number, ()):
                if end.device is None or end.device.model not in listed:
                    continue
                cage = end.cage
                top = max(cage.speeds_gbps)
                per_port = max(1, math.floor(top / intent.rate_gbps + 1e-9)) if cage.split_modes else 1
                key = (end.device.model, cage.id)
                ends[key] += intent.links
                capacity[key] = cage.count * cage.logical_ports_per_cage * per_port
                users[end.device.model].add(intent.number)
        out: dict[str, tuple[int, str]] = {}
        for (model, cage_id), n in ends.items():
            units = math.ceil(n / capacity[(model, cage_id)])
            why = f"{n} link ends on its {cage_id} cages at {capacity[(model, cage_id)]} per unit"
            if units > out.get(model, (0, ""))[0]:
                out[model] = (units, why)
        for model, (units, why) in sorted(out.items()):
            group = listed[model]
            if group.listed < units:
                short = units - group.listed
                self.add(
                    "SHORTFALL",
                    f"{model}: the intents need at least {units} ({why}), the list has {group.listed}: {short} short",
                    fix=f"order {short} more × {model}",
                    pn=model,
                    intents=sorted(users[model]),
                    quantity=short,
                )
        return out

    def quantities(self, needed: Mapping[str, Mapping[int, int]]) -> None:
        """SHORTFALL and SURPLUS per catalogue part and per generic media line (known grade), against
        the pieces the chosen chains need."""
        # An unknown line whose closest known number the intents need is most likely a typo for it.
        meant: dict[str, _Group] = {}
        for g in self.groups.values():
            close = self.view.suggestions.get(g.lines[0][2].casefold(), ()) if g.unknown else ()
            if close:
                meant.setdefault(close[0], g)
        for pn, by_intent in sorted(needed.items()):
            need = sum(by_intent.values())
            group = self.groups.get(pn)
            have = group.listed if group is not None else 0
            users = sorted(by_intent)
            split = "; ".join(f"intent {i}: {by_intent[i]}" for i in users) if len(users) > 1 else ""
            if need > have:
                short = need - have
                fix = f"order {short} more × {pn}" if have else f"add a line: {pn}, {need}"
                # A breakout harness the list lacks is pinned to the line of the trunk module it plugs into.
                trunk, why = self._missing.get(pn, ("", "")) if group is None else ("", "")
                at = self.where(trunk) if trunk else None
                typo = meant.get(pn) if group is None else None
                if typo is not None and not why:
                    # ... and a part no line names, closest to an unknown line's number, is what that line meant.
                    line, typed = typo.first[0], typo.lines[0][2]
                    why = f"line {line} ({typed} ×{typo.listed}) is not a known part number; did you mean {pn}?"
                    fix = f"correct line {line}: {typed} → {pn}" + (f", quantity {need}" if typo.listed != need else "")
                    at = typo.first
                self.add(
                    "SHORTFALL",
                    f"{pn}: the intents need {need}, the list has {have}: {short} short"
                    + (f" ({split})" if split else "")
                    + (f" — {why}" if why else ""),
                    fix=fix,
                    pn=pn,
                    intents=users,
                    quantity=short,
                    at=at,
                )
        for group in self.groups.values():
            if group.listed == 0 or not (group.part is not None or group.display in self.media_names):
                continue  # (a media line of an unknown grade: UNKNOWN_FIBER_TYPE says what is wrong with it)
            pn = group.display
            need = sum(needed.get(pn, {}).values())
            if group.listed > need and not (need == 0 and self._blocked):
                # (an unused part next to an unknown line is not reported: the unknown line is what
                # is wrong, and once corrected the intent may use it)
                extra = group.listed - need
                what = f"the intents need {need}" if need else "no intent uses it"
                self.add(
                    "SURPLUS",
                    f"{pn}: {group.listed} listed, {what}: {extra} surplus",
                    fix=(f"remove {extra} × {pn}" + ("" if need else ", or add the link intent it is for")),
                    pn=pn,
                    intents=sorted(needed.get(pn, {})),
                    quantity=extra,
                )

    # --- step 3: without intents ----------------------------------------------------------------------

    def partners(self) -> None:
        modules = [t for t in self._listed(Transceiver) if isinstance(t, Transceiver)]
        fibers = [f for f in self._listed(FiberCable) if isinstance(f, FiberCable)]
        qty = {g.display: g.listed for g in self.groups.values() if g.part is not None}
        valid: list[tuple[Transceiver, FiberCable, Transceiver]] = []
        tried: dict[str, list[_Chain]] = defaultdict(list)

        def pairable(x: Transceiver, y: Transceiver) -> bool:
            both_adapter = x.side is Side.ADAPTER and y.side is Side.ADAPTER
            return not both_adapter and (x is not y or qty[_pn(x)] >= 2)

        for x in modules:
            for y in modules:
                if not (_shares_pmd(x, y) and pairable(x, y)):
                    continue
                for f in fibers:
                    if not (_plugs_into(x, f) and _plugs_into(y, f)):
                        continue
                    ea, eb = _bare(x.form_factor, self.ctx), _bare(y.form_factor, self.ctx)
                    if ea is None or eb is None:
                        continue
                    link = Link(
                        end_a=ea,
                        end_b=eb,
                        distance_m=f.length_m or 0.0,
                        module_a=x,
                        module_b=y,
                        fibers=(_run(f),),
                    )
                    verdict = self.check(("bare", _pn(x), _pn(f), _pn(y)), link)
                    chain = _Chain(link, verdict)
                    if verdict.valid:
                        valid.append((x, f, y))
                    for p in (x, f, y):
                        tried[_pn(p)].append(chain)
        linked = {_pn(p) for triple in valid for p in triple}
        broken_out = self._breakout_partners(modules, fibers, qty, tried)
        linked |= broken_out
        for t in modules:
            if _pn(t) not in linked:
                self._lonely_module(t, modules, fibers, tried[_pn(t)], pairable)
        for f in fibers:
            if _pn(f) not in linked:
                self._lonely_fiber(f, modules, tried[_pn(f)])
        for adapter in self._listed(Adapter):
            assert isinstance(adapter, Adapter)
            takers: list[CataloguePart] = [
                p for p in self._listed(Transceiver) if isinstance(p, Transceiver) and p.form_factor == adapter.accepts
            ]
            takers += [
                c
                for c in self._listed(Cable)
                if isinstance(c, Cable) and adapter.accepts in (c.end_a.form_factor, c.end_b.form_factor)
            ]
            if not takers:
                self.add(
                    "NO_PARTNER",
                    f"{_pn(adapter)} adapts a {adapter.form_factor} cage to {adapter.accepts}, "
                    f"but nothing on the list is {adapter.accepts}",
                    fix=f"add the {adapter.accepts} transceiver or cable it is for, or remove it",
                    pn=_pn(adapter),
                )
        self._pair_counts(valid, skip=broken_out)

    def _breakout_partners(
        self,
        modules: list[Transceiver],
        fibers: list[FiberCable],
        qty: Mapping[str, int],
        tried: dict[str, list[_Chain]],
    ) -> set[str]:
        """Without intents: PMD breakouts among the listed modules (a trunk module whose PMD breaks out
        into N × a leg PMD another listed module runs, the trunk at N × the leg rate: the modes
        linkOptions and checkLink use). A listed N-leg harness that plugs into both is checked with the
        link rules over its own length; with none listed, the harness is structured cabling (an info),
        or, when the list names fiber for the legs, missing (NO_MEDIUM). Each group's leg modules must
        cover the trunks' legs (PAIR_COUNT_MISMATCH on the leg modules' line, with how many are short).

        Returns the part numbers that pair this way (trunks, legs, and harnesses that passed)."""
        linked: set[str] = set()
        sets = _Groups()
        parent, find = sets.parent, sets.find

        legs_of: dict[str, int] = {}  # trunk part number → legs per port
        leg_modules: set[str] = set()
        harnesses_of: dict[str, set[str]] = defaultdict(set)
        media = self._media()
        for t in modules:
            for y in modules:
                if y is t or (t.side is Side.ADAPTER and y.side is Side.ADAPTER):
                    continue
                modes = [
                    mode
                    for name in t.pmds
                    if (pmd := self.ctx.pmds.get(name)) is not None
                    for mode in pmd.breakouts
                    if (leg_pmd := self.ctx.pmds.get(mode.pmd)) is not None
                    and mode in self._modes(t, y, leg_pmd.rate_gbps)
                ]
                for mode in modes:
                    shaped = [
                        f
                        for f in fibers
                        if f.legs == mode.legs and (f.connector_a, f.connector_b) == (t.connector, y.connector)
                    ]
                    passed = []
                    ea, eb = _bare(t.form_factor, self.ctx), _bare(y.form_factor, self.ctx)
                    for h in shaped if ea is not None and eb is not None else ():
                        assert ea is not None and eb is not None
                        link = Link(
                            end_a=ea,
                            end_b=eb,
                            distance_m=h.length_m or 0.0,
                            rate_gbps=self.ctx.pmds[mode.pmd].rate_gbps,
                            module_a=t,
                            module_b=y,
                            fibers=(_run(h),),
                        )
                        verdict = self.check(("bare breakout", _pn(t), _pn(h), _pn(y)), link)
                        if verdict.valid:
                            passed.append(h)
                        else:
                            for p in (t, h, y):
                                tried[_pn(p)].append(_Chain(link, verdict))
                    if shaped and not passed:
                        continue  # the listed harness is refused: its chain explains what is wrong
                    linked |= {_pn(t), _pn(y), *(_pn(h) for h in passed)}
                    sets.join(_pn(y), _pn(t))
                    legs_of[_pn(t)] = mode.legs
                    leg_modules.add(_pn(y))
                    harnesses_of[_pn(t)] |= {_pn(h) for h in passed}
                    if passed:
                        continue
                    trunk_pmd = next(
                        q for q in (self.ctx.pmds.get(n) for n in t.pmds) if q is not None and mode in q.breakouts
                    )
                    grades = "/".join(breakout_grades(trunk_pmd, self.ctx.pmds[mode.pmd])) or "suitable"
                    harness = f"{grades} {t.connector} → {mode.legs} × {y.connector} harness"
                    plan = f"{_pn(t)} ({trunk_pmd.name}) breaks out into {mode.legs} × {mode.pmd} legs on {_pn(y)}"
                    leg_fiber = [
                        _pn(f) for f in fibers if f.legs == 1 and f.connector_a == f.connector_b == y.connector
                    ]
                    kind = y.connector.partition("/")[0]
                    leg_fiber += [r.listed_as or "" for r in media if r.connector_a in (y.connector, kind)]
                    if leg_fiber:
                        self.add(
                            "NO_MEDIUM",
                            f"{plan}, but no {harness} on the list joins its {t.connector} port to the listed "
                            f"{', '.join(dict.fromkeys(leg_fiber))}",
                            fix=f"add one {harness} per {_pn(t)} port",
                            pn=_pn(t),
                        )
                    else:
                        self.add(
                            "STRUCTURED_CABLING",
                            f"{plan} over an {harness} from structured cabling (no catalogue part, not on the list)",
                            fix=f"order one {harness} per {_pn(t)} port, or confirm the structured cabling is in place",
                            pn=_pn(t),
                        )
        groups: dict[str, list[str]] = defaultdict(list)
        for k in list(parent):
            groups[find(k)].append(k)
        for names in groups.values():
            trunks = [n for n in names if n in legs_of]
            legs = sorted(
                (n for n in names if n in leg_modules and n not in legs_of), key=lambda n: self.groups[n].first
            )
            if not trunks or not legs:
                continue
            wanted = sum(qty[n] * self._ports(n) * legs_of[n] for n in trunks)
            have = sum(qty[n] * self._ports(n) for n in legs)
            inventory = ", ".join(f"{n} ×{qty[n]}" for n in sorted(trunks, key=lambda n: self.groups[n].first))
            ports = sum(qty[n] * self._ports(n) for n in trunks)
            harnesses = sorted({h for n in trunks for h in harnesses_of[n]}, key=lambda n: self.groups[n].first)
            if have < wanted:
                short = wanted - have
                leg_list = ", ".join(f"{n} ×{qty[n]}" for n in legs)
                message = (
                    f"{inventory} break out into {wanted} legs, but the list has {have} leg module port(s) "
                    f"({leg_list}): {short} legs short"
                )
                fix = f"order {short} more × {legs[0]}, or fewer trunk modules"
                severity = None
                if not harnesses and self._balances_unbroken(trunks, legs, qty, legs_of):
                    # No harness on the list says "breakout": the modules may as well pair among
                    # themselves (two 40GBASE-SR4 modules as one 40G link, four 10GBASE-SR as two 10G
                    # links), and that plan uses every port; only the breakout reading is short.
                    severity = Severity.INFO
                    message += (
                        f"; without a breakout the list balances: the {'/'.join(trunks)} pair with each other "
                        f"and the {'/'.join(legs)} with each other"
                    )
                    fix = (
                        f"to break every trunk port out, order {short} more × {legs[0]}; add link intents to say which"
                    )
                self.add("PAIR_COUNT_MISMATCH", message, severity=severity, fix=fix, pn=legs[0], quantity=short)
            cords = sum(qty[h] for h in harnesses)
            if harnesses and cords != ports:
                self.add(
                    "PAIR_COUNT_MISMATCH",
                    f"{inventory}: {ports} trunk port(s), but the list has {cords} harness(es) "
                    f"({', '.join(f'{h} ×{qty[h]}' for h in harnesses)})",
                    fix="one harness per trunk port: make the counts match",
                    pn=harnesses[0],
                    quantity=abs(ports - cords),
                )
        return linked

    def _balances_unbroken(
        self, trunks: Sequence[str], legs: Sequence[str], qty: Mapping[str, int], legs_of: Mapping[str, int]
    ) -> bool:
        """Whether the group's modules use every port when some (or none) of the trunk ports break out
        and the rest pair among themselves: trunk ports with trunk ports (same PMD, not both
        adapter-side), leg ports with leg ports. True when some number k of broken-out trunk ports leaves
        an even number of trunk ports and of leg ports (k × legs per port ≤ the leg ports)."""
        per = {legs_of[n] for n in trunks}
        if len(per) != 1:
            return False
        n_legs = per.pop()
        trunk_ports = sum(qty[n] * self._ports(n) for n in trunks)
        leg_ports = sum(qty[n] * self._ports(n) for n in legs)

        def self_pairing(names: Sequence[str]) -> bool:
            parts = [self.groups[n].part for n in names]
            mods = [p for p in parts if isinstance(p, Transceiver)]
            return len(mods) == len(parts) and all(
                m.side is not Side.ADAPTER and _shares_pmd(m, o) for m in mods for o in mods
            )

        trunks_pair, legs_pair = self_pairing(trunks), self_pairing(legs)
        for k in range(trunk_ports + 1):
            rest_t, rest_l = trunk_ports - k, leg_ports - k * n_legs
            if rest_l < 0:
                break
            if (rest_t == 0 or (trunks_pair and rest_t % 2 == 0)) and (rest_l == 0 or (legs_pair and rest_l % 2 == 0)):
                return True
        return False

    def _ports(self, pn: str) -> int:
        part = self.groups[pn].part
        return part.ports if isinstance(part, Transceiver) else 1

    def _explain(self, tried: list[_Chain]) -> str:
        if not tried:
            return ""
        best = min(tried, key=lambda c: (len(c.verdict.error_codes), c.link.part_numbers()))
        for f in best.verdict.findings:
            if f.severity is Severity.ERROR:
                pn = next((p.split(" ")[0] for p in f.parts if p.split(" ")[0] in self.groups), None)
                self.add(f.code, f.message, severity=f.severity, fix=f.fix, pn=pn, source_ids=f.source_ids)
        return f"; the closest, {best.describe()}, breaks {', '.join(dict.fromkeys(best.verdict.error_codes))}"

    def _lonely_module(
        self,
        t: Transceiver,
        modules: list[Transceiver],
        fibers: list[FiberCable],
        tried: list[_Chain],
        pairable: Callable[[Transceiver, Transceiver], bool],
    ) -> None:
        pn = _pn(t)
        peers = [y for y in modules if _shares_pmd(t, y) and pairable(t, y)]
        families = ", ".join(t.fiber_cables) or t.connector  # "add MPO-12/APC fibers …", not "… fiber fibers"
        other = "a switch-side or any-side" if t.side is Side.ADAPTER else "a"
        fitting = [f for f in fibers if any(_plugs_into(t, f) and _plugs_into(y, f) for y in peers)]
        if peers and not fitting:
            names = ", ".join(dict.fromkeys(_pn(y) for y in peers))
            if t.fiber_cables or any(y.fiber_cables for y in peers):
                self.add(
                    "NO_MEDIUM",
                    f"{pn} pairs with {names}, but no fiber on the list connects them "
                    f"({t.connector}; documented: {families})",
                    # families with their held lengths ("MFP7E10 (3 to 50 m)"): a bare prefix orders nothing
                    fix="add "
                    + (" or ".join(family_span(f, self.ctx) for f in t.fiber_cables) or t.connector)
                    + " fibers of the run length",
                    pn=pn,
                )
            else:
                found = [g for y in peers[:1] for g in self._grades(t, y)]
                grades = "/".join(found) or "suitable"
                # 1000BASE-T over Cat5e/Cat6 is twisted-pair copper cabling, not fiber
                medium = (
                    "twisted-pair copper cabling"
                    if found and all(grade_media(g) is Media.COPPER for g in found)
                    else "fiber"
                )
                self.add(
                    "STRUCTURED_CABLING",
                    f"{pn} pairs with {names} over {grades} {medium}, {t.connector}, from "
                    "structured cabling (no catalogue part, not on the list)",
                    fix="confirm the structured cabling is ordered or in place",
                    pn=pn,
                )
            return
        if not peers:
            # A PMD that breaks out (400GBASE-DR4 → 4 × 100GBASE-DR) also partners its leg PMD's modules.
            modes = [
                f"{m.legs} × {m.pmd}"
                for n in t.pmds
                if (pmd := self.ctx.pmds.get(n)) is not None
                for m in pmd.breakouts
            ]
            legs = f" or {' / '.join(dict.fromkeys(modes))} legs" if modes else ""
            self.add(
                "NO_PARTNER",
                f"{pn} ({t.side.value}-side {t.form_factor}, {'/'.join(t.pmds)}) has no partner on "
                f"the list: no {'other ' if t.side is not Side.ADAPTER else ''}transceiver runs "
                f"{'/'.join(t.pmds)}{legs} at the other end",
                fix=f"add {other} transceiver that runs {'/'.join(t.pmds)} for the far end, and {families} "
                "fibers"
                + (f" (or, broken out, the {' / '.join(dict.fromkeys(modes))} modules and a harness)" if modes else "")
                + "; or remove it",
                pn=pn,
            )
            return
        why = self._explain(tried)
        peer = _pn(peers[0])
        self.add(
            "NO_PARTNER",
            f"{pn} has no working chain with the listed parts{why}",
            fix=f"add {families} fibers that fit {pn}" + (f" and {peer}" if peer != pn else ""),
            pn=pn,
        )

    def _lonely_fiber(self, f: FiberCable, modules: list[Transceiver], tried: list[_Chain]) -> None:
        pn = _pn(f)
        what = f"{f.fiber_type} {f.connector_a}" + (f" to {f.legs} × {f.connector_b}" if f.legs > 1 else "")
        if not modules:
            self.add(
                "NO_PARTNER",
                f"{pn} ({what}, {f.length_m or 0:g} m) has no transceiver on the list to plug into",
                fix=f"add the {f.connector_a} transceivers it connects, or remove it",
                pn=pn,
            )
            return
        why = self._explain(tried) or (
            f": no pair of them (one not adapter-side) shares a PMD and takes {f.connector_a}"
        )
        self.add(
            "NO_PARTNER",
            f"{pn} ({what}) connects none of the listed transceivers{why}",
            fix="use a fiber whose connector, polish and grade match the transceivers, or remove it",
            pn=pn,
        )

    def _pair_counts(
        self, valid: list[tuple[Transceiver, FiberCable, Transceiver]], *, skip: AbstractSet[str] = frozenset()
    ) -> None:
        """Ports of each group of mutually compatible transceivers must match its fibers' ends: with
        switch-side and adapter-side modules, switch ports = fibers and adapter ports = fiber legs, or
        k straight fibers join two switch-side ports each (switch ports = fibers + k, adapter ports =
        legs - k: a fat tree's BOM with leaf-spine fiber of the same type). Groups holding a module in
        ``skip`` (paired as a breakout, counted there) are not counted."""
        sets = _Groups()
        parent, find = sets.parent, sets.find

        for x, f, y in valid:
            for p in (x, y):
                sets.join(_pn(p), _pn(f))
        members: dict[str, list[str]] = defaultdict(list)
        for k in list(parent):
            members[find(k)].append(k)
        for names in members.values():
            if skip & set(names):
                continue
            parts = sorted((self.groups[n] for n in names), key=lambda g: g.first[0])
            mods = [g for g in parts if isinstance(g.part, Transceiver)]
            fibs = [g for g in parts if isinstance(g.part, FiberCable)]
            ports = sum(g.listed * g.part.ports for g in mods if isinstance(g.part, Transceiver))
            ends = sum(g.listed * (1 + g.part.legs) for g in fibs if isinstance(g.part, FiberCable))
            inventory = ", ".join(f"{g.display} ×{g.listed}" for g in parts)
            first = parts[0].display
            if {g.part.side for g in mods if isinstance(g.part, Transceiver)} == {Side.SWITCH, Side.ADAPTER}:
                # The obvious pairing: every fiber joins a switch-side port to adapter-side port(s).
                sw = sum(
                    g.listed * g.part.ports
                    for g in mods
                    if isinstance(g.part, Transceiver) and g.part.side is Side.SWITCH
                )
                ad = ports - sw
                trunks = sum(g.listed for g in fibs)
                legs = sum(g.listed * g.part.legs for g in fibs if isinstance(g.part, FiberCable))
                # Straight fibers may also join two switch-side ports (a plan's leaf-spine links): the
                # counts balance when the extra switch ports are exactly the adapter ends they leave.
                straight = sum(g.listed for g in fibs if isinstance(g.part, FiberCable) and g.part.legs == 1)
                switch_to_switch = sw - trunks
                if 0 < switch_to_switch <= straight and ad == legs - switch_to_switch:
                    continue
                if sw != trunks or ad != legs:
                    self.add(
                        "PAIR_COUNT_MISMATCH",
                        f"{inventory}: {sw} switch-side ports and {ad} adapter-side ports, but the fibers "
                        f"give {trunks} switch-side and {legs} adapter-side ends",
                        fix="each fiber needs one switch-side port and one adapter-side port per leg: make "
                        "the counts match (or add link intents if some links are switch-to-switch)",
                        pn=first,
                        quantity=max(abs(sw - trunks), abs(ad - legs)),
                    )
                continue
            if ports != ends:
                self.add(
                    "PAIR_COUNT_MISMATCH",
                    f"{inventory}: {ports} transceiver ports, but the fibers have {ends} ends",
                    fix="each fiber needs a transceiver port at each end (each leg of a splitter): make the "
                    "counts match",
                    pn=first,
                    quantity=abs(ports - ends),
                )

    # --- the report -----------------------------------------------------------------------------------

    def run(self) -> ValidationReport:
        self.lines()
        results: list[IntentResult] = []
        needed: dict[str, dict[int, int]] = {}
        device_needs: dict[str, tuple[int, str]] = {}
        if self.pl.intents:
            results, needed = self.intents()
            self.quantities(needed)
            device_needs = self.device_quantities()
        else:
            self.partners()
        findings = _merge(self.findings)
        totals = self._totals(needed if self.pl.intents else None, device_needs)
        errors = sum(f.severity is Severity.ERROR for f in findings)
        summary = ReportSummary(
            buildable=errors == 0,
            errors=errors,
            warnings=sum(f.severity is Severity.WARNING for f in findings),
            infos=sum(f.severity is Severity.INFO for f in findings),
            lines=len(self.pl.lines),
            parts=len(self.groups),
            pieces=sum(ln.quantity for ln in self.pl.lines),
            intents=len(self.pl.intents),
            links=sum(i.links for i in self.pl.intents),
        )
        return ValidationReport(
            source=self.pl.source,
            summary=summary,
            findings=tuple(findings),
            totals=tuple(totals),
            intents=tuple(results),
        )

    def _totals(
        self, needed: Mapping[str, Mapping[int, int]] | None, device_needs: Mapping[str, tuple[int, str]]
    ) -> list[PartTotal]:
        out = []
        for g in sorted(self.groups.values(), key=lambda g: g.first[0]):
            need = sum(needed.get(g.display, {}).values()) if needed is not None else None
            if g.device is not None:
                at_least = device_needs.get(g.display, (None, ""))[0] if needed is not None else None
                out.append(
                    PartTotal(
                        part_number=g.display,
                        known=True,
                        kind=g.device.device_type.value,
                        description=g.device.name,
                        listed=g.listed,
                        needed=at_least,
                        shortfall=max(0, at_least - g.listed) if at_least is not None else 0,
                        lines=tuple(n for n, *_ in g.lines),
                    )
                )
                continue
            # a part, or a generic media line of a known grade: its pieces count against the chains' needs
            counts = need is not None and (g.part is not None or g.display in self.media_names)
            out.append(
                PartTotal(
                    part_number=g.display,
                    # a generic media line of a grade the catalogue knows is known (not UNKNOWN_PART)
                    known=g.part is not None or self._known_grade(g),
                    kind=g.part.kind.value if g.part else None,
                    description=g.part.description if g.part else self._medium_description(g),
                    status=g.part.status if g.part else None,
                    secondary_only=self.view.secondary_only.get(g.display, False),
                    listed=g.listed,
                    # an unknown part number serves no chain the rules can check: what the intents need
                    # of it is not determined (None), not 0 ("none of it")
                    needed=need if g.counted else None,
                    shortfall=max(0, need - g.listed) if counts and need is not None else 0,
                    surplus=max(0, g.listed - need) if counts and need is not None else 0,
                    lines=tuple(n for n, *_ in g.lines),
                )
            )
        for pn in sorted(set(needed or {}) - set(self.groups)):
            need = sum((needed or {})[pn].values())
            out.append(PartTotal(part_number=pn, known=True, listed=0, needed=need, shortfall=need))
        return out


def _one_orientation(chains: list[_Chain]) -> list[_Chain]:
    """A symmetric cable valid both ways round is one chain, not two."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for chain in chains:
        key = (
            chain.link.part_numbers()
            if chain.link.cable is not None
            else (*chain.link.part_numbers(), chain.link.end_a.label)
        )
        if key in seen:
            continue
        seen.add(key)
        out.append(chain)
    return out


def _few(numbers: Sequence[int], n: int = 5) -> str:
    shown = ", ".join(str(x) for x in numbers[:n])
    return shown + (f" and {len(numbers) - n} more" if len(numbers) > n else "")


_LINE_CODES = frozenset({"SECONDARY_SOURCE_ONLY"})
"""Link-rule codes the part list reports per listed line instead of per chain: a part's secondary
sources are a fact of the line, and a chain's choice among listed parts does not weigh them."""


def _warnings(verdict: Verdict) -> int:
    """How many warnings of ``verdict`` weigh on choosing a chain (those of :data:`_LINE_CODES` do not:
    the listed parts are what the list offers, and each such line carries its own warning)."""
    return sum(f.severity is Severity.WARNING and f.code not in _LINE_CODES for f in verdict.findings)


def _merge(findings: list[ListFinding]) -> list[ListFinding]:
    """One finding per (severity, code, line, part, message): the intents it concerns are merged."""
    merged: dict[tuple[object, ...], ListFinding] = {}
    for f in findings:
        key = (f.severity, f.code, f.line, f.part_number, f.message)
        if key in merged:
            old = merged[key]
            merged[key] = old.model_copy(update={"intents": tuple(sorted(set(old.intents) | set(f.intents)))})
        else:
            merged[key] = f
    return sorted(
        merged.values(),
        key=lambda f: (
            _SEVERITY_ORDER[f.severity],
            f.line if f.line is not None else math.inf,
            _CODE_ORDER.get(f.code, 999),
            f.part_number or "",
            f.intents,
            f.message,
        ),
    )


def reconcile(part_list: PartList, view: CatalogueView) -> ValidationReport:
    """Validate ``part_list`` against the catalogue facts in ``view``.

    Args:
        part_list: lines and (optionally) link intents; every intent's ends must be in ``view.ends``.
        view: known parts, source flags, suggestions, rule context, resolved ends, catalogue options.

    Returns:
        The report: buildable when no finding is an error; findings errors first, then by line; totals
        per part number (needed / shortfall / surplus when there are intents); how each intent is served.

    Example:
        64 × QM9700 → ConnectX-7 OSFP at 400 Gb/s over 30 m, listing MMA4Z00-NS ×32, MFP7E10-N030 ×64 and
        MMA4Z00-NS400 ×64, is buildable with no findings: the twin-port switch modules serve two links each.
    """
    return _Reconciler(part_list, view).run()


class _Groups:
    """Disjoint sets of part numbers (union-find with path halving): ``find`` names a set by one
    member, ``join`` merges two members' sets; ``parent`` holds every member seen."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, k: str) -> str:
        parent = self.parent
        parent.setdefault(k, k)
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    def join(self, a: str, b: str) -> None:
        self.parent[self.find(a)] = self.find(b)
