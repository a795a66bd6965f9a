"""Themed arcade.gui widgets: brass buttons, labels, choice rows, text fields, framed panels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import arcade
from arcade.types import RGBOrA255
from arcade.gui import (
    UIAnchorLayout,
    UIBoxLayout,
    UIEvent,
    UIInputText,
    UIKeyPressEvent,
    UILabel,
    UIMousePressEvent,
    UIOnClickEvent,
    UITextureButton,
    UIWidget,
)

from client.ui import theme
from client.ui.textures import inset_patch, panel_patch, plate_patch


def fit_text(text: str, width: float, font_size: float, font: str = theme.SERIF, bold: bool = False) -> str:
    """``text`` as it fits in ``width`` pixels at ``font_size``: whole, or cut at a word (or a
    letter) and ended with "…"."""
    probe = arcade.Text(text, 0, 0, font_size=font_size, font_name=font, bold=bold)
    if probe.content_width <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        probe.text = " ".join(words).rstrip(" ,;:\N{MIDDLE DOT}-") + "\N{HORIZONTAL ELLIPSIS}"
        if probe.content_width <= width:
            return probe.text
    shown = text
    while len(shown) > 1:
        shown = shown[:-1]
        probe.text = shown + "\N{HORIZONTAL ELLIPSIS}"
        if probe.content_width <= width:
            break
    return probe.text


def _button_style(font_size: int, dark_text: bool = True) -> dict[str, Any]:
    ink = theme.INK_DARK if dark_text else theme.PARCHMENT
    style = UITextureButton.UIStyle
    return {
        "normal": style(font_size=font_size, font_name=(theme.SERIF,), font_color=ink),
        "hover": style(font_size=font_size, font_name=(theme.SERIF,), font_color=(20, 10, 0, 255)),
        "press": style(font_size=font_size, font_name=(theme.SERIF,), font_color=(60, 36, 10, 255)),
        "disabled": style(font_size=font_size, font_name=(theme.SERIF,), font_color=(44, 38, 30, 255)),
    }


class NamedTextureButton(UITextureButton):
    """A texture button with a ``name`` (what keys and tests find it by), like :class:`BrassButton`'s."""

    def __init__(self, *, name: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name = name


class BrassButton(UITextureButton):
    """A bevelled metal plate with engraved-looking text; ``kind`` picks the metal or gem."""

    def __init__(self, text: str, *, width: float = 240, height: float = 48, kind: str = "brass",
                 font_size: int = 17, on_click: Callable[[], Any] | None = None,
                 name: str | None = None, **kwargs: Any) -> None:
        dark = kind in ("brass", "gold", "steel")
        super().__init__(
            text=text, width=width, height=height,
            texture=plate_patch(kind, "normal"), texture_hovered=plate_patch(kind, "hover"),
            texture_pressed=plate_patch(kind, "press"), texture_disabled=plate_patch(kind, "disabled"),
            style=_button_style(font_size, dark), **kwargs,
        )
        self.name = name or text
        self._callback = on_click
        if not dark:
            for st in self.style.values():
                st.font_color = theme.PARCHMENT

        @self.event("on_click")
        def _clicked(event: UIOnClickEvent) -> None:
            if self._callback is not None and not self.disabled:
                self._callback()

    def set_callback(self, callback: Callable[[], Any] | None) -> None:
        self._callback = callback


def label(text: str, *, size: int = 16, color: RGBOrA255 = theme.PARCHMENT, bold: bool = False,
          italic: bool = False, width: int | None = None, multiline: bool = False,
          align: str = "left", font: str | None = None) -> UILabel:
    """A themed text label; with ``width`` it keeps that width in any layout (columns line up)."""
    # Arcade's default size hint (0, 0) shrinks a label to its text in box layouts, whatever
    # width it was given; (None, 0) keeps the given width and lets the height follow the text.
    hint = (None, 0) if width else (0, 0)
    return UILabel(text=text, font_name=(font or theme.SERIF,), font_size=size, text_color=color,
                   bold=bold, italic=italic, width=width, multiline=multiline, align=align, size_hint=hint)


class Panel(UIAnchorLayout):
    """A framed leather panel holding one child (usually a box layout)."""

    def __init__(self, child: UIWidget | None = None, *, width: float = 400, height: float = 300,
                 padding: int = 22, **kwargs: Any) -> None:
        super().__init__(width=width, height=height, size_hint=None, **kwargs)
        self.with_background(texture=panel_patch("leather"))
        self.with_padding(all=padding)
        if child is not None:
            self.add(child, anchor_x="center", anchor_y="center")


class ChoiceRow(UIBoxLayout):
    """``< value >``: cycles through ``options`` (value, label) pairs; calls ``on_change``."""

    def __init__(self, options: Sequence[tuple[Any, str]], value: Any = None, *, width: int = 360,
                 on_change: Callable[[Any], Any] | None = None, name: str = "") -> None:
        super().__init__(vertical=False, space_between=8)
        if not options:
            raise ValueError("a choice row needs at least one option")
        self.options = list(options)
        self.name = name
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.prev_button = BrassButton("<", width=44, height=40, font_size=18, on_click=lambda: self.step(-1),
                                       name=f"{name}-prev")
        self.next_button = BrassButton(">", width=44, height=40, font_size=18, on_click=lambda: self.step(1),
                                       name=f"{name}-next")
        self.text = label(self.options[self.index][1], size=16, width=width - 104, align="center")
        holder = UIAnchorLayout(width=width - 104, height=40, size_hint=None)
        holder.with_background(texture=inset_patch())
        holder.add(self.text, anchor_x="center", anchor_y="center")
        self.add(self.prev_button)
        self.add(holder)
        self.add(self.next_button)

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        values = [v for v, _ in self.options]
        if value in values:
            self.index = values.index(value)
            self.text.text = self.options[self.index][1]

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        self.text.text = self.options[self.index][1]
        if self.on_change is not None:
            self.on_change(self.value)


class EditField(UIInputText):
    """A text input that behaves like a desktop one: clicking into it puts the caret after the
    text, Ctrl+A selects everything, Ctrl+C copies and Ctrl+V pastes (the clipboard needs the
    window, which Arcade's own field is not given)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._attach_window()

    def _attach_window(self) -> None:
        try:
            self.caret._window = arcade.get_window()
        except RuntimeError:  # no window yet: the clipboard stays off
            pass

    def select_all(self) -> None:
        self.caret.mark = 0
        self.caret.position = len(self.text)
        self.trigger_full_render()

    def caret_to_end(self) -> None:
        self.caret.mark = None  # type: ignore[assignment]  # pyglet's setter takes None (no selection) though annotated int
        self.caret.position = len(self.text)
        self.trigger_full_render()

    def on_event(self, event: UIEvent) -> bool | None:
        was_active = self.active
        if was_active and isinstance(event, UIKeyPressEvent) and event.symbol == arcade.key.A \
                and event.modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND):
            self.select_all()
            return True
        beyond = (was_active and isinstance(event, UIMousePressEvent) and self.rect.point_in_rect(event.pos)
                  and event.x > self.left + self.LAYOUT_OFFSET + self.layout.content_width)
        handled = super().on_event(event)
        if (not was_active and self.active) or beyond:
            self.caret_to_end()
        return handled


class TextField(UIAnchorLayout):
    """A text input on a recessed field."""

    def __init__(self, text: str = "", *, width: int = 360, height: int = 40, font_size: int = 16,
                 name: str = "") -> None:
        super().__init__(width=width, height=height, size_hint=None)
        self.name = name
        self.with_background(texture=inset_patch())
        style = UIInputText.UIStyle
        plain = {k: style(bg=None, border=None, border_width=0)
                 for k in ("normal", "hover", "press", "disabled", "invalid")}
        self.input = EditField(text=text, width=width - 20, height=height - 12, font_size=font_size,
                                 font_name=(theme.SANS,), text_color=theme.PARCHMENT,
                                 caret_color=theme.BRASS_LIGHT, style=plain)
        self.add(self.input, anchor_x="center", anchor_y="center")

    @property
    def value(self) -> str:
        return self.input.text

    @value.setter
    def value(self, text: str) -> None:
        self.input.text = text


def form_row(caption: str, widget: UIWidget, caption_width: int = 170) -> UIBoxLayout:
    """A caption on the left and a control on the right."""
    row = UIBoxLayout(vertical=False, space_between=12)
    row.add(label(caption, size=16, color=theme.PARCHMENT_DIM, width=caption_width, align="right"))
    row.add(widget)
    return row


def find_widget(root: UIWidget | Any, name: str) -> UIWidget | None:
    """The first widget (depth first) whose ``name`` attribute is ``name`` (for tests)."""
    stack = [root]
    while stack:
        w = stack.pop()
        if getattr(w, "name", None) == name:
            return w
        stack.extend(reversed(list(getattr(w, "children", []))))
    return None


def draw_panel(left: float, bottom: float, width: float, height: float) -> None:
    """Draw a framed panel directly (outside arcade.gui)."""
    panel_patch("leather").draw_rect(rect=arcade.LBWH(left, bottom, width, height))
