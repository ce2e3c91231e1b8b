"""A catalogue view built from the validated seed files (no database): the same facts the repository
serves, so the pure reconciliation is tested on real parts, devices and rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cage, Device, Protocol, Side
from service.domain.link import LinkOption, ResolvedEnd
from service.persistence.repository import suggest
from service.procurement import (
    CatalogueView,
    IntentEnd,
    LinkIntent,
    PartLine,
    PartList,
    ValidationReport,
    reconcile,
)
from service.rules import RuleContext


@pytest.fixture(scope="session")
def cat() -> Catalogue:
    return load_catalogue()


def _device(cat: Catalogue, name: str) -> Device | None:
    key = name.casefold()
    return next(
        (d for d in cat.devices if d.model.casefold() == key or key in {a.casefold() for a in d.aliases}),
        None,
    )


def resolve(cat: Catalogue, end: IntentEnd) -> ResolvedEnd:
    """What CatalogueService.resolve_end gives: a device's (only or named) cage group, or a bare cage."""
    name = end.name or end.device or end.form_factor or ""
    device = _device(cat, name)
    if device is not None:
        cage = next(c for c in device.cages if end.cage is None or c.id == end.cage)
        label = device.model if len(device.cages) == 1 else f"{device.model} {cage.id}"
        return ResolvedEnd(label=label, device=device, cage=cage, role=device.side)
    ff = next(f for f in cat.form_factors if f.name.casefold() == name.casefold())
    cage = Cage(
        id="bare",
        form_factor=ff.name,
        count=1,
        speeds_gbps=[ff.max_rate_gbps or 1.0],
        protocols=list(Protocol),
        sources=list(ff.sources),
    )
    return ResolvedEnd(label=f"a {ff.name} cage", device=None, cage=cage, role=Side.ANY)


def view(
    cat: Catalogue, part_list: PartList, options: Callable[[LinkIntent], Sequence[LinkOption]] | None = None
) -> CatalogueView:
    by_name = {}
    for p in cat.parts:
        for n in (p.part_number, *p.aliases):
            if n:
                by_name[n.casefold()] = p
    known = [n for p in cat.parts for n in (p.part_number, *p.aliases) if n]
    typed = {ln.part_number.casefold(): ln.part_number for ln in part_list.lines}
    lengths: dict[str, list[float]] = {}
    parts: dict[str, list[tuple[float, str]]] = {}
    for p in cat.parts:
        if getattr(p, "length_m", None) and p.family:
            lengths.setdefault(p.family, []).append(float(p.length_m))  # type: ignore[union-attr]
            if p.part_number:
                parts.setdefault(p.family, []).append((float(p.length_m), p.part_number))  # type: ignore[union-attr]
    ctx = RuleContext(
        form_factors={f.name: f for f in cat.form_factors},
        pmds={p.name: p for p in cat.pmds},
        family_lengths={k: tuple(sorted(v)) for k, v in lengths.items()},
        family_parts={k: tuple(sorted(v)) for k, v in parts.items()},
        fiber_types=frozenset(f.name for f in cat.fiber_types),
    )
    return CatalogueView(
        parts={k: by_name[k] for k in typed if k in by_name},
        devices={k: d for k in typed if k not in by_name and (d := _device(cat, k)) is not None},
        secondary_only={p.part_number: cat.secondary_only(p.sources) for p in cat.parts if p.part_number},
        suggestions={k: suggest(v, known) for k, v in typed.items() if k not in by_name},
        ctx=ctx,
        ends={i.number: (resolve(cat, i.a), resolve(cat, i.b)) for i in part_list.intents},
        options=options or (lambda intent: ()),
    )


def parts(*lines: tuple[str, int]) -> tuple[PartLine, ...]:
    return tuple(PartLine(line=i, row=i + 1, part_number=pn, quantity=q) for i, (pn, q) in enumerate(lines, start=1))


def intent(a: str, b: str, links: int, rate: float, distance: float, number: int = 1) -> LinkIntent:
    return LinkIntent(
        number=number,
        row=number + 1,
        a=IntentEnd(name=a),
        b=IntentEnd(name=b),
        links=links,
        rate_gbps=rate,
        distance_m=distance,
    )


@pytest.fixture
def validate(cat: Catalogue) -> Callable[..., ValidationReport]:
    """validate(lines, intents=(), catalogue=None) → report, on the seed catalogue (or a modified one)."""

    def run(
        lines: Sequence[tuple[str, int]],
        intents: Sequence[LinkIntent] = (),
        catalogue: Catalogue | None = None,
    ) -> ValidationReport:
        pl = PartList(lines=parts(*lines), intents=tuple(intents), source="unit")
        return reconcile(pl, view(catalogue or cat, pl))

    return run
