"""The SQLite store: users, games, seats and every accepted action.

How writes work, and why (measured with ``scryptic bench server`` at 1,000 games): a writer
thread running stdlib ``sqlite3``, or aiosqlite (also a thread per connection), must take the
GIL back from the busy event-loop thread after every sqlite call (each call releases it); one
batch of a dozen statements took tens of milliseconds (p50 commit round trip ~50 ms). So:

- SQL runs on the event-loop thread (WAL, ``synchronous=NORMAL``): a batch is tens of
  microseconds of page-cache work. Units written during one loop iteration share one
  transaction (group commit); runs of the same statement go to one ``executemany``.
- Durability comes from an ``fsync`` of the WAL by a helper *process* (:mod:`server.syncer`;
  a thread here brought the GIL hand-over problem back). A unit's future resolves only after an
  fsync that started after its commit, so an awaited :meth:`Store.write` is on disk (what
  ``synchronous=FULL`` gives), and many commits share one fsync. If the helper dies, the store
  fsyncs in-process instead.
- Checkpoints (WAL into the database file) run in the helper too, on its own connection, so
  the loop never waits for them (``wal_autocheckpoint`` is off on the loop's connection).

A unit that fails (a constraint) is retried alone so that only it fails. Reads happen at start
(before serving) and for rare look-ups of finished games, on a reader connection in a worker
thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from server.syncer import Syncer, SyncerError

log = logging.getLogger("scryptic.store")

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS users (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created    REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id         TEXT PRIMARY KEY,
    created    REAL NOT NULL,
    updated    REAL NOT NULL,
    map_name   TEXT NOT NULL,
    map_text   TEXT NOT NULL,
    rules      TEXT NOT NULL,
    seed       INTEGER NOT NULL,
    first      INTEGER NOT NULL,
    settings   TEXT NOT NULL,
    join_code  TEXT UNIQUE,
    status     TEXT NOT NULL CHECK (status IN ('open', 'active', 'over')),
    result     TEXT,
    clock      TEXT,
    rematch_of TEXT
);
CREATE INDEX IF NOT EXISTS games_status ON games (status);
CREATE TABLE IF NOT EXISTS seats (
    game_id    TEXT NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL CHECK (seat IN (1, 2)),
    user_id    INTEGER REFERENCES users (id),
    token_hash TEXT,
    bot_level  INTEGER,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seats_user ON seats (user_id);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    action  TEXT NOT NULL,
    t       REAL NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
"""

Statement = tuple[str, Sequence[Any]]
T = TypeVar("T")


class StoreError(Exception):
    """A write that could not be made durable."""


@dataclass
class StoredSeat:
    seat: int
    user_id: int | None
    token_hash: str | None
    bot_level: int | None


@dataclass
class StoredGame:
    """One game row with its seats and (for games loaded in full) its action log."""

    id: str
    created: float
    updated: float
    map_name: str
    map_text: str
    rules: str
    seed: int
    first: int
    settings: dict[str, Any]
    join_code: str | None
    status: str
    result: dict[str, Any] | None
    clock: dict[str, Any] | None
    rematch_of: str | None
    seats: dict[int, StoredSeat] = field(default_factory=dict)
    actions: list[tuple[int, dict[str, Any], float]] = field(default_factory=list)


@dataclass
class StoredUser:
    id: int
    name: str
    token_hash: str


@dataclass
class StoredState:
    """What the server needs at startup."""

    users: list[StoredUser]
    games: list[StoredGame]  # every game not over, with actions
    heartbeat: float | None  # when the previous server run was last known alive


def _connect(path: Path, checkpoints: bool = True) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")  # the WAL is fsynced by Store._sync_thread
    conn.execute("PRAGMA foreign_keys=ON")
    if not checkpoints:
        conn.execute("PRAGMA wal_autocheckpoint=0")
    return conn


def _lock_database(path: Path) -> int | None:
    """Hold a lock on ``PATH.lock`` for as long as this process uses the database, so that a
    second server on the same file stops before it touches it; the descriptor, or None where
    there are no POSIX locks."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no guard
        return None
    try:
        fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(f"cannot create the database {path}: {exc.strerror or exc}") from None
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(f"the database {path} is in use by another server process") from None
    return fd


def _unlock_database(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)  # closing the descriptor releases the lock


class Store:
    """The server's durable store (see the module docstring for how writes are made durable)."""

    def __init__(self, path: str | Path, checkpoint_writes: int = 4000) -> None:
        """Open (or create) the database at ``path``.

        Raises :class:`StoreError` with a message for the operator if the folder cannot be
        made, the file is not a usable database (it is left as it is), or another server
        process has it open.
        """
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the database {self.path}: {exc.strerror or exc}") from None
        self._wal_path = str(self.path) + "-wal"
        self._wal_fd: int | None = None
        try:
            self._conn = _connect(self.path, checkpoints=False)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot use the database {self.path}: {exc}") from None
        try:
            self._init_schema()
            self._lock_fd = _lock_database(self.path)
        except (sqlite3.Error, StoreError) as exc:
            self._conn.close()
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"cannot use the database {self.path}: {exc}") from None
        self._reader: sqlite3.Connection | None = None
        self._reader_lock = threading.Lock()
        self._checkpoint_writes = checkpoint_writes
        self._writes_since_checkpoint = 0
        self._syncer: Syncer | None = None  # started on the first write from the event loop
        self._queued: list[tuple[list[Statement], asyncio.Future[None]]] = []
        self._flush_scheduled = False
        self._awaiting_sync: list[asyncio.Future[None]] = []
        self._sync_running = False
        self._closed = False
        self.commits = 0  # transactions committed (for metrics)
        self.units = 0  # units written
        self.syncs = 0  # fsyncs made

    # -- schema -------------------------------------------------------------------------------

    def _init_schema(self) -> None:
        self._conn.executescript(SCHEMA)
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None:
            self._conn.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )
        elif int(row[0]) != SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: database schema version {row[0]}, this server knows {SCHEMA_VERSION}"
            )

    # -- writing ------------------------------------------------------------------------------

    def submit(self, statements: Sequence[Statement]) -> asyncio.Future[None]:
        """Queue one unit of statements; the future resolves once they are on disk."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if self._closed:
            future.set_exception(StoreError("the store is closed"))
            return future
        self._queued.append((list(statements), future))
        if not self._flush_scheduled:
            self._flush_scheduled = True
            loop.call_soon(self._flush)
        return future

    async def write(self, statements: Sequence[Statement]) -> None:
        """Write one unit atomically and durably; raise :class:`StoreError` if it failed."""
        await self.submit(statements)

    def write_sync(self, statements: Sequence[Statement]) -> None:
        """Write one unit at once, fsync included (start-up and shutdown, outside the loop)."""
        error = self._commit_alone(list(statements))
        if error is not None:
            raise StoreError(str(error)) from error
        self._fsync()

    def _flush(self) -> None:
        """Commit every queued unit in one transaction, then have the WAL fsynced."""
        self._flush_scheduled = False
        batch, self._queued = self._queued, []
        if not batch:
            return
        try:
            self._commit_grouped([statements for statements, _future in batch])
            outcomes: list[BaseException | None] = [None] * len(batch)
        except sqlite3.Error:
            # Something in the batch failed: redo each unit alone so only the bad one fails.
            outcomes = [self._commit_alone(statements) for statements, _future in batch]
        self.commits += 1
        self.units += len(batch)
        for (_statements, future), outcome in zip(batch, outcomes):
            if outcome is None:
                self._awaiting_sync.append(future)
            elif not future.done():
                future.set_exception(StoreError(str(outcome)))
        self._start_sync()

    def _start_sync(self) -> None:
        if self._sync_running or not self._awaiting_sync:
            return
        cohort, self._awaiting_sync = self._awaiting_sync, []
        self._sync_running = True
        checkpoint = self._writes_since_checkpoint >= self._checkpoint_writes
        if checkpoint:
            self._writes_since_checkpoint = 0
        if self._syncer is None:
            self._syncer = Syncer(self.path)
        if self._syncer.dead:  # no helper: fsync here, blocking the loop briefly, but durable
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            try:
                self._fsync()
                done.set_result(None)
            except OSError as exc:
                done.set_exception(exc)
        else:
            done = self._syncer.request(checkpoint)
        self.syncs += 1
        done.add_done_callback(lambda f: self._sync_done(f, cohort))

    def _sync_done(self, done: asyncio.Future[None], cohort: list[asyncio.Future[None]]) -> None:
        self._sync_running = False
        error = done.exception()
        if isinstance(error, SyncerError) and self._syncer is not None and self._syncer.dead:
            try:  # the helper died: make this cohort durable here instead
                self._fsync()
                error = None
            except OSError as exc:
                error = exc
        for future in cohort:
            if future.done():
                continue
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(StoreError(f"fsync failed: {error}"))
        self._start_sync()

    def _fsync(self) -> None:
        # fsync is per file, not per descriptor: syncing any descriptor of the WAL makes every
        # frame SQLite wrote there durable. The WAL keeps its inode while our connections are
        # open (it is reset in place, and deleted only when the last one closes). Used at start,
        # at close, and if the helper process is gone.
        if self._wal_fd is None:
            try:
                self._wal_fd = os.open(self._wal_path, os.O_RDONLY)
            except FileNotFoundError:
                return  # nothing was written yet
        os.fsync(self._wal_fd)

    def _commit_grouped(self, units: list[list[Statement]]) -> None:
        """Write a batch in one transaction: statements ordered by kind (inserts of users,
        games, seats, actions, then updates; each kind keeping its order), and runs of the
        same SQL in one ``executemany``."""
        conn = self._conn
        ordered = sorted(
            (statement for unit in units for statement in unit), key=lambda st: _statement_rank(st[0])
        )
        conn.execute("BEGIN IMMEDIATE")
        try:
            index = 0
            while index < len(ordered):
                sql = ordered[index][0]
                end = index + 1
                while end < len(ordered) and ordered[end][0] == sql:
                    end += 1
                if end - index == 1:
                    conn.execute(sql, ordered[index][1])
                else:
                    conn.executemany(sql, [params for _sql, params in ordered[index:end]])
                index = end
            conn.execute("COMMIT")
        except sqlite3.Error:
            conn.execute("ROLLBACK")
            raise
        self._writes_since_checkpoint += len(ordered)

    def _commit_alone(self, statements: list[Statement]) -> BaseException | None:
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            for sql, params in statements:
                conn.execute(sql, params)
            conn.execute("COMMIT")
            self._writes_since_checkpoint += len(statements)
            return None
        except sqlite3.Error as exc:
            log.error("store write failed", extra={"data": {"error": str(exc)}})
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            return exc

    def close(self) -> None:
        """Write what is queued, make it durable, checkpoint, and close the connections."""
        if self._closed:
            return
        self._closed = True
        batch, self._queued = self._queued, []
        for statements, future in batch:
            error = self._commit_alone(statements)
            if not future.done():
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(StoreError(str(error)))
        if self._syncer is not None:
            self._syncer.close()
        self._fsync()
        try:
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self._conn.close()
        if self._wal_fd is not None:
            os.close(self._wal_fd)
            self._wal_fd = None
        with self._reader_lock:
            if self._reader is not None:
                self._reader.close()
                self._reader = None
        _unlock_database(self._lock_fd)
        self._lock_fd = None

    # -- reading ------------------------------------------------------------------------------

    def _read_conn(self) -> sqlite3.Connection:
        if self._reader is None:
            self._reader = _connect(self.path)
        return self._reader

    def read_sync(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(connection)`` on the reader connection (from any thread)."""
        with self._reader_lock:
            return fn(self._read_conn())

    async def read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(connection)`` on the reader connection in a worker thread."""
        return await asyncio.to_thread(self.read_sync, fn)

    def load_state(self) -> StoredState:
        """Everything needed to resume: users, every unfinished game with its actions."""

        def load(conn: sqlite3.Connection) -> StoredState:
            users = [StoredUser(*row) for row in conn.execute("SELECT id, name, token_hash FROM users")]
            games = [_game_from_row(row) for row in conn.execute(_GAME_SELECT + " WHERE status != 'over'")]
            by_id = {g.id: g for g in games}
            if by_id:
                for row in conn.execute(
                    "SELECT s.game_id, s.seat, s.user_id, s.token_hash, s.bot_level FROM seats s "
                    "JOIN games g ON g.id = s.game_id WHERE g.status != 'over'"
                ):
                    by_id[row[0]].seats[row[1]] = StoredSeat(*row[1:])
                for game_id, version, action, t in conn.execute(
                    "SELECT a.game_id, a.version, a.action, a.t FROM actions a "
                    "JOIN games g ON g.id = a.game_id WHERE g.status != 'over' "
                    "ORDER BY a.game_id, a.version"
                ):
                    by_id[game_id].actions.append((version, json.loads(action), t))
            row = conn.execute("SELECT value FROM meta WHERE key = 'heartbeat'").fetchone()
            return StoredState(users, games, float(row[0]) if row else None)

        return self.read_sync(load)

    def load_game(self, game_id: str) -> StoredGame | None:
        """One game (finished or not) with its seats and actions, or None."""

        def load(conn: sqlite3.Connection) -> StoredGame | None:
            row = conn.execute(_GAME_SELECT + " WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            game = _game_from_row(row)
            for seat_row in conn.execute(
                "SELECT seat, user_id, token_hash, bot_level FROM seats WHERE game_id = ?", (game_id,)
            ):
                game.seats[seat_row[0]] = StoredSeat(*seat_row)
            for version, action, t in conn.execute(
                "SELECT version, action, t FROM actions WHERE game_id = ? ORDER BY version", (game_id,)
            ):
                game.actions.append((version, json.loads(action), t))
            return game

        return self.read_sync(load)

    def games_of_user(self, user_id: int, limit: int = 50) -> list[dict[str, Any]]:
        """The most recent games in which ``user_id`` holds a seat (summaries, newest first)."""

        def load(conn: sqlite3.Connection) -> list[dict[str, Any]]:
            rows = conn.execute(
                "SELECT g.id, s.seat, g.status, g.map_name, g.rules, g.result, g.updated "
                "FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? "
                "ORDER BY g.updated DESC LIMIT ?",
                (user_id, limit),
            ).fetchall()
            return [
                {
                    "game": r[0],
                    "seat": r[1],
                    "status": r[2],
                    "map": r[3],
                    "rules": r[4],
                    "result": json.loads(r[5]) if r[5] else None,
                    "updated": r[6],
                }
                for r in rows
            ]

        return self.read_sync(load)


_RANKS = (
    ("INSERT INTO users", 0),
    ("INSERT INTO games", 1),
    ("INSERT INTO seats", 2),
    ("INSERT INTO actions", 3),
    ("UPDATE", 4),
)


def _statement_rank(sql: str) -> int:
    for prefix, rank in _RANKS:
        if sql.startswith(prefix):
            return rank
    return 5


_GAME_SELECT = (
    "SELECT id, created, updated, map_name, map_text, rules, seed, first, settings, join_code, "
    "status, result, clock, rematch_of FROM games"
)


def _game_from_row(row: Sequence[Any]) -> StoredGame:
    return StoredGame(
        id=row[0],
        created=row[1],
        updated=row[2],
        map_name=row[3],
        map_text=row[4],
        rules=row[5],
        seed=row[6],
        first=row[7],
        settings=json.loads(row[8]),
        join_code=row[9],
        status=row[10],
        result=json.loads(row[11]) if row[11] else None,
        clock=json.loads(row[12]) if row[12] else None,
        rematch_of=row[13],
    )


# -- statement builders (so callers never write SQL) ----------------------------------------------


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


def insert_user(user_id: int, name: str, token_hash: str) -> Statement:
    return ("INSERT INTO users (id, name, token_hash, created) VALUES (?, ?, ?, ?)", (user_id, name, token_hash, time.time()))


def rename_user(user_id: int, name: str) -> Statement:
    return ("UPDATE users SET name = ? WHERE id = ?", (name, user_id))


def insert_game(game: StoredGame) -> list[Statement]:
    statements: list[Statement] = [
        (
            (
                "INSERT INTO games (id, created, updated, map_name, map_text, rules, seed, first, settings, "
                "join_code, status, result, clock, rematch_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ),
            (
                game.id,
                game.created,
                game.updated,
                game.map_name,
                game.map_text,
                game.rules,
                game.seed,
                game.first,
                _json(game.settings),
                game.join_code,
                game.status,
                _json(game.result),
                _json(game.clock),
                game.rematch_of,
            ),
        )
    ]
    for seat in game.seats.values():
        statements.append(upsert_seat(game.id, seat))
    return statements


def upsert_seat(game_id: str, seat: StoredSeat) -> Statement:
    return (
        (
            "INSERT INTO seats (game_id, seat, user_id, token_hash, bot_level) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, "
            "token_hash = excluded.token_hash, bot_level = excluded.bot_level"
        ),
        (game_id, seat.seat, seat.user_id, seat.token_hash, seat.bot_level),
    )


_UPDATE_GAME = (
    "UPDATE games SET updated = ?, status = COALESCE(?, status), result = COALESCE(?, result), "
    "clock = COALESCE(?, clock) WHERE id = ?"
)


def update_game(
    game_id: str,
    *,
    status: str | None = None,
    result: dict[str, Any] | None = None,
    clock: dict[str, Any] | None = None,
) -> Statement:
    """Change a game's status, result or clock checkpoint (None: leave as it is)."""
    return (_UPDATE_GAME, (time.time(), status, _json(result), _json(clock), game_id))


def insert_action(game_id: str, version: int, action: dict[str, Any], t: float) -> Statement:
    return (
        "INSERT INTO actions (game_id, version, action, t) VALUES (?, ?, ?, ?)",
        (game_id, version, _json(action), t),
    )


def heartbeat(t: float) -> Statement:
    return (
        (
            "INSERT INTO meta (key, value) VALUES ('heartbeat', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        ),
        (repr(t),),
    )
