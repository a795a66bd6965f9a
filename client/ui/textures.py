"""Procedural textures for the interface: brass plates, leather panels, the walnut table.

Small images made with numpy (lit like the stones, from the upper left), turned into Arcade
textures and nine-patches once and cached for the run.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any

import arcade
import numpy as np
from arcade.gui import NinePatchTexture
from PIL import Image

from client.art.noise import fbm, rng_for, smoothstep
from client.art.shading import normals, rounded_rect_sdf, shade_metal, to_image

BRASS_ALBEDO = np.array([0.78, 0.60, 0.30], dtype=np.float32)
GOLD_ALBEDO = np.array([0.93, 0.74, 0.30], dtype=np.float32)
STEEL_ALBEDO = np.array([0.62, 0.64, 0.68], dtype=np.float32)
RUBY_ALBEDO = np.array([0.62, 0.12, 0.16], dtype=np.float32)
EMERALD_ALBEDO = np.array([0.10, 0.46, 0.26], dtype=np.float32)

_STATES = {"normal": (1.0, 1.0), "hover": (1.18, 1.0), "press": (0.82, -1.0), "disabled": (0.55, 0.6)}


def _plate(w: int, h: int, albedo: np.ndarray, state: str, radius: float, seed: int = 1) -> Image.Image:
    gain, relief = _STATES[state]
    rng = rng_for(seed, "plate", w, h)
    sdf = rounded_rect_sdf((h, w), 1.0, radius)
    inside = np.clip(0.5 - sdf, 0, 1)
    bevel = 5.0
    d = np.clip(-sdf / bevel, 0, 1)
    height = np.sqrt(1 - (1 - d) ** 2) * bevel * relief
    # Brushed grain across the plate, and a faint broad tarnish.
    grain = fbm(rng, (h, w), 1.2, 2, cells_y=h / 2.5)
    tarnish = fbm(rng, (h, w), 1.5, 3)
    col = albedo * (0.92 + 0.06 * grain[..., None] - 0.06 * smoothstep(0.2, 0.9, tarnish)[..., None])
    if state == "disabled":
        grey = col.mean(axis=-1, keepdims=True)
        col = col * 0.4 + grey * 0.6
    rgb = shade_metal(height + grain * 0.04, col, strength=1.0, shininess=30, spec=0.45, env=0.3)
    # A thin dark outline where the plate meets its setting.
    rim = np.exp(-((sdf + 1.2) / 1.1) ** 2)[..., None]
    rgb = np.clip(rgb * gain * (1 - 0.55 * rim), 0, 1)
    return to_image(rgb, inside)


@functools.lru_cache(maxsize=64)
def plate_image(w: int, h: int, kind: str = "brass", state: str = "normal") -> Image.Image:
    """A metal plate (button face) as a Pillow image."""
    albedo = {"brass": BRASS_ALBEDO, "gold": GOLD_ALBEDO, "steel": STEEL_ALBEDO,
              "ruby": RUBY_ALBEDO, "emerald": EMERALD_ALBEDO}[kind]
    return _plate(w, h, albedo, state, radius=min(10.0, h / 3))


_PATCHES: "weakref.WeakKeyDictionary[Any, dict[tuple, NinePatchTexture]]" = weakref.WeakKeyDictionary()


def _per_context(make: Callable[..., NinePatchTexture]) -> Callable[..., NinePatchTexture]:
    """Cache nine-patches per OpenGL context: each holds a vertex buffer of the context it was
    first drawn in, so one made for a closed window must not be drawn in the next."""

    @functools.wraps(make)
    def cached(*args: Any) -> NinePatchTexture:
        ctx = arcade.get_window().ctx
        store = _PATCHES.setdefault(ctx, {})
        key = (make.__name__, *args)
        patch = store.get(key)
        if patch is None:
            patch = store[key] = make(*args)
        return patch

    return cached


@_per_context
def plate_patch(kind: str = "brass", state: str = "normal") -> NinePatchTexture:
    """A stretchable plate for buttons of any size."""
    img = plate_image(96, 48, kind, state)
    tex = arcade.Texture(img, hash=f"scryptic-plate-{kind}-{state}")
    return NinePatchTexture(left=14, right=14, bottom=14, top=14, texture=tex)


@functools.lru_cache(maxsize=16)
def panel_image(w: int = 120, h: int = 120, rim: float = 7.0, kind: str = "leather") -> Image.Image:
    """A panel: a dark inset field in a bevelled brass frame."""
    rng = rng_for(3, "panel", w, h, kind)
    sdf = rounded_rect_sdf((h, w), 0.5, 12.0)
    outside_mask = np.clip(0.5 - sdf, 0, 1)
    d_frame = np.clip(-sdf / rim, 0, 1)
    # Frame height: rises over the outer rim, falls into the field.
    frame = np.sin(np.pi * np.clip(-sdf / rim, 0, 1)) * rim * 0.45
    grain = fbm(rng, (h, w), 2.5, 3)
    albedo = BRASS_ALBEDO * (0.9 + 0.08 * grain[..., None])
    metal = shade_metal(frame, albedo, strength=1.0, shininess=28, spec=0.4, env=0.3)
    if kind == "leather":
        base = np.array([0.16, 0.11, 0.075], dtype=np.float32)
    else:
        base = np.array([0.10, 0.08, 0.07], dtype=np.float32)
    field_noise = fbm(rng, (h, w), 6.0, 4)
    field = base * (0.92 + 0.1 * field_noise[..., None])
    inner = -sdf - rim
    # Inner shadow along the top-left edge of the field (it lies below the frame).
    n = normals(np.clip(inner, 0, 6) * 0.8)
    shadow = np.clip(1.0 - np.exp(-np.clip(inner, 0, None) / 4.0), 0.35, 1.0)
    field = field * shadow[..., None] * (0.95 + 0.05 * n[..., 2:3])
    in_field = smoothstep(-0.5, 0.5, inner)[..., None]
    rgb = metal * (1 - in_field) + field * in_field
    return to_image(np.clip(rgb, 0, 1), outside_mask * (0 * d_frame + 1))


@_per_context
def panel_patch(kind: str = "leather") -> NinePatchTexture:
    """A stretchable framed panel."""
    img = panel_image(120, 120, 7.0, kind)
    tex = arcade.Texture(img, hash=f"scryptic-panel-{kind}")
    return NinePatchTexture(left=24, right=24, bottom=24, top=24, texture=tex)


@_per_context
def inset_patch() -> NinePatchTexture:
    """A recessed dark field for text inputs."""
    w = h = 48
    sdf = rounded_rect_sdf((h, w), 0.5, 6.0)
    mask = np.clip(0.5 - sdf, 0, 1)
    depth = np.clip(-sdf, 0, 5) / 5
    base = np.array([0.09, 0.065, 0.045], dtype=np.float32)
    rgb = base * (0.6 + 0.4 * depth[..., None])
    rim = np.exp(-((sdf + 0.8) / 0.9) ** 2)[..., None]
    rgb = rgb * (1 - rim) + np.array([0.62, 0.48, 0.24], dtype=np.float32) * rim
    tex = arcade.Texture(to_image(np.clip(rgb, 0, 1), mask), hash="scryptic-inset")
    return NinePatchTexture(left=10, right=10, bottom=10, top=10, texture=tex)


@functools.lru_cache(maxsize=4)
def table_image(w: int = 480, h: int = 300) -> Image.Image:
    """The walnut table: dark wood grain with a warm pool of light in the middle."""
    rng = rng_for(11, "table")
    xs = np.linspace(0, 1, w, dtype=np.float32)[None, :]
    ys = np.linspace(0, 1, h, dtype=np.float32)[:, None]
    warp = fbm(rng, (h, w), 1.5, 4) * 0.35
    rings = np.sin((ys * 26 + warp * 9 + 0.6 * fbm(rng, (h, w), 0.8, 2)) * np.pi)
    fine = fbm(rng, (h, w), 14.0, 3, cells_y=h / 2.0)
    tone = 0.5 + 0.22 * rings + 0.18 * fine
    dark = np.array([0.07, 0.045, 0.03], dtype=np.float32)
    light = np.array([0.22, 0.14, 0.085], dtype=np.float32)
    rgb = dark + (light - dark) * np.clip(tone, 0, 1)[..., None]
    vignette = 1.0 - 0.75 * np.clip(((xs - 0.5) ** 2 * 1.4 + (ys - 0.45) ** 2 * 1.9) * 2.4, 0, 1)
    rgb = rgb * vignette[..., None]
    return to_image(np.clip(rgb, 0, 1))


@functools.lru_cache(maxsize=4)
def table_texture() -> arcade.Texture:
    """The table background as a texture (stretch it over the window)."""
    return arcade.Texture(table_image(), hash="scryptic-table")


@functools.lru_cache(maxsize=16)
def glow_texture(size: int = 64) -> arcade.Texture:
    """A soft white round glow (for highlights and sparks)."""
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    c = (size - 1) / 2
    d = np.hypot(xs - c, ys - c) / c
    a = np.clip(1 - d, 0, 1) ** 2
    img = to_image(np.ones((size, size, 3), np.float32), a)
    return arcade.Texture(img, hash=f"scryptic-glow-{size}")


MARK_COLOURS: dict[str, tuple[float, float, float]] = {
    "invalid": (0.80, 0.10, 0.14),
    "isolated": (0.93, 0.56, 0.08),
}


def mark_badge_image(kind: str, size: int = 64) -> Image.Image:
    """An enamel disc in a brass rim with a white sign: a cross (invalid) or a broken link (isolated)."""
    from PIL import ImageDraw

    if kind not in MARK_COLOURS:
        raise ValueError(f"unknown mark {kind!r}; expected one of {sorted(MARK_COLOURS)}")
    c = (size - 1) / 2
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    dist = np.hypot(xs - c, ys - c)
    r = size * 0.46
    alpha = np.clip(r - dist + 0.5, 0, 1)
    rim = smoothstep(r - size * 0.10, r - size * 0.07, dist)
    dome = np.sqrt(np.clip(1 - (dist / r) ** 2, 0, 1))
    enamel = np.array(MARK_COLOURS[kind], dtype=np.float32) * (0.75 + 0.35 * dome[..., None])
    brass = BRASS_ALBEDO * (0.7 + 0.5 * smoothstep(size * 0.3, -size * 0.3, (xs + ys - size)))[..., None]
    rgb = enamel * (1 - rim[..., None]) + brass * rim[..., None]
    big = size * 4
    sign = Image.new("L", (big, big), 0)
    d = ImageDraw.Draw(sign)
    w = int(big * 0.11)
    m = big * 0.31
    if kind == "invalid":
        d.line([(m, m), (big - m, big - m)], fill=255, width=w)
        d.line([(m, big - m), (big - m, m)], fill=255, width=w)
    else:
        # Two chain links pulled apart, with the break flashing between them.
        lw, lh = big * 0.17, big * 0.12
        for cx in (big * 0.30, big * 0.70):
            d.rounded_rectangle([cx - lw, big / 2 - lh, cx + lw, big / 2 + lh], radius=lh, outline=255,
                                width=int(w * 0.75))
        for dy in (-1, 1):
            d.line([(big * 0.5, big / 2 + dy * big * 0.10), (big * 0.5, big / 2 + dy * big * 0.25)], fill=255,
                   width=int(w * 0.45))
    mask = np.asarray(sign.resize((size, size), Image.Resampling.LANCZOS), dtype=np.float32)[..., None] / 255
    rgb = rgb * (1 - mask) + np.array([1.0, 0.97, 0.92], dtype=np.float32) * mask
    return to_image(np.clip(rgb, 0, 1), alpha)


@functools.lru_cache(maxsize=4)
def mark_badge_texture(kind: str) -> arcade.Texture:
    """The badge that labels an invalid run or an isolated word on the board."""
    return arcade.Texture(mark_badge_image(kind), hash=f"scryptic-mark-{kind}")
