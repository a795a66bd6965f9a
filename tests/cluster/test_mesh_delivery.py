"""The mesh's envelopes arrive once and in order, across a bus outage and lost answers.

NATS delivers at most once, and after an outage each node's client reconnects on its own: the
sender can be back, and send what it held, before the receiver has subscribed again. Here each
node has its own :class:`Port` to one in-process hub, which forgets a port's subscriptions while
it is away and takes them again when it reconnects, as the NATS server does.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from tests_cluster_helpers import wait_for

from server.bus.interface import BusError, BusUnavailable, Handler, Listener
from server.bus.local import LocalBus
from server.cluster.mesh import Mesh


class Port:
    """One node's connection to the hub (a :class:`~server.bus.interface.MessageBus`)."""

    def __init__(self, hub: LocalBus) -> None:
        self.hub = hub
        self.connected = True
        self.lose_answers = 0  # how many next answers to requests are lost on the way back
        self.tries = 0  # requests asked of this port, refused or not
        self._mine: list[tuple[str, str, Any]] = []  # (kind, subject, handler or listener)
        self._live: list[Any] = []

    def _check(self) -> None:
        if not self.connected:
            raise BusUnavailable("the message bus is unavailable (reconnecting)")

    async def request(self, subject: str, payload: bytes, timeout: float) -> bytes:
        self.tries += 1
        self._check()
        reply = await self.hub.request(subject, payload, timeout)
        if self.lose_answers:
            self.lose_answers -= 1
            raise BusError(f"no reply on {subject}: the answer was lost")
        return reply

    async def publish(self, subject: str, payload: bytes) -> None:
        self._check()
        await self.hub.publish(subject, payload)

    async def serve(self, subject: str, handler: Handler) -> Any:
        return await self._take("serve", subject, handler)

    async def subscribe(self, subject: str, listener: Listener) -> Any:
        return await self._take("subscribe", subject, listener)

    async def _take(self, kind: str, subject: str, fn: Any) -> Any:
        self._mine.append((kind, subject, fn))
        sub = await getattr(self.hub, kind)(subject, fn)
        self._live.append(sub)
        return sub

    async def drop(self) -> None:
        """The hub went away: nothing this port sends goes anywhere, its subscriptions are gone."""
        self.connected = False
        for sub in self._live:
            await sub.stop()
        self._live.clear()

    async def reconnect(self) -> None:
        """The hub is back for this port: its subscriptions are made again."""
        for kind, subject, fn in self._mine:
            self._live.append(await getattr(self.hub, kind)(subject, fn))
        self.connected = True

    async def close(self) -> None:
        await self.drop()


@pytest.fixture
async def two_nodes() -> AsyncIterator[tuple[Mesh, Port, Mesh, Port, list[bytes]]]:
    """Node a sends to node b, which records the frames it is handed, in order."""
    hub = LocalBus()
    a_port, b_port = Port(hub), Port(hub)
    a, b = Mesh("a"), Mesh("b")
    got: list[bytes] = []
    b.on_frames = lambda sender, ids, frame: got.append(frame)
    await a.start(a_port)  # type: ignore[arg-type]
    await b.start(b_port)  # type: ignore[arg-type]
    yield a, a_port, b, b_port, got
    for port in (a_port, b_port):
        if not port.connected:
            await port.reconnect()
    await a.stop()
    await b.stop()
    await hub.close()


async def test_frames_held_in_an_outage_reach_a_node_that_comes_back_after_the_sender(two_nodes) -> None:
    a, a_port, b, b_port, got = two_nodes
    a.push(b.address, 1, b"before")
    await wait_for(lambda: got == [b"before"])
    await a_port.drop()
    await b_port.drop()
    tried = a_port.tries
    a.push(b.address, 1, b"turn 1")
    a.push(b.address, 2, b"turn 2")
    await wait_for(lambda: a_port.tries >= tried + 2)  # a tried to send them, and tried again
    await a_port.reconnect()  # a is back first and sends what it held: b is not listening yet
    tried = a_port.tries
    await wait_for(lambda: a_port.tries >= tried + 2)  # sent twice since, nobody taking it
    assert got == [b"before"]
    a.push(b.address, 1, b"turn 3")
    await b_port.reconnect()
    await wait_for(lambda: len(got) >= 4)
    await wait_for(lambda: a.sent == 3)  # all three envelopes answered: nothing more will come
    assert got == [b"before", b"turn 1", b"turn 2", b"turn 3"]


async def test_an_envelope_whose_answer_was_lost_is_sent_again_and_handled_once(two_nodes) -> None:
    a, a_port, b, _b_port, got = two_nodes
    a_port.lose_answers = 2
    a.push(b.address, 1, b"once")
    await wait_for(lambda: a_port.lose_answers == 0)  # b has it; a, not knowing, sends it again
    a.push(b.address, 1, b"meanwhile")  # pushed while the first envelope waits for its answer
    await wait_for(lambda: a.sent == 2)
    a.push(b.address, 1, b"next")
    await wait_for(lambda: a.sent == 3)
    assert got == [b"once", b"meanwhile", b"next"]


async def test_after_the_sender_took_the_receiver_for_gone_its_numbering_starts_again(two_nodes) -> None:
    a, _a_port, b, _b_port, got = two_nodes
    for n in range(3):
        a.push(b.address, 1, f"frame {n}".encode())
        await wait_for(lambda n=n: len(got) == n + 1)
    a.seen[b.address] = 0.0
    assert a.sweep(time.monotonic()) == [b.address]  # a forgets b, and its outbox for b
    await wait_for(lambda: b.address in a.seen)  # b beats again: it was only slow
    a.push(b.address, 1, b"after")  # envelope 1 of a new outbox: not a copy of b's envelope 1
    await wait_for(lambda: len(got) == 4)
    assert got[-1] == b"after"


async def test_a_gone_node_gets_no_outbox_and_the_sender_stops_at_once(two_nodes) -> None:
    """A node taken for gone is sent nothing: a notice for it is kept aside (no outbox, no
    envelope held and sent again), and a frame for it is dropped."""
    a, _a_port, b, b_port, got = two_nodes
    notices: list[list[Any]] = []
    b.on_notice = lambda sender, item: notices.append(item)
    await b.stop()
    await b_port.drop()  # b is dead: nothing answers on its subject
    a.seen[b.address] = 0.0
    assert a.sweep(time.monotonic()) == [b.address]
    a.notify(b.address, ["moved", "duel000001", [1]])
    a.push(b.address, 1, b"for nobody")
    assert a.stats()["outboxes"] == []  # nothing queued: nothing to send again, nothing to flush
    assert a.mark(b.address) == 0 and got == [] and notices == []


async def test_a_notice_for_a_node_taken_for_gone_reaches_it_once_it_is_heard_again(two_nodes) -> None:
    """A node that was only slow is told what happened meanwhile (to follow a game elsewhere)."""
    a, _a_port, b, _b_port, _got = two_nodes
    notices: list[list[Any]] = []
    b.on_notice = lambda sender, item: notices.append(item)
    a.seen[b.address] = 0.0
    assert a.sweep(time.monotonic()) == [b.address]
    a.notify(b.address, ["moved", "duel000001", [1]])
    assert b.address not in a.stats()["outboxes"]
    await wait_for(lambda: notices == [["moved", "duel000001", [1]]])  # after b's next beat
