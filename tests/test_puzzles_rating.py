"""Puzzle ratings (Glicko-2, checked against the glicko2 package), the local progress file,
the choice of a puzzle near a rating, and the daily puzzle."""

from __future__ import annotations

import datetime as dt
import json
import random

import glicko2
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.puzzles.daily import daily_puzzle, share_line
from shared.puzzles.progress import (AlreadyAttempted, LocalPuzzleProgress, UnknownPuzzle, current_puzzles,
                                     load_progress, record_attempt, save_progress)
from shared.puzzles.rating import START, Rating, choose_puzzle, rate_attempt

from puzzle_helpers import city_puzzle


def _puzzle(pid: str, rating: float, themes=("city_taken",), map_name: str = "test"):
    return msgspec.structs.replace(city_puzzle(), id=pid, rating=rating, themes=themes, map_name=map_name)


@given(st.floats(800, 2600), st.floats(30, 350), st.floats(800, 2600), st.floats(30, 350), st.booleans())
@settings(max_examples=40, deadline=None)
def test_an_attempt_is_one_glicko2_period_for_both_exactly_as_the_library_rates_it(sr, srd, pr, prd, solved):
    solver, puzzle = Rating(sr, srd, 0.06), Rating(pr, prd, 0.06)
    new_solver, new_puzzle = rate_attempt(solver, puzzle, solved)
    a = glicko2.Player(rating=sr, rd=srd, vol=0.06)
    a.update_player([pr], [prd], [1.0 if solved else 0.0])
    b = glicko2.Player(rating=pr, rd=prd, vol=0.06)
    b.update_player([sr], [srd], [0.0 if solved else 1.0])
    assert (new_solver.rating, new_solver.rd, new_solver.volatility) == (a.rating, a.rd, a.vol)
    assert (new_puzzle.rating, new_puzzle.rd, new_puzzle.volatility) == (b.rating, b.rd, b.vol)
    assert (new_solver.rating > sr) == solved and (new_puzzle.rating > pr) == (not solved)


def test_a_new_solver_who_solves_a_1500_puzzle_gains_what_glicko2_gives():
    solver, puzzle = rate_attempt(START, Rating(1500.0, 350.0, 0.06), True)
    assert round(solver.rating, 2) == 1662.31 and round(solver.rd, 2) == 290.32
    assert round(puzzle.rating, 2) == 1337.69


def test_first_attempts_count_and_second_ones_or_unknown_puzzles_are_refused(tmp_path):
    puzzle = _puzzle("aaaa000001", 1500.0)
    pack = {puzzle.id: puzzle}
    progress, puzzle_after = record_attempt(LocalPuzzleProgress(), pack, puzzle.id, True, "2026-12-04")
    assert progress.streak == 1 and progress.best_streak == 1 and progress.rating.rating > 1500
    assert puzzle_after.rating < 1500
    with pytest.raises(AlreadyAttempted, match="only the first attempt is rated"):
        record_attempt(progress, pack, puzzle.id, False, "2026-12-05")
    with pytest.raises(UnknownPuzzle, match="no puzzle 'nope'"):
        record_attempt(progress, pack, "nope", True, "2026-12-05")
    path = tmp_path / "puzzles.json"
    save_progress(progress, path)
    again, warning = load_progress(path)
    assert warning is None and again == progress
    progress.save(path)
    assert LocalPuzzleProgress.load(path) == (progress, None)
    with pytest.raises(AlreadyAttempted):
        progress.attempt(pack, puzzle.id, True, "2026-12-06")


def test_the_progress_file_keeps_the_puzzles_moved_ratings_and_chooses_at_them(tmp_path):
    fresh = msgspec.structs.replace(_puzzle("a", 1500.0), rd=350.0)  # a new puzzle: deviation 350
    other = msgspec.structs.replace(_puzzle("b", 1450.0), rd=80.0)
    pack = {p.id: p for p in (fresh, other)}
    progress, moved = record_attempt(LocalPuzzleProgress(), pack, "a", True, "2026-12-04")
    a = glicko2.Player(rating=1500.0, rd=350.0, vol=0.06)
    a.update_player([1500.0], [350.0], [0.0])
    assert progress.puzzles == {"a": moved} and (moved.rating, moved.rd, moved.volatility) == (a.rating, a.rd, a.vol)
    assert round(moved.rating, 2) == 1337.69
    path = tmp_path / "puzzles.json"
    save_progress(progress, path)
    assert json.loads(path.read_text())["puzzles"]["a"] == {"rating": a.rating, "rd": a.rd, "volatility": a.vol}
    again, warning = load_progress(path)
    assert warning is None and again.puzzles == {"a": moved}
    current = current_puzzles(again, pack.values())
    assert [(p.id, p.rating, p.rd) for p in current] == [("a", a.rating, a.rd), ("b", 1450.0, 80.0)]
    # near 1340: the moved "a" (1337.7) is the only one within 100; at the pack's ratings (1500,
    # 1450) neither is, and both are within 200
    assert {choose_puzzle(current, 1340.0, random.Random(i)).id for i in range(20)} == {"a"}
    assert {choose_puzzle(list(pack.values()), 1340.0, random.Random(i)).id for i in range(20)} == {"a", "b"}
    # a second attempt elsewhere is rated against the moved rating the file keeps
    solver = glicko2.Player(rating=progress.rating.rating, rd=progress.rating.rd, vol=progress.rating.volatility)
    solver.update_player([1450.0], [80.0], [0.0])
    after, moved_b = record_attempt(again, pack, "b", False, "2026-12-05")
    assert after.rating.rating == solver.rating and set(after.puzzles) == {"a", "b"}
    assert moved_b.rating > 1450.0 and after.puzzles["a"] == moved


def test_streaks_run_and_break():
    pack = {f"p{i}": _puzzle(f"p{i}", 1500.0) for i in range(5)}
    progress = LocalPuzzleProgress()
    for i, solved in enumerate([True, True, False, True, False]):
        progress, _ = record_attempt(progress, pack, f"p{i}", solved, "2026-12-04")
    assert progress.streak == 0 and progress.best_streak == 2 and len(progress.attempts) == 5


def test_a_damaged_progress_file_is_set_aside_and_a_fresh_one_begun(tmp_path):
    path = tmp_path / "puzzles.json"
    path.write_text("{broken")
    progress, warning = load_progress(path)
    assert progress == LocalPuzzleProgress() and "damaged" in warning
    assert (tmp_path / "puzzles.json.corrupt").read_text() == "{broken"
    path.write_text(json.dumps({"version": 9}))
    _, warning = load_progress(path)
    assert "version 9" in warning
    assert load_progress(tmp_path / "none.json") == (LocalPuzzleProgress(), None)


def test_puzzles_are_chosen_near_the_rating_among_the_themes_and_maps_asked_not_seen():
    puzzles = [_puzzle("a", 1000.0), _puzzle("b", 1480.0), _puzzle("c", 1560.0, ("fight_won",)),
               _puzzle("d", 2100.0, map_name="anvil")]
    rng = random.Random(1)
    assert {choose_puzzle(puzzles, 1500.0, rng).id for _ in range(20)} == {"b", "c"}
    assert choose_puzzle(puzzles, START, rng, themes=["fight_won"]).id == "c"
    assert choose_puzzle(puzzles, 1500.0, rng, seen={"b", "c"}).id == "a"  # the window widens to 800
    assert choose_puzzle(puzzles, 1500.0, rng, maps=["anvil"]).id == "d"
    assert choose_puzzle(puzzles, 1500.0, rng, themes=["supply_cut"]) is None


def test_the_daily_puzzle_is_the_same_for_the_same_date_whatever_the_order():
    puzzles = [_puzzle(f"{i:010x}", 1500.0) for i in range(40)]
    day = dt.date(2026, 12, 4)
    first = daily_puzzle(puzzles, day)
    assert daily_puzzle(list(reversed(puzzles)), day) == first
    assert daily_puzzle(random.Random(3).sample(puzzles, 40), day) == first
    days = {daily_puzzle(puzzles, day + dt.timedelta(days=k)).id for k in range(30)}
    assert len(days) > 10


def test_the_share_line_gives_no_spoiler():
    puzzle = city_puzzle()
    line = share_line(puzzle, dt.date(2026, 12, 4), solved=True, tries=2, hints=1)
    assert line == (f"Scryptic daily puzzle 2026-12-04 #{puzzle.id} (1500): solved in 2 tries, 1 hint 🟥🟩")
    assert share_line(puzzle, dt.date(2026, 12, 4), solved=False).endswith("not solved 🟥")
