"""The finished games of a server's SQLite store, as records for the puzzle miner.

The database is opened read-only (a running server may hold it), and each finished game is
read the way the server exports it (``server/lobby/listings.py``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from shared.faults import UsageError
from shared.rules.record import GameRecord


def store_records(path: Path) -> list[tuple[str, str, GameRecord]]:
    """``(game id, map name, record)`` of every finished game in the store at ``path``, oldest first."""
    from server.mapcodec import map_from_text
    from server.store.sqlite_reads import read_game
    from shared.rules.presets import get_rules
    from shared.rules.terrain import Player

    if not path.exists():
        raise UsageError(f"no database {path}", "give the server's database file (--db of `scryptic server`)")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            ids = [row[0] for row in conn.execute("SELECT id FROM games WHERE status = 'over' ORDER BY created, id")]
            out = []
            for game_id in ids:
                stored = read_game(conn, game_id)
                if stored is None or not stored.actions:
                    continue
                record = GameRecord(map_from_text(stored.map_text), get_rules(stored.rules), stored.seed,
                                    Player(stored.first), [data for _v, data, _t in stored.actions])
                out.append((stored.id, stored.map_name, record))
            return out
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise UsageError(f"{path} is not a server's database ({exc})", "give the file `scryptic server --db` uses") from None
