"""The in-process bus: :class:`LocalBus`, what a single process uses (nothing to install).

Handlers and listeners are called in the same event loop; a request nobody serves fails at
once with :class:`~server.bus.interface.BusError`, as NATS answers "no responders".
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

from server.bus.interface import BusError, Handler, Listener, NoResponders


class _LocalSubscription:
    def __init__(self, table: dict[str, list], subject: str, entry: object) -> None:
        self._table, self._subject, self._entry = table, subject, entry

    async def stop(self) -> None:
        entries = self._table.get(self._subject, [])
        if self._entry in entries:
            entries.remove(self._entry)


class LocalBus:
    """A :class:`~server.bus.interface.MessageBus` inside one process."""

    def __init__(self) -> None:
        self._servers: dict[str, list[Handler]] = defaultdict(list)
        self._listeners: dict[str, list[Listener]] = defaultdict(list)
        self._closed = False

    async def request(self, subject: str, payload: bytes, timeout: float) -> bytes:
        """The reply of the subject's (first) server; BusError if none, or none in time."""
        if self._closed:
            raise BusError("the bus is closed")
        servers = self._servers.get(subject)
        if not servers:
            raise NoResponders(f"nobody serves {subject}")
        try:
            return await asyncio.wait_for(servers[0](payload), timeout)
        except asyncio.TimeoutError:
            raise BusError(f"no reply on {subject} within {timeout:g} s") from None

    async def serve(self, subject: str, handler: Handler) -> _LocalSubscription:
        """Answer requests on ``subject``."""
        self._servers[subject].append(handler)
        return _LocalSubscription(self._servers, subject, handler)

    async def publish(self, subject: str, payload: bytes) -> None:
        """Call every listener of ``subject`` now."""
        if self._closed:
            raise BusError("the bus is closed")
        for listener in list(self._listeners.get(subject, ())):
            listener(payload)

    async def subscribe(self, subject: str, listener: Listener) -> _LocalSubscription:
        """Call ``listener`` for every message on ``subject``."""
        self._listeners[subject].append(listener)
        return _LocalSubscription(self._listeners, subject, listener)

    async def close(self) -> None:
        """Forget every server and listener."""
        self._closed = True
        self._servers.clear()
        self._listeners.clear()
