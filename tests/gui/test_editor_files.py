"""The map editor's files and dialogs in a real window (Xvfb + Mesa), driven by dispatched
mouse and key events: Save as and Open through the file dialogs (typing the path), in the
player's maps folder; an unplayable map saved only as a draft; the new map, generate and
resize dialogs; the unsaved-changes prompt; "Play this map" and back; export to Tiled and
back; a map saved in the editor played in a skirmish.
"""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from editor_support import data_dir, editor, window  # noqa: F401 (fixtures)
from editor_support import click_cell, frame, key, open_shipped, palette, pixel_at, region, type_into
from gui_support import click_widget, pump

from shared.maps.check import detect_symmetry
from shared.maps.files import load_map, shipped_maps
from shared.maps.format import grid_rows


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


def test_an_unplayable_map_is_saved_only_as_a_draft_when_the_player_says_so(window, editor, tmp_path):
    from client.editor.dialogs import ChoiceDialog
    from client.views.menus.setup import map_choices
    from shared.maps.format import MapError

    view = editor
    target = tmp_path / "copy.map"
    view.doc.save(target)
    view.open_path(target)
    text = target.read_text()
    view.doc.city_ops.remove_city((12, 2))  # gold's only city (and silver's, with the mirror on)
    pump(window, 2)
    assert not view.doc.checks.playable
    key(window, arcade.key.S, arcade.key.MOD_CTRL)
    assert isinstance(view.dialog, ChoiceDialog) and view.dialog.title == "Not playable yet"
    assert "gold has no city" in view.dialog.message.lower()
    img = frame(window, "editor-save-draft-asked")
    assert img.std() > 20
    key(window, arcade.key.ESCAPE)  # Cancel: nothing is written
    assert view.dialog is None and target.read_text() == text
    # The errors are listed in the panel and the board is still there.
    assert [f.code for f in view.findings] == ["no-city", "no-city"]

    key(window, arcade.key.S, arcade.key.MOD_CTRL)
    click_widget(window, view.dialog.buttons["draft"])
    assert view.dialog is None and "draft: yes" in target.read_text().splitlines()
    assert not view.doc.dirty and view.toast.startswith("Saved a draft of")
    with pytest.raises(MapError, match="draft, not playable yet"):
        load_map(target)  # no game opens it
    assert str(target) not in dict(map_choices()[0])
    rows = view.doc.rows
    assert view.open_path(target) and view.doc.rows == rows, "the editor opens its draft again"


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
    assert view.dialog is None and view.doc.checks.playable and view.doc.dirty
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
    from client.views.game.view import GameView

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
    from client.views.menus.main import MainMenuView

    assert isinstance(window.current_view, MainMenuView)


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


def test_a_map_saved_in_the_editor_is_played_in_a_skirmish(window, editor, data_dir):
    from client.views.game.view import GameView
    from client.views.menus.main import MainMenuView
    from client.views.menus.setup import SkirmishSetupView
    from gui_support import find_button

    view = editor
    # A new map, generated and named in the editor's dialogs, saved with Ctrl+S into the maps folder.
    key(window, arcade.key.G, arcade.key.MOD_CTRL)
    type_into(window, view.dialog.name_field, "Twin Peaks")
    click_widget(window, view.dialog.buttons["ok"])
    key(window, arcade.key.S, arcade.key.MOD_CTRL)
    key(window, arcade.key.ENTER)
    saved = data_dir / "maps" / "twin-peaks.map"
    assert view.dialog is None and view.doc.path == saved and saved.is_file()
    # A draft that cannot be played yet sits beside it: it is not offered, and the screen says so.
    (data_dir / "maps" / "draft.map").write_text("scryptic-map 1\nname: Draft\nversion: 1\ngrid:\n. . .\n. . .\n")

    window.navigator.go_menu()
    pump(window, 2)
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    click_widget(window, menu.buttons["skirmish"])
    setup = window.current_view
    assert isinstance(setup, SkirmishSetupView)
    pump(window, 2)
    captions = dict(setup.map_row.options)
    assert captions[str(saved)] == "Twin Peaks  (25x25)" and str(saved) in setup.own_maps
    assert not any("Draft" in caption for caption in captions.values())
    key(window, arcade.key.DOWN)  # the keyboard's focus to the map row, then along it to the new map
    for _ in range(len(captions)):
        if setup.map_row.value == str(saved):
            break
        key(window, arcade.key.RIGHT)
    assert setup.map_row.value == str(saved)
    pump(window, 2)
    assert setup.map_note.text.startswith("Your map, made in the map editor.")
    assert "one of your maps is not listed" in setup.map_note.text
    img = frame(window, "skirmish-setup-own-map")
    picture = setup.picture_rect
    assert picture is not None and picture.left > window.width / 2 + 360, "the map's picture is beside the panel"
    assert region(img, picture, window).std() > 10, "the picture shows the map's stones"

    click_widget(window, find_button(setup, "start"))
    game_view = window.current_view
    assert isinstance(game_view, GameView)
    assert game_view.session.game.map == load_map(saved)
    game_view.session.paused = True
    game_view.leave()



def test_a_double_click_on_a_map_in_the_open_dialog_opens_it_and_paints_nothing(window, editor, data_dir):
    from gui_support import click, find_button

    view = editor
    view.doc.save(data_dir / "maps" / "mine.map")  # a map in the player's folder, listed first
    view.doc.history.mark_saved()
    click_widget(window, view.side.buttons["open"])
    button = find_button(view, "map-0")
    x, y = button.rect.center
    assert view.board.contains(x, y), "the entry lies over the board"
    click(window, x, y)  # the first click opens the map ...
    assert view.dialog is None and view.doc.path == data_dir / "maps" / "mine.map"
    rows = view.doc.rows
    click(window, x, y)  # ... and the second click of the double click lands on the board
    assert view.doc.rows == rows and not view.doc.dirty, "the brush painted nothing"
    pump(window, 2)
    window.dispatch_event("on_mouse_motion", x + 40, y + 40, 0, 0)
    click_cell(window, view, view.board.cell_at(x + 40, y + 40))  # a click elsewhere paints as ever
    assert view.doc.dirty
