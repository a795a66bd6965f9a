"""Unit tests of the server's parts: schemas, clocks, limits, the store, per-viewer views."""

from __future__ import annotations

import asyncio
import sqlite3

import msgpack
import pytest
import srv_helpers as H
from wire_helpers import message

from client.net.codec import PROTOCOL_VERSION as CLIENT_VERSION
from client.net.state import GameTracker
from server.edge import protocol as P
from server.edge.limits import AddressCounter, TokenBucket
from server.host.clocks import Clock
from server.host.views import ViewCache
from server.mapcodec import map_from_text, map_to_text
from server.store import records as R
from server.store import sqlite_statements as SQL
from server.store.sqlite import SQLiteStore
from shared.rules.actions import action_from_dict
from shared.rules.terrain import Player


def decode(message) -> P.Request:
    return P.decode_request(msgpack.packb(message, use_bin_type=True))


def refusal(message) -> P.ProtocolError:
    frame = message if isinstance(message, bytes) else msgpack.packb(message, use_bin_type=True)
    with pytest.raises(P.ProtocolError) as info:
        P.decode_request(frame)
    return info.value


# -- protocol -------------------------------------------------------------------------------------


def test_client_and_server_speak_the_same_version():
    assert CLIENT_VERSION == P.PROTOCOL_VERSION
    from scryptic.commands._wire import PROTOCOL_VERSION as ONE_SHOT_VERSION  # replay URL, admin
    assert ONE_SHOT_VERSION == P.PROTOCOL_VERSION


def test_every_request_type_decodes():
    samples = {
        "hello": {"name": "Ada"}, "set_name": {"name": "Bea"}, "list_games": {}, "my_games": {},
        "create_game": {"map": "x", "time_control": {"kind": "per_turn", "seconds": 30}},
        "join": {"code": "ABCDEF"}, "attach": {"game": "abcd1234", "seat_token": "t" * 32, "since": 3},
        "watch": {"game": "abcd1234"}, "leave": {"game": "abcd1234"},
        "act": {"game": "abcd1234", "action": {"type": "commit", "placements": [[1, 2, "A"]]}},
        "claim_win": {"game": "abcd1234"}, "rematch": {"game": "abcd1234", "accept": False},
        "export": {"game": "abcd1234"}, "analyse": {"game": "abcd1234"}, "ping": {}, "stats": {},
        "subscribe_lobby": {}, "unsubscribe_lobby": {},
        "challenge": {"name": "Bea", "rated": True, "time_control": {"kind": "correspondence", "days": 3}},
        "answer_challenge": {"game": "abcd1234", "accept": True},
        "offer": {"game": "abcd1234", "kind": "draw"}, "answer_offer": {"game": "abcd1234", "kind": "takeback", "accept": False},
        "abort": {"game": "abcd1234"}, "leaderboard": {"family": "blitz"}, "profile": {"user": 3},
        "history": {"name": "Ada", "limit": 5, "before": 1.5},
        "admin": {"key": "k" * 43, "op": "ban", "name": "Bea", "reason": "spam"},
        "preview": {"game": "abcd1234", "placements": [[1, 2, "a"], [1, 3, "t"]]},
        # the puzzles
        "puzzles": {"theme": "city_taken", "map": "the-anvil", "limit": 5, "after": "p-0001"},
        "puzzle": {"puzzle": "p-0001"}, "daily_puzzle": {"date": "2026-12-04"},
        "puzzle_attempt": {"puzzle": "p-0001", "actions": [{"type": "end_turn"}]},
        # replays
        "replay": {"game": "abcd1234", "version": 12},
    }
    samples.update({  # tournaments
        "create_tournament": {"key": "k" * 43, "name": "Brass", "seconds": 1800, "rated": True,
                              "time_control": {"kind": "fischer", "initial": 180}},
        "tournaments": {}, "tournament": {"tournament": "tabc12"}, "join_tournament": {"tournament": "tabc12"},
        "leave_tournament": {"tournament": "tabc12"},
        "chat": {"room": "game", "game": "abcd1234", "text": "gg"}, "mute": {"name": "Bea", "kind": "block"},
        "report": {"line": 3, "reason": "rude"},
    })
    samples["start_tournament"] = {"key": "k" * 43, "tournament": "tabc12"}
    assert set(samples) == set(P.REQUEST_TYPES)
    for kind, fields in samples.items():
        request = decode({"type": kind, "id": 7, **fields})
        assert request.id == 7 and request.__struct_config__.tag == kind


def test_every_request_that_names_a_game_says_which_node_answers_it():
    # A cluster forwards a request to the node running its game only if the request type says
    # so: a new request naming a game must decide, in its own class, or only a cluster breaks.
    from typing import get_args

    naming = [cls for cls in get_args(P.Request) if "game" in cls.__struct_fields__]
    assert naming, "no request names a game"
    for cls in naming:
        assert "by_owner" in vars(cls), f"{cls.__struct_config__.tag} names a game but not who answers it"
    assert {"act", "attach", "watch", "join", "leave", "admin"} <= P.OWNER_ANSWERS
    assert {"export", "analyse"}.isdisjoint(P.OWNER_ANSWERS)  # the shared store answers these anywhere
    assert P.FOLLOWING == {"attach", "watch", "join"} and P.REPEATABLE == {"attach", "watch"}
    assert P.FOLLOWING <= P.OWNER_ANSWERS and P.REPEATABLE <= P.FOLLOWING
    # The asking node follows a forwarded game by the seat its answer declares (shared.wire.replies).
    from server.remote.wire import SEATING

    assert SEATING == {"attach", "join", "answer_challenge", "rematch"}
    assert P.FOLLOWING - {"watch"} <= SEATING
    assert "by_owner" not in P.Act.__struct_fields__  # a class variable, never on the wire


def test_malformed_requests_are_refused_with_a_named_reason():
    assert refusal(b"\xc1").code == "bad_frame"
    # A request whose id is a str that is not UTF-8: refused, and no id can be read back.
    not_utf8 = refusal(b"\x82\xa4type\xa4ping\xa2id\xa2\xff\xfe")
    assert not_utf8.code == "bad_message" and not_utf8.request_id is None
    assert refusal([1, 2]).code == "bad_message"
    unknown = refusal({"type": "teleport", "id": 3})
    assert unknown.code == "unknown_type" and unknown.request_id == 3 and "hello" in unknown.reason
    missing = refusal({"type": "act", "id": 4, "game": "abcd1234"})
    assert missing.code == "bad_message" and "action" in missing.reason and missing.request_id == 4
    extra = refusal({"type": "ping", "id": 5, "sneaky": 1})
    assert extra.code == "bad_message" and "sneaky" in extra.reason
    assert "name" in refusal({"type": "hello", "id": 6, "name": " padded"}).reason
    assert refusal({"type": "hello", "id": 6, "name": "x" * 25}).code == "bad_message"
    assert refusal({"type": "ping", "id": -1}).request_id is None
    assert "placements" in refusal({"type": "act", "id": 1, "game": "abcd1234", "action": {"type": "commit", "placements": [[1, 2, "ab"]]}}).reason
    assert refusal({"type": "act", "id": 1, "game": "../etc", "action": {"type": "end_turn"}}).code == "bad_message"


def test_wire_actions_become_engine_actions_for_the_seat():
    request = decode({"type": "act", "id": 1, "game": "abcd1234", "action": {"type": "commit", "placements": [[3, 4, "Q"]], "direction": "down"}})
    action = action_from_dict(P.action_to_engine_dict(request.action, 2))
    assert action.player == Player.SILVER and action.placements == ((3, 4, "q"),) and action.direction == "down"
    resign = decode({"type": "act", "id": 1, "game": "abcd1234", "action": {"type": "resign"}})
    assert action_from_dict(P.action_to_engine_dict(resign.action, 1)).reason == "resigned"


# -- clocks ---------------------------------------------------------------------------------------


def test_fischer_clock_runs_for_the_mover_and_adds_the_increment():
    clock = Clock.from_settings({"kind": "fischer", "initial": 60, "increment": 2})
    clock.advance(1000.0, None, None, running=1)
    assert clock.left(1010.0) == {1: 50.0, 2: 60.0}
    clock.advance(1010.0, ended_turn=1, started_turn=2, running=2)
    assert clock.remaining == {1: 52.0, 2: 60.0}
    assert clock.deadline() == (2, 1070.0)
    restored = Clock.from_dict(clock.to_dict())
    assert restored == clock


def test_per_turn_clock_resets_each_turn_and_pauses():
    clock = Clock.from_settings({"kind": "per_turn", "seconds": 30})
    clock.advance(0.0, None, None, running=1)
    clock.advance(20.0, None, None, running=None)  # a defence order is pending: nobody's time runs
    assert clock.deadline() is None and clock.left(100.0)[1] == 10.0
    clock.advance(100.0, None, None, running=1)
    clock.advance(105.0, ended_turn=1, started_turn=2, running=2)
    assert clock.remaining == {1: 5.0, 2: 30.0}


def test_an_outage_is_not_charged_to_the_running_clock():
    clock = Clock.from_settings({"kind": "fischer", "initial": 100})
    clock.advance(0.0, None, None, running=2)
    clock.resume_after_outage(last_alive=30.0, now=500.0)  # alive until 30, back at 500
    assert clock.left(510.0) == {1: 100.0, 2: 60.0}
    assert Clock().public(0.0) is None and not Clock().enabled


# -- limits ---------------------------------------------------------------------------------------


def test_token_bucket_allows_bursts_then_the_rate():
    now = [0.0]
    bucket = TokenBucket(rate=2.0, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5
    assert bucket.take() and not bucket.take()
    with pytest.raises(ValueError):
        TokenBucket(0, 1)


def test_address_counter_caps_each_address():
    counter = AddressCounter(2)
    assert counter.acquire("a") and counter.acquire("a") and not counter.acquire("a")
    assert counter.acquire("b")
    counter.release("a")
    assert counter.acquire("a") and counter.total == 3


# -- store ----------------------------------------------------------------------------------------


def stored_game(game_id: str = "g1") -> R.StoredGame:
    return R.StoredGame(
        id=game_id, created=1.0, updated=1.0, map_name="Test Ford", map_text=map_to_text(H.test_map()),
        rules="standard", seed=9, first=1, settings={"public": True}, join_code=None, status="active",
        result=None, clock=None, rematch_of=None,
        seats={1: R.StoredSeat(1, None, "h1", None), 2: R.StoredSeat(2, None, None, 2)},
    )


async def test_store_writes_are_durable_and_reload(tmp_path):
    path = tmp_path / "s.sqlite3"
    store = SQLiteStore(path)
    await store.write(SQL.insert_game(stored_game()))
    await asyncio.gather(*(store.write([SQL.insert_action("g1", v, {"type": "end_turn", "player": 1 + v % 2}, float(v))]) for v in range(1, 6)))
    await store.write([SQL.update_game("g1", clock={"kind": "none"}), SQL.heartbeat(42.0)])
    # 7 units: the five written together share one transaction (without grouping there would be 7)
    assert (store.commits, store.units) == (3, 7)
    store.close()

    again = SQLiteStore(path)
    state = again.load_state()
    game = state.games[0]
    assert [v for v, _a, _t in game.actions] == [1, 2, 3, 4, 5]
    assert game.seats[2].bot_level == 2 and game.clock == {"kind": "none"} and state.heartbeat == 42.0
    assert map_from_text(game.map_text).terrain == H.test_map().terrain
    again.close()


async def test_a_failing_unit_fails_alone(tmp_path):
    store = SQLiteStore(tmp_path / "s.sqlite3")
    await store.write(SQL.insert_game(stored_game()))
    good = store.submit([SQL.insert_action("g1", 1, {"type": "end_turn"}, 1.0)])
    bad = store.submit([SQL.insert_action("g1", 1, {"type": "end_turn"}, 2.0)])  # duplicate version
    also_good = store.submit([SQL.insert_action("g1", 2, {"type": "end_turn"}, 3.0)])
    results = await asyncio.gather(good, bad, also_good, return_exceptions=True)
    assert results[0] is None and results[2] is None and isinstance(results[1], R.StoreError)
    assert [v for v, _a, _t in store.load_game("g1").actions] == [1, 2]
    store.close()


def test_the_store_refuses_a_newer_schema(tmp_path):
    path = tmp_path / "s.sqlite3"
    SQLiteStore(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(R.StoreError, match="schema version 99"):
        SQLiteStore(path)


# -- views and client tracking --------------------------------------------------------------------


def test_cached_views_equal_the_engine_views_through_a_whole_game():
    game = H.new_game(2)
    for data in H.script(2):
        game.apply(action_from_dict(data))
        cache = ViewCache(game)
        for viewer in (None, Player.GOLD, Player.SILVER):
            assert cache.view(viewer) == H.seen(game, viewer)


def test_game_tracker_follows_updates_and_ignores_repeats():
    game = H.new_game(1)
    tracker = GameTracker("g")
    tracker.apply(message({"type": "state", "game": "g", "version": 0, "seat": 1, "view": game.view(Player.GOLD),
                           "info": {"game": "g", "status": "active", "clock": None}}))
    assert tracker.my_move and tracker.rack == game.view(Player.GOLD)["players"]["1"]["rack"]
    events = game.apply(action_from_dict(H.script(1)[0]))
    update = {"type": "update", "game": "g", "version": 1, "events": [e.to_dict(Player.GOLD) for e in events], "view": game.view(Player.GOLD), "clock": None}
    assert tracker.apply(message(update)) and not tracker.apply(message(update))
    assert tracker.version == 1 and len(tracker.log) == len(events)


# -- the protocol document ------------------------------------------------------------------------


def test_the_protocol_document_covers_every_type_and_error_code():
    import inspect
    from pathlib import Path

    from shared.rules import errors as engine_errors

    text = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    for kind in P.REQUEST_TYPES:
        assert f"### `{kind}`" in text, kind
    for code in P.ERROR_CODES:
        assert f"`{code}`" in text, code
    for _name, cls in inspect.getmembers(engine_errors, inspect.isclass):
        if issubclass(cls, engine_errors.RuleError):
            assert f"`{cls.code}`" in text, cls.code
    for push in ("state", "update", "missed", "info", "presence", "lobby", "your_turn", "challenge", "bye"):
        assert f"### `{push}`" in text, push


def test_identity_store_keeps_tokens_privately(tmp_path):
    import os

    from client.net import IdentityStore

    path = tmp_path / "conf" / "identity.json"
    store = IdentityStore(path)
    store.remember("ws://127.0.0.1:1", name="Ada", token="t" * 32, seats={"g1": "s" * 32})
    again = IdentityStore(path)
    assert again.server("ws://127.0.0.1:1") == {"name": "Ada", "token": "t" * 32, "seats": {"g1": "s" * 32}}
    assert os.stat(path).st_mode & 0o077 == 0
    path.write_text("not json")
    assert IdentityStore(path).server("ws://x") == {"name": None, "token": None, "seats": {}}


async def test_writes_stay_durable_if_the_fsync_helper_dies(tmp_path):
    store = SQLiteStore(tmp_path / "s.sqlite3")
    await store.write(SQL.insert_game(stored_game()))
    assert store._syncer is not None and not store._syncer.dead
    store._syncer._proc.kill()
    store._syncer._proc.wait()
    for version in (1, 2):  # the first may meet the dead helper, the second finds it dead
        await store.write([SQL.insert_action("g1", version, {"type": "end_turn"}, 1.0)])
    assert store._syncer.dead
    assert [v for v, _a, _t in store.load_game("g1").actions] == [1, 2]
    store.close()
