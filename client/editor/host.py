"""What the editor's parts need of the editor screen: the :class:`EditorHost` protocol.

The editor screen (:class:`~client.editor.view.EditorView`) is assembled from parts: the top
bar and status line (:mod:`client.editor.chrome`), the palette, the side panel, the keys, the
file actions and the dialogs. Each part is handed the screen and types it as
:class:`EditorHost`, so no part imports the module that assembles them. The file actions
(``files``) and dialogs are typed ``Any`` here for the same reason: their modules are parts too.
Also :class:`ScrollingPanel`, what the fairness table needs of the side panel that draws it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import arcade
    from arcade.types import RGBOrA255

    from client.editor.board import EditorBoard
    from client.editor.document import MapDocument
    from client.editor.layout import EditorLayout
    from client.editor.tools import Tool, ToolController
    from client.ui.theme import TextCache


class EditorHost(Protocol):
    """The editor screen as its parts see it (implemented by ``EditorView``)."""

    window: arcade.Window
    doc: MapDocument
    tools: ToolController
    board: EditorBoard
    layout: EditorLayout
    texts: TextCache
    files: Any
    """The :class:`~client.editor.file_actions.EditorFiles` (open, save, export, new)."""
    toast: str | None
    toast_colour: RGBOrA255
    hover_help: str | None

    def show_toast(self, text: str, colour: RGBOrA255 = ..., seconds: float = 4.0) -> None:
        """A message at the bottom of the screen for a few seconds."""

    def open_dialog(self, dialog: Any) -> None:
        """Show ``dialog`` over the editor."""

    def close_dialog(self, dialog: Any) -> None:
        """Close ``dialog`` if it is the one open."""

    def set_document(self, doc: MapDocument, message: str = "", *, keep_symmetry: bool = False) -> None:
        """Edit ``doc`` from now on."""

    def after_edit(self, fit: bool = False) -> None:
        """A dialog changed the map."""

    def select_tool(self, tool: Tool) -> None:
        """Use ``tool`` from now on."""

    def select_brush(self, size: int) -> None:
        """Paint with a ``size`` x ``size`` brush."""

    def select_paint(self, paint: str) -> None:
        """Paint with ``paint``."""

    def select_symmetry(self, symmetry: str | None) -> None:
        """Set the symmetry mode."""

    def undo(self) -> None:
        """Undo the last change."""

    def redo(self) -> None:
        """Redo the last undone change."""

    def run_gesture(self, action: Callable[[], Any]) -> None:
        """Run a tool gesture; a rule it breaks becomes a message."""

    def play_dialog(self) -> None:
        """Choose how to play the map."""

    def play(self, side: str, level: int, rules: str) -> None:
        """A skirmish on the map as it is; leaving it comes back to the editor."""

    def leave(self) -> None:
        """Back to the main menu (asking about unsaved changes first)."""


class ScrollingPanel(Protocol):
    """What the fairness table needs of the side panel it is drawn in."""

    content: Any
    """The panel's scrolling area (a rectangle)."""
    scroll: float
    max_scroll: float
    rows: list[Any]
    texts: TextCache
    scale: float
    """The window's size step (fonts and row heights grow with it)."""
