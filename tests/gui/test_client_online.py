"""The client online, in a real window (Xvfb + Mesa), against ``scryptic server`` in a process of
its own: hosting a game against the server's bot and riding out a dropped connection, the end
of a game replayed from the server and its rematch, and the connect screen handing its
connection on.
"""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

from game_screen_support import first_word, pump_until
from gui_support import click_widget, find_button, pump


ONLINE_SEED = 7
"""The hosted online game's seed, so its first rack is the same on every run."""


class ServerProcess:
    """``scryptic server`` in a process of its own on a free port, with its database in a
    temporary folder; clients may fix the seed (tests only). It can be stopped and started
    again on the same port and database, as a server restarted by its operator."""

    def __init__(self, db: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.db = db
        self.url = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scryptic", "server", "--log-json", "--port", str(self.port), "--db", str(self.db),
             "--log-level", "warning", "--allow-client-seed"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + 20
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.1)
        self.proc.kill()
        pytest.fail("the server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None


@pytest.fixture
def server(window, tmp_path):
    """A running server, which the window's settings point at."""
    process = ServerProcess(tmp_path / "server.sqlite3")
    process.start()
    window.settings.server = process.url
    yield process
    process.stop()


def host_against_the_bot(window, seed: int | None = None):
    """Connect from the online screen, host a game against the server's bot, and return its game screen."""
    from client.views.game.view import GameView
    from client.views.online.connect import OnlineView

    lobby = OnlineView()
    window.show_view(lobby)
    pump_until(window, lambda: lobby.client is not None, what="the connection")
    lobby.opponent_row.set_value("bot")
    if seed is not None:
        lobby.client.create_game = functools.partial(lobby.client.create_game, seed=seed)
    click_widget(window, find_button(lobby, "host"))
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the hosted game")
    return window.current_view


def test_online_host_against_the_server_bot_and_survive_a_dropped_connection(window, server):
    from client.play.preview import shadow_game

    # A random rack has no word over the city about one game in 50: this seed's has.
    view = host_against_the_bot(window, seed=ONLINE_SEED)
    session = view.session
    me = view.viewer
    assert me is not None and session.seats[me.other].name.startswith("Bot")
    shadow = shadow_game(view.view_dict, window.lexicon, viewer=me)
    found = first_word(shadow, me, window.lexicon)
    assert found is not None, f"no word from {shadow.racks[me]} fits the city (choose another ONLINE_SEED)"
    word, cells, _ = found
    for cell, ch in zip(cells, word):
        view.planner.place_letter(cell, ch)
    view.planner_changed()
    pump(window)
    click_widget(window, view.buttons["commit"])
    pump_until(window, lambda: all(view.display.letters.get(me, {}).get(c) == ch for c, ch in zip(cells, word))
               and not view.animator.busy, what="the commit on the server")
    # The server goes away and comes back: the client says so and resumes by itself.
    server.stop()
    pump_until(window, lambda: session.connection_text and "reconnecting" in session.connection_text,
               what="the reconnecting notice")
    assert "reconnecting" in view.top.gv.session.connection_text
    server.start()
    pump_until(window, lambda: session.connection_text is None, timeout=30, what="the reconnection")
    click_widget(window, view.buttons["end_turn"])
    pump_until(window, lambda: view.display.turn >= 3 and view.display.to_move == me and not view.animator.busy,
               timeout=60, what="the bot's answer")
    assert view.display.letters.get(me.other) or any("passes" in line for line, _ in view.log)
    view.leave()


def test_online_game_over_replays_from_the_server_and_follows_the_rematch(window, server):
    from client.play.net_session import NetworkSession
    from client.play.replay import ReplaySession
    from client.views.analysis.view import AnalysisView
    from client.views.dialogs import ConfirmDialog
    from client.views.game.end import EndOfGameView
    from client.views.game.view import GameView

    view = host_against_the_bot(window)
    session = view.session
    assert isinstance(session, NetworkSession)
    me, first_game = view.viewer, session.game_id
    # Resign through the in-game menu; the server ends the game and the end screen follows.
    click_widget(window, view.buttons["menu"])
    pump(window)
    click_widget(window, find_button(view, "resign"))
    assert isinstance(view.dialog, ConfirmDialog)
    pump(window)
    click_widget(window, find_button(view, "yes"))
    pump_until(window, lambda: isinstance(window.current_view, EndOfGameView), what="the end of the game")
    end = window.current_view
    assert end.title == "Defeat"
    # "Watch the replay": the record comes from the server's export and plays back.
    pump(window, 2)
    click_widget(window, find_button(end, "replay"))
    pump_until(window, lambda: isinstance(window.current_view, GameView)
               and isinstance(window.current_view.session, ReplaySession), what="the replay")
    replay = window.current_view.session
    assert replay.record.actions and replay.record.actions[-1]["type"] == "resign"
    # "Analyse": the analysis is the server's, made by its analysis worker and stored with the game.
    window.show_view(end)
    pump(window, 2)
    click_widget(window, find_button(end, "analyse"))
    pump_until(window, lambda: isinstance(window.current_view, AnalysisView), what="the analysis board")
    board = window.current_view
    pump_until(window, lambda: board.runner.done or board.runner.error, timeout=120, what="the server's analysis")
    assert board.runner.source == "server" and board.runner.error is None
    assert [t.number for t in board.runner.reports] == list(range(1, board.session.total + 1))
    # Back at the end screen, a rematch against the bot starts at once and is followed.
    window.show_view(end)
    pump(window, 2)
    click_widget(window, find_button(end, "rematch"))
    pump_until(window, lambda: isinstance(window.current_view, GameView)
               and isinstance(window.current_view.session, NetworkSession)
               and window.current_view.session.game_id != first_game, what="the rematch")
    follow = window.current_view
    assert follow.viewer == me.other, "colours swap in a rematch"
    assert follow.session.view(follow.viewer).result is None
    follow.leave()


def test_the_connect_screen_hands_its_connection_to_my_games_and_the_lobby(window, server):
    from client.views.online.lobby import LobbyView
    from client.views.online.my_games import MyGamesView
    from client.views.online.connect import OnlineView

    online = OnlineView()
    window.show_view(online)
    assert find_button(online, "my-games").disabled  # nothing to hand over before the connection
    pump_until(window, lambda: online.client is not None and not find_button(online, "my-games").disabled,
               what="the connection")
    client = online.client
    click_widget(window, find_button(online, "my-games"))
    pump_until(window, lambda: isinstance(window.current_view, MyGamesView), what="My games")
    assert window.current_view.client is client and client.connected
    window.current_view.navigator.go_lobby(client)
    pump_until(window, lambda: isinstance(window.current_view, LobbyView), what="the lobby")
    assert client.connected  # handed over, not closed
    window.current_view.navigator.leave_online(client)
    pump_until(window, lambda: not client.connected, what="the connection closed on leaving")
