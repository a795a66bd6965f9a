"""Tiled's JSON map format (``.tmj``): what a Scryptic map is in it, and writing one (pure, no I/O).

`Tiled <https://www.mapeditor.org>`_ is the tile-map editor many map makers already use.
A Scryptic map in Tiled is an orthogonal, finite map of 7 to 64 tiles a side with:

* one **tile layer** (named ``terrain``, or the only tile layer) holding every cell's terrain;
* tiles that say what they are with a string property ``terrain``: a terrain name
  (``plains``, ``forest``, ``water``, ``mountains``, ``ice``, ``lava``), a city
  (``gold city``, ``silver city``, ``pewter city``) or the map-file character (``.``, ``G``...).
  The tileset shipped in ``maps/tiled/`` (:data:`TILESET_NAME`) has them; any tileset whose
  tiles carry the property works;
* optionally an **object layer named** ``cities``: each object (a point, a rectangle or a tile
  object) puts a city on the cell under its centre, owned as its ``owner`` property says
  (``gold``, ``silver`` or ``pewter``) or as its tile says;
* optional map properties ``name``, ``author``, ``description`` (strings) and ``version``
  (an int).

:func:`map_to_tmj` writes exactly that, with the tileset embedded, cities as tiles; and
:func:`shared.maps.tiled_import.tmj_to_map` reads it back to an equal map. Anything that cannot be
read raises :class:`TiledError` (a :class:`~shared.maps.MapError`) saying what is wrong and
where. The format is described in Tiled's documentation, "JSON Map Format".
"""

from __future__ import annotations

import json
import math
from typing import Any

from shared.maps.format import LEGEND_NAMES, MapError, grid_rows
from shared.rules.terrain import GameMap

TMJ_SUFFIX = ".tmj"
TSJ_SUFFIX = ".tsj"
TILESET_NAME = "scryptic-terrain"
TILESET_FILE = TILESET_NAME + TSJ_SUFFIX
TILESET_IMAGE = TILESET_NAME + ".png"
TILE_PX = 32
TILESET_COLUMNS = 3
TILE_CHARS = (".", "f", "~", "^", "*", "x", "G", "S", "P")
"""The shipped tileset: local tile id -> map character (id 0 plains ... id 8 pewter city)."""
JSON_FORMAT_VERSION = "1.10"
FLIP_BITS = 0xF0000000
"""The top four bits of a GID are flips and rotations (Tiled 1.9+): a flipped tile is the same terrain."""



class TiledError(MapError):
    """A Tiled map that cannot become a Scryptic map (``source`` names the file)."""


# ---------------------------------------------------------------------------- writing


def tileset_json(image: str = TILESET_IMAGE) -> dict[str, Any]:
    """The Scryptic terrain tileset as Tiled JSON (the shipped ``.tsj`` holds this)."""
    rows = math.ceil(len(TILE_CHARS) / TILESET_COLUMNS)
    return {
        "columns": TILESET_COLUMNS,
        "image": image,
        "imageheight": rows * TILE_PX,
        "imagewidth": TILESET_COLUMNS * TILE_PX,
        "margin": 0,
        "name": TILESET_NAME,
        "spacing": 0,
        "tilecount": len(TILE_CHARS),
        "tileheight": TILE_PX,
        "tiles": [
            {"id": i, "properties": [_property("terrain", LEGEND_NAMES[char])]} for i, char in enumerate(TILE_CHARS)
        ],
        "tilewidth": TILE_PX,
        "type": "tileset",
        "version": JSON_FORMAT_VERSION,
    }


def map_to_tmj(game_map: GameMap, image: str = TILESET_IMAGE) -> dict[str, Any]:
    """``game_map`` as a Tiled map: one tile layer, the Scryptic tileset embedded (GIDs 1-9).

    ``image`` is the tileset picture's path as the map refers to it (relative to the map file).
    """
    gid = {char: i + 1 for i, char in enumerate(TILE_CHARS)}
    data = [gid[char] for row in grid_rows(game_map) for char in row]
    properties = [_property("name", game_map.name)]
    if game_map.author:
        properties.append(_property("author", game_map.author))
    if game_map.description:
        properties.append(_property("description", game_map.description))
    properties.append(_property("version", game_map.version, "int"))
    tileset = {"firstgid": 1, **tileset_json(image)}
    del tileset["type"], tileset["version"]  # those belong to tileset files only
    return {
        "compressionlevel": -1,
        "height": game_map.height,
        "infinite": False,
        "layers": [
            {
                "data": data,
                "height": game_map.height,
                "id": 1,
                "name": "terrain",
                "opacity": 1,
                "type": "tilelayer",
                "visible": True,
                "width": game_map.width,
                "x": 0,
                "y": 0,
            }
        ],
        "nextlayerid": 2,
        "nextobjectid": 1,
        "orientation": "orthogonal",
        "properties": properties,
        "renderorder": "right-down",
        "tileheight": TILE_PX,
        "tilesets": [tileset],
        "tilewidth": TILE_PX,
        "type": "map",
        "version": JSON_FORMAT_VERSION,
        "width": game_map.width,
    }


def format_tmj(game_map: GameMap, image: str = TILESET_IMAGE) -> str:
    """The ``.tmj`` text of ``game_map``: indented JSON, one board row per line of the layer data."""
    doc = map_to_tmj(game_map, image)
    layer = doc["layers"][0]
    data, layer["data"] = layer["data"], "@DATA@"
    text = json.dumps(doc, indent=1, ensure_ascii=False)
    width = game_map.width
    rows = [", ".join(str(g) for g in data[r * width:(r + 1) * width]) for r in range(game_map.height)]
    return text.replace('"@DATA@"', "[\n   " + ",\n   ".join(rows) + "]") + "\n"


def format_tileset() -> str:
    """The text of the shipped ``.tsj`` tileset file."""
    return json.dumps(tileset_json(), indent=1) + "\n"


def _property(name: str, value: Any, kind: str = "string") -> dict[str, Any]:
    return {"name": name, "type": kind, "value": value}
