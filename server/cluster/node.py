"""One node of a cluster: it holds the leases of the games it hosts and claims orphaned games.

:class:`ClusterNode` runs one loop, every ``ttl / 3`` seconds (so a lease is renewed about three
times per lease period):

1. renew every lease it holds; a game whose lease it lost (this node was paused or cut off past
   the expiry, and another node claimed the game) is dropped from memory at once, since that
   node is deciding it now;
2. claim up to ``batch`` orphaned games (unfinished, nobody's valid lease) and load each one
   (replaying its stored actions), after which its timers and bot moves run here.

When a node dies its leases stop being renewed; after at most ``ttl`` seconds its games are
orphans, and the next loop of any other node claims and resumes them: failover takes between
``ttl`` and ``ttl + ttl / 3`` seconds plus the loading. The node knows the rest of the server
only through the two callables it is handed.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

from server.cluster.lease import Lease, Leases

log = logging.getLogger("scryptic.cluster")


class ClusterNode:
    """Lease keeping and orphan claiming for one node (see the module docstring)."""

    def __init__(
        self,
        leases: Leases,
        load: Callable[[str, Lease], Awaitable[Any]],
        drop: Callable[[str], None],
        batch: int = 50,
        what: str = "game",
    ) -> None:
        """``load(game_id, lease)`` puts a claimed game in memory and starts it; ``drop(game_id)``
        takes a game whose lease was lost out of memory; ``what`` names the things leased in
        the log ("game", "tournament")."""
        self.what = what
        self.leases = leases
        self._load = load
        self._drop = drop
        self.batch = batch
        self.claimed = 0  # games claimed since start (for the health readout)
        self.lost = 0

    @property
    def node_id(self) -> str:
        """This node's name in the leases."""
        return self.leases.node

    async def step(self) -> None:
        """One round: renew, drop what was lost, claim and load orphans."""
        for game_id in await self.leases.renew():
            self.lost += 1
            log.warning("lease lost", extra={"data": {self.what: game_id, "node": self.node_id}})
            self._drop(game_id)
        for game_id in await self.leases.orphans(self.batch):
            lease = await self.leases.claim(game_id)
            if lease is None:
                continue  # another node was faster
            try:
                await self._load(game_id, lease)
            except Exception as exc:  # noqa: BLE001 - one game that does not load keeps no other down
                log.error(f"claimed {self.what} not loaded", extra={"data": {self.what: game_id, "error": repr(exc)}})
                await self.leases.release(game_id)
                continue
            self.claimed += 1
            log.info(f"{self.what} claimed", extra={"data": {self.what: game_id, "node": self.node_id, "epoch": lease.epoch}})

    async def run(self) -> None:
        """Run :meth:`step` every ``ttl / 3`` seconds until cancelled; a database that cannot
        be reached is logged and tried again on the next round."""
        interval = self.leases.ttl / 3
        while True:
            try:
                await self.step()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the database is away: try again next round
                log.warning("cluster round failed", extra={"data": {"node": self.node_id, "error": repr(exc)}})
            await asyncio.sleep(interval * random.uniform(0.8, 1.0))  # nodes drift apart, not in step
