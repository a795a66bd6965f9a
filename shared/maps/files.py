"""Map files on disk: loading, saving and the maps shipped in ``maps/``.

The text format itself lives in :mod:`shared.maps.format`; this module only reads and writes files.
(The rules engine never imports it: the engine is pure and takes a :class:`GameMap`.)
"""

from __future__ import annotations

import os
from pathlib import Path

from shared import assets
from shared.files.userdirs import data_dir
from shared.maps.format import MapError, format_map, parse_map
from shared.rules.terrain import GameMap

MAPS_DIR = assets.folder("maps")
"""The folder of the maps shipped with the game (``maps/``, carried by an installed copy too)."""

MAP_SUFFIX = ".map"


def shipped_maps(directory: Path | None = None) -> list[Path]:
    """The map files in ``directory`` (default :data:`MAPS_DIR`), sorted by file name."""
    folder = MAPS_DIR if directory is None else Path(directory)
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.iterdir() if path.suffix == MAP_SUFFIX and path.is_file())


def user_maps_dir(create: bool = True) -> Path:
    """The folder of the player's own maps: ``maps`` in the data folder (never the install folder),
    made on demand (``create``); a folder that cannot be made is still returned, so that saving
    into it reports the problem."""
    folder = data_dir() / "maps"
    if create:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
    return folder


def user_maps() -> list[Path]:
    """The map files in the player's own maps folder (:func:`user_maps_dir`), sorted by file name."""
    return shipped_maps(user_maps_dir(create=False))


def resolve_map_path(path_or_name: str | os.PathLike[str], directory: Path | None = None) -> Path:
    """Find a map file: an existing path, else a shipped map by file stem or by its ``name:``.

    ``"cinder-ford"``, ``"cinder-ford.map"`` and ``"Cinder Ford"`` all find
    ``maps/cinder-ford.map``. Raises :class:`FileNotFoundError` listing the shipped maps.
    """
    path = Path(path_or_name)
    if path.is_file():
        return path
    wanted = str(path_or_name)
    candidates = shipped_maps(directory)
    for candidate in candidates:
        if wanted in (candidate.stem, candidate.name):
            return candidate
    folded = " ".join(wanted.split()).casefold()
    for candidate in candidates:
        try:
            if _read(candidate).name.casefold() == folded:
                return candidate
        except (MapError, OSError):
            continue
    known = ", ".join(candidate.stem for candidate in candidates) or "none"
    raise FileNotFoundError(f"no map file or shipped map called {wanted!r} (shipped maps: {known})")


def load_map(path_or_name: str | os.PathLike[str], directory: Path | None = None, *,
             drafts: bool = False) -> GameMap:
    """Load a map from a file path or a shipped map's name (see :func:`resolve_map_path`).

    Raises :class:`FileNotFoundError` if there is no such map, and :class:`MapError` (whose
    ``source`` is the file's path) if the file is not a valid map, or is a draft and ``drafts``
    is not given (see :func:`~shared.maps.format.parse_map`).
    """
    return _read(resolve_map_path(path_or_name, directory), drafts)


def save_map(game_map: GameMap, path: str | os.PathLike[str], *, draft: bool = False) -> Path:
    """Write ``game_map`` in canonical form to ``path`` and return the path (``draft``: marked
    as a draft, which may lack a side's city; only the map editor opens those).

    The write is atomic (a temporary file renamed over the target), so a failed save never
    leaves half a map. Raises :class:`MapError` if the map cannot be written (see
    :func:`shared.maps.map_defects`); nothing is written then.
    """
    from shared.files.atomic import write_text

    return write_text(path, format_map(game_map, draft=draft))


def _read(path: Path, drafts: bool = False) -> GameMap:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise MapError(
            f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})", source=str(path)
        ) from None
    return parse_map(text, source=str(path), drafts=drafts)
