"""The game screen's keyboard and mouse (a part of :class:`~client.views.game.view.GameView`).

Every key is listed in :mod:`client.views.game.keymap`, which the help overlay shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import arcade

from client.views.game.actions import TurnActions
from client.views.game.replay import SkippableAnimator, ReplayControls
from client.views.game.sounds import letter_set_down
from client.views.game.state import Drag, ScreenState
from client.views.layout import GameLayout
from shared.rules.terrain import Cell

if TYPE_CHECKING:
    from client.views.board.section import BoardSection

DRAG_THRESHOLD = 5
PAN_STEP = 120  # pixels a Shift+arrow pans the board
ZOOM_STEP = 1.2


class ChroniclePanel(Protocol):
    """The side column as the keys and mouse see it: its chronicle scrolls."""

    rects: Any
    """Where its parts are (``rects.chronicle``: the chronicle's)."""

    def scroll_chronicle(self, rows: int) -> None:
        """Scroll the chronicle by ``rows`` lines."""


class InputHost(Protocol):
    """What the keys and mouse ask of the game screen besides its state, actions and replay."""

    board: BoardSection
    side: ChroniclePanel
    layout: GameLayout
    coach: Any
    """The guided game's coach (:class:`~client.views.coach.panel.Coach`), or None."""
    offers: Any
    """An online game's offers strip (:mod:`client.views.online.offers`), or None."""
    chat: Any
    """An online game's chat panel (:mod:`client.views.game.chat_panel`), or None."""

    @property
    def my_turn(self) -> bool:
        """True if the player at the screen may lay letters now."""

    def open_help(self) -> None:
        """The keys overlay."""

    def open_menu(self) -> None:
        """The pause menu."""

    def planner_changed(self) -> None:
        """Recompute the preview after the coins laid changed."""

    def show_error(self, text: str, seconds: float = 6.0) -> None:
        """A message in the error line."""

    def set_hover(self, cell: Cell | None, x: float, y: float) -> None:
        """The mouse is over ``cell``."""


class GameInput:
    """Keys and mouse of the game screen.

    Handed the screen (as an :class:`InputHost`), its state, its turn's actions, its replay's
    controls and its animator (a click on the board skips the update being shown).
    """

    def __init__(self, host: InputHost, state: ScreenState, actions: TurnActions, replay: ReplayControls,
                 animator: SkippableAnimator) -> None:
        self.host = host
        self.state = state
        self.actions = actions
        self.replay = replay
        self.animator = animator
        self.minimap_drag = False
        self.panning = False
        self.press_cell: Cell | None = None

    # ---------------------------------------------------------------- keyboard
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """A key: the dialog's, the coach's and the offers' first, then the screen's (client.views.game.keymap)."""
        k = arcade.key
        if self.state.dialog is not None:
            handled = self.state.dialog.on_key_press(symbol, modifiers)
            if handled or not getattr(self.state.dialog, "docked", False):
                return True
        if self.host.coach is not None and self.host.coach.on_key_press(symbol, modifiers):  # the guided game's keys
            return True
        offers = self.host.offers  # an online game's Ctrl+D, Z, A, Y, N (views/online/offers.py)
        if offers is not None and self.state.dialog is None and offers.on_key_press(symbol, modifiers):
            return True
        chat = getattr(self.host, "chat", None)  # Ctrl+T; an open chat takes the keys
        if chat is not None and self.state.dialog is None and chat.on_key_press(symbol, modifiers):
            return True
        ctrl = modifiers & (k.MOD_CTRL | k.MOD_COMMAND)
        shift = modifiers & k.MOD_SHIFT
        if symbol == k.F1 or (symbol == k.SLASH and shift) or symbol == k.QUESTION:
            self.host.open_help()
            return True
        if symbol == k.ESCAPE:
            if self.state.redeploy_mode:
                self.state.redeploy_mode = False
            elif self.state.planner.placed:
                self.actions.recall()
            else:
                self.host.open_menu()
            return True
        if self._board_key(symbol, modifiers):
            return True
        if symbol in (k.PAGEUP, k.PAGEDOWN):
            rows = 8 if symbol == k.PAGEUP else -8
            self.host.side.scroll_chronicle(rows)
            return True
        if self.replay.replay_key(symbol, modifiers):
            return True
        if symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            if shift:
                self.actions.end_turn()
            elif self.state.redeploy_mode and self.state.planner.cursor is not None:
                self.actions.redeploy_at(self.state.planner.cursor)
            else:
                self.actions.commit()
            return True
        if ctrl and symbol == k.S:
            self.actions.shuffle()
            return True
        if ctrl and symbol == k.R:
            self.actions.toggle_redeploy()
            return True
        if ctrl and symbol == k.E:
            self.actions.end_turn()
            return True
        if self.state.viewer is None:
            return None
        return self._typing_key(symbol, modifiers)

    def _board_key(self, symbol: int, modifiers: int) -> bool:
        """Zoom, pan and the two standard views."""
        k = arcade.key
        board = self.host.board
        cx, cy = board.left + board.width / 2, board.bottom + board.height / 2
        if symbol in (k.EQUAL, k.PLUS, k.NUM_ADD):
            board.framing.zoom_at(cx, cy, ZOOM_STEP)
        elif symbol in (k.MINUS, k.NUM_SUBTRACT):
            board.framing.zoom_at(cx, cy, 1 / ZOOM_STEP)
        elif symbol == k.HOME:
            board.default_view()
        elif symbol == k.END:
            board.overview()
        elif symbol == k.M and modifiers & (k.MOD_CTRL | k.MOD_COMMAND):
            board.minimap.toggle()
        elif modifiers & k.MOD_SHIFT and symbol in (k.LEFT, k.RIGHT, k.UP, k.DOWN):
            dx = {k.LEFT: PAN_STEP, k.RIGHT: -PAN_STEP}.get(symbol, 0)
            dy = {k.DOWN: PAN_STEP, k.UP: -PAN_STEP}.get(symbol, 0)
            board.framing.pan(dx, dy)
        else:
            return False
        return True

    def _typing_key(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        ctrl = modifiers & (k.MOD_CTRL | k.MOD_COMMAND)
        if symbol in (k.SPACE, k.TAB):
            self.actions.toggle_direction()
            return True
        arrows = {k.LEFT: (0, -1), k.RIGHT: (0, 1), k.UP: (-1, 0), k.DOWN: (1, 0)}
        if symbol in arrows:
            self.state.planner.move_cursor(*arrows[symbol])
            if self.state.planner.cursor is not None:
                self.host.board.ensure_visible(self.state.planner.cursor)
            return True
        if symbol == k.BACKSPACE:
            if self.state.planner.backspace():
                self.host.planner_changed()
            return True
        if symbol == k.DELETE:
            cursor = self.state.planner.cursor
            if cursor is not None and self.state.planner.lift(cursor):
                self.host.planner_changed()
            return True
        if k.A <= symbol <= k.Z and not ctrl and self.host.my_turn:
            letter = chr(symbol)
            laid = dict(self.state.planner.placed)
            if self.state.planner.cursor is None:
                self.host.show_error("click a cell first, then type")
            elif not self.state.planner.type_letter(letter):
                if letter not in self.state.planner.rack:
                    self.host.show_error(f"you have no '{letter.upper()}' left on your rack")
                else:
                    self.host.show_error("no letter can go there")
            else:
                self.state.error = None
                if self.state.planner.placed != laid:  # not when the letter was already on the board
                    letter_set_down()
                self.host.planner_changed()
                if self.state.planner.cursor is not None:
                    self.host.board.ensure_visible(self.state.planner.cursor)
            return True
        return None

    # ---------------------------------------------------------------- mouse
    def _modal(self, x: float, y: float) -> bool:
        """True if an open dialog takes this point (a docked one only over itself)."""
        dialog = self.state.dialog
        if dialog is None:
            return False
        if getattr(dialog, "docked", False):
            return dialog.contains(x, y)
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        """A button pressed: pick up a coin, start a pan, or a click on the minimap or a cell."""
        if self._modal(x, y):
            return True
        chat = getattr(self.host, "chat", None)  # an open chat's Mute / Block / Report links
        if button == arcade.MOUSE_BUTTON_LEFT and chat is not None and chat.on_mouse_press(x, y):
            return True
        if button in (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE):
            if self.host.board.rect.contains(x, y):
                self.state.pan_from = (x, y)
            return True
        if button != arcade.MOUSE_BUTTON_LEFT:
            return None
        if self.host.board.minimap.contains(x, y):
            self.minimap_drag = True
            self.host.board.minimap.centre_on(x, y)
            return True
        if self.animator.busy and self.host.board.rect.contains(x, y):
            self.animator.skip()
            return True
        lay = self.host.layout
        if self.state.viewer is not None and lay.tray.contains(x, y) and not self.replay.is_replay:
            i = lay.slot_at(x, y, len(self.state.planner.rack))
            if i is not None and i < len(self.state.planner.rack):
                self.state.drag = Drag(("rack", i), self.state.planner.rack[i], x, y, (x, y))
            return True
        cell = self.host.board.cell_at(x, y)
        if cell is not None:
            if self.state.redeploy_mode:
                self.actions.redeploy_at(cell)
                return True
            if cell in self.state.planner.placed and self.host.my_turn:
                self.state.drag = Drag(("board", cell), self.state.planner.placed[cell], x, y, (x, y))
                return True
            self.state.pan_from = (x, y)
            self.press_cell = cell
            return True
        if self.host.board.rect.contains(x, y):
            self.state.pan_from = (x, y)
            return True
        return None

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> bool | None:
        """The mouse moves with a button down: the coin held follows, or the board pans."""
        if self.minimap_drag:
            self.host.board.minimap.centre_on(x, y)
            return True
        if self.state.drag is not None:
            self.state.drag.x, self.state.drag.y = x, y
            sx, sy = self.state.drag.start
            if abs(x - sx) + abs(y - sy) > DRAG_THRESHOLD:
                self.state.drag.moved = True
            self.host.board.hover = self.host.board.cell_at(x, y)
            return True
        if self.state.pan_from is not None:
            px, py = self.state.pan_from
            if abs(x - px) + abs(y - py) > DRAG_THRESHOLD or self.panning:
                self.panning = True
                self.host.board.framing.pan(dx, dy)
            return True
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool | None:
        """The mouse moves: the hovered cell and its tooltip follow (not under a docked dialog)."""
        cell = self.host.board.cell_at(x, y)
        if self.state.dialog is not None and getattr(self.state.dialog, "docked", False) and self.state.dialog.contains(x, y):
            cell = None
        self.host.set_hover(cell, x, y)
        return None

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        """A button released: drop the coin held, end a pan, or a plain click on the cell pressed."""
        if self.minimap_drag:
            self.minimap_drag = False
            return True
        if self._modal(x, y) and self.state.drag is None and self.state.pan_from is None:
            return True
        drag, self.state.drag = self.state.drag, None
        if self.state.pan_from is not None:
            panned = self.panning
            self.state.pan_from = None
            self.panning = False
            press_cell, self.press_cell = self.press_cell, None
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
                self.state.armed_rack_index = None if self.state.armed_rack_index == where else where
            elif kind == "board":
                self.state.planner.lift(where)
                self.state.planner.cursor = where
                self.host.planner_changed()
            return
        if not self.host.my_turn and kind == "rack":
            # Outside the turn the rack can still be arranged.
            slot = self.host.layout.slot_at(x, y, len(self.state.planner.rack))
            if slot is not None:
                self.state.planner.move_in_rack(where, slot)
            return
        cell = self.host.board.cell_at(x, y)
        slot = self.host.layout.slot_at(x, y, len(self.state.planner.rack))
        if cell is not None:
            placed = self.state.planner.place(cell, where) if kind == "rack" else self.state.planner.move_placed(where, cell)
            if placed:
                letter_set_down()
            elif kind == "rack":
                self.host.show_error("no letter can go on that cell")
            self.state.planner.cursor = cell
        elif slot is not None:
            if kind == "rack":
                self.state.planner.move_in_rack(where, slot)
            else:
                self.state.planner.lift(where, slot=slot)
        elif kind == "board":
            self.state.planner.lift(where)
        self.state.armed_rack_index = None
        self.host.planner_changed()

    def click_cell(self, cell: Cell) -> None:
        """A plain click on the board: place the armed rack letter, or set the cursor."""
        if self.state.viewer is None:
            return
        if self.state.armed_rack_index is not None and self.host.my_turn:
            index, self.state.armed_rack_index = self.state.armed_rack_index, None
            if self.state.planner.place(cell, index):
                letter_set_down()
                self.state.planner.cursor = cell
                self.host.planner_changed()
                return
        self.state.planner.set_cursor(cell)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        """The wheel: zoom the board about the pointer, or scroll the chronicle."""
        if self._modal(x, y):
            return True
        if self.host.board.rect.contains(x, y):
            self.host.board.framing.zoom_at(x, y, 1.15 ** scroll_y)
            return True
        if self.host.side.rects.chronicle.contains(x, y):
            self.host.side.scroll_chronicle(int(round(scroll_y * 3)))
            return True
        return None
