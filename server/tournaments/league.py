"""Correspondence leagues: a season of divisions, each a round robin, then promotion and relegation.

A division's players all play each other (``round_robin``: the circle method, so that colours
alternate); a correspondence division starts every game of the season at once. The table
counts a win 1, a draw a half; ties are broken by Sonneborn-Berger, then wins, then seed.

Between seasons (``next_season``): the best ``move`` players of each division but the first go
up one, the worst ``move`` of each division but the last go down one; players who left are
dropped and newcomers join at the bottom. The resulting ranking is cut into divisions of
``size`` players from the top; a last division smaller than ``min_size`` joins the one above it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from server.tournaments.outcomes import Played, points_of


def round_robin(players: Sequence[int]) -> list[list[tuple[int, int]]]:
    """The rounds of a round robin of ``players`` as ``(gold, silver)`` pairs (the circle method:
    every pair meets once; with an odd number one player rests each round)."""
    circle: list[int | None] = list(players)
    if len(circle) % 2:
        circle.insert(0, None)  # the resting place is the circle's fixed point
    n = len(circle)
    rounds: list[list[tuple[int, int]]] = []
    for r in range(n - 1):
        pairs: list[tuple[int, int]] = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if a is None or b is None:
                continue
            # The fixed player's colour alternates by round, the others' by table, which
            # leaves every player's golds within one of each other's.
            if (i == 0 and r % 2 == 1) or (i > 0 and i % 2 == 1):
                a, b = b, a
            pairs.append((a, b))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


@dataclass(frozen=True)
class LeagueRow:
    """A line of a division's table."""

    rank: int
    player: int
    points: float
    played: int
    wins: int
    draws: int
    sonneborn_berger: float


def league_table(players: Sequence[int], games: Iterable[Played]) -> list[LeagueRow]:
    """A division's table from its finished games (``players`` in seed order)."""
    finished = list(games)
    points = {p: 0.0 for p in players}
    played = {p: 0 for p in players}
    wins = {p: 0 for p in players}
    draws = {p: 0 for p in players}
    for game in finished:
        for p in (game.gold, game.silver):
            points[p] += points_of(game, p)
            played[p] += 1
            wins[p] += game.winner == p
            draws[p] += game.winner is None
    berger = {p: 0.0 for p in players}
    for game in finished:
        for p in (game.gold, game.silver):
            berger[p] += points_of(game, p) * points[game.opponent(p)]
    seed = {p: i for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-points[p], -berger[p], -wins[p], seed[p]))
    return [LeagueRow(rank, p, points[p], played[p], wins[p], draws[p], berger[p]) for rank, p in enumerate(ranked, 1)]


def next_season(
    divisions: Sequence[Sequence[int]],
    *,
    move: int = 2,
    size: int = 8,
    min_size: int = 4,
    leaving: Iterable[int] = (),
    joining: Sequence[int] = (),
) -> list[list[int]]:
    """The next season's divisions from this season's final tables (each division's players in
    rank order, the first division first)."""
    if size < 2 or min_size < 2 or min_size > size or move < 0:
        raise ValueError(f"bad league shape: size {size}, min_size {min_size}, move {move}")
    moved: list[list[int]] = [list(d) for d in divisions]
    last = len(divisions) - 1
    for index, division in enumerate(divisions):
        k = min(move, len(division) // 2)
        if index > 0 and k:
            up = list(division[:k])
            moved[index] = [p for p in moved[index] if p not in up]
            moved[index - 1] = moved[index - 1] + up
        if index < last and k:
            down = list(division[-k:])
            moved[index] = [p for p in moved[index] if p not in down]
            moved[index + 1] = down + moved[index + 1]
    gone = set(leaving)
    ranking = [p for division in moved for p in division if p not in gone]
    ranking += [p for p in joining if p not in ranking and p not in gone]
    cut = [ranking[i:i + size] for i in range(0, len(ranking), size)]
    if len(cut) > 1 and len(cut[-1]) < min_size:
        cut[-2].extend(cut.pop())
    return cut
