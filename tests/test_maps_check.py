"""Map validation: unplayable maps are errors, unfair ones warnings, with exact figures."""

from __future__ import annotations

import pytest

from shared.maps.check import (
    ERROR,
    WARNING,
    check_map,
    detect_symmetry,
    fairness_report,
    first_word_segments,
    mirror_cell,
)
from shared.maps.format import parse_map
from shared.rules.terrain import GameMap, Player, Terrain


def board(*rows: str) -> GameMap:
    return parse_map("scryptic-map 1\nname: t\nversion: 1\ngrid:\n" + "\n".join(rows) + "\n")


def codes(game_map: GameMap, level: str | None = None) -> list[str]:
    return [f.code for f in check_map(game_map) if level is None or f.level == level]


CORNERS = board(
    "S......",
    ".......",
    ".......",
    ".......",
    ".......",
    ".......",
    "......G",
)


def test_a_fair_open_map_has_no_findings_and_exact_report() -> None:
    assert check_map(CORNERS) == []
    report = fairness_report(CORNERS)
    assert report.symmetry == "rot180"
    assert report.enemy_distance == 12
    for player in Player:
        side = report.sides[player]
        # cells with r + c > 6 are nearer gold: 21 of them, the diagonal's 7 are ties
        assert side.territory[Terrain.PLAINS] == 20 and side.territory[Terrain.CITY] == 1
        assert sum(side.near.values()) == 15  # a corner's Manhattan ball of radius 4
        assert side.first_word_lines == 12  # lengths 2..7, along the edge both ways
        assert side.pewter_distance is None
        assert side.enemy_steps == (12,)
    lines = report.lines()
    assert lines[0] == "symmetry: rot180"
    assert any(line.split() == ["first-word", "lines", "12", "12"] for line in lines)
    assert any(line.split() == ["farthest", "city", "to", "enemy", "12", "12"] for line in lines)


def test_first_word_segments_follow_the_water_end_rule() -> None:
    m = board(
        "S..~...",
        "...~...",
        "...~...",
        "..~G~..",
        "...~...",
        "...~...",
        "...~...",
    )
    spans = sorted((run[0][1], run[-1][1]) for run in first_word_segments(m, (3, 3)))
    # horizontal only (the column is water); ends on the plains or the city, water between
    assert spans == [(0, 3), (0, 5), (0, 6), (1, 3), (1, 5), (1, 6), (3, 5), (3, 6)]
    assert all(run[0][0] == run[-1][0] == 3 for run in first_word_segments(m, (3, 3)))
    assert not any(f.level == ERROR for f in check_map(m))


@pytest.mark.parametrize(
    "rows",
    [
        pytest.param(
            ("S......", ".......", ".......", ".......", ".....x.", "....xGx", ".....x."), id="lava-ring"
        ),
        pytest.param(
            ("S..~...", "...~...", "...~...", "~~~G~~~", "...~...", "...~...", "...~..."), id="lake"
        ),
        pytest.param(
            ("S..x...", "...~...", "...~...", "x~~G~~~", "...~...", "...~...", "...x..."), id="lava-and-water"
        ),
    ],
)
def test_a_city_with_no_room_for_a_first_word_is_an_error(rows: tuple[str, ...]) -> None:
    m = board(*rows)
    errors = [f for f in check_map(m) if f.level == ERROR]
    assert [(f.code, f.cells) for f in errors] == [
        ("no-first-word", ((3, 3),) if "G" in rows[3] else ((5, 5),))
    ]
    assert "gold has no room for a first word" in errors[0].message


def test_room_at_one_city_is_enough_but_the_cramped_one_is_warned() -> None:
    m = board(
        "S......",
        ".......",
        ".......",
        "G......",
        ".....x.",
        "....xGx",
        ".....x.",
    )
    assert codes(m, ERROR) == []
    cramped = [f for f in check_map(m) if f.code == "city-cramped"]
    assert [(f.level, f.cells) for f in cramped] == [(WARNING, ((5, 5),))]
    assert "gold's city at row 6 col 6" in cramped[0].message


def test_a_start_hemmed_in_by_forest_is_a_warning() -> None:
    m = board(
        "S......",
        ".......",
        ".......",
        ".......",
        ".....f.",
        "....fGf",
        ".....f.",
    )
    assert "start-forest" in codes(m, WARNING) and codes(m, ERROR) == []


def test_an_unreachable_pewter_city_is_a_warning() -> None:
    m = board(
        "S......",
        "...x...",
        "..xPx..",
        "...x...",
        ".......",
        ".......",
        "......G",
    )
    found = [f for f in check_map(m) if f.code == "pewter-unreachable"]
    assert [(f.level, f.cells) for f in found] == [(WARNING, ((2, 3),))]


def test_lava_between_the_sides_is_a_warning() -> None:
    m = board(
        "S......",
        ".......",
        ".......",
        "xxxxxxx",
        ".......",
        ".......",
        "......G",
    )
    assert fairness_report(m).enemy_distance is None
    assert "sides-separated" in codes(m, WARNING)


def test_wide_water_separates_the_sides_as_lava_does() -> None:
    # a 7-letter word stands on both shores and spans 5 cells of water; 7 cells it cannot
    narrow = board("S......", ".......", *(["~~~~~~~"] * 5), ".......", "......G")
    assert fairness_report(narrow).enemy_distance == 14
    assert check_map(narrow) == []
    wide = board("S......", *(["~~~~~~~"] * 7), "......G")
    report = fairness_report(wide)
    assert report.enemy_distance is None and report.sides[Player.GOLD].enemy_steps == (None,)
    assert codes(wide) == ["sides-separated"]


def test_a_city_far_from_every_enemy_city_is_a_warning() -> None:
    far = board(
        "S........................",
        ".........................",
        ".........................",
        ".........................",
        ".........................",
        ".........................",
        "........................G",
    )
    assert fairness_report(far).enemy_distance == 30
    found = [(f.level, f.cells, f.message) for f in check_map(far) if f.code == "cities-far"]
    assert found == [
        (WARNING, ((6, 24),), "gold's city at row 7 col 25 is 30 steps from the nearest silver city "
         "(more than 16): a side can build there out of the other's reach"),
        (WARNING, ((0, 0),), "silver's city at row 1 col 1 is 30 steps from the nearest gold city "
         "(more than 16): a side can build there out of the other's reach"),
    ]
    # one near pair is not enough: every city needs an enemy city within reach
    rear = board(
        "G........................",
        ".........................",
        ".........................",
        "........G.........S......",
        ".........................",
        ".........................",
        ".........................",
    )
    report = fairness_report(rear)
    assert report.enemy_distance == 10
    assert report.sides[Player.GOLD].cities == ((0, 0), (3, 8))
    assert report.sides[Player.GOLD].enemy_steps == (21, 10)
    assert [f.cells for f in check_map(rear) if f.code == "cities-far"] == [((0, 0),)]
    walled = board("S..........G", "............", "............", "xxxxxxxxxxxx", *(["............"] * 2),
                   "G...........")
    assert [f.message for f in check_map(walled) if f.code == "cities-far"] == [
        "gold's city at row 7 col 1 can never reach a silver city: a side can build there out of the other's reach"
    ]


def test_close_cities_and_first_word_reach_are_warnings() -> None:
    close = board(
        "S......",
        ".......",
        "....G..",
        ".......",
        ".......",
        ".......",
        ".......",
    )
    assert "cities-close" in codes(close) and "first-word-reach" not in codes(close)
    in_line = board(
        "S.....G",
        ".......",
        ".......",
        ".......",
        ".......",
        ".......",
        ".......",
    )
    reach = [f.message for f in check_map(in_line) if f.code == "first-word-reach"]
    assert reach == [
        "gold's first word from row 1 col 7 can land on silver's city at row 1 col 1",
        "silver's first word from row 1 col 1 can land on gold's city at row 1 col 7",
    ]


def test_terrain_asymmetry_is_reported_and_warned() -> None:
    m = board(
        "S......",
        ".......",
        ".......",
        ".......",
        ".......",
        "....^^^",
        "....^^G",
    )
    report = fairness_report(m)
    assert report.symmetry is None
    gold, silver = report.sides[Player.GOLD], report.sides[Player.SILVER]
    assert (gold.territory[Terrain.MOUNTAINS], silver.territory[Terrain.MOUNTAINS]) == (5, 0)
    assert (gold.near[Terrain.MOUNTAINS], silver.near[Terrain.MOUNTAINS]) == (5, 0)
    messages = {f.code: f.message for f in check_map(m)}
    assert messages["territory-terrain"] == "mountains in each side's half: gold 5, silver 0"
    assert messages["near-terrain"] == "mountains within 4 of each side's cities: gold 5, silver 0"
    assert codes(m, ERROR) == []


def test_city_count_and_pewter_distance_differences_are_warned() -> None:
    m = board(
        "S......",
        ".......",
        ".......",
        ".......",
        "G......",
        ".......",
        "...P..G",
    )
    report = fairness_report(m)
    assert (report.sides[Player.GOLD].pewter_distance, report.sides[Player.SILVER].pewter_distance) == (3, 9)
    assert {"city-count", "pewter-distance"} <= set(codes(m, WARNING))


def test_model_defects_are_errors() -> None:
    rows = [list(row) for row in CORNERS.terrain]
    rows[6][6] = Terrain.WATER
    on_water = GameMap(name="t", terrain=tuple(map(tuple, rows)), cities=dict(CORNERS.cities))
    assert codes(on_water, ERROR)[0] == "city-on-water"
    rows[6][6] = Terrain.LAVA
    on_lava = GameMap(name="t", terrain=tuple(map(tuple, rows)), cities=dict(CORNERS.cities))
    assert "city-on-lava" in codes(on_lava, ERROR)
    rows[6][6] = Terrain.PLAINS
    no_gold = GameMap(name="t", terrain=tuple(map(tuple, rows)), cities={(0, 0): Player.SILVER})
    assert codes(no_gold) == ["no-city"]
    ragged = GameMap(
        name="t", terrain=CORNERS.terrain[:-1] + (CORNERS.terrain[-1][:3],), cities=dict(CORNERS.cities)
    )
    assert codes(ragged) == ["ragged"]
    assert codes(GameMap(name="t", terrain=())) == ["size"]


def test_symmetries_are_detected_with_gold_mapping_to_silver() -> None:
    mirror_x = board("G.....S", *(["..f.f.."] * 6))
    mirror_y = board("S......", *(["^......"] * 5), "G......")
    assert detect_symmetry(mirror_x) == "mirror-x"
    assert detect_symmetry(mirror_y) == "mirror-y"
    same_owner = board("G.f...G", *(["......."] * 5), "S.f...S")  # gold twice in a row: not mirror-x
    assert detect_symmetry(same_owner) == "mirror-y"
    assert detect_symmetry(board("G.....S", "f......", *(["......."] * 5))) is None
    assert mirror_cell("rot180", (0, 1), 7, 5) == (4, 5)
    with pytest.raises(ValueError, match="unknown symmetry 'diagonal'"):
        mirror_cell("diagonal", (0, 0), 7, 7)
