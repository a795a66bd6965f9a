"""The game screen's own sounds and its small map, in a real window (Xvfb), driven by events.

Sounds: a letter set down on the board (typed, dropped or clicked into place) asks for
``place``; the player's own clock running low asks for ``clock`` ticks. There is no audio
device under Xvfb, so a stand-in output records what the sound player starts (the requests,
at the player's volume), as in test_settings_sound.py.

The small map of a large board: Ctrl+M hides and shows it (the keys overlay lists it), and it
fades to an outline, letting the cells under it take the clicks, while the typing cursor or a
letter being laid lies under it.
"""

from __future__ import annotations

import itertools
import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
import numpy as np
from gui_support import click, pump

from client import audio
from shared.rules.terrain import Player


class Speaker:
    """Stands in for the audio device: records the sounds started and their volumes."""

    def __init__(self) -> None:
        self.heard: list[str] = []

    def load(self, name: str, data: bytes) -> str:
        return name

    def play(self, source: str, volume: float) -> None:
        assert volume > 0
        self.heard.append(source)


@pytest.fixture
def speaker(monkeypatch):
    player = audio.player()
    speaker = Speaker()
    monkeypatch.setattr(player, "opened", True)
    monkeypatch.setattr(player, "output", speaker)
    monkeypatch.setattr(player, "sources", {})
    monkeypatch.setattr(player, "last_started", {})
    # A clock that moves a second a call, so two sounds in a row are never taken for one.
    monkeypatch.setattr(player, "clock", itertools.count().__next__)
    return speaker


def key(win, symbol: int, modifiers: int = 0) -> None:
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)
    win.dispatch_events()
    pump(win)


def local_game(win, map_name: str = "cinder-ford"):
    from client.play.session import LocalSession, Seat
    from client.views.game.view import GameView
    from shared.maps.files import load_map

    session = LocalSession.new(load_map(map_name), "standard", win.lexicon, seed=11,
                               gold=Seat(Player.GOLD, "You", True), silver=Seat(Player.SILVER, "CPU", False, 1))
    session.paused = True
    view = GameView(session)
    win.show_view(view)
    pump(win, 2)
    assert view.my_turn
    return view


def image(win) -> np.ndarray:
    pump(win)
    return np.asarray(arcade.get_image(0, 0, win.width, win.height).convert("RGB"), dtype=np.int16)


# ---------------------------------------------------------------- sounds


def test_a_letter_set_down_sounds_whether_typed_dropped_or_clicked(window, speaker):
    view = local_game(window)
    planner = view.planner
    city = next(c for c, o in view.display.cities.items() if o == Player.GOLD)
    click(window, *view.board.cell_to_screen(city))
    assert speaker.heard == [], "setting the cursor is silent"
    key(window, getattr(arcade.key, planner.rack[0].upper()))
    assert len(planner.placed) == 1 and speaker.heard == ["place"], "typed"
    missing = next(ch for ch in "zqxjkvwy" if ch not in planner.rack)
    key(window, getattr(arcade.key, missing.upper()))
    assert len(planner.placed) == 1 and speaker.heard == ["place"], "a letter not on the rack makes no sound"
    # Dropped: a coin dragged from the rack onto the board.
    sx, sy = view.layout.slot_centre(0)
    target = (city[0] - 3, city[1])
    tx, ty = view.board.cell_to_screen(target)
    window.dispatch_event("on_mouse_press", sx, sy, arcade.MOUSE_BUTTON_LEFT, 0)
    for k in range(1, 6):
        window.dispatch_event("on_mouse_drag", sx + (tx - sx) * k / 5, sy + (ty - sy) * k / 5, 1, 1,
                              arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", tx, ty, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_events()
    pump(window)
    assert target in planner.placed and speaker.heard == ["place", "place"], "dropped"
    # Clicked into place: a rack coin picked with a click, then a cell clicked.
    click(window, *view.layout.slot_centre(0))
    assert view.armed_rack_index == 0
    other = (city[0] - 4, city[1])
    click(window, *view.board.cell_to_screen(other))
    assert other in planner.placed and speaker.heard == ["place"] * 3, "clicked"
    # Taking letters back is silent.
    key(window, arcade.key.ESCAPE)
    assert planner.placed == {} and speaker.heard == ["place"] * 3
    view.leave()


def test_the_clock_ticks_as_the_players_own_clock_runs_low(window, speaker):
    view = local_game(window)
    left = {1: 35.0, 2: 12.0}
    view.session.clock_left = lambda: dict(left)

    def run(gold: float) -> list[str]:
        before = len(speaker.heard)
        left[1] = gold
        pump(window)
        return speaker.heard[before:]

    assert run(34.0) == [], "the opponent's clock is low, ours is not: silence"
    assert run(30.5) == []
    assert run(29.8) == ["clock"], "passing 30 s ticks once"
    assert run(29.0) == []
    assert run(19.5) == ["clock"], "and 20 s"
    assert run(10.6) == []
    assert run(9.9) == ["clock"], "then every second under 10"
    assert run(8.9) == ["clock"]
    # When the other side is to act our clock is still, and it is silent.
    view.current_actor = lambda: Player.SILVER
    assert run(7.5) == [] and run(6.5) == []
    del view.current_actor
    assert run(5.5) == [], "a clock seen again starts afresh, without a tick"
    assert run(4.9) == ["clock"]
    view.leave()


# ---------------------------------------------------------------- the small map


def test_the_small_map_hides_with_ctrl_m_and_fades_over_the_cursor(window):
    from client.views.game.help_overlay import HelpOverlay
    from client.views.game.keymap import KEYS

    view = local_game(window, "pewter-marches")
    board, small = view.board, view.board.minimap
    assert small.shown, "a 40x30 board does not fit: the small map shows"
    r = small.rect
    cx, cy = r.center
    assert board.cell_at(cx, cy) is None, "the small map takes clicks on it"
    with_map = image(window)
    key(window, arcade.key.M, arcade.key.MOD_CTRL)
    assert not small.shown and board.cell_at(cx, cy) is not None
    without = image(window)
    inside = (slice(int(window.height - r.top), int(window.height - r.bottom)), slice(int(r.left), int(r.right)))
    assert np.abs(with_map[inside] - without[inside]).mean() > 20, "the board shows where the map was"
    key(window, arcade.key.M, arcade.key.MOD_CTRL)
    assert small.shown
    # The typing cursor walks under the small map: it fades and the board takes the clicks.
    start = board.cell_at(r.left - board.cell_pixels * 1.5, cy)
    assert start is not None
    click(window, *board.cell_to_screen(start))
    assert view.planner.cursor == start and not small.faded()
    for _ in range(6):
        key(window, arcade.key.RIGHT)
        if small.faded():
            break
    cursor = view.planner.cursor
    assert small.faded(), f"the cursor at {cursor} is under the small map"
    x, y = board.cell_to_screen(cursor)
    assert board.cell_at(x, y) == cursor
    faded = image(window)
    if os.environ.get("SCRYPTIC_TUTORIAL_SHOTS"):
        arcade.get_image(0, 0, window.width, window.height).save(
            os.path.join(os.environ["SCRYPTIC_TUTORIAL_SHOTS"], "minimap-faded.png"))
    assert np.abs(faded[inside] - with_map[inside]).mean() > 20, "the cells under it show"
    # A letter laid there keeps it faded after the cursor moves on; taking it back restores it.
    letter = view.planner.rack[0]
    key(window, getattr(arcade.key, letter.upper()))
    assert cursor in view.planner.placed
    for _ in range(8):
        key(window, arcade.key.LEFT)
    assert small.faded()
    key(window, arcade.key.ESCAPE)
    assert view.planner.placed == {}
    for _ in range(3):
        key(window, arcade.key.LEFT)
    assert not small.faded() and small.contains(cx, cy)
    # The keys overlay lists Ctrl+M.
    assert any(keys == "Ctrl+M" for _, rows in KEYS for keys, _what in rows)
    key(window, arcade.key.F1)
    assert isinstance(view.dialog, HelpOverlay)
    texts = [getattr(w, "text", "") for w in view.dialog.ui.walk_widgets()]
    assert "Ctrl+M" in texts and "hide or show the small map" in texts
    key(window, arcade.key.ESCAPE)
    view.leave()
