"""Game clocks: none, a per-turn limit, a Fischer clock per player, or days per move.

A :class:`Clock` is pure bookkeeping on wall-clock seconds (``time.time()`` values passed in),
so it can be persisted as a small dict with every action and resumed after a restart. Whose
time runs is decided by the server: the player who must act, except while a defence order is
pending (that wait is bounded by its own timeout, so neither clock runs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

NONE = "none"
PER_TURN = "per_turn"
FISCHER = "fischer"
CORRESPONDENCE = "correspondence"  # a per-turn limit counted in days
DAY = 24 * 3600.0

# Rating families, by the expected time one player spends on a game: the bank plus 40
# increments (Fischer), or 40 turns' limits (per turn); correspondence games are their own.
FAMILIES = ("blitz", "rapid", "slow", "correspondence")
BLITZ_UNDER = 8 * 60.0
RAPID_UNDER = 25 * 60.0
TURNS_PER_GAME = 40


def family_of(time_control: dict[str, Any]) -> str | None:
    """The rating family of a time control, or None for a game without a clock (never rated)."""
    kind = time_control.get("kind", NONE)
    if kind == CORRESPONDENCE:
        return "correspondence"
    if kind == FISCHER:
        expected = float(time_control["initial"]) + TURNS_PER_GAME * float(time_control.get("increment", 0.0))
    elif kind == PER_TURN:
        expected = TURNS_PER_GAME * float(time_control["seconds"])
    else:
        return None
    if expected < BLITZ_UNDER:
        return "blitz"
    return "rapid" if expected < RAPID_UNDER else "slow"


@dataclass
class Clock:
    """Remaining seconds per player (1 gold, 2 silver) as of ``since``, for the running player."""

    kind: str = NONE
    limit: float = 0.0  # per_turn: seconds per turn; fischer: the initial bank
    increment: float = 0.0  # fischer: seconds added after each of a player's turns
    remaining: dict[int, float] = field(default_factory=dict)
    running: int | None = None
    since: float = 0.0

    @classmethod
    def from_settings(cls, time_control: dict[str, Any]) -> Clock:
        """A fresh clock for a time-control setting: {"kind": "none"|"per_turn"|"fischer", ...}."""
        kind = time_control.get("kind", NONE)
        if kind == NONE:
            return cls()
        if kind in (PER_TURN, CORRESPONDENCE):
            seconds = float(time_control["seconds"]) if kind == PER_TURN else float(time_control["days"]) * DAY
            return cls(kind=kind, limit=seconds, remaining={1: seconds, 2: seconds})
        if kind == FISCHER:
            initial = float(time_control["initial"])
            return cls(
                kind=FISCHER,
                limit=initial,
                increment=float(time_control.get("increment", 0.0)),
                remaining={1: initial, 2: initial},
            )
        raise ValueError(f"unknown time control kind {kind!r}")

    @property
    def enabled(self) -> bool:
        return self.kind != NONE

    def left(self, now: float) -> dict[int, float]:
        """Seconds left for each player at ``now`` (the running player's time deducted)."""
        out = dict(self.remaining)
        if self.running is not None and self.running in out:
            out[self.running] = out[self.running] - max(0.0, now - self.since)
        return out

    def deadline(self) -> tuple[int, float] | None:
        """(player, wall-clock time their time runs out), or None if no clock is running."""
        if not self.enabled or self.running is None:
            return None
        return self.running, self.since + self.remaining[self.running]

    def _charge(self, now: float) -> None:
        if self.running is not None and self.running in self.remaining:
            self.remaining[self.running] -= max(0.0, now - self.since)
        self.since = now

    def advance(self, now: float, ended_turn: int | None, started_turn: int | None, running: int | None) -> None:
        """Account for an accepted action at ``now``.

        ``ended_turn`` is the player whose turn just ended (Fischer: gains the increment),
        ``started_turn`` the player whose turn just began (per turn: the limit is reset), and
        ``running`` whose time runs from now on (None: nobody's).
        """
        if not self.enabled:
            return
        self._charge(now)
        if ended_turn is not None and self.kind == FISCHER:
            self.remaining[ended_turn] += self.increment
        if started_turn is not None and self.kind in (PER_TURN, CORRESPONDENCE):
            self.remaining[started_turn] = self.limit
        self.running = running

    def stop(self, now: float) -> None:
        """Stop every clock (the game is over)."""
        if self.enabled:
            self._charge(now)
            self.running = None

    def resume_after_outage(self, last_alive: float | None, now: float) -> None:
        """Continue after a server restart: time up to ``last_alive`` counts, the outage not."""
        if not self.enabled or self.running is None:
            return
        stopped = self.since if last_alive is None else max(self.since, min(last_alive, now))
        self._charge(stopped)
        self.since = now

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able checkpoint."""
        return {
            "kind": self.kind,
            "limit": self.limit,
            "increment": self.increment,
            "remaining": {str(k): v for k, v in self.remaining.items()},
            "running": self.running,
            "since": self.since,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clock:
        """Inverse of :meth:`to_dict`."""
        return cls(
            kind=data["kind"],
            limit=float(data["limit"]),
            increment=float(data["increment"]),
            remaining={int(k): float(v) for k, v in data["remaining"].items()},
            running=data["running"],
            since=float(data["since"]),
        )

    def public(self, now: float) -> dict[str, Any] | None:
        """What clients see: the kind, seconds left per player and whose time runs."""
        if not self.enabled:
            return None
        return {
            "kind": self.kind,
            "left": {str(k): round(max(0.0, v), 3) for k, v in self.left(now).items()},
            "running": self.running,
            "increment": self.increment if self.kind == FISCHER else None,
            "per_turn": self.limit if self.kind in (PER_TURN, CORRESPONDENCE) else None,
        }
