"""The game screen's keyboard and mouse (a mixin of :class:`~client.views.game.GameView`).

Every key is listed in :mod:`client.views.keymap`, which the help overlay shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import arcade

from client.views.game_sounds import letter_set_down
from shared.rules.terrain import Cell

DRAG_THRESHOLD = 5
PAN_STEP = 120  # pixels a Shift+arrow pans the board
ZOOM_STEP = 1.2


@dataclass
class Drag:
    """A coin held by the mouse: from the rack (index) or the board (cell)."""

    source: tuple[str, Any]
    letter: str
    x: float
    y: float
    start: tuple[float, float]
    moved: bool = False


class GameInput:
    """Keys and mouse of the game screen."""

    # Provided by the view.
    coach: Any
    dialog: Any
    drag: Drag | None
    pan_from: tuple[float, float] | None
    _panning: bool
    _press_cell: Cell | None

    # ---------------------------------------------------------------- keyboard
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        if self.dialog is not None:
            handled = self.dialog.on_key_press(symbol, modifiers)
            if handled or not getattr(self.dialog, "docked", False):
                return True
        if self.coach is not None and self.coach.on_key_press(symbol, modifiers):  # the guided game's keys
            return True
        offers = getattr(self, "offers", None)  # an online game's Ctrl+D, Z, A, Y, N (views/offers.py)
        if offers is not None and self.dialog is None and offers.on_key_press(symbol, modifiers):
            return True
        ctrl = modifiers & (k.MOD_CTRL | k.MOD_COMMAND)
        shift = modifiers & k.MOD_SHIFT
        if symbol == k.F1 or (symbol == k.SLASH and shift) or symbol == k.QUESTION:
            self.open_help()
            return True
        if symbol == k.ESCAPE:
            if self.redeploy_mode:
                self.redeploy_mode = False
            elif self.planner.placed:
                self.recall()
            else:
                self.open_menu()
            return True
        if self._board_key(symbol, modifiers):
            return True
        if symbol in (k.PAGEUP, k.PAGEDOWN):
            rows = 8 if symbol == k.PAGEUP else -8
            self.side.scroll_chronicle(rows)
            return True
        if self.replay_key(symbol, modifiers):
            return True
        if symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            if shift:
                self.end_turn()
            elif self.redeploy_mode and self.planner.cursor is not None:
                self.redeploy_at(self.planner.cursor)
            else:
                self.commit()
            return True
        if ctrl and symbol == k.S:
            self.shuffle()
            return True
        if ctrl and symbol == k.R:
            self.toggle_redeploy()
            return True
        if ctrl and symbol == k.E:
            self.end_turn()
            return True
        if self.viewer is None:
            return None
        return self._typing_key(symbol, modifiers)

    def _board_key(self, symbol: int, modifiers: int) -> bool:
        """Zoom, pan and the two standard views."""
        k = arcade.key
        board = self.board
        cx, cy = board.left + board.width / 2, board.bottom + board.height / 2
        if symbol in (k.EQUAL, k.PLUS, k.NUM_ADD):
            board.zoom_at(cx, cy, ZOOM_STEP)
        elif symbol in (k.MINUS, k.NUM_SUBTRACT):
            board.zoom_at(cx, cy, 1 / ZOOM_STEP)
        elif symbol == k.HOME:
            board.default_view()
        elif symbol == k.END:
            board.overview()
        elif symbol == k.M and modifiers & (k.MOD_CTRL | k.MOD_COMMAND):
            board.minimap.toggle()
        elif modifiers & k.MOD_SHIFT and symbol in (k.LEFT, k.RIGHT, k.UP, k.DOWN):
            dx = {k.LEFT: PAN_STEP, k.RIGHT: -PAN_STEP}.get(symbol, 0)
            dy = {k.DOWN: PAN_STEP, k.UP: -PAN_STEP}.get(symbol, 0)
            board.pan(dx, dy)
        else:
            return False
        return True

    def _typing_key(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        ctrl = modifiers & (k.MOD_CTRL | k.MOD_COMMAND)
        if symbol in (k.SPACE, k.TAB):
            self.toggle_direction()
            return True
        arrows = {k.LEFT: (0, -1), k.RIGHT: (0, 1), k.UP: (-1, 0), k.DOWN: (1, 0)}
        if symbol in arrows:
            self.planner.move_cursor(*arrows[symbol])
            if self.planner.cursor is not None:
                self.board.ensure_visible(self.planner.cursor)
            return True
        if symbol == k.BACKSPACE:
            if self.planner.backspace():
                self.planner_changed()
            return True
        if symbol == k.DELETE:
            cursor = self.planner.cursor
            if cursor is not None and self.planner.lift(cursor):
                self.planner_changed()
            return True
        if k.A <= symbol <= k.Z and not ctrl and self.my_turn:
            letter = chr(symbol)
            laid = dict(self.planner.placed)
            if self.planner.cursor is None:
                self.show_error("click a cell first, then type")
            elif not self.planner.type_letter(letter):
                if letter not in self.planner.rack:
                    self.show_error(f"you have no '{letter.upper()}' left on your rack")
                else:
                    self.show_error("no letter can go there")
            else:
                self.error = None
                if self.planner.placed != laid:  # not when the letter was already on the board
                    letter_set_down()
                self.planner_changed()
                if self.planner.cursor is not None:
                    self.board.ensure_visible(self.planner.cursor)
            return True
        return None

    # ---------------------------------------------------------------- mouse
    def _modal(self, x: float, y: float) -> bool:
        """True if an open dialog takes this point (a docked one only over itself)."""
        dialog = self.dialog
        if dialog is None:
            return False
        if getattr(dialog, "docked", False):
            return dialog.contains(x, y)
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if self._modal(x, y):
            return True
        if button in (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE):
            if self.board.rect.contains(x, y):
                self.pan_from = (x, y)
            return True
        if button != arcade.MOUSE_BUTTON_LEFT:
            return None
        if self.board.minimap.contains(x, y):
            self._minimap_drag = True
            self.board.minimap.centre_on(x, y)
            return True
        if self.animator.busy and self.board.rect.contains(x, y):
            self.animator.skip()
            return True
        lay = self.layout
        if self.viewer is not None and lay.tray.contains(x, y) and self.replay_text() is None:
            i = lay.slot_at(x, y, len(self.planner.rack))
            if i is not None and i < len(self.planner.rack):
                self.drag = Drag(("rack", i), self.planner.rack[i], x, y, (x, y))
            return True
        cell = self.board.cell_at(x, y)
        if cell is not None:
            if self.redeploy_mode:
                self.redeploy_at(cell)
                return True
            if cell in self.planner.placed and self.my_turn:
                self.drag = Drag(("board", cell), self.planner.placed[cell], x, y, (x, y))
                return True
            self.pan_from = (x, y)
            self._press_cell = cell
            return True
        if self.board.rect.contains(x, y):
            self.pan_from = (x, y)
            return True
        return None

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> bool | None:
        if getattr(self, "_minimap_drag", False):
            self.board.minimap.centre_on(x, y)
            return True
        if self.drag is not None:
            self.drag.x, self.drag.y = x, y
            sx, sy = self.drag.start
            if abs(x - sx) + abs(y - sy) > DRAG_THRESHOLD:
                self.drag.moved = True
            self.board.hover = self.board.cell_at(x, y)
            return True
        if self.pan_from is not None:
            px, py = self.pan_from
            if abs(x - px) + abs(y - py) > DRAG_THRESHOLD or self._panning:
                self._panning = True
                self.board.pan(dx, dy)
            return True
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool | None:
        cell = self.board.cell_at(x, y)
        if self.dialog is not None and getattr(self.dialog, "docked", False) and self.dialog.contains(x, y):
            cell = None
        self.set_hover(cell, x, y)
        return None

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if getattr(self, "_minimap_drag", False):
            self._minimap_drag = False
            return True
        if self._modal(x, y) and self.drag is None and self.pan_from is None:
            return True
        drag, self.drag = self.drag, None
        if self.pan_from is not None:
            panned = self._panning
            self.pan_from = None
            self._panning = False
            press_cell, self._press_cell = self._press_cell, None
            if not panned and button == arcade.MOUSE_BUTTON_LEFT and press_cell is not None:
                self.click_cell(press_cell)
            return True
        if drag is None:
            return None
        self._drop(drag, x, y)
        return True

    def _drop(self, drag: Drag, x: float, y: float) -> None:
        kind, where = drag.source
        if not drag.moved:
            if kind == "rack":
                self.armed_rack_index = None if self.armed_rack_index == where else where
            elif kind == "board":
                self.planner.lift(where)
                self.planner.cursor = where
                self.planner_changed()
            return
        if not self.my_turn and kind == "rack":
            # Outside the turn the rack can still be arranged.
            slot = self.layout.slot_at(x, y, len(self.planner.rack))
            if slot is not None:
                self.planner.move_in_rack(where, slot)
            return
        cell = self.board.cell_at(x, y)
        slot = self.layout.slot_at(x, y, len(self.planner.rack))
        if cell is not None:
            placed = self.planner.place(cell, where) if kind == "rack" else self.planner.move_placed(where, cell)
            if placed:
                letter_set_down()
            elif kind == "rack":
                self.show_error("no letter can go on that cell")
            self.planner.cursor = cell
        elif slot is not None:
            if kind == "rack":
                self.planner.move_in_rack(where, slot)
            else:
                self.planner.lift(where, slot=slot)
        elif kind == "board":
            self.planner.lift(where)
        self.armed_rack_index = None
        self.planner_changed()

    def click_cell(self, cell: Cell) -> None:
        """A plain click on the board: place the armed rack letter, or set the cursor."""
        if self.viewer is None:
            return
        if self.armed_rack_index is not None and self.my_turn:
            index, self.armed_rack_index = self.armed_rack_index, None
            if self.planner.place(cell, index):
                letter_set_down()
                self.planner.cursor = cell
                self.planner_changed()
                return
        self.planner.set_cursor(cell)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        if self._modal(x, y):
            return True
        if self.board.rect.contains(x, y):
            self.board.zoom_at(x, y, 1.15 ** scroll_y)
            return True
        if self.side.rects.chronicle.contains(x, y):
            self.side.scroll_chronicle(int(round(scroll_y * 3)))
            return True
        return None
