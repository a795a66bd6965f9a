"""The seats of a game, who follows it, and the game's three statuses.

Standard library and ``shared.rules.terrain`` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from shared.rules.terrain import Player

OPEN, ACTIVE, OVER = "open", "active", "over"


class Subscriber(Protocol):
    """A connection as a game host sees it: something with an id to push frames to."""

    id: int

    def push(self, data: bytes) -> None: ...


@dataclass
class Seat:
    """One side of the board and who holds it."""

    player: Player
    user_id: int | None = None
    token_hash: str | None = None
    bot_level: int | None = None
    conns: set[Any] = field(default_factory=set)
    absent_since: float | None = None  # wall time the last connection left (None: present/unknown)

    @property
    def taken(self) -> bool:
        """Held by a player (who has the seat's token) or by a bot."""
        return self.token_hash is not None or self.bot_level is not None

    @property
    def is_bot(self) -> bool:
        """Played by the server's bot."""
        return self.bot_level is not None

    @property
    def connected(self) -> bool:
        """A bot, or a player with at least one connection bound to the seat."""
        return self.is_bot or bool(self.conns)
