"""The leaderboard panel of the profile screen: the best-rated players of one family, and a
field to look a player up by name.

Names are links: a click opens that player's profile (by id, since names are not unique).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from arcade.gui import UIBoxLayout, UIFlatButton
from arcade.types import RGBA255

from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow, Panel, TextField, label
from client.views.online.lobby_cells import cell, fit, header_row, table_row
from client.views.online.lobby_text import FAMILIES, FAMILY_NAMES, rating_text

BOARD_WIDTH = 400
ROW_WIDTH = BOARD_WIDTH - 44
BOARD_ROWS = 10
COLUMNS = (("#", 30), ("Player", 160), ("Rating", 70), ("Games", 58))


def _link_style(colour: RGBA255) -> UIFlatButton.UIStyle:
    """A name link's look in one state: no background, so nothing punches through the panel."""
    # arcade draws no background for bg=None (it tests the colour), though it annotates a colour.
    return UIFlatButton.UIStyle(font_size=15, font_name=(theme.SERIF,), font_color=colour,
                                bg=None, border=None)  # type: ignore[arg-type]


class NameLink(UIFlatButton):
    """A player's name that opens their profile: brass text, a faint plate under the mouse."""

    def __init__(self, text: str, *, width: int, on_click: Callable[[], Any], name: str) -> None:
        super().__init__(text=fit(text, width - 8, 15, bold=True), width=width, height=30, style={
            "normal": _link_style(theme.BRASS_LIGHT),
            "hover": _link_style(theme.GOLD),
            "press": _link_style(theme.PARCHMENT),
            "disabled": _link_style(theme.INK_MUTED),
        })
        self.name = name
        self._callback = on_click
        self.place_text(anchor_x="left", align_x=4)

        @self.event("on_click")
        def _clicked(event: Any) -> None:
            self._callback()


class LeaderboardPanel(Panel):
    """Family choice, "show provisional" choice, the table, and "look up a player"."""

    def __init__(self, *, height: int, ask: Callable[[str, bool], Any], open_user: Callable[[int | None], Any],
                 find_name: Callable[[str], Any], me: int | None = None,
                 previous: LeaderboardPanel | None = None) -> None:
        """``previous``: the panel this one replaces (after a resize); its choices carry over."""
        self.ask, self.open_user, self.find_name, self.me = ask, open_user, find_name, me
        self.family_row = ChoiceRow([(f, FAMILY_NAMES[f]) for f in FAMILIES], "blitz", width=ROW_WIDTH,
                                    name="board-family", on_change=lambda _: self.request())
        self.provisional_row = ChoiceRow([(True, "With provisional ratings"), (False, "Established ratings only")],
                                         True, width=ROW_WIDTH, name="board-provisional",
                                         on_change=lambda _: self.request())
        self.rows = UIBoxLayout(space_between=0, align="left")
        self.find_field = TextField("", width=ROW_WIDTH - 130, height=38, name="find-name")
        self.find_button = BrassButton("Look up", width=120, height=38, font_size=15, on_click=self.find,
                                       name="find")
        box = UIBoxLayout(space_between=8, align="left")
        box.add(label("Leaderboard", size=21, color=theme.BRASS_LIGHT, bold=True))
        box.add(self.family_row)
        box.add(self.provisional_row)
        box.add(self.rows)
        find = UIBoxLayout(vertical=False, space_between=10)
        find.add(self.find_field)
        find.add(self.find_button)
        box.add(label("A ? marks a provisional rating: too few games to be sure of it yet.", size=12,
                      color=theme.INK_MUTED, italic=True, width=ROW_WIDTH, multiline=True))
        box.add(label("Look up a player by name", size=13, color=theme.INK_MUTED, italic=True))
        box.add(find)
        super().__init__(width=BOARD_WIDTH, height=height, padding=22)
        self.add(box, anchor_x="center", anchor_y="top")
        self.links: list[NameLink] = []
        if previous is not None:
            self.family_row.set_value(previous.family_row.value)
            self.provisional_row.set_value(previous.provisional_row.value)
            self.find_field.value = previous.find_field.value
        self.show(None)

    @property
    def controls(self) -> list[Any]:
        return [self.family_row, self.provisional_row, *self.links, self.find_button]

    def request(self) -> None:
        """Ask for the board of the chosen family."""
        self.ask(self.family_row.value, bool(self.provisional_row.value))

    def show(self, board: dict[str, Any] | None) -> None:
        """Fill the table from a ``leaderboard`` answer (None: still asking)."""
        self.rows.clear()
        self.rows.add(header_row(COLUMNS, ROW_WIDTH))
        self.links = []
        players = (board or {}).get("players") or []
        for i, row in enumerate(players[:BOARD_ROWS]):
            user = row.get("user") or {}
            uid = user.get("id")
            link = NameLink(str(user.get("name", "?")), width=COLUMNS[1][1], name=f"board-{uid}",
                            on_click=partial(self.open_user, uid))
            self.links.append(link)
            cells = [cell(str(row.get("rank", i + 1)), COLUMNS[0][1], color=theme.INK_MUTED), link,
                     cell(rating_text(row), COLUMNS[2][1], bold=True), cell(str(row.get("games", 0)), COLUMNS[3][1],
                                                                           color=theme.PARCHMENT_DIM)]
            mine = self.me is not None and user.get("id") == self.me
            self.rows.add(table_row(cells, ROW_WIDTH, height=34, shade=i % 2 == 1, glow=theme.BRASS if mine else None))
        if board is not None and not players:
            family = FAMILY_NAMES.get(board.get("family", ""), "this family")
            text = (f"Nobody is rated in {family} yet." if self.provisional_row.value
                    else f"Nobody has an established {family} rating yet: show the provisional ones.")
            self.rows.add(label(text, size=14, color=theme.INK_MUTED, italic=True, width=ROW_WIDTH - 10,
                                multiline=True))

    def find(self) -> None:
        name = self.find_field.value.strip()
        if name:
            self.find_name(name)
