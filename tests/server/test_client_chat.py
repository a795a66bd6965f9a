"""The client's model of a chat room (client/play/chat.py) against a real server: lines of
its room received, the draft cut at the cap, a refused line's reason kept, the folded panel
counting what it did not show, no chat against the bot; a tournament lobby's recent lines on
following it, and a player of its standings reported, muted, or refused with the reason."""

from __future__ import annotations

import asyncio

import srv_helpers as H

from client.net import ThreadedClient
from client.play.chat import MAX_CHARS, RoomChat


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
        mine = RoomChat.of_game(gold, game, spectator=False, available=True, me=gold.client.user["id"])
        theirs = RoomChat.of_game(silver, game, spectator=False, available=True, me=silver.client.user["id"])
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
    chat = RoomChat.of_game(type("Client", (), {"call": lambda self, *a, **k: sent.append(a)})(), "g1", spectator=True,
                    available=False, me=1)
    chat.type("hello")
    assert not chat.send() and sent == [] and chat.room == "spectators"


async def test_a_tournament_lobby_chat_between_two_clients(server, tmp_path):
    key = (tmp_path / "admin.key").read_text().strip()
    ann = await asyncio.to_thread(started, server, "Ann")
    bea = await asyncio.to_thread(started, server, "Bea")
    try:
        made = await asyncio.to_thread(lambda: ann.call("create_tournament", key, "Talk Cup", 3600, start_in=3600,
                                                        map="test-ford").result(10))
        tid = made["id"]
        await asyncio.to_thread(lambda: ann.call("join_tournament", tid).result(10))
        mine = RoomChat.of_tournament(ann, tid, me=ann.client.user["id"])
        mine.type("hello lobby")
        assert mine.send()
        await asyncio.to_thread(lambda: ann.call("chat", "tournament", "anyone about, arse?", tournament=tid).result(10))
        # Bea follows the event: the lobby's recent lines come with it, masked.
        room = await asyncio.to_thread(lambda: bea.call("tournament_room", tid).result(10))
        assert room["tournament"]["name"] == "Talk Cup"
        theirs = RoomChat.of_tournament(bea, tid, me=bea.client.user["id"])
        theirs.load(room["chat"])
        assert [(x.name, x.text, x.mine) for x in theirs.lines] == [("Ann", "hello lobby", False),
                                                                   ("Ann", "anyone about, a***?", False)]
        theirs.type("hi Ann")
        theirs.send()

        def heard() -> bool:
            for client, chat in ((ann, mine), (bea, theirs)):
                for message in client.drain():
                    chat.receive(message)
            return all(any(x.text == "hi Ann" for x in chat.lines) for chat in (mine, theirs))

        await H.wait_for(heard)
        assert [(x.name, x.mine) for x in mine.lines][-1] == ("Bea", False)
        assert [(x.name, x.mine) for x in theirs.lines][-1] == ("Bea", True)
        # From the standings: a report is of the player's newest line; none from a silent one.
        ann_id = ann.client.user["id"]
        theirs.act_on_player(ann_id, "Ann", "report")
        await H.wait_for(lambda: theirs.note == "Ann's line was reported to the operator.")
        reports = await server.social.chat.archive.reports(10)
        assert [(r["line"]["text"], r["room"]) for r in reports] == [("anyone about, a***?", "tournament")]
        warden = await asyncio.to_thread(started, server, "Warden")
        try:
            theirs.act_on_player(warden.client.user["id"], "Warden", "report")
            assert theirs.problem == "Nothing of Warden's to report: only a line they said here can be reported."
        finally:
            await asyncio.to_thread(warden.close)
        theirs.act_on_player(bea.client.user["id"], "Bea", "mute")
        assert theirs.problem == "That is you: you cannot mute, block or report yourself."
        assert len(await server.social.chat.archive.reports(10)) == 1  # nothing more was queued
        theirs.act_on_player(ann_id, "Ann", "mute")
        await H.wait_for(lambda: theirs.note == "Ann is muted: their lines are hidden.")
        assert [x.text for x in theirs.lines] == ["hi Ann"]
        again = await asyncio.to_thread(lambda: bea.call("tournament_room", tid).result(10))
        assert [m["text"] for m in again["chat"]] == ["hi Ann"]  # Ann's lines are left out from now on
    finally:
        await asyncio.to_thread(ann.close)
        await asyncio.to_thread(bea.close)
