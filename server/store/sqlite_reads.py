"""The SQLite store's reads: the state to resume at start, one game, a user's games.

Each function takes a connection (the store's reader connection) and returns records.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from server.store.records import (
    Rating,
    RatingChange,
    StoredGame,
    StoredSeat,
    StoredState,
    StoredUser,
)

_GAME_SELECT = (
    "SELECT id, created, updated, map_name, map_text, rules, seed, first, settings, join_code, "
    "status, result, clock, rematch_of, offers FROM games"
)
_RATING_SELECT = "SELECT subject, family, rating, rd, vol, games FROM ratings"


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
        offers=json.loads(row[14]) if row[14] else {},
    )


def read_state(conn: sqlite3.Connection) -> StoredState:
    """Everything needed to resume: users, every unfinished game with its actions."""
    users = [StoredUser(*row) for row in conn.execute("SELECT id, name, token_hash, banned FROM users")]
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
    ratings = [Rating(*r) for r in conn.execute(_RATING_SELECT)]
    return StoredState(users, games, float(row[0]) if row else None, ratings)


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
    found = conn.execute("SELECT id FROM games WHERE rematch_of = ? LIMIT 1", (game_id,)).fetchone()
    game.rematch_game = found[0] if found else None
    for r in conn.execute(
        "SELECT seat, subject, family, before_rating, before_rd, before_vol, before_games, after_rating, "
        "after_rd, after_vol FROM rating_changes WHERE game_id = ?",
        (game_id,),
    ):
        before = Rating(r[1], r[2], r[3], r[4], r[5], r[6])
        game.rating_changes[r[0]] = RatingChange(game_id, r[0], before, Rating(r[1], r[2], r[7], r[8], r[9], r[6] + 1))
    return game


_HISTORY_SELECT = (
    "SELECT g.id, s.seat, g.map_name, g.rules, g.settings, g.result, g.finished, g.rematch_of, "
    "o.user_id, o.bot_level, u.name, rc.family, rc.before_rating, rc.after_rating, rc.after_rd "
    "FROM seats s JOIN games g ON g.id = s.game_id "
    "LEFT JOIN seats o ON o.game_id = s.game_id AND o.seat != s.seat "
    "LEFT JOIN users u ON u.id = o.user_id "
    "LEFT JOIN rating_changes rc ON rc.game_id = s.game_id AND rc.seat = s.seat "
    "WHERE s.user_id = ? AND g.status = 'over' AND g.finished < ? "
)


def read_finished_games(
    conn: sqlite3.Connection, user_id: int, limit: int, before: float | None, include_private: bool
) -> list[dict[str, Any]]:
    """``user_id``'s finished games, newest first, that ended before ``before`` (a time):
    result, opponent, map and the rating change. Private games only if ``include_private``."""
    sql = _HISTORY_SELECT
    if not include_private:
        sql += "AND COALESCE(json_extract(g.settings, '$.public'), 1) = 1 "
    rows = conn.execute(sql + "ORDER BY g.finished DESC LIMIT ?", (user_id, before if before is not None else 1e300, limit))
    out = []
    for r in rows:
        settings = json.loads(r[4])
        rating = None
        if r[11] is not None:
            rating = {"family": r[11], "before": round(r[12], 1), "after": round(r[13], 1),
                      "change": round(r[13] - r[12], 1), "rd": round(r[14], 1)}
        out.append({
            "game": r[0],
            "seat": r[1],
            "map": r[2],
            "rules": r[3],
            "time_control": settings.get("time_control", {"kind": "none"}),
            "rated": bool(settings.get("rated", False)),
            "public": bool(settings.get("public", True)),
            "result": json.loads(r[5]) if r[5] else None,
            "finished": r[6],
            "rematch_of": r[7],
            "opponent": {"id": r[8], "name": r[10] if r[9] is None else None, "bot": r[9]},
            "rating": rating,
        })
    return out


def read_ratings(conn: Any, subject: str | None, family: str | None) -> list[Rating]:
    """The stored ratings, of one subject or one family if given."""
    where, args = _rating_filter(subject, family, "?", "?")
    return [Rating(*r) for r in conn.execute(_RATING_SELECT + where, args)]


def _rating_filter(subject: str | None, family: str | None, first: str, second: str) -> tuple[str, tuple[Any, ...]]:
    if subject is not None and family is not None:
        return f" WHERE subject = {first} AND family = {second}", (subject, family)
    if subject is not None:
        return f" WHERE subject = {first}", (subject,)
    if family is not None:
        return f" WHERE family = {first}", (family,)
    return "", ()
