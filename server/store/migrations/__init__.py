"""Versioned migrations of the PostgreSQL schema: numbered SQL files, applied in order, each once.

Each file of this folder named ``NNNN_what.sql`` is one step. :func:`migrate` applies the steps
a database lacks, in order, each in one transaction together with its row in
``schema_migrations`` (a step that fails leaves the database at the step before it). A
transaction-level advisory lock makes concurrent runs (several nodes started at once) wait for
each other instead of racing. :func:`check_schema` is what a server does at start: it refuses a
database that lacks steps (``scryptic server --db URL --migrate`` applies them) or has steps this
server does not know, and never changes it.

Why not Alembic or yoyo: they bring SQLAlchemy or a second database driver for a dozen lines of
bookkeeping; this scheme is plain SQL files, and its tests apply it to a real PostgreSQL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.store.records import StoreError

FOLDER = Path(__file__).resolve().parent
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
_LOCK_KEY = 0x5C7E7  # the advisory lock of migrations (any constant the project owns)

_BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name    TEXT NOT NULL,
    applied TIMESTAMPTZ NOT NULL DEFAULT now()
)
"""


@dataclass(frozen=True)
class Migration:
    """One step: its number, its name and its SQL."""

    version: int
    name: str
    sql: str


def migrations(folder: Path = FOLDER) -> list[Migration]:
    """The steps in ``folder``, in order; raises StoreError if the numbers are not 1, 2, 3..."""
    steps = []
    for path in sorted(folder.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise StoreError(f"migration file {path.name}: expected a name like 0001_initial.sql")
        steps.append(Migration(int(match.group(1)), match.group(2), path.read_text(encoding="utf-8")))
    numbers = [step.version for step in steps]
    if numbers != list(range(1, len(steps) + 1)):
        raise StoreError(f"migrations in {folder} must be numbered 1, 2, 3... without gaps, found {numbers}")
    return steps


async def applied_versions(conn: Any) -> list[int]:
    """The steps a database has (an empty list for a new database)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if not exists:
        return []
    return [row[0] for row in await conn.fetch("SELECT version FROM schema_migrations ORDER BY version")]


async def migrate(conn: Any, folder: Path = FOLDER) -> list[int]:
    """Apply every step the database on ``conn`` (an asyncpg connection) lacks; return the
    numbers applied. Refuses a database with steps this server does not know."""
    applied: list[int] = []
    known = migrations(folder)
    for step in known:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY)
            await conn.execute(_BOOKKEEPING)
            have = set(await applied_versions(conn))
            unknown = sorted(have - {s.version for s in known})
            if unknown:
                raise StoreError(f"the database has schema steps {unknown} that this server does not know")
            if step.version in have:
                continue  # applied earlier, or by a concurrent run we waited for
            await conn.execute(step.sql)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", step.version, step.name
            )
            applied.append(step.version)
    return applied


async def check_schema(conn: Any, folder: Path = FOLDER) -> None:
    """Raise StoreError unless the database has exactly the steps this server knows."""
    known = [step.version for step in migrations(folder)]
    have = await applied_versions(conn)
    if have == known:
        return
    if set(have) - set(known):
        raise StoreError(
            f"the database has schema steps {sorted(set(have) - set(known))} that this server does not know"
        )
    missing = sorted(set(known) - set(have))
    raise StoreError(
        f"the database lacks schema steps {missing}: run `scryptic server --db URL --migrate` first"
    )
