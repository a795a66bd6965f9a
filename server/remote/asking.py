"""Asking a game's owner over the bus when the answer may never come.

A request sent to a node that has just died can be swallowed: NATS hands it to the dead
node's subscription in the moment before it notices the closed connection, and nobody answers
("no responders" comes only when no subscription is left). The same happens with a node that
hangs. :class:`Asking` ends such a wait early, a moment after the game is known to have moved
(another node announced it, this node claimed it, or its node stopped beating), or after the
timeout.

A lost request may have been done before its node died, so it is sent again only in a form
that cannot do it twice (:func:`again`): a request that changes nothing when repeated, or a
move pinned to a version. The game's owner answers a pinned move it already played at that
version as done (:meth:`~server.host.game_host.GameHost.submit`), and refuses one it did not.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import msgspec

from server.bus.interface import BusError, BusUnavailable, NoResponders
from server.edge import protocol as P
from server.edge.protocol import ProtocolError, request_type

# Doing these twice is doing them once: attaching to a seat, or watching, again.
MAYBE_DONE = "the request may or may not have been done: look at the game's version"
GRACE = 0.25  # seconds a request still waits for its reply once its game is known to have moved


class Lost(Exception):
    """No answer came: the owner did not reply in time, or the game moved while it waited."""


def again(request: P.Request, seen: int | None) -> P.Request | None:
    """The form of ``request`` that is safe to send again after it was lost, or None if there
    is none. ``seen``: the version of the game the connection had been sent when it asked."""
    if request_type(request) in P.REPEATABLE:
        return request
    if isinstance(request, P.Act):
        if request.expect_version is not None:
            return request
        if seen is not None:
            return msgspec.structs.replace(request, expect_version=seen)
    return None


def refusal(exc: ProtocolError, request: P.Request, game_id: str) -> ProtocolError:
    """What to tell the client of ``exc``, a refusal of ``request``. A move the client pinned
    itself and the game refused as stale was not played (the owner answers one it played at
    that version as done); one that :func:`again` pinned may have been played by its lost
    first sending at a later version, so its refusal is not a truthful answer."""
    if exc.code == "stale_version" and isinstance(request, P.Act) and request.expect_version is None:
        return ProtocolError("server_busy", f"game {game_id} changed nodes while this move was on its way, "
                             f"and has moved on since: {MAYBE_DONE}")
    return exc


class _Ask:
    def __init__(self, owner: str | None) -> None:
        self.owner = owner
        self.lost = asyncio.get_running_loop().create_future()


class Asking:
    """The requests this node has on the bus now, by game, so that news of a game moving ends
    their wait."""

    def __init__(self, request: Callable[[str, bytes, float], Awaitable[bytes]], timeout: float) -> None:
        """``request(game_id, payload, timeout)``: the mesh's request to a game's owner."""
        self._request = request
        self.timeout = timeout
        self._waiting: dict[str, list[_Ask]] = {}

    async def ask(self, game_id: str, payload: bytes, owner: str | None) -> bytes:
        """The reply of the node that runs ``game_id`` (``owner``: its address, if known).
        Raises :class:`NoResponders` or :class:`BusUnavailable` as the bus does, and
        :class:`Lost` if no reply came in time or the game moved meanwhile."""
        waiting = _Ask(owner)
        self._waiting.setdefault(game_id, []).append(waiting)
        asking = asyncio.ensure_future(self._request(game_id, payload, self.timeout))
        try:
            await asyncio.wait([asking, waiting.lost], return_when=asyncio.FIRST_COMPLETED)
            if not asking.done():
                # A request that reached the game's new node is answered in a moment; one the
                # old node swallowed never is.
                await asyncio.wait([asking], timeout=GRACE)
        finally:
            asks = self._waiting.get(game_id, [])
            if waiting in asks:
                asks.remove(waiting)
            if not asks:
                self._waiting.pop(game_id, None)
            unanswered = not asking.done()
            if unanswered:  # (also when this wait is cancelled: the request goes with it)
                asking.cancel()
        if unanswered:
            raise Lost(f"game {game_id} moved while the request waited for its old node")
        try:
            return bytes(asking.result())
        except (NoResponders, BusUnavailable):
            raise
        except BusError as exc:
            raise Lost(str(exc)) from None

    def moved(self, game_id: str) -> None:
        """``game_id`` runs on another node now: its requests on the bus are lost."""
        for waiting in self._waiting.get(game_id, []):
            if not waiting.lost.done():
                waiting.lost.set_result(None)

    def gone(self, address: str) -> None:
        """The node at ``address`` stopped beating: the requests asked of it are lost."""
        for asks in self._waiting.values():
            for waiting in asks:
                if waiting.owner == address and not waiting.lost.done():
                    waiting.lost.set_result(None)
