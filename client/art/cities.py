"""Cities as solid metal tiles, and the small emblem that shows a city under a coin.

A city tile is a cast plate of its owner's metal: gold (player 1), silver (player 2) or
pewter (nobody). A thick raised rim with a rivet in each corner frames a recessed field with a
keep inlaid in dark niello, so the tile reads as a fortress even at 20 pixels and its corners
still show the owner's metal when a coin stands on it. The emblem (:func:`city_badge_image`) is
the same keep on a round boss, drawn over such a coin's shoulder. Pure numpy and Pillow.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from client.art.noise import fbm, rng_for, smoothstep
from client.art.palette import CITY_GOLD, CITY_PEWTER, CITY_SILVER
from client.art.shading import circle_sdf, rounded_rect_sdf, shade_metal, to_image

METALS: dict[str, np.ndarray] = {
    "gold": np.array(CITY_GOLD, dtype=np.float32),
    "silver": np.array(CITY_SILVER, dtype=np.float32),
    "pewter": np.array(CITY_PEWTER, dtype=np.float32),
}
"""Albedo of each metal (pewter is dull, dark and bluish, so an unowned city never looks silver)."""

FINISH: dict[str, dict[str, float]] = {
    "gold": {"shininess": 30.0, "spec": 0.6, "env": 0.38},
    "silver": {"shininess": 40.0, "spec": 0.7, "env": 0.45},
    "pewter": {"shininess": 8.0, "spec": 0.12, "env": 0.10},
}
BANNERED = frozenset({"gold", "silver"})
"""An owned city flies a pennant from its keep; a pewter city's keep has none."""
NIELLO = np.array([0.10, 0.07, 0.05], dtype=np.float32)
SETTING = np.array([0.36, 0.27, 0.12], dtype=np.float32)


def _check(metal: str, px: int) -> None:
    if metal not in METALS:
        raise ValueError(f"unknown metal {metal!r}; expected one of {sorted(METALS)}")
    if px < 16:
        raise ValueError(f"city images must be at least 16 px, got {px}")


def keep_mask(px: int, scale: float = 1.0, cx: float | None = None, cy: float | None = None,
              banner: bool = False) -> np.ndarray:
    """A keep (tower with three merlons and a gate) as a soft mask, ``scale`` 1 fills a third;
    with ``banner``, a pennant flies from its middle merlon."""
    big = 4 * px
    img = Image.new("L", (big, big), 0)
    d = ImageDraw.Draw(img)
    s = big / 96 * scale
    ox = (cx if cx is not None else px / 2) * 4 - 48 * s
    oy = (cy if cy is not None else px / 2) * 4 - 50 * s

    def box(x0: float, y0: float, x1: float, y1: float, fill: int) -> None:
        d.rectangle([ox + x0 * s, oy + y0 * s, ox + x1 * s, oy + y1 * s], fill=fill)

    box(31, 38, 65, 72, 255)  # the body
    for mx in (29, 43.5, 58):  # merlons
        box(mx, 27, mx + 9, 39, 255)
    box(27, 70, 69, 76, 255)  # plinth
    box(43.5, 58, 52.5, 72, 0)  # gate
    d.pieslice([ox + 43.5 * s, oy + 53.5 * s, ox + 52.5 * s, oy + 62.5 * s], 180, 360, fill=0)
    box(46, 44, 50, 51, 0)  # arrow slit
    if banner:  # a pole on the middle merlon and a pennant flying to the right
        box(47, 13, 49.5, 28, 255)
        d.polygon([(ox + 49.5 * s, oy + 13 * s), (ox + 63 * s, oy + 17 * s), (ox + 49.5 * s, oy + 21 * s)], fill=255)
    img = img.resize((px, px), Image.Resampling.LANCZOS)
    return np.asarray(img, dtype=np.float32) / 255.0


def city_image(metal: str, px: int = 96) -> Image.Image:
    """A city tile of ``metal`` (gold, silver, pewter), opaque, ``px`` square."""
    _check(metal, px)
    rng = rng_for(5, "city", metal, px)
    gap = px * 0.028
    sdf = rounded_rect_sdf((px, px), gap, px * 0.07)
    inside = np.clip(0.5 - sdf, 0, 1)
    depth = -sdf  # pixels in from the tile's edge
    rim_w = px * 0.16
    # Height: a rounded rim rising from the edge, a step down into a flat field.
    rim = np.sin(np.pi * np.clip(depth / rim_w, 0, 1)) * 0.5 + 0.5 * np.clip(depth / (rim_w * 0.5), 0, 1)
    field = smoothstep(rim_w * 0.85, rim_w * 1.05, depth)
    height = (rim * (1 - field) + 0.25 * field) * px * 0.07
    ys, xs = np.mgrid[0:px, 0:px].astype(np.float32)
    rivets = np.zeros((px, px), np.float32)
    off = gap + rim_w * 0.5
    for cx in (off, px - 1 - off):
        for cy in (off, px - 1 - off):
            r = np.hypot(xs - cx, ys - cy) / (px * 0.045)
            rivets = np.maximum(rivets, np.sqrt(np.clip(1 - r * r, 0, 1)))
    height += rivets * px * 0.035
    keep = keep_mask(px, 1.05, px / 2, px / 2 + px * 0.04, banner=metal in BANNERED)
    height -= keep * px * 0.012  # the inlay sits a hair below the field
    grain = fbm(rng, (px, px), 1.5, 2, cells_y=px / 3)
    tarnish = fbm(rng, (px, px), 2.0, 3)
    albedo = METALS[metal] * (0.94 + 0.05 * grain[..., None] - 0.05 * smoothstep(0.3, 1.0, tarnish)[..., None])
    albedo = albedo * (1 - 0.12 * field[..., None])  # the field is a little darker than the rim
    rgb = shade_metal(height, albedo, strength=1.0, **FINISH[metal])
    niello = NIELLO * (0.9 + 0.2 * grain[..., None])
    rgb = rgb * (1 - keep[..., None]) + niello * keep[..., None]
    # A dark hairline where the rim drops into the field sharpens the frame at small sizes.
    step = np.exp(-((depth - rim_w * 0.95) / (px * 0.012)) ** 2)
    rgb = rgb * (1 - 0.45 * step[..., None])
    rgb = rgb * inside[..., None] + SETTING * (1 - inside[..., None])
    return to_image(np.clip(rgb, 0, 1))


def city_badge_image(metal: str, px: int = 48) -> Image.Image:
    """The city's emblem on a round boss of ``metal`` with a dark edge (RGBA)."""
    _check(metal, px)
    c = (px - 1) / 2
    r = px * 0.44
    sdf = circle_sdf((px, px), c, c, r)
    alpha = np.clip(0.5 - sdf, 0, 1)
    depth = -sdf
    height = np.sqrt(np.clip(1 - np.clip(1 - depth / (px * 0.14), 0, 1) ** 2, 0, 1)) * px * 0.06
    keep = keep_mask(px, 1.0, c, c + px * 0.05, banner=metal in BANNERED)
    rgb = shade_metal(height, np.broadcast_to(METALS[metal], (px, px, 3)).copy(), strength=1.0,
                      **FINISH[metal])
    rgb = rgb * (1 - keep[..., None]) + NIELLO * keep[..., None]
    edge = np.exp(-((depth - px * 0.02) / (px * 0.035)) ** 2)
    rgb = rgb * (1 - 0.75 * edge[..., None])
    img = to_image(np.clip(rgb, 0, 1), alpha)
    # A soft dark halo so the boss stands off a coin of the same metal.
    shadow_alpha = Image.fromarray((np.clip(0.5 - circle_sdf((px, px), c + 1, c + 1.5, r + 1), 0, 1)
                                    * 150).astype(np.uint8)).filter(ImageFilter.GaussianBlur(px * 0.04))
    out = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    out.putalpha(shadow_alpha)
    out.alpha_composite(img)
    return out
