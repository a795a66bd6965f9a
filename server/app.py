"""The game server: users, the lobby, rooms, and the handler of every request type.

:class:`GameServer` owns the store, the rooms (live games) and the connections. ``start()``
reloads every unfinished game by replaying its stored actions through the engine, then serves
websockets; ``stop()`` closes connections, timers and the store cleanly.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import logging
import secrets
import sys
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

import msgspec
from websockets.asyncio.server import Server, ServerConnection, serve

from server import protocol as P
from server import store as S
from server.bots import BotRunner
from server.config import ListenError, ServerConfig
from server.connection import Connection, request_type
from server.limits import AddressCounter
from server.mapcodec import map_from_text, map_to_text
from server.metrics import Metrics
from server.protocol import ProtocolError
from server.room import ACTIVE, OPEN, OVER, Room
from shared.actions import action_from_dict
from shared.lexicon import Lexicon
from shared.maps import MapError, parse_map
from shared.record import GameRecord
from shared.rules import PRESETS, get_rules
from shared.terrain import GameMap, Player

log = logging.getLogger("scryptic.server")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed safely
MAX_SUBSCRIPTIONS = 32  # games one connection may hold seats in or watch at once


def hash_token(token: str) -> str:
    """What the store keeps of a secret token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class User:
    id: int
    name: str
    token_hash: str


class GameServer:
    """One server instance (see the module docstring)."""

    def __init__(
        self,
        config: ServerConfig,
        lexicon: Lexicon,
        maps: dict[str, GameMap] | None = None,
        lexicon_factory: Callable[[], Lexicon] | None = None,
    ) -> None:
        self.config = config
        self.lexicon = lexicon
        self.maps: dict[str, GameMap] = {}
        for key, game_map in (maps or {}).items():
            self.maps[key.casefold()] = game_map
            self.maps.setdefault(game_map.name.casefold(), game_map)
        self.default_map = next(iter(maps)) if maps else None
        self.metrics = Metrics()
        self.store = S.Store(config.resolved_db_path())
        self.bots = BotRunner(lexicon_factory or (lambda: lexicon), config.bot_workers)
        self.users: dict[int, User] = {}
        self.user_by_token: dict[str, int] = {}
        self.rooms: dict[str, Room] = {}
        self.codes: dict[str, str] = {}  # join code -> game id
        self.connections: set[Connection] = set()
        self.addresses = AddressCounter(config.max_connections_per_address)
        self._server: Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._stopping = False
        self.port: int | None = None

    # ------------------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Reload the store, then listen. ``self.port`` is the bound port afterwards."""
        now = time.time()
        state = self.store.load_state()
        for user in state.users:
            self.users[user.id] = User(user.id, user.name, user.token_hash)
            self.user_by_token[user.token_hash] = user.id
        checkpoints: list[S.Statement] = []
        for stored in state.games:
            try:
                room = Room(self, stored, self.lexicon)
            except Exception as exc:  # noqa: BLE001 - one bad game must not keep the others down
                log.error("game not reloaded", extra={"data": {"game": stored.id, "error": repr(exc)}})
                continue
            self._register(room)
            checkpoint = room.resume_clock(state.heartbeat, now)
            if checkpoint is not None:
                checkpoints.append(S.update_game(room.id, clock=checkpoint))
        checkpoints.append(S.heartbeat(now))
        await self.store.write(checkpoints)
        for room in self.rooms.values():
            room.start_after_load(now)
        self._freeze_heap()
        log.info(
            "reloaded",
            extra={"data": {"games": len(self.rooms), "users": len(self.users), "last_alive": state.heartbeat}},
        )
        try:
            self._server = await serve(
                self._handler,
                self.config.host,
                self.config.port,
                process_request=self._process_request,
                max_size=self.config.max_message_bytes,
                ping_interval=self.config.ping_interval,
                ping_timeout=self.config.ping_timeout,
                compression=None,
                server_header=P.SERVER_NAME,
            )
        except OSError as exc:  # the port is taken, the host is not this machine's...
            raise ListenError(self.config.host, self.config.port, exc) from exc
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else None
        self.spawn(self._heartbeat_loop())
        self.spawn(self._housekeeping_loop())
        if self.config.stats_interval > 0:
            self.spawn(self._stats_loop())
        log.info("listening", extra={"data": {"host": self.config.host, "port": self.port, "db": str(self.store.path)}})

    async def stop(self) -> None:
        """Close every connection and timer, note the time, and close the store."""
        if self._stopping:
            return
        self._stopping = True
        for conn in list(self.connections):
            conn.send(P.push("bye", reason="the server is shutting down", code="shutdown"))
        if self._server is not None:
            self._server.close(close_connections=True)
            try:
                await asyncio.wait_for(self._server.wait_closed(), timeout=5)
            except TimeoutError:
                log.warning("connections did not close in time")
        for room in self.rooms.values():
            room.cancel_timers()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        try:
            await self.store.write([S.heartbeat(time.time())])
        except S.StoreError:
            pass
        self.store.close()
        self.bots.close()
        log.info("stopped", extra={"data": self.metrics.totals()})

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task the server keeps track of (and cancels on stop)."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _heartbeat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.heartbeat_interval)
            try:
                await self.store.write([S.heartbeat(time.time())])
            except S.StoreError as exc:
                log.error("heartbeat failed", extra={"data": {"error": str(exc)}})

    async def _stats_loop(self) -> None:
        self.metrics.rates()
        while True:
            await asyncio.sleep(self.config.stats_interval)
            log.info("stats", extra={"data": self.stats()})

    async def _housekeeping_loop(self) -> None:
        last_full = time.monotonic()
        while True:
            interval = self.config.gc_freeze_interval
            await asyncio.sleep(interval if interval > 0 else min(10.0, max(1.0, self.config.finished_keep / 4)))
            cutoff = time.time() - self.config.finished_keep
            for room in list(self.rooms.values()):
                finished_long_ago = room.status == OVER and room.finished_at is not None and room.finished_at < cutoff
                if finished_long_ago and not any(True for _ in room.subscribers()):
                    self._unregister(room)
            if self.config.gc_freeze_interval > 0 and time.monotonic() - last_full >= self.config.gc_full_interval:
                last_full = time.monotonic()
                started = time.perf_counter()
                gc.unfreeze()
                collected = gc.collect()
                log.info("full gc", extra={"data": {"collected": collected, "ms": round(1000 * (time.perf_counter() - started), 1)}})
            self._freeze_heap()

    def _freeze_heap(self) -> None:
        """Move every object alive now out of reach of the cyclic garbage collector.

        The long-lived state (every game's board, actions and events) is large; a full
        collection scanning it paused the loop for 100-300 ms at 1,000 games. Frozen objects
        are still freed by reference counting; cyclic garbage that was frozen is collected by
        the rare full collection of the housekeeping loop (``gc_full_interval``).
        """
        if self.config.gc_freeze_interval > 0:
            gc.freeze()

    def stats(self) -> dict[str, Any]:
        """The health readout: games, connections, users, rates and totals."""
        by_status = {OPEN: 0, ACTIVE: 0, OVER: 0}
        for room in self.rooms.values():
            by_status[room.status] += 1
        return {
            "games_open": by_status[OPEN],
            "games_active": by_status[ACTIVE],
            "games_finished_in_memory": by_status[OVER],
            "connections": len(self.connections),
            "users": len(self.users),
            "store_commits": self.store.commits,
            "store_units": self.store.units,
            "bot_jobs": self.bots.jobs,
            "bot_player": self.bots.label,
            **self.metrics.rates(),
            **self.metrics.totals(),
        }

    # ------------------------------------------------------------------------------ connections

    def _process_request(self, connection: ServerConnection, request: Any) -> Any:
        address = _address(connection)
        if self.addresses.full(address) or self._stopping:
            self.metrics.cut_off["too_many_connections"] += 1
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many connections from your address\n")
        return None

    async def _handler(self, ws: ServerConnection) -> None:
        address = _address(ws)
        if not self.addresses.acquire(address):
            self.metrics.cut_off["too_many_connections"] += 1
            await ws.close(1013, "too many connections from your address")
            return
        conn = Connection(self, ws, address)
        self.connections.add(conn)
        self.metrics.connections_total += 1
        try:
            await conn.run()
        finally:
            self.connections.discard(conn)
            self.addresses.release(address)
            conn.closing = True
            self._forget_connection(conn)

    def _forget_connection(self, conn: Connection) -> None:
        for game_id in list(conn.seats) + list(conn.watching):
            room = self.rooms.get(game_id)
            if room is not None:
                room.detach(conn)
        conn.seats.clear()
        conn.watching.clear()

    # ------------------------------------------------------------------------------ registry

    def _register(self, room: Room) -> None:
        self.rooms[room.id] = room
        if room.join_code and room.status == OPEN:
            self.codes[room.join_code] = room.id

    def _unregister(self, room: Room) -> None:
        room.cancel_timers()
        self.rooms.pop(room.id, None)
        if room.join_code:
            self.codes.pop(room.join_code, None)

    def room_activated(self, room: Room) -> None:
        """Called by a room when its second seat is taken."""
        if room.join_code:
            self.codes.pop(room.join_code, None)

    def room_finished(self, room: Room) -> None:
        """Called by a room when its game ends."""
        log.info("game over", extra={"data": {"game": room.id, "result": room.result_data, "version": room.version}})

    def user_name(self, user_id: int) -> str | None:
        user = self.users.get(user_id)
        return None if user is None else user.name

    async def get_room(self, game_id: str) -> Room | None:
        """The room for ``game_id``, loading a game that is not in memory from the store."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            stored = await asyncio.to_thread(self.store.load_game, game_id)
            loaded: Room | None = None
            if stored is not None:
                loaded = await asyncio.to_thread(Room, self, stored, self.lexicon)
                if game_id not in self.rooms:
                    self._register(loaded)
                    loaded.start_after_load(time.time())
                loaded = self.rooms[game_id]
            future.set_result(loaded)
            return loaded
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: waiters (if any) get it through shield
            raise
        finally:
            self._loading.pop(game_id, None)

    # ------------------------------------------------------------------------------ dispatch

    async def dispatch(self, conn: Connection, request: P.Request) -> dict[str, Any]:
        """Handle one validated request; return the result data or raise ProtocolError/RuleError."""
        handler = getattr(self, f"_on_{request_type(request)}")
        return await handler(conn, request)

    def _require_user(self, conn: Connection) -> User:
        if conn.user_id is None:
            raise ProtocolError("name_required", "say hello with a name or a token first")
        return self.users[conn.user_id]

    def _check_room_quota(self, conn: Connection) -> None:
        if len(conn.seats) + len(conn.watching) >= MAX_SUBSCRIPTIONS:
            raise ProtocolError("server_busy", f"one connection may follow at most {MAX_SUBSCRIPTIONS} games")

    async def _seated(self, conn: Connection, game_id: str) -> tuple[Room, Player]:
        player = conn.seats.get(game_id)
        room = self.rooms.get(game_id)
        if player is None or room is None:
            raise ProtocolError("not_seated", f"this connection holds no seat in game {game_id}; attach first")
        return room, player

    async def _on_hello(self, conn: Connection, req: P.Hello) -> dict[str, Any]:
        if conn.greeted:
            raise ProtocolError("already_hello", "hello was already accepted on this connection")
        if req.v != P.PROTOCOL_VERSION:
            raise ProtocolError("bad_version", f"protocol version {req.v} is not supported; this server speaks {P.PROTOCOL_VERSION}")
        token_out: str | None = None
        user: User | None = None
        if req.token is not None:
            user_id = self.user_by_token.get(hash_token(req.token))
            if user_id is None:
                raise ProtocolError("bad_token", "that token is not known here; register a name again")
            user = self.users[user_id]
            if req.name is not None and req.name != user.name:
                await self._rename(user, req.name)
        elif req.name is not None:
            token_out = new_token()
            user = User(max(self.users, default=0) + 1, req.name, hash_token(token_out))
            self.users[user.id] = user
            self.user_by_token[user.token_hash] = user.id
            try:
                await self.store.write([S.insert_user(user.id, user.name, user.token_hash)])
            except S.StoreError:
                del self.users[user.id]
                del self.user_by_token[user.token_hash]
                raise ProtocolError("store_failed", "could not store the new name") from None
        conn.greeted = True
        conn.user_id = None if user is None else user.id
        log.debug("hello", extra={"data": {"conn": conn.id, "user": conn.user_id, "client": req.client}})
        return {
            "protocol": P.PROTOCOL_VERSION,
            "server": P.SERVER_NAME,
            "user": None if user is None else {"id": user.id, "name": user.name},
            "token": token_out,
            "presets": list(PRESETS),
            "maps": sorted({m.name for m in self.maps.values()}),
            "bot": self.bots.label,
            "bot_levels": {str(n): name for n, name in self.bots.level_names().items()},
            "limits": {
                "max_message_bytes": self.config.max_message_bytes,
                "rate_per_second": self.config.rate_per_second,
                "rate_burst": self.config.rate_burst,
                "idle_timeout": self.config.idle_timeout,
                "defence_timeout": self.config.defence_timeout,
                "abandon_grace": self.config.abandon_grace,
            },
        }

    async def _rename(self, user: User, name: str) -> None:
        await self.store.write([S.rename_user(user.id, name)])
        user.name = name

    async def _on_set_name(self, conn: Connection, req: P.SetName) -> dict[str, Any]:
        user = self._require_user(conn)
        await self._rename(user, req.name)
        for room in self.rooms.values():
            if any(s.user_id == user.id for s in room.seats.values()):
                room.broadcast_info()
        return {"user": {"id": user.id, "name": user.name}}

    async def _on_list_games(self, conn: Connection, req: P.ListGames) -> dict[str, Any]:
        open_games, live = [], []
        for room in sorted(self.rooms.values(), key=lambda r: -r.created):
            if not room.public:
                continue
            if room.status == OPEN and len(open_games) < 100:
                open_games.append(room.summary())
            elif room.status == ACTIVE and len(live) < 100:
                live.append(room.summary())
        return {"open": open_games, "live": live}

    async def _on_my_games(self, conn: Connection, req: P.MyGames) -> dict[str, Any]:
        user = self._require_user(conn)
        games = await asyncio.to_thread(self.store.games_of_user, user.id)
        return {"games": games}

    def _resolve_map(self, req: P.CreateGame) -> GameMap:
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

    async def _on_create_game(self, conn: Connection, req: P.CreateGame) -> dict[str, Any]:
        user = self._require_user(conn)
        self._check_room_quota(conn)
        if self._stopping:
            raise ProtocolError("server_busy", "the server is shutting down")
        waiting = sum(
            1
            for room in self.rooms.values()
            if room.status == OPEN and any(s.user_id == user.id for s in room.seats.values())
        )
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
        if req.opponent == "bot" and req.bot_level not in self.bots.levels():
            raise ProtocolError("bad_bot_level", f"no AI level {req.bot_level}; levels: {', '.join(map(str, self.bots.levels()))}")
        seed = req.seed if req.seed is not None else secrets.randbits(62)
        seat = Player.GOLD if req.seat == "gold" else Player.SILVER if req.seat == "silver" else secrets.choice([Player.GOLD, Player.SILVER])
        first = Player.GOLD if req.first == "gold" else Player.SILVER if req.first == "silver" else secrets.choice([Player.GOLD, Player.SILVER])
        token = new_token()
        seats = {int(seat): S.StoredSeat(int(seat), user.id, hash_token(token), None)}
        status = OPEN
        if req.opponent == "bot":
            seats[int(seat.other)] = S.StoredSeat(int(seat.other), None, None, req.bot_level)
            status = ACTIVE
        time_control = msgspec.to_builtins(req.time_control)
        room = await self._create_room(
            game_map,
            rules.name,
            seed,
            first,
            {"time_control": time_control, "public": req.public, "opponent": req.opponent},
            seats,
            status,
            private=not req.public,
            rematch_of=None,
        )
        conn.seats[room.id] = seat
        await room.attach(conn, seat, None)
        log.info("created", extra={"data": {"game": room.id, "user": user.id, "map": game_map.name, "rules": rules.name, "opponent": req.opponent}})
        return {"game": room.id, "seat": int(seat), "seat_token": token, "join_code": room.join_code}

    async def _create_room(
        self,
        game_map: GameMap,
        rules_name: str,
        seed: int,
        first: Player,
        settings: dict[str, Any],
        seats: dict[int, S.StoredSeat],
        status: str,
        *,
        private: bool,
        rematch_of: str | None,
    ) -> Room:
        now = time.time()
        game_id = secrets.token_hex(5)
        while game_id in self.rooms:
            game_id = secrets.token_hex(5)
        join_code = None
        if private:
            join_code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            while join_code in self.codes:
                join_code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        stored = S.StoredGame(
            id=game_id,
            created=now,
            updated=now,
            map_name=game_map.name,
            map_text=map_to_text(game_map),
            rules=rules_name,
            seed=seed,
            first=int(first),
            settings=settings,
            join_code=join_code,
            status=status,
            result=None,
            clock=None,
            rematch_of=rematch_of,
            seats=seats,
        )
        try:
            room = Room(self, stored, self.lexicon)
        except ValueError as exc:  # e.g. the map gives a player no city
            raise ProtocolError("bad_map", str(exc)) from None
        if status == ACTIVE:
            room.clock.advance(now, None, None, room._running_player(active=True))
        stored.clock = room.clock.to_dict() if room.clock.enabled else None
        try:
            await self.store.write(S.insert_game(stored))
        except S.StoreError:
            raise ProtocolError("store_failed", "could not store the new game") from None
        self._register(room)
        room.start_after_load(now)
        return room

    async def _find_room(self, game_id: str | None, code: str | None, what: str) -> Room:
        if (game_id is None) == (code is None):
            raise ProtocolError("bad_message", f"{what} needs exactly one of game or code")
        if code is not None:
            found = self.codes.get(code.upper())
            room = None if found is None else await self.get_room(found)
            if room is None:
                # A private game no longer open is still reachable (to watch) by its code.
                room = next((r for r in self.rooms.values() if r.join_code == code.upper()), None)
        else:
            assert game_id is not None
            room = await self.get_room(game_id)
            if room is not None and not room.public:
                room = None  # private games are found by code only
        if room is None:
            raise ProtocolError("no_such_game", "no game with that id or code")
        return room

    async def _on_join(self, conn: Connection, req: P.Join) -> dict[str, Any]:
        user = self._require_user(conn)
        self._check_room_quota(conn)
        room = await self._find_room(req.game, req.code, "join")
        if room.status != OPEN:
            raise ProtocolError("game_full", f"game {room.id} is not waiting for a player")
        token = new_token()
        player = await room.join(user.id, hash_token(token))
        conn.seats[room.id] = player
        await room.attach(conn, player, None)
        log.info("joined", extra={"data": {"game": room.id, "user": user.id, "seat": int(player)}})
        return {"game": room.id, "seat": int(player), "seat_token": token}

    async def _on_attach(self, conn: Connection, req: P.Attach) -> dict[str, Any]:
        room = await self.get_room(req.game)
        player = None if room is None else room.seat_of_token(hash_token(req.seat_token))
        if room is None or player is None:
            raise ProtocolError("bad_seat_token", "that token holds no seat in that game")
        if req.game not in conn.seats:
            self._check_room_quota(conn)
        elif conn.seats[req.game] != player:
            room.detach(conn)
        conn.seats[room.id] = player
        conn.watching.discard(room.id)
        room.watchers.discard(conn)
        await room.attach(conn, player, req.since)
        return {"game": room.id, "seat": int(player), "version": room.version}

    async def _on_watch(self, conn: Connection, req: P.Watch) -> dict[str, Any]:
        room = await self._find_room(req.game, req.code, "watch")
        if room.id not in conn.watching:
            self._check_room_quota(conn)
        conn.watching.add(room.id)
        await room.watch(conn, req.since)
        return {"game": room.id, "version": room.version}

    async def _on_leave(self, conn: Connection, req: P.Leave) -> dict[str, Any]:
        room = self.rooms.get(req.game)
        if room is not None:
            room.detach(conn)
        held = conn.seats.pop(req.game, None) is not None
        watched = req.game in conn.watching
        conn.watching.discard(req.game)
        if not held and not watched:
            raise ProtocolError("not_seated", f"this connection neither plays nor watches game {req.game}")
        return {"game": req.game}

    async def _on_act(self, conn: Connection, req: P.Act) -> dict[str, Any]:
        room, player = await self._seated(conn, req.game)
        if room.seats[player].is_bot:
            raise ProtocolError("bot_seat", "that seat is played by the server's bot")
        action = action_from_dict(P.action_to_engine_dict(req.action, int(player)))
        version = await room.submit(action, expect_version=req.expect_version)
        return {"game": room.id, "version": version}

    async def _on_claim_win(self, conn: Connection, req: P.ClaimWin) -> dict[str, Any]:
        room, player = await self._seated(conn, req.game)
        version = await room.claim_win(player)
        return {"game": room.id, "version": version}

    async def _on_rematch(self, conn: Connection, req: P.Rematch) -> dict[str, Any]:
        room, player = await self._seated(conn, req.game)
        async with room.lock:
            if not room.game.over:
                raise ProtocolError("no_rematch", "the game is not over yet")
            if room.rematch_game is not None:
                return {"game": room.rematch_game, "seat": int(player.other), "started": True}
            if not req.accept:
                room.rematch_offers.clear()
                room.broadcast_info()
                return {"started": False, "declined": True}
            room.rematch_offers.add(player)
            other = player.other
            if not (room.seats[other].is_bot or other in room.rematch_offers):
                room.broadcast_info()
                return {"started": False, "offered": True}
            # Both want it: same map, rules and clock; colours swap, seat tokens carry over.
            seats = {}
            for p, seat in room.seats.items():
                swapped = p.other
                seats[int(swapped)] = S.StoredSeat(int(swapped), seat.user_id, seat.token_hash, seat.bot_level)
            new_room = await self._create_room(
                room.game.map,
                room.rules_name,
                secrets.randbits(62),
                room.first,
                dict(room.settings),
                seats,
                ACTIVE,
                private=not room.public,
                rematch_of=room.id,
            )
            room.rematch_game = new_room.id
            for p, seat in room.seats.items():
                for c in list(seat.conns):
                    c.seats[new_room.id] = p.other
                    await new_room.attach(c, p.other, None)
            room.broadcast_info()
        log.info("rematch", extra={"data": {"game": room.id, "new_game": new_room.id}})
        return {"game": new_room.id, "seat": int(player.other), "started": True}

    async def _on_export(self, conn: Connection, req: P.Export) -> dict[str, Any]:
        room = self.rooms.get(req.game)
        allowed = req.game in conn.seats or req.game in conn.watching
        if room is not None:
            if not (room.public or allowed):
                raise ProtocolError("no_such_game", "no game with that id or code")
            if not room.game.over:
                raise ProtocolError("not_finished", "records are exported when the game is over")
            return {"game": room.id, "record": room.record_text()}
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

    async def _on_ping(self, conn: Connection, req: P.Ping) -> dict[str, Any]:
        return {"time": time.time()}

    async def _on_stats(self, conn: Connection, req: P.Stats) -> dict[str, Any]:
        return self.stats()


def tune_process(switch_interval: float = 0.001) -> None:
    """Interpreter settings for a server process (call once, before starting the server).

    The store's fsync thread must take the GIL back from the busy event loop after each
    fsync; the default switch interval (5 ms) makes every such hand-over a wait of up to 5 ms.
    """
    sys.setswitchinterval(switch_interval)


def _address(connection: ServerConnection) -> str:
    remote = connection.remote_address
    if isinstance(remote, tuple) and remote:
        return str(remote[0])
    return str(remote)


async def run_server(server: GameServer, stop: asyncio.Event) -> None:
    """Start ``server``, wait for ``stop``, then stop it (also if it could not start)."""
    try:
        await server.start()
        await stop.wait()
    finally:
        await server.stop()
