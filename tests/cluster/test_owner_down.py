"""A game whose node dies (SIGKILL) while its players and a spectator are on other nodes.

Node ``a`` is a real process that runs the game; the players are connected to node ``b`` and a
spectator to node ``c`` (both in this process). After ``a`` is killed, the next move sent to
``b`` waits for the game's lease to expire and is then served by the node that claimed the game;
the clock does not charge the time the game had no node (docs/cluster.md, "Clocks after a
failover"); everyone goes on following the game to its end. The move is also sent into a
subscription that lingers after the kill and never answers (:mod:`server.remote.asking`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import nats
import pytest
from tests_cluster_helpers import MAP_TEXT, make_node, replica, script, seen, wire

from client.net import AsyncClient
from server.bus.interface import request_subject
from server.app import GameServer
from server.cluster.local import LocalNats, free_port
from server.host.clocks import Clock
from server.lobby.accounts import hash_token
from server.mapcodec import map_to_text
from shared.rules.presets import DEFAULT_RULES
from server.scripted import BENCH_WORDS
from server.store.postgres import PostgresStore
from server.store.records import StoredGame, StoredSeat
from shared.maps.format import parse_map
from shared.rules.actions import action_from_dict
from shared.rules.terrain import Player
from wire_helpers import plain

SEED = 5
TTL = 3.0
GAME = "duel000001"
BEFORE_KILL = 4  # actions played while node a runs the game


@pytest.fixture
async def store(pg_url: str) -> AsyncIterator[PostgresStore]:
    made = PostgresStore(pg_url, apply_migrations=True)
    yield made
    made.close()


async def add_duel(store: PostgresStore) -> dict[int, tuple[str, str]]:
    """Two accounts and an active Fischer game between them (seats by token); returns each
    seat's (account token, seat token)."""
    tokens = {}
    seats = {}
    for seat, name in ((1, "Gold"), (2, "Silver")):
        user_id = await store.next_user_id()
        tokens[seat] = (f"account-token-{name}", f"seat-token-of-{name}")
        await store.add_user(user_id, name, hash_token(tokens[seat][0]))
        seats[seat] = StoredSeat(seat, user_id, hash_token(tokens[seat][1]), None)
    now = time.time()
    clock = Clock.from_settings({"kind": "fischer", "initial": 300.0, "increment": 0.0})
    clock.advance(now, None, None, 1)
    game = StoredGame(
        id=GAME, created=now, updated=now, map_name="Test Ford", map_text=map_to_text(parse_map(MAP_TEXT)),
        rules=DEFAULT_RULES, seed=SEED, first=1, settings={"public": True, "opponent": "human", "rated": False,
        "time_control": {"kind": "fischer", "initial": 300.0, "increment": 0.0}}, join_code=None, status="active",
        result=None, clock=clock.to_dict(), rematch_of=None, seats=seats,
    )
    await store.add_game(game)
    return tokens


def start_process_node(url: str, bus: str, words: Path, log: Path, port: int | None = None,
                       env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Node ``a`` as a real server process (``env``: more of its environment)."""
    cmd = [sys.executable, "-m", "scryptic", "server", "--log-json", "--db", url, "--bus", bus, "--node-id", "a",
           "--lease-ttl", str(TTL), "--port", str(port or free_port()), "--words", str(words), "--stats-interval", "0",
           "--log-level", "warning"]
    return subprocess.Popen(cmd, stdout=log.open("wb"), stderr=subprocess.STDOUT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})


async def holder(store: PostgresStore) -> str | None:
    return await store.run(lambda conn: conn.fetchval(
        "SELECT node FROM game_leases WHERE game_id = $1 AND expires >= now()", GAME))


async def ignore(msg: object) -> None:
    """A subscriber that never answers."""


async def wait_for(predicate, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("swallowed", [False, True], ids=["no-responders", "swallowed-by-a-lingering-subscription"])
async def test_a_move_sent_while_the_games_node_is_dead_is_served_after_failover_without_charging_the_outage(
    store: PostgresStore, nats_server: LocalNats, tmp_path: Path, swallowed: bool, caplog: pytest.LogCaptureFixture
) -> None:
    """``swallowed``: NATS hands the move to the dead node's subscription, as it can in the
    moment before it notices the closed connection (made certain here by a silent subscriber
    to the game's requests); it is sent again once the game runs elsewhere."""
    actions = script(SEED)  # before the nodes start: working it out holds this process's loop
    tokens = await add_duel(store)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(BENCH_WORDS) + "\n")
    node_a = start_process_node(store.dsn, nats_server.url, words, tmp_path / "a.log")
    nodes: list[GameServer] = []
    clients: list[AsyncClient] = []
    ghosts: list[nats.aio.client.Client] = []
    try:
        deadline = time.monotonic() + 60
        while await holder(store) != "a":  # node a claims the orphaned game when it starts
            assert node_a.poll() is None, (tmp_path / "a.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "node a did not claim the game"
            await asyncio.sleep(0.1)
        for name in ("b", "c"):
            node = make_node(store.dsn, nats_server.url, name, lease_ttl=TTL)
            await node.start()
            nodes.append(node)
        b, c = nodes
        players = {}
        for seat in (1, 2):
            client = AsyncClient(f"ws://127.0.0.1:{b.port}", token=tokens[seat][0])
            await client.connect()
            clients.append(client)
            attached = await client.attach(GAME, seat_token=tokens[seat][1])
            assert attached["seat"] == seat
            players[seat] = client
        carol = AsyncClient(f"ws://127.0.0.1:{c.port}", name="Carol")
        await carol.connect()
        clients.append(carol)
        await carol.watch(GAME)
        for data in actions[:BEFORE_KILL]:
            await players[data["player"]].act(GAME, wire(data))
        await wait_for(lambda: carol.games[GAME].version == BEFORE_KILL)
        stored = store.load_game(GAME)
        assert stored is not None and stored.clock is not None
        mover = actions[BEFORE_KILL]["player"]
        assert stored.clock["running"] == mover
        since, left_before = stored.clock["since"], stored.clock["remaining"][str(mover)]

        killed_at = time.time()
        node_a.send_signal(signal.SIGKILL)
        node_a.wait()
        if swallowed:
            ghost = await nats.connect(nats_server.url)
            ghosts.append(ghost)
            await ghost.subscribe(request_subject(GAME), cb=ignore)
            await ghost.flush()
        reply = await players[mover].act(GAME, wire(actions[BEFORE_KILL]))  # waits for the failover
        served_at = time.time()
        assert reply["version"] == BEFORE_KILL + 1
        assert await holder(store) in ("b", "c")
        print(f"move sent to a dead node's game served {served_at - killed_at:.2f} s after the kill")
        if swallowed:  # (without the silent subscriber it happens now and then by itself)
            assert "request lost" in caplog.messages

        # Clocks: the mover is charged the time before the kill (less at most the time since
        # node a's last lease renewal, ttl/3), not the time the game had no node.
        stored = store.load_game(GAME)
        assert stored is not None and stored.clock is not None
        charged = left_before - stored.clock["remaining"][str(mover)]
        played = killed_at - since
        assert served_at - killed_at > 1.0  # the outage was long enough to tell the rule apart
        assert played - TTL / 3 - 0.2 <= charged <= played + 1.0, (charged, played, served_at - killed_at)

        for n, data in enumerate(actions[BEFORE_KILL + 1:], start=BEFORE_KILL + 2):
            assert (await players[data["player"]].act(GAME, wire(data)))["version"] == n
        final = replica(SEED)
        await wait_for(lambda: all(cl.games[GAME].version == len(actions) for cl in clients))
        assert plain(players[1].games[GAME].view) == seen(final, Player.GOLD)
        assert plain(players[2].games[GAME].view) == seen(final, Player.SILVER)
        assert plain(carol.games[GAME].view) == seen(final, None)  # followed the game from a to its new node
        stored = store.load_game(GAME)
        assert stored is not None and stored.status == "over"
        assert [v for v, _a, _t in stored.actions] == list(range(1, len(actions) + 1))
        game = replica(SEED, 0)
        for _v, data, _t in stored.actions:
            game.apply(action_from_dict(data))
        assert game.over and game.version == final.version
    finally:
        for ghost in ghosts:
            await ghost.close()
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()
        for node in nodes:
            await node.stop()
        if node_a.poll() is None:
            node_a.kill()
            node_a.wait()
