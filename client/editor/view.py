"""The map editor screen: paint a map on the game's own board, check it live, save it, play it.

Layout (:mod:`client.editor.layout`): a brass top bar (Menu, the map's name and file, "Play
this map"); the tool palette on the left (:class:`~client.editor.panels.Palette`); the board
in the middle (:class:`~client.editor.board.EditorBoard`); the file buttons and the live
checks and fairness table on the right (:class:`~client.editor.panels.SidePanel`).

Mouse: the left button uses the tool, the right button picks a paint (with the Cities tool it
removes a city), the middle button or Space+drag pans, the wheel zooms. Keys: B L R F I C
choose a tool, 1-9 a paint, [ and ] the brush size, M the symmetry, Ctrl+Z / Ctrl+Y undo and
redo, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+O open, Ctrl+N new, Ctrl+G generate, F5 play,
Home fits the board, Escape goes back to the main menu (asking first about unsaved changes).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade
from arcade.gui import UIAnchorLayout

from client.editor.board import EditorBoard
from client.editor.dialogs import (
    ChoiceDialog,
    DetailsDialog,
    Dialog,
    FileDialog,
    GenerateDialog,
    MessageDialog,
    NewMapDialog,
    PlayDialog,
    ResizeDialog,
    display_path,
)
from client.editor.document import MapDocument, SaveRefused
from client.editor.layout import EditorLayout, editor_layout
from client.editor.paint import PAINTS, SYMMETRY_LABELS, paint_name
from client.editor.panels import Palette, SidePanel, cells_of
from client.editor.tools import LEFT, RIGHT, TOOL_HINTS, Tool, ToolController
from client.ui import theme
from client.ui.textures import plate_patch
from client.ui.widgets import BrassButton
from client.views.base import BaseView
from client.views.fast_draw import CachedLayer, PartialUIManager, screen_camera
from shared.mapcheck import ERROR, FairnessReport, Finding, detect_symmetry
from shared.maps import MapError, cell_label
from shared.terrain import Player

DEFAULT_SIZE = 25
PLAY_WIDTH = 190
CHECK_INTERVAL = 0.25
"""Seconds between re-checks of the map while a stroke is being painted (at once otherwise)."""

TOOL_KEYS = {arcade.key.B: Tool.BRUSH, arcade.key.L: Tool.LINE, arcade.key.R: Tool.RECT,
             arcade.key.F: Tool.FILL, arcade.key.I: Tool.PICK, arcade.key.C: Tool.CITY}
PAINT_KEYS = {getattr(arcade.key, f"KEY_{i + 1}"): paint for i, paint in enumerate(PAINTS)}
PAINT_KEYS.update({getattr(arcade.key, f"NUM_{i + 1}"): paint for i, paint in enumerate(PAINTS)})
SYMMETRY_CYCLE = (None, "mirror-x", "mirror-y", "rot180")


class EditorView(BaseView):
    """The map editor (see the module docstring)."""

    def __init__(self, map_path: str | Path | None = None) -> None:
        super().__init__(back=None)
        # Software OpenGL is fill-rate bound: copy the widgets' surface only where the panels are.
        self.ui = PartialUIManager()
        self.root = UIAnchorLayout()
        self.ui.add(self.root)
        if map_path is not None:
            doc = MapDocument.open(map_path)
        else:
            doc = MapDocument.blank(DEFAULT_SIZE, DEFAULT_SIZE)
        self.doc = doc
        self.tools = ToolController(doc)
        self.layout: EditorLayout = editor_layout(self.window.width, self.window.height)
        self.board = EditorBoard(self.layout.board, self.window)
        self.backdrop = CachedLayer(self.window)
        self._backdrop_key: tuple = ()
        self.palette = Palette(self)
        self.side = SidePanel(self)
        self.dialog: Dialog | None = None
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
        self.palette.build(self.root, lay.palette, h)
        self.side.build(self.root, lay.side, h)
        self.menu_button = BrassButton("Menu", width=100, height=40, kind="steel", font_size=15,
                                       on_click=self.leave, name="menu")
        self.root.add(self.menu_button, anchor_x="left", anchor_y="top", align_x=14, align_y=-9)
        self.play_button = BrassButton("Play this map", width=PLAY_WIDTH, height=40, kind="gold", font_size=16,
                                       on_click=self.play_dialog, name="play")
        self.root.add(self.play_button, anchor_x="right", anchor_y="top", align_x=-14, align_y=-9)
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

        self.guard("quit", close)
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
        self.board.user_zoomed = False
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
        self.findings = self.doc.findings()
        self.report = self.doc.fairness()
        self._checked = (id(self.doc), self.doc.revision)
        self._since_check = 0.0

    def after_edit(self, fit: bool = False) -> None:
        """A dialog changed the map."""
        if fit:
            self.board.user_zoomed = False
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

    # ---------------------------------------------------------------- file actions
    def guard(self, doing: str, proceed: Callable[[], Any]) -> None:
        """Run ``proceed`` now, or after asking about unsaved changes."""
        if not self.doc.dirty:
            proceed()
            return
        name = self.doc.name
        self.open_dialog(ChoiceDialog(
            self, "Unsaved changes",
            f"\N{LEFT DOUBLE QUOTATION MARK}{name}\N{RIGHT DOUBLE QUOTATION MARK} has changes that are not saved. "
            f"Save them before you {doing}?",
            [("Save", "save", "gold", lambda: self.save(then=proceed)),
             ("Don't save", "discard", "ruby", proceed),
             ("Cancel", "cancel", "steel", None)]))

    def new_map(self) -> None:
        """Ask for the size and terrain of a new map (after the unsaved-changes question)."""
        self.guard("start a new map", lambda: self.open_dialog(NewMapDialog(self)))

    def open_map(self) -> None:
        """Choose a map file to open (after the unsaved-changes question)."""
        self.guard("open another map", lambda: self.open_dialog(FileDialog(self, "open")))

    def generate(self) -> None:
        """Make a random map from a seed (after the unsaved-changes question)."""
        self.guard("generate a new map", lambda: self.open_dialog(GenerateDialog(self)))

    def edit_details(self) -> None:
        """Rename the map; its author, description and version."""
        self.open_dialog(DetailsDialog(self))

    def resize_dialog(self) -> None:
        """Ask for a new board size."""
        self.open_dialog(ResizeDialog(self))

    def save(self, then: Callable[[], Any] | None = None) -> None:
        """Save to the map's file (Save as if it has none); refused with the reasons if unplayable."""
        if not self._check_playable("Not saved"):
            return
        if self.doc.path is None:
            self.open_dialog(FileDialog(self, "save", then))
            return
        self._write(self.doc.path, then)

    def save_as_dialog(self) -> None:
        """Choose where to save (refused with the reasons if the map is unplayable)."""
        if self._check_playable("Not saved"):
            self.open_dialog(FileDialog(self, "save"))

    def save_as(self, path: Path, dialog: FileDialog | None = None, then: Callable[[], Any] | None = None) -> None:
        """Save to ``path``, asking first before replacing another file."""
        current = self.doc.path.resolve() if self.doc.path else None
        if path.exists() and path.resolve() != current:
            def back() -> None:
                if dialog is not None:
                    self.open_dialog(dialog)

            self.open_dialog(ChoiceDialog(
                self, "Replace the file?", f"{display_path(path)} already exists. Replace it with this map?",
                [("Replace", "replace", "ruby", lambda: self._write(path, then)), ("Cancel", "cancel", "steel", back)]))
            return
        self._write(path, then, dialog)

    def _write(self, path: Path, then: Callable[[], Any] | None, dialog: Dialog | None = None) -> bool:
        try:
            written = self.doc.save(path)
        except SaveRefused as exc:
            if dialog is not None:
                dialog.dismiss()
            self._refuse("Not saved", exc.errors)
            return False
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            if dialog is not None:
                dialog.show_error(f"Cannot write {display_path(path)}: {reason}")
            else:
                self.open_dialog(MessageDialog(self, "Not saved", [f"Cannot write {display_path(path)}: {reason}"],
                                               theme.RUBY))
            return False
        if dialog is not None:
            dialog.dismiss()
        self.show_toast(f"Saved {display_path(written)}.", theme.EMERALD)
        if then is not None:
            then()
        return True

    def open_path(self, path: Path, dialog: Dialog | None = None) -> bool:
        """Open the map file at ``path`` (errors go to ``dialog``, else to a message)."""
        try:
            doc = MapDocument.open(path)
        except (FileNotFoundError, MapError, OSError, ValueError) as exc:
            reason = str(exc)
            if dialog is not None:
                dialog.show_error(reason)
            else:
                self.open_dialog(MessageDialog(self, "Cannot open the map", [reason], theme.RUBY))
            return False
        if dialog is not None:
            dialog.dismiss()
        self.set_document(doc, f"Opened {display_path(doc.path or path)}.")
        return True

    def _check_playable(self, title: str) -> bool:
        errors = [f for f in self.doc.findings() if f.level == ERROR]
        if errors:
            self._refuse(title, errors)
            return False
        return True

    def _refuse(self, title: str, errors) -> None:
        lines = ["The map cannot be played yet:"]
        lines += [f"\N{BULLET} {f.message[:1].upper()}{f.message[1:]}." for f in errors[:6]]
        if len(errors) > 6:
            lines.append(f"... and {len(errors) - 6} more (see Checks).")
        self.open_dialog(MessageDialog(self, title, lines, theme.PARCHMENT))

    # ---------------------------------------------------------------- play and leave
    def play_dialog(self) -> None:
        """Choose a side and a difficulty for a skirmish on this map (if it is playable)."""
        if self._check_playable("Not playable yet"):
            self.open_dialog(PlayDialog(self))

    def play(self, side: str, level: int, rules: str) -> None:
        """A skirmish against the computer on the map as it is; leaving it comes back here."""
        from client.ai_player import levels
        from client.session import LocalSession, Seat
        from client.views.game import GameView

        human = Player.GOLD if side == "gold" else Player.SILVER
        settings = getattr(self.window, "settings", None)
        name = getattr(settings, "name", "You")
        level_name = levels().get(level, str(level))
        seats = {human: Seat(human, name, True),
                 human.other: Seat(human.other, f"Computer ({level_name})", False, level)}
        session = LocalSession.new(self.doc.to_game_map(), rules, self.window.lexicon,
                                   seed=random.getrandbits(31), first=Player.GOLD,
                                   gold=seats[Player.GOLD], silver=seats[Player.SILVER])
        game_view = GameView(session)
        editor, window = self, self.window

        def back_to_editor() -> None:
            session.close()
            window.show_view(editor)

        # GameView.leave goes to the main menu; from here, leaving the game returns to the editor.
        game_view.leave = back_to_editor  # type: ignore[method-assign]
        window.show_view(game_view)

    def leave(self) -> None:
        """Back to the main menu (asking about unsaved changes first)."""
        self.guard("leave the editor", self._go_menu)

    def _go_menu(self) -> None:
        go_menu = getattr(self.window, "go_menu", None)
        if go_menu is not None:
            go_menu()
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
        self.ui.enable()

    # ---------------------------------------------------------------- input
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return None
        if not self.board.contains(x, y):
            return None
        if button == arcade.MOUSE_BUTTON_MIDDLE or (button == arcade.MOUSE_BUTTON_LEFT and self._space):
            self._pan_from = (x, y)
            return True
        cell = self.board.cell_at(x, y)
        if cell is None or button not in (arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_RIGHT):
            return True
        self._guarded(lambda: self.tools.press(cell, LEFT if button == arcade.MOUSE_BUTTON_LEFT else RIGHT))
        return True

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return None
        if self._pan_from is not None:
            self.board.pan(dx, dy)
            return True
        if self.tools.busy:
            cell = self.board.cell_at(x, y, clamp=True)
            if cell is not None:
                self._guarded(lambda: self.tools.drag(cell))
            return True
        return None

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        if self._pan_from is not None:
            self._pan_from = None
            return True
        if self.dialog is None and self.tools.busy:
            cell = self.board.cell_at(x, y)
            self._guarded(lambda: self.tools.release(cell))
            return True
        return None

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        if self.dialog is not None:
            return
        self.tools.hover = self.board.cell_at(x, y)
        self.side.hovered = self.side.finding_at(x, y)
        self.hover_help = self.palette.hover_text(x, y)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        if self.dialog is not None:
            return None
        if self.board.contains(x, y):
            self.board.zoom_at(x, y, 1.12 ** scroll_y)
            return True
        if self.side.content.contains(x, y):
            self.side.scroll_by(-scroll_y * 40)
            return True
        return None

    def _guarded(self, action: Callable[[], Any]) -> None:
        """Run a tool gesture; a rule it breaks becomes a message, not a crash."""
        try:
            action()
        except ValueError as exc:
            self.tools.cancel()
            self.show_toast(str(exc)[:1].upper() + str(exc)[1:] + ".", theme.RUBY)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return self.dialog.on_key_press(symbol, modifiers)
        ctrl = bool(modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND))
        shift = bool(modifiers & arcade.key.MOD_SHIFT)
        if ctrl:
            actions = {arcade.key.Z: self.redo if shift else self.undo, arcade.key.Y: self.redo,
                       arcade.key.S: self.save_as_dialog if shift else self.save, arcade.key.O: self.open_map,
                       arcade.key.N: self.new_map, arcade.key.G: self.generate}
            action = actions.get(symbol)
            if action is not None:
                action()
                return True
            return None
        if symbol == arcade.key.SPACE:
            self._space = True
        elif symbol == arcade.key.ESCAPE:
            if self.tools.busy:
                self.tools.cancel()
            else:
                self.leave()
        elif symbol in TOOL_KEYS:
            self.select_tool(TOOL_KEYS[symbol])
        elif symbol in PAINT_KEYS:
            self.select_paint(PAINT_KEYS[symbol])
        elif symbol == arcade.key.BRACKETLEFT:
            self.tools.step_brush_size(-1)
        elif symbol == arcade.key.BRACKETRIGHT:
            self.tools.step_brush_size(1)
        elif symbol == arcade.key.M:
            i = SYMMETRY_CYCLE.index(self.doc.symmetry)
            self.select_symmetry(SYMMETRY_CYCLE[(i + 1) % len(SYMMETRY_CYCLE)])
        elif symbol in (arcade.key.DELETE, arcade.key.BACKSPACE):
            cell = self.tools.hover
            if cell is not None and self.doc.at(cell) in "GSP":
                self._guarded(lambda: self.doc.remove_city(cell))
        elif symbol == arcade.key.HOME:
            self.board.fit()
        elif symbol == arcade.key.F5:
            self.play_dialog()
        else:
            return None
        return True

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
        self.backdrop.draw(0, 0, w, h, lambda size: (screen_camera(size, 0, 0).use(), self._paint_backdrop()),
                           clear=theme.WALNUT, blend=False)
        self._draw_board()
        self.window.default_camera.use()
        self._draw_status()
        lay = self.layout
        self.ui.draw_areas([(r.left, r.bottom, r.width, r.height) for r in (lay.palette, lay.side, lay.top)])
        self.palette.draw_front()
        self.side.draw_front(self.findings, self.report)
        if self.dialog is not None:
            self.dialog.draw()
        self.draw_toast()

    def _paint_backdrop(self) -> None:
        self.draw_table()
        self.palette.draw_back()
        self.side.draw_back()
        self._draw_top_bar()

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

    def _draw_top_bar(self) -> None:
        top = self.layout.top
        plate_patch("brass", "normal").draw_rect(rect=arcade.LBWH(top.left - 20, top.bottom, top.width + 40,
                                                                   top.height + 16))
        mid = top.bottom + top.height / 2
        doc = self.doc
        left = top.left + 140
        right = top.right - 14 - PLAY_WIDTH - 24  # clear of "Play this map"
        dirty_w = 0.0
        if doc.dirty:
            dirty = self.texts.get("dirty", "unsaved changes", 0, mid - 1, size=14, color=theme.RUBY_DARK,
                                   anchor_y="center", italic=True, font=theme.SANS)
            dirty_w = 34 + dirty.content_width
        # The name gets what it needs up to 60% of the room; the size and file take the rest.
        title = self._fitted("title", doc.name, left, mid, 0.6 * (right - left - dirty_w), "end", size=20,
                             color=theme.INK_DARK, bold=True, anchor_y="center")
        ink = (70, 48, 20, 255)
        size = self.texts.draw("size", f"{doc.width}\N{MULTIPLICATION SIGN}{doc.height}   \N{MIDDLE DOT}",
                               title.x + title.content_width + 22, mid - 1, size=14, color=ink, anchor_y="center",
                               font=theme.SANS)
        where = display_path(doc.path) if doc.path else "not saved to a file yet"
        sub_x = size.x + size.content_width + 12
        sub_text = self._fitted("subtitle", where, sub_x, mid - 1, right - sub_x - dirty_w, "middle", size=14,
                                color=ink, anchor_y="center", font=theme.SANS)
        if doc.dirty:
            x = sub_text.x + sub_text.content_width + 22
            arcade.draw_circle_filled(x, mid, 6, theme.RUBY_DARK)
            self.texts.draw("dirty", "unsaved changes", x + 12, mid - 1, size=14, color=theme.RUBY_DARK,
                            anchor_y="center", italic=True, font=theme.SANS)

    def _fitted(self, key: str, text: str, x: float, y: float, max_width: float, elide: str,
                **style: Any) -> arcade.Text:
        """Draw ``text`` shortened with an ellipsis (at the ``"end"`` or in the ``"middle"``) to
        fit ``max_width`` pixels. Only runs when the cached top bar is redrawn."""
        shown = self.texts.get(key, text, x, y, **style)
        cut = 0
        if shown.content_width > max_width > 0:
            # Start near the answer (characters are roughly even in width), then step.
            cut = max(0, int(len(text) * (1 - max_width / shown.content_width)) - 2)
        while shown.content_width > max_width and cut < len(text) - 2:
            cut += 1
            keep = len(text) - cut
            if elide == "middle":
                head = keep // 3
                short = f"{text[:head]}\N{HORIZONTAL ELLIPSIS}{text[len(text) - (keep - head):]}"
            else:
                short = text[:keep].rstrip() + "\N{HORIZONTAL ELLIPSIS}"
            shown = self.texts.get(key, short, x, y, **style)
        shown.draw()
        return shown

    def draw_toast(self) -> None:
        """Messages float over the foot of the board, clear of the panels."""
        if not self.toast:
            return
        b = self.layout.board
        text = self.texts.get("toast", self.toast, b.left + b.width / 2, b.bottom + 34, size=15,
                              color=theme.PARCHMENT, anchor_x="center", anchor_y="center", font=theme.SANS,
                              width=int(b.width - 60), multiline=True, align="center")
        tw = min(b.width - 40, text.content_width + 36)
        th = text.content_height + 18
        cx, cy = b.left + b.width / 2, b.bottom + 34
        arcade.draw_lbwh_rectangle_filled(cx - tw / 2, cy - th / 2, tw, th, theme.with_alpha(theme.LEATHER_DARK, 240))
        arcade.draw_lbwh_rectangle_outline(cx - tw / 2, cy - th / 2, tw, th, self.toast_colour, 2)
        text.draw()

    def _draw_status(self) -> None:
        s = self.layout.status
        arcade.draw_lbwh_rectangle_filled(s.left, s.bottom, s.width, s.height, theme.with_alpha(theme.WALNUT, 235))
        arcade.draw_line(s.left, s.top, s.right, s.top, theme.with_alpha(theme.BRASS, 120), 1)
        mid = s.bottom + s.height / 2
        cell = self.tools.hover
        if self.hover_help:
            where = self.hover_help
        elif cell is not None:
            where = f"{cell_label(cell)}   {paint_name(self.doc.at(cell))}"
        else:
            where = ""
        self.texts.draw("where", where, s.left + 14, mid, size=13, color=theme.PARCHMENT, anchor_y="center",
                        font=theme.SANS)
        tool = self.tools.tool
        hint = f"{tool.label}: {TOOL_HINTS[tool]}"
        self.texts.draw("hint", hint, s.right - 14, mid, size=13, color=theme.PARCHMENT_DIM, anchor_x="right",
                        anchor_y="center", italic=True, font=theme.SANS)

