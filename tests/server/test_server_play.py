"""Whole games over real sockets: play to the end, spectators, records, lobby, rematch."""

from __future__ import annotations

import asyncio

import pytest
import srv_helpers as H
from wire_helpers import logged, plain

from client.net import ServerError
from server import bots
from shared.rules.actions import action_from_dict
from shared.rules.lexicon import WordList
from shared.rules.record import parse_record
from shared.rules.replay import replay
from shared.rules.terrain import Player


async def test_two_clients_play_a_whole_game_and_a_spectator_joins_midway(server, connect, duel):
    game_id, seed = duel["game"], duel["seed"]
    gold, silver = duel["gold"], duel["silver"]
    actions = H.script(seed)
    half = len(actions) // 2
    await H.play_script(duel["clients"], game_id, seed, 0, half)

    spectator = await connect(server, None)
    await spectator.watch(game=game_id)
    await H.wait_for(lambda: game_id in spectator.games and spectator.games[game_id].version == half)
    seen = spectator.games[game_id]
    assert seen.seat is None
    assert all(p["rack"] is None for p in plain(seen.view)["players"].values())
    assert all(p["rack_size"] > 0 for p in plain(seen.view)["players"].values())

    final = await H.play_script(duel["clients"], game_id, seed, half)
    assert final == len(actions)
    local = H.replica(seed, len(actions))
    assert local.over

    for client, seat in ((gold, Player.GOLD), (silver, Player.SILVER), (spectator, None)):
        await H.wait_for(lambda c=client: c.games[game_id].version == final)
        tracker = client.games[game_id]
        assert plain(tracker.view) == H.seen(local, seat)
        assert tracker.over and plain(tracker.view)["result"] == local.result.to_dict()
    # Every update the spectator got after joining hid both racks, and its events too.
    assert all("letters" not in e for e in logged(spectator.games[game_id]) if e["type"] == "letters_drawn")
    assert any("letters" in e for e in logged(gold.games[game_id]) if e["type"] == "letters_drawn")

    record = parse_record(await spectator.export(game_id))
    assert record.actions == [dict(a) for a in local.actions]
    assert replay(record, H.lexicon()).result == local.result


async def test_views_sent_equal_the_engine_views_after_every_action(server, connect, duel):
    game_id, seed = duel["game"], duel["seed"]
    local = H.new_game(seed)
    for data in H.script(seed)[:60]:
        await duel["clients"][data["player"]].act(game_id, H.wire(data))
        local.apply(action_from_dict(data))
        for client, seat in ((duel["gold"], Player.GOLD), (duel["silver"], Player.SILVER)):
            await H.wait_for(lambda c=client: c.games[game_id].version == local.version)
            assert plain(client.games[game_id].view) == H.seen(local, seat)


async def test_lobby_lists_public_open_games_and_private_games_join_by_code(server, connect):
    host = await connect(server, "Host")
    guest = await connect(server, "Guest")
    public = await host.create_game(map="test-ford")
    private = await host.create_game(map="test-ford", public=False)
    assert public["join_code"] is None and private["join_code"]

    lobby = await guest.list_games()
    listed = {g["game"] for g in lobby["open"]}
    assert public["game"] in listed and private["game"] not in listed
    entry = next(g for g in lobby["open"] if g["game"] == public["game"])
    assert entry["players"]["1"] == "Host" and entry["open_seat"] == 2

    with pytest.raises(ServerError) as refused:
        await guest.join(game=private["game"])
    assert refused.value.code == "no_such_game"
    joined = await guest.join(code=private["join_code"].lower())
    assert joined["game"] == private["game"] and joined["seat"] == 2

    lobby = await guest.list_games()
    assert private["game"] not in {g["game"] for g in lobby["open"] + lobby["live"]}
    mine = await guest.my_games()
    assert [g["game"] for g in mine["games"]] == [private["game"]] and mine["challenges"] == []

    watcher = await connect(server, None)
    with pytest.raises(ServerError) as hidden:
        await watcher.watch(game=private["game"])
    assert hidden.value.code == "no_such_game"
    assert (await watcher.watch(code=private["join_code"]))["game"] == private["game"]


async def test_rematch_swaps_colours_and_keeps_seat_tokens(server, connect, duel):
    game_id = duel["game"]
    gold, silver = duel["gold"], duel["silver"]
    with pytest.raises(ServerError) as early:
        await gold.rematch(game_id)
    assert early.value.code == "no_rematch"
    await silver.resign(game_id)
    await H.wait_for(lambda: gold.games[game_id].over)
    assert plain(gold.games[game_id].view)["result"] == {"winner": 1, "reason": "resigned"}

    offer = await gold.rematch(game_id)
    assert offer == {"started": False, "offered": True}
    await H.wait_for(lambda: plain(silver.games[game_id].info)["rematch"]["offered_by"] == [1])
    started = await silver.rematch(game_id)
    new_id = started["game"]
    assert started["started"] and started["seat"] == 1
    await H.wait_for(lambda: new_id in gold.games and gold.games[new_id].view is not None)
    assert gold.games[new_id].seat == 2 and silver.games[new_id].seat == 1
    assert plain(gold.games[new_id].info)["rematch_of"] == game_id
    # The old seat tokens hold the new seats.
    assert gold.seat_tokens[new_id] == gold.seat_tokens[game_id]
    third = await connect(server, "Elsewhere")
    attached = await third.attach(new_id, seat_token=duel["created"]["seat_token"])
    assert attached["seat"] == 2


async def test_export_is_refused_while_the_game_runs(server, connect, duel):
    with pytest.raises(ServerError) as refused:
        await duel["gold"].export(duel["game"])
    assert refused.value.code == "not_finished"


async def test_bot_seat_plays_its_moves(server, connect):
    human = await connect(server, "Human")
    created = await human.create_game(map="test-ford", opponent="bot", bot_level=1, seat="silver", seed=3)
    game_id = created["game"]
    # Gold (the bot) moves first; it must end its turn before the human may act.
    await H.wait_for(lambda: game_id in human.games and human.games[game_id].my_move, timeout=60)
    tracker = human.games[game_id]
    assert tracker.version >= 1
    assert plain(tracker.info)["players"]["1"]["bot"] == 1
    await human.end_turn(game_id)
    before = human.games[game_id].version
    await H.wait_for(lambda: human.games[game_id].my_move and human.games[game_id].version > before, timeout=60)
    bot_turn = [e for e in logged(human.games[game_id]) if e["version"] > before]
    assert {"type": "turn_ended", "player": 1} in [{k: e[k] for k in ("type", "player")} for e in bot_turn if e["type"] == "turn_ended"]


async def test_unknown_map_and_rules_are_named(server, connect):
    client = await connect(server, "Maker")
    with pytest.raises(ServerError) as bad_map:
        await client.create_game(map="atlantis")
    assert bad_map.value.code == "bad_map" and "test ford" in bad_map.value.reason.lower()
    with pytest.raises(ServerError) as bad_rules:
        await client.create_game(map="test-ford", rules="chess")
    assert bad_rules.value.code == "bad_rules" and "standard" in bad_rules.value.reason
    with pytest.raises(ServerError) as bad_text:
        await client.create_game(map_text="scryptic-map 1\nname: x\n")
    assert bad_text.value.code == "bad_map"
    made = await client.create_game(map_text=H.MAP_TEXT)
    assert made["seat"] == 1


def test_lexicon_factory_is_picklable():
    import pickle

    assert isinstance(pickle.loads(pickle.dumps(H.lexicon_factory))(), WordList)


async def test_finished_games_leave_memory_but_stay_in_the_store(server, connect, duel):
    game_id, seed = duel["game"], duel["seed"]
    final = await H.play_script(duel["clients"], game_id, seed, 0)
    await duel["gold"].leave(game_id)
    await duel["silver"].leave(game_id)
    server.registry.unregister(server.rooms[game_id])  # what the housekeeping does after finished_keep
    assert game_id not in server.rooms

    reader = await connect(server, None)
    record = parse_record(await reader.export(game_id))  # built from the store alone
    local = H.replica(seed, final)
    assert record.actions == [dict(a) for a in local.actions]
    assert record.end["winner"] == int(local.result.winner) and replay(record, H.lexicon()).result == local.result
    await reader.watch(game=game_id)  # loaded back from the store on demand
    await H.wait_for(lambda: game_id in reader.games and reader.games[game_id].version == final)
    assert plain(reader.games[game_id].view) == H.seen(local, None)


def test_a_bot_worker_builds_a_level_s_word_graphs_when_asked():
    from shared.ai import LEVELS, warmed

    bots._init_worker(H.lexicon_factory)
    assert not any(warmed(bots._STATE.lexicon, n) for n in LEVELS)
    assert bots.warm_level(2)["error"] is None
    assert [n for n in LEVELS if warmed(bots._STATE.lexicon, n)] == [2]
    assert "unknown AI level" in bots.warm_level(9)["error"]


async def test_a_server_set_to_warm_up_starts_its_bot_workers_and_builds_every_level(start_server, tmp_path):
    from shared.ai import LEVELS

    cold = await start_server(tmp_path / "cold.sqlite3")
    assert not cold.bots.running and not cold.bots.warming
    warm = await start_server(tmp_path / "warm.sqlite3", bot_warm_up=True)
    assert warm.bots.running
    outcomes = [await asyncio.wrap_future(job) for job in warm.bots.warming]
    assert [o["level"] for o in outcomes] == [1, 2, 3, 4] == sorted(LEVELS), "each level, fewest words first"
    assert all(o["error"] is None for o in outcomes)
