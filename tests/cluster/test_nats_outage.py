"""The NATS server goes away for a few seconds under two running nodes, and comes back.

What docs/cluster.md promises: a request that needs the other node is refused at once with the
temporary ``server_busy``, saying why and that nothing was done, and changes nothing; play on a
node's own games goes on; once NATS is back, requests are carried and frames relayed again,
and the players see every event of their game once, in order (none lost, none twice); the
lobby catches up with what changed meanwhile. The outage outlasts the time after which nodes
take each other for gone (3 s), so the routes between them are rebuilt, not merely resumed.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from test_any_node import expected_events
from tests_cluster_helpers import make_node, script, wait_for, wire

from client.net import AsyncClient
from client.net.errors import ServerError
from server.app import GameServer
from server.cluster.local import LocalNats
from server.store.postgres import PostgresStore
from shared.rules.terrain import Player
from wire_helpers import logged

SEED = 3  # the remote game (node a runs it, silver plays from node b)
LOCAL_SEED = 5  # the game both of whose players are on node b
TTL = 2.0  # the lease ttl: a node not heard for max(3 s, ttl) is taken for gone
OUTAGE = 4.0  # seconds: longer than the 3 s after which a silent node is taken for gone
SHORT_OUTAGE = 1.5  # seconds: shorter, so the nodes hold what they could not send
STOP_AT = 40


@pytest.fixture
async def nodes(pg_url: str, nats_server: LocalNats) -> AsyncIterator[list[GameServer]]:
    PostgresStore(pg_url, apply_migrations=True).close()
    started: list[GameServer] = []
    for name in ("a", "b"):
        node = make_node(pg_url, nats_server.url, name, lease_ttl=TTL)
        await node.start()
        started.append(node)
    yield started
    for node in reversed(started):
        await node.stop()


async def act_until_accepted(client: AsyncClient, game: str, data: dict[str, Any], version: int) -> int:
    """Send the action at ``version`` until it is accepted; how many temporary refusals came."""
    refused = 0
    deadline = time.monotonic() + 20
    while True:
        try:
            reply = await client.act(game, wire(data), expect_version=version)
            assert reply["version"] == version + 1
            return refused
        except ServerError as exc:
            assert exc.code == "server_busy", exc
            assert time.monotonic() < deadline, "the action was never accepted"
            refused += 1
            await asyncio.sleep(0.2)


async def outage(nats_server: LocalNats, nodes: list[GameServer]) -> float:
    """Kill the NATS server and wait until both nodes know; when it went."""
    await asyncio.to_thread(nats_server.kill)
    down_at = time.monotonic()
    await wait_for(lambda: not any(n.cluster and n.cluster.bus and n.cluster.bus.connected for n in nodes))
    return down_at


async def test_nats_away_for_seconds_refuses_remote_requests_and_everything_resumes(nodes, connect, nats_server) -> None:
    actions, local_actions = script(SEED), script(LOCAL_SEED)
    a, b = nodes
    gold, silver = await connect(a, "Gold"), await connect(b, "Silver")
    game = (await gold.create_game(map="test-ford", seed=SEED, seat="gold"))["game"]
    await silver.join(game=game)  # carried to node a, which runs the game
    bob, beth = await connect(b, "Bob"), await connect(b, "Beth")
    local = (await bob.create_game(map="test-ford", seed=LOCAL_SEED, seat="gold"))["game"]
    await beth.join(game=local)
    watcher = await connect(b, "Wendy")
    await watcher.subscribe_lobby()
    players, local_players = {1: gold, 2: silver}, {1: bob, 2: beth}
    n = m = 0

    async def play_until_gold_is_to_act(at_least: int) -> None:
        nonlocal n
        while n < at_least or actions[n]["player"] != 1:
            await act_until_accepted(players[actions[n]["player"]], game, actions[n], n)
            n += 1

    async def gold_plays_his_turn() -> None:  # node a's own play: gold is on node a
        nonlocal n
        while actions[n]["player"] == 1:
            assert (await gold.act(game, wire(actions[n]), expect_version=n))["version"] == n + 1
            n += 1

    async def local_play(count: int) -> None:  # node b's own game
        nonlocal m
        for data in local_actions[m:m + count]:
            assert (await local_players[data["player"]].act(local, wire(data), expect_version=m))["version"] == m + 1
            m += 1

    for outage_seconds in (OUTAGE, SHORT_OUTAGE):
        await play_until_gold_is_to_act(n + 3)
        await wait_for(lambda: silver.games[game].version == n)  # gold's last move relayed to node b
        down_at = await outage(nats_server, nodes)
        # A request that needs node a: refused at once, saying why, and nothing changes.
        with pytest.raises(ServerError) as refused:
            await silver.offer_draw(game)
        assert refused.value.code == "server_busy" and "nothing was done" in refused.value.reason
        assert a.rooms[game].offers.get("draw") in (None, set()) and silver.games[game].version == n
        with pytest.raises(ServerError) as refused:  # the games on node a cannot be listed now
            await silver.my_games()
        assert refused.value.code == "server_busy"
        # Each node's own play goes on: gold's turn on node a, bob and beth's game on node b.
        await gold_plays_his_turn()
        await local_play(4)
        seek = (await gold.create_game(map="test-ford", seed=SEED + n, seat="gold"))["game"]
        assert seek not in watcher.lobby.open  # the news cannot cross now
        await asyncio.sleep(max(0.0, outage_seconds - (time.monotonic() - down_at)))  # the outage lasts: time must pass
        await asyncio.to_thread(nats_server.start)
        # Back: the frames of gold's turn reach silver on node b, the lobby catches up.
        await wait_for(lambda: silver.games[game].version == n)
        await wait_for(lambda seek=seek: seek in watcher.lobby.open)

    await play_until_gold_is_to_act(STOP_AT)
    await wait_for(lambda: gold.games[game].version == silver.games[game].version == n)
    for client, seat in ((gold, Player.GOLD), (silver, Player.SILVER)):
        events = [e for e in logged(client.games[game]) if e["version"] > 0]
        expected = [e for e in expected_events(SEED, seat) if e["version"] <= n]
        assert events == expected  # every event once, in order, none missed
    stored = a.store.load_game(game)
    assert stored is not None and [v for v, _data, _t in stored.actions] == list(range(1, n + 1))
    assert [data for _v, data, _t in stored.actions] == list(actions[:n])
    assert b.rooms[local].version == m == 8 and game in a.rooms and game not in b.rooms
