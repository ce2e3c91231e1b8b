"""Process-wide settings for a process that serves the catalogue (each uvicorn worker, the CLI).

The service holds one large, immutable catalogue snapshot (tens of thousands of objects) and, per
snapshot, memos that grow by thousands of small objects while new questions are answered. With
CPython's default collector settings, every full collection walks the whole snapshot again, and
the youngest generation is collected every 700 allocations, so a cold batch of questions spent
~17 % of its time in the cyclic garbage collector (``bench/bench_cold.py``: 1,000 new
``linkOptions`` questions, 0.95 s with the defaults, 0.75 s with both settings below). Neither
setting changes an answer; both are what the Python documentation describes for long-lived data
(``gc.freeze``) and allocation-heavy programs (``gc.set_threshold``).
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG_THRESHOLD", "freeze_long_lived", "tune_gc"]

YOUNG_THRESHOLD = 5_000
"""Allocations (minus deallocations) between two collections of the youngest generation (CPython's
default is 700); the older generations keep their defaults (10, 10)."""


def tune_gc() -> None:
    """Collect the youngest generation every :data:`YOUNG_THRESHOLD` allocations instead of 700.

    Called once per serving process (:func:`service.app.create_app`, the CLI) and by the
    benchmarks' in-process rows, which measure what a worker does. Idempotent.
    """
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)


def freeze_long_lived() -> None:
    """Move every object alive now out of the collector's reach (``gc.freeze``), after a new
    catalogue snapshot is installed: full collections then no longer walk the snapshot.

    Objects frozen at the previous call go back to the oldest generation first (``gc.unfreeze``)
    and one full collection runs before freezing again, so a replaced snapshot, even one held in a
    reference cycle, is freed once nothing holds it instead of staying frozen for good. A snapshot
    is installed at start and after each catalogue edit, so that collection is rare.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()
