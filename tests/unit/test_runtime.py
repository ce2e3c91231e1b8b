"""service.runtime: the collector settings of a serving process."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from service.runtime import YOUNG_THRESHOLD, freeze_long_lived, tune_gc


@pytest.fixture
def collector() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.set_threshold(*threshold)
    gc.unfreeze()


def test_tune_gc_raises_only_the_youngest_threshold(collector: None) -> None:
    gc.set_threshold(700, 11, 12)
    tune_gc()
    assert gc.get_threshold() == (YOUNG_THRESHOLD, 11, 12) == (5_000, 11, 12)
    tune_gc()  # idempotent
    assert gc.get_threshold() == (5_000, 11, 12)


class _Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def test_freeze_long_lived_freezes_what_is_alive(collector: None) -> None:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    kept = [[i] for i in range(10_000)]
    freeze_long_lived()
    assert gc.get_freeze_count() >= len(kept)
    gc.collect()
    assert gc.get_freeze_count() >= len(kept)  # a full collection does not walk (or thaw) them


def test_a_replaced_snapshot_in_a_cycle_is_freed_at_the_next_freeze(collector: None) -> None:
    old = _Node()
    gone = weakref.ref(old)
    freeze_long_lived()  # installed: frozen with everything else alive
    del old  # replaced: nothing holds it but its own cycle
    gc.collect()
    assert gone() is not None  # frozen objects are not collected...
    freeze_long_lived()  # ...until the next install thaws and collects before freezing again
    assert gone() is None
