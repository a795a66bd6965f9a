"""The asyncio client: one connection to a Scryptic server, reconnecting by itself.

``AsyncClient`` says hello, matches replies to requests by id, tracks the state of every game it
plays or watches (:class:`~client.net.state.GameTracker`), the lobby it subscribed to
(:class:`~client.net.lobby.LobbyState`) and the notices it got (``your_turn``, ``challenge``:
:class:`~client.net.lobby.Notices`), and hands every message the server pushes to
``on_message`` (or its ``inbox`` queue). When the connection drops it reconnects with backoff,
says hello with its token again, re-attaches every seat (by token, or by account) and
re-watches every game with the last version it saw, so the server sends what was missed, and
subscribes to the lobby again. The requests themselves are in :mod:`client.net.calls`.

Several addresses (the nodes of a cluster, docs/cluster.md) may be given: a list, or one text
with commas. The client uses the first; when its connection drops it reconnects to the next
(:class:`~client.net.addresses.AddressRing`), and resumes there. While a game is moving to
another node (its node died and its lease has not yet passed to another), re-attaching it is
refused with a temporary code (:data:`TEMPORARY_CODES`): the client asks again, with backoff,
for up to ``resume_patience`` seconds before it reports the connection as ``connected``, so a
player whose node died simply sees "reconnecting" for the few seconds the failover takes.

Use it directly from asyncio, or through :class:`client.net.threaded.ThreadedClient` from a GUI.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import ssl
import time
from collections.abc import Callable, Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from client.net.addresses import AddressRing, parse_addresses
from client.net.calls import Calls
from client.net.codec import DEFAULT_URL, PROTOCOL_VERSION, ConnectionNote, Message, decode, encode, lobby_snapshot, read
from client.net.errors import CertificateNotTrusted, ClientClosed, ConnectionLost, ServerError
from client.net.lobby import LobbyState, Notices
from client.net.state import GameTracker, game_of
from shared.wire import (
    AnalysisFailedPush,
    AnalysisPush,
    ErrorReply,
    GameInfo,
    InfoPush,
    LobbyPush,
    RenamedPush,
    ResultReply,
    ServerMessage,
)
from shared.wire import replies as R

log = logging.getLogger("scryptic.client")

# Refusals that mean "not now" rather than "no": the game's node is moving it, or could not
# store; asking again later can succeed (docs/protocol.md, docs/cluster.md).
TEMPORARY_CODES = frozenset({"server_busy", "store_failed"})


class AsyncClient(Calls):
    """A reconnecting protocol client (see the module docstring)."""

    def __init__(
        self,
        url: str | Sequence[str] = DEFAULT_URL,
        *,
        addresses: Sequence[str] | None = None,
        name: str | None = None,
        token: str | None = None,
        client_name: str = "scryptic-client",
        on_message: Callable[[Message], None] | None = None,
        reconnect: bool = True,
        backoff: tuple[float, float] = (0.2, 5.0),
        request_timeout: float = 15.0,
        max_message_bytes: int = 8 * 1024 * 1024,
        resume_patience: float = 30.0,
        ca_file: str | None = None,
    ) -> None:
        """``url``: the server's address, or several (a list, or one text with commas), which
        ``addresses`` replaces if given; raises ValueError if no address is given. ``ca_file``:
        a PEM file of certificates to trust for ``wss://`` besides the system's (a server's
        self-signed certificate)."""
        self.addresses = parse_addresses(addresses if addresses is not None else url)
        self._ring = AddressRing(self.addresses)
        self.name = name
        self.token = token
        self.client_name = client_name
        self.on_message = on_message
        self.reconnect = reconnect
        self.backoff = backoff
        self.request_timeout = request_timeout
        self.max_message_bytes = max_message_bytes
        self.resume_patience = resume_patience
        self.ca_file = ca_file
        self.inbox: asyncio.Queue[Message] = asyncio.Queue()
        self.games: dict[str, GameTracker] = {}
        self.seat_tokens: dict[str, str] = {}
        self.account_seats: set[str] = set()  # seats attached by account (no token known here)
        self.watching: set[str] = set()
        self.lobby = LobbyState()
        self.lobby_subscribed = False
        self.notices = Notices()
        self.user: dict[str, Any] | None = None
        self.hello_data: dict[str, Any] | None = None
        self.idle_timeout = 300.0  # the server's (hello's limits), once greeted
        self.connected = asyncio.Event()
        self.reconnects = 0
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._lobby_requests: set[int] = set()  # ids of list_games / subscribe_lobby requests
        self.analyses_awaited: dict[str, list[asyncio.Future[AnalysisPush | AnalysisFailedPush]]] = {}  # game -> analyse calls waiting
        self._ws: ClientConnection | None = None
        self._supervisor: asyncio.Task[None] | None = None
        self._keepalive: asyncio.Task[None] | None = None
        self._closed = False
        self._first_error: BaseException | None = None

    @property
    def url(self) -> str:
        """The address in use (or to be tried next)."""
        return self._ring.current

    # ------------------------------------------------------------------------------ lifecycle

    async def connect(self, timeout: float = 10.0) -> dict[str, Any]:
        """Connect and say hello; return the server's hello data.

        Raises :class:`ConnectionLost` if that does not happen within ``timeout`` (and stops
        trying), or :class:`ServerError` if the server refuses the hello. Once connected, the
        client reconnects by itself whenever the connection drops, until :meth:`close`.
        """
        if self._supervisor is None:
            self._supervisor = asyncio.ensure_future(self._supervise())
        waiter = asyncio.ensure_future(self.connected.wait())
        done, _ = await asyncio.wait({waiter, self._supervisor}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if waiter not in done:
            waiter.cancel()
            supervisor, self._supervisor = self._supervisor, None
            if supervisor in done:
                exc = supervisor.exception()
                raise exc if exc else ConnectionLost("the client stopped")
            supervisor.cancel()  # a first connection that fails does not keep trying behind the caller's back
            raise ConnectionLost(
                f"could not connect to {', '.join(self.addresses)} within {timeout:g} s: {self._first_error!r}"
            )
        assert self.hello_data is not None
        return self.hello_data

    async def close(self) -> None:
        """Close the connection and stop reconnecting."""
        self._closed = True
        if self._ws is not None:
            await self._ws.close()
        for task in (self._supervisor, self._keepalive):
            if task is not None:
                task.cancel()
        for task in (self._supervisor, self._keepalive):
            if task is not None:
                try:
                    await task
                except asyncio.CancelledError:
                    pass
                except Exception as exc:  # noqa: BLE001 - closing: report, do not raise
                    log.debug("client task ended with %r", exc)
        self._fail_pending(ClientClosed("the client was closed"))

    async def _supervise(self) -> None:
        while not self._closed:
            was_connected = False
            try:
                async with connect(
                    self.url, max_size=self.max_message_bytes, compression=None, open_timeout=10,
                    **self._tls_options(),
                ) as ws:
                    self._ws = ws
                    reader = asyncio.ensure_future(self._read(ws))
                    try:
                        await self._greet()
                        await self._resubscribe()
                    except ServerError as exc:
                        if exc.code in TEMPORARY_CODES:  # this node cannot serve us now: try the next
                            self._first_error = self._first_error or exc
                            await ws.close()
                        else:  # hello refused (bad token, version, name): give up
                            self._closed = True
                            self._emit(ConnectionNote(status="refused", code=exc.code, reason=exc.reason))
                            reader.cancel()
                            raise
                    except (ConnectionLost, ConnectionClosed):
                        pass
                    else:
                        was_connected = True
                        self._ring.connected()
                        self.connected.set()
                        self._emit(ConnectionNote(status="connected", reconnects=self.reconnects, address=self.url))
                        self._keepalive = asyncio.ensure_future(self._keep_alive())
                    await reader
            except ssl.SSLCertVerificationError as exc:
                self._closed = True  # trying again cannot help: say so at once
                raise CertificateNotTrusted(
                    f"the certificate of {self.url} is not trusted: {exc.verify_message or exc.reason}; if the "
                    "server's owner made it themselves (self-signed), ask them for it and give it as the CA file"
                ) from None
            except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed) as exc:
                if self._first_error is None:
                    self._first_error = exc
                log.debug("connection attempt failed: %r", exc)
            except InvalidURI:
                raise
            finally:
                self._ws = None
                self.connected.clear()
                if self._keepalive is not None:
                    self._keepalive.cancel()
                    self._keepalive = None
                self._fail_pending(ConnectionLost("the connection dropped"))
            if self._closed or not self.reconnect:
                self._emit(ConnectionNote(status="closed"))
                return
            self.reconnects += 1
            delay = self._ring.next_attempt(was_connected, self.backoff)
            self._emit(ConnectionNote(status="reconnecting", delay=round(delay, 2), address=self.url))
            await asyncio.sleep(delay * (0.75 + random.random() / 2))

    def _tls_options(self) -> dict[str, Any]:
        """websockets' ``ssl`` option: the system's trust, plus ``ca_file`` if given."""
        if not self.url.startswith("wss://") or self.ca_file is None:
            return {}
        return {"ssl": ssl.create_default_context(cafile=self.ca_file)}

    async def _greet(self) -> None:
        fields: dict[str, Any] = {"v": PROTOCOL_VERSION, "client": self.client_name}
        if self.token is not None:
            fields["token"] = self.token
        if self.name is not None:
            fields["name"] = self.name
        data = await self.request("hello", _unready_ok=True, **fields)
        hello = read(data, R.HelloReply)
        self.hello_data = data
        self.idle_timeout = hello.limits.idle_timeout
        self.user = data["user"]
        if hello.token:
            self.token = hello.token
        if hello.user is not None:
            self.name = hello.user.name

    async def _resubscribe(self) -> None:
        """Take every seat again, re-watch every watched game (each from the last version seen)
        and renew the lobby subscription; a game refused for now (:data:`TEMPORARY_CODES`) is
        asked for again with backoff for up to ``resume_patience`` seconds."""
        todo: list[tuple[str, str, str | None]] = [("attach", game, token) for game, token in self.seat_tokens.items()]
        todo += [("attach", game, None) for game in self.account_seats if game not in self.seat_tokens]
        todo += [("watch", game, None) for game in self.watching]
        if self.lobby_subscribed:
            try:
                await self.request("subscribe_lobby", _unready_ok=True)
            except ServerError as exc:
                self._emit(ConnectionNote(status="resume_failed", code=exc.code, reason=exc.reason))
        deadline = time.monotonic() + self.resume_patience
        delay = self.backoff[0]
        while True:
            later: list[tuple[str, str, str | None]] = []
            last: dict[str, ServerError] = {}
            for kind, game, token in todo:
                try:
                    await self._resume_one(kind, game, token)
                except ServerError as exc:
                    if exc.code in TEMPORARY_CODES:
                        later.append((kind, game, token))
                        last[game] = exc
                    else:
                        self._emit(ConnectionNote(status="resume_failed", game=game, code=exc.code, reason=exc.reason))
            if not later:
                return
            if time.monotonic() + delay > deadline:
                for _kind, game, _token in later:
                    error = last[game]
                    self._emit(ConnectionNote(status="resume_failed", game=game, code=error.code, reason=error.reason))
                return
            await asyncio.sleep(delay)
            delay = min(self.backoff[1], delay * 2)
            todo = later

    async def _resume_one(self, kind: str, game: str, token: str | None) -> None:
        """``attach`` one seat again (``token``: its seat token, None for the account's seat) or
        ``watch`` one game again, from the last version seen."""
        tracker = self.games.get(game)
        since = tracker.version if tracker is not None and tracker.version >= 0 else None
        if kind == "watch":
            await self.request("watch", _unready_ok=True, game=game, since=since)
        else:
            await self.request("attach", _unready_ok=True, game=game, seat_token=token, since=since)

    async def _keep_alive(self) -> None:
        idle = self.idle_timeout
        while True:
            await asyncio.sleep(max(1.0, idle / 3))
            try:
                await self.request("ping")
            except (ServerError, ConnectionLost, ClientClosed):
                return

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for frame in ws:
                try:
                    message = decode(frame)
                except (ValueError, TypeError) as exc:
                    log.warning("%s", exc)
                    continue
                self._dispatch(message)
        except ConnectionClosed:
            pass

    def _dispatch(self, message: ServerMessage) -> None:
        if isinstance(message, (ResultReply, ErrorReply)):
            future = self._pending.pop(message.re, None) if message.re is not None else None
            if isinstance(message, ResultReply) and message.re in self._lobby_requests:
                # The whole lobby, in its place among the pushes (see client.net.lobby).
                self._lobby_requests.discard(message.re)
                lobby = lobby_snapshot(message.data)
                self.lobby.replace(lobby)
                self._emit(lobby)
            if future is not None and not future.done():
                if isinstance(message, ResultReply):
                    future.set_result(message.data)
                else:
                    future.set_exception(ServerError(message.code, message.reason))
                return
            self._emit(message)  # an error the server could not tie to a request
            return
        if isinstance(message, (AnalysisPush, AnalysisFailedPush)):  # a game's analysis, not one of its moves
            self.analysis_arrived(message)
            return self._emit(message)
        game = game_of(message)
        if game is not None:
            tracker = self.games.get(game)
            if tracker is None:
                tracker = self.games[game] = GameTracker(game)
            tracker.apply(message)
            if isinstance(message, InfoPush):
                self._follow_rematch(game, message.info)
        elif isinstance(message, LobbyPush):
            self.lobby.apply(message)
        elif isinstance(message, RenamedPush):  # the server's operator renamed this account
            self.user = {"id": message.user.id, "name": message.user.name}
            self.name = message.user.name
        else:
            self.notices.apply(message)
        self._emit(message)

    def _follow_rematch(self, game: str, info: GameInfo) -> None:
        # Seat tokens carry over into a rematch: the server already attached us there.
        new_game = info.rematch.game if info.rematch is not None else None
        if new_game and game in self.seat_tokens and new_game not in self.seat_tokens:
            self.seat_tokens[new_game] = self.seat_tokens[game]
        elif new_game and game in self.account_seats:
            self.account_seats.add(new_game)

    def _emit(self, message: Message) -> None:
        if self.on_message is not None:
            self.on_message(message)
        else:
            self.inbox.put_nowait(message)

    def _fail_pending(self, exc: BaseException) -> None:
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(exc)

    # ------------------------------------------------------------------------------ requests

    async def request(self, kind: str, /, _unready_ok: bool = False, **fields: Any) -> dict[str, Any]:
        """Send one request and wait for its reply data; raise :class:`ServerError` if refused.
        (``kind`` is positional only: some requests have a field called ``kind``.)"""
        if self._closed:
            raise ClientClosed("the client was closed")
        ws = self._ws
        if ws is None or (not _unready_ok and not self.connected.is_set()):
            raise ConnectionLost("not connected (reconnecting)")
        request_id = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        if kind in ("list_games", "subscribe_lobby"):
            self._lobby_requests.add(request_id)
        message = {"type": kind, "id": request_id, **{k: v for k, v in fields.items() if v is not None}}
        try:
            await ws.send(encode(message))
        except ConnectionClosed:
            self._pending.pop(request_id, None)
            raise ConnectionLost("the connection dropped") from None
        try:
            return await asyncio.wait_for(future, self.request_timeout)
        finally:
            self._pending.pop(request_id, None)
            self._lobby_requests.discard(request_id)
