"""The game host's seams: the few things a host needs from the rest of the server, handed in.

A :class:`~server.host.game_host.GameHost` never imports the lobby, the edge's connections or a
store implementation. It is given one :class:`HostContext`, built by the composition root
(:mod:`server.app`) and shared by every host:

- ``log`` (:class:`GameLog`): the durable writes of a game: an accepted action, a taken seat,
  an ending without an action, a takeback, the open offers. The SQLite store implements it;
  so will a PostgreSQL store, and tests may pass a fake.
- ``bots`` (:class:`BotPlayer`): an action for a bot seat, from a job that describes the game.
- ``lobby`` (:class:`LobbyLink`): display names, and the moments the lobby must hear of (the
  game started, a player must act, the game is over).
- ``ratings`` (:class:`RatingBook`): the rating changes of a rated game that ends, computed
  before the final write so that they are stored in the same unit.
- ``action_done``: the time one accepted action took, for the health readout.
- ``settings`` (:class:`HostSettings`): the three numbers of the server's configuration a host
  uses.

The events a host sends go to its subscribers (:class:`~server.host.seats.Subscriber`: an id
and ``push(bytes)``), whatever carries them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from server.bots import BotJob
from server.store.records import RatingChange, StoredSeat


@dataclass(frozen=True)
class HostSettings:
    """The configuration a game host uses (seconds, and a count of versions)."""

    event_tail: int  # versions of events kept for clients that come back
    defence_timeout: float  # how long a defender may take to order the defence
    abandon_grace: float  # absent this long, the opponent may claim the win


class GameLog(Protocol):
    """The store as a game host sees it.

    Each call is one atomic unit, durable when the awaited call returns; if it cannot be made
    durable it raises :class:`~server.store.records.StoreError` and nothing of it was kept.
    """

    async def save_action(
        self,
        game_id: str,
        version: int,
        action: dict[str, Any],
        t: float,
        *,
        status: str | None = None,
        result: dict[str, Any] | None = None,
        clock: dict[str, Any] | None = None,
        offers: dict[str, list[int]] | None = None,
        ratings: list[RatingChange] | None = None,
    ) -> list[RatingChange]:
        """Append an accepted action (and update the game's status, result, clock, offers and
        the players' ratings if given); return the rating changes as stored."""
        ...

    async def finish_game(
        self,
        game_id: str,
        *,
        result: dict[str, Any],
        clock: dict[str, Any] | None,
        ratings: list[RatingChange],
    ) -> list[RatingChange]:
        """End the game without an engine action (a draw agreed, an abort), ratings included;
        return the rating changes as stored."""
        ...

    async def take_back(self, game_id: str, version: int, *, clock: dict[str, Any] | None) -> None:
        """Drop every action after ``version`` (a takeback agreed)."""
        ...

    async def save_offers(self, game_id: str, offers: dict[str, list[int]]) -> None:
        """The game's open offers."""
        ...

    async def save_seat(self, game_id: str, seat: StoredSeat, *, status: str, clock: dict[str, Any]) -> None:
        """A seat was taken: keep it with the game's new status and clock checkpoint."""
        ...


class BotPlayer(Protocol):
    """Whoever thinks for bot seats (today a process pool: :class:`server.bots.BotRunner`)."""

    async def choose(self, job: BotJob) -> dict[str, Any]:
        """``{"action": plain action, "by": who chose, "error": None or why the AI failed}``."""
        ...


class LobbyLink(Protocol):
    """What a game host asks of the lobby, and what it tells it."""

    def user_name(self, user_id: int) -> str | None:
        """The display name of a user, if known."""
        ...

    def game_started(self, game_id: str) -> None:
        """The second seat was taken: the game is no longer open to join."""
        ...

    def game_finished(self, game_id: str, result: dict[str, Any] | None, version: int) -> None:
        """The game ended with ``result`` at ``version``."""
        ...

    def to_act(self, game_id: str, user_id: int, note: dict[str, Any]) -> None:
        """``user_id`` must act now in the game (``note`` says where: seat, version, clock)."""
        ...


class RatingBook(Protocol):
    """The players' ratings as a game host needs them: what a rated game's end does to them."""

    def settle(self, game_id: str, family: str, subjects: dict[int, str], winner: int | None) -> list[RatingChange]:
        """The rating change of each seat (by seat: ``"u:ID"`` or ``"b:LEVEL"``) after the game
        ended with ``winner`` (None: a draw); the new ratings count from now on."""
        ...

    def revert(self, changes: list[RatingChange]) -> None:
        """The final write failed: the ratings are as they were before :meth:`settle`."""
        ...

    def take(self, changes: list[RatingChange]) -> None:
        """The store computed the changes again (another server had moved a rating): these
        are the ratings now."""
        ...


@dataclass(frozen=True)
class HostContext:
    """Everything a game host is handed (one for all hosts of a server)."""

    settings: HostSettings
    log: GameLog
    bots: BotPlayer
    lobby: LobbyLink
    action_done: Callable[[float], None]
    ratings: RatingBook
