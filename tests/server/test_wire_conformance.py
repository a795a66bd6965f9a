"""Every frame a real server sends in a whole game fits its Struct in shared/wire, and the
events and views re-encode from their Structs to exactly the bytes the server sent."""

from __future__ import annotations

import msgspec
import srv_helpers as H

import client.net.aio as aio
from shared import wire


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
