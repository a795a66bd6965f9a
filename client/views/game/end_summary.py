"""The end screen's summary table: for each side its best word, its biggest fight, the cities it
took (from the enemy and neutral ones apart) and the letters it lost.

The numbers come from :func:`shared.analysis.summary.summarise_record`, the record being
replayed through the engine: at once for a game played here, once the server sends the record
for an online game. Every cell has a fixed width and long text ends in an ellipsis, so nothing
reaches past the panel.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from arcade.gui import UIBoxLayout, UILabel
from arcade.types import Color, RGBOrA255

from client.ui import theme
from client.ui.widgets import label
from client.views.online.lobby_cells import fit, text_width
from shared.analysis.summary import Fight, SideSummary, fight_text, summarise_record, summary_lines
from shared.rules.record import RecordError
from shared.rules.terrain import Player

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen

CAPTION_W = 150
VALUE_W = 340
ROW_SPACE = 8
SIZE = 13
CAPTIONS = ("Best word", "Biggest fight", "Cities taken", "Letters lost")
ROW_H = 19
TABLE_HEIGHT = ROW_H * (len(CAPTIONS) + 1) + 4 * len(CAPTIONS)
"""How tall the table is (a title row and one row per figure) for the panel's height."""
TABLE_WIDTH = CAPTION_W + 2 * VALUE_W + 2 * ROW_SPACE


def fitted_fight(fight: Fight, width: float, size: int = SIZE) -> str:
    """The fight's line in ``width`` pixels: a long word is cut (with an ellipsis) before the
    count of words and letters is."""
    full = fight_text(fight)
    if text_width(full, size) <= width:
        return full
    rest = full[len(fight.word):]
    return fit(fight.word.upper(), max(0.0, width - text_width(rest, size)), size) + rest


def _cell(text: str, width: int, colour: RGBOrA255, *, bold: bool = False,
          italic: bool = False, align: str = "left") -> UILabel:
    return label(fit(text, width - 4, SIZE, bold=bold, italic=italic), size=SIZE, color=colour, bold=bold,
                 italic=italic, width=width, align=align)


class EndSummary:
    """The summary table of the end screen, filled in when the record is there."""

    def __init__(self, game_view: "GameScreen") -> None:
        self.session: Any = game_view.session
        self.summary: dict[Player, SideSummary] | None = None
        self.error: str | None = None
        self.future: Future | None = None
        self.cells: dict[Player, list[UILabel]] = {}
        # Gold's figures to the left of the captions and silver's to the right, under their scores.
        self.table = UIBoxLayout(space_between=4)
        self.table.add(_cell("Game summary", TABLE_WIDTH, theme.BRASS, bold=True, align="center"))
        for i, caption in enumerate(CAPTIONS):
            row = UIBoxLayout(vertical=False, space_between=ROW_SPACE)
            for p, align in ((Player.GOLD, "right"), (Player.SILVER, "left")):
                shown = _cell("reading the record..." if i == 0 else "", VALUE_W, theme.PARCHMENT_DIM,
                              align=align)
                self.cells.setdefault(p, []).append(shown)
                row.add(shown)
                if p == Player.GOLD:
                    row.add(_cell(caption, CAPTION_W, theme.INK_MUTED, italic=True, align="center"))
            self.table.add(row)
        try:
            self.future = self.session.fetch_record()
        except Exception as exc:  # a session that cannot give its record: the table says so
            self.error = str(exc) or "no record"
            self._fill()
        self.update()

    def update(self) -> bool:
        """Fill the table in once the record has come; True when it was just filled."""
        if self.future is not None and self.future.done():
            future, self.future = self.future, None
            exc = future.exception()
            text = None if exc is not None else future.result()
            if not text:
                self.error = getattr(exc, "reason", None) or (str(exc) if exc else "no record")
            else:
                try:
                    self.summary = summarise_record(text, self.session.lexicon)
                except RecordError as err:
                    self.error = str(err)
            self._fill()
            return True
        return False

    def _fill(self) -> None:
        for p, shown in self.cells.items():
            if self.summary is None:
                texts = ["not available"] + [""] * (len(CAPTIONS) - 1)
            else:
                texts = [text for _, text in summary_lines(self.summary[p])]
                fight = self.summary[p].biggest_fight
                if fight is not None:
                    texts[1] = fitted_fight(fight, VALUE_W - 4)
            for cell, text in zip(shown, texts):
                cell.text = fit(text, VALUE_W - 4, SIZE)
                cell.update_font(font_color=Color.from_iterable(theme.PARCHMENT if self.summary is not None else theme.INK_MUTED))
