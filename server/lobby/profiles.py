"""Players' pages: ``profile`` (ratings per family), ``history`` (finished games, a page at a
time) and ``leaderboard`` (the best-rated players of a family).

What anyone may see: names, ratings, and finished public games (result, opponent, map,
rating change). A player's private games are in their own history only. No seat token and no
rack is in any of these.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import msgspec

from server.edge import protocol as P
from server.lobby.accounts import Accounts, User
from server.lobby.clients import Client
from server.lobby.pushes import OnlineUsers
from server.lobby.ratings import Ratings, user_subject
from server.store.records import Rating
from shared.wire import replies as R
from shared.wire.views import UserRef


class HistoryReader(Protocol):
    """The store as the profiles see it (synchronous reads, run in a worker thread)."""

    def finished_games(
        self, user_id: int, *, limit: int = 20, before: float | None = None, include_private: bool = False
    ) -> list[dict[str, Any]]: ...

    def load_ratings(self, *, subject: str | None = None, family: str | None = None) -> list[Rating]: ...


class Profiles:
    """The ``profile``, ``history`` and ``leaderboard`` requests."""

    def __init__(self, accounts: Accounts, ratings: Ratings, store: HistoryReader, online: OnlineUsers) -> None:
        self.accounts = accounts
        self.ratings = ratings
        self.store = store
        self.online = online

    async def _who(self, client: Client, user_id: int | None, name: str | None) -> User:
        if user_id is None and name is None:
            return self.accounts.require(client)  # your own page
        return await self.accounts.find(user_id, name)  # on a cluster, accounts other nodes made too

    async def profile(self, client: Client, req: P.Profile) -> R.ProfileReply:
        """A player's name, ratings per family and whether they are online."""
        user = await self._who(client, req.user, req.name)
        # From the store: games that ended on other servers of a cluster count too.
        self.ratings.refresh(await asyncio.to_thread(self.store.load_ratings, subject=user_subject(user.id)))
        return msgspec.convert({
            "user": {"id": user.id, "name": user.name},
            "online": self.online.online(user.id),
            "ratings": self.ratings.of(user_subject(user.id)),
        }, R.ProfileReply)

    async def history(self, client: Client, req: P.History) -> R.HistoryReply:
        """A player's finished games, newest first (``before``: the ``finished`` time of the
        last game of the previous page)."""
        user = await self._who(client, req.user, req.name)
        own = client.user_id == user.id
        games = await asyncio.to_thread(
            self.store.finished_games, user.id, limit=req.limit, before=req.before, include_private=own
        )
        for game in games:
            winner = (game["result"] or {}).get("winner")
            reason = (game["result"] or {}).get("reason")
            game["outcome"] = (
                "aborted" if reason in ("aborted", "declined") else
                "draw" if winner is None else "win" if winner == game["seat"] else "loss"
            )
        return R.HistoryReply(user=UserRef(id=user.id, name=user.name), games=games)

    async def leaderboard(self, client: Client, req: P.Leaderboard) -> R.LeaderboardReply:
        """The best-rated players of a family (established ratings unless ``provisional``)."""
        self.ratings.refresh(await asyncio.to_thread(self.store.load_ratings, family=req.family))
        rows = self.ratings.leaderboard(req.family, req.limit, req.provisional, self.accounts.name_of)
        unknown = [row["user"]["id"] for row in rows if row["user"]["name"] is None]
        if unknown:  # players who signed up on another node of a cluster
            for user_id in unknown:
                await self.accounts.ensure(user_id)
            rows = self.ratings.leaderboard(req.family, req.limit, req.provisional, self.accounts.name_of)
        return msgspec.convert({"family": req.family, "players": rows}, R.LeaderboardReply)
