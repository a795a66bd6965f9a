"""Export the Arcade client's procedural art (client/art, client/ui/pieces) as one atlas for the
web client, so the browser draws the very same stones, cities and coins.

    .venv/bin/python scripts/export-web-art.py      # writes web/public/art/atlas.webp + web/src/atlas.json

The atlas is a grid of CELL-pixel tiles: a row of stone tiles per terrain (VARIANTS of each),
a row of city tiles (gold, silver, pewter), and a row of coins per metal (a to z). The output is
committed (it is deterministic); run this again after changing the art.
"""

from __future__ import annotations

import json
import string
from pathlib import Path

from PIL import Image

from client.ui.pieces import city_image, coin_image, stone_tile
from shared.rules.letters import LETTER_VALUES
from shared.rules.terrain import Terrain

CELL = 64
VARIANTS = 4
OUT = Path(__file__).resolve().parent.parent / "web" / "public" / "art"
TERRAIN_CHAR = {Terrain.PLAINS: ".", Terrain.FOREST: "f", Terrain.WATER: "~", Terrain.MOUNTAINS: "^",
                Terrain.ICE: "*", Terrain.LAVA: "x"}


def main() -> None:
    """Draw every tile and write the atlas and its index."""
    columns = len(string.ascii_lowercase)
    rows = len(TERRAIN_CHAR) + 1 + 2
    atlas = Image.new("RGBA", (columns * CELL, rows * CELL), (0, 0, 0, 0))
    index: dict[str, object] = {"cell": CELL, "stones": {}, "cities": {}, "coins": {}}
    for row, (terrain, char) in enumerate(TERRAIN_CHAR.items()):
        for v in range(VARIANTS):
            atlas.alpha_composite(stone_tile(terrain, v, v * 3, CELL), (v * CELL, row * CELL))
        index["stones"][char] = [[v, row] for v in range(VARIANTS)]  # type: ignore[index]
    row = len(TERRAIN_CHAR)
    for col, metal in enumerate(("gold", "silver", "pewter")):
        atlas.alpha_composite(city_image(metal, CELL).convert("RGBA").resize((CELL, CELL)), (col * CELL, row * CELL))
        index["cities"][metal] = [col, row]  # type: ignore[index]
    for offset, metal in enumerate(("gold", "silver")):
        row = len(TERRAIN_CHAR) + 1 + offset
        index["coins"][metal] = {}  # type: ignore[index]
        for col, letter in enumerate(string.ascii_lowercase):
            atlas.alpha_composite(coin_image(metal, letter, CELL).convert("RGBA").resize((CELL, CELL)), (col * CELL, row * CELL))
            index["coins"][metal][letter] = [col, row]  # type: ignore[index]
    # The dots each coin shows (the engine's letter values), for the rack's spoken labels.
    index["dots"] = dict(LETTER_VALUES)
    OUT.mkdir(parents=True, exist_ok=True)
    atlas.save(OUT / "atlas.webp", "WEBP", quality=88, method=6)
    (OUT.parent.parent / "src" / "atlas.json").write_text(json.dumps(index, separators=(",", ":")) + "\n")
    print(f"wrote {OUT / 'atlas.webp'} ({(OUT / 'atlas.webp').stat().st_size} bytes)")


if __name__ == "__main__":
    main()
