"""The random map generator (pure: standard library only, seeded ``random.Random``).

:func:`generate_map` builds a map for a crossword *war*: the sides meet early. It first
plans the *fronts*: one per 900 cells or so (1 to 3), each a gold city facing a silver city
10 to 14 steps away across the middle of the board. Then fractal value noise gives height,
ridges, moisture and cold; ranks of those fields give mountain ranges (with a little lava on
the highest peaks), lakes, forests and ice fields, and the land behind each side's cities is
wilder (more forest) than the land between them. Rivers run downhill from the mountains.
Across each front's middle stands a mountain pass (letters count double there) flanked by
lava, with two pewter cities by it, one a few steps nearer each capital (no single prize to
race for); more pewter cities, about one per 220 cells, go near the middle. Every field and
feature is made symmetric (a half-turn or a mirror), gold cities map to silver ones across
the symmetry, each city gets a clearing so a first word always fits, and any lava or wide
water across a front's route is turned into mountains or a ford. The result is checked with
:func:`shared.maps.check.check_map`: a map with an error is never returned.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from shared.maps.check import ERROR, SYMMETRIES, check_map, fairness_report
from shared.maps.reach import contact_steps, placement_graph, steps_from
from shared.maps.format import MAX_SIDE, MIN_SIDE
from shared.maps.terrain import TerrainBuilder, fractal_noise, manhattan, neighbours
from shared.rules.terrain import Cell, GameMap, Player, Terrain

__all__ = ["FRONT_STEPS", "fractal_noise", "generate_map"]

ATTEMPTS = 12
"""Layouts tried per call; the first without findings and with every front in range wins,
else the first without findings, else the first without errors."""

FRONT_STEPS = (10, 14)
"""Path steps between the two cities of a front (the capitals), least and most."""

CITY_SPACING = 5
"""Minimum Manhattan distance between any two cities (3 on boards under 11 cells a side)."""

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
    clean: GameMap | None = None
    playable: GameMap | None = None
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"scryptic-mapgen/{seed}/{attempt}")
        game_map = _Builder(width, height, symmetry, rng).build(name, seed)
        findings = check_map(game_map)
        if not findings and fronts_in_range(game_map):
            return game_map
        if clean is None and not findings:
            clean = game_map
        if playable is None and not any(f.level == ERROR for f in findings):
            playable = game_map
    best = clean or playable
    if best is None:  # pragma: no cover - the clearings make errors impossible; a bug if reached
        raise RuntimeError(f"no playable {width}x{height} {symmetry} map for seed {seed!r}")
    return best


def fronts_in_range(game_map: GameMap) -> bool:
    """True if every city of both sides is :data:`FRONT_STEPS` path steps from its nearest
    enemy city."""
    low, high = FRONT_STEPS
    report = fairness_report(game_map)
    steps = [s for side in report.sides.values() for s in side.enemy_steps]
    return all(s is not None and low <= s <= high for s in steps)


class _Builder(TerrainBuilder):
    """One attempt at a map: fronts, terrain (see :class:`TerrainBuilder`), passes, cities."""

    def __init__(self, width: int, height: int, symmetry: str, rng: random.Random) -> None:
        super().__init__(width, height, symmetry, rng)
        # tiny boards cannot keep the full spacing and still fit a pewter city
        self.spacing = CITY_SPACING if min(width, height) >= 11 else 3
        self.margin = 1 if min(width, height) < 13 else 2
        self.fronts: list[tuple[Cell, Cell]] = []  # (gold city, silver city) facing each other

    def inner(self, cell: Cell) -> bool:
        m = self.margin
        return m <= cell[0] < self.height - m and m <= cell[1] < self.width - m

    # -- the whole map -----------------------------------------------------------------

    def build(self, name: str, seed: int | str) -> GameMap:
        self.plan_fronts()
        self.lay_terrain()
        self.carve_rivers()
        self.raise_passes()
        for gold, _ in self.fronts:
            self.found(gold, Player.GOLD)
        self.open_fronts()
        self.place_pewter()
        return GameMap(
            name=name,
            terrain=tuple(tuple(row) for row in self.grid),
            cities=dict(sorted(self.cities.items())),
            version=1,
            description=f"Generated by scryptic map generate (seed {seed}, {self.symmetry}).",
            author="scryptic map generate",
        )

    # -- fronts ------------------------------------------------------------------------

    def plan_fronts(self) -> None:
        """Choose the gold cities; each faces the silver city mirrored from a gold city."""
        area = self.width * self.height
        count = 1 if area < 900 else 2 if area < 2200 else 3
        depth, breadth, m = self.depth_f, self.depth_l, self.margin
        lanes = [round((i + 0.5) * breadth / count - 0.5) for i in range(count // 2)]
        lanes = lanes + ([(breadth - 1) // 2] if count % 2 else []) + [breadth - 1 - l for l in reversed(lanes)]
        wanted = self.rng.randint(*FRONT_STEPS)
        golds: list[tuple[int, int]] = []
        for i, lane in enumerate(lanes):
            twin = count - 1 - i  # rot180: the silver city facing gold i comes from gold `twin`
            if self.symmetry == "rot180" and twin < i:
                f_twin, l_twin = golds[twin]
                l = breadth - 1 - l_twin + self.rng.choice((-1, 0, 1))
                offset = abs(l + l_twin - (breadth - 1))
                f = wanted - offset + depth - 1 - f_twin
            else:
                l = min(max(lane + (self.rng.choice((-1, 0, 1)) if breadth > 9 else 0), m), breadth - 1 - m)
                offset = abs(2 * l - (breadth - 1)) if self.symmetry == "rot180" and twin == i else 0
                f = -(-(wanted - offset + depth - 1) // 2)  # distance 2f - (depth - 1) + offset
                if 2 * f - (depth - 1) + offset > FRONT_STEPS[1]:
                    f -= 1
                if self.symmetry == "rot180" and twin != i:
                    f += self.rng.choice((-1, 0))  # the twin front makes up the difference
            # on a narrow board the cities may stand on the edge to keep their distance
            f = min(max(f, (depth + 1) // 2), depth - 1 - (m if f <= depth - 1 - m else 0))
            golds.append((f, min(max(l, m), breadth - 1 - m)))
        cells = [self.cell(f, l) for f, l in golds]
        for i, gold in enumerate(cells):
            facing = self.mirror(cells[count - 1 - i]) if self.symmetry == "rot180" else self.mirror(gold)
            self.fronts.append((gold, facing))

    def raise_passes(self) -> None:
        """A mountain band across the middle of each front, a lava vent at each end."""
        for gold, silver in self.fronts:
            (fg, lg), (fs, ls) = self.frame(gold), self.frame(silver)
            f, l = (fg + fs) // 2, (lg + ls) // 2
            half = 2 + self.rng.randint(0, 1) if self.depth_l >= 11 else 1
            for k in range(-half, half + 1):
                cell = self.cell(f, l + k)
                if self.in_bounds(cell):
                    self.set(cell, Terrain.MOUNTAINS)
            for k in (-half - 1, half + 1):
                cell = self.cell(f, l + k)
                if self.in_bounds(cell) and self.depth_l >= 15:
                    self.set(cell, Terrain.LAVA)

    def open_fronts(self) -> None:
        """Make a road along each front's straight route: forest and ice there (which stop or
        sink most words) become plains; where lava or wide water still lengthens the front,
        lava on the road becomes mountains and water a ford of ice."""
        for gold, silver in self.fronts:
            (fg, lg), (fs, ls) = self.frame(gold), self.frame(silver)
            road = [self.cell(f, lg) for f in range(min(fg, fs), max(fg, fs) + 1)]
            road += [self.cell(fs, l) for l in range(min(lg, ls), max(lg, ls) + 1)]
            road = [cell for cell in road if cell not in self.cities]
            for cell in road:
                if self.at(cell) in (Terrain.FOREST, Terrain.ICE):
                    self.set(cell, Terrain.PLAINS)
            if self.front_steps(gold, silver) <= FRONT_STEPS[1]:
                continue
            for cell in road:
                if self.at(cell) is Terrain.LAVA:
                    self.set(cell, Terrain.MOUNTAINS)
                elif self.at(cell) is Terrain.WATER:
                    self.set(cell, Terrain.ICE)

    def front_steps(self, gold: Cell, silver: Cell) -> float:
        sketch = GameMap(name="sketch", terrain=tuple(tuple(row) for row in self.grid))
        graph = placement_graph(sketch)
        steps = contact_steps(steps_from(graph, [gold]), steps_from(graph, [silver]))
        return float("inf") if steps is None else steps

    def backyard(self, cell: Cell) -> float:
        """How far ``cell`` lies behind its side's front line, in half-boards (0 between)."""
        f, _ = self.frame(cell)
        line = max((self.frame(g)[0] for g, _ in self.fronts), default=self.depth_f - 1)
        behind = abs(f - (self.depth_f - 1) / 2) - (line - (self.depth_f - 1) / 2)
        return max(0.0, behind) / max(self.depth_f / 2, 1)

    # -- cities --------------------------------------------------------------------------

    def place_pewter(self) -> None:
        """Two pewter cities on each front, one nearer each capital, then more near the middle
        (one per 220 cells)."""
        wanted = max(len(self.fronts), round(self.width * self.height / 220))
        placed = 0
        for gold, silver in self.fronts:
            placed += self.place_front_pewter(gold, silver)
        while placed < wanted:
            fixed_ok = wanted - placed == 1
            middle = [c for c in self.all_cells if abs(self.side(c)) <= 0.3 and self.placeable_pewter(c)]
            fixed = [c for c in middle if self.mirror(c) == c]
            pairs = [c for c in middle if manhattan(c, self.mirror(c)) >= self.spacing]
            candidates = (fixed or pairs) if fixed_ok else (pairs or fixed)
            if not candidates:
                break
            cell = self.pick(candidates, lambda c: self.room(c) - abs(self.side(c)))
            placed += self.found(cell, None)

    def place_front_pewter(self, gold: Cell, silver: Cell) -> int:
        """A pewter city by the front's route a few steps nearer ``gold`` (its mirror image
        stands as much nearer the silver city facing it), so that there is no one prize
        for the first player to race to (docs/maps.md, *Designing for war*). Where no cell
        fits, one city midway. Returns how many cities were built."""
        span = manhattan(gold, silver)

        def detour(c: Cell) -> int:
            return manhattan(gold, c) + manhattan(c, silver) - span

        def lean(c: Cell) -> int:  # above 0: nearer gold
            return manhattan(c, silver) - manhattan(gold, c)

        def on_route(c: Cell) -> bool:
            return detour(c) <= _PEWTER_DETOUR

        def grabbed(c: Cell) -> bool:  # a first word through a capital could take it
            return any((c[0] == city[0] or c[1] == city[1]) and manhattan(c, city) < 7 for city in (gold, silver))

        pewter = [c for c, owner in self.cities.items() if owner is None and on_route(c)]
        if any(lean(c) >= _PEWTER_LEAN[0] for c in pewter):
            return 0  # the twin front's pair already put one here

        def score(c: Cell) -> float:
            in_line = c[0] in (gold[0], silver[0]) or c[1] in (gold[1], silver[1])
            return self.room(c) - 0.25 * detour(c) - 0.2 * abs(lean(c) - 3) - 0.5 * in_line

        low, high = _PEWTER_LEAN
        near = [c for c in self.all_cells if on_route(c) and low <= lean(c) <= high and not grabbed(c)
                and self.placeable_pewter(c, pair_gap=3)]
        if near:
            return self.found(self.pick(near, score), None)
        if any(abs(lean(c)) <= 3 for c in pewter):
            return 0
        middle = [c for c in self.all_cells
                  if on_route(c) and abs(lean(c)) <= 3 and self.placeable_pewter(c, pair_gap=3)]
        return self.found(self.pick(middle, score), None) if middle else 0

    def placeable_pewter(self, cell: Cell, pair_gap: int | None = None) -> bool:
        """True if a pewter city may stand on ``cell``: inside the margin, not on lava, spaced
        from other cities, and ``pair_gap`` (default: the spacing) from its own mirror image."""
        if not self.inner(cell) or self.at(cell) is Terrain.LAVA:
            return False
        image = self.mirror(cell)
        if image != cell and manhattan(cell, image) < (self.spacing if pair_gap is None else pair_gap):
            return False
        return all(manhattan(target, other) >= self.spacing for target in (cell, self.mirror(cell))
                   for other in self.cities)

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

    def pick(self, candidates: list[Cell], score: Callable[[Cell], float]) -> Cell:
        """The best candidate by ``score`` with a random nudge (so seeds differ)."""
        return max(candidates, key=lambda cell: score(cell) + self.rng.uniform(0.0, 0.6))

    def found(self, cell: Cell, owner: Player | None) -> int:
        """Build a city on ``cell`` (and its mirror, owned by the other side) with a clearing:
        the four neighbours become plains where they were water, lava or forest. Returns how
        many cities were built (1 on a fixed point of the symmetry, else 2)."""
        image = self.mirror(cell)
        for target in (cell, image):
            for near in neighbours(target):
                if self.in_bounds(near) and near not in self.cities and self.at(near) in _CLEARED:
                    self.grid[near[0]][near[1]] = Terrain.PLAINS
        self.grid[cell[0]][cell[1]] = Terrain.CITY
        self.grid[image[0]][image[1]] = Terrain.CITY
        self.cities[cell] = owner
        self.cities[image] = None if owner is None else owner.other
        return 1 if image == cell else 2


_CLEARED = (Terrain.WATER, Terrain.LAVA, Terrain.FOREST)
_PEWTER_DETOUR = 4  # steps a front's pewter city may stand off the straight route
_PEWTER_LEAN = (2, 4)  # how many steps nearer its own capital than the enemy's, least and most
