"""The Tournaments tab against a real server, in a real window: the events listed, an arena's
standings pushed live, Join by a click, and the paired game opening by itself."""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

from gui_support import pump
from online_support import ServerThread, assert_fits, click_on, open_lobby, pump_until, shoot, texts, widget

BLITZ = {"kind": "fischer", "initial": 180, "increment": 2}


@pytest.fixture
def online(window, tmp_path, monkeypatch):
    monkeypatch.setenv("SCRYPTIC_DATA_DIR", str(tmp_path / "data"))
    server = ServerThread(tmp_path / "server.sqlite3", window.lexicon)
    clients = []

    def connect(name):
        from client.net import ThreadedClient

        client = ThreadedClient(server.url, name=name)
        client.start()
        clients.append(client)
        return client

    yield server, connect, (tmp_path / "admin.key").read_text().strip()
    window.navigator.go_menu()
    pump(window)
    for client in clients:
        client.close()
    server.stop()


def test_the_tournaments_tab_lists_joins_and_opens_the_paired_game(window, online, tmp_path):
    from client.views.game.view import GameView
    from client.views.online.tournaments import TournamentsView

    server, connect, key = online
    warden, bo, eve, me = connect("Warden"), connect("Bo"), connect("Eve"), connect("Tester")
    arena = warden.call("create_tournament", key, "Gilded Arena", 1800, map="Cinder Ford", time_control=BLITZ,
                        rated=True).result(10)
    warden.call("create_tournament", key, "Silver Swiss", None, kind="swiss", rounds=3, start_in=7200,
                map="Cinder Ford").result(10)
    bo.call("join_tournament", arena["id"]).result(10)
    eve.call("join_tournament", arena["id"]).result(10)
    # Bo and Eve are paired; Bo wins: 2 points, shown on the sheet.
    desk = server.server.social.tournaments
    pump_until(window, lambda: len(desk.events[arena["id"]].playing) == 1, what="the first pairing")
    game = desk.events[arena["id"]].playing[0]
    loser = eve if game.silver == eve.client.user["id"] else bo
    loser.attach(game.game).result(10)
    loser.resign(game.game).result(10)
    pump_until(window, lambda: len(desk.events[arena["id"]].finished) == 1, what="the first result")

    lobby = open_lobby(window, me)
    click_on(window, lobby, "tab-tournaments")
    view = window.current_view
    assert isinstance(view, TournamentsView)
    pump_until(window, lambda: view.detail is not None and view.detail.standings, what="the standings")
    listed = texts(view.rows)
    assert "Gilded Arena" in listed and "Silver Swiss" in listed
    assert listed.index("Gilded Arena") < listed.index("Silver Swiss")  # running before upcoming
    table = texts(view.table)
    winner = "Eve" if loser is bo else "Bo"
    assert table[table.index("1"):][:5] == ["1", winner, "2", "1", "2"]  # rank, name, points, games, the sheet
    assert_fits(window, view)
    shoot(window, tmp_path / "tournaments-tab.png")

    # Join by a click: paired with whoever is free, and the game opens by itself.
    click_on(window, view, f"join-{arena['id']}")
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the paired game to open")
    pump(window)
    shoot(window, tmp_path / "tournament-game.png")


def test_a_paired_game_opens_from_the_lobby_too(window, online, tmp_path):
    """Joined from elsewhere (the terminal, another device), paired while the lobby is shown: the
    game opens there by itself, not only on the Tournaments tab."""
    from client.views.game.view import GameView

    server, connect, key = online
    warden, bo, me = connect("Warden"), connect("Bo"), connect("Tester")
    arena = warden.call("create_tournament", key, "Lobby Arena", 1800, map="Cinder Ford", time_control=BLITZ).result(10)
    bo.call("join_tournament", arena["id"]).result(10)
    lobby = open_lobby(window, me)
    me.call("join_tournament", arena["id"]).result(10)
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the paired game to open")
    assert window.current_view is not lobby
    (game,) = server.server.social.tournaments.events[arena["id"]].playing
    assert me.client.games[game.game].seat in (1, 2)
    pump(window)
    shoot(window, tmp_path / "tournament-game-from-lobby.png")
