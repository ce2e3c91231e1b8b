"""The repository: the only code that runs Cypher, returning domain models.

Every read runs in a managed read transaction (``execute_read``), so the service works unchanged
against a Neo4j cluster through a ``neo4j://`` URI. Driver failures become
:class:`~service.errors.DatabaseUnavailable`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
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
from service.errors import DatabaseUnavailable, UnknownDeviceError, UnknownFormFactorError, UnknownPartError
from service.persistence import cypher
from service.rules.context import RuleContext

__all__ = ["CableCandidate", "Neo4jRepository", "OpticalCandidate", "suggest"]

T = TypeVar("T")
AnyPart = Transceiver | Cable | FiberCable | Adapter
_PART: TypeAdapter[AnyPart] = TypeAdapter(Part)


def suggest(name: str, known: Sequence[str], n: int = 3) -> list[str]:
    """The ``n`` known names closest to ``name`` (case-insensitive), best first."""
    folded = {k.casefold(): k for k in known}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=n, cutoff=0.5)
    return [folded[c] for c in close]


@dataclass(frozen=True)
class OpticalCandidate:
    """Two transceivers sharing a PMD, one fiber grade it reaches over, and documented fiber cables."""

    module_a: Transceiver
    module_b: Transceiver
    pmd: Pmd
    fiber: str
    pmd_reach_m: float
    cables: tuple[FiberCable, ...]


@dataclass(frozen=True)
class CableCandidate:
    """A direct-attach cable whose ends fit both cages; ``end_at_a`` is the cable end at end A."""

    cable: Cable
    end_at_a: str


class Neo4jRepository:
    """Catalogue reads over one driver.

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

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except (ServiceUnavailable, SessionExpired) as exc:
            raise DatabaseUnavailable("the catalogue database is unavailable; try again shortly") from exc
        except DriverError as exc:
            raise DatabaseUnavailable("the catalogue database connection failed") from exc
        except Neo4jError as exc:
            if exc.code and exc.code.startswith("Neo.TransientError"):
                raise DatabaseUnavailable("the catalogue database is busy; try again shortly") from exc
            raise

    def _read(self, work: Callable[[ManagedTransaction], T]) -> T:
        self.round_trips += 1
        with self._errors(), self._driver.session(database=self._database) as session:
            return session.execute_read(unit_of_work(timeout=self._timeout)(work))

    @staticmethod
    def _q(text: Any) -> Any:
        return text

    def _rows(self, text: Any, **params: Any) -> list[dict[str, Any]]:
        def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
            return [r.data() for r in tx.run(self._q(text), params)]

        return self._read(work)

    # --- health ---------------------------------------------------------------------------------

    def ping(self) -> bool:
        """True when the database answers ``RETURN 1`` in a read transaction."""
        return bool(self._rows(cypher.PING_QUERY)[0]["ok"] == 1)

    # --- lookups --------------------------------------------------------------------------------

    def names(self, kind: str) -> list[str]:
        """Every name users may type for ``kind`` ("part", "device", "form_factor")."""
        return [r["name"] for r in self._rows(cypher.NAMES_OF_KIND_QUERY, kind=kind)]

    def device(self, name: str) -> Device:
        """The device whose model, name or alias is ``name``.

        Raises:
            UnknownDeviceError: with the three closest known names.
        """
        rows = self._rows(cypher.DEVICE_BY_ALIAS_QUERY, key=f"device:{name.strip().casefold()}")
        if not rows:
            raise UnknownDeviceError(name, suggest(name, self.names("device")))
        return Device.model_validate_json(rows[0]["doc"])

    def form_factor(self, name: str) -> FormFactor:
        """The form factor named (or aliased) ``name``, e.g. "SFP+", "sfpp", "10gbase-x-sfpp".

        Raises:
            UnknownFormFactorError: with the three closest known names.
        """
        rows = self._rows(cypher.FORM_FACTOR_BY_ALIAS_QUERY, key=f"form_factor:{name.strip().casefold()}")
        if not rows:
            raise UnknownFormFactorError(name, suggest(name, self.names("form_factor")))
        return FormFactor.model_validate_json(rows[0]["doc"])

    def parts(self, numbers: Sequence[str]) -> dict[str, AnyPart]:
        """Parts by part number or alias, keyed by the name as given; unknown names are left out."""
        keys = {f"part:{n.strip().casefold()}": n for n in numbers}
        rows = self._rows(cypher.PARTS_BY_NUMBER_QUERY, keys=list(keys))
        return {keys[r["key"]]: _PART.validate_json(r["doc"]) for r in rows}

    def part(self, number: str) -> AnyPart:
        """One part by number or alias.

        Raises:
            UnknownPartError: with the three closest known part numbers.
        """
        found = self.parts([number])
        if number not in found:
            raise UnknownPartError(number, suggest(number, self.names("part")))
        return found[number]

    def sources(self, ids: Sequence[str]) -> list[Source]:
        """Sources by id, in the order asked (unknown ids are left out)."""
        rows = self._rows(cypher.SOURCES_BY_ID_QUERY, ids=list(dict.fromkeys(ids)))
        found = {s.id: s for s in (Source.model_validate_json(r["doc"]) for r in rows)}
        return [found[i] for i in dict.fromkeys(ids) if i in found]

    def rule_context(self) -> RuleContext:
        """Form factors, PMDs and orderable lengths per family, for the rules."""
        row = self._rows(cypher.RULE_CONTEXT_QUERY)[0]
        lengths: dict[str, list[float]] = {}
        for item in row["lengthRows"]:
            lengths.setdefault(item["family"], []).append(float(item["lengths"]))
        return RuleContext(
            form_factors={f.name: f for f in (FormFactor.model_validate_json(d) for d in row["formFactors"])},
            pmds={p.name: p for p in (Pmd.model_validate_json(d) for d in row["pmds"])},
            family_lengths={k: tuple(sorted(v)) for k, v in lengths.items()},
        )

    # --- the compatibility search ---------------------------------------------------------------

    def optical_candidates(
        self, ff_a: str, ff_b: str, rate_gbps: float, protocol: str | None
    ) -> list[OpticalCandidate]:
        """Transceiver pairs (one fitting each cage) that share a PMD, per fiber grade it reaches over."""
        rows = self._rows(cypher.OPTICAL_CANDIDATES_QUERY, ffA=ff_a, ffB=ff_b, rate=rate_gbps, protocol=protocol)
        out = []
        for r in rows:
            out.append(OpticalCandidate(
                module_a=Transceiver.model_validate_json(r["moduleA"]),
                module_b=Transceiver.model_validate_json(r["moduleB"]),
                pmd=Pmd.model_validate_json(r["pmdDoc"]),
                fiber=r["fiber"],
                pmd_reach_m=float(r["pmdReachM"]),
                cables=tuple(sorted((FiberCable.model_validate_json(d) for d in r["cables"]),
                                    key=lambda c: (c.family or "", c.length_m or 0.0))),
            ))
        return out

    def cable_candidates(self, ff_a: str, ff_b: str, rate_gbps: float, protocol: str | None) -> list[CableCandidate]:
        """Direct-attach cables (every length) with one end fitting each cage."""
        rows = self._rows(cypher.CABLE_CANDIDATES_QUERY, ffA=ff_a, ffB=ff_b, rate=rate_gbps, protocol=protocol)
        return [CableCandidate(cable=Cable.model_validate_json(r["cable"]), end_at_a=r["endAtA"]) for r in rows]

    # --- browsing -------------------------------------------------------------------------------

    def devices(self, device_type: str | None = None) -> list[Device]:
        return [Device.model_validate_json(r["doc"])
                for r in self._rows(cypher.DEVICES_QUERY, deviceType=device_type)]

    def generations(self) -> list[Generation]:
        return [Generation.model_validate_json(r["doc"]) for r in self._rows(cypher.ALL_DOCS_QUERY["Generation"])]

    def pmds(self) -> list[Pmd]:
        return [Pmd.model_validate_json(r["doc"]) for r in self._rows(cypher.ALL_DOCS_QUERY["Pmd"])]

    def form_factors(self) -> list[FormFactor]:
        return [FormFactor.model_validate_json(r["doc"]) for r in self._rows(cypher.ALL_DOCS_QUERY["FormFactor"])]

    def fiber_types(self) -> list[FiberType]:
        return [FiberType.model_validate_json(r["doc"]) for r in self._rows(cypher.ALL_DOCS_QUERY["FiberType"])]

    def connectors(self) -> list[Connector]:
        return [Connector.model_validate_json(r["doc"]) for r in self._rows(cypher.ALL_DOCS_QUERY["Connector"])]

    def parts_page(self, *, kind: str | None, vendor: str | None, family: str | None, protocol: str | None,
                   after: str | None, limit: int) -> tuple[list[AnyPart], int]:
        """One page of parts ordered by part number and the total matching the filter.

        Keyset paging: the page holds the first ``limit`` parts whose number sorts after ``after``
        (all parts when ``after`` is None). Part numbers are unique, so the order is total and stable
        and walking the pages returns every part exactly once. Both reads run in one transaction.
        """
        params = {"kind": kind, "vendor": vendor, "family": family, "protocol": protocol}

        def work(tx: ManagedTransaction) -> tuple[list[str], int]:
            docs = [r["doc"] for r in tx.run(self._q(cypher.PARTS_PAGE_QUERY), {**params, "after": after,
                                                                                  "limit": limit})]
            total = tx.run(self._q(cypher.PARTS_COUNT_QUERY), params).single(strict=True)["n"]
            return docs, int(total)

        docs, total = self._read(work)
        return [_PART.validate_json(d) for d in docs], total

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

        counts = {k: int(row[k]) for k in ("generations", "pmds", "parts", "devices", "sources", "formFactors",
                                            "fiberTypes", "connectors", "aliases", "facts", "primaryFacts")}
        return {
            **counts,
            "generationsByFamily": by("generationsByFamily"), "pmdsByFamily": by("pmdsByFamily"),
            "partsByKind": by("byKind"), "devicesByType": by("devicesByType"), "sourcesByKind": by("sourcesByKind"),
            "primaryShare": (counts["primaryFacts"] / counts["facts"]) if counts["facts"] else 0.0,
        }
