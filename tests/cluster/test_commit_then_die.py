"""A node that dies after committing a forwarded move and before its reply leaves.

Node ``a`` is a real process that runs the game; both players are on node ``b``, and a
spectator on node ``a`` watches a game that runs on ``b``. A player sends a move pinned to the
game's version (``expect_version``); ``a`` stores it and, by the fault hook of
:mod:`server.faults`, freezes before answering; the test then kills it (SIGKILL). ``b`` sends the
move again to the game's next owner, which answers it as done: the player is told the truth,
and the record holds the move once. ``b`` then sends nothing more to the dead node (no outbox
for it, no envelope held and sent again) and stops in its normal time.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from pathlib import Path

import pytest
from test_owner_down import GAME, SEED, TTL, add_duel, holder, start_process_node, store  # noqa: F401 (the fixture)
from tests_cluster_helpers import make_node, replica, script, wire

from client.net import AsyncClient
from server.app import GameServer
from server.cluster.local import LocalNats, free_port
from server.scripted import BENCH_WORDS
from server.store.postgres import PostgresStore
from shared.rules.actions import action_from_dict

BEFORE_KILL = 4  # actions played and answered before the fatal one


async def wait_for(predicate, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.02)


async def test_a_pinned_move_committed_by_a_node_that_died_before_answering_is_answered_as_done(
    store: PostgresStore, nats_server: LocalNats, tmp_path: Path, caplog: pytest.LogCaptureFixture  # noqa: F811
) -> None:
    actions = script(SEED)
    tokens = await add_duel(store)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(BENCH_WORDS) + "\n")
    log = tmp_path / "a.log"
    a_port = free_port()
    node_a = start_process_node(store.dsn, nats_server.url, words, log, a_port,
                                {"SCRYPTIC_FREEZE_AFTER_STORING": f"{GAME}:{BEFORE_KILL + 1}"})
    nodes: list[GameServer] = []
    clients: list[AsyncClient] = []
    try:
        deadline = time.monotonic() + 60
        while await holder(store) != "a":
            assert node_a.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, "node a did not claim the game"
            await asyncio.sleep(0.1)
        for name in ("b", "c"):
            node = make_node(store.dsn, nats_server.url, name, lease_ttl=TTL)
            await node.start()
            nodes.append(node)
        b, _c = nodes
        players = {}
        for seat in (1, 2):
            client = AsyncClient(f"ws://127.0.0.1:{b.port}", token=tokens[seat][0])
            await client.connect()
            clients.append(client)
            await client.attach(GAME, seat_token=tokens[seat][1])
            players[seat] = client
        # A game run by b, watched from node a: b holds a follower on a when a dies.
        host = AsyncClient(f"ws://127.0.0.1:{b.port}", name="Hostess")
        await host.connect()
        clients.append(host)
        other = (await host.create_game(map="test-ford"))["game"]
        dora = AsyncClient(f"ws://127.0.0.1:{a_port}", name="Dora")
        await dora.connect()
        clients.append(dora)
        await dora.watch(other)

        for data in actions[:BEFORE_KILL]:
            await players[data["player"]].act(GAME, wire(data))
        fatal = actions[BEFORE_KILL]
        sending = asyncio.ensure_future(
            players[fatal["player"]].act(GAME, wire(fatal), expect_version=BEFORE_KILL))
        await wait_for(lambda: "frozen after storing" in log.read_text())
        assert not sending.done()  # stored, not answered
        node_a.send_signal(signal.SIGKILL)
        node_a.wait()

        reply = await sending  # before the fix: stale_version, for a move that was played
        assert reply["version"] == BEFORE_KILL + 1
        assert await holder(store) in ("b", "c")
        stored = store.load_game(GAME)
        assert stored is not None
        assert [v for v, _a, _t in stored.actions] == list(range(1, BEFORE_KILL + 2))
        game = replica(SEED, 0)
        for _v, data, _t in stored.actions:
            game.apply(action_from_dict(data))
        assert game.actions == replica(SEED, BEFORE_KILL + 1).actions  # the move, played once

        # The game goes on to its end from where the record stands.
        for n, data in enumerate(actions[BEFORE_KILL + 1:], start=BEFORE_KILL + 2):
            assert (await players[data["player"]].act(GAME, wire(data)))["version"] == n

        # b took a for gone (its followers were forgotten): it holds nothing for a.
        await wait_for(lambda: not any(address.startswith("a-") for address in b.cluster.mesh.stats()["outboxes"]))
        held = [r for r in caplog.records if r.getMessage() == "envelope held"]
        assert not held, [getattr(r, "data", None) for r in held]
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()
        clients.clear()
        for node in nodes:
            await node.stop()  # no envelope waits for the dead node: stops in its normal time
        nodes.clear()
        assert not [r for r in caplog.records if r.getMessage() == "envelope held"]
    finally:
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()
        for node in nodes:
            await node.stop()
        if node_a.poll() is None:
            node_a.kill()
            node_a.wait()
