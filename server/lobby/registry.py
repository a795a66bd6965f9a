"""The live games: every game host in memory, by id and by join code.

The registry builds each :class:`~server.host.game_host.GameHost` with one shared
:class:`~server.host.ports.HostContext`, and is itself the host's
:class:`~server.host.ports.LobbyLink`. A game not in memory (finished and swept, or never
loaded) is loaded from the store when someone asks for it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

from server.edge.protocol import ProtocolError
from server.host.game_host import GameHost
from server.host.ports import BotPlayer, HostContext, HostSettings
from server.host.seats import ACTIVE, OPEN, OVER
from server.lobby.pushes import LIVE_LIST, OPEN_LIST, LobbyFeed, OnlineUsers
from server.lobby.ratings import Ratings, bot_subject, rating_data, user_subject
from server.store.interface import GameStore
from server.store.records import StoredGame
from shared.rules.lexicon import Lexicon

log = logging.getLogger("scryptic.server")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed safely


class GameRegistry:
    """Game hosts by id, open private games by join code."""

    def __init__(
        self,
        store: GameStore,
        lexicon: Lexicon,
        settings: HostSettings,
        bots: BotPlayer,
        names: Callable[[int], str | None],
        action_done: Callable[[float], None],
        ratings: Ratings,
        feed: LobbyFeed,
        online: OnlineUsers,
    ) -> None:
        """``names(user_id)`` gives display names; ``action_done(seconds)`` counts actions;
        ``feed`` and ``online`` carry the lobby's pushes."""
        self.store = store
        self.lexicon = lexicon
        self._names = names
        self.ratings = ratings
        self.feed = feed
        self.online = online
        self.context = HostContext(settings, store, bots, self, action_done, ratings)
        self.hosts: dict[str, GameHost] = {}
        self.codes: dict[str, str] = {}  # join code -> game id (open private games)
        self.closing = False  # the server is shutting down: no new games
        self._loading: dict[str, asyncio.Future[GameHost | None]] = {}
        self.removed: Callable[[GameHost], None] = lambda host: None  # told of each game leaving memory
        # Told each game's end here (game id, result): the tournament desk, the puzzle miner.
        self.finished_listeners: list[Callable[[str, dict[str, Any] | None], None]] = []

    def new_host(self, stored: StoredGame) -> GameHost:
        """A host for ``stored`` (raises ValueError if its map or action log is unusable)."""
        return GameHost(stored, self.lexicon, self.context)

    # ------------------------------------------------------------------------------ start and stop

    def reload(self, games: Iterable[StoredGame], last_alive: float | None, now: float) -> dict[str, dict[str, Any]]:
        """Host every stored unfinished game; return the clock checkpoints to store (the
        outage is not charged to anyone's clock). A game that does not replay is logged and
        left out."""
        checkpoints: dict[str, dict[str, Any]] = {}
        for stored in games:
            try:
                host = self.new_host(stored)
            except Exception as exc:  # noqa: BLE001 - one bad game must not keep the others down
                log.error("game not reloaded", extra={"data": {"game": stored.id, "error": repr(exc)}})
                continue
            self.register(host)
            checkpoint = host.resume_clock(last_alive, now)
            if checkpoint is not None:
                checkpoints[host.id] = checkpoint
        return checkpoints

    def start_all(self, now: float) -> None:
        """Arm every game's timers and bots (in the running loop, after :meth:`reload`)."""
        for host in self.hosts.values():
            host.start_after_load(now)

    def cancel_timers(self) -> None:
        """Stop every game's timers and bots (the server stops)."""
        for host in self.hosts.values():
            host.cancel_timers()

    # ------------------------------------------------------------------------------ the registry

    def register(self, host: GameHost) -> None:
        """Put ``host`` in memory (and its join code, while the game is open)."""
        self.hosts[host.id] = host
        if host.join_code and host.status == OPEN:
            self.codes[host.join_code] = host.id
        self.show(host)

    def unregister(self, host: GameHost) -> None:
        """Take ``host`` out of memory (its game stays in the store)."""
        host.cancel_timers()
        self.hosts.pop(host.id, None)
        if host.join_code:
            self.codes.pop(host.join_code, None)
        self.feed.show(host.id, None, dict)
        self.removed(host)

    # ------------------------------------------------------------------------------ the lobby

    def listed_in(self, host: GameHost) -> str | None:
        """The lobby list a game belongs in: public and not a challenge, waiting or in play."""
        if not host.public or host.challenged is not None:
            return None
        return OPEN_LIST if host.status == OPEN else LIVE_LIST if host.status == ACTIVE else None

    def entry(self, host: GameHost) -> dict[str, Any]:
        """A game's lobby line, with its players' ratings in its family."""
        line = host.summary()
        family = host.family
        ratings: dict[str, Any] = {}
        for player, seat in host.seats.items():
            subject = bot_subject(seat.bot_level) if seat.bot_level is not None else user_subject(seat.user_id) if seat.user_id else None
            ratings[str(int(player))] = None if family is None or subject is None else rating_data(self.ratings.get(subject, family))
        line["ratings"] = ratings
        return line

    def show(self, host: GameHost) -> None:
        """Push the game's place in the lobby to the lobby's subscribers."""
        self.feed.show(host.id, self.listed_in(host), lambda: self.entry(host))

    def lobby_lines(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """Every listed game in memory: its list and its lobby line, by id."""
        lines = {}
        for host in self.hosts.values():
            listed = self.listed_in(host)
            if listed is not None:
                lines[host.id] = (listed, self.entry(host))
        return lines

    def games_of(self, user_id: int) -> list[GameHost]:
        """The games in memory in which ``user_id`` holds a seat."""
        return [h for h in self.hosts.values() if any(s.user_id == user_id for s in h.seats.values())]

    def sweep(self, finished_before: float) -> None:
        """Take out of memory the games that ended before ``finished_before`` and that nobody
        follows any more."""
        for host in list(self.hosts.values()):
            finished_long_ago = host.status == OVER and host.finished_at is not None and host.finished_at < finished_before
            if finished_long_ago and not any(True for _ in host.subscribers()):
                self.unregister(host)

    def count_by_status(self) -> dict[str, int]:
        """How many games in memory are open, active and over."""
        by_status = {OPEN: 0, ACTIVE: 0, OVER: 0}
        for host in self.hosts.values():
            by_status[host.status] += 1
        return by_status

    def new_game_id(self) -> str:
        """An id no game in memory has."""
        game_id = secrets.token_hex(5)
        while game_id in self.hosts:
            game_id = secrets.token_hex(5)
        return game_id

    def new_join_code(self) -> str:
        """A join code no open game has (six characters of :data:`CODE_ALPHABET`)."""
        join_code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        while join_code in self.codes:
            join_code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        return join_code

    def user_renamed(self, user_id: int) -> None:
        """Show a user's new name in every game they hold a seat in: to its followers, and to the
        lobby's subscribers where the game is listed (a ``change`` of its entry)."""
        for host in self.hosts.values():
            if any(s.user_id == user_id for s in host.seats.values()):
                host.broadcast_info()
                self.show(host)

    def open_games_of(self, user_id: int) -> int:
        """How many games ``user_id`` has waiting for an opponent."""
        return sum(
            1
            for host in self.hosts.values()
            if host.status == OPEN and any(s.user_id == user_id for s in host.seats.values())
        )

    # ------------------------------------------------------------------------------ LobbyLink

    def user_name(self, user_id: int) -> str | None:
        """The display name of ``user_id`` (for a game's players)."""
        return self._names(user_id)

    def game_started(self, game_id: str) -> None:
        """Called by a host when its second seat is taken: its code no longer finds it to join."""
        host = self.hosts.get(game_id)
        if host is not None and host.join_code:
            self.codes.pop(host.join_code, None)
        if host is not None:
            self.show(host)

    def game_finished(self, game_id: str, result: dict[str, Any] | None, version: int) -> None:
        """Called by a host when its game ends: it leaves the lobby's lists."""
        host = self.hosts.get(game_id)
        if host is not None:
            if host.join_code:
                self.codes.pop(host.join_code, None)
            self.show(host)
        log.info("game over", extra={"data": {"game": game_id, "result": result, "version": version}})
        for listener in self.finished_listeners:
            listener(game_id, result)

    def to_act(self, game_id: str, user_id: int, note: dict[str, Any]) -> None:
        """Tell ``user_id``'s other connections that a game waits for them (``your_turn``)."""
        self.online.tell(user_id, "your_turn", unless_seated_in=game_id, **note)

    # ------------------------------------------------------------------------------ look-ups

    async def get(self, game_id: str, *, resume_from: float | None = None) -> GameHost | None:
        """The host of ``game_id``, loading a game that is not in memory from the store.

        ``resume_from`` (a cluster node that claimed the game from a node that died): the
        time its previous owner was last known alive; a loaded game's clock does not charge
        the time since (:meth:`~server.host.table.GameTable.resume_clock`)."""
        host = self.hosts.get(game_id)
        if host is not None:
            return host
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[GameHost | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            stored = await asyncio.to_thread(self.store.load_game, game_id)
            loaded: GameHost | None = None
            if stored is not None:
                loaded = await asyncio.to_thread(self.new_host, stored)
                if game_id not in self.hosts:
                    if resume_from is not None:
                        loaded.resume_clock(resume_from, time.time())
                    self.register(loaded)
                    loaded.start_after_load(time.time())
                loaded = self.hosts[game_id]
            future.set_result(loaded)
            return loaded
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: waiters (if any) get it through shield
            raise
        finally:
            self._loading.pop(game_id, None)

    async def find(self, game_id: str | None, code: str | None, what: str) -> GameHost:
        """The game named by exactly one of an id (public games) or a join code."""
        if (game_id is None) == (code is None):
            raise ProtocolError("bad_message", f"{what} needs exactly one of game or code")
        if code is not None:
            found = self.codes.get(code.upper())
            host = None if found is None else await self.get(found)
            if host is None:
                # A private game no longer open is still reachable (to watch) by its code.
                host = next((h for h in self.hosts.values() if h.join_code == code.upper()), None)
        else:
            assert game_id is not None
            host = await self.get(game_id)
            if host is not None and not host.public:
                host = None  # private games are found by code only
        if host is None:
            raise ProtocolError("no_such_game", "no game with that id or code")
        return host
