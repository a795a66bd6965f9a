"""The Puzzles screen: the daily puzzle, the shipped pack filtered by theme and map, your rating.

A plaque at the top holds the day's puzzle (the same on every client and server for a date) and
your puzzle rating and streak (the local progress file, :mod:`shared.puzzles.progress`). Below,
the puzzles of the pack that fit the theme and map chosen (each filter cycles through what the
pack holds; T and M too), a page at a time (Page Up and Page Down), each with its goal, themes,
rating and whether you solved it; Play opens it on the game screen, its scroll beside the board.
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.ui import theme
from client.ui.widgets import BrassButton, Panel, label
from client.views.base import BaseView
from client.views.online.lobby_cells import cell, fit, header_row, small_button, spread, table_row, top_panel, two_lines
from shared.puzzles.daily import daily_puzzle
from shared.puzzles.model import Puzzle
from shared.puzzles.pack import PackLoad, load_pack
from shared.puzzles.progress import LocalPuzzleProgress, default_progress_path, load_progress
from shared.puzzles.themes import THEME_WORDS

COLUMNS = (("Puzzle", 130), ("Goal", 420), ("Themes", 190), ("Rating", 70), ("", 80), ("", 100))
FLEXIBLE = (1, 2)
ROW_H = 50
PANEL_W = 1120


@functools.lru_cache(maxsize=1)
def puzzle_pack() -> PackLoad:
    """The shipped pack, read once."""
    return load_pack()


def theme_name(tag: str) -> str:
    """A theme's short name ("City taken")."""
    return THEME_WORDS.get(tag, tag).split(":")[0]


class PuzzlesView(BaseView):
    """The Puzzles screen of the main menu (see the module docstring)."""

    title = "Puzzles"
    subtitle = "Positions from real games where one turn is clearly best: find it"

    def __init__(self, pack: PackLoad | None = None, today: datetime.date | None = None) -> None:
        super().__init__(back=self.go_back)
        self.pack = pack or puzzle_pack()
        self.today = today or datetime.date.today()
        self.puzzles: list[Puzzle] = sorted(self.pack.puzzles, key=lambda p: p.id)
        self.themes: list[str | None] = [None, *sorted({t for p in self.puzzles for t in p.themes})]
        self.maps: list[str | None] = [None, *sorted({p.map_name for p in self.puzzles})]
        self.theme: str | None = None
        self.map: str | None = None
        self.page = 0
        self.progress = LocalPuzzleProgress()
        self.buttons: dict[str, BrassButton] = {}

    # ---------------------------------------------------------------- the list
    @property
    def shown(self) -> list[Puzzle]:
        """The puzzles that fit the filters."""
        return [p for p in self.puzzles if (self.theme is None or self.theme in p.themes)
                and (self.map is None or p.map_name == self.map)]

    @property
    def page_rows(self) -> int:
        """Rows on a page: as many as the window's height holds."""
        return max(3, (self.window.height - 470) // (ROW_H + 2))

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.shown) // self.page_rows))

    def on_show_view(self) -> None:
        super().on_show_view()
        self.progress, warning = load_progress(default_progress_path())
        if warning:
            self.show_toast(warning, seconds=10.0)
        elif self.pack.errors:
            self.show_toast(f"{len(self.pack.errors)} puzzles of the pack could not be read.", seconds=6.0)
        self.build()

    def build(self) -> None:
        """The daily plaque, the filters and the page of puzzles, for the window as it is."""
        self.root.clear()
        self.buttons = {}
        self.page = min(self.page, self.pages - 1)
        width = min(PANEL_W, self.window.width - 80)
        outer = UIBoxLayout(space_between=12)
        outer.add(self._daily_panel(width))
        outer.add(self._table_panel(width))
        outer.add(self._foot())
        self.root.add(outer, anchor_x="center", anchor_y="top", align_y=-128)
        self.nav.controls = list(self.buttons.values())
        self.nav.index = None
        self.request_redraw()

    def _button(self, text: str, name: str, action: Any, kind: str = "brass", width: int = 100) -> BrassButton:
        button = small_button(text, action, name=name, kind=kind, width=width)
        self.buttons[name] = button
        return button

    def _daily_panel(self, width: int) -> Panel:
        row_width = width - 44
        p = self.progress
        solved = sum(a.solved for a in p.attempts.values())
        rating = (f"Your puzzle rating {p.rating.rating:.0f}  \u00b7  streak {p.streak} (best {p.best_streak})"
                  f"  \u00b7  {solved} of {len(p.attempts)} solved")
        body = UIBoxLayout(space_between=6, align="left")
        body.add(label(rating, size=15, color=theme.BRASS_LIGHT, bold=True))
        if self.puzzles:
            daily = daily_puzzle(self.puzzles, self.today)
            done = p.attempts.get(daily.id)
            state = "" if done is None else ("  \u2713 solved" if done.solved else "  \u2717 tried")
            text = f"Daily puzzle {self.today.strftime('%d %b %Y')}:  {daily.goal.describe()}{state}"
            row = UIBoxLayout(vertical=False, space_between=14)
            row.add(label(fit(text, row_width - 170, 16), size=16, color=theme.PARCHMENT, width=row_width - 170))
            row.add(self._button("Daily puzzle", "daily", lambda: self.play(daily, daily=True), "gold", width=150))
            body.add(row)
        else:
            body.add(label("No puzzles are installed.", size=16, color=theme.RUBY, italic=True))
        return top_panel(body, width, 96)

    def _table_panel(self, width: int) -> Panel:
        row_width = width - 44
        columns = spread(COLUMNS, row_width, FLEXIBLE)
        widths = [w for _, w in columns]
        filters = UIBoxLayout(vertical=False, space_between=12)
        filters.add(self._button(f"Theme: {theme_name(self.theme) if self.theme else 'any'}", "theme",
                                 lambda: self.cycle("theme"), "steel", width=250))
        filters.add(self._button(f"Map: {self.map or 'any'}", "map", lambda: self.cycle("map"), "steel", width=230))
        filters.add(label(f"{len(self.shown)} puzzles", size=14, color=theme.PARCHMENT_DIM, italic=True, width=140))
        rows = UIBoxLayout(space_between=2, align="left")
        rows.add(header_row(columns, row_width))
        start = self.page * self.page_rows
        for i, puzzle in enumerate(self.shown[start:start + self.page_rows]):
            done = self.progress.attempts.get(puzzle.id)
            mark, colour = ("Solved", theme.EMERALD) if done is not None and done.solved else \
                ("Missed", theme.RUBY) if done is not None else ("", theme.PARCHMENT_DIM)
            themes = ", ".join(theme_name(t) for t in puzzle.themes)
            cells = [two_lines(puzzle.id, puzzle.map_name, widths[0]),
                     self._goal(puzzle.goal.describe(), widths[1]),
                     cell(fit(themes, widths[2] - 8, 13), widths[2], size=13, color=theme.PARCHMENT_DIM),
                     cell(f"{puzzle.rating:.0f}", widths[3], bold=True, color=theme.BRASS_LIGHT),
                     cell(mark, widths[4], color=colour, bold=True),
                     self._button("Play", f"play-{start + i}", lambda p=puzzle: self.play(p), "gold")]
            rows.add(table_row(cells, row_width, height=ROW_H, shade=i % 2 == 1))
        if not self.shown:
            rows.add(table_row([cell("No puzzle fits this theme and map.", row_width - 20, italic=True,
                                     color=theme.PARCHMENT_DIM)], row_width))
        body = UIBoxLayout(space_between=10, align="left")
        body.add(filters)
        holder = UIAnchorLayout(width=row_width, height=26 + self.page_rows * (ROW_H + 2), size_hint=None)
        holder.add(rows, anchor_x="left", anchor_y="top")
        body.add(holder)
        return top_panel(body, width, 44 + 40 + 10 + 26 + self.page_rows * (ROW_H + 2) + 8)

    @staticmethod
    def _goal(text: str, width: int) -> Any:
        """The goal, on two lines at its colon ("Cut the supply of EX" / "leave it cut off ...")."""
        head, _colon, rest = text.partition(": ")
        if not rest:
            return cell(fit(text, width - 8, 15), width)
        return two_lines(fit(head + ":", width - 8, 15), fit(rest, width - 8, 13), width)

    def _foot(self) -> UIBoxLayout:
        foot = UIBoxLayout(vertical=False, space_between=16, align="center")
        foot.add(self._button("Back", "back", self.go_back, "steel", width=140))
        if self.pages > 1:
            before = self._button("Previous", "previous", lambda: self.turn_page(-1), "brass", width=130)
            before.disabled = self.page == 0
            foot.add(before)
            foot.add(label(f"Page {self.page + 1} of {self.pages}", size=14, color=theme.PARCHMENT_DIM, italic=True,
                           width=130, align="center"))
            after = self._button("Next", "next", lambda: self.turn_page(1), "brass", width=130)
            after.disabled = self.page >= self.pages - 1
            foot.add(after)
        return foot

    # ---------------------------------------------------------------- actions
    def cycle(self, which: str) -> None:
        """The next theme (or map) the pack holds, then any again."""
        options, now = (self.themes, self.theme) if which == "theme" else (self.maps, self.map)
        chosen = options[(options.index(now) + 1) % len(options)]
        if which == "theme":
            self.theme = chosen
        else:
            self.map = chosen
        self.page = 0
        self.build()

    def turn_page(self, delta: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + delta))
        self.build()

    def play(self, puzzle: Puzzle, daily: bool = False) -> None:
        """Open ``puzzle`` on the game screen."""
        self.navigator.start_puzzle(puzzle, daily=daily)

    def go_back(self) -> None:
        self.navigator.go_menu()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        if symbol in (k.PAGEUP, k.PAGEDOWN):
            self.turn_page(-1 if symbol == k.PAGEUP else 1)
            return True
        if symbol in (k.T, k.M) and not modifiers:
            self.cycle("theme" if symbol == k.T else "map")
            return True
        if symbol == k.D and not modifiers and self.puzzles:
            self.play(daily_puzzle(self.puzzles, self.today), daily=True)
            return True
        return super().on_key_press(symbol, modifiers)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.build()



