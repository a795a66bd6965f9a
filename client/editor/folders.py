"""Where the player's own maps live: ``maps`` in their data folder, never the install folder.

``maps`` in :func:`shared.files.userdirs.data_dir` (``platformdirs.user_data_dir("scryptic")``, e.g.
``~/.local/share/scryptic/maps`` on Linux, ``%LOCALAPPDATA%\\scryptic\\maps`` on Windows); the
environment variable ``SCRYPTIC_DATA_DIR`` replaces the data folder (the tests point it at a
temporary folder). The folder is made when it is first needed.
"""

from __future__ import annotations

from pathlib import Path

from shared.maps.files import MAPS_DIR, user_maps_dir

__all__ = ["is_shipped", "user_maps_dir"]


def is_shipped(path: Path | None) -> bool:
    """True if ``path`` is in the folder of the maps that come with the game."""
    if path is None:
        return False
    try:
        Path(path).resolve().relative_to(MAPS_DIR.resolve())
    except ValueError:
        return False
    return True
