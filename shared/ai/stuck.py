"""Turns that start with no legal commit: the mover's rack makes no word anywhere it may lay one.

Such a turn can only be passed (or spent lifting a word). Counted over a game by replaying its
record and asking the move generator, at the start of each of the mover's turns (once any
discard is made), for every commit the whole dictionary allows; the move generator finds every
legal commit (tests/test_ai_movegen.py checks it against the engine), so an empty answer means
there is none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.ai.movegen import find_moves
from shared.ai.vocab import level_vocabulary
from shared.rules.actions import action_from_dict
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord
from shared.rules.terrain import Player

__all__ = ["Stuck", "has_commit", "stuck_turns"]


@dataclass
class Stuck:
    """Per player (1 gold, 2 silver): turn starts looked at, and those with no legal commit."""

    turns: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    stuck: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    racks: list[str] = field(default_factory=list)  # the racks that made no word, as they were


def has_commit(game: Game, player: Player, min_zipf: float = 0.0) -> bool:
    """True if ``player`` has at least one legal commit now: with any word of the dictionary, or
    (``min_zipf``) only with the words an AI level of that word frequency floor knows."""
    _, moves = find_moves(game, player, level_vocabulary(game.lexicon, min_zipf))
    return bool(moves)


def stuck_turns(record: GameRecord, lexicon: Lexicon, min_zipf: float = 0.0) -> Stuck:
    """How often each player began a turn (nothing pending) with no legal commit, over ``record``
    (``min_zipf``: with only the words an AI level of that floor knows)."""
    game = Game.new(record.game_map, record.rules, record.seed, lexicon, record.first)
    out = Stuck()
    looked: set[int] = set()

    def look() -> None:
        if game.over or game.pending is not None or game.turn in looked:
            return
        looked.add(game.turn)
        mover = int(game.to_move)
        out.turns[mover] += 1
        if not has_commit(game, game.to_move, min_zipf):
            out.stuck[mover] += 1
            out.racks.append("".join(sorted(game.racks[game.to_move])).upper())

    look()
    for data in record.actions:
        game.apply(action_from_dict(data))
        look()
    return out
