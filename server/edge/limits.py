"""Abuse limits that need state: a token bucket per connection, a count of connections per address."""

from __future__ import annotations

import time
from collections import Counter


class TokenBucket:
    """Allow ``rate`` events a second on average, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a token bucket needs rate > 0 and burst >= 1, not {rate}, {burst}")
        self.rate = rate
        self.burst = float(burst)
        self._tokens = float(burst)
        self._clock = clock
        self._last = clock()

    def take(self, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if available; False means the event is over the limit."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= cost:
            self._tokens -= cost
            return True
        return False


class AddressCounter:
    """Open connections per remote address, with a cap."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._counts: Counter[str] = Counter()

    def count(self, address: str) -> int:
        return self._counts[address]

    def full(self, address: str) -> bool:
        """True if another connection from ``address`` would exceed the cap."""
        return self._counts[address] >= self.cap

    def acquire(self, address: str) -> bool:
        """Count a new connection; False (and nothing counted) if the cap is reached."""
        if self.full(address):
            return False
        self._counts[address] += 1
        return True

    def release(self, address: str) -> None:
        self._counts[address] -= 1
        if self._counts[address] <= 0:
            del self._counts[address]

    @property
    def total(self) -> int:
        return sum(self._counts.values())
