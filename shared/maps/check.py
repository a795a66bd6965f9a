"""Map validation: is a map playable, and is it fair? (pure)

:func:`check_map` returns :class:`Finding` values. Errors make a map unplayable: a malformed
map (see :func:`shared.maps.map_defects`: a player without a city, a city on water or lava,
...) or a player none of whose cities has room for a first word. Warnings are about fairness:
:func:`fairness_report` measures both sides (terrain in each side's half of the board and
near its cities, room for a first word, distances to the enemy and to pewter cities) and
large differences become warnings.

Distances between cities are steps through :func:`shared.maps.reach.placement_graph`: round
lava, and across water only where a word can span it. A crossword war needs the sides to
meet: a city more than :data:`FAR_CITIES` steps from every enemy city is a warning (each side
could build there out of the other's reach), and sides that can never touch at all are
warned too. Halves and radii use plain Manhattan distance: they describe the land, not a
route across it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shared.maps.reach import contact_steps, fronts, placement_graph, steps_from
from shared.maps.format import cell_label, count_terrain, map_defects
from shared.rules.terrain import Cell, GameMap, Player, Terrain

MAX_FIRST_WORD = 7
"""Longest first word: a starting rack holds 7 letters (RULINGS R2)."""

NEAR_RADIUS = 4
"""Cells within this Manhattan distance of a side's cities count as 'near' them."""

CLOSE_CITIES = 10
"""Warn when the two sides' nearest cities are fewer path steps apart than this."""

FAR_CITIES = 16
"""Warn when a city is more path steps than this from every enemy city: the crosswords would
meet late, and the side could build there out of the enemy's reach. Maps aim for 10 to 14."""

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Finding:
    """One problem found in a map.

    ``level`` is ``"error"`` (the map is unplayable) or ``"warning"`` (playable, maybe unfair);
    ``code`` is a stable identifier (e.g. ``"no-first-word"``); ``cells`` are the cells at fault
    as 0-based (row, column) tuples (messages count from 1, see :func:`shared.maps.cell_label`).
    """

    level: str
    code: str
    message: str
    cells: tuple[Cell, ...] = ()

    def __str__(self) -> str:
        return f"{self.level} [{self.code}] {self.message}"


@dataclass(frozen=True)
class SideReport:
    """What one side starts with."""

    player: Player
    cities: tuple[Cell, ...]
    territory: dict[Terrain, int]
    """Terrain of the cells nearer (Manhattan) to this side's cities than to the other side's."""
    near: dict[Terrain, int]
    """Terrain within :data:`NEAR_RADIUS` (Manhattan) of this side's cities."""
    first_word_lines: int
    """How many 2..7-cell line segments through this side's cities could hold a first word."""
    pewter_distance: int | None
    """Path steps from this side's nearest city to the nearest pewter city (None: no route)."""
    enemy_steps: tuple[int | None, ...] = ()
    """For each of :attr:`cities`, path steps to the nearest enemy city (None: no route; see
    :func:`shared.maps.reach.fronts`)."""


@dataclass(frozen=True)
class FairnessReport:
    """Both sides measured side by side, for warnings and for display (the editor's panel)."""

    sides: dict[Player, SideReport]
    enemy_distance: int | None
    """Path steps between the nearest gold and silver cities (None: they can never touch)."""
    symmetry: str | None
    """``"rot180"``, ``"mirror-x"`` or ``"mirror-y"`` if the map has that symmetry (gold
    mapping to silver), else None."""
    radius: int = NEAR_RADIUS

    def lines(self) -> list[str]:
        """The report as aligned text lines."""
        gold, silver = self.sides[Player.GOLD], self.sides[Player.SILVER]
        out = [
            f"symmetry: {self.symmetry or 'none'}",
            f"distance between the nearest gold and silver cities: {_steps(self.enemy_distance)}",
            f"{'':24}{'gold':>8}{'silver':>8}",
            f"{'cities':24}{len(gold.cities):>8}{len(silver.cities):>8}",
            f"{'first-word lines':24}{gold.first_word_lines:>8}{silver.first_word_lines:>8}",
            f"{'to nearest pewter city':24}"
            f"{_steps(gold.pewter_distance):>8}{_steps(silver.pewter_distance):>8}",
            f"{'farthest city to enemy':24}"
            f"{_steps(_worst(gold.enemy_steps)):>8}{_steps(_worst(silver.enemy_steps)):>8}",
            f"{'cells in own half':24}{sum(gold.territory.values()):>8}{sum(silver.territory.values()):>8}",
        ]
        for terrain in Terrain:
            out.append(f"{'  ' + terrain.value:24}{gold.territory[terrain]:>8}{silver.territory[terrain]:>8}")
        near_label = f"within {self.radius} of own cities"
        out.append(f"{near_label:24}{sum(gold.near.values()):>8}{sum(silver.near.values()):>8}")
        for terrain in Terrain:
            out.append(f"{'  ' + terrain.value:24}{gold.near[terrain]:>8}{silver.near[terrain]:>8}")
        return out


def check_map(game_map: GameMap, radius: int = NEAR_RADIUS) -> list[Finding]:
    """Every error and warning about ``game_map``, errors first."""
    errors = [Finding(ERROR, code, message, cells) for code, message, cells in map_defects(game_map)]
    if any(f.code in ("ragged", "size") for f in errors) and not _analysable(game_map):
        return errors
    warnings: list[Finding] = []
    for player in Player:
        _check_room(game_map, player, errors, warnings)
    for cell, owner in sorted(game_map.cities.items()):
        if owner is None and game_map.in_bounds(cell) and not first_word_segments(game_map, cell):
            warnings.append(
                Finding(
                    WARNING,
                    "pewter-unreachable",
                    f"no word can ever be placed on the pewter city at {cell_label(cell)}",
                    (cell,),
                )
            )
    if _sides_present(game_map):
        warnings.extend(_fairness_warnings(game_map, fairness_report(game_map, radius)))
    return errors + warnings


def is_playable(game_map: GameMap) -> bool:
    """True if :func:`check_map` finds no error (the map can be played; warnings aside)."""
    return not any(finding.level == ERROR for finding in check_map(game_map))


def first_word_segments(
    game_map: GameMap, cell: Cell, max_length: int = MAX_FIRST_WORD
) -> list[tuple[Cell, ...]]:
    """Every horizontal or vertical run of 2..``max_length`` cells through ``cell`` that could
    hold a word on an empty board: no cell is lava and neither end is water (RULINGS R3, R4)."""
    segments: list[tuple[Cell, ...]] = []
    r0, c0 = cell
    for dr, dc in ((0, 1), (1, 0)):
        for length in range(2, max_length + 1):
            for offset in range(length):
                start = (r0 - dr * offset, c0 - dc * offset)
                run = tuple((start[0] + dr * i, start[1] + dc * i) for i in range(length))
                if _placeable(game_map, run):
                    segments.append(run)
    return segments


def fairness_report(game_map: GameMap, radius: int = NEAR_RADIUS) -> FairnessReport:
    """Measure both sides of a map that has cities for both (see :class:`FairnessReport`)."""
    own = {
        player: sorted(c for c, o in game_map.cities.items() if o is player and game_map.in_bounds(c))
        for player in Player
    }
    pewter = [c for c, o in game_map.cities.items() if o is None and game_map.in_bounds(c)]
    manhattan = {player: _manhattan_field(game_map, own[player]) for player in Player}
    graph = placement_graph(game_map)
    path = {player: steps_from(graph, own[player]) for player in Player}
    front_steps = {front.city: front.steps for front in fronts(game_map, graph)}
    sides = {}
    for player in Player:
        mine, theirs = manhattan[player], manhattan[player.other]
        territory = [cell for cell in game_map.cells() if mine[cell] < theirs[cell]]
        near = [cell for cell in game_map.cells() if mine[cell] <= radius]
        lines = sum(len(first_word_segments(game_map, city)) for city in own[player])
        sides[player] = SideReport(
            player=player,
            cities=tuple(own[player]),
            territory=count_terrain(game_map, territory),
            near=count_terrain(game_map, near),
            first_word_lines=lines,
            pewter_distance=_nearest(path[player], pewter),
            enemy_steps=tuple(front_steps[city] for city in own[player]),
        )
    return FairnessReport(
        sides=sides,
        enemy_distance=contact_steps(path[Player.GOLD], path[Player.SILVER]),
        symmetry=detect_symmetry(game_map),
        radius=radius,
    )


SYMMETRIES = ("rot180", "mirror-x", "mirror-y")
"""The symmetries a fair map can have: a half-turn, a left-right mirror, a top-bottom mirror."""


def mirror_cell(symmetry: str, cell: Cell, width: int, height: int) -> Cell:
    """The image of ``cell`` under ``symmetry`` on a ``width`` x ``height`` board."""
    r, c = cell
    if symmetry == "rot180":
        return (height - 1 - r, width - 1 - c)
    if symmetry == "mirror-x":
        return (r, width - 1 - c)
    if symmetry == "mirror-y":
        return (height - 1 - r, c)
    raise ValueError(f"unknown symmetry {symmetry!r} (known: {', '.join(SYMMETRIES)})")


def detect_symmetry(game_map: GameMap) -> str | None:
    """The first of :data:`SYMMETRIES` that maps terrain onto itself and gold cities onto
    silver ones (pewter onto pewter), or None."""
    for symmetry in SYMMETRIES:
        if all(_symmetric_at(game_map, symmetry, cell) for cell in game_map.cells()):
            return symmetry
    return None


# ---------------------------------------------------------------------------- helpers


def _analysable(game_map: GameMap) -> bool:
    return bool(game_map.terrain) and len({len(row) for row in game_map.terrain}) == 1 and game_map.width > 0


def _sides_present(game_map: GameMap) -> bool:
    owners = {o for c, o in game_map.cities.items() if game_map.in_bounds(c)}
    return Player.GOLD in owners and Player.SILVER in owners


def _placeable(game_map: GameMap, run: tuple[Cell, ...]) -> bool:
    if not (game_map.in_bounds(run[0]) and game_map.in_bounds(run[-1])):
        return False
    if game_map.at(run[0]) is Terrain.WATER or game_map.at(run[-1]) is Terrain.WATER:
        return False
    return all(game_map.at(cell) is not Terrain.LAVA for cell in run)


def _check_room(game_map: GameMap, player: Player, errors: list[Finding], warnings: list[Finding]) -> None:
    """Error if no city of ``player`` can hold a first word; warnings for cramped cities."""
    cities = sorted(c for c, o in game_map.cities.items() if o is player and game_map.in_bounds(c))
    if not cities:
        return  # already a "no-city" error
    segments = {city: first_word_segments(game_map, city) for city in cities}
    if not any(segments.values()):
        errors.append(
            Finding(
                ERROR,
                "no-first-word",
                f"{player.label} has no room for a first word: no line of 2 to {MAX_FIRST_WORD} cells "
                f"through its cit{'y' if len(cities) == 1 else 'ies'} avoids lava with both ends off water",
                tuple(cities),
            )
        )
        return
    for city in cities:
        if not segments[city]:
            warnings.append(
                Finding(
                    WARNING,
                    "city-cramped",
                    f"no word can be placed on {player.label}'s city at {cell_label(city)}",
                    (city,),
                )
            )
    all_segments = [run for runs in segments.values() for run in runs]
    if all(any(game_map.at(cell) is Terrain.FOREST for cell in run) for run in all_segments):
        warnings.append(
            Finding(
                WARNING,
                "start-forest",
                f"every first word of {player.label} must cut forest (its cities are hemmed in by trees)",
                tuple(cities),
            )
        )


def _fairness_warnings(game_map: GameMap, report: FairnessReport) -> list[Finding]:
    gold, silver = report.sides[Player.GOLD], report.sides[Player.SILVER]
    both = gold.cities + silver.cities
    found: list[Finding] = []

    def warn(code: str, message: str, cells: tuple[Cell, ...] = both) -> None:
        found.append(Finding(WARNING, code, message, cells))

    if report.enemy_distance is None:
        warn(
            "sides-separated",
            "lava or wide water walls gold's cities off from silver's: the crosswords can never touch",
        )
    else:
        if report.enemy_distance < CLOSE_CITIES:
            warn("cities-close", f"gold and silver cities are only {report.enemy_distance} steps apart")
        for player in Player:
            side = report.sides[player]
            for city, steps in zip(side.cities, side.enemy_steps, strict=True):
                if steps is None or steps > FAR_CITIES:
                    far = (f"can never reach a {player.other.label} city" if steps is None else
                           f"is {steps} steps from the nearest {player.other.label} city (more than {FAR_CITIES})")
                    message = f"{player.label}'s city at {cell_label(city)} {far}"
                    warn("cities-far", f"{message}: a side can build there out of the other's reach", (city,))
    for player in Player:
        reach = _enemy_city_in_first_reach(game_map, player, report.sides[player].cities)
        if reach:
            city, enemy = reach
            warn(
                "first-word-reach",
                f"{player.label}'s first word from {cell_label(city)} can land on "
                f"{player.other.label}'s city at {cell_label(enemy)}",
                (city, enemy),
            )
    if len(gold.cities) != len(silver.cities):
        warn("city-count", f"gold has {len(gold.cities)} cities, silver {len(silver.cities)}")
    if _uneven(gold.first_word_lines, silver.first_word_lines, 0.25, 2):
        warn(
            "first-word-room",
            f"room for a first word differs: gold has {gold.first_word_lines} lines, "
            f"silver {silver.first_word_lines}",
        )
    if gold.pewter_distance != silver.pewter_distance and (
        gold.pewter_distance is None
        or silver.pewter_distance is None
        or abs(gold.pewter_distance - silver.pewter_distance) > 2
    ):
        warn(
            "pewter-distance",
            f"the nearest pewter city is {_steps(gold.pewter_distance)} from gold, "
            f"{_steps(silver.pewter_distance)} from silver",
        )
    gold_half, silver_half = sum(gold.territory.values()), sum(silver.territory.values())
    if _uneven(gold_half, silver_half, 0.1, 3):
        warn("territory-size", f"gold's half of the board has {gold_half} cells, silver's {silver_half}")
    for terrain in Terrain:
        g, s = gold.territory[terrain], silver.territory[terrain]
        if _uneven(g, s, 0.25, 3):
            warn("territory-terrain", f"{terrain.value} in each side's half: gold {g}, silver {s}")
    for terrain in Terrain:
        g, s = gold.near[terrain], silver.near[terrain]
        if _uneven(g, s, 0.34, 2):
            warn(
                "near-terrain",
                f"{terrain.value} within {report.radius} of each side's cities: gold {g}, silver {s}",
            )
    return found


def _enemy_city_in_first_reach(
    game_map: GameMap, player: Player, cities: tuple[Cell, ...]
) -> tuple[Cell, Cell] | None:
    """(own city, enemy city) if a first word through one can cover the other, else None."""
    for city in cities:
        for run in first_word_segments(game_map, city):
            for cell in run:
                if cell in game_map.cities and game_map.cities[cell] is player.other:
                    return city, cell
    return None


def _uneven(a: int, b: int, fraction: float, slack: int) -> bool:
    """True if ``a`` and ``b`` differ by more than ``slack`` and by more than ``fraction`` of
    the larger."""
    diff = abs(a - b)
    return diff > slack and diff > fraction * max(a, b)


def _manhattan_field(game_map: GameMap, sources: list[Cell]) -> dict[Cell, float]:
    far = float("inf")
    return {
        (r, c): min((abs(r - sr) + abs(c - sc) for sr, sc in sources), default=far)
        for r, c in game_map.cells()
    }


def _nearest(field: dict[Cell, int], targets: Iterable[Cell]) -> int | None:
    return min((field[t] for t in targets if t in field), default=None)


def _worst(steps: tuple[int | None, ...]) -> int | None:
    """The largest of ``steps`` (None if any city has no route, or there are none)."""
    return None if not steps or None in steps else max(s for s in steps if s is not None)


def _steps(distance: int | None) -> str:
    return "no route" if distance is None else str(distance)


def _symmetric_at(game_map: GameMap, symmetry: str, cell: Cell) -> bool:
    image = mirror_cell(symmetry, cell, game_map.width, game_map.height)
    if game_map.at(cell) is not game_map.at(image):
        return False
    if game_map.at(cell) is not Terrain.CITY:
        return True
    if cell not in game_map.cities or image not in game_map.cities:
        return False
    owner, mirrored = game_map.cities[cell], game_map.cities[image]
    return mirrored is (None if owner is None else owner.other)
