"""`scryptic cli` tournaments and chat: list and follow an arena, join it, be paired and find
the game started by itself, talk to the opponent, mute, report, and see the standings."""

from __future__ import annotations

import asyncio

import srv_helpers as H
from test_online_terminal import Terminal as _Terminal


class Terminal(_Terminal):
    """Pumps in a thread: a push here may take a seat, which waits for the server."""

    async def sees(self, text: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while text not in self.out.getvalue():
            assert loop.time() < deadline, f"never saw {text!r}: {self.out.getvalue()}"
            await asyncio.to_thread(self.ui.pump)
            await asyncio.sleep(0.01)


async def test_terminal_players_join_an_arena_chat_and_report(server, connect, tmp_path):
    key = (tmp_path / "admin.key").read_text().strip()
    operator = await connect(server, "Warden")
    arena = await operator.create_tournament(key, "Terminal Cup", 3600, map="test-ford")
    ann = await asyncio.to_thread(Terminal, server.port, "Ann")
    bob = await asyncio.to_thread(Terminal, server.port, "Bob")
    try:
        listed = await ann.do("tournaments")
        assert f"{arena['id']}  Terminal Cup" in listed and "running" in listed
        assert "you are in Terminal Cup" in await ann.do(f"tjoin {arena['id']}")
        await bob.do(f"tjoin {arena['id']}")
        # Paired at once: each terminal takes its seat by itself.
        await ann.sees("paired against Bob")
        await bob.sees("paired against Ann")
        await ann.sees("back in game")
        await bob.sees("back in game")
        await H.wait_for(lambda: ann.ui.game is not None and bob.ui.game == ann.ui.game)
        await ann.do("say good luck, arse")
        await bob.sees("[Ann] good luck, a***")
        failed = await bob.fails("say " + "x" * 201)
        assert "refused (chat_too_long)" in failed
        await bob.do("tsay " + arena["id"] + " lobby hello")
        await ann.sees(f"[{arena['id']} Bob] lobby hello")
        line = next(iter(bob.ui.events.lines))
        assert "reported" in await bob.do(f"report line={line} rude")
        assert "Ann muted" in await bob.do("mute Ann")
        await bob.do("resign")
        await H.wait_for(lambda: len(server.social.tournaments.events[arena["id"]].finished) == 1)
        standings = await ann.do(f"tournament {arena['id']}")
        assert "  1. Ann" in standings and "  2. Bob" in standings
        assert standings.splitlines()[1].split() == ["1.", "Ann", "2", "2"]  # two points; the sheet: one game, 2
        assert "you left Terminal Cup" in await ann.do(f"tleave {arena['id']}")
    finally:  # closed from a worker thread: the server they close against runs on this loop
        await asyncio.to_thread(ann.close)
        await asyncio.to_thread(bob.close)


async def test_a_terminal_follows_a_lobby_with_its_recent_lines(server, connect, tmp_path):
    key = (tmp_path / "admin.key").read_text().strip()
    operator = await connect(server, "Warden")
    cup = await operator.create_tournament(key, "Rail Cup", 3600, start_in=3600, map="test-ford")
    tid = cup["id"]
    ann = await connect(server, "Ann")
    await ann.join_tournament(tid)
    said = await ann.chat("tournament", "anyone here, arse?", tournament=tid)
    cy = await asyncio.to_thread(Terminal, server.port, "Cy")
    try:
        refused = await cy.fails(f"tsay {tid} hello")
        assert "refused (not_in_room)" in refused  # follow it first
        assert "refused (no_such_tournament)" in await cy.fails("tournament tnosuch")
        shown = await cy.do(f"tournament {tid}")
        assert shown.splitlines()[-2:] == ["lobby of Rail Cup, the last 1 line:",
                                           f"[{tid} Ann] anyone here, a***?   (#{said['id']})"]
        assert "reported" in await cy.do(f"report line={said['id']} rude in the lobby")
        await cy.do(f"tsay {tid} hello all")
        await cy.sees(f"[{tid} Cy] hello all")
    finally:
        await asyncio.to_thread(cy.close)
