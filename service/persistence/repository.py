"""The repository: the only code that runs Cypher, returning domain models.

Every read runs in a managed read transaction (``execute_read``), so the service works unchanged
against a Neo4j cluster through a ``neo4j://`` URI. Driver failures become
:class:`~service.errors.DatabaseUnavailable`.
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from neo4j import Driver, ManagedTransaction, unit_of_work
from neo4j.exceptions import DriverError, Neo4jError, ServiceUnavailable, SessionExpired
from pydantic import TypeAdapter

from service.domain.catalogue import (
    Adapter,
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
from service.domain.names import name_key
from service.errors import (
    DatabaseUnavailable,
    InputValidationError,
    UnknownDeviceError,
    UnknownFormFactorError,
    UnknownPartError,
)
from service.persistence import cypher
from service.persistence.health import BadRow, CatalogueHealth
from service.rules.context import RuleContext

__all__ = [
    "AdapterSeat",
    "CableCandidate",
    "CatalogueDocs",
    "EditPlan",
    "EditRecord",
    "Neo4jRepository",
    "OpticalCandidate",
    "suggest",
]

T = TypeVar("T")
M = TypeVar("M")
AnyPart = Transceiver | Cable | FiberCable | Adapter
_PART: TypeAdapter[AnyPart] = TypeAdapter(Part)

# How each kind of stored row becomes a domain model (the kinds of CATALOGUE_DOCS_QUERY's columns).
_MODELS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "sources": ("source", Source.model_validate_json),
    "generations": ("generation", Generation.model_validate_json),
    "fiberTypes": ("fiber_type", FiberType.model_validate_json),
    "connectors": ("connector", Connector.model_validate_json),
    "formFactors": ("form_factor", FormFactor.model_validate_json),
    "pmds": ("pmd", Pmd.model_validate_json),
    "parts": ("part", _PART.validate_json),
    "devices": ("device", Device.model_validate_json),
}


def suggest(name: str, known: Sequence[str] | Mapping[str, str], n: int = 3) -> list[str]:
    """The ``n`` known names closest to ``name`` (case-insensitive), best first.

    Names that contain what was typed come first ("ConnectX-6" → the ConnectX-6 models), then the
    closest by edit similarity ("MMA4Z00-N5" → MMA4Z00-NS).

    ``known`` may map every name users may type (model, OPN, alias) to the catalogue's own name of
    the thing it names (:meth:`Neo4jRepository.name_targets`): the answer is then ``n`` DISTINCT
    things, each under the name of it that matched best ("NE1033" → NE1032 once, not NE1032, Lenovo
    NE1032, lenovo-ne1032; "QM9770" → QM9700, the alias typed at, not its OPN MQM9700-NS2F). Every
    name suggested is one users may type.
    """
    targets = known if isinstance(known, Mapping) else None
    folded = {k.casefold(): k for k in known}
    typed = name_key(name)
    containing = sorted((k for k in folded if typed and typed in k), key=lambda k: (len(k), k))
    if targets is None:
        return [folded[c] for c in dict.fromkeys([*containing, *_closest(typed, folded, n)])][:n]
    best: dict[str, str] = {}  # thing -> its best-ranked name
    for c in dict.fromkeys([*containing, *_closest(typed, folded, len(folded))]):
        best.setdefault(targets[folded[c]], folded[c])
        if len(best) == n:
            break
    return list(best.values())


MIN_CONTAINED = 5
"""The shortest device name :func:`devices_within` finds inside a typed number (shorter names such as
"QM87" or "CX-7" would match by chance)."""


def part_suggestions(number: str, parts: Mapping[str, str], devices: Mapping[str, str], n: int = 3) -> list[str]:
    """The suggestions for an unknown part number: :func:`suggest` over the part names, unless no part
    name contains what was typed and a device name does, then over the device names; or, when what was
    typed contains a device's model or alias (:func:`devices_within`), those devices.

    A truncated ordering number is the commonest typo in a part list: "MCX75310AAS" is the start of
    the ConnectX-7 card MCX75310AAS-NEAT (devices are orderable lines), and the closest part numbers
    by edit similarity (C10S, MCP7Y10-N01A) would only mislead. So is an ordering number the catalogue
    lacks that carries the model in it: "MSN2700-CS2X" is an SN2700 switch, not the transceiver
    MMA2P00-AS that edit similarity finds.
    """
    typed = name_key(number)
    if typed and not any(typed in name_key(k) for k in parts) and any(typed in name_key(k) for k in devices):
        return suggest(number, devices, n)
    return devices_within(number, parts, devices, n) or suggest(number, parts, n)


def devices_within(number: str, parts: Mapping[str, str], devices: Mapping[str, str], n: int = 3) -> list[str]:
    """The devices whose model or alias ``number`` contains (case-insensitive, names of at least
    :data:`MIN_CONTAINED` characters, none inside a part name), the longest contained name first: at
    most ``n`` distinct devices, each under its longest contained name.

    ``devices`` maps every name users may type to the device's model (:meth:`Neo4jRepository.name_targets`).
    "MSN4600C-CS2X" → SN4600C (7 characters) before SN4600 (6); a name a part number also contains
    is left out, the part being the likelier meaning.
    """
    typed = name_key(number)
    within = [(key, name) for name in devices if len(key := name_key(name)) >= MIN_CONTAINED and key in typed]
    if not within:
        return []
    part_keys = [name_key(k) for k in parts]
    best: dict[str, str] = {}  # device -> its longest contained name
    for key, name in sorted(within, key=lambda kn: (-len(kn[0]), kn[0])):
        if devices[name] not in best and not any(key in p for p in part_keys):
            best[devices[name]] = name
    return list(best.values())[:n]


def _closest(typed: str, names: Iterable[str], n: int, cutoff: float = 0.5) -> list[str]:
    """The ``n`` names most similar to ``typed`` (difflib ratio ≥ ``cutoff``), best first.

    Equal similarity is broken by the longer common prefix, then the nearer length, then the name:
    part and device numbers carry their family in the prefix, so "QM9701" ranks QM9700 before QM9790
    (both differ by one character; difflib alone breaks that tie by reverse alphabetical order).
    """
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(typed)
    scored: list[tuple[float, int, int, str]] = []
    for name in names:
        matcher.set_seq1(name)
        if matcher.real_quick_ratio() < cutoff or matcher.quick_ratio() < cutoff:
            continue
        ratio = matcher.ratio()
        if ratio >= cutoff:
            same = (i for i, (x, y) in enumerate(zip(typed, name, strict=False)) if x != y)
            prefix = next(same, min(len(typed), len(name)))
            scored.append((-ratio, -prefix, abs(len(name) - len(typed)), name))
    return [name for *_, name in sorted(scored)[:n]]


@dataclass(frozen=True)
class OpticalCandidate:
    """Two transceivers sharing a PMD, one fiber grade it reaches over, and documented fiber cables."""

    module_a: Transceiver
    module_b: Transceiver
    pmd: Pmd
    fiber: str
    pmd_reach_m: float | None
    cables: tuple[FiberCable, ...]


@dataclass(frozen=True)
class AdapterSeat:
    """An adapter that fits a ``cage`` form factor and offers a ``seat`` form factor (QSA: QSFP+ → SFP+)."""

    cage: str
    adapter: Adapter
    seat: str


@dataclass(frozen=True)
class CableCandidate:
    """A direct-attach cable whose ends fit both cages; ``end_at_a`` is the cable end at end A."""

    cable: Cable
    end_at_a: str


class Neo4jRepository:
    """Catalogue reads (and catalogue edits, see :meth:`apply_edit`) over one driver.

    Args:
        driver: an open Neo4j driver.
        database: database name.
        timeout_s: per-transaction timeout in seconds.
    """

    def __init__(self, driver: Driver, database: str = "neo4j", timeout_s: float = 10.0) -> None:
        self._driver = driver
        self._database = database
        self._timeout = timeout_s
        self.round_trips = 0
        self.health = CatalogueHealth()
        """Bad rows skipped while reading (see :mod:`service.persistence.health`)."""
        self._tx: ManagedTransaction | None = None
        """Set on a bound copy (:meth:`read_together`): every read runs in that one transaction."""

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except (ServiceUnavailable, SessionExpired) as exc:
            raise DatabaseUnavailable("the catalogue database is unavailable; try again shortly") from exc
        except DriverError as exc:
            raise DatabaseUnavailable("the catalogue database connection failed") from exc
        except Neo4jError as exc:
            if exc.code and "TransactionTimedOut" in exc.code:
                raise DatabaseUnavailable(
                    f"the catalogue database did not answer within {self._timeout:g} s; try again shortly"
                ) from exc
            if exc.code and exc.code.startswith("Neo.TransientError"):
                raise DatabaseUnavailable("the catalogue database is busy; try again shortly") from exc
            raise

    def _read(self, work: Callable[[ManagedTransaction], T]) -> T:
        if self._tx is not None:
            return work(self._tx)
        self.round_trips += 1
        with self._errors(), self._driver.session(database=self._database) as session:
            return session.execute_read(unit_of_work(timeout=self._timeout)(work))

    @staticmethod
    def _q(text: Any) -> Any:
        return text

    def _valid(self, parse: Callable[[Any], M], doc: Any, kind: str) -> M | None:
        """``parse(doc)``, or None for a row that does not validate (skipped, logged, counted)."""
        try:
            return parse(doc)
        except (ValueError, TypeError) as exc:  # pydantic's ValidationError is a ValueError
            self.health.record(kind, doc, exc)
            return None

    def _all_valid(self, parse: Callable[[Any], M], docs: Sequence[Any], kind: str) -> list[M]:
        """Every row of ``docs`` that validates, in order; bad ones skipped (see :meth:`_valid`)."""
        return [m for m in (self._valid(parse, d, kind) for d in docs) if m is not None]

    def _rows(self, text: Any, **params: Any) -> list[dict[str, Any]]:
        def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
            return [r.data() for r in tx.run(self._q(text), params)]

        return self._read(work)

    def read_together(self, fn: Callable[[Neo4jRepository], T], timeout_s: float | None = None) -> T:
        """Run ``fn`` with a copy of this repository whose reads all share ONE managed read transaction.

        The in-memory snapshot loads through this, so it is built by the repository's own read
        methods (and their row-to-domain conversion) from one consistent read. ``timeout_s``
        (default: the repository's) bounds the whole transaction.

        Raises:
            DatabaseUnavailable: Neo4j cannot be reached.
        """

        def work(tx: ManagedTransaction) -> T:
            bound = copy.copy(self)
            bound._tx = tx
            return fn(bound)

        if timeout_s is None or self._tx is not None:
            return self._read(work)
        self.round_trips += 1
        with self._errors(), self._driver.session(database=self._database) as session:
            return session.execute_read(unit_of_work(timeout=timeout_s)(work))

    def catalogue_version(self) -> tuple[int, str | None]:
        """The catalogue version: (counter, token); (0, None) before the first seed.

        Every seed load and every edit sets a new token in its own write transaction.
        """
        row = self._rows(cypher.CATALOGUE_VERSION_QUERY)[0]
        return int(row["version"] or 0), row["token"]

    def catalogue_graph(self) -> dict[str, Any]:
        """The graph's structure the compatibility search walks (see ``cypher.SNAPSHOT_GRAPH_QUERY``)."""
        return self._rows(cypher.SNAPSHOT_GRAPH_QUERY)[0]

    # --- health ---------------------------------------------------------------------------------

    def ping(self) -> bool:
        """True when the database answers ``RETURN 1`` in a read transaction."""
        return bool(self._rows(cypher.PING_QUERY)[0]["ok"] == 1)

    def part_count(self) -> int:
        """Parts in the catalogue; 0 for an empty database (the CLI seeds one)."""
        rows = self._rows(cypher.PARTS_COUNT_QUERY, kind=None, vendor=None, family=None, protocol=None)
        return int(rows[0]["n"])

    # --- lookups --------------------------------------------------------------------------------

    def names(self, kind: str) -> list[str]:
        """Every name users may type for ``kind`` ("part", "device", "form_factor")."""
        return [r["name"] for r in self._rows(cypher.NAMES_OF_KIND_QUERY, kind=kind)]

    def name_targets(self, kind: str) -> dict[str, str]:
        """Every name users may type for ``kind``, mapped to the catalogue's own name of what it
        names (a device's model, a part's number, a form factor's name): the ``known`` of
        :func:`suggest` for suggestions that are distinct things."""
        return {r["name"]: r["target"] for r in self._rows(cypher.NAMES_OF_KIND_QUERY, kind=kind)}

    def unknown_part(self, number: str) -> UnknownPartError:
        """The error for a part number the catalogue does not hold: the three closest distinct parts
        (the devices whose names contain it, when no part's does: :func:`part_suggestions`); or, when
        ``number`` names a device (a switch or adapter's model, OPN or alias), no
        suggestions and a message pointing to ``device(name: …)`` (``found_as`` "device")."""
        device = self.devices_named([number]).get(number)
        if device is not None:
            return UnknownPartError(number).found_elsewhere(
                "device", device.model, device.name, f'device(name: "{device.model}")'
            )
        devices = self.name_targets("device")
        return UnknownPartError(number, part_suggestions(number, self.name_targets("part"), devices))

    def unknown_device(self, name: str) -> UnknownDeviceError:
        """The error for a device name the catalogue does not hold: the three closest distinct
        devices; or, when ``name`` is a part number (or a part's alias), no suggestions and a
        message pointing to ``part(partNumber: …)`` (``found_as`` "part")."""
        part = self.parts([name]).get(name)
        if part is not None and part.part_number is not None:
            return UnknownDeviceError(name).found_elsewhere(
                "part", part.part_number, part.description or "", f'part(partNumber: "{part.part_number}")'
            )
        return UnknownDeviceError(name, suggest(name, self.name_targets("device")))

    def device(self, name: str) -> Device:
        """The device whose model, name or alias is ``name``.

        Raises:
            UnknownDeviceError: see :meth:`unknown_device`.
        """
        rows = self._rows(cypher.DEVICE_BY_ALIAS_QUERY, key=f"device:{name_key(name)}")
        device = self._valid(Device.model_validate_json, rows[0]["doc"], "device") if rows else None
        if device is None:
            raise self.unknown_device(name)
        return device

    def form_factor(self, name: str) -> FormFactor:
        """The form factor named (or aliased) ``name``, e.g. "SFP+", "sfpp", "10gbase-x-sfpp".

        Raises:
            UnknownFormFactorError: with the three closest known names.
        """
        rows = self._rows(cypher.FORM_FACTOR_BY_ALIAS_QUERY, key=f"form_factor:{name_key(name)}")
        ff = self._valid(FormFactor.model_validate_json, rows[0]["doc"], "form_factor") if rows else None
        if ff is None:
            raise UnknownFormFactorError(name, suggest(name, self.name_targets("form_factor")))
        return ff

    def parts(self, numbers: Sequence[str]) -> dict[str, AnyPart]:
        """Parts by part number or alias, keyed by the name as given; unknown names are left out."""
        given: dict[str, list[str]] = {}  # one key may be given in several spellings
        for n in numbers:
            given.setdefault(f"part:{name_key(n)}", []).append(n)
        rows = self._rows(cypher.PARTS_BY_NUMBER_QUERY, keys=list(given))
        out: dict[str, AnyPart] = {}
        for r in rows:
            part = self._valid(_PART.validate_json, r["doc"], "part")
            if part is None:
                continue
            for name in given[r["key"]]:
                out[name] = part
        return out

    def devices_named(self, names: Sequence[str]) -> dict[str, Device]:
        """Devices by model, name or alias (any case), keyed by the name as given; unknown names are
        left out. One round trip however many names (part lists name switches and adapters too)."""
        given: dict[str, list[str]] = {}
        for n in names:
            given.setdefault(f"device:{name_key(n)}", []).append(n)
        out: dict[str, Device] = {}
        for r in self._rows(cypher.DEVICES_BY_ALIAS_QUERY, keys=list(given)):
            device = Device.model_validate_json(r["doc"])
            for name in given[r["key"]]:
                out[name] = device
        return out

    def equivalents(self, part_number: str) -> list[str]:
        """Part numbers of the same optic from other vendors or lines (OEM equivalents): transceivers
        of the same form factor, top style, ports, side and rates that implement every PMD this one
        implements (the same PMDs, or more: the dual-protocol MMA4Z00-NS stands in for the Ethernet-only
        MMA4Z00-NS-T, not the reverse) with the same module connector and reach class (the same own
        reach wherever a part's own reach is under half its PMD's over a grade: SFP-25G-SR-S's
        equivalents leave out the 30 m SFP-25G-SL, QSFP-100G-LR4-S's the 2 km LR4 Lite parts), e.g.
        QDD-400G-DR4-S → QDD-400G-DR4, QSFP56-DD-400GBASE-DR4.
        Empty for a part that is not a transceiver or has no equivalent."""
        return [r["partNumber"] for r in self._rows(cypher.EQUIVALENT_TRANSCEIVERS_QUERY, partNumber=part_number)]

    def part(self, number: str) -> AnyPart:
        """One part by number or alias.

        Raises:
            UnknownPartError: see :meth:`unknown_part`.
        """
        found = self.parts([number])
        if number not in found:
            raise self.unknown_part(number)
        return found[number]

    def sources_in_memory(self, ids: Sequence[str]) -> list[Source] | None:
        """:meth:`sources` when they can be read without I/O (from an in-memory snapshot), else None:
        this repository reads Neo4j, so always None."""
        return None

    def sources(self, ids: Sequence[str]) -> list[Source]:
        """Sources by id, in the order asked (unknown ids are left out)."""
        rows = self._rows(cypher.SOURCES_BY_ID_QUERY, ids=list(dict.fromkeys(ids)))
        found = {s.id: s for s in self._all_valid(Source.model_validate_json, [r["doc"] for r in rows], "source")}
        return [found[i] for i in dict.fromkeys(ids) if i in found]

    # --- the compatibility search ---------------------------------------------------------------

    def optical_candidates(
        self,
        ff_a: str,
        ff_b: str,
        rate_gbps: float,
        protocol: str | None,
        modules: frozenset[str] | None = None,
    ) -> list[OpticalCandidate]:
        """Transceiver pairs (one fitting each cage) that share a PMD, per fiber grade it reaches over;
        with ``modules``, only the pairs whose two transceivers are both among those part numbers."""
        rows = self._rows(cypher.OPTICAL_CANDIDATES_QUERY, ffA=ff_a, ffB=ff_b, rate=rate_gbps, protocol=protocol)
        out = []
        for r in rows:
            module_a = self._valid(Transceiver.model_validate_json, r["moduleA"], "part")
            module_b = self._valid(Transceiver.model_validate_json, r["moduleB"], "part")
            pmd = self._valid(Pmd.model_validate_json, r["pmdDoc"], "pmd")
            if module_a is None or module_b is None or pmd is None:
                continue
            if modules is not None and (module_a.part_number not in modules or module_b.part_number not in modules):
                continue
            out.append(
                OpticalCandidate(
                    module_a=module_a,
                    module_b=module_b,
                    pmd=pmd,
                    fiber=r["fiber"],
                    pmd_reach_m=None if r["pmdReachM"] is None else float(r["pmdReachM"]),
                    cables=tuple(
                        sorted(
                            self._all_valid(FiberCable.model_validate_json, r["cables"], "part"),
                            key=lambda c: (c.family or "", c.length_m or 0.0),
                        )
                    ),
                )
            )
        return out

    def cable_candidates(self, ff_a: str, ff_b: str, rate_gbps: float, protocol: str | None) -> list[CableCandidate]:
        """Direct-attach cables (every length) with one end fitting each cage."""
        rows = self._rows(cypher.CABLE_CANDIDATES_QUERY, ffA=ff_a, ffB=ff_b, rate=rate_gbps, protocol=protocol)
        return [
            CableCandidate(cable=cable, end_at_a=r["endAtA"])
            for r in rows
            if (cable := self._valid(Cable.model_validate_json, r["cable"], "part")) is not None
        ]

    def adapter_seats(self, cages: Sequence[str], protocol: str | None) -> list[AdapterSeat]:
        """Cage adapters (QSA…) that fit a cage of each form factor in ``cages``, with the seat they offer."""
        rows = self._rows(cypher.ADAPTER_SEATS_QUERY, cages=list(dict.fromkeys(cages)), protocol=protocol)
        return [
            AdapterSeat(cage=r["cage"], adapter=adapter, seat=r["seat"])
            for r in rows
            if (adapter := self._valid(Adapter.model_validate_json, r["adapter"], "part")) is not None
        ]

    def link_rule_context(self) -> RuleContext:
        """Everything the compatibility rules consult, in one read: form factors, PMDs, orderable
        lengths per family, cage adapters, fiber grade names and the ids of secondary sources."""
        row = self._rows(cypher.LINK_RULE_CONTEXT_QUERY)[0]
        lengths: dict[str, list[float]] = {}
        parts: dict[str, list[tuple[float, str]]] = {}
        longest: dict[str, float] = {}
        for item in row["lengthRows"]:
            lengths.setdefault(item["family"], []).append(float(item["lengths"]))
            if item.get("partNumber"):
                parts.setdefault(item["family"], []).append((float(item["lengths"]), str(item["partNumber"])))
            kind = item.get("cableType")
            if kind is not None:
                longest[kind] = max(longest.get(kind, 0.0), float(item["lengths"]))
        adapters = self._all_valid(Adapter.model_validate_json, row["adapters"], "part")
        modules = self._all_valid(
            Transceiver.model_validate_json, [t["doc"] for t in row.get("transceivers") or [] if t.get("doc")], "part"
        )
        return RuleContext(
            form_factors={
                f.name: f for f in self._all_valid(FormFactor.model_validate_json, row["formFactors"], "form_factor")
            },
            pmds={p.name: p for p in self._all_valid(Pmd.model_validate_json, row["pmds"], "pmd")},
            family_lengths={k: tuple(sorted(v)) for k, v in lengths.items()},
            family_parts={k: tuple(sorted(v)) for k, v in parts.items()},
            longest_cable_m=longest,
            adapters={a.part_number: a for a in adapters if a.part_number},
            fiber_types=frozenset(row["fiberTypes"]),
            transceivers=tuple(
                (t["partNumber"], t["formFactor"], frozenset(t["pmds"])) for t in row.get("transceivers") or []
            ),
            modules={m.part_number: m for m in modules if m.part_number},
            secondary_sources=frozenset(row.get("secondarySources") or ()),
        )

    # --- browsing -------------------------------------------------------------------------------

    def devices(self, device_type: str | None = None) -> list[Device]:
        rows = self._rows(cypher.DEVICES_QUERY, deviceType=device_type)
        return self._all_valid(Device.model_validate_json, [r["doc"] for r in rows], "device")

    def generations(self) -> list[Generation]:
        rows = self._rows(cypher.ALL_DOCS_QUERY["Generation"])
        return self._all_valid(Generation.model_validate_json, [r["doc"] for r in rows], "generation")

    def pmds(self) -> list[Pmd]:
        rows = self._rows(cypher.ALL_DOCS_QUERY["Pmd"])
        return self._all_valid(Pmd.model_validate_json, [r["doc"] for r in rows], "pmd")

    def form_factors(self) -> list[FormFactor]:
        rows = self._rows(cypher.ALL_DOCS_QUERY["FormFactor"])
        return self._all_valid(FormFactor.model_validate_json, [r["doc"] for r in rows], "form_factor")

    def fiber_types(self) -> list[FiberType]:
        rows = self._rows(cypher.ALL_DOCS_QUERY["FiberType"])
        return self._all_valid(FiberType.model_validate_json, [r["doc"] for r in rows], "fiber_type")

    def connectors(self) -> list[Connector]:
        rows = self._rows(cypher.ALL_DOCS_QUERY["Connector"])
        return self._all_valid(Connector.model_validate_json, [r["doc"] for r in rows], "connector")

    def parts_page(
        self,
        *,
        kind: str | None,
        vendor: str | None,
        family: str | None,
        protocol: str | None,
        after: str | None,
        limit: int,
    ) -> tuple[list[AnyPart], int]:
        """One page of parts ordered by part number and the total matching the filter.

        Keyset paging: the page holds the first ``limit`` parts whose number sorts after ``after``
        (all parts when ``after`` is None). Part numbers are unique, so the order is total and stable
        and walking the pages returns every part exactly once. Both reads run in one transaction.
        """
        params = {"kind": kind, "vendor": vendor, "family": family, "protocol": protocol}

        def work(tx: ManagedTransaction) -> tuple[list[str], int]:
            docs = [
                r["doc"] for r in tx.run(self._q(cypher.PARTS_PAGE_QUERY), {**params, "after": after, "limit": limit})
            ]
            total = tx.run(self._q(cypher.PARTS_COUNT_QUERY), params).single(strict=True)["n"]
            return docs, int(total)

        docs, total = self._read(work)
        return self._all_valid(_PART.validate_json, docs, "part"), total

    def catalogue_health(self) -> tuple[dict[str, int], list[BadRow], dict[str, int]]:
        """Validate every stored catalogue row now (one read) and report the bad ones.

        Returns:
            ``(rows, bad, skipped)``: rows per kind read by this scan, every bad row seen so far
            (this scan's included) and the reads per kind that skipped one since the process
            started (this scan's included).
        """
        row = self._rows(cypher.CATALOGUE_DOCS_QUERY)[0]
        scanned: dict[str, int] = {}
        for column, (kind, parse) in _MODELS.items():
            docs = row[column]
            scanned[kind] = len(docs)
            self._all_valid(parse, docs, kind)
        return scanned, self.health.rows(), dict(sorted(self.health.skipped.items()))

    def stats(self) -> dict[str, Any]:
        """Counts per kind and the share (0–1) of fact rows citing at least one primary source.

        Returns:
            ``generations``, ``pmds``, ``parts``, ``devices``, ``sources``, ``formFactors``,
            ``fiberTypes``, ``connectors``, ``aliases`` (ints); ``generationsByFamily``,
            ``pmdsByFamily``, ``partsByKind``, ``devicesByType``, ``sourcesByKind`` (dicts name →
            count, keys sorted); ``facts`` and ``primaryFacts`` (top-level fact rows: generations, PMDs,
            parts, devices, form factors, fiber types, connectors) and ``primaryShare`` =
            primaryFacts / facts.
        """
        row = self._rows(cypher.STATS_QUERY)[0]

        def by(key: str) -> dict[str, int]:
            return {str(x["kind"]): int(x["count"]) for x in row[key]}

        counts = {
            k: int(row[k])
            for k in (
                "generations",
                "pmds",
                "parts",
                "devices",
                "sources",
                "formFactors",
                "fiberTypes",
                "connectors",
                "aliases",
                "facts",
                "primaryFacts",
            )
        }
        return {
            **counts,
            "generationsByFamily": by("generationsByFamily"),
            "pmdsByFamily": by("pmdsByFamily"),
            "partsByKind": by("byKind"),
            "devicesByType": by("devicesByType"),
            "sourcesByKind": by("sourcesByKind"),
            "primaryShare": (counts["primaryFacts"] / counts["facts"]) if counts["facts"] else 0.0,
        }

    # --- writes: catalogue edits ----------------------------------------------------------------

    def apply_edit(
        self, edit: EditRecord, digest: str, kind: str, plan: Callable[[CatalogueDocs], EditPlan]
    ) -> EditRecord:
        """Apply one catalogue edit in ONE managed write transaction; all or nothing.

        In the transaction: if a ``CatalogueEdit`` with ``edit.id`` exists, nothing is written and
        that record comes back with ``replayed=True`` (so a retry, by the driver or by the client,
        never applies an edit twice); otherwise ``plan`` gets the catalogue as it stands in the
        transaction, validates the edit and returns the rows to write; the facts the edit replaces
        are detached, the rows MERGEd with the seed's statements, and the edit recorded.

        Args:
            edit: who, when, what (``operation``, ``target``) and on which source.
            digest: a hash of the edit's content; reusing an id for other content is refused.
            kind: the target's kind: "part", "device", "form_factor" or "pmd".
            plan: validates and returns the :class:`EditPlan`; raises to refuse the edit.

        Raises:
            InputValidationError: ``plan`` refused the edit, or the edit id was used for other content.
            NotFoundError: ``plan`` found no such target.
            DatabaseUnavailable: Neo4j cannot be reached (the driver retried for a while first).
        """

        def work(tx: ManagedTransaction) -> EditRecord:
            prior = tx.run(self._q(cypher.EDIT_BY_ID_QUERY), id=edit.id).single()
            if prior is not None:
                if prior["digest"] != digest:
                    raise InputValidationError("editId", f"{edit.id!r} was already used for a different edit")
                return EditRecord(
                    id=prior["id"],
                    by=prior["by"],
                    at=prior["at"],
                    operation=prior["operation"],
                    target=prior["target"],
                    source_id=prior["sourceId"],
                    replayed=True,
                )
            row = tx.run(self._q(cypher.CATALOGUE_DOCS_QUERY)).single(strict=True)

            def valid(column: str) -> list[str]:
                # a bad row is left out here too, so it cannot block the edit that replaces it
                kind, parse = _MODELS[column]
                return [d for d in row[column] if self._valid(parse, d, kind) is not None]

            todo = plan(
                CatalogueDocs(
                    sources=valid("sources"),
                    generations=valid("generations"),
                    fiber_types=valid("fiberTypes"),
                    connectors=valid("connectors"),
                    form_factors=valid("formFactors"),
                    pmds=valid("pmds"),
                    parts=valid("parts"),
                    devices=valid("devices"),
                )
            )
            if todo.detach_part is not None:
                tx.run(self._q(cypher.DETACH_PART_QUERY), partNumber=todo.detach_part).consume()
            if todo.detach_device is not None:
                tx.run(self._q(cypher.DETACH_DEVICE_QUERY), model=todo.detach_device).consume()
            for name, query in cypher.MERGE_QUERIES.items():
                if todo.rows.get(name):
                    tx.run(self._q(query), rows=todo.rows[name]).consume()
            done = replace(edit, target=todo.target) if todo.target is not None else edit
            tx.run(
                self._q(cypher.RECORD_EDIT_QUERIES[kind]),
                id=done.id,
                digest=digest,
                by=done.by,
                at=done.at,
                operation=done.operation,
                target=done.target,
                sourceId=done.source_id,
            ).consume()
            tx.run(self._q(cypher.BUMP_CATALOGUE_VERSION_QUERY)).consume()
            return done

        self.round_trips += 1
        with self._errors(), self._driver.session(database=self._database) as session:
            return session.execute_write(unit_of_work(timeout=self._timeout)(work))

    def edits(self, target: str | None = None, limit: int = 50) -> list[EditRecord]:
        """Recorded catalogue edits, newest first, optionally only those of one ``target``."""
        return [
            EditRecord(
                id=r["id"],
                by=r["by"],
                at=r["at"],
                operation=r["operation"],
                target=r["target"],
                source_id=r["sourceId"],
            )
            for r in self._rows(cypher.EDITS_QUERY, target=target, limit=limit)
        ]


@dataclass(frozen=True)
class EditRecord:
    """The audit record of one catalogue edit.

    Attributes:
        id: the edit id (client-given or generated); the idempotency key.
        by: the principal who made it.
        at: when, ISO 8601 UTC.
        operation: e.g. ``upsertPart``.
        target: the edited node's key (part number, device model, form factor or PMD name).
        source_id: the source the edit cites.
        replayed: True when this id had already been applied and nothing was written again.
    """

    id: str
    by: str
    at: str
    operation: str
    target: str
    source_id: str
    replayed: bool = False


@dataclass(frozen=True)
class CatalogueDocs:
    """Every catalogue node's validated row (JSON), as read inside an edit's transaction."""

    sources: list[str]
    generations: list[str]
    fiber_types: list[str]
    connectors: list[str]
    form_factors: list[str]
    pmds: list[str]
    parts: list[str]
    devices: list[str]


@dataclass(frozen=True)
class EditPlan:
    """What an edit writes: parameter rows per seed MERGE statement (keys of ``cypher.MERGE_QUERIES``),
    the part or device whose old facts are detached first, and the resolved target key."""

    rows: dict[str, list[dict[str, Any]]]
    detach_part: str | None = None
    detach_device: str | None = None
    target: str | None = None
    """The target's canonical key when the edit named it by an alias (recorded instead)."""
