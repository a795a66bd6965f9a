"""The SQLite database file: its schema, how connections are opened, and the lock that keeps a
second server process off the same file.

Schema version 5 (the ``meta`` row ``schema_version``). A database of an older version is
brought up to date by the numbered steps of :data:`MIGRATIONS`, each in one transaction (a step
that fails leaves the database at the version before it); a database of a newer version is
refused with a :class:`~server.store.records.StoreError`, never changed.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from server.store.records import StoreError

SCHEMA_VERSION = 6

# Version 1, as first created; later versions are reached by MIGRATIONS.
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

# version -> the statements that bring a database of version - 1 to it.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    # Version 2: offers kept with their game, when a game ended, and Glicko-2 ratings.
    2: (
        "ALTER TABLE games ADD COLUMN offers TEXT",
        "ALTER TABLE games ADD COLUMN finished REAL",
        "UPDATE games SET finished = updated WHERE status = 'over'",
        "CREATE INDEX IF NOT EXISTS games_rematch_of ON games (rematch_of)",
        """CREATE TABLE IF NOT EXISTS ratings (
            subject TEXT NOT NULL,
            family  TEXT NOT NULL,
            rating  REAL NOT NULL,
            rd      REAL NOT NULL,
            vol     REAL NOT NULL,
            games   INTEGER NOT NULL,
            updated REAL NOT NULL,
            PRIMARY KEY (subject, family)
        ) WITHOUT ROWID""",
        "CREATE INDEX IF NOT EXISTS ratings_board ON ratings (family, rating)",
        """CREATE TABLE IF NOT EXISTS rating_changes (
            game_id       TEXT NOT NULL REFERENCES games (id),
            seat          INTEGER NOT NULL CHECK (seat IN (1, 2)),
            subject       TEXT NOT NULL,
            family        TEXT NOT NULL,
            before_rating REAL NOT NULL,
            before_rd     REAL NOT NULL,
            before_vol    REAL NOT NULL,
            before_games  INTEGER NOT NULL,
            after_rating  REAL NOT NULL,
            after_rd      REAL NOT NULL,
            after_vol     REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""",
    ),
    # Accounts an operator banned (scryptic admin ban), with the operator's reason.
    3: ("ALTER TABLE users ADD COLUMN banned TEXT",),
    # The post-game analyses of finished games (server.store.analyses).
    4: ("""CREATE TABLE IF NOT EXISTS analyses (
            game_id TEXT PRIMARY KEY REFERENCES games (id),
            depth   TEXT NOT NULL,
            data    TEXT NOT NULL,
            created REAL NOT NULL
        )""",),
    # Tournaments, each one row of JSON state (server.store.tournaments); chat moderation: the
    # mutes and blocks players set, the operator's chat mutes, the reports (server.store.moderation).
    5: ("""CREATE TABLE IF NOT EXISTS tournaments (
            id      TEXT PRIMARY KEY,
            status  TEXT NOT NULL,
            data    TEXT NOT NULL,
            updated REAL NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS chat_relations (
            user_id INTEGER NOT NULL,
            target  INTEGER NOT NULL,
            kind    TEXT NOT NULL CHECK (kind IN ('mute', 'block')),
            PRIMARY KEY (user_id, target)
        ) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS chat_silenced (
            user_id INTEGER PRIMARY KEY,
            reason  TEXT NOT NULL,
            t       REAL NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS reports (
            id       TEXT PRIMARY KEY,
            reporter INTEGER NOT NULL,
            data     TEXT NOT NULL,
            t        REAL NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS reports_t ON reports (t)"),
    # The puzzles (server.store.puzzles): each account's puzzle rating and streak, its one
    # attempt at each puzzle, and the puzzles mined from the server's own finished games. A step
    # of its own, so that it can be renumbered beside another feature's.
    6: (
        """CREATE TABLE IF NOT EXISTS puzzle_ratings (
            user_id     INTEGER PRIMARY KEY REFERENCES users (id),
            rating      REAL NOT NULL,
            rd          REAL NOT NULL,
            vol         REAL NOT NULL,
            attempts    INTEGER NOT NULL,
            solved      INTEGER NOT NULL,
            streak      INTEGER NOT NULL,
            best_streak INTEGER NOT NULL,
            updated     REAL NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS puzzle_attempts (
            user_id   INTEGER NOT NULL REFERENCES users (id),
            puzzle_id TEXT NOT NULL,
            solved    INTEGER NOT NULL,
            actions   TEXT NOT NULL,
            rating_before REAL NOT NULL,
            rating_after  REAL NOT NULL,
            t         REAL NOT NULL,
            PRIMARY KEY (user_id, puzzle_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS mined_puzzles (
            id      TEXT PRIMARY KEY,
            game_id TEXT NOT NULL,
            data    TEXT NOT NULL,
            created REAL NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS mined_games (
            game_id TEXT PRIMARY KEY,
            found   INTEGER NOT NULL,
            created REAL NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS rated_puzzles (
            puzzle_id TEXT PRIMARY KEY,
            rating    REAL NOT NULL,
            rd        REAL NOT NULL,
            vol       REAL NOT NULL,
            attempts  INTEGER NOT NULL,
            solved    INTEGER NOT NULL,
            updated   REAL NOT NULL
        )""",
    ),
}


def connect(path: Path, checkpoints: bool = True) -> sqlite3.Connection:
    """A connection in WAL mode; ``checkpoints=False`` leaves checkpoints to the fsync helper."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")  # the WAL is fsynced by the store (server.store.syncer)
    conn.execute("PRAGMA foreign_keys=ON")
    if not checkpoints:
        conn.execute("PRAGMA wal_autocheckpoint=0")
    return conn


def lock_database(path: Path) -> int | None:
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


def unlock_database(fd: int | None) -> None:
    """Release the lock taken by :func:`lock_database`."""
    if fd is not None:
        os.close(fd)  # closing the descriptor releases the lock


def init_schema(conn: sqlite3.Connection, path: Path) -> None:
    """Create the tables if they are missing and migrate an older database to
    :data:`SCHEMA_VERSION`; refuse a database of a newer schema version."""
    conn.executescript(SCHEMA)
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if row is None:
        conn.execute("INSERT INTO meta (key, value) VALUES ('schema_version', '1')")
        version = 1
    else:
        version = int(row[0])
    if version > SCHEMA_VERSION:
        raise StoreError(f"{path}: database schema version {version}, this server knows {SCHEMA_VERSION}")
    for step in range(version + 1, SCHEMA_VERSION + 1):
        migrate(conn, step)


def migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring the database from ``version - 1`` to ``version`` in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statement in MIGRATIONS[version]:
            conn.execute(statement)
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
        conn.execute("COMMIT")
    except sqlite3.Error:
        conn.execute("ROLLBACK")
        raise
