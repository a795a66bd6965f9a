"""The AI sees both sides of a symmetric map alike: only the words read one way.

The Pewter Marches is the same map turned half round, so gold's city at row 19, column 33
is silver's at row 10, column 6. With the same rack on the first move, the Warlord lays the
same word through the matching city, on the matching cells; the word reads top to bottom
both times, so gold's runs up to its city and silver's down from it.
"""

from __future__ import annotations

import random

import pytest

from shared.ai import decide, warm_up
from shared.maps.files import load_map
from shared.rules.actions import Commit
from shared.rules.game import Game
from shared.rules.presets import get_rules
from shared.rules.terrain import Player


@pytest.fixture(scope="module")
def dictionary():
    from shared.words.dictionary import load_dictionary

    lexicon = load_dictionary()
    warm_up(lexicon, [4])
    return lexicon


def first_word(dictionary, game_map, first: Player, rack: str) -> tuple[set[tuple[int, int]], str]:
    """The cells and the word of the Warlord's first commit with ``rack``, moving first as ``first``."""
    game = Game.new(game_map, get_rules("war"), 5, dictionary, first)
    game.racks[first] = list(rack)
    action = decide(game, first, 4, random.Random(7), time_limit=60.0).action  # no cap: the same search
    assert isinstance(action, Commit)
    word = "".join(ch for _, _, ch in sorted(action.placements))
    return {(r, c) for r, c, _ in action.placements}, word


@pytest.mark.parametrize("rack", ["aeepruy", "ehnntwz"])
def test_the_warlord_plays_the_matching_word_from_either_side(dictionary, rack):
    game_map = load_map("pewter-marches")
    height, width = len(game_map.terrain), len(game_map.terrain[0])
    gold_cells, gold_word = first_word(dictionary, game_map, Player.GOLD, rack)
    silver_cells, silver_word = first_word(dictionary, game_map, Player.SILVER, rack)
    assert silver_word == gold_word
    assert silver_cells == {(height - 1 - r, width - 1 - c) for r, c in gold_cells}
