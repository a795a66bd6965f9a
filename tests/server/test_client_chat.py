"""The client's model of a game's chat (client/play/chat.py) against a real server: lines of
its room received, the draft cut at the cap, a refused line's reason kept, the folded panel
counting what it did not show, and no chat against the bot."""

from __future__ import annotations

import asyncio

import srv_helpers as H

from client.net import ThreadedClient
from client.play.chat import MAX_CHARS, GameChat


def started(server, name: str) -> ThreadedClient:
    client = ThreadedClient(f"ws://127.0.0.1:{server.port}", name=name)
    client.start()
    return client


async def test_a_game_chat_between_two_clients(server):
    gold = await asyncio.to_thread(started, server, "Gold")
    silver = await asyncio.to_thread(started, server, "Silver")
    try:
        game = (await asyncio.to_thread(lambda: gold.create_game(map="test-ford").result(10)))["game"]
        await asyncio.to_thread(lambda: silver.join(game=game).result(10))
        mine = GameChat(gold, game, spectator=False, available=True, me=gold.client.user["id"])
        theirs = GameChat(silver, game, spectator=False, available=True, me=silver.client.user["id"])
        assert not theirs.open and not mine.send()  # folded at first; an empty draft sends nothing
        mine.type("well played, arse")
        assert mine.send() and mine.draft == ""

        def heard() -> bool:
            for message in silver.drain():
                theirs.receive(message)
            return bool(theirs.lines)

        await H.wait_for(heard)
        (line,) = theirs.lines
        assert (line.name, line.text, line.mine) == ("Gold", "well played, a***", False)
        assert theirs.unread == 1
        theirs.toggle()
        assert theirs.open and theirs.unread == 0
        mine.type("x" * (MAX_CHARS + 50))
        assert len(mine.draft) == MAX_CHARS
        server.social.chat.clock = lambda: 0.0  # the rate limit's clock stands still
        mine.draft = ""
        for n in range(6):
            mine.type(f"line {n}")
            mine.send()

        def refused() -> bool:
            mine.settle()
            return mine.problem is not None

        await H.wait_for(refused)
        assert "at most 5 lines at once" in mine.problem
        report = await asyncio.to_thread(lambda: theirs.report(line.id, "rude").result(10))
        assert isinstance(report, str) and len(report) == 12
    finally:  # closed from a worker thread: the server they close against runs on this loop
        await asyncio.to_thread(gold.close)
        await asyncio.to_thread(silver.close)


def test_no_chat_where_it_is_off():
    sent = []
    chat = GameChat(type("Client", (), {"call": lambda self, *a, **k: sent.append(a)})(), "g1", spectator=True,
                    available=False, me=1)
    chat.type("hello")
    assert not chat.send() and sent == [] and chat.room == "spectators"
