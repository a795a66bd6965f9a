"""Where the analyses of finished games are kept: one row per game, beside the game in the store.

An analysis is written once, by the node that computed it, and read by any node (a cluster's
nodes share the PostgreSQL store). The SQLite and PostgreSQL stores each get an archive here,
built on their generic ``write`` and read calls, so the stores themselves stay as they are:
:func:`archive_for` picks the one for a store.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Protocol


class AnalysisArchive(Protocol):
    """The stored analyses, by game id."""

    async def load(self, game_id: str) -> dict[str, Any] | None:
        """The stored analysis of ``game_id``, or None."""
        ...

    async def save(self, game_id: str, depth: str, analysis: dict[str, Any]) -> None:
        """Keep ``analysis`` (computed at ``depth``) as ``game_id``'s, replacing any before it."""
        ...


def _text(analysis: dict[str, Any]) -> str:
    return json.dumps(analysis, separators=(",", ":"))


class SQLiteAnalyses:
    """The analyses table of a :class:`~server.store.sqlite.SQLiteStore` (schema version 4)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    async def load(self, game_id: str) -> dict[str, Any] | None:
        def read(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT data FROM analyses WHERE game_id = ?", (game_id,)).fetchone()
            return None if row is None else str(row[0])

        text = await self.store.read(read)
        return None if text is None else json.loads(text)

    async def save(self, game_id: str, depth: str, analysis: dict[str, Any]) -> None:
        await self.store.write([(
            "INSERT INTO analyses (game_id, depth, data, created) VALUES (?, ?, ?, ?) ON CONFLICT (game_id) "
            "DO UPDATE SET depth = excluded.depth, data = excluded.data, created = excluded.created",
            (game_id, depth, _text(analysis), time.time()))])


class PostgresAnalyses:
    """The analyses table of a :class:`~server.store.postgres.PostgresStore` (migration 0005)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    async def load(self, game_id: str) -> dict[str, Any] | None:
        async def read(conn: Any) -> str | None:
            return await conn.fetchval("SELECT data FROM analyses WHERE game_id = $1", game_id)

        text = await self.store.run(read)
        return None if text is None else json.loads(text)

    async def save(self, game_id: str, depth: str, analysis: dict[str, Any]) -> None:
        await self.store.write([(
            "INSERT INTO analyses (game_id, depth, data, created) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) "
            "DO UPDATE SET depth = excluded.depth, data = excluded.data, created = excluded.created",
            (game_id, depth, _text(analysis), time.time()))])


def archive_for(store: Any) -> AnalysisArchive:
    """The archive of analyses kept in ``store`` (a SQLite or a PostgreSQL store)."""
    from server.store.sqlite import SQLiteStore

    return SQLiteAnalyses(store) if isinstance(store, SQLiteStore) else PostgresAnalyses(store)
