"""Settings: display name, server address, window size, fullscreen, animation speed."""

from __future__ import annotations

from arcade.gui import UIBoxLayout

from client.settings import ANIMATION_SPEEDS, WINDOW_SIZES
from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow, Panel, TextField, form_row, label
from client.views.base import BaseView


class SettingsView(BaseView):
    """Edits the player's settings; Save writes them to the config folder."""

    title = "Settings"
    subtitle = "Saved on this computer for the next time you play"

    def __init__(self) -> None:
        super().__init__(back=lambda: self.app.go_menu())
        s = self.app.settings
        self.name_field = TextField(s.name, name="name")
        self.server_field = TextField(s.server, name="server")
        sizes = [(size, f"{size[0]} x {size[1]}") for size in WINDOW_SIZES]
        current = (s.width, s.height)
        if current not in WINDOW_SIZES:
            sizes.insert(0, (current, f"{current[0]} x {current[1]}"))
        self.size_row = ChoiceRow(sizes, current, name="size")
        self.fullscreen_row = ChoiceRow([(False, "In a window"), (True, "Full screen")], s.fullscreen,
                                        name="fullscreen")
        self.speed_row = ChoiceRow([(k, k.capitalize()) for k in ANIMATION_SPEEDS], s.animation, name="animation")
        box = UIBoxLayout(space_between=16)
        box.add(form_row("Your name", self.name_field))
        box.add(form_row("Server", self.server_field))
        box.add(form_row("Window size", self.size_row))
        box.add(form_row("Display", self.fullscreen_row))
        box.add(form_row("Animations", self.speed_row))
        self.note = label("", size=14, color=theme.RUBY, italic=True)
        box.add(self.note)
        row = UIBoxLayout(vertical=False, space_between=20)
        row.add(BrassButton("Back", width=160, kind="steel", on_click=lambda: self.app.go_menu(), name="back"))
        row.add(BrassButton("Save", width=220, kind="gold", on_click=self.save, name="save"))
        box.add(row)
        self.root.add(Panel(box, width=640, height=470), anchor_x="center", anchor_y="center", align_y=-40)

    def save(self) -> None:
        """Check, apply and persist the settings."""
        s = self.app.settings
        name = self.name_field.value.strip()
        server = self.server_field.value.strip()
        if not name or len(name) > 24:
            self.note.text = "The name must be 1 to 24 characters."
            return
        if not server.startswith(("ws://", "wss://")):
            self.note.text = "The server address starts with ws:// or wss://"
            return
        s.name, s.server = name, server
        s.width, s.height = self.size_row.value
        s.fullscreen = self.fullscreen_row.value
        s.animation = self.speed_row.value
        self.app.save_settings()
        self.app.apply_window_settings()
        self.note.text = ""
        self.show_toast("Settings saved.", theme.EMERALD, 2.5)
