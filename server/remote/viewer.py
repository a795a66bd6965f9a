"""The side of the node a client asks: requests for games run elsewhere, and their frames.

:class:`RemoteGames` forwards a client's request for a game this node does not run to the
game's owner, waits for the owner's frames that precede the reply, mirrors what the reply
changed in the connection's seats and watched games, and relays every frame the owner sends for
its connections. When nobody answers for a game it asks the database who holds it: nobody (its
node died and the lease expired, or the game ended and left memory) -> this node claims it and
answers itself; another node -> it waits a little and asks again, until ``patience`` runs out
(a clear temporary error). A request lost on the bus (its node died or hangs) is sent again,
once, only in a form that cannot be done twice (:mod:`server.remote.asking`). If this node's
own lease loop takes the game meanwhile, the request is answered here (over the bus it would
reach this node's proxy of the connection, seatless).
When a game's owner stops beating, or says the game moved, every connection here that followed
it is attached again wherever the game runs now, from the last version it was sent.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from server.bus.interface import BusUnavailable, NoResponders
from server.cluster.mesh import Mesh
from server.edge import protocol as P
from server.edge.protocol import ProtocolError, request_type
from server.lobby.clients import Client, check_quota
from server.remote import wire
from server.remote.asking import MAYBE_DONE, Asking, Lost, again, refusal
from shared.rules.terrain import Player
from shared.wire.replies import Answer

log = logging.getLogger("scryptic.cluster")

class Holder(Protocol):
    """What the database says of a game (read-only: the lease store's answer is frozen)."""

    @property
    def over(self) -> bool: ...
    @property
    def node(self) -> str | None: ...


@dataclass
class Follow:
    """A game a local connection follows on another node."""

    owner: str  # the owner's mesh address
    seat: int | None  # None: a spectator
    version: int | None = None  # the last version the connection was sent


class RemoteGames:
    """Games run on other nodes, as this node's connections use them (see the module docstring)."""

    def __init__(
        self,
        mesh: Mesh,
        node_id: str,
        runs: Callable[[str], bool],
        here: Callable[[Client, P.Request], Awaitable[Answer]],
        holder: Callable[[str], Awaitable[Holder | None]],
        claim: Callable[[str], Awaitable[bool]],
        game_by_code: Callable[[str], Awaitable[str | None]],
        settled: Callable[[str, float], Awaitable[None]] | None = None,
        *,
        patience: float = 8.0,
        timeout: float = 10.0,
    ) -> None:
        """``runs(game_id)``: this node runs the game; ``here(client, request)``: answer it
        here; ``holder(game_id)``: the database's word on a game; ``claim(game_id)``: take an
        unheld game and load it here (True if done); ``game_by_code``: a join code's game;
        ``settled(game_id, timeout)``: wait while a game this node claimed is still arriving.
        ``patience``: how long a request waits for a game between owners; ``timeout``: for a
        reply."""
        self.mesh = mesh
        self.node_id = node_id
        self._runs = runs
        self._here = here
        self._holder = holder
        self._claim = claim
        self._game_by_code = game_by_code
        self._settled = settled
        self.patience = patience
        self.timeout = timeout
        self.asking = Asking(mesh.request, timeout)  # requests on the bus now, by game
        self.clients: dict[int, Client] = {}  # local connections that asked another node, by id
        self.follows: dict[int, dict[str, Follow]] = {}  # connection id -> game id -> follow
        self.forwarded = 0  # requests answered by another node (for the health readout)
        self._moving: dict[tuple[int, str], asyncio.Task[None]] = {}  # attaching again elsewhere

    # ------------------------------------------------------------------------------ routing

    async def route(self, client: Client, request: P.Request, *, moving: bool = False) -> Answer | None:
        """The answer of the game's owner if another node runs the game the request names;
        None if this node answers it (it runs the game, or the request names none)."""
        kind = request_type(request)
        if kind not in P.OWNER_ANSWERS:
            return None
        game_id = getattr(request, "game", None)
        code = getattr(request, "code", None)
        if game_id is None and code is not None:
            game_id = await self._find_code(code)
        if not moving:
            await self._moved_first(client.id, game_id)
            if game_id is not None and self._settled is not None:
                await self._settled(game_id, self.patience)  # claimed here a moment ago: its followers first
        if game_id is None or self._runs(game_id):
            return None
        return await self.forward(client, request, game_id, moving=moving)

    async def _moved_first(self, conn_id: int, game_id: str | None) -> None:
        """If the connection is being attached to the game's new node, let that finish first."""
        task = None if game_id is None else self._moving.get((conn_id, game_id))
        if task is not None and not task.done():
            await asyncio.wait([task], timeout=self.patience * 2)

    async def forward(self, client: Client, request: P.Request, game_id: str, *, moving: bool = False) -> Answer:
        """Ask the node that runs ``game_id``; or, if none does, claim it and answer here."""
        try:
            return await self._forward(client, request, game_id, moving)
        except ProtocolError as exc:
            raise refusal(exc, request, game_id) from None

    async def _forward(self, client: Client, request: P.Request, game_id: str, moving: bool) -> Answer:
        kind = request_type(request)
        following = self.follows.get(client.id, {})
        if kind in P.FOLLOWING and game_id not in client.seats and game_id not in client.watching and game_id not in following:
            check_quota(client)
        self.clients[client.id] = client
        seen = following.get(game_id)
        safe = again(request, None if seen is None else seen.version)  # to send again if lost
        payload = self._envelope(client, request)
        deadline = time.monotonic() + self.patience
        moved_with_us = lost = resent = False
        while True:
            if self._runs(game_id):
                # This node claimed the game while the request waited (its own lease loop): its
                # followers here are attached already, so answer here, not through the bus.
                if self._settled is not None:
                    await self._settled(game_id, self.patience)
                return await self._here_once_attached(client, request, game_id, moving)
            try:
                reply = wire.decode(await self.asking.ask(game_id, payload, self._owner(client.id, game_id)))
            except NoResponders:
                reply = None
            except BusUnavailable:
                raise ProtocolError(
                    "server_busy",
                    f"game {game_id} runs on another node and this node has lost the message bus for a moment; "
                    "nothing was done: try again in a few seconds",
                ) from None
            except Lost as exc:
                log.warning("request lost", extra={"data": {"game": game_id, "kind": kind, "error": str(exc),
                                                            "again": safe is not None}})
                if safe is None or resent:  # sent again once only: a node that hangs is not waited for forever
                    raise ProtocolError("server_busy", f"the node running game {game_id} did not answer ({exc}); "
                                        f"{MAYBE_DONE}") from None
                # Its node died or hung: ask wherever the game runs now, in the form that
                # cannot be done twice, and wait for the game afresh.
                request, payload = safe, self._envelope(client, safe)
                deadline = time.monotonic() + self.patience
                reply, lost, resent = None, True, True
            if reply is not None and "code" in reply and reply.get("from") == self.mesh.address and self._runs(game_id):
                continue  # refused by this node itself: the game arrived here during the request
            if reply is not None and reply.get("code") == "not_seated" and not moving and not moved_with_us:
                # The connection follows the game but its owner has it in no seat: the game
                # moved and the connection is not attached on its new node yet, or the owner
                # dropped it (it took this node for gone, and its notice to follow again is
                # still on its way). Attach it there first, then ask again (nothing was done).
                moved_with_us = True
                follow = self.follows.get(client.id, {}).get(game_id)
                if follow is not None:
                    self._unfollow(client.id, game_id)
                    self.clients[client.id] = client
                    await self._attach_again(client, game_id, follow)
                    continue
                if (client.id, game_id) in self._moving:
                    await self._moved_first(client.id, game_id)
                    continue
            if reply is not None and reply.get("code") != wire.MOVED:
                break
            holder = await self._holder_of(game_id)
            if holder is None or holder.node == self.node_id or self._runs(game_id):
                # no such game (the local answer), or ours now
                return await self._here_once_attached(client, request, game_id, moving)
            if holder.node is None and await self._claim_quietly(game_id):
                return await self._here_once_attached(client, request, game_id, moving)
            if time.monotonic() >= deadline:
                raise ProtocolError(
                    "server_busy",
                    f"game {game_id} is moving to another node (its node stopped answering); try again in a few seconds",
                )
            if not lost:  # a lost request is asked again at once: the game has usually moved by then
                await asyncio.sleep(0.2)
            lost = False
        owner = reply["from"]
        self.mesh.heard(owner)
        await self.mesh.caught_up(owner, int(reply.get("seq", 0)))
        if "code" in reply:
            raise ProtocolError(reply["code"], reply.get("reason", ""))
        self.forwarded += 1
        data: dict[str, Any] = reply.get("ok") or {}
        self._mirror(client, kind, game_id, data, owner)
        return data

    def _owner(self, conn_id: int, game_id: str) -> str | None:
        follow = self.follows.get(conn_id, {}).get(game_id)
        return None if follow is None or not follow.owner else follow.owner

    def _envelope(self, client: Client, request: P.Request) -> bytes:
        return wire.encode({"from": self.mesh.address, "conn": client.id, "user": client.user_id,
                            "req": wire.encode(request)})

    async def _here_once_attached(self, client: Client, request: P.Request, game_id: str,
                                  moving: bool) -> Answer:
        """Answer here a request for a game this node now runs. A connection that followed the
        game on its old node is attached here first, from the last version it saw: a claim on
        demand loads the game before :meth:`game_arrived` has moved its followers."""
        if not moving:
            if (client.id, game_id) in self._moving:
                await self._moved_first(client.id, game_id)
            follow = self._unfollow(client.id, game_id)
            if follow is not None:
                self.clients[client.id] = client
                await self._attach_again(client, game_id, follow)
        return await self._here(client, request)

    async def _find_code(self, code: str) -> str | None:
        try:
            return await self._game_by_code(code.upper())
        except Exception as exc:  # noqa: BLE001 - the store's temporary error
            raise ProtocolError("store_failed", f"could not look the code up: {exc}") from None

    async def _holder_of(self, game_id: str) -> Holder | None:
        try:
            return await self._holder(game_id)
        except Exception as exc:  # noqa: BLE001 - the store's temporary error
            raise ProtocolError("store_failed", f"could not find which node runs game {game_id}: {exc}") from None

    async def _claim_quietly(self, game_id: str) -> bool:
        try:
            return await self._claim(game_id)
        except Exception as exc:  # noqa: BLE001 - another node may take it; ask again
            log.warning("claim on demand failed", extra={"data": {"game": game_id, "error": repr(exc)}})
            return False

    def _mirror(self, client: Client, kind: str, game_id: str, data: dict[str, Any], owner: str) -> None:
        """Keep the connection's own record of what it follows in step with the owner's."""
        if kind == "leave":
            client.seats.pop(game_id, None)
            client.watching.discard(game_id)
            self._unfollow(client.id, game_id)
        elif kind == "watch":
            watched = wire.watched(data)
            client.watching.add(watched)
            self._follow(client, watched, owner, None)
        elif (seated := wire.seated(kind, data)) is not None:
            game_id, seat = seated
            client.seats[game_id] = Player(seat)
            client.watching.discard(game_id)
            self._follow(client, game_id, owner, seat)

    def _follow(self, client: Client, game_id: str, owner: str, seat: int | None) -> Follow:
        games = self.follows.setdefault(client.id, {})
        follow = games.get(game_id)
        if follow is None or follow.owner != owner or follow.seat != seat:
            follow = games[game_id] = Follow(owner, seat, None if follow is None else follow.version)
        return follow

    def _unfollow(self, conn_id: int, game_id: str) -> Follow | None:
        games = self.follows.get(conn_id)
        follow = None if games is None else games.pop(game_id, None)
        if games is not None and not games:
            del self.follows[conn_id]
            self.clients.pop(conn_id, None)
        return follow

    # ------------------------------------------------------------------------------ frames

    def frames(self, sender: str, conn_ids: list[int], frame: bytes) -> None:
        """Relay one of the owner's frames to the local connections it is for (the mesh's
        ``on_frames``), noting the version each was sent."""
        head = wire.frame_head(frame)
        closed = []
        for conn_id in conn_ids:
            client = self.clients.get(conn_id)
            if client is None:
                closed.append(conn_id)
                continue
            client.push(frame)
            if head is not None and head.game is not None and head.type in ("state", "update"):
                follow = self.follows.get(conn_id, {}).get(head.game)
                if follow is None and head.type == "state":  # attached by the owner (a rematch)
                    follow = self._follow(client, head.game, sender, head.seat)
                    if head.seat is None:
                        client.watching.add(head.game)
                    else:
                        client.seats[head.game] = Player(head.seat)
                if follow is not None and head.version is not None:
                    follow.version = head.version
        if closed:
            self.mesh.notify(sender, [wire.CLOSED, closed])

    def notice(self, sender: str, item: list[Any]) -> None:
        """The owner no longer runs a game (the mesh's ``on_notice``): follow it elsewhere."""
        if item[0] != wire.MOVED_NOTICE:
            return
        game_id = item[1]
        for conn_id in item[2]:
            follow = self.follows.get(int(conn_id), {}).get(game_id)
            if follow is not None and follow.owner == sender:
                self._refollow(int(conn_id), game_id)

    def node_gone(self, address: str) -> None:
        """A node stopped beating (the mesh's ``on_gone``): follow its games elsewhere."""
        self.asking.gone(address)
        for conn_id, games in list(self.follows.items()):
            for game_id, follow in list(games.items()):
                if follow.owner == address:
                    self._refollow(conn_id, game_id)

    async def game_arrived(self, game_id: str) -> None:
        """This node now runs ``game_id`` (it claimed it): its connections that followed the
        game on the node that ran it before are attached here, before any request is answered."""
        self.asking.moved(game_id)
        for conn_id in [c for c, games in self.follows.items() if game_id in games]:
            client = self.clients.get(conn_id)
            follow = self._unfollow(conn_id, game_id)
            if client is not None and follow is not None:
                await self._attach_again(client, game_id, follow)

    def follow_elsewhere(self, client: Client, game_id: str, seat: int | None, version: int) -> None:
        """This node stopped running ``game_id`` (its lease was lost or given up): ``client``,
        a local connection that followed it here, follows it wherever it runs next."""
        self.clients[client.id] = client
        self.follows.setdefault(client.id, {})[game_id] = Follow("", seat, version)
        self._refollow(client.id, game_id)

    def game_elsewhere(self, address: str, game_id: str) -> None:
        """Another node says it runs ``game_id`` now (the mesh's ``on_arrived``): the
        connections here that followed it on its old node follow it there."""
        self.asking.moved(game_id)
        for conn_id, games in list(self.follows.items()):
            follow = games.get(game_id)
            if follow is not None and follow.owner != address:
                self._refollow(conn_id, game_id)

    def _refollow(self, conn_id: int, game_id: str) -> None:
        client = self.clients.get(conn_id)
        follow = self._unfollow(conn_id, game_id)
        key = (conn_id, game_id)
        if client is None or follow is None or key in self._moving:
            return
        task = self._moving[key] = asyncio.ensure_future(self._attach_again(client, game_id, follow))
        task.add_done_callback(lambda done: self._moving.pop(key, None) if self._moving.get(key) is done else None)

    async def _attach_again(self, client: Client, game_id: str, follow: Follow) -> None:
        """Attach ``client`` to ``game_id`` wherever it runs now, from the last version it saw."""
        request: P.Request
        if follow.seat is not None:
            request = P.Attach(id=0, game=game_id, since=follow.version)
        else:
            request = P.Watch(id=0, game=game_id, since=follow.version)
        waited = 0.0
        while True:
            try:
                routed = await self.route(client, request, moving=True)
                if routed is None:
                    await self._here(client, request)
                log.info("follower moved", extra={"data": {"game": game_id, "conn": client.id}})
                return
            except ProtocolError as exc:
                if exc.code != "server_busy" or waited > 3 * self.patience:
                    log.warning("follower lost its game", extra={"data": {"game": game_id, "error": str(exc)}})
                    cut_off = getattr(client, "cut_off", None)  # the edge's connection: the client reconnects
                    if cut_off is not None:
                        cut_off("moved", f"game {game_id} moved and could not be followed here; reconnect")
                    return
                waited += self.patience
            except Exception:
                log.exception("following a moved game failed", extra={"data": {"game": game_id}})
                return

    def forget(self, client: Client) -> None:
        """A local connection closed: tell the owners of the games it followed."""
        if self.clients.get(client.id) is not client:
            return  # not one of ours (a proxy of another node's connection has its own ids)
        games = self.follows.pop(client.id, {})
        self.clients.pop(client.id, None)
        for owner in {follow.owner for follow in games.values()}:
            self.mesh.notify(owner, [wire.CLOSED, [client.id]])

    def stats(self) -> dict[str, Any]:
        """This node's part of the health readout."""
        return {"requests_forwarded": self.forwarded, "remote_follows": sum(len(g) for g in self.follows.values())}
