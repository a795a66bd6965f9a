"""A chat room as a client sees it: the lines of its room, what you type, and reporting.

A game's player talks in the game's room (the two players); a spectator in the spectators'
room (the players never see it). There is no chat in a game against the server's bot. A
tournament's lobby (:meth:`RoomChat.of_tournament`) is its players' and followers' room; on
following the event its recent lines come with the reply (:meth:`RoomChat.load`). The panel
that shows a game's chat starts folded, so that it never stands over the board until it is
opened. Lines come from the server already masked (docs/protocol.md, ``chat``); a refused
line (too long, too fast, muted by the operator) comes back as the server's reason, and the
operator's chat mute (``chat_muted``) is said as it comes, with its reason.
"""

from __future__ import annotations

import concurrent.futures
from collections import deque
from dataclasses import dataclass
from typing import Any

import msgspec

from shared.wire import ChatLine as WireLine
from shared.wire import ChatMutedPush, ChatPush

MAX_CHARS = 200  # the server's cap; longer drafts are cut as they are typed


@dataclass(frozen=True)
class ChatLine:
    """A line as shown: its id (to report it), who said it (``user``: to mute or block), what."""

    id: int
    name: str
    text: str
    mine: bool
    user: int | None = None


class RoomChat:
    """The chat of one room for one viewer, kept from the ``chat`` pushes of its room."""

    def __init__(self, client: Any, room: str, place: str, *, available: bool, me: int | None) -> None:
        """``room``: ``game``, ``spectators`` or ``tournament``; ``place``: the game's or the event's id."""
        self.client = client
        self.room = room
        self.place = place
        self.game = place if room != "tournament" else None
        self.tournament = place if room == "tournament" else None
        self.available = available
        self.me = me
        self.lines: deque[ChatLine] = deque(maxlen=200)
        self.open = False
        self.draft = ""
        self.unread = 0
        self.problem: str | None = None  # the server's reason for the last refused line
        self.note: str | None = None  # what the last mute, block or report did
        self._pending: list[concurrent.futures.Future[Any]] = []

    @classmethod
    def of_game(cls, client: Any, game: str, *, spectator: bool, available: bool, me: int | None) -> RoomChat:
        """A game's chat: the players' room, or the spectators' for a spectator."""
        return cls(client, "spectators" if spectator else "game", game, available=available, me=me)

    @classmethod
    def of_tournament(cls, client: Any, tournament: str, *, me: int | None) -> RoomChat:
        """A tournament's lobby (the server says whether you may talk in it: its players and followers)."""
        return cls(client, "tournament", tournament, available=True, me=me)

    def receive(self, message: Any) -> bool:
        """Keep a ``chat`` push (:class:`shared.wire.ChatPush`) if it is of this room, and note
        the operator's chat mute (``chat_muted``); True if it was one of those."""
        if isinstance(message, ChatMutedPush):
            self.problem = (f"The operator muted you in chat: {message.reason}" if message.reason is not None else None)
            self.note = None if message.reason is not None else "The operator lifted your chat mute."
            return True
        if not isinstance(message, ChatPush) or message.room != self.room:
            return False
        if (message.tournament if self.room == "tournament" else message.game) != self.place:
            return False
        self._keep(message.line)
        if not self.open:
            self.unread += 1
        return True

    def load(self, history: list[Any]) -> None:
        """Take the room's recent lines (a ``tournament`` reply's ``chat``) in place of those kept."""
        self.lines.clear()
        for line in msgspec.convert(history, list[WireLine]):
            self._keep(line)

    def _keep(self, line: WireLine) -> None:
        if not any(kept.id == line.id for kept in self.lines):
            self.lines.append(ChatLine(line.id, line.user.name or "?", line.text, line.user.id == self.me, line.user.id))

    def toggle(self) -> None:
        """Fold or unfold the panel (unfolding reads what came)."""
        self.open = not self.open
        if self.open:
            self.unread = 0

    def type(self, text: str) -> None:
        """Add typed characters to the draft (up to the cap)."""
        self.draft = (self.draft + text.replace("\n", " "))[:MAX_CHARS]

    def erase(self) -> None:
        """Take back the draft's last character."""
        self.draft = self.draft[:-1]

    def send(self) -> bool:
        """Send the draft as a line (True if there was one to send); the line shows when the
        server pushes it back."""
        text = self.draft.strip()
        if not text or not self.available:
            return False
        self._pending.append(self.client.call("chat", self.room, text, game=self.game, tournament=self.tournament))
        self.draft = ""
        self.problem = None
        return True

    def report(self, line_id: int, reason: str) -> concurrent.futures.Future[Any]:
        """Report a line you were shown to the server's operator."""
        return self.client.call("report", reason, line=line_id)

    def act_on(self, line: ChatLine, what: str) -> None:
        """``mute`` or ``block`` the line's author (a block also refuses their challenges), or
        ``report`` the line; the panel then says so (or the server's refusal)."""
        if what == "report":
            future = self.report(line.id, "offensive chat")
            done = f"{line.name}'s line was reported to the operator."
        else:
            future = self.client.call("mute", user=line.user, kind=what)
            done = f"{line.name} is {'muted' if what == 'mute' else 'blocked'}: their lines are hidden."
            self.lines = deque((x for x in self.lines if x.user != line.user), maxlen=self.lines.maxlen)
        self.note = self.problem = None

        def answered(f: concurrent.futures.Future[Any]) -> None:
            exc = f.exception()
            if exc is None:
                self.note = done
            else:
                self.problem = getattr(exc, "reason", None) or "it was refused"
        future.add_done_callback(answered)

    def act_on_player(self, user: int, name: str, what: str) -> None:
        """``mute``, ``block`` or ``report`` a player named elsewhere (a tournament's standings):
        a report is of their newest line here, refused when there is none (or it is your own)."""
        if user == self.me:
            self.problem, self.note = "That is you: you cannot mute, block or report yourself.", None
            return
        if what != "report":
            self.act_on(ChatLine(0, name, "", False, user), what)
            return
        line = next((x for x in reversed(self.lines) if x.user == user), None)
        if line is None:
            self.problem, self.note = f"Nothing of {name}'s to report: only a line they said here can be reported.", None
            return
        self.act_on(line, "report")

    def settle(self) -> None:
        """Note the server's refusal of a line sent (a long or fast line, a chat mute)."""
        for future in [f for f in self._pending if f.done()]:
            self._pending.remove(future)
            exc = future.exception()
            if exc is not None:
                self.problem = getattr(exc, "reason", None) or "the line was not sent"
