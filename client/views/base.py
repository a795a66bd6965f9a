"""What every screen shares: the walnut table, a UI manager, a title, Escape to go back.

A screen reaches the window's shared things through :attr:`BaseView.app` (an
:class:`~client.navigation.AppServices`) and moves to another screen through
:attr:`BaseView.navigator` (a :class:`~client.navigation.Navigator`), never by importing it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout
from arcade.types import RGBOrA255

from client.ui import theme
from client.ui.textures import table_texture
from client.views.fast_draw import CachedLayer, PartialUIManager, screen_camera
from client.views.keyboard_nav import KeyboardNav

if TYPE_CHECKING:
    from client.navigation import AppServices, Navigator


class BaseView(arcade.View):
    """A screen with a themed background, a UIManager and an optional Back action."""

    title: str = ""
    subtitle: str = ""

    def __init__(self, back: Callable[[], Any] | None = None, navigator: Navigator | None = None) -> None:
        super().__init__()
        self._navigator = navigator
        self.ui = PartialUIManager()
        self.root = UIAnchorLayout()
        self.ui.add(self.root)
        self.texts = theme.TextCache()
        self.back_action = back
        self.toast: str | None = None
        self.toast_colour: RGBOrA255 = theme.RUBY
        self.toast_time = 0.0
        self._shown_toast: str | None = None
        self.nav = KeyboardNav()  # screens list their controls here in keyboard order

    @property
    def app(self) -> AppServices:
        """The window's shared things: settings, the dictionary, redrawing."""
        return self.window  # type: ignore[return-value]

    @property
    def navigator(self) -> Navigator:
        """Where this screen goes next: the one it was handed, or the window's."""
        given = self.__dict__.get("_navigator")
        return given if given is not None else self.window.navigator  # type: ignore[attr-defined]

    @navigator.setter
    def navigator(self, value: Navigator) -> None:
        self._navigator = value

    # ---------------------------------------------------------------- lifecycle
    def on_show_view(self) -> None:
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol == arcade.key.ESCAPE and self.back_action is not None:
            self.back_action()
            return True
        if not self.typing() and self.nav.on_key_press(symbol, modifiers):
            return True
        return None

    def typing(self) -> bool:
        """True while a text field has the keyboard (the arrows and Space are then its own)."""
        from arcade.gui import UIInputText

        return any(isinstance(w, UIInputText) and w.active for w in self.ui.walk_widgets())

    def show_toast(self, text: str, colour: RGBOrA255 = theme.RUBY, seconds: float = 4.0) -> None:
        """A message at the bottom of the screen for a few seconds."""
        self.toast, self.toast_colour, self.toast_time = text, colour, seconds

    def on_update(self, delta_time: float) -> None:
        if self.toast_time > 0:
            self.toast_time -= delta_time
            if self.toast_time <= 0:
                self.toast = None
                self.request_redraw()
        if self.ui.needs_render() or self.toast != self._shown_toast:
            self._shown_toast = self.toast
            self.request_redraw()

    def request_redraw(self) -> None:
        """Ask the window to draw the next frame (it draws only when something changed)."""
        request = getattr(self.window, "request_redraw", None)
        if request is not None:
            request()

    # ---------------------------------------------------------------- drawing
    def draw_table(self) -> None:
        """The walnut table over the whole window.

        Stretching the small table texture costs about 12 ms a frame under software OpenGL;
        the stretched picture is kept in a window-sized layer (shared by every screen) and
        copied, which costs about a third of that.
        """
        w, h = self.window.width, self.window.height
        layer = getattr(self.window, "_table_layer", None)
        if layer is None:
            layer = CachedLayer(self.window)
            self.window._table_layer = layer  # type: ignore[attr-defined]

        def paint(size: tuple[int, int]) -> None:
            screen_camera(size, 0, 0).use()
            arcade.draw_texture_rect(table_texture(), arcade.LBWH(0, 0, w, h))

        layer.draw(0, 0, w, h, paint, blend=False)

    def draw_title(self) -> None:
        if not self.title:
            return
        w, h = self.window.width, self.window.height
        self.texts.draw("title-shadow", self.title, w / 2 + 2, h - 70 - 2, size=40,
                        color=(0, 0, 0, 160), anchor_x="center", font=theme.SERIF, bold=True)
        self.texts.draw("title", self.title, w / 2, h - 70, size=40, color=theme.BRASS_LIGHT,
                        anchor_x="center", font=theme.SERIF, bold=True)
        if self.subtitle:
            self.texts.draw("subtitle", self.subtitle, w / 2, h - 104, size=16, color=theme.PARCHMENT_DIM,
                            anchor_x="center", italic=True)
        arcade.draw_line(w / 2 - 220, h - 120, w / 2 + 220, h - 120, theme.with_alpha(theme.BRASS, 150), 2)

    def draw_toast(self) -> None:
        if not self.toast:
            return
        w = self.window.width
        pad = 18
        text = self.texts.get("toast", self.toast, w / 2, 40, size=16, color=theme.PARCHMENT,
                              anchor_x="center", anchor_y="center", font=theme.SANS)
        if text.content_width > w - 80:  # a long message (a file's path) wraps instead of running off
            text = self.texts.get("toast-long", self.toast, w / 2, 20 + pad / 2, size=16, color=theme.PARCHMENT,
                                  anchor_x="center", anchor_y="bottom", font=theme.SANS,
                                  width=int(w - 80 - 2 * pad), multiline=True, align="center")
            tw, th = w - 80, text.content_height + pad
        else:
            tw, th = text.content_width + 2 * pad, 40
        arcade.draw_lbwh_rectangle_filled(w / 2 - tw / 2, 20, tw, th, theme.with_alpha(theme.LEATHER_DARK, 235))
        arcade.draw_lbwh_rectangle_outline(w / 2 - tw / 2, 20, tw, th, self.toast_colour, 2)
        text.draw()

    def on_draw(self) -> None:
        # No clear: the opaque table covers the window. The widgets' surface is copied only
        # where widgets are (a full-window copy costs a few ms under software OpenGL).
        self.draw_table()
        self.draw_title()
        self.draw_extra()
        self.ui.request_layout()  # screens change their labels freely; laying out is cheap here
        self.ui.draw_content()
        self.nav.draw()
        self.draw_toast()

    def draw_extra(self) -> None:
        """Screen-specific drawing under the widgets."""
