"""The game screen in a real window (Xvfb + Mesa), driven by dispatched events: the fixes and
features of issue 16 (layout at any size, the cursor, the defence beside the board, the tray,
replays, drawing on demand, zoom and pan, marks, tooltips, the chronicle, keys, help).
"""

from __future__ import annotations

import os
import time

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade  # noqa: E402
import numpy as np  # noqa: E402

from shared.rules.terrain import Player  # noqa: E402
from gui_support import click, pump, scryptic_window  # noqa: E402

GOLD, SILVER = Player.GOLD, Player.SILVER


@pytest.fixture(scope="module")
def window(tmp_path_factory):
    with scryptic_window(tmp_path_factory, "fast") as win:
        yield win


def key(win, symbol: int, modifiers: int = 0) -> None:
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)
    win.dispatch_events()
    pump(win)


def frame_image(win) -> np.ndarray:
    pump(win)
    return np.asarray(arcade.get_image(0, 0, win.width, win.height).convert("RGB"), dtype=np.int16)


def region(img: np.ndarray, left: float, bottom: float, width: float, height: float) -> np.ndarray:
    """Pixels of a screen rectangle (y up) in the image (y down)."""
    h = img.shape[0]
    return img[max(0, int(h - bottom - height)):int(h - bottom), max(0, int(left)):int(left + width)]


def pump_until(win, condition, timeout: float = 20.0, what: str = "") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump(win)
        if condition():
            return
    pytest.fail(f"timed out waiting for {what or condition}")


def local_game(win, map_name: str = "cinder-ford", rules: str = "standard", seed: int = 11, *, human=GOLD,
               level: int = 1):
    from client.session import LocalSession, Seat
    from client.views.game import GameView
    from shared.maps.files import load_map

    seats = {human: Seat(human, "You", True), human.other: Seat(human.other, "CPU", False, level)}
    session = LocalSession.new(load_map(map_name), rules, win.lexicon, seed=seed, gold=seats[GOLD],
                               silver=seats[SILVER])
    session.paused = True
    view = GameView(session)
    win.show_view(view)
    pump(win, 2)
    return view


def defence_game(win):
    """Gold (the computer) is about to make CATS, which attacks silver's ON and TO: two defenders,
    so silver (the player) must order the defence."""
    from client.session import LocalSession, Seat
    from client.views.game import GameView
    from shared.tools.ascii import position

    terrain = "\n".join([". " * 14] * 4 + [". . . . . . . . . . . . . .", ". . . . . . . . . . . . . .",
                                           ". . . G . . . S . . . . . ."] + [". " * 14] * 3)
    letters = "\n".join([". " * 14] * 5 + [". . . . . . . T O . . . . .", ". . . c a t . O N . . . . ."]
                        + [". " * 14] * 3)
    game = position(terrain, letters, win.lexicon, racks={GOLD: "s", SILVER: "eat"})
    seats = {GOLD: Seat(GOLD, "Computer", False, 1), SILVER: Seat(SILVER, "You", True)}
    session = LocalSession(game, seats, title="Skirmish")
    session.paused = True
    view = GameView(session)
    win.show_view(view)
    pump(win, 2)
    return view, session


def first_word(game, player, lexicon):
    """(word, cells, direction) of a first word over the player's city from their rack."""
    from itertools import permutations

    from shared.rules.actions import Commit
    from shared.rules.errors import RuleError

    city = next(c for c, o in game.board.city_owner.items() if o == player)
    rack = game.racks[player]
    for n in (4, 3, 2):
        for letters in dict.fromkeys(permutations(rack, n)):
            word = "".join(letters)
            if word not in lexicon:
                continue
            for i in range(n):
                for direction, dr, dc in (("across", 0, 1), ("down", 1, 0)):
                    cells = [(city[0] + dr * (k - i), city[1] + dc * (k - i)) for k in range(n)]
                    try:
                        game.plan_commit(Commit(player, tuple((r, c, ch) for (r, c), ch in zip(cells, word))))
                    except RuleError:
                        continue
                    return word, cells, direction
    return None


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
    assert any("falls to" in line for line, _ in view.log)
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
    from client.replay import ReplaySession
    from client.views.dialogs import PauseMenu
    from client.views.game import GameView
    from shared.rules.actions import EndTurn
    from shared.rules.game import Game
    from shared.maps.files import load_map
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
    from client.views.online import OnlineView

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
    from client.views.settings_view import SettingsView

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
    from client.settings import load_settings
    from client.views.setup import SkirmishSetupView

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

    from shared.rules.actions import EndTurn
    from shared.ai import LEVELS

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
    from client.views.help_overlay import HelpOverlay

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
    from client import savegame
    from client.views.game import GameView
    from client.views.menu import MainMenuView

    savegame.forget()
    view = local_game(window, seed=8)
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
    resumed = window.current_view
    assert isinstance(resumed, GameView) and resumed is not view
    assert resumed.session.game.turn == turn and resumed.session.game.racks[GOLD] == rack
    resumed.session.paused = True
    resumed.session.close()
    savegame.forget()
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
    view.rng = random.Random(1)
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
