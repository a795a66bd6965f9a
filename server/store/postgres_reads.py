"""The PostgreSQL store's reads: the state to resume, one game, a user's finished games.

Each function takes an asyncpg connection and returns the same records as the SQLite store's
reads (:mod:`server.store.sqlite_reads`), so that both stores pass one contract test.
"""

from __future__ import annotations

import json
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


def _game_from_row(row: Any) -> StoredGame:
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


async def read_state(conn: Any, with_games: bool = True) -> StoredState:
    """Users, ratings, the heartbeat and (``with_games``) every unfinished game with its actions."""
    users = [StoredUser(r[0], r[1], r[2], r[3]) for r in await conn.fetch("SELECT id, name, token_hash, banned FROM users")]
    games: list[StoredGame] = []
    if with_games:
        games = [_game_from_row(r) for r in await conn.fetch(_GAME_SELECT + " WHERE status != 'over'")]
        by_id = {g.id: g for g in games}
        if by_id:
            for r in await conn.fetch(
                "SELECT s.game_id, s.seat, s.user_id, s.token_hash, s.bot_level FROM seats s "
                "JOIN games g ON g.id = s.game_id WHERE g.status != 'over'"
            ):
                by_id[r[0]].seats[r[1]] = StoredSeat(r[1], r[2], r[3], r[4])
            for r in await conn.fetch(
                "SELECT a.game_id, a.version, a.action, a.t FROM actions a JOIN games g ON g.id = a.game_id "
                "WHERE g.status != 'over' ORDER BY a.game_id, a.version"
            ):
                by_id[r[0]].actions.append((r[1], json.loads(r[2]), r[3]))
            for r in await conn.fetch(
                "SELECT s.game_id, s.version, s.state, s.prefix FROM game_snapshots s JOIN games g ON g.id = s.game_id "
                "WHERE g.status != 'over' ORDER BY s.game_id, s.version DESC"
            ):
                by_id[r[0]].snapshots.append((r[1], json.loads(r[2]), r[3]))
    heartbeat = await conn.fetchval("SELECT value FROM meta WHERE key = 'heartbeat'")
    ratings = [Rating(*r) for r in await conn.fetch(_RATING_SELECT)]
    return StoredState(users, games, float(heartbeat) if heartbeat is not None else None, ratings)


async def read_game(conn: Any, game_id: str) -> StoredGame | None:
    """One game (finished or not) with its seats and actions, or None."""
    row = await conn.fetchrow(_GAME_SELECT + " WHERE id = $1", game_id)
    if row is None:
        return None
    game = _game_from_row(row)
    for r in await conn.fetch("SELECT seat, user_id, token_hash, bot_level FROM seats WHERE game_id = $1", game_id):
        game.seats[r[0]] = StoredSeat(r[0], r[1], r[2], r[3])
    for r in await conn.fetch("SELECT version, action, t FROM actions WHERE game_id = $1 ORDER BY version", game_id):
        game.actions.append((r[0], json.loads(r[1]), r[2]))
    for r in await conn.fetch(
        "SELECT version, state, prefix FROM game_snapshots WHERE game_id = $1 ORDER BY version DESC LIMIT 4", game_id
    ):
        game.snapshots.append((r[0], json.loads(r[1]), r[2]))
    game.rematch_game = await conn.fetchval("SELECT id FROM games WHERE rematch_of = $1 LIMIT 1", game_id)
    for r in await conn.fetch(
        "SELECT seat, subject, family, before_rating, before_rd, before_vol, before_games, after_rating, "
        "after_rd, after_vol FROM rating_changes WHERE game_id = $1",
        game_id,
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
    "WHERE s.user_id = $1 AND g.status = 'over' AND g.finished < $2 "
)


async def read_finished_games(
    conn: Any, user_id: int, limit: int, before: float | None, include_private: bool
) -> list[dict[str, Any]]:
    """``user_id``'s finished games, newest first, ended before ``before``; as the SQLite
    store's :func:`~server.store.sqlite_reads.read_finished_games`."""
    sql = _HISTORY_SELECT
    if not include_private:
        sql += "AND COALESCE((g.settings::json ->> 'public')::boolean, true) "
    rows = await conn.fetch(sql + "ORDER BY g.finished DESC LIMIT $3", user_id, before if before is not None else 1e300, limit)
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


async def read_ratings(conn: Any, subject: str | None, family: str | None) -> list[Rating]:
    """The stored ratings, of one subject or one family if given."""
    clauses, args = [], []
    for column, value in (("subject", subject), ("family", family)):
        if value is not None:
            args.append(value)
            clauses.append(f"{column} = ${len(args)}")
    where = " WHERE " + " AND ".join(clauses) if clauses else ""
    return [Rating(*r) for r in await conn.fetch(_RATING_SELECT + where, *args)]


async def lock_ratings(conn: Any, befores: list[Rating]) -> dict[tuple[str, str], Rating]:
    """The ratings of ``befores``' subjects as stored, locked until the transaction ends.

    A subject with no row yet gets one first (its ``before``, a new player's rating), so that
    every rating can be locked: two servers ending games of the same new player wait for each
    other like any others. Rows are taken in one order (subject, family), so two transactions
    never wait for each other in a circle."""
    ordered = sorted(befores, key=lambda r: (r.subject, r.family))
    for r in ordered:
        await conn.execute(
            "INSERT INTO ratings (subject, family, rating, rd, vol, games, updated) "
            "VALUES ($1, $2, $3, $4, $5, $6, extract(epoch FROM now())) ON CONFLICT (subject, family) DO NOTHING",
            r.subject, r.family, r.rating, r.rd, r.vol, r.games,
        )
    rows = await conn.fetch(
        _RATING_SELECT + " WHERE (subject, family) IN (SELECT * FROM unnest($1::text[], $2::text[])) "
        "ORDER BY subject, family FOR UPDATE",
        [r.subject for r in ordered], [r.family for r in ordered],
    )
    return {(r[0], r[1]): Rating(*r) for r in rows}
