"""A cluster node killed during an arena: the arena goes on.

Three nodes as real processes on one PostgreSQL and one NATS. The operator makes an arena on
node a, which directs it (it holds the arena's lease); four players connect to nodes b and c and
join through them. Two games are played out, and node a is killed (SIGKILL) while the next ones
are in play. Another node claims the arena, directs it from its stored row:
the games of the killed node end on the nodes that claimed them and count, the free players are
paired again, and at its end the arena names its winner to the players on both nodes, with the
standings the scoring of docs/tournaments.md gives for the games played.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from tests_cluster_helpers import running_nodes

from client.net import AsyncClient, ServerError
from scryptic.bench.cluster_nodes import NodeProcess
from scryptic.bench.games import BENCH_MAP_NAME
from server.config import ServerConfig
from server.lobby.operator import load_operator_key
from server.store.postgres import PostgresStore
from shared import wire

TTL = 2.0
ARENA_SECONDS = 45
BLITZ = {"kind": "fischer", "initial": 120, "increment": 2}
BEFORE_KILL = 2  # games played out on node a's watch
BUDGET = 6  # games played out in all; the ones paired after them are left unplayed


def written_points(outcomes: list[str]) -> int:
    """docs/tournaments.md: a win 2, a loss 0; doubled after two wins in a row."""
    total, wins_in_a_row = 0, 0
    for outcome in outcomes:
        worth = {"win": 2, "loss": 0}[outcome]
        total += worth * 2 if wins_in_a_row >= 2 else worth
        wins_in_a_row = wins_in_a_row + 1 if outcome == "win" else 0
    return total


@pytest.fixture
def nodes(pg_url: str, nats_server: Any, tmp_path: Path) -> Iterator[dict[str, NodeProcess]]:
    # The nodes share the operator key's file: made once here, before they start together.
    load_operator_key(ServerConfig(db_url=pg_url).resolved_admin_key_file())
    with running_nodes(pg_url, nats_server.url, tmp_path, ("a", "b", "c"), TTL) as started:
        yield started


class Players:
    """The players, each on its node. In each game the player with the higher id resigns; the
    first ``BEFORE_KILL`` games are played out at once, the next ones once :attr:`go` is set, up
    to ``BUDGET``."""

    def __init__(self, clients: dict[int, AsyncClient]) -> None:
        self.clients = clients
        self.go = asyncio.Event()
        self.paired: list[str] = []  # the games settled or to settle
        self.settled: list[tuple[str, int, int]] = []  # (game, winner, loser), in the order they ended
        self.over: dict[int, dict[str, Any]] = {}  # user -> the tournament_over push they got
        self.tasks: list[asyncio.Task[None]] = []
        self.errors: list[BaseException] = []
        for user, client in clients.items():
            client.on_message = lambda message, user=user: self.heard(user, message)

    def __repr__(self) -> str:
        return f"paired {len(self.tasks)}, settled {self.settled}, errors {self.errors}"

    def heard(self, user: int, message: Any) -> None:
        if isinstance(message, wire.TournamentGamePush) and message.seat == 1 and message.opponent is not None:
            if len(self.tasks) < BUDGET:
                self.paired.append(message.game)
                self.tasks.append(asyncio.ensure_future(self.settle(len(self.tasks), message.game, user, message.opponent.id)))
        elif isinstance(message, wire.TournamentOverPush):
            self.over[user] = msgspec.to_builtins(message)

    async def settle(self, number: int, game: str, gold: int, silver: int) -> None:
        try:
            if number >= BEFORE_KILL:
                await self.go.wait()
            winner, loser = min(gold, silver), max(gold, silver)
            client = self.clients[loser]
            await until_answered(lambda: client.attach(game))
            await until_answered(lambda: client.resign(game))
            self.settled.append((game, winner, loser))
        except BaseException as exc:
            self.errors.append(exc)
            raise


def final_standings(players: Players) -> list[dict[str, Any]]:
    return next(iter(players.over.values()))["tournament"]["standings"]


async def until_answered(ask: Any, patience: float = 30.0) -> Any:
    """``ask()``'s answer, asked again while the game is between nodes (``server_busy``)."""
    deadline = time.monotonic() + patience
    while True:
        try:
            return await ask()
        except ServerError as exc:
            if exc.code != "server_busy" or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


async def wait_for(predicate: Any, what: str, timeout: float, nodes: dict[str, NodeProcess], players: Players) -> None:
    deadline = time.monotonic() + timeout
    while not await predicate():
        for name, node in nodes.items():
            assert node.alive or name == "a", f"node {name} died: {node.log_tail()}"
        assert time.monotonic() < deadline, f"{what} not reached in time: {players!r}"
        await asyncio.sleep(0.1)


async def test_a_cluster_node_killed_during_an_arena_the_arena_goes_on(nodes: dict[str, NodeProcess], pg_url: str,
                                                                       tmp_path: Path) -> None:
    a, b, c = nodes["a"], nodes["b"], nodes["c"]
    store = PostgresStore(pg_url)
    key = ServerConfig(db_url=pg_url).resolved_admin_key_file().read_text().strip()
    operator = AsyncClient(a.url, name="Warden")
    clients = [AsyncClient(node.url, name=name) for node, name in ((b, "Ann"), (b, "Bea"), (c, "Cy"), (c, "Dee"))]
    try:
        await operator.connect(timeout=30)
        for client in clients:
            await client.connect(timeout=30)
        players = Players({client.user["id"]: client for client in clients})
        arena = await operator.create_tournament(key, "Phoenix Arena", ARENA_SECONDS, map=BENCH_MAP_NAME,
                                                 time_control=BLITZ)

        async def director() -> str | None:
            return await store.run(lambda conn: conn.fetchval(
                "SELECT node FROM tournament_leases WHERE tournament_id = $1 AND expires >= now()", arena["id"]))

        assert await director() == "a"
        for client in clients:
            joined = await client.join_tournament(arena["id"])  # asked of b or c, done by a
            assert client.user["id"] in [row["user"]["id"] for row in joined["standings"]]

        async def two_played_one_in_play() -> bool:
            return len(players.settled) == BEFORE_KILL and len(players.tasks) > BEFORE_KILL  # and a game in play

        await wait_for(two_played_one_in_play, "two games played out and one in play", 60, nodes, players)
        a.kill()

        async def directed_elsewhere() -> bool:
            return await director() in ("b", "c")

        await wait_for(directed_elsewhere, "the arena claimed by another node", 30, nodes, players)
        seen = await until_answered(lambda: clients[0].tournament(arena["id"]))  # answered by the new director
        assert sorted(g["game"] for g in seen["finished"]) == sorted(game for game, _w, _l in players.settled)
        assert sorted(g["game"] for g in seen["playing"]) == sorted(players.paired[BEFORE_KILL:])
        assert seen["status"] == "running"
        players.go.set()

        async def over_for_everyone() -> bool:
            assert not players.errors, players.errors
            return len(players.over) == len(clients)

        await wait_for(over_for_everyone, "the arena's end announced to every player", ARENA_SECONDS + 60, nodes, players)
        for client in clients:  # a finished arena has no director: every node answers for it
            assert (await client.tournament(arena["id"]))["standings"] == final_standings(players)
        stored = await store.run(lambda conn: conn.fetchrow("SELECT status, data FROM tournaments WHERE id = $1", arena["id"]))
    finally:
        store.close()
        for client in [operator, *clients]:
            try:
                await client.close()
            except Exception:  # noqa: BLE001 - node a's connection died with it
                pass

    assert len(players.settled) == BUDGET
    outcomes: dict[int, list[str]] = {user: [] for user in players.clients}
    for _game, winner, loser in players.settled:
        outcomes[winner].append("win")
        outcomes[loser].append("loss")
    expected = {user: written_points(sheet) for user, sheet in outcomes.items()}
    final = next(iter(players.over.values()))
    assert all(push == final for push in players.over.values())  # the same word on nodes b and c
    detail = final["tournament"]
    assert detail["status"] == "finished"
    assert {row["user"]["id"]: row["points"] for row in detail["standings"]} == expected
    assert {row["user"]["id"]: row["games"] for row in detail["standings"]} == {u: len(s) for u, s in outcomes.items()}
    assert sorted(g["game"] for g in detail["finished"]) == sorted(game for game, _w, _l in players.settled)
    assert expected[final["winner"]["id"]] == max(expected.values())
    data = msgspec.json.decode(stored["data"])
    assert stored["status"] == "finished" and data["winner"] == final["winner"]["id"] and data["node"] in ("b", "c")
