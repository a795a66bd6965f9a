"""Saved games: the local games in progress, newest first, to resume or delete.

Each row shows the map, the opponent (the computer and its level, or pass and play), the turn
and when the game was last saved; Resume plays on and Delete asks first. A file that cannot be
read is listed as damaged, with why, and can only be deleted. The list is paged (no game is
ever dropped from it); Page Up and Page Down turn the pages, the arrows and Enter choose.
"""

from __future__ import annotations

import time
from typing import Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIWidget

from client.play import savegame
from client.ui import theme
from client.ui.widgets import BrassButton, Panel, label
from client.views.base import BaseView
from client.views.online.lobby_cells import cell, header_row, small_button, spread, table_row, top_panel, two_lines

COLUMNS = (("Map", 190), ("Opponent", 210), ("Turn", 56), ("Saved", 150), ("", 96), ("", 96))
FLEXIBLE = (0, 1, 1)
ROW_H = 52
PANEL_W = 1040


def saved_when(seconds: float, now: float | None = None) -> tuple[str, str]:
    """When a game was saved, as the list says it: ("today", "14:05"), ("3 Dec 2026", "09:30")..."""
    now = time.time() if now is None else now
    when, today = time.localtime(seconds), time.localtime(now)
    clock = time.strftime("%H:%M", when)
    days = (time.mktime(today[:3] + (0, 0, 0, 0, 0, -1)) - time.mktime(when[:3] + (0, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return "Today", clock
    if round(days) == 1:
        return "Yesterday", clock
    return f"{when.tm_mday} {time.strftime('%b %Y', when)}", clock


class SavedGamesView(BaseView):
    """The Resume list of the main menu."""

    title = "Saved games"
    subtitle = "Your games on this computer, newest first: every move is saved as it is played"

    def __init__(self) -> None:
        super().__init__(back=self.go_back)
        self.games: list[savegame.SavedGame] = []
        self.page = 0
        self.confirming: savegame.SavedGame | None = None
        self.buttons: dict[str, BrassButton] = {}
        self.reload()

    # ---------------------------------------------------------------- the list
    @property
    def page_rows(self) -> int:
        """Rows on a page: as many as the window's height holds."""
        return max(3, (self.window.height - 360) // (ROW_H + 2))

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.games) // self.page_rows))

    def reload(self) -> None:
        """Read the saves folder again and show the list."""
        self.games = savegame.list_saves()
        self.page = min(self.page, self.pages - 1)
        self.build()

    def build(self) -> None:
        """The panel for the window as it is: the table, or the question about a deletion."""
        self.root.clear()
        self.buttons = {}
        if self.confirming is not None:
            self._build_confirm(self.confirming)
        else:
            self._build_table()
        self.nav.controls = list(self.buttons.values())
        self.nav.index = None
        self.request_redraw()

    def _button(self, text: str, name: str, action: Any, kind: str, width: int = 96) -> BrassButton:
        button = small_button(text, action, name=name, kind=kind, width=width)
        self.buttons[name] = button
        return button

    def _build_table(self) -> None:
        width = min(PANEL_W, self.window.width - 80)
        row_width = width - 44
        columns = spread(COLUMNS, row_width, FLEXIBLE)
        rows = UIBoxLayout(space_between=2, align="left")
        rows.add(header_row(columns, row_width))
        start = self.page * self.page_rows
        shown = self.games[start:start + self.page_rows]
        for i, game in enumerate(shown):
            rows.add(self._row(start + i, game, columns, row_width, shade=i % 2 == 1))
        if not self.games:
            rows.add(table_row([cell("No saved games. A game you start from the menu is kept here until it ends.",
                                     row_width - 20, italic=True, color=theme.PARCHMENT_DIM)], row_width))
        foot = UIBoxLayout(vertical=False, space_between=16, align="center")
        foot.add(self._button("Back", "back", self.go_back, "steel", width=140))
        if self.pages > 1:
            newer = self._button("Newer", "newer", lambda: self.turn_page(-1), "brass", width=120)
            newer.disabled = self.page == 0
            foot.add(newer)
            foot.add(label(f"Page {self.page + 1} of {self.pages}  \u00b7  {len(self.games)} games", size=14,
                           color=theme.PARCHMENT_DIM, italic=True, width=220, align="center"))
            older = self._button("Older", "older", lambda: self.turn_page(1), "brass", width=120)
            older.disabled = self.page >= self.pages - 1
            foot.add(older)
        body = UIBoxLayout(space_between=14, align="left")
        body.add(label("Games in progress", size=21, color=theme.BRASS_LIGHT, bold=True))
        holder = UIAnchorLayout(width=row_width, height=24 + 2 + self.page_rows * (ROW_H + 2), size_hint=None)
        holder.add(rows, anchor_x="left", anchor_y="top")
        body.add(holder)
        body.add(label("A game that ends leaves this list: watch its replay or analyse it from the end screen.",
                       size=13, color=theme.INK_MUTED, italic=True))
        outer = UIBoxLayout(space_between=14)
        outer.add(top_panel(body, width, 44 + 30 + 14 + 26 + self.page_rows * (ROW_H + 2) + 14 + 22 + 8))
        outer.add(foot)
        self.root.add(outer, anchor_x="center", anchor_y="top", align_y=-140)

    def _row(self, index: int, game: savegame.SavedGame, columns: list[tuple[str, int]], row_width: int,
             shade: bool) -> UIAnchorLayout:
        widths = [w for _, w in columns]
        day, clock = saved_when(game.saved_at)
        resume = self._button("Resume", f"resume-{index}", lambda g=game: self.resume(g), "gold")
        delete = self._button("Delete", f"delete-{index}", lambda g=game: self.ask_delete(g), "ruby")
        if game.damaged:
            resume.disabled = True
            cells: list[UIWidget] = [two_lines("Damaged save", game.path.name, widths[0], colour=theme.RUBY, bold=True),
                     two_lines("This game cannot be resumed:", str(game.problem), widths[1] + widths[2] + 8,
                               colour=theme.PARCHMENT_DIM, bottom_colour=theme.RUBY),
                     two_lines(day, clock, widths[3]), resume, delete]
            return table_row(cells, row_width, height=ROW_H, glow=theme.RUBY)
        cells = [cell(game.title, widths[0], bold=True, color=theme.BRASS_LIGHT),
                 two_lines(game.opponent, game.seats, widths[1]),
                 cell(str(game.turn), widths[2]),
                 two_lines(day, clock, widths[3]), resume, delete]
        return table_row(cells, row_width, height=ROW_H, shade=shade)

    def _build_confirm(self, game: savegame.SavedGame) -> None:
        what = (f"the damaged save {game.path.name}" if game.damaged
                else f"the game on {game.title} against {game.opponent}, turn {game.turn}")
        box = UIBoxLayout(space_between=22)
        box.add(label("Delete this game?", size=24, color=theme.AMBER, bold=True))
        box.add(label(f"Delete {what}? It cannot be undone.", size=17, width=520, multiline=True, align="center"))
        row = UIBoxLayout(vertical=False, space_between=16)
        row.add(self._button("Keep it  (N)", "keep", self.cancel_delete, "steel", width=180))
        row.add(self._button("Delete  (Y)", "confirm-delete", self.delete_confirmed, "ruby", width=180))
        box.add(row)
        self.root.add(Panel(box, width=600, height=250), anchor_x="center", anchor_y="center")

    # ---------------------------------------------------------------- actions
    def turn_page(self, delta: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + delta))
        self.build()

    def resume(self, game: savegame.SavedGame) -> None:
        """Play on: the game as it was saved, its chronicle told again."""
        try:
            session = savegame.load(self.app.lexicon, game.path)
        except savegame.SaveError as exc:
            self.reload()
            self.show_toast(f"This game cannot be resumed: {exc.reason}.", seconds=8.0)
            return
        self.navigator.start_game(session)

    def ask_delete(self, game: savegame.SavedGame) -> None:
        self.confirming = game
        self.build()

    def cancel_delete(self) -> None:
        self.confirming = None
        self.build()

    def delete_confirmed(self) -> None:
        game, self.confirming = self.confirming, None
        if game is not None:
            try:
                savegame.delete(game.path)
            except OSError as exc:
                self.show_toast(f"The game could not be deleted: {exc.strerror or exc}.", seconds=8.0)
            else:
                self.show_toast(f"Deleted the game on {game.title}.", colour=theme.BRASS)
        self.reload()

    def go_back(self) -> None:
        if self.confirming is not None:
            self.cancel_delete()
            return
        self.navigator.go_menu()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        if self.confirming is not None:
            if symbol in (k.Y, k.ENTER, k.RETURN, k.NUM_ENTER) and not (symbol != k.Y and self.nav.focused):
                self.delete_confirmed()
                return True
            if symbol in (k.N, k.ESCAPE):
                self.cancel_delete()
                return True
        elif symbol in (k.PAGEUP, k.PAGEDOWN):
            self.turn_page(-1 if symbol == k.PAGEUP else 1)
            return True
        return super().on_key_press(symbol, modifiers)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.build()
