"""The SQLite store's reads: the state to resume at start, one game, a user's games.

Each function takes a connection (the store's reader connection) and returns records.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from server.store.records import StoredGame, StoredSeat, StoredState, StoredUser

_GAME_SELECT = (
    "SELECT id, created, updated, map_name, map_text, rules, seed, first, settings, join_code, "
    "status, result, clock, rematch_of FROM games"
)


def _game_from_row(row: Sequence[Any]) -> StoredGame:
    return StoredGame(
        id=row[0],
        created=row[1],
        updated=row[2],
        map_name=row[3],
        map_text=row[4],
        rules=row[5],
        seed=row[6],
        first=row[7],
        settings=json.loads(row[8]),
        join_code=row[9],
        status=row[10],
        result=json.loads(row[11]) if row[11] else None,
        clock=json.loads(row[12]) if row[12] else None,
        rematch_of=row[13],
    )


def read_state(conn: sqlite3.Connection) -> StoredState:
    """Everything needed to resume: users, every unfinished game with its actions."""
    users = [StoredUser(*row) for row in conn.execute("SELECT id, name, token_hash FROM users")]
    games = [_game_from_row(row) for row in conn.execute(_GAME_SELECT + " WHERE status != 'over'")]
    by_id = {g.id: g for g in games}
    if by_id:
        for row in conn.execute(
            "SELECT s.game_id, s.seat, s.user_id, s.token_hash, s.bot_level FROM seats s "
            "JOIN games g ON g.id = s.game_id WHERE g.status != 'over'"
        ):
            by_id[row[0]].seats[row[1]] = StoredSeat(*row[1:])
        for game_id, version, action, t in conn.execute(
            "SELECT a.game_id, a.version, a.action, a.t FROM actions a "
            "JOIN games g ON g.id = a.game_id WHERE g.status != 'over' "
            "ORDER BY a.game_id, a.version"
        ):
            by_id[game_id].actions.append((version, json.loads(action), t))
    row = conn.execute("SELECT value FROM meta WHERE key = 'heartbeat'").fetchone()
    return StoredState(users, games, float(row[0]) if row else None)


def read_game(conn: sqlite3.Connection, game_id: str) -> StoredGame | None:
    """One game (finished or not) with its seats and actions, or None."""
    row = conn.execute(_GAME_SELECT + " WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    game = _game_from_row(row)
    for seat_row in conn.execute(
        "SELECT seat, user_id, token_hash, bot_level FROM seats WHERE game_id = ?", (game_id,)
    ):
        game.seats[seat_row[0]] = StoredSeat(*seat_row)
    for version, action, t in conn.execute(
        "SELECT version, action, t FROM actions WHERE game_id = ? ORDER BY version", (game_id,)
    ):
        game.actions.append((version, json.loads(action), t))
    return game


def read_games_of_user(conn: sqlite3.Connection, user_id: int, limit: int) -> list[dict[str, Any]]:
    """The most recent games in which ``user_id`` holds a seat (summaries, newest first)."""
    rows = conn.execute(
        "SELECT g.id, s.seat, g.status, g.map_name, g.rules, g.result, g.updated "
        "FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? "
        "ORDER BY g.updated DESC LIMIT ?",
        (user_id, limit),
    ).fetchall()
    return [
        {
            "game": r[0],
            "seat": r[1],
            "status": r[2],
            "map": r[3],
            "rules": r[4],
            "result": json.loads(r[5]) if r[5] else None,
            "updated": r[6],
        }
        for r in rows
    ]
