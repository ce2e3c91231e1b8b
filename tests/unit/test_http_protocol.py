"""TCP_NODELAY on every connection the service accepts (service/http_protocol.py).

uvicorn with ``workers=N`` binds ``socket.socket(AF_INET)`` (protocol number 0) and asyncio only disables
Nagle on ``IPPROTO_TCP`` sockets, so a multi-worker server answered every request ≥ 40 ms late (the
response head and body are two sends; the body waited for the client's delayed ACK). Loopback only.
"""

from __future__ import annotations

import asyncio
import socket

import pytest
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from service import cli
from service.http_protocol import NoDelayH11Protocol


async def _app(scope, receive, send):  # type: ignore[no-untyped-def]  # pragma: no cover - never called
    raise AssertionError("no request is sent")


async def _nodelay_after_accept(protocol_class: type[H11Protocol]) -> int:
    """Accept one loopback connection on a listening socket bound the way uvicorn's workers bind it,
    hand it to ``protocol_class`` and read TCP_NODELAY back from the accepted socket."""
    config = Config(app=_app, log_level="warning")
    config.load()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # protocol 0, as uvicorn's bind_socket
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    client = socket.create_connection(listener.getsockname())
    accepted, _ = listener.accept()
    loop = asyncio.get_running_loop()
    transport, _protocol = await loop.connect_accepted_socket(
        lambda: protocol_class(config=config, server_state=ServerState(), app_state={}), accepted
    )
    try:
        return accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        transport.close()
        client.close()
        listener.close()


def test_uvicorns_own_protocol_leaves_nagle_on_for_a_socket_bound_like_its_workers() -> None:
    # the bug this module exists for: asyncio skips TCP_NODELAY when the socket's protocol is 0
    assert asyncio.run(_nodelay_after_accept(H11Protocol)) == 0


def test_the_service_protocol_turns_nagle_off() -> None:
    assert asyncio.run(_nodelay_after_accept(NoDelayH11Protocol)) != 0


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_runs_uvicorn_with_the_nodelay_protocol(monkeypatch: pytest.MonkeyPatch, workers: int) -> None:
    import contextlib

    import uvicorn

    seen: dict[str, object] = {}

    @contextlib.contextmanager
    def database(settings, keep):  # type: ignore[no-untyped-def]
        yield "bolt://127.0.0.1:1"

    monkeypatch.setattr(cli, "_database", database)
    monkeypatch.setattr(cli, "_port_free", lambda h, p: True)
    monkeypatch.setattr("service.app.seed_once", lambda settings: True)
    monkeypatch.setattr("service.app.create_app", lambda *a, **k: object())
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: seen.update(k))
    monkeypatch.setattr(cli.signal, "signal", lambda *a: None)
    # serve hands the database to its workers through NEO4J_URI: record the variable so it is restored
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:1")
    cli.serve(host="127.0.0.1", port=8000, workers=workers)
    assert seen["http"] is NoDelayH11Protocol
    assert seen.get("workers", 1) == workers
