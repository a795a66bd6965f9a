"""Requests about a tournament that another node directs: :class:`RemoteTournaments`.

The node that holds an event's lease serves the event's request subject on the mesh
(:meth:`~server.cluster.mesh.Mesh.serve`), as the owner of a game serves the game's: a request
about the event asked of any other node is carried there in the same envelope as a game's
(:mod:`server.remote.wire`) and answered by the director's request table. While the event is
between directors (its node died and no other has claimed it yet) nobody serves it: the request
is asked again until ``patience`` runs out, then refused with ``server_busy``.

Asking again is safe: following an event, leaving it and starting it change nothing the second
time, and a join done by a request whose answer was lost is answered ``already_joined``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from server.bus.interface import BusError
from server.cluster.mesh import Mesh
from server.edge.protocol import ProtocolError
from server.lobby.clients import Client
from server.remote import wire

log = logging.getLogger("scryptic.cluster")


class RemoteTournaments:
    """This node's way to the director of each event (see the module docstring)."""

    def __init__(self, mesh: Mesh, patience: float = 10.0, timeout: float = 2.0) -> None:
        """``patience``: how long a request waits for an event between directors; ``timeout``:
        how long one try waits for the director's answer."""
        self.mesh = mesh
        self.patience = patience
        self.timeout = timeout
        self.forwarded = 0  # requests answered by another node (for the health readout)

    async def forward(self, client: Client, request: Any, tournament_id: str) -> dict[str, Any]:
        """The answer of the node that directs ``tournament_id`` to ``request``; its refusal is
        raised as the :class:`ProtocolError` it would have raised here."""
        payload = wire.encode({"from": self.mesh.address, "conn": client.id, "user": client.user_id,
                               "req": wire.encode(request)})
        deadline = time.monotonic() + self.patience
        while True:
            try:
                reply = wire.decode(await self.mesh.request(tournament_id, payload, self.timeout))
            except BusError as exc:  # nobody directs it right now, or its director just died
                reply = {"code": wire.MOVED, "reason": str(exc)}
            if reply.get("code") != wire.MOVED:
                break
            if time.monotonic() >= deadline:
                raise ProtocolError("server_busy", f"tournament {tournament_id} is moving to another node "
                                                   "(its node stopped answering); try again in a few seconds")
            log.info("tournament request waits for its director", extra={"data": {"tournament": tournament_id,
                                                                                   "why": reply.get("reason")}})
            await asyncio.sleep(0.2)
        if "code" in reply:
            raise ProtocolError(str(reply["code"]), str(reply.get("reason", "")))
        self.forwarded += 1
        data: dict[str, Any] = reply.get("ok") or {}
        return data
