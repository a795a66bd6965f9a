"""One swiss tournament's state as the server keeps it (a msgspec Struct), without I/O.

The rules (pairing, byes, tie-breaks) are :mod:`server.tournaments.swiss`'s. Joining closes
when the event starts, and the players are then seeded by rating (:meth:`SwissState.seeded`). A round is paired when
the last game of the one before ends; a player who leaves is not paired again (their points
stay). The number of rounds is capped at start to what the pairing can serve without a rematch
(:func:`~server.tournaments.swiss.max_rounds`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import msgspec

from server.lobby.arena_event import ArenaGame, Status
from server.tournaments.outcomes import Played
from server.tournaments.swiss import SwissRound, SwissRow, max_rounds, pair_round, swiss_standings


class SwissState(msgspec.Struct, kw_only=True):
    """Everything stored of one swiss."""

    id: str
    name: str
    kind: Literal["swiss"] = "swiss"
    starts: float
    rounds: int
    map: str
    rules: str
    time_control: dict[str, Any]
    rated: bool
    max_players: int
    status: Status = "upcoming"
    players: list[int] = msgspec.field(default_factory=list)
    present: list[int] = msgspec.field(default_factory=list)
    finished: list[ArenaGame] = msgspec.field(default_factory=list)
    playing: list[ArenaGame] = msgspec.field(default_factory=list)
    byes: list[int | None] = msgspec.field(default_factory=list)  # one per round paired
    winner: int | None = None
    node: str = ""  # the cluster node that directs it ("" for a server on its own)
    seconds: int = 0  # no fixed length
    ends: float | None = None  # when the last round ended

    def seeded(self, rating: Callable[[int], float]) -> SwissState:
        """The state with its players seeded by ``rating``, the highest first (equal ratings keep
        the joining order): the seed is the pairing's and the last tie-break's order."""
        return msgspec.structs.replace(self, players=sorted(self.players, key=lambda player: -rating(player)))

    def history(self) -> list[SwissRound]:
        """The rounds paired so far, with their finished games, for the rules."""
        return [SwissRound(tuple(Played(g.gold, g.silver, g.winner or None) for g in self.finished if g.round == n),
                           bye) for n, bye in enumerate(self.byes, 1)]

    def standings(self) -> list[SwissRow]:
        """The standings now."""
        return swiss_standings(self.players, self.history())

    def rows(self) -> list[dict[str, Any]]:
        """The standings as shown (user ids; the desk adds the names)."""
        games = {p: 0 for p in self.players}
        wins = {p: 0 for p in self.players}
        for g in self.finished:
            games[g.gold] += 1
            games[g.silver] += 1
            if g.winner:
                wins[g.winner] += 1
        return [{"rank": r.rank, "user": r.player, "points": r.score, "games": games[r.player], "wins": wins[r.player],
                 "buchholz": r.buchholz, "sonneborn_berger": r.sonneborn_berger, "byes": r.byes,
                 "present": r.player in self.present} for r in self.standings()]

    def leader(self) -> int | None:
        """The first of the standings, once a round was played."""
        rows = self.standings()
        return rows[0].player if rows and self.byes else None

    def busy(self) -> set[int]:
        """Players in a game of the event now."""
        return {p for g in self.playing for p in (g.gold, g.silver)}

    def next_round(self) -> tuple[list[tuple[int, int]], int | None] | None:
        """The next round's pairs and bye when the round before is over; ``([], None)`` while it
        is not; None when the event is over (its rounds played, or fewer than two players left)."""
        if self.status != "running" or self.playing:
            return [], None
        seeds = [p for p in self.players if p in self.present]
        if len(self.byes) >= min(self.rounds, max_rounds(len(self.players))) or len(seeds) < 2:
            return None
        pairing = pair_round(seeds, self.history())
        return list(pairing.pairs), pairing.bye

    def paired(self, started: list[ArenaGame], bye: int | None) -> SwissState:
        """The state once the next round's games ``started`` (and ``bye`` sits out): a round is
        paired whole; if a game could not be made, the round goes on without it."""
        return msgspec.structs.replace(self, playing=self.playing + started, byes=self.byes + [bye])

    def game_round(self) -> int:
        """The round the games paired next are in."""
        return len(self.byes) + 1

    def game_over(self, game_id: str, winner: int | None, counted: bool) -> ArenaGame | None:
        """The game ``game_id`` ended (every swiss game counts, an abort as a draw)."""
        game = next((g for g in self.playing if g.game == game_id), None)
        if game is None:
            return None
        self.playing.remove(game)
        done = ArenaGame(game.game, game.gold, game.silver, 0 if winner is None else winner, game.round)
        self.finished.append(done)
        return done
