"""The nodes of a cluster talking over the bus: :class:`Mesh` carries bytes between them.

What it carries, and how (it knows no games, only ids and bytes):

- **Requests for a game** go to the subject only the game's owner serves
  (:func:`~server.bus.interface.request_subject`); a node serves the subjects of the games it
  holds leases for (:meth:`Mesh.serve`, told by the leases) and answers with ``on_request``.
- **Frames for viewers on other nodes.** The owner's game host pushes each frame to its
  followers; a follower on another node is a proxy whose ``push`` calls :meth:`Mesh.push`.
  Frames for one node are queued and sent together, in order, as one numbered *envelope*, a
  request to that node's subject (:func:`~server.bus.interface.node_subject`); a frame pushed
  to several followers on the same node (one audience's update) is sent once with their ids.
  Notices (a follower closed; a game moved to another node) travel in the same envelopes, so
  they keep their place among the frames.
- **Delivery.** An envelope counts as sent when the receiver answers it. Until then it is held
  and sent again under the same number, and the next one waits: NATS delivers at most once,
  and after an outage the sender may be back on the bus before the receiver has subscribed
  again, when a plain publish would be lost. The receiver skips a number it has handled (its
  answer was lost); a new outbox (the sender took the receiver for gone) has a new *epoch*.
- **Order of a reply and its frames.** A reply carries :meth:`mark`: the number of the envelope
  that holds every frame pushed so far to the asking node. The asker waits for that envelope
  (:meth:`caught_up`) before answering its client, so a client sees its update before the
  result of its request, as on one node.
- **Liveness.** Every node publishes a beat a few times a second; a node not heard for
  ``dead_after`` seconds is gone (``on_gone``): its followers are forgotten, and the followers
  of its games on this node are moved to the game's next owner. A gone node has no outbox:
  frames for it are dropped, and notices for it are kept aside (for a while) and sent only if
  it is heard again (it was slow, not dead), so nothing is sent to a dead node.

A node's address is its id plus a random suffix, so a node restarted with the same id is a new
address (its connections' ids start again).
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from server.bus.interface import (
    BusError,
    MessageBus,
    Subscription,
    arrival_subject,
    beat_subject,
    node_subject,
    request_subject,
)

log = logging.getLogger("scryptic.cluster")

FRAME = "f"  # an envelope item: ["f", [connection ids], frame bytes]

_encode = msgspec.msgpack.encode
_decode = msgspec.msgpack.decode


def address_of(node_id: str) -> str:
    """A node's address on the bus: its id (made fit for a subject) and a random suffix."""
    return f"{re.sub(r'[^A-Za-z0-9_-]', '_', node_id)[:60]}-{secrets.token_hex(3)}"


RESEND_AFTER = 0.25  # seconds between tries to send an envelope while the bus is away
ANSWER_WITHIN = 2.0  # seconds to wait for the receiver to answer an envelope before sending it again
KEEP_GONE = 60.0  # seconds the notices for a gone node are kept, in case it was only slow


class _Outbox:
    """What is queued for one node, and the number of the last envelope sent to it."""

    __slots__ = ("epoch", "items", "seq", "task")

    def __init__(self) -> None:
        self.epoch = secrets.token_hex(4)  # tells the receiver that numbering starts again
        self.items: list[list[Any]] = []
        self.seq = 0
        self.task: asyncio.Task[None] | None = None


class Mesh:
    """This node's side of the mesh (see the module docstring)."""

    def __init__(self, node_id: str, *, beat: float = 0.5, dead_after: float = 3.0) -> None:
        """Nothing is sent until :meth:`start` hands it the bus."""
        self.address = address_of(node_id)
        self.beat = beat
        self.dead_after = dead_after
        self.bus: MessageBus | None = None
        # What the rest of the node does with what arrives (set by the composition root).
        self.on_request: Callable[[bytes], Awaitable[bytes]] = _no_requests
        self.on_frames: Callable[[str, list[int], bytes], None] = lambda sender, ids, frame: None
        self.on_notice: Callable[[str, list[Any]], None] = lambda sender, item: None
        self.on_gone: Callable[[str], None] = lambda address: None
        self.on_arrived: Callable[[str, str], None] = lambda address, game_id: None
        self.seen: dict[str, float] = {}  # address -> time.monotonic() it was last heard
        self._outboxes: dict[str, _Outbox] = {}
        self._gone: dict[str, float] = {}  # address -> when it was taken for gone
        self._kept: dict[str, list[list[Any]]] = {}  # notices for gone nodes, sent if heard again
        self._received: dict[str, int] = {}  # address -> number of the last envelope from it
        self._epochs: dict[str, str] = {}  # address -> the epoch of its outbox for this node
        self._waiters: dict[str, list[tuple[int, asyncio.Future[None]]]] = {}
        self._wanted: dict[str, bool] = {}  # game id -> serve it or not (changes to make, in order)
        self._serving: dict[str, Subscription] = {}
        self._server_task: asyncio.Task[None] | None = None
        self._subs: list[Subscription] = []
        self._beat_task: asyncio.Task[None] | None = None
        self.sent = 0  # envelopes sent (for the health readout)

    # ------------------------------------------------------------------------------ lifecycle

    async def start(self, bus: MessageBus) -> None:
        """Listen on this node's subject and the beats; start beating; serve the games held."""
        self.bus = bus
        self._subs.append(await bus.serve(node_subject(self.address), self._answer_envelope))
        self._subs.append(await bus.subscribe(beat_subject(), self._heard_beat))
        self._subs.append(await bus.subscribe(arrival_subject(), self._heard_arrival))
        self._beat_task = asyncio.ensure_future(self._beat_loop())
        self._kick_server()

    async def stop(self) -> None:
        """Send what is queued, then stop beating and listening."""
        await self.flush()
        boxes = [box.task for box in self._outboxes.values() if box.task is not None]
        for task in [self._beat_task, self._server_task, *boxes]:
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        for sub in self._subs + list(self._serving.values()):
            await sub.stop()
        self._subs.clear()
        self._serving.clear()

    async def flush(self, timeout: float = 2.0) -> None:
        """Wait until everything queued so far was handed to the bus."""
        tasks = [box.task for box in self._outboxes.values() if box.task is not None and not box.task.done()]
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    # ------------------------------------------------------------------------------ serving games

    def serve(self, game_id: str, on: bool) -> None:
        """Serve (or stop serving) requests for ``game_id``; changes are made in order."""
        self._wanted.pop(game_id, None)
        self._wanted[game_id] = on
        self._kick_server()

    def _kick_server(self) -> None:
        if self.bus is not None and self._wanted and (self._server_task is None or self._server_task.done()):
            self._server_task = asyncio.ensure_future(self._apply_serving())

    async def _apply_serving(self) -> None:
        assert self.bus is not None
        while self._wanted:
            game_id = next(iter(self._wanted))
            on = self._wanted.pop(game_id)
            current = self._serving.get(game_id)
            try:
                if on and current is None:
                    self._serving[game_id] = await self.bus.serve(request_subject(game_id), self.on_request)
                elif not on and current is not None:
                    del self._serving[game_id]
                    await current.stop()
            except BusError as exc:  # the bus is away: the client library resubscribes when back
                log.warning("serving a game failed", extra={"data": {"game": game_id, "error": str(exc)}})

    async def announce(self, game_id: str) -> None:
        """Tell every node that ``game_id`` runs here now (their followers of it come here)."""
        if self.bus is None:
            return
        try:
            await self.bus.publish(arrival_subject(), _encode({"from": self.address, "game": game_id}))
        except BusError as exc:  # the followers find it anyway when its old node stops beating
            log.warning("arrival not announced", extra={"data": {"game": game_id, "error": str(exc)}})

    def _heard_arrival(self, payload: bytes) -> None:
        try:
            message = _decode(payload)
            address, game_id = message["from"], message["game"]
        except (msgspec.DecodeError, KeyError, TypeError) as exc:
            log.error("bad arrival", extra={"data": {"error": repr(exc)}})
            return
        if address != self.address:
            self.on_arrived(address, game_id)

    def serves(self, game_id: str) -> bool:
        """Whether this node answers requests for ``game_id`` now."""
        return game_id in self._serving

    async def request(self, game_id: str, payload: bytes, timeout: float) -> bytes:
        """Ask the owner of ``game_id``; :class:`~server.bus.interface.NoResponders` if nobody
        serves it, another :class:`BusError` if no reply came in time."""
        if self.bus is None:
            raise BusError("the message bus is not connected yet")
        return await self.bus.request(request_subject(game_id), payload, timeout)

    # ------------------------------------------------------------------------------ sending

    def push(self, address: str, conn_id: int, frame: bytes) -> None:
        """Queue ``frame`` for connection ``conn_id`` of the node at ``address`` (dropped if that
        node is gone: its connections follow the game again from their last version)."""
        if address in self._gone:
            return
        box = self._box(address)
        last = box.items[-1] if box.items else None
        if last is not None and last[0] == FRAME and last[2] is frame:
            last[1].append(conn_id)  # the same frame to another follower there: sent once
        else:
            box.items.append([FRAME, [conn_id], frame])
        self._kick(address, box)

    def notify(self, address: str, item: list[Any]) -> None:
        """Queue a notice (a list whose first element names it) for the node at ``address``; for
        a gone node it is kept aside and sent only if that node is heard again."""
        if address in self._gone:
            self._kept.setdefault(address, []).append(item)
            return
        box = self._box(address)
        box.items.append(item)
        self._kick(address, box)

    def mark(self, address: str) -> int:
        """The number of the envelope that will hold everything queued so far for ``address``."""
        box = self._outboxes.get(address)
        if box is None:
            return 0
        return box.seq + (1 if box.items else 0)

    def _box(self, address: str) -> _Outbox:
        box = self._outboxes.get(address)
        if box is None:
            box = self._outboxes[address] = _Outbox()
        return box

    def _kick(self, address: str, box: _Outbox) -> None:
        if box.task is None or box.task.done():
            box.task = asyncio.ensure_future(self._send(address, box))

    async def _send(self, address: str, box: _Outbox) -> None:
        while box.items:
            items, box.items = box.items, []
            box.seq += 1
            envelope = _encode({"from": self.address, "epoch": box.epoch, "seq": box.seq, "items": items})
            while True:
                try:
                    if self.bus is None:
                        raise BusError("the message bus is not connected")
                    await self.bus.request(node_subject(address), envelope, ANSWER_WITHIN)
                    self.sent += 1
                    break
                except BusError as exc:
                    # Not answered (the bus is away, the receiver is not subscribed again yet,
                    # or its answer was lost): send the very same envelope again until it is
                    # answered or the node is given up (sweep). What is pushed meanwhile goes
                    # in the next one: the receiver may have handled this one already.
                    log.warning("envelope held", extra={"data": {"to": address, "error": str(exc)}})
                    await asyncio.sleep(RESEND_AFTER)

    # ------------------------------------------------------------------------------ receiving

    async def _answer_envelope(self, payload: bytes) -> bytes:
        self._envelope(payload)
        return b""

    def _envelope(self, payload: bytes) -> None:
        try:
            envelope = _decode(payload)
            sender, seq, items = envelope["from"], int(envelope["seq"]), envelope["items"]
            epoch = str(envelope.get("epoch", ""))
        except (msgspec.DecodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
            log.error("bad envelope", extra={"data": {"error": repr(exc)}})
            return
        self._alive(sender)
        if self._epochs.get(sender) != epoch:
            self._epochs[sender] = epoch
            self._received[sender] = 0
        elif seq <= self._received.get(sender, 0):
            return  # sent again because our answer was lost: handled already
        for item in items:
            try:
                if item[0] == FRAME:
                    self.on_frames(sender, item[1], item[2])
                else:
                    self.on_notice(sender, item)
            except Exception:
                log.exception("envelope item failed", extra={"data": {"from": sender, "kind": item[0]}})
        if seq > self._received.get(sender, 0):
            self._received[sender] = seq
            waiting = self._waiters.get(sender)
            if waiting:
                keep = []
                for number, future in waiting:
                    if number <= seq:
                        if not future.done():
                            future.set_result(None)
                    else:
                        keep.append((number, future))
                self._waiters[sender] = keep

    async def caught_up(self, address: str, seq: int, timeout: float = 2.0) -> bool:
        """Wait until envelope ``seq`` from ``address`` arrived (or a later one: a lost one is
        not waited for); False if it did not come within ``timeout``."""
        if self._received.get(address, 0) >= seq:
            return True
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(address, []).append((seq, future))
        try:
            await asyncio.wait_for(future, timeout)
            return True
        except TimeoutError:
            log.warning("frames late", extra={"data": {"from": address, "seq": seq}})
            return False

    def heard(self, address: str) -> None:
        """Note that ``address`` is alive (a reply came from it): watch its beats from now on."""
        if address != self.address:
            self._alive(address)

    def _alive(self, address: str) -> None:
        self.seen[address] = time.monotonic()
        if self._gone.pop(address, None) is not None:
            log.warning("node back", extra={"data": {"node": address}})
            for item in self._kept.pop(address, []):
                self.notify(address, item)

    # ------------------------------------------------------------------------------ liveness

    def _heard_beat(self, payload: bytes) -> None:
        try:
            address = _decode(payload)["from"]
        except (msgspec.DecodeError, KeyError, TypeError) as exc:
            log.error("bad beat", extra={"data": {"error": repr(exc)}})
            return
        if address != self.address:
            self._alive(address)

    async def _beat_loop(self) -> None:
        beat = _encode({"from": self.address})
        while True:
            try:
                assert self.bus is not None
                await self.bus.publish(beat_subject(), beat)
            except BusError:
                pass  # the bus is away: everyone else misses our beats, and we theirs
            self.sweep(time.monotonic())
            await asyncio.sleep(self.beat)

    def sweep(self, now: float) -> list[str]:
        """Forget the nodes not heard for ``dead_after`` seconds; return them."""
        gone = [address for address, at in self.seen.items() if now - at > self.dead_after]
        for address in [a for a, at in self._gone.items() if now - at > KEEP_GONE]:
            del self._gone[address]
            self._kept.pop(address, None)
        for address in gone:
            del self.seen[address]
            self._gone[address] = now
            self._received.pop(address, None)
            self._epochs.pop(address, None)
            box = self._outboxes.pop(address, None)
            if box is not None and box.task is not None:
                box.task.cancel()
            for _seq, future in self._waiters.pop(address, []):
                if not future.done():
                    future.set_result(None)
            log.warning("node gone", extra={"data": {"node": address}})
            try:
                self.on_gone(address)
            except Exception:
                log.exception("forgetting a node failed", extra={"data": {"node": address}})
        return gone

    def stats(self) -> dict[str, Any]:
        """This node's part of the health readout."""
        return {"mesh_address": self.address, "nodes_seen": len(self.seen), "games_served": len(self._serving),
                "envelopes_sent": self.sent, "outboxes": sorted(self._outboxes)}


async def _no_requests(payload: bytes) -> bytes:
    return _encode({"code": "server_busy", "reason": "this node does not serve games yet"})
