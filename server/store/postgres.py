"""The PostgreSQL store: :class:`PostgresStore`, the :class:`~server.store.interface.GameStore` of a
cluster node (``scryptic server --db postgresql://...``), through asyncpg.

How it works, and why:

- asyncpg is asynchronous only, and ``GameStore``'s reads are synchronous (they run before
  serving or in worker threads). So the store runs its own event loop in one thread, with an
  asyncpg pool on it: an awaited write hops there and back (``run_coroutine_threadsafe``), a
  synchronous read waits for its result. The server's loop never blocks on the network.
- Every call is one transaction. An action is a row keyed by (game, version) with a primary
  key: a second action at a version fails with its unit, so nothing is applied twice; a unit
  is acknowledged only after PostgreSQL committed it (``synchronous_commit`` on), so nothing
  acknowledged is lost. Results and rating changes go in the same transaction as the final
  action.
- Fencing: a cluster node hands the store ``fence(game_id) -> (node, epoch) | None``; every
  write of a game's owner then checks, in its transaction, that the node still holds the
  game's lease at that epoch (:data:`~server.store.postgres_statements.FENCE`), so an owner
  that lost its lease (paused, partitioned) cannot write after the new owner loaded the game.
- A database that cannot be reached gives :class:`StoreError` ("the database is unavailable"),
  a temporary error: the unit is reported as not stored, and the host rolls the game back. If
  the connection dropped during the unit's COMMIT it may have been stored all the same; the
  player (or bot, or timer) sends the action again, and an identical action at the same
  version finds its row there and counts as stored (nothing is written twice). A different
  action at that version is refused by the key: that game needs reloading (docs/cluster.md).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import Any, TypeVar

import asyncpg

from server.store import postgres_statements as sql
from server.store.interface import Rerate
from server.store.migrations import check_schema, migrate
from server.store.postgres_loop import LoopThread, safe_dsn, store_error
from server.store.postgres_reads import (
    lock_ratings,
    read_finished_games,
    read_game,
    read_ratings,
    read_state,
)
from server.store.records import (
    Rating,
    RatingChange,
    StoredGame,
    StoredSeat,
    StoredState,
    StoredUser,
    StoreError,
)

T = TypeVar("T")
SNAPSHOTS_KEPT = 4  # per game: the newest, which are all a load reads (postgres_reads.read_game)
Fence = Callable[[str], "tuple[str, int] | None"]


class PostgresStore:
    """A cluster node's durable store (see the module docstring)."""

    def __init__(self, dsn: str, *, pool_size: int = 8, timeout: float = 5.0, apply_migrations: bool = False) -> None:
        """Connect to ``dsn``; check (or with ``apply_migrations`` bring up to date) the schema.

        Raises :class:`StoreError` if the database cannot be reached or its schema does not
        match this server's migrations."""
        self.dsn = dsn
        self.timeout = timeout
        self.fence: Fence | None = None  # set by a cluster node: its writes must hold the lease
        self.new_games_owner: tuple[str, float, Callable[[str, int], None]] | None = None
        self.rerate: Rerate | None = None  # set by the composition root: see _current_changes
        self.rerated = 0  # rated endings computed again from the stored ratings
        self.commits = 0
        self.on_durable: Callable[[float], None] = lambda seconds: None
        self.units = 0
        self._closed = False
        self._runner = LoopThread()
        try:
            self._pool: asyncpg.Pool = self._run(self._open(pool_size, apply_migrations))
        except BaseException:
            self._runner.stop()
            raise

    async def _open(self, pool_size: int, apply_migrations: bool) -> asyncpg.Pool:
        try:
            pool = await asyncpg.create_pool(
                self.dsn, min_size=1, max_size=pool_size, command_timeout=self.timeout, timeout=self.timeout
            )
        except Exception as exc:  # noqa: BLE001 - any failure to connect is told to the operator
            raise StoreError(f"cannot use the database {safe_dsn(self.dsn)}: {exc}") from None
        async with pool.acquire() as conn:
            if apply_migrations:
                await migrate(conn)
            await check_schema(conn)
        return pool

    # -- the store's own loop ---------------------------------------------------------------------

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the store's loop and wait for it (synchronous callers)."""
        try:
            return self._runner.submit(coro).result()
        except Exception as exc:  # noqa: BLE001
            raise store_error(exc) from None

    async def _call(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the store's loop and await it from the caller's loop."""
        if self._closed:
            coro.close()
            raise StoreError("the store is closed")
        try:
            return await asyncio.wrap_future(self._runner.submit(coro))
        except Exception as exc:  # noqa: BLE001
            raise store_error(exc) from None

    async def _with_conn(self, fn: Callable[[Any], Awaitable[T]]) -> T:
        async with self._pool.acquire() as conn:
            return await fn(conn)

    async def _fence(self, conn: Any, game_id: str | None) -> None:
        if self.fence is not None and game_id is not None:
            token = self.fence(game_id)
            if token is None:
                raise StoreError(f"this node does not own game {game_id}")
            if await conn.fetchval(sql.FENCE, game_id, *token) is None:
                raise StoreError(f"this node no longer owns game {game_id} (lease lost)")

    async def _transaction(self, statements: Sequence[sql.Statement], game_id: str | None,
                           action: sql.Statement | None = None,
                           ratings: Sequence[RatingChange] = ()) -> list[RatingChange]:
        changes = list(ratings)
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                await self._fence(conn, game_id)
                if changes:
                    changes = await self._current_changes(conn, changes)
                for text, args in [*statements, *sql.rating_statements(changes)]:
                    await conn.execute(text, *args)
        except asyncpg.exceptions.UniqueViolationError as exc:
            if action is None or exc.constraint_name != "actions_pkey" or not await self._stored_already(action, game_id):
                raise
            # This very action is stored at this version already: a unit whose COMMIT went
            # through while its connection dropped (the database went away), reported as not
            # stored, and sent again. The unit of the first attempt is whole; nothing to add.
            if changes and game_id is not None:
                stored = await self._with_conn(lambda conn: read_game(conn, game_id))
                changes = sorted(stored.rating_changes.values(), key=lambda c: c.seat) if stored else changes
        self.commits += 1
        self.units += 1
        return changes

    async def _current_changes(self, conn: Any, changes: list[RatingChange]) -> list[RatingChange]:
        """``changes`` as they must be stored: computed again (by :attr:`rerate`) from the
        ratings in the database, locked till the end of the unit, if another node has moved
        one of them since this node read it. Each node settles a game from its own copy of
        the ratings; this is where a copy that fell behind is caught."""
        current = await lock_ratings(conn, [change.before for change in changes])
        if all(current.get((c.before.subject, c.before.family)) == c.before for c in changes) or self.rerate is None:
            return changes
        self.rerated += 1
        return self.rerate(changes, current)

    async def _fenced_action(self, statement: sql.Statement, game_id: str, action: sql.Statement) -> None:
        """Run :func:`~server.store.postgres_statements.fenced_action`'s statement (as
        :meth:`_transaction` would run the unit, in one round trip instead of five)."""
        try:
            async with self._pool.acquire() as conn:
                written = await conn.fetchval(statement[0], *statement[1])
        except asyncpg.exceptions.UniqueViolationError as exc:
            if exc.constraint_name != "actions_pkey" or not await self._stored_already(action, game_id):
                raise
            written = 1  # stored already by an attempt reported as failed (see _transaction)
        if written is None:
            raise StoreError(f"this node no longer owns game {game_id} (lease lost)")
        self.commits += 1
        self.units += 1

    async def _stored_already(self, action: sql.Statement, game_id: str | None) -> bool:
        """Whether the row ``action`` would insert is stored, identical (under the fence)."""
        game, version, data, _t = action[1]
        async with self._pool.acquire() as conn, conn.transaction():
            await self._fence(conn, game_id)
            stored = await conn.fetchval(sql.SELECT_ACTION, game, version)
        return stored is not None and json.loads(stored) == json.loads(data)

    async def write(self, statements: Sequence[sql.Statement], game_id: str | None = None,
                    action: sql.Statement | None = None, ratings: Sequence[RatingChange] = ()) -> list[RatingChange]:
        """Write one unit in one transaction (fenced by the lease of ``game_id`` if a fence is
        set); raise :class:`StoreError` if it was not committed. ``action``, the unit's insert
        of an action, makes the unit a success if that very action is stored already.
        ``ratings``, a rated game's changes, are written after :meth:`_current_changes`; the
        changes written are returned."""
        started = time.perf_counter()
        try:
            return await self._call(self._transaction(list(statements), game_id, action, ratings))
        finally:
            self.on_durable(time.perf_counter() - started)

    def run_sync(self, fn: Callable[[Any], Awaitable[T]]) -> T:
        """Run ``fn(connection)`` on a pooled connection and wait for it (tools and tests)."""
        return self._run(self._with_conn(fn))

    async def run(self, fn: Callable[[Any], Awaitable[T]]) -> T:
        """Await ``fn(connection)`` run on a pooled connection of the store's loop."""
        return await self._call(self._with_conn(fn))

    # -- reads --------------------------------------------------------------------------------------

    def load_state(self) -> StoredState:
        """Everything needed to resume: users, every unfinished game with its actions."""
        return self.run_sync(read_state)

    def load_accounts(self) -> StoredState:
        """Users, ratings and the heartbeat, without games (a cluster node claims its games)."""
        return self.run_sync(lambda conn: read_state(conn, with_games=False))

    def load_game(self, game_id: str) -> StoredGame | None:
        """One game (finished or not) with its seats and actions, or None."""
        return self.run_sync(lambda conn: read_game(conn, game_id))

    def finished_games(
        self, user_id: int, *, limit: int = 20, before: float | None = None, include_private: bool = False
    ) -> list[dict[str, Any]]:
        """``user_id``'s finished games, newest first, ended before ``before``: result,
        opponent, map, rating change (private games only with ``include_private``)."""
        return self.run_sync(lambda conn: read_finished_games(conn, user_id, limit, before, include_private))

    def load_ratings(self, *, subject: str | None = None, family: str | None = None) -> list[Rating]:
        """The stored ratings (of one subject, or of one family, if given): every node's games."""
        return self.run_sync(lambda conn: read_ratings(conn, subject, family))

    # -- the GameStore writes: one transaction each ---------------------------------------------------

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
        """Store a new game with its seats (and, on a cluster node, this node's lease of it, in
        the same transaction: the node that creates a game owns it)."""
        statements = sql.insert_game(game)
        if self.new_games_owner is None:
            await self.write(statements)
            return
        node, ttl, adopted = self.new_games_owner
        await self.write(statements + [sql.new_lease(game.id, node, ttl)])
        adopted(game.id, 1)

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
        offers is given; write the rating changes; all in one transaction. Returns the rating
        changes as stored (computed again if another node moved a rating: see
        :meth:`_current_changes`)."""
        insert = sql.insert_action(game_id, version, action, t)
        token = self.fence(game_id) if self.fence is not None else None
        if token is not None and not ratings:  # the usual unit: one statement, one round trip
            one = sql.fenced_action(game_id, version, action, t, token, status=status, result=result, clock=clock, offers=offers)
            started = time.perf_counter()
            await self._call(self._fenced_action(one, game_id, insert))
            self.on_durable(time.perf_counter() - started)
            return []
        statements = [insert]
        if status is not None or result is not None or clock is not None or offers is not None:
            statements.append(sql.update_game(game_id, status=status, result=result, clock=clock, offers=offers))
        return await self.write(statements, game_id, action=insert, ratings=ratings or ())

    async def save_snapshot(self, game_id: str, version: int, state: dict[str, Any], prefix: str) -> None:
        """Keep the state of ``game_id`` at ``version`` (a cache for loading: not fenced, since it
        is derived from committed actions and checked against them, by ``prefix``, when read),
        and drop the game's older snapshots beyond the newest :data:`SNAPSHOTS_KEPT` (the
        only ones a load reads)."""
        text = json.dumps(state, separators=(",", ":"))

        async def keep(conn: Any) -> None:
            await conn.execute(
                "INSERT INTO game_snapshots (game_id, version, state, prefix) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (game_id, version) DO UPDATE SET state = EXCLUDED.state, prefix = EXCLUDED.prefix",
                game_id, version, text, prefix)
            await conn.execute(
                "DELETE FROM game_snapshots WHERE game_id = $1 AND version < (SELECT min(version) FROM "
                "(SELECT version FROM game_snapshots WHERE game_id = $1 ORDER BY version DESC LIMIT $2) newest)",
                game_id, SNAPSHOTS_KEPT)

        await self.run(keep)

    async def finish_game(
        self,
        game_id: str,
        *,
        result: dict[str, Any],
        clock: dict[str, Any] | None,
        ratings: list[RatingChange],
    ) -> list[RatingChange]:
        """End a game without an engine action: status, result, clock, offers, ratings in one
        unit; returns the rating changes as stored (see :meth:`save_action`)."""
        statements = [sql.update_game(game_id, status="over", result=result, clock=clock, offers={})]
        return await self.write(statements, game_id, ratings=ratings)

    async def take_back(self, game_id: str, version: int, *, clock: dict[str, Any] | None) -> None:
        """Drop every action after ``version``, with the clock checkpoint and no offers, in one unit."""
        await self.write([sql.delete_actions_after(game_id, version), sql.update_game(game_id, clock=clock, offers={})], game_id)

    async def save_offers(self, game_id: str, offers: dict[str, list[int]]) -> None:
        """The game's open offers (draw, takeback, rematch: the seats that made each)."""
        await self.write([sql.update_game(game_id, offers=offers)], game_id)

    async def save_seat(self, game_id: str, seat: StoredSeat, *, status: str, clock: dict[str, Any]) -> None:
        """A seat was taken: store it with the game's new status and clock checkpoint."""
        await self.write([sql.upsert_seat(game_id, seat), sql.update_game(game_id, status=status, clock=clock)], game_id)

    async def note_alive(self, t: float, clocks: Mapping[str, dict[str, Any]] | None = None) -> None:
        """Note that the server was alive at ``t`` (and save the given clock checkpoints)."""
        statements = [sql.update_game(game_id, clock=clock) for game_id, clock in (clocks or {}).items()]
        statements.append(sql.heartbeat(t))
        await self.write(statements)

    # -- what a cluster node asks besides the GameStore calls -------------------------------------------

    async def next_user_id(self) -> int:
        """A new user id from the database's sequence: never the same twice, on any node."""
        return int(await self.run(lambda conn: conn.fetchval("SELECT nextval('user_ids')")))

    async def user_by_token(self, token_hash: str) -> StoredUser | None:
        """The account whose token has this hash (made on any node), or None."""
        row = await self.run(lambda conn: conn.fetchrow("SELECT id, name, token_hash, banned FROM users WHERE token_hash = $1", token_hash))
        return None if row is None else StoredUser(row[0], row[1], row[2], row[3])

    async def user_by_id(self, user_id: int) -> StoredUser | None:
        """The account ``user_id`` (made on any node), or None."""
        row = await self.run(lambda conn: conn.fetchrow("SELECT id, name, token_hash, banned FROM users WHERE id = $1", user_id))
        return None if row is None else StoredUser(row[0], row[1], row[2], row[3])

    async def users_named(self, name: str) -> list[StoredUser]:
        """The accounts called ``name`` (any case; names are not unique), made on any node."""
        rows = await self.run(lambda conn: conn.fetch(
            "SELECT id, name, token_hash, banned FROM users WHERE lower(name) = lower($1) ORDER BY id", name))
        return [StoredUser(r[0], r[1], r[2], r[3]) for r in rows]

    async def game_by_code(self, code: str) -> str | None:
        """The id of the game with this join code (on any node), or None."""
        return await self.run(lambda conn: conn.fetchval("SELECT id FROM games WHERE join_code = $1", code))

    async def save_clock(self, game_id: str, clock: dict[str, Any]) -> None:
        """A game's clock checkpoint (after a failover), fenced like every write of a game."""
        await self.write([sql.update_game(game_id, clock=clock)], game_id)

    def close(self) -> None:
        """Close the pool and the store's loop (writes in flight finish first)."""
        if self._closed:
            return
        self._closed = True
        try:
            self._runner.submit(asyncio.wait_for(self._pool.close(), self.timeout)).result()
        except Exception:  # noqa: BLE001 - a database already gone: nothing left to close cleanly
            self._runner.submit(_terminate(self._pool)).result()
        self._runner.stop()


async def _terminate(pool: asyncpg.Pool) -> None:
    pool.terminate()


async def apply_migrations(dsn: str) -> list[int]:
    """Bring the schema of ``dsn`` up to date (``scryptic server --migrate``); the steps applied."""
    try:
        conn = await asyncpg.connect(dsn, timeout=10)
    except Exception as exc:  # noqa: BLE001
        raise StoreError(f"cannot use the database {safe_dsn(dsn)}: {exc}") from None
    try:
        return await migrate(conn)
    finally:
        await conn.close()
