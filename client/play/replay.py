"""Watching a finished game again: a session that replays a record's actions at a steady pace.

The watcher pauses and plays, steps a move forward or back, and changes the speed; the replay
also holds still while a menu is open over it (:meth:`hold`).
"""

from __future__ import annotations

import time
from typing import Any

from shared.rules.actions import action_from_dict
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord, parse_record
from shared.rules.terrain import Player
from shared.wire import View

from client.play.session import GameSession, Message, Seat, Update
from client.play.wire import wire_events, wire_view

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""Replay speeds the watcher steps through (1: one action every ``pace`` seconds)."""


class ReplaySession(GameSession):
    """Plays a :class:`~shared.rules.record.GameRecord` back, one action every ``pace / speed`` seconds."""

    def __init__(self, record: GameRecord, lexicon: Lexicon, *, pace: float = 1.2,
                 names: dict[int, str] | None = None) -> None:
        self.record = record
        self.lexicon = lexicon
        self.rules = record.rules
        self.game = self._fresh_game()
        names = names or {}
        self.seats = {p: Seat(p, names.get(int(p), p.label.capitalize()), False) for p in Player}
        self.title = f"Replay: {record.game_map.name}"
        self.pace = pace
        self.speed = 1.0
        self.index = 0
        self.paused = False
        self.held = False
        self._next_at = time.monotonic() + pace
        self._outbox: list[Message] = []

    @classmethod
    def from_text(cls, text: str, lexicon: Lexicon, **options: Any) -> "ReplaySession":
        return cls(parse_record(text), lexicon, **options)

    def _fresh_game(self) -> Game:
        r = self.record
        return Game.new(r.game_map, r.rules, r.seed, self.lexicon, r.first)

    # ---------------------------------------------------------------- queries
    def view(self, viewer: Player | None) -> View:
        return wire_view(self.game.view(None))

    def actor(self) -> Player | None:
        return self.game.actor

    def viewer(self) -> Player | None:
        return None

    @property
    def total(self) -> int:
        """How many actions the record holds."""
        return len(self.record.actions)

    @property
    def finished(self) -> bool:
        return self.index >= self.total

    # ---------------------------------------------------------------- controls
    def submit(self, action) -> None:  # spectators do not act
        return None

    def hold(self, held: bool) -> None:
        """Hold still while a menu is open over the replay (the pause button is the watcher's)."""
        self.held = held
        self._restart_timer()

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        self._restart_timer()

    def change_speed(self, delta: int) -> float:
        """One step faster (delta > 0) or slower; returns the new speed."""
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i + delta))]
        self._restart_timer()
        return self.speed

    def step(self) -> bool:
        """Play the next action now (paused or not); False at the end."""
        if self.finished:
            return False
        self._outbox.append(self._play_next())
        return True

    def back(self) -> None:
        """One action back: the position before the last action shown, without animation."""
        self.seek(self.index - 1)

    def restart(self) -> None:
        self.seek(0)

    def seek(self, index: int) -> None:
        """Show the position after the first ``index`` actions (replayed from the start)."""
        index = max(0, min(self.total, index))
        game = self._fresh_game()
        for data in self.record.actions[:index]:
            game.apply(action_from_dict(data))
        self.game, self.index = game, index
        self._outbox.append(Update([], wire_view(game.view(None)), None, resync=True))
        self._restart_timer()

    def wait(self) -> None:
        """The screen is still showing the last move: count the pause from now."""
        self._restart_timer()

    def _restart_timer(self) -> None:
        self._next_at = time.monotonic() + self.pace / self.speed

    def _play_next(self) -> Update:
        action = action_from_dict(self.record.actions[self.index])
        self.index += 1
        self._restart_timer()
        events = self.game.apply(action)
        return Update(wire_events(events, None), wire_view(self.game.view(None)), action.player)

    def poll(self) -> list[Message]:
        out, self._outbox = self._outbox, []
        if self.paused or self.held or self.finished or time.monotonic() < self._next_at:
            return out
        return out + [self._play_next()]

    def record_text(self) -> str:
        return self.record.to_text()
