"""The Puzzles screen: the daily puzzle, the puzzles filtered by theme and map, your rating.

A plaque at the top holds the day's puzzle (the same on every client and server for a date) and
your puzzle rating and streak. Below, the puzzles that fit the theme and map chosen (each filter
cycles through what the puzzles hold; T and M too), a page at a time (Page Up and Page Down),
each with its map, goal, themes, rating and whether you solved it; Play opens it on the game
screen, its scroll beside the board.

The screen has two modes. On this machine (from the main menu) it shows the shipped pack and
the local progress file (:mod:`shared.puzzles.progress`). Online (the lobby's Puzzles tab) it
shows the server's puzzles, its daily puzzle and your online rating
(:class:`client.play.puzzle_online.OnlinePuzzles`): each first attempt is judged and rated by
the server, and Next puzzle (N) asks it for one near your online rating. O switches between the
two while the connection is open; Escape goes back to the lobby (online) or the menu.
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.play.puzzle_list import MISSED, SOLVED, PuzzleLine, Standing, local_lines, local_standing, map_title
from client.play.puzzle_online import OnlinePuzzles
from client.ui import theme
from client.ui.widgets import BrassButton, Panel, label
from client.views.base import BaseView
from client.views.online.lobby_cells import cell, fit, header_row, small_button, spread, table_row, top_panel, two_lines
from shared.puzzles.daily import daily_puzzle
from shared.puzzles.model import Puzzle
from shared.puzzles.pack import PackLoad, load_pack
from shared.puzzles.progress import LocalPuzzleProgress, default_progress_path, load_progress
from shared.puzzles.themes import THEME_WORDS

LOCAL, ONLINE = "local", "online"
COLUMNS = (("Puzzle", 130), ("Goal", 420), ("Themes", 190), ("Rating", 70), ("", 80), ("", 100))
FLEXIBLE = (1, 2)
ROW_H = 50
PANEL_W = 1120
SUBTITLES = {LOCAL: "Positions from real games where one turn is clearly best: find it",
             ONLINE: "The server's puzzles: your first attempt at each is rated online"}


@functools.lru_cache(maxsize=1)
def puzzle_pack() -> PackLoad:
    """The shipped pack, read once."""
    return load_pack()


def theme_name(tag: str) -> str:
    """A theme's short name ("City taken")."""
    return THEME_WORDS.get(tag, tag).split(":")[0]


class PuzzlesView(BaseView):
    """The Puzzles screen, on this machine or online (see the module docstring)."""

    title = "Puzzles"
    subtitle = SUBTITLES[LOCAL]

    def __init__(self, pack: PackLoad | None = None, today: datetime.date | None = None, *,
                 client: Any = None) -> None:
        """``client``: a connected ThreadedClient: the screen opens online, and can switch."""
        super().__init__(back=self.go_back)
        self.pack = pack or puzzle_pack()
        self.today = today or datetime.date.today()
        self.puzzles: list[Puzzle] = sorted(self.pack.puzzles, key=lambda p: p.id)
        self.client = client
        self.online: OnlinePuzzles | None = None  # made when first shown (it needs the app's dictionary)
        self.mode = ONLINE if client is not None else LOCAL
        self.theme: str | None = None
        self.map: str | None = None
        self.page = 0
        self.progress = LocalPuzzleProgress()
        self.buttons: dict[str, BrassButton] = {}

    # ---------------------------------------------------------------- the list
    @property
    def lines(self) -> list[PuzzleLine]:
        """Every puzzle of the mode: the pack's, or the server's (none until it answered)."""
        if self.mode == ONLINE:
            return list(self.online.lines or []) if self.online is not None else []
        return local_lines(self.puzzles, self.progress)

    @property
    def themes(self) -> list[str | None]:
        """The themes to filter by (None: any)."""
        if self.mode == ONLINE and self.online is not None:
            return [None, *self.online.themes]
        return [None, *sorted({t for p in self.puzzles for t in p.themes})]

    @property
    def maps(self) -> list[str | None]:
        """The maps to filter by (None: any)."""
        if self.mode == ONLINE and self.online is not None:
            return [None, *self.online.maps]
        return [None, *sorted({p.map_name for p in self.puzzles})]

    @property
    def shown(self) -> list[PuzzleLine]:
        """The puzzles that fit the filters."""
        return [p for p in self.lines if (self.theme is None or self.theme in p.themes)
                and (self.map is None or p.map_name == self.map)]

    @property
    def standing(self) -> Standing:
        if self.mode == ONLINE and self.online is not None:
            return self.online.standing
        return local_standing(self.progress)

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
        if self.client is not None and self.online is None:
            name = (self.client.client.user or {}).get("name") or self.app.settings.name
            self.online = OnlinePuzzles(self.client, self.app.lexicon, name)
        if self.online is not None:
            self.online.refresh()  # the marks and the rating, as the server has them now
        if warning and self.mode == LOCAL:
            self.show_toast(warning, seconds=10.0)
        elif self.pack.errors and self.mode == LOCAL:
            self.show_toast(f"{len(self.pack.errors)} puzzles of the pack could not be read.", seconds=6.0)
        self.build()

    def on_update(self, delta_time: float) -> None:
        online = self.online
        if online is not None:
            changed = online.poll()
            driver = online.take_opened()
            if online.problem:
                self.show_toast(online.problem, seconds=6.0)
                online.problem = None
            if driver is not None:
                self.navigator.start_game(driver.session, leave=self.back_from_puzzle)
                return
            if changed and self.mode == ONLINE:
                self.build()
        super().on_update(delta_time)

    def build(self) -> None:
        """The daily plaque, the filters and the page of puzzles, for the window as it is."""
        self.subtitle = SUBTITLES[self.mode]
        if self.mode == ONLINE and self.client is not None:
            url = str(getattr(self.client, "url", "")).removeprefix("ws://").removeprefix("wss://")
            self.subtitle += f"  \u2014  {self.online.name if self.online else ''} on {url}"
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

    def _daily(self) -> tuple[str, PuzzleLine] | None:
        """The day and the daily puzzle's line (None: none, or the server has not said yet)."""
        if self.mode == ONLINE:
            return self.online.daily_line if self.online is not None else None
        if not self.puzzles:
            return None
        return self.today.isoformat(), local_lines([daily_puzzle(self.puzzles, self.today)], self.progress)[0]

    def _daily_panel(self, width: int) -> Panel:
        row_width = width - 44
        s = self.standing
        whose = "Your online puzzle rating" if self.mode == ONLINE else "Your puzzle rating"
        rating = (f"{whose} {s.rating:.0f}  \u00b7  streak {s.streak} (best {s.best_streak})"
                  f"  \u00b7  {s.solved} of {s.attempts} solved")
        body = UIBoxLayout(space_between=6, align="left")
        body.add(label(rating, size=15, color=theme.BRASS_LIGHT, bold=True))
        daily = self._daily()
        if daily is not None:
            day, line = daily
            state = {SOLVED: "  \u2713 solved", MISSED: "  \u2717 tried"}.get(line.mark or "", "")
            when = datetime.date.fromisoformat(day).strftime("%d %b %Y")
            text = f"Daily puzzle {when}:  {line.goal}{state}"
            row = UIBoxLayout(vertical=False, space_between=14)
            row.add(label(fit(text, row_width - 170, 16), size=16, color=theme.PARCHMENT, width=row_width - 170))
            row.add(self._button("Daily puzzle", "daily", self.play_daily, "gold", width=150))
            body.add(row)
        else:
            text = "Asking the server..." if self.mode == ONLINE else "No puzzles are installed."
            body.add(label(text, size=16, color=theme.RUBY if self.mode == LOCAL else theme.PARCHMENT_DIM, italic=True))
        return top_panel(body, width, 96)

    def _table_panel(self, width: int) -> Panel:
        row_width = width - 44
        columns = spread(COLUMNS, row_width, FLEXIBLE)
        widths = [w for _, w in columns]
        filters = UIBoxLayout(vertical=False, space_between=12)
        filters.add(self._button(f"Theme: {theme_name(self.theme) if self.theme else 'any'}", "theme",
                                 lambda: self.cycle("theme"), "steel", width=250))
        filters.add(self._button(f"Map: {map_title(self.map) if self.map else 'any'}", "map", lambda: self.cycle("map"),
                                 "steel", width=230))
        filters.add(label(f"{len(self.shown)} puzzles", size=14, color=theme.PARCHMENT_DIM, italic=True, width=140))
        rows = UIBoxLayout(space_between=2, align="left")
        rows.add(header_row(columns, row_width))
        start = self.page * self.page_rows
        for i, line in enumerate(self.shown[start:start + self.page_rows]):
            mark, colour = {SOLVED: ("Solved", theme.EMERALD), MISSED: ("Missed", theme.RUBY)}.get(
                line.mark or "", ("", theme.PARCHMENT_DIM))
            themes = ", ".join(theme_name(t) for t in line.themes)
            cells = [two_lines(line.id, line.map_title, widths[0]),
                     self._goal(line.goal, widths[1]),
                     cell(fit(themes, widths[2] - 8, 13), widths[2], size=13, color=theme.PARCHMENT_DIM),
                     cell(f"{line.rating:.0f}", widths[3], bold=True, color=theme.BRASS_LIGHT),
                     cell(mark, widths[4], color=colour, bold=True),
                     self._button("Play", f"play-{start + i}", lambda p=line: self.play(p), "gold")]
            rows.add(table_row(cells, row_width, height=ROW_H, shade=i % 2 == 1))
        if not self.shown:
            waiting = self.mode == ONLINE and (self.online is None or self.online.lines is None)
            text = "Asking the server for its puzzles..." if waiting else "No puzzle fits this theme and map."
            rows.add(table_row([cell(text, row_width - 20, italic=True, color=theme.PARCHMENT_DIM)], row_width))
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
        foot.add(self._button("Lobby" if self.client is not None else "Back", "back", self.go_back, "steel", width=140))
        if self.client is not None:
            other = "On this machine" if self.mode == ONLINE else "Online"
            foot.add(self._button(other, "mode", self.switch_mode, "steel", width=170))
        if self.mode == ONLINE:
            foot.add(self._button("Next puzzle", "online-next", self.play_next, "gold", width=150))
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

    def switch_mode(self) -> None:
        """Between the server's puzzles and this machine's (only while connected)."""
        if self.client is None:
            return
        self.mode = LOCAL if self.mode == ONLINE else ONLINE
        self.theme = self.map = None
        self.page = 0
        self.build()

    def play(self, line: PuzzleLine) -> None:
        """Open the puzzle of ``line`` on the game screen (online: once the server sent it)."""
        if self.mode == ONLINE:
            if self.online is not None:
                self.online.open(line.id)
            return
        puzzle = next((p for p in self.puzzles if p.id == line.id), None)
        if puzzle is not None:
            self.navigator.start_puzzle(puzzle, leave=self._leave_local())

    def play_daily(self) -> None:
        """The daily puzzle: the pack's for today, or the server's."""
        if self.mode == ONLINE:
            if self.online is not None:
                self.online.open_daily()
        elif self.puzzles:
            self.navigator.start_puzzle(daily_puzzle(self.puzzles, self.today), daily=True, leave=self._leave_local())

    def play_next(self) -> None:
        """Online: the server's next puzzle for you (not attempted, near your online rating, of
        the theme and map chosen)."""
        if self.mode == ONLINE and self.online is not None:
            self.online.open_next(self.theme, self.map)

    def _leave_local(self) -> Any:
        """Where leaving a puzzle of this machine goes: back here while connected (a new list otherwise)."""
        return self.back_from_puzzle if self.client is not None else None

    def back_from_puzzle(self) -> None:
        """Leaving an online puzzle comes back to this screen (asking the server again)."""
        self.navigator.show(self)

    def go_back(self) -> None:
        if self.client is not None:
            self.navigator.go_lobby(self.client)
        else:
            self.navigator.go_menu()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        if symbol in (k.PAGEUP, k.PAGEDOWN):
            self.turn_page(-1 if symbol == k.PAGEUP else 1)
            return True
        if symbol in (k.T, k.M) and not modifiers:
            self.cycle("theme" if symbol == k.T else "map")
            return True
        if symbol == k.D and not modifiers:
            self.play_daily()
            return True
        if symbol == k.O and not modifiers and self.client is not None:
            self.switch_mode()
            return True
        if symbol == k.N and not modifiers and self.mode == ONLINE:
            self.play_next()
            return True
        return super().on_key_press(symbol, modifiers)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.build()



