"""Where tournaments are kept: one row per event, its whole state as JSON, rewritten on change.

An event's state is small (its players, its finished games, the games in play), and every
change to it is one write of the row, so what a server reloads after a restart is always one
consistent state. The standings are never stored: they are computed from the games
(:mod:`server.tournaments`). As for the analyses, each store gets an archive built on its
generic ``write`` and read calls; :func:`tournament_archive_for` picks the one for a store.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Protocol


class TournamentArchive(Protocol):
    """The stored tournaments, by id."""

    async def load_all(self) -> list[dict[str, Any]]:
        """Every stored tournament's state, oldest first."""
        ...

    async def save(self, tournament_id: str, status: str, state: dict[str, Any]) -> None:
        """Keep ``state`` as the tournament's, replacing what was stored."""
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


class PostgresTournaments:
    """The tournaments table of a :class:`~server.store.postgres.PostgresStore`."""

    def __init__(self, store: Any) -> None:
        self.store = store

    async def load_all(self) -> list[dict[str, Any]]:
        async def read(conn: Any) -> list[str]:
            return [row["data"] for row in await conn.fetch("SELECT data FROM tournaments ORDER BY created, id")]

        return [json.loads(text) for text in await self.store.run(read)]

    async def save(self, tournament_id: str, status: str, state: dict[str, Any]) -> None:
        await self.store.write([(_UPSERT.format("$1", "$2", "$3", "$4"), (tournament_id, status, _text(state), time.time()))])


def tournament_archive_for(store: Any) -> TournamentArchive:
    """The archive of tournaments kept in ``store`` (a SQLite or a PostgreSQL store)."""
    from server.store.sqlite import SQLiteStore

    return SQLiteTournaments(store) if isinstance(store, SQLiteStore) else PostgresTournaments(store)
