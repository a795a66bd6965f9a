"""The Settings screen's sound controls in a real window (Xvfb), driven by dispatched clicks:
the volume is heard as it is chosen, mute holds it, and Save keeps both in settings.json."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from gui_support import click, pump, scryptic_window

from client import audio
from client.audio.sounds import GAIN
from client.play.settings import config_dir, load_settings


class Speaker:
    """Stands in for the audio device (there is none under Xvfb): records what is played."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, float]] = []

    def load(self, name: str, data: bytes) -> str:
        return name

    def play(self, source: str, volume: float) -> None:
        self.heard.append((source, volume))


@pytest.fixture
def speaker(monkeypatch):
    player = audio.player()
    speaker = Speaker()
    monkeypatch.setattr(player, "opened", True)
    monkeypatch.setattr(player, "output", speaker)
    monkeypatch.setattr(player, "sources", {})
    monkeypatch.setattr(player, "last_started", {})
    return speaker


@pytest.fixture(scope="module")
def window(tmp_path_factory):
    with scryptic_window(tmp_path_factory, "instant") as win:
        yield win


def press(win, widget) -> None:
    assert not widget.disabled, f"{getattr(widget, 'name', widget)} is disabled"
    click(win, *widget.rect.center)


def test_volume_and_mute_are_set_heard_and_saved(window, speaker):
    from client.views.menus.settings import SettingsView

    window.navigator.go_settings()
    pump(window, 2)
    view = window.current_view
    assert isinstance(view, SettingsView)
    assert view.volume_row.value == 80 and view.mute_button.text == "Mute"
    press(window, view.volume_row.prev_button)
    assert view.volume_row.value == 70
    assert speaker.heard == [("place", pytest.approx(0.7 * GAIN["place"]))], "the new volume is heard at once"
    press(window, view.mute_button)
    assert view.mute_button.text == "Unmute" and view.volume_row.text.text == "Muted"
    assert view.volume_row.prev_button.disabled and view.volume_row.next_button.disabled
    pump(window, 2)
    image = arcade.get_image(0, 0, window.width, window.height)
    shots = os.environ.get("SCRYPTIC_EDITOR_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        image.save(Path(shots) / "settings-sound-muted.png")
    press(window, _named(view, "save"))
    saved = json.loads((config_dir() / "settings.json").read_text())
    assert (saved["volume"], saved["muted"]) == (70, True)
    assert (load_settings().volume, load_settings().muted) == (70, True)
    # Muted, the game makes no sound; the settings are read when a sound starts.
    heard = len(speaker.heard)
    assert not audio.play("commit") and len(speaker.heard) == heard
    # Unmute and save: sounds play at 70%.
    press(window, view.mute_button)
    assert view.volume_row.text.text == "70%" and not view.volume_row.prev_button.disabled
    press(window, _named(view, "save"))
    assert audio.play("city")
    assert speaker.heard[-1] == ("city", pytest.approx(0.7 * GAIN["city"]))
    assert load_settings().muted is False


def _named(view, name: str):
    from client.ui.widgets import find_widget

    widget = find_widget(view.root, name)
    assert widget is not None, f"no widget {name!r}"
    return widget
