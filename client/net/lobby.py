"""The lobby as a client sees it, kept up to date from ``lobby`` pushes, and the notices.

After ``subscribe_lobby`` the server pushes ``lobby`` messages (``op`` add / change / remove,
``list`` open or live, ``game``, ``entry``); :class:`LobbyState` folds them into two ordered
lists a screen can draw as they are. The client library hands on the reply to ``list_games``
and ``subscribe_lobby`` as a ``lobby`` message with ``op`` ``replace``, in its place among
the pushes, so a state kept from messages alone is always right. ``your_turn`` and ``challenge`` pushes are kept in
:class:`Notices` until the client reads them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

NOTICE_TYPES = frozenset({"your_turn", "challenge"})


@dataclass
class LobbyState:
    """Open games (seeks), games in play, and the server's bots with their ratings."""

    open: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> lobby entry
    live: dict[str, dict[str, Any]] = field(default_factory=dict)
    bots: list[dict[str, Any]] = field(default_factory=list)
    changes: int = 0  # counts every change, so a screen can tell when to redraw

    def replace(self, data: dict[str, Any]) -> None:
        """Take the whole lobby (the reply to ``list_games`` or ``subscribe_lobby``)."""
        self.open = {entry["game"]: entry for entry in data.get("open", [])}
        self.live = {entry["game"]: entry for entry in data.get("live", [])}
        self.bots = list(data.get("bots", []))
        self.changes += 1

    def apply(self, message: dict[str, Any]) -> bool:
        """Fold one ``lobby`` push in (or the client library's ``op: replace`` message, made
        from a ``list_games``/``subscribe_lobby`` reply in its place among the pushes); True if
        it changed anything."""
        if message.get("type") != "lobby":
            return False
        if message.get("op") == "replace":
            self.replace(message)
            return True
        lists = {"open": self.open, "live": self.live}
        target = lists.get(message.get("list", ""))
        if target is None:
            return False
        game = message["game"]
        if message.get("op") == "remove":
            if target.pop(game, None) is None:
                return False
        else:
            target[game] = message["entry"]
            if message.get("op") == "add":  # newest first, as the server lists them
                lists[message["list"]] = {game: target.pop(game), **target}
                if message["list"] == "open":
                    self.open = lists["open"]
                else:
                    self.live = lists["live"]
        self.changes += 1
        return True

    def seeks(self) -> list[dict[str, Any]]:
        """The open games, newest first."""
        return list(self.open.values())

    def games_in_play(self) -> list[dict[str, Any]]:
        """The public games in play, newest first."""
        return list(self.live.values())


@dataclass
class Notices:
    """``your_turn`` and ``challenge`` pushes, oldest first, until taken."""

    items: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=100))

    def apply(self, message: dict[str, Any]) -> bool:
        """Keep ``message`` if it is a notice."""
        if message.get("type") in NOTICE_TYPES:
            self.items.append(message)
            return True
        return False

    def take(self) -> list[dict[str, Any]]:
        """The notices received since the last call."""
        out = list(self.items)
        self.items.clear()
        return out
