"""Chat through the client library: the game's room, the spectators' room and a tournament's
lobby; masking, the length cap and the rate limit; mute and block; reports and the operator's
chat mute (`scryptic admin reports`, `silence`), each refusal changing nothing."""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
import srv_helpers as H

from client.net import ServerError
from server.lobby.chat_text import MAX_CHARS, ChatText
from shared import wire

REPO = Path(__file__).resolve().parents[2]


def heard(client) -> list[dict[str, Any]]:
    """The chat pushes ``client`` gets from now on."""
    lines: list[dict[str, Any]] = []
    client.on_message = lambda m: (lines.append(msgspec.to_builtins(m))
                                   if isinstance(m, (wire.ChatPush, wire.ChatMutedPush)) else None)
    return lines


async def refused(call, code: str) -> ServerError:
    with pytest.raises(ServerError) as info:
        await call
    assert info.value.code == code, info.value
    return info.value


def admin(server, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "scryptic", "admin", "--server", f"ws://127.0.0.1:{server.port}",
               "--key-file", str(tmp_path / "admin.key"), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=REPO, stdin=subprocess.DEVNULL,
                          env=dict(os.environ))


def test_lines_are_trimmed_and_excluded_words_masked_whole():
    text = ChatText(["arse", "shit"])
    assert text.clean("  well   played\n you ") == "well played you"
    assert text.clean("Arse! sh1t, s.h.i.t and bad-arse") == "A***! s***, s****** and b*******"
    assert text.clean("Scunthorpe sparse shitake") == "Scunthorpe sparse shitake"  # never inside a word
    assert len(text.clean("x" * MAX_CHARS)) == MAX_CHARS


async def test_the_players_room_masks_caps_and_limits(server, duel):
    gold, silver, game = duel["gold"], duel["silver"], duel["game"]
    now = [1000.0]
    server.social.chat.clock = lambda: now[0]  # the rate limit's clock, moved by hand
    to_silver = heard(silver)
    line = await gold.chat("game", "well played, you arse", game=game)
    assert line["text"] == "well played, you a***" and line["user"]["name"] == "Gold"
    await H.wait_for(lambda: len(to_silver) == 1)
    assert to_silver[0]["room"] == "game" and to_silver[0]["game"] == game and to_silver[0]["line"] == line
    await refused(gold.chat("game", "x" * (MAX_CHARS + 1), game=game), "chat_too_long")
    await refused(gold.chat("game", "   ", game=game), "chat_empty")
    for n in range(4):  # a burst of five in all, then one every two seconds
        await gold.chat("game", f"line {n}", game=game)
    await refused(gold.chat("game", "one too many", game=game), "chat_rate_limited")
    now[0] += 2.0
    await gold.chat("game", "and one more", game=game)
    await H.wait_for(lambda: len(to_silver) == 6)
    assert [m["line"]["text"] for m in to_silver[1:]] == ["line 0", "line 1", "line 2", "line 3", "and one more"]


async def test_spectators_have_their_own_room(server, duel, connect):
    gold, silver, game = duel["gold"], duel["silver"], duel["game"]
    fan, other = await connect(server, "Fan"), await connect(server, "Other")
    await fan.watch(game)
    await other.watch(game)
    to_gold, to_other = heard(gold), heard(other)
    await fan.chat("spectators", "what a move", game=game)
    await H.wait_for(lambda: len(to_other) == 1)
    await refused(fan.chat("game", "hi players", game=game), "not_in_room")
    await refused(gold.chat("spectators", "hi fans", game=game), "not_in_room")
    await gold.chat("game", "to silver only", game=game)
    await H.wait_for(lambda: len(to_gold) == 1)
    assert [m["line"]["text"] for m in to_gold] == ["to silver only"]  # the players never see the spectators'
    assert [m["line"]["text"] for m in to_other] == ["what a move"]


async def test_mute_hides_lines_and_block_refuses_challenges(server, duel):
    gold, silver, game = duel["gold"], duel["silver"], duel["game"]
    to_silver = heard(silver)
    await silver.mute(name="Gold")
    await gold.chat("game", "can you hear me", game=game)
    await silver.chat("game", "a marker", game=game)
    await H.wait_for(lambda: len(to_silver) == 1)
    assert [m["line"]["text"] for m in to_silver] == ["a marker"]
    await silver.mute(name="Gold", kind="block")
    await refused(gold.challenge(name="Silver", map="test-ford"), "blocked")
    await silver.mute(name="Gold", kind="none")
    await gold.challenge(name="Silver", map="test-ford")
    await gold.chat("game", "back again", game=game)
    await H.wait_for(lambda: len(to_silver) == 2)
    await refused(silver.mute(name="Silver"), "own_game")


async def test_no_chat_in_a_bot_game(server, connect):
    player = await connect(server, "Solo")
    made = await player.create_game(map="test-ford", opponent="bot", bot_level=1)
    await refused(player.chat("game", "hello bot", game=made["game"]), "chat_off")


async def test_reports_and_the_operators_chat_mute(server, duel, connect, tmp_path):
    gold, silver, game = duel["gold"], duel["silver"], duel["game"]
    outsider = await connect(server, "Nosy")
    to_silver = heard(silver)
    line = await gold.chat("game", "you play like a donkey", game=game)
    await H.wait_for(lambda: len(to_silver) == 1)
    first = await silver.report("rude in chat", line=line["id"])
    second = await silver.report("stalling", game=game)
    await refused(outsider.report("just because", game=game), "not_your_game")
    await refused(outsider.report("just because", line=line["id"]), "no_such_line")
    await refused(silver.report("which?", line=999), "no_such_line")
    listed = await asyncio.to_thread(admin, server, tmp_path, "reports")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines() == [
        f"{second}  from Silver (id 2): game {game} - stalling",
        f"{first}  from Silver (id 2): line {line['id']} by Gold: 'you play like a donkey' - rude in chat",
        "2 reports",
    ]
    to_gold = heard(gold)
    done = await asyncio.to_thread(admin, server, tmp_path, "silence", "Gold", "--reason", "insults")
    assert done.returncode == 0 and done.stdout.strip() == "Gold (id 1) is muted in chat: insults"
    await H.wait_for(lambda: len(to_gold) == 1)
    assert to_gold[0]["type"] == "chat_muted" and to_gold[0]["reason"] == "insults"  # told why, at once
    told = await refused(gold.chat("game", "sorry", game=game), "chat_muted")
    assert "insults" in told.reason
    assert (await asyncio.to_thread(admin, server, tmp_path, "unsilence", "Gold")).returncode == 0
    await gold.chat("game", "sorry", game=game)


async def test_a_tournament_lobby_has_its_chat(server, connect, tmp_path):
    key = (tmp_path / "admin.key").read_text().strip()
    host = await connect(server, "Warden")
    event = await host.create_tournament(key, "Lobby Cup", 3600, start_in=3600, map="test-ford")
    ann, bea, cy = [await connect(server, name) for name in ("Ann", "Bea", "Cy")]
    await ann.join_tournament(event["id"])
    await bea.tournament(event["id"])  # follows it without playing
    to_bea = heard(bea)
    await ann.chat("tournament", "good luck all", tournament=event["id"])
    await H.wait_for(lambda: len(to_bea) == 1)
    assert to_bea[0]["tournament"] == event["id"] and to_bea[0]["line"]["text"] == "good luck all"
    await refused(cy.chat("tournament", "me too", tournament=event["id"]), "not_in_room")
    await refused(cy.chat("tournament", "me too", tournament="tnosuch"), "no_such_tournament")


async def test_a_tournament_lobby_masks_limits_and_hides_the_muted(server, connect, tmp_path):
    key = (tmp_path / "admin.key").read_text().strip()
    host = await connect(server, "Warden")
    event = await host.create_tournament(key, "Chatty Cup", 3600, start_in=3600, map="test-ford")
    tid = event["id"]
    ann, bea = await connect(server, "Ann"), await connect(server, "Bea")
    await ann.join_tournament(tid)
    await bea.tournament(tid)
    now = [1000.0]
    server.social.chat.clock = lambda: now[0]
    to_bea = heard(bea)
    line = await ann.chat("tournament", "hello you arse", tournament=tid)
    assert line["text"] == "hello you a***"
    for n in range(4):  # a burst of five in all, then one every two seconds
        await ann.chat("tournament", f"line {n}", tournament=tid)
    await refused(ann.chat("tournament", "one too many", tournament=tid), "chat_rate_limited")
    now[0] += 2.0
    await ann.chat("tournament", "and one more", tournament=tid)
    await H.wait_for(lambda: len(to_bea) == 6)
    assert [m["line"]["text"] for m in to_bea] == ["hello you a***", "line 0", "line 1", "line 2", "line 3",
                                                    "and one more"]
    await bea.mute(name="Ann")
    now[0] += 2.0
    await ann.chat("tournament", "are you there", tournament=tid)
    await bea.chat("tournament", "a marker", tournament=tid)
    await H.wait_for(lambda: len(to_bea) == 7)
    assert to_bea[-1]["line"]["text"] == "a marker"  # Ann's line never came


async def test_entering_a_tournament_lobby_brings_its_recent_lines(server, connect, tmp_path):
    key = (tmp_path / "admin.key").read_text().strip()
    host = await connect(server, "Warden")
    event = await host.create_tournament(key, "History Cup", 3600, start_in=3600, map="test-ford")
    tid = event["id"]
    ann, bea, cy, dee = [await connect(server, name) for name in ("Ann", "Bea", "Cy", "Dee")]
    await ann.join_tournament(tid)
    await bea.tournament(tid)
    ticks = itertools.count(0.0, 10.0)
    server.social.chat.clock = lambda: next(ticks)  # ten seconds between lines: none is limited
    said = [await ann.chat("tournament", "first", tournament=tid), await bea.chat("tournament", "second", tournament=tid)]
    followed = await cy.request("tournament", tournament=tid)
    assert [(m["user"]["name"], m["text"]) for m in followed["chat"]] == [("Ann", "first"), ("Bea", "second")]
    assert followed["chat"] == said
    await dee.mute(name="Ann")
    joined = await dee.request("join_tournament", tournament=tid)
    assert [m["text"] for m in joined["chat"]] == ["second"]  # the muted player's lines are left out
    report = await cy.report("rude in the lobby", line=said[0]["id"])  # a line of the history was shown to Cy
    assert len(report) == 12
    await refused(dee.report("rude in the lobby", line=said[0]["id"]), "no_such_line")
    for _ in range(60):
        await ann.chat("tournament", "spam", tournament=tid)
    assert len((await cy.request("tournament", tournament=tid))["chat"]) == 50  # the last fifty


async def test_a_refused_lobby_line_changes_nothing(server, connect, tmp_path):
    key = (tmp_path / "admin.key").read_text().strip()
    host = await connect(server, "Warden")
    event = await host.create_tournament(key, "Strict Cup", 3600, start_in=3600, map="test-ford")
    tid = event["id"]
    ann, cy = await connect(server, "Ann"), await connect(server, "Cy")
    await ann.join_tournament(tid)
    told = await refused(ann.chat("tournament", "x" * (MAX_CHARS + 1), tournament=tid), "chat_too_long")
    assert "200" in told.reason
    await refused(ann.chat("tournament", "   ", tournament=tid), "chat_empty")
    told = await refused(cy.chat("tournament", "let me in", tournament=tid), "not_in_room")
    assert told.reason == "follow the tournament (or play in it) to chat in its lobby"
    told = await refused(cy.chat("tournament", "hello?", tournament="tnosuch"), "no_such_tournament")
    assert told.reason == "no tournament tnosuch"
    await refused(cy.request("tournament", tournament="tnosuch"), "no_such_tournament")
    await refused(ann.request("chat", room="tournament", text="where?"), "bad_message")
    assert (await ann.request("tournament", tournament=tid))["chat"] == []  # nothing was said
    assert server.social.chat.lobbies.get(tid) is None


async def test_mutes_blocks_and_the_operators_mute_survive_a_restart(start_server, connect, tmp_path):
    db = tmp_path / "server.sqlite3"
    server = await start_server(db=db)
    duel = await H.make_duel(server, connect)
    gold, silver = duel["gold"], duel["silver"]
    await silver.mute(name="Gold", kind="block")
    await asyncio.to_thread(admin, server, tmp_path, "silence", "Silver", "--reason", "spam")
    tokens = (gold.token, silver.token)
    await server.stop()
    again = await start_server(db=db)
    gold, silver = await connect(again, None, token=tokens[0]), await connect(again, None, token=tokens[1])
    await refused(gold.challenge(name="Silver", map="test-ford"), "blocked")
    told = await refused(silver.chat("game", "hello", game=duel["game"]), "chat_muted")
    assert "spam" in told.reason
