"""The operator's requests (``admin``, sent by ``scryptic admin``): find accounts, rename, ban and
unban, abort or adjudicate a game.

Every ``admin`` request carries the server's operator key (a secret file the server writes
beside its database, readable only by its owner); without the right key nothing is done and
the answer is ``not_operator``. The key is compared in constant time.

The rule of a ban, as docs/operating.md writes it: the account can no longer say hello (it is
told it is banned, and why); its open connections are closed (``bye`` with code ``banned``);
each of its games in progress ends at once, lost by forfeit (reason ``forfeit``, rated like a
resignation); its games waiting for an opponent are aborted. Lifting the ban gives the account
back, its ended games stay ended.
"""

from __future__ import annotations

import hmac
import logging
import os
import secrets
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

import msgspec

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.host.game_host import GameHost
from server.host.seats import OPEN, OVER
from server.lobby.accounts import Accounts, User
from server.lobby.clients import Client
from server.lobby.registry import GameRegistry
from shared.rules.terrain import Player
from shared.wire.admin import AdminReply

log = logging.getLogger("scryptic.server")

class Connection(Protocol):
    """An open connection, as a ban closes it (:class:`server.edge.connection.Connection`)."""

    user_id: int | None

    def cut_off(self, why: str, reason: str) -> None: ...


WINNERS = {"gold": Player.GOLD, "silver": Player.SILVER, "draw": None}


def operator_key(path: Path) -> str:
    """The operator key kept in ``path``, made (32 random bytes, mode 0600) if it does not exist."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        key = secrets.token_urlsafe(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(key + "\n")
        return key
    if len(text) < 16:
        raise ValueError(f"the operator key file {path} holds no key (16 characters or more); delete it to make a new one")
    return text


def load_operator_key(path: Path) -> str | None:
    """:func:`operator_key`, or None (logged: admin requests will be refused) if the file cannot
    be read or made."""
    try:
        return operator_key(path)
    except (OSError, ValueError) as exc:
        log.error("no operator key: admin requests will be refused", extra={"data": {"path": str(path), "error": str(exc)}})
        return None


class Operator:
    """Answers ``admin`` requests (see the module docstring)."""

    def __init__(
        self,
        key: str | None,
        accounts: Accounts,
        registry: GameRegistry,
        connections: Callable[[], Iterable[Connection]],
    ) -> None:
        """``key``: the operator key (None: every admin request is refused);
        ``connections()`` the open connections of this server (a ban closes the account's)."""
        self._key = key
        self.accounts = accounts
        self.registry = registry
        self._connections = connections
        # Told of each ban and unban (a cluster node tells the other nodes: banned_elsewhere).
        self.spread: Callable[[int, str | None], None] = lambda user_id, reason: None
        # Operations of other parts, by op (the chat desk's: reports, silence, unsilence).
        self.more_ops: dict[str, Callable[[P.Admin], Awaitable[dict[str, Any]]]] = {}

    def is_key(self, key: str) -> bool:
        """Whether ``key`` is this server's operator key (compared in constant time)."""
        return self._key is not None and hmac.compare_digest(key.encode(), self._key.encode())

    async def admin(self, client: Client, req: P.Admin) -> AdminReply:
        """Check the key, then do the operation."""
        if self._key is None or not hmac.compare_digest(req.key.encode(), self._key.encode()):
            log.warning("admin request refused", extra={"data": {"conn": client.id, "op": req.op}})
            raise ProtocolError("not_operator", "that is not this server's operator key (see docs/operating.md)")
        handler = self.more_ops.get(req.op) or getattr(self, f"_op_{req.op}")
        answer = await handler(req)
        log.info("admin", extra={"data": {"conn": client.id, "op": req.op, "user": req.user, "name": req.name,
                                          "game": req.game}})
        reply: AdminReply = msgspec.convert({"op": req.op, **answer}, AdminReply)
        return reply

    # ------------------------------------------------------------------------------ accounts

    def _line(self, user: User) -> dict[str, Any]:
        games = [h for h in self.registry.games_of(user.id) if h.status != OVER]
        return {"id": user.id, "name": user.name, "banned": user.banned, "online": self.registry.online.online(user.id),
                "games": len(games)}

    async def _op_users(self, req: P.Admin) -> dict[str, Any]:
        match = (req.match or "").casefold()
        found = [u for u in self.accounts.users.values() if match in u.name.casefold()]
        found.sort(key=lambda u: u.id)
        return {"users": [self._line(u) for u in found[:200]], "total": len(found)}

    async def _op_user(self, req: P.Admin) -> dict[str, Any]:
        user = await self.accounts.find(req.user, req.name)
        games = [
            {"game": h.id, "status": h.status, "map": h.map_name, "version": h.version,
             "seat": next(int(p) for p, s in h.seats.items() if s.user_id == user.id)}
            for h in self.registry.games_of(user.id) if h.status != OVER
        ]
        return {"user": self._line(user), "games": games}

    async def _op_rename(self, req: P.Admin) -> dict[str, Any]:
        if req.new_name is None:
            raise ProtocolError("bad_message", "rename needs new_name")
        user = await self.accounts.find(req.user, req.name)
        old = user.name
        await self.accounts.rename(user, req.new_name)
        return {"user": self._line(user), "was": old}

    async def _op_ban(self, req: P.Admin) -> dict[str, Any]:
        user = await self.accounts.find(req.user, req.name)
        if user.banned is not None:
            raise ProtocolError("banned", f"{user.name} (id {user.id}) is banned already: {user.banned}")
        reason = (req.reason or "").strip() or "banned by the operator"
        await self.accounts.set_banned(user, reason)
        self.spread(user.id, reason)
        closed, ended = await self.enforce_ban(user.id, reason)
        return {"user": self._line(user), "connections_closed": closed, "games_ended": ended}

    async def enforce_ban(self, user_id: int, reason: str) -> tuple[int, list[dict[str, Any]]]:
        """What a ban does on this node: close the account's connections here and end, by
        forfeit, its games in progress run here (a waiting game: aborted). How many connections
        were closed, and the games ended with their results."""
        closing = [conn for conn in self._connections() if conn.user_id == user_id]
        for conn in closing:
            conn.cut_off("banned", f"this account is banned from this server: {reason}")
        closed = len(closing)
        ended = []
        for host in self.registry.games_of(user_id):
            if host.status == OVER or host.game.over:
                continue
            seat = next(p for p, s in host.seats.items() if s.user_id == user_id)
            try:
                await host.desk.end_by_operator(seat.other, "forfeit")
            except ProtocolError as exc:  # it ended meanwhile
                log.info("ban: game not ended", extra={"data": {"game": host.id, "why": exc.reason}})
                continue
            ended.append({"game": host.id, "result": host.result_data})
        return closed, ended

    async def _op_unban(self, req: P.Admin) -> dict[str, Any]:
        user = await self.accounts.find(req.user, req.name)
        if user.banned is None:
            raise ProtocolError("not_banned", f"{user.name} (id {user.id}) is not banned")
        await self.accounts.set_banned(user, None)
        self.spread(user.id, None)
        return {"user": self._line(user)}

    # ------------------------------------------------------------------------------ games

    async def _game(self, req: P.Admin) -> GameHost:
        if req.game is None:
            raise ProtocolError("bad_message", f"{req.op} needs game")
        host = await self.registry.get(req.game)
        if host is None:
            raise ProtocolError("no_such_game", f"there is no game {req.game} here")
        return host

    async def _op_abort(self, req: P.Admin) -> dict[str, Any]:
        host = await self._game(req)
        return await host.desk.end_by_operator(None, "aborted")

    async def _op_adjudicate(self, req: P.Admin) -> dict[str, Any]:
        if req.winner is None:
            raise ProtocolError("bad_message", "adjudicate needs winner: gold, silver or draw")
        host = await self._game(req)
        if host.status == OPEN:
            raise ProtocolError("game_not_started", "the game is waiting for its second player: abort it instead")
        return await host.desk.end_by_operator(WINNERS[req.winner], "adjudicated")
