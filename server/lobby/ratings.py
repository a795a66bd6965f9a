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

On a cluster each node keeps such a copy, and a player may finish a game on another node
meanwhile: the PostgreSQL store locks the two ratings in the final action's transaction and,
if either moved, computes the changes again with :func:`rerate` (handed to it by the
composition root); the host then :meth:`~Ratings.take` s what was stored. Profiles and the
leaderboard read the stored ratings (:meth:`Ratings.refresh`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
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


def rated_pair(game_id: str, a: tuple[int, Rating, float], b: tuple[int, Rating, float]) -> list[RatingChange]:
    """Both seats' changes for one game: each ``(seat, rating before, score)``."""
    (seat_a, before_a, score_a), (seat_b, before_b, score_b) = a, b
    return [
        RatingChange(game_id, seat_a, before_a, glicko_update(before_a, before_b, score_a), score_a),
        RatingChange(game_id, seat_b, before_b, glicko_update(before_b, before_a, score_b), score_b),
    ]


def rerate(changes: list[RatingChange], current: Mapping[tuple[str, str], Rating]) -> list[RatingChange]:
    """A game's two changes computed again from ``current`` ratings (the store's, by subject
    and family), with the same results: what the store writes when another node moved a
    rating after this node settled the game (:class:`server.store.interface.Rerate`)."""
    first, second = changes
    pair = []
    for change in (first, second):
        if change.score is None:
            raise ValueError(f"the change of seat {change.seat} in game {change.game_id} carries no result")
        key = (change.before.subject, change.before.family)
        pair.append((change.seat, current.get(key, change.before), change.score))
    return rated_pair(first.game_id, pair[0], pair[1])


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
        changes = rated_pair(game_id, (seat_a, before_a, score_a), (seat_b, before_b, 1.0 - score_a))
        self.take(changes)
        return changes

    def take(self, changes: list[RatingChange]) -> None:
        """The ratings after ``changes`` count from now on (the store's, when it computed them
        again from ratings another node had moved)."""
        for change in changes:
            self._ratings[(change.after.subject, change.after.family)] = change.after

    def revert(self, changes: list[RatingChange]) -> None:
        """Put back the ratings from before :meth:`settle` (only where nothing moved since)."""
        for change in changes:
            key = (change.after.subject, change.after.family)
            if self._ratings.get(key) == change.after:
                self._ratings[key] = change.before

    def refresh(self, ratings: Iterable[Rating]) -> None:
        """Take ratings read from the store (every node's games), unless this copy is ahead:
        a rating with more games here was settled here and is being stored."""
        for rating in ratings:
            key = (rating.subject, rating.family)
            mine = self._ratings.get(key)
            if mine is None or mine.games <= rating.games:
                self._ratings[key] = rating

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
