"""Plays updates one event at a time, at the player's animation speed.

The :class:`Animator` holds a queue of :class:`~client.play.session.Update`. For the update at the
head of the queue it walks through the events; each becomes a :class:`Step` with a duration.
The host (the game view) is told when a step starts and ends, and when a whole update is done,
and draws the step's effect from :attr:`Animator.current` and its progress ``t`` (0 to 1).
Speed 0 plays everything at once.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Protocol

from shared.wire import GameEvent, WordCommitted, event_type

from client.play.session import Update

BASE_DURATIONS: dict[str, float] = {
    "word_committed": 0.45,
    "combat_step": 1.5,
    "letters_removed": 0.85,
    "terrain_changed": 0.9,
    "city_taken": 0.9,
    "word_lifted": 0.5,
    "letters_discarded": 0.2,
    "game_over": 0.8,
}


@dataclass
class Step:
    """One event being shown."""

    event: GameEvent
    duration: float
    elapsed: float = 0.0

    @property
    def kind(self) -> str:
        return event_type(self.event)

    @property
    def t(self) -> float:
        """Progress 0..1."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


class AnimationHost(Protocol):
    def step_started(self, step: Step) -> None: ...
    def step_finished(self, step: Step) -> None: ...
    def update_finished(self, update: Update) -> None: ...


def step_duration(event: GameEvent, rate: float) -> float:
    """Seconds an event takes at ``rate`` (0: none)."""
    if rate <= 0:
        return 0.0
    base = BASE_DURATIONS.get(event_type(event), 0.0)
    if isinstance(event, WordCommitted) and event.attacks:
        base += 0.35
    return base / rate


class Animator:
    """The queue of updates and the step being shown."""

    def __init__(self, host: AnimationHost, rate: float = 1.0) -> None:
        self.host = host
        self.rate = rate
        self.queue: deque[Update] = deque()
        self.update: Update | None = None
        self.steps: deque[Step] = deque()
        self.current: Step | None = None

    @property
    def busy(self) -> bool:
        """True while anything is queued or playing."""
        return self.update is not None or bool(self.queue)

    def enqueue(self, update: Update) -> None:
        self.queue.append(update)

    def skip(self) -> None:
        """Finish everything now (a click on the board while the opponent's move plays)."""
        saved = self.rate
        self.rate = 0.0
        if self.current is not None:
            self.current.duration = 0.0
        for step in self.steps:
            step.duration = 0.0
        self.tick(0.0)
        self.rate = saved

    def tick(self, dt: float) -> None:
        """Advance by ``dt`` seconds (may finish several zero-length steps at once)."""
        budget = dt
        guard = 0
        while guard < 10000:
            guard += 1
            if self.current is not None:
                self.current.elapsed += budget
                budget = 0.0
                if self.current.elapsed < self.current.duration:
                    return
                budget = self.current.elapsed - self.current.duration
                step, self.current = self.current, None
                self.host.step_finished(step)
                continue
            if self.update is not None:
                if self.steps:
                    self.current = self.steps.popleft()
                    self.host.step_started(self.current)
                    continue
                done, self.update = self.update, None
                self.host.update_finished(done)
                continue
            if not self.queue:
                return
            self.update = self.queue.popleft()
            events = [] if self.update.resync else self.update.events
            self.steps = deque(Step(ev, step_duration(ev, self.rate)) for ev in events)
