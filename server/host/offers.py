"""What the two players agree on, or one of them stops: draw offers, takebacks, aborts, ratings.

:class:`OfferDesk` is a part of :class:`~server.host.game_host.GameHost`. Every change goes
through the host's lock and is stored before anyone is told of it, like an action:

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
from collections.abc import Awaitable, Callable
from typing import Any

from server.edge.protocol import ProtocolError
from server.host.clocks import Clock
from server.host.ports import HostContext
from server.host.seats import ACTIVE, OPEN, OVER, Seat
from server.store.records import RatingChange
from shared.rules.actions import action_from_dict
from shared.rules.game import Game, PendingDefence
from shared.rules.terrain import Player

log = logging.getLogger("scryptic.room")

DRAW, TAKEBACK, REMATCH = "draw", "takeback", "rematch"


class OfferDesk:
    """Offers and endings by agreement (mixed into :class:`~server.host.game_host.GameHost`)."""

    id: str
    lock: asyncio.Lock
    status: str
    game: Game
    clock: Clock
    seats: dict[Player, Seat]
    offers: dict[str, set[Player]]
    context: HostContext
    rated: bool
    family: str | None
    result_data: dict[str, Any] | None
    finished_at: float | None
    rating_changes: dict[int, RatingChange]
    seed: int
    first: Player

    # Parts of the host this one uses (GameHost and GameTable define them).
    _persist: Callable[[Awaitable[Any]], Awaitable[Any]]
    broadcast_info: Callable[[], None]
    broadcast_state: Callable[[], None]
    notify_actor: Callable[[], None]
    _arm_timers: Callable[[float], None]
    _maybe_bot_move: Callable[[], None]
    cancel_timers: Callable[[], None]
    rebuild: Callable[..., None]
    takeback_point: Callable[[Player], int | None]
    has_commit: Callable[[], bool]

    # ------------------------------------------------------------------------------ offers

    def offers_after(self, cleared: set[str], added: tuple[str, Player] | None = None) -> dict[str, list[int]]:
        """The offers as they would be stored with the kinds ``cleared`` and one ``added``."""
        out = {kind: sorted(int(p) for p in seats) for kind, seats in self.offers.items() if kind not in cleared and seats}
        if added is not None:
            kind, player = added
            out[kind] = sorted(set(out.get(kind, [])) | {int(player)})
        return out

    async def store_offers(self, offers: dict[str, list[int]]) -> None:
        """Write the offers, then take them (under the lock); ``store_failed`` changes nothing."""
        await self._persist(self.context.log.save_offers(self.id, offers))
        self.offers = {kind: {Player(s) for s in seats} for kind, seats in offers.items() if seats}

    def _in_play(self) -> None:
        if self.status == OVER or self.game.over:
            raise ProtocolError("game_over", "the game is over")
        if self.status != ACTIVE:
            raise ProtocolError("game_not_started", "the game is waiting for its second player")

    async def offer(self, player: Player, kind: str) -> dict[str, Any]:
        """Offer a draw or ask for a takeback; if the opponent already offered the same, it is
        accepted at once. Against a bot: the bot declines a draw and never takes back."""
        async with self.lock:
            self._in_play()
            if kind == TAKEBACK:
                self._check_takeback(player)
            other = player.other
            if other in self.offers.get(kind, ()):
                return await self._accept(kind, player)
            if self.seats[other].is_bot:
                return {"game": self.id, "kind": kind, "offered": False, "declined": True}
            if player not in self.offers.get(kind, ()):
                await self.store_offers(self.offers_after(set(), (kind, player)))
                self.broadcast_info()
            return {"game": self.id, "kind": kind, "offered": True}

    async def answer_offer(self, player: Player, kind: str, accept: bool) -> dict[str, Any]:
        """Accept the opponent's offer, or decline it (or withdraw your own)."""
        async with self.lock:
            self._in_play()
            if not accept:
                if not self.offers.get(kind):
                    raise ProtocolError("no_offer", f"there is no {kind} offer to decline")
                await self.store_offers(self.offers_after({kind}))
                self.broadcast_info()
                return {"game": self.id, "kind": kind, "declined": True}
            if player.other not in self.offers.get(kind, ()):
                raise ProtocolError("no_offer", f"your opponent has not offered a {kind}")
            if kind == TAKEBACK:
                self._check_takeback(player.other)
            return await self._accept(kind, player)

    async def _accept(self, kind: str, player: Player) -> dict[str, Any]:
        if kind == DRAW:
            await self._finish(None, "agreed")
            return {"game": self.id, "kind": kind, "accepted": True}
        await self._take_back(player.other)
        return {"game": self.id, "kind": kind, "accepted": True, "version": self.game.version}

    # ------------------------------------------------------------------------------ takebacks

    def _check_takeback(self, asker: Player) -> int:
        if self.rated:
            raise ProtocolError("casual_only", "takebacks are for casual games; this one is rated")
        point = self.takeback_point(asker)
        if point is None:
            raise ProtocolError("nothing_to_take_back", "you have not played a turn yet")
        return point

    async def _take_back(self, asker: Player) -> None:
        """Replay the game without ``asker``'s last turn and all after it (stored first)."""
        point = self._check_takeback(asker)
        now = time.time()
        replay = Game.new(self.game.map, self.game.rules, self.seed, self.game.lexicon, self.first)
        for data in self.game.actions[:point]:
            replay.apply(action_from_dict(data))
        clock = Clock.from_dict(self.clock.to_dict()) if self.clock.enabled else self.clock
        actor = None if replay.actor is None else int(replay.actor)
        running = None if isinstance(replay.pending, PendingDefence) else actor  # as GameTable.running_player
        clock.advance(now, None, actor, running)
        await self._persist(self.context.log.take_back(self.id, point, clock=clock.to_dict() if clock.enabled else None))
        self.rebuild(point, replay)
        self.clock = clock
        self.offers.pop(DRAW, None)
        self.offers.pop(TAKEBACK, None)
        self._arm_timers(now)
        log.info("takeback", extra={"data": {"game": self.id, "to_version": point}})
        self.broadcast_state()
        self._maybe_bot_move()
        self.notify_actor()

    # ------------------------------------------------------------------------------ endings

    async def abort(self, player: Player) -> dict[str, Any]:
        """End the game unrated, while no word has been committed."""
        async with self.lock:
            if self.status == OVER or self.game.over:
                raise ProtocolError("game_over", "the game is over")
            if self.has_commit():
                raise ProtocolError("too_late_to_abort", "a word was committed: resign or offer a draw instead")
            await self._finish(None, "aborted")
            return {"game": self.id, "aborted": True}

    async def end_by_operator(self, winner: Player | None, reason: str) -> dict[str, Any]:
        """The operator ends the game: ``aborted`` (no winner, never rated), ``adjudicated``
        (``winner`` or a draw, rated as a game's end) or ``forfeit`` (a banned player's game:
        the opponent wins, rated). A game still waiting for its second player is aborted."""
        async with self.lock:
            if self.status == OVER or self.game.over:
                raise ProtocolError("game_over", f"game {self.id} is over already")
            if self.status == OPEN:
                winner, reason = None, "aborted"
            await self._finish(winner, reason)
            return {"game": self.id, "result": self.result_data}

    async def decline_challenge(self) -> None:
        """The challenged player said no: the waiting game ends (reason ``declined``)."""
        async with self.lock:
            if self.status != OPEN:
                raise ProtocolError("game_full", f"game {self.id} is not waiting for a player")
            await self._finish(None, "declined")

    async def _finish(self, winner: Player | None, reason: str) -> None:
        """End the game without an engine action (stored with its ratings first)."""
        now = time.time()
        scores = {str(int(p)): s for p, s in self.game.scores().items()}
        result = {"winner": None if winner is None else int(winner), "reason": reason, "scores": scores}
        rateable = reason not in ("aborted", "declined")
        ratings = self.settle_ratings(result) if rateable else []
        clock = Clock.from_dict(self.clock.to_dict()) if self.clock.enabled else self.clock
        clock.stop(now)
        try:
            stored = await self._persist(
                self.context.log.finish_game(self.id, result=result, clock=clock.to_dict() if clock.enabled else None, ratings=ratings)
            )
        except ProtocolError:
            self.context.ratings.revert(ratings)
            raise
        if stored != ratings:  # another node had moved a rating: the store's changes stand
            self.context.ratings.take(stored)
            ratings = stored
        was_open = self.status == OPEN
        self.status, self.result_data, self.finished_at, self.clock = OVER, result, now, clock
        self.offers.pop(DRAW, None)
        self.offers.pop(TAKEBACK, None)
        self.rating_changes = {change.seat: change for change in ratings}
        self.cancel_timers()
        self.context.lobby.game_finished(self.id, result, self.game.version)
        log.info("ended by the server", extra={"data": {"game": self.id, "reason": reason, "was_open": was_open}})
        self.broadcast_state()

    def settle_ratings(self, result: dict[str, Any] | None) -> list[RatingChange]:
        """The rating changes of a rated game ending with ``result`` (none for a casual game)."""
        if not self.rated or self.family is None or result is None:
            return []
        subjects = {}
        for player, seat in self.seats.items():
            if seat.is_bot:
                subjects[int(player)] = f"b:{seat.bot_level}"
            elif seat.user_id is not None:
                subjects[int(player)] = f"u:{seat.user_id}"
        if len(subjects) != 2:
            return []
        return self.context.ratings.settle(self.id, self.family, subjects, result.get("winner"))
