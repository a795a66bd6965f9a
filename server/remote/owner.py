"""The owner's side of a game played across nodes: proxies of remote connections.

A connection on node B that asks for a game owned here becomes a :class:`RemoteClient` here,
one per (B's address, connection id), kept while it follows a game of this node. It is a lobby
``Client`` and a host ``Subscriber`` like a local connection, so the request table, the seats,
the presence and the per-viewer frames work on it unchanged: the host filters what each viewer
may see *here* and pushes that viewer's frame to the proxy, whose ``push`` queues it for B.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

from server.cluster.mesh import Mesh
from server.edge.protocol import ProtocolError, Request, decode_request
from server.lobby.clients import Client
from server.remote import wire
from shared.wire.replies import Answer
from shared.rules.errors import RuleError
from shared.rules.terrain import Player

log = logging.getLogger("scryptic.cluster")


class RemoteClient:
    """A connection on another node, as this node's games see it."""

    greeted = True
    remote = True  # its node pushes an event's changes to it (server.lobby.tournament_desk)

    def __init__(self, address: str, conn_id: int, user_id: int | None, mesh: Mesh) -> None:
        """``address`` is the connection's node, ``conn_id`` its id there."""
        self.address = address
        self.id = conn_id
        self.user_id = user_id
        self.seats: dict[str, Player] = {}
        self.watching: set[str] = set()
        self._mesh = mesh

    def push(self, data: bytes) -> None:
        """Send one frame to the connection, through its node."""
        self._mesh.push(self.address, self.id, data)

    def __repr__(self) -> str:
        return f"RemoteClient({self.address}#{self.id})"


class RemoteFollowers:
    """Answers the requests other nodes forward for this node's games (see the module docstring)."""

    def __init__(
        self,
        mesh: Mesh,
        dispatch: Callable[[Client, Request], Awaitable[Answer]],
        forget: Callable[[Client], None],
        ensure_user: Callable[[int], Awaitable[Any]],
        runs: Callable[[str], bool],
    ) -> None:
        """``dispatch`` answers a request here (the request table, never forwarding again);
        ``forget`` unbinds a closed client from every game; ``ensure_user`` reads an account
        made on another node; ``runs(game_id)`` says whether this node runs the game now."""
        self.mesh = mesh
        self._dispatch = dispatch
        self._forget = forget
        self._ensure_user = ensure_user
        self._runs = runs
        self.clients: dict[tuple[str, int], RemoteClient] = {}

    async def answer(self, payload: bytes) -> bytes:
        """Answer one forwarded request (the mesh's ``on_request``)."""
        try:
            envelope = wire.decode(payload)
            address, conn_id, user_id = envelope["from"], int(envelope["conn"]), envelope["user"]
            raw = envelope["req"]
        except (KeyError, TypeError, ValueError) as exc:
            log.error("bad forwarded request", extra={"data": {"error": repr(exc)}})
            return wire.encode(wire.reply_error("internal", "a node sent a malformed request"))
        self.mesh.heard(address)
        key = (address, conn_id)
        client = self.clients.get(key)
        if client is None:
            client = self.clients[key] = RemoteClient(address, conn_id, user_id, self.mesh)
        client.user_id = user_id
        try:
            request = decode_request(raw)
            game_id = getattr(request, "game", None)
            if game_id is not None and not self._runs(game_id):
                out = wire.reply_error(wire.MOVED, f"this node no longer runs game {game_id}")
            else:
                if user_id is not None:
                    await self._ensure_user(user_id)
                out = wire.reply_ok(await self._dispatch(client, request))
        except (ProtocolError, RuleError) as exc:
            out = wire.reply_error(exc.code, exc.reason)
        except Exception:
            log.exception("forwarded request failed", extra={"data": {"from": address}})
            out = wire.reply_error("internal", "the server failed to handle this request")
        if not client.seats and not client.watching:
            self.clients.pop(key, None)  # follows nothing here: nothing to keep
        out["from"] = self.mesh.address
        out["seq"] = self.mesh.mark(address)
        return wire.encode(out)

    def notice(self, sender: str, item: list[Any]) -> None:
        """A notice from another node (the mesh's ``on_notice``): some of its connections closed."""
        if item[0] == wire.CLOSED:
            for conn_id in item[1]:
                client = self.clients.pop((sender, int(conn_id)), None)
                if client is not None:
                    self._forget(client)

    def node_gone(self, address: str) -> None:
        """``address`` stopped beating: its connections are gone from every game here. (If it
        was only slow, it is told to follow the games again.)"""
        for key in [k for k in self.clients if k[0] == address]:
            client = self.clients.pop(key)
            games = list(client.seats) + list(client.watching)
            self._forget(client)
            for game_id in games:
                self.mesh.notify(address, [wire.MOVED_NOTICE, game_id, [client.id]])

    def game_moved(self, game_id: str) -> None:
        """This node no longer runs ``game_id``: tell each follower's node to follow it at its
        next owner."""
        by_node: dict[str, list[int]] = defaultdict(list)
        for client in list(self.clients.values()):
            if game_id in client.seats or game_id in client.watching:
                client.seats.pop(game_id, None)
                client.watching.discard(game_id)
                by_node[client.address].append(client.id)
                if not client.seats and not client.watching:
                    self.clients.pop((client.address, client.id), None)
        for address, ids in by_node.items():
            self.mesh.notify(address, [wire.MOVED_NOTICE, game_id, ids])
