"""A ban given through one node of a cluster holds on every node: the banned player's connection
on another node is closed, its game (run by a third node) is forfeit, and no node lets it say
hello; lifting the ban through yet another node lets it back everywhere."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from client.net import AsyncClient, ServerError
from wire_helpers import plain


async def wait_for(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


async def test_a_ban_through_one_node_holds_on_every_node(start_node, connect) -> None:
    a, b, c = [await start_node(name) for name in ("a", "b", "c")]
    key = a.config.resolved_admin_key_file().read_text().strip()
    gold = await connect(a, "Gold")
    silver = await connect(b, "Silver")  # plays from node b a game node a runs
    game = (await gold.create_game(map="test-ford", seed=3, seat="gold"))["game"]
    await silver.join(game=game)
    assert game in a.rooms and game not in b.rooms
    seen: list[dict] = []
    silver.on_message = lambda m: seen.append(plain(m))

    operator = await connect(c, None)  # the operator asks node c, which has neither
    answer = await operator.request("admin", key=key, op="ban", name="Silver", reason="cheating")
    assert answer["user"]["banned"] == "cheating"

    await wait_for(lambda: any(m.get("type") == "bye" and m.get("code") == "banned" for m in seen))
    await wait_for(lambda: (plain(gold.games[game].info).get("result") or {}).get("reason") == "forfeit")
    assert plain(gold.games[game].info)["result"]["winner"] == 1
    for node in (a, b, c):
        again = AsyncClient(f"ws://127.0.0.1:{node.port}", token=silver.token, reconnect=False)
        with pytest.raises(ServerError) as refused:
            await again.connect(timeout=10)
        await again.close()
        assert refused.value.code == "banned" and "cheating" in refused.value.reason

    await operator.request("admin", key=key, op="unban", user=silver.user["id"])
    for node in (b, a):
        await wait_for(lambda n=node: n.users.get(silver.user["id"]) is None or n.users[silver.user["id"]].banned is None)
        back = await connect(node, None, token=silver.token)
        assert back.user["name"] == "Silver"


async def test_an_operator_ends_a_game_through_a_node_that_does_not_run_it(start_node, connect) -> None:
    a, b, c = [await start_node(name) for name in ("a", "b", "c")]
    key = a.config.resolved_admin_key_file().read_text().strip()
    gold = await connect(a, "Gold")
    silver = await connect(b, "Silver")
    game = (await gold.create_game(map="test-ford", seed=5, seat="gold"))["game"]
    await silver.join(game=game)

    operator = await connect(c, None)  # node c runs neither the game nor a player of it
    answer = await operator.request("admin", key=key, op="adjudicate", game=game, winner="silver")
    assert answer["result"]["reason"] == "adjudicated" and answer["result"]["winner"] == 2  # silver

    # The game's own node ended it: both players see the result, and node c never took the game.
    for player in (gold, silver):
        await wait_for(lambda p=player: (plain(p.games[game].info).get("result") or {}).get("reason") == "adjudicated")
    assert game in a.rooms and game not in c.rooms
    with pytest.raises(ServerError) as refused:
        await operator.request("admin", key=key, op="abort", game=game)
    assert refused.value.code == "game_over"
