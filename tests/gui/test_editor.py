"""The map editor in a real window (Xvfb + Mesa), driven by dispatched mouse and key events.

Menu -> editor; painting with the brush, fill, line and rectangle; cities; symmetry; undo and
redo by keys; Save as and Open through the file dialogs (typing the path); saving an
unplayable map refused; the unsaved-changes prompt; "Play this map" and back. Screenshots are
checked: not blank, and the board's stones where the map says they are.
Set SCRYPTIC_EDITOR_SHOTS to a folder to keep the screenshots.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
import numpy as np
from gui_support import click as press_release
from gui_support import click_widget, pump, scryptic_window

from shared.maps.check import check_map, detect_symmetry
from shared.maps.files import load_map, resolve_map_path, shipped_maps
from shared.maps.format import grid_rows

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
    from client.views.menu import MainMenuView

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


def test_the_board_is_drawn_where_the_map_says(window, editor):
    view = editor
    img = frame(window, "editor-hollowmere")
    assert img.std() > 30, "the screen is not blank"
    assert region(img, view.layout.board, window).std() > 30, "the board is drawn"
    assert region(img, view.layout.palette, window).std() > 15, "the palette is drawn"
    # Hollowmere: (12, 12) is the mere (water, lapis blue), (12, 0) plains (honey onyx),
    # (0, 0) mountains (tiger's eye, dark brown), (12, 2) gold's city (a gold plate).
    water = pixel_at(img, window, *view.board.cell_to_screen((12, 12)))
    plains = pixel_at(img, window, *view.board.cell_to_screen((12, 0)))
    assert water[2] > water[0] + 40, f"water is blue, got {water}"
    assert plains[0] > plains[2] + 40 and plains.sum() > 400, f"plains are light honey, got {plains}"
    # The fit: the whole board and its brass frame are inside the board area.
    left, top = view.board.cell_to_screen((0, 0))
    right, bottom = view.board.cell_to_screen((24, 24))
    area = view.layout.board
    assert area.left < left < right < area.right and area.bottom < bottom < top < area.top
    assert view.doc.symmetry == "mirror-x", "the map's own symmetry is turned on"
    assert view.findings == check_map(load_map(SAMPLE)), "the checks panel shows the checker's findings"
    assert not [f for f in view.findings if f.level == "error"]
    assert view.report is not None and view.report.symmetry == "mirror-x"


def test_paint_fill_line_rectangle_symmetry_and_undo(window, editor):
    view = editor
    doc = view.doc
    before = doc.rows
    # Brush 3x3 with the left-right mirror on: the stroke is painted on both sides.
    click_widget(window, palette(view, "paint-x"))
    click_widget(window, palette(view, "brush-3"))
    drag_cells(window, view, (3, 3), (3, 6))
    assert all(doc.at((r, c)) == "x" for r in (2, 3, 4) for c in range(2, 8))
    assert all(doc.at((r, 24 - c)) == "x" for r in (2, 3, 4) for c in range(2, 8)), "mirrored"
    assert detect_symmetry(doc.to_game_map()) == "mirror-x"
    assert doc.dirty and doc.history.undo_label == "Brush"
    img = frame(window, "editor-brush-mirror")
    lava = pixel_at(img, window, *view.board.cell_to_screen((3, 21)))
    assert lava[0] > lava[2] + 60 and lava[0] > lava[1] + 40, f"the mirrored lava is red, got {lava}"
    # Undo by key takes the whole stroke (and its mirror) back; redo brings it again.
    key(window, arcade.key.Z, arcade.key.MOD_CTRL)
    assert doc.rows == before and not doc.dirty
    key(window, arcade.key.Y, arcade.key.MOD_CTRL)
    assert doc.at((3, 21)) == "x"
    key(window, arcade.key.Z, arcade.key.MOD_CTRL)

    # Fill (key F, paint 3 = water) a forest region, with symmetry off (button).
    click_widget(window, palette(view, "symmetry-off"))
    assert doc.symmetry is None
    key(window, arcade.key.F)
    key(window, arcade.key.KEY_3)
    assert view.tools.tool.value == "fill" and view.tools.paint == "~"
    forest = doc.at((5, 0))
    assert forest == "f"
    click_cell(window, view, (5, 0))
    assert doc.at((5, 0)) == "~" and doc.at((4, 0)) == "~" and doc.at((5, 24)) == "f"
    assert detect_symmetry(doc.to_game_map()) is None
    # Line tool with a half-turn: a straight river and its rotated twin.
    click_widget(window, palette(view, "symmetry-rot180"))
    click_widget(window, palette(view, "tool-line"))
    click_widget(window, palette(view, "brush-1"))
    click_widget(window, palette(view, "paint-*"))
    drag_cells(window, view, (20, 1), (20, 8))
    assert doc.rows[20][1:9] == "********" and doc.rows[4][16:24] == "********"
    # Rectangle by key R with paint 4 (mountains).
    key(window, arcade.key.R)
    key(window, arcade.key.KEY_4)
    drag_cells(window, view, (15, 10), (16, 14))
    assert doc.rows[15][10:15] == "^^^^^" and doc.rows[16][10:15] == "^^^^^"
    assert doc.rows[9][10:15] == "^^^^^" and doc.rows[8][10:15] == "^^^^^", "rotated twin"
    # Right-click picks (eyedropper) the terrain under the mouse.
    click_cell(window, view, (12, 12), RIGHT)
    assert view.tools.paint == "~"
    labels = []
    while doc.history.can_undo:
        labels.append(doc.history.undo_label)
        key(window, arcade.key.Z, arcade.key.MOD_CTRL)
    assert labels == ["Rectangle", "Line", "Fill"]
    assert doc.rows == before and not doc.dirty
    frame(window, "editor-undone")


def test_cities_are_placed_moved_and_removed_with_the_mouse(window, editor):
    view = editor
    doc = view.doc
    click_widget(window, palette(view, "symmetry-rot180"))
    click_widget(window, palette(view, "paint-P"))
    assert view.tools.tool.value == "city"
    click_cell(window, view, (2, 4))
    assert doc.at((2, 4)) == "P" and doc.at((22, 20)) == "P"
    # With symmetry off, drag gold's city two cells down: it moves alone.
    click_widget(window, palette(view, "symmetry-off"))
    drag_cells(window, view, (12, 2), (14, 2))
    assert doc.at((12, 2)) == "." and doc.at((14, 2)) == "G"
    # Click a city with the gold paint chosen: it becomes gold.
    click_widget(window, palette(view, "paint-G"))
    click_cell(window, view, (2, 4))
    assert doc.at((2, 4)) == "G"
    assert any(f.code == "city-count" for f in view.doc.findings())
    pump(window, 2)
    assert any(f.code == "city-count" for f in view.findings), "the checks panel follows the map"
    # Hovering a finding in the panel outlines its cells on the board.
    row = next(r for r in view.side.rows if r.finding.code == "city-count")
    edge_x, edge_y = view.board.cell_to_screen((14, 2))
    edge_x -= view.board.cell_pixels / 2  # the outline sits on the cell's border
    before = pixel_at(frame(window), window, edge_x, edge_y)
    window.dispatch_event("on_mouse_motion", view.side.content.left + 60, (row.bottom + row.top) / 2, 0, 0)
    window.dispatch_events()
    assert view.side.hovered is row.finding and (14, 2) in row.finding.cells
    after = pixel_at(frame(window, "editor-finding-hovered"), window, edge_x, edge_y)
    assert np.abs(after - before).sum() > 60, f"the outline is drawn: {before} -> {after}"
    click_widget(window, view.side.buttons["tab-fairness"])
    img = frame(window, "editor-fairness")
    assert region(img, view.side.content, window).std() > 10
    click_widget(window, view.side.buttons["tab-checks"])
    # Right-click removes.
    click_cell(window, view, (2, 4), RIGHT)
    assert doc.at((2, 4)) == "."
    # Moving onto another city is refused with a message, not a crash.
    drag_cells(window, view, (14, 2), (12, 22))
    assert doc.at((14, 2)) == "G" and doc.at((12, 22)) == "S"
    assert view.toast and "already a city" in view.toast


def test_save_as_and_open_through_the_file_dialogs(window, editor, tmp_path):
    from client.editor.dialogs import ChoiceDialog
    from client.editor.file_dialog import FileDialog

    view = editor
    doc = view.doc
    click_widget(window, palette(view, "symmetry-off"))
    click_widget(window, palette(view, "tool-brush"))
    click_widget(window, palette(view, "paint-^"))
    click_cell(window, view, (24, 12))
    click_widget(window, view.side.buttons["details"])
    # The name field has the keyboard, its text selected: typing replaces it.
    window.dispatch_event("on_text", "Hollowmere Peak")
    window.dispatch_events()
    assert view.dialog.name_field.value == "Hollowmere Peak"
    click_widget(window, view.dialog.buttons["ok"])
    assert doc.name == "Hollowmere Peak" and view.dialog is None

    click_widget(window, view.side.buttons["save-as"])
    dialog = view.dialog
    assert isinstance(dialog, FileDialog) and dialog.mode == "save"
    pump(window, 2)
    frame(window, "editor-save-dialog")
    target = tmp_path / "peak.map"
    type_into(window, dialog.path_field, str(tmp_path / "peak"))  # .map is added
    key(window, arcade.key.ENTER)
    assert view.dialog is None, view.dialog and view.dialog.error.text
    assert target.exists() and doc.path == target and not doc.dirty
    saved = load_map(target)
    assert saved.name == "Hollowmere Peak" and saved.terrain[24][12].value == "mountains"

    # Change it, then open the saved file: the unsaved-changes prompt comes first.
    click_cell(window, view, (24, 11))
    assert doc.dirty
    click_widget(window, view.side.buttons["open"])
    assert isinstance(view.dialog, ChoiceDialog)
    frame(window, "editor-unsaved-prompt")
    click_widget(window, view.dialog.buttons["discard"])
    dialog = view.dialog
    assert isinstance(dialog, FileDialog) and dialog.mode == "open"
    type_into(window, dialog.path_field, str(tmp_path / "missing.map"))
    click_widget(window, dialog.buttons["ok"])
    assert view.dialog is dialog and "no map file" in dialog.error.text
    type_into(window, dialog.path_field, str(target))
    click_widget(window, dialog.buttons["ok"])
    assert view.dialog is None and view.doc is not doc
    assert view.doc.rows == tuple(grid_rows(saved))
    assert view.doc.path == target and not view.doc.dirty
    # Saving again writes the same bytes.
    text = target.read_text()
    key(window, arcade.key.S, arcade.key.MOD_CTRL)
    assert target.read_text() == text
    # Listed maps open with one click: the player's own first, then those that come with the game.
    click_widget(window, view.side.buttons["open"])
    pump(window, 2)
    entries = view.dialog.entries
    assert all("comes with the game" in e.caption for e in entries) and len(entries) == len(shipped_maps())
    assert view.dialog.find("map-0").text == entries[0].caption
    click_widget(window, view.dialog.find("map-0"))
    assert view.doc.path.resolve() == shipped_maps()[0].resolve() and view.dialog is None


def test_saving_an_unplayable_map_is_refused_with_the_reason(window, editor, tmp_path):
    from client.editor.dialogs import MessageDialog

    view = editor
    target = tmp_path / "copy.map"
    view.doc.save(target)
    text = target.read_text()
    view.doc.remove_city((12, 2))  # gold's only city (and silver's, with the mirror on)
    pump(window, 2)
    assert not view.doc.playable
    key(window, arcade.key.S, arcade.key.MOD_CTRL)
    assert isinstance(view.dialog, MessageDialog)
    assert any("gold has no city" in line.lower() for line in view.dialog.lines)
    img = frame(window, "editor-save-refused")
    assert img.std() > 20
    assert target.read_text() == text, "nothing was written"
    key(window, arcade.key.ESCAPE)
    assert view.dialog is None
    # The errors are listed in the panel and the board is still there.
    assert [f.code for f in view.findings] == ["no-city", "no-city"]


def test_new_map_generate_and_resize_dialogs(window, editor):
    view = editor
    view.doc.history.mark_saved()
    click_widget(window, view.side.buttons["new"])
    dialog = view.dialog
    type_into(window, dialog.width_field, "12")
    type_into(window, dialog.height_field, "3")
    click_widget(window, dialog.buttons["ok"])
    assert view.dialog is dialog and "height must be a whole number from 7 to 64" in dialog.error.text
    type_into(window, dialog.height_field, "9")
    click_widget(window, dialog.find("base-next"))  # plains -> forest
    click_widget(window, dialog.buttons["ok"])
    assert view.dialog is None and (view.doc.width, view.doc.height) == (12, 9)
    assert set("".join(view.doc.rows)) == {"f"}
    assert [f.code for f in view.findings] == ["no-city", "no-city"]
    frame(window, "editor-new-map")

    key(window, arcade.key.G, arcade.key.MOD_CTRL)
    dialog = view.dialog
    type_into(window, dialog.width_field, "21")
    type_into(window, dialog.height_field, "15")
    type_into(window, dialog.seed_field, "77")
    click_widget(window, dialog.buttons["ok"])
    assert view.dialog is None and view.doc.playable and view.doc.dirty
    assert view.doc.symmetry == "rot180"
    first = view.doc.rows
    pump(window, 2)
    frame(window, "editor-generated")

    click_widget(window, view.side.buttons["resize"])
    dialog = view.dialog
    type_into(window, dialog.width_field, "25")
    click_widget(window, dialog.buttons["ok"])
    assert (view.doc.width, view.doc.height) == (25, 15) and view.doc.rows[0][2:23] == first[0]
    key(window, arcade.key.Z, arcade.key.MOD_CTRL)
    assert view.doc.rows == first
    pump(window, 2)
    img = frame(window)
    left, _ = view.board.cell_to_screen((0, 0))
    right, _ = view.board.cell_to_screen((0, 20))
    assert view.layout.board.left < left < right < view.layout.board.right, "the board is refitted"
    assert img.std() > 20


def test_play_this_map_and_come_back(window, editor):
    from client.editor.view import EditorView
    from client.views.game import GameView

    view = editor
    doc = view.doc
    doc.paint([(0, 0)], "x")
    click_widget(window, view.play_button)
    click_widget(window, view.dialog.buttons["ok"])
    game_view = window.current_view
    assert isinstance(game_view, GameView)
    assert game_view.session.game.map == doc.to_game_map()
    pump(window, 4)
    img = frame(window, "editor-play-this-map")
    lava = pixel_at(img, window, *game_view.board.cell_to_screen((0, 0)))
    assert lava[0] > lava[2] + 60, f"the game shows the edited map (lava in the corner), got {lava}"
    game_view.session.paused = True
    game_view.leave()
    assert window.current_view is view and isinstance(view, EditorView)
    assert view.doc is doc and doc.at((0, 0)) == "x", "the edits are still there"


def test_closing_the_window_with_unsaved_changes_asks_first(window, editor):
    from client.editor.dialogs import ChoiceDialog

    view = editor
    view.doc.paint([(0, 0)], "x")
    window.dispatch_event("on_close")
    window.dispatch_events()
    pump(window)
    assert isinstance(view.dialog, ChoiceDialog) and "quit" in view.dialog.message
    click_widget(window, view.dialog.buttons["cancel"])
    assert view.dialog is None and window.current_view is view
    key(window, arcade.key.ESCAPE)  # Escape: back to the menu, asking first
    assert isinstance(view.dialog, ChoiceDialog)
    click_widget(window, view.dialog.buttons["discard"])
    from client.views.menu import MainMenuView

    assert isinstance(window.current_view, MainMenuView)


# ---------------------------------------------------------------- issue 16: the editor's fixes


def test_the_status_line_stays_between_the_panels_and_its_texts_never_overlap(window, editor):
    from client.editor.chrome import GAP, draw_status
    from client.editor.layout import editor_layout

    view = editor
    lay = view.layout
    status = lay.status
    # The line runs under the board only: clear of the palette and the side panel.
    assert status.left >= lay.palette.right and status.right <= lay.side.left
    assert status.top <= lay.board.bottom
    click_widget(window, palette(view, "tool-city"))  # the longest tool hint

    def hover(x: float, y: float) -> None:
        window.dispatch_event("on_mouse_motion", x, y, 0, 0)
        window.dispatch_events()

    # Over the board: the cell and its terrain on the left, the whole hint on the right.
    hover(*view.board.cell_to_screen((3, 3)))
    left, right = draw_status(view)
    assert left.text == "row 4 col 4   plains"
    assert right.text == "Cities: click places, drag moves, right-click removes"
    assert status.left <= left.left and left.right + GAP <= right.left and right.right <= status.right
    # Over the Cities button: its help on the left; the hint, shortened, keeps its distance.
    hover(*palette(view, "tool-city").rect.center)
    left, right = draw_status(view)
    assert left.text == "Cities: place, set the owner, move, remove   (key C)"
    assert right.text.startswith("Cities: click places") and right.text.endswith("\N{HORIZONTAL ELLIPSIS}")
    assert left.right + GAP <= right.left and right.right <= status.right
    frame(window, "editor-status-line")
    # The longest help: the hint is left out rather than drawn over it, here and in the smallest window.
    for width, height in ((1280, 800), (1200, 720)):
        view.layout = editor_layout(width, height)
        hover(*palette(view, "symmetry-rot180").rect.center)
        left, right = draw_status(view)
        assert left.text.startswith("Symmetry: a stroke paints its mirror too") and right is None
        assert left.right <= view.layout.status.right - 14
    view.layout = lay


def test_save_as_starts_in_the_players_maps_folder_not_the_install_folder(window, editor, data_dir):
    from client.editor.file_dialog import FileDialog, display_path

    view = editor
    open_shipped(window, view)
    shipped = view.doc.path
    before = shipped.read_bytes()
    assert not (data_dir / "maps").exists(), "made on demand"
    click_cell(window, view, (0, 0))  # a change
    # Ctrl+S on a map that comes with the game does not write over it: it asks where, in the maps folder.
    key(window, arcade.key.S, arcade.key.MOD_CTRL)
    dialog = view.dialog
    assert isinstance(dialog, FileDialog) and dialog.mode == "save"
    assert dialog.path_field.value == display_path(data_dir / "maps" / "hollowmere.map")
    assert (data_dir / "maps").is_dir()
    pump(window, 2)
    frame(window, "editor-save-as-in-maps-folder")
    key(window, arcade.key.ENTER)
    assert view.dialog is None and view.doc.path == data_dir / "maps" / "hollowmere.map"
    assert shipped.read_bytes() == before, "the shipped map is untouched"
    assert load_map(data_dir / "maps" / "hollowmere.map").terrain[0][0].value == "forest"
    # Now that it is the player's own file, Save as starts at it, and Open lists it first.
    key(window, arcade.key.S, arcade.key.MOD_CTRL | arcade.key.MOD_SHIFT)
    assert view.dialog.path_field.value == display_path(data_dir / "maps" / "hollowmere.map")
    key(window, arcade.key.ESCAPE)
    click_widget(window, view.side.buttons["open"])
    assert view.dialog.entries[0].path == data_dir / "maps" / "hollowmere.map"
    key(window, arcade.key.ESCAPE)
    # A new map is proposed in the maps folder under its own name.
    view.doc.history.mark_saved()
    key(window, arcade.key.G, arcade.key.MOD_CTRL)
    type_into(window, view.dialog.name_field, "Twin Peaks")
    click_widget(window, view.dialog.buttons["ok"])
    key(window, arcade.key.S, arcade.key.MOD_CTRL)
    assert view.dialog.path_field.value == display_path(data_dir / "maps" / "twin-peaks.map")


def test_export_to_tiled_and_import_back_through_the_menu(window, editor, data_dir, tmp_path):
    from client.editor.dialogs import ChoiceDialog
    from client.editor.file_dialog import FileDialog, display_path
    from shared.maps.tiled_export import TILESET_IMAGE

    view = editor
    open_shipped(window, view)
    original = view.doc.to_game_map()
    click_widget(window, view.side.buttons["export-tiled"])
    dialog = view.dialog
    assert isinstance(dialog, FileDialog) and dialog.mode == "export"
    assert dialog.path_field.value == display_path(data_dir / "maps" / "hollowmere.tmj")
    pump(window, 2)
    frame(window, "editor-export-tiled")
    target = tmp_path / "tiled" / "hm"
    type_into(window, dialog.path_field, str(target))  # .tmj is added
    key(window, arcade.key.ENTER)
    assert view.dialog is None and "Exported" in view.toast
    assert (tmp_path / "tiled" / "hm.tmj").is_file() and (tmp_path / "tiled" / TILESET_IMAGE).is_file()
    assert view.doc.path.name == "hollowmere.map" and not view.doc.dirty, "an export is a copy"

    # Import it back (Ctrl+Shift+O): the same map, not yet saved as a .map.
    key(window, arcade.key.O, arcade.key.MOD_CTRL | arcade.key.MOD_SHIFT)
    dialog = view.dialog
    assert isinstance(dialog, FileDialog) and dialog.mode == "import"
    type_into(window, dialog.path_field, str(tmp_path / "tiled" / "hm.tmj"))
    click_widget(window, dialog.buttons["ok"])
    assert view.dialog is None and view.doc.to_game_map() == original
    assert view.doc.path is None and view.doc.dirty
    assert view.doc.symmetry == detect_symmetry(original), "its symmetry is found as for any map"
    frame(window, "editor-imported-from-tiled")

    # A file that is not a Tiled map: a clear message in the dialog, and the map being edited is kept.
    doc, rows = view.doc, view.doc.rows
    bad = tmp_path / "tiled" / "bad.tmj"
    bad.write_text('{"type": "map", "width": 5, "height": 30, "layers": [], "tilesets": []}')
    click_widget(window, view.side.buttons["import-tiled"])
    assert isinstance(view.dialog, ChoiceDialog), "the imported map is not saved: asked first"
    click_widget(window, view.dialog.buttons["discard"])
    dialog = view.dialog
    type_into(window, dialog.path_field, str(bad))
    key(window, arcade.key.ENTER)
    assert view.dialog is dialog
    assert "the map is 5 tiles wide; Scryptic boards are 7 to 64 tiles a side" in dialog.error.text
    pump(window, 2)
    frame(window, "editor-import-error")
    key(window, arcade.key.ESCAPE)
    assert view.doc is doc and view.doc.rows == rows
