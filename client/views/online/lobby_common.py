"""What the online screens share: one connection read each frame, requests as futures, the tab
bar, the notice card, opening a game (resume, watch, accept), and the rows of their tables.

The screens (:mod:`client.views.online.lobby`, :mod:`client.views.online.my_games`,
:mod:`client.views.online.profile`) are handed a connected :class:`~client.net.ThreadedClient` and
a :class:`~client.navigation.Navigator`; they never import each other or the app. Whichever
of them is shown drains the client once a frame (the client library then keeps the lobby, the
games and the notices up to date in this thread), so nothing here ever polls the server.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from arcade.gui import UIAnchorLayout, UIBoxLayout, UIWidget

from client.ui import theme
from client.ui.widgets import BrassButton
from client.views.base import BaseView
from client.views.notices import NoticeBanner
from client.net.codec import ConnectionNote, Message
from shared.wire import ChatMutedPush, InfoPush, TournamentGamePush

if TYPE_CHECKING:
    from client.navigation import Navigator

TABS = (("lobby", "Lobby"), ("games", "My games"), ("profile", "Profile"), ("tournaments", "Tournaments"),
        ("puzzles", "Puzzles"))
TAB_TOP = 132
"""Pixels from the window's top to the tab bar (under the title and its rule)."""
BODY_BOTTOM = 22
CONNECTION_TEXT = {
    "reconnecting": "connection lost: reconnecting...",
    "closed": "disconnected from the server",
    "refused": "the server refused the connection",
}


def problem_text(exc: BaseException | ConnectionNote) -> str:
    """A refused request, a refused connection or a dropped one, as a sentence for the toast."""
    reason = getattr(exc, "reason", None)
    if reason:
        return reason[0].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
    return "The connection dropped before the server answered: try again in a moment."


class OnlineScreen(BaseView):
    """A screen of online play: the connection, its requests, the tabs and the notice card."""

    tab = ""

    def __init__(self, client: Any, navigator: Navigator | None = None) -> None:
        super().__init__(back=self.go_back, navigator=navigator)
        self.client = client
        self.futures: list[tuple[concurrent.futures.Future, Callable[[Any], Any] | None,
                                 Callable[[BaseException], Any] | None]] = []
        self.opening: tuple[str, int | None] | None = None
        self.asked = False  # the player asked for a game to open (a reply that comes too late opens nothing)
        self.connection_note: str | None = None
        self.banner = NoticeBanner(on_play=self.resume, on_answer=self.answer_challenge)
        self.tab_buttons: list[BrassButton] = []
        self._asking_games = False
        self._ask_games_again = False
        self._update_subtitle()

    # ---------------------------------------------------------------- navigation
    @property
    def me(self) -> dict[str, Any]:
        """This connection's account: ``{"id", "name"}``."""
        return dict(self.client.client.user or {})

    def go_tab(self, tab: str) -> None:
        """Switch to another online screen (nothing if it is this one)."""
        if tab == self.tab:
            return
        if tab == "lobby":
            self.navigator.go_lobby(self.client)
        elif tab == "games":
            self.navigator.go_my_games(self.client)
        elif tab == "profile":
            self.navigator.go_profile(self.client)
        elif tab == "tournaments":
            self.navigator.go_tournaments(self.client)
        elif tab == "puzzles":  # the Puzzles screen in its online mode (client.views.puzzles.menu)
            self.navigator.go_online_puzzles(self.client)

    def go_back(self) -> None:
        """Escape: back to the lobby (the lobby itself leaves online play)."""
        self.navigator.go_lobby(self.client)

    def tab_bar(self) -> UIBoxLayout:
        """Lobby / My games / Profile / Tournaments / Puzzles, the current one in gold, and Leave."""
        bar = UIBoxLayout(vertical=False, space_between=12)
        self.tab_buttons = []
        for key, text in TABS:
            button = BrassButton(text, width=176, height=42, font_size=17, kind="gold" if key == self.tab else "brass",
                                 on_click=partial(self.go_tab, key), name=f"tab-{key}")
            self.tab_buttons.append(button)
            bar.add(button)
        bar.add(UIAnchorLayout(width=40, height=10, size_hint=None))
        leave = BrassButton("Leave", width=130, height=42, font_size=17, kind="steel",
                            on_click=lambda: self.navigator.leave_online(self.client), name="leave")
        self.tab_buttons.append(leave)
        bar.add(leave)
        return bar

    def build(self) -> None:
        """Make the screen's widgets for the window's size (again after a resize)."""

    def on_resize(self, width: int, height: int) -> None:
        if (width, height) != getattr(self, "_built_for", None):
            self.build()

    def side_by_side(self, right: int) -> int:
        """The width of the left panel beside a right one ``right`` wide, for this window."""
        return min(940, self.window.width - 40 - 18 - right)

    def place(self, body: UIWidget) -> None:
        """Lay the screen out: the tabs under the title, ``body`` under them, the notice card."""
        self._built_for = (self.window.width, self.window.height)
        self.root.clear()
        self.root.add(self.tab_bar(), anchor_x="center", anchor_y="top", align_y=-TAB_TOP)
        self.root.add(body, anchor_x="center", anchor_y="bottom", align_y=BODY_BOTTOM)
        self.root.add(self.banner, anchor_x="right", anchor_y="top", align_x=-12, align_y=-8)

    def body_height(self) -> int:
        """The height left for the body under the tab bar."""
        return int(self.window.height - TAB_TOP - 42 - 16 - BODY_BOTTOM)

    # ---------------------------------------------------------------- requests
    def call(self, future: concurrent.futures.Future, on_ok: Callable[[Any], Any] | None = None,
             on_error: Callable[[BaseException], Any] | None = None) -> None:
        """Follow a request: ``on_ok(data)`` or ``on_error(exc)`` (a toast by default) once it is answered."""
        self.futures.append((future, on_ok, on_error))

    def _settle(self) -> None:
        for item in [f for f in self.futures if f[0].done()]:
            self.futures.remove(item)
            future, on_ok, on_error = item
            exc = future.exception()
            if exc is not None:
                (on_error or self.refused)(exc)
            elif on_ok is not None:
                on_ok(future.result())
            self.request_redraw()

    def ask_games(self) -> None:
        """Ask for this account's games and challenges (``my_games``); one request at a time, and
        once more if something changed meanwhile. The answer goes to :meth:`games_listed`."""
        if self._asking_games:
            self._ask_games_again = True
            return
        self._asking_games = True
        self.call(self.client.my_games(), self._games_answer, self._games_refused)

    def _games_answer(self, data: dict[str, Any]) -> None:
        self._asking_games = False
        self.games_listed(data)
        if self._ask_games_again:
            self._ask_games_again = False
            self.ask_games()

    def _games_refused(self, exc: BaseException) -> None:
        self._asking_games = False
        self.refused(exc)

    def games_listed(self, data: dict[str, Any]) -> None:
        """This account's games and challenges now: notices that no longer hold leave the card."""
        turns = {str(g["game"]) for g in data.get("games") or [] if g.get("my_move")}
        self.banner.keep_only(turns, {str(c["game"]) for c in data.get("challenges") or []})

    def refused(self, exc: BaseException) -> None:
        self.opening, self.asked = None, False
        self.show_toast(problem_text(exc))

    # ---------------------------------------------------------------- games
    def resume(self, game: str) -> None:
        """Take this account's seat in ``game`` again (no seat token: seats belong to the account)."""
        tracker = self.client.games.get(game)
        since = tracker.version if tracker is not None and tracker.version >= 0 else None
        self.banner.forget(game)
        self.show_toast("Resuming the game...", theme.BRASS, seconds=2)
        self.asked = True
        self.call(self.client.attach(game, None, since), lambda data: self.open_when_ready(game, data.get("seat")))

    def watch(self, game: str) -> None:
        """Follow a public game as a spectator."""
        self.asked = True
        self.call(self.client.watch(game=game), lambda data: self.open_when_ready(game, None))

    def answer_challenge(self, game: str, accept: bool) -> None:
        """Accept (the game opens) or decline a challenge to this account."""
        self.banner.forget(game)
        if accept:
            self.asked = True
            self.call(self.client.answer_challenge(game, True),
                      lambda data: self.open_when_ready(game, data.get("seat")))
        else:
            self.call(self.client.answer_challenge(game, False), lambda data: self._toast_and_refresh("Challenge declined."))

    def _toast_and_refresh(self, text: str) -> None:
        """Say ``text`` (a request went through) and ask for the lists again."""
        self.show_toast(text, theme.BRASS)
        self.refresh()

    def open_when_ready(self, game: str, seat: int | None) -> None:
        """Open ``game`` as soon as its state has arrived (the request that asked for it is answered),
        unless a game opened meanwhile (then the player is past that request)."""
        if self.asked:
            self.opening = (game, seat)

    def _check_opening(self) -> None:
        if self.opening is None:
            return
        game, seat = self.opening
        tracker = self.client.games.get(game)
        if tracker is not None and tracker.view is not None:
            self.opening = None
            self.start_network_game(game, seat if seat is not None else tracker.seat)

    def start_network_game(self, game: str, seat: int | None) -> None:
        """The game screen for ``game``; leaving it comes back here (and stops following it)."""
        self.asked = False
        from client.play.net_session import NetworkSession

        session = NetworkSession(self.client, game, self.app.lexicon, seat=seat, own_client=False)
        self.navigator.start_game(session, leave=lambda: self.back_from_game(game))

    def back_from_game(self, game: str) -> None:
        """Stop following ``game`` (this does not resign: a seat can be resumed) and show this screen."""
        self.call(self.client.leave(game), on_error=lambda exc: None)
        self.navigator.show(self)

    # ---------------------------------------------------------------- each frame
    def on_show_view(self) -> None:
        super().on_show_view()
        self.refresh()

    def refresh(self) -> None:
        """Ask the server for what this screen shows (on showing it, and after a change)."""

    def on_message(self, message: Message) -> None:
        """One message from the server (already folded into the client's state)."""
        if isinstance(message, ConnectionNote):
            status = message.status
            self.connection_note = None if status == "connected" else CONNECTION_TEXT.get(status, str(status))
            if status == "refused" and message.reason:  # banned, say: the server says why
                self.connection_note = f"{self.connection_note}: {message.reason}"
                self.show_toast(problem_text(message), seconds=8)
            self._update_subtitle()
            if status == "connected":
                self.refresh()
        elif isinstance(message, InfoPush) and self.opening is None:
            tracker = self.client.games.get(message.game)
            if (tracker is not None and tracker.seat is not None and tracker.view is not None
                    and tracker.status == "active" and tracker.version == 0):
                # A seek or challenge of ours was just taken: the game begins, so show it.
                self.opening = (tracker.game, tracker.seat)
        elif isinstance(message, ChatMutedPush):
            self.show_toast(f"The operator muted you in chat: {message.reason}" if message.reason is not None
                            else "The operator lifted your chat mute.", theme.RUBY if message.reason else theme.EMERALD,
                            seconds=8)
        elif isinstance(message, TournamentGamePush) and self.opening is None:
            # Paired in an event we joined: its game opens whichever online screen is shown.
            opponent = message.opponent.name if message.opponent is not None else "your opponent"
            self.show_toast(f"Paired against {opponent}: the game opens.", theme.EMERALD, seconds=3)
            self.resume(message.game)

    def on_update(self, delta_time: float) -> None:
        for message in self.client.drain():
            self.on_message(message)
            self.request_redraw()
        self._settle()
        notices = self.client.notices.take()
        for notice in notices:
            self.banner.push(notice)
            self.request_redraw()
        if notices:
            self.ask_games()  # the card keeps only what still holds; "My games" shows it too
        if self.window is not None and self.window.current_view is self:
            self._check_opening()
        self.tick(delta_time)
        super().on_update(delta_time)

    def tick(self, delta_time: float) -> None:
        """Per-frame work of a screen (counting clocks down)."""

    def _update_subtitle(self) -> None:
        url = str(getattr(self.client.client, "url", "")).removeprefix("ws://").removeprefix("wss://")
        name = self.me.get("name") or "anonymous"
        self.subtitle = f"{name} on {url}" + (f"  \u2014  {self.connection_note}" if self.connection_note else "")
