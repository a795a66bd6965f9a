"""Game flow the server drives itself: defence orders, clocks, absence and abandonment."""

from __future__ import annotations

import time

import pytest
import srv_helpers as H
from wire_helpers import logged, plain

from client.net import ServerError
from shared.rules.game import PendingDefence
from shared.rules.terrain import Player


def defence_version(seed: int) -> int:
    return H.first_version_where(seed, lambda g: isinstance(g.pending, PendingDefence))


async def test_the_defender_is_asked_and_may_order_the_defence(start_server, connect):
    server = await start_server(defence_timeout=60)
    duel = await H.make_duel(server, connect, seed=3)
    game_id, seed = duel["game"], 3
    version = defence_version(seed)
    await H.play_script(duel["clients"], game_id, seed, 0, version)
    local = H.replica(seed, version)
    defender = duel["clients"][int(local.pending.defender)]
    attacker = duel["clients"][int(local.pending.attacker)]
    await H.wait_for(lambda: defender.games[game_id].version == version)
    tracker = defender.games[game_id]
    assert tracker.pending.kind == "defence" and tracker.my_move
    assert tracker.defence_left() is not None and 0 < tracker.defence_left() <= 60
    asked = [e for e in logged(tracker) if e["type"] == "defence_requested"][-1]
    assert asked["defenders"] == local.pending.to_dict()["defenders"]

    with pytest.raises(ServerError) as waiting:
        await attacker.end_turn(game_id)
    assert waiting.value.code == "defence_pending"
    with pytest.raises(ServerError) as bad_order:
        await defender.order_defence(game_id, [0])
    assert bad_order.value.code == "bad_defence_order"
    order = list(reversed(local.pending.suggested_order))
    await defender.order_defence(game_id, order)
    record = server.rooms[game_id].game.actions[-1]
    assert record == {"type": "order_defence", "player": int(local.pending.defender), "order": order}
    assert server.rooms[game_id].game.pending is None


async def test_an_unanswered_defence_gets_the_best_order(start_server, connect):
    # Long enough that the script's later defences, answered at once, are never timed out on a
    # loaded machine; this one is left unanswered.
    server = await start_server(defence_timeout=5.0)
    duel = await H.make_duel(server, connect, seed=3)
    game_id, seed = duel["game"], 3
    version = defence_version(seed)
    await H.play_script(duel["clients"], game_id, seed, 0, version)
    local = H.replica(seed, version)
    best = list(local.best_defence_order())
    await H.wait_for(lambda: server.rooms[game_id].version == version + 1)
    assert server.rooms[game_id].game.actions[-1] == {
        "type": "order_defence", "player": int(local.pending.defender), "order": best,
    }
    # The rest of the scripted game still plays out (the script also chose the best order).
    assert H.script(seed)[version]["order"] == best
    final = await H.play_script(duel["clients"], game_id, seed, version + 1)
    assert final == len(H.script(seed))


async def test_running_out_of_time_on_a_per_turn_clock_loses(server, connect):
    duel = await H.make_duel(server, connect, seed=1, time_control={"kind": "per_turn", "seconds": 0.4})
    game_id = duel["game"]
    gold = duel["gold"]
    await H.wait_for(lambda: game_id in gold.games and gold.games[game_id].clock is not None)
    assert plain(gold.games[game_id].clock)["per_turn"] == 0.4
    await H.wait_for(lambda: gold.games[game_id].over, timeout=10)
    assert plain(gold.games[game_id].view)["result"] == {"winner": 2, "reason": "time"}
    assert server.rooms[game_id].game.actions == [{"type": "resign", "player": 1, "reason": "time"}]


async def test_fischer_clock_adds_the_increment_after_a_turn(server, connect):
    duel = await H.make_duel(server, connect, seed=1, time_control={"kind": "fischer", "initial": 100, "increment": 5})
    game_id = duel["game"]
    room = server.rooms[game_id]
    assert room.clock.running == 1
    await duel["gold"].end_turn(game_id)
    assert room.clock.running == 2
    # Gold used a little time and got 5 back: more than the 100 it started with.
    assert 100 < room.clock.remaining[1] <= 105
    assert room.clock.remaining[2] == 100
    await H.wait_for(lambda: plain(duel["silver"].games[game_id].clock)["running"] == 2)
    left = duel["silver"].games[game_id].clock_left()
    assert left[1] > 100 and left[2] <= 100


async def test_an_absent_opponent_can_be_claimed_against_after_the_grace(start_server, connect):
    server = await start_server(abandon_grace=0.3)
    duel = await H.make_duel(server, connect, seed=1)
    game_id = duel["game"]
    gold, silver = duel["gold"], duel["silver"]
    with pytest.raises(ServerError) as present:
        await gold.claim_win(game_id)
    assert present.value.code == "not_absent"
    await silver.close()
    await H.wait_for(lambda: gold.games[game_id].info.players["2"].connected is False)
    assert gold.games[game_id].presence[2].claim_after == 0.3
    await H.wait_for(lambda: server.rooms[game_id].absent_long_enough(Player.SILVER, time.time()))
    reply = await gold.claim_win(game_id)
    assert reply["version"] == 1
    await H.wait_for(lambda: gold.games[game_id].over)
    assert plain(gold.games[game_id].view)["result"] == {"winner": 1, "reason": "abandoned"}


async def test_actions_wait_for_the_second_player(server, connect):
    host = await connect(server, "Early")
    made = await host.create_game(map="test-ford")
    with pytest.raises(ServerError) as waiting:
        await host.end_turn(made["game"])
    assert waiting.value.code == "game_not_started"
    assert plain(host.games[made["game"]].info)["status"] == "open"
