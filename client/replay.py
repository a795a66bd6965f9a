"""Watching a finished game again: a session that replays a record's actions at a steady pace."""

from __future__ import annotations

import time
from typing import Any

from shared.actions import action_from_dict
from shared.game import Game
from shared.lexicon import Lexicon
from shared.record import GameRecord, parse_record
from shared.terrain import Player

from client.session import GameSession, Message, Seat, Update, _event_dicts


class ReplaySession(GameSession):
    """Plays a :class:`~shared.record.GameRecord` back, one action every ``pace`` seconds."""

    def __init__(self, record: GameRecord, lexicon: Lexicon, *, pace: float = 1.2,
                 names: dict[int, str] | None = None) -> None:
        self.record = record
        self.lexicon = lexicon
        self.rules = record.rules
        self.game = Game.new(record.game_map, record.rules, record.seed, lexicon, record.first)
        names = names or {}
        self.seats = {p: Seat(p, names.get(int(p), p.label.capitalize()), False) for p in Player}
        self.title = f"Replay: {record.game_map.name}"
        self.pace = pace
        self.index = 0
        self._next_at = time.monotonic() + pace
        self.paused = False

    @classmethod
    def from_text(cls, text: str, lexicon: Lexicon, **options: Any) -> "ReplaySession":
        return cls(parse_record(text), lexicon, **options)

    def view(self, viewer: Player | None) -> dict[str, Any]:
        return self.game.view(None)

    def actor(self) -> Player | None:
        return self.game.actor

    def viewer(self) -> Player | None:
        return None

    def submit(self, action) -> None:  # spectators do not act
        return None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.record.actions)

    def poll(self) -> list[Message]:
        if self.paused or self.finished or time.monotonic() < self._next_at:
            return []
        action = action_from_dict(self.record.actions[self.index])
        self.index += 1
        self._next_at = time.monotonic() + self.pace
        events = self.game.apply(action)
        return [Update(_event_dicts(events, None), self.game.view(None), action.player)]

    def record_text(self) -> str | None:
        return self.record.to_text()
