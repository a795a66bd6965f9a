"""A connection as the lobby sees it (:class:`Client`), and the checks on what it follows.

The edge's :class:`server.edge.connection.Connection` is one; the lobby never imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from server.edge.protocol import ProtocolError
from server.host.game_host import GameHost
from shared.rules.terrain import Player

MAX_SUBSCRIPTIONS = 32  # games one connection may hold seats in or watch at once


class Client(Protocol):
    """One client's session: who it is, and which games it plays in or watches."""

    id: int
    user_id: int | None
    greeted: bool
    seats: dict[str, Player]  # game id -> the seat this connection holds
    watching: set[str]

    def push(self, data: bytes) -> None: ...


def check_quota(client: Client) -> None:
    """Refuse to let ``client`` follow one more game past :data:`MAX_SUBSCRIPTIONS`."""
    if len(client.seats) + len(client.watching) >= MAX_SUBSCRIPTIONS:
        raise ProtocolError("server_busy", f"one connection may follow at most {MAX_SUBSCRIPTIONS} games")


def seated(client: Client, hosts: Mapping[str, GameHost], game_id: str) -> tuple[GameHost, Player]:
    """The live game ``client`` holds a seat in, and the seat; ``not_seated`` otherwise."""
    player = client.seats.get(game_id)
    host = hosts.get(game_id)
    if player is None or host is None:
        raise ProtocolError("not_seated", f"this connection holds no seat in game {game_id}; attach first")
    return host, player
