"""`scryptic puzzles ...`: list, show, daily, solve (typed in the terminal, rated once), rating."""

from __future__ import annotations

import io
import json

import pytest

from scryptic.cli import main
from shared.puzzles.pack import write_pack

from puzzle_helpers import city_puzzle


@pytest.fixture
def pack(tmp_path):
    puzzle = city_puzzle()
    return puzzle, str(write_pack([puzzle], tmp_path / "pack.jsonl"))


def test_list_and_show_print_the_puzzle_and_hide_the_solution(pack, capsys):
    puzzle, path = pack
    assert main(["puzzles", "list", "--pack", path]) == 0
    assert capsys.readouterr().out.split() == [puzzle.id, "test", "standard", "1500", "take_city", "city_taken"]
    assert main(["puzzles", "show", puzzle.id, "--pack", path]) == 0
    out = capsys.readouterr().out
    assert "Silver to play" in out and "Goal: Take a city this turn." in out
    assert "Your rack: C Q V" in out and "Cities: gold at 2,2, silver at 4,2" in out
    assert "Solution" not in out
    assert main(["puzzles", "show", puzzle.id, "--pack", path, "--solutions"]) == 0
    assert "Solution 1:" in capsys.readouterr().out


def test_an_unknown_puzzle_is_a_usage_error(pack, capsys):
    _, path = pack
    assert main(["puzzles", "show", "nothing", "--pack", path]) == 2
    assert "no puzzle 'nothing' in the pack" in capsys.readouterr().err


def test_daily_shows_the_dates_puzzle(pack, capsys):
    puzzle, path = pack
    assert main(["puzzles", "daily", "--pack", path, "--date", "2026-12-04"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Daily puzzle of 2026-12-04\n") and puzzle.id in out


def test_solve_in_the_terminal_rates_the_first_attempt_only(pack, tmp_path, monkeypatch, capsys):
    puzzle, path = pack
    progress = tmp_path / "progress.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nhint\nfly away\nword 2,2 down cat\ndone\n"))
    assert main(["puzzles", "solve", puzzle.id, "--pack", path, "--progress", str(progress)]) == 0
    out = capsys.readouterr().out
    assert "Hint: the themes are city_taken." in out and "Hint: look at row 2 column 2." in out
    assert "? not an action: 'fly away'" in out
    assert "Solved! The goal: Take a city this turn." in out
    saved = json.loads(progress.read_text())
    assert saved["streak"] == 1 and list(saved["attempts"]) == [puzzle.id]
    rating = saved["rating"]["rating"]
    monkeypatch.setattr("sys.stdin", io.StringIO("end\ndone\n"))
    assert main(["puzzles", "solve", puzzle.id, "--pack", path, "--progress", str(progress)]) == 1
    out = capsys.readouterr().out
    assert "Not solved." in out and "Not rated: puzzle" in out
    assert json.loads(progress.read_text())["rating"]["rating"] == rating
    assert main(["puzzles", "rating", "--progress", str(progress)]) == 0
    assert capsys.readouterr().out.startswith(f"Puzzle rating {rating:.0f} (deviation 290); streak 1, best 1; "
                                              "1 attempted, 1 solved")


def test_an_illegal_typed_turn_is_refused_and_not_rated(pack, tmp_path, monkeypatch, capsys):
    puzzle, path = pack
    progress = tmp_path / "progress.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("word 2,2 down zat\ndone\n"))
    assert main(["puzzles", "solve", puzzle.id, "--pack", path, "--progress", str(progress)]) == 1
    assert "That turn is not legal (action 1:" in capsys.readouterr().out
    assert not progress.exists()
