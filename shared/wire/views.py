"""What a viewer sees of a game (``Game.view``), and the game's metadata, clocks and lobby lines.

Field order is the server's, so encoding a :class:`View` gives the bytes the server sends.
Maps keyed by seat use the strings ``"1"`` (gold) and ``"2"`` (silver), as on the wire.
"""

from __future__ import annotations

from typing import Union

import msgspec

from shared.wire.events import AttackEntry, Cell, DefenderEntry, Placed

__all__ = [
    "PlayerEntry", "DiscardPending", "DefencePending", "Pending", "Outcome", "View",
    "Clock", "TimeControlSpec", "SeatInfo", "RematchInfo", "RatingChange", "GameInfo",
    "Rating", "UserRef", "LobbyEntry", "BotEntry",
]


class _Data(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A value of a message: fields with a default are left out when they have it."""


class _Whole(msgspec.Struct, kw_only=True):
    """A value the server always sends whole (every key, null ones too); the defaults only let a
    client read what an older or newer server leaves out."""


class PlayerEntry(_Whole):
    """One side as the viewer sees it: ``rack`` only in the viewer's own entry (else None)."""

    rack_size: int
    rack: str | None
    pool: int | None  # letters left to draw (None: endless)
    score: int
    captured: int
    cities_taken: int
    letters: list[Placed]
    invalid: list[list[Cell]]  # runs that are not words
    isolated: list[list[Cell]]  # words cut off from supply


class _Pending(msgspec.Struct, tag_field="kind", kw_only=True, omit_defaults=True):
    """A decision the game waits for; ``player`` must make it (declared in each kind, so the
    fields keep the server's order)."""

    @property
    def kind(self) -> str:
        """``discard`` or ``defence``, as on the wire."""
        return self.__struct_config__.tag  # type: ignore[return-value]


class DiscardPending(_Pending, tag="discard"):
    player: int
    count: int


class DefencePending(_Pending, tag="defence"):
    """``player`` (the defender) orders ``defenders`` against ``attack``."""

    player: int
    attack: AttackEntry
    defenders: list[DefenderEntry]
    suggested_order: list[int]


Pending = Union[DiscardPending, DefencePending]


class Outcome(_Data):
    """How a game ended: ``winner`` 1, 2 or None (a draw, or no winner); ``scores`` in ``info``."""

    winner: int | None
    reason: str
    scores: dict[str, int] | None = None


class View(msgspec.Struct, kw_only=True):
    """The whole state of a game as one viewer may see it (RULINGS R13)."""

    map: str
    rules: str
    width: int
    height: int
    terrain: list[str]  # one string per row: . plains, f forest, ~ water, ^ mountains, * ice, x lava, # city
    cities: list[tuple[int, int, int | None]]  # (row, col, owner)
    players: dict[str, PlayerEntry]
    to_move: int
    turn: int
    stall_turns: int
    last_turn: bool
    redeployed: bool
    pending: Pending | None
    result: Outcome | None
    version: int
    viewer: int | None

    def player(self, seat: int) -> PlayerEntry:
        """Seat ``seat``'s entry (1 gold, 2 silver)."""
        return self.players[str(int(seat))]

    @property
    def actor(self) -> int | None:
        """Who must act now: the pending decision's player, else the player to move (None: over)."""
        if self.result is not None:
            return None
        return self.pending.player if self.pending is not None else self.to_move


class Clock(_Whole):
    """A game's clock as of the message: count ``running`` down locally."""

    kind: str
    left: dict[str, float]
    running: int | None
    increment: float | None = None
    per_turn: float | None = None


class TimeControlSpec(_Data):
    """A time control: ``kind`` none, per_turn (``seconds``), fischer (``initial``, ``increment``)
    or correspondence (``days``)."""

    kind: str
    seconds: float | None = None
    initial: float | None = None
    increment: float | None = None
    days: float | None = None


class SeatInfo(_Whole):
    """One seat in a game's ``info``."""

    name: str | None = None
    id: int | None = None
    bot: int | None = None
    taken: bool = False
    connected: bool = False
    absent_for: float | None = None


class RematchInfo(_Whole):
    offered_by: list[int] = []
    game: str | None = None


class RatingChange(_Whole):
    """What a rated game did to a seat's rating."""

    family: str
    before: float
    after: float
    change: float
    rd: float
    provisional: bool


class GameInfo(_Whole):
    """A game's metadata (the ``info`` push, and part of ``state``)."""

    game: str
    status: str  # open, active, over
    map: str | None = None
    rules: str | None = None
    time_control: TimeControlSpec | None = None
    rated: bool = False
    family: str | None = None
    public: bool = True
    challenged: int | None = None
    join_code: str | None = None
    first: int | None = None
    players: dict[str, SeatInfo] = {}
    clock: Clock | None = None
    defence_deadline_in: float | None = None
    abandon_grace: float | None = None
    offers: dict[str, list[int]] = {}
    rematch: RematchInfo | None = None
    rematch_of: str | None = None
    result: Outcome | None = None
    rating_changes: dict[str, RatingChange] | None = None


class Rating(_Whole):
    rating: float
    rd: float
    games: int
    provisional: bool


class UserRef(_Whole):
    id: int
    name: str


class LobbyEntry(_Whole):
    """A game's line in the lobby (``list_games``, ``lobby`` pushes, challenges)."""

    game: str
    status: str
    map: str | None = None
    rules: str | None = None
    time_control: TimeControlSpec | None = None
    rated: bool = False
    family: str | None = None
    players: dict[str, str | None] = {}
    player_ids: dict[str, int | None] = {}
    ratings: dict[str, Rating | None] = {}
    open_seat: int | None = None
    version: int = 0
    watchers: int = 0
    created: float | None = None


class BotEntry(_Whole):
    """One of the server's bots in the lobby: its level, name and rating per family."""

    level: int
    name: str
    ratings: dict[str, Rating] = {}
