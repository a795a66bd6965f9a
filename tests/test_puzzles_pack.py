"""The puzzle pack: the file format (versioned header, a checksum an entry), damaged entries
skipped with a clear error, and every shipped puzzle replayed by the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from shared.analysis.winchance import load_model
from shared.maps.files import shipped_maps
from shared.puzzles.miner import verify_puzzle
from shared.puzzles.model import KEEP_LETTERS, PuzzleError
from shared.puzzles.pack import FORMAT, VERSION, default_pack_path, load_pack, pack_text, write_pack
from shared.puzzles.position import position_of, rebuild
from shared.puzzles.scan import scan_defence, scan_turn
from shared.puzzles.themes import THEMES
from shared.words.dictionary import load_dictionary

from puzzle_helpers import city_puzzle


@pytest.fixture(scope="module")
def shipped():
    loaded = load_pack()
    assert loaded.errors == []
    return loaded


@pytest.fixture(scope="module")
def dictionary():
    return load_dictionary()


def _two(tmp_path: Path) -> tuple[Path, list]:
    puzzles = [city_puzzle("cqv"), city_puzzle("crq")]
    path = write_pack(puzzles, tmp_path / "pack.jsonl", {"seed": 7})
    return path, puzzles


def test_a_pack_round_trips_and_its_header_says_what_it_is(tmp_path):
    path, puzzles = _two(tmp_path)
    header = json.loads(path.read_text().splitlines()[0])
    assert header == {"format": FORMAT, "version": VERSION, "count": 2, "seed": 7}
    loaded = load_pack(path)
    assert loaded.errors == [] and loaded.puzzles == puzzles
    assert path.read_text() == pack_text(puzzles, {"seed": 7})


def test_a_damaged_entry_is_named_and_the_others_still_load(tmp_path):
    path, puzzles = _two(tmp_path)
    lines = path.read_text().splitlines()
    lines[1] = lines[1].replace('"rating":1500.0', '"rating":1900.0')  # the checksum no longer matches
    lines.append("{not json")
    lines.append(json.dumps({"puzzle": {"id": "x"}, "sha256": "0"}))
    path.write_text("\n".join(lines) + "\n")
    loaded = load_pack(path)
    assert [p.id for p in loaded.puzzles] == [puzzles[1].id]
    assert len(loaded.errors) == 3
    assert "line 2: puzzle " in loaded.errors[0] and "checksum does not match" in loaded.errors[0]
    assert "line 4: not valid JSON" in loaded.errors[1]
    assert "line 5: not a puzzle" in loaded.errors[2]


def test_a_pack_of_another_version_or_format_loads_nothing_and_says_why(tmp_path):
    path, _ = _two(tmp_path)
    lines = path.read_text().splitlines()
    lines[0] = lines[0].replace(f'"version": {VERSION}', '"version": 99')
    path.write_text("\n".join(lines) + "\n")
    loaded = load_pack(path)
    assert loaded.puzzles == [] and "pack version 99; this version of Scryptic reads version 1 only" in loaded.errors[0]
    path.write_text('{"format": "scryptic-record"}\n')
    assert "not a puzzle pack" in load_pack(path).errors[0]
    assert "cannot read the pack" in load_pack(tmp_path / "missing.jsonl").errors[0]


def test_a_second_entry_with_one_id_is_refused(tmp_path):
    puzzle = city_puzzle()
    with pytest.raises(PuzzleError, match="each puzzle id once"):
        write_pack([puzzle, puzzle], tmp_path / "p.jsonl")
    path = tmp_path / "p.jsonl"
    text = pack_text([puzzle])
    path.write_text(text + text.splitlines()[1] + "\n")
    loaded = load_pack(path)
    assert len(loaded.puzzles) == 1 and "a second puzzle" in loaded.errors[0]


def test_the_pack_ships_as_package_data():
    text = Path("pyproject.toml").read_text()
    assert '"shared.puzzles" = ["pack.jsonl"]' in text
    assert default_pack_path().name == "pack.jsonl" and default_pack_path().exists()


def test_every_shipped_puzzle_is_solved_by_its_solutions_replayed_from_the_stored_position(shipped, dictionary):
    for puzzle in shipped.puzzles:
        verify_puzzle(puzzle, dictionary)


def test_the_shipped_pack_covers_every_shipped_map_and_the_mined_themes(shipped):
    maps = {p.map_name for p in shipped.puzzles}
    assert maps == {path.stem for path in shipped_maps()}
    themes = {t for p in shipped.puzzles for t in p.themes}
    # The miner's solutions are single commits or defence orders (docs/puzzles.md, Themes).
    assert themes == set(THEMES) - {"redeployment", "multi_commit"}
    assert shipped.header["count"] == len(shipped.puzzles)


def test_a_sample_of_shipped_puzzles_is_unique_again_by_enumeration(shipped, dictionary):
    model = load_model()
    sample = random.Random(20261204).sample(shipped.puzzles, min(4, len(shipped.puzzles)))
    sample += [next(p for p in shipped.puzzles if p.goal.kind == KEEP_LETTERS)]
    for puzzle in sample:
        if puzzle.goal.kind == KEEP_LETTERS:
            base = rebuild(puzzle.position.__class__(**{**_fields(puzzle.position), "then": ()}), dictionary)
            found = scan_defence(base, puzzle.position.then[0], model)
        else:
            found = scan_turn(position_of(puzzle, dictionary), model)
        assert found is not None, puzzle.id
        assert found.goal == puzzle.goal and tuple(found.solutions) == puzzle.solutions, puzzle.id


def _fields(struct) -> dict:
    return {name: getattr(struct, name) for name in struct.__struct_fields__}
