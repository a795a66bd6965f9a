"""The game server's composition root: :class:`GameServer` builds every part and wires them.

One place decides which store, bot player, lobby and edge a server has, and hands each part the few collaborators it needs (as lila-ws's ``LilaWs.scala`` does):

- the store: :class:`~server.store.sqlite.SQLiteStore`, used as a :class:`~server.store.interface.GameStore`;
- the bot player: :class:`~server.bots.BotRunner` (a process pool); the analyses: :class:`~server.analyses.AnalysisDesk`;
- the lobby: :class:`~server.lobby.registry.GameRegistry` (the live games, each a :class:`~server.host.game_host.GameHost`
  handed one shared :class:`~server.host.ports.HostContext`), :class:`~server.lobby.accounts.Accounts`,
  :class:`~server.lobby.matchmaking.Matchmaking`, :class:`~server.lobby.listings.Listings`, the tournament desk;
- the request table: :class:`~server.routes.Router`; the edge: :class:`~server.edge.listener.Listener`, one
  :class:`~server.edge.connection.Connection` per websocket, dispatching to the router.

``start()`` reloads every unfinished game by replaying its stored actions through the engine, then serves
websockets; ``stop()`` closes connections, timers and the store. ``docs/architecture.md`` follows one action.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from server.analyses import AnalysisDesk
from server.bots import BotRunner
from server.config import ServerConfig
from server.edge.connection import Connection
from server.edge.limits import AddressCounter
from server.edge.listener import Listener
from server.host.game_host import GameHost
from server.host.ports import HostSettings
from server.host.seats import ACTIVE, OPEN, OVER
from server.lobby.accounts import Accounts, User
from server.lobby.challenges import Challenges
from server.lobby.listings import Listings
from server.lobby.matchmaking import Matchmaking
from server.lobby.names import NamePolicy
from server.lobby.operator import Operator, load_operator_key
from server.lobby.profiles import Profiles
from server.lobby.pushes import LobbyFeed, OnlineUsers
from server.lobby.ratings import Ratings, rerate
from server.lobby.registry import GameRegistry
from server.health import HealthPages
from server.housekeeping import freeze_heap, hold_full_collections, housekeeping_loop, release_full_collections
from server.housekeeping import tune_process  # noqa: F401 - re-exported (scryptic server, the benchmark)
from server.metrics import Metrics
from server.puzzles import puzzle_desk
from server.replays import ReplayDesk
from server.routes import Router
from server.social import Social
from server.store.analyses import archive_for
from server.store.interface import GameStore
from server.store.records import StoreError
from server.store.sqlite import SQLiteStore
from shared.rules.lexicon import Lexicon
from shared.rules.terrain import GameMap
from shared.words.dictionary import offensive_words

if TYPE_CHECKING:  # imported when used: the single process needs neither asyncpg nor nats-py
    from server.cluster.lease import Lease
    from server.cluster.parts import ClusterParts
    from server.remote.lobby import ClusterLobby
    from server.remote.viewer import RemoteGames

log = logging.getLogger("scryptic.server")


class GameServer:
    """One server instance (see the module docstring)."""

    def __init__(
        self,
        config: ServerConfig,
        lexicon: Lexicon,
        maps: dict[str, GameMap] | None = None,
        lexicon_factory: Callable[[], Lexicon] | None = None,
    ) -> None:
        """Build the parts; raises :class:`StoreError` if the database cannot be used."""
        self.config = config
        self.lexicon = lexicon
        self.metrics = Metrics()
        self.cluster: ClusterParts | None = None
        self.remote: RemoteGames | None = None  # routes to the other nodes of a cluster (with a bus)
        self.cluster_lobby: ClusterLobby | None = None  # the lobby across the nodes (with a bus)
        if config.db_url:  # a cluster node (docs/cluster.md); else the single process on SQLite
            from server.cluster.parts import ClusterParts

            self.cluster = ClusterParts(config.db_url, config.bus_url, config.node_id, config.lease_ttl)
            self.cluster.store.rerate = rerate  # a rating another node moved is caught as the game's end is stored
        self.store: GameStore = self.cluster.store if self.cluster else SQLiteStore(config.resolved_db_path())
        self.store.on_durable = self.metrics.store_write_done
        self.bots = BotRunner(lexicon_factory or (lambda: lexicon), config.bot_workers)
        settings = HostSettings(config.event_tail, config.defence_timeout, config.abandon_grace)
        self.ratings = Ratings()
        self.online = OnlineUsers()
        self.feed = LobbyFeed()
        self.registry = GameRegistry(
            self.store,
            lexicon,
            settings,
            self.bots,
            names=lambda user_id: self.accounts.name_of(user_id),
            action_done=self.metrics.action_done,
            ratings=self.ratings,
            feed=self.feed,
            online=self.online,
        )
        self.accounts = Accounts(
            self.store, offer=lambda: self.matchmaking.offer(), renamed=self._user_renamed, signed_in=self.online.add,
            directory=self.cluster.store if self.cluster else None, names=NamePolicy(offensive_words()),
            told=self._tell_renamed,
        )
        self.matchmaking = Matchmaking(config, maps, self.registry, self.accounts, self.store, self.bots)
        self.challenges = Challenges(self.accounts, self.matchmaking, self.registry, self.online)
        self.listings = Listings(
            self.registry, self.accounts, self.store, self.feed, self.ratings, self.bots.level_names, self.challenges.waiting_for
        )
        self.profiles = Profiles(self.accounts, self.ratings, self.store, self.online)
        self.operator = Operator(
            load_operator_key(config.resolved_admin_key_file()), self.accounts, self.registry,
            connections=lambda: self.listener.connections,
        )
        self.analyses = AnalysisDesk(archive_for(self.store), self.listings.export, lexicon_factory or (lambda: lexicon),
                                     config.analysis_workers, config.analysis_queue, config.analyses_per_user, config.analysis_depth)
        self.social = Social(self.store, self.accounts, self.matchmaking, self.registry, self.online, self.operator, self.challenges,
                             self.cluster.node_id if self.cluster else "")
        self.puzzles = puzzle_desk(self.store, self.registry, lexicon, lexicon_factory or (lambda: lexicon), config)
        self.router = Router(self.accounts, self.matchmaking, self.listings, self.registry, self.stats, self.challenges,
                             self.profiles, self.operator, self.analyses, self.puzzles,
                             {**self.social.handlers(), **ReplayDesk(self.listings.export, lexicon).handlers()})
        self.health = HealthPages(self.metrics, self.not_ready, self._summary, web_client=config.web_client)
        self.metrics.watch(self._readout)
        self.listener = Listener(config, self.metrics, self.router.dispatch, self.spawn, self.router.forget, self.health)
        if self.cluster:
            self.cluster.attach(self._load_claimed, self._drop_game)
            self.registry.removed = lambda host: self.cluster.let_go(host.id) if self.cluster else None
            self.social.lease_tournaments(self.cluster)
            if self.cluster.mesh is not None:
                self._wire_remote(self.cluster)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopping = False
        self._gc_thresholds: tuple[int, int, int] | None = None  # the collector's, while serving
        self._store_error: str | None = None  # the last heartbeat write failed with this (for /healthz)

    # ------------------------------------------------------------------------------ what tests and
    # the benchmark look at

    @property
    def port(self) -> int | None:
        """The bound port, once started."""
        return self.listener.port

    @property
    def rooms(self) -> dict[str, GameHost]:
        """The games in memory, by id."""
        return self.registry.hosts

    @property
    def users(self) -> dict[int, User]:
        """The accounts, by id."""
        return self.accounts.users

    @property
    def connections(self) -> set[Connection]:
        """The open connections."""
        return self.listener.connections

    @property
    def addresses(self) -> AddressCounter:
        """Open connections per client address."""
        return self.listener.addresses

    def _drop_game(self, game_id: str) -> None:
        """A cluster node lost a game's lease: take the game out of memory."""
        host = self.registry.hosts.get(game_id)
        if host is not None:
            self.registry.unregister(host)

    async def _load_claimed(self, game_id: str, lease: Lease) -> None:
        """Load a game this cluster node just claimed. Its clock does not charge the time since
        its previous owner was last known alive (docs/cluster.md, "Clocks after a failover")."""
        last_alive = None if lease.idle is None else time.time() - lease.idle
        host = await self.registry.get(game_id, resume_from=last_alive)
        if host is None:
            raise LookupError(f"claimed game {game_id} is not in the store")
        for seat in host.seats.values():
            if seat.user_id is not None:
                await self.accounts.ensure(seat.user_id)  # a player who signed up on another node
        if last_alive is not None and host.clock.enabled and host.status == ACTIVE and self.cluster is not None:
            try:
                await self.cluster.store.save_clock(game_id, host.clock.to_dict())
            except StoreError as exc:  # the next action stores the clock anyway
                log.warning("clock checkpoint not stored", extra={"data": {"game": game_id, "error": str(exc)}})

    def _wire_remote(self, cluster: ClusterParts) -> None:
        """Any node answers for any game (server.remote): requests for games run elsewhere go to
        their owner; requests from other nodes are answered here by the same router."""
        from server.remote.owner import RemoteClient, RemoteFollowers
        from server.remote.viewer import RemoteGames

        mesh = cluster.mesh
        assert mesh is not None
        followers = RemoteFollowers(mesh, self.router.dispatch_here, self.router.forget, self.accounts.ensure, cluster.runs)
        remote = RemoteGames(mesh, cluster.node_id, cluster.runs, self.router.dispatch_here, cluster.holder, cluster.claim,
                             cluster.store.game_by_code, cluster.settled, patience=cluster.leases.ttl * 4 / 3 + 2.0)
        self.router.remote = remote
        mesh.on_request = followers.answer
        mesh.on_frames = remote.frames

        def notice(sender: str, item: list[Any]) -> None:
            followers.notice(sender, item)
            remote.notice(sender, item)

        def gone(address: str) -> None:
            followers.node_gone(address)
            remote.node_gone(address)

        mesh.on_notice = notice
        mesh.on_gone = gone
        mesh.on_arrived = remote.game_elsewhere
        def moved(game_id: str) -> None:
            host = self.registry.hosts.get(game_id)
            if host is not None:  # its local followers follow it to its next node too
                for conn in list(host.subscribers()):
                    if not isinstance(conn, RemoteClient):
                        seat = conn.seats.get(game_id)
                        remote.follow_elsewhere(conn, game_id, None if seat is None else int(seat), host.version)
            followers.game_moved(game_id)

        cluster.moved = moved
        cluster.arrived = remote.game_arrived
        self.remote = remote
        from server.remote.lobby import ClusterLobby

        self.cluster_lobby = ClusterLobby(mesh.address, self.feed, self.online, self.registry.lobby_lines,
                                          self.listings.mine_here, lambda: list(mesh.seen))
        self.listings.elsewhere = self.cluster_lobby.elsewhere
        self.cluster_lobby.renamed_elsewhere = self._renamed_elsewhere
        self.cluster_lobby.banned_elsewhere = self._banned_elsewhere
        self.operator.spread = self.cluster_lobby.tell_banned
        self.listings.mine_elsewhere = self.cluster_lobby.mine
        self.social.relay_tournaments(mesh, self.cluster_lobby, patience=cluster.leases.ttl * 4 / 3 + 4.0)

    def _user_renamed(self, user_id: int) -> None:
        """A user of this node renamed: their games here show it, and so do the other nodes'."""
        self.registry.user_renamed(user_id)
        name = self.accounts.name_of(user_id)
        if self.cluster_lobby is not None and name is not None:
            self.cluster_lobby.tell_renamed(user_id, name)

    def _tell_renamed(self, user_id: int, user: dict[str, Any]) -> None:
        """The operator renamed ``user_id``: each of its connections gets a ``renamed`` push."""
        self.online.tell(user_id, "renamed", user=user)

    def _renamed_elsewhere(self, user_id: int, name: str) -> None:
        if self.accounts.renamed_elsewhere(user_id, name):
            self.registry.user_renamed(user_id)

    def _banned_elsewhere(self, user_id: int, reason: str | None) -> None:
        """The operator banned ``user_id`` (or lifted the ban) on another node: the same here."""
        user = self.accounts.users.get(user_id)
        if user is not None:
            user.banned = reason
        if reason is not None:
            self.spawn(self.operator.enforce_ban(user_id, reason))

    # ------------------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Reload the store, then listen. ``self.port`` is the bound port afterwards."""
        now = time.time()
        state = self.cluster.load_state() if self.cluster else self.store.load_state()
        self.accounts.load(state.users)
        self.ratings.load(state.ratings)
        await self.social.load()  # and arm the tournaments' timers, before the games: one ending as it is reloaded counts
        checkpoints = self.registry.reload(state.games, state.heartbeat, now)
        await self.store.note_alive(now, checkpoints)
        self.registry.start_all(now)
        if self.cluster:
            await self.cluster.start()
            if self.cluster_lobby is not None and self.cluster.bus is not None:
                await self.cluster_lobby.start(self.cluster.bus)
        self._gc_thresholds = hold_full_collections(self.config)
        freeze_heap(self.config)
        log.info(
            "reloaded",
            extra={"data": {"games": len(self.rooms), "users": len(self.users), "last_alive": state.heartbeat}},
        )
        await self.listener.start()
        if self.config.bot_warm_up:
            self.bots.start()
        self.spawn(self._heartbeat_loop())
        self.spawn(housekeeping_loop(self.config, self.registry))
        if self.cluster:
            self.spawn(self.social.keep_scoring(self.cluster.tournament_leases.ttl / 3))
        if self.config.stats_interval > 0:
            self.spawn(self._stats_loop())
        scheme = "wss" if self.listener.ssl is not None else "ws"
        log.info("listening", extra={"data": {"host": self.config.host, "port": self.port, "url": f"{scheme}://{self.config.host}:{self.port}",
                                              "db": str(self.config.resolved_db_path()),
                                              "admin_key": str(self.config.resolved_admin_key_file())}})

    async def stop(self) -> None:
        """Close every connection and timer, note the time, and close the store."""
        if self._stopping:
            return
        self._stopping = True
        self.listener.stop_accepting()
        self.registry.closing = True
        await self.listener.close()
        self.registry.cancel_timers()
        self.social.stop()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        try:
            await self.store.note_alive(time.time())
        except StoreError:
            pass
        if self.cluster_lobby is not None:
            await self.cluster_lobby.stop()
        if self.cluster:
            await self.cluster.stop()
        await asyncio.gather(self.analyses.close(), self.puzzles.close())
        self.store.close()
        self.bots.close()
        release_full_collections(self._gc_thresholds)
        self._gc_thresholds = None
        log.info("stopped", extra={"data": self.metrics.totals()})

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task the server keeps track of (and cancels on stop)."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _heartbeat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.heartbeat_interval)
            try:
                await self.store.note_alive(time.time())
                self._store_error = None
            except StoreError as exc:
                self._store_error = str(exc)
                log.error("heartbeat failed", extra={"data": {"error": str(exc)}})

    async def _stats_loop(self) -> None:
        self.metrics.rates()
        while True:
            await asyncio.sleep(self.config.stats_interval)
            log.info("stats", extra={"data": self.stats()})

    def not_ready(self) -> list[str]:
        """Why the server does not take games now (``/healthz``); empty when it does."""
        why = []
        if self._stopping or not self.listener.accepting:
            why.append("the server is shutting down")
        if self._store_error is not None:
            why.append(f"the store failed its last write: {self._store_error}")
        return why

    def _summary(self) -> dict[str, Any]:
        by_status = self.registry.count_by_status()
        return {"uptime_s": round(time.time() - self.metrics.started, 1), "connections": len(self.connections),
                "games_active": by_status[ACTIVE], **({"node": self.cluster.node_id} if self.cluster else {})}

    def stats(self) -> dict[str, Any]:
        """The health readout: games, connections, users, rates and totals."""
        return {**self._readout(), **self.metrics.rates(), **self.metrics.totals()}

    def _readout(self) -> dict[str, Any]:
        """The readout without the rates (which are per call): for ``/metrics`` too."""
        by_status = self.registry.count_by_status()
        return {
            "games_open": by_status[OPEN],
            "games_active": by_status[ACTIVE],
            "games_finished_in_memory": by_status[OVER],
            "connections": len(self.connections),
            "users": len(self.users),
            "store_commits": self.store.commits,
            "store_units": self.store.units,
            "bot_jobs": self.bots.jobs,
            "bot_waiting": self.bots.waiting,
            "bot_player": self.bots.label,
            **self.puzzles.stats(),
            **(self.cluster.stats() if self.cluster else {}),
            **(self.remote.stats() if self.remote else {}),
        }


async def run_server(server: GameServer, stop: asyncio.Event) -> None:
    """Start ``server``, wait for ``stop``, then stop it (also if it could not start)."""
    try:
        await server.start()
        await stop.wait()
    finally:
        await server.stop()
