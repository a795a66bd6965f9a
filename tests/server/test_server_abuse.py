"""Limits and hostile input: fuzzed frames, floods, oversized frames, too many connections, idlers."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

import msgpack
import pytest
import srv_helpers as H
from wire_helpers import plain
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from shared.rules.terrain import Player

VALID_TYPES = [
    "hello", "set_name", "list_games", "my_games", "create_game", "join", "attach", "watch",
    "leave", "act", "claim_win", "rematch", "export", "ping", "stats", "subscribe_lobby",
    "unsubscribe_lobby", "challenge", "answer_challenge", "offer", "answer_offer", "abort",
    "leaderboard", "profile", "history",
]


def random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(11 if depth < 4 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 2**31, -(2**63), 2**64 - 1, rng.randrange(-1000, 1000)])
    if kind == 3:
        return rng.choice([0.5, -1e308, float("inf"), float("nan")])
    if kind == 4:
        return "".join(rng.choice("aZ \x00\n\u00e9\U0001f600{}[]") for _ in range(rng.randrange(0, 40)))
    if kind == 5:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 30)))
    if kind == 6:
        return rng.choice(VALID_TYPES)
    if kind in (7, 8):
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    return {random_value(rng, 5) if rng.random() < 0.3 else rng.choice(["type", "id", "game", "action", "v", "name", "x"]): random_value(rng, depth + 1) for _ in range(rng.randrange(0, 5))}


def hostile_frame(rng: random.Random, game_id: str) -> bytes | str:
    """One frame that the server must refuse (or, rarely, harmlessly accept)."""
    choice = rng.randrange(9)
    if choice == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))
    if choice == 1:
        return msgpack.packb(random_value(rng), use_bin_type=True)
    if choice == 2:
        return "{\"type\": \"ping\", \"id\": 1}"  # text frames are refused
    if choice == 3:  # deep nesting
        value: Any = 1
        for _ in range(rng.randrange(50, 3000)):
            value = [value]
        try:
            return msgpack.packb({"type": "ping", "id": 1, "x": value})
        except (ValueError, msgpack.PackValueError):
            return b"\x91" * 5000
    if choice == 4:  # acting in someone else's game with wild actions
        action = {"type": rng.choice(["commit", "redeploy", "discard", "order_defence", "end_turn", "resign", "nuke"]),
                  "placements": [[rng.randrange(-5, 300), rng.randrange(-5, 300), rng.choice(["a", "ab", "", 1, None])]],
                  "order": [rng.randrange(-3, 300)] * rng.randrange(0, 100),
                  "player": rng.choice([1, 2, 3])}
        if rng.random() < 0.5:
            action = {k: v for k, v in action.items() if rng.random() < 0.5 or k == "type"}
        return msgpack.packb({"type": "act", "id": rng.randrange(2**53), "game": game_id, "action": action})
    if choice == 5:  # a real message type with mutated fields
        message = {"type": rng.choice(VALID_TYPES), "id": rng.choice([1, -1, "1", 2**60, None])}
        for _ in range(rng.randrange(0, 4)):
            message[rng.choice(["game", "code", "seat_token", "since", "name", "token", "map", "rules", "time_control", "seed", "zzz"])] = random_value(rng)
        return msgpack.packb(message, use_bin_type=True)
    if choice == 6:
        return msgpack.packb({"type": "attach", "id": 3, "game": game_id, "seat_token": "A" * rng.randrange(10, 70)})
    if choice == 7:
        return msgpack.packb({"type": "hello", "id": 4, "v": rng.choice([0, 2, 99]), "name": "x"})
    return msgpack.packb([{"type": "ping", "id": 1}])


async def fuzz_connection(url: str, frames: list[bytes | str]) -> tuple[int, int]:
    """Send ``frames`` on one connection (after a hello); return (replies, frames sent)."""
    replies = 0
    sent = 0
    async with ws_connect(url, max_size=2**22) as ws:
        await ws.send(msgpack.packb({"type": "hello", "id": 0, "name": "Fuzzer"}))
        await ws.recv()
        for frame in frames:
            await ws.send(frame)
            sent += 1
        # Every frame gets one answer (a result or an error); then ping to mark the end.
        await ws.send(msgpack.packb({"type": "ping", "id": 999_999}))
        while True:
            message = msgpack.unpackb(await asyncio.wait_for(ws.recv(), 10), raw=False, strict_map_key=False)
            if message.get("re") == 999_999:
                break
            if message["type"] in ("result", "error"):  # pushes (a game state...) are extra
                replies += 1
    return replies, sent


async def test_thousands_of_hostile_frames_leave_other_games_unharmed(start_server, connect):
    server = await start_server(max_strikes=100_000)
    duel = await H.make_duel(server, connect, seed=2)
    url = f"ws://127.0.0.1:{server.port}"
    rng = random.Random(4)
    batches = [[hostile_frame(rng, duel["game"]) for _ in range(500)] for _ in range(6)]

    async def play() -> int:
        return await H.play_script(duel["clients"], duel["game"], duel["seed"], 0)

    results = await asyncio.gather(play(), *(fuzz_connection(url, batch) for batch in batches))
    final = results[0]
    for replies, sent in results[1:]:
        assert replies == sent == 500
    local = H.replica(duel["seed"], len(H.script(duel["seed"])))
    assert final == local.version and local.over
    await H.wait_for(lambda: duel["gold"].games[duel["game"]].version == final)
    assert plain(duel["gold"].games[duel["game"]].view) == H.seen(local, Player.GOLD)
    assert server.metrics.errors["bad_message"] > 100 and server.metrics.errors["bad_frame"] > 100
    assert await duel["silver"].ping() > 0


async def test_garbage_gets_a_connection_cut_off(start_server):
    server = await start_server(max_strikes=10)
    async with ws_connect(f"ws://127.0.0.1:{server.port}") as ws:
        await ws.send(msgpack.packb({"type": "hello", "id": 1}))
        await ws.recv()
        codes = []
        with contextlib.suppress(ConnectionClosed):  # the close may come before all are sent
            for _ in range(100):
                await ws.send(b"\xc1garbage")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                codes.append(msgpack.unpackb(await asyncio.wait_for(ws.recv(), 10))["code"])
        assert codes[:10] == ["bad_frame"] * 10
        assert codes[-1] == "garbage"  # the bye message names why
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert server.metrics.cut_off["garbage"] == 1


async def test_floods_are_rate_limited_then_cut_off(start_server):
    server = await start_server(rate_per_second=5.0, rate_burst=5, max_strikes=20)
    async with ws_connect(f"ws://127.0.0.1:{server.port}") as ws:
        await ws.send(msgpack.packb({"type": "hello", "id": 0}))
        await ws.recv()
        answers: list[dict] = []
        with contextlib.suppress(ConnectionClosed):
            for i in range(1, 200):
                await ws.send(msgpack.packb({"type": "ping", "id": i}))
        with pytest.raises(ConnectionClosed):
            while True:  # what arrived before the close is still readable
                answers.append(msgpack.unpackb(await asyncio.wait_for(ws.recv(), 10), raw=False))
        kinds = [a.get("code") or a["type"] for a in answers]
        assert kinds[:4] == ["result"] * 4
        assert "rate_limited" in kinds
        assert answers[-1]["type"] == "bye"
    assert server.metrics.cut_off["garbage"] == 1


async def test_oversized_frames_close_the_connection(start_server):
    server = await start_server(max_message_bytes=4096)
    async with ws_connect(f"ws://127.0.0.1:{server.port}", max_size=None) as ws:
        await ws.send(msgpack.packb({"type": "hello", "id": 0}))
        await ws.recv()
        await ws.send(msgpack.packb({"type": "ping", "id": 1, "pad": "x" * 10_000}))
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 10)
    assert closed.value.rcvd.code == 1009


async def test_connections_per_address_are_capped(start_server):
    server = await start_server(max_connections_per_address=3)
    url = f"ws://127.0.0.1:{server.port}"
    held = [await ws_connect(url) for _ in range(3)]
    try:
        with pytest.raises(InvalidStatus) as refused:
            await ws_connect(url)
        assert refused.value.response.status_code == 429
    finally:
        for ws in held:
            await ws.close()
    await H.wait_for(lambda: server.addresses.total == 0)
    async with ws_connect(url) as ws:  # room again once the others left
        await ws.send(msgpack.packb({"type": "hello", "id": 0}))
        assert msgpack.unpackb(await ws.recv())["type"] == "result"


async def test_silent_connections_are_closed(start_server):
    server = await start_server(hello_timeout=0.3, idle_timeout=0.5)
    url = f"ws://127.0.0.1:{server.port}"
    async with ws_connect(url) as mute:  # never says hello
        with pytest.raises(ConnectionClosed):
            while True:
                message = msgpack.unpackb(await asyncio.wait_for(mute.recv(), 10))
                assert message == {"v": 2, "type": "bye", "reason": "no hello in time", "code": "no_hello"}
    async with ws_connect(url) as idle:
        await idle.send(msgpack.packb({"type": "hello", "id": 0}))
        await idle.recv()
        with pytest.raises(ConnectionClosed):
            while True:
                message = msgpack.unpackb(await asyncio.wait_for(idle.recv(), 10))
                assert message["code"] == "idle"
    assert server.metrics.cut_off["no_hello"] == 1 and server.metrics.cut_off["idle"] == 1


async def test_everything_before_hello_is_refused(server):
    async with ws_connect(f"ws://127.0.0.1:{server.port}") as ws:
        await ws.send(msgpack.packb({"type": "list_games", "id": 5}))
        reply = msgpack.unpackb(await ws.recv())
        assert (reply["type"], reply["re"], reply["code"]) == ("error", 5, "hello_first")
        await ws.send(msgpack.packb({"type": "hello", "id": 6, "v": 1}))  # a client of version 1
        reply = msgpack.unpackb(await ws.recv())
        assert reply["code"] == "bad_version"
        assert reply["reason"] == ("protocol version 1 is not supported: this server speaks version 2; "
                                   "update your client")
        await ws.send(msgpack.packb({"type": "hello", "id": 7}))
        assert msgpack.unpackb(await ws.recv())["type"] == "result"
        await ws.send(msgpack.packb({"type": "hello", "id": 8}))
        assert msgpack.unpackb(await ws.recv())["code"] == "already_hello"
