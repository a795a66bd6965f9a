"""The lobby's read side: the lobby (listed and pushed live), a user's own games, records.

``list_games`` answers once; ``subscribe_lobby`` answers the same and then pushes every change
(:class:`~server.lobby.pushes.LobbyFeed`). ``my_games`` lists the account's games in progress
from memory (every unfinished game is in memory): whose move, the clock, the opponent; and the
challenges waiting for the account's answer. ``export`` gives the record of a finished game.
On a cluster node, :attr:`Listings.elsewhere` and :attr:`Listings.mine_elsewhere` add the other
nodes' part (:mod:`server.remote.lobby`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

import msgspec

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.host.game_host import GameHost
from server.host.seats import ACTIVE, OPEN, OVER
from server.lobby.accounts import Accounts
from server.lobby.clients import Client
from server.lobby.pushes import LobbyFeed
from server.lobby.ratings import Ratings, bot_subject
from server.lobby.registry import GameRegistry
from server.mapcodec import map_from_text
from server.store.records import StoredGame
from shared.rules.presets import get_rules
from shared.rules.record import GameRecord
from shared.rules.terrain import Player
from shared.wire import replies as R

LIST_LIMIT = 100  # games per list in list_games


class GameReader(Protocol):
    """The store as the listings see it (synchronous reads, run in a worker thread)."""

    def load_game(self, game_id: str) -> StoredGame | None: ...


class Listings:
    """The ``list_games``, ``subscribe_lobby``, ``unsubscribe_lobby``, ``my_games`` and
    ``export`` requests."""

    def __init__(
        self,
        registry: GameRegistry,
        accounts: Accounts,
        store: GameReader,
        feed: LobbyFeed,
        ratings: Ratings,
        bot_names: Callable[[], dict[int, str]],
        challenges: Callable[[int], list[dict[str, Any]]],
    ) -> None:
        """``bot_names()`` gives the AI levels' names; ``challenges(user_id)`` the challenges
        waiting for that user's answer."""
        self.registry = registry
        self.accounts = accounts
        self.store = store
        self.feed = feed
        self.ratings = ratings
        self._bot_names = bot_names
        self._challenges = challenges
        # A cluster node's view of the other nodes (server.remote.lobby): their listed games as
        # (list, entry), and an account's games and challenges there.
        self.elsewhere: Callable[[], Iterable[tuple[str, dict[str, Any]]]] = tuple
        self.mine_elsewhere: Callable[[int], Awaitable[dict[str, list[dict[str, Any]]]]] | None = None

    def lobby(self) -> dict[str, Any]:
        """Public games waiting for a player and in play (newest first), and the bots."""
        lists: dict[str, list[dict[str, Any]]] = {"open": [], "live": []}
        for host in sorted(self.registry.hosts.values(), key=lambda h: -h.created):
            listed = self.registry.listed_in(host)
            if listed in lists and len(lists[listed]) < LIST_LIMIT:
                lists[listed].append(self.registry.entry(host))
        for listed, entry in self.elsewhere():
            if listed in lists and entry["game"] not in self.registry.hosts:
                lists[listed].append(entry)
        open_games, live = ([*sorted(lines, key=lambda e: -e.get("created", 0))][:LIST_LIMIT] for lines in lists.values())
        bots = [
            {"level": level, "name": name, "ratings": self.ratings.of(bot_subject(level))}
            for level, name in sorted(self._bot_names().items())
        ]
        return {"open": open_games, "live": live, "bots": bots}

    async def list_games(self, client: Client, req: P.ListGames) -> R.LobbyReply:
        """The lobby, once."""
        return msgspec.convert(self.lobby(), R.LobbyReply)

    async def subscribe_lobby(self, client: Client, req: P.SubscribeLobby) -> R.LobbyReply:
        """The lobby now, and a ``lobby`` push for every change from now on."""
        self.feed.subscribe(client)
        return msgspec.convert(self.lobby(), R.LobbyReply)

    async def unsubscribe_lobby(self, client: Client, req: P.UnsubscribeLobby) -> R.UnsubscribedReply:
        """No more ``lobby`` pushes."""
        return R.UnsubscribedReply(subscribed=False, was_subscribed=self.feed.unsubscribe(client))

    async def my_games(self, client: Client, req: P.MyGames) -> R.MyGamesReply:
        """The account's games in progress (those where it must act first) and the challenges
        waiting for its answer."""
        user = self.accounts.require(client)
        mine = self.mine_here(user.id)
        if self.mine_elsewhere is not None:  # a cluster node: the account's games on the others too
            there = await self.mine_elsewhere(user.id)
            for key in ("games", "challenges"):
                known = {line["game"]: line for line in mine[key]}
                for line in there[key]:
                    held = known.get(line["game"])  # a game moving may show on two nodes
                    if held is None or line.get("version", 0) > held.get("version", 0):
                        known[line["game"]] = line
                mine[key] = list(known.values())
        mine["games"].sort(key=lambda g: (not g["my_move"], -g["created"]))
        return msgspec.convert(mine, R.MyGamesReply)

    def mine_here(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """The account's games in progress on this node, and the challenges waiting for it here."""
        now = time.time()
        games = []
        for host in self.registry.games_of(user_id):
            if host.status not in (OPEN, ACTIVE):
                continue
            seat = next(p for p, s in host.seats.items() if s.user_id == user_id)
            games.append(my_game_line(host, seat, now))
        return {"games": games, "challenges": self._challenges(user_id)}

    async def export(self, client: Client, req: P.Export) -> R.ExportReply:
        """The record of a finished game: public, or one the client plays in or watches, or
        one its account holds a seat in."""
        host = self.registry.hosts.get(req.game)
        allowed = req.game in client.seats or req.game in client.watching
        if host is not None:
            mine = client.user_id is not None and any(s.user_id == client.user_id for s in host.seats.values())
            if not (host.public or allowed or mine):
                raise ProtocolError("no_such_game", "no game with that id or code")
            if host.status != OVER:
                raise ProtocolError("not_finished", "records are exported when the game is over")
            return R.ExportReply(game=host.id, record=host.record_text(), result=host.result_data)
        stored = await asyncio.to_thread(self.store.load_game, req.game)
        mine = stored is not None and client.user_id is not None and any(
            s.user_id == client.user_id for s in stored.seats.values()
        )
        if stored is None or not (stored.settings.get("public", True) or allowed or mine):
            raise ProtocolError("no_such_game", "no game with that id or code")
        if stored.status != OVER:
            raise ProtocolError("not_finished", "records are exported when the game is over")
        end = stored.result if stored.result and stored.result.get("reason") not in SERVER_ENDINGS else None
        record = GameRecord(
            map_from_text(stored.map_text),
            get_rules(stored.rules),
            stored.seed,
            Player(stored.first),
            [data for _v, data, _t in stored.actions],
            end,
        )
        return R.ExportReply(game=stored.id, record=record.to_text(), result=stored.result)


# Results the server decides, not the engine (the operator's too: scryptic admin).
SERVER_ENDINGS = ("agreed", "aborted", "declined", "adjudicated", "forfeit")


def my_game_line(host: GameHost, seat: Player, now: float) -> dict[str, Any]:
    """One of the account's games in progress, as ``my_games`` lists it."""
    other = host.seats[seat.other]
    actor = None if host.status != ACTIVE or host.game.over else host.game.actor
    return {
        "game": host.id,
        "seat": int(seat),
        "status": host.status,
        "map": host.map_name,
        "rules": host.rules_name,
        "time_control": host.time_control,
        "rated": host.rated,
        "family": host.family,
        "public": host.public,
        "challenged": host.challenged,
        "opponent": {"id": other.user_id, "name": host.player_name(seat.other), "bot": other.bot_level},
        "to_act": None if actor is None else int(actor),
        "my_move": actor == seat,
        "version": host.version,
        "clock": host.clock.public(now),
        "offers": {kind: sorted(int(p) for p in host.offers.get(kind, ())) for kind in ("draw", "takeback")},
        "created": host.created,
    }
