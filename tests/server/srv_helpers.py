"""Helpers for the server tests: a small map and lexicon, scripted games, a local replica."""

from __future__ import annotations

import asyncio
import functools
import subprocess
from pathlib import Path
from typing import Any

from scryptic.bench.games import BENCH_GRID
from server.config import ServerConfig
from server.scripted import BENCH_WORDS, play_scripted
from shared.rules.actions import action_from_dict
from shared.rules.game import Game
from shared.rules.lexicon import WordList
from shared.maps.format import parse_map
from shared.rules.presets import DEFAULT_RULES, get_rules
from shared.rules.terrain import GameMap, Player
from wire_helpers import plain

MAP_NAME = "Test Ford"
MAP_TEXT = f"scryptic-map 1\nname: Test Ford\nversion: 1\ngrid:\n{BENCH_GRID.strip()}\n"


def test_map() -> GameMap:
    return parse_map(MAP_TEXT, source="test map")


@functools.cache
def lexicon() -> WordList:
    return WordList(BENCH_WORDS)


def lexicon_factory() -> WordList:
    """Picklable (module-level) factory for bot worker processes."""
    return WordList(BENCH_WORDS)


def new_game(seed: int, first: Player = Player.GOLD, rules: str = DEFAULT_RULES) -> Game:
    return Game.new(test_map(), get_rules(rules), seed, lexicon(), first)


@functools.cache
def script(seed: int) -> tuple[dict[str, Any], ...]:
    """A whole legal game for ``seed`` (engine action dicts, with players)."""
    return tuple(play_scripted(new_game(seed), seed=seed))


def wire(action: dict[str, Any]) -> dict[str, Any]:
    """An engine action dict as the client sends it (no player, no resign reason)."""
    return {k: v for k, v in action.items() if k not in ("player", "reason")}


def replica(seed: int, upto: int) -> Game:
    """The local game after the first ``upto`` actions of ``script(seed)``."""
    game = new_game(seed)
    for data in script(seed)[:upto]:
        game.apply(action_from_dict(data))
    return game


def seen(game: Game, viewer: Player | None) -> dict[str, Any]:
    """What ``viewer`` is sent of ``game``: the engine's view, with both racks shown to
    everyone once the game is over (the server's rule, docs/protocol.md)."""
    view = game.view(viewer)
    if game.over:
        view["players"] = {k: {**v, "rack": "".join(game.racks[Player(int(k))])} for k, v in view["players"].items()}
    return view


def first_version_where(seed: int, predicate) -> int:
    """The first version of ``script(seed)`` at which ``predicate(game)`` holds."""
    game = new_game(seed)
    if predicate(game):
        return 0
    for data in script(seed):
        game.apply(action_from_dict(data))
        if predicate(game):
            return game.version
    raise AssertionError("no such position in the script")


async def play_script(clients: dict[int, Any], game_id: str, seed: int, start: int, stop: int | None = None) -> int:
    """Send script(seed)[start:stop] through ``clients`` (keyed by seat); return the version."""
    actions = script(seed)
    version = start
    for data in actions[start:stop]:
        reply = await clients[data["player"]].act(game_id, wire(data))
        version = reply["version"]
    return version


async def wait_for(predicate, timeout: float = 30.0, step: float = 0.01) -> None:
    """Wait until ``predicate()`` is true (raise on timeout: the thing never happened)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(step)


async def make_duel(server, connect, seed: int = 1, **settings: Any) -> dict[str, Any]:
    """Two named clients and a started game between them on the test map."""
    gold = await connect(server, "Gold")
    silver = await connect(server, "Silver")
    created = await gold.create_game(map="test-ford", seed=seed, seat="gold", **settings)
    if settings.get("public", True):
        joined = await silver.join(game=created["game"])
    else:
        joined = await silver.join(code=created["join_code"])
    return {
        "game": created["game"],
        "gold": gold,
        "silver": silver,
        "clients": {1: gold, 2: silver},
        "created": created,
        "joined": joined,
        "seed": seed,
    }


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for localhost and 127.0.0.1, signed by its own key (openssl, as operators make one)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


async def play_a_game_at(url: str, connect, cert: Path) -> None:
    """Two players at ``url`` (trusting ``cert``) play 8 actions; each sees its own view."""
    gold = await connect(url, "Gold", ca_file=str(cert))
    silver = await connect(url, "Silver", ca_file=str(cert))
    game = (await gold.create_game(map="test-ford", seed=1, seat="gold"))["game"]
    await silver.join(game=game)
    version = await play_script({1: gold, 2: silver}, game, 1, 0, 8)
    await wait_for(lambda: silver.games[game].version == version and gold.games[game].version == version)
    assert plain(silver.games[game].view) == seen(replica(1, version), Player.SILVER)
    assert plain(gold.games[game].view) == seen(replica(1, version), Player.GOLD)


def make_config(db: Path, **overrides: Any) -> ServerConfig:
    base: dict[str, Any] = {
        "host": "127.0.0.1",
        "port": 0,
        "db_path": db,
        "allow_client_seed": True,
        "stats_interval": 0,
        "gc_freeze_interval": 0,
        "heartbeat_interval": 0.2,
        "max_connections_per_address": 64,
        "rate_per_second": 1000.0,
        "rate_burst": 1000,
        "puzzle_workers": 0,  # finished games are mined for puzzles only where a test asks
    }
    base.update(overrides)
    return ServerConfig(**base)
