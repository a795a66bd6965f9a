"""The board: terrain (which changes), city owners and each player's letters.

Each player's letters live in their own layer, so a cell can briefly hold both players'
letters while an overlap attack is being resolved (R3, R7); after every action no cell does.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.rules.terrain import Cell, GameMap, Player, Terrain

__all__ = [
    "ACROSS", "DOWN", "DIRECTIONS", "NEIGHBOURS", "Run", "Board", "line_run", "runs_of",
]

ACROSS = "across"
DOWN = "down"
DIRECTIONS = (ACROSS, DOWN)
_STEP = {ACROSS: (0, 1), DOWN: (1, 0)}

NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True)
class Run:
    """A maximal line of 2 or more of one player's letters: a word if the lexicon knows it."""

    cells: tuple[Cell, ...]
    direction: str
    text: str

    @property
    def start(self) -> Cell:
        return self.cells[0]

    def __contains__(self, cell: object) -> bool:
        return cell in self.cells


class Board:
    """Mutable board state. Copy with :meth:`copy` before speculative changes."""

    __slots__ = ("map", "terrain", "city_owner", "letters")

    def __init__(self, game_map: GameMap) -> None:
        self.map = game_map
        self.terrain: list[list[Terrain]] = [list(row) for row in game_map.terrain]
        self.city_owner: dict[Cell, Player | None] = dict(game_map.cities)
        self.letters: dict[Player, dict[Cell, str]] = {Player.GOLD: {}, Player.SILVER: {}}

    def copy(self) -> "Board":
        """An independent copy."""
        other = Board.__new__(Board)
        other.map = self.map
        other.terrain = [row[:] for row in self.terrain]
        other.city_owner = dict(self.city_owner)
        other.letters = {p: dict(cells) for p, cells in self.letters.items()}
        return other

    @property
    def height(self) -> int:
        return self.map.height

    @property
    def width(self) -> int:
        return self.map.width

    def in_bounds(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.map.height and 0 <= c < self.map.width

    def terrain_at(self, cell: Cell) -> Terrain:
        return self.terrain[cell[0]][cell[1]]

    def letter_at(self, cell: Cell) -> tuple[Player, str] | None:
        """The letter on ``cell`` and its owner (gold first if both are there)."""
        for player in (Player.GOLD, Player.SILVER):
            letter = self.letters[player].get(cell)
            if letter is not None:
                return player, letter
        return None

    def neighbours(self, cell: Cell):
        """The 4-adjacent cells that are on the board."""
        r, c = cell
        for dr, dc in NEIGHBOURS:
            n = (r + dr, c + dc)
            if 0 <= n[0] < self.map.height and 0 <= n[1] < self.map.width:
                yield n

    def cities_of(self, player: Player) -> list[Cell]:
        """The city cells ``player`` owns."""
        return [cell for cell, owner in self.city_owner.items() if owner == player]

    def runs(self, player: Player, letters: dict[Cell, str] | None = None) -> list[Run]:
        """Every maximal horizontal and vertical run of 2+ of ``player``'s letters."""
        own = self.letters[player] if letters is None else letters
        return runs_of(own)

    def run_through(self, player: Player, cell: Cell, direction: str) -> Run | None:
        """The run of ``player``'s letters through ``cell`` in ``direction``, if 2+ long."""
        own = self.letters[player]
        if cell not in own:
            return None
        return line_run(own, cell, direction)


def line_run(own: dict[Cell, str], cell: Cell, direction: str) -> Run | None:
    """The maximal run through ``cell`` along ``direction`` in ``own`` (None if under 2)."""
    dr, dc = _STEP[direction]
    r, c = cell
    while (r - dr, c - dc) in own:
        r, c = r - dr, c - dc
    cells = []
    while (r, c) in own:
        cells.append((r, c))
        r, c = r + dr, c + dc
    if len(cells) < 2:
        return None
    return Run(tuple(cells), direction, "".join(own[x] for x in cells))


def runs_of(own: dict[Cell, str]) -> list[Run]:
    """All runs of 2+ in a layer of letters, across runs first, in reading order."""
    result: list[Run] = []
    ordered = sorted(own)
    for direction in DIRECTIONS:
        dr, dc = _STEP[direction]
        for cell in ordered:
            r, c = cell
            if (r - dr, c - dc) in own or (r + dr, c + dc) not in own:
                continue
            cells = []
            while (r, c) in own:
                cells.append((r, c))
                r, c = r + dr, c + dc
            result.append(Run(tuple(cells), direction, "".join(own[x] for x in cells)))
    return result
