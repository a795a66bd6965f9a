"""Chat: the ``chat``, ``mute`` and ``report`` requests, and the operator's chat mutes and reports.

Three kinds of room: a game's players (``game``: the two seats' connections), its spectators
(``spectators``: who watches; the players never see it) and a tournament's lobby
(``tournament``: its players and whoever follows it). A line is checked and masked
(:mod:`server.lobby.chat_text`), limited per account (a burst of :data:`BURST` lines, then one
every ``1 / RATE`` seconds), and pushed as ``chat`` to the room, except to those who muted or
blocked its author. Chat is off in games against the server's bot. A player who blocks
another also refuses their challenges. The operator may mute an account in chat with a reason
(``scryptic admin silence``); its lines are refused with that reason, and it is told at once.
A tournament's lobby keeps its last :data:`HISTORY` lines: the ``tournament`` and
``join_tournament`` replies bring them (``chat``), without those of players the viewer muted or
blocked. A player reports a game they play or watch, or a chat line they were shown (a lobby's
recent lines count as shown); the reports wait for the operator (``scryptic admin reports``).
"""

from __future__ import annotations

import logging
import secrets
import time
from collections import OrderedDict, defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import msgspec

from server.edge import protocol as P
from server.edge.limits import TokenBucket
from server.edge.outbound import push_frame
from server.edge.protocol import ProtocolError
from server.lobby.accounts import Accounts
from server.lobby.chat_text import ChatText
from server.lobby.clients import Client
from server.lobby.pushes import OnlineUsers
from server.lobby.registry import GameRegistry
from server.lobby.tournament_desk import TournamentDesk
from server.store.records import StoreError
from shared.wire import replies as R
from shared.wire.pushes import ChatLine
from shared.wire.replies import Answer
from shared.wire.views import UserRef

log = logging.getLogger("scryptic.server")

RATE, BURST = 0.5, 5  # lines a second on average, and at once
KEPT_LINES = 5000  # recent lines kept for reports
HISTORY = 50  # a tournament lobby's recent lines, sent to who enters it


class ModerationStore(Protocol):
    """The stored moderation (:class:`~server.store.moderation.ModerationArchive`)."""

    async def load(self) -> dict[str, Any]: ...

    async def relate(self, user: int, target: int, kind: str | None) -> None: ...

    async def silence(self, user: int, reason: str | None) -> None: ...

    async def report(self, report_id: str, reporter: int, data: dict[str, Any]) -> None: ...

    async def reports(self, limit: int) -> list[dict[str, Any]]: ...


@dataclass(frozen=True)
class Line:
    """A line as sent: where, by whom, what, and who was shown it."""

    id: int
    room: str
    place: str  # the game's or the tournament's id
    user: int
    text: str
    t: float
    shown: set[int]  # grows when a lobby's history is sent


class ChatDesk:
    """The rooms, the limits and the moderation (see the module docstring)."""

    def __init__(self, archive: ModerationStore, accounts: Accounts, registry: GameRegistry, tournaments: TournamentDesk,
                 online: OnlineUsers, text: ChatText, clock: Callable[[], float] = time.monotonic) -> None:
        self.archive = archive
        self.accounts = accounts
        self.registry = registry
        self.tournaments = tournaments
        self.online = online
        self.text = text
        self.clock = clock
        self.relations: dict[int, dict[int, str]] = defaultdict(dict)  # user -> target -> "mute" or "block"
        self.silenced: dict[int, str] = {}
        self.buckets: dict[int, TokenBucket] = {}
        self.lines: OrderedDict[int, Line] = OrderedDict()
        self.lobbies: dict[str, deque[Line]] = {}  # a tournament's recent lines
        self._next = 1
        # On a cluster: a tournament lobby's line for the other nodes (the event, the speaker, the frame).
        self.beyond: Callable[[str, int, bytes], None] = lambda tournament_id, speaker, data: None

    def handlers(self) -> dict[str, Callable[[Any, Any], Any]]:
        """The requests this desk answers, by type."""
        return {"chat": self.chat, "mute": self.mute, "report": self.report}

    def operator_ops(self) -> dict[str, Callable[[P.Admin], Any]]:
        """The operator's chat operations (``admin`` ops)."""
        return {"reports": self._op_reports, "silence": self._op_silence, "unsilence": self._op_unsilence}

    async def load(self) -> None:
        """Read the stored mutes, blocks and chat mutes."""
        state = await self.archive.load()
        for user, target, kind in state["relations"]:
            self.relations[int(user)][int(target)] = str(kind)
        self.silenced = dict(state["silenced"])

    def blocks(self, user: int, other: int) -> bool:
        """Whether ``user`` blocked ``other`` (their challenges are refused)."""
        return self.relations.get(user, {}).get(other) == "block"

    # ------------------------------------------------------------------------------ requests

    async def chat(self, client: Client, req: P.Chat) -> R.ChatReply:
        """Say one line in a room you are in."""
        user = self.accounts.require(client)
        if user.id in self.silenced:
            raise ProtocolError("chat_muted", f"the operator muted you in chat: {self.silenced[user.id]}")
        conns, place = self._room(client, req)
        text = self.text.clean(req.text)  # chat_too_long, chat_empty: nothing sent
        bucket = self.buckets.setdefault(user.id, TokenBucket(RATE, BURST, self.clock))
        if not bucket.take():
            raise ProtocolError("chat_rate_limited", f"at most {BURST} lines at once, then one every {1 / RATE:g} s")
        listeners = [c for c in conns if c.user_id is None or self.relations.get(c.user_id, {}).get(user.id) is None]
        line = Line(self._next, req.room, place, user.id, text, time.time(),
                    {c.user_id for c in listeners if c.user_id is not None})
        self._next += 1
        self.lines[line.id] = line
        while len(self.lines) > KEPT_LINES:
            self.lines.popitem(last=False)
        if req.room == "tournament":
            self.lobbies.setdefault(place, deque(maxlen=HISTORY)).append(line)
        where = {"game": place} if req.room != "tournament" else {"tournament": place}
        data = push_frame("chat", room=req.room, **where, line=self._shown(line))
        for conn in listeners:
            conn.push(data)
        if req.room == "tournament":
            self.beyond(place, user.id, data)
        return R.ChatReply(line=msgspec.convert(self._shown(line), ChatLine))

    def heard_beyond(self, tournament_id: str, speaker: int, data: bytes) -> None:
        """A line said in a tournament's lobby on another node: pushed to this node's
        connections in that lobby, but those of the players who mute or block the speaker."""
        try:
            _players, conns = self.tournaments.audience(tournament_id)
        except ProtocolError:
            return  # an event this node has not read yet: nobody here follows it
        for conn in conns:
            if conn.user_id is None or self.relations.get(conn.user_id, {}).get(speaker) is None:
                conn.push(data)

    def _room(self, client: Client, req: P.Chat) -> tuple[list[Any], str]:
        """The connections the room is pushed to, and its place (``not_in_room`` if ``client``
        is not in it)."""
        if req.room == "tournament":
            if req.tournament is None:
                raise ProtocolError("bad_message", "a tournament line names the tournament")
            players, conns = self.tournaments.audience(req.tournament)
            if client.user_id not in players and client not in conns:
                raise ProtocolError("not_in_room", "follow the tournament (or play in it) to chat in its lobby")
            return conns, req.tournament
        if req.game is None:
            raise ProtocolError("bad_message", "a game line names the game")
        host = self.registry.hosts.get(req.game)
        if host is None:
            raise ProtocolError("no_such_game", f"no game {req.game} in play here")
        if req.room == "game":
            if req.game not in client.seats:
                raise ProtocolError("not_in_room", "only the players chat in a game's room (attach first)")
            if any(seat.is_bot for seat in host.seats.values()):
                raise ProtocolError("chat_off", "there is no chat in games against the server's bot")
            return [c for seat in host.seats.values() for c in seat.conns], host.id
        if req.game not in client.watching:
            raise ProtocolError("not_in_room", "only spectators chat in the spectators' room (watch first)")
        return list(host.watchers), host.id

    def with_history(self, handler: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        """``handler`` (``tournament``, ``join_tournament``) whose reply also brings the lobby's
        recent lines (``chat``, oldest first) that its viewer may see."""
        async def entered(client: Client, req: Any) -> Answer:
            reply = await handler(client, req)
            if isinstance(reply, dict):  # another node's answer, forwarded
                reply["chat"] = self.history(client.user_id, reply["tournament"]["id"])
                return reply
            assert isinstance(reply, R.TournamentDetailReply)
            return msgspec.structs.replace(reply, chat=msgspec.convert(self.history(client.user_id, reply.tournament.id),
                                                                       list[ChatLine]))
        entered.__doc__ = handler.__doc__
        return entered

    def history(self, viewer: int | None, tournament: str) -> list[dict[str, Any]]:
        """The lobby's recent lines, less those of players ``viewer`` muted or blocked (now
        shown to ``viewer``, who may report them)."""
        hidden = self.relations.get(viewer, {}) if viewer is not None else {}
        kept = [line for line in self.lobbies.get(tournament, ()) if line.user not in hidden]
        if viewer is not None:
            for line in kept:
                line.shown.add(viewer)
        return [self._shown(line) for line in kept]

    def _shown(self, line: Line) -> dict[str, Any]:
        return {"id": line.id, "user": {"id": line.user, "name": self.accounts.name_of(line.user) or ""}, "text": line.text,
                "t": line.t}

    async def mute(self, client: Client, req: P.Mute) -> R.MuteReply:
        """Mute (hide their lines), block (and refuse their challenges) or clear another player."""
        user = self.accounts.require(client)
        target = await self.accounts.find(req.user, req.name)
        if target.id == user.id:
            raise ProtocolError("own_game", "you cannot mute yourself")
        kind = None if req.kind == "none" else req.kind
        try:
            await self.archive.relate(user.id, target.id, kind)
        except StoreError:
            raise ProtocolError("store_failed", "could not store the mute") from None
        if kind is None:
            self.relations[user.id].pop(target.id, None)
        else:
            self.relations[user.id][target.id] = kind
        return R.MuteReply(user=UserRef(id=target.id, name=target.name), kind=req.kind)

    async def report(self, client: Client, req: P.Report) -> R.ReportReply:
        """Queue a report of a game you play or watch, or of a line you were shown."""
        user = self.accounts.require(client)
        if (req.game is None) == (req.line is None):
            raise ProtocolError("bad_message", "report a game or a chat line (one of them)")
        if req.line is not None:
            line = self.lines.get(req.line)
            if line is None or (user.id not in line.shown and user.id != line.user):
                raise ProtocolError("no_such_line", "no chat line with that id was shown to you")
            data: dict[str, Any] = {"kind": "line", "room": line.room, "place": line.place, "line": self._shown(line),
                                    "reason": req.reason}
        else:
            host = await self.registry.get(req.game) if req.game is not None else None
            played = host is not None and any(s.user_id == user.id for s in host.seats.values())
            if host is None or not (played or req.game in client.watching):
                raise ProtocolError("not_your_game", "you can report a game you played or watch")
            data = {"kind": "game", "game": host.id, "players": [s.user_id for s in host.seats.values()], "reason": req.reason}
        report_id = secrets.token_hex(6)
        try:
            await self.archive.report(report_id, user.id, data)
        except StoreError:
            raise ProtocolError("store_failed", "could not store the report") from None
        log.info("report", extra={"data": {"report": report_id, "by": user.id, **data}})
        return R.ReportReply(report=report_id)

    # ------------------------------------------------------------------------------ the operator

    async def _op_reports(self, req: P.Admin) -> dict[str, Any]:
        reports = await self.archive.reports(100)
        for report in reports:
            report["by"] = {"id": report["reporter"], "name": self.accounts.name_of(report["reporter"])}
        return {"reports": reports}

    async def _op_silence(self, req: P.Admin) -> dict[str, Any]:
        target = await self.accounts.find(req.user, req.name)
        reason = req.reason or "no reason given"
        await self._silence(target.id, reason)
        self.online.tell(target.id, "chat_muted", reason=reason)
        return {"user": {"id": target.id, "name": target.name}, "reason": reason}

    async def _op_unsilence(self, req: P.Admin) -> dict[str, Any]:
        target = await self.accounts.find(req.user, req.name)
        await self._silence(target.id, None)
        self.online.tell(target.id, "chat_muted", reason=None)
        return {"user": {"id": target.id, "name": target.name}, "reason": None}

    async def _silence(self, user: int, reason: str | None) -> None:
        try:
            await self.archive.silence(user, reason)
        except StoreError:
            raise ProtocolError("store_failed", "could not store the chat mute") from None
        if reason is None:
            self.silenced.pop(user, None)
        else:
            self.silenced[user] = reason

