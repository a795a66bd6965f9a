"""One live game on the server: its engine state, seats, subscribers, clock and timers.

Everything that changes a game goes through :meth:`Room.submit` under the room's lock:
the engine applies the action (a refusal raises and changes nothing), the action is written to
the store and *awaited*, and only then are the events sent, filtered per viewer. Timers (clock
flag, defence order timeout) and bot moves re-enter through the same path, so they are stored
and replayed like any player action.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from server import store as S
from server.bots import BotJob, placeholder_action
from server.clocks import Clock
from server.mapcodec import map_from_text
from server.protocol import ProtocolError, encode, push
from server.views import ViewCache, Viewer, events_for
from shared.actions import (
    Action,
    OrderDefence,
    Resign,
    action_from_dict,
    action_to_dict,
)
from shared.errors import RuleError
from shared.events import Event
from shared.game import Game, PendingDefence
from shared.lexicon import Lexicon
from shared.record import GameRecord
from shared.rules import get_rules
from shared.terrain import Player

if TYPE_CHECKING:
    from server.app import GameServer

log = logging.getLogger("scryptic.room")

OPEN, ACTIVE, OVER = "open", "active", "over"


class Subscriber(Protocol):
    """A connection as a room sees it."""

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
        return self.token_hash is not None or self.bot_level is not None

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def connected(self) -> bool:
        return self.is_bot or bool(self.conns)


class Room:
    """A game and everything the server keeps about it while it is in memory."""

    def __init__(
        self,
        server: GameServer,
        stored: S.StoredGame,
        lexicon: Lexicon,
        *,
        replay_events: bool = True,
    ) -> None:
        self.server = server
        self.id = stored.id
        self.created = stored.created
        self.map_name = stored.map_name
        self.map_text = stored.map_text
        self.rules_name = stored.rules
        self.seed = stored.seed
        self.first = Player(stored.first)
        self.settings = stored.settings
        self.join_code = stored.join_code
        self.status = stored.status
        self.rematch_of = stored.rematch_of
        self.seats: dict[Player, Seat] = {p: Seat(p) for p in (Player.GOLD, Player.SILVER)}
        for number, seat in stored.seats.items():
            self.seats[Player(number)] = Seat(Player(number), seat.user_id, seat.token_hash, seat.bot_level)
        self.watchers: set[Any] = set()
        self.lock = asyncio.Lock()
        tail = server.config.event_tail
        self.tail: deque[tuple[int, list[Event]]] = deque(maxlen=tail)
        game_map = map_from_text(self.map_text)
        self.game = Game.new(game_map, get_rules(self.rules_name), self.seed, lexicon, self.first)
        self.tail.append((0, list(self.game.initial_events)))
        skip_events_until = len(stored.actions) - tail
        for index, (version, data, _t) in enumerate(stored.actions):
            if version != index + 1:
                raise ValueError(f"game {self.id}: stored action {index + 1} has version {version}")
            events = self.game.apply(action_from_dict(data))
            if replay_events and index >= skip_events_until:
                self.tail.append((self.game.version, events))
        self.clock = Clock.from_dict(stored.clock) if stored.clock else Clock.from_settings(self.time_control)
        self.finished_at: float | None = time.time() if self.status == OVER else None
        self.result_data: dict[str, Any] | None = stored.result
        self.rematch_offers: set[Player] = set()
        self.rematch_game: str | None = None
        self._clock_timer: asyncio.TimerHandle | None = None
        self._defence_timer: asyncio.TimerHandle | None = None
        self._defence_deadline: float | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._timer_tasks: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------------------ properties

    @property
    def time_control(self) -> dict[str, Any]:
        return self.settings.get("time_control", {"kind": "none"})

    @property
    def public(self) -> bool:
        return bool(self.settings.get("public", True))

    @property
    def version(self) -> int:
        return self.game.version

    def subscribers(self) -> Iterable[Any]:
        for seat in self.seats.values():
            yield from seat.conns
        yield from self.watchers

    def player_name(self, player: Player) -> str | None:
        seat = self.seats[player]
        if seat.is_bot:
            return f"Bot (level {seat.bot_level})"
        if seat.user_id is None:
            return None
        return self.server.user_name(seat.user_id)

    # ------------------------------------------------------------------------------ snapshots

    def info(self, now: float, for_seat: Player | None) -> dict[str, Any]:
        """The room's metadata as a client sees it (seat holders also see the join code)."""
        players = {}
        for player, seat in self.seats.items():
            players[str(int(player))] = {
                "name": self.player_name(player),
                "bot": seat.bot_level,
                "taken": seat.taken,
                "connected": seat.connected,
                "absent_for": None if seat.absent_since is None or seat.connected else round(now - seat.absent_since, 3),
            }
        return {
            "game": self.id,
            "status": self.status,
            "map": self.map_name,
            "rules": self.rules_name,
            "time_control": self.time_control,
            "public": self.public,
            "join_code": self.join_code if for_seat is not None else None,
            "first": int(self.first),
            "players": players,
            "clock": self.clock.public(now),
            "defence_deadline_in": self.defence_deadline_in(now),
            "abandon_grace": self.server.config.abandon_grace,
            "rematch": {"offered_by": sorted(int(p) for p in self.rematch_offers), "game": self.rematch_game},
            "rematch_of": self.rematch_of,
            "result": self.result_data,
        }

    def summary(self) -> dict[str, Any]:
        """A lobby line."""
        return {
            "game": self.id,
            "status": self.status,
            "map": self.map_name,
            "rules": self.rules_name,
            "time_control": self.time_control,
            "players": {str(int(p)): self.player_name(p) for p in self.seats},
            "open_seat": next((int(p) for p, s in self.seats.items() if not s.taken), None),
            "version": self.version,
            "watchers": len(self.watchers),
            "created": self.created,
        }

    def defence_deadline_in(self, now: float) -> float | None:
        if self._defence_deadline is None:
            return None
        return round(max(0.0, self._defence_deadline - now), 3)

    def state_message(self, viewer: Viewer, seat: Player | None, now: float, cache: ViewCache | None = None) -> bytes:
        cache = cache or ViewCache(self.game)
        return encode(
            push(
                "state",
                game=self.id,
                version=self.version,
                seat=None if seat is None else int(seat),
                view=cache.view(viewer),
                info=self.info(now, seat),
            )
        )

    def missed_message(self, viewer: Viewer, since: int) -> bytes | None:
        """The events after version ``since``, if the tail still holds them all."""
        if since >= self.version or not self.tail or since < self.tail[0][0]:
            return None
        updates = [
            {"version": version, "events": events_for(events, viewer)}
            for version, events in self.tail
            if version > since
        ]
        return encode(push("missed", game=self.id, since=since, updates=updates))

    # ------------------------------------------------------------------------------ subscribing

    async def attach(self, conn: Any, player: Player, since: int | None) -> None:
        """Bind ``conn`` to ``player``'s seat and send it what it missed, then the state.

        Under the lock, so that nobody is shown an action that is not yet on disk.
        """
        async with self.lock:
            seat = self.seats[player]
            was_present = seat.connected
            seat.conns.add(conn)
            seat.absent_since = None
            self._catch_up(conn, player, player, since)
            if not was_present:
                self.broadcast_presence(player)

    async def watch(self, conn: Any, since: int | None) -> None:
        """Subscribe ``conn`` as a spectator (under the lock, as :meth:`attach`)."""
        async with self.lock:
            self.watchers.add(conn)
            self._catch_up(conn, None, None, since)

    def _catch_up(self, conn: Any, viewer: Viewer, seat: Player | None, since: int | None) -> None:
        now = time.time()
        if since is not None:
            missed = self.missed_message(viewer, since)
            if missed is not None:
                conn.push(missed)
        conn.push(self.state_message(viewer, seat, now))

    def detach(self, conn: Any) -> None:
        """Forget ``conn`` (it closed or left); note absences."""
        self.watchers.discard(conn)
        now = time.time()
        for player, seat in self.seats.items():
            if conn in seat.conns:
                seat.conns.discard(conn)
                if not seat.conns and not seat.is_bot:
                    seat.absent_since = now
                    self.broadcast_presence(player)

    def broadcast_presence(self, player: Player) -> None:
        seat = self.seats[player]
        data = encode(
            push(
                "presence",
                game=self.id,
                seat=int(player),
                connected=seat.connected,
                claim_after=None
                if seat.connected or self.status != ACTIVE
                else self.server.config.abandon_grace,
            )
        )
        for conn in list(self.subscribers()):
            conn.push(data)

    def broadcast_info(self) -> None:
        """Send every subscriber the room's metadata (after a join, a rematch offer, ...)."""
        now = time.time()
        for player, seat in self.seats.items():
            data = encode(push("info", game=self.id, info=self.info(now, player)))
            for conn in list(seat.conns):
                conn.push(data)
        if self.watchers:
            data = encode(push("info", game=self.id, info=self.info(now, None)))
            for conn in list(self.watchers):
                conn.push(data)

    # ------------------------------------------------------------------------------ seats

    def seat_of_token(self, token_hash: str) -> Player | None:
        for player, seat in self.seats.items():
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, token_hash):
                return player
        return None

    def open_seat(self) -> Player | None:
        for player, seat in self.seats.items():
            if not seat.taken:
                return player
        return None

    async def join(self, user_id: int, token_hash: str) -> Player:
        """Take the open seat for ``user_id``; the game starts."""
        async with self.lock:
            player = self.open_seat()
            if player is None or self.status != OPEN:
                raise ProtocolError("game_full", f"game {self.id} has no open seat")
            if any(s.user_id == user_id for s in self.seats.values()):
                raise ProtocolError("own_game", "you already hold the other seat of this game")
            now = time.time()
            seat = self.seats[player]
            clock = Clock.from_dict(self.clock.to_dict())
            clock.advance(now, None, None, self._running_player(active=True))
            statements = [
                S.upsert_seat(self.id, S.StoredSeat(int(player), user_id, token_hash, None)),
                S.update_game(self.id, status=ACTIVE, clock=clock.to_dict()),
            ]
            await self._persist(statements)
            seat.user_id, seat.token_hash = user_id, token_hash
            self.status = ACTIVE
            self.clock = clock
            self.server.room_activated(self)
            self._arm_timers(now)
            self.broadcast_info()
            self._maybe_bot_move()
            return player

    # ------------------------------------------------------------------------------ actions

    async def submit(
        self,
        action: Action,
        *,
        expect_version: int | None = None,
        origin: str = "player",
    ) -> int:
        """Apply, store, then broadcast ``action``; return the new version.

        Raises :class:`RuleError` (the engine refused) or :class:`ProtocolError`; either way
        nothing changed.
        """
        async with self.lock:
            return await self._submit_locked(action, expect_version, origin)

    async def _submit_locked(self, action: Action, expect_version: int | None, origin: str) -> int:
        if self.status == OPEN:
            raise ProtocolError("game_not_started", "the game is waiting for its second player")
        if self.game.over or self.status == OVER:
            raise ProtocolError("game_over", "the game is over")
        if expect_version is not None and expect_version != self.version:
            raise ProtocolError(
                "stale_version", f"the game is at version {self.version}, not {expect_version}"
            )
        started = time.perf_counter()
        now = time.time()
        before_turn, before_mover = self.game.turn, self.game.to_move
        events = self.game.apply(action)  # raises RuleError, changing nothing
        version = self.version
        clock = Clock.from_dict(self.clock.to_dict()) if self.clock.enabled else self.clock
        if self.game.over:
            clock.stop(now)
        else:
            turn_passed = self.game.turn != before_turn
            clock.advance(
                now,
                before_mover if turn_passed else None,
                self.game.to_move if turn_passed else None,
                self._running_player(active=True),
            )
        result = None
        if self.game.over:
            assert self.game.result is not None
            result = {
                **self.game.result.to_dict(),
                "scores": {str(int(p)): s for p, s in self.game.scores().items()},
            }
        statements = [S.insert_action(self.id, version, action_to_dict(action), now)]
        if result is not None or clock.enabled:  # else the games row has nothing new to hold
            statements.append(
                S.update_game(
                    self.id,
                    status=OVER if result else None,
                    result=result,
                    clock=clock.to_dict() if clock.enabled else None,
                )
            )
        try:
            await self._persist(statements)
        except ProtocolError:
            self._rebuild(version - 1)  # the action never happened
            raise
        self.clock = clock
        self.tail.append((version, events))
        if result is not None:
            self.status = OVER
            self.result_data = result
            self.finished_at = now
            self.server.room_finished(self)
        self._arm_timers(now)
        self._broadcast_update(version, events, now)
        self.server.metrics.action_done(time.perf_counter() - started)
        if log.isEnabledFor(logging.DEBUG):
            log.debug("action", extra={"data": {"game": self.id, "version": version, "origin": origin}})
        self._maybe_bot_move()
        return version

    def _rebuild(self, upto: int) -> None:
        """Replace the game by a replay of its first ``upto`` actions (after a failed write)."""
        actions = self.game.actions[:upto]
        game = Game.new(self.game.map, self.game.rules, self.seed, self.game.lexicon, self.first)
        for data in actions:
            game.apply(action_from_dict(data))
        self.game = game

    async def _persist(self, statements: list[S.Statement]) -> None:
        try:
            await self.server.store.write(statements)
        except S.StoreError as exc:
            log.error("store write failed", extra={"data": {"game": self.id, "error": str(exc)}})
            raise ProtocolError("store_failed", "the server could not store the action; nothing changed") from None

    def _running_player(self, active: bool) -> int | None:
        if not active or self.game.over:
            return None
        if isinstance(self.game.pending, PendingDefence):
            return None
        actor = self.game.actor
        return None if actor is None else int(actor)

    def _broadcast_update(self, version: int, events: list[Event], now: float) -> None:
        cache = ViewCache(self.game)
        clock = self.clock.public(now)
        deadline = self.defence_deadline_in(now)
        groups: list[tuple[Viewer, Iterable[Any]]] = [(p, seat.conns) for p, seat in self.seats.items()]
        groups.append((None, self.watchers))
        for viewer, conns in groups:
            targets = list(conns)
            if not targets:
                continue
            data = encode(
                push(
                    "update",
                    game=self.id,
                    version=version,
                    events=events_for(events, viewer),
                    view=cache.view(viewer),
                    clock=clock,
                    defence_deadline_in=deadline,
                )
            )
            for conn in targets:
                conn.push(data)

    # ------------------------------------------------------------------------------ timers

    def _arm_timers(self, now: float) -> None:
        """(Re)schedule the clock flag and the defence timeout for the current state."""
        loop = asyncio.get_running_loop()
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if self._defence_timer is not None:
            self._defence_timer.cancel()
            self._defence_timer = None
        self._defence_deadline = None
        if self.status != ACTIVE or self.game.over:
            return
        deadline = self.clock.deadline()
        if deadline is not None:
            player, at = deadline
            version = self.version
            self._clock_timer = loop.call_later(
                max(0.0, at - now), self._spawn, self._flag, Player(player), version
            )
        pending = self.game.pending
        if isinstance(pending, PendingDefence) and not self.seats[pending.defender].is_bot:
            timeout = self.server.config.defence_timeout
            self._defence_deadline = now + timeout
            self._defence_timer = loop.call_later(timeout, self._spawn, self._defence_timeout, self.version)

    def _spawn(self, make: Any, *args: Any) -> None:
        task = asyncio.ensure_future(make(*args))
        self._timer_tasks.add(task)
        task.add_done_callback(self._timer_tasks.discard)

    async def _flag(self, player: Player, version: int) -> None:
        async with self.lock:
            if self.version != version or self.game.over or self.status != ACTIVE:
                return
            left = self.clock.left(time.time()).get(int(player), 1.0)
            if left > 0:  # woke early (timer drift): look again later
                self._arm_timers(time.time())
                return
            await self._apply_server_action(Resign(player, "time"), "clock")

    async def _defence_timeout(self, version: int) -> None:
        async with self.lock:
            if self.version != version or not isinstance(self.game.pending, PendingDefence):
                return
            defender = self.game.pending.defender
            await self._apply_server_action(OrderDefence(defender, self.game.best_defence_order()), "defence timeout")

    async def _apply_server_action(self, action: Action, origin: str) -> None:
        try:
            await self._submit_locked(action, None, origin)
        except (RuleError, ProtocolError) as exc:
            log.error("server action refused", extra={"data": {"game": self.id, "origin": origin, "error": str(exc)}})

    def cancel_timers(self) -> None:
        for handle in (self._clock_timer, self._defence_timer):
            if handle is not None:
                handle.cancel()
        self._clock_timer = self._defence_timer = None
        if self._bot_task is not None:
            self._bot_task.cancel()
        for task in list(self._timer_tasks):
            task.cancel()

    # ------------------------------------------------------------------------------ bots

    def _maybe_bot_move(self) -> None:
        if self.status != ACTIVE or self.game.over:
            return
        actor = self.game.actor
        if actor is None or not self.seats[actor].is_bot:
            return
        if self._bot_task is not None and not self._bot_task.done():
            return
        self._bot_task = asyncio.ensure_future(self._bot_move(actor, self.version))

    async def _bot_move(self, player: Player, version: int) -> None:
        seat = self.seats[player]
        if isinstance(self.game.pending, PendingDefence):
            chosen: Action = OrderDefence(player, self.game.best_defence_order())  # R7: a bot defends best
        else:
            job = BotJob(
                game_id=self.id,
                map_text=self.map_text,
                rules=self.rules_name,
                seed=self.seed,
                first=int(self.first),
                actions=tuple(self.game.actions),
                player=int(player),
                level=seat.bot_level or 1,
                rng_seed=secrets.randbits(32),
            )
            try:
                decision = await self.server.bots.choose(job)
                if decision.get("error"):
                    log.error("the AI failed; the placeholder moved", extra={"data": {"game": self.id, "error": decision["error"]}})
                chosen = action_from_dict(decision["action"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - no worker at all: the placeholder moves, in a thread
                log.error("bot worker failed", extra={"data": {"game": self.id, "error": repr(exc)}})
                chosen = await asyncio.to_thread(placeholder_action, self.game.copy(), player, random.Random())
        async with self.lock:
            if self.version != version or self.game.over:
                return
            try:
                await self._submit_locked(chosen, None, "bot")
            except (RuleError, ProtocolError) as exc:
                log.error("bot action refused", extra={"data": {"game": self.id, "error": str(exc)}})
                await self._apply_server_action(Resign(player, "resigned"), "bot failure")
        self._bot_task = None
        self._maybe_bot_move()

    # ------------------------------------------------------------------------------ endings

    def absent_long_enough(self, player: Player, now: float) -> bool:
        seat = self.seats[player]
        if seat.connected or seat.absent_since is None:
            return False
        return now - seat.absent_since >= self.server.config.abandon_grace

    async def claim_win(self, claimant: Player) -> int:
        """Win because the opponent has been gone longer than the grace period."""
        async with self.lock:
            if self.game.over:
                raise ProtocolError("game_over", "the game is over")
            if self.status != ACTIVE:
                raise ProtocolError("game_not_started", "the game is waiting for its second player")
            other = claimant.other
            if not self.absent_long_enough(other, time.time()):
                raise ProtocolError(
                    "not_absent",
                    f"your opponent must be disconnected for {self.server.config.abandon_grace:g} s first",
                )
            return await self._submit_locked(Resign(other, "abandoned"), None, "claim")

    def record_text(self) -> str:
        """The finished game as the engine's record (for ``scryptic replay``)."""
        return GameRecord.from_game(self.game).to_text()

    def resume_clock(self, last_alive: float | None, now: float) -> dict[str, Any] | None:
        """After a restart: do not charge the outage; return the new checkpoint to persist."""
        if not self.clock.enabled or self.status != ACTIVE:
            return None
        self.clock.resume_after_outage(last_alive, now)
        return self.clock.to_dict()

    def start_after_load(self, now: float) -> None:
        """Arm timers and bots for a room loaded from the store (inside the running loop)."""
        for seat in self.seats.values():
            if not seat.is_bot and seat.taken:
                seat.absent_since = now
        self._arm_timers(now)
        self._maybe_bot_move()
