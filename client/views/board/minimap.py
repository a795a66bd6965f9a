"""A small map of the whole board in the board's corner, shown while the board does not fit.

Each cell is one pixel of its stone's colour (letters as their metal), scaled up; a frame
shows the part of the board in view. A click or a drag on it moves the view there. Ctrl+M
hides and shows it; and it never hides what the player is working on: while the typing
cursor, a letter being laid or a coin being dragged is under it, it fades to a thin outline
and the cells beneath take the clicks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
import numpy as np
from arcade.gl import Texture2D
from arcade.gl.geometry import quad_2d_fs

from client.ui import theme
from client.views.board.paint import TILE
from client.views.layout import Rect
from shared.rules.terrain import Player, Terrain

if TYPE_CHECKING:
    from client.views.game.screen import BoardArea

STONE_RGB: dict[Terrain, tuple[int, int, int]] = {
    Terrain.PLAINS: (214, 178, 120), Terrain.FOREST: (40, 132, 84), Terrain.WATER: (36, 72, 160),
    Terrain.MOUNTAINS: (128, 82, 34), Terrain.ICE: (228, 230, 232), Terrain.LAVA: (170, 40, 30),
    Terrain.CITY: (110, 110, 110),
}
METAL_RGB = {Player.GOLD: (255, 214, 90), Player.SILVER: (250, 252, 255)}
CITY_RGB = {None: (150, 152, 150), Player.GOLD: (240, 196, 84), Player.SILVER: (214, 220, 230)}
MAX_SIDE = 150  # pixels: the minimap's longer side, on a board area of 680 pixels or more
SHARE = 0.22  # on a smaller board area, at most this share of its shorter side
MARGIN = 12


class Minimap:
    """The overview of a :class:`~client.views.board.section.BoardSection`."""

    def __init__(self, board: "BoardArea") -> None:
        self.board = board
        self._gl_texture: Texture2D | None = None
        self._key: tuple = ()
        self._quad = quad_2d_fs()
        self.hidden = False  # Ctrl+M

    @property
    def shown(self) -> bool:
        """Only while part of the board is out of view, and the player has not hidden it."""
        b = self.board
        return not self.hidden and b.cam.zoom > b.fit_zoom() * 1.02

    def toggle(self) -> None:
        """Hide or show the small map (Ctrl+M)."""
        self.hidden = not self.hidden

    def faded(self) -> bool:
        """True while something the player works on lies under the small map: the typing
        cursor, a letter laid this turn, or the cell a dragged coin is over."""
        if not self.shown:
            return False
        gv = self.board.gv
        r = self.rect
        if gv.drag is not None and gv.drag.moved and r.contains(gv.drag.x, gv.drag.y):
            return True
        cells = list(gv.planner.placed)
        if gv.planner.cursor is not None and gv.my_turn:
            cells.append(gv.planner.cursor)
        reach = self.board.cell_pixels / 2 + 5  # the frame round the map is 5 px wide
        for cell in cells:
            x, y = self.board.cell_to_screen(cell)
            if r.left - reach < x < r.right + reach and r.bottom - reach < y < r.top + reach:
                return True
        return False

    @property
    def rect(self) -> Rect:
        d = self.board.gv.display
        b = self.board.rect
        scale = min(MAX_SIDE, SHARE * min(b.width, b.height)) / max(d.width, d.height)
        w, h = d.width * scale, d.height * scale
        return Rect(b.right - w - MARGIN, b.bottom + MARGIN + 50, w, h)

    def contains(self, x: float, y: float) -> bool:
        """True if (x, y) is on the small map (not while it is faded: the board takes it)."""
        return self.shown and self.rect.contains(x, y) and not self.faded()

    def centre_on(self, x: float, y: float) -> None:
        """Move the view so the board point under (x, y) on the minimap is in the middle."""
        r = self.rect
        d = self.board.gv.display
        fx, fy = (x - r.left) / r.width, (y - r.bottom) / r.height
        self.board.cam.position = (fx * d.width * TILE, fy * d.height * TILE)
        self.board.framing.user_zoomed = True
        self.board.clamp()

    def _upload(self) -> None:
        """Write the board's colours into the minimap's texture (when the board changed)."""
        d = self.board.gv.display
        key = (d.revision, id(d), d.width, d.height)
        if self._gl_texture is not None and key == self._key:
            return
        rgb = np.zeros((d.height, d.width, 4), np.uint8)
        rgb[..., 3] = 255
        for r, row in enumerate(d.terrain):
            rgb[r, :, :3] = [STONE_RGB.get(t, (0, 0, 0)) for t in row]
        for cell, owner in d.cities.items():
            rgb[cell[0], cell[1], :3] = CITY_RGB.get(owner, CITY_RGB[None])
        for p, cells in d.letters.items():
            for cell in cells:
                rgb[cell[0], cell[1], :3] = METAL_RGB.get(p, (255, 255, 255))
        ctx = self.board.window.ctx
        texture = self._gl_texture
        if texture is None or texture.size != (d.width, d.height):
            texture = self._gl_texture = ctx.texture((d.width, d.height), components=4)
            texture.filter = ctx.NEAREST, ctx.NEAREST
        texture.write(np.ascontiguousarray(rgb[::-1]).tobytes())  # OpenGL rows go upwards
        self._key = key

    def _blit(self, r: Rect) -> None:
        ctx = self.board.window.ctx
        saved = ctx.viewport
        ctx.viewport = (int(r.left), int(r.bottom), int(r.width), int(r.height))
        assert self._gl_texture is not None  # made by _upload, called before each blit
        self._gl_texture.use(0)
        self._quad.render(ctx.utility_textured_quad_program)
        ctx.viewport = saved

    def draw(self) -> None:
        if not self.shown:
            return
        r = self.rect
        if self.faded():  # a thin outline where it was: the cells under it show
            arcade.draw_lbwh_rectangle_outline(r.left - 5, r.bottom - 5, r.width + 10, r.height + 10,
                                               theme.with_alpha(theme.BRASS, 120), 1)
            return
        arcade.draw_lbwh_rectangle_filled(r.left - 5, r.bottom - 5, r.width + 10, r.height + 10, (20, 12, 6, 230))
        self._upload()
        self._blit(r)
        arcade.draw_lbwh_rectangle_outline(r.left - 5, r.bottom - 5, r.width + 10, r.height + 10, theme.BRASS, 2)
        # The part of the board in view.
        b = self.board
        d = b.gv.display
        zoom = max(0.01, b.cam.zoom)
        px, py = b.cam.position
        half_w, half_h = b.width / zoom / 2, b.height / zoom / 2
        sx, sy = r.width / (d.width * TILE), r.height / (d.height * TILE)
        left = max(r.left, r.left + (px - half_w) * sx)
        right = min(r.right, r.left + (px + half_w) * sx)
        bottom = max(r.bottom, r.bottom + (py - half_h) * sy)
        top = min(r.top, r.bottom + (py + half_h) * sy)
        if right > left and top > bottom:
            arcade.draw_lbwh_rectangle_outline(left, bottom, right - left, top - bottom, (10, 6, 2, 255), 4)
            arcade.draw_lbwh_rectangle_outline(left, bottom, right - left, top - bottom, theme.PARCHMENT, 2)
