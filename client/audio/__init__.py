"""Sound: a few short sounds made with numpy (no sound files), played at the player's volume.

For the game screen::

    from client import audio

    audio.on_event(event)      # every event dict as it is shown: commit, combat, city taken
    audio.play("place")        # a letter set down on the board
    warning = audio.ClockWarning()
    if warning.update(seconds_left):   # every frame, for the local player's running clock
        audio.play("clock")

The volume (0-100) and mute are the player's settings (``Settings.volume``, ``Settings.muted``),
read when a sound starts. Without an audio device nothing is heard and nothing fails: one line
in the log says why. :mod:`client.audio.sounds` lists the sounds.
"""

from __future__ import annotations

from shared.wire import GameEvent

from client.audio.events import ClockWarning, sound_for_event
from client.audio.player import SoundPlayer
from client.audio.sounds import RECIPES

__all__ = ["ClockWarning", "SOUNDS", "on_event", "play", "player", "sound_for_event"]

SOUNDS = tuple(RECIPES)
"""The names of the sounds."""

_player = SoundPlayer()


def player() -> SoundPlayer:
    """The game's one sound player."""
    return _player


def play(name: str, volume: float | None = None) -> bool:
    """Start the sound ``name`` (see :data:`SOUNDS`); False if nothing is heard. ``volume`` (0 to 1)
    overrides the settings, e.g. to let the player hear a new volume."""
    return _player.play(name, volume)


def on_event(event: GameEvent) -> bool:
    """Play the sound of an engine event dict, if it has one."""
    name = sound_for_event(event)
    return _player.play(name) if name is not None else False
