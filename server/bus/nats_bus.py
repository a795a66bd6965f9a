"""The NATS bus of a cluster node: :class:`NatsBus`, through nats-py.

The client reconnects by itself (forever, every half second) when the NATS server goes; while it
is away, requests fail with :class:`~server.bus.interface.BusError` after their timeout (or at
once: "no responders", "connection closed"), and subscriptions come back with the connection.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import nats
import nats.errors
from nats.aio.client import Client

from server.bus.interface import (
    BusError,
    BusUnavailable,
    Handler,
    Listener,
    NoResponders,
)

log = logging.getLogger("scryptic.bus")

_TEMPORARY = (nats.errors.Error, asyncio.TimeoutError, OSError)


class _NatsSubscription:
    def __init__(self, sub: Any) -> None:
        self._sub = sub

    async def stop(self) -> None:
        try:
            await self._sub.unsubscribe()
        except _TEMPORARY:
            pass  # the connection is gone: so is the subscription


class NatsBus:
    """A :class:`~server.bus.interface.MessageBus` over a NATS server."""

    def __init__(self, client: Client) -> None:
        """Use :meth:`connect` to make one."""
        self._nc = client
        self._tasks: set[asyncio.Task[None]] = set()

    @classmethod
    async def connect(cls, url: str, name: str = "scryptic") -> NatsBus:
        """Connect to the NATS server(s) at ``url`` (comma-separated for several); raise
        BusError if none answers."""

        async def disconnected() -> None:
            log.warning("nats disconnected", extra={"data": {"url": url}})

        async def reconnected() -> None:
            log.warning("nats reconnected", extra={"data": {"url": url}})

        async def on_error(exc: Exception) -> None:
            log.warning("nats error", extra={"data": {"error": repr(exc)}})

        try:
            client = await nats.connect(
                servers=url.split(","), name=name, allow_reconnect=True, max_reconnect_attempts=-1,
                reconnect_time_wait=0.5, connect_timeout=3, ping_interval=5, max_outstanding_pings=2,
                disconnected_cb=disconnected, reconnected_cb=reconnected,
                error_cb=on_error,
            )
        except Exception as exc:  # noqa: BLE001 - any failure to connect is told to the operator
            raise BusError(f"cannot reach the NATS server at {url}: {exc!r}") from None
        return cls(client)

    @property
    def connected(self) -> bool:
        """Whether the connection is up now."""
        return bool(self._nc.is_connected)

    async def request(self, subject: str, payload: bytes, timeout: float) -> bytes:
        """The reply of the subject's server; BusError if none, none in time, or no connection."""
        if not self._nc.is_connected:
            raise BusUnavailable("the message bus is unavailable (reconnecting)")
        try:
            msg = await self._nc.request(subject, payload, timeout=timeout)
        except nats.errors.NoRespondersError:
            raise NoResponders(f"nobody serves {subject}") from None
        except _TEMPORARY as exc:
            raise BusError(f"no reply on {subject}: {exc.__class__.__name__}") from None
        return bytes(msg.data)

    async def serve(self, subject: str, handler: Handler) -> _NatsSubscription:
        """Answer requests on ``subject`` (each in its own task, so a slow one holds no other)."""

        async def on_message(msg: Any) -> None:
            task = asyncio.ensure_future(answer(msg))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        async def answer(msg: Any) -> None:
            try:
                reply = await handler(msg.data)
            except Exception:  # noqa: BLE001 - the requester times out; the node goes on
                log.exception("bus handler failed", extra={"data": {"subject": subject}})
                return
            try:
                await msg.respond(reply)
            except _TEMPORARY:
                pass  # the requester will time out and may ask again

        return _NatsSubscription(await self._subscribe(subject, on_message))

    async def publish(self, subject: str, payload: bytes) -> None:
        """Send ``payload`` to every listener of ``subject``; BusError without a connection."""
        if not self._nc.is_connected:
            raise BusUnavailable("the message bus is unavailable (reconnecting)")
        try:
            await self._nc.publish(subject, payload)
        except _TEMPORARY as exc:
            raise BusError(f"cannot publish on {subject}: {exc.__class__.__name__}") from None

    async def subscribe(self, subject: str, listener: Listener) -> _NatsSubscription:
        """Call ``listener`` for every message on ``subject``."""

        async def on_message(msg: Any) -> None:
            listener(bytes(msg.data))

        return _NatsSubscription(await self._subscribe(subject, on_message))

    async def _subscribe(self, subject: str, callback: Any) -> Any:
        try:
            return await self._nc.subscribe(subject, cb=callback)
        except _TEMPORARY as exc:
            raise BusError(f"cannot subscribe to {subject}: {exc.__class__.__name__}") from None

    async def close(self) -> None:
        """Drain nothing, close the connection."""
        try:
            await self._nc.close()
        except _TEMPORARY:
            pass
