"""The editor's tool palette, down the left of the screen: tools, brush sizes, paints, symmetry.

Buttons are themed arcade.gui widgets (the selected tool, brush, paint and symmetry glow gold);
headings and captions are drawn directly with cached text objects.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UITextureButton, UIWidget

from client.editor.board import city_for, stone_for
from client.editor.paint import BRUSH_SIZES, PAINTS, is_city, paint_name
from client.editor.tools import Tool
from client.ui import theme
from client.ui.textures import panel_patch, plate_patch
from client.ui.widgets import BrassButton
from client.views.layout import PAD, Rect

if TYPE_CHECKING:
    from client.editor.host import EditorHost

SWATCH = 56
BUTTON_HELP = {
    "tool-brush": "Brush   (key B)", "tool-line": "Line   (key L)", "tool-rect": "Rectangle   (key R)",
    "tool-fill": "Fill   (key F)", "tool-pick": "Pick a paint from the board   (key I, or right-click)",
    "tool-city": "Cities: place, set the owner, move, remove   (key C)",
    "brush": "Brush size   (keys [ and ])",
    "symmetry": "Symmetry: a stroke paints its mirror too, gold turning to silver   (key M)",
}
KEY_HELP = ("Right-click picks a paint", "Wheel zooms \N{MIDDLE DOT} Home fits", "Middle-drag pans")
SYMMETRY_BUTTONS = ((None, "Off"), ("mirror-x", "Left-right"), ("mirror-y", "Top-bottom"), ("rot180", "Half-turn"))
HELP_LINE = 15


def set_kind(button: BrassButton, kind: str) -> None:
    """Give a brass button another metal (the selected one of a group is gold)."""
    if getattr(button, "kind", None) == kind:
        return
    button.kind = kind  # type: ignore[attr-defined]
    # arcade's setters are annotated Texture but take a nine-patch as its constructor does.
    button.texture = plate_patch(kind, "normal")  # type: ignore[assignment]
    button.texture_hovered = plate_patch(kind, "hover")  # type: ignore[assignment]
    button.texture_pressed = plate_patch(kind, "press")  # type: ignore[assignment]
    button._textures["disabled"] = plate_patch(kind, "disabled")


def place(root: UIAnchorLayout, widget: UIWidget, left: float, top: float, window_height: float) -> None:
    """Put ``widget`` with its top-left corner at screen point (left, top)."""
    root.add(widget, anchor_x="left", anchor_y="top", align_x=left, align_y=top - window_height)


class Swatch(UITextureButton):
    """A paint to choose: the stone itself (or the city plate) as the button."""

    def __init__(self, paint: str, on_click: Callable[[], Any], size: int = SWATCH) -> None:
        texture = city_for(paint) if is_city(paint) else stone_for(paint, (3, 5))
        super().__init__(texture=texture, width=size, height=size)
        self.name = f"paint-{paint}"
        self.paint = paint

        @self.event("on_click")
        def _clicked(_event) -> None:
            on_click()


class Palette:
    """Tools, brush sizes, paints and symmetry, down the left of the screen."""

    def __init__(self, view: EditorHost) -> None:
        self.view = view
        self.texts = theme.TextCache()
        self.buttons: dict[str, BrassButton] = {}
        self.swatches: dict[str, Swatch] = {}
        self.headings: list[tuple[str, float, float]] = []
        self.captions: list[tuple[str, float, float]] = []
        self.rect = Rect(0, 0, 0, 0)
        self.help_top = 0.0
        self.scale = 1.0

    def build(self, root: UIAnchorLayout, rect: Rect, window_height: float, scale: float = 1.0) -> None:
        """Create the widgets for the palette occupying ``rect``; ``scale`` is the window's size
        step (buttons, swatches, gaps and fonts grow with it, the padding from the edge does not)."""
        self.rect, self.scale = rect, scale

        def px(value: float) -> int:
            return round(value * scale)

        self.buttons.clear()
        self.swatches.clear()
        self.headings, self.captions = [], []
        view = self.view
        left = rect.left + max(20, (rect.width - 2 * px(100) + px(6)) // 2)  # the two columns centred
        y = rect.top - 18

        def heading(text: str) -> None:
            nonlocal y
            self.headings.append((text, left, y - px(14)))
            y -= px(28)

        heading("Tools")
        tools = list(Tool)
        for i, tool in enumerate(tools):
            col, row = i % 2, i // 2
            button = BrassButton(tool.label, width=px(94), height=px(38), font_size=px(15), kind="brass",
                                 name=f"tool-{tool.value}", on_click=partial(view.select_tool, tool))
            place(root, button, left + col * px(100), y - row * px(44), window_height)
            self.buttons[f"tool-{tool.value}"] = button
        y -= 3 * px(44) + px(8)
        heading("Brush")
        for i, size in enumerate(BRUSH_SIZES):
            button = BrassButton(f"{size}\N{MULTIPLICATION SIGN}{size}", width=px(60), height=px(34),
                                 font_size=px(15), kind="brass", name=f"brush-{size}",
                                 on_click=partial(view.select_brush, size))
            place(root, button, left + i * px(67), y, window_height)
            self.buttons[f"brush-{size}"] = button
        y -= px(34) + px(12)
        heading("Paint")
        for i, paint in enumerate(PAINTS):
            col, row = i % 3, i // 3
            x, top = left + col * px(67), y - row * px(80)
            swatch = Swatch(paint, partial(view.select_paint, paint), px(SWATCH))
            place(root, swatch, x, top, window_height)
            self.swatches[paint] = swatch
            self.captions.append((_short_name(paint), x + px(SWATCH) / 2, top - px(SWATCH) - px(16)))
        y -= 3 * px(80) + px(2)
        heading("Symmetry")
        for i, (symmetry, text) in enumerate(SYMMETRY_BUTTONS):
            col, row = i % 2, i // 2
            button = BrassButton(text, width=px(94), height=px(34), font_size=px(13), kind="brass",
                                 name=f"symmetry-{symmetry or 'off'}",
                                 on_click=partial(view.select_symmetry, symmetry))
            place(root, button, left + col * px(100), y - row * px(40), window_height)
            self.buttons[f"symmetry-{symmetry or 'off'}"] = button
        self.help_top = y - 2 * px(40) - px(10)

    def sync(self) -> None:
        """Light the selected tool, brush, and symmetry."""
        tools = self.view.tools
        for tool in Tool:
            set_kind(self.buttons[f"tool-{tool.value}"], "gold" if tools.tool is tool else "brass")
        for size in BRUSH_SIZES:
            button = self.buttons[f"brush-{size}"]
            set_kind(button, "gold" if tools.brush_size == size else "brass")
            button.disabled = tools.tool not in (Tool.BRUSH, Tool.LINE)
        for symmetry, _ in SYMMETRY_BUTTONS:
            set_kind(self.buttons[f"symmetry-{symmetry or 'off'}"],
                     "gold" if self.view.doc.symmetry == symmetry else "steel")

    def draw_back(self) -> None:
        """The palette's frame (cached by the view)."""
        r = self.rect
        panel_patch("leather").draw_rect(rect=arcade.LBWH(r.left + 6, r.bottom + 6, r.width - 10, r.height - 12))

    def draw_front(self) -> None:
        """Headings, captions, the selected paint's ring and the mouse reminders."""
        s = self.scale
        room = self.rect.width - 2 * PAD  # every text keeps the inner padding from the palette's edges
        for text, x, y in self.headings:
            self.texts.draw_fitted(("h", text), text, x, y, room, size=round(17 * s), color=theme.BRASS_LIGHT,
                                   bold=True, anchor_y="center")
        current = self.view.tools.current_paint
        for paint, swatch in self.swatches.items():
            rect = swatch.rect
            if paint == current:
                arcade.draw_lbwh_rectangle_outline(rect.left - 4, rect.bottom - 4, rect.width + 8, rect.height + 8,
                                                   theme.BRASS_LIGHT, 3)
        for (text, x, y), paint in zip(self.captions, PAINTS, strict=True):
            colour = theme.BRASS_LIGHT if paint == current else theme.PARCHMENT_DIM
            self.texts.draw_fitted(("c", paint), text, x, y, round(66 * s), size=round(11 * s), color=colour,
                                   anchor_x="center", anchor_y="center", font=theme.SANS)
        self.draw_help()

    def draw_help(self) -> None:
        """Mouse reminders at the foot of the palette, inside its frame, if there is room."""
        line = round(HELP_LINE * self.scale)
        bottom = self.rect.bottom + 22
        if self.help_top - bottom < len(KEY_HELP) * line:
            return
        y = bottom + (len(KEY_HELP) - 1) * line
        for i, text in enumerate(KEY_HELP):
            self.texts.draw_fitted(("help", i), text, self.rect.left + self.rect.width / 2, y,
                                   self.rect.width - 2 * PAD, size=round(11 * self.scale), color=theme.INK_MUTED,
                                   font=theme.SANS, anchor_x="center", italic=True)
            y -= line

    def hover_text(self, x: float, y: float) -> str | None:
        """What the widget under the mouse is and its key (for the status line)."""
        for paint, swatch in self.swatches.items():
            if swatch.rect.point_in_rect((x, y)):
                return f"{paint_name(paint).capitalize()}   (key {PAINTS.index(paint) + 1})"
        for name, button in self.buttons.items():
            if button.rect.point_in_rect((x, y)):
                return BUTTON_HELP.get(name) or BUTTON_HELP.get(name.split("-")[0])
        return None


def _short_name(paint: str) -> str:
    return {"G": "gold", "S": "silver", "P": "pewter", "^": "mountain"}.get(paint, paint_name(paint))
