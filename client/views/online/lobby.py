"""The online lobby: open seeks, games in play and the server's bots, kept live by the server.

After ``subscribe_lobby`` the server pushes every seek that appears, is taken or withdrawn; the
client library folds the pushes into ``client.lobby`` as this screen drains it once a frame,
and the table is rebuilt whenever ``client.lobby.changes`` moves on. No request is sent to
keep it up to date. One click joins a seek, watches a game or plays a bot; the form on the
right posts a seek or challenges a named player.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from arcade.gui import UIAnchorLayout, UIBoxLayout, UIWidget

from client.ui import theme
from client.ui.widgets import BrassButton, label
from client.views.online.lobby_cells import (
    cell,
    header_row,
    named,
    small_button,
    spread,
    table_row,
    top_panel,
    two_lines,
    versus,
)
from client.views.online.lobby_common import OnlineScreen
from client.views.online.lobby_form import FORM_WIDTH, NewGameForm
from client.views.online.lobby_text import FAMILIES, FAMILY_NAMES, rating_text, short_clock
from shared.wire import BotEntry, LobbyEntry

FORM_GAP = 18
LISTS = (("open", "Open games"), ("live", "Games in play"), ("bots", "Server bots"))
SEEK_COLUMNS = (("Player", 190), ("Map \u00b7 rules", 170), ("Clock", 120), ("", 88))
LIVE_COLUMNS = (("Players", 250), ("Map \u00b7 rules", 160), ("Clock", 120), ("", 88))
BOT_COLUMNS = (("Bot", 170), *((FAMILY_NAMES[f] if f != "correspondence" else "Corresp.", 76) for f in FAMILIES),
               ("", 110))
FLEXIBLE = {"open": (0, 1), "live": (0, 0, 1), "bots": (0,)}
"""The columns that take the room a wider window gives (names and maps)."""


def kind_cell(entry: LobbyEntry, width: int) -> UIBoxLayout:
    """The clock of a game, and under it whether it is rated (amber) or casual (green)."""
    rated = entry.rated
    return two_lines(short_clock(entry.time_control), "rated" if rated else "casual", width,
                     bottom_colour=theme.AMBER if rated else theme.EMERALD)


class LobbyView(OnlineScreen):
    """Seeks, live games and bots on the left (one list at a time); the new-game form on the right."""

    tab = "lobby"
    title = "Online lobby"

    def __init__(self, client: Any, navigator: Any = None) -> None:
        super().__init__(client, navigator)
        self.list = "open"
        self.page = 0
        self._shown: tuple[Any, ...] | None = None
        self.build()

    def build(self) -> None:
        """The list panel and the form, sized for the window (the form keeps its choices)."""
        hello = getattr(self.client.client, "hello_data", None) or {}
        height = self.body_height()
        list_width = self.side_by_side(FORM_WIDTH)
        self.row_width = list_width - 44
        self.columns = {key: spread(columns, self.row_width, FLEXIBLE[key]) for key, columns in
                        (("open", SEEK_COLUMNS), ("live", LIVE_COLUMNS), ("bots", BOT_COLUMNS))}
        self.form = NewGameForm(hello.get("maps") or [], height=height, on_seek=self.post_seek,
                                on_challenge=self.send_challenge, on_change=self._form_changed,
                                previous=getattr(self, "form", None))
        self.list_buttons: dict[str, BrassButton] = {}
        list_tabs = UIBoxLayout(vertical=False, space_between=10)
        tab_width = (self.row_width - 20) // 3
        for key, text in LISTS:
            button = BrassButton(text, width=tab_width, height=40, font_size=16,
                                 on_click=partial(self.show_list, key), name=f"list-{key}")
            self.list_buttons[key] = button
            list_tabs.add(button)
        self.rows = UIBoxLayout(space_between=2, align="left")
        self.prev_button = BrassButton("<", width=44, height=34, font_size=16, kind="steel",
                                       on_click=lambda: self.turn_page(-1), name="page-prev")
        self.next_button = BrassButton(">", width=44, height=34, font_size=16, kind="steel",
                                       on_click=lambda: self.turn_page(1), name="page-next")
        self.page_label = label("", size=13, color=theme.INK_MUTED, italic=True, width=200, align="center")
        pager = UIBoxLayout(vertical=False, space_between=10)
        for widget in (self.prev_button, self.page_label, self.next_button):
            pager.add(widget)
        self.pager = pager
        left = UIBoxLayout(space_between=10)
        left.add(list_tabs)
        holder_height = height - 44 - 40 - 34 - 30
        self.page_rows = max(3, (holder_height - 24) // 46)  # rows of 44 and their gaps, under the titles
        rows_holder = UIAnchorLayout(width=self.row_width, height=holder_height, size_hint=None)
        rows_holder.add(self.rows, anchor_x="left", anchor_y="top")
        left.add(rows_holder)
        left.add(pager)
        body = UIBoxLayout(vertical=False, space_between=FORM_GAP, align="top")
        body.add(top_panel(left, list_width, height))
        body.add(self.form)
        self.place(body)
        self.fill()

    # ---------------------------------------------------------------- live lobby
    def refresh(self) -> None:
        """Follow the lobby live (again after a game or a reconnection); the reply replaces the lists."""
        self.call(self.client.subscribe_lobby(), lambda data: self.fill())

    def on_hide_view(self) -> None:
        super().on_hide_view()
        self.call(self.client.unsubscribe_lobby(), on_error=lambda exc: None)

    def tick(self, delta_time: float) -> None:
        if self._state_key() != self._shown:
            self.fill()

    def _state_key(self) -> tuple[Any, ...]:
        return (self.client.lobby.changes, self.list, self.page, self.form.family)

    def _form_changed(self) -> None:
        if self.list == "bots":
            self.fill()

    def show_list(self, key: str) -> None:
        self.list, self.page = key, 0
        self.fill()

    def turn_page(self, delta: int) -> None:
        self.page += delta
        self.fill()

    def entries(self, key: str) -> list[Any]:
        """The rows of one list, as the server last told them."""
        lobby = self.client.lobby
        if key == "open":
            return lobby.seeks()
        if key == "live":
            return lobby.games_in_play()
        return list(lobby.bots)

    def fill(self) -> None:
        """Rebuild the shown list from ``client.lobby`` (after a push, a page turn or a tab change)."""
        counts = {key: len(self.entries(key)) for key, _ in LISTS}
        for key, text in LISTS:
            button = self.list_buttons[key]
            button.text = f"{text}  ({counts[key]})"
            kind = "gold" if key == self.list else "brass"
            if getattr(button, "_kind", "brass") != kind:
                self._restyle(button, kind)
        entries = self.entries(self.list)
        pages = max(1, -(-len(entries) // self.page_rows))
        self.page = min(max(self.page, 0), pages - 1)
        shown = entries[self.page * self.page_rows:(self.page + 1) * self.page_rows]
        self.rows.clear()
        self.rows.add(header_row(self.columns[self.list], self.row_width))
        makers: dict[str, Callable[[Any, bool], tuple[UIAnchorLayout, BrassButton]]] = {
            "open": self._seek_row, "live": self._live_row, "bots": self._bot_row}
        make = makers[self.list]
        buttons: list[BrassButton] = []
        for i, entry in enumerate(shown):
            row, button = make(entry, i % 2 == 1)
            self.rows.add(row)
            buttons.append(button)
        if not shown:
            self.rows.add(label(self._empty_text(), size=15, color=theme.INK_MUTED, italic=True,
                                width=self.row_width - 20,
                                multiline=True))
        self.pager.visible = pages > 1
        first = self.page * self.page_rows
        self.page_label.text = f"{first + 1}-{first + len(shown)} of {len(entries)}"
        self.nav.controls = (self.tab_buttons + list(self.list_buttons.values()) + buttons
                             + ([self.prev_button, self.next_button] if pages > 1 else []) + self.form.controls)
        self._shown = self._state_key()
        self.ui.request_layout()
        self.request_redraw()

    def _restyle(self, button: BrassButton, kind: str) -> None:
        """Give a list tab the face of ``kind`` (gold: the list on show)."""
        from client.ui.textures import plate_patch

        button._kind = kind  # type: ignore[attr-defined]
        # arcade's setters are annotated Texture but take a nine-patch as its constructor does.
        button.texture = plate_patch(kind, "normal")  # type: ignore[assignment]
        button.texture_hovered = plate_patch(kind, "hover")  # type: ignore[assignment]
        button.texture_pressed = plate_patch(kind, "press")  # type: ignore[assignment]

    def _empty_text(self) -> str:
        if self.list == "open":
            return "No open games right now. Post a seek with the form, or play one of the server's bots."
        if self.list == "live":
            return "Nobody is playing a public game right now."
        return "This server has no bots."

    def _seek_row(self, entry: LobbyEntry, shade: bool) -> tuple[UIAnchorLayout, BrassButton]:
        widths = [w for _, w in self.columns["open"]]
        players, ratings, ids = entry.players, entry.ratings, entry.player_ids
        seat = next((s for s in ("1", "2") if players.get(s)), "1")
        mine = self.me.get("id") is not None and self.me.get("id") in ids.values()
        game = entry.game
        if mine:
            button = small_button("Cancel", lambda: self.cancel_seek(game), name=f"cancel-{game}", kind="ruby",
                                  width=widths[3])
        else:
            button = small_button("Join", lambda: self.join(game), name=f"join-{game}", kind="gold", width=widths[3])
        cells = [
            cell(named(players.get(seat) or "?", rating_text(ratings.get(seat)), widths[0] - 2), widths[0], bold=True),
            two_lines(str(entry.map or ""), str(entry.rules or ""), widths[1]),
            kind_cell(entry, widths[2]),
            button,
        ]
        return table_row(cells, self.row_width, shade=shade, glow=theme.BRASS if mine else None), button

    def _live_row(self, entry: LobbyEntry, shade: bool) -> tuple[UIAnchorLayout, BrassButton]:
        widths = [w for _, w in self.columns["live"]]
        players, ratings = entry.players, entry.ratings
        gold, silver = ((players.get(s) or "?", rating_text(ratings.get(s))) for s in ("1", "2"))
        names = versus(gold, silver, widths[0] - 2)
        game = entry.game
        button = small_button("Watch", lambda: self.watch(game), name=f"watch-{game}", kind="steel", width=widths[3])
        cells = [
            cell(names, widths[0], bold=True),
            two_lines(str(entry.map or ""), str(entry.rules or ""), widths[1]),
            kind_cell(entry, widths[2]),
            button,
        ]
        return table_row(cells, self.row_width, shade=shade), button

    def _bot_row(self, bot: BotEntry, shade: bool) -> tuple[UIAnchorLayout, BrassButton]:
        widths = [w for _, w in self.columns["bots"]]
        level = int(bot.level)
        button = small_button("Play", lambda: self.play_bot(level), name=f"bot-{level}", kind="gold", width=widths[5])
        chosen = self.form.family
        cells: list[UIWidget] = [cell(f"{bot.name or 'Bot'}  (level {level})", widths[0], bold=True)]
        for family in FAMILIES:
            here = family == chosen
            cells.append(cell(rating_text(bot.ratings.get(family)), widths[1],
                              color=theme.BRASS_LIGHT if here else theme.PARCHMENT_DIM, bold=here))
        cells.append(button)
        return table_row(cells, self.row_width, shade=shade), button

    # ---------------------------------------------------------------- actions
    def join(self, game: str) -> None:
        """Take the open seat of a seek; the game opens at once."""
        self.asked = True
        self.call(self.client.join(game=game), lambda data: self.open_when_ready(game, data.get("seat")))

    def cancel_seek(self, game: str) -> None:
        """Withdraw one of this account's seeks (it leaves everyone's lobby)."""
        self.call(self.client.abort(game), lambda data: self.show_toast("Seek withdrawn.", theme.BRASS))

    def post_seek(self, settings: dict[str, Any]) -> None:
        """A public game waiting for anyone; it opens by itself when someone takes it."""
        self.call(self.client.create_game(**settings, public=True, opponent="human"),
                  lambda data: self.show_toast("Seek posted: the game opens here when someone takes it.",
                                               theme.EMERALD, seconds=5))

    def send_challenge(self, name: str, settings: dict[str, Any]) -> None:
        """Offer a game to the player called ``name``."""
        if not name:
            self.show_toast("Type the name of the player to challenge.")
            return
        self.call(self.client.challenge(name=name, **settings),
                  lambda data: self.show_toast(f"Challenge sent to {data['challenged']['name']}: the game opens "
                                               "when they accept (it waits in My games).", theme.EMERALD, seconds=6))

    def play_bot(self, level: int) -> None:
        """A game against the server's bot of ``level``, with the form's settings."""
        settings = self.form.settings()
        self.asked = True
        self.call(self.client.create_game(**settings, public=True, opponent="bot", bot_level=level),
                  lambda data: self.open_when_ready(data["game"], data.get("seat")))

    def go_back(self) -> None:
        """Escape in the lobby leaves online play."""
        self.navigator.leave_online(self.client)
