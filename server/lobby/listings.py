"""The lobby's read side: the public games, a user's own games, and finished games' records."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.host.seats import ACTIVE, OPEN, OVER
from server.lobby.accounts import Accounts
from server.lobby.clients import Client
from server.lobby.registry import GameRegistry
from server.mapcodec import map_from_text
from server.store.records import StoredGame
from shared.record import GameRecord
from shared.rules import get_rules
from shared.terrain import Player

LIST_LIMIT = 100  # games per list in list_games


class GameReader(Protocol):
    """The store as the listings see it (synchronous reads, run in a worker thread)."""

    def load_game(self, game_id: str) -> StoredGame | None: ...

    def games_of_user(self, user_id: int, limit: int = 50) -> list[dict[str, Any]]: ...


class Listings:
    """The ``list_games``, ``my_games`` and ``export`` requests."""

    def __init__(self, registry: GameRegistry, accounts: Accounts, store: GameReader) -> None:
        self.registry = registry
        self.accounts = accounts
        self.store = store

    async def list_games(self, client: Client, req: P.ListGames) -> dict[str, Any]:
        """Public games waiting for a player, and public games in play, newest first."""
        open_games, live = [], []
        for host in sorted(self.registry.hosts.values(), key=lambda h: -h.created):
            if not host.public:
                continue
            if host.status == OPEN and len(open_games) < LIST_LIMIT:
                open_games.append(host.summary())
            elif host.status == ACTIVE and len(live) < LIST_LIMIT:
                live.append(host.summary())
        return {"open": open_games, "live": live}

    async def my_games(self, client: Client, req: P.MyGames) -> dict[str, Any]:
        """The client's account's recent games, from the store."""
        user = self.accounts.require(client)
        games = await asyncio.to_thread(self.store.games_of_user, user.id)
        return {"games": games}

    async def export(self, client: Client, req: P.Export) -> dict[str, Any]:
        """The record of a finished game (public, or one the client plays in or watches)."""
        host = self.registry.hosts.get(req.game)
        allowed = req.game in client.seats or req.game in client.watching
        if host is not None:
            if not (host.public or allowed):
                raise ProtocolError("no_such_game", "no game with that id or code")
            if not host.game.over:
                raise ProtocolError("not_finished", "records are exported when the game is over")
            return {"game": host.id, "record": host.record_text()}
        stored = await asyncio.to_thread(self.store.load_game, req.game)
        if stored is None or not (stored.settings.get("public", True) or allowed):
            raise ProtocolError("no_such_game", "no game with that id or code")
        if stored.status != OVER:
            raise ProtocolError("not_finished", "records are exported when the game is over")
        record = GameRecord(
            map_from_text(stored.map_text),
            get_rules(stored.rules),
            stored.seed,
            Player(stored.first),
            [data for _v, data, _t in stored.actions],
            stored.result,
        )
        return {"game": stored.id, "record": record.to_text()}
