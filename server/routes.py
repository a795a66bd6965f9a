"""The request table: which part of the server answers each request type.

The lobby answers ``hello``, ``set_name`` (accounts), ``create_game``, ``join``, ``rematch``
(matchmaking), ``challenge``, ``answer_challenge`` (challenges), ``list_games``,
``subscribe_lobby``, ``unsubscribe_lobby``, ``my_games`` and ``export`` (listings), ``analyse`` (the analysis desk),
``profile``, ``history`` and ``leaderboard`` (profiles); the operator answers ``admin``; the puzzle desk
answers ``puzzles``, ``puzzle``, ``daily_puzzle`` and ``puzzle_attempt``. The game host answers ``act``,
``claim_win``, ``offer``, ``answer_offer``, ``abort`` and ``preview`` (what a commit would do); ``attach``, ``watch`` and ``leave``
bind a connection to a game's seat or audience. The edge hands every valid request to :meth:`Router.dispatch` and turns the
answer, or the refusal raised, into the reply.

On a cluster node with a bus, :attr:`Router.remote` first routes a request that names a game
another node runs to that node (:mod:`server.remote`), where :meth:`Router.dispatch_here`
answers it with the same handlers.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from server.analyses import AnalysisDesk
from server.edge import protocol as P
from server.edge.protocol import ProtocolError, request_type
from server.lobby.accounts import Accounts, hash_token
from server.lobby.challenges import Challenges
from server.lobby.clients import Client, check_quota, seated
from server.lobby.listings import Listings
from server.lobby.matchmaking import Matchmaking
from server.lobby.operator import Operator
from server.lobby.profiles import Profiles
from server.lobby.registry import GameRegistry
from shared.analysis.preview import preview_commit, preview_to_dict
from server.puzzles import PuzzleDesk
from shared.rules.actions import action_from_dict
from shared.wire import replies as R
from shared.wire.replies import Answer

Handler = Callable[[Any, Any], Awaitable[Answer]]
"""A request's handler: its answer is the reply's Struct (shared.wire.replies), a plain map for
the open replies (``admin``, ``stats``)."""


class RemoteRoute(Protocol):
    """Where requests for games run on other nodes go (:class:`server.remote.viewer.RemoteGames`)."""

    async def route(self, client: Client, request: P.Request) -> Answer | None:
        """The owner's answer if another node runs the request's game; None to answer here."""
        ...

    def forget(self, client: Client) -> None:
        """``client`` closed: tell the owners of the games it followed."""
        ...


class Router:
    """Routes each validated request to its handler."""

    def __init__(
        self,
        accounts: Accounts,
        matchmaking: Matchmaking,
        listings: Listings,
        registry: GameRegistry,
        stats: Callable[[], dict[str, Any]],
        challenges: Challenges,
        profiles: Profiles,
        operator: Operator,
        analyses: AnalysisDesk,
        puzzles: PuzzleDesk,
        more: dict[str, Handler] | None = None,
    ) -> None:
        """``stats()`` is the server's health readout (the ``stats`` request); ``more``: the
        handlers of further parts by request type (the tournament desk's)."""
        self.registry = registry
        self.listings = listings
        self.analyses = analyses
        self._stats = stats
        self.remote: RemoteRoute | None = None  # a cluster node's route to the other nodes
        self.handlers: dict[str, Handler] = {
            "hello": accounts.hello,
            "set_name": accounts.set_name,
            "list_games": listings.list_games,
            "subscribe_lobby": listings.subscribe_lobby,
            "unsubscribe_lobby": listings.unsubscribe_lobby,
            "my_games": listings.my_games,
            "create_game": matchmaking.create_game,
            "challenge": challenges.challenge,
            "answer_challenge": challenges.answer_challenge,
            "join": matchmaking.join,
            "attach": self.attach,
            "watch": self.watch,
            "leave": self.leave,
            "act": self.act,
            "claim_win": self.claim_win,
            "offer": self.offer,
            "answer_offer": self.answer_offer,
            "abort": self.abort,
            "rematch": matchmaking.rematch,
            "export": listings.export,
            "analyse": analyses.analyse,
            "profile": profiles.profile,
            "history": profiles.history,
            "leaderboard": profiles.leaderboard,
            "ping": self.ping,
            "stats": self.stats,
            "admin": operator.admin,
            "preview": self.preview,
            # the puzzles (server.puzzles)
            "puzzles": puzzles.list_puzzles,
            "puzzle": puzzles.get_puzzle,
            "daily_puzzle": puzzles.daily,
            "puzzle_attempt": puzzles.attempt,
        }
        self.handlers.update(more or {})
        assert set(self.handlers) == set(P.REQUEST_TYPES), "every request type has a handler"

    async def dispatch(self, client: Client, request: P.Request) -> Answer:
        """Handle one validated request; return the result data or raise ProtocolError/RuleError."""
        if self.remote is not None:
            answered = await self.remote.route(client, request)
            if answered is not None:
                return answered
        return await self.handlers[request_type(request)](client, request)

    async def dispatch_here(self, client: Client, request: P.Request) -> Answer:
        """Handle a request on this node, never routing it to another (a forwarded request)."""
        return await self.handlers[request_type(request)](client, request)

    def forget(self, client: Client) -> None:
        """``client`` closed: it leaves every game it held a seat in or watched."""
        for game_id in list(client.seats) + list(client.watching):
            host = self.registry.hosts.get(game_id)
            if host is not None:
                host.detach(client)
        client.seats.clear()
        client.watching.clear()
        self.registry.online.remove(client)
        self.registry.feed.unsubscribe(client)
        self.analyses.forget(client)
        if self.remote is not None:
            self.remote.forget(client)

    # ------------------------------------------------------------------------------ following

    async def attach(self, client: Client, req: P.Attach) -> R.AttachReply:
        """Bind the connection to the seat its seat token holds (again, after a reconnect), or
        without a token to the seat its account holds: seats belong to the account."""
        host = await self.registry.get(req.game)
        if req.seat_token is not None:
            player = None if host is None else host.seat_of_token(hash_token(req.seat_token))
        else:
            player = None if host is None or client.user_id is None else next(
                (p for p, s in host.seats.items() if s.user_id == client.user_id), None
            )
        if host is None or player is None:
            raise ProtocolError("bad_seat_token", "that token (or your account) holds no seat in that game")
        if req.game not in client.seats:
            check_quota(client)
        elif client.seats[req.game] != player:
            host.detach(client)
        client.seats[host.id] = player
        client.watching.discard(host.id)
        host.watchers.discard(client)
        await host.attach(client, player, req.since)
        return R.AttachReply(game=host.id, seat=int(player), version=host.version)

    async def watch(self, client: Client, req: P.Watch) -> R.WatchReply:
        """Follow a game as a spectator."""
        host = await self.registry.find(req.game, req.code, "watch")
        if host.id not in client.watching:
            check_quota(client)
        client.watching.add(host.id)
        await host.watch(client, req.since)
        return R.WatchReply(game=host.id, version=host.version)

    async def leave(self, client: Client, req: P.Leave) -> R.LeaveReply:
        """Stop following a game (its seat stays the player's)."""
        host = self.registry.hosts.get(req.game)
        if host is not None:
            host.detach(client)
        held = client.seats.pop(req.game, None) is not None
        watched = req.game in client.watching
        client.watching.discard(req.game)
        if not held and not watched:
            raise ProtocolError("not_seated", f"this connection neither plays nor watches game {req.game}")
        return R.LeaveReply(game=req.game)

    # ------------------------------------------------------------------------------ playing

    async def act(self, client: Client, req: P.Act) -> R.ActReply:
        """Play an action in the seat the connection holds."""
        host, player = seated(client, self.registry.hosts, req.game)
        if host.seats[player].is_bot:
            raise ProtocolError("bot_seat", "that seat is played by the server's bot")
        action = action_from_dict(P.action_to_engine_dict(req.action, int(player)))
        version = await host.submit(action, expect_version=req.expect_version)
        return R.ActReply(game=host.id, version=version)

    async def claim_win(self, client: Client, req: P.ClaimWin) -> R.ActReply:
        """Win a game whose opponent has been gone longer than the grace period."""
        host, player = seated(client, self.registry.hosts, req.game)
        version = await host.claim_win(player)
        return R.ActReply(game=host.id, version=version)

    async def offer(self, client: Client, req: P.Offer) -> R.OfferReply:
        """Offer a draw or ask for a takeback (accepting the opponent's if they did first)."""
        host, player = seated(client, self.registry.hosts, req.game)
        return await host.desk.offer(player, req.kind)

    async def answer_offer(self, client: Client, req: P.AnswerOffer) -> R.OfferReply:
        """Accept or decline the opponent's offer (declining your own withdraws it)."""
        host, player = seated(client, self.registry.hosts, req.game)
        return await host.desk.answer_offer(player, req.kind, req.accept)

    async def abort(self, client: Client, req: P.Abort) -> R.AbortReply:
        """End the game unrated, before any word was committed."""
        host, player = seated(client, self.registry.hosts, req.game)
        return await host.desk.abort(player)

    async def preview(self, client: Client, req: P.PreviewCommit) -> R.PreviewReply:
        """What committing the placements would do for the connection's seat, by the engine's
        own judgment (shared.analysis.preview), on the live game; nothing changes."""
        host, player = seated(client, self.registry.hosts, req.game)
        placed = {(r, c): letter.lower() for r, c, letter in req.placements}
        if len(placed) != len(req.placements):
            raise ProtocolError("bad_message", "two placements name the same cell")
        return R.PreviewReply(game=host.id, version=host.version,
                              preview=preview_to_dict(preview_commit(host.game, player, placed, req.direction)))

    # ------------------------------------------------------------------------------ the server

    async def ping(self, client: Client, req: P.Ping) -> R.PingReply:
        """The server's time."""
        return R.PingReply(time=time.time())

    async def stats(self, client: Client, req: P.Stats) -> dict[str, Any]:
        """The health readout."""
        return self._stats()
