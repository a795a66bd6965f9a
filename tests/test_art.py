"""The procedural art without a window: stones, cities, badges and the noise under them.

Textures are pure functions of their seed and variant; variants differ; sizes are honoured;
and the terrains a player must tell apart at a glance (tiger's eye mountains against honey onyx
plains, onyx against marble) stay apart at the board's smallest cell size.
"""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from client.art import cities, noise
from client.art.stones import RECIPES, stone_image, tile_overlay
from client.ui.textures import mark_badge_image

VARIANTS = range(12)
LUMA = np.float32([0.2126, 0.7152, 0.0722])


def _rgb(img: Image.Image) -> np.ndarray:
    return np.asarray(img, dtype=np.float32)[..., :3] / 255


def _luma(img: Image.Image) -> np.ndarray:
    return _rgb(img) @ LUMA


def _at_cell(img: Image.Image, px: int) -> np.ndarray:
    """The tile as the board shows it in a ``px`` cell (downscaled like the GPU's filtering)."""
    return _rgb(img.resize((px, px), Image.Resampling.BOX))


# ---------------------------------------------------------------- determinism and sizes
@pytest.mark.parametrize("stone", sorted(RECIPES))
def test_a_stone_is_a_pure_function_of_seed_and_variant(stone):
    a = np.asarray(stone_image(stone, 3, 7, 48))
    assert a.shape == (48, 48, 4) and (a[..., 3] == 255).all(), "opaque RGBA at the asked size"
    assert (a == np.asarray(stone_image(stone, 3, 7, 48))).all(), "same seed and variant, same pixels"
    other_seed = np.asarray(stone_image(stone, 3, 8, 48))
    assert np.abs(a.astype(int) - other_seed).mean() > 3, "another seed cuts another slab"


@pytest.mark.parametrize("stone", sorted(RECIPES))
def test_variants_of_a_stone_all_differ(stone):
    tiles = [_rgb(stone_image(stone, v, 1, 48)) for v in VARIANTS]
    closest = min(np.abs(tiles[i] - tiles[j]).mean() for i in range(len(tiles)) for j in range(i))
    assert closest > 0.02, f"two {stone} variants look alike (mean difference {closest:.3f})"


@pytest.mark.parametrize("size", [16, 33, 96, 128])
def test_stones_and_the_setting_come_in_any_size(size):
    assert stone_image("malachite", 0, 1, size).size == (size, size)
    overlay = np.asarray(tile_overlay(size))
    assert overlay.shape == (size, size, 4)
    assert overlay[0, 0, 3] > 200, "the brass setting shows in the corner gap"
    assert overlay[size // 2, size // 2, 3] < 128, "the stone shows through the polish"


def test_bad_requests_are_refused_by_name():
    with pytest.raises(ValueError, match="unknown stone 'jade'"):
        stone_image("jade", 0, 1, 48)
    with pytest.raises(ValueError, match="at least 16 px"):
        stone_image("malachite", 0, 1, 8)
    with pytest.raises(ValueError, match="unknown metal 'tin'"):
        cities.city_image("tin")
    with pytest.raises(ValueError, match="unknown mark 'bent'"):
        mark_badge_image("bent")


# ---------------------------------------------------------------- telling the terrains apart
@pytest.mark.parametrize("cell", [20, 48])
def test_tigers_eye_mountains_are_far_darker_than_honey_onyx_plains(cell):
    """Every mountain variant is darker than every plains variant, by a wide margin, at 20 and 48 px."""
    mountains = [(_at_cell(stone_image("tigers_eye", v, 1, 96), cell) @ LUMA).mean() for v in VARIANTS]
    plains = [(_at_cell(stone_image("honey_onyx", v, 1, 96), cell) @ LUMA).mean() for v in VARIANTS]
    assert max(mountains) + 0.2 < min(plains), (
        f"mountains up to {max(mountains):.2f}, plains from {min(plains):.2f}")


def test_tigers_eye_has_strong_bands_and_honey_onyx_is_creamy():
    for v in VARIANTS:
        eye = _luma(stone_image("tigers_eye", v, 1, 96))
        spread = np.percentile(eye, 95) - np.percentile(eye, 5)
        assert spread > 0.15, f"tiger's eye variant {v}: golden bands over dark brown ({spread:.2f})"
        onyx = _rgb(stone_image("honey_onyx", v, 1, 96)).reshape(-1, 3).mean(axis=0)
        assert onyx.mean() > 0.6 and onyx[0] > onyx[2] + 0.15, f"honey onyx variant {v} is light and warm"


def test_honey_onyx_is_warmer_than_white_marble():
    for v in VARIANTS:
        onyx = _rgb(stone_image("honey_onyx", v, 1, 48)).reshape(-1, 3).mean(axis=0)
        marble = _rgb(stone_image("white_marble", v, 1, 48)).reshape(-1, 3).mean(axis=0)
        assert (onyx[0] - onyx[2]) > (marble[0] - marble[2]) + 0.15


# ---------------------------------------------------------------- cities and marks
def test_city_tiles_show_their_metal_in_the_corners_a_coin_leaves_free():
    px = 96
    corners = {}
    for metal in cities.METALS:
        img = np.asarray(cities.city_image(metal, px))
        assert img.shape == (px, px, 4) and (img[..., 3] == 255).all()
        assert (img == np.asarray(cities.city_image(metal, px))).all()
        rgb = img[..., :3].astype(np.float32) / 255
        # The square's corners outside the inscribed circle of a coin: the rim shows there.
        ys, xs = np.mgrid[0:px, 0:px]
        outside = np.hypot(xs - px / 2, ys - px / 2) > px * 0.45
        inset = (xs > 4) & (xs < px - 5) & (ys > 4) & (ys < px - 5)
        corners[metal] = rgb[outside & inset].mean(axis=0)
    gold, silver, pewter = corners["gold"], corners["silver"], corners["pewter"]
    assert gold[0] - gold[2] > 0.3, f"gold is yellow {gold}"
    assert abs(silver[0] - silver[2]) < 0.1 and silver.mean() > pewter.mean() + 0.2, (silver, pewter)


def test_the_city_keep_is_inlaid_dark_at_the_centre():
    for metal in ("gold", "silver"):
        luma = _luma(cities.city_image(metal, 96))
        assert luma[48, 42] < 0.25 < luma[20, 20], "dark niello keep on bright metal"


def test_badges_are_round_with_clear_corners():
    for img in (cities.city_badge_image("gold", 48), mark_badge_image("invalid"), mark_badge_image("isolated")):
        a = np.asarray(img)
        n = a.shape[0]
        assert a[0, 0, 3] == 0 and a[n // 2, n // 2, 3] == 255
    red = _rgb(mark_badge_image("invalid")).reshape(-1, 3)
    amber = _rgb(mark_badge_image("isolated")).reshape(-1, 3)
    assert red.mean(axis=0)[1] < amber.mean(axis=0)[1], "invalid is red, isolated amber"


# ---------------------------------------------------------------- noise
def test_noise_is_seeded_sized_and_normalised():
    a = noise.fbm(noise.rng_for(4, "x"), (40, 64), 3.0)
    b = noise.fbm(noise.rng_for(4, "x"), (40, 64), 3.0)
    c = noise.fbm(noise.rng_for(4, "y"), (40, 64), 3.0)
    assert a.shape == (40, 64) and a.dtype == np.float32
    assert (a == b).all() and np.abs(a - c).mean() > 0.1
    assert -1.6 < a.min() < 0 < a.max() < 1.6
    with pytest.raises(ValueError, match="cells must be positive"):
        noise.value_noise(noise.rng_for(1), (8, 8), 0)


def test_periodic_noise_wraps_around():
    field = noise.value_noise(noise.rng_for(2), (16, 64), 4, periodic_x=True)
    seam = np.abs(field[:, 0] - field[:, -1]).mean()
    inner = np.abs(np.diff(field, axis=1)).mean()
    assert seam < 3 * inner, "the last column runs on into the first"


def test_band_profiles_have_the_asked_length_and_tones():
    prof = noise.band_profile(noise.rng_for(3), 256, 10, sharpness=0.9, tones=(0.2, 0.6))
    assert prof.shape == (256,) and 0.2 - 1e-6 <= prof.min() and prof.max() <= 0.6 + 1e-6
    assert len(np.unique(np.round(prof, 4))) >= 5, "several distinct bands"


def test_silver_and_pewter_cities_differ_by_a_clear_margin():
    from client.art.palette import CITY_PEWTER, CITY_SILVER

    silver, pewter = np.float32(CITY_SILVER), np.float32(CITY_PEWTER)
    # Silver is near white and cool; pewter is dark and bluish grey: 0.61 apart in brightness.
    assert round(float(silver.mean() - pewter.mean()), 2) == 0.61
    assert silver.min() >= 0.9 and pewter.max() <= 0.45
    assert pewter[2] - pewter[0] >= 0.1, "pewter leans blue"
    assert cities.METALS["silver"].tolist() == silver.tolist() and cities.METALS["pewter"].tolist() == pewter.tolist()
    # Only an owned city flies a pennant: the keep's masks differ above the middle merlon.
    assert cities.BANNERED == {"gold", "silver"}
    flag = cities.keep_mask(96, banner=True) - cities.keep_mask(96)
    assert flag.max() > 0.9 and flag[:24].sum() > 20
