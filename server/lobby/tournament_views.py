"""What the players are shown of an event: its summary (the lists) and its detail (the
standings, the games in play and the finished games), with the players' names, as the
Structs of :mod:`shared.wire.tournaments`."""

from __future__ import annotations

from typing import Any

import msgspec

from server.lobby.accounts import Accounts
from server.lobby.arena_event import ArenaState
from server.lobby.league_event import LeagueState
from server.lobby.swiss_event import SwissState
from shared import wire

Event = ArenaState | SwissState | LeagueState


class TournamentViews:
    """The events as the clients see them (names from ``accounts``)."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def user(self, user_id: int | None) -> wire.UserRef | None:
        """A player as shown: id and name (None for nobody)."""
        return None if user_id is None else wire.UserRef(id=user_id, name=self.accounts.name_of(user_id) or "")

    def summary(self, state: Event) -> wire.TournamentSummary:
        """An event as the lists show it."""
        common: dict[str, Any] = dict(
            id=state.id, name=state.name, status=state.status, starts=state.starts, ends=state.ends,
            seconds=state.seconds, map=state.map, rules=state.rules, time_control=state.time_control,
            rated=state.rated, max_players=state.max_players, players=len(state.players), winner=self.user(state.winner))
        if isinstance(state, SwissState):
            return wire.SwissSummary(**common, rounds=state.rounds, round=len(state.byes))
        if isinstance(state, LeagueState):
            return wire.LeagueSummary(**common, seasons=state.seasons, season=state.season, division_size=state.size)
        return wire.ArenaSummary(**common)

    def detail(self, state: Event) -> wire.TournamentDetail:
        """An event with its standings, its games in play and its finished games."""
        summary = msgspec.structs.asdict(self.summary(state))
        rows = [{**row, "user": self.user(row["user"])} for row in state.rows()]
        if isinstance(state, ArenaState):
            return wire.ArenaDetail(
                **summary, standings=[wire.ArenaRow(**row) for row in rows],
                playing=[wire.EventGame(game=g.game, gold=g.gold, silver=g.silver) for g in state.playing],
                finished=[wire.FinishedGame(game=g.game, gold=g.gold, silver=g.silver, winner=g.winner or None)
                          for g in state.finished])
        playing = [wire.RoundGame(game=g.game, gold=g.gold, silver=g.silver, round=g.round) for g in state.playing]
        done = [wire.FinishedRoundGame(game=g.game, gold=g.gold, silver=g.silver, winner=g.winner or None, round=g.round)
                for g in state.finished]
        if isinstance(state, SwissState):
            return wire.SwissDetail(**summary, standings=[wire.SwissRow(**row) for row in rows], playing=playing,
                                    finished=done, byes=state.byes)
        return wire.LeagueDetail(**summary, standings=[wire.LeagueRow(**row) for row in rows], playing=playing,
                                 finished=done, divisions=state.divisions, past=state.past)
