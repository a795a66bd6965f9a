"""Where the editor proposes to save: the player's maps folder, never the install folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from client.editor.document import MapDocument
from client.editor.file_dialog import display_path, elided, list_maps
from client.editor.folders import is_shipped, user_maps_dir
from shared.maps.files import MAPS_DIR, load_map, save_map, shipped_maps


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SCRYPTIC_DATA_DIR", str(folder))
    return folder


def test_the_maps_folder_is_in_the_data_folder_and_made_when_first_needed(data_dir: Path) -> None:
    assert user_maps_dir(create=False) == data_dir / "maps" and not (data_dir / "maps").exists()
    assert user_maps_dir() == data_dir / "maps" and (data_dir / "maps").is_dir()


def test_a_new_map_is_proposed_in_the_maps_folder_under_its_name(data_dir: Path) -> None:
    doc = MapDocument.blank(9, 9, name="The Pewter Marches")
    assert doc.default_path() == data_dir / "maps" / "the-pewter-marches.map"
    assert doc.default_path(".tmj") == data_dir / "maps" / "the-pewter-marches.tmj"


def test_a_shipped_map_is_proposed_as_a_copy_in_the_maps_folder(data_dir: Path) -> None:
    shipped = shipped_maps()[0]
    assert is_shipped(shipped) and is_shipped(MAPS_DIR / "x.map")
    doc = MapDocument.open(shipped)
    assert doc.default_path() == data_dir / "maps" / shipped.name
    assert not str(doc.default_path()).startswith(str(MAPS_DIR))


def test_the_players_own_file_is_proposed_where_it_is(data_dir: Path, tmp_path: Path) -> None:
    own = save_map(load_map(shipped_maps()[0]), tmp_path / "mine" / "ford.map")
    assert not is_shipped(own) and not is_shipped(None)
    doc = MapDocument.open(own)
    assert doc.default_path() == own and doc.default_path(".tmj") == own.with_suffix(".tmj")


def test_the_file_list_shows_the_players_maps_then_the_shipped_ones(data_dir: Path) -> None:
    folder = user_maps_dir()
    save_map(load_map(shipped_maps()[0]), folder / "b.map")
    (folder / "a.map").write_text("not a map")
    (folder / "notes.txt").write_text("ignored")
    entries = list_maps(folder, ".map", shipped=True)
    assert [e.path for e in entries] == [folder / "a.map", folder / "b.map", *shipped_maps()]
    assert entries[0].caption == "a.map: cannot be read (MapError)"
    assert entries[1].caption.endswith("b.map") and "comes with the game" in entries[2].caption
    assert list_maps(folder, ".tmj") == [] and list_maps(folder / "missing", ".map") == []


def test_paths_are_shown_short() -> None:
    assert display_path(Path.cwd() / "maps" / "x.map") == str(Path("maps") / "x.map")
    assert display_path(Path.home() / "maps" / "x.map").startswith("~/") or Path.cwd() == Path.home()
    text = "/a/very/long/folder/name/that/goes/on/and/on/maps/file.map"
    short = elided(text, 30)
    assert len(short) == 30 and short.startswith("/a/very/") and short.endswith("maps/file.map")
    assert elided("short", 30) == "short"


def test_a_tiled_map_opens_as_an_unsaved_import(tmp_path: Path) -> None:
    from shared.maps.tiled_files import save_tiled

    game_map = load_map(shipped_maps()[0])
    save_tiled(game_map, tmp_path / "t.tmj")
    doc = MapDocument.open(tmp_path / "t.tmj")
    assert doc.to_game_map() == game_map and doc.path is None and doc.dirty
