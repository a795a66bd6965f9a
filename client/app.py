"""The Scryptic window: settings, the shared dictionary, and moving between screens."""

from __future__ import annotations

import time
from typing import Any

import arcade

from client.settings import MIN_WINDOW, Settings, load_settings, save_settings
from client.ui import theme

WINDOW_TITLE = "Scryptic: the alchemist's game"


class ScrypticWindow(arcade.Window):
    """One window for the whole client; each screen is an :class:`arcade.View`."""

    def __init__(self, settings: Settings | None = None, *, size: tuple[int, int] | None = None,
                 visible: bool = True, persist: bool = True, samples: int = 0) -> None:
        self.settings = settings or load_settings()
        w, h = size or (self.settings.width, self.settings.height)
        super().__init__(w, h, WINDOW_TITLE, resizable=True, fullscreen=self.settings.fullscreen and size is None,
                         visible=visible, update_rate=1 / 60, draw_rate=1 / 60, vsync=False,
                         antialiasing=samples > 0, samples=max(1, samples))
        # No multisampling by default: under software OpenGL (Mesa llvmpipe) resolving a 4x
        # multisampled 1280x800 frame costs about 8 ms per frame, half the 60 fps budget,
        # while everything the client draws is textured quads that gain nothing from it.
        self.set_minimum_size(*MIN_WINDOW)
        self.background_color = theme.WALNUT
        self.persist = persist
        theme.load_fonts()
        self._lexicon: Any = None
        self.first_frame_at: float | None = None

    # ---------------------------------------------------------------- shared things
    @property
    def lexicon(self):
        """The dictionary (loaded on first use, about 0.1 s)."""
        if self._lexicon is None:
            from shared.dictionary import load_dictionary

            self._lexicon = load_dictionary()
        return self._lexicon

    def save_settings(self) -> None:
        if self.persist:
            save_settings(self.settings)

    def apply_window_settings(self) -> None:
        """Resize or go fullscreen after the settings changed."""
        s = self.settings
        if s.fullscreen != self.fullscreen:
            self.set_fullscreen(s.fullscreen)
        if not s.fullscreen and (self.width, self.height) != (s.width, s.height):
            self.set_size(s.width, s.height)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        if not self.fullscreen and self.persist and (width, height) != (self.settings.width, self.settings.height):
            self.settings.width, self.settings.height = max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1])

    def flip(self) -> None:
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        super().flip()

    # ---------------------------------------------------------------- navigation
    def go_menu(self) -> None:
        from client.views.menu import MainMenuView

        self.show_view(MainMenuView())

    def go_skirmish(self, mode: str = "ai") -> None:
        from client.views.setup import SkirmishSetupView

        self.show_view(SkirmishSetupView(mode))

    def go_online(self) -> None:
        from client.views.online import OnlineView

        self.show_view(OnlineView())

    def go_settings(self) -> None:
        from client.views.settings_view import SettingsView

        self.show_view(SettingsView())

    def go_howto(self) -> None:
        from client.views.howto import HowToPlayView

        self.show_view(HowToPlayView())

    def editor_available(self) -> bool:
        """True if the map editor (issue 7) is installed."""
        try:
            import importlib.util

            return importlib.util.find_spec("client.editor.view") is not None
        except (ImportError, ValueError):
            return False

    def go_editor(self, map_path: str | None = None) -> bool:
        """Open the map editor's view if it is there; False if it is not."""
        try:
            from client.editor.view import EditorView  # type: ignore[import-not-found]
        except ImportError:
            return False
        try:
            view = EditorView(map_path) if map_path else EditorView()
        except TypeError:
            view = EditorView()
        self.show_view(view)
        return True

    def start_game(self, session, *, tutorial: bool = False) -> None:
        """Show the game screen for ``session`` (a hand-over screen first in pass-and-play)."""
        from client.views.game import GameView

        game_view = GameView(session, tutorial=tutorial)
        if session.hot_seat:
            from client.views.handover import HandOverView

            self.show_view(HandOverView(game_view, session.viewer()))
        else:
            self.show_view(game_view)


def run(settings: Settings | None = None) -> int:
    """Open the window on the main menu and run until it closes."""
    started = time.perf_counter()
    window = ScrypticWindow(settings)
    window.go_menu()
    window.started_at = started  # type: ignore[attr-defined]
    arcade.run()
    window.save_settings()
    return 0
