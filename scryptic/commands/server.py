"""`scryptic server` (run the game server) and `scryptic bench server` (load benchmark)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import signal
import sys
from pathlib import Path
from typing import Any

from server.config import ListenError, ServerConfig, default_db_path
from shared.faults import FaultError, UsageError, read_input_text, require_folder

log = logging.getLogger("scryptic.server")


def _db(text: str) -> Path | str:
    """A SQLite file, or the address of a PostgreSQL database (kept as text)."""
    return text if text.startswith(("postgresql://", "postgres://")) else Path(text)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not {port}")
    return port


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number of seconds, not {text!r}") from None
    if not (value >= 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"give a number of seconds of 0 or more, not {text}")
    return value


def _positive(kind: type[int] | type[float], zero: bool = False) -> Any:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"give a {'whole ' if kind is int else ''}number, not {text!r}") from None
        if not ((value >= 0 if zero else value > 0) and math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"give a number {'of 0 or more' if zero else 'above 0'}, not {text}")
        return value

    return parse


def register(subparsers: Any, bench_subparsers: Any) -> None:
    """Add the `server` command and the `bench server` benchmark."""
    defaults = ServerConfig()
    p = subparsers.add_parser("server", help="run the online game server")
    p.add_argument("--host", default=defaults.host, help="address to listen on (default %(default)s)")
    p.add_argument("--port", type=_port, default=defaults.port, help="port (default %(default)s)")
    p.add_argument("--db", type=_db, default=None,
                   help=f"SQLite file (default {default_db_path()}), or postgresql://... to run a cluster node")
    p.add_argument("--bus", default=None, help="nats://host:port: the cluster's message bus (with --db postgresql://)")
    p.add_argument("--node-id", default=None, help="this node's name in the cluster (default: host name + random)")
    p.add_argument("--lease-ttl", type=_positive(float), default=6.0,
                   help="seconds a node's lease of a game lasts unless renewed (default %(default)s)")
    p.add_argument("--migrate", action="store_true",
                   help="bring the PostgreSQL schema of --db up to date, then exit")
    p.add_argument("--defence-timeout", type=_positive(float), default=defaults.defence_timeout,
                   help="seconds a defender may take to order the defence (default %(default)s)")
    p.add_argument("--abandon-grace", type=_seconds, default=defaults.abandon_grace,
                   help="seconds a player may be gone before the opponent may claim the win (default %(default)s)")
    p.add_argument("--max-per-address", type=_positive(int), default=defaults.max_connections_per_address,
                   help="open connections allowed per client address (default %(default)s)")
    p.add_argument("--rate", type=_positive(float), default=defaults.rate_per_second,
                   help="messages per second allowed per connection (default %(default)s)")
    p.add_argument("--idle-timeout", type=_positive(float), default=defaults.idle_timeout,
                   help="close connections silent this long (default %(default)s s)")
    p.add_argument("--stats-interval", type=_seconds, default=defaults.stats_interval,
                   help="seconds between metrics log lines, 0 for none (default %(default)s)")
    p.add_argument("--heartbeat", type=_positive(float), default=defaults.heartbeat_interval,
                   help="seconds between 'alive' notes in the store; after a crash, clocks lose at "
                        "most this much precision (default %(default)s)")
    p.add_argument("--bot-workers", type=_positive(int), default=defaults.bot_workers,
                   help="processes thinking for bot seats (default %(default)s)")
    p.add_argument("--analysis-workers", type=_positive(int, zero=True), default=defaults.analysis_workers, metavar="N",
                   help="processes computing post-game analyses for the analyse request (0: off; "
                        "default %(default)s)")
    p.add_argument("--puzzle-workers", type=_positive(int, zero=True), default=defaults.puzzle_workers, metavar="N",
                   help="processes mining the server's finished public games for puzzles (0: off; "
                        "default %(default)s)")
    p.add_argument("--puzzle-pack", type=Path, default=None, metavar="FILE",
                   help="a puzzle pack file to serve (default: the shipped pack; docs/puzzles.md)")
    p.add_argument("--bot-warm-up", action=argparse.BooleanOptionalAction, default=True,
                   help="start the bot workers with the server and build the AI's word graphs, so no "
                        "player waits for them on a bot's first move (default: on)")
    p.add_argument("--words", type=Path, default=None,
                   help="a word list file (one word a line) instead of the dictionary (testing)")
    p.add_argument("--maps", type=Path, default=None, help="a folder of .map files (default: the shipped maps)")
    p.add_argument("--allow-client-seed", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--tls-cert", type=Path, default=None, metavar="FILE",
                   help="PEM certificate (chain) to serve wss:// with, with --tls-key (docs/operating.md)")
    p.add_argument("--tls-key", type=Path, default=None, metavar="FILE", help="the certificate's PEM private key")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a reverse proxy's address whose X-Forwarded-For is believed (repeat for several)")
    p.add_argument("--no-web", action="store_true",
                   help="do not serve the web client's pages on the game's port (docs/web.md)")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.add_argument("--log-json", action="store_true",
                   help="log one JSON object a line (for log collectors) instead of readable text")
    p.set_defaults(func=cmd_server)
    actions = p.add_subparsers(dest="server_action", metavar="{backup,restore}",
                               title="operating a server's store (docs/operating.md)")
    bk = actions.add_parser("backup", help="copy the database consistently, while the server runs or not")
    bk.add_argument("--db", type=_db, default=None, help=f"the server's SQLite file (default {default_db_path()})")
    bk.add_argument("--to", type=Path, required=True, metavar="FILE", help="the backup file to write (must not exist)")
    bk.set_defaults(func=cmd_backup)
    rs = actions.add_parser("restore", help="replace the database with a backup (the server stopped)")
    rs.add_argument("--db", type=_db, default=None, help=f"the server's SQLite file (default {default_db_path()})")
    rs.add_argument("--from", dest="source", type=Path, required=True, metavar="FILE", help="the backup file")
    rs.set_defaults(func=cmd_restore)

    b = bench_subparsers.add_parser("server", help="concurrent scripted games against a local server")
    b.add_argument("--games", type=_positive(int), default=100, help="concurrent games (default %(default)s)")
    b.add_argument("--pace", type=_seconds, default=1.0,
                   help="seconds between actions in each game; 0 = flat out (default %(default)s)")
    b.add_argument("--duration", type=_positive(float), default=30.0, help="measured seconds (default %(default)s)")
    b.add_argument("--warmup", type=_seconds, default=3.0, help="seconds before measuring (default %(default)s)")
    b.add_argument("--db", type=Path, default=None, help="SQLite file (default: a temporary file)")
    b.set_defaults(func=cmd_bench)


def load_maps(folder: Path | None) -> dict[str, Any]:
    """The maps a server offers, by file stem (shipped maps unless ``folder`` is given).

    A file that does not load is logged and left out; a folder that does not exist, or in
    which no map loads, is a :class:`UsageError`/:class:`FaultError`.
    """
    from shared.maps.files import load_map, shipped_maps

    if folder is not None:
        require_folder(folder, "the --maps folder")
    paths = shipped_maps(folder)
    if folder is not None and not paths:
        raise UsageError(f"the --maps folder {folder} holds no .map files", "check the path")
    maps = {}
    first_error = ""
    for path in paths:
        try:
            maps[path.stem] = load_map(path)
        except Exception as exc:  # noqa: BLE001 - one broken file must not stop the server
            first_error = first_error or str(exc)
            log.error("map not loaded", extra={"data": {"path": str(path), "error": str(exc)}})
    if paths and not maps:
        raise FaultError(f"no map in {folder or 'the shipped maps'} loads ({first_error})", "fix the map files")
    return maps


def _lexicon(words: Path | None) -> tuple[Any, Any]:
    """(lexicon, picklable factory for bot workers)."""
    import functools

    from shared.rules.lexicon import WordList

    if words is not None:
        entries = tuple(read_input_text(words, "the word list").split())
        if not entries:
            raise FaultError(f"the word list {words} has no words", "give a file with one word a line")
        return WordList(entries), functools.partial(WordList, entries)
    from shared.words.dictionary import load_dictionary

    return load_dictionary(), load_dictionary


def _check_db_path(db: Path | None) -> None:
    """Fail before start-up if ``--db`` names something that cannot become a database file."""
    if db is None:
        return
    if db.is_dir():
        raise UsageError(f"--db {db} is a folder", "give a file name for the database")
    parent = db.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise UsageError(f"cannot create the database {db}: {parent} is not a folder", "give another --db")


def _check_puzzle_pack(path: Path | None) -> None:
    """A pack given with --puzzle-pack holds puzzles (a damaged line is only logged, as the shipped pack's)."""
    if path is None:
        return
    from shared.puzzles.pack import load_pack

    loaded = load_pack(path)
    if not loaded.puzzles:
        raise UsageError(f"--puzzle-pack: {loaded.errors[0] if loaded.errors else f'{path} holds no puzzle'}",
                         "give a pack written by `scryptic puzzles build` (docs/puzzles.md)")


def _check_tls(cert: Path | None, key: Path | None) -> None:
    """Both TLS files or neither, and a pair that loads (before anything is started)."""
    from server.config import TLSError, tls_context

    if (cert is None) != (key is None):
        raise UsageError(f"{'--tls-cert' if cert is None else '--tls-key'} is missing", "give both --tls-cert and --tls-key")
    if cert is not None and key is not None:
        try:
            tls_context(cert, key)
        except TLSError as exc:
            raise UsageError(f"TLS: {exc}", "give a PEM certificate and its key (docs/operating.md)") from None


def _sqlite_db(db: Path | str | None, command: str) -> Path:
    if isinstance(db, str):
        raise UsageError(f"scryptic server {command} works on a SQLite file, not {db}",
                         "for PostgreSQL use pg_dump and pg_restore (docs/operating.md)")
    return db if db is not None else default_db_path()


def cmd_backup(args: argparse.Namespace) -> int:
    """Write a consistent copy of the server's database to a new file."""
    from server.store.backup import backup
    from server.store.records import StoreError

    db = _sqlite_db(args.db, "backup")
    if args.to.exists():
        raise UsageError(f"{args.to} exists; a backup never overwrites a file", "name a new one")
    try:
        held = backup(db, args.to)
    except StoreError as exc:
        raise FaultError(str(exc), "nothing was written") from None
    print(f"backed up {db} to {args.to}: {held.describe()}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Replace the (stopped) server's database with a backup, keeping the one replaced."""
    from server.store.backup import restore
    from server.store.records import StoreError

    db = _sqlite_db(args.db, "restore")
    try:
        held, kept = restore(args.source, db)
    except StoreError as exc:
        raise FaultError(str(exc), "nothing was changed") from None
    print(f"restored {args.source} to {db}: {held.describe()}")
    if kept is not None:
        print(f"the database it replaced is kept as {kept}")
    return 0


def cmd_server(args: argparse.Namespace) -> int:
    """Run the server until SIGINT or SIGTERM."""
    from server.app import GameServer, run_server, tune_process
    from server.logs import setup_logging
    from server.store.records import StoreError

    db_url = args.db if isinstance(args.db, str) else None
    if args.migrate or args.bus:
        _check_cluster_options(db_url, args.migrate)
    if db_url is None:
        _check_db_path(args.db)
    setup_logging(args.log_level, json_lines=args.log_json)
    if args.migrate:
        return _migrate(db_url)
    config = ServerConfig(
        host=args.host,
        port=args.port,
        db_path=None if db_url else args.db,
        db_url=db_url,
        bus_url=args.bus,
        node_id=args.node_id,
        lease_ttl=args.lease_ttl,
        defence_timeout=args.defence_timeout,
        abandon_grace=args.abandon_grace,
        max_connections_per_address=args.max_per_address,
        rate_per_second=args.rate,
        idle_timeout=args.idle_timeout,
        stats_interval=args.stats_interval,
        bot_workers=args.bot_workers,
        bot_warm_up=args.bot_warm_up,
        analysis_workers=args.analysis_workers,
        puzzle_workers=args.puzzle_workers,
        puzzle_pack=args.puzzle_pack,
        heartbeat_interval=args.heartbeat,
        allow_client_seed=args.allow_client_seed,
        tls_cert=args.tls_cert,
        tls_key=args.tls_key,
        trusted_proxies=tuple(args.trusted_proxy),
        web_client=not args.no_web,
    )
    _check_tls(args.tls_cert, args.tls_key)
    _check_puzzle_pack(args.puzzle_pack)
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

    previous = sys.getswitchinterval()
    tune_process()
    try:
        asyncio.run(main())
    except ListenError as exc:
        todo = ("stop the program using that port, or choose another --port"
                if exc.reason == "address already in use" else "check --host and --port")
        raise FaultError(str(exc), todo) from exc
    except StoreError as exc:
        todo = ("stop the other server first, or give another --db" if "in use" in str(exc)
                else "give another --db, or move the file aside to start with an empty database")
        raise FaultError(str(exc), todo) from exc
    finally:
        sys.setswitchinterval(previous)
    return 0


def _check_cluster_options(db_url: str | None, migrate: bool) -> None:
    if db_url is None:
        what = "--migrate" if migrate else "--bus"
        raise UsageError(f"{what} needs --db postgresql://...", "give the cluster's PostgreSQL database with --db")


def _migrate(db_url: str | None) -> int:
    """``scryptic server --db postgresql://... --migrate``: apply the schema steps, then exit."""
    from server.store.postgres import apply_migrations
    from server.store.records import StoreError

    assert db_url is not None
    try:
        applied = asyncio.run(apply_migrations(db_url))
    except StoreError as exc:
        raise FaultError(str(exc), "check the address in --db and that PostgreSQL is running") from exc
    print(f"schema up to date; steps applied now: {applied or 'none'}", flush=True)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the server benchmark and print its figures."""
    from scryptic.bench.server import run

    _check_db_path(args.db)
    print(run(args.games, args.pace, args.duration, args.warmup, args.db), flush=True)
    return 0
