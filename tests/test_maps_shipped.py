"""The shipped maps: sizes, terrain, fronts, and each one canonical, playable, fair and symmetric."""

from __future__ import annotations

import pytest

from shared.maps.check import check_map, detect_symmetry
from shared.maps.files import MAPS_DIR, load_map, shipped_maps
from shared.maps.format import count_terrain, format_map, parse_map
from shared.maps.reach import fronts
from shared.rules.terrain import Terrain

SHIPPED = shipped_maps()


def test_at_least_five_maps_of_different_sizes_are_shipped() -> None:
    maps = [load_map(path) for path in SHIPPED]
    sizes = sorted((m.width, m.height) for m in maps)
    assert len(maps) >= 5 and len(set(sizes)) == len(sizes)
    assert any(w <= 13 and h <= 13 for w, h in sizes), "a small, fast skirmish map"
    assert any(14 <= w <= 17 and 14 <= h <= 17 for w, h in sizes), "a small duel around 15x15"
    assert any(23 <= w <= 27 and 23 <= h <= 27 for w, h in sizes), "a map around 25x25"
    large = [m for m in maps if m.width >= 38 and m.height >= 28]
    assert large and any(list(m.cities.values()).count(None) >= 4 for m in large), (
        "a large map with pewter cities"
    )
    assert len({m.name for m in maps}) == len(maps)
    assert all(m.description and "\n" not in m.description for m in maps), "a one-line description each"
    assert {"cinder-ford", "hollowmere", "pewter-marches"} <= {path.stem for path in SHIPPED}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_map_uses_every_terrain(path) -> None:
    counts = count_terrain(load_map(path))
    assert all(counts[terrain] > 0 for terrain in Terrain), counts
    assert counts[Terrain.LAVA] <= 0.03 * sum(counts.values()), "only a little lava"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_on_every_shipped_map_the_sides_meet_over_a_pewter_city_and_a_pass(path) -> None:
    """Each city faces an enemy city 10 to 14 steps away; near that route stand a pewter city
    and mountains, where letters count double."""
    for front in fronts(load_map(path)):
        assert front.steps is not None and 10 <= front.steps <= 14, front
        assert front.pewter and front.mountains > 0, front


def test_the_25x25_map_has_rivers_mountains_and_forests() -> None:
    medium = [m for m in map(load_map, SHIPPED) if 23 <= m.width <= 27 and 23 <= m.height <= 27]
    counts = count_terrain(medium[0])
    assert counts[Terrain.WATER] >= 40 and counts[Terrain.MOUNTAINS] >= 30 and counts[Terrain.FOREST] >= 60


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_map_is_canonical_playable_fair_and_symmetric(path) -> None:
    text = path.read_text(encoding="utf-8")
    m = parse_map(text, source=str(path))
    assert format_map(m) == text
    assert check_map(m) == []
    assert detect_symmetry(m) is not None
    assert path.parent == MAPS_DIR
