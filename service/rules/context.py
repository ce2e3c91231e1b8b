"""Catalogue facts the rules need besides the link's own parts, gathered once per request."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar, cast

from service.domain.catalogue import Adapter, Fit, FormFactor, Pmd, Transceiver

__all__ = ["CLASS_BLIND_FIELDS", "MEMO_LIMIT", "RuleContext", "parse_split_mode"]

_T = TypeVar("_T")

MEMO_LIMIT = 8_192
"""Entries a context's rule memo holds before it is cleared: ~3.5 KB an entry measured (a link's
findings and the link it was computed for), so ~30 MB at most per snapshot; the 1,000 specs of
bench/bench_cold.py (two question shapes, 300 runs) fill 2,233 (distance-free checks and media
plans per link shape; no reach-fix offers for rejected links of an answer with options)."""

CLASS_BLIND_FIELDS = frozenset(
    (
        "part_number",
        "aliases",
        "description",
        "notes",
        "sources",
        "protocol_sources",
        "top_style_sources",
        "status",
        "family",
    )
)
"""The :class:`~service.domain.catalogue.Transceiver` fields that neither the rules, the candidate
search nor linkOptions' grouping and preference read (they name, describe and cite a module; an
option shows them for its chosen module only): two transceivers equal in every OTHER field are
interchangeable (:meth:`RuleContext.module_classes`). A field added to Transceiver is read by the
class signature unless it is added here (a unit test makes whoever adds one decide)."""

# Nominal data rate (Gb/s) of each InfiniBand width name used in split-mode names such as 2xNDR200.
IB_RATE_NAMES = {
    "SDR": 10.0,
    "DDR": 20.0,
    "QDR": 40.0,
    "FDR10": 40.0,
    "FDR": 56.0,
    "EDR": 100.0,
    "HDR100": 100.0,
    "HDR": 200.0,
    "NDR200": 200.0,
    "NDR": 400.0,
    "XDR": 800.0,
}


def parse_split_mode(name: str) -> tuple[int, float] | None:
    """``"2xNDR200"`` → (2, 200.0); ``"4x10G"`` → (4, 10.0); anything else → None.

    Returns:
        (legs per port, Gb/s per leg), or None when the name is not understood.
    """
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*([A-Za-z]*\d*)\s*(G|GbE|Gb/s)?\s*", name)
    if not match:
        return None
    legs, rate = int(match.group(1)), match.group(2)
    if rate.upper() in IB_RATE_NAMES:
        return legs, IB_RATE_NAMES[rate.upper()]
    digits = re.fullmatch(r"(\d+)", rate)
    return (legs, float(digits.group(1))) if digits else None


@dataclass(frozen=True)
class RuleContext:
    """Facts from the catalogue that rules consult.

    Attributes:
        form_factors: by name; ``fits_in`` says which other cages take each plug.
        pmds: PMDs by name (reach per fiber type, media, rate).
        family_lengths: orderable lengths (metres) per cable family, ascending.
        family_parts: (length in metres, part number) of each orderable length per cable family,
            ascending, so a fix names the part to order ("MCP1600-C003E26N"), never the bare family
            prefix ("MCP1600-C"), which cannot be ordered.
        longest_cable_m: the longest orderable direct-attach cable per cable type ("DAC", "ACC",
            "AOC"), in metres, over the whole catalogue: a fix names a longer medium only where the
            catalogue holds one that long.
        adapters: cage adapters (QSA…) by part number, so a fix can name the adapter that would
            make a plug fit a cage.
        fiber_types: the fiber grade names the catalogue knows (OM1…OM5, OS1a, OS2).
        transceivers: (part number, form factor, PMD names) of every catalogue transceiver, so a
            fix names only PMDs and modules that exist for the form factor in question.
        modules: the catalogue transceivers by part number (side, top style, ports, their own
            reach), so a fix names for each end only a module that fits that end and states the
            reach the pair of modules reaches; a part number missing here is judged by form factor
            alone.
        secondary_sources: the ids of the catalogue's secondary sources (kind ``secondary``), so
            :func:`~service.rules.engine.reach_basis` can say when a standard's reach figure rests
            only on secondary copies of the clause (``standard_secondary``); empty, every source
            counts as primary.
    """

    form_factors: dict[str, FormFactor] = field(default_factory=dict)
    pmds: dict[str, Pmd] = field(default_factory=dict)
    family_lengths: dict[str, tuple[float, ...]] = field(default_factory=dict)
    family_parts: dict[str, tuple[tuple[float, str], ...]] = field(default_factory=dict)
    longest_cable_m: dict[str, float] = field(default_factory=dict)
    adapters: dict[str, Adapter] = field(default_factory=dict)
    fiber_types: frozenset[str] = frozenset()
    transceivers: tuple[tuple[str, str, frozenset[str]], ...] = ()
    modules: dict[str, Transceiver] = field(default_factory=dict)
    secondary_sources: frozenset[str] = frozenset()
    _modules_memo: dict[tuple[frozenset[str], tuple[str, ...]], tuple[str, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Answers of :meth:`modules_for` already given (the context is immutable once built: it is
    read from one snapshot or one read transaction, and a new catalogue version is a new context)."""
    _classes: list[dict[str, tuple[str, ...]]] = field(default_factory=list, init=False, repr=False, compare=False)
    """:meth:`module_classes`, computed on first use (appended whole: a reader never sees half of it)."""
    _representatives: list[frozenset[str]] = field(default_factory=list, init=False, repr=False, compare=False)
    """:meth:`representatives`, computed on first use."""
    _adapter_classes: dict[frozenset[str], dict[str, tuple[str, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """:meth:`adapter_classes` per set of vendors that matter, computed on first use."""
    last_shape: list[tuple[object, tuple[object, ...]]] = field(
        default_factory=lambda: [(None, ())], init=False, repr=False, compare=False
    )
    """The last link whose shape key the rule engine worked out under this context, with the key (one
    link is keyed two or three times in a row: its orientation, its full check, its option). The one
    item is replaced whole, so a thread reads a consistent pair; it holds the link, so no other
    object takes its id."""
    memo: dict[object, tuple[object, object]] = field(default_factory=dict, init=False, repr=False, compare=False)
    """The rule engine's answers already computed for this context (distance-free checks of a link
    shape, reach-fix offers, end keys): key -> (the objects the key names by identity, kept alive so
    no other object can take their ids while the entry lives; the answer). Bounded by
    :data:`MEMO_LIMIT` entries (cleared when full). Filled by :mod:`service.rules.engine` (and by
    ``linkOptions``' grouping keys per link shape)."""

    def remember(self, key: object, refs: object, compute: Callable[[], _T]) -> _T:
        """The answer memoised under ``key``, computed by ``compute()`` (and kept, with ``refs``) the
        first time. ``refs`` holds every object ``key`` names by ``id()``."""
        hit = self.memo.get(key)
        if hit is not None:
            return cast(_T, hit[1])
        value = compute()
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = (refs, value)
        return value

    def module_classes(self) -> dict[str, tuple[str, ...]]:
        """Every catalogue transceiver's class of interchangeable modules: part number → the part
        numbers of every module equal to it in every field but :data:`CLASS_BLIND_FIELDS` (itself
        included, sorted; the first is the class's representative).

        Members of a class fit the same cages, implement the same PMDs with the same own reach, come
        from the same vendor and carry the same connector, ports, rates, power and fiber families:
        every rule finds the same codes for a link whichever member it holds, linkOptions gives the
        link the same medium and the same preference but for its part numbers, and the candidate
        search pairs every member alike. So linkOptions pairs representatives only and expands each
        class into the alternatives (see ``service.use_cases``). Computed once per context.
        """
        if not self._classes:
            by_signature: dict[str, list[str]] = {}
            for number, module in self.modules.items():
                by_signature.setdefault(module.model_dump_json(exclude=set(CLASS_BLIND_FIELDS)), []).append(number)
            classes: dict[str, tuple[str, ...]] = {}
            for members in by_signature.values():
                ordered = tuple(sorted(members))
                for number in ordered:
                    classes[number] = ordered
            self._classes.append(classes)
        return self._classes[0]

    def adapter_classes(self, vendors: frozenset[str]) -> dict[str, tuple[str, ...]]:
        """Every cage adapter's class of interchangeable adapters for a question whose ends' vendors
        (a device's own vendor, and the vendor a vendor-locked device takes) are ``vendors``: part
        number → the part numbers of every adapter equal to it in every field but
        :data:`CLASS_BLIND_FIELDS` and its vendor (itself included, sorted; the first is the class's
        representative). An adapter's vendor is read only against the ends' vendors (linkOptions'
        preference for the device's vendor, VENDOR_LOCKED), so two adapters of vendors other than
        ``vendors`` are told apart by nothing else; an adapter of one of ``vendors`` is in a class of
        its vendor's adapters only. Between bare ends (no vendor) the QSA adapters of every vendor
        for one seat and rate are one class, so a QSFP28 end offers one representative per class to
        pair instead of every adapter (see ``service.use_cases``). Computed once per vendor set.
        """
        found = self._adapter_classes.get(vendors)
        if found is None:
            by_signature: dict[tuple[str, str | None], list[str]] = {}
            for number, adapter in self.adapters.items():
                signature = adapter.model_dump_json(exclude={*CLASS_BLIND_FIELDS, "vendor"})
                vendor = adapter.vendor if adapter.vendor in vendors else None
                by_signature.setdefault((signature, vendor), []).append(number)
            found = {}
            for members in by_signature.values():
                ordered = tuple(sorted(members))
                for number in ordered:
                    found[number] = ordered
            self._adapter_classes[vendors] = found
        return found

    def representatives(self) -> frozenset[str]:
        """The first (lowest) part number of each class of :meth:`module_classes`, computed once."""
        if not self._representatives:
            self._representatives.append(frozenset(members[0] for members in self.module_classes().values()))
        return self._representatives[0]

    def fits(self, plug: str, cage: str) -> bool:
        """True when a ``plug`` form factor goes into a ``cage`` of that form factor."""
        return self.fit_sources(plug, cage) is not None

    def modules_for(self, pmds: Iterable[str], cages: Iterable[str]) -> list[str]:
        """Part numbers of catalogue transceivers that implement every PMD in ``pmds`` and fit a
        cage of each form factor in ``cages`` (directly or through a backward-compatible fit).

        Memoised per context under (the set of PMDs, the cages in order): the rules ask the same
        question for every candidate link of a request (a reach fix names the modules of each
        longer-reach PMD per end). Returns a new list each call, by part number, the modules of
        each cage's own form factor (or an older one it takes) before a newer-generation one that
        only fits it (a dual-rate SFP28 in an SFP+ cage: an engineer buys the SFP+ module), and before
        one whose fit needs faster host lanes than the cage may have (a QSFP112 in a QSFP-DD cage).
        """
        wanted, seats = frozenset(pmds), tuple(cages)
        found = self._modules_memo.get((wanted, seats))
        if found is None:
            fitting = {
                (number, form_factor)
                for number, form_factor, implemented in self.transceivers
                if wanted <= implemented and all(self.fits(form_factor, seat) for seat in seats)
            }
            found = tuple(
                number
                for number, _ in sorted(
                    fitting,
                    key=lambda x: (
                        any(self.in_older_cage(x[1], seat) for seat in seats),
                        any(self.needs_host_lanes(x[1], seat) for seat in seats),
                        x[0],
                    ),
                )
            )
            self._modules_memo[(wanted, seats)] = found
        return list(found)

    def adapters_for(self, plug: str, cage: str) -> list[Adapter]:
        """Adapters that fit a ``cage`` and offer a seat the ``plug`` fits, by part number: not a seat
        of an older generation than the plug (a QSA's SFP+ seat for an SFP28 module, which it runs at
        10 Gb/s at most: the QSA28 is the adapter for it)."""
        return sorted(
            (
                a
                for a in self.adapters.values()
                if self.fits(a.form_factor, cage)
                and self.fits(plug, a.accepts)
                and not self.in_older_cage(plug, a.accepts)
            ),
            key=lambda a: a.part_number or "",
        )

    def in_older_cage(self, plug: str, cage: str) -> bool:
        """True when a ``plug`` form factor is of a newer generation than a ``cage`` one (its top rate
        above the cage's: SFP28 in SFP+, QSFP28 in QSFP+): where it fits, it runs the cage's rates only."""
        if plug == cage:
            return False
        top = {n: (f.max_rate_gbps or 0.0) for n in (plug, cage) if (f := self.form_factors.get(n)) is not None}
        return top.get(plug, 0.0) > top.get(cage, 0.0)

    def fit_sources(self, plug: str, cage: str) -> tuple[str, ...] | None:
        """Source ids of "a ``plug`` fits a ``cage`` cage", () for the same form factor, None if not."""
        if plug == cage:
            return ()
        fit = self.fit(plug, cage)
        return None if fit is None else tuple(fit.sources)

    def needs_host_lanes(self, plug: str, cage: str) -> bool:
        """True when a ``plug`` form factor fits a ``cage`` only on a host with faster lanes than every
        host of that cage has (:attr:`Fit.host_lane_gbps`: a QSFP112 in a QSFP-DD cage)."""
        fit = self.fit(plug, cage)
        return fit is not None and fit.host_lane_gbps is not None

    def fit(self, plug: str, cage: str) -> Fit | None:
        """The backward-compatible fit of a ``plug`` form factor in a ``cage`` of another one (its
        note, sources and any host lane rate it needs), None for the same form factor or no fit."""
        ff = self.form_factors.get(plug)
        return None if ff is None else next((f for f in ff.fits_in if f.cage == cage), None)
