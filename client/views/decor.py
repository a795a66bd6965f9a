"""Decorations for the menus: a band of polished stones set in brass, with a few coins."""

from __future__ import annotations

import functools

import arcade
import numpy as np
from PIL import Image

from client.art.stones import stone_image, tile_overlay

STONES = ("honey_onyx", "tigers_eye", "white_marble", "lapis_lazuli", "malachite", "red_onyx")


@functools.lru_cache(maxsize=8)
def stone_band(count: int, tile: int, seed: int) -> Image.Image:
    """``count`` stone tiles in a row, each a different variant, set in brass."""
    band = Image.new("RGBA", (count * tile, tile), (0, 0, 0, 0))
    overlay = tile_overlay(tile)
    rng = np.random.default_rng(seed)
    for i in range(count):
        stone = STONES[int(rng.integers(len(STONES)))] if i % 3 else STONES[(i // 3) % len(STONES)]
        img = stone_image(stone, int(rng.integers(0, 40)), seed, tile)
        img = img.transpose(Image.Transpose.ROTATE_90) if rng.random() < 0.5 else img
        img.alpha_composite(overlay)
        band.paste(img, (i * tile, 0))
    return band


class GemBorder:
    """Bands of stones along the top and bottom of a menu screen, fading towards the ends."""

    def __init__(self, seed: int = 7, tile: int = 44) -> None:
        self.seed = seed
        self.tile = tile
        self._texture: arcade.Texture | None = None
        self._count = 0

    def _band(self, width: int) -> arcade.Texture:
        count = max(8, width // self.tile + 1)
        if self._texture is None or count != self._count:
            img = stone_band(count, self.tile, self.seed).copy()
            # Fade both ends into the table.
            alpha = np.asarray(img.getchannel("A"), dtype=np.float32)
            xs = np.linspace(0, 1, img.width, dtype=np.float32)
            fade = np.clip(np.minimum(xs, 1 - xs) * 5.0, 0, 1) ** 1.5
            img.putalpha(Image.fromarray((alpha * fade[None, :]).astype(np.uint8)))
            self._texture = arcade.Texture(img, hash=f"scryptic-band-{self.seed}-{count}-{self.tile}")
            self._count = count
        return self._texture

    def draw(self, width: int, height: int, time: float = 0.0) -> None:
        tex = self._band(width)
        w = tex.width
        arcade.draw_texture_rect(tex, arcade.LBWH(0, 0, w, self.tile))
        arcade.draw_texture_rect(tex, arcade.LBWH(0, height - self.tile, w, self.tile))
        rail = (120, 86, 34, 255)
        arcade.draw_line(0, self.tile + 2, width, self.tile + 2, rail, 3)
        arcade.draw_line(0, height - self.tile - 2, width, height - self.tile - 2, rail, 3)
