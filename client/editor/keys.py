"""The editor's keyboard: tools, paints, brush size, symmetry, and the file shortcuts.

Keys: B L R F I C choose a tool, 1-9 a paint, [ and ] the brush size, M the symmetry, Delete
removes the city under the mouse, Home fits the board, F5 plays the map, Escape cancels a
gesture or goes back to the main menu. With Ctrl: Z / Y undo and redo (Ctrl+Shift+Z redo too),
S save, Shift+S save as, O open, Shift+O import a Tiled map, Shift+E export for Tiled, N new,
G generate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from client.editor.paint import PAINTS
from client.editor.tools import Tool

if TYPE_CHECKING:
    from client.editor.host import EditorHost

TOOL_KEYS = {arcade.key.B: Tool.BRUSH, arcade.key.L: Tool.LINE, arcade.key.R: Tool.RECT,
             arcade.key.F: Tool.FILL, arcade.key.I: Tool.PICK, arcade.key.C: Tool.CITY}
PAINT_KEYS = {getattr(arcade.key, f"KEY_{i + 1}"): paint for i, paint in enumerate(PAINTS)}
PAINT_KEYS.update({getattr(arcade.key, f"NUM_{i + 1}"): paint for i, paint in enumerate(PAINTS)})
SYMMETRY_CYCLE = (None, "mirror-x", "mirror-y", "rot180")


def ctrl_action(view: EditorHost, symbol: int, shift: bool) -> Callable[[], Any] | None:
    """What Ctrl (+Shift) + ``symbol`` does (None: nothing)."""
    files = view.files
    plain: dict[int, Callable[[], Any]] = {
        arcade.key.Z: view.undo, arcade.key.Y: view.redo, arcade.key.S: files.save, arcade.key.O: files.open_map,
        arcade.key.N: files.new_map, arcade.key.G: files.generate}
    shifted: dict[int, Callable[[], Any]] = {
        arcade.key.Z: view.redo, arcade.key.S: files.save_as_dialog, arcade.key.O: files.import_tiled,
        arcade.key.E: files.export_tiled}
    return (shifted if shift else plain).get(symbol)


def handle_key(view: EditorHost, symbol: int, modifiers: int) -> bool | None:
    """Do what ``symbol`` means in the editor; True if it meant something."""
    if modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND):
        action = ctrl_action(view, symbol, bool(modifiers & arcade.key.MOD_SHIFT))
        if action is None:
            return None
        action()
        return True
    if symbol == arcade.key.ESCAPE:
        if view.tools.busy:
            view.tools.cancel()
        else:
            view.leave()
    elif symbol in TOOL_KEYS:
        view.select_tool(TOOL_KEYS[symbol])
    elif symbol in PAINT_KEYS:
        view.select_paint(PAINT_KEYS[symbol])
    elif symbol in (arcade.key.BRACKETLEFT, arcade.key.BRACKETRIGHT):
        view.tools.step_brush_size(-1 if symbol == arcade.key.BRACKETLEFT else 1)
    elif symbol == arcade.key.M:
        i = SYMMETRY_CYCLE.index(view.doc.symmetry)
        view.select_symmetry(SYMMETRY_CYCLE[(i + 1) % len(SYMMETRY_CYCLE)])
    elif symbol in (arcade.key.DELETE, arcade.key.BACKSPACE):
        cell = view.tools.hover
        if cell is not None and view.doc.at(cell) in "GSP":
            view.run_gesture(lambda: view.doc.city_ops.remove_city(cell))
    elif symbol == arcade.key.HOME:
        view.board.framing.fit()
    elif symbol == arcade.key.F5:
        view.play_dialog()
    else:
        return None
    return True
