"""Lighting helpers: height maps to normals, metal and stone shading, image conversion.

One light for everything, from the upper left, so stones, coins and brass agree.
Image coordinates: x to the right, y downwards, z out of the screen.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from client.art.noise import smoothstep

LIGHT = np.array([-0.45, -0.6, 0.66], dtype=np.float32)
LIGHT /= np.linalg.norm(LIGHT)
VIEW = np.array([0.0, 0.0, 1.0], dtype=np.float32)
HALF = (LIGHT + VIEW) / np.linalg.norm(LIGHT + VIEW)


def normals(height: np.ndarray, strength: float = 1.0) -> np.ndarray:
    """Unit normals ``(h, w, 3)`` of a height field (height in pixels times ``strength``)."""
    gy, gx = np.gradient(height.astype(np.float32) * strength)
    n = np.stack([-gx, -gy, np.ones_like(gx)], axis=-1)
    return n / np.linalg.norm(n, axis=-1, keepdims=True)


def lambert(n: np.ndarray) -> np.ndarray:
    """Diffuse term N.L, clamped at 0."""
    return np.clip(n @ LIGHT, 0.0, 1.0)


def specular(n: np.ndarray, shininess: float) -> np.ndarray:
    """Blinn-Phong specular term (N.H)^shininess."""
    return np.clip(n @ HALF, 0.0, 1.0) ** shininess


def environment(n: np.ndarray, sky: np.ndarray | np.floating | float, ground: np.ndarray | np.floating | float) -> np.ndarray:
    """A two-tone environment reflection: normals tilted towards the light see ``sky``.

    This is what makes a flat shaded disc read as polished metal rather than paint.
    """
    t = smoothstep(-0.35, 0.45, n[..., 0] * LIGHT[0] + n[..., 1] * LIGHT[1])[..., None]
    return ground * (1 - t) + sky * t


def shade_metal(
    height: np.ndarray, albedo: np.ndarray, *, strength: float = 1.0, shininess: float = 40.0,
    spec: float = 0.55, env: float = 0.35, ambient: float = 0.35,
) -> np.ndarray:
    """Shade a metal surface: diffuse + coloured specular + environment, all tinted by albedo.

    ``albedo`` is ``(h, w, 3)`` in [0, 1]. Returns linear-ish RGB in [0, 1].
    """
    n = normals(height, strength)
    diff = lambert(n)[..., None]
    flat = float(LIGHT[2])
    rgb = albedo * (ambient + (1 - ambient) * diff / flat * 0.75)
    rgb += albedo * environment(n, np.float32(1.0), np.float32(0.15)) * env
    sp = specular(n, shininess)[..., None]
    # Metals tint their highlights with their own colour; add a little white on top.
    rgb += sp * spec * (0.65 * albedo + 0.35)
    return np.clip(rgb, 0.0, 1.0)


def ramp(t: np.ndarray, stops: list[tuple[float, str]]) -> np.ndarray:
    """Map a scalar field through a colour ramp of ``(position, '#rrggbb')`` stops."""
    pos = np.array([p for p, _ in stops], dtype=np.float32)
    cols = np.array([hex_rgb(c) for _, c in stops], dtype=np.float32)
    out = np.empty(t.shape + (3,), dtype=np.float32)
    for ch in range(3):
        out[..., ch] = np.interp(t, pos, cols[:, ch])
    return out


def hex_rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' to floats in [0, 1]."""
    c = colour.lstrip("#")
    if len(c) != 6:
        raise ValueError(f"expected a colour like '#a1b2c3', got {colour!r}")
    return tuple(int(c[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def to_image(rgb: np.ndarray, alpha: np.ndarray | None = None) -> Image.Image:
    """Float RGB (and optional alpha) in [0, 1] to an RGBA Pillow image."""
    h, w = rgb.shape[:2]
    a = np.ones((h, w), np.float32) if alpha is None else alpha
    arr = np.concatenate([rgb, a[..., None]], axis=-1)
    return Image.fromarray((np.clip(arr, 0, 1) * 255 + 0.5).astype(np.uint8))


def rounded_rect_sdf(size: tuple[int, int], inset: float, radius: float) -> np.ndarray:
    """Signed distance (pixels, negative inside) to a rounded rectangle inset from the edges."""
    h, w = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = (w - 1) / 2, (h - 1) / 2
    hx, hy = w / 2 - inset - radius, h / 2 - inset - radius
    qx = np.abs(xs - cx) - hx
    qy = np.abs(ys - cy) - hy
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    return outside + inside - radius


def circle_sdf(size: tuple[int, int], cx: float, cy: float, radius: np.ndarray | float) -> np.ndarray:
    """Signed distance (pixels) to a circle; ``radius`` may vary per pixel (wobbly edges)."""
    h, w = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    return np.hypot(xs - cx, ys - cy) - radius
