"""How the guided game's coach looks: its parchment scroll, and the cells it points at.

The scroll is painted with numpy (aged parchment between two brass-capped rods) once per
size; the highlights are drawn on the board each frame, a ring round each cell the lesson is
about, with a ping that swells out of it and fades (:func:`draw_highlights`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

import arcade
import numpy as np
from arcade.types import RGBOrA255
from PIL import Image

from client.art.noise import fbm, rng_for, smoothstep
from client.art.shading import to_image
from client.ui import theme
from client.views.board.paint import TILE, cell_centre
from shared.rules.terrain import Cell

if TYPE_CHECKING:
    from client.views.game.screen import BoardArea

ROD = 22  # pixels: the height of each rod of the scroll
SHEET_INSET = 7  # pixels between the rods' ends and the sheet's sides
PULSE_PERIOD = 1.4  # seconds for one swell of the highlights

INK = (46, 30, 14, 255)
INK_SOFT = (92, 68, 42, 255)
INK_TITLE = (118, 36, 22, 255)  # a rubricated title
INK_GREEN = (24, 96, 54, 255)
INK_RED = (150, 22, 32, 255)
INK_AMBER = (140, 80, 6, 255)

SHADOW = (10, 5, 2, 235)
TARGET = theme.EMERALD
DONE = theme.GOLD
STUCK = theme.AMBER


@functools.lru_cache(maxsize=4)
def scroll_image(width: int, height: int) -> Image.Image:
    """A hanging scroll ``width`` x ``height`` pixels: parchment between two rods (a PIL image)."""
    w, h = max(40, width), max(3 * ROD, height)
    rng = rng_for(5, "scroll", w, h)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    # The sheet: warm parchment, mottled, with fibres, browner towards its edges.
    mottle = fbm(rng, (h, w), 5.0, 5)
    fibres = fbm(rng, (h, w), 40.0, 2, cells_y=6.0)
    base = np.array([0.93, 0.86, 0.70], dtype=np.float32)
    tone = 1.0 + 0.035 * mottle + 0.018 * fibres
    wobble = 3.0 * fbm(rng, (h, w), 3.0, 3)
    edge = np.minimum(xs - SHEET_INSET, w - 1 - SHEET_INSET - xs) + wobble
    inner = np.minimum(edge, np.minimum(ys - ROD, h - 1 - ROD - ys))
    age = 1.0 - 0.22 * np.exp(-np.clip(inner, 0, None) / 16.0) - 0.05 * np.clip(mottle, 0, 1)
    sheet = base * (tone * age)[..., None]
    stain = np.clip(fbm(rng, (h, w), 2.0, 3) - 0.55, 0, 1)[..., None]
    sheet = sheet * (1 - 0.25 * stain) + np.array([0.62, 0.45, 0.25], dtype=np.float32) * 0.25 * stain
    alpha = smoothstep(-0.8, 0.8, edge) * smoothstep(ROD / 2 - 1, ROD / 2 + 1, np.minimum(ys, h - 1 - ys))
    # The shadow the top rod casts on the sheet.
    shade = 1.0 - 0.3 * np.exp(-np.clip(ys - ROD * 0.8, 0, None) / 7.0)
    rgb = sheet * shade[..., None]
    # Two rods, dark walnut cylinders, each ending in two brass knobs.
    light_dir = np.array([-0.35, -0.6, 0.72], dtype=np.float32)
    light_dir /= np.linalg.norm(light_dir)
    grain = 1.0 + 0.1 * fbm(rng, (h, w), 30.0, 2, cells_y=2.0)
    for cy in (ROD / 2, h - 1 - ROD / 2):
        v = (ys - cy) / (ROD * 0.34)
        nz = np.sqrt(np.clip(1 - v ** 2, 0, 1))
        lit = np.clip(-v * light_dir[1] + nz * light_dir[2], 0, 1)
        shine = np.exp(-((v + 0.45) / 0.16) ** 2)
        wood = np.array([0.30, 0.17, 0.08], dtype=np.float32) * (0.35 + 0.9 * lit * grain)[..., None] + 0.25 * shine[..., None]
        cover = smoothstep(1.05, 0.95, np.abs(v))
        rgb = rgb * (1 - cover[..., None]) + wood * cover[..., None]
        alpha = np.maximum(alpha, cover)
        radius = ROD / 2 - 0.5
        for kx in (radius + 1, w - 2 - radius):
            nx, ny = (xs - kx) / radius, (ys - cy) / radius
            d2 = nx ** 2 + ny ** 2
            kz = np.sqrt(np.clip(1 - d2, 0, 1))
            diffuse = np.clip(nx * light_dir[0] + ny * light_dir[1] + kz * light_dir[2], 0, 1)
            half = light_dir + np.array([0, 0, 1], dtype=np.float32)
            half /= np.linalg.norm(half)
            spec = np.clip(nx * half[0] + ny * half[1] + kz * half[2], 0, 1) ** 24
            brass = np.array([0.80, 0.60, 0.28], dtype=np.float32) * (0.3 + 0.85 * diffuse)[..., None] + 0.55 * spec[..., None]
            knob = smoothstep(1.0, 0.9, np.sqrt(d2))
            rgb = rgb * (1 - knob[..., None]) + brass * knob[..., None]
            alpha = np.maximum(alpha, knob)
    return to_image(np.clip(rgb, 0, 1), np.clip(alpha, 0, 1))


@functools.lru_cache(maxsize=4)
def scroll_texture(width: int, height: int) -> arcade.Texture:
    """:func:`scroll_image` as a texture."""
    return arcade.Texture(scroll_image(width, height), hash=f"scryptic-coach-scroll-{width}x{height}")


def pulse(clock: float) -> tuple[float, float]:
    """(glow from 0 to 1, ping from 0 to 1) of the highlights at ``clock`` seconds."""
    phase = (clock % PULSE_PERIOD) / PULSE_PERIOD
    return 0.5 + 0.5 * math.sin(2 * math.pi * phase), phase


def draw_highlights(board: "BoardArea", cells: Iterable[Cell], colour: RGBOrA255, clock: float | None) -> None:
    """A ring round each cell (in world units, under the board's camera); with ``clock`` it
    pulses and pings, without it it holds still."""
    d = board.gv.display
    occupied = {cell for letters in d.letters.values() for cell in letters} | set(d.cities)  # kept unveiled
    glow, ping = pulse(clock) if clock is not None else (1.0, None)
    half = TILE / 2
    outer, inner = board.min_line(9, 6), board.min_line(5, 3)
    for cell in cells:
        if not d.in_bounds(cell):
            continue
        x, y = cell_centre(cell, d.height)
        if cell not in occupied:
            fill = int(46 + 60 * glow)
            arcade.draw_lbwh_rectangle_filled(x - half + 3, y - half + 3, TILE - 6, TILE - 6,
                                              theme.with_alpha(colour, fill))
        if ping is not None:
            grow = 4 + 16 * ping
            arcade.draw_lbwh_rectangle_outline(x - half - grow, y - half - grow, TILE + 2 * grow, TILE + 2 * grow,
                                               theme.with_alpha(colour, int(200 * (1 - ping) ** 2)),
                                               board.min_line(4, 2))
        arcade.draw_lbwh_rectangle_outline(x - half + 2, y - half + 2, TILE - 4, TILE - 4, SHADOW, outer)
        arcade.draw_lbwh_rectangle_outline(x - half + 2, y - half + 2, TILE - 4, TILE - 4,
                                           theme.with_alpha(colour, int(170 + 85 * glow)), inner)


def draw_progress(done: int, current: int, total: int, left: float, y: float, size: float = 20) -> None:
    """A row of ``total`` coins: lessons before ``current`` (from 0) in gold, the current one
    ringed, the rest as empty sockets."""
    from client.ui import pieces

    for i in range(total):
        x = left + size / 2 + i * (size + 7)
        if i < done or (i == current and done > current):
            arcade.draw_texture_rect(pieces.coin_texture(1, ""), arcade.XYWH(x, y, size, size))
        else:
            arcade.draw_circle_filled(x, y, size * 0.42, (120, 96, 62, 90))
            arcade.draw_circle_outline(x, y, size * 0.42, INK_SOFT, 1.5)
        if i == current:
            arcade.draw_circle_outline(x, y, size * 0.62, INK_TITLE, 2.5)
