"""The client library for GUIs: the network in a background thread with its own asyncio loop.

A GUI calls request methods (they return ``concurrent.futures.Future`` at once and never
block the frame) and drains inbound messages once a frame::

    client = ThreadedClient("ws://127.0.0.1:8765", name="Ada")
    client.start()                      # blocks until connected (or raises ConnectionLost)
    client.create_game(map="cinder-ford")
    ...
    def on_update(self, dt):
        for message in client.drain():  # also updates client.games (owned by the GUI thread)
            ...

``client.games`` holds a :class:`~client.net.state.GameTracker` per game, ``client.lobby`` the
live lobby (:class:`~client.net.lobby.LobbyState`, after :meth:`subscribe_lobby`) and
``client.notices`` the ``your_turn`` and ``challenge`` pushes not yet taken, all updated by
:meth:`drain` in the calling thread, so the GUI reads them without locks. Connection changes
arrive as :class:`~client.net.codec.ConnectionNote` (status connected / reconnecting / closed);
every other message is a Struct of :mod:`shared.wire` (or a :class:`~client.net.codec.LobbySnapshot`).

Several server addresses (a cluster's nodes) may be given, as a list or one text with commas:
``ThreadedClient("ws://a:8765,ws://b:8765")``; the client moves to the next when its
connection drops (see :mod:`client.net.aio`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Coroutine, Sequence
from typing import Any

from client.net.aio import AsyncClient
from client.net.codec import DEFAULT_URL, LobbySnapshot, Message
from client.net.lobby import LobbyState, Notices
from client.net.state import GameTracker, game_of
from shared.wire import LobbyPush

Future = concurrent.futures.Future


class ThreadedClient:
    """Runs an :class:`AsyncClient` on a private event loop in a daemon thread."""

    def __init__(self, url: str | Sequence[str] = DEFAULT_URL, **options: Any) -> None:
        """``url``: one address or several; ``options`` are :class:`AsyncClient`'s."""
        self.inbox: queue.Queue[Message] = queue.Queue()
        self.games: dict[str, GameTracker] = {}
        self.lobby = LobbyState()
        self.notices = Notices()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run_loop, name="scryptic-net", daemon=True)
        self._options = dict(options, on_message=self.inbox.put)
        self._url = url
        self._client: AsyncClient | None = None
        self._thread.start()
        self._client = self._call_sync(self._make_client())

    async def _make_client(self) -> AsyncClient:
        return AsyncClient(self._url, **self._options)

    def _run_loop(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def _submit(self, coro: Coroutine[Any, Any, Any]) -> Future:
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def _call_sync(self, coro: Coroutine[Any, Any, Any], timeout: float | None = 30.0) -> Any:
        return self._submit(coro).result(timeout)

    @property
    def client(self) -> AsyncClient:
        assert self._client is not None
        return self._client

    # ------------------------------------------------------------------------------ lifecycle

    def start(self, timeout: float = 10.0) -> dict[str, Any]:
        """Connect and say hello (blocking); return the server's hello data."""
        return self._call_sync(self.client.connect(timeout), timeout + 5)

    def close(self, timeout: float = 5.0) -> None:
        """Close the connection and stop the thread (again: nothing)."""
        if not self._thread.is_alive() or not self._loop.is_running():
            return
        try:
            self._call_sync(self.client.close(), timeout)
        except (concurrent.futures.TimeoutError, RuntimeError):
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)

    @property
    def connected(self) -> bool:
        return self.client.connected.is_set()

    @property
    def url(self) -> str:
        """The address in use."""
        return self.client.url

    @property
    def addresses(self) -> list[str]:
        """Every address the client may use, in order."""
        return list(self.client.addresses)

    @property
    def token(self) -> str | None:
        """The display-name token to store (it is set after the first hello with a name)."""
        return self.client.token

    @property
    def seat_tokens(self) -> dict[str, str]:
        return dict(self.client.seat_tokens)

    # ------------------------------------------------------------------------------ messages

    def drain(self, limit: int | None = None) -> list[Message]:
        """Take the messages received so far (call once a frame); updates :attr:`games`."""
        out: list[Message] = []
        while limit is None or len(out) < limit:
            try:
                message = self.inbox.get_nowait()
            except queue.Empty:
                break
            self._fold(message)
            out.append(message)
        return out

    def _fold(self, message: Message) -> None:
        """Keep the GUI thread's state (games, lobby, notices) in step with ``message``."""
        game = game_of(message)
        if game is not None:
            self.games.setdefault(game, GameTracker(game)).apply(message)
        elif isinstance(message, LobbySnapshot):
            self.lobby.replace(message)
        elif isinstance(message, LobbyPush):
            self.lobby.apply(message)
        else:
            self.notices.apply(message)

    # ------------------------------------------------------------------------------ requests

    def call(self, method: str, *args: Any, **kwargs: Any) -> Future:
        """Run ``AsyncClient.<method>(*args, **kwargs)`` on the network thread; a Future of its result."""
        return self._submit(getattr(self.client, method)(*args, **kwargs))

    def request(self, kind: str, /, **fields: Any) -> Future:
        return self._submit(self.client.request(kind, **fields))

    def set_name(self, name: str) -> Future:
        return self.call("set_name", name)

    def list_games(self) -> Future:
        return self.call("list_games")

    def subscribe_lobby(self) -> Future:
        """The lobby now, then live: :attr:`lobby` follows it as :meth:`drain` runs."""
        return self.call("subscribe_lobby")

    def unsubscribe_lobby(self) -> Future:
        return self.call("unsubscribe_lobby")

    def my_games(self) -> Future:
        """``{"games": [...], "challenges": [...]}``: your games in progress, to resume."""
        return self.call("my_games")

    def create_game(self, **settings: Any) -> Future:
        return self.call("create_game", **settings)

    def join(self, game: str | None = None, code: str | None = None) -> Future:
        return self.call("join", game=game, code=code)

    def attach(self, game: str, seat_token: str | None = None, since: int | None = None) -> Future:
        return self.call("attach", game, seat_token, since)

    def watch(self, game: str | None = None, code: str | None = None) -> Future:
        return self.call("watch", game=game, code=code)

    def leave(self, game: str) -> Future:
        return self.call("leave", game)

    def commit(self, game: str, placements: list[tuple[int, int, str]], direction: str | None = None) -> Future:
        return self.call("commit", game, placements, direction)

    def redeploy(self, game: str, cell: tuple[int, int], direction: str) -> Future:
        return self.call("redeploy", game, cell, direction)

    def discard(self, game: str, letters: str) -> Future:
        return self.call("discard", game, letters)

    def order_defence(self, game: str, order: list[int]) -> Future:
        return self.call("order_defence", game, order)

    def end_turn(self, game: str) -> Future:
        return self.call("end_turn", game)

    def resign(self, game: str) -> Future:
        return self.call("resign", game)

    def claim_win(self, game: str) -> Future:
        return self.call("claim_win", game)

    def rematch(self, game: str, accept: bool = True) -> Future:
        return self.call("rematch", game, accept)

    def export(self, game: str) -> Future:
        return self.call("export", game)

    def analyse(self, game: str) -> Future:
        """A finished game's post-game analysis (see AsyncClient.analyse): a Future of its data."""
        return self.call("analyse", game)

    def save_record(self, game: str, path: Any) -> Future:
        """Fetch a finished game's record and write it to ``path`` atomically."""
        return self.call("save_record", game, path)

    def challenge(self, **settings: Any) -> Future:
        """Offer a game to one player (``user=ID`` or ``name=NAME``, and game settings)."""
        return self.call("challenge", **settings)

    def answer_challenge(self, game: str, accept: bool = True) -> Future:
        return self.call("answer_challenge", game, accept)

    def offer_draw(self, game: str) -> Future:
        return self.call("offer_draw", game)

    def request_takeback(self, game: str) -> Future:
        return self.call("request_takeback", game)

    def answer_offer(self, game: str, kind: str, accept: bool) -> Future:
        return self.call("answer_offer", game, kind, accept)

    def abort(self, game: str) -> Future:
        return self.call("abort", game)

    def profile(self, user: int | None = None, name: str | None = None) -> Future:
        return self.call("profile", user, name)

    def history(self, user: int | None = None, name: str | None = None, limit: int = 20,
                before: float | None = None) -> Future:
        return self.call("history", user, name, limit, before)

    def leaderboard(self, family: str, limit: int = 20, provisional: bool = False) -> Future:
        return self.call("leaderboard", family, limit, provisional)

    def puzzles(self, theme: str | None = None, map: str | None = None, limit: int = 20,
                after: str | None = None) -> Future:
        """A page of the server's puzzles (see AsyncClient.puzzles)."""
        return self.call("puzzles", theme, map, limit, after)

    def puzzle(self, puzzle: str | None = None, theme: str | None = None, map: str | None = None) -> Future:
        return self.call("puzzle", puzzle, theme, map)

    def daily_puzzle(self, date: str | None = None) -> Future:
        return self.call("daily_puzzle", date)

    def puzzle_attempt(self, puzzle: str, actions: list[dict[str, Any]]) -> Future:
        return self.call("puzzle_attempt", puzzle, actions)

    def stats(self) -> Future:
        return self.call("stats")
