"""The map editor in a real window (Xvfb + Mesa), driven by dispatched mouse and key events:
the board drawn where the map says; painting with the brush, fill, line and rectangle;
symmetry; undo and redo by keys; cities placed, moved and removed; the status line.
Screenshots are checked: not blank, and the board's stones where the map says they are.
"""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
import numpy as np
from editor_support import data_dir, editor, window  # noqa: F401 (fixtures)
from editor_support import RIGHT, SAMPLE, click_cell, drag_cells, frame, key, palette, pixel_at, region
from gui_support import click_widget, pump

from shared.maps.check import check_map, detect_symmetry
from shared.maps.files import load_map


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
    assert any(f.code == "city-count" for f in view.doc.checks.findings())
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
