"""The tournament desk: the ``create_tournament``, ``tournaments``, ``tournament``,
``join_tournament``, ``leave_tournament`` and ``start_tournament`` requests.

The events and their run (timers, pairing, scoring, pushes) are
:class:`~server.lobby.tournament_run.TournamentRun`'s; the desk checks and answers the requests.
On a cluster a request about an event another node directs is forwarded to that node
(:attr:`TournamentDesk.forward`) and answered there; the asking connection then follows the
event on its own node, where the director's pushes reach it.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.lobby.accounts import Accounts
from server.lobby.arena_event import ArenaState
from server.lobby.clients import Client
from server.lobby.league_event import LeagueState
from server.lobby.matchmaking import Matchmaking
from server.lobby.pushes import OnlineUsers
from server.lobby.swiss_event import SwissState
from server.lobby.tournament_run import Event, GameEnd, TournamentRun, TournamentStore, event_from, no_stored_games
from server.store.records import StoreError
from shared.rules.presets import get_rules
from shared.wire import replies as R
from shared.wire.replies import Answer

log = logging.getLogger("scryptic.server")
FINISHED_LISTED = 20  # finished events the list shows (the newest)

# A request about an event, forwarded to the node that directs it: (client, request, event id) -> its answer.
Forward = Callable[[Client, Any, str], Awaitable[dict[str, Any]]]


class TournamentDesk:
    """The tournament requests of this server (see the module docstring)."""

    def __init__(self, archive: TournamentStore, accounts: Accounts, matchmaking: Matchmaking, online: OnlineUsers,
                 is_operator: Callable[[str], bool], node: str = "",
                 stored_end: Callable[[str], Awaitable[GameEnd | None]] = no_stored_games,
                 rating: Callable[[int, dict[str, Any]], float] = lambda user, time_control: 0.0) -> None:
        """The arguments but ``is_operator`` (whether a key is the operator's) are the run's
        (:class:`~server.lobby.tournament_run.TournamentRun`)."""
        self.run = TournamentRun(archive, accounts, matchmaking, online, node, stored_end, rating)
        self.accounts = accounts
        self.matchmaking = matchmaking
        self.online = online
        self.is_operator = is_operator
        self.forward: Forward | None = None  # on a cluster: the way to the node directing an event

    @property
    def events(self) -> dict[str, Event]:
        """Every event of this server, by id."""
        return self.run.events

    def handlers(self) -> dict[str, Callable[[Any, Any], Any]]:
        """The requests this desk answers, by type."""
        return {"create_tournament": self.create, "tournaments": self.listing, "tournament": self.one,
                "join_tournament": self.join, "leave_tournament": self.leave, "start_tournament": self.start}

    async def create(self, client: Client, req: P.CreateTournament) -> R.TournamentSummaryReply:
        """An operator's new arena (checked: the key, the map, the rule set, rated needs a clock)."""
        if not self.is_operator(req.key):
            raise ProtocolError("not_operator", "that is not this server's operator key (see docs/operating.md)")
        game_map = self.matchmaking.map_named(req.map)
        try:
            rules = get_rules(req.rules).name
        except ValueError as exc:
            raise ProtocolError("bad_rules", str(exc)) from None
        time_control = msgspec.to_builtins(req.time_control)
        if req.rated and time_control.get("kind", "none") == "none":
            raise ProtocolError("not_rateable", "rated games are played with a clock")
        common: dict[str, Any] = {"id": "t" + secrets.token_hex(5), "name": req.name, "starts": time.time() + req.start_in,
                                  "map": game_map.name, "rules": rules, "time_control": time_control, "rated": req.rated,
                                  "max_players": req.max_players, "node": self.run.node}
        state: Event
        if req.kind == "swiss":
            if req.rounds is None:
                raise ProtocolError("bad_message", "a swiss needs rounds (how many)")
            state = SwissState(rounds=req.rounds, **common)
        elif req.kind == "league":
            if req.seasons is None:
                raise ProtocolError("bad_message", "a league needs seasons (how many)")
            size = req.division_size or 8
            state = LeagueState(seasons=req.seasons, size=size, min_size=max(2, size // 2), move=max(1, size // 4), **common)
        else:
            if req.seconds is None:
                raise ProtocolError("bad_message", "an arena needs seconds (how long it runs)")
            state = ArenaState(seconds=req.seconds, **common)
        await self.run.save(state)
        self.run.events[state.id] = state
        self.run.arm(state)
        log.info("tournament created", extra={"data": {"tournament": state.id, "name": state.name}})
        return R.TournamentSummaryReply(tournament=self.run.views.summary(state))

    async def _refresh(self) -> None:
        """On a cluster, read again the events other nodes direct (their state is theirs to change)."""
        if self.run.directs is None:
            return
        for data in await self.run.archive.load_all():
            state = event_from(data)
            if not self.run.directed(state.id):
                await self.run.known(state)
                if not self.run.directed(state.id):  # (nor taken over meanwhile)
                    self.run.events[state.id] = state

    async def _elsewhere(self, client: Client, req: Any) -> dict[str, Any] | None:
        """On a cluster, the answer of the node that directs the event ``req`` names, if that is
        another node (None: this node answers). The connection follows the event here: the
        director's pushes reach it through :meth:`~server.lobby.tournament_run.TournamentRun.tell_here`."""
        await self.run.taken(req.tournament)
        if self.run.directs is None or self.forward is None or self.run.directs(req.tournament):
            return None
        try:
            data = await self.run.archive.load_one(req.tournament)
        except StoreError:
            raise ProtocolError("store_failed", "could not read the tournament; try again") from None
        if data is None:
            raise ProtocolError("no_such_tournament", f"no tournament {req.tournament}")
        if self.run.directs(req.tournament):
            return None  # this node took it over meanwhile
        state = self.run.events[req.tournament] = event_from(data)
        await self.run.known(state)
        if state.status == "finished":
            return None  # it changes no more and has no director: this node answers
        answer = await self.forward(client, req, req.tournament)
        if isinstance(answer.get("tournament"), dict) and answer["tournament"].get("id") == req.tournament:
            if not isinstance(req, P.LeaveTournament | P.StartTournament):
                self.run.watch(client, req.tournament)
        return answer

    async def listing(self, client: Client, req: P.Tournaments) -> R.TournamentsReply:
        """The events by status: upcoming (soonest first), running, finished (newest first)."""
        await self._refresh()
        by: dict[str, list[Event]] = {"upcoming": [], "running": [], "finished": []}
        for state in self.run.events.values():
            by[state.status].append(state)
        by["upcoming"].sort(key=lambda s: s.starts)
        by["finished"] = sorted(by["finished"], key=lambda s: -(s.ends or s.starts))[:FINISHED_LISTED]
        return R.TournamentsReply(**{status: [self.run.views.summary(s) for s in states] for status, states in by.items()})

    async def one(self, client: Client, req: P.Tournament) -> Answer:
        """The event and its standings; the connection is pushed each change from now on."""
        answer = await self._elsewhere(client, req)
        if answer is not None:
            return answer
        if req.tournament not in self.run.events:
            await self._refresh()
        state = self._find(req.tournament)
        self.run.watch(client, state.id)
        return R.TournamentDetailReply(tournament=self.run.views.detail(state))

    async def join(self, client: Client, req: P.JoinTournament) -> Answer:
        """Enter (or come back to) an event that has not finished and has room."""
        user = self.accounts.require(client)
        answer = await self._elsewhere(client, req)
        if answer is not None:
            return answer
        if req.tournament not in self.run.events:
            await self._refresh()
        async with self.run.lock(self._find(req.tournament).id):
            state = self._find(req.tournament)  # as it is now that the lock is held
            if state.status == "finished":
                raise ProtocolError("tournament_over", f"{state.name} has finished")
            if user.id in state.present:
                raise ProtocolError("already_joined", f"you are already in {state.name}")
            if isinstance(state, SwissState) and state.status == "running":
                raise ProtocolError("tournament_started", f"{state.name} has started: a swiss is joined before")
            if user.id not in state.players and len(state.players) >= state.max_players:
                raise ProtocolError("tournament_full", f"{state.name} takes {state.max_players} players")
            changed = msgspec.structs.replace(state, players=state.players + ([] if user.id in state.players else [user.id]),
                                              present=state.present + [user.id])
            await self.run.commit(changed)
        self.run.watch(client, state.id)
        self.run.spawn(self.run.pair, state.id)
        return R.TournamentDetailReply(tournament=self.run.views.detail(self.run.events[state.id]))

    async def leave(self, client: Client, req: P.LeaveTournament) -> Answer:
        """Stop being paired (a game in play goes on; the points stay)."""
        user = self.accounts.require(client)
        answer = await self._elsewhere(client, req)
        if answer is not None:
            return answer
        async with self.run.lock(self._find(req.tournament).id):
            state = self._find(req.tournament)
            if state.status == "finished":
                raise ProtocolError("tournament_over", f"{state.name} has finished")
            if user.id not in state.present:
                raise ProtocolError("not_joined", f"you are not in {state.name}")
            await self.run.commit(msgspec.structs.replace(state, present=[p for p in state.present if p != user.id]))
        return R.TournamentDetailReply(tournament=self.run.views.detail(self.run.events[state.id]))

    async def start(self, client: Client, req: P.StartTournament) -> Answer:
        """An operator's start of an upcoming event now (its timer then finds it started)."""
        if not self.is_operator(req.key):
            raise ProtocolError("not_operator", "that is not this server's operator key (see docs/operating.md)")
        answer = await self._elsewhere(client, req)
        if answer is not None:
            return answer
        if req.tournament not in self.run.events:
            await self._refresh()
        state = self._find(req.tournament)
        if state.status != "upcoming":
            raise ProtocolError("tournament_not_upcoming", f"{state.name} is {state.status}: only an upcoming event starts")
        await self.run.begin(state.id, now=True)
        return R.TournamentSummaryReply(tournament=self.run.views.summary(self.run.events[state.id]))

    def _find(self, tournament_id: str) -> Event:
        state = self.run.events.get(tournament_id)
        if state is None:
            raise ProtocolError("no_such_tournament", f"no tournament {tournament_id}")
        return state

    def audience(self, tournament_id: str) -> tuple[set[int], list[Any]]:
        """Who hears an event's lobby: its players (user ids) and every connection following
        it or of one of its players (``no_such_tournament`` if there is none)."""
        state = self._find(tournament_id)
        conns = {id(c): c for c in self.run.watchers.get(state.id, ())}
        for user in state.players:
            conns.update({id(c): c for c in self.online.connections(user)})
        return set(state.players), list(conns.values())
