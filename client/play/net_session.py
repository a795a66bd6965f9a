"""A game played over the network: :class:`NetworkSession` wraps the client library.

The :class:`~client.net.ThreadedClient` runs the connection in its own thread and event loop;
``poll`` (called once a frame) drains its queue: game updates become :class:`Update`, refused
actions :class:`Rejected`, and connection changes :class:`Status` (the client reconnects and
resumes by itself; the screen says so meanwhile).
"""

from __future__ import annotations

import concurrent.futures
from collections import deque
from collections.abc import Callable
from typing import Any

from client.play.chat import RoomChat
from client.net.codec import ConnectionNote
from client.play.net_session_offers import KINDS, OfferBook, OfferNotice
from client.play.session import GameSession, Message, Rejected, Seat, Status, Update
from shared.rules.actions import (
    Action,
    Commit,
    Discard,
    EndTurn,
    OrderDefence,
    Redeploy,
    Resign,
)
from shared.rules.lexicon import Lexicon
from shared.rules.presets import PRESETS
from shared.rules.terrain import Player
from shared.wire import (
    ChallengePush,
    ChatMutedPush,
    ChatPush,
    GameInfo,
    InfoPush,
    RatingChange,
    StatePush,
    UpdatePush,
    View,
    WordCommitted,
    YourTurnPush,
)

CONNECTION_TEXT = {
    "reconnecting": "Connection lost: reconnecting...",
    "closed": "Disconnected from the server",
    "refused": "The server refused the connection",
    "resume_failed": "Could not resume the game",
}


def seats_from_info(info: GameInfo | None, seat: int | None) -> dict[Player, Seat]:
    """Seat names from the server's room info ("You" for this client's seat)."""
    players = info.players if info is not None else {}
    out = {}
    for p in Player:
        entry = players.get(str(int(p)))
        if entry is None:
            name = p.label.capitalize()
        else:
            name = entry.name or ("waiting for a player..." if not entry.taken else p.label.capitalize())
        out[p] = Seat(p, name, seat == int(p))
    return out



def other_game_notice(message: YourTurnPush | ChallengePush) -> str:
    """One line for a ``your_turn`` or ``challenge`` push that concerns another game."""
    if isinstance(message, ChallengePush):
        by = message.by.name or "Someone"
        return f"{by} challenges you: answer from My games when this game allows."
    opponent = message.opponent or "your opponent"
    return f"Your move against {opponent} in another game (My games)."

class NetworkSession(GameSession):
    """One game on a server, seen from one seat (or as a spectator when ``seat`` is None)."""

    online = True
    """The game is played on a server: draws, takebacks and aborts can be offered (views/online/offers.py)."""
    chat: RoomChat  # every game on a server has its room (closed against the bot: ``chat.available``)

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
        self.rules = PRESETS.get(tracker.view.rules, PRESETS["standard"])
        self.seats = seats_from_info(tracker.info, self.seat)
        self.title = (tracker.info.map if tracker.info is not None else None) or tracker.view.map
        self._futures: list[tuple[concurrent.futures.Future, Callable[[Any], None] | None]] = []
        self._connection: str | None = None
        self.rematch_game: str | None = None
        self._rematch_future: concurrent.futures.Future | None = None
        self.version = tracker.version  # the newest version handed to the screen
        self.offer_book = OfferBook(self.seat, tracker.info)
        self.notices: deque[OfferNotice] = deque(maxlen=20)  # for the screen to take (take_notices)
        self.rewinds = 0  # takebacks seen (states with a lower version)
        self.abort_refused = False  # the server said a word was committed (abort is too late)
        self._moved = False  # an update came since the last info (a move answers open offers)
        self._abort_memo: tuple[Any, bool] = (None, False)
        user = getattr(getattr(client, "client", None), "user", None) or {}
        self.chat = RoomChat.of_game(client, game, spectator=self.seat is None, me=user.get("id"),
                                     available=not self.against_bot)

    # ---------------------------------------------------------------- queries
    def view(self, viewer: Player | None) -> View:
        assert self.tracker.view is not None  # the session is made once a state came
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
        info = self.tracker.info
        code = info.join_code if info is not None else None
        if self.tracker.status == "open" and code:
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
        self._futures.append((future, None))

    def poll(self) -> list[Message]:
        out: list[Message] = []
        self.chat.settle()
        for future, on_result in [f for f in self._futures if f[0].done()]:
            self._futures.remove((future, on_result))
            exc = future.exception()
            if exc is None:
                if on_result is not None:
                    on_result(future.result() or {})
                continue
            code = getattr(exc, "code", "connection")
            reason = getattr(exc, "reason", None) or "the connection dropped: try again when it is back"
            if code == "too_late_to_abort":
                self.abort_refused = True
            out.append(Rejected(code, reason))
        for message in self.client.drain():
            if isinstance(message, ConnectionNote):
                status = message.status
                self._connection = None if status == "connected" else CONNECTION_TEXT.get(status, status)
                if status == "refused" and message.reason:  # e.g. banned: say why
                    self._connection = f"{self._connection}: {message.reason}"
                out.append(Status("connection", self._connection or "Connected", busy=status == "reconnecting"))
                continue
            if isinstance(message, (ChatPush, ChatMutedPush)):
                self.chat.receive(message)
                continue
            if isinstance(message, (YourTurnPush, ChallengePush)):
                # Another game wants this player: say so here (the notice stays for the online screens).
                out.append(Status("notice", other_game_notice(message)))
                continue
            if getattr(message, "game", None) != self.game_id:
                continue
            if isinstance(message, UpdatePush):
                if message.version <= self.version:
                    continue  # already shown (a resume can repeat the newest version)
                self.version = message.version
                self._moved = True
                out.append(Update(list(message.events), message.view))
            elif isinstance(message, StatePush):
                info = message.info
                self.seats = seats_from_info(info, self.seat)
                if message.version < self.version:  # a takeback: the later versions are gone
                    self.rewinds += 1
                    self.notices.extend(self.offer_book.taken_back(info, self.names()))
                else:
                    self.notices.extend(self.offer_book.info_changed(info, self.names()))
                self.version = message.version
                self._moved = False
                out.append(Update([], message.view, resync=True))
            elif isinstance(message, InfoPush):
                info = message.info
                self.seats = seats_from_info(info, self.seat)
                self.rematch_game = info.rematch.game if info.rematch is not None else None
                self.notices.extend(self.offer_book.info_changed(info, self.names(), moved=self._moved))
                self._moved = False
        return out

    # ---------------------------------------------------------------- offers (online games only)
    def names(self) -> dict[int, str]:
        return {int(p): s.name for p, s in self.seats.items()}

    @property
    def rated(self) -> bool:
        return self.tracker.rated

    @property
    def waiting(self) -> bool:
        """True while the game waits for its second player."""
        return self.tracker.status == "open"

    @property
    def against_bot(self) -> bool:
        info = self.tracker.info
        other = info.players.get(str(3 - self.seat)) if info is not None and self.seat is not None else None
        return other is not None and bool(other.bot)

    def clock_kind(self) -> str | None:
        """The game's time control: ``fischer``, ``per_turn``, ``correspondence`` (None: no clock)."""
        info = self.tracker.info
        control = self.tracker.clock.kind if self.tracker.clock is not None else None
        if control is None and info is not None and info.time_control is not None:
            control = info.time_control.kind
        return None if control in (None, "none") else str(control)

    def offers_to_me(self) -> list[str]:
        """The offers the opponent made that this seat may answer (``draw``, ``takeback``)."""
        return self.offer_book.to_me()

    def my_offers(self) -> list[str]:
        """The offers this seat made that are still open."""
        return self.offer_book.mine()

    def can_abort(self) -> bool:
        """Before the first word (as far as this client knows; the server has the last word)."""
        if self.seat is None or self.abort_refused or self.tracker.over:
            return False
        if self.waiting:
            return True
        key = (self.tracker.version, self.rewinds)
        if self._abort_memo[0] != key:  # asked every frame: look through the log once a version
            view = self.tracker.view
            on_board = view is not None and any(p.letters for p in view.players.values())
            committed = any(isinstance(e.event, WordCommitted) for e in self.tracker.log)
            self._abort_memo = (key, not on_board and not committed)
        return self._abort_memo[1]

    def offer(self, kind: str) -> None:
        """Offer a draw, or ask to take back this seat's last turn; the answer comes as notices."""
        if kind not in KINDS:
            raise ValueError(f"not an offer: {kind!r}")
        future = self.client.offer_draw(self.game_id) if kind == "draw" else self.client.request_takeback(self.game_id)
        self._futures.append((future, lambda data: self._replied(kind, data)))

    def _replied(self, kind: str, data: dict[str, Any]) -> None:
        notice = self.offer_book.replied(kind, data, self.names())
        if notice is not None:
            self.notices.append(notice)

    def answer_offer(self, kind: str, accept: bool) -> None:
        """Accept or decline the opponent's offer of ``kind`` (declining your own withdraws it)."""
        self.offer_book.answering[kind] = accept
        self._futures.append((self.client.answer_offer(self.game_id, kind, accept), None))

    def abort(self) -> None:
        """End the game unrated (before the first word); the server sends the ending."""
        self._futures.append((self.client.abort(self.game_id), None))

    def take_notices(self) -> list[OfferNotice]:
        """The offer notices not yet shown (each is handed out once)."""
        out = list(self.notices)
        self.notices.clear()
        return out

    def rating_changes(self) -> dict[int, RatingChange] | None:
        """What the finished rated game did to each seat's rating (``before``, ``after``,
        ``change``, ``provisional``, ``family``), once the server has said."""
        changes = self.tracker.rating_changes
        return {int(seat): change for seat, change in changes.items()} if changes else None

    def record_text(self) -> str | None:
        try:
            return self.client.export(self.game_id).result(10)
        except Exception:  # the server may not export games in progress
            return None

    def fetch_record(self) -> "concurrent.futures.Future[str | None]":
        """The server's record of the finished game (its ``export`` request)."""
        return self.client.export(self.game_id)

    def fetch_analysis(self) -> "concurrent.futures.Future[dict[str, Any]]":
        """The server's analysis of the finished game (its ``analyse`` request: stored once made)."""
        return self.client.analyse(self.game_id)

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
        info = self.tracker.info
        started = info.rematch.game if info is not None and info.rematch is not None else None
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
        offered = self.tracker.offers["rematch"]
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
