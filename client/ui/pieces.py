"""Pieces on the board, made procedurally: letter coins, city tiles and stone tiles.

Coins are gold and round (player 1) or silver and octagonal (player 2), with the letter struck
in relief and its value (1-3) in dark pips under it; cities are solid metal tiles (gold, silver, pewter) with a keep inlaid;
terrain tiles are the art's polished stones, each in many variants and eight orientations,
with the bevel and brass setting laid over them. Everything is cached for the run.
"""

from __future__ import annotations

import functools
from pathlib import Path

import arcade
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from client.art import cities
from client.art.shading import circle_sdf, shade_metal, to_image
from client.art.stones import stone_image, tile_overlay
from shared.rules.letters import LETTER_VALUES
from shared.rules.terrain import Terrain

PIECE_PX = 96
"""Pixel size of the textures of one cell (drawn at 64 world units: crisp up to 1.5x zoom)."""

VARIANTS = 12
ORIENTATIONS = 4
"""Each stone comes in 12 variants, each turned four ways (no mirror images): 48 tiles a
terrain, so the stones of any map (6 x 48 = 288 at most) and the coins share one 2048 x 2048
texture atlas; with mirror images too, a varied map's 400-odd tiles outgrew it into a 4096
atlas (64 MB) for some 15 MB of pictures."""

STONE_OF: dict[Terrain, str] = {
    Terrain.PLAINS: "honey_onyx",
    Terrain.MOUNTAINS: "tigers_eye",
    Terrain.ICE: "white_marble",
    Terrain.WATER: "lapis_lazuli",
    Terrain.FOREST: "malachite",
    Terrain.LAVA: "red_onyx",
}

METALS = {
    "gold": np.array([0.96, 0.74, 0.28], dtype=np.float32),
    "silver": np.array([0.80, 0.82, 0.87], dtype=np.float32),
    "pewter": np.array([0.50, 0.51, 0.50], dtype=np.float32),
}
PLAYER_METAL = {1: "gold", 2: "silver"}


def _font_path(bold: bool = True) -> str:
    base = Path(arcade.resources.resolve(":system:fonts/ttf/Liberation/"))
    return str(base / ("Liberation_Serif_Bold.ttf" if bold else "Liberation_Serif_Regular.ttf"))


@functools.lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(_font_path(True), size)


def _mask_of_text(text: str, size: int, px: int, cy: float) -> np.ndarray:
    img = Image.new("L", (px, px), 0)
    draw = ImageDraw.Draw(img)
    font = _font(size)
    draw.text((px / 2, cy), text, font=font, fill=255, anchor="mm")
    return np.asarray(img, dtype=np.float32) / 255.0


def _blur(a: np.ndarray, radius: int) -> np.ndarray:
    img = Image.fromarray((np.clip(a, 0, 1) * 255).astype(np.uint8))
    from PIL import ImageFilter

    return np.asarray(img.filter(ImageFilter.GaussianBlur(radius)), dtype=np.float32) / 255.0


COIN_RADIUS = 0.43
"""Radius of a coin as a fraction of its texture (the octagon's corners reach a little further)."""
PIP_INK = {"gold": np.array([0.20, 0.11, 0.03], dtype=np.float32), "silver": np.array([0.10, 0.12, 0.20], dtype=np.float32)}
"""The dark inlay of a coin's value pips: they read at a glance even at 40 pixels."""


def coin_sdf(metal: str, px: int) -> np.ndarray:
    """Signed distance (pixels, negative inside) to a coin's outline.

    Gold coins are round and silver coins octagonal, so the two sides differ in shape as
    well as in colour (for players who see the two metals alike).
    """
    c = (px - 1) / 2
    if metal != "silver":
        return circle_sdf((px, px), c, c, px * COIN_RADIUS)
    ys, xs = np.mgrid[0:px, 0:px].astype(np.float32)
    dx, dy = xs - c, ys - c
    apothem = px * 0.418
    d = np.full((px, px), -np.inf, np.float32)
    for k in range(8):
        a = (k + 0.5) * np.pi / 4
        d = np.maximum(d, dx * np.cos(a) + dy * np.sin(a))
    return d - apothem


@functools.lru_cache(maxsize=128)
def coin_image(metal: str, letter: str, px: int = PIECE_PX) -> Image.Image:
    """A coin with ``letter`` (a-z, or '' for a blank back) and its value in dark pips."""
    c = (px - 1) / 2
    sdf = coin_sdf(metal, px)
    alpha = np.clip(0.5 - sdf, 0, 1)
    d = -sdf
    # Height: a raised rim, a flat field, the letter in relief.
    rim = np.exp(-((d - px * 0.035) / (px * 0.03)) ** 2) * 2.2
    edge = np.clip(d / (px * 0.03), 0, 1) * 1.5
    height = edge + rim
    albedo = np.broadcast_to(METALS[metal], (px, px, 3)).copy()
    pips = np.zeros((px, px), np.float32)
    if letter:
        glyph = _mask_of_text(letter.upper(), int(px * 0.50), px, px * 0.42)
        height += _blur(glyph, 1) * 2.4
        ys, xs = np.mgrid[0:px, 0:px].astype(np.float32)
        n = LETTER_VALUES[letter]
        for i in range(n):
            x = c + (i - (n - 1) / 2) * px * 0.15
            dist = np.hypot(xs - x, ys - px * 0.765) / (px * 0.052)
            pips = np.maximum(pips, np.clip((1.15 - dist) * 4, 0, 1))
        height -= _blur(pips, 1) * 0.8  # the pips are sunk into the face
        # Patina in the recess around the letter: it reads at a glance, even small.
        halo = np.clip(_blur(glyph, 2) * 1.6 - glyph, 0, 1)
        albedo *= (1 - 0.55 * halo)[..., None]
    rgb = shade_metal(height, albedo, strength=1.6, shininess=36, spec=0.6, env=0.38)
    if letter:
        ink = PIP_INK.get(metal, PIP_INK["gold"])
        rgb = rgb * (1 - pips[..., None]) + ink * pips[..., None]
    shadow_ring = np.exp(-((d + 1.5) / 1.6) ** 2)[..., None]
    rgb = rgb * (1 - 0.5 * shadow_ring)
    return to_image(np.clip(rgb, 0, 1), alpha)


@functools.lru_cache(maxsize=8)
def coin_shadow(px: int = PIECE_PX) -> Image.Image:
    """A soft shadow cast by a coin (drawn offset under it)."""
    c = (px - 1) / 2
    sdf = circle_sdf((px, px), c, c, px * COIN_RADIUS)
    a = _blur(np.clip(0.5 - sdf, 0, 1), 3) * 0.55
    return to_image(np.zeros((px, px, 3), np.float32), a)


@functools.lru_cache(maxsize=8)
def city_image(metal: str, px: int = PIECE_PX) -> Image.Image:
    """A solid metal city tile of ``metal`` (gold, silver, pewter): see :mod:`client.art.cities`."""
    return cities.city_image(metal, px)


@functools.lru_cache(maxsize=4)
def _overlay(px: int) -> Image.Image:
    return tile_overlay(px)


def _orient(img: Image.Image, k: int) -> Image.Image:
    if k & 4:
        img = img.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    for _ in range(k & 3):
        img = img.transpose(Image.Transpose.ROTATE_90)
    return img


@functools.lru_cache(maxsize=2048)
def stone_tile(terrain: Terrain, variant: int, orientation: int, px: int = PIECE_PX, seed: int = 1) -> Image.Image:
    """A finished terrain tile: the stone (rotated or mirrored) under the bevel and setting."""
    base = _stone_albedo(STONE_OF[terrain], variant % VARIANTS, px, seed)
    img = _orient(base, orientation % ORIENTATIONS).copy()
    img.alpha_composite(_overlay(px))
    return img


@functools.lru_cache(maxsize=256)
def _stone_albedo(stone: str, variant: int, px: int, seed: int) -> Image.Image:
    return stone_image(stone, variant, seed, px)


_TEXTURES: dict[tuple, arcade.Texture] = {}


def texture(key: tuple, make) -> arcade.Texture:
    """A cached arcade texture for ``key`` built by ``make()`` (a Pillow image)."""
    tex = _TEXTURES.get(key)
    if tex is None:
        tex = arcade.Texture(make(), hash="scryptic-" + "-".join(map(str, key)))
        _TEXTURES[key] = tex
    return tex


def coin_texture(player: int, letter: str) -> arcade.Texture:
    metal = PLAYER_METAL[player]
    return texture(("coin", metal, letter), lambda: coin_image(metal, letter))


@functools.lru_cache(maxsize=64)
def coin_discard_image(metal: str, letter: str, px: int = PIECE_PX) -> Image.Image:
    """A coin picked for discarding: darkened, blushing red, struck through with a red cross."""
    coin = np.asarray(coin_image(metal, letter, px), dtype=np.float32) / 255
    rgb = coin[..., :3] * 0.55 + np.array([0.55, 0.06, 0.08], dtype=np.float32) * 0.45
    img = to_image(rgb, coin[..., 3])
    big = Image.new("L", (px * 4, px * 4), 0)
    d = ImageDraw.Draw(big)
    m, w = px * 4 * 0.24, int(px * 4 * 0.09)
    d.line([(m, m), (px * 4 - m, px * 4 - m)], fill=255, width=w)
    d.line([(m, px * 4 - m), (px * 4 - m, m)], fill=255, width=w)
    cross = big.resize((px, px), Image.Resampling.LANCZOS)
    red = Image.new("RGBA", (px, px), (236, 64, 64, 255))
    red.putalpha(cross)
    img.alpha_composite(red)
    return img


def coin_discard_texture(player: int, letter: str) -> arcade.Texture:
    metal = PLAYER_METAL[player]
    return texture(("coin-discard", metal, letter), lambda: coin_discard_image(metal, letter))


def coin_shadow_texture() -> arcade.Texture:
    return texture(("coin-shadow",), coin_shadow)


def city_metal(owner: int | None) -> str:
    """The metal of a city owned by ``owner`` (None: nobody, pewter)."""
    return "pewter" if owner is None else PLAYER_METAL[owner]


def city_texture(owner: int | None) -> arcade.Texture:
    metal = city_metal(owner)
    return texture(("city", metal), lambda: city_image(metal))


def city_badge_texture(owner: int | None) -> arcade.Texture:
    """The city's emblem, drawn on the shoulder of a coin that stands on the city."""
    metal = city_metal(owner)
    return texture(("city-badge", metal), lambda: cities.city_badge_image(metal, 48))


def cell_variant(r: int, c: int, seed: int = 0) -> tuple[int, int]:
    """(variant, orientation) of the stone at a cell: a hash, so neighbours differ."""
    h = (r * 73856093) ^ (c * 19349663) ^ (seed * 83492791)
    h = (h ^ (h >> 13)) * 0x5BD1E995 & 0xFFFFFFFF
    return (h >> 4) % VARIANTS, (h >> 12) % ORIENTATIONS


def stone_texture(terrain: Terrain, r: int, c: int, seed: int = 0) -> arcade.Texture:
    variant, orientation = cell_variant(r, c, seed)
    return texture(("stone", terrain.value, variant, orientation),
                   lambda: stone_tile(terrain, variant, orientation))
