"""One correspondence league's state as the server keeps it (a msgspec Struct), without I/O.

The rules (round robins, tables, promotion and relegation) are :mod:`server.tournaments.league`'s.
A season starts every game of each division at once; when the last one ends, the tables are
final, the next season's divisions are drawn from them (players who left dropped, newcomers at
the bottom) and its games start, until the league's seasons are played.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from server.lobby.arena_event import ArenaGame, Status
from server.tournaments.league import LeagueRow, league_table, next_season, round_robin
from server.tournaments.outcomes import Played


class LeagueState(msgspec.Struct, kw_only=True):
    """Everything stored of one league."""

    id: str
    name: str
    kind: Literal["league"] = "league"
    starts: float
    seasons: int
    size: int = 8  # players a division
    min_size: int = 4
    move: int = 2  # promoted and relegated a division
    map: str
    rules: str
    time_control: dict[str, Any]
    rated: bool
    max_players: int
    status: Status = "upcoming"
    players: list[int] = msgspec.field(default_factory=list)
    present: list[int] = msgspec.field(default_factory=list)
    season: int = 0  # the season being played (from 1), 0 before the first
    divisions: list[list[int]] = msgspec.field(default_factory=list)  # this season's, the first division first
    past: list[list[list[int]]] = msgspec.field(default_factory=list)  # each season's final tables (ranked ids)
    finished: list[ArenaGame] = msgspec.field(default_factory=list)  # every season's (``round``: the season)
    playing: list[ArenaGame] = msgspec.field(default_factory=list)
    winner: int | None = None
    node: str = ""  # the cluster node that directs it ("" for a server on its own)
    seconds: int = 0
    ends: float | None = None

    def tables(self) -> list[list[LeagueRow]]:
        """This season's division tables."""
        games = [Played(g.gold, g.silver, g.winner or None) for g in self.finished if g.round == self.season]
        return [league_table(d, [g for g in games if g.gold in d]) for d in self.divisions]

    def rows(self) -> list[dict[str, Any]]:
        """The tables as shown, division by division (user ids; the desk adds the names)."""
        return [{"rank": r.rank, "division": n, "user": r.player, "points": r.points, "games": r.played, "wins": r.wins,
                 "draws": r.draws, "sonneborn_berger": r.sonneborn_berger, "present": r.player in self.present}
                for n, table in enumerate(self.tables(), 1) for r in table]

    def leader(self) -> int | None:
        """The first of the first division."""
        tables = self.tables()
        return tables[0][0].player if tables and tables[0] else None

    def _next_divisions(self) -> list[list[int]]:
        ranked = [[r.player for r in table] for table in self.tables()]
        placed = {p for d in self.divisions for p in d}
        joining = [p for p in self.players if p in self.present and p not in placed]
        leaving = [p for p in placed if p not in self.present]
        return next_season(ranked, move=self.move, size=self.size, min_size=self.min_size, leaving=leaving,
                           joining=joining)

    def next_round(self) -> tuple[list[tuple[int, int]], int | None] | None:
        """The next season's games once this one is over (``([], None)`` while it is not);
        None when the league's seasons are played, or fewer than two players are left."""
        if self.status != "running" or self.playing:
            return [], None
        if self.season >= self.seasons:
            return None
        divisions = self._next_divisions()
        if sum(len(d) for d in divisions) < 2:
            return None
        return [pair for d in divisions for rnd in round_robin(d) for pair in rnd], None

    def paired(self, started: list[ArenaGame], bye: int | None) -> LeagueState:
        """The state once the next season's games ``started``."""
        done = [[r.player for r in table] for table in self.tables()] if self.season else []
        return msgspec.structs.replace(self, divisions=self._next_divisions(), season=self.season + 1,
                                       past=self.past + ([done] if done else []), playing=self.playing + started)

    def game_round(self) -> int:
        """The ``round`` of the games paired next: the season's number."""
        return self.season + 1

    def game_over(self, game_id: str, winner: int | None, counted: bool) -> ArenaGame | None:
        """The game ``game_id`` ended (every league game counts, an abort as a draw)."""
        game = next((g for g in self.playing if g.game == game_id), None)
        if game is None:
            return None
        self.playing.remove(game)
        done = ArenaGame(game.game, game.gold, game.silver, 0 if winner is None else winner, game.round)
        self.finished.append(done)
        return done
