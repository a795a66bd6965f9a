"""A game record split into turns: who moved, what they did, and the position they started from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shared.rules.actions import action_from_dict
from shared.rules.errors import RuleError
from shared.rules.events import Event
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord, RecordError
from shared.rules.replay import replay
from shared.rules.terrain import Player


class AnalysisError(ValueError):
    """A game that cannot be analysed; the message says why."""


class GameNotOver(AnalysisError):
    """The record's game has not ended: only a finished game is analysed."""


@dataclass
class Turn:
    """One turn of a game: its number, the mover, the position at its start, what was played."""

    number: int
    player: Player
    start: Game  # the position as the turn began (a copy, not changed)
    actions: list[dict[str, Any]] = field(default_factory=list)  # the actions played, the defender's included
    events: list[Event] = field(default_factory=list)


def split_turns(record: GameRecord, lexicon: Lexicon) -> tuple[list[Turn], Game]:
    """The turns of a finished game and the final position.

    A record that does not replay raises :class:`~shared.rules.record.RecordError` (naming the
    line); one whose game is not over raises :class:`GameNotOver`.
    """
    replay(record, lexicon)  # checks every action and the stated end
    game = Game.new(record.game_map, record.rules, record.seed, lexicon, record.first)
    turns = [Turn(game.turn, game.to_move, game.copy())]
    for index, data in enumerate(record.actions):
        try:
            events = game.apply(action_from_dict(data))
        except RuleError as exc:  # replay agreed, so this cannot happen; kept for a clear message
            raise RecordError(index + 2, f"{exc.code}: {exc.reason}") from None
        current = turns[-1]
        current.actions.append(data)
        current.events += events
        if not game.over and game.turn != current.number:
            turns.append(Turn(game.turn, game.to_move, game.copy()))
    if game.result is None:
        raise GameNotOver(f"the game is not over (turn {game.turn}, {game.to_move.label} to move): "
                          "only a finished game can be analysed")
    if not turns[-1].actions:
        turns.pop()
    return turns, game


__all__ = ["AnalysisError", "GameNotOver", "Turn", "split_turns"]
