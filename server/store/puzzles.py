"""Where the puzzles' side of the store lives: each account's puzzle rating and streak, its one
attempt at each puzzle, each attempted puzzle's own moved rating, and the puzzles mined from the
server's own finished games.

An attempt, the solver's rating and the puzzle's rating it moved are written in one unit; the attempts' primary key (account,
puzzle) refuses a second first attempt on any node, so two attempts sent at once cannot both
count. The SQLite and PostgreSQL stores each get an archive here (schema version 6, migration
0007), built on their generic ``write`` and read calls like :mod:`server.store.analyses`:
:func:`puzzle_archive_for` picks the one for a store.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class PuzzleStanding:
    """An account's puzzle rating (Glicko-2) and its record of attempts."""

    rating: float
    rd: float
    vol: float
    attempts: int = 0
    solved: int = 0
    streak: int = 0
    best_streak: int = 0


@dataclass(frozen=True)
class PuzzleRated:
    """A puzzle's own Glicko-2 rating as attempts moved it (none stored: the pack's stands)."""

    rating: float
    rd: float
    vol: float
    attempts: int = 0
    solved: int = 0


@dataclass(frozen=True)
class StoredAttempt:
    """One account's attempt at one puzzle, with the rating before and after it."""

    puzzle_id: str
    solved: bool
    actions: list[dict[str, Any]]
    rating_before: float
    rating_after: float
    t: float


@dataclass(frozen=True)
class MinedPuzzle:
    """A puzzle mined from a finished game of this server (its JSON form, as the pack's)."""

    id: str
    game_id: str
    data: dict[str, Any]


class PuzzleArchive(Protocol):
    """The puzzles' rows of a store."""

    async def standing(self, user_id: int) -> PuzzleStanding | None:
        """``user_id``'s puzzle rating and record, or None before its first attempt."""
        ...

    async def attempt(self, user_id: int, puzzle_id: str) -> StoredAttempt | None:
        """``user_id``'s attempt at ``puzzle_id``, or None."""
        ...

    async def attempted(self, user_id: int) -> dict[str, bool]:
        """Every puzzle ``user_id`` attempted, and whether it was solved."""
        ...

    async def record(self, user_id: int, attempt: StoredAttempt, after: PuzzleStanding,
                     puzzle_after: PuzzleRated) -> None:
        """Keep ``attempt``, the standing it led to and the puzzle's rating after it, in one
        unit; StoreError (nothing written) if ``user_id`` attempted that puzzle already."""
        ...

    async def puzzle_rating(self, puzzle_id: str) -> PuzzleRated | None:
        """The puzzle's moved rating, or None before its first attempt."""
        ...

    async def puzzle_ratings(self) -> dict[str, PuzzleRated]:
        """Every attempted puzzle's moved rating, by puzzle id."""
        ...

    async def mined(self) -> list[MinedPuzzle]:
        """Every puzzle mined so far, oldest first."""
        ...

    async def mined_games(self) -> set[str]:
        """The games mined already (whether or not they held a puzzle)."""
        ...

    async def keep_mined(self, game_id: str, puzzles: Sequence[MinedPuzzle]) -> None:
        """Keep the puzzles mined from ``game_id`` (maybe none), and that it was mined."""
        ...


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


_STANDING = "SELECT rating, rd, vol, attempts, solved, streak, best_streak FROM puzzle_ratings WHERE user_id = {0}"
_ATTEMPT = ("SELECT puzzle_id, solved, actions, rating_before, rating_after, t FROM puzzle_attempts "
            "WHERE user_id = {0} AND puzzle_id = {1}")
_ATTEMPTED = "SELECT puzzle_id, solved FROM puzzle_attempts WHERE user_id = {0}"
_INSERT_ATTEMPT = ("INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, actions, rating_before, rating_after, t) "
                   "VALUES ({0}, {1}, {2}, {3}, {4}, {5}, {6})")
_UPSERT_STANDING = (
    "INSERT INTO puzzle_ratings (user_id, rating, rd, vol, attempts, solved, streak, best_streak, updated) "
    "VALUES ({0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}) ON CONFLICT (user_id) DO UPDATE SET "
    "rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, attempts = excluded.attempts, "
    "solved = excluded.solved, streak = excluded.streak, best_streak = excluded.best_streak, updated = excluded.updated")
_RATED = "SELECT rating, rd, vol, attempts, solved FROM rated_puzzles WHERE puzzle_id = {0}"
_ALL_RATED = "SELECT puzzle_id, rating, rd, vol, attempts, solved FROM rated_puzzles"
_UPSERT_RATED = (
    "INSERT INTO rated_puzzles (puzzle_id, rating, rd, vol, attempts, solved, updated) "
    "VALUES ({0}, {1}, {2}, {3}, {4}, {5}, {6}) ON CONFLICT (puzzle_id) DO UPDATE SET "
    "rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, attempts = excluded.attempts, "
    "solved = excluded.solved, updated = excluded.updated")
_MINED = "SELECT id, game_id, data FROM mined_puzzles ORDER BY created, id"
_MINED_GAMES = "SELECT game_id FROM mined_games"
_INSERT_MINED = "INSERT INTO mined_puzzles (id, game_id, data, created) VALUES ({0}, {1}, {2}, {3}) ON CONFLICT (id) DO NOTHING"
_INSERT_MINED_GAME = "INSERT INTO mined_games (game_id, found, created) VALUES ({0}, {1}, {2}) ON CONFLICT (game_id) DO NOTHING"


def _standing(row: Any) -> PuzzleStanding | None:
    if row is None:
        return None
    return PuzzleStanding(float(row[0]), float(row[1]), float(row[2]), int(row[3]), int(row[4]), int(row[5]), int(row[6]))


def _rated(row: Any) -> PuzzleRated | None:
    return None if row is None else _rated_from(tuple(row))


def _rated_from(v: tuple[Any, ...]) -> PuzzleRated:
    return PuzzleRated(float(v[0]), float(v[1]), float(v[2]), int(v[3]), int(v[4]))


def _attempt(row: Any) -> StoredAttempt | None:
    if row is None:
        return None
    return StoredAttempt(str(row[0]), bool(row[1]), json.loads(row[2]), float(row[3]), float(row[4]), float(row[5]))


def _unit(marks: list[str], user_id: int, attempt: StoredAttempt, after: PuzzleStanding,
          puzzle_after: PuzzleRated, solved: Any) -> list[tuple[str, tuple[Any, ...]]]:
    now = time.time()
    return [
        (_INSERT_ATTEMPT.format(*marks[:7]), (user_id, attempt.puzzle_id, solved, _json(attempt.actions),
                                              attempt.rating_before, attempt.rating_after, attempt.t)),
        (_UPSERT_STANDING.format(*marks[:9]), (user_id, after.rating, after.rd, after.vol, after.attempts,
                                               after.solved, after.streak, after.best_streak, now)),
        (_UPSERT_RATED.format(*marks[:7]), (attempt.puzzle_id, puzzle_after.rating, puzzle_after.rd,
                                            puzzle_after.vol, puzzle_after.attempts, puzzle_after.solved, now)),
    ]


def _mined_unit(marks: list[str], game_id: str, puzzles: Sequence[MinedPuzzle]) -> list[tuple[str, tuple[Any, ...]]]:
    now = time.time()
    unit: list[tuple[str, tuple[Any, ...]]] = [
        (_INSERT_MINED.format(*marks[:4]), (p.id, game_id, _json(p.data), now)) for p in puzzles]
    unit.append((_INSERT_MINED_GAME.format(*marks[:3]), (game_id, len(puzzles), now)))
    return unit


_Q = ["?"] * 9
_D = [f"${n}" for n in range(1, 10)]


class SQLitePuzzles:
    """The puzzle tables of a :class:`~server.store.sqlite.SQLiteStore` (schema version 6)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    async def _one(self, query: str, args: tuple[Any, ...]) -> Any:
        def read(conn: sqlite3.Connection) -> Any:
            return conn.execute(query, args).fetchone()

        return await self.store.read(read)

    async def _all(self, query: str, args: tuple[Any, ...] = ()) -> list[Any]:
        def read(conn: sqlite3.Connection) -> list[Any]:
            return conn.execute(query, args).fetchall()

        return await self.store.read(read)  # type: ignore[no-any-return]

    async def standing(self, user_id: int) -> PuzzleStanding | None:
        return _standing(await self._one(_STANDING.format("?"), (user_id,)))

    async def attempt(self, user_id: int, puzzle_id: str) -> StoredAttempt | None:
        return _attempt(await self._one(_ATTEMPT.format("?", "?"), (user_id, puzzle_id)))

    async def attempted(self, user_id: int) -> dict[str, bool]:
        return {str(p): bool(s) for p, s in await self._all(_ATTEMPTED.format("?"), (user_id,))}

    async def record(self, user_id: int, attempt: StoredAttempt, after: PuzzleStanding,
                     puzzle_after: PuzzleRated) -> None:
        await self.store.write(_unit(_Q, user_id, attempt, after, puzzle_after, int(attempt.solved)))

    async def puzzle_rating(self, puzzle_id: str) -> PuzzleRated | None:
        return _rated(await self._one(_RATED.format("?"), (puzzle_id,)))

    async def puzzle_ratings(self) -> dict[str, PuzzleRated]:
        return {str(row[0]): _rated_from(tuple(row)[1:]) for row in await self._all(_ALL_RATED)}

    async def mined(self) -> list[MinedPuzzle]:
        return [MinedPuzzle(str(i), str(g), json.loads(d)) for i, g, d in await self._all(_MINED)]

    async def mined_games(self) -> set[str]:
        return {str(row[0]) for row in await self._all(_MINED_GAMES)}

    async def keep_mined(self, game_id: str, puzzles: Sequence[MinedPuzzle]) -> None:
        await self.store.write(_mined_unit(_Q, game_id, puzzles))


class PostgresPuzzles:
    """The puzzle tables of a :class:`~server.store.postgres.PostgresStore` (migration 0007)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    async def _one(self, query: str, *args: Any) -> Any:
        async def read(conn: Any) -> Any:
            return await conn.fetchrow(query, *args)

        return await self.store.run(read)

    async def _all(self, query: str, *args: Any) -> list[Any]:
        async def read(conn: Any) -> list[Any]:
            return list(await conn.fetch(query, *args))

        return await self.store.run(read)  # type: ignore[no-any-return]

    async def standing(self, user_id: int) -> PuzzleStanding | None:
        return _standing(await self._one(_STANDING.format("$1"), user_id))

    async def attempt(self, user_id: int, puzzle_id: str) -> StoredAttempt | None:
        return _attempt(await self._one(_ATTEMPT.format("$1", "$2"), user_id, puzzle_id))

    async def attempted(self, user_id: int) -> dict[str, bool]:
        return {str(p): bool(s) for p, s in await self._all(_ATTEMPTED.format("$1"), user_id)}

    async def record(self, user_id: int, attempt: StoredAttempt, after: PuzzleStanding,
                     puzzle_after: PuzzleRated) -> None:
        await self.store.write(_unit(_D, user_id, attempt, after, puzzle_after, attempt.solved))

    async def puzzle_rating(self, puzzle_id: str) -> PuzzleRated | None:
        return _rated(await self._one(_RATED.format("$1"), puzzle_id))

    async def puzzle_ratings(self) -> dict[str, PuzzleRated]:
        return {str(row[0]): _rated_from(tuple(row)[1:]) for row in await self._all(_ALL_RATED)}

    async def mined(self) -> list[MinedPuzzle]:
        return [MinedPuzzle(str(i), str(g), json.loads(d)) for i, g, d in await self._all(_MINED)]

    async def mined_games(self) -> set[str]:
        return {str(row[0]) for row in await self._all(_MINED_GAMES)}

    async def keep_mined(self, game_id: str, puzzles: Sequence[MinedPuzzle]) -> None:
        await self.store.write(_mined_unit(_D, game_id, puzzles))


def puzzle_archive_for(store: Any) -> PuzzleArchive:
    """The puzzle tables kept in ``store`` (a SQLite or a PostgreSQL store)."""
    from server.store.sqlite import SQLiteStore

    return SQLitePuzzles(store) if isinstance(store, SQLiteStore) else PostgresPuzzles(store)
