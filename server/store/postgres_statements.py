"""The SQL of every write of the PostgreSQL store, built by small functions (``$n`` parameters).

A :data:`Statement` is ``(sql, arguments)``; a unit is a list of them, run in one transaction by
:class:`server.store.postgres.PostgresStore`. The same writes as
:mod:`server.store.sqlite_statements`, in PostgreSQL's dialect.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from server.store.records import Rating, RatingChange, StoredGame, StoredSeat

Statement = tuple[str, Sequence[Any]]


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


def insert_user(user_id: int, name: str, token_hash: str) -> Statement:
    """A new user."""
    return ("INSERT INTO users (id, name, token_hash, created) VALUES ($1, $2, $3, $4)", (user_id, name, token_hash, time.time()))


def rename_user(user_id: int, name: str) -> Statement:
    """A user's new display name."""
    return ("UPDATE users SET name = $1 WHERE id = $2", (name, user_id))


def ban_user(user_id: int, reason: str | None) -> Statement:
    """Ban a user (with the operator's reason), or lift the ban (None)."""
    return ("UPDATE users SET banned = $1 WHERE id = $2", (reason, user_id))


def insert_game(game: StoredGame) -> list[Statement]:
    """A new game row and its seats."""
    statements: list[Statement] = [
        (
            "INSERT INTO games (id, created, updated, map_name, map_text, rules, seed, first, settings, join_code, "
            "status, result, clock, rematch_of, offers, finished) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
            "$11, $12, $13, $14, $15, CASE WHEN $11 = 'over' THEN $3::double precision END)",
            (
                game.id, game.created, game.updated, game.map_name, game.map_text, game.rules, game.seed, game.first,
                _json(game.settings), game.join_code, game.status, _json(game.result), _json(game.clock),
                game.rematch_of, _json(game.offers),
            ),
        )
    ]
    statements += [upsert_seat(game.id, seat) for seat in game.seats.values()]
    return statements


def upsert_seat(game_id: str, seat: StoredSeat) -> Statement:
    """A seat of a game (inserted, or its holder replaced)."""
    return (
        "INSERT INTO seats (game_id, seat, user_id, token_hash, bot_level) VALUES ($1, $2, $3, $4, $5) "
        "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, "
        "token_hash = excluded.token_hash, bot_level = excluded.bot_level",
        (game_id, seat.seat, seat.user_id, seat.token_hash, seat.bot_level),
    )


_UPDATE_GAME = (
    "UPDATE games SET updated = $1, status = COALESCE($2::text, status), result = COALESCE($3::text, result), "
    "clock = COALESCE($4::text, clock), offers = COALESCE($5::text, offers), "
    "finished = CASE WHEN $2::text = 'over' THEN COALESCE(finished, $1) ELSE finished END WHERE id = $6"
)


def update_game(
    game_id: str,
    *,
    status: str | None = None,
    result: dict[str, Any] | None = None,
    clock: dict[str, Any] | None = None,
    offers: dict[str, list[int]] | None = None,
) -> Statement:
    """Change a game's status, result, clock checkpoint or offers (None: leave as it is)."""
    return (_UPDATE_GAME, (time.time(), status, _json(result), _json(clock), _json(offers), game_id))


def insert_action(game_id: str, version: int, action: dict[str, Any], t: float) -> Statement:
    """One accepted action of a game, at its version (the primary key refuses a second one)."""
    return ("INSERT INTO actions (game_id, version, action, t) VALUES ($1, $2, $3, $4)", (game_id, version, _json(action), t))


SELECT_ACTION = "SELECT action FROM actions WHERE game_id = $1 AND version = $2"

_FENCED_ACTION = """
WITH fence AS (SELECT 1 FROM game_leases WHERE game_id = $1 AND node = $2 AND epoch = $3 FOR SHARE),
action AS (INSERT INTO actions (game_id, version, action, t) SELECT $1, $4::integer, $5::text, $6::float8 FROM fence RETURNING 1)
UPDATE games SET updated = $7, status = COALESCE($8::text, status), result = COALESCE($9::text, result),
    clock = COALESCE($10::text, clock), offers = COALESCE($11::text, offers),
    finished = CASE WHEN $8::text = 'over' THEN COALESCE(finished, $7) ELSE finished END
WHERE id = $1 AND EXISTS (SELECT 1 FROM action)
RETURNING 1
"""


def fenced_action(
    game_id: str,
    version: int,
    action: dict[str, Any],
    t: float,
    token: tuple[str, int],
    *,
    status: str | None = None,
    result: dict[str, Any] | None = None,
    clock: dict[str, Any] | None = None,
    offers: dict[str, list[int]] | None = None,
) -> Statement:
    """An owner's action and the game's new state as one statement (one round trip, its own
    transaction): the fence check (``token``: node, epoch), the action's row and the game row.
    It returns a row only if the fence held and the action was written."""
    node, epoch = token
    return (
        _FENCED_ACTION,
        (game_id, node, epoch, version, _json(action), t, time.time(), status, _json(result), _json(clock), _json(offers)),
    )


def delete_actions_after(game_id: str, version: int) -> Statement:
    """Take back every action of a game after ``version``."""
    return ("DELETE FROM actions WHERE game_id = $1 AND version > $2", (game_id, version))


def upsert_rating(rating: Rating) -> Statement:
    """A subject's rating in a family (inserted, or replaced)."""
    return (
        "INSERT INTO ratings (subject, family, rating, rd, vol, games, updated) VALUES ($1, $2, $3, $4, $5, $6, $7) "
        "ON CONFLICT (subject, family) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
        "vol = excluded.vol, games = excluded.games, updated = excluded.updated",
        (rating.subject, rating.family, rating.rating, rating.rd, rating.vol, rating.games, time.time()),
    )


def rating_statements(changes: list[RatingChange]) -> list[Statement]:
    """What a rated game did to its players' ratings: the new ratings and the game's changes."""
    statements = [upsert_rating(change.after) for change in changes]
    for change in changes:
        before, after = change.before, change.after
        statements.append(
            (
                "INSERT INTO rating_changes (game_id, seat, subject, family, before_rating, before_rd, before_vol, "
                "before_games, after_rating, after_rd, after_vol) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                (change.game_id, change.seat, after.subject, after.family, before.rating, before.rd, before.vol,
                 before.games, after.rating, after.rd, after.vol),
            )
        )
    return statements


def heartbeat(t: float) -> Statement:
    """The time a server was last known alive (the latest of every node's)."""
    return (
        "INSERT INTO meta (key, value) VALUES ('heartbeat', $1) ON CONFLICT (key) DO UPDATE SET value = "
        "GREATEST(meta.value::double precision, excluded.value::double precision)::text",
        (repr(t),),
    )


def new_lease(game_id: str, node: str, ttl: float) -> Statement:
    """The first lease of a new game, held by the node that created it (epoch 1)."""
    return (
        "INSERT INTO game_leases (game_id, node, epoch, expires, renewed) "
        "VALUES ($1, $2, 1, now() + make_interval(secs => $3), now())",
        (game_id, node, ttl),
    )


# The fencing check of an owner's write: this node must hold the game's lease at this epoch.
# FOR SHARE holds a claimer's UPDATE of the lease row until this unit is committed, so a new
# owner that loads the game after its claim sees every unit the old owner committed.
FENCE = "SELECT 1 FROM game_leases WHERE game_id = $1 AND node = $2 AND epoch = $3 FOR SHARE"
