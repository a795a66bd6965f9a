"""Where the analysis board's parts go (plain arithmetic, tested without a window).

Two layouts share the game screen's :class:`~client.views.layout.GameLayout`:

- the analysis itself (:func:`analysis_layout`): the board over a band holding the win-chance
  graph (``rack`` is the band, ``tray`` the graph's scroll, ``buttons`` the turn buttons beside
  it), and a wider side column for the turn's report and the list of turns;
- a lesson (:func:`lesson_layout`): the game's own layout, the rack and its buttons under the
  board, with the lesson's scroll in a column on the board's left (as the guided game's coach).

:class:`GraphGeometry` maps positions (the start of each turn, then the end) and win chances to
the graph's pixels and back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from client.views.coach.panel import coach_width
from client.views.layout import BUTTON_GAP, BUTTON_H, BUTTON_W, HEADER, RACK_SLOTS, GameLayout, Rect, game_layout

BAND = 188  # the graph band's height
NAV_ROWS = 3  # rows of buttons beside the graph


def analysis_side_width(width: int) -> int:
    """The side column of the analysis (wider than a game's: it holds sentences)."""
    return int(max(340, min(480, width * 0.31)))


def analysis_layout(width: int, height: int, slots: int = RACK_SLOTS) -> GameLayout:
    """The board, the graph band under it, the side column and its header."""
    side_w = analysis_side_width(width)
    main_w = width - side_w
    side = Rect(main_w, 0, side_w, height - HEADER)
    header = Rect(main_w, height - HEADER, side_w, HEADER)
    band = Rect(0, 0, main_w, BAND)
    board = Rect(0, BAND, main_w, height - BAND)
    buttons_w = 2 * BUTTON_W + BUTTON_GAP
    buttons_h = NAV_ROWS * BUTTON_H + (NAV_ROWS - 1) * BUTTON_GAP
    buttons = Rect(main_w - 12 - buttons_w, (BAND - buttons_h) / 2, buttons_w, buttons_h)
    graph = Rect(10, 6, max(60.0, buttons.left - 14 - 10), BAND - 12)
    return GameLayout(board, band, side, header, graph, buttons, slots=slots)


def lesson_layout(width: int, height: int, slots: int) -> tuple[GameLayout, Rect]:
    """A game's layout with a column on the board's left for the lesson's scroll: (layout, scroll)."""
    lay = game_layout(width, height, slots)
    b = lay.board
    column = coach_width(b.width)
    scroll = Rect(b.left, b.bottom, column, b.height)
    return dataclasses.replace(lay, board=Rect(b.left + column, b.bottom, b.width - column, b.height)), scroll


@dataclass(frozen=True)
class GraphGeometry:
    """The plot of the win-chance graph: ``total`` turns, a column each, then a half column for
    the end. Position ``p`` (the start of turn ``p``; the end for ``total``) is at the left edge
    of its column; gold's chance runs from the bottom (0) to the top (1)."""

    plot: Rect
    total: int

    @property
    def step(self) -> float:
        return self.plot.width / (max(1, self.total) + 0.5)

    def x(self, position: float) -> float:
        return self.plot.left + position * self.step

    def y(self, chance: float) -> float:
        return self.plot.bottom + max(0.0, min(1.0, chance)) * self.plot.height

    def column(self, position: int) -> tuple[float, float]:
        """(left, right) of the column of ``position`` (the end's is half as wide)."""
        right = self.plot.right if position >= self.total else self.x(position + 1)
        return self.x(position), right

    def position_at(self, x: float, y: float, slack: float = 6.0) -> int | None:
        """The position whose column holds the point (None outside the plot and its slack)."""
        p = self.plot
        if not (p.left - slack <= x <= p.right + slack and p.bottom - slack - 16 <= y <= p.top + slack):
            return None
        return max(0, min(self.total, int((x - p.left) // self.step)))

    def label_every(self, min_pixels: float = 26.0) -> int:
        """Number every k-th turn under the plot so the numbers do not crowd (1, 2, 5, 10, ...)."""
        for k in (1, 2, 5, 10, 20, 50, 100):
            if k * self.step >= min_pixels:
                return k
        return 200
