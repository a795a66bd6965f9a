"""Where the player's own maps live: ``maps`` in their data folder, never the install folder.

``maps`` in :func:`shared.files.userdirs.data_dir` (``platformdirs.user_data_dir("scryptic")``, e.g.
``~/.local/share/scryptic/maps`` on Linux, ``%LOCALAPPDATA%\\scryptic\\maps`` on Windows); the
environment variable ``SCRYPTIC_DATA_DIR`` replaces the data folder (the tests point it at a
temporary folder). The folder is made when it is first needed.
"""

from __future__ import annotations

from pathlib import Path

from shared.maps.files import MAPS_DIR
from shared.files.userdirs import data_dir


def user_maps_dir(create: bool = True) -> Path:
    """The folder for the player's maps, made on demand (``create``); a folder that cannot be
    made is still returned, so the save itself reports the problem."""
    folder = data_dir() / "maps"
    if create:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
    return folder


def is_shipped(path: Path | None) -> bool:
    """True if ``path`` is in the folder of the maps that come with the game."""
    if path is None:
        return False
    try:
        Path(path).resolve().relative_to(MAPS_DIR.resolve())
    except ValueError:
        return False
    return True
