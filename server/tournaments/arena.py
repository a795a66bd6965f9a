"""Arena tournaments: points as lichess arenas, and pairing whoever is free.

Scoring (``docs/tournaments.md``): a win is worth 2 points, a draw 1, a loss 0. A player who
has won their last two games is *on fire*: their next game counts double (a win 4, a draw 2, a
loss 0). Any game that is not a win puts the fire out; the count of wins starts again.

Pairing: the free players are ranked by points (then by the order given, which the server makes
the order they joined), and the best-ranked free player meets the nearest-ranked free player who
was not their last opponent; a player left over waits for the next pairing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from server.tournaments.outcomes import Outcome, Played

ARENA_POINTS: dict[Outcome, int] = {"win": 2, "draw": 1, "loss": 0}
FIRE_AFTER = 2  # wins in a row before the next game counts double


@dataclass(frozen=True)
class ArenaSheet:
    """One player's arena record: the points of each game in order, and whether they are on fire."""

    player: int
    sheet: tuple[int, ...] = ()
    wins: int = 0
    streak: int = 0  # wins in a row at the end of the sheet

    @property
    def points(self) -> int:
        """The player's total."""
        return sum(self.sheet)

    @property
    def on_fire(self) -> bool:
        """Whether the player's next game counts double."""
        return self.streak >= FIRE_AFTER

    def then(self, outcome: Outcome) -> ArenaSheet:
        """The sheet after one more game that went ``outcome``."""
        worth = ARENA_POINTS[outcome] * (2 if self.on_fire else 1)
        won = outcome == "win"
        return ArenaSheet(self.player, self.sheet + (worth,), self.wins + won, self.streak + 1 if won else 0)


def score_sheet(player: int, outcomes: Iterable[Outcome]) -> ArenaSheet:
    """The arena sheet of ``player`` after games that went ``outcomes``, in the order played."""
    sheet = ArenaSheet(player)
    for outcome in outcomes:
        sheet = sheet.then(outcome)
    return sheet


@dataclass(frozen=True)
class ArenaRow:
    """A line of the arena's standings."""

    rank: int
    player: int
    points: int
    games: int
    wins: int
    on_fire: bool
    sheet: tuple[int, ...] = field(default=())


def arena_standings(players: Sequence[int], games: Iterable[Played]) -> list[ArenaRow]:
    """The standings of an arena: ``players`` in the order they joined, ``games`` in the order
    they finished. Ranked by points, then wins, then fewer games played, then joining order."""
    sheets = {player: ArenaSheet(player) for player in players}
    for game in games:
        for player in (game.gold, game.silver):
            sheets[player] = sheets.get(player, ArenaSheet(player)).then(game.outcome(player))
    order = {player: index for index, player in enumerate(sheets)}
    ranked = sorted(sheets.values(), key=lambda s: (-s.points, -s.wins, len(s.sheet), order[s.player]))
    return [ArenaRow(rank, s.player, s.points, len(s.sheet), s.wins, s.on_fire, s.sheet) for rank, s in enumerate(ranked, 1)]


def arena_pairs(
    free: Sequence[int],
    points: Mapping[int, int],
    last_opponent: Mapping[int, int],
    golds: Mapping[int, int] | None = None,
) -> list[tuple[int, int]]:
    """Pair the ``free`` players (given in joining order) as ``(gold, silver)``.

    Each best-ranked unpaired player meets the nearest-ranked one below who is not their last
    opponent; whoever is left waits. In a pair, gold goes to the player who has had it fewer
    times (``golds``), the better-ranked on a tie."""
    order = {player: index for index, player in enumerate(free)}
    ranked = sorted(free, key=lambda p: (-points.get(p, 0), order[p]))
    taken: set[int] = set()
    pairs: list[tuple[int, int]] = []
    for index, player in enumerate(ranked):
        if player in taken:
            continue
        for other in ranked[index + 1:]:
            if other in taken or last_opponent.get(player) == other or last_opponent.get(other) == player:
                continue
            taken.update((player, other))
            pairs.append(_colours(player, other, golds or {}))
            break
    return pairs


def _colours(better: int, other: int, golds: Mapping[int, int]) -> tuple[int, int]:
    return (other, better) if golds.get(other, 0) < golds.get(better, 0) else (better, other)
