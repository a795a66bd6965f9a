"""The lobby as a client sees it, kept up to date from ``lobby`` pushes, and the notices.

After ``subscribe_lobby`` the server pushes ``lobby`` messages (``op`` add / change / remove,
``list`` open or live, ``game``, ``entry``); :class:`LobbyState` folds them into two ordered
lists a screen can draw as they are. The client library hands on the reply to ``list_games``
and ``subscribe_lobby`` as a :class:`~client.net.codec.LobbySnapshot`, in its place among
the pushes, so a state kept from messages alone is always right. ``your_turn`` and
``challenge`` pushes are kept in :class:`Notices` until the client reads them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from shared.wire import BotEntry, ChallengePush, LobbyEntry, LobbyPush, YourTurnPush

if TYPE_CHECKING:
    from client.net.codec import LobbySnapshot

Notice = Union[YourTurnPush, ChallengePush]
"""A push about another game of this account: its turn there, or a challenge."""


@dataclass
class LobbyState:
    """Open games (seeks), games in play, and the server's bots with their ratings."""

    open: dict[str, LobbyEntry] = field(default_factory=dict)  # game id -> lobby entry
    live: dict[str, LobbyEntry] = field(default_factory=dict)
    bots: list[BotEntry] = field(default_factory=list)
    changes: int = 0  # counts every change, so a screen can tell when to redraw

    def replace(self, snapshot: "LobbySnapshot") -> None:
        """Take the whole lobby (the reply to ``list_games`` or ``subscribe_lobby``)."""
        self.open = {entry.game: entry for entry in snapshot.open}
        self.live = {entry.game: entry for entry in snapshot.live}
        self.bots = list(snapshot.bots)
        self.changes += 1

    def apply(self, message: Any) -> bool:
        """Fold one ``lobby`` push in; True if it changed anything."""
        if not isinstance(message, LobbyPush):
            return False
        lists = {"open": self.open, "live": self.live}
        target = lists.get(message.list_name)
        if target is None:
            return False
        game = message.game
        if message.op == "remove":
            if target.pop(game, None) is None:
                return False
        elif message.entry is not None:
            target[game] = message.entry
            if message.op == "add":  # newest first, as the server lists them
                lists[message.list_name] = {game: target.pop(game), **target}
                if message.list_name == "open":
                    self.open = lists["open"]
                else:
                    self.live = lists["live"]
        self.changes += 1
        return True

    def seeks(self) -> list[LobbyEntry]:
        """The open games, newest first."""
        return list(self.open.values())

    def games_in_play(self) -> list[LobbyEntry]:
        """The public games in play, newest first."""
        return list(self.live.values())


@dataclass
class Notices:
    """``your_turn`` and ``challenge`` pushes, oldest first, until taken."""

    items: deque[Notice] = field(default_factory=lambda: deque(maxlen=100))

    def apply(self, message: Any) -> bool:
        """Keep ``message`` if it is a notice."""
        if isinstance(message, (YourTurnPush, ChallengePush)):
            self.items.append(message)
            return True
        return False

    def take(self) -> list[Notice]:
        """The notices received since the last call."""
        out = list(self.items)
        self.items.clear()
        return out
