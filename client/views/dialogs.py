"""Dialogs over the game: discarding, the pause menu, confirmations (and, from its own module,
ordering a defence).

Each dialog has its own UIManager, enabled on top of the game's while it is open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIBoxLayout, UISpace

from client.ui import pieces, theme
from client.ui.widgets import BrassButton, NamedTextureButton, label
from client.views.game.defence import DefenceDialog
from client.views.dialog_base import PANEL_PAD, Dialog
from shared.rules.actions import Discard, Resign

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen

__all__ = ["PANEL_PAD", "ConfirmDialog", "DefenceDialog", "Dialog", "DiscardDialog", "PauseMenu"]


class DiscardDialog(Dialog):
    """Your rack is over the limit: click the coins to throw away (they turn red and crossed)."""

    width = 720

    def __init__(self, gv: "GameScreen", count: int) -> None:
        super().__init__(gv)
        self.count = count
        self.chosen: set[int] = set()

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        box.add(label("Too many letters", size=26, color=theme.AMBER, bold=True))
        limit = self.gv.session.rules.rack_limit
        need = self.count - len(self.chosen)
        more = f"{need} more to choose." if need else "Ready: press Enter."
        box.add(label(f"Your rack holds at most {limit}. Choose {self.count} to discard:  {more}", size=16,
                      width=640, align="center"))
        box.add(label("Click the coins, or type their letters.", size=13, color=theme.PARCHMENT_DIM, italic=True))
        row = UIBoxLayout(vertical=False, space_between=4)
        player = int(self.gv.viewer or 1)
        for i, ch in enumerate(self.gv.planner.all_letters()):
            chosen = i in self.chosen
            tex = pieces.coin_texture(player, ch) if not chosen else pieces.coin_discard_texture(player, ch)
            button = NamedTextureButton(texture=tex, texture_hovered=tex, texture_pressed=tex, width=50, height=50,
                                        name=f"letter-{i}")
            button.event("on_click")(lambda _event, i=i: self.toggle(i))
            row.add(button)
        box.add(row)
        box.add(UISpace(height=4))
        ok = BrassButton("Discard", width=220, kind="ruby", on_click=self.confirm, name="discard")
        ok.disabled = len(self.chosen) != self.count
        box.add(ok)
        return box

    def toggle(self, i: int) -> None:
        if i in self.chosen:
            self.chosen.remove(i)
        elif len(self.chosen) < self.count:
            self.chosen.add(i)
        self.dirty = True

    def frame_key(self) -> object:
        return (self.dirty, tuple(sorted(self.chosen)))

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """Type a letter to pick (or unpick) one of that letter; Backspace clears; Enter discards."""
        k = arcade.key
        letters = self.gv.planner.all_letters()
        if symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.confirm()
        elif symbol == k.BACKSPACE:
            self.chosen.clear()
            self.dirty = True
        elif k.A <= symbol <= k.Z:
            ch = chr(symbol)
            picked = [i for i, c in enumerate(letters) if c == ch and i in self.chosen]
            free = [i for i, c in enumerate(letters) if c == ch and i not in self.chosen]
            if free and len(self.chosen) < self.count:
                self.toggle(free[0])
            elif picked:
                self.toggle(picked[-1])
        return True

    def confirm(self) -> None:
        if len(self.chosen) != self.count:
            return
        letters = self.gv.planner.all_letters()
        chosen = "".join(letters[i] for i in sorted(self.chosen))
        viewer = self.gv.viewer
        assert viewer is not None  # the discard dialog is shown only to the discarder
        self.gv.planner.recall()
        self.dismiss()
        self.gv.session.submit(Discard(viewer, chosen))


class ConfirmDialog(Dialog):
    """A question with Yes (Y or Enter) and No (N or Esc)."""

    width = 520
    height = 200
    pauses = True

    def __init__(self, gv: "GameScreen", question: str, yes: str, on_yes: Callable[[], Any],
                 back: Callable[[], Any] | None = None) -> None:
        super().__init__(gv)
        self.question, self.yes, self.on_yes = question, yes, on_yes
        self.back = back

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=22)
        box.add(label(self.question, size=19, width=440, multiline=True, align="center"))
        row = UIBoxLayout(vertical=False, space_between=16)
        row.add(BrassButton("No  (N)", width=150, kind="steel", on_click=self.no, name="no"))
        row.add(BrassButton(f"{self.yes}  (Y)", width=200, kind="ruby", on_click=self.confirm, name="yes"))
        box.add(row)
        return box

    def no(self) -> None:
        self.dismiss()
        if self.back is not None:
            self.back()

    def confirm(self) -> None:
        self.dismiss()
        self.on_yes()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        if symbol in (k.ESCAPE, k.N):
            self.no()
        elif symbol in (k.Y, k.ENTER, k.RETURN, k.NUM_ENTER):
            self.confirm()
        return True


class PauseMenu(Dialog):
    """The in-game menu: resume (Esc), the keys (K), the rules (H), resign (R), leave (L).

    A local game or a replay holds still while it is open.
    """

    width = 420
    height = 200
    pauses = True

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=12)
        box.add(label("Menu", size=26, color=theme.BRASS_LIGHT, bold=True))
        gv = self.gv
        entries = [("Resume  (Esc)", "resume", self.dismiss, "gold"),
                   ("Keys  (K)", "keys", self.keys, "brass"),
                   ("How to play  (H)", "rules", self.rules, "brass"),
                   ("Resign  (R)", "resign", self.resign, "ruby"),
                   ("Leave to the main menu  (L)", "leave", self.leave, "steel")]
        for text, name, action, kind in entries:
            button = BrassButton(text, width=320, height=48, kind=kind, on_click=action, name=name)
            if name == "resign":
                button.disabled = gv.viewer is None or gv.display.result is not None
            box.add(button)
        return box

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        action = {k.ESCAPE: self.dismiss, k.K: self.keys, k.H: self.rules, k.L: self.leave}.get(symbol)
        if symbol == k.R and self.gv.viewer is not None and self.gv.display.result is None:
            action = self.resign
        if action is not None:
            action()
        return True

    def keys(self) -> None:
        gv = self.gv
        self.dismiss()
        gv.open_help()

    def rules(self) -> None:
        gv = self.gv
        self.dismiss()
        view = gv
        assert isinstance(view, arcade.View)  # the game screen is a window's view
        gv.navigator.go_howto(back=lambda: gv.navigator.show(view))

    def resign(self) -> None:
        gv = self.gv

        def submit() -> None:
            viewer = gv.viewer
            assert viewer is not None  # only a seated player has the menu's Resign
            gv.session.submit(Resign(viewer))

        self.dismiss()
        gv.open_dialog(ConfirmDialog(gv, "Resign this game? Your opponent wins.", "Resign", submit))

    def leave(self) -> None:
        gv = self.gv
        self.dismiss()
        if gv.display.result is not None or gv.viewer is None:
            gv.leave()
            return
        kept = gv.session.save_slot is not None  # saved after every move (client.play.autosave)
        editor = gv.session.origin == "editor" and gv.leave_to is not None
        question = ("Back to the editor? The test game is kept: resume it from the main menu." if kept and editor
                    else "Leave the game? It is kept: resume it from the main menu." if kept
                    else getattr(gv.coach, "leave_question", "Leave the guided game? How to play takes you back to it.")
                    if gv.coach is not None
                    else "Leave the game? Online, you can come back to it from the lobby.")
        gv.open_dialog(ConfirmDialog(gv, question, "Leave", gv.leave))
