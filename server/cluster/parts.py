"""What the composition root builds for a cluster node: :class:`ClusterParts`.

A node is ``scryptic server --db postgresql://... [--bus nats://...]``: the PostgreSQL store
(its writes fenced by this node's leases, its new games leased to this node in the same
transaction), the leases, the node loop, and when a bus is named the NATS bus and the mesh
(:mod:`server.cluster.mesh`): the node serves the requests of exactly the games it holds, from
the moment a game is in its memory until its lease is lost or given up.

Tournaments are leased the same way (:data:`~server.cluster.lease.TOURNAMENT_LEASES`, a second
:class:`Leases` and :class:`ClusterNode` on their own table): the node holding an event's lease
directs it and serves its requests on the mesh; when that node dies, another claims the event
and directs it from its stored state.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
from collections.abc import Awaitable, Callable
from typing import Any

from server.bus.interface import MessageBus
from server.cluster.lease import TOURNAMENT_LEASES, Holder, Lease, Leases
from server.cluster.mesh import Mesh
from server.cluster.node import ClusterNode
from server.store.postgres import PostgresStore
from server.store.records import StoredState

log = logging.getLogger("scryptic.cluster")


class ClusterParts:
    """The store, leases, node loop and bus of one cluster node."""

    def __init__(self, db_url: str, bus_url: str | None, node_id: str | None, lease_ttl: float) -> None:
        """Connect to the database (raises StoreError if it cannot be used)."""
        self.node_id = node_id or f"{socket.gethostname()}-{secrets.token_hex(3)}"
        self.bus_url = bus_url
        self.store = PostgresStore(db_url)
        self.leases = Leases(self.store.run, self.node_id, lease_ttl)
        self.leases.on_change = self._lease_changed
        self.store.fence = self.leases.token
        self.store.new_games_owner = (self.node_id, lease_ttl, self._adopted)
        self.mesh: Mesh | None = Mesh(self.node_id, dead_after=max(3.0, lease_ttl)) if bus_url else None
        self.moved: Callable[[str], None] = lambda game_id: None  # told of each game this node stops running
        self.arrived: Callable[[str], Awaitable[None]] = _nothing  # awaited for each game it starts running
        self.node: ClusterNode | None = None
        self.bus: MessageBus | None = None
        self._load: Callable[[str, Lease], Awaitable[Any]] | None = None
        self._task: asyncio.Task[None] | None = None
        self._releases: set[asyncio.Task[None]] = set()
        self._arriving: dict[str, asyncio.Event] = {}  # claimed here, being loaded and its followers attached
        self.tournament_leases = Leases(self.store.run, self.node_id, lease_ttl, TOURNAMENT_LEASES)
        self.tournament_leases.on_change = self._tournament_changed
        self.tournament_node: ClusterNode | None = None
        self.tournament_moved: Callable[[str], None] = lambda tournament_id: None  # told of each event it stops directing
        self._tournament_task: asyncio.Task[None] | None = None
        self._load_tournament: Callable[[str, Lease], Awaitable[Any]] = _no_tournament

    def attach(self, load: Callable[[str, Lease], Awaitable[Any]], drop: Callable[[str], None]) -> None:
        """Hand the node the server's ``load(game_id, lease)`` and ``drop(game_id)``."""
        self._load = load
        self.node = ClusterNode(self.leases, self._loaded, drop)

    def attach_tournaments(self, load: Callable[[str, Lease], Awaitable[Any]], drop: Callable[[str], None]) -> None:
        """Hand the node the tournament desk's ``load(tournament_id, lease)`` (direct a claimed
        event from its stored state) and ``drop(tournament_id)`` (stop directing it)."""
        self._load_tournament = load
        self.tournament_node = ClusterNode(self.tournament_leases, self._tournament_loaded, drop, what="tournament")

    def directs(self, tournament_id: str) -> bool:
        """Whether this node holds ``tournament_id``'s lease (it directs the event)."""
        return tournament_id in self.tournament_leases.held

    def tournament_adopted(self, tournament_id: str, epoch: int) -> None:
        """An event this node created (its row written with its first lease): it directs it."""
        self.tournament_leases.adopt(tournament_id, epoch)
        if self.mesh is not None:
            self.mesh.serve(tournament_id, True)

    async def _tournament_loaded(self, tournament_id: str, lease: Lease) -> None:
        """Direct a claimed event, then answer its requests (not before: they would find it unloaded)."""
        await self._load_tournament(tournament_id, lease)
        if self.mesh is not None and self.directs(tournament_id):
            self.mesh.serve(tournament_id, True)

    def _tournament_changed(self, tournament_id: str, held: bool) -> None:
        if not held:
            if self.mesh is not None:
                self.mesh.serve(tournament_id, False)
            self.tournament_moved(tournament_id)

    # ------------------------------------------------------------------------------ the games held

    def runs(self, game_id: str) -> bool:
        """Whether this node holds ``game_id``'s lease (it decides the game's actions)."""
        return game_id in self.leases.held

    async def holder(self, game_id: str) -> Holder | None:
        """The database's word on a game: over or not, and the node that holds it now."""
        return await self.leases.holder(game_id)

    async def claim(self, game_id: str) -> bool:
        """Take ``game_id`` if nobody holds it, and load it here; True if this node runs it now."""
        lease = await self.leases.claim(game_id)
        if lease is None:
            return False
        try:
            await self._loaded(game_id, lease)
        except BaseException:
            await self.leases.release(game_id)
            raise
        return True

    def let_go(self, game_id: str) -> None:
        """The game left this node's memory (a finished game swept): give up its lease."""
        self._let_go(self.leases, game_id)

    def let_go_tournament(self, tournament_id: str) -> None:
        """The event finished (it changes no more: any node answers for it): give up its lease."""
        self._let_go(self.tournament_leases, tournament_id)

    def _let_go(self, leases: Leases, key: str) -> None:
        if key in leases.held:
            task = asyncio.ensure_future(self._release(leases, key))
            self._releases.add(task)
            task.add_done_callback(self._releases.discard)

    async def _release(self, leases: Leases, key: str) -> None:
        try:
            await leases.release(key)
        except Exception as exc:  # noqa: BLE001 - the lease expires by itself
            log.warning("lease not released", extra={"data": {leases.table.key: key, "error": repr(exc)}})

    async def settled(self, game_id: str, timeout: float) -> None:
        """Wait (up to ``timeout`` seconds) while ``game_id``, claimed here, is being loaded and
        its followers attached: this node runs it from the claim on, but a request of one of
        those followers answered before then would find it in no seat yet."""
        arriving = self._arriving.get(game_id)
        if arriving is not None:
            try:
                await asyncio.wait_for(arriving.wait(), timeout)
            except asyncio.TimeoutError:
                pass

    async def _loaded(self, game_id: str, lease: Lease) -> None:
        """Load a claimed game, then serve its requests."""
        assert self._load is not None, "attach() first"
        arriving = self._arriving[game_id] = asyncio.Event()
        try:
            await self._load(game_id, lease)
            if self.runs(game_id):
                await self.arrived(game_id)
                if self.mesh is not None:
                    self.mesh.serve(game_id, True)
                    if lease.epoch > 1:  # it ran elsewhere before: its followers there come here
                        await self.mesh.announce(game_id)
        finally:
            arriving.set()
            if self._arriving.get(game_id) is arriving:
                del self._arriving[game_id]

    def _adopted(self, game_id: str, epoch: int) -> None:
        """A game this node created: it holds its lease and serves it."""
        self.leases.adopt(game_id, epoch)
        if self.mesh is not None:
            self.mesh.serve(game_id, True)

    def _lease_changed(self, game_id: str, held: bool) -> None:
        if not held:
            if self.mesh is not None:
                self.mesh.serve(game_id, False)
            self.moved(game_id)

    def load_state(self) -> StoredState:
        """Users, ratings and the heartbeat: a node loads games only as it claims them."""
        return self.store.load_accounts()

    async def start(self) -> None:
        """Connect the bus (if named) and start claiming games."""
        if self.bus_url:
            from server.bus.nats_bus import NatsBus

            self.bus = await NatsBus.connect(self.bus_url, name=f"scryptic-{self.node_id}")
            if self.mesh is not None:
                await self.mesh.start(self.bus)
        assert self.node is not None, "attach() first"
        await self.node.step()  # claim what is orphaned now, before serving
        self._task = asyncio.ensure_future(self.node.run())
        if self.tournament_node is not None:
            try:
                await self.tournament_node.step()
            except Exception as exc:  # noqa: BLE001 - the next round claims them
                log.warning("tournaments not claimed", extra={"data": {"error": repr(exc)}})
            self._tournament_task = asyncio.ensure_future(self.tournament_node.run())

    async def stop(self) -> None:
        """Stop the loop and give up every lease, so that other nodes take the games at once."""
        for task in (self._task, self._tournament_task):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        for leases in (self.tournament_leases, self.leases):
            for key in list(leases.held):
                try:
                    await leases.release(key)
                except Exception:  # noqa: BLE001 - the database is away: the leases expire by themselves
                    leases.forget(key)
        if self.mesh is not None:
            await self.mesh.stop()
        if self.bus is not None:
            await self.bus.close()

    def stats(self) -> dict[str, Any]:
        """This node's part of the health readout."""
        node = self.node
        return {"node": self.node_id, "games_held": len(self.leases.held),
                "tournaments_directed": len(self.tournament_leases.held),
                "games_claimed": node.claimed if node else 0, "leases_lost": node.lost if node else 0,
                **(self.mesh.stats() if self.mesh else {})}


async def _nothing(game_id: str) -> None:
    return None


async def _no_tournament(tournament_id: str, lease: Lease) -> None:
    raise LookupError("no tournament desk attached")
