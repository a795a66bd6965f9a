"""Per-viewer snapshots and events (RULINGS R13), computed once per viewer class.

``Game.view(viewer)`` reads both crosswords, which dominates the cost of an update; a server
sending every accepted action to both players (and spectators) would pay it three times. The
spectator view is computed once and each player's view is derived from it by adding exactly the
one thing a player sees that a spectator does not: their own rack. ``tests/server`` checks over
whole games that this equals ``game.view(player)``.

Once the game is over nothing is secret any more (the record, seed included, is public): every
viewer, spectators too, sees both racks (``reveal``). A game the server ended without the
engine (a draw agreed, an abort) shows that ``result`` in its view.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shared.rules.events import Event
from shared.rules.game import Game
from shared.rules.terrain import Player

Viewer = Player | None


class ViewCache:
    """Views of one game at one version, computed lazily per viewer."""

    def __init__(self, game: Game, *, result: dict[str, Any] | None = None, reveal: bool = False) -> None:
        """``result``: the server's result when the engine game has none; ``reveal``: show
        both racks to everyone (the game is over)."""
        self.game = game
        self.result = result
        self.reveal = reveal or game.over
        self._base: dict[str, Any] | None = None
        self._views: dict[Viewer, dict[str, Any]] = {}

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` (a player, or None for a spectator) may see of the whole state."""
        cached = self._views.get(viewer)
        if cached is not None:
            return cached
        if self._base is None:
            self._base = self.game.view(None)
            if self.reveal:
                players = {key: {**entry, "rack": "".join(self.game.racks[Player(int(key))])}
                           for key, entry in self._base["players"].items()}
                self._base = {**self._base, "players": players}
            if self.result is not None and self._base["result"] is None:
                self._base = {**self._base, "result": {"winner": self.result["winner"], "reason": self.result["reason"]}}
        if viewer is None:
            out = self._base
        else:
            key = str(int(viewer))
            players = dict(self._base["players"])
            mine = dict(players[key])
            mine["rack"] = "".join(self.game.racks[viewer])
            players[key] = mine
            out = {**self._base, "players": players, "viewer": int(viewer)}
        self._views[viewer] = out
        return out


def events_for(events: Iterable[Event], viewer: Viewer) -> list[dict[str, Any]]:
    """The events as ``viewer`` may see them (events a viewer may not see are left out)."""
    out = []
    for event in events:
        data = event.to_dict(viewer)
        if data is not None:
            out.append(data)
    return out
