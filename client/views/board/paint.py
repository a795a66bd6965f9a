"""Draws a :class:`~client.play.display.DisplayState` in world coordinates: stones, cities, coins.

World units: a cell is :data:`TILE` wide; cell (row, col) has its centre at
``((col + 0.5) * TILE, (height - row - 0.5) * TILE)`` so row 0 is at the top. Everything
static lives in sprite lists rebuilt only when the display's revision changes, so an idle
frame is a few draw calls. A coin standing on a city is drawn a little smaller inside the city's
metal rim, with the city's emblem on its shoulder, so the owner shows at a glance.
"""

from __future__ import annotations

import arcade

from client.play.display import DisplayState
from client.ui import pieces
from shared.rules.terrain import Cell, Player, Terrain

TILE = 64
FRAME = 26  # the brass surround around the board, in world units
COIN_SCALE = TILE / pieces.PIECE_PX
COIN_FRACTION = 0.93
"""A coin on the board is this wide, as a fraction of its cell: the stone still shows at the corners."""
COIN_BOOST = COIN_FRACTION / (2 * pieces.COIN_RADIUS)
"""How much larger than its texture's own coin a board coin is drawn."""
CITY_COIN = 0.82
"""A coin on a city is drawn this much smaller, so the city's metal rim shows around it."""
BADGE_SIZE = 0.40
"""The city emblem on a coin's shoulder, as a fraction of a cell."""
BADGE_OFFSET = 0.32
NO_TINT = (255, 255, 255, 255)
INVALID_TINT = (255, 138, 128, 255)
"""Coins of an invalid run blush red, so the run stands out even at 20 px a cell."""
ISOLATED_TINT = (178, 170, 160, 255)
"""Coins of an isolated word are dulled: cut off from supply."""


def cell_centre(cell: Cell, height: int) -> tuple[float, float]:
    r, c = cell
    return (c + 0.5) * TILE, (height - r - 0.5) * TILE


def badge_centre(cell: Cell, height: int) -> tuple[float, float]:
    """Where a city's emblem sits: the upper right shoulder of the coin on it."""
    x, y = cell_centre(cell, height)
    return x + BADGE_OFFSET * TILE, y + BADGE_OFFSET * TILE


def world_to_cell(x: float, y: float, height: int) -> Cell:
    return (height - 1 - int(y // TILE), int(x // TILE))


class BoardPainter:
    """Sprite lists for the terrain, the cities and the coins of a display state."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.terrain: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(use_spatial_hash=False, capacity=2048)
        self.cities: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(use_spatial_hash=False)
        self.shadows: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(use_spatial_hash=False, capacity=512)
        self.coins: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(use_spatial_hash=False, capacity=512)
        self.badges: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(use_spatial_hash=False)
        self._badges: dict[Cell, tuple[arcade.Sprite, Player | None]] = {}
        self._terrain_sprites: dict[Cell, arcade.Sprite] = {}
        self._terrain_kind: dict[Cell, Terrain] = {}
        self._city_sprites: dict[Cell, arcade.Sprite] = {}
        self._city_owner: dict[Cell, Player | None] = {}
        self._coins: dict[Cell, tuple[arcade.Sprite, arcade.Sprite, int, str]] = {}
        self.hidden: set[Cell] = set()  # coins not to draw (being animated elsewhere)
        self.hidden_badges: set[Cell] = set()  # city emblems being animated elsewhere
        self.size = (0, 0)
        self.revision = -1
        self.static_revision = 0  # bumped when stones or cities change (the cached layer redraws)

    @property
    def world_size(self) -> tuple[float, float]:
        w, h = self.size
        return w * TILE, h * TILE

    def sync(self, state: DisplayState, force: bool = False) -> None:
        """Bring the sprites in line with ``state`` (cheap when nothing changed)."""
        if not force and state.revision == self.revision and (state.width, state.height) == self.size:
            return
        if (state.width, state.height) != self.size:
            self._reset()
            self.size = (state.width, state.height)
        h = state.height
        for r in range(state.height):
            for c in range(state.width):
                cell = (r, c)
                t = state.terrain[r][c]
                if self._terrain_kind.get(cell) is t:
                    continue
                self._terrain_kind[cell] = t
                self.static_revision += 1
                x, y = cell_centre(cell, h)
                if t is Terrain.CITY:
                    tex = pieces.stone_texture(Terrain.PLAINS, r, c, self.seed)
                else:
                    tex = pieces.stone_texture(t, r, c, self.seed)
                sprite = self._terrain_sprites.get(cell)
                if sprite is None:
                    sprite = arcade.Sprite(tex, scale=COIN_SCALE, center_x=x, center_y=y)
                    self._terrain_sprites[cell] = sprite
                    self.terrain.append(sprite)
                else:
                    sprite.texture = tex
        for cell, owner in state.cities.items():
            if cell in self._city_sprites and self._city_owner.get(cell, "?") == owner:
                continue
            self._city_owner[cell] = owner
            self.static_revision += 1
            tex = pieces.city_texture(None if owner is None else int(owner))
            sprite = self._city_sprites.get(cell)
            if sprite is None:
                x, y = cell_centre(cell, h)
                sprite = arcade.Sprite(tex, scale=COIN_SCALE, center_x=x, center_y=y)
                self._city_sprites[cell] = sprite
                self.cities.append(sprite)
            else:
                sprite.texture = tex
        wanted: dict[Cell, tuple[int, str]] = {}
        tints: dict[Cell, tuple[int, int, int, int]] = {}
        for player in (Player.GOLD, Player.SILVER):
            for cell, ch in state.letters.get(player, {}).items():
                if cell not in self.hidden:
                    wanted[cell] = (int(player), ch)
            bad, cut = state.marked_cells(player)
            tints.update({cell: ISOLATED_TINT for cell in cut})
            tints.update({cell: INVALID_TINT for cell in bad})
        for cell in list(self._coins):
            coin, shadow, p, ch = self._coins[cell]
            if wanted.get(cell) != (p, ch):
                coin.remove_from_sprite_lists()
                shadow.remove_from_sprite_lists()
                del self._coins[cell]
        for cell, (p, ch) in wanted.items():
            if cell in self._coins:
                continue
            x, y = cell_centre(cell, h)
            scale = COIN_SCALE * COIN_BOOST * (CITY_COIN if cell in state.cities else 1.0)
            shadow = arcade.Sprite(pieces.coin_shadow_texture(), scale=scale, center_x=x + 3, center_y=y - 4)
            coin = arcade.Sprite(pieces.coin_texture(p, ch), scale=scale, center_x=x, center_y=y)
            self.shadows.append(shadow)
            self.coins.append(coin)
            self._coins[cell] = (coin, shadow, p, ch)
        for cell, (coin, _shadow, _, _) in self._coins.items():
            tint = tints.get(cell, NO_TINT)
            if tuple(coin.color) != tint:
                coin.color = tint
        self._sync_badges(state, wanted)
        self.revision = state.revision

    def _sync_badges(self, state: DisplayState, coins: dict[Cell, tuple[int, str]]) -> None:
        """An emblem on every city that has a coin on it, in the city owner's metal."""
        wanted = {cell: owner for cell, owner in state.cities.items()
                  if cell in coins and cell not in self.hidden_badges}
        for cell in list(self._badges):
            sprite, owner = self._badges[cell]
            if cell not in wanted or wanted[cell] != owner:
                sprite.remove_from_sprite_lists()
                del self._badges[cell]
        for cell, owner in wanted.items():
            if cell in self._badges:
                continue
            x, y = badge_centre(cell, state.height)
            tex = pieces.city_badge_texture(None if owner is None else int(owner))
            sprite = arcade.Sprite(tex, scale=BADGE_SIZE * TILE / tex.width, center_x=x, center_y=y)
            self.badges.append(sprite)
            self._badges[cell] = (sprite, owner)

    def _reset(self) -> None:
        for lst in (self.terrain, self.cities, self.shadows, self.coins, self.badges):
            lst.clear()
        self._badges.clear()
        self._terrain_sprites.clear()
        self._terrain_kind.clear()
        self._city_sprites.clear()
        self._city_owner.clear()
        self._coins.clear()

    def draw_terrain(self) -> None:
        self.terrain.draw(pixelated=False)
        self.cities.draw()

    def draw_coins(self) -> None:
        self.shadows.draw()
        self.coins.draw()
        self.badges.draw()
