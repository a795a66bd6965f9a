"""The server addresses a client may use: one server, or several nodes of a cluster tried in turn.

A cluster (docs/cluster.md) has several nodes, any of which serves any game. A client is given
their addresses (``["ws://a:8765", "ws://b:8765"]``, or one text ``"ws://a:8765,ws://b:8765"``)
and uses the first; when its connection drops it moves on to the next, and so on round the
ring. :class:`AddressRing` keeps the current address and says how long to wait before the next
attempt: at once (after ``backoff[0]``) when a working connection dropped or an address
failed but others are left to try this round, and doubling the wait (up to ``backoff[1]``)
after a whole round of addresses failed.
"""

from __future__ import annotations

from collections.abc import Sequence


def parse_addresses(spec: str | Sequence[str]) -> list[str]:
    """The addresses in ``spec`` (a comma-separated text or a sequence of such texts), in order,
    each once; raises ValueError if there is none."""
    parts = [spec] if isinstance(spec, str) else list(spec)
    out: list[str] = []
    for part in parts:
        for address in str(part).split(","):
            address = address.strip()
            if address and address not in out:
                out.append(address)
    if not out:
        raise ValueError("no server address given")
    return out


class AddressRing:
    """The client's addresses, the one in use, and the wait before the next attempt."""

    def __init__(self, addresses: Sequence[str]) -> None:
        """``addresses`` in the order to try them (the first is used first)."""
        self.addresses = list(addresses)
        self.index = 0
        self._failed_in_round = 0
        self._rounds_failed = 0

    @property
    def current(self) -> str:
        """The address to use now."""
        return self.addresses[self.index]

    def connected(self) -> None:
        """The current address works: the next trouble starts a fresh round."""
        self._failed_in_round = 0
        self._rounds_failed = 0

    def next_attempt(self, was_connected: bool, backoff: tuple[float, float]) -> float:
        """Move to the next address after the current one failed (``was_connected``: it had
        worked and then dropped) and return the seconds to wait before trying it."""
        self.index = (self.index + 1) % len(self.addresses)
        if was_connected:
            self._failed_in_round = 0
            self._rounds_failed = 0
            return backoff[0]
        self._failed_in_round += 1
        if self._failed_in_round < len(self.addresses):
            return backoff[0]  # other addresses are left to try in this round
        self._failed_in_round = 0
        self._rounds_failed += 1
        return min(backoff[1], backoff[0] * 2 ** self._rounds_failed)
