"""The editor's two side panels: the tool palette (left) and the map and checks panel (right).

Buttons are themed arcade.gui widgets (the selected tool, brush, paint and symmetry glow
gold); headings, the findings list and the fairness table are drawn directly with cached
text objects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UITextureButton, UIWidget

from client.editor.board import city_for, stone_for
from client.editor.paint import (
    BRUSH_SIZES,
    PAINTS,
    SYMMETRY_LABELS,
    is_city,
    paint_name,
)
from client.editor.tools import Tool
from client.ui import theme
from client.ui.textures import inset_patch, panel_patch, plate_patch
from client.ui.widgets import BrassButton
from client.views.layout import Rect
from shared.mapcheck import ERROR, FairnessReport, Finding
from shared.terrain import Cell, Player, Terrain

if TYPE_CHECKING:
    from client.editor.view import EditorView

SWATCH = 56
BUTTON_HELP = {
    "tool-brush": "Brush   (key B)", "tool-line": "Line   (key L)", "tool-rect": "Rectangle   (key R)",
    "tool-fill": "Fill   (key F)", "tool-pick": "Pick a paint from the board   (key I, or right-click)",
    "tool-city": "Cities: place, set the owner, move, remove   (key C)",
    "brush": "Brush size   (keys [ and ])",
    "symmetry": "Symmetry: a stroke paints its mirror too, gold turning to silver   (key M)",
}
KEY_HELP = ("Right-click picks \N{MIDDLE DOT} wheel zooms", "Middle-drag pans \N{MIDDLE DOT} Home fits")
SYMMETRY_BUTTONS = ((None, "Off"), ("mirror-x", "Left-right"), ("mirror-y", "Top-bottom"), ("rot180", "Half-turn"))
TERRAIN_PAINT = {Terrain.PLAINS: ".", Terrain.FOREST: "f", Terrain.WATER: "~", Terrain.MOUNTAINS: "^",
                 Terrain.ICE: "*", Terrain.LAVA: "x", Terrain.CITY: "P"}


def set_kind(button: BrassButton, kind: str) -> None:
    """Give a brass button another metal (the selected one of a group is gold)."""
    if getattr(button, "kind", None) == kind:
        return
    button.kind = kind  # type: ignore[attr-defined]
    button.texture = plate_patch(kind, "normal")
    button.texture_hovered = plate_patch(kind, "hover")
    button.texture_pressed = plate_patch(kind, "press")
    button._textures["disabled"] = plate_patch(kind, "disabled")


def place(root: UIAnchorLayout, widget: UIWidget, left: float, top: float, window_height: float) -> None:
    """Put ``widget`` with its top-left corner at screen point (left, top)."""
    root.add(widget, anchor_x="left", anchor_y="top", align_x=left, align_y=top - window_height)


class Swatch(UITextureButton):
    """A paint to choose: the stone itself (or the city plate) as the button."""

    def __init__(self, paint: str, on_click: Callable[[], Any]) -> None:
        texture = city_for(paint) if is_city(paint) else stone_for(paint, (3, 5))
        super().__init__(texture=texture, width=SWATCH, height=SWATCH)
        self.name = f"paint-{paint}"
        self.paint = paint

        @self.event("on_click")
        def _clicked(_event) -> None:
            on_click()


class Palette:
    """Tools, brush sizes, paints and symmetry, down the left of the screen."""

    def __init__(self, view: EditorView) -> None:
        self.view = view
        self.texts = theme.TextCache()
        self.buttons: dict[str, BrassButton] = {}
        self.swatches: dict[str, Swatch] = {}
        self.headings: list[tuple[str, float, float]] = []
        self.captions: list[tuple[str, float, float]] = []
        self.rect = Rect(0, 0, 0, 0)
        self.help_top = 0.0

    def build(self, root: UIAnchorLayout, rect: Rect, window_height: float) -> None:
        """Create the widgets for the palette occupying ``rect``."""
        self.rect = rect
        self.buttons.clear()
        self.swatches.clear()
        self.headings, self.captions = [], []
        view = self.view
        left = rect.left + 20
        y = rect.top - 18

        def heading(text: str) -> None:
            nonlocal y
            self.headings.append((text, left, y - 14))
            y -= 28

        heading("Tools")
        tools = list(Tool)
        for i, tool in enumerate(tools):
            col, row = i % 2, i // 2
            button = BrassButton(tool.label, width=94, height=38, font_size=15, kind="brass", name=f"tool-{tool.value}",
                                 on_click=lambda t=tool: view.select_tool(t))
            place(root, button, left + col * 100, y - row * 44, window_height)
            self.buttons[f"tool-{tool.value}"] = button
        y -= 3 * 44 + 8
        heading("Brush")
        for i, size in enumerate(BRUSH_SIZES):
            button = BrassButton(f"{size}\N{MULTIPLICATION SIGN}{size}", width=60, height=34, font_size=15,
                                 kind="brass", name=f"brush-{size}", on_click=lambda s=size: view.select_brush(s))
            place(root, button, left + i * 67, y, window_height)
            self.buttons[f"brush-{size}"] = button
        y -= 34 + 12
        heading("Paint")
        for i, paint in enumerate(PAINTS):
            col, row = i % 3, i // 3
            x, top = left + col * 67, y - row * 80
            swatch = Swatch(paint, lambda p=paint: view.select_paint(p))
            place(root, swatch, x, top, window_height)
            self.swatches[paint] = swatch
            self.captions.append((_short_name(paint), x + SWATCH / 2, top - SWATCH - 16))
        y -= 3 * 80 + 2
        heading("Symmetry")
        for i, (symmetry, text) in enumerate(SYMMETRY_BUTTONS):
            col, row = i % 2, i // 2
            button = BrassButton(text, width=94, height=34, font_size=13, kind="brass",
                                 name=f"symmetry-{symmetry or 'off'}",
                                 on_click=lambda s=symmetry: view.select_symmetry(s))
            place(root, button, left + col * 100, y - row * 40, window_height)
            self.buttons[f"symmetry-{symmetry or 'off'}"] = button
        self.help_top = y - 2 * 40 - 10

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
        for text, x, y in self.headings:
            self.texts.draw(("h", text), text, x, y, size=17, color=theme.BRASS_LIGHT, bold=True, anchor_y="center")
        current = self.view.tools.current_paint
        for paint, swatch in self.swatches.items():
            rect = swatch.rect
            if paint == current:
                arcade.draw_lbwh_rectangle_outline(rect.left - 4, rect.bottom - 4, rect.width + 8, rect.height + 8,
                                                   theme.BRASS_LIGHT, 3)
        for (text, x, y), paint in zip(self.captions, PAINTS, strict=True):
            colour = theme.BRASS_LIGHT if paint == current else theme.PARCHMENT_DIM
            self.texts.draw(("c", paint), text, x, y, size=12, color=colour, anchor_x="center", anchor_y="center",
                            font=theme.SANS)
        self.draw_help()

    def draw_help(self) -> None:
        """Mouse reminders at the foot of the palette, if there is room."""
        bottom = self.rect.bottom + 24
        if self.help_top - bottom < len(KEY_HELP) * 16:
            return
        y = bottom + (len(KEY_HELP) - 1) * 16
        for i, text in enumerate(KEY_HELP):
            self.texts.draw(("help", i), text, self.rect.left + self.rect.width / 2, y, size=11,
                            color=theme.INK_MUTED, font=theme.SANS, anchor_x="center", italic=True)
            y -= 16

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


@dataclass
class FindingRow:
    """Where a finding was drawn (for hovering it)."""

    bottom: float
    top: float
    finding: Finding


class SidePanel:
    """The map's file buttons, then its checks or the fairness table, down the right."""

    FILE_BUTTONS = (("New", "new"), ("Open", "open"), ("Generate", "generate"),
                    ("Save", "save"), ("Save as", "save-as"), ("Details", "details"),
                    ("Resize", "resize"), ("Undo", "undo"), ("Redo", "redo"))

    def __init__(self, view: EditorView) -> None:
        self.view = view
        self.texts = theme.TextCache()
        self.buttons: dict[str, BrassButton] = {}
        self.rect = Rect(0, 0, 0, 0)
        self.content = Rect(0, 0, 0, 0)
        self.tab = "checks"
        self.scroll = 0.0
        self.max_scroll = 0.0
        self.rows: list[FindingRow] = []
        self.hovered: Finding | None = None
        self.heading_y = 0.0

    def build(self, root: UIAnchorLayout, rect: Rect, window_height: float) -> None:
        """Create the file buttons and the tabs for the panel occupying ``rect``."""
        self.rect = rect
        self.buttons.clear()
        view = self.view
        inner = rect.width - 40
        width = (inner - 2 * 8) / 3
        left = rect.left + 20
        y = rect.top - 18
        self.heading_y = y - 14
        y -= 28
        actions = {"new": view.new_map, "open": view.open_map, "generate": view.generate, "save": view.save,
                   "save-as": view.save_as_dialog, "details": view.edit_details, "resize": view.resize_dialog,
                   "undo": view.undo, "redo": view.redo}
        for i, (text, name) in enumerate(self.FILE_BUTTONS):
            col, row = i % 3, i // 3
            kind = "steel" if name in ("undo", "redo") else "brass"
            button = BrassButton(text, width=width, height=36, font_size=15, kind=kind, name=name,
                                 on_click=actions[name])
            place(root, button, left + col * (width + 8), y - row * 42, window_height)
            self.buttons[name] = button
        y -= 3 * 42 + 12
        tab_w = (inner - 8) / 2
        for i, (text, name) in enumerate((("Checks", "checks"), ("Fairness", "fairness"))):
            button = BrassButton(text, width=tab_w, height=36, font_size=15, kind="steel", name=f"tab-{name}",
                                 on_click=lambda n=name: self.select_tab(n))
            place(root, button, left + i * (tab_w + 8), y, window_height)
            self.buttons[f"tab-{name}"] = button
        y -= 36 + 10
        self.content = Rect(left - 4, rect.bottom + 18, inner + 8, y - rect.bottom - 18)

    def select_tab(self, name: str) -> None:
        """Show the checks (``"checks"``) or the fairness table (``"fairness"``)."""
        self.tab = name
        self.scroll = 0.0

    def sync(self) -> None:
        """Enable Undo and Redo when there is something to undo or redo; light the open tab."""
        doc = self.view.doc
        self.buttons["undo"].disabled = not doc.history.can_undo
        self.buttons["redo"].disabled = not doc.history.can_redo
        for name in ("checks", "fairness"):
            set_kind(self.buttons[f"tab-{name}"], "gold" if self.tab == name else "steel")

    def scroll_by(self, amount: float) -> None:
        """Scroll the panel's contents by ``amount`` pixels (positive: down the list)."""
        self.scroll = max(0.0, min(self.max_scroll, self.scroll + amount))

    def finding_at(self, x: float, y: float) -> Finding | None:
        """The finding drawn under a screen point (None if there is none)."""
        if self.tab != "checks" or not self.content.contains(x, y):
            return None
        for row in self.rows:
            if row.bottom <= y <= row.top:
                return row.finding
        return None

    # ---------------------------------------------------------------- drawing
    def draw_back(self) -> None:
        """The panel's frame and the inset behind its contents (cached by the view)."""
        r = self.rect
        panel_patch("leather").draw_rect(rect=arcade.LBWH(r.left + 4, r.bottom + 6, r.width - 10, r.height - 12))
        c = self.content
        inset_patch().draw_rect(rect=arcade.LBWH(c.left, c.bottom, c.width, c.height))

    def draw_front(self, findings: list[Finding], report: FairnessReport | None) -> None:
        """The heading and the checks or fairness table, clipped to the inset."""
        self.texts.draw("map-h", "Map", self.rect.left + 20, self.heading_y, size=17, color=theme.BRASS_LIGHT,
                        bold=True, anchor_y="center")
        c = self.content
        ctx = self.view.window.ctx
        ctx.scissor = (int(c.left + 2), int(c.bottom + 2), int(c.width - 4), int(c.height - 4))
        try:
            if self.tab == "checks":
                self._draw_checks(findings)
            else:
                self._draw_fairness(report, findings)
        finally:
            ctx.scissor = None

    def _draw_checks(self, findings: list[Finding]) -> None:
        c = self.content
        left, width = c.left + 14, c.width - 28
        top = c.top - 12 + self.scroll
        errors = [f for f in findings if f.level == ERROR]
        warnings = [f for f in findings if f.level != ERROR]
        playable = not errors
        colour = theme.EMERALD if playable else theme.RUBY
        arcade.draw_circle_filled(left + 9, top - 14, 8, colour)
        arcade.draw_circle_outline(left + 9, top - 14, 8, theme.with_alpha(theme.PARCHMENT, 140), 1.5)
        self.texts.draw("state", "Playable" if playable else "Not playable", left + 26, top - 14, size=19,
                        color=colour, bold=True, anchor_y="center")
        if errors:
            counts = f"{_count(len(errors), 'error')}, {_count(len(warnings), 'warning')}: fix the errors to save"
        elif warnings:
            counts = f"{_count(len(warnings), 'warning')} about fairness"
        else:
            counts = "no warnings: the sides look even"
        note = self.texts.get("counts", counts, left, top - 34, size=13, color=theme.PARCHMENT_DIM,
                              italic=True, width=int(width), multiline=True, anchor_y="top", font=theme.SANS)
        note.draw()
        y = top - 40 - note.content_height - 8
        self.rows = []
        for i, finding in enumerate(findings):
            error = finding.level == ERROR
            gem = theme.RUBY if error else theme.AMBER
            text = self.texts.get(("f", i), _sentence(finding.message), left + 20, y, size=14,
                                  color=theme.PARCHMENT if finding is not self.hovered else theme.BRASS_LIGHT,
                                  width=int(width - 20), multiline=True, anchor_y="top", font=theme.SANS)
            height = text.content_height
            if finding is self.hovered:
                arcade.draw_lbwh_rectangle_filled(left - 6, y - height - 4, width + 12, height + 8,
                                                  theme.with_alpha(gem, 40))
            arcade.draw_polygon_filled([(left + 7, y - 3), (left + 13, y - 9), (left + 7, y - 15), (left + 1, y - 9)],
                                       gem)
            text.draw()
            self.rows.append(FindingRow(y - height - 4, y + 4, finding))
            y -= height + 12
        y = self._draw_census(left, width, y - 4)
        self.max_scroll = max(0.0, (c.top - 12 + self.scroll - y) - (c.height - 20))
        self.scroll = min(self.scroll, self.max_scroll)

    def _draw_census(self, left: float, width: float, y: float) -> float:
        """How much of each terrain and how many cities the board holds; returns the new y."""
        doc = self.view.doc
        arcade.draw_line(left, y, left + width, y, theme.with_alpha(theme.BRASS, 90), 1)
        y -= 20
        self.texts.draw("census-h", "On the board", left, y, size=15, color=theme.BRASS_LIGHT, bold=True,
                        anchor_y="center")
        y -= 26
        counts = {paint: 0 for paint in PAINTS}
        for row in doc.rows:
            for paint in row:
                counts[paint] += 1
        total = doc.width * doc.height
        col_w = width / 3
        for i, paint in enumerate(PAINTS):
            col, row = i % 3, i // 3
            x, yy = left + col * col_w, y - row * 26
            icon = city_for(paint) if is_city(paint) else stone_for(paint, (2, 3))
            arcade.draw_texture_rect(icon, arcade.XYWH(x + 9, yy, 18, 18))
            value = str(counts[paint]) if is_city(paint) else f"{100 * counts[paint] / total:.0f}%"
            self.texts.draw(("census", paint), value, x + 24, yy, size=13, color=theme.PARCHMENT,
                            anchor_y="center", font=theme.SANS)
        y -= 3 * 26
        if any(row.finding.cells for row in self.rows):
            hint = self.texts.get("census-hint", "Hover a finding to see its cells on the board.", left, y + 8,
                                  size=12, color=theme.INK_MUTED, italic=True, anchor_y="top", font=theme.SANS,
                                  width=int(width), multiline=True)
            hint.draw()
            y -= hint.content_height + 4
        return y

    def _draw_fairness(self, report: FairnessReport | None, findings: list[Finding]) -> None:
        c = self.content
        left, right = c.left + 14, c.right - 14
        y = c.top - 22 + self.scroll
        self.rows = []
        if report is None:
            self.texts.draw("nofair", "Place a gold and a silver city to compare the two sides.", left, y,
                            size=15, color=theme.PARCHMENT_DIM, italic=True, width=int(right - left),
                            multiline=True, anchor_y="top")
            return
        codes = {f.code: f for f in findings if f.level != ERROR}
        flagged_terrains = {(f.code, f.message.split(" ")[0]) for f in findings
                            if f.code in ("territory-terrain", "near-terrain")}
        sym = SYMMETRY_LABELS.get(report.symmetry, "none") if report.symmetry else "none"
        self._pair("sym", "Symmetry", sym, y, left, right, theme.EMERALD if report.symmetry else theme.PARCHMENT_DIM)
        y -= 22
        distance = "no route" if report.enemy_distance is None else f"{report.enemy_distance} steps"
        self._pair("dist", "Gold to silver", distance, y, left, right,
                   theme.AMBER if "cities-close" in codes or "sides-separated" in codes else theme.PARCHMENT)
        y -= 30
        col_g, col_s = right - 92, right - 18
        arcade.draw_texture_rect(city_for("G"), arcade.XYWH(col_g - 12, y, 20, 20))
        arcade.draw_texture_rect(city_for("S"), arcade.XYWH(col_s - 12, y, 20, 20))
        self.texts.draw("hg", "gold", col_g - 26, y, size=13, color=theme.GOLD, anchor_x="right", anchor_y="center",
                        bold=True)
        self.texts.draw("hs", "silver", col_s - 26, y, size=13, color=theme.SILVER, anchor_x="right",
                        anchor_y="center", bold=True)
        y -= 22
        gold, silver = report.sides[Player.GOLD], report.sides[Player.SILVER]

        def steps(d: int | None) -> str:
            return "none" if d is None else str(d)

        rows: list[tuple[str, str, str, bool, str | None]] = [
            ("cities", str(len(gold.cities)), str(len(silver.cities)), "city-count" in codes, None),
            ("first-word lines", str(gold.first_word_lines), str(silver.first_word_lines),
             "first-word-room" in codes, None),
            ("nearest pewter", steps(gold.pewter_distance), steps(silver.pewter_distance),
             "pewter-distance" in codes, None),
            ("own half", str(sum(gold.territory.values())), str(sum(silver.territory.values())),
             "territory-size" in codes, "head"),
        ]
        for terrain in Terrain:
            rows.append((terrain.value, str(gold.territory[terrain]), str(silver.territory[terrain]),
                         ("territory-terrain", terrain.value) in flagged_terrains, terrain.value))
        rows.append((f"within {report.radius} cells", str(sum(gold.near.values())), str(sum(silver.near.values())),
                     False, "head"))
        for terrain in Terrain:
            rows.append((terrain.value, str(gold.near[terrain]), str(silver.near[terrain]),
                         ("near-terrain", terrain.value) in flagged_terrains, terrain.value))
        for i, (caption, g, s, flagged, kind) in enumerate(rows):
            if kind == "head":
                y -= 6
                arcade.draw_line(left, y + 12, right, y + 12, theme.with_alpha(theme.BRASS, 90), 1)
            x = left
            if kind not in (None, "head"):
                x += 24
                terrain = Terrain(kind)
                icon = city_for("P") if terrain is Terrain.CITY else stone_for(TERRAIN_PAINT[terrain], (2, 3))
                arcade.draw_texture_rect(icon, arcade.XYWH(left + 9, y, 16, 16))
            ink = theme.AMBER if flagged else theme.PARCHMENT
            self.texts.draw(("fc", i), caption, x, y, size=14, color=ink if kind != "head" else theme.BRASS_LIGHT,
                            anchor_y="center", font=theme.SANS, bold=kind == "head")
            self.texts.draw(("fg", i), g, col_g, y, size=14, color=ink, anchor_x="right", anchor_y="center",
                            font=theme.SANS)
            self.texts.draw(("fs", i), s, col_s, y, size=14, color=ink, anchor_x="right", anchor_y="center",
                            font=theme.SANS)
            y -= 20
        self.max_scroll = max(0.0, (c.top - 22 + self.scroll - y) - (c.height - 20))
        self.scroll = min(self.scroll, self.max_scroll)

    def _pair(self, key: str, caption: str, value: str, y: float, left: float, right: float, colour) -> None:
        self.texts.draw((key, "c"), caption, left, y, size=14, color=theme.PARCHMENT_DIM, anchor_y="center",
                        font=theme.SANS)
        self.texts.draw((key, "v"), value, right - 18, y, size=14, color=colour, anchor_x="right",
                        anchor_y="center", font=theme.SANS, bold=True)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")


def cells_of(finding: Finding | None) -> set[Cell]:
    """The cells of a finding (none for None)."""
    return set(finding.cells) if finding is not None else set()
