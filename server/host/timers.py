"""One game's timers: the clock flag and the defence-order timeout, on the running event loop.

A timer that fires starts a task (the host's handler, which takes the game's lock and checks
that the game is still at the version the timer was set for); the tasks are kept so that they
can be cancelled with the game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

TimerHandler = Callable[..., Coroutine[Any, Any, None]]


class GameTimers:
    """The two timers of one game and the tasks they started."""

    def __init__(self) -> None:
        self._clock_timer: asyncio.TimerHandle | None = None
        self._defence_timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    def clear(self) -> None:
        """Cancel both timers (tasks they already started run on)."""
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if self._defence_timer is not None:
            self._defence_timer.cancel()
            self._defence_timer = None

    def flag_after(self, delay: float, handler: TimerHandler, *args: Any) -> None:
        """Run ``handler(*args)`` in ``delay`` seconds, when the running player's time is up."""
        self._clock_timer = asyncio.get_running_loop().call_later(delay, self._spawn, handler, *args)

    def defence_after(self, timeout: float, handler: TimerHandler, *args: Any) -> None:
        """Run ``handler(*args)`` in ``timeout`` seconds, unless cleared (the defence was ordered)."""
        self._defence_timer = asyncio.get_running_loop().call_later(timeout, self._spawn, handler, *args)

    def cancel(self) -> None:
        """Cancel both timers and every task they started (the game leaves memory, or the
        server stops)."""
        self.clear()
        for task in list(self._tasks):
            task.cancel()

    def _spawn(self, handler: TimerHandler, *args: Any) -> None:
        task = asyncio.ensure_future(handler(*args))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
