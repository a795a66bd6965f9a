"""The urge to meet (shared.ai.contact): an opening that drags on costs the side that keeps
its distance, from turn 9 until the crosswords first fight; before turn 9, a gap too wide
to close by turn 12."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from shared.ai import decide
from shared.ai.contact import (CLOSING, MEET_BY, PROBES, URGE_FROM, distances_to_enemy, gap, have_met,
                               position_wait_cost, urge)
from shared.ai.estimate import MoveEstimator
from shared.ai.evaluate import DEFAULT_WEIGHTS, position_value
from shared.ai.endgame import score_diff
from shared.ai.levels import get_level
from shared.ai.lookahead import play_out, play_out_events
from shared.ai.movegen import find_moves, move_commit
from shared.ai.player import _Turn
from shared.ai.vocab import level_vocabulary
from shared.ai.war import attack_lost
from shared.rules.actions import Commit, EndTurn
from shared.rules.game import Game
from shared.rules.presets import PRESETS
from shared.tools.ascii import position

from rules_helpers import GOLD, LEXICON, SILVER

APART = """
. . . . . . . . . . . . . . . . . . . .
. . G . . . . . . . . . . . . . . . S .
. . . . . . . . . . . . . . . . . . . .
"""


def _apart(turn: int) -> Game:
    """Gold's CAT and silver's ON on row 1, fourteen empty cells between them."""
    game = position(APART, """
        . . . . . . . . . . . . . . . . . . . .
        . c a t . . . . . . . . . . . . . . O N
        . . . . . . . . . . . . . . . . . . . .
    """, LEXICON, racks={GOLD: "sdone", SILVER: "dog"})
    game.turn = turn
    return game


def test_the_gap_counts_the_empty_cells_between_the_crosswords():
    game = _apart(1)
    assert gap(game.board, GOLD) == gap(game.board, SILVER) == 14  # from t (1, 3) to O (1, 18)
    assert not have_met(game)
    distances = distances_to_enemy(game.board, GOLD)
    for (r, c), d in distances.items():
        assert d == min(abs(r - 1) + abs(c - 18), abs(r - 1) + abs(c - 19)) - 1
    assert len(distances) == 3 * 20


def test_the_urge_grows_with_the_square_of_the_turns_waited_from_turn_9_until_the_sides_meet():
    assert URGE_FROM == 9
    assert [urge(_apart(turn), 2.0) for turn in (1, 8, 9, 10, 11, 12)] == [0, 0, 2.0, 8.0, 18.0, 32.0]
    assert urge(_apart(12), 0.0) == 0  # a level without the urge
    fought = _apart(12)
    fought.captured[SILVER] = 4  # a fight has been fought, though no letters touch now
    assert have_met(fought) and urge(fought, 2.0) == 0


def test_before_turn_9_only_the_cells_too_many_to_close_by_turn_12_cost():
    # the sides close 2 cells a turn: 14 cells can be closed by turn 12 from turn 5, not from turn 6
    assert (CLOSING, MEET_BY) == (2, 12)
    assert [position_wait_cost(_apart(turn), 2.0) for turn in (1, 5, 6, 7, 8)] == [0, 0, 4.0, 8.0, 12.0]
    assert position_wait_cost(_apart(9), 2.0) == 2.0 * (14 + 1)  # then the urge, for every cell
    assert position_wait_cost(_apart(8), 0.0) == 0  # a level without the urge
    w = replace(DEFAULT_WEIGHTS, contact=2.0)
    assert position_value(_apart(8), GOLD, w) == pytest.approx(position_value(_apart(1), GOLD, w) - 12.0)


def test_the_wait_costs_the_side_valued_for_each_cell_and_for_not_having_met():
    w = replace(DEFAULT_WEIGHTS, contact=2.0)
    early, late = _apart(1), _apart(11)  # the urge on turn 11: 3 x 3 x 2 = 18 points
    assert position_value(late, GOLD, w) == pytest.approx(position_value(early, GOLD, w) - 18.0 * (14 + 1))
    assert position_value(late, SILVER, w) == pytest.approx(position_value(early, SILVER, w) - 18.0 * (14 + 1))


@pytest.mark.parametrize("turn", [8, 11])
def test_estimates_count_the_cells_a_quiet_word_closes(turn):
    # far from each other (no pressure either way), the estimate is still exact, before turn 9
    # (where only the cells beyond the allowance cost) as after it
    game = _apart(turn)
    w = replace(DEFAULT_WEIGHTS, contact=2.0)
    _, moves = find_moves(game, GOLD, level_vocabulary(LEXICON, 0))
    estimator = MoveEstimator(game, GOLD, w)
    base = position_value(game, GOLD, w)
    closing = 0
    for move in moves:
        estimate = estimator.estimate(move)
        assert not estimate.attack
        after = play_out(game, move_commit(move, GOLD))
        assert estimate.value == pytest.approx(position_value(after, GOLD, w) - base, abs=1e-6), move[3]
        closing += gap(after.board, GOLD) < 14
    assert closing  # CATS comes a cell closer (words down from its letters do not)


# A cell apart: gold's only word, TO down from CAT's t, touches FOX on silver's city and falls.
STANDOFF_MAP = """
. . . . . . . .
. G . . . . . .
. x . . . . S .
. . . . . . . .
"""
STANDOFF = """
. . . . . . . .
. c a t . . . .
. . . . F O X .
. . . . . . . .
"""
PROBE = Commit(GOLD, ((2, 3, "o"),), "down")


def _standoff(turn: int) -> Game:
    game = position(STANDOFF_MAP, STANDOFF, LEXICON, racks={GOLD: "o", SILVER: "dog"})
    game.turn = turn
    return game


def _choice(turn: int, level: int):
    return decide(_standoff(turn), GOLD, level, random.Random(0), time_limit=math.inf)


def test_a_probing_attack_ends_a_standoff_once_the_wait_costs_more_than_the_letters():
    game = _standoff(12)
    assert gap(game.board, GOLD) == 1 and not have_met(game)
    _, events = play_out_events(game, PROBE)
    assert attack_lost(events, GOLD) and score_diff(play_out(game, PROBE), GOLD) < 0  # a gift
    for level in (2, 3, 4):
        assert _choice(5, level).action == EndTurn(GOLD), level  # refused, as it always was
        assert _choice(10, level).action == PROBE, level  # the wait costs 2 x 2 x 2 a cell
    # on turn 9 (2 points a cell) the Knight already pays for the probe, the Marshal and Warlord not yet
    assert [_choice(9, level).action == PROBE for level in (2, 3, 4)] == [True, False, False]
    # for each of the 2 cells (the gap and the meeting) the wait costs 2 x 4 x 4 = 32 points on
    # turn 12 and 2 x 5 x 5 = 50 on turn 13: the probe that ends it is worth 36 more
    assert _choice(13, 4).value == pytest.approx(_choice(12, 4).value + 2 * (50.0 - 32.0))
    # the Squire refuses the gift early, and its urge (1 point a cell) ends the wait from turn 9
    assert _choice(5, 1).action == EndTurn(GOLD)
    assert _choice(9, 1).action == PROBE and _choice(12, 1).action == PROBE


# A pewter city two cells from FOX: gold's ANT across the top row takes it where silver could
# take it at once; the estimate does not see that danger, the exact value does.
PEWTER_MAP = """
. . . . . P . .
. G . . . . . .
. . . . . . S .
. . . . . . . .
"""
ANT = Commit(GOLD, ((0, 3, "a"), (0, 4, "n"), (0, 5, "t")), "across")


def test_while_the_wait_costs_the_best_attacks_are_played_out_whatever_the_estimates_above_them():
    def turn_at(turn: int) -> tuple[Game, _Turn]:
        game = position(PEWTER_MAP, STANDOFF, LEXICON, rules=PRESETS["war"], racks={GOLD: "anto", SILVER: "dog"})
        game.turn = turn
        # a Marshal that plays out only its best estimate, and no words on its cities; with half
        # the urge (1 point), so that on turn 10 every attack is still estimated below ANT
        marshal = replace(get_level(3), simulate=1, threat_checks=0, contact=1.0)
        return game, _Turn(game, GOLD, marshal, random.Random(0), math.inf)

    game, search = turn_at(10)
    moves, scored = search.ranked(game)
    by_commit = {move_commit(moves[-neg], GOLD): value for value, neg in scored}
    attacks = {c: v for c, v in by_commit.items() if any(p[:2] == (2, 3) for p in c.placements)}  # beside F
    assert max(by_commit, key=by_commit.get) == ANT and by_commit[ANT] > max(attacks.values())
    w = search.w
    assert position_value(play_out(game, ANT), GOLD, w) - position_value(game, GOLD, w) < -20  # its true worth
    assert len(search.probes) == PROBES == 2
    assert {move_commit(moves[-neg], GOLD) for neg in search.probes} == {
        PROBE, Commit(GOLD, ((2, 3, "a"),), "down")}  # TO and TA against FOX, the best-estimated attacks
    assert search.choose().action == PROBE  # played out, the probe is worth more than ending the turn
    # before the urge, the best estimate alone is played out, and its true worth ends the turn
    game, search = turn_at(5)
    assert search.choose().action == EndTurn(GOLD) and search.probes == []
