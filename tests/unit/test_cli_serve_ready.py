"""``fabricgraph serve`` says it is serving only once the server answers (the fresh-user trial saw
"serving" printed while uvicorn was still starting, and the first request refused)."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

from service.cli import _answers_health, _probe_host, announce_when_serving


def test_the_serving_line_waits_for_the_health_route_to_answer() -> None:
    answers = iter([False, False, True])
    probed: list[str] = []
    said: list[str] = []
    slept: list[float] = []

    def probe(url: str) -> bool:
        probed.append(url)
        return next(answers)

    printed = announce_when_serving(
        "http://127.0.0.1:8000/healthz",
        "fabricgraph serving http://127.0.0.1:8000/graphql",
        probe=probe,
        say=said.append,
        sleep=slept.append,
    )
    assert printed is True
    assert probed == ["http://127.0.0.1:8000/healthz"] * 3
    assert slept == [0.2, 0.2]  # printed after the third probe, the first that answered
    assert said == ["fabricgraph serving http://127.0.0.1:8000/graphql"]


def test_nothing_is_printed_when_the_server_never_answers_before_shutdown() -> None:
    said: list[str] = []
    calls = iter([False, False, True])
    assert (
        announce_when_serving(
            "u", "serving", probe=lambda _: False, say=said.append, sleep=lambda _: None, stop=lambda: next(calls)
        )
        is False
    )
    assert said == []


def test_the_probe_answers_only_when_healthz_returns_200() -> None:
    class Health(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200 if self.path == "/healthz" else 503)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Health)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        assert _answers_health(f"http://127.0.0.1:{port}/healthz") is True
        assert _answers_health(f"http://127.0.0.1:{port}/readyz") is False
    finally:
        server.shutdown()
        server.server_close()
    with socket.socket() as sock:  # a port nothing listens on: not serving (no exception)
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    assert _answers_health(f"http://127.0.0.1:{closed}/healthz") is False


def test_a_wildcard_bind_is_probed_on_loopback() -> None:
    assert [_probe_host(h) for h in ("0.0.0.0", "::", "127.0.0.1", "::1", "10.0.0.5")] == [
        "127.0.0.1",
        "[::1]",
        "127.0.0.1",
        "[::1]",
        "10.0.0.5",
    ]
