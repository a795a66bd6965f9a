"""The message bus contract, on the in-process bus and on NATS; and NATS going away and back."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from tests_cluster_helpers import wait_for

from server.bus.interface import BusError, MessageBus, NoResponders, request_subject
from server.bus.local import LocalBus
from server.cluster.local import LocalNats


PROBE = b"probe"


async def answered(requester: MessageBus, subject: str, timeout: float = 10.0) -> None:
    """Ask ``subject`` until its server answers: its subscription is in place at the NATS
    server (which does not say when: right after it starts, even a flush returns too early)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        try:
            await requester.request(subject, PROBE, timeout=1)
            return
        except NoResponders:
            assert asyncio.get_running_loop().time() < deadline, f"nobody came to serve {subject}"
            await asyncio.sleep(0.01)


async def heard(publisher: MessageBus, subject: str, *received: list[bytes], timeout: float = 10.0) -> None:
    """Publish PROBE on ``subject`` until each list of ``received`` holds one: every listener's
    subscription is in place. The probes come before anything published after this returns."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not all(PROBE in got for got in received):
        assert asyncio.get_running_loop().time() < deadline, f"nobody came to listen on {subject}"
        await publisher.publish(subject, PROBE)
        await asyncio.sleep(0.01)


async def settled(bus: MessageBus) -> None:
    """Wait until what ``bus`` asked of the NATS server before (an unsubscription) is done there:
    the server answers a ping after what came before it. The in-process bus does it at once."""
    from server.bus.nats_bus import NatsBus

    if isinstance(bus, NatsBus):
        await bus._nc.flush(timeout=5)


@pytest.fixture(params=["local", "nats"])
async def buses(request) -> AsyncIterator[tuple[MessageBus, MessageBus]]:
    """Two ends (two nodes) of one bus."""
    if request.param == "local":
        bus = LocalBus()
        yield bus, bus
        await bus.close()
        return
    from server.bus.nats_bus import NatsBus

    server: LocalNats = request.getfixturevalue("nats_server")
    a, b = await NatsBus.connect(server.url), await NatsBus.connect(server.url)
    yield a, b
    await a.close()
    await b.close()


async def test_a_request_reaches_the_one_server_of_its_subject(buses) -> None:
    owner, other = buses

    async def double(payload: bytes) -> bytes:
        return payload * 2

    served = await owner.serve(request_subject("g1"), double)
    await answered(other, request_subject("g1"))
    assert await other.request(request_subject("g1"), b"ab", timeout=2) == b"abab"
    await served.stop()
    await settled(owner)
    with pytest.raises(BusError):
        await other.request(request_subject("g1"), b"ab", timeout=0.5)


async def test_a_request_nobody_serves_is_a_clear_error(buses) -> None:
    _owner, other = buses
    with pytest.raises(BusError, match="nobody serves|no reply"):
        await other.request(request_subject("nobody"), b"x", timeout=0.5)


async def test_updates_reach_every_listener_of_the_subject_in_order(buses) -> None:
    owner, other = buses
    got_here: list[bytes] = []
    got_there: list[bytes] = []
    await owner.subscribe("test.g1.watch", got_here.append)
    await other.subscribe("test.g1.watch", got_there.append)
    await other.subscribe("test.g1.other", lambda _p: pytest.fail("another subject"))
    await heard(owner, "test.g1.watch", got_here, got_there)
    for n in range(5):
        await owner.publish("test.g1.watch", bytes([n]))
    await wait_for(lambda: all(len([m for m in got if m != PROBE]) == 5 for got in (got_here, got_there)))
    for got in (got_here, got_there):  # the probes came first, then the five in order, once each
        probes = got.index(bytes([0]))
        assert got[:probes] == [PROBE] * probes and got[probes:] == [bytes([n]) for n in range(5)]


async def test_while_nats_is_down_requests_fail_clearly_and_work_again_after(nats_server: LocalNats) -> None:
    from server.bus.nats_bus import NatsBus

    owner, other = await NatsBus.connect(nats_server.url), await NatsBus.connect(nats_server.url)
    try:
        async def echo(payload: bytes) -> bytes:
            return payload

        await owner.serve(request_subject("g1"), echo)
        await answered(other, request_subject("g1"))
        assert await other.request(request_subject("g1"), b"1", timeout=2) == b"1"
        nats_server.kill()
        await wait_for(lambda: not (owner.connected or other.connected))  # both have seen it go
        with pytest.raises(BusError, match="unavailable|no reply"):
            await other.request(request_subject("g1"), b"2", timeout=0.5)
        nats_server.start()  # the same port: both clients reconnect and resubscribe
        await wait_for(lambda: owner.connected and other.connected, timeout=10.0)
        await answered(other, request_subject("g1"))  # its subscription made again
        assert await other.request(request_subject("g1"), b"3", timeout=2) == b"3"
    finally:
        await owner.close()
        await other.close()
