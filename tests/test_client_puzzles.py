"""A puzzle as the game screen plays it, without a window: a local game at the puzzle's position
whose turn is judged when it ends, each defence answered in the best order as the judge does;
hints; the first attempt rated in the progress file (the glicko2 library's numbers), a second
try not; the solution played by itself; the daily puzzle the same as the server's."""

from __future__ import annotations

import datetime

import glicko2
import pytest
from puzzle_samples import FIGHT_SOLUTION, city_puzzle, fight_puzzle, screen_pack

from client.play.puzzle import FAILED, PLAYING, SHOWN, SOLVED, PuzzleDriver, action_words, load_daily
from shared.puzzles.daily import daily_puzzle
from shared.puzzles.progress import load_progress
from shared.rules.actions import Commit, EndTurn
from shared.rules.terrain import Player
from shared.words.dictionary import load_dictionary

GOLD = Player.GOLD


@pytest.fixture(scope="module")
def lexicon():
    return load_dictionary()


def _run(session, timeout: float = 20.0) -> None:
    """Poll like the screen until the other side has answered and nothing is under way."""
    import time

    end = time.monotonic() + timeout
    session.ai_delay = 0.0
    while time.monotonic() < end:
        session.poll()
        if session._worker is None and (session.done or session.game.actor == session.mover):
            return
        time.sleep(0.005)
    raise AssertionError("the session never settled")


def test_a_fight_solved_is_judged_rated_and_saved(tmp_path, lexicon):
    puzzle = fight_puzzle(lexicon)
    pack = {p.id: p for p in screen_pack(lexicon)}
    driver = PuzzleDriver(puzzle, pack, lexicon, progress_path=tmp_path / "puzzles.json",
                          today=datetime.date(2026, 12, 4))
    session = driver.session
    assert driver.state().phase == PLAYING and driver.state().counted
    driver.hint()
    assert driver.state().note == "Hint: Fight won: the turn's attack beats enemy words." and not driver.state().highlights
    driver.hint()
    assert driver.state().highlights == ((6, 6),)
    session.submit(Commit(GOLD, ((6, 6, "s"),), "across"))
    _run(session)
    assert session.game.pending is None and not session.done  # the defence was answered; the turn goes on
    session.submit(EndTurn(GOLD))
    _run(session)
    state = driver.state()
    solver = glicko2.Player()
    solver.update_player([1480.0], [90.0], [1.0])
    assert session.done and session.played == list(FIGHT_SOLUTION)
    assert state.phase == SOLVED and state.streak == 1 and state.change == pytest.approx(solver.rating - 1500.0)
    assert state.lines[-1] == "Silver loses O (beaten, 1 point to Gold)."
    progress, warning = load_progress(tmp_path / "puzzles.json")
    assert warning is None and progress.rating.rating == pytest.approx(solver.rating)
    assert progress.attempts["g-cats"].date == "2026-12-04" and progress.attempts["g-cats"].solved
    session.submit(Commit(GOLD, ((7, 4, "t"),), "down"))  # the turn is over: nothing more is played
    assert session.poll() == [] and session.game.actor != GOLD
    # another try is not rated, and the progress file is left as it was
    again = driver.retry()
    assert driver.state().phase == PLAYING and not driver.state().counted
    again.submit(Commit(GOLD, ((7, 4, "t"),), "down"))
    again.submit(EndTurn(GOLD))
    _run(again)
    assert driver.state().phase == FAILED and driver.state().change is None
    assert load_progress(tmp_path / "puzzles.json")[0] == progress


def test_a_miss_then_the_solution_played_by_itself(tmp_path, lexicon):
    puzzle = city_puzzle(lexicon, "g-city", 1560.0)
    driver = PuzzleDriver(puzzle, {puzzle.id: puzzle}, lexicon, progress_path=tmp_path / "p.json")
    driver.session.submit(Commit(GOLD, ((2, 2, "t"),), "down"))
    driver.session.submit(EndTurn(GOLD))
    _run(driver.session)
    missed = glicko2.Player()
    missed.update_player([1560.0], [80.0], [0.0])
    assert driver.state().phase == FAILED and driver.state().change == pytest.approx(missed.rating - 1500.0)
    shown = driver.solution_session()
    assert shown is not None
    _run(shown)
    _run(shown)
    assert shown.done and shown.game.board.city_owner[(2, 3)] == GOLD
    state = driver.state()
    assert state.phase == SHOWN and state.note == "The solution: lay O down from row 3, column 4."
    assert state.lines == ("You take the city at row 3, column 4",)  # as the chronicle says it
    assert set(load_progress(tmp_path / "p.json")[0].attempts) == {"g-city"}  # the solution is no attempt


def test_a_second_window_cannot_rate_a_puzzle_twice(tmp_path, lexicon):
    puzzle = city_puzzle(lexicon, "g-city", 1560.0)
    path = tmp_path / "p.json"
    first = PuzzleDriver(puzzle, {puzzle.id: puzzle}, lexicon, progress_path=path)
    second = PuzzleDriver(puzzle, {puzzle.id: puzzle}, lexicon, progress_path=path)
    for driver in (first, second):
        driver.session.submit(Commit(GOLD, ((2, 3, "o"),), "down"))
        driver.session.submit(EndTurn(GOLD))
        _run(driver.session)
    assert first.state().change is not None and first.state().streak == 1
    assert second.state().change is None and second.state().phase == SOLVED  # judged, not rated again
    assert second.state().note.startswith("puzzle g-city was already attempted on")
    progress = load_progress(path)[0]
    assert list(progress.attempts) == ["g-city"] and progress.streak == 1


def test_the_daily_puzzle_is_the_servers_and_actions_are_worded(lexicon):
    pack = screen_pack(lexicon)
    day = datetime.date(2026, 12, 4)
    assert load_daily(pack, day).id == daily_puzzle(list(reversed(pack)), day).id
    assert action_words({"type": "commit", "placements": [[6, 6, "s"]], "direction": "across"}) == \
        "lay S across from row 7, column 7"
    assert action_words({"type": "commit", "placements": [[3, 1, "o"], [2, 1, "t"]]}) == "lay TO down from row 3, column 2"
    assert action_words({"type": "order_defence", "order": [1, 0]}) == "order the defence 2, 1"


def test_a_defence_puzzle_is_judged_once_the_defence_is_ordered(tmp_path, lexicon):
    from puzzle_samples import defence_puzzle

    from shared.rules.actions import OrderDefence

    puzzle = defence_puzzle(lexicon)
    driver = PuzzleDriver(puzzle, {puzzle.id: puzzle}, lexicon, progress_path=tmp_path / "p.json")
    session = driver.session
    assert session.actor() == Player.SILVER and session.game.pending is not None
    session.submit(OrderDefence(Player.SILVER, session.game.best_defence_order()))
    _run(session)
    assert session.done and driver.state().phase == SOLVED  # the best order loses the one O
    assert driver.state().lines[-1] == "Silver loses O (beaten, 1 point to Gold)."
    assert driver.state().streak == 1


def test_the_next_puzzle_is_one_not_tried_yet(tmp_path, lexicon):
    pack = {p.id: p for p in screen_pack(lexicon)}
    chosen = pack["g-cats"]
    seen: set[str] = set()
    while chosen is not None:
        assert chosen.id not in seen
        seen.add(chosen.id)
        driver = PuzzleDriver(chosen, pack, lexicon, progress_path=tmp_path / "p.json")
        driver.session.submit(EndTurn(GOLD))  # a pass: an attempt, missed
        _run(driver.session)
        assert driver.state().phase == FAILED
        chosen = driver.next_puzzle()
    assert seen == set(pack)


def test_the_puzzle_model_loads_no_window_library():
    import subprocess
    import sys

    code = ("import sys, client.play.puzzle, client.terminal.puzzles; "
            "print(sorted(m for m in ('arcade', 'pyglet') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stderr
