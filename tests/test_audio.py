"""Sound: the synthesised sounds, the player's volume and mute, the clock warning, the settings."""

from __future__ import annotations

import io
import json
import logging
import wave

import numpy as np
import pytest

from client.audio import sounds
from client.audio.events import ClockWarning, sound_for_event
from client.audio.player import REPEAT_GAP, SoundPlayer
from client.audio.synth import PEAK, RATE, to_pcm16, wav_bytes
from client.play.settings import Settings, load_settings, save_settings
from client.play.wire import wire_event
from shared.rules.events import CityTaken, CombatStep, TurnStarted, WordCommitted
from shared.rules.terrain import Player

LENGTHS = {"place": 0.16, "commit": 1.3, "combat": 0.75, "city": 2.8, "clock": 0.07}
"""Each sound's length in seconds: a click and a tick are short, the bell rings out."""


# ---------------------------------------------------------------------------- synthesis


@pytest.mark.parametrize("name", sorted(sounds.RECIPES))
def test_every_sound_is_deterministic_the_right_length_audible_and_unclipped(name: str) -> None:
    made = sounds.RECIPES[name]()
    again = sounds.RECIPES[name]()
    assert np.array_equal(made, again), "the same samples every time"
    assert len(made) == round(LENGTHS[name] * RATE)
    peak = np.abs(made).max()
    assert peak == pytest.approx(PEAK), "normalised with headroom"
    pcm = to_pcm16(made)
    assert np.abs(pcm.astype(np.int32)).max() < 32767, "no sample at full scale: nothing clips"
    rms = float(np.sqrt(np.mean(made ** 2)))
    assert rms > 0.05, f"{name} is audible (RMS {rms:.3f})"
    # It starts and ends quietly: no click at either end.
    assert abs(made[0]) < 0.01 and abs(made[-1]) < 1e-3
    # Most of the energy is in the first part: these are struck sounds, not drones.
    half = len(made) // 2
    assert np.sum(made[:half] ** 2) > 2 * np.sum(made[half:] ** 2)


def test_the_sounds_differ_in_pitch_as_designed() -> None:
    def centroid(name: str) -> float:
        spectrum = np.abs(np.fft.rfft(sounds.samples(name)))
        freqs = np.fft.rfftfreq(len(sounds.samples(name)), 1 / RATE)
        return float((spectrum * freqs).sum() / spectrum.sum())

    # The bell is the lowest, the clash and the tick the brightest.
    assert centroid("city") < centroid("commit") < centroid("combat")
    assert centroid("city") < centroid("place") < centroid("clock")


def test_a_sound_is_a_16_bit_mono_wav_that_pyglet_decodes() -> None:
    data = sounds.wav("commit")
    with wave.open(io.BytesIO(data)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, RATE)
        assert wav.getnframes() == round(1.3 * RATE)
        frames = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
    assert np.array_equal(frames, to_pcm16(sounds.samples("commit")))
    import arcade  # noqa: F401  (arcade chooses pyglet's audio drivers)
    import pyglet.media

    source = pyglet.media.load("commit.wav", file=io.BytesIO(data), streaming=False)
    assert source.duration == pytest.approx(1.3, abs=0.01)
    assert (source.audio_format.channels, source.audio_format.sample_rate) == (1, RATE)


def test_silence_cannot_be_made_into_a_sound() -> None:
    from client.audio.synth import finish

    with pytest.raises(ValueError, match="silent"):
        finish(np.zeros(100))
    assert wav_bytes(np.zeros(10))[:4] == b"RIFF"


# ---------------------------------------------------------------------------- the player


class Speaker:
    """A stand-in audio device that records what it is asked to play."""

    def __init__(self, fail: bool = False) -> None:
        self.loaded: list[str] = []
        self.heard: list[tuple[str, float]] = []
        self.fail = fail

    def load(self, name: str, data: bytes) -> str:
        assert data[:4] == b"RIFF"
        self.loaded.append(name)
        return name

    def play(self, source: str, volume: float) -> None:
        if self.fail:
            raise OSError("the device went away")
        self.heard.append((source, volume))


def make_player(speaker: Speaker | None, levels=(0.8, False)):
    clock = [100.0]
    player = SoundPlayer(levels=lambda: levels, opener=lambda: (speaker, "test speaker" if speaker else "no device"),
                         clock=lambda: clock[0])
    return player, clock


def test_sounds_play_at_the_players_volume_balanced_by_their_gain() -> None:
    speaker = Speaker()
    player, clock = make_player(speaker)
    assert player.play("commit") and player.play("city")
    assert speaker.heard == [("commit", pytest.approx(0.8 * sounds.GAIN["commit"])),
                             ("city", pytest.approx(0.8 * sounds.GAIN["city"]))]
    # Each sound is loaded into the device once.
    clock[0] += 1
    assert player.play("commit")
    assert speaker.loaded == ["commit", "city"]
    # A volume given explicitly (trying a new setting) is used instead.
    clock[0] += 1
    assert player.play("place", volume=0.3)
    assert speaker.heard[-1] == ("place", pytest.approx(0.3 * sounds.GAIN["place"]))


def test_muted_or_silent_plays_nothing_and_a_burst_makes_one_sound() -> None:
    speaker = Speaker()
    assert not make_player(speaker, (0.8, True))[0].play("commit")
    assert not make_player(speaker, (0.0, False))[0].play("commit")
    assert speaker.heard == [] and speaker.loaded == []
    player, clock = make_player(speaker)
    assert player.play("combat") and not player.play("combat"), "the same sound at once: once"
    clock[0] += 2 * REPEAT_GAP
    assert player.play("combat")
    assert len(speaker.heard) == 2
    with pytest.raises(KeyError, match="no sound called 'trumpet'"):
        player.play("trumpet")


def test_without_an_audio_device_nothing_fails_and_one_line_says_why(caplog) -> None:
    player, clock = make_player(None)
    with caplog.at_level(logging.INFO, logger="scryptic.audio"):
        for name in ("place", "commit", "combat", "city", "clock"):
            assert not player.play(name)
            clock[0] += 1
    lines = [r.getMessage() for r in caplog.records if r.name == "scryptic.audio"]
    assert lines == ["sound is off: no device"]


def test_a_device_that_fails_later_is_reported_once_then_left_alone(caplog) -> None:
    player, clock = make_player(Speaker(fail=True))
    with caplog.at_level(logging.INFO, logger="scryptic.audio"):
        assert not player.play("commit")
        clock[0] += 1
        assert not player.play("commit")
    assert [r.levelname for r in caplog.records if r.name == "scryptic.audio"] == ["WARNING"]


def test_under_xvfb_there_is_no_device_and_playing_is_harmless() -> None:
    """The real pyglet path: in this test environment the driver is silent, so nothing plays."""
    player = SoundPlayer(levels=lambda: (1.0, False))
    result = player.play("clock")
    assert result is player.available()
    if not result:
        assert "no audio device" in player.reason or "failed" in player.reason


# ---------------------------------------------------------------------------- what makes a sound


def test_engine_events_that_make_a_sound() -> None:
    committed = WordCommitted(Player.GOLD, "OAK", ((0, 0), (0, 1), (0, 2)), ((0, 0, "O"),), False)
    fight = CombatStep(Player.GOLD, "OAK", 7, "ASH", ((1, 1),), 5, True, 2)
    taken = CityTaken((3, 3), Player.SILVER, None, 5)
    assert sound_for_event(wire_event(committed.to_dict(None))) == "commit"
    assert sound_for_event(wire_event(fight.to_dict(Player.SILVER))) == "combat"
    assert sound_for_event(wire_event(taken.to_dict(None))) == "city"
    assert sound_for_event(wire_event(TurnStarted(Player.GOLD, 2).to_dict(None))) is None


def test_the_clock_ticks_at_30_and_20_seconds_then_every_second_from_10() -> None:
    warning = ClockWarning()
    ticks = []
    left = 35.0
    while left > -0.5:
        if warning.update(left):
            ticks.append(round(left, 2))
        left -= 0.25
    assert ticks == [30.0, 20.0, 10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0]


def test_the_clock_warning_starts_afresh_when_the_clock_goes_up_or_stops() -> None:
    warning = ClockWarning()
    assert not warning.update(9.5), "joining a clock already low: no tick for the past"
    assert warning.update(8.9)
    assert not warning.update(25.0), "a new turn refills the clock"
    assert warning.update(19.99)
    assert not warning.update(None) and not warning.update(5.0), "stopped, then seen again"
    assert warning.update(0.5) and not warning.update(0.0), "a slow frame still ticks once"


# ---------------------------------------------------------------------------- settings


def test_volume_and_mute_are_kept_in_the_settings_file(tmp_path) -> None:
    assert (Settings().volume, Settings().muted) == (80, False)
    save_settings(Settings(volume=35, muted=True), tmp_path)
    loaded = load_settings(tmp_path)
    assert (loaded.volume, loaded.muted) == (35, True)
    raw = json.loads((tmp_path / "settings.json").read_text())
    assert (raw["volume"], raw["muted"]) == (35, True)


@pytest.mark.parametrize("volume, muted", [(150, "yes"), (-1, 1), (True, None), ("loud", "false")])
def test_a_bad_volume_or_mute_in_the_file_falls_back_to_the_default(tmp_path, volume, muted) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"name": "Ada", "volume": volume, "muted": muted}))
    loaded = load_settings(tmp_path)
    assert (loaded.name, loaded.volume, loaded.muted) == ("Ada", 80, False)
