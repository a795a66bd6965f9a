"""Ordering a defence, in a panel over the side column so the board it is about stays in view."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UILabel, UISpace
from arcade.types import Color

from client.ui import theme
from client.ui.textures import inset_patch
from client.ui.widgets import BrassButton, Panel, label
from client.views.dialog_base import PANEL_PAD, Dialog
from shared.rules.actions import OrderDefence
from shared.wire import DefencePending

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen


class DefenceDialog(Dialog):
    """You are attacked: put your defending words in order (the best order is preselected).

    It lies over the side panel, so the board it is about stays in view: the attacking word is
    framed in red there and each defender carries its place in the order. Up and Down pick a
    word, Shift+Up and Shift+Down move it, B restores the best order, Enter defends.
    """

    docked = True
    GAP = 6
    ROW_H = 46

    def __init__(self, gv: "GameScreen", pending: DefencePending) -> None:
        super().__init__(gv)
        self.pending = pending
        self.defenders = pending.defenders
        self.order = list(pending.suggested_order)
        self.selected = 0
        self.countdown: UILabel | None = None
        self._shown_left: int | None = None

    @property
    def width(self) -> int:  # type: ignore[override]
        return int(self.gv.layout.side.width - 8)

    @property
    def height(self) -> int:  # type: ignore[override]
        return int(self.gv.layout.side.height - 8)

    def relayout(self) -> None:
        """Exactly over the side panel: the rows are built to its width."""
        self.root.clear()
        self.panel_size = (self.width, self.height)
        self.panel = Panel(None, width=self.width, height=self.height, padding=PANEL_PAD)
        self.panel.add(self.build(), anchor_x="center", anchor_y="top", align_y=-8)
        self.root.add(self.panel, anchor_x="right", anchor_y="bottom", align_x=-4, align_y=4)

    def frame_key(self) -> object:
        return (self.dirty, tuple(self.order), self.selected, self._shown_left)

    def _inner(self) -> int:
        return self.width - 2 * PANEL_PAD - 24

    def _row(self, pos: int, index: int) -> UIAnchorLayout:
        d = self.defenders[index]
        inner = self._inner()
        place, strength, arrows = 28, 52, 34
        word_w = inner - place - strength - arrows - 3 * self.GAP - 20
        row = UIBoxLayout(vertical=False, space_between=self.GAP)
        chosen = pos == self.selected
        row.add(label(f"{pos + 1}.", size=16, color=theme.BRASS_LIGHT, width=place, align="right", bold=chosen))
        row.add(label(d.word.upper(), size=16, bold=True, width=word_w,
                      color=theme.PARCHMENT if not chosen else theme.BRASS_LIGHT))
        cut = not d.supplied
        kept = "\u2020" if d.kept else ""
        row.add(label(f"{d.strength}" + ("*" if cut else "") + kept, size=15, width=strength, align="right",
                      color=theme.AMBER if cut else theme.PARCHMENT))
        arrows_box = UIBoxLayout(space_between=2)
        up = BrassButton("\u25b2", width=arrows, height=20, font_size=10, kind="steel", name=f"up-{pos}",
                         on_click=partial(self.move, pos, -1))
        down = BrassButton("\u25bc", width=arrows, height=20, font_size=10, kind="steel", name=f"down-{pos}",
                           on_click=partial(self.move, pos, 1))
        up.disabled = pos == 0
        down.disabled = pos == len(self.order) - 1
        arrows_box.add(up)
        arrows_box.add(down)
        row.add(arrows_box)
        holder = UIAnchorLayout(width=inner, height=self.ROW_H, size_hint=None)
        holder.with_background(texture=inset_patch())
        holder.add(row, anchor_x="left", align_x=8)
        return holder

    def build(self) -> UIBoxLayout:
        inner = self._inner()
        box = UIBoxLayout(space_between=8)
        attack = self.pending.attack
        box.add(label("You are under attack", size=22, color=theme.RUBY, bold=True))
        box.add(label(f"{attack.word.upper()} attacks with strength {attack.strength}.", size=16,
                      width=inner, multiline=True, align="center"))
        box.add(label("It fights your words one by one, in this order, until it falls. "
                      "The board shows each word's place.", size=13, color=theme.PARCHMENT_DIM, italic=True,
                      width=inner, multiline=True, align="center"))
        box.add(UISpace(height=4))
        table = UIBoxLayout(space_between=5)
        for pos, index in enumerate(self.order):
            table.add(self._row(pos, index))
        box.add(table)
        if any(not d.supplied for d in self.defenders):
            box.add(label("* cut off from your cities: x0.6", size=12, color=theme.AMBER, width=inner))
        if any(d.kept for d in self.defenders):
            box.add(label("\u2020 beaten, it keeps its letters in your city's gate", size=12,
                          color=theme.PARCHMENT_DIM, width=inner, multiline=True))
        box.add(UISpace(height=6))
        box.add(BrassButton("Best order  (B)", width=inner, height=42, kind="steel", on_click=self.best,
                            name="best"))
        box.add(BrassButton("Defend  (Enter)", width=inner, height=46, kind="gold",
                            on_click=self.confirm, name="defend"))
        self.countdown = label(self._countdown_text(), size=13, color=theme.BRASS_LIGHT, italic=True,
                               width=inner, align="center", multiline=True)
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
            self.selected = other
            self.dirty = True

    def best(self) -> None:
        self.order = list(self.pending.suggested_order)
        self.dirty = True

    def confirm(self) -> None:
        viewer = self.gv.viewer
        assert viewer is not None  # the defence dialog is shown only to the defender
        self.dismiss()
        self.gv.session.submit(OrderDefence(viewer, tuple(self.order)))

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        if symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.confirm()
        elif symbol == k.B:
            self.best()
        elif symbol in (k.UP, k.DOWN):
            delta = -1 if symbol == k.UP else 1
            if modifiers & k.MOD_SHIFT:
                self.move(self.selected, delta)
            else:
                self.selected = max(0, min(len(self.order) - 1, self.selected + delta))
                self.dirty = True
        else:
            return None  # the board's keys (zoom, pan, help) still work
        return True

    def update(self, dt: float) -> None:
        left = self.gv.session.defence_left()
        shown = None if left is None else int(left)
        if self.countdown is not None and shown != self._shown_left:
            self._shown_left = shown
            self.countdown.text = self._countdown_text()
            if left is not None and left < 10:
                self.countdown.update_font(font_color=Color.from_iterable(theme.RUBY))
