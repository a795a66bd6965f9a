"""The base of the game screen's panels: an :class:`arcade.Section` whose input the view handles.

A drag crosses from the rack to the board, so the game view routes the mouse and keyboard
itself; the sections only draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from client.ui import theme
from client.views.fast_draw import CachedLayer, screen_camera
from client.views.layout import Rect

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen


class Panel(arcade.Section):
    """A section drawn by the game screen, its input handled by the game view."""

    def __init__(self, gv: "GameScreen", rect: Rect, name: str, draw_order: int) -> None:
        super().__init__(rect.left, rect.bottom, rect.width, rect.height, name=name,
                         accept_keyboard_keys=False, accept_mouse_events=False, draw_order=draw_order)
        self.gv = gv
        self.texts = theme.TextCache()
        self._was_live = False
        self.kept = False  # this frame, the panel left last frame's pixels
        self.shown: Any = None  # what the panel's cached picture shows now (see draw_cached)

    def keep_last_frame(self, changed: bool, live: bool = False) -> bool:
        """True if, in a partial frame, this panel may leave last frame's pixels as they are.

        Only when its content did not change (``changed``), nothing moves on it now (``live``)
        and nothing moved on it last frame either (that must be painted over).
        """
        was_live, self._was_live = self._was_live, live
        partial = getattr(self.window, "partial_frame", False)
        self.kept = partial and not changed and not live and not was_live
        return self.kept

    def draw_cached(self, layer: CachedLayer, key: object, paint: Callable[[], None]) -> bool:
        """Draw the panel through ``layer``, painted by ``paint`` again only when ``key`` (what
        the panel shows) changed; in a partial frame an unchanged panel leaves last frame's
        pixels as they are. True if ``key`` changed."""
        changed = key != self.shown
        if changed:
            self.shown = key
            layer.dirty = True
        if self.keep_last_frame(layer.dirty):
            return changed
        left, bottom = self.left, self.bottom

        def paint_layer(size: tuple[int, int]) -> None:
            screen_camera(size, left, bottom).use()
            paint()

        layer.draw(left, bottom, self.width, self.height, paint_layer, clear=theme.WALNUT, blend=False)
        return changed

    def set_rect(self, rect: Rect) -> None:
        # arcade's Section setters are annotated int but keep floats (its getters say int | float).
        self.left, self.bottom, self.width, self.height = rect.left, rect.bottom, rect.width, rect.height  # type: ignore[assignment]

    @property
    def rect(self) -> Rect:  # type: ignore[override]
        return Rect(self.left, self.bottom, self.width, self.height)
