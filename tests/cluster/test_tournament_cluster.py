"""An arena on a cluster: directed by the node it was made on (it holds the arena's lease), its
state in the shared PostgreSQL store, its requests asked of another node answered by the
director through that node, its pushes and its lobby's chat reaching the connections of every
node, and directed
again by the same node after it restarts."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from server.store.postgres import PostgresStore
from shared import wire

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
    pushed: list[wire.TournamentPush] = []
    cy.on_message = lambda message: pushed.append(message) if isinstance(message, wire.TournamentPush) else None
    seen = await cy.tournament(arena["id"])  # node b does not direct it: a answers, through b
    assert a.cluster.directs(arena["id"]) and not b.cluster.directs(arena["id"])
    assert seen["standings"][0]["user"]["id"] == game.gold and seen["standings"][0]["points"] == 2
    assert seen["finished"] == [{"game": game.game, "gold": game.gold, "silver": game.silver, "winner": game.gold}]
    joined = await cy.join_tournament(arena["id"])  # asked of b, done by a
    assert cy.user["id"] in [row["user"]["id"] for row in joined["standings"]]
    assert events[arena["id"]].present == [ann.user["id"], bea.user["id"], cy.user["id"]]
    # a's next change of the arena is pushed to Cy's connection on b
    await wait_for(lambda: any(cy.user["id"] in [row.user.id for row in push.tournament.standings] for push in pushed))

    # The arena's lobby chat reaches its players on both nodes.
    heard: dict[str, list[str]] = {"Ann": [], "Cy": []}
    for client in (ann, cy):
        client.on_message = lambda message, name=client.name: (
            heard[name].append(message.line.text) if isinstance(message, wire.ChatPush) else None)
    await ann.chat("tournament", "good luck", tournament=arena["id"])
    await wait_for(lambda: heard["Cy"] == ["good luck"])
    await cy.chat("tournament", "thanks", tournament=arena["id"])
    await wait_for(lambda: heard == {"Ann": ["good luck", "thanks"], "Cy": ["good luck", "thanks"]})


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
