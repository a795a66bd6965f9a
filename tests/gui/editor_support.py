"""What the map editor's GUI tests share: their window, a fresh data folder per test, the
editor open on a sample map, and mouse, keyboard and screenshot helpers.
Set SCRYPTIC_EDITOR_SHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import os
from pathlib import Path

import arcade
import numpy as np
import pytest
from gui_support import click as press_release
from gui_support import click_widget, pump, scryptic_window

from shared.maps.files import resolve_map_path

LEFT = arcade.MOUSE_BUTTON_LEFT
RIGHT = arcade.MOUSE_BUTTON_RIGHT


@pytest.fixture(scope="module")
def window(tmp_path_factory):
    """One ScrypticWindow for the module (settings in a temporary folder)."""
    with scryptic_window(tmp_path_factory, "instant", persist=False) as win:
        yield win


def click_cell(win, view, cell, button: int = LEFT) -> None:
    x, y = view.board.cell_to_screen(cell)
    press_release(win, x, y, button)


def drag_cells(win, view, start, end, steps: int = 8) -> None:
    x0, y0 = view.board.cell_to_screen(start)
    x1, y1 = view.board.cell_to_screen(end)
    win.dispatch_event("on_mouse_motion", x0, y0, 0, 0)
    win.dispatch_event("on_mouse_press", x0, y0, LEFT, 0)
    for i in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        win.dispatch_event("on_mouse_drag", x, y, (x1 - x0) / steps, (y1 - y0) / steps, LEFT, 0)
    win.dispatch_events()
    pump(win)
    win.dispatch_event("on_mouse_release", x1, y1, LEFT, 0)
    win.dispatch_events()
    pump(win)


def key(win, symbol: int, modifiers: int = 0) -> None:
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)
    win.dispatch_events()
    pump(win)


def type_into(win, field, text: str) -> None:
    """Click a text field, clear it and type ``text`` as keyboard input."""
    field.value = ""
    click_widget(win, field.input)
    assert field.input.active, "the field takes the keyboard after a click"
    win.dispatch_event("on_text", text)
    win.dispatch_events()
    pump(win)
    assert field.value == text


def palette(view, name: str):
    if name.startswith("paint-"):
        return view.palette.swatches[name.removeprefix("paint-")]
    return view.palette.buttons[name]


def frame(win, name: str | None = None) -> np.ndarray:
    pump(win)
    image = arcade.get_image(0, 0, win.width, win.height)
    shots = os.environ.get("SCRYPTIC_EDITOR_SHOTS")
    if shots and name:
        Path(shots).mkdir(parents=True, exist_ok=True)
        image.save(Path(shots) / f"{name}.png")
    return np.asarray(image.convert("RGB"), dtype=np.int16)


def pixel_at(img: np.ndarray, win, x: float, y: float) -> np.ndarray:
    return img[int(win.height - y), int(x)]


def region(img: np.ndarray, rect, win) -> np.ndarray:
    return img[int(win.height - rect.top):int(win.height - rect.bottom), int(rect.left):int(rect.right)]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """The player's data folder (their maps folder is in it): a fresh temporary one per test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SCRYPTIC_DATA_DIR", str(folder))
    return folder


SAMPLE = Path(__file__).with_name("editor_sample.map")
"""The map these tests edit: Hollowmere as it first shipped, kept here so that redesigning the
shipped maps never changes what these tests paint on."""


@pytest.fixture
def editor(window, tmp_path):
    """The editor on a copy of the sample map, opened from the main menu."""
    from client.editor.view import EditorView
    from client.views.menus.main import MainMenuView

    window.navigator.go_menu()
    pump(window, 2)
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    click_widget(window, menu.buttons["editor"])
    view = window.current_view
    assert isinstance(view, EditorView)
    pump(window, 2)
    sample = tmp_path / "hollowmere.map"
    sample.write_bytes(SAMPLE.read_bytes())
    assert view.open_path(sample)
    pump(window, 2)
    return view


def open_shipped(window, view, name: str = "hollowmere") -> None:
    """Open a map that comes with the game (for what the editor does with those)."""
    assert view.open_path(resolve_map_path(name))
    pump(window, 2)
