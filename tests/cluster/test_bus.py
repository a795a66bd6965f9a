"""The message bus contract, on the in-process bus and on NATS; and NATS going away and back."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from server.bus.interface import BusError, MessageBus, request_subject, update_subject
from server.bus.local import LocalBus
from server.cluster.local import LocalNats


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
    await asyncio.sleep(0.05)  # the subscription reaches the server
    assert await other.request(request_subject("g1"), b"ab", timeout=2) == b"abab"
    await served.stop()
    await asyncio.sleep(0.05)
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
    await owner.subscribe(update_subject("g1", "watch"), got_here.append)
    await other.subscribe(update_subject("g1", "watch"), got_there.append)
    await other.subscribe(update_subject("g1", "1"), lambda _p: pytest.fail("another audience"))
    await asyncio.sleep(0.05)
    for n in range(5):
        await owner.publish(update_subject("g1", "watch"), bytes([n]))
    for _ in range(50):
        if len(got_here) == len(got_there) == 5:
            break
        await asyncio.sleep(0.02)
    assert got_here == got_there == [bytes([n]) for n in range(5)]


async def test_while_nats_is_down_requests_fail_clearly_and_work_again_after(nats_server: LocalNats) -> None:
    from server.bus.nats_bus import NatsBus

    owner, other = await NatsBus.connect(nats_server.url), await NatsBus.connect(nats_server.url)
    try:
        async def echo(payload: bytes) -> bytes:
            return payload

        await owner.serve(request_subject("g1"), echo)
        await asyncio.sleep(0.05)
        assert await other.request(request_subject("g1"), b"1", timeout=2) == b"1"
        nats_server.kill()
        await asyncio.sleep(0.3)
        with pytest.raises(BusError, match="unavailable|no reply"):
            await other.request(request_subject("g1"), b"2", timeout=0.5)
        nats_server.start()  # the same port: both clients reconnect and resubscribe
        for _ in range(100):
            if owner.connected and other.connected:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.2)
        assert await other.request(request_subject("g1"), b"3", timeout=2) == b"3"
    finally:
        await owner.close()
        await other.close()
