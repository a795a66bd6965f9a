"""Backing up and restoring the SQLite store (``scryptic server backup`` and ``restore``).

A backup is SQLite's online backup (``sqlite3.Connection.backup``) from a reader connection: a
consistent copy of everything committed when it began, taken while the server keeps writing (in
WAL mode a reader never blocks the writer). The copy is written beside the target under a
temporary name, checked (``PRAGMA quick_check``), synced to disk and only then renamed into
place, so a target either is a whole backup or does not exist.

A restore needs the server stopped (it takes the database's lock, as a server does): the backup
is checked, the database in place (if any) is kept under a ``.before-restore-...`` name, and the
backup is copied in. A server started on it resumes every game the backup held.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from server.store.records import StoreError
from server.store.sqlite_schema import SCHEMA_VERSION, lock_database, unlock_database


@dataclass(frozen=True)
class Contents:
    """What a database file holds, in numbers an operator reads."""

    accounts: int
    games: int
    unfinished: int
    actions: int
    size: int  # bytes

    def describe(self) -> str:
        """One line: ``12 accounts, 30 games (4 not finished), 812 actions, 1.2 MB``."""
        return (f"{self.accounts} accounts, {self.games} games ({self.unfinished} not finished), "
                f"{self.actions} actions, {self.size / 1e6:.1f} MB")


def contents(path: Path) -> Contents:
    """Count what the Scryptic database at ``path`` holds; StoreError if it is not one."""
    if not path.is_file():
        raise StoreError(f"no such file: {path}")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot read {path}: {exc}") from None
    try:
        version = _schema_version(conn, path)
        if version > SCHEMA_VERSION:
            raise StoreError(f"{path} is a database of a newer Scryptic (schema {version}; this one knows {SCHEMA_VERSION})")
        accounts = conn.execute("SELECT count(*) FROM users").fetchone()[0]
        games, unfinished = conn.execute("SELECT count(*), count(*) FILTER (WHERE status != 'over') FROM games").fetchone()
        actions = conn.execute("SELECT count(*) FROM actions").fetchone()[0]
    except sqlite3.Error as exc:
        raise StoreError(f"{path} is not a Scryptic database ({exc})") from None
    finally:
        conn.close()
    return Contents(accounts, games, unfinished, actions, path.stat().st_size)


def _schema_version(conn: sqlite3.Connection, path: Path) -> int:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except sqlite3.DatabaseError:
        raise StoreError(f"{path} is not a Scryptic database") from None
    if row is None:
        raise StoreError(f"{path} is not a Scryptic database (no schema version)")
    return int(row[0])


def backup(db: Path, target: Path) -> Contents:
    """Copy the database ``db`` (in use by a server or not) to the new file ``target``.

    Raises StoreError, changing nothing, if ``target`` exists, its folder does not, or ``db`` is
    not a Scryptic database.
    """
    if target.exists():
        raise StoreError(f"{target} exists; a backup never overwrites a file: name a new one")
    if not target.parent.is_dir():
        raise StoreError(f"cannot write {target}: {target.parent} is not a folder")
    if not db.is_file():
        raise StoreError(f"there is no database at {db} (give the server's --db)")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        source = sqlite3.connect(db, timeout=30)
        try:
            _schema_version(source, db)
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)  # one step: a single consistent snapshot of the source
                copy.execute("PRAGMA journal_mode=DELETE")  # a self-contained file, no -wal beside it
                check = copy.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise StoreError(f"the copy of {db} did not check out ({check}); {target} not written")
            finally:
                copy.close()
        finally:
            source.close()
        _fsync(partial)
        if target.exists():  # made meanwhile by someone else: still never overwrite
            raise StoreError(f"{target} exists; a backup never overwrites a file: name a new one")
        os.replace(partial, target)
        _fsync_folder(target.parent)
    except sqlite3.Error as exc:
        raise StoreError(f"could not back up {db}: {exc}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return contents(target)


def restore(source: Path, db: Path) -> tuple[Contents, Path | None]:
    """Make ``db`` a copy of the backup ``source``; the database it replaces (if any) is kept
    beside it, and its new name returned with what the restored database holds.

    Raises StoreError, changing nothing, if the backup is not a Scryptic database or a server is
    using ``db``.
    """
    held = contents(source)
    db.parent.mkdir(parents=True, exist_ok=True)
    lock = lock_database(db)  # "in use by another server process" while one runs
    try:
        kept: Path | None = None
        if db.exists():
            kept = db.with_name(f"{db.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
            _checkpointed_copy(db, kept)
        partial = db.with_name(f".{db.name}.restoring-{os.getpid()}")
        try:
            _checkpointed_copy(source, partial)
            for extra in ("-wal", "-shm"):
                with contextlib.suppress(FileNotFoundError):
                    Path(f"{db}{extra}").unlink()
            os.replace(partial, db)
            _fsync_folder(db.parent)
        finally:
            with contextlib.suppress(FileNotFoundError):
                partial.unlink()
    except sqlite3.Error as exc:
        raise StoreError(f"could not restore {source} to {db}: {exc}") from None
    finally:
        unlock_database(lock)
    return contents(db), kept


def _checkpointed_copy(source: Path, target: Path) -> None:
    """``source`` (with whatever its WAL holds) copied into the self-contained file ``target``."""
    src = sqlite3.connect(source, timeout=30)
    try:
        out = sqlite3.connect(target)
        try:
            src.backup(out)
            out.execute("PRAGMA journal_mode=DELETE")
        finally:
            out.close()
    finally:
        src.close()
    _fsync(target)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every file system syncs folders
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
