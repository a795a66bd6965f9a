"""Procedural polished stones, one recipe per terrain.

Each recipe returns the stone's colour (albedo) for one tile cut from an imaginary slab:
the variant number picks the slab position, band direction, palette jitter and so on. The
bevel, gloss and the brass setting between tiles are drawn separately by
:func:`tile_overlay`, so a stone may be shown rotated or mirrored (eight orientations) while
the light still comes from the upper left.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PIL import Image

from client.art import palette
from client.art.noise import (
    band_profile, blur, fbm, grid, lookup_periodic, rng_for, smoothstep,
)
from client.art.shading import LIGHT, normals, ramp, rounded_rect_sdf, to_image

Recipe = Callable[[np.random.Generator, int], np.ndarray]


def _jitter(rng: np.random.Generator, rgb: np.ndarray, amount: float) -> np.ndarray:
    """Shift hue/brightness a little per variant so no two slabs match exactly."""
    gain = 1.0 + rng.uniform(-amount, amount, size=3).astype(np.float32)
    return np.clip(rgb * gain, 0, 1)


def _direction(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, float]:
    x, y = grid((n, n))
    theta = rng.uniform(0, np.pi)
    u = x * np.cos(theta) + y * np.sin(theta)
    v = -x * np.sin(theta) + y * np.cos(theta)
    return u, v, theta


def honey_onyx(rng: np.random.Generator, n: int) -> np.ndarray:
    """Plains: translucent banded calcite in cream, honey and amber."""
    u, v, _ = _direction(rng, n)
    warp = 0.30 * fbm(rng, (n, n), 1.6, 4) + 0.04 * fbm(rng, (n, n), 7, 3)
    t = (u + warp) * rng.uniform(0.35, 0.7) + rng.uniform(0, 1)
    prof = band_profile(rng, 512, int(rng.integers(9, 16)), sharpness=0.75)
    tone = lookup_periodic(prof, t)
    fine = lookup_periodic(band_profile(rng, 512, 40, 0.9), t * 3.0) - 0.5
    cloud = fbm(rng, (n, n), 2.5, 5)
    tone = np.clip(0.15 + 0.7 * tone + 0.10 * fine + 0.10 * cloud, 0, 1)
    rgb = ramp(tone, palette.HONEY_ONYX)
    # Translucent glow: lighter milky patches where the calcite is thick.
    milk = smoothstep(0.35, 1.1, fbm(rng, (n, n), 2, 4))[..., None]
    rgb = rgb * (1 - 0.35 * milk) + np.array([0.98, 0.9, 0.7], dtype=np.float32) * 0.35 * milk
    return _jitter(rng, rgb, 0.05)


def tigers_eye(rng: np.random.Generator, n: int) -> np.ndarray:
    """Mountains: silky golden-brown bands whose sheen flashes band by band (chatoyance)."""
    u, v, _ = _direction(rng, n)
    warp = 0.18 * fbm(rng, (n, n), 1.3, 3) + 0.015 * fbm(rng, (n, n), 6, 2)
    t = (u + warp) * rng.uniform(1.2, 2.2) + rng.uniform(0, 10)
    nb = int(rng.integers(10, 18))
    base = band_profile(rng, 1024, nb, sharpness=0.8, tones=(0.1, 0.75))
    # Each band flashes with its own sheen; the sheen moves smoothly across the tile as a
    # real chatoyant stone's light line does.
    flash = band_profile(rng, 1024, nb, sharpness=0.8, tones=(0.0, 1.0))
    tone = lookup_periodic(base, t)
    sheen_line = np.sin((v + 0.4 * warp) * rng.uniform(2.0, 4.5) + rng.uniform(0, 6.3))
    sheen = lookup_periodic(flash, t) * (0.55 + 0.45 * sheen_line)
    fibres = lookup_periodic(rng.uniform(-1, 1, 2048).astype(np.float32), t * 0.6)
    fibres = fibres * (0.6 + 0.4 * fbm(rng, (n, n), 4, 2))
    tone = np.clip(0.2 + 0.55 * tone + 0.45 * sheen + 0.06 * fibres, 0, 1)
    rgb = ramp(tone, palette.TIGERS_EYE)
    return _jitter(rng, rgb, 0.04)


def white_marble(rng: np.random.Generator, n: int) -> np.ndarray:
    """Ice: white marble with cool grey clouds and thin dark veins."""
    x, y = grid((n, n))
    cloud = fbm(rng, (n, n), 2.2, 5)
    rgb: np.ndarray = np.empty((n, n, 3), np.float32)
    base = np.array(palette.MARBLE_BASE, dtype=np.float32)
    shade = np.array(palette.MARBLE_CLOUD, dtype=np.float32)
    c = smoothstep(-0.4, 1.2, cloud)[..., None]
    rgb[:] = base * (1 - 0.55 * c) + shade * 0.55 * c
    veins = np.zeros((n, n), np.float32)
    for width, weight, cells in ((0.035, 1.0, 1.4), (0.018, 0.6, 2.2), (0.012, 0.35, 3.3)):
        field = fbm(rng, (n, n), cells, 6, gain=0.55)
        wx = 0.6 * fbm(rng, (n, n), 1.5, 3)
        d = np.abs(field + wx - rng.uniform(-0.3, 0.3))
        strength = smoothstep(-0.6, 0.6, fbm(rng, (n, n), 1.5, 3))
        veins = np.maximum(veins, weight * strength * np.exp(-(d / width) ** 2))
    halo = blur(veins, 2.0)
    vein_col = np.array(palette.MARBLE_VEIN, dtype=np.float32)
    rgb = rgb * (1 - 0.12 * halo[..., None])
    rgb = rgb * (1 - 0.85 * veins[..., None]) + vein_col * 0.85 * veins[..., None]
    return _jitter(rng, rgb, 0.015)


def lapis_lazuli(rng: np.random.Generator, n: int) -> np.ndarray:
    """Water: deep ultramarine, mottled, with white calcite wisps and golden pyrite flecks."""
    mottle = fbm(rng, (n, n), 3.5, 6, gain=0.6)
    broad = fbm(rng, (n, n), 1.2, 3)
    tone = np.clip(0.5 + 0.28 * mottle + 0.2 * broad, 0, 1)
    rgb = ramp(tone, palette.LAPIS)
    # Calcite: sparse smoky white streaks along a warped direction.
    u, v, _ = _direction(rng, n)
    streak = fbm(rng, (n, n), 2.0, 5, cells_y=None)
    wisps = smoothstep(0.55, 1.25, streak + 0.5 * np.sin((u + 0.2 * broad) * 9.0) * 0.4)
    wisps *= rng.uniform(0.4, 0.9)
    calcite = np.array(palette.LAPIS_CALCITE, dtype=np.float32)
    rgb = rgb * (1 - wisps[..., None]) + calcite * wisps[..., None]
    # Pyrite: small golden crystals, some in little clusters.
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
    flecks = np.zeros((n, n), np.float32)
    count = int(rng.integers(10, 30))
    centres = rng.uniform(0, n, size=(max(1, count // 6), 2))
    for i in range(count):
        cx, cy = centres[i % len(centres)] + rng.normal(0, n * 0.12, 2) if i % 2 else rng.uniform(0, n, 2)
        r = rng.uniform(0.5, 1.7)
        flecks = np.maximum(flecks, np.clip(1.3 - np.hypot(xs - cx, ys - cy) / r, 0, 1))
    pyrite = np.array(palette.LAPIS_PYRITE, dtype=np.float32)
    rgb = rgb * (1 - flecks[..., None]) + pyrite * (0.75 + 0.5 * flecks[..., None]) * flecks[..., None]
    return np.clip(_jitter(rng, rgb, 0.05), 0, 1)


def malachite(rng: np.random.Generator, n: int) -> np.ndarray:
    """Forest: malachite's crisp concentric bands of light and dark green."""
    x, y = grid((n, n))
    warp = 0.22 * fbm(rng, (n, n), 1.4, 4)
    if rng.random() < 0.55:
        # Bull's-eyes: rings around a few centres, some outside the tile.
        d = np.full((n, n), 9.0, np.float32)
        for _ in range(int(rng.integers(1, 4))):
            cx, cy = rng.uniform(-0.4, 1.4, 2)
            d = np.minimum(d, np.hypot(x - cx, y - cy) * rng.uniform(0.8, 1.2))
        t = (d + warp) * rng.uniform(0.9, 1.5)
    else:
        u, _, _ = _direction(rng, n)
        t = (u + warp + 0.1 * np.sin(u * 9 + warp * 4)) * rng.uniform(0.9, 1.4)
    prof = band_profile(rng, 1024, int(rng.integers(18, 30)), sharpness=0.93)
    tone = lookup_periodic(prof, t + rng.uniform(0, 1))
    hair = lookup_periodic(band_profile(rng, 1024, 60, 0.95), t * 2.5) - 0.5
    tone = np.clip(0.05 + 0.85 * tone + 0.12 * hair, 0, 1)
    rgb = ramp(tone, palette.MALACHITE)
    return _jitter(rng, rgb, 0.04)


def red_onyx(rng: np.random.Generator, n: int) -> np.ndarray:
    """Lava: red onyx with swirling crimson bands, dark seams and a few pale veins."""
    u, v, _ = _direction(rng, n)
    warp = 0.45 * fbm(rng, (n, n), 1.5, 5, gain=0.55)
    t = (u + warp) * rng.uniform(0.5, 0.9) + rng.uniform(0, 1)
    prof = band_profile(rng, 512, int(rng.integers(10, 18)), sharpness=0.7)
    tone = lookup_periodic(prof, t)
    cloud = fbm(rng, (n, n), 3, 4)
    tone = np.clip(0.1 + 0.75 * tone + 0.15 * cloud, 0, 1)
    rgb = ramp(tone, palette.RED_ONYX)
    # Glowing cores: where bands are brightest, a hint of molten orange.
    glow = smoothstep(0.72, 1.0, tone)[..., None] * smoothstep(0.0, 0.8, fbm(rng, (n, n), 2, 3))[..., None]
    rgb = rgb * (1 - 0.6 * glow) + np.array(palette.LAVA_GLOW, dtype=np.float32) * 0.6 * glow
    d = np.abs(fbm(rng, (n, n), 1.8, 6) + 0.3 * warp)
    vein = np.exp(-(d / 0.02) ** 2) * smoothstep(-0.2, 0.7, fbm(rng, (n, n), 1.5, 2))
    rgb = rgb * (1 - 0.7 * vein[..., None]) + np.array(palette.RED_ONYX_VEIN, dtype=np.float32) * 0.7 * vein[..., None]
    return _jitter(rng, rgb, 0.04)


RECIPES: dict[str, Recipe] = {
    "honey_onyx": honey_onyx,
    "tigers_eye": tigers_eye,
    "white_marble": white_marble,
    "lapis_lazuli": lapis_lazuli,
    "malachite": malachite,
    "red_onyx": red_onyx,
}


def stone_image(stone: str, variant: int, seed: int, size: int) -> Image.Image:
    """The albedo of one stone tile (RGBA, opaque), deterministic in all arguments."""
    if stone not in RECIPES:
        raise ValueError(f"unknown stone {stone!r}; expected one of {sorted(RECIPES)}")
    if size < 16:
        raise ValueError(f"stone tiles must be at least 16 px, got {size}")
    rng = rng_for(seed, "stone", stone, variant, size)
    return to_image(RECIPES[stone](rng, size))


def tile_overlay(size: int) -> Image.Image:
    """Bevel, polish and brass setting drawn over every terrain tile (RGBA, mostly clear).

    Lightening is white with alpha and darkening black with alpha, so one overlay works with
    ordinary alpha blending over any stone, in any orientation.
    """
    gap = size * 0.028
    bevel = size * 0.07
    radius = size * 0.06
    sdf = rounded_rect_sdf((size, size), gap, radius)
    inside = np.clip(0.5 - sdf, 0, 1)  # anti-aliased stone mask
    # Height: flat top, rounded fall over the bevel width.
    d = np.clip(-sdf / bevel, 0, 1)
    height = np.sqrt(1 - (1 - d) ** 2) * bevel * 0.8
    n = normals(height)
    light = n @ LIGHT - LIGHT[2]  # relative to a flat surface
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32) / size
    # A broad soft reflection across the polish, brightest towards the upper left.
    gloss = 0.10 * smoothstep(0.9, 0.0, xs + ys) + 0.05 * np.exp(-((xs + ys - 0.55) / 0.08) ** 2)
    rim = 0.10 * np.exp(-(np.maximum(-sdf, 0) / (bevel * 0.45)))  # slight depth at edges
    lum = light * 1.6 + gloss * smoothstep(0, 1, d) - rim
    white = np.clip(lum, 0, 1)
    black = np.clip(-lum, 0, 1)
    alpha = np.clip(white + black, 0, 0.85) * inside
    value = np.where(lum > 0, 1.0, 0.0).astype(np.float32)
    rgb = np.repeat(value[..., None], 3, axis=-1)
    # The brass setting shows in the gaps; it lies lower, shadowed on the lower right side.
    setting = np.array(palette.BRASS_SETTING, dtype=np.float32)
    shadow = smoothstep(-size * 0.5, size * 0.5, (xs + ys - 1.0) * size)
    setting_rgb = setting * (1.0 - 0.3 * shadow[..., None])
    out_rgb = rgb * inside[..., None] + setting_rgb * (1 - inside[..., None])
    out_a = alpha + (1 - inside)
    return to_image(out_rgb, out_a)
