"""Paints and cell geometry for the editor (pure, no window).

A *paint* is what one cell holds, written as its character in the map format
(:data:`shared.maps.LEGEND_NAMES`): ``.`` plains, ``f`` forest, ``~`` water, ``^`` mountains,
``*`` ice, ``x`` lava, and the cities ``G`` (gold), ``S`` (silver), ``P`` (pewter). A city
*is* its cell's terrain in the format, so one character says everything about a cell.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from shared.maps.check import SYMMETRIES, mirror_cell
from shared.maps.format import CITY_CHARS, LEGEND_NAMES, TERRAIN_CHARS
from shared.rules.terrain import Cell, Player, Terrain

Paint = str
"""One cell's content as its map character (see the module docstring)."""

PLAINS: Paint = "."
TERRAIN_PAINTS: tuple[Paint, ...] = tuple(TERRAIN_CHARS)
CITY_PAINTS: tuple[Paint, ...] = tuple(CITY_CHARS)
PAINTS: tuple[Paint, ...] = TERRAIN_PAINTS + CITY_PAINTS
"""Every paint in palette order: the six terrains, then gold, silver and pewter cities."""

BRUSH_SIZES: tuple[int, ...] = (1, 3, 5)

SYMMETRY_LABELS: dict[str | None, str] = {
    None: "No symmetry",
    "mirror-x": "Mirror left-right",
    "mirror-y": "Mirror top-bottom",
    "rot180": "Rotate 180\N{DEGREE SIGN}",
}
"""The editor's symmetry modes (``None``: off) and how they are named on screen."""

_PAINT_OF_OWNER = {owner: char for char, owner in CITY_CHARS.items()}


def check_paint(paint: Paint) -> Paint:
    """``paint`` itself if it is a known paint; else a ValueError naming the known ones."""
    if paint not in PAINTS:
        raise ValueError(f"unknown paint {paint!r} (known: {' '.join(PAINTS)})")
    return paint


def paint_name(paint: Paint) -> str:
    """``"forest"``, ``"gold city"``, ..."""
    return LEGEND_NAMES[check_paint(paint)]


def is_city(paint: Paint) -> bool:
    """True for the city paints ``G``, ``S`` and ``P``."""
    return paint in CITY_CHARS


def terrain_of(paint: Paint) -> Terrain:
    """The terrain a paint gives its cell (``Terrain.CITY`` for the cities)."""
    return Terrain.CITY if is_city(paint) else TERRAIN_CHARS[check_paint(paint)]


def owner_of(paint: Paint) -> Player | None:
    """The starting owner of a city paint (``None`` for pewter)."""
    if not is_city(paint):
        raise ValueError(f"{paint!r} is not a city")
    return CITY_CHARS[paint]


def city_paint(owner: Player | None) -> Paint:
    """The paint of a city starting with ``owner`` (``None``: pewter)."""
    return _PAINT_OF_OWNER[owner]


def mirrored_paint(paint: Paint) -> Paint:
    """What a paint becomes across a symmetry: gold and silver cities swap sides."""
    return {"G": "S", "S": "G"}.get(paint, paint)


def check_symmetry(symmetry: str | None) -> str | None:
    """``symmetry`` if it is ``None`` or one of :data:`shared.maps.check.SYMMETRIES`."""
    if symmetry is not None and symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r} (known: {', '.join(SYMMETRIES)}, or none)")
    return symmetry


def with_mirror(changes: dict[Cell, Paint], symmetry: str | None, width: int, height: int) -> dict[Cell, Paint]:
    """``changes`` plus their images under ``symmetry`` (gold and silver swapped).

    A cell that is both painted and the image of another painted cell keeps its own paint:
    what the stroke itself touched wins over its mirror.
    """
    if symmetry is None:
        return dict(changes)
    out = dict(changes)
    for cell, paint in changes.items():
        image = mirror_cell(symmetry, cell, width, height)
        if image not in changes:
            out[image] = mirrored_paint(paint)
    return out


# ---------------------------------------------------------------------------- geometry


def in_bounds(cell: Cell, width: int, height: int) -> bool:
    """True if ``cell`` lies on a ``width`` x ``height`` board."""
    return 0 <= cell[0] < height and 0 <= cell[1] < width


def brush_cells(centre: Cell, size: int, width: int, height: int) -> list[Cell]:
    """The ``size`` x ``size`` square of cells centred on ``centre``, clipped to the board."""
    if size not in BRUSH_SIZES:
        raise ValueError(f"brush size must be one of {BRUSH_SIZES}, not {size!r}")
    half = size // 2
    r0, c0 = centre
    return [
        (r, c)
        for r in range(r0 - half, r0 + half + 1)
        for c in range(c0 - half, c0 + half + 1)
        if in_bounds((r, c), width, height)
    ]


def line_path(start: Cell, end: Cell) -> list[Cell]:
    """The cells of a straight line from ``start`` to ``end`` inclusive (Bresenham's line),
    4-connected: where the line steps diagonally, the cell beside the corner is included too,
    so a painted river or wall has no diagonal gaps."""
    (r0, c0), (r1, c1) = start, end
    dr, dc = abs(r1 - r0), abs(c1 - c0)
    sr, sc = (1 if r1 >= r0 else -1), (1 if c1 >= c0 else -1)
    err = dc - dr
    r, c = r0, c0
    path = [(r, c)]
    while (r, c) != (r1, c1):
        e2 = 2 * err
        if e2 > -dr:
            err -= dr
            c += sc
            path.append((r, c))
        if e2 < dc and (r, c) != (r1, c1):
            err += dc
            r += sr
            path.append((r, c))
    return path


def stamp(path: Sequence[Cell], size: int, width: int, height: int) -> list[Cell]:
    """Every cell the brush of ``size`` covers along ``path``, in order, without repeats."""
    seen: dict[Cell, None] = {}
    for cell in path:
        for covered in brush_cells(cell, size, width, height):
            seen.setdefault(covered, None)
    return list(seen)


def rect_cells(corner: Cell, other: Cell, width: int, height: int) -> list[Cell]:
    """The filled rectangle with opposite corners ``corner`` and ``other``, clipped."""
    top, bottom = sorted((corner[0], other[0]))
    left, right = sorted((corner[1], other[1]))
    return [
        (r, c)
        for r in range(max(0, top), min(height - 1, bottom) + 1)
        for c in range(max(0, left), min(width - 1, right) + 1)
    ]


def flood_region(rows: Sequence[Sequence[Paint]], start: Cell) -> list[Cell]:
    """The cells 4-connected to ``start`` that hold the same paint as it (start included)."""
    height, width = len(rows), len(rows[0]) if rows else 0
    if not in_bounds(start, width, height):
        raise ValueError(f"cell {start} is off the {width}x{height} board")
    target = rows[start[0]][start[1]]
    seen = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt not in seen and in_bounds(nxt, width, height) and rows[nxt[0]][nxt[1]] == target:
                seen.add(nxt)
                queue.append(nxt)
    return sorted(seen)
