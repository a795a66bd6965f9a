"""An arena on a cluster: directed by the node it was made on, its state in the shared
PostgreSQL store, answered elsewhere with tournament_elsewhere, and directed again by the same
node after it restarts."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from client.net import ServerError
from server.store.postgres import PostgresStore
from server.store.tournaments import PostgresTournaments

BLITZ = {"kind": "fischer", "initial": 120, "increment": 2}


async def wait_for(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


async def test_an_arena_is_directed_by_its_node_and_kept_in_the_shared_store(start_node, connect, pg_url) -> None:
    a, b = [await start_node(name) for name in ("a", "b")]
    key = a.config.resolved_admin_key_file().read_text().strip()
    operator = await connect(a, "Warden")
    arena = await operator.create_tournament(key, "Cluster Cup", 3600, map="test-ford", time_control=BLITZ, rated=True)
    ann, bea = await connect(a, "Ann"), await connect(a, "Bea")
    await ann.join_tournament(arena["id"])
    await bea.join_tournament(arena["id"])
    events = a.social.tournaments.events
    await wait_for(lambda: len(events[arena["id"]].playing) == 1)
    game = events[arena["id"]].playing[0]
    assert game.game in a.rooms  # the directing node made the game and runs it
    loser = ann if game.silver == ann.user["id"] else bea
    await loser.attach(game.game)
    await loser.resign(game.game)
    await wait_for(lambda: len(events[arena["id"]].finished) == 1)

    store = PostgresStore(pg_url)
    try:
        (stored,) = [t for t in await asyncio.to_thread(lambda: store.run_sync(_load_all)) if t["id"] == arena["id"]]
    finally:
        store.close()
    assert stored["node"] == "a" and stored["finished"][0]["winner"] == game.gold

    cy = await connect(b, "Cy")
    with pytest.raises(ServerError) as elsewhere:
        await cy.tournament(arena["id"])  # node b loaded it too (it started after), but a directs it
    assert elsewhere.value.code == "tournament_elsewhere" and "node a" in elsewhere.value.reason


async def _load_all(conn) -> list[dict]:
    import json

    return [json.loads(row["data"]) for row in await conn.fetch("SELECT data FROM tournaments")]


async def test_a_restarted_node_directs_its_arena_again(start_node, connect) -> None:
    a = await start_node("a")
    key = a.config.resolved_admin_key_file().read_text().strip()
    operator = await connect(a, "Warden")
    arena = await operator.create_tournament(key, "Phoenix Cup", 3600, map="test-ford", time_control=BLITZ)
    ann = await connect(a, "Ann")
    await ann.join_tournament(arena["id"])
    await a.stop()
    again = await start_node("a")
    assert again.social.tournaments.events[arena["id"]].present == [ann.user["id"]]
    bea = await connect(again, "Bea")
    await bea.join_tournament(arena["id"])
    await wait_for(lambda: len(again.social.tournaments.events[arena["id"]].playing) == 1)
