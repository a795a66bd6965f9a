"""The guided first game in the real game screen (Xvfb + Mesa), played with dispatched mouse and
key events: the menu and How to play open it, the coach beside the board says what to do and
what happened, refusals and hints reach it, its buttons and keys move between lessons, the
cells it is about pulse, and the end offers a real skirmish on the small map.

With ``SCRYPTIC_TUTORIAL_SHOTS=folder`` the tests also save a screenshot of each lesson (the
pictures in docs/images/tutorial-*.png come from there).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
import numpy as np
from gui_support import click, pump


def key(win, symbol: int, modifiers: int = 0) -> None:
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)
    win.dispatch_events()
    pump(win)


def type_word(win, letters: str) -> None:
    for letter in letters:
        key(win, getattr(arcade.key, letter.upper()))


def click_cell(win, view, cell) -> None:
    click(win, *view.board.cell_to_screen(cell))


def press(win, button) -> None:
    assert not button.disabled, f"{button.name} is disabled"
    click(win, *button.rect.center)
    pump(win, 2)


def pump_until(win, condition, timeout: float = 30.0, what: str = "") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump(win)
        if condition():
            return
    pytest.fail(f"timed out waiting for {what or condition}")


def lesson_view(win, number: int):
    """The game screen now shown, checked to be lesson ``number`` with its coach."""
    from client.views.game.view import GameView

    view = win.current_view
    assert isinstance(view, GameView) and view.coach is not None, type(view).__name__
    assert view.coach.state.number == number, view.coach.state.heading
    return view


def shot(win, name: str) -> np.ndarray:
    """The frame as pixels (and saved as ``name``.png where SCRYPTIC_TUTORIAL_SHOTS points)."""
    pump(win)
    image = arcade.get_image(0, 0, win.width, win.height)
    folder = os.environ.get("SCRYPTIC_TUTORIAL_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        image.save(Path(folder) / f"{name}.png")
    return np.asarray(image.convert("RGB"), dtype=np.int16)


def region(img: np.ndarray, x: float, y: float, half: int) -> np.ndarray:
    """The pixels of a square round screen point (x, y) (y up) in the image (y down)."""
    h = img.shape[0]
    return img[int(h - y - half):int(h - y + half), int(x - half):int(x + half)]


# ---------------------------------------------------------------- ways in


def test_the_menu_offers_the_tour_to_a_new_player_and_how_to_play_opens_it(window):
    from client.play.settings import config_dir
    from client.views.menus.main import MainMenuView

    window.settings.seen_tutorial = False
    window.navigator.go_menu()
    pump(window, 2)
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    tour = menu.buttons["tutorial"]
    assert tour.text == "First game? Take the guided tour"
    assert list(menu.buttons)[0] == "tutorial", "offered first"
    press(window, tour)
    view = lesson_view(window, 1)
    assert view.coach.state.heading == "Lesson 1 of 10: Your first word"
    assert view.session.game.map.name == "The Anvil"
    assert window.settings.seen_tutorial
    assert json.loads((config_dir() / "settings.json").read_text())["seen_tutorial"] is True
    view.leave()
    pump(window, 2)
    assert isinstance(window.current_view, MainMenuView)
    assert "tutorial" not in window.current_view.buttons, "offered only until it has been seen"
    # How to play keeps the way in.
    press(window, window.current_view.buttons["howto"])
    from client.ui.widgets import find_widget

    press(window, find_widget(window.current_view.root, "guided"))
    lesson_view(window, 1).leave()


# ---------------------------------------------------------------- the lessons


def test_the_first_two_lessons_played_with_the_mouse_and_keys(window):
    window.navigator.go_tutorial()
    pump(window, 2)
    view = lesson_view(window, 1)
    coach = view.coach
    assert "Lay ONE down from row 9, column 5" in coach.state.text
    city, o_cell = (10, 4), (8, 4)
    assert {city, o_cell, (9, 4)} <= set(coach.state.highlights)
    # The coach's scroll lies beside the board, never over it.
    assert coach.rect.right <= view.board.rect.left
    assert all(view.board.rect.contains(*view.board.cell_to_screen(c)) for c in coach.state.highlights)
    # The cells it is about pulse: the window keeps drawing them, and they change from frame
    # to frame while the rest of the board holds still.
    pump(window)
    assert not view.coach.pulse_due(), "just drawn"
    window.dispatch_event("on_update", 1 / 15)
    window.dispatch_events()
    assert view.animating(), "the pulse asks for a frame as time goes by"
    before = shot(window, "tutorial-1")
    window.dispatch_event("on_update", 0.35)
    window.dispatch_event("on_draw")
    window.dispatch_events()
    after = np.asarray(arcade.get_image(0, 0, window.width, window.height).convert("RGB"), dtype=np.int16)
    x, y = view.board.cell_to_screen(o_cell)
    assert np.abs(region(before, x, y, 20) - region(after, x, y, 20)).max() > 20, "the highlight pulses"
    fx, fy = view.board.cell_to_screen((2, 10))
    assert np.abs(region(before, fx, fy, 20) - region(after, fx, fy, 20)).max() < 8, "a plain cell holds still"
    # A while after the coach last spoke they hold still (a quiet screen draws nothing).
    from client.views.coach.panel import PULSE_SECONDS

    window.dispatch_event("on_update", PULSE_SECONDS)
    window.dispatch_events()
    assert view.animating(), "one more frame, to come to rest"
    pump(window)
    window.dispatch_event("on_update", 1 / 15)
    window.dispatch_events()
    assert not coach.pulse_due() and not view.animating()
    still = shot(window, "tutorial-1-still")

    def greenness(img, cx, cy):
        pixels = region(img, cx, cy, 20).reshape(-1, 3)
        return float((pixels[:, 1] - pixels[:, 0]).mean())

    assert greenness(still, x, y) > greenness(still, fx, fy) + 15, "the lesson's cell stays marked in green"
    # Lay ONE down from the O with the keys the hint names: click, Space, type, Enter.
    assert coach.driver.prepared.hints[0].startswith("Click row 9, column 5, press Space until the arrow points down")
    click_cell(window, view, o_cell)
    assert view.planner.cursor == o_cell and view.planner.direction == "across"
    key(window, arcade.key.SPACE)
    assert view.planner.direction == "down", "Space turns the arrow down"
    type_word(window, "one")
    assert view.planner.placed == {(8, 4): "o", (9, 4): "n", (10, 4): "e"}
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: coach.state.phase == "done", what="lesson 1 done")
    assert coach.state.text.startswith("Well done! ONE is on the board. It scores 3: each letter is worth its dots "
                                       "(O 1 + N 1 + E 1).")
    assert coach.buttons["next"].text == "Next lesson" and coach.buttons["hint"].disabled
    shot(window, "tutorial-1-done")
    press(window, coach.buttons["next"])

    # Lesson 2: a refusal from the rules, a hint from the button and one from Ctrl+H, then NOTE.
    view = lesson_view(window, 2)
    coach = view.coach
    assert coach.state.title == "Supply: keep your words joined"
    assert "lay NOTE across from row 10, column 5, from your ONE to SEA" in coach.state.text
    click_cell(window, view, (10, 8))  # beside the cut-off SEA only
    type_word(window, "d")
    key(window, arcade.key.ENTER)
    assert coach.state.note.startswith("Not allowed: AD does not connect to your supplied crossword"), coach.state.note
    assert "Click your N at row 10, column 5" in coach.state.note, "the refusal comes with a hint"
    shot(window, "tutorial-2-refused")
    key(window, arcade.key.ESCAPE)
    assert view.planner.placed == {}
    press(window, coach.buttons["hint"])
    assert coach.state.note == ("Hint: A word that touches only SEA is refused: it must be joined to your city "
                                "another way too.")
    key(window, arcade.key.H, arcade.key.MOD_CTRL)
    assert coach.state.note.startswith("Hint: Laying OATS again beside silver's OX would be an attack")
    click_cell(window, view, (9, 4))
    assert view.planner.direction == "across"
    type_word(window, "ot")  # the cursor steps over the N, and stops on SEA's E
    assert view.planner.placed == {(9, 5): "o", (9, 6): "t"}
    shot(window, "tutorial-2")
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: coach.state.phase == "done", what="lesson 2 done")
    assert coach.state.text.startswith("Well done! NOTE joins SEA to ONE: SEA is supplied again and defends at 3.")
    assert set(coach.state.highlights) == {(9, 4), (9, 5), (9, 6), (9, 7)}, "the word that did it"
    assert not coach.pulse_due(), "a lesson done holds its highlights still"
    key(window, arcade.key.ENTER)  # Enter goes on once the lesson is done
    view = lesson_view(window, 3)
    assert view.coach.state.title == "Attack"
    view.leave()


def test_restart_skip_the_defence_and_a_real_skirmish_at_the_end(window):
    from client.play.session import LocalSession
    from client.views.dialogs import DefenceDialog
    from client.views.game.view import GameView
    from client.views.coach.ready import ReadyView

    window.navigator.go_tutorial()
    pump(window, 2)
    first = lesson_view(window, 1)
    click_cell(window, first, (8, 4))
    type_word(window, "on")
    key(window, arcade.key.L, arcade.key.MOD_CTRL)  # restart: the same lesson, from its start
    pump(window, 2)
    again = lesson_view(window, 1)
    assert again is not first and again.session is not first.session and again.planner.placed == {}
    press(window, again.coach.buttons["restart"])
    restarted = lesson_view(window, 1)
    assert restarted is not again
    press(window, restarted.coach.buttons["next"])  # "Skip this lesson"
    view = lesson_view(window, 2)
    shot(window, "tutorial-2-start")
    key(window, arcade.key.K, arcade.key.MOD_CTRL)
    pump(window, 2)
    view = lesson_view(window, 3)
    shot(window, "tutorial-3")
    key(window, arcade.key.K, arcade.key.MOD_CTRL)
    pump(window, 2)
    view = lesson_view(window, 4)
    shot(window, "tutorial-4")
    key(window, arcade.key.K, arcade.key.MOD_CTRL)
    pump(window, 2)

    # Lesson 5: silver attacks; the defence panel the hints name is open beside the board.
    view = lesson_view(window, 5)
    coach = view.coach
    pump_until(window, lambda: isinstance(view.dialog, DefenceDialog), what="the defence panel")
    from client.ui.widgets import find_widget

    defend = find_widget(view.dialog.root, "defend")
    best = find_widget(view.dialog.root, "best")
    hints = coach.driver.prepared.hints
    assert defend.text == "Defend  (Enter)" and "press Defend (Enter)" in hints[0]
    assert best.text == "Best order  (B)" and "Best order (B)" in hints[1]
    assert "Shift+Up and Shift+Down" in hints[1] and "\u25b2 and \u25bc buttons" in hints[1]
    assert find_widget(view.dialog.root, "down-0").text == "\u25bc"
    assert coach.rect.right <= view.board.rect.left and view.dialog.contains(*view.layout.side.center)
    shot(window, "tutorial-5")
    key(window, arcade.key.ENTER)  # Defend, in the best order
    pump_until(window, lambda: coach.state.phase == "done", what="lesson 5 done")
    assert coach.state.text.startswith("Well done! GATE (13) stopped ASH (6) at once.")
    shot(window, "tutorial-5-done")
    for number in range(6, 11):  # skip the rest: the last skip ends the guided game
        if number == 8:  # lesson 7's discard panel waits for its discard before anything else
            type_word(window, "q")
            key(window, arcade.key.ENTER)
            pump_until(window, lambda: coach.state.phase == "done" and window.current_view.dialog is None,
                       what="lesson 7's discard")
        press(window, coach.buttons["next"])
        coach = lesson_view(window, number).coach
    assert coach.buttons["next"].text == "Skip this lesson"
    press(window, coach.buttons["next"])
    ready = window.current_view
    assert isinstance(ready, ReadyView)
    shot(window, "tutorial-ready")
    press(window, ready.buttons["skirmish"])
    game = window.current_view
    assert isinstance(game, GameView) and game.coach is None
    assert type(game.session) is LocalSession
    assert game.session.game.map.name == "The Anvil"
    silver = game.session.seats[game.viewer.other]
    assert not silver.human_here and silver.ai_level == 1, "against the gentlest computer"
    game.session.close()
    window.navigator.go_menu()
    pump(window)


def test_lift_discard_forest_ice_and_the_end_played_with_the_mouse_and_keys(window):
    from client.views.dialogs import DiscardDialog

    window.navigator.go_tutorial()
    pump(window, 2)
    for number in range(1, 6):  # skip to lesson 6 with the key the coach names
        lesson_view(window, number)
        key(window, arcade.key.K, arcade.key.MOD_CTRL)
        pump(window, 2)

    # Lesson 6: a lift the rules refuse (Ctrl+R, then ONE), then OATS lifted with the button.
    view = lesson_view(window, 6)
    coach = view.coach
    assert coach.state.heading == "Lesson 6 of 10: Lift a word"
    assert "Lift OATS: press Redeploy (Ctrl+R) and click its A at row 9, column 6." in coach.state.text
    key(window, arcade.key.R, arcade.key.MOD_CTRL)
    assert view.state.redeploy_mode
    click_cell(window, view, (9, 4))  # the N: only ONE runs through it
    pump_until(window, lambda: coach.state.note.startswith("Not allowed: lifting ONE would cut OATS off"),
               what="the refused lift")
    assert sorted(view.session.game.racks[view.viewer]) == sorted("aeiouae"), "a refused lift changes nothing"
    shot(window, "tutorial-6")
    press(window, view.buttons["redeploy"])
    assert view.state.redeploy_mode and view.buttons["redeploy"].text == "Cancel"
    click_cell(window, view, (8, 6))
    pump_until(window, lambda: coach.state.phase == "done", what="lesson 6 done")
    assert coach.state.text.startswith("Well done! OATS came off the board: A, T, S are back in your rack "
                                       "(10 letters), and its O stays, since it is also in ONE.")
    assert sorted(view.planner.rack) == sorted("aeiouaeats")
    shot(window, "tutorial-6-done")
    key(window, arcade.key.ENTER)

    # Lesson 7: the discard panel is open at once; type Q and press Enter.
    view = lesson_view(window, 7)
    coach = view.coach
    pump_until(window, lambda: isinstance(view.dialog, DiscardDialog), what="the discard panel")
    assert coach.rect.right <= view.board.rect.left
    assert "Throw away the Q" in coach.state.text
    shot(window, "tutorial-7")
    type_word(window, "q")
    assert [view.planner.all_letters()[i] for i in view.dialog.chosen] == ["q"]
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: coach.state.phase == "done", what="lesson 7 done")
    assert coach.state.text.startswith("Well done! The Q left the game (1 discarded so far), and your rack holds 12")
    assert "q" not in view.session.game.racks[view.viewer]
    pump_until(window, lambda: view.dialog is None, what="the discard panel to close")
    press(window, coach.buttons["next"])

    # Lesson 8: TOES is too light for the forest (the rules say so), TIPS goes through.
    view = lesson_view(window, 8)
    coach = view.coach
    assert coach.state.title == "Cut through the forest"
    click_cell(window, view, (11, 1))
    assert view.planner.direction == "across"
    type_word(window, "toes")
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: coach.state.note.startswith("Not allowed: TOES is worth 4 but the 2 forest cell(s)"),
               what="the forest refusal")
    key(window, arcade.key.ESCAPE)
    assert view.planner.placed == {}
    click_cell(window, view, (11, 1))
    type_word(window, "tips")
    assert view.planner.placed == {(11, 1): "t", (11, 2): "i", (11, 3): "p", (11, 4): "s"}
    shot(window, "tutorial-8")
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: coach.state.phase == "done", what="lesson 8 done")
    assert "the forest at row 12, column 2 and row 12, column 3 is plains now" in coach.state.text
    key(window, arcade.key.ENTER)

    # Lesson 9: EAT onto the ice, from the E of SEA; the last lesson.
    view = lesson_view(window, 9)
    coach = view.coach
    assert coach.state.title == "Thin ice"
    click_cell(window, view, (9, 7))
    type_word(window, "at")  # the cursor starts on the E and steps over it
    assert view.planner.placed == {(9, 8): "a", (9, 9): "t"}
    shot(window, "tutorial-9")
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: coach.state.phase == "done", what="lesson 9 done")
    assert coach.state.text.startswith("Well done! EAT stands on the ice: its T is worth 1 dot")
    from shared.rules.terrain import Terrain

    assert view.session.game.board.terrain[9][9] is Terrain.ICE
    key(window, arcade.key.ENTER)

    # Lesson 10: STAID on silver's empty capital ends the game at once; the coach says so.
    view = lesson_view(window, 10)
    coach = view.coach
    assert coach.state.title == "How a game ends"
    click_cell(window, view, (2, 8))
    key(window, arcade.key.SPACE)
    assert view.planner.direction == "down"
    type_word(window, "staid")
    shot(window, "tutorial-10")
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: coach.state.phase == "finished", what="the last lesson done")
    assert coach.state.text.endswith("You win by conquest, 120 to 0.")
    assert coach.state.note.startswith("That is the whole game") and coach.buttons["next"].text == "Finish"
    result = view.session.game.result
    assert result is not None and result.reason == "conquest"
    for _ in range(90):  # the end screen a game over would open stays away: the coach has it
        pump(window)
    assert window.current_view is view
    shot(window, "tutorial-10-done")
    press(window, coach.buttons["next"])
    from client.views.coach.ready import ReadyView

    assert isinstance(window.current_view, ReadyView)
    shot(window, "tutorial-ready")
    window.navigator.go_menu()
    pump(window)


def test_the_coach_fits_a_wide_window_and_the_smallest_one(window):
    window.navigator.go_tutorial()
    pump(window, 2)
    view = lesson_view(window, 1)
    try:
        for size in ((1920, 1080), (1200, 720)):
            window.set_size(*size)
            window.dispatch_event("on_resize", *size)
            pump(window)
            window.flip()  # Mesa resizes the back buffer when a frame is presented
            pump(window, 3)
            coach, board = view.coach, view.board
            assert coach.rect.right <= board.rect.left and coach.rect.top <= window.height
            assert board.coin_pixels >= 40, f"coins {board.coin_pixels:.1f} px at {size}"
            assert coach.buttons["next"].rect.top < coach.top - 200, "the buttons stay at the foot of the scroll"
            shot(window, f"tutorial-1-{size[0]}x{size[1]}")
    finally:
        window.set_size(1280, 800)
        window.dispatch_event("on_resize", 1280, 800)
        pump(window)
        window.flip()
        pump(window, 2)
    view.leave()
