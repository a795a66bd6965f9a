"""A request forwarded for a game whose node died, when the asking node itself takes the game over.

While a request waits out a dead node's lease, the asking node's own lease loop may claim the
game (it loads it and attaches its followers there). The request must then be answered on this
node: asked over the bus, it would reach this node's own proxy of the connection, which holds
no seat, and a player's move would be refused with ``not_seated`` (seen in the cluster test
``test_owner_down`` on a loaded machine).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from server.bus.interface import NoResponders
from server.cluster.lease import Holder
from server.edge import protocol as P
from server.remote import wire
from server.remote.viewer import RemoteGames
from shared.rules.terrain import Player

GAME = "duel000001"
HERE = "b-000001"


@dataclass
class Connection:
    """A local connection, as the lobby sees it."""

    id: int = 7
    user_id: int | None = 1
    greeted: bool = True
    seats: dict[str, Player] = field(default_factory=dict)
    watching: set[str] = field(default_factory=set)

    def push(self, data: bytes) -> None:
        pass


class Cluster:
    """The asking node's view: a bus where the game's node is dead, and a database whose lease
    on the game this node takes over at a chosen moment."""

    def __init__(self, claim_during_request: bool) -> None:
        self.address = HERE
        self.ours = False
        self.claim_during_request = claim_during_request
        self.asked = 0
        self.answered_here: list[Any] = []

    async def request(self, game_id: str, payload: bytes, timeout: float) -> bytes:
        self.asked += 1
        if self.asked == 1 and not self.claim_during_request:
            raise NoResponders("nobody serves the game")  # its node died; the lease has not expired
        self.ours = True  # (when claimed during the request: the claim landed while it was on the bus)
        # Once this node serves the game, the bus brings the request to this node's own proxy of
        # the connection, which holds no seat.
        return wire.encode({**wire.reply_error("not_seated", "this connection holds no seat"), "from": HERE, "seq": 0})

    def heard(self, address: str) -> None:
        pass

    async def caught_up(self, address: str, seq: int) -> None:
        pass

    def runs(self, game_id: str) -> bool:
        return self.ours

    async def here(self, client: Any, request: P.Request) -> dict[str, Any]:
        self.answered_here.append(request)
        return {"game": GAME, "version": 5}

    async def holder(self, game_id: str) -> Holder:
        if not self.claim_during_request:
            # the dead node's lease runs out, and this node's lease loop claims the game while
            # the request sleeps before asking again
            asyncio.get_running_loop().call_soon(setattr, self, "ours", True)
        return Holder(over=False, node="b" if self.ours else "a")

    async def claim(self, game_id: str) -> bool:
        return False

    async def game_by_code(self, code: str) -> str | None:
        return None


def remote_games(cluster: Cluster) -> RemoteGames:
    mesh: Any = cluster  # the parts of a Mesh that forwarding uses
    return RemoteGames(mesh, "b", cluster.runs, cluster.here, cluster.holder, cluster.claim,
                       cluster.game_by_code, patience=5.0, timeout=1.0)


@pytest.mark.parametrize("claim_during_request", [False, True], ids=["claimed-while-waiting", "claimed-in-flight"])
async def test_a_request_for_a_game_this_node_took_over_meanwhile_is_answered_here(claim_during_request: bool) -> None:
    """Claimed while the request slept before asking again, or while it was on the bus (the
    refusal then comes from this node's own seatless proxy): either way it is answered here,
    and the bus is asked once, before the claim."""
    cluster = Cluster(claim_during_request)
    request = P.ClaimWin(id=3, game=GAME)
    reply = await remote_games(cluster).route(Connection(seats={GAME: Player.GOLD}), request)
    assert reply == {"game": GAME, "version": 5}
    assert cluster.answered_here == [request]
    assert cluster.asked == 1
