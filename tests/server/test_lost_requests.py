"""A request forwarded to a game's node that dies or hangs before it answers.

NATS can hand a request to a node killed a moment before (its subscription lingers until the
server notices the closed connection), and nobody answers. Such a request may or may not have
been done, so it is sent again only in a form that cannot be done twice: a move pinned to the
version its player was last sent. Seen in the cluster test ``test_owner_down`` on a loaded
machine; here the bus is a stand-in that swallows the first request.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from server.bus.interface import BusError
from server.cluster.lease import Holder
from server.edge import protocol as P
from server.edge.protocol import ProtocolError, decode_request
from server.remote import wire
from server.remote.viewer import Follow, RemoteGames
from shared.rules.terrain import Player

GAME = "duel000001"
OLD, NEW = "a-000001", "c-000001"  # the mesh addresses of the game's dead node and its next one
SEEN = 4  # the version the player's connection was last sent
PASS = {"type": "end_turn"}


@dataclass
class Connection:
    """A local connection holding a seat in a game that runs on another node."""

    id: int = 7
    user_id: int | None = 1
    greeted: bool = True
    seats: dict[str, Player] = field(default_factory=lambda: {GAME: Player.GOLD})
    watching: set[str] = field(default_factory=set)

    def push(self, data: bytes) -> None:
        pass


class Bus:
    """The asking node's mesh and database: the first request is swallowed (its node died),
    the next ones reach the game's new node, which answers ``answer``."""

    def __init__(self, answer: dict[str, Any], swallowed: int = 1) -> None:
        self.address = "b-000001"
        self.answer = answer
        self.swallowed = swallowed  # how many requests, from the first, nobody answers
        self.sent: list[P.Request] = []
        self.first_ended = ""  # how the swallowed request's wait ended: "timeout" or "cancelled"

    async def request(self, game_id: str, payload: bytes, timeout: float) -> bytes:
        self.sent.append(decode_request(wire.decode(payload)["req"]))
        if len(self.sent) > self.swallowed:
            return wire.encode({**self.answer, "from": NEW, "seq": 0})
        try:
            await asyncio.sleep(timeout)
        except asyncio.CancelledError:
            self.first_ended = self.first_ended or "cancelled"
            raise
        self.first_ended = self.first_ended or "timeout"
        raise BusError(f"no reply within {timeout:g} s")

    def heard(self, address: str) -> None:
        pass

    async def caught_up(self, address: str, seq: int) -> None:
        pass

    def runs(self, game_id: str) -> bool:
        return False

    async def here(self, client: Any, request: P.Request) -> dict[str, Any]:
        raise AssertionError("the game runs on another node")

    async def holder(self, game_id: str) -> Holder:
        return Holder(over=False, node="c")

    async def claim(self, game_id: str) -> bool:
        return False

    async def game_by_code(self, code: str) -> str | None:
        return None


def remote_games(bus: Bus, timeout: float) -> RemoteGames:
    mesh: Any = bus  # the parts of a Mesh that forwarding uses
    remote = RemoteGames(mesh, "b", bus.runs, bus.here, bus.holder, bus.claim, bus.game_by_code,
                         patience=5.0, timeout=timeout)
    remote.follows[Connection.id] = {GAME: Follow(OLD, int(Player.GOLD), SEEN)}
    return remote


async def test_a_move_swallowed_by_a_dead_node_is_sent_again_pinned_once_another_node_runs_the_game() -> None:
    """The new node's announcement ends the wait (the request's own timeout is far off); the
    move goes again with the version its player saw, so it cannot be played twice."""
    bus = Bus(wire.reply_ok({"version": SEEN + 1}))
    remote = remote_games(bus, timeout=30.0)
    moving = asyncio.ensure_future(remote.route(Connection(), P.Act(id=3, game=GAME, action=PASS)))
    while not bus.sent:
        await asyncio.sleep(0)
    remote.game_elsewhere(NEW, GAME)
    assert await moving == {"version": SEEN + 1}
    assert bus.first_ended == "cancelled"
    moves = [request for request in bus.sent if isinstance(request, P.Act)]  # (and the connection attached again)
    assert [move.expect_version for move in moves] == [None, SEEN]


async def test_a_move_whose_node_hangs_is_sent_again_pinned_after_the_timeout() -> None:
    bus = Bus(wire.reply_ok({"version": SEEN + 1}))
    reply = await remote_games(bus, timeout=0.05).route(Connection(), P.Act(id=3, game=GAME, action=PASS))
    assert reply == {"version": SEEN + 1}
    assert bus.first_ended == "timeout"
    assert [request.expect_version for request in bus.sent] == [None, SEEN]  # type: ignore[attr-defined]


async def test_a_move_the_dead_node_may_have_played_is_reported_as_maybe_done_not_played_again() -> None:
    """The game has moved on from the version the player saw: perhaps by this very move."""
    bus = Bus(wire.reply_error("stale_version", f"the game is at version {SEEN + 1}, not {SEEN}"))
    with pytest.raises(ProtocolError) as refused:
        await remote_games(bus, timeout=0.05).route(Connection(), P.Act(id=3, game=GAME, action=PASS))
    assert refused.value.code == "server_busy"
    assert "may or may not have been done" in refused.value.reason
    assert len(bus.sent) == 2


async def test_a_players_own_expected_version_is_kept_and_its_refusal_passed_on() -> None:
    bus = Bus(wire.reply_error("stale_version", f"the game is at version {SEEN + 1}, not 2"))
    with pytest.raises(ProtocolError) as refused:
        await remote_games(bus, timeout=0.05).route(Connection(), P.Act(id=3, game=GAME, action=PASS, expect_version=2))
    assert refused.value.code == "stale_version"
    assert [request.expect_version for request in bus.sent] == [2, 2]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "request_",
    [P.Offer(id=3, game=GAME, kind="draw"), P.Act(id=3, game=GAME, action=PASS)],
    ids=["an-offer", "a-move-of-a-connection-sent-no-version"],
)
async def test_a_lost_request_that_could_be_done_twice_is_not_sent_again(request_: P.Request) -> None:
    bus = Bus(wire.reply_ok({"version": SEEN + 1}))
    remote = remote_games(bus, timeout=0.05)
    if isinstance(request_, P.Act):
        remote.follows[Connection.id][GAME] = Follow(OLD, int(Player.GOLD), None)
    with pytest.raises(ProtocolError) as refused:
        await remote.route(Connection(), request_)
    assert refused.value.code == "server_busy"
    assert "may or may not have been done" in refused.value.reason
    assert len(bus.sent) == 1


async def test_a_request_asked_of_a_node_that_stops_beating_is_lost_and_sent_again() -> None:
    bus = Bus(wire.reply_ok({"seat": 1, "game": GAME, "version": SEEN}))
    remote = remote_games(bus, timeout=30.0)
    attaching = asyncio.ensure_future(remote.route(Connection(), P.Attach(id=3, game=GAME, since=SEEN)))
    while not bus.sent:
        await asyncio.sleep(0)
    remote.node_gone(OLD)
    assert (await attaching)["version"] == SEEN
    assert bus.first_ended == "cancelled"
    # attaching twice is attaching once: sent again as it was (beside the node's own attaching
    # again of the connection, as for every follower of a gone node's games)
    assert bus.sent.count(P.Attach(id=3, game=GAME, since=SEEN)) == 2


async def test_a_move_lost_twice_is_not_sent_a_third_time() -> None:
    """A node that swallows every request (it hangs but keeps its lease) is not waited for forever."""
    bus = Bus(wire.reply_ok({"version": SEEN + 1}), swallowed=10)
    with pytest.raises(ProtocolError) as refused:
        await remote_games(bus, timeout=0.05).route(Connection(), P.Act(id=3, game=GAME, action=PASS))
    assert refused.value.code == "server_busy"
    assert "may or may not have been done" in refused.value.reason
    assert [request.expect_version for request in bus.sent] == [None, SEEN]  # type: ignore[attr-defined]
