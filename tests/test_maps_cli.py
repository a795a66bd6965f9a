"""``scryptic map generate | validate | show | list`` and their exit codes."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from scryptic.commands import maps as cli_maps
from shared.maps.files import load_map, shipped_maps
from shared.maps.format import parse_map

BROKEN = "scryptic-map 1\nname: Broken\nversion: 1\ngrid:\nG......\n...#...\n" + ".......\n" * 4 + "......S\n"
LAVA_RING = (
    "scryptic-map 1\nname: Ringed\nversion: 1\ngrid:\n"
    "S......\n.......\n.......\n.......\n.....x.\n....xGx\n.....x.\n"
)
LOPSIDED = (
    "scryptic-map 1\nname: Lopsided\nversion: 1\ngrid:\n"
    "S......\n.......\n.......\n.......\n.......\n....^^^\n....^^G\n"
)


def run(*argv: str) -> int:
    """Run ``scryptic map ARGV`` through this module's own parser (other commands not needed)."""
    parser = argparse.ArgumentParser(prog="scryptic")
    subparsers = parser.add_subparsers(dest="command", required=True)
    bench = subparsers.add_parser("bench").add_subparsers(dest="bench_command")
    cli_maps.register(subparsers, bench)
    args = parser.parse_args(["map", *argv])
    return args.func(args)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_validate_passes_the_shipped_maps(capsys) -> None:
    assert run("validate") == 0
    out = capsys.readouterr().out
    assert out.count(": ok (") == len(shipped_maps()) >= 3


def test_validate_fails_on_a_parse_error_and_names_the_line(tmp_path, capsys) -> None:
    good = shipped_maps()[0]
    broken = write(tmp_path, "broken.map", BROKEN)
    assert run("validate", str(good), str(broken)) == 1
    out = capsys.readouterr().out
    assert f"{broken}:6:4: error: unknown terrain character '#'" in out
    assert f"{good}: ok" in out


def test_validate_fails_on_an_unplayable_map(tmp_path, capsys) -> None:
    ringed = write(tmp_path, "ringed.map", LAVA_RING)
    assert run("validate", str(ringed)) == 1
    out = capsys.readouterr().out
    assert (
        "unplayable" in out and "error: gold has no room for a first word" in out and "[no-first-word]" in out
    )


def test_validate_fails_on_a_missing_file(tmp_path, capsys) -> None:
    assert run("validate", str(tmp_path / "nowhere.map")) == 1
    assert "no map file or shipped map called" in capsys.readouterr().out


def test_warnings_pass_unless_strict(tmp_path, capsys) -> None:
    lopsided = write(tmp_path, "lopsided.map", LOPSIDED)
    assert run("validate", str(lopsided)) == 0
    assert (
        "warning: mountains in each side's half: gold 5, silver 0 [territory-terrain]"
        in capsys.readouterr().out
    )
    assert run("validate", "--strict", str(lopsided)) == 1


def test_validate_report_prints_both_sides(capsys) -> None:
    assert run("validate", "--report", "cinder-ford") == 0
    out = capsys.readouterr().out
    assert "symmetry: rot180" in out and "first-word lines" in out


def test_generate_prints_the_same_map_for_the_same_seed(capsys) -> None:
    assert run("generate", "--size", "20x16", "--seed", "7", "--symmetry", "mirror-y") == 0
    first = capsys.readouterr().out
    assert run("generate", "--size", "20x16", "--seed", "7", "--symmetry", "mirror-y") == 0
    assert capsys.readouterr().out == first
    m = parse_map(first)
    assert (m.width, m.height) == (20, 16)


def test_generate_writes_a_valid_file_and_will_not_overwrite(tmp_path, capsys) -> None:
    out = tmp_path / "gen.map"
    assert (
        run("generate", "--size", "30x22", "--seed", "abc", "--name", "Test Ground", "--out", str(out)) == 0
    )
    assert "wrote" in capsys.readouterr().out
    assert load_map(out).name == "Test Ground"
    assert run("validate", "--strict", str(out)) == 0
    before = out.read_text()
    assert run("generate", "--seed", "other", "--out", str(out)) == 1
    assert "exists" in capsys.readouterr().err and out.read_text() == before
    assert run("generate", "--seed", "other", "--out", str(out), "--force") == 0
    assert out.read_text() != before


def test_generate_without_a_seed_reports_the_seed_it_used(capsys) -> None:
    assert run("generate", "--size", "15x15") == 0
    captured = capsys.readouterr()
    seed = captured.err.split("seed: ")[1].split()[0]
    assert run("generate", "--size", "15x15", "--seed", seed) == 0
    assert capsys.readouterr().out == captured.out


@pytest.mark.parametrize("size", ["6x20", "20x65", "20", "axb", "20x"])
def test_generate_rejects_a_bad_size(size: str, capsys) -> None:
    with pytest.raises(SystemExit) as info:
        run("generate", "--size", size)
    assert info.value.code == 2
    assert "--size" in capsys.readouterr().err


def test_show_prints_the_grid_and_list_names_the_maps(capsys) -> None:
    path = shipped_maps()[0]
    m = load_map(path)
    assert run("show", m.name.upper()) == 0
    out = capsys.readouterr().out
    grid = path.read_text().split("grid:\n")[1]
    assert grid in out and m.name in out
    assert run("show", "no-such-map") == 1
    assert run("list") == 0
    listing = capsys.readouterr().out
    assert all(p.stem in listing for p in shipped_maps())


def test_show_and_list_give_the_fronts(capsys) -> None:
    assert run("show", "anvil") == 0
    out = capsys.readouterr().out
    # gold's enemy lies 8 rows up and 4 columns right: its words reach it mostly from their starts
    assert "front: gold row 11 col 5 -> row 3 col 9: 12 steps; pewter between: row 7 col 7; " \
        "mountains on the way: 8; grows toward it from the starts of its words (lean -4)" in out
    assert "front: silver row 3 col 9 -> row 11 col 5: 12 steps; pewter between: row 7 col 7; " \
        "mountains on the way: 8; grows toward it from the ends of its words (lean +4)" in out
    assert run("list") == 0
    anvil = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("anvil "))
    assert anvil.split() == ["anvil", "The", "Anvil", "13x13", "cities:", "gold", "1,", "silver", "1,",
                             "pewter", "1,", "fronts", "12", "steps"]


def test_the_scryptic_command_returns_the_exit_codes(tmp_path) -> None:
    broken = write(tmp_path, "broken.map", BROKEN)
    scryptic = Path(sys.executable).with_name("scryptic")
    command = [str(scryptic)] if scryptic.exists() else [sys.executable, "-m", "scryptic"]
    ok = subprocess.run([*command, "map", "validate", "cinder-ford"], capture_output=True, text=True)
    bad = subprocess.run([*command, "map", "validate", str(broken)], capture_output=True, text=True)
    assert (ok.returncode, bad.returncode) == (0, 1), ok.stderr + bad.stderr
