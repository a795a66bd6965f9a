"""The Scryptic tileset for Tiled, drawn from the game's own stones and city plates.

``maps/tiled/scryptic-terrain.png`` and ``.tsj`` are made by this module; run
``python -m client.editor.tiled_tileset`` to make them again after the art changes.
The tile order is :data:`shared.maps.tiled_export.TILE_CHARS` (plains, forest, water, mountains, ice,
lava, gold city, silver city, pewter city), three to a row.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from PIL import Image

from client.art.cities import city_image
from client.art.stones import stone_image, tile_overlay
from client.ui.pieces import STONE_OF
from shared.maps.format import CITY_CHARS, TERRAIN_CHARS
from shared.maps.tiled_export import TILE_CHARS, TILE_PX, TILESET_COLUMNS, TILESET_FILE, TILESET_IMAGE, format_tileset
from shared.maps.tiled_files import TILED_DIR

DRAW_PX = 96
"""Tiles are drawn at this size and scaled down, which keeps the stones' grain smooth."""
METAL_OF = {"G": "gold", "S": "silver", "P": "pewter"}


def tile_image(char: str, px: int = TILE_PX) -> Image.Image:
    """One tile of the tileset: the stone of a terrain, or a city's metal plate (RGBA)."""
    if char in CITY_CHARS:
        big = city_image(METAL_OF[char], DRAW_PX).convert("RGBA")
    elif char in TERRAIN_CHARS:
        big = stone_image(STONE_OF[TERRAIN_CHARS[char]], 0, 1, DRAW_PX).convert("RGBA")
        big.alpha_composite(tile_overlay(DRAW_PX))
    else:
        raise ValueError(f"no tile for map character {char!r}")
    return big.resize((px, px), Image.Resampling.LANCZOS)


def tileset_image(px: int = TILE_PX) -> Image.Image:
    """Every tile in tile-id order, :data:`TILESET_COLUMNS` to a row."""
    rows = math.ceil(len(TILE_CHARS) / TILESET_COLUMNS)
    sheet = Image.new("RGBA", (TILESET_COLUMNS * px, rows * px), (0, 0, 0, 0))
    for i, char in enumerate(TILE_CHARS):
        row, col = divmod(i, TILESET_COLUMNS)
        sheet.paste(tile_image(char, px), (col * px, row * px))
    return sheet


def write_tileset(folder: Path = TILED_DIR) -> list[Path]:
    """Write the tileset's picture and its ``.tsj`` into ``folder``; return both paths."""
    folder.mkdir(parents=True, exist_ok=True)
    image, tsj = folder / TILESET_IMAGE, folder / TILESET_FILE
    tileset_image().save(image, optimize=True)
    tsj.write_text(format_tileset(), encoding="utf-8", newline="\n")
    return [image, tsj]


if __name__ == "__main__":
    for written in write_tileset(Path(sys.argv[1]) if len(sys.argv) > 1 else TILED_DIR):
        print(f"wrote {written}")
