"""Bad catalogue rows: what the repository skipped, so one corrupt row never blanks an answer.

Every node's ``doc`` (the seed row, validated when it was written) is validated again when it is read
into a domain model. A row that no longer validates (edited by hand in Neo4j, written by an older
version, truncated) is left out of that answer, logged once (WARNING, with its kind and key) and
counted here; the rest of the answer stands. ``catalogueHealth`` (GraphQL) and the
``fabricgraph_catalogue_bad_rows_total`` metric report the counts::

    repository read ──► validate doc ──ok──► domain model ──► answer
                              │
                              └─bad──► CatalogueHealth.record(kind, doc, error) ──► skipped
"""

from __future__ import annotations

import json
import logging
import threading
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime

from pydantic import ValidationError

__all__ = ["MAX_BAD_ROWS_KEPT", "BadRow", "CatalogueHealth", "key_of"]

log = logging.getLogger("fabricgraph.catalogue")

MAX_BAD_ROWS_KEPT = 100
"""Distinct bad rows remembered with their error (the counts keep counting past it)."""

_KEYS = ("part_number", "model", "name", "id", "partNumber")


@dataclass(frozen=True)
class BadRow:
    """One catalogue row that failed validation when read.

    Attributes:
        kind: the node kind ("part", "device", "pmd", "form_factor", …).
        key: its part number, model, name or id as stored ("?" when the row is not even JSON).
        error: the first validation error: field path and message.
        count: reads that skipped it since the process started.
        last_seen: when it was last skipped, ISO 8601 UTC.
    """

    kind: str
    key: str
    error: str
    count: int
    last_seen: str


def key_of(doc: object) -> str:
    """The row's natural key (part number, model, name or id), or "?" when it cannot be read."""
    try:
        data = json.loads(doc) if isinstance(doc, str | bytes) else doc
    except ValueError:
        return "?"
    if isinstance(data, dict):
        for k in _KEYS:
            if isinstance(data.get(k), str):
                return str(data[k])[:200]
    return "?"


def _describe(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "(row)"
        more = f" (+{error.error_count() - 1} more)" if error.error_count() > 1 else ""
        return f"{where}: {first['msg']}{more}"[:300]
    return f"{type(error).__name__}: not a JSON object"


class CatalogueHealth:
    """Thread-safe record of the bad rows the repository skipped (one per repository)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.skipped: Counter[str] = Counter()
        """Reads that skipped a bad row, per kind (monotonic: the metric's counter)."""
        self._rows: dict[tuple[str, str], BadRow] = {}

    def record(self, kind: str, doc: object, error: Exception) -> None:
        """Count a skipped row; log it at WARNING the first time it is seen."""
        key = key_of(doc)
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self._lock:
            self.skipped[kind] += 1
            seen = self._rows.get((kind, key))
            if seen is not None:
                self._rows[(kind, key)] = BadRow(kind, key, seen.error, seen.count + 1, now)
                return
            described = _describe(error)
            if len(self._rows) < MAX_BAD_ROWS_KEPT:
                self._rows[(kind, key)] = BadRow(kind, key, described, 1, now)
        log.warning("bad catalogue row skipped", extra={"kind": kind, "key": key, "error": described})

    def rows(self) -> list[BadRow]:
        """The bad rows seen so far, by kind and key."""
        with self._lock:
            return sorted(self._rows.values(), key=lambda r: (r.kind, r.key))

    def total(self) -> int:
        """Reads that skipped a bad row, all kinds."""
        with self._lock:
            return sum(self.skipped.values())
