"""The owner lease of each game, kept in PostgreSQL: which node decides a game's actions.

The same leases say which node directs each tournament (:data:`TOURNAMENT_LEASES`: rows of
``tournament_leases``, unfinished tournaments for orphans); what follows says "game" for both.

A lease is a row of ``game_leases``: the holding node, an epoch and an expiry, on the
database's clock (``now()``), so the nodes' own clocks never matter. The rules:

- :meth:`Leases.claim`: a node takes a game nobody holds, or whose lease expired, in one
  ``INSERT ... ON CONFLICT DO UPDATE ... WHERE expired`` statement. PostgreSQL runs the two of
  two racing claimers one after the other on the row, and the second sees the first's fresh
  expiry: exactly one wins. Every claim raises the epoch.
- :meth:`Leases.renew`: the holder pushes its expiry out, several times per lease period. A
  lease that expired (the node was paused, or the database was away) is renewed only if it
  still names this node at its epoch: nobody claimed it meanwhile (a claim changes both), so
  nobody else decided or wrote the game; one that another node claimed is lost.
- The epoch is the fencing token: the store checks it in the transaction of each write
  (:mod:`server.store.postgres`), so a node that lost a game can no longer write to it.
- :meth:`Leases.orphans`: unfinished games whose lease is missing or expired, for a node to
  claim.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

@dataclass(frozen=True)
class LeaseTable:
    """What is leased: the table of leases (keyed by ``key``) and the table of the things
    leased (``things``, with ``id`` and ``status``; a thing whose status is ``done`` needs no
    holder). Games and tournaments are leased the same way, each in its own table."""

    leases: str
    key: str
    things: str
    done: str


GAME_LEASES = LeaseTable("game_leases", "game_id", "games", "over")
TOURNAMENT_LEASES = LeaseTable("tournament_leases", "tournament_id", "tournaments", "finished")

_CLAIM = """
WITH previous AS (SELECT extract(epoch FROM now() - renewed)::float8 AS idle FROM {leases} WHERE {key} = $1)
INSERT INTO {leases} ({key}, node, epoch, expires, renewed)
VALUES ($1, $2, 1, now() + make_interval(secs => $3), now())
ON CONFLICT ({key}) DO UPDATE
    SET node = excluded.node, epoch = {leases}.epoch + 1, expires = excluded.expires, renewed = now()
    WHERE {leases}.expires < now()
RETURNING epoch, (SELECT idle FROM previous)
"""

_RENEW = """
UPDATE {leases} SET expires = now() + make_interval(secs => $2), renewed = now()
WHERE node = $1 AND {key} = ANY($3::text[])
RETURNING {key}, epoch
"""

_RELEASE = (
    "UPDATE {leases} SET expires = now() - interval '1 second', renewed = now() "
    "WHERE node = $1 AND {key} = $2 AND epoch = $3"
)

# Whether a thing exists, whether it is done, and who holds it now (None: nobody holds it).
_HOLDER = """
SELECT g.status, l.node FROM {things} g
LEFT JOIN {leases} l ON l.{key} = g.id AND l.expires >= now()
WHERE g.id = $1
"""

_ORPHANS = """
SELECT g.id FROM {things} g LEFT JOIN {leases} l ON l.{key} = g.id
WHERE g.status != '{done}' AND (l.{key} IS NULL OR l.expires < now())
ORDER BY random() LIMIT $1
"""

_OWNER = "SELECT node, epoch FROM {leases} WHERE {key} = $1 AND expires >= now()"


@dataclass(frozen=True)
class Lease:
    """A game held by this node at an epoch.

    ``idle``: when the lease was claimed from a previous holder, the seconds (on the database's
    clock) since that holder last renewed or released it: the last moment it is known to have
    been alive. None for a game nobody held before."""

    game_id: str
    epoch: int
    idle: float | None = None


@dataclass(frozen=True)
class Holder:
    """What the database says of a game: whether it is over, and which node holds it now."""

    over: bool
    node: str | None


class Leases:
    """One node's leases, through a runner of database calls (the PostgreSQL store's
    ``run(fn)``: ``await run(lambda conn: ...)``)."""

    def __init__(self, run: Any, node: str, ttl: float = 6.0, table: LeaseTable = GAME_LEASES) -> None:
        """``node`` names this node; ``ttl`` is how long a lease lasts unless renewed;
        ``table``: what is leased (games, or tournaments)."""
        self._run = run
        self.table = table
        names = {"leases": table.leases, "key": table.key, "things": table.things, "done": table.done}
        self._sql = {name: text.format(**names) for name, text in
                     (("claim", _CLAIM), ("renew", _RENEW), ("release", _RELEASE), ("holder", _HOLDER),
                      ("orphans", _ORPHANS), ("owner", _OWNER))}
        self.node = node
        self.ttl = ttl
        self.held: dict[str, int] = {}  # game id -> epoch
        # Told of every game this node starts or stops holding (the node serves its requests).
        self.on_change: Callable[[str, bool], None] = lambda game_id, held: None

    def _gain(self, game_id: str, epoch: int) -> None:
        self.held[game_id] = epoch
        self.on_change(game_id, True)

    def _lose(self, game_id: str) -> None:
        if self.held.pop(game_id, None) is not None:
            self.on_change(game_id, False)

    def token(self, game_id: str) -> tuple[str, int] | None:
        """The fencing token of a game this node holds: (node, epoch), or None."""
        epoch = self.held.get(game_id)
        return None if epoch is None else (self.node, epoch)

    def adopt(self, game_id: str, epoch: int) -> None:
        """Note a lease taken elsewhere in this node (a new game's, written with the game)."""
        self._gain(game_id, epoch)

    async def claim(self, game_id: str) -> Lease | None:
        """Take ``game_id`` if nobody holds it or its lease expired; the lease, or None if
        another node holds it."""
        row = await self._run(lambda conn: conn.fetchrow(self._sql["claim"], game_id, self.node, self.ttl))
        if row is None:
            return None
        self._gain(game_id, int(row[0]))
        return Lease(game_id, int(row[0]), None if row[1] is None else max(0.0, float(row[1])))

    async def renew(self) -> list[str]:
        """Push out the expiry of every lease this node holds; return the games it lost (their
        leases expired and another node claimed them)."""
        if not self.held:
            return []
        ids = list(self.held)
        rows = await self._run(lambda conn: conn.fetch(self._sql["renew"], self.node, self.ttl, ids))
        kept = {row[0]: int(row[1]) for row in rows}
        lost = [game_id for game_id in ids if kept.get(game_id) != self.held.get(game_id)]
        for game_id in lost:
            self._lose(game_id)
        return lost

    async def release(self, game_id: str) -> None:
        """Give up ``game_id`` now (its game is over or left memory): another node may claim it."""
        epoch = self.held.get(game_id)
        self._lose(game_id)
        if epoch is not None:
            await self._run(lambda conn: conn.execute(self._sql["release"], self.node, game_id, epoch))

    def forget(self, game_id: str) -> None:
        """Stop holding ``game_id`` without telling the database (it expires by itself)."""
        self._lose(game_id)

    async def orphans(self, limit: int = 50) -> list[str]:
        """Unfinished games that no node holds (never claimed, or their lease expired)."""
        rows = await self._run(lambda conn: conn.fetch(self._sql["orphans"], limit))
        return [row[0] for row in rows]

    async def holder(self, game_id: str) -> Holder | None:
        """Whether ``game_id`` is over and who holds it now; None if there is no such game."""
        row = await self._run(lambda conn: conn.fetchrow(self._sql["holder"], game_id))
        return None if row is None else Holder(row[0] == "over", row[1])

    async def owner(self, game_id: str) -> tuple[str, int] | None:
        """The node holding ``game_id`` now and its epoch, or None if nobody does."""
        row = await self._run(
            lambda conn: conn.fetchrow(self._sql["owner"], game_id)
        )
        return None if row is None else (row[0], int(row[1]))
