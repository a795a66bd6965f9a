"""The map editor screen: paint a map on the game's own board, check it live, save it, play it.

Layout (:mod:`client.editor.layout`): a brass top bar (Menu, the map's name and file, "Play
this map"; :mod:`client.editor.chrome`); the tool palette on the left
(:class:`~client.editor.palette.Palette`); the board in the middle
(:class:`~client.editor.board.EditorBoard`) over a status line; the file buttons and the live
checks and fairness table on the right (:class:`~client.editor.side_panel.SidePanel`).
The file actions are :class:`~client.editor.file_actions.EditorFiles` (``view.files``).

Mouse: the left button uses the tool, the right button picks a paint (with the Cities tool it
removes a city), the middle button or Space+drag pans, the wheel zooms. The keys are listed in
:mod:`client.editor.keys`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade
from arcade.gui import UIAnchorLayout

from client.editor.board import EditorBoard
from client.editor.chrome import PLAY_WIDTH, draw_status, draw_toast, draw_top_bar
from client.editor.dialogs import Dialog
from client.editor.document import MapDocument
from client.editor.file_actions import EditorFiles
from client.editor.file_dialog import display_path
from client.editor.keys import handle_key
from client.editor.layout import EditorLayout, editor_layout
from client.editor.map_dialogs import PlayDialog
from client.editor.paint import SYMMETRY_LABELS
from client.editor.palette import Palette
from client.editor.side_panel import SidePanel, cells_of
from client.editor.tools import LEFT, RIGHT, Tool, ToolController
from client.ui import theme
from client.ui.widgets import BrassButton
from client.views.base import BaseView
from client.views.fast_draw import CachedLayer, PartialUIManager, screen_camera
from shared.maps.check import ERROR, FairnessReport, Finding, detect_symmetry
from shared.rules.terrain import Player

DEFAULT_SIZE = 25
CHECK_INTERVAL = 0.25
"""Seconds between re-checks of the map while a stroke is being painted (at once otherwise)."""


class EditorView(BaseView):
    """The map editor (see the module docstring)."""

    def __init__(self, map_path: str | Path | None = None) -> None:
        super().__init__(back=None)
        # Software OpenGL is fill-rate bound: copy the widgets' surface only where the panels are.
        self.ui = PartialUIManager()
        self.root = UIAnchorLayout()
        self.ui.add(self.root)
        doc = MapDocument.open(map_path) if map_path is not None else MapDocument.blank(DEFAULT_SIZE, DEFAULT_SIZE)
        self.doc = doc
        self.files = EditorFiles(self)
        self.tools = ToolController(doc)
        self.layout: EditorLayout = editor_layout(self.window.width, self.window.height)
        self.board = EditorBoard(self.layout.board, self.window)
        self.backdrop = CachedLayer(self.window)
        self._backdrop_key: tuple = ()
        self.palette = Palette(self)
        self.side = SidePanel(self)
        self.dialog: Dialog | None = None
        self._dialog_click = (0.0, 0.0, 0.0)  # where and when a dialog was last clicked (x, y, time)
        self.findings: list[Finding] = []
        self.report: FairnessReport | None = None
        self._checked: tuple[int, int] = (-1, -1)
        self._since_check = 0.0
        self._pan_from: tuple[float, float] | None = None
        self._space = False
        self.hover_help: str | None = None
        self.play_button: BrassButton | None = None
        self.menu_button: BrassButton | None = None
        self._close_handler_pushed = False
        self.allow_close = False
        if map_path is not None:
            self._adopt_symmetry(f"Opened {display_path(Path(doc.path or map_path))}.")
        self._build_widgets()
        self.recheck()

    # ---------------------------------------------------------------- building
    def _build_widgets(self) -> None:
        self.root.clear()
        lay = self.layout
        h = self.window.height
        self.palette.build(self.root, lay.palette, h, lay.scale)
        self.side.build(self.root, lay.side, h, lay.scale)
        self.menu_button = BrassButton("Menu", width=lay.px(100), height=lay.px(40), kind="steel",
                                       font_size=lay.px(15), on_click=self.leave, name="menu")
        self.root.add(self.menu_button, anchor_x="left", anchor_y="top", align_x=14, align_y=-lay.px(9))
        self.play_button = BrassButton("Play this map", width=lay.px(PLAY_WIDTH), height=lay.px(40), kind="gold",
                                       font_size=lay.px(16), on_click=self.play_dialog, name="play")
        self.root.add(self.play_button, anchor_x="right", anchor_y="top", align_x=-14, align_y=-lay.px(9))
        self.ui.request_layout()

    # ---------------------------------------------------------------- lifecycle
    def on_show_view(self) -> None:
        super().on_show_view()
        self.on_resize(self.window.width, self.window.height)
        if self.dialog is not None:
            self.ui.disable()
            self.dialog.ui.enable()
        if not self._close_handler_pushed:
            self.window.push_handlers(on_close=self._on_window_close)
            self._close_handler_pushed = True

    def on_hide_view(self) -> None:
        super().on_hide_view()
        if self.dialog is not None:
            self.dialog.ui.disable()
        if self._close_handler_pushed:
            self.window.remove_handlers(on_close=self._on_window_close)
            self._close_handler_pushed = False

    def on_resize(self, width: int, height: int) -> None:
        self.layout = editor_layout(width, height)
        self.board.set_rect(self.layout.board)
        self._build_widgets()
        if self.dialog is not None:
            self.dialog.relayout()

    def _on_window_close(self) -> bool:
        """The window's close button: ask first if there are unsaved changes."""
        if self.allow_close or not self.doc.dirty:
            return False

        def close() -> None:
            self.allow_close = True
            self.window.close()

        self.files.guard("quit", close)
        return True

    # ---------------------------------------------------------------- the document
    def set_document(self, doc: MapDocument, message: str = "", *, keep_symmetry: bool = False) -> None:
        """Edit ``doc`` from now on (a new, opened or generated map)."""
        symmetry = self.doc.symmetry
        self.doc = doc
        self.tools.set_document(doc)
        self.side.scroll = 0.0
        if keep_symmetry:
            doc.symmetry = symmetry
            self.show_toast(message, theme.SAPPHIRE)
        else:
            self._adopt_symmetry(message)
        self.board.framing.user_zoomed = False
        self.recheck()

    def _adopt_symmetry(self, message: str) -> None:
        """Turn on the symmetry the map already has, so edits keep it fair."""
        found = detect_symmetry(self.doc.to_game_map()) if self.doc.cities() else None
        self.doc.symmetry = found
        if found:
            message = f"{message} It is symmetric: {SYMMETRY_LABELS[found].lower()} is on.".strip()
        if message:
            self.show_toast(message, theme.SAPPHIRE, 6.0)

    def recheck(self) -> None:
        """Check the map now (errors and fairness)."""
        self.findings = self.doc.checks.findings()
        self.report = self.doc.checks.fairness()
        self._checked = (id(self.doc), self.doc.revision)
        self._since_check = 0.0

    def after_edit(self, fit: bool = False) -> None:
        """A dialog changed the map."""
        if fit:
            self.board.framing.user_zoomed = False
        self.recheck()

    # ---------------------------------------------------------------- palette actions
    def select_tool(self, tool: Tool) -> None:
        """Use ``tool`` from now on."""
        self.tools.select_tool(tool)

    def select_brush(self, size: int) -> None:
        """Paint with a ``size`` x ``size`` brush."""
        self.tools.set_brush_size(size)

    def select_paint(self, paint: str) -> None:
        """Paint with ``paint`` (a city paint selects the Cities tool)."""
        self.tools.select_paint(paint)

    def select_symmetry(self, symmetry: str | None) -> None:
        """Set the symmetry mode (None: off) and say what it does."""
        self.doc.symmetry = symmetry
        text = SYMMETRY_LABELS[symmetry]
        note = "" if symmetry is None else ": every stroke paints its mirror too, gold turning to silver"
        self.show_toast(f"{text}{note}.", theme.SAPPHIRE)

    def undo(self) -> None:
        """Undo the last change."""
        command = self.doc.undo()
        self.show_toast(f"Undid: {command.label}." if command else "Nothing to undo.", theme.SAPPHIRE, 2.0)

    def redo(self) -> None:
        """Redo the last undone change."""
        command = self.doc.redo()
        self.show_toast(f"Redid: {command.label}." if command else "Nothing to redo.", theme.SAPPHIRE, 2.0)

    # ---------------------------------------------------------------- file actions (client.editor.file_actions)
    def open_path(self, path: Path, dialog: Dialog | None = None) -> bool:
        """Open the map (or Tiled map) at ``path``; see :meth:`EditorFiles.open_path`."""
        return self.files.open_path(path, dialog)

    # ---------------------------------------------------------------- play and leave
    def play_dialog(self) -> None:
        """Choose a side and a difficulty for a skirmish on this map (if it is playable)."""
        if self.files.check_playable("Not playable yet"):
            self.open_dialog(PlayDialog(self))

    def play(self, side: str, level: int, rules: str) -> None:
        """A skirmish against the computer on the map as it is; leaving it comes back here."""
        from client.play.ai_player import levels
        from client.play.session import LocalSession, Seat

        human = Player.GOLD if side == "gold" else Player.SILVER
        settings = getattr(self.window, "settings", None)
        name = getattr(settings, "name", "You")
        level_name = levels().get(level, str(level))
        seats = {human: Seat(human, name, True),
                 human.other: Seat(human.other, f"Computer ({level_name})", False, level)}
        session = LocalSession.new(self.doc.to_game_map(), rules, self.window.lexicon,
                                   seed=random.getrandbits(31), first=Player.GOLD,
                                   gold=seats[Player.GOLD], silver=seats[Player.SILVER])
        session.origin = "editor"  # kept in a save slot like any local game (client.play.autosave)
        navigator = self.navigator
        # Leaving the game (which closes its session) comes back to this editor, not the menu.
        navigator.start_game(session, leave=lambda: navigator.show(self))

    def leave(self) -> None:
        """Back to the main menu (asking about unsaved changes first)."""
        self.files.guard("leave the editor", self._go_menu)

    def _go_menu(self) -> None:
        navigator = getattr(self.window, "navigator", None)
        if navigator is not None:
            navigator.go_menu()
        else:
            arcade.exit()

    # ---------------------------------------------------------------- dialogs
    def open_dialog(self, dialog: Dialog) -> None:
        """Show ``dialog`` over the editor (closing another one first)."""
        if self.dialog is not None:
            self.dialog.close()
        self.tools.cancel()
        self.ui.disable()
        self.dialog = dialog
        dialog.open()

    def close_dialog(self, dialog: Dialog) -> None:
        """Close ``dialog`` if it is the one open."""
        if self.dialog is not dialog:
            return
        dialog.close()
        self.dialog = None
        self._dialog_click = dialog.ui.last_press
        self.ui.enable()

    # ---------------------------------------------------------------- input
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return None
        if _same_click(self._dialog_click, x, y):  # the second click of a double click that closed a dialog
            return True
        if not self.board.contains(x, y):
            return None
        if button == arcade.MOUSE_BUTTON_MIDDLE or (button == arcade.MOUSE_BUTTON_LEFT and self._space):
            self._pan_from = (x, y)
            return True
        cell = self.board.cell_at(x, y)
        if cell is None or button not in (arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_RIGHT):
            return True
        self.run_gesture(lambda: self.tools.press(cell, LEFT if button == arcade.MOUSE_BUTTON_LEFT else RIGHT))
        return True

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return None
        if self._pan_from is not None:
            self.board.framing.pan(dx, dy)
            return True
        if self.tools.busy:
            cell = self.board.cell_at(x, y, clamp=True)
            if cell is not None:
                self.run_gesture(lambda: self.tools.drag(cell))
            return True
        return None

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        if self._pan_from is not None:
            self._pan_from = None
            return True
        if self.dialog is None and self.tools.busy:
            cell = self.board.cell_at(x, y)
            self.run_gesture(lambda: self.tools.release(cell))
            return True
        return None

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        if self.dialog is not None:
            return
        self.tools.hover = self.board.cell_at(x, y)
        self.side.hovered = self.side.finding_at(x, y)
        self.hover_help = self.palette.hover_text(x, y) or self.side.hover_text(x, y)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        if self.dialog is not None:
            return None
        if self.board.contains(x, y):
            self.board.framing.zoom_at(x, y, 1.12 ** scroll_y)
            return True
        if self.side.content.contains(x, y):
            self.side.scroll_by(-scroll_y * 40)
            return True
        return None

    def run_gesture(self, action: Callable[[], Any]) -> None:
        """Run a tool gesture; a rule it breaks becomes a message, not a crash."""
        try:
            action()
        except ValueError as exc:
            self.tools.cancel()
            self.show_toast(str(exc)[:1].upper() + str(exc)[1:] + ".", theme.RUBY)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return self.dialog.on_key_press(symbol, modifiers)
        if symbol == arcade.key.SPACE:
            self._space = True
            return True
        return handle_key(self, symbol, modifiers)

    def on_key_release(self, symbol: int, modifiers: int) -> bool | None:
        if symbol == arcade.key.SPACE:
            self._space = False
        return None

    # ---------------------------------------------------------------- frames
    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        self._since_check += delta_time
        # While a stroke is painted, check a few times a second, not on every mouse move.
        stale = self._checked != (id(self.doc), self.doc.revision)
        if stale and (not self.doc.in_stroke or self._since_check >= CHECK_INTERVAL):
            self.recheck()
        self.palette.sync()
        self.side.sync()

    def on_draw(self) -> None:
        w, h = self.window.width, self.window.height
        doc = self.doc
        key = (w, h, doc.name, doc.width, doc.height, doc.path, doc.dirty, self.side.content)
        if key != self._backdrop_key:
            self._backdrop_key = key
            self.backdrop.dirty = True
        # The table, the panels' frames and the top bar change rarely: one cached copy, no clear.
        self.backdrop.draw(0, 0, w, h, self._paint_backdrop, clear=theme.WALNUT, blend=False)
        self._draw_board()
        self.window.default_camera.use()
        draw_status(self)
        lay = self.layout
        self.ui.draw_areas([(r.left, r.bottom, r.width, r.height) for r in (lay.palette, lay.side, lay.top)])
        self.palette.draw_front()
        self.side.draw_front(self.findings, self.report)
        if self.dialog is not None:
            self.dialog.draw()
        draw_toast(self)

    def _paint_backdrop(self, size: tuple[int, int]) -> None:
        screen_camera(size, 0, 0).use()
        self.draw_table()
        self.palette.draw_back()
        self.side.draw_back()
        draw_top_bar(self)

    def _draw_board(self) -> None:
        board = self.board
        board.sync(self.doc)
        primary, mirrored = self.tools.preview() if self.dialog is None else ({}, {})
        board.set_preview(primary, mirrored)
        errors = {c for f in self.findings if f.level == ERROR for c in f.cells}
        focus = cells_of(self.side.hovered)
        colour = theme.RUBY if self.side.hovered is not None and self.side.hovered.level == ERROR else theme.AMBER
        outline = len(primary) <= 64
        board.draw(symmetry=self.doc.symmetry, errors=errors, focus=focus, focus_colour=colour,
                   outline_primary=set(primary) if outline else set(),
                   outline_mirror=set(mirrored) if outline else set(), hover=self.tools.hover)


def _same_click(earlier: tuple[float, float, float], x: float, y: float) -> bool:
    return time.monotonic() - earlier[2] < 0.5 and abs(x - earlier[0]) <= 6 and abs(y - earlier[1]) <= 6
