"""What chat moderation keeps: the mutes and blocks players set, the operator's chat mutes, and
the players' reports waiting for the operator.

Each store gets an archive built on its generic ``write`` and read calls (as the analyses and
tournaments do); :func:`moderation_archive_for` picks the one for a store.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Protocol


class ModerationArchive(Protocol):
    """The stored moderation state."""

    async def load(self) -> dict[str, Any]:
        """``{"relations": [(user, target, kind)], "silenced": {user: reason}}``."""
        ...

    async def relate(self, user: int, target: int, kind: str | None) -> None:
        """``user`` mutes or blocks ``target`` (``kind``), or lifts it (None)."""
        ...

    async def silence(self, user: int, reason: str | None) -> None:
        """The operator mutes ``user`` in chat for ``reason`` (None: lifts it)."""
        ...

    async def report(self, report_id: str, reporter: int, data: dict[str, Any]) -> None:
        """Queue a player's report for the operator."""
        ...

    async def reports(self, limit: int) -> list[dict[str, Any]]:
        """The newest reports, newest first."""
        ...


class _Archive:
    """The statements of both stores; ``mark`` is the placeholder style (``?`` or ``$n``)."""

    numbered = False

    def __init__(self, store: Any) -> None:
        self.store = store

    def _q(self, sql: str) -> str:
        if not self.numbered:
            return sql
        n = 0
        out = []
        for ch in sql:
            if ch == "?":
                n += 1
                out.append(f"${n}")
            else:
                out.append(ch)
        return "".join(out)

    async def relate(self, user: int, target: int, kind: str | None) -> None:
        statement: tuple[str, tuple[Any, ...]]
        if kind is None:
            statement = (self._q("DELETE FROM chat_relations WHERE user_id = ? AND target = ?"), (user, target))
        else:
            statement = (self._q("INSERT INTO chat_relations (user_id, target, kind) VALUES (?, ?, ?) ON CONFLICT "
                                 "(user_id, target) DO UPDATE SET kind = excluded.kind"), (user, target, kind))
        await self.store.write([statement])

    async def silence(self, user: int, reason: str | None) -> None:
        statement: tuple[str, tuple[Any, ...]]
        if reason is None:
            statement = (self._q("DELETE FROM chat_silenced WHERE user_id = ?"), (user,))
        else:
            statement = (self._q("INSERT INTO chat_silenced (user_id, reason, t) VALUES (?, ?, ?) ON CONFLICT (user_id) "
                                 "DO UPDATE SET reason = excluded.reason, t = excluded.t"), (user, reason, time.time()))
        await self.store.write([statement])

    async def report(self, report_id: str, reporter: int, data: dict[str, Any]) -> None:
        await self.store.write([(self._q("INSERT INTO reports (id, reporter, data, t) VALUES (?, ?, ?, ?)"),
                                 (report_id, reporter, json.dumps(data, separators=(",", ":")), time.time()))])


class SQLiteModeration(_Archive):
    """The moderation tables of a :class:`~server.store.sqlite.SQLiteStore`."""

    async def load(self) -> dict[str, Any]:
        def read(conn: sqlite3.Connection) -> dict[str, Any]:
            relations = [tuple(row) for row in conn.execute("SELECT user_id, target, kind FROM chat_relations")]
            silenced = {int(u): str(r) for u, r in conn.execute("SELECT user_id, reason FROM chat_silenced")}
            return {"relations": relations, "silenced": silenced}

        return await self.store.read(read)

    async def reports(self, limit: int) -> list[dict[str, Any]]:
        def read(conn: sqlite3.Connection) -> list[dict[str, Any]]:
            rows = conn.execute("SELECT id, reporter, data, t FROM reports ORDER BY t DESC LIMIT ?", (limit,))
            return [{"id": i, "reporter": r, "t": t, **json.loads(d)} for i, r, d, t in rows]

        return await self.store.read(read)


class PostgresModeration(_Archive):
    """The moderation tables of a :class:`~server.store.postgres.PostgresStore`."""

    numbered = True

    async def load(self) -> dict[str, Any]:
        async def read(conn: Any) -> dict[str, Any]:
            relations = [(r["user_id"], r["target"], r["kind"]) for r in await conn.fetch("SELECT * FROM chat_relations")]
            silenced = {r["user_id"]: r["reason"] for r in await conn.fetch("SELECT user_id, reason FROM chat_silenced")}
            return {"relations": relations, "silenced": silenced}

        return await self.store.run(read)

    async def reports(self, limit: int) -> list[dict[str, Any]]:
        async def read(conn: Any) -> list[dict[str, Any]]:
            rows = await conn.fetch("SELECT id, reporter, data, t FROM reports ORDER BY t DESC LIMIT $1", limit)
            return [{"id": r["id"], "reporter": r["reporter"], "t": r["t"], **json.loads(r["data"])} for r in rows]

        return await self.store.run(read)


def moderation_archive_for(store: Any) -> ModerationArchive:
    """The moderation archive kept in ``store`` (a SQLite or a PostgreSQL store)."""
    from server.store.sqlite import SQLiteStore

    return SQLiteModeration(store) if isinstance(store, SQLiteStore) else PostgresModeration(store)
