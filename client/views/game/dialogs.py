"""The dialog shown over the game board (a part of :class:`~client.views.game.view.GameView`), the
decisions that open one, and the coin being dragged, which is drawn over the board like it.

One dialog at a time (``state.dialog``): opening one closes the one shown. A dialog that is not
docked beside the board takes the screen's buttons away while it shows; one that ``pauses``
holds the session (a local game's computer player waits) until it closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import arcade

from client.play.session import GameSession
from client.views.game.state import Drag, ScreenState
from shared.rules.terrain import Player
from shared.wire import DiscardPending


class ButtonLayer(Protocol):
    """The screen's buttons as the dialogs switch them (an arcade.gui UIManager)."""

    def enable(self) -> None:
        """The buttons take the mouse."""

    def disable(self) -> None:
        """The buttons ignore the mouse."""


class DialogSlot:
    """Opens and closes the game screen's dialog.

    Handed the screen's state, its session, its buttons (``ui``), whether the screen is the one
    shown (``shown``: the buttons come back only then) and ``redraw``, which asks for a frame.
    """

    def __init__(self, state: ScreenState, session: GameSession, ui: ButtonLayer, shown: Callable[[], bool],
                 redraw: Callable[[], None]) -> None:
        self.state = state
        self.session = session
        self.ui = ui
        self.shown = shown
        self.redraw = redraw

    def open(self, dialog: Any) -> None:
        """Show ``dialog`` over the board (closing the one shown)."""
        self.close()
        self.state.dialog = dialog
        self.state.drag = None
        if not getattr(dialog, "docked", False):
            self.ui.disable()
        if getattr(dialog, "pauses", False):
            self.session.hold(True)
        dialog.open()
        self.redraw()

    def close(self) -> None:
        """Close the dialog shown, if any."""
        if self.state.dialog is not None:
            dialog, self.state.dialog = self.state.dialog, None
            dialog.close()
            if getattr(dialog, "pauses", False):
                self.session.hold(False)
            if self.shown():
                self.ui.enable()
            self.redraw()

    def key(self) -> Any:
        """What the dialog shown now shows (a frame is drawn when it changes)."""
        dialog = self.state.dialog
        return None if dialog is None else (id(dialog), getattr(dialog, "frame_key", lambda: None)())

    def free(self) -> bool:
        """True if a menu or the keys overlay may open: no dialog, or only a docked one."""
        dialog = self.state.dialog
        return dialog is None or bool(getattr(dialog, "docked", False))

    def open_menu(self, screen: Any) -> None:
        """The pause menu over ``screen`` (the game screen), unless a dialog holds the board."""
        from client.views.dialogs import PauseMenu

        if self.free():
            self.open(PauseMenu(screen))

    def open_help(self, screen: Any) -> None:
        """The keys overlay over ``screen``, unless a dialog holds the board."""
        from client.views.game.help_overlay import HelpOverlay

        if self.free():
            self.open(HelpOverlay(screen, previous=self.state.dialog))


def draw_drag(drag: Drag | None, viewer: Player | None, coin_pixels: float) -> None:
    """The coin being dragged, with its shadow, under the pointer (``coin_pixels``: a coin's size
    on the board)."""
    if drag is not None and drag.moved and viewer is not None:
        from client.ui import pieces
        size = max(48, coin_pixels)
        arcade.draw_texture_rect(pieces.coin_shadow_texture(), arcade.XYWH(drag.x + 6, drag.y - 8, size, size))
        arcade.draw_texture_rect(pieces.coin_texture(int(viewer), drag.letter),
                                 arcade.XYWH(drag.x, drag.y, size * 1.08, size * 1.08))


def decision_due(state: ScreenState) -> tuple[str, Any] | None:
    """What the screen must ask of the player now: ``("hand_over", seat)`` in pass and play when
    the other seat must act, ``("discard", count)`` or ``("defence", pending)`` when the player at
    the screen must decide; None while a dialog is open, the game is over, or nothing is asked."""
    display = state.display
    if display.result is not None:
        return None
    session = state.session
    if session.hot_seat:
        actor = session.actor()
        if actor is not None and actor != state.viewer and state.dialog is None:
            return "hand_over", actor
    pending = display.pending
    if pending is None or state.viewer is None or Player(pending.player) != state.viewer:
        return None
    if state.dialog is not None:
        return None
    if isinstance(pending, DiscardPending):
        return "discard", pending.count
    return "defence", pending
