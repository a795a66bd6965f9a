"""Property: whatever bad arguments and files a command is given, it answers in one clear line.

Random bad input for `replay`, `map show/validate/generate`, `server`, `cli`, `screenshot` and
`editor`, run in this process through ``scryptic.cli.main``. Always: no traceback and no
"unexpected error" (every failure is a known one), an exit code of 0, 1 or 2 and, when it is not
0, a message; no file changed or left half-written. Inputs built to be wrong must not exit 0.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scryptic.cli import main
from shared.rules.actions import EndTurn
from shared.rules.game import Game
from shared.rules.presets import STANDARD
from random_play import LEXICON, WORDS
from test_rules_properties import ARENA

SQLITE_MAGIC = b"SQLite format 3\x00"
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

GAME = Game.new(ARENA, STANDARD, 1, LEXICON)
GAME.apply(EndTurn(GAME.actor))
RECORD = GAME.record().to_text()

junk_bytes = st.binary(min_size=1, max_size=300)
junk_text = st.text(min_size=0, max_size=40)
word_like = st.text(st.characters(min_codepoint=33, max_codepoint=0x2FF), min_size=1, max_size=20)


@contextlib.contextmanager
def sandbox() -> Iterator[Path]:
    """A temporary folder, no display, and the loggers `scryptic server` sets up put back after."""
    saved_env = {k: os.environ.get(k) for k in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    saved_logs = {n: (lg.handlers[:], lg.propagate, lg.level)
                  for n in ("scryptic", "websockets") for lg in [logging.getLogger(n)]}
    folder = Path(tempfile.mkdtemp(prefix="scryptic-prop-"))
    for key in saved_env:
        os.environ.pop(key, None)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        for key, value in saved_env.items():
            if value is not None:
                os.environ[key] = value
        for n, (handlers, propagate, level) in saved_logs.items():
            lg = logging.getLogger(n)
            lg.handlers[:], lg.propagate, lg.level = handlers, propagate, level


def snapshot(folder: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None) for p in folder.rglob("*")}


def check(folder: Path, argv: list[str], must_fail: bool) -> None:
    before = snapshot(folder)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    said = out.getvalue() + err.getvalue()
    assert "Traceback" not in said, said
    assert "unexpected error" not in said, said
    assert code in (0, 1, 2), (argv, code)
    if must_fail:
        assert code != 0, (argv, said)
    if code != 0:
        assert said.strip(), argv
        if err.getvalue().strip():
            last = err.getvalue().strip().splitlines()[-1]
            assert last.startswith("scryptic"), last
        assert snapshot(folder) == before, argv  # a failed command writes nothing


# A file is (content, definitely_bad): random bytes, a cut record, a record with noise in it.
def record_files() -> st.SearchStrategy[tuple[bytes, bool]]:
    cut = st.integers(0, len(RECORD) - 3).map(lambda n: (RECORD[:n].encode(), False))
    noisy = st.tuples(st.integers(0, len(RECORD)), junk_bytes).map(
        lambda t: (RECORD.encode()[:t[0]] + t[1] + RECORD.encode()[t[0]:], False))
    not_utf8 = st.tuples(st.integers(0, len(RECORD)), st.sampled_from([b"\xff", b"\xc3\x28", b"\xed\xa0\x80"])).map(
        lambda t: (RECORD.encode()[:t[0]] + t[1] + RECORD.encode()[t[0]:], True))
    return st.one_of(junk_bytes.map(lambda b: (b, False)), cut, noisy, not_utf8)


@SETTINGS
@given(record=record_files(), words=st.sampled_from(["good", "missing", "junk"]),
       upto=st.one_of(st.none(), st.integers(-5, 5)), as_json=st.booleans())
def test_replay_of_bad_records(record, words, upto, as_json):
    content, bad = record
    with sandbox() as folder:
        path = folder / "game.jsonl"
        path.write_bytes(content)
        argv = ["replay", str(path)]
        if words == "good":
            (folder / "words.txt").write_text("\n".join(WORDS))
        elif words == "junk":
            (folder / "words.txt").write_bytes(b"\xff\xfe junk")
        argv += ["--words", str(folder / "words.txt")]
        if upto is not None:
            argv += ["--upto", str(upto)]
        if as_json:
            argv.append("--json")
        check(folder, argv, must_fail=bad or words != "good" or (upto is not None and upto < 0))


@SETTINGS
@given(content=junk_bytes, action=st.sampled_from(["show", "validate"]))
def test_map_commands_on_bad_files(content, action):
    with sandbox() as folder:
        path = folder / "bad.map"
        path.write_bytes(content)
        check(folder, ["map", action, str(path)], must_fail=True)


@SETTINGS
@given(size=st.one_of(junk_text, st.tuples(st.integers(-3, 200), st.integers(-3, 200)).map(lambda t: f"{t[0]}x{t[1]}")),
       seed=junk_text)
def test_map_generate_with_a_bad_size_or_output(size, seed):
    with sandbox() as folder:
        (folder / "a-file").write_text("x")
        check(folder, ["map", "generate", "--size", size, "--seed", seed, "--out", str(folder / "a-file" / "m.map")],
              must_fail=True)


def server_inputs() -> st.SearchStrategy[tuple[str, Callable[[Path], list[str]]]]:
    """(what is wrong, a function that makes the files and returns the server's arguments)."""
    def words(kind: str) -> Callable[[Path], list[str]]:
        def make(folder: Path) -> list[str]:
            path = folder / "words.txt"
            if kind == "good":
                path.write_text("\n".join(WORDS))
            elif kind == "empty":
                path.write_text(" \n")
            elif kind == "binary":
                path.write_bytes(b"\xff\xfe\x00w")
            return ["--words", str(path)]
        return make

    def maps(kind: str) -> Callable[[Path], list[str]]:
        def make(folder: Path) -> list[str]:
            path = folder / "maps"
            if kind == "file":
                path.write_text("x")
            elif kind in ("empty", "broken"):
                path.mkdir()
            if kind == "broken":
                (path / "b.map").write_text("scryptic-map 1\n")
            return ["--maps", str(path)]
        return make

    def db(content: bytes | None, kind: str) -> Callable[[Path], list[str]]:
        def make(folder: Path) -> list[str]:
            path = folder / "server.db"
            if kind == "folder":
                path.mkdir()
            elif kind == "under-file":
                path.write_text("x")
                path = path / "inner.db"
            elif content is not None:
                path.write_bytes(content)
            return ["--db", str(path)]
        return make

    corrupt = st.binary(min_size=16, max_size=2000).filter(lambda b: not b.startswith(SQLITE_MAGIC))
    bad_words = st.sampled_from(["missing", "empty", "binary"]).map(lambda k: ("words", words(k)))
    bad_maps = st.sampled_from(["missing", "file", "empty", "broken"]).map(lambda k: ("maps", maps(k)))
    bad_db = st.one_of(st.sampled_from(["folder", "under-file"]).map(lambda k: ("db", db(None, k))),
                       corrupt.map(lambda b: ("db", db(b, "bytes"))))
    return st.one_of(bad_words, bad_maps, bad_db)


@settings(SETTINGS, max_examples=20)
@given(bad=server_inputs(), port=st.one_of(st.just("0"), junk_text))
def test_server_with_bad_inputs_never_starts(bad, port):
    kind, make = bad
    with sandbox() as folder:
        argv = ["server", "--port", port, "--host", "127.0.0.1"] + make(folder)
        if kind != "words":
            (folder / "w.txt").write_text("\n".join(WORDS))
            argv += ["--words", str(folder / "w.txt")]
        if kind != "db":
            argv += ["--db", str(folder / "a-file" / "s.db")]
            (folder / "a-file").write_text("x")
        check(folder, argv, must_fail=True)


@SETTINGS
@given(url=st.one_of(junk_text, st.sampled_from(["http://", "ftp://", "ws:", "ws:/", "wss://:1", "ws://h:x"]).flatmap(
    lambda scheme: junk_text.map(lambda rest: scheme + rest))),
       name=st.one_of(st.none(), word_like), bot=st.one_of(st.none(), st.integers(-3, 12)))
def test_cli_with_a_bad_server_address_or_bot_level(url, name, bot):
    from scryptic.commands.terminal import check_server_url
    from shared.faults import UsageError

    try:
        check_server_url(url)
        bad_url = False
    except UsageError:
        bad_url = True
    bad_bot = bot is not None and not 1 <= bot <= 4
    if not (bad_url or bad_bot):
        return  # a good address: this test does not connect anywhere
    with sandbox() as folder:
        argv = ["cli", "--server", url, "--identity", str(folder / "id.json")]
        argv += ["--name", name] if name is not None else []
        argv += ["--create", "--bot", str(bot)] if bot is not None else []
        check(folder, argv, must_fail=True)


@SETTINGS
@given(map_name=word_like, command=st.sampled_from(["screenshot", "editor", "bench-client"]))
def test_window_commands_with_an_unknown_map(map_name, command):
    from shared.maps.files import resolve_map_path

    try:
        resolve_map_path(map_name)
        return  # it names a real map: not this test's business
    except (FileNotFoundError, OSError, ValueError):
        pass
    with sandbox() as folder:
        argv = {"screenshot": ["screenshot", "--map", map_name, "--out", str(folder / "s.png")],
                "editor": ["editor", map_name],
                "bench-client": ["bench", "client", "--map", map_name]}[command]
        check(folder, argv, must_fail=True)


COMMAND_WORDS = ["help", "games", "create", "join", "watch", "resume", "board", "legend", "place", "clear",
                 "commit", "play", "redeploy", "discard", "order", "end", "resign", "claim", "rematch",
                 "decline", "export", "nonsense", "'", '"']
ARGUMENT_WORDS = st.one_of(word_like, st.integers(-5, 99).map(str), st.sampled_from(
    ["across", "down", "a", "d", "best", "map=x", "bot=0", "bot=x", "clock=turn:x", "clock=fischer:1+x", "code=",
     "private", "/", "\x00"]))


def test_the_terminal_answers_any_typed_line_in_one_line():
    """Random command lines to a terminal client with no connection: each is refused in one
    line (typed wrongly, or not sent), none ends the session."""
    from client.net import ThreadedClient
    from client.terminal.session import CommandFailed, TerminalClient

    net = ThreadedClient("ws://127.0.0.1:9", name="Ann")  # never started: nothing is sent
    out = io.StringIO()
    terminal = TerminalClient(net, out, timeout=0.5)

    @SETTINGS
    @given(command=st.sampled_from(COMMAND_WORDS), args=st.lists(ARGUMENT_WORDS, max_size=5))
    def typed(command, args):
        line = " ".join([command, *args])
        try:
            terminal.run_command(line)
        except CommandFailed as exc:
            assert str(exc).strip() and "\n" not in str(exc), line
            assert "unexpectedly" not in str(exc), (line, str(exc))
        before = len(out.getvalue())
        if not terminal.handle(line):
            said = out.getvalue()[before:]
            assert said.strip() and said.count("\n") == 1, (line, said)
        assert terminal.running, line

    try:
        typed()
    finally:
        net.close()
    assert "Traceback" not in out.getvalue()
