"""The HTTP/1.1 protocol uvicorn serves the app with: uvicorn's own h11 protocol, with TCP_NODELAY set
on every accepted connection.

Why: ``uvicorn.run(..., workers=N)`` binds its listening socket itself with ``socket.socket(family)``
(protocol number 0), and asyncio only disables Nagle's algorithm on sockets whose protocol is
``IPPROTO_TCP``. Every connection a worker accepted therefore kept Nagle on: uvicorn writes a
response's head and body as two ``send`` calls, the body waited for the client's delayed ACK of the
head, and every request to a multi-worker server took ≥ 40 ms more than its work (measured with
``bench/bench_load.py`` and a loop of 100 requests: single-client p50 of ``{__typename}`` 44 ms with two
workers, 3-6 ms with one or, after this protocol, with two; load average ~4).
One worker (asyncio binds with ``IPPROTO_TCP``) was never affected.

Use: ``uvicorn.run(app, http=NoDelayH11Protocol, …)`` (``fabricgraph serve`` and the benchmark do).
"""

from __future__ import annotations

import asyncio
import socket

from uvicorn.protocols.http.h11_impl import H11Protocol


class NoDelayH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with ``TCP_NODELAY`` on the connection's socket (TCP only; a Unix socket
    or a transport without a socket is left as it is)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # as uvicorn
        """Disable Nagle's algorithm on the accepted TCP socket, then hand over to uvicorn."""
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
