"""Every frame a real server sends in a whole game fits its Struct in shared/wire, and the
events and views re-encode from their Structs to exactly the bytes the server sent; every
request's reply decodes as the Struct shared/wire/replies.py declares for it, and encodes from
that Struct back to the very map the server sent."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, get_args

import msgspec
import srv_helpers as H

import client.net.aio as aio
from server.app import GameServer
from server.edge import protocol as P
from shared import wire
from shared.puzzles.pack import write_pack
from shared.rules.terrain import Player

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import SOLUTION, sample_pack  # noqa: E402


async def test_every_frame_of_a_game_decodes_to_its_struct_byte_for_byte(server, connect, monkeypatch):
    frames: list[bytes] = []
    decode = aio.decode

    def recording(frame):
        frames.append(frame)
        return decode(frame)

    monkeypatch.setattr(aio, "decode", recording)
    duel = await H.make_duel(server, connect, seed=1)
    watcher = await connect(server, "Watcher")
    await watcher.watch(game=duel["game"])
    final = await H.play_script(duel["clients"], duel["game"], 1, 0)
    await H.wait_for(lambda: all(c.games[duel["game"]].version == final for c in (*duel["clients"].values(), watcher)))
    assert duel["gold"].games[duel["game"]].over

    kinds: dict[str, int] = {}
    event_kinds: set[str] = set()
    for frame in frames:
        raw = msgspec.msgpack.decode(frame)
        message = wire.decode_message(frame)
        assert message.type == raw["type"]
        kinds[message.type] = kinds.get(message.type, 0) + 1
        if isinstance(message, (wire.StatePush, wire.UpdatePush)):
            assert msgspec.msgpack.encode(message.view) == msgspec.msgpack.encode(raw["view"])
            for typed, sent in zip(message.events, raw.get("events") or [], strict=True):
                assert msgspec.msgpack.encode(typed) == msgspec.msgpack.encode(sent)
                event_kinds.add(typed.type)
        if isinstance(message, (wire.StatePush, wire.InfoPush)):
            assert set(raw["info"]) <= set(wire.GameInfo.__struct_encode_fields__), "info keys the Struct lacks"
    assert {"result", "state", "update", "info", "presence"} <= set(kinds)
    assert kinds["update"] == 3 * final  # each action, to both players and the watcher
    assert {"game_started", "word_committed", "turn_ended", "game_over"} <= event_kinds


def test_every_request_type_has_its_reply_declared():
    assert set(wire.REPLIES) | set(wire.OPEN_REPLIES) == set(P.REQUEST_TYPES)
    assert not set(wire.REPLIES) & set(wire.OPEN_REPLIES)


def check(kind: str, data: dict[str, Any]) -> None:
    """``data`` decodes as its Struct, which encodes to the same fields and values, in order."""
    typed = msgspec.convert(data, wire.REPLIES[kind])
    again = msgspec.msgpack.decode(msgspec.msgpack.encode(typed))
    assert again == data, kind
    assert list(again) == list(data), f"{kind}: the fields in the server's order"


async def test_every_reply_a_whole_session_gets_is_its_declared_struct(tmp_path, connect, monkeypatch):
    replies: list[tuple[str, dict[str, Any]]] = []
    request = aio.AsyncClient.request

    async def recording(self, kind, /, _unready_ok=False, **fields):
        data = await request(self, kind, _unready_ok=_unready_ok, **fields)
        replies.append((kind, data))
        return data

    monkeypatch.setattr(aio.AsyncClient, "request", recording)
    pack = write_pack(sample_pack(H.lexicon()), tmp_path / "puzzles.jsonl")
    config = H.make_config(tmp_path / "s.sqlite3", puzzle_pack=pack, analysis_depth="quick", abandon_grace=0.05)
    server = GameServer(config, H.lexicon(), maps={"test-ford": H.test_map()}, lexicon_factory=H.lexicon_factory)
    await server.start()
    try:
        await session(server, connect, (tmp_path / "admin.key").read_text().strip())
    finally:
        await server.stop()

    for kind, data in replies:
        check(kind, data)
    assert set(wire.REPLIES) - {kind for kind, _ in replies} == set(), "every declared reply was seen"
    ops = {data["op"] for kind, data in replies if kind == "admin"}
    assert ops == {cls.__struct_config__.tag for cls in get_args(wire.AdminReply)}, "every operation was seen"


async def session(server: GameServer, connect, key: str) -> None:
    """Every request a player or the operator makes, each answered (not refused) at least once."""
    duel = await H.make_duel(server, connect, seed=1)
    gold, silver, game = duel["gold"], duel["silver"], duel["game"]
    watcher = await connect(server, "Watcher")
    await watcher.set_name("Watcher Two")
    await watcher.list_games()
    await watcher.subscribe_lobby()
    await watcher.unsubscribe_lobby()
    await watcher.watch(game=game)
    await watcher.leave(game)
    await gold.my_games()
    await gold.ping()
    await gold.request("preview", game=game, placements=[[0, 0, "a"]])
    await gold.offer_draw(game)
    await silver.answer_offer(game, "draw", False)
    await silver.attach(game)
    await gold.chat("game", "good luck", game=game)
    await silver.mute(name="Gold")
    await silver.report("rude", game=game)
    final = await H.play_script(duel["clients"], game, 1, 0)
    await H.wait_for(lambda: gold.games[game].version == final)
    await gold.rematch(game)
    await silver.rematch(game)
    await gold.export(game)
    await gold.request("replay", game=game, version=1)
    await gold.request("analyse", game=game)
    await gold.analyse(game)
    await gold.profile(name="Silver")
    await gold.history(name="Silver")
    await gold.leaderboard("blitz")

    other = await connect(server, "Other")
    challenged = await gold.challenge(name="Other", map="test-ford")
    await other.my_games()  # with the challenge waiting
    await other.answer_challenge(challenged["game"], accept=False)
    challenged = await gold.challenge(name="Other", map="test-ford")
    await other.answer_challenge(challenged["game"])
    await gold.abort(challenged["game"])
    created = await gold.create_game(map="test-ford")
    await other.join(game=created["game"])
    await other.close()
    await H.wait_for(lambda: server.rooms[created["game"]].absent_long_enough(Player.SILVER, time.time()))
    await gold.claim_win(created["game"])

    event = await gold.create_tournament(key, "Reply Cup", 3600, start_in=3600, map="test-ford")
    await silver.tournaments()
    await silver.join_tournament(event["id"])
    await watcher.tournament(event["id"])
    await silver.leave_tournament(event["id"])
    await gold.start_tournament(key, event["id"])

    await operator_session(server, connect, gold, key)

    listed = await silver.puzzles()
    await silver.puzzle(listed["puzzles"][0]["id"])
    await silver.daily_puzzle()
    await silver.puzzle_attempt("t-cats", [{k: v for k, v in a.items() if k != "player"} for a in SOLUTION])


async def operator_session(server: GameServer, connect, operator, key: str) -> None:
    """Every operation of ``admin``, each answered."""
    async def admin(op: str, **fields: Any) -> dict[str, Any]:
        return await operator.request("admin", key=key, op=op, **fields)

    spare = await connect(server, "Spare")
    waiting = await spare.create_game(map="test-ford")
    duel = await H.make_duel(server, connect, seed=2)
    await admin("users")
    await admin("user", name="Spare")
    await admin("rename", name="Spare", new_name="Spare Two")
    await admin("abort", game=waiting["game"])
    await admin("adjudicate", game=duel["game"], winner="gold")
    await admin("silence", name="Spare Two", reason="shouting")
    await admin("unsilence", name="Spare Two")
    await admin("reports")
    playing = await spare.create_game(map="test-ford")
    await (await connect(server, "Joiner")).join(game=playing["game"])
    banned = await admin("ban", name="Spare Two", reason="cheating")
    assert [g["game"] for g in banned["games_ended"]] == [playing["game"]]
    await admin("unban", name="Spare Two")
