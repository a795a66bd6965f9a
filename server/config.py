"""Server settings: every limit and timeout in one place, with the defaults of `scryptic server`."""

from __future__ import annotations

import ssl

from dataclasses import dataclass
from pathlib import Path

from shared.files.userdirs import data_dir


def default_db_path() -> Path:
    """The SQLite file used when `--db` is not given: in the user's data directory
    (``SCRYPTIC_DATA_DIR`` overrides it)."""
    return data_dir() / "server.sqlite3"


class ListenError(Exception):
    """The server cannot listen on the configured address (the port is taken, the host unknown)."""

    def __init__(self, host: str, port: int, error: OSError) -> None:
        reason = error.strerror or str(error)
        reason = reason.rsplit(": ", 1)[-1] if "attempting to bind" in reason else reason
        reason = reason[:1].lower() + reason[1:]
        self.host, self.port, self.reason = host, port, reason
        super().__init__(f"cannot listen on {host}:{port}: {reason}")


@dataclass
class ServerConfig:
    """Settings of one server instance (all times in seconds)."""

    host: str = "127.0.0.1"
    port: int = 8765
    db_path: Path | None = None  # None: default_db_path()
    db_url: str | None = None  # postgresql://...: a cluster node on PostgreSQL instead of SQLite
    bus_url: str | None = None  # nats://...: the cluster's message bus
    node_id: str | None = None  # this node's name in the game leases (None: host name + random)
    lease_ttl: float = 6.0  # how long a node's lease of a game lasts unless renewed
    tls_cert: Path | None = None  # with tls_key: serve wss:// (TLS in the server; docs/operating.md)
    tls_key: Path | None = None
    # Addresses of reverse proxies (nginx) whose X-Forwarded-For names the real client: the
    # per-address limits then count the client, not the proxy.
    trusted_proxies: tuple[str, ...] = ()
    # The operator key of `scryptic admin` (made if missing); None: admin.key beside the database.
    admin_key_file: Path | None = None
    web_client: bool = True  # serve the web client's pages on the game's port (docs/web.md)

    # Abuse limits.
    max_message_bytes: int = 64 * 1024  # larger frames close the connection (1009)
    rate_per_second: float = 20.0  # token bucket refill per connection
    rate_burst: int = 40  # token bucket size
    max_strikes: int = 30  # rate-limit or malformed-frame strikes before the connection is cut
    max_connections_per_address: int = 16
    max_write_buffer: int = 4 * 1024 * 1024  # a client that reads slower than this is cut off
    hello_timeout: float = 10.0  # a connection must say hello within this
    idle_timeout: float = 300.0  # no inbound message for this long: closed
    ping_interval: float | None = 20.0  # websocket keepalive pings
    ping_timeout: float | None = 20.0
    max_open_games_per_user: int = 5  # games waiting for an opponent, per display-name holder
    max_map_text_bytes: int = 16 * 1024

    # Game flow.
    defence_timeout: float = 30.0  # how long a defender may take to order the defence
    abandon_grace: float = 60.0  # absent this long, the opponent may claim the win
    event_tail: int = 32  # versions of events kept in memory per game for resuming clients
    finished_keep: float = 600.0  # a finished game stays in memory this long after the end

    # Operations.
    heartbeat_interval: float = 1.0  # how often the store notes that the server is alive
    gc_freeze_interval: float = 10.0  # see GameServer._freeze_heap (0: leave the GC alone)
    gc_full_interval: float = 900.0  # a full (pausing) garbage collection this often
    stats_interval: float = 60.0  # how often a metrics line is logged (0: never)
    allow_client_seed: bool = False  # tests and benchmarks only: create_game may fix the seed
    bot_workers: int = 1  # processes that think for bot seats
    bot_warm_up: bool = False  # start them with the server, building the AI's word graphs (scryptic server does)
    # Post-game analysis (the `analyse` request): its own worker processes, so that an analysis
    # (tens of seconds) never keeps a bot's move waiting; 0 turns analyses off.
    analysis_workers: int = 1
    analysis_queue: int = 8  # analyses waiting or under way at once; beyond it, server_busy
    analyses_per_user: int = 2  # analyses one account (or guest connection) may wait for at once
    analysis_depth: str = "normal"  # shared.analysis.DEPTHS
    puzzle_workers: int = 1  # puzzle-mining worker processes (0: finished games are not mined)
    puzzle_pack: Path | None = None  # the puzzles served besides the mined ones (None: the shipped pack)
    puzzle_mining_queue: int = 4  # finished games waiting to be mined or under way; beyond it, not mined

    def resolved_db_path(self) -> Path:
        """The database path to use."""
        return self.db_path if self.db_path is not None else default_db_path()

    def resolved_admin_key_file(self) -> Path:
        """The operator key's file: as configured, else ``admin.key`` beside the SQLite file
        (a cluster node's: in the user's data folder)."""
        if self.admin_key_file is not None:
            return self.admin_key_file
        return admin_key_beside(None if self.db_url else self.resolved_db_path())


def admin_key_beside(db: Path | None) -> Path:
    """Where the operator key of the server on the SQLite file ``db`` (None: a cluster node's) is."""
    return (db if db is not None else default_db_path()).parent / "admin.key"


class TLSError(ValueError):
    """The TLS certificate or key does not load."""


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server TLS context from a PEM certificate (chain) and its key; :class:`TLSError`
    saying what is wrong if they do not load."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    for path in (cert, key):
        if not Path(path).is_file():
            raise TLSError(f"no such file: {path}")
    try:
        context.load_cert_chain(cert, key)
    except PermissionError as exc:
        raise TLSError(f"cannot read {exc.filename}: permission denied") from None
    except ssl.SSLError as exc:
        raise TLSError(f"the certificate {cert} and key {key} do not load as a PEM pair ({exc.reason or exc})") from None
    except OSError as exc:
        raise TLSError(f"cannot read the certificate or key: {exc}") from None
    return context
