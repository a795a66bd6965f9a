"""What a store keeps, as plain data: users, games with their seats and actions, and its error.

Every store (SQLite today) reads and writes these records; the rest of the server sees no SQL.
Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class StoreError(Exception):
    """A write that could not be made durable, or a database that cannot be used."""


@dataclass
class StoredSeat:
    """One seat of a stored game: a user (by token hash), a bot level, or nobody yet."""

    seat: int
    user_id: int | None
    token_hash: str | None
    bot_level: int | None


@dataclass
class StoredGame:
    """One game row with its seats and (for games loaded in full) its action log."""

    id: str
    created: float
    updated: float
    map_name: str
    map_text: str
    rules: str
    seed: int
    first: int
    settings: dict[str, Any]
    join_code: str | None
    status: str
    result: dict[str, Any] | None
    clock: dict[str, Any] | None
    rematch_of: str | None
    seats: dict[int, StoredSeat] = field(default_factory=dict)
    actions: list[tuple[int, dict[str, Any], float]] = field(default_factory=list)
    offers: dict[str, list[int]] = field(default_factory=dict)  # offer kind -> seats that made it
    rematch_game: str | None = None  # read only: the game whose rematch_of is this one
    rating_changes: dict[int, RatingChange] = field(default_factory=dict)  # read only, by seat
    # read only (PostgreSQL): saved states of the game, newest first: (version, state, prefix hash)
    snapshots: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating of one subject (``"u:ID"`` a user, ``"b:LEVEL"`` a bot) in one
    time-control family."""

    subject: str
    family: str
    rating: float
    rd: float
    vol: float
    games: int


@dataclass(frozen=True)
class RatingChange:
    """What one rated game did to one seat's rating (``before`` and ``after`` are whole
    ratings); stored with the game's final action, in the same unit."""

    game_id: str
    seat: int
    before: Rating
    after: Rating
    score: float | None = None  # the seat's result (1 win, 0.5 draw, 0 loss); None when read back


@dataclass
class StoredUser:
    """A registered display name and the hash of its secret token."""

    id: int
    name: str
    token_hash: str
    banned: str | None = None  # the operator's reason, while the account is banned


@dataclass
class StoredState:
    """What the server needs at startup."""

    users: list[StoredUser]
    games: list[StoredGame]  # every game not over, with actions
    heartbeat: float | None  # when the previous server run was last known alive
    ratings: list[Rating] = field(default_factory=list)
