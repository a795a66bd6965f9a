"""Playing the sounds through pyglet (Arcade's audio), at the player's volume, never failing.

Where there is no audio device (a server, CI under Xvfb), pyglet falls back to its silent
driver or none: then the player says so once in the log and plays nothing; every call stays
safe. The sounds are made in memory (:mod:`client.audio.sounds`), loaded into pyglet from
their WAV bytes the first time each is played, and kept.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from client.audio.sounds import GAIN, RECIPES, wav

log = logging.getLogger("scryptic.audio")

Levels = Callable[[], tuple[float, bool]]
"""Returns (volume from 0 to 1, muted)."""
REPEAT_GAP = 0.05
"""Seconds within which the same sound is not started again (a burst of events makes one sound)."""


class Output(Protocol):
    """Where sounds go: loads a WAV once, plays it at a volume."""

    def load(self, name: str, data: bytes) -> Any: ...

    def play(self, source: Any, volume: float) -> None: ...


class PygletOutput:
    """The real output: pyglet's media player (see :func:`open_pyglet`)."""

    def __init__(self, media: Any) -> None:
        self.media = media

    def load(self, name: str, data: bytes) -> Any:
        return self.media.load(f"{name}.wav", file=io.BytesIO(data), streaming=False)

    def play(self, source: Any, volume: float) -> None:
        media = self.media
        player = media.Player()
        player.volume = volume
        player.queue(source)
        player.play()
        # Keep the player alive until it has finished (as arcade.Sound does).
        media.Source._players.append(player)

        def finished() -> None:
            try:
                media.Source._players.remove(player)
            except ValueError:
                pass
            player.on_player_eos = None

        player.on_player_eos = finished


def open_pyglet() -> tuple[Output | None, str]:
    """pyglet's output if there is a real audio device, else None; and a word on which."""
    try:
        import arcade  # noqa: F401  (sets pyglet's list of audio drivers before pyglet.media loads)
        import pyglet.media as media

        driver = media.get_audio_driver()
    except Exception as exc:  # an audio library that fails to load must not stop the game
        return None, f"the audio library failed to start ({type(exc).__name__}: {exc})"
    name = type(driver).__name__ if driver is not None else "none"
    if driver is None or "Silent" in name:
        return None, f"no audio device (pyglet driver: {name})"
    return PygletOutput(media), name


def window_levels() -> tuple[float, bool]:
    """The volume and mute of the open window's settings (full volume if there is none)."""
    try:
        import arcade

        settings = getattr(arcade.get_window(), "settings", None)
    except Exception:
        settings = None
    volume = getattr(settings, "volume", 100)
    muted = bool(getattr(settings, "muted", False))
    return max(0.0, min(1.0, volume / 100)), muted


class SoundPlayer:
    """Plays the named sounds of :mod:`client.audio.sounds`; see the module docstring."""

    def __init__(self, levels: Levels = window_levels,
                 opener: Callable[[], tuple[Output | None, str]] = open_pyglet,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.levels = levels
        self.opener = opener
        self.clock = clock
        self.output: Output | None = None
        self.opened = False
        self.reason = ""
        self.sources: dict[str, Any] = {}
        self.last_started: dict[str, float] = {}
        self.played: list[tuple[str, float]] = []
        """Every sound started and its volume (the newest last; kept short)."""

    def available(self) -> bool:
        """True if sounds can be heard here (the device is opened on the first call)."""
        if not self.opened:
            self.opened = True
            self.output, self.reason = self.opener()
            if self.output is None:
                log.info("sound is off: %s", self.reason)
        return self.output is not None

    def play(self, name: str, volume: float | None = None) -> bool:
        """Start the sound ``name`` at the player's volume (or at ``volume``, 0 to 1, e.g. to try
        a new setting). False if nothing was started: muted, volume 0, no device, or the same
        sound started a moment ago. An unknown name is a KeyError (a programming mistake)."""
        if name not in RECIPES:
            raise KeyError(f"no sound called {name!r}; the sounds are {', '.join(RECIPES)}")
        level, muted = self.levels()
        if volume is not None:
            level, muted = max(0.0, min(1.0, volume)), False
        if muted or level <= 0:
            return False
        now = self.clock()
        if now - self.last_started.get(name, -1e9) < REPEAT_GAP:
            return False
        if not self.available():
            return False
        assert self.output is not None
        loudness = level * GAIN[name]
        try:
            if name not in self.sources:
                self.sources[name] = self.output.load(name, wav(name))
            self.output.play(self.sources[name], loudness)
        except Exception as exc:  # a device that fails later: say so once, then stay quiet
            log.warning("sound is off: playing %r failed (%s: %s)", name, type(exc).__name__, exc)
            self.output, self.reason = None, f"playing failed: {exc}"
            return False
        self.last_started[name] = now
        self.played = [*self.played[-31:], (name, loudness)]
        return True
