"""Glicko-2 ratings, per player (or bot level) and time-control family.

The maths is the ``glicko2`` package's (PyPI ``glicko2``, pinned in ``pyproject.toml``):
each rated game is one rating period for both players (as lichess does), each player rated
against the other's rating as it stood before the game. New players start at 1500 with a
deviation of 350 and a volatility of 0.06; a rating whose deviation is above
:data:`~server.host.snapshot.PROVISIONAL_RD` is provisional. There is no decay of the deviation
over idle time.

A known limit of the package (2.1.0): its volatility iteration uses the rating (mu) where the
Glicko-2 paper has the deviation (phi) in ``f(x)``; the volatility, and through it the next
deviation, differ from the paper's in the sixth decimal place or below for these numbers. The
paper's own example is reproduced exactly.

:class:`Ratings` keeps every rating in memory (loaded from the store at start) and is the game
hosts' :class:`~server.host.ports.RatingBook`: :meth:`Ratings.settle` computes and takes the
new ratings at once (no await between reading and writing them, so two games ending together
never both start from the same rating), and the host stores them with the final action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import glicko2

from server.host.clocks import FAMILIES
from server.host.snapshot import PROVISIONAL_RD
from server.store.records import Rating, RatingChange

START_RATING, START_RD, START_VOL = 1500.0, 350.0, 0.06


def user_subject(user_id: int) -> str:
    """The rating subject of a user."""
    return f"u:{user_id}"


def bot_subject(level: int) -> str:
    """The rating subject of a bot level."""
    return f"b:{level}"


def rating_data(rating: Rating) -> dict[str, Any]:
    """A rating as clients see it."""
    return {
        "rating": round(rating.rating, 1),
        "rd": round(rating.rd, 1),
        "games": rating.games,
        "provisional": rating.rd > PROVISIONAL_RD,
    }


def glicko_update(player: Rating, opponent: Rating, score: float) -> Rating:
    """``player``'s rating after one game against ``opponent`` (score 1 win, 0.5 draw, 0 loss)."""
    g = glicko2.Player(rating=player.rating, rd=player.rd, vol=player.vol)
    g.update_player([opponent.rating], [opponent.rd], [score])
    return Rating(player.subject, player.family, g.rating, g.rd, g.vol, player.games + 1)


class Ratings:
    """Every rating of the server, by subject and family."""

    def __init__(self) -> None:
        self._ratings: dict[tuple[str, str], Rating] = {}

    def load(self, ratings: Iterable[Rating]) -> None:
        """Take the ratings kept in the store (at start-up)."""
        for rating in ratings:
            self._ratings[(rating.subject, rating.family)] = rating

    def get(self, subject: str, family: str) -> Rating:
        """The rating of ``subject`` in ``family`` (a new player's if it has none)."""
        return self._ratings.get((subject, family)) or Rating(subject, family, START_RATING, START_RD, START_VOL, 0)

    def of(self, subject: str) -> dict[str, dict[str, Any]]:
        """Every family's rating of ``subject``, as clients see them."""
        return {family: rating_data(self.get(subject, family)) for family in FAMILIES}

    # ------------------------------------------------------------------------------ RatingBook

    def settle(self, game_id: str, family: str, subjects: dict[int, str], winner: int | None) -> list[RatingChange]:
        """Both seats' changes for a game that ended with ``winner`` (None: a draw); the new
        ratings are taken at once."""
        (seat_a, subject_a), (seat_b, subject_b) = sorted(subjects.items())
        before_a, before_b = self.get(subject_a, family), self.get(subject_b, family)
        score_a = 0.5 if winner is None else (1.0 if winner == seat_a else 0.0)
        after_a = glicko_update(before_a, before_b, score_a)
        after_b = glicko_update(before_b, before_a, 1.0 - score_a)
        changes = [RatingChange(game_id, seat_a, before_a, after_a), RatingChange(game_id, seat_b, before_b, after_b)]
        for change in changes:
            self._ratings[(change.after.subject, family)] = change.after
        return changes

    def revert(self, changes: list[RatingChange]) -> None:
        """Put back the ratings from before :meth:`settle` (only where nothing moved since)."""
        for change in changes:
            key = (change.after.subject, change.after.family)
            if self._ratings.get(key) == change.after:
                self._ratings[key] = change.before

    # ------------------------------------------------------------------------------ the board

    def leaderboard(self, family: str, limit: int, provisional: bool, name_of: Callable[[int], str | None]) -> list[dict[str, Any]]:
        """The best-rated players of ``family`` (users only; provisional ones on request)."""
        rows = [
            r for (subject, fam), r in self._ratings.items()
            if fam == family and subject.startswith("u:") and r.games > 0 and (provisional or r.rd <= PROVISIONAL_RD)
        ]
        rows.sort(key=lambda r: (-r.rating, r.rd, r.subject))
        out = []
        for rank, r in enumerate(rows[:limit], 1):
            user_id = int(r.subject[2:])
            out.append({"rank": rank, "user": {"id": user_id, "name": name_of(user_id)}, **rating_data(r)})
        return out
