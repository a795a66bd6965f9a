"""The Tournaments tab: the server's events (running, upcoming, finished) on the left, the one
chosen in the middle with its standings, pushed live, and its lobby's chat on the right; Join
and Leave. While this screen is shown, a game you are paired into opens by itself.

The chat panel stands beside the standings (it never covers them) and shows the lobby's recent
lines from the moment the event is chosen. A click on it (or Ctrl+T) gives it the keyboard:
Enter sends the line, Esc gives the keyboard back. Each line of another player has Mute, Block
and Report links. A click on a player's row of the standings offers Mute, Block and Report for
them too (a report is of their newest line in the lobby); what was done, or the server's
refusal, shows under the chat and as a toast.

Standings rows follow the event's kind: an arena shows each game's points and the flame of a
player on fire (the next game counts double); a swiss its Buchholz and Sonneborn-Berger; a
league each division's table (docs/tournaments.md).
"""

from __future__ import annotations

import functools
import time
from typing import Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.play.chat import RoomChat
from client.ui import theme
from client.ui.widgets import BrassButton, label
from client.views.online.lobby_cells import cell, header_row, small_button, spread, table_row, top_panel, two_lines
from client.views.online.lobby_common import OnlineScreen
from client.views.game.chat_panel import ChatPanel
from client.views.layout import Rect
from client.views.online.lobby_text import short_clock
from shared import wire
from shared.wire import ChatMutedPush, ChatPush, TournamentOverPush, TournamentPush

RIGHT_WIDTH = 500  # the standings
CHAT_WIDTH = 330  # at most
EVENT_COLUMNS = (("Event", 150), ("When", 120), ("Players", 84), ("", 84), ("", 84))
NARROW_EVENT_COLUMNS = (("Event", 150), ("", 64), ("", 64))  # when, and the players, under the name
STANDING_COLUMNS = {
    "arena": (("#", 34), ("Player", 130), ("Points", 62), ("Games", 66), ("Sheet", 110)),
    "swiss": (("#", 34), ("Player", 130), ("Score", 62), ("Buchholz", 80), ("S-B", 70)),
    "league": (("#", 34), ("Player", 130), ("Points", 62), ("Played", 72), ("S-B", 70)),
}
STATUS_COLOURS = {"running": theme.EMERALD, "upcoming": theme.AMBER, "finished": theme.INK_MUTED}
FIRE = "\u2666"  # the flame of a player on fire, drawn as a gem


def when_text(tour: wire.TournamentSummary, now: float) -> tuple[str, str]:
    """The status of an event and, under it, when it starts or ends (or who won)."""
    if tour.status == "upcoming":
        return "Upcoming", f"starts in {minutes(tour.starts - now)}"
    if tour.status == "running":
        if isinstance(tour, wire.SwissSummary):
            return "Running", f"round {tour.round} of {tour.rounds}"
        if isinstance(tour, wire.LeagueSummary):
            return "Running", f"season {tour.season} of {tour.seasons}"
        return "Running", f"ends in {minutes((tour.ends or now) - now)}"
    return "Finished", f"won by {tour.winner.name}" if tour.winner is not None else "no winner"


def minutes(seconds: float) -> str:
    """``12 min``, ``2 h 5 min``, ``less than a minute``."""
    left = max(0, int(seconds // 60))
    if left < 1:
        return "less than a minute"
    return f"{left // 60} h {left % 60} min" if left >= 60 else f"{left} min"


class TournamentsView(OnlineScreen):
    """The events on the left, the chosen one's standings on the right."""

    tab = "tournaments"
    title = "Tournaments"

    def __init__(self, client: Any, navigator: Any = None) -> None:
        super().__init__(client, navigator)
        self.listed: dict[str, list[wire.TournamentSummary]] | None = None
        self.chosen: str | None = None
        self.detail: wire.TournamentDetail | None = None
        self.chat: ChatPanel | None = None  # the chosen event's lobby
        self.picked: tuple[int, str] | None = None  # the player of the standings to act on
        self.standing_rows: list[tuple[UIAnchorLayout, int, str]] = []
        self._told: tuple[str | None, str | None] = (None, None)
        self._painted: Any = None
        self.build()

    # ---------------------------------------------------------------- layout
    def build(self) -> None:
        height = self.body_height()
        # the chat gives up some width in a small window, so that the events' rows still fit
        self.chat_width = min(CHAT_WIDTH, max(240, self.window.width - 40 - 36 - RIGHT_WIDTH - 360))
        left_width = self.side_by_side(RIGHT_WIDTH + 18 + self.chat_width)
        self.row_width = left_width - 44
        self.narrow = self.row_width < sum(w for _, w in EVENT_COLUMNS) + 8 * 4 + 20
        self.columns = spread(NARROW_EVENT_COLUMNS if self.narrow else EVENT_COLUMNS, self.row_width,
                              (0,) if self.narrow else (0, 0, 1))
        left = UIBoxLayout(space_between=8, align="left")
        left.add(label("Events", size=21, color=theme.BRASS_LIGHT, bold=True))
        self.rows = UIBoxLayout(space_between=2, align="left")
        left.add(self.rows)
        right = UIBoxLayout(space_between=8, align="left")
        self.heading = label("Choose an event", size=21, color=theme.BRASS_LIGHT, bold=True, width=RIGHT_WIDTH - 44)
        self.about = label("", size=13, color=theme.PARCHMENT_DIM, italic=True, width=RIGHT_WIDTH - 44)
        self.table = UIBoxLayout(space_between=2, align="left")
        self.hint = label("", size=13, color=theme.INK_MUTED, italic=True, width=RIGHT_WIDTH - 44, multiline=True)
        self.actions = UIBoxLayout(vertical=False, space_between=8, align="center")
        for widget in (self.heading, self.about, self.table, self.actions, self.hint):
            right.add(widget)
        body = UIBoxLayout(vertical=False, space_between=18, align="top")
        body.add(top_panel(left, left_width, height))
        body.add(top_panel(right, RIGHT_WIDTH, height))
        self.chat_box = UIAnchorLayout(width=self.chat_width, height=height, size_hint=None)  # the chat is painted here
        body.add(self.chat_box)
        self.place(body)
        self.fill()

    def fill(self) -> None:
        """Rebuild both panels from what was received."""
        self.rows.clear()
        self.rows.add(header_row(self.columns, self.row_width))
        buttons: list[BrassButton] = []
        tours = [e for status in ("running", "upcoming", "finished") for e in (self.listed or {}).get(status, [])]
        for i, tour in enumerate(tours):
            row, row_buttons = self._event_row(tour, i % 2 == 1)
            self.rows.add(row)
            buttons.extend(row_buttons)
        if not tours:
            text = "Asking the server..." if self.listed is None else "No tournaments on this server yet."
            self.rows.add(label(text, size=15, color=theme.INK_MUTED, italic=True, width=self.row_width - 20))
        self._fill_standings()
        self.nav.controls = self.tab_buttons + buttons + self._fill_actions()
        self.ui.request_layout()
        self.request_redraw()

    def _event_row(self, tour: wire.TournamentSummary, shade: bool) -> tuple[UIAnchorLayout, list[BrassButton]]:
        widths = [w for _, w in self.columns]
        view_w, act_w = widths[-2:]
        tid = tour.id
        status, when = when_text(tour, time.time())
        kind = f"{tour.kind} \u00b7 {tour.map} \u00b7 {short_clock(tour.time_control)}"
        view = small_button("View", lambda: self.choose(tid), name=f"view-{tid}", kind="steel", width=view_w)
        mine = self.me.get("id") in self._present(tid)
        if tour.status == "finished":
            act = small_button("Over", lambda: None, name=f"over-{tid}", kind="steel", width=act_w)
            act.disabled = True
        elif mine:
            act = small_button("Leave", lambda: self.leave(tid), name=f"leave-{tid}", kind="steel", width=act_w)
        else:
            act = small_button("Join", lambda: self.join(tid), name=f"join-{tid}", kind="gold", width=act_w)
        colour = STATUS_COLOURS.get(tour.status, theme.PARCHMENT)
        if self.narrow:  # the status and the players go under the name
            players = f"{tour.players} player{'s' if tour.players != 1 else ''}"
            cells: list[Any] = [two_lines(tour.name, f"{status} \u00b7 {when} \u00b7 {players}", widths[0], bold=True,
                                          bottom_colour=colour), view, act]
        else:
            cells = [
                two_lines(tour.name, kind, widths[0], bold=True),
                two_lines(status, when, widths[1], colour=colour, bold=True),
                cell(f"{tour.players}", widths[2], align="center"),
                view, act,
            ]
        glow = theme.BRASS if tid == self.chosen else None
        return table_row(cells, self.row_width, height=48, shade=shade, glow=glow), [view, act]

    def _present(self, tid: str) -> set[int]:
        """The players still in ``tid`` (known for the event shown)."""
        if self.detail is None or self.detail.id != tid:
            return set()
        return {r.user.id for r in self.detail.standings if r.present}

    def _fill_standings(self) -> None:
        self.table.clear()
        self.standing_rows = []
        tour = self.detail
        if tour is None:
            self.hint.text = "Join an event and stay on this screen: your games open by themselves when you are paired."
            return
        self.heading.text = tour.name
        status, when = when_text(tour, time.time())
        clock = short_clock(tour.time_control)
        self.about.text = f"{tour.kind} \u00b7 {status.lower()}, {when} \u00b7 {tour.players} player{'s' if tour.players != 1 else ''} \u00b7 {clock}" + (
            " \u00b7 rated" if tour.rated else "")
        kind = tour.kind
        columns = spread(STANDING_COLUMNS.get(kind, STANDING_COLUMNS["arena"]), RIGHT_WIDTH - 44, (1, 4))
        self.table.add(header_row(columns, RIGHT_WIDTH - 44))
        widths = [w for _, w in columns]
        me = self.me.get("id")
        division = None
        rows: list[wire.StandingRow] = list(tour.standings)
        room = self.body_height() - 44 - 150 - 36 - 44  # the heading, the line under it, the titles, the actions, the hint
        for i, row in enumerate(rows[:max(3, room // 36)]):
            if isinstance(row, wire.LeagueRow) and row.division != division:
                division = row.division
                self.table.add(label(f"Division {division}", size=13, color=theme.BRASS, bold=True))
            name = row.user.name + ("" if row.present else " (left)")
            if isinstance(row, wire.ArenaRow):
                extra = [cell(f"{row.points}" + (f" {FIRE}" if row.fire else ""), widths[2], bold=True,
                              color=theme.AMBER if row.fire else theme.PARCHMENT),
                         cell(str(row.games), widths[3], align="center"),
                         cell(" ".join(str(p) for p in row.sheet) or "-", widths[4], size=13)]
            elif isinstance(row, wire.SwissRow):
                extra = [cell(f"{row.points:g}", widths[2], bold=True), cell(f"{row.buchholz:g}", widths[3]),
                         cell(f"{row.sonneborn_berger:g}", widths[4])]
            else:
                extra = [cell(f"{row.points:g}", widths[2], bold=True), cell(str(row.games), widths[3]),
                         cell(f"{row.sonneborn_berger:g}", widths[4])]
            colour = theme.BRASS_LIGHT if row.rank == 1 else theme.PARCHMENT
            cells = [cell(str(row.rank), widths[0], color=colour, bold=True), cell(name, widths[1], color=colour), *extra]
            picked = self.picked is not None and self.picked[0] == row.user.id
            glow = theme.BRASS if picked else theme.EMERALD if row.user.id == me else None
            line = table_row(cells, RIGHT_WIDTH - 44, height=34, shade=i % 2 == 1, glow=glow)
            self.standing_rows.append((line, row.user.id, row.user.name))
            self.table.add(line)
        if not tour.standings:
            self.table.add(label("Nobody has joined yet.", size=15, color=theme.INK_MUTED, italic=True))
        playing = len(tour.playing)
        self.hint.text = (f"{playing} game{'s' if playing != 1 else ''} in play. " if tour.status == "running" else "") + (
            "Your games open by themselves when you are paired. " if me in self._present(tour.id) else "") + (
            "Click a player to mute, block or report them." if self.picked is None and tour.standings else "")

    def _fill_actions(self) -> list[BrassButton]:
        """Mute, Block and Report for the player picked in the standings (nothing if none is)."""
        self.actions.clear()
        if self.picked is None or self.chat is None:
            return []
        user, name = self.picked
        self.actions.add(cell(f"{name}:", 130, bold=True, color=theme.BRASS_LIGHT))
        buttons = [small_button(text, functools.partial(self.act_on_player, what), name=f"{what}-player", kind=kind,
                                width=80)
                   for what, text, kind in (("mute", "Mute", "steel"), ("block", "Block", "steel"),
                                            ("report", "Report", "brass"))]
        for button in buttons:
            self.actions.add(button)
        close = small_button("\u00d7", lambda: self.pick(None), name="unpick-player", kind="steel", width=40)
        self.actions.add(close)
        return [*buttons, close]

    def pick(self, player: tuple[int, str] | None) -> None:
        """Offer Mute, Block and Report for ``player`` (``(id, name)``; None: offer nothing)."""
        self.picked = player
        self.fill()

    def act_on_player(self, what: str) -> None:
        """Mute, block or report the player picked (what came of it shows under the chat)."""
        if self.picked is not None and self.chat is not None:
            self.chat.chat.act_on_player(*self.picked, what)

    # ---------------------------------------------------------------- asking
    def refresh(self) -> None:
        self.call(self.client.call("tournaments"), self._listed)
        if self.chosen is not None:
            self.call(self.client.call("tournament_room", self.chosen), self._detailed)

    def _listed(self, data: dict[str, Any]) -> None:
        self.listed = {status: [wire.summary_of(e) for e in events] for status, events in data.items()}
        if self.chosen is None:
            first = next((e for status in ("running", "upcoming", "finished") for e in self.listed.get(status, [])), None)
            if first is not None:
                self.choose(first.id)
        self.fill()

    def _detailed(self, data: dict[str, Any]) -> None:
        """A ``tournament`` reply: the event's standings and its lobby's recent lines."""
        detail = wire.detail_of(data["tournament"])
        if detail.id == self.chosen:
            self.detail = detail
            if self.chat is None or self.chat.chat.place != detail.id:
                self.chat = ChatPanel(RoomChat.of_tournament(self.client, detail.id, me=self.me.get("id")))
            self.chat.chat.load(data.get("chat") or [])
            self.fill()

    def choose(self, tid: str) -> None:
        """Show ``tid``'s standings and its lobby's chat (and follow them live)."""
        if tid != self.chosen:
            self.picked = None
        self.chosen = tid
        self.call(self.client.call("tournament_room", tid), self._detailed)

    def join(self, tid: str) -> None:
        self.call(self.client.call("join_tournament", tid), lambda data: self._changed(tid, data, "You are in."))

    def leave(self, tid: str) -> None:
        self.call(self.client.call("leave_tournament", tid), lambda data: self._changed(tid, data, "You left the event."))

    def _changed(self, tid: str, data: dict[str, Any], text: str) -> None:
        self.show_toast(text, theme.BRASS, seconds=2)
        self.chosen = tid
        self.detail = wire.detail_of(data)
        self.refresh()

    # ---------------------------------------------------------------- pushes
    def on_message(self, message: Any) -> None:
        if isinstance(message, (ChatPush, ChatMutedPush)) and self.chat is not None:
            self.chat.chat.receive(message)
        if isinstance(message, (TournamentPush, TournamentOverPush)):
            tour = message.tournament
            if tour.id == self.chosen:
                self.detail = tour
            for listed in (self.listed or {}).values():
                for i, e in enumerate(listed):
                    if e.id == tour.id:
                        listed[i] = tour  # a detail is its summary too
            if isinstance(message, TournamentOverPush) and message.winner is not None:
                self.show_toast(f"{tour.name}: won by {message.winner.name}", theme.BRASS_LIGHT, seconds=4)
                self.refresh()
            self.fill()
        super().on_message(message)  # a tournament_game opens on every online screen

    # ---------------------------------------------------------------- the chat
    def chat_rect(self) -> Rect:
        """Where the chat panel is painted (beside the standings)."""
        r = self.chat_box.rect
        return Rect(r.left, r.bottom, r.width, r.height)

    def draw_extra(self) -> None:
        if self.chat is not None:
            self.chat.paint(self.texts, self.chat_rect())

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.chat is None:
            return
        chat = self.chat.chat
        chat.settle()
        told = (chat.note, chat.problem)
        if told != self._told:
            self._told = told
            text = chat.problem or chat.note
            if text:
                self.show_toast(text[0].upper() + text[1:], theme.RUBY if chat.problem else theme.EMERALD)
        if self.chat.key() != self._painted:
            self._painted = self.chat.key()
            self.request_redraw()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if self.chat is not None and self.chat.on_key_press(symbol, modifiers):
            return True
        return super().on_key_press(symbol, modifiers)

    def on_text(self, text: str) -> None:
        if self.chat is not None:
            self.chat.on_text(text)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A click on the chat gives it the keyboard (and does a line's link); on a player's row
        of the standings, offers Mute, Block and Report for them."""
        if self.chat is not None and self.chat_rect().contains(x, y):
            if not self.chat.chat.open:
                self.chat.chat.toggle()
            self.chat.on_mouse_press(x, y)
            return
        for row, user, name in self.standing_rows:
            if row.rect.point_in_rect((x, y)):
                self.pick((user, name))
                return
