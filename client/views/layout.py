"""Where the game screen's panels go for a window size (plain arithmetic, tested without a window)."""

from __future__ import annotations

from dataclasses import dataclass

TOP_BAR = 58
RACK_BAND = 132
SLOT = 62  # rack slot pitch in pixels
RACK_SLOTS = 12


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

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.bottom <= y < self.top


@dataclass(frozen=True)
class GameLayout:
    """The rectangles of the game screen."""

    board: Rect
    rack: Rect
    side: Rect
    top: Rect
    tray: Rect  # the rack's tray of coin slots inside ``rack``
    buttons: Rect  # where the action buttons go inside ``rack``
    slot: float = SLOT  # pitch of the rack slots

    def tiles(self, width: int, height: int) -> bool:
        """True if board, rack, side panel and top bar cover a ``width`` x ``height`` window exactly."""
        b, r, s, t = self.board, self.rack, self.side, self.top
        return (r.left == 0 and r.bottom == 0 and b.left == 0 and b.bottom == r.top and b.width == r.width
                and s.left == b.right and s.bottom == 0 and s.right == width and s.top == b.top == t.bottom
                and t.left == 0 and t.width == width and t.top == height)

    def slot_centre(self, index: int) -> tuple[float, float]:
        """Screen position of rack slot ``index``."""
        return self.tray.left + 18 + self.slot / 2 + index * self.slot, self.tray.bottom + self.tray.height / 2

    def slot_at(self, x: float, y: float, count: int) -> int | None:
        """The slot under a point (None outside the tray); may be ``count`` (after the last)."""
        if not self.tray.contains(x, y):
            return None
        i = int((x - self.tray.left - 18) // self.slot)
        return max(0, min(i, count))


def game_layout(width: int, height: int, slots: int = RACK_SLOTS) -> GameLayout:
    """Lay out the board, the rack band, the side panel and the top bar."""
    side_w = 360 if width >= 1500 else 300 if width >= 1200 else 280
    top = Rect(0, height - TOP_BAR, width, TOP_BAR)
    side = Rect(width - side_w, 0, side_w, height - TOP_BAR)
    main_w = width - side_w
    rack = Rect(0, 0, main_w, RACK_BAND)
    board = Rect(0, RACK_BAND, main_w, height - TOP_BAR - RACK_BAND)
    buttons_w = 3 * 112 + 2 * 8
    room = main_w - buttons_w - 16 - 14 - 12
    pitch = max(40.0, min(float(SLOT), (room - 36) / slots))
    tray = Rect(16, 14, 36 + pitch * slots, RACK_BAND - 28)
    buttons = Rect(tray.right + 14, 10, buttons_w, RACK_BAND - 20)
    return GameLayout(board, rack, side, top, tray, buttons, pitch)
