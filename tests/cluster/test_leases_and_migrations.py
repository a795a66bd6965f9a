"""Owner leases (exactly one of two racing claimers wins; an expired lease passes on; a lost
lease fences the old owner's writes) and the versioned migrations of the PostgreSQL schema."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
from tests_cluster_helpers import new_game

from server.cluster.lease import Leases
from server.store import migrations
from server.store.postgres import PostgresStore
from server.store.records import StoreError


@pytest.fixture
async def store(pg_url: str) -> AsyncIterator[PostgresStore]:
    made = PostgresStore(pg_url, apply_migrations=True)
    await made.add_user(1, "Ada", "hash-ada")
    yield made
    made.close()


async def test_two_nodes_racing_to_claim_an_orphaned_game_exactly_one_wins(store: PostgresStore, pg_url: str) -> None:
    other = PostgresStore(pg_url)  # a second node: its own pool of connections
    try:
        for round_ in range(10):
            game_id = f"race{round_}"
            await store.add_game(new_game(game_id))
            a, b = Leases(store.run, "node-a"), Leases(other.run, "node-b")
            won = await asyncio.gather(a.claim(game_id), b.claim(game_id))
            assert sum(lease is not None for lease in won) == 1, won
            holder = await a.owner(game_id)
            winner = "node-a" if won[0] is not None else "node-b"
            assert holder == (winner, 1)
    finally:
        other.close()


async def test_an_expired_lease_is_claimed_by_another_node_with_a_higher_epoch(store: PostgresStore) -> None:
    await store.add_game(new_game())
    a, b = Leases(store.run, "node-a", ttl=0.3), Leases(store.run, "node-b", ttl=5)
    assert (await a.claim("g1")).epoch == 1
    assert await b.claim("g1") is None  # held
    assert await b.orphans() == []
    assert await a.renew() == []  # renewed in time
    await asyncio.sleep(0.5)  # node-a stops renewing (dead or paused)
    assert await b.orphans() == ["g1"]
    assert (await b.claim("g1")).epoch == 2
    assert await a.renew() == ["g1"]  # node-a learns it lost the game
    assert a.token("g1") is None and b.token("g1") == ("node-b", 2)


async def test_the_old_owner_cannot_write_after_losing_its_lease(store: PostgresStore, pg_url: str) -> None:
    await store.add_game(new_game())
    old = Leases(store.run, "node-a", ttl=0.3)
    await old.claim("g1")
    stale_token = old.token("g1")
    store.fence = lambda game_id: stale_token  # node-a still believes it owns g1
    await store.save_action("g1", 1, {"type": "pass"}, 1.0)
    await asyncio.sleep(0.5)  # the 0.3 s lease runs out unrenewed: time must pass
    other = PostgresStore(pg_url)
    try:
        new = Leases(other.run, "node-b")
        await new.claim("g1")
        other.fence = new.token
        with pytest.raises(StoreError, match="no longer owns game g1"):
            await store.save_action("g1", 2, {"type": "stale"}, 2.0)
        await other.save_action("g1", 2, {"type": "pass"}, 3.0)
        assert [(v, a["type"]) for v, a, _t in other.load_game("g1").actions] == [(1, "pass"), (2, "pass")]
    finally:
        other.close()


async def test_orphans_are_unfinished_games_nobody_holds(store: PostgresStore) -> None:
    for game_id in ("a", "b", "c"):
        await store.add_game(new_game(game_id))
    await store.finish_game("c", result={"winner": 1}, clock=None, ratings=[])
    leases = Leases(store.run, "node-a")
    assert sorted(await leases.orphans()) == ["a", "b"]
    await leases.claim("a")
    assert await leases.orphans() == ["b"]
    await leases.release("a")
    assert sorted(await leases.orphans()) == ["a", "b"]


# -- migrations ------------------------------------------------------------------------------------


async def test_migrations_apply_once_in_order_even_when_run_concurrently(pg_url: str) -> None:
    conns = [await asyncpg.connect(pg_url) for _ in range(3)]
    try:
        applied = await asyncio.gather(*(migrations.migrate(conn) for conn in conns))
        known = [m.version for m in migrations.migrations()]
        assert sorted(v for run in applied for v in run) == known  # each step by exactly one run
        assert await migrations.applied_versions(conns[0]) == known
        assert await migrations.migrate(conns[0]) == []
        await migrations.check_schema(conns[0])
    finally:
        for conn in conns:
            await conn.close()


async def test_a_database_without_the_schema_is_refused_with_what_to_do(pg_url: str) -> None:
    with pytest.raises(StoreError, match="--migrate"):
        PostgresStore(pg_url)


async def test_a_new_step_is_applied_to_an_existing_database_and_a_failing_step_keeps_nothing(
    pg_url: str, tmp_path: Path
) -> None:
    shipped = [m.version for m in migrations.migrations()]
    for m in migrations.migrations():
        (tmp_path / f"{m.version:04d}_{m.name}.sql").write_text(m.sql)
    step = len(shipped) + 1
    conn = await asyncpg.connect(pg_url)
    try:
        assert await migrations.migrate(conn, tmp_path) == shipped
        (tmp_path / f"{step:04d}_notes.sql").write_text("CREATE TABLE notes (id INT); ALTER TABLE games ADD COLUMN nope;")
        with pytest.raises(asyncpg.PostgresSyntaxError):
            await migrations.migrate(conn, tmp_path)
        assert await migrations.applied_versions(conn) == shipped
        assert await conn.fetchval("SELECT to_regclass('notes')") is None  # the half of the new step was rolled back
        (tmp_path / f"{step:04d}_notes.sql").write_text("CREATE TABLE notes (id INT);")
        assert await migrations.migrate(conn, tmp_path) == [step]
        with pytest.raises(StoreError, match=rf"steps \[{step}\] that this server does not know"):
            await migrations.check_schema(conn)  # the shipped steps stop before it
    finally:
        await conn.close()


def test_migration_files_must_be_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1")
    (tmp_path / "0003_c.sql").write_text("SELECT 1")
    with pytest.raises(StoreError, match="without gaps"):
        migrations.migrations(tmp_path)
