"""The map editor's model without a window: every tool, symmetry, undo/redo, files."""

from __future__ import annotations

import itertools

import pytest

from client.editor.document import Details, MapDocument, SaveRefused, file_stem
from client.editor.history import History
from client.editor.paint import (
    brush_cells,
    flood_region,
    line_path,
    mirrored_paint,
    rect_cells,
    stamp,
    with_mirror,
)
from client.editor.tools import RIGHT, Tool, ToolController
from shared.maps.check import check_map, detect_symmetry
from shared.maps.files import load_map, shipped_maps
from shared.maps.format import MapError, format_map
from shared.rules.terrain import Player, Terrain


def doc_of(*rows: str, name: str = "Test") -> MapDocument:
    return MapDocument(list(rows), Details(name))


def grid(doc: MapDocument) -> list[str]:
    return list(doc.rows)


BLANK9 = ["." * 9] * 9


# ---------------------------------------------------------------------------- geometry


def test_brush_squares_are_clipped_at_the_edge() -> None:
    assert brush_cells((4, 4), 1, 9, 9) == [(4, 4)]
    assert len(brush_cells((4, 4), 3, 9, 9)) == 9
    assert len(brush_cells((4, 4), 5, 9, 9)) == 25
    assert sorted(brush_cells((0, 0), 3, 9, 9)) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    with pytest.raises(ValueError, match="brush size"):
        brush_cells((0, 0), 4, 9, 9)


def test_lines_are_four_connected_and_reach_both_ends() -> None:
    path = line_path((0, 0), (3, 5))
    assert path[0] == (0, 0) and path[-1] == (3, 5)
    for a, b in itertools.pairwise(path):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1  # no diagonal gaps
    assert line_path((2, 6), (2, 2)) == [(2, 6), (2, 5), (2, 4), (2, 3), (2, 2)]
    assert line_path((1, 1), (1, 1)) == [(1, 1)]
    assert len(stamp(line_path((4, 0), (4, 8)), 3, 9, 9)) == 27


def test_rectangles_and_flood_regions() -> None:
    assert len(rect_cells((5, 6), (2, 1), 9, 9)) == 4 * 6
    rows = ["..~..", "..~..", "~~~..", ".....", "....."]
    assert flood_region(rows, (0, 0)) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert len(flood_region(rows, (0, 2))) == 5  # the water, 4-connected
    with pytest.raises(ValueError, match="off the"):
        flood_region(rows, (9, 9))


def test_mirrors_swap_gold_and_silver_and_the_stroke_wins_on_the_axis() -> None:
    assert mirrored_paint("G") == "S" and mirrored_paint("S") == "G" and mirrored_paint("P") == "P"
    assert with_mirror({(1, 2): "G"}, "rot180", 9, 7) == {(1, 2): "G", (5, 6): "S"}
    assert with_mirror({(1, 2): "f"}, "mirror-x", 9, 7) == {(1, 2): "f", (1, 6): "f"}
    assert with_mirror({(1, 2): "~"}, "mirror-y", 9, 7) == {(1, 2): "~", (5, 2): "~"}
    # the centre column maps onto itself: the painted cell keeps its own paint
    assert with_mirror({(3, 4): "G"}, "mirror-x", 9, 7) == {(3, 4): "G"}
    assert with_mirror({(0, 0): "f"}, None, 9, 7) == {(0, 0): "f"}


# ---------------------------------------------------------------------------- painting


def test_brush_strokes_are_one_undo_step() -> None:
    doc = doc_of(*BLANK9)
    tools = ToolController(doc)
    tools.select_paint("f")
    tools.set_brush_size(3)
    tools.press((4, 1))
    tools.drag((4, 4))  # the cells in between are painted too
    tools.drag((4, 7))
    tools.release((4, 7))
    assert grid(doc)[3:6] == ["fffffffff"] * 3
    assert grid(doc)[2] == "." * 9 and grid(doc)[6] == "." * 9
    assert doc.history.undo_label == "Brush" and len(doc.history) == 1
    doc.undo()
    assert grid(doc) == BLANK9
    doc.redo()
    assert grid(doc)[4] == "fffffffff"


def test_line_rectangle_fill_and_pick_tools() -> None:
    doc = doc_of(*BLANK9)
    tools = ToolController(doc)
    tools.select_paint("~")
    tools.select_tool(Tool.LINE)
    tools.press((0, 0))
    tools.drag((0, 8))
    primary, mirrored = tools.preview()
    assert set(primary) == {(0, c) for c in range(9)} and not mirrored
    assert grid(doc) == BLANK9  # a line is only previewed until the button comes up
    tools.release((0, 8))
    assert grid(doc)[0] == "~~~~~~~~~"

    tools.select_paint("^")
    tools.select_tool(Tool.RECT)
    tools.press((2, 2))
    tools.release((3, 5))
    assert grid(doc)[2] == "..^^^^..." and grid(doc)[3] == "..^^^^..."

    tools.select_paint("*")
    tools.select_tool(Tool.FILL)
    tools.press((8, 8))
    tools.release((8, 8))
    assert grid(doc)[2] == "**^^^^***" and grid(doc)[0] == "~~~~~~~~~"

    tools.select_tool(Tool.PICK)
    tools.press((2, 3))
    tools.release((2, 3))
    assert tools.paint == "^" and tools.tool is Tool.FILL  # back to the tool in use before
    tools.press((0, 4), RIGHT)  # the right button picks with any drawing tool
    assert tools.paint == "~"
    assert [doc.undo().label for _ in range(3)] == ["Fill", "Rectangle", "Line"]
    assert grid(doc) == BLANK9 and not doc.history.can_undo


def test_fill_with_the_same_paint_records_nothing() -> None:
    doc = doc_of(*BLANK9)
    assert doc.fill((0, 0), ".") is None
    assert not doc.history.can_undo and not doc.dirty


def test_a_stroke_off_the_board_is_ignored_and_bad_paints_are_refused() -> None:
    doc = doc_of(*BLANK9)
    assert doc.paint([(-1, 0), (0, 99)], "f") is None
    with pytest.raises(ValueError, match="unknown paint 'q'"):
        doc.paint([(0, 0)], "q")
    with pytest.raises(ValueError, match="off the 9x9 board"):
        doc.fill((9, 0), "f")


# ---------------------------------------------------------------------------- cities


def test_cities_are_placed_owned_moved_and_removed() -> None:
    doc = doc_of(*BLANK9)
    tools = ToolController(doc)
    tools.select_paint("G")
    assert tools.tool is Tool.CITY
    tools.press((7, 1))
    tools.release((7, 1))
    assert doc.at((7, 1)) == "G"
    tools.select_paint("S")
    tools.press((1, 7))
    tools.release((1, 7))
    assert doc.checks.playable
    # click on a city: it takes the selected owner
    tools.select_paint("P")
    tools.press((7, 1))
    tools.release((7, 1))
    assert doc.at((7, 1)) == "P" and not doc.checks.playable
    assert [f.code for f in doc.checks.errors()] == ["no-city"]
    doc.undo()
    assert doc.at((7, 1)) == "G"
    # drag a city: it moves, plains stay behind
    doc.paint([(6, 2)], "f")
    tools.press((7, 1))
    primary, _ = tools.preview()
    assert primary == {}  # nothing to show until the mouse moves
    tools.drag((6, 2))
    assert tools.preview()[0] == {(6, 2): "G"}
    tools.release((6, 2))
    assert doc.at((7, 1)) == "." and doc.at((6, 2)) == "G"
    assert doc.history.undo_label == "Move city"
    # right-click removes
    tools.press((6, 2), RIGHT)
    assert doc.at((6, 2)) == "." and doc.history.undo_label == "Remove city"
    doc.undo()
    assert doc.at((6, 2)) == "G"


def test_terrain_flows_around_cities() -> None:
    doc = doc_of(*BLANK9)
    doc.city_ops.place_city((4, 4), Player.GOLD)
    doc.symmetry = "rot180"
    doc.paint(brush_cells((4, 4), 5, 9, 9), "f")
    assert doc.at((4, 4)) == "G" and doc.at((4, 3)) == "f" and doc.at((2, 2)) == "f"
    doc.rectangle((0, 0), (8, 8), "~")
    assert doc.at((4, 4)) == "G" and doc.at((0, 0)) == "~"
    assert doc.fill((4, 4), "^") is None  # the city's own region is just the city
    assert doc.at((4, 4)) == "G"
    doc.paint([(4, 4)], "S")  # a city paint replaces the city: a new owner
    assert doc.at((4, 4)) == "S"


def test_city_rules_give_plain_errors() -> None:
    doc = doc_of(*BLANK9)
    doc.city_ops.place_city((1, 1), Player.GOLD)
    doc.city_ops.place_city((7, 7), Player.SILVER)
    with pytest.raises(ValueError, match="already a city at row 8 col 8"):
        doc.city_ops.move_city((1, 1), (7, 7))
    with pytest.raises(ValueError, match="no city at row 5 col 5"):
        doc.city_ops.remove_city((4, 4))
    with pytest.raises(ValueError, match="no city"):
        doc.city_ops.set_owner((4, 4), None)


def test_a_mirrored_move_never_lands_the_twin_on_another_city() -> None:
    doc = doc_of(*BLANK9)
    doc.symmetry = "mirror-x"
    doc.city_ops.place_city((1, 1), Player.GOLD)  # and silver at (1, 7)
    doc.symmetry = None
    doc.city_ops.place_city((5, 6), None)  # a lone pewter city: the mirror of (5, 2)
    doc.symmetry = "mirror-x"
    before = grid(doc)
    with pytest.raises(ValueError, match="mirror cell row 6 col 7 already holds a city"):
        doc.city_ops.move_city((1, 1), (5, 2))
    assert grid(doc) == before
    doc.city_ops.move_city((1, 1), (4, 2))  # a free mirror: both cities move
    assert doc.at((4, 2)) == "G" and doc.at((4, 6)) == "S" and doc.at((5, 6)) == "P"
    assert doc.at((1, 1)) == "." and doc.at((1, 7)) == "."


def test_a_city_on_water_is_a_city_and_the_map_writes() -> None:
    # A city replaces the terrain of its cell: there is no such thing as a city on water here.
    doc = doc_of(*["~~~~~~~~~"] * 9)
    doc.city_ops.place_city((4, 0), Player.GOLD)
    doc.city_ops.place_city((4, 8), Player.SILVER)
    game_map = doc.to_game_map()
    assert game_map.at((4, 0)) is Terrain.CITY and game_map.cities[(4, 0)] is Player.GOLD
    # but no first word fits: both ends of every line would be on water
    assert {f.code for f in doc.checks.errors()} == {"no-first-word"}


# ---------------------------------------------------------------------------- symmetry


@pytest.mark.parametrize("symmetry", ["mirror-x", "mirror-y", "rot180"])
def test_every_tool_keeps_a_symmetric_map_symmetric(symmetry: str) -> None:
    doc = doc_of(*(["." * 11] * 9))
    doc.symmetry = symmetry
    tools = ToolController(doc)
    tools.select_paint("f")
    tools.set_brush_size(3)
    tools.press((1, 1))
    tools.drag((2, 3))
    tools.release((2, 3))
    tools.select_tool(Tool.LINE)
    tools.select_paint("~")
    tools.press((0, 5))
    tools.release((3, 2))
    tools.select_tool(Tool.RECT)
    tools.select_paint("^")
    tools.press((6, 0))
    tools.release((7, 1))
    tools.select_tool(Tool.FILL)
    tools.select_paint("*")
    tools.press((4, 5))
    tools.release((4, 5))
    tools.select_paint("G")
    tools.press((3, 1))
    tools.release((3, 1))
    tools.select_paint("P")
    tools.press((0, 0))
    tools.release((0, 0))
    assert detect_symmetry(doc.to_game_map()) == symmetry
    cities = doc.cities()
    assert sorted(cities.values()).count("G") == sorted(cities.values()).count("S") == 1
    # moving and removing keep it too
    tools.select_paint("G")
    tools.press((3, 1))
    tools.drag((2, 1))
    tools.release((2, 1))
    assert detect_symmetry(doc.to_game_map()) == symmetry
    tools.press((0, 0), RIGHT)
    assert "P" not in doc.cities().values()
    assert detect_symmetry(doc.to_game_map()) == symmetry
    # one undo takes back the stroke and its mirror together
    doc.undo()
    assert list(doc.cities().values()).count("P") == 2


def test_the_mirror_preview_and_removing_a_city_leaves_other_terrain_alone() -> None:
    doc = doc_of(*(["." * 9] * 7))
    tools = ToolController(doc)
    tools.select_paint("G")
    tools.hover = (1, 1)
    assert tools.preview() == ({(1, 1): "G"}, {})
    doc.symmetry = "rot180"
    assert tools.preview() == ({(1, 1): "G"}, {(5, 7): "S"})
    doc.symmetry = None
    doc.city_ops.place_city((1, 1), Player.GOLD)
    doc.paint([(5, 7)], "f")
    doc.symmetry = "rot180"
    doc.city_ops.remove_city((1, 1))
    assert doc.at((1, 1)) == "." and doc.at((5, 7)) == "f"


def test_unknown_symmetry_is_refused() -> None:
    doc = doc_of(*BLANK9)
    with pytest.raises(ValueError, match="unknown symmetry 'diagonal'"):
        doc.symmetry = "diagonal"


# ---------------------------------------------------------------------------- history


def test_undo_and_redo_have_no_limit() -> None:
    doc = doc_of(*(["." * 40] * 30))
    for i in range(500):
        doc.paint([(i % 30, i // 30)], "f~^"[i % 3])
    final = grid(doc)
    for _ in range(500):
        assert doc.undo() is not None
    assert doc.undo() is None
    assert grid(doc) == ["." * 40] * 30 and not doc.dirty
    for _ in range(500):
        doc.redo()
    assert grid(doc) == final and doc.redo() is None


def test_a_new_change_after_undo_drops_the_redo_stack() -> None:
    doc = doc_of(*BLANK9)
    doc.paint([(0, 0)], "f")
    doc.paint([(0, 1)], "f")
    doc.undo()
    assert doc.history.can_redo and doc.history.redo_label == "Paint"
    doc.paint([(5, 5)], "~")
    assert not doc.history.can_redo
    assert grid(doc)[0] == "f........"


def test_dirty_follows_undo_back_to_the_saved_state(tmp_path) -> None:
    doc = doc_of(*BLANK9)
    doc.city_ops.place_city((0, 0), Player.GOLD)
    doc.city_ops.place_city((8, 8), Player.SILVER)
    assert doc.dirty
    doc.save(tmp_path / "a.map")
    assert not doc.dirty
    doc.paint([(4, 4)], "f")
    assert doc.dirty
    doc.undo()
    assert not doc.dirty  # back where the file is
    doc.undo()
    assert doc.dirty
    doc.redo()
    assert not doc.dirty
    doc.undo()
    doc.paint([(3, 3)], "~")  # the saved state is now out of reach of redo
    doc.undo()
    assert doc.dirty


def test_history_on_its_own() -> None:
    history = History()
    assert history.undo(None) is None and history.at_saved  # type: ignore[arg-type]
    assert history.undo_label is None and history.redo_label is None


# ---------------------------------------------------------------------------- whole map


def test_resize_keeps_the_corner_or_the_centre_and_is_undoable() -> None:
    doc = doc_of(*(["f........"] + ["." * 9] * 7 + ["........G"]))
    doc.resize(11, 7, anchor="top-left", fill="~")
    assert (doc.width, doc.height) == (11, 7)
    assert grid(doc)[0] == "f........~~" and grid(doc)[6] == ".........~~"
    assert "G" not in doc.cities().values()  # cut off
    doc.undo()
    assert (doc.width, doc.height) == (9, 9) and doc.at((8, 8)) == "G"
    doc.resize(13, 9, anchor="centre")
    assert grid(doc)[0] == "..f.........." and doc.at((8, 10)) == "G"
    with pytest.raises(ValueError, match="the width must be a whole number from 7 to 64, not 65"):
        doc.resize(65, 9)
    with pytest.raises(ValueError, match="anchor"):
        doc.resize(9, 9, anchor="middle")
    assert doc.resize(13, 9) is None


def test_rename_and_details_are_undoable_and_checked() -> None:
    doc = doc_of(*BLANK9, name="Old")
    doc.rename("  New Name ")
    assert doc.name == "New Name" and doc.history.undo_label == "Rename"
    doc.set_details(author="Me", description="A test.", version=3)
    assert doc.details == Details("New Name", "Me", "A test.", 3)
    doc.undo()
    assert doc.details == Details("New Name")
    doc.undo()
    assert doc.name == "Old"
    with pytest.raises(ValueError, match="needs a name"):
        doc.rename("   ")
    with pytest.raises(ValueError, match="one line"):
        doc.set_details(description="two\nlines")
    with pytest.raises(ValueError, match="version"):
        doc.set_details(version=0)


def test_new_maps() -> None:
    doc = MapDocument.blank(20, 12, base="f", name="Woods")
    assert doc.rows == ("f" * 20,) * 12 and doc.name == "Woods" and not doc.dirty
    assert [f.code for f in doc.checks.errors()] == ["no-city", "no-city"]
    assert doc.checks.fairness() is None
    with pytest.raises(ValueError, match="height must be a whole number from 7 to 64, not 3"):
        MapDocument.blank(9, 3)
    with pytest.raises(ValueError, match="base terrain"):
        MapDocument.blank(9, 9, base="G")


def test_generate_is_seeded_playable_and_unsaved() -> None:
    a = MapDocument.generated(21, 17, seed=4, symmetry="mirror-x")
    b = MapDocument.generated(21, 17, seed=4, symmetry="mirror-x")
    assert a.rows == b.rows and a.name == b.name
    assert a.checks.playable and detect_symmetry(a.to_game_map()) == "mirror-x"
    assert a.dirty and a.path is None  # nothing on disk yet
    assert MapDocument.generated(21, 17, seed=5).rows != a.rows
    assert a.checks.fairness() is not None


# ---------------------------------------------------------------------------- files


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.name)
def test_shipped_maps_round_trip_unchanged_through_the_editor(path, tmp_path) -> None:
    doc = MapDocument.open(path)
    assert doc.path == path and not doc.dirty
    assert doc.to_game_map() == load_map(path)
    out = doc.save(tmp_path / path.name)
    assert out.read_bytes() == path.read_bytes()


def test_save_as_then_reopen(tmp_path) -> None:
    doc = MapDocument.open("cinder-ford")
    doc.paint([(0, 0)], "x")
    doc.rename("Cinder Ford Remix")
    target = tmp_path / "sub" / f"{file_stem(doc.name)}.map"
    assert target.name == "cinder-ford-remix.map"
    doc.save(target)
    assert doc.path == target and not doc.dirty
    again = MapDocument.open(target)
    assert again.rows == doc.rows and again.details == doc.details
    assert format_map(again.to_game_map()) == target.read_text()


def test_saving_an_unplayable_map_is_refused_with_the_reason(tmp_path) -> None:
    doc = doc_of(*BLANK9)
    doc.city_ops.place_city((4, 4), Player.GOLD)
    target = tmp_path / "bad.map"
    with pytest.raises(SaveRefused, match="not saved: silver has no city") as info:
        doc.save(target)
    assert [f.code for f in info.value.errors] == ["no-city"]
    assert not target.exists() and doc.dirty
    doc.city_ops.place_city((0, 0), Player.SILVER)
    doc.paint([(r, c) for r in range(9) for c in range(9) if (r, c) not in ((4, 4), (0, 0))], "x")
    with pytest.raises(SaveRefused, match="no room for a first word.*1 more error"):
        doc.save(target)
    assert not target.exists()


def test_save_needs_a_path_and_the_default_is_in_maps() -> None:
    doc = MapDocument.blank(9, 9, name="The Pewter Marches")
    assert doc.default_path().name == "the-pewter-marches.map"
    assert doc.default_path().parent.name == "maps"
    with pytest.raises(ValueError, match="Save as"):
        doc.save()


def test_opening_a_bad_file_names_the_defect(tmp_path) -> None:
    bad = tmp_path / "bad.map"
    bad.write_text("scryptic-map 1\nname: x\nversion: 1\ngrid:\n" + "#......\n" * 7)
    with pytest.raises(MapError, match="unknown terrain character '#'"):
        MapDocument.open(bad)
    with pytest.raises(FileNotFoundError, match="no map file or shipped map"):
        MapDocument.open(tmp_path / "missing.map")


def test_the_checks_are_the_validators() -> None:
    doc = MapDocument.open("hollowmere")
    assert doc.checks.findings() == check_map(load_map("hollowmere"))
    doc.symmetry = None
    doc.city_ops.remove_city((9, 6))  # gold's only city
    assert [f.code for f in doc.checks.errors()] == ["no-city"]
    doc.undo()
    assert doc.checks.playable


# ---------------------------------------------------------------------------- command line


def test_scryptic_editor_reports_a_bad_map_before_opening_a_window(tmp_path, capsys) -> None:
    from scryptic.cli import main

    assert main(["editor", str(tmp_path / "nowhere.map")]) == 2
    assert "no map file or shipped map" in capsys.readouterr().err
    bad = tmp_path / "bad.map"
    bad.write_text("scryptic-map 2\n")
    assert main(["editor", str(bad)]) == 2
    assert "unsupported map format version '2'" in capsys.readouterr().err
    assert main(["editor", "--size", "640x480"]) == 2
    assert "out of range" in capsys.readouterr().err


def test_an_untitled_map_takes_its_name_from_the_file_it_is_saved_as(tmp_path) -> None:
    from shared.maps.files import load_map

    doc = MapDocument.blank(12, 10)
    assert doc.name == "Untitled map"
    with pytest.raises(SaveRefused):
        doc.save(tmp_path / "river-bend.map")  # no city yet: refused unless saved as a draft
    assert doc.name == "Untitled map" and not (tmp_path / "river-bend.map").exists(), "nothing changed"
    written = doc.save(tmp_path / "river-bend.map", as_draft=True)
    assert doc.name == "River Bend" and not doc.dirty
    assert load_map(written, drafts=True).name == "River Bend"
    named = MapDocument.blank(12, 10, name="Woods")
    named.save(tmp_path / "other.map", as_draft=True)
    assert named.name == "Woods", "a map with a name of its own keeps it"
