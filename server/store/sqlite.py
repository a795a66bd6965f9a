"""The SQLite store: :class:`SQLiteStore`, the :class:`~server.store.interface.GameStore` of today.

How writes work, and why (measured with ``scryptic bench server`` at 1,000 games): a writer
thread running stdlib ``sqlite3``, or aiosqlite (also a thread per connection), must take the
GIL back from the busy event-loop thread after every sqlite call (each call releases it); one
batch of a dozen statements took tens of milliseconds (p50 commit round trip ~50 ms). So:

- SQL runs on the event-loop thread (WAL, ``synchronous=NORMAL``): a batch is tens of
  microseconds of page-cache work. Units written while an fsync is under way wait for its end
  and then share one transaction (group commit: one transaction per fsync, not per loop
  iteration, so each page is written to the WAL once per fsync); with no fsync under way the
  units of one loop iteration share one. Runs of the same statement go to one ``executemany``.
- Durability comes from an ``fsync`` of the WAL by a helper *process* (:mod:`server.store.syncer`;
  a thread here brought the GIL hand-over problem back). A unit's future resolves only after an
  fsync that started after its commit, so an awaited :meth:`SQLiteStore.write` is on disk (what
  ``synchronous=FULL`` gives), and many commits share one fsync. If the helper dies, the store
  fsyncs in-process instead.
- Checkpoints (WAL into the database file) run in the helper too, on its own connection and
  thread, so neither the loop nor the fsyncs wait for them (no autocheckpoint on the loop's).

A unit that fails (a constraint) is retried alone so that only it fails. Reads (at start, and
rare look-ups of finished games) use a reader connection in a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from server.store import sqlite_statements as sql
from server.store.records import (
    Rating,
    RatingChange,
    StoredGame,
    StoredSeat,
    StoredState,
    StoreError,
)
from server.store.sqlite_reads import (
    read_finished_games,
    read_game,
    read_ratings,
    read_state,
)
from server.store.sqlite_schema import (
    connect,
    init_schema,
    lock_database,
    unlock_database,
)
from server.store.sqlite_statements import Statement, statement_rank
from server.store.syncer import Syncer, SyncerError

log = logging.getLogger("scryptic.store")

T = TypeVar("T")


class SQLiteStore:
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
            self._conn = connect(self.path, checkpoints=False)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot use the database {self.path}: {exc}") from None
        self._lock_fd: int | None = None
        try:
            self._lock_fd = lock_database(self.path)  # before a migration may change the file
            init_schema(self._conn, self.path)
        except (sqlite3.Error, StoreError) as exc:
            self._conn.close()
            unlock_database(self._lock_fd)
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
        self.on_durable: Callable[[float], None] = lambda seconds: None

    # -- writing ------------------------------------------------------------------------------

    def submit(self, statements: Sequence[Statement]) -> asyncio.Future[None]:
        """Queue one unit of statements; the future resolves once they are on disk."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if self._closed:
            future.set_exception(StoreError("the store is closed"))
            return future
        started = loop.time()
        future.add_done_callback(lambda _done: self.on_durable(loop.time() - started))
        self._queued.append((list(statements), future))
        if not self._sync_running:  # else the fsync's end commits the queue (_sync_done)
            self._schedule_flush(loop)
        return future

    def _schedule_flush(self, loop: asyncio.AbstractEventLoop) -> None:
        if not self._flush_scheduled:
            self._flush_scheduled = True
            loop.call_soon(self._flush)

    async def write(self, statements: Sequence[Statement]) -> None:
        """Write one unit atomically and durably; raise :class:`StoreError` if it failed."""
        await self.submit(statements)

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
        if self._queued and not self._closed:
            # What was queued during that fsync: commit it and start the next fsync now, so
            # that the helper syncs while the loop serves the cohort woken below.
            self._flush()
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
            (statement for unit in units for statement in unit), key=lambda st: statement_rank(st[0])
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
        unlock_database(self._lock_fd)
        self._lock_fd = None

    # -- reading ------------------------------------------------------------------------------

    def _read_conn(self) -> sqlite3.Connection:
        if self._reader is None:
            self._reader = connect(self.path)
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
        return self.read_sync(read_state)

    def load_game(self, game_id: str) -> StoredGame | None:
        """One game (finished or not) with its seats and actions, or None."""
        return self.read_sync(lambda conn: read_game(conn, game_id))

    def finished_games(
        self, user_id: int, *, limit: int = 20, before: float | None = None, include_private: bool = False
    ) -> list[dict[str, Any]]:
        """``user_id``'s finished games, newest first, ended before ``before``: result,
        opponent, map, rating change (private games only with ``include_private``)."""
        return self.read_sync(lambda conn: read_finished_games(conn, user_id, limit, before, include_private))

    def load_ratings(self, *, subject: str | None = None, family: str | None = None) -> list[Rating]:
        """The stored ratings (of one subject, or of one family, if given)."""
        return self.read_sync(lambda conn: read_ratings(conn, subject, family))

    # -- the GameStore calls: one unit of statements each ---------------------------------------

    async def add_user(self, user_id: int, name: str, token_hash: str) -> None:
        """Register a display name with the hash of its token."""
        await self.write([sql.insert_user(user_id, name, token_hash)])

    async def rename_user(self, user_id: int, name: str) -> None:
        """Change a user's display name."""
        await self.write([sql.rename_user(user_id, name)])

    async def ban_user(self, user_id: int, reason: str | None) -> None:
        """Ban a user (``reason``: the operator's words) or lift the ban (None)."""
        await self.write([sql.ban_user(user_id, reason)])

    async def add_game(self, game: StoredGame) -> None:
        """Store a new game with its seats."""
        await self.write(sql.insert_game(game))

    async def save_action(
        self,
        game_id: str,
        version: int,
        action: dict[str, Any],
        t: float,
        *,
        status: str | None = None,
        result: dict[str, Any] | None = None,
        clock: dict[str, Any] | None = None,
        offers: dict[str, list[int]] | None = None,
        ratings: list[RatingChange] | None = None,
    ) -> list[RatingChange]:
        """Append one accepted action; update the game row too if status, result, clock or
        offers is given; write the rating changes; all in one unit. The changes are stored as
        given (this process is the only writer, so its ratings are the stored ones)."""
        statements = [sql.insert_action(game_id, version, action, t)]
        if status is not None or result is not None or clock is not None or offers is not None:
            statements.append(sql.update_game(game_id, status=status, result=result, clock=clock, offers=offers))
        statements += sql.rating_statements(ratings or [])
        await self.write(statements)
        return list(ratings or [])

    async def finish_game(
        self,
        game_id: str,
        *,
        result: dict[str, Any],
        clock: dict[str, Any] | None,
        ratings: list[RatingChange],
    ) -> list[RatingChange]:
        """End a game without an engine action: status, result, clock, offers, ratings in one unit."""
        statements = [sql.update_game(game_id, status="over", result=result, clock=clock, offers={})]
        await self.write(statements + sql.rating_statements(ratings))
        return list(ratings)

    async def take_back(self, game_id: str, version: int, *, clock: dict[str, Any] | None) -> None:
        """Drop every action after ``version``, with the clock checkpoint and no offers, in one unit."""
        await self.write([sql.delete_actions_after(game_id, version), sql.update_game(game_id, clock=clock, offers={})])

    async def save_offers(self, game_id: str, offers: dict[str, list[int]]) -> None:
        """The game's open offers (draw, takeback, rematch: the seats that made each)."""
        await self.write([sql.update_game(game_id, offers=offers)])

    async def save_seat(self, game_id: str, seat: StoredSeat, *, status: str, clock: dict[str, Any]) -> None:
        """A seat was taken: store it with the game's new status and clock checkpoint."""
        await self.write([sql.upsert_seat(game_id, seat), sql.update_game(game_id, status=status, clock=clock)])

    async def note_alive(self, t: float, clocks: Mapping[str, dict[str, Any]] | None = None) -> None:
        """Note that the server was alive at ``t`` (and save the given clock checkpoints)."""
        statements = [sql.update_game(game_id, clock=clock) for game_id, clock in (clocks or {}).items()]
        statements.append(sql.heartbeat(t))
        await self.write(statements)
