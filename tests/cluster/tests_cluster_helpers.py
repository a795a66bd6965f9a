"""Records, nodes and scripted games the cluster tests share."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from scryptic.bench.cluster_nodes import NodeProcess
from scryptic.bench.games import BENCH_GRID
from server.app import GameServer
from server.config import ServerConfig
from server.scripted import BENCH_WORDS, play_scripted
from server.store.records import StoredGame, StoredSeat
from shared.maps.format import parse_map
from shared.rules.actions import action_from_dict
from shared.rules.game import Game
from shared.rules.lexicon import WordList
from shared.rules.presets import DEFAULT_RULES, get_rules
from shared.rules.terrain import GameMap, Player

async def wait_for(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait until ``predicate()`` holds; fail the test if it has not within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


MAP_TEXT = f"scryptic-map 1\nname: Test Ford\nversion: 1\ngrid:\n{BENCH_GRID.strip()}\n"


def new_game(game_id: str = "g1", *, status: str = "active", code: str | None = None, public: bool = True) -> StoredGame:
    game = StoredGame(
        id=game_id, created=10.0, updated=10.0, map_name="Test", map_text="..\n..", rules="standard", seed=7,
        first=1, settings={"public": public, "time_control": {"kind": "none"}}, join_code=code, status=status,
        result=None, clock={"kind": "none"}, rematch_of=None,
    )
    game.seats[1] = StoredSeat(1, 1, "hash-ada", None)
    game.seats[2] = StoredSeat(2, None, None, 3)
    return game


# -- node processes ----------------------------------------------------------------------------


@contextlib.contextmanager
def running_nodes(db_url: str, bus_url: str, folder: Path, names: Iterable[str], ttl: float) -> Iterator[dict[str, NodeProcess]]:
    """``scryptic server`` node processes on the test's database (migrated first) and NATS,
    listening when this yields, stopped at the end."""
    from server.store.postgres import PostgresStore

    PostgresStore(db_url, apply_migrations=True).close()
    started = {name: NodeProcess(name, db_url, bus_url, folder, lease_ttl=ttl) for name in names}
    for node in started.values():
        node.start()
    try:
        for node in started.values():
            node.wait_listening()
        yield started
    finally:
        for node in started.values():
            node.stop()


# -- in-process nodes --------------------------------------------------------------------------


def ford_map() -> GameMap:
    return parse_map(MAP_TEXT, source="test map")


@functools.cache
def lexicon() -> WordList:
    return WordList(BENCH_WORDS)


def lexicon_factory() -> WordList:
    """Picklable (module-level) factory for bot worker processes."""
    return WordList(BENCH_WORDS)


def node_config(db_url: str, bus_url: str | None, node_id: str, **overrides: Any) -> ServerConfig:
    base: dict[str, Any] = {
        "host": "127.0.0.1", "port": 0, "db_url": db_url, "bus_url": bus_url, "node_id": node_id, "lease_ttl": 6.0,
        "allow_client_seed": True, "stats_interval": 0, "gc_freeze_interval": 0, "heartbeat_interval": 1.0,
        "max_connections_per_address": 64, "rate_per_second": 1000.0, "rate_burst": 1000,
        "puzzle_workers": 0,  # finished games are not mined for puzzles here
    }
    base.update(overrides)
    return ServerConfig(**base)


def make_node(db_url: str, bus_url: str | None, node_id: str, **overrides: Any) -> GameServer:
    """A cluster node in this process (start it with ``await node.start()``)."""
    return GameServer(node_config(db_url, bus_url, node_id, **overrides), lexicon(), maps={"test-ford": ford_map()},
                      lexicon_factory=lexicon_factory)


# -- scripted games ------------------------------------------------------------------------------


def engine_game(seed: int, first: Player = Player.GOLD) -> Game:
    return Game.new(ford_map(), get_rules(DEFAULT_RULES), seed, lexicon(), first)


@functools.cache
def script(seed: int) -> tuple[dict[str, Any], ...]:
    """A whole legal game for ``seed`` (engine action dicts, with players)."""
    return tuple(play_scripted(engine_game(seed), seed=seed))


def wire(action: dict[str, Any]) -> dict[str, Any]:
    """An engine action dict as the client sends it (no player, no resign reason)."""
    return {k: v for k, v in action.items() if k not in ("player", "reason")}


def replica(seed: int, upto: int | None = None) -> Game:
    """The engine's game after the first ``upto`` actions of ``script(seed)`` (all: None)."""
    game = engine_game(seed)
    for data in script(seed)[:upto]:
        game.apply(action_from_dict(data))
    return game


def seen(game: Game, viewer: Player | None) -> dict[str, Any]:
    """What ``viewer`` is sent of ``game`` (both racks shown to everyone once it is over)."""
    view = game.view(viewer)
    if game.over:
        view["players"] = {k: {**v, "rack": "".join(game.racks[Player(int(k))])} for k, v in view["players"].items()}
    return view
