"""What a map says about itself (name, author, description, version), and the checks on it.

Also the board-size check, the file name a map's name suggests, and :class:`SaveRefused`,
raised when an unplayable map is saved. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from shared.maps.check import Finding
from shared.maps.format import MAX_SIDE, MIN_SIDE

DEFAULT_NAME = "Untitled map"
ANCHORS = ("top-left", "centre")
"""Where a resize keeps the old grid: at the top-left corner, or in the middle."""


class SaveRefused(ValueError):
    """The map has errors, so it is not written; ``errors`` are the findings that stop it."""

    def __init__(self, errors: Sequence[Finding]) -> None:
        self.errors = tuple(errors)
        first = self.errors[0].message if self.errors else "the map is not playable"
        more = f" (and {len(self.errors) - 1} more error{'s' if len(self.errors) > 2 else ''})" \
            if len(self.errors) > 1 else ""
        super().__init__(f"not saved: {first}{more}")


@dataclass(frozen=True)
class Details:
    """What a map says about itself besides its grid."""

    name: str
    author: str = ""
    description: str = ""
    version: int = 1


def check_size(width: int, height: int) -> tuple[int, int]:
    """``(width, height)`` if both are whole numbers from 7 to 64; else a ValueError."""
    for label, size in (("width", width), ("height", height)):
        if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIDE <= size <= MAX_SIDE:
            raise ValueError(f"the {label} must be a whole number from {MIN_SIDE} to {MAX_SIDE}, not {size!r}")
    return width, height


def file_stem(name: str) -> str:
    """A file name for a map name: ``"The Pewter Marches"`` -> ``"the-pewter-marches"``."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return stem or "map"


def checked_details(details: Details) -> Details:
    """``details`` with its text trimmed; ValueError (or TypeError) for a value a map cannot hold."""
    name = details.name.strip() if isinstance(details.name, str) else details.name
    if not isinstance(name, str) or not name:
        raise ValueError("the map needs a name")
    out = {"name": name}
    for key in ("name", "author", "description"):
        value = getattr(details, key)
        if not isinstance(value, str):
            raise TypeError(f"the {key} must be text, not {value!r}")
        value = value.strip()
        if "\n" in value or "\r" in value:
            raise ValueError(f"the {key} must fit on one line")
        out[key] = value
    version = details.version
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(f"the version must be a whole number of at least 1, not {version!r}")
    return Details(out["name"], out["author"], out["description"], version)
