"""The owner lease of each game, kept in PostgreSQL: which node decides a game's actions.

A lease is a row of ``game_leases``: the holding node, an epoch and an expiry, on the
database's clock (``now()``), so the nodes' own clocks never matter. The rules:

- :meth:`Leases.claim`: a node takes a game nobody holds, or whose lease expired, in one
  ``INSERT ... ON CONFLICT DO UPDATE ... WHERE expired`` statement. PostgreSQL runs the two of
  two racing claimers one after the other on the row, and the second sees the first's fresh
  expiry: exactly one wins. Every claim raises the epoch.
- :meth:`Leases.renew`: the holder pushes its expiry out, several times per lease period; a
  lease that expired (the node was paused) is not renewed, since another node may have it.
- The epoch is the fencing token: the store checks it in the transaction of each write
  (:mod:`server.store.postgres`), so a node that lost a game can no longer write to it.
- :meth:`Leases.orphans`: unfinished games whose lease is missing or expired, for a node to
  claim.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_CLAIM = """
INSERT INTO game_leases (game_id, node, epoch, expires)
VALUES ($1, $2, 1, now() + make_interval(secs => $3))
ON CONFLICT (game_id) DO UPDATE
    SET node = excluded.node, epoch = game_leases.epoch + 1, expires = excluded.expires
    WHERE game_leases.expires < now()
RETURNING epoch
"""

_RENEW = """
UPDATE game_leases SET expires = now() + make_interval(secs => $2)
WHERE node = $1 AND game_id = ANY($3::text[]) AND expires >= now()
RETURNING game_id, epoch
"""

_RELEASE = "UPDATE game_leases SET expires = now() - interval '1 second' WHERE node = $1 AND game_id = $2 AND epoch = $3"

_ORPHANS = """
SELECT g.id FROM games g LEFT JOIN game_leases l ON l.game_id = g.id
WHERE g.status != 'over' AND (l.game_id IS NULL OR l.expires < now())
ORDER BY random() LIMIT $1
"""


@dataclass(frozen=True)
class Lease:
    """A game held by this node at an epoch."""

    game_id: str
    epoch: int


class Leases:
    """One node's leases, through a runner of database calls (the PostgreSQL store's
    ``run(fn)``: ``await run(lambda conn: ...)``)."""

    def __init__(self, run: Any, node: str, ttl: float = 6.0) -> None:
        """``node`` names this node; ``ttl`` is how long a lease lasts unless renewed."""
        self._run = run
        self.node = node
        self.ttl = ttl
        self.held: dict[str, int] = {}  # game id -> epoch

    def token(self, game_id: str) -> tuple[str, int] | None:
        """The fencing token of a game this node holds: (node, epoch), or None."""
        epoch = self.held.get(game_id)
        return None if epoch is None else (self.node, epoch)

    def adopt(self, game_id: str, epoch: int) -> None:
        """Note a lease taken elsewhere in this node (a new game's, written with the game)."""
        self.held[game_id] = epoch

    async def claim(self, game_id: str) -> Lease | None:
        """Take ``game_id`` if nobody holds it or its lease expired; the lease, or None if
        another node holds it."""
        epoch = await self._run(lambda conn: conn.fetchval(_CLAIM, game_id, self.node, self.ttl))
        if epoch is None:
            return None
        self.held[game_id] = int(epoch)
        return Lease(game_id, int(epoch))

    async def renew(self) -> list[str]:
        """Push out the expiry of every lease this node holds; return the games it lost (their
        leases had expired, so another node may own them now)."""
        if not self.held:
            return []
        ids = list(self.held)
        rows = await self._run(lambda conn: conn.fetch(_RENEW, self.node, self.ttl, ids))
        kept = {row[0]: int(row[1]) for row in rows}
        lost = [game_id for game_id in ids if kept.get(game_id) != self.held.get(game_id)]
        for game_id in lost:
            self.held.pop(game_id, None)
        return lost

    async def release(self, game_id: str) -> None:
        """Give up ``game_id`` now (its game is over or left memory): another node may claim it."""
        epoch = self.held.pop(game_id, None)
        if epoch is not None:
            await self._run(lambda conn: conn.execute(_RELEASE, self.node, game_id, epoch))

    def forget(self, game_id: str) -> None:
        """Stop holding ``game_id`` without telling the database (it expires by itself)."""
        self.held.pop(game_id, None)

    async def orphans(self, limit: int = 50) -> list[str]:
        """Unfinished games that no node holds (never claimed, or their lease expired)."""
        rows = await self._run(lambda conn: conn.fetch(_ORPHANS, limit))
        return [row[0] for row in rows]

    async def owner(self, game_id: str) -> tuple[str, int] | None:
        """The node holding ``game_id`` now and its epoch, or None if nobody does."""
        row = await self._run(
            lambda conn: conn.fetchrow("SELECT node, epoch FROM game_leases WHERE game_id = $1 AND expires >= now()", game_id)
        )
        return None if row is None else (row[0], int(row[1]))
