"""The websocket server: admission per client address and one :class:`Connection` per socket.

The listener owns the open connections and the count of connections per address (a cap,
checked both before the handshake, with a plain HTTP 429, and after it). What a connection
asks for goes to the ``dispatch`` function it was given; when a connection ends, ``forget`` is
told so the games it followed can let it go.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve

from server.config import ListenError, ServerConfig, tls_context
from server.edge import protocol as P
from server.edge.connection import Connection, Dispatch, Spawn
from server.edge.limits import AddressCounter
from server.metrics import Metrics
from shared import wire

log = logging.getLogger("scryptic.server")


@dataclass(frozen=True)
class Page:
    """A plain HTTP answer on the websocket port (a health check, the metrics)."""

    status: HTTPStatus
    content_type: str
    body: bytes
    cache: str = "no-store"  # the Cache-Control header
    headers: tuple[tuple[str, str], ...] = ()  # any others (ETag, Content-Encoding)



class Listener:
    """Accepts websockets on the configured address and runs a :class:`Connection` for each."""

    def __init__(
        self,
        config: ServerConfig,
        metrics: Metrics,
        dispatch: Dispatch,
        spawn: Spawn,
        forget: Callable[[Connection], None],
        pages: Callable[[str, Any], Page | None] = lambda path, headers: None,
    ) -> None:
        """``forget(conn)`` is called once a connection has closed; ``pages(path, headers)``
        answers a plain HTTP GET of ``path`` (``/healthz``, ``/metrics``, the web client's
        pages) instead of a websocket, or None."""
        self.config = config
        self.metrics = metrics
        self._dispatch = dispatch
        self._spawn = spawn
        self._forget = forget
        self._pages = pages
        self.ssl = tls_context(config.tls_cert, config.tls_key) if config.tls_cert and config.tls_key else None
        self.connections: set[Connection] = set()
        self.addresses = AddressCounter(config.max_connections_per_address)
        self.accepting = True
        self.port: int | None = None
        self._server: Server | None = None

    async def start(self) -> int | None:
        """Listen; return the bound port. Raises :class:`ListenError` if the address is unusable."""
        try:
            self._server = await serve(
                self._handler,
                self.config.host,
                self.config.port,
                process_request=self._process_request,
                max_size=self.config.max_message_bytes,
                ping_interval=self.config.ping_interval,
                ping_timeout=self.config.ping_timeout,
                compression=None,
                server_header=P.SERVER_NAME,
                ssl=self.ssl,
            )
        except OSError as exc:  # the port is taken, the host is not this machine's...
            raise ListenError(self.config.host, self.config.port, exc) from exc
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else None
        return self.port

    def stop_accepting(self) -> None:
        """Refuse new connections from now on (the server is shutting down)."""
        self.accepting = False

    async def close(self) -> None:
        """Say goodbye on every connection, close them, and wait (up to 5 s) until they are."""
        for conn in list(self.connections):
            conn.send(wire.ByePush(reason="the server is shutting down", code="shutdown"))
            conn.flush()
        if self._server is not None:
            self._server.close(close_connections=True)
            try:
                await asyncio.wait_for(self._server.wait_closed(), timeout=5)
            except TimeoutError:
                log.warning("connections did not close in time")

    def _process_request(self, connection: ServerConnection, request: Any) -> Any:
        page = self._pages(request.path.partition("?")[0], request.headers) if "Upgrade" not in request.headers else None
        if page is not None:
            response = connection.respond(page.status, "")
            response.body = page.body
            for name, value in (("Content-Type", page.content_type), ("Content-Length", str(len(page.body))),
                                ("Cache-Control", page.cache), *page.headers):
                if name in response.headers:  # respond() set some for its own text
                    del response.headers[name]
                response.headers[name] = value
            return response
        address = self._address(connection)
        if self.addresses.full(address) or not self.accepting:
            self.metrics.cut_off["too_many_connections"] += 1
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many connections from your address\n")
        return None

    async def _handler(self, ws: ServerConnection) -> None:
        address = self._address(ws)
        if not self.addresses.acquire(address):
            self.metrics.cut_off["too_many_connections"] += 1
            await ws.close(1013, "too many connections from your address")
            return
        conn = Connection(ws, address, self.config, self.metrics, self._dispatch, self._spawn)
        self.connections.add(conn)
        self.metrics.connections_total += 1
        try:
            await conn.run()
        finally:
            self.connections.discard(conn)
            self.addresses.release(address)
            conn.closing = True
            self._forget(conn)


    def _address(self, connection: ServerConnection) -> str:
        """The client's address: the peer's, or, when the peer is a trusted proxy, the last
        address its X-Forwarded-For added (the one the proxy saw)."""
        remote = connection.remote_address
        peer = str(remote[0]) if isinstance(remote, tuple) and remote else str(remote)
        if peer in self.config.trusted_proxies and connection.request is not None:
            forwarded = connection.request.headers.get("X-Forwarded-For", "")
            hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
            if hops:
                return hops[-1]
        return peer
