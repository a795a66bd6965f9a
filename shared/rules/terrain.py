"""Terrain types, players and the map data model (pure data, no parsing)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum

__all__ = [
    "Cell", "Player", "Terrain", "GameMap",
]

Cell = tuple[int, int]
"""A board position as (row, column); row 0 is the top row."""


class Player(IntEnum):
    """The two sides. Gold is player 1 and moves first by default."""

    GOLD = 1
    SILVER = 2

    @property
    def other(self) -> "Player":
        """The opponent."""
        return Player.SILVER if self is Player.GOLD else Player.GOLD

    @property
    def label(self) -> str:
        return self.name.lower()


class Terrain(str, Enum):
    """The seven terrains of RULINGS R4."""

    PLAINS = "plains"
    FOREST = "forest"
    WATER = "water"
    MOUNTAINS = "mountains"
    ICE = "ice"
    CITY = "city"
    LAVA = "lava"


@dataclass(frozen=True)
class GameMap:
    """A terrain layout with its cities.

    ``terrain`` is a tuple of rows. ``cities`` maps every city cell to its starting owner
    (a :class:`Player`, or ``None`` for a pewter, unaligned city). Every city cell has
    terrain ``Terrain.CITY`` and every ``Terrain.CITY`` cell is in ``cities``.
    """

    name: str
    terrain: tuple[tuple[Terrain, ...], ...]
    cities: dict[Cell, Player | None] = field(default_factory=dict)
    version: int = 1
    description: str = ""
    author: str = ""

    @property
    def height(self) -> int:
        return len(self.terrain)

    @property
    def width(self) -> int:
        return len(self.terrain[0]) if self.terrain else 0

    def in_bounds(self, cell: Cell) -> bool:
        """True if ``cell`` lies on the board."""
        r, c = cell
        return 0 <= r < self.height and 0 <= c < self.width

    def at(self, cell: Cell) -> Terrain:
        """The terrain at ``cell``."""
        r, c = cell
        return self.terrain[r][c]

    def cells(self):
        """Every cell, row by row."""
        for r in range(self.height):
            for c in range(self.width):
                yield (r, c)
