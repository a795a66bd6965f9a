"""The game's sounds, each a recipe of :mod:`client.audio.synth` (made here, nothing downloaded).

=========  ==========================================================  ========
name       what it is                                                  when
=========  ==========================================================  ========
place      a wooden tile set on a brass board: a woody knock, a click  a letter placed on the board
commit     a two-note chime, a rising fifth (G5 then D6)               a word committed
combat     a blade clash: bright inharmonic metal over a dull thud     a fight between two words
city       a church bell (hum, prime, tierce, quint, nominal)          a city taken
clock      a dry escapement tick                                       the clock running low
=========  ==========================================================  ========

Each sound is rendered once, deterministically, peaking at :data:`~client.audio.synth.PEAK`;
:data:`GAIN` balances how loud they are against each other when played.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from client.audio.synth import (
    RATE,
    attack,
    band,
    decay,
    delayed,
    finish,
    noise,
    partials,
    time_axis,
    wav_bytes,
)

Recipe = Callable[[], np.ndarray]


def place() -> np.ndarray:
    """A wooden tile knocked down on brass: wood-block modes, a short click, a faint brass ring."""
    t = time_axis(0.16)
    rng = np.random.default_rng(11)
    knock = partials(t, [310.0, 745.0, 1420.0], [0.6, 0.45, 0.25], [0.030, 0.018, 0.010])
    click = band(noise(rng, len(t)), 2800.0, 0.8) * decay(t, 0.004) * 2.5
    ring = partials(t, [2650.0, 4120.0], [0.10, 0.05], [0.045, 0.030])
    return finish((knock + click + ring) * attack(t, 0.0008), fade=0.02)


def _chime_note(t: np.ndarray, f: float, rng: np.random.Generator) -> np.ndarray:
    body = partials(t, [f, 2.0 * f, 3.0 * f, 4.16 * f], [1.0, 0.30, 0.12, 0.05], [0.55, 0.28, 0.16, 0.08])
    strike = band(noise(rng, len(t)), 5000.0, 1.0) * decay(t, 0.003) * 0.4
    return (body + strike) * attack(t, 0.004)


def commit() -> np.ndarray:
    """A bright two-note chime rising a fifth: the word is set."""
    t = time_axis(1.3)
    rng = np.random.default_rng(23)
    first = _chime_note(t, 783.99, rng)
    second = delayed(_chime_note(t, 1174.66, rng), 0.11, len(t))
    return finish(first + 0.8 * second, fade=0.15)


def combat() -> np.ndarray:
    """Two blades meeting: a burst of bright noise, ringing inharmonic metal, a dull thud under it."""
    t = time_axis(0.75)
    rng = np.random.default_rng(7)
    count = 14
    freqs = np.sort(rng.uniform(1800.0, 6500.0, count))
    amps = rng.uniform(0.3, 1.0, count) / (1.0 + 0.1 * np.arange(count))
    decays = rng.uniform(0.06, 0.30, count)
    metal = partials(t, list(freqs), list(amps), list(decays), list(rng.uniform(0, 2 * np.pi, count)))
    burst = band(noise(rng, len(t)), 4500.0, 1.5) * decay(t, 0.025) * 2.0
    thud = partials(t, [140.0, 95.0], [2.2, 1.3], [0.05, 0.08])
    return finish((metal + burst + thud) * attack(t, 0.0008), fade=0.1)


def city() -> np.ndarray:
    """A church bell on G: the city's bell rings for its new lord."""
    t = time_axis(2.8)
    rng = np.random.default_rng(31)
    prime = 392.0
    ratios = [0.5, 1.0, 1.2, 1.5, 2.0, 2.56, 3.0, 4.0]
    amps = [0.45, 0.70, 0.50, 0.25, 0.60, 0.25, 0.20, 0.12]
    decays = [2.2, 1.6, 1.3, 0.9, 1.0, 0.6, 0.5, 0.35]
    freqs = [prime * r for r in ratios]
    body = partials(t, freqs, amps, decays)
    # Each partial has a slightly detuned twin: the slow beating of a real bell.
    shimmer = partials(t, [f + 0.7 for f in freqs], [a * 0.5 for a in amps], decays)
    strike = band(noise(rng, len(t)), 2500.0, 1.0) * decay(t, 0.01) * 0.8
    return finish((body + shimmer + strike) * attack(t, 0.002), fade=0.4)


def clock() -> np.ndarray:
    """A dry tick, like a clock's escapement."""
    t = time_axis(0.07)
    rng = np.random.default_rng(43)
    body = partials(t, [2300.0, 3700.0], [0.6, 0.3], [0.010, 0.006])
    click = band(noise(rng, len(t)), 5000.0, 0.7) * decay(t, 0.0025) * 3.0
    return finish((body + click) * attack(t, 0.0005), fade=0.015)


RECIPES: dict[str, Recipe] = {"place": place, "commit": commit, "combat": combat, "city": city, "clock": clock}
"""Every sound by name."""

GAIN: dict[str, float] = {"place": 0.55, "commit": 0.6, "combat": 0.7, "city": 0.75, "clock": 0.5}
"""How loud each sound plays at full volume, so that none drowns the others."""


@functools.lru_cache(maxsize=None)
def samples(name: str) -> np.ndarray:
    """The sound called ``name`` as float samples at :data:`~client.audio.synth.RATE` (made once)."""
    if name not in RECIPES:
        raise KeyError(f"no sound called {name!r}; the sounds are {', '.join(RECIPES)}")
    out = RECIPES[name]()
    out.setflags(write=False)
    return out


@functools.lru_cache(maxsize=None)
def wav(name: str) -> bytes:
    """The sound called ``name`` as a WAV file (16-bit mono, made once)."""
    return wav_bytes(samples(name), RATE)
