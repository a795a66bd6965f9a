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
BUTTON_W, BUTTON_H, BUTTON_GAP = 100, 42, 6


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


def side_width(width: int) -> int:
    """The side column's width for a window ``width`` pixels wide."""
    return 300 if width < 1280 else 320 if width < 1600 else 380


def game_layout(width: int, height: int, slots: int = RACK_SLOTS) -> GameLayout:
    """Lay out the board, the rack band, the side panel and its header.

    ``slots`` is how many coins the tray must hold (the rack limit, or more while a player is
    over it): the slots narrow so that every coin stays inside the tray.
    """
    side_w = side_width(width)
    side = Rect(width - side_w, 0, side_w, height - HEADER)
    header = Rect(width - side_w, height - HEADER, side_w, HEADER)
    main_w = width - side_w
    rack = Rect(0, 0, main_w, RACK_BAND)
    board = Rect(0, RACK_BAND, main_w, height - RACK_BAND)
    buttons_w = 3 * BUTTON_W + 2 * BUTTON_GAP
    room = main_w - buttons_w - 12 - 14 - 12
    slots = max(1, slots)
    pitch = max(MIN_SLOT, min(float(SLOT), (room - 24) / slots))
    tray = Rect(12, 10, 24 + pitch * slots, RACK_BAND - 20)
    buttons = Rect(tray.right + 14, 10, buttons_w, RACK_BAND - 20)
    return GameLayout(board, rack, side, header, tray, buttons, pitch, slots)
