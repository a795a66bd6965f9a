"""Modal dialogs over the game: ordering a defence, discarding, the pause menu, confirmations.

Each dialog has its own UIManager, enabled on top of the game's while it is open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIManager

from client.ui import theme
from client.ui.widgets import BrassButton, Panel, label
from shared.actions import Discard, OrderDefence, Resign

if TYPE_CHECKING:
    from client.views.game import GameView


class Dialog:
    """A framed panel in the middle of the screen over a dimmed game."""

    width = 560
    height = 420

    def __init__(self, gv: "GameView") -> None:
        self.gv = gv
        self.ui = UIManager()
        self.root = UIAnchorLayout()
        self.ui.add(self.root)
        self.dirty = False  # rebuild before the next draw (never inside a click handler)

    def build(self) -> UIBoxLayout:
        raise NotImplementedError

    def relayout(self) -> None:
        self.root.clear()
        panel = Panel(self.build(), width=self.width, height=self.height)
        self.root.add(panel, anchor_x="center", anchor_y="center")

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
        w, h = self.gv.window.width, self.gv.window.height
        arcade.draw_lbwh_rectangle_filled(0, 0, w, h, (8, 5, 3, 150))
        if self.dirty:
            self.dirty = False
            self.relayout()
        self.ui.draw()
        self.draw_extra()

    def draw_extra(self) -> None:
        pass


class DefenceDialog(Dialog):
    """You are attacked: put your defending words in order (the best order is preselected)."""

    width = 640
    height = 520

    def __init__(self, gv: "GameView", pending: dict[str, Any]) -> None:
        super().__init__(gv)
        self.pending = pending
        self.defenders = pending["defenders"]
        self.order = list(pending["suggested_order"])
        self.height = min(640, 300 + 58 * len(self.defenders))
        self.texts = theme.TextCache()

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=10)
        attack = self.pending["attack"]
        box.add(label("You are under attack", size=24, color=theme.RUBY, bold=True))
        box.add(label(f"{attack['word'].upper()} attacks with strength {attack['strength']}.", size=17))
        box.add(label("It fights your words one by one, in the order below, until it falls.", size=14,
                      color=theme.PARCHMENT_DIM, italic=True, width=560, multiline=True))
        for pos, index in enumerate(self.order):
            d = self.defenders[index]
            row = UIBoxLayout(vertical=False, space_between=10)
            row.add(label(f"{pos + 1}.", size=17, color=theme.BRASS_LIGHT, width=34))
            supply = "" if d.get("supplied", True) else "  (cut off)"
            row.add(label(f"{d['word'].upper()}", size=18, bold=True, width=200))
            row.add(label(f"strength {d['strength']}{supply}", size=15, color=theme.PARCHMENT_DIM, width=170))
            up = BrassButton("Up", width=64, height=38, font_size=14, kind="steel", name=f"up-{pos}",
                             on_click=lambda p=pos: self.move(p, -1))
            down = BrassButton("Down", width=74, height=38, font_size=14, kind="steel", name=f"down-{pos}",
                               on_click=lambda p=pos: self.move(p, 1))
            up.disabled = pos == 0
            down.disabled = pos == len(self.order) - 1
            row.add(up)
            row.add(down)
            box.add(row)
        buttons = UIBoxLayout(vertical=False, space_between=16)
        buttons.add(BrassButton("Best order", width=170, kind="steel", on_click=self.best, name="best"))
        buttons.add(BrassButton("Defend in this order", width=280, kind="gold", on_click=self.confirm,
                                name="defend"))
        box.add(buttons)
        return box

    def move(self, pos: int, delta: int) -> None:
        other = pos + delta
        if 0 <= other < len(self.order):
            self.order[pos], self.order[other] = self.order[other], self.order[pos]
            self.dirty = True

    def best(self) -> None:
        self.order = list(self.pending["suggested_order"])
        self.dirty = True

    def confirm(self) -> None:
        viewer = self.gv.viewer
        self.dismiss()
        self.gv.session.submit(OrderDefence(viewer, tuple(self.order)))

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.confirm()
        return True

    def draw_extra(self) -> None:
        left = self.gv.session.defence_left()
        if left is None:
            return
        w, h = self.gv.window.width, self.gv.window.height
        colour = theme.RUBY if left < 10 else theme.BRASS_LIGHT
        self.texts.draw("countdown", f"{int(left)} s left, then the best order is used", w / 2,
                        h / 2 + self.height / 2 + 24, size=16, color=colour, anchor_x="center")


class DiscardDialog(Dialog):
    """Your rack is over the limit: choose the letters to throw away."""

    width = 720
    height = 340

    def __init__(self, gv: "GameView", count: int) -> None:
        super().__init__(gv)
        self.count = count
        self.chosen: set[int] = set()

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        box.add(label("Too many letters", size=24, color=theme.AMBER, bold=True))
        limit = self.gv.session.rules.rack_limit
        box.add(label(f"Your rack holds at most {limit}. Choose {self.count} to discard "
                      f"({len(self.chosen)} chosen).", size=16, width=640, multiline=True, align="center"))
        row = UIBoxLayout(vertical=False, space_between=6)
        for i, ch in enumerate(self.gv.planner.all_letters()):
            kind = "ruby" if i in self.chosen else "gold"
            row.add(BrassButton(ch.upper(), width=44, height=52, font_size=20, kind=kind, name=f"letter-{i}",
                                on_click=lambda i=i: self.toggle(i)))
        box.add(row)
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

    def confirm(self) -> None:
        if len(self.chosen) != self.count:
            return
        letters = self.gv.planner.all_letters()
        chosen = "".join(letters[i] for i in sorted(self.chosen))
        viewer = self.gv.viewer
        self.gv.planner.recall()
        self.dismiss()
        self.gv.session.submit(Discard(viewer, chosen))


class ConfirmDialog(Dialog):
    """A question with Yes and No."""

    width = 520
    height = 240

    def __init__(self, gv: "GameView", question: str, yes: str, on_yes: Callable[[], Any],
                 back: Callable[[], Any] | None = None) -> None:
        super().__init__(gv)
        self.question, self.yes, self.on_yes = question, yes, on_yes
        self.back = back

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=22)
        box.add(label(self.question, size=19, width=440, multiline=True, align="center"))
        row = UIBoxLayout(vertical=False, space_between=16)
        row.add(BrassButton("No", width=150, kind="steel", on_click=self.no, name="no"))
        row.add(BrassButton(self.yes, width=200, kind="ruby", on_click=self.confirm, name="yes"))
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
        if symbol == arcade.key.ESCAPE:
            self.no()
        return True


class PauseMenu(Dialog):
    """The in-game menu: resume, the rules, settings, resign, leave."""

    width = 420
    height = 420

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=12)
        box.add(label("Menu", size=26, color=theme.BRASS_LIGHT, bold=True))
        gv = self.gv
        entries = [("Resume", "resume", self.dismiss, "gold"),
                   ("How to play", "rules", self.rules, "brass"),
                   ("Resign", "resign", self.resign, "ruby"),
                   ("Leave to the main menu", "leave", self.leave, "steel")]
        for text, name, action, kind in entries:
            button = BrassButton(text, width=320, height=48, kind=kind, on_click=action, name=name)
            if name == "resign":
                button.disabled = gv.viewer is None or gv.display.result is not None
            box.add(button)
        return box

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol == arcade.key.ESCAPE:
            self.dismiss()
        return True

    def rules(self) -> None:
        gv = self.gv
        self.dismiss()
        from client.views.howto import HowToPlayView

        gv.window.show_view(HowToPlayView(back=lambda: gv.window.show_view(gv)))

    def resign(self) -> None:
        gv = self.gv
        self.dismiss()
        gv.open_dialog(ConfirmDialog(gv, "Resign this game? Your opponent wins.", "Resign",
                                     lambda: gv.session.submit(Resign(gv.viewer))))

    def leave(self) -> None:
        gv = self.gv
        self.dismiss()
        if gv.display.result is not None or gv.viewer is None:
            gv.leave()
            return
        gv.open_dialog(ConfirmDialog(gv, "Leave the game? A local game is lost; online you can come back.",
                                     "Leave", gv.leave))
