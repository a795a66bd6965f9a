"""A game played over the network: :class:`NetworkSession` wraps the client library.

The :class:`~client.net.ThreadedClient` runs the connection in its own thread and event loop;
``poll`` (called once a frame) drains its queue: game updates become :class:`Update`, refused
actions :class:`Rejected`, and connection changes :class:`Status` (the client reconnects and
resumes by itself; the screen says so meanwhile).
"""

from __future__ import annotations

import concurrent.futures
from typing import Any

from shared.rules.actions import Action, Commit, Discard, EndTurn, OrderDefence, Redeploy, Resign
from shared.rules.lexicon import Lexicon
from shared.rules.presets import PRESETS
from shared.rules.terrain import Player

from client.session import GameSession, Message, Rejected, Seat, Status, Update

CONNECTION_TEXT = {
    "reconnecting": "Connection lost: reconnecting...",
    "closed": "Disconnected from the server",
    "refused": "The server refused the connection",
    "resume_failed": "Could not resume the game",
}


def seats_from_info(info: dict[str, Any], seat: int | None) -> dict[Player, Seat]:
    """Seat names from the server's room info ("You" for this client's seat)."""
    players = info.get("players") or {}
    out = {}
    for p in Player:
        entry = players.get(str(int(p))) or {}
        name = entry.get("name") or ("waiting for a player..." if not entry.get("taken", True) else p.label.capitalize())
        if entry.get("bot"):
            name = name or f"Bot (level {entry['bot']})"
        out[p] = Seat(p, name, seat == int(p))
    return out


class NetworkSession(GameSession):
    """One game on a server, seen from one seat (or as a spectator when ``seat`` is None)."""

    def __init__(self, client: Any, game: str, lexicon: Lexicon, *, seat: int | None = None,
                 own_client: bool = False) -> None:
        self.client = client
        self.game_id = game
        self.lexicon = lexicon
        self.own_client = own_client
        tracker = client.games.get(game)
        if tracker is None or tracker.view is None:
            raise ValueError(f"no state received yet for game {game}")
        self.tracker = tracker
        self.seat = seat if seat is not None else tracker.seat
        self.rules = PRESETS.get(tracker.view.get("rules", "standard"), PRESETS["standard"])
        self.seats = seats_from_info(tracker.info, self.seat)
        self.title = tracker.info.get("map") or tracker.view.get("map", "")
        self._futures: list[concurrent.futures.Future] = []
        self._connection: str | None = None
        self.rematch_game: str | None = None
        self._rematch_future: concurrent.futures.Future | None = None

    # ---------------------------------------------------------------- queries
    def view(self, viewer: Player | None) -> dict[str, Any]:
        return self.tracker.view  # the server already filtered it for this seat

    def viewer(self) -> Player | None:
        return None if self.seat is None else Player(self.seat)

    def clock_left(self) -> dict[int, float] | None:
        return self.tracker.clock_left()

    def defence_left(self) -> float | None:
        return self.tracker.defence_left()

    @property
    def connection_text(self) -> str | None:
        if self._connection:
            return self._connection
        code = self.tracker.info.get("join_code")
        if self.tracker.info.get("status") == "open" and code:
            return f"Waiting for an opponent: join code {code}"
        return None

    # ---------------------------------------------------------------- commands
    def submit(self, action: Action) -> None:
        c, g = self.client, self.game_id
        if isinstance(action, Commit):
            future = c.commit(g, [tuple(p) for p in action.placements], action.direction)
        elif isinstance(action, Redeploy):
            future = c.redeploy(g, tuple(action.cell), action.direction)
        elif isinstance(action, Discard):
            future = c.discard(g, action.letters)
        elif isinstance(action, OrderDefence):
            future = c.order_defence(g, list(action.order))
        elif isinstance(action, EndTurn):
            future = c.end_turn(g)
        elif isinstance(action, Resign):
            future = c.resign(g)
        else:
            raise TypeError(f"not an action: {action!r}")
        self._futures.append(future)

    def poll(self) -> list[Message]:
        out: list[Message] = []
        for future in [f for f in self._futures if f.done()]:
            self._futures.remove(future)
            exc = future.exception()
            if exc is None:
                continue
            code = getattr(exc, "code", "connection")
            reason = getattr(exc, "reason", None) or "the connection dropped: try again when it is back"
            out.append(Rejected(code, reason))
        for message in self.client.drain():
            kind = message.get("type")
            if kind == "connection":
                status = message.get("status")
                self._connection = None if status == "connected" else CONNECTION_TEXT.get(status, status)
                out.append(Status("connection", self._connection or "Connected", busy=status == "reconnecting"))
                continue
            if message.get("game") != self.game_id:
                continue
            if kind == "update":
                out.append(Update(list(message.get("events", [])), message["view"]))
            elif kind == "state":
                out.append(Update([], message["view"], resync=True))
                self.seats = seats_from_info(self.tracker.info, self.seat)
            elif kind == "info":
                self.seats = seats_from_info(message.get("info") or {}, self.seat)
                self.rematch_game = ((message.get("info") or {}).get("rematch") or {}).get("game")
        return out

    def record_text(self) -> str | None:
        try:
            return self.client.export(self.game_id).result(10)
        except Exception:  # the server may not export games in progress
            return None

    def fetch_record(self) -> "concurrent.futures.Future[str | None]":
        """The server's record of the finished game (its ``export`` request)."""
        return self.client.export(self.game_id)

    def rematch(self) -> GameSession | None:
        """Ask for (or accept) a rematch; the server starts it once both sides want it."""
        self._rematch_future = self.client.rematch(self.game_id, True)
        return None

    def rematch_game_id(self) -> str | None:
        """The id of the rematch the server started from this game (None until it has)."""
        future = self._rematch_future
        if future is not None and future.done() and future.exception() is None:
            data = future.result() or {}
            if data.get("started") and data.get("game"):
                return str(data["game"])
        started = (self.tracker.info.get("rematch") or {}).get("game")
        return str(started) if started else self.rematch_game

    def rematch_ready(self) -> GameSession | None:
        """The rematch's session once the server has started it and sent its first state.

        The new game's colours are swapped; this client's seat in it comes with the state. The
        connection passes to the new session (closing this one then leaves it open).
        """
        new_game = self.rematch_game_id()
        if new_game is None:
            return None
        tracker = self.client.games.get(new_game)
        if tracker is None or tracker.view is None:
            return None
        session = NetworkSession(self.client, new_game, self.lexicon, own_client=self.own_client)
        self.own_client = False
        return session

    def rematch_offered(self) -> bool:
        offered = (self.tracker.info.get("rematch") or {}).get("offered_by") or []
        return self.seat is not None and any(int(p) != self.seat for p in offered) and self.seat not in offered

    def rematch_error(self) -> str | None:
        """Why the rematch request was refused (None while pending or when it went through)."""
        future = self._rematch_future
        if future is None or not future.done() or future.exception() is None:
            return None
        exc = future.exception()
        return getattr(exc, "reason", None) or str(exc) or "the rematch request failed"

    def close(self) -> None:
        if self.own_client:
            try:
                self.client.close()
            except Exception:
                pass
