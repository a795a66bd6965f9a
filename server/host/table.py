"""One game's state on the server, without I/O: the engine game, seats, clock, status, result.

:class:`GameTable` is rebuilt from a stored game by replaying its actions through the engine.
It decides what an action changes (:meth:`GameTable.play` returns a :class:`Step`; nothing is
changed for good until :meth:`GameTable.accept`) and what each viewer is shown (info, lobby
summary, state frame: :mod:`server.host.snapshot`). It never awaits, sleeps, or writes: :class:`server.host.game_host.GameHost`
adds the lock, the game log, the timers, the bots and the sending (the audience) on top of it.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from server.edge.protocol import ProtocolError
from server.host.clocks import Clock, family_of
from server.host.fast_load import start_from_snapshot
from server.host.ports import HostContext
from server.host.seats import ACTIVE, OPEN, OVER, Seat
from server.host.snapshot import Snapshots
from server.mapcodec import map_from_text
from server.store.records import RatingChange, StoredGame
from shared.rules.actions import Action, action_from_dict, action_to_dict
from shared.rules.events import Event
from shared.rules.game import Game, PendingDefence
from shared.rules.lexicon import Lexicon
from shared.rules.presets import get_rules
from shared.rules.record import GameRecord
from shared.rules.terrain import Player


@dataclass
class Step:
    """An action the engine accepted, with what it changes, before it is stored."""

    action: Action
    version: int
    events: list[Event]
    clock: Clock
    result: dict[str, Any] | None  # the result with final scores when the action ended the game
    now: float


class GameTable(Snapshots):
    """A game and everything the server keeps about it, as plain state."""

    def __init__(self, stored: StoredGame, lexicon: Lexicon, context: HostContext, *, replay_events: bool = True) -> None:
        """Rebuild the game by replaying its stored actions (raises ValueError for a bad log)."""
        self.context = context
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
        self.watchers: set[Any] = set()  # spectators' connections (seat holders' are in the seats)
        tail = context.settings.event_tail
        # The events of the last versions, for clients that come back (see Audience.missed_message).
        self.tail: deque[tuple[int, list[Event]]] = deque(maxlen=tail)
        fresh = Game.new(map_from_text(self.map_text), get_rules(self.rules_name), self.seed, lexicon, self.first)
        self.tail.append((0, list(fresh.initial_events)))
        for index, (version, _data, _t) in enumerate(stored.actions):
            if version != index + 1:
                raise ValueError(f"game {self.id}: stored action {index + 1} has version {version}")
        # From the newest usable snapshot (server.host.fast_load), else from the start.
        self.game, self.snapshot_version = start_from_snapshot(stored, fresh, tail if replay_events else 0)
        skip_events_until = len(stored.actions) - tail
        for index, (version, data, _t) in enumerate(stored.actions):
            if index < self.snapshot_version:
                continue
            events = self.game.apply(action_from_dict(data))
            if replay_events and index >= skip_events_until:
                self.tail.append((self.game.version, events))
        self.clock = Clock.from_dict(stored.clock) if stored.clock else Clock.from_settings(self.time_control)
        self.finished_at: float | None = time.time() if self.status == OVER else None
        self.result_data: dict[str, Any] | None = stored.result
        self.offers: dict[str, set[Player]] = {kind: {Player(s) for s in seats} for kind, seats in stored.offers.items() if seats}
        self.rematch_game: str | None = stored.rematch_game
        self.rating_changes: dict[int, RatingChange] = dict(stored.rating_changes)
        self.defence_deadline: float | None = None  # wall time the awaited defence order is due

    # ------------------------------------------------------------------------------ properties

    @property
    def time_control(self) -> dict[str, Any]:
        """The game's time control as created (``{"kind": "none"}`` when it has none)."""
        return self.settings.get("time_control", {"kind": "none"})

    @property
    def public(self) -> bool:
        """Listed in the lobby and findable by id (private games only by code)."""
        return bool(self.settings.get("public", True))

    @property
    def rated(self) -> bool:
        """Rated games change the players' ratings (never those without a clock)."""
        return bool(self.settings.get("rated", False))

    @property
    def family(self) -> str | None:
        """The rating family of the game's time control (None without a clock)."""
        return family_of(self.time_control)

    @property
    def challenged(self) -> int | None:
        """The user a challenge is for (only they may take the open seat), or None."""
        return self.settings.get("challenged")

    @property
    def version(self) -> int:
        """The number of accepted actions."""
        return self.game.version

    def defence_deadline_in(self, now: float) -> float | None:
        """Seconds left to order the awaited defence (None when none is awaited)."""
        if self.defence_deadline is None:
            return None
        return round(max(0.0, self.defence_deadline - now), 3)

    def running_player(self) -> int | None:
        """Whose clock runs: the player who must act, except while a defence order is awaited."""
        if self.game.over or isinstance(self.game.pending, PendingDefence):
            return None
        actor = self.game.actor
        return None if actor is None else int(actor)

    # ------------------------------------------------------------------------------ snapshots

    def record_text(self) -> str:
        """The finished game as the engine's record (for ``scryptic replay``). A game the server
        ended without the engine (a draw agreed, an abort) has no end line: the engine would
        not end it that way; its result is in the game's info."""
        return GameRecord.from_game(self.game).to_text()

    # ------------------------------------------------------------------------------ seats

    def seat_of_token(self, token_hash: str) -> Player | None:
        """The seat whose token has this hash, if any."""
        for player, seat in self.seats.items():
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, token_hash):
                return player
        return None

    def open_seat(self) -> Player | None:
        """The seat nobody holds yet, if any."""
        for player, seat in self.seats.items():
            if not seat.taken:
                return player
        return None

    def absent_long_enough(self, player: Player, now: float) -> bool:
        """True if ``player`` has been gone for the abandon grace period."""
        seat = self.seats[player]
        if seat.connected or seat.absent_since is None:
            return False
        return now - seat.absent_since >= self.context.settings.abandon_grace

    # ------------------------------------------------------------------------------ actions

    def play(self, action: Action, expect_version: int | None, now: float) -> Step:
        """Have the engine apply ``action``; return what it changes.

        Raises :class:`ProtocolError` (the game is not in play, or not at ``expect_version``)
        or :class:`~shared.rules.errors.RuleError` (the engine refused), changing nothing. After a
        Step the engine game has moved on: :meth:`accept` or :meth:`undo` it.
        """
        if self.status == OPEN:
            raise ProtocolError("game_not_started", "the game is waiting for its second player")
        if self.game.over or self.status == OVER:
            raise ProtocolError("game_over", "the game is over")
        if expect_version is not None and expect_version != self.version:
            raise ProtocolError("stale_version", f"the game is at version {self.version}, not {expect_version}")
        before_turn, before_mover = self.game.turn, self.game.to_move
        events = self.game.apply(action)  # raises RuleError, changing nothing
        clock = Clock.from_dict(self.clock.to_dict()) if self.clock.enabled else self.clock
        if self.game.over:
            clock.stop(now)
        else:
            turn_passed = self.game.turn != before_turn
            clock.advance(
                now,
                before_mover if turn_passed else None,
                self.game.to_move if turn_passed else None,
                self.running_player(),
            )
        result = None
        if self.game.over:
            assert self.game.result is not None
            result = {
                **self.game.result.to_dict(),
                "scores": {str(int(p)): s for p, s in self.game.scores().items()},
            }
        return Step(action, self.version, events, clock, result, now)

    def played_at(self, version: int, action: Action) -> bool:
        """True if ``action`` (the same seat, the same action) is the one the game played at
        ``version``, taking it to ``version + 1``: a move pinned to that version and sent again
        after its reply was lost was done, not refused."""
        return 0 <= version < self.version and self.game.actions[version] == action_to_dict(action)

    def accept(self, step: Step) -> None:
        """The step is stored: take its clock, keep its events, and end the game if it ended."""
        self.clock = step.clock
        self.tail.append((step.version, step.events))
        if step.result is not None:
            self.status = OVER
            self.result_data = step.result
            self.finished_at = step.now

    def undo(self, step: Step) -> None:
        """The step could not be stored: the game is replayed to the version before it."""
        self.rebuild(step.version - 1)

    def rebuild(self, version: int, replayed: Game | None = None) -> None:
        """Replay the game from its start to ``version`` (the engine has no undo; ``replayed``
        is that replay if already made); the events of later versions leave the tail."""
        game = replayed
        if game is None:
            game = Game.new(self.game.map, self.game.rules, self.seed, self.game.lexicon, self.first)
            for data in self.game.actions[:version]:
                game.apply(action_from_dict(data))
        self.game = game
        kept = [(v, events) for v, events in self.tail if v <= version]
        self.tail.clear()
        self.tail.extend(kept)

    def takeback_point(self, player: Player) -> int | None:
        """The version at which ``player``'s last turn began (taking back to it undoes that
        turn and everything after it), or None if they have had no turn with an action."""
        game = Game.new(self.game.map, self.game.rules, self.seed, self.game.lexicon, self.first)
        start: int | None = None
        turn_start: dict[tuple[int, Player], int] = {(game.turn, game.to_move): 0}
        for data in self.game.actions:
            game.apply(action_from_dict(data))
            turn_start.setdefault((game.turn, game.to_move), game.version)
        for (turn, mover), version in turn_start.items():
            if mover == player and version < self.version and (start is None or version > start):
                start = version
        return start

    def has_commit(self) -> bool:
        """True once a word has been committed (an abort is then too late)."""
        return any(data.get("type") == "commit" for data in self.game.actions)

    # ------------------------------------------------------------------------------ clocks

    def start_clock(self, now: float) -> dict[str, Any] | None:
        """Start the running player's time in a game created active; the clock checkpoint to
        store with the new game (None without a clock)."""
        if self.status == ACTIVE:
            self.clock.advance(now, None, None, self.running_player())
        return self.clock.to_dict() if self.clock.enabled else None

    def resume_clock(self, last_alive: float | None, now: float) -> dict[str, Any] | None:
        """After a restart: do not charge the outage; return the new checkpoint to persist."""
        if not self.clock.enabled or self.status != ACTIVE:
            return None
        self.clock.resume_after_outage(last_alive, now)
        return self.clock.to_dict()
