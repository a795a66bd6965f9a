"""The board in the editor: the game's gemstone tiles under a zoomable, pannable camera.

Stones and city plates come from :mod:`client.ui.pieces`, laid out as the game lays them out
(:mod:`client.views.board.paint`: a cell is :data:`TILE` world units, row 0 at the top), in a
brass surround. Sprites are updated cell by cell when the document changes, so an idle frame
is a couple of draw calls; the preview of a gesture is a second, translucent layer.
"""

from __future__ import annotations

import math
import time

import arcade

from client.editor.document import MapDocument
from client.editor.paint import Paint, is_city, terrain_of
from client.ui import pieces, theme
from client.ui.textures import panel_patch
from client.views.board.camera import BoardCamera
from client.views.board.paint import FRAME, TILE, cell_centre, world_to_cell
from client.views.fast_draw import CachedLayer
from client.views.layout import Rect
from shared.rules.terrain import Cell, Player, Terrain

SCALE = TILE / pieces.PIECE_PX


def stone_for(paint: Paint, cell: Cell) -> arcade.Texture:
    """The stone under a cell (plains under a city)."""
    terrain = terrain_of(paint)
    return pieces.stone_texture(Terrain.PLAINS if terrain is Terrain.CITY else terrain, cell[0], cell[1])


def city_for(paint: Paint) -> arcade.Texture:
    """The metal plate of a city paint."""
    owner = {"G": int(Player.GOLD), "S": int(Player.SILVER), "P": None}[paint]
    return pieces.city_texture(owner)


class EditorBoard:
    """Sprites and camera for one document on a screen rectangle."""

    MIN_ZOOM = 0.12
    MAX_ZOOM = 2.5

    def __init__(self, rect: Rect, window: arcade.Window) -> None:
        self.rect = rect
        self.layer = CachedLayer(window)  # the surround, stones and cities, redrawn on change only
        self._layer_key: tuple = ()
        self.cam = arcade.Camera2D(viewport=arcade.LBWH(rect.left, rect.bottom, rect.width, rect.height))
        self.framing = BoardCamera(self.cam, self.board_extent, self.view_extent, min_zoom=self.MIN_ZOOM,
                                  max_zoom=self.MAX_ZOOM)
        self.stones: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(use_spatial_hash=False, capacity=4096)
        self.cities: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(use_spatial_hash=False)
        self.ghosts: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(use_spatial_hash=False)
        self._stone_sprites: dict[Cell, arcade.Sprite] = {}
        self._city_sprites: dict[Cell, arcade.Sprite] = {}
        self._painted: dict[Cell, Paint] = {}
        self._ghost_key: tuple = ()
        self.size = (0, 0)
        self.revision = -1
        self.doc_id = 0

    # ---------------------------------------------------------------- sprites
    def sync(self, doc: MapDocument) -> None:
        """Bring the sprites in line with the document (only the cells that changed)."""
        if doc.revision == self.revision and id(doc) == self.doc_id and (doc.width, doc.height) == self.size:
            return
        if (doc.width, doc.height) != self.size or id(doc) != self.doc_id:
            resized = (doc.width, doc.height) != self.size
            self._reset()
            self.size = (doc.width, doc.height)
            self.doc_id = id(doc)
            if resized or not self.framing.user_zoomed:
                self.framing.fit()
        h = doc.height
        for r, row in enumerate(doc.rows):
            for c, paint in enumerate(row):
                cell = (r, c)
                if self._painted.get(cell) == paint:
                    continue
                self._painted[cell] = paint
                x, y = cell_centre(cell, h)
                stone = stone_for(paint, cell)
                sprite = self._stone_sprites.get(cell)
                if sprite is None:
                    sprite = arcade.Sprite(stone, scale=SCALE, center_x=x, center_y=y)
                    self._stone_sprites[cell] = sprite
                    self.stones.append(sprite)
                elif sprite.texture is not stone:
                    sprite.texture = stone
                city = self._city_sprites.get(cell)
                if is_city(paint):
                    if city is None:
                        city = arcade.Sprite(city_for(paint), scale=SCALE, center_x=x, center_y=y)
                        self._city_sprites[cell] = city
                        self.cities.append(city)
                    else:
                        city.texture = city_for(paint)
                elif city is not None:
                    city.remove_from_sprite_lists()
                    del self._city_sprites[cell]
        self.revision = doc.revision

    def _reset(self) -> None:
        self.stones.clear()
        self.cities.clear()
        self.ghosts.clear()
        self._stone_sprites.clear()
        self._city_sprites.clear()
        self._painted.clear()
        self._ghost_key = ()

    def set_preview(self, primary: dict[Cell, Paint], mirrored: dict[Cell, Paint]) -> None:
        """The translucent stones of what a gesture would paint (rebuilt only when it changes)."""
        key = (tuple(sorted(primary.items())), tuple(sorted(mirrored.items())))
        if key == self._ghost_key:
            return
        self._ghost_key = key
        self.ghosts.clear()
        h = self.size[1]
        for cells, alpha in ((primary, 215), (mirrored, 150)):
            for cell, paint in cells.items():
                x, y = cell_centre(cell, h)
                stone = arcade.Sprite(stone_for(paint, cell), scale=SCALE, center_x=x, center_y=y)
                stone.alpha = alpha
                self.ghosts.append(stone)
                if is_city(paint):
                    plate = arcade.Sprite(city_for(paint), scale=SCALE, center_x=x, center_y=y)
                    plate.alpha = alpha
                    self.ghosts.append(plate)

    # ---------------------------------------------------------------- camera
    @property
    def world_size(self) -> tuple[float, float]:
        return self.size[0] * TILE, self.size[1] * TILE

    def set_rect(self, rect: Rect) -> None:
        """Move the board to another screen rectangle (the window was resized)."""
        self.rect = rect
        self.cam.viewport = arcade.LBWH(rect.left, rect.bottom, max(1, rect.width), max(1, rect.height))
        self.cam.equalise()
        if not self.framing.user_zoomed:
            self.framing.fit()

    def board_extent(self) -> tuple[float, float]:
        return self.world_size

    def view_extent(self) -> tuple[float, float]:
        return self.rect.width, self.rect.height

    def contains(self, x: float, y: float) -> bool:
        return self.rect.contains(x, y)

    def cell_at(self, x: float, y: float, clamp: bool = False) -> Cell | None:
        """The cell under a screen point; None off the board (``clamp``: the nearest cell)."""
        if not clamp and not self.rect.contains(x, y):
            return None
        wx, wy, *_ = self.cam.unproject((x, y))
        w, h = self.size
        if clamp:
            wx = min(max(wx, 0.0), w * TILE - 1)
            wy = min(max(wy, 0.0), h * TILE - 1)
        elif wx < 0 or wy < 0 or wx >= w * TILE or wy >= h * TILE:
            return None
        return world_to_cell(wx, wy, h)

    def cell_to_screen(self, cell: Cell) -> tuple[float, float]:
        """The screen position of a cell's centre."""
        x, y = cell_centre(cell, self.size[1])
        p = self.cam.project((x, y))
        return p[0], p[1]

    @property
    def cell_pixels(self) -> float:
        return TILE * self.cam.zoom

    # ---------------------------------------------------------------- drawing
    def draw(self, *, symmetry: str | None, errors: set[Cell], focus: set[Cell], focus_colour: tuple,
             outline_primary: set[Cell], outline_mirror: set[Cell], hover: Cell | None) -> None:
        """The surround, stones, cities, marks and the preview, inside the board rectangle."""
        r = self.rect
        key = (self.doc_id, self.revision, tuple(self.cam.position), self.cam.zoom, r)
        if key != self._layer_key:
            self._layer_key = key
            self.layer.dirty = True
        self.layer.draw(r.left, r.bottom, r.width, r.height, self._paint_static)
        self.cam.use()
        pulse = 0.8 + 0.2 * math.sin(time.monotonic() * 3.0)  # a gentle throb, never faint
        px = 1 / self.cam.zoom  # one screen pixel in world units: marks keep their weight when zoomed out
        for cell in errors:
            self._outline(cell, theme.with_alpha(theme.RUBY, int(235 * pulse)), max(5, 3 * px), 3)
        if symmetry:
            self._draw_axis(symmetry)
        self.ghosts.draw()
        for cell in outline_primary:
            self._outline(cell, theme.with_alpha(theme.BRASS_LIGHT, 230), 3, 2)
        for cell in outline_mirror:
            self._outline(cell, theme.with_alpha(theme.SAPPHIRE, 230), 3, 2)
        for cell in focus:
            self._outline(cell, (20, 12, 6, 220), max(10, 8 * px), -3 * px)  # a dark rim makes it stand out
            self._outline(cell, theme.with_alpha(focus_colour, int(255 * pulse)), max(6, 4 * px), -3 * px)
        if hover is not None and hover not in outline_primary:
            self._outline(hover, theme.with_alpha(theme.PARCHMENT, 160), 2, 3)

    def _paint_static(self, size: tuple[int, int]) -> None:
        """The cached layer: the brass surround, the stones and the cities."""
        cam = arcade.Camera2D(viewport=arcade.LBWH(0, 0, size[0], size[1]), position=self.cam.position,
                              zoom=self.cam.zoom)
        cam.use()
        w, h = self.world_size
        panel_patch("brass").draw_rect(rect=arcade.LBWH(-FRAME, -FRAME, w + 2 * FRAME, h + 2 * FRAME))
        self.stones.draw(pixelated=False)
        self.cities.draw()

    def _outline(self, cell: Cell, colour, width: float, pad: float) -> None:
        x, y = cell_centre(cell, self.size[1])
        half = TILE / 2 - pad
        arcade.draw_lbwh_rectangle_outline(x - half, y - half, 2 * half, 2 * half, colour, width)

    def _draw_axis(self, symmetry: str) -> None:
        """The mirror line (or the centre of the half-turn) as a faint sapphire guide."""
        w, h = self.world_size
        colour = theme.with_alpha(theme.SAPPHIRE, 170)
        if symmetry == "mirror-x":
            _dashed(w / 2, -FRAME / 2, w / 2, h + FRAME / 2, colour)
        elif symmetry == "mirror-y":
            _dashed(-FRAME / 2, h / 2, w + FRAME / 2, h / 2, colour)
        else:
            _half_turn_mark(w / 2, h / 2, TILE * 0.62, colour)


def _half_turn_mark(x: float, y: float, radius: float, colour) -> None:
    """Two arrows chasing each other round the centre of a half-turn, wide enough to leave a
    city standing on the centre cell in plain view."""
    head = radius * 0.42
    for start in (25.0, 205.0):
        end = start + 130.0
        arcade.draw_arc_outline(x, y, 2 * radius, 2 * radius, colour, start, end, 9, num_segments=48)
        a = math.radians(end)
        px, py = x + radius * math.cos(a), y + radius * math.sin(a)
        tx, ty = -math.sin(a), math.cos(a)  # counter-clockwise tangent
        nx, ny = math.cos(a), math.sin(a)
        arcade.draw_triangle_filled(px + tx * head, py + ty * head,
                                    px + nx * head * 0.6, py + ny * head * 0.6,
                                    px - nx * head * 0.6, py - ny * head * 0.6, colour)


def _dashed(x0: float, y0: float, x1: float, y1: float, colour, dash: float = 22, gap: float = 14) -> None:
    length = math.hypot(x1 - x0, y1 - y0)
    if not length:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    points = []
    t = 0.0
    while t < length:
        end = min(length, t + dash)
        points += [(x0 + ux * t, y0 + uy * t), (x0 + ux * end, y0 + uy * end)]
        t = end + gap
    arcade.draw_lines(points, colour, 4)
