"""Local state of the games a client follows, kept up to date from the server's messages.

The server sends a full ``view`` with every update, so tracking is simple and cannot drift: the
latest view replaces the previous one; events are kept in a short log for display and animation.
Deadlines (clocks, the defence order countdown) are turned into local monotonic times on receipt.
Everything is held as the Structs of :mod:`shared.wire`.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from shared.wire import (
    Clock,
    GameEvent,
    GameInfo,
    InfoPush,
    MissedPush,
    Outcome,
    PlayerEntry,
    PresencePush,
    RatingChange,
    StatePush,
    UpdatePush,
    View,
)

GAME_MESSAGES = (StatePush, UpdatePush, MissedPush, InfoPush, PresencePush)


@dataclass
class LoggedEvent:
    """One event of the log, with the version of the action that made it."""

    version: int
    event: GameEvent


@dataclass
class Presence:
    """Whether a seat's player is connected, from the latest ``presence`` push."""

    connected: bool
    claim_after: float | None = None  # seconds from ``since`` until the opponent may claim the win
    since: float = 0.0  # time.monotonic() when the push arrived


@dataclass
class GameTracker:
    """What one client knows of one game."""

    game: str
    seat: int | None = None  # 1 gold, 2 silver, None spectator
    version: int = -1
    view: View | None = None
    info: GameInfo | None = None
    clock: Clock | None = None
    clock_received: float = 0.0  # time.monotonic() when ``clock`` arrived
    defence_deadline: float | None = None  # time.monotonic() when the defence order times out
    log: deque[LoggedEvent] = field(default_factory=lambda: deque(maxlen=500))
    presence: dict[int, Presence] = field(default_factory=dict)  # by seat, from presence pushes
    gap: bool = False  # True once a resume skipped events (the log misses some; the view is whole)
    _missed_ok: bool = field(default=False, repr=False)  # a "missed" message preceded this state

    # -------------------------------------------------------------------------- updating

    def apply(self, message: Any) -> bool:
        """Fold one server message about this game into the state; True if anything changed."""
        now = time.monotonic()
        if isinstance(message, StatePush):
            self.seat = message.seat
            if message.version > self.version + 1 and self.version >= 0 and not self._missed_ok:
                self.gap = True
            self._missed_ok = False
            if message.version < self.version:  # a takeback: the later versions are gone
                self.log = deque((e for e in self.log if e.version <= message.version), maxlen=self.log.maxlen)
            if not any(e.version == 0 for e in self.log):
                start = [LoggedEvent(0, event) for event in message.events]  # the game's start
                self.log.extendleft(reversed(start))
            self.version = message.version
            self.view = message.view
            self.info = message.info
            self._set_clock(self.info.clock, self.info.defence_deadline_in, now)
            return True
        if isinstance(message, UpdatePush):
            if message.version <= self.version:
                return False  # already seen (a resume can repeat the newest version)
            self.version = message.version
            self.view = message.view
            for event in message.events:
                self.log.append(LoggedEvent(message.version, event))
            self._set_clock(message.clock, message.defence_deadline_in, now)
            if self.view.result is not None and self.info is not None:
                self.info.status = "over"
                self.info.result = self.view.result
            return True
        if isinstance(message, MissedPush):
            for update in message.updates:
                if update.version > self.version:
                    for event in update.events:
                        self.log.append(LoggedEvent(update.version, event))
            self._missed_ok = True
            return True
        if isinstance(message, InfoPush):
            self.info = message.info
            self._set_clock(self.info.clock, self.info.defence_deadline_in, now)
            return True
        if isinstance(message, PresencePush):
            self.presence[message.seat] = Presence(message.connected, message.claim_after, now)
            if self.info is not None and str(message.seat) in self.info.players:
                self.info.players[str(message.seat)].connected = message.connected
            return True
        return False

    def _set_clock(self, clock: Clock | None, defence_in: float | None, now: float) -> None:
        self.clock = clock
        self.clock_received = now
        self.defence_deadline = None if defence_in is None else now + defence_in

    # -------------------------------------------------------------------------- queries

    @property
    def me(self) -> PlayerEntry | None:
        """This seat's player entry of the view (rack, score, pool, letters), if seated."""
        if self.view is None or self.seat is None:
            return None
        return self.view.player(self.seat)

    @property
    def opponent(self) -> PlayerEntry | None:
        if self.view is None or self.seat is None:
            return None
        return self.view.player(3 - self.seat)

    @property
    def rack(self) -> str:
        me = self.me
        return (me.rack if me is not None else None) or ""

    @property
    def pending(self) -> Any:
        """The decision the game waits for (a :data:`shared.wire.Pending`), or None."""
        return None if self.view is None else self.view.pending

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.result is not None

    @property
    def status(self) -> str | None:
        """``open`` (waiting for a player), ``active`` or ``over``."""
        return None if self.info is None else self.info.status

    @property
    def rated(self) -> bool:
        return self.info is not None and self.info.rated

    @property
    def result(self) -> Outcome | None:
        """How the game ended (``winner``, ``reason``, ``scores``) once it is over."""
        if self.info is not None and self.info.result is not None:
            return self.info.result
        return None if self.view is None else self.view.result

    @property
    def offers(self) -> dict[str, list[int]]:
        """Open offers by kind: ``draw``, ``takeback`` and ``rematch``, each the seats that made it."""
        if self.info is None:
            return {"rematch": []}
        offers = {kind: list(seats) for kind, seats in self.info.offers.items()}
        offers["rematch"] = list(self.info.rematch.offered_by) if self.info.rematch is not None else []
        return offers

    def offered_to_me(self) -> list[str]:
        """The kinds of offer the opponent made that this seat may answer."""
        if self.seat is None:
            return []
        return [kind for kind, seats in self.offers.items() if (3 - self.seat) in seats]

    @property
    def rating_changes(self) -> dict[str, RatingChange] | None:
        """What a rated game that ended did to each seat's rating, by seat ``"1"``/``"2"``."""
        return None if self.info is None else self.info.rating_changes

    @property
    def actor(self) -> int | None:
        """Who must act now (the pending decision's player, else the player to move)."""
        return None if self.view is None else self.view.actor

    @property
    def my_move(self) -> bool:
        """True if this seat must act now."""
        return self.seat is not None and self.actor == self.seat

    def clock_left(self, now: float | None = None) -> dict[int, float] | None:
        """Seconds left per player right now (the running clock counted down locally)."""
        if not self.clock:
            return None
        now = time.monotonic() if now is None else now
        left = {int(k): float(v) for k, v in self.clock.left.items()}
        running = self.clock.running
        if running is not None:
            left[running] = max(0.0, left[running] - (now - self.clock_received))
        return left

    def defence_left(self, now: float | None = None) -> float | None:
        """Seconds until the server applies the best defence order itself."""
        if self.defence_deadline is None:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, self.defence_deadline - now)


def game_of(message: Any) -> str | None:
    """The game a server message is about, if it is a game message."""
    if isinstance(message, GAME_MESSAGES):
        return message.game
    return None
