"""`scryptic server` (run the game server) and `scryptic bench server` (load benchmark)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
from pathlib import Path
from typing import Any

from server.config import ServerConfig, default_db_path

log = logging.getLogger("scryptic.server")


def register(subparsers: Any, bench_subparsers: Any) -> None:
    """Add the `server` command and the `bench server` benchmark."""
    defaults = ServerConfig()
    p = subparsers.add_parser("server", help="run the online game server")
    p.add_argument("--host", default=defaults.host, help="address to listen on (default %(default)s)")
    p.add_argument("--port", type=int, default=defaults.port, help="port (default %(default)s)")
    p.add_argument("--db", type=Path, default=None, help=f"SQLite file (default {default_db_path()})")
    p.add_argument("--defence-timeout", type=float, default=defaults.defence_timeout,
                   help="seconds a defender may take to order the defence (default %(default)s)")
    p.add_argument("--abandon-grace", type=float, default=defaults.abandon_grace,
                   help="seconds a player may be gone before the opponent may claim the win (default %(default)s)")
    p.add_argument("--max-per-address", type=int, default=defaults.max_connections_per_address,
                   help="open connections allowed per client address (default %(default)s)")
    p.add_argument("--rate", type=float, default=defaults.rate_per_second,
                   help="messages per second allowed per connection (default %(default)s)")
    p.add_argument("--idle-timeout", type=float, default=defaults.idle_timeout,
                   help="close connections silent this long (default %(default)s s)")
    p.add_argument("--stats-interval", type=float, default=defaults.stats_interval,
                   help="seconds between metrics log lines, 0 for none (default %(default)s)")
    p.add_argument("--heartbeat", type=float, default=defaults.heartbeat_interval,
                   help="seconds between 'alive' notes in the store; after a crash, clocks lose at "
                        "most this much precision (default %(default)s)")
    p.add_argument("--bot-workers", type=int, default=defaults.bot_workers,
                   help="processes thinking for bot seats (default %(default)s)")
    p.add_argument("--words", type=Path, default=None,
                   help="a word list file (one word a line) instead of the dictionary (testing)")
    p.add_argument("--maps", type=Path, default=None, help="a folder of .map files (default: the shipped maps)")
    p.add_argument("--allow-client-seed", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=cmd_server)

    b = bench_subparsers.add_parser("server", help="concurrent scripted games against a local server")
    b.add_argument("--games", type=int, default=100, help="concurrent games (default %(default)s)")
    b.add_argument("--pace", type=float, default=1.0,
                   help="seconds between actions in each game; 0 = flat out (default %(default)s)")
    b.add_argument("--duration", type=float, default=30.0, help="measured seconds (default %(default)s)")
    b.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring (default %(default)s)")
    b.add_argument("--db", type=Path, default=None, help="SQLite file (default: a temporary file)")
    b.set_defaults(func=cmd_bench)


def load_maps(folder: Path | None) -> dict[str, Any]:
    """The maps a server offers, by file stem (shipped maps unless ``folder`` is given)."""
    from shared.mapfiles import load_map, shipped_maps

    maps = {}
    for path in shipped_maps(folder):
        try:
            maps[path.stem] = load_map(path)
        except Exception as exc:  # noqa: BLE001 - one broken file must not stop the server
            log.error("map not loaded", extra={"data": {"path": str(path), "error": str(exc)}})
    return maps


def _lexicon(words: Path | None) -> tuple[Any, Any]:
    """(lexicon, picklable factory for bot workers)."""
    import functools

    from shared.lexicon import WordList

    if words is not None:
        entries = tuple(words.read_text(encoding="utf-8").split())
        return WordList(entries), functools.partial(WordList, entries)
    from shared.dictionary import load_dictionary

    return load_dictionary(), load_dictionary


def cmd_server(args: argparse.Namespace) -> int:
    """Run the server until SIGINT or SIGTERM."""
    from server.app import GameServer, run_server, tune_process
    from server.logs import setup_logging

    setup_logging(args.log_level)
    tune_process()
    config = ServerConfig(
        host=args.host,
        port=args.port,
        db_path=args.db,
        defence_timeout=args.defence_timeout,
        abandon_grace=args.abandon_grace,
        max_connections_per_address=args.max_per_address,
        rate_per_second=args.rate,
        idle_timeout=args.idle_timeout,
        stats_interval=args.stats_interval,
        bot_workers=args.bot_workers,
        heartbeat_interval=args.heartbeat,
        allow_client_seed=args.allow_client_seed,
    )
    lexicon, factory = _lexicon(args.words)
    maps = load_maps(args.maps)
    if not maps:
        log.warning("no maps found: clients must send map_text")

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        server = GameServer(config, lexicon, maps=maps, lexicon_factory=factory)
        await run_server(server, stop)

    asyncio.run(main())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the server benchmark and print its figures."""
    from server.bench import run

    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    print(run(args.games, args.pace, args.duration, args.warmup, args.db), flush=True)
    return 0
