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
    scale: float = 1.0  # the game screen's size step (:func:`~client.views.layout.ui_scale`)

    def px(self, value: float) -> int:
        """``value`` pixels (a font size, a button's side) stepped up for this window."""
        return round(value * self.scale)


def editor_layout(width: int, height: int) -> EditorLayout:
    """Lay the editor out on a ``width`` x ``height`` window."""
    # The game screen's size step: on a large window the bars, the palette, their fonts and
    # buttons grow a quarter, and the side panel takes the width a square board would leave empty.
    scale = ui_scale(width, height)
    side_w = 460 if scale > 1 else 360 if width >= 1500 else 320
    bar, palette_w, status_h = (round(v * scale) for v in (TOP_BAR, PALETTE_WIDTH, STATUS_BAR))
    body = height - bar
    top = Rect(0, body, width, bar)
    palette = Rect(0, 0, palette_w, body)
    side = Rect(width - side_w, 0, side_w, body)
    middle = width - side_w - palette_w
    status = Rect(palette_w, 0, middle, status_h)
    board = Rect(palette_w, status_h, middle, body - status_h)
    return EditorLayout(top, palette, side, board, status, scale)
