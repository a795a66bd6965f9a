"""What the two players agree on, or one of them stops: draw offers, takebacks, aborts, ratings.

:class:`OfferDesk` is a part of :class:`~server.host.game_host.GameHost` (``host.desk``): it is
handed the host's :class:`~server.host.table.GameTable` (the state it reads and changes), the
host's lock, and the few things it asks of the host (:class:`DeskCalls`: store, send, timers,
bots). Every change goes through the lock and is stored before anyone is told of it, like an
action:

- **draw**: one player offers, the other accepts (or offers too): the game ends drawn
  (reason ``agreed``), rated like any draw. Any accepted action declines an open offer.
- **takeback** (casual games only): one player asks to take back their last turn, the other
  accepts: the game is replayed from its start without that turn and what followed it (the
  engine has no undo), the actions are dropped from the store, and everyone gets a ``state``.
- **abort**: either player, while no word has been committed (a waiting game: its creator):
  the game ends without a winner (reason ``aborted``) and is never rated.
- **the operator** (``scryptic admin``) may end any game: ``aborted`` (never rated),
  ``adjudicated`` (a winner or a draw, rated) or ``forfeit`` (a banned player loses, rated).
- **ratings**: a rated game that ends has its rating changes computed by the
  :class:`~server.host.ports.RatingBook` before the final write, and stored in the same unit.

Offers are stored with the game (they survive a restart); a refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from typing import Any, Protocol, TypeVar

from server.edge.protocol import ProtocolError
from server.host.clocks import Clock
from server.host.seats import ACTIVE, OPEN, OVER
from server.host.table import GameTable
from server.store.records import RatingChange
from shared.rules.actions import action_from_dict
from shared.rules.game import Game, PendingDefence
from shared.rules.terrain import Player
from shared.wire import replies as R

log = logging.getLogger("scryptic.room")
T = TypeVar("T")

DRAW, TAKEBACK, REMATCH = "draw", "takeback", "rematch"


class DeskCalls(Protocol):
    """What the offer desk asks of the game host around it."""

    async def persist(self, write: Awaitable[T]) -> T:
        """Await one write of the game log (a failure raises ``store_failed``)."""
        ...

    def broadcast_info(self) -> None: ...

    def broadcast_state(self) -> None: ...

    def notify_actor(self) -> None: ...

    def arm_timers(self, now: float) -> None: ...

    def maybe_bot_move(self) -> None: ...

    def cancel_timers(self) -> None: ...


class OfferDesk:
    """Offers and endings by agreement of one game (see the module docstring)."""

    def __init__(self, table: GameTable, lock: asyncio.Lock, calls: DeskCalls) -> None:
        self.table = table
        self.lock = lock
        self.calls = calls

    # ------------------------------------------------------------------------------ offers

    def offers_after(self, cleared: set[str], added: tuple[str, Player] | None = None) -> dict[str, list[int]]:
        """The offers as they would be stored with the kinds ``cleared`` and one ``added``."""
        offers = self.table.offers
        out = {kind: sorted(int(p) for p in seats) for kind, seats in offers.items() if kind not in cleared and seats}
        if added is not None:
            kind, player = added
            out[kind] = sorted(set(out.get(kind, [])) | {int(player)})
        return out

    async def store_offers(self, offers: dict[str, list[int]]) -> None:
        """Write the offers, then take them (under the lock); ``store_failed`` changes nothing."""
        await self.calls.persist(self.table.context.log.save_offers(self.table.id, offers))
        self.table.offers = {kind: {Player(s) for s in seats} for kind, seats in offers.items() if seats}

    def _in_play(self) -> None:
        if self.table.status == OVER or self.table.game.over:
            raise ProtocolError("game_over", "the game is over")
        if self.table.status != ACTIVE:
            raise ProtocolError("game_not_started", "the game is waiting for its second player")

    async def offer(self, player: Player, kind: str) -> R.OfferReply:
        """Offer a draw or ask for a takeback; if the opponent already offered the same, it is
        accepted at once. Against a bot: the bot declines a draw and never takes back."""
        table = self.table
        async with self.lock:
            self._in_play()
            if kind == TAKEBACK:
                self._check_takeback(player)
            other = player.other
            if other in table.offers.get(kind, ()):
                return await self._accept(kind, player)
            if table.seats[other].is_bot:
                return R.OfferReply(game=table.id, kind=kind, offered=False, declined=True)
            if player not in table.offers.get(kind, ()):
                await self.store_offers(self.offers_after(set(), (kind, player)))
                self.calls.broadcast_info()
            return R.OfferReply(game=table.id, kind=kind, offered=True)

    async def answer_offer(self, player: Player, kind: str, accept: bool) -> R.OfferReply:
        """Accept the opponent's offer, or decline it (or withdraw your own)."""
        async with self.lock:
            self._in_play()
            if not accept:
                if not self.table.offers.get(kind):
                    raise ProtocolError("no_offer", f"there is no {kind} offer to decline")
                await self.store_offers(self.offers_after({kind}))
                self.calls.broadcast_info()
                return R.OfferReply(game=self.table.id, kind=kind, declined=True)
            if player.other not in self.table.offers.get(kind, ()):
                raise ProtocolError("no_offer", f"your opponent has not offered a {kind}")
            if kind == TAKEBACK:
                self._check_takeback(player.other)
            return await self._accept(kind, player)

    async def _accept(self, kind: str, player: Player) -> R.OfferReply:
        if kind == DRAW:
            await self._finish(None, "agreed")
            return R.OfferReply(game=self.table.id, kind=kind, accepted=True)
        await self._take_back(player.other)
        return R.OfferReply(game=self.table.id, kind=kind, accepted=True, version=self.table.game.version)

    # ------------------------------------------------------------------------------ takebacks

    def _check_takeback(self, asker: Player) -> int:
        if self.table.rated:
            raise ProtocolError("casual_only", "takebacks are for casual games; this one is rated")
        point = self.table.takeback_point(asker)
        if point is None:
            raise ProtocolError("nothing_to_take_back", "you have not played a turn yet")
        return point

    async def _take_back(self, asker: Player) -> None:
        """Replay the game without ``asker``'s last turn and all after it (stored first)."""
        table = self.table
        point = self._check_takeback(asker)
        now = time.time()
        replay = Game.new(table.game.map, table.game.rules, table.seed, table.game.lexicon, table.first)
        for data in table.game.actions[:point]:
            replay.apply(action_from_dict(data))
        clock = Clock.from_dict(table.clock.to_dict()) if table.clock.enabled else table.clock
        actor = None if replay.actor is None else int(replay.actor)
        running = None if isinstance(replay.pending, PendingDefence) else actor  # as GameTable.running_player
        clock.advance(now, None, actor, running)
        await self.calls.persist(table.context.log.take_back(table.id, point, clock=clock.to_dict() if clock.enabled else None))
        table.rebuild(point, replay)
        table.clock = clock
        table.offers.pop(DRAW, None)
        table.offers.pop(TAKEBACK, None)
        self.calls.arm_timers(now)
        log.info("takeback", extra={"data": {"game": table.id, "to_version": point}})
        self.calls.broadcast_state()
        self.calls.maybe_bot_move()
        self.calls.notify_actor()

    # ------------------------------------------------------------------------------ endings

    async def abort(self, player: Player) -> R.AbortReply:
        """End the game unrated, while no word has been committed."""
        async with self.lock:
            if self.table.status == OVER or self.table.game.over:
                raise ProtocolError("game_over", "the game is over")
            if self.table.has_commit():
                raise ProtocolError("too_late_to_abort", "a word was committed: resign or offer a draw instead")
            await self._finish(None, "aborted")
            return R.AbortReply(game=self.table.id, aborted=True)

    async def end_by_operator(self, winner: Player | None, reason: str) -> dict[str, Any]:
        """The operator ends the game: ``aborted`` (no winner, never rated), ``adjudicated``
        (``winner`` or a draw, rated as a game's end) or ``forfeit`` (a banned player's game:
        the opponent wins, rated). A game still waiting for its second player is aborted."""
        table = self.table
        async with self.lock:
            if table.status == OVER or table.game.over:
                raise ProtocolError("game_over", f"game {table.id} is over already")
            if table.status == OPEN:
                winner, reason = None, "aborted"
            await self._finish(winner, reason)
            return {"game": table.id, "result": table.result_data}

    async def decline_challenge(self) -> None:
        """The challenged player said no: the waiting game ends (reason ``declined``)."""
        async with self.lock:
            if self.table.status != OPEN:
                raise ProtocolError("game_full", f"game {self.table.id} is not waiting for a player")
            await self._finish(None, "declined")

    async def _finish(self, winner: Player | None, reason: str) -> None:
        """End the game without an engine action (stored with its ratings first)."""
        table = self.table
        now = time.time()
        scores = {str(int(p)): s for p, s in table.game.scores().items()}
        result = {"winner": None if winner is None else int(winner), "reason": reason, "scores": scores}
        rateable = reason not in ("aborted", "declined")
        ratings = self.settle_ratings(result) if rateable else []
        clock = Clock.from_dict(table.clock.to_dict()) if table.clock.enabled else table.clock
        clock.stop(now)
        try:
            stored = await self.calls.persist(
                table.context.log.finish_game(table.id, result=result, clock=clock.to_dict() if clock.enabled else None, ratings=ratings)
            )
        except ProtocolError:
            table.context.ratings.revert(ratings)
            raise
        if stored != ratings:  # another node had moved a rating: the store's changes stand
            table.context.ratings.take(stored)
            ratings = stored
        was_open = table.status == OPEN
        table.status, table.result_data, table.finished_at, table.clock = OVER, result, now, clock
        table.offers.pop(DRAW, None)
        table.offers.pop(TAKEBACK, None)
        table.rating_changes = {change.seat: change for change in ratings}
        self.calls.cancel_timers()
        table.context.lobby.game_finished(table.id, result, table.game.version)
        log.info("ended by the server", extra={"data": {"game": table.id, "reason": reason, "was_open": was_open}})
        self.calls.broadcast_state()

    def settle_ratings(self, result: dict[str, Any] | None) -> list[RatingChange]:
        """The rating changes of a rated game ending with ``result`` (none for a casual game)."""
        table = self.table
        if not table.rated or table.family is None or result is None:
            return []
        subjects = {}
        for player, seat in table.seats.items():
            if seat.is_bot:
                subjects[int(player)] = f"b:{seat.bot_level}"
            elif seat.user_id is not None:
                subjects[int(player)] = f"u:{seat.user_id}"
        if len(subjects) != 2:
            return []
        return table.context.ratings.settle(table.id, table.family, subjects, result.get("winner"))
