"""Swiss tournaments: a fixed number of rounds, pairing by score, byes, and tie-breaks.

The pairing rule (``docs/tournaments.md``), a Monrad system with no rematch:

1. Rank the players by score, then by seed (the order given: the server seeds by rating at the start).
2. With an odd number, the lowest-ranked player who has not had a bye sits out (a bye scores a
   win's point, 1); if the others could then not all be paired, the next one up, and so on.
3. The best-ranked unpaired player meets the best-ranked unpaired player below them whom they
   have not met; when the players left could then not all be paired without a rematch, the next
   candidate is tried instead (a depth-first search, so a pairing is found whenever one exists).
   Only when none exists at all are rematches allowed. An event has at most half as many
   rounds as players, rounded up (``max_rounds``), where a pairing without one has been found.
4. In each pair gold goes to the player who has had it fewer times; on a tie, to the one who had
   silver in their last game; then to the better-ranked.

Points: a win 1, a draw a half, a loss 0, a bye 1. Tie-breaks, in order: Buchholz (the sum of
the final scores of the player's opponents; a bye adds nothing), Sonneborn-Berger (the scores of
the opponents beaten, plus half the scores of those drawn), then seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from server.tournaments.outcomes import BYE_POINTS, Played, points_of


@dataclass(frozen=True)
class SwissRound:
    """One round: the games (finished ones carry their winner) and the player with the bye."""

    games: tuple[Played, ...]
    bye: int | None = None


@dataclass(frozen=True)
class Pairing:
    """The pairing of the next round: ``(gold, silver)`` pairs and the bye."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    rematches: bool = False  # no pairing without a rematch existed


def scores(players: Sequence[int], rounds: Sequence[SwissRound]) -> dict[int, float]:
    """Each player's score after ``rounds``."""
    total = {player: 0.0 for player in players}
    for rnd in rounds:
        for game in rnd.games:
            for player in (game.gold, game.silver):
                total[player] = total.get(player, 0.0) + points_of(game, player)
        if rnd.bye is not None:
            total[rnd.bye] = total.get(rnd.bye, 0.0) + BYE_POINTS
    return total


def pair_round(seeds: Sequence[int], rounds: Sequence[SwissRound]) -> Pairing:
    """The next round's pairing of the players ``seeds`` (best seed first) after ``rounds``."""
    total = scores(seeds, rounds)
    seed = {player: index for index, player in enumerate(seeds)}
    ranked = sorted(seeds, key=lambda p: (-total[p], seed[p]))
    met: dict[int, set[int]] = {player: set() for player in seeds}
    had_bye: set[int] = set()
    for rnd in rounds:  # games of players who withdrew count for their opponents' history too
        for game in rnd.games:
            met.setdefault(game.gold, set()).add(game.silver)
            met.setdefault(game.silver, set()).add(game.gold)
        if rnd.bye is not None:
            had_bye.add(rnd.bye)
    for strict in (True, False):
        found = _pair_with_bye(ranked, met if strict else {p: set() for p in seeds}, had_bye)
        if found is not None:
            pairs, bye = found
            colours = tuple(_colours(a, b, rounds) for a, b in pairs)
            return Pairing(colours, bye, rematches=not strict)
    raise ValueError("no pairing exists")  # unreachable: without the no-rematch rule any order pairs


def _pair_with_bye(ranked: list[int], met: dict[int, set[int]], had_bye: set[int]) -> tuple[list[tuple[int, int]], int | None] | None:
    if len(ranked) % 2 == 0:
        pairs = _pair(ranked, met)
        return None if pairs is None else (pairs, None)
    candidates = [p for p in reversed(ranked) if p not in had_bye] or list(reversed(ranked))
    for bye in candidates:
        pairs = _pair([p for p in ranked if p != bye], met)
        if pairs is not None:
            return pairs, bye
    return None


def _pair(ranked: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]] | None:
    """Pair ``ranked`` (an even number) top-down without rematches, or None if impossible."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for index, other in enumerate(rest):
        if other in met[first]:
            continue
        tail = _pair(rest[:index] + rest[index + 1:], met)
        if tail is not None:
            return [(first, other)] + tail
    return None


def _colours(better: int, other: int, rounds: Sequence[SwissRound]) -> tuple[int, int]:
    def record(player: int) -> tuple[int, int]:
        golds, last = 0, 0  # last: 1 had gold last, -1 had silver last, 0 no game yet
        for rnd in rounds:
            for game in rnd.games:
                if game.gold == player:
                    golds, last = golds + 1, 1
                elif game.silver == player:
                    last = -1
        return golds, last

    (g_better, last_better), (g_other, last_other) = record(better), record(other)
    if g_other < g_better or (g_other == g_better and last_other < last_better):
        return other, better
    return better, other


@dataclass(frozen=True)
class SwissRow:
    """A line of the swiss standings."""

    rank: int
    player: int
    score: float
    buchholz: float
    sonneborn_berger: float
    byes: int


def swiss_standings(seeds: Sequence[int], rounds: Sequence[SwissRound]) -> list[SwissRow]:
    """The standings after the finished games of ``rounds``: score, Buchholz, Sonneborn-Berger, seed."""
    total = scores(seeds, rounds)
    buchholz = {player: 0.0 for player in seeds}
    berger = {player: 0.0 for player in seeds}
    byes = {player: 0 for player in seeds}
    for rnd in rounds:
        for game in rnd.games:
            for player in (game.gold, game.silver):
                opponent = game.opponent(player)
                buchholz[player] += total[opponent]
                berger[player] += points_of(game, player) * total[opponent]
        if rnd.bye is not None:
            byes[rnd.bye] += 1
    seed = {player: index for index, player in enumerate(seeds)}
    ranked = sorted(seeds, key=lambda p: (-total[p], -buchholz[p], -berger[p], seed[p]))
    return [SwissRow(rank, p, total[p], buchholz[p], berger[p], byes[p]) for rank, p in enumerate(ranked, 1)]


def max_rounds(players: int) -> int:
    """The most rounds a swiss of ``players`` is given: half the number of players, rounded up.

    Up to there the pairing has always found a round without a rematch (the property test
    plays thousands of events); a round robin's length can corner the top-down pairing."""
    return (players + 1) // 2
