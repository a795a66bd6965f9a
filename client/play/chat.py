"""One game's chat as a client sees it: the lines of its room, what you type, and reporting.

A player's room is the game's (the two players); a spectator's is the spectators' room (the
players never see it). There is no chat in a game against the server's bot. The panel that
shows it starts folded, so that it never stands over the board until it is opened. Lines come
from the server already masked (docs/protocol.md, ``chat``); a refused line (too long, too
fast, muted by the operator) comes back as the server's reason.
"""

from __future__ import annotations

import concurrent.futures
from collections import deque
from dataclasses import dataclass
from typing import Any

from shared.wire import ChatPush

MAX_CHARS = 200  # the server's cap; longer drafts are cut as they are typed


@dataclass(frozen=True)
class ChatLine:
    """A line as shown: its id (to report it), who said it (``user``: to mute or block), what."""

    id: int
    name: str
    text: str
    mine: bool
    user: int | None = None


class GameChat:
    """The chat of one game for one viewer, kept from the ``chat`` pushes of its room."""

    def __init__(self, client: Any, game: str, *, spectator: bool, available: bool, me: int | None) -> None:
        self.client = client
        self.game = game
        self.room = "spectators" if spectator else "game"
        self.available = available
        self.me = me
        self.lines: deque[ChatLine] = deque(maxlen=200)
        self.open = False
        self.draft = ""
        self.unread = 0
        self.problem: str | None = None  # the server's reason for the last refused line
        self.note: str | None = None  # what the last mute, block or report did
        self._pending: list[concurrent.futures.Future[Any]] = []

    def receive(self, message: Any) -> bool:
        """Keep a ``chat`` push (:class:`shared.wire.ChatPush`) if it is of this room; True if it was."""
        if not isinstance(message, ChatPush) or message.game != self.game or message.room != self.room:
            return False
        line = message.line
        self.lines.append(ChatLine(line.id, line.user.name or "?", line.text, line.user.id == self.me, line.user.id))
        if not self.open:
            self.unread += 1
        return True

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
        self._pending.append(self.client.call("chat", self.room, text, game=self.game))
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
        self.note = None
        future.add_done_callback(lambda f: setattr(self, "note", done if f.exception() is None
                                                   else getattr(f.exception(), "reason", None) or "it was refused"))

    def settle(self) -> None:
        """Note the server's refusal of a line sent (a long or fast line, a chat mute)."""
        for future in [f for f in self._pending if f.done()]:
            self._pending.remove(future)
            exc = future.exception()
            if exc is not None:
                self.problem = getattr(exc, "reason", None) or "the line was not sent"
