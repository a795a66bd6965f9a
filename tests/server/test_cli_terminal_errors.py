"""`scryptic cli` against a live server: identities per name, and mistakes that get one line."""

from __future__ import annotations

import asyncio
import io
import sys

import srv_helpers as H

from scryptic.commands.terminal import TerminalClient
from client.net import ThreadedClient
from scryptic.cli import main
from shared.files.atomic import TEMP_PATTERN


async def run_cli(monkeypatch, capsys, *argv: str, stdin: str = "quit\n") -> tuple[int, str, str]:
    """``scryptic cli ARGV`` in a thread (it blocks; the server runs on this loop)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = await asyncio.to_thread(main, ["cli", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


async def test_each_name_is_its_own_account_and_never_renames_another(server, tmp_path, monkeypatch, capsys):
    url = f"ws://127.0.0.1:{server.port}"
    identity = tmp_path / "identity.json"
    code, out, _ = await run_cli(monkeypatch, capsys, "--server", url, "--identity", str(identity), "--name", "Ann")
    assert code == 0 and f"connected to {url} as Ann" in out
    code, out, _ = await run_cli(monkeypatch, capsys, "--server", url, "--identity", str(identity), "--name", "Bob")
    assert code == 0 and "as Bob" in out
    assert sorted(user.name for user in server.users.values()) == ["Ann", "Bob"]
    code, out, _ = await run_cli(monkeypatch, capsys, "--server", url, "--identity", str(identity))
    assert code == 0 and "as Bob" in out  # the name used last
    code, out, _ = await run_cli(monkeypatch, capsys, "--server", url, "--identity", str(identity), "--name", "Ann")
    assert "as Ann" in out and len(server.users) == 2  # Ann's own account again, not a new one


async def test_create_against_a_bot_from_the_command_line(server, tmp_path, monkeypatch, capsys):
    url = f"ws://127.0.0.1:{server.port}"
    code, out, _ = await run_cli(monkeypatch, capsys, "--server", url, "--identity", str(tmp_path / "id.json"),
                                 "--name", "Ann", "--create", "--bot", "1", "--color", "never")
    assert code == 0 and "you play" in out and "legend:" in out
    (room,) = server.rooms.values()
    assert sorted(seat.bot_level or 0 for seat in room.seats.values()) == [0, 1]


async def test_a_startup_command_that_fails_ends_with_one_line(server, tmp_path, monkeypatch, capsys):
    url = f"ws://127.0.0.1:{server.port}"
    common = ["--server", url, "--identity", str(tmp_path / "id.json"), "--name", "Ann"]
    code, _, err = await run_cli(monkeypatch, capsys, *common, "--resume", "nosuch")
    assert code == 2 and "Traceback" not in err
    assert err.strip() == ("scryptic cli: resume did not succeed: you hold no seat in game 'nosuch': "
                           "`mygames` lists yours; `join nosuch` takes an open seat, `watch nosuch` watches")
    code, _, err = await run_cli(monkeypatch, capsys, *common, "--join", "nosuch")
    assert code == 1 and err.startswith("scryptic cli: join did not succeed: refused (") and err.count("\n") == 1


class Terminal:
    """A TerminalClient with its output captured; commands run in a thread (they block)."""

    def __init__(self, port: int, name: str) -> None:
        self.net = ThreadedClient(f"ws://127.0.0.1:{port}", name=name)
        self.net.start()
        self.out = io.StringIO()
        self.ui = TerminalClient(self.net, self.out)

    async def do(self, line: str) -> tuple[bool, str]:
        start = len(self.out.getvalue())
        ok = await asyncio.to_thread(self.ui.handle, line)
        return ok, self.out.getvalue()[start:]


async def test_resume_of_an_unknown_game_and_export_to_a_bad_path_keep_the_session(server, tmp_path):
    ann = await asyncio.to_thread(Terminal, server.port, "Ann")
    bob = await asyncio.to_thread(Terminal, server.port, "Bob")
    try:
        ok, said = await ann.do("resume nosuch")
        assert not ok and "you hold no seat in game 'nosuch'" in said
        ann.net.client.seat_tokens["gone"] = "x" * 32  # a seat token the server does not know
        ok, said = await ann.do("resume gone")
        assert not ok and said.startswith("you hold no seat in game 'gone'")
        assert (await ann.do("create map=test-ford"))[0]
        game = ann.ui.game
        assert (await bob.do(f"join {game}"))[0]
        assert (await bob.do("resign"))[0]
        await H.wait_for(lambda: (ann.ui.pump(), "game over" in ann.out.getvalue())[1])
        blocker = tmp_path / "a-file"
        blocker.write_text("x")
        ok, said = await ann.do(f"export {blocker / 'game.jsonl'}")
        assert not ok and said.startswith(f"cannot write {blocker / 'game.jsonl'}: ") and "nothing saved" in said
        ok, said = await ann.do(f"export {tmp_path}")
        assert not ok and "cannot write" in said
        for folder in (tmp_path, tmp_path.parent):  # nothing written, no temporary file left
            assert not any(TEMP_PATTERN.match(p.name) for p in folder.iterdir())
        assert not (tmp_path / "game.jsonl").exists() and blocker.read_text() == "x"
        ok, said = await ann.do(f"export {tmp_path / 'game.jsonl'}")
        assert ok and (tmp_path / "game.jsonl").read_text().startswith("{")
        assert (await ann.do("board"))[0]  # the session goes on
    finally:
        await asyncio.to_thread(ann.net.close)
        await asyncio.to_thread(bob.net.close)
