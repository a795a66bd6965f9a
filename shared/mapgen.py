"""The random map generator (pure: standard library only, seeded ``random.Random``).

:func:`generate_map` lays fractal value noise over the board for height, ridges, moisture and
cold; ranks of those fields give mountain ranges (with a little lava on the highest peaks),
lakes, forests and ice fields. Rivers run downhill from the mountains. Every field and every
feature is made symmetric (a half-turn or a mirror), gold cities map to silver ones across
the symmetry, and pewter cities are scattered between the sides. Each city gets a small
clearing so a first word always fits, and the result is checked with
:func:`shared.mapcheck.check_map`: a map with an error is never returned.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from shared.mapcheck import CLOSE_CITIES, ERROR, MAX_FIRST_WORD, SYMMETRIES, check_map, mirror_cell
from shared.maps import MAX_SIDE, MIN_SIDE
from shared.terrain import Cell, GameMap, Player, Terrain

ATTEMPTS = 12
"""Layouts tried per call; the first without warnings wins, else the first without errors."""

CITY_SPACING = 5
"""Minimum Manhattan distance between any two cities (3 on boards under 11 cells a side)."""

# Share of the board for each terrain, by rank in its noise field.
MOUNTAIN_SHARE = 0.11
LAVA_SHARE = 0.012
LAKE_SHARE = 0.05
ICE_SHARE = 0.07
FOREST_SHARE = 0.24

_ADJECTIVES = tuple(
    "Amber Ashen Broken Cinder Drowned Ember Frozen Gilded Hollow Iron Mirrored "
    "Pale Quiet Riven Shattered Silent Sunken Tangled Twin Weeping Whispering Wild".split()
)
_NOUNS = tuple(
    "Barrens Causeway Crossing Dales Fells Fens Fjords Ford Frontier Heights Highlands "
    "Marches Meadows Moors Reach Shallows Steppe Uplands Vale Wilds Woods".split()
)


def generate_map(
    width: int,
    height: int,
    seed: int | str,
    symmetry: str = "rot180",
    name: str | None = None,
) -> GameMap:
    """A random playable map, the same for the same arguments.

    ``symmetry`` is ``"rot180"`` (half-turn: gold in the bottom half, silver at the top),
    ``"mirror-x"`` (left-right mirror: gold left) or ``"mirror-y"`` (top-bottom mirror:
    gold at the bottom). ``name`` defaults to an evocative name drawn from the seed.
    Raises :class:`ValueError` for a size outside 7..64 or an unknown symmetry.
    """
    for label, size in (("width", width), ("height", height)):
        if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIDE <= size <= MAX_SIDE:
            raise ValueError(f"the {label} must be an integer from {MIN_SIDE} to {MAX_SIDE}, got {size!r}")
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r} (known: {', '.join(SYMMETRIES)})")
    if name is None:
        name_rng = random.Random(f"scryptic-mapgen-name/{seed}")
        name = f"The {name_rng.choice(_ADJECTIVES)} {name_rng.choice(_NOUNS)}"
    fallback: GameMap | None = None
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"scryptic-mapgen/{seed}/{attempt}")
        game_map = _Builder(width, height, symmetry, rng).build(name, seed)
        findings = check_map(game_map)
        if not findings:
            return game_map
        if fallback is None and not any(f.level == ERROR for f in findings):
            fallback = game_map
    if fallback is None:  # pragma: no cover - the clearings make errors impossible; a bug if reached
        raise RuntimeError(f"no playable {width}x{height} {symmetry} map for seed {seed!r}")
    return fallback


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


def _smooth(t: float) -> float:
    return t * t * (3.0 - 2.0 * t)


def _lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class _Builder:
    """One attempt at a map: every edit is applied to a cell and its mirror image."""

    def __init__(self, width: int, height: int, symmetry: str, rng: random.Random) -> None:
        self.width, self.height, self.symmetry, self.rng = width, height, symmetry, rng
        self.grid = [[Terrain.PLAINS] * width for _ in range(height)]
        self.cities: dict[Cell, Player | None] = {}
        self.all_cells = [(r, c) for r in range(height) for c in range(width)]
        # tiny boards cannot keep the full spacing and still fit a pewter city
        self.spacing = CITY_SPACING if min(width, height) >= 11 else 3

    # -- symmetry ----------------------------------------------------------------------

    def mirror(self, cell: Cell) -> Cell:
        return mirror_cell(self.symmetry, cell, self.width, self.height)

    def side(self, cell: Cell) -> float:
        """How far ``cell`` lies on gold's side, from -0.5 (deep silver) to 0.5 (deep gold)."""
        r, c = cell
        down = r / max(self.height - 1, 1) - 0.5
        left = 0.5 - c / max(self.width - 1, 1)
        if self.symmetry == "mirror-x":
            return left
        if self.symmetry == "mirror-y":
            return down
        return down + left / 100  # rot180: gold below the middle row, left of centre on it

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

    # -- terrain -------------------------------------------------------------------------

    def build(self, name: str, seed: int | str) -> GameMap:
        self.lay_terrain()
        self.carve_rivers()
        self.place_cities()
        return GameMap(
            name=name,
            terrain=tuple(tuple(row) for row in self.grid),
            cities=dict(sorted(self.cities.items())),
            version=1,
            description=f"Generated by scryptic map generate (seed {seed}, {self.symmetry}).",
            author="scryptic map generate",
        )

    def noise(self, scale_share: float, ridged: bool = False) -> list[list[float]]:
        scale = max(self.width, self.height) * scale_share
        raw = fractal_noise(self.width, self.height, self.rng, scale, octaves=4, ridged=ridged)
        return self.symmetric_field(raw)

    def lay_terrain(self) -> None:
        base = self.noise(0.45)
        ridges = self.noise(0.5, ridged=True)
        moisture = self.noise(0.35)
        cold = self.noise(0.4)
        self.elevation = [
            [0.5 * b + 0.5 * g for b, g in zip(rb, rg, strict=True)]
            for rb, rg in zip(base, ridges, strict=True)
        ]
        lava_at = self.rank_threshold(self.elevation, LAVA_SHARE)
        mountain_at = self.rank_threshold(self.elevation, MOUNTAIN_SHARE)
        lake_at = self.rank_threshold(base, 1.0 - LAKE_SHARE)
        ice_at = self.rank_threshold(cold, ICE_SHARE)
        forest_at = self.rank_threshold(moisture, FOREST_SHARE)
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

    @staticmethod
    def rank_threshold(field: list[list[float]], top_share: float) -> float:
        """The value above which lie the top ``top_share`` of ``field``'s cells."""
        values = sorted(v for row in field for v in row)
        index = min(len(values) - 1, max(0, int(len(values) * (1.0 - top_share))))
        return values[index]

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
            for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nxt in seen or not self.in_bounds(nxt):
                    continue
                # keep the river one cell wide: the next cell touches no earlier river cell
                touching = [n for n in _neighbours(nxt) if n in seen and n != (r, c)]
                if touching:
                    continue
                options.append((self.elevation[nxt[0]][nxt[1]] + self.rng.uniform(0.0, 0.06), nxt))
            if not options:
                break
            _, nxt = min(options)
            if len(path) > 2 and self.at(nxt) is Terrain.WATER:
                path.append(nxt)
                break
            path.append(nxt)
            seen.add(nxt)
        return path

    # -- cities --------------------------------------------------------------------------

    def place_cities(self) -> None:
        area = self.width * self.height
        per_side = 1 if area < 900 else 2
        pewter = max(1, round(area / 220))
        margin = 1 if min(self.width, self.height) < 13 else 2
        inner = [
            cell
            for cell in self.all_cells
            if margin <= cell[0] < self.height - margin and margin <= cell[1] < self.width - margin
        ]
        self.place_start(inner)
        for _ in range(per_side - 1):
            self.place_owned(inner, lambda cell: 0.1 <= self.side(cell) <= 0.35)
        placed = 0
        while placed < pewter:
            added = self.place_pewter(inner, fixed_ok=pewter - placed == 1)
            if not added:
                break
            placed += added

    def spaced(self, cell: Cell) -> bool:
        """True if a city on ``cell`` and its mirror keep the spacing from the other cities."""
        spacing = self.spacing
        for r, c in (cell, self.mirror(cell)):
            for other_r, other_c in self.cities:
                if abs(r - other_r) + abs(c - other_c) < spacing:
                    return False
        return True

    def room(self, cell: Cell) -> float:
        """How welcoming ``cell`` is to a first word: open, solid land in its row and column."""
        score = 0.0
        r, c = cell
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            for step in range(1, 4):
                nxt = (r + dr * step, c + dc * step)
                if not self.in_bounds(nxt):
                    break
                terrain = self.at(nxt)
                if terrain in (Terrain.LAVA, Terrain.WATER):
                    break
                score += 1.0 if terrain is Terrain.PLAINS else 0.5
        return score / 12

    def place_start(self, inner: list[Cell]) -> None:
        """Gold's starting city (and silver's, its mirror), far enough apart."""
        reach = MAX_FIRST_WORD - 1
        candidates = [
            cell
            for cell in inner
            if self.side(cell) > 0
            and self.mirror(cell) != cell
            and not _in_line_reach(cell, self.mirror(cell), reach)
        ] or [cell for cell in inner if self.side(cell) > 0 and self.mirror(cell) != cell]
        widest = max(_manhattan(cell, self.mirror(cell)) for cell in candidates)
        wanted = min(widest, max(CLOSE_CITIES + 2, round(0.55 * (self.width + self.height))))
        far_enough = [cell for cell in candidates if _manhattan(cell, self.mirror(cell)) >= wanted]
        self.found(self.pick(far_enough, self.room), Player.GOLD)

    def place_owned(self, inner: list[Cell], where: Callable[[Cell], bool]) -> None:
        gold = [cell for cell, owner in self.cities.items() if owner is Player.GOLD]
        silver = [cell for cell, owner in self.cities.items() if owner is Player.SILVER]

        def safe(cell: Cell) -> bool:
            enemies = [*silver, self.mirror(cell)]
            return all(
                _manhattan(cell, enemy) >= CLOSE_CITIES + 2
                and not _in_line_reach(cell, enemy, MAX_FIRST_WORD - 1)
                for enemy in enemies
            )

        candidates = [
            cell
            for cell in inner
            if where(cell)
            and self.mirror(cell) != cell
            and self.spaced(cell)
            and safe(cell)
            and min(_manhattan(cell, g) for g in gold) <= 3 * self.spacing
        ]
        if candidates:
            self.found(self.pick(candidates, self.room), Player.GOLD)

    def place_pewter(self, inner: list[Cell], fixed_ok: bool) -> int:
        """Place one pewter city on a fixed point or a mirrored pair; return how many."""
        near_middle = [cell for cell in inner if abs(self.side(cell)) <= 0.3 and self.spaced(cell)]
        fixed = [cell for cell in near_middle if self.mirror(cell) == cell]
        pairs = [cell for cell in near_middle if _manhattan(cell, self.mirror(cell)) >= self.spacing]
        candidates = (fixed or pairs) if fixed_ok else (pairs or fixed)
        if not candidates:
            return 0
        cell = self.pick(candidates, lambda cell: self.room(cell) - abs(self.side(cell)))
        self.found(cell, None)
        return 1 if self.mirror(cell) == cell else 2

    def pick(self, candidates: list[Cell], score: Callable[[Cell], float]) -> Cell:
        """The best candidate by ``score`` with a random nudge (so seeds differ)."""
        return max(candidates, key=lambda cell: score(cell) + self.rng.uniform(0.0, 0.6))

    def found(self, cell: Cell, owner: Player | None) -> None:
        """Build a city on ``cell`` (and its mirror, owned by the other side) with a clearing:
        the four neighbours become plains where they were water, lava or forest."""
        for target in (cell, self.mirror(cell)):
            for near in _neighbours(target):
                if self.in_bounds(near) and near not in self.cities and self.at(near) in _CLEARED:
                    self.grid[near[0]][near[1]] = Terrain.PLAINS
        image = self.mirror(cell)
        self.grid[cell[0]][cell[1]] = Terrain.CITY
        self.grid[image[0]][image[1]] = Terrain.CITY
        self.cities[cell] = owner
        self.cities[image] = None if owner is None else owner.other


_CLEARED = (Terrain.WATER, Terrain.LAVA, Terrain.FOREST)


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))


def _manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _in_line_reach(a: Cell, b: Cell, reach: int) -> bool:
    """True if ``a`` and ``b`` share a row or column and are at most ``reach`` apart."""
    return (a[0] == b[0] and abs(a[1] - b[1]) <= reach) or (a[1] == b[1] and abs(a[0] - b[0]) <= reach)
