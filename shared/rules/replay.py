"""Replaying a game record through the engine (the record format itself is in ``record``)."""

from __future__ import annotations

from shared.rules.actions import action_from_dict
from shared.rules.errors import RuleError
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord, RecordError

__all__ = [
    "replay",
]


def replay(record: GameRecord, lexicon: Lexicon, upto: int | None = None):
    """Play the record's actions; RecordError names the first bad line and the rule it breaks."""
    try:
        game = Game.new(record.game_map, record.rules, record.seed, lexicon, record.first)
    except ValueError as exc:
        raise RecordError(1, str(exc)) from None
    actions = record.actions if upto is None else record.actions[:upto]
    for index, data in enumerate(actions):
        line = index + 2
        try:
            game.apply(action_from_dict(data))
        except RuleError as exc:
            raise RecordError(line, f"{exc.code}: {exc.reason}") from None
    if upto is None and record.end is not None:
        expected = record.end
        actual = None if game.result is None else game.result.to_dict()
        if actual is None or any(expected.get(k) != v for k, v in actual.items()):
            raise RecordError(len(actions) + 2, f"the record ends {expected} but the replay ends {actual}")
    return game
