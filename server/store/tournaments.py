"""Where tournaments are kept: one row per event, its whole state as JSON, rewritten on change.

An event's state is small (its players, its finished games, the games in play), and every
change to it is one write of the row, so what a server reloads after a restart is always one
consistent state. On a cluster the row is written only by the node that holds the event's lease
(``tournament_leases``): each write checks the lease's epoch in the same statement, and a new
event's row and its first lease are written together. The standings are never stored: they are computed from the games
(:mod:`server.tournaments`). As for the analyses, each store gets an archive built on its
generic ``write`` and read calls; :func:`tournament_archive_for` picks the one for a store.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from typing import Any, Protocol

from server.store.records import StoreError


class TournamentArchive(Protocol):
    """The stored tournaments, by id."""

    async def load_all(self) -> list[dict[str, Any]]:
        """Every stored tournament's state, oldest first."""
        ...

    async def save(self, tournament_id: str, status: str, state: dict[str, Any]) -> None:
        """Keep ``state`` as the tournament's, replacing what was stored."""
        ...

    async def load_one(self, tournament_id: str) -> dict[str, Any] | None:
        """One stored tournament's state (None: there is none)."""
        ...


def _text(state: dict[str, Any]) -> str:
    return json.dumps(state, separators=(",", ":"))


_UPSERT = ("INSERT INTO tournaments (id, status, data, updated) VALUES ({0}, {1}, {2}, {3}) ON CONFLICT (id) "
           "DO UPDATE SET status = excluded.status, data = excluded.data, updated = excluded.updated")


class SQLiteTournaments:
    """The tournaments table of a :class:`~server.store.sqlite.SQLiteStore`."""

    def __init__(self, store: Any) -> None:
        self.store = store

    async def load_all(self) -> list[dict[str, Any]]:
        def read(conn: sqlite3.Connection) -> list[str]:
            return [str(row[0]) for row in conn.execute("SELECT data FROM tournaments ORDER BY rowid")]

        return [json.loads(text) for text in await self.store.read(read)]

    async def save(self, tournament_id: str, status: str, state: dict[str, Any]) -> None:
        await self.store.write([(_UPSERT.format("?", "?", "?", "?"), (tournament_id, status, _text(state), time.time()))])

    async def load_one(self, tournament_id: str) -> dict[str, Any] | None:
        def read(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT data FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
            return None if row is None else str(row[0])

        text = await self.store.read(read)
        return None if text is None else json.loads(text)


# A write of the row that goes through only while the writer holds the event's lease at its epoch.
_FENCED_UPSERT = """
INSERT INTO tournaments (id, status, data, updated)
SELECT $1::text, $2::text, $3::text, $4::float8
WHERE EXISTS (SELECT 1 FROM tournament_leases WHERE tournament_id = $1 AND node = $5 AND epoch = $6 FOR SHARE)
ON CONFLICT (id) DO UPDATE SET status = excluded.status, data = excluded.data, updated = excluded.updated
"""

_FIRST_LEASE = ("INSERT INTO tournament_leases (tournament_id, node, epoch, expires, renewed) "
                "VALUES ($1, $2, 1, now() + make_interval(secs => $3), now())")

Fence = Callable[[str], "tuple[str, int] | None"]


class PostgresTournaments:
    """The tournaments table of a :class:`~server.store.postgres.PostgresStore`.

    On a cluster node :attr:`fence` gives the lease this node holds on an event ((node, epoch)
    or None) and :attr:`owner` is (node, lease seconds, told(id, epoch)): an event this node
    holds is written only under its lease; one it does not hold is a new one, written with its
    first lease, which this node then holds."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.fence: Fence | None = None
        self.owner: tuple[str, float, Callable[[str, int], None]] | None = None

    async def load_all(self) -> list[dict[str, Any]]:
        async def read(conn: Any) -> list[str]:
            return [row["data"] for row in await conn.fetch("SELECT data FROM tournaments ORDER BY created, id")]

        return [json.loads(text) for text in await self.store.run(read)]

    async def save(self, tournament_id: str, status: str, state: dict[str, Any]) -> None:
        row = (tournament_id, status, _text(state), time.time())
        token = None if self.fence is None else self.fence(tournament_id)
        if token is None and self.owner is not None:
            node, ttl, told = self.owner
            await self.store.write([(_UPSERT.format("$1", "$2", "$3", "$4"), row), (_FIRST_LEASE, (tournament_id, node, ttl))])
            told(tournament_id, 1)
            return
        if token is None:
            await self.store.write([(_UPSERT.format("$1", "$2", "$3", "$4"), row)])
            return
        done = await self.store.run(lambda conn: conn.execute(_FENCED_UPSERT, *row, *token))
        if not str(done).endswith(" 1"):
            raise StoreError(f"this node no longer directs tournament {tournament_id} (lease lost)")

    async def load_one(self, tournament_id: str) -> dict[str, Any] | None:
        text = await self.store.run(lambda conn: conn.fetchval("SELECT data FROM tournaments WHERE id = $1", tournament_id))
        return None if text is None else json.loads(text)


def tournament_archive_for(store: Any) -> TournamentArchive:
    """The archive of tournaments kept in ``store`` (a SQLite or a PostgreSQL store)."""
    from server.store.sqlite import SQLiteStore

    return SQLiteTournaments(store) if isinstance(store, SQLiteStore) else PostgresTournaments(store)
