"""`scryptic cli` online: the live lobby, challenges, your games, every offer accepted and
declined, resuming from a second terminal, ratings and records; `scryptic replay` from a server."""

from __future__ import annotations

import asyncio
import io
import sys

import srv_helpers as H

from scryptic.commands.terminal import TerminalClient
from client.net import ThreadedClient
from scryptic.cli import main
from shared.rules.record import parse_record


class Terminal:
    """A TerminalClient with its output captured; commands run in a thread (they block)."""

    def __init__(self, port: int, name: str | None = None, token: str | None = None) -> None:
        self.net = ThreadedClient(f"ws://127.0.0.1:{port}", name=name, token=token)
        self.net.start()
        self.out = io.StringIO()
        self.ui = TerminalClient(self.net, self.out)

    async def do(self, line: str) -> str:
        start = len(self.out.getvalue())
        ok = await asyncio.to_thread(self.ui.handle, line)
        said = self.out.getvalue()[start:]
        assert ok, f"{line!r} failed: {said}"
        return said

    async def fails(self, line: str) -> str:
        start = len(self.out.getvalue())
        ok = await asyncio.to_thread(self.ui.handle, line)
        assert not ok, line
        return self.out.getvalue()[start:]

    async def sees(self, text: str) -> None:
        await H.wait_for(lambda: (self.ui.pump(), text in self.out.getvalue())[1], timeout=10)

    def close(self) -> None:
        self.net.close()


async def test_terminal_players_challenge_offer_and_resume(server, tmp_path):
    ann = await asyncio.to_thread(Terminal, server.port, "Ann")
    bob = await asyncio.to_thread(Terminal, server.port, "Bob")
    extra: list[Terminal] = []
    try:
        assert "following the lobby live" in await bob.do("lobby")
        await ann.do("create map=test-ford rated clock=fischer:300+5")
        await bob.sees("[lobby] new seek: ")
        await bob.sees("rated  Ann 1500?")
        await ann.do("abort")
        await bob.sees("left the open games")

        # A challenge by name: Bob is told, accepts, and the game starts.
        said = await ann.do("challenge Bob map=test-ford clock=days:2")
        assert "challenge sent to Bob" in said
        game = ann.ui.game
        await bob.sees(f"Ann challenges you: {game}")
        await bob.do(f"accept {game}")
        await bob.do("lobby off")
        listing = await ann.do("mygames")
        assert f"{game}  YOUR MOVE" in listing and "vs Bob" in listing and "2d/move" in listing

        # Draw: offered, declined; offered, accepted.
        assert "draw offered" in await ann.do("draw")
        await bob.sees("gold offers a draw (`accept draw` or `decline draw`)")
        await bob.do("decline")
        await ann.sees("the draw offer is off")
        await ann.do("draw")
        await bob.sees("gold offers a draw")
        assert "draw accepted" in await bob.do("accept draw")
        await ann.sees("game over")
        assert server.rooms[game].result_data["reason"] == "agreed"

        # Rematch: declined, then offered again and accepted.
        await ann.do("rematch")
        await bob.sees("rematch offered by gold")
        assert "rematch declined" in await bob.do("decline")
        await ann.do("rematch")
        said = await bob.do("accept rematch")
        assert "rematch: game" in said
        second = bob.ui.game
        await H.wait_for(lambda: second in ann.net.client.seat_tokens)

        # Takeback (casual): the colours swapped, so Bob is gold and moves first.
        await ann.sees(f"rematch started: game {second} (type `resume {second}`)")
        await ann.do(f"resume {second}")
        room = server.rooms[second]
        await bob.do("end")
        await bob.do("takeback")
        await ann.sees("gold offers a takeback (`accept takeback` or `decline takeback`)")
        await ann.do("decline takeback")
        assert room.version == 1
        await bob.do("takeback")
        await ann.sees("offers a takeback")
        assert "takeback accepted" in await ann.do("accept takeback")
        await bob.sees("turn taken back: the game is at move 0 again")
        assert room.version == 0

        # Ann closes her terminal; a second one, signed in as her, resumes without a seat token.
        token = ann.net.token
        await asyncio.to_thread(ann.close)
        again = await asyncio.to_thread(Terminal, server.port, None, token)
        extra.append(again)
        assert second not in again.net.seat_tokens
        listing = await again.do("mygames")
        assert second in listing
        assert "back in game" in await again.do(f"resume {second}")
        await bob.do("end")
        await again.do("resign")
        await bob.sees("gold wins by resignation")

        # Players, ratings, records.
        assert "Ann (#" in await bob.do("profile Ann")
        history = await bob.do("history")
        assert "draw" in history and "win" in history and "vs Ann" in history
        assert "nobody is rated in blitz yet" in await bob.do("leaderboard blitz")
        path = tmp_path / "draw.jsonl"
        said = await bob.do(f"export {game} {path}")
        assert "(ended: agreed)" in said and parse_record(path.read_text()).end is None
    finally:
        for terminal in (ann, bob, *extra):
            await asyncio.to_thread(terminal.close)


async def test_replay_fetches_a_finished_game_from_the_server(server, connect, duel, capsys, tmp_path):
    game_id = duel["game"]
    await duel["silver"].resign(game_id)
    url = f"ws://127.0.0.1:{server.port}"
    saved = tmp_path / "fetched.jsonl"
    code = await asyncio.to_thread(main, ["replay", f"{url}/{game_id}", "--save", str(saved)])
    out = capsys.readouterr().out
    assert code == 0 and "Game over: gold wins (resigned)." in out
    assert parse_record(saved.read_text()).end == {"winner": 1, "reason": "resigned", "scores": {"1": 0, "2": 0}}
    code = await asyncio.to_thread(main, ["replay", "--server", url, "--game", game_id, "--json"])
    assert code == 0 and '"reason": "resigned"' in capsys.readouterr().out
    code = await asyncio.to_thread(main, ["replay", f"{url}/nosuchgame"])
    assert code == 1 and "refused (no_such_game)" in capsys.readouterr().err
    open_game = await duel["gold"].create_game(map="test-ford")
    code = await asyncio.to_thread(main, ["replay", f"{url}/{open_game['game']}"])
    assert code == 1 and "not_finished" in capsys.readouterr().err
    assert sys.stdin is not None
