"""Reading a Tiled JSON map (``.tmj``) into a :class:`GameMap` (pure: no file I/O).

What a Scryptic map in Tiled looks like is described in :mod:`shared.maps.tiled_export` and
``docs/maps.md``; anything that cannot be read raises :class:`~shared.maps.tiled_export.TiledError`
saying what is wrong and where.
"""

from __future__ import annotations

import base64
import binascii
import gzip
import json
import math
import zlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from shared.maps.format import CITY_CHARS, LEGEND_NAMES, MAX_SIDE, MIN_SIDE, TERRAIN_CHARS, cell_label
from shared.rules.terrain import Cell, GameMap, Player, Terrain
from shared.maps.tiled_export import FLIP_BITS, TILE_PX, TILESET_FILE, TiledError

TilesetReader = Callable[[str], Any]
"""Reads an external tileset (its ``source`` as written in the map) and returns its JSON data."""
_OWNER_WORDS: dict[str, Player | None] = {"gold": Player.GOLD, "silver": Player.SILVER, "pewter": None}
_NAME_TO_CHAR = {name: char for char, name in LEGEND_NAMES.items()}


def parse_tmj(text: str, source: str = "<tmj>", read_tileset: TilesetReader | None = None) -> GameMap:
    """Read a ``.tmj`` text; ``read_tileset`` loads external tilesets (None: they are refused)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TiledError(f"not a Tiled JSON map: the file is not JSON ({exc.msg.lower()})", line=exc.lineno,
                         column=exc.colno, source=source) from None
    return tmj_to_map(data, source, read_tileset)


def tmj_to_map(data: Any, source: str = "<tmj>", read_tileset: TilesetReader | None = None) -> GameMap:
    """The Scryptic map in decoded Tiled JSON ``data`` (see the module docstring)."""

    def fail(reason: str) -> TiledError:
        return TiledError(reason, source=source)

    if not isinstance(data, dict) or ("layers" not in data and data.get("type") != "map"):
        kind = f"a Tiled {data['type']}" if isinstance(data, dict) and isinstance(data.get("type"), str) \
            else "JSON, but not a Tiled map"
        raise fail(f"not a Tiled map: the file is {kind} (export a map with File > Export As > JSON map files)")
    if data.get("orientation", "orthogonal") != "orthogonal":
        raise fail(f"the map is {data.get('orientation')}; Scryptic boards are orthogonal (square cells)")
    if data.get("infinite"):
        raise fail("the map is infinite; untick Map > Map Properties > Infinite and give it a fixed size")
    width, height = _int_field(data, "width", fail), _int_field(data, "height", fail)
    for label, size in (("wide", width), ("tall", height)):
        if not MIN_SIDE <= size <= MAX_SIDE:
            raise fail(f"the map is {size} tiles {label}; Scryptic boards are {MIN_SIDE} to {MAX_SIDE} tiles a side")
    tiles = _tile_table(data.get("tilesets"), read_tileset, fail)
    layer = _terrain_layer(data.get("layers"), fail)
    gids = _layer_gids(layer, width, height, fail)
    rows: list[list[str]] = [[""] * width for _ in range(height)]
    for i, raw in enumerate(gids):
        cell = divmod(i, width)
        gid = raw & ~FLIP_BITS
        if gid == 0:
            raise fail(f"the cell at {cell_label(cell)} has no tile: every cell needs a terrain")
        if gid not in tiles:
            raise fail(_unknown_tile(gid, cell, tiles))
        rows[cell[0]][cell[1]] = tiles[gid]
    tile_size = (_positive(data, "tilewidth", fail), _positive(data, "tileheight", fail))
    for cell, char in _city_objects(data.get("layers"), (width, height), tile_size, tiles, fail):
        rows[cell[0]][cell[1]] = char
    props = _map_properties(data.get("properties"), fail)
    terrain, cities = _grid(rows)
    return GameMap(name=props["name"], terrain=terrain, cities=cities, version=props["version"],
                   description=props["description"], author=props["author"])


def _int_field(data: Mapping[str, Any], key: str, fail) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"the map's {key!r} must be a whole number of tiles, not {value!r}")
    return value


def _char_of(value: Any) -> str | None:
    """The map character a tile's ``terrain`` property names (None: not a Scryptic terrain)."""
    if not isinstance(value, str):
        return None
    text = " ".join(value.split()).casefold()
    if value.strip() in LEGEND_NAMES:
        return value.strip()
    if text in _NAME_TO_CHAR:
        return _NAME_TO_CHAR[text]
    return "^" if text == "mountain" else None


def _properties(raw: Any) -> dict[str, Any]:
    """Tiled properties (a list of {name, type, value}, or the old name -> value object)."""
    if isinstance(raw, dict):
        return dict(raw)
    if isinstance(raw, list):
        return {p["name"]: p.get("value") for p in raw if isinstance(p, dict) and isinstance(p.get("name"), str)}
    return {}


def _tile_table(tilesets: Any, read_tileset: TilesetReader | None, fail) -> dict[int, str]:
    """GID -> map character for every tile that has a usable ``terrain`` property."""
    if not isinstance(tilesets, list) or not tilesets:
        raise fail(f"the map has no tileset; add the Scryptic one ({TILESET_FILE} in maps/tiled/)")
    table: dict[int, str] = {}
    for ts in tilesets:
        if not isinstance(ts, dict) or not isinstance(ts.get("firstgid"), int):
            raise fail("a tileset entry has no 'firstgid'")
        first = ts["firstgid"]
        if "source" in ts:
            if read_tileset is None:
                raise fail(f"the map uses the external tileset {ts['source']!r}, which cannot be read here")
            try:
                ts = read_tileset(str(ts["source"]))
            except (OSError, ValueError) as exc:
                raise fail(f"cannot read the tileset {ts['source']!r}: {exc}") from None
            if not isinstance(ts, dict):
                raise fail("an external tileset is not a Tiled tileset")
        for tile in ts.get("tiles") or []:
            if not isinstance(tile, dict) or not isinstance(tile.get("id"), int):
                continue
            value = _properties(tile.get("properties")).get("terrain")
            char = _char_of(value)
            if value is not None and char is None:
                known = ", ".join(LEGEND_NAMES.values())
                raise fail(f"tile {tile['id']} of tileset {ts.get('name', '?')!r} has terrain {value!r}; "
                           f"known: {known}")
            if char is not None:
                table[first + tile["id"]] = char
    if not table:
        raise fail("no tile of the map's tilesets has a 'terrain' property, so no tile means a Scryptic "
                   f"terrain; use the Scryptic tileset ({TILESET_FILE} in maps/tiled/)")
    return table


def _walk_layers(layers: Any) -> Iterator[dict[str, Any]]:
    for layer in layers if isinstance(layers, list) else []:
        if not isinstance(layer, dict):
            continue
        if layer.get("type") == "group":
            yield from _walk_layers(layer.get("layers"))
        else:
            yield layer


def _terrain_layer(layers: Any, fail) -> dict[str, Any]:
    tile_layers = [layer for layer in _walk_layers(layers) if layer.get("type") == "tilelayer"]
    if not tile_layers:
        raise fail("the map has no tile layer to read the terrain from")
    named = [layer for layer in tile_layers if str(layer.get("name", "")).strip().casefold() == "terrain"]
    if len(named) == 1:
        return named[0]
    if len(tile_layers) == 1:
        return tile_layers[0]
    names = ", ".join(repr(layer.get("name", "")) for layer in tile_layers)
    raise fail(f"the map has {len(tile_layers)} tile layers ({names}); name the one to read 'terrain'")


def _layer_gids(layer: dict[str, Any], width: int, height: int, fail) -> list[int]:
    name = layer.get("name", "")
    if "chunks" in layer:
        raise fail(f"layer {name!r} is stored in chunks (an infinite map); give the map a fixed size")
    if (layer.get("width", width), layer.get("height", height)) != (width, height):
        raise fail(f"layer {name!r} is {layer.get('width')}x{layer.get('height')} tiles; the map is {width}x{height}")
    data = layer.get("data")
    if isinstance(data, str):
        data = _decode_base64(data, layer, fail)
    if not isinstance(data, list) or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0
                                             for g in data):
        raise fail(f"layer {name!r} has no tile data (a list of tile numbers, or base64)")
    if len(data) != width * height:
        raise fail(f"layer {name!r} holds {len(data)} tiles; a {width}x{height} map needs {width * height}")
    return data


def _decode_base64(text: str, layer: dict[str, Any], fail) -> list[int]:
    name = layer.get("name", "")
    if layer.get("encoding", "base64") != "base64":
        raise fail(f"layer {name!r} has text data with encoding {layer.get('encoding')!r}")
    compression = layer.get("compression") or ""
    try:
        raw = base64.b64decode(text, validate=True)
        if compression == "zlib":
            raw = zlib.decompress(raw)
        elif compression == "gzip":
            raw = gzip.decompress(raw)
        elif compression:
            raise fail(f"layer {name!r} is compressed with {compression!r}; in Tiled choose Map > Map Properties "
                       "> Tile Layer Format: CSV, Base64 (uncompressed), zlib or gzip")
    except (binascii.Error, zlib.error, OSError, EOFError) as exc:
        raise fail(f"layer {name!r} has broken base64 tile data ({exc})") from None
    if len(raw) % 4:
        raise fail(f"layer {name!r} has {len(raw)} bytes of tile data, not a whole number of 4-byte tiles")
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]


def _unknown_tile(gid: int, cell: Cell, tiles: dict[int, str]) -> str:
    known = ", ".join(f"{g} {LEGEND_NAMES[c]}" for g, c in sorted(tiles.items()))
    return (f"the tile at {cell_label(cell)} (tile number {gid}) has no Scryptic terrain; "
            f"the tiles that do: {known}")


def _city_objects(layers: Any, size: tuple[int, int], tile_size: tuple[float, float], tiles: dict[int, str],
                  fail) -> list[tuple[Cell, str]]:
    """(cell, city character) of every object in object layers named ``cities``."""
    width, height = size
    out: list[tuple[Cell, str]] = []
    for layer in _walk_layers(layers):
        if layer.get("type") != "objectgroup" or str(layer.get("name", "")).strip().casefold() != "cities":
            continue
        for obj in layer.get("objects") or []:
            if not isinstance(obj, dict):
                continue
            label = f"city object {obj.get('name') or obj.get('id', '?')!r}"
            char = _object_city(obj, tiles, label, fail)
            cell = _object_cell(obj, tile_size, label, fail)
            r, c = cell
            if not (0 <= r < height and 0 <= c < width):
                raise fail(f"the {label} lies off the {width}x{height} board")
            out.append((cell, char))
    return out


def _object_city(obj: dict[str, Any], tiles: dict[int, str], label: str, fail) -> str:
    owner = _properties(obj.get("properties")).get("owner")
    if owner is not None:
        word = str(owner).strip().casefold()
        if word not in _OWNER_WORDS:
            raise fail(f"the {label} has owner {owner!r}; use gold, silver or pewter")
        return {Player.GOLD: "G", Player.SILVER: "S", None: "P"}[_OWNER_WORDS[word]]
    gid = obj.get("gid")
    if isinstance(gid, int) and tiles.get(gid & ~FLIP_BITS) in CITY_CHARS:
        return tiles[gid & ~FLIP_BITS]
    raise fail(f"the {label} has no 'owner' property (gold, silver or pewter) and is not a city tile")


def _object_cell(obj: dict[str, Any], tile_size: tuple[float, float], label: str, fail) -> Cell:
    """The cell under an object's centre (a tile object's x, y is its bottom-left corner)."""
    values = [obj.get(k, 0) for k in ("x", "y", "width", "height")]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        raise fail(f"the {label} has no position")
    x, y, w, h = values
    if obj.get("rotation"):
        raise fail(f"the {label} is rotated; put cities on the grid unrotated")
    cx, cy = x + w / 2, (y - h / 2) if "gid" in obj else (y + h / 2)
    return math.floor(cy / tile_size[1]), math.floor(cx / tile_size[0])


def _positive(data: Mapping[str, Any], key: str, fail) -> int:
    value = data.get(key, TILE_PX)
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise fail(f"the map's {key!r} must be a positive number of pixels, not {value!r}")
    return value


def _map_properties(raw: Any, fail) -> dict[str, Any]:
    props = _properties(raw)
    name = props.get("name", "")
    if not isinstance(name, str) or not " ".join(name.split()):
        name = "Imported map"
    out: dict[str, Any] = {"name": " ".join(name.split())}
    for key in ("author", "description"):
        value = props.get(key, "")
        out[key] = " ".join(value.split()) if isinstance(value, str) else ""
    version = props.get("version", 1)
    if isinstance(version, str) and version.strip().isdigit():
        version = int(version)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise fail(f"the map property 'version' must be a whole number of at least 1, not {version!r}")
    out["version"] = version
    return out


def _grid(rows: list[list[str]]) -> tuple[tuple[tuple[Terrain, ...], ...], dict[Cell, Player | None]]:
    terrain = tuple(
        tuple(Terrain.CITY if ch in CITY_CHARS else TERRAIN_CHARS[ch] for ch in row) for row in rows
    )
    cities = {(r, c): CITY_CHARS[ch] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in CITY_CHARS}
    return terrain, cities
