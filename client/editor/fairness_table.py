"""The fairness table of the editor's side panel: the two sides of the map compared."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from client.editor.board import city_for, stone_for
from client.editor.paint import SYMMETRY_LABELS
from client.ui import theme
from shared.maps.check import ERROR, FairnessReport, Finding
from shared.rules.terrain import Player, Terrain

if TYPE_CHECKING:
    from client.editor.host import ScrollingPanel

TERRAIN_PAINT = {Terrain.PLAINS: ".", Terrain.FOREST: "f", Terrain.WATER: "~", Terrain.MOUNTAINS: "^",
                 Terrain.ICE: "*", Terrain.LAVA: "x", Terrain.CITY: "P"}


def draw_fairness(panel: ScrollingPanel, report: FairnessReport | None, findings: list[Finding]) -> None:
    """The two sides compared, row by row; flagged rows in amber. Sets the panel's scroll limit."""
    c, s = panel.content, panel.scale

    def px(value: float) -> int:
        return round(value * s)

    left, right = c.left + 14, c.right - 14
    y = c.top - px(22) + panel.scroll
    panel.rows = []
    if report is None:
        panel.texts.draw("nofair", "Place a gold and a silver city to compare the two sides.", left, y,
                         size=px(15), color=theme.PARCHMENT_DIM, italic=True, width=int(right - left),
                         multiline=True, anchor_y="top")
        return
    codes = {f.code: f for f in findings if f.level != ERROR}
    flagged_terrains = {(f.code, f.message.split(" ")[0]) for f in findings
                        if f.code in ("territory-terrain", "near-terrain")}
    sym = SYMMETRY_LABELS.get(report.symmetry, "none") if report.symmetry else "none"
    _pair(panel, "sym", "Symmetry", sym, y, left, right, theme.EMERALD if report.symmetry else theme.PARCHMENT_DIM)
    y -= px(22)
    distance = "no route" if report.enemy_distance is None else f"{report.enemy_distance} steps"
    _pair(panel, "dist", "Gold to silver", distance, y, left, right,
          theme.AMBER if "cities-close" in codes or "sides-separated" in codes else theme.PARCHMENT)
    y -= px(30)
    col_g, col_s = right - px(92), right - px(18)
    arcade.draw_texture_rect(city_for("G"), arcade.XYWH(col_g - px(12), y, px(20), px(20)))
    arcade.draw_texture_rect(city_for("S"), arcade.XYWH(col_s - px(12), y, px(20), px(20)))
    panel.texts.draw("hg", "gold", col_g - px(26), y, size=px(13), color=theme.GOLD, anchor_x="right",
                     anchor_y="center", bold=True)
    panel.texts.draw("hs", "silver", col_s - px(26), y, size=px(13), color=theme.SILVER, anchor_x="right",
                     anchor_y="center", bold=True)
    y -= px(22)
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
    for i, (caption, g, silver_value, flagged, kind) in enumerate(rows):
        if kind == "head":
            y -= px(6)
            arcade.draw_line(left, y + px(12), right, y + px(12), theme.with_alpha(theme.BRASS, 90), 1)
        x = left
        if kind not in (None, "head"):
            x += px(24)
            terrain = Terrain(kind)
            icon = city_for("P") if terrain is Terrain.CITY else stone_for(TERRAIN_PAINT[terrain], (2, 3))
            arcade.draw_texture_rect(icon, arcade.XYWH(left + px(9), y, px(16), px(16)))
        ink = theme.AMBER if flagged else theme.PARCHMENT
        # The caption stops short of the gold column's widest number.
        panel.texts.draw_fitted(("fc", i), caption, x, y, col_g - px(40) - x, size=px(14),
                                color=ink if kind != "head" else theme.BRASS_LIGHT, anchor_y="center",
                                font=theme.SANS, bold=kind == "head")
        panel.texts.draw(("fg", i), g, col_g, y, size=px(14), color=ink, anchor_x="right", anchor_y="center",
                         font=theme.SANS)
        panel.texts.draw(("fs", i), silver_value, col_s, y, size=px(14), color=ink, anchor_x="right",
                         anchor_y="center", font=theme.SANS)
        y -= px(20)
    panel.max_scroll = max(0.0, (c.top - px(22) + panel.scroll - y) - (c.height - 20))
    panel.scroll = min(panel.scroll, panel.max_scroll)


def _pair(panel: ScrollingPanel, key: str, caption: str, value: str, y: float, left: float, right: float, colour) -> None:
    size = round(14 * panel.scale)
    shown = panel.texts.fitted((key, "v"), value, right - 18, y, 0.6 * (right - 18 - left), size=size,
                               color=colour, anchor_x="right", anchor_y="center", font=theme.SANS, bold=True)
    panel.texts.draw_fitted((key, "c"), caption, left, y, right - 18 - left - shown.content_width - 16, size=size,
                            color=theme.PARCHMENT_DIM, anchor_y="center", font=theme.SANS)
    shown.draw()
