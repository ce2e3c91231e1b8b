"""Pure rule tests: real catalogue rows (``seed/data``, validated by ``seed.catalogue``, no database)
built into :class:`~service.domain.link.Link` objects by hand and checked with the rule engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest
from pydantic import BaseModel

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Adapter, Cable, Cage, FiberCable, Protocol, Side, TopStyle, Transceiver
from service.domain.link import FiberRun, Link, LinkOption, ResolvedEnd, Verdict, with_article
from service.rules import RuleContext, best_orientation, check_link


def same_model(built: BaseModel, validated: BaseModel) -> None:
    """``built`` (made without validating again, as the hot loops do) equals the model validation
    gives: in value, fields set, dumps (all, set only, JSON), repr and hash. A :class:`LinkOption`'s
    hash is not compared: it holds its ends' cages, whose lists do not hash."""
    assert built == validated
    assert built.model_fields_set == validated.model_fields_set
    assert built.model_dump() == validated.model_dump()
    assert built.model_dump(exclude_unset=True) == validated.model_dump(exclude_unset=True)
    assert built.model_dump_json() == validated.model_dump_json()
    assert repr(built) == repr(validated)
    if not isinstance(validated, LinkOption):
        assert hash(built) == hash(validated)


@dataclass
class Kit:
    """Builds links from catalogue rows the way the use cases do, without a database."""

    catalogue: Catalogue
    ctx: RuleContext
    parts: dict[str, Transceiver | Cable | FiberCable | Adapter] = field(default_factory=dict)

    def part(self, number: str) -> Transceiver | Cable | FiberCable | Adapter:
        return self.parts[number]

    def module(self, number: str) -> Transceiver:
        part = self.parts[number]
        assert isinstance(part, Transceiver)
        return part

    def cable(self, number: str) -> Cable:
        part = self.parts[number]
        assert isinstance(part, Cable)
        return part

    def adapter(self, number: str) -> Adapter:
        part = self.parts[number]
        assert isinstance(part, Adapter)
        return part

    def device(self, model: str, cage: str | None = None) -> ResolvedEnd:
        found = next(d for d in self.catalogue.devices if model in (d.model, *d.aliases))
        chosen = next(c for c in found.cages if cage is None or c.id == cage)
        role = Side.SWITCH if found.device_type.value == "switch" else Side.ADAPTER
        label = found.model if len(found.cages) == 1 else f"{found.model} {chosen.id}"
        return ResolvedEnd(label=label, device=found, cage=chosen, role=role)

    def bare(
        self,
        form_factor: str,
        *,
        top_style: TopStyle | None = None,
        ports: int | None = None,
        side: Side = Side.ANY,
    ) -> ResolvedEnd:
        ff = next(f for f in self.catalogue.form_factors if f.name == form_factor)
        cage = Cage(
            id="bare",
            form_factor=ff.name,
            count=1,
            logical_ports_per_cage=ports or 1,
            top_style=top_style,
            speeds_gbps=[ff.max_rate_gbps or 1.0],
            protocols=list(Protocol),
            sources=list(ff.sources),
        )
        return ResolvedEnd(
            label=with_article(f"{ff.name} cage"), cage=cage, role=side, ports_declared=ports is not None
        )

    def fiber(self, number: str) -> FiberRun:
        part = self.parts[number]
        assert isinstance(part, FiberCable)
        return FiberRun(
            cable=part,
            fiber_type=part.fiber_type,
            connector_a=part.connector_a,
            connector_b=part.connector_b,
            legs=part.legs,
            length_m=part.length_m or 0.0,
        )

    @staticmethod
    def generic(
        fiber_type: str,
        connector: str,
        length_m: float,
        connector_b: str | None = None,
        assumed: bool = False,
    ) -> FiberRun:
        return FiberRun(
            fiber_type=fiber_type,
            connector_a=connector,
            connector_b=connector_b or connector,
            length_m=length_m,
            connector_assumed=assumed,
        )

    def link(
        self,
        a: ResolvedEnd,
        b: ResolvedEnd,
        distance_m: float,
        *,
        module_a: str | None = None,
        module_b: str | None = None,
        cable: str | None = None,
        fibers: Sequence[FiberRun] = (),
        adapter_a: str | None = None,
        adapter_b: str | None = None,
        rate_gbps: float | None = None,
        protocol: Protocol | None = None,
        cable_end_at_a: str = "A",
    ) -> Link:
        return Link(
            end_a=a,
            end_b=b,
            distance_m=distance_m,
            rate_gbps=rate_gbps,
            protocol=protocol,
            module_a=self.module(module_a) if module_a else None,
            module_b=self.module(module_b) if module_b else None,
            adapter_a=self.adapter(adapter_a) if adapter_a else None,
            adapter_b=self.adapter(adapter_b) if adapter_b else None,
            cable=self.cable(cable) if cable else None,
            cable_end_at_a=cable_end_at_a,  # type: ignore[arg-type]
            fibers=tuple(fibers),
        )

    def check(self, link: Link) -> Verdict:
        return check_link(link, self.ctx)

    def best(self, link: Link) -> tuple[Link, Verdict]:
        return best_orientation(link, self.ctx)


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="session")
def ctx(catalogue: Catalogue) -> RuleContext:
    """The rule context the repository would build from the same rows (plus the adapters)."""
    lengths: dict[str, list[float]] = {}
    parts: dict[str, list[tuple[float, str]]] = {}
    longest: dict[str, float] = {}
    for p in catalogue.parts:
        if isinstance(p, Cable | FiberCable) and p.length_m is not None and p.family is not None:
            lengths.setdefault(p.family, []).append(p.length_m)
            if p.part_number:
                parts.setdefault(p.family, []).append((p.length_m, p.part_number))
            if isinstance(p, Cable):
                longest[p.cable_type.value] = max(longest.get(p.cable_type.value, 0.0), p.length_m)
    return RuleContext(
        form_factors={f.name: f for f in catalogue.form_factors},
        pmds={p.name: p for p in catalogue.pmds},
        family_lengths={k: tuple(sorted(v)) for k, v in lengths.items()},
        family_parts={k: tuple(sorted(v)) for k, v in parts.items()},
        longest_cable_m=longest,
        adapters={a.part_number: a for a in catalogue.parts if isinstance(a, Adapter) and a.part_number},
        fiber_types=frozenset(f.name for f in catalogue.fiber_types),
        transceivers=tuple(
            (t.part_number, t.form_factor, frozenset(t.pmds))
            for t in catalogue.parts
            if isinstance(t, Transceiver) and t.part_number
        ),
        modules={t.part_number: t for t in catalogue.parts if isinstance(t, Transceiver) and t.part_number},
        secondary_sources=frozenset(i for i, src in catalogue.sources.items() if not src.primary),
    )


@pytest.fixture(scope="session")
def kit(catalogue: Catalogue, ctx: RuleContext) -> Kit:
    return Kit(catalogue=catalogue, ctx=ctx, parts={p.part_number: p for p in catalogue.parts if p.part_number})
