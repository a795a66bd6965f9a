"""The look-ahead keeps to the decision's deadline while it weighs the opponent's fights, and
so does the rating of the fights a rack offers (the threats).

Near a large crossword a side can have thousands of attacking words; estimating them all once
took a decision past its 2 s cap on a slow machine (twice: in the look-ahead, then in
``best_fight``). The clock is faked here: no test measures time.
"""

from __future__ import annotations

import random
import time

from shared.ai import fights, lookahead
from shared.ai.estimate import MoveEstimator
from shared.ai.levels import get_level
from shared.ai.player import _Turn
from shared.tools.ascii import position
from shared.words.dictionary import load_dictionary

from rules_helpers import GOLD

# Gold's CAT on its city faces silver's EAR across two empty cells: silver's rack has
# hundreds of words that would touch CAT.
TERRAIN = """
    . . . . . . . .
    . G . . . . S .
    . . . . . . . .
"""
LETTERS = """
    . . . . . . . .
    . c a t . E A R
    . . . . . . . .
"""
SILVER_RACK = list("rstlnea")


def _turn(deadline: float) -> tuple[_Turn, object]:
    racks = {GOLD: "sonet", GOLD.other: "".join(SILVER_RACK)}
    game = position(TERRAIN, LETTERS, load_dictionary(), racks=racks)
    return _Turn(game, GOLD, get_level(4), random.Random(0), deadline), game


def test_with_time_to_spare_the_worst_fight_is_weighed():
    turn, game = _turn(time.perf_counter() + 3600)
    worst = turn.search.worst_fight(game, SILVER_RACK)
    assert worst is not None and worst > 0


def test_weighing_the_opponents_fights_stops_once_the_clock_passes(monkeypatch):
    turn, game = _turn(time.perf_counter() + 3600)
    offset = [0.0]
    real_clock = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real_clock() + offset[0])
    monkeypatch.setattr(lookahead, "ESTIMATE_STRIDE", 2)  # a look at the clock every 2 fights
    estimated = []
    real_estimate = MoveEstimator.estimate

    def estimate(self, move):
        estimated.append(move)
        if len(estimated) == 3:
            offset[0] = 7200.0  # the deadline passes while the third fight is estimated
        return real_estimate(self, move)

    monkeypatch.setattr(MoveEstimator, "estimate", estimate)
    assert turn.search.worst_fight(game, SILVER_RACK) is None
    assert len(estimated) == 3, "the fourth fight is not estimated: the clock is read before it"
    assert turn.decision.timed_out, "the decision says it was cut short"


def test_rating_the_fights_a_rack_offers_stops_once_the_clock_passes(monkeypatch):
    turn, game = _turn(time.perf_counter() + 3600)
    silver = GOLD.other
    rated = []
    passes_at = [None]  # the rating during which the deadline passes (None: it never does)
    offset = [0.0]
    real_estimate = MoveEstimator.estimate
    real_clock = time.perf_counter

    def estimate(self, move):
        rated.append(move)
        if len(rated) == passes_at[0]:
            offset[0] = 7200.0
        return real_estimate(self, move)

    monkeypatch.setattr(MoveEstimator, "estimate", estimate)
    monkeypatch.setattr(fights, "perf_counter", lambda: real_clock() + offset[0])
    monkeypatch.setattr(fights, "FIGHT_STRIDE", 2)  # a look at the clock every 2 fights
    fights.best_fight(game, silver, turn.vocab, SILVER_RACK, turn.w, turn.deadline)
    assert len(rated) > 100, "with time to spare, every fight on offer is rated"
    rated.clear()
    passes_at[0] = 2  # the deadline passes while the second fight is rated
    fights.best_fight(game, silver, turn.vocab, SILVER_RACK, turn.w, turn.deadline)
    assert len(rated) == 2, "the third fight is not rated: the clock is read before it"
