"""Where the game screen's panels go for a window size (plain arithmetic, tested without a window).

The board takes the whole height of the left column above the rack band, so it is as large as
the window allows; the right column holds a header (map, turn, menu) over the side panel.
"""

from __future__ import annotations

from dataclasses import dataclass

HEADER = 92  # the side column's header: map name, whose turn, the menu button
RACK_BAND = 108
SLOT = 64  # largest rack slot pitch in pixels
MIN_SLOT = 30.0
RACK_SLOTS = 12
FRAME_MARGIN = 24  # the board's brass frame and its coordinates, each side
BUTTON_W, BUTTON_H, BUTTON_GAP = 100, 42, 6
PAD = 18  # every text's inner padding from the edge of the panel it is written in
LARGE = 1.25  # the size step of a large window: the side column, its fonts and the rack grow
SIDE_SHARE = 0.4  # the most of the window's width the side column takes beside a narrow board


@dataclass(frozen=True)
class Rect:
    left: float
    bottom: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def top(self) -> float:
        return self.bottom + self.height

    @property
    def center(self) -> tuple[float, float]:
        return self.left + self.width / 2, self.bottom + self.height / 2

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.bottom <= y < self.top


@dataclass(frozen=True)
class GameLayout:
    """The rectangles of the game screen."""

    board: Rect
    rack: Rect
    side: Rect
    header: Rect
    tray: Rect  # the rack's tray of coin slots inside ``rack``
    buttons: Rect  # where the action buttons go inside ``rack``
    slot: float = SLOT  # pitch of the rack slots
    slots: int = RACK_SLOTS  # how many slots the tray shows
    scale: float = 1.0  # the size step (:func:`ui_scale`): fonts and heights of the side column

    @property
    def top(self) -> Rect:
        """The header (the game screen has no full-width top bar)."""
        return self.header

    def tiles(self, width: int, height: int) -> bool:
        """True if board, rack, side panel and header cover a ``width`` x ``height`` window exactly."""
        b, r, s, t = self.board, self.rack, self.side, self.header
        return (r.left == 0 and r.bottom == 0 and b.left == 0 and b.bottom == r.top and b.width == r.width
                and b.top == height and s.left == b.right and s.bottom == 0 and s.right == width
                and t.left == s.left and t.width == s.width and t.bottom == s.top and t.top == height)

    def slot_centre(self, index: int) -> tuple[float, float]:
        """Screen position of rack slot ``index``."""
        return self.tray.left + 12 + self.slot / 2 + index * self.slot, self.tray.bottom + self.tray.height / 2

    def slot_at(self, x: float, y: float, count: int) -> int | None:
        """The slot under a point (None outside the tray); may be ``count`` (after the last)."""
        if not self.tray.contains(x, y):
            return None
        i = int((x - self.tray.left - 12) // self.slot)
        return max(0, min(i, count))


def ui_scale(width: int, height: int) -> float:
    """The size step for a window: 1 up to about 1600 x 960, :data:`LARGE` from 1700 x 1000 up."""
    return LARGE if width >= 1700 and height >= 1000 else 1.0


def side_width(width: int, height: int = 0) -> int:
    """The side column's width for a window ``width`` x ``height`` pixels (its least width
    beside any board)."""
    base = 300 if width < 1280 else 320 if width < 1600 else 380
    return round(base * ui_scale(width, height))


def game_layout(width: int, height: int, slots: int = RACK_SLOTS, board_aspect: float | None = None) -> GameLayout:
    """Lay out the board, the rack band, the side panel and its header.

    ``slots`` is how many coins the tray must hold (the rack limit, or more while a player is
    over it): the slots narrow so that every coin stays inside the tray. ``board_aspect`` (the
    map's columns over its rows) lets a board narrower than the room hand the side column the
    width it would leave empty (up to :data:`SIDE_SHARE` of the window, and never so much that
    the rack's coins shrink), so a square map on a wide window is not flanked by wide empty bands.
    """
    scale = ui_scale(width, height)
    band = round(RACK_BAND * scale)
    header_h = round(HEADER * scale)
    side_w = side_width(width, height)
    buttons_w = 3 * round(BUTTON_W * scale) + 2 * BUTTON_GAP
    slots = max(1, slots)
    if board_aspect is not None and board_aspect > 0:
        board_w = (height - band - 2 * (FRAME_MARGIN + PAD)) * board_aspect + 2 * (FRAME_MARGIN + PAD)
        spare = width - side_w - board_w
        rack_w = buttons_w + 62 + SLOT * slots  # the rack keeps full-sized coins beside the buttons
        side_w = round(max(side_w, min(side_w + spare * 0.6, width * SIDE_SHARE, width - rack_w)))
    side = Rect(width - side_w, 0, side_w, height - header_h)
    header = Rect(width - side_w, height - header_h, side_w, header_h)
    main_w = width - side_w
    rack = Rect(0, 0, main_w, band)
    board = Rect(0, band, main_w, height - band)
    room = main_w - buttons_w - 12 - 14 - 12
    pitch = max(MIN_SLOT, min(SLOT * scale, (room - 24) / slots))
    tray = Rect(12, 10, 24 + pitch * slots, band - 20)
    buttons = Rect(tray.right + 14, 10, buttons_w, band - 20)
    return GameLayout(board, rack, side, header, tray, buttons, pitch, slots, scale)
