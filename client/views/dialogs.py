"""Modal dialogs over the game: ordering a defence, discarding, the pause menu, confirmations.

Each dialog has its own UIManager, enabled on top of the game's while it is open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UILabel, UIManager, UISpace, UITextureButton

from client.ui import pieces, theme
from client.ui.textures import inset_patch
from client.ui.widgets import BrassButton, Panel, label
from shared.actions import Discard, OrderDefence, Resign

if TYPE_CHECKING:
    from client.views.game import GameView


PANEL_PAD = 22


class Dialog:
    """A framed panel in the middle of the screen over a dimmed game; it grows to fit."""

    width = 560
    height = 200
    panel_size = (560, 200)

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
        box = self.build()
        # The panel grows to fit its content (and never shrinks below the dialog's size).
        box._prepare_layout()
        need_w, need_h = box.size_hint_min or (0, 0)
        width = max(self.width, need_w + 2 * PANEL_PAD + 24)
        height = max(self.height, need_h + 2 * PANEL_PAD + 56)
        self.panel_size = (width, height)
        panel = Panel(box, width=width, height=height, padding=PANEL_PAD)
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
    """You are attacked: put your defending words in order (the best order is preselected).

    The defenders are a table with fixed columns: the place in the order, the word, its
    strength, and Up / Down buttons, so the buttons line up whatever the words' lengths.
    """

    width = 700
    COLUMNS = (46, 230, 160, 66, 84)  # place, word, strength, Up, Down
    GAP = 10
    ROW_H = 48

    def __init__(self, gv: "GameView", pending: dict[str, Any]) -> None:
        super().__init__(gv)
        self.pending = pending
        self.defenders = pending["defenders"]
        self.order = list(pending["suggested_order"])
        self.countdown: UILabel | None = None
        self._shown_left: int | None = None

    def _row_width(self) -> int:
        return sum(self.COLUMNS) + self.GAP * (len(self.COLUMNS) - 1) + 28

    def _header(self) -> UIBoxLayout:
        row = UIBoxLayout(vertical=False, space_between=self.GAP)
        place, word, strength, up, down = self.COLUMNS
        row.add(label("", width=place))
        row.add(label("Word", size=13, color=theme.INK_MUTED, italic=True, width=word))
        row.add(label("Strength", size=13, color=theme.INK_MUTED, italic=True, width=strength))
        row.add(label("Move", size=13, color=theme.INK_MUTED, italic=True, width=up + down + self.GAP,
                      align="center"))
        holder = UIAnchorLayout(width=self._row_width(), height=22, size_hint=None)
        holder.add(row, anchor_x="left", align_x=14)
        return holder

    def _row(self, pos: int, index: int) -> UIAnchorLayout:
        d = self.defenders[index]
        place, word, strength, up_w, down_w = self.COLUMNS
        row = UIBoxLayout(vertical=False, space_between=self.GAP)
        row.add(label(f"{pos + 1}.", size=17, color=theme.BRASS_LIGHT, width=place, align="right"))
        row.add(label(d["word"].upper(), size=19, bold=True, width=word))
        cut = "" if d.get("supplied", True) else "   cut off"
        row.add(label(f"{d['strength']}{cut}", size=16, color=theme.PARCHMENT if not cut else theme.AMBER,
                      width=strength))
        up = BrassButton("Up", width=up_w, height=36, font_size=14, kind="steel", name=f"up-{pos}",
                         on_click=lambda p=pos: self.move(p, -1))
        down = BrassButton("Down", width=down_w, height=36, font_size=14, kind="steel", name=f"down-{pos}",
                           on_click=lambda p=pos: self.move(p, 1))
        up.disabled = pos == 0
        down.disabled = pos == len(self.order) - 1
        row.add(up)
        row.add(down)
        holder = UIAnchorLayout(width=self._row_width(), height=self.ROW_H, size_hint=None)
        holder.with_background(texture=inset_patch())
        holder.add(row, anchor_x="left", align_x=14)
        return holder

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=8)
        attack = self.pending["attack"]
        box.add(label("You are under attack", size=26, color=theme.RUBY, bold=True))
        box.add(label(f"{attack['word'].upper()} attacks with strength {attack['strength']}.", size=18))
        box.add(label("It fights your words one by one, in this order, until it falls.", size=14,
                      color=theme.PARCHMENT_DIM, italic=True))
        box.add(UISpace(height=6))
        box.add(self._header())
        table = UIBoxLayout(space_between=6)
        for pos, index in enumerate(self.order):
            table.add(self._row(pos, index))
        box.add(table)
        box.add(UISpace(height=8))
        buttons = UIBoxLayout(vertical=False, space_between=16)
        buttons.add(BrassButton("Best order", width=180, kind="steel", on_click=self.best, name="best"))
        buttons.add(BrassButton("Defend in this order", width=280, kind="gold", on_click=self.confirm,
                                name="defend"))
        box.add(buttons)
        self.countdown = label(self._countdown_text(), size=15, color=theme.BRASS_LIGHT, italic=True,
                               width=self._row_width(), align="center")
        box.add(self.countdown)
        return box

    def _countdown_text(self) -> str:
        left = self.gv.session.defence_left()
        if left is None:
            return "Take your time: there is no clock on this decision."
        return f"{int(left)} s left, then the best order is used"

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
        shown = None if left is None else int(left)
        if self.countdown is not None and shown != self._shown_left:
            self._shown_left = shown
            self.countdown.text = self._countdown_text()
            if left is not None and left < 10:
                self.countdown.update_font(font_color=theme.RUBY)


class DiscardDialog(Dialog):
    """Your rack is over the limit: click the coins to throw away (they turn red and crossed)."""

    width = 720

    def __init__(self, gv: "GameView", count: int) -> None:
        super().__init__(gv)
        self.count = count
        self.chosen: set[int] = set()

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        box.add(label("Too many letters", size=26, color=theme.AMBER, bold=True))
        limit = self.gv.session.rules.rack_limit
        need = self.count - len(self.chosen)
        more = f"{need} more to choose." if need else "Ready."
        box.add(label(f"Your rack holds at most {limit}. Choose {self.count} to discard:  {more}", size=16,
                      width=640, align="center"))
        row = UIBoxLayout(vertical=False, space_between=4)
        player = int(self.gv.viewer or 1)
        for i, ch in enumerate(self.gv.planner.all_letters()):
            chosen = i in self.chosen
            tex = pieces.coin_texture(player, ch) if not chosen else pieces.coin_discard_texture(player, ch)
            button = UITextureButton(texture=tex, texture_hovered=tex, texture_pressed=tex, width=50, height=50)
            button.name = f"letter-{i}"
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
    height = 200

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
    height = 200

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
