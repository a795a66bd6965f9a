"""PostgreSQL goes away under a running node (``pg_ctl stop -m immediate``) and comes back.

What docs/cluster.md promises: a move during the outage is refused at once with the temporary
``store_failed`` and changes nothing (no one sees it, the game stays at its version); the node
neither crashes nor stalls (it answers other requests meanwhile); once PostgreSQL is back, play
goes on from where it was, with no action lost or stored twice and no event missed or repeated
by the players. The outage here outlasts the lease ttl, so the node's leases expire meanwhile.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_client_failover import engine_events, seen_events
from tests_cluster_helpers import new_game, running_nodes

from client.net import AsyncClient, ServerError
from scryptic.bench.cluster_nodes import NodeProcess, act_surely, bench_script
from scryptic.bench.games import BENCH_MAP_NAME
from server.cluster.lease import Leases
from server.cluster.local import LocalPostgres, postgres_bin
from server.store.postgres import PostgresStore
from server.store.records import Rating, RatingChange, StoreError
from shared.rules.actions import action_from_dict
from shared.rules.terrain import Player

TTL = 2.0
SEED = 11  # the failover test's script too: computed once per run
OUTAGE_AT = 8  # actions played before PostgreSQL stops
STOP_AT = 30
OUTAGE = 3.5  # seconds PostgreSQL stays away: longer than the lease ttl


@pytest.fixture
def own_postgres() -> Iterator[LocalPostgres]:
    """A PostgreSQL of this test's own (the test stops and restarts it)."""
    if postgres_bin("initdb") is None:
        pytest.skip("PostgreSQL is not installed (Debian package postgresql; ./dev setup installs it)")
    folder = Path(tempfile.mkdtemp(prefix="scryptic-pg-outage-"))
    server = LocalPostgres(folder)
    server.start()
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def node(own_postgres: LocalPostgres, nats_server, tmp_path: Path) -> Iterator[NodeProcess]:
    with running_nodes(own_postgres.url, nats_server.url, tmp_path, ("solo",), TTL) as started:
        yield started["solo"]


def wire(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "player"}


async def test_a_move_during_a_postgres_outage_is_refused_and_play_resumes_when_it_is_back(
    node: NodeProcess, own_postgres: LocalPostgres
) -> None:
    gold = AsyncClient(node.url, name="Gold", backoff=(0.1, 0.5))
    silver = AsyncClient(node.url, name="Silver", backoff=(0.1, 0.5))
    newcomer = AsyncClient(node.url, name="Newcomer", backoff=(0.1, 0.5))
    clients = {1: gold, 2: silver}
    script = bench_script(SEED)
    try:
        for client in clients.values():
            await client.connect(timeout=30)
        game = (await gold.create_game(map=BENCH_MAP_NAME, seed=SEED, seat="gold"))["game"]
        await silver.join(game=game)
        for version, data in enumerate(script[:OUTAGE_AT]):
            await act_surely(clients[data["player"]], game, wire(data), version)
        mover = clients[script[OUTAGE_AT]["player"]]
        await asyncio.wait_for(_until(lambda: all(c.games[game].version == OUTAGE_AT for c in clients.values())), 10)

        stopped_at = time.monotonic()
        await asyncio.to_thread(own_postgres.stop)  # pg_ctl stop -m immediate
        # The move is refused at once, with the temporary code, and nobody sees anything.
        sent = time.monotonic()
        with pytest.raises(ServerError) as refused:
            await mover.act(game, wire(script[OUTAGE_AT]), expect_version=OUTAGE_AT)
        assert refused.value.code == "store_failed"
        assert time.monotonic() - sent < 6.0  # the store's timeout, not a hang
        # The node is neither dead nor stalled: it answers what needs no database at once.
        for client in clients.values():
            started = time.monotonic()
            await client.ping()
            assert time.monotonic() - started < 1.0
        assert node.alive
        # A new account cannot be stored now: the client is told store_failed at hello, and
        # keeps trying rather than giving up.
        arriving = asyncio.ensure_future(newcomer.connect(timeout=30))
        await asyncio.sleep(max(0.0, OUTAGE - (time.monotonic() - stopped_at)))  # the outage lasts: time must pass
        assert not arriving.done() and isinstance(newcomer._first_error, ServerError)
        assert newcomer._first_error.code == "store_failed"
        for client in clients.values():
            assert client.games[game].version == OUTAGE_AT

        await asyncio.to_thread(own_postgres.start)  # returns once it accepts connections
        # The refused move, sent again, is taken at once: the node kept its game (its lease
        # expired meanwhile, but nobody else claimed it) and its pool reconnects by itself.
        assert (await mover.act(game, wire(script[OUTAGE_AT]), expect_version=OUTAGE_AT))["version"] == OUTAGE_AT + 1
        assert (await arriving)["user"]["name"] == "Newcomer"
        for version, data in enumerate(script[OUTAGE_AT + 1:STOP_AT], start=OUTAGE_AT + 1):
            await act_surely(clients[data["player"]], game, wire(data), version, patience=30)
        for client in clients.values():
            await asyncio.wait_for(_until(lambda c=client: c.games[game].version == STOP_AT), 10)
        for seat, client in clients.items():
            assert not client.games[game].gap
            assert seen_events(client, game) == engine_events(SEED, STOP_AT, Player(seat))
        store = PostgresStore(own_postgres.url)
        try:
            stored = store.load_game(game)
        finally:
            store.close()
        assert stored is not None
        assert [v for v, _a, _t in stored.actions] == list(range(1, STOP_AT + 1))
        assert [action_from_dict(a) for _v, a, _t in stored.actions] == [action_from_dict(d) for d in script[:STOP_AT]]
        assert node.alive, node.log_tail()
    finally:
        for client in (*clients.values(), newcomer):
            await client.close()
        print(node.log_tail())  # shown if the test failed


async def _until(predicate) -> None:
    while not predicate():
        await asyncio.sleep(0.02)


@pytest.fixture
async def store(pg_url: str):
    made = PostgresStore(pg_url, apply_migrations=True)
    await made.add_user(1, "Ada", "hash-ada")
    yield made
    made.close()


@pytest.mark.parametrize("fenced", [True, False], ids=["owner's one-statement unit", "unfenced transaction"])
async def test_an_action_stored_although_reported_failed_counts_once_when_sent_again(store: PostgresStore, fenced: bool) -> None:
    # A COMMIT that went through as the connection dropped is reported as a failure; the host
    # rolls back and the same action comes again at the same version.
    await store.add_game(new_game("g1"))
    if fenced:
        leases = Leases(store.run, "node-a")
        await leases.claim("g1")
        store.fence = leases.token
    before, after = Rating("u:1", "blitz", 1500.0, 350.0, 0.06, 0), Rating("u:1", "blitz", 1662.3, 290.1, 0.06, 1)
    final = {"type": "resign", "player": 2}
    ending = {"status": "over", "result": {"winner": 1, "reason": "resign"}, "ratings": [RatingChange("g1", 1, before, after)]}
    await store.save_action("g1", 1, final, 5.0, **ending)
    await store.save_action("g1", 1, final, 6.0, **ending)  # the same action again: stored already
    await store.save_action("g1", 1, final, 6.0)
    with pytest.raises(StoreError, match="duplicate key"):
        await store.save_action("g1", 1, {"type": "resign", "player": 1}, 7.0)  # another action there: no
    stored = store.load_game("g1")
    assert stored is not None and [(v, a, t) for v, a, t in stored.actions] == [(1, final, 5.0)]
    assert stored.status == "over" and list(stored.rating_changes) == [1]
    counts = await store.run(lambda conn: conn.fetchrow(
        "SELECT (SELECT count(*) FROM rating_changes), (SELECT games FROM ratings WHERE subject = 'u:1')"))
    assert tuple(counts) == (1, 1)  # the rating changed once


async def test_a_lease_that_expired_while_nobody_claimed_it_is_kept_by_its_holders_next_renewal(
    store: PostgresStore,
) -> None:
    for game_id in ("g1", "g2"):
        await store.add_game(new_game(game_id))
    a, b = Leases(store.run, "node-a", ttl=0.3), Leases(store.run, "node-b", ttl=0.3)
    await a.claim("g1")
    await a.claim("g2")
    await asyncio.sleep(0.5)  # node-a could not renew (the database was away, or it was paused)
    assert (await b.claim("g2")).epoch == 2  # node-b claimed g2 meanwhile; nobody claimed g1
    assert await a.renew() == ["g2"]
    assert a.token("g1") == ("node-a", 1) and a.token("g2") is None
    assert await b.orphans() == []  # g1 is held again
    store.fence = a.token  # node-a's writes: g1 is still its own, g2 no longer
    await store.save_action("g1", 1, {"type": "end_turn", "player": 1}, 1.0)
    with pytest.raises(StoreError, match="does not own game g2"):
        await store.save_action("g2", 1, {"type": "end_turn", "player": 1}, 1.0)
