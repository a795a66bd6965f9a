"""Snapshots for fast loading (docs/cluster.md, *Snapshots*): a node saves a game's state in
PostgreSQL every 50 actions; a node that takes the game over starts from the newest usable
snapshot and replays only the actions after it, and ends in exactly the state a full replay
gives; a damaged or missing snapshot makes it replay from the start instead."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json

from tests_cluster_helpers import make_node, replica, script, seen, wire

from client.net import AsyncClient
from server.host.fast_load import SNAPSHOT_EVERY
from server.store.postgres import PostgresStore
from shared.rules.snapshot import prefix_hash, restore
from shared.rules.terrain import Player
from wire_helpers import plain

SEED = 5
PLAYED = 120


async def test_a_node_saves_snapshots_and_another_loads_from_one_or_falls_back_to_replay(pg_url: str) -> None:
    actions = script(SEED)
    assert len(actions) > PLAYED
    PostgresStore(pg_url, apply_migrations=True).close()
    store = PostgresStore(pg_url)
    clients: list[AsyncClient] = []
    nodes = []

    async def node_and_player(name: str) -> tuple[object, AsyncClient]:
        node = make_node(pg_url, None, name)
        await node.start()
        nodes.append(node)
        client = AsyncClient(f"ws://127.0.0.1:{node.port}", name=f"Gold{name}")
        await client.connect()
        clients.append(client)
        return node, client

    try:
        a, gold = await node_and_player("a")
        silver = AsyncClient(f"ws://127.0.0.1:{a.port}", name="Silver")
        await silver.connect()
        clients.append(silver)
        game = (await gold.create_game(map="test-ford", seed=SEED, seat="gold"))["game"]
        await silver.join(game=game)
        players = {1: gold, 2: silver}
        for n, data in enumerate(actions[:PLAYED]):
            await players[data["player"]].act(game, wire(data), expect_version=n)
        async def snapshots() -> list:
            return await store.run(lambda conn: conn.fetch(
                "SELECT version, state, prefix FROM game_snapshots WHERE game_id = $1 ORDER BY version", game))

        deadline = asyncio.get_running_loop().time() + 20
        while len(rows := await snapshots()) < PLAYED // SNAPSHOT_EVERY:  # saved in the background
            assert asyncio.get_running_loop().time() < deadline, f"snapshots saved: {[r[0] for r in rows]}"
            await asyncio.sleep(0.05)
        versions = [r[0] for r in rows]
        assert len(versions) == PLAYED // SNAPSHOT_EVERY and versions[0] >= SNAPSHOT_EVERY
        assert all(later - earlier >= SNAPSHOT_EVERY for earlier, later in itertools.pairwise(versions))
        stored_actions = [d for _v, d, _t in store.load_game(game).actions]
        for version, state, prefix in rows:  # each is the game replayed to its version
            assert prefix == prefix_hash(stored_actions[:version])
            restored = restore(replica(SEED, 0), json.loads(state), stored_actions[:version])
            assert restored.fingerprint() == replica(SEED, version).fingerprint()

        full = replica(SEED, PLAYED)
        # Node a stops; each next node loads the game when its player attaches there.
        for name, spoil, used in (("b", None, True),
                                  ("c", "UPDATE game_snapshots SET state = '{\"format\": 1}' WHERE game_id = $1", False),
                                  ("d", "DELETE FROM game_snapshots WHERE game_id = $1", False)):
            await nodes[-1].stop()
            if spoil is not None:
                await store.run(lambda conn, q=spoil: conn.execute(q, game))
            node, player = await node_and_player(name)
            await player.attach(game, seat_token=gold.seat_tokens[game])
            host = node.rooms[game]
            assert (host.snapshot_version > 0) == used, name
            if used:  # the newest snapshot that leaves the last events to replay
                assert host.snapshot_version == max(v for v in versions if v <= PLAYED - 32)
            assert host.game.fingerprint() == full.fingerprint()
            assert host.game.actions == full.actions
            assert [v for v, _e in host.tail] == list(range(PLAYED - 31, PLAYED + 1))
            assert plain(player.games[game].view) == seen(full, Player.GOLD)
    finally:
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()
        for node in nodes:
            with contextlib.suppress(Exception):
                await node.stop()
        store.close()


async def test_a_game_keeps_only_its_newest_snapshots(pg_url: str) -> None:
    from tests_cluster_helpers import new_game

    from server.store.postgres import SNAPSHOTS_KEPT

    store = PostgresStore(pg_url, apply_migrations=True)
    try:
        await store.add_user(1, "Ada", "hash-ada")
        for game_id in ("g1", "g2"):
            await store.add_game(new_game(game_id))
        await store.save_snapshot("g2", 50, {"format": 1}, "p50")
        for version in range(50, 350, 50):
            await store.save_snapshot("g1", version, {"format": 1, "at": version}, f"p{version}")
        kept = await store.run(lambda conn: conn.fetch(
            "SELECT game_id, version FROM game_snapshots ORDER BY game_id, version"))
        assert SNAPSHOTS_KEPT == 4
        assert [(r[0], r[1]) for r in kept] == [("g1", 150), ("g1", 200), ("g1", 250), ("g1", 300), ("g2", 50)]
        loaded = store.load_game("g1")
        assert loaded is not None and [v for v, _s, _p in loaded.snapshots] == [300, 250, 200, 150]
    finally:
        store.close()
