"""Seeded noise fields for the procedural art (numpy + Pillow, no SciPy).

Every function takes a :class:`numpy.random.Generator`, so a texture is a pure function of
its seed. Fields are ``float32`` arrays of shape ``(height, width)``.
"""

from __future__ import annotations

import zlib

import numpy as np
from PIL import Image

Size = tuple[int, int]
"""(height, width) of a field in pixels."""


def rng_for(seed: int, *keys: object) -> np.random.Generator:
    """A generator determined by ``seed`` and any number of keys (strings, ints...)."""
    words = [seed & 0xFFFFFFFF] + [zlib.crc32(repr(k).encode()) for k in keys]
    return np.random.default_rng(words)


def _resize(grid: np.ndarray, width: int, height: int) -> np.ndarray:
    img = Image.fromarray(np.ascontiguousarray(grid, dtype=np.float32))
    return np.asarray(img.resize((width, height), Image.Resampling.BICUBIC), dtype=np.float32)


def value_noise(
    rng: np.random.Generator, size: Size, cells: float, cells_y: float | None = None,
    periodic_x: bool = False,
) -> np.ndarray:
    """Smooth noise in about [-1, 1] with ``cells`` lattice cells across the width.

    ``cells_y`` (default ``cells`` scaled by the aspect ratio) sets the vertical frequency,
    so anisotropic noise (fibres, brushed metal) is one call. With ``periodic_x`` the field
    wraps around horizontally (``cells`` is then rounded to a whole number).
    """
    h, w = size
    if cells <= 0:
        raise ValueError(f"cells must be positive, got {cells}")
    if cells_y is None:
        cells_y = cells * h / w
    if periodic_x:
        cells = max(1, round(cells))
    gx, gy = max(1, int(np.ceil(cells))), max(1, int(np.ceil(cells_y)))
    pad = 2
    grid = rng.uniform(-1.0, 1.0, size=(gy + 2 * pad + 1, gx + 2 * pad + 1)).astype(np.float32)
    if periodic_x:
        core = grid[:, pad:pad + gx]
        grid = np.concatenate([core[:, -pad:], core, core[:, : pad + 1]], axis=1)
    step_x, step_y = w / cells, h / cells_y
    big_w = int(round(grid.shape[1] * step_x))
    big_h = int(round(grid.shape[0] * step_y))
    # Bicubic upsampling places lattice points at pixel centres of the small grid.
    big = _resize(grid, big_w, big_h)
    x0 = int(round((pad + 0.5) * step_x))
    y0 = int(round((pad + 0.5) * step_y))
    return big[y0:y0 + h, x0:x0 + w]


def fbm(
    rng: np.random.Generator, size: Size, cells: float, octaves: int = 5, gain: float = 0.5,
    lacunarity: float = 2.0, cells_y: float | None = None, periodic_x: bool = False,
) -> np.ndarray:
    """Fractal (fractional Brownian motion) noise, normalised to about [-1, 1]."""
    total = np.zeros(size, dtype=np.float32)
    amp, norm = 1.0, 0.0
    cy = cells_y
    for _ in range(octaves):
        total += amp * value_noise(rng, size, cells, cy, periodic_x)
        norm += amp
        amp *= gain
        cells *= lacunarity
        if cy is not None:
            cy *= lacunarity
        if min(size) / max(cells, cy or 0) < 1.0:
            break
    return total / (norm * 0.55)


def grid(size: Size) -> tuple[np.ndarray, np.ndarray]:
    """Pixel-centre coordinates ``(x, y)`` scaled so the width spans [0, 1)."""
    h, w = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    return (xs + 0.5) / w, (ys + 0.5) / w


def sample(field: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Bilinear lookup of ``field`` at pixel coordinates (clamped at the edges)."""
    h, w = field.shape
    xs = np.clip(xs, 0, w - 1.001)
    ys = np.clip(ys, 0, h - 1.001)
    x0 = xs.astype(np.int32)
    y0 = ys.astype(np.int32)
    fx, fy = xs - x0, ys - y0
    a = field[y0, x0] * (1 - fx) + field[y0, x0 + 1] * fx
    b = field[y0 + 1, x0] * (1 - fx) + field[y0 + 1, x0 + 1] * fx
    return (a * (1 - fy) + b * fy).astype(np.float32)


def band_profile(
    rng: np.random.Generator, length: int, bands: int, sharpness: float = 0.6,
    tones: tuple[float, float] = (0.0, 1.0),
) -> np.ndarray:
    """A periodic 1-D profile of ``bands`` layers of random widths and tones.

    Used for agate-like banding: sample it with :func:`lookup_periodic` at a warped
    coordinate. ``sharpness`` near 1 gives crisp layer boundaries, near 0 soft ones.
    """
    widths = rng.gamma(1.6, 1.0, size=bands)
    edges = np.concatenate([[0.0], np.cumsum(widths)])
    edges = edges / edges[-1] * length
    lo, hi = tones
    values = rng.uniform(lo, hi, size=bands)
    pos = np.arange(length, dtype=np.float32) + 0.5
    idx = np.searchsorted(edges, pos, side="right") - 1
    idx = np.clip(idx, 0, bands - 1)
    prof = values[idx].astype(np.float32)
    # Soften boundaries with a circular box blur whose width falls as sharpness rises.
    k = max(1, int(round((1.0 - sharpness) * length / bands)))
    if k > 1:
        kernel = np.ones(k, dtype=np.float32) / k
        ext = np.concatenate([prof[-k:], prof, prof[:k]])
        prof = np.convolve(ext, kernel, mode="same")[k:-k]
    return prof


def lookup_periodic(profile: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Linear interpolation into a periodic profile; ``t`` in profile lengths (wraps)."""
    n = len(profile)
    pos = (t * n) % n
    i0 = pos.astype(np.int32) % n
    f = pos - np.floor(pos)
    return profile[i0] * (1 - f) + profile[(i0 + 1) % n] * f


def smoothstep(e0: float, e1: float, x: np.ndarray) -> np.ndarray:
    """Hermite step from 0 at ``e0`` to 1 at ``e1``."""
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def blur(field: np.ndarray, radius: float) -> np.ndarray:
    """Separable Gaussian blur (sigma ``radius`` pixels) with edge clamping."""
    if radius <= 0:
        return field
    r = max(1, int(np.ceil(radius * 3)))
    x = np.arange(-r, r + 1, dtype=np.float32)
    k = np.exp(-0.5 * (x / radius) ** 2)
    k /= k.sum()
    out = np.pad(field.astype(np.float32), ((0, 0), (r, r)), mode="edge")
    out = sum(k[i] * out[:, i:i + field.shape[1]] for i in range(2 * r + 1))
    out = np.pad(out, ((r, r), (0, 0)), mode="edge")
    out = sum(k[i] * out[i:i + field.shape[0], :] for i in range(2 * r + 1))
    return out.astype(np.float32)
