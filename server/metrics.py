"""Counters for the health readout: games, connections, messages and actions per second."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Metrics:
    """Monotonic counters; :meth:`rates` turns two readings into per-second figures."""

    started: float = field(default_factory=time.time)
    messages_in: int = 0
    messages_out: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    actions: int = 0
    action_seconds: float = 0.0  # time spent in accepted actions (engine + store wait + send)
    connections_total: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    cut_off: Counter[str] = field(default_factory=Counter)
    _last: tuple[float, int, int, int] | None = None

    def action_done(self, seconds: float) -> None:
        self.actions += 1
        self.action_seconds += seconds

    def rates(self) -> dict[str, float]:
        """Messages in/out and actions per second since the previous call."""
        now = time.monotonic()
        current = (now, self.messages_in, self.messages_out, self.actions)
        last, self._last = self._last, current
        if last is None or now <= last[0]:
            return {"messages_in_per_s": 0.0, "messages_out_per_s": 0.0, "actions_per_s": 0.0}
        span = now - last[0]
        return {
            "messages_in_per_s": round((current[1] - last[1]) / span, 2),
            "messages_out_per_s": round((current[2] - last[2]) / span, 2),
            "actions_per_s": round((current[3] - last[3]) / span, 2),
        }

    def totals(self) -> dict[str, Any]:
        return {
            "uptime_s": round(time.time() - self.started, 1),
            "messages_in": self.messages_in,
            "messages_out": self.messages_out,
            "bytes_in": self.bytes_in,
            "bytes_out": self.bytes_out,
            "actions": self.actions,
            "mean_action_ms": round(1000 * self.action_seconds / self.actions, 3) if self.actions else None,
            "connections_total": self.connections_total,
            "errors": dict(self.errors),
            "cut_off": dict(self.cut_off),
        }
