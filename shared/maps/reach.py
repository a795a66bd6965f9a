"""Where crosswords can grow on a map, and how far apart the sides are (pure).

A crossword grows one word at a time, each word sharing a cell with the last. So a cell can
be reached from a city when a chain of placeable words leads there: through any land that is
not lava (forest, mountains, ice and cities included), and across water only inside a word
whose two end letters stand on land (RULINGS R3, R4). :func:`placement_graph` turns that into
a graph of cells: 4-neighbours on land are linked, and a stretch of water in a row or column
is crossable (its cells linked end to end) when a word of at most :data:`REACH_WORD` letters
spans it from land to land. Water that no such word can span is left out: no letter stands
there for long.

:func:`steps_from` measures steps from a set of cells through that graph;
:func:`contact_steps` is the number of cells a crossword must cover from one set of cities
before it can touch (stand on or beside) letters grown from the other. :func:`fronts` pairs
each city with the nearest enemy city and says what stands near the route between them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from shared.rules.terrain import Cell, GameMap, Terrain

REACH_WORD = 7
"""Longest word assumed to carry a crossword across water: a 7-letter word spans 5 cells of
water (a starting rack holds 7 letters, RULINGS R2)."""

PEWTER_DETOUR = 4
"""A pewter city stands on a front when reaching it costs at most this many extra steps."""

PASS_DETOUR = 2
"""Mountains are on a front's route when they cost at most this many extra steps."""

Graph = dict[Cell, list[Cell]]


@dataclass(frozen=True)
class Front:
    """A city and the enemy city nearest to it, and what lies between."""

    city: Cell
    enemy: Cell | None
    """The nearest enemy city by path steps (None: no enemy city can be reached)."""
    steps: int | None
    """Path steps from :attr:`city` to :attr:`enemy`."""
    pewter: tuple[Cell, ...]
    """Pewter cities at most :data:`PEWTER_DETOUR` steps off the shortest route."""
    mountains: int
    """Mountain cells at most :data:`PASS_DETOUR` steps off the shortest route."""

    @property
    def reading_lean(self) -> int | None:
        """Rows down plus columns right from the city to its enemy (None: no enemy).

        Words read down and to the right, and grow more easily at their ends than at their
        starts, so a side whose enemy lies that way (a lean above 0) grows toward it from
        the ends of its words, and one below 0 from their starts (docs/maps.md, *Which
        colour moves first*)."""
        if self.enemy is None:
            return None
        return (self.enemy[0] - self.city[0]) + (self.enemy[1] - self.city[1])


def placement_graph(game_map: GameMap, reach_word: int = REACH_WORD) -> Graph:
    """Every cell a crossword can stand on, with the neighbours it can grow to."""
    graph: Graph = {}

    def link(a: Cell, b: Cell) -> None:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, []).append(a)

    for cell in game_map.cells():
        if _land(game_map, cell):
            graph.setdefault(cell, [])
            r, c = cell
            for nxt in ((r, c + 1), (r + 1, c)):
                if game_map.in_bounds(nxt) and _land(game_map, nxt):
                    link(cell, nxt)
    for line in _lines(game_map):
        for stretch in _water_stretches(game_map, line):
            before, after = stretch[0], stretch[-1]  # the word's end letters
            if len(stretch) <= reach_word and _land(game_map, before) and _land(game_map, after):
                for a, b in zip(stretch, stretch[1:]):
                    link(a, b)
    return graph


def steps_from(graph: Graph, sources: Iterable[Cell]) -> dict[Cell, int]:
    """Steps through ``graph`` from the nearest of ``sources`` to every cell it reaches."""
    dist: dict[Cell, int] = {}
    queue: deque[Cell] = deque()
    for cell in sources:
        if cell in graph and cell not in dist:
            dist[cell] = 0
            queue.append(cell)
    while queue:
        cell = queue.popleft()
        for nxt in graph[cell]:
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def contact_steps(field_a: dict[Cell, int], field_b: dict[Cell, int]) -> int | None:
    """Steps between two fields' sources: the least ``a + b (+1)`` over a cell reached by both,
    or two 4-neighbours one reached by each (letters side by side touch). None if never."""
    best: int | None = None
    for (r, c), da in field_a.items():
        for cell, extra in (((r, c), 0), ((r + 1, c), 1), ((r - 1, c), 1), ((r, c + 1), 1), ((r, c - 1), 1)):
            db = field_b.get(cell)
            if db is not None and (best is None or da + db + extra < best):
                best = da + db + extra
    return best


def fronts(game_map: GameMap, graph: Graph | None = None) -> list[Front]:
    """One :class:`Front` for every city that has an owner, in the order of the city list
    (``graph``: the map's :func:`placement_graph`, if already built)."""
    graph = placement_graph(game_map) if graph is None else graph
    found = []
    for city, owner in game_map.cities.items():
        if owner is None:
            continue
        mine = steps_from(graph, [city])
        enemies = [c for c, o in game_map.cities.items() if o is owner.other and c in mine]
        if not enemies:
            found.append(Front(city, None, None, (), 0))
            continue
        enemy = min(enemies, key=lambda c: (mine[c], c))
        theirs = steps_from(graph, [enemy])
        steps = mine[enemy]

        def detour(cell: Cell) -> int | None:
            if cell not in mine or cell not in theirs:
                return None
            return mine[cell] + theirs[cell] - steps

        pewter = tuple(
            c for c, o in game_map.cities.items()
            if o is None and (d := detour(c)) is not None and d <= PEWTER_DETOUR
        )
        mountains = sum(
            1 for c in game_map.cells()
            if game_map.at(c) is Terrain.MOUNTAINS and (d := detour(c)) is not None and d <= PASS_DETOUR
        )
        found.append(Front(city, enemy, steps, pewter, mountains))
    return found


def _land(game_map: GameMap, cell: Cell) -> bool:
    return game_map.at(cell) not in (Terrain.WATER, Terrain.LAVA)


def _lines(game_map: GameMap) -> Iterable[list[Cell]]:
    for r in range(game_map.height):
        yield [(r, c) for c in range(game_map.width)]
    for c in range(game_map.width):
        yield [(r, c) for r in range(game_map.height)]


def _water_stretches(game_map: GameMap, line: list[Cell]) -> Iterable[list[Cell]]:
    """Each maximal run of water in ``line`` with the cell before and after it (both on the
    board), as one list; runs that touch the board's edge are skipped (no land beyond)."""
    i = 0
    while i < len(line):
        if game_map.at(line[i]) is not Terrain.WATER:
            i += 1
            continue
        j = i
        while j < len(line) and game_map.at(line[j]) is Terrain.WATER:
            j += 1
        if i > 0 and j < len(line):
            yield line[i - 1 : j + 1]
        i = j
