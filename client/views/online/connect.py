"""Online play: host a game, join one by its code, browse open games, watch live ones.

The connection is made in the background (the window never waits on the network); every
request is a future checked once a frame.
"""

from __future__ import annotations

import concurrent.futures
from functools import partial
import threading
from typing import Any

from arcade.gui import UIBoxLayout

from shared.maps.files import shipped_maps
from shared.rules.presets import DEFAULT_RULES, PRESETS

from client.net.codec import LobbySnapshot, lobby_snapshot
from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow, Panel, TextField, form_row, label
from client.views.base import BaseView

TIME_CONTROLS: list[tuple[dict[str, Any], str]] = [
    ({"kind": "none"}, "No clock"),
    ({"kind": "per_turn", "seconds": 120}, "2 minutes a turn"),
    ({"kind": "fischer", "initial": 600, "increment": 10}, "10 min + 10 s"),
    ({"kind": "fischer", "initial": 1800, "increment": 20}, "30 min + 20 s"),
]


def connection_problem(url: str, exc: BaseException) -> str:
    """A plain sentence about why connecting to ``url`` failed (never a raw exception)."""
    reason = getattr(exc, "reason", None)
    if reason and getattr(exc, "code", None):
        return f"The server at {url} refused the connection: {reason}."
    text = f"{type(exc).__name__} {exc}".lower()
    if isinstance(exc, ValueError) or "uri" in text or "invalid" in text:
        return f"The server address {url} is not valid: it should look like ws://host:8765."
    if "timed out" in text or "within" in text or isinstance(exc, TimeoutError):
        if "refused" in text or "errno 111" in text:
            return (f"Nothing answered at {url}: the server may not be running. "
                    "Check the address in Settings, then try again.")
        return f"The server at {url} did not answer in time. Check your connection, then try again."
    if "refused" in text:
        return (f"Nothing answered at {url}: the server may not be running. "
                "Check the address in Settings, then try again.")
    if "name or service" in text or "getaddrinfo" in text or "nodename" in text:
        return f"The server's name in {url} could not be found. Check the address in Settings."
    return f"Could not connect to {url}. Check the address in Settings, then try again."


class Connection:
    """A ThreadedClient being connected in the background."""

    def __init__(self, url: str, name: str) -> None:
        self.url, self.name = url, name
        self.client: Any = None
        self.error: str | None = None
        self.done = False
        threading.Thread(target=self._connect, name="scryptic-connect", daemon=True).start()

    def _connect(self) -> None:
        try:
            from client.net import IdentityStore, ThreadedClient

            store = IdentityStore()
            known = store.account(self.url, self.name)  # this name's own account, never another's
            client = ThreadedClient(self.url, name=self.name, token=known.get("token"))
            client.start(timeout=8)
            store.remember(self.url, name=self.name, token=client.token)
            self.client = client
        except Exception as exc:  # shown to the player, who can retry
            self.error = connection_problem(self.url, exc)
        self.done = True


class OnlineView(BaseView):
    """The online lobby."""

    title = "Play online"

    def __init__(self) -> None:
        super().__init__(back=self.close_and_back)
        s = self.app.settings
        self.subtitle = f"{s.name} at {s.server}"
        self.conn: Connection | None = None
        self.futures: list[tuple[concurrent.futures.Future, str]] = []
        self.waiting_for: tuple[str, int | None] | None = None
        self.lobby = LobbySnapshot()
        self.status = label("Connecting...", size=16, color=theme.PARCHMENT_DIM, italic=True, width=1000,
                            multiline=True, align="center")
        maps = [(p.stem, p.stem.replace("-", " ").title()) for p in shipped_maps()]
        self.map_row = ChoiceRow(maps, maps[0][0] if maps else None, width=320, name="map")
        self.rules_row = ChoiceRow([(k, k) for k in PRESETS], DEFAULT_RULES, width=320, name="rules")
        self.clock_row = ChoiceRow(TIME_CONTROLS, TIME_CONTROLS[0][0], width=320, name="clock")
        self.public_row = ChoiceRow([(True, "Public: listed"), (False, "Private: by code")], True, width=320,
                                    name="public")
        self.opponent_row = ChoiceRow([("human", "Another player"), ("bot", "The server's bot")], "human",
                                      width=320, name="opponent")
        self.code_field = TextField("", width=220, name="code")
        self.lists = UIBoxLayout(space_between=6)
        self._layout()
        self.connect()

    def _layout(self) -> None:
        host = UIBoxLayout(space_between=12)
        host.add(label("Host a game", size=22, color=theme.BRASS_LIGHT, bold=True))
        for caption, row in (("Map", self.map_row), ("Rules", self.rules_row), ("Clock", self.clock_row),
                             ("Visibility", self.public_row), ("Opponent", self.opponent_row)):
            host.add(form_row(caption, row, caption_width=100))
        host.add(BrassButton("Host", width=220, kind="gold", on_click=self.host, name="host"))
        join = UIBoxLayout(space_between=12)
        join.add(label("Join or watch", size=22, color=theme.BRASS_LIGHT, bold=True))
        join.add(label("A friend's join code, or pick a game from the list below", size=13,
                       color=theme.INK_MUTED, italic=True))
        code_row = UIBoxLayout(vertical=False, space_between=10)
        code_row.add(self.code_field)
        code_row.add(BrassButton("Join by code", width=170, on_click=self.join_code, name="join-code"))
        join.add(code_row)
        join.add(BrassButton("Refresh the list", width=220, kind="steel", on_click=self.refresh, name="refresh"))
        join.add(self.lists)
        panels = UIBoxLayout(vertical=False, space_between=24)
        panels.add(Panel(host, width=520, height=470))
        panels.add(Panel(join, width=520, height=470))
        outer = UIBoxLayout(space_between=14)
        outer.add(panels)
        outer.add(self.status)
        bottom = UIBoxLayout(vertical=False, space_between=14)
        self.online_buttons = [
            BrassButton("Lobby", width=170, kind="gold", on_click=lambda: self._hand_over("lobby"), name="lobby"),
            BrassButton("My games", width=170, on_click=lambda: self._hand_over("my_games"), name="my-games"),
            BrassButton("Profile", width=170, on_click=lambda: self._hand_over("profile"), name="profile"),
        ]
        for button in self.online_buttons:
            button.disabled = True  # until connected
            bottom.add(button)
        bottom.add(BrassButton("Back", width=160, kind="steel", on_click=self.close_and_back, name="back"))
        outer.add(bottom)
        self.root.clear()
        self.root.add(outer, anchor_x="center", anchor_y="center", align_y=-50)
        from client.ui.widgets import find_widget

        self.nav.controls = [self.map_row, self.rules_row, self.clock_row, self.public_row, self.opponent_row,
                             find_widget(host, "host"), find_widget(join, "join-code"), find_widget(join, "refresh"),
                             *self.online_buttons, find_widget(outer, "back")]

    # ---------------------------------------------------------------- network
    def connect(self) -> None:
        s = self.app.settings
        self.conn = Connection(s.server, s.name)
        self.status.text = f"Connecting to {s.server}..."

    @property
    def client(self) -> Any:
        return self.conn.client if self.conn is not None else None

    def _request(self, future: concurrent.futures.Future, what: str) -> None:
        self.futures.append((future, what))

    def host(self) -> None:
        if not self._ready():
            return
        self._request(self.client.create_game(map=self.map_row.value, rules=self.rules_row.value,
                                              time_control=self.clock_row.value, public=self.public_row.value,
                                              opponent=self.opponent_row.value,
                                              bot_level=self.app.settings.ai_level), "host")
        self.status.text = "Creating the game..."

    def join_code(self) -> None:
        code = self.code_field.value.strip()
        if not code:
            self.status.text = "Type the join code your friend gave you."
            return
        if self._ready():
            self._request(self.client.join(code=code), "join")

    def join_game(self, game: str) -> None:
        if self._ready():
            self._request(self.client.join(game=game), "join")

    def watch_game(self, game: str) -> None:
        if self._ready():
            self._request(self.client.watch(game=game), "watch")

    def refresh(self) -> None:
        if self._ready():
            self._request(self.client.list_games(), "list")

    def _ready(self) -> bool:
        if self.client is None:
            if self.conn is None or self.conn.done:
                self.connect()  # the last attempt failed: try again
            else:
                self.status.text = "Still connecting: a moment..."
            return False
        return True

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        conn = self.conn
        if conn is not None and conn.done and conn.client is None and conn.error:
            self.status.text = conn.error
            conn.error = None
        if conn is not None and conn.client is not None and self.status.text.startswith("Connecting"):
            self.status.text = "Connected. The lobby lists open games live; My games resumes yours."
            for button in self.online_buttons:
                button.disabled = False
            self.refresh()
        for future, what in [f for f in self.futures if f[0].done()]:
            self.futures.remove((future, what))
            exc = future.exception()
            if exc is not None:
                reason = getattr(exc, "reason", None)
                self.status.text = (reason[0].upper() + reason[1:]) if reason else \
                    "The connection dropped before the server answered: try again in a moment."
                continue
            data = future.result()
            if what == "list":
                self.lobby = lobby_snapshot(data)
                self._fill_lists()
            elif what in ("host", "join"):
                self.waiting_for = (data["game"], data.get("seat"))
                self.status.text = "Opening the game..."
            elif what == "watch":
                self.waiting_for = (data["game"], None)
        if self.client is not None:
            self.client.drain()
            if self.waiting_for is not None:
                game, seat = self.waiting_for
                tracker = self.client.games.get(game)
                if tracker is not None and tracker.view is not None:
                    self.waiting_for = None
                    self._open(game, seat if isinstance(seat, int) else tracker.seat)

    def _fill_lists(self) -> None:
        self.lists.clear()
        rows = 0
        for entry in self.lobby.open[:4]:
            row = UIBoxLayout(vertical=False, space_between=8)
            host = next((n for n in entry.players.values() if n), "someone")
            row.add(label(f"{entry.map} ({entry.rules}) by {host}", size=13, width=300))
            row.add(BrassButton("Join", width=90, height=36, font_size=14,
                                on_click=partial(self.join_game, entry.game), name=f"join-{entry.game}"))
            self.lists.add(row)
            rows += 1
        for entry in self.lobby.live[:3]:
            row = UIBoxLayout(vertical=False, space_between=8)
            names = " vs ".join(n or "?" for n in entry.players.values())
            row.add(label(f"{entry.map}: {names}", size=13, width=300))
            row.add(BrassButton("Watch", width=90, height=36, font_size=14, kind="steel",
                                on_click=partial(self.watch_game, entry.game), name=f"watch-{entry.game}"))
            self.lists.add(row)
            rows += 1
        if rows == 0:
            self.lists.add(label("No open or live games right now.", size=14, color=theme.INK_MUTED, italic=True))

    def _open(self, game: str, seat: int | None) -> None:
        from client.play.net_session import NetworkSession

        session = NetworkSession(self.client, game, self.app.lexicon, seat=seat, own_client=True)
        self.conn = None  # the session owns the connection now
        self.navigator.start_game(session)

    def _hand_over(self, screen: str) -> None:
        """Open the live lobby, My games or the profile on this connection (they own it from now on)."""
        client = self.client
        if client is None:
            return
        self.conn = None  # the next screen closes the connection when the player leaves online play
        {"lobby": self.navigator.go_lobby, "my_games": self.navigator.go_my_games,
         "profile": self.navigator.go_profile}[screen](client)

    def close_and_back(self) -> None:
        if self.conn is not None and self.conn.client is not None:
            client = self.conn.client
            threading.Thread(target=client.close, daemon=True).start()
        self.conn = None
        self.navigator.go_menu()
