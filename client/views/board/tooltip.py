"""The tooltip of the board: after the mouse rests on a cell, what the cell and its words are.

The text comes from :func:`client.views.board.tooltips.cell_tooltip`; this draws it in a small
leather box beside the pointer, kept inside the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from client.ui import theme
from client.views.board.tooltips import cell_tooltip
from shared.rules.terrain import Cell

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen

DELAY = 0.45  # seconds the mouse rests on a cell before its tooltip shows
WIDTH = 380
PAD = 12


class Tooltip:
    """Follows the hovered cell; :meth:`update` says when the screen must be drawn again."""

    def __init__(self, gv: "GameScreen") -> None:
        self.gv = gv
        self.cell: Cell | None = None
        self.x = self.y = 0.0
        self.since = 0.0
        self.lines: list[str] = []
        self.texts = theme.TextCache()

    def hover(self, cell: Cell | None, x: float, y: float) -> None:
        self.x, self.y = x, y
        if cell != self.cell:
            self.cell = cell
            self.since = self.gv.clock
            self.lines = []

    @property
    def showing(self) -> bool:
        return bool(self.lines)

    def rest(self) -> None:
        """A key was pressed: the player is typing, not pointing; hide the tooltip and wait again."""
        self.since = self.gv.clock
        self.lines = []

    def update(self) -> bool:
        """Show the tooltip once the mouse has rested long enough (never over a dialog); True if
        it changed."""
        gv = self.gv
        if self.cell is None or gv.drag is not None or gv.pan_from is not None or gv.dialog is not None:
            if self.lines:
                self.lines = []
                return True
            return False
        if self.lines or gv.clock - self.since < DELAY:
            return False
        self.lines = self.text(self.cell)
        return bool(self.lines)

    def text(self, cell: Cell) -> list[str]:
        gv = self.gv
        if not gv.display.in_bounds(cell):
            return []
        try:
            board = gv.shadow().board
        except (KeyError, ValueError, TypeError):  # a view too partial to rebuild: terrain only
            board = None
        return cell_tooltip(gv.display, cell, board, gv.session.lexicon, gv.session.rules, gv.move_marks,
                            gv.names())

    def draw(self) -> None:
        if not self.lines:
            return
        win = self.gv.window
        objs = []
        height = PAD
        for i, line in enumerate(self.lines):
            obj = self.texts.get(("tip", i), line, 0, 0, size=13 if i else 12, width=WIDTH - 2 * PAD,
                                 multiline=True, font=theme.SANS, bold=i == 1, anchor_y="top",
                                 color=theme.INK_MUTED if i == 0 else theme.PARCHMENT)
            objs.append(obj)
            height += obj.content_height + 3
        height += PAD - 3
        left = self.x + 18
        top = self.y - 14
        if left + WIDTH > win.width - 4:
            left = self.x - 18 - WIDTH
        if top - height < 4:
            top = min(win.height - 4, self.y + 14 + height)
        arcade.draw_lbwh_rectangle_filled(left + 4, top - height - 4, WIDTH, height, (0, 0, 0, 110))
        arcade.draw_lbwh_rectangle_filled(left, top - height, WIDTH, height, theme.with_alpha(theme.LEATHER_DARK, 246))
        arcade.draw_lbwh_rectangle_outline(left, top - height, WIDTH, height, theme.BRASS, 2)
        y = top - PAD
        for obj in objs:
            obj.position = (left + PAD, y)
            obj.draw()
            y -= obj.content_height + 3
