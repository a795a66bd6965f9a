"""Pass-and-play: the screen between turns that hides the rack until the next player is ready."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIBoxLayout

from client.ui import pieces, theme
from client.ui.widgets import BrassButton, Panel, label
from client.views.base import BaseView
from shared.rules.terrain import Player

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen


class HandOverView(BaseView):
    """"Pass the board to Silver": nothing secret is shown until they press the button."""

    def __init__(self, game_view: GameScreen, player: Player | None) -> None:
        super().__init__(back=None)
        self.game_view = game_view
        self.player = player or Player.GOLD
        name = game_view.seat_name(self.player)
        box = UIBoxLayout(space_between=22)
        box.add(label(f"Pass the board to {name}", size=30, color=theme.PLAYER_COLOURS[int(self.player)],
                      bold=True))
        box.add(label("The other player looks away: your letters are secret.", size=17,
                      color=theme.PARCHMENT_DIM, italic=True))
        box.add(BrassButton(f"I am {name}: show my letters", width=420, height=56,
                            kind="gold" if self.player == Player.GOLD else "steel", on_click=self.ready,
                            name="ready"))
        self.root.add(Panel(box, width=640, height=300), anchor_x="center", anchor_y="center", align_y=-40)

    def ready(self) -> None:
        self.game_view.set_viewer(self.player)
        assert isinstance(self.game_view, arcade.View)  # the game screen is a window's view
        self.navigator.show(self.game_view)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE):
            self.ready()
            return True
        return None

    def draw_extra(self) -> None:
        w, h = self.window.width, self.window.height
        tex = pieces.coin_texture(int(self.player), "")
        arcade.draw_texture_rect(tex, arcade.XYWH(w / 2, h / 2 + 190, 150, 150))
