"""The look of the alchemist's table: colours, fonts and a cache of text objects.

Colours are RGBA 0-255 tuples. Fonts are pinned to files bundled with the game (or with
Arcade), so screenshots look the same on every machine.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import arcade
from arcade.types import RGBA255, Color, RGBOrA255

# Surfaces
WALNUT = (24, 17, 12, 255)  # the table under everything
LEATHER_DARK = (27, 19, 14, 255)

# Metals
BRASS = (196, 152, 72, 255)
BRASS_LIGHT = (236, 204, 128, 255)
GOLD = (240, 196, 84, 255)
SILVER = (214, 220, 230, 255)

# Ink
PARCHMENT = (244, 228, 192, 255)
PARCHMENT_DIM = (196, 178, 142, 255)
INK_MUTED = (150, 132, 104, 255)
INK_DARK = (40, 26, 12, 255)

# Gems (signals)
RUBY = (214, 52, 66, 255)
RUBY_DARK = (120, 20, 32, 255)
EMERALD = (64, 196, 120, 255)
SAPPHIRE = (84, 140, 236, 255)
AMETHYST = (168, 110, 220, 255)
AMBER = (248, 170, 50, 255)

PLAYER_COLOURS = {1: GOLD, 2: SILVER}
LABEL_COLOURS = {"inaccuracy": SAPPHIRE, "mistake": AMBER, "blunder": RUBY}
"""The analysis's labels of a turn, each in its gem (as lichess's blue, orange and red)."""

SERIF = "Liberation Serif"
SANS = "Liberation Sans"
MONO = "Liberation Mono"

_fonts_loaded = False


def load_fonts() -> None:
    """Register the bundled fonts once (the art's own fonts when they are there)."""
    global _fonts_loaded, SERIF, SANS
    if _fonts_loaded:
        return
    arcade.resources.load_liberation_fonts()
    try:
        art_fonts = importlib.import_module("client.fonts")  # the art helper's pinned fonts, if present

        loader = getattr(art_fonts, "load_fonts", None) or getattr(art_fonts, "load", None)
        if loader is not None:
            loader()
        SERIF = getattr(art_fonts, "DISPLAY", None) or getattr(art_fonts, "SERIF", None) or SERIF
        SANS = getattr(art_fonts, "BODY", None) or getattr(art_fonts, "SANS", None) or SANS
    except ImportError:
        pass
    _fonts_loaded = True


def with_alpha(colour: RGBOrA255, alpha: float | int) -> Color:
    """``colour`` with a new alpha (0-255, or 0.0-1.0 as a float)."""
    a = int(alpha * 255) if isinstance(alpha, float) else int(alpha)
    return Color(colour[0], colour[1], colour[2], max(0, min(255, a)))


def mix(a: RGBA255, b: RGBA255, t: float) -> Color:
    """Linear blend of two colours."""
    t = max(0.0, min(1.0, t))
    return Color(*(int(a[i] + (b[i] - a[i]) * t) for i in range(4)))


@dataclass
class _Entry:
    text: arcade.Text
    args: tuple


class TextCache:
    """Keeps one :class:`arcade.Text` per key and only updates what changed.

    Building a text layout is the slow part of drawing text; a frame that draws the same
    words again costs almost nothing this way.
    """

    def __init__(self) -> None:
        self._entries: dict[Any, _Entry] = {}

    def get(self, key: Any, text: str, x: float, y: float, *, size: float = 14,
            color: RGBOrA255 = PARCHMENT, font: str | None = None, bold: bool = False,
            italic: bool = False, anchor_x: str = "left", anchor_y: str = "baseline",
            width: int | None = None, multiline: bool = False, align: str = "left") -> arcade.Text:
        """The text object for ``key``, created or updated to these values."""
        font = font or SERIF
        style = (size, font, bold, italic, anchor_x, anchor_y, width, multiline, align)
        entry = self._entries.get(key)
        if entry is None or entry.args != style:
            obj = arcade.Text(text, x, y, color, size, width=width, font_name=font, bold=bold,
                              italic=italic, anchor_x=anchor_x, anchor_y=anchor_y,
                              multiline=multiline, align=align)
            self._entries[key] = _Entry(obj, style)
            return obj
        obj = entry.text
        if obj.text != text:
            obj.text = text
        if obj.x != x or obj.y != y:
            obj.position = (x, y)
        if tuple(obj.color) != tuple(color):
            obj.color = color
        return obj

    def draw(self, key: Any, text: str, x: float, y: float, **style: Any) -> arcade.Text:
        """Get and draw in one call."""
        obj = self.get(key, text, x, y, **style)
        obj.draw()
        return obj

    def fitted(self, key: Any, text: str, x: float, y: float, max_width: float, **style: Any) -> arcade.Text:
        """Like :meth:`get`, with the text cut at a word (or a letter) and ended with "…" if it
        would be wider than ``max_width`` pixels."""
        obj = self.get(key, text, x, y, **style)
        if obj.content_width <= max_width:
            return obj
        words = text.split(" ")
        while len(words) > 1 and obj.content_width > max_width:
            words.pop()
            obj = self.get(key, " ".join(words).rstrip(" ,;:·-") + "…", x, y, **style)
        shown = obj.text.removesuffix("…")
        while obj.content_width > max_width and len(shown) > 1:
            shown = shown[:-1]
            obj = self.get(key, shown.rstrip() + "…", x, y, **style)
        return obj

    def draw_fitted(self, key: Any, text: str, x: float, y: float, max_width: float, **style: Any) -> arcade.Text:
        """Fit (see :meth:`fitted`) and draw."""
        obj = self.fitted(key, text, x, y, max_width, **style)
        obj.draw()
        return obj

    def draw_shadowed(self, key: Any, text: str, x: float, y: float, *, shadow: RGBA255 = (12, 6, 2, 210),
                      offset: float = 2.0, **style: Any) -> arcade.Text:
        """Draw with a dark copy under it, so light ink reads on pale stones too."""
        colour = style.pop("color", PARCHMENT)
        alpha = colour[3] if len(colour) > 3 else 255
        dark = (shadow[0], shadow[1], shadow[2], int(shadow[3] * alpha / 255))
        self.draw((key, "shadow"), text, x + offset, y - offset, color=dark, **style)
        return self.draw(key, text, x, y, color=colour, **style)

    def clear(self) -> None:
        self._entries.clear()
