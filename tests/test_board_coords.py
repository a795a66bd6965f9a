"""Where the board's row and column numbers go, without a window: on the frame while it is in
view, pinned to the area's edges on strips when the board runs past them."""

from __future__ import annotations

from client.views.board.coords import MAX_BAND, MIN_BAND, coordinate_layout
from client.views.board.paint import FRAME, TILE


def camera(zoom: float, centre: tuple[float, float], size: tuple[float, float]):
    """World -> area pixels for a camera at ``centre`` (world) and ``zoom``."""
    return lambda xy: ((xy[0] - centre[0]) * zoom + size[0] / 2, (xy[1] - centre[1]) * zoom + size[1] / 2)


def test_a_board_that_fits_has_its_numbers_on_the_frame():
    # 9 x 9 cells at zoom 1 in a 700 x 700 area: 576 px of board, a 26 px frame round it
    size = (700.0, 700.0)
    layout = coordinate_layout(camera(1.0, (288, 288), size), 1.0, 9, 9, size)
    assert layout.strips == []
    top, left = layout.texts("top"), layout.texts("left")
    assert sorted(top) == list(range(1, 10)) and sorted(left) == list(range(1, 10))
    board_top = 350 + 288
    assert {y for _, y in top.values()} == {board_top + FRAME / 2}  # the middle of the frame
    assert top[1][0] == 350 - 288 + TILE / 2  # over column 1's middle
    assert left[9][1] == 350 - 288 + TILE / 2  # row 9 is the bottom row


def test_zoomed_into_the_middle_of_a_large_board_the_numbers_are_pinned_to_the_edges():
    size = (900.0, 600.0)
    zoom = 2.0
    cols, rows = 40, 30
    layout = coordinate_layout(camera(zoom, (20 * TILE, 15 * TILE), size), zoom, rows, cols, size)
    band = max(MIN_BAND, min(MAX_BAND, FRAME * zoom))
    assert layout.band == band == MAX_BAND
    assert len(layout.strips) == 4  # the frame is out of view on every side
    top, bottom, left, right = (layout.texts(s) for s in ("top", "bottom", "left", "right"))
    assert {y for _, y in top.values()} == {600 - band / 2}
    assert {y for _, y in bottom.values()} == {band / 2}
    assert {x for x, _ in left.values()} == {band / 2}
    assert {x for x, _ in right.values()} == {900 - band / 2}
    # 128 px cells: every column in view is numbered, the middle one (21) at the middle
    assert top[21][0] == 450 + TILE * zoom / 2
    # columns 17 and 24 have their middles at 2 and 898 px, under the corners: not numbered
    assert sorted(top) == list(range(18, 24))
    assert left[15][1] == 300 + TILE * zoom / 2  # row 15's middle (row 16 starts at the centre)
    for x, y in list(top.values()) + list(left.values()):
        assert 0 < x < 900 and 0 < y < 600
