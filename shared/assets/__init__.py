"""The data files the programs read: the dictionary and the shipped maps.

They live in the project's ``dictionaries/`` and ``maps/`` folders, and the wheel carries
them as the packages ``shared.assets.dictionaries`` and ``shared.assets.maps`` (mapped onto
those folders in ``pyproject.toml``). So they are found through :mod:`importlib.resources`
the same way in a checkout (an editable install) and in an installed copy, from any folder.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

FOLDERS = ("dictionaries", "maps")
"""The data folders, by name."""


class AssetError(RuntimeError):
    """A data folder of the installed game cannot be found."""


def folder(name: str) -> Path:
    """The folder of data ``name`` (one of :data:`FOLDERS`) on disk.

    Raises :class:`AssetError` if the installed copy lacks it or it is not a plain folder
    (the game does not run from a zip file).
    """
    if name not in FOLDERS:
        raise AssetError(f"no data folder {name!r} (there are {', '.join(FOLDERS)})")
    try:
        found = resources.files(f"{__name__}.{name}")
    except ModuleNotFoundError:
        raise AssetError(
            f"the game's {name} are not installed: reinstall Scryptic "
            "(`pip install .` or `./dev setup` in a checkout)"
        ) from None
    if not isinstance(found, Path):
        raise AssetError(f"the game's {name} are not in a folder on disk ({found!r})")
    return found
