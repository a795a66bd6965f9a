"""The AI never plays a word of the exclusion list, as the main word or as a cross word."""

from __future__ import annotations

import math
import random

import pytest

from shared.rules.actions import Commit
from shared.ai import LEVELS, choose_action, generate_commits
from shared.ai.vocab import full_vocabulary, level_vocabulary
from shared.tools.ascii import position
from shared.rules.board import runs_of
from shared.rules.game import Game

from rules_helpers import GOLD, SILVER

# Gold's word TAN covers its city, and the invalid run N A Z stands down from its N: an I
# below makes NAZI, an I and an S make NAZIS, and an I starting an across word makes NAZI
# as that word's cross word. Other words hook onto the T (IT, ITS down).
TERRAIN = """
. . . . . .
. . G . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . S
"""
LETTERS = """
. . . . . .
. t a n . .
. . . a . .
. . . z . .
. . . . . .
. . . . . .
"""


@pytest.fixture(scope="module")
def dictionary():
    from shared.words.dictionary import load_dictionary

    return load_dictionary()


def _game(dictionary, rack: str) -> Game:
    return position(TERRAIN, LETTERS, dictionary, racks={GOLD: rack, SILVER: "ert"})


def words_formed(game: Game, commit: Commit) -> set[str]:
    """The committed word and every cross word the commit makes (the engine's own reading)."""
    plan = game.plan_commit(commit)
    layer = dict(game.board.letters[commit.player])
    layer.update({(r, c): ch for r, c, ch in commit.placements})
    return {run.text for run in runs_of(layer) if plan.new_cells & set(run.cells)}


def test_the_position_offers_excluded_words_to_a_player(dictionary):
    """Without the exclusion the generator finds NAZI as a main word and as a cross word,
    so the tests below can fail."""
    game = _game(dictionary, "ist")
    found = [words_formed(game, c) for c in generate_commits(game, GOLD, full_vocabulary(dictionary))]
    assert {"nazi"} in found and {"nazis"} in found  # the main word alone
    assert {"nazi", "it"} in found  # IT across, NAZI down as its cross word
    assert "nazi" in dictionary and not dictionary.is_ai_playable("nazi")


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_no_level_vocabulary_forms_an_excluded_word(dictionary, level):
    game = _game(dictionary, "ist")
    vocab = level_vocabulary(dictionary, LEVELS[level].min_zipf)
    commits = generate_commits(game, GOLD, vocab)
    assert commits  # other words: IT, ITS down through the T
    for commit in commits:
        formed = words_formed(game, commit)
        assert all(dictionary.is_ai_playable(w) for w in formed), (commit, formed)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_no_level_chooses_an_excluded_word(dictionary, level):
    game = _game(dictionary, "ist")
    action = choose_action(game, GOLD, level, random.Random(1), time_limit=math.inf)
    if isinstance(action, Commit):
        formed = words_formed(game, action)
        assert all(dictionary.is_ai_playable(w) for w in formed), formed
