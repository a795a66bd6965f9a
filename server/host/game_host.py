"""One live game on the server: a :class:`GameTable` served under a lock, with timers and bots.

Everything that changes a game goes through :meth:`GameHost.submit` under the host's lock:
the engine applies the action (a refusal raises and changes nothing), the action is written to
the game log and *awaited*, and only then are the events sent, filtered per viewer. Timers
(clock flag, defence order timeout) and bot moves re-enter through the same path, so they are
stored and replayed like any player action.

A host is handed a :class:`~server.host.ports.HostContext` (the game log, the bot player, the
lobby link, the ratings, the settings) and knows nothing else of the server. Offers, aborts and
takebacks are its part ``desk``, an :class:`~server.host.offers.OfferDesk` handed the table, the
lock and the host itself (as the desk's :class:`~server.host.offers.DeskCalls`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Iterable
from typing import Any, TypeVar

from server import faults
from server.edge.outbound import frame, push_frame
from server.edge.protocol import ProtocolError
from server.host.audience import Audience
from server.host.bot_turns import ask_bot, bot_job, placeholder_move
from server.host.clocks import CORRESPONDENCE, Clock
from server.host.fast_load import save_snapshot_later, snapshot_due
from server.host.offers import OfferDesk
from server.host.ports import HostContext
from server.host.seats import ACTIVE, OPEN, OVER
from server.host.table import GameTable
from server.host.timers import GameTimers
from server.host.views import Viewer
from server.store.records import StoredGame, StoredSeat, StoreError
from shared import wire
from shared.rules.actions import Action, OrderDefence, Resign, action_to_dict
from shared.rules.errors import RuleError
from shared.rules.game import PendingDefence
from shared.rules.lexicon import Lexicon
from shared.rules.terrain import Player

log = logging.getLogger("scryptic.room")
T = TypeVar("T")


class GameHost(GameTable):
    """A game and everything the server keeps about it while it is in memory."""

    def __init__(self, stored: StoredGame, lexicon: Lexicon, context: HostContext, *, replay_events: bool = True) -> None:
        """Rebuild the game from the store (raises ValueError for a bad action log)."""
        super().__init__(stored, lexicon, context, replay_events=replay_events)
        self.lock = asyncio.Lock()
        self.desk = OfferDesk(self, self.lock, self)
        self.audience = Audience(self.id, self.seats, self.watchers, self.tail)
        self.timers = GameTimers()
        self._bot_task: asyncio.Task[None] | None = None
        self._told_to_act: tuple[int, int] | None = None  # (seat, version) last announced to its user

    def subscribers(self) -> Iterable[Any]:
        """Every connection following the game."""
        return self.audience.subscribers()

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
            missed = self.audience.missed_message(viewer, since, self.version)
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
        """Tell everyone whether ``player``'s seat is connected (and when a win may be claimed)."""
        seat = self.seats[player]
        claimable = self.status == ACTIVE and self.clock.kind != CORRESPONDENCE
        claim_after = None if seat.connected or not claimable else self.context.settings.abandon_grace
        data = frame(wire.PresencePush(game=self.id, seat=int(player), connected=seat.connected, claim_after=claim_after))
        self.audience.to_everyone(data)

    def broadcast_info(self) -> None:
        """Send every subscriber the game's metadata (after a join, a rematch offer, ...)."""
        now = time.time()
        self.audience.to_each_viewer(lambda player: push_frame("info", game=self.id, info=self.info(now, player)))

    def broadcast_state(self) -> None:
        """Send every subscriber the whole game again (after a takeback, an ending by agreement)."""
        now = time.time()
        cache = self.view_cache()
        self.audience.to_each_viewer(lambda player: self.state_message(player, player, now, cache))

    def notify_actor(self) -> None:
        """Tell the lobby when a player (not a bot) must act now, once per turn and version."""
        if self.status != ACTIVE or self.game.over:
            return
        actor = self.game.actor
        if actor is None:
            return
        seat = self.seats[actor]
        if seat.is_bot or seat.user_id is None or self._told_to_act == (int(actor), self.version):
            return
        previous, self._told_to_act = self._told_to_act, (int(actor), self.version)
        if previous is not None and previous[0] == int(actor) and previous[1] < self.version:
            return  # the same player still acting (a commit, then the end of the turn)
        now = time.time()
        opponent = self.player_name(actor.other)
        note = {"game": self.id, "seat": int(actor), "version": self.version, "opponent": opponent,
                "map": self.map_name, "clock": self.clock.public(now)}
        self.context.lobby.to_act(self.id, seat.user_id, note)

    # ------------------------------------------------------------------------------ seats

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
            clock.advance(now, None, None, self.running_player())
            stored = StoredSeat(int(player), user_id, token_hash, None)
            await self.persist(self.context.log.save_seat(self.id, stored, status=ACTIVE, clock=clock.to_dict()))
            seat.user_id, seat.token_hash = user_id, token_hash
            self.status = ACTIVE
            self.clock = clock
            self.context.lobby.game_started(self.id)
            self.arm_timers(now)
            self.maybe_bot_move()
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
        nothing changed. A move pinned to ``expect_version`` that the game has played there
        already (its first sending's reply was lost) is answered as done, with the version it
        made, and not played again.
        """
        async with self.lock:
            if expect_version is not None and self.played_at(expect_version, action):
                return expect_version + 1
            return await self._submit_locked(action, expect_version, origin)

    async def _submit_locked(self, action: Action, expect_version: int | None, origin: str) -> int:
        started = time.perf_counter()
        step = self.play(action, expect_version, time.time())
        clock = step.clock
        ratings = self.desk.settle_ratings(step.result) if step.result is not None else []
        open_offers = any(self.offers.get(kind) for kind in ("draw", "takeback"))
        try:
            stored = await self.persist(
                self.context.log.save_action(
                    self.id,
                    step.version,
                    action_to_dict(action),
                    step.now,
                    status=OVER if step.result else None,
                    result=step.result,
                    clock=clock.to_dict() if clock.enabled else None,
                    offers=self.desk.offers_after({"draw", "takeback"}) if open_offers else None,
                    ratings=ratings or None,
                )
            )
        except ProtocolError:
            self.context.ratings.revert(ratings)
            self.undo(step)  # the action never happened
            raise
        faults.stored(self.id, step.version)
        if stored != ratings:  # another node had moved a rating: the store's changes stand
            self.context.ratings.take(stored)
            ratings = stored
        self.accept(step)
        if snapshot_due(self.game, self.snapshot_version) and save_snapshot_later(self.context.log, self.id, self.game):
            self.snapshot_version = self.game.version
        if open_offers:  # a move answers an open draw or takeback offer: no
            self.offers.pop("draw", None)
            self.offers.pop("takeback", None)
        self.rating_changes = {change.seat: change for change in ratings}
        now = step.now
        self.arm_timers(now)
        self.audience.publish_update(
            self.game, step.version, step.events, self.clock.public(now), self.defence_deadline_in(now), self.view_cache()
        )
        if step.result is not None:
            self.context.lobby.game_finished(self.id, self.result_data, self.version)
            self.broadcast_info()  # the result, and what it did to the ratings
        elif open_offers:
            self.broadcast_info()
        self.notify_actor()
        self.context.action_done(time.perf_counter() - started)
        if log.isEnabledFor(logging.DEBUG):
            log.debug("action", extra={"data": {"game": self.id, "version": step.version, "origin": origin}})
        self.maybe_bot_move()
        return step.version

    async def persist(self, write: Awaitable[T]) -> T:
        """Await one write of the game log; a failure becomes ``store_failed``."""
        try:
            return await write
        except StoreError as exc:
            log.error("store write failed", extra={"data": {"game": self.id, "error": str(exc)}})
            raise ProtocolError("store_failed", "the server could not store the action; nothing changed") from None

    # ------------------------------------------------------------------------------ timers

    def arm_timers(self, now: float) -> None:
        """(Re)schedule the clock flag and the defence timeout for the current state."""
        self.timers.clear()
        self.defence_deadline = None
        if self.status != ACTIVE or self.game.over:
            return
        deadline = self.clock.deadline()
        if deadline is not None:
            player, at = deadline
            self.timers.flag_after(max(0.0, at - now), self._flag, Player(player), self.version)
        pending = self.game.pending
        if isinstance(pending, PendingDefence) and not self.seats[pending.defender].is_bot:
            timeout = self.context.settings.defence_timeout
            self.defence_deadline = now + timeout
            self.timers.defence_after(timeout, self._defence_timeout, self.version)

    async def _flag(self, player: Player, version: int) -> None:
        async with self.lock:
            if self.version != version or self.game.over or self.status != ACTIVE:
                return
            left = self.clock.left(time.time()).get(int(player), 1.0)
            if left > 0:  # woke early (timer drift): look again later
                self.arm_timers(time.time())
                return
            await self._apply_server_action(Resign(player, "time"), "clock")

    async def _defence_timeout(self, version: int) -> None:
        async with self.lock:
            if self.version != version or self.status != ACTIVE or not isinstance(self.game.pending, PendingDefence):
                return
            defender = self.game.pending.defender
            await self._apply_server_action(OrderDefence(defender, self.game.best_defence_order()), "defence timeout")

    async def _apply_server_action(self, action: Action, origin: str) -> None:
        try:
            await self._submit_locked(action, None, origin)
        except (RuleError, ProtocolError) as exc:
            log.error("server action refused", extra={"data": {"game": self.id, "origin": origin, "error": str(exc)}})

    def cancel_timers(self) -> None:
        """Stop the timers and the bot's thinking (the game leaves memory, or the server stops)."""
        self.timers.cancel()
        if self._bot_task is not None:
            self._bot_task.cancel()

    # ------------------------------------------------------------------------------ bots

    def maybe_bot_move(self) -> None:
        """Have the bot move if a bot must act now and is not thinking already."""
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
        chosen: Action | None
        if isinstance(self.game.pending, PendingDefence):
            chosen = OrderDefence(player, self.game.best_defence_order())  # R7: a bot defends best
        else:
            job = bot_job(self.id, self.map_text, self.rules_name, self.seed, self.first, self.game, player, seat.bot_level or 1)
            chosen = await ask_bot(self.context.bots, job)
            if chosen is None:
                chosen = await placeholder_move(self.game, player)
        async with self.lock:
            if self.version != version or self.game.over or self.status != ACTIVE:
                return
            try:
                await self._submit_locked(chosen, None, "bot")
            except (RuleError, ProtocolError) as exc:
                log.error("bot action refused", extra={"data": {"game": self.id, "error": str(exc)}})
                await self._apply_server_action(Resign(player, "resigned"), "bot failure")
        self._bot_task = None
        self.maybe_bot_move()

    # ------------------------------------------------------------------------------ endings

    async def claim_win(self, claimant: Player) -> int:
        """Win because the opponent has been gone longer than the grace period."""
        async with self.lock:
            if self.game.over or self.status == OVER:
                raise ProtocolError("game_over", "the game is over")
            if self.status != ACTIVE:
                raise ProtocolError("game_not_started", "the game is waiting for its second player")
            if self.clock.kind == CORRESPONDENCE:
                raise ProtocolError("not_absent", "in a correspondence game only the clock decides; nobody need be connected")
            other = claimant.other
            if not self.absent_long_enough(other, time.time()):
                raise ProtocolError(
                    "not_absent",
                    f"your opponent must be disconnected for {self.context.settings.abandon_grace:g} s first",
                )
            return await self._submit_locked(Resign(other, "abandoned"), None, "claim")

    def start_after_load(self, now: float) -> None:
        """Arm timers and bots for a game loaded from the store (inside the running loop)."""
        for seat in self.seats.values():
            if not seat.is_bot and seat.taken:
                seat.absent_since = now
        self.arm_timers(now)
        self.maybe_bot_move()
        self.notify_actor()
