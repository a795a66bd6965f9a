"""ASCII positions for the puzzle tests: a bare gold city that silver can take."""

from __future__ import annotations

from shared.analysis.winchance import load_model
from shared.puzzles.miner import make_puzzle
from shared.puzzles.scan import scan_turn
from shared.rules.game import Game
from shared.rules.lexicon import WordList
from shared.tools.ascii import position

from rules_helpers import GOLD, SILVER, WORDS

LEXICON = WordList(WORDS)
MODEL = load_model()

# Gold's only city (row 1, column 1) stands bare; silver's AT runs down from it to silver's city.
TERRAIN = """
. . . . .
. G . . .
. . . . .
. S . . .
"""
LETTERS = """
. . . . .
. . . . .
. A . . .
. T . . .
"""


def city_position(rack: str) -> Game:
    """Silver to move with ``rack``: CAT, RAT or SAT down column 1 would cover gold's city."""
    return position(TERRAIN, LETTERS, LEXICON, racks={GOLD: "dog", SILVER: rack}, to_move=SILVER)


def city_puzzle(rack: str = "cqv"):
    """The puzzle made of :func:`city_position` (one city-taking word: CAT)."""
    candidate = scan_turn(city_position(rack), MODEL, min_choices=1)
    assert candidate is not None
    return make_puzzle(candidate, LEXICON, "test", "ascii", rate=False)
