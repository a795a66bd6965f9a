"""The Tournaments tab: the server's events (running, upcoming, finished) on the left, the one
chosen on the right with its standings, pushed live; Join and Leave. While this screen is shown,
a game you are paired into opens by itself.

Standings rows follow the event's kind: an arena shows each game's points and the flame of a
player on fire (the next game counts double); a swiss its Buchholz and Sonneborn-Berger; a
league each division's table (docs/tournaments.md).
"""

from __future__ import annotations

import time
from typing import Any

from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.ui import theme
from client.ui.widgets import BrassButton, label
from client.views.online.lobby_cells import cell, header_row, small_button, spread, table_row, top_panel, two_lines
from client.views.online.lobby_common import OnlineScreen
from client.views.online.lobby_text import short_clock
from shared import wire
from shared.wire import TournamentOverPush, TournamentPush

RIGHT_WIDTH = 560
EVENT_COLUMNS = (("Event", 150), ("When", 120), ("Players", 84), ("", 84), ("", 84))
STANDING_COLUMNS = {
    "arena": (("#", 34), ("Player", 150), ("Points", 62), ("Games", 66), ("Sheet", 150)),
    "swiss": (("#", 34), ("Player", 150), ("Score", 62), ("Buchholz", 80), ("S-B", 70)),
    "league": (("#", 34), ("Player", 150), ("Points", 62), ("Played", 72), ("S-B", 70)),
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
        self.build()

    # ---------------------------------------------------------------- layout
    def build(self) -> None:
        height = self.body_height()
        left_width = self.side_by_side(RIGHT_WIDTH)
        self.row_width = left_width - 44
        self.columns = spread(EVENT_COLUMNS, self.row_width, (0, 0, 1))
        left = UIBoxLayout(space_between=8, align="left")
        left.add(label("Events", size=21, color=theme.BRASS_LIGHT, bold=True))
        self.rows = UIBoxLayout(space_between=2, align="left")
        left.add(self.rows)
        right = UIBoxLayout(space_between=8, align="left")
        self.heading = label("Choose an event", size=21, color=theme.BRASS_LIGHT, bold=True, width=RIGHT_WIDTH - 44)
        self.about = label("", size=13, color=theme.PARCHMENT_DIM, italic=True, width=RIGHT_WIDTH - 44)
        self.table = UIBoxLayout(space_between=2, align="left")
        self.hint = label("", size=13, color=theme.INK_MUTED, italic=True, width=RIGHT_WIDTH - 44, multiline=True)
        for widget in (self.heading, self.about, self.table, self.hint):
            right.add(widget)
        body = UIBoxLayout(vertical=False, space_between=18, align="top")
        body.add(top_panel(left, left_width, height))
        body.add(top_panel(right, RIGHT_WIDTH, height))
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
        self.nav.controls = self.tab_buttons + buttons
        self.ui.request_layout()
        self.request_redraw()

    def _event_row(self, tour: wire.TournamentSummary, shade: bool) -> tuple[UIAnchorLayout, list[BrassButton]]:
        widths = [w for _, w in self.columns]
        tid = tour.id
        status, when = when_text(tour, time.time())
        kind = f"{tour.kind} \u00b7 {tour.map} \u00b7 {short_clock(tour.time_control)}"
        view = small_button("View", lambda: self.choose(tid), name=f"view-{tid}", kind="steel", width=widths[3])
        mine = self.me.get("id") in self._present(tid)
        if tour.status == "finished":
            act = small_button("Over", lambda: None, name=f"over-{tid}", kind="steel", width=widths[4])
            act.disabled = True
        elif mine:
            act = small_button("Leave", lambda: self.leave(tid), name=f"leave-{tid}", kind="steel", width=widths[4])
        else:
            act = small_button("Join", lambda: self.join(tid), name=f"join-{tid}", kind="gold", width=widths[4])
        cells = [
            two_lines(tour.name, kind, widths[0], bold=True),
            two_lines(status, when, widths[1], colour=STATUS_COLOURS.get(tour.status, theme.PARCHMENT), bold=True),
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
        tour = self.detail
        if tour is None:
            self.hint.text = "Join an event and stay on this screen: your games open by themselves when you are paired."
            return
        self.heading.text = tour.name
        status, when = when_text(tour, time.time())
        clock = short_clock(tour.time_control)
        self.about.text = f"{tour.kind} \u00b7 {status.lower()}, {when} \u00b7 {tour.players} players \u00b7 {clock}" + (
            " \u00b7 rated" if tour.rated else "")
        kind = tour.kind
        columns = spread(STANDING_COLUMNS.get(kind, STANDING_COLUMNS["arena"]), RIGHT_WIDTH - 44, (1, 4))
        self.table.add(header_row(columns, RIGHT_WIDTH - 44))
        widths = [w for _, w in columns]
        me = self.me.get("id")
        division = None
        rows: list[wire.StandingRow] = list(tour.standings)
        for i, row in enumerate(rows[:14]):
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
            glow = theme.EMERALD if row.user.id == me else None
            self.table.add(table_row(cells, RIGHT_WIDTH - 44, height=34, shade=i % 2 == 1, glow=glow))
        if not tour.standings:
            self.table.add(label("Nobody has joined yet.", size=15, color=theme.INK_MUTED, italic=True))
        playing = len(tour.playing)
        self.hint.text = (f"{playing} game{'s' if playing != 1 else ''} in play. " if tour.status == "running" else "") + (
            "Your games open by themselves when you are paired." if me in self._present(tour.id) else "")

    # ---------------------------------------------------------------- asking
    def refresh(self) -> None:
        self.call(self.client.call("tournaments"), self._listed)
        if self.chosen is not None:
            self.call(self.client.call("tournament", self.chosen), self._detailed)

    def _listed(self, data: dict[str, Any]) -> None:
        self.listed = {status: [wire.summary_of(e) for e in events] for status, events in data.items()}
        if self.chosen is None:
            first = next((e for status in ("running", "upcoming", "finished") for e in self.listed.get(status, [])), None)
            if first is not None:
                self.choose(first.id)
        self.fill()

    def _detailed(self, data: dict[str, Any]) -> None:
        detail = wire.detail_of(data)
        if detail.id == self.chosen:
            self.detail = detail
            self.fill()

    def choose(self, tid: str) -> None:
        """Show ``tid``'s standings (and follow them live)."""
        self.chosen = tid
        self.call(self.client.call("tournament", tid), self._detailed)

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
