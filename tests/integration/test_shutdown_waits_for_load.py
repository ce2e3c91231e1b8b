"""Shutting the app down waits for the background snapshot load before closing the driver.

A load cut off by ``Driver.close()`` leaves its Neo4j session half-closed: the session's rollback
fails on the closed connection, the session is never marked closed, and its ``ResourceWarning``
surfaces whenever the garbage collector reaches it (the CI failure of stop 31, reported at the
set-up of an unrelated test).
"""

from __future__ import annotations

import threading
import warnings

import pytest
from fastapi.testclient import TestClient

from service.app import create_app
from service.persistence.snapshot import SnapshotRepository

pytestmark = pytest.mark.db


def _checks() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "fabricgraph-snapshot-check" and t.is_alive()]


def test_leaving_the_app_while_the_first_snapshot_loads_leaves_no_load(settings: object, seeded: object) -> None:
    assert _checks() == []
    with TestClient(create_app(settings)) as client:  # type: ignore[arg-type]
        assert client.get("/healthz").status_code == 200
        assert len(_checks()) == 1  # the first snapshot is loading in the background
    assert _checks() == []  # joined before the app's own driver was closed


def test_a_closed_repository_starts_no_more_checks(driver: object, seeded: object) -> None:
    repo = SnapshotRepository(driver, check_interval_s=0.0)  # type: ignore[arg-type]
    repo.current()
    assert repo.close(timeout_s=60.0) is True
    assert _checks() == []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert repo.current() is not None  # the load that was in flight finished and is served
    assert _checks() == []  # interval 0 s, yet closed: no new check
