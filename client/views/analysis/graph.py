"""The analysis board's win-chance graph, on a parchment scroll under the board.

Gold's win chance at the start of every turn (then at the end) is the ink line; the parchment
between the line and the middle is gilded where gold leads and silvered where silver does. Each
turn has a column: the one shown is lit in brass, the one under the mouse shaded, and a turn the
analysis labelled carries its gem on its stretch of the line (sapphire an inaccuracy, amber a
mistake, ruby a blunder). For the turn shown, a dashed green stroke runs to where its better turn
would have taken the game. The turns not analysed yet are hatched. A click in a column jumps to
that turn (:meth:`GraphSection.position_at`).

In a lesson the band holds the rack instead: this section then draws the game's own rack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade

from client.play.analysis_board import gold_best, gold_curve, pct, points, who
from client.ui import pieces, theme
from client.views.coach import art
from client.views.analysis.layout import GraphGeometry
from client.views.layout import Rect
from client.views.panel_base import Panel

if TYPE_CHECKING:
    from client.views.analysis.screen import AnalysisScreen

GOLD_LEAF = (222, 164, 36, 200)
SILVER_LEAF = (112, 126, 150, 170)
HATCH = theme.with_alpha(art.INK_SOFT, 60)
SHOWN = theme.with_alpha(theme.BRASS, 95)
HOVERED = theme.with_alpha(art.INK, 26)
BEST_INK = art.INK_GREEN
TITLE_H, AXIS_H = 24, 17


class GraphSection(Panel):
    """The band under the board: the graph (or, in a lesson, the rack)."""

    gv: AnalysisScreen  # the analysis board, not any game screen

    def __init__(self, gv: Any, rect: Rect) -> None:
        super().__init__(gv, rect, "graph", 2)

    # ---------------------------------------------------------------- geometry
    def geometry(self) -> GraphGeometry:
        sheet = self.gv.layout.tray
        left = sheet.left + art.SHEET_INSET + 44
        right = sheet.right - art.SHEET_INSET - 14
        bottom = sheet.bottom + art.ROD + AXIS_H
        top = sheet.top - art.ROD - TITLE_H
        return GraphGeometry(Rect(left, bottom, right - left, max(10.0, top - bottom)), self.gv.session.total)

    def position_at(self, x: float, y: float) -> int | None:
        """The position (a turn's start, or the end) whose column is under the point, if any."""
        if self.gv.lesson is not None or not self.gv.layout.tray.contains(x, y):
            return None
        return self.geometry().position_at(x, y)

    # ---------------------------------------------------------------- drawing
    def on_draw(self) -> None:
        gv = self.gv
        if gv.lesson is not None:
            gv.rack.on_draw()
            return
        arcade.draw_lbwh_rectangle_filled(self.left, self.bottom, self.width, self.height, theme.WALNUT)
        sheet = gv.layout.tray
        arcade.draw_texture_rect(art.scroll_texture(int(sheet.width), int(sheet.height)),
                                 arcade.LBWH(sheet.left, sheet.bottom, int(sheet.width), int(sheet.height)))
        geo = self.geometry()
        reports = gv.runner.reports
        curve = gold_curve(reports, geo.total)
        self._columns(geo)
        self._leaf(geo, curve)
        self._hatch(geo, len(curve))
        self._frame(geo)
        if len(curve) > 1:
            arcade.draw_line_strip([(geo.x(i), geo.y(c)) for i, c in enumerate(curve)], art.INK, 2.4)
        self._best_stroke(geo, curve)
        self._gems(geo, curve)
        self._marker(geo, curve)
        self._words(geo)

    def _columns(self, geo: GraphGeometry) -> None:
        p = geo.plot
        hover = self.gv.graph_hover
        if hover is not None and hover != self.gv.session.index:
            left, right = geo.column(hover)
            arcade.draw_lbwh_rectangle_filled(left, p.bottom, right - left, p.height, HOVERED)
        left, right = geo.column(self.gv.session.index)
        arcade.draw_lbwh_rectangle_filled(left, p.bottom - 3, right - left, p.height + 6, SHOWN)
        arcade.draw_line(left, p.bottom - 3, left, p.top + 3, theme.with_alpha(art.INK_TITLE, 200), 1.5)

    def _leaf(self, geo: GraphGeometry, curve: list[float]) -> None:
        """Gold leaf between the line and the middle where gold leads, silver where silver does."""
        mid = geo.y(0.5)
        for i in range(len(curve) - 1):
            a, b = curve[i], curve[i + 1]
            x0, x1, ya, yb = geo.x(i), geo.x(i + 1), geo.y(a), geo.y(b)
            if (a - 0.5) * (b - 0.5) >= 0:
                colour = GOLD_LEAF if a + b >= 1.0 else SILVER_LEAF
                arcade.draw_polygon_filled([(x0, mid), (x0, ya), (x1, yb), (x1, mid)], colour)
                continue
            xc = x0 + (x1 - x0) * (0.5 - a) / (b - a)
            arcade.draw_polygon_filled([(x0, mid), (x0, ya), (xc, mid)], GOLD_LEAF if a > 0.5 else SILVER_LEAF)
            arcade.draw_polygon_filled([(xc, mid), (x1, yb), (x1, mid)], GOLD_LEAF if b > 0.5 else SILVER_LEAF)

    def _hatch(self, geo: GraphGeometry, known: int) -> None:
        """The turns still to analyse: hatched, with a word on what is going on."""
        p = geo.plot
        if known > geo.total:
            return
        start = geo.x(max(0, known - 1)) if known else p.left
        ctx = self.window.ctx
        ctx.scissor = (int(start), int(p.bottom), int(p.right - start) + 1, int(p.height) + 1)
        x = start - p.height
        while x < p.right:
            arcade.draw_line(x, p.bottom, x + p.height, p.top, HATCH, 1.5)
            x += 9
        ctx.scissor = None
        runner = self.gv.runner
        if p.right - start > 120 and runner.error is None:
            self.texts.draw("pending", "searching\u2026" if runner.running else "not analysed",
                            (start + p.right) / 2, p.bottom + p.height / 2, size=12, color=art.INK_SOFT,
                            italic=True, anchor_x="center", anchor_y="center")

    def _frame(self, geo: GraphGeometry) -> None:
        p = geo.plot
        ink = theme.with_alpha(art.INK_SOFT, 150)
        arcade.draw_lbwh_rectangle_outline(p.left, p.bottom, p.width, p.height, ink, 1.2)
        mid = geo.y(0.5)
        x = p.left
        while x < p.right:  # the middle: an even game, dashed
            arcade.draw_line(x, mid, min(p.right, x + 5), mid, ink, 1)
            x += 10
        size = 15
        arcade.draw_texture_rect(pieces.coin_texture(1, ""), arcade.XYWH(p.left - 30, p.top - size / 2, size, size))
        arcade.draw_texture_rect(pieces.coin_texture(2, ""), arcade.XYWH(p.left - 30, p.bottom + size / 2, size, size))
        self.texts.draw("mid", "50%", p.left - 6, mid, size=9, color=art.INK_SOFT, font=theme.SANS,
                        anchor_x="right", anchor_y="center")
        every = geo.label_every()
        for i in range(geo.total):
            turn = self.gv.session.turns[i].number
            if turn % every and not (i == 0 and every >= 5):  # every k-th turn (and the first, if far apart)
                continue
            self.texts.draw(("turn", i), str(turn), geo.x(i) + geo.step / 2, p.bottom - 13, size=9,
                            color=art.INK_SOFT, font=theme.SANS, anchor_x="center")
        self.texts.draw("end", "end", geo.x(geo.total) + geo.step / 4, p.bottom - 13, size=9, color=art.INK_SOFT,
                        font=theme.SANS, anchor_x="center", italic=True)

    def _best_stroke(self, geo: GraphGeometry, curve: list[float]) -> None:
        """From the turn shown, a dashed stroke to where its better turn would have led."""
        i = self.gv.session.index
        report = self.gv.report(i)
        if report is None or not report.best_differs or i + 1 >= len(curve):
            return
        x0, y0, x1, y1 = geo.x(i), geo.y(curve[i]), geo.x(i + 1), geo.y(gold_best(report))
        n = max(2, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 // 7))
        for k in range(0, n, 2):
            t0, t1 = k / n, min(1.0, (k + 1) / n)
            arcade.draw_line(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1,
                             BEST_INK, 2.2)
        arcade.draw_circle_filled(x1, y1, 5, art.SHADOW)
        arcade.draw_circle_filled(x1, y1, 3.8, theme.EMERALD)

    def _gems(self, geo: GraphGeometry, curve: list[float]) -> None:
        """Each labelled turn's gem, halfway along its stretch of the line."""
        shown = self.gv.session.index
        for i, report in enumerate(self.gv.runner.reports):
            if not report.label or i + 1 >= len(curve):
                continue
            x, y = geo.x(i) + geo.step / 2, geo.y((curve[i] + curve[i + 1]) / 2)
            radius = 7.5 if i == shown else 5.5
            arcade.draw_circle_filled(x, y, radius + 1.8, art.SHADOW)
            arcade.draw_circle_filled(x, y, radius, theme.LABEL_COLOURS[report.label])
            arcade.draw_circle_filled(x - radius * 0.32, y + radius * 0.32, radius * 0.34, (255, 255, 255, 170))
        summary = self.gv.runner.summary
        for i in summary.turning if summary is not None else []:
            x = geo.x(i) + geo.step / 2  # hung from the plot's top edge: a turning point
            top = geo.plot.top - 1
            arcade.draw_triangle_filled(x - 5, top, x + 5, top, x, top - 8, art.INK_TITLE)

    def _marker(self, geo: GraphGeometry, curve: list[float]) -> None:
        """The mover's coin where the line stands at the position shown."""
        i = self.gv.session.index
        if i >= len(curve):
            return
        turns = self.gv.session.turns
        player = int(turns[i].player) if i < len(turns) else (1 if curve[i] >= 0.5 else 2)
        x, y = geo.x(i), geo.y(curve[i])
        arcade.draw_circle_filled(x + 1, y - 1, 9, art.SHADOW)
        arcade.draw_texture_rect(pieces.coin_texture(player, ""), arcade.XYWH(x, y, 17, 17))

    def _words(self, geo: GraphGeometry) -> None:
        """The title, what the mouse is over (or where the game turned), and the progress."""
        gv = self.gv
        p = geo.plot
        y = p.top + 9
        self.texts.draw("title", "Win chance", p.left - 36, y, size=13, color=art.INK_TITLE, bold=True)
        runner = gv.runner
        if runner.summary is not None:  # done
            acc = runner.summary.accuracy
            names = gv.names()
            right = f"Accuracy: {who(1, names)} {acc[1]:.0f}, {who(2, names)} {acc[2]:.0f}"
        else:
            right = runner.progress_text()
        ink = art.INK_RED if runner.error else art.INK_SOFT
        note = self.texts.get("progress", right, p.right, y, size=11, color=ink, italic=True, anchor_x="right",
                              font=theme.SANS)
        note.draw()
        middle = self.hover_words()
        if not middle and runner.summary is not None and runner.summary.turning:
            middle = "\u25bc where the game turned"
        if middle:
            room = p.right - note.content_width - 20 - (p.left + 60)
            text = self.texts.get("hover", middle, p.left + 60 + room / 2, y, size=11, color=art.INK,
                                  anchor_x="center", font=theme.SANS)
            if text.content_width <= room:
                text.draw()

    def hover_words(self) -> str:
        """'Turn 8, Silver: a blunder, 35 points' for the column under the mouse."""
        gv = self.gv
        i = gv.graph_hover
        if i is None:
            return ""
        turns = gv.session.turns
        if i >= len(turns):
            return "The end of the game"
        report = gv.report(i)
        head = f"Turn {turns[i].number}, {who(int(turns[i].player), gv.names())}"
        if report is None:
            return f"{head}: not analysed yet"
        if report.label:
            return f"{head}: a {report.label}, {points(report.loss)} points lost"
        return f"{head}: win chance {pct(report.chance_before)} \u2192 {pct(report.chance_after)}"
