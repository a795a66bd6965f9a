"""The board of the game screen: a zoomable, pannable camera over the stones, coins and marks.

The board opens at a zoom where a coin is at least :data:`MIN_COIN_PX` pixels wide (the whole
board when it fits at that size, else the part around the player's own crossword), and the
player zooms (wheel, + and -) and pans (drag, Shift+arrows) from there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from client.ui import theme
from client.ui.textures import panel_patch
from client.views.board import marks as board_marks
from client.views.board.camera import BoardCamera
from client.views.board.coords import MIN_BAND, CoordLayout, coordinate_layout
from client.views.board.paint import COIN_FRACTION, FRAME, TILE, BoardPainter, cell_centre, world_to_cell
from client.views.fast_draw import CachedLayer, screen_camera
from client.views.layout import Rect
from client.views.board.minimap import Minimap
from client.views.panel_base import Panel
from shared.rules.terrain import Cell

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen

MIN_COIN_PX = 40
"""A coin is at least this many pixels wide when the board opens (the player may zoom out)."""
COORD_INK = (58, 36, 12, 255)
STRIP_FILL = (200, 156, 78, 235)  # the brass of the frame, for numbers pinned to the area's edges
STRIP_EDGE = (92, 62, 24, 255)


class BoardSection(Panel):
    """The board under a zoomable, pannable camera, with every mark and animation on it."""

    MIN_ZOOM = 0.12
    MAX_ZOOM = 2.5
    FIT_MARGIN = FRAME + 4

    def __init__(self, gv: "GameScreen", rect: Rect) -> None:
        super().__init__(gv, rect, "board", 1)
        self.painter = BoardPainter()
        self.cam = arcade.Camera2D(viewport=arcade.LBWH(rect.left, rect.bottom, rect.width, rect.height))
        self.framing = BoardCamera(self.cam, self.board_extent, self.view_extent, min_zoom=self.MIN_ZOOM,
                                  max_zoom=self.MAX_ZOOM, fit_margin=self.FIT_MARGIN, fit_zoom=self.fit_zoom)
        self.layer = CachedLayer(gv.window)
        self._layer_key: tuple = ()
        self.hover: Cell | None = None
        self.coords = theme.TextCache()
        self.coord_layout = CoordLayout()  # the numbers as last painted (read by the tests)
        self.minimap = Minimap(self)
        self._live_coins = False

    def set_rect(self, rect: Rect) -> None:
        super().set_rect(rect)
        self.cam.viewport = arcade.LBWH(rect.left, rect.bottom, max(1, rect.width), max(1, rect.height))
        self.cam.equalise()
        if not self.framing.user_zoomed:
            self.default_view()
        else:
            self.clamp()

    def board_extent(self) -> tuple[float, float]:
        return self.gv.display.width * TILE, self.gv.display.height * TILE

    def view_extent(self) -> tuple[float, float]:
        return self.width, self.height

    def fit_zoom(self) -> float:
        """The zoom at which the whole board and its frame fit."""
        w, h = self.board_extent()
        m = self.FIT_MARGIN
        zoom = min(self.width / (w + 2 * m), self.height / (h + 2 * m))
        room = MIN_BAND + 2  # pixels round the board for its numbers, however thin the frame
        if w and h and m * zoom < room:
            zoom = min((self.width - 2 * room) / w, (self.height - 2 * room) / h)
        return max(0.01, zoom)

    @staticmethod
    def play_zoom() -> float:
        """The zoom at which a coin is :data:`MIN_COIN_PX` wide."""
        return MIN_COIN_PX / (COIN_FRACTION * TILE)

    def default_view(self) -> None:
        """The opening view: the whole board if it fits with coins of a comfortable size, else
        that size around the player's own crossword."""
        fit = self.fit_zoom()
        self.framing.fit()
        if fit < self.play_zoom():
            self.cam.zoom = self.framing.limit(self.play_zoom())
            self.cam.position = self.focus_point()
            self.clamp()
        self.framing.user_zoomed = False

    def overview(self) -> None:
        """The whole board, however small its coins."""
        self.framing.fit()
        self.framing.user_zoomed = True

    def focus_point(self) -> tuple[float, float]:
        """World position the opening view centres on: the middle of the viewer's letters, or
        before their first word the city of theirs nearest the middle of the board (the board's
        centre for a spectator)."""
        d = self.gv.display
        p = self.gv.viewer
        w, h = self.board_extent()
        if p is None:
            return w / 2, h / 2
        letters = list(d.letters.get(p, {}))
        if letters:
            points = [cell_centre(c, d.height) for c in letters]
            return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
        cities = [cell_centre(c, d.height) for c, o in d.cities.items() if o == p]
        if not cities:
            return w / 2, h / 2
        return min(cities, key=lambda xy: (xy[0] - w / 2) ** 2 + (xy[1] - h / 2) ** 2)

    def clamp(self) -> None:
        """Keep the board in view: centred on an axis where it fits, else no gap beyond its frame."""
        w, h = self.board_extent()
        zoom = max(0.01, self.cam.zoom)
        px, py = self.cam.position
        out = []
        for pos, size, view in ((px, w, self.width / zoom), (py, h, self.height / zoom)):
            lo, hi = -FRAME - 8 + view / 2, size + FRAME + 8 - view / 2
            out.append(size / 2 if lo >= hi else max(lo, min(hi, pos)))
        self.cam.position = (out[0], out[1])

    def ensure_visible(self, cell: Cell, margin: float = 1.2) -> None:
        """Pan the least needed so ``cell`` (and ``margin`` cells round it) is on screen."""
        x, y = cell_centre(cell, self.gv.display.height)
        zoom = max(0.01, self.cam.zoom)
        half_w, half_h = self.width / zoom / 2, self.height / zoom / 2
        pad = TILE * (0.5 + margin)
        px, py = self.cam.position
        if half_w > pad:
            px = min(max(px, x + pad - half_w), x - pad + half_w)
        if half_h > pad:
            py = min(max(py, y + pad - half_h), y - pad + half_h)
        if (px, py) != tuple(self.cam.position):
            self.cam.position = (px, py)
            self.clamp()

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The board cell under a screen point (None off the board, outside the section, or on
        the minimap)."""
        if not self.rect.contains(x, y) or self.minimap.contains(x, y):
            return None
        wx, wy, _ = self.cam.unproject((x, y))
        if wx < 0 or wy < 0:
            return None
        cell = world_to_cell(wx, wy, self.gv.display.height)
        return cell if self.gv.display.in_bounds(cell) else None

    def cell_to_screen(self, cell: Cell) -> tuple[float, float]:
        x, y = cell_centre(cell, self.gv.display.height)
        p = self.cam.project((x, y))
        return p[0], p[1]

    def min_line(self, world: float, pixels: float = 3.0) -> float:
        """A line width in world units that is at least ``pixels`` wide on screen."""
        return max(world, pixels / max(0.05, self.cam.zoom))

    @property
    def cell_pixels(self) -> float:
        return TILE * self.cam.zoom

    @property
    def coin_pixels(self) -> float:
        """How wide a coin on the board is on screen."""
        return TILE * COIN_FRACTION * self.cam.zoom

    # ---------------------------------------------------------------- drawing
    def on_draw(self) -> None:
        gv = self.gv
        d = gv.display
        self.painter.sync(d)
        # The coins lie in the cached layer too (an animation frame then only copies it), except
        # while a stone or a city under them turns over: that is drawn between stones and coins.
        step = gv.fx.step
        self._live_coins = step is not None and step.kind in ("terrain_changed", "city_taken")
        key = (self.painter.static_revision, tuple(self.cam.position), self.cam.zoom, self.width, self.height,
               self._live_coins, None if self._live_coins else (id(d), d.revision, frozenset(self.painter.hidden),
                                                                frozenset(self.painter.hidden_badges)))
        if key != self._layer_key:
            self._layer_key = key
            self.layer.dirty = True
        self.layer.draw(self.left, self.bottom, self.width, self.height, self._paint_static,
                        clear=theme.WALNUT, blend=False)
        # What moves on the board stays on it (a falling coin does not spill over the rack).
        ctx = self.window.ctx
        ctx.scissor = (int(self.left), int(self.bottom), int(self.width), int(self.height))
        self.cam.use()
        if self._live_coins:
            gv.fx.draw_terrain_effects(self)
            board_marks.draw_beds(self)
            self.painter.draw_coins()
        board_marks.draw_ghosts(self)
        board_marks.draw_last_move(self)
        if self._live_coins:
            board_marks.draw_mark_frames(self)
        gv.fx.draw_world(self)
        board_marks.draw_defence(self)
        if gv.coach is not None:
            gv.coach.draw_on_board(self)  # the cells the guided game's lesson is about
        overlay = getattr(gv, "draw_board_overlay", None)
        if overlay is not None:
            overlay(self)  # the analysis board's ghost coins of a better turn
        board_marks.draw_provisional(self)
        board_marks.draw_cursor(self)
        ctx.scissor = None
        self.window.default_camera.use()
        board_marks.draw_defence_numbers(self)
        gv.fx.draw_screen(self)
        self.minimap.draw()
        board_marks.draw_banner(self)

    def _paint_static(self, size: tuple[int, int]) -> None:
        """The cached layer: the brass surround with its coordinates, the stones, the cities and
        (unless a stone under them is being animated) the coins."""
        cam = arcade.Camera2D(viewport=arcade.LBWH(0, 0, size[0], size[1]), position=self.cam.position,
                              zoom=self.cam.zoom)
        cam.use()
        d = self.gv.display
        w, h = d.width * TILE, d.height * TILE
        panel_patch("brass").draw_rect(rect=arcade.LBWH(-FRAME, -FRAME, w + 2 * FRAME, h + 2 * FRAME))
        self.painter.draw_terrain()
        if not self._live_coins:
            board_marks.draw_beds(self)
            self.painter.draw_coins()
            board_marks.draw_mark_frames(self)
        screen_camera(size, 0, 0).use()
        self._paint_coordinates(cam, size)

    def _paint_coordinates(self, cam: arcade.Camera2D, size: tuple[int, int]) -> None:
        """Column numbers along the top and bottom, row numbers down the sides: on the frame, or
        pinned to the area's edges on a brass strip while the frame is out of view."""
        d = self.gv.display
        self.coord_layout = layout = coordinate_layout(lambda xy: _screen_xy(cam, xy), cam.zoom,
                                                       d.height, d.width, size)
        for left, bottom, width, height in layout.strips:
            arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, STRIP_FILL)
            arcade.draw_lbwh_rectangle_outline(left, bottom, width, height, STRIP_EDGE, 1)
        for key, text, x, y in layout.labels:
            self.coords.draw(key, text, x, y, size=layout.font, color=COORD_INK, font=theme.SANS, bold=True,
                             anchor_x="center", anchor_y="center")

    # ---------------------------------------------------------------- helpers for the marks
    def cells_rect(self, cells, pad: float) -> tuple[float, float, float, float]:
        h = self.gv.display.height
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        left = min(cols) * TILE + pad
        right = (max(cols) + 1) * TILE - pad
        bottom = (h - 1 - max(rows)) * TILE + pad
        top = (h - min(rows)) * TILE - pad
        return left, bottom, right - left, top - bottom

    def outline_cells(self, cells, colour, width: float = 4, pad: float = 3) -> None:
        if not cells:
            return
        left, bottom, ww, hh = self.cells_rect(cells, pad)
        arcade.draw_lbwh_rectangle_outline(left, bottom, ww, hh, colour, width)

    def fill_cells(self, cells, colour, pad: float = 2) -> None:
        for cell in cells:
            left, bottom, ww, hh = self.cells_rect([cell], pad)
            arcade.draw_lbwh_rectangle_filled(left, bottom, ww, hh, colour)


def _screen_xy(cam: arcade.Camera2D, xy: tuple[float, float]) -> tuple[float, float]:
    """Where the world point ``xy`` shows on screen through ``cam``."""
    x, y = tuple(cam.project(xy))[:2]
    return x, y
