"""The SQL of every write, built by small functions so that no caller writes SQL.

A :data:`Statement` is ``(sql, parameters)``; a unit is a list of them, written atomically by
:class:`server.store.sqlite.SQLiteStore`, which orders a batch by :func:`statement_rank`
(inserts of users, games, seats, actions, then updates, then the rest: ratings, deletions) so
that rows exist before rows that refer to them. Within a rank the units keep their order, so
two rating updates of one player in one batch land in the order they were computed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import msgspec

from server.store.records import Rating, RatingChange, StoredGame, StoredSeat

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
    # msgspec writes compact JSON several times faster than json.dumps: one per accepted action
    return None if value is None else msgspec.json.encode(value).decode()


def insert_user(user_id: int, name: str, token_hash: str) -> Statement:
    """A new user."""
    return ("INSERT INTO users (id, name, token_hash, created) VALUES (?, ?, ?, ?)", (user_id, name, token_hash, time.time()))


def rename_user(user_id: int, name: str) -> Statement:
    """A user's new display name."""
    return ("UPDATE users SET name = ? WHERE id = ?", (name, user_id))


def ban_user(user_id: int, reason: str | None) -> Statement:
    """Ban a user (with the operator's reason), or lift the ban (None)."""
    return ("UPDATE users SET banned = ? WHERE id = ?", (reason, user_id))


def insert_game(game: StoredGame) -> list[Statement]:
    """A new game row and its seats."""
    statements: list[Statement] = [
        (
            (
                "INSERT INTO games (id, created, updated, map_name, map_text, rules, seed, first, settings, "
                "join_code, status, result, clock, rematch_of, offers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
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
                _json(game.offers),
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
    "UPDATE games SET updated = ?1, status = COALESCE(?2, status), result = COALESCE(?3, result), "
    "clock = COALESCE(?4, clock), offers = COALESCE(?5, offers), "
    "finished = CASE WHEN ?2 = 'over' THEN COALESCE(finished, ?1) ELSE finished END WHERE id = ?6"
)


def update_game(
    game_id: str,
    *,
    status: str | None = None,
    result: dict[str, Any] | None = None,
    clock: dict[str, Any] | None = None,
    offers: dict[str, list[int]] | None = None,
) -> Statement:
    """Change a game's status, result, clock checkpoint or offers (None: leave as it is); a
    game that becomes over notes when."""
    return (_UPDATE_GAME, (time.time(), status, _json(result), _json(clock), _json(offers), game_id))


def delete_actions_after(game_id: str, version: int) -> Statement:
    """Take back every action of a game after ``version``."""
    return ("DELETE FROM actions WHERE game_id = ? AND version > ?", (game_id, version))


def upsert_rating(rating: Rating) -> Statement:
    """A subject's rating in a family (inserted, or replaced)."""
    return (
        (
            "INSERT INTO ratings (subject, family, rating, rd, vol, games, updated) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (subject, family) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
            "vol = excluded.vol, games = excluded.games, updated = excluded.updated"
        ),
        (rating.subject, rating.family, rating.rating, rating.rd, rating.vol, rating.games, time.time()),
    )


def rating_statements(changes: list[RatingChange]) -> list[Statement]:
    """What a rated game did to its players' ratings: the new ratings and the game's changes."""
    statements = [upsert_rating(change.after) for change in changes]
    for change in changes:
        before, after = change.before, change.after
        statements.append(
            (
                (
                    "INSERT INTO rating_changes (game_id, seat, subject, family, before_rating, before_rd, before_vol, "
                    "before_games, after_rating, after_rd, after_vol) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                ),
                (change.game_id, change.seat, after.subject, after.family, before.rating, before.rd, before.vol,
                 before.games, after.rating, after.rd, after.vol),
            )
        )
    return statements


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
