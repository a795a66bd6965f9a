"""The game screen's own sounds (besides those of the game's events, which
:mod:`client.views.game.events` plays): a letter set down, and the clock running low."""

from __future__ import annotations

from typing import TYPE_CHECKING

from client import audio

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen


def letter_set_down() -> bool:
    """A letter was placed on the board (typed, dropped or clicked into place)."""
    return audio.play("place")


def own_clock(gv: "GameScreen") -> float | None:
    """Seconds left on the clock of the player at the screen while it runs (None otherwise:
    no clock, a spectator or a replay, the game over, or the other side to act)."""
    clocks = gv.session.clock_left()
    if not clocks or gv.viewer is None or gv.is_replay or gv.display.result is not None:
        return None
    if gv.current_actor() != gv.viewer:
        return None
    return clocks.get(int(gv.viewer))


class ClockAlarm:
    """Ticks as the player's own clock runs low (the marks are :class:`client.audio.ClockWarning`'s)."""

    def __init__(self) -> None:
        self.warning = audio.ClockWarning()

    def update(self, gv: "GameScreen") -> bool:
        """Call every frame; True if a tick was started."""
        if self.warning.update(own_clock(gv)):
            return audio.play("clock")
        return False
