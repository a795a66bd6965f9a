"""Challenges: a game offered to one named player, who accepts (takes the seat) or declines.

A challenge is a waiting game that only the challenged player may join; it is in nobody's
lobby list (it shows in the two players' ``my_games``). The challenged player is told at once
by a ``challenge`` push on each of their connections; one who is away finds it in
``my_games``. Declining ends the waiting game (reason ``declined``); the challenger may
``abort`` it like any waiting game of theirs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.lobby.accounts import Accounts
from server.lobby.clients import Client
from server.lobby.matchmaking import Matchmaking
from server.lobby.pushes import OnlineUsers
from server.lobby.registry import GameRegistry
from shared.wire import replies as R
from shared.wire.views import UserRef

log = logging.getLogger("scryptic.server")


class Challenges:
    """The ``challenge`` and ``answer_challenge`` requests."""

    def __init__(self, accounts: Accounts, matchmaking: Matchmaking, registry: GameRegistry, online: OnlineUsers) -> None:
        self.accounts = accounts
        self.matchmaking = matchmaking
        self.registry = registry
        self.online = online
        self.blocked: Callable[[int, int], bool] = lambda user_id, other: False  # user_id blocked other (the chat desk)

    async def challenge(self, client: Client, req: P.Challenge) -> R.ChallengedReply:
        """Open a game that only the named player may join, and tell them."""
        user = self.accounts.require(client)
        target = await self.accounts.find(req.user, req.name)
        if target.id == user.id:
            raise ProtocolError("own_game", "you cannot challenge yourself")
        if self.blocked(target.id, user.id):
            raise ProtocolError("blocked", f"{target.name} does not take your challenges")
        made = await self.matchmaking.open_game(client, user, req, {"public": False, "opponent": "human", "challenged": target.id}, None)
        host = self.registry.hosts[made.game]
        self.online.tell(target.id, "challenge", game=host.id, by={"id": user.id, "name": user.name}, entry=self.registry.entry(host))
        return R.ChallengedReply(game=made.game, seat=made.seat, seat_token=made.seat_token, join_code=made.join_code,
                                 challenged=UserRef(id=target.id, name=target.name))

    async def answer_challenge(self, client: Client, req: P.AnswerChallenge) -> R.AnswerChallengeReply:
        """Accept (take the seat: the game starts) or decline (the game ends) a challenge."""
        user = self.accounts.require(client)
        host = await self.registry.get(req.game)
        if host is None or host.challenged != user.id:
            raise ProtocolError("no_such_game", "no challenge to you with that id")
        if req.accept:
            seat = await self.matchmaking.take_seat(client, user, host)
            return R.AnswerChallengeReply(game=seat.game, seat=seat.seat, seat_token=seat.seat_token)
        await host.desk.decline_challenge()
        log.info("challenge declined", extra={"data": {"game": host.id, "user": user.id}})
        return R.AnswerChallengeReply(game=host.id, declined=True)

    def waiting_for(self, user_id: int) -> list[dict[str, Any]]:
        """The challenges to ``user_id`` still waiting for an answer."""
        out = []
        for host in self.registry.hosts.values():
            if host.challenged == user_id and host.status == "open":
                challenger = next((s.user_id for s in host.seats.values() if s.user_id is not None), None)
                name = None if challenger is None else self.accounts.name_of(challenger)
                out.append({"game": host.id, "by": {"id": challenger, "name": name}, "entry": self.registry.entry(host)})
        return out
