"""Terrain for the map generator: smooth noise and a symmetric grid to paint (pure).

:func:`fractal_noise` is value noise in octaves; :func:`rank_threshold` turns a field into a
share of the board (the top 8% of the height field become mountains, and so on).
:class:`TerrainBuilder` holds a grid under a symmetry (every edit also lands on the mirror
cell), lays mountains, lava, lakes, ice and forest from noise fields, and carves rivers.
"""

from __future__ import annotations

import random

from shared.maps.check import mirror_cell
from shared.rules.terrain import Cell, Player, Terrain

# Share of the board for each terrain, by rank in its noise field.
MOUNTAIN_SHARE = 0.08
LAVA_SHARE = 0.008
LAKE_SHARE = 0.05
ICE_SHARE = 0.07
FOREST_SHARE = 0.22
BACKYARD_FOREST = 0.15
"""How much wilder (forest field bonus per half-board of depth) the land behind the cities is."""


def fractal_noise(
    width: int, height: int, rng: random.Random, scale: float, octaves: int = 4, ridged: bool = False
) -> list[list[float]]:
    """A ``height`` x ``width`` grid of smooth noise in [0, 1].

    Value noise: random values on a lattice ``scale`` cells apart, smoothly interpolated, with
    ``octaves`` layers of halving scale and amplitude. ``ridged`` folds each layer
    (1 - |2v - 1|) so that high values form long ridges.
    """
    total = [[0.0] * width for _ in range(height)]
    amplitude, weight = 1.0, 0.0
    for _ in range(octaves):
        step = max(scale, 1.5)
        lattice_w, lattice_h = int(width / step) + 3, int(height / step) + 3
        lattice = [[rng.random() for _ in range(lattice_w)] for _ in range(lattice_h)]
        dx, dy = rng.random(), rng.random()  # shift the lattice so octaves do not align
        for r in range(height):
            y = r / step + dy
            y0 = int(y)
            ty = _smooth(y - y0)
            for c in range(width):
                x = c / step + dx
                x0 = int(x)
                tx = _smooth(x - x0)
                top = _lerp(lattice[y0][x0], lattice[y0][x0 + 1], tx)
                bottom = _lerp(lattice[y0 + 1][x0], lattice[y0 + 1][x0 + 1], tx)
                value = _lerp(top, bottom, ty)
                if ridged:
                    value = 1.0 - abs(2.0 * value - 1.0)
                total[r][c] += amplitude * value
        weight += amplitude
        amplitude *= 0.5
        scale /= 2.0
    return [[v / weight for v in row] for row in total]


def rank_threshold(field: list[list[float]], top_share: float) -> float:
    """The value above which lie the top ``top_share`` of ``field``'s cells."""
    values = sorted(v for row in field for v in row)
    index = min(len(values) - 1, max(0, int(len(values) * (1.0 - top_share))))
    return values[index]


def _smooth(t: float) -> float:
    return t * t * (3.0 - 2.0 * t)


def _lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class TerrainBuilder:
    """A grid being painted under ``symmetry``: every edit is applied to a cell and its mirror.

    Positions can also be read in a *frame*: ``f`` runs forward from silver's edge to gold's
    (rows, or columns counted from the right for ``mirror-x``), ``l`` runs across.
    """

    def __init__(self, width: int, height: int, symmetry: str, rng: random.Random) -> None:
        self.width, self.height, self.symmetry, self.rng = width, height, symmetry, rng
        self.grid = [[Terrain.PLAINS] * width for _ in range(height)]
        self.cities: dict[Cell, Player | None] = {}
        self.all_cells = [(r, c) for r in range(height) for c in range(width)]
        self.depth_f, self.depth_l = (width, height) if symmetry == "mirror-x" else (height, width)
        self.elevation: list[list[float]] = []

    def backyard(self, cell: Cell) -> float:
        """How far ``cell`` lies behind its side's cities (0 here: no bias; see subclasses)."""
        return 0.0

    def mirror(self, cell: Cell) -> Cell:
        return mirror_cell(self.symmetry, cell, self.width, self.height)

    def cell(self, f: int, l: int) -> Cell:
        """The board cell at frame position (``f``, ``l``)."""
        return (l, self.width - 1 - f) if self.symmetry == "mirror-x" else (f, l)

    def frame(self, cell: Cell) -> tuple[int, int]:
        r, c = cell
        return (self.width - 1 - c, r) if self.symmetry == "mirror-x" else (r, c)

    def side(self, cell: Cell) -> float:
        """How far ``cell`` lies on gold's side, from -0.5 (deep silver) to 0.5 (deep gold)."""
        f, l = self.frame(cell)
        forward = f / max(self.depth_f - 1, 1) - 0.5
        if self.symmetry == "rot180":
            return forward - (l / max(self.depth_l - 1, 1) - 0.5) / 100  # ties: gold left of centre
        return forward

    def symmetric_field(self, field: list[list[float]]) -> list[list[float]]:
        """Average ``field`` with its mirror image, so that both sides see the same land."""
        out = [row[:] for row in field]
        for r, c in self.all_cells:
            mr, mc = self.mirror((r, c))
            out[r][c] = (field[r][c] + field[mr][mc]) / 2 if (r, c) <= (mr, mc) else out[mr][mc]
        return out

    def set(self, cell: Cell, terrain: Terrain) -> None:
        for target in (cell, self.mirror(cell)):
            self.grid[target[0]][target[1]] = terrain
            self.cities.pop(target, None)

    def at(self, cell: Cell) -> Terrain:
        return self.grid[cell[0]][cell[1]]

    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def noise(self, scale_share: float, ridged: bool = False) -> list[list[float]]:
        scale = max(self.width, self.height) * scale_share
        raw = fractal_noise(self.width, self.height, self.rng, scale, octaves=4, ridged=ridged)
        return self.symmetric_field(raw)

    def lay_terrain(self) -> None:
        base = self.noise(0.45)
        ridges = self.noise(0.5, ridged=True)
        moisture = self.noise(0.35)
        cold = self.noise(0.4)
        for r, c in self.all_cells:
            moisture[r][c] += BACKYARD_FOREST * self.backyard((r, c))
        self.elevation = [
            [0.5 * b + 0.5 * g for b, g in zip(rb, rg, strict=True)]
            for rb, rg in zip(base, ridges, strict=True)
        ]
        lava_at = rank_threshold(self.elevation, LAVA_SHARE)
        mountain_at = rank_threshold(self.elevation, MOUNTAIN_SHARE)
        lake_at = rank_threshold(base, 1.0 - LAKE_SHARE)
        ice_at = rank_threshold(cold, ICE_SHARE)
        forest_at = rank_threshold(moisture, FOREST_SHARE)
        for r, c in self.all_cells:
            height = self.elevation[r][c]
            if height >= lava_at:
                terrain = Terrain.LAVA
            elif height >= mountain_at:
                terrain = Terrain.MOUNTAINS
            elif base[r][c] < lake_at:
                terrain = Terrain.WATER
            elif cold[r][c] >= ice_at:
                terrain = Terrain.ICE
            elif moisture[r][c] >= forest_at:
                terrain = Terrain.FOREST
            else:
                terrain = Terrain.PLAINS
            self.grid[r][c] = terrain

    def carve_rivers(self) -> None:
        """Rivers one cell wide from mountain flanks downhill to the edge or a lake."""
        count = max(1, round(self.width * self.height / 400))
        sources = [
            cell for cell in self.all_cells if self.at(cell) is Terrain.MOUNTAINS and self.side(cell) >= 0
        ]
        if not sources:
            sources = [cell for cell in self.all_cells if self.side(cell) >= 0]
        for _ in range(count):
            start = self.rng.choice(sources)
            for cell in self.river_path(start):
                if self.at(cell) is not Terrain.LAVA:
                    self.set(cell, Terrain.WATER)

    def river_path(self, start: Cell) -> list[Cell]:
        path = [start]
        seen = {start}
        limit = self.width + self.height
        while len(path) < limit:
            r, c = path[-1]
            if r in (0, self.height - 1) or c in (0, self.width - 1):
                break
            options = []
            for nxt in neighbours((r, c)):
                if nxt in seen or not self.in_bounds(nxt):
                    continue
                # keep the river one cell wide: the next cell touches no earlier river cell
                if any(n in seen and n != (r, c) for n in neighbours(nxt)):
                    continue
                options.append((self.elevation[nxt[0]][nxt[1]] + self.rng.uniform(0.0, 0.06), nxt))
            if not options:
                break
            _, nxt = min(options)
            path.append(nxt)
            if len(path) > 3 and self.at(nxt) is Terrain.WATER:
                break
            seen.add(nxt)
        return path


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The four cells beside ``cell`` (some may be off the board)."""
    r, c = cell
    return ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))


def manhattan(a: Cell, b: Cell) -> int:
    """Steps between ``a`` and ``b`` ignoring terrain."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
