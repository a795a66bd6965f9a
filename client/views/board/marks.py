"""What the board draws over its stones and coins: marks, the last move, the layout being made,
the typing cursor, the defence being ordered, and the banner at its foot.

Functions of a :class:`~client.views.board.section.BoardSection`, called in drawing order. None
of them changes with the clock, so a still board needs no redrawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from client.ui import pieces, theme
from client.ui.textures import glow_texture, mark_badge_texture
from client.views.board.paint import CITY_COIN, COIN_BOOST, TILE, cell_centre
from shared.rules.terrain import Player
from shared.wire import DefencePending

if TYPE_CHECKING:
    from client.views.game.screen import BoardArea

INVALID_BED = (190, 24, 40, 165)
ISOLATED_BED = (214, 104, 8, 160)
MARK_SHADOW = (26, 10, 4, 200)
CURSOR_INK = (255, 250, 236, 255)
CURSOR_SHADOW = (16, 8, 2, 230)
CURSOR_FILL = (255, 255, 255, 56)
GHOST_TINT = arcade.types.Color(200, 190, 180, 255)
LAST_MOVE_SHADOW = (20, 10, 2, 220)


def draw_beds(board: "BoardArea") -> None:
    """Under the coins: invalid runs and isolated words lie on a red or amber bed."""
    d = board.gv.display
    for p in (Player.GOLD, Player.SILVER):
        for run in d.isolated.get(p, []):
            board.fill_cells(run, ISOLATED_BED, pad=1)
        for run in d.invalid.get(p, []):
            board.fill_cells(run, INVALID_BED, pad=1)


def draw_ghosts(board: "BoardArea") -> None:
    """Letters the last move knocked off, faint where they stood."""
    gv = board.gv
    d = gv.display
    for ghost in gv.move_marks.ghosts:
        if d.letter_at(ghost.cell) is not None:
            continue
        x, y = cell_centre(ghost.cell, d.height)
        size = TILE * COIN_BOOST * 0.92
        arcade.draw_texture_rect(pieces.coin_texture(int(ghost.owner), ghost.letter), arcade.XYWH(x, y, size, size),
                                 color=GHOST_TINT, alpha=85)
        arm = TILE * 0.16
        line = board.min_line(4, 2)
        for dx in (-1, 1):
            arcade.draw_line(x - arm, y - arm * dx, x + arm, y + arm * dx, theme.with_alpha(theme.RUBY, 200), line)


def draw_last_move(board: "BoardArea") -> None:
    """Corner brackets in the player's metal round each side's last word."""
    gv = board.gv
    if gv.animator.busy:
        return
    for player, cells in gv.move_marks.commits.items():
        if not cells:
            continue
        left, bottom, w, h = board.cells_rect(cells, 2)
        arm = min(TILE * 0.42, w / 2, h / 2)
        colour = theme.PLAYER_COLOURS[int(player)]
        for ink, width in ((LAST_MOVE_SHADOW, board.min_line(9, 6)), (colour, board.min_line(5, 3))):
            for cx, sx in ((left, 1), (left + w, -1)):
                for cy, sy in ((bottom, 1), (bottom + h, -1)):
                    arcade.draw_line(cx, cy, cx + sx * arm, cy, ink, width)
                    arcade.draw_line(cx, cy, cx, cy + sy * arm, ink, width)


def draw_mark_frames(board: "BoardArea") -> None:
    """Over the coins: a frame round each marked run and a badge saying what is wrong.

    Invalid runs carry a cross, isolated words a broken chain, so neither is told by colour
    alone. Frame and badge keep a minimum size on screen, so a 40x30 board shows them too.
    """
    d = board.gv.display
    if not any(d.invalid.get(p) or d.isolated.get(p) for p in (Player.GOLD, Player.SILVER)):
        return
    zoom = max(0.05, board.cam.zoom)
    line = board.min_line(5.0)
    badge = max(TILE * 0.42, 18 / zoom)
    for p in (Player.GOLD, Player.SILVER):
        for kind, runs, colour in (("isolated", d.isolated.get(p, []), theme.AMBER),
                                   ("invalid", d.invalid.get(p, []), theme.RUBY)):
            for run in runs:
                # A dark under-stroke keeps the frame visible on pale stones as on dark ones.
                board.outline_cells(run, MARK_SHADOW, line * 2.2, pad=-line / 2)
                board.outline_cells(run, colour, line, pad=-line / 2)
                # Top left: the top right shoulder of a coin may carry a city's emblem.
                left, bottom, ww, hh = board.cells_rect(run, 0)
                arcade.draw_texture_rect(mark_badge_texture(kind), arcade.XYWH(left, bottom + hh, badge, badge))


def draw_defence(board: "BoardArea") -> None:
    """While a defence is ordered: the attacking word in red, each defender numbered in turn."""
    gv = board.gv
    pending = gv.display.pending
    if not isinstance(pending, DefencePending) or gv.animator.busy:
        return
    line = board.min_line(5.0)
    cells = [tuple(c) for c in pending.attack.cells]
    board.outline_cells(cells, MARK_SHADOW, line * 2.2, pad=-line / 2)
    board.outline_cells(cells, theme.RUBY, line, pad=-line / 2)
    for run in defence_runs(board):
        board.outline_cells(run, MARK_SHADOW, line * 1.8, pad=line / 2)
        board.outline_cells(run, theme.SAPPHIRE, line * 0.8, pad=line / 2)


def defence_runs(board: "BoardArea") -> list[list[tuple[int, int]]]:
    """The defending words' cells in the order being chosen (the suggested one for a watcher)."""
    gv = board.gv
    pending = gv.display.pending
    if not isinstance(pending, DefencePending):
        return []
    defenders = pending.defenders
    order = getattr(gv.dialog, "order", None) or pending.suggested_order or range(len(defenders))
    return [[(r, c) for r, c in defenders[i].cells] for i in order if 0 <= i < len(defenders)]


def draw_defence_numbers(board: "BoardArea") -> None:
    """In screen space: the place of each defender in the order, on its first letter."""
    gv = board.gv
    pending = gv.display.pending
    if not isinstance(pending, DefencePending) or gv.animator.busy:
        return
    radius = max(11.0, board.cell_pixels * 0.22)
    placed: dict[tuple[int, int], int] = {}
    for i, run in enumerate(defence_runs(board)):
        first = min(run)
        x, y = board.cell_to_screen(first)
        # Words that start on the same letter get their numbers side by side.
        shift = placed.get(first, 0)
        placed[first] = shift + 1
        x, y = x - board.cell_pixels * 0.36 + shift * (2 * radius + 4), y + board.cell_pixels * 0.36
        arcade.draw_circle_filled(x, y, radius + 2, MARK_SHADOW)
        arcade.draw_circle_filled(x, y, radius, theme.SAPPHIRE)
        board.texts.draw(("def", i), str(i + 1), x, y, size=radius * 0.95, color=theme.PARCHMENT, bold=True,
                         anchor_x="center", anchor_y="center", font=theme.SANS)


def draw_provisional(board: "BoardArea") -> None:
    """The letters laid out but not committed: floating coins ringed green (a word) or red."""
    gv = board.gv
    planner = gv.planner
    if not planner.placed or gv.viewer is None:
        return
    marks = gv.word_marks
    h = gv.display.height
    for cell, ch in planner.placed.items():
        x, y = cell_centre(cell, h)
        ok = marks.get(cell)
        ring = theme.EMERALD if ok else theme.RUBY if ok is False else theme.SAPPHIRE
        arcade.draw_texture_rect(glow_texture(), arcade.XYWH(x, y, TILE * 1.4, TILE * 1.4),
                                 color=theme.with_alpha(ring, 190))
        if gv.drag is not None and gv.drag.source == ("board", cell):
            continue
        # Provisional coins float a little above the board, slightly see-through.
        size = TILE * COIN_BOOST * (CITY_COIN if cell in gv.display.cities else 1.0)
        arcade.draw_texture_rect(pieces.coin_shadow_texture(), arcade.XYWH(x + 5, y - 6, size, size))
        arcade.draw_texture_rect(pieces.coin_texture(int(gv.viewer), ch), arcade.XYWH(x, y + 5, size, size),
                                 alpha=235)
        # Not a word: a cross in the ring as well as the red, so colour is not the only sign.
        if ok is False:
            arm = TILE * 0.12
            bx, by = x + TILE * 0.34, y + TILE * 0.34
            arcade.draw_circle_filled(bx, by, TILE * 0.16, theme.RUBY_DARK)
            arcade.draw_line(bx - arm, by - arm, bx + arm, by + arm, theme.PARCHMENT, board.min_line(4, 2))
            arcade.draw_line(bx - arm, by + arm, bx + arm, by - arm, theme.PARCHMENT, board.min_line(4, 2))
    if gv.preview.ok and gv.preview.attack:
        main = next((w for w in gv.preview.words if w.main), None)
        if main is not None:
            board.outline_cells(main.cells, theme.with_alpha(theme.RUBY, 220), board.min_line(4), pad=-2)


def draw_cursor(board: "BoardArea") -> None:
    """The typing cursor: a steady white frame on a dark stroke (seen on every stone), with an
    arrow for the typing direction; in redeploy mode, the word a click would lift."""
    gv = board.gv
    planner = gv.planner
    hover = board.hover
    if gv.redeploy_mode and hover is not None:
        run = gv.actions.lift_candidate(hover)
        if run is not None:
            board.fill_cells(run.cells, theme.with_alpha(theme.SAPPHIRE, 80))
            board.outline_cells(run.cells, theme.SAPPHIRE, board.min_line(4))
        return
    drag = gv.drag
    if drag is not None and drag.moved and hover is not None:
        # Where the coin would land: green if it may go there, red (and crossed) if not.
        ok = gv.my_turn and planner.can_place(hover)
        colour = theme.EMERALD if ok else theme.RUBY
        board.fill_cells([hover], theme.with_alpha(colour, 70), pad=1)
        board.outline_cells([hover], CURSOR_SHADOW, board.min_line(8, 6), pad=3)
        board.outline_cells([hover], colour, board.min_line(4, 3), pad=3)
        if not ok:
            x, y = cell_centre(hover, gv.display.height)
            arm = TILE * 0.3
            arcade.draw_line(x - arm, y - arm, x + arm, y + arm, theme.RUBY, board.min_line(5, 3))
            arcade.draw_line(x - arm, y + arm, x + arm, y - arm, theme.RUBY, board.min_line(5, 3))
        return
    cell = planner.cursor
    if cell is None or gv.viewer is None or not gv.my_turn:
        return
    x, y = cell_centre(cell, gv.display.height)
    half = TILE / 2
    arcade.draw_lbwh_rectangle_filled(x - half, y - half, TILE, TILE, CURSOR_FILL)
    outer, inner = board.min_line(8, 6), board.min_line(4, 3)
    for ink, width in ((CURSOR_SHADOW, outer), (CURSOR_INK, inner)):
        arcade.draw_lbwh_rectangle_outline(x - half + 3, y - half + 3, TILE - 6, TILE - 6, ink, width)
    # The typing direction: an arrow on the cursor's edge, outlined so it shows on any stone.
    if planner.direction == "across":
        tri = ((x + half + 14, y), (x + half - 2, y + 12), (x + half - 2, y - 12))
    else:
        tri = ((x, y - half - 14), (x - 12, y - half + 2), (x + 12, y - half + 2))
    arcade.draw_polygon_filled(list(tri), CURSOR_INK)
    arcade.draw_polygon_outline(list(tri), CURSOR_SHADOW, board.min_line(3, 2))


def draw_banner(board: "BoardArea") -> None:
    """Rule errors and hints, in plain words, at the foot of the board."""
    gv = board.gv
    text, colour = gv.text.banner()
    if not text:
        return
    label = board.texts.get("banner", text, board.left + board.width / 2, board.bottom + 30, size=15,
                            color=theme.PARCHMENT, anchor_x="center", anchor_y="center",
                            font=theme.SANS, width=int(board.width - 80), multiline=False)
    w = min(board.width - 40, label.content_width + 44)
    left = board.left + board.width / 2 - w / 2
    arcade.draw_lbwh_rectangle_filled(left, board.bottom + 12, w, 36, theme.with_alpha(theme.LEATHER_DARK, 235))
    arcade.draw_lbwh_rectangle_outline(left, board.bottom + 12, w, 36, colour, 2)
    label.draw()
