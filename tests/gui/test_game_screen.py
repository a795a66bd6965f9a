"""The game screen in a real window (Xvfb + Mesa), driven by dispatched events:
layout at any size, the cursor, the defence beside the board, the tray, replays, drawing on
demand. Zoom and pan, marks, tooltips, the chronicle, keys and help are in
test_game_screen_play.py.
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
    frame_image,
    key,
    local_game,
    pump_until,
    region,
)
from gui_support import click, pump


# ---------------------------------------------------------------- bugs
def test_scores_stay_in_view_after_resizing_wider(window):
    view = local_game(window)
    try:
        for size in ((1600, 900), (1920, 1080), (1280, 800)):
            window.set_size(*size)
            window.dispatch_event("on_resize", *size)
            pump(window)
            window.flip()  # Mesa resizes the back buffer when a frame is presented
            pump(window, 2)
            assert (window.width, window.height) == size
            assert view.layout.side.right == size[0] and view.layout.board.top == size[1]
            img = frame_image(window)
            for p in (GOLD, SILVER):
                card = view.side.rects.cards[0 if p == GOLD else 1]
                score = region(img, card.right - 100, card.top - 50, 90, 40)
                bright = (score.min(axis=2) > 170).sum()  # parchment ink: (244, 228, 192)
                assert bright > 40, f"{p.label}'s score is drawn at {size} ({bright} bright pixels)"
    finally:
        window.set_size(1280, 800)
        window.dispatch_event("on_resize", 1280, 800)
        pump(window)
        window.flip()
        view.leave()


def test_the_typing_cursor_shows_on_plains(window):
    from shared.rules.terrain import Terrain

    view = local_game(window)
    d = view.display
    cell = next((r, c) for r in range(3, d.height - 3) for c in range(3, d.width - 3)
                if d.terrain[r][c] is Terrain.PLAINS and d.letter_at((r, c)) is None)
    before = frame_image(window)
    x, y = view.board.cell_to_screen(cell)
    click(window, x, y)
    assert view.planner.cursor == cell
    window.dispatch_event("on_mouse_motion", 5, 5, 0, 0)  # the mouse away: no tooltip over it
    after = frame_image(window)
    half = view.board.cell_pixels / 2
    edge = region(after, x - half, y - half, 2 * half, 2 * half)
    was = region(before, x - half, y - half, 2 * half, 2 * half)
    assert (edge.min(axis=2) > 235).sum() > 4 * half, "a near-white frame is drawn on the honey stone"
    assert (edge.max(axis=2) < 60).sum() > 4 * half, "with a dark stroke beside it"
    assert np.abs(edge - was).mean() > 15
    view.leave()


def test_the_defence_is_ordered_beside_the_board_and_the_header_names_who_acts(window):
    from client.views.dialogs import DefenceDialog
    from shared.rules.actions import Commit

    view, session = defence_game(window)
    assert view.headline().endswith("Computer to move")
    session._apply(Commit(GOLD, ((6, 6, "s"),), "across"))  # the computer's move: CATS
    pump_until(window, lambda: isinstance(view.dialog, DefenceDialog), what="the defence panel")
    pump(window, 2)
    dialog = view.dialog
    assert view.headline() == f"Turn {view.display.turn}: you order your defence"
    panel = dialog.panel.rect
    board = view.layout.board
    assert panel.left >= board.right - 1, "the defence lies over the side panel, not over the board"
    for cell in [(6, 3), (6, 4), (6, 5), (6, 6), (5, 7), (5, 8), (6, 7), (6, 8)]:
        x, y = view.board.cell_to_screen(cell)
        assert board.contains(x, y) and not panel.point_in_rect((x, y)), f"{cell} is in view"
    img = frame_image(window)
    # The attacking word is framed in red on the board, the defenders numbered in blue.
    x, y = view.board.cell_to_screen((6, 4))
    top_edge = region(img, x - 5, y + view.board.cell_pixels / 2 - 6, 10, 10).reshape(-1, 3)
    assert any(r > 170 and g < 90 and b < 100 for r, g, b in top_edge), "a red frame round CATS"
    # Keyboard: pick the second word, move it up, restore the best order, then defend.
    assert dialog.order == [0, 1]
    key(window, arcade.key.DOWN)
    key(window, arcade.key.UP, arcade.key.MOD_SHIFT)
    assert dialog.order == [1, 0]
    key(window, arcade.key.B)
    assert dialog.order == [0, 1]
    # The board still zooms while the panel is open.
    zoom = view.board.cam.zoom
    key(window, arcade.key.EQUAL)
    assert view.board.cam.zoom > zoom
    key(window, arcade.key.ENTER)
    assert view.dialog is None
    seen = []

    def fight_shown() -> bool:
        if view.fx.step is not None and view.fx.step.kind == "combat_step":
            seen.append(view.headline())
            return True
        return False

    pump_until(window, fight_shown, what="the fight")
    assert "Computer to move" in seen[0], f"during the fight the attacker moves: {seen[0]!r}"
    img = frame_image(window)
    preview = view.side.rects.preview
    assert region(img, preview.left, preview.bottom, preview.width, preview.height).std() > 20, \
        "the fight is told in the side panel, not over the board's top rows"
    pump_until(window, lambda: not view.animator.busy, what="the end of the fight")
    assert GOLD not in view.move_marks.commits, "the attack fell with all its letters"
    assert {g.cell for g in view.move_marks.ghosts} == {(6, 3), (6, 4), (6, 5), (6, 6)}, "CATS' ghosts"
    assert any(line.strip().endswith("falls.") for line, _ in view.log), "the fight explained in the chronicle"
    view.leave()


def test_a_thirteenth_coin_stays_inside_the_tray(window):
    view = local_game(window)
    session = view.session
    rack = session.game.racks[GOLD]
    while len(rack) < 13:
        rack.append(session.game.pools[GOLD].pop())
    view.view_dict = session.view(GOLD)
    view._sync_planner()
    view.planner_changed()
    pump(window, 2)
    lay = view.layout
    assert len(view.planner.rack) == 13 and lay.slots == 13
    coin = view.rack.coin_size()
    last_x, _ = lay.slot_centre(12)
    assert last_x + coin / 2 <= lay.tray.right - 4 and lay.tray.right <= lay.buttons.left
    img = frame_image(window)
    x, y = lay.slot_centre(12)
    r, g, b = region(img, x - 4, y - 8, 8, 8).reshape(-1, 3).mean(axis=0)
    assert r > 150 and r > b + 40, f"the 13th coin is drawn in its slot, got {(r, g, b)}"
    view.leave()


def test_replays_pause_step_change_speed_and_hold_under_the_menu(window):
    from client.play.replay import ReplaySession
    from client.views.dialogs import PauseMenu
    from client.views.game.view import GameView
    from shared.maps.files import load_map
    from shared.rules.actions import EndTurn
    from shared.rules.game import Game
    from shared.rules.presets import PRESETS

    game = Game.new(load_map("cinder-ford"), PRESETS["standard"], 5, window.lexicon)
    for _ in range(4):
        game.apply(EndTurn(game.to_move))
    replay = ReplaySession.from_text(game.record().to_text(), window.lexicon, pace=0.05)
    view = GameView(replay)
    window.show_view(view)
    pump(window, 2)
    assert view.buttons["replay-pause"].text == "Pause" and "replay-step" in view.buttons
    key(window, arcade.key.SPACE)
    assert replay.paused
    index = replay.index
    pump(window, 15)
    assert replay.index == index, "paused: nothing moves"
    key(window, arcade.key.RIGHT)
    pump_until(window, lambda: replay.index == index + 1 and not view.animator.busy, what="a step forward")
    key(window, arcade.key.LEFT)
    pump(window, 3)
    assert replay.index == index and view.display.turn == replay.game.view(None)["turn"]
    key(window, arcade.key.BRACKETRIGHT)
    assert replay.speed == 2.0
    key(window, arcade.key.SPACE)
    assert not replay.paused
    key(window, arcade.key.ESCAPE)
    assert isinstance(view.dialog, PauseMenu) and replay.held
    index = replay.index
    pump(window, 20)
    assert replay.index == index, "the replay holds still under the menu"
    key(window, arcade.key.ESCAPE)
    assert view.dialog is None and not replay.held
    pump_until(window, lambda: replay.index > index, what="the replay going on")
    view.leave()


def test_a_failed_connection_is_told_in_a_plain_sentence(window):
    from client.views.online.connect import OnlineView

    window.settings.server = "ws://127.0.0.1:9"  # nothing listens there
    lobby = OnlineView()
    window.show_view(lobby)
    pump_until(window, lambda: lobby.conn is not None and lobby.conn.done, timeout=30, what="the failure")
    pump(window, 2)
    text = lobby.status.text
    assert text.startswith("Nothing answered at ws://127.0.0.1:9"), text
    assert "Error" not in text and "(" not in text and "errno" not in text.lower()
    lobby.close_and_back()


def test_text_fields_put_the_caret_at_the_end_select_all_and_paste(window):
    from client.views.menus.settings import SettingsView

    view = SettingsView()
    window.show_view(view)
    pump(window, 2)
    field = view.name_field.input
    field.text = "Tester"
    pump(window)
    click(window, *field.rect.center)
    assert field.active and field.caret.position == len("Tester")
    window.dispatch_event("on_text", "s")
    window.dispatch_events()
    assert field.text == "Testers"
    key(window, arcade.key.A, arcade.key.MOD_CTRL)
    assert (field.caret.mark, field.caret.position) == (0, len("Testers"))
    window.set_clipboard_text("Ada")
    window.dispatch_event("on_text_motion", 8)  # pyglet's MOTION_PASTE (what Ctrl+V sends)
    window.dispatch_events()
    assert field.text == "Ada", "the paste replaces the selection"
    window.navigator.go_menu()


def test_the_difficulty_is_remembered_and_described(window):
    from client.play.settings import load_settings
    from client.views.menus.setup import SkirmishSetupView

    setup = SkirmishSetupView("ai")
    window.show_view(setup)
    pump(window, 2)
    first = setup.level_row.value
    assert setup.level_note.text, "the level has a description"
    described = setup.level_note.text
    setup.level_row.step(1)
    pump(window)
    chosen = setup.level_row.value
    assert chosen != first and setup.level_note.text != described
    assert load_settings().ai_level == chosen, "saved at once"
    again = SkirmishSetupView("ai")
    window.show_view(again)
    pump(window)
    assert again.level_row.value == chosen
    # Keyboard: Down to the map row, Right changes the map.
    before = again.map_row.value
    key(window, arcade.key.DOWN)
    key(window, arcade.key.RIGHT)
    assert again.map_row.value != before
    window.navigator.go_menu()


def test_a_computer_that_gathers_letters_before_its_first_word_says_why(window, monkeypatch):
    from dataclasses import replace

    from shared.ai import LEVELS
    from shared.rules.actions import EndTurn

    # A level that keeps its letters before its first word (``Level.hoard_first``) passes at
    # first: the chronicle says why, so the computer does not look broken.
    monkeypatch.setitem(LEVELS, 4, replace(LEVELS[4], hoard_first=True, letter_worth=2.4))
    view = local_game(window, level=4)
    session = view.session
    session._chooser = lambda g, p, level, rng: EndTurn(p)
    session.ai_delay = 0.0
    session.paused = False
    key(window, arcade.key.ENTER, arcade.key.MOD_SHIFT)  # end our turn: the Warlord passes
    pump_until(window, lambda: any("passes" in line and "CPU" in line for line, _ in view.log),
               what="the computer's pass: " + " / ".join(line for line, _ in view.log))
    pump(window, 2)
    assert any(line.strip() == "the Warlord is gathering letters for a strong first word" for line, _ in view.log)
    view.leave()


# ---------------------------------------------------------------- drawing only when needed
def test_a_still_screen_draws_nothing_and_an_event_draws_one_frame(window):
    view = local_game(window)
    pump(window, 40)  # let anything counting settle
    assert not view.animating()
    window.redraw_needed = False
    presented = window.frames_presented
    for _ in range(10):
        window.dispatch_event("on_update", 1 / 60)
        window.draw(1 / 60)
    assert window.frames_presented == presented, "nothing changed: no frame"
    window.dispatch_event("on_mouse_motion", 300, 300, 1, 1)
    window.draw(1 / 60)
    assert window.frames_presented == presented + 1
    view.leave()
