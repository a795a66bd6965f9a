"""What the composition root builds for a cluster node: :class:`ClusterParts`.

A node is ``scryptic server --db postgresql://... [--bus nats://...]``: the PostgreSQL store
(its writes fenced by this node's leases, its new games leased to this node in the same
transaction), the leases, the node loop, and the NATS bus when one is named.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
from collections.abc import Awaitable, Callable
from typing import Any

from server.bus.interface import MessageBus
from server.cluster.lease import Leases
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
        self.store.fence = self.leases.token
        self.store.new_games_owner = (self.node_id, lease_ttl, self.leases.adopt)
        self.node: ClusterNode | None = None
        self.bus: MessageBus | None = None
        self._task: asyncio.Task[None] | None = None

    def attach(self, load: Callable[[str], Awaitable[Any]], drop: Callable[[str], None]) -> None:
        """Hand the node the server's ``load(game_id)`` and ``drop(game_id)``."""
        self.node = ClusterNode(self.leases, load, drop)

    def load_state(self) -> StoredState:
        """Users, ratings and the heartbeat: a node loads games only as it claims them."""
        return self.store.load_accounts()

    async def start(self) -> None:
        """Connect the bus (if named) and start claiming games."""
        if self.bus_url:
            from server.bus.nats_bus import NatsBus

            self.bus = await NatsBus.connect(self.bus_url, name=f"scryptic-{self.node_id}")
        assert self.node is not None, "attach() first"
        await self.node.step()  # claim what is orphaned now, before serving
        self._task = asyncio.ensure_future(self.node.run())

    async def stop(self) -> None:
        """Stop the loop and give up every lease, so that other nodes take the games at once."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        for game_id in list(self.leases.held):
            try:
                await self.leases.release(game_id)
            except Exception:  # noqa: BLE001 - the database is away: the leases expire by themselves
                self.leases.forget(game_id)
        if self.bus is not None:
            await self.bus.close()

    def stats(self) -> dict[str, Any]:
        """This node's part of the health readout."""
        node = self.node
        return {"node": self.node_id, "games_held": len(self.leases.held),
                "games_claimed": node.claimed if node else 0, "leases_lost": node.lost if node else 0}
