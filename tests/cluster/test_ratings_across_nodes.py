"""Ratings across nodes: a game settled on a node whose copy of a rating is out of date.

Each node keeps the ratings it read at start and what its own games did to them. Ann wins a
rated game on node a; then she wins another on node b, which never saw the first and still
holds her start rating. The store locks both ratings in the final action's transaction, finds
hers moved and computes the game again from the stored ones: her rating counts both games,
as Glicko-2 says (checked here with the glicko2 package itself, not the server's code).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import glicko2

from server.store.postgres import PostgresStore
from server.store.records import Rating
from wire_helpers import plain

BLITZ = {"kind": "fischer", "initial": 180, "increment": 2}
FRESH = (1500.0, 350.0, 0.06)


async def wait_for(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


def expected_after(mine: tuple[float, float, float], theirs: tuple[float, float, float], score: float) -> tuple[float, float, float]:
    player = glicko2.Player(rating=mine[0], rd=mine[1], vol=mine[2])
    player.update_player([theirs[0]], [theirs[1]], [score])
    return player.rating, player.rd, player.vol


async def rated_game(maker, joiner, loser) -> str:
    """A rated blitz game made by ``maker``, joined by ``joiner``, resigned by ``loser``."""
    game = (await maker.create_game(map="test-ford", rated=True, time_control=BLITZ, seat="gold"))["game"]
    await joiner.join(game=game)
    await wait_for(lambda: all(game in c.games and c.games[game].view is not None for c in (maker, joiner)))
    await loser.resign(game)
    await wait_for(lambda: all(c.games[game].rating_changes is not None for c in (maker, joiner)))
    return game


async def test_a_game_settled_on_a_node_with_a_stale_rating_counts_from_the_stored_one(start_node, connect, pg_url) -> None:
    a, b = await start_node("a"), await start_node("b")
    ann, bob = await connect(a, "Ann"), await connect(a, "Bob")
    cid = await connect(b, "Cid")

    first = await rated_game(ann, bob, loser=bob)  # on node a: Ann beats Bob
    assert first in a.rooms
    ann_1 = expected_after(FRESH, FRESH, 1.0)
    assert plain(ann.games[first].rating_changes)["1"]["after"] == round(ann_1[0], 1)

    second = await rated_game(cid, ann, loser=cid)  # on node b, which still has Ann at 1500
    assert second in b.rooms
    assert b.ratings.get(f"u:{ann.user['id']}", "blitz").games == 2  # b took what the store wrote
    ann_2 = expected_after(ann_1, FRESH, 1.0)
    cid_2 = expected_after(FRESH, ann_1, 0.0)
    seen = plain(ann.games[second].rating_changes)
    assert seen["2"]["before"] == round(ann_1[0], 1) and seen["2"]["after"] == round(ann_2[0], 1)
    assert seen["1"]["before"] == 1500.0 and seen["1"]["after"] == round(cid_2[0], 1)
    assert plain(cid.games[second].rating_changes) == seen
    assert b.store.rerated == 1 and a.store.rerated == 0

    store = PostgresStore(pg_url)
    try:
        stored = {r.subject: r for r in store.load_ratings(family="blitz")}
        ann_id, cid_id = ann.user["id"], cid.user["id"]
        assert stored[f"u:{ann_id}"] == Rating(f"u:{ann_id}", "blitz", *ann_2, 2)
        assert stored[f"u:{cid_id}"] == Rating(f"u:{cid_id}", "blitz", *cid_2, 1)
        game = store.load_game(second)
        assert game is not None and game.rating_changes[2].before == Rating(f"u:{ann_id}", "blitz", *ann_1, 1)
    finally:
        store.close()

    # Every node's pages read the stored ratings: node a never ran Cid's game, node b never Bob's.
    board = await bob.leaderboard("blitz", provisional=True)
    assert {row["user"]["id"]: (row["rating"], row["games"]) for row in board["players"]} == {
        ann_id: (round(ann_2[0], 1), 2),
        bob.user["id"]: (round(expected_after(FRESH, FRESH, 0.0)[0], 1), 1),
        cid_id: (round(cid_2[0], 1), 1),
    }
    profile = await cid.profile(user=ann_id)
    assert profile["ratings"]["blitz"]["games"] == 2 and profile["ratings"]["blitz"]["rating"] == round(ann_2[0], 1)


async def test_a_draw_agreed_with_a_stale_rating_is_stored_from_the_stored_one(pg_url) -> None:
    """The other way a game ends (no engine action: a draw, a flag, a claim) takes the same path."""
    from tests_cluster_helpers import new_game

    from server.lobby.ratings import Ratings, rerate

    store = PostgresStore(pg_url, apply_migrations=True)
    store.rerate = rerate
    try:
        await store.add_user(1, "Ada", "hash-ada")
        for game_id in ("g1", "g2"):
            await store.add_game(new_game(game_id))
        elsewhere, here = Ratings(), Ratings()  # two nodes' copies, both empty at start
        won = elsewhere.settle("g1", "blitz", {1: "u:1", 2: "b:3"}, winner=1)
        assert await store.finish_game("g1", result={"winner": 1}, clock=None, ratings=won) == won
        stale = here.settle("g2", "blitz", {1: "u:1", 2: "b:2"}, winner=None)
        assert stale[0].before.games == 0  # this copy never saw g1
        stored = await store.finish_game("g2", result={"winner": None}, clock=None, ratings=stale)
        ada_1 = won[0].after
        assert stored[0].before == ada_1 and stored[0].after.games == 2
        assert (stored[0].after.rating, stored[0].after.rd, stored[0].after.vol) == expected_after(
            (ada_1.rating, ada_1.rd, ada_1.vol), FRESH, 0.5)
        assert stored[1].before == Rating("b:2", "blitz", *FRESH, 0)  # the bot's was not stale
        assert store.load_ratings(subject="u:1") == [stored[0].after] and store.rerated == 1
    finally:
        store.close()
