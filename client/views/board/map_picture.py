"""A small picture of a whole map: each cell a square of its stone's colour, cities in their
owner's metal, in a brass frame. The setup screens show the chosen map with it."""

from __future__ import annotations

import arcade
import numpy as np
from PIL import Image

from client.ui import theme
from client.views.layout import Rect
from client.views.board.minimap import CITY_RGB, STONE_RGB
from shared.rules.terrain import GameMap

GAP_RGB = (40, 26, 14)  # the lines between cells


def map_image(game_map: GameMap, cell: int) -> Image.Image:
    """The map as a picture, ``cell`` pixels a cell (a one-pixel gap between cells from 5 up)."""
    gap = 1 if cell >= 5 else 0
    h, w = game_map.height, game_map.width
    rgb = np.zeros((h, w, 3), np.uint8)
    for r, row in enumerate(game_map.terrain):
        rgb[r, :] = [STONE_RGB.get(t, (0, 0, 0)) for t in row]
    for (r, c), owner in game_map.cities.items():
        rgb[r, c] = CITY_RGB.get(owner, CITY_RGB[None])
    big = np.repeat(np.repeat(rgb, cell, axis=0), cell, axis=1)
    if gap:
        big[cell - 1::cell, :] = GAP_RGB
        big[:, cell - 1::cell] = GAP_RGB
    if cell >= 5:  # a city stands out from the plains around it: a dark ring inside its square
        for (r, c) in game_map.cities:
            top, left, inner = r * cell, c * cell, cell - 1
            big[top:top + inner, left:left + inner] = GAP_RGB
            big[top + 1:top + inner - 1, left + 1:left + inner - 1] = rgb[r, c]
    return Image.fromarray(big).convert("RGBA")


class MapPicture:
    """The picture of one map at a time, made again only when the map or the room changes."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._texture: arcade.Texture | None = None
        self._size = (0, 0)

    def draw(self, game_map: GameMap | None, room: Rect) -> Rect | None:
        """Draw ``game_map`` as large as fits in ``room`` (centred); the picture's rectangle, or
        None if there is no map or no room for one."""
        if game_map is None:
            return None
        cell = int(min((room.width - 12) / game_map.width, (room.height - 12) / game_map.height))
        if cell < 3:
            return None
        key = (id(game_map), cell)
        if key != self._key:
            image = map_image(game_map, cell)
            self._texture = arcade.Texture(image, hash=f"map-picture-{game_map.name}-{cell}-{id(game_map)}")
            self._size, self._key = image.size, key
        pw, ph = self._size
        left, bottom = room.left + (room.width - pw) / 2, room.bottom + (room.height - ph) / 2
        arcade.draw_lbwh_rectangle_filled(left - 6, bottom - 6, pw + 12, ph + 12, (20, 12, 6, 235))
        assert self._texture is not None
        arcade.draw_texture_rect(self._texture, arcade.LBWH(left, bottom, pw, ph))
        arcade.draw_lbwh_rectangle_outline(left - 6, bottom - 6, pw + 12, ph + 12, theme.BRASS, 2)
        return Rect(left, bottom, pw, ph)

