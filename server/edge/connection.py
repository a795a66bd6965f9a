"""One client connection: framing, limits, the hello handshake and dispatch of requests.

Every inbound frame costs a token from the connection's rate bucket; frames over the rate,
frames that are not binary msgpack, and messages that do not fit their schema are answered with
an ``error`` and also cost a *strike*. A connection out of strikes is cut off (close code 1008).
Outbound messages never wait: those produced in one turn of the event loop are written together
at its end, in the order they were produced; a client that stops reading until its write buffer
passes the limit is cut off as too slow.

A connection knows no rules and no games: it hands each valid request to the ``dispatch``
function it was given (:meth:`server.routes.Router.dispatch`) and turns what comes back, or the
:class:`ProtocolError` / :class:`RuleError` raised, into the reply. It also carries the
session's state the lobby reads and writes: who said hello, and which games it holds seats in
or watches.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State
from websockets.exceptions import ConnectionClosed

from server.config import ServerConfig
from server.edge.limits import TokenBucket
from server.edge.protocol import (
    Hello,
    ProtocolError,
    Request,
    decode_request,
    encode,
)
from server.metrics import Metrics
from shared import wire
from shared.rules.errors import RuleError
from shared.rules.terrain import Player

log = logging.getLogger("scryptic.conn")

_ids = itertools.count(1)

CLOSE_POLICY = 1008  # websocket close code: policy violation

Dispatch = Callable[["Connection", Request], Awaitable[wire.Answer]]
Spawn = Callable[[Coroutine[Any, Any, Any]], "asyncio.Task[Any]"]


class Connection:
    """The server side of one websocket."""

    def __init__(
        self,
        ws: ServerConnection,
        address: str,
        config: ServerConfig,
        metrics: Metrics,
        dispatch: Dispatch,
        spawn: Spawn,
    ) -> None:
        """``dispatch`` answers a valid request; ``spawn`` runs a task the server tracks."""
        self.id = next(_ids)
        self.config = config
        self.metrics = metrics
        self._dispatch = dispatch
        self._spawn = spawn
        self.ws = ws
        self.address = address
        self.user_id: int | None = None
        self.greeted = False
        self.seats: dict[str, Player] = {}  # game id -> the seat this connection holds
        self.watching: set[str] = set()
        self.bucket = TokenBucket(config.rate_per_second, config.rate_burst)
        # Strikes refill slowly: a client may make the odd mistake, not a stream of them.
        self.strikes = TokenBucket(max(config.max_strikes / 60.0, 0.01), max(1, config.max_strikes))
        self.closing = False
        self._closer: asyncio.Task[None] | None = None
        self._outbox: list[bytes] = []

    # ------------------------------------------------------------------------------ output

    def push(self, data: bytes) -> None:
        """Queue one frame to the client (never blocks).

        Frames queued in one turn of the event loop leave together in one write at its end
        (:meth:`flush`): an action's update and its reply cost the server one system call, not
        two, and a write to a socket on this machine costs as much as the rules of a move."""
        if self.closing:
            return
        if not self._outbox:
            asyncio.get_running_loop().call_soon(self.flush)
        self._outbox.append(data)
        metrics = self.metrics
        metrics.messages_out += 1
        metrics.bytes_out += len(data)

    def flush(self) -> None:
        """Write every queued frame now, in the order queued."""
        frames, self._outbox = self._outbox, []
        protocol = self.ws.protocol
        transport = self.ws.transport
        if not frames or protocol.state is not State.OPEN or transport is None:
            return
        for data in frames:
            protocol.send_binary(data)
        # The frames only: a close handshake writes its own data through websockets.
        transport.write(b"".join(protocol.data_to_send()))
        if transport.get_write_buffer_size() > self.config.max_write_buffer:
            self.cut_off("too_slow", "the client does not read its messages")

    def send(self, message: wire.ServerMessage | dict[str, Any]) -> None:
        self.push(encode(message))

    def cut_off(self, why: str, reason: str) -> None:
        """Tell the client why, then close the connection (policy violation)."""
        if self.closing:
            return
        self.metrics.cut_off[why] += 1
        log.info("cut off", extra={"data": {"conn": self.id, "address": self.address, "why": why}})
        self.send(wire.ByePush(reason=reason, code=why))
        self.flush()
        self.closing = True
        self._closer = self._spawn(self.ws.close(CLOSE_POLICY, reason[:120]))

    def _strike(self) -> None:
        if not self.strikes.take():
            self.cut_off("garbage", "too many malformed or refused messages")

    # ------------------------------------------------------------------------------ input

    async def run(self) -> None:
        """Read and answer frames until the connection closes."""
        config = self.config
        try:
            while not self.closing:
                timeout = config.idle_timeout if self.greeted else config.hello_timeout
                try:
                    async with asyncio.timeout(timeout):
                        frame = await self.ws.recv()
                except TimeoutError:
                    why = "idle" if self.greeted else "no_hello"
                    self.cut_off(why, "idle timeout" if self.greeted else "no hello in time")
                    break
                await self.handle_frame(frame)
        except ConnectionClosed:
            pass
        finally:
            if self._closer is not None:
                await self._finish_close()

    async def _finish_close(self) -> None:
        """Complete a policy close: the client's close frame may sit behind frames we no longer
        read (reading pauses when the queue is full), so discard those for a moment, then drop
        the connection if the handshake still has not finished."""
        assert self._closer is not None
        try:
            async with asyncio.timeout(2.0):
                while True:
                    await self.ws.recv()
        except (ConnectionClosed, TimeoutError):
            pass
        if self.ws.transport is not None and not self._closer.done():
            self.ws.transport.abort()
        await asyncio.shield(self._closer)

    async def handle_frame(self, frame: str | bytes) -> None:
        """Answer one inbound frame."""
        metrics = self.metrics
        metrics.messages_in += 1
        metrics.bytes_in += len(frame)
        if isinstance(frame, str):
            self._error(None, "bad_frame", "frames must be binary msgpack, not text")
            return
        try:
            request = decode_request(frame)
        except ProtocolError as exc:
            if not self.bucket.take():
                self._error(exc.request_id, "rate_limited", "too many messages; slow down")
                return
            self._error(exc.request_id, exc.code, exc.reason)
            return
        if not self.bucket.take():
            self._error(request.id, "rate_limited", "too many messages; slow down")
            return
        if not self.greeted and not isinstance(request, Hello):
            self._error(request.id, "hello_first", "the first message must be hello")
            return
        try:
            data = await self._dispatch(self, request)
        except ProtocolError as exc:
            self._error(request.id, exc.code, exc.reason, strike=False)
        except RuleError as exc:
            self._error(request.id, exc.code, exc.reason, strike=False)
        except Exception:  # a bug must cost one reply, not the server
            log.exception("request failed", extra={"data": {"conn": self.id, "type": type(request).__name__}})
            self._error(request.id, "internal", "the server failed to handle this request", strike=False)
        else:
            self.send(wire.ResultReply(re=request.id, data=wire.reply_data(data)))

    def _error(self, request_id: int | None, code: str, reason: str, strike: bool = True) -> None:
        self.metrics.errors[code] += 1
        self.send(wire.ErrorReply(re=request_id, code=code, reason=reason))
        if strike:
            self._strike()
