"""Settings: display name, server address, window size, fullscreen, animation speed, sound."""

from __future__ import annotations

import arcade
from arcade.gui import UIBoxLayout

from client import audio
from client.play.settings import ANIMATION_SPEEDS, WINDOW_SIZES, server_addresses
from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow, Panel, TextField, form_row, label
from client.views.base import BaseView


VOLUMES = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
"""The sound volumes offered, in percent."""


def sizes_that_fit(screen: tuple[int, int], current: tuple[int, int]) -> list[tuple[int, int]]:
    """The window sizes to offer on a screen of ``screen`` pixels: those that fit it with room
    for the window's title bar, and the current size if it is another (it may be the only one)."""
    fits = [size for size in WINDOW_SIZES if size[0] <= screen[0] and size[1] <= screen[1] - 40]
    if current not in fits:
        fits.insert(0, current)
    return fits


class SettingsView(BaseView):
    """Edits the player's settings; Save writes them to the config folder."""

    title = "Settings"
    subtitle = "Saved on this computer for the next time you play"

    def __init__(self) -> None:
        super().__init__(back=lambda: self.navigator.go_menu())
        s = self.app.settings
        self.name_field = TextField(s.name, name="name")
        self.server_field = TextField(s.server, name="server")
        current = (s.width, s.height)
        screen = self.window.get_size() if self.window.fullscreen else arcade.get_display_size()
        sizes = [(size, f"{size[0]} x {size[1]}") for size in sizes_that_fit(screen, current)]
        self.size_row = ChoiceRow(sizes, current, name="size")
        self.fullscreen_row = ChoiceRow([(False, "In a window"), (True, "Full screen (F11)")],
                                        bool(self.window.fullscreen), name="fullscreen")
        self.speed_row = ChoiceRow([(k, k.capitalize()) for k in ANIMATION_SPEEDS], s.animation, name="animation")
        volumes = [(v, f"{v}%") for v in VOLUMES]
        if s.volume not in VOLUMES:
            volumes = sorted([*volumes, (s.volume, f"{s.volume}%")])
        self.volume_row = ChoiceRow(volumes, s.volume, width=240, name="volume", on_change=self._try_volume)
        self.muted = s.muted
        self.mute_button = BrassButton("", width=110, height=40, font_size=16, kind="steel", name="mute",
                                       on_click=self.toggle_mute)
        self._show_mute()
        sound = UIBoxLayout(vertical=False, space_between=10)
        sound.add(self.volume_row)
        sound.add(self.mute_button)
        box = UIBoxLayout(space_between=16)
        box.add(form_row("Your name", self.name_field))
        box.add(form_row("Server", self.server_field))
        box.add(form_row("Window size", self.size_row))
        box.add(form_row("Display", self.fullscreen_row))
        box.add(form_row("Animations", self.speed_row))
        box.add(form_row("Sound", sound))
        self.note = label("", size=14, color=theme.RUBY, italic=True)
        box.add(self.note)
        row = UIBoxLayout(vertical=False, space_between=20)
        row.add(BrassButton("Back", width=160, kind="steel", on_click=lambda: self.navigator.go_menu(), name="back"))
        row.add(BrassButton("Save", width=220, kind="gold", on_click=self.save, name="save"))
        box.add(row)
        self.root.add(Panel(box, width=640, height=526), anchor_x="center", anchor_y="center", align_y=-36)
        from client.ui.widgets import find_widget

        self.nav.controls = [self.size_row, self.fullscreen_row, self.speed_row, find_widget(row, "back"),
                             find_widget(row, "save")]

    def save(self) -> None:
        """Check, apply and persist the settings."""
        s = self.app.settings
        name = self.name_field.value.strip()
        server = server_addresses(self.server_field.value)  # one address, or a cluster's, with commas
        if not name or len(name) > 24:
            self.note.text = "The name must be 1 to 24 characters."
            return
        if not server:
            self.note.text = "Each server address starts with ws:// or wss:// (several: separate them with commas)"
            return
        s.name, s.server = name, server
        s.width, s.height = self.size_row.value
        s.fullscreen = self.fullscreen_row.value
        s.animation = self.speed_row.value
        s.volume, s.muted = self.volume_row.value, self.muted
        self.app.save_settings()
        self.app.apply_window_settings()
        self.note.text = ""
        self.show_toast("Settings saved.", theme.EMERALD, 2.5)

    # ---------------------------------------------------------------- sound
    def _try_volume(self, volume: int) -> None:
        """Let the player hear the volume just chosen (unless sound is muted here)."""
        if not self.muted:
            audio.play("place", volume / 100)

    def toggle_mute(self) -> None:
        """Mute or unmute (kept when Save is pressed)."""
        self.muted = not self.muted
        self._show_mute()
        if not self.muted:
            audio.play("place", self.volume_row.value / 100)

    def _show_mute(self) -> None:
        """While muted the volume reads "Muted" and cannot be changed; the button offers the way back."""
        row = self.volume_row
        self.mute_button.text = "Unmute" if self.muted else "Mute"
        row.text.text = "Muted" if self.muted else row.options[row.index][1]
        row.prev_button.disabled = row.next_button.disabled = self.muted
