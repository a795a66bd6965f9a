"""Tiled map files on disk: reading a ``.tmj`` (and its external tilesets), writing one.

The conversion itself is :mod:`shared.maps.tiled_export` (pure); this module only reads and writes files.
The Scryptic tileset shipped for Tiled lives in ``maps/tiled/`` (:data:`TILED_DIR`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from shared.files.atomic import write_bytes, write_text
from shared.maps.files import MAPS_DIR
from shared.rules.terrain import GameMap
from shared.maps.tiled_export import TILESET_FILE, TILESET_IMAGE, TSJ_SUFFIX, TiledError, format_tmj
from shared.maps.tiled_import import parse_tmj

TILED_DIR = MAPS_DIR / "tiled"
"""The shipped Tiled tileset: ``scryptic-terrain.tsj`` and its picture ``scryptic-terrain.png``."""


def load_tiled(path: str | os.PathLike[str]) -> GameMap:
    """Read the Tiled map at ``path``; :class:`TiledError` (a ``MapError``) says what is wrong.

    External tilesets are read relative to the map's folder; ``scryptic-terrain.tsj`` is found
    in :data:`TILED_DIR` when it is not beside the map.
    """
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise TiledError("not a Tiled JSON map: the file is not text (UTF-8)", source=str(target)) from None

    def read_tileset(source: str) -> Any:
        wanted = target.parent / source
        if wanted.suffix.lower() != TSJ_SUFFIX:
            raise ValueError(f"only JSON tilesets ({TSJ_SUFFIX}) can be read; in Tiled, save the tileset "
                             "as a JSON tileset or embed it in the map")
        if not wanted.is_file() and wanted.name == TILESET_FILE:
            wanted = TILED_DIR / TILESET_FILE
        return json.loads(wanted.read_text(encoding="utf-8"))

    return parse_tmj(text, str(target), read_tileset)


def save_tiled(game_map: GameMap, path: str | os.PathLike[str]) -> list[Path]:
    """Write ``game_map`` as a ``.tmj`` at ``path``; return the files written.

    The tileset is embedded in the map; its picture (``scryptic-terrain.png``) is copied beside
    the map when it is not already there, so Tiled shows the stones. The map is written
    atomically: a failed write never leaves half a file.
    """
    target = Path(path)
    written = [write_text(target, format_tmj(game_map))]
    image = target.parent / TILESET_IMAGE
    if not image.exists():
        written.append(write_bytes(image, (TILED_DIR / TILESET_IMAGE).read_bytes()))
    return written
