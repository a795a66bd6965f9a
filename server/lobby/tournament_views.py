"""What the players are shown of an event: its summary (the lists) and its detail (the
standings, the games in play and the finished games), with the players' names."""

from __future__ import annotations

from typing import Any

from server.lobby.accounts import Accounts
from server.lobby.arena_event import ArenaState
from server.lobby.league_event import LeagueState
from server.lobby.swiss_event import SwissState

Event = ArenaState | SwissState | LeagueState


class TournamentViews:
    """The events as the clients see them (names from ``accounts``)."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def user(self, user_id: int | None) -> dict[str, Any] | None:
        """A player as shown: id and name (None for nobody)."""
        return None if user_id is None else {"id": user_id, "name": self.accounts.name_of(user_id)}


    def summary(self, state: Event) -> dict[str, Any]:
        """An event as the lists show it."""
        rounds: dict[str, Any] = {}
        if isinstance(state, SwissState):
            rounds = {"rounds": state.rounds, "round": len(state.byes)}
        elif isinstance(state, LeagueState):
            rounds = {"seasons": state.seasons, "season": state.season, "division_size": state.size}
        return {"id": state.id, "name": state.name, "kind": state.kind, "status": state.status, "starts": state.starts,
                "ends": state.ends, "seconds": state.seconds, "map": state.map, "rules": state.rules,
                "time_control": state.time_control, "rated": state.rated, "max_players": state.max_players,
                "players": len(state.players), "winner": self.user(state.winner), **rounds}

    def detail(self, state: Event) -> dict[str, Any]:
        """An event with its standings, its games in play and its finished games."""
        rows = [{**row, "user": self.user(row["user"])} for row in state.rows()]
        number = not isinstance(state, ArenaState)
        games = [{"game": g.game, "gold": g.gold, "silver": g.silver, **({"round": g.round} if number else {})}
                 for g in state.playing]
        done = [{"game": g.game, "gold": g.gold, "silver": g.silver, "winner": g.winner or None,
                 **({"round": g.round} if number else {})} for g in state.finished]
        if isinstance(state, SwissState):
            return {**self.summary(state), "standings": rows, "playing": games, "finished": done, "byes": state.byes}
        if isinstance(state, LeagueState):
            return {**self.summary(state), "standings": rows, "playing": games, "finished": done,
                    "divisions": state.divisions, "past": state.past}
        return {**self.summary(state), "standings": rows, "playing": games, "finished": done}
