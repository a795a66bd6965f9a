"""The Scryptic map text format: parsing and writing (pure, no file I/O).

A map file looks like this (``docs/maps.md`` is the full reference)::

    scryptic-map 1
    name: Cinder Ford
    version: 3
    author: The Scryptic team
    description: A small duel across a frozen ford.
    legend: . plains, f forest, ~ water, ^ mountains, * ice, x lava, G gold city, S silver city, P pewter city
    grid:
    ...............
    ..G....f.......
    ...

Line 1 names the format and its version. Header lines ``key: value`` follow, in any order
(``name`` and ``version`` are required; ``author``, ``description`` and ``legend`` are
optional; ``#`` starts a comment line in the header). ``grid:`` ends the header; every line
after it is one row of the board, one character per cell.

Cities are drawn on the grid itself (``G``, ``S``, ``P``), so a city *is* its cell's terrain:
a city standing on water or lava, or two cities on one cell, cannot be written in this format
(see ``map_defects`` for the same checks on a :class:`GameMap` built in code).
"""

from __future__ import annotations

from collections.abc import Iterable

from shared.rules.grid import CITY_CHARS, TERRAIN_CHARS, grid_rows
from shared.rules.terrain import Cell, GameMap, Player, Terrain

FORMAT_TAG = "scryptic-map"
FORMAT_VERSION = 1
MIN_SIDE = 7
MAX_SIDE = 64

LEGEND_NAMES: dict[str, str] = {
    ".": "plains",
    "f": "forest",
    "~": "water",
    "^": "mountains",
    "*": "ice",
    "x": "lava",
    "G": "gold city",
    "S": "silver city",
    "P": "pewter city",
}
"""The fixed legend of format 1, character to its name, in canonical order."""

_CHAR_OF_OWNER = {owner: char for char, owner in CITY_CHARS.items()}

HEADER_KEYS = ("name", "version", "author", "description", "legend", "draft")
REQUIRED_KEYS = ("name", "version")



class MapError(ValueError):
    """A map that cannot be read or written, with where the defect is.

    ``line`` and ``column`` are 1-based positions in the text (``None`` when the defect has no
    single position, e.g. a player without a city); ``source`` names the text (a file name).
    ``reason`` is the message without the position prefix.
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        column: int | None = None,
        source: str = "<map>",
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.source = source
        super().__init__(self._render())

    def _render(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.reason}"

def cell_label(cell: Cell) -> str:
    """A cell for people: rows and columns counted from 1, like a text editor's grid."""
    return f"row {cell[0] + 1} col {cell[1] + 1}"


def legend_line() -> str:
    """The canonical ``legend:`` value, e.g. ``". plains, f forest, ..."``."""
    return ", ".join(f"{char} {name}" for char, name in LEGEND_NAMES.items())


def parse_map(text: str, source: str = "<map>", *, drafts: bool = False) -> GameMap:
    """Read a map from its text; raise :class:`MapError` naming the first defect found.

    A draft (``draft: yes``: saved from the map editor before it could be played, so a side may
    have no city yet) is read only with ``drafts`` (the editor); anywhere else it is refused as
    not playable yet."""
    lines = text.removeprefix("\ufeff").splitlines()
    header, grid_start = _parse_header(lines, source)
    draft = _parse_draft(header.get("draft"), source)
    if draft and not drafts:
        raise MapError(f"{header['name'][1]!r} is a draft, not playable yet: finish it in the map editor",
                       line=header["draft"][0], source=source)
    name = header["name"][1]
    if not name:
        raise MapError("the name is empty", line=header["name"][0], source=source)
    version = _parse_version(header["version"], source)
    if "legend" in header:
        _check_legend(header["legend"], source)
    terrain, cities = _parse_grid(_grid_rows(lines, grid_start, source), source)
    game_map = GameMap(
        name=name,
        terrain=terrain,
        cities=cities,
        version=version,
        description=header.get("description", (0, ""))[1],
        author=header.get("author", (0, ""))[1],
    )
    if not draft:
        _check_cities(game_map, source)
    return game_map


def _parse_draft(entry: tuple[int, str] | None, source: str) -> bool:
    if entry is not None and entry[1].lower() != "yes":
        raise MapError(f"draft must be 'yes' (or the line left out), not {entry[1]!r}", line=entry[0], source=source)
    return entry is not None


def format_map(game_map: GameMap, *, draft: bool = False) -> str:
    """The canonical text of ``game_map`` (ends with a newline).

    Raises :class:`MapError` if the map could not be read back (see :func:`map_defects`), so
    every text this writes parses to an equal map.
    """
    defects = [d for d in map_defects(game_map) if not (draft and d[0] == "no-city")]
    if defects:
        raise MapError(f"cannot write map {game_map.name!r}: {defects[0][1]}")
    out = [f"{FORMAT_TAG} {FORMAT_VERSION}", f"name: {game_map.name}", f"version: {game_map.version}"]
    if draft:
        out.append("draft: yes")
    if game_map.author:
        out.append(f"author: {game_map.author}")
    if game_map.description:
        out.append(f"description: {game_map.description}")
    out.append(f"legend: {legend_line()}")
    out.append("grid:")
    out += grid_rows(game_map)
    return "\n".join(out) + "\n"


def map_defects(game_map: GameMap) -> list[tuple[str, str, tuple[Cell, ...]]]:
    """Every reason ``game_map`` is not a well-formed map, as (code, message, cells).

    These are the model-level twins of the parse errors: a board out of bounds or ragged, a
    city listed on a cell whose terrain is not ``CITY`` (on water or lava, say), a ``CITY`` cell
    with no entry in ``cities``, a city off the board, a player without a city, a bad name or
    version. An empty list means :func:`format_map` can write the map.
    """
    defects: list[tuple[str, str, tuple[Cell, ...]]] = []
    name = game_map.name
    if not name or name != name.strip() or "\n" in name or "\r" in name:
        defects.append(("bad-name", f"the name {name!r} must be non-empty, one line, unpadded", ()))
    for key in ("author", "description"):
        value = getattr(game_map, key)
        if value != value.strip() or "\n" in value or "\r" in value:
            defects.append((f"bad-{key}", f"the {key} {value!r} must be one unpadded line", ()))
    if isinstance(game_map.version, bool) or not isinstance(game_map.version, int) or game_map.version < 1:
        defects.append(
            ("bad-version", f"the version must be a positive integer, got {game_map.version!r}", ())
        )
    height, width = game_map.height, game_map.width
    widths = {len(row) for row in game_map.terrain}
    if len(widths) > 1:
        defects.append(("ragged", f"rows have different lengths: {sorted(widths)}", ()))
        return defects
    size_problem = _size_problem(width, height)
    if size_problem:
        defects.append(("size", size_problem, ()))
        if not height or not width:
            return defects
    for cell, owner in sorted(game_map.cities.items()):
        if not game_map.in_bounds(cell):
            defects.append(("city-off-board", f"the city at {cell_label(cell)} is off the board", (cell,)))
            continue
        terrain = game_map.at(cell)
        if terrain is not Terrain.CITY:
            code = {Terrain.WATER: "city-on-water", Terrain.LAVA: "city-on-lava"}.get(terrain, "city-terrain")
            message = f"the {_owner_label(owner)} city at {cell_label(cell)} stands on {terrain.value}"
            defects.append((code, message, (cell,)))
        if owner is not None and not isinstance(owner, Player):
            defects.append(
                ("bad-owner", f"the city at {cell_label(cell)} has an unknown owner {owner!r}", (cell,))
            )
    for cell in game_map.cells():
        if game_map.at(cell) is Terrain.CITY and cell not in game_map.cities:
            defects.append(
                ("unlisted-city", f"the city cell at {cell_label(cell)} has no owner entry", (cell,))
            )
    owners = set(game_map.cities.values())
    for player in Player:
        if player not in owners:
            defects.append(("no-city", f"{player.label} has no city", ()))
    return defects


def count_terrain(game_map: GameMap, cells: Iterable[Cell] | None = None) -> dict[Terrain, int]:
    """How many of ``cells`` (default: the whole board) have each terrain, every terrain listed."""
    counts = {terrain: 0 for terrain in Terrain}
    for cell in game_map.cells() if cells is None else cells:
        counts[game_map.at(cell)] += 1
    return counts


# ---------------------------------------------------------------------------- helpers


def _owner_label(owner: Player | None) -> str:
    if owner is None:
        return "pewter"
    return owner.label if isinstance(owner, Player) else repr(owner)


def _size_problem(width: int, height: int) -> str | None:
    if not height or not width:
        return "the grid is empty"
    for label, size in (("wide", width), ("tall", height)):
        if size < MIN_SIDE:
            return f"the board is {size} cells {label}; the minimum is {MIN_SIDE}"
        if size > MAX_SIDE:
            return f"the board is {size} cells {label}; the maximum is {MAX_SIDE}"
    return None


def _parse_header(lines: list[str], source: str) -> tuple[dict[str, tuple[int, str]], int]:
    """Header entries as key -> (line number, value), and the index of the first grid line."""
    if not lines or not lines[0].strip():
        raise MapError(
            f"the first line must be '{FORMAT_TAG} {FORMAT_VERSION}'; the file starts empty",
            line=1,
            source=source,
        )
    first = lines[0].split()
    if first[0] != FORMAT_TAG or len(first) != 2:
        raise MapError(
            f"the first line must be '{FORMAT_TAG} {FORMAT_VERSION}', not {lines[0].strip()!r}",
            line=1,
            source=source,
        )
    if first[1] != str(FORMAT_VERSION):
        raise MapError(
            f"unsupported map format version {first[1]!r} (this program reads version {FORMAT_VERSION})",
            line=1,
            column=len(FORMAT_TAG) + 2,
            source=source,
        )
    header: dict[str, tuple[int, str]] = {}
    for index in range(1, len(lines)):
        number = index + 1
        stripped = lines[index].strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        key = key.strip().lower()
        if not sep:
            raise MapError(
                f"expected 'key: value' or 'grid:' in the header, got {stripped!r}",
                line=number,
                source=source,
            )
        if key == "grid":
            if value.strip():
                raise MapError(
                    "'grid:' must be alone on its line; the rows start on the next line",
                    line=number,
                    source=source,
                )
            missing = [k for k in REQUIRED_KEYS if k not in header]
            if missing:
                raise MapError(
                    f"missing header line '{missing[0]}:' before the grid", line=number, source=source
                )
            return header, index + 1
        if key not in HEADER_KEYS:
            raise MapError(
                f"unknown header {key!r} (known: {', '.join(HEADER_KEYS)}, grid)", line=number, source=source
            )
        if key in header:
            raise MapError(
                f"duplicate header {key!r} (first given on line {header[key][0]})", line=number, source=source
            )
        header[key] = (number, value.strip())
    missing = [k for k in REQUIRED_KEYS if k not in header]
    if missing:
        raise MapError(f"missing header line '{missing[0]}:'", source=source)
    raise MapError("missing 'grid:' line: the map has no grid", line=len(lines), source=source)


def _parse_version(entry: tuple[int, str], source: str) -> int:
    number, value = entry
    if not (value.isascii() and value.isdigit()) or int(value) < 1:
        raise MapError(f"the version must be a positive integer, got {value!r}", line=number, source=source)
    return int(value)


def _check_legend(entry: tuple[int, str], source: str) -> None:
    """A restated legend must agree with the fixed one (it documents, it does not redefine)."""
    number, value = entry
    seen: set[str] = set()
    for item in value.split(","):
        item = item.strip()
        if not item:
            continue
        char, _, name = item.partition(" ")
        name = " ".join(name.split())
        if len(char) != 1 or char not in LEGEND_NAMES:
            raise MapError(
                f"the legend lists {char!r}, which is not a map character", line=number, source=source
            )
        if name != LEGEND_NAMES[char]:
            raise MapError(
                f"the legend says {char!r} is {name!r}, "
                f"but in format {FORMAT_VERSION} it is {LEGEND_NAMES[char]!r}",
                line=number,
                source=source,
            )
        if char in seen:
            raise MapError(f"the legend lists {char!r} twice", line=number, source=source)
        seen.add(char)


def _grid_rows(lines: list[str], start: int, source: str) -> list[tuple[int, str]]:
    """The grid rows as (line number, text); trailing blank lines and spaces are ignored."""
    end = len(lines)
    while end > start and not lines[end - 1].strip():
        end -= 1
    rows = []
    for index in range(start, end):
        row = lines[index].rstrip()
        if not row:
            raise MapError("blank line inside the grid", line=index + 1, source=source)
        rows.append((index + 1, row))
    if not rows:
        raise MapError("the grid is empty", line=start, source=source)
    return rows


def _parse_grid(
    rows: list[tuple[int, str]], source: str
) -> tuple[tuple[tuple[Terrain, ...], ...], dict[Cell, Player | None]]:
    width = len(rows[0][1])
    terrain_rows: list[tuple[Terrain, ...]] = []
    cities: dict[Cell, Player | None] = {}
    for r, (number, row) in enumerate(rows):
        if len(row) != width:
            raise MapError(
                f"ragged grid: row {r + 1} has {len(row)} cells but the first row has {width}",
                line=number,
                column=min(len(row), width) + 1,
                source=source,
            )
        cells: list[Terrain] = []
        for c, char in enumerate(row):
            if char in TERRAIN_CHARS:
                cells.append(TERRAIN_CHARS[char])
            elif char in CITY_CHARS:
                cells.append(Terrain.CITY)
                cities[(r, c)] = CITY_CHARS[char]
            else:
                raise MapError(
                    f"unknown terrain character {char!r} (row {r + 1}, column {c + 1}); "
                    f"known: {' '.join(LEGEND_NAMES)}",
                    line=number,
                    column=c + 1,
                    source=source,
                )
        terrain_rows.append(tuple(cells))
    problem = _size_problem(width, len(rows))
    if problem:
        raise MapError(problem, line=rows[0][0], source=source)
    return tuple(terrain_rows), cities


def _check_cities(game_map: GameMap, source: str) -> None:
    owners = set(game_map.cities.values())
    for player in Player:
        if player not in owners:
            char = _CHAR_OF_OWNER[player]
            raise MapError(f"{player.label} has no city (no '{char}' on the grid)", source=source)
