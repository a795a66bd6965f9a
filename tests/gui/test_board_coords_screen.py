"""The board's row and column numbers in a real window (Xvfb + Mesa): zoomed in on a large map
and panned into its middle, the numbers stay at the edges of the board's area, and they name
the cell the tooltip names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from game_screen_support import frame_image, key, local_game, region
from gui_support import pump


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("BOARD_SHOTS") or tmp_path_factory.mktemp("board-shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def nearest(labels: dict[int, tuple[float, float]], value: float, axis: int) -> int:
    return min(labels, key=lambda n: abs(labels[n][axis] - value))


@pytest.mark.parametrize("scrolls", [-1, 0, 4, 8])  # -1: the whole board (End)
def test_numbers_stay_at_the_edges_when_zoomed_in_and_name_the_tooltips_cell(window, shots, scrolls):
    view = local_game(window, "pewter-marches")
    board = view.board
    try:
        d = view.display
        cx, cy = board.rect.center
        for _ in range(scrolls):
            window.dispatch_event("on_mouse_scroll", cx, cy, 0, 1)
            window.dispatch_events()
        if scrolls < 0:
            key(window, arcade.key.END)
            assert board.cam.zoom == pytest.approx(board.fit_zoom())
        else:
            board.cam.position = ((d.width / 2) * 64, (d.height / 2) * 64)  # the middle of the board
            board.clamp()
        img = frame_image(window)
        layout = board.coord_layout
        top, left = layout.texts("top"), layout.texts("left")
        bottom, right = layout.texts("bottom"), layout.texts("right")
        assert top and left and set(top) == set(bottom) and set(left) == set(right)
        w, h = board.rect.width, board.rect.height
        for x, y in list(top.values()) + list(bottom.values()) + list(left.values()) + list(right.values()):
            assert layout.font / 2 <= x <= w - layout.font / 2 and layout.font / 2 <= y <= h - layout.font / 2, \
                "every number is inside the board's area"
        if scrolls >= 0:  # the board runs past its area: the numbers are at the area's edges
            assert all(y >= h - layout.band for _, y in top.values()), "column numbers along the top edge"
            assert all(x <= layout.band for x, _ in left.values()), "row numbers down the left edge"
        else:  # the whole board: the numbers sit just outside its cells
            x0, y0 = board.cam.project((0, 0))[:2]
            x1, y1 = board.cam.project((d.width * 64, d.height * 64))[:2]
            assert all(y - layout.font / 2 >= y1 - board.rect.bottom for _, y in top.values()), (y1, board.rect, top, layout.font, layout.band, board.cam.zoom)
            assert all(x + layout.font / 2 <= x0 - board.rect.left for x, _ in left.values())
        if scrolls > 0:
            assert board.cam.zoom > board.fit_zoom()
            assert layout.strips, "zoomed in, the frame is out of view: the numbers are on strips"
        # the cell under the mouse: the tooltip's row and column are the numbers at its edges
        cell = (d.height // 2, d.width // 2)
        sx, sy = board.cell_to_screen(cell)
        window.dispatch_event("on_mouse_motion", sx, sy, 1, 1)
        window.dispatch_events()
        pump(window, 20)
        assert view.tooltip.lines[0] == f"Row {cell[0] + 1}, column {cell[1] + 1}"
        lx, ly = sx - board.rect.left, sy - board.rect.bottom
        if (cell[1] + 1) in top:  # every column is numbered when zoomed in; zoomed out every fifth
            assert nearest(top, lx, 0) == cell[1] + 1 and abs(top[cell[1] + 1][0] - lx) < 1
        if (cell[0] + 1) in left:
            assert nearest(left, ly, 1) == cell[0] + 1 and abs(left[cell[0] + 1][1] - ly) < 1
        if scrolls > 0:
            assert cell[1] + 1 in top and cell[0] + 1 in left
        strip = region(img, board.rect.left + w * 0.3, board.rect.top - layout.band, w * 0.4, layout.band)
        assert strip.std() > 12, "numbers are drawn along the top"
        window.dispatch_event("on_mouse_motion", 5, 5, 1, 1)
        window.dispatch_events()
        pump(window, 2)
        arcade.get_image(0, 0, window.width, window.height).save(shots / f"board-zoom-{max(scrolls, 0) if scrolls >= 0 else 'whole'}.png")
    finally:
        view.leave()
        pump(window)
