"""One arena's state as the server keeps it (a msgspec Struct, stored as it is), without I/O.

The rules (points, standings, pairing) are :mod:`server.tournaments.arena`'s; this holds what
they are applied to: who joined, who is still in, the games in play and the finished ones in
the order they ended. Only games that end before the arena does count.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from server.tournaments.arena import ArenaRow, arena_pairs, arena_standings
from server.tournaments.outcomes import Played

Status = Literal["upcoming", "running", "finished"]


class ArenaGame(msgspec.Struct, frozen=True):
    """A game of the arena: the two players' user ids and, once it ended, the winner's (0: a draw)."""

    game: str
    gold: int
    silver: int
    winner: int | None = None  # None while in play
    round: int = 0  # a swiss game's round (from 1)


class ArenaState(msgspec.Struct, kw_only=True):
    """Everything stored of one arena."""

    id: str
    name: str
    kind: Literal["arena"] = "arena"
    starts: float
    seconds: int
    map: str
    rules: str
    time_control: dict[str, Any]
    rated: bool
    max_players: int
    status: Status = "upcoming"
    players: list[int] = msgspec.field(default_factory=list)  # everyone who joined, in joining order
    present: list[int] = msgspec.field(default_factory=list)  # those still in (to be paired)
    finished: list[ArenaGame] = msgspec.field(default_factory=list)  # counted, in the order they ended
    playing: list[ArenaGame] = msgspec.field(default_factory=list)
    winner: int | None = None
    node: str = ""  # the cluster node that directs it ("" for a server on its own)

    @property
    def ends(self) -> float:
        """When the arena ends."""
        return self.starts + self.seconds

    def games(self) -> list[Played]:
        """The counted games for the rules."""
        return [Played(g.gold, g.silver, g.winner or None) for g in self.finished]

    def standings(self) -> list[ArenaRow]:
        """The standings now."""
        return arena_standings(self.players, self.games())

    def rows(self) -> list[dict[str, Any]]:
        """The standings as shown (user ids; the desk adds the names)."""
        return [{"rank": r.rank, "user": r.player, "points": r.points, "games": r.games, "wins": r.wins,
                 "fire": r.on_fire, "sheet": list(r.sheet), "present": r.player in self.present}
                for r in self.standings()]

    def leader(self) -> int | None:
        """The first of the standings, if anyone played."""
        rows = self.standings()
        return rows[0].player if rows and rows[0].games else None

    def busy(self) -> set[int]:
        """Players in a game of the arena now."""
        return {p for g in self.playing for p in (g.gold, g.silver)}

    def next_pairs(self) -> list[tuple[int, int]]:
        """The ``(gold, silver)`` pairs to start now among the free players."""
        if self.status != "running":
            return []
        busy = self.busy()
        free = [p for p in self.players if p in self.present and p not in busy]
        points = {row.player: row.points for row in self.standings()}
        last: dict[int, int] = {}
        golds: dict[int, int] = {}
        for g in self.finished + self.playing:
            last[g.gold], last[g.silver] = g.silver, g.gold
            golds[g.gold] = golds.get(g.gold, 0) + 1
        return arena_pairs(free, points, last, golds)

    def next_round(self) -> tuple[list[tuple[int, int]], int | None] | None:
        """An arena has no rounds: whoever is free now, no bye (None: never over by itself)."""
        return self.next_pairs(), None

    def paired(self, started: list[ArenaGame], bye: int | None) -> ArenaState:
        """The state once the games ``started``."""
        return msgspec.structs.replace(self, playing=self.playing + started)

    def game_round(self) -> int:
        """An arena's games have no round."""
        return 0

    def game_over(self, game_id: str, winner: int | None, counted: bool) -> ArenaGame | None:
        """The game ``game_id`` ended (``winner`` a user id, None a draw): it leaves play and,
        if ``counted``, joins the finished games. None if it is not one of this arena's."""
        game = next((g for g in self.playing if g.game == game_id), None)
        if game is None:
            return None
        self.playing.remove(game)
        done = ArenaGame(game.game, game.gold, game.silver, 0 if winner is None else winner, game.round)
        if counted:
            self.finished.append(done)
        return done
