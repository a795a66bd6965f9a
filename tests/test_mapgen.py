"""The map generator: deterministic, symmetric, always playable, varied, pure."""

from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

import pytest

import shared
from shared.maps.check import ERROR, check_map, detect_symmetry, mirror_cell
from shared.maps.generate import FRONT_STEPS, fractal_noise, generate_map
from shared.maps.reach import fronts, placement_graph, steps_from
from shared.maps.format import count_terrain, format_map, parse_map
from shared.rules.terrain import Player, Terrain

SYMMETRIES = ("rot180", "mirror-x", "mirror-y")
SIZES = ((7, 7), (15, 15), (25, 25), (40, 30), (13, 41))
SEEDS = range(10)


@pytest.mark.parametrize("symmetry", SYMMETRIES)
@pytest.mark.parametrize(("width", "height"), SIZES, ids=lambda v: str(v))
def test_generated_maps_are_playable_symmetric_and_round_trip(width: int, height: int, symmetry: str) -> None:
    for seed in SEEDS:
        m = generate_map(width, height, seed, symmetry)
        where = f"{width}x{height} {symmetry} seed {seed}"
        assert (m.width, m.height) == (width, height), where
        errors = [f for f in check_map(m) if f.level == ERROR]
        assert errors == [], where
        assert parse_map(format_map(m)) == m, where
        for cell, owner in m.cities.items():
            image = mirror_cell(symmetry, cell, width, height)
            assert m.cities[image] is (None if owner is None else owner.other), where
        for cell in m.cells():
            assert m.at(cell) is m.at(mirror_cell(symmetry, cell, width, height)), where
        owners = list(m.cities.values())
        assert owners.count(Player.GOLD) == owners.count(Player.SILVER) >= 1, where
        assert owners.count(None) >= 1, where
        if min(width, height) >= 15:
            assert check_map(m) == [], where  # no fairness warning either, once there is room
        if min(width, height) >= 11:
            _assert_the_sides_meet_early(m, where)


def _assert_the_sides_meet_early(m, where: str) -> None:
    """Every city faces an enemy city 10 to 14 steps away, with a pewter city and mountains
    near the route between them."""
    low, high = FRONT_STEPS
    for front in fronts(m):
        assert front.steps is not None and low <= front.steps <= high, (where, front)
        assert front.pewter and front.mountains > 0, (where, front)


@pytest.mark.parametrize(("width", "height"), [(11, 11), (12, 20), (20, 12), (30, 18), (33, 33)], ids=str)
def test_the_sides_meet_early_on_boards_of_every_shape(width: int, height: int) -> None:
    for symmetry in SYMMETRIES:
        for seed in range(4):
            m = generate_map(width, height, seed, symmetry)
            _assert_the_sides_meet_early(m, f"{width}x{height} {symmetry} seed {seed}")


@pytest.mark.parametrize(("width", "height"), [(11, 11), (15, 15), (19, 25), (40, 30)], ids=str)
def test_each_side_has_a_pewter_town_nearer_itself_on_every_front(width: int, height: int) -> None:
    """No single prize to race for: on every front a pewter city stands 2 to 4 steps nearer
    the city than the enemy city it faces (and, by symmetry, one nearer the enemy)."""
    for symmetry in SYMMETRIES:
        for seed in range(3):
            m = generate_map(width, height, seed, symmetry)
            graph = placement_graph(m)
            for front in fronts(m, graph):
                mine, theirs = steps_from(graph, [front.city]), steps_from(graph, [front.enemy])
                leads = [theirs[p] - mine[p] for p in front.pewter]
                assert any(2 <= lead <= 4 for lead in leads), (width, height, symmetry, seed, front, leads)


def test_larger_boards_get_more_fronts() -> None:
    def golds(m) -> int:
        return list(m.cities.values()).count(Player.GOLD)

    assert golds(generate_map(25, 25, 1)) == 1
    assert golds(generate_map(40, 30, 1)) == 2
    assert golds(generate_map(64, 64, 1, "mirror-x")) == 3


def test_the_same_arguments_give_the_same_map() -> None:
    for seed in (0, 1, 12345, "river-run"):
        first = generate_map(25, 20, seed, "mirror-x")
        assert generate_map(25, 20, seed, "mirror-x") == first
        assert format_map(generate_map(25, 20, seed, "mirror-x")) == format_map(first)


def test_different_seeds_and_symmetries_give_different_maps() -> None:
    texts = {format_map(generate_map(20, 20, seed)).split("grid:")[1] for seed in range(20)}
    assert len(texts) == 20
    assert generate_map(20, 20, 3, "rot180").terrain != generate_map(20, 20, 3, "mirror-y").terrain


def test_the_detected_symmetry_is_the_requested_one() -> None:
    for symmetry in SYMMETRIES:
        for seed in range(5):
            assert detect_symmetry(generate_map(24, 18, seed, symmetry)) == symmetry, (symmetry, seed)


def test_gold_sits_on_its_own_side() -> None:
    for seed in range(5):
        (gold,) = [c for c, o in generate_map(25, 25, seed, "mirror-x").cities.items() if o is Player.GOLD]
        assert gold[1] < 12
        (gold,) = [c for c, o in generate_map(25, 25, seed, "mirror-y").cities.items() if o is Player.GOLD]
        assert gold[0] > 12
        (gold,) = [c for c, o in generate_map(25, 25, seed, "rot180").cities.items() if o is Player.GOLD]
        assert gold[0] >= 12


def test_large_maps_have_every_terrain_rivers_and_more_cities() -> None:
    for seed in range(6):
        m = generate_map(40, 30, seed)
        counts = count_terrain(m)
        assert all(counts[terrain] > 0 for terrain in Terrain), (seed, counts)
        assert counts[Terrain.LAVA] <= 0.03 * 40 * 30, "only a little lava"
        owners = list(m.cities.values())
        assert owners.count(Player.GOLD) == 2 and owners.count(None) >= 4
        assert _has_river(m), seed


def _has_river(m) -> bool:
    """A run of 5 or more water cells each touching at most 2 water neighbours (a thin line)."""
    water = {cell for cell in m.cells() if m.at(cell) is Terrain.WATER}
    thin = {
        (r, c)
        for r, c in water
        if sum(n in water for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))) <= 2
    }
    seen: set = set()
    for start in thin:
        if start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            r, c = stack.pop()
            size += 1
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in thin and n not in seen:
                    seen.add(n)
                    stack.append(n)
        if size >= 5:
            return True
    return False


def test_the_largest_board_works() -> None:
    m = generate_map(64, 64, 99, "mirror-y")
    assert check_map(m) == [] and (m.width, m.height) == (64, 64)


def test_names_come_from_the_seed_unless_given() -> None:
    assert generate_map(15, 15, 4).name == generate_map(15, 15, 4).name
    assert generate_map(15, 15, 4).name.startswith("The ")
    assert generate_map(15, 15, 4, name="Home Field").name == "Home Field"
    assert len({generate_map(15, 15, seed).name for seed in range(12)}) > 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((6, 20, 1), "width must be an integer from 7 to 64, got 6"),
        ((20, 65, 1), "height must be an integer from 7 to 64, got 65"),
        ((20.0, 20, 1), "width must be an integer"),
        ((20, 20, 1, "diagonal"), "unknown symmetry 'diagonal'"),
    ],
)
def test_bad_arguments_are_rejected(args: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate_map(*args)


def test_fractal_noise_is_smooth_bounded_and_seeded() -> None:
    a = fractal_noise(30, 20, random.Random(5), scale=10)
    assert a == fractal_noise(30, 20, random.Random(5), scale=10)
    assert a != fractal_noise(30, 20, random.Random(6), scale=10)
    values = [v for row in a for v in row]
    assert all(0.0 <= v <= 1.0 for v in values)
    steps = [abs(row[c + 1] - row[c]) for row in a for c in range(29)]
    assert max(steps) < 0.5 * (max(values) - min(values))  # neighbours are close: smooth, not white noise
    ridged = fractal_noise(30, 20, random.Random(5), scale=10, ridged=True)
    assert all(0.0 <= v <= 1.0 for row in ridged for v in row)


def test_the_map_modules_are_pure() -> None:
    """maps, mapcheck and mapgen import only the standard library and the shared package."""
    folder = Path(shared.__file__).parent
    for name in ("maps/format", "maps/check", "maps/generate", "maps/reach", "maps/terrain", "rules/terrain"):
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in sys.stdlib_module_names or root == "shared", (name, root)
            assert not {"os", "io", "pathlib", "asyncio"} & set(roots), (name, roots)
