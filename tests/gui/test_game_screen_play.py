"""The game screen in a real window (Xvfb + Mesa), driven by dispatched events, as a player
plays it: board size, zoom and pan, coordinates, tooltips, the chronicle, help and
full screen, the last move's marks, a skirmish kept and resumed, clocks, the keyboard alone,
frames drawn in part.
"""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
import numpy as np
from game_screen_support import (
    GOLD,
    SILVER,
    defence_game,
    first_word,
    frame_image,
    key,
    local_game,
    pump_until,
    region,
)
from gui_support import click, pump

from client.ui import theme


# ---------------------------------------------------------------- board size, zoom and pan
def _shipped() -> list[str]:
    from shared.maps.files import shipped_maps

    return [path.stem for path in shipped_maps()]


@pytest.mark.parametrize("map_name", _shipped())
def test_coins_are_at_least_40_pixels_and_the_player_sees_their_city(window, map_name):
    view = local_game(window, map_name)
    board = view.board
    assert board.coin_pixels >= 40, f"{map_name}: coins {board.coin_pixels:.1f} px at 1280x800"
    cities = [c for c, o in view.display.cities.items() if o == view.viewer]
    assert any(board.rect.contains(*board.cell_to_screen(c)) for c in cities), "a city of ours is in view"
    if board.fit_zoom() >= board.play_zoom():
        assert board.cam.zoom == pytest.approx(board.fit_zoom()), "a small board fills its area"
    if board.minimap.shown:  # part of the board is out of view: the small map takes the view there
        r = board.minimap.rect
        before = tuple(board.cam.position)
        click(window, r.left + 3, r.top - 3)
        assert board.cam.position[0] < before[0] or board.cam.position[1] > before[1], "looking at the top left"
        assert board.cell_at(r.left + 3, r.top - 3) is None
    else:
        assert board.fit_zoom() >= board.play_zoom()
    zoom = board.cam.zoom
    window.dispatch_event("on_mouse_scroll", *board.rect.center, 0, 2)
    window.dispatch_events()
    assert board.cam.zoom > zoom
    key(window, arcade.key.END)
    assert board.cam.zoom == pytest.approx(board.fit_zoom())
    key(window, arcade.key.HOME)
    assert board.cam.zoom == pytest.approx(max(board.fit_zoom(), board.play_zoom()))
    view.leave()


def test_coordinates_on_the_frame_and_panning_with_keys(window):
    view = local_game(window, "hollowmere")
    board = view.board
    img = frame_image(window)
    labels = [entry.text.text for entry in board.coords._entries.values()]
    assert len(labels) > 10 and all(t.isdigit() for t in labels), "numbers are drawn on the frame"
    assert img.std() > 20
    before = tuple(board.cam.position)
    key(window, arcade.key.RIGHT, arcade.key.MOD_SHIFT)
    key(window, arcade.key.DOWN, arcade.key.MOD_SHIFT)
    moved = tuple(board.cam.position)
    key(window, arcade.key.LEFT, arcade.key.MOD_SHIFT)
    key(window, arcade.key.UP, arcade.key.MOD_SHIFT)
    assert moved != before or tuple(board.cam.position) != moved, "Shift+arrows pan the board"
    view.leave()


# ---------------------------------------------------------------- marks, tooltips, chronicle
def test_tooltips_tell_a_cells_rule_and_a_words_strength(window):
    view, session = defence_game(window)
    x, y = view.board.cell_to_screen((6, 8))  # silver's N, in ON (on plains) and nothing down
    window.dispatch_event("on_mouse_motion", x, y, 1, 1)
    window.dispatch_events()
    pump(window, 20)
    lines = view.tooltip.lines
    assert lines and lines[0] == "Row 7, column 9"
    assert lines[1].startswith("Plains")
    assert lines[2] == "Your N, worth 1 dot"
    assert any(line.startswith("ON: defends at 3 (2 in letters, x1.5 city)") for line in lines), lines
    img = frame_image(window)
    assert region(img, x + 18, y - 60, 200, 40).std() > 10, "the tooltip box is drawn"
    window.dispatch_event("on_mouse_motion", 5, 5, 1, 1)
    window.dispatch_events()
    pump(window)
    assert not view.tooltip.lines
    view.leave()


def test_a_tooltip_gives_way_to_typing_and_never_covers_a_dialog(window):
    view, session = defence_game(window)
    x, y = view.board.cell_to_screen((6, 8))
    window.dispatch_event("on_mouse_motion", x, y, 1, 1)
    window.dispatch_events()
    pump(window, 20)
    assert view.tooltip.lines, "shown once the mouse rests"
    key(window, arcade.key.RIGHT)  # the player uses the keyboard: the tooltip goes at once
    assert not view.tooltip.lines
    pump(window, 20)  # and comes back once the mouse rests again, if nothing is in front of it
    assert view.tooltip.lines
    key(window, arcade.key.F1)  # the keys overlay, a dialog
    assert view.dialog is not None
    pump(window, 40)
    assert not view.tooltip.lines, "no tooltip over a dialog"
    key(window, arcade.key.ESCAPE)
    view.leave()


def test_the_turn_title_gets_its_size_back_after_a_long_one(window, monkeypatch):
    view = local_game(window)
    try:
        monkeypatch.setattr(view, "headline", lambda: "Turn 12: Computer (Marshal) is thinking it over at length")
        pump(window, 3)
        assert view.header.texts.get("turn", view.headline(), 0, 0, size=17, color=theme.INK_DARK,
                                     bold=True).font_size < 17, "a long title is set smaller to fit"
        monkeypatch.setattr(view, "headline", lambda: "Turn 13: your move")
        pump(window, 3)
        head = view.header.texts.get("turn", "Turn 13: your move", 0, 0, size=17, color=theme.INK_DARK, bold=True)
        assert head.font_size == 17
    finally:
        view.leave()


def test_the_chronicle_keeps_the_whole_game_and_scrolls(window):
    view = local_game(window)
    for i in range(120):
        view.log.append((f"line {i}", (255, 255, 255, 255)))
    pump(window)
    box = view.side.rects.chronicle
    chars, count = view.side.chronicle_geometry(box)
    assert [t for t, _ in view.log.visible(chars, count)][-1] == "line 119"
    key(window, arcade.key.PAGEUP)
    assert view.log.scroll == 8
    window.dispatch_event("on_mouse_scroll", *box.center, 0, 100)
    window.dispatch_events()
    assert view.log.visible(chars, count)[0][0].startswith(view.log[0][0][:10]), "back to the first line"
    assert len(view.log) == 121
    view.leave()


# ---------------------------------------------------------------- keys
def test_help_overlay_and_full_screen(window):
    from client.views.game.help_overlay import HelpOverlay

    view = local_game(window)
    key(window, arcade.key.F1)
    assert isinstance(view.dialog, HelpOverlay)
    img = frame_image(window)
    assert img.std() > 15
    key(window, arcade.key.ESCAPE)
    assert view.dialog is None
    key(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)
    assert isinstance(view.dialog, HelpOverlay)
    key(window, arcade.key.F1)
    assert view.dialog is None
    key(window, arcade.key.F11)
    pump(window, 3)
    assert window.fullscreen and window.settings.fullscreen
    key(window, arcade.key.F11)
    pump(window, 3)
    assert not window.fullscreen and not window.settings.fullscreen
    window.set_size(1280, 800)
    window.dispatch_event("on_resize", 1280, 800)
    pump(window, 2)
    view.leave()


def test_a_word_typed_and_committed_from_the_keyboard_is_marked_as_the_last_move(window):
    from shared.rules.board import ACROSS

    view = local_game(window, seed=3)
    game = view.session.game
    me = view.viewer
    found = first_word(game, me, view.session.lexicon)
    assert found is not None
    word, cells, direction = found
    x, y = view.board.cell_to_screen(cells[0])
    click(window, x, y)
    if view.planner.direction != direction:
        key(window, arcade.key.SPACE)
    assert (view.planner.direction == ACROSS) == (direction == "across")
    for ch in word:
        key(window, getattr(arcade.key, ch.upper()))
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: not view.animator.busy and game.board.letters[me].get(cells[-1]) == word[-1],
               what="the commit")
    pump(window, 2)
    assert set(view.move_marks.commits[me]) == set(cells)
    img = frame_image(window)
    left, bottom, w, h = view.board.cells_rect(cells, 2)
    sx, sy = view.board.cam.project((left, bottom))[:2]
    corner = region(img, sx - 3, sy - 3, 10, 10).reshape(-1, 3)
    assert any(r > 200 and g > 150 and b < 140 for r, g, b in corner), "a gold corner bracket"
    view.leave()


def test_a_skirmish_left_is_kept_and_resumed_from_the_menu(window):
    from client.play import savegame
    from client.views.game.view import GameView
    from client.views.menus.main import MainMenuView
    from client.views.menus.saved_games import SavedGamesView

    for game in savegame.list_saves():
        savegame.delete(game.path)
    from client.play.session import LocalSession, Seat
    from shared.maps.files import load_map

    session = LocalSession.new(load_map("cinder-ford"), "standard", window.lexicon, seed=8,
                               gold=Seat(GOLD, "You", True), silver=Seat(SILVER, "CPU", False, 1))
    session.paused = True
    window.navigator.start_game(session)  # as the set-up screen starts a game: kept in a save slot
    view = window.current_view
    pump(window, 2)
    turn = view.session.game.turn
    rack = list(view.session.game.racks[GOLD])
    key(window, arcade.key.ESCAPE)  # the menu
    key(window, arcade.key.L)  # leave...
    assert "resume it from the main menu" in view.dialog.question
    key(window, arcade.key.Y)  # ...yes
    menu = window.current_view
    assert isinstance(menu, MainMenuView) and "resume" in menu.buttons
    pump(window, 2)
    click(window, *menu.buttons["resume"].rect.center)
    listed = window.current_view
    assert isinstance(listed, SavedGamesView)
    pump(window, 2)
    click(window, *listed.buttons["resume-0"].rect.center)
    resumed = window.current_view
    assert isinstance(resumed, GameView) and resumed is not view
    assert resumed.session.game.turn == turn and resumed.session.game.racks[GOLD] == rack
    resumed.session.paused = True
    resumed.session.close()
    savegame.delete(resumed.session.save_slot)
    window.navigator.go_menu()
    pump(window)
    assert "resume" not in window.current_view.buttons


def test_a_timed_game_shows_large_clocks_that_turn_red_when_low(window):
    from client.ui import theme

    view = local_game(window)
    view.session.clock_left = lambda: {1: 125.0, 2: 19.2}
    pump(window, 2)
    cards = view.side.rects.cards
    assert cards[0].height > 110, "a taller card holds the clock"
    gold_clock = view.side.texts._entries[("clock", GOLD)].text
    silver_clock = view.side.texts._entries[("clock", SILVER)].text
    assert (gold_clock.text, silver_clock.text) == ("2:05", "0:20")
    assert gold_clock.font_size >= 24
    assert tuple(silver_clock.color)[:3] == theme.RUBY[:3]
    img = frame_image(window)
    card = cards[1]
    digits = region(img, card.right - 110, card.bottom + 6, 100, 34).reshape(-1, 3)
    assert sum(1 for r, g, b in digits if r > 170 and g < 90) > 40, "red digits on silver's card"
    view.leave()


def test_the_turn_can_be_played_from_the_keyboard_alone(window):
    import random

    view = local_game(window, seed=3)
    view.actions.rng = random.Random(1)  # the rack's shuffles
    planner = view.planner
    rack = list(planner.rack)
    key(window, arcade.key.S, arcade.key.MOD_CTRL)
    assert sorted(planner.rack) == sorted(rack) and planner.rack != rack, "Ctrl+S shuffles"
    key(window, arcade.key.DOWN)  # the cursor appears mid-board
    assert planner.cursor is not None
    direction = planner.direction
    key(window, arcade.key.TAB)
    assert planner.direction != direction
    letter = planner.rack[0]
    key(window, getattr(arcade.key, letter.upper()))
    assert len(planner.placed) == 1
    key(window, arcade.key.BACKSPACE)
    assert planner.placed == {}
    key(window, getattr(arcade.key, letter.upper()))
    key(window, arcade.key.ESCAPE)
    assert planner.placed == {}, "Esc takes the letters back"
    key(window, arcade.key.R, arcade.key.MOD_CTRL)
    assert view.redeploy_mode
    key(window, arcade.key.ESCAPE)
    assert not view.redeploy_mode
    turn = view.session.game.turn
    key(window, arcade.key.E, arcade.key.MOD_CTRL)
    pump_until(window, lambda: view.session.game.turn > turn, what="Ctrl+E ending the turn")
    view.leave()


def test_frames_drawn_in_part_while_a_fight_plays_look_like_whole_frames(window):
    """The real event loop draws animation frames in part (only what moves) where the back
    buffer keeps the last frame; stopped mid-fight, a whole redraw shows the same picture."""
    from client.capture import run_loop
    from client.views.dialogs import DefenceDialog
    from shared.rules.actions import Commit

    view, session = defence_game(window)
    session._apply(Commit(GOLD, ((6, 6, "s"),), "across"))
    pump_until(window, lambda: isinstance(view.dialog, DefenceDialog), what="the defence panel")
    key(window, arcade.key.ENTER)
    pump(window)
    assert view.animating() and view.partial_ok()
    partial_frames = []
    window.push_handlers(on_draw=lambda: partial_frames.append(window.partial_frame))
    try:
        run_loop(window, 0.9)
    finally:
        window.pop_handlers()
    assert window.keeps_frames() is not None
    if not window.keeps_frames():
        pytest.skip("this driver does not keep the back buffer: every frame is drawn whole")
    assert any(partial_frames), "some frames were drawn in part"
    kept = np.asarray(arcade.get_image(0, 0, window.width, window.height).convert("RGB"), dtype=np.int16)
    window.dispatch_event("on_draw")
    window.dispatch_events()
    whole = np.asarray(arcade.get_image(0, 0, window.width, window.height).convert("RGB"), dtype=np.int16)
    differs = np.abs(kept - whole).max(axis=2) > 24
    assert differs.mean() < 0.002, f"{differs.sum()} pixels differ between the partial and the whole frame"
    view.animator.skip()
    view.leave()
