"""Where the editor's panels go for a window size (plain arithmetic, no window needed)."""

from __future__ import annotations

from dataclasses import dataclass

from client.views.layout import Rect, ui_scale

TOP_BAR = 58
PALETTE_WIDTH = 232
STATUS_BAR = 30


@dataclass(frozen=True)
class EditorLayout:
    """The rectangles of the editor screen: they tile the window."""

    top: Rect
    palette: Rect  # tools, brush sizes, paints, symmetry (left)
    side: Rect  # file buttons and the validation panel (right)
    board: Rect  # the board under its camera
    status: Rect  # one line under the board: the cell under the mouse, the tool's hint


def editor_layout(width: int, height: int) -> EditorLayout:
    """Lay the editor out on a ``width`` x ``height`` window."""
    # The game screen's size step: on a large window the side panel takes the width a square
    # board would leave empty.
    side_w = 460 if ui_scale(width, height) > 1 else 360 if width >= 1500 else 320
    body = height - TOP_BAR
    top = Rect(0, body, width, TOP_BAR)
    palette = Rect(0, 0, PALETTE_WIDTH, body)
    side = Rect(width - side_w, 0, side_w, body)
    middle = width - side_w - PALETTE_WIDTH
    status = Rect(PALETTE_WIDTH, 0, middle, STATUS_BAR)
    board = Rect(PALETTE_WIDTH, STATUS_BAR, middle, body - STATUS_BAR)
    return EditorLayout(top, palette, side, board, status)
