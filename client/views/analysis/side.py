"""The analysis board's side column: the players, the turn's report and the list of turns.

The players' cards give each side's score at the position shown and their accuracy (so far, while
the analysis runs). The report box says what the turn shown did, how its win chance moved, its
label, and the better turn found: what it would have done, the chance it keeps and each of its
fights explained (its coins are the ghosts on the board). At the end of the game it sums up:
the result, each side's accuracy and mistakes, and where the game turned. The list of turns gives
every turn's label in its gem; a click on a row jumps there.

In a lesson the column is the game's own (the preview of the letters laid, the chronicle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade
from arcade.types import RGBOrA255
import msgspec

from client.play.analysis_board import (LABEL_WORDS, chance_line, count_words, label_counts, pct, played_summary, short,
                                   swing_words, turn_heading, verdict, who)
from client.play.describe import describe_result
from client.ui import pieces, theme
from client.ui.textures import panel_patch
from client.views.game.chronicle import Chronicle
from client.views.layout import Rect
from client.views.game.side import SidePanel, SideRects
from shared.rules.terrain import Player
from shared.wire import Outcome

if TYPE_CHECKING:
    from client.views.analysis.screen import AnalysisScreen

CARD = 84
FOOT = 62  # the buttons under the list
ROW_H = 21
LIST_TOP = 46  # the list's title above its first row
FONT = theme.SANS


def analysis_side_rects(side: Rect) -> SideRects:
    """The cards, the report box and the list of turns, above the buttons at the foot."""
    left, width = side.left + 10, side.width - 20
    gold = Rect(left, side.top - 4 - CARD, width, CARD)
    silver = Rect(left, gold.bottom - 6 - CARD, width, CARD)
    floor = side.bottom + FOOT
    room = silver.bottom - 8 - floor
    report_h = max(170.0, min(room - 120, room * 0.62))
    report = Rect(left, silver.bottom - 8 - report_h, width, report_h)
    turns = Rect(left, floor, width, max(0.0, report.bottom - 8 - floor))
    return SideRects((gold, silver), report, turns)


class AnalysisSide(SidePanel):
    """The side column of the analysis board (the game's own during a lesson)."""

    gv: AnalysisScreen  # the analysis board, not any game screen

    def __init__(self, gv: Any, rect: Rect) -> None:
        super().__init__(gv, rect)
        self.list_first: int | None = None  # the first row shown when scrolled by hand (None: follow)

    @property
    def rects(self) -> SideRects:
        if self.gv.lesson is not None:
            return super().rects
        return analysis_side_rects(self.rect)

    def _content_key(self) -> tuple:
        return super()._content_key() + (self.gv.analysis_key(), self.list_first)

    # ---------------------------------------------------------------- the list's rows
    def list_rows(self) -> list[tuple[Rect, int]]:
        """(row rectangle, position) of each row of the list on show."""
        box = self.rects.chronicle
        count = max(0, int((box.height - LIST_TOP - 6) // ROW_H))
        positions = self.gv.session.total + 1
        first = self.list_first
        if first is None:
            first = self.gv.session.index - count // 2
        first = max(0, min(first, positions - count))
        return [(Rect(box.left + 8, box.top - LIST_TOP - (k + 1) * ROW_H + 4, box.width - 16, ROW_H), first + k)
                for k in range(min(count, positions - first))]

    def row_at(self, x: float, y: float) -> int | None:
        if self.gv.lesson is not None:
            return None
        for rect, position in self.list_rows():
            if rect.contains(x, y):
                return position
        return None

    def scroll_chronicle(self, rows: int) -> None:
        if self.gv.lesson is not None:
            super().scroll_chronicle(rows)
            return
        shown = self.list_rows()
        first = shown[0][1] if shown else 0
        self.list_first = max(0, first - rows)

    # ---------------------------------------------------------------- painting
    def _paint(self) -> None:
        if self.gv.lesson is not None:
            super()._paint()
            return
        rects = self.rects
        for p, card in zip((Player.GOLD, Player.SILVER), rects.cards):
            self._player_card(p, card)
        self._report(rects.preview)
        self._turn_list(rects.chronicle)

    def _player_card(self, p: Player, card: Rect) -> None:
        if self.gv.lesson is not None:
            super()._player_card(p, card)
            return
        gv = self.gv
        left, bottom, width, top = card.left, card.bottom, card.width, card.top
        panel_patch("leather").draw_rect(rect=arcade.LBWH(left, bottom, width, card.height))
        if gv.current_actor() == p:
            arcade.draw_lbwh_rectangle_outline(left + 4, bottom + 4, width - 8, card.height - 8, theme.BRASS_LIGHT, 3)
        arcade.draw_texture_rect(pieces.coin_texture(int(p), ""), arcade.XYWH(left + 34, top - 32, 40, 40))
        name = gv.seat_name(p)
        text = self.texts.get(("name", p), name, left + 62, top - 40, size=17, color=theme.PLAYER_COLOURS[int(p)],
                              bold=True)
        while text.content_width > width - 150 and len(name) > 4:
            name = name[:-2].rstrip() + "\u2026"
            text = self.texts.get(("name", p), name, left + 62, top - 40, size=17,
                                  color=theme.PLAYER_COLOURS[int(p)], bold=True)
        text.draw()
        runner = gv.runner
        mine = [r for r in runner.reports if r.player == int(p)]
        if runner.summary is not None:  # done
            line = f"accuracy {runner.summary.accuracy[int(p)]:.0f}   {count_words(label_counts(mine, int(p)))}"
        elif mine:
            accuracy = sum(r.accuracy for r in mine) / len(mine)
            line = f"accuracy {accuracy:.0f} so far   {count_words(label_counts(mine, int(p)))}"
        else:
            line = "accuracy: waiting for the analysis"
        self.texts.draw(("acc", p), line, left + 16, bottom + 14, size=11, color=theme.PARCHMENT_DIM, font=FONT)

    def _block(self, key: Any, text: str, x: float, y: float, width: float, floor: float, *, size: float = 12,
               colour: RGBOrA255 = theme.PARCHMENT, bold: bool = False, italic: bool = False,
               gap: float = 5) -> float | None:
        """A wrapped paragraph with its top at ``y``; the y under it, or None if it does not fit."""
        obj = self.texts.get(key, text, x, y, size=size, color=colour, font=FONT, width=int(width), multiline=True,
                             anchor_y="top", bold=bold, italic=italic)
        if y - obj.content_height < floor:
            return None
        obj.draw()
        return y - obj.content_height - gap

    def _report(self, box: Rect) -> None:
        gv = self.gv
        panel_patch("leather").draw_rect(rect=arcade.LBWH(box.left, box.bottom, box.width, box.height))
        session = gv.session
        i = session.index
        x, width, floor = box.left + 18, box.width - 36, box.bottom + 10
        names = gv.names()
        if i >= session.total:
            self._summary(box, x, width, floor)
            return
        turn = session.turns[i]
        report = gv.report(i)
        self.texts.draw("rp-title", turn_heading(report, turn, names), x, box.top - 30, size=15,
                        color=theme.PLAYER_COLOURS[int(turn.player)], bold=True)
        if report is not None:
            word = verdict(report)
            colour = theme.LABEL_COLOURS.get(report.label or "", theme.EMERALD)
            tag = self.texts.get("rp-verdict", word, box.right - 18, box.top - 30, size=13, color=colour,
                                 bold=True, anchor_x="right", font=FONT)
            tag.draw()
            gx, gy = box.right - 18 - tag.content_width - 12, box.top - 25
            arcade.draw_circle_filled(gx, gy, 6.5, (10, 5, 2, 230))
            arcade.draw_circle_filled(gx, gy, 5, colour)
        top = box.top - 44
        y: float | None
        if report is None:
            y = self._block("rp-played", f"Played: {played_summary(turn)}", x, top, width, floor)
            if y is not None:
                self._block("rp-wait", gv.runner.progress_text() + "\u2026", x, y, width, floor,
                            colour=theme.INK_MUTED, italic=True)
            return
        y = self._block("rp-chance", chance_line(report), x, top, width, floor, size=11, colour=theme.PARCHMENT_DIM)
        if y is not None:
            y = self._block("rp-played", f"Played: {short(report.played_summary)}", x, y, width, floor, size=13)
        if y is None:
            return
        if not report.best_differs:
            self._block("rp-best", "The search found no better turn.", x, y - 4, width, floor,
                        colour=theme.EMERALD, italic=True)
            return
        y = self._block("rp-best", f"Better: {short(report.best_summary)}, keeping {pct(report.chance_best)}",
                        x, y - 4, width, floor, size=13, colour=theme.EMERALD, bold=True)
        hint = "the ghost coins on the board" if gv.show_best else "B shows it on the board"
        if y is not None:
            y = self._block("rp-hint", f"({hint})", x, y, width, floor, size=10, colour=theme.INK_MUTED, italic=True)
        for k, sentence in enumerate(s for fight in report.best_fights for s in fight):
            if y is None:
                break
            y = self._block(("rp-fight", k), sentence, x + 8, y, width - 8, floor, size=11, colour=theme.PARCHMENT_DIM,
                            gap=3)

    def _summary(self, box: Rect, x: float, width: float, floor: float) -> None:
        gv = self.gv
        names = gv.names()
        self.texts.draw("rp-title", "The end", x, box.top - 30, size=15, color=theme.BRASS_LIGHT, bold=True)
        result = gv.session.final.result
        assert result is not None  # the analysed game is over
        ending = describe_result(msgspec.convert(result.to_dict(), Outcome), names)
        y: float | None = self._block("sm-result", ending, x, box.top - 44, width, floor, size=13)
        runner = gv.runner
        summary = runner.summary
        if summary is None:  # not done
            if y is not None:
                self._block("sm-wait", "The accuracy and the turning points come once every turn is analysed.",
                            x, y, width, floor, colour=theme.INK_MUTED, italic=True)
            return
        for p in (1, 2):
            if y is None:
                return
            mine = [r for r in runner.reports if r.player == p]
            y = self._block(("sm-acc", p), f"{who(p, names)}: accuracy {summary.accuracy[p]:.0f}, "
                            f"{count_words(label_counts(mine, p))}", x, y, width, floor, colour=theme.PLAYER_COLOURS[p])
        if y is None:
            return
        if summary.turning:
            swings = "; ".join(swing_words(i, summary.graph, gv.session.turns, names) for i in summary.turning)
            text = f"Where the game turned: {swings}."
        else:
            text = "No single turn swung the game: it was decided little by little."
        self._block("sm-turned", text, x, y - 4, width, floor, colour=theme.PARCHMENT_DIM)

    def _turn_list(self, box: Rect) -> None:
        if box.height < 60:
            return
        gv = self.gv
        panel_patch("leather").draw_rect(rect=arcade.LBWH(box.left, box.bottom, box.width, box.height))
        self.texts.draw("tl-title", "Turns", box.left + 18, box.top - 30, size=15, color=theme.BRASS_LIGHT, bold=True)
        self.texts.draw("tl-hint", "\u2190 \u2192 turn   \u2191 \u2193 labelled turn", box.right - 16, box.top - 29,
                        size=10, color=theme.INK_MUTED, font=FONT, anchor_x="right", italic=True)
        session = gv.session
        chars = Chronicle.chars_for(box.width - 150)
        for k, (rect, position) in enumerate(self.list_rows()):
            y = rect.bottom + 5
            if position == session.index:
                arcade.draw_lbwh_rectangle_filled(rect.left, rect.bottom, rect.width, rect.height,
                                                  theme.with_alpha(theme.BRASS, 60))
                arcade.draw_lbwh_rectangle_outline(rect.left, rect.bottom, rect.width, rect.height, theme.BRASS, 1.5)
            if position >= session.total:
                result = session.final.result
                assert result is not None  # the analysed game is over
                ending = describe_result(msgspec.convert(result.to_dict(), Outcome), gv.names())
                self.texts.draw(("tl-row", k), f"End: {ending}"[:chars + 14], rect.left + 10, y, size=12,
                                color=theme.PARCHMENT_DIM, font=FONT, italic=True)
                continue
            turn = session.turns[position]
            report = gv.report(position)
            self.texts.draw(("tl-n", k), str(turn.number), rect.left + 26, y, size=12, color=theme.INK_MUTED,
                            font=FONT, anchor_x="right")
            arcade.draw_texture_rect(pieces.coin_texture(int(turn.player), ""), arcade.XYWH(rect.left + 40, y + 5, 12, 12))
            summary = short(report.played_summary) if report is not None else played_summary(turn)
            if len(summary) > chars:
                summary = summary[:max(1, chars - 1)].rstrip(", ") + "\u2026"
            self.texts.draw(("tl-s", k), summary, rect.left + 52, y, size=12, color=theme.PARCHMENT, font=FONT)
            if report is None:
                mark, colour = "\u2026", theme.INK_MUTED
            elif report.label:
                mark, colour = LABEL_WORDS[report.label].lower(), theme.LABEL_COLOURS[report.label]
            else:
                mark, colour = "", theme.INK_MUTED
            if mark:
                tag = self.texts.get(("tl-l", k), mark, rect.right - 8, y, size=11, color=colour, font=FONT,
                                     anchor_x="right", bold=True)
                tag.draw()
                if report is not None and report.label:
                    arcade.draw_circle_filled(rect.right - 16 - tag.content_width, y + 4, 4, colour)
