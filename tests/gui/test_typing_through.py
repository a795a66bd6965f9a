"""Typing a word through the player's own letters in the real game screen (Xvfb + Mesa), with
dispatched key events: the guided tour's lesson 2 asks for NOTE across from gold's own N to the
E of its cut-off SEA. Typed whole, N-O-T-E lays only O and T; the N and the E are already there."""

from __future__ import annotations

import os
from collections import Counter

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from game_screen_support import key, pump_until
from gui_support import click, pump


def lesson_two(window):
    from client.tutorial.driver import TutorialDriver
    from client.views.game.view import GameView

    driver = TutorialDriver(window.lexicon, name="Tester", ai_delay=0.0)
    window.navigator.start_game(driver.start(1), tutorial=True)
    pump(window, 2)
    view = window.current_view
    assert isinstance(view, GameView) and view.coach is not None
    assert view.coach.state.title == "Supply: keep your words joined"
    return view


@pytest.mark.parametrize("typed", ["note", "ot", "ote"])
def test_typing_note_across_own_letters_lays_o_and_t_and_commits_note(window, typed):
    view = lesson_two(window)
    try:
        gold = view.viewer
        assert view.display.letters[gold][(9, 4)] == "n" and view.display.letters[gold][(9, 7)] == "e"
        rack_before = Counter(view.planner.rack)
        click(window, *view.board.cell_to_screen((9, 4)))  # gold's own N
        assert view.planner.cursor == (9, 4) and view.planner.direction == "across"
        for letter in typed:
            key(window, getattr(arcade.key, letter.upper()))
            assert view.error is None, (letter, view.error)
        assert view.planner.placed == {(9, 5): "o", (9, 6): "t"}
        assert Counter(view.planner.rack) == rack_before - Counter("ot")  # the rack's E stays
        assert view.preview.ok and view.preview.word == "note", view.preview.error
        key(window, arcade.key.ENTER)
        pump_until(window, lambda: view.coach.state.phase == "done", what="lesson 2 done")
        row = "".join(view.display.letters[gold].get((9, c), ".") for c in range(4, 9))
        assert row == "note."
    finally:
        view.leave()
        pump(window)
