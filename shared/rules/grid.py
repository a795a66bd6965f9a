"""Terrain grids as rows of characters: how maps, records and test positions write a board.

``.`` plains, ``f`` forest, ``~`` water, ``^`` mountains, ``*`` ice, ``x`` lava, and cities with
their starting owner: ``G`` gold, ``S`` silver, ``P`` pewter. Part of the engine (records use
it); the map file format and the ASCII position builder build on it.
"""

from __future__ import annotations

from shared.rules.terrain import Cell, GameMap, Player, Terrain

__all__ = [
    "TERRAIN_CHARS", "CITY_CHARS", "cell_char", "grid_rows", "map_from_rows",
]

TERRAIN_CHARS: dict[str, Terrain] = {
    ".": Terrain.PLAINS,
    "f": Terrain.FOREST,
    "~": Terrain.WATER,
    "^": Terrain.MOUNTAINS,
    "*": Terrain.ICE,
    "x": Terrain.LAVA,
}
"""Grid characters of the terrains that are not cities."""

CITY_CHARS: dict[str, Player | None] = {"G": Player.GOLD, "S": Player.SILVER, "P": None}
"""Grid characters of cities and the owner each one starts with (``None``: pewter)."""

_CHAR_OF_TERRAIN = {terrain: char for char, terrain in TERRAIN_CHARS.items()}
_CHAR_OF_OWNER = {owner: char for char, owner in CITY_CHARS.items()}


def cell_char(game_map: GameMap, cell: Cell, terrain: Terrain) -> str:
    """The grid character of one cell (a city shows its starting owner)."""
    if terrain is Terrain.CITY:
        return _CHAR_OF_OWNER[game_map.cities[cell]]
    return _CHAR_OF_TERRAIN[terrain]


def grid_rows(game_map: GameMap) -> list[str]:
    """The map's grid as text rows, cities shown with their starting owner."""
    return [
        "".join(cell_char(game_map, (r, c), terrain) for c, terrain in enumerate(row))
        for r, row in enumerate(game_map.terrain)
    ]


def map_from_rows(rows: list[str], name: str = "unnamed") -> GameMap:
    """A GameMap from grid rows; a ValueError names the row and column of a bad cell."""
    if not rows:
        raise ValueError("the grid is empty")
    grid = []
    cities: dict[Cell, Player | None] = {}
    for r, line in enumerate(rows):
        if len(line) != len(rows[0]):
            raise ValueError(f"row {r + 1} has {len(line)} cells, row 1 has {len(rows[0])}")
        row = []
        for c, ch in enumerate(line):
            if ch in CITY_CHARS:
                row.append(Terrain.CITY)
                cities[(r, c)] = CITY_CHARS[ch]
            elif ch in TERRAIN_CHARS:
                row.append(TERRAIN_CHARS[ch])
            else:
                raise ValueError(f"unknown terrain {ch!r} at row {r + 1}, column {c + 1}")
        grid.append(tuple(row))
    return GameMap(name=name, terrain=tuple(grid), cities=cities)
