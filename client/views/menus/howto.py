"""How to play: the rules in five illustrated pages, and the way into the guided first game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
from arcade.gui import UIBoxLayout

from shared.rules.letters import LETTER_VALUES
from shared.rules.terrain import Player, Terrain

from client.ui import pieces, theme
from client.ui.textures import mark_badge_texture
from client.ui.widgets import BrassButton
from client.views.base import BaseView
from client.views.board.paint import BADGE_OFFSET, BADGE_SIZE, CITY_COIN, INVALID_TINT, ISOLATED_TINT
from client.views.game.sections import INVALID_BED, ISOLATED_BED, MARK_SHADOW

TERRAIN_ROWS = [
    (Terrain.PLAINS, "Plains (honey onyx)", "Nothing special."),
    (Terrain.FOREST, "Forest (malachite)", "Dense: a word must be worth more than 2 per forest cell it covers. "
                                            "Once cut, it is plains."),
    (Terrain.WATER, "Water (lapis lazuli)", "Cross it, but both ends of a word stand on land. Fights at x0.6."),
    (Terrain.MOUNTAINS, "Mountains (tiger's eye)", "Each letter here counts double in a fight."),
    (Terrain.ICE, "Ice (white marble)", "Holds one-dot letters. Heavier ones crack it after the fight."),
    (Terrain.LAVA, "Lava (red onyx)", "No letter may ever stand here."),
]

PAGES: list[tuple[str, list[str]]] = [
    ("The board", [
        "Two alchemists grow rival crosswords across a board of polished stones.",
        "Each stone is a terrain with its own rule:",
    ]),
    ("Your letters", [
        "Your letters are coins: gold for the first player, silver for the second.",
        "The dots under a letter are its value (1 to 3). A word's score is the sum of its dots.",
        "You start with 7 letters and draw 3 each turn; you may hold at most 12.",
        "Your first word must cover your own city (the metal tile with a tower). Every later word",
        "joins your crossword: it shares a letter with it, or covers a city you own.",
        "Lay letters in one row or column; Commit; lay more words; lift one word back (Redeploy)",
        "once a turn; then End turn.",
    ]),
    ("Strength", [
        "When words meet they fight with their strength: the dots, each letter on a mountain",
        "doubled, times every multiplier that applies:",
        "  x0.6  a letter on water (attack and defence)",
        "  x1.5  defending with a letter on a city",
        "  x0.6  defending while cut off from your cities",
        "  x1.5  words of attack (sword, siege), of defence (shield, wall), of stealth (spy)",
        "The preview beside the board shows a word's strength before you commit it.",
    ]),
    ("Combat", [
        "A word laid on, or right beside, an enemy letter attacks. The defender puts the",
        "enemy words it touches in an order; your word fights them one by one.",
        "Stronger than the defender: that word is beaten and your strength drops by its strength.",
        "Equal or weaker: your word falls, and every letter you placed goes with it.",
        "A beaten word loses the letters that no unbeaten word of its owner holds.",
        "Whoever knocks letters off scores their dots.",
        "Below: SWORD (7 x1.5 = 10) attacks silver. NOR first (10-3 = 7 left), then GRAM (7 on",
        "a city) stops it without a letter lost: the best order, which the game suggests.",
    ]),
    ("Winning", [
        "A word that covers a pewter or enemy city and survives its fight takes it: an enemy city is +40.",
        "Lose your last city and you lose the game, whatever the score.",
        "Otherwise the higher score wins: when a player ends a turn with pool and rack empty, after",
        "four passes in a row with no letters left to draw, when each side has played 10 turns",
        "with no letters left to draw, or after 200 turns.",
        "Score = dots of your words on the board + dots of enemy letters you knocked off",
        "+ 40 for each enemy city taken.",
        "Words cut off from your cities are marked amber; invalid lines are marked red.",
    ]),
    ("The war rules", [
        "Choose War when you set up a game, for one built for fighting. Five rules change:",
        "  Each enemy word your word touches is fought alone: stronger than each one, you beat",
        "  them all; one at least as strong stops you. (In the standard game you must beat their sum.)",
        "  Letters knocked off in a fight score 2 points a dot, for the defender too.",
        "  A word on a city defends at x2 instead of x1.5 against an attack within 2 steps of the",
        "  city, its gate: a city falls only to a real assault there.",
        "  Farther out the word fights at its own strength, and beaten, keeps its letters in the gate.",
        "  If the player who moved first uses every letter, the other still plays a last turn.",
        "Everything else is as in the standard game.",
    ]),
]

EXAMPLE = {  # the worked example: silver's crossword and gold's attacking SWORD
    Player.SILVER: {(0, 0): "s", (0, 1): "i", (0, 2): "n", (0, 3): "g", (1, 1): "n", (1, 2): "o", (1, 3): "r",
                    (2, 2): "t", (2, 3): "a", (2, 4): "u", (3, 3): "m"},
}


class HowToPlayView(BaseView):
    """Five pages of rules with pictures; a button starts a guided first game."""

    title = "How to play"

    def __init__(self, back: Callable[[], Any] | None = None) -> None:
        super().__init__(back=back or (lambda: self.navigator.go_menu()))
        self.page = 0
        row = UIBoxLayout(vertical=False, space_between=16)
        self.prev_button = BrassButton("Previous", width=170, kind="steel", on_click=lambda: self.turn(-1),
                                       name="prev")
        self.next_button = BrassButton("Next", width=170, on_click=lambda: self.turn(1), name="next")
        row.add(self.prev_button)
        row.add(self.next_button)
        row.add(BrassButton("Guided first game", width=250, kind="gold", on_click=self.guided, name="guided"))
        row.add(BrassButton("Back", width=140, kind="steel", on_click=self.back_action, name="back"))
        self.root.add(row, anchor_x="center", anchor_y="bottom", align_y=30)
        self.nav.controls = list(row.children)
        self._buttons()

    def turn(self, delta: int) -> None:
        self.page = max(0, min(len(PAGES) - 1, self.page + delta))
        self._buttons()

    def _buttons(self) -> None:
        self.prev_button.disabled = self.page == 0
        self.next_button.disabled = self.page == len(PAGES) - 1

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol in (arcade.key.RIGHT, arcade.key.PAGEDOWN):
            self.turn(1)
            return True
        if symbol in (arcade.key.LEFT, arcade.key.PAGEUP):
            self.turn(-1)
            return True
        return super().on_key_press(symbol, modifiers)

    def guided(self) -> None:
        """The guided first game: ten short lessons on the small map, with a coach."""
        self.navigator.go_tutorial()

    # ---------------------------------------------------------------- drawing
    def draw_title(self) -> None:
        w, h = self.window.width, self.window.height
        name, _ = PAGES[self.page]
        self.texts.draw("h-title", f"{self.page + 1}. {name}", w / 2, h - 70, size=34, color=theme.BRASS_LIGHT,
                        anchor_x="center", bold=True)
        self.texts.draw("h-page", f"page {self.page + 1} of {len(PAGES)}", w / 2, h - 100, size=14,
                        color=theme.INK_MUTED, anchor_x="center", italic=True)

    def draw_extra(self) -> None:
        w, h = self.window.width, self.window.height
        width = min(1100, w - 120)
        left = (w - width) / 2
        top = h - 130
        from client.ui.widgets import draw_panel

        draw_panel(left, 100, width, top - 100)
        _, lines = PAGES[self.page]
        y = top - 44
        for i, line in enumerate(lines):
            self.texts.draw(("l", self.page, i), line, left + 40, y, size=17, color=theme.PARCHMENT)
            y -= 28
        getattr(self, f"_picture_{self.page}")(left + 40, y - 20, width - 80)

    def _picture_0(self, x: float, y: float, width: float) -> None:
        size = 58
        for i, (terrain, name, rule) in enumerate(TERRAIN_ROWS):
            yy = y - i * (size + 10) - size / 2
            for k in range(3):
                arcade.draw_texture_rect(pieces.stone_texture(terrain, i, k * 5 + 1),
                                         arcade.XYWH(x + size / 2 + k * size, yy, size, size))
            self.texts.draw(("tn", i), name, x + 3 * size + 24, yy + 6, size=17, color=theme.BRASS_LIGHT, bold=True)
            self.texts.draw(("tr", i), rule, x + 3 * size + 24, yy - 16, size=14, color=theme.PARCHMENT_DIM,
                            font=theme.SANS)

    def _picture_1(self, x: float, y: float, width: float) -> None:
        size = 70
        for i, ch in enumerate("word"):
            arcade.draw_texture_rect(pieces.coin_texture(1, ch), arcade.XYWH(x + 40 + i * size, y - 50, size, size))
        for i, ch in enumerate("foe"):
            arcade.draw_texture_rect(pieces.coin_texture(2, ch),
                                     arcade.XYWH(x + 400 + i * size, y - 50, size, size))
        arcade.draw_texture_rect(pieces.city_texture(1), arcade.XYWH(x + 700, y - 50, size, size))
        arcade.draw_texture_rect(pieces.city_texture(2), arcade.XYWH(x + 780, y - 50, size, size))
        arcade.draw_texture_rect(pieces.city_texture(None), arcade.XYWH(x + 860, y - 50, size, size))
        score = sum(LETTER_VALUES[c] for c in "word")
        self.texts.draw("p1a", f"WORD scores {score}", x + 40, y - 110, size=15, color=theme.GOLD)
        self.texts.draw("p1b", "silver's letters", x + 400, y - 110, size=15, color=theme.SILVER)
        self.texts.draw("p1c", "cities: gold, silver, pewter", x + 700, y - 110, size=15, color=theme.PARCHMENT_DIM)

    def _picture_2(self, x: float, y: float, width: float) -> None:
        size = 58
        arcade.draw_texture_rect(pieces.stone_texture(Terrain.MOUNTAINS, 1, 1), arcade.XYWH(x + 40, y - 40, size, size))
        arcade.draw_texture_rect(pieces.coin_texture(1, "k"), arcade.XYWH(x + 40, y - 40, size, size))
        self.texts.draw("p2", "K on a mountain: 3 dots count 6", x + 90, y - 46, size=15, color=theme.PARCHMENT_DIM)

    def _picture_3(self, x: float, y: float, width: float) -> None:
        size = 50
        ox, oy = x + 60, y - 20
        city = (3, 3)  # GRAM's M stands on silver's city (RULINGS R7, revision 2)
        for r in range(4):
            for c in range(9):
                tex = pieces.city_texture(2) if (r, c) == city else pieces.stone_texture(Terrain.PLAINS, r, c)
                arcade.draw_texture_rect(tex, arcade.XYWH(ox + c * size, oy - r * size, size, size))
        for (r, c), ch in EXAMPLE[Player.SILVER].items():
            k = CITY_COIN if (r, c) == city else 1.0
            arcade.draw_texture_rect(pieces.coin_texture(2, ch),
                                     arcade.XYWH(ox + c * size, oy - r * size, size * k, size * k))
        bx, by = ox + city[1] * size + BADGE_OFFSET * size, oy - city[0] * size + BADGE_OFFSET * size
        arcade.draw_texture_rect(pieces.city_badge_texture(2), arcade.XYWH(bx, by, size * BADGE_SIZE, size * BADGE_SIZE))
        for i, ch in enumerate("sword"):
            arcade.draw_texture_rect(pieces.coin_texture(1, ch),
                                     arcade.XYWH(ox + (3 + i) * size, oy - 1 * size - (0 if i else 8), size, size),
                                     alpha=255 if i else 200)
        self.texts.draw("p3", "gold's SWORD overlaps silver's R", ox + 9 * size + 20, oy - size, size=15,
                        color=theme.GOLD)

    def _picture_4(self, x: float, y: float, width: float) -> None:
        size = 64
        arcade.draw_texture_rect(pieces.city_texture(None), arcade.XYWH(x + 40, y - 40, size, size))
        self.texts.draw("p4a", "->", x + 90, y - 48, size=22, color=theme.BRASS_LIGHT)
        arcade.draw_texture_rect(pieces.city_texture(1), arcade.XYWH(x + 150, y - 40, size, size))
        self.texts.draw("p4b", "a pewter city taken by gold", x + 200, y - 48, size=15, color=theme.PARCHMENT_DIM)
        # The two marks, as the board shows them.
        size = 52
        y2 = y - 150
        for label, word, kind, bed, tint, colour, left in (
                ("an invalid line: not a word", "qz", "invalid", INVALID_BED, INVALID_TINT, theme.RUBY, x + 8),
                ("an isolated word: cut off from your cities", "oak", "isolated", ISOLATED_BED, ISOLATED_TINT,
                 theme.AMBER, x + 420)):
            for i, ch in enumerate(word):
                cx = left + size / 2 + i * size
                arcade.draw_texture_rect(pieces.stone_texture(Terrain.PLAINS, 7, i), arcade.XYWH(cx, y2, size, size))
                arcade.draw_lbwh_rectangle_filled(cx - size / 2 + 1, y2 - size / 2 + 1, size - 2, size - 2, bed)
                arcade.draw_texture_rect(pieces.coin_texture(1 if kind == "isolated" else 2, ch),
                                         arcade.XYWH(cx, y2, size, size), color=arcade.types.Color(*tint))
            w = size * len(word)
            arcade.draw_lbwh_rectangle_outline(left, y2 - size / 2, w, size, MARK_SHADOW, 7)
            arcade.draw_lbwh_rectangle_outline(left, y2 - size / 2, w, size, colour, 3)
            arcade.draw_texture_rect(mark_badge_texture(kind), arcade.XYWH(left, y2 + size / 2, 26, 26))
            self.texts.draw(("p4m", kind), label, left, y2 - size / 2 - 26, size=15, color=colour)

    def _picture_5(self, x: float, y: float, width: float) -> None:
        size = 50
        ox, oy = x + size / 2, y - size / 2
        city = (1, 4)  # silver's ON and TO share the O on silver's city; gold's S makes CATS
        letters = {(0, 4): (2, "t"), (0, 5): (2, "o"), (1, 4): (2, "o"), (1, 5): (2, "n"),
                   (1, 0): (1, "c"), (1, 1): (1, "a"), (1, 2): (1, "t"), (1, 3): (1, "s")}
        for r in range(2):
            for c in range(7):
                tex = pieces.city_texture(2) if (r, c) == city else pieces.stone_texture(Terrain.PLAINS, r + 5, c)
                arcade.draw_texture_rect(tex, arcade.XYWH(ox + c * size, oy - r * size, size, size))
        for (r, c), (owner, ch) in letters.items():
            k = CITY_COIN if (r, c) == city else 1.0
            arcade.draw_texture_rect(pieces.coin_texture(owner, ch),
                                     arcade.XYWH(ox + c * size, oy - r * size, size * k, size * k))
        tx = x + 7 * size + 30
        for i, line in enumerate(("CATS (5) touches ON and TO, each 2 x2 on silver's city = 4.",
                                  "War: CATS beats ON, then TO, one at a time. Both fall.",
                                  "Standard: CATS must beat their sum (3 + 3 = 6): it beats one, then falls.")):
            self.texts.draw(("p5", i), line, tx, oy + 8 - i * 26, size=15, color=theme.PARCHMENT_DIM)
        dots = LETTER_VALUES["o"]
        self.texts.draw("p5d", f"Only their shared O goes (T and N are in other words): {dots} dot, "
                        f"{2 * dots} points.", tx, oy + 8 - 3 * 26, size=15, color=theme.BRASS_LIGHT)
