"""The tournaments and the chat, built from the server's parts and wired to them.

:class:`Social` makes the :class:`~server.lobby.tournament_desk.TournamentDesk` and the
:class:`~server.lobby.chat.ChatDesk` on the store's archives, and hooks them where they listen:
the registry tells the tournaments of each game's end, the operator answers the chat's ``admin``
operations, and a challenge from a player the challenged one blocked is refused. The desk reads
the store's games to score the results of its events' games that ended while it was down.
On a cluster node :meth:`Social.lease_tournaments` and :meth:`Social.relay_tournaments` make one
node direct each tournament by lease and let every node answer for it (docs/cluster.md).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from server.lobby.accounts import Accounts
from server.lobby.challenges import Challenges
from server.lobby.chat import ChatDesk
from server.lobby.chat_text import ChatText
from server.lobby.matchmaking import Matchmaking
from server.lobby.operator import Operator
from server.lobby.pushes import OnlineUsers
from server.host.clocks import family_of
from server.lobby.ratings import user_subject
from server.lobby.registry import GameRegistry
from server.lobby.tournament_desk import GameEnd, TournamentDesk
from server.store.moderation import moderation_archive_for
from server.store.tournaments import tournament_archive_for
from shared.words.dictionary import offensive_words

if TYPE_CHECKING:  # a cluster node's parts, imported when used
    from server.cluster.mesh import Mesh
    from server.cluster.parts import ClusterParts
    from server.remote.lobby import ClusterLobby

log = logging.getLogger("scryptic.server")


class Social:
    """The tournament desk and the chat desk of one server."""

    def __init__(self, store: Any, accounts: Accounts, matchmaking: Matchmaking, registry: GameRegistry,
                 online: OnlineUsers, operator: Operator, challenges: Challenges, node: str = "") -> None:
        """``node``: the cluster node's name ("" for a server on its own): it directs the events made on it."""
        self.store = store
        self.registry = registry
        self.tournaments = TournamentDesk(tournament_archive_for(store), accounts, matchmaking, online, operator.is_key, node,
                                          self.stored_end, self.rating)
        self.ratings = registry.ratings
        self.chat = ChatDesk(moderation_archive_for(store), accounts, registry, self.tournaments, online,
                             ChatText(offensive_words()))
        registry.finished_listeners.append(self.tournaments.run.game_finished)
        operator.more_ops.update(self.chat.operator_ops())
        challenges.blocked = self.chat.blocks

    async def stored_end(self, game_id: str) -> GameEnd | None:
        """When and how the store says the game ended (None: it is not over, or not stored)."""
        game = await asyncio.to_thread(self.store.load_game, game_id)
        if game is None or game.status != "over":
            return None
        return game.updated, game.result

    def rating(self, user_id: int, time_control: dict[str, Any]) -> float:
        """``user_id``'s rating in the family of ``time_control`` (a new player's without a clock)."""
        return self.ratings.get(user_subject(user_id), family_of(time_control) or "").rating

    def handlers(self) -> dict[str, Callable[[Any, Any], Any]]:
        """The requests both desks answer, by type (entering a tournament's room brings its chat)."""
        handlers = {**self.tournaments.handlers(), **self.chat.handlers()}
        for kind in ("tournament", "join_tournament"):
            handlers[kind] = self.chat.with_history(handlers[kind])
        return handlers

    async def load(self) -> None:
        """Read the stored moderation and tournaments (and set the tournaments' timers)."""
        await self.chat.load()
        await self.tournaments.run.load()

    def stop(self) -> None:
        """Cancel the tournaments' timers and tasks."""
        self.tournaments.run.stop()

    def lease_tournaments(self, cluster: ClusterParts) -> None:
        """One node directs each tournament, by lease: its row is written only under the
        lease, and a node that claims an orphaned event directs it from the store."""
        from server.store.tournaments import PostgresTournaments

        run = self.tournaments.run
        if isinstance(run.archive, PostgresTournaments):
            run.archive.fence = cluster.tournament_leases.token
            run.archive.owner = (cluster.node_id, cluster.tournament_leases.ttl, cluster.tournament_adopted)
        run.directs = cluster.directs
        cluster.attach_tournaments(run.take, run.drop)
        run.finished = cluster.let_go_tournament

    def relay_tournaments(self, mesh: Mesh, lobby: ClusterLobby, patience: float) -> None:
        """Any node answers for any tournament: requests go to the node directing it (waiting
        up to ``patience`` seconds for one while it moves), its pushes and its lobby's chat
        reach every node."""
        from server.remote.tournaments import RemoteTournaments

        self.tournaments.forward = RemoteTournaments(mesh, patience=patience).forward
        self.tournaments.run.beyond = lobby.tell_tournament
        lobby.tournament_heard = self.tournaments.run.tell_here
        self.chat.beyond = lobby.tell_tournament_chat
        lobby.tournament_chat_heard = self.chat.heard_beyond

    async def keep_scoring(self, interval: float) -> None:
        """On a cluster node: every ``interval`` seconds, the games of the events it directs
        that ended on other nodes count."""
        while True:
            await asyncio.sleep(interval)
            try:
                await self.tournaments.run.score_stored(lambda game_id: game_id in self.registry.hosts)
            except Exception as exc:  # noqa: BLE001 - the store is away: the next round tries again
                log.warning("tournament games not scored", extra={"data": {"error": repr(exc)}})
