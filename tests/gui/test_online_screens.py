"""The online screens (lobby, My games, profile) against a real server, in a real window.

A server runs in this process (its own thread and event loop, a temporary database, the shipped
maps and the real dictionary); the screens get a real ThreadedClient and the app's own
navigator; other players are more ThreadedClients. The screens are driven with mouse clicks
and typed text under Xvfb, and what they show is read from their widgets and screenshots.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from gui_support import click, pump
from wire_helpers import plain
from online_support import (
    ServerThread,
    assert_fits,
    click_on,
    fischer_change,
    open_lobby,
    pump_until,
    shoot,
    texts,
    widget,
)

BLITZ = {"kind": "fischer", "initial": 180, "increment": 2}
RAPID = {"kind": "fischer", "initial": 600, "increment": 10}


@pytest.fixture
def online(window, tmp_path, monkeypatch):
    """A fresh server, and a way to connect clients to it (all closed afterwards)."""
    monkeypatch.setenv("SCRYPTIC_DATA_DIR", str(tmp_path / "data"))
    server = ServerThread(tmp_path / "server.sqlite3", window.lexicon)
    clients: list[Any] = []

    def connect(name: str | None = None, token: str | None = None) -> Any:
        from client.net import ThreadedClient

        client = ThreadedClient(server.url, name=name, token=token)
        client.start()
        clients.append(client)
        return client

    yield server, connect
    window.navigator.go_menu()  # no online screen keeps draining a closed client
    pump(window)
    for client in clients:
        client.close()
    server.stop()


# ------------------------------------------------------------------------------------ the lobby

def test_a_seek_appears_live_and_vanishes_when_taken(window, online, tmp_path):
    server, connect = online
    me, bo, eve = connect("Tester"), connect("Bo"), connect("Eve")
    lobby = open_lobby(window, me)
    assert widget(lobby, "list-open").text == "Open games  (0)"
    received = server.server.metrics.messages_in
    seek = bo.create_game(map="Cinder Ford", time_control=RAPID, rated=True).result(10)["game"]
    # No timed assertion (shared, noisy machines): the push took well under a second in every run here.
    pump_until(window, lambda: widget(lobby, f"join-{seek}") is not None, what="the seek in the lobby")
    # Pushed, not polled: from the seek to its row, the server heard only Bo's create_game.
    assert server.server.metrics.messages_in - received == 1
    row = texts(lobby.rows)
    assert ["Bo 1500?", "Cinder Ford", "war", "10+10", "rated"] == row[row.index("Bo 1500?"):][:5]
    assert widget(lobby, "list-open").text == "Open games  (1)"
    shoot(window, tmp_path / "lobby-seek.png")

    eve.join(game=seek).result(10)
    pump_until(window, lambda: widget(lobby, f"join-{seek}") is None, what="the seek to go")
    assert "Bo 1500?" not in texts(lobby.rows)
    assert widget(lobby, "list-live").text == "Games in play  (1)"
    click_on(window, lobby, "list-live")
    assert widget(lobby, f"watch-{seek}") is not None
    assert "Bo 1500?  vs  Eve 1500?" in texts(lobby.rows)
    click_on(window, lobby, "list-bots")
    assert [t for t in texts(lobby.rows) if "(level" in t] == [
        "Squire  (level 1)", "Knight  (level 2)", "Marshal  (level 3)", "Warlord  (level 4)"]
    shoot(window, tmp_path / "lobby-bots.png")


def test_join_a_seek_with_one_click_opens_the_game(window, online):
    from client.views.game.view import GameView
    from shared.rules.terrain import Player

    _, connect = online
    me, bo = connect("Tester"), connect("Bo")
    lobby = open_lobby(window, me)
    seek = bo.create_game(map="The Anvil", rules="war", time_control=BLITZ, seat="gold").result(10)["game"]
    pump_until(window, lambda: widget(lobby, f"join-{seek}") is not None, what="the seek")
    click_on(window, lobby, f"join-{seek}")
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the game")
    game = window.current_view
    assert game.session.game_id == seek and game.viewer == Player.SILVER
    assert game.session.view(game.viewer).players["2"].rack  # our own rack is shown
    # Leaving the game comes back to the lobby, which follows the lobby again.
    game.leave_to()
    assert window.current_view is lobby
    pump_until(window, lambda: not lobby.futures, what="the lobby again")
    assert me.client.lobby_subscribed
    pump(window, 10)
    assert window.current_view is lobby  # the join's answer, read here at last, does not reopen the game


def test_the_form_posts_a_correspondence_seek_and_the_game_opens_when_taken(window, online):
    from client.views.game.view import GameView

    _, connect = online
    me, bo = connect("Tester"), connect("Bo")
    lobby = open_lobby(window, me)
    form = lobby.form
    while form.clock_row.options[form.clock_row.index][1] != "3 days a move":
        click_on(window, lobby, "form-clock-next")
    while form.rules_row.value != "war":
        click_on(window, lobby, "form-rules-next")
    assert "combat scores double" in form.rules_note.text  # the preset's own description
    assert form.clock_note.text.startswith("Correspondence family, rated")
    click_on(window, lobby, "seek")
    pump_until(window, lambda: any(e.players.get("1") == "Tester" for e in me.lobby.seeks()), what="our seek")
    (entry,) = bo.list_games().result(10)["open"]
    assert entry["time_control"] == {"kind": "correspondence", "days": 3.0}
    assert entry["rated"] and entry["family"] == "correspondence" and entry["rules"] == "war"
    assert widget(lobby, f"cancel-{entry['game']}") is not None  # our own seek: withdraw, not join
    bo.join(game=entry["game"]).result(10)
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the game to open by itself")
    assert window.current_view.session.game_id == entry["game"]


def test_challenge_a_player_by_name(window, online):
    _, connect = online
    me, bo = connect("Tester"), connect("Bo")
    lobby = open_lobby(window, me)
    click_on(window, lobby, "challenge")  # no name yet: nothing is sent, the toast says why
    assert lobby.toast == "Type the name of the player to challenge."
    field = lobby.form.name_field.input
    click(window, *field.rect.center)
    for ch in "Bo":
        window.dispatch_event("on_text", ch)
    pump(window)
    assert lobby.form.name_field.value == "Bo"
    click_on(window, lobby, "challenge")
    end = time.monotonic() + 10
    while not any(n.type == "challenge" for n in bo.notices.items) and time.monotonic() < end:
        bo.drain()
        pump(window)
    (notice,) = [plain(n) for n in bo.notices.take() if n.type == "challenge"]
    assert notice["by"]["name"] == "Tester" and notice["entry"]["time_control"] == RAPID
    assert lobby.toast.startswith("Challenge sent to Bo")


# ------------------------------------------------------------------------------------ notices and My games

def test_my_games_notices_your_move_and_resume_attaches_without_a_token(window, online, tmp_path):
    from client.views.game.view import GameView
    from client.views.online.my_games import MyGamesView
    from shared.rules.terrain import Player

    _, connect = online
    me, bo = connect("Tester"), connect("Bo")
    laptop = connect(token=me.token)  # the same account on another machine holds the seat
    window.navigator.go_my_games(me)
    screen = window.current_view
    assert isinstance(screen, MyGamesView)
    pump_until(window, lambda: screen.loaded, what="the first list")
    assert "No games in progress" in " ".join(texts(screen.rows))
    game = laptop.create_game(map="Cinder Ford", time_control=RAPID, rated=True, seat="gold").result(10)["game"]
    laptop.close()
    bo.join(game=game).result(10)  # gold moves first: our move, and we are not seated here
    pump_until(window, lambda: screen.banner.visible, what="the your-move notice")
    assert screen.banner.heading.text == "Your move against Bo"
    assert screen.banner.detail.text.startswith("Cinder Ford \u00b7 ") and screen.banner.detail.text.endswith(" left")
    pump_until(window, lambda: widget(screen, f"resume-{game}") is not None, what="the game in the list")
    row = texts(screen.rows)
    assert row[row.index("Your move"):][:6] == ["Your move", "Bo", "Cinder Ford", "war", "10+10", "rated"]
    shoot(window, tmp_path / "my-games.png")

    click_on(window, screen, f"resume-{game}")
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the resumed game")
    view = window.current_view
    assert view.session.game_id == game and view.viewer == Player.GOLD
    assert view.session.view(view.viewer).players["1"].rack
    assert game not in me.seat_tokens  # attached by account: no seat token was used or learnt
    assert not screen.banner.visible  # the notice went with the resume


def test_a_challenge_is_accepted_from_the_banner_and_another_declined(window, online):
    from client.views.game.view import GameView

    _, connect = online
    me, bo = connect("Tester"), connect("Bo")
    lobby = open_lobby(window, me)
    first = bo.challenge(name="Tester", map="Hollowmere", time_control={"kind": "correspondence", "days": 1},
                         rated=True).result(10)["game"]
    pump_until(window, lambda: lobby.banner.visible, what="the challenge card")
    assert lobby.banner.heading.text == "Bo challenges you"
    assert lobby.banner.detail.text == "Hollowmere \u00b7 war \u00b7 1 day/move \u00b7 rated"
    assert widget(lobby, "notice-yes").text == "Accept"
    second = bo.challenge(name="Tester", map="The Anvil").result(10)["game"]
    pump_until(window, lambda: lobby.banner.current.game == second, what="the second challenge")
    assert lobby.banner.more.text == "+1 more"
    click_on(window, lobby, "notice-no")  # decline the newest
    def declined() -> bool:
        bo.drain()
        tracker = bo.games.get(second)
        return tracker is not None and tracker.result is not None and tracker.result.reason == "declined"

    pump_until(window, declined, what="the decline")
    assert lobby.banner.current.game == first
    click_on(window, lobby, "notice-yes")
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the accepted game")
    assert window.current_view.session.game_id == first


def test_my_games_lists_challenges_both_ways_and_accepts_from_the_card(window, online):
    from client.views.game.view import GameView
    from client.views.online.my_games import MyGamesView

    _, connect = online
    me, bo = connect("Tester"), connect("Bo")
    connect("Jun")  # an account by that name, to be challenged
    sent = me.challenge(name="Jun", map="Frostfang Pass", time_control={"kind": "correspondence", "days": 7},
                        rated=True).result(10)["game"]
    got = bo.challenge(name="Tester", map="Cinder Ford", rules="war", time_control=BLITZ).result(10)["game"]
    window.navigator.go_my_games(me)
    screen = window.current_view
    assert isinstance(screen, MyGamesView)
    pump_until(window, lambda: widget(screen, f"accept-{got}") is not None
               and "Jun" in texts(screen.rows), what="both challenges")
    row = texts(screen.rows)
    assert row[row.index("Invited"):][:6] == ["Invited", "Jun", "Frostfang Pass", "war", "7 days/move", "rated"]
    assert widget(screen, f"cancel-{sent}") is not None  # our own challenge can be withdrawn
    card = texts(screen.cards)
    assert card[:2] == ["Bo challenges you", "Cinder Ford \u00b7 war \u00b7 3+2 \u00b7 casual"]
    click_on(window, screen, f"accept-{got}")
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the accepted game")
    assert window.current_view.session.game_id == got
    window.current_view.leave_to()  # back to My games: the challenge is a game in progress now
    pump_until(window, lambda: widget(screen, f"resume-{got}") is not None, what="the game in the list")
    assert widget(screen, f"accept-{got}") is None and "No challenges waiting." in texts(screen.cards)


# ------------------------------------------------------------------------------------ the profile

def test_the_profile_lists_a_finished_game_with_its_rating_change(window, online, tmp_path):
    from client.play.replay import ReplaySession
    from client.views.game.view import GameView
    from client.views.online.profile import ProfileView
    from shared.rules.record import parse_record

    _, connect = online
    me, bo = connect("Tester"), connect("Bo")
    game = me.create_game(map="Cinder Ford", time_control=BLITZ, rated=True).result(10)["game"]
    bo.join(game=game).result(10)
    bo.resign(game).result(10)
    me.leave(game).result(10)
    window.navigator.go_profile(me)
    profile = window.current_view
    assert isinstance(profile, ProfileView)
    pump_until(window, lambda: profile.page_data is not None and profile.profile_data is not None
               and widget(profile, f"replay-{game}") is not None, what="the profile")
    won = fischer_change(1.0)
    assert won == 162.3
    row = texts(profile.rows)
    start = row.index("Won")
    assert row[start:start + 9] == ["Won", "resignation", "Bo", "Cinder Ford", "war", "3+2", "rated",
                                    f"+{won}", f"1500 \u2192 {1500 + won:.0f}?"]
    assert profile.title == "Tester"
    assert profile.rating_labels["blitz"][0].text == f"{1500 + won:.0f}?"  # provisional: rd 290
    pump_until(window, lambda: [link.text for link in profile.board.links] == ["Tester", "Bo"],
               what="the leaderboard, best first")
    shoot(window, tmp_path / "profile.png")

    click_on(window, profile, f"export-{game}")
    saved = tmp_path / "data" / "records" / f"{game}.jsonl"
    pump_until(window, lambda: saved.exists(), what="the exported record")
    record = parse_record(saved.read_text())
    assert record.actions[-1]["type"] == "resign"

    click_on(window, profile, f"replay-{game}")
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the replay")
    replay = window.current_view.session
    assert isinstance(replay, ReplaySession) and replay.record.actions == record.actions
    window.current_view.leave_to()
    assert window.current_view is profile

    click_on(window, profile, "board-" + str(bo.client.user["id"]))  # a name on the leaderboard
    other = window.current_view
    assert isinstance(other, ProfileView) and other is not profile
    pump_until(window, lambda: other.profile_data is not None and other.page_data is not None, what="Bo's page")
    assert other.title == "Bo" and "Lost" in texts(other.rows) and f"-{won}" in texts(other.rows)


# ------------------------------------------------------------------------------------ moving about

def test_tabs_keys_escape_leave_and_a_short_window(window, online):
    from client.views.online.lobby import LobbyView
    from client.views.menus.main import MainMenuView
    from client.views.online.my_games import MyGamesView
    from client.views.online.profile import ProfileView

    _, connect = online
    me = connect("Tester")
    lobby = open_lobby(window, me)
    for key in (arcade.key.DOWN, arcade.key.DOWN, arcade.key.ENTER):  # the keyboard reaches the tabs
        window.dispatch_event("on_key_press", key, 0)
        pump(window)
    assert isinstance(window.current_view, MyGamesView)
    click_on(window, window.current_view, "tab-profile")
    assert isinstance(window.current_view, ProfileView)
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)  # Escape: back to the lobby
    pump(window)
    lobby = window.current_view
    assert isinstance(lobby, LobbyView)

    # The smallest window the client allows: everything fits under the tabs and inside the window.
    window.set_size(1200, 720)
    pump_until(window, lambda: lobby._built_for == (1200, 720), what="the lobby to be laid out again")
    lobby.form.name_field.value = "Bo"
    window.set_size(1280, 800)
    pump_until(window, lambda: lobby._built_for == (1280, 800), what="the lobby at its usual size")
    assert lobby.form.name_field.value == "Bo"  # the form keeps what was typed over a resize
    window.set_size(1200, 720)
    pump_until(window, lambda: lobby._built_for == (1200, 720), what="the short window again")
    assert_fits(window, lobby)
    for tab in ("tab-games", "tab-profile"):  # the other screens, built for the short window
        click_on(window, window.current_view, tab)
        pump_until(window, lambda: not window.current_view.futures, what=tab)
        assert_fits(window, window.current_view)
    click_on(window, window.current_view, "tab-lobby")
    lobby = window.current_view
    window.set_size(1280, 800)
    pump_until(window, lambda: lobby._built_for == (1280, 800), what="the usual size again")
    pump(window, 2)

    click_on(window, lobby, "leave")  # leaving online play closes the connection
    assert isinstance(window.current_view, MainMenuView)
    pump_until(window, lambda: not me.connected, what="the connection to close")


def test_inside_a_game_your_move_in_another_game_is_told_and_kept_for_my_games(window, online):
    from client.views.game.view import GameView
    from client.views.online.my_games import MyGamesView

    _, connect = online
    me, bo, cy = connect("Tester"), connect("Bo"), connect("Cy")
    window.navigator.go_my_games(me)
    screen = window.current_view
    pump_until(window, lambda: screen.loaded, what="the first list")
    desk = connect(token=me.token)  # the account's first game, started on another machine
    first = desk.create_game(map="Cinder Ford", time_control=RAPID, seat="gold").result(10)["game"]
    desk.close()
    bo.join(game=first).result(10)
    pump_until(window, lambda: widget(screen, f"resume-{first}") is not None, what="the first game")
    click_on(window, screen, f"resume-{first}")
    pump_until(window, lambda: isinstance(window.current_view, GameView), what="the first game on screen")
    view = window.current_view
    # A second game of this account, started elsewhere: Cy's seek, taken by the laptop.
    laptop = connect(token=me.token)
    second = cy.create_game(map="Cinder Ford", time_control=RAPID, seat="silver").result(10)["game"]
    laptop.join(game=second).result(10)  # gold moves first there: our move in another game
    laptop.close()
    pump_until(window, lambda: "another game" in view.status_text, what="the notice in the game screen")
    assert view.status_text == "Your move against Cy in another game (My games)."
    assert view.log[-1][0] == view.status_text
    assert view.session.game_id == first  # the game on screen is still the first one
    window.navigator.go_my_games(me)
    screen = window.current_view
    assert isinstance(screen, MyGamesView)
    pump_until(window, lambda: screen.banner.visible, what="the notice kept for My games")
    assert screen.banner.heading.text == "Your move against Cy"
