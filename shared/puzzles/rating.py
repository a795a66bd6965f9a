"""Glicko-2 between solver and puzzle, as lichess rates its puzzles: each attempt is one rating
period for both, the solver scored 1 for solved and 0 for not, the puzzle the other way, each
rated against the other's rating as it stood before. The maths is the ``glicko2`` package's,
as for the server's game ratings (``server/lobby/ratings.py``)."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence

import glicko2
import msgspec

from shared.puzzles.model import Puzzle

__all__ = ["START", "Rating", "choose_puzzle", "puzzle_rating", "rate_attempt", "rate_period", "rerated"]


class Rating(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Glicko-2 rating: the rating, its deviation and volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


START = Rating()
"""Where a new solver starts: 1500, deviation 350, volatility 0.06 (the package's defaults)."""


def puzzle_rating(puzzle: Puzzle) -> Rating:
    """The rating the puzzle carries."""
    return Rating(puzzle.rating, puzzle.rd, puzzle.volatility)


def rerated(puzzle: Puzzle, rating: Rating | None) -> Puzzle:
    """``puzzle`` carrying ``rating`` (its current one, moved by attempts), or as it is if None."""
    if rating is None:
        return puzzle
    return msgspec.structs.replace(puzzle, rating=rating.rating, rd=rating.rd, volatility=rating.volatility)


def _update(player: Rating, opponent: Rating, score: float) -> Rating:
    g = glicko2.Player(rating=player.rating, rd=player.rd, vol=player.volatility)
    g.update_player([opponent.rating], [opponent.rd], [score])
    return Rating(float(g.rating), float(g.rd), float(g.vol))


def rate_period(player: Rating, games: list[tuple[float, float, float]]) -> Rating:
    """``player`` after one rating period of ``games`` (opponent rating, deviation, score)."""
    g = glicko2.Player(rating=player.rating, rd=player.rd, vol=player.volatility)
    g.update_player([r for r, _, _ in games], [d for _, d, _ in games], [s for _, _, s in games])
    return Rating(float(g.rating), float(g.rd), float(g.vol))


def rate_attempt(solver: Rating, puzzle: Rating | Puzzle, solved: bool) -> tuple[Rating, Rating]:
    """The solver's and the puzzle's ratings after one attempt (a win for the solver if solved)."""
    before = puzzle_rating(puzzle) if isinstance(puzzle, Puzzle) else puzzle
    score = 1.0 if solved else 0.0
    return _update(solver, before, score), _update(before, solver, 1.0 - score)


def choose_puzzle(puzzles: Sequence[Puzzle], rating: Rating | float, rng: random.Random,
                  themes: Iterable[str] | None = None, maps: Iterable[str] | None = None,
                  seen: Collection[str] = ()) -> Puzzle | None:
    """A puzzle near the solver's rating: among those of the ``themes`` (any of them) and
    ``maps`` not yet ``seen``, one at random from those within 100 points, else 200, 400, ...
    (the window doubles until it holds one). None if no puzzle is left."""
    target = rating.rating if isinstance(rating, Rating) else float(rating)
    wanted_themes = set(themes) if themes is not None else None
    wanted_maps = set(maps) if maps is not None else None
    pool = sorted((p for p in puzzles if p.id not in seen
                   and (wanted_themes is None or wanted_themes.intersection(p.themes))
                   and (wanted_maps is None or p.map_name in wanted_maps)), key=lambda p: p.id)
    if not pool:
        return None
    window = 100.0
    while True:
        near = [p for p in pool if abs(p.rating - target) <= window]
        if near:
            return rng.choice(near)
        window *= 2
