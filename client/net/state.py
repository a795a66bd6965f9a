"""Local state of the games a client follows, kept up to date from the server's messages.

The server sends a full ``view`` with every update, so tracking is simple and cannot drift: the
latest view replaces the previous one; events are kept in a short log for display and animation.
Deadlines (clocks, the defence order countdown) are turned into local monotonic times on receipt.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

GAME_MESSAGES = frozenset({"state", "update", "missed", "info", "presence"})


@dataclass
class GameTracker:
    """What one client knows of one game."""

    game: str
    seat: int | None = None  # 1 gold, 2 silver, None spectator
    version: int = -1
    view: dict[str, Any] | None = None
    info: dict[str, Any] = field(default_factory=dict)
    clock: dict[str, Any] | None = None
    clock_received: float = 0.0  # time.monotonic() when ``clock`` arrived
    defence_deadline: float | None = None  # time.monotonic() when the defence order times out
    log: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=500))
    gap: bool = False  # True once a resume skipped events (the log misses some; the view is whole)
    _missed_ok: bool = field(default=False, repr=False)  # a "missed" message preceded this state

    # -------------------------------------------------------------------------- updating

    def apply(self, message: dict[str, Any]) -> bool:
        """Fold one server message about this game into the state; True if anything changed."""
        kind = message.get("type")
        now = time.monotonic()
        if kind == "state":
            self.seat = message.get("seat")
            if message["version"] > self.version + 1 and self.version >= 0 and not self._missed_ok:
                self.gap = True
            self._missed_ok = False
            if message["version"] < self.version:  # a takeback: the later versions are gone
                self.log = deque((e for e in self.log if e["version"] <= message["version"]), maxlen=self.log.maxlen)
            if not any(e["version"] == 0 for e in self.log):
                start = [{"version": 0, **event} for event in message.get("events") or []]  # the game's start
                self.log.extendleft(reversed(start))
            self.version = message["version"]
            self.view = message["view"]
            self.info = message.get("info") or {}
            self._set_clock(self.info.get("clock"), self.info.get("defence_deadline_in"), now)
            return True
        if kind == "update":
            if message["version"] <= self.version:
                return False  # already seen (a resume can repeat the newest version)
            self.version = message["version"]
            self.view = message["view"]
            for event in message.get("events", []):
                self.log.append({"version": message["version"], **event})
            self._set_clock(message.get("clock"), message.get("defence_deadline_in"), now)
            if self.view is not None and self.view.get("result") is not None:
                self.info["status"] = "over"
                self.info["result"] = self.view["result"]
            return True
        if kind == "missed":
            for update in message.get("updates", []):
                if update["version"] > self.version:
                    for event in update.get("events", []):
                        self.log.append({"version": update["version"], **event})
            self._missed_ok = True
            return True
        if kind == "info":
            self.info = message.get("info") or {}
            self._set_clock(self.info.get("clock"), self.info.get("defence_deadline_in"), now)
            return True
        if kind == "presence":
            players = self.info.setdefault("players", {})
            entry = players.setdefault(str(message["seat"]), {})
            entry["connected"] = message["connected"]
            entry["claim_after"] = message.get("claim_after")
            entry["absent_since_local"] = None if message["connected"] else now
            return True
        return False

    def _set_clock(self, clock: dict[str, Any] | None, defence_in: float | None, now: float) -> None:
        self.clock = clock
        self.clock_received = now
        self.defence_deadline = None if defence_in is None else now + defence_in

    # -------------------------------------------------------------------------- queries

    @property
    def me(self) -> dict[str, Any] | None:
        """This seat's player entry of the view (rack, score, pool, letters), if seated."""
        if self.view is None or self.seat is None:
            return None
        return self.view["players"][str(self.seat)]

    @property
    def opponent(self) -> dict[str, Any] | None:
        if self.view is None or self.seat is None:
            return None
        return self.view["players"][str(3 - self.seat)]

    @property
    def rack(self) -> str:
        me = self.me
        return (me or {}).get("rack") or ""

    @property
    def pending(self) -> dict[str, Any] | None:
        return None if self.view is None else self.view.get("pending")

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.get("result") is not None

    @property
    def status(self) -> str | None:
        """``open`` (waiting for a player), ``active`` or ``over``."""
        return self.info.get("status")

    @property
    def rated(self) -> bool:
        return bool(self.info.get("rated"))

    @property
    def result(self) -> dict[str, Any] | None:
        """``{"winner", "reason", "scores"}`` once the game is over."""
        return self.info.get("result") or (None if self.view is None else self.view.get("result"))

    @property
    def offers(self) -> dict[str, list[int]]:
        """Open offers by kind: ``draw``, ``takeback`` and ``rematch``, each the seats that made it."""
        info = self.info
        offers = {kind: list(seats) for kind, seats in (info.get("offers") or {}).items()}
        offers["rematch"] = list((info.get("rematch") or {}).get("offered_by") or [])
        return offers

    def offered_to_me(self) -> list[str]:
        """The kinds of offer the opponent made that this seat may answer."""
        if self.seat is None:
            return []
        return [kind for kind, seats in self.offers.items() if (3 - self.seat) in seats]

    @property
    def rating_changes(self) -> dict[str, dict[str, Any]] | None:
        """What a rated game that ended did to each seat's rating (``before``, ``after``,
        ``change``, ``rd``, ``provisional``), by seat ``"1"``/``"2"``."""
        return self.info.get("rating_changes")

    @property
    def actor(self) -> int | None:
        """Who must act now (the pending decision's player, else the player to move)."""
        if self.view is None or self.over:
            return None
        pending = self.pending
        return pending["player"] if pending else self.view["to_move"]

    @property
    def my_move(self) -> bool:
        """True if this seat must act now."""
        return self.seat is not None and self.actor == self.seat

    def clock_left(self, now: float | None = None) -> dict[int, float] | None:
        """Seconds left per player right now (the running clock counted down locally)."""
        if not self.clock:
            return None
        now = time.monotonic() if now is None else now
        left = {int(k): float(v) for k, v in self.clock["left"].items()}
        running = self.clock.get("running")
        if running is not None:
            left[running] = max(0.0, left[running] - (now - self.clock_received))
        return left

    def defence_left(self, now: float | None = None) -> float | None:
        """Seconds until the server applies the best defence order itself."""
        if self.defence_deadline is None:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, self.defence_deadline - now)


def game_of(message: dict[str, Any]) -> str | None:
    """The game a server message is about, if it is a game message."""
    if message.get("type") in GAME_MESSAGES:
        return message.get("game")
    return None
