"""`scryptic cli`: the terminal client drives real games through the client library."""

from __future__ import annotations

import asyncio
import io
import random

import srv_helpers as H
from wire_helpers import message

from scryptic.commands.terminal import TerminalClient, plan_word, render
from client.net import ThreadedClient
from client.net.state import GameTracker
from server.scripted import BENCH_WORDS, find_commit
from shared.rules.record import parse_record
from shared.rules.terrain import Player


class Terminal:
    """A TerminalClient with its output captured; commands run in a thread (they block)."""

    def __init__(self, port: int, name: str | None) -> None:
        self.net = ThreadedClient(f"ws://127.0.0.1:{port}", name=name)
        self.net.start()
        self.out = io.StringIO()
        self.ui = TerminalClient(self.net, self.out)

    async def do(self, line: str) -> str:
        start = len(self.out.getvalue())
        await asyncio.to_thread(self.ui.handle, line)
        return self.out.getvalue()[start:]

    async def settle(self, predicate) -> None:
        await H.wait_for(lambda: (self.ui.pump(), predicate())[1])

    def close(self) -> None:
        self.net.close()


async def test_terminal_players_create_join_play_and_finish(server):
    # Terminals block while they wait for the server, which runs on this test's loop: threads.
    ann = await asyncio.to_thread(Terminal, server.port, "Ann")
    bob = await asyncio.to_thread(Terminal, server.port, "Bob")
    try:
        # A chosen seed (this server allows one): Gold's first rack is the same on every run.
        created = await ann.do("create map=test-ford seed=5")
        assert "you play gold" in created
        game_id = ann.ui.game
        board = await bob.do(f"join {game_id}")
        assert "joined game" in board and "Bob (you)" in board and "rack" in board

        refused = await bob.do("end")
        assert "refused (not_your_turn)" in refused
        assert "refused (nothing_pending)" in await ann.do("discard q")
        assert "place ROW COL" in await ann.do("place 1 1 sideways cat")

        # Gold commits a word found on a copy of the server's game: a real, legal commit.
        room = server.rooms[game_id]
        found = find_commit(room.game.copy(), Player.GOLD, list(BENCH_WORDS), random.Random(5))
        assert found is not None
        event = found[1][0]
        (r0, c0), (r1, _c1) = event.cells[0], event.cells[-1]
        direction = "across" if r0 == r1 else "down"
        before = room.version
        output = await ann.do(f"play {r0 + 1} {c0 + 1} {direction} {event.word}")
        assert room.version == before + 1
        await ann.settle(lambda: f"gold lays {event.word.upper()}" in ann.out.getvalue())
        assert event.word[0].lower() in output.lower()

        await ann.do("end")
        await bob.settle(lambda: bob.net.games[game_id].my_move)
        watcher = await asyncio.to_thread(Terminal, server.port, None)
        try:
            seen = await watcher.do(f"watch {game_id}")
            assert "letters" in seen and "Ann" in seen and "Bob" in seen
            assert "you)" not in seen
        finally:
            await asyncio.to_thread(watcher.close)
        await bob.do("resign")
        await ann.settle(lambda: "gold wins by resignation" in ann.out.getvalue())
        record_path = server.config.resolved_db_path().parent / "cli.record"
        assert f"saved to {record_path} (ended: resigned)" in await ann.do(f"export {record_path}")
        assert len(parse_record(record_path.read_text()).actions) == room.version
    finally:
        await asyncio.to_thread(ann.close)
        await asyncio.to_thread(bob.close)


def test_rendering_marks_the_board_and_shows_only_what_the_viewer_may_see():
    game = H.replica(1, 40)
    tracker = GameTracker("g")
    tracker.apply(message({"type": "state", "game": "g", "version": game.version, "seat": 2,
                           "view": game.view(Player.SILVER),
                           "info": {"game": "g", "status": "active", "players": {"1": {"name": "A"}, "2": {"name": "B"}}}}))
    text = render(tracker)
    lines = text.splitlines()
    assert len([line for line in lines if line[:3].strip().isdigit()]) == game.board.height
    silver_rack = "".join(game.racks[Player.SILVER]).upper()
    assert f"rack {silver_rack}" in text
    assert f"rack {len(game.racks[Player.GOLD])} letters" in text
    marked = {cell for p in ("1", "2") for key in ("invalid", "isolated")
              for run in getattr(tracker.view.players[p], key) for cell in map(tuple, run)}
    for player, (opening, closing) in ((Player.GOLD, "[]"), (Player.SILVER, "<>")):
        for (r, c), letter in game.board.letters[player].items():
            cell = lines[r + 1][4 + 3 * c:4 + 3 * c + 3]
            assert cell[1:] == letter.upper() + closing
            assert cell[0] == opening or (r, c) in marked


def test_placing_a_word_keeps_own_letters_on_the_line():
    game = H.replica(1, 40)
    tracker = GameTracker("g")
    tracker.apply(message({"type": "state", "game": "g", "version": 40, "seat": 1, "view": game.view(Player.GOLD),
                           "info": {"game": "g", "status": "active"}}))
    gold = game.board.letters[Player.GOLD]
    taken = set(gold) | set(game.board.letters[Player.SILVER])
    (r, c), letter = next(
        (cell, ch) for cell, ch in sorted(gold.items())
        if cell[1] + 2 < game.board.width and not {(cell[0], cell[1] + 1), (cell[0], cell[1] + 2)} & taken
    )
    placements = plan_word(tracker, r, c, "across", letter + "zz")
    assert placements == [(r, c + 1, "z"), (r, c + 2, "z")]
