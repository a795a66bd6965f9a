"""The editor's right-hand panel: the map's file buttons, then its checks or fairness table.

Buttons are themed arcade.gui widgets; the findings list is drawn directly with cached text
objects, clipped to the panel's inset and scrolled with the wheel. The fairness table is
:mod:`client.editor.fairness_table`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIAnchorLayout

from client.editor.board import city_for, stone_for
from client.editor.fairness_table import draw_fairness
from client.editor.paint import PAINTS, is_city
from client.editor.palette import place, set_kind
from client.ui import theme
from client.ui.textures import inset_patch, panel_patch
from client.ui.widgets import BrassButton
from client.views.layout import Rect
from shared.maps.check import ERROR, FairnessReport, Finding
from shared.rules.terrain import Cell

if TYPE_CHECKING:
    from client.editor.host import EditorHost


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
    TILED_BUTTONS = (("Import Tiled", "import-tiled"), ("Export Tiled", "export-tiled"))
    HELP = {"import-tiled": "Import a map made in Tiled (.tmj)   (Ctrl+Shift+O)",
            "export-tiled": "Export the map to edit it in Tiled (.tmj)   (Ctrl+Shift+E)",
            "save-as": "Save the map as a new file   (Ctrl+Shift+S)", "save": "Save   (Ctrl+S)",
            "open": "Open a map   (Ctrl+O)", "new": "A new, empty map   (Ctrl+N)",
            "generate": "A random playable map from a seed   (Ctrl+G)", "undo": "Undo   (Ctrl+Z)",
            "redo": "Redo   (Ctrl+Y)", "details": "The map's name, author, description and version",
            "resize": "Change the board's size"}

    def __init__(self, view: EditorHost) -> None:
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
        self.scale = 1.0

    def px(self, value: float) -> int:
        """``value`` pixels (a font size, a row's height) stepped up with the window's size step."""
        return round(value * self.scale)

    def build(self, root: UIAnchorLayout, rect: Rect, window_height: float, scale: float = 1.0) -> None:
        """Create the file buttons and the tabs for the panel occupying ``rect``; ``scale`` is the
        window's size step (buttons and fonts grow with it, the padding from the edge does not)."""
        self.rect, self.scale = rect, scale
        self.buttons.clear()
        view = self.view
        px = self.px
        inner = rect.width - 40
        width = (inner - 2 * 8) / 3
        left = rect.left + 20
        y = rect.top - 18
        self.heading_y = y - px(14)
        y -= px(28)
        high, pitch, font = px(36), px(36) + 6, px(15)
        files = view.files
        actions = {"new": files.new_map, "open": files.open_map, "generate": files.generate, "save": files.save,
                   "save-as": files.save_as_dialog, "details": files.edit_details, "resize": files.resize_dialog,
                   "undo": view.undo, "redo": view.redo, "import-tiled": files.import_tiled,
                   "export-tiled": files.export_tiled}
        for i, (text, name) in enumerate(self.FILE_BUTTONS):
            col, row = i % 3, i // 3
            kind = "steel" if name in ("undo", "redo") else "brass"
            button = BrassButton(text, width=width, height=high, font_size=font, kind=kind, name=name,
                                 on_click=actions[name])
            place(root, button, left + col * (width + 8), y - row * pitch, window_height)
            self.buttons[name] = button
        y -= 3 * pitch
        half = (inner - 8) / 2
        for i, (text, name) in enumerate(self.TILED_BUTTONS):
            button = BrassButton(text, width=half, height=high, font_size=font, kind="brass", name=name,
                                 on_click=actions[name])
            place(root, button, left + i * (half + 8), y, window_height)
            self.buttons[name] = button
        y -= pitch + 12
        tab_w = (inner - 8) / 2
        for i, (text, name) in enumerate((("Checks", "checks"), ("Fairness", "fairness"))):
            button = BrassButton(text, width=tab_w, height=high, font_size=font, kind="steel", name=f"tab-{name}",
                                 on_click=partial(self.select_tab, name))
            place(root, button, left + i * (tab_w + 8), y, window_height)
            self.buttons[f"tab-{name}"] = button
        y -= high + 10
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

    def hover_text(self, x: float, y: float) -> str | None:
        """What the file button under the mouse does and its key (for the status line)."""
        for name, button in self.buttons.items():
            if name in self.HELP and button.rect.point_in_rect((x, y)):
                return self.HELP[name]
        return None

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
        self.texts.draw("map-h", "Map", self.rect.left + 20, self.heading_y, size=self.px(17),
                        color=theme.BRASS_LIGHT, bold=True, anchor_y="center")
        c = self.content
        ctx = self.view.window.ctx
        ctx.scissor = (int(c.left + 2), int(c.bottom + 2), int(c.width - 4), int(c.height - 4))
        try:
            if self.tab == "checks":
                self._draw_checks(findings)
            else:
                draw_fairness(self, report, findings)
        finally:
            ctx.scissor = None

    def _draw_checks(self, findings: list[Finding]) -> None:
        c, px = self.content, self.px
        left, width = c.left + 14, c.width - 28
        top = c.top - 12 + self.scroll
        errors = [f for f in findings if f.level == ERROR]
        warnings = [f for f in findings if f.level != ERROR]
        playable = not errors
        colour = theme.EMERALD if playable else theme.RUBY
        gem_y = top - px(14)
        arcade.draw_circle_filled(left + px(9), gem_y, px(8), colour)
        arcade.draw_circle_outline(left + px(9), gem_y, px(8), theme.with_alpha(theme.PARCHMENT, 140), 1.5)
        self.texts.draw_fitted("state", "Playable" if playable else "Not playable", left + px(26), gem_y,
                               width - px(26), size=px(19), color=colour, bold=True, anchor_y="center")
        if errors:
            counts = f"{_count(len(errors), 'error')}, {_count(len(warnings), 'warning')}: fix the errors to play it"
        elif warnings:
            counts = f"{_count(len(warnings), 'warning')} about fairness"
        else:
            counts = "no warnings: the sides look even"
        note = self.texts.get("counts", counts, left, top - px(34), size=px(13), color=theme.PARCHMENT_DIM,
                              italic=True, width=int(width), multiline=True, anchor_y="top", font=theme.SANS)
        note.draw()
        y = top - px(40) - note.content_height - 8
        self.rows = []
        for i, finding in enumerate(findings):
            error = finding.level == ERROR
            gem = theme.RUBY if error else theme.AMBER
            text = self.texts.get(("f", i), _sentence(finding.message), left + px(20), y, size=px(14),
                                  color=theme.PARCHMENT if finding is not self.hovered else theme.BRASS_LIGHT,
                                  width=int(width - px(20)), multiline=True, anchor_y="top", font=theme.SANS)
            height = text.content_height
            if finding is self.hovered:
                arcade.draw_lbwh_rectangle_filled(left - 6, y - height - 4, width + 12, height + 8,
                                                  theme.with_alpha(gem, 40))
            g, mid = px(6), y - px(9)  # half the gem's width; its centre sits on the first line
            arcade.draw_polygon_filled([(left + 1 + g, mid + g), (left + 1 + 2 * g, mid), (left + 1 + g, mid - g),
                                        (left + 1, mid)], gem)
            text.draw()
            self.rows.append(FindingRow(y - height - 4, y + 4, finding))
            y -= height + 12
        y = self._draw_census(left, width, y - 4)
        self.max_scroll = max(0.0, (c.top - 12 + self.scroll - y) - (c.height - 20))
        self.scroll = min(self.scroll, self.max_scroll)

    def _draw_census(self, left: float, width: float, y: float) -> float:
        """How much of each terrain and how many cities the board holds; returns the new y."""
        doc, px = self.view.doc, self.px
        arcade.draw_line(left, y, left + width, y, theme.with_alpha(theme.BRASS, 90), 1)
        y -= px(20)
        self.texts.draw_fitted("census-h", "On the board", left, y, width, size=px(15), color=theme.BRASS_LIGHT,
                               bold=True, anchor_y="center")
        y -= px(26)
        line = px(26)
        counts = {paint: 0 for paint in PAINTS}
        for cells in doc.rows:
            for paint in cells:
                counts[paint] += 1
        total = doc.width * doc.height
        col_w = width / 3
        for i, paint in enumerate(PAINTS):
            col, row = i % 3, i // 3
            x, yy = left + col * col_w, y - row * line
            icon = city_for(paint) if is_city(paint) else stone_for(paint, (2, 3))
            arcade.draw_texture_rect(icon, arcade.XYWH(x + px(9), yy, px(18), px(18)))
            value = str(counts[paint]) if is_city(paint) else f"{100 * counts[paint] / total:.0f}%"
            self.texts.draw(("census", paint), value, x + px(24), yy, size=px(13), color=theme.PARCHMENT,
                            anchor_y="center", font=theme.SANS)
        y -= 3 * line
        if any(row.finding.cells for row in self.rows):
            hint = self.texts.get("census-hint", "Hover a finding to see its cells on the board.", left, y + 8,
                                  size=px(12), color=theme.INK_MUTED, italic=True, anchor_y="top", font=theme.SANS,
                                  width=int(width), multiline=True)
            hint.draw()
            y -= hint.content_height + 4
        return y

def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")


def cells_of(finding: Finding | None) -> set[Cell]:
    """The cells of a finding (none for None)."""
    return set(finding.cells) if finding is not None else set()
