"""Tiled maps (.tmj): export and import, the shipped tileset, and every import error."""

from __future__ import annotations

import argparse
import base64
import copy
import gzip
import json
import struct
import zlib
from pathlib import Path

import pytest

from scryptic.commands import maps as cli_maps
from shared.maps.files import load_map, shipped_maps
from shared.maps.format import MapError, grid_rows, parse_map
from shared.maps.tiled_export import (
    TILE_CHARS,
    TILESET_FILE,
    TILESET_IMAGE,
    TiledError,
    format_tileset,
    format_tmj,
    map_to_tmj,
    tileset_json,
)
from shared.maps.tiled_import import parse_tmj, tmj_to_map
from shared.maps.tiled_files import TILED_DIR, load_tiled, save_tiled
from shared.rules.terrain import Player, Terrain

SMALL = (
    "scryptic-map 1\nname: Small\nversion: 3\nauthor: A. Maker\ngrid:\n"
    "G..f...\n.~~f...\n..^^*..\n...x...\n..*^^..\n...f~~.\n...f..S\n"
)
GID = {char: i + 1 for i, char in enumerate(TILE_CHARS)}


def small_tmj() -> dict:
    return map_to_tmj(parse_map(SMALL))


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="scryptic")
    subparsers = parser.add_subparsers(dest="command", required=True)
    bench = subparsers.add_parser("bench").add_subparsers(dest="bench_command")
    cli_maps.register(subparsers, bench)
    args = parser.parse_args(["map", *argv])
    return args.func(args)


# ---------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.stem)
def test_a_shipped_map_exported_and_imported_back_is_the_same_map(path: Path) -> None:
    game_map = load_map(path)
    assert parse_tmj(format_tmj(game_map)) == game_map


def test_the_export_is_the_tiled_shape_one_terrain_layer_and_the_tileset_embedded() -> None:
    doc = json.loads(format_tmj(parse_map(SMALL)))
    assert (doc["type"], doc["orientation"], doc["infinite"]) == ("map", "orthogonal", False)
    assert (doc["width"], doc["height"], doc["tilewidth"], doc["tileheight"]) == (7, 7, 32, 32)
    [layer] = doc["layers"]
    assert (layer["type"], layer["name"], layer["width"], layer["height"]) == ("tilelayer", "terrain", 7, 7)
    # Row by row from the top-left: G . . f . . .
    assert layer["data"][:7] == [GID["G"], GID["."], GID["."], GID["f"], GID["."], GID["."], GID["."]]
    assert layer["data"][-1] == GID["S"]
    [tileset] = doc["tilesets"]
    assert tileset["firstgid"] == 1 and tileset["image"] == TILESET_IMAGE and tileset["tilecount"] == 9
    terrains = [t["properties"][0]["value"] for t in tileset["tiles"]]
    assert terrains == ["plains", "forest", "water", "mountains", "ice", "lava",
                        "gold city", "silver city", "pewter city"]
    props = {p["name"]: (p["type"], p["value"]) for p in doc["properties"]}
    assert props == {"name": ("string", "Small"), "author": ("string", "A. Maker"), "version": ("int", 3)}


def test_files_round_trip_and_the_tileset_picture_is_copied_beside_the_map(tmp_path: Path) -> None:
    game_map = load_map("hollowmere")
    written = save_tiled(game_map, tmp_path / "hm.tmj")
    assert written == [tmp_path / "hm.tmj", tmp_path / TILESET_IMAGE]
    assert (tmp_path / TILESET_IMAGE).read_bytes() == (TILED_DIR / TILESET_IMAGE).read_bytes()
    assert load_tiled(tmp_path / "hm.tmj") == game_map
    # A second export beside it leaves the picture alone (it may have been edited).
    (tmp_path / TILESET_IMAGE).write_bytes(b"mine")
    assert save_tiled(game_map, tmp_path / "again.tmj") == [tmp_path / "again.tmj"]
    assert (tmp_path / TILESET_IMAGE).read_bytes() == b"mine"


def test_the_commands_export_and_import_back_to_the_same_bytes(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run("export-tiled", "cinder-ford") == 0
    assert "wrote cinder-ford.tmj" in capsys.readouterr().out
    assert run("import-tiled", "cinder-ford.tmj", "--out", "copy") == 0  # .map is added
    original = next(p for p in shipped_maps() if p.stem == "cinder-ford")
    assert (tmp_path / "copy.map").read_text() == original.read_text()
    # Neither overwrites without --force.
    assert run("export-tiled", "cinder-ford") == 1
    assert run("import-tiled", "cinder-ford.tmj", "--out", "copy.map") == 1
    assert "exists (use --force" in capsys.readouterr().err


# ---------------------------------------------------------------------------- what Tiled may write


def test_base64_layers_plain_zlib_and_gzip_and_flipped_tiles_are_read() -> None:
    doc = small_tmj()
    gids = doc["layers"][0]["data"]
    flipped = [g | 0x80000000 if i % 5 == 0 else g for i, g in enumerate(gids)]  # flipped horizontally
    raw = struct.pack(f"<{len(flipped)}I", *flipped)
    expected = parse_map(SMALL)
    for compression, packed in (("", raw), ("zlib", zlib.compress(raw)), ("gzip", gzip.compress(raw))):
        layer = doc["layers"][0]
        layer.update(encoding="base64", compression=compression, data=base64.b64encode(packed).decode())
        assert tmj_to_map(doc) == expected, compression


def test_a_map_made_in_tiled_with_its_extra_fields_and_an_external_tileset(tmp_path: Path) -> None:
    doc = small_tmj()
    doc.update(tiledversion="1.11.0", editorsettings={"export": {"target": "x.tmj"}}, **{"class": ""})
    doc["tilesets"] = [{"firstgid": 1, "source": TILESET_FILE}]  # found in maps/tiled/
    doc["layers"].insert(0, {"type": "imagelayer", "name": "sketch", "image": "sketch.png", "id": 2})
    doc["layers"].append({"type": "objectgroup", "name": "notes", "objects": [{"id": 1, "x": 3, "y": 4}]})
    (tmp_path / "made.tmj").write_text(json.dumps(doc))
    assert load_tiled(tmp_path / "made.tmj") == parse_map(SMALL)


def test_cities_may_be_objects_in_a_cities_layer() -> None:
    doc = small_tmj()
    doc["layers"].append({"type": "objectgroup", "name": "Cities", "objects": [
        {"id": 1, "name": "Keep", "point": True, "x": 3 * 32 + 16, "y": 3 * 32 + 16,
         "properties": [{"name": "owner", "type": "string", "value": "pewter"}]},      # a point: row 4 col 4
        {"id": 2, "gid": GID["S"], "x": 6 * 32, "y": 1 * 32, "width": 32, "height": 32},  # a tile object: row 1 col 7
        {"id": 3, "x": 0, "y": 6 * 32, "width": 32, "height": 32,
         "properties": [{"name": "owner", "type": "string", "value": "Gold"}]},        # a rectangle: row 7 col 1
    ]})
    game_map = tmj_to_map(doc)
    assert game_map.cities == {(0, 0): Player.GOLD, (6, 6): Player.SILVER, (3, 3): None,
                               (0, 6): Player.SILVER, (6, 0): Player.GOLD}
    assert game_map.at((3, 3)) is Terrain.CITY and grid_rows(game_map)[3] == "...P..."


# ---------------------------------------------------------------------------- errors


def broken(change) -> dict:
    doc = copy.deepcopy(small_tmj())
    change(doc)
    return doc


def layer_of(doc: dict) -> dict:
    return doc["layers"][0]


ERRORS = {
    "a tileset, not a map": ({"type": "tileset", "name": "x"}, "not a Tiled map: the file is a Tiled tileset"),
    "a list": ([1, 2, 3], "not a Tiled map"),
    "isometric": (broken(lambda d: d.update(orientation="isometric")), "the map is isometric"),
    "infinite": (broken(lambda d: d.update(infinite=True)), "the map is infinite"),
    "too narrow": (broken(lambda d: d.update(width=6)), "the map is 6 tiles wide; Scryptic boards are 7 to 64"),
    "too tall": (broken(lambda d: d.update(height=65)), "the map is 65 tiles tall"),
    "short data": (broken(lambda d: layer_of(d).update(data=layer_of(d)["data"][:-1])),
                   "layer 'terrain' holds 48 tiles; a 7x7 map needs 49"),
    "layer size": (broken(lambda d: layer_of(d).update(width=8)), "layer 'terrain' is 8x7 tiles; the map is 7x7"),
    "unknown tile": (broken(lambda d: layer_of(d)["data"].__setitem__(8, 42)),
                     "the tile at row 2 col 2 (tile number 42) has no Scryptic terrain; the tiles that do: 1 plains"),
    "empty cell": (broken(lambda d: layer_of(d)["data"].__setitem__(0, 0)),
                   "the cell at row 1 col 1 has no tile: every cell needs a terrain"),
    "unknown terrain": (broken(lambda d: d["tilesets"][0]["tiles"][1]["properties"][0].update(value="swamp")),
                        "tile 1 of tileset 'scryptic-terrain' has terrain 'swamp'; known: plains"),
    "no terrain property": (broken(lambda d: d["tilesets"][0].update(tiles=[])),
                            "no tile of the map's tilesets has a 'terrain' property"),
    "no tileset": (broken(lambda d: d.update(tilesets=[])), "the map has no tileset"),
    "no tile layer": (broken(lambda d: d.update(layers=[])), "the map has no tile layer"),
    "two tile layers": (broken(lambda d: d["layers"].extend([dict(layer_of(d), name="a"), dict(layer_of(d), name="b")])
                               or layer_of(d).update(name="ground")),
                        "the map has 3 tile layers ('ground', 'a', 'b'); name the one to read 'terrain'"),
    "zstd": (broken(lambda d: layer_of(d).update(encoding="base64", compression="zstd", data="AAAA")),
             "compressed with 'zstd'"),
    "bad base64": (broken(lambda d: layer_of(d).update(encoding="base64", data="%%%")), "broken base64 tile data"),
    "bad version": (broken(lambda d: d["properties"][-1].update(value=0)),
                    "the map property 'version' must be a whole number of at least 1, not 0"),
    "city owner": (broken(lambda d: d["layers"].append({"type": "objectgroup", "name": "cities", "objects": [
        {"id": 1, "x": 5, "y": 5, "properties": [{"name": "owner", "value": "bronze"}]}]})),
        "the city object 1 has owner 'bronze'; use gold, silver or pewter"),
    "city off board": (broken(lambda d: d["layers"].append({"type": "objectgroup", "name": "cities", "objects": [
        {"id": 1, "name": "Far", "x": 900, "y": 5, "properties": [{"name": "owner", "value": "gold"}]}]})),
        "the city object 'Far' lies off the 7x7 board"),
    "external tileset": (broken(lambda d: d.update(tilesets=[{"firstgid": 1, "source": "mine.tsj"}])),
                         "the map uses the external tileset 'mine.tsj', which cannot be read here"),
}


@pytest.mark.parametrize("name", ERRORS)
def test_a_map_that_cannot_be_imported_says_why(name: str) -> None:
    data, message = ERRORS[name]
    with pytest.raises(TiledError) as caught:
        tmj_to_map(data, "in.tmj")
    assert message in str(caught.value)
    assert str(caught.value).startswith("in.tmj: ")
    assert isinstance(caught.value, MapError)


def test_text_that_is_not_json_is_reported_with_its_line() -> None:
    with pytest.raises(TiledError) as caught:
        parse_tmj('{\n "width": 7,\n oops}', "in.tmj")
    assert str(caught.value).startswith("in.tmj:3:2: not a Tiled JSON map: the file is not JSON")


def test_import_errors_on_the_command_line_write_nothing(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.tmj"
    bad.write_text(json.dumps(broken(lambda d: layer_of(d)["data"].__setitem__(3, 77))))
    assert run("import-tiled", str(bad), "--out", str(tmp_path / "bad.map")) == 1
    assert "(tile number 77) has no Scryptic terrain" in capsys.readouterr().err
    assert not (tmp_path / "bad.map").exists()
    binary = tmp_path / "picture.tmj"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    assert run("import-tiled", str(binary)) == 1
    assert "not a Tiled JSON map: the file is not text" in capsys.readouterr().err
    # A map with no silver city can be edited, but not written as a .map.
    no_silver = tmp_path / "no-silver.tmj"
    no_silver.write_text(json.dumps(broken(lambda d: layer_of(d)["data"].__setitem__(48, GID["."]))))
    assert load_tiled(no_silver).cities == {(0, 0): Player.GOLD}
    assert run("import-tiled", str(no_silver), "--out", str(tmp_path / "ns.map")) == 1
    assert "silver has no city" in capsys.readouterr().err and not (tmp_path / "ns.map").exists()


def test_an_unreadable_external_tileset_is_named(tmp_path: Path) -> None:
    doc = small_tmj()
    doc["tilesets"] = [{"firstgid": 1, "source": "terrain.tsx"}]
    (tmp_path / "x.tmj").write_text(json.dumps(doc))
    with pytest.raises(TiledError, match="cannot read the tileset 'terrain.tsx': only JSON tilesets"):
        load_tiled(tmp_path / "x.tmj")
    doc["tilesets"] = [{"firstgid": 1, "source": "missing.tsj"}]
    (tmp_path / "x.tmj").write_text(json.dumps(doc))
    with pytest.raises(TiledError, match="cannot read the tileset 'missing.tsj'"):
        load_tiled(tmp_path / "x.tmj")


# ---------------------------------------------------------------------------- the shipped tileset


def test_the_shipped_tileset_file_is_the_one_the_code_describes() -> None:
    assert (TILED_DIR / TILESET_FILE).read_text() == format_tileset()
    from PIL import Image

    with Image.open(TILED_DIR / TILESET_IMAGE) as image:
        spec = tileset_json()
        assert image.size == (spec["imagewidth"], spec["imageheight"]) == (96, 96)
