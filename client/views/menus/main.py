"""The main menu: the brass plaque of choices on the alchemist's table."""

from __future__ import annotations

import arcade
from arcade.gui import UIBoxLayout

from client.ui import theme
from client.ui.widgets import BrassButton, Panel, label
from client.views.base import BaseView
from client.views.decor import GemBorder


TITLE_BLOCK = 170  # pixels from the window's top to below the tagline
GREETING_BLOCK = 88  # pixels from the window's bottom to above the greeting


class MainMenuView(BaseView):
    """Skirmish, online, pass-and-play, how to play, map editor, settings, quit."""

    def __init__(self) -> None:
        super().__init__(back=None)
        self.time = 0.0
        self.decor = GemBorder(seed=7)
        from client.play import savegame

        self.problem: str | None = None
        try:
            savegame.migrate()  # an older version's one saved game becomes a slot
        except OSError as exc:
            self.problem = f"The game saved by an older version could not be moved: {exc.strerror or exc}"
        saved = len(savegame.list_saves())
        entries = [("Skirmish vs the computer", "skirmish", lambda: self.navigator.go_skirmish("ai"), "gold")]
        if saved:
            games = "1 game" if saved == 1 else f"{saved} games"
            entries.insert(0, (f"Resume  ({games} saved)", "resume", lambda: self.navigator.go_saved_games(), "gold"))
            entries[1] = ("New skirmish", "skirmish", lambda: self.navigator.go_skirmish("ai"), "brass")
        if not self.app.settings.seen_tutorial:  # a new player is offered the guided game first
            entries.insert(0, ("First game? Take the guided tour", "tutorial", lambda: self.navigator.go_tutorial(),
                               "gold"))
        entries += [
            ("Play online", "online", lambda: self.navigator.go_online(), "brass"),
            ("Puzzles", "puzzles", lambda: self.navigator.go_puzzles(), "brass"),
            ("Pass and play", "hotseat", lambda: self.navigator.go_skirmish("hotseat"), "brass"),
            ("How to play", "howto", lambda: self.navigator.go_howto(), "brass"),
            ("Map editor", "editor", lambda: self.navigator.go_editor(), "brass"),
            ("Settings", "settings", lambda: self.navigator.go_settings(), "brass"),
            ("Quit", "quit", lambda: arcade.exit(), "steel"),
        ]
        self.entries = entries
        self.buttons: dict[str, BrassButton] = {}
        self.greeting = label("", size=15, color=theme.PARCHMENT_DIM, italic=True)
        self._built_for = 0
        self._build()

    def _build(self) -> None:
        """Lay the plaque out for the window's height: it fits between the tagline and the
        greeting in the smallest window, and grows with a tall one."""
        h = self.window.height
        self._built_for = h
        top, bottom = h - TITLE_BLOCK, GREETING_BLOCK
        n = len(self.entries)
        big = h >= 1000
        width, font = (420, 20) if big else (320, 17)
        sizes = [(60, 14)] if big else []
        sizes += [(50, 12), (46, 12), (42, 10), (38, 9), (34, 8), (30, 6)]
        height, gap = next(((bh, sp) for bh, sp in sizes if n * (bh + sp) + 28 <= top - bottom), sizes[-1])
        self.root.clear()
        box = UIBoxLayout(space_between=gap)
        self.buttons = {}
        for text, name, action, kind in self.entries:
            button = BrassButton(text, width=width, height=height, kind=kind, on_click=action, name=name,
                                 font_size=min(font, height // 2 - 2) if len(text) < 28 else min(font - 2, height // 2 - 3))
            self.buttons[name] = button
            box.add(button)
        self.nav.controls = list(self.buttons.values())
        self.panel = Panel(box, width=width + 60, height=n * (height + gap) + 28)
        self.root.add(self.panel, anchor_x="center", anchor_y="center", align_y=(top + bottom) / 2 - h / 2)
        self.root.add(self.greeting, anchor_x="center", anchor_y="bottom", align_y=62)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        if height != self._built_for:
            self._build()

    def on_show_view(self) -> None:
        super().on_show_view()
        name = self.app.settings.name
        self.greeting.text = f"Welcome, {name}.  F1 for how to play; arrows and Enter choose."
        if self.window.height != self._built_for:
            self._build()
        from client.play import autosave

        failures = autosave.WRITER.take_failures()  # saves that failed while a game was played
        if self.problem:
            failures.append(self.problem)
            self.problem = None
        if failures:
            more = f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""
            self.show_toast(f"{failures[-1]}{more}.", seconds=12.0)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol == arcade.key.F1:
            self.navigator.go_howto()
            return True
        return super().on_key_press(symbol, modifiers)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        self.time += delta_time

    def draw_title(self) -> None:
        w, h = self.window.width, self.window.height
        top = h - 90
        glow = 0.7  # a still title: the window draws only when something changes
        self.texts.draw("t-shadow", "SCRYPTIC", w / 2 + 3, top - 3, size=64, color=(0, 0, 0, 170),
                        anchor_x="center", anchor_y="center", bold=True)
        self.texts.draw("t-main", "SCRYPTIC", w / 2, top, size=64,
                        color=theme.mix(theme.BRASS, theme.BRASS_LIGHT, 0.4 + 0.6 * glow),
                        anchor_x="center", anchor_y="center", bold=True)
        self.texts.draw("t-sub", "the alchemist's game of crossword war", w / 2, top - 58, size=18,
                        color=theme.PARCHMENT_DIM, anchor_x="center", anchor_y="center", italic=True)

    def draw_extra(self) -> None:
        self.decor.draw(self.window.width, self.window.height, self.time)
