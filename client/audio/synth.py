"""Sound synthesis with numpy: decaying partials, filtered noise, envelopes, and WAV bytes.

Everything is deterministic (noise comes from a seeded generator) and works on float arrays
of samples in [-1, 1] at :data:`RATE` samples a second, mono. No audio device is needed.
"""

from __future__ import annotations

import io
import wave
from collections.abc import Sequence

import numpy as np

RATE = 44100
"""Samples per second."""
PEAK = 0.89
"""Every finished sound peaks here: loud enough, with headroom so nothing ever clips."""


def time_axis(duration: float) -> np.ndarray:
    """The time of every sample of a sound ``duration`` seconds long."""
    return np.arange(int(round(duration * RATE)), dtype=np.float64) / RATE


def partials(t: np.ndarray, freqs: Sequence[float], amps: Sequence[float], decays: Sequence[float],
             phases: Sequence[float] | None = None) -> np.ndarray:
    """A sum of sine partials, each fading exponentially (``decays``: seconds to fall by 1/e)."""
    out = np.zeros_like(t)
    phases = phases if phases is not None else [0.0] * len(freqs)
    for f, a, d, p in zip(freqs, amps, decays, phases, strict=True):
        out += a * np.exp(-t / d) * np.sin(2 * np.pi * f * t + p)
    return out


def noise(rng: np.random.Generator, n: int) -> np.ndarray:
    """White noise, ``n`` samples."""
    return rng.uniform(-1.0, 1.0, n)


def band(signal: np.ndarray, centre: float, octaves: float) -> np.ndarray:
    """``signal`` through a band-pass filter: a bell curve ``octaves`` wide (at 1/e) around ``centre`` Hz."""
    spectrum = np.fft.rfft(signal)
    freqs = np.fft.rfftfreq(len(signal), 1 / RATE)
    with np.errstate(divide="ignore"):
        distance = np.where(freqs > 0, np.log2(np.maximum(freqs, 1e-9) / centre), -np.inf)
    response = np.exp(-((distance / octaves) ** 2))
    return np.fft.irfft(spectrum * response, len(signal))


def decay(t: np.ndarray, seconds: float) -> np.ndarray:
    """An exponential fade (1 at t=0, 1/e at ``seconds``)."""
    return np.exp(-t / seconds)


def attack(t: np.ndarray, seconds: float) -> np.ndarray:
    """A smooth rise (raised cosine) from 0 to 1 over ``seconds``: no click at the start."""
    x = np.clip(t / seconds, 0.0, 1.0)
    return 0.5 - 0.5 * np.cos(np.pi * x)


def tail(t: np.ndarray, seconds: float) -> np.ndarray:
    """A smooth fall to exactly 0 over the last ``seconds``: no click at the end."""
    end = t[-1] if len(t) else 0.0
    x = np.clip((end - t) / seconds, 0.0, 1.0)
    return 0.5 - 0.5 * np.cos(np.pi * x)


def delayed(signal: np.ndarray, seconds: float, length: int) -> np.ndarray:
    """``signal`` starting ``seconds`` later, in an array of ``length`` samples."""
    out = np.zeros(length)
    start = int(round(seconds * RATE))
    if start < length:
        piece = signal[:length - start]
        out[start:start + len(piece)] = piece
    return out


def finish(signal: np.ndarray, peak: float = PEAK, fade: float = 0.01) -> np.ndarray:
    """Scale to ``peak``, remove any offset, and fade the last ``fade`` seconds to silence."""
    t = np.arange(len(signal)) / RATE
    out = (signal - signal.mean()) * tail(t, fade)
    top = np.abs(out).max()
    if top == 0:
        raise ValueError("the sound is silent")
    return out * (peak / top)


def to_pcm16(signal: np.ndarray) -> np.ndarray:
    """Samples in [-1, 1] as 16-bit integers (values outside are clipped)."""
    return np.round(np.clip(signal, -1.0, 1.0) * 32767).astype("<i2")


def wav_bytes(signal: np.ndarray, rate: int = RATE) -> bytes:
    """A mono 16-bit WAV file holding ``signal``."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(to_pcm16(signal).tobytes())
    return buffer.getvalue()
