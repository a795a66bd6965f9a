"""The Puzzles screen and a puzzle on the game screen, driven with real mouse and key events
(Xvfb): from the main menu to the list, filters, the daily puzzle; one puzzle solved with a
hint (its cell ringed on the board), rated in the local progress file with the glicko2
library's numbers; one missed, then its solution played out and explained. Screenshots at
1200x720 and 1920x1080 go to the test's folder (looked at by hand when the screen changes)."""

from __future__ import annotations

import datetime
import os
import sys
from pathlib import Path

import arcade
import glicko2
import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

from game_screen_support import key, pump_until
from gui_support import click, click_widget, find_button, pump

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import defence_puzzle, screen_pack  # noqa: E402

SHOTS = os.environ.get("SCRYPTIC_SHOTS")


@pytest.fixture
def pack(window, monkeypatch):
    """The screen's puzzles in place of the shipped pack; a fresh progress file."""
    from client.views.puzzles import menu
    from shared.puzzles.pack import PackLoad
    from shared.puzzles.progress import default_progress_path

    loaded = PackLoad(screen_pack(window.lexicon))
    monkeypatch.setattr(menu, "puzzle_pack", lambda: loaded)
    default_progress_path().unlink(missing_ok=True)
    return loaded


def _resize(window, size) -> None:
    window.set_size(*size)
    window.dispatch_event("on_resize", *size)
    pump(window)
    window.flip()
    pump(window, 2)


def _shot(window, tmp_path: Path, name: str) -> None:
    folder = Path(SHOTS) if SHOTS else tmp_path
    arcade.get_image(0, 0, window.width, window.height).save(folder / f"puzzles-{name}-{window.width}.png")


def _open_list(window):
    from client.views.puzzles.menu import PuzzlesView

    window.navigator.go_menu()
    pump(window, 2)
    click_widget(window, find_button(window.current_view, "puzzles"))
    pump(window, 2)
    view = window.current_view
    assert isinstance(view, PuzzlesView)
    return view


def _open(window, view, puzzle_id: str):
    index = [p.id for p in view.shown].index(puzzle_id)
    click_widget(window, find_button(view, f"play-{index}"))
    pump(window, 3)
    gv = window.current_view
    assert gv.session.puzzle.id == puzzle_id
    return gv


def _type_word(window, gv, cell, letters: str, direction: str) -> None:
    """Click ``cell``, set the typing direction, type ``letters`` and commit with Enter."""
    x, y = gv.board.cell_to_screen(cell)
    click(window, x, y)
    if gv.planner.direction != direction:
        key(window, arcade.key.SPACE)
    for ch in letters:
        key(window, getattr(arcade.key, ch.upper()))
    key(window, arcade.key.ENTER)


def _end_turn(window, gv) -> None:
    pump_until(window, lambda: not gv.animator.busy and gv.session.game.pending is None and gv.my_turn,
               what="the defence answered")
    click_widget(window, gv.buttons["end_turn"])
    pump_until(window, lambda: gv.coach.state.phase != "playing" and not gv.animator.busy, what="the verdict")
    pump(window, 2)


@pytest.mark.parametrize("size", [(1200, 720), (1920, 1080)])
def test_the_list_filters_by_theme_and_map_and_opens_the_daily_puzzle(window, pack, tmp_path, size):
    from shared.puzzles.daily import daily_puzzle

    try:
        _resize(window, size)
        view = _open_list(window)
        assert [p.id for p in view.shown] == ["g-anvil", "g-cats", "g-cats2", "g-city"]
        _shot(window, tmp_path, "list")
        click_widget(window, find_button(view, "theme"))  # the first theme: City taken
        assert view.theme == "city_taken" and [p.id for p in view.shown] == ["g-anvil", "g-city"]
        key(window, arcade.key.M)  # the first map
        assert view.map == "cinder-ford" and view.shown == []
        key(window, arcade.key.M)
        assert view.map == "test-ford" and [p.id for p in view.shown] == ["g-city"]
        for widget in view.buttons.values():  # everything on the screen, inside the window
            assert 0 <= widget.rect.left and widget.rect.right <= window.width
            assert 0 <= widget.rect.bottom and widget.rect.top <= window.height
        click_widget(window, find_button(view, "daily"))
        pump(window, 3)
        gv = window.current_view
        assert gv.session.puzzle.id == daily_puzzle(pack.puzzles, datetime.date.today()).id
        assert gv.coach.state.title == f"Daily puzzle {datetime.date.today().isoformat()}"
        _shot(window, tmp_path, "daily")
        panel = gv.coach.rect
        assert panel.left >= 0 and panel.top <= window.height and gv.board.rect.left >= panel.right - 1
        gv.leave()
    finally:
        _resize(window, (1280, 800))


def test_a_puzzle_solved_with_a_hint_is_rated_and_one_missed_shows_its_solution(window, pack, tmp_path):
    from shared.puzzles.progress import default_progress_path, load_progress

    _resize(window, (1200, 720))
    try:
        view = _open_list(window)
        gv = _open(window, view, "g-cats")
        panel = gv.coach
        assert panel.state.goal == "Win the fight: remove at least 1 enemy letter this turn."
        click_widget(window, panel.buttons["hint"])  # first hint: the theme
        assert panel.state.note.startswith("Hint: Fight won") and panel.state.highlights == ()
        key(window, arcade.key.H, arcade.key.MOD_CTRL)  # second hint: where
        assert panel.state.highlights == ((6, 6),) and panel.buttons["hint"].disabled
        pump(window, 2)
        _shot(window, tmp_path, "hint")
        _type_word(window, gv, (6, 6), "s", "across")  # CATS attacks ON and TO
        _end_turn(window, gv)
        state = panel.state
        solver = glicko2.Player()
        solver.update_player([1480.0], [90.0], [1.0])
        assert state.phase == "solved" and state.streak == 1 and state.counted
        assert state.change == pytest.approx(solver.rating - 1500.0, abs=1e-9)
        assert state.lines[0] == "Gold's CATS attacks at 5: 5 in its letters."
        assert "Silver loses O (beaten, 1 point to Gold)." in state.lines
        progress, _ = load_progress(default_progress_path())
        assert progress.rating.rating == pytest.approx(solver.rating, abs=1e-9) and progress.streak == 1
        assert progress.attempts["g-cats"].solved
        _shot(window, tmp_path, "solved")

        click_widget(window, panel.buttons["back"])  # the list again: the puzzle is marked solved
        pump(window, 3)
        view = window.current_view
        assert view.progress.attempts["g-cats"].solved
        gv = _open(window, view, "g-city")
        panel = gv.coach
        _type_word(window, gv, (2, 2), "t", "down")  # AT: a word, but no city taken
        _end_turn(window, gv)
        missed = glicko2.Player(rating=solver.rating, rd=solver.rd, vol=solver.vol)
        missed.update_player([1560.0], [80.0], [0.0])
        assert panel.state.phase == "failed" and panel.state.streak == 0
        assert panel.state.change == pytest.approx(missed.rating - solver.rating, abs=1e-9)
        _shot(window, tmp_path, "missed")
        key(window, arcade.key.S, arcade.key.MOD_CTRL)  # the solution, played out on the board
        pump(window, 3)
        gv = window.current_view
        pump_until(window, lambda: gv.session.done and not gv.animator.busy, what="the solution played")
        pump(window, 2)
        assert gv.coach.state.phase == "shown"
        assert gv.coach.state.note == "The solution: lay O down from row 3, column 4."
        assert gv.session.game.board.city_owner[(2, 3)] == gv.session.mover
        _shot(window, tmp_path, "solution")
        progress, _ = load_progress(default_progress_path())
        assert set(progress.attempts) == {"g-cats", "g-city"}  # the solution shown is not an attempt
        click_widget(window, gv.coach.buttons["retry"])  # another try: not rated
        pump(window, 3)
        gv = window.current_view
        assert gv.coach.state.phase == "playing" and not gv.coach.state.counted
        gv.leave()
    finally:
        _resize(window, (1280, 800))


def test_a_defence_puzzle_is_answered_in_the_games_own_defence_dialog(window, monkeypatch, tmp_path):
    from client.views import dialogs
    from client.views.puzzles import menu
    from shared.puzzles.pack import PackLoad

    puzzle = defence_puzzle(window.lexicon)
    monkeypatch.setattr(menu, "puzzle_pack", lambda: PackLoad([puzzle]))
    try:
        _resize(window, (1200, 720))
        window.navigator.start_puzzle(puzzle)
        pump(window, 3)
        gv = window.current_view
        pump_until(window, lambda: isinstance(gv.dialog, dialogs.DefenceDialog), what="the defence dialog")
        assert gv.coach.state.text.endswith("order your defence as in a game.")
        _shot(window, tmp_path, "defence")
        click_widget(window, find_button(gv, "best"))
        click_widget(window, find_button(gv, "defend"))
        pump_until(window, lambda: gv.coach.state.phase != "playing" and not gv.animator.busy, what="the verdict")
        assert gv.coach.state.phase == "solved" and gv.coach.state.streak == 1
        assert gv.coach.state.lines[-1] == "Silver loses O (beaten, 1 point to Gold)."
        gv.leave()
    finally:
        _resize(window, (1280, 800))
