"""The run of the tournaments a server directs: :class:`TournamentRun`.

An arena starts and ends at its times (timers on the event loop, set again after a restart
from the stored times). While it runs, whoever is free is paired at once through
:meth:`~server.lobby.matchmaking.Matchmaking.paired_game` (the same path as every game, rated
in its family) when a player joins, when a game of the arena ends, and when it starts; each
paired player is told with a ``tournament_game`` push and attaches to the seat. Every change is
stored (one row of state, :mod:`server.store.tournaments`) before it is pushed: the event's
summary and standings go to its players and to the connections that follow it, and
``tournament_over`` names the winner at the end.

On a cluster one node directs each event: the one holding its lease (:attr:`TournamentRun.directs`,
the leases of :mod:`server.cluster.lease`). The node that creates an event holds it first; when
that node dies, another claims the event and :meth:`TournamentRun.take` directs it from its
stored row: the games of the event that ended meanwhile are scored, its timers are set again
and the free players paired. The pushes go out on every node (:attr:`TournamentRun.beyond`
carries them, :meth:`TournamentRun.tell_here` pushes them to the connections of one node). A
game of the event may end on a node that does not direct it (games move on their own): the
director reads the ends of its games from the store every few seconds (:meth:`TournamentRun.score_stored`).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import msgspec

from server.edge.outbound import frame
from server.edge.protocol import ProtocolError
from server.lobby.accounts import Accounts
from server.lobby.arena_event import ArenaGame, ArenaState
from server.lobby.clients import Client
from server.lobby.league_event import LeagueState
from server.lobby.matchmaking import Matchmaking
from server.lobby.pushes import OnlineUsers
from server.lobby.swiss_event import SwissState
from server.lobby.tournament_views import TournamentViews
from server.store.records import StoreError
from shared import wire

log = logging.getLogger("scryptic.server")

UNCOUNTED = frozenset({"aborted"})  # endings that do not count in an arena
Event = ArenaState | SwissState | LeagueState
KINDS: dict[str, type[Event]] = {"arena": ArenaState, "swiss": SwissState, "league": LeagueState}


class TournamentStore(Protocol):
    """The stored tournaments (:class:`~server.store.tournaments.TournamentArchive`)."""

    async def load_all(self) -> list[dict[str, Any]]: ...

    async def save(self, tournament_id: str, status: str, state: dict[str, Any]) -> None: ...

    async def load_one(self, tournament_id: str) -> dict[str, Any] | None: ...


# A stored game's end, as the store has it: (ended at, result), or None while it is not over.
GameEnd = tuple[float, dict[str, Any] | None]

# A push of an event to the other nodes: (event id, its players, the frame).
Beyond = Callable[[str, list[int], bytes], None]


def event_from(data: dict[str, Any]) -> Event:
    """An event's state from its stored row."""
    return msgspec.convert(data, KINDS[data.get("kind", "arena")])


async def no_stored_games(game_id: str) -> GameEnd | None:
    """A ``stored_end`` for a server without a store of games: no game is over."""
    return None


class TournamentRun:
    """The events of this server, and the run of those it directs (see the module docstring)."""

    def __init__(self, archive: TournamentStore, accounts: Accounts, matchmaking: Matchmaking, online: OnlineUsers,
                 node: str = "", stored_end: Callable[[str], Awaitable[GameEnd | None]] = no_stored_games,
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
        self.events: dict[str, Event] = {}
        self.by_game: dict[str, str] = {}  # game id -> tournament id, for the games in play
        self.watchers: dict[str, weakref.WeakSet[Any]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._timers: dict[str, list[asyncio.TimerHandle]] = {}  # event id -> its start and end
        self._tasks: set[asyncio.Task[Any]] = set()
        self._taking: dict[str, asyncio.Event] = {}  # claimed here, being read and scored
        # On a cluster (set by the composition root): whether this node directs an event (None:
        # this server directs every event), and how a push reaches the other nodes' connections.
        self.directs: Callable[[str], bool] | None = None
        self.beyond: Beyond = lambda tournament_id, players, data: None
        self.finished: Callable[[str], None] = lambda tournament_id: None  # told of each event that ends here

    async def load(self) -> None:
        """Reload the stored events and set their timers (an event whose time to start or end
        passed while the server was down starts or ends now). A cluster node only reads them:
        it directs the events whose leases it claims (:meth:`take`)."""
        for data in await self.archive.load_all():
            state = event_from(data)
            self.events[state.id] = state
            if self.directs is None:
                for game in state.playing:
                    self.by_game[game.game] = state.id
        if self.directs is not None:
            return
        for state in list(self.events.values()):
            await self._recover(state.id)
            self.arm(self.events[state.id])

    def directed(self, tournament_id: str) -> bool:
        """Whether this server directs the event (on a cluster: holds its lease)."""
        return self.directs is None or self.directs(tournament_id)

    async def take(self, tournament_id: str, lease: Any = None) -> None:
        """Direct an event this cluster node just claimed: read its state from the store, score
        the games that ended meanwhile, set its timers and pair its free players."""
        taking = self._taking[tournament_id] = asyncio.Event()
        try:
            await self._take(tournament_id)
        finally:
            taking.set()
            if self._taking.get(tournament_id) is taking:
                del self._taking[tournament_id]

    async def taken(self, tournament_id: str, timeout: float = 10.0) -> None:
        """Wait (up to ``timeout`` seconds) while this node is taking the event over: until
        then its copy of the event is the one it read before, not the director's."""
        taking = self._taking.get(tournament_id)
        if taking is not None:
            try:
                await asyncio.wait_for(taking.wait(), timeout)
            except asyncio.TimeoutError:
                pass

    async def known(self, state: Event) -> None:
        """Read the accounts of the event's players that signed up on another node (they are
        shown by name)."""
        for user in state.players:
            await self.accounts.ensure(user)

    async def _take(self, tournament_id: str) -> None:
        data = await self.archive.load_one(tournament_id)
        if data is None:
            raise LookupError(f"claimed tournament {tournament_id} is not in the store")
        state = event_from(data)
        await self.known(state)
        self.events[state.id] = state
        for game in state.playing:
            self.by_game[game.game] = state.id
        if state.node != self.node:
            async with self.lock(state.id):
                await self.commit(msgspec.structs.replace(self.events[state.id], node=self.node))
        await self._recover(state.id)
        self.arm(self.events[state.id])
        log.info("tournament directed", extra={"data": {"tournament": state.id, "node": self.node}})

    def drop(self, tournament_id: str) -> None:
        """Stop directing an event (this node lost its lease: another node directs it now)."""
        for timer in self._timers.pop(tournament_id, []):
            timer.cancel()
        for game_id in [g for g, t in self.by_game.items() if t == tournament_id]:
            del self.by_game[game_id]
        log.warning("tournament no longer directed here", extra={"data": {"tournament": tournament_id}})

    async def score_stored(self, here: Callable[[str], bool]) -> None:
        """Score the games of the events this node directs that the store has as over (they
        ended on another node), and pair again. ``here(game_id)``: whether the game runs on
        this node (its end is told at once: it is not looked up)."""
        for state in list(self.events.values()):
            if state.status == "running" and state.playing and self.directed(state.id):
                await self._recover(state.id, pair=True, skip=here)

    async def _recover(self, tournament_id: str, pair: bool = False,
                       skip: Callable[[str], bool] = lambda game_id: False) -> None:
        """Score the event's games the store has as over that its row still has in play: the
        server stopped between storing a game's end and storing the event's (each is scored
        once: the scored game leaves ``playing`` in the same write)."""
        for game in [g for g in self.events[tournament_id].playing if not skip(g.game)]:
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

    def arm(self, state: Event) -> None:
        """Set the event's timers (its start, an arena's end) and pair its free players if it runs."""
        if not self.directed(state.id):
            return  # another cluster node directs it
        loop = asyncio.get_running_loop()
        now = time.time()
        timers = self._timers.setdefault(state.id, [])
        for timer in timers:
            timer.cancel()
        timers.clear()
        if state.status == "upcoming":
            timers.append(loop.call_later(max(0.0, state.starts - now), self.spawn, self.begin, state.id))
        if state.status != "finished" and isinstance(state, ArenaState):  # a swiss ends with its last round
            timers.append(loop.call_later(max(0.0, state.ends - now), self.spawn, self._end, state.id))
        if state.status == "running":
            self.spawn(self.pair, state.id)

    def spawn(self, fn: Callable[[str], Any], tournament_id: str) -> None:
        """Run ``fn(tournament_id)`` as a task (its failure is logged)."""
        task = asyncio.ensure_future(fn(tournament_id))
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("tournament task failed", exc_info=task.exception())

    def lock(self, tournament_id: str) -> asyncio.Lock:
        """The lock each change of the event is made under."""
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def begin(self, tournament_id: str, now: bool = False) -> None:
        """Start the event (``now``: before its time, which becomes now: an arena's end moves too)."""
        async with self.lock(tournament_id):
            state = self.events[tournament_id]
            if state.status != "upcoming":
                return
            if now:
                state = msgspec.structs.replace(state, starts=min(state.starts, time.time()))
            if isinstance(state, SwissState):
                time_control = state.time_control
                state = state.seeded(lambda user: self.rating(user, time_control))
            await self.commit(msgspec.structs.replace(state, status="running"))
        if now:
            self.arm(self.events[tournament_id])  # the arena's end at its new time, and the pairing
        else:
            await self.pair(tournament_id)

    async def _end(self, tournament_id: str) -> None:
        async with self.lock(tournament_id):
            state = self.events[tournament_id]
            if state.status == "finished":
                return
            winner = state.leader()
            done = msgspec.structs.replace(state, status="finished", winner=winner, playing=[])
            if not isinstance(done, ArenaState):
                done.ends = time.time()
            await self.commit(done)
        for game in state.playing:  # they are played out, and not counted
            self.by_game.pop(game.game, None)
        self._tell(done, wire.TournamentOverPush(tournament=self.views.detail(done), winner=self.views.user(winner)))
        log.info("tournament over", extra={"data": {"tournament": tournament_id, "winner": winner}})
        self.finished(tournament_id)

    async def pair(self, tournament_id: str) -> None:
        """Pair the event's free players (or end a swiss whose rounds are played)."""
        async with self.lock(tournament_id):
            state = self.events[tournament_id]
            step = state.next_round()
            if step is None:  # a swiss whose rounds are played
                self.spawn(self._end, tournament_id)
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
            await self.commit(state.paired(started, bye))
        for game in started:
            self.by_game[game.game] = state.id
            for seat, user in ((1, game.gold), (2, game.silver)):
                other = game.silver if seat == 1 else game.gold
                self.online.tell(user, "tournament_game", tournament=state.id, game=game.game, seat=seat,
                                 opponent=self.views.user(other))

    def game_finished(self, game_id: str, result: dict[str, Any] | None) -> None:
        """A game ended (the registry's hook): if it is an arena's, score it and pair again."""
        tournament_id = self.by_game.pop(game_id, None)
        if tournament_id is not None and self.directed(tournament_id):
            self.spawn(lambda tid: self._score(tid, game_id, result), tournament_id)

    async def _score(self, tournament_id: str, game_id: str, result: dict[str, Any] | None, *, pair: bool = True,
                     ended: float | None = None) -> None:
        """Count the game's result (``ended``: when it ended, for a result recovered from the
        store; an arena counts only the games that ended before it did), then pair again."""
        async with self.lock(tournament_id):
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
            await self.commit(changed)
        if pair:
            await self.pair(tournament_id)

    async def commit(self, state: Event) -> None:
        """Store the new state, then take it and push it (a failed write changes nothing)."""
        await self.save(state)
        self.events[state.id] = state
        self._tell(state, wire.TournamentPush(tournament=self.views.detail(state)))

    async def save(self, state: Event) -> None:
        """Store the event's state (``store_failed`` if that fails)."""
        try:
            await self.archive.save(state.id, state.status, msgspec.to_builtins(state))
        except StoreError:
            raise ProtocolError("store_failed", "could not store the tournament") from None

    def watch(self, client: Client, tournament_id: str) -> None:
        """Push the event's changes to ``client`` from now on."""
        if getattr(client, "remote", False):
            return  # a connection of another node, asking through it: that node pushes to it
        self.watchers.setdefault(tournament_id, weakref.WeakSet()).add(client)

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
