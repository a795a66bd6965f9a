"""The end of the guided first game: what the lessons taught, and a real game to play next
(a skirmish on The Anvil against the gentlest computer)."""

from __future__ import annotations

import random

import arcade
from arcade.gui import UIBoxLayout

from client.tutorial.course import FINALE, LESSONS, MAP_NAME
from client.ui import pieces, theme
from client.ui.widgets import BrassButton, draw_panel
from client.views.base import BaseView

LEARNT = {
    "first-word": "A word on your city, read across or down.",
    "supply": "Keep every word joined to a city you own.",
    "attack": "Beat an enemy word: its dots, mountains, bonuses.",
    "city": "Take a city with a word that survives on it.",
    "defence": "Order your words: the strongest fights first.",
    "lift": "Lift a word back to your rack, once a turn.",
    "discard": "Over 12 letters: throw the least useful away.",
    "forest": "Forest asks for a word worth over 2 a cell.",
    "ice": "Ice holds 1-dot letters; heavier ones sink.",
    "end": "Take the last enemy city: the game is won.",
}
"""What each lesson (by key) taught, in a line."""
GENTLEST = 1  # the AI level the first real game is played against


class ReadyView(BaseView):
    """"You are ready": the lessons ticked off; play a skirmish, the lessons again, or the menu."""

    title = "You are ready"
    subtitle = "Ten lessons, the whole game."

    def __init__(self, name: str = "You") -> None:
        super().__init__(back=lambda: self.navigator.go_menu())
        self.name = name
        row = UIBoxLayout(vertical=False, space_between=18)
        self.buttons = {
            "skirmish": BrassButton("Play a skirmish on The Anvil", width=380, kind="gold", on_click=self.skirmish,
                                    name="ready-skirmish"),
            "again": BrassButton("The lessons again", width=230, kind="steel", on_click=self.again,
                                 name="ready-again"),
            "menu": BrassButton("Main menu", width=180, kind="steel", on_click=self.back_action, name="ready-menu"),
        }
        for button in self.buttons.values():
            row.add(button)
        self.root.add(row, anchor_x="center", anchor_y="bottom", align_y=46)
        self.nav.controls = list(self.buttons.values())

    def skirmish(self) -> None:
        """A real game on the small map: the player (gold) moves first against the gentlest computer."""
        from client.play.ai_player import levels
        from client.play.session import LocalSession, Seat
        from shared.maps.files import load_map
        from shared.rules.presets import DEFAULT_RULES
        from shared.rules.terrain import Player

        level_name = levels()[GENTLEST]
        session = LocalSession.new(load_map(MAP_NAME), DEFAULT_RULES, self.app.lexicon,
                                   seed=random.getrandbits(31), first=Player.GOLD,
                                   gold=Seat(Player.GOLD, self.name, True),
                                   silver=Seat(Player.SILVER, f"Computer ({level_name})", False, GENTLEST))
        self.navigator.start_game(session)

    def again(self) -> None:
        self.navigator.go_tutorial()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if super().on_key_press(symbol, modifiers):
            return True
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
            self.skirmish()
            return True
        return None

    def draw_extra(self) -> None:
        w, h = self.window.width, self.window.height
        width = min(900, w - 160)
        left = (w - width) / 2
        top = h - 150
        # One column while the lessons fit at a comfortable height, else two side by side.
        columns = 1 if (top - 280) / len(LESSONS) >= 52 or w < 1100 else 2
        if columns == 2:
            width = min(1300, w - 160)
            left = (w - width) / 2
        per_column = -(-len(LESSONS) // columns)
        row_h = max(44.0, min(64.0, (top - 130 - 150) / per_column))
        bottom = max(110.0, top - 40 - row_h * per_column - 110)
        draw_panel(left, bottom, width, top - bottom)
        coin = row_h * 0.74
        column_w = (width - 40) / columns
        for i, lesson in enumerate(LESSONS):
            x = left + 60 + (i // per_column) * column_w
            y = top - 46 - (i % per_column) * row_h
            arcade.draw_texture_rect(pieces.coin_texture(1, ""), arcade.XYWH(x, y - 4, coin, coin))
            tick = [(x - coin * 0.22, y - 4), (x - coin * 0.05, y - 4 - coin * 0.17),
                    (x + coin * 0.24, y - 4 + coin * 0.2)]
            arcade.draw_line_strip(tick, theme.INK_DARK, max(3.0, coin * 0.1))
            self.texts.draw(("lesson", i), f"{i + 1}. {lesson.title}", x + coin, y + 4, size=19 if row_h >= 52 else 17,
                            color=theme.BRASS_LIGHT, bold=True)
            self.texts.draw(("learnt", i), LEARNT.get(lesson.key, ""), x + coin, y - 20, size=15 if row_h >= 52 else 13,
                            color=theme.PARCHMENT_DIM, font=theme.SANS)
        y = top - 46 - per_column * row_h
        self.texts.draw("finale", FINALE, left + 50, y + 6, size=16, color=theme.PARCHMENT, width=int(width - 100),
                        multiline=True, anchor_y="top", italic=True)
