"""The store as the server uses it: :class:`GameStore`, a typing Protocol of domain calls.

The server's parts depend on this interface (or on a narrower one they declare themselves, as
the game host does with :class:`server.host.ports.GameLog`), never on a store implementation:
:class:`server.store.sqlite.SQLiteStore` implements it today, and a PostgreSQL store can
implement it later behind the same seam. Only the composition root (:mod:`server.app`)
chooses the implementation.

The contract of every write: one call is one atomic unit; when the awaited call returns the
unit is durable, and if it cannot be made durable the call raises
:class:`~server.store.records.StoreError` and nothing of the unit was kept. Reads are
synchronous (they run before serving, or in a worker thread through ``asyncio.to_thread``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from server.store.records import (
    Rating,
    RatingChange,
    StoredGame,
    StoredSeat,
    StoredState,
)

Rerate = Callable[[list[RatingChange], Mapping[tuple[str, str], Rating]], list[RatingChange]]
"""A rated game's changes computed again from the ratings as they stand in the store, by
(subject, family): a store shared by several servers hands it the ratings it locked, since
another server may have rated one of the players after this one read them."""


@runtime_checkable
class GameStore(Protocol):
    """Users, games, seats and every accepted action, kept durably."""

    commits: int  # transactions (or equivalent batches) written, for the health readout
    units: int  # units (calls) written
    # Told the seconds each write took to be durable (for /metrics); the server sets it.
    on_durable: Callable[[float], None]

    # -- reads (synchronous) -------------------------------------------------------------------

    def load_state(self) -> StoredState:
        """Everything needed to resume: users, every unfinished game with its actions."""
        ...

    def load_game(self, game_id: str) -> StoredGame | None:
        """One game (finished or not) with its seats and actions, or None."""
        ...

    def finished_games(
        self, user_id: int, *, limit: int = 20, before: float | None = None, include_private: bool = False
    ) -> list[dict[str, Any]]:
        """``user_id``'s finished games, newest first, ended before ``before``: result,
        opponent, map, rating change (private games only with ``include_private``)."""
        ...

    def load_ratings(self, *, subject: str | None = None, family: str | None = None) -> list[Rating]:
        """The stored ratings (of one subject, or of one family, if given)."""
        ...

    # -- writes (one atomic, durable unit each) -------------------------------------------------

    async def add_user(self, user_id: int, name: str, token_hash: str) -> None:
        """Register a display name with the hash of its token."""
        ...

    async def rename_user(self, user_id: int, name: str) -> None:
        """Change a user's display name."""
        ...

    async def ban_user(self, user_id: int, reason: str | None) -> None:
        """Ban a user (``reason``: the operator's words) or lift the ban (None)."""
        ...

    async def add_game(self, game: StoredGame) -> None:
        """Store a new game with its seats."""
        ...

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
        """Append one accepted action; if any of status, result, clock or offers is given,
        update the game row with them, and write the rating changes of a rated game that
        ended, all in the same unit (None leaves a field as it is). Returns the rating
        changes as stored (see :meth:`finish_game`)."""
        ...

    async def finish_game(
        self,
        game_id: str,
        *,
        result: dict[str, Any],
        clock: dict[str, Any] | None,
        ratings: list[RatingChange],
    ) -> list[RatingChange]:
        """End a game without an engine action (a draw agreed, an abort): status, result,
        clock, no offers left, and the rating changes, in one unit. Returns the rating changes
        as stored: those given, or (a store shared by several servers) those computed again
        from the stored ratings if another server moved them since."""
        ...

    async def take_back(self, game_id: str, version: int, *, clock: dict[str, Any] | None) -> None:
        """Drop every action after ``version`` (a takeback agreed), with the clock checkpoint
        and no offers left, in one unit."""
        ...

    async def save_offers(self, game_id: str, offers: dict[str, list[int]]) -> None:
        """The game's open offers (draw, takeback, rematch: the seats that made each)."""
        ...

    async def save_seat(self, game_id: str, seat: StoredSeat, *, status: str, clock: dict[str, Any]) -> None:
        """A seat was taken: store it with the game's new status and clock checkpoint."""
        ...

    async def note_alive(self, t: float, clocks: Mapping[str, dict[str, Any]] | None = None) -> None:
        """Note that the server was alive at ``t`` (and save the given clock checkpoints)."""
        ...

    def close(self) -> None:
        """Write what is queued, make it durable, and release the database."""
        ...
