"""The message bus as the server uses it: :class:`MessageBus` and the subjects of a game.

Two patterns, the ones a cluster needs:

- request/reply: a node sends a request for a game to the subject only that game's owner
  serves (:func:`request_subject`), and waits for the one reply;
- publish/subscribe: a node tells every other node something, each listener hearing it
  (its beats, :func:`beat_subject`; a game that arrived on it, :func:`arrival_subject`; its
  lobby's changes, :func:`lobby_subject`).

Payloads are bytes (the server's msgpack frames). Delivery is at most once: a lost update is
noticed by its version and fetched again (a client's ``attach`` with ``since``), and a request
whose reply is lost fails with :class:`BusError`, after which the caller may ask again (an
action carries its expected version, so it is never applied twice).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

Handler = Callable[[bytes], Awaitable[bytes]]
Listener = Callable[[bytes], None]

PREFIX = "scryptic"


class BusError(Exception):
    """The message could not be carried now (no connection, nobody serves the subject, no reply
    in time): a temporary error; nothing was done on the far side, or the caller cannot know
    and must ask again."""


class BusUnavailable(BusError):
    """This node has no connection to the bus now (it reconnects by itself): nothing was sent."""


class NoResponders(BusError):
    """Nobody serves the subject now: the request reached no one, so nothing was done."""


class Subscription(Protocol):
    """A served or subscribed subject; :meth:`stop` ends it."""

    async def stop(self) -> None:
        """Stop receiving on the subject."""
        ...


class MessageBus(Protocol):
    """Requests to the one node serving a subject, and updates to every node listening."""

    async def request(self, subject: str, payload: bytes, timeout: float) -> bytes:
        """Send ``payload`` to whoever serves ``subject`` and return its reply; raise
        :class:`BusError` if nobody serves it or no reply came within ``timeout`` seconds."""
        ...

    async def serve(self, subject: str, handler: Handler) -> Subscription:
        """Answer requests on ``subject`` with ``await handler(payload)``."""
        ...

    async def publish(self, subject: str, payload: bytes) -> None:
        """Send ``payload`` to every listener of ``subject`` (none is fine)."""
        ...

    async def subscribe(self, subject: str, listener: Listener) -> Subscription:
        """Call ``listener(payload)`` for every message published on ``subject``."""
        ...

    async def close(self) -> None:
        """Stop everything and let go of the connection."""
        ...


def request_subject(game_id: str) -> str:
    """Where a game's owner answers requests for the game."""
    return f"{PREFIX}.game.{game_id}.req"


def node_subject(address: str) -> str:
    """Where a node receives what other nodes send it (its viewers' frames, notices)."""
    return f"{PREFIX}.node.{address}"


def beat_subject() -> str:
    """Where every node says, a few times a second, that it is alive."""
    return f"{PREFIX}.nodes.beat"


def arrival_subject() -> str:
    """Where a node says that a game now runs on it (it claimed the game from a node gone)."""
    return f"{PREFIX}.nodes.arrived"


def lobby_subject() -> str:
    """Where every node publishes its lobby's changes, whole lists and notices to accounts."""
    return f"{PREFIX}.lobby"


def lobby_ask_subject(address: str) -> str:
    """Where a node answers questions about its part of the lobby (an account's games)."""
    return f"{PREFIX}.lobby.ask.{address}"
