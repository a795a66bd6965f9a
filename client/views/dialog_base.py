"""The base of the game screen's dialogs: a framed panel with its own UIManager, enabled on top
of the game's while it is open (centred over a dimmed game, or docked over the side panel)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIManager

from client.ui.widgets import Panel

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen


PANEL_PAD = 22


class Dialog:
    """A framed panel in the middle of the screen over a dimmed game; it grows to fit.

    A ``docked`` dialog lies over the side panel instead and leaves the board in view (and in
    reach of the mouse); a dialog that ``pauses`` holds a local game or a replay still while open.
    """

    width = 560
    height = 200
    panel_size: tuple[float, float] = (560, 200)
    docked = False
    pauses = False

    def __init__(self, gv: "GameScreen") -> None:
        self.gv = gv
        self.ui = UIManager()
        self.root = UIAnchorLayout()
        self.ui.add(self.root)
        self.dirty = False  # rebuild before the next draw (never inside a click handler)
        self.panel: Panel | None = None

    def build(self) -> UIBoxLayout:
        raise NotImplementedError

    def relayout(self) -> None:
        self.root.clear()
        box = self.build()
        # The panel grows to fit its content (and never shrinks below the dialog's size).
        box._prepare_layout()
        need_w, need_h = box.size_hint_min or (0, 0)
        width = max(self.width, (need_w or 0) + 2 * PANEL_PAD + 24)
        height = max(self.height, (need_h or 0) + 2 * PANEL_PAD + 56)
        self.panel_size = (width, height)
        self.panel = Panel(box, width=width, height=height, padding=PANEL_PAD)
        self.place(self.panel)

    def place(self, panel: Panel) -> None:
        self.root.add(panel, anchor_x="center", anchor_y="center")

    def contains(self, x: float, y: float) -> bool:
        """True if (x, y) is on the dialog's panel."""
        return self.panel is not None and self.panel.rect.point_in_rect((x, y))

    def frame_key(self) -> object:
        """Changes whenever the dialog's look does (the window then draws a frame)."""
        return self.dirty

    def open(self) -> None:
        self.relayout()
        self.ui.enable()

    def close(self) -> None:
        self.ui.disable()

    def dismiss(self) -> None:
        self.gv.close_dialog()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self) -> None:
        if not self.docked:
            w, h = self.gv.window.width, self.gv.window.height
            arcade.draw_lbwh_rectangle_filled(0, 0, w, h, (8, 5, 3, 150))
        if self.dirty:
            self.dirty = False
            self.relayout()
        self.ui.draw()
        self.draw_extra()

    def draw_extra(self) -> None:
        pass
