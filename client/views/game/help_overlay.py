"""The keys of the game screen (F1 or ?): every action, reachable from the keyboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIBoxLayout

from client.ui import theme
from client.ui.widgets import BrassButton, label
from client.views.dialogs import Dialog
from client.views.game.keymap import KEYS

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen


def balanced_halves(sections: list) -> tuple[list, list]:
    """The sections in two columns of about the same height (a title counts as a row and a half)."""
    sizes = [len(rows) + 1.5 for _title, rows in sections]
    half = sum(sizes) / 2
    cut = min(range(1, len(sections)), key=lambda i: abs(sum(sizes[:i]) - half))
    return sections[:cut], sections[cut:]


class HelpOverlay(Dialog):
    """Two columns of keys and what they do; any of Esc, F1, ? or Enter closes it."""

    width = 1080
    height = 300
    pauses = True

    def __init__(self, gv: "GameScreen", previous: Any = None) -> None:
        super().__init__(gv)
        self.previous = previous  # a docked panel (the defence) to return to

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=10)
        box.add(label("Keys", size=26, color=theme.BRASS_LIGHT, bold=True))
        columns = UIBoxLayout(vertical=False, space_between=30, align="top")
        halves = balanced_halves(KEYS)
        for half in halves:
            col = UIBoxLayout(space_between=3, align="left")
            for title, rows in half:
                col.add(label(title, size=16, color=theme.BRASS_LIGHT, bold=True, width=520))
                for keys, what in rows:
                    row = UIBoxLayout(vertical=False, space_between=10)
                    row.add(label(keys, size=13, color=theme.PARCHMENT, bold=True, width=190, align="right",
                                  font=theme.SANS))
                    row.add(label(what, size=13, color=theme.PARCHMENT_DIM, width=320, font=theme.SANS))
                    col.add(row)
            columns.add(col)
        box.add(columns)
        box.add(BrassButton("Close", width=160, height=42, kind="steel", on_click=self.dismiss, name="close-help"))
        return box

    def dismiss(self) -> None:
        gv, previous = self.gv, self.previous
        gv.close_dialog()
        if previous is not None:
            gv.open_dialog(previous)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        if symbol in (k.ESCAPE, k.F1, k.QUESTION, k.SLASH, k.ENTER, k.RETURN):
            self.dismiss()
        return True
