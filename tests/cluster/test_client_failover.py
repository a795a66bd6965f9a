"""A player whose node dies goes on playing on another node: the client library is given every
node's address, notices the drop, reconnects to the next node, resumes its seat from the last
version it saw, and the game goes on with no event missed or seen twice.

Two real node processes on one PostgreSQL and one NATS server. Both players start on node a,
which creates (and so owns) their game; node a is killed with SIGKILL in the middle of the
game; node b claims the game when a's lease expires, and both clients end up there.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests_cluster_helpers import running_nodes
from wire_helpers import logged

from client.net import AsyncClient, ThreadedClient
from client.net.addresses import AddressRing, parse_addresses
from scryptic.bench.cluster_nodes import NodeProcess, act_surely, bench_script
from scryptic.bench.games import BENCH_MAP_NAME, bench_lexicon, bench_map
from scryptic.commands.terminal import check_server_url
from server.store.postgres import PostgresStore
from shared.faults import UsageError
from shared.rules.actions import action_from_dict
from shared.rules.game import Game
from shared.rules.presets import DEFAULT_RULES, get_rules
from shared.rules.terrain import Player

TTL = 2.0
SEED = 11
KILL_AT = 12  # actions played on node a before it is killed
STOP_AT = 40  # actions played in all


@pytest.fixture
def nodes(pg_url: str, nats_server, tmp_path: Path) -> Iterator[dict[str, NodeProcess]]:
    with running_nodes(pg_url, nats_server.url, tmp_path, ("a", "b"), TTL) as started:
        yield started


def engine_events(seed: int, upto: int, viewer: Player) -> dict[int, list[dict]]:
    """What ``viewer`` must be told of each version 1..upto of the scripted game."""
    game = Game.new(bench_map(), get_rules(DEFAULT_RULES), seed, bench_lexicon())
    out = {}
    for data in bench_script(seed)[:upto]:
        events = game.apply(action_from_dict(data))
        out[game.version] = [d for d in (e.to_dict(viewer) for e in events) if d is not None]
    return out


def seen_events(client: AsyncClient, game: str) -> dict[int, list[dict]]:
    """The events the client's tracker holds, by version (every version after 0)."""
    out: dict[int, list[dict]] = {}
    for entry in logged(client.games[game]):
        version = entry.pop("version")
        if version > 0:
            out.setdefault(version, []).append(entry)
    return out


async def test_a_client_whose_node_is_killed_resumes_on_another_node_and_plays_on(
    nodes: dict[str, NodeProcess], pg_url: str
) -> None:
    a, b = nodes["a"], nodes["b"]
    addresses = [a.url, b.url]  # every client knows both nodes and starts on a
    gold = AsyncClient(addresses, name="Gold", backoff=(0.1, 0.5))
    silver = AsyncClient(",".join(addresses), name="Silver", backoff=(0.1, 0.5))
    clients = {1: gold, 2: silver}
    try:
        for client in clients.values():
            await client.connect(timeout=30)
            assert client.url == a.url
        created = await gold.create_game(map=BENCH_MAP_NAME, seed=SEED, seat="gold")
        game = created["game"]
        await silver.join(game=game)
        script = bench_script(SEED)
        for version, data in enumerate(script[:KILL_AT]):
            action = {k: v for k, v in data.items() if k != "player"}
            await act_surely(clients[data["player"]], game, action, version)

        killed_at = time.monotonic()
        a.kill()
        first_accepted = None
        for version, data in enumerate(script[KILL_AT:STOP_AT], start=KILL_AT):
            action = {k: v for k, v in data.items() if k != "player"}
            await act_surely(clients[data["player"]], game, action, version, patience=60)
            if first_accepted is None:
                first_accepted = time.monotonic() - killed_at
        print(f"first action accepted {first_accepted:.1f} s after the kill (lease ttl {TTL:g} s)")
        for client in clients.values():
            await asyncio.wait_for(_until(lambda c=client: c.games[game].version == STOP_AT), 10)

        # Both clients moved to node b by themselves and saw every event exactly once.
        for seat, client in clients.items():
            assert client.url == b.url and client.reconnects >= 1
            tracker = client.games[game]
            assert tracker.version == STOP_AT and not tracker.gap
            assert seen_events(client, game) == engine_events(SEED, STOP_AT, Player(seat))
            assert len(tracker.log) < tracker.log.maxlen  # nothing fell off the log's end
        # The stored record: every action once, in order; node b holds the game now.
        store = PostgresStore(pg_url)
        try:
            stored = store.load_game(game)
            holder = await store.run(lambda conn: conn.fetchval("SELECT node FROM game_leases WHERE game_id = $1", game))
        finally:
            store.close()
        assert stored is not None and holder == "b"
        assert [v for v, _a, _t in stored.actions] == list(range(1, STOP_AT + 1))
        assert [action_from_dict(data) for _v, data, _t in stored.actions] == [action_from_dict(d) for d in script[:STOP_AT]]
    finally:
        for client in clients.values():
            await client.close()
        assert b.alive, b.log_tail()


async def _until(predicate) -> None:
    while not predicate():
        await asyncio.sleep(0.02)


def test_addresses_are_a_list_or_one_text_with_commas_in_order_each_once() -> None:
    assert parse_addresses("ws://a:1, ws://b:2,ws://a:1,") == ["ws://a:1", "ws://b:2"]
    assert parse_addresses(["ws://a:1", "ws://b:2,ws://c:3"]) == ["ws://a:1", "ws://b:2", "ws://c:3"]
    with pytest.raises(ValueError, match="no server address"):
        parse_addresses(" , ")
    assert AsyncClient("ws://a:1,ws://b:2", addresses=["ws://c:3"]).addresses == ["ws://c:3"]
    threaded = ThreadedClient("ws://a:1, ws://b:2")  # never started: nothing is sent
    try:
        assert threaded.addresses == ["ws://a:1", "ws://b:2"] and threaded.url == "ws://a:1"
    finally:
        threaded.close()
    assert check_server_url("ws://a:1, wss://b:2") == "ws://a:1,wss://b:2"
    with pytest.raises(UsageError, match="http://b:2"):
        check_server_url("ws://a:1,http://b:2")


def test_after_a_drop_the_next_address_is_tried_at_once_and_the_wait_doubles_per_failed_round() -> None:
    ring = AddressRing(["ws://a", "ws://b", "ws://c"])
    backoff = (0.1, 1.0)
    assert ring.current == "ws://a"
    assert (ring.next_attempt(True, backoff), ring.current) == (0.1, "ws://b")  # a worked, then dropped
    assert (ring.next_attempt(False, backoff), ring.current) == (0.1, "ws://c")  # b refused: c at once
    assert (ring.next_attempt(False, backoff), ring.current) == (0.1, "ws://a")
    assert (ring.next_attempt(False, backoff), ring.current) == (0.2, "ws://b")  # a whole round failed
    waits = [ring.next_attempt(False, backoff) for _ in range(9)]
    assert waits == [0.1, 0.1, 0.4, 0.1, 0.1, 0.8, 0.1, 0.1, 1.0]  # doubling per round, up to the cap
    ring.connected()
    assert ring.next_attempt(False, backoff) == 0.1
