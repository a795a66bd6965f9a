"""Any node answers for any game: three nodes of a cluster in this process, on one PostgreSQL and
one NATS server started by the test; players and a spectator on different nodes, through the
client library (client/net).

The game runs on the node where it was created; requests from the other nodes are carried to it
over the bus, and its frames, filtered per viewer there, come back to each viewer's node.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from tests_cluster_helpers import replica, script, seen, wire

from client.net.errors import ServerError
from server.store.postgres import PostgresStore
from shared.rules.actions import action_from_dict
from shared.rules.terrain import Player
from wire_helpers import logged, plain

SEED = 3


async def wait_for(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


def expected_events(seed: int, viewer: Player | None) -> list[dict[str, Any]]:
    """Every event of the scripted game after its start, as ``viewer`` may see it, by version."""
    game = replica(seed, 0)
    out = []
    for data in script(seed):
        for event in game.apply(action_from_dict(data)):
            shown = event.to_dict(viewer)
            if shown is not None:
                out.append({"version": game.version, **shown})
    return out


async def test_players_on_two_nodes_and_a_spectator_on_a_third_each_see_their_own_game(start_node, connect) -> None:
    actions = script(SEED)  # before the nodes start: working it out holds this process's loop
    a, b, c = [await start_node(name) for name in ("a", "b", "c")]
    gold = await connect(a, "Gold")
    silver = await connect(b, "Silver")
    carol = await connect(c, "Carol")
    created = await gold.create_game(map="test-ford", seed=SEED, seat="gold")
    game = created["game"]
    joined = await silver.join(game=game)  # node b carries it to node a
    assert joined["seat"] == 2
    watched = await carol.watch(game=game)  # node c too
    assert watched["game"] == game
    assert game in a.rooms and game not in b.rooms and game not in c.rooms  # one node runs it
    assert a.stats()["games_held"] == 1

    clients = {1: gold, 2: silver}
    half = len(actions) // 2
    for n, data in enumerate(actions, start=1):
        actor = clients[data["player"]]
        reply = await actor.act(game, wire(data))
        assert reply["version"] == n
        assert actor.games[game].version == n  # the update came before the reply, from whichever node
        if n == half:  # in the middle each viewer sees its own view: its rack, never the other's
            middle = replica(SEED, half)
            await wait_for(lambda: all(cl.games[game].version == half for cl in (gold, silver, carol)))
            assert plain(gold.games[game].view) == seen(middle, Player.GOLD)
            assert plain(silver.games[game].view) == seen(middle, Player.SILVER)
            assert plain(carol.games[game].view) == seen(middle, None)
            assert plain(silver.games[game].view) != plain(gold.games[game].view)
    final = replica(SEED)
    assert final.over
    await wait_for(lambda: all(cl.games[game].version == len(actions) for cl in (gold, silver, carol)))
    for client, viewer in ((gold, Player.GOLD), (silver, Player.SILVER), (carol, None)):
        tracker = client.games[game]
        assert plain(tracker.view) == seen(final, viewer)
        assert [e for e in logged(tracker) if e["version"] > 0] == expected_events(SEED, viewer)  # events filtered per viewer
    assert silver.games[game].over and plain(carol.games[game].info)["status"] == "over"
    silver_moves = sum(1 for data in actions if data["player"] == 2)
    assert b.stats()["requests_forwarded"] == 1 + silver_moves and c.stats()["requests_forwarded"] == 1
    # The second node's client leaves; the owner forgets its proxy (nothing followed there any more).
    await silver.leave(game)
    await wait_for(lambda: not any(s.conns for p, s in a.rooms[game].seats.items() if p == Player.SILVER))


async def test_a_private_game_made_on_one_node_is_joined_by_code_on_another_and_refusals_come_back(start_node, connect) -> None:
    first = script(SEED)[0]
    a, b = await start_node("a"), await start_node("b")
    gold = await connect(a, "Gold")
    silver = await connect(b, "Silver")
    created = await gold.create_game(map="test-ford", seed=SEED, seat="gold", public=False)
    with pytest.raises(ServerError) as refused:
        await silver.watch(game=created["game"])  # private: found by code only, as on one node
    assert refused.value.code == "no_such_game"
    joined = await silver.join(code=created["join_code"].lower())
    assert joined["game"] == created["game"] and joined["seat"] == 2
    assert first["player"] == 1
    with pytest.raises(ServerError) as refused:
        await silver.act(created["game"], wire(first))  # the engine's refusal, from node a
    assert refused.value.code == "not_your_turn"
    with pytest.raises(ServerError) as refused:
        await silver.act("0123456789", wire(first))
    assert refused.value.code == "not_seated"
    await gold.act(created["game"], wire(first))
    await wait_for(lambda: silver.games[created["game"]].version == 1)


async def test_two_nodes_creating_accounts_at_once_never_share_an_id(start_node, connect, pg_url: str) -> None:
    a, b = await start_node("a"), await start_node("b")
    clients = await asyncio.gather(*(connect(node, f"P{n}") for n in range(12) for node in (a, b)))
    ids = [client.user["id"] for client in clients]
    assert len(set(ids)) == len(ids) == 24
    # An account made on one node is known on the other (by its token).
    made_on_a = clients[0]
    again = await connect(b, None, token=made_on_a.token)
    assert again.user == made_on_a.user
    store = PostgresStore(pg_url)
    try:
        assert store.run_sync(lambda conn: conn.fetchval("SELECT count(*) FROM users")) == 24
    finally:
        store.close()


async def test_when_the_node_running_a_game_stops_the_game_goes_on_at_another_node_for_everyone(start_node, connect) -> None:
    actions = script(SEED)
    a, b, c = [await start_node(name) for name in ("a", "b", "c")]
    creator = await connect(a, "Gold")
    game = (await creator.create_game(map="test-ford", seed=SEED, seat="gold"))["game"]
    gold = await connect(b, None, token=creator.token)  # the same account, on node b
    assert (await gold.attach(game))["seat"] == 1  # by account: seats belong to the account
    await creator.close()
    silver = await connect(c, "Silver")
    await silver.join(game=game)
    clients = {1: gold, 2: silver}
    for n, data in enumerate(actions[:3], start=1):
        assert (await clients[data["player"]].act(game, wire(data)))["version"] == n
    await a.stop()  # gives its leases up and tells the other nodes to follow its games elsewhere
    for n, data in enumerate(actions[3:], start=4):
        assert (await clients[data["player"]].act(game, wire(data)))["version"] == n
    assert (game in b.rooms) != (game in c.rooms)  # exactly one node runs it now
    final = replica(SEED)
    await wait_for(lambda: all(cl.games[game].version == len(actions) for cl in (gold, silver)))
    assert plain(gold.games[game].view) == seen(final, Player.GOLD)
    assert plain(silver.games[game].view) == seen(final, Player.SILVER)
