"""The tournament desk: the ``create_tournament``, ``tournaments``, ``tournament``,
``join_tournament`` and ``leave_tournament`` requests, and the arenas it runs.

An arena starts and ends at its times (timers on the event loop, set again after a restart
from the stored times). While it runs, whoever is free is paired at once through
:meth:`~server.lobby.matchmaking.Matchmaking.paired_game` (the same path as every game, rated
in its family) when a player joins, when a game of the arena ends, and when it starts; each
paired player is told with a ``tournament_game`` push and attaches to the seat. Every change is
stored (one row of state, :mod:`server.store.tournaments`) before it is pushed: the event's
summary and standings go to its players and to the connections that asked for it
(``tournament``), and ``tournament_over`` names the winner at the end.

On a cluster one node directs each event: the one holding its lease (:attr:`TournamentDesk.directs`,
the leases of :mod:`server.cluster.lease`). The node that creates an event holds it first; when
that node dies, another claims the event and :meth:`TournamentDesk.take` directs it from its
stored row: the games of the event that ended meanwhile are scored, its timers are set again
and the free players paired. A request about an event another node directs is forwarded there
(:attr:`TournamentDesk.forward`), and the pushes go out on every node (:attr:`TournamentDesk.beyond`
carries them, :meth:`TournamentDesk.tell_here` pushes them to the connections of one node). A
game of the event may end on a node that does not direct it (games move on their own): the
director reads the ends of its games from the store every few seconds (:meth:`TournamentDesk.score_stored`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import msgspec

from server.edge import protocol as P
from server.edge.outbound import frame
from server.edge.protocol import ProtocolError
from server.lobby.accounts import Accounts
from server.lobby.arena_event import ArenaGame, ArenaState
from server.lobby.clients import Client
from server.lobby.matchmaking import Matchmaking
from server.lobby.pushes import OnlineUsers
from server.lobby.league_event import LeagueState
from server.lobby.swiss_event import SwissState
from server.lobby.tournament_views import TournamentViews
from server.store.records import StoreError
from shared import wire
from shared.rules.presets import get_rules

log = logging.getLogger("scryptic.server")

FINISHED_LISTED = 20  # finished events the list shows (the newest)
UNCOUNTED = frozenset({"aborted"})  # endings that do not count in an arena
Event = ArenaState | SwissState | LeagueState
KINDS: dict[str, type[Event]] = {"arena": ArenaState, "swiss": SwissState, "league": LeagueState}


class TournamentStore(Protocol):
    """The stored tournaments (:class:`~server.store.tournaments.TournamentArchive`)."""

    async def load_all(self) -> list[dict[str, Any]]: ...

    async def save(self, tournament_id: str, status: str, state: dict[str, Any]) -> None: ...


# A stored game's end, as the store has it: (ended at, result), or None while it is not over.
GameEnd = tuple[float, dict[str, Any] | None]

# A request about an event, forwarded to the node that directs it: (client, request, event id) -> its answer.
Forward = Callable[[Client, Any, str], Awaitable[dict[str, Any]]]
# A push of an event to the other nodes: (event id, its players, the frame).
Beyond = Callable[[str, list[int], bytes], None]


async def _no_games(game_id: str) -> GameEnd | None:
    return None


class TournamentDesk:
    """Every tournament of this server (see the module docstring)."""

    def __init__(self, archive: TournamentStore, accounts: Accounts, matchmaking: Matchmaking, online: OnlineUsers,
                 is_operator: Callable[[str], bool], node: str = "",
                 stored_end: Callable[[str], Awaitable[GameEnd | None]] = _no_games,
                 rating: Callable[[int, dict[str, Any]], float] = lambda user, time_control: 0.0) -> None:
        """``node``: this cluster node's name (written in the events it directs).
        ``stored_end``: how a game ended according to the store (None: it is not over).
        ``rating``: a player's rating for an event's time control (a swiss seeds by it)."""
        self.node = node
        self.rating = rating
        self.stored_end = stored_end
        self.archive = archive
        self.accounts = accounts
        self.views = TournamentViews(accounts)
        self.matchmaking = matchmaking
        self.online = online
        self.is_operator = is_operator
        self.events: dict[str, Event] = {}
        self.by_game: dict[str, str] = {}  # game id -> tournament id, for the games in play
        self.watchers: dict[str, weakref.WeakSet[Any]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._timers: dict[str, list[asyncio.TimerHandle]] = {}  # event id -> its start and end
        self._tasks: set[asyncio.Task[Any]] = set()
        # On a cluster (set by the composition root): whether this node directs an event (None:
        # this server directs every event), how a request reaches the node that does, and how
        # a push reaches the other nodes' connections.
        self.directs: Callable[[str], bool] | None = None
        self.forward: Forward | None = None
        self.beyond: Beyond = lambda tournament_id, players, data: None

    def handlers(self) -> dict[str, Callable[[Any, Any], Any]]:
        """The requests this desk answers, by type."""
        return {"create_tournament": self.create, "tournaments": self.listing, "tournament": self.one,
                "join_tournament": self.join, "leave_tournament": self.leave, "start_tournament": self.start}

    # ------------------------------------------------------------------------------ lifecycle

    async def load(self) -> None:
        """Reload the stored events and set their timers (an event whose time to start or end
        passed while the server was down starts or ends now). A cluster node only reads them:
        it directs the events whose leases it claims (:meth:`take`)."""
        for data in await self.archive.load_all():
            state: Event = msgspec.convert(data, KINDS[data.get("kind", "arena")])
            self.events[state.id] = state
            if self.directs is None:
                for game in state.playing:
                    self.by_game[game.game] = state.id
        if self.directs is not None:
            return
        for state in list(self.events.values()):
            await self._recover(state.id)
            self._arm(self.events[state.id])

    def _directed(self, tournament_id: str) -> bool:
        return self.directs is None or self.directs(tournament_id)

    async def take(self, tournament_id: str, lease: Any = None) -> None:
        """Direct an event this cluster node just claimed: read its state from the store, score
        the games that ended meanwhile, set its timers and pair its free players."""
        data = await self.archive.load_one(tournament_id)
        if data is None:
            raise LookupError(f"claimed tournament {tournament_id} is not in the store")
        state: Event = msgspec.convert(data, KINDS[data.get("kind", "arena")])
        for user in state.players:
            await self.accounts.ensure(user)  # a player who signed up on another node: shown by name
        self.events[state.id] = state
        for game in state.playing:
            self.by_game[game.game] = state.id
        if state.node != self.node:
            async with self._lock(state.id):
                await self._commit(msgspec.structs.replace(self.events[state.id], node=self.node))
        await self._recover(state.id)
        self._arm(self.events[state.id])
        log.info("tournament directed", extra={"data": {"tournament": state.id, "node": self.node}})

    def drop(self, tournament_id: str) -> None:
        """Stop directing an event (this node lost its lease: another node directs it now)."""
        for timer in self._timers.pop(tournament_id, []):
            timer.cancel()
        for game_id in [g for g, t in self.by_game.items() if t == tournament_id]:
            del self.by_game[game_id]
        log.warning("tournament no longer directed here", extra={"data": {"tournament": tournament_id}})

    async def score_stored(self) -> None:
        """Score the games of the events this node directs that the store has as over (they
        ended on another node, or before this node took the event), and pair again."""
        for state in list(self.events.values()):
            if state.status == "running" and state.playing and self._directed(state.id):
                await self._recover(state.id, pair=True)

    async def _recover(self, tournament_id: str, pair: bool = False) -> None:
        """Score the event's games the store has as over that its row still has in play: the
        server stopped between storing a game's end and storing the event's (each is scored
        once: the scored game leaves ``playing`` in the same write)."""
        for game in list(self.events[tournament_id].playing):
            try:
                end = await self.stored_end(game.game)
            except StoreError:
                log.warning("tournament recovery could not read a game", extra={"data": {"game": game.game}})
                continue
            if end is None:
                continue
            ended, result = end
            self.by_game.pop(game.game, None)
            await self._score(tournament_id, game.game, result, pair=pair, ended=ended)
            log.info("tournament result recovered", extra={"data": {"tournament": tournament_id, "game": game.game}})

    def stop(self) -> None:
        """Cancel the timers and the tasks in flight."""
        for timers in self._timers.values():
            for timer in timers:
                timer.cancel()
        self._timers.clear()
        for task in list(self._tasks):
            task.cancel()

    def _arm(self, state: Event) -> None:
        if not self._directed(state.id):
            return  # another cluster node directs it
        loop = asyncio.get_running_loop()
        now = time.time()
        timers = self._timers.setdefault(state.id, [])
        for timer in timers:
            timer.cancel()
        timers.clear()
        if state.status == "upcoming":
            timers.append(loop.call_later(max(0.0, state.starts - now), self._spawn, self._begin, state.id))
        if state.status != "finished" and isinstance(state, ArenaState):  # a swiss ends with its last round
            timers.append(loop.call_later(max(0.0, state.ends - now), self._spawn, self._end, state.id))
        if state.status == "running":
            self._spawn(self._pair, state.id)

    def _spawn(self, fn: Callable[[str], Any], tournament_id: str) -> None:
        task = asyncio.ensure_future(fn(tournament_id))
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("tournament task failed", exc_info=task.exception())

    def _lock(self, tournament_id: str) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # ------------------------------------------------------------------------------ requests

    async def create(self, client: Client, req: P.CreateTournament) -> dict[str, Any]:
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
                                  "max_players": req.max_players, "node": self.node}
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
        await self._save(state)
        self.events[state.id] = state
        self._arm(state)
        log.info("tournament created", extra={"data": {"tournament": state.id, "name": state.name}})
        return {"tournament": self.views.summary(state)}

    async def _refresh(self) -> None:
        """On a cluster, read again the events other nodes direct (their state is theirs to change)."""
        if self.directs is None:
            return
        for data in await self.archive.load_all():
            state: Event = msgspec.convert(data, KINDS[data.get("kind", "arena")])
            if not self._directed(state.id):
                self.events[state.id] = state

    async def _elsewhere(self, client: Client, req: Any) -> dict[str, Any] | None:
        """On a cluster, the answer of the node that directs the event ``req`` names, if that is
        another node (None: this node answers). The connection follows the event here: the
        director's pushes reach it through :meth:`tell_here`."""
        if self.directs is None or self.forward is None or self.directs(req.tournament):
            return None
        if req.tournament not in self.events:
            await self._refresh()
        self._find(req.tournament)  # no_such_tournament, asked of nobody
        answer = await self.forward(client, req, req.tournament)
        if isinstance(answer.get("tournament"), dict) and answer["tournament"].get("id") == req.tournament:
            if not isinstance(req, P.LeaveTournament | P.StartTournament):
                self._watch(client, req.tournament)
        return answer

    def _watch(self, client: Client, tournament_id: str) -> None:
        if getattr(client, "remote", False):
            return  # a connection of another node, asking through it: that node pushes to it
        self.watchers.setdefault(tournament_id, weakref.WeakSet()).add(client)

    async def listing(self, client: Client, req: P.Tournaments) -> dict[str, Any]:
        """The events by status: upcoming (soonest first), running, finished (newest first)."""
        await self._refresh()
        by: dict[str, list[Event]] = {"upcoming": [], "running": [], "finished": []}
        for state in self.events.values():
            by[state.status].append(state)
        by["upcoming"].sort(key=lambda s: s.starts)
        by["finished"] = sorted(by["finished"], key=lambda s: -(s.ends or s.starts))[:FINISHED_LISTED]
        return {status: [self.views.summary(s) for s in states] for status, states in by.items()}

    async def one(self, client: Client, req: P.Tournament) -> dict[str, Any]:
        """The event and its standings; the connection is pushed each change from now on."""
        answer = await self._elsewhere(client, req)
        if answer is not None:
            return answer
        if req.tournament not in self.events:
            await self._refresh()
        state = self._find(req.tournament)
        self._watch(client, state.id)
        return {"tournament": self.views.detail(state)}

    async def join(self, client: Client, req: P.JoinTournament) -> dict[str, Any]:
        """Enter (or come back to) an event that has not finished and has room."""
        user = self.accounts.require(client)
        answer = await self._elsewhere(client, req)
        if answer is not None:
            return answer
        if req.tournament not in self.events:
            await self._refresh()
        async with self._lock(self._find(req.tournament).id):
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
            await self._commit(changed)
        self._watch(client, state.id)
        self._spawn(self._pair, state.id)
        return {"tournament": self.views.detail(self.events[state.id])}

    async def leave(self, client: Client, req: P.LeaveTournament) -> dict[str, Any]:
        """Stop being paired (a game in play goes on; the points stay)."""
        user = self.accounts.require(client)
        answer = await self._elsewhere(client, req)
        if answer is not None:
            return answer
        async with self._lock(self._find(req.tournament).id):
            state = self._find(req.tournament)
            if state.status == "finished":
                raise ProtocolError("tournament_over", f"{state.name} has finished")
            if user.id not in state.present:
                raise ProtocolError("not_joined", f"you are not in {state.name}")
            await self._commit(msgspec.structs.replace(state, present=[p for p in state.present if p != user.id]))
        return {"tournament": self.views.detail(self.events[state.id])}

    async def start(self, client: Client, req: P.StartTournament) -> dict[str, Any]:
        """An operator's start of an upcoming event now (its timer then finds it started)."""
        if not self.is_operator(req.key):
            raise ProtocolError("not_operator", "that is not this server's operator key (see docs/operating.md)")
        answer = await self._elsewhere(client, req)
        if answer is not None:
            return answer
        if req.tournament not in self.events:
            await self._refresh()
        state = self._find(req.tournament)
        if state.status != "upcoming":
            raise ProtocolError("tournament_not_upcoming", f"{state.name} is {state.status}: only an upcoming event starts")
        await self._begin(state.id, now=True)
        return {"tournament": self.views.summary(self.events[state.id])}

    def _find(self, tournament_id: str) -> Event:
        state = self.events.get(tournament_id)
        if state is None:
            raise ProtocolError("no_such_tournament", f"no tournament {tournament_id}")
        return state

    # ------------------------------------------------------------------------------ the run

    async def _begin(self, tournament_id: str, now: bool = False) -> None:
        """Start the event (``now``: before its time, which becomes now: an arena's end moves too)."""
        async with self._lock(tournament_id):
            state = self.events[tournament_id]
            if state.status != "upcoming":
                return
            if now:
                state = msgspec.structs.replace(state, starts=min(state.starts, time.time()))
            if isinstance(state, SwissState):
                time_control = state.time_control
                state = state.seeded(lambda user: self.rating(user, time_control))
            await self._commit(msgspec.structs.replace(state, status="running"))
        if now:
            self._arm(self.events[tournament_id])  # the arena's end at its new time, and the pairing
        else:
            await self._pair(tournament_id)

    async def _end(self, tournament_id: str) -> None:
        async with self._lock(tournament_id):
            state = self.events[tournament_id]
            if state.status == "finished":
                return
            winner = state.leader()
            done = msgspec.structs.replace(state, status="finished", winner=winner, playing=[])
            if not isinstance(done, ArenaState):
                done.ends = time.time()
            await self._commit(done)
        for game in state.playing:  # they are played out, and not counted
            self.by_game.pop(game.game, None)
        self._tell(done, wire.TournamentOverPush(tournament=self.views.detail(done), winner=self.views.user(winner)))
        log.info("tournament over", extra={"data": {"tournament": tournament_id, "winner": winner}})

    async def _pair(self, tournament_id: str) -> None:
        async with self._lock(tournament_id):
            state = self.events[tournament_id]
            step = state.next_round()
            if step is None:  # a swiss whose rounds are played
                self._spawn(self._end, tournament_id)
                return
            pairs, bye = step
            if not pairs and bye is None:
                return
            number = state.game_round()
            started: list[ArenaGame] = []
            for gold, silver in pairs:
                try:
                    host = await self.matchmaking.paired_game(state.map, state.rules, state.time_control, state.rated,
                                                              gold, silver, {"tournament": state.id})
                except ProtocolError as exc:  # the store failed, or the server is closing: try later
                    log.warning("tournament pairing failed", extra={"data": {"tournament": state.id, "error": exc.reason}})
                    break
                started.append(ArenaGame(host.id, gold, silver, round=number))
            await self._commit(state.paired(started, bye))
        for game in started:
            self.by_game[game.game] = state.id
            for seat, user in ((1, game.gold), (2, game.silver)):
                other = game.silver if seat == 1 else game.gold
                self.online.tell(user, "tournament_game", tournament=state.id, game=game.game, seat=seat,
                                 opponent=self.views.user(other))

    def game_finished(self, game_id: str, result: dict[str, Any] | None) -> None:
        """A game ended (the registry's hook): if it is an arena's, score it and pair again."""
        tournament_id = self.by_game.pop(game_id, None)
        if tournament_id is not None and self._directed(tournament_id):
            self._spawn(lambda tid: self._score(tid, game_id, result), tournament_id)

    async def _score(self, tournament_id: str, game_id: str, result: dict[str, Any] | None, *, pair: bool = True,
                     ended: float | None = None) -> None:
        """Count the game's result (``ended``: when it ended, for a result recovered from the
        store; an arena counts only the games that ended before it did), then pair again."""
        async with self._lock(tournament_id):
            state = self.events[tournament_id]
            changed = msgspec.structs.replace(state, playing=list(state.playing), finished=list(state.finished))
            game = next((g for g in state.playing if g.game == game_id), None)
            if game is None:
                return
            seat = (result or {}).get("winner")
            winner = game.gold if seat == 1 else game.silver if seat == 2 else None
            counted = changed.status == "running" and (result or {}).get("reason") not in UNCOUNTED
            if ended is not None and isinstance(changed, ArenaState):
                counted = counted and ended <= changed.ends
            changed.game_over(game_id, winner, counted)
            await self._commit(changed)
        if pair:
            await self._pair(tournament_id)

    async def _commit(self, state: Event) -> None:
        """Store the new state, then take it and push it (a failed write changes nothing)."""
        await self._save(state)
        self.events[state.id] = state
        self._tell(state, wire.TournamentPush(tournament=self.views.detail(state)))

    async def _save(self, state: Event) -> None:
        try:
            await self.archive.save(state.id, state.status, msgspec.to_builtins(state))
        except StoreError:
            raise ProtocolError("store_failed", "could not store the tournament") from None

    def audience(self, tournament_id: str) -> tuple[set[int], list[Any]]:
        """Who hears an event's lobby: its players (user ids) and every connection following
        it or of one of its players (``no_such_tournament`` if there is none)."""
        state = self._find(tournament_id)
        conns = {id(c): c for c in self.watchers.get(state.id, ())}
        for user in state.players:
            conns.update({id(c): c for c in self.online.connections(user)})
        return set(state.players), list(conns.values())

    def _tell(self, state: Event, message: wire.TournamentPush | wire.TournamentOverPush) -> None:
        data = frame(message)
        self.tell_here(state.id, list(state.players), data)
        self.beyond(state.id, list(state.players), data)

    def tell_here(self, tournament_id: str, players: list[int], data: bytes) -> None:
        """Push one of an event's frames to this node's connections that follow the event, and
        to those of its players that do not."""
        told: set[int] = set()
        for client in list(self.watchers.get(tournament_id, ())):
            client.push(data)
            if client.user_id is not None:
                told.add(client.user_id)
        for user in players:
            if user not in told:
                for client in self.online.connections(user):
                    client.push(data)
