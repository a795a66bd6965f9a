"""The better turn drawn on the board: ghost coins where it would lay its letters.

Drawn under the board's camera over the position at the turn's start (a
:class:`~client.play.analysis_board.BetterTurn`): each letter it would leave on the board is a
translucent coin of the mover's metal in an emerald glow, numbered when the turn commits more
than once; a word of its own it would lift is ringed in sapphire, and each letter its fights
would knock off is ringed in ruby and crossed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from client.play.analysis_board import BetterTurn
from client.ui import pieces, theme
from client.ui.textures import glow_texture
from client.views.board.marks import MARK_SHADOW
from client.views.board.paint import CITY_COIN, COIN_BOOST, TILE, cell_centre

if TYPE_CHECKING:
    from client.views.game.screen import BoardArea

GHOST_ALPHA = 175
GLOW = theme.with_alpha(theme.EMERALD, 170)


def draw_better_turn(board: "BoardArea", better: BetterTurn) -> None:
    """Ghost coins, lifted words and fallen letters of ``better`` (world units)."""
    d = board.gv.display
    h = d.height
    line = board.min_line(4, 2.5)
    for cell in sorted(better.lifted):
        board.outline_cells([cell], MARK_SHADOW, line * 2, pad=4)
        board.outline_cells([cell], theme.SAPPHIRE, line, pad=4)
    for cell in sorted(better.removed):
        x, y = cell_centre(cell, h)
        arcade.draw_circle_outline(x, y, TILE * 0.47, MARK_SHADOW, line * 2.2)
        arcade.draw_circle_outline(x, y, TILE * 0.47, theme.RUBY, line)
        arm = TILE * 0.2
        arcade.draw_line(x - arm, y - arm, x + arm, y + arm, theme.RUBY, line)
        arcade.draw_line(x - arm, y + arm, x + arm, y - arm, theme.RUBY, line)
    player = int(better.player)
    for cell, letter in sorted(better.added.items()):
        x, y = cell_centre(cell, h)
        arcade.draw_texture_rect(glow_texture(), arcade.XYWH(x, y, TILE * 1.45, TILE * 1.45), color=GLOW)
        size = TILE * COIN_BOOST * (CITY_COIN if cell in d.cities else 1.0)
        arcade.draw_texture_rect(pieces.coin_texture(player, letter), arcade.XYWH(x, y, size, size),
                                 alpha=GHOST_ALPHA)
        arcade.draw_circle_outline(x, y, TILE * 0.44, theme.with_alpha(theme.EMERALD, 230), board.min_line(3, 2))
    radius = max(TILE * 0.15, 9 / max(0.05, board.cam.zoom))
    for cell, number in better.order.items():
        if min(c for c, n in better.order.items() if n == number) != cell:
            continue  # one number per commit, on its first letter
        x, y = cell_centre(cell, h)
        bx, by = x - TILE * 0.34, y + TILE * 0.34
        arcade.draw_circle_filled(bx, by, radius + 2 / max(0.05, board.cam.zoom), MARK_SHADOW)
        arcade.draw_circle_filled(bx, by, radius, theme.EMERALD)
        board.texts.draw(("ghost-order", cell), str(number), bx, by, size=radius * 1.05,
                         color=theme.INK_DARK, bold=True, anchor_x="center", anchor_y="center", font=theme.SANS)
