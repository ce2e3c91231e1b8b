"""The catalogue in memory: an immutable, versioned snapshot that answers the repository's reads.

Neo4j stays the source of truth; the snapshot is a read model of it::

    seed load / catalogue edit ──(one write transaction: facts + CatalogueVersion bump)──► Neo4j
                                                                                           │
    a read on SnapshotRepository                                                           │
      ├─ no snapshot yet ───────────► Cypher, and in the background: load (ONE read tx) ◄──┤
      ├─ last check < 0.5 s ago ────► the snapshot in hand (no I/O)                        │
      └─ else ──────────────────────► the snapshot in hand, and in the background:         │
                                        read the version token ──(changed)──► reload ◄─────┘
    SnapshotRepository.apply_edit() ──► write, then reload at once (read-your-writes)

A :class:`CatalogueSnapshot` is built by the repository's own read methods (their row-to-domain
conversion, not a copy of it) inside one read transaction (:meth:`Neo4jRepository.read_together`),
plus the graph's structure (``cypher.SNAPSHOT_GRAPH_QUERY``). Its compatibility search walks that
structure exactly as ``OPTICAL_CANDIDATES_QUERY``, ``CABLE_CANDIDATES_QUERY`` and
``ADAPTER_SEATS_QUERY`` walk the graph: same matches, same filters, same order. A parity test
(``tests/integration/test_snapshot_parity.py``) holds the two paths equal.

A failed reload keeps the last good snapshot (``stale``), counted in ``reload_failures`` and shown
by ``/readyz`` and ``/metrics``; reads keep being answered from it while Neo4j is away.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from neo4j import Driver

from service.domain.catalogue import (
    Adapter,
    Cable,
    Connector,
    Device,
    FiberCable,
    FiberType,
    FormFactor,
    Generation,
    Pmd,
    Source,
    Transceiver,
)
from service.domain.names import name_key
from service.errors import UnknownDeviceError, UnknownFormFactorError, UnknownPartError
from service.persistence.repository import (
    AdapterSeat,
    AnyPart,
    CableCandidate,
    CatalogueDocs,
    EditPlan,
    EditRecord,
    Neo4jRepository,
    OpticalCandidate,
    part_suggestions,
    suggest,
)
from service.rules.context import RuleContext
from service.runtime import freeze_long_lived

__all__ = ["CHECK_INTERVAL_S", "AnswerCache", "CatalogueSnapshot", "SnapshotRepository", "SnapshotState"]

log = logging.getLogger("fabricgraph")

CHECK_INTERVAL_S = 0.5
"""The longest a replica serves a snapshot without checking the catalogue version (seconds)."""

LOAD_TIMEOUT_S = 120.0
"""The longest one snapshot load (one read transaction) may take; a cold server on a busy machine
needs seconds, a request never waits for it unless no snapshot was ever loaded."""

_CACHE_MAX = 4096
"""Candidate answers kept per snapshot (by arguments); the cache is emptied when full."""

_ANSWERS_BUDGET = 8192
"""The weight of whole answers kept per snapshot (least recently used dropped first). An answer
weighs one plus its options (valid, rejected and alternatives): an option is a few kilobytes of
domain objects (about 5 KB measured; the parts themselves are the snapshot's, shared), so the budget
holds some 40 MB at most, and the 600 distinct questions of a 1,000-spec batch fit in it."""

_SHAPES_BUDGET = 20_000
"""The candidates kept per snapshot by ``linkOptions``' per-shape memo (least recently used
(shape, length class) entries dropped first; see ``CatalogueService._options_by_shape``): a
candidate is its link at one distance (the parts are the snapshot's, shared), its orientations'
distance-free checks and its group keys, ~1.7 KB measured with tracemalloc (the cold batch's two
shapes: 15 classes, 4,257 candidates, 7.1 MB), so the budget holds some 34 MB at most."""

T = TypeVar("T")


class AnswerCache:
    """A bounded, thread-safe least-recently-used memo of whole answers for ONE snapshot.

    An answer is a pure function of the snapshot and the question's arguments (the rules do no
    I/O), so it is computed once per snapshot and dies with it: a new catalogue version is a new
    snapshot with an empty cache. Errors are never kept (they are raised again on every call).

    Args:
        budget: the total weight kept (least recently used answers dropped first; an answer heavier
            than the whole budget is returned but not kept).
    """

    def __init__(self, budget: int = _ANSWERS_BUDGET) -> None:
        self._budget = budget
        self._items: OrderedDict[str, tuple[Any, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str, compute: Callable[[], T], weigh: Callable[[T], int] = lambda _: 1) -> T:
        """The answer kept under ``key``, else ``compute()`` (outside the lock) kept and returned.

        Args:
            key: every argument of the question, spelled exactly (``repr`` of frozen dataclasses,
                so ``400`` and ``400.0``, ``0.0`` and ``-0.0`` are different keys).
            compute: the uncached answer; what it raises propagates and nothing is kept.
            weigh: the answer's weight (≥ 1) against the budget.
        """
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found[0]  # type: ignore[no-any-return]
            self.misses += 1
        value = compute()
        weight = max(1, weigh(value))
        if weight > self._budget:
            return value
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._weight -= old[1]
            self._items[key] = (value, weight)
            self._weight += weight
            while self._weight > self._budget:
                _, (_, dropped) = self._items.popitem(last=False)
                self._weight -= dropped
        return value

    def put(self, key: str, value: Any, weight: int) -> None:
        """Keep ``value`` under ``key`` with ``weight`` (≥ 1), replacing what was kept there (for a
        value that grew since it was first kept: its weight is counted again)."""
        weight = max(1, weight)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._weight -= old[1]
            if weight > self._budget:
                return
            self._items[key] = (value, weight)
            self._weight += weight
            while self._weight > self._budget:
                _, (_, dropped) = self._items.popitem(last=False)
                self._weight -= dropped

    def kept(self, key: str) -> Any | None:
        """The answer kept under ``key`` (a hit, as in :meth:`get`), or None without computing one:
        a request whose answer is kept is answered without leaving the event loop."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    @property
    def weight(self) -> int:
        """The total weight of the answers kept."""
        return self._weight

    def __len__(self) -> int:
        return len(self._items)


def _nulls_last(value: Any) -> tuple[bool, Any]:
    """A sort key that orders like Cypher's ``ORDER BY``: ascending, nulls last."""
    return (value is None, value if value is not None else 0)


@dataclass(frozen=True)
class _PartNode:
    """A part node's key and the properties the compatibility search tests (not its document)."""

    part_number: str
    kind: str | None
    vendor: str | None
    labels: frozenset[str]
    protocols: tuple[str, ...] | None
    rates_gbps: tuple[float, ...] | None
    family: str | None
    length_m: float | None
    fiber_cables: tuple[str, ...] | None


def _opt_tuple(value: Any) -> tuple[Any, ...] | None:
    return None if value is None else tuple(value)


def _in(value: Any, values: tuple[Any, ...] | None) -> bool:
    """Cypher's ``value IN list`` where null on either side is not true."""
    return value is not None and values is not None and value in values


@dataclass
class CatalogueSnapshot:
    """The whole catalogue as domain objects, with the indexes the reads need. Never changed after
    :meth:`load` (the candidate cache only memoises answers).

    Attributes:
        version: the catalogue version counter read with it (0 before the first seed).
        token: the version token read with it (None before the first seed).
        loaded_at: ``time.time()`` when the load finished.
    """

    version: int
    token: str | None
    loaded_at: float
    generation_list: list[Generation]
    pmd_list: list[Pmd]
    form_factor_list: list[FormFactor]
    fiber_type_list: list[FiberType]
    connector_list: list[Connector]
    device_list: list[Device]
    rule_context: RuleContext
    stats_row: dict[str, Any]
    part_docs: dict[str, AnyPart]
    """Parts by part number, in part-number order."""
    source_docs: dict[str, Source]
    nodes: dict[str, _PartNode]
    aliases: dict[str, tuple[str | None, str | None]]
    """Alias key ("part:mma4z00-ns") → (target label, target key)."""
    alias_names: dict[str, list[str]]
    """Alias kind → every name of that kind, sorted."""
    device_types: dict[str, str | None]
    form_factor_names: frozenset[str]
    plugs_for: dict[str, frozenset[str]]
    """Cage form factor → the plug form factors that fit it (itself and one FITS_IN hop)."""
    part_form_factors: dict[str, frozenset[str]]
    implements: dict[str, tuple[str, ...]]
    implemented_by: dict[str, tuple[str, ...]]
    reaches: dict[str, tuple[tuple[str, float], ...]]
    fiber_cables_of_type: dict[str, tuple[str, ...]]
    ends: dict[str, tuple[tuple[str, str], ...]]
    accepts: dict[str, tuple[str, ...]]
    _cache: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False)
    answers: AnswerCache = field(default_factory=AnswerCache, repr=False)
    """Whole answers memoised for this snapshot (see :class:`AnswerCache`)."""
    shapes: AnswerCache = field(default_factory=lambda: AnswerCache(_SHAPES_BUDGET), repr=False)
    """``linkOptions``' candidates per question shape and length class (weighed by their count), and
    each shape's compared part lengths, memoised for this snapshot (see
    ``CatalogueService._options_by_shape``)."""

    # --- building --------------------------------------------------------------------------------

    @classmethod
    def load(cls, repo: Neo4jRepository) -> CatalogueSnapshot:
        """Read the whole catalogue in ONE read transaction through the repository's read methods.

        Raises:
            DatabaseUnavailable: Neo4j cannot be reached.
        """
        return repo.read_together(cls._build, timeout_s=LOAD_TIMEOUT_S)

    @classmethod
    def _build(cls, repo: Neo4jRepository) -> CatalogueSnapshot:
        # Step 1: the version first. An edit committed during the load makes the data newer than
        # the token, never older, so the next check reloads again rather than missing it.
        version, token = repo.catalogue_version()
        graph = repo.catalogue_graph()
        # Step 2: every document through the repository's own row parsers.
        parts, _ = repo.parts_page(kind=None, vendor=None, family=None, protocol=None, after=None, limit=2**62)
        part_docs = {p.part_number: p for p in parts if p.part_number is not None}
        sources = {s.id: s for s in repo.sources(sorted(graph["sources"]))}
        # Step 3: the structure, as indexes.
        nodes = {
            r["partNumber"]: _PartNode(
                part_number=r["partNumber"],
                kind=r["kind"],
                vendor=r["vendor"],
                labels=frozenset(
                    label
                    for label, key in (
                        ("Transceiver", "transceiver"),
                        ("Cable", "cable"),
                        ("FiberCable", "fiberCable"),
                        ("Adapter", "adapter"),
                    )
                    if r[key]
                ),
                protocols=_opt_tuple(r["protocols"]),
                rates_gbps=_opt_tuple(r["ratesGbps"]),
                family=r["family"],
                length_m=r["lengthM"],
                fiber_cables=_opt_tuple(r["fiberCables"]),
            )
            for r in graph["parts"]
        }
        ff_names = frozenset(graph["formFactors"])
        plugs: dict[str, set[str]] = {name: {name} for name in ff_names}
        for plug, cage in graph["fits"]:
            plugs.setdefault(cage, {cage}).add(plug)

        def group(pairs: Sequence[Sequence[Any]]) -> dict[str, list[Any]]:
            out: dict[str, list[Any]] = {}
            for key, *rest in pairs:
                out.setdefault(key, []).append(rest[0] if len(rest) == 1 else tuple(rest))
            return out

        implements = group(graph["implements"])
        implemented_by = group([(pmd, pn) for pn, pmd in graph["implements"]])
        of_type = group([(ft, pn) for pn, ft in graph["ofType"]])
        aliases = {a["key"]: (a["label"], a["target"]) for a in graph["aliases"] if a["key"] is not None}
        alias_names: dict[str, list[str]] = {}
        for a in graph["aliases"]:
            if a["name"] is not None:
                alias_names.setdefault(a["kind"], []).append(a["name"])
        return cls(
            version=version,
            token=token,
            loaded_at=0.0,
            generation_list=repo.generations(),
            pmd_list=repo.pmds(),
            form_factor_list=repo.form_factors(),
            fiber_type_list=repo.fiber_types(),
            connector_list=repo.connectors(),
            device_list=repo.devices(),
            rule_context=repo.link_rule_context(),
            stats_row=repo.stats(),
            part_docs=part_docs,
            source_docs=sources,
            nodes=nodes,
            aliases=aliases,
            alias_names={k: sorted(v) for k, v in alias_names.items()},
            device_types={model: kind for model, kind in graph["devices"]},
            form_factor_names=ff_names,
            plugs_for={k: frozenset(v) for k, v in plugs.items()},
            part_form_factors={k: frozenset(v) for k, v in group(graph["hasFormFactor"]).items()},
            implements={k: tuple(v) for k, v in implements.items()},
            implemented_by={k: tuple(sorted(set(v))) for k, v in implemented_by.items()},
            reaches={k: tuple((f, float(m)) for f, m in v) for k, v in group(graph["reaches"]).items()},
            fiber_cables_of_type={k: tuple(v) for k, v in of_type.items()},
            ends={k: tuple(v) for k, v in group(graph["ends"]).items()},
            accepts={k: tuple(v) for k, v in group(graph["accepts"]).items()},
        )

    def _memo(self, key: tuple[Any, ...], compute: Callable[[], list[T]]) -> list[T]:
        found = self._cache.get(key)
        if found is None:
            found = compute()
            if len(self._cache) >= _CACHE_MAX:
                self._cache.clear()
            self._cache[key] = found
        return list(found)

    # --- lookups (same answers as Neo4jRepository) -----------------------------------------------

    def names(self, kind: str) -> list[str]:
        """Every name users may type for ``kind`` ("part", "device", "form_factor"), sorted."""
        return list(self.alias_names.get(kind, ()))

    def name_targets(self, kind: str) -> dict[str, str]:
        """Every name users may type for ``kind``, mapped to the catalogue's own name of what it
        names (see ``Neo4jRepository.name_targets``)."""
        out: dict[str, str] = {}
        for name in self.alias_names.get(kind, ()):
            target = self._target(kind, name)
            if target is not None:
                out[name] = target
        return out

    def _target(self, kind: str, name: str) -> str | None:
        label, target = self.aliases.get(f"{kind}:{name_key(name)}", (None, None))
        return target if label == kind else None

    def unknown_part(self, number: str) -> UnknownPartError:
        """The error for a part number not in the catalogue (see ``Neo4jRepository.unknown_part``)."""
        model = self._target("device", number)
        device = next((d for d in self.device_list if d.model == model), None) if model is not None else None
        if device is not None:
            return UnknownPartError(number).found_elsewhere(
                "device", device.model, device.name, f'device(name: "{device.model}")'
            )
        devices = self.name_targets("device")
        return UnknownPartError(number, part_suggestions(number, self.name_targets("part"), devices))

    def unknown_device(self, name: str) -> UnknownDeviceError:
        """The error for a device not in the catalogue (see ``Neo4jRepository.unknown_device``)."""
        part = self.parts([name]).get(name)
        if part is not None and part.part_number is not None:
            return UnknownDeviceError(name).found_elsewhere(
                "part", part.part_number, part.description, f'part(partNumber: "{part.part_number}")'
            )
        return UnknownDeviceError(name, suggest(name, self.name_targets("device")))

    def device(self, name: str) -> Device:
        """The device whose model, name or alias is ``name``.

        Raises:
            UnknownDeviceError: see :meth:`unknown_device`.
        """
        model = self._target("device", name)
        found = [d for d in self.device_list if d.model == model] if model is not None else []
        if not found:
            raise self.unknown_device(name)
        return found[0]

    def form_factor(self, name: str) -> FormFactor:
        """The form factor named (or aliased) ``name``.

        Raises:
            UnknownFormFactorError: with the three closest known names.
        """
        target = self._target("form_factor", name)
        found = [f for f in self.form_factor_list if f.name == target] if target is not None else []
        if not found:
            raise UnknownFormFactorError(name, suggest(name, self.name_targets("form_factor")))
        return found[0]

    def parts(self, numbers: Sequence[str]) -> dict[str, AnyPart]:
        """Parts by part number or alias, keyed by the name as given; unknown names are left out."""
        out: dict[str, AnyPart] = {}
        for n in numbers:
            target = self._target("part", n)
            part = self.part_docs.get(target) if target is not None else None
            if part is not None:
                out[n] = part
        return out

    def part(self, number: str) -> AnyPart:
        """One part by number or alias.

        Raises:
            UnknownPartError: see :meth:`unknown_part`.
        """
        found = self.parts([number])
        if number not in found:
            raise self.unknown_part(number)
        return found[number]

    def sources(self, ids: Sequence[str]) -> list[Source]:
        """Sources by id, in the order asked (unknown ids are left out)."""
        return [self.source_docs[i] for i in dict.fromkeys(ids) if i in self.source_docs]

    # --- the compatibility search ----------------------------------------------------------------

    def _fitting(self, label: str, cage: str) -> list[str]:
        """Part numbers with ``label`` whose form factor is ``cage`` or fits it in one hop."""
        plugs = self.plugs_for.get(cage)
        if plugs is None or cage not in self.form_factor_names:
            return []
        return [
            pn
            for pn, node in self.nodes.items()
            if label in node.labels and not plugs.isdisjoint(self.part_form_factors.get(pn, ()))
        ]

    def optical_candidates(
        self,
        ff_a: str,
        ff_b: str,
        rate_gbps: float,
        protocol: str | None,
        modules: frozenset[str] | None = None,
    ) -> list[OpticalCandidate]:
        """As ``OPTICAL_CANDIDATES_QUERY``: transceiver pairs sharing a PMD, per fiber grade it reaches;
        with ``modules``, only the pairs of those transceivers (as :meth:`Neo4jRepository.optical_candidates`),
        found without pairing any other module (linear in the modules fitting each end)."""
        key = ("optical", ff_a, ff_b, rate_gbps, protocol, modules)
        return self._memo(key, lambda: self._optical(ff_a, ff_b, rate_gbps, protocol, modules))

    def _optical(
        self, ff_a: str, ff_b: str, rate: float, protocol: str | None, modules: frozenset[str] | None = None
    ) -> list[OpticalCandidate]:
        def usable(pn: str) -> bool:
            node = self.nodes[pn]
            return (
                (modules is None or pn in modules)
                and (protocol is None or _in(protocol, node.protocols))
                and _in(rate, node.rates_gbps)
            )

        side_a = sorted(pn for pn in self._fitting("Transceiver", ff_a) if usable(pn))
        side_b = {pn for pn in self._fitting("Transceiver", ff_b) if usable(pn)}
        pmds = {p.name: p for p in self.pmd_list}
        out: list[tuple[tuple[str, str, str, str], OpticalCandidate]] = []
        for pa in side_a:
            ta = self.part_docs.get(pa)
            node_a = self.nodes[pa]
            for pmd_name in dict.fromkeys(self.implements.get(pa, ())):
                pmd = pmds.get(pmd_name)
                for pb in self.implemented_by.get(pmd_name, ()):
                    tb = self.part_docs.get(pb)
                    if pb not in side_b or pmd is None or ta is None or tb is None:
                        continue
                    node_b = self.nodes[pb]
                    assert isinstance(ta, Transceiver) and isinstance(tb, Transceiver)
                    # Every grade of the PMD's media, as the Cypher: a held reach, or none (unknown,
                    # REACH_UNVERIFIED) unless the PMD's reach table is complete.
                    held = dict(self.reaches.get(pmd_name, ()))
                    modes = {m.value for m in pmd.all_media}
                    grades = [
                        (ft.name, held.get(ft.name))
                        for ft in self.fiber_type_list
                        if ft.mode in modes and (ft.name in held or not pmd.reach_complete)
                    ]
                    for fiber, max_m in grades:
                        cables = [
                            c
                            for c in (self.part_docs.get(fc) for fc in self.fiber_cables_of_type.get(fiber, ()))
                            if isinstance(c, FiberCable)
                            and "FiberCable" in self.nodes[c.part_number or ""].labels
                            and _in(self.nodes[c.part_number or ""].family, node_a.fiber_cables)
                            and _in(self.nodes[c.part_number or ""].family, node_b.fiber_cables)
                        ]
                        cand = OpticalCandidate(
                            module_a=ta,
                            module_b=tb,
                            pmd=pmd,
                            fiber=fiber,
                            pmd_reach_m=max_m,
                            cables=tuple(sorted(cables, key=lambda c: (c.family or "", c.length_m or 0.0))),
                        )
                        out.append(((pa, pb, pmd_name, fiber), cand))
        out.sort(key=lambda x: x[0])
        return [c for _, c in out]

    def cable_candidates(self, ff_a: str, ff_b: str, rate_gbps: float, protocol: str | None) -> list[CableCandidate]:
        """As ``CABLE_CANDIDATES_QUERY``: direct-attach cables with one end fitting each cage."""
        key = ("cable", ff_a, ff_b, rate_gbps, protocol)
        return self._memo(key, lambda: self._cables(ff_a, ff_b, rate_gbps, protocol))

    def _cables(self, ff_a: str, ff_b: str, rate: float, protocol: str | None) -> list[CableCandidate]:
        if ff_a not in self.form_factor_names or ff_b not in self.form_factor_names:
            return []
        plugs_a, plugs_b = self.plugs_for[ff_a], self.plugs_for[ff_b]
        found: dict[tuple[str, str], CableCandidate] = {}
        for pn, node in self.nodes.items():
            if "Cable" not in node.labels or not _in(rate, node.rates_gbps):
                continue
            if protocol is not None and not _in(protocol, node.protocols):
                continue
            cable = self.part_docs.get(pn)
            if not isinstance(cable, Cable):
                continue
            ends = self.ends.get(pn, ())
            for end_a, ff_at_a in ends:
                if end_a is None or ff_at_a not in plugs_a:
                    continue
                if any(end_b is not None and end_b != end_a and ff_at_b in plugs_b for end_b, ff_at_b in ends):
                    found.setdefault((pn, end_a), CableCandidate(cable=cable, end_at_a=end_a))

        def order(item: tuple[tuple[str, str], CableCandidate]) -> tuple[Any, ...]:
            (pn, end), _ = item
            node = self.nodes[pn]
            return (_nulls_last(node.family), _nulls_last(node.length_m), end, pn)

        return [c for _, c in sorted(found.items(), key=order)]

    def adapter_seats(self, cages: Sequence[str], protocol: str | None) -> list[AdapterSeat]:
        """As ``ADAPTER_SEATS_QUERY``: cage adapters fitting each cage, with the seat they offer."""
        key = ("seats", tuple(dict.fromkeys(cages)), protocol)
        return self._memo(key, lambda: self._seats(key[1], protocol))

    def _seats(self, cages: tuple[str, ...], protocol: str | None) -> list[AdapterSeat]:
        out: dict[tuple[str, str, str], AdapterSeat] = {}
        for cage in cages:
            for pn in self._fitting("Adapter", cage):
                node = self.nodes[pn]
                adapter = self.part_docs.get(pn)
                if not isinstance(adapter, Adapter):
                    continue
                if protocol is not None and not _in(protocol, node.protocols):
                    continue
                for seat in self.accepts.get(pn, ()):
                    out.setdefault((cage, pn, seat), AdapterSeat(cage=cage, adapter=adapter, seat=seat))
        return [out[k] for k in sorted(out)]

    def link_rule_context(self) -> RuleContext:
        """Everything the compatibility rules consult (read once with the snapshot)."""
        return self.rule_context

    # --- browsing ----------------------------------------------------------------------------------

    def generations(self) -> list[Generation]:
        return list(self.generation_list)

    def pmds(self) -> list[Pmd]:
        return list(self.pmd_list)

    def form_factors(self) -> list[FormFactor]:
        return list(self.form_factor_list)

    def fiber_types(self) -> list[FiberType]:
        return list(self.fiber_type_list)

    def connectors(self) -> list[Connector]:
        return list(self.connector_list)

    def devices(self, device_type: str | None = None) -> list[Device]:
        """Devices by model, optionally of one type ("switch", "adapter", "dpu")."""
        return [d for d in self.device_list if device_type is None or self.device_types.get(d.model) == device_type]

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
        """As :meth:`Neo4jRepository.parts_page`: one keyset page in part-number order, and the total."""

        def match(node: _PartNode) -> bool:
            return (
                (kind is None or node.kind == kind)
                and (vendor is None or (node.vendor is not None and node.vendor.lower() == vendor.lower()))
                and (family is None or node.family == family)
                and (protocol is None or _in(protocol, node.protocols))
            )

        matching = sorted(pn for pn, node in self.nodes.items() if match(node) and pn in self.part_docs)
        page = [pn for pn in matching if after is None or pn > after][: max(limit, 0)]
        return [self.part_docs[pn] for pn in page], len(matching)

    def stats(self) -> dict[str, Any]:
        """As :meth:`Neo4jRepository.stats`, read with the snapshot."""
        return dict(self.stats_row)


@dataclass(frozen=True)
class SnapshotState:
    """What ``/readyz`` and ``/metrics`` say about the snapshot.

    Attributes:
        loaded: a snapshot is being served (``/readyz`` is 503 until the first one is).
        version: its catalogue version counter (0 before the first seed or load).
        age_s: seconds since it was loaded.
        stale: the last reload or version check failed, so it may be behind Neo4j.
        reload_failures: failed loads and checks since start.
        last_load_s: how long the last successful load took (seconds).
        last_error: the last failure's message, if any.
    """

    loaded: bool
    version: int
    age_s: float
    stale: bool
    reload_failures: int
    last_load_s: float
    last_error: str | None


class SnapshotRepository(Neo4jRepository):
    """A :class:`Neo4jRepository` whose catalogue reads answer from an in-memory snapshot.

    Reads (``device``, ``form_factor``, ``parts``, ``part``, ``sources``, ``names``, the candidate
    searches, ``link_rule_context``, the listings, ``parts_page``, ``stats``) do no I/O once a
    snapshot is loaded (until then they run Cypher, while the first load runs in the background, so
    no request waits for a load); ``ping``, ``edits`` and ``apply_edit`` still run Cypher. After its own edit
    the snapshot is reloaded before the answer returns (read-your-writes); changes made elsewhere
    (another replica, a seed load) are seen within ``check_interval_s`` plus one load.

    Args:
        driver: an open Neo4j driver.
        database: database name.
        timeout_s: per-transaction timeout in seconds.
        check_interval_s: the longest a snapshot is served without checking the version (seconds).
    """

    def __init__(
        self,
        driver: Driver,
        database: str = "neo4j",
        timeout_s: float = 10.0,
        check_interval_s: float = CHECK_INTERVAL_S,
    ) -> None:
        super().__init__(driver, database, timeout_s)
        self._cypher = Neo4jRepository(driver, database, timeout_s)
        """The plain repository the snapshot loads through (its reads are not the snapshot's)."""
        self._interval = check_interval_s
        self._snap: CatalogueSnapshot | None = None
        self._guard = threading.Lock()
        self._load_lock = threading.Lock()
        self._checked_at = 0.0
        self._checking = False
        self._checker: threading.Thread | None = None
        self._closed = False
        self._seq = 0
        self._installed_seq = -1
        self._stale = False
        self._failed_exc: Exception | None = None
        self.reload_failures = 0
        self.loads = 0
        self.last_load_s = 0.0
        self.last_error: str | None = None

    # --- the snapshot ------------------------------------------------------------------------------

    def refresh(self) -> CatalogueSnapshot:
        """Load a new snapshot now and serve it (unless a later-started load already installed one).

        Raises:
            DatabaseUnavailable: Neo4j cannot be reached; the last good snapshot stays in service.
        """
        with self._guard:
            self._seq += 1
            seq = self._seq
        started = time.perf_counter()
        try:
            snap = CatalogueSnapshot.load(self._cypher)
        except Exception as exc:
            self._failed(exc)
            raise
        snap.loaded_at = time.time()
        with self._guard:
            self.loads += 1
            self.last_load_s = time.perf_counter() - started
            self._checked_at = time.monotonic()
            installed = seq > self._installed_seq
            if installed:
                self._installed_seq = seq
                self._snap = snap
                self._stale = False
            current = self._snap
        if installed:
            freeze_long_lived()  # full collections no longer walk the snapshot (see service.runtime)
        assert current is not None
        return current

    def _failed(self, exc: Exception) -> None:
        with self._guard:
            self._failed_exc = exc
            self.reload_failures += 1
            self.last_error = str(exc)
            self._stale = self._snap is not None
        log.warning("catalogue snapshot not refreshed", extra={"error": f"{type(exc).__name__}: {exc}"})

    def _just_failed(self, exc: Exception) -> bool:
        with self._guard:
            return self._failed_exc is exc

    def snapshot(self) -> CatalogueSnapshot:
        """The snapshot, loading it now if there is none yet (blocking; benchmarks and tests).

        Raises:
            DatabaseUnavailable: no snapshot was ever loaded and Neo4j cannot be reached.
        """
        snap = self.current()
        if snap is not None:
            return snap
        with self._load_lock:  # one load, not one per caller
            return self._snap if self._snap is not None else self.refresh()

    def current(self) -> CatalogueSnapshot | None:
        """The snapshot to answer from, or None while the first one loads (reads then run Cypher).

        Never waits for Neo4j: when no snapshot is loaded yet, or the last version check is older
        than ``check_interval_s``, one background check starts (a load when the version changed).
        """
        snap = self._snap
        now = time.monotonic()
        if snap is None or now - self._checked_at >= self._interval:
            with self._guard:
                start = (
                    not self._closed
                    and not self._checking
                    and (self._snap is None or now - self._checked_at >= self._interval)
                )
                if start:
                    self._checking = True
                    self._checked_at = now
                    self._checker = threading.Thread(target=self._check, name="fabricgraph-snapshot-check", daemon=True)
                    self._checker.start()
        return snap

    def close(self, timeout_s: float | None = None) -> bool:
        """Start no more background checks and wait for the one in flight (call before closing the driver).

        A load cut off by ``Driver.close()`` leaves its Neo4j session half-closed (its rollback fails on
        the closed connection), so the owner closes the repository first.

        Args:
            timeout_s: the longest to wait, seconds (default: the transaction timeout plus 5 s).

        Returns:
            True when no check is left running.
        """
        with self._guard:
            self._closed = True
            checker = self._checker
        if checker is not None and checker is not threading.current_thread():
            checker.join(self._timeout + 5.0 if timeout_s is None else timeout_s)
            return not checker.is_alive()
        return True

    def _reads(self) -> CatalogueSnapshot | Neo4jRepository:
        """Where a read is answered: the snapshot, or Cypher until the first snapshot is loaded."""
        snap = self.current()
        return snap if snap is not None else self._cypher

    def _check(self) -> None:
        """Reload when the version token in Neo4j differs from the snapshot's (runs in the background)."""
        try:
            _, token = self.catalogue_version()
            snap = self._snap
            if snap is None or token != snap.token:
                self.refresh()
            else:
                with self._guard:
                    self._stale = False
        except Exception as exc:  # a background thread: nothing to raise to; the last snapshot stays
            if not self._just_failed(exc):  # refresh() counts its own failures
                self._failed(exc)
        finally:
            with self._guard:
                self._checking = False

    def state(self) -> SnapshotState:
        """The snapshot's version, age and health (for ``/readyz`` and ``/metrics``)."""
        with self._guard:
            snap = self._snap
            return SnapshotState(
                loaded=snap is not None,
                version=snap.version if snap is not None else 0,
                age_s=max(0.0, time.time() - snap.loaded_at) if snap is not None else 0.0,
                stale=self._stale,
                reload_failures=self.reload_failures,
                last_load_s=self.last_load_s,
                last_error=self.last_error,
            )

    # --- writes: through Neo4j, then read-your-writes ------------------------------------------------

    def apply_edit(
        self, edit: EditRecord, digest: str, kind: str, plan: Callable[[CatalogueDocs], EditPlan]
    ) -> EditRecord:
        """:meth:`Neo4jRepository.apply_edit`, then the snapshot reloaded before returning, so the
        editor's next request sees the edit (a reload that fails leaves it to the next check)."""
        done = super().apply_edit(edit, digest, kind, plan)
        # The edit is committed whatever happens next: a failed reload is counted by refresh() and
        # left to the next version check, never turned into an error for the editor.
        with contextlib.suppress(Exception):
            self.refresh()
        return done

    # --- reads: from the snapshot (Cypher until the first one is loaded) ------------------------------

    def names(self, kind: str) -> list[str]:
        return self._reads().names(kind)

    def name_targets(self, kind: str) -> dict[str, str]:
        return self._reads().name_targets(kind)

    def unknown_part(self, number: str) -> UnknownPartError:
        return self._reads().unknown_part(number)

    def unknown_device(self, name: str) -> UnknownDeviceError:
        return self._reads().unknown_device(name)

    def device(self, name: str) -> Device:
        return self._reads().device(name)

    def form_factor(self, name: str) -> FormFactor:
        return self._reads().form_factor(name)

    def parts(self, numbers: Sequence[str]) -> dict[str, AnyPart]:
        return self._reads().parts(numbers)

    def part(self, number: str) -> AnyPart:
        return self._reads().part(number)

    def sources(self, ids: Sequence[str]) -> list[Source]:
        return self._reads().sources(ids)

    def sources_in_memory(self, ids: Sequence[str]) -> list[Source] | None:
        """Sources by id from the current snapshot (no I/O); None while the first one loads."""
        snap = self.current()
        return None if snap is None else snap.sources(ids)

    def optical_candidates(
        self,
        ff_a: str,
        ff_b: str,
        rate_gbps: float,
        protocol: str | None,
        modules: frozenset[str] | None = None,
    ) -> list[OpticalCandidate]:
        return self._reads().optical_candidates(ff_a, ff_b, rate_gbps, protocol, modules)

    def cable_candidates(self, ff_a: str, ff_b: str, rate_gbps: float, protocol: str | None) -> list[CableCandidate]:
        return self._reads().cable_candidates(ff_a, ff_b, rate_gbps, protocol)

    def adapter_seats(self, cages: Sequence[str], protocol: str | None) -> list[AdapterSeat]:
        return self._reads().adapter_seats(cages, protocol)

    def link_rule_context(self) -> RuleContext:
        return self._reads().link_rule_context()

    def devices(self, device_type: str | None = None) -> list[Device]:
        return self._reads().devices(device_type)

    def generations(self) -> list[Generation]:
        return self._reads().generations()

    def pmds(self) -> list[Pmd]:
        return self._reads().pmds()

    def form_factors(self) -> list[FormFactor]:
        return self._reads().form_factors()

    def fiber_types(self) -> list[FiberType]:
        return self._reads().fiber_types()

    def connectors(self) -> list[Connector]:
        return self._reads().connectors()

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
        return self._reads().parts_page(
            kind=kind, vendor=vendor, family=family, protocol=protocol, after=after, limit=limit
        )

    def stats(self) -> dict[str, Any]:
        return self._reads().stats()
