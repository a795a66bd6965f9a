"""Keyboard focus for the menu screens: Up and Down (or Tab) move between controls, Enter or
Space presses a button, Left and Right change a choice. The focused control is framed."""

from __future__ import annotations

from typing import Any

import arcade

from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow


class KeyboardNav:
    """The controls of a screen in keyboard order, and which one has the focus."""

    def __init__(self, controls: list[Any] | None = None) -> None:
        self.controls: list[Any] = list(controls or [])
        self.index: int | None = None  # nothing framed until a key is used

    @property
    def focused(self) -> Any:
        if self.index is None or not self.controls:
            return None
        return self.controls[self.index % len(self.controls)]

    def _usable(self, control: Any) -> bool:
        return not getattr(control, "disabled", False) and getattr(control, "visible", True)

    def move(self, delta: int) -> None:
        if not self.controls:
            return
        n = len(self.controls)
        i = self.index if self.index is not None else (-1 if delta > 0 else n)
        for _ in range(n):
            i = (i + delta) % n
            if self._usable(self.controls[i]):
                self.index = i
                return

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """Handle a navigation key; False if the key is not one."""
        k = arcade.key
        if not self.controls:
            return False
        if symbol in (k.DOWN, k.TAB) and not (symbol == k.TAB and modifiers & k.MOD_SHIFT):
            self.move(1)
            return True
        if symbol == k.UP or (symbol == k.TAB and modifiers & k.MOD_SHIFT):
            self.move(-1)
            return True
        control = self.focused
        if control is None:
            return False
        if isinstance(control, ChoiceRow) and symbol in (k.LEFT, k.RIGHT):
            control.step(-1 if symbol == k.LEFT else 1)
            return True
        if isinstance(control, BrassButton) and symbol in (k.ENTER, k.RETURN, k.NUM_ENTER, k.SPACE):
            if not control.disabled and control._callback is not None:
                control._callback()
            return True
        return False

    def draw(self) -> None:
        """Frame the focused control."""
        control = self.focused
        if control is None:
            return
        r = control.rect
        arcade.draw_lbwh_rectangle_outline(r.left - 5, r.bottom - 5, r.width + 10, r.height + 10, (20, 10, 2, 220), 6)
        arcade.draw_lbwh_rectangle_outline(r.left - 5, r.bottom - 5, r.width + 10, r.height + 10,
                                           theme.BRASS_LIGHT, 3)
