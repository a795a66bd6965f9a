"""The SQL of every write, built by small functions so that no caller writes SQL.

A :data:`Statement` is ``(sql, parameters)``; a unit is a list of them, written atomically by
:class:`server.store.sqlite.SQLiteStore`, which orders a batch by :func:`statement_rank`
(inserts of users, games, seats, actions, then updates) so that rows exist before rows that
refer to them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from server.store.records import StoredGame, StoredSeat

Statement = tuple[str, Sequence[Any]]

_RANKS = (
    ("INSERT INTO users", 0),
    ("INSERT INTO games", 1),
    ("INSERT INTO seats", 2),
    ("INSERT INTO actions", 3),
    ("UPDATE", 4),
)


def statement_rank(sql: str) -> int:
    """Where a statement goes in a batch (rows before the rows that refer to them)."""
    for prefix, rank in _RANKS:
        if sql.startswith(prefix):
            return rank
    return 5


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


def insert_user(user_id: int, name: str, token_hash: str) -> Statement:
    """A new user."""
    return ("INSERT INTO users (id, name, token_hash, created) VALUES (?, ?, ?, ?)", (user_id, name, token_hash, time.time()))


def rename_user(user_id: int, name: str) -> Statement:
    """A user's new display name."""
    return ("UPDATE users SET name = ? WHERE id = ?", (name, user_id))


def insert_game(game: StoredGame) -> list[Statement]:
    """A new game row and its seats."""
    statements: list[Statement] = [
        (
            (
                "INSERT INTO games (id, created, updated, map_name, map_text, rules, seed, first, settings, "
                "join_code, status, result, clock, rematch_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ),
            (
                game.id,
                game.created,
                game.updated,
                game.map_name,
                game.map_text,
                game.rules,
                game.seed,
                game.first,
                _json(game.settings),
                game.join_code,
                game.status,
                _json(game.result),
                _json(game.clock),
                game.rematch_of,
            ),
        )
    ]
    for seat in game.seats.values():
        statements.append(upsert_seat(game.id, seat))
    return statements


def upsert_seat(game_id: str, seat: StoredSeat) -> Statement:
    """A seat of a game (inserted, or its holder replaced)."""
    return (
        (
            "INSERT INTO seats (game_id, seat, user_id, token_hash, bot_level) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, "
            "token_hash = excluded.token_hash, bot_level = excluded.bot_level"
        ),
        (game_id, seat.seat, seat.user_id, seat.token_hash, seat.bot_level),
    )


_UPDATE_GAME = (
    "UPDATE games SET updated = ?, status = COALESCE(?, status), result = COALESCE(?, result), "
    "clock = COALESCE(?, clock) WHERE id = ?"
)


def update_game(
    game_id: str,
    *,
    status: str | None = None,
    result: dict[str, Any] | None = None,
    clock: dict[str, Any] | None = None,
) -> Statement:
    """Change a game's status, result or clock checkpoint (None: leave as it is)."""
    return (_UPDATE_GAME, (time.time(), status, _json(result), _json(clock), game_id))


def insert_action(game_id: str, version: int, action: dict[str, Any], t: float) -> Statement:
    """One accepted action of a game, at its version."""
    return (
        "INSERT INTO actions (game_id, version, action, t) VALUES (?, ?, ?, ?)",
        (game_id, version, _json(action), t),
    )


def heartbeat(t: float) -> Statement:
    """The time the server was last known alive."""
    return (
        (
            "INSERT INTO meta (key, value) VALUES ('heartbeat', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        ),
        (repr(t),),
    )
