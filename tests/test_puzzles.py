"""Puzzles: mined from ASCII positions by enumeration, rebuilt from their stored position,
judged against their goal (any turn that reaches it), refused when illegal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.puzzles.goals import outcome_of
from shared.puzzles.judge import IllegalAttempt, judge, play_turn
from shared.puzzles.miner import verify_puzzle
from shared.puzzles.model import CUT_SUPPLY, KEEP_LETTERS, TAKE_CITY, TAKE_LETTERS, Goal, PuzzleError
from shared.puzzles.position import capture_position, position_of
from shared.puzzles.scan import clearly_better, scan_turn
from shared.rules.actions import Commit, EndTurn, action_to_dict

from puzzle_helpers import LEXICON, MODEL, city_position, city_puzzle
from rules_helpers import GOLD, SILVER

CAT = Commit(SILVER, ((1, 1, "c"),), "down")


def test_a_position_with_exactly_one_city_taking_turn_becomes_a_puzzle():
    puzzle = city_puzzle("cqv")
    assert puzzle.goal == Goal(TAKE_CITY, 1)
    assert puzzle.mover == int(SILVER)
    assert puzzle.solutions == ((action_to_dict(CAT),),)
    assert puzzle.themes == ("city_taken",)
    assert puzzle.hint_where == ((1, 1),)
    assert puzzle.goal.describe() == "Take a city this turn."
    assert len(puzzle.id) == 10 and int(puzzle.id, 16) >= 0


def test_a_position_with_three_equally_good_city_taking_turns_is_no_puzzle():
    # CAT, RAT and SAT each cover gold's city: the goal is reached three ways, nothing to find.
    game = city_position("crs")
    reaching = []
    for letter in "crs":
        after, events = play_turn(game, SILVER, [Commit(SILVER, ((1, 1, letter),), "down")])
        reaching.append(outcome_of(game, after, events, SILVER).cities)
    assert reaching == [1, 1, 1]
    assert scan_turn(game, MODEL, min_choices=1) is None


def test_the_stored_position_rebuilds_the_game_exactly():
    game = city_position("cqv")
    puzzle = city_puzzle("cqv")
    rebuilt = position_of(puzzle, LEXICON)
    assert rebuilt.board.letters == game.board.letters
    assert rebuilt.racks == game.racks and rebuilt.pools == game.pools
    assert rebuilt.to_move == SILVER and rebuilt.turn == game.turn and rebuilt.scores() == game.scores()
    assert capture_position(rebuilt) == puzzle.position


def test_the_judge_accepts_the_goal_and_explains_nothing_when_no_fight():
    puzzle = city_puzzle()
    verdict = judge(puzzle, [action_to_dict(CAT)], LEXICON)
    assert verdict.solved and verdict.outcome is not None and verdict.outcome.cities == 1
    assert verdict.goal == "Take a city this turn."
    assert any(e["type"] == "city_taken" for e in verdict.events)
    assert any(e["type"] == "game_over" for e in verdict.events)


def test_any_goal_reaching_turn_counts_not_only_the_stored_ones():
    # With C and R on the rack, CAT and RAT both take the city: two solutions, both stored.
    import msgspec

    puzzle = city_puzzle("crq")
    rat = Commit(SILVER, ((1, 1, "r"),), "down")
    assert puzzle.solutions == ((action_to_dict(CAT),), (action_to_dict(rat),))
    only_cat = msgspec.structs.replace(puzzle, solutions=((action_to_dict(CAT),),))
    assert judge(only_cat, [rat], LEXICON).solved  # judged against the goal, not the stored answer
    assert not judge(only_cat, [EndTurn(SILVER)], LEXICON).solved


def test_an_illegal_attempt_is_refused_with_a_clear_error_and_changes_nothing():
    puzzle = city_puzzle()
    with pytest.raises(IllegalAttempt, match="action 1:"):
        judge(puzzle, [Commit(SILVER, ((1, 1, "z"),), "down")], LEXICON)  # no Z on the rack
    with pytest.raises(IllegalAttempt, match="silver's to solve"):
        judge(puzzle, [EndTurn(GOLD)], LEXICON)
    with pytest.raises(IllegalAttempt, match="the turn is over"):
        judge(puzzle, [EndTurn(SILVER), EndTurn(SILVER)], LEXICON)
    with pytest.raises(IllegalAttempt, match="unknown action type"):
        judge(puzzle, [{"type": "fly", "player": 2}], LEXICON)
    with pytest.raises(IllegalAttempt, match="at least one action"):
        judge(puzzle, [], LEXICON)
    assert judge(puzzle, [CAT], LEXICON).solved  # still the same puzzle


def test_verify_refuses_a_puzzle_whose_solution_misses_the_goal():
    import msgspec

    puzzle = city_puzzle()
    verify_puzzle(puzzle, LEXICON)
    wrong = msgspec.structs.replace(puzzle, solutions=((action_to_dict(EndTurn(SILVER)),),))
    with pytest.raises(PuzzleError, match="solution 1 does not reach the goal"):
        verify_puzzle(wrong, LEXICON)


def test_a_position_waiting_for_someone_else_is_refused():
    import msgspec

    puzzle = msgspec.structs.replace(city_puzzle(), mover=int(GOLD))
    with pytest.raises(PuzzleError, match="not the puzzle's mover"):
        position_of(puzzle, LEXICON)


def test_goals_describe_themselves_and_check_their_numbers():
    assert Goal(TAKE_LETTERS, 5).describe() == "Win the fight: remove at least 5 enemy letters this turn."
    assert Goal(TAKE_LETTERS, 1).describe() == "Win the fight: remove at least 1 enemy letter this turn."
    assert Goal(CUT_SUPPLY, 0, "tau", ((0, 0), (0, 1), (0, 2))).describe() == \
        "Cut the supply of TAU: leave it cut off from every enemy city."
    assert Goal(KEEP_LETTERS, 0).describe() == "Order your defence so that you lose no letter."
    assert Goal(KEEP_LETTERS, 2).describe() == "Order your defence so that you lose at most 2 letters."
    with pytest.raises(PuzzleError, match="unknown goal kind 'win'"):
        Goal("win").check()
    with pytest.raises(PuzzleError, match="names the cells"):
        Goal(CUT_SUPPLY).check()


def test_clearly_better_needs_both_the_chance_and_the_odds_gap():
    assert clearly_better(0.69, 0.54)       # +0.15, log-odds +0.64
    assert not clearly_better(0.64, 0.63)   # too close
    assert not clearly_better(0.04, 0.01)   # +0.03 only, though the odds quadruple
    assert clearly_better(0.98, 0.90)       # near a sure win, +0.08 is a decided game
    assert not clearly_better(0.75, 0.69)   # +0.06, log-odds +0.29


@given(st.data())
@settings(max_examples=25, deadline=None)
def test_every_legal_commit_is_judged_by_what_it_does_and_the_same_every_time(data):
    from shared.ai.movegen import generate_commits

    puzzle = city_puzzle("crq")
    start = position_of(puzzle, LEXICON)
    commit = data.draw(st.sampled_from(list(generate_commits(start, SILVER))))
    first = judge(puzzle, [commit], LEXICON)
    assert judge(puzzle, [commit], LEXICON).solved == first.solved
    assert first.solved == any((r, c) == (1, 1) for r, c, _ in commit.placements)


def test_what_a_solver_is_sent_holds_no_answer():
    from shared.puzzles.model import for_solver

    import json

    data = json.loads(json.dumps(for_solver(city_puzzle())))
    assert "solutions" not in data and "found_by" not in data and "source" not in data
    assert data["goal"] == {"kind": "take_city", "count": 1, "word": "", "cells": []}
    assert data["hint_where"] == [[1, 1]] and data["mover"] == 2
