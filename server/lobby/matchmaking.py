"""Matchmaking: what a server offers, creating games, joining them (by id or code), rematches.

A new game is written to the store before anyone is told of it; then it gets a game host in
the registry. A private game gets a join code, by which the second player finds it.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any, Protocol

import msgspec

from server.config import ServerConfig
from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.host.clocks import FAMILIES, family_of
from server.host.game_host import GameHost
from server.host.offers import REMATCH
from server.host.seats import ACTIVE, OPEN, OVER
from server.lobby.accounts import Accounts, User, hash_token, new_token
from server.lobby.clients import Client, check_quota, seated
from server.lobby.registry import GameRegistry
from server.mapcodec import map_to_text
from server.store.records import StoredGame, StoredSeat, StoreError
from shared.maps.format import MapError, parse_map
from shared.rules.presets import PRESETS, get_rules
from shared.rules.terrain import GameMap, Player
from shared.wire import replies as R

log = logging.getLogger("scryptic.server")


class GameWriter(Protocol):
    """The store as matchmaking sees it: a new game is one durable unit (raises StoreError)."""

    async def add_game(self, game: StoredGame) -> None: ...


class BotLevels(Protocol):
    """What matchmaking needs to know of the bot player: its name and levels."""

    @property
    def label(self) -> str: ...

    def level_names(self) -> dict[int, str]: ...

    def levels(self) -> list[int]: ...


class Matchmaking:
    """The ``create_game``, ``join`` and ``rematch`` requests, and the server's offer."""

    def __init__(
        self,
        config: ServerConfig,
        maps: dict[str, GameMap] | None,
        registry: GameRegistry,
        accounts: Accounts,
        store: GameWriter,
        bots: BotLevels,
    ) -> None:
        """``maps`` by key (a file stem); a map is also found by its own name, ignoring case."""
        self.config = config
        self.registry = registry
        self.accounts = accounts
        self.store = store
        self.bots = bots
        self.maps: dict[str, GameMap] = {}
        for key, game_map in (maps or {}).items():
            self.maps[key.casefold()] = game_map
            self.maps.setdefault(game_map.name.casefold(), game_map)
        # The first of hello's sorted ``maps`` (docs/protocol.md), not the first file loaded.
        self.default_map = min((m.name for m in maps.values()), default=None) if maps else None

    def offer(self) -> dict[str, Any]:
        """What ``hello`` tells a client: rule sets, maps, the AI and its levels, the limits."""
        return {
            "presets": list(PRESETS),
            "maps": sorted({m.name for m in self.maps.values()}),
            "bot": self.bots.label,
            "bot_levels": {str(n): name for n, name in self.bots.level_names().items()},
            "families": list(FAMILIES),
            "limits": {
                "max_message_bytes": self.config.max_message_bytes,
                "rate_per_second": self.config.rate_per_second,
                "rate_burst": self.config.rate_burst,
                "idle_timeout": self.config.idle_timeout,
                "defence_timeout": self.config.defence_timeout,
                "abandon_grace": self.config.abandon_grace,
            },
        }

    def _resolve_map(self, req: P.CreateGame | P.Challenge) -> GameMap:
        if req.map is not None and req.map_text is not None:
            raise ProtocolError("bad_map", "give either map (a name) or map_text, not both")
        if req.map_text is not None:
            if len(req.map_text.encode()) > self.config.max_map_text_bytes:
                raise ProtocolError("bad_map", f"map_text is over {self.config.max_map_text_bytes} bytes")
            try:
                return parse_map(req.map_text, source="map_text")
            except MapError as exc:
                raise ProtocolError("bad_map", str(exc)) from None
        name = req.map if req.map is not None else self.default_map
        if name is None:
            raise ProtocolError("bad_map", "this server has no maps; send map_text")
        game_map = self.maps.get(name.casefold())
        if game_map is None:
            known = ", ".join(sorted({m.name for m in self.maps.values()})) or "none"
            raise ProtocolError("bad_map", f"no map called {name!r} (maps: {known})")
        return game_map

    def check_new_game(self, client: Client, user: User, req: P.CreateGame | P.Challenge) -> tuple[GameMap, str]:
        """Refuse settings a new game cannot have; the map and the rule set's name."""
        check_quota(client)
        if self.registry.closing:
            raise ProtocolError("server_busy", "the server is shutting down")
        waiting = self.registry.open_games_of(user.id)
        if waiting >= self.config.max_open_games_per_user:
            raise ProtocolError(
                "too_many_open_games", f"you already have {waiting} games waiting for an opponent"
            )
        game_map = self._resolve_map(req)
        try:
            rules = get_rules(req.rules)
        except ValueError as exc:
            raise ProtocolError("bad_rules", str(exc)) from None
        if req.seed is not None and not self.config.allow_client_seed:
            raise ProtocolError("seed_not_allowed", "this server chooses the seed itself")
        if req.rated and (req.map_text is not None or family_of(msgspec.to_builtins(req.time_control)) is None):
            raise ProtocolError("not_rateable", "rated games are played on one of the server's maps, with a clock")
        return game_map, rules.name

    async def open_game(
        self, client: Client, user: User, req: P.CreateGame | P.Challenge, settings: dict[str, Any], bot_level: int | None
    ) -> R.CreatedReply:
        """Make the game ``req`` describes with ``user`` in their seat (checked first)."""
        game_map, rules_name = self.check_new_game(client, user, req)
        seed = req.seed if req.seed is not None else secrets.randbits(62)
        seat = Player.GOLD if req.seat == "gold" else Player.SILVER if req.seat == "silver" else secrets.choice([Player.GOLD, Player.SILVER])
        first = Player.GOLD if req.first == "gold" else Player.SILVER if req.first == "silver" else secrets.choice([Player.GOLD, Player.SILVER])
        token = new_token()
        seats = {int(seat): StoredSeat(int(seat), user.id, hash_token(token), None)}
        status = OPEN
        if bot_level is not None:
            seats[int(seat.other)] = StoredSeat(int(seat.other), None, None, bot_level)
            status = ACTIVE
        settings = {"time_control": msgspec.to_builtins(req.time_control), "rated": req.rated, **settings}
        private = not settings.get("public", True) and "challenged" not in settings
        host = await self._new_game(game_map, rules_name, seed, first, settings, seats, status, private=private, rematch_of=None)
        client.seats[host.id] = seat
        await host.attach(client, seat, None)
        host.notify_actor()
        log.info("created", extra={"data": {"game": host.id, "user": user.id, "map": game_map.name, "rules": rules_name,
                                            "rated": req.rated, "bot": bot_level, "challenged": settings.get("challenged")}})
        return R.CreatedReply(game=host.id, seat=int(seat), seat_token=token, join_code=host.join_code)

    async def create_game(self, client: Client, req: P.CreateGame) -> R.CreatedReply:
        """A new game against a player (open until joined) or the server's bot (active)."""
        user = self.accounts.require(client)
        if req.opponent == "bot" and req.bot_level not in self.bots.levels():
            raise ProtocolError("bad_bot_level", f"no AI level {req.bot_level}; levels: {', '.join(map(str, self.bots.levels()))}")
        settings = {"public": req.public, "opponent": req.opponent}
        return await self.open_game(client, user, req, settings, req.bot_level if req.opponent == "bot" else None)

    def map_named(self, name: str | None) -> GameMap:
        """One of the server's maps by name (None: the default), or ``bad_map``."""
        return self._resolve_map(P.CreateGame(id=0, map=name))

    async def paired_game(self, map_name: str, rules_name: str, time_control: dict[str, Any], rated: bool,
                          gold: int, silver: int, settings: dict[str, Any]) -> GameHost:
        """A game made by the server between two accounts (a tournament's pairing): it starts at
        once; each player attaches to their seat by account."""
        seats = {seat: StoredSeat(seat, user, hash_token(new_token()), None) for seat, user in ((1, gold), (2, silver))}
        settings = {"time_control": time_control, "rated": rated, "public": True, "opponent": "human", **settings}
        host = await self._new_game(self.map_named(map_name), rules_name, secrets.randbits(62), Player.GOLD, settings,
                                    seats, ACTIVE, private=False, rematch_of=None)
        host.notify_actor()
        return host

    async def _new_game(
        self,
        game_map: GameMap,
        rules_name: str,
        seed: int,
        first: Player,
        settings: dict[str, Any],
        seats: dict[int, StoredSeat],
        status: str,
        *,
        private: bool,
        rematch_of: str | None,
    ) -> GameHost:
        now = time.time()
        stored = StoredGame(
            id=self.registry.new_game_id(),
            created=now,
            updated=now,
            map_name=game_map.name,
            map_text=map_to_text(game_map),
            rules=rules_name,
            seed=seed,
            first=int(first),
            settings=settings,
            join_code=self.registry.new_join_code() if private else None,
            status=status,
            result=None,
            clock=None,
            rematch_of=rematch_of,
            seats=seats,
        )
        try:
            host = self.registry.new_host(stored)
        except ValueError as exc:  # e.g. the map gives a player no city
            raise ProtocolError("bad_map", str(exc)) from None
        stored.clock = host.start_clock(now)
        try:
            await self.store.add_game(stored)
        except StoreError:
            raise ProtocolError("store_failed", "could not store the new game") from None
        self.registry.register(host)
        host.start_after_load(now)
        return host

    async def join(self, client: Client, req: P.Join) -> R.SeatReply:
        """Take the open seat of a game found by id or code; the game starts."""
        user = self.accounts.require(client)
        check_quota(client)
        host = await self.registry.find(req.game, req.code, "join")
        return await self.take_seat(client, user, host)

    async def take_seat(self, client: Client, user: User, host: GameHost) -> R.SeatReply:
        """``user`` takes the open seat of ``host``; the game starts and both players get its
        ``info``."""
        if host.status != OPEN:
            raise ProtocolError("game_full", f"game {host.id} is not waiting for a player")
        if host.challenged is not None and host.challenged != user.id:
            raise ProtocolError("no_such_game", "no game with that id or code")
        token = new_token()
        player = await host.join(user.id, hash_token(token))
        client.seats[host.id] = player
        await host.attach(client, player, None)
        host.broadcast_info()
        host.notify_actor()
        log.info("joined", extra={"data": {"game": host.id, "user": user.id, "seat": int(player)}})
        return R.SeatReply(game=host.id, seat=int(player), seat_token=token)

    async def rematch(self, client: Client, req: P.Rematch) -> R.RematchReply:
        """Offer, accept or decline a rematch; when both want it (or the other is the bot) the
        new game starts at once: same map, rules and clock, colours swapped, seats kept. The
        offers are stored with the game (they survive a restart)."""
        host, player = seated(client, self.registry.hosts, req.game)
        async with host.lock:
            if host.status != OVER:
                raise ProtocolError("no_rematch", "the game is not over yet")
            if host.rematch_game is not None:
                return R.RematchReply(game=host.rematch_game, seat=int(player.other), started=True)
            if not req.accept:
                await host.desk.store_offers(host.desk.offers_after({REMATCH}))
                host.broadcast_info()
                return R.RematchReply(started=False, declined=True)
            other = player.other
            if not (host.seats[other].is_bot or other in host.offers.get(REMATCH, ())):
                await host.desk.store_offers(host.desk.offers_after(set(), (REMATCH, player)))
                host.broadcast_info()
                return R.RematchReply(started=False, offered=True)
            if not all(seat.taken for seat in host.seats.values()):
                raise ProtocolError("no_rematch", "nobody took the other seat of that game")
            # Both want it: same map, rules and clock; colours swap, seat tokens carry over.
            seats = {}
            for p, seat in host.seats.items():
                swapped = p.other
                seats[int(swapped)] = StoredSeat(int(swapped), seat.user_id, seat.token_hash, seat.bot_level)
            settings = {k: v for k, v in host.settings.items() if k != "challenged"}
            new_host = await self._new_game(
                host.game.map,
                host.rules_name,
                secrets.randbits(62),
                host.first,
                settings,
                seats,
                ACTIVE,
                private=not host.public,
                rematch_of=host.id,
            )
            host.rematch_game = new_host.id
            host.offers.pop(REMATCH, None)
            for p, seat in host.seats.items():
                for c in list(seat.conns):
                    c.seats[new_host.id] = p.other
                    await new_host.attach(c, p.other, None)
            host.broadcast_info()
            new_host.notify_actor()
        log.info("rematch", extra={"data": {"game": host.id, "new_game": new_host.id}})
        return R.RematchReply(game=new_host.id, seat=int(player.other), started=True)
