"""The Scryptic window: settings, the shared dictionary, drawing on demand.

The window is the screens' :class:`~client.navigation.AppServices`; moving between screens is
its ``navigator`` (:class:`~client.screens.Screens`), the only place that knows every screen.
"""

from __future__ import annotations

import time
from typing import Any

import arcade
from pyglet.event import EVENT_HANDLE_STATE

from client.navigation import Navigator
from client.screens import Screens
from client.play.settings import MIN_WINDOW, Settings, load_settings, save_settings
from client.ui import theme

WINDOW_TITLE = "Scryptic: the alchemist's game"
FRAME_RATE = 1 / 60
IDLE_RATE = 1 / 15
"""Seconds between updates while nothing moves: what a computer's move or a clock waits at most."""
_QUIET_EVENTS = frozenset({"on_update", "on_fixed_update", "on_draw", "on_refresh"})
"""Events that by themselves change nothing on screen (the loop's own ticks)."""


class ScrypticWindow(arcade.Window):
    """One window for the whole client; each screen is an :class:`arcade.View`."""

    def __init__(self, settings: Settings | None = None, *, size: tuple[int, int] | None = None,
                 visible: bool = True, persist: bool = True, samples: int = 0) -> None:
        self.settings = settings or load_settings()
        w, h = size or (self.settings.width, self.settings.height)
        super().__init__(w, h, WINDOW_TITLE, resizable=True, fullscreen=self.settings.fullscreen and size is None,
                         visible=visible, update_rate=FRAME_RATE, draw_rate=FRAME_RATE, vsync=False,
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
        self.redraw_needed = True
        self.frames_presented = 0
        self._fast = True
        self._quiet_ticks = 0
        self.partial_frame = False
        self._keeps_frames: bool | None = None
        self.navigator: Navigator = Screens(self)

    # ---------------------------------------------------------------- shared things
    @property
    def lexicon(self):
        """The dictionary (loaded on first use, about 0.1 s)."""
        if self._lexicon is None:
            from shared.words.dictionary import load_dictionary

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
        # A resize may already arrive during the window's own __init__, before ``persist`` is set.
        persist = getattr(self, "persist", False)
        if not self.fullscreen and persist and (width, height) != (self.settings.width, self.settings.height):
            self.settings.width, self.settings.height = max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1])

    def flip(self) -> None:
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        self.frames_presented += 1
        super().flip()

    # ---------------------------------------------------------------- drawing on demand
    def request_redraw(self) -> None:
        """Draw the next frame (the loop draws only when something changed or animates)."""
        self.redraw_needed = True

    def dispatch_event(self, event_type: str, *args: Any) -> Any:
        # Any input or window event may change what is shown: draw the next frame.
        if event_type not in _QUIET_EVENTS:
            self.redraw_needed = True
            self._set_pace(True)
        return super().dispatch_event(event_type, *args)

    def _set_pace(self, fast: bool) -> None:
        """60 updates a second while anything happens, :data:`IDLE_RATE` while nothing does."""
        if fast == getattr(self, "_fast", True):
            self._quiet_ticks = 0
            return
        self._fast, self._quiet_ticks = fast, 0
        if fast:  # the update rate may never be slower than the draw rate: order matters
            self.set_update_rate(FRAME_RATE)
            self.set_draw_rate(FRAME_RATE)
        else:
            self.set_draw_rate(IDLE_RATE)
            self.set_update_rate(IDLE_RATE)

    def draw(self, dt: float) -> None:
        """The event loop's frame: drawn and presented only if needed.

        Under software OpenGL a frame costs 10-20 ms of CPU, so redrawing an unchanged screen
        60 times a second kept a core busy. A frame is drawn when an event came in, when
        :meth:`request_redraw` was called, or while the current view says it animates
        (``view.animating()``); otherwise the last frame simply stays on screen.

        A frame drawn only because something animates may be *partial* (``partial_frame``):
        the view then redraws only what moves and leaves the rest of last frame's pixels, when
        the back buffer is known to keep them (:meth:`keeps_frames`) and the view agrees
        (``view.partial_ok()``).
        """
        view = self.current_view
        animating = getattr(view, "animating", None)
        if self.redraw_needed or (animating is not None and animating()):
            partial_ok = getattr(view, "partial_ok", None)
            if self._keeps_frames is None:
                self.keeps_frames()  # once, at the first frame: it draws flat frames, so this one is whole
            self.partial_frame = (not self.redraw_needed and partial_ok is not None and partial_ok()
                                  and bool(self._keeps_frames))
            self.redraw_needed = False
            self._set_pace(True)
            try:
                super().draw(dt)
            finally:
                self.partial_frame = False
            return
        # Nothing to draw: after half a second of quiet, wake up less often (the loop's own
        # 60 Hz ticks cost a few percent of a core); any event brings the full rate back.
        self._quiet_ticks += 1
        if self._fast and self._quiet_ticks > 30:
            self._set_pace(False)

    def keeps_frames(self) -> bool:
        """True if after presenting a frame the back buffer still holds it (checked once).

        Mesa's software renderer under X copies the back buffer to the window and keeps it; a
        driver that flips between buffers does not. Three flat frames in the table's colours
        are drawn and read back; anything unexpected turns partial frames off for the run.
        """
        if self._keeps_frames is None:
            self._keeps_frames = False
            try:
                for colour in ((24, 17, 12, 255), (25, 18, 12, 255), (24, 17, 13, 255)):
                    self.clear(color=colour)
                    arcade.Window.flip(self)
                    pixel = tuple(self.ctx.screen.read(viewport=(0, 0, 1, 1), components=3))
                    if pixel != colour[:3]:
                        return False
                self._keeps_frames = True
            except Exception:  # any doubt: always draw whole frames
                self._keeps_frames = False
            finally:
                self.redraw_needed = True  # the probe's flat frames are replaced at once
        return self._keeps_frames

    def show_view(self, new_view: arcade.View) -> None:
        self.redraw_needed = True
        super().show_view(new_view)

    def on_key_press(self, symbol: int, modifiers: int) -> EVENT_HANDLE_STATE:
        """Keys every screen shares (reached when the screen did not use the key): F11."""
        if symbol == arcade.key.F11:
            self.toggle_fullscreen()
            return True
        return None

    def toggle_fullscreen(self) -> None:
        """Full screen on or off (F11); remembered in the settings."""
        self.settings.fullscreen = not self.fullscreen
        self.set_fullscreen(self.settings.fullscreen)
        self.save_settings()


def close_on_sigterm(window: arcade.Window) -> None:
    """SIGTERM (a logout, a shutdown) closes the window as its close button does: the screen
    shown hears ``on_close`` first (a game makes sure it is saved), then the window closes."""
    import signal

    import pyglet

    def close(_dt: float = 0.0) -> None:
        window.dispatch_event("on_close")

    def handler(_signum: int, _frame: Any) -> None:
        pyglet.clock.schedule_once(close, 0)  # on the event loop's turn, not inside a draw

    signal.signal(signal.SIGTERM, handler)


def run(settings: Settings | None = None) -> int:
    """Open the window on the main menu and run until it closes (or SIGTERM closes it)."""
    window = ScrypticWindow(settings)
    close_on_sigterm(window)
    window.navigator.go_menu()
    arcade.run()
    finish(window)
    return 0


def finish(window: ScrypticWindow) -> None:
    """After the event loop: keep the settings, and wait for the last game save to reach the disk."""
    from client.play import autosave

    window.save_settings()
    autosave.WRITER.flush()
