"""A player's profile: a rating per time-control family, their finished games (result, opponent,
map, rating change, with a ``?`` while provisional), and the leaderboards.

Any finished game opens in the replay viewer (the server's record of it, by id) or is saved
to ``records/GAME.jsonl`` in the user's data folder, which ``scryptic replay`` reads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arcade.gui import UIAnchorLayout, UIBoxLayout, UILabel

from client.ui import theme
from client.ui.textures import inset_patch
from client.ui.widgets import BrassButton, label
from client.views.online.lobby_cells import (
    cell,
    fit,
    header_row,
    small_button,
    spread,
    table_row,
    top_panel,
    two_lines,
)
from client.views.online.lobby_common import OnlineScreen
from client.views.online.lobby_text import (
    FAMILIES,
    FAMILY_NAMES,
    OUTCOME_TEXT,
    PROVISIONAL_RD,
    change_text,
    opponent_text,
    rating_text,
    reason_text,
    short_clock,
)
from client.views.online.profile_board import BOARD_WIDTH, LeaderboardPanel
from shared.files.userdirs import data_dir

PAGE_ROWS = 7
"""History lines a page at most (fewer in a short window)."""
ROW_HEIGHT = 48
COLUMNS = (("Result", 90), ("Opponent", 110), ("Map \u00b7 rules", 106), ("Clock", 62), ("Rating", 110),
           ("", 76), ("", 76))
FLEXIBLE = (1, 2)
OUTCOME_COLOURS = {"win": theme.EMERALD, "loss": theme.RUBY, "draw": theme.BRASS_LIGHT, "aborted": theme.INK_MUTED}


def records_dir() -> Path:
    """Where exported records go: ``records/`` in the user's data folder."""
    return data_dir() / "records"


class ProfileView(OnlineScreen):
    """Ratings and history on the left, the leaderboard on the right."""

    tab = "profile"
    title = "Profile"

    def __init__(self, client: Any, navigator: Any = None, *, user: int | None = None,
                 name: str | None = None) -> None:
        super().__init__(client, navigator)
        self.who: dict[str, Any] = {"user": user, "name": name} if (user is not None or name) else {}
        self.page_data: dict[str, Any] | None = None
        self.profile_data: dict[str, Any] | None = None
        self.before: list[float | None] = [None]  # the ``before`` of each page seen (None: the newest)
        self.rating_labels: dict[str, tuple[UILabel, UILabel]] = {}
        self.board_data: dict[str, Any] | None = None
        self.build()

    def build(self) -> None:
        """The two panels, sized for the window, filled with what has been received."""
        height = self.body_height()
        left_width = self.side_by_side(BOARD_WIDTH)
        self.row_width = left_width - 44
        self.columns = spread(COLUMNS, self.row_width, FLEXIBLE)
        cards = UIBoxLayout(vertical=False, space_between=12)
        card_width = (self.row_width - 3 * 12) // 4
        for family in FAMILIES:
            cards.add(self._rating_card(family, card_width))
        self.rows = UIBoxLayout(space_between=2, align="left")
        self.newer = BrassButton("Newer", width=130, height=34, font_size=15, kind="steel",
                                 on_click=lambda: self.turn_page(-1), name="history-newer")
        self.older = BrassButton("Older", width=130, height=34, font_size=15, kind="steel",
                                 on_click=lambda: self.turn_page(1), name="history-older")
        pager = UIBoxLayout(vertical=False, space_between=12)
        pager.add(self.newer)
        pager.add(self.older)
        left = UIBoxLayout(space_between=10, align="left")
        left.add(cards)
        left.add(label("Finished games", size=21, color=theme.BRASS_LIGHT, bold=True))
        room = height - 44 - 84 - 30 - 34 - 4 * 10 - 24  # padding, cards, heading, pager, gaps, header
        rows = max(3, min(PAGE_ROWS, room // ROW_HEIGHT))
        if rows != getattr(self, "page_rows", rows) and self.page_data is not None:
            self.before = [None]  # pages of another length: start again from the newest
            self.page_rows = rows
            self.ask_history()
        self.page_rows = rows
        holder = UIAnchorLayout(width=self.row_width, height=24 + rows * ROW_HEIGHT, size_hint=None)
        holder.add(self.rows, anchor_x="left", anchor_y="top")
        left.add(holder)
        left.add(pager)
        self.board = LeaderboardPanel(height=height, ask=self.ask_board, open_user=self.open_user,
                                      find_name=self.find_player, me=self.me.get("id"),
                                      previous=getattr(self, "board", None))
        body = UIBoxLayout(vertical=False, space_between=18, align="top")
        body.add(top_panel(left, left_width, height))
        body.add(self.board)
        self.place(body)
        if self.profile_data is not None:
            self._profiled(self.profile_data)
        self.board.show(self.board_data)
        self.fill()

    def _rating_card(self, family: str, width: int) -> UIAnchorLayout:
        card = UIAnchorLayout(width=width, height=84, size_hint=None)
        card.with_background(texture=inset_patch())
        box = UIBoxLayout(space_between=2)
        box.add(label(FAMILY_NAMES[family].upper(), size=11, color=theme.INK_MUTED, bold=True))
        value = label("-", size=26, color=theme.BRASS_LIGHT, bold=True)
        detail = label("", size=12, color=theme.PARCHMENT_DIM, italic=True)
        box.add(value)
        box.add(detail)
        card.add(box, anchor_x="center", anchor_y="center")
        self.rating_labels[family] = (value, detail)
        return card

    # ---------------------------------------------------------------- asking
    def refresh(self) -> None:
        """Ask for the profile, the page of history on show and the leaderboard."""
        self.call(self.client.profile(**self.who), self._profiled)
        self.ask_history()
        self.board.request()

    def ask_history(self) -> None:
        self.call(self.client.history(limit=self.page_rows, before=self.before[-1], **self.who), self._history)

    def ask_board(self, family: str, provisional: bool) -> None:
        self.call(self.client.leaderboard(family, 10, provisional), self._board)

    def _board(self, data: dict[str, Any]) -> None:
        self.board_data = data
        self.board.show(data)
        self.fill()  # the keyboard order includes the names

    def _profiled(self, data: dict[str, Any]) -> None:
        self.profile_data = data
        user = data.get("user") or {}
        self.who = {"user": user.get("id")} if user.get("id") is not None else self.who
        self.title = str(user.get("name") or "Profile")
        self._update_subtitle()
        for family, (value, detail) in self.rating_labels.items():
            rating = (data.get("ratings") or {}).get(family)
            value.text = rating_text(rating)
            games = int((rating or {}).get("games", 0))
            detail.text = (f"\u00b1{float(rating['rd']):.0f} \u00b7 {games} game{'s' if games != 1 else ''}"
                           if rating else "not rated")
        self.ui.request_layout()

    def _history(self, data: dict[str, Any]) -> None:
        self.page_data = data
        self.fill()

    def _update_subtitle(self) -> None:
        data = getattr(self, "profile_data", None)
        if data is None:
            super()._update_subtitle()
            return
        user = data.get("user") or {}
        mine = user.get("id") == self.me.get("id")
        state = "online now" if data.get("online") else "offline"
        self.subtitle = f"{'your profile' if mine else 'player'} #{user.get('id')} \u00b7 {state}" + (
            f"  \u2014  {self.connection_note}" if self.connection_note else "")

    # ---------------------------------------------------------------- the history table
    def turn_page(self, delta: int) -> None:
        games = (self.page_data or {}).get("games") or []
        if delta > 0 and games:
            self.before.append(float(games[-1]["finished"]))
        elif delta < 0 and len(self.before) > 1:
            self.before.pop()
        else:
            return
        self.ask_history()

    def fill(self) -> None:
        """Rebuild the history table from the last page received."""
        self.rows.clear()
        self.rows.add(header_row(self.columns, self.row_width))
        games = (self.page_data or {}).get("games") or []
        buttons: list[BrassButton] = []
        for i, game in enumerate(games):
            row, row_buttons = self._game_row(game, i % 2 == 1)
            self.rows.add(row)
            buttons.extend(row_buttons)
        if not games:
            text = "Asking the server..." if self.page_data is None else "No finished games yet."
            self.rows.add(label(text, size=15, color=theme.INK_MUTED, italic=True, width=self.row_width - 20))
        self.newer.disabled = len(self.before) <= 1
        self.older.disabled = len(games) < self.page_rows
        self.newer.visible = self.older.visible = not (self.newer.disabled and self.older.disabled)
        self.nav.controls = self.tab_buttons + buttons + [self.newer, self.older] + self.board.controls
        self.ui.request_layout()
        self.request_redraw()

    def _game_row(self, game: dict[str, Any], shade: bool) -> tuple[UIAnchorLayout, list[BrassButton]]:
        widths = [w for _, w in self.columns]
        gid = str(game["game"])
        outcome = str(game.get("outcome") or "")
        rating = game.get("rating")
        if rating:
            provisional = float(rating.get("rd", 0)) > PROVISIONAL_RD
            change = float(rating.get("change", 0.0))
            colour = theme.EMERALD if change > 0 else theme.RUBY if change < 0 else theme.PARCHMENT_DIM
            rated = two_lines(change_text(change), f"{float(rating['before']):.0f} \u2192 {float(rating['after']):.0f}"
                              f"{'?' if provisional else ''}", widths[4], colour=colour, bold=True)
        else:
            rated = two_lines("-", "unrated", widths[4], colour=theme.PARCHMENT_DIM)
        replay = small_button("Replay", lambda: self.replay(game), name=f"replay-{gid}", width=widths[5])
        export = small_button("Export", lambda: self.export(game), name=f"export-{gid}", kind="steel", width=widths[6])
        cells = [
            two_lines(OUTCOME_TEXT.get(outcome, outcome.title()),
                      "" if outcome == "aborted" else reason_text(game.get("result")), widths[0],
                      colour=OUTCOME_COLOURS.get(outcome, theme.PARCHMENT), bold=True),
            cell(opponent_text(game.get("opponent")), widths[1], bold=True),
            two_lines(str(game.get("map", "")), str(game.get("rules", "")), widths[2]),
            two_lines(short_clock(game.get("time_control")), "rated" if game.get("rated") else "casual",
                      widths[3]),
            rated, replay, export,
        ]
        return table_row(cells, self.row_width, height=46, shade=shade), [replay, export]

    # ---------------------------------------------------------------- replay, export, other players
    def names(self, game: dict[str, Any]) -> dict[int, str]:
        """Seat -> name for a history line (this profile's player and the opponent)."""
        seat = int(game.get("seat") or 1)
        me = str(((self.profile_data or {}).get("user") or {}).get("name") or "You")
        return {seat: me, 3 - seat: opponent_text(game.get("opponent"))}

    def replay(self, game: dict[str, Any]) -> None:
        """Open the finished game in the replay viewer (the server's record of it)."""
        from client.play.replay import ReplaySession

        def show(text: str) -> None:
            try:
                session = ReplaySession.from_text(text, self.app.lexicon, names=self.names(game))
            except ValueError as exc:
                self.show_toast(f"This record cannot be replayed: {exc}")
                return
            self.navigator.start_game(session, leave=lambda: self.navigator.show(self))

        self.call(self.client.export(str(game["game"])), show)

    def export(self, game: dict[str, Any]) -> None:
        """Save the game's record to the user's data folder."""
        path = records_dir() / f"{game['game']}.jsonl"
        self.call(self.client.save_record(str(game["game"]), path),
                  lambda data: self.show_toast(fit(f"Saved to {path}", self.window.width - 120, 16), theme.EMERALD,
                                               seconds=6),
                  lambda exc: self.show_toast(f"Could not save the record: {getattr(exc, 'reason', None) or exc}"))

    def go_tab(self, tab: str) -> None:
        """The Profile tab on another player's page goes to your own."""
        if tab == "profile" and self.who.get("user") not in (None, self.me.get("id")):
            self.navigator.go_profile(self.client)
            return
        super().go_tab(tab)

    def open_user(self, user: int | None) -> None:
        """Another player's profile (a name on the leaderboard; None: your own)."""
        if user != (self.profile_data or {}).get("user", {}).get("id"):
            self.navigator.go_profile(self.client, user=user)

    def find_player(self, name: str) -> None:
        """Look a player up by name; their profile opens if exactly one has it."""
        self.call(self.client.profile(name=name), lambda data: self.open_user(int(data["user"]["id"])))
