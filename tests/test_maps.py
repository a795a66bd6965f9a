"""The map text format: every parse error, canonical round-trips and files (the shipped maps:
``test_maps_shipped.py``)."""

from __future__ import annotations

import stat

import pytest

from shared.maps.files import load_map, resolve_map_path, save_map, shipped_maps
from shared.maps.format import (
    LEGEND_NAMES,
    MapError,
    count_terrain,
    format_map,
    legend_line,
    map_defects,
    parse_map,
)
from shared.rules.terrain import GameMap, Player, Terrain

GRID = [
    "^^..S..",
    "^x.....",
    "..ff~..",
    "...P...",
    "..~ff..",
    ".....x^",
    "..G..^^",
]


def make_text(grid: list[str] = GRID, header: str | None = None, tag: str = "scryptic-map 1") -> str:
    if header is None:
        header = "name: Tiny Test\nversion: 2\n"
    return f"{tag}\n{header}grid:\n" + "\n".join(grid) + "\n"


def error_of(text: str) -> MapError:
    with pytest.raises(MapError) as info:
        parse_map(text, source="test.map")
    return info.value


# ---------------------------------------------------------------------------- parsing


def test_parse_reads_header_terrain_and_cities() -> None:
    m = parse_map(make_text(header="name: Tiny Test\nversion: 2\nauthor: Ann\ndescription: Small.\n"))
    assert (m.name, m.version, m.author, m.description) == ("Tiny Test", 2, "Ann", "Small.")
    assert (m.width, m.height) == (7, 7)
    assert m.cities == {(0, 4): Player.SILVER, (3, 3): None, (6, 2): Player.GOLD}
    assert m.at((1, 1)) is Terrain.LAVA
    assert m.at((2, 4)) is Terrain.WATER
    assert m.at((2, 2)) is Terrain.FOREST
    assert m.at((0, 0)) is Terrain.MOUNTAINS
    assert all(m.at(cell) is Terrain.CITY for cell in m.cities)
    counts = count_terrain(m)
    assert counts[Terrain.CITY] == 3 and sum(counts.values()) == 49


def test_parse_reads_ice_and_every_legend_character() -> None:
    grid = ["G.f~^*x", *(["......."] * 5), "P.....S"]
    m = parse_map(make_text(grid))
    assert [m.at((0, c)) for c in range(7)] == [
        Terrain.CITY,
        Terrain.PLAINS,
        Terrain.FOREST,
        Terrain.WATER,
        Terrain.MOUNTAINS,
        Terrain.ICE,
        Terrain.LAVA,
    ]
    assert m.cities[(6, 0)] is None and m.cities[(6, 6)] is Player.SILVER


def test_header_order_case_comments_crlf_and_trailing_space_are_tolerated() -> None:
    header = "# a comment\nVersion: 2\n\n  name:   Tiny Test  \n# another\n"
    text = make_text([row + "  " for row in GRID], header=header).replace("\n", "\r\n") + "\r\n\r\n"
    assert parse_map("\ufeff" + text) == parse_map(make_text())


def test_map_error_is_a_value_error_with_position_and_source() -> None:
    err = error_of(make_text(["^^..S..", "^x..#..", *GRID[2:]]))
    assert isinstance(err, ValueError)
    assert (err.line, err.column, err.source) == (6, 5, "test.map")
    assert str(err).startswith("test.map:6:5: ")


@pytest.mark.parametrize(
    ("text", "fragment", "line", "column"),
    [
        pytest.param(
            make_text(["^^..S..", "^x..#..", *GRID[2:]]),
            "unknown terrain character '#'",
            6,
            5,
            id="unknown-char",
        ),
        pytest.param(
            make_text(["^^..S..", "^x..g..", *GRID[2:]]),
            "unknown terrain character 'g'",
            6,
            5,
            id="lowercase-city",
        ),
        pytest.param(
            make_text(["^^..S..", "^x.\t...", *GRID[2:]]), "unknown terrain character '\\t'", 6, 4, id="tab"
        ),
        pytest.param(
            make_text(["^^..S..", "^x...", *GRID[2:]]),
            "row 2 has 5 cells but the first row has 7",
            6,
            6,
            id="ragged-short",
        ),
        pytest.param(
            make_text([*GRID[:3], "...P....", *GRID[4:]]), "row 4 has 8 cells", 8, 8, id="ragged-long"
        ),
        pytest.param(make_text([]), "the grid is empty", 4, None, id="empty-grid"),
        pytest.param(
            "scryptic-map 1\nname: x\nversion: 1\n", "missing 'grid:' line", 3, None, id="no-grid-line"
        ),
        pytest.param(
            make_text([*GRID[:3], "", *GRID[3:]]), "blank line inside the grid", 8, None, id="blank-row"
        ),
        pytest.param(
            make_text(header="version: 1\n"), "missing header line 'name:'", 3, None, id="missing-name"
        ),
        pytest.param(
            make_text(header="name: x\n"), "missing header line 'version:'", 3, None, id="missing-version"
        ),
        pytest.param(
            make_text(header="name: x\nversion: 1\nname: y\n"),
            "duplicate header 'name' (first given on line 2)",
            4,
            None,
            id="duplicate-name",
        ),
        pytest.param(
            make_text(header="name: x\nversion: 1\nauthor: a\nAuthor: b\n"),
            "duplicate header 'author'",
            5,
            None,
            id="duplicate-author",
        ),
        pytest.param(
            make_text(header="name: x\nversion: one\n"),
            "version must be a positive integer, got 'one'",
            3,
            None,
            id="version-word",
        ),
        pytest.param(
            make_text(header="name: x\nversion: 0\n"), "positive integer, got '0'", 3, None, id="version-zero"
        ),
        pytest.param(
            make_text(header="name: x\nversion: -3\n"),
            "positive integer, got '-3'",
            3,
            None,
            id="version-negative",
        ),
        pytest.param(
            make_text(header="name: x\nversion: \u00b2\n"),
            "positive integer",
            3,
            None,
            id="version-superscript",
        ),
        pytest.param(
            make_text(header="name:   \nversion: 1\n"), "the name is empty", 2, None, id="empty-name"
        ),
        pytest.param(
            make_text(header="name: x\nversion: 1\nsize: 7x7\n"),
            "unknown header 'size'",
            4,
            None,
            id="unknown-header",
        ),
        pytest.param(
            make_text(header="name: x\nversion: 1\nno colon here\n"),
            "expected 'key: value'",
            4,
            None,
            id="not-key-value",
        ),
        pytest.param(
            make_text(header="name: x\nversion: 1\nlegend: f water\n"),
            "the legend says 'f' is 'water'",
            4,
            None,
            id="legend-disagrees",
        ),
        pytest.param(
            make_text(header="name: x\nversion: 1\nlegend: # wall\n"),
            "'#', which is not a map character",
            4,
            None,
            id="legend-unknown",
        ),
        pytest.param(
            make_text(header="name: x\nversion: 1\nlegend: . plains, . plains\n"),
            "lists '.' twice",
            4,
            None,
            id="legend-twice",
        ),
        pytest.param(
            make_text(tag="scryptic-map 2"), "unsupported map format version '2'", 1, 14, id="format-version"
        ),
        pytest.param(
            make_text(tag="scryptic 1"), "the first line must be 'scryptic-map 1'", 1, None, id="format-tag"
        ),
        pytest.param("", "the file starts empty", 1, None, id="empty-file"),
        pytest.param(
            make_text(["G.....", ".....S", *(["......"] * 5)]),
            "6 cells wide; the minimum is 7",
            5,
            None,
            id="too-narrow",
        ),
        pytest.param(
            make_text(["G......", "......S", *(["......."] * 4)]),
            "6 cells tall; the minimum is 7",
            5,
            None,
            id="too-short",
        ),
        pytest.param(
            make_text(["G" + "." * 64, "." * 64 + "S", *(["." * 65] * 5)]),
            "65 cells wide; the maximum is 64",
            5,
            None,
            id="too-wide",
        ),
        pytest.param(
            make_text(["G......", *(["......."] * 63), "......S"]),
            "65 cells tall; the maximum is 64",
            5,
            None,
            id="too-tall",
        ),
        pytest.param(
            make_text([row.replace("G", ".") for row in GRID]),
            "gold has no city (no 'G' on the grid)",
            None,
            None,
            id="gold-without-city",
        ),
        pytest.param(
            make_text([row.replace("S", "P") for row in GRID]),
            "silver has no city (no 'S' on the grid)",
            None,
            None,
            id="silver-without-city",
        ),
        pytest.param(
            make_text(header="name: x\nversion: 1\ngrid: now\n"),
            "'grid:' must be alone",
            4,
            None,
            id="grid-trailing",
        ),
    ],
)
def test_every_defect_is_a_map_error_naming_it(
    text: str, fragment: str, line: int | None, column: int | None
) -> None:
    err = error_of(text)
    assert fragment in err.reason
    assert (err.line, err.column) == (line, column)


def test_the_first_defect_in_file_order_is_reported() -> None:
    # both a bad version (line 3) and an unknown character (line 5): the header comes first
    text = make_text(["#......", *GRID[1:]], header="name: x\nversion: v\n")
    assert error_of(text).line == 3


def test_largest_and_smallest_boards_parse() -> None:
    big = parse_map(make_text(["G" + "." * 63, *(["." * 64] * 62), "." * 63 + "S"]))
    small = parse_map(make_text(GRID))
    assert (big.width, big.height, small.width, small.height) == (64, 64, 7, 7)


# ---------------------------------------------------------------------------- model defects


def game_map(**changes: object) -> GameMap:
    base = parse_map(make_text())
    fields = dict(
        name=base.name,
        terrain=base.terrain,
        cities=dict(base.cities),
        version=base.version,
        description=base.description,
        author=base.author,
    )
    fields.update(changes)
    return GameMap(**fields)  # type: ignore[arg-type]


def with_terrain(m: GameMap, cell: tuple[int, int], terrain: Terrain) -> tuple[tuple[Terrain, ...], ...]:
    rows = [list(row) for row in m.terrain]
    rows[cell[0]][cell[1]] = terrain
    return tuple(tuple(row) for row in rows)


@pytest.mark.parametrize(
    ("terrain", "code"),
    [(Terrain.WATER, "city-on-water"), (Terrain.LAVA, "city-on-lava"), (Terrain.FOREST, "city-terrain")],
)
def test_a_city_listed_on_other_terrain_is_a_defect_and_cannot_be_written(
    terrain: Terrain, code: str
) -> None:
    base = game_map()
    m = game_map(terrain=with_terrain(base, (6, 2), terrain))
    defects = map_defects(m)
    assert [(c, cells) for c, _, cells in defects] == [(code, ((6, 2),))]
    assert f"gold city at row 7 col 3 stands on {terrain.value}" in defects[0][1]
    with pytest.raises(MapError, match=terrain.value):
        format_map(m)


def test_other_model_defects_are_reported() -> None:
    base = game_map()
    unlisted = game_map(cities={cell: o for cell, o in base.cities.items() if o is not None})
    assert [d[0] for d in map_defects(unlisted)] == ["unlisted-city"]
    no_gold = game_map(
        terrain=with_terrain(base, (6, 2), Terrain.PLAINS),
        cities={cell: o for cell, o in base.cities.items() if o is not Player.GOLD},
    )
    assert [d[0] for d in map_defects(no_gold)] == ["no-city"]
    off_board = game_map(cities={**base.cities, (9, 9): None})
    assert [d[0] for d in map_defects(off_board)] == ["city-off-board"]
    assert [d[0] for d in map_defects(game_map(name=" x"))] == ["bad-name"]
    assert [d[0] for d in map_defects(game_map(description="two\nlines"))] == ["bad-description"]
    assert [d[0] for d in map_defects(game_map(version=0))] == ["bad-version"]
    ragged = game_map(terrain=base.terrain[:-1] + (base.terrain[-1][:-1],))
    assert [d[0] for d in map_defects(ragged)] == ["ragged"]
    assert [d[0] for d in map_defects(game_map(terrain=(), cities={}))] == ["size"]
    assert map_defects(base) == []


# ---------------------------------------------------------------------------- round trips


def test_format_writes_the_canonical_text() -> None:
    m = parse_map(make_text(header="description: Small.\nname: Tiny Test\nversion: 2\n"))
    assert format_map(m) == (
        "scryptic-map 1\nname: Tiny Test\nversion: 2\ndescription: Small.\n"
        f"legend: {legend_line()}\ngrid:\n" + "\n".join(GRID) + "\n"
    )


def test_format_then_parse_gives_an_equal_map() -> None:
    m = game_map(author="Ann", description="A test: with a colon.", version=17)
    assert parse_map(format_map(m)) == m


def test_parse_then_format_is_stable_on_canonical_text() -> None:
    canonical = format_map(parse_map(make_text()))
    assert format_map(parse_map(canonical)) == canonical


def test_the_legend_line_covers_every_character_and_parses() -> None:
    assert legend_line().count(",") == len(LEGEND_NAMES) - 1
    partial = make_text(header="name: x\nversion: 1\nlegend: ~ water,  G   gold city\n")
    assert parse_map(partial).name == "x"


# ---------------------------------------------------------------------------- files


def test_save_and_load_round_trip(tmp_path) -> None:
    m = game_map(author="Ann")
    path = save_map(m, tmp_path / "sub" / "tiny.map")
    assert path.read_text(encoding="utf-8") == format_map(m)
    assert load_map(path) == m
    assert load_map(str(path)) == m
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.joinpath("sub").iterdir()] == ["tiny.map"]  # no temporary left


def test_save_refuses_a_defective_map_and_writes_nothing(tmp_path) -> None:
    target = tmp_path / "bad.map"
    with pytest.raises(MapError, match="gold has no city"):
        save_map(game_map(cities={(0, 4): Player.SILVER, (3, 3): None, (6, 2): None}), target)
    assert list(tmp_path.iterdir()) == []


def test_load_errors_name_the_file(tmp_path) -> None:
    path = tmp_path / "broken.map"
    path.write_text(make_text(["^^..S..", "^x..#..", *GRID[2:]]), encoding="utf-8")
    with pytest.raises(MapError) as info:
        load_map(path)
    assert info.value.source == str(path) and str(info.value).startswith(f"{path}:6:5:")
    latin = tmp_path / "latin.map"
    latin.write_bytes(make_text(header="name: caf\xe9\nversion: 1\n").encode("latin-1"))
    with pytest.raises(MapError, match="not UTF-8"):
        load_map(latin)


def test_maps_are_found_by_path_stem_file_name_or_display_name(tmp_path) -> None:
    save_map(game_map(name="The Tiny Test"), tmp_path / "tiny.map")
    (tmp_path / "notes.txt").write_text("not a map")
    assert shipped_maps(tmp_path) == [tmp_path / "tiny.map"]
    for query in ("tiny", "tiny.map", "the tiny test", "THE  TINY TEST"):
        assert resolve_map_path(query, tmp_path) == tmp_path / "tiny.map"
    with pytest.raises(FileNotFoundError, match=r"'nowhere'.*shipped maps: tiny"):
        load_map("nowhere", tmp_path)
    assert shipped_maps(tmp_path / "missing") == []


def test_a_draft_is_read_only_where_drafts_are_asked_for():
    rows = "\n".join(["......."] * 6 + ["...S..."])  # silver has a city, gold none yet
    text = f"scryptic-map 1\nname: Half Done\nversion: 1\ndraft: yes\ngrid:\n{rows}\n"
    with pytest.raises(MapError, match="'Half Done' is a draft, not playable yet"):
        parse_map(text)
    draft = parse_map(text, drafts=True)
    assert draft.width == 7 and list(draft.cities.values()) == [Player.SILVER]
    assert parse_map(format_map(draft, draft=True), drafts=True) == draft
    with pytest.raises(MapError, match="gold has no city"):
        format_map(draft)  # not as a draft: a map must give each side a city
    with pytest.raises(MapError, match="draft must be 'yes'"):
        parse_map(text.replace("draft: yes", "draft: maybe"), drafts=True)
