"""Every bad input and every fault gets one line that says what was wrong and what to do.

Exit code 2 for bad usage, 1 for a fault, never a traceback (unless ``--debug``), and nothing
written when a command fails. Most cases run in this process through ``scryptic.cli.main``; a
few run the real ``scryptic`` program.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from scryptic.cli import main
from shared.rules.actions import EndTurn
from shared.rules.game import Game
from shared.rules.presets import STANDARD
from random_play import LEXICON, WORDS
from test_rules_properties import ARENA

ROOT = Path(__file__).resolve().parent.parent


def invoke(*argv: str) -> tuple[int, str, str]:
    """Run ``scryptic ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def scryptic(*argv: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run the real ``scryptic`` program."""
    program = Path(sys.executable).with_name("scryptic")
    command = [str(program)] if program.exists() else [sys.executable, "-m", "scryptic"]
    return subprocess.run(command + [str(a) for a in argv], capture_output=True, text=True, timeout=timeout,
                          env=env if env is not None else dict(os.environ), cwd=ROOT)


def error_line(err: str, command: str, *fragments: str) -> str:
    """The one error line in ``err`` (other lines may be the server's JSON log); no traceback."""
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.startswith(f"scryptic {command}".rstrip() + ":")]
    assert len(lines) == 1, err
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


@pytest.fixture(autouse=True)
def keep_logging():
    """`scryptic server` sets up the `scryptic` and `websockets` loggers: put them back."""
    saved = {name: (lg.handlers[:], lg.propagate, lg.level)
             for name in ("scryptic", "websockets") for lg in [logging.getLogger(name)]}
    yield
    for name, (handlers, propagate, level) in saved.items():
        lg = logging.getLogger(name)
        lg.handlers[:], lg.propagate, lg.level = handlers, propagate, level


@pytest.fixture
def words(tmp_path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS))
    return path


def record_text() -> str:
    game = Game.new(ARENA, STANDARD, 1, LEXICON)
    game.apply(EndTurn(game.actor))
    return game.record().to_text()


# ------------------------------------------------------------------------------ the dispatcher


@pytest.mark.parametrize("argv, command, fragment", [
    ([], "", "required: COMMAND"),
    (["nosuch"], "", "invalid choice: 'nosuch'"),
    (["bench"], "bench", "required: WHAT"),
    (["server", "--port", "x"], "server", "--port: a port is a whole number from 0 to 65535, not 'x'"),
    (["server", "--port", "70000"], "server", "not 70000"),
    (["server", "--rate", "-1"], "server", "--rate: give a number above 0"),
    (["cli", "--bot", "0"], "cli", "there is no AI level 0; levels: 1 (Squire)"),
    (["bench", "decide", "--level", "9"], "bench decide", "there is no AI level 9; levels: 1 (Squire)"),
    (["play", "--size", "10x10"], "play", "out of range"),
    (["replay"], "replay", "required: file"),
])
def test_bad_usage_is_one_line_and_exit_2(argv, command, fragment):
    code, out, err = invoke(*argv)
    assert code == 2 and out == ""
    line = error_line(err, command, fragment)
    assert line.endswith("--help`)") and err.count("\n") == 1


def test_an_unexpected_error_is_one_line_and_debug_shows_the_traceback(monkeypatch, tmp_path):
    def broken(args):
        raise RuntimeError("boom")

    monkeypatch.setattr("scryptic.commands.rules.run_replay", broken)
    code, _, err = invoke("replay", tmp_path / "x")
    assert code == 1
    error_line(err, "replay", "unexpected error (RuntimeError: boom)", "--debug")
    for argv in (["--debug", "replay", tmp_path / "x"], ["replay", tmp_path / "x", "--debug"]):
        code, _, err = invoke(*argv)
        assert code == 1 and "Traceback" in err and 'raise RuntimeError("boom")' in err
        assert err.rstrip().splitlines()[-1].startswith("scryptic replay: unexpected error")


# ------------------------------------------------------------------------------ replay


def test_replay_of_a_missing_file_or_a_folder_is_bad_usage(tmp_path):
    code, _, err = invoke("replay", tmp_path / "none.jsonl")
    assert code == 2
    error_line(err, "replay", "cannot read the record", "no such file or directory")
    code, _, err = invoke("replay", tmp_path)
    assert code == 2
    error_line(err, "replay", "is a directory")


def test_replay_of_a_record_that_is_not_utf8_or_is_cut_short_is_a_fault(tmp_path, words):
    text = record_text()
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(text.encode()[:40] + b"\xff\xfe" + text.encode()[40:])
    code, out, err = invoke("replay", binary, "--words", words)
    assert (code, out) == (1, "")
    error_line(err, "replay", "is not UTF-8 text")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: len(text) * 2 // 3])
    code, out, err = invoke("replay", cut, "--words", words)
    assert (code, out) == (1, "")
    error_line(err, "replay", str(cut), "line ")
    whole = tmp_path / "whole.jsonl"
    whole.write_text(text)
    assert invoke("replay", whole, "--words", words)[0] == 0


def test_replay_with_a_missing_word_list_or_negative_upto_is_bad_usage(tmp_path, words):
    record = tmp_path / "r.jsonl"
    record.write_text(record_text())
    code, _, err = invoke("replay", record, "--words", tmp_path / "nowords.txt")
    assert code == 2
    error_line(err, "replay", "cannot read the word list")
    code, _, err = invoke("replay", record, "--words", words, "--upto", "-1")
    assert code == 2
    error_line(err, "replay", "--upto")


# ------------------------------------------------------------------------------ server


def test_server_with_a_missing_or_empty_word_list(tmp_path):
    code, _, err = invoke("server", "--words", tmp_path / "nope.txt", "--db", tmp_path / "s.db")
    assert code == 2
    error_line(err, "server", "cannot read the word list", "nope.txt")
    (tmp_path / "empty.txt").write_text("\n")
    code, _, err = invoke("server", "--words", tmp_path / "empty.txt", "--db", tmp_path / "s.db")
    assert code == 1
    error_line(err, "server", "has no words")
    assert not (tmp_path / "s.db").exists()


def test_server_with_a_puzzle_pack_that_is_missing_or_holds_no_puzzle(tmp_path, words):
    code, _, err = invoke("server", "--words", words, "--puzzle-pack", tmp_path / "nope.jsonl", "--db", tmp_path / "s.db")
    assert code == 2
    error_line(err, "server", "--puzzle-pack", "cannot read the pack", "nope.jsonl")
    (tmp_path / "bad.jsonl").write_text("not a pack\n")
    code, _, err = invoke("server", "--words", words, "--puzzle-pack", tmp_path / "bad.jsonl", "--db", tmp_path / "s.db")
    assert code == 2
    error_line(err, "server", "not a puzzle pack")
    assert not (tmp_path / "s.db").exists()


def test_server_with_a_mistyped_or_useless_maps_folder_refuses_to_start(tmp_path, words):
    db = tmp_path / "s.db"
    code, _, err = invoke("server", "--words", words, "--maps", tmp_path / "mpas", "--db", db)
    assert code == 2
    error_line(err, "server", "the --maps folder", "mpas does not exist")
    code, _, err = invoke("server", "--words", words, "--maps", words, "--db", db)
    assert code == 2
    error_line(err, "server", "is not a folder")
    (tmp_path / "maps").mkdir()
    code, _, err = invoke("server", "--words", words, "--maps", tmp_path / "maps", "--db", db)
    assert code == 2
    error_line(err, "server", "holds no .map files")
    (tmp_path / "maps" / "broken.map").write_text("scryptic-map 1\nname: Broken\n")
    code, _, err = invoke("server", "--words", words, "--maps", tmp_path / "maps", "--db", db)
    assert code == 1
    error_line(err, "server", "no map in", "loads")
    assert not db.exists()


def test_server_with_a_db_path_that_cannot_be_a_file(tmp_path, words):
    code, _, err = invoke("server", "--words", words, "--db", tmp_path)
    assert code == 2
    error_line(err, "server", "is a folder")
    code, _, err = invoke("server", "--words", words, "--db", words / "server.db")
    assert code == 2
    error_line(err, "server", "cannot create the database", "is not a folder")


def test_server_with_a_corrupt_db_says_so_and_leaves_the_file_alone(tmp_path, words):
    db = tmp_path / "server.sqlite3"
    db.write_bytes(b"this is not a database, but someone's games might be in it" * 100)
    before = db.read_bytes()
    code, _, err = invoke("server", "--words", words, "--db", db, "--port", "0")
    assert code == 1
    error_line(err, "server", f"cannot use the database {db}", "not a database", "give another --db")
    assert db.read_bytes() == before


def test_server_on_an_address_of_another_machine_cannot_listen(tmp_path, words):
    code, _, err = invoke("server", "--words", words, "--db", tmp_path / "s.db", "--host", "192.0.2.1",
                          "--port", "0")
    assert code == 1
    error_line(err, "server", "cannot listen on 192.0.2.1:0", "check --host and --port")


def test_a_second_server_on_a_taken_port_or_database_stops_with_one_line(tmp_path, words):
    """The real program: start one server, then two more that must not start; stop the first
    with SIGINT."""
    db = tmp_path / "first.db"
    first = subprocess.Popen([str(Path(sys.executable).with_name("scryptic")), "server", "--log-json", "--port", "0",
                              "--words", str(words), "--db", str(db), "--log-level", "info"],
                             stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        port = None
        for line in first.stderr:
            if '"listening"' in line:
                port = json.loads(line)["port"]
                break
        assert port, "the first server did not start"
        taken = scryptic("server", "--port", port, "--words", words, "--db", tmp_path / "second.db")
        assert taken.returncode == 1
        error_line(taken.stderr, "server", f"cannot listen on 127.0.0.1:{port}: address already in use",
                   "choose another --port")
        same_db = scryptic("server", "--port", "0", "--words", words, "--db", db)
        assert same_db.returncode == 1
        error_line(same_db.stderr, "server", "in use by another server process", "stop the other server")
        first.send_signal(signal.SIGINT)
        assert first.wait(timeout=30) == 0
    finally:
        if first.poll() is None:
            first.kill()
        first.stderr.close()


# ------------------------------------------------------------------------------ cli (no server needed)


@pytest.mark.parametrize("url", ["http://127.0.0.1:8765", "127.0.0.1:8765", "ws://", "ws://host:99999"])
def test_cli_with_a_server_address_that_is_not_a_websocket_url(url, tmp_path):
    code, _, err = invoke("cli", "--server", url, "--name", "Ann", "--identity", tmp_path / "id.json")
    assert code == 2
    error_line(err, "cli", repr(url), "give one like ws://127.0.0.1:8765")
    assert not (tmp_path / "id.json").exists()


def test_cli_that_cannot_reach_the_server(tmp_path):
    with socket.socket() as sock:  # a port with nobody listening
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code, _, err = invoke("cli", "--server", f"ws://127.0.0.1:{port}", "--name", "Ann", "--timeout", "0.5",
                          "--identity", tmp_path / "id.json")
    assert code == 1
    error_line(err, "cli", f"cannot connect to ws://127.0.0.1:{port} (connection refused", "is the server running?")


def test_cli_create_options_without_create_and_a_missing_name(tmp_path, monkeypatch):
    code, _, err = invoke("cli", "--bot", "1", "--map", "x", "--name", "Ann")
    assert code == 2
    error_line(err, "cli", "--map, --bot need --create")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, _, err = invoke("cli", "--identity", tmp_path / "id.json")
    assert code == 2
    error_line(err, "cli", "no display name is known for this server", "--name")
    code, _, err = invoke("cli", "--identity", tmp_path, "--name", "Ann")
    assert code == 2
    error_line(err, "cli", "cannot write the identity file", "it is a folder")


def test_a_second_cli_does_not_take_an_identity_in_use(tmp_path):
    identity = tmp_path / "identity.json"
    url = "ws://127.0.0.1:1"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; from client.net.identity import "
         f"IdentityStore; s = IdentityStore(Path({str(identity)!r})); s.remember({url!r}, name='Ann', token='t'); "
         f"assert s.claim({url!r}, 'Ann'); print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert holder.stdout.readline().strip() == "held"
        for extra in ([], ["--name", "Ann"]):
            code, _, err = invoke("cli", "--server", url, "--identity", identity, *extra)
            assert code == 2
            error_line(err, "cli", "'Ann' is in use by another terminal client", "give another --name")
    finally:
        holder.communicate("", timeout=10)


# ------------------------------------------------------------------------------ windows


@pytest.fixture
def no_display(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X displays are a Linux matter")
def test_play_and_editor_without_a_display_say_how_to_run_under_xvfb(no_display):
    for command in ("play", "editor"):
        code, _, err = invoke(command)
        assert code == 1
        error_line(err, command, "there is no display to open a window on", "xvfb-run -a", f"scryptic {command}")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X displays are a Linux matter")
def test_play_on_a_display_that_is_not_there_is_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    result = scryptic("play", env={**env, "DISPLAY": ":97"})
    assert result.returncode == 1
    error_line(result.stderr, "play", "cannot open a window on display :97", "xvfb-run")


def test_screenshot_bench_and_editor_with_an_unknown_map(no_display, tmp_path):
    for argv in (["screenshot", "--map", "atlantis", "--out", tmp_path / "a.png"],
                 ["bench", "client", "--map", "atlantis"],
                 ["bench", "rules", "--map", "atlantis"],
                 ["editor", "atlantis"]):
        code, _, err = invoke(*argv)
        assert code == 2, argv
        error_line(err, " ".join(argv[:2]) if argv[0] == "bench" else argv[0],
                   "no map file or shipped map called 'atlantis'")
    assert list(tmp_path.iterdir()) == []


def test_outputs_to_paths_that_cannot_be_written(no_display, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    todo = "choose a folder you can write to"
    cases = [
        (["screenshot", "--map", "cinder-ford", "--out", blocker / "shot.png"], "screenshot",
         ("cannot write the PNG", todo)),
        (["screenshot", "--map", "cinder-ford", "--out", tmp_path], "screenshot", ("it is a folder", "give a file name")),
        (["editor", "--screenshot", blocker / "e.png"], "editor", ("cannot write the PNG", todo)),
        (["map", "generate", "--seed", "1", "--out", blocker / "m.map"], "map generate", ("cannot write the map", todo)),
        (["selfplay", "--games", "1", "--levels", "1,1", "--map", "cinder-ford", "--save-dir", blocker / "games"],
         "selfplay", ("cannot write game records", todo)),
    ]
    for argv, command, fragments in cases:
        code, _, err = invoke(*argv)
        assert code == 2, (argv, err)
        error_line(err, command, *fragments)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


# ------------------------------------------------------------------------------ ./dev


def test_dev_hands_over_to_the_command_so_an_interrupt_stops_the_server(tmp_path, words):
    stamps = list((ROOT / ".venv").glob(".installed-*"))
    if not stamps:
        pytest.skip("./dev would install the environment first")
    dev = subprocess.Popen([str(ROOT / "dev"), "run", "server", "--log-json", "--port", "0", "--words", str(words),
                            "--db", str(tmp_path / "s.db")], stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        for line in dev.stderr:
            if '"listening"' in line:
                break
        cmdline = Path(f"/proc/{dev.pid}/cmdline").read_bytes().split(b"\0")
        assert any(part.endswith(b"scryptic") for part in cmdline), cmdline  # ./dev became the server
        dev.send_signal(signal.SIGINT)
        assert dev.wait(timeout=30) == 0
    finally:
        if dev.poll() is None:
            dev.kill()
        dev.stderr.close()


@pytest.mark.parametrize("odd", ["-\x85", "-a\nb", "-\u2028", "-\udc85"])
def test_a_usage_error_stays_one_line_whatever_the_argument_holds(odd):
    code, _, err = invoke("editor", odd)
    assert code == 2 and err.count("\n") == 1 and len(err.splitlines()) == 1, repr(err)
    assert err.startswith("scryptic: unrecognized arguments: -") and err.endswith("(see `scryptic --help`)\n")
