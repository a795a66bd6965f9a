"""My games: this account's games in progress (whose move, the clock or the days left) with
Resume on each, and the challenges waiting for an answer.

The list comes from ``my_games`` when the screen is shown and again whenever the server says
something changed for this account (a ``your_turn`` or ``challenge`` push, an update of a
game this connection follows, a reconnection). Resume attaches without a seat token: the
seats belong to the account, so this works from any machine signed in as it.
"""

from __future__ import annotations

import time
from typing import Any

from arcade.gui import UIAnchorLayout, UIBoxLayout, UILabel
from arcade.types import Color, RGBOrA255

from client.ui import theme
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
from client.net.codec import Message
from client.views.online.lobby_common import OnlineScreen
from shared.wire import InfoPush, StatePush, UpdatePush
from client.views.online.lobby_text import (
    game_line,
    opponent_text,
    short_clock,
    time_left_text,
)

CHALLENGES_WIDTH = 380
COLUMNS = (("", 104), ("Opponent", 120), ("Map \u00b7 rules", 136), ("Clock", 112), ("Left", 84), ("", 96))
FLEXIBLE = (1, 2, 2)
LOW_TIME = {"correspondence": 6 * 3600.0}
"""Under this many seconds left (30 s for the other clocks), the time shows in red."""


def status_of(game: dict[str, Any]) -> tuple[str, RGBOrA255]:
    """The status cell of one game: its words and colour."""
    if game.get("status") == "open":
        return ("Invited" if game.get("challenged") else "Waiting"), theme.AMETHYST
    if game.get("my_move"):
        return "Your move", theme.EMERALD
    return "Their move", theme.PARCHMENT_DIM


class MyGamesView(OnlineScreen):
    """Games in progress on the left, challenges to you on the right."""

    tab = "games"
    title = "My games"

    def __init__(self, client: Any, navigator: Any = None) -> None:
        super().__init__(client, navigator)
        self.games: list[dict[str, Any]] = []
        self.challenges: list[dict[str, Any]] = []
        self.received = time.monotonic()
        self.loaded = False
        self.page = 0
        self.clock_labels: list[tuple[UILabel, dict[str, Any]]] = []
        self.names: dict[int, str] = {}  # the players our waiting challenges are for, by id
        self.build()

    def build(self) -> None:
        """The two panels, sized for the window."""
        height = self.body_height()
        games_width = self.side_by_side(CHALLENGES_WIDTH)
        self.row_width = games_width - 44
        self.columns = spread(COLUMNS, self.row_width, FLEXIBLE)
        self.rows = UIBoxLayout(space_between=2, align="left")
        self.cards = UIBoxLayout(space_between=12)
        self.more = BrassButton("More games", width=200, height=34, font_size=15, kind="steel",
                                on_click=self.next_page, name="more-games")
        left = UIBoxLayout(space_between=8, align="left")
        left.add(label("Games in progress", size=21, color=theme.BRASS_LIGHT, bold=True))
        holder_height = height - 44 - 30 - 42 - 16
        self.page_rows = max(3, (holder_height - 24) // 48)  # rows of 46 and their gaps, under the titles
        holder = UIAnchorLayout(width=self.row_width, height=holder_height, size_hint=None)
        holder.add(self.rows, anchor_x="left", anchor_y="top")
        left.add(holder)
        left.add(self.more)
        right = UIBoxLayout(space_between=12, align="left")
        right.add(label("Challenges to you", size=21, color=theme.BRASS_LIGHT, bold=True))
        cards_holder = UIAnchorLayout(width=CHALLENGES_WIDTH - 44, height=height - 44 - 30 - 12 - 40, size_hint=None)
        cards_holder.add(self.cards, anchor_x="left", anchor_y="top")
        right.add(cards_holder)
        right.add(label("Finished games are on your profile.", size=13, color=theme.INK_MUTED, italic=True))
        body = UIBoxLayout(vertical=False, space_between=18, align="top")
        body.add(top_panel(left, games_width, height))
        body.add(top_panel(right, CHALLENGES_WIDTH, height))
        self.place(body)
        self.fill()

    # ---------------------------------------------------------------- the list
    def refresh(self) -> None:
        """Ask for the list again."""
        self.ask_games()

    def games_listed(self, data: dict[str, Any]) -> None:
        super().games_listed(data)
        self.games = list(data.get("games") or [])
        self.challenges = list(data.get("challenges") or [])
        self.received = time.monotonic()
        self.loaded = True
        for game in self.games:  # my_games gives a challenged player's id: ask their name once
            invited = game.get("challenged")
            if invited is not None and int(invited) not in self.names:
                self.names[int(invited)] = "..."
                self.call(self.client.profile(user=int(invited)), self._named, lambda exc: None)
        self.fill()

    def _named(self, data: dict[str, Any]) -> None:
        user = data.get("user") or {}
        self.names[int(user["id"])] = str(user.get("name") or "?")
        self.fill()

    def on_message(self, message: Message) -> None:
        super().on_message(message)
        if isinstance(message, (UpdatePush, StatePush, InfoPush)) and any(
                g.get("game") == message.game for g in self.games):
            self.refresh()

    def next_page(self) -> None:
        self.page += 1
        self.fill()

    def fill(self) -> None:
        """Rebuild the table and the challenge cards from the last answer."""
        pages = max(1, -(-len(self.games) // self.page_rows))
        if self.page >= pages:
            self.page = 0
        shown = self.games[self.page * self.page_rows:(self.page + 1) * self.page_rows]
        self.rows.clear()
        self.rows.add(header_row(self.columns, self.row_width))
        self.clock_labels = []
        buttons: list[BrassButton] = []
        for i, game in enumerate(shown):
            row, button = self._game_row(game, i % 2 == 1)
            self.rows.add(row)
            buttons.append(button)
        if not shown:
            text = ("No games in progress. Post a seek or challenge someone from the lobby." if self.loaded
                    else "Asking the server...")
            self.rows.add(label(text, size=15, color=theme.INK_MUTED, italic=True, width=self.row_width - 20))
        self.more.visible = pages > 1
        self.more.text = "Back to the first" if self.page == pages - 1 and pages > 1 else "More games"
        self.cards.clear()
        for challenge in self.challenges[:4]:
            card, answer = self._challenge_card(challenge)
            self.cards.add(card)
            buttons.extend(answer)
        if not self.challenges:
            self.cards.add(label("No challenges waiting.", size=15, color=theme.INK_MUTED, italic=True))
        self.nav.controls = self.tab_buttons + buttons + ([self.more] if pages > 1 else [])
        self.tick(0.0)
        self.ui.request_layout()
        self.request_redraw()

    def _game_row(self, game: dict[str, Any], shade: bool) -> tuple[UIAnchorLayout, BrassButton]:
        widths = [w for _, w in self.columns]
        gid = str(game["game"])
        status, colour = status_of(game)
        if game.get("status") == "open":
            button = small_button("Cancel", lambda: self.cancel(gid), name=f"cancel-{gid}", kind="ruby",
                                  width=widths[5])
        else:
            button = small_button("Resume", lambda: self.resume(gid), name=f"resume-{gid}",
                                  kind="gold" if game.get("my_move") else "brass", width=widths[5])
        opponent = opponent_text(game.get("opponent"))
        if game.get("status") == "open" and not (game.get("opponent") or {}).get("name"):
            invited = game.get("challenged")
            opponent = "anyone" if invited is None else self.names.get(int(invited), "...")
        left = cell("", widths[4], color=theme.PARCHMENT_DIM)
        self.clock_labels.append((left, game))
        cells = [
            cell(status, widths[0], color=colour, bold=True),
            cell(opponent, widths[1], bold=True),
            two_lines(str(game.get("map", "")), str(game.get("rules", "")), widths[2]),
            two_lines(short_clock(game.get("time_control")), "rated" if game.get("rated") else "casual", widths[3]),
            left,
            button,
        ]
        glow = theme.EMERALD if game.get("my_move") else None
        return table_row(cells, self.row_width, shade=shade, glow=glow, height=46), button

    def _challenge_card(self, challenge: dict[str, Any]) -> tuple[UIAnchorLayout, list[BrassButton]]:
        gid = str(challenge["game"])
        entry = challenge.get("entry") or {}
        by = (challenge.get("by") or {}).get("name") or "Someone"
        inner = CHALLENGES_WIDTH - 44 - 28
        box = UIBoxLayout(space_between=6, align="left")
        box.add(label(fit(f"{by} challenges you", inner, 16, bold=True), size=16, color=theme.AMETHYST, bold=True))
        box.add(label(fit(game_line(entry), inner, 13), size=13, color=theme.PARCHMENT))
        accept = small_button("Accept", lambda: self.answer_challenge(gid, True), name=f"accept-{gid}", kind="gold",
                              width=130)
        decline = small_button("Decline", lambda: self.answer_challenge(gid, False), name=f"decline-{gid}",
                               kind="steel", width=120)
        buttons = UIBoxLayout(vertical=False, space_between=10)
        buttons.add(accept)
        buttons.add(decline)
        box.add(buttons)
        card = UIAnchorLayout(width=CHALLENGES_WIDTH - 44, height=108, size_hint=None)
        card.with_background(color=theme.with_alpha(theme.AMETHYST, 28))
        card.add(box, anchor_x="left", anchor_y="center", align_x=14)
        return card, [accept, decline]

    # ---------------------------------------------------------------- actions and clocks
    def cancel(self, game: str) -> None:
        """Withdraw a game still waiting for an opponent (a seek, or a challenge not yet answered)."""
        self.call(self.client.abort(game), lambda data: self._toast_and_refresh("Withdrawn."))

    def time_left(self, game: dict[str, Any], now: float | None = None) -> float | None:
        """Seconds left to the player who must act in ``game`` now (counted down since the answer)."""
        clock = game.get("clock") or {}
        running = clock.get("running")
        if running is None or not clock.get("left"):
            return None
        left = float(clock["left"].get(str(running), 0.0))
        now = time.monotonic() if now is None else now
        return max(0.0, left - (now - self.received))

    def tick(self, delta_time: float) -> None:
        now = time.monotonic()
        for text, game in self.clock_labels:
            left = self.time_left(game, now)
            words = time_left_text(left)
            if text.text != words:
                text.text = words
                low = LOW_TIME.get(game.get("family") or "", 30.0)
                colour = theme.RUBY if left is not None and left < low and game.get("my_move") else (
                    theme.PARCHMENT if game.get("my_move") else theme.PARCHMENT_DIM)
                text.update_font(font_color=Color.from_iterable(colour))
