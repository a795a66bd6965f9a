"""The procedural pieces (coins, cities, stone tiles, interface plates) as images, without a window."""

from __future__ import annotations

import numpy as np
import pytest

from client.ui import pieces
from client.ui.textures import panel_image, plate_image, table_image
from shared.rules.terrain import Terrain


def _rgba(img):
    return np.asarray(img, dtype=np.int16)


@pytest.mark.parametrize("metal, warm", [("gold", True), ("silver", False)])
def test_coins_are_round_metal_with_the_letter_struck_in(metal, warm):
    img = _rgba(pieces.coin_image(metal, "w"))
    n = img.shape[0]
    assert img.shape == (pieces.PIECE_PX, pieces.PIECE_PX, 4)
    assert img[0, 0, 3] == 0 and img[n // 2, n // 2, 3] == 255, "transparent corners, opaque face"
    face = img[n // 4: 3 * n // 4, n // 4: 3 * n // 4, :3]
    r, g, b = face.reshape(-1, 3).mean(axis=0)
    assert (r - b > 40) == warm, f"{metal} coin colour {r, g, b}"
    blank = _rgba(pieces.coin_image(metal, ""))
    assert np.abs(img - blank).mean() > 2, "the letter and dots change the face"


def test_the_number_of_dots_follows_the_letter_value():
    def dots_row(letter):
        img = _rgba(pieces.coin_image("gold", letter))
        n = img.shape[0]
        return img[int(n * 0.75), :, :3].sum(axis=1)

    blank = _rgba(pieces.coin_image("gold", ""))[int(pieces.PIECE_PX * 0.75), :, :3].sum(axis=1)
    widths = [int((np.abs(dots_row(ch) - blank) > 30).sum()) for ch in "ebw"]  # 1, 2, 3 dots
    assert widths[0] < widths[1] < widths[2]


def test_cities_are_solid_metal_tiles_in_three_metals():
    colours = {}
    for metal in ("gold", "silver", "pewter"):
        img = _rgba(pieces.city_image(metal))
        assert (img[..., 3] == 255).all()
        colours[metal] = img[..., :3].reshape(-1, 3).mean(axis=0)
    assert colours["gold"][0] - colours["gold"][2] > 60
    assert colours["silver"].mean() > colours["pewter"].mean() + 30


def test_stone_tiles_vary_from_cell_to_cell_and_are_deterministic():
    a = _rgba(pieces.stone_tile(Terrain.PLAINS, 1, 0))
    b = _rgba(pieces.stone_tile(Terrain.PLAINS, 2, 0))
    c = _rgba(pieces.stone_tile(Terrain.PLAINS, 1, 3))
    assert np.abs(a - b).mean() > 3 and np.abs(a - c).mean() > 3, "another variant, another orientation"
    assert (a == _rgba(pieces.stone_tile.__wrapped__(Terrain.PLAINS, 1, 0))).all()
    seen = {pieces.cell_variant(r, c) for r in range(30) for c in range(40)}
    assert len(seen) == pieces.VARIANTS * pieces.ORIENTATIONS == 48, "every pair shows on a large board"
    neighbours_same = sum(pieces.cell_variant(r, c) == pieces.cell_variant(r, c + 1) for r in range(30) for c in range(39))
    assert neighbours_same == 26, "about one pair in 48 of the 1,170 side by side"


def test_every_stone_and_coin_fits_one_2048_atlas():
    # 96 px tiles with the atlas's 2 px border each side: 20 x 20 slots in 2048 x 2048.
    slots = (2048 // (pieces.PIECE_PX + 4)) ** 2
    stones = len(pieces.STONE_OF) * pieces.VARIANTS * pieces.ORIENTATIONS
    coins = 2 * 27  # two metals, 26 letters and the blank
    assert (slots, stones, coins) == (400, 288, 54) and stones + 3 + coins < slots


def test_every_terrain_has_its_stone():
    means = {}
    for terrain in pieces.STONE_OF:
        img = _rgba(pieces.stone_tile(terrain, 0, 0))
        means[terrain] = img[..., :3].reshape(-1, 3).mean(axis=0)
    assert means[Terrain.WATER][2] > means[Terrain.WATER][0] + 40, "lapis is blue"
    assert means[Terrain.FOREST][1] > means[Terrain.FOREST][0], "malachite is green"
    assert means[Terrain.ICE].min() > 170, "marble is white"
    assert means[Terrain.LAVA][0] > means[Terrain.LAVA][1] + 40, "red onyx is red"


def test_interface_plates_and_panels():
    for state in ("normal", "hover", "press", "disabled"):
        img = _rgba(plate_image(96, 48, "brass", state))
        assert img.shape == (48, 96, 4) and img[24, 48, 3] == 255 and img[0, 0, 3] < 60
    hover = _rgba(plate_image(96, 48, "brass", "hover"))[..., :3].mean()
    press = _rgba(plate_image(96, 48, "brass", "press"))[..., :3].mean()
    assert hover > press
    panel = _rgba(panel_image())
    assert panel[60, 60, :3].mean() < 80, "a dark field inside"
    assert panel[3, 60, :3].mean() > 90, "a brass rim"
    table = _rgba(table_image())
    assert table[..., :3].mean() < 70
