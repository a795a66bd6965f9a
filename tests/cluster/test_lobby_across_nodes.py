"""The lobby across the nodes of a cluster: three nodes in this process on one PostgreSQL and one
NATS server, clients of the client library (client/net) on different nodes.

A seek made on node a shows in node b's live lobby and in node c's ``list_games``, and leaves
the open list when a player on node c takes it; ``my_games`` on node b lists a game node a runs;
``your_turn`` and ``challenge`` notices reach the account's connections on other nodes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from tests_cluster_helpers import script, wire
from wire_helpers import plain

from client.net import AsyncClient

SEED = 3


async def wait_for(predicate: Callable[[], bool], timeout: float = 5.0) -> float:
    """Wait until ``predicate()``; the seconds it took."""
    start = time.monotonic()
    while not predicate():
        assert time.monotonic() - start < timeout, "condition not reached in time"
        await asyncio.sleep(0.005)
    return time.monotonic() - start


def notices(client: AsyncClient, kind: str) -> list[dict[str, Any]]:
    return [plain(n) for n in client.notices.items if n.type == kind]


async def test_a_seek_made_on_one_node_is_pushed_to_another_and_leaves_when_taken_on_a_third(start_node, connect) -> None:
    a, b, c = [await start_node(name) for name in ("a", "b", "c")]
    gold = await connect(a, "Gold")
    bea = await connect(b, "Bea")
    carol = await connect(c, "Carol")
    await bea.subscribe_lobby()
    assert bea.lobby.seeks() == []

    game = (await gold.create_game(map="test-ford", seed=SEED, seat="gold"))["game"]
    # Pushed from node a's change (bea never asks again). No timed assertion on these shared
    # machines: it took well under a second in every run here.
    await wait_for(lambda: game in bea.lobby.open)
    entry = plain(bea.lobby.open[game])
    assert entry["players"] == {"1": "Gold", "2": None} and entry["open_seat"] == 2
    listed = await carol.list_games()  # node c lists node a's seek
    assert [e["game"] for e in listed["open"]] == [game] and listed["live"] == []

    await carol.join(game=game)  # from node c, carried to node a
    await wait_for(lambda: game not in bea.lobby.open and game in bea.lobby.live)
    assert bea.lobby.live[game].players == {"1": "Gold", "2": "Carol"}
    listed = await (await connect(c, "Dan")).list_games()
    assert listed["open"] == [] and [e["game"] for e in listed["live"]] == [game]

    # The game ends (resigned on node a): it leaves node b's list of games in play.
    await gold.resign(game)
    await wait_for(lambda: game not in bea.lobby.live)
    assert bea.lobby.seeks() == [] and bea.lobby.games_in_play() == []
    assert game in a.rooms and game not in b.rooms and game not in c.rooms


async def test_my_games_and_your_turn_on_another_node(start_node, connect) -> None:
    actions = script(SEED)
    a, b, c = [await start_node(name) for name in ("a", "b", "c")]
    gold = await connect(a, "Gold")
    silver = await connect(c, "Silver")
    game = (await gold.create_game(map="test-ford", seed=SEED, seat="gold"))["game"]
    await silver.join(game=game)
    # Each player's second connection, on node b, plays no game: it is told when its turn comes.
    gold_b = await connect(b, token=gold.token)
    silver_b = await connect(b, token=silver.token)

    mine = await gold_b.my_games()  # node b asks nodes a and c
    assert [g["game"] for g in mine["games"]] == [game]
    line = mine["games"][0]
    assert line["seat"] == 1 and line["opponent"]["name"] == "Silver" and line["status"] == "active"
    assert mine["challenges"] == []
    assert [g["game"] for g in (await silver_b.my_games())["games"]] == [game]

    clients = {1: gold, 2: silver}
    n = 0
    while actions[n]["player"] == 1:  # gold's first turn, then silver is to act
        await clients[1].act(game, wire(actions[n]))
        n += 1
    await wait_for(lambda: any(t["game"] == game for t in notices(silver_b, "your_turn")))
    told = [t for t in notices(silver_b, "your_turn") if t["game"] == game][-1]
    assert told["seat"] == 2 and told["version"] == n and told["opponent"] == "Gold"
    assert notices(silver, "your_turn") == []  # the seated connection sees the game itself
    mine = await silver_b.my_games()
    assert mine["games"][0]["my_move"] and mine["games"][0]["version"] == n


async def test_a_challenge_reaches_a_player_on_another_node(start_node, connect) -> None:
    a, b = [await start_node(name) for name in ("a", "b")]
    carol = await connect(b, "Carol")  # an account node a has never read
    bob = await connect(a, "Bob")
    made = await bob.challenge(user=carol.user['id'], map="test-ford", seed=SEED)
    game = made["game"]
    assert made["challenged"] == {"id": carol.user['id'], "name": "Carol"}
    await wait_for(lambda: any(n["game"] == game for n in notices(carol, "challenge")))
    told = next(n for n in notices(carol, "challenge") if n["game"] == game)
    assert told["by"] == {"id": bob.user['id'], "name": "Bob"}
    waiting = (await carol.my_games())["challenges"]  # node b asks node a
    assert [w["game"] for w in waiting] == [game]
    accepted = await carol.answer_challenge(game, accept=True)  # carried to node a
    assert accepted["game"] == game and accepted["seat"] == 2
    assert (await carol.my_games())["challenges"] == []
    assert [g["game"] for g in (await carol.my_games())["games"]] == [game]


async def test_a_rename_on_one_node_shows_in_games_and_lobbies_of_the_others(start_node, connect) -> None:
    a, b, c = [await start_node(name) for name in ("a", "b", "c")]
    gold = await connect(a, "Gold")
    silver = await connect(c, "Silver")
    bea = await connect(b, "Bea")
    game = (await gold.create_game(map="test-ford", seed=SEED, seat="gold"))["game"]
    await silver.join(game=game)  # the game runs on node a; Silver's account was made on node c
    await bea.subscribe_lobby()
    await wait_for(lambda: game in bea.lobby.live)
    assert bea.lobby.live[game].players == {"1": "Gold", "2": "Silver"}

    await silver.set_name("Argent")  # on node c, which runs no game of hers
    # Node a, which runs the game, takes the name and tells both players; node b's lobby shows it.
    await wait_for(lambda: gold.games[game].info.players["2"].name == "Argent")
    await wait_for(lambda: bea.lobby.live[game].players == {"1": "Gold", "2": "Argent"})
    assert a.accounts.name_of(silver.user["id"]) == "Argent"
    assert (await bea.profile(user=silver.user["id"]))["user"]["name"] == "Argent"


async def test_a_challenge_by_name_finds_an_account_another_node_made(start_node, connect) -> None:
    a, c = await start_node("a"), await start_node("c")
    bob = await connect(a, "Bob")
    dora = await connect(c, "Dora")  # node a has never read her account
    assert a.accounts.name_of(dora.user["id"]) is None
    made = await bob.challenge(name="dora", map="test-ford", seed=SEED)
    assert made["challenged"] == {"id": dora.user["id"], "name": "Dora"}
    await wait_for(lambda: notices(dora, "challenge"))
    assert (await bob.profile(name="Dora"))["user"]["id"] == dora.user["id"]
