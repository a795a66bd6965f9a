"""The AI's quick strength estimate agrees with the engine's on random positions.

The move estimator (:mod:`shared.ai.estimate`) works out an attacking word's strength itself,
without laying the word, for speed; the engine's :func:`~shared.rules.strength.attack_strength`
is the rule. Over seeded random games on a shipped map (water, mountains, forests), every
commit the generator finds for the side to move gets the same strength from both.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.ai.estimate import MoveEstimator
from shared.ai.movegen import find_moves, move_cells, move_commit
from shared.ai.vocab import full_vocabulary
from shared.maps.files import load_map
from shared.rules.game import Game
from shared.rules.presets import PRESETS
from shared.rules.strength import attack_strength

from random_play import LEXICON, sensible_action

MAP = load_map("anvil")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(4, 60), preset=st.sampled_from(["war", "standard"]))
def test_the_estimated_attack_strength_is_the_engine_s(seed: int, steps: int, preset: str) -> None:
    game = Game.new(MAP, PRESETS[preset], seed, LEXICON)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            return
        game.apply(sensible_action(game, rng))
    if game.over or game.pending is not None:
        return
    player = game.to_move
    _, moves = find_moves(game, player, full_vocabulary(LEXICON))
    estimator = MoveEstimator(game, player)
    for move in moves[:400]:
        line, _start, _end, word, _placed = move
        trial = game.copy()
        plan = trial.plan_commit(move_commit(move, player))
        for r, c, ch in plan.placements:
            trial.board.letters[player][(r, c)] = ch
        engine = attack_strength(trial.board, plan.run, LEXICON, game.rules).value
        assert estimator.attack_strength(line, move_cells(move), word) == engine, (word, move_cells(move))
