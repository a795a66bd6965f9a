"""Which sound goes with what happens: engine events, and the clock running low (pure logic)."""

from __future__ import annotations

import math
from shared.wire import GameEvent

EVENT_SOUNDS: dict[str, str] = {"word_committed": "commit", "combat_step": "combat", "city_taken": "city"}
"""Engine event type (``shared.rules.events``) -> sound. Placing a letter is not an engine event: the
board plays ``place`` itself when a tile is set down."""


def sound_for_event(event: GameEvent) -> str | None:
    """The sound for an event as the session delivers it (None: it makes no sound)."""
    return EVENT_SOUNDS.get(event.type)


class ClockWarning:
    """Says when to tick as a clock runs low: as it passes each of ``marks`` seconds left, then
    every second from ``every_second`` down to 1.

    Call :meth:`update` every frame with the seconds left on the clock that matters (the local
    player's, while it runs) or None when no clock runs; it returns True when a tick is due.
    A clock that goes up (a new turn, an increment) starts afresh, without a tick.
    """

    def __init__(self, marks: tuple[int, ...] = (30, 20), every_second: int = 10) -> None:
        self.marks = frozenset(marks)
        self.every_second = every_second
        self.shown: int | None = None  # the whole seconds shown at the last update

    def due(self, whole: int) -> bool:
        """True if reaching ``whole`` seconds left deserves a tick."""
        return whole in self.marks or 1 <= whole <= self.every_second

    def update(self, seconds_left: float | None) -> bool:
        """Follow the clock; True when it has just passed a mark (see the class docstring)."""
        if seconds_left is None:
            self.shown = None
            return False
        whole = math.ceil(max(0.0, seconds_left))
        before, self.shown = self.shown, whole
        if before is None or whole >= before:
            return False
        # One tick even if a slow frame skipped several marks.
        return any(self.due(n) for n in range(whole, before))
