"""The guided first game: a coach who says what to do next until the first exchange is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from client.session import Update
from client.ui import theme
from client.views.board_paint import TILE

if TYPE_CHECKING:
    from client.views.game_screen import GameScreen

STEPS = [
    "Your city is the gold tile with the tower, circled in green. Click it.",
    "Type a word from your rack (or drag its coins): it runs across from the city. Space turns it down.",
    "The preview on the right checks your word. Press Enter (or Commit) to lay it.",
    "Well done! Lay more words joined to it, or press End turn to let the computer move.",
    "The computer answers. Grow towards the enemy city: where words touch, they fight. Good luck!",
]


class Coach:
    """Watches the game view and moves through :data:`STEPS`."""

    def __init__(self, gv: "GameScreen") -> None:
        self.gv = gv
        self.step = 0
        self.done_time = 0.0

    def hint(self) -> str | None:
        if self.step >= len(STEPS):
            return None
        return STEPS[self.step]

    def update(self, dt: float) -> None:
        gv = self.gv
        p = gv.viewer
        if p is None:
            return
        city = self._my_city()
        if self.step == 0 and city is not None and gv.planner.cursor == city:
            self.step = 1
        if self.step == 1 and len(gv.planner.placed) >= 2:
            self.step = 2
        if self.step == 2 and len(gv.planner.placed) < 2 and gv.display.letters.get(p):
            self.step = 3
        if self.step == 4:
            self.done_time += dt
            if self.done_time > 12:
                self.step = 5

    def on_update_done(self, update: Update) -> None:
        gv = self.gv
        kinds = {e.get("type") for e in update.events}
        if "word_committed" in kinds and update.actor == gv.viewer and self.step < 3:
            self.step = 3
        if "turn_ended" in kinds and update.actor == gv.viewer and self.step <= 3:
            self.step = 4

    def _my_city(self):
        p = self.gv.viewer
        return next((cell for cell, owner in self.gv.display.cities.items() if owner == p), None)

    def draw(self) -> None:
        if self.step != 0:
            return
        city = self._my_city()
        board = self.gv.board
        if city is None:
            return
        x, y = board.cell_to_screen(city)
        r = TILE * board.cam.zoom * 0.8
        arcade.draw_circle_outline(x, y, r, (10, 30, 16, 220), 8)
        arcade.draw_circle_outline(x, y, r, theme.EMERALD, 4)
