"""The preview's score is the score change the engine gives after the commit, cross words included."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.rules.actions import Commit, OrderDefence
from shared.rules.game import Game, PendingDefence
from shared.rules.presets import get_rules
from shared.rules.terrain import Player
from shared.tools.ascii import position

from client.play.preview import compute_preview
from client.play.wire import wire_view
from random_play import LEXICON as PLAY_LEXICON
from random_play import WORDS as PLAY_WORDS
from random_play import ARENA, random_commit, sensible_action
from rules_helpers import GOLD, LEXICON

# Gold's AT lies across its city; TAN laid under it also forms AT and TA down.
TERRAIN = """
. . G . . .
. . . . . .
. . . . . .
. . . . . S
"""
LETTERS = """
. . a t . .
. . . . . .
. . . . . .
. . . . . .
"""


def test_laying_tan_under_at_scores_its_cross_words_too():
    game = position(TERRAIN, LETTERS, LEXICON, racks={GOLD: "tan"})
    placed = {(1, 2): "t", (1, 3): "a", (1, 4): "n"}
    pv = compute_preview(wire_view(game.view(GOLD)), LEXICON, GOLD, placed)
    assert pv.ok and pv.word == "tan"
    assert sorted(w.text for w in pv.words) == ["at", "ta", "tan"]
    assert pv.word_value == 3  # T, A and N: one dot each
    assert pv.score == 7  # TAN 3 + AT 2 + TA 2
    before = game.score(GOLD)
    assert before == 2
    game.apply(Commit(GOLD, tuple((r, c, ch) for (r, c), ch in placed.items())))
    assert game.score(GOLD) == 9 == before + pv.score


def _score_change(game: Game, commit: Commit) -> int:
    """What the engine's score does for the mover when the commit is played, the defender
    (if asked) ordering the defence as the engine suggests."""
    real = game.copy()
    player = commit.player
    before = real.score(player)
    real.apply(commit)
    if isinstance(real.pending, PendingDefence):
        real.apply(OrderDefence(player.other, real.pending.suggested_order))
    return real.score(player) - before


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 80),
       preset=st.sampled_from(["standard", "war", "ios-2011"]))
def test_the_preview_score_is_the_score_change_after_the_commit(seed, moves, preset):
    rng = random.Random(seed)
    rules = get_rules(preset)
    game = Game.new(ARENA, rules, seed, PLAY_LEXICON)
    for _ in range(moves):  # a seeded position, reached by random legal play
        if game.over:
            return
        game.apply(sensible_action(game, rng))
    if game.over or game.pending is not None:
        return
    player: Player = game.to_move
    before = game.fingerprint()
    for _ in range(4):
        commit = random_commit(game, player, rng, PLAY_WORDS, toward_enemy=rng.random() < 0.5)
        if commit is None:
            continue
        placed = {(r, c): ch for r, c, ch in commit.placements}
        pv = compute_preview(wire_view(game.view(player)), PLAY_LEXICON, player, placed, commit.direction, rules=rules)
        assert pv.ok, pv.error
        assert pv.score == _score_change(game, commit), (commit, pv.words, pv.outcome)
    assert game.fingerprint() == before  # neither the preview nor the check changed the game
