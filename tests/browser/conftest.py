"""Browser fixtures: the real service under uvicorn on 127.0.0.1 (on the seeded test Neo4j) and
Playwright driving Debian's Chromium (``/usr/bin/chromium``, installed by ``.ci/run``; never
``playwright install``).

Every page a test opens records each request the browser makes; :func:`page` fails the test if any
left the service's own origin (a CDN, a font host), so the pages are proved to work air-gapped.
Screenshots go to ``docs/screenshots/`` (ignored by git) at 1280 px and 390 px.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from neo4j import Driver

from service.config import Environment, Settings

CHROMIUM = Path(os.environ.get("FABRICGRAPH_CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WIDE, PHONE = 1280, 390


@pytest.fixture(scope="session")
def base_url(seeded: Driver, settings: Settings) -> Iterator[str]:
    """The app (development settings, so GraphiQL is served) under uvicorn on a free loopback port."""
    import uvicorn

    from service.app import create_app
    from service.persistence.local_server import free_port

    app = create_app(
        settings.model_copy(update={"environment": Environment.DEVELOPMENT, "log_level": "WARNING"}), driver=seeded
    )
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False, ws="none")
    )
    thread = threading.Thread(target=server.run, name="uvicorn-web-tests", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("uvicorn did not start on 127.0.0.1")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Chromium for one test module. Not session-wide: while Playwright's sync API is open it marks
    an event loop as running on the main thread, and later tests that call ``asyncio.run`` fail."""
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium (see .ci/run)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture()
def page(browser, base_url: str) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """A fresh page at 1280 px; after the test, asserts no request left the service's origin."""
    context = browser.new_context(viewport={"width": WIDE, "height": 900}, accept_downloads=True, base_url=base_url)
    pg = context.new_page()
    requests: list[str] = []
    pg.on("request", lambda r: requests.append(r.url))
    yield pg
    context.close()
    foreign = [u for u in requests if not (u.startswith(base_url + "/") or u.startswith(("data:", "blob:", "about:")))]
    assert requests, "the page made no request at all"
    assert foreign == [], f"requests outside {base_url}: {foreign}"


@pytest.fixture()
def shoot() -> Callable[..., None]:
    """``shoot(page, name)``: full-page screenshots at 1280 px and 390 px; at 390 px the page must
    not scroll sideways (wide tables scroll inside their own box)."""

    def run(pg, name: str) -> None:  # type: ignore[no-untyped-def]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        pg.set_viewport_size({"width": WIDE, "height": 900})
        pg.screenshot(path=str(SCREENSHOTS / f"{name}-1280.png"), full_page=True)
        pg.set_viewport_size({"width": PHONE, "height": 844})
        pg.screenshot(path=str(SCREENSHOTS / f"{name}-390.png"), full_page=True)
        overflow = pg.evaluate("document.documentElement.scrollWidth")
        assert overflow <= PHONE, f"{name}: the page is {overflow} px wide at {PHONE} px"
        pg.set_viewport_size({"width": WIDE, "height": 900})

    return run
